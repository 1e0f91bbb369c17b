/*
 * test_sudoku_canon.c - symmetries and the canonical form against published
 * counts of essentially different grids, and two searches against each
 * other.
 *
 * Usage: test_sudoku_canon DATA_DIR   (tests/data)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku_canon.h"
#include "sudoku_grid.h"
#include "sudoku_solve.h"
#include "sudoku_fixtures.h"

/* ---- symmetries and the canonical form ------------------------------------- */

typedef struct grids {
    sudoku_shape shape;
    unsigned char cell[36];
    int has[3][6][7];
    char (*forms)[37];
    int n, cap, bad, differ;
    sudoku_canon_ctx *fast, *general;
} grids;

/* every grid of the shape with the first row 1 2 .. N, by plain recursion
 * (no code under test), each turned into its canonical form */
static void enumerate(grids *g, int i)
{
    const sudoku_shape *sh = &g->shape;
    int N = sh->N;
    if (i == N * N) {
        sudoku in, out;
        sudoku_init(&in);
        sudoku_init(&out);
        sudoku_set_shape(&in, *sh);
        memcpy(in.cell, g->cell, (size_t)N * N);
        if (sudoku_canon_with(g->fast, &in, &out) != 0)
            g->bad++;
        /* the grid search against the general one */
        sudoku gen;
        sudoku_init(&gen);
        if (sudoku_canon_with(g->general, &in, &gen) != 0 ||
            memcmp(gen.cell, out.cell, (size_t)N * N) != 0)
            g->differ++;
        sudoku_release(&gen);
        if (g->n < g->cap) {
            for (int k = 0; k < N * N; k++)
                g->forms[g->n][k] = (char)('0' + out.cell[k]);
            g->forms[g->n][N * N] = '\0';
            g->n++;
        }
        sudoku_release(&in);
        sudoku_release(&out);
        return;
    }
    int r = i / N, c = i % N, b = (r / sh->R) * sh->R + c / sh->C;
    for (int d = 1; d <= N; d++) {
        if (r == 0 && d != c + 1)
            continue;
        if (g->has[0][r][d] || g->has[1][c][d] || g->has[2][b][d])
            continue;
        g->has[0][r][d] = g->has[1][c][d] = g->has[2][b][d] = 1;
        g->cell[i] = (unsigned char)d;
        enumerate(g, i + 1);
        g->has[0][r][d] = g->has[1][c][d] = g->has[2][b][d] = 0;
    }
}

