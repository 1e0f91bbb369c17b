#!/usr/bin/env bash
# bench/empty.sh - `sudoku solve` on empty grids of every order from 9 to
# 100 (numbers layout, square boxes): CPU s and peak memory of the whole
# process, and the grid checked by `sudoku check` before it counts.
#
#   bench/empty.sh [--sudoku PATH] [--runs N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sudoku=$here/../build/bin/sudoku
runs=3
while [ $# -gt 0 ]; do
    case $1 in
    --sudoku) sudoku=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/empty.sh: unknown argument '$1' (see --help)" >&2; exit 4 ;;
    esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "date: $(date -u +%FT%RZ); machine: $(uname -m), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "sudoku: $sudoku; median of $runs runs"
echo
echo "| order | boxes | CPU s | peak MB | checked |"
echo "|---:|---|---:|---:|---|"
for b in 3 4 5 6 7 8 9 10; do
    n=$((b * b))
    { echo "$n ${b}x$b"; for ((r = 0; r < n; r++)); do printf '0 %.0s' $(seq "$n"); echo; done; } >"$tmp/e.txt"
    ts=()
    for ((k = 0; k < runs; k++)); do
        /usr/bin/time -f '%U %S %M' -o "$tmp/t" "$sudoku" solve -o numbers "$tmp/e.txt" >"$tmp/s.txt" 2>/dev/null || true
        read -r u s m < <(tail -n 1 "$tmp/t")
        ts+=("$(echo "$u + $s" | bc) $m")
    done
    med=$(printf '%s\n' "${ts[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
    ok=$("$sudoku" check "$tmp/s.txt" 2>&1 | head -1)
    printf '| %d | %dx%d | %.2f | %.0f | %s |\n' "$n" "$b" "$b" "${med% *}" "$(echo "${med#* } / 1024" | bc)" "$ok"
done
