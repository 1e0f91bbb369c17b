#!/bin/sh
# sudoku_variant_cli.sh BIN_DIR DATA_DIR - the variants (X, jigsaw, killer)
# through the sudoku command: Solo's puzzles solved to Solo's solutions,
# the naive search agreeing, the grid layout's sections read and written
# back, check of units and cages, encode for dlx, the commands that refuse
# variants, and (when sgt-solo is installed) Solo reading our IDs.
bin=$1
sudoku=$bin/sudoku
dlx=$bin/dlx
data=$2/sudoku
tmp=${TMPDIR:-/tmp}/sudoku_variant_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

tsv=$data/solo-variants.tsv
cut -f2 "$tsv" >"$tmp/ids.txt"
# Solo's solutions as our one-line output (10, 11, 12 are A, B, C)
cut -f3 "$tsv" | awk -F, '{ s = ""; for (i = 1; i <= NF; i++)
    s = s substr("123456789ABC", $i, 1); print s }' >"$tmp/solo.txt"
expect "Solo's puzzles solve to Solo's solutions" 0 "$(cat "$tmp/solo.txt")" "" \
    -- "$sudoku" solve -o line "$tmp/ids.txt"
n=$(wc -l <"$tmp/ids.txt")
expect "each has one solution" 0 "$(yes 1 | head -n "$n")" "" \
    -- "$sudoku" count --limit 2 "$tmp/ids.txt"
grep -P '^(3x3x|2x3k|9jk|9jx|9jxk)\t' "$tsv" | cut -f2 >"$tmp/dfs.txt"
expect "the naive search agrees" 0 "$(yes 1 | head -n "$(wc -l <"$tmp/dfs.txt")")" "" \
    -- "$sudoku" count -m dfs --limit 2 "$tmp/dfs.txt"

# every solution written as a grid with its sections reads back: check
# says valid, and solving it again gives the same Solo ID
"$sudoku" solve -o tatham "$tmp/ids.txt" >"$tmp/sol.tat"
"$sudoku" solve -o grid "$tmp/ids.txt" >"$tmp/sol.grid"
expect "grid sections read back" 0 "$(cat "$tmp/sol.tat")" "" \
    -- "$sudoku" solve -o tatham "$tmp/sol.grid"
expect "check: Solo's solutions valid" 0 "$(yes valid | head -n "$n")" "" \
    -- "$sudoku" check "$tmp/sol.grid"
"$sudoku" solve -o numbers "$tmp/ids.txt" >"$tmp/sol.num"
expect "numbers sections read back" 0 "$(cat "$tmp/sol.tat")" "" \
    -- "$sudoku" solve -o tatham "$tmp/sol.num"

# a plain sudoku grid that is not an X sudoku
plain=123456789456789123789123456234567891567891234891234567345678912678912345912345678
printf '%s\n' "$plain" >"$tmp/plain.txt"
expect "plain grid valid" 0 valid "" -- "$sudoku" check "$tmp/plain.txt"
expect "--x: the diagonals" 1 "invalid: main diagonal holds 5 twice" "" \
    -- "$sudoku" check --x "$tmp/plain.txt"
{ echo "$plain" | fold -w 9; echo "diagonals:"; } >"$tmp/xgrid.txt"
expect "diagonals section" 1 "invalid: main diagonal holds 5 twice" "" \
    -- "$sudoku" check "$tmp/xgrid.txt"
# the same grid with boxes 1 and 2 trading r3c3 (9) and r1c4 (4)
{ echo "$plain" | fold -w 9; echo "regions:"
  printf 'AAAABBCCC\nAAABBBCCC\nAABBBBCCC\n'
  for r in 1 2 3; do echo DDDEEEFFF; done
  for r in 1 2 3; do echo GGGHHHIII; done; } >"$tmp/jgrid.txt"
expect "regions section" 1 "invalid: region 1 holds 4 twice" "" \
    -- "$sudoku" check "$tmp/jgrid.txt"