static int cmp_form(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Published counts of essentially different grids: 2 for 4x4 and 49 for
 * 6x6 (2x3 boxes); every class has a member with the first row 1..N. */
static void classes(int R, int C, int grids_expected, int classes_expected)
{
    grids g;
    memset(&g, 0, sizeof g);
    g.shape = (sudoku_shape){ R, C, R * C };
    g.cap = grids_expected;
    g.forms = malloc((size_t)g.cap * sizeof *g.forms);
    g.fast = sudoku_canon_new();
    g.general = sudoku_canon_new();
    sudoku_canon_set_general(g.general, 1);
    enumerate(&g, 0);
    CHECK(g.n == grids_expected && g.bad == 0, "%dx%d: %d grids", R, C, g.n);
    CHECK(g.differ == 0, "%dx%d: grid search and general search differ on "
          "%d grids", R, C, g.differ);
    sudoku_canon_free(g.fast);
    sudoku_canon_free(g.general);
    qsort(g.forms, (size_t)g.n, sizeof *g.forms, cmp_form);
    int distinct = g.n > 0;
    for (int k = 1; k < g.n; k++)
        distinct += strcmp(g.forms[k], g.forms[k - 1]) != 0;
    CHECK(distinct == classes_expected, "%dx%d: %d classes, published %d",
          R, C, distinct, classes_expected);
    free(g.forms);
}

static void symmetries(void)
{
    classes(2, 2, 288 / 24, 2);
    classes(2, 3, 39168, 49);
    /* canonical forms do not change under random transformations, of
     * grids and puzzles; transformations are valid and undone by their
     * inverse */
    FILE *f = open_data("top1465-200.txt");
    if (!f)
        return;
    sudoku_reader r;
    sudoku_read_options opt = { 0 };
    sudoku_reader_init(&r, f, "top1465", &opt);
    sudoku p, sol, t1, t2, c1, c2, back;
    sudoku_init(&p);
    sudoku_init(&sol);
    sudoku_init(&t1);
    sudoku_init(&t2);
    sudoku_init(&c1);
    sudoku_init(&c2);
    sudoku_init(&back);
    sudoku_source src;
    dlx_diag err;
    sudoku_solver *sv = NULL;
    int n = 0, same = 0, valid = 0, undone = 0, idem = 0, differ = 0;
    char why[200];
    sudoku_canon_ctx *general = sudoku_canon_new();
    sudoku_canon_set_general(general, 1);
    while (n < 60 && sudoku_read(&r, &p, &src, &err) > 0) {
        if (!sv)
            sv = sudoku_solver_new(p.shape);
        grid_limits lim = { .max_solutions = 1 };
        grid_outcome out;
        sudoku_solve_dlx(sv, &p, &lim, &sol, &out);
        const sudoku *x = n % 2 ? &sol : &p;
        sudoku_transform a, b, inv;
        sudoku_transform_random(&x->shape, (uint64_t)n * 2 + 1, &a);
        sudoku_transform_random(&x->shape, (uint64_t)n * 2 + 2, &b);
        sudoku_transform_apply(&a, x, &t1);
        sudoku_transform_apply(&b, x, &t2);
        sudoku_canon(&t1, &c1);
        sudoku_canon(&t2, &c2);
        same += memcmp(c1.cell, c2.cell, 81) == 0;
        sudoku_canon(&c1, &c2);
        idem += memcmp(c1.cell, c2.cell, 81) == 0;
        sudoku_canon_with(general, &t1, &c2);
        differ += memcmp(c1.cell, c2.cell, 81) != 0;
        if (x == &sol)
            valid += sudoku_check_solution(NULL, &t1, why, sizeof why) == 0 &&
                     sudoku_check_solution(NULL, &c1, why, sizeof why) == 0;
        else
            valid += sudoku_check_givens(&t1, &err) == 0;
        sudoku_transform_inverse(&x->shape, &a, &inv);
        sudoku_transform_apply(&inv, &t1, &back);
        undone += memcmp(back.cell, x->cell, 81) == 0;
        n++;
    }
    CHECK(n == 60 && same == n && idem == n, "%d: %d invariant, %d stable",
          n, same, idem);
    CHECK(differ == 0, "the grid search and the general one differ on %d",
          differ);
    sudoku_canon_free(general);
    CHECK(valid == n && undone == n, "%d valid, %d undone", valid, undone);
    /* a relabeling that is not a permutation, a row order that splits a
     * band, a transposition of 2x3 boxes: refused */
    sudoku_transform t;
    sudoku_shape nine = { 3, 3, 9 }, six = { 2, 3, 6 };
    sudoku_transform_identity(&nine, &t);
    t.label[1] = 2;
    CHECK(sudoku_transform_check(&nine, &t, why, sizeof why) == -1, "label");
    sudoku_transform_identity(&nine, &t);
    t.row[2] = 3, t.row[3] = 2;
    CHECK(sudoku_transform_check(&nine, &t, why, sizeof why) == -1 &&
              strstr(why, "bands"), "%s", why);
    sudoku_transform_identity(&six, &t);
    t.transpose = 1;
    CHECK(sudoku_transform_check(&six, &t, why, sizeof why) == -1, "2x3 T");
    sudoku_solver_free(sv);
    sudoku_reader_release(&r);
    fclose(f);
    sudoku_release(&p);
    sudoku_release(&sol);
    sudoku_release(&t1);
    sudoku_release(&t2);
    sudoku_release(&c1);
    sudoku_release(&c2);
    sudoku_release(&back);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    symmetries();
    return check_done();
}
