#!/usr/bin/env bash
# bench/parallel.sh - counting on threads and in jobs.
#
#   bench/parallel.sh [--quick] [--latin6] [--data DIR]
#
# 1. Work per job when pent-6x10 and latin-6-row1 are cut at depth 1..4:
#    jobs, max/mean nodes per job, and the speed-up that dynamic scheduling
#    of those jobs would give on 2, 8 and 64 cores (simulated from the
#    per-job node counts: each job goes to the first free core, in order).
# 2. Wall time of one count on 1 and 2 threads (queens-16, about 40 s on
#    one core; queens-14 with --quick), checked against OEIS A000170.
# 3. With --latin6: the full count of Latin squares of order 6
#    (812,851,200, OEIS A002860) on 2 threads: about 5 minutes here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
data=$root/../shared/data/exact-cover
quick=0 latin6=0
while (($#)); do
    case $1 in
    --quick) quick=1; shift ;;
    --latin6) latin6=1; shift ;;
    --data) data=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/parallel.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j "$(nproc)" --target dlx_cmd >/dev/null
dlx=$root/build-bench/bin/dlx
out=$here/out
mkdir -p "$out"
"$here/gen.sh" latin-row1 6 >"$out/latin-6-row1.dlx"

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
echo
echo "### Work per job (nodes), by split depth"
echo
echo "| input | depth | jobs | nodes | max/mean per job | largest job share | 2 cores | 8 cores | 64 cores |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
inputs="$data/pent-6x10.dlx $out/latin-6-row1.dlx"
((quick)) && inputs="$data/pent-6x10-reduced.dlx $out/latin-6-row1.dlx"
for file in $inputs; do
    name=$(basename "$file" .dlx)
    for depth in 1 2 3 4; do
        "$dlx" split --depth "$depth" "$file" >"$out/jobs" 2>/dev/null
        "$dlx" --jobs "$out/jobs" --threads "$(nproc)" "$file" >"$out/results"
        total=$("$dlx" merge "$out/jobs" "$out/results" 2>/dev/null)
        want=$("$dlx" -c "$file")
        if [ "$total" != "$want" ]; then
            echo "bench/parallel.sh: $name depth $depth: $total, expected $want" >&2
            exit 1
        fi
        awk -v name="$name" -v depth="$depth" '
            $1 == "job" { w[n++] = $6; sum += $6; if ($6 > max) max = $6 }
            function speedup(p,   k, j, best, fin, span) {
                for (k = 0; k < p; k++) fin[k] = 0
                for (j = 0; j < n; j++) {
                    best = 0
                    for (k = 1; k < p; k++) if (fin[k] < fin[best]) best = k
                    fin[best] += w[j]
                }
                span = 0
                for (k = 0; k < p; k++) if (fin[k] > span) span = fin[k]
                return span > 0 ? sum / span : 0
            }
            END {
                printf "| %s | %d | %d | %d | %.1f | %.1f%% | %.2f | %.2f | %.1f |\n",
                    name, depth, n, sum, max / (sum / n), 100 * max / sum,
                    speedup(2), speedup(8), speedup(64)
            }' "$out/results"
    done
done

echo
echo "### One count on 1 and 2 threads (wall time, same run)"
echo
n=16 want=14772512
((quick)) && n=14 want=365596
"$here/gen.sh" queens $n >"$out/queens.dlx"
echo "| input | solutions | 1 thread s | 2 threads s | speed-up |"
echo "|---|---:|---:|---:|---:|"
t() { local t0 t1 c; t0=$(date +%s.%N); c=$("$@"); t1=$(date +%s.%N)
      [ "$c" = "$want" ] || { echo "bench/parallel.sh: $* gave $c, expected $want" >&2; exit 1; }
      echo "$t1 - $t0" | bc -l; }
s1=$(t "$dlx" -c "$out/queens.dlx")
s2=$(t "$dlx" -c --threads 2 "$out/queens.dlx")
awk -v n="$n" -v w="$want" -v a="$s1" -v b="$s2" \
    'BEGIN {printf "| queens-%d | %d | %.2f | %.2f | %.2f |\n", n, w, a, b, a / b}'

if ((latin6)); then
    echo
    echo "### Latin squares of order 6, in full, on 2 threads"
    echo
    "$here/gen.sh" latin 6 >"$out/latin-6.dlx"
    want=812851200
    s=$(t "$dlx" -c --threads 2 "$out/latin-6.dlx")
    echo "latin-6: $want solutions (OEIS A002860) in $(printf %.1f "$s") s on 2 threads"
fi
