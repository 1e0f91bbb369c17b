#!/bin/sh
# mathdoku_cli.sh BIN_DIR DATA_DIR - the mathdoku command seen from a
# script: outputs, messages and exit codes as documented in --help.
bin=$1
md=$bin/mathdoku
dlx=$bin/dlx
data=$2/mathdoku
tmp=${TMPDIR:-/tmp}/mathdoku_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

# the Wikipedia puzzle, published solution 563412/614523/452361/341256/236145/125634
sol="563412
614523
452361
341256
236145
125634"
line=563412614523452361341256236145125634
for layout in letters list numbered keen; do
    expect "solve $layout" 0 "$sol" "" -- "$md" solve "$data/wikipedia-$layout.txt"
    expect "dfs $layout" 0 "$line" "" -- "$md" solve -m dfs -o line "$data/wikipedia-$layout.txt"
done
expect "stdin" 0 "$sol" "" -- sh -c "'$md' solve < '$data/wikipedia-keen.txt'"
expect "all four in one file" 0 "$line
$line
$line
$line" "" -- sh -c "cat '$data'/wikipedia-*.txt | '$md' solve -o line"
expect "count" 0 "1" "" -- "$md" count "$data/wikipedia-letters.txt"
expect "json" 0 '{"file":"-","line":2,"size":6,"cages":15,"options":97,"status":"solved","solutions":1,"complete":true,"nodes":*,"seconds":*,"solution":"'$line'"}' "" \
    -- sh -c "'$md' solve -o json '$data/wikipedia-keen.txt' | sed 's/\"file\":\"[^\"]*\"/\"file\":\"-\"/; s/\"nodes\":[0-9]*/\"nodes\":*/; s/\"seconds\":[0-9.]*/\"seconds\":*/'"
expect "encode | dlx" 0 "1" "" -- sh -c "'$md' encode '$data/wikipedia-letters.txt' | '$dlx' -c"
printf '4\n10 + A1 B1 C1 D1\n10 + A2 B2 C2 D2\n10 + A3 B3 C3 D3\n10 + A4 B4 C4 D4\n' >"$tmp/rows4.txt"
expect "row cages 4: Latin squares" 0 "576" "" -- "$md" count "$tmp/rows4.txt"
expect "row cages 4 by DFS" 0 "576" "" -- "$md" count -m dfs "$tmp/rows4.txt"
expect "row cages through dlx" 0 "576" "" -- sh -c "'$md' encode '$tmp/rows4.txt' | '$dlx' -c"
printf '5\n15 + A1 B1 C1 D1 E1\n15 + A2 B2 C2 D2 E2\n15 + A3 B3 C3 D3 E3\n15 + A4 B4 C4 D4 E4\n15 + A5 B5 C5 D5 E5\n' >"$tmp/rows5.txt"
for j in 1 2 3 7; do
    expect "row cages 5 on $j threads" 0 "161280" "" -- "$md" count -j $j "$tmp/rows5.txt"
done
expect "threads and limit" 0 "1000" "" -- "$md" count -j 2 -l 1000 "$tmp/rows5.txt"
expect "threads need count" 4 "" "*" -- "$md" solve -j 2 "$tmp/rows5.txt"
expect "several" 2 "*" "$tmp/rows4.txt:1: several solutions (the first is printed)" -- "$md" solve "$tmp/rows4.txt"
expect "limit" 0 "2" "" -- "$md" count -l 2 "$tmp/rows4.txt"
expect "max nodes" 5 "0+" "$tmp/rows4.txt:1: search cut short (node limit) after 262 nodes, 0 solutions found" \
    -- "$md" count --max-nodes 262 "$tmp/rows4.txt"
expect "max nodes while building" 5 "0+" "$tmp/rows4.txt:2:1: cut short (node limit) while finding the digit tuples of cage 1 (10+), after 2 steps" \
    -- "$md" count --max-nodes 2 "$tmp/rows4.txt"
