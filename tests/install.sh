#!/bin/bash
# install.sh MODE ... - the installed tree as its users meet it.
#
#   install.sh tree BUILD SOURCE PREFIX [nodocs]
#       cmake --install BUILD --prefix PREFIX (PREFIX is emptied first):
#       every file where GNUInstallDirs puts it, only the public headers,
#       each compiling on its own, the commands running from PREFIX, no
#       path of the build or source tree in any installed text file, and
#       a DESTDIR install (as packagers do it) naming the prefix, not the
#       staging folder; the man pages and completions unless the build has
#       none (-DEXCOVER_DOCS=OFF: nodocs)
#   install.sh pkgconfig PREFIX DATA CC [sanitized]
#       a C program built with `pkg-config --cflags --libs libdlx`
#       (shared, and static with --static) solves Knuth's example
#   install.sh cmake PREFIX DATA CMAKE CC VERSION [sanitized]
#       the same program from a CMake project that finds the library with
#       find_package(excover VERSION CONFIG): excover::dlx,
#       excover::dlx_static, and C++ when a C++ compiler is found
#
# Knuth's example ("Dancing links", 2000) has exactly one solution, the
# options A D, B G and C E F.  A tool the test needs that is missing
# (pkg-config, a C++ compiler) skips the test (exit 77), unless
# EXCOVER_REQUIRE_TOOLS=1 (CI), where it fails.
mode=$1
shift
tmp=$(mktemp -d "${TMPDIR:-/tmp}/install_test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"
consumer=$(cd "$(dirname "$0")/consumer" && pwd)

need() {
    command -v "$1" >/dev/null 2>&1 && return 0
    if [ "${EXCOVER_REQUIRE_TOOLS:-0}" = 1 ]; then
        echo "FAIL: $1 is needed (apt-get install $2)"
        exit 1
    fi
    echo "SKIP: $1 not found (apt-get install $2)"
    exit 77
}

# Runs a command quietly, counted as a pass or failure; its output is
# shown when it fails.
run() {
    local name=$1
    shift
    if "$@" >"$tmp/log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name"
        cat "$tmp/log"
    fi
}

# The answer to Knuth's example, as the consumer prints it (options of
# the solution sorted).
want_solution() {
    local out=$1
    [ "$(sed -n 2p "$out")" = "solutions 1" ] &&
        [ "$(tail -n +3 "$out" | sort | tr '\n' ';')" = "A D;B G;C E F;" ]
}

# Whether a file matches the pattern.
exists() {
    local x
    set +f
    # shellcheck disable=SC2086 # the pattern, expanded
    for x in $1; do
        [ -e "$x" ] && return 0
    done
    return 1
}

# libdir of PREFIX: lib, lib64 or lib/<multiarch>, as GNUInstallDirs chose.
libdir_of() {
    dirname "$(find "$1" -name 'libdlx.so' | head -n 1)"
}

case $mode in
tree)
    build=$(cd "$1" && pwd) source=$(cd "$2" && pwd) prefix=$3 docs=yes
    [ "${4:-}" = nodocs ] && docs=
    rm -rf "$prefix"
    run "cmake --install" cmake --install "$build" --prefix "$prefix"
    lib=$(libdir_of "$prefix")
    files="bin/dlx bin/sudoku bin/mathdoku include/dlx.h
           share/doc/excover/README.md"
    [ -n "$docs" ] && files="$files
           share/man/man1/dlx.1* share/man/man1/sudoku.1*
           share/man/man1/mathdoku.1* share/man/man3/libdlx.3*
           share/bash-completion/completions/dlx
           share/bash-completion/completions/sudoku
           share/bash-completion/completions/mathdoku"
    set -f     # the patterns (man pages: .1 or .1.gz) are matched in prefix
    for f in $files; do
        assert "installed: $f" exists "$prefix/$f"
    done
    set +f
    for f in libdlx.a libdlx.so pkgconfig/libdlx.pc \
             cmake/excover/excoverConfig.cmake \
             cmake/excover/excoverConfigVersion.cmake \
             cmake/excover/excoverTargets.cmake; do
        assert "installed: ${lib#"$prefix"/}/$f" test -e "$lib/$f"
    done
    if [ -e "$build/bin/dlx-mpi" ]; then
        assert "installed: bin/dlx-mpi" test -x "$prefix/bin/dlx-mpi"
        [ -n "$docs" ] && assert "installed: dlx-mpi.1" \
            test -e "$(echo "$prefix"/share/man/man1/dlx-mpi.1*)"
    fi
    # libdlx.so -> libdlx.so.SOVERSION -> libdlx.so.VERSION, the soname
    # being the middle one
    soname=$(readelf -d "$lib/libdlx.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
    assert "soname libdlx.so.N ($soname)" \
        test "$(readlink "$lib/libdlx.so")" = "$soname"
    assert "soname names a file" test -f "$lib/$(readlink "$lib/$soname")"
    # the public headers, all and only: those of dlx/include
    assert "only the public headers" test \
        "$(cd "$prefix/include" && ls)" = "$(cd "$source/dlx/include" && ls)"
    for h in "$prefix"/include/*.h; do
        printf '#include <%s>\n' "${h##*/}" >"$tmp/h.c"
        run "${h##*/} compiles alone" "${CC:-cc}" -std=c11 -Wall -Wextra \
            -Werror -pedantic -fsyntax-only -I"$prefix/include" "$tmp/h.c"
        if command -v c++ >/dev/null 2>&1; then
            run "${h##*/} compiles alone in C++" c++ -x c++ -std=c++11 -Wall \
                -Wextra -Werror -pedantic -fsyntax-only -I"$prefix/include" \
                "$tmp/h.c"
        fi
    done
    expect "installed dlx runs" 0 "A D
