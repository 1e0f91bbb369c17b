/*
 * dlx.c - Algorithm X with dancing links (Knuth, TAOCP 7.2.2.1; dlx1/dlx2).
 *
 * The search is iterative, with an explicit stack of choices, so that it
 * can stop anywhere (limits, callbacks) and unwind every change it made.
 */
#define _POSIX_C_SOURCE 199309L

#include "dlx.h"
#include "dlx_mcc.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * Layout, as in Knuth's dlx1, with int indices instead of pointers (half
 * the cache footprint of pointers, and a clone is a memcpy).  Unlike dlx1,
 * a node's fields live in parallel arrays, ln[] (up, down), itm[], nxt[],
 * prv[] and color[]: the dance touches links most, so 8-byte links pack
 * twice as many nodes per cache line as Knuth's 16-byte node (1.3x on
 * pentominoes), and color[] is not touched at all when no option has one.
 *
 *   items[]   doubly linked lists of item indices
 *     0            root of the active primary items
 *     1..P         primary items      (API item i is internal item i+1)
 *     P+1..N       secondary items
 *     N+1          root of the active secondary items
 *
 *   nodes (index x into ln[], itm[], nxt[], prv[], color[])
 *     0            unused
 *     1..N         header of item i: up/down head its list of nodes and
 *                  `itm` holds the list's length
 *     N+1          first spacer
 *     ...          the nodes of option 0, then a spacer, the nodes of
 *                  option 1, a spacer, and so on
 *
 *     header:   up, down = last and first node of the item's list;
 *               itm = length of the list
 *     node:     up, down = neighbours in the item's list; itm = item (> 0);
 *               color = 0 (none), > 0 (a color), -1 (purified: same color
 *               as the committed one, so kept in place but ignored);
 *               nxt = the next node of its option, the last one's is the
 *               first (hide() walks this ring: a loop of |option| - 1
 *               steps, which the branch predictor learns, instead of
 *               Knuth's walk to the spacer and back, whose two exits move
 *               with the node's place in its option); prv = the node
 *               before it, cyclically (uncommit_others walks back)
 *     spacer:   itm = -(o + 1) < 0 for the option o before it (the first
 *               spacer has itm 0);
 *               up = first node of the option before it,
 *               down = last node of the option after it
 *
 * Invariant between searches: every item is in its list and every node is
 * linked in its item's list, in the order options were added.
 */
typedef struct link {
    int up, down;
} link;

typedef struct item {
    int prev, next;
} item;

typedef struct small_search small_search;

struct dlx_matrix {
    int n_primary, n_items;
    item *items;        /* n_items + 2 */
    uint64_t *active;   /* bit i set: item i is in its item list (see
                           choose_item) */
    uint64_t *low;      /* bit i set: primary item i is active and has at
                           most one option left (searches that track
                           empty items, see hide()) */
    link *ln;
    int *itm;
    int *color;
    int *nxt;           /* node: the next node of its option, cyclically */
    int *prv;           /* node: the one before it, cyclically */
    int n_nodes;        /* nodes in use, spacers included */
    int cap_nodes;
    int *opt_start;     /* first node of each option */
    int n_options, cap_options;
    int last_spacer;
    int has_colors;     /* some option gives an item a color */
    int *stamp;         /* per item, to catch repeats in dlx_add_option */
    int stamp_now;

    /* Search state, kept between searches to avoid reallocating. */
    int busy;
    int *choice;        /* node chosen at each level */
    int *solution;      /* forced options, then one per level */
    int cap_solution;
    int *first;         /* the first solution of the last search */
    int first_n, cap_first;
    uint64_t *level_nodes;
    int *rstack;        /* randomized option order, one run per level */
    int cap_rstack;
    int *rbase, *rcount, *ridx;
    int *branched;      /* split mode: real choices above each level */
    int *pushed;        /* options committed by dlx_push, oldest first */
    int n_pushed, cap_pushed;
    small_search *small; /* the compact search on what is left (below) */
    int levels_used;    /* level_nodes[] is zero from here on */
    dlxi_ext ext;       /* bounds and costs (dlx_mcc.h) */
};

const char *dlx_strerror(int status)
{
    switch (status) {
    case DLX_OK: return "no error";
    case DLX_ENOMEM: return "out of memory";
    case DLX_EITEM: return "item index out of range";
    case DLX_EREPEAT: return "the same item twice in one option";
    case DLX_ENOPRIMARY: return "option has no primary item";
    case DLX_ECOLOR: return "color on a primary item, or a negative color";
    case DLX_ECONFLICT: return "forced options conflict";
    case DLX_ETOOBIG: return "too many items or nodes";
    case DLX_EOPTION: return "option index out of range";
    case DLX_EBUSY: return "matrix is being searched";
    case DLX_EBOUNDS: return "bad item bounds or option cost";
    case DLX_ENOTSUP: return "not supported with multiplicities or costs";
    default: return "unknown error";
    }
}

const char *dlx_outcome_str(dlx_outcome o)
{
    switch (o) {
    case DLX_COMPLETE: return "complete";
    case DLX_STOP_SOLUTIONS: return "solution limit reached";
    case DLX_STOP_CALLBACK: return "stopped by caller";
    case DLX_STOP_NODES: return "node limit reached";
    case DLX_STOP_TIME: return "time limit reached";
    }
    return "unknown";
}

/* ---- building ---------------------------------------------------------- */

static void *grow(void *p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return p;
    long c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    if (c > INT_MAX)
        c = INT_MAX;
    void *q = realloc(p, (size_t)c * size);
    if (q)
        *cap = (int)c;
    return q;
}

/* Words of the bitset of active items 0..n+1. */
static size_t active_words(int n)
{
    return ((size_t)n + 2 + 63) / 64;
}

dlx_matrix *dlx_new(int n_primary, int n_secondary)
{
    if (n_primary < 0 || n_secondary < 0 ||
        n_primary > INT_MAX / 4 - n_secondary)
        return NULL;
    dlx_matrix *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    int n = n_primary + n_secondary;
    m->n_primary = n_primary;
    m->n_items = n;
    m->items = malloc((size_t)(n + 2) * sizeof *m->items);
    m->active = calloc(active_words(n), sizeof *m->active);
    m->low = calloc(active_words(n), sizeof *m->low);
    m->stamp = calloc((size_t)n + 2, sizeof *m->stamp);
    m->cap_nodes = n + 2 < 64 ? 64 : n + 2;
    m->ln = malloc((size_t)m->cap_nodes * sizeof *m->ln);
    m->itm = malloc((size_t)m->cap_nodes * sizeof *m->itm);
    m->color = malloc((size_t)m->cap_nodes * sizeof *m->color);
    m->nxt = malloc((size_t)m->cap_nodes * sizeof *m->nxt);
    m->prv = malloc((size_t)m->cap_nodes * sizeof *m->prv);
    int levels = n_primary + 2;
    m->choice = malloc((size_t)levels * sizeof *m->choice);
    m->level_nodes = calloc((size_t)levels, sizeof *m->level_nodes);
    if (!m->items || !m->active || !m->low || !m->stamp || !m->ln ||
        !m->itm || !m->color || !m->nxt || !m->prv || !m->choice ||
        !m->level_nodes) {
        dlx_free(m);
        return NULL;
    }
    for (int i = 0; i <= n + 1; i++) {
        m->items[i].prev = i - 1;
        m->items[i].next = i + 1;
    }
    for (int i = 1; i <= n; i++)
        m->active[i >> 6] |= (uint64_t)1 << (i & 63);
    /* two circular lists: 0,1..P and P+1..N,N+1 */
    m->items[0].prev = n_primary;
    m->items[n_primary].next = 0;
    m->items[n_primary + 1].prev = n + 1;
    m->items[n + 1].next = n_primary + 1;
    m->items[n + 1].prev = n;
    if (n_secondary == 0)
        m->items[n + 1].next = m->items[n + 1].prev = n + 1;
    for (int i = 0; i <= n + 1; i++) {
        m->ln[i] = (link){ i, i };
        m->itm[i] = m->color[i] = 0;
        m->nxt[i] = m->prv[i] = i;
    }
    m->last_spacer = n + 1;
    m->ln[n + 1] = (link){ 0, 0 };
    m->n_nodes = n + 2;
    return m;
}

static void small_free(small_search *b);

void dlx_free(dlx_matrix *m)
{
    if (!m)
        return;
    free(m->items);
    free(m->active);
    free(m->low);
    free(m->ln);
    free(m->itm);
    free(m->color);
    free(m->nxt);
    free(m->prv);
    free(m->opt_start);
    free(m->stamp);
    free(m->choice);
    free(m->solution);
    free(m->first);
    free(m->level_nodes);
    free(m->rstack);
    free(m->rbase);
    free(m->rcount);
    free(m->ridx);
    free(m->branched);
    free(m->pushed);
    small_free(m->small);
    dlxi_ext_free(&m->ext);
    free(m);
}

static void *dup_array(const void *p, size_t n, size_t size, int *ok)
{
    if (!p || n == 0)
        return NULL;
    void *q = malloc(n * size);
    if (!q)
        *ok = 0;
    else
        memcpy(q, p, n * size);
    return q;
}

dlx_matrix *dlx_clone(const dlx_matrix *src)
{
    if (!src)
        return NULL;
    dlx_matrix *m = dlx_new(src->n_primary, src->n_items - src->n_primary);
    if (!m)
        return NULL;
    int ok = 1;
    free(m->ln);
    free(m->itm);
    free(m->color);
    free(m->nxt);
    free(m->prv);
    m->ln = dup_array(src->ln, (size_t)src->cap_nodes, sizeof *src->ln, &ok);
    m->itm = dup_array(src->itm, (size_t)src->cap_nodes, sizeof *src->itm,
                       &ok);
    m->color = dup_array(src->color, (size_t)src->cap_nodes,
                         sizeof *src->color, &ok);
    m->nxt = dup_array(src->nxt, (size_t)src->cap_nodes, sizeof *src->nxt,
                       &ok);
    m->prv = dup_array(src->prv, (size_t)src->cap_nodes, sizeof *src->prv,
                       &ok);
    m->cap_nodes = src->cap_nodes;
    m->n_nodes = src->n_nodes;
    m->last_spacer = src->last_spacer;
    memcpy(m->items, src->items, (size_t)(src->n_items + 2) * sizeof *m->items);
    memcpy(m->active, src->active,
           active_words(src->n_items) * sizeof *m->active);
    m->opt_start = dup_array(src->opt_start, (size_t)src->cap_options,
                             sizeof *src->opt_start, &ok);
    m->cap_options = src->opt_start ? src->cap_options : 0;
    m->n_options = src->n_options;
    m->has_colors = src->has_colors;
    if (dlxi_ext_copy(&m->ext, &src->ext, src->n_items) != DLX_OK)
        ok = 0;
    /* the links were copied as they are: pushed options stay pushed */
    if (src->n_pushed) {
        m->pushed = dup_array(src->pushed, (size_t)src->n_pushed,
                              sizeof *src->pushed, &ok);
        m->n_pushed = m->cap_pushed = src->n_pushed;
    }
    if (!ok) {
        dlx_free(m);
        return NULL;
    }
    return m;
}

/* Makes room for `need` nodes in all four node arrays. */
static int grow_nodes(dlx_matrix *m, int need)
{
    if (need <= m->cap_nodes)
        return DLX_OK;
    int cap = m->cap_nodes;
    void *p = grow(m->ln, &cap, need, sizeof *m->ln);
    if (!p)
        return DLX_ENOMEM;
    m->ln = p;
    cap = m->cap_nodes;
    p = grow(m->itm, &cap, need, sizeof *m->itm);
    if (!p)
        return DLX_ENOMEM;
    m->itm = p;
    cap = m->cap_nodes;
    p = grow(m->color, &cap, need, sizeof *m->color);
    if (!p)
        return DLX_ENOMEM;
    m->color = p;
    cap = m->cap_nodes;
    p = grow(m->nxt, &cap, need, sizeof *m->nxt);
    if (!p)
        return DLX_ENOMEM;
    m->nxt = p;
    cap = m->cap_nodes;
    p = grow(m->prv, &cap, need, sizeof *m->prv);
    if (!p)
        return DLX_ENOMEM;
    m->prv = p;
    m->cap_nodes = cap;
    return DLX_OK;
}

int dlx_reserve(dlx_matrix *m, int options, long nodes)
{
    if (!m || options < 0 || nodes < 0)
        return DLX_EOPTION;
    long need_nodes = (long)m->n_nodes + nodes + options;
    if ((long)m->n_options + options > INT_MAX || need_nodes > INT_MAX)
        return DLX_ETOOBIG;
    void *p = grow(m->opt_start, &m->cap_options, m->n_options + options,
                   sizeof *m->opt_start);
    if (!p)
        return DLX_ENOMEM;
    m->opt_start = p;
    return grow_nodes(m, (int)need_nodes);
}

int dlx_add_option(dlx_matrix *m, int n, const int *items, const int *colors)
{
    if (!m || n < 0 || (n > 0 && !items))
        return DLX_EITEM;
    if (m->busy || m->n_pushed)
        return DLX_EBUSY;
    if (n > INT_MAX - 2 - m->n_nodes || m->n_options == INT_MAX)
        return DLX_ETOOBIG;
    /* validate everything before touching the structure */
    if (++m->stamp_now == INT_MAX) {
        memset(m->stamp, 0, (size_t)(m->n_items + 2) * sizeof *m->stamp);
        m->stamp_now = 1;
    }
    int primary = 0;
    for (int k = 0; k < n; k++) {
        int i = items[k];
        if (i < 0 || i >= m->n_items)
            return DLX_EITEM;
        if (m->stamp[i] == m->stamp_now)
            return DLX_EREPEAT;
        m->stamp[i] = m->stamp_now;
        int c = colors ? colors[k] : 0;
        if (c < 0 || (c > 0 && i < m->n_primary))
            return DLX_ECOLOR;
        primary += i < m->n_primary;
    }
    if (primary == 0)
        return DLX_ENOPRIMARY;
    void *p = grow(m->opt_start, &m->cap_options, m->n_options + 1,
                   sizeof *m->opt_start);
    if (!p)
        return DLX_ENOMEM;
    m->opt_start = p;
    if (grow_nodes(m, m->n_nodes + n + 1) != DLX_OK)
        return DLX_ENOMEM;

    link *ln = m->ln;
    int *itm = m->itm, *color = m->color;
    int first = m->n_nodes;
    for (int k = 0; k < n; k++) {
        int x = first + k, c = items[k] + 1;
        int last = ln[c].up;
        ln[x] = (link){ last, c };
        itm[x] = c;
        m->nxt[x] = k + 1 < n ? x + 1 : first;
        m->prv[x] = k > 0 ? x - 1 : first + n - 1;
        color[x] = colors ? colors[k] : 0;
        m->has_colors |= color[x] > 0;
        ln[last].down = x;
        ln[c].up = x;
        itm[c]++;
    }
    int spacer = first + n;
    int o = m->n_options++;
    ln[m->last_spacer].down = spacer - 1;
    ln[spacer] = (link){ first, 0 };
    itm[spacer] = -(o + 1);
    color[spacer] = 0;
    m->nxt[spacer] = m->prv[spacer] = spacer;
    m->last_spacer = spacer;
    m->n_nodes = spacer + 1;
    m->opt_start[o] = first;
    return o;
}

int dlx_num_primary(const dlx_matrix *m) { return m->n_primary; }
int dlx_num_items(const dlx_matrix *m) { return m->n_items; }
int dlx_num_options(const dlx_matrix *m) { return m->n_options; }

long dlx_num_nodes(const dlx_matrix *m)
{
    /* all nodes less headers, spacers and node 0 */
    return (long)m->n_nodes - m->n_items - 2 - m->n_options;
}

int dlx_option_items(const dlx_matrix *m, int option, int *items, int *colors,
                     int cap)
{
    if (!m || option < 0 || option >= m->n_options)
        return DLX_EOPTION;
    const int *itm = m->itm, *color = m->color;
    int k = 0;
    for (int x = m->opt_start[option]; itm[x] > 0; x++, k++) {
        if (k < cap) {
            if (items)
                items[k] = itm[x] - 1;
            if (colors)
                colors[k] = color[x] < 0 ? 0 : color[x];
        }
    }
    return k;
}

uint64_t dlx_fingerprint(const dlx_matrix *m)
{
    /* FNV-1a over the counts, then each option's items and colors: the
     * nodes after the headers, in order, are exactly that */
    uint64_t h = 14695981039346656037u;
#define MIX(v) (h = (h ^ (uint64_t)(uint32_t)(v)) * 1099511628211u)
    MIX(m->n_primary);
    MIX(m->n_items);
    MIX(m->n_options);
    for (int x = m->n_items + 2; x < m->n_nodes; x++) {
        MIX(m->itm[x]);
        MIX(m->color[x] < 0 ? 0 : m->color[x]);
    }
#undef MIX
    return dlxi_ext_mix(&m->ext, h, m->n_items, m->n_options);
}

/* The option that node x belongs to: the spacer before it names it. */
static int option_of(const int *itm, int x)
{
    while (itm[x] > 0)
        x--;
    return -itm[x];
}

int dlx_check(const dlx_matrix *m, char *buf, size_t bufsize)
{
#define FAIL(...) do { if (buf && bufsize) snprintf(buf, bufsize, __VA_ARGS__); \
                       return -1; } while (0)
    const link *ln = m->ln;
    const int *itm = m->itm, *color = m->color;
    const item *it = m->items;
    int n = m->n_items;
    /* the item lists hold every item, in order */
    int expect = 1;
    for (int i = it[0].next; i != 0; i = it[i].next, expect++) {
        if (i != expect || it[it[i].next].prev != i)
            FAIL("primary list broken at item %d", i - 1);
    }
    if (expect != m->n_primary + 1)
        FAIL("primary list has %d items, expected %d", expect - 1,
             m->n_primary);
    expect = m->n_primary + 1;
    for (int i = it[n + 1].next; i != n + 1; i = it[i].next, expect++) {
        if (i != expect || it[it[i].next].prev != i)
            FAIL("secondary list broken at item %d", i - 1);
    }
    if (expect != n + 1)
        FAIL("secondary list has %d items, expected %d",
             expect - 1 - m->n_primary, n - m->n_primary);
    /* the bitset of active items says the same */
    for (int i = 1; i <= n; i++)
        if (!(m->active[i >> 6] >> (i & 63) & 1))
            FAIL("item %d missing from the active bitset", i - 1);
    /* every list is doubly linked, ordered, and as long as it says */
    for (int c = 1; c <= n; c++) {
        int len = 0, prev = c;
        for (int x = ln[c].down; x != c; prev = x, x = ln[x].down, len++) {
            if (x <= n || x >= m->n_nodes || len > m->n_nodes)
                FAIL("item %d: link to node %d out of range", c - 1, x);
            if (ln[x].up != prev)
                FAIL("item %d: node %d has up %d, expected %d", c - 1, x,
                     ln[x].up, prev);
            if (itm[x] != c)
                FAIL("item %d: node %d belongs to item %d", c - 1, x,
                     itm[x] - 1);
            if (color[x] < 0)
                FAIL("item %d: node %d still marked purified", c - 1, x);
            if (prev != c && prev >= x)
                FAIL("item %d: nodes out of order at %d", c - 1, x);
        }
        if (ln[c].up != prev)
            FAIL("item %d: header up is %d, expected %d", c - 1, ln[c].up,
                 prev);
        if (itm[c] != len)
            FAIL("item %d: length %d, but %d nodes in the list", c - 1,
                 itm[c], len);
    }
    /* spacers frame every option */
    int spacer = n + 1;
    for (int o = 0; o < m->n_options; o++) {
        int first = m->opt_start[o];
        if (first != spacer + 1 || itm[spacer] != -o)
            FAIL("option %d: spacer %d out of place", o, spacer);
        int x = first;
        while (itm[x] > 0)
            x++;
        if (ln[spacer].down != x - 1 || ln[x].up != first)
            FAIL("option %d: spacer links broken", o);
        spacer = x;
    }
    if (spacer != m->last_spacer || m->n_nodes != spacer + 1)
        FAIL("last spacer at %d, expected %d", spacer, m->last_spacer);
    return DLX_OK;
#undef FAIL
}

