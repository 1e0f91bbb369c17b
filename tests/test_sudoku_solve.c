/*
 * test_sudoku_solve.c - the exact cover solver and the naive DFS against
 * published grid counts, public collections checked by the independent
 * checker, and each other on random puzzles.
 *
 * Usage: test_sudoku_solve DATA_DIR   (tests/data)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku_grid.h"
#include "sudoku_solve.h"
#include "sudoku_fixtures.h"

/* Solutions of the empty grid of a shape, up to limit, by both methods. */
static void count_empty(int R, int C, uint64_t expected, int with_dfs)
{
    sudoku_shape shape = { R, C, R * C };
    sudoku s, first;
    sudoku_init(&s);
    sudoku_init(&first);
    sudoku_set_shape(&s, shape);
    sudoku_set_shape(&first, shape);
    memset(s.cell, 0, (size_t)shape.N * shape.N);
    sudoku_solver *sv = sudoku_solver_new(shape);
    grid_limits lim = { 0 };
    grid_outcome out;
    CHECK(sudoku_solve_dlx(sv, &s, &lim, &first, &out) == 0 && out.complete,
          "%dx%d", R, C);
    CHECK(out.solutions == expected, "%dx%d grids: %llu, expected %llu", R, C,
          (unsigned long long)out.solutions, (unsigned long long)expected);
    char why[200];
    CHECK(sudoku_check_solution(&s, &first, why, sizeof why) == 0, "%s", why);
    if (with_dfs) {
        CHECK(sudoku_solve_dfs(&s, &lim, NULL, &out) == 0 &&
              out.solutions == expected, "%dx%d by DFS: %llu", R, C,
              (unsigned long long)out.solutions);
    }
    sudoku_solver_free(sv);
    sudoku_release(&s);
    sudoku_release(&first);
}

/* 6x6 (2x3) grids with the first row 123456: 28,200,960 / 6! = 39,168. */
static void count_6x6_first_row(void)
{
    sudoku s;
    dlx_diag err;
    sudoku_init(&s);
    sudoku_read_options opt = { .box = { 2, 3, 6 } };
    CHECK(sudoku_read_string("123456" "..............................", &opt,
                             &s, &err) == 0, "%s", err.message);
    sudoku_solver *sv = sudoku_solver_new(s.shape);
    grid_limits lim = { 0 };
    grid_outcome out;
    sudoku_solve_dlx(sv, &s, &lim, NULL, &out);
    CHECK(out.solutions == 39168, "6x6, first row fixed: %llu",
          (unsigned long long)out.solutions);
    sudoku_solve_dfs(&s, &lim, NULL, &out);
    CHECK(out.solutions == 39168, "6x6 by DFS: %llu",
          (unsigned long long)out.solutions);
    /* limits: two solutions asked, two found; a node budget cuts short */
    lim.max_solutions = 2;
    sudoku_solve_dlx(sv, &s, &lim, NULL, &out);
    CHECK(out.solutions == 2 && out.complete, "limit 2");
    lim.max_solutions = 0;
    lim.max_nodes = 100;
    sudoku_solve_dlx(sv, &s, &lim, NULL, &out);
    CHECK(!out.complete && out.nodes <= 100, "max_nodes: %llu nodes",
          (unsigned long long)out.nodes);
    sudoku_solve_dfs(&s, &lim, NULL, &out);
    CHECK(!out.complete, "DFS max_nodes");
    sudoku_solver_free(sv);
    sudoku_release(&s);
}

/* A slice of a collection: read by the stream reader, solved with a
 * uniqueness proof, each solution checked against the givens. */
static void collection(const char *name, int expected_puzzles,
                       int expect_unique)
{
    data_file d;
    if (!data_open(&d, name)) {
        data_close(&d);
        return;
    }
    sudoku sol;
    sudoku_init(&sol);
    const sudoku *s;
    int n = 0, bad = 0;
    while ((s = data_next(&d)) != NULL) {
        sudoku_set_shape(&sol, s->shape);
        grid_limits lim = { .max_solutions = 2 };
        grid_outcome out;
        sudoku_solve_dlx(d.sv, s, &lim, &sol, &out);
        char why[200];
        if (out.solutions < 1 || (expect_unique && out.solutions != 1) ||
            (!expect_unique && out.solutions != 2) ||
            sudoku_check_solution(s, &sol, why, sizeof why) != 0)
            bad++;
        n++;
    }
    CHECK(n == expected_puzzles, "%s: %d puzzles", name, n);
    CHECK(bad == 0, "%s: %d wrong", name, bad);
    sudoku_release(&sol);
    data_close(&d);
}



