#!/bin/bash
# check.sh BUILD [--install] - the Debian packages of BUILD, as a user of
# Debian meets them (CI runs it as root on a fresh machine):
#
#   1. cpack -G DEB into BUILD/packages: excover, excover-mpi (with MPI),
#      libdlxN, libdlx-dev; lintian finds no error or warning (when
#      lintian is installed)
#   2. with --install (root, apt): `apt-get install ./excover_*.deb`, then
#      the README's examples from PATH, the man pages and the completion
#      where the system looks for them; `apt-get install` of the library
#      packages, then a C program built against /usr with pkg-config
#      (found by the loader's cache, no rpath) and with find_package
#      (tests/install.sh cmake); finally everything purged, leaving
#      nothing behind
#
# BUILD should be configured with -DCMAKE_INSTALL_PREFIX=/usr, so that
# the library goes to Debian's multiarch directory.
set -u
build=$(cd "$1" && pwd)
install=${2:-}
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/deb_check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$src/tests/cli_lib.sh"
data=$src/tests/data

rm -rf "$build/packages"
if ! (cd "$build" && cpack -G DEB -B "$build/packages") >"$tmp/cpack" 2>&1; then
    cat "$tmp/cpack"
    echo "FAIL: cpack -G DEB"
    exit 1
fi
debs=$(ls "$build"/packages/*.deb)
echo "$debs"
deb() { ls "$build"/packages/"$1"_*.deb 2>/dev/null; }
for p in excover libdlx-dev; do
    assert "package $p" test -n "$(deb $p)"
done
runtime=$(basename "$(ls "$build"/packages/libdlx[0-9]*.deb)" | cut -d_ -f1)
assert "package libdlxN ($runtime)" test -n "$runtime"
assert "the tools need no libdlx package" sh -c \
    "! dpkg-deb -f '$(deb excover)' Depends | grep -q libdlx"
assert "libdlx-dev needs $runtime" sh -c \
    "dpkg-deb -f '$(deb libdlx-dev)' Depends | grep -q '$runtime'"
assert "libdlx-dev's pkg-config file names /usr" sh -c \
    "dpkg-deb --fsys-tarfile '$(deb libdlx-dev)' | tar -xO --wildcards \
     '*/pkgconfig/libdlx.pc' | grep -qx prefix=/usr"
if command -v lintian >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    lintian --fail-on error,warning $debs >"$tmp/lintian" 2>&1
    st=$?
    grep -v '^running with root' "$tmp/lintian"
    assert "lintian: no error or warning" test $st = 0
else
    echo "lintian not installed: the packages are not linted"
fi

if [ "$install" = --install ]; then
    export DEBIAN_FRONTEND=noninteractive
    # (waiting for dpkg's lock when another install runs on the machine)
    apt_get() {
        apt-get -y -qq -o Dpkg::Use-Pty=0 -o DPkg::Lock::Timeout=600 "$@" \
            >"$tmp/apt" 2>&1 || { cat "$tmp/apt"; return 1; }
    }

    # the tools alone, as a user installs them
    assert "apt-get install ./excover_*.deb" apt_get install "$(deb excover)"
    assert "sudoku is /usr/bin/sudoku" \
        test "$(command -v sudoku)" = /usr/bin/sudoku
    expect "README: dlx on Knuth's example, from PATH" 0 "A D
C E F
B G" "" -- dlx "$data/exact-cover/knuth-example.dlx"
    expect "README: sudoku solve, from PATH" 0 \
        "$("$build/bin/sudoku" solve "$data/sudoku/example.txt")" "" -- \
        sudoku solve "$data/sudoku/example.txt"
    expect "its solution is a valid grid" 0 "*" "*" -- sh -c \
        "sudoku solve '$data/sudoku/example.txt' |
         sudoku check --givens '$data/sudoku/example.txt' -"
    expect "mathdoku, from PATH" 0 "*" "" -- \
        mathdoku count "$data/mathdoku/wikipedia-letters.txt"
    for page in dlx sudoku mathdoku; do
        f=$(dpkg -L excover | grep "/man1/$page\.1")
        if [ -e "$f" ] && command -v man >/dev/null 2>&1; then
            assert "man -w $page finds $f" test "$(man -w "$page")" = "$f"
        fi
    done
    if [ -r /usr/share/bash-completion/bash_completion ]; then
        assert "bash-completion finds sudoku's completion" bash --norc -c \
            '. /usr/share/bash-completion/bash_completion
             __load_completion sudoku && complete -p sudoku >/dev/null'
    fi

    # the library, as a developer installs it
    others=()
    for d in "$build"/packages/*.deb; do
        case $d in */excover_*) ;; *) others+=("$d") ;; esac
    done
    assert "apt-get install the library packages" apt_get install \
        "${others[@]}"
    assert "ldconfig knows libdlx (trigger)" \
        sh -c "ldconfig -p | grep -q 'libdlx\\.so\\.'"
    # shellcheck disable=SC2046
    assert "cc \$(pkg-config --cflags --libs libdlx), no rpath" \
        cc -o "$tmp/knuth" "$src/tests/consumer/knuth.c" \
        $(pkg-config --cflags --libs libdlx)
    expect "the program runs on the system's libdlx" 0 "*" "" -- \
        "$tmp/knuth" "$data/exact-cover/knuth-example.dlx"
    assert "one solution, A D, B G, C E F" test \
        "$(tail -n +3 "$tmp/out" | sort | tr '\n' ';')" = "A D;B G;C E F;"
    assert "find_package(excover) from /usr" bash "$src/tests/install.sh" \
        cmake /usr "$data" cmake cc "$(pkg-config --modversion libdlx)"
    if [ -n "$(deb excover-mpi)" ]; then
        assert "dlx-mpi from PATH" sh -c \
            'OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
             dlx-mpi --help | grep -q Usage'
    fi

    # and away again
    pkgs=$(for d in $debs; do dpkg-deb -f "$d" Package; done)
    # shellcheck disable=SC2086
    assert "apt-get purge" apt_get purge $pkgs
    assert "no command left" sh -c '! command -v dlx && ! command -v sudoku'
    assert "no library left" sh -c "! ldconfig -p | grep -q 'libdlx\\.so'"
    for p in $pkgs; do
        assert "$p purged" sh -c "! dpkg -s $p >/dev/null 2>&1"
    done
fi
cli_done
