/*
 * view_sudoku_cmd.c - a sudoku's search seen: names, labels and the grid
 * for the recorder (view.h).
 */
#include "view_cmd.h"

#include <stdio.h>
#include <stdlib.h>

#include "sudoku_grid.h"
#include "sudoku_solve.h"

view_recorder *view_cmd_sudoku(const sudoku_solver *sv, const sudoku *s,
                               const char *title)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N;
    view_recorder *v = view_new(sudoku_solver_matrix(sv));
    int *forced = malloc(((size_t)N * N + 1) * sizeof *forced);
    if (!v || !forced) {
        view_free(v);
        free(forced);
        return NULL;
    }
    int bad = view_set_title(v, title) || view_set_grid(v, N, N);
    char buf[48], name[24], sym[2] = { 0, 0 };
    sudoku_symbols symbols = sudoku_default_symbols(N);
    for (int i = 0; i < 4 * N * N && !bad; i++)
        bad = view_set_item_name(v, i, sudoku_item_label(sh, i, buf,
                                                         sizeof buf));
    int n_forced = 0;
    for (int cell = 0; cell < N * N && !bad; cell++) {
        int r = cell / N, c = cell % N;
        bad = view_set_cell(v, cell, (r / sh->R) * sh->R + c / sh->C, NULL);
        for (int d = 1; d <= N && !bad; d++) {
            int o = sudoku_option(sh, cell, d);
            char text[16];
            /* the order's usual symbols; numbers past 35 */
            sym[0] = N <= 35 ? sudoku_symbol_char(d, symbols) : '\0';
            if (N <= 35)
                snprintf(text, sizeof text, "%s", sym);
            else
                snprintf(text, sizeof text, "%d", d);
            snprintf(buf, sizeof buf, "%s=%s", sudoku_cell_name(sh, cell,
                                                                name), text);
            bad = view_set_option_label(v, o, buf) ||
                  view_add_option_cell(v, o, cell, text);
        }
        if (s->cell[cell])
            forced[n_forced++] = sudoku_option(sh, cell, s->cell[cell]);
    }
    if (!bad)
        bad = view_set_forced(v, forced, n_forced);
    free(forced);
    if (bad) {
        view_free(v);
        return NULL;
    }
    return v;
}