C E F
B G" "" -- "$prefix/bin/dlx" "$source/tests/data/exact-cover/knuth-example.dlx"
    expect "installed sudoku runs" 0 "*" "" -- \
        "$prefix/bin/sudoku" solve "$source/tests/data/sudoku/example.txt"
    assert "installed pkg-config names the prefix" \
        grep -qx "prefix=$prefix" "$lib/pkgconfig/libdlx.pc"
    # relocatable: nothing installed names the build or source tree
    leaks=$(grep -rlI -e "$build" -e "$source" "$prefix" |
            while read -r f; do
                sed "s|$prefix||g" "$f" | grep -q -e "$build" -e "$source" &&
                    printf '%s ' "$f"
            done)
    assert "no build or source path installed: $leaks" test -z "$leaks"
    # a packager's install: DESTDIR=stage, prefix /usr
    DESTDIR=$tmp/stage cmake --install "$build" --prefix /usr >/dev/null 2>&1
    assert "DESTDIR install: pkg-config names /usr" \
        grep -qx "prefix=/usr" "$(find "$tmp/stage" -name libdlx.pc)"
    ;;
pkgconfig)
    prefix=$(cd "$1" && pwd) data=$(cd "$2" && pwd) cc=$3 san=
    [ "${4:-}" = sanitized ] && san="-fsanitize=address,undefined"
    need pkg-config pkgconf
    lib=$(libdir_of "$prefix")
    export PKG_CONFIG_PATH=$lib/pkgconfig
    version=$(pkg-config --modversion libdlx)
    # shared: runs against the installed libdlx.so, found by its rpath
    # shellcheck disable=SC2046 # pkg-config's flags are words
    run "cc \$(pkg-config --cflags --libs libdlx)" "$cc" $san \
        -o "$tmp/knuth" "$consumer/knuth.c" \
        $(pkg-config --cflags --libs libdlx) \
        -Wl,-rpath,"$(pkg-config --variable=libdir libdlx)"
    expect "shared: Knuth's example" 0 "*" "" -- \
        "$tmp/knuth" "$data/exact-cover/knuth-example.dlx"
    assert "shared: one solution, A D, B G, C E F" want_solution "$tmp/out"
    assert "shared: DLX_VERSION is pkg-config's version ($version)" \
        test "$(head -n 1 "$tmp/out")" = "version $version"
    assert "shared: linked to libdlx.so" \
        sh -c "readelf -d '$tmp/knuth' | grep -q 'NEEDED.*libdlx\\.so'"
    # static: the archive and its private libraries (pkg-config --static)
    # shellcheck disable=SC2046
    run "cc \$(pkg-config --static --libs libdlx)" "$cc" $san \
        -o "$tmp/knuth_static" "$consumer/knuth.c" \
        $(pkg-config --cflags libdlx) \
        $(pkg-config --static --libs libdlx |
          sed 's/-ldlx/-Wl,-Bstatic -ldlx -Wl,-Bdynamic/')
    expect "static: Knuth's example" 0 "*" "" -- \
        "$tmp/knuth_static" "$data/exact-cover/knuth-example.dlx"
    assert "static: one solution, A D, B G, C E F" want_solution "$tmp/out"
    assert "static: not linked to libdlx.so" \
        sh -c "! readelf -d '$tmp/knuth_static' | grep -q 'NEEDED.*libdlx'"
    ;;
cmake)
    prefix=$(cd "$1" && pwd) data=$(cd "$2" && pwd)
    cmake=$3 cc=$4 version=$5 san=
    [ "${6:-}" = sanitized ] && san="-fsanitize=address,undefined"
    if ! command -v c++ >/dev/null 2>&1 && ! command -v g++ >/dev/null 2>&1 &&
       [ "${EXCOVER_REQUIRE_TOOLS:-0}" = 1 ]; then
        echo "FAIL: a C++ compiler is needed (apt-get install g++)"
        exit 1
    fi
    run "find_package(excover $version CONFIG)" "$cmake" \
        -S "$consumer" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
        -DEXCOVER_VERSION="$version" \
        -DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" \
        -DCMAKE_EXE_LINKER_FLAGS="$san"
    run "build" "$cmake" --build "$tmp/build"
    for prog in knuth knuth_static knuth_cxx; do
        if [ $prog = knuth_cxx ] && [ ! -e "$tmp/build/$prog" ]; then
            echo "no C++ compiler: the C++ consumer is not built"
            continue
        fi
        expect "$prog: Knuth's example" 0 "*" "" -- \
            "$tmp/build/$prog" "$data/exact-cover/knuth-example.dlx"
        assert "$prog: one solution, A D, B G, C E F" want_solution "$tmp/out"
        assert "$prog: DLX_VERSION $version" \
            test "$(head -n 1 "$tmp/out")" = "version $version"
    done
    assert "excover::dlx is the shared library" sh -c \
        "readelf -d '$tmp/build/knuth' | grep -q 'NEEDED.*libdlx\\.so'"
    assert "excover::dlx_static is the static one" sh -c \
        "! readelf -d '$tmp/build/knuth_static' | grep -q 'NEEDED.*libdlx'"
    ;;
*)
    echo "install.sh: unknown mode '$mode'" >&2
    exit 4
    ;;
esac
cli_done
