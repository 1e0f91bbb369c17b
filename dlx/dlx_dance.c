/*
 * dlx_dance.c - the dance: Algorithm X with dancing links (Knuth, TAOCP
 * 7.2.2.1; dlx1, and dlx2's colors), on the links of dlx_internal.h.
 *
 * The search is iterative, with an explicit stack of choices, so that it
 * can stop anywhere (limits, callbacks) and unwind every change it made.
 * Here too: forced and pushed options, committed on the links, and
 * Knuth's estimate of the size of the tree (random paths on the links).
 */
#include "dlx_engine.h"
#include "dlx_small.h"
#include "dlx_steps.h"

#include <math.h>
#include <stdio.h>

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

void dlxi_unforce(dlx_matrix *m, const int *forced, int n)
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
int dlxi_force(dlx_matrix *m, const int *forced, int n, uint64_t *upd)
{
    long zeros = 0; /* not needed outside the search */
    dance d = dance_of(m, &zeros);
    for (int k = 0; k < n; k++) {
        int o = forced[k];
        if (o < 0 || o >= m->n_options) {
            dlxi_unforce(m, forced, k);
            return DLX_EOPTION;
        }
        int first = m->opt_start[o];
        if (!option_available(m, first)) {
            dlxi_unforce(m, forced, k);
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
    int status = dlxi_force(m, &option, 1, &updates);
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
    dlxi_unforce(m, m->pushed + m->n_pushed - n, n);
    m->n_pushed -= n;
    return DLX_OK;
}

int dlx_num_pushed(const dlx_matrix *m)
{
    return m->n_pushed;
}

/* ---- the search -------------------------------------------------------- */

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
                            uint64_t nodes, uint64_t updates,
                            uint64_t *poll_at, double start, tally *out,
                            dlx_outcome *outcome, const int simple)
{
    if (!simple && s->split_depth > 0 && m->branched[level] == s->split_depth) {
        out->splits++;
        int n = collect(m, s, level, DLX_VISIT_NODES);
        if (s->on_split && s->on_split(s->split_ctx, m->solution, n))
            *outcome = DLX_STOP_CALLBACK;
        return 0;
    }
    *outcome = budget_spent(s, nodes, updates, poll_at, start, m, level,
                            !simple && s->randomize ? DLXI_WALK_SHUFFLED
                                                    : DLXI_WALK_LINKS);
    return *outcome == DLX_COMPLETE;
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
 * The search proper, Knuth's Algorithm X (dlx1; TAOCP 7.2.2.1) with
 * dlx2's commit/purify for colors; the steps are in dlx_steps.h.  `colored` and `track` are constants at each call site, so
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
    uint64_t nodes = 0, found = 0, found_hi = 0, updates = 0,
             poll_at = DLX_POLL_UPDATES;
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
    if (!may_enter(m, s, level, nodes, updates, &poll_at, start, out,
                   &outcome, simple))
        goto back_one;
    nodes++;
    m->level_nodes[level]++;
    if (level > max_level)
        max_level = level;
    if (lists && it[0].next == 0) {
    solution:
        /* every primary item is covered (Knuth counts this as a node) */
        outcome = visit_solution(m, s, level, &found, &found_hi,
                                 simple ? DLX_VISIT_NODES : DLX_VISIT_TRACED);
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
 * the loop (-3.5% instructions on queens-13 and langford-12).
 *
 * Which of them are inlined into dlxi_dance_search moves the register
 * allocation of their loops by a few percent either way, so it is fixed
 * here rather than left to the compiler's mood: search_simple_track (the
 * large sudoku: 1% fewer instructions on 25x25 inlined, 6% more not), and
 * no other (search_colored: 3% more instructions when inlined).  Measure
 * (cachegrind's instruction count) before changing it. */
#define DLX_SEARCH_VARIANT(name, colored, track, simple, attr)              \
    static attr void name(dlx_matrix *m, const dlx_search *s, double start, \
                          tally *out)                                       \
    {                                                                       \
        search(m, s, start, out, colored, track, simple);                   \
    }
DLX_SEARCH_VARIANT(search_plain, 0, 0, 0, DLX_NOINLINE)
DLX_SEARCH_VARIANT(search_plain_track, 0, 1, 0, DLX_NOINLINE)
DLX_SEARCH_VARIANT(search_colored, 1, 0, 0, DLX_NOINLINE)
DLX_SEARCH_VARIANT(search_colored_track, 1, 1, 0, DLX_NOINLINE)
DLX_SEARCH_VARIANT(search_simple, 0, 0, 1, DLX_NOINLINE)
DLX_SEARCH_VARIANT(search_simple_track, 0, 1, 1, DLX_ALWAYS_INLINE)
#undef DLX_SEARCH_VARIANT

void dlxi_dance_search(dlx_matrix *m, const dlx_search *s, double start,
                       tally *out)
{
    /* the variant is dlx_engine.c's choice */
    int v = dlxi_dance_variant(m, s);
    int track = v & DLXI_DANCE_TRACK;
    if (v & DLXI_DANCE_COLORED)
        track ? search_colored_track(m, s, start, out)
              : search_colored(m, s, start, out);
    else if (v & DLXI_DANCE_SIMPLE)
        track ? search_simple_track(m, s, start, out)
              : search_simple(m, s, start, out);
    else
        track ? search_plain_track(m, s, start, out)
              : search_plain(m, s, start, out);
}

/* ---- the estimate ------------------------------------------------------ */

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
    int status = dlxi_prepare_buffers(m, s->n_forced, 0, 0);
    if (status != DLX_OK)
        return status;
    double start = dlxi_now_seconds();
    uint64_t updates = 0, poll_at = DLX_POLL_UPDATES;
    status = dlxi_force(m, s->forced, s->n_forced, &updates);
    if (status != DLX_OK)
        return status;
    long zeros = 0;
    const dance dn = dance_of(m, &zeros), *d = &dn;
    const item *it = m->items;
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
            outcome = budget_spent(s, visited, updates, &poll_at, start,
                                   m, level, DLXI_WALK_NONE);
            if (outcome != DLX_COMPLETE)
                break;
            visited++;
            if (it[0].next == 0) {
                solutions = weight;
                break;
            }
            /* X3, the search's own choice (no random tie-break: the
             * path's randomness is in its option) */
            int t;
            int best = choose_item(m, 0, 0, &rng, &t, 0);
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
    dlxi_unforce(m, s->forced, s->n_forced);
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

/*
 * Knuth's estimate of the fraction of the tree done (dlx1's
 * print_progress): at level k the option tried is the i_k-th (from 0) of
 * d_k, so the subtrees before it are i_k / (d_1 ... d_k) of the tree if
 * each level's subtrees were alike; the sum over the levels, and half of
 * the subtree under way.  Read from the levels the walk kept at its last
 * poll, so only from on_poll.
 */
double dlx_poll_progress(const dlx_matrix *m)
{
    if (!m || m->poll_walk == DLXI_WALK_NONE)
        return -1;
    double done = 0, width = 1;
    for (int k = 0; k < m->poll_level; k++) {
        int index, count;
        if (m->poll_walk != DLXI_WALK_SMALL) {
            int cur = m->choice[k], best = m->itm[cur];
            if (cur <= m->n_items || best <= 0)
                return -1;   /* a header: that level is done */
            count = m->itm[best];
            index = option_index(m, k, cur, best,
                                 m->poll_walk == DLXI_WALK_SHUFFLED);
        } else {
            const small_search *b = m->small;
            if (!b)
                return -1;
            count = b->nlist[k] < 0 ? 1 : b->nlist[k];
            index = b->nlist[k] < 0 ? 0 : b->idx[k];
        }
        if (count <= 0 || index < 0 || index >= count)
            return -1;
        width *= count;
        done += index / width;
    }
    done += 0.5 / width;
    return done > 1 ? 1 : done;
}