/* ---- counts ------------------------------------------------------------ */

dlx_count dlx_count_add(dlx_count a, dlx_count b)
{
    dlx_count s = { a.hi + b.hi, a.lo + b.lo };
    if (s.lo < a.lo)
        s.hi++;
    return s;
}

uint64_t dlx_count_u64(dlx_count c)
{
    return c.hi ? UINT64_MAX : c.lo;
}

char *dlx_count_str(dlx_count c, char *buf)
{
    /* repeated division of the 128-bit value by 10, 32 bits at a time */
    char tmp[DLX_COUNT_STRLEN];
    int n = 0;
    uint32_t w[4] = { (uint32_t)(c.hi >> 32), (uint32_t)c.hi,
                      (uint32_t)(c.lo >> 32), (uint32_t)c.lo };
    do {
        uint64_t rem = 0;
        for (int k = 0; k < 4; k++) {
            uint64_t cur = (rem << 32) | w[k];
            w[k] = (uint32_t)(cur / 10);
            rem = cur % 10;
        }
        tmp[n++] = (char)('0' + rem);
    } while (w[0] | w[1] | w[2] | w[3]);
    for (int k = 0; k < n; k++)
        buf[k] = tmp[n - 1 - k];
    buf[n] = '\0';
    return buf;
}

/* ---- the dance --------------------------------------------------------- */

/* The search is written once with constant flags (colors, empty items)
 * and compiled once per combination; GCC and Clang otherwise decline to
 * clone a function this large and keep every flag test in the hot loops
 * (15% of the instructions on queens-13).  Elsewhere a plain inline. */
#if defined(__GNUC__)
#define DLX_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define DLX_ALWAYS_INLINE inline
#endif


/* From this many primary items on, the search tracks empty items (below). */
#define DLX_TRACK_ZEROS_FROM 128

/* The arrays the dance works on, gathered so that every step can be
 * inlined into the search with them in registers. */
typedef struct dance {
    item *it;
    uint64_t *active;
    uint64_t *low;
    link *ln;
    int *itm;
    int *color;
    const int *nxt, *prv;
    int n_primary;
    long *zeros;  /* active primary items with no option left (a long, so
                     that it cannot alias the int arrays and stays in a
                     register) */
} dance;

