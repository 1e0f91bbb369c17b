/*
 * dlx_bits.c - the compact search (DLX_ENGINE_BITS): the dance's search,
 * node for node, on a bitset of the active options copied per level.
 */
#include "dlx_engine.h"
#include "dlx_steps.h"

#include <stdio.h>


/*
 * Small problems without colors are searched a second way, which makes
 * exactly the same search: the same item chosen at every node (fewest
 * options, leftmost), the same options in the same order, so the same
 * nodes, solutions (in the same order) and Knuth's update count.  What
 * changes is the state: instead of links that are unlinked and relinked,
 * each level has its own copy of
 *
 *   opts[]    the active options, a bitset of n_options bits
 *   len[]     for each primary item, how many active options it has
 *   items[]   the active primary items, a bitset
 *
 * Going down a level copies the state and takes away what a choice
 * removes; going back up is free.  An option removed costs a decrement
 * per primary item of it, where the dance costs two link writes per node
 * on the way down and two on the way back.
 *
 * Updates are Knuth's, summed per option instead of per link: covering an
 * item is 1, and hiding an option unlinks all its nodes but one (the one
 * in the list being covered), len - 1.  An option is hidden once, by the
 * first of its items covered; so covering the chosen item and then the
 * other items of option o costs 1 + sum(len(r) - 1) over the options r
 * it removes, plus |o| - 1 for the covers of o's other items.
 *
 *   level L:  state[L] --cover(best)--> mid[L] --option o--> state[L+1]
 */

typedef struct bits_search {
    int W;               /* words of an option bitset */
    int IW;              /* words of an item bitset */
    int P;               /* primary items, 1..P (internal numbering) */
    int n_options;
    uint64_t *mask;      /* (n_items + 1) x W: options of each item */
    int *prim;           /* primary items of each option, concatenated */
    int *prim_first;     /* n_options + 1 offsets into prim */
    int *weight;         /* len(o) - 1 */
    /* one state per level and one after covering its item */
    uint64_t *opts;      /* (2 * levels) x W */
    int *len;            /* (2 * levels) x (P + 1) */
    uint64_t *items;     /* (2 * levels) x IW */
    int *best, *cur;     /* per level */
    uint64_t *rm;        /* W: the options a step removes */
} bits_search;

static void bits_free(bits_search *b)
{
    free(b->mask);
    free(b->prim);
    free(b->prim_first);
    free(b->weight);
    free(b->opts);
    free(b->len);
    free(b->items);
    free(b->best);
    free(b->cur);
    free(b->rm);
}

/* The sizes the state is made for.  dlxi_choose (dlx_engine.c) decides
 * whether this engine runs; the bounds are checked again here, next to
 * the search, so that the compiler knows them when it copies a level's
 * state. */
static int bits_fits(const dlx_matrix *m)
{
    return m->n_options <= DLX_BITS_MAX_OPTIONS &&
           m->n_primary <= DLX_BITS_MAX_PRIMARY && m->n_primary > 0 &&
           m->n_options > 0;
}

static int bits_build(const dlx_matrix *m, bits_search *b)
{
    memset(b, 0, sizeof *b);
    int N = m->n_items, P = m->n_primary, O = m->n_options;
    int levels = P + 2;
    b->W = (O + 63) / 64;
    b->IW = (P + 1 + 63) / 64;
    b->P = P;
    b->n_options = O;
    b->mask = calloc((size_t)(N + 1) * (size_t)b->W, sizeof *b->mask);
    b->prim_first = malloc((size_t)(O + 1) * sizeof *b->prim_first);
    b->weight = malloc((size_t)O * sizeof *b->weight);
    b->prim = malloc(((size_t)num_nodes(m) + 1) * sizeof *b->prim);
    b->opts = malloc((size_t)2 * levels * (size_t)b->W * sizeof *b->opts);
    b->len = malloc((size_t)2 * levels * (size_t)(P + 1) * sizeof *b->len);
    b->items = malloc((size_t)2 * levels * (size_t)b->IW * sizeof *b->items);
    b->best = malloc((size_t)levels * sizeof *b->best);
    b->cur = malloc((size_t)levels * sizeof *b->cur);
    b->rm = malloc((size_t)b->W * sizeof *b->rm);
    if (!b->mask || !b->prim_first || !b->weight || !b->prim || !b->opts ||
        !b->len || !b->items || !b->best || !b->cur || !b->rm) {
        bits_free(b);
        return DLX_ENOMEM;
    }
    const int *itm = m->itm;
    int k = 0;
    for (int o = 0; o < O; o++) {
        b->prim_first[o] = k;
        int n = 0;
        for (int x = m->opt_start[o]; itm[x] > 0; x++, n++) {
            int i = itm[x];
            b->mask[(size_t)i * b->W + (o >> 6)] |= (uint64_t)1 << (o & 63);
            if (i <= P)
                b->prim[k++] = i;
        }
        b->weight[o] = n - 1;
    }
    b->prim_first[O] = k;
    /* level 0: everything active */
    uint64_t *opts = b->opts;
    memset(opts, 0, (size_t)b->W * sizeof *opts);
    for (int o = 0; o < O; o++)
        opts[o >> 6] |= (uint64_t)1 << (o & 63);
    int *len = b->len;
    for (int i = 0; i <= P; i++)
        len[i] = i ? m->itm[i] : 0;
    uint64_t *items = b->items;
    memset(items, 0, (size_t)b->IW * sizeof *items);
    for (int i = 1; i <= P; i++)
        items[i >> 6] |= (uint64_t)1 << (i & 63);
    return DLX_OK;
}

