/*
 * grid_cage.h - a cage's arithmetic, for every puzzle with cages
 * (mathdoku's, killer sudoku's sums): the clue each operation gives a
 * tuple of digits, whether a tuple meets a clue, and the tuples of digits
 * that meet a clue within each cell's candidates.
 *
 * A cage here is neutral: its cells (numbered row-major in an N x N grid),
 * its operation and its target; the puzzles keep their own cages (labels,
 * positions in a file) and hand this view to the walk.  Candidates are bit
 * masks, digit d as bit d-1 (orders up to 63).
 */
#ifndef GRID_CAGE_H
#define GRID_CAGE_H

#include <stdint.h>

#include "grid.h"

/* A cage has at most GRID_MAX_CAGE cells. */
#define GRID_MAX_CAGE 64

typedef enum grid_op {
    GRID_ADD, GRID_SUB, GRID_MUL, GRID_DIV,
    GRID_GIVEN,   /* one cell: its digit is the target */
    GRID_HIDDEN   /* any operation that gives the target */
} grid_op;

typedef struct grid_cage {
    grid_op op;
    long long target;
    int n;              /* cells */
    const int *cells;   /* sorted row-major */
} grid_cage;

/* Does a tuple of digits (in the cage's cell order) meet the cage's clue?
 * nary: '-' and '/' may take more than two cells (the largest minus, or
 * divided by the product of, the rest). */
int grid_cage_holds(const grid_cage *c, const int *digits, int nary);

/* The target that operation `op` gives the digits d[0..n-1]: 1 with
 * *target set, or 0 when the operation cannot take them (two cells for '-'
 * and '/' without nary, '/' without an exact quotient, '-' and '/' with a
 * target below 1, GRID_GIVEN on more than one cell).  GRID_HIDDEN is not
 * an operation here. */
int grid_clue_of(grid_op op, const int *d, int n, int nary,
                 long long *target);

/* Called with each tuple (digits in the cage's cell order); a non-zero
 * return stops the walk and is passed on. */
typedef int (*grid_tuple_fn)(void *ctx, const int *digits);

/* Walks the tuples of cage c in a grid of order N that meet its clue,
 * repeat no digit within a row or column of the cage (distinct: nowhere
 * in the cage), and take at cell j of the cage only the digits of cand[j]
 * (NULL: any of 1..N).  Partial sums, products, differences and quotients
 * are pruned against the target, and every tuple passes grid_cage_holds.
 *
 * `budget` bounds the search nodes (0: no bound).  Returns 0 when every
 * tuple was seen, fn's non-zero value when it stopped the walk, or -1
 * when the budget ran out first. */
int grid_cage_tuples(int N, const grid_cage *c, int nary, int distinct,
                     const uint64_t *cand, long budget, grid_tuple_fn fn,
                     void *ctx);
/* The same, also within lim's max_nodes (nodes of the walk), max_seconds
 * (from the call) and on_poll, polled every DLX_POLL_NODES nodes (lim may
 * be NULL): -1 when one ran out. */
int grid_cage_tuples_within(int N, const grid_cage *c, int nary,
                            int distinct, const uint64_t *cand, long budget,
                            const grid_limits *lim, grid_tuple_fn fn,
                            void *ctx);

#endif