/*
 * These follow dlx2: hide() skips nodes marked purified (color < 0), which
 * never happens without colors; `colored` is a constant at every call, so
 * that the compiler drops the color tests for matrices without colors.
 * Updates are counted as Knuth counts them: one per item unlinked and one
 * per node unlinked.  The nodes of one option are in different lists, so
 * the order in which hide() and unhide() visit them does not matter; both
 * follow the ring nxt[].
 *
 * *zeros counts the active primary items whose list is empty, and the
 * bitset low[] has the active primary items of length 0 or 1, so that the
 * choice of item takes the leftmost empty item when there is one, else
 * the leftmost of length 1, from low[] (a few words, where the item list
 * is thousands of items long: a 36x36 sudoku has 5,184) and still chooses
 * exactly what Knuth's rule chooses.  hide() never shortens the list of
 * an inactive item: every option of a covered item was hidden from the
 * other lists when it was covered.
 *
 * `lists` (a constant): whether cover() unlinks the item from the item
 * lists.  A search that needs them only to find the active primary items
 * (no zeros tracked, no random order) keeps the bits of active[] of its
 * primary items alone: two loads and two stores less per cover.
 */
static inline void hide(const dance *d, int p, uint64_t *updates,
                        const int colored, const int track)
{
    /* locals, so that stores to the int arrays need not reload them */
    link *ln = d->ln;
    int *itm = d->itm;
    const int *color = d->color;
    const int n_primary = d->n_primary;
    const int *nxt = d->nxt;
    long zeros = 0;
    uint64_t u = 0;
    for (long q = nxt[p]; q != p; q = nxt[q]) {
        long x = itm[q], up = ln[q].up, dn = ln[q].down;
        if (!colored || color[q] >= 0) {
            ln[up].down = (int)dn;
            ln[dn].up = (int)up;
            int len = --itm[x];
            if (track && len <= 1 && x <= n_primary) {
                zeros += len == 0;
                d->low[x >> 6] |= (uint64_t)1 << (x & 63);
            }
            u++;
        }
    }
    *updates += u;
    if (track)
        *d->zeros += zeros;
}

static inline void unhide(const dance *d, int p, const int colored,
                          const int track)
{
    link *ln = d->ln;
    int *itm = d->itm;
    const int *color = d->color;
    const int n_primary = d->n_primary;
    const int *nxt = d->nxt;
    long zeros = 0;
    for (long q = nxt[p]; q != p; q = nxt[q]) {
        long x = itm[q], up = ln[q].up, dn = ln[q].down;
        if (!colored || color[q] >= 0) {
            ln[up].down = (int)q;
            ln[dn].up = (int)q;
            int len = itm[x]++;
            if (track && len <= 1 && x <= n_primary) {
                zeros += len == 0;
                if (len == 1)
                    d->low[x >> 6] &= ~((uint64_t)1 << (x & 63));
            }
        }
    }
    if (track)
        *d->zeros -= zeros;
}

static inline void cover(const dance *d, int c, uint64_t *updates,
                         const int colored, const int track, const int lists)
{
    item *it = d->it;
    if (lists) {
        int l = it[c].prev, r = it[c].next;
        it[l].next = r;
        it[r].prev = l;
    }
    if (lists || c <= d->n_primary)
        d->active[c >> 6] &= ~((uint64_t)1 << (c & 63));
    if (track && c <= d->n_primary) {
        *d->zeros -= d->itm[c] == 0;
        d->low[c >> 6] &= ~((uint64_t)1 << (c & 63));
    }
    ++*updates;
    for (int x = d->ln[c].down; x != c; x = d->ln[x].down)
        hide(d, x, updates, colored, track);
}

static inline void uncover(const dance *d, int c, const int colored,
                           const int track, const int lists)
{
    item *it = d->it;
    for (int x = d->ln[c].up; x != c; x = d->ln[x].up)
        unhide(d, x, colored, track);
    if (lists) {
        int l = it[c].prev, r = it[c].next;
        it[l].next = c;
        it[r].prev = c;
    }
    if (lists || c <= d->n_primary)
        d->active[c >> 6] |= (uint64_t)1 << (c & 63);
    if (track && c <= d->n_primary) {
        *d->zeros += d->itm[c] == 0;
        d->low[c >> 6] |= (uint64_t)(d->itm[c] <= 1) << (c & 63);
    }
}

/* Secondary item of node p takes p's color: options of other colors go. */
static inline void purify(const dance *d, int p, uint64_t *updates,
                          const int track)
{
    int c = d->itm[p], color = d->color[p];
    for (int x = d->ln[c].down; x != c; x = d->ln[x].down) {
        if (d->color[x] != color)
            hide(d, x, updates, 1, track);
        else if (x != p)
            d->color[x] = -1;
    }
}

static inline void unpurify(const dance *d, int p, const int track)
{
    int c = d->itm[p], color = d->color[p];
    for (int x = d->ln[c].up; x != c; x = d->ln[x].up) {
        if (d->color[x] < 0)
            d->color[x] = color;
        else if (x != p)
            unhide(d, x, 1, track);
    }
}

static inline void commit(const dance *d, int p, uint64_t *updates,
                          const int colored, const int track, const int lists)
{
    if (!colored || d->color[p] == 0)
        cover(d, d->itm[p], updates, colored, track, lists);
    else if (d->color[p] > 0)
        purify(d, p, updates, track);
}

static inline void uncommit(const dance *d, int p, const int colored,
                            const int track, const int lists)
{
    if (!colored || d->color[p] == 0)
        uncover(d, d->itm[p], colored, track, lists);
    else if (d->color[p] > 0)
        unpurify(d, p, track);
}

/* Commit every item of the option of node p except p's own. */
static inline void commit_others(const dance *d, int p, uint64_t *updates,
                                 const int colored, const int track,
                                 const int lists)
{
    for (int q = d->nxt[p]; q != p; q = d->nxt[q])
        commit(d, q, updates, colored, track, lists);
}

static inline void uncommit_others(const dance *d, int p, const int colored,
                                   const int track, const int lists)
{
    /* backwards: covers are undone in the reverse order of commit_others */
    for (int q = d->prv[p]; q != p; q = d->prv[q])
        uncommit(d, q, colored, track, lists);
}

static dance dance_of(dlx_matrix *m, long *zeros)
{
    dance d = { m->items, m->active, m->low, m->ln, m->itm, m->color,
                m->nxt, m->prv, m->n_primary, zeros };
    return d;
}

/* ---- forced options ---------------------------------------------------- */

/* An option can still be chosen when its primary items are all active and
 * none of its nodes was hidden by an earlier choice. */
static int option_available(const dlx_matrix *m, int first)
{
    const link *ln = m->ln;
    const int *itm = m->itm;
    const item *it = m->items;
    for (int x = first; itm[x] > 0; x++) {
        int c = itm[x];
        if (c <= m->n_primary && it[it[c].prev].next != c)
            return 0;
        if (ln[ln[x].up].down != x)
            return 0;
    }
    return 1;
}

static void unforce(dlx_matrix *m, const int *forced, int n)
{
    long zeros = 0; /* not needed outside the search */
    dance d = dance_of(m, &zeros);
    for (int k = n - 1; k >= 0; k--) {
        int first = m->opt_start[forced[k]], x = first;
        while (d.itm[x] > 0)
            x++;
        for (x--; x >= first; x--)
            uncommit(&d, x, 1, 0, 1);
    }
}

/* Commits the forced options one by one; on a conflict undoes what it did. */
static int force(dlx_matrix *m, const int *forced, int n, uint64_t *upd)
{
    long zeros = 0; /* not needed outside the search */
    dance d = dance_of(m, &zeros);
    for (int k = 0; k < n; k++) {
        int o = forced[k];
        if (o < 0 || o >= m->n_options) {
            unforce(m, forced, k);
            return DLX_EOPTION;
        }
        int first = m->opt_start[o];
        if (!option_available(m, first)) {
            unforce(m, forced, k);
            return DLX_ECONFLICT;
        }
        for (int x = first; d.itm[x] > 0; x++)
            commit(&d, x, upd, 1, 0, 1);
    }
    return DLX_OK;
}

int dlx_push(dlx_matrix *m, int option)
{
    if (m->busy)
        return DLX_EBUSY;
    if (m->n_pushed == m->cap_pushed) {
        void *p = grow(m->pushed, &m->cap_pushed, m->n_pushed + 1,
                       sizeof *m->pushed);
        if (!p)
            return DLX_ENOMEM;
        m->pushed = p;
    }
    uint64_t updates = 0;
    int status = force(m, &option, 1, &updates);
    if (status == DLX_OK)
        m->pushed[m->n_pushed++] = option;
    return status;
}

int dlx_pop(dlx_matrix *m, int n)
{
    if (m->busy)
        return DLX_EBUSY;
    if (n < 0 || n > m->n_pushed)
        return DLX_EOPTION;
    unforce(m, m->pushed + m->n_pushed - n, n);
    m->n_pushed -= n;
    return DLX_OK;
}

int dlx_num_pushed(const dlx_matrix *m)
{
    return m->n_pushed;
}

/* ---- randomness -------------------------------------------------------- */

/* splitmix64: small, fast, and the same sequence on every machine. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* uniform in 0..n-1 without modulo bias */
static uint32_t random_below(uint64_t *state, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t r;
    do
        r = next_random(state);
    while (r >= limit);
    return (uint32_t)(r % n);
}

/* ---- the search -------------------------------------------------------- */

