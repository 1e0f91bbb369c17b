#!/bin/sh
# mcc_knuth.sh DLX - multiplicities and costs against Knuth's own programs:
# dlx3 (counts, updates and nodes on random inputs with bounds 0..4 and
# colors, and on dlx gen kqueens) and dlx5 (the optimum of dlx gen
# assignment).  DLX3 and DLX5 name them (built from Knuth's dlx3.w and
# dlx5.w with ctangle, never part of this project); without DLX3 the
# script is skipped (exit 77).  SEED=S replays other random inputs.
dlx=$1
[ -n "$DLX3" ] && [ -x "$DLX3" ] || { echo "DLX3 not set: skipped"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mcc_knuth.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"
seed=${SEED:-1}
echo "seed $seed (SEED=S replays)"

# solutions, updates, nodes as dlx3 and dlx -s print them
knuth() {
    "$DLX3" <"$1" 2>&1 | sed -n 's/^Altogether \([0-9]*\) solutions*, .* \([0-9]*\) updates, .* \([0-9]*\) nodes.*/\1 \2 \3/p'
}
ours() {
    "$dlx" -c -s "$1" 2>&1 >/dev/null |
        awk '/^solutions:/ {s = $2} /^updates:/ {u = $2} /^nodes:/ {n = $2}
             END {print s, u, n}'
}

# random problems: 1 to 6 primary items with bounds lo:hi in 0..4,
# up to 3 secondary items, colored (a, b) or not
awk -v seed="$seed" -v dir="$tmp" -v n=150 -v np0=1 -v npr=6 -v no0=3 \
    -v nor=12 -v lor=4 -v pin=0.5 -v bounded=0 \
    -f "$(dirname "$0")/mcc_random.awk"
bad=0
for f in "$tmp"/r*.dlx; do
    want=$(knuth "$f") got=$(ours "$f")
    if [ "$want" != "$got" ]; then
        bad=$((bad + 1))
        echo "differs: $(basename "$f"): dlx3 $want, dlx $got"
        cat "$f"
    fi
done
assert "150 random inputs: solutions, updates and nodes of dlx3" \
    test "$bad" = 0

for nk in "6 4" "7 5" "8 4" "8 8"; do
    set -- $nk
    "$dlx" gen kqueens "$1" "$2" >"$tmp/kq.dlx"
    want=$(knuth "$tmp/kq.dlx") got=$(ours "$tmp/kq.dlx")
    assert "kqueens $nk: dlx3 $want, dlx $got" test "$want" = "$got"
done

if [ -n "$DLX5" ] && [ -x "$DLX5" ]; then
    for n in 5 8 12; do
        "$dlx" gen assignment "$n" --seed "$seed" >"$tmp/as.dlx"
        want=$("$DLX5" <"$tmp/as.dlx" 2>&1 |
               sed -n 's/^The optimum cost is \$\([0-9]*\).*/\1/p')
        got=$("$dlx" --best 1 "$tmp/as.dlx" | sed -n 's/^cost: //p')
        assert "assignment $n: dlx5 $want, dlx $got" test "$want" = "$got"
    done
fi
cli_done
