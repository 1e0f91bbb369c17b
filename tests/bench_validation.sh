#!/usr/bin/env bash
# bench_validation.sh BIN DATA - the benchmark's validation is itself
# tested: right answers pass, and a wrong one (an answer spoiled on
# purpose with --corrupt, or a wrong listed solution) stops the harness
# with exit 1 and says which puzzle.
set -u
bin=$1 data=$2
h=$bin/bench_harness
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

top=$data/sudoku/top1465-200.txt
head -20 "$top" >"$tmp/top.txt"
expect "sudoku right answers" 0 "*" "" -- "$h" sudoku "$tmp/top.txt" --name top
assert "summary counts 20 finished" grep -q '^sudoku,top,dlx,20,20,' "$tmp/out"
expect "sudoku spoiled answer" 1 "" "*" -- "$h" sudoku "$tmp/top.txt" --corrupt 5
assert "names the puzzle" grep -q "^$tmp/top.txt:5: wrong answer: " "$tmp/err"
expect "dfs spoiled answer" 1 "" "*" -- "$h" sudoku "$tmp/top.txt" --method dfs --corrupt 2
assert "dfs names the puzzle" grep -q ":2: wrong answer: " "$tmp/err"

# a puzzle with more than one solution is not a benchmark answer: the
# empty grid, and a 2x2 mathdoku whose one cage holds the whole grid (both
# 2x2 Latin squares fit it)
{ head -2 "$tmp/top.txt"; printf '%081d\n' 0 | tr 0 .; } >"$tmp/two.txt"
expect "sudoku two solutions" 1 "" "$tmp/two.txt:3: wrong answer: 2 solutions, expected one" \
    -- "$h" sudoku "$tmp/two.txt"
printf '2\n6 + A1 A2 B1 B2\n' >"$tmp/two.cages"
expect "mathdoku two solutions" 1 "" "$tmp/two.cages:1: wrong answer: 2 solutions, expected one" \
    -- "$h" mathdoku "$tmp/two.cages"
expect "mathdoku dfs two solutions" 1 "" "$tmp/two.cages:1: wrong answer: 2 solutions, expected one" \
    -- "$h" mathdoku "$tmp/two.cages" --method dfs

# Tatham's IDs with their listed solutions: right, then one listed wrong
tail -n +2 "$data/sudoku/tatham-solo.tsv" | head -10 >"$tmp/solo.tsv"
cut -f1 "$tmp/solo.tsv" >"$tmp/solo.ids"
cut -f3 "$tmp/solo.tsv" >"$tmp/solo.want"
expect "listed solutions" 0 "*" "" -- "$h" sudoku "$tmp/solo.ids" --solutions "$tmp/solo.want"
sed '4s/^\([0-9]*\),\([0-9]*\)/\2,\1/' "$tmp/solo.want" >"$tmp/solo.bad"
expect "a wrong listed solution" 1 "" "$tmp/solo.ids:4: wrong answer: not the listed solution" \
    -- "$h" sudoku "$tmp/solo.ids" --solutions "$tmp/solo.bad"

keen=$data/mathdoku/keen.tsv
tail -n +2 "$keen" | head -30 | cut -f1 >"$tmp/keen.ids"
tail -n +2 "$keen" | head -30 | cut -f3 >"$tmp/keen.want"
expect "mathdoku listed solutions" 0 "*" "" -- "$h" mathdoku "$tmp/keen.ids" --solutions "$tmp/keen.want"
expect "mathdoku dfs listed solutions" 0 "*" "" -- "$h" mathdoku "$tmp/keen.ids" --method dfs --solutions "$tmp/keen.want"
expect "mathdoku spoiled answer" 1 "" "*" -- "$h" mathdoku "$tmp/keen.ids" --corrupt 7
assert "mathdoku names the puzzle" grep -q ":7: wrong answer: " "$tmp/err"
sed '12s/^\(.\)\(.\)/\2\1/' "$tmp/keen.want" >"$tmp/keen.bad"
expect "mathdoku wrong listed solution" 1 "" "$tmp/keen.ids:12: wrong answer: not the listed solution" \
    -- "$h" mathdoku "$tmp/keen.ids" --solutions "$tmp/keen.bad"

expect "canon right forms" 0 "*" "" -- "$h" canon "$tmp/top.txt"
expect "canon spoiled form" 1 "" "*" -- "$h" canon "$tmp/top.txt" --corrupt 3
assert "canon names the puzzle" grep -q ":3: wrong answer: " "$tmp/err"

# time-boxes: a DFS cut short is counted, not failed
expect "dfs time-box" 0 "*" "" -- "$h" sudoku "$data/sudoku/17-clue-300.txt" --method dfs --timeout 0.001 --budget 0.2
assert "cut and not run are reported" grep -q 'cut short at 0.001 s; [0-9]* not run (budget 0.2 s)' "$tmp/out"
expect "bad option" 4 "" "*" -- "$h" sudoku "$top" --method bfs
cli_done
