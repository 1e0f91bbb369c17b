/*
 * mathdoku_cage.c - a cage's arithmetic in mathdoku's words: grid_cage.c
 * walks the tuples, for mathdoku's cages as for killer sudoku's.
 */
#include "mathdoku_cage.h"

int mathdoku_clue_of(mathdoku_op op, const int *d, int n, int nary,
                     long long *target)
{
    return grid_clue_of((grid_op)op, d, n, nary, target);
}

int mathdoku_cage_tuples(int N, const mathdoku_cage *c,
                         const mathdoku_rules *rules, const uint64_t *cand,
                         long budget, mathdoku_tuple_fn fn, void *ctx)
{
    grid_cage g = { (grid_op)c->op, c->target, c->n, c->cells };
    return grid_cage_tuples(N, &g, rules && rules->nary,
                            rules && rules->distinct, cand, budget, fn, ctx);
}

int mathdoku_cage_tuples_within(int N, const mathdoku_cage *c,
                                const mathdoku_rules *rules,
                                const uint64_t *cand, long budget,
                                const grid_limits *lim, mathdoku_tuple_fn fn,
                                void *ctx)
{
    grid_cage g = { (grid_op)c->op, c->target, c->n, c->cells };
    return grid_cage_tuples_within(N, &g, rules && rules->nary,
                                   rules && rules->distinct, cand, budget,
                                   lim, fn, ctx);
}
