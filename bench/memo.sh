#!/usr/bin/env bash
# bench/memo.sh - counting by memo: domino tilings, all 6x6 sudoku grids,
# and all 9x9 grids (sudoku bands --grids), each count checked against its
# published value before any figure is kept; CPU time (user + system) and
# wall time of the whole command, peak memory.
#
#   bench/memo.sh [--runs N] [--bin DIR] [--peer PATH] [--no-9x9]
#
# --peer names a build of Knuth's dlx6 (memoizing DLX2; it prints a ZDD on
# stdout and "... solutions ..." on stderr), timed in the same run on the
# same dlx inputs, interleaved with ours, and the ratio printed.  Build it
# from dlx6.w with ctangle (Debian: texlive-binaries) and gb_flip from the
# Stanford GraphBase:   ctangle dlx6.w && gcc -O3 -o dlx6 dlx6.c gb_flip.c
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=1
bin=
peer=
big=1
while (($#)); do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --peer) peer=$2; shift 2 ;;
    --no-9x9) big=0; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/memo.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
if [ -z "$bin" ]; then
    cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$root/build-bench" -j "$(nproc)" --target dlx_cmd sudoku_cmd >/dev/null
    bin=$root/build-bench/bin
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/memo.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# name, generator arguments, expected count (transfer matrix / published)
cases="dominoes-8x8|dominoes 8x8|12988816
dominoes-12x12|dominoes 12x12|53060477521960000
dominoes-16x16|dominoes 16x16|2444888770250892795802079170816
sudoku-6x6-grids|sudoku 2x3|28200960"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# time_cmd OUT CMD...: stdout to OUT, "cpu wall maxkb" to OUT.time
time_cmd() {
    local out=$1; shift
    /usr/bin/time -f '%U %S %e %M' -o "$out.time" "$@" >"$out" 2>"$out.err" || true
    awk '{ printf "%.2f %.2f %d\n", $1 + $2, $3, $4 }' "$out.time"
}

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "dlx: $bin/dlx ($("$bin/dlx" --version)); runs: $runs (median)"
[ -n "$peer" ] && echo "peer: $peer"
echo
if [ -n "$peer" ]; then
    echo "| input | solutions | ours CPU s | ours wall s | ours MB | peer CPU s | peer MB | peer count | peer/ours CPU |"
    echo "|---|---:|---:|---:|---:|---:|---:|---|---:|"
else
    echo "| input | solutions | ours CPU s | ours wall s | ours MB |"
    echo "|---|---:|---:|---:|---:|"
fi
while IFS='|' read -r name gen want; do
    "$bin/dlx" gen $gen >"$tmp/$name.dlx"
    got=$("$bin/dlx" -c "$tmp/$name.dlx")
    if [ "$got" != "$want" ]; then
        echo "bench/memo.sh: $name: dlx -c says $got, expected $want" >&2
        exit 1
    fi
    : >"$tmp/ours" ; : >"$tmp/peer"
    for ((r = 0; r < runs; r++)); do
        time_cmd "$tmp/o" "$bin/dlx" -c "$tmp/$name.dlx" >>"$tmp/ours"
        [ -n "$peer" ] && time_cmd "$tmp/p" "$peer" <"$tmp/$name.dlx" >>"$tmp/peer"
    done
    oc=$(cut -d' ' -f1 "$tmp/ours" | median); ow=$(cut -d' ' -f2 "$tmp/ours" | median)
    om=$(cut -d' ' -f3 "$tmp/ours" | median)
    if [ -n "$peer" ]; then
        pc=$(cut -d' ' -f1 "$tmp/peer" | median); pm=$(cut -d' ' -f3 "$tmp/peer" | median)
        pcount=$(grep -o "[0-9]* solutions" "$tmp/p.err" | head -1 | grep -o "[0-9]*")
        [ "$pcount" = "$want" ] && pshown="$pcount" || pshown="$pcount (wrong)"
        echo "| $name | $want | $oc | $ow | $((om / 1024)) | $pc | $((pm / 1024)) | $pshown | $(awk -v a="$pc" -v b="$oc" 'BEGIN { printf "%.1f", (b > 0) ? a / b : 0 }') |"
    else
        echo "| $name | $want | $oc | $ow | $((om / 1024)) |"
    fi
done <<<"$cases"

if ((big)); then
    want=6670903752021072936960
    line=$(time_cmd "$tmp/g" "$bin/sudoku" bands --grids -j "$(nproc)")
    got=$(grep -o '[0-9]*$' "$tmp/g")
    [ "$got" = "$want" ] || { echo "bench/memo.sh: 9x9 grids: $got" >&2; exit 1; }
    set -- $line
    echo
    echo "all 9x9 grids (sudoku bands --grids -j $(nproc)): $got, CPU $1 s, wall $2 s, $(( $3 / 1024 )) MB"
fi
