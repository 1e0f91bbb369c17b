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
#include <time.h>

#include "dlx.h"
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

static void mul_64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
    uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    *lo = (p00 & 0xffffffffu) | (mid << 32);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
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

typedef struct mnode {
    int top, up, down, color;
} mnode;

typedef struct memo {
    int n, np, no;
    mnode *nd;
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
    int stop, overflow, in_parts;
    dlx_outcome outcome;
    dlx_count found;        /* solutions seen outside parts (for limits) */
    uint64_t split_tries, split_found;

    memo_table table;
    dlx_memo_stats st;
} memo;

static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
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
    mnode *nd = M->nd;
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
    mnode *nd = M->nd;
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
    mnode *nd = M->nd;
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
    mnode *nd = M->nd;
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
    mnode *nd = M->nd;
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
    mnode *nd = M->nd;
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
    mnode *nd = M->nd;
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
    mnode *nd = M->nd;
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

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

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
        if (s->max_seconds > 0 &&
            now_seconds() - M->start >= s->max_seconds)
            stop_with(M, DLX_STOP_TIME);
        else if (s->on_poll && s->on_poll(s->poll_ctx, M->nodes))
            stop_with(M, DLX_STOP_CALLBACK);
    }
    return M->stop;
}

/* Solutions counted where they are found (a leaf, a memo hit) while no
 * product of parts is under way: the count at the root so far, for
 * max_solutions. */
static void note_found(memo *M, dlx_count c)
{
    const dlx_search *s = M->s;
    if (M->in_parts || !s->max_solutions)
        return;
    add_count(&M->found, c);
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
    const mnode *nd = M->nd;
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
    const mnode *nd = M->nd;
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
    const mnode *nd = M->nd;
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
    dlx_count total = { 0, 1 };
    M->in_parts++;
    for (int k = 0; k < parts && !M->stop; k++) {
        int base = M->nsusp;
        for (int i = 0; i < M->n; i++)
            if (lab[i] >= -1 && lab[i] != k)
                set_aside(M, i);
        dlx_count c = count_state(M);
        restore_aside(M, base);
        if (dlx_count_mul(total, c, &total)) {
            M->overflow = 1;
            stop_with(M, DLX_STOP_CALLBACK);
        }
        if (!total.hi && !total.lo)
            break;
    }
    M->in_parts--;
    return total;
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

/* ---- the search ---------------------------------------------------------- */

/* Branches on item i: the sum over its options. */
static dlx_count branch(memo *M, int i)
{
    dlx_count total = { 0, 0 };
    mnode *nd = M->nd;
    cover(M, i);
    int nlow = M->nlow;
    for (int p = nd[i + 1].down; p != i + 1 && !M->stop; p = nd[p].down) {
        commit_rest(M, p);
        dlx_count c = count_state(M);
        uncommit_rest(M, p);
        M->nlow = nlow;
        if (add_count(&total, c)) {
            M->overflow = 1;
            stop_with(M, DLX_STOP_CALLBACK);
        }
    }
    uncover(M, i);
    return total;
}

/* The number of solutions of the current sub-problem (a lower bound when
 * M->stop is set on return; such counts are never stored). */
static dlx_count count_state(memo *M)
{
    dlx_count total = { 0, 0 };
    int base = M->nchosen, item, nlow = M->nlow;
    for (;;) {
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
}

/* Lays out the nodes of every option (see the diagram above). */
static int build_nodes(memo *M, const dlx_matrix *m, int *items, int *colors)
{
    mnode *nd = M->nd;
    int n = M->n;
    for (int h = 0; h <= n; h++)
        nd[h] = (mnode){ 0, h, h, 0 };
    int sp = n + 1;
    nd[sp] = (mnode){ 0, 0, 0, 0 };
    for (int k = 0; k < M->no; k++) {
        int size = dlx_option_items(m, k, items, colors, n);
        if (size < 0 || size > n)
            return DLX_EOPTION;
        int first = sp + 1;
        M->opt_first[k] = first;
        for (int j = 0; j < size; j++) {
            int h = items[j] + 1, q = first + j;
            nd[q] = (mnode){ h, nd[h].up, h, colors[j] };
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
        nd[sp] = (mnode){ -(k + 1), first, 0, 0 };
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
    return memo_table_init(&M->table, M->kw, memo_bytes);
}

/* Can option k still be chosen (each item open, or colored alike)? */
static int option_live(const memo *M, int k)
{
    const mnode *nd = M->nd;
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

int dlx_count_memo(dlx_matrix *m, const dlx_search *s, size_t memo_bytes,
                   dlx_result *r, dlx_memo_stats *st)
{
    dlx_search defaults = dlx_search_defaults();
    memo M;
    if (!s)
        s = &defaults;
    memset(r, 0, sizeof *r);
    r->max_level = -1;
    r->engine = DLX_ENGINE_MEMO;
    if (st)
        memset(st, 0, sizeof *st);
    if (dlx_num_pushed(m) > 0)
        return DLX_EPUSHED;
    if (has_bounds(m))
        return DLX_ENOTSUP;
    double start = now_seconds();
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
        dlx_count c = count_state(&M);
        undo_forced(&M);
        if (M.overflow) {
            status = DLX_EOVERFLOW;
        } else {
            if (M.outcome == DLX_STOP_SOLUTIONS &&
                !c.hi && c.lo > s->max_solutions)
                c.lo = s->max_solutions;
            if (M.outcome == DLX_STOP_SOLUTIONS && c.hi)
                c = (dlx_count){ 0, s->max_solutions };
            r->solutions = c;
            r->outcome = M.outcome;
        }
        r->nodes = M.nodes;
        r->updates = M.updates;
        r->max_level = M.max_level;
        if (st) {
            *st = M.st;
            st->stored = M.table.used;
            st->bytes = M.table.peak_bytes;
            st->dropped = M.table.dropped;
        }
    }
    r->seconds = now_seconds() - start;
    memo_free(&M);
    return status;
}

/* The memo pays where the plain search is long (Knuth's estimate of its
 * nodes: 20 million and more, a second or more) and a short memo count meets
 * its sub-problems again (a hit for every four new ones).  The inputs of
 * bench/dlx.sh estimate at 7.8 million nodes at most; 6x6 grids at 2.6 x
 * 10^8, dominoes at 10^30.  Each trial has a time bound too (50 ms, 500
 * ms), so that a huge matrix (queens 1000) is not held up deciding: a
 * trial cut by time says no; a trial whose count passes 2^128 says yes. */
int dlx_memo_pays(dlx_matrix *m)
{
    if (dlx_num_pushed(m) > 0)
        return 0;
    dlx_search s = dlx_search_defaults();
    dlx_estimate e;
    s.seed = 1;
    s.max_nodes = 200000;
    s.max_seconds = 0.05;
    if (dlx_estimate_size(m, &s, 32, &e) != DLX_OK || e.paths < 16 ||
        e.nodes < 2e7)
        return 0;
    s = dlx_search_defaults();
    s.max_nodes = 30000;
    s.max_seconds = 0.5;
    dlx_result r;
    dlx_memo_stats st;
    int status = dlx_count_memo(m, &s, (size_t)64 << 20, &r, &st);
    /* a count past 2^128 is the memo's answer (its refusal): the plain
     * search would have to visit every solution, which never ends */
    if (status == DLX_EOVERFLOW)
        return 1;
    if (status != DLX_OK)
        return 0;
    return r.outcome == DLX_COMPLETE ||
           (r.outcome == DLX_STOP_NODES && 4 * st.hits >= st.subproblems);
}
