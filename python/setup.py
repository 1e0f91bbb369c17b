"""Build of excover's C extension from the project's own C sources.

The sources are not copied: the extension is compiled from the same files
as libdlx and the puzzle libraries, found by globbing their directories
in the repository this file lives in (python/ is one level below its
root), so that files added to or split in those directories build without
a change here.  A file that defines main() is a program, not library code,
and is left out.

pip builds a local directory in place (pip >= 21.3), so the repository
root is reachable from here; build with

    pip install --no-build-isolation ./python

EXCOVER_SOURCE_DIR names another root; EXCOVER_BUILD_DIR moves the build
files out of python/build (the tests put them in CMake's build tree).
"""
import glob
import os
import re
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.realpath(__file__))
ROOT = os.path.realpath(os.environ.get("EXCOVER_SOURCE_DIR")
                        or os.path.join(HERE, os.pardir))

# The libraries the extension stands on, in the order they depend on one
# another (the text layer and the engine first).
LIBRARY_DIRS = ["text", "dlx", "grid", "mathdoku", "sudoku"]
MAIN = re.compile(r"^\s*int\s+main\s*\(", re.MULTILINE)


def library_sources():
    missing = [d for d in LIBRARY_DIRS
               if not os.path.isdir(os.path.join(ROOT, d))]
    if missing:
        raise SystemExit(
            "excover: the C sources are not at %s (no %s/): build from a "
            "checkout of the repository, with pip install "
            "--no-build-isolation ./python, or set EXCOVER_SOURCE_DIR"
            % (ROOT, ", ".join(missing)))
    sources = []
    for d in LIBRARY_DIRS:
        for path in sorted(glob.glob(os.path.join(ROOT, d, "*.c"))):
            with open(path, encoding="utf-8", errors="replace") as f:
                if not MAIN.search(f.read()):
                    sources.append(path)
    return sources


def include_dirs():
    dirs = [os.path.join(HERE, "src")]
    for d in LIBRARY_DIRS:
        dirs.append(os.path.join(ROOT, d))
        inc = os.path.join(ROOT, d, "include")
        if os.path.isdir(inc):
            dirs.append(inc)
    return dirs


def version():
    """The project's one version: DLX_VERSION in dlx/include/dlx.h, which
    CMake reads too, so the library, the commands and this package agree."""
    path = os.path.join(ROOT, "dlx", "include", "dlx.h")
    with open(path, encoding="utf-8") as f:
        found = re.search(r'^#define DLX_VERSION "([0-9.]+)"$', f.read(),
                          re.MULTILINE)
    if not found:
        raise SystemExit("excover: no DLX_VERSION in %s" % path)
    return found.group(1)


def own_sources():
    return sorted(os.path.relpath(p, HERE) for p in
                  glob.glob(os.path.join(HERE, "src", "*.c")))


class build_library_ext(build_ext):
    """Adds the libraries' sources when building, not in setup()'s
    arguments: they lie outside python/, where a source distribution's
    list of files may not point."""

    def build_extensions(self):
        for ext in self.extensions:
            ext.sources = list(ext.sources) + library_sources()
        super().build_extensions()


def check_wheel():
    """pip builds a wheel: setuptools before 70.1 needs the package wheel
    for that, and without it stops at "invalid command 'bdist_wheel'",
    which tells a user of a pyenv or conda Python nothing."""
    if not {"bdist_wheel", "dist_info"} & set(sys.argv[1:]):
        return
    try:
        import setuptools.command.bdist_wheel  # noqa: F401 (>= 70.1)
        return
    except ImportError:
        pass
    try:
        import wheel  # noqa: F401
    except ImportError:
        import setuptools
        raise SystemExit(
            "excover: building a wheel needs the package 'wheel' (or "
            "setuptools >= 70.1), and this Python (%s) has setuptools %s "
            "without it.  Install it into the Python that builds: "
            "'%s -m pip install wheel' (offline: pip install --no-index "
            "--find-links DIR wheel, DIR holding a wheel-*.whl), or build "
            "with Debian's /usr/bin/python3 and python3-wheel; then "
            "pip install --no-build-isolation ./python again."
            % (sys.executable, setuptools.__version__, sys.executable))


check_wheel()
build_dir = os.environ.get("EXCOVER_BUILD_DIR")
options = {"build": {"build_base": build_dir}} if build_dir else {}

setup(
    version=version(),
    ext_modules=[
        Extension(
            "excover._excover",
            sources=own_sources(),
            include_dirs=include_dirs(),
            # gnu11, not c11: a library file that forgets its feature macro
            # (CLOCK_MONOTONIC, fmemopen) still builds here
            extra_compile_args=["-std=gnu11", "-O2"],
            libraries=["m", "pthread"],
        )
    ],
    options=options,
    cmdclass={"build_ext": build_library_ext},
)
