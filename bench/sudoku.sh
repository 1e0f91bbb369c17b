#!/usr/bin/env bash
# bench/sudoku.sh - whole collections solved with a uniqueness proof
# (count to 2), Dancing Links against the naive DFS and against QQWing,
# reading the file included.
#
#   bench/sudoku.sh [--runs N] [--data DIR] [--dfs-budget SEC] [--quick]
#
# Before anything is timed, every solution of every collection is checked
# (`sudoku solve | sudoku check --givens`, the checker shares no code with
# the solvers) and every count must be 1; a wrong answer stops the bench.
# Whole-command times come from hyperfine (mean of --runs).  The naive DFS
# is slow by design: it gets --dfs-budget seconds per collection (and 1 s
# per puzzle), and the table says how far it got and how much faster DLX
# was on the puzzles DFS finished.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=3
data=$root/../shared/data/sudoku
dfs_budget=60
quick=0
while (($#)); do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --dfs-budget) dfs_budget=$2; shift 2 ;;
    --quick) quick=1; runs=2; dfs_budget=10; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/sudoku.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
for tool in hyperfine bc; do
    if ! command -v $tool >/dev/null; then
        echo "bench/sudoku.sh: needs $tool (Debian: apt-get install $tool)" >&2
        exit 3
    fi
done
[ -d "$data" ] || { echo "bench/sudoku.sh: no data in $data" >&2; exit 3; }
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j "$(nproc)" --target sudoku_cmd >/dev/null
sudoku=$root/build-bench/bin/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

collections="17-clue top1465 forum-hardest-1905-11plus"
if [ $quick = 1 ]; then
    for c in $collections; do head -1000 "$data/$c.txt" >"$tmp/$c.txt"; done
    dir=$tmp
else
    dir=$data
fi

# large orders: Tatham's generator, when installed, else our test fixture
large=$root/tests/data/sudoku/tatham-large.txt
if [ -x /usr/games/sgt-solo ] && [ $quick = 0 ]; then
    { /usr/games/sgt-solo --generate 20 4x4da; /usr/games/sgt-solo --generate 5 5x5db; } >"$tmp/large.txt"
    large=$tmp/large.txt
fi

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
echo "sudoku: $sudoku ($("$sudoku" --version)); hyperfine runs: $runs"
command -v qqwing >/dev/null && echo "peer: $(qqwing --version 2>&1 | head -1)"
echo

validate() { # FILE: every solution checked, every count 1
    local f=$1 n
    n=$(grep -c . "$f")
    "$sudoku" solve "$f" >"$tmp/sol" || { echo "bench: $f: solve failed" >&2; exit 1; }
    "$sudoku" check --givens "$f" "$tmp/sol" >/dev/null ||
        { echo "bench: $f: a solution fails the checker" >&2; exit 1; }
    [ "$(grep -c '^1$' < <("$sudoku" count -l 2 "$f"))" = "$n" ] ||
        { echo "bench: $f: not every puzzle has one solution" >&2; exit 1; }
}

mean_of() { # hyperfine JSON -> mean seconds of command k
    python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['mean'])" "$1" "$2"
}

echo "| collection | puzzles | DLX s | DLX puzzles/s | QQWing s | QQWing/DLX | DFS finished | DFS/DLX on those | DFS worst s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for c in $collections large; do
    if [ $c = large ]; then f=$large; else f=$dir/$c.txt; fi
    n=$(grep -c . "$f")
    validate "$f"
    hyperfine -N --runs "$runs" --warmup 1 --export-json "$tmp/h.json" \
        "$sudoku count -l 2 $f" >/dev/null 2>"$tmp/hf.err"
    dlx_s=$(mean_of "$tmp/h.json" 0)
    qq="-" qr="-"
    if command -v qqwing >/dev/null && [ $c != large ]; then
        # QQWing reads 9x9 only; it solves and counts to prove uniqueness.
        # It is several times slower: one run (no warm-up) is enough.
        hyperfine --runs 1 --export-json "$tmp/q.json" \
            "qqwing --solve --count-solutions --csv < $f" >/dev/null 2>"$tmp/hf.err"
        qq=$(mean_of "$tmp/q.json" 0)
        qr=$(printf '%.1f' "$(echo "$qq / $dlx_s" | bc -l)")
        qq=$(printf '%.3f' "$qq")
    fi
    # DFS: per-puzzle stats lines "FILE:LINE: 1 solution, N nodes, T s"
    timeout "$dfs_budget" "$sudoku" count -l 2 -m dfs --timeout 1 -s "$f" \
        >/dev/null 2>"$tmp/dfs" || true
    "$sudoku" count -l 2 -s "$f" >/dev/null 2>"$tmp/dlx"
    read -r done dfs_sum dlx_sum worst < <(awk '
        FNR == 1 { file++ }
        /cut short \(/ { split($1, a, ":"); cut[a[2]] = 1; next }
        / solutions?, .* s$/ {
            split($1, a, ":"); line = a[2]; t = $(NF - 1)
            if (file == 1) { dfs[line] = t } else { dlx[line] = t }
        }
        END {
            n = 0; ds = 0; ls = 0; w = 0
            for (l in dfs) { if (l in cut) continue; n++; ds += dfs[l]; ls += dlx[l]; if (dfs[l] > w) w = dfs[l] }
            printf "%d %.6f %.6f %.3f\n", n, ds, ls, w
        }' "$tmp/dfs" "$tmp/dlx")
    cut=$(grep -c "search cut short" "$tmp/dfs" || true)
    ratio=$(awk -v a="$dfs_sum" -v b="$dlx_sum" 'BEGIN {printf "%.0f", (b > 0 ? a / b : 0)}')
    printf '| %s | %d | %.3f | %.0f | %s | %s | %d of %d (%d cut at 1 s) | %sx | %s |\n' \
        "$c" "$n" "$dlx_s" "$(echo "$n / $dlx_s" | bc -l)" "$qq" "$qr" \
        "$done" "$n" "$cut" "$ratio" "$worst"
done
echo
echo "DLX s: mean wall time of 'sudoku count -l 2 FILE' (hyperfine, reading included)."
echo "DFS: 'sudoku count -l 2 -m dfs --timeout 1', ${dfs_budget} s per collection;"
echo "DFS/DLX: summed in-process seconds on the puzzles DFS finished."
