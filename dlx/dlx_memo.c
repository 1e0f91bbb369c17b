/*
 * dlx_memo.c - counting by memo: Algorithm X that remembers the count of
 * every sub-problem it has solved (Knuth's dlx6, after Nishino, Yasuda,
 * Minato and Nagata, "Dancing with decision diagrams", AAAI 2017).
 *
 * A sub-problem is what is left to cover: the open items (primary items
 * not yet covered, secondary items not yet used) and the color set on each
 * secondary item that took one.  Its count does not depend on how the
 * search got there, so it is stored under that key and a second visit
 * adds the stored count instead of searching again.  The cost then grows
 * with the number of distinct sub-problems, not with the solutions.
 *
 * The search is its own dance (dlx2's links and colors, built here from
 * the matrix through the public API, never on the matrix's own links), so
 * that the key and its hash follow every cover and uncover:
 *
 *   key    [ open bit per item (bw words) | color per colored item ]
 *   hash   XOR of a random word per open item and per color set
 *
 * Order of branching: a dead item (no option) ends the branch, a forced
 * item (one option) is taken without a memo entry, otherwise the search
 * branches on the first open primary item in item order, unless the item
 * with the fewest options has less than half as many (then on that one,
 * leftmost on ties).  Items taken in a fixed order make the open set a
 * frontier (a BDD's variable order): after a domino is laid on the first
 * free cell, what is left is the rest of the board and a ragged edge, and
 * boards that differ only above the edge meet.  Knuth's choice of the item
 * with the fewest options reaches the same sub-problems by different paths
 * less often (6x6 grids: twice the sub-problems); the exception keeps a
 * frontier from branching on a pentomino listed before the board's cells
 * (pent-6x10: 1.6 s instead of minutes).  Measurements in
 * bench/RESULTS.md.
 *
 * Independent parts: when the open items fall into groups that no live
 * option joins, each group is counted alone (with its own memo entries)
 * and the counts multiplied.  Looking costs a walk over the live options,
 * so it is tried at every new sub-problem only while it keeps finding
 * splits, and at one in 64 otherwise.  Not tried with colors.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "dlx_budget.h"
#include "dlx_inline.h"
#include "dlx_random.h"
#include "dlx_memo_table.h"

/* ---- 128-bit counts ------------------------------------------------------ */

/* a += b; non-zero when the sum passes 2^128. */
static int add_count(dlx_count *a, dlx_count b)
{
    uint64_t lo = a->lo + b.lo;
    uint64_t carry = lo < a->lo;
    uint64_t hi = a->hi + b.hi;
    int over = hi < a->hi;
    uint64_t hi2 = hi + carry;
    over |= hi2 < hi;
    a->lo = lo;
    a->hi = hi2;
    return over;
}

int dlx_count_mul(dlx_count a, dlx_count b, dlx_count *out)
{
    uint64_t hi, lo, h1, l1, h2, l2;
    if (a.hi && b.hi)
        return 1;
    mul_64(a.lo, b.lo, &hi, &lo);
    mul_64(a.hi, b.lo, &h1, &l1);
    mul_64(a.lo, b.hi, &h2, &l2);
    if (h1 || h2)
        return 1;
    uint64_t s = hi + l1;
    int over = s < hi;
    uint64_t s2 = s + l2;
    over |= s2 < s;
    out->hi = s2;
    out->lo = lo;
    return over;
}

/* ---- the dance -----------------------------------------------------------

   nd[0]            unused
   nd[1 .. n]       item headers: item i is nd[i + 1]; top = list length
   nd[n + 1]        the first spacer, then each option's nodes and a spacer
                    (top <= 0; up = the first node of the option before,
                    down = the last node of the option after: Knuth's
                    layout, so that a walk along an option wraps round)
   node             top = header of its item, up/down its item's list,
                    color 0 (none), > 0, or -1 while its item is purified
   llink/rlink      the open primary items, a ring through index n, kept
                    in item order (covers and uncovers are LIFO) */

typedef struct memo_node {
    int top, up, down, color;
} memo_node;

typedef struct memo {
    int n, np, no;
    memo_node *nd;
    int *llink, *rlink;
    int *opt_first;         /* option k's first node */
    int *slot;              /* item -> color slot, or -1 */
    int colors;             /* any color in the matrix */
    int bw, kw;             /* bitset words, key words */
    uint64_t *key;          /* the current sub-problem */
    uint64_t hash;
    uint64_t *z;            /* item -> random word */
    int open_primary;       /* primary items open */

    int *chosen, nchosen;   /* forced moves taken, to undo */
    int *low, nlow, caplow; /* primary items whose list fell to 0 or 1,
                               pushed as it happened (some since covered
                               or grown again: checked when read) */
    int low_failed;         /* out of memory for low: scan the items */
    int *susp, nsusp;       /* items set aside while counting one part */
    int *mark, *queue, *partof;
    int gen;

    const dlx_search *s;
    uint64_t nodes, updates, next_poll;
    int level, max_level;
    double start;
    int stop, nomem, in_parts;
    dlx_bignum *big;        /* counts past 2^127 (see "counts of any size") */
    size_t nbig, capbig, big_bytes, big_budget;
    dlx_outcome outcome;
    dlx_count found;        /* solutions seen outside parts (for limits) */
    uint64_t split_tries, split_found;

    memo_table table;
    dlx_memo_stats st;
} memo;

/* splitmix64's step as a hash of x (dlx_random.h) */
static uint64_t mix64(uint64_t x)
{
    return dlx_random_next(&x);
}

