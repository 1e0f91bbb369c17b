#!/bin/sh
# tests/fuzz/run.sh [MINUTES] [TARGET...] - fuzz each target (default: all)
# for MINUTES (default 5) with libFuzzer under ASan+UBSan, growing its
# corpus in tests/fuzz/corpus/TARGET; prints executions and findings.
# Needs clang (Debian: clang, libclang-rt-14-dev).
set -eu
minutes=${1:-5}
[ $# -gt 0 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build-fuzz
CC=clang cmake -S "$root" -B "$build" -DEXCOVER_FUZZ=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
targets=${*:-$(ls "$here/corpus")}
for t in $targets; do
    cmake --build "$build" -j "$(nproc)" --target "fuzz_$t" >/dev/null
    mkdir -p "$build/findings/$t"
    echo "== $t: $minutes min"
    "$build/tests/fuzz_$t" -max_total_time=$((minutes * 60)) -max_len=4096 \
        -artifact_prefix="$build/findings/$t/" -print_final_stats=1 \
        "$here/corpus/$t" 2>&1 | grep -E "stat::number_of_executed_units|Done|ERROR|SUMMARY" || true
    echo "findings: $(ls "$build/findings/$t" | wc -l) (in $build/findings/$t)"
done
