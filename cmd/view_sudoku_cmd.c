/*
 * view_sudoku_cmd.c - a sudoku's search seen: names, labels and the grid
 * for the recorder (view.h).
 */
#include "view_cmd.h"

#include <stdio.h>
#include <stdlib.h>

#include "sudoku_grid.h"
#include "sudoku_solve.h"

/* The text of digit d: the order's usual symbol; numbers past 35. */
static void digit_text(int N, int d, sudoku_symbols symbols, char *text,
                       size_t size)
{
    if (N <= 35)
        snprintf(text, size, "%c", sudoku_symbol_char(d, symbols));
    else
        snprintf(text, size, "%d", d);
}

view_recorder *view_cmd_sudoku(const sudoku_solver *sv, const sudoku *s,
                               const char *title)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N, variant = sudoku_is_variant(s);
    const dlx_matrix *m = sudoku_solver_matrix(sv);
    view_recorder *v = view_new(m);
    int *forced = malloc(((size_t)N * N + 1) * sizeof *forced);
    if (!v || !forced) {
        view_free(v);
        free(forced);
        return NULL;
    }
    int bad = view_set_title(v, title) || view_set_grid(v, N, N);
    /* a label: "r1c1=5", or a killer cage's tuple "r1c1=5 r1c2=3" */
    char buf[64 + 16 * SUDOKU_MAX_ORDER], name[24], text[16];
    sudoku_symbols symbols = sudoku_default_symbols(N);
    /* plain sudoku keeps the short names of the encoding ("r3#7"); a
     * variant's items are its solver's (regions, diagonals, cages) */
    for (int i = 0; i < dlx_num_items(m) && !bad; i++)
        bad = view_set_item_name(v, i, variant
                                 ? sudoku_solver_item_name(sv, i, buf,
                                                           sizeof buf)
                                 : sudoku_item_label(sh, i, buf,
                                                     sizeof buf));
    for (int cell = 0; cell < N * N && !bad; cell++)
        bad = view_set_cell(v, cell, sudoku_region_of(s, cell), NULL);
    int cells[SUDOKU_MAX_ORDER], digits[SUDOKU_MAX_ORDER];
    for (int o = 0; o < dlx_num_options(m) && !bad; o++) {
        int n = sudoku_solver_option_cells(sv, o, cells, digits), at = 0;
        for (int k = 0; k < n; k++) {
            digit_text(N, digits[k], symbols, text, sizeof text);
            at += snprintf(buf + at, sizeof buf - (size_t)at, "%s%s=%s",
                           k ? " " : "", sudoku_cell_name(sh, cells[k], name),
                           text);
        }
        bad = view_set_option_label(v, o, buf);
        for (int k = 0; k < n && !bad; k++) {
            digit_text(N, digits[k], symbols, text, sizeof text);
            bad = view_add_option_cell(v, o, cells[k], text);
        }
    }
    /* the givens, as the solver forces them (a caged given is held by its
     * cage's tuples instead) */
    int n_forced = 0;
    for (int cell = 0; cell < N * N; cell++) {
        int o = s->cell[cell] ? sudoku_solver_cell_option(sv, cell,
                                                          s->cell[cell])
                              : -1;
        if (o >= 0)
            forced[n_forced++] = o;
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
