#!/bin/sh
# sudoku_grids_shards.sh BIN - every sudoku grid counted in shards, as on
# many machines: `sudoku bands --grids --split` writes the jobs (one per
# band class), `--jobs JOBS --shard K/N` counts a shard, `dlx merge`
# adds the results up.  The totals must be the published counts (4x4:
# 288, 6x6: 28200960, OEIS A107739) for every N; a shard missing or
# merged twice, results of another shape, a damaged line, and a shard cut
# by its --timeout must each be refused or marked as the README says.
bin=$(cd "$1" && pwd)
sudoku=$bin/sudoku
dlx=$bin/dlx
tmp=${TMPDIR:-/tmp}/sudoku_grids_shards.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# holds WHAT TEST...: pass when the test command succeeds
holds() {
    what=$1
    shift
    if "$@"; then pass; else fail "$what"; fi
}
# expect NAME STATUS WANT_STATUS FILE PATTERN: the status, and stderr
# (FILE) matching PATTERN (grep -E)
expect() {
    if [ "$2" = "$3" ] && grep -Eq "$5" "$4"; then
        pass
    else
        fail "$1: exit $2 (want $3): $(cat "$4")"
    fi
}

for shape in 2x2:288 2x3:28200960 3x2:28200960; do
    box=${shape%%:*} want=${shape#*:}
    "$sudoku" bands --grids --box "$box" --split >"jobs.$box" 2>/dev/null
    for n in 1 2 3 4 7; do
        rm -f res.*
        k=1
        while [ $k -le $n ]; do
            "$sudoku" bands --grids --box "$box" --jobs "jobs.$box" \
                --shard "$k/$n" --threads $((1 + k % 2)) >"res.$k" ||
                fail "$box shard $k/$n: exit $?"
            k=$((k + 1))
        done
        total=$("$dlx" merge "jobs.$box" res.* 2>/dev/null)
        status=$?
        if [ $status = 0 ] && [ "$total" = "$want" ]; then
            pass
        else
            fail "$box in $n shards: exit $status, total '$total' (want $want)"
        fi
    done
    # one job at a time, the results concatenated into one file
    jobs=$(sed -n 's/^# jobs //p' "jobs.$box")
    : >all
    j=0
    while [ $j -lt "$jobs" ]; do
        "$sudoku" bands --grids --box "$box" --jobs "jobs.$box" --job $j >>all
        j=$((j + 1))
    done
    total=$("$dlx" merge "jobs.$box" all 2>/dev/null) || total="exit $?"
    holds "$box by --job, concatenated: '$total' (want $want)" \
        [ "$total" = "$want" ]
    # the same total as the count on threads
    whole=$("$sudoku" bands --grids --box "$box" | sed 's/.*: //')
    holds "$box --grids: '$whole'" [ "$whole" = "$want" ]
done

# 6x6 in 3 shards (one class each), then what merge refuses
for k in 1 2 3; do
    "$sudoku" bands --grids --box 2x3 --jobs jobs.2x3 --shard $k/3 >"r.$k"
done
"$dlx" merge jobs.2x3 r.1 r.3 >/dev/null 2>err
expect "a shard missing" $? 3 err "1 of 3 jobs have no result: 1$"
"$dlx" merge jobs.2x3 r.1 r.2 r.3 r.2 >/dev/null 2>err
expect "a shard twice" $? 3 err "^r\.2:5:5: job 1 counted twice$"
"$sudoku" bands --grids --box 3x2 --jobs jobs.3x2 --shard 1/1 >r32
"$dlx" merge jobs.2x3 r.1 r.2 r32 >/dev/null 2>err
expect "results of 3x2 merged with the jobs of 2x3" $? 3 err \
    "^r32:2:15: results of another problem"
cat r.1 r32 >mixed
"$dlx" merge jobs.2x3 mixed r.2 r.3 >/dev/null 2>err
expect "a file of two shapes" $? 3 err "^mixed:7:15: results of another problem"
"$sudoku" bands --grids --box 3x2 --jobs jobs.2x3 >/dev/null 2>err
expect "the jobs of 2x3 counted as 3x2" $? 3 err \
    "^sudoku bands: jobs\.2x3: not the jobs of the 6x6 grids with 3x2 boxes"
sed 's/^job 1 solutions [0-9]*/job 1 solutions 12x4/' r.2 >bad
"$dlx" merge jobs.2x3 r.1 bad r.3 >/dev/null 2>err
expect "a damaged results line" $? 3 err "^bad:5:17: bad count '12x4'$"
sed '$s/ [0-9]*$/ 999/' jobs.2x3 >badjobs
"$sudoku" bands --grids --box 2x3 --jobs badjobs --shard 3/3 >/dev/null 2>err
expect "a damaged job" $? 3 err "^badjobs:7: job 2 is not class 2 of the 6x6"
sed '$s/ [0-9]*$/ 9x9/' jobs.2x3 >badjobs
"$sudoku" bands --grids --box 2x3 --jobs badjobs --shard 3/3 >/dev/null 2>err
expect "a job not a number" $? 3 err "^badjobs:7:34: bad option number$"

"$sudoku" bands --grids --shard 1/2 >/dev/null 2>err
expect "--shard without --jobs" $? 4 err \
    "^sudoku bands: --shard needs --jobs FILE$"

# a budget holds per shard: 8x8 classes take minutes, --timeout stops
# each shard, which says so (exit 5) and writes its classes as partial;
# merge then prints a lower bound and exits 5
"$sudoku" bands --grids --box 2x4 --split >jobs.2x4 2>/dev/null
start=$(date +%s)
for k in 1 2; do
    "$sudoku" bands --grids --box 2x4 --jobs jobs.2x4 --shard $k/2 \
        --timeout 0.5 >"cut.$k" 2>err
    expect "8x8 shard $k/2 with --timeout 0.5" $? 5 err \
        "cut short by --timeout"
done
took=$(($(date +%s) - start))
holds "two shards of --timeout 0.5 took $took s" [ $took -le 8 ]
holds "a cut shard writes 'partial'" grep -q ' partial check [0-9a-f]*$' cut.1
total=$("$dlx" merge jobs.2x4 cut.1 cut.2 2>err)
status=$?
case $total in
*+) expect "merge of cut shards" $status 5 err "partial" ;;
*) fail "merge of cut shards printed '$total' (want a lower bound N+)" ;;
esac

# 8x8 (2x4 boxes) by the nested sum of three bands below, in two shards merged: the
# published 29,136,487,207,403,520 (Russell and Jarvis; OEIS A107739), a
# few seconds of CPU; the nested sum at its smallest against Latin
# squares, counted by the whole-grid method too (1x4 boxes: 576, OEIS
# A002860)
for k in 1 2; do
    "$sudoku" bands --grids --box 2x4 --jobs jobs.2x4 --shard $k/2 \
        >"full.$k" || fail "8x8 shard $k/2: exit $?"
done
total=$("$dlx" merge jobs.2x4 full.1 full.2 2>/dev/null) || total="exit $?"
holds "8x8 in two shards: '$total'" [ "$total" = 29136487207403520 ]
for m in nested whole; do
    n=$("$sudoku" bands --grids --box 1x4 --grid-method $m | sed 's/.*: //')
    holds "Latin squares of order 4 by $m: '$n'" [ "$n" = 576 ]
done
"$sudoku" bands --grids --box 2x3 --grid-method nested >/dev/null 2>err
expect "nested on 2x3" $? 4 err "nested three or more"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
