#!/usr/bin/env bash
# bench/logic_grades.sh - the logic solver on whole collections: every step
# of every puzzle checked against the Dancing Links solution, then the
# grades it gives.
#
#   bench/logic_grades.sh [--forum N]
#
# Soundness: tests/test_sudoku_logic (the ctest, which reads slices) is run
# on a data directory whose slices are the whole files: top1465 and
# tatham-solo.tsv whole, the first N (default 2000) of forum-hardest, the
# first 5000 17-clue puzzles.  Then: per Tatham grade of tatham-solo.tsv,
# how many puzzles get each of our grades (the table of the README), and
# the share of forum-hardest (first N) that needs no guess.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
data=$root/../shared/data/sudoku
[ -d "$data" ] || data=/work/shared/data/sudoku
forum=2000
while (($#)); do
    case $1 in
    --forum) forum=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/logic_grades.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j 2 --target sudoku_cmd test_sudoku_logic >/dev/null
bin=$root/build-bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sudoku"
cp "$data/top1465.txt" "$tmp/sudoku/top1465-200.txt"
head -n "$forum" "$data/forum-hardest-1905-11plus.txt" >"$tmp/sudoku/forum-hardest-200.txt"
head -n 5000 "$data/17-clue.txt" >"$tmp/sudoku/17-clue-300.txt"
cp "$data/tatham-solo.tsv" "$tmp/sudoku/tatham-solo.tsv"
cp "$root/tests/data/sudoku/tatham-large.txt" "$tmp/sudoku/"

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
echo
echo "soundness (every step against the DLX solution, whole files):"
start=$(date +%s)
"$bin/tests/test_sudoku_logic" "$tmp" | tail -1
echo "($(( $(date +%s) - start )) s)"
echo

echo "Tatham's grade -> ours (tatham-solo.tsv):"
tail -n +2 "$data/tatham-solo.tsv" | cut -f1 >"$tmp/ids.txt"
tail -n +2 "$data/tatham-solo.tsv" | cut -f2 | sed 's/ (.*//' >"$tmp/theirs.txt"
"$bin/bin/sudoku" rate "$tmp/ids.txt" | awk '{print $2}' >"$tmp/ours.txt"
paste "$tmp/theirs.txt" "$tmp/ours.txt" | python3 -c '
import sys, collections
theirs = ["Trivial", "Basic", "Intermediate", "Advanced", "Extreme", "Unreasonable"]
ours = ["easy", "medium", "hard", "expert", "extreme", "guessing"]
t = collections.Counter(tuple(l.split()) for l in sys.stdin)
print("| Tatham | " + " | ".join(ours) + " |")
print("|---|" + "---:|" * len(ours))
for g in theirs:
    print("| %s | " % g + " | ".join(str(t[(g, o)] or "") for o in ours) + " |")'
echo
"$bin/bin/sudoku" rate "$tmp/sudoku/forum-hardest-200.txt" | awk '{print $2}' |
    sort | uniq -c | awk -v n="$forum" '
        { c[$2] = $1 }
        END { printf "forum-hardest, first %d: %d solved without a guess (%.1f%%)", n, n - c["guessing"], 100 * (n - c["guessing"]) / n
              for (g in c) printf "; %s %d", g, c[g]; print "" }'
