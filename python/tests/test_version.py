"""One version everywhere (issue 47): the package, its metadata, the
commands, pkg-config's file and the .deb all say DLX_VERSION of dlx.h.

The expected value is read from dlx.h here, by its own pattern, not taken
from the package under test.
"""
import importlib.metadata
import os
import re
import subprocess

import pytest

import excover
from conftest import ROOT, built


def header_version():
    text = (ROOT / "dlx" / "include" / "dlx.h").read_text()
    found = re.search(r'^#define DLX_VERSION "(\d+\.\d+\.\d+)"$', text,
                      re.MULTILINE)
    assert found, "dlx.h has no DLX_VERSION"
    return found.group(1)


def test_package_says_the_header_version():
    want = header_version()
    assert excover.__version__ == want
    assert importlib.metadata.version("excover") == want


@pytest.mark.parametrize("name", ["dlx", "sudoku", "mathdoku"])
def test_commands_say_it(name):
    out = subprocess.run([built(name), "--version"], capture_output=True,
                         text=True, check=True).stdout
    assert out == f"{name} {header_version()}\n"


@pytest.mark.parametrize("path,pattern", [
    ("libdlx.pc.in", r"^Version: (.*)$"),
    ("CPackConfig.cmake", r'^set\(CPACK_PACKAGE_VERSION "(.*)"\)$'),
])
def test_pkg_config_and_deb_say_it(path, pattern):
    # the CMake build tree (ctest runs the suite from it)
    if not os.path.exists(path):
        pytest.skip(f"no {path} here: not run from a CMake build tree")
    with open(path, encoding="utf-8") as f:
        found = re.search(pattern, f.read(), re.MULTILINE)
    assert found and found.group(1) == header_version()
