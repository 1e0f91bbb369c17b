/*
 * mathdoku_gen.c - a Latin square, cages cut from it, and the cages
 * changed until the engine finds no other solution.
 *
 * The uniqueness search does not count to two: the square G is known, so
 * the search stops at the first solution that differs from it (the
 * solution callback compares), and a search that runs to its end without
 * one proves G the only solution.  Each other solution S found says where
 * the clues are too weak: the cells where S differs from G.  One cage over
 * those cells is changed so that G still meets its clue and S no longer
 * does, and the search runs again.  The changes, in random order (the
 * operation first half the time):
 *
 *   operation  the cage's operation replaced by another that G allows
 *   split      the cage cut in two connected parts, each with its clue
 *   merge      the cage joined with a neighbour under one clue
 *   regroup    the cage and a neighbour cut anew into two parts (a cell
 *              moved across): S swapping the digits of two dominoes
 *              meets every clue on whole dominoes, so only this breaks it
 *
 * and, when singletons are allowed and nothing else breaks S, a cell where
 * S differs becomes a given.  Tuples of each cage are kept between
 * searches and made again only for the cages changed; before each search,
 * propagation drops the tuples that no solution can use.
 *
 * Above 9x9 a proof of uniqueness can take millions of nodes (5 us each
 * at 12x12); a search cut at check_nodes makes the weakest cages (most
 * tuples) take their strongest operation, and the search runs again.
 *
 * The state, for N = 3, cages 0..2 ("cage slots"; dead ones are reused):
 *
 *   cage_of  0 0 1      cages[0]  n 3, cells 0 1 3, op '+', target 9,
 *            0 2 1                tuples (the digits of each, flat)
 *            2 2 1      cages[1]  ...
 */
#include "mathdoku_gen_impl.h"

#include <stdlib.h>
#include <string.h>

/* ---- randomness (grid.h: splitmix64) ----------------------------------- */

/* the clue the solvers see */
static mathdoku_op shown_op(const mathdoku_gen *g, const gcage *c)
{
    if (c->n == 1)
        return MATHDOKU_GIVEN;
    return g->opt.hidden ? MATHDOKU_HIDDEN : c->op;
}

static mathdoku_cage view(const mathdoku_gen *g, const gcage *c)
{
    mathdoku_cage v;
    memset(&v, 0, sizeof v);
    v.op = shown_op(g, c);
    v.target = c->target;
    v.n = c->n;
    v.cells = (int *)c->cells;
    return v;
}

void mdg_sort_cells(int *a, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
            int t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
}

static void set_cage(mathdoku_gen *g, int k, const int *cells, int n,
                     mathdoku_op op, long long target)
{
    gcage *c = &g->cages[k];
    c->alive = 1;
    c->n = n;
    if (c->cells != cells)
        memcpy(c->cells, cells, (size_t)n * sizeof *cells);
    mdg_sort_cells(c->cells, n);
    c->op = op;
    c->target = target;
    c->fresh = 0;
    for (int j = 0; j < n; j++)
        g->cage_of[c->cells[j]] = k;
}

static int free_slot(const mathdoku_gen *g)
{
    for (int k = 0; k < g->NN; k++)
        if (!g->cages[k].alive)
            return k;
    return -1; /* cannot happen: NN cells make at most NN cages */
}

/* the digits of `sol` in cells[] */
void mdg_digits_of(const mathdoku_gen *g, const int *sol, const int *cells,
                   int n, int *d)
{
    (void)g;
    for (int j = 0; j < n; j++)
        d[j] = sol[cells[j]];
}

mathdoku_rules mathdoku_gen_rules(const mathdoku_gen *g)
{
    return g->rules;
}

/* A 2x2 has no unique puzzle without a given: every clue on two cells
 * holds for both orders of its digits, and so for the other square. */
int mdg_allow_singletons(const mathdoku_gen *g)
{
    return g->opt.singletons || g->weights[1] > 0 || g->N <= 2;
}

/* ---- operations --------------------------------------------------------- */

/* Which allowed operations G's digits d[0..n-1] can take, as MATHDOKU_OPS bits:
 * `good` ones, and `bad` ones that Keen avoids as too easy or inelegant
 * (two-cell sums of 3, 4, 2N-2 and 2N-1, a difference of N-1, a quotient
 * above N/2) but takes when nothing else is left. */
static void ops_for(const mathdoku_gen *g, const int *d, int n,
                    unsigned *good, unsigned *bad)
{
    int N = g->N;
    *good = *bad = 0;
    for (int b = 0; b < 4; b++) {
        unsigned bit = 1u << b;
        long long t;
        if (!(g->opt.ops & bit) ||
            !mathdoku_clue_of(op_of_bit[b], d, n, g->opt.nary, &t))
            continue;
        int poor = 0;
        if (n == 2) {
            if (op_of_bit[b] == MATHDOKU_ADD)
                poor = t <= 4 || t >= 2 * N - 2;
            else if (op_of_bit[b] == MATHDOKU_SUB)
                poor = t >= N - 1;
            else if (op_of_bit[b] == MATHDOKU_DIV)
                poor = 2 * t > N;
        }
        if (poor)
            *bad |= bit;
        else
            *good |= bit;
    }
}

/* A random operation of the mask for digits d: its op and target. */
static void pick_op(const mathdoku_gen *g, grid_rng *r, unsigned mask,
                    const int *d, int n, mathdoku_op *op, long long *target)
{
    int bits[4], m = 0;
    for (int b = 0; b < 4; b++)
        if (mask & (1u << b))
            bits[m++] = b;
    *op = op_of_bit[bits[grid_rng_below(r, m)]];
    if (!mathdoku_clue_of(*op, d, n, g->opt.nary, target))
        *target = 0; /* not reached: the mask holds valid operations */
}

/* Operations for every live cage, balanced across the kinds as Keen does:
 * in turn, division, subtraction, multiplication and addition each take
 * the next cage (in a random order) that suits them well, or else one
 * that suits them at all.  -1 when some cage takes no allowed
 * operation. */
