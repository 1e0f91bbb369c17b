#!/bin/sh
# mathdoku_gen_cli.sh BIN_DIR DATA_DIR - 'mathdoku generate', 'explain',
# 'hint' and 'rate' seen from a script: every layout generated reads back
# and solves to the solution printed with it, JSON lines as documented,
# the same seed the same puzzles, messages and exit codes as in --help;
# sgt-keen opens the Keen IDs when it is installed.
bin=$1
md=$bin/mathdoku
data=$2/mathdoku
tmp=${TMPDIR:-/tmp}/mathdoku_gen_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

# --- generate: every layout reads back, to the solution printed with it ---
for layout in letters list numbered keen; do
    expect "generate $layout" 0 "*" "" -- "$md" generate -n 5 --size 6 --seed 7 -o $layout --solution
    cp "$tmp/out" "$tmp/gen-$layout.txt"
    # the solutions, from the '#' comment lines, as lines of 36 digits
    grep '^#' "$tmp/gen-$layout.txt" | grep -v solution | tr -d '# ' |
        paste -d '' - - - - - - >"$tmp/want-$layout.txt"
    expect "solve $layout" 0 "$(cat "$tmp/want-$layout.txt")" "" -- "$md" solve -o line "$tmp/gen-$layout.txt"
    expect "unique $layout" 0 "1
1
1
1
1" "" -- "$md" count -l 2 "$tmp/gen-$layout.txt"
done
assert "same puzzles in every layout" cmp -s "$tmp/want-letters.txt" "$tmp/want-keen.txt"
assert "five puzzles" [ "$(wc -l <"$tmp/want-keen.txt")" = 5 ]
expect "dfs agrees" 0 "$(cat "$tmp/want-keen.txt")" "" -- "$md" solve -m dfs -o line "$tmp/gen-keen.txt"

# the same seed, the same puzzles; seed S+k is puzzle k
expect "seed again" 0 "$(cat "$tmp/gen-keen.txt")" "" -- "$md" generate -n 5 --size 6 --seed 7 -o keen --solution
grep -v '^#' "$tmp/gen-keen.txt" >"$tmp/ids7.txt"
expect "seed S+k" 0 "$(sed -n 3p "$tmp/ids7.txt")" "" -- "$md" generate --size 6 --seed 9 -o keen
"$md" generate -n 2 --size 6 --seed 9 -o keen >"$tmp/s9.txt"
assert "seed 9's second is seed 7's fourth" [ "$(sed -n 2p "$tmp/s9.txt")" = "$(sed -n 4p "$tmp/ids7.txt")" ]

# JSON lines: the fields, the solution that of the puzzle
expect "json" 0 "*" "" -- "$md" generate -n 3 --size 9 --seed 1 -o json --rate
assert "json fields" grep -q '^{"seed":1,"size":9,"cages":[0-9]*,"givens":0,"ops":"+-\*/","nary":false,"hidden":false,"grade":"[A-Za-z]*","attempts":[0-9]*,"changes":[0-9]*,"checks":[0-9]*,"nodes":[0-9]*,"seconds":[0-9.]*,"puzzle":"9d[enhxu]:[^"]*","solution":"[1-9]\{81\}"}$' "$tmp/out"
sed 's/.*"puzzle":"\([^"]*\)".*/\1/' "$tmp/out" >"$tmp/json-ids.txt"
sed 's/.*"solution":"\([^"]*\)".*/\1/' "$tmp/out" >"$tmp/json-sol.txt"
expect "json puzzles solve to their solutions" 0 "$(cat "$tmp/json-sol.txt")" "" -- "$md" solve -o line "$tmp/json-ids.txt"
# the grade in the ID is the one 'rate' gives
expect "rate agrees with --rate" 0 "*" "" -- "$md" rate -o csv "$tmp/json-ids.txt"
assert "grades" [ "$(sed 1d "$tmp/out" | cut -d, -f3 | cut -c1 | tr A-Z a-z | tr -d '\n')" = "$(cut -d: -f1 "$tmp/json-ids.txt" | cut -c3 | tr -d '\n')" ]