static uint64_t color_word(const memo *M, int i, int c)
{
    return mix64(M->z[i] ^ ((uint64_t)(unsigned)c << 20));
}

static void set_color_slot(memo *M, int i, unsigned c)
{
    int k = M->slot[i];
    uint64_t *w = &M->key[M->bw + k / 2];
    int sh = 32 * (k & 1);
    *w = (*w & ~((uint64_t)0xffffffffu << sh)) | ((uint64_t)c << sh);
}

static int is_open(const memo *M, int i)
{
    return (int)(M->key[i >> 6] >> (i & 63)) & 1;
}

static void flip_open(memo *M, int i)
{
    M->key[i >> 6] ^= (uint64_t)1 << (i & 63);
    M->hash ^= M->z[i];
}

static void note_low(memo *M, int i)
{
    if (M->nlow == M->caplow) {
        int cap = M->caplow ? 2 * M->caplow : 1024;
        int *low = M->low_failed ? NULL
                                 : realloc(M->low, (size_t)cap * sizeof *low);
        if (!low) {
            M->low_failed = 1;
            return;
        }
        M->low = low;
        M->caplow = cap;
    }
    M->low[M->nlow++] = i;
}

static void hide(memo *M, int p)
{
    memo_node *nd = M->nd;
    for (int q = p + 1; q != p;) {
        int x = nd[q].top;
        if (x <= 0) {
            q = nd[q].up;
            continue;
        }
        if (nd[q].color >= 0) {
            int u = nd[q].up, d = nd[q].down;
            nd[u].down = d;
            nd[d].up = u;
            if (--nd[x].top <= 1 && x <= M->np)
                note_low(M, x - 1);
            M->updates++;
        }
        q++;
    }
}

static void unhide(memo *M, int p)
{
    memo_node *nd = M->nd;
    for (int q = p - 1; q != p;) {
        int x = nd[q].top;
        if (x <= 0) {
            q = nd[q].down;
            continue;
        }
        if (nd[q].color >= 0) {
            int u = nd[q].up, d = nd[q].down;
            nd[u].down = q;
            nd[d].up = q;
            nd[x].top++;
        }
        q--;
    }
}

static void cover(memo *M, int i)
{
    memo_node *nd = M->nd;
    int h = i + 1;
    for (int p = nd[h].down; p != h; p = nd[p].down)
        hide(M, p);
    if (i < M->np) {
        M->rlink[M->llink[i]] = M->rlink[i];
        M->llink[M->rlink[i]] = M->llink[i];
        M->open_primary--;
    }
    flip_open(M, i);
}

static void uncover(memo *M, int i)
{
    memo_node *nd = M->nd;
    int h = i + 1;
    flip_open(M, i);
    if (i < M->np) {
        M->rlink[M->llink[i]] = i;
        M->llink[M->rlink[i]] = i;
        M->open_primary++;
    }
    for (int p = nd[h].up; p != h; p = nd[p].up)
        unhide(M, p);
}

/* dlx2's purify: the options that give item top(p) another color go, the
 * ones with the same color stay (marked -1 so that they commit nothing). */
static void purify(memo *M, int p)
{
    memo_node *nd = M->nd;
    int h = nd[p].top, c = nd[p].color;
    for (int q = nd[h].down; q != h; q = nd[q].down) {
        if (nd[q].color != c)
            hide(M, q);
        else if (q != p)
            nd[q].color = -1;
    }
    flip_open(M, h - 1);
    set_color_slot(M, h - 1, (unsigned)c);
    M->hash ^= color_word(M, h - 1, c);
}

static void unpurify(memo *M, int p)
{
    memo_node *nd = M->nd;
    int h = nd[p].top, c = nd[p].color;
    M->hash ^= color_word(M, h - 1, c);
    set_color_slot(M, h - 1, 0);
    flip_open(M, h - 1);
    for (int q = nd[h].up; q != h; q = nd[q].up) {
        if (nd[q].color < 0)
            nd[q].color = c;
        else if (q != p)
            unhide(M, q);
    }
}

/* The items of p's option other than p's own (already covered). */
static void commit_rest(memo *M, int p)
{
    memo_node *nd = M->nd;
    for (int q = p + 1; q != p;) {
        int x = nd[q].top;
        if (x <= 0) {
            q = nd[q].up;
            continue;
        }
        if (nd[q].color == 0)
            cover(M, x - 1);
        else if (nd[q].color > 0)
            purify(M, q);
        q++;
    }
    M->level++;
    if (M->level > M->max_level)
        M->max_level = M->level;
}

static void uncommit_rest(memo *M, int p)
{
    memo_node *nd = M->nd;
    M->level--;
    for (int q = p - 1; q != p;) {
        int x = nd[q].top;
        if (x <= 0) {
            q = nd[q].down;
            continue;
        }
        if (nd[q].color == 0)
            uncover(M, x - 1);
        else if (nd[q].color > 0)
            unpurify(M, q);
        q--;
    }
}

/* ---- limits -------------------------------------------------------------- */

static void stop_with(memo *M, dlx_outcome o)
{
    if (!M->stop) {
        M->stop = 1;
        M->outcome = o;
    }
}

/* One node; non-zero when a budget says stop. */
static int tick(memo *M)
{
    const dlx_search *s = M->s;
    if (M->stop)
        return 1;
    if (s->max_nodes && M->nodes >= s->max_nodes) {
        stop_with(M, DLX_STOP_NODES);
        return 1;
    }
    if (++M->nodes >= M->next_poll) {
        M->next_poll += DLX_POLL_NODES;
        dlx_outcome o = budget_poll(s, M->nodes, M->start);
        if (o != DLX_COMPLETE)
            stop_with(M, o);
    }
    return M->stop;
}