dlx_search dlx_search_defaults(void)
{
    dlx_search s;
    memset(&s, 0, sizeof s);
    return s;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The budgets every walk of the tree shares (a search, the estimate):
 * DLX_COMPLETE while none is spent, after `nodes` nodes. */
static inline dlx_outcome budget_spent(const dlx_search *s, uint64_t nodes,
                                       double start)
{
    if (s->max_nodes && nodes >= s->max_nodes)
        return DLX_STOP_NODES;
    if ((nodes & (DLX_POLL_NODES - 1)) == 0 && nodes > 0) {
        if (s->max_seconds > 0 && now_seconds() - start >= s->max_seconds)
            return DLX_STOP_TIME;
        if (s->on_poll && s->on_poll(s->poll_ctx, nodes))
            return DLX_STOP_CALLBACK;
    }
    return DLX_COMPLETE;
}

static int prepare_buffers(dlx_matrix *m, int n_forced, int randomize,
                           int split)
{
    int need = n_forced + m->n_primary + 1;
    void *p = grow(m->solution, &m->cap_solution, need, sizeof *m->solution);
    if (!p)
        return DLX_ENOMEM;
    m->solution = p;
    p = grow(m->first, &m->cap_first, need, sizeof *m->first);
    if (!p)
        return DLX_ENOMEM;
    m->first = p;
    m->first_n = 0;
    int levels = m->n_primary + 2;
    /* only the levels the last search reached: the rest is zero still
     * (a search of a sudoku reaches 60 of 326) */
    memset(m->level_nodes, 0,
           (size_t)m->levels_used * sizeof *m->level_nodes);
    if (randomize && !m->rbase) {
        /* all three or none, so that a later call tries again */
        int *base = malloc((size_t)levels * sizeof *base);
        int *count = malloc((size_t)levels * sizeof *count);
        int *idx = malloc((size_t)levels * sizeof *idx);
        if (!base || !count || !idx) {
            free(base);
            free(count);
            free(idx);
            return DLX_ENOMEM;
        }
        m->rbase = base;
        m->rcount = count;
        m->ridx = idx;
    }
    if (split && !m->branched) {
        m->branched = malloc((size_t)levels * sizeof *m->branched);
        if (!m->branched)
            return DLX_ENOMEM;
    }
    if (split)
        m->branched[0] = 0;
    return DLX_OK;
}

static void emit(const dlx_search *s, dlx_event_kind kind, int level,
                 int it, int option, int index, int count)
{
    dlx_event ev = { kind, level, it, option, index, count };
    s->on_trace(s->trace_ctx, &ev);
}

/* Fills m->solution with the forced options and the choices of levels
 * 0..level-1; returns its length. */
static int collect(dlx_matrix *m, const dlx_search *s, int level)
{
    int n = 0;
    for (int k = 0; k < s->n_forced; k++)
        m->solution[n++] = s->forced[k];
    for (int l = 0; l < level; l++)
        m->solution[n++] = option_of(m->itm, m->choice[l]);
    return n;
}

/* The state a search reports back to dlx_solve. */
typedef struct tally {
    uint64_t nodes, updates, found, found_hi, splits;
    int max_level, status;
    dlx_outcome outcome;
} tally;

#ifdef EXCOVER_SANITY
/*
 * Knuth's sanity(): at every level of the search, every active item's list
 * is doubly linked, as long as its header says, and holds only nodes of
 * that item; the item lists are doubly linked.  A broken link is a bug of
 * the engine, not bad input, so this build stops at once (it is meant for
 * fuzzing and debugging: CMake option EXCOVER_SANITY).
 */
static int sane_list(const dlx_matrix *m, int i)
{
    const link *ln = m->ln;
    const int *itm = m->itm;
    int n = m->n_items, len = 0;
    for (int x = ln[i].down; x != i; x = ln[x].down) {
        if (x <= n || x >= m->n_nodes || itm[x] != i ||
            ln[ln[x].down].up != x || ++len > m->n_nodes)
            return 0;
    }
    return len == itm[i] && ln[ln[i].down].up == i &&
           (m->active[i >> 6] >> (i & 63) & 1);
}

/* lists: whether the search keeps the item lists (else active[] alone);
 * track: whether it keeps low[] (the active primary items of length 0 or
 * 1, and no others) */
static void sanity(const dlx_matrix *m, int level, int lists, int track)
{
    const item *it = m->items;
    int n = m->n_items;
    const int roots[2] = { 0, n + 1 };
    for (int i = 1; !lists && i <= n; i++)
        if ((m->active[i >> 6] >> (i & 63) & 1) && !sane_list(m, i))
            goto broken;
    for (int r = 0; lists && r < 2; r++) {
        int steps = 0;
        for (int i = it[roots[r]].next; i != roots[r]; i = it[i].next) {
            if (i < 1 || i > n || it[it[i].next].prev != i ||
                ++steps > n || !sane_list(m, i))
                goto broken;
        }
    }
    for (int i = 0; track && i <= m->n_primary; i++) {
        int on = (int)(m->low[i >> 6] >> (i & 63) & 1);
        int active = (int)(m->active[i >> 6] >> (i & 63) & 1);
        if (on != (i > 0 && active && m->itm[i] <= 1))
            goto broken;
    }
    return;
broken:
    fprintf(stderr, "dlx: sanity check failed at level %d\n", level);
    abort();
}
#define SANITY(m, level, lists, track) sanity(m, level, lists, track)
#else
#define SANITY(m, level, lists, track) ((void)0)
#endif

/*
 * The steps of the search, each its own function as each is its own
 * section in Knuth's dlx1.w; all static inline, with constant flags, so
 * that the compiler puts them back into one loop.
 */

/* Step "limits": whether the search may enter a node at `level`.  When
 * not, *outcome says why: a budget or a callback, or still DLX_COMPLETE
 * when the node is a subproblem handed to on_split (back up, go on). */
static inline int may_enter(dlx_matrix *m, const dlx_search *s, int level,
                            uint64_t nodes, double start, tally *out,
                            dlx_outcome *outcome, const int simple)
{
    if (!simple && s->split_depth > 0 && m->branched[level] == s->split_depth) {
        out->splits++;
        int n = collect(m, s, level);
        if (s->on_split && s->on_split(s->split_ctx, m->solution, n))
            *outcome = DLX_STOP_CALLBACK;
        return 0;
    }
    *outcome = budget_spent(s, nodes, start);
    return *outcome == DLX_COMPLETE;
}

/* Step "visit a solution": count it, keep the first, tell the caller and
 * the trace; returns the outcome (DLX_COMPLETE: go on searching). */
static inline dlx_outcome visit_solution(dlx_matrix *m, const dlx_search *s,
                                         int level, uint64_t *found,
                                         uint64_t *found_hi, const int simple)
{
    dlx_outcome outcome = DLX_COMPLETE;
    if (++*found == 0)
        ++*found_hi;
    int first = *found == 1 && *found_hi == 0;
    if (s->on_solution || first) {
        /* spelled out only when someone looks at it: counting a million
         * solutions should not walk a million option lists */
        int n = collect(m, s, level);
        if (first) {
            memcpy(m->first, m->solution, (size_t)n * sizeof *m->first);
            m->first_n = n;
        }
        if (s->on_solution && s->on_solution(s->solution_ctx, m->solution, n))
            outcome = DLX_STOP_CALLBACK;
    }
    if (!simple && s->on_trace)
        emit(s, DLX_EV_SOLUTION, level, -1, -1, 0, 0);
    /* the limit holds whether or not anyone traces */
    if (outcome == DLX_COMPLETE && s->max_solutions &&
        *found >= s->max_solutions && *found_hi == 0)
        outcome = DLX_STOP_SOLUTIONS;
    return outcome;
}

/* The index of the lowest set bit of a non-zero word. */
static inline int lowest_bit(uint64_t w)
{
#if defined(__GNUC__)
    return __builtin_ctzll(w);
#else
    int k = 0;
    while (!(w & 1))
        w >>= 1, k++;
    return k;
#endif
}

/* The first item of low[] (an active primary item with at most one
 * option) after item k, in index order; 0 when there is none. */
static inline int low_next(const dlx_matrix *m, int k)
{
    int w = k >> 6, last = m->n_primary >> 6;
    uint64_t bits = m->low[w] & (~(uint64_t)0 << (k & 63) << 1);
    while (!bits) {
        if (++w > last)
            return 0;
        bits = m->low[w];
    }
    return (w << 6) + lowest_bit(bits);
}

/* Step "choose the item": the active primary item with the fewest options,
 * leftmost on ties (Knuth's rule); with `randomize`, uniform among the
 * tied.  Sets *len to its list length. */
static inline int choose_item(const dlx_matrix *m, long zeros, int randomize,
                              uint64_t *rng, int *len, const int track)
{
    const item *it = m->items;
    const int *itm = m->itm;
    int best = 0, t = INT_MAX;
    if (track && !randomize && (best = low_next(m, 0)) != 0) {
        /* Knuth's choice is the leftmost empty item when there is one,
         * else the leftmost of length 1: both in low[] */
        while (zeros > 0 && itm[best] != 0)
            best = low_next(m, best);
        t = itm[best];
    } else if (!randomize && track) {
        /* no item shorter than 2.  The linked list: with many items
         * (tracking is for those) most are covered deep in the tree, and
         * the list skips them */
        for (int k = it[0].next; k != 0; k = it[k].next)
            if (itm[k] < t)
                best = k, t = itm[k];
    } else if (!randomize) {
        /* Knuth's scan, over the bitset of active items rather than the
         * linked list: the same items in the same (index) order, but the
         * next item does not wait for a load of the previous one (on
         * latin-6 with the first row fixed, 108 items: 15-20% faster).
         * Stops at a length 0, as Knuth's. */
        const uint64_t *active = m->active;
        const int P = m->n_primary;
        for (int w = 0; w <= P >> 6; w++) {
            uint64_t bits = active[w];
            if (w == P >> 6) /* no secondary item */
                bits &= ~(uint64_t)0 >> (63 - (P & 63));
            while (bits) {
                int k = (w << 6) + lowest_bit(bits);
                bits &= bits - 1;
                if (itm[k] < t) {
                    best = k, t = itm[k];
                    if (t == 0)
                        goto chosen;
                }
            }
        }
    chosen:;
    } else {
        /* a uniform choice among the tied items, by reservoir */
        int ties = 0;
        for (int k = it[0].next; k != 0; k = it[k].next) {
            int n = itm[k];
            if (n < t) {
                best = k, t = n, ties = 1;
                if (t == 0)
                    break;
                if (track && t == 1) {
                    /* past k only the items of low[] tie (1) or win (0):
                     * the same draws, in the same order, without the
                     * rest of the list */
                    for (int j = low_next(m, k); j; j = low_next(m, j)) {
                        if (itm[j] == 0) {
                            best = j, t = 0;
                            break;
                        }
                        if (random_below(rng, (uint32_t)++ties) == 0)
                            best = j;
                    }
                    break;
                }
            } else if (n == t && random_below(rng, (uint32_t)++ties) == 0) {
                best = k;
            }
        }
    }
    *len = t;
    return best;
}

/* Step "order the options" (randomize only): a shuffled run of the options
 * of the covered item `best` on m->rstack, from *rtop on; returns the
 * first to try (best itself when there is none), or -1 out of memory. */
static inline int order_options(dlx_matrix *m, int best, int level,
                                int *rtop, uint64_t *rng, int t)
{
    void *p = grow(m->rstack, &m->cap_rstack, *rtop + t + 1,
                   sizeof *m->rstack);
    if (!p)
        return -1;
    m->rstack = p;
    int *run = m->rstack + *rtop, n = 0;
    for (int x = m->ln[best].down; x != best; x = m->ln[x].down)
        run[n++] = x;
    for (int k = n - 1; k > 0; k--) {
        int j = (int)random_below(rng, (uint32_t)k + 1);
        int tmp = run[k];
        run[k] = run[j];
        run[j] = tmp;
    }
    m->rbase[level] = *rtop;
    m->rcount[level] = n;
    m->ridx[level] = 0;
    *rtop += n;
    return n ? run[0] : best;
}

/* Step "next option": after `cur` at `level`, the option to try next, or
 * the item header `best` when every option has been tried. */
static inline int next_option(const dlx_matrix *m, int level, int cur,
                              int best, int randomize)
{
    if (!randomize)
        return m->ln[cur].down;
    int k = ++m->ridx[level];
    return k < m->rcount[level] ? m->rstack[m->rbase[level] + k] : best;
}

/* For the trace: the position of option `cur` among those of `best`. */
static int option_index(const dlx_matrix *m, int level, int cur, int best,
                        int randomize)
{
    if (randomize)
        return m->ridx[level];
    int index = 0;
    for (int x = m->ln[best].down; x != cur; x = m->ln[x].down)
        index++;
    return index;
}

/*
 * The search proper, Knuth's Algorithm D (dlx1) with dlx2's commit/purify
 * for colors.  `colored` and `track` are constants at each call site, so
 * the compiler makes a version without color tests for matrices that have
 * none, and one with and one without the count of empty items.
 *
 *   forward:  limits -> solution? -> choose the item -> cover it ->
 *             first option
 *   advance:  no option left? backup : commit the option, level + 1,
 *             forward
 *   backup:   uncover, level - 1, recover
 *   recover:  uncommit the option, next option, advance
 */
static DLX_ALWAYS_INLINE void search(dlx_matrix *m, const dlx_search *s,
                                     double start, tally *out,
                                     const int colored, const int track,
                                     const int simple)
{
    long zeros = 0;
    const dance dn = dance_of(m, &zeros), *d = &dn;
    const item *it = m->items;
    const int *itm = m->itm;
    int *choice = m->choice;
    uint64_t nodes = 0, found = 0, found_hi = 0, updates = 0;
    uint64_t rng = s->seed;
    const int randomize = !simple && s->randomize;
    /* The item lists serve the choice of item with zeros tracked and the
     * random choice; otherwise the bitset active[] alone says which items
     * are covered, and the choice finding none is a solution. */
    const int lists = !simple || track || colored;
    int level = 0, best = 0, cur = 0, max_level = -1, rtop = 0;
    dlx_outcome outcome = DLX_COMPLETE;
    if (track)
        memset(m->low, 0, active_words(m->n_items) * sizeof *m->low);
    for (int k = it[0].next; k != 0; k = it[k].next) {
        zeros += itm[k] == 0;
        if (track)
            m->low[k >> 6] |= (uint64_t)(itm[k] <= 1) << (k & 63);
    }

forward:
    SANITY(m, level, lists, track);
    if (!may_enter(m, s, level, nodes, start, out, &outcome, simple))
        goto back_one;
    nodes++;
    m->level_nodes[level]++;
    if (level > max_level)
        max_level = level;
    if (lists && it[0].next == 0) {
    solution:
        /* every primary item is covered (Knuth counts this as a node) */
        outcome = visit_solution(m, s, level, &found, &found_hi, simple);
        goto back_one;
    }
    {
        int t;
        best = choose_item(m, zeros, randomize, &rng, &t, track);
        if (!lists && best == 0)
            goto solution;
        if (!simple && s->on_trace)
            emit(s, DLX_EV_CHOOSE, level, best - 1, -1, 0, t);
        if (!simple && s->split_depth > 0)
            m->branched[level + 1] = m->branched[level] + (t > 1);
        cover(d, best, &updates, colored, track, lists);
        if (randomize) {
            cur = order_options(m, best, level, &rtop, &rng, t);
            if (cur < 0) {
                /* cannot go on: unwind as if stopped */
                uncover(d, best, colored, track, lists);
                outcome = DLX_STOP_CALLBACK;
                out->status = DLX_ENOMEM;
                goto back_one;
            }
        } else {
            cur = m->ln[best].down;
        }
        choice[level] = cur;
    }

advance:
    if (cur == best)
        goto backup;
    if (!simple && s->on_trace)
        emit(s, DLX_EV_TRY, level, best - 1, option_of(itm, cur),
             option_index(m, level, cur, best, randomize), itm[best]);
    commit_others(d, cur, &updates, colored, track, lists);
    level++;
    goto forward;

back_one:
    /* leave a level that was entered but not branched on */
    if (level == 0)
        goto done;
    level--;
    cur = choice[level];
    best = itm[cur];
    goto recover;

backup:
    uncover(d, best, colored, track, lists);
    if (!simple && s->on_trace)
        emit(s, DLX_EV_BACKTRACK, level, best - 1, -1, 0, 0);
    if (randomize)
        rtop = m->rbase[level];
    if (level == 0)
        goto done;
    level--;
    cur = choice[level];
    best = itm[cur];

recover:
    uncommit_others(d, cur, colored, track, lists);
    cur = outcome != DLX_COMPLETE ? best
                                  : next_option(m, level, cur, best, randomize);
    choice[level] = cur;
    goto advance;

done:
    out->nodes = nodes;
    out->updates = updates;
    out->found = found;
    out->found_hi = found_hi;
    out->max_level = max_level;
    out->outcome = outcome;
}

/* One search per combination of the flags: search() is inlined into each,
 * so that every test of a flag is compiled away.  `simple`: no trace, no
 * split, no random order (a count or a plain solve), whose tests leave
 * the loop (-3.5% instructions on queens-13 and langford-12). */
#define DLX_SEARCH_VARIANT(name, colored, track, simple)                    \
    static void name(dlx_matrix *m, const dlx_search *s, double start,     \
                     tally *out)                                            \
    {                                                                       \
        search(m, s, start, out, colored, track, simple);                   \
    }
DLX_SEARCH_VARIANT(search_plain, 0, 0, 0)
DLX_SEARCH_VARIANT(search_plain_track, 0, 1, 0)
DLX_SEARCH_VARIANT(search_colored, 1, 0, 0)
DLX_SEARCH_VARIANT(search_colored_track, 1, 1, 0)
DLX_SEARCH_VARIANT(search_simple, 0, 0, 1)
DLX_SEARCH_VARIANT(search_simple_track, 0, 1, 1)
#undef DLX_SEARCH_VARIANT

/* ---- the compact search ------------------------------------------------ */

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
#define DLX_BITS_MAX_OPTIONS 16384 /* a killer sudoku's tuples: 4000-8000 */
#define DLX_BITS_MAX_PRIMARY 512
#define DLX_BITS_MIN_LIST 32    /* nodes per item, on average, for AUTO */

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

/* Whether a search can go the compact way: no colors (dlx2's purify is
 * not modelled), nothing committed outside it, nothing that watches the
 * links (trace, split, random order), and small enough. */
static int bits_eligible(const dlx_matrix *m, const dlx_search *s)
{
    if (s->engine == DLX_ENGINE_LINKS)
        return 0;
    int can = !m->has_colors && m->n_pushed == 0 && s->n_forced == 0 &&
              !s->on_trace && s->split_depth <= 0 && !s->randomize &&
              m->n_options <= DLX_BITS_MAX_OPTIONS &&
              m->n_primary <= DLX_BITS_MAX_PRIMARY && m->n_primary > 0 &&
              m->n_options > 0;
    if (!can || s->engine == DLX_ENGINE_BITS)
        return can;
    /* Each level copies its state, a cost per node; each option hidden
     * costs less than in the dance.  So it pays where a node hides many
     * options: long item lists.  Measured (bench/RESULTS.md): 2x faster
     * on pentominoes (lists of 150 on average), 1.2-3.7x slower on
     * queens, langford, latin squares and sudoku bands (lists of 5-16). */
    return dlx_num_nodes(m) >= (long)DLX_BITS_MIN_LIST * m->n_items;
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
    b->prim = malloc(((size_t)dlx_num_nodes(m) + 1) * sizeof *b->prim);
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
    uint64_t nodes = 0, found = 0, found_hi = 0, updates = 0;
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
    outcome = budget_spent(s, nodes, start);
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
            outcome = visit_solution(m, s, level, &found, &found_hi, 0);
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

/* ---- the compact search on what is left -------------------------------- */

/*
 * A third way to make the same search, for the small problem that forced
 * (and pushed) options leave of a larger matrix: a sudoku puzzle's givens
 * leave about 250 of 324 items and 300 of 729 options.  Instead of
 * committing the forced options on the links and undoing them afterwards,
 * the search is built on what is still possible:
 *
 *   items     the items no forced or pushed option covers, renumbered
 *             0..P-1 (primary) and P..N-1 (secondary), in their order
 *   options   the options none of whose items is covered, renumbered
 *             0..O-1, in their order
 *
 * so every list holds the nodes the dance would still see after forcing,
 * in the same order, and the search (leftmost item of fewest options, its
 * options in order) makes the same choices: the same nodes, solutions,
 * updates and level profile.  The state of a level is narrow and copied
 * whole on the way down (going back up costs nothing):
 *
 *   state = | opts: W words, a bit per active option | len: LB bytes |
 *           | len[D]: a spare byte | padding to a multiple of 64 bytes |
 *
 *   len[i]  the active options of primary item i (a list is at most
 *           254 long); 255 once i is covered, and in the padding up to LB
 *           (a multiple of 16), so that the fewest options are a plain
 *           minimum over LB bytes (SSE2, or vectorized by the compiler)
 *           and the leftmost item with them one compare per 16 bytes.
 *
 * Items are numbered primary 0..P-1, then the dummy D = LB, then the
 * secondary ones.  Each option's primary items are a record of KP (a
 * multiple of 4, padded with D, whose row of masks is zero and whose byte
 * is the spare one), and all its items a record of KA, padded the same
 * way, so that the loops over them go four at a time (a sudoku band's
 * option, three primary items and one secondary, is one group of four).
 * A level covers its chosen item in place (its options leave the state)
 * and keeps their list; trying option o copies the state one level down
 * (in place when o is the item's only option: nothing to come back for)
 * and removes the options that share one of o's other items.  A count of
 * the primary items left tells a solution without a scan.
 */
#define DLX_SMALL_MAX_OPTIONS 4096
#define DLX_SMALL_MIN_HIDDEN 10 /* nodes hidden per item covered, for AUTO */
#define DLX_SMALL_MAX_PRIMARY 1024
#define DLX_SMALL_MAX_LIST 254
#define DLX_SMALL_COVERED 255
#define DLX_SMALL_MAX_KP 16     /* primary items of an option */
#define DLX_SMALL_MAX_KA 256    /* items of an option */

typedef struct small_search {
    int P, N, O, W;      /* as above */
    int LB;              /* bytes of len[], P rounded up to 16 */
    size_t stride;       /* bytes of one level's state, a multiple of 16 */
    int levels;          /* states and lists allocated */
    int *opt;            /* O: the matrix's option of each local option */
    int *local;          /* per internal item: local index, or -1 */
    uint64_t *mask;      /* N x W: the options of each item */
    uint16_t *arec;      /* O x KA: all the items of each option, the
                            primary ones first, padded with D */
    uint8_t *ngroups;    /* O: the groups of 4 in each record of arec */
    int KA;              /* the longest option's items, rounded up to a
                            multiple of 4 */
    int D;               /* the dummy item that pads the records: its row
                            of the mask is zero, its byte of len is after
                            the LB scanned */
    uint16_t *prec;      /* O x KP: the primary items of each option,
                            padded with D */
    int KP;              /* the longest option's primary items, rounded
                            up to a multiple of 4 */
    int *owt;            /* O: |o| - 1, Knuth's updates to hide o */
    uint8_t *onp;        /* O: the primary items of o */
    unsigned char *state;/* levels x stride */
    uint16_t *list;      /* levels x DLX_SMALL_MAX_LIST: options of the
                            item chosen at each level */
    int *nlist, *idx;    /* per level: their number, the one being tried */
    int *at;             /* per level: the state it works on (below) */
    uint8_t *gone;       /* a byte per option of the matrix: not left */
    int *ifirst, *iopt;  /* each item's options, in order (small_index) */
    int index_nodes;     /* the matrix's nodes when they were made */
    int max_primary;     /* primary items of the matrix's longest option */
    int max_items;       /* items of the matrix's longest option */
    int max_list;        /* options of the matrix's longest item list */
    int uniform;         /* every option has max_primary items, all
                            primary, and that is a multiple of 4 */
    int *grec;           /* uniform: the items of each option (internal
                            numbers), max_primary per option */
    size_t cap_gone, cap_ifirst, cap_iopt, cap_grec;
    size_t cap_items, cap_options, cap_groups, cap_prec, cap_owt, cap_onp,
        cap_mask, cap_arec, cap_state, cap_list, cap_levels, cap_idx, cap_at;
} small_search;

static void small_free(small_search *b)
{
    if (!b)
        return;
    free(b->opt);
    free(b->local);
    free(b->mask);
    free(b->arec);
    free(b->ngroups);
    free(b->prec);
    free(b->owt);
    free(b->onp);
    free(b->state);
    free(b->list);
    free(b->nlist);
    free(b->idx);
    free(b->at);
    free(b->gone);
    free(b->ifirst);
    free(b->iopt);
    free(b->grec);
    free(b);
}

/* Whether the search may go this way before anything is built: no
 * colors, nothing that watches the links, and asked for or (AUTO) with
 * forced or pushed options, where it saves committing them on the links
 * (see bench/RESULTS.md for what was measured). */
static int small_eligible(const dlx_matrix *m, const dlx_search *s)
{
    if (s->engine == DLX_ENGINE_LINKS || s->engine == DLX_ENGINE_BITS)
        return 0;
    if (m->has_colors || s->on_trace || s->split_depth > 0 || s->randomize ||
        m->n_primary <= 0 || m->n_options <= 0)
        return 0;
    if (s->engine == DLX_ENGINE_SMALL)
        return 1;
    if (s->n_forced > 0 || m->n_pushed > 0)
        return 1;
    /* Nothing forced: each level copies its state (a byte per primary
     * item, a bit per option) where the dance pays per update.  An item
     * covered hides about (list length) x (option length - 1) nodes;
     * measured (bench/RESULTS.md), this search is 1.3-2x faster than the
     * dance from 10 such updates on (queens, langford, latin squares,
     * 6x6 sudoku) and slower below (dominoes, rooks: 3-9).  Long lists
     * (pentominoes) are the bitset engine's. */
    long nodes = dlx_num_nodes(m);
    if (nodes >= (long)DLX_BITS_MIN_LIST * m->n_items)
        return 0;
    double list = (double)nodes / m->n_items;
    double len = (double)nodes / m->n_options;
    return list * (len - 1) >= DLX_SMALL_MIN_HIDDEN;
}

/* Room for `need` elements of `size` bytes at *pp (capacity *cap). */
static int small_room(void *pp, size_t *cap, size_t need, size_t size)
{
    void **p = pp;
    if (need <= *cap)
        return 1;
    size_t c = need < 64 ? 64 : need + need / 2;
    void *q = realloc(*p, c * size);
    if (!q)
        return 0;
    *p = q;
    *cap = c;
    return 1;
}

/* Marks the items of option o with stamp `now`: DLX_OK, or DLX_ECONFLICT
 * (nothing marked) when one is marked already: the options clash. */
static int small_mark(dlx_matrix *m, int o, int now)
{
    const int *itm = m->itm;
    int first = m->opt_start[o];
    for (int x = first; itm[x] > 0; x++)
        if (m->stamp[itm[x]] == now)
            return DLX_ECONFLICT;
    for (int x = first; itm[x] > 0; x++)
        m->stamp[itm[x]] = now;
    return DLX_OK;
}

/* Each item's options in order (ifirst, iopt: the matrix's lists as
 * they were built), made once per matrix and again when it has grown:
 * the options a covered item takes away, whatever the links say now. */
static int small_index(const dlx_matrix *m, small_search *b)
{
    if (b->index_nodes == m->n_nodes)
        return DLX_OK;
    const int *itm = m->itm;
    if (!small_room(&b->ifirst, &b->cap_ifirst, (size_t)m->n_items + 2,
                    sizeof *b->ifirst) ||
        !small_room(&b->iopt, &b->cap_iopt,
                    (size_t)dlx_num_nodes(m) + 1, sizeof *b->iopt))
        return DLX_ENOMEM;
    int *ifirst = b->ifirst;
    memset(ifirst, 0, ((size_t)m->n_items + 2) * sizeof *ifirst);
    for (int o = 0; o < m->n_options; o++)
        for (int x = m->opt_start[o]; itm[x] > 0; x++)
            ifirst[itm[x] + 1]++;
    for (int c = 1; c <= m->n_items; c++)
        ifirst[c + 1] += ifirst[c];
    /* fill from the front of each item's run, then shift back */
    for (int o = 0; o < m->n_options; o++)
        for (int x = m->opt_start[o]; itm[x] > 0; x++)
            b->iopt[ifirst[itm[x]]++] = o;
    for (int c = m->n_items; c >= 1; c--)
        ifirst[c] = ifirst[c - 1];
    ifirst[1] = 0;
    int kp = 1, ka = 1, same = 1, first_n = -1;
    for (int o = 0; o < m->n_options; o++) {
        int np = 0, n = 0;
        for (int x = m->opt_start[o]; itm[x] > 0; x++, n++)
            np += itm[x] <= m->n_primary;
        kp = np > kp ? np : kp;
        ka = n > ka ? n : ka;
        same &= np == n && (first_n < 0 || n == first_n);
        first_n = n;
    }
    b->max_primary = kp;
    b->max_items = ka;
    b->max_list = 0;
    for (int c = 1; c <= m->n_items; c++)
        if (ifirst[c + 1] - ifirst[c] > b->max_list)
            b->max_list = ifirst[c + 1] - ifirst[c];
    b->uniform = same && kp % 4 == 0 && m->n_options > 0;
    if (b->uniform) {
        if (!small_room(&b->grec, &b->cap_grec,
                        (size_t)m->n_options * kp + 1, sizeof *b->grec))
            return DLX_ENOMEM;
        for (int o = 0; o < m->n_options; o++)
            memcpy(b->grec + (size_t)o * kp, itm + m->opt_start[o],
                   (size_t)kp * sizeof *itm);
    }
    b->index_nodes = m->n_nodes;
    return DLX_OK;
}

/*
 * Builds the search on what the pushed and forced options leave, in
 * m->small (kept for the next search: no allocation once it is large
 * enough).  Returns DLX_OK; DLX_EOPTION or DLX_ECONFLICT for bad forced
 * options, checked in order as force() does; DLX_ENOMEM; or DLX_ETOOBIG
 * when what is left does not fit the narrow state (the dance takes it).
 */
static int small_build(dlx_matrix *m, const dlx_search *s)
{
    small_search *b = m->small;
    if (!b) {
        b = m->small = calloc(1, sizeof *b);
        if (!b)
            return DLX_ENOMEM;
    }
    const int n_items = m->n_items, n_primary = m->n_primary;
    const int *itm = m->itm;
    int *stamp = m->stamp;
    if (++m->stamp_now == INT_MAX) {
        memset(stamp, 0, (size_t)(n_items + 2) * sizeof *stamp);
        m->stamp_now = 1;
    }
    const int now = m->stamp_now, n_forced = s->n_forced;
    /* the items the pushed and forced options cover */
    for (int k = 0; k < m->n_pushed; k++)
        small_mark(m, m->pushed[k], now);
    for (int k = 0; k < s->n_forced; k++) {
        int o = s->forced[k];
        if (o < 0 || o >= m->n_options)
            return DLX_EOPTION;
        if (small_mark(m, o, now) != DLX_OK)
            return DLX_ECONFLICT;
    }
    /* the items left, renumbered in order (the primary ones first) */
    if (!small_room(&b->local, &b->cap_items, (size_t)n_items + 2,
                    sizeof *b->local))
        return DLX_ENOMEM;
    /* without a branch on which items are covered (the predictor cannot
     * learn them); a covered item gets -1.  The secondary items come after
     * the bytes of len and the dummy D (LB): rows P..LB of the masks are
     * zeros, and a level's state ends with len[D] */
    int *local = b->local, N = 0;
    for (int c = 1; c <= n_primary; c++) {
        int covered = stamp[c] == now;
        local[c] = N | -covered;
        N += !covered;
    }
    const int P = N, LB = (P + 15) / 16 * 16, D = LB;
    N = D + 1;
    for (int c = n_primary + 1; c <= n_items; c++) {
        int covered = stamp[c] == now;
        local[c] = N | -covered;
        N += !covered;
    }
    if (P > DLX_SMALL_MAX_PRIMARY || N > UINT16_MAX)
        return DLX_ETOOBIG;
    /* the options left: none of their items covered */
    if (!small_room(&b->opt, &b->cap_options, (size_t)m->n_options + 1,
                    sizeof *b->opt) ||
        !small_room(&b->ngroups, &b->cap_groups, (size_t)m->n_options + 1,
                    sizeof *b->ngroups) ||
        !small_room(&b->owt, &b->cap_owt, (size_t)m->n_options + 1,
                    sizeof *b->owt) ||
        !small_room(&b->onp, &b->cap_onp, (size_t)m->n_options + 1,
                    sizeof *b->onp))
        return DLX_ENOMEM;
    int status = small_index(m, b);
    if (status != DLX_OK)
        return status;
    const int *ifirst = b->ifirst, *iopt = b->iopt;
    /* a byte per option: plain stores (an OR to a word per bit would wait
     * for the one before: a list's options are neighbours) */
    if (!small_room(&b->gone, &b->cap_gone, (size_t)m->n_options + 1, 1))
        return DLX_ENOMEM;
    uint8_t *gone = b->gone;
    memset(gone, 0, (size_t)m->n_options);
    for (int k = 0; k < n_forced + m->n_pushed; k++) {
        int o = k < m->n_pushed ? m->pushed[k] : s->forced[k - m->n_pushed];
        for (int x = m->opt_start[o]; itm[x] > 0; x++) {
            /* the bounds in registers: a byte stored may alias them */
            const int *q = iopt + ifirst[itm[x]];
            const int *end = iopt + ifirst[itm[x] + 1];
            for (; q < end; q++)
                gone[*q] = 1;
        }
    }
    int O = 0, *opt_left = b->opt;
    for (int o = 0, n_options = m->n_options; o < n_options; o++) {
        opt_left[O] = o;
        O += !gone[o];
    }
    if (O > DLX_SMALL_MAX_OPTIONS)
        return DLX_ETOOBIG;
    int W = O ? (O + 63) / 64 : 1;
    /* whole blocks of 64 bytes, copied by small_copy */
    size_t stride = ((size_t)W * 8 + (size_t)D + 1 + 63) / 64 * 64;
    size_t levels = (size_t)P + 2;
    /* records of a multiple of 4, so that the search's loops over them
     * go four at a time, and have a constant count when it is 4
     * (search_small_4) */
    const int KP = (b->max_primary + 3) / 4 * 4;
    const int KA = (b->max_items + 3) / 4 * 4;
    if (KP > DLX_SMALL_MAX_KP || KA > DLX_SMALL_MAX_KA)
        return DLX_ETOOBIG;
    if (!small_room(&b->mask, &b->cap_mask, (size_t)N * W,
                    sizeof *b->mask) ||
        !small_room(&b->prec, &b->cap_prec, (size_t)O * KP + 1,
                    sizeof *b->prec) ||
        !small_room(&b->arec, &b->cap_arec, (size_t)O * KA + 1,
                    sizeof *b->arec) ||
        !small_room(&b->state, &b->cap_state, stride * levels, 1) ||
        !small_room(&b->list, &b->cap_list, levels * DLX_SMALL_MAX_LIST,
                    sizeof *b->list) ||
        !small_room(&b->nlist, &b->cap_levels, levels, sizeof *b->nlist) ||
        !small_room(&b->idx, &b->cap_idx, levels, sizeof *b->idx) ||
        !small_room(&b->at, &b->cap_at, levels, sizeof *b->at))
        return DLX_ENOMEM;
    b->P = P, b->N = N, b->O = O, b->W = W, b->LB = LB, b->stride = stride;
    b->KP = KP, b->KA = KA, b->D = D;
    /* level 0: every option left, each item's count of them, the masks
     * and the items of each option (the primary ones first); the loops
     * go over the options left, without a branch the data decides */
    uint64_t *opts = (uint64_t *)b->state;
    uint8_t *len = b->state + (size_t)W * 8;
    uint64_t *mask = b->mask;
    const int *opt = b->opt;
    uint16_t *prec = b->prec, *arec = b->arec;
    int lens[DLX_SMALL_MAX_PRIMARY + 1];
    memset(mask, 0, (size_t)N * W * sizeof *mask);
    /* every option four primary items (sudoku, latin squares), and no
     * list too long for a byte: the same loop without the walks to the
     * spacers, counting in len itself */
    const int u4 = b->uniform && KP == 4 && b->max_list <= DLX_SMALL_MAX_LIST;
    if (u4) {
        memset(len, 0, (size_t)P);
        const int *grec = b->grec;
        for (int j = 0; j < O; j++) {
            const uint64_t bit = (uint64_t)1 << (j & 63);
            const int *g = grec + (size_t)opt[j] * 4;
            uint64_t *col = mask + (j >> 6);
            uint16_t *rec = prec + (size_t)j * 4;
            for (int q = 0; q < 4; q++) {
                int i = local[g[q]];
                col[(size_t)i * W] |= bit;
                len[i]++;
                rec[q] = (uint16_t)i;
            }
        }
    } else {
        memset(lens, 0, (size_t)(P + 1) * sizeof *lens);
    }
    for (int j = 0; j < O && !u4; j++) {
        const uint64_t bit = (uint64_t)1 << (j & 63);
        const int first = m->opt_start[opt[j]];
        uint64_t *col = mask + (j >> 6);
        uint16_t *rec = prec + (size_t)j * KP, *all = arec + (size_t)j * KA;
        int np = 0, x;
        for (x = first; itm[x] > 0; x++) {
            int i = local[itm[x]];
            col[(size_t)i * W] |= bit;
            if (i < P) {
                lens[i]++;
                rec[np++] = (uint16_t)i;
            }
        }
        int n = x - first, na = np;
        memcpy(all, rec, (size_t)np * sizeof *all);
        if (np < n)
            for (x = first; itm[x] > 0; x++)
                if (local[itm[x]] >= P)
                    all[na++] = (uint16_t)local[itm[x]];
        b->onp[j] = (uint8_t)np;
        for (; np < KP; np++)
            rec[np] = (uint16_t)D;
        for (; na % 4; na++)
            all[na] = (uint16_t)D;
        b->ngroups[j] = (uint8_t)(na / 4);
        b->owt[j] = n - 1;
    }
    for (int i = 0; i < P && !u4; i++) {
        if (lens[i] > DLX_SMALL_MAX_LIST)
            return DLX_ETOOBIG;
        len[i] = (uint8_t)lens[i];
    }
    memset(len + P, DLX_SMALL_COVERED, (size_t)(LB - P));
    for (int w = 0; w < W; w++)
        opts[w] = ~(uint64_t)0;
    if (O & 63)
        opts[W - 1] = ((uint64_t)1 << (O & 63)) - 1;
    else if (O == 0)
        opts[0] = 0;
    return DLX_OK;
}

#if defined(__SSE2__)
static inline __m128i small_load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}
#endif

/* The fewest options of an active primary item: a minimum over all LB
 * bytes (covered items and padding hold 255), which the compiler
 * vectorizes; 255 when every primary item is covered. */
static inline unsigned small_fewest(const uint8_t *len, int LB)
{
#if defined(__SSE2__)
    /* the odd chunks of 16, then four at a time (a loop's count and test
     * cost as much as the minimum of a chunk) */
    __m128i v = _mm_set1_epi8((char)DLX_SMALL_COVERED);
    int i = 0;
    for (int odd = (LB / 16) & 3; odd > 0; odd--, i += 16)
        v = _mm_min_epu8(v, small_load(len + i));
    for (; i < LB; i += 64) {
        v = _mm_min_epu8(v, small_load(len + i));
        v = _mm_min_epu8(v, small_load(len + i + 16));
        v = _mm_min_epu8(v, small_load(len + i + 32));
        v = _mm_min_epu8(v, small_load(len + i + 48));
    }
    v = _mm_min_epu8(v, _mm_srli_si128(v, 8));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 4));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 2));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 1));
    return (unsigned)_mm_cvtsi128_si32(v) & 0xFF;
