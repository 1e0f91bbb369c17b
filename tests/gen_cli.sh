#!/bin/sh
# gen_cli.sh DLX DATA_DIR - `dlx gen` against published counts
# (exact-cover/gen-counts.tsv), `dlx dfs` against the same counts and
# against Dancing Links, and the messages of both for bad input.
dlx=$1
data=$2
tmp=${TMPDIR:-/tmp}/gen_cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

# every generator, piped to dlx as a student would
tab=$(printf '\t')
while IFS="$tab" read -r args want source; do
    case $args in '#'*|'') continue ;; esac
    case $args in set\ *) args="set $data/${args#set }" ;; esac
    # shellcheck disable=SC2086
    got=$("$dlx" gen $args | "$dlx" -c)
    if [ "$got" = "$want" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: dlx gen $args | dlx -c: $got, expected $want ($source)"
    fi
done <"$data/exact-cover/gen-counts.tsv"

# the naive searches: n! permutations, A000170 queens, and the same counts
# as Dancing Links on the generated matrix
fact=1
for n in 1 2 3 4 5 6 7 8 9; do
    fact=$((fact * n))
    expect "dfs permutations $n" 0 "$fact" "" -- "$dlx" dfs permutations $n -c
done
set -- 1 0 0 2 10 4 40 92 352 724
for n in 1 2 3 4 5 6 7 8 9 10; do
    st=0; [ "$1" = 0 ] && st=1
    expect "dfs queens $n" $st "$1" "" -- "$dlx" dfs queens $n --count
    expect "dlx queens $n" $st "$1" "" -- sh -c "'$dlx' gen queens $n | '$dlx' -c"
    shift
done
expect "dfs prints" 0 "1 2 3
1 3 2
2 1 3
2 3 1
3 1 2
3 2 1" "" -- "$dlx" dfs permutations 3
expect "dlx prints the same orders" 0 "p1 v1 p2 v2 p3 v3
p1 v1 p2 v3 p3 v2
p1 v2 p2 v1 p3 v3
p1 v2 p2 v3 p3 v1
p1 v3 p2 v1 p3 v2
p1 v3 p2 v2 p3 v1" "" -- sh -c "'$dlx' gen permutations 3 | '$dlx' | paste -sd' ' | sed 's/  /\n/g; s/ \$//'"
expect "dfs trace" 0 "p1 = 1
  p2 = 2
    every position filled: a solution
  backtrack: no value left for p2
p1 = 2
  p2 = 1
    every position filled: a solution
  backtrack: no value left for p2
backtrack: no value left for p1
2" "" -- "$dlx" dfs permutations 2 -c --trace
expect "dfs limit" 0 "2" "" -- "$dlx" dfs queens 8 -c --limit 2
expect "dfs cut short" 5 "*" "dlx dfs: search cut short (node limit reached) after 10 nodes: 0 solutions found so far" \
    -- "$dlx" dfs queens 8 -c --max-nodes 10
expect "dfs stats" 0 "24" "*" -- "$dlx" dfs permutations 4 -c -s
assert "dfs stats nodes" grep -q "^nodes: 64$" "$tmp/err"

# the set list: the solution reads with the subsets' names
expect "set solution" 0 "B 1 4
D 3 5 6
F 2 7" "" -- sh -c "'$dlx' gen set '$data/exact-cover/wikipedia-sets.txt' | '$dlx'"
printf 'a b\nb c\n' >"$tmp/unnamed.txt"
expect "set unnamed" 0 "| set - : exact cover by 2 subsets of 3 elements
a b c
a b
b c" "" -- sh -c "'$dlx' gen set - < '$tmp/unnamed.txt' | sed 's/<stdin>/- /'"
expect "set output file" 0 "" "" -- "$dlx" gen set "$tmp/unnamed.txt" -o "$tmp/u.dlx"
expect "set has no cover" 1 "0" "" -- "$dlx" -c "$tmp/u.dlx"
printf '= 1 2\nA: 1 3\n' >"$tmp/s1.txt"
expect "set element outside" 3 "*" "$tmp/s1.txt:2:6: '3' is not in the set given by '='" \
    -- "$dlx" gen set "$tmp/s1.txt"
printf 'A: 1 2\nA: 3\n' >"$tmp/s2.txt"
expect "set name twice" 3 "*" "$tmp/s2.txt:2:1: subset 'A' is named twice" \
    -- "$dlx" gen set "$tmp/s2.txt"
printf 'A: 1 2 1\n' >"$tmp/s3.txt"
expect "set element twice" 3 "*" "$tmp/s3.txt:1:8: '1' twice in one subset" \
    -- "$dlx" gen set "$tmp/s3.txt"
printf '1 2\n= 1 2\n' >"$tmp/s4.txt"
expect "set late =" 3 "*" "$tmp/s4.txt:2:1: '=' gives the set to cover once, before the subsets" \
    -- "$dlx" gen set "$tmp/s4.txt"
printf 'A: 1 x:y\n' >"$tmp/s5.txt"
expect "set colon" 3 "*" "$tmp/s5.txt:1:7: ':' in a name (names are printable ASCII without ':' or '|'; 'NAME:' names a subset)" \
    -- "$dlx" gen set "$tmp/s5.txt"
printf 'A:\n' >"$tmp/s6.txt"
expect "set empty subset" 3 "*" "$tmp/s6.txt:1: a subset with no element" \
    -- "$dlx" gen set "$tmp/s6.txt"
printf 'A: B\nB: A\n' >"$tmp/s7.txt"
expect "set name is element" 3 "*" "$tmp/s7.txt:1:1: 'A' names a subset and an element" \
    -- "$dlx" gen set "$tmp/s7.txt"
printf '# nothing\n' >"$tmp/s8.txt"
expect "set nothing" 3 "" "$tmp/s8.txt: no subset in the list" -- "$dlx" gen set "$tmp/s8.txt"
expect "set missing file" 3 "" "dlx gen: $tmp/none.txt: No such file or directory" \
    -- "$dlx" gen set "$tmp/none.txt"

# usage errors: exit 4, one line and the hint
hint="Try 'dlx gen --help' for more information."
expect "no kind" 4 "" "dlx gen: which problem? (KIND ARG)
$hint" -- "$dlx" gen
expect "unknown kind" 4 "" "dlx gen: unknown kind of problem 'rooks'
$hint" -- "$dlx" gen rooks 8
expect "missing N" 4 "" "dlx gen: queens needs N
$hint" -- "$dlx" gen queens
expect "bad N" 4 "" "dlx gen: queens: 'x8' is not a number from 1 to 1000
$hint" -- "$dlx" gen queens x8
expect "N too large" 4 "" "dlx gen: latin: '101' is not a number from 1 to 100
$hint" -- "$dlx" gen latin 101
expect "bad board" 4 "" "dlx gen: pentominoes: '6x' is not a board RxC (R rows of C cells, up to 36) or RxC-AxB (a centred A x B hole)
$hint" -- "$dlx" gen pentominoes 6x
expect "wrong area" 4 "" "dlx gen: pentominoes: the 12 pentominoes cover 60 cells, and the board 6x9 has 54
$hint" -- "$dlx" gen pentominoes 6x9
expect "hole off centre" 4 "" "dlx gen: pentominoes: the hole 3x2 cannot be centred in 8x8 (the board must be larger by an even number each way)
$hint" -- "$dlx" gen pentominoes 8x8-3x2
expect "bad box" 4 "" "dlx gen: sudoku: '2x' is not a box shape RxC (2x2, 2x3, 3x3, ...; order up to 100)
$hint" -- "$dlx" gen sudoku 2x
expect "no reduce" 4 "" "dlx gen: permutations has no symmetry to --reduce
$hint" -- "$dlx" gen permutations 3 --reduce
expect "third operand" 4 "" "dlx gen: one KIND and one ARG, and '9' is a third
$hint" -- "$dlx" gen queens 8 9
expect "unknown option" 4 "" "dlx gen: unknown option '--fast'
$hint" -- "$dlx" gen queens 8 --fast
expect "help" 0 "*" "" -- "$dlx" gen --help
assert "help lists every kind" grep -q "^  pentominoes BOARD" "$tmp/out"
dhint="Try 'dlx dfs --help' for more information."
expect "dfs unknown" 4 "" "dlx dfs: which search? permutations N or queens N
$dhint" -- "$dlx" dfs latin 3
expect "dfs bad N" 4 "" "dlx dfs: N: '65' is not a number from 1 to 64
$dhint" -- "$dlx" dfs queens 65
expect "write error" 6 "" "*" -- "$dlx" gen queens 20 -o /dev/full
cli_done
