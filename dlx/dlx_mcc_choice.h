/*
 * dlx_mcc_choice.h - Algorithm M's arrays and its choice of item, private
 * to dlx_mcc.c (the only file that includes it).
 *
 *   the arrays     nodes, items, the active items' bits (see dlx_mcc.c)
 *   the choice     dlx3's (choose_packed, choose), dlx5's with costs and
 *                  its lower bound (lower_bound, bound_rest, bound_option,
 *                  choose_cost)
 *   the shortcuts  subtrees whose steps are known from the node where
 *                  they start (all_done, null_chain, last_item): counted,
 *                  not searched, with dlx3's nodes and updates
 *
 * Everything here is static inline: it runs at every node of mcc_loop.
 */
#ifndef DLX_MCC_CHOICE_H
#define DLX_MCC_CHOICE_H

#include "dlx_inline.h"
#include "dlx_mcc.h"

#include <float.h>
#include <limits.h>
#include <stdint.h>

/* ---- the engine's arrays ----------------------------------------------- */

typedef struct mnode {
    int up, down, itm;
    int others;         /* the other nodes of its option (0: header,
                           spacer); 16 bytes: four nodes a cache line */
} mnode;

typedef struct mitem {
    int bound, slack, len, pad; /* 16 bytes */
} mitem;

struct dlxi_mcc {
    mnode *nd;
    mitem *cl;
    int *color;         /* node -> 0, a color > 0, or -1 (purified) */
    int *prv;           /* node -> the node before it in its option,
                           cyclically (for the walks leftward) */
    int64_t *ncn;       /* node -> its option's net cost (dlx_best) */
    int has_colors;
    int bare;           /* some option has no primary item */
    int every;          /* a primary item of every option, or 0 */
    int *nopt;          /* node -> option of the engine (-1: header, spacer) */
    int *omap;          /* option of the engine -> option of the matrix */
    int64_t *ncost;     /* option of the engine -> net cost (dlx_best) */
    double *lbw;        /* item -> 1 / most primary items of its options */
    char *indep;        /* item -> in a set of items no option covers
                           twice (dlx_best's lower bound) */
    int n_items, second, last_itm, n_nodes, n_opts;
    uint64_t *act;      /* bit k: primary item k is in the root list, so
                           that the choice reads the items in order
                           without walking the list (same order) */
    int n_words;
    int packed;         /* choose_packed can run */
    int *choice, *best, *first_tweak;
    int64_t *partcost;
    int64_t *thr0, *thr1; /* per level, the cover thresholds (costs) */
    double *rest;       /* per level, 3 bounds: bound_rest, az (costs) */
    int n_levels;
    int *sol, *first, first_n;
    int *fixed, n_fixed;  /* forced options, listed in every solution */
    const int *steps;     /* a job's steps (dlxi_mcc_run_job), or NULL */
    int n_steps;
    uint64_t *level_nodes;
    int64_t base;       /* cost of the forced and pushed options, taxes */
};

/* ---- the choice of item ------------------------------------------------ */

#define NO_ITEM_LEFT INT_MAX /* the score when every item is done */

/* dlx3's choice: the fewest ways to branch (len + s - bound + 1, where s
 * is the slack, at most the bound), then the least s, then the longest
 * list, leftmost.  A score <= 0 is a dead end whatever comes after it.
 * Here without a branch per item, when every number fits a
 * key: (t + 1024, s, 2^21 - 1 - len, k) in 21, 10, 21 and 12 bits, so
 * that the least key is dlx3's choice (ties: leftmost).  mcc_build says
 * whether they fit (lists below 2^20, bounds below 1024, 4095 items). */
static inline int choose_packed(const dlxi_mcc *e, int *best_item)
{
    const mitem *cl = e->cl;
    uint64_t least = UINT64_MAX;
    for (int w = 0; w < e->n_words; w++)
        for (uint64_t bits = e->act[w]; bits; bits &= bits - 1) {
            int k = (w << 6) + lowest_bit(bits);
            int b = cl[k].bound, s = cl[k].slack < b ? cl[k].slack : b;
            int len = cl[k].len;
            uint64_t key = (uint64_t)(len + s - b + 1 + 1024) << 43 |
                           (uint64_t)s << 33 |
                           (uint64_t)((1 << 21) - 1 - len) << 12 |
                           (uint64_t)k;
            least = key < least ? key : least;
        }
    if (least == UINT64_MAX)
        return NO_ITEM_LEFT;
    *best_item = (int)(least & 4095);
    return (int)(least >> 43) - 1024;
}

