#!/bin/sh
# mcc_jobs.sh DLX [MPIEXEC DLX_MPI] - input with multiplicities counted
# in pieces: --threads 2, --split-depth, dlx split + --jobs --shard +
# dlx merge, and dlx-mpi on 2 ranks (when MPIEXEC and DLX_MPI are given),
# on dlx gen kqueens against OEIS (A061994: 1288 for 2 queens on 8x8,
# dlx3's 34568 for 4, A000170: 92) and on random inputs with bounds 0..4
# and colors against the single search (and Knuth's dlx3 when DLX3 names
# it); --best K on threads against the single search.  SEED=S replays
# other random inputs.
dlx=$1 mpiexec=$2 dlx_mpi=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mcc_jobs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"
seed=${SEED:-1}
echo "seed $seed (SEED=S replays)"

# every way of counting FILE in pieces, one line each
pieces() {
    "$dlx" -c --threads 2 "$1" 2>/dev/null
    "$dlx" -c --split-depth 2 "$1" 2>/dev/null
    "$dlx" split --depth 3 "$1" >"$tmp/jobs" 2>/dev/null
    rm -f "$tmp"/shard.*
    for k in 1 2 3; do
        "$dlx" --jobs "$tmp/jobs" --shard $k/3 "$1" >"$tmp/shard.$k" \
            2>/dev/null
    done
    "$dlx" merge "$tmp/jobs" "$tmp"/shard.* 2>/dev/null
    if [ -n "$dlx_mpi" ]; then
        sh "$(dirname "$0")/mpirun.sh" "$mpiexec" 2 \
            "$dlx_mpi" --depth 2 "$1" \
            2>/dev/null </dev/null | head -n 1
    fi
}
n_ways=3
[ -n "$dlx_mpi" ] && n_ways=4

for nkc in "8 2 1288" "8 4 34568" "8 8 92"; do
    set -- $nkc
    "$dlx" gen kqueens "$1" "$2" >"$tmp/kq.dlx"
    want=$(printf "%s\n" $(seq $n_ways | sed "s/.*/$3/"))
    got=$(pieces "$tmp/kq.dlx")
    assert "kqueens $1 $2 in pieces: $(echo $got) (want $3 each)" \
        test "$got" = "$want"
done

# --stats on threads says how the work went; jobs that are not pairs of
# (item, option) are refused with their line
"$dlx" gen kqueens 6 3 >"$tmp/kq.dlx"
expect "--threads 2 -s" 0 '*' '*' -- "$dlx" -c -s --threads 2 "$tmp/kq.dlx"
assert "--threads 2 -s: the split and the threads" \
    grep -q "^split: depth .*jobs" "$tmp/err"
"$dlx" split --depth 1 "$tmp/kq.dlx" >"$tmp/jobs" 2>/dev/null
printf '# dlx jobs 1\n# fingerprint %s\n# depth 1\n# jobs 1\n0 7\n' \
    "$(sed -n 's/^# fingerprint //p' "$tmp/jobs")" >"$tmp/bad.jobs"
expect "a job of one value" 3 '' '*' -- "$dlx" --jobs "$tmp/bad.jobs" \
    "$tmp/kq.dlx"
assert "a job of one value: named" grep -q "job 0: .*pairs" "$tmp/err"
expect "--best with --jobs" 4 '' '*' -- "$dlx" --best 2 --jobs \
    "$tmp/jobs" "$tmp/kq.dlx"

# --best K on threads: the costs of the single search (which test_mcc
# checks against brute force and the Hungarian method)
for n in 6 9 12; do
    "$dlx" gen assignment $n --seed "$seed" >"$tmp/as.dlx"
    want=$("$dlx" --best 4 "$tmp/as.dlx" | grep '^cost:' | tr '\n' ' ')
    for cut in "--threads 2" "--threads 2 --split-depth 2" \
               "--split-depth 1"; do
        got=$("$dlx" --best 4 $cut "$tmp/as.dlx" | grep '^cost:' |
              tr '\n' ' ')
        assert "assignment $n --best 4 $cut: $got (want $want)" \
            test "$got" = "$want"
    done
done

# random problems: 2 to 7 primary items with bounds lo:hi in 0..4, up to
# 3 secondary items, colored (a, b) or not
awk -v seed="$seed" -v dir="$tmp" -v n=40 -v np0=2 -v npr=6 -v no0=8 \
    -v nor=16 -v lor=3 -v pin=0.35 -v bounded=1 \
    -f "$(dirname "$0")/mcc_random.awk"
bad=0
for f in "$tmp"/r*.dlx; do
    one=$("$dlx" -c "$f" 2>/dev/null)
    if [ -n "$DLX3" ] && [ -x "$DLX3" ]; then
        knuth=$("$DLX3" <"$f" 2>&1 |
                sed -n 's/^Altogether \([0-9]*\) solutions*,.*/\1/p')
        [ "$knuth" = "$one" ] || { bad=$((bad + 1));
            echo "differs: $(basename "$f"): dlx3 $knuth, dlx $one"; }
    fi
    want=$(printf "%s\n" $(seq $n_ways | sed "s/.*/$one/"))
    got=$(pieces "$f")
    if [ "$got" != "$want" ]; then
        bad=$((bad + 1))
        echo "differs: $(basename "$f"): single $one, in pieces $(echo $got)"
        cat "$f"
    fi
done
assert "40 random inputs: the count of one search in every way" \
    test "$bad" = 0
cli_done