#else
    uint8_t t = DLX_SMALL_COVERED;
    for (int i = 0; i < LB; i++)
        t = len[i] < t ? len[i] : t;
    return t;
#endif
}

/* The first of len[0..] equal to t, which is there: eight bytes at a
 * time (a zero byte of len ^ t, as in Hacker's Delight 6-1), then the
 * byte; a call of memchr costs more for lists this short. */
static inline int small_find(const uint8_t *len, int LB, unsigned t)
{
#if defined(__SSE2__)
    /* 32 bytes a test, then the odd 16 (where it must be) */
    const __m128i tv = _mm_set1_epi8((char)t);
    int i = 0;
    for (; i + 32 <= LB; i += 32) {
        unsigned lo = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(small_load(len + i), tv));
        unsigned hi = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(small_load(len + i + 16), tv));
        unsigned hit = lo | hi << 16;
        if (hit)
            return i + lowest_bit(hit);
    }
    return i + lowest_bit((unsigned)_mm_movemask_epi8(
                   _mm_cmpeq_epi8(small_load(len + i), tv)));
#else
    (void)LB;
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    const uint64_t tt = ones * t;
    for (int i = 0;; i += 8) {
        uint64_t w;
        memcpy(&w, len + i, 8);
        w ^= tt;
        if ((w - ones) & ~w & highs) {
            /* byte by byte within the word: any byte order */
            while (len[i] != t)
                i++;
            return i;
        }
    }
