#!/usr/bin/env bash
# bench/mathdoku_gen.sh - mathdoku puzzles made per second beside Simon
# Tatham's Keen (sgt-keen) in the same run, 12x12 and 16x16 times, and,
# given Tatham's standalone keen solver, how often our grades and Keen's
# agree.
#
#   bench/mathdoku_gen.sh [--quick] [--keensolver PATH] [--count N]
#
# Every puzzle timed is first checked: ours one solution by `mathdoku count
# -l 2`, Keen's solved uniquely by us too.  Rates: hyperfine (-N, mean of
# --runs) of whole commands, puzzles/s = puzzles / mean; 12x12 and 16x16:
# the median of the per-puzzle seconds of `generate -o json`.  Grades:
# PATH is keensolver built from Tatham's puzzles source (keen.c with
# -DSTANDALONE_SOLVER) OUTSIDE this repository; `PATH -g ID` prints
# "Difficulty rating: Hard".  Our puzzles of each grade (--difficulty) and
# Keen's of each grade (sgt-keen --generate N 'SdX#seed') are graded by
# both; the tables give, per grade, how many agree.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=3
n6=2000 k6=100 n9=500 k9=10 big=15 per_grade=100
keensolver=
while (($#)); do
    case $1 in
    --quick) runs=1; n6=300; k6=20; n9=60; k9=3; big=3; per_grade=10; shift ;;
    --keensolver) keensolver=$2; shift 2 ;;
    --count) per_grade=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/mathdoku_gen.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
command -v hyperfine >/dev/null ||
    { echo "bench/mathdoku_gen.sh: needs hyperfine (Debian: apt-get install hyperfine)" >&2; exit 3; }
keen=/usr/games/sgt-keen
[ -x "$keen" ] ||
    { echo "bench/mathdoku_gen.sh: needs $keen (Debian: apt-get install sgt-puzzles)" >&2; exit 3; }
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j "$(nproc)" --target mathdoku_cmd >/dev/null
md=$root/build-bench/bin/mathdoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "peer: sgt-keen $(dpkg-query -W -f='${Version}' sgt-puzzles 2>/dev/null || echo '?')"
echo

all_unique() { # FILE [OPTIONS]: every puzzle of FILE has one solution
    local file=$1 n
    shift
    n=$(grep -vc '^#' "$file")
    [ "$("$md" count -l 2 "$@" "$file" | grep -c '^1$')" = "$n" ] ||
        { echo "bench/mathdoku_gen.sh: $file: a puzzle without one solution" >&2; exit 1; }
}

# ---- rates beside sgt-keen -------------------------------------------------
"$keen" --generate "$k6" '6dn#1' 2>/dev/null >"$tmp/k6.txt"
"$keen" --generate "$k9" '9du#1' 2>/dev/null >"$tmp/k9.txt"
"$md" generate -n "$n6" --size 6 --seed 1 -o keen 2>/dev/null >"$tmp/o6.txt"
"$md" generate -n "$((n6 / 10))" --size 6 --seed 1 -o keen --difficulty normal >"$tmp/o6n.txt"
"$md" generate -n "$n9" --size 9 --seed 1 -o keen >"$tmp/o9.txt"
"$md" generate -n "$((n9 / 5))" --size 9 --seed 1 -o keen --difficulty unreasonable >"$tmp/o9u.txt"
for f in k6 k9 o6 o6n o9 o9u; do all_unique "$tmp/$f.txt"; done
[ "$(wc -l <"$tmp/k6.txt")" = "$k6" ] && [ "$(wc -l <"$tmp/k9.txt")" = "$k9" ] ||
    { echo "bench/mathdoku_gen.sh: sgt-keen made too few puzzles" >&2; exit 1; }
cmds=("$keen --generate $k6 6dn#1"
      "$md generate -n $n6 --size 6 --seed 1 -o keen"
      "$md generate -n $((n6 / 10)) --size 6 --seed 1 -o keen --difficulty normal"
      "$keen --generate $k9 9du#1"
      "$md generate -n $n9 --size 9 --seed 1 -o keen"
      "$md generate -n $((n9 / 5)) --size 9 --seed 1 -o keen --difficulty unreasonable")
counts=("$k6" "$n6" "$((n6 / 10))" "$k9" "$n9" "$((n9 / 5))")
hyperfine -N --runs "$runs" --export-json "$tmp/h.json" "${cmds[@]}" >/dev/null 2>"$tmp/hf.err"
mean() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['mean'])" "$tmp/h.json" "$1"; }
rate() { python3 -c "print('%.1f' % ($1 / $(mean "$2")))"; }
k6r=$(rate "$k6" 0) k9r=$(rate "$k9" 3)
echo "Rates (hyperfine -N, mean of $runs runs; puzzles/s):"
echo
echo "| size | command | puzzles | puzzles/s | vs Keen |"
echo "|---|---|---:|---:|---:|"
for i in 0 1 2 3 4 5; do
    r=$(rate "${counts[$i]}" "$i")
    base=$k6r
    [ "$i" -ge 3 ] && base=$k9r
    size=6x6
    [ "$i" -ge 3 ] && size=9x9
    echo "| $size | \`${cmds[$i]#"$root/build-bench/bin/"}\` | ${counts[$i]} | $r | $(python3 -c "print('%.1fx' % ($r / $base))") |"
