"""Where the tests find the repository's data and the built commands.

EXCOVER_BIN_DIR: the directory of the built sudoku and mathdoku commands
(ctest sets it to the build tree's bin/); the comparisons with the
commands are skipped when they are not there.
"""
import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def command(name):
    d = os.environ.get("EXCOVER_BIN_DIR")
    path = pathlib.Path(d) / name if d else None
    if path and path.is_file() and os.access(path, os.X_OK):
        return str(path)
    found = shutil.which(name)
    return found


def built(name):
    """The command's path, or the test skipped when it is not built."""
    c = command(name)
    if not c:
        pytest.skip(f"the {name} command is not built (set EXCOVER_BIN_DIR)")
    return c


@pytest.fixture
def sudoku_cmd():
    return built("sudoku")


@pytest.fixture
def mathdoku_cmd():
    return built("mathdoku")


@pytest.fixture
def dlx_cmd():
    return built("dlx")