/* The same choice, item by item (any sizes). */
static inline int choose(const dlxi_mcc *e, int *best_item)
{
    const mitem *cl = e->cl;
    int score = NO_ITEM_LEFT, best_s = 0, best_l = 0;
    for (int w = 0; w < e->n_words; w++)
        for (uint64_t bits = e->act[w]; bits; bits &= bits - 1) {
            int k = (w << 6) + lowest_bit(bits);
            int b = cl[k].bound, s = cl[k].slack < b ? cl[k].slack : b;
            int len = cl[k].len, t = len + s - b + 1;
            if (t <= score &&
                (t < score || s < best_s || (s == best_s && len > best_l))) {
                score = t;
                *best_item = k;
                best_s = s;
                best_l = len;
                if (t <= 0)
                    return t;
            }
        }
    return score;
}

/* A lower bound on the net cost of covering what is left: each item
 * that must still be covered need = bound - slack more times takes that
 * many options of its list, each costing at least its top one (lists are
 * sorted by net cost); summed over the items no option covers twice
 * (e->indep, full costs), or over all items at the cost per primary item
 * (lbw), whichever is more.  A pass of its own before the choice, so
 * that a node the bound cuts off walks no list (a fifth to a quarter of
 * the nodes on random assignments).  DBL_MAX when an item that must
 * take an option has none cheaper than `limit` (the choice's dead end,
 * score <= 0, found without its walks).  The two sums over independent
 * items go to az[0] and az[1] (for the cut-off of options, mcc_loop). */
static inline double lower_bound(const dlxi_mcc *e, int64_t limit,
                                 double *az)
{
    const mitem *cl = e->cl;
    const mnode *nd = e->nd;
    double shared = 0, indep[4] = {0, 0, 0, 0};
    for (int w = 0; w < e->n_words; w++) {
        for (uint64_t bits = e->act[w]; bits; bits &= bits - 1) {
            int k = (w << 6) + lowest_bit(bits);
            int need = cl[k].bound - cl[k].slack, top = nd[k].down;
            if (need > 0 && (top == k || e->ncn[top] >= limit))
                return DBL_MAX;
            if (need > 0) {
                double c = (double)need * (double)e->ncn[top];
                shared += c * e->lbw[k];
                indep[e->indep[k] & 3] += c;
            }
        }
    }
    double a = indep[1] + indep[3], z = indep[2] + indep[3];
    az[0] = a;
    az[1] = z;
    return shared > a ? (shared > z ? shared : z) : (a > z ? a : z);
}

/* Cut-offs by the bound's sums over independent items, and why they
 * are sound.  S_i (i = 0, 1) is a set of items no option has two of
 * (e->indep, sort_lists).  At a node, az[i] is the sum over the active
 * primary items k of S_i of need_k * min_k (need_k = bound - slack > 0,
 * min_k the net cost of the top of its sorted list).  Every solution
 * below takes need_k more options of k's list for each such k, distinct
 * for distinct k (an option has one item of S_i at most), each costing
 * >= min_k (lists only shrink below).  Costs are net after dlx5's taxes
 * everywhere (sums, cost so far, cutoff): the taxes, paid by every
 * solution alike, play no part.
 *
 * bound_rest(k), k of bound 1 and slack 0 in S_i: whatever option x
 * covers k has no other item of S_i, and k needs nothing more, so a
 * solution through x costs >= cost so far + ncn[x] + az[i] - min_k.  It
 * does not depend on x and lists are sorted: mcc_loop cuts the option
 * of the chosen item and the rest of its list; choose_cost counts only
 * the options of k it would not cut (ncn < limit - floor(bound), a few
 * more at most), so no option left is a dead end, sound as the cut.
 *
 * bound_option(x), x an option of the chosen item best: x also covers
 * items c of the other set, each needing one option fewer, whose part
 * falls by min_c at the node at most; anything >= that may be taken off:
 * the smaller of ncn[x] (x was in c's list) and c's top now.  c's top
 * alone is wrong: the cover of best hides best's options, x among them,
 * and may leave c's list empty (abbe0c7 took off 0 there: assignment 5
 * --seed 25 --best 5 lost its 134).  This bound depends on x (a dearer
 * option can cover items of dearer tops), so it skips x alone: abbe0c7
 * backed up the whole list on it (12 of 500 K-best runs wrong with only
 * that).  Where the cutoff was unset at the node, az is 0: bounds fall.
 * cut_off wants a solution strictly below the cutoff, the K-th best
 * once K are kept (a tie changes no cost among the K best); the bound,
 * a double, is trimmed so that rounding never cuts what could pass. */
