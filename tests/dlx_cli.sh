#!/bin/sh
# dlx_cli.sh DLX DATA_DIR - the dlx command seen from a script: outputs,
# messages and exit codes as documented in `dlx --help`.
dlx=$1
data=$2/exact-cover
tmp=${TMPDIR:-/tmp}/dlx_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

ex=$data/knuth-example.dlx
expect "solutions printed" 0 "A D
C E F
B G" "" -- "$dlx" "$ex"
expect "count" 0 "92" "" -- "$dlx" -c "$data/queens-8.dlx"
expect "count with =" 0 "10" "" -- "$dlx" --count --limit=10 "$data/queens-8.dlx"
expect "unique" 0 "unique" "" -- "$dlx" --unique "$ex"
expect "several" 2 "several" "" -- "$dlx" -u "$data/queens-8.dlx"
expect "first" 0 "A D
C E F
B G" "" -- "$dlx" --first "$ex"
expect "print 1 keep counting" 0 "*" "" -- "$dlx" --print 1 "$data/queens-8.dlx"
[ "$(grep -c . "$tmp/out")" = 8 ] && passed=$((passed + 1)) ||
    { failed=$((failed + 1)); echo "FAIL: --print 1 printed $(grep -c . "$tmp/out") lines"; }
expect "json" 0 '{"solution":1,"options":[3,0,4],"lines":[6,3,7]}
{"solutions":1,"complete":true,"end":"complete","nodes":6,"updates":30,"seconds":*' "*" \
    -- sh -c "'$dlx' --json '$ex' | sed 's/\"seconds\":.*/\"seconds\":*/'"
expect "stdin" 0 "1" "" -- sh -c "'$dlx' -c < '$ex'"
expect "stdin dash" 0 "1" "" -- sh -c "'$dlx' -c - < '$ex'"
printf 'A B\nA\n' >"$tmp/none.dlx"
expect "no solution" 1 "0" "" -- "$dlx" -c "$tmp/none.dlx"
expect "unique none" 1 "none" "" -- "$dlx" -u "$tmp/none.dlx"
expect "stats" 0 "1" "*" -- "$dlx" -c -s "$ex"
grep -q "^nodes: 6$" "$tmp/err" && grep -q "^updates: 30$" "$tmp/err" &&
    passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: stats"; }
expect "levels" 0 "1" "*" -- "$dlx" -c --levels "$ex"
grep -q "^level 0: 1 nodes$" "$tmp/err" && passed=$((passed + 1)) ||
    { failed=$((failed + 1)); echo "FAIL: levels"; }
# The whole trace of Knuth's example, worked by hand from the rule (the
# primary item with fewest options, leftmost on ties; options in input
# order): A has 2 options (A D G, A D); after A D G, B has one (B C F) and
# then E none; after A D, E has one (C E F), then B one (B G): a solution.
expect "trace" 0 "level 0: item A has 2 options
  try 1/2: A D G
  level 1: item B has 1 option
    try 1/1: B C F
    level 2: item E has 0 options: dead end
    backtrack from level 2 (item E done)
  backtrack from level 1 (item B done)
  try 2/2: A D
  level 1: item E has 1 option
    try 1/1: C E F
    level 2: item B has 1 option
      try 1/1: B G
A D
C E F
B G

        -> every item covered: a solution
    backtrack from level 2 (item B done)
  backtrack from level 1 (item E done)
backtrack from level 0 (item A done)
where the search branched (level: item chosen x times, options on average):
  level 0: A x1 (2.0)
  level 1: B x1 (1.0), E x1 (1.0)
  level 2: B x1 (1.0), E x1 (0.0)" "" -- "$dlx" --trace "$ex"
expect "seeded count" 0 "92" "" -- "$dlx" -c --seed 7 "$data/queens-8.dlx"
"$dlx" --seed 5 "$data/queens-8.dlx" >"$tmp/s1"
"$dlx" --seed 5 "$data/queens-8.dlx" >"$tmp/s2"
"$dlx" "$data/queens-8.dlx" >"$tmp/s3"
cmp -s "$tmp/s1" "$tmp/s2" && ! cmp -s "$tmp/s1" "$tmp/s3" &&
    passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: seed"; }
expect "max nodes" 5 "*" "*" -- "$dlx" -c --max-nodes 100 "$data/queens-8.dlx"
grep -q "^dlx: search cut short (node limit reached) after 100 nodes: [0-9]* solutions found so far$" "$tmp/err" &&
    passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL: cut short message"; }
expect "timeout" 5 "*" "*" -- "$dlx" -c --timeout 0.01 "$data/pent-6x10-reduced.dlx"
expect "unique cut short" 5 "unknown" "*" -- "$dlx" -u --max-nodes 3 "$data/queens-8.dlx"

# input errors: file:line:col: message, exit 3
printf 'A B\nA C\n' >"$tmp/bad.dlx"
expect "unknown item" 3 "" "$tmp/bad.dlx:2:3: unknown item 'C'" -- "$dlx" "$tmp/bad.dlx"
printf 'A B\r\nA B A\r\n' >"$tmp/crlf.dlx"
expect "crlf error" 3 "" "$tmp/crlf.dlx:2:5: item 'A' appears twice in this option" -- "$dlx" "$tmp/crlf.dlx"
: >"$tmp/empty.dlx"
expect "empty" 3 "" "$tmp/empty.dlx:1: no item line (the input is empty or only comments)" -- "$dlx" "$tmp/empty.dlx"
expect "missing file" 3 "" "dlx: $tmp/nope.dlx: No such file or directory" -- "$dlx" "$tmp/nope.dlx"
expect "directory" 3 "" "dlx: $tmp: Is a directory" -- "$dlx" "$tmp"
printf 'A | X\nA X:1\nX:2\n' >"$tmp/warn.dlx"
expect "warning" 0 "A X:1" "$tmp/warn.dlx:3:1: warning: option has no primary item; dropped" -- "$dlx" "$tmp/warn.dlx"

# usage errors: exit 4
expect "bad option" 4 "" "dlx: unknown option '--bogus'
Try 'dlx --help' for more information." -- "$dlx" --bogus "$ex"
expect "bad limit" 4 "" "dlx: --limit: 'x' is not a positive number
Try 'dlx --help' for more information." -- "$dlx" --limit x "$ex"
expect "missing value" 4 "" "dlx: option '--seed' needs a value
Try 'dlx --help' for more information." -- "$dlx" "$ex" --seed
expect "two files" 4 "*" "*" -- "$dlx" "$ex" "$ex"
expect "bad timeout" 4 "*" "*" -- "$dlx" --timeout -1 "$ex"
# The statistics say which engine ran: the bitset one where items have
# long lists (pentominoes), the compact search of what is left where a
# cover hides 10 nodes or more (queens), the dance on short lists and
# short options (dominoes: 36 tilings of 4x4); dlx1's figures either way.
expect "engine: small" 0 "92" "*" -- "$dlx" -c -s "$data/queens-8.dlx"
assert "engine: small named" grep -q '^engine: compact (a cover hides 10 nodes or more; 4096 options or fewer)$' "$tmp/err"
assert "engine: small, dlx1's nodes" grep -q '^nodes: 1049$' "$tmp/err"
"$dlx" gen dominoes 4x4 > "$tmp/dominoes.dlx"
expect "engine: dance" 0 "36" "*" -- "$dlx" -c -s "$tmp/dominoes.dlx"
assert "engine: dance named" grep -q '^engine: dancing links (short lists and options)$' "$tmp/err"
expect "engine: compact" 0 "2339" "*" -- "$dlx" -c -s "$data/pent-6x10-reduced.dlx"
assert "engine: compact named" grep -q '^engine: bitsets (32 options per item or more; 16384 options or fewer)$' "$tmp/err"
# Counting by memo: -c takes it by itself where the plain search would be
# long and sub-problems repeat (12x12 tilings, a transfer-matrix count),
# not on queens; --memo and --no-memo decide; --memo only counts.
"$dlx" gen dominoes 12x12 > "$tmp/dominoes12.dlx"
expect "memo by itself" 0 "53060477521960000" "*" -- "$dlx" -c -s "$tmp/dominoes12.dlx"
assert "memo named" grep -q '^engine: memo (a count whose sub-problems repeat)$' "$tmp/err"
assert "memo figures" grep -q '^memo hits: [1-9]' "$tmp/err"
expect "memo asked" 0 "92" "*" -- "$dlx" -c -s --memo "$data/queens-8.dlx"
assert "memo asked, named" grep -q '^engine: memo (asked)$' "$tmp/err"
expect "memo refused" 0 "36" "*" -- "$dlx" -c -s --no-memo "$tmp/dominoes.dlx"
assert "memo refused, dance" grep -q '^engine: dancing links (short lists and options)$' "$tmp/err"
expect "memo limit" 0 "5" "" -- "$dlx" -c --memo --limit 5 "$data/queens-8.dlx"
expect "memo cut short" 5 "0+" "*" -- "$dlx" -c --memo --max-nodes 10 "$data/queens-8.dlx"
expect "memo small table" 0 "53060477521960000" "*" -- "$dlx" -c --memo --memo-mb 1 "$tmp/dominoes12.dlx"
assert "memo small table: warned once" [ "$(grep -c '^dlx: warning: the memo table is full (--memo-mb 1: .* MiB) and counts replace one another: the count can become many times slower; --memo-mb 4 or more keeps more of them$' "$tmp/err")" = 1 ]
expect "memo prints nothing" 4 "" "*" -- "$dlx" --memo "$data/queens-8.dlx"
expect "memo mb 0" 4 "" "*" -- "$dlx" -c --memo-mb 0 "$data/queens-8.dlx"
# A trace does not lift the solution limit (queens-8 has 92 solutions).
expect "trace keeps the limit" 0 "3" "" \
    -- sh -c "'$dlx' --trace -l 3 -c '$data/queens-8.dlx' | grep -c 'a solution'"
# The estimate keeps to the budgets: the paths done, and exit 5.
expect "estimate out of nodes" 5 "*" "*" \
    -- "$dlx" --estimate 1000000000 --max-nodes 1000 "$data/queens-8.dlx"
assert "estimate out of nodes: partial figures" \
    grep -q '^solutions: ' "$tmp/out"
assert "estimate out of nodes: message" grep -q \
    '^dlx: estimate cut short (node limit reached) after 1000 nodes: [0-9]* of 1000000000 paths done$' \
    "$tmp/err"
expect "estimate out of time" 5 "*" "*" \
    -- "$dlx" --estimate 1000000000 --timeout 0.2 "$data/queens-8.dlx"
assert "estimate out of time: message" grep -q \
    '^dlx: estimate cut short (time limit reached) after' "$tmp/err"
expect "estimate within budget" 0 "*" "" \
    -- "$dlx" --estimate 10 --max-nodes 1000 "$data/queens-8.dlx"
assert "estimate within budget: all paths" \
    grep -q '^estimate from 10 random paths:$' "$tmp/out"
expect "help" 0 "*" "" -- "$dlx" --help
grep -q "^Exit status" "$tmp/out" && passed=$((passed + 1)) ||
    { failed=$((failed + 1)); echo "FAIL: help has no exit status"; }
expect "version" 0 "*" "" -- "$dlx" --version

# a closed pipe or a full disk is reported, not ignored
if [ -w /dev/full ]; then
    expect "write error" 6 "" "*" -- sh -c "'$dlx' '$data/queens-8.dlx' > /dev/full"
fi

# --prune: the same counts (published: queens 92, Langford 52, latin
# squares of order 4 576, 4x4 sudoku grids 288, 6x10 pentominoes 2339
# up to symmetry); and not with the memo or threads
for g in "queens 8|92" "langford 7|52" "latin 4|576" "sudoku 2x2|288" \
         "pentominoes 6x10 --reduce|2339" "dominoes 4x4|36"; do
    expect "--prune: dlx gen ${g%|*}" 0 "${g#*|}" "" \
        -- sh -c "'$dlx' gen ${g%|*} | '$dlx' -c --prune"
done
expect "--prune and --memo" 4 "" "dlx: --prune takes one plain search: no --memo, --threads, --split-depth, --jobs, --estimate or --best
Try 'dlx --help' for more information." -- "$dlx" -c --prune --memo "$data/queens-8.dlx"

# counts of any size (issue 45): 130 independent parts of two solutions
# each have 2^130 solutions; the count is exact, at once, by itself
# (it used to hang: the trial saw 2^128 passed and fell back to the plain
# search), and with --memo, and -s says it too
awk 'BEGIN { for (i = 0; i < 130; i++) printf "a%d b%d ", i, i; print "";
             for (i = 0; i < 130; i++) printf "a%d b%d\na%d\nb%d\n", i, i, i, i }' \
    > "$tmp/parts130.dlx"