int mdg_assign_ops(mathdoku_gen *g, grid_rng *r)
{
    /* good[i]: the operations cage order[i] suits well, and those it
     * suits badly shifted left by 4 (scratch2 read as unsigned) */
    int *order = g->scratch, n = 0;
    unsigned *good = (unsigned *)g->scratch2;
    for (int k = 0; k < g->NN; k++)
        if (g->cages[k].alive)
            order[n++] = k;
    grid_shuffle(r, order, n);
    int d[MATHDOKU_GEN_MAX_SIZE];
    for (int i = 0; i < n; i++) {
        gcage *c = &g->cages[order[i]];
        unsigned gd, bd;
        if (c->n == 1) {
            c->op = MATHDOKU_GIVEN;
            c->target = g->G[c->cells[0]];
            c->fresh = 0;
            good[i] = 0;
            continue;
        }
        mdg_digits_of(g, g->G, c->cells, c->n, d);
        ops_for(g, d, c->n, &gd, &bd);
        if (!gd && !bd) {
            /* no operation takes these digits ('/' alone, say): givens */
            if (!mdg_allow_singletons(g))
                return -1;
            int cells[MATHDOKU_GEN_MAX_SIZE], n_cells = c->n;
            memcpy(cells, c->cells, (size_t)n_cells * sizeof *cells);
            for (int j = 0; j < n_cells; j++) {
                int k = j == 0 ? order[i] : free_slot(g);
                set_cage(g, k, cells + j, 1, MATHDOKU_GIVEN, g->G[cells[j]]);
            }
            good[i] = 0;
            continue;
        }
        good[i] = gd | bd << 4;
    }
    static const int turn[4] = { 3, 1, 2, 0 }; /* / - * + */
    for (;;) {
        int progress = 0;
        for (int t = 0; t < 4; t++) {
            unsigned bit = 1u << turn[t];
            int pick = -1;
            for (int i = 0; i < n && pick < 0; i++)
                if (good[i] & bit)
                    pick = i;
            for (int i = 0; i < n && pick < 0; i++)
                if (good[i] & (bit << 4))
                    pick = i;
            if (pick < 0)
                continue;
            gcage *c = &g->cages[order[pick]];
            mdg_digits_of(g, g->G, c->cells, c->n, d);
            c->op = op_of_bit[turn[t]];
            mathdoku_clue_of(c->op, d, c->n, g->opt.nary, &c->target);
            c->fresh = 0;
            good[pick] = 0;
            progress = 1;
        }
        if (!progress)
            break;
    }
    return 0;
}

static int count_one(void *ctx, const int *d)
{
    (void)d;
    ++*(long *)ctx;
    return 0;
}

/* How many tuples the clue (op, target) on cells has (up to a bound). */
long mdg_tuple_count(const mathdoku_gen *g, const int *cells, int n,
                     mathdoku_op op, long long target)
{
    gcage tmp;
    tmp.n = n;
    memcpy(tmp.cells, cells, (size_t)n * sizeof *cells);
    tmp.op = op;
    tmp.target = target;
    mathdoku_cage v = view(g, &tmp);
    long count = 0;
    if (mathdoku_cage_tuples(g->N, &v, &g->rules, NULL, 1000000, count_one,
                             &count) < 0)
        return 1000000;
    return count;
}

/* Cage k takes the allowed operation on G's digits with the fewest
 * tuples (`most`: the most), when one has strictly fewer (more) than its
 * own clue: 1 when set, else 0. */
static int op_by_tuples(mathdoku_gen *g, int k, int most)
{
    gcage *c = &g->cages[k];
    int d[MATHDOKU_GEN_MAX_SIZE];
    if (!c->alive || c->n == 1)
        return 0;
    mdg_digits_of(g, g->G, c->cells, c->n, d);
    long now = mdg_tuple_count(g, c->cells, c->n, c->op, c->target), best = now;
    mathdoku_op op = c->op;
    long long target = c->target;
    for (int b = 0; b < 4; b++) {
        long long t;
        if (!(g->opt.ops & (1u << b)) ||
            !mathdoku_clue_of(op_of_bit[b], d, c->n, g->opt.nary, &t))
            continue;
        long n = mdg_tuple_count(g, c->cells, c->n, op_of_bit[b], t);
        if (most ? n > best : n < best) {
            best = n;
            op = op_of_bit[b];
            target = t;
        }
    }
    if (best == now)
        return 0;
    c->op = op;
    c->target = target;
    c->fresh = 0;
    return 1;
}

/* Cage k's operation with the fewest tuples: 1 when it has fewer than
 * the one it has now (and is set), else 0. */
int mdg_strongest_op(mathdoku_gen *g, int k)
{
    return op_by_tuples(g, k, 0);
}

/* Cage k's operation with the most tuples: 1 when it has more than the
 * one it has now (and is set), else 0. */
int mdg_weakest_op(mathdoku_gen *g, int k)
{
    return op_by_tuples(g, k, 1);
}

/* ---- the partition ------------------------------------------------------ */

static int draw_size(const mathdoku_gen *g, grid_rng *r)
{
    int x = grid_rng_below(r, g->total_weight);
    for (int s = 1; s <= MATHDOKU_GEN_MAX_SIZE; s++) {
        x -= g->weights[s];
        if (x < 0)
            return s;
    }
    return 2;
}


/* The neighbours of cell i: up to 4 into nb[]. */
int mdg_neighbours(int N, int i, int *nb)
{
    int r = i / N, c = i % N, n = 0;
    if (r > 0)
        nb[n++] = i - N;
    if (c > 0)
        nb[n++] = i - 1;
    if (c < N - 1)
        nb[n++] = i + 1;
    if (r < N - 1)
        nb[n++] = i + N;
    return n;
}

/* The cages next to cage k that it can merge with (their cells together
 * within the largest cage size), each once, into near[] (room for
 * 4 * MATHDOKU_GEN_MAX_SIZE); returns how many. */
int mdg_mergeable(const mathdoku_gen *g, int k, int *near)
{
    const gcage *c = &g->cages[k];
    int m = 0, nb[4];
    for (int j = 0; j < c->n; j++) {
        int q = mdg_neighbours(g->N, c->cells[j], nb);
        for (int e = 0; e < q; e++) {
            int k2 = g->cage_of[nb[e]], seen = k2 == k;
            for (int f = 0; f < m; f++)
                seen |= near[f] == k2;
            if (!seen && c->n + g->cages[k2].n <= g->max_size)
                near[m++] = k2;
        }
    }
    return m;
}

/* Random connected cages with sizes drawn from the weights; cells left
 * alone (when singletons are not wanted) join a neighbouring cage.  -1
 * when one cannot (every neighbour full): the caller draws again. */
