/*
 * mathdoku_cage.h - a cage's arithmetic, shared by the generator and the
 * logic solver: the clue each operation gives a tuple of digits, and the
 * tuples of digits that meet a clue within each cell's candidates (grid's
 * walk, grid_cage.h, on mathdoku's cages).
 *
 * Candidates are bit masks, digit d as bit d-1 (orders up to 32 fit with
 * room to spare in 64 bits).
 */
#ifndef MATHDOKU_CAGE_H
#define MATHDOKU_CAGE_H

#include <stdint.h>

#include "grid.h"
#include "mathdoku.h"

/* The target that operation `op` gives the digits d[0..n-1]: 1 with
 * *target set, or 0 when the operation cannot take them (two cells for '-'
 * and '/' without nary, '/' without an exact quotient, '-' and '/' with a
 * target below 1, MATHDOKU_GIVEN on more than one cell).  MATHDOKU_HIDDEN is not an
 * operation here. */
int mathdoku_clue_of(mathdoku_op op, const int *d, int n, int nary,
                     long long *target);

/* Called with each tuple (digits in the cage's cell order); a non-zero
 * return stops the walk and is passed on. */
typedef grid_tuple_fn mathdoku_tuple_fn;

/* Walks the tuples of cage c in a puzzle of order N that meet its clue,
 * repeat no digit within a row or column of the cage (with
 * rules->distinct, nowhere in the cage), and take at cell j
 * of the cage only the digits of cand[j] (NULL: any of 1..N).  Partial
 * sums, products, differences and quotients are pruned against the
 * target, and every tuple passes mathdoku_cage_holds.
 *
 * `budget` bounds the search nodes (0: no bound).  Returns 0 when every
 * tuple was seen, fn's non-zero value when it stopped the walk, or -1
 * when the budget ran out first. */
int mathdoku_cage_tuples(int N, const mathdoku_cage *c,
                         const mathdoku_rules *rules, const uint64_t *cand,
                         long budget, mathdoku_tuple_fn fn, void *ctx);
/* The same, also within lim's max_nodes (nodes of the walk), max_seconds
 * (from the call) and on_poll (lim may be NULL): -1 when one ran out. */
int mathdoku_cage_tuples_within(int N, const mathdoku_cage *c,
                                const mathdoku_rules *rules,
                                const uint64_t *cand, long budget,
                                const grid_limits *lim, mathdoku_tuple_fn fn,
                                void *ctx);

#endif
