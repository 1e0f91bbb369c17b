/*
 * dlx_mcc.c - multiplicities: Knuth's Algorithm M (dlx3, TAOCP 7.2.2.1).
 *
 * A primary item j must be covered s_j times with lo_j <= s_j <= hi_j.
 * The search is dlx3's step for step (same item chosen, same nodes and
 * updates), on node arrays of its own built from the matrix's items and
 * options, so that the dance (dlx_dance.c, dlx_steps.h) and its inner
 * loops stay as they are: plain input never comes here.  Its steps are
 * written once here for this layout (hide, cover, purify, tweak and
 * their undos, with dlx3's labels M1-M9 in dlx/README.md).
 *
 * Layout (Knuth's, int indices into one array of 16-byte nodes):
 *
 *   act            bitset of the active primary items (dlx3's root
 *                  list, in the same order)
 *   cl[1..P]       primary items: bound = how many more options may
 *                  cover it, slack = hi - lo (fixed), len = list length
 *   cl[P+1..N]     secondary items (len kept, never read)
 *   nd[1..N]       list headers of the items (up, down)
 *   nd[N+1]        first spacer; then each option's nodes and a spacer
 *   node           up, down in its item's list; itm = item (> 0);
 *                  color 0 none, > 0 a color, -1 purified (left in
 *                  place, ignored by hide)
 *   spacer         itm <= 0; up = first node of the option before it,
 *                  down = last node of the option after it
 *
 * "Tweaking" (dlx3's new dance step) takes the top option of an item's
 * list out of it when the item may still be covered again; untweaking
 * puts back the run of tweaked options in one pass.  Costs (dlx_best,
 * dlx_cost.c) add a cutoff to the same loop; their item lists are sorted
 * by net cost, and the loop is compiled once for each combination of
 * costs and colors (DLX_ALWAYS_INLINE, dlx_inline.h).  The arrays' types,
 * the choice of item and the shortcuts are in dlx_mcc_choice.h.
 */
#include "dlx_budget.h"
#include "dlx_mcc_choice.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void dlxi_mcc_release(dlxi_mcc *e)
{
    free(e->nd);
    free(e->cl);
    free(e->nopt);
    free(e->color);
    free(e->prv);
    free(e->ncn);
    free(e->omap);
    free(e->ncost);
    free(e->lbw);
    free(e->indep);
    free(e->act);
    free(e->choice);
    free(e->best);
    free(e->first_tweak);
    free(e->partcost);
    free(e->thr0);
    free(e->thr1);
    free(e->rest);
    free(e->sol);
    free(e->first);
    free(e->fixed);
    free(e->level_nodes);
    free(e);
}

/* What forced and pushed options leave: per item, uses so far; per
 * secondary item, 0 free, -1 taken without color, c > 0 taken with c. */
typedef struct fixing {
    int *use, *state;
    char *taken;
    int *items, *colors, cap;
} fixing;

static void fixing_free(fixing *f)
{
    free(f->use);
    free(f->state);
    free(f->taken);
    free(f->items);
    free(f->colors);
}

/* The items of option o into f->items/colors; its size or a status. */
static int fetch_option(const dlx_matrix *m, fixing *f, int o)
{
    int n = dlx_option_items(m, o, NULL, NULL, 0);
    if (n < 0)
        return n;
    if (n > f->cap) {
        int *a = realloc(f->items, (size_t)n * sizeof *a);
        if (a)
            f->items = a;
        int *b = a ? realloc(f->colors, (size_t)n * sizeof *b) : NULL;
        if (!b)
            return DLX_ENOMEM;
        f->colors = b;
        f->cap = n;
    }
    return dlx_option_items(m, o, f->items, f->colors, n);
}

static int fix_option(const dlx_matrix *m, fixing *f, int o)
{
    if (o < 0 || o >= dlx_num_options(m))
        return DLX_EOPTION;
    if (f->taken[o])
        return DLX_ECONFLICT;
    f->taken[o] = 1;
    int n = fetch_option(m, f, o), P = dlx_num_primary(m), lo = 1, hi = 1;
    if (n < 0)
        return n;
    for (int k = 0; k < n; k++) {
        int i = f->items[k], c = f->colors[k];
        if (i < P) {
            dlx_item_bounds(m, i, &lo, &hi);
            if (++f->use[i] > hi)
                return DLX_ECONFLICT;
        } else if (c == 0) {
            if (f->state[i] != 0)
                return DLX_ECONFLICT;
            f->state[i] = -1;
        } else {
            if (f->state[i] != 0 && f->state[i] != c)
                return DLX_ECONFLICT;
            f->state[i] = c;
        }
    }
    return DLX_OK;
}

/* Nodes option o keeps after the fixed options (0: dropped). */
static int kept_nodes(const dlx_matrix *m, fixing *f, int o)
{
    if (f->taken[o])
        return 0;
    int n = fetch_option(m, f, o), P = dlx_num_primary(m), kept = 0;
    int lo = 1, hi = 1;
    for (int k = 0; k < n; k++) {
        int i = f->items[k], c = f->colors[k];
        if (i < P) {
            dlx_item_bounds(m, i, &lo, &hi);
            if (f->use[i] >= hi)
                return 0;
            kept++;
        } else if (f->state[i] != 0) {
            if (f->state[i] < 0 || c != f->state[i])
                return 0;
        } else {
            kept++;
        }
    }
    return kept;
}

#define GROW(p, n)                                                         \
    do {                                                                   \
        void *q_ = realloc((p), (size_t)(n) * sizeof *(p));                \
        if (!q_)                                                           \
            return DLX_ENOMEM;                                             \
        (p) = q_;                                                          \
    } while (0)

/* The items: the root list holds the primary items fixed options left
 * room in; bound = room left, slack = hi - lo (so a fixed option that
 * met the lower bound leaves bound <= slack). */
static int build_items(dlxi_mcc *e, const dlx_matrix *m, const fixing *f)
{
    int N = dlx_num_items(m), P = dlx_num_primary(m), lo = 1, hi = 1;
    e->n_items = N;
    e->second = P + 1;
    e->last_itm = N + 1;
    GROW(e->cl, N + 2);
    memset(e->cl, 0, (size_t)(N + 2) * sizeof *e->cl);
    e->n_words = (P + 1 + 63) / 64;
    GROW(e->act, e->n_words);
    memset(e->act, 0, (size_t)e->n_words * sizeof *e->act);
    for (int i = 1; i <= N; i++) {
        mitem *c = &e->cl[i];
        if (i > P)
            continue;
        dlx_item_bounds(m, i - 1, &lo, &hi);
        c->bound = hi - f->use[i - 1];
        c->slack = hi - lo;
        if (c->bound == 0)
            continue;
        e->act[i >> 6] |= (uint64_t)1 << (i & 63);
    }
    e->packed = P < 4096;
    for (int i = 1; i <= P; i++)
        e->packed &= e->cl[i].bound < 1024;
    return DLX_OK;
}