int mdg_partition(mathdoku_gen *g, grid_rng *r)
{
    int N = g->N, NN = g->NN, *order = g->scratch;
    for (int k = 0; k < NN; k++) {
        g->cages[k].alive = 0;
        g->cages[k].fresh = 0;
    }
    for (int i = 0; i < NN; i++) {
        g->cage_of[i] = -1;
        order[i] = i;
    }
    grid_shuffle(r, order, NN);
    int n_cages = 0;
    for (int t = 0; t < NN; t++) {
        int i = order[t];
        if (g->cage_of[i] >= 0)
            continue;
        int want = draw_size(g, r), k = n_cages++;
        gcage *c = &g->cages[k];
        c->alive = 1;
        c->n = 1;
        c->cells[0] = i;
        g->cage_of[i] = k;
        while (c->n < want) {
            int frontier[4 * MATHDOKU_GEN_MAX_SIZE], m = 0, nb[4];
            for (int j = 0; j < c->n; j++) {
                int q = mdg_neighbours(N, c->cells[j], nb);
                for (int e = 0; e < q; e++)
                    if (g->cage_of[nb[e]] < 0) {
                        int seen = 0;
                        for (int f = 0; f < m; f++)
                            seen |= frontier[f] == nb[e];
                        if (!seen)
                            frontier[m++] = nb[e];
                    }
            }
            if (!m)
                break;
            int next = frontier[grid_rng_below(r, m)];
            c->cells[c->n++] = next;
            g->cage_of[next] = k;
        }
    }
    if (!mdg_allow_singletons(g))
        for (int t = 0; t < NN; t++) {
            int i = order[t], k = g->cage_of[i];
            if (g->cages[k].n != 1)
                continue;
            int nb[4], q = mdg_neighbours(N, i, nb), best = -1;
            grid_shuffle(r, nb, q);
            for (int e = 0; e < q && best < 0; e++)
                if (g->cages[g->cage_of[nb[e]]].n < g->max_size)
                    best = g->cage_of[nb[e]];
            if (best < 0)
                return -1;
            gcage *c = &g->cages[best];
            c->cells[c->n++] = i;
            g->cage_of[i] = best;
            g->cages[k].alive = 0;
        }
    for (int k = 0; k < NN; k++)
        if (g->cages[k].alive)
            mdg_sort_cells(g->cages[k].cells, g->cages[k].n);
    return 0;
}

/* ---- the Latin square --------------------------------------------------- */

static int fill_square(mathdoku_gen *g, grid_rng *r)
{
    int N = g->N, NN = g->NN;
    /* the first row a random permutation, the rest by the engine with
     * randomized choices; the option of (r, c, d) is (r*N + c)*N + d-1 */
    int *forced = g->scratch, *perm = g->scratch2;
    for (int c = 0; c < N; c++)
        perm[c] = c;
    grid_shuffle(r, perm, N);
    for (int c = 0; c < N; c++)
        forced[c] = c * N + perm[c];
    dlx_search s = dlx_search_defaults();
    s.max_solutions = 1;
    s.forced = forced;
    s.n_forced = N;
    s.randomize = 1;
    s.seed = grid_rng_next(r);
    dlx_result res;
    if (dlx_solve(g->latin, &s, &res) != DLX_OK || res.first_n != NN)
        return -1;
    g->rep->nodes += res.nodes;
    for (int k = 0; k < NN; k++) {
        int o = res.first[k];
        g->G[o / N] = o % N + 1;
    }
    return 0;
}

/* ---- the uniqueness search ---------------------------------------------- */

/* What make_tuples came to: the tuples listed, too many to list, the
 * budget spent (a walk of a large cage with few tuples can take
 * minutes), or no memory.  keep_tuple stops the walk with TUPLES_TOO_MANY
 * or TUPLES_NOMEM, which the walk passes on (0 goes on). */
typedef enum { TUPLES_OK = 0, TUPLES_NOMEM, TUPLES_TOO_MANY,
               TUPLES_BUDGET } tuples_status;

typedef struct keep_ctx {
    gcage *c;
    long limit;
} keep_ctx;

static int keep_tuple(void *ctx, const int *d)
{
    keep_ctx *k = ctx;
    gcage *c = k->c;
    if (c->n_tup >= k->limit)
        return TUPLES_TOO_MANY;
    if ((c->n_tup + 1) * c->n > c->cap_tup) {
        long cap = c->cap_tup ? 2 * c->cap_tup : 64;
        while (cap < (c->n_tup + 1) * c->n)
            cap *= 2;
        int *t = realloc(c->tup, (size_t)cap * sizeof *t);
        if (!t)
            return TUPLES_NOMEM;
        c->tup = t;
        c->cap_tup = cap;
    }
    memcpy(c->tup + c->n_tup * c->n, d, (size_t)c->n * sizeof *d);
    c->n_tup++;
    return TUPLES_OK;
}

/* A cage with more tuples than this is cut before any search. */
enum { MAX_TUPLES = 20000 };

/*
 * Tuples depend only on the clue, the number of cells and which pairs of
 * cells share a row or column (the "shape" below), so cages of the same
 * clue and shape share them, in this puzzle and the next: a small table
 * keeps the lists (a hash of the key picks the slot; a collision
 * replaces).  6x6: most cages are found there, and the walk's share of
 * the generator's instructions falls from a third.
 */
enum { CACHE_SLOTS = 4096, CACHE_MAX_TUPLES = 4096 };

typedef struct cached {
    int used, n;
    mathdoku_op op;
    long long target;
    uint64_t shape;        /* bit per pair (a, b), a < b: shared line */
    int *tup;
    long n_tup;
} cached;

static uint64_t cage_shape(const mathdoku_gen *g, const gcage *c)
{
    uint64_t shape = 0;
    int N = g->N, bitpos = 0;
    for (int b = 1; b < c->n; b++)
        for (int a = 0; a < b; a++, bitpos++)
            if (c->cells[a] / N == c->cells[b] / N ||
                c->cells[a] % N == c->cells[b] % N)
                shape |= 1ULL << bitpos;
    return shape;
}

static cached *cache_slot(mathdoku_gen *g, int n, mathdoku_op op,
                          long long target, uint64_t shape)
{
    uint64_t h = (uint64_t)target * 0x9e3779b97f4a7c15ULL ^
                 shape * 0xbf58476d1ce4e5b9ULL ^
                 ((uint64_t)n << 8 | (uint64_t)op) * 0x94d049bb133111ebULL;
    return &g->cache[(h >> 40) % CACHE_SLOTS];
}

/* Fills c's tuples. */
static tuples_status make_tuples(mathdoku_gen *g, gcage *c)
{
    if (c->fresh)
        return TUPLES_OK;
    c->n_tup = 0;
    mathdoku_cage v = view(g, c);
    /* 55 pairs fit the shape's bits: cages up to 11 cells */
    cached *slot = NULL;
    uint64_t shape = 0;
    if (g->cache && c->n <= 11) {
        shape = cage_shape(g, c);
        slot = cache_slot(g, c->n, v.op, v.target, shape);
        if (slot->used && slot->n == c->n && slot->op == v.op &&
            slot->target == v.target && slot->shape == shape) {
            long ints = slot->n_tup * c->n;
            if (ints > c->cap_tup) {
                int *t = realloc(c->tup, (size_t)ints * sizeof *t);
                if (!t)
                    return TUPLES_NOMEM;
                c->tup = t;
                c->cap_tup = ints;
            }
            if (ints)
                memcpy(c->tup, slot->tup, (size_t)ints * sizeof *c->tup);
            c->n_tup = slot->n_tup;
            c->fresh = 1;
            return TUPLES_OK;
        }
    }
    keep_ctx k = { c, MAX_TUPLES };
    grid_limits lim = { 0 };
    if (mdg_budget_left(g, &lim.max_nodes, &lim.max_seconds) != 0)
        return TUPLES_BUDGET;
    lim.on_poll = g->opt.on_poll;
    lim.poll_ctx = g->opt.poll_ctx;
    int got = mathdoku_cage_tuples_within(g->N, &v, &g->rules, NULL, 0,
                                          &lim, keep_tuple, &k);
    if (got == TUPLES_NOMEM || got == TUPLES_TOO_MANY)
        return (tuples_status)got;
    if (got < 0) {
        /* cut by nodes (not time): the walk spent what was left */
        if (!(g->opt.max_seconds > 0 &&
              grid_seconds() - g->start >= g->opt.max_seconds))
            g->rep->nodes += lim.max_nodes;
        return TUPLES_BUDGET;
    }
    c->fresh = 1;
    if (slot && c->n_tup <= CACHE_MAX_TUPLES) {
        long ints = c->n_tup * c->n;
        int *t = realloc(slot->tup, (size_t)(ints ? ints : 1) * sizeof *t);
        if (t) {
            if (ints)
                memcpy(t, c->tup, (size_t)ints * sizeof *t);
            slot->tup = t;
            slot->used = 1;
            slot->n = c->n;
            slot->op = v.op;
            slot->target = v.target;
            slot->shape = shape;
            slot->n_tup = c->n_tup;
        }
    }
    return TUPLES_OK;
}