#endif
}

/* Copies one level's state to the next, in whole 64-byte blocks (a
 * memcpy of a constant size is a few moves; of a variable one, a call). */
static inline void small_copy(unsigned char *to, const unsigned char *from,
                              size_t stride)
{
    for (size_t k = 0; k < stride; k += 64)
        memcpy(to + k, from + k, 64);
}

/* The shapes of options the search is made for, its loops over an
 * option's items unrolled: */
enum {
    SMALL_U4,  /* four primary items each (sudoku, latin squares): the
                  records of all items are those of the primary ones, and
                  owt, onp and ngroups are not made */
    SMALL_A4,  /* at most four items (queens, sudoku bands) */
    SMALL_P4,  /* at most four primary items, any number of secondary */
    SMALL_ANY
};

/* Takes the options of rm (all active) out of the state (opts, len):
 * returns Knuth's updates for hiding them, |r| - 1 each. */
static inline uint64_t small_remove(const small_search *b, uint64_t *opts,
                                    uint8_t *len, const uint64_t *rm,
                                    const int shape)
{
    const int *owt = b->owt;
    const uint16_t *prec = b->prec;
    const int KP = shape <= SMALL_P4 ? 4 : b->KP;
    uint64_t u = 0;
    for (int w = 0; w < b->W; w++) {
        uint64_t bits = rm[w];
        if (!bits)
            continue;
        opts[w] &= ~bits;
        do {
            int r = (w << 6) + lowest_bit(bits);
            bits &= bits - 1;
            const uint16_t *rec = prec + (size_t)r * KP;
            u += shape == SMALL_U4 ? 3 : (uint64_t)owt[r];
            for (int k = 0; k < KP; k++)
                len[rec[k]]--;
        } while (bits);
    }
    return u;
}

