#!/usr/bin/env bash
# bench/dlx.sh - the engine on the exact cover inputs of shared/data:
# solutions (checked against counts.tsv before any figure is kept), nodes,
# updates, seconds (median of runs, measured inside dlx: reading the file
# is not counted) and updates per second.
#
#   bench/dlx.sh [--runs N] [--data DIR] [--dlx PATH] [--peer PATH]
#
# --peer names a build of Knuth's dlx1 or dlx2 (reads stdin, reports
# "Altogether N solutions, ... U updates, ... N nodes" on stderr); it is then
# timed in the same run, interleaved with ours, both as wall time of the
# whole command (reading included), and the ratio printed.  Its counts
# are checked: the same solutions and updates (same algorithm, same
# choices), and its nodes are ours less the solutions (we count a
# solution's leaf as a node, Knuth does not).
# Build one from Knuth's dlx2.w with ctangle (Debian: texlive-binaries) and
# gb_flip from the Stanford GraphBase (Debian: sgb):
#   ctangle dlx2.w && gcc -O3 -o dlx2 dlx2.c -lgb
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=3
data=$root/../shared/data/exact-cover
dlx=
peer=
while (($#)); do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --dlx) dlx=$2; shift 2 ;;
    --peer) peer=$2; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/dlx.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
if [ ! -d "$data" ]; then
    echo "bench/dlx.sh: no data in $data (give --data DIR)" >&2
    exit 3
fi
if [ -z "$dlx" ]; then
    cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$root/build-bench" -j "$(nproc)" --target dlx_cmd >/dev/null
    dlx=$root/build-bench/bin/dlx
fi

inputs="queens-12 langford-11-break latin-5 sudoku-3x3-band1-row1 pent-6x10"
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
now() { date +%s.%N; }

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
echo "dlx: $dlx ($("$dlx" --version)); runs: $runs (median)"
[ -n "$peer" ] && echo "peer: $peer (wall time, same runs interleaved)"
echo
if [ -n "$peer" ]; then
    echo "| input | solutions | nodes | updates | dlx s | updates/s | dlx wall s | peer wall s | peer/dlx |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
else
    echo "| input | solutions | nodes | updates | dlx s | updates/s |"
    echo "|---|---:|---:|---:|---:|---:|"
fi
status=0
for name in $inputs; do
    file=$data/$name.dlx
    want=$(awk -F'\t' -v n="$name" '$1 == n {print $2}' "$data/counts.tsv")
    ours=() theirs=() walls=()
    for ((r = 0; r < runs; r++)); do
        out=$("$dlx" -c -s "$file" 2>&1 >/dev/null)
        t0=$(now)
        count=$("$dlx" -c "$file")
        t1=$(now)
        walls+=("$(echo "$t1 - $t0" | bc -l)")
        if [ "$count" != "$want" ]; then
            echo "bench/dlx.sh: $name: $count solutions, expected $want" >&2
            exit 1
        fi
        ours+=("$(sed -n 's/^seconds: //p' <<<"$out")")
        nodes=$(sed -n 's/^nodes: //p' <<<"$out")
        updates=$(sed -n 's/^updates: //p' <<<"$out")
        if [ -n "$peer" ]; then
            t0=$(now)
            line=$("$peer" <"$file" 2>&1 >/dev/null | grep Altogether || true)
            t1=$(now)
            pc=$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' <<<"$line")
            pn=$(sed -n 's/.* \([0-9]*\) nodes.*/\1/p' <<<"$line")
            pu=$(sed -n 's/.* \([0-9]*\) updates.*/\1/p' <<<"$line")
            if [ "$pc" != "$want" ] || [ "$pu" != "$updates" ] ||
               [ "$((pn + want))" != "$nodes" ]; then
                echo "bench/dlx.sh: $name: peer reports '$line'" >&2
                status=1
            fi
            theirs+=("$(echo "$t1 - $t0" | bc -l)")
        fi
    done
    s=$(printf '%s\n' "${ours[@]}" | median)
    rate=$(awk -v u="$updates" -v s="$s" 'BEGIN {printf "%.0f", (s > 0 ? u / s : 0)}')
    if [ -n "$peer" ]; then
        ps=$(printf '%s\n' "${theirs[@]}" | median)
        ws=$(printf '%s\n' "${walls[@]}" | median)
        ratio=$(awk -v a="$ps" -v b="$ws" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}')
        printf '| %s | %s | %s | %s | %.3f | %s | %.3f | %.3f | %s |\n' "$name" "$want" \
            "$nodes" "$updates" "$s" "$rate" "$ws" "$ps" "$ratio"
    else
        printf '| %s | %s | %s | %s | %.3f | %s |\n' "$name" "$want" "$nodes" \
            "$updates" "$s" "$rate"
    fi
done
exit $status
