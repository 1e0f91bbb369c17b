#!/bin/sh
# knuth_figures.sh DLX DATA_DIR - our dlx against the figures Knuth's dlx3
# and dlx5 printed for the inputs of tests/data/exact-cover/
# knuth-figures.tsv (its header says where they come from and which of
# them must agree): solutions, nodes and, with multiplicities, updates;
# the optimum cost of dlx5.  The peer programs are not needed.
dlx=$1
data=$2/exact-cover
tmp=$(mktemp -d "${TMPDIR:-/tmp}/knuth_figures.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/cli_lib.sh"

rows=0
tab=$(printf '\t')
while IFS="$tab" read -r input prog check sols upd nodes best; do
    case $input in '#'*|'') continue ;; esac
    rows=$((rows + 1))
    case $input in
    gen\ *) # shellcheck disable=SC2086
            "$dlx" ${input} >"$tmp/in.dlx" || echo "dlx $input failed" ;;
    *)      cp "$data/$input" "$tmp/in.dlx" ;;
    esac
    if [ "$prog" = dlx5 ]; then
        got=$("$dlx" --best 1 "$tmp/in.dlx" | sed -n 's/^cost: //p')
        assert "$input: dlx5 optimum $best, dlx $got" test "$got" = "$best"
        continue
    fi
    got=$("$dlx" -c -s --no-memo "$tmp/in.dlx" 2>&1 >/dev/null |
          awk '/^solutions:/ {s = $2} /^updates:/ {u = $2} /^nodes:/ {n = $2}
               END {print s, u, n}')
    case $check in
    snu) want="$sols $upd $nodes" ;;
    sn)  want="$sols $nodes"
         got=$(echo "$got" | awk '{print $1, $3}') ;;
    *)   want="bad check '$check'" ;;
    esac
    assert "$input: dlx3 $want, dlx $got" test "$got" = "$want"
done <"$data/knuth-figures.tsv"
assert "20 or more rows read ($rows)" test "$rows" -ge 20
cli_done