/* rm = the options of mo that share an item with option o: the rows of
 * its items ORed four at a time (D's row of zeros fills a group), so that
 * the loop over the words is one the compiler vectorizes and does not
 * turn into calls of memcpy. */
static inline void small_clashes(const small_search *b, int o,
                                 const uint64_t *mo, uint64_t *rm,
                                 const int shape)
{
    const int W = b->W;
    const uint64_t *mask = b->mask;
    const uint16_t *rec = shape == SMALL_U4   ? b->prec + (size_t)o * 4
                          : shape == SMALL_A4 ? b->arec + (size_t)o * 4
                                              : b->arec + (size_t)o * b->KA;
    const int n = shape <= SMALL_A4 ? 4 : 4 * b->ngroups[o];
    for (int k = 0; k < n; k += 4) {
        const uint64_t *r0 = mask + (size_t)rec[k] * W;
        const uint64_t *r1 = mask + (size_t)rec[k + 1] * W;
        const uint64_t *r2 = mask + (size_t)rec[k + 2] * W;
        const uint64_t *r3 = mask + (size_t)rec[k + 3] * W;
        if (k == 0)
            for (int w = 0; w < W; w++)
                rm[w] = (r0[w] | r1[w] | r2[w] | r3[w]) & mo[w];
        else
            for (int w = 0; w < W; w++)
                rm[w] |= (r0[w] | r1[w] | r2[w] | r3[w]) & mo[w];
    }
}

/*
 * The search on the state small_build made: Algorithm X, with the state
 * of level L+1 made from level L's by copying it.
 *
 *   forward:  limits -> fewest options (all covered: a solution; 0: a
 *             dead end) -> cover the item in place, keep its options
 *   advance:  no option left? backup : copy the state down, take out the
 *             options that share an item with the option, level + 1
 *   backup:   level - 1, next option, advance
 */