typedef struct search_ctx {
    mathdoku_gen *g;
} search_ctx;

static int on_solution(void *ctx, const int *options, int n)
{
    mathdoku_gen *g = ((search_ctx *)ctx)->g;
    int differs = 0;
    for (int k = 0; k < n; k++) {
        int o = options[k];
        const gcage *c = &g->cages[g->opt_cage[o]];
        const int *d = c->tup + g->opt_tup[o] * c->n;
        for (int j = 0; j < c->n; j++) {
            g->other[c->cells[j]] = d[j];
            differs |= d[j] != g->G[c->cells[j]];
        }
    }
    return differs; /* stop at the first solution that is not G */
}

/* Budget left for the next search: 0, or -1 when spent. */
int mdg_budget_left(const mathdoku_gen *g, uint64_t *nodes, double *seconds)
{
    *nodes = 0;
    *seconds = 0;
    if (g->opt.on_poll && g->opt.on_poll(g->opt.poll_ctx, g->rep->nodes))
        return -1;
    if (g->opt.max_nodes) {
        if (g->rep->nodes >= g->opt.max_nodes)
            return -1;
        *nodes = g->opt.max_nodes - g->rep->nodes;
    }
    if (g->opt.max_seconds > 0) {
        *seconds = g->opt.max_seconds - (grid_seconds() - g->start);
        if (*seconds <= 0)
            return -1;
    }
    return 0;
}

/* Each cell's candidates (into g->cand) by propagation to a fixed point:
 * a cell keeps the digits some tuple of its cage that fits the
 * candidates gives it; a cell with one candidate takes it out of its row
 * and column; a digit with one place in a row or column takes that place.
 * Every step is sound, so the tuples it rules out are in no solution and
 * the search without them counts the same solutions, over a smaller
 * matrix (9x9: 2.4 times fewer instructions than searching all tuples;
 * the logic solver's step-by-step narrowing at the same strength cost
 * more than it saved). */
static void propagate(mathdoku_gen *g)
{
    int N = g->N, NN = g->NN;
    uint64_t all = (1ULL << N) - 1;
    for (int i = 0; i < NN; i++)
        g->cand[i] = all;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int k = 0; k < NN; k++) {
            const gcage *c = &g->cages[k];
            if (!c->alive)
                continue;
            uint64_t uni[MATHDOKU_GEN_MAX_SIZE] = { 0 };
            for (long t = 0; t < c->n_tup; t++) {
                const int *d = c->tup + t * c->n;
                int fits = 1;
                for (int j = 0; j < c->n && fits; j++)
                    fits = (g->cand[c->cells[j]] >> (d[j] - 1)) & 1;
                if (fits)
                    for (int j = 0; j < c->n; j++)
                        uni[j] |= 1ULL << (d[j] - 1);
            }
            for (int j = 0; j < c->n; j++) {
                uint64_t *x = &g->cand[c->cells[j]];
                if ((*x & uni[j]) != *x) {
                    *x &= uni[j];
                    changed = 1;
                }
            }
        }
        for (int line = 0; line < 2 * N; line++) {
            /* singles out of the line; digits with one place in it */
            uint64_t once = 0, twice = 0, fixed = 0;
            for (int t = 0; t < N; t++) {
                int i = line < N ? line * N + t : t * N + line - N;
                uint64_t x = g->cand[i];
                twice |= once & x;
                once |= x;
                if (x && !(x & (x - 1)))
                    fixed |= x;
            }
            uint64_t lone = once & ~twice & ~fixed;
            for (int t = 0; t < N; t++) {
                int i = line < N ? line * N + t : t * N + line - N;
                uint64_t x = g->cand[i], y = x;
                if (x & (x - 1))
                    y &= ~fixed;
                if (y & lone)
                    y &= lone;
                if (y != x) {
                    g->cand[i] = y;
                    changed = 1;
                }
            }
        }
    }
}

static int tuple_fits(const mathdoku_gen *g, const gcage *c, const int *d)
{
    for (int j = 0; j < c->n; j++)
        if (!(g->cand[c->cells[j]] & (1ULL << (d[j] - 1))))
            return 0;
    return 1;
}

/* Is G the only solution?  CHECK_OTHER leaves another in g->other;
 * CHECK_CUT: a cage has too many tuples (*big: which) or the search needed
 * more than check_nodes. */