static inline double bound_rest(const dlxi_mcc *e, int best, const double *az)
{
    int set = e->indep[best], top = e->nd[best].down;
    double least = top != best ? (double)e->ncn[top] : 0, rest = 0;
    if (set & 1)
        rest = az[0] - least;
    if ((set & 2) && az[1] - least > rest)
        rest = az[1] - least;
    return rest;
}

/* The bound of the items of the sums az (at the choice of `best`) that
 * remains once option `cur` of best's list is taken: see above. */
static inline double bound_option(const dlxi_mcc *e, int best, int cur,
                                  const double *az)
{
    const mnode *nd = e->nd;
    double a = az[0], z = az[1];
    int top = nd[best].down;
    double least = top != best ? (double)e->ncn[top] : 0;
    if (e->indep[best] & 1)
        a -= least;
    if (e->indep[best] & 2)
        z -= least;
    for (int pp = cur + 1; pp != cur; pp++) {
        int cc = nd[pp].itm;
        if (cc <= 0) {
            pp = nd[pp].up - 1;
            continue;
        }
        if (cc >= e->second || e->cl[cc].bound <= e->cl[cc].slack ||
            !(e->act[cc >> 6] >> (cc & 63) & 1))
            continue;
        /* min_c then <= ncn[cur] (cur was in c's list) */
        top = nd[cc].down;
        double c = (double)e->ncn[cur];
        if (top != cc && (double)e->ncn[top] < c)
            c = (double)e->ncn[top];
        if (e->indep[cc] & 1)
            a -= c;
        if (e->indep[cc] & 2)
            z -= c;
    }
    return a > z ? a : z;
}

/* The choice with costs (dlx5's idea): an item's options that cost
 * less than `limit` (lists are sorted by net cost; counted up to 10,
 * else its length) in place of its length in dlx3's score; ties go to
 * the item whose cheapest option costs most. */
static inline int choose_cost(const dlxi_mcc *e, int64_t limit,
                              const double *az, int *best_item)
{
    const mitem *cl = e->cl;
    const mnode *nd = e->nd;
    int score = NO_ITEM_LEFT;
    int64_t best_min = -1;
    for (int w = 0; w < e->n_words; w++) {
        for (uint64_t bits = e->act[w]; bits; bits &= bits - 1) {
            int k = (w << 6) + lowest_bit(bits);
            int b = cl[k].bound, s = cl[k].slack < b ? cl[k].slack : b;
            int top = nd[k].down, u = 0;
            int64_t least = top != k ? e->ncn[top] : 0, lim = limit;
            if (b == 1 && cl[k].slack == 0 && limit < INT64_MAX) {
                /* options bound_rest cuts off count for nothing */
                double r = bound_rest(e, k, az) * (1 - 1e-9);
                if (r >= 1)
                    lim = limit - (int64_t)r;
            }
            /* past `enough` options the item cannot win */
            long enough = score == NO_ITEM_LEFT ? INT_MAX
                                                : (long)score - s + b;
            for (int x = top; x != k && e->ncn[x] < lim;
                 x = nd[x].down)
                if (++u == 10 || u > enough) {
                    u = u > enough ? u : cl[k].len;
                    break;
                }
            int t = u + s - b + 1;
            if (t < score || (t == score && least > best_min)) {
                score = t;
                *best_item = k;
                best_min = least;
                if (t <= 0)
                    return t;
            }
        }
    }
    return score;
}

/* ---- the shortcuts ------------------------------------------------------ */

/* Whether no primary item is left to choose (a solution). */
static inline int all_done(const dlxi_mcc *e)
{
    uint64_t any = 0;
    for (int w = 0; w < e->n_words; w++)
        any |= e->act[w];
    return any == 0;
}

/* Whether every active item has an empty list and room to take nothing
 * more (slack >= bound): then the search below is dlx3's chain of null
 * moves, one item a level (each of score 1, in its order of choice), to a
 * solution.  Returns how many items there are (0: not so) and, in *u, the
 * updates of the chain: one for each item of bound 1, which its null move
 * covers (an empty list: nothing hidden). */