/* Appends node x of item i (color c) at the bottom of i's list. */
static void append_node(dlxi_mcc *e, int x, int i, int c, int opt)
{
    mnode *nd = e->nd;
    int r = nd[i].up;
    nd[x].itm = i;
    e->color[x] = c;
    e->has_colors |= c != 0;
    nd[x].up = r;
    nd[x].down = i;
    nd[r].down = x;
    nd[i].up = x;
    e->cl[i].len++;
    e->nopt[x] = opt;
}

static int build_nodes(dlxi_mcc *e, const dlx_matrix *m, fixing *f)
{
    int n_options = dlx_num_options(m), N = e->n_items, P = e->second - 1;
    long total = N + 2;
    int opts = 0;
    for (int o = 0; o < n_options; o++) {
        int k = kept_nodes(m, f, o);
        if (k < 0)
            return k;
        if (k) {
            total += k + 1;
            opts++;
        }
    }
    if (total >= INT_MAX)
        return DLX_ETOOBIG;
    GROW(e->nd, total);
    GROW(e->nopt, total);
    GROW(e->color, total);
    GROW(e->prv, total);
    GROW(e->omap, opts + 1);
    e->has_colors = 0;
    e->bare = 0;
    for (int i = 0; i <= N; i++) {
        e->nd[i] = (mnode){i, i, 0, 0};
        e->nopt[i] = -1;
        e->color[i] = 0;
        e->prv[i] = i;
    }
    int x = N + 1, spacer = x, j = 0;
    e->nd[x] = (mnode){0, 0, 0, 0};
    e->nopt[x] = -1;
    e->color[x] = 0;
    e->prv[x] = x;
    for (int o = 0; o < n_options; o++) {
        if (!kept_nodes(m, f, o))
            continue;
        int n = fetch_option(m, f, o), prim = 0;
        for (int k = 0; k < n; k++) {
            int i = f->items[k];
            prim += i < P;
            if (i >= P && f->state[i] != 0)
                continue;
            append_node(e, ++x, i + 1, f->colors[k], j);
        }
        e->bare |= prim == 0;
        e->nd[spacer].down = x;
        for (int y = spacer + 1; y <= x; y++) {
            e->prv[y] = y > spacer + 1 ? y - 1 : x;
            e->nd[y].others = x - spacer - 1;
        }
        e->nd[++x] = (mnode){spacer + 1, 0, -(j + 1), 0};
        e->nopt[x] = -1;
        e->color[x] = 0;
        e->prv[x] = x;
        spacer = x;
        e->omap[j++] = o;
    }
    e->n_nodes = x + 1;
    for (int i = 1; i < e->second; i++)
        e->packed &= e->cl[i].len < (1 << 20) - 2048;
    e->n_opts = j;
    e->every = 0;
    for (int i = P; i >= 1; i--)
        if (e->cl[i].len == j && j > 0)
            e->every = i;
    return DLX_OK;
}

static int apply_steps(const dlx_matrix *m, fixing *f, const int *steps,
                       int n_steps);

/* Fixes the pushed, then the forced options (or a job's steps, whose
 * options are then the forced ones), and builds what is left. */
static int mcc_build(dlxi_mcc *e, const dlx_matrix *m, const int *forced,
                     int n_forced)
{
    int N = dlx_num_items(m), n_options = dlx_num_options(m), n_pushed;
    const int *pushed = dlxi_pushed(m, &n_pushed);
    fixing f;
    memset(&f, 0, sizeof f);
    f.use = calloc((size_t)N + 1, sizeof *f.use);
    f.state = calloc((size_t)N + 1, sizeof *f.state);
    f.taken = calloc((size_t)n_options + 1, 1);
    int status = f.use && f.state && f.taken ? DLX_OK : DLX_ENOMEM;
    for (int k = 0; k < n_pushed && status == DLX_OK; k++)
        status = fix_option(m, &f, pushed[k]);
    if (e->steps && status == DLX_OK)
        status = apply_steps(m, &f, e->steps, e->n_steps);
    else
        for (int k = 0; k < n_forced && status == DLX_OK; k++)
            status = fix_option(m, &f, forced[k]);
    e->base = 0;
    for (int k = 0; k < n_pushed; k++)
        e->base += dlx_option_cost(m, pushed[k]);
    for (int k = 0; k < n_forced && status == DLX_OK; k++)
        e->base += dlx_option_cost(m, forced[k]);
    if (status == DLX_OK)
        status = build_items(e, m, &f);
    if (status == DLX_OK)
        status = build_nodes(e, m, &f);
    fixing_free(&f);
    if (status != DLX_OK)
        return status;
    int L = e->n_opts + e->second + 2;
    GROW(e->choice, L);
    GROW(e->best, L);
    GROW(e->first_tweak, L);
    GROW(e->partcost, L);
    GROW(e->thr0, L);
    GROW(e->thr1, L);
    GROW(e->rest, 3 * L);
    GROW(e->level_nodes, L);
    GROW(e->first, L + n_forced);
    GROW(e->sol, L + n_forced);
    memset(e->level_nodes, 0, (size_t)L * sizeof *e->level_nodes);
    e->n_levels = L;
    GROW(e->fixed, n_forced + 1);
    if (n_forced)
        memcpy(e->fixed, forced, (size_t)n_forced * sizeof *forced);
    e->n_fixed = n_forced;
    e->first_n = 0;
    return DLX_OK;
}

#ifdef EXCOVER_SANITY
#include <stdio.h>

/*
 * Knuth's sanity() for Algorithm M's nodes, at every level: the list of
 * every active primary item is doubly linked, holds only nodes of that
 * item and is as long as cl[].len says (tweaked options have left it and
 * its length).  A failure is a bug of the engine, not bad input: this
 * build stops at once (CMake option EXCOVER_SANITY).
 */
