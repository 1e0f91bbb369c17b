#!/bin/bash
# man_pages.sh BIN MANDIR LIBDLX_SO - the installed man pages (MANDIR:
# PREFIX/share/man) as `man` shows them:
#
#   - `man NAME` finds each page in MANDIR; every page renders with no
#     warning from man/groff (as lintian runs it), within 80 columns, with
#     the sections a reader looks for, and a NAME line that mandb can
#     index (lexgrog)
#   - every option of every --help is in its command's page, with its
#     short name and value as --help writes them ("-l, --limit N"); the
#     options of a subcommand with a --help of its own are in that
#     subcommand's section.  The subcommands are found here by trying
#     `COMMAND WORD --help` for the words of `COMMAND --help` that may
#     name one (by rules broader than the generator's, so that a
#     subcommand the generator misses fails)
#   - libdlx(3) names every function the shared library exports
#
# Without man (Debian: man-db) the test is skipped (exit 77), unless
# EXCOVER_REQUIRE_TOOLS=1 (CI), where it fails.
bin=$1 mandir=$(cd "$2" && pwd) so=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/man_pages.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

if ! command -v man >/dev/null 2>&1; then
    if [ "${EXCOVER_REQUIRE_TOOLS:-0}" = 1 ]; then
        echo "FAIL: man is needed (apt-get install man-db)"
        exit 1
    fi
    echo "SKIP: man not found (apt-get install man-db)"
    exit 77
fi

render() {
    MANWIDTH=80 man -l "$1" 2>/dev/null | sed 's/.\x08//g'
}

pages=(dlx.1 sudoku.1 mathdoku.1 libdlx.3)
[ -x "$bin/dlx-mpi" ] && pages+=(dlx-mpi.1)
for page in "${pages[@]}"; do
    f=$mandir/man${page##*.}/$page
    [ -e "$f" ] || f=$f.gz
    assert "$page exists" test -s "$f" || continue
    found=$(MANPATH=$mandir man -w "${page##*.}" "${page%.*}" 2>/dev/null)
    assert "man -w ${page%.*} finds $f (found $found)" test "$found" = "$f"
    # lintian's check: groff's warnings, in UTF-8
    LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 \
        man --warnings -E UTF-8 -l -Tutf8 -Z "$f" >/dev/null 2>"$tmp/warn"
    assert "$page: no warning from man: $(head -c 300 "$tmp/warn")" \
        test ! -s "$tmp/warn"
    render "$f" >"$tmp/$page.txt"
    for section in NAME SYNOPSIS DESCRIPTION "SEE ALSO"; do
        assert "$page: section $section" grep -qx "$section" "$tmp/$page.txt"
    done
    case $page in
    *.1) assert "$page: section EXIT STATUS" \
             grep -qx "EXIT STATUS" "$tmp/$page.txt" ;;
    esac
    width=$(wc -L <"$tmp/$page.txt")
    assert "$page: fits 80 columns (widest line: $width)" test "$width" -le 80
    if command -v lexgrog >/dev/null 2>&1; then
        assert "$page: NAME line indexed by mandb" \
            sh -c "lexgrog '$f' >/dev/null"
    fi
done

# The section of a page: from its heading line to the next heading.
section() {
    awk -v h="$2" '$0 == h { on = 1; next } /^[A-Z]/ { on = 0 } on' "$1"
}

# The option rows of a help text, as written: "-l, --limit N", "--json".
option_rows() {
    sed -n 's/^ \{2,6\}\(-[^ ].*\)$/\1/p' "$1" | sed 's/  .*//'
}

# Every option of a --help in the text of a page (or of its section).
check_options() {
    local help=$1 text=$2 what=$3 row
    local rows=0
    while IFS= read -r row; do
        rows=$((rows + 1))
        assert "$what: '$row' is in the page" grep -qF -- "$row" "$text"
    done < <(option_rows "$help")
    # options named in usage lines ([--depth D]) too
    for opt in $(sed -n '/^Usage:/,/^[^ U]/p' "$help" |
                 grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
        assert "$what: usage's $opt is in the page" grep -qF -- "$opt" "$text"
    done
}

for cmd in dlx sudoku mathdoku; do
    page=$tmp/$cmd.1.txt
    [ -s "$page" ] || continue
    "$bin/$cmd" --help >"$tmp/top" 2>/dev/null
    assert "$cmd --help has options" test -n "$(option_rows "$tmp/top")"
    check_options "$tmp/top" "$page" "$cmd --help"
    # subcommands with a help of their own: any word named after the
    # command ("sudoku generate", 'dlx split') or heading an indented list
    # entry ("  hint, rate ...") that gives a help of its own
    for word in $( (grep -o "$cmd [a-z][a-z-]*" "$tmp/top" | cut -d' ' -f2
                    sed -n 's/^  \([a-z][a-z, -]*\).*/\1/p' "$tmp/top" |
                        sed 's/  .*//' | tr ', ' '\n\n') | sort -u); do
        "$bin/$cmd" "$word" --help >"$tmp/sub" 2>/dev/null </dev/null ||
            continue
        cmp -s "$tmp/sub" "$tmp/top" && continue
        heading=$(printf '%s %s' "$cmd" "$word" | tr a-z A-Z)
        # explain, hint and rate share one section: "SUDOKU EXPLAIN, HINT, RATE"
        title=$(grep -x "$(printf '%s' "$cmd" | tr a-z A-Z) .*" "$page" |
                grep -E "[ ,]$(printf '%s' "$word" | tr a-z A-Z)(,|$)" |
                head -n 1)
        assert "$cmd $word: a section of its own ($heading)" test -n "$title"
        section "$page" "$title" >"$tmp/section"
        check_options "$tmp/sub" "$tmp/section" "$cmd $word --help"
    done
done

if [ -x "$bin/dlx-mpi" ] && [ -s "$tmp/dlx-mpi.1.txt" ]; then
    # (Open MPI's allocations outlive MPI_Finalize: no leak check, as in
    # the dlx_mpi tests)
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
        "$bin/dlx-mpi" --help >"$tmp/mpi" 2>/dev/null </dev/null
    assert "dlx-mpi --help has a usage" grep -q '^Usage:' "$tmp/mpi"
    check_options "$tmp/mpi" "$tmp/dlx-mpi.1.txt" "dlx-mpi --help"
fi

# libdlx(3): every exported function, as "name()"
if [ -s "$tmp/libdlx.3.txt" ]; then
    tr -d '\n' <"$tmp/libdlx.3.txt" | tr -s ' ' >"$tmp/lib.flat"
    for fn in $(nm -D --defined-only "$so" | awk '$2 == "T" { print $3 }' |
                sed 's/@.*//'); do
        assert "libdlx(3) names $fn()" grep -qF "$fn()" "$tmp/lib.flat"
    done
fi
cli_done