static inline int null_chain(const dlxi_mcc *e, uint64_t *u)
{
    const mitem *cl = e->cl;
    int m = 0;
    uint64_t k = 0;
    for (int w = 0; w < e->n_words; w++)
        for (uint64_t bits = e->act[w]; bits; bits &= bits - 1) {
            int c = (w << 6) + lowest_bit(bits);
            if (cl[c].len != 0 || cl[c].slack < cl[c].bound)
                return 0;
            m++;
            k += cl[c].bound == 1;
        }
    *u = k;
    return m;
}

/* The last item: best, of bound 1 and some slack, the only active item
 * (where an option has no primary item, or when best is not alone, -1).
 * Every option left has no other primary item (an active one would be
 * in the root list, an inactive one's options are hidden) and the
 * secondary items' lists hold only best's options.  So dlx3's steps
 * below are known: the cover of best (one update, and one for each live
 * node of its options but their best's), then each option a solution
 * (one update for its tweak, one for each plain secondary item covered,
 * with an empty list; a purify hides nothing), then the null move, a
 * solution.  Returns how many options best has, their updates in *u. */
static inline long last_item(const dlxi_mcc *e, int best, const int colors,
                             uint64_t *u)
{
    const mnode *nd = e->nd;
    if (e->bare)
        return -1;
    for (int w = 0; w < e->n_words; w++)
        if (e->act[w] != (w == best >> 6 ? (uint64_t)1 << (best & 63) : 0))
            return -1;
    uint64_t k = 1;
    long n = 0;
    for (int rr = nd[best].down; rr != best; rr = nd[rr].down) {
        n++;
        k++; /* the tweak */
        for (int nn = rr + 1; nn != rr; nn++) {
            if (nd[nn].itm <= 0) {
                nn = nd[nn].up - 1;
                continue;
            }
            if (colors && e->color[nn] != 0) {
                k += e->color[nn] > 0; /* hidden by the cover */
                continue;
            }
            k += 2; /* hidden by the cover, covered by the option */
        }
    }
    *u = k;
    return n;
}

/* The option of node cur, of the chosen item best, covers X = e->every
 * (in every option, bound 1) and there are no colors: then its commit
 * hides every option left (each is in X's list), each counted for its
 * other nodes, and one update for each item it covers (primary items of
 * bound 1, its secondary items); below, every active item has an empty
 * list, so that the node below is a solution (none active), a dead end
 * (one that must still be covered), or dlx3's chain of null moves to a
 * solution.  Returns how many nodes that is (the one below and its chain,
 * 0: not so), their updates and the commit's in *u, the solutions in
 * *sol.  The bounds of the option's items move and come back. */
static inline int every_cover(dlxi_mcc *e, int cur, int best, uint64_t *u,
                              int *sol)
{
    mnode *nd = e->nd;
    mitem *cl = e->cl;
    const int X = e->every, second = e->second;
    if (!X || X == best || cl[X].bound != 1)
        return 0;
    uint64_t k = 0;
    for (int x = nd[X].down; x != X; x = nd[x].down)
        k += (uint64_t)nd[x].others;
    for (int pp = cur + 1; pp != cur; pp++) {
        int cc = nd[pp].itm;
        if (cc <= 0) {
            pp = nd[pp].up - 1;
            continue;
        }
        k += cc >= second || cl[cc].bound == 1;
        if (cc < second)
            cl[cc].bound--;
    }
    int m = 0, dead = 0;
    uint64_t chain = 0;
    for (int w = 0; w < e->n_words; w++)
        for (uint64_t bits = e->act[w]; bits; bits &= bits - 1) {
            int c = (w << 6) + lowest_bit(bits), b = cl[c].bound;
            if (b == 0)
                continue; /* covered by the option */
            dead |= cl[c].slack < b;
            m++;
            chain += b == 1;
        }
    for (int pp = cur + 1; pp != cur; pp++) {
        int cc = nd[pp].itm;
        if (cc <= 0) {
            pp = nd[pp].up - 1;
            continue;
        }
        if (cc < second)
            cl[cc].bound++;
    }
    *sol = !dead;
    *u = dead ? k : k + chain;
    return dead ? 1 : m + 1;
}

#endif