/* Removes the options of `rm` (all active) from the state (opts, len):
 * returns the sum of their weights (Knuth's updates for hiding them). */
static inline uint64_t bits_remove(const bits_search *b, uint64_t *opts,
                                   int *len, const uint64_t *rm)
{
    uint64_t u = 0;
    const int W = b->W;
    for (int w = 0; w < W; w++) {
        uint64_t bits = rm[w];
        opts[w] &= ~bits;
        while (bits) {
            int r = (w << 6) + lowest_bit(bits);
            bits &= bits - 1;
            u += (uint64_t)b->weight[r];
            for (int k = b->prim_first[r]; k < b->prim_first[r + 1]; k++)
                len[b->prim[k]]--;
        }
    }
    return u;
}

/* The next option after `o` (-1: the first) of item i among opts, or -1. */
static inline int bits_next(const bits_search *b, const uint64_t *opts,
                            int i, int o)
{
    const uint64_t *mk = b->mask + (size_t)i * b->W;
    int w = (o + 1) >> 6;
    if (w >= b->W)
        return -1;
    uint64_t bits = opts[w] & mk[w] & (~(uint64_t)0 << ((o + 1) & 63));
    while (!bits) {
        if (++w >= b->W)
            return -1;
        bits = opts[w] & mk[w];
    }
    return (w << 6) + lowest_bit(bits);
}

#ifdef EXCOVER_SANITY
/* sanity() for the compact state: every active item's length is the
 * number of its active options. */
static void bits_sanity(const bits_search *b, int k, int level)
{
    const uint64_t *opts = b->opts + (size_t)k * b->W;
    const int *len = b->len + (size_t)k * (b->P + 1);
    const uint64_t *items = b->items + (size_t)k * b->IW;
    for (int i = 1; i <= b->P; i++) {
        if (!(items[i >> 6] >> (i & 63) & 1))
            continue;
        int n = 0;
        for (int w = 0; w < b->W; w++) {
            uint64_t x = opts[w] & b->mask[(size_t)i * b->W + w];
            for (; x; x &= x - 1)
                n++;
        }
        if (n != len[i]) {
            fprintf(stderr, "dlx: compact sanity check failed at level %d: "
                    "item %d has %d options, length says %d\n", level,
                    i - 1, n, len[i]);
            abort();
        }
    }
}
#endif