/* ---- counts of any size ---------------------------------------------------

   A count in the memo is a dlx_count below 2^127 held in place or, with
   the top bit of hi set, the index (lo) of a dlx_bignum in M->big: the
   table keeps two words a count either way, and the arithmetic stays
   128-bit until a count passes 2^127 (the domino tilings of 20x20 have
   about 2^160).  A big number, once made, lives until the count ends (an
   entry of the table that is replaced does not free it); their memory is
   charged to the memo's budget, and running out of it ends the count with
   DLX_ENOMEM, never a wrong count.  A sum or product under way is an
   accumulator that turns big when it must. */

#define BIG_FLAG ((uint64_t)1 << 63)

static int is_big(dlx_count c)
{
    return (c.hi & BIG_FLAG) != 0;
}

static void out_of_memory(memo *M)
{
    M->nomem = 1;
    stop_with(M, DLX_STOP_CALLBACK);
}

typedef struct accum {
    dlx_count small;  /* the value while !on_big */
    dlx_bignum big;   /* the value once on_big */
    int on_big;
} accum;

static void accum_start(accum *a, uint64_t v)
{
    a->small = (dlx_count){ 0, v };
    a->big = (dlx_bignum)DLX_BIGNUM_INIT;
    a->on_big = 0;
}

/* *out = the value of c (a count of the memo) */
static int value_of(const memo *M, dlx_count c, dlx_bignum *out)
{
    return is_big(c) ? dlx_bignum_copy(out, &M->big[c.lo])
                     : dlx_bignum_set_count(out, c);
}

static int promote(accum *a)
{
    if (a->on_big)
        return DLX_OK;
    if (dlx_bignum_set_count(&a->big, a->small) != DLX_OK)
        return DLX_ENOMEM;
    a->on_big = 1;
    return DLX_OK;
}

/* a += c, or a *= c */
static void accum_op(memo *M, accum *a, dlx_count c, int mul)
{
    if (!a->on_big && !is_big(c)) {
        dlx_count t = a->small;
        int over = mul ? dlx_count_mul(t, c, &t) : add_count(&t, c);
        if (!over && !is_big(t)) {
            a->small = t;
            return;
        }
    }
    dlx_bignum v = DLX_BIGNUM_INIT;
    if (promote(a) != DLX_OK || value_of(M, c, &v) != DLX_OK ||
        (mul ? dlx_bignum_mul(&a->big, &v) : dlx_bignum_add(&a->big, &v)) !=
            DLX_OK)
        out_of_memory(M);
    dlx_bignum_free(&v);
}

static int accum_is_zero(const accum *a)
{
    return a->on_big ? a->big.n == 0 : !a->small.hi && !a->small.lo;
}

/* The accumulator's value as a count of the memo (its number moved into
 * M->big when it does not fit in place). */
static dlx_count accum_done(memo *M, accum *a)
{
    if (!a->on_big)
        return a->small;
    dlx_count c;
    if (dlx_bignum_to_count(&a->big, &c) == DLX_OK && !is_big(c)) {
        dlx_bignum_free(&a->big);
        return c;
    }
    size_t bytes = a->big.n * sizeof(uint64_t) + sizeof(dlx_bignum);
    if (M->nbig == M->capbig) {
        size_t cap = M->capbig ? 2 * M->capbig : 64;
        dlx_bignum *p = cap <= SIZE_MAX / sizeof *p
                            ? realloc(M->big, cap * sizeof *p)
                            : NULL;
        if (!p) {
            dlx_bignum_free(&a->big);
            out_of_memory(M);
            return (dlx_count){ 0, 0 };
        }
        M->big = p;
        M->capbig = cap;
    }
    if (M->big_bytes + bytes > M->big_budget) {
        dlx_bignum_free(&a->big);
        out_of_memory(M);
        return (dlx_count){ 0, 0 };
    }
    M->big_bytes += bytes;
    M->big[M->nbig] = a->big;
    return (dlx_count){ BIG_FLAG, M->nbig++ };
}

/* Solutions counted where they are found (a leaf, a memo hit) while no
 * product of parts is under way: the count at the root so far, for
 * max_solutions. */
static void note_found(memo *M, dlx_count c)
{
    const dlx_search *s = M->s;
    if (M->in_parts || !s->max_solutions)
        return;
    if (is_big(c) || add_count(&M->found, c)) {
        stop_with(M, DLX_STOP_SOLUTIONS);
        return;
    }
    if (M->found.hi || M->found.lo >= s->max_solutions)
        stop_with(M, DLX_STOP_SOLUTIONS);
}

/* ---- the choice of item -------------------------------------------------- */

/* The item to branch on: -1 when an open primary item has no option left,
 * else a forced item (one option) if there is one, else the first open
 * primary item.  Assumes at least one is open.  The open items of length
 * 0 or 1 are among low[] (unless it ran out of memory). */
static int choose_item(const memo *M)
{
    const memo_node *nd = M->nd;
    int root = M->n;
    if (!M->low_failed) {
        for (int k = M->nlow - 1; k >= 0; k--) {
            int i = M->low[k];
            if (nd[i + 1].top <= 1 && is_open(M, i))
                return nd[i + 1].top ? i : -1;
        }
        return M->rlink[root];
    }
    for (int i = M->rlink[root]; i != root; i = M->rlink[i]) {
        int len = nd[i + 1].top;
        if (len <= 1)
            return len ? i : -1;
    }
    return M->rlink[root];
}

