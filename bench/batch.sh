#!/usr/bin/env bash
# bench/batch.sh [LINES] - the long-batch test at full size (default
# 1,000,000 lines, 1% corrupted): every check of tests/batch.sh (nothing
# lost, order kept, bad lines reported by number, counts, exit status,
# memory flat), with the time and peak memory of the whole run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
lines=${1:-1000000}
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j "$(nproc)" --target sudoku_cmd mathdoku_cmd dlx_cmd >/dev/null
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
start=$(date +%s.%N)
bash "$root/tests/batch.sh" "$root/build-bench/bin" "$root/tests/data" "$lines"
echo "wall time of all the checks: $(echo "$(date +%s.%N) - $start" | bc -l | cut -c1-6) s"