static void dlx_vs_dfs(int R, int C, int puzzles, int max_blanks,
                       uint64_t seed)
{
    sudoku_shape shape = { R, C, R * C };
    int N = shape.N;
    sudoku g, p, a, b;
    sudoku_init(&g);
    sudoku_init(&p);
    sudoku_init(&a);
    sudoku_init(&b);
    sudoku_set_shape(&g, shape);
    sudoku_set_shape(&p, shape);
    sudoku_set_shape(&a, shape);
    sudoku_set_shape(&b, shape);
    sudoku_solver *sv = sudoku_solver_new(shape);
    rng_state = seed;
    int agree = 0, several = 0, valid = 0;
    for (int t = 0; t < puzzles; t++) {
        random_grid(sv, &g);
        char why[200];
        valid += sudoku_check_solution(NULL, &g, why, sizeof why) == 0;
        memcpy(p.cell, g.cell, (size_t)N * N);
        int blanks = 1 + (int)rnd((unsigned)max_blanks);
        for (int k = 0; k < blanks; k++)
            p.cell[rnd((unsigned)(N * N))] = 0;
        /* now and then a clash, so that "no solution" is compared too */
        if (t % 7 == 3)
            for (int i = 0; i < N * N; i++)
                if (p.cell[i] == 0) {
                    p.cell[i] = (unsigned char)(1 + rnd((unsigned)N));
                    break;
                }
        grid_limits lim = { .max_solutions = 500 };
        grid_outcome x, y;
        int rx = sudoku_solve_dlx(sv, &p, &lim, &a, &x);
        int ry = sudoku_solve_dfs(&p, &lim, &b, &y);
        int same = rx == ry && x.solutions == y.solutions;
        if (same && x.solutions == 1)
            same = memcmp(a.cell, b.cell, (size_t)N * N) == 0;
        agree += same;
        several += x.solutions > 1;
        if (!same)
            CHECK(0, "%dx%d puzzle %d: DLX %llu, DFS %llu", R, C, t,
                  (unsigned long long)x.solutions,
                  (unsigned long long)y.solutions);
    }
    CHECK(valid == puzzles, "%dx%d: random grids valid", R, C);
    CHECK(agree == puzzles, "%dx%d: %d of %d agree", R, C, agree, puzzles);
    CHECK(several > 0, "%dx%d: some puzzles with several solutions", R, C);
    sudoku_solver_free(sv);
    sudoku_release(&g);
    sudoku_release(&p);
    sudoku_release(&a);
    sudoku_release(&b);
}

/* The hint order (sudoku_solver_hinted): the hint is a full grid, the
 * empty grid is filled without a backtrack (one node per cell) into a grid
 * the checker accepts, and complete searches give the plain solver's
 * counts and node counts, on the empty grid and on random puzzles. */
static void hinted_empty(int R, int C)
{
    sudoku_shape shape = { R, C, R * C };
    int N = shape.N;
    sudoku s, first, hint;
    sudoku_init(&s);
    sudoku_init(&first);
    sudoku_init(&hint);
    sudoku_set_shape(&s, shape);
    sudoku_set_shape(&hint, shape);
    memset(s.cell, 0, (size_t)N * N);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            hint.cell[r * N + c] = (unsigned char)sudoku_hint_digit(&shape, r,
                                                                    c);
    char why[200];
    CHECK(sudoku_check_solution(NULL, &hint, why, sizeof why) == 0,
          "%dx%d hint: %s", R, C, why);
    sudoku_solver *sv = sudoku_solver_hinted(shape);
    grid_limits lim = { .max_solutions = 1 };
    grid_outcome out;
    CHECK(sv && sudoku_solve_dlx(sv, &s, &lim, &first, &out) == 0 &&
          out.solutions == 1, "%dx%d hinted", R, C);
    /* a node per cell, and the solution's leaf (counted as dlx1 does) */
    CHECK(out.nodes == (uint64_t)N * N + 1, "%dx%d hinted: %llu nodes for %d "
          "cells", R, C, (unsigned long long)out.nodes, N * N);
    CHECK(sudoku_check_solution(&s, &first, why, sizeof why) == 0,
          "%dx%d hinted: %s", R, C, why);
    sudoku_solver_free(sv);
    sudoku_release(&s);
    sudoku_release(&first);
    sudoku_release(&hint);
}

