/*
 * sudoku_fixtures.h - what the sudoku test programs share: the data folder,
 * a stream of puzzles from a data file with a solver of its shape, and a
 * reproducible random source with random valid grids.  Header-only, as
 * check.h, so each test program stays one file.
 */
#ifndef SUDOKU_FIXTURES_H
#define SUDOKU_FIXTURES_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku_grid.h"
#include "sudoku_solve.h"

static const char *data_dir = "tests/data";

static inline FILE *open_data(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/sudoku/%s", data_dir, name);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    return f;
}


/* The puzzles of a data file, one at a time, each with a solver of its
 * shape (kept while the shape stays); a read error fails the test. */
typedef struct data_file {
    const char *name;
    FILE *f;
    sudoku_reader r;
    sudoku s;                   /* the puzzle just read */
    sudoku_source src;          /* where it was */
    sudoku_solver *sv;          /* a solver of its shape, or NULL */
} data_file;

static inline int data_open(data_file *d, const char *name)
{
    memset(d, 0, sizeof *d);
    d->name = name;
    sudoku_init(&d->s);
    d->f = open_data(name);
    if (!d->f)
        return 0;
    sudoku_read_options opt = { 0 };
    sudoku_reader_init(&d->r, d->f, name, &opt);
    return 1;
}

static inline const sudoku *data_next(data_file *d)
{
    sudoku_shape was = d->s.shape;
    dlx_diag err;
    int got;
    while ((got = sudoku_read(&d->r, &d->s, &d->src, &err)) < 0)
        CHECK(0, "%s:%d: %s", d->name, err.line, err.message);
    if (got == 0)
        return NULL;
    if (!d->sv || was.R != d->s.shape.R || was.C != d->s.shape.C) {
        sudoku_solver_free(d->sv);
        d->sv = sudoku_solver_new(d->s.shape);
    }
    return &d->s;
}

static inline void data_close(data_file *d)
{
    sudoku_solver_free(d->sv);
    sudoku_release(&d->s);
    if (d->f) {
        sudoku_reader_release(&d->r);
        fclose(d->f);
    }
}


/* ---- random grids ------------------------------------------------------- */

static uint64_t rng_state;
static inline unsigned rnd(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)((rng_state >> 33) % n);
}

/* a[0..n-1]: a random permutation of 0..n-1 (Fisher-Yates) */
static inline void shuffle(int *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int k = (int)rnd((unsigned)i + 1), t = a[i];
        a[i] = a[k], a[k] = t;
    }
}

/* perm: lines (rows or columns) in groups of size (bands or stacks),
 * permuted within each group, and the groups permuted */
static inline void random_lines(int groups, int size, int *perm)
{
    int order[SUDOKU_MAX_ORDER], in[SUDOKU_MAX_ORDER];
    shuffle(order, groups);
    for (int b = 0; b < groups; b++) {
        shuffle(in, size);
        for (int i = 0; i < size; i++)
            perm[b * size + i] = order[b] * size + in[i];
    }
}

/* A random valid grid of a shape: the first solution of the empty grid,
 * relabeled, with rows permuted within bands and columns within stacks,
 * and bands and stacks permuted. */
static inline void random_grid(sudoku_solver *sv, sudoku *g)
{
    int R = g->shape.R, C = g->shape.C, N = g->shape.N;
    sudoku empty;
    sudoku_init(&empty);
    sudoku_set_shape(&empty, g->shape);
    memset(empty.cell, 0, (size_t)N * N);
    grid_limits lim = { .max_solutions = 1 };
    grid_outcome out;
    int label[SUDOKU_MAX_ORDER + 1], rowp[SUDOKU_MAX_ORDER],
        colp[SUDOKU_MAX_ORDER];
    for (int v = 0; v <= N; v++)
        label[v] = v;
    for (int v = N; v > 1; v--) {
        int k = 1 + (int)rnd((unsigned)v), t = label[v];
        label[v] = label[k], label[k] = t;
    }
    /* rows: bands of R rows (N/R bands); columns: stacks of C columns */
    random_lines(N / R, R, rowp);
    random_lines(N / C, C, colp);
    sudoku src;
    sudoku_init(&src);
    sudoku_set_shape(&src, g->shape);
    if (N <= 12) {
        sudoku_solve_dlx(sv, &empty, &lim, &src, &out);
    } else {
        /* the first solution of a large empty grid can take the engine a
         * long way; the pattern grid is valid for every shape */
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++)
                src.cell[r * N + c] =
                    (unsigned char)(((r % R) * C + r / R + c) % N + 1);
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            g->cell[r * N + c] =
                (unsigned char)label[src.cell[rowp[r] * N + colp[c]]];
    sudoku_release(&src);
    sudoku_release(&empty);
}

#endif
