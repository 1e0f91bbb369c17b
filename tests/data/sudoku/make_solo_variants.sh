#!/bin/sh
# Regenerates solo-variants.tsv: puzzles of each variant family generated
# by Simon Tatham's Solo (Debian package sgt-puzzles), each with the
# solution Solo's own solver finds for its game ID (read back from stdin,
# so without the generator's stored answer).
# Columns: family, game ID, solution (the N*N digits, comma separated).
# Usage: sh make_solo_variants.sh [COUNT] > solo-variants.tsv
set -eu
n=${1:-20}
solo=${SGT_SOLO:-/usr/games/sgt-solo}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for params in 3x3x 6j 9j 12j 2x3k 3x3k 9jk 9jx 3x3xk 9jxk; do
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
