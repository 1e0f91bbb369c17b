#!/bin/sh
# sudoku_solo_cli.sh BIN_DIR DATA_DIR - Solo's scale from the command line:
# sudoku rate --scale solo gives each puzzle of solo-levels.tsv the level
# sgt-solo made it at (text, JSON, CSV), refuses killer with its line and
# says when a puzzle has more than one solution; sudoku generate --scale
# solo makes puzzles rated so again and unique by the DLX count, the same
# from the same seed; and the scale's usage errors.
bin=$1 data=$2
sudoku=$bin/sudoku
tmp=${TMPDIR:-/tmp}/sudoku_solo_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

levels="trivial basic intermediate advanced extreme unreasonable"
tail -n +2 "$data/sudoku/solo-levels.tsv" | grep '^3x3	' >"$tmp/solo.tsv"
cut -f3 "$tmp/solo.tsv" >"$tmp/ids.txt"
cut -f2 "$tmp/solo.tsv" >"$tmp/want.txt"
expect "rate: 120 Solo IDs" 0 '*' '' \
    -- "$sudoku" rate --scale solo "$tmp/ids.txt"
awk '{ print $2 }' "$tmp/out" >"$tmp/got.txt"
assert "rate: Solo's level for each" cmp -s "$tmp/got.txt" "$tmp/want.txt"
expect "rate -o csv" 0 '*' '' \
    -- "$sudoku" rate --scale solo -o csv "$tmp/ids.txt"
assert "csv: header" [ "$(head -n 1 "$tmp/out")" = \
    "file,line,rating,trivial,basic,intermediate,advanced,extreme" ]
assert "csv: the levels" [ "$(tail -n +2 "$tmp/out" | cut -d, -f3 |
    tr '\n' ' ')" = "$(tr '\n' ' ' <"$tmp/want.txt")" ]
head -n 1 "$tmp/ids.txt" >"$tmp/one.txt"
expect "rate -o json" 0 "{\"file\":\"$tmp/one.txt\",\"line\":1,\"rating\":\"trivial\",\"scale\":\"solo\",\"deductions\":*" '' \
    -- sh -c "'$sudoku' rate --scale solo -o json '$tmp/one.txt' | sed 's/\"deductions\":.*/\"deductions\":*/'"

head -n 2 "$data/sudoku/solo-killer.tsv" | cut -f2 >"$tmp/killer.txt"
expect "rate: killer refused" 3 '' \
"$tmp/killer.txt:1: --scale solo: Solo grades killer cages on a scale of its own, not on these levels
$tmp/killer.txt:2: --scale solo: Solo grades killer cages on a scale of its own, not on these levels" \
    -- "$sudoku" rate --scale solo "$tmp/killer.txt"
printf '%081d\n' 0 | tr 0 . >"$tmp/empty.txt"
expect "rate: more than one solution" 1 '' \
    "$tmp/empty.txt:1: more than one solution: Solo grades puzzles of one solution" \
    -- "$sudoku" rate --scale solo "$tmp/empty.txt"
expect "explain: no scale" 4 '' "sudoku explain: --scale is for sudoku rate
Try 'sudoku explain --help' for more information." \
    -- "$sudoku" explain --scale solo "$tmp/one.txt"

for level in $levels; do
    expect "generate $level" 0 '*' '' \
        -- "$sudoku" generate --scale solo --difficulty "$level" -n 4 \
        --seed 7 --symmetry rot180
    cp "$tmp/out" "$tmp/made.txt"
    expect "generate $level: rated $level" 0 "$(yes "$level" | head -n 4)" \
        '' -- sh -c "'$sudoku' rate --scale solo '$tmp/made.txt' |
        awk '{ print \$2 }'"
    expect "generate $level: unique" 0 "$(yes 1 | head -n 4)" '' \
        -- "$sudoku" count -l 2 "$tmp/made.txt"
    expect "generate $level: seed S+k remakes puzzle k" 0 \
        "$(sed -n 3p "$tmp/made.txt")" '' \
        -- "$sudoku" generate --scale solo --difficulty "$level" --seed 9 \
        --symmetry rot180
done
expect "generate: X at basic" 0 '*' '' \
    -- "$sudoku" generate --scale solo --difficulty basic --variant x -n 2 \
    --seed 3
cp "$tmp/out" "$tmp/x.txt"
expect "generate: X rated basic" 0 "basic
basic" '' -- sh -c "'$sudoku' rate --scale solo '$tmp/x.txt' |
    awk '{ print \$2 }'"

usage() { # NAME MESSAGE ARGS...
    name=$1 msg=$2
    shift 2
    expect "$name" 4 '' "sudoku generate: $msg
Try 'sudoku generate --help' for more information." \
        -- "$sudoku" generate "$@"
}
usage "our grade on Solo's scale" "--difficulty easy is a grade of --scale ours; Solo's levels are trivial, basic, intermediate, advanced, extreme, unreasonable" \
    --scale solo --difficulty easy
usage "Solo's level on ours" "--difficulty trivial is a level of --scale solo; ours are easy, medium, hard, expert, extreme, guessing" \
    --difficulty trivial
usage "a scale alone" "--scale solo is the scale of --difficulty, which is not given" \
    --scale solo
usage "killer" "--scale solo: Solo grades killer cages on a scale of its own, not on these levels" \
    --scale solo --difficulty basic --variant killer
usage "reach" "--reach is for --scale ours: Solo's levels are reached as Solo does" \
    --scale solo --difficulty basic --reach steer
usage "a bad scale" "--scale: 'x' is not ours or solo" --scale x
cli_done
