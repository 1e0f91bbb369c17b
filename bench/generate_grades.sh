#!/usr/bin/env bash
# bench/generate_grades.sh - minimal 9x9 puzzles of each grade per second:
# `sudoku generate --difficulty D` by each way of reaching the grade
# (--reach steer, descend, sample), beside Simon Tatham's
# `sgt-solo --generate` at the matching Solo grade, in the same run.
#
#   bench/generate_grades.sh [--count N] [--quick]
#
# Every puzzle made is first checked: `sudoku rate` gives it the grade
# asked for and `sudoku count -l 2` one solution.  Figures: puzzles per
# CPU second (user + system of the process, so that other jobs on a shared
# machine weigh less) and per wall second.  COUNT puzzles (default 200) per
# grade and way.
# Solo (Debian package sgt-puzzles, /usr/games/sgt-solo) is run when found.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
count=200
while (($#)); do
    case $1 in
    --count) count=$2; shift 2 ;;
    --quick) count=30; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/generate_grades.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j 2 --target sudoku_cmd >/dev/null
sudoku=$root/build-bench/bin/sudoku
solo=$(command -v sgt-solo || echo /usr/games/sgt-solo)
[ -x "$solo" ] || solo=
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
[ -n "$solo" ] && echo "peer: $solo (sgt-puzzles $(dpkg-query -W -f='${Version}' sgt-puzzles 2>/dev/null || echo '?'))"
echo

# run OUT CMD...: runs CMD > OUT, prints "cpu wall" seconds
run() {
    local out=$1
    shift
    python3 - "$out" "$@" <<'PY'
import resource, subprocess, sys, time
def children():  # before and after: a python3 shim's own processes count
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
out = open(sys.argv[1], "w")
before = children()
t0 = time.monotonic()
subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.DEVNULL, check=True)
wall = time.monotonic() - t0
print("%.3f %.3f" % (children() - before, wall))
PY
}

check() { # FILE GRADE N: N puzzles, each of GRADE, each with one solution
    local got
    got=$("$sudoku" rate "$1" | awk -v g="$2" '$2 == g' | wc -l)
    [ "$got" = "$3" ] ||
        { echo "bench/generate_grades.sh: $1: $got of $3 rated $2" >&2; exit 1; }
    got=$("$sudoku" count -l 2 "$1" | grep -c '^1$')
    [ "$got" = "$3" ] ||
        { echo "bench/generate_grades.sh: $1: $got of $3 unique" >&2; exit 1; }
}

# our grade, the Solo grade beside it (its letter in the game parameters)
grades="easy:Basic:b medium:Intermediate:i hard:Advanced:a expert:Extreme:e extreme:Extreme:e"
echo "| grade | n | steer /s (cpu, wall) | descend /s | sample /s | Solo grade | Solo /s |"
echo "|---|---:|---:|---:|---:|---|---:|"
for g in $grades; do
    IFS=: read -r ours theirs letter <<<"$g"
    n=$count
    row="| $ours | $n"
    for reach in steer descend sample; do
        read -r cpu wall < <(run "$tmp/$ours-$reach.txt" "$sudoku" generate \
            --seed 1 -n "$n" --difficulty "$ours" --reach "$reach")
        check "$tmp/$ours-$reach.txt" "$ours" "$n"
        row+=" | $(python3 -c "print('%.0f, %.0f' % ($n / max($cpu, 1e-9), $n / $wall))")"
    done
    if [ -n "$solo" ]; then
        read -r cpu wall < <(run "$tmp/solo.txt" "$solo" --generate "$n" "3x3d$letter#1")
        row+=" | $theirs | $(python3 -c "print('%.0f, %.0f' % ($n / max($cpu, 1e-9), $n / $wall))") |"
    else
        row+=" | $theirs | - |"
    fi
    echo "$row"
done