pow130=1361129467683753853853498429727072845824
expect "2^130 by itself" 0 "$pow130" "" -- timeout 60 "$dlx" -c "$tmp/parts130.dlx"
expect "2^130 by --memo" 0 "$pow130" "" -- timeout 60 "$dlx" -c --memo "$tmp/parts130.dlx"
expect "2^130 in -s" 0 "solutions: $pow130" "" \
    -- sh -c "timeout 60 '$dlx' -c -s '$tmp/parts130.dlx' 2>&1 >/dev/null | grep '^solutions'"

# --sample N: draws are solutions (each a set of 8 queens counted among
# the 92), the same seed the same draws, refusals with exit 4
"$dlx" --sample 20 --seed 5 "$data/queens-8.dlx" > "$tmp/s1" 2>/dev/null
"$dlx" --sample 20 --seed 5 "$data/queens-8.dlx" > "$tmp/s2" 2>/dev/null
"$dlx" "$data/queens-8.dlx" > "$tmp/all"
if ! cmp -s "$tmp/s1" "$tmp/s2"; then
    failed=$((failed + 1)); echo "FAIL: --sample: a seed gives other draws"
fi
# a solution as its options sorted (draws list them in another order)
norm='BEGIN { RS = "" } { n = split($0, l, "\n"); for (i = 2; i <= n; i++)
      for (j = i; j > 1 && l[j - 1] > l[j]; j--) { t = l[j]; l[j] = l[j - 1]; l[j - 1] = t }
      s = l[1]; for (i = 2; i <= n; i++) s = s "|" l[i]; print s }'
