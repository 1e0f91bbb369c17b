#!/bin/sh
# sudoku_vargen_cli.sh BIN_DIR DATA_DIR - sudoku generate --variant: every
# family's puzzles have one solution by the DLX count and by the naive
# DFS, solve to the grid the generator filled, come again from the same
# seed (puzzle k is seed S+k), read back from the grid layout; bad
# --variant values are usage errors; and (when sgt-solo is installed) Solo
# reads every ID we make and, where its solver finishes, solves it as we do.
bin=$1
sudoku=$bin/sudoku
tmp=${TMPDIR:-/tmp}/sudoku_vargen_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

solo=/usr/games/sgt-solo
# family, order, puzzles
for spec in x:9:6 x:6:10 jigsaw:6:10 jigsaw:9:6 killer:6:10 killer:9:4 \
            jigsaw,killer:6:10 jigsaw,killer:9:4 x,killer:6:10; do
    v=${spec%%:*} rest=${spec#*:}
    size=${rest%%:*} n=${rest#*:}
    f="$v $size"
    "$sudoku" generate --variant "$v" --size "$size" --seed 100 -n "$n" \
        --solution >"$tmp/both.txt"
    assert "$f: made" [ "$(wc -l <"$tmp/both.txt")" = $((2 * n)) ]
    sed -n 'p;n' "$tmp/both.txt" >"$tmp/p.txt"
    sed -n 'n;p' "$tmp/both.txt" >"$tmp/s.txt"
    expect "$f: one solution by DLX" 0 "$(yes 1 | head -n "$n")" "" \
        -- "$sudoku" count --limit 2 "$tmp/p.txt"
    # the naive search takes seconds on a minimal 9x9 variant
    # (test_sudoku_gen checks one a family); all of the 6x6
    if [ "$size" = 6 ]; then
        expect "$f: one solution by DFS" 0 "$(yes 1 | head -n "$n")" "" \
            -- "$sudoku" count -m dfs --limit 2 "$tmp/p.txt"
    fi
    expect "$f: solved to the grid filled" 0 "$(cat "$tmp/s.txt")" "" \
        -- "$sudoku" solve -o tatham "$tmp/p.txt"
    "$sudoku" generate --variant "$v" --size "$size" --seed 102 >"$tmp/k.txt"
    assert "$f: puzzle 3 of seed 100 is seed 102" \
        [ "$(sed -n 3p "$tmp/p.txt")" = "$(cat "$tmp/k.txt")" ]
    "$sudoku" generate --variant "$v" --size "$size" --seed 100 -n "$n" \
        -o grid >"$tmp/p.grid"
    expect "$f: the grid layout reads back" 0 "$(cat "$tmp/s.txt")" "" \
        -- "$sudoku" solve -o tatham "$tmp/p.grid"
    if [ -x "$solo" ]; then
        rm -rf "$tmp/solo"
        mkdir "$tmp/solo"
        "$solo" --save "$tmp/solo/s" --save-suffix .sav --with-solutions \
            <"$tmp/p.txt" >/dev/null 2>"$tmp/solo.err"
        assert "$f: sgt-solo reads our IDs" \
            [ "$(grep -cv 'Multiple solutions exist' "$tmp/solo.err")" = 0 ]
        i=0 same=0 solved=0
        while read -r id; do
            if [ -s "$tmp/solo/s$i.sav" ]; then
                ours=$(echo "$id" | sed 's/^[^:]*://; s/,.*//' | tr _ ,)
                theirs=$(sed -n 's/^SOLVE *:[0-9]*:S//p' "$tmp/solo/s$i.sav")
                solved=$((solved + 1))
                [ "$ours" = "$theirs" ] && same=$((same + 1))
            fi
            i=$((i + 1))
        done <"$tmp/s.txt"
        assert "$f: sgt-solo solves as we do ($same of $solved)" \
            [ "$same" = "$solved" ]
        # Solo's solver finishes every X and jigsaw puzzle; on killers it
        # sometimes reports several solutions where our DLX and DFS counts
        # both find one (see README)
        case $v in
        *killer*) echo "$f: sgt-solo's solver finished $solved of $n" ;;
        *) assert "$f: sgt-solo solves all ($solved of $n)" [ "$solved" = "$n" ] ;;
        esac
    fi
done
[ -x "$solo" ] || echo "sgt-solo not installed: Solo's reading of our IDs not checked"

expect "JSON: the variant and its Solo ID" 0 '*' "" \
    -- "$sudoku" generate --variant x,killer --size 6 --seed 7 -o json
assert "JSON fields" grep -q '"variant":"X killer","id":"2x3xk:' "$tmp/out"

use() { grep -q "$1" "$tmp/err"; }
expect "an unknown variant" 4 "" '*' -- "$sudoku" generate --variant x,sudoku
assert "the bad name said" use "'sudoku' is not a variant"
expect "an empty variant" 4 "" '*' -- "$sudoku" generate --variant jigsaw,
expect "line holds no regions" 4 "" '*' \
    -- "$sudoku" generate --variant jigsaw -o line
expect "descend is for plain sudoku" 4 "" '*' \
    -- "$sudoku" generate --variant x --difficulty easy --reach descend

# --difficulty with --variant: each puzzle rates at the grade asked for
# (by the logic solver, run again here) and has one solution
for spec in x:hard jigsaw:hard jigsaw:medium killer:easy killer:medium \
            killer:hard x,killer:medium jigsaw,killer:medium; do
    v=${spec%%:*} d=${spec#*:}
    "$sudoku" generate --variant "$v" --difficulty "$d" --seed 3 -n 2 \
        >"$tmp/g.txt"
    expect "$v $d: one solution" 0 "$(yes 1 | head -n 2)" "" \
        -- "$sudoku" count --limit 2 "$tmp/g.txt"
    "$sudoku" rate "$tmp/g.txt" >"$tmp/r.txt"
    assert "$v $d: rated $d" [ "$(grep -c ": $d " "$tmp/r.txt")" = 2 ]
done
expect "fill is for plain sudoku" 4 "" '*' \
    -- "$sudoku" generate --variant x --fill pattern
expect "cage size without killer" 4 "" '*' \
    -- "$sudoku" generate --variant x --cage-size 3
expect "cage size of one cell" 4 "" '*' \
    -- "$sudoku" generate --variant killer --cage-size 1
expect "-o line with X: refused (a line drops the diagonals)" 4 "" \
    "sudoku generate: -o line holds no diagonals, regions or cages: tatham, grid, numbers or json
Try 'sudoku generate --help' for more information." \
    -- "$sudoku" generate --variant x --seed 3 -o line
cli_done
