#!/usr/bin/env bash
# The Python package as a user installs it: a virtual environment in the
# build tree, `pip install --no-build-isolation ./python` from the
# repository root (offline: setuptools, pytest and numpy come from the
# system, Debian's python3-setuptools, python3-pytest, python3-numpy), then
# the pytest suites, which compare with the commands built in BIN.
#
# usage: run.sh SOURCE_DIR BUILD_DIR BIN_DIR [sanitized]
#
# Without python3-dev, -venv, -setuptools, -wheel or -pytest the test is
# skipped (exit 77), unless EXCOVER_REQUIRE_TOOLS=1 (CI), where it fails.
#
# In a sanitized build the extension is built with ASan and UBSan too, and
# the interpreter runs with their runtimes preloaded (gcc's; skipped when
# the compiler has none).  LeakSanitizer is off there: the interpreter
# itself leaves memory at exit; the suites check for leaks of ours
# (abandoned iterators) by the resident size in the plain build.
set -euo pipefail
src=$(cd "$1" && pwd) build=$2 bin=$3
mkdir -p "$build"
build=$(cd "$build" && pwd)

if [ "${4:-}" = sanitized ]; then
    asan=$(cc -print-file-name=libasan.so 2>/dev/null || true)
    ubsan=$(cc -print-file-name=libubsan.so 2>/dev/null || true)
    if [ ! -e "$asan" ] || [ ! -e "$ubsan" ]; then
        echo "SKIP: no libasan.so and libubsan.so to preload (cc is not gcc?)"
        exit 77
    fi
    export CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer \
-fno-sanitize-recover=all" LDFLAGS="-fsanitize=address,undefined"
    export EXCOVER_PRELOAD="$asan $ubsan"
fi

missing() {
    if [ "${EXCOVER_REQUIRE_TOOLS:-0}" = 1 ]; then
        echo "FAIL: $1 is needed (apt-get install $2)"
        exit 1
    fi
    echo "SKIP: $1 not found (apt-get install $2)"
    exit 77
}

# Debian's interpreter first: its packages (pytest, numpy, setuptools)
# are the ones CI installs
py=
for p in /usr/bin/python3 python3; do
    if command -v "$p" >/dev/null 2>&1; then py=$(command -v "$p"); break; fi
done
[ -n "$py" ] || missing python3 python3
"$py" - <<'PY' || missing "Python.h" python3-dev
import os, sys, sysconfig
sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_paths()["include"],
                                          "Python.h")) else 1)
PY
"$py" -c 'import ensurepip, venv' 2>/dev/null || missing "venv" python3-venv
"$py" -c 'import setuptools' 2>/dev/null ||
    missing setuptools python3-setuptools
"$py" -c 'import wheel' 2>/dev/null || missing wheel python3-wheel
"$py" -c 'import pytest' 2>/dev/null || missing pytest python3-pytest

venv=$build/python-venv
rm -rf "$venv"
"$py" -m venv --system-site-packages "$venv"
echo "== pip install --no-build-isolation ./python (into $venv)"
(cd "$src" &&
 EXCOVER_BUILD_DIR=$build/python-build PIP_NO_INDEX=1 \
 PIP_DISABLE_PIP_VERSION_CHECK=1 \
     "$venv/bin/pip" install -q --no-build-isolation ./python)

echo "== pytest"
cd "$build"
if [ -n "${EXCOVER_PRELOAD:-}" ]; then
    export LD_PRELOAD=$EXCOVER_PRELOAD
    export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi
EXCOVER_BIN_DIR=$bin PYTHONDONTWRITEBYTECODE=1 \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider "$src/python/tests"
