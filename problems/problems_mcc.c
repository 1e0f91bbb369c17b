/*
 * problems_mcc.c - problems that need Knuth's extensions: multiplicities
 * (dlx3's "lo:hi|name") and costs (dlx5's "|n").
 */
#include "problems_impl.h"

#include "grid.h"

/* K queens on an N x N board: each row and column holds at most one
 * queen (0:1), the item "#" that every option covers exactly K times
 * counts them, diagonals are secondary as in queens.  Rows and columns
 * in organ-pipe order, as queens writes them. */
static void write_kqueens(FILE *f, const problems_spec *sp)
{
    int n = sp->n;
    fprintf(f, "%d|#", sp->k);
    for (int k = 0; k < n; k++) {
        int i;
        if (n % 2)
            i = k % 2 ? (n + 1) / 2 - (k + 1) / 2 : (n + 1) / 2 + k / 2;
        else
            i = k % 2 ? n / 2 - (k - 1) / 2 : n / 2 + 1 + k / 2;
        fprintf(f, " 0:1|r%d 0:1|c%d", i, i);
    }
    fputs(" |", f);
    for (int s = 2; s <= 2 * n; s++)
        fprintf(f, " s%d", s);
    for (int d = 1 - n; d <= n - 1; d++)
        fprintf(f, " d%d", d);
    fputc('\n', f);
    for (int r = 1; r <= n; r++)
        for (int c = 1; c <= n; c++)
            fprintf(f, "# r%d c%d s%d d%d\n", r, c, r + c, r - c);
}

/* The assignment problem: worker I does job J at a cost drawn in 0..99
 * from the seed (splitmix64, row by row), so that the same seed gives
 * the same costs everywhere. */
static void write_assignment(FILE *f, const problems_spec *sp)
{
    int n = sp->n;
    grid_rng g = { sp->seed };
    for (int i = 1; i <= n; i++)
        fprintf(f, "%sw%d", i > 1 ? " " : "", i);
    for (int j = 1; j <= n; j++)
        fprintf(f, " j%d", j);
    fputc('\n', f);
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++)
            fprintf(f, "w%d j%d |%d\n", i, j, grid_rng_below(&g, 100));
}

void problems_write_mcc(FILE *f, const problems_spec *sp)
{
    if (sp->kind == PROBLEMS_KQUEENS)
        write_kqueens(f, sp);
    else
        write_assignment(f, sp);
}