# options: operations, Keen's m, hidden, n-ary, sizes, big orders
expect "mult only" 0 "*" "" -- "$md" generate -n 3 --size 5 --seed 3 --mult-only -o keen
assert "only m clues" sh -c "! cut -d, -f2 '$tmp/out' | grep -q '[asd?]'"
expect "ops +-" 0 "*" "" -- "$md" generate -n 3 --size 5 --seed 3 --ops=+- -o keen
assert "only a and s clues" sh -c "! cut -d, -f2 '$tmp/out' | grep -q '[md?]'"
expect "hidden" 0 "*" "" -- "$md" generate -n 2 --size 5 --seed 3 --hidden -o keen --solution
assert "only ? clues" sh -c "! grep -v '^#' '$tmp/out' | cut -d, -f2 | grep -q '[asmd]'"
cp "$tmp/out" "$tmp/hidden.txt"
expect "hidden unique" 0 "1
1" "" -- "$md" count -l 2 "$tmp/hidden.txt"
expect "nary" 0 "*" "" -- "$md" generate -n 4 --size 5 --seed 3 --nary --sizes 3:1 -o list
cp "$tmp/out" "$tmp/nary.txt"
expect "nary unique" 0 "1
1
1
1" "" -- "$md" count --nary -l 2 "$tmp/nary.txt"
expect "sizes with givens" 0 "*" "" -- "$md" generate -n 2 --size 6 --seed 3 --sizes 1:1,2:2 -o keen
expect "12x12" 0 "*" "" -- "$md" generate --size 12 --seed 1 -o letters
assert "12x12 letters" [ "$(sed -n 1p "$tmp/out" | wc -w)" = 12 ]
cp "$tmp/out" "$tmp/p12.txt"
expect "12x12 unique" 0 "1" "" -- "$md" count -l 2 "$tmp/p12.txt"
expect "difficulty" 0 "*" "" -- "$md" generate -n 2 --size 6 --seed 4 --difficulty hard -o keen
assert "difficulty in the ID" [ "$(cut -c1-4 "$tmp/out" | sort -u)" = "6dh:" ]
cp "$tmp/out" "$tmp/hard.txt"
expect "difficulty rated" 0 "*" "" -- "$md" rate "$tmp/hard.txt"
assert "rated hard" [ "$(cut -d' ' -f2 "$tmp/out" | sort -u)" = "Hard;" ]
expect "stats" 0 "*" "*" -- "$md" generate -n 2 --size 5 --seed 1 -s -o keen
assert "stats summary" grep -q "^mathdoku generate: 2 puzzles (0 failed), [0-9.]* cages on average, [0-9]* nodes" "$tmp/err"

# budgets and usage errors
expect "budget" 5 "" "mathdoku generate: seed 1: no puzzle within the budget (N nodes, T s)" \
    -- sh -c "'$md' generate --size 9 --seed 1 --max-nodes 10 2>&1 >/dev/null | sed 's/([0-9]* nodes, [0-9.]* s)/(N nodes, T s)/' >&2; exit 5"
expect "no seed: one chosen" 0 "*" "*" -- "$md" generate -o keen
assert "seed said" grep -q "^mathdoku generate: seed [0-9]*$" "$tmp/err"
expect "bad size" 4 "" "mathdoku generate: --size: '33' is not a number from 1 to 32
Try 'mathdoku generate --help' for more information." -- "$md" generate --size 33
expect "bad ops" 4 "" "*" -- "$md" generate --ops '+%'
expect "bad sizes" 4 "" "*" -- "$md" generate --sizes 2:0
expect "bad difficulty" 4 "" "mathdoku generate: --difficulty: 'brutal' is not easy, normal, hard, extreme or unreasonable
Try 'mathdoku generate --help' for more information." -- "$md" generate --difficulty brutal
expect "subtraction alone" 4 "" "mathdoku generate: subtraction alone cannot make a puzzle with one solution: every difference holds as well for the digits N+1-d (allow givens: --singletons)
Try 'mathdoku generate --help' for more information." -- "$md" generate --ops -
expect "subtraction with givens" 0 "*" "" -- "$md" generate --ops - --singletons --seed 2 -o keen
expect "no puzzle in the attempts" 5 "" "mathdoku generate: seed 1: no puzzle in 3 attempts (these options may allow none; --singletons helps)" \
    -- "$md" generate --size 4 --ops - --nary --sizes 4:1 --attempts 3 --seed 1