static void mcc_sanity(const dlxi_mcc *e, int level)
{
    const mnode *nd = e->nd;
    for (int c = 1; c < e->second; c++) {
        if (!(e->act[c >> 6] >> (c & 63) & 1))
            continue;
        int len = 0;
        if (nd[nd[c].down].up != c)
            goto broken;
        for (int x = nd[c].down; x != c; x = nd[x].down)
            if (x <= e->last_itm || x >= e->n_nodes || nd[x].itm != c ||
                nd[nd[x].down].up != x || ++len > e->n_nodes)
                goto broken;
        if (len != e->cl[c].len)
            goto broken;
    }
    return;
broken:
    fprintf(stderr, "dlx: Algorithm M sanity check failed at level %d\n",
            level);
    abort();
}
#define MCC_SANITY(e, level) mcc_sanity(e, level)
#else
#define MCC_SANITY(e, level) ((void)0)
#endif

/* ---- the dance steps (dlx3's, in its orders) ---------------------------- */

/* Each step walks an option as dlx3 does: from the node to the spacer
 * after it, up to the option's first node (the spacer's up) and on to
 * the node again (leftward walks go by prv): the same nodes in the same
 * order.  With `colors` 0 (no option gives a color) no color is read. */
#define LIVE(x) (!colors || e->color[x] >= 0)

/* Takes every other node of rr's option out of its list. */
static inline uint64_t hide(dlxi_mcc *e, int rr, const int colors)
{
    mnode *nd = e->nd;
    mitem *cl = e->cl;
    uint64_t u = 0;
    for (int nn = rr + 1; nn != rr;) {
        int cc = nd[nn].itm;
        if (cc <= 0) {
            nn = nd[nn].up;
            continue;
        }
        if (LIVE(nn)) {
            int uu = nd[nn].up, dd = nd[nn].down;
            nd[uu].down = dd;
            nd[dd].up = uu;
            cl[cc].len--; /* never read for a secondary item: no test */
            u++;
        }
        nn++;
    }
    return u;
}

static inline void unhide(dlxi_mcc *e, int rr, const int colors)
{
    mnode *nd = e->nd;
    mitem *cl = e->cl;
    for (int nn = rr + 1; nn != rr;) {
        int cc = nd[nn].itm;
        if (cc <= 0) {
            nn = nd[nn].up;
            continue;
        }
        if (LIVE(nn)) {
            int uu = nd[nn].up, dd = nd[nn].down;
            nd[uu].down = nd[dd].up = nn;
            cl[cc].len++;
        }
        nn++;
    }
}

static inline void deactivate(dlxi_mcc *e, int c)
{
    e->act[c >> 6] &= ~((uint64_t)1 << (c & 63));
}

static inline void reactivate(dlxi_mcc *e, int c)
{
    e->act[c >> 6] |= (uint64_t)1 << (c & 63);
}

/* With costs (dlx5), lists are sorted by net cost and a cover hides
 * only the options cheaper than `thr`, the cutoff less the cost so far
 * when it covers: the rest can never be chosen below it (the cost so far
 * only grows, the cutoff only falls).  uncover takes the same thr. */
#define CHEAP(x) (!costs || e->ncn[x] < thr)

/* Covers item c: out of the root list (`deact`: primary items; a
 * secondary item is in no list) and every option of its list hidden. */
static inline uint64_t cover(dlxi_mcc *e, int c, int deact, const int colors,
                             const int costs, int64_t thr)
{
    mnode *nd = e->nd;
    const int last = e->last_itm;
    uint64_t u = 1;
    if (deact)
        deactivate(e, c);
    for (int rr = nd[c].down; rr >= last && CHEAP(rr); rr = nd[rr].down)
        u += hide(e, rr, colors);
    return u;
}

static inline void uncover(dlxi_mcc *e, int c, int react, const int colors,
                           const int costs, int64_t thr)
{
    mnode *nd = e->nd;
    const int last = e->last_itm;
    for (int rr = nd[c].down; rr >= last && CHEAP(rr); rr = nd[rr].down)
        unhide(e, rr, colors);
    if (react)
        reactivate(e, c);
}

/* Keeps only the options that give p's item p's color. */
static uint64_t purify(dlxi_mcc *e, int p)
{
    mnode *nd = e->nd;
    int cc = nd[p].itm, x = e->color[p];
    uint64_t u = 0;
    for (int rr = nd[cc].down; rr >= e->last_itm; rr = nd[rr].down) {
        if (e->color[rr] != x)
            u += hide(e, rr, 1);
        else if (rr != p)
            e->color[rr] = -1;
    }
    return u;
}

static void unpurify(dlxi_mcc *e, int p)
{
    mnode *nd = e->nd;
    mitem *cl = e->cl;
    int cc = nd[p].itm, x = e->color[p];
    for (int rr = nd[cc].up; rr >= e->last_itm; rr = nd[rr].up) {
        if (e->color[rr] < 0) {
            e->color[rr] = x;
        } else if (rr != p) {
            for (int nn = e->prv[rr]; nn != rr; nn = e->prv[nn])
                if (e->color[nn] >= 0) {
                    int uu = nd[nn].up, dd = nd[nn].down;
                    nd[uu].down = nd[dd].up = nn;
                    cl[nd[nn].itm].len++;
                }
        }
    }
}

/* Takes n, the top of its list, out; when `block`, hides its option. */
static inline uint64_t tweak(dlxi_mcc *e, int n, int block, const int colors)
{
    mnode *nd = e->nd;
    mitem *cl = e->cl;
    uint64_t u = 0;
    for (int nn = block ? n + 1 : n;; nn++) {
        int cc = nd[nn].itm;
        if (cc <= 0) {
            nn = nd[nn].up - 1;
            continue;
        }
        if (LIVE(nn)) {
            int uu = nd[nn].up, dd = nd[nn].down;
            nd[uu].down = dd;
            nd[dd].up = uu;
            cl[cc].len--;
            u++;
        }
        if (nn == n)
            break;
    }
    return u;
}

/* Puts back the options tweaked out of c's list since x was its top. */
static inline void untweak(dlxi_mcc *e, int c, int x, int unblock,
                           const int colors, const int costs, int64_t thr)
{
    mnode *nd = e->nd;
    mitem *cl = e->cl;
    int z = nd[c].down, k = 0, qq = c, rr;
    nd[c].down = x;
    for (rr = x; rr != z; qq = rr, rr = nd[rr].down) {
        nd[rr].up = qq;
        k++;
        if (unblock)
            unhide(e, rr, colors);
    }
    nd[rr].up = qq;
    cl[c].len += k;
    if (!unblock)
        uncover(e, c, 0, colors, costs, thr);
}

