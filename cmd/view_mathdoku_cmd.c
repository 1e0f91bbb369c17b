/*
 * view_mathdoku_cmd.c - a mathdoku's search seen: names, labels, the grid
 * with its cages and clues for the recorder (view.h).
 */
#include "view_cmd.h"

#include <stdio.h>
#include <string.h>

#include "mathdoku.h"

view_recorder *view_cmd_mathdoku(const mathdoku_solver *sv, const mathdoku *p,
                                 const char *title)
{
    int N = p->N, NN = N * N;
    view_recorder *v = view_new(mathdoku_solver_matrix(sv));
    if (!v)
        return NULL;
    int bad = view_set_title(v, title) || view_set_grid(v, N, N);
    char buf[512], name[16], clue[32];
    /* the names of mathdoku_write_dlx */
    for (int i = 0; i < NN && !bad; i++)
        bad = view_set_item_name(v, i, mathdoku_cell_name(N, i, name));
    for (int k = 0; k < 2 * NN && !bad; k++) {
        snprintf(buf, sizeof buf, "%c%d#%d", k < NN ? 'r' : 'c',
                 (k % NN) / N + 1, k % N + 1);
        bad = view_set_item_name(v, NN + k, buf);
    }
    for (int k = 0; k < p->n_cages && !bad; k++) {
        const mathdoku_cage *c = &p->cages[k];
        snprintf(buf, sizeof buf, "cage%d", k + 1);
        bad = view_set_item_name(v, 3 * NN + k, buf);
        for (int j = 0; j < c->n && !bad; j++)
            bad = view_set_cell(v, c->cells[j], k,
                                j ? NULL : mathdoku_cage_clue(c, clue));
    }
    long n_options = mathdoku_solver_options(sv);
    for (long o = 0; o < n_options && !bad; o++) {
        const int *d;
        int k = mathdoku_option_cage(sv, (int)o, &d);
        const mathdoku_cage *c = &p->cages[k];
        int n = snprintf(buf, sizeof buf, "cage %s:", c->label);
        for (int j = 0; j < c->n && !bad; j++) {
            char digit[8];
            snprintf(digit, sizeof digit, "%d", d[j]);
            if (n < (int)sizeof buf - 24)
                n += snprintf(buf + n, sizeof buf - (size_t)n, " %s=%d",
                              mathdoku_cell_name(N, c->cells[j], name), d[j]);
            bad = view_add_option_cell(v, (int)o, c->cells[j], digit);
        }
        if (!bad)
            bad = view_set_option_label(v, (int)o, buf);
    }
    if (bad) {
        view_free(v);
        return NULL;
    }
    return v;
}