/* A full grid checked here, not by the checker under test: each row,
 * column, box (B x B) and, with diagonals, each diagonal holds N digits. */
static int all_units_hold(const unsigned char *g, int B, int diagonals)
{
    int N = B * B;
    for (int u = 0; u < N; u++) {
        unsigned char seen[5][SUDOKU_MAX_ORDER + 1] = { { 0 } };
        for (int k = 0; k < N; k++) {
            int box = (u / B * B + k / B) * N + u % B * B + k % B;
            int cells[5] = { u * N + k, k * N + u, box, k * N + k,
                             k * N + N - 1 - k };
            for (int t = 0; t < (diagonals ? 5 : 3); t++) {
                int v = g[cells[t]];
                if (t >= 3 && u > 0)
                    continue;
                if (v < 1 || v > N || seen[t][v]++)
                    return 0;
            }
        }
    }
    return 1;
}

/* The hint order of an X and of a jigsaw whose regions are the boxes
 * (sudoku_solver_hinted_for): the empty grid of boxes B x B, up to
 * 100x100, is filled without a backtrack (an X: the plain solver's
 * search gave no answer in minutes at 64x64) into a grid that holds. */
static void hinted_variant(int B, int x)
{
    sudoku_shape shape = { B, B, B * B };
    int N = shape.N;
    sudoku s, first;
    sudoku_init(&s);
    sudoku_init(&first);
    sudoku_set_shape(&s, shape);
    sudoku_set_shape(&first, shape);
    memset(s.cell, 0, (size_t)N * N);
    int *region = malloc((size_t)N * N * sizeof *region);
    for (int i = 0; i < N * N; i++)
        region[i] = i / N / B * B + i % N / B;
    if (x)
        s.diagonals = 1;
    else
        sudoku_set_regions(&s, region);
    int status;
    sudoku_solver *sv = sudoku_solver_hinted_for(&s, &status);
    grid_limits lim = { .max_solutions = 1 };
    grid_outcome out;
    CHECK(sv && sudoku_solve_dlx(sv, &s, &lim, &first, &out) == 0 &&
          out.solutions == 1, "%s %dx%d hinted", x ? "X" : "jigsaw", N, N);
    CHECK(out.nodes <= (uint64_t)N * N + 2 * N + 1, "%s %dx%d hinted: %llu "
          "nodes for %d cells", x ? "X" : "jigsaw", N, N,
          (unsigned long long)out.nodes, N * N);
    CHECK(all_units_hold(first.cell, B, x), "%s %dx%d hinted: a unit holds "
          "a digit twice", x ? "X" : "jigsaw", N, N);
    free(region);
    sudoku_solver_free(sv);
    sudoku_release(&s);
    sudoku_release(&first);
}