/* Covers, or counts down, the other items of the option of node cur. */
static inline uint64_t commit_others(dlxi_mcc *e, int cur, const int colors,
                                     const int costs, int64_t thr)
{
    mnode *nd = e->nd;
    const int second = e->second;
    uint64_t u = 0;
    for (int pp = cur + 1; pp != cur; pp++) {
        int cc = nd[pp].itm;
        if (cc <= 0) {
            pp = nd[pp].up - 1;
            continue;
        }
        if (cc < second) {
            if (--e->cl[cc].bound == 0)
                u += cover(e, cc, 1, colors, costs, thr);
        } else if (!colors || e->color[pp] == 0) {
            u += cover(e, cc, 0, colors, costs, thr);
        } else if (e->color[pp] > 0) {
            u += purify(e, pp);
        }
    }
    return u;
}

static inline void uncommit_others(dlxi_mcc *e, int cur, const int colors,
                                   const int costs, int64_t thr)
{
    const int second = e->second;
    for (int pp = e->prv[cur]; pp != cur; pp = e->prv[pp]) {
        int cc = e->nd[pp].itm;
        if (cc < second) {
            if (e->cl[cc].bound == 0)
                uncover(e, cc, 1, colors, costs, thr);
            e->cl[cc].bound++;
        } else if (!colors || e->color[pp] == 0) {
            uncover(e, cc, 0, colors, costs, thr);
        } else if (e->color[pp] > 0) {
            unpurify(e, pp);
        }
    }
}

/* ---- the search --------------------------------------------------------- */

typedef struct run {
    const dlx_search *s;
    dlxi_cost_hook *hook;
    uint64_t nodes, updates, found_lo, found_hi;
    int maxl, status;
    dlx_outcome outcome;
    double start;
} run;

/* Whether a node of net cost `cost` (plus `lb` at least) cannot beat the
 * cutoff: a whole number >= cost + lb must stay below it; lb is a sum of
 * doubles, trimmed so that rounding never cuts a node that could. */
static inline int cut_off(const dlxi_cost_hook *h, int64_t cost, double lb)
{
    if (cost >= h->cutoff)
        return 1;
    return lb * (1 - 1e-9) > (double)(h->cutoff - 1 - cost);
}

/* The solution of levels 0..level-1: forced options, then each level's
 * (a level that chose no option adds none).  Returns its size. */
static int solution(dlxi_mcc *e, int level, int *out)
{
    int n = e->n_fixed;
    memcpy(out, e->fixed, (size_t)n * sizeof *out);
    for (int k = 0; k < level; k++)
        if (e->choice[k] >= e->last_itm)
            out[n++] = e->omap[e->nopt[e->choice[k]]];
    return n;
}

/* A solution at `level` of net cost `cost`: 0 to go on, 1 to stop. */
static int visit(dlxi_mcc *e, run *R, int level, int64_t cost)
{
    const dlx_search *s = R->s;
    if (++R->found_lo == 0)
        R->found_hi++;
    int n = -1;
    if (e->first_n == 0) {
        n = solution(e, level, e->first);
        e->first_n = n;
    }
    if (R->hook) {
        n = solution(e, level, e->sol);
        if (dlxi_best_keep(R->hook, e->sol, n, cost)) {
            R->status = DLX_ENOMEM;
            return 1;
        }
    }
    if (s->on_solution) {
        if (n < 0 || !R->hook)
            n = solution(e, level, e->sol);
        if (s->on_solution(s->solution_ctx, e->sol, n)) {
            R->outcome = DLX_STOP_CALLBACK;
            return 1;
        }
    }
    if (!R->hook && s->max_solutions && R->found_hi == 0 &&
        R->found_lo >= s->max_solutions) {
        R->outcome = DLX_STOP_SOLUTIONS;
        return 1;
    }
    return 0;
}

/* Limits, looked at when the count of nodes reaches *next (the node
 * limit or the next poll, whichever comes first): 1 to stop, else *next
 * moves on.  A single compare per node in the loop. */
static int spent(run *R, uint64_t nodes, uint64_t *next)
{
    const dlx_search *s = R->s;
    if (s->max_nodes && nodes >= s->max_nodes) {
        R->outcome = DLX_STOP_NODES;
        return 1;
    }
    if ((nodes & (DLX_POLL_NODES - 1)) == 0 && nodes) {
        dlx_outcome o = budget_poll(s, nodes, R->start);
        if (o != DLX_COMPLETE) {
            R->outcome = o;
            return 1;
        }
    }
    uint64_t poll = (nodes | (DLX_POLL_NODES - 1)) + 1;
    *next = s->max_nodes && s->max_nodes < poll ? s->max_nodes : poll;
    return 0;
}

/* The loop's counts, in its registers: nodes, updates, the node limit or
 * poll to look at next, the deepest level; back in *R when it ends. */
typedef struct loop_counts {
    uint64_t nodes, updates, next;
    int maxl;
} loop_counts;

/* Counts t nodes below `level` that the loop does not search, one a level
 * at level + 1 .. level + t (a chain) or all at level + 1 (`flat`), and
 * u updates, as the loop would, when no node limit or poll falls among
 * them (it looks at them before each node's count): 1, else 0 (then the
 * loop searches them). */
static DLX_ALWAYS_INLINE int count_below(dlxi_mcc *e, loop_counts *T, int level,
                                         uint64_t t, int flat, uint64_t u)
{
    if (T->nodes + t - 1 >= T->next)
        return 0;
    T->updates += u;
    T->nodes += t;
    if (flat)
        e->level_nodes[level + 1] += t;
    else
        for (uint64_t j = 1; j <= t; j++)
            e->level_nodes[level + j]++;
    int deepest = flat ? level + 1 : level + (int)t;
    if (deepest > T->maxl)
        T->maxl = deepest;
    return 1;
}

static inline void add_found(run *R, uint64_t n)
{
    uint64_t f = R->found_lo + n;
    R->found_hi += f < R->found_lo;
    R->found_lo = f;
}

/* The search below the node at `level` (its choice best, of `score`)
 * when its steps are known (dlx_mcc_choice.h): dlx3's chain of null
 * moves (its solution to visit), or when only counting (`quiet`) the
 * last item.  1 when counted, -1 when visit says stop, 0 to search. */
