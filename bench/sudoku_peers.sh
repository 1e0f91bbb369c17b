#!/usr/bin/env bash
# bench/sudoku_peers.sh - `sudoku count -l 2` beside the exact-cover sudoku
# solvers people benchmark, kudoku (sudoku_v1.c) and fast_solv_9r2.c (both
# in attractivechaos/plb, sudoku/), and beside tdoku (t-dillon/tdoku, the
# fastest published 9x9 solver, SIMD propagation rather than exact cover),
# in the same run: CPU time (user + system) of each whole process, reading
# included, runs alternating, medians, ratios peer/ours.
#
#   bench/sudoku_peers.sh [--kudoku PATH] [--fast PATH] [--tdoku PATH]
#                         [--sudoku PATH] [--base PATH] [--runs N]
#                         [--data DIR]
#
# --base PATH times a second build of our `sudoku` (the baseline of a
# change, built the same way) in the same rounds: its counts must be ours,
# and its column is base/ours, above 1 when the change is faster.
#
# Inputs: the first 5,000 puzzles of 17-clue, top1465 whole, the first 2,000
# of forum-hardest (../shared/data/sudoku).  Before any time is kept the
# answers are compared: every puzzle must have one solution by our count,
# and the solutions kudoku prints must be ours (`sudoku solve -o line`).
# fast_solv_9r2 prints nothing per puzzle for one solution; its summary
# must count every puzzle solved.  tdoku has no command for this: give a
# driver of a dozen lines around its library (built as its CMake does,
# -O3 -march=native) that reads one puzzle a line and prints the count
# TdokuSolverDpllTriadSimd(line, 2, 0, sol, &guesses) returns, or with -s
# the solution of a call with limit 1; both are checked against ours.  The
# peers are not part of this project: build them yourself (gcc -O3) and
# give their paths.  Exit 1 when an answer differs.
#
# Each round also times a canary, an integer loop without memory (built
# with cc -O2 when cc is there): its last column is its median CPU ms
# over the input's rounds.  Shared machines have a mode where the host
# takes execution units (bench/HISTORY.md, "what the slow mode is"); the
# canary is then 25-50% above its quiet time and our times 25-30% above
# theirs, tdoku's under 10%: read a ratio with the canary beside it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=3 kudoku= fast= tdoku= base= sudoku=$root/build/bin/sudoku
data=$root/../shared/data/sudoku
while (($#)); do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --kudoku) kudoku=$2; shift 2 ;;
    --fast) fast=$2; shift 2 ;;
    --tdoku) tdoku=$2; shift 2 ;;
    --sudoku) sudoku=$2; shift 2 ;;
    --base) base=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    -h|--help) sed -n '2,36p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/sudoku_peers.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