static void hinted_same_counts(int R, int C, int puzzles, int max_blanks,
                               uint64_t seed)
{
    sudoku_shape shape = { R, C, R * C };
    int N = shape.N;
    sudoku g, p, a, b;
    sudoku_init(&g);
    sudoku_init(&p);
    sudoku_init(&a);
    sudoku_init(&b);
    sudoku_set_shape(&g, shape);
    sudoku_set_shape(&p, shape);
    sudoku_solver *sv = sudoku_solver_new(shape);
    sudoku_solver *hv = sudoku_solver_hinted(shape);
    rng_state = seed;
    int agree = 0;
    for (int t = 0; t < puzzles; t++) {
        random_grid(sv, &g);
        memcpy(p.cell, g.cell, (size_t)N * N);
        /* the first puzzle is the empty grid where its solutions can be
         * counted (288 at 4x4; 6x6 has 28,200,960) */
        int empty = t == 0 && N <= 4;
        int blanks = empty ? N * N : 1 + (int)rnd((unsigned)max_blanks);
        for (int k = 0; k < blanks; k++)
            p.cell[empty ? (unsigned)k : rnd((unsigned)(N * N))] = 0;
        grid_limits lim = { 0 };
        grid_outcome x, y;
        int rx = sudoku_solve_dlx(sv, &p, &lim, &a, &x);
        int ry = sudoku_solve_dlx(hv, &p, &lim, &b, &y);
        int same = rx == ry && x.solutions == y.solutions &&
                   x.nodes == y.nodes && x.complete && y.complete;
        if (same && x.solutions == 1)
            same = memcmp(a.cell, b.cell, (size_t)N * N) == 0;
        agree += same;
        if (!same)
            CHECK(0, "%dx%d puzzle %d: plain %llu (%llu nodes), hinted %llu "
                  "(%llu nodes)", R, C, t, (unsigned long long)x.solutions,
                  (unsigned long long)x.nodes,
                  (unsigned long long)y.solutions,
                  (unsigned long long)y.nodes);
    }
    CHECK(agree == puzzles, "%dx%d hinted: %d of %d agree", R, C, agree,
          puzzles);
    /* givens pushed once map through the hinted numbering too */
    memset(p.cell, 0, (size_t)N * N);
    CHECK(sudoku_solver_push(hv, 0, g.cell[0]) == SUDOKU_OK &&
          sudoku_solver_push(sv, 0, g.cell[0]) == SUDOKU_OK, "push");
    grid_limits lim = { .max_solutions = 1 };
    grid_outcome x, y;
    /* a pushed option is outside the solution (as for the plain solver):
     * with the given put back, the grid is a sudoku */
    char why[200] = "";
    CHECK(sudoku_solve_dlx(hv, &p, &lim, &b, &y) == 0 && y.solutions == 1 &&
          b.cell[0] == 0 && (b.cell[0] = g.cell[0]) &&
          sudoku_check_solution(NULL, &b, why, sizeof why) == 0,
          "%dx%d hinted after a push %s", R, C, why);
    if (N <= 4) {
        lim.max_solutions = 0;
        CHECK(sudoku_solve_dlx(hv, &p, &lim, NULL, &y) == 0 &&
              sudoku_solve_dlx(sv, &p, &lim, NULL, &x) == 0 &&
              x.solutions == y.solutions && x.nodes == y.nodes,
              "%dx%d pushed: plain %llu, hinted %llu", R, C,
              (unsigned long long)x.solutions,
              (unsigned long long)y.solutions);
    }
    sudoku_solver_pop(hv, 1);
    sudoku_solver_pop(sv, 1);
    sudoku_solver_free(sv);
    sudoku_solver_free(hv);
    sudoku_release(&g);
    sudoku_release(&p);
    sudoku_release(&a);
    sudoku_release(&b);
}

/* The singles before the search (sudoku_singles.h) change nothing the
 * caller sees: a search with a trace callback runs the engine on the
 * givens alone, and must give the same status, count, nodes, cut and first
 * solution as the search that starts from the singles, on the collections
 * (solved by singles or not, one or two solutions) and on random puzzles
 * with clashes, dead ends, several solutions and node budgets. */
static void no_event(void *ctx, const dlx_event *ev)
{
    (void)ctx;
    (void)ev;
}

static int same_search(sudoku_solver *sv, const sudoku *p, uint64_t limit,
                       uint64_t max_nodes, sudoku *a, sudoku *b)
{
    int NN = sv ? p->shape.N * p->shape.N : 0;
    grid_limits lx = { .max_solutions = limit, .max_nodes = max_nodes };
    grid_limits ly = lx;
    ly.on_event = no_event;
    grid_outcome x, y;
    memset(a->cell, 0, (size_t)NN);
    memset(b->cell, 0, (size_t)NN);
    int rx = sudoku_solve_dlx(sv, p, &lx, a, &x);
    int ry = sudoku_solve_dlx(sv, p, &ly, b, &y);
    return rx == ry && x.solutions == y.solutions && x.nodes == y.nodes &&
           x.complete == y.complete && x.cut == y.cut &&
           (x.solutions == 0 || memcmp(a->cell, b->cell, (size_t)NN) == 0);
}

