#!/bin/sh
# bench/gen.sh KIND N - exact cover inputs in Knuth's format on stdout.
#   latin N        Latin squares of order N (OEIS A002860)
#   latin-row1 N   the same with the first row fixed to 1..N (A002860/N!)
#   queens N       N queens, diagonals secondary (OEIS A000170)
kind=$1 n=$2
case $kind in
latin|latin-row1)
    awk -v n="$n" -v fix="$([ "$kind" = latin-row1 ] && echo 1 || echo 0)" 'BEGIN {
        printf "| %s %d, made by bench/gen.sh\n", fix ? "Latin squares, row 1 fixed," : "Latin squares", n
        line = ""
        for (r = 0; r < n; r++) for (c = 0; c < n; c++) line = line " p" r "_" c
        for (r = 0; r < n; r++) for (s = 1; s <= n; s++) line = line " r" r "_" s
        for (c = 0; c < n; c++) for (s = 1; s <= n; s++) line = line " c" c "_" s
        print substr(line, 2)
        for (r = 0; r < n; r++) for (c = 0; c < n; c++) for (s = 1; s <= n; s++)
            if (!fix || r > 0 || s == c + 1)
                printf "p%d_%d r%d_%d c%d_%d\n", r, c, r, s, c, s
    }' ;;
queens)
    awk -v n="$n" 'BEGIN {
        printf "| %d queens, made by bench/gen.sh\n", n
        line = ""
        for (k = 0; k < n; k++) line = line " r" k " c" k
        line = line " |"
        for (k = 0; k < 2 * n - 1; k++) line = line " a" k " b" k
        print substr(line, 2)
        for (r = 0; r < n; r++) for (c = 0; c < n; c++)
            printf "r%d c%d a%d b%d\n", r, c, r + c, r - c + n - 1
    }' ;;
*)
    echo "usage: bench/gen.sh latin|latin-row1|queens N" >&2
    exit 4 ;;
esac