awk "$norm" "$tmp/all" > "$tmp/all.n"
awk "$norm" "$tmp/s1" > "$tmp/s1.n"
bad=$(awk 'NR == FNR { sol[$0] = 1; next } !($0 in sol) { n++ }
           END { print n + 0 }' "$tmp/all.n" "$tmp/s1.n")
draws=$(awk 'BEGIN { RS = "" } END { print NR }' "$tmp/s1")
if [ "$bad" != 0 ] || [ "$draws" != 20 ]; then
    failed=$((failed + 1)); echo "FAIL: --sample: $draws draws, $bad not solutions"
fi
"$dlx" --sample 1 "$data/queens-8.dlx" 2>&1 >/dev/null | grep -q '^dlx: seed [0-9]*$' ||
    { failed=$((failed + 1)); echo "FAIL: --sample says no fresh seed"; }
expect "--sample and --count" 4 "" "dlx: --sample N draws through the memo counter: no --count, --unique, --first, --limit, --best, --estimate, --jobs, --threads, --split-depth, --no-memo, --prune, --trace, --html or --tree-svg
Try 'dlx --help' for more information." \
    -- "$dlx" --sample 2 -c "$data/queens-8.dlx"
expect "--sample and multiplicities" 4 "" "dlx: input with multiplicities (lo:hi|name) is not counted by memo: --sample does not work on it
Try 'dlx --help' for more information." \
    -- sh -c "'$dlx' gen kqueens 8 4 | '$dlx' --sample 2 --seed 1"
expect "--sample of nothing" 1 "" "" -- sh -c "printf 'A B\nA\n' | '$dlx' --sample 3 --seed 1"


# The engine and why, on every input of tests/data (engines.tsv: the
# nodes and the engine that dlx chose before one table chose it, and the
# table's reason); each line names a known engine.
tab=$(printf '\t')
grep -v '^#' "$data/engines.tsv" | while IFS="$tab" read -r input flags nodes engine; do
    # shellcheck disable=SC2086
    "$dlx" -s $flags "$data/$input.dlx" >/dev/null 2>"$tmp/err.$$"
    grep -qx "nodes: $nodes" "$tmp/err.$$" &&
        grep -qxF "engine: $engine" "$tmp/err.$$" ||
        echo "$input $flags: $(grep '^nodes\|^engine' "$tmp/err.$$" | tr '\n' ' ')"
done >"$tmp/engines"
assert "engines.tsv: $(cat "$tmp/engines")" test ! -s "$tmp/engines"
for f in "$data"/*.dlx; do
    "$dlx" -c -s "$f" >/dev/null 2>"$tmp/err"
    assert "engine named: ${f##*/}" grep -Eqx 'engine: (dancing links|bitsets|compact|memo|Algorithm M) \([a-z0-9 ;,]+\)' "$tmp/err"