# a 4x4 killer of dominoes whose sums leave one solution
cat >"$tmp/killer.txt" <<'K'
. . . .
. . . .
. . . .
. . . .
cages:
aabb
cdde
cffe
gghh
a 3
b 7
c 6
d 5
e 4
f 5
g 7
h 3
K
# (its solution, checked by hand: every row, column, box and cage)
expect "killer cages section" 0 "1 2 | 3 4
4 3 | 2 1
----+----
2 1 | 4 3
3 4 | 1 2
cages:
AABB
CDDE
CFFE
GGHH
A 3
B 7
C 6
D 5
E 4
F 5
G 7
H 3" "" -- "$sudoku" solve -o grid "$tmp/killer.txt"
# the solution with digits 1 and 3 swapped: every unit holds, no cage sum
expect "killer: a wrong sum" 1 "invalid: the cage at r1c1 adds up to 5, not 3" "" \
    -- sh -c "printf '3214\\n4123\\n2341\\n1432\\ncages:\\naabb\\ncdde\\ncffe\\ngghh\\na 3\\nb 7\\nc 6\\nd 5\\ne 4\\nf 5\\ng 7\\nh 3\\n' | '$sudoku' check"

# encode: the exact cover of a variant, which dlx counts
head -n 1 "$tmp/ids.txt" >"$tmp/x1.txt"
grep -P '^9jxk\t' "$tsv" | head -n 1 | cut -f2 >"$tmp/jxk1.txt"
for f in x1 jxk1; do
    expect "encode $f | dlx -c" 0 1 "" \
        -- sh -c "'$sudoku' encode '$tmp/$f.txt' | '$dlx' -c"
done

# what variants do not have yet is refused, by name
for cmd in canon transform; do
    expect "$cmd refuses" 3 "" "*" -- "$sudoku" $cmd "$tmp/jxk1.txt"
    assert "$cmd names the variant" grep -q "jxk1.txt:1: $cmd takes plain sudoku; the symmetries of X jigsaw killer sudoku are not there yet" "$tmp/err"
done

# killer is explained with its cage techniques, to the end
for cmd in explain hint rate; do
    expect "$cmd takes killer" 0 "*" "" -- "$sudoku" $cmd "$tmp/jxk1.txt"
done
"$sudoku" explain "$tmp/jxk1.txt" >"$tmp/jxk1.explain"
assert "explain killer: cage combinations named" \
    grep -q "cage combinations: the cage" "$tmp/jxk1.explain"
assert "explain killer: to the end" grep -q "^solved in" "$tmp/jxk1.explain"
grep -P '^[^\t]*k\t' "$tsv" | cut -f2 >"$tmp/k.txt"
expect "rate killers" 0 "*" "" -- "$sudoku" rate "$tmp/k.txt"
assert "rate killers: none needs a guess" \
    [ "$(grep -c 'guessing' "$tmp/out")" = 0 ]

# X and jigsaw are explained over their units, to Solo's solution
grep -P '^(3x3x|9jx)\t' "$tsv" | cut -f2 >"$tmp/xj.txt"
expect "rate X and jigsaw" 0 "*" "" -- "$sudoku" rate "$tmp/xj.txt"
assert "rate: every puzzle easy, like Solo's" \
    [ "$(grep -c ': easy' "$tmp/out")" = 40 ]
"$sudoku" explain "$tmp/x1.txt" >"$tmp/x1.explain"
assert "explain X: a diagonal named" grep -q "diagonal" "$tmp/x1.explain"
assert "explain X: to the end" grep -q "^solved in" "$tmp/x1.explain"

# Solo reads the IDs we write, and its solver agrees with ours
solo=/usr/games/sgt-solo
if [ -x "$solo" ]; then
    mkdir "$tmp/solo"
    "$solo" --save "$tmp/solo/s" --save-suffix .sav --with-solutions \
        <"$tmp/sol.tat" >/dev/null 2>"$tmp/solo.err"
    assert "sgt-solo accepts our IDs" [ $? = 0 ]
    i=0 same=0
    while read -r id; do
        ours=$(echo "$id" | sed 's/^[^:]*://; s/,.*//' | tr _ ,)
        theirs=$(sed -n 's/^SOLVE *:[0-9]*:S//p' "$tmp/solo/s$i.sav")
        [ "$ours" = "$theirs" ] && same=$((same + 1))
        i=$((i + 1))
    done <"$tmp/sol.tat"
    assert "sgt-solo solves our IDs as we do ($same of $n)" [ "$same" = "$n" ]
else
    echo "sgt-solo not installed: Solo's reading of our IDs not checked"
fi
cli_done