static void singles_same(const char *name, int R, int C, int puzzles,
                         int max_blanks, uint64_t seed)
{
    sudoku_shape shape = { R, C, R * C };
    int N = shape.N, agree = 0, n = 0, several = 0, none = 0, cut = 0;
    sudoku g, p, a, b;
    sudoku_init(&g);
    sudoku_init(&p);
    sudoku_init(&a);
    sudoku_init(&b);
    sudoku_set_shape(&a, shape);
    sudoku_set_shape(&b, shape);
    if (name) {
        data_file d;
        const sudoku *s;
        if (data_open(&d, name))
            for (; (s = data_next(&d)) != NULL; n++)
                agree += same_search(d.sv, s, 2, 0, &a, &b);
        data_close(&d);
        CHECK(n > 0 && agree == n, "%s: singles first, %d of %d the same",
              name, agree, n);
    } else {
        sudoku_set_shape(&g, shape);
        sudoku_set_shape(&p, shape);
        sudoku_solver *sv = sudoku_solver_new(shape);
        rng_state = seed;
        for (; n < puzzles; n++) {
            random_grid(sv, &g);
            memcpy(p.cell, g.cell, (size_t)N * N);
            int blanks = 1 + (int)rnd((unsigned)max_blanks);
            for (int k = 0; k < blanks; k++)
                p.cell[rnd((unsigned)(N * N))] = 0;
            if (n % 5 == 2) /* a wrong given: often a dead end later */
                p.cell[rnd((unsigned)(N * N))] =
                    (unsigned char)(1 + rnd((unsigned)N));
            uint64_t budget = n % 3 == 1 ? 1 + rnd(3u * (unsigned)N) : 0;
            grid_limits lim = { .max_solutions = 3, .max_nodes = budget };
            grid_outcome o;
            int st = sudoku_solve_dlx(sv, &p, &lim, NULL, &o);
            several += o.solutions > 1;
            none += st == SUDOKU_ECLASH || (o.complete && o.solutions == 0);
            cut += o.cut != GRID_NOT_CUT;
            agree += same_search(sv, &p, 3, budget, &a, &b);
        }
        CHECK(agree == n, "%dx%d: singles first, %d of %d the same", R, C,
              agree, n);
        CHECK(several > 0 && none > 0 && cut > 0,
              "%dx%d: several %d, none %d, cut %d", R, C, several, none,
              cut);
        sudoku_solver_free(sv);
    }
    sudoku_release(&g);
    sudoku_release(&p);
    sudoku_release(&a);
    sudoku_release(&b);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    count_empty(2, 2, 288, 1);
    count_empty(1, 4, 576, 1)          /* Latin squares of order 4 */;
    count_empty(1, 5, 161280, 0)       /* and of order 5 */;
    count_6x6_first_row();
    collection("17-clue-300.txt", 300, 1);
    collection("top1465-200.txt", 200, 1);
    collection("forum-hardest-200.txt", 200, 1);
    collection("serg-100.txt", 100, 0);
    collection("tatham-large.txt", 13, 1);
    dlx_vs_dfs(2, 2, 200, 14, 1);
    dlx_vs_dfs(2, 3, 200, 30, 2);
    dlx_vs_dfs(2, 4, 100, 45, 3);
    dlx_vs_dfs(3, 3, 100, 55, 4);
    int hinted_shapes[][2] = { { 1, 1 }, { 1, 5 }, { 2, 2 }, { 2, 3 },
                               { 3, 2 }, { 3, 3 }, { 3, 4 }, { 4, 3 },
                               { 2, 7 }, { 4, 4 }, { 5, 5 }, { 6, 6 } };
    for (size_t k = 0; k < sizeof hinted_shapes / sizeof *hinted_shapes; k++)
        hinted_empty(hinted_shapes[k][0], hinted_shapes[k][1]);
    for (int B = 2; B <= 10; B++) {
        hinted_variant(B, 1);
        if (B % 4 == 0)
            hinted_variant(B, 0);
    }
    hinted_same_counts(2, 2, 50, 16, 5);
    hinted_same_counts(2, 3, 100, 30, 6);
    hinted_same_counts(3, 3, 100, 50, 7);
    singles_same("17-clue-300.txt", 3, 3, 0, 0, 0);
    singles_same("top1465-200.txt", 3, 3, 0, 0, 0);
    singles_same("serg-100.txt", 3, 3, 0, 0, 0);
    singles_same(NULL, 2, 2, 300, 14, 11);
    singles_same(NULL, 2, 3, 300, 30, 12);
    singles_same(NULL, 3, 3, 300, 60, 13);
    singles_same(NULL, 3, 4, 100, 110, 14);
    singles_same(NULL, 4, 4, 50, 200, 15);
    return check_done();
}