static DLX_ALWAYS_INLINE int count_known(dlxi_mcc *e, run *R, loop_counts *T,
                                         int level, int score, int best,
                                         const int colors, int quiet)
{
    uint64_t u;
    int m = score == 1 ? null_chain(e, &u) : 0;
    if (m && count_below(e, T, level, (uint64_t)m, 0, u)) {
        if (!quiet || !e->first_n)
            return visit(e, R, level, 0) ? -1 : 1;
        add_found(R, 1);
        return 1;
    }
    if (!quiet || !e->first_n || score == NO_ITEM_LEFT ||
        e->cl[best].bound != 1 || e->cl[best].slack == 0)
        return 0;
    long n = last_item(e, best, colors, &u);
    if (n < 0 || !count_below(e, T, level, (uint64_t)n + 1, 1, u))
        return 0;
    add_found(R, (uint64_t)n + 1);
    return 1;
}

/* The node below option cur of best when the option covers an item of
 * every option (every_cover), counted: 1, else 0. */
static DLX_ALWAYS_INLINE int count_every(dlxi_mcc *e, run *R, loop_counts *T,
                                         int level, int cur, int best)
{
    uint64_t u;
    int sols, t = every_cover(e, cur, best, &u, &sols);
    if (!t || !count_below(e, T, level, (uint64_t)t, 0, u))
        return 0;
    add_found(R, (uint64_t)sols);
    return 1;
}

/* Algorithm M (dlx3's loop): at each level choose an item; when its
 * bound and slack are both used up, cover it and try each option of its
 * list (Algorithm X); otherwise tweak its options off the top one by one,
 * each tried in turn, and last make the null move (the item takes no
 * more options) when the list is empty.  With costs, options and nodes
 * that cannot beat the cutoff are cut off. */
static DLX_ALWAYS_INLINE void mcc_loop(dlxi_mcc *e, run *R,
                                       const int costs, const int colors)
{
    mnode *nd = e->nd;
    mitem *cl = e->cl;
    int *choice = e->choice, *bestv = e->best, *ft = e->first_tweak;
    int64_t cur_cost = 0;
    int level = 0, best = 0, cur;
    loop_counts T = {R->nodes, R->updates, R->nodes, R->maxl};
    /* a solution only counted: no callback, no limit on solutions */
    const int quiet = !R->hook && !R->s->on_solution &&
                      !R->s->max_solutions;
forward:
    MCC_SANITY(e, level);
    if (T.nodes >= T.next && spent(R, T.nodes, &T.next))
        goto done;
    T.nodes++;
    e->level_nodes[level]++;
    if (level > T.maxl)
        T.maxl = level;
    double az[2] = {0, 0};
    if (costs && R->hook->cutoff < INT64_MAX &&
        cut_off(R->hook, cur_cost,
                lower_bound(e, R->hook->cutoff - cur_cost, az)))
        goto backdown;
    int score = costs ? choose_cost(e, R->hook->cutoff == INT64_MAX
                                           ? INT64_MAX
                                           : R->hook->cutoff - cur_cost,
                                    az, &best)
              : e->packed ? choose_packed(e, &best) : choose(e, &best);
    if (score <= 0)
        goto backdown;
    if (!costs) {
        int known = count_known(e, R, &T, level, score, best, colors, quiet);
        if (known < 0)
            goto done;
        if (known > 0)
            goto backdown;
    }
    if (costs && cur_cost >= R->hook->cutoff)
        goto backdown;
    if (score == NO_ITEM_LEFT) {
        if (visit(e, R, level, cur_cost))
            goto done;
        goto backdown;
    }
    e->partcost[level] = cur_cost;
    if (costs)
        /* dlx5's threshold only where the item is covered outright:
         * with slack (tweaking), test_mcc found solutions lost with it,
         * for a reason not yet understood, so none there */
        e->thr0[level] = cl[best].slack ? INT64_MAX
                                         : R->hook->cutoff - cur_cost;
    if (costs) {
        e->rest[3 * level] = cl[best].slack || cl[best].bound != 1
                                 ? 0 : bound_rest(e, best, az);
        e->rest[3 * level + 1] = az[0];
        e->rest[3 * level + 2] = az[1];
    }
    bestv[level] = best;
    ft[level] = 0;
    cur = choice[level] = nd[best].down;
    cl[best].bound--;
    if (cl[best].bound == 0 && cl[best].slack == 0) {
        T.updates += cover(e, best, 1, colors, costs, e->thr0[level]);
    } else {
        ft[level] = cur;
        if (cl[best].bound == 0)
            T.updates += cover(e, best, 1, colors, costs, e->thr0[level]);
    }
advance:
    if (cl[best].bound == 0 && cl[best].slack == 0) {
        if (cur == best)
            goto backup;
        /* this option and the rest of the list, as dear or dearer, or
         * this option alone (bound_rest, bound_option) */
        if (costs && cut_off(R->hook, cur_cost + e->ncn[cur],
                             e->rest[3 * level]))
            goto backup;
        if (costs && cut_off(R->hook, cur_cost + e->ncn[cur],
                             bound_option(e, best, cur,
                                          e->rest + 3 * level + 1))) {
            cur = choice[level] = nd[cur].down;
            goto advance;
        }
    } else if (cl[best].len <= cl[best].bound - cl[best].slack) {
        goto backup;
    } else if (cur != best) {
        /* best covered (bound 0): its other options' nodes are hidden
         * and nothing below reads its list, so dlx3's unlink of the top
         * node is only counted, not made (untweak finds nothing to put
         * back); else the top option leaves the list, hidden */
        T.updates += cl[best].bound ? tweak(e, cur, 1, colors) : 1;
        if (costs && cur_cost + e->ncn[cur] >= R->hook->cutoff) {
            cur = choice[level] = nd[cur].down;
            goto advance;
        }
    } else if (cl[best].bound != 0) {
        deactivate(e, best);
    }
    if (!costs && !colors && quiet && e->first_n && cur >= e->last_itm &&
        count_every(e, R, &T, level, cur, best)) {
        cur = choice[level] = nd[cur].down;
        goto advance;
    }
    if (cur >= e->last_itm) {
        if (costs) {
            cur_cost += e->ncn[cur];
            e->thr1[level] = R->hook->cutoff - cur_cost;
        }
        T.updates += commit_others(e, cur, colors, costs,
                                    costs ? e->thr1[level] : 0);
    }
    level++;
    /* a solution (every item done): forward's steps without the choice */
    if (costs || !all_done(e) || !count_below(e, &T, level - 1, 1, 1, 0))
        goto forward;
    if (quiet && e->first_n)
        add_found(R, 1);
    else if (visit(e, R, level, 0))
        goto done;
    goto backdown;
backup:
    if (cl[best].bound == 0 && cl[best].slack == 0)
        uncover(e, best, 1, colors, costs, e->thr0[level]);
    else
        untweak(e, best, ft[level], cl[best].bound, colors, costs,
                e->thr0[level]);
    cl[best].bound++;
backdown:
    if (level == 0)
        goto done;
    level--;
    cur = choice[level];
    best = bestv[level];
    if (costs)
        cur_cost = e->partcost[level];
    if (cur < e->last_itm) {
        reactivate(e, best);
        goto backup;
    }
    uncommit_others(e, cur, colors, costs, costs ? e->thr1[level] : 0);
    cur = choice[level] = nd[cur].down;
    goto advance;
done:
    R->nodes = T.nodes;
    R->updates = T.updates;
    R->maxl = T.maxl;
}

