#!/usr/bin/env bash
# bench/mathdoku.sh - the Keen collection by size and difficulty, Dancing
# Links against the naive DFS in the same run, and fresh 9x9 Unreasonable
# puzzles from Tatham's generator when it is installed.
#
#   bench/mathdoku.sh [--dfs-timeout SEC] [--generate N] [--quick]
#
# Every puzzle is first solved and compared with its listed solution (a
# wrong answer stops the bench).  Times are measured inside the program per
# puzzle (`mathdoku count -l 2 -s`: building the exact cover and proving
# uniqueness; process start and reading excluded).  The DFS gets
# --dfs-timeout seconds per puzzle (default 10); the table says how many it
# finished and how much slower it was on those.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
dfs_timeout=10
generate=20
while (($#)); do
    case $1 in
    --dfs-timeout) dfs_timeout=$2; shift 2 ;;
    --generate) generate=$2; shift 2 ;;
    --quick) dfs_timeout=1; generate=3; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/mathdoku.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j "$(nproc)" --target mathdoku_cmd >/dev/null
md=$root/build-bench/bin/mathdoku
tsv=$root/tests/data/mathdoku/keen.tsv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
echo "mathdoku: $md; DFS time-box: ${dfs_timeout} s per puzzle"
echo

tail -n +2 "$tsv" | cut -f1 >"$tmp/ids"
tail -n +2 "$tsv" | cut -f3 >"$tmp/want"
"$md" solve -o line "$tmp/ids" >"$tmp/got"
cmp -s "$tmp/got" "$tmp/want" ||
    { echo "bench/mathdoku.sh: a Keen puzzle solved to another solution" >&2; exit 1; }

# per-puzzle seconds from -s: "FILE:LINE: ..., 1 solution, N nodes, T s (...)"
times() { sed -n 's/^[^:]*:\([0-9]*\): .* solutions*, \([0-9]*\) nodes, \([0-9.]*\) s.*/\1 \2 \3/p' "$1"; }
"$md" count -l 2 -s "$tmp/ids" >/dev/null 2>"$tmp/dlx.err"
"$md" count -l 2 -m dfs --timeout "$dfs_timeout" -s "$tmp/ids" >/dev/null 2>"$tmp/dfs.err" || true
times "$tmp/dlx.err" >"$tmp/dlx.t"
times "$tmp/dfs.err" >"$tmp/dfs.t"
grep "cut short" "$tmp/dfs.err" | sed -n 's/^[^:]*:\([0-9]*\):.*/\1/p' >"$tmp/cut" || true
tail -n +2 "$tsv" | awk -F'\t' '{ split($1, a, ":"); print NR, a[1] + 0, $2 }' >"$tmp/meta"

python3 - "$tmp" <<'EOF'
import statistics, sys
d = sys.argv[1]
meta = {}
for l in open(d + "/meta"):
    n, size, grade = l.split(None, 2)
    meta[int(n)] = (int(size), grade.strip())
def load(f):
    return {int(a): (int(b), float(c)) for a, b, c in (l.split() for l in open(f))}
dlx, dfs = load(d + "/dlx.t"), load(d + "/dfs.t")
cut = {int(l) for l in open(d + "/cut") if l.strip()}
groups = {}
for n, key in meta.items():
    groups.setdefault(key, []).append(n)
order = ["Easy", "Normal", "Hard", "Extreme", "Unreasonable"]
print("| size | grade | puzzles | DLX median ms | DLX max ms | DLX nodes (median) | DFS finished | DFS/DLX on those | DFS max s |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
for (size, grade) in sorted(groups, key=lambda k: (k[0], order.index(k[1]) if k[1] in order else 9)):
    ns = groups[(size, grade)]
    t = [dlx[n][1] * 1000 for n in ns]
    done = [n for n in ns if n in dfs and n not in cut]
    ratio = (sum(dfs[n][1] for n in done) / sum(dlx[n][1] for n in done)) if done else 0
    worst = max((dfs[n][1] for n in done), default=0)
    print("| %d | %s | %d | %.3f | %.3f | %d | %d of %d | %.0fx | %.3f |" % (
        size, grade, len(ns), statistics.median(t), max(t),
        statistics.median(dlx[n][0] for n in ns), len(done), len(ns), ratio, worst))
EOF

if [ -x /usr/games/sgt-keen ] && [ "$generate" -gt 0 ]; then
    /usr/games/sgt-keen --generate "$generate" 9du >"$tmp/u9.txt"
    "$md" count -l 2 -s "$tmp/u9.txt" >"$tmp/u9.count" 2>"$tmp/u9.err"
    [ "$(grep -c '^1$' "$tmp/u9.count")" = "$generate" ] ||
        { echo "bench/mathdoku.sh: a generated puzzle without one solution" >&2; exit 1; }
    "$md" count -l 2 -m dfs --timeout "$dfs_timeout" -s "$tmp/u9.txt" >/dev/null 2>"$tmp/u9dfs.err" || true
    times "$tmp/u9.err" >"$tmp/u9.t"
    times "$tmp/u9dfs.err" >"$tmp/u9dfs.t"
    ucut=$(grep -c "search cut short" "$tmp/u9dfs.err" || true)
    echo
    python3 - "$tmp" "$generate" "$ucut" <<'EOF'
import statistics, sys
d, n, cut = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t = [float(l.split()[2]) * 1000 for l in open(d + "/u9.t")]
f = [float(l.split()[2]) for l in open(d + "/u9dfs.t")]
print("Fresh 9x9 Unreasonable (sgt-keen --generate %d 9du): DLX median %.3f ms, max %.3f ms;"
      % (n, statistics.median(t), max(t)))
print("naive DFS: %d of %d finished within the time-box, median %.3f s, max %.3f s."
      % (len(f) - cut, n, statistics.median(f), max(f)))
EOF
fi
