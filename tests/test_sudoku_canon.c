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

/* ---- symmetries and the canonical form ----------------------------------- */

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

/* ---- the variants -------------------------------------------------------- */

static void id_of(const sudoku *s, char *buf, size_t size)
{
    FILE *f = fmemopen(buf, size, "w");
    if (!f) {
        buf[0] = '\0';
        return;
    }
    sudoku_write(f, s, SUDOKU_LAYOUT_TATHAM, SUDOKU_SYM_AUTO);
    fclose(f);
    buf[size - 1] = '\0';
    buf[strcspn(buf, "\n")] = '\0';
}

static uint64_t count2(const sudoku *p)
{
    sudoku_solver *sv = sudoku_solver_for(p);
    grid_limits lim = { .max_solutions = 2 };
    grid_outcome out;
    uint64_t n = sv && sudoku_solve_dlx(sv, p, &lim, NULL, &out) == 0 &&
                         out.complete ? out.solutions : 0;
    sudoku_solver_free(sv);
    return n;
}

/* Solo's variant puzzles (tests/data/sudoku/solo-variants.tsv, with
 * Solo's solutions), each under random transformations of its group:
 * the transformation passes the check, the image has one solution and
 * the image of Solo's solution is a solution of it (the independent
 * checker), the inverse gives the puzzle back, and the canonical form is
 * the puzzle's.  Then what each group leaves out is refused. */
static void variants(uint64_t seed)
{
    FILE *f = open_data("solo-variants.tsv");
    if (!f)
        return;
    char line[8192], a[8192], b[8192];
    sudoku p, sol, tp, tsol, back, c0, c1;
    sudoku *all[] = { &p, &sol, &tp, &tsol, &back, &c0, &c1 };
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        sudoku_init(all[k]);
    int lineno = 0, moved = 0, non_dihedral = 0;
    sudoku_read_options opt = { .layout = SUDOKU_LAYOUT_TATHAM };
    while (fgets(line, sizeof line, f)) {
        lineno++;
        strtok(line, "\t");
        char *id = strtok(NULL, "\t"), *listed = strtok(NULL, "\t\n");
        dlx_diag err;
        if (!id || !listed || sudoku_read_string(id, &opt, &p, &err) != 0) {
            CHECK(0, "line %d: unreadable", lineno);
            continue;
        }
        int N = p.shape.N, NN = N * N;
        CHECK(sudoku_copy(&sol, &p) == 0, "copy");
        char *q = listed;
        for (int i = 0; i < NN; i++) {
            sol.cell[i] = (unsigned char)strtol(q, &q, 10);
            if (*q == ',')
                q++;
        }
        CHECK(sudoku_variant_canon(&p, &c0) == SUDOKU_OK, "line %d: canon",
              lineno);
        for (int round = 0; round < 4; round++) {
            sudoku_transform t, inv;
            uint64_t s = seed + (uint64_t)lineno * 16 + (uint64_t)round;
            char why[200] = "";
            sudoku_variant_transform_random(&p, s, &t);
            CHECK(sudoku_variant_transform_check(&p, &t, why, sizeof why) ==
                      SUDOKU_OK, "line %d seed %llu: refused its own: %s",
                  lineno, (unsigned long long)s, why);
            CHECK(sudoku_variant_transform_apply(&t, &p, &tp) == 0 &&
                      sudoku_variant_transform_apply(&t, &sol, &tsol) == 0,
                  "apply");
            CHECK(count2(&tp) == 1, "line %d seed %llu: image not unique",
                  lineno, (unsigned long long)s);
            CHECK(sudoku_check_solution(&tp, &tsol, why, sizeof why) == 0,
                  "line %d seed %llu: image of the solution refused: %s",
                  lineno, (unsigned long long)s, why);
            sudoku_transform_inverse(&p.shape, &t, &inv);
            CHECK(sudoku_variant_transform_apply(&inv, &tp, &back) == 0,
                  "apply");
            id_of(&p, a, sizeof a);
            id_of(&back, b, sizeof b);
            CHECK(!strcmp(a, b), "line %d seed %llu: inverse gives\n %s\n"
                  "not\n %s", lineno, (unsigned long long)s, b, a);
            id_of(&tp, b, sizeof b);
            moved += strcmp(a, b) != 0;
            int dihedral = 1;
            for (int k = 0; k < N; k++)
                dihedral &= (t.row[k] == k || t.row[k] == N - 1 - k) &&
                            (t.col[k] == k || t.col[k] == N - 1 - k);
            non_dihedral += !dihedral;
            CHECK(sudoku_variant_canon(&tp, &c1) == SUDOKU_OK, "canon");
            id_of(&c0, a, sizeof a);
            id_of(&c1, b, sizeof b);
            CHECK(!strcmp(a, b), "line %d seed %llu: canon of the image\n"
                  " %s\nnot the puzzle's\n %s", lineno,
                  (unsigned long long)s, b, a);
        }
        /* the canonical form is an image: unique, same variant */
        CHECK(count2(&c0) == 1 && c0.jigsaw == p.jigsaw &&
              c0.diagonals == p.diagonals && c0.n_cages == p.n_cages,
              "line %d: canonical form not an image", lineno);
        /* what the group leaves out */
        sudoku_transform t;
        char why[200];
        sudoku_transform_identity(&p.shape, &t);
        t.label[1] = 2;
        t.label[2] = 1;
        CHECK((sudoku_variant_transform_check(&p, &t, why, sizeof why) ==
               SUDOKU_OK) == !p.n_cages, "line %d: relabeling", lineno);
        sudoku_transform_identity(&p.shape, &t);
        t.row[0] = 1;
        t.row[1] = 0;
        t.col[0] = 1;
        t.col[1] = 0;
        CHECK(sudoku_variant_transform_check(&p, &t, why, sizeof why) ==
                  SUDOKU_EBAD, "line %d: rows 1, 2 and columns 1, 2 "
              "swapped kept", lineno);
    }
    CHECK(lineno >= 200 && moved > lineno * 3, "%d puzzles, %d moved",
          lineno, moved);
    CHECK(non_dihedral > 0, "X: no transformation beyond the dihedral");
    printf("solo-variants.tsv: %d puzzles x 4 transformations, %d moved, "
           "%d beyond rotations and reflections\n", lineno, moved,
           non_dihedral);
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        sudoku_release(all[k]);
    fclose(f);
}