[ -x "$sudoku" ] || { echo "bench/sudoku_peers.sh: no $sudoku (build first)" >&2; exit 4; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -5000 "$data/17-clue.txt" >"$tmp/17-clue-5000.txt"
cp "$data/top1465.txt" "$tmp/top1465.txt"
head -2000 "$data/forum-hardest-1905-11plus.txt" >"$tmp/forum-hardest-2000.txt"

# cpu IN CMD...: the CPU seconds (user + system) of CMD < IN, output
# discarded.  Children's time is taken before and after: a python3 that is
# a shim (pyenv) runs processes of its own before it starts, and their
# 45 ms would count as CMD's.
cpu() {
    python3 -c '
import resource, subprocess, sys
def children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
before = children()
subprocess.run(sys.argv[2:], stdin=open(sys.argv[1]), stdout=subprocess.DEVNULL, check=True)
print("%.4f" % (children() - before))' "$@"
}
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

# the canary: four dependent integer chains, 10^8 steps (about 85 ms on
# the machine of bench/RESULTS.md when the host is quiet)
canary=
if command -v cc >/dev/null 2>&1; then
    cat >"$tmp/canary.c" <<'CANARY'
#include <stdint.h>
#include <stdio.h>
int main(void)
{
    uint64_t a = 1, b = 2, c = 3, d = 4;
    for (long i = 0; i < 100000000L; i++) {
        a += b ^ (uint64_t)i;
        b += c * 3;
        c ^= d + (uint64_t)i;
        d += a >> 3;
    }
    printf("%lu\n", (unsigned long)(a + b + c + d));
    return 0;
}
CANARY
    cc -O2 -o "$tmp/canary" "$tmp/canary.c" 2>/dev/null && canary=$tmp/canary
fi

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "runs: $runs, alternating; CPU s of the whole process, median"
echo
echo "| input | puzzles | ours s | kudoku s | kudoku/ours | fast_solv_9r2 s | fast/ours | tdoku s | tdoku/ours | base s | base/ours | canary ms |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
status=0
for f in 17-clue-5000 top1465 forum-hardest-2000; do
    in=$tmp/$f.txt
    n=$(grep -c . "$in")
    # answers first
    "$sudoku" count -l 2 "$in" >"$tmp/count" || true
    if [ "$(grep -cx 1 "$tmp/count")" != "$n" ]; then
        echo "bench/sudoku_peers.sh: $f: not every puzzle has one solution by our count" >&2
        status=1
        continue
    fi
    "$sudoku" solve -o line "$in" >"$tmp/ours"
    if [ -n "$kudoku" ]; then
        "$kudoku" <"$in" | grep . >"$tmp/kudoku" || true
        cmp -s "$tmp/ours" "$tmp/kudoku" || {
            echo "bench/sudoku_peers.sh: $f: kudoku's solutions differ from ours" >&2
            status=1
        }
    fi
    if [ -n "$fast" ]; then
        "$fast" -s 2 <"$in" >"$tmp/fast" 2>&1 || true
        if grep -q "above problem\|Invalid" "$tmp/fast"; then
            echo "bench/sudoku_peers.sh: $f: fast_solv_9r2 disagrees (several or no solutions)" >&2
            status=1
        fi
    fi
    if [ -n "$tdoku" ]; then
        "$tdoku" -l 2 <"$in" >"$tmp/tdoku" || true
        "$tdoku" -s <"$in" >"$tmp/tdoku.sol" || true
        if [ "$(grep -cx 1 "$tmp/tdoku")" != "$n" ] ||
            ! cmp -s "$tmp/ours" "$tmp/tdoku.sol"; then
            echo "bench/sudoku_peers.sh: $f: tdoku's counts or solutions differ from ours" >&2
            status=1
        fi
    fi
    if [ -n "$base" ]; then
        "$base" count -l 2 "$in" >"$tmp/base.count" || true
        cmp -s "$tmp/count" "$tmp/base.count" || {
            echo "bench/sudoku_peers.sh: $f: the base's counts differ from ours" >&2
            status=1
        }
    fi
    : >"$tmp/t.ours"; : >"$tmp/t.kudoku"; : >"$tmp/t.fast"; : >"$tmp/t.tdoku"
    : >"$tmp/t.base"; : >"$tmp/t.canary"
    for ((r = 0; r < runs; r++)); do
        [ -n "$canary" ] && cpu /dev/null "$canary" >>"$tmp/t.canary"
        cpu "$in" "$sudoku" count -l 2 - >>"$tmp/t.ours"
        [ -n "$kudoku" ] && cpu "$in" "$kudoku" >>"$tmp/t.kudoku"
        [ -n "$fast" ] && cpu "$in" "$fast" -s 2 >>"$tmp/t.fast"
        [ -n "$tdoku" ] && cpu "$in" "$tdoku" -l 2 >>"$tmp/t.tdoku"
        [ -n "$base" ] && cpu "$in" "$base" count -l 2 - >>"$tmp/t.base"
    done
    ours=$(median <"$tmp/t.ours")
    row="| $f | $n | $ours"
    for peer in kudoku fast tdoku base; do
        if [ -s "$tmp/t.$peer" ]; then
            t=$(median <"$tmp/t.$peer")
            row="$row | $t | $(awk -v a="$t" -v b="$ours" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}')"
        else
            row="$row | - | -"
        fi
    done
    if [ -s "$tmp/t.canary" ]; then
        row="$row | $(median <"$tmp/t.canary" | awk '{printf "%.0f", $1 * 1000}')"
    else
        row="$row | -"
    fi
    echo "$row |"
done
exit $status
