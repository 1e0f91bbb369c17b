#!/usr/bin/env bash
# bench/generate.sh - puzzles made per second, ours against QQWing's
# generator in the same run, and the givens they end with.
#
#   bench/generate.sh [--count N] [--quick]
#
# Every puzzle made is first checked: one solution by `sudoku count -l 2`
# (QQWing's too), minimality is checked by the tests (tests/test_sudoku_gen.c).
# 9x9: N puzzles (default 2000) per program, hyperfine mean of 3 runs;
# 16x16 and 25x25: per-puzzle seconds from `sudoku generate -s`, median.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
count=2000
big16=10
big25=5
while (($#)); do
    case $1 in
    --count) count=$2; shift 2 ;;
    --quick) count=200; big16=3; big25=1; shift ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/generate.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
command -v hyperfine >/dev/null ||
    { echo "bench/generate.sh: needs hyperfine (Debian: apt-get install hyperfine)" >&2; exit 3; }
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j "$(nproc)" --target sudoku_cmd >/dev/null
sudoku=$root/build-bench/bin/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
qq=0
command -v qqwing >/dev/null && qq=1 && echo "peer: $(qqwing --version 2>&1 | head -1)"
echo

unique_all() { # FILE: every puzzle has one solution
    local n
    n=$(grep -c . "$1")
    [ "$("$sudoku" count -l 2 "$1" | grep -c '^1$')" = "$n" ] ||
        { echo "bench/generate.sh: $1: a puzzle without one solution" >&2; exit 1; }
}
givens() { python3 -c "
import sys
n = [sum(ch != '.' for ch in l.strip()) for l in open(sys.argv[1]) if l.strip()]
print('%.1f (%d-%d)' % (sum(n) / len(n), min(n), max(n)))" "$1"; }

"$sudoku" generate --seed 1 -n "$count" >"$tmp/ours.txt"
unique_all "$tmp/ours.txt"
cmds=("$sudoku generate --seed 1 -n $count")
if [ $qq = 1 ]; then
    qqwing --generate "$count" --one-line >"$tmp/qq.txt" 2>/dev/null
    unique_all "$tmp/qq.txt"
    cmds+=("qqwing --generate $count --one-line")
fi
hyperfine -N --runs 3 --export-json "$tmp/h.json" "${cmds[@]}" >/dev/null 2>"$tmp/hf.err"
mean() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['mean'])" "$tmp/h.json" "$1"; }
ours=$(mean 0)
echo "| 9x9 generator | puzzles | s | puzzles/s | givens: mean (min-max) | minimal |"
echo "|---|---:|---:|---:|---|---|"
printf '| sudoku generate (dlx fill) | %d | %.3f | %.0f | %s | proved |\n' "$count" "$ours" \
    "$(echo "$count / $ours" | bc -l)" "$(givens "$tmp/ours.txt")"
if [ $qq = 1 ]; then
    theirs=$(mean 1)
    printf '| qqwing --generate | %d | %.3f | %.0f | %s | not claimed |\n' "$count" "$theirs" \
        "$(echo "$count / $theirs" | bc -l)" "$(givens "$tmp/qq.txt")"
    printf '\nours/QQWing: %.1fx puzzles per second\n' "$(echo "$theirs / $ours" | bc -l)"
fi
for fill in blockrow pattern; do
    "$sudoku" generate --seed 1 -n "$count" --fill $fill -s 2>"$tmp/s" >"$tmp/f.txt"
    unique_all "$tmp/f.txt"
    echo "fill $fill: $(tail -1 "$tmp/s" | sed 's/^sudoku generate: //')"
done
echo
echo "| order | puzzles | median s | max s | givens (mean) | proved minimal |"
echo "|---|---:|---:|---:|---:|---:|"
for spec in "16 $big16" "25 $big25"; do
    set -- $spec
    "$sudoku" generate --seed 1 --size "$1" -n "$2" -o json >"$tmp/big.json"
    python3 - "$tmp/big.json" "$1" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
t = [r["seconds"] for r in rows]
print("| %sx%s | %d | %.3f | %.3f | %.1f | %d of %d |" % (sys.argv[2], sys.argv[2],
      len(rows), statistics.median(t), max(t),
      statistics.mean(r["givens"] for r in rows),
      sum(r["minimal"] for r in rows), len(rows)))
EOF
    python3 -c "import json,sys; [print(json.loads(l)['puzzle']) for l in open(sys.argv[1])]" \
        "$tmp/big.json" >"$tmp/big.txt"
    unique_all "$tmp/big.txt"
done
echo
echo "25x25 uses --check-nodes 2000 by default: a uniqueness check needing more"
echo "keeps its given, so those puzzles are unique but not proved minimal."
