#!/usr/bin/env bash
# batch.sh BIN DATA [LINES] - a long batch loses nothing: LINES (default
# 100,000) puzzles, 1% of them corrupted in five ways; every good puzzle is
# solved (its solution passes the checker, in input order), every bad line
# is reported with its own line number, the counts add up, the exit status
# says some failed, and memory does not grow with the input (peak memory
# of a tenth of the batch and of all of it).  Also: a full disk is
# reported, by every command that writes.
set -u
bin=$1 data=$2 lines=${3:-100000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"
sudoku=$bin/sudoku

cat "$data/sudoku/17-clue-300.txt" "$data/sudoku/top1465-200.txt" >"$tmp/src"
# line n is source puzzle (n - 1) % 500; when n % 100 == 37 it is spoiled
awk -v lines="$lines" -v bad="$tmp/bad" -v good="$tmp/good" '
    { src[NR - 1] = $0 }
    END {
        for (n = 1; n <= lines; n++) {
            p = src[(n - 1) % NR]
            if (n % 100 == 37) {
                kind = int(n / 100) % 5
                if (kind == 0) p = substr(p, 1, 80)                 # short
                if (kind == 1) p = p "5"                            # long
                if (kind == 2) p = substr(p, 1, 40) "Q" substr(p, 42) # symbol
                if (kind == 3) p = "11" substr(p, 3)                # clash
                if (kind == 4) p = substr(p, 1, 70) "é" substr(p, 72) # UTF-8
                print n > bad
            } else {
                print p > good
            }
            print p
        }
    }' "$tmp/src" >"$tmp/batch.txt"
nbad=$(wc -l <"$tmp/bad")
ngood=$((lines - nbad))

"$sudoku" solve -s "$tmp/batch.txt" >"$tmp/sol" 2>"$tmp/err"
status=$?
assert "exit status 3: some puzzles unreadable" [ $status = 3 ]
assert "one solution per good puzzle" [ "$(wc -l <"$tmp/sol")" = "$ngood" ]
# the checker shares no code with the solver; it also proves the order
assert "solutions valid, in input order" \
    "$sudoku" check --givens "$tmp/good" "$tmp/sol" >/dev/null
grep -v ': 1 solution, ' "$tmp/err" | grep -v '^sudoku: ' |
    sed -n 's|^[^:]*:\([0-9]*\):.*|\1|p' >"$tmp/reported"
assert "every bad line reported with its number, and nothing else" \
    cmp -s "$tmp/reported" "$tmp/bad"
assert "counts at the end" grep -q "^sudoku: $lines puzzles: $ngood with one solution, 0 with none, 0 with several solutions, $nbad unreadable, 0 cut short; " "$tmp/err"

# memory: the whole batch against a tenth of it
peak() { sed -n 's/.*peak memory \([0-9.]*\) MB$/\1/p' "$1"; }
head -n $((lines / 10)) "$tmp/batch.txt" >"$tmp/tenth.txt"
"$sudoku" solve -s "$tmp/tenth.txt" >/dev/null 2>"$tmp/err10"
small=$(peak "$tmp/err10") large=$(peak "$tmp/err")
echo "peak memory: $small MB for $((lines / 10)) lines, $large MB for $lines"
assert "memory does not grow with the batch ($small MB, $large MB)" \
    awk -v a="$small" -v b="$large" 'BEGIN { exit !(a > 0 && b < a + 1) }'

# JSON: one record per line of input, in order, errors included
"$sudoku" solve -o json "$tmp/batch.txt" 2>/dev/null >"$tmp/json"
assert "JSON: a record per input line, in order" \
    awk -v lines="$lines" '{ if (!sub(/.*"line":/, "")) exit 1; if ($0 + 0 != NR) exit 1 } END { exit NR != lines }' "$tmp/json"
assert "JSON: errors exactly on the bad lines" \
    cmp -s <(grep -n '"status":"error"' "$tmp/json" | cut -d: -f1) "$tmp/bad"

# mathdoku JSON too: bad puzzles keep their place
printf '2\n3 + A1 A2\n3 + B1 B2\n\n2\n3 + A1 A2\n\n2\n3 + A1 B1\n3 + A2 B2\n\n2\n100 + A1 A2\n3 + B1 B2\n' |
    "$bin/mathdoku" solve -o json 2>/dev/null | sed -n 's/.*"line":\([0-9]*\).*"status":"\([a-z]*\)".*/\1 \2/p' >"$tmp/mdj"
assert "mathdoku JSON: a record per puzzle, errors in place" \
    [ "$(tr '\n' ' ' <"$tmp/mdj")" = '1 several 5 error 8 several 13 error ' ]

# a full disk is reported, with exit 6, by every command that writes
if [ -w /dev/full ]; then
    one=$data/sudoku/example.txt
    for cmd in "solve $one" "count $one" "canon $one" "transform --seed 1 $one" \
               "explain $one" "rate $one" "generate -n 2" "bands --box 2x2 --list" \
               "encode $one"; do
        # shellcheck disable=SC2086
        "$sudoku" $cmd >/dev/full 2>"$tmp/werr"
        st=$?
        assert "sudoku $cmd: full disk gives exit 6 ($st)" [ $st = 6 ]
        assert "sudoku $cmd: full disk is said" grep -q "No space left on device" "$tmp/werr"
    done
    "$bin/mathdoku" solve "$data/mathdoku/wikipedia-list.txt" >/dev/full 2>"$tmp/werr"
    st=$?
    assert "mathdoku: full disk gives exit 6 ($st)" [ $st = 6 ]
    "$bin/dlx" "$data/exact-cover/queens-8.dlx" >/dev/full 2>"$tmp/werr"
    st=$?
    assert "dlx: full disk gives exit 6 ($st)" [ $st = 6 ]
    # a closed pipe with SIGPIPE ignored: the error is said, not hidden
    (trap '' PIPE; "$sudoku" solve "$tmp/batch.txt" 2>"$tmp/perr" | head -1 >/dev/null)
    assert "closed pipe is said" grep -q "Broken pipe" "$tmp/perr"
fi
cli_done