/* At a new sub-problem with no dead or forced item: the first open
 * primary item, unless another has far fewer options (a piece listed
 * before the cells of a board): then the leftmost of the fewest. */
static int frontier_or_fewest(const memo *M)
{
    const memo_node *nd = M->nd;
    int root = M->n, first = M->rlink[root], best = first;
    int f = nd[first + 1].top, least = f;
    for (int i = M->rlink[first]; i != root; i = M->rlink[i])
        if (nd[i + 1].top < least) {
            least = nd[i + 1].top;
            best = i;
        }
    return f <= 2 * least ? first : best;
}

/* ---- independent parts --------------------------------------------------- */

static dlx_count count_state(memo *M);

/* Marks (with M->gen) the items reached from item a through live options
 * and labels them part k; returns the primary items reached. */
static int reach(memo *M, int a, int k)
{
    const memo_node *nd = M->nd;
    int head = 0, tail = 0, primary = 0;
    M->mark[a] = M->gen;
    M->partof[a] = k;
    M->queue[tail++] = a;
    while (head < tail) {
        int x = M->queue[head++];
        primary += x < M->np;
        for (int p = nd[x + 1].down; p != x + 1; p = nd[p].down)
            for (int q = p + 1; q != p;) {
                int y = nd[q].top;
                if (y <= 0) {
                    q = nd[q].up;
                    continue;
                }
                if (M->mark[y - 1] != M->gen) {
                    M->mark[y - 1] = M->gen;
                    M->partof[y - 1] = k;
                    M->queue[tail++] = y - 1;
                }
                q++;
            }
    }
    return primary;
}

static void set_aside(memo *M, int i)
{
    if (i < M->np) {
        M->rlink[M->llink[i]] = M->rlink[i];
        M->llink[M->rlink[i]] = M->llink[i];
        M->open_primary--;
    }
    flip_open(M, i);
    M->susp[M->nsusp++] = i;
}

static void restore_aside(memo *M, int base)
{
    while (M->nsusp > base) {
        int i = M->susp[--M->nsusp];
        flip_open(M, i);
        if (i < M->np) {
            M->rlink[M->llink[i]] = i;
            M->llink[M->rlink[i]] = i;
            M->open_primary++;
        }
    }
}

/* Counts the parts labelled 0..parts-1 in lab (-1: an open item in no
 * part) one at a time, the others set aside, and multiplies. */
static dlx_count count_parts(memo *M, const int *lab, int parts)
{
    accum total;
    accum_start(&total, 1);
    M->in_parts++;
    for (int k = 0; k < parts && !M->stop; k++) {
        int base = M->nsusp;
        for (int i = 0; i < M->n; i++)
            if (lab[i] >= -1 && lab[i] != k)
                set_aside(M, i);
        dlx_count c = count_state(M);
        restore_aside(M, base);
        accum_op(M, &total, c, 1);
        if (accum_is_zero(&total))
            break;
    }
    M->in_parts--;
    return accum_done(M, &total);
}

/* Looks for independent parts; returns 1 and their product in *out when
 * there are two or more, 0 otherwise (or when out of memory: the search
 * then goes on as one part). */
static int try_parts(memo *M, dlx_count *out)
{
    if (M->colors || M->open_primary < 2)
        return 0;
    if (M->split_found * 16 < M->split_tries &&
        (M->st.subproblems & 63) != 0)
        return 0;
    M->split_tries++;
    M->gen++;
    int root = M->n, first = M->rlink[root];
    if (reach(M, first, 0) == M->open_primary)
        return 0;
    int parts = 1;
    for (int i = M->rlink[first]; i != root; i = M->rlink[i])
        if (M->mark[i] != M->gen)
            reach(M, i, parts++);
    int *lab = malloc((size_t)M->n * sizeof *lab);
    if (!lab)
        return 0;
    for (int i = 0; i < M->n; i++)
        lab[i] = !is_open(M, i) ? -2 : M->mark[i] == M->gen ? M->partof[i]
                                                             : -1;
    M->split_found++;
    M->st.parts++;
    *out = count_parts(M, lab, parts);
    free(lab);
    return 1;
}

#ifdef EXCOVER_SANITY
#include <stdio.h>

/*
 * Knuth's sanity() for the memo counter's nodes, at every sub-problem:
 * the ring of open primary items is doubly linked, in item order, holds
 * exactly the open ones (open_primary of them); the list of every open
 * item is doubly linked, holds only that item's nodes and is as long as
 * its header says.  A failure is a bug of the engine, not bad input:
 * this build stops at once (CMake option EXCOVER_SANITY).
 */
static void memo_sanity(const memo *M)
{
    const memo_node *nd = M->nd;
    int root = M->n, open = 0, last = -1;
    for (int i = M->rlink[root]; i != root; i = M->rlink[i]) {
        if (i <= last || i >= M->np || !is_open(M, i) ||
            M->llink[M->rlink[i]] != i)
            goto broken;
        last = i;
        open++;
    }
    if (open != M->open_primary)
        goto broken;
    for (int i = 0; i < M->n; i++) {
        if (!is_open(M, i))
            continue;
        int h = i + 1, len = 0;
        if (nd[nd[h].down].up != h)
            goto broken;
        for (int q = nd[h].down; q != h; q = nd[q].down)
            if (q <= M->n + 1 || nd[q].top != h || nd[nd[q].down].up != q ||
                ++len > nd[h].top)
                goto broken;
        if (len != nd[h].top)
            goto broken;
    }
    return;
broken:
    fprintf(stderr, "dlx: memo sanity check failed at level %d\n",
            M->level);
    abort();
}
#define MEMO_SANITY(M) memo_sanity(M)
#else
#define MEMO_SANITY(M) ((void)0)
#endif