static check_status check(mathdoku_gen *g, int *big)
{
    int NN = g->NN, N = g->N;
    long total = 0;
    *big = -1;
    for (int k = 0; k < NN; k++) {
        gcage *c = &g->cages[k];
        if (!c->alive)
            continue;
        tuples_status got = make_tuples(g, c);
        if (got == TUPLES_NOMEM)
            return CHECK_NOMEM;
        if (got == TUPLES_BUDGET)
            return CHECK_BUDGET;
        if (got == TUPLES_TOO_MANY) {
            *big = k;
            return CHECK_CUT;
        }
    }
    propagate(g);
    long n_nodes = 0;
    for (int k = 0; k < NN; k++) {
        const gcage *c = &g->cages[k];
        if (c->alive)
            for (long t = 0; t < c->n_tup; t++)
                if (tuple_fits(g, c, c->tup + t * c->n)) {
                    total++;
                    n_nodes += 2L * c->n + 1;
                }
    }
    if (total > g->opt_cap) {
        long cap = total * 2;
        int *oc = realloc(g->opt_cage, (size_t)cap * sizeof *oc);
        if (oc)
            g->opt_cage = oc;
        long *ot = realloc(g->opt_tup, (size_t)cap * sizeof *ot);
        if (ot)
            g->opt_tup = ot;
        if (!oc || !ot)
            return CHECK_NOMEM;
        g->opt_cap = cap;
    }
    uint64_t nodes_left;
    double seconds_left;
    if (mdg_budget_left(g, &nodes_left, &seconds_left) != 0)
        return CHECK_BUDGET;
    /* items: each live cage, row r has digit d, column c has digit d;
     * a cage's tuple covers its cage and its digits' rows and columns
     * (every cage filled fills every cell, so cells need no items).  G's
     * tuple of each cage goes last, so that the search meets solutions
     * other than G first. */
    int live = 0, *slot = g->scratch;
    for (int k = 0; k < NN; k++)
        slot[k] = g->cages[k].alive ? live++ : -1;
    dlx_matrix *m = dlx_new(live + 2 * NN, 0);
    if (!m)
        return CHECK_NOMEM;
    dlx_reserve(m, (int)total, n_nodes);
    int items[2 * MATHDOKU_GEN_MAX_SIZE + 1];
    long o = 0;
    for (int k = 0; k < NN; k++) {
        const gcage *c = &g->cages[k];
        if (!c->alive)
            continue;
        for (long t = 0; t < c->n_tup; t++) {
            const int *d = c->tup + t * c->n;
            if (!tuple_fits(g, c, d))
                continue;
            items[0] = slot[k];
            for (int j = 0; j < c->n; j++) {
                int cell = c->cells[j];
                items[2 * j + 1] = live + (cell / N) * N + d[j] - 1;
                items[2 * j + 2] = live + NN + (cell % N) * N + d[j] - 1;
            }
            if (dlx_add_option(m, 2 * c->n + 1, items, NULL) < 0) {
                dlx_free(m);
                return CHECK_NOMEM;
            }
            g->opt_cage[o] = k;
            g->opt_tup[o++] = t;
        }
    }
    search_ctx sc = { g };
    dlx_search s = dlx_search_defaults();
    s.on_solution = on_solution;
    s.solution_ctx = &sc;
    s.max_nodes = nodes_left;
    int capped = 0;
    if (g->opt.check_nodes && (!s.max_nodes ||
                               g->opt.check_nodes < s.max_nodes)) {
        s.max_nodes = g->opt.check_nodes;
        capped = 1;
    }
    s.max_seconds = seconds_left;
    s.on_poll = g->opt.on_poll;
    s.poll_ctx = g->opt.poll_ctx;
    dlx_result res;
    int st = dlx_solve(m, &s, &res);
    dlx_free(m);
    g->rep->checks++;
    if (st != DLX_OK)
        return CHECK_NOMEM;
    g->rep->nodes += res.nodes;
    switch (res.outcome) {
    case DLX_COMPLETE:
        return CHECK_UNIQUE;
    case DLX_STOP_CALLBACK:
        /* the caller's stop ends a search as a second solution does */
        if (g->opt.on_poll && g->opt.on_poll(g->opt.poll_ctx, g->rep->nodes))
            return CHECK_BUDGET;
        return CHECK_OTHER;
    case DLX_STOP_NODES:
        return capped && res.nodes >= g->opt.check_nodes ? CHECK_CUT
                                                          : CHECK_BUDGET;
    default:
        return CHECK_BUDGET;
    }
}

/* ---- changes ------------------------------------------------------------ */

/* Does the clue (op, target) on cells fail for sol?  The clue as shown:
 * hidden when the puzzle hides operations. */
static int breaks(const mathdoku_gen *g, const int *cells, int n,
                  mathdoku_op op, long long target, const int *sol)
{
    gcage tmp;
    tmp.n = n;
    memcpy(tmp.cells, cells, (size_t)n * sizeof *cells);
    tmp.op = op;
    tmp.target = target;
    mathdoku_cage v = view(g, &tmp);
    int d[MATHDOKU_GEN_MAX_SIZE];
    mdg_digits_of(g, sol, cells, n, d);
    return !mathdoku_cage_holds(&v, d, &g->rules);
}

/* Operations for cells (G's digits) whose clue S breaks, as MATHDOKU_OPS bits;
 * bit 4 for a given (one cell). */
static unsigned breaking_ops(const mathdoku_gen *g, const int *cells, int n)
{
    int d[MATHDOKU_GEN_MAX_SIZE];
    mdg_digits_of(g, g->G, cells, n, d);
    if (n == 1)
        return g->other[cells[0]] != g->G[cells[0]] ? 16u : 0u;
    unsigned good, bad, out = 0;
    ops_for(g, d, n, &good, &bad);
    for (int b = 0; b < 4; b++) {
        long long t;
        if (((good | bad) & (1u << b)) &&
            mathdoku_clue_of(op_of_bit[b], d, n, g->opt.nary, &t) &&
            breaks(g, cells, n, op_of_bit[b], t, g->other))
            out |= 1u << b;
    }
    return out;
}

/* Any operation G's digits on cells allow, as MATHDOKU_OPS bits (bit 4: a
 * given). */
unsigned mdg_any_ops(const mathdoku_gen *g, const int *cells, int n)
{
    if (n == 1)
        return 16u;
    int d[MATHDOKU_GEN_MAX_SIZE] = { 0 };
    mdg_digits_of(g, g->G, cells, n, d);
    unsigned good, bad;
    ops_for(g, d, n, &good, &bad);
    return good | bad;
}

/* Sets cage k to cells with a random operation of mask. */
void mdg_set_with(mathdoku_gen *g, grid_rng *r, int k, const int *cells, int n,
                  unsigned mask)
{
    if (n == 1) {
        set_cage(g, k, cells, n, MATHDOKU_GIVEN, g->G[cells[0]]);
        return;
    }
    int d[MATHDOKU_GEN_MAX_SIZE];
    mdg_digits_of(g, g->G, cells, n, d);
    mathdoku_op op;
    long long t;
    pick_op(g, r, mask & 15u, d, n, &op, &t);
    set_cage(g, k, cells, n, op, t);
}

static int try_operation(mathdoku_gen *g, grid_rng *r, int k)
{
    gcage *c = &g->cages[k];
    if (c->n == 1)
        return 0;
    unsigned mask = breaking_ops(g, c->cells, c->n);
    if (!mask)
        return 0;
    mdg_set_with(g, r, k, c->cells, c->n, mask);
    return 1;
}

static int try_merge(mathdoku_gen *g, grid_rng *r, int k)
{
    gcage *c = &g->cages[k];
    int near[4 * MATHDOKU_GEN_MAX_SIZE];
    int m = mdg_mergeable(g, k, near);
    grid_shuffle(r, near, m);
    for (int f = 0; f < m; f++) {
        gcage *c2 = &g->cages[near[f]];
        int cells[MATHDOKU_GEN_MAX_SIZE], n = c->n + c2->n;
        memcpy(cells, c->cells, (size_t)c->n * sizeof *cells);
        memcpy(cells + c->n, c2->cells, (size_t)c2->n * sizeof *cells);
        mdg_sort_cells(cells, n);
        unsigned mask = breaking_ops(g, cells, n);
        if (!mask)
            continue;
        c2->alive = 0;
        mdg_set_with(g, r, k, cells, n, mask);
        return 1;
    }
    return 0;
}

