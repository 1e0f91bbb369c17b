/*
 * grid_cage.c - a cage's arithmetic: the clue of digits, whether digits
 * meet a clue, and the tuples of a clue (mathdoku's cages and killer
 * sudoku's sums alike).
 *
 * The walk places digits in the cage's cell order.  After k digits it
 * knows their sum, product (saturated: 0 once beyond any target), and
 * largest digit m, and asks of each operation the cage may have (all four
 * for a hidden one) whether a completion can still reach the target:
 *
 *   +  sum + (least the other cells can add) <= T <= sum + (most they can)
 *   *  the product divides T
 *   -  the rest (all but the largest) is at least sum - m, plus 1 for
 *      each later cell but one; the largest is at most N: sum - m +
 *      max(left - 1, 0) <= N - T
 *   /  the rest's product is at least product / m, and times T it is the
 *      largest, at most N: (product / m) * T <= N
 *
 * Only tuples that pass grid_cage_holds (the one rule of the puzzles) are
 * reported, so the pruning may be loose but never wrong; a sum is exact
 * when the last digit meets the bounds, and is not checked again.
 */
#include "grid_cage.h"

#include <string.h>

/* ---- the rule ------------------------------------------------------------ */

static int holds_op(grid_op op, long long target, const int *d, int n,
                    int nary)
{
    long long acc = 0;
    int max = 0;
    for (int j = 0; j < n; j++)
        if (d[j] > max)
            max = d[j];
    switch (op) {
    case GRID_GIVEN:
        return n == 1 && d[0] == target;
    case GRID_ADD:
        for (int j = 0; j < n; j++)
            acc += d[j];
        return acc == target;
    case GRID_MUL:
        acc = 1;
        for (int j = 0; j < n && acc <= target; j++)
            acc *= d[j];
        return acc == target;
    case GRID_SUB:
        if (n < 2 || (n > 2 && !nary))
            return 0;
        /* the largest minus the rest (|a - b| for two) */
        acc = 2LL * max;
        for (int j = 0; j < n; j++)
            acc -= d[j];
        return acc == target;
    case GRID_DIV: {
        if (n < 2 || (n > 2 && !nary))
            return 0;
        /* the largest divided by the product of the rest, exactly */
        long long rest = 1;
        int skipped = 0;
        for (int j = 0; j < n; j++) {
            if (d[j] == max && !skipped) {
                skipped = 1;
                continue;
            }
            rest *= d[j];
            if (rest > max)
                return 0;
        }
        return max % rest == 0 && max / rest == target;
    }
    default:
        return 0;
    }
}

int grid_cage_holds(const grid_cage *c, const int *digits, int nary)
{
    if (c->op != GRID_HIDDEN)
        return holds_op(c->op, c->target, digits, c->n, nary);
    return holds_op(GRID_ADD, c->target, digits, c->n, nary) ||
           holds_op(GRID_MUL, c->target, digits, c->n, nary) ||
           holds_op(GRID_SUB, c->target, digits, c->n, nary) ||
           holds_op(GRID_DIV, c->target, digits, c->n, nary) ||
           (c->n == 1 && digits[0] == c->target);
}

/* ---- clues -------------------------------------------------------------- */

int grid_clue_of(grid_op op, const int *d, int n, int nary,
                     long long *target)
{
    long long sum = 0, prod = 1;
    int max = 0;
    for (int j = 0; j < n; j++) {
        sum += d[j];
        if (prod <= 1000000000000LL)
            prod *= d[j];
        if (d[j] > max)
            max = d[j];
    }
    switch (op) {
    case GRID_GIVEN:
        if (n != 1)
            return 0;
        *target = d[0];
        return 1;
    case GRID_ADD:
        *target = sum;
        return n >= 1;
    case GRID_MUL:
        if (prod > 1000000000000LL)
            return 0;
        *target = prod;
        return n >= 1;
    case GRID_SUB:
        if (n < 2 || (n > 2 && !nary) || 2 * max - sum < 1)
            return 0;
        *target = 2 * max - sum;
        return 1;
    case GRID_DIV:
        if (n < 2 || (n > 2 && !nary) || prod > 1000000000000LL)
            return 0;
        {
            long long rest = prod / max;
            if (rest > max || max % rest != 0)
                return 0;
            *target = max / rest;
        }
        return 1;
    default:
        return 0;
    }
}

/* ---- the walk ----------------------------------------------------------- */

enum { OP_ADD = 1, OP_MUL = 2, OP_SUB = 4, OP_DIV = 8, OP_GIVEN = 16 };

typedef struct walk {
    int N, n, ops;
    long long T;
    const grid_cage *c;
    int nary;
    uint64_t cand[GRID_MAX_CAGE];
    uint64_t clash[GRID_MAX_CAGE]; /* earlier cells in its row or
                                          column: bit j for cell j */
    long long least[GRID_MAX_CAGE + 1], most[GRID_MAX_CAGE + 1];
    int d[GRID_MAX_CAGE];
    long budget, nodes;
    const grid_limits *lim; /* polled every DLX_POLL_NODES nodes; NULL */
    double start;
    grid_tuple_fn fn;
    void *ctx;
} walk;

