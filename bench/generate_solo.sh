#!/usr/bin/env bash
# bench/generate_solo.sh - 9x9 puzzles of each grade per CPU second, on
# both scales, beside Simon Tatham's `sgt-solo --generate` in the same run:
# `sudoku generate --difficulty G` (our grades, the default --reach) beside
# Solo at the level matched with G, and `sudoku generate --scale solo
# --difficulty L` beside Solo at L.
#
#   bench/generate_solo.sh [--count N] [--quick]
#
# Every puzzle made is first checked: `sudoku rate` (with --scale solo
# for Solo's levels) gives it the grade asked for, and `sudoku count -l 2`
# one solution.  Figures: puzzles per CPU second (user + system of the
# process, so that other jobs on a shared machine weigh less), and ours
# over Solo's.  COUNT puzzles (default 100) per grade, for both programs;
# a program that makes them in under 0.25 CPU seconds (ours at the easy
# grades: about 10 ms for 100, as much as its start) is timed again on
# as many more as bring it to about 0.4 s, its n in the table.
# Solo (Debian package sgt-puzzles, /usr/games/sgt-solo) is needed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
count=100
while (($#)); do
    case $1 in
    --count) count=$2; shift 2 ;;
    --quick) count=20; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/generate_solo.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
solo=$(command -v sgt-solo || echo /usr/games/sgt-solo)
[ -x "$solo" ] || { echo "bench/generate_solo.sh: sgt-solo not found" >&2; exit 1; }
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j 2 --target sudoku_cmd >/dev/null
sudoku=$root/build-bench/bin/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "peer: $solo (sgt-puzzles $(dpkg-query -W -f='${Version}' sgt-puzzles 2>/dev/null || echo '?'))"
echo

# cpu OUT CMD...: runs CMD > OUT, prints its CPU seconds
cpu() {
    local out=$1
    shift
    python3 - "$out" "$@" <<'PY'
import resource, subprocess, sys
def children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
out = open(sys.argv[1], "w")
before = children()
subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.DEVNULL, check=True)
print("%.3f" % (children() - before))
PY
}

check() { # FILE GRADE N [RATE OPTION]...: N puzzles of GRADE, one solution each
    local file=$1 grade=$2 n=$3 got
    shift 3
    got=$("$sudoku" rate "$@" "$file" | awk -v g="$grade" '$2 == g' | wc -l)
    [ "$got" = "$n" ] ||
        { echo "bench/generate_solo.sh: $file: $got of $n rated $grade" >&2; exit 1; }
    got=$("$sudoku" count -l 2 "$file" | grep -c '^1$')
    [ "$got" = "$n" ] ||
        { echo "bench/generate_solo.sh: $file: $got of $n unique" >&2; exit 1; }
}

per_s() { python3 -c "print('%.0f' % ($1 / max($2, 1e-9)))"; }
ratio() { python3 -c "print('%.1f' % (($1 / max($2, 1e-9)) / ($3 / max($4, 1e-9))))"; }

# timed OUT N PROG ARGS... (N where the count goes, as {}): runs it on N
# puzzles, and again on more while that took under 0.25 CPU s; prints
# the puzzles made and their CPU seconds
timed() {
    local out=$1 n=$2 t
    shift 2
    while :; do
        t=$(cpu "$out" "${@//\{\}/$n}")
        python3 -c "import sys; sys.exit(0 if $t >= 0.25 else 1)" && break
        n=$(python3 -c "print(int($n * 0.4 / max($t, 0.004)) + 1)")
    done
    echo "$n $t"
}

# scale:grade:Solo level:Solo letter
rows="ours:easy:Basic:b ours:medium:Intermediate:i ours:hard:Advanced:a
ours:expert:Extreme:e ours:extreme:Extreme:e
solo:trivial:Trivial:t solo:basic:Basic:b solo:intermediate:Intermediate:i
solo:advanced:Advanced:a solo:extreme:Extreme:e
solo:unreasonable:Unreasonable:u"
n=$count
echo "| scale | grade | n | ours /s (cpu) | Solo level | n | Solo /s (cpu) | ours / Solo |"
echo "|---|---|---:|---:|---|---:|---:|---:|"
for r in $rows; do
    IFS=: read -r scale grade level letter <<<"$r"
    opts=()
    [ "$scale" = solo ] && opts=(--scale solo)
    read -r n_ours ours < <(timed "$tmp/ours.txt" "$n" "$sudoku" generate \
        "${opts[@]}" --seed 1 -n {} --difficulty "$grade")
    check "$tmp/ours.txt" "$grade" "$n_ours" "${opts[@]}"
    read -r n_solo theirs < <(timed "$tmp/solo.txt" "$n" "$solo" \
        --generate {} "3x3d$letter#1")
    echo "| $scale | $grade | $n_ours | $(per_s "$n_ours" "$ours") | $level |" \
         "$n_solo | $(per_s "$n_solo" "$theirs") |" \
         "$(ratio "$n_ours" "$ours" "$n_solo" "$theirs") |"
done