static DLX_ALWAYS_INLINE void search_small(dlx_matrix *m,
                                           const dlx_search *s, double start,
                                           tally *out, const int shape)
{
    const small_search *b = m->small;
    const int W = b->W, LB = b->LB;
    const size_t stride = b->stride;
    unsigned char *const state = b->state;
    const uint64_t *const mask = b->mask;
    uint16_t *const lists = b->list;
    int *const nlist = b->nlist, *const idx = b->idx, *const at = b->at;
    int *const choice = m->choice;
    uint64_t *const level_nodes = m->level_nodes;
    uint64_t nodes = 0, found = 0, found_hi = 0, updates = 0;
    int level = 0, max_level = -1;
    at[0] = 0;
    /* the primary items not covered at each level */
    int left[DLX_SMALL_MAX_PRIMARY + 2];
    left[0] = b->P;
    dlx_outcome outcome = DLX_COMPLETE;
    uint64_t rm[DLX_SMALL_MAX_OPTIONS / 64];
#define OPTS(l) ((uint64_t *)(state + (size_t)(l) * stride))
#define LEN(l) (state + (size_t)(l) * stride + (size_t)W * 8)

forward:
    outcome = budget_spent(s, nodes, start);
    if (outcome != DLX_COMPLETE)
        goto done;
    nodes++;
    level_nodes[level]++;
    if (level > max_level)
        max_level = level;
    {
        uint64_t *opts = OPTS(at[level]);
        uint8_t *len = LEN(at[level]);
        /* every primary item covered: a solution without looking at len
         * (a third of a sudoku band's nodes; the scan would read bytes
         * just stored one by one, which the store buffer cannot forward) */
        unsigned t = left[level] ? small_fewest(len, LB) : DLX_SMALL_COVERED;
        if (t == DLX_SMALL_COVERED) {
            /* every primary item is covered: the choices, as the dance
             * keeps them (first nodes), only when they are looked at (the
             * first solution, a caller's callback) */
            if ((found == 0 && found_hi == 0) || s->on_solution) {
                for (int l = 0; l < level; l++)
                    choice[l] = m->opt_start[b->opt[lists[(size_t)l *
                                                          DLX_SMALL_MAX_LIST +
                                                          idx[l]]]];
            }
            outcome = visit_solution(m, s, level, &found, &found_hi, 1);
            if (outcome != DLX_COMPLETE)
                goto done;
            goto backup;
        }
        updates++; /* covering the item */
        if (t == 0)
            goto backup;
        int best = small_find(len, LB, t);
        const uint64_t *mk = mask + (size_t)best * W;
        uint16_t *list = lists + (size_t)level * DLX_SMALL_MAX_LIST;
        int n = 0;
        if (t == 1) {
            /* one option: it stays in the state, and trying it takes it
             * out with the options it clashes with (and counts the same
             * updates), which saves a pass over the words */
            uint64_t bits;
            int w = 0;
            while (!(bits = opts[w] & mk[w]))
                w++;
            list[n++] = (uint16_t)((w << 6) + lowest_bit(bits));
        } else {
            for (int w = 0; w < W; w++) {
                uint64_t bits = opts[w] & mk[w];
                rm[w] = bits;
                for (; bits; bits &= bits - 1)
                    list[n++] = (uint16_t)((w << 6) + lowest_bit(bits));
            }
            updates += small_remove(b, opts, len, rm, shape);
        }
        len[best] = DLX_SMALL_COVERED;
        nlist[level] = n;
        idx[level] = 0;
    }

advance:
    if (idx[level] == nlist[level])
        goto backup;
    {
        int o = lists[(size_t)level * DLX_SMALL_MAX_LIST + idx[level]];
        /* an item with one option is never come back to for another:
         * the next level works on this level's state in place, and the
         * copy is saved (most nodes of a sudoku are such) */
        const int from = at[level], to = from + (nlist[level] > 1);
        const uint64_t *mo = OPTS(from);
        uint64_t *no = OPTS(to);
        uint8_t *nl = LEN(to);
        at[level + 1] = to;
        left[level + 1] = left[level] - (shape == SMALL_U4 ? 4 : b->onp[o]);
        if (to != from)
            small_copy((unsigned char *)no, (const unsigned char *)mo,
                       stride);
        /* the options that share an item with o: those of its items
         * (the chosen item's are gone from mo already) */
        small_clashes(b, o, mo, rm, shape);
        updates += (shape == SMALL_U4 ? 3 : (uint64_t)b->owt[o]) +
                   small_remove(b, no, nl, rm, shape);
        const uint16_t *rec = b->prec + (size_t)o * b->KP;
        for (int k = 0, kp = shape <= SMALL_P4 ? 4 : b->KP; k < kp; k++)
            nl[rec[k]] = DLX_SMALL_COVERED;
        level++;
        goto forward;
    }

backup:
    if (level == 0)
        goto done;
    level--;
    idx[level]++;
    goto advance;

done:
#undef OPTS
#undef LEN
    out->nodes = nodes;
    out->updates = updates;
    out->found = found;
    out->found_hi = found_hi;
    out->max_level = max_level;
    out->outcome = outcome;
}

/* The search made for each shape of options (above). */
static void search_small_u4(dlx_matrix *m, const dlx_search *s, double start,
                            tally *out)
{
    search_small(m, s, start, out, SMALL_U4);
}

static void search_small_a4(dlx_matrix *m, const dlx_search *s, double start,
                            tally *out)
{
    search_small(m, s, start, out, SMALL_A4);
}

static void search_small_p4(dlx_matrix *m, const dlx_search *s, double start,
                            tally *out)
{
    search_small(m, s, start, out, SMALL_P4);
}

static void search_small_any(dlx_matrix *m, const dlx_search *s,
                             double start, tally *out)
{
    search_small(m, s, start, out, SMALL_ANY);
}

int dlx_solve(dlx_matrix *m, const dlx_search *s, dlx_result *r)
{
    memset(r, 0, sizeof *r);
    r->max_level = -1;
    if (m->busy)
        return DLX_EBUSY;
    if (m->ext.n_bounded)
        return dlxi_mcc_solve(m, s, r);
    if (s->n_forced < 0 || (s->n_forced > 0 && !s->forced))
        return DLX_EOPTION;
    int status = prepare_buffers(m, s->n_forced, s->randomize,
                                 s->split_depth > 0);
    if (status != DLX_OK)
        return status;
    double start = now_seconds();
    tally t;
    memset(&t, 0, sizeof t);
    if (small_eligible(m, s)) {
        status = small_build(m, s);
        if (status == DLX_OK) {
            m->busy = 1;
            const small_search *b = m->small;
            if (b->uniform && b->KP == 4)
                search_small_u4(m, s, start, &t);
            else if (b->KA == 4)
                search_small_a4(m, s, start, &t);
            else if (b->KP == 4)
                search_small_p4(m, s, start, &t);
            else
                search_small_any(m, s, start, &t);
            m->busy = 0;
            r->engine = DLX_ENGINE_SMALL;
            goto reported;
        }
        if (status != DLX_ETOOBIG)
            return status;
    }
    uint64_t forced_updates = 0;
    status = force(m, s->forced, s->n_forced, &forced_updates);
    if (status != DLX_OK)
        return status;
    m->busy = 1;
    bits_search bs;
    if (bits_eligible(m, s) && bits_build(m, &bs) == DLX_OK) {
        search_bits(m, s, start, &bs, &t);
        bits_free(&bs);
        r->engine = DLX_ENGINE_BITS;
        goto searched;
    }
    r->engine = DLX_ENGINE_LINKS;
    /* Tracking empty items costs a test per update and saves most of the
     * item scan; it pays when there are many items (sudoku: 324), not on
     * small hide-heavy problems (queens, pentominoes: 15-25% slower). */
    int track = m->n_primary >= DLX_TRACK_ZEROS_FROM;
    if (m->has_colors)
        track ? search_colored_track(m, s, start, &t)
              : search_colored(m, s, start, &t);
    else if (!s->on_trace && s->split_depth <= 0 && !s->randomize)
        track ? search_simple_track(m, s, start, &t)
              : search_simple(m, s, start, &t);
    else
        track ? search_plain_track(m, s, start, &t)
              : search_plain(m, s, start, &t);
searched:
    unforce(m, s->forced, s->n_forced);
    m->busy = 0;
reported:
    r->outcome = t.outcome;
    r->solutions.lo = t.found;
    r->solutions.hi = t.found_hi;
    r->nodes = t.nodes;
    r->updates = t.updates;
    r->splits = t.splits;
    r->max_level = t.max_level;
    r->seconds = now_seconds() - start;
    r->first = m->first;
    r->first_n = m->first_n;
    r->level_nodes = m->level_nodes;
    r->n_levels = t.max_level + 1;
    m->levels_used = t.max_level + 1;
    return t.status;
}

int dlx_estimate_size(dlx_matrix *m, const dlx_search *s, uint64_t paths,
                      dlx_estimate *e)
{
    memset(e, 0, sizeof *e);
    dlx_search none = dlx_search_defaults();
    if (!s)
        s = &none;
    if (m->busy)
        return DLX_EBUSY;
    if (m->ext.n_bounded)
        return DLX_ENOTSUP;
    if (s->n_forced < 0 || (s->n_forced > 0 && !s->forced))
        return DLX_EOPTION;
    int status = prepare_buffers(m, s->n_forced, 0, 0);
    if (status != DLX_OK)
        return status;
    double start = now_seconds();
    uint64_t updates = 0;
    status = force(m, s->forced, s->n_forced, &updates);
    if (status != DLX_OK)
        return status;
    long zeros = 0;
    const dance dn = dance_of(m, &zeros), *d = &dn;
    const item *it = m->items;
    const int *itm = m->itm;
    int *path = m->choice;
    uint64_t rng = s->seed, visited = 0, done = 0;
    dlx_outcome outcome = DLX_COMPLETE;
    /* Welford's running means and variances, over the paths done */
    double sol_mean = 0, sol_m2 = 0, node_mean = 0, node_m2 = 0;
    while (done < paths && outcome == DLX_COMPLETE) {
        double weight = 1, nodes = 1, solutions = 0;
        int level = 0;
        for (;;) {
            /* the same budgets as a search, on the nodes of all paths; a
             * path cut short is dropped, not counted */
            outcome = budget_spent(s, visited, start);
            if (outcome != DLX_COMPLETE)
                break;
            visited++;
            if (it[0].next == 0) {
                solutions = weight;
                break;
            }
            int best = 0, t = INT_MAX;
            for (int c = it[0].next; c != 0; c = it[c].next)
                if (itm[c] < t) {
                    best = c, t = itm[c];
                    if (t == 0)
                        break;
                }
            if (t == 0)
                break;
            int x = m->ln[best].down;
            for (int j = (int)random_below(&rng, (uint32_t)t); j > 0; j--)
                x = m->ln[x].down;
            cover(d, best, &updates, 1, 0, 1);
            commit_others(d, x, &updates, 1, 0, 1);
            path[level++] = x;
            weight *= t;
            nodes += weight;
        }
        while (level > 0) {
            int x = path[--level];
            uncommit_others(d, x, 1, 0, 1);
            uncover(d, m->itm[x], 1, 0, 1);
        }
        if (outcome != DLX_COMPLETE)
            break;
        done++;
        double ds = solutions - sol_mean, dn2 = nodes - node_mean;
        sol_mean += ds / (double)done;
        sol_m2 += ds * (solutions - sol_mean);
        node_mean += dn2 / (double)done;
        node_m2 += dn2 * (nodes - node_mean);
    }
    unforce(m, s->forced, s->n_forced);
    e->outcome = outcome;
    e->paths = done;
    e->visited = visited;
    e->solutions = sol_mean;
    e->nodes = node_mean;
    if (done > 1) {
        e->solutions_error = sqrt(sol_m2 / (double)(done - 1) /
                                  (double)done);
        e->nodes_error = sqrt(node_m2 / (double)(done - 1) / (double)done);
    }
    return DLX_OK;
}

int dlx_count_solutions(dlx_matrix *m, uint64_t limit, const int *forced,
                        int n_forced, dlx_result *r)
{
    dlx_search s = dlx_search_defaults();
    s.max_solutions = limit;
    s.forced = forced;
    s.n_forced = n_forced;
    return dlx_solve(m, &s, r);
}

/* ---- what dlx_mcc.c and dlx_cost.c reach of the matrix ----------------- */

dlxi_ext *dlxi_ext_of(dlx_matrix *m) { return &m->ext; }
const dlxi_ext *dlxi_ext_const(const dlx_matrix *m) { return &m->ext; }
int *dlxi_busy(dlx_matrix *m) { return &m->busy; }

const int *dlxi_pushed(const dlx_matrix *m, int *n)
{
    *n = m->n_pushed;
    return m->pushed;
}