/* The X group of 9x9, counted from outside: of the 3,359,232 cell maps
 * of plain sudoku (transposition, 1296 row and 1296 column orders), those
 * that keep the diagonals are 96, as sudoku_canon.h says. */
static void x_group_size(void)
{
    static const int perm3[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                     { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
    int (*orders)[9] = malloc(1296 * sizeof *orders);
    if (!orders)
        return;
    int n = 0;
    for (int b = 0; b < 6; b++)
        for (int i0 = 0; i0 < 6; i0++)
            for (int i1 = 0; i1 < 6; i1++)
                for (int i2 = 0; i2 < 6; i2++) {
                    const int *in[3] = { perm3[i0], perm3[i1], perm3[i2] };
                    for (int k = 0; k < 9; k++)
                        orders[n][k] = perm3[b][k / 3] * 3 + in[k / 3][k % 3];
                    n++;
                }
    sudoku x;
    sudoku_init(&x);
    sudoku_shape sh = { 3, 3, 9 };
    sudoku_set_shape(&x, sh);
    memset(x.cell, 0, 81);
    x.diagonals = 1;
    long kept = 0;
    sudoku_transform t;
    sudoku_transform_identity(&sh, &t);
    char why[200];
    for (int tr = 0; tr < 2; tr++)
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                t.transpose = tr;
                memcpy(t.row, orders[r], sizeof orders[r]);
                memcpy(t.col, orders[c], sizeof orders[c]);
                kept += sudoku_variant_transform_check(&x, &t, why,
                                                       sizeof why) == 0;
            }
    CHECK(kept == 96, "X 9x9: %ld cell maps keep the diagonals, not 96",
          kept);
    sudoku_release(&x);
    free(orders);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 20261123;
    printf("test_sudoku_canon: seed %llu (replay: test_sudoku_canon DIR "
           "SEED)\n", (unsigned long long)seed);
    symmetries();
    variants(seed);
    x_group_size();
    return check_done();
}
