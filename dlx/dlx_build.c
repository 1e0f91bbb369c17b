/*
 * dlx_build.c - the matrix of Knuth's dlx1/dlx2 (layout in dlx_internal.h):
 * building it, copying and checking it, and the counts and messages of
 * the API.  The searches are in dlx_solve.c and the engines' files.
 */
#include "dlx_internal.h"
#include "dlx_memo_table.h"

#include <stdio.h>

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
    case DLX_EOVERFLOW: return "count past 2^128";
    case DLX_EPUSHED: return "pushed options: not seen by the memo counter";
    case DLX_EBOUNDS: return "bad item bounds or option cost";
    case DLX_ENOTSUP: return "not supported with multiplicities or costs";
    case DLX_EINVAL: return "malformed argument";
    case DLX_EENGINE: return "the engine asked for cannot run this search";
    case DLX_EFORCED: return "forced options are not taken here";
    case DLX_ESYNTAX:
        return "the input text is not valid (see its line and column)";
    case DLX_EREAD: return "read error";
    case DLX_EWRITE: return "write error";
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
    dlxi_small_free(m->small);
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
    return num_nodes(m);
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
                /* purified (< 0) during a search: the item's header
                 * holds the color (see purify()) */
                colors[k] = color[x] < 0 ? color[itm[x]] : color[x];
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

/* ---- what dlx_mcc.c and dlx_cost.c reach of the matrix ----------------- */

dlxi_ext *dlxi_ext_of(dlx_matrix *m) { return &m->ext; }
const dlxi_ext *dlxi_ext_const(const dlx_matrix *m) { return &m->ext; }
int *dlxi_busy(dlx_matrix *m) { return &m->busy; }
void dlxi_memo_live_set(dlx_matrix *m, const void *M)
{
    m->memo_live = M;
    m->poll_walk = DLXI_WALK_NONE;  /* no levels to read: dlx_poll_progress */
}
const void *dlxi_memo_live(const dlx_matrix *m) { return m->memo_live; }

const int *dlxi_pushed(const dlx_matrix *m, int *n)
{
    *n = m->n_pushed;
    return m->pushed;
}