static DLX_NOINLINE void mcc_count(dlxi_mcc *e, run *R)
{
    mcc_loop(e, R, 0, 0);
}

static DLX_NOINLINE void mcc_count_colors(dlxi_mcc *e, run *R)
{
    mcc_loop(e, R, 0, 1);
}

static DLX_NOINLINE void mcc_cost(dlxi_mcc *e, run *R)
{
    mcc_loop(e, R, 1, 0);
}

static DLX_NOINLINE void mcc_cost_colors(dlxi_mcc *e, run *R)
{
    mcc_loop(e, R, 1, 1);
}

/* ---- costs: taxes, sorted lists, the bound's weights -------------------- */

/* Net costs after dlx5's taxes: an item covered exactly lo = hi = b more
 * times pays b times the cost of its cheapest option, which every option
 * of its list pays less (the cost of every solution falls by the same
 * amount, since each covers the item b times).  Other items pay none. */
static int64_t levy_taxes(dlxi_mcc *e)
{
    mnode *nd = e->nd;
    int64_t total = 0;
    for (int k = 1; k < e->second; k++) {
        if (e->cl[k].slack != 0 || e->cl[k].bound == 0 || nd[k].down == k)
            continue;
        int64_t tax = INT64_MAX;
        for (int x = nd[k].down; x != k; x = nd[x].down)
            if (e->ncost[e->nopt[x]] < tax)
                tax = e->ncost[e->nopt[x]];
        if (tax == 0)
            continue;
        for (int x = nd[k].down; x != k; x = nd[x].down)
            e->ncost[e->nopt[x]] -= tax;
        total += tax * e->cl[k].bound;
    }
    return total;
}

/* Stable merge sort of the nodes a[0..n-1] by their option's net cost. */
static void sort_by_cost(const dlxi_mcc *e, int *a, int *tmp, int n)
{
    for (int w = 1; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n;
            int hi = lo + 2 * w < n ? lo + 2 * w : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = e->ncost[e->nopt[a[j]]] < e->ncost[e->nopt[a[i]]]
                               ? a[j++] : a[i++];
            while (i < mid)
                tmp[k++] = a[i++];
            while (j < hi)
                tmp[k++] = a[j++];
        }
        memcpy(a, tmp, (size_t)n * sizeof *a);
    }
}

/* Sorts each list by net cost, ties in option order, and sets each
 * item's weight 1 / (most primary items in an option of its list). */
static int sort_lists(dlxi_mcc *e)
{
    mnode *nd = e->nd;
    int longest = 1;
    for (int i = 1; i <= e->n_items; i++)
        if (e->cl[i].len > longest)
            longest = e->cl[i].len;
    int *prim = calloc((size_t)e->n_opts + 1, sizeof *prim);
    int *a = malloc((size_t)longest * sizeof *a);
    int *tmp = malloc((size_t)longest * sizeof *tmp);
    if (!prim || !a || !tmp) {
        free(prim);
        free(a);
        free(tmp);
        return DLX_ENOMEM;
    }
    for (int x = e->last_itm; x < e->n_nodes; x++)
        if (nd[x].itm > 0 && nd[x].itm < e->second)
            prim[e->nopt[x]]++;
    /* two sets of independent items (bits 0 and 1 of indep[]), greedily
     * left to right and right to left: an item joins when no option of
     * its list has an item that joined (assignment: the workers, the
     * jobs) */
    char *touched = calloc((size_t)e->n_opts + 1, 1);
    if (!touched) {
        free(prim);
        free(a);
        free(tmp);
        return DLX_ENOMEM;
    }
    for (int pass = 0; pass < 2; pass++) {
        memset(touched, 0, (size_t)e->n_opts + 1);
        for (int j = 1; j < e->second; j++) {
            int i = pass ? e->second - j : j, ok = 1;
            if (!pass)
                e->indep[i] = 0;
            for (int x = nd[i].down; x != i && ok; x = nd[x].down)
                ok = !touched[e->nopt[x]];
            e->indep[i] |= (char)(ok << pass);
            for (int x = nd[i].down; x != i && ok; x = nd[x].down)
                touched[e->nopt[x]] = 1;
        }
    }
    free(touched);
    for (int i = 1; i <= e->n_items; i++) {
        int n = 0, most = 1;
        for (int x = nd[i].down; x != i; x = nd[x].down) {
            a[n++] = x;
            if (prim[e->nopt[x]] > most)
                most = prim[e->nopt[x]];
        }
        e->lbw[i] = 1.0 / most;
        sort_by_cost(e, a, tmp, n);
        int prev = i;
        for (int k = 0; k < n; k++) {
            nd[prev].down = a[k];
            nd[a[k]].up = prev;
            prev = a[k];
        }
        nd[prev].down = i;
        nd[i].up = prev;
    }
    free(prim);
    free(a);
    free(tmp);
    return DLX_OK;
}

static int prepare_costs(dlxi_mcc *e, const dlx_matrix *m)
{
    GROW(e->ncost, e->n_opts + 1);
    GROW(e->lbw, e->n_items + 1);
    GROW(e->indep, e->n_items + 1);
    for (int j = 0; j < e->n_opts; j++)
        e->ncost[j] = dlx_option_cost(m, e->omap[j]);
    e->base += levy_taxes(e);
    GROW(e->ncn, e->n_nodes);
    for (int x = 0; x < e->n_nodes; x++)
        e->ncn[x] = e->nopt[x] >= 0 ? e->ncost[e->nopt[x]] : 0;
    return sort_lists(e);
}

static int mcc_split(dlx_matrix *m, const dlx_search *s, dlx_result *r);

/* ---- entry points ------------------------------------------------------- */