done
echo

# ---- 12x12 and 16x16 -----------------------------------------------------------
echo "Large orders (\`mathdoku generate -n $big --size N --seed 1 -o json\`; per-puzzle seconds):"
echo
echo "| size | puzzles | median s | max s | cages | changes |"
echo "|---|---:|---:|---:|---:|---:|"
for n in 12 16; do
    "$md" generate -n "$big" --size "$n" --seed 1 -o json >"$tmp/big$n.json"
    sed 's/.*"puzzle":"\([^"]*\)".*/\1/' "$tmp/big$n.json" >"$tmp/big$n.txt"
    all_unique "$tmp/big$n.txt"
    python3 - "$tmp/big$n.json" "$n" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
s = [r["seconds"] for r in rows]
print("| %sx%s | %d | %.3f | %.3f | %.1f | %.1f |" % (
    sys.argv[2], sys.argv[2], len(rows), statistics.median(s), max(s),
    statistics.mean(r["cages"] for r in rows),
    statistics.mean(r["changes"] for r in rows)))
EOF
done
echo

# ---- grades: ours and Keen's ---------------------------------------------------
[ -n "$keensolver" ] || { echo "(no --keensolver: grade agreement not measured)"; exit 0; }
[ -x "$keensolver" ] || { echo "bench/mathdoku_gen.sh: $keensolver is not a program" >&2; exit 3; }
grades=(Easy Normal Hard Extreme Unreasonable)
letters=(e n h x u)
keen_grade() { # FILE of IDs -> Keen's grade per line
    while read -r id; do
        "$keensolver" -g "$id" | sed 's/^Difficulty rating: //'
    done <"$1"
}
our_grade() { "$md" rate -o csv "$1" | sed 1d | cut -d, -f3; }
table() { # NAME FILE(ours,keen per line): a confusion table by Keen's grade
    python3 - "$2" "$1" <<'EOF'
import sys
g = ["Easy", "Normal", "Hard", "Extreme", "Unreasonable"]
pairs = [l.split(",") for l in open(sys.argv[1]).read().split()]
print("%s: rows Keen's grade, columns ours\n" % sys.argv[2])
print("| Keen \\ ours | " + " | ".join(g) + " | agree |")
print("|---|" + "---:|" * 6)
total = agree = 0
for k in g:
    row = [sum(1 for o, kk in pairs if kk == k and o == x) for x in g]
    n = sum(1 for o, kk in pairs if kk == k)
    total += n
    agree += row[g.index(k)]
    if n:
        print("| %s | %s | %d/%d (%.0f%%) |" % (k, " | ".join(map(str, row)),
              row[g.index(k)], n, 100.0 * row[g.index(k)] / n))
other = [p for p in pairs if p[1] not in g]
if other:
    print("| (other) | %d puzzles Keen grades %s |" % (len(other), sorted(set(p[1] for p in other))))
print("| all | | | | | | %d/%d (%.1f%%) |\n" % (agree, total, 100.0 * agree / max(total, 1)))
EOF
}
for n in 6 9; do
    : >"$tmp/ours$n.csv"
    : >"$tmp/keens$n.csv"
    for i in 0 1 2 3 4; do
        # ours, asked for each grade
        "$md" generate -n "$per_grade" --size "$n" --seed 1 -o keen --difficulty "${grades[$i]}" >"$tmp/g.txt"
        paste -d, <(our_grade "$tmp/g.txt") <(keen_grade "$tmp/g.txt") >>"$tmp/ours$n.csv"
        # Keen's, of each grade
        "$keen" --generate "$per_grade" "${n}d${letters[$i]}#1" 2>/dev/null >"$tmp/k.txt"
        paste -d, <(our_grade "$tmp/k.txt") <(keen_grade "$tmp/k.txt") >>"$tmp/keens$n.csv"
    done
    # ours, any grade (the default generator)
    "$md" generate -n "$((5 * per_grade))" --size "$n" --seed 1 -o keen >"$tmp/g.txt"
    paste -d, <(our_grade "$tmp/g.txt") <(keen_grade "$tmp/g.txt") >"$tmp/any$n.csv"
    table "${n}x${n}, ours made with --difficulty ($per_grade per grade)" "$tmp/ours$n.csv"
    table "${n}x${n}, Keen's made at each grade ($per_grade per grade)" "$tmp/keens$n.csv"
    table "${n}x${n}, ours of any grade ($((5 * per_grade)), the default)" "$tmp/any$n.csv"
done
