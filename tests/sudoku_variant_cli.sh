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
# (-o line writes a variant as its Solo ID: the cells are its grid part)
expect "Solo's puzzles solve to Solo's solutions" 0 "$(cat "$tmp/solo.txt")" "" \
    -- sh -c "'$sudoku' solve -o line '$tmp/ids.txt' | awk '{ sub(/^[^:]*:/, \"\"); sub(/,.*/, \"\"); n = split(\$0, v, \"_\"); s = \"\"; for (i = 1; i <= n; i++) s = s substr(\"123456789ABC\", v[i], 1); print s }'"
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

# canon and transform under each variant's group (sudoku_canon.h): the
# canonical forms of random images are the puzzles' own, the images have
# one solution and Solo's solutions moved with them pass the checker
"$sudoku" canon "$tmp/ids.txt" >"$tmp/canon.txt"
assert "canon of every Solo variant" [ "$(grep -c . "$tmp/canon.txt")" = "$(grep -c . "$tmp/ids.txt")" ]
for seed in 1 7; do
    "$sudoku" transform --seed $seed "$tmp/ids.txt" >"$tmp/moved.txt"
    expect "transform --seed $seed: canon unchanged" 0 "$(cat "$tmp/canon.txt")" "" \
        -- "$sudoku" canon "$tmp/moved.txt"
    expect "transform --seed $seed: one solution each" 0 \
        "$(yes 1 | head -n "$(grep -c . "$tmp/ids.txt")")" "" \
        -- "$sudoku" count --limit 2 "$tmp/moved.txt"
    "$sudoku" solve -o tatham "$tmp/ids.txt" >"$tmp/sols.txt"
    "$sudoku" transform --seed $seed "$tmp/sols.txt" >"$tmp/msols.txt"
    expect "transform --seed $seed: the moved solutions check" 0 "*" "" \
        -- "$sudoku" check --givens "$tmp/moved.txt" "$tmp/msols.txt"
    expect "transform --seed $seed --inverse: back" 0 "$(cat "$tmp/ids.txt")" "" \
        -- "$sudoku" transform --seed $seed --inverse "$tmp/moved.txt"
done
# what a group leaves out is refused, by name
grep -P '^3x3k\t' "$tsv" | head -n 1 | cut -f2 >"$tmp/k1.txt"
grep -P '^9j\t' "$tsv" | head -n 1 | cut -f2 >"$tmp/j1.txt"
expect "killer: no relabeling" 3 "" "*" \
    -- "$sudoku" transform --relabel 2,1,3,4,5,6,7,8,9 "$tmp/k1.txt"
assert "killer: relabeling named" grep -q "relabeling the digits of killer sudoku would change its cage sums" "$tmp/err"
expect "jigsaw: no row swap" 3 "" "*" \
    -- "$sudoku" transform --rows 2,1,3,4,5,6,7,8,9 "$tmp/j1.txt"
assert "jigsaw: row order named" grep -q "moving rows or columns of jigsaw sudoku parts neighbouring cells of its regions" "$tmp/err"
expect "X: no row swap alone" 3 "" "*" \
    -- "$sudoku" transform --rows 2,1,3,4,5,6,7,8,9 "$tmp/x1.txt"
assert "X: diagonals named" grep -q "takes cells off the diagonals of X sudoku" "$tmp/err"
expect "X: rows and columns mirrored in bands" 0 "*" "" \
    -- "$sudoku" transform --rows 3,2,1,6,5,4,9,8,7 --cols 3,2,1,6,5,4,9,8,7 "$tmp/x1.txt"
expect "jigsaw: rotation" 0 "*" "" \
    -- "$sudoku" transform --transpose --rows 9,8,7,6,5,4,3,2,1 "$tmp/j1.txt"
printf '%625s\n' '' | tr ' ' . >"$tmp/e25.txt"
expect "X canon past 16 refused" 3 "" "*" -- "$sudoku" canon --x "$tmp/e25.txt"
assert "X canon limit named" grep -q "canon of a variant takes orders up to 16" "$tmp/err"

# the search seen on variants: a killer's page names its cages and
# labels a tuple option with every cell it fills; a jigsaw's tree too
expect "--html on killer" 0 "*" "" \
    -- "$sudoku" solve --html "$tmp/jxk1.html" "$tmp/jxk1.txt"
assert "--html on killer: cages named" grep -q "cage at r[0-9]*c[0-9]* (sum [0-9]*)" "$tmp/jxk1.html"
assert "--html on killer: a tuple's cells" grep -Eq "r[0-9]c[0-9]=[0-9] r[0-9]c[0-9]=[0-9]" "$tmp/jxk1.html"
assert "--html on killer: regions named" grep -q "of region" "$tmp/jxk1.html"
expect "--tree-svg on jigsaw killer" 0 "*" "" \
    -- "$sudoku" solve --tree-svg "$tmp/jxk1.svg" "$tmp/jxk1.txt"
assert "--tree-svg: an SVG" grep -q "<svg" "$tmp/jxk1.svg"

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

# where the search branched and what it tried, in the words of the
# variant's matrix (its items numbered without the caged cells)
"$sudoku" solve --trace "$tmp/k1.txt" >"$tmp/k1.trace" 2>&1
assert "killer branches named by unit" grep -q "level 0: digit 3 of row 7" \
    "$tmp/k1.trace"
assert "killer tries named by cage" grep -q "^try cage at r" "$tmp/k1.trace"

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