int dlxi_mcc_run(dlx_matrix *m, const dlx_search *s, dlxi_cost_hook *hook,
                 dlx_result *r)
{
    memset(r, 0, sizeof *r);
    r->max_level = -1;
    r->ran = DLX_RAN_MCC;
    r->reason = hook ? DLX_WHY_COSTS : DLX_WHY_BOUNDS;
    int *busy = dlxi_busy(m);
    if (*busy)
        return DLX_EBUSY;
    if (s->n_forced < 0 || (s->n_forced > 0 && !s->forced))
        return DLX_EOPTION;
    if (s->split_depth > 0 && !hook && !s->on_trace && !s->randomize &&
        !s->n_forced)
        return mcc_split(m, s, r);
    if (s->on_trace || s->split_depth > 0 || s->randomize)
        return DLX_ENOTSUP;
    dlxi_ext *x = dlxi_ext_of(m);
    if (!x->mcc && !(x->mcc = calloc(1, sizeof *x->mcc)))
        return DLX_ENOMEM;
    dlxi_mcc *e = x->mcc;
    run R;
    memset(&R, 0, sizeof R);
    R.s = s;
    R.hook = hook;
    R.maxl = -1;
    R.start = dlxi_now_seconds();
    int status = mcc_build(e, m, s->forced, s->n_forced);
    if (status == DLX_OK && hook) {
        status = prepare_costs(e, m);
        hook->base = e->base;
        if (hook->cap < INT64_MAX)
            hook->cutoff = hook->cap - e->base; /* net < cap - base */
    }
    if (status != DLX_OK)
        return status;
    *busy = 1;
    if (hook)
        e->has_colors ? mcc_cost_colors(e, &R) : mcc_cost(e, &R);
    else
        e->has_colors ? mcc_count_colors(e, &R) : mcc_count(e, &R);
    *busy = 0;
    if (R.status != DLX_OK)
        return R.status;
    r->outcome = R.outcome;
    r->solutions.lo = R.found_lo;
    r->solutions.hi = R.found_hi;
    r->nodes = R.nodes;
    r->updates = R.updates;
    r->max_level = R.maxl;
    r->seconds = dlxi_now_seconds() - R.start;
    r->first = e->first_n ? e->first : NULL;
    r->first_n = e->first_n;
    r->level_nodes = e->level_nodes;
    r->n_levels = R.maxl + 1;
    return DLX_OK;
}

int dlxi_mcc_solve(dlx_matrix *m, const dlx_search *s, dlx_result *r)
{
    return dlxi_mcc_run(m, s, NULL, r);
}

/* ---- jobs: the search cut at a depth, and run from a cut --------------- */

/* A job of a matrix with bounds is the path from the root to its cut, as
 * pairs (item, option): at each level the item the search chose and the
 * branch it took, an option of the item's list or dlx_num_options(m) for
 * the null move (the item takes no more options).  Forcing the options
 * alone would not do: Algorithm M tries an item's options in turn,
 * tweaking each one it leaves out of the item's list, so the subtree of
 * the k-th branch has the options before it excluded, and the null move
 * closes the item.  apply_steps sets up exactly that state (the item's
 * list is in option order, as build_nodes makes it), so that the job's
 * search is the subtree's: the same solutions and the same nodes. */
static int apply_steps(const dlx_matrix *m, fixing *f, const int *steps,
                       int n_steps)
{
    int P = dlx_num_primary(m), n_options = dlx_num_options(m), lo = 1;
    int hi = 1, last = 0, status = DLX_OK;
    if (n_steps % 2)
        return DLX_EOPTION;
    /* below[i]: the options of i's list before the last one taken at i
     * are excluded (one pass over the options, not one per step) */
    int *below = calloc((size_t)P + 1, sizeof *below);
    if (!below)
        return DLX_ENOMEM;
    for (int k = 0; k < n_steps && status == DLX_OK; k += 2) {
        int i = steps[k], o = steps[k + 1], n, covers = 0;
        if (i < 0 || i >= P || o < 0 || o > n_options) {
            status = DLX_EOPTION;
            break;
        }
        if (o == n_options)
            continue;
        n = fetch_option(m, f, o);
        for (int j = 0; j < n; j++)
            covers |= f->items[j] == i;
        status = n < 0 ? n : covers ? DLX_OK : DLX_EOPTION;
        below[i] = o > below[i] ? o : below[i];
        last = o > last ? o : last;
    }
    for (int q = 0; q < last && status == DLX_OK; q++) {
        int n = fetch_option(m, f, q), at = n_steps;
        if (n < 0)
            status = n;
        for (int k = 1; k < n_steps; k += 2)
            if (steps[k] == q && at == n_steps)
                at = k - 1;
        for (int j = 0; j < n; j++) {
            int i = f->items[j];
            if (i >= P || q >= below[i])
                continue;
            /* an option a step takes is excluded only by the steps
             * before it (those after it found it out of the lists) */
            for (int k = 0; k < at && !f->taken[q]; k += 2)
                f->taken[q] = steps[k] == i && steps[k + 1] > q &&
                              steps[k + 1] < n_options;
            if (at == n_steps)
                f->taken[q] = 1; /* excluded, as tweaked */
        }
    }
    free(below);
    for (int k = 0; k < n_steps && status == DLX_OK; k += 2) {
        int i = steps[k], o = steps[k + 1];
        if (o < n_options) {
            status = fix_option(m, f, o);
            continue;
        }
        dlx_item_bounds(m, i, &lo, &hi);
        if (f->use[i] < lo)
            return DLX_ECONFLICT;
        f->use[i] = hi; /* closed: its options are dropped */
    }
    return status;
}

typedef struct cut {
    dlxi_mcc *e;
    run *R;
    int *steps;
    int none;           /* the option number of the null move */
    uint64_t splits;
} cut;

/* Hands the path of `level` steps to on_split (a solution above the cut
 * to on_solution, as a job of its own): 1 to stop. */
static int hand_over(cut *c, int level, int solved)
{
    const dlx_search *s = c->R->s;
    dlx_split_fn fn = solved ? (dlx_split_fn)s->on_solution : s->on_split;
    void *ctx = solved ? s->solution_ctx : s->split_ctx;
    if (solved && ++c->R->found_lo == 0)
        c->R->found_hi++;
    c->splits += !solved;
    if (fn && fn(ctx, c->steps, 2 * level)) {
        c->R->outcome = DLX_STOP_CALLBACK;
        return 1;
    }
    return 0;
}

/* What walk keeps per level of its own stack: the item chosen, the
 * branch being tried, the first tweaked node, whether the item was full
 * and the depth below it. */
