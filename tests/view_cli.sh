#!/bin/sh
# view_cli.sh BIN_DIR DATA_DIR - --html and --tree-svg of dlx, sudoku and
# mathdoku seen from a script: files written, caps said, misuse refused.
bin=$1
data=$2
tmp=${TMPDIR:-/tmp}/view_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"
ex=$data/exact-cover/knuth-example.dlx

expect "dlx page and tree" 0 "1" "" -- "$bin/dlx" -c --html "$tmp/k.html" --tree-svg "$tmp/k.svg" "$ex"
assert "page written" grep -q '"seen":16,' "$tmp/k.html"
assert "tree counts" grep -q "6 nodes, 1 solution (green), 1 dead end (red)" "$tmp/k.svg"
expect "trace still printed" 0 "*" "" -- "$bin/dlx" --trace --html "$tmp/k2.html" "$ex"
assert "trace lines" grep -q "level 2: item E has 0 options: dead end" "$tmp/out"
"$bin/dlx" gen queens 10 >"$tmp/q10.dlx"
expect "cap said" 0 "724" "dlx: the search has 34009 steps, too many to show: the page shows the first 5000" \
    -- "$bin/dlx" -c --html "$tmp/q.html" "$tmp/q10.dlx"
assert "cap in the page" grep -q '"seen":34009,' "$tmp/q.html"
expect "tree cap said" 0 "724" "dlx: the search has 34009 steps, too many to show: the tree is drawn from the first 5000" \
    -- "$bin/dlx" -c --tree-svg "$tmp/q.svg" "$tmp/q10.dlx"
assert "tree says cut" grep -q "the tree of the first 5000 of 34009 steps is drawn" "$tmp/q.svg"
expect "unwritable page" 6 "1" "dlx: $tmp/no/k.html: No such file or directory" \
    -- "$bin/dlx" -c --html "$tmp/no/k.html" "$ex"
expect "page and threads" 4 "" "dlx: --trace, --html, --tree-svg and --seed need a single search (no --threads, --split-depth or --jobs)
Try 'dlx --help' for more information." -- "$bin/dlx" -c -j 2 --html "$tmp/x.html" "$ex"

printf '1 . . .\n. . . 2\n. 3 . .\n. . 4 .\n' >"$tmp/s.txt"
expect "sudoku page" 0 "*" "" -- "$bin/sudoku" solve --html "$tmp/s.html" --tree-svg "$tmp/s.svg" "$tmp/s.txt"
assert "sudoku grid in the page" grep -q '"grid":{"rows":4,"cols":4' "$tmp/s.html"
assert "sudoku givens forced" grep -q '"forced":\[0,29,38,59\]' "$tmp/s.html"
printf '1...........4...\n.2..............\n' >"$tmp/two.txt"
expect "sudoku one puzzle" 3 "*" "*" -- "$bin/sudoku" count --html "$tmp/t.html" "$tmp/two.txt"
assert "sudoku one puzzle said" grep -q "^$tmp/two.txt:2: --html and --tree-svg show one puzzle, and this is another (select one, e.g. sed -n 2p)$" "$tmp/err"
expect "sudoku dfs" 4 "" "*" -- "$bin/sudoku" solve --method dfs --html "$tmp/t.html" "$tmp/s.txt"
expect "sudoku check" 4 "" "*" -- "$bin/sudoku" check --tree-svg "$tmp/t.svg" "$tmp/s.txt"
expect "mathdoku page" 0 "*" "" -- "$bin/mathdoku" solve --html "$tmp/m.html" "$data/mathdoku/wikipedia-letters.txt"
assert "mathdoku clue in the page" grep -q '"240\*"' "$tmp/m.html"
expect "mathdoku dfs" 4 "" "*" -- "$bin/mathdoku" solve -m dfs --html "$tmp/t.html" "$data/mathdoku/wikipedia-letters.txt"
cli_done