/* Are the cells of mask (bits over cells[]) connected? */
static int connected(int N, const int *cells, int n, unsigned mask)
{
    if (!mask)
        return 0;
    unsigned seen = mask & -mask, grown;
    do {
        grown = seen;
        for (int a = 0; a < n; a++)
            if (seen & (1u << a))
                for (int b = 0; b < n; b++) {
                    int dr = cells[a] / N - cells[b] / N;
                    int dc = cells[a] % N - cells[b] % N;
                    if ((mask & (1u << b)) && dr * dr + dc * dc == 1)
                        grown |= 1u << b;
                }
        if (grown == seen)
            break;
        seen = grown;
    } while (1);
    return seen == mask;
}

/* The cuts of cells[0..n-1] into two connected parts of least to most
 * cells each, other than `was` (0: any): the mask of the part that holds
 * cells[0], in random order, into parts[]; returns how many.  The one
 * enumeration of a split, a regrouping and a cut for strength. */
static int two_part_cuts(const mathdoku_gen *g, grid_rng *r, const int *cells,
                         int n, int least, int most, unsigned was, int *parts)
{
    int m = 0;
    unsigned full = (1u << n) - 1;
    for (unsigned a = 1; a < full; a += 2) {
        int size = __builtin_popcount(a);
        if (a != was && size >= least && n - size >= least &&
            size <= most && n - size <= most &&
            connected(g->N, cells, n, a) &&
            connected(g->N, cells, n, full & ~a))
            parts[m++] = (int)a;
    }
    grid_shuffle(r, parts, m);
    return m;
}

/* The first cut of parts[0..np-1] (over cells[0..n-1]) whose two parts
 * take clues becomes cages k and k2 (k2 < 0: a free slot): with
 * `breaking`, one part breaks S and the other takes any clue; without,
 * both take any clue.  1, or 0 when no cut does. */
static int apply_cut(mathdoku_gen *g, grid_rng *r, const int *cells, int n,
                     const int *parts, int np, int k, int k2, int breaking)
{
    for (int f = 0; f < np; f++) {
        int A[MATHDOKU_GEN_MAX_SIZE], B[MATHDOKU_GEN_MAX_SIZE], na = 0, nb = 0;
        for (int j = 0; j < n; j++) {
            if ((unsigned)parts[f] & (1u << j))
                A[na++] = cells[j];
            else
                B[nb++] = cells[j];
        }
        unsigned aa = mdg_any_ops(g, A, na), ab = mdg_any_ops(g, B, nb);
        if (!breaking) {
            if (!aa || !ab)
                continue;
            if (k2 < 0)
                k2 = free_slot(g);
            mdg_set_with(g, r, k, A, na, aa);
            mdg_set_with(g, r, k2, B, nb, ab);
            return 1;
        }
        unsigned ka = breaking_ops(g, A, na), kb = breaking_ops(g, B, nb);
        if (!(ka && ab) && !(kb && aa))
            continue;
        /* one part breaks S; the other takes any clue */
        int first = (ka && ab) && (!(kb && aa) || grid_rng_below(r, 2));
        if (k2 < 0)
            k2 = free_slot(g);
        if (first) {
            mdg_set_with(g, r, k, A, na, ka);
            mdg_set_with(g, r, k2, B, nb, ab);
        } else {
            mdg_set_with(g, r, k, A, na, aa);
            mdg_set_with(g, r, k2, B, nb, kb);
        }
        return 1;
    }
    return 0;
}

/* Cage k cut in two connected parts (apply_cut, with or without
 * `breaking`): 1, or 0 when it has no such cut. */
static int cut_cage(mathdoku_gen *g, grid_rng *r, int k, int breaking)
{
    gcage *c = &g->cages[k];
    int n = c->n, least = mdg_allow_singletons(g) ? 1 : 2;
    if (n < 2 * least)
        return 0;
    /* the parts that hold the first cell, in random order */
    int parts[1 << (MATHDOKU_GEN_MAX_SIZE - 1)];
    int m = two_part_cuts(g, r, c->cells, n, least, n, 0, parts);
    return apply_cut(g, r, c->cells, n, parts, m, k, -1, breaking);
}

static int try_split(mathdoku_gen *g, grid_rng *r, int k)
{
    return cut_cage(g, r, k, 1);
}

/* Cage k and a neighbour cut anew into two connected parts (not the two
 * they were): a cell moves across, or two swap sides.  This breaks what no
 * operation, split or merge can: S swapping the two digits of a domino
 * and of its partner in another row, where every clue over whole cages
 * holds for both. */
static int try_regroup(mathdoku_gen *g, grid_rng *r, int k)
{
    gcage *c = &g->cages[k];
    int near[4 * MATHDOKU_GEN_MAX_SIZE], m = 0, nb[4];
    int least = mdg_allow_singletons(g) ? 1 : 2;
    for (int j = 0; j < c->n; j++) {
        int q = mdg_neighbours(g->N, c->cells[j], nb);
        for (int e = 0; e < q; e++) {
            int k2 = g->cage_of[nb[e]], seen = k2 == k;
            for (int f = 0; f < m; f++)
                seen |= near[f] == k2;
            if (!seen && c->n + g->cages[k2].n <= 12)
                near[m++] = k2;
        }
    }
    grid_shuffle(r, near, m);
    for (int f = 0; f < m; f++) {
        gcage *c2 = &g->cages[near[f]];
        int cells[24], n = c->n + c2->n;
        memcpy(cells, c->cells, (size_t)c->n * sizeof *cells);
        memcpy(cells + c->n, c2->cells, (size_t)c2->n * sizeof *cells);
        mdg_sort_cells(cells, n);
        unsigned was = 0;
        for (int j = 0; j < n; j++)
            if (g->cage_of[cells[j]] == g->cage_of[cells[0]])
                was |= 1u << j;
        int parts[1 << 11];
        int np = two_part_cuts(g, r, cells, n, least, g->max_size, was,
                               parts);
        if (apply_cut(g, r, cells, n, parts, np, k, near[f], 1))
            return 1;
    }
    return 0;
}

/* The last resort: cell i (where S differs from G) becomes a given, and
 * what is left of its cage falls into connected parts, each with a clue.
 * Returns 0 when a part takes no allowed operation. */