expect "trace" 0 "*" "" -- "$md" solve -t "$data/wikipedia-list.txt"
assert "trace words" grep -q "^try cage [0-9]* ([0-9]*[-+*/]): " "$tmp/out"
# what the trace prints is the search: a node for the root and one after
# each try, beside the steps of building the exact cover; and the tries on
# the path to "a solution" fill every cell as the solution printed
"$md" solve -t -s "$data/wikipedia-list.txt" >"$tmp/tr" 2>"$tmp/trerr"
total=$(sed -n 's/.* solution, \([0-9]*\) nodes.*/\1/p' "$tmp/trerr")
steps=$(sed -n 's/.*(encoding: \([0-9]*\) steps.*/\1/p' "$tmp/trerr")
assert "trace: a try a node" test "$(($(grep -c '^ *try cage' "$tmp/tr") + 1 + steps))" = "$total"
filled=$(awk '/^ *try cage/ { d = index($0, "t"); line[d] = $0; top = d }
    /every cage filled: a solution/ {
        for (k = 1; k <= top; k += 2) if (k in line) {
            n = split(line[k], w, " ")
            for (j = 1; j <= n; j++) if (w[j] ~ /^[A-Z][0-9]+=[0-9]+$/) {
                split(w[j], cv, "=")
                g[substr(cv[1], 2) + 0, index("ABCDEF", substr(cv[1], 1, 1))] = cv[2]
            }
        }
        for (r = 1; r <= 6; r++) { for (c = 1; c <= 6; c++) printf "%s", g[r, c]; print "" }
        exit }' "$tmp/tr")
assert "trace: its path is the solution printed" test "$filled" = "$sol"
expect "stats" 0 "$sol" "*" -- "$md" solve -s "$data/wikipedia-letters.txt"
assert "stats options" grep -q "6x6, 15 cages, 97 options, 1 solution, [0-9]* nodes, [0-9.]* s (encoding: [0-9]* steps, [0-9.]* s)" "$tmp/err"
echo $line >"$tmp/sol.txt"
expect "check right" 0 "right" "" -- "$md" check --solution "$tmp/sol.txt" "$data/wikipedia-letters.txt"
echo 563412614523452361341256236145125643 >"$tmp/bad.txt"
expect "check wrong" 1 "wrong: column E holds 4 twice" "" -- "$md" check --solution "$tmp/bad.txt" "$data/wikipedia-letters.txt"
echo 653412614523452361341256236145125634 >"$tmp/bad2.txt"
expect "check latin" 1 "wrong: column A holds 6 twice" "" -- "$md" check --solution "$tmp/bad2.txt" "$data/wikipedia-letters.txt"
# Latin but a cage not met: swap two whole columns (A and B)
echo 653412164523542361431256326145215634 >"$tmp/bad3.txt"
expect "check cage clue" 1 "wrong: cage a (11+) is not met" "" -- "$md" check --solution "$tmp/bad3.txt" "$data/wikipedia-letters.txt"
expect "nary refused" 3 "" "-:2:1: cage 1 (0-) has 3 cells: '-' takes exactly two (--nary allows more)" \
    -- sh -c "printf '3\n0 - A1 B1 C1\n6 + A2 B2 C2\n6 + A3 B3 C3\n' | '$md' count 2>&1 >/dev/null | sed 's/<stdin>/-/' >&2; exit 3"
expect "nary allowed" 0 "12" "" -- sh -c "printf '3\n0 - A1 B1 C1\n6 + A2 B2 C2\n6 + A3 B3 C3\n' | '$md' count --nary"
expect "hidden operation" 0 "*" "" -- sh -c "printf '2\n2 ? A1 B1\n2 ? A2 B2\n' | '$md' count"
assert "hidden count" [ "$(cat "$tmp/out")" = 2 ]
expect "utf-8 operators" 0 "$line" "" -- sh -c "sed -n '2,\$p' '$data/wikipedia-numbered.txt' | '$md' solve -o line"

# bad puzzles among good ones
printf '2\n3 + A1 B1\n3 + A2\n\n%s\n2\n5 + A1 B1\n3 + A2 B2\n' "$(cat "$data/wikipedia-keen.txt" | tail -1)" >"$tmp/mixed.txt"
expect "batch" 3 "$sol" "*" -- "$md" solve "$tmp/mixed.txt"
assert "batch messages" [ "$(sed 's/ nodes, .*$/ nodes/' "$tmp/err")" = "$tmp/mixed.txt:1: cell B2 is in no cage
$tmp/mixed.txt:7:1: cage 1 (5+): no digits reach the target
mathdoku: 3 puzzles: 1 with one solution, 0 with none, 0 with several, 2 unreadable, 0 cut short; 797 nodes" ]
expect "missing file" 3 "" "mathdoku: $tmp/nope: No such file or directory" -- "$md" solve "$tmp/nope"
expect "unknown command" 4 "" "*" -- "$md" frob
expect "bad method" 4 "" "*" -- "$md" solve -m bfs "$tmp/rows4.txt"
expect "check needs solution" 4 "" "*" -- "$md" check "$tmp/rows4.txt"
expect "help" 0 "*" "" -- "$md" --help
assert "help exit codes" grep -q "^Exit status" "$tmp/out"

# options: --name=value is --name value; a value left out is said
"$md" count --limit 2 --format list "$data/wikipedia-list.txt" >"$tmp/spaced.txt" 2>&1
expect "options with =" 0 "$(cat "$tmp/spaced.txt")" "" -- "$md" count --limit=2 --format=list "$data/wikipedia-list.txt"
expect "option without its value" 4 "" "mathdoku: option '--timeout' needs a value
Try 'mathdoku --help' for more information." -- "$md" solve "$data/wikipedia-list.txt" --timeout


# a puzzle given as an argument: refused, saying how to pass it (issue 47)
expect "puzzle as an argument" 3 "" "mathdoku: 4:_3a: No such file or directory (puzzles are read from FILEs or standard input, not from arguments: echo 'PUZZLE' | mathdoku solve)" \
    -- "$md" solve 4:_3a
cli_done
