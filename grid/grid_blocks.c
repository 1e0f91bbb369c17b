/*
 * grid_blocks.c - Tatham's block structures read (see
 * grid_blocks.h), for Keen's IDs and Solo's alike.
 */
#include "grid_blocks.h"

#include <ctype.h>

int grid_dsf_find(int *dsf, int i)
{
    while (dsf[i] != i)
        i = dsf[i] = dsf[dsf[i]];
    return i;
}

void grid_block_edge(int N, int pos, int *a, int *b)
{
    if (pos < N * (N - 1)) { /* vertical edges, reading order */
        int y = pos / (N - 1), x = pos % (N - 1);
        *a = y * N + x;
        *b = *a + 1;
    } else {                 /* horizontal, column by column */
        int x = pos / (N - 1) - N, y = pos % (N - 1);
        *a = y * N + x;
        *b = *a + N;
    }
}

int grid_blocks_read(const char *s, int N, char no_border, int repeats,
                     int *dsf, const char **end)
{
    int NN = N * N, edges = 2 * N * (N - 1), pos = 0;
    for (int i = 0; i < NN; i++)
        dsf[i] = i;
    const char *q = s;
    for (;;) {
        int run;
        const char *at = q;
        if (*q == '_')
            run = 0;
        else if (*q >= 'a' && *q <= 'z')
            run = *q - 'a' + 1;
        else
            break;
        q++;
        long rep = 1;
        if (repeats && isdigit((unsigned char)*q)) {
            rep = 0;
            while (isdigit((unsigned char)*q) && rep <= 100000)
                rep = rep * 10 + (*q++ - '0');
        }
        for (long t = 0; t < rep; t++) {
            if (pos + run > edges) {
                *end = at;
                return -1;
            }
            for (int k = 0; k < run; k++, pos++) {
                int a, b;
                grid_block_edge(N, pos, &a, &b);
                dsf[grid_dsf_find(dsf, a)] = grid_dsf_find(dsf, b);
            }
            if (*at != no_border)
                pos++;
        }
    }
    *end = q;
    return pos;
}