int mdg_make_given(mathdoku_gen *g, grid_rng *r, int i)
{
    int k = g->cage_of[i];
    gcage *c = &g->cages[k];
    int rest[MATHDOKU_GEN_MAX_SIZE], n = 0;
    for (int j = 0; j < c->n; j++)
        if (c->cells[j] != i)
            rest[n++] = c->cells[j];
    unsigned left = (1u << n) - 1;
    int parts[MATHDOKU_GEN_MAX_SIZE][MATHDOKU_GEN_MAX_SIZE], sizes[16], np = 0;
    while (left) {
        /* the component of the lowest cell left */
        unsigned comp = left & -left, grown;
        do {
            grown = comp;
            for (int a = 0; a < n; a++)
                if (comp & (1u << a))
                    for (int b = 0; b < n; b++) {
                        int dr = rest[a] / g->N - rest[b] / g->N;
                        int dc = rest[a] % g->N - rest[b] % g->N;
                        if ((left & (1u << b)) && dr * dr + dc * dc == 1)
                            grown |= 1u << b;
                    }
            if (grown == comp)
                break;
            comp = grown;
        } while (1);
        sizes[np] = 0;
        for (int a = 0; a < n; a++)
            if (comp & (1u << a))
                parts[np][sizes[np]++] = rest[a];
        if (!mdg_any_ops(g, parts[np], sizes[np]))
            return 0;
        np++;
        left &= ~comp;
    }
    int one[1] = { i };
    set_cage(g, k, one, 1, MATHDOKU_GIVEN, g->G[i]);
    for (int p = 0; p < np; p++)
        mdg_set_with(g, r, free_slot(g), parts[p], sizes[p],
                 mdg_any_ops(g, parts[p], sizes[p]));
    return 1;
}

/* One change that breaks the other solution: 1, or 0 when none does. */
static int change(mathdoku_gen *g, grid_rng *r)
{
    int NN = g->NN, *list = g->scratch, n = 0;
    for (int k = 0; k < NN; k++) {
        const gcage *c = &g->cages[k];
        if (!c->alive)
            continue;
        for (int j = 0; j < c->n; j++)
            if (g->other[c->cells[j]] != g->G[c->cells[j]]) {
                list[n++] = k;
                break;
            }
    }
    grid_shuffle(r, list, n);
    for (int t = 0; t < n; t++) {
        int k = list[t];
        /* in random order, the operation first half the time */
        int order[4] = { 0, 1, 2, 3 };
        grid_shuffle(r, order + 1, 3);
        if (grid_rng_below(r, 2))
            grid_shuffle(r, order, 4);
        for (int e = 0; e < 4; e++) {
            int done = order[e] == 0 ? try_operation(g, r, k)
                     : order[e] == 1 ? try_split(g, r, k)
                     : order[e] == 2 ? try_merge(g, r, k)
                                     : try_regroup(g, r, k);
            if (done)
                return 1;
        }
    }
    if (!mdg_allow_singletons(g))
        return 0;
    int *cells = g->scratch2, m = 0;
    for (int i = 0; i < NN; i++)
        if (g->other[i] != g->G[i] && g->cages[g->cage_of[i]].n > 1)
            cells[m++] = i;
    grid_shuffle(r, cells, m);
    for (int t = 0; t < m; t++)
        if (mdg_make_given(g, r, cells[t]))
            return 1;
    return 0;
}

/* Cuts cage k in two connected parts, each with any clue: 1, or 0 when it
 * has no such cut. */
int mdg_cut_in_two(mathdoku_gen *g, grid_rng *r, int k)
{
    return cut_cage(g, r, k, 0);
}

/* The puzzle made easier to prove, when a search needed more than
 * check_nodes or cage k (>= 0) has too many tuples to list: the weakest
 * eighth of the cages (most tuples) take the operation with the fewest,
 * or when none can, the weakest one that can be cut is cut in two.  0
 * when nothing can be strengthened. */
static int strengthen(mathdoku_gen *g, grid_rng *r, int k)
{
    if (k >= 0)
        return mdg_strongest_op(g, k) || mdg_cut_in_two(g, r, k);
    int *order = g->scratch, n = 0;
    for (int j = 0; j < g->NN; j++)
        if (g->cages[j].alive && g->cages[j].n > 1)
            order[n++] = j;
    /* most tuples first (insertion sort: a few hundred cages) */
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && g->cages[order[b - 1]].n_tup <
                                     g->cages[order[b]].n_tup; b--) {
            int t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    int done = 0, want = n / 8 > 0 ? n / 8 : 1;
    for (int a = 0; a < n && done < want; a++)
        done += mdg_strongest_op(g, order[a]);
    for (int a = 0; a < n && !done; a++)
        done = mdg_cut_in_two(g, r, order[a]);
    return done;
}

/* ---- the puzzle --------------------------------------------------------- */

/* The state as a puzzle: cages in reading order of their first cell. */
int mdg_to_puzzle(const mathdoku_gen *g, mathdoku *p)
{
    int NN = g->NN;
    memset(p, 0, sizeof *p);
    p->N = g->N;
    int n = 0;
    for (int k = 0; k < NN; k++)
        n += g->cages[k].alive;
    p->cages = calloc((size_t)n, sizeof *p->cages);
    p->cage_of = malloc((size_t)NN * sizeof *p->cage_of);
    int *index = malloc((size_t)NN * sizeof *index);
    if (!p->cages || !p->cage_of || !index) {
        free(index);
        mathdoku_free(p);
        return -1;
    }
    for (int k = 0; k < NN; k++)
        index[k] = -1;
    for (int i = 0; i < NN; i++) {
        int k = g->cage_of[i];
        if (index[k] >= 0)
            continue;
        const gcage *c = &g->cages[k];
        mathdoku_cage *pc = &p->cages[p->n_cages];
        index[k] = p->n_cages++;
        pc->op = shown_op(g, c);
        pc->target = c->target;
        pc->n = c->n;
        pc->cells = malloc((size_t)c->n * sizeof *pc->cells);
        if (!pc->cells) {
            free(index);
            mathdoku_free(p);
            return -1;
        }
        memcpy(pc->cells, c->cells, (size_t)c->n * sizeof *pc->cells);
        snprintf(pc->label, sizeof pc->label, "%d", p->n_cages);
    }
    for (int i = 0; i < NN; i++)
        p->cage_of[i] = index[g->cage_of[i]];
    free(index);
    return 0;
}