static void search_bits(dlx_matrix *m, const dlx_search *s, double start,
                        bits_search *b, tally *out)
{
    const int W = b->W, IW = b->IW, P = b->P;
    const size_t LW = (size_t)P + 1;
    uint64_t nodes = 0, found = 0, found_hi = 0, updates = 0,
             poll_at = DLX_POLL_UPDATES;
    int level = 0, max_level = -1;
    dlx_outcome outcome = DLX_COMPLETE;
    uint64_t *rm = b->rm;
    /* state k: opts + k*W, len + k*LW, items + k*IW; level L's entry
     * state is 2L, its state after covering its item 2L+1 */
#define OPTS(k) (b->opts + (size_t)(k) * W)
#define LEN(k) (b->len + (size_t)(k) * LW)
#define ITEMS(k) (b->items + (size_t)(k) * IW)

forward:
#ifdef EXCOVER_SANITY
    bits_sanity(b, 2 * level, level);
#endif
    outcome = budget_spent(s, nodes, updates, &poll_at, start, m, level,
                           DLXI_WALK_NONE);
    if (outcome != DLX_COMPLETE)
        goto back_one;
    nodes++;
    m->level_nodes[level]++;
    if (level > max_level)
        max_level = level;
    {
        const uint64_t *items = ITEMS(2 * level);
        const int *len = LEN(2 * level);
        int best = 0, t = INT_MAX;
        for (int w = 0; w < IW; w++) {
            uint64_t bits = items[w];
            while (bits) {
                int k = (w << 6) + lowest_bit(bits);
                bits &= bits - 1;
                if (len[k] < t) {
                    best = k, t = len[k];
                    if (t == 0)
                        goto chosen;
                }
            }
        }
    chosen:
        if (best == 0) {
            /* every primary item is covered */
            outcome = visit_solution(m, s, level, &found, &found_hi,
                                     DLX_VISIT_TRACED);
            goto back_one;
        }
        /* cover(best): mid state = entry state less best's options */
        const uint64_t *mk = b->mask + (size_t)best * W;
        uint64_t *mo = OPTS(2 * level + 1);
        memcpy(mo, OPTS(2 * level), (size_t)W * sizeof *mo);
        memcpy(LEN(2 * level + 1), len, LW * sizeof *len);
        memcpy(ITEMS(2 * level + 1), items, (size_t)IW * sizeof *items);
        ITEMS(2 * level + 1)[best >> 6] &= ~((uint64_t)1 << (best & 63));
        for (int w = 0; w < W; w++)
            rm[w] = mo[w] & mk[w];
        updates += 1 + bits_remove(b, mo, LEN(2 * level + 1), rm);
        b->best[level] = best;
        b->cur[level] = bits_next(b, OPTS(2 * level), best, -1);
    }

advance:
    {
        int o = b->cur[level];
        if (o < 0)
            goto backup;
        m->choice[level] = m->opt_start[o];
        /* state of level + 1: the mid state less the options that clash
         * with o on its other items */
        const int k = 2 * level + 1, n = 2 * level + 2;
        uint64_t *no = OPTS(n);
        const uint64_t *mo = OPTS(k);
        memcpy(no, mo, (size_t)W * sizeof *no);
        memcpy(LEN(n), LEN(k), LW * sizeof *b->len);
        uint64_t *ni = ITEMS(n);
        memcpy(ni, ITEMS(k), (size_t)IW * sizeof *ni);
        memset(rm, 0, (size_t)W * sizeof *rm);
        int others = 0;
        const int *itm = m->itm;
        for (int x = m->opt_start[o]; itm[x] > 0; x++) {
            int i = itm[x];
            if (i == b->best[level])
                continue;
            others++;
            const uint64_t *mi = b->mask + (size_t)i * W;
            for (int w = 0; w < W; w++)
                rm[w] |= mi[w];
            if (i <= P)
                ni[i >> 6] &= ~((uint64_t)1 << (i & 63));
        }
        for (int w = 0; w < W; w++)
            rm[w] &= mo[w];
        updates += (uint64_t)others + bits_remove(b, no, LEN(n), rm);
        level++;
        goto forward;
    }

back_one:
    /* leave a level that was entered but not branched on */
    if (level == 0)
        goto done;
    level--;
    goto recover;

backup:
    if (level == 0)
        goto done;
    level--;

recover:
    b->cur[level] = outcome != DLX_COMPLETE
                        ? -1
                        : bits_next(b, OPTS(2 * level), b->best[level],
                                    b->cur[level]);
    goto advance;

done:
#undef OPTS
#undef LEN
#undef ITEMS
    out->nodes = nodes;
    out->updates = updates;
    out->found = found;
    out->found_hi = found_hi;
    out->max_level = max_level;
    out->outcome = outcome;
}

int dlxi_bits_solve(dlx_matrix *m, const dlx_search *s, double start,
                    tally *out)
{
    /* the three in one function, as they were in dlx_solve: the bounds
     * bits_fits checks let the compiler copy a level's state inline */
    bits_search bs;
    if (!bits_fits(m))
        return DLX_ETOOBIG;
    if (bits_build(m, &bs) != DLX_OK)
        return DLX_ENOMEM;
    search_bits(m, s, start, &bs, out);
    bits_free(&bs);
    return DLX_OK;
}