done
printf '2|A B\nA\nA\nB\n' >"$tmp/bounds.dlx"
expect "engine: Algorithm M" 0 "1" "*" -- "$dlx" -c -s "$tmp/bounds.dlx"
assert "engine: Algorithm M named" grep -qx 'engine: Algorithm M (multiplicities)' "$tmp/err"

# Printed options keep their colors (issue 47: a purified node printed
# bare): every line of every solution of the colored inputs is an option
# line of the input, token for token, under each way of searching; and
# the word squares are as many as a brute force over their 14 words finds.
for f in knuth-color-example.dlx word-squares-3.dlx; do
    for a in "" "--prune" "--seed 7" "-1"; do
        "$dlx" $a "$data/$f" >"$tmp/sol" 2>/dev/null
        bad=$(awk 'NR == FNR { if ($0 !~ /^[ \t]*\|/ && $0 != "") {
                                   $1 = $1; opt[$0] = 1 }
                               next }
                   $0 == "" { next }
                   { seen++; $1 = $1; if (!($0 in opt)) { print; exit } }
                   END { if (!seen) print "no solution printed" }' \
                  "$data/$f" "$tmp/sol")
        if [ -z "$bad" ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "FAIL: dlx $a $f printed an option not as read: $bad"
        fi
    done
done
expect "word squares: brute force's count" 0 "27" "" \
    -- "$dlx" -c "$data/word-squares-3.dlx"

# The memo cliff (issue 47): with 16 MiB, 16x16 dominoes were not counted
# in 300 s (a 7 MiB table: the table could not double within the budget
# while the old one was kept); now the last doubling drops the old table,
# and the count (OEIS A004003) comes in seconds.  A table too small for
# the search is said once while it runs (here, cut by --timeout).
"$dlx" gen dominoes 16x16 >"$tmp/dominoes16.dlx"
expect "memo 16 MiB: 16x16 dominoes" 0 "2444888770250892795802079170816" "*" \
    -- timeout 120 "$dlx" -c --memo --memo-mb 16 "$tmp/dominoes16.dlx"
expect "memo 2 MiB: cut by time" 5 "*" "*" \
    -- "$dlx" -c --memo --memo-mb 2 --timeout 3 "$tmp/dominoes16.dlx"
assert "memo 2 MiB: warned while running, once" \
    [ "$(grep -c '^dlx: warning: the memo table is full (--memo-mb 2: ' "$tmp/err")" = 1 ]

# --progress under a pipe (issue 47): whole lines (no carriage return),
# each with the fraction of the tree done (Knuth's estimate) in [0, 1],
# growing from the first line to the last; --no-progress: none.
"$dlx" gen langford 14 >"$tmp/langford14.dlx"
EXCOVER_PROGRESS_SECONDS=0.2 "$dlx" -c --progress --timeout 3 \
    "$tmp/langford14.dlx" >/dev/null 2>"$tmp/progress"
assert "--progress: whole lines, no carriage return" \
    sh -c "! grep -q \"\$(printf '\r')\" '$tmp/progress'"
assert "--progress: fractions in [0, 1], growing" awk '
    /^[0-9.]+ done, / { n++; f = $1 + 0
                        if (f < 0 || f > 1) bad = 1
                        if (n == 1) first = f; last = f }
    END { exit !(n >= 3 && !bad && last > first) }' "$tmp/progress"
expect "--no-progress" 0 "92" "" -- "$dlx" -c --no-progress "$data/queens-8.dlx"
cli_done