/* ---- the search ---------------------------------------------------------- */

/* Branches on item i: the sum over its options. */
static dlx_count branch(memo *M, int i)
{
    accum total;
    accum_start(&total, 0);
    memo_node *nd = M->nd;
    cover(M, i);
    int nlow = M->nlow;
    for (int p = nd[i + 1].down; p != i + 1 && !M->stop; p = nd[p].down) {
        commit_rest(M, p);
        dlx_count c = count_state(M);
        uncommit_rest(M, p);
        M->nlow = nlow;
        accum_op(M, &total, c, 0);
    }
    uncover(M, i);
    return accum_done(M, &total);
}

/* The number of solutions of the current sub-problem (a lower bound when
 * M->stop is set on return; such counts are never stored). */
static dlx_count count_state(memo *M)
{
    dlx_count total = { 0, 0 };
    int base = M->nchosen, item, nlow = M->nlow;
    for (;;) {
        MEMO_SANITY(M);
        if (tick(M))
            goto undo;
        if (M->open_primary == 0) {
            total.lo = 1;
            note_found(M, total);
            goto undo;
        }
        item = choose_item(M);
        if (item < 0)
            goto undo;
        if (M->nd[item + 1].top > 1)
            break;
        int p = M->nd[item + 1].down;
        cover(M, item);
        commit_rest(M, p);
        M->chosen[M->nchosen++] = p;
    }
    const uint64_t *e = memo_table_find(&M->table, M->hash, M->key);
    if (e) {
        M->st.hits++;
        total.lo = e[1];
        total.hi = e[2];
        note_found(M, total);
        goto undo;
    }
    M->st.subproblems++;
    item = frontier_or_fewest(M);
    if (!try_parts(M, &total))
        total = branch(M, item);
    if (!M->stop)
        memo_table_store(&M->table, M->hash, M->key, total.lo, total.hi);
undo:
    while (M->nchosen > base) {
        int p = M->chosen[--M->nchosen];
        uncommit_rest(M, p);
        uncover(M, M->nd[p].top - 1);
    }
    M->nlow = nlow;
    return total;
}

/* ---- building ------------------------------------------------------------ */

static void memo_free(memo *M)
{
    free(M->nd);
    free(M->llink);
    free(M->rlink);
    free(M->opt_first);
    free(M->slot);
    free(M->key);
    free(M->z);
    free(M->chosen);
    free(M->low);
    free(M->susp);
    free(M->mark);
    free(M->queue);
    free(M->partof);
    memo_table_free(&M->table);
    for (size_t k = 0; k < M->nbig; k++)
        dlx_bignum_free(&M->big[k]);
    free(M->big);
}

/* Lays out the nodes of every option (see the diagram above). */
static int build_nodes(memo *M, const dlx_matrix *m, int *items, int *colors)
{
    memo_node *nd = M->nd;
    int n = M->n;
    for (int h = 0; h <= n; h++)
        nd[h] = (memo_node){ 0, h, h, 0 };
    int sp = n + 1;
    nd[sp] = (memo_node){ 0, 0, 0, 0 };
    for (int k = 0; k < M->no; k++) {
        int size = dlx_option_items(m, k, items, colors, n);
        if (size < 0 || size > n)
            return DLX_EOPTION;
        int first = sp + 1;
        M->opt_first[k] = first;
        for (int j = 0; j < size; j++) {
            int h = items[j] + 1, q = first + j;
            nd[q] = (memo_node){ h, nd[h].up, h, colors[j] };
            nd[nd[h].up].down = q;
            nd[h].up = q;
            nd[h].top++;
            if (colors[j] > 0 && M->slot[items[j]] < 0) {
                M->slot[items[j]] = 0;
                M->colors = 1;
            }
        }
        nd[sp].down = first + size - 1;
        sp = first + size;
        nd[sp] = (memo_node){ -(k + 1), first, 0, 0 };
    }
    return DLX_OK;
}

