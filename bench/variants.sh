#!/usr/bin/env bash
# bench/variants.sh - the sudoku variants (X, jigsaw, killer and their
# combinations) solved with a uniqueness proof (count to 2) by Dancing
# Links and by the naive DFS, beside Simon Tatham's Solo solving the same
# game IDs and generating new ones, in the same run.
#
#   bench/variants.sh [--runs N] [--dfs-budget SEC] [--baseline SUDOKU]
#                     [--families 'F1 F2 ...']
#
# The puzzles are tests/data/sudoku/solo-variants.tsv (20 a family, made
# by Solo; see make_solo_variants.sh).  Before anything is timed, every
# solution is compared with Solo's and every count must be 1; a wrong
# answer stops the bench.  Times are hyperfine means of whole commands
# (20 puzzles each); Solo's solve is `sgt-solo --save --with-solutions`
# reading the IDs (its solver, with save files written), its generate
# `sgt-solo --generate 5 PARAMS` (one run); ours `sudoku generate
# --variant V -n 20` of the same family (one run; minimal puzzles, unique
# by the counter).  --baseline times another build's `sudoku` (an older
# commit's) on the same generate command, in the same run: one more column.
# --families keeps those rows only (e.g. '3x3k 9jk 3x3xk': 12j's
# generators take minutes).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=3
dfs_budget=30
baseline=
families=
while (($#)); do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --dfs-budget) dfs_budget=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --families) families=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/variants.sh: unknown argument '$1'" >&2; exit 4 ;;
    esac
done
command -v hyperfine >/dev/null ||
    { echo "bench/variants.sh: needs hyperfine" >&2; exit 3; }
solo=/usr/games/sgt-solo
cmake -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-bench" -j 2 --target sudoku_cmd >/dev/null
sudoku=$root/build-bench/bin/sudoku
tsv=$root/tests/data/sudoku/solo-variants.tsv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the mean of a hyperfine run, in seconds
mean() { hyperfine -N -w 1 -r "$runs" --export-json "$tmp/h.json" "$@" \
             >/dev/null 2>&1 && sed -n 's/.*"mean": *\([0-9.e-]*\).*/\1/p' "$tmp/h.json" | head -1; }

echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo
echo "| family | puzzles | DLX nodes/puzzle | DLX puzzles/s | DFS finished | DFS nodes/puzzle | DFS puzzles/s | Solo solve puzzles/s | Solo generate puzzles/s | our generate puzzles/s |${baseline:+ baseline generate puzzles/s |}"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${baseline:+---:|}"

# Solo's parameters as `sudoku generate` options: 3x3xk, 9jk, 12j ...
generate_options() {
    local p=$1 variant="" shape
    case $p in
    *j*) shape="--size ${p%%j*}"; variant=jigsaw ;;
    *) shape="--box $(echo "$p" | sed 's/^\([0-9]*x[0-9]*\).*/\1/')" ;;
    esac
    local flags=${p#*[0-9]j}
    [ "$flags" = "$p" ] && flags=${p#[0-9]*x[0-9]*}
    case $flags in *x*) variant=${variant:+$variant,}x ;; esac
    case $flags in *k*) variant=${variant:+$variant,}killer ;; esac
    echo "$shape --variant $variant"
}
for family in ${families:-$(cut -f1 "$tsv" | uniq)}; do
    grep -P "^$family\t" "$tsv" | cut -f2 >"$tmp/ids.txt"
    grep -P "^$family\t" "$tsv" | cut -f3 | awk -F, '{ s = "";
        for (i = 1; i <= NF; i++) s = s substr("123456789ABC", $i, 1); print s }' >"$tmp/solo.txt"
    n=$(wc -l <"$tmp/ids.txt")
    # validation: Solo's solutions, one each
    "$sudoku" solve -o line "$tmp/ids.txt" | cmp -s - "$tmp/solo.txt" ||
        { echo "bench/variants.sh: $family: not Solo's solutions" >&2; exit 1; }
    [ "$("$sudoku" count --limit 2 "$tmp/ids.txt" | sort -u)" = 1 ] ||
        { echo "bench/variants.sh: $family: not unique" >&2; exit 1; }
    nodes=$("$sudoku" count --limit 2 --stats "$tmp/ids.txt" 2>&1 >/dev/null |
            awk '/ solutions?, [0-9]+ nodes/ && !/puzzles:/ { n += $(NF-3) } END { print n }')
    t_dlx=$(mean "$sudoku count --limit 2 $tmp/ids.txt")
    # DFS: budget per puzzle; the puzzles it finishes
    per=$((dfs_budget / n > 0 ? dfs_budget / n : 1))
    "$sudoku" count -m dfs --limit 2 --timeout "$per" --stats "$tmp/ids.txt" \
        >"$tmp/dfs.out" 2>"$tmp/dfs.err" || true
    done_dfs=$(grep -cx 1 "$tmp/dfs.out" || true)
    dfs_nodes=$(awk '/: 1 solution, / { n += $(NF-3); k++ } END { if (k) printf "%d", n / k; else print "-" }' "$tmp/dfs.err")
    if [ "$done_dfs" = "$n" ]; then
        t_dfs=$(mean "$sudoku count -m dfs --limit 2 $tmp/ids.txt")
        dfs_rate=$(echo "$n / $t_dfs" | bc -l | xargs printf '%.0f')
    else
        dfs_rate="-"
    fi
    if [ -x "$solo" ]; then
        hyperfine -w 1 -r "$runs" --export-json "$tmp/s.json" \
            "$solo --save $tmp/s --save-suffix .sav --with-solutions < $tmp/ids.txt" \
            >/dev/null 2>&1
        t_solo=$(sed -n 's/.*"mean": *\([0-9.e-]*\).*/\1/p' "$tmp/s.json" | head -1)
        solo_rate=$(echo "$n / $t_solo" | bc -l | xargs printf '%.0f')
        # one run of 5: Solo's generator is the slow part of the bench
        hyperfine -N -r 1 --export-json "$tmp/g.json" \
            "$solo --generate 5 $family" >/dev/null 2>&1
        t_gen=$(sed -n 's/.*"mean": *\([0-9.e-]*\).*/\1/p' "$tmp/g.json" | head -1)
        gen_rate=$(echo "5 / $t_gen" | bc -l | xargs printf '%.1f')
    else
        solo_rate="-" gen_rate="-"
    fi
    # shellcheck disable=SC2046 # the options split on purpose
    hyperfine -N -r 1 --export-json "$tmp/o.json" \
        "$sudoku generate $(generate_options "$family") -n 20 --seed 1" \
        >/dev/null 2>&1
    t_ours=$(sed -n 's/.*"mean": *\([0-9.e-]*\).*/\1/p' "$tmp/o.json" | head -1)
    ours_rate=$(echo "20 / $t_ours" | bc -l | xargs printf '%.1f')
    base_col=
    if [ -n "$baseline" ]; then
        # shellcheck disable=SC2046 # the options split on purpose
        hyperfine -N -r 1 --export-json "$tmp/b.json" \
            "$baseline generate $(generate_options "$family") -n 20 --seed 1" \
            >/dev/null 2>&1
        t_base=$(sed -n 's/.*"mean": *\([0-9.e-]*\).*/\1/p' "$tmp/b.json" | head -1)
        base_col=" $(echo "20 / $t_base" | bc -l | xargs printf '%.1f') |"
    fi
    printf '| %s | %d | %d | %.0f | %d | %s | %s | %s | %s | %s |%s\n' "$family" "$n" \
        $((nodes / n)) "$(echo "$n / $t_dlx" | bc -l)" "$done_dfs" "$dfs_nodes" \
        "$dfs_rate" "$solo_rate" "$gen_rate" "$ours_rate" "$base_col"
done