typedef struct walk_frame {
    int best, cur, ft, full, below;
} walk_frame;

/* mcc_loop's branching, level by level down to the cut, with the same
 * dance steps in the same order: a node at the cut, or where every item
 * is done, is handed over and not counted, so that the split's nodes and
 * its jobs' add up to the whole search's.  `depth` counts the real
 * choices (two ways or more to branch), as the other engines'
 * split_depth does.  The levels are on fr[] (n_levels + 1 frames), not
 * on the C stack: a chain of forced levels (an item of bound 200000) is
 * as deep as it is long.  1 to stop. */
static int walk(cut *c, walk_frame *fr)
{
    dlxi_mcc *e = c->e;
    run *R = c->R;
    mnode *nd = e->nd;
    mitem *cl = e->cl;
    const int colors = e->has_colors;
    int level = 0, depth = 0;
enter:
    if (depth == R->s->split_depth) {
        if (hand_over(c, level, 0))
            return 1;
        goto back;
    }
    {
        int best = 0;
        int score = e->packed ? choose_packed(e, &best) : choose(e, &best);
        if (score == NO_ITEM_LEFT) {
            if (hand_over(c, level, 1))
                return 1;
            goto back;
        }
        uint64_t next;
        if (spent(R, R->nodes, &next))
            return 1;
        R->nodes++;
        e->level_nodes[level]++;
        R->maxl = level > R->maxl ? level : R->maxl;
        if (score <= 0)
            goto back;
        walk_frame *f = &fr[level];
        f->best = best;
        f->cur = nd[best].down;
        f->ft = 0;
        f->below = depth + (score >= 2);
        cl[best].bound--;
        f->full = cl[best].bound == 0 && cl[best].slack == 0;
        if (f->full || cl[best].bound == 0)
            R->updates += cover(e, best, 1, colors, 0, 0);
        if (!f->full)
            f->ft = f->cur;
    }
branch:
    {
        walk_frame *f = &fr[level];
        int best = f->best, cur = f->cur;
        if (f->full) {
            if (cur == best)
                goto done;
        } else if (cl[best].len <= cl[best].bound - cl[best].slack) {
            goto done;
        } else if (cur != best) {
            R->updates += tweak(e, cur, cl[best].bound, colors);
        } else if (cl[best].bound != 0) {
            deactivate(e, best);
        }
        c->steps[2 * level] = best - 1;
        c->steps[2 * level + 1] = cur >= e->last_itm
                                  ? e->omap[e->nopt[cur]] : c->none;
        if (cur >= e->last_itm)
            R->updates += commit_others(e, cur, colors, 0, 0);
        depth = f->below;
        level++;
        goto enter;
    }
back:
    if (level == 0)
        return 0;
    level--;
    {
        walk_frame *f = &fr[level];
        if (f->cur < e->last_itm) {
            reactivate(e, f->best);
            goto done;
        }
        uncommit_others(e, f->cur, colors, 0, 0);
        f->cur = nd[f->cur].down;
        goto branch;
    }
done:
    {
        walk_frame *f = &fr[level];
        if (f->full)
            uncover(e, f->best, 1, colors, 0, 0);
        else
            untweak(e, f->best, f->ft, cl[f->best].bound, colors, 0, 0);
        cl[f->best].bound++;
        goto back;
    }
}

/* dlx_solve with split_depth on a matrix with bounds: the jobs (paths of
 * steps) to on_split, r->splits of them, r->nodes above the cut. */
static int mcc_split(dlx_matrix *m, const dlx_search *s, dlx_result *r)
{
    int *busy = dlxi_busy(m);
    if (*busy)
        return DLX_EBUSY;
    dlxi_ext *x = dlxi_ext_of(m);
    if (!x->mcc && !(x->mcc = calloc(1, sizeof *x->mcc)))
        return DLX_ENOMEM;
    dlxi_mcc *e = x->mcc;
    e->steps = NULL;
    int status = mcc_build(e, m, NULL, 0);
    if (status != DLX_OK)
        return status;
    run R;
    memset(&R, 0, sizeof R);
    R.s = s;
    R.maxl = -1;
    R.start = dlxi_now_seconds();
    cut c = { e, &R, malloc(2 * (size_t)e->n_levels * sizeof(int)),
              dlx_num_options(m), 0 };
    walk_frame *fr = malloc(((size_t)e->n_levels + 1) * sizeof *fr);
    if (!c.steps || !fr) {
        free(c.steps);
        free(fr);
        return DLX_ENOMEM;
    }
    *busy = 1;
    walk(&c, fr);
    *busy = 0;
    free(fr);
    free(c.steps);
    r->outcome = R.outcome;
    r->solutions.lo = R.found_lo;
    r->solutions.hi = R.found_hi;
    r->nodes = R.nodes;
    r->updates = R.updates;
    r->max_level = R.maxl;
    r->splits = c.splits;
    r->seconds = dlxi_now_seconds() - R.start;
    r->level_nodes = e->level_nodes;
    r->n_levels = R.maxl + 1;
    return DLX_OK;
}

int dlxi_mcc_run_job(dlx_matrix *m, const dlx_search *s,
                     dlxi_cost_hook *hook, const int *steps, int n_steps,
                     dlx_result *r)
{
    memset(r, 0, sizeof *r);
    r->max_level = -1;
    r->ran = DLX_RAN_MCC;
    r->reason = DLX_WHY_BOUNDS;
    int n_options = dlx_num_options(m), n = 0;
    if (n_steps < 0 || n_steps % 2 || (n_steps && !steps))
        return DLX_EOPTION;
    dlxi_ext *x = dlxi_ext_of(m);
    if (*dlxi_busy(m))
        return DLX_EBUSY;
    if (!x->mcc && !(x->mcc = calloc(1, sizeof *x->mcc)))
        return DLX_ENOMEM;
    int *opts = malloc(((size_t)n_steps / 2 + 1) * sizeof *opts);
    if (!opts)
        return DLX_ENOMEM;
    for (int k = 1; k < n_steps; k += 2)
        if (steps[k] >= 0 && steps[k] < n_options)
            opts[n++] = steps[k];
    dlx_search js = *s;
    js.forced = opts;
    js.n_forced = n;
    js.split_depth = 0;
    x->mcc->steps = steps;
    x->mcc->n_steps = n_steps;
    int status = dlxi_mcc_run(m, &js, hook, r);
    x->mcc->steps = NULL;
    x->mcc->n_steps = 0;
    free(opts);
    return status;
}