static int memo_init(memo *M, const dlx_matrix *m, size_t memo_bytes)
{
    memset(M, 0, sizeof *M);
    int n = M->n = dlx_num_items(m);
    M->np = dlx_num_primary(m);
    M->no = dlx_num_options(m);
    long nodes = dlx_num_nodes(m);
    size_t total = (size_t)n + 2 + (size_t)nodes + (size_t)M->no;
    M->nd = malloc(total * sizeof *M->nd);
    M->llink = malloc(((size_t)n + 1) * sizeof(int));
    M->rlink = malloc(((size_t)n + 1) * sizeof(int));
    M->opt_first = malloc(((size_t)M->no + 1) * sizeof(int));
    M->slot = malloc(((size_t)n + 1) * sizeof(int));
    M->z = malloc(((size_t)n + 1) * sizeof *M->z);
    M->chosen = malloc(((size_t)n + 1) * sizeof(int));
    M->susp = malloc(((size_t)n + 1) * sizeof(int));
    M->mark = calloc((size_t)n + 1, sizeof(int));
    M->queue = malloc(((size_t)n + 1) * sizeof(int));
    M->partof = malloc(((size_t)n + 1) * sizeof(int));
    int *items = malloc(((size_t)n + 1) * 2 * sizeof(int));
    if (!M->nd || !M->llink || !M->rlink || !M->opt_first || !M->slot ||
        !M->z || !M->chosen || !M->susp || !M->mark || !M->queue ||
        !M->partof || !items) {
        free(items);
        return DLX_ENOMEM;
    }
    for (int i = 0; i < n; i++) {
        M->slot[i] = -1;
        M->z[i] = mix64((uint64_t)i * 0x2545f4914f6cdd1du + 0x5851f42du);
    }
    int st = build_nodes(M, m, items, items + n + 1);
    free(items);
    if (st != DLX_OK)
        return st;
    int slots = 0;
    for (int i = 0; i < n; i++)
        if (M->slot[i] >= 0)
            M->slot[i] = slots++;
    M->bw = (n + 63) / 64;
    M->kw = M->bw + (slots + 1) / 2;
    M->key = calloc((size_t)M->kw + 1, sizeof *M->key);
    if (!M->key)
        return DLX_ENOMEM;
    M->hash = 0;
    for (int i = 0; i < n; i++)
        flip_open(M, i);
    /* the ring of primary items, in item order */
    int prev = n;
    for (int i = 0; i < M->np; i++) {
        M->rlink[prev] = i;
        M->llink[i] = prev;
        prev = i;
    }
    M->rlink[prev] = n;
    M->llink[n] = prev;
    M->open_primary = M->np;
    for (int i = 0; i < M->np; i++)
        if (M->nd[i + 1].top <= 1)
            note_low(M, i);
    M->big_budget = memo_bytes;
    return memo_table_init(&M->table, M->kw, memo_bytes);
}

/* Can option k still be chosen (each item open, or colored alike)? */
static int option_live(const memo *M, int k)
{
    const memo_node *nd = M->nd;
    for (int q = M->opt_first[k]; nd[q].top > 0; q++) {
        int i = nd[q].top - 1, c = nd[q].color;
        if (is_open(M, i))
            continue;
        if (c <= 0 || M->slot[i] < 0)
            return 0;
        uint64_t w = M->key[M->bw + M->slot[i] / 2];
        if ((unsigned)(w >> (32 * (M->slot[i] & 1))) != (unsigned)c)
            return 0;
    }
    return 1;
}

/* Commits the forced options: DLX_OK, DLX_EOPTION or DLX_ECONFLICT. */
static int commit_forced(memo *M, const int *forced, int n_forced)
{
    for (int f = 0; f < n_forced; f++) {
        int k = forced[f];
        if (k < 0 || k >= M->no)
            return DLX_EOPTION;
        if (!option_live(M, k))
            return DLX_ECONFLICT;
        int p = M->opt_first[k];
        while (M->nd[p].top - 1 >= M->np)
            p++;
        cover(M, M->nd[p].top - 1);
        commit_rest(M, p);
        M->chosen[M->nchosen++] = p;
    }
    M->level = 0;
    M->max_level = 0;
    return DLX_OK;
}

static void undo_forced(memo *M)
{
    while (M->nchosen > 0) {
        int p = M->chosen[--M->nchosen];
        uncommit_rest(M, p);
        uncover(M, M->nd[p].top - 1);
    }
}

/* Whether some primary item has bounds other than 1:1 (dlx_set_bounds):
 * the memo counts exact covers only. */
static int has_bounds(const dlx_matrix *m)
{
    for (int i = 0, n = dlx_num_primary(m); i < n; i++) {
        int lo, hi;
        if (dlx_item_bounds(m, i, &lo, &hi) == DLX_OK && (lo != 1 || hi != 1))
            return 1;
    }
    return 0;
}

/* ---- drawing solutions at random ------------------------------------------

   The count of every sub-problem is what a uniform draw needs: descending
   from the root, a forced item takes its option, and a branch on item i
   takes option p with probability count(what p leaves) / count(here), the
   counts read from the table (counted again where the table lost them).
   The product of the probabilities along the path is 1 / count(root), for
   every solution: each draw is exactly uniform, and independent of the
   others.  The item branched on is the counter's own (frontier_or_fewest),
   so its counts are in the table.  The random words come from splitmix64
   on the search's seed, so a seed gives the same draws on every machine. */

typedef struct draws {
    uint64_t n;             /* solutions to draw */
    uint64_t rng;           /* splitmix64 state */
    dlx_solution_fn fn;
    void *ctx;
    int *sol;               /* forced options, then the path's */
    uint64_t done;
} draws;

static uint64_t draws_next(void *ctx)
{
    return dlx_random_next(ctx);
}

/* The option that node p belongs to. */
static int option_of(const memo *M, int p)
{
    while (M->nd[p].top > 0)
        p++;
    return -M->nd[p].top - 1;
}

/* Takes option p (its item i covered first) on the path, to be undone
 * like the counter's forced steps. */
static void take(memo *M, int i, int p, draws *D, int *len)
{
    cover(M, i);
    commit_rest(M, p);
    M->chosen[M->nchosen++] = p;
    D->sol[(*len)++] = option_of(M, p);
}

/* Picks the option of item i below which the draw r (0 <= r < the count
 * here) falls; r and v are scratch.  0 when none does (out of memory, or
 * stopped by a budget). */
static int pick(memo *M, int i, dlx_bignum *r, dlx_bignum *v)
{
    memo_node *nd = M->nd;
    int nlow = M->nlow, chosen = 0;
    cover(M, i);
    for (int p = nd[i + 1].down; p != i + 1 && !M->stop; p = nd[p].down) {
        commit_rest(M, p);
        dlx_count c = count_state(M);
        uncommit_rest(M, p);
        M->nlow = nlow;
        if (M->stop || value_of(M, c, v) != DLX_OK)
            break;
        if (dlx_bignum_cmp(r, v) < 0) {
            chosen = p;
            break;
        }
        dlx_bignum_sub(r, v);
    }
    uncover(M, i);
    if (!chosen && !M->stop)
        out_of_memory(M);
    return chosen;
}

