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


@pytest.fixture
def sudoku_cmd():
    c = command("sudoku")
    if not c:
        pytest.skip("the sudoku command is not built (set EXCOVER_BIN_DIR)")
    return c


@pytest.fixture
def mathdoku_cmd():
    c = command("mathdoku")
    if not c:
        pytest.skip("the mathdoku command is not built (set EXCOVER_BIN_DIR)")
    return c


@pytest.fixture
def dlx_cmd():
    c = command("dlx")
    if not c:
        pytest.skip("the dlx command is not built (set EXCOVER_BIN_DIR)")
    return c
