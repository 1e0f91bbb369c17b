#!/bin/sh
# Regenerates solo-levels.tsv: puzzles Simon Tatham's Solo (Debian package
# sgt-puzzles) generated at each of its six levels, the level being the
# one asked of `sgt-solo --generate` (Solo keeps a puzzle only when its
# solver needs exactly that level).  9x9: COUNT per level (default 20);
# 2x3, 3x4, X and jigsaw: COUNT/2 per level.
# Columns: Solo's parameters, level, game ID.
# Usage: sh make_solo_levels.sh [COUNT] > solo-levels.tsv
set -eu
n=${1:-20}
solo=${SGT_SOLO:-/usr/games/sgt-solo}
printf 'params\tlevel\tid\n'
for params in 3x3 2x3 3x4 3x3x 9j; do
    k=$n
    [ "$params" = 3x3 ] || k=$((n / 2))
    for level in t:trivial b:basic i:intermediate a:advanced e:extreme \
                 u:unreasonable; do
        "$solo" --generate "$k" "${params}d${level%%:*}" 2>/dev/null |
            while read -r id; do
                printf '%s\t%s\t%s\n' "$params" "${level#*:}" "$id"
            done
    done
done
