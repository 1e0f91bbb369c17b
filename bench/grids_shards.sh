#!/usr/bin/env bash
# bench/grids_shards.sh - all 9x9 sudoku grids counted as on many machines:
# `sudoku bands --grids --split` writes one job per band class, N shards
# (`--jobs JOBS --shard K/N`, P at a time on this machine) count them, and
# `dlx merge` adds the results up; the total must be Felgenhauer and
# Jarvis's 6670903752021072936960 before any figure is kept.  Prints the
# CPU and wall time of the split, of each shard (whole commands), and of
# the whole run, beside the one-command count on threads.
#
#   bench/grids_shards.sh [--shards N] [--parallel P] [--bin DIR] [--box RxC]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
shards=4
par=2
bin=
box=3x3
want=6670903752021072936960
while (($#)); do
    case $1 in
    --shards) shards=$2; shift 2 ;;
    --parallel) par=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --box) box=$2; want=; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/grids_shards.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
if [ -z "$bin" ]; then
    cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$root/build-bench" -j "$(nproc)" --target dlx_cmd sudoku_cmd >/dev/null
    bin=$root/build-bench/bin
fi
bin=$(cd "$bin" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/grids_shards.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

# time_cmd OUT CMD...: stdout to OUT; prints "cpu wall maxkb"
time_cmd() {
    local out=$1; shift
    /usr/bin/time -f '%U %S %e %M' -o "$out.time" "$@" >"$out" 2>"$out.err" || true
    awk '{ printf "%.2f %.2f %d\n", $1 + $2, $3, $4 }' "$out.time"
}
export -f time_cmd

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "command: bench/grids_shards.sh --box $box --shards $shards --parallel $par"
echo
start=$(date +%s.%N)
read -r cpu wall kb < <(time_cmd jobs "$bin/sudoku" bands --grids --box "$box" --split)
echo "| step | CPU s | wall s | MB |"
echo "|---|---:|---:|---:|"
echo "| split ($(sed -n 's/^# jobs //p' jobs) jobs) | $cpu | $wall | $((kb / 1024)) |"
seq 1 "$shards" | xargs -P "$par" -I{} bash -c \
    "time_cmd res.{} '$bin/sudoku' bands --grids --box $box --jobs jobs --shard {}/$shards > line.{}"
for k in $(seq 1 "$shards"); do
    read -r cpu wall kb <"line.$k"
    echo "| shard $k/$shards | $cpu | $wall | $((kb / 1024)) |"
done
# shellcheck disable=SC2046 # the file names: res.1 .. res.N
total=$("$bin/dlx" merge jobs $(seq -f 'res.%g' 1 "$shards") 2>/dev/null)
end=$(date +%s.%N)
if [ -n "$want" ] && [ "$total" != "$want" ]; then
    echo "bench/grids_shards.sh: merged total $total, expected $want" >&2
    exit 1
fi
allcpu=$(cat ./*.time | awk '{ s += $1 + $2 } END { printf "%.2f", s }')
echo
echo "merged: $total; CPU $allcpu s over the split and $shards shards, wall $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s ($par at a time)"
read -r cpu wall kb < <(time_cmd one "$bin/sudoku" bands --grids --box "$box" -j "$par")
echo "one command, sudoku bands --grids --box $box -j $par: $(cat one), CPU $cpu s, wall $wall s"