expect "bad output" 4 "" "*" -- "$md" generate -o grid
expect "value left out" 4 "" "*" -- "$md" generate --seed
expect "unknown option" 4 "" "*" -- "$md" generate --frob
expect "generate help" 0 "*" "" -- "$md" generate --help
assert "generate help exit codes" grep -q "^Exit status" "$tmp/out"

# sgt-keen opens our IDs: given an ID it validates it and prints it back
keen=/usr/games/sgt-keen
if [ -x "$keen" ]; then
    grep -v '^#' "$tmp/gen-keen.txt" >"$tmp/ids.txt"
    ok=1
    while read -r id; do
        [ "$("$keen" --generate 1 "$id" 2>/dev/null)" = "$id" ] || ok=0
    done <"$tmp/ids.txt"
    assert "sgt-keen opens the IDs" [ $ok = 1 ]
else
    echo "sgt-keen not installed: its check skipped"
fi

# --- explain, hint, rate ---
expect "explain" 0 "*" "" -- "$md" explain "$data/wikipedia-letters.txt"
assert "explain first step" [ "$(sed -n 1p "$tmp/out")" = "1. 11+ cage A1 A2: the one combination left is 5+6, so its cells hold only {5,6}: remove 1,2,3,4 from A1; 1,2,3,4 from A2" ]
assert "explain end" [ "$(tail -1 "$tmp/out")" = "solved in 58 steps: Normal (hardest: cage cell options)" ]
expect "hint" 0 "1. 11+ cage A1 A2: the one combination left is 5+6, so its cells hold only {5,6}: remove 1,2,3,4 from A1; 1,2,3,4 from A2" "" -- "$md" hint "$data/wikipedia-keen.txt"
expect "hint json" 0 '{"file":"*","line":2,"step":1,"technique":"cage_digits","grade":"Easy","removed":[["A1",1],["A1",2],["A1",3],["A1",4],["A2",1],["A2",2],["A2",3],["A2",4]],"text":"11+ cage A1 A2: the one combination left is 5+6, so its cells hold only {5,6}: remove 1,2,3,4 from A1; 1,2,3,4 from A2"}' "" \
    -- sh -c "'$md' hint -o json '$data/wikipedia-keen.txt' | sed 's/\"file\":\"[^\"]*\"/\"file\":\"*\"/'"
expect "candidates" 0 "*" "" -- "$md" hint --candidates "$data/wikipedia-list.txt"
assert "candidate grid" grep -q "^123456 | 123456   123456 | 123456" "$tmp/out"
expect "rate" 0 "$data/wikipedia-letters.txt:2: Normal; naked_single 28, hidden_single 8, cage_digits 21, cage_cells 1, 58 steps" "" -- "$md" rate "$data/wikipedia-letters.txt"
head -31 "$data/keen.tsv" | tail -30 | cut -f1 >"$tmp/keen30.txt"
expect "rate Keen's IDs" 0 "*" "" -- "$md" rate -o csv "$tmp/keen30.txt"
assert "Keen's grades" [ "$(sed 1d "$tmp/out" | cut -d, -f3 | tr -d '\n')" = "$(head -31 "$data/keen.tsv" | tail -30 | cut -f2 | tr -d '\n')" ]
printf '4\n10 + A1 B1 C1 D1\n10 + A2 B2 C2 D2\n10 + A3 B3 C3 D3\n10 + A4 B4 C4 D4\n' >"$tmp/rows4.txt"
expect "rate several" 2 "$tmp/rows4.txt:1: ambiguous (several solutions)" "" -- "$md" rate "$tmp/rows4.txt"
printf '2\n3 + A1 B1\n4 + A2 B2\n' >"$tmp/none.txt"
expect "explain none" 1 "" "$tmp/none.txt:3:1: cage 2 (4+): no digits reach the target" -- "$md" explain "$tmp/none.txt"
expect "rate bad output" 4 "" "*" -- "$md" explain -o csv "$tmp/rows4.txt"
expect "explain help" 0 "*" "" -- "$md" explain --help
assert "explain help grades" grep -q "^  Unreasonable" "$tmp/out"

cli_done