/* Can cells k.. complete the tuple, for some operation of the cage? */
static int viable(const walk *w, int k, long long sum, long long prod,
                  int m)
{
    long long T = w->T;
    int left = w->n - k;
    if ((w->ops & OP_ADD) && sum + w->least[k] <= T && T <= sum + w->most[k])
        return 1;
    if ((w->ops & OP_MUL) && prod > 0 && T % prod == 0)
        return 1;
    if ((w->ops & OP_SUB) && sum - m + (left > 1 ? left - 1 : 0) <= w->N - T)
        return 1;
    if ((w->ops & OP_DIV) && prod > 0 &&
        (m == 0 || (prod / m <= w->N && (prod / m) * T <= w->N)))
        return 1;
    if ((w->ops & OP_GIVEN) && (k == 0 || sum == T))
        return 1;
    return 0;
}

static int extend(walk *w, int k, long long sum, long long prod, int m)
{
    if (k == w->n) {
        /* a sum (a given) is exact by then: the bounds met at the last
         * digit were sum <= T <= sum; the other rules are checked */
        int holds = w->ops == OP_ADD || w->ops == OP_GIVEN ||
                    grid_cage_holds(w->c, w->d, w->nary);
        return holds ? w->fn(w->ctx, w->d) : 0;
    }
    uint64_t allowed = w->cand[k];
    for (uint64_t b = w->clash[k]; b; b &= b - 1)
        allowed &= ~(1ULL << (w->d[__builtin_ctzll(b)] - 1));
    for (; allowed; allowed &= allowed - 1) {
        int d = __builtin_ctzll(allowed) + 1;
        ++w->nodes;
        if (w->budget && w->nodes > w->budget)
            return -1;
        if (w->lim && grid_poll(w->lim, (uint64_t)w->nodes, w->start))
            return -1;
        long long p = prod ? prod * d : 0;
        if (p > 1000000000000LL)
            p = 0; /* beyond any product target */
        int mm = d > m ? d : m;
        if (!viable(w, k + 1, sum + d, p, mm))
            continue;
        w->d[k] = d;
        int got = extend(w, k + 1, sum + d, p, mm);
        if (got)
            return got;
    }
    return 0;
}

int grid_cage_tuples(int N, const grid_cage *c, int nary, int distinct,
                     const uint64_t *cand, long budget, grid_tuple_fn fn,
                     void *ctx)
{
    return grid_cage_tuples_within(N, c, nary, distinct, cand, budget, NULL,
                                   fn, ctx);
}

int grid_cage_tuples_within(int N, const grid_cage *c, int nary,
                            int distinct, const uint64_t *cand, long budget,
                            const grid_limits *lim, grid_tuple_fn fn,
                            void *ctx)
{
    walk w;
    int n = c->n;
    if (n < 1 || n > GRID_MAX_CAGE || N < 1 || N > 63)
        return 0;
    w.N = N;
    w.n = n;
    w.T = c->target;
    w.c = c;
    w.nary = nary;
    w.budget = budget;
    w.nodes = 0;
    w.lim = lim;
    w.start = lim ? grid_seconds() : 0;
    w.fn = fn;
    w.ctx = ctx;
    int two = n == 2 || (n > 2 && nary);
    switch (c->op) {
    case GRID_ADD: w.ops = OP_ADD; break;
    case GRID_MUL: w.ops = OP_MUL; break;
    case GRID_SUB: w.ops = two ? OP_SUB : 0; break;
    case GRID_DIV: w.ops = two ? OP_DIV : 0; break;
    case GRID_GIVEN: w.ops = n == 1 ? OP_GIVEN : 0; break;
    default:
        w.ops = OP_ADD | OP_MUL | (two ? OP_SUB | OP_DIV : 0) |
                (n == 1 ? OP_GIVEN : 0);
        break;
    }
    uint64_t all = (1ULL << N) - 1;
    for (int j = 0; j < n; j++) {
        w.d[j] = 0;
        w.cand[j] = (cand ? cand[j] : all) & all;
        if (c->op == GRID_GIVEN)
            w.cand[j] &= c->target >= 1 && c->target <= N
                             ? 1ULL << (c->target - 1) : 0;
        w.clash[j] = 0;
        for (int i = 0; i < j; i++)
            if (distinct ||
                c->cells[i] / N == c->cells[j] / N ||
                c->cells[i] % N == c->cells[j] % N)
                w.clash[j] |= 1ULL << i;
    }
    /* the least and most that cells k.. can add */
    w.least[n] = w.most[n] = 0;
    for (int j = n - 1; j >= 0; j--) {
        if (!w.cand[j])
            return 0;
        w.least[j] = w.least[j + 1] + __builtin_ctzll(w.cand[j]) + 1;
        w.most[j] = w.most[j + 1] + 64 - __builtin_clzll(w.cand[j]);
    }
    if (!w.ops || !viable(&w, 0, 0, 1, 0))
        return 0;
    return extend(&w, 0, 0, 1, 0);
}
