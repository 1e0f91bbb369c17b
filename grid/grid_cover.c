/*
 * grid_cover.c - the exact cover of a sudoku grid with boxes (see
 * grid_cover.h).
 */
#include "grid_cover.h"

#include <stdlib.h>

int grid_write_box_cover(FILE *f, int R, int C, const unsigned char *cell)
{
    int N = R * C;
    /* held[(kind * N + unit) * (N + 1) + d]: a given holds digit d in that
     * row, column or box, so that no option puts d elsewhere in it (made
     * once: a scan of the grid per option made 100x100 take N^5 steps) */
    size_t units = (size_t)3 * N * (size_t)(N + 1);
    unsigned char *held = calloc(units, 1);
    if (!held)
        return EOF;
    for (int j = 0; j < N * N; j++)
        if (cell[j]) {
            int r = j / N, c = j % N, d = cell[j];
            held[(size_t)r * (N + 1) + d] = 1;
            held[(size_t)(N + c) * (N + 1) + d] = 1;
            held[(size_t)(2 * N + grid_box_of(R, C, r, c)) * (N + 1) + d] = 1;
        }
    fprintf(f, "| sudoku %dx%d (boxes %dx%d) as exact cover, written by "
            "'sudoku encode'\n| items: cell rRcC, row rR#D, column cC#D, "
            "box bB#D\n", N, N, R, C);
    for (int i = 0; i < N * N; i++)
        fprintf(f, "%sr%dc%d", i ? " " : "", i / N + 1, i % N + 1);
    static const char prefix[] = { 'r', 'c', 'b' };
    for (int kind = 0; kind < 3; kind++)
        for (int u = 1; u <= N; u++)
            for (int d = 1; d <= N; d++)
                fprintf(f, " %c%d#%d", prefix[kind], u, d);
    fputc('\n', f);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int b = grid_box_of(R, C, r, c) + 1, g = cell[r * N + c];
            for (int d = 1; d <= N; d++) {
                if (g && d != g)
                    continue;
                /* a digit a given already holds in this row, column or box
                 * cannot go here: leave its option out */
                if (!g && (held[(size_t)r * (N + 1) + d] ||
                           held[(size_t)(N + c) * (N + 1) + d] ||
                           held[(size_t)(2 * N + b - 1) * (N + 1) + d]))
                    continue;
                fprintf(f, "r%dc%d r%d#%d c%d#%d b%d#%d\n", r + 1, c + 1,
                        r + 1, d, c + 1, d, b, d);
            }
        }
    free(held);
    return ferror(f) ? EOF : 0;
}

/* Both covers, built by one loop: the whole grid or a band of rows. */
static dlx_matrix *rows_matrix(int R, int C, int rows, int whole)
{
    int N = R * C, cells = rows * N;
    dlx_matrix *m = whole ? dlx_new(4 * cells, 0)
                          : dlx_new(3 * cells, N * N);
    if (!m || dlx_reserve(m, cells * N, 4L * cells * N) != DLX_OK) {
        dlx_free(m);
        return NULL;
    }
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < N; c++)
            for (int d = 1; d <= N; d++) {
                int items[4];
                if (whole)
                    grid_box_items(R, C, r, c, d, items);
                else
                    grid_band_items(R, C, rows, r, c, d, items);
                if (dlx_add_option(m, 4, items, NULL) < 0) {
                    dlx_free(m);
                    return NULL;
                }
            }
    return m;
}

dlx_matrix *grid_box_matrix(int R, int C)
{
    return rows_matrix(R, C, R * C, 1);
}

dlx_matrix *grid_band_matrix(int R, int C, int rows)
{
    return rows_matrix(R, C, rows, 0);
}
