#!/usr/bin/env bash
# tests/memcheck.sh BIN DATA [sanitized] - the commands' searches under
# valgrind's memcheck on small inputs: no read of uninitialised memory, no
# access out of bounds, no definite leak, and the same output as without
# valgrind.  AddressSanitizer misses a read of memory that is allocated
# but never written (the subset rule read such a stale index of local[]
# until 2026-11-27); memcheck reports it.  Skipped (exit 77) without
# valgrind or in a sanitized build (ASan's shadow memory and valgrind
# exclude each other), unless EXCOVER_REQUIRE_TOOLS=1 asks for valgrind.
set -u
bin=$1 data=$2 mode=${3:-}
if [ "$mode" = sanitized ]; then
    echo "memcheck: skipped in the sanitized build"
    exit 77
fi
if ! command -v valgrind >/dev/null 2>&1; then
    echo "memcheck: valgrind not found"
    [ "${EXCOVER_REQUIRE_TOOLS:-0}" = 1 ] && exit 1
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -30 "$data/sudoku/top1465-200.txt" >"$tmp/top30.txt"
head -30 "$data/sudoku/17-clue-300.txt" >"$tmp/clue30.txt"
head -10 "$data/sudoku/forum-hardest-200.txt" >"$tmp/hard10.txt"
failed=0 passed=0

# check NAME INPUT CMD...: CMD < INPUT under memcheck, its errors and its
# output against the same command without valgrind.
check() {
    local name=$1 input=$2
    shift 2
    "$@" <"$input" >"$tmp/want" 2>/dev/null
    local want=$?
    valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite --log-file="$tmp/log" \
        "$@" <"$input" >"$tmp/got" 2>/dev/null
    local got=$?
    if [ "$got" = 99 ] || [ -s "$tmp/log" ]; then
        echo "FAIL: $name: memcheck found errors:"
        head -40 "$tmp/log"
        failed=$((failed + 1))
    elif [ "$got" != "$want" ] || ! cmp -s "$tmp/want" "$tmp/got"; then
        echo "FAIL: $name: exit $got and output under valgrind, $want without"
        failed=$((failed + 1))
    else
        passed=$((passed + 1))
    fi
}

s=$bin/sudoku d=$bin/dlx
check "sudoku count (the subset rule, givens pushed)" "$tmp/top30.txt" "$s" count -l 2 -s
check "sudoku count --no-prune" "$tmp/top30.txt" "$s" count -l 2 --no-prune
check "sudoku solve, 17 clues" "$tmp/clue30.txt" "$s" solve
check "sudoku count, forum-hardest" "$tmp/hard10.txt" "$s" count
check "sudoku count --threads 2" "$tmp/hard10.txt" "$s" count --threads 2
check "sudoku generate" /dev/null "$s" generate --seed 1 -n 3
check "sudoku rate" "$tmp/top30.txt" "$s" rate
check "dlx --prune, queens 8" "$data/exact-cover/queens-8.dlx" "$d" -c --prune -s
check "dlx --prune, latin 5" "$data/exact-cover/latin-5.dlx" "$d" -c --prune
check "dlx, langford 7" "$data/exact-cover/langford-7-break.dlx" "$d" -c
check "dlx --prune, sudoku 2x2" "$data/exact-cover/sudoku-2x2.dlx" "$d" -c --prune
check "dlx, colors" "$data/exact-cover/knuth-color-example.dlx" "$d"
check "mathdoku solve" "$data/mathdoku/wikipedia-keen.txt" "$bin/mathdoku" solve
echo "memcheck: $passed passed, $failed failed"
[ "$failed" = 0 ]
