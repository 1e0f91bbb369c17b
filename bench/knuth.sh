#!/usr/bin/env bash
# bench/knuth.sh - multiplicities and costs beside Knuth's dlx3 and dlx5,
# in the same run: CPU time (user + system) of each whole process, reading
# included, runs alternating ours / Knuth's, medians, ratios.
#
#   bench/knuth.sh [--dlx3 PATH] [--dlx5 PATH] [--dlx PATH] [--runs N]
#                  [--seeds "1 2 3"] [--before PATH]
#
# Inputs, made by dlx gen: kqueens 10 6 (6 queens on 10x10: rows and
# columns 0:1, about 10.7 million nodes) against dlx3, whose solutions,
# updates and nodes must be ours before any time is kept; and random 40x40
# assignments (costs 0..99, one per seed) against dlx5, whose optimum must
# be ours (the nodes differ: the searches cut off differently).  DLX3 and
# DLX5 in the environment work as --dlx3 and --dlx5; either may be left
# out.  Build them yourself from Knuth's dlx3.w and dlx5.w (ctangle, with
# gb_flip.w); they are not part of this project.  Exit 1 when an answer
# differs.  --before PATH times another dlx (the binary before a change)
# on the assignments too, in the same alternation, its optimum checked.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=3 dlx= before= dlx3=${DLX3:-} dlx5=${DLX5:-} seeds="1 2 3"
while (($#)); do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --dlx) dlx=$2; shift 2 ;;
    --before) before=$2; shift 2 ;;
    --dlx3) dlx3=$2; shift 2 ;;
    --dlx5) dlx5=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/knuth.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
[ -n "$dlx" ] || dlx=$root/build/bin/dlx
[ -x "$dlx" ] || { echo "bench/knuth.sh: no dlx at $dlx" >&2; exit 3; }

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# cpu CMD...: runs CMD (stdin from $input), leaves its stdout and stderr
# in $tmp/out, $tmp/err and prints user+system seconds
cpu() {
    local TIMEFORMAT='%3U %3S'
    { time "$@" <"$input" >"$tmp/out" 2>"$tmp/err"; } 2>"$tmp/time"
    awk '{printf "%.3f\n", $1 + $2}' "$tmp/time"
}

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
echo "dlx: $dlx ($("$dlx" --version)); CPU s of the whole process, median of $runs alternating runs"
echo
status=0

if [ -n "$dlx3" ]; then
    echo "| input (multiplicities) | solutions | nodes | updates | dlx s | dlx3 s | dlx3/dlx |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    input=$tmp/kq.dlx
    "$dlx" gen kqueens 10 6 >"$input"
    : >"$tmp/a"; : >"$tmp/b"
    for ((r = 0; r < runs; r++)); do
        cpu "$dlx" -c -s - >>"$tmp/a"
        mine=$(awk '/^solutions:/ {s = $2} /^updates:/ {u = $2}
                    /^nodes:/ {n = $2} END {print s, u, n}' "$tmp/err")
        cpu "$dlx3" >>"$tmp/b"
        theirs=$(sed -n 's/^Altogether \([0-9]*\) solutions*, .* \([0-9]*\) updates, .* \([0-9]*\) nodes.*/\1 \2 \3/p' "$tmp/err")
        if [ "$mine" != "$theirs" ]; then
            echo "kqueens 10 6: dlx3 says '$theirs', dlx '$mine'" >&2
            status=1
        fi
    done
    a=$(median <"$tmp/a") b=$(median <"$tmp/b")
    set -- $mine
    echo "| kqueens 10 6 | $1 | $3 | $2 | $a | $b | $(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", b / a}') |"
    echo
fi

if [ -n "$dlx5" ]; then
    echo "| input (costs) | optimum | dlx nodes | dlx5 nodes | dlx s | dlx5 s | dlx5/dlx |${before:+ before nodes | before s | before/dlx |}"
    echo "|---|---:|---:|---:|---:|---:|---:|${before:+---:|---:|---:|}"
    for seed in $seeds; do
        input=$tmp/as.dlx
        "$dlx" gen assignment 40 --seed "$seed" >"$input"
        : >"$tmp/a"; : >"$tmp/b"; : >"$tmp/c"
        bnodes=
        for ((r = 0; r < runs; r++)); do
            if [ -n "$before" ]; then
                cpu "$before" --best 1 -s - >>"$tmp/c"
                bnodes=$(sed -n 's/^nodes: //p' "$tmp/err")
                bcost=$(sed -n 's/^cost: //p' "$tmp/out")
            fi
            cpu "$dlx" --best 1 -s - >>"$tmp/a"
            mine=$(sed -n 's/^cost: //p' "$tmp/out")
            nodes=$(sed -n 's/^nodes: //p' "$tmp/err")
            cpu "$dlx5" >>"$tmp/b"
            theirs=$(sed -n 's/^The optimum cost is \$\([0-9]*\).*/\1/p' "$tmp/err")
            knodes=$(sed -n 's/.* \([0-9]*\) nodes\.$/\1/p' "$tmp/err")
            if [ "$mine" != "$theirs" ] ||
               { [ -n "$before" ] && [ "$bcost" != "$mine" ]; }; then
                echo "assignment 40 seed $seed: dlx5 says $theirs, dlx $mine${before:+, before ${bcost:-}}" >&2
                status=1
            fi
        done
        a=$(median <"$tmp/a") b=$(median <"$tmp/b")
        extra=
        if [ -n "$before" ]; then
            c=$(median <"$tmp/c")
            extra=" $bnodes | $c | $(awk -v a="$a" -v c="$c" 'BEGIN {printf "%.2f", c / (a > 0 ? a : 0.001)}') |"
        fi
        echo "| assignment 40 --seed $seed | $mine | $nodes | $knodes | $a | $b | $(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", b / (a > 0 ? a : 0.001)}') |$extra"
    done
fi
exit $status