/* One draw from the current state, whose count is in *here (not zero);
 * calls D->fn with the solution.  Leaves the state as it found it. */
static void draw_one(memo *M, draws *D, const dlx_bignum *here)
{
    int base = M->nchosen, nlow = M->nlow, len = M->s->n_forced;
    dlx_bignum r = DLX_BIGNUM_INIT, v = DLX_BIGNUM_INIT;
    if (dlx_bignum_random_below(&r, here, draws_next, &D->rng) != DLX_OK)
        out_of_memory(M);
    while (!M->stop && M->open_primary > 0) {
        int item = choose_item(M), p;
        if (item < 0) { /* cannot be: the count here is not zero */
            out_of_memory(M);
            break;
        }
        if (M->nd[item + 1].top == 1) {
            p = M->nd[item + 1].down;
        } else {
            item = frontier_or_fewest(M);
            if (!(p = pick(M, item, &r, &v)))
                break;
        }
        take(M, item, p, D, &len);
    }
    if (!M->stop) {
        D->done++;
        if (D->fn && D->fn(D->ctx, D->sol, len))
            stop_with(M, DLX_STOP_CALLBACK);
    }
    while (M->nchosen > base) {
        int p = M->chosen[--M->nchosen];
        uncommit_rest(M, p);
        uncover(M, M->nd[p].top - 1);
    }
    M->nlow = nlow;
    dlx_bignum_free(&r);
    dlx_bignum_free(&v);
}

static void draw_all(memo *M, draws *D, dlx_count root)
{
    dlx_bignum here = DLX_BIGNUM_INIT;
    if (value_of(M, root, &here) != DLX_OK) {
        out_of_memory(M);
        return;
    }
    while (here.n && D->done < D->n && !M->stop)
        draw_one(M, D, &here);
    dlx_bignum_free(&here);
}

/* Fills r->solutions (and *big) from the root's count c: DLX_OK,
 * DLX_EOVERFLOW when the count passes 2^128 and big is NULL, or
 * DLX_ENOMEM.  With max_solutions, a count that reached it is reported as
 * exactly max_solutions. */
static int report_count(memo *M, dlx_count c, dlx_result *r,
                        dlx_bignum *big)
{
    const dlx_search *s = M->s;
    if (M->nomem)
        return DLX_ENOMEM;
    r->outcome = M->outcome;
    if (M->outcome == DLX_STOP_SOLUTIONS &&
        (is_big(c) || c.hi || c.lo > s->max_solutions))
        c = (dlx_count){ 0, s->max_solutions };
    dlx_bignum tmp = DLX_BIGNUM_INIT, *v = big ? big : &tmp;
    if (value_of(M, c, v) != DLX_OK) {
        dlx_bignum_free(&tmp);
        return DLX_ENOMEM;
    }
    int status = dlx_bignum_to_count(v, &r->solutions);
    dlx_bignum_free(&tmp);
    if (status == DLX_OK)
        return DLX_OK;
    if (!big) {
        r->solutions = (dlx_count){ 0, 0 }; /* never a wrapped number */
        return DLX_EOVERFLOW;
    }
    r->solutions = (dlx_count){ UINT64_MAX, UINT64_MAX };
    return DLX_OK;
}

/* dlx_count_memo and dlx_count_memo_big: big, when not NULL, receives the
 * exact count of any size. */
static int count_memo(dlx_matrix *m, const dlx_search *s, size_t memo_bytes,
                      dlx_result *r, dlx_memo_stats *st, dlx_bignum *big,
                      draws *D)
{
    dlx_search defaults = dlx_search_defaults();
    memo M;
    if (!s)
        s = &defaults;
    memset(r, 0, sizeof *r);
    r->max_level = -1;
    r->ran = DLX_RAN_MEMO;
    r->reason = DLX_WHY_ASKED;
    if (st)
        memset(st, 0, sizeof *st);
    if (dlx_num_pushed(m) > 0)
        return DLX_EPUSHED;
    if (has_bounds(m))
        return DLX_ENOTSUP;
    double start = dlxi_now_seconds();
    int status = memo_init(&M, m, memo_bytes ? memo_bytes
                                             : (size_t)DLX_MEMO_DEFAULT_MB
                                                   << 20);
    if (status == DLX_OK)
        status = commit_forced(&M, s->forced, s->n_forced);
    if (status == DLX_OK) {
        M.s = s;
        M.start = start;
        M.next_poll = DLX_POLL_NODES;
        M.outcome = DLX_COMPLETE;
        dlxi_memo_live_set(m, &M);
        dlx_count c = count_state(&M);
        if (D && !M.stop)
            draw_all(&M, D, c);
        dlxi_memo_live_set(m, NULL);
        undo_forced(&M);
        status = report_count(&M, c, r, big);
        r->nodes = M.nodes;
        r->updates = M.updates;
        r->max_level = M.max_level;
        if (st) {
            *st = M.st;
            st->stored = M.table.used;
            st->bytes = M.table.peak_bytes + M.big_bytes;
            st->dropped = M.table.dropped;
        }
    }
    r->seconds = dlxi_now_seconds() - start;
    memo_free(&M);
    return status;
}

int dlx_count_memo(dlx_matrix *m, const dlx_search *s, size_t memo_bytes,
                   dlx_result *r, dlx_memo_stats *st)
{
    return count_memo(m, s, memo_bytes, r, st, NULL, NULL);
}