mathdoku_gen *mathdoku_gen_new(const mathdoku_gen_options *opt)
{
    int N = opt->N;
    if (N < 1 || N > MATHDOKU_MAX_N)
        return NULL;
    mathdoku_gen *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->opt = *opt;
    if (!g->opt.ops)
        g->opt.ops = MATHDOKU_OPS_ALL;
    g->rules.nary = opt->nary;
    g->N = N;
    g->NN = N * N;
    int any = 0;
    for (int s = 1; s <= MATHDOKU_GEN_MAX_SIZE; s++)
        any |= opt->sizes[s] > 0;
    if (any) {
        memcpy(g->weights, opt->sizes, sizeof g->weights);
    } else {
        g->weights[2] = 80;
        g->weights[3] = 16;
        g->weights[4] = 3;
        g->weights[5] = 1;
    }
    /* without '+' and '*' (and n-ary '-' and '/'), cages have two cells */
    if (!(g->opt.ops & (MATHDOKU_OPS_ADD | MATHDOKU_OPS_MUL)) && !g->opt.nary)
        for (int s = 3; s <= MATHDOKU_GEN_MAX_SIZE; s++)
            g->weights[s] = 0;
    if (N == 1) {
        memset(g->weights, 0, sizeof g->weights);
        g->weights[1] = 1;
    }
    for (int s = 1; s <= MATHDOKU_GEN_MAX_SIZE; s++) {
        g->total_weight += g->weights[s];
        if (g->weights[s] > 0)
            g->max_size = s;
    }
    if (!g->total_weight) {
        /* only sizes above 2 asked, with operations that take two cells:
         * dominoes (or givens) after all */
        g->weights[mdg_allow_singletons(g) ? 1 : 2] = 1;
        g->total_weight = 1;
        g->max_size = 2;
    }
    if (g->max_size < 2 && N > 1)
        g->max_size = 2;
    int NN = g->NN;
    g->G = malloc((size_t)NN * sizeof *g->G);
    g->other = malloc((size_t)NN * sizeof *g->other);
    g->cand = malloc((size_t)NN * sizeof *g->cand);
    g->cache = calloc(CACHE_SLOTS, sizeof *g->cache);
    g->cage_of = malloc((size_t)NN * sizeof *g->cage_of);
    g->cages = calloc((size_t)NN, sizeof *g->cages);
    g->scratch = malloc((size_t)NN * sizeof *g->scratch);
    g->scratch2 = malloc((size_t)NN * sizeof *g->scratch2);
    g->latin = dlx_new(3 * NN, 0);
    if (!g->G || !g->other || !g->cand || !g->cache || !g->cage_of ||
        !g->cages ||
        !g->scratch || !g->scratch2 || !g->latin) {
        mathdoku_gen_free(g);
        return NULL;
    }
    dlx_reserve(g->latin, NN * N, 3L * NN * N);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            for (int d = 0; d < N; d++) {
                int items[3] = { r * N + c, NN + r * N + d,
                                 2 * NN + c * N + d };
                if (dlx_add_option(g->latin, 3, items, NULL) < 0) {
                    mathdoku_gen_free(g);
                    return NULL;
                }
            }
    return g;
}

void mathdoku_gen_free(mathdoku_gen *g)
{
    if (!g)
        return;
    if (g->cages)
        for (int k = 0; k < g->NN; k++)
            free(g->cages[k].tup);
    free(g->cages);
    free(g->G);
    free(g->other);
    free(g->cand);
    if (g->cache)
        for (int k = 0; k < CACHE_SLOTS; k++)
            free(g->cache[k].tup);
    free(g->cache);
    free(g->cage_of);
    free(g->scratch);
    free(g->scratch2);
    free(g->opt_cage);
    free(g->opt_tup);
    dlx_free(g->latin);
    free(g);
}

/* Changes allowed per partition before a new one is drawn. */
int mdg_change_limit(const mathdoku_gen *g)
{
    return 4 * g->NN + 20;
}

/* A uniqueness check in the words of a partition's outcome: G unique
 * kept, the budget or memory spent, any other solution or cut
 * abandoned. */
static mdg_outcome outcome_of_check(check_status st)
{
    switch (st) {
    case CHECK_UNIQUE:
        return MDG_KEPT;
    case CHECK_BUDGET:
        return MDG_BUDGET;
    case CHECK_NOMEM:
        return MDG_NOMEM;
    case CHECK_OTHER:
    case CHECK_CUT:
        break;
    }
    return MDG_ABANDONED;
}

/* One partition of the square, changed to one solution. */
static mdg_outcome make_unique(mathdoku_gen *g, grid_rng *r)
{
    int ok = -1;
    for (int t = 0; t < 100 && ok != 0; t++)
        ok = mdg_partition(g, r) == 0 && mdg_assign_ops(g, r) == 0 ? 0 : -1;

    if (ok != 0)
        return MDG_ABANDONED;
    int strengthened = 0;
    for (int changes = 0; changes < mdg_change_limit(g); changes++) {
        int big;
        check_status st = check(g, &big);
        if (st == CHECK_UNIQUE || st == CHECK_BUDGET || st == CHECK_NOMEM)
            return outcome_of_check(st);
        g->rep->changes++;
        if (st == CHECK_CUT) {
            if (!strengthen(g, r, big) || ++strengthened > g->NN)
                return MDG_ABANDONED;
            continue;
        }
        if (!change(g, r))
            return MDG_ABANDONED;
    }
    return MDG_ABANDONED;
}

mathdoku_gen_status mathdoku_gen_puzzle(mathdoku_gen *g, uint64_t seed,
                                        mathdoku *puzzle, int *solution,
                                        mathdoku_gen_report *rep)
{
    memset(rep, 0, sizeof *rep);
    memset(puzzle, 0, sizeof *puzzle);
    rep->grade = -1;
    g->rep = rep;
    g->start = grid_seconds();
    grid_rng r = { seed };
    int attempts = g->opt.attempts > 0 ? g->opt.attempts : 10000;
    mathdoku_gen_status status = MATHDOKU_GEN_NONE;
    for (int a = 0; a < attempts; a++) {
        uint64_t nodes;
        double seconds;
        if (mdg_budget_left(g, &nodes, &seconds) != 0) {
            status = MATHDOKU_GEN_BUDGET;
            break;
        }
        /* a new square every 16 partitions */
        if (a % 16 == 0 && fill_square(g, &r) != 0) {
            status = MATHDOKU_GEN_NOMEM;
            break;
        }
        rep->attempts++;
        int graded = g->opt.difficulty >= 0 &&
                     g->opt.difficulty < MATHDOKU_GRADE_UNREASONABLE;
        mdg_outcome got = graded
            ? mdg_make_graded(g, &r, (mathdoku_grade)g->opt.difficulty)
            : make_unique(g, &r);
        if (got == MDG_KEPT && graded) {
            /* the logic proved it unique; the engine proves it again */
            int big;
            got = outcome_of_check(check(g, &big));
        }
        if (got == MDG_NOMEM) {
            status = MATHDOKU_GEN_NOMEM;
            break;
        }
        if (got == MDG_BUDGET) {
            status = MATHDOKU_GEN_BUDGET;
            break;
        }
        if (got == MDG_ABANDONED)
            continue;
        if (mdg_to_puzzle(g, puzzle) != 0) {
            status = MATHDOKU_GEN_NOMEM;
            break;
        }
        if (g->opt.difficulty >= 0) {
            int grade = graded ? g->opt.difficulty
                               : mathdoku_rate(puzzle, &g->rules, g->G, NULL);
            rep->grade = grade;
            if (grade != g->opt.difficulty) {
                mathdoku_free(puzzle);
                continue;
            }
        }
        memcpy(solution, g->G, (size_t)g->NN * sizeof *solution);
        for (int k = 0; k < puzzle->n_cages; k++)
            rep->givens += puzzle->cages[k].n == 1;
        status = MATHDOKU_GEN_MADE;
        break;
    }
    rep->seconds = grid_seconds() - g->start;
    return status;
}
