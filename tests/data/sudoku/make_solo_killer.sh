#!/bin/sh
# Regenerates solo-killer.tsv: Solo's killers at its difficulty letters
# (t trivial, b basic, i intermediate, a advanced, e extreme), each with the
# solution Solo's own solver finds for its game ID, as make_solo_variants.sh.
# Columns: params, game ID, solution (the N*N digits, comma separated).
# Usage: sh make_solo_killer.sh > solo-killer.tsv   (a and e take minutes)
set -eu
solo=${SGT_SOLO:-/usr/games/sgt-solo}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for spec in 20:3x3kdt 20:3x3kdb 20:3x3kdi 20:2x3kdi 20:9jkdi 20:3x3xkdi \
            10:3x3kda 10:3x3kde; do
    n=${spec%%:*} params=${spec#*:}
    "$solo" --generate "$n" "$params" 2>/dev/null > "$tmp/ids"
    rm -f "$tmp"/s*.sav
    "$solo" --save "$tmp/s" --save-suffix .sav --with-solutions \
        < "$tmp/ids" 2>/dev/null
    i=0
    while read -r id; do
        sol=$(sed -n 's/^SOLVE *:[0-9]*:S//p' "$tmp/s$i.sav")
        printf '%s\t%s\t%s\n' "$params" "$id" "$sol"
        i=$((i + 1))
    done < "$tmp/ids"
done