int dlx_count_memo_big(dlx_matrix *m, const dlx_search *s,
                       size_t memo_bytes, dlx_bignum *count, dlx_result *r,
                       dlx_memo_stats *st)
{
    int status = count_memo(m, s, memo_bytes, r, st, count, NULL);
    if (status != DLX_OK)
        dlx_bignum_free(count);
    return status;
}

int dlx_sample(dlx_matrix *m, const dlx_search *s, size_t memo_bytes,
               uint64_t n, dlx_bignum *count, dlx_result *r,
               dlx_memo_stats *st)
{
    dlx_search defaults = dlx_search_defaults();
    if (!s)
        s = &defaults;
    if (s->n_forced < 0 || (s->n_forced > 0 && !s->forced))
        return DLX_EOPTION;
    draws D = { n, s->seed, s->on_solution, s->solution_ctx, NULL, 0 };
    size_t len = (size_t)dlx_num_items(m) + (size_t)s->n_forced + 1;
    if (!(D.sol = malloc(len * sizeof *D.sol)))
        return DLX_ENOMEM;
    for (int k = 0; k < s->n_forced; k++)
        D.sol[k] = s->forced[k];
    dlx_bignum tmp = DLX_BIGNUM_INIT;
    /* no max_solutions: the count must be whole to draw from it */
    dlx_search whole = *s;
    whole.max_solutions = 0;
    int status = count_memo(m, &whole, memo_bytes, r, st,
                            count ? count : &tmp, &D);
    dlx_bignum_free(&tmp);
    if (status != DLX_OK && count)
        dlx_bignum_free(count);
    if (status == DLX_OK && r->outcome == DLX_COMPLETE && D.done < n &&
        (r->solutions.hi || r->solutions.lo))
        r->outcome = DLX_STOP_CALLBACK;
    r->splits = D.done; /* the solutions drawn */
    free(D.sol);
    return status;
}

int dlx_memo_poll_stats(const dlx_matrix *m, dlx_memo_stats *st)
{
    const memo *M = m ? dlxi_memo_live(m) : NULL;
    if (!M || !st)
        return 0;
    *st = M->st;
    st->stored = M->table.used;
    st->bytes = M->table.peak_bytes;
    st->dropped = M->table.dropped;
    return 1;
}

/* The memo pays where the plain search is long (Knuth's estimate of its
 * nodes: 20 million and more, a second or more) and a short memo count meets
 * its sub-problems again (a hit for every four new ones).  The inputs of
 * bench/dlx.sh estimate at 7.8 million nodes at most; 6x6 grids at 2.6 x
 * 10^8, dominoes at 10^30.  Each trial has a time bound too (50 ms, 500
 * ms), so that a huge matrix (queens 1000) is not held up deciding: a
 * trial cut by time says no.  dlxi_choose (dlx_engine.c) asks this for
 * DLX_ENGINE_AUTO on a count. */

/* The estimate: 32 random paths (the estimate's error falls as one over
 * the root of the paths; 32 tell 10^7 from 10^8), each path a few
 * hundred nodes, 200000 nodes or 50 ms for all of them; fewer than 16
 * paths done in that budget is a matrix too large to decide on cheaply,
 * and a search under 2 x 10^7 nodes is done by the plain search in
 * about a second: not worth a memo's table. */
#define MEMO_TRIAL_PATHS 32
#define MEMO_TRIAL_MIN_PATHS 16
#define MEMO_TRIAL_PATH_NODES 200000
#define MEMO_TRIAL_PATH_SECONDS 0.05
#define MEMO_PAYS_FROM_NODES 2e7
/* The short memo count: 30000 sub-problems (a few ms where they are
 * cheap), at most half a second where each is costly, in a 64 MiB table
 * (the trial never fills it); it pays when at least one sub-problem in
 * MEMO_PAYS_HIT_RATIO was met before (a hit for every four new ones). */
#define MEMO_TRIAL_NODES 30000
#define MEMO_TRIAL_SECONDS 0.5
#define MEMO_TRIAL_BYTES ((size_t)64 << 20)
#define MEMO_PAYS_HIT_RATIO 4

int dlx_memo_pays(dlx_matrix *m)
{
    if (dlx_num_pushed(m) > 0)
        return 0;
    dlx_search s = dlx_search_defaults();
    dlx_estimate e;
    s.seed = 1;
    s.max_nodes = MEMO_TRIAL_PATH_NODES;
    s.max_seconds = MEMO_TRIAL_PATH_SECONDS;
    if (dlx_estimate_size(m, &s, MEMO_TRIAL_PATHS, &e) != DLX_OK ||
        e.paths < MEMO_TRIAL_MIN_PATHS || e.nodes < MEMO_PAYS_FROM_NODES)
        return 0;
    s = dlx_search_defaults();
    s.max_nodes = MEMO_TRIAL_NODES;
    s.max_seconds = MEMO_TRIAL_SECONDS;
    dlx_result r;
    dlx_memo_stats st;
    dlx_bignum count = DLX_BIGNUM_INIT; /* a count past 2^128 pays too */
    int status = dlx_count_memo_big(m, &s, MEMO_TRIAL_BYTES, &count, &r, &st);
    dlx_bignum_free(&count);
    if (status != DLX_OK)
        return 0;
    return r.outcome == DLX_COMPLETE ||
           (r.outcome == DLX_STOP_NODES &&
            MEMO_PAYS_HIT_RATIO * st.hits >= st.subproblems);
}
