#!/usr/bin/env bash
# bench/peers.sh - dlx --count beside Knuth's dlx1 and ssxcc (dancing
# cells), in the same run: CPU time (user + system) of each whole process,
# reading included, runs alternating ours / dlx1 / ssxcc, medians, ratios.
#
#   bench/peers.sh --dlx1 PATH --ssxcc PATH [--dlx PATH] [--runs N] FILE...
#
# FILE is an exact cover problem in Knuth's format (dlx gen makes them:
# queens 13, langford 12 --reduce, pentominoes 5x12 --reduce, sudoku 3x3
# --reduce; bench/gen.sh latin-row1 6).  Before any time is kept the
# answers are compared: dlx1's solutions, updates and nodes must be ours
# (older dlx1 versions count no node for a solution's leaf: then ours less
# the solutions);
# ssxcc's solutions must be ours (it branches differently).  Either peer
# may be left out.  The peers are not part of this project: build them
# yourself from Knuth's sources (dlx1.w, ssxcc.w with gb_flip.w, tangled
# with ctangle) and give their paths.  Exit 1 when an answer differs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=3 dlx= dlx1= ssxcc=
files=()
while (($#)); do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --dlx) dlx=$2; shift 2 ;;
    --dlx1) dlx1=$2; shift 2 ;;
    --ssxcc) ssxcc=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench/peers.sh: unknown option '$1'" >&2; exit 4 ;;
    *) files+=("$1"); shift ;;
    esac
done
if ((${#files[@]} == 0)); then
    echo "bench/peers.sh: no input files (see --help)" >&2
    exit 4
fi
[ -n "$dlx" ] || dlx=$root/build/bin/dlx
[ -x "$dlx" ] || { echo "bench/peers.sh: no dlx at $dlx" >&2; exit 3; }

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# cpu CMD...: runs CMD (stdin from $input), leaves its stderr in $tmp/err
# and prints user+system seconds (bash's time: millisecond steps, where
# /usr/bin/time has 10 ms ones)
cpu() {
    local TIMEFORMAT='%3U %3S'
    { time "$@" <"$input" >/dev/null 2>"$tmp/err"; } 2>"$tmp/time"
    awk '{printf "%.3f\n", $1 + $2}' "$tmp/time"
}
field() { sed -n "s/.* \([0-9]*\) $1.*/\1/p" "$tmp/err"; }

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
echo "dlx: $dlx ($("$dlx" --version)); CPU s of the whole process, median of $runs alternating runs"
echo
echo "| input | solutions | nodes | updates | dlx s | dlx1 s | ssxcc s | dlx1/dlx | ssxcc/dlx |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
status=0
for input in "${files[@]}"; do
    name=$(basename "$input" .dlx)
    "$dlx" -c -s "$input" >"$tmp/count" 2>"$tmp/stats"
    sols=$(cat "$tmp/count")
    nodes=$(sed -n 's/^nodes: //p' "$tmp/stats")
    updates=$(sed -n 's/^updates: //p' "$tmp/stats")
    ours=() d1=() sc=()
    for ((r = 0; r < runs; r++)); do
        ours+=("$(cpu "$dlx" -c)")
        if [ -n "$dlx1" ]; then
            d1+=("$(cpu "$dlx1")")
            line=$(grep Altogether "$tmp/err" || true)
            pc=$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' <<<"$line")
            pn=$(field nodes)
            # dlx1 counts a solution's leaf as a node in newer versions
            if [ "$pc" != "$sols" ] || [ "$(field updates)" != "$updates" ] ||
               { [ "$pn" != "$nodes" ] && [ "$((pn + sols))" != "$nodes" ]; }; then
                echo "bench/peers.sh: $name: dlx1 says '$line'" >&2
                status=1
            fi
        fi
        if [ -n "$ssxcc" ]; then
            sc+=("$(cpu "$ssxcc")")
            line=$(grep Altogether "$tmp/err" || true)
            pc=$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' <<<"$line")
            if [ "$pc" != "$sols" ]; then
                echo "bench/peers.sh: $name: ssxcc says '$line'" >&2
                status=1
            fi
        fi
    done
    o=$(printf '%s\n' "${ours[@]}" | median)
    a=- b=- ra=- rb=-
    if [ -n "$dlx1" ]; then
        a=$(printf '%s\n' "${d1[@]}" | median)
        ra=$(awk -v p="$a" -v q="$o" 'BEGIN {printf "%.2f", (q > 0 ? p / q : 0)}')
    fi
    if [ -n "$ssxcc" ]; then
        b=$(printf '%s\n' "${sc[@]}" | median)
        rb=$(awk -v p="$b" -v q="$o" 'BEGIN {printf "%.2f", (q > 0 ? p / q : 0)}')
    fi
    echo "| $name | $sols | $nodes | $updates | $o | $a | $b | $ra | $rb |"
done
exit $status
