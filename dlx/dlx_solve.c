/*
 * dlx_solve.c - dlx_solve: the engine that dlxi_choose (dlx_engine.c)
 * names, and the buffers of its search.  Every engine makes the same
 * search: the same nodes, solutions in the same order and Knuth's update
 * count.
 */
#define _POSIX_C_SOURCE 199309L

#include "dlx_engine.h"

#include <time.h>

/* ---- the search -------------------------------------------------------- */

dlx_search dlx_search_defaults(void)
{
    dlx_search s;
    memset(&s, 0, sizeof s);
    return s;
}

double dlxi_now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int dlxi_prepare_buffers(dlx_matrix *m, int n_forced, int randomize,
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

/* The engines that run on the matrix's links or on state built from
 * them: forced options, then the engine of c; when the compact engine
 * finds what is left too big, or the bitset engine no memory for its
 * state, AUTO asks the chooser again without it. */
static int solve_tree(dlx_matrix *m, const dlx_search *s, dlxi_choice *c,
                      double start, tally *t)
{
    int status;
    if (c->ran == DLX_RAN_SMALL) {
        status = dlxi_small_build(m, s);
        if (status == DLX_OK) {
            m->busy = 1;
            dlxi_small_search(m, s, start, t);
            m->busy = 0;
            return DLX_OK;
        }
        if (status != DLX_ETOOBIG)
            return status;
        if (s->engine != DLX_ENGINE_AUTO)
            return DLX_EENGINE;
        dlxi_choose(m, s, DLXI_NOT_SMALL, c);
    }
    uint64_t forced_updates = 0;
    status = dlxi_force(m, s->forced, s->n_forced, &forced_updates);
    if (status != DLX_OK)
        return status;
    m->busy = 1;
    if (c->ran == DLX_RAN_BITS) {
        status = dlxi_bits_solve(m, s, start, t);
        if (status != DLX_OK && s->engine == DLX_ENGINE_AUTO)
            dlxi_choose(m, s, DLXI_NOT_BITS, c);
    }
    if (c->ran == DLX_RAN_LINKS) {
        dlxi_dance_search(m, s, start, t);
        status = DLX_OK;
    }
    dlxi_unforce(m, s->forced, s->n_forced);
    m->busy = 0;
    return status;
}

int dlx_solve(dlx_matrix *m, const dlx_search *s, dlx_result *r)
{
    memset(r, 0, sizeof *r);
    r->max_level = -1;
    if (m->busy)
        return DLX_EBUSY;
    dlxi_choice c;
    int status = dlxi_choose(m, s, 0, &c);
    if (status != DLX_OK)
        return status;
    if (c.ran == DLX_RAN_MCC || c.ran == DLX_RAN_MEMO) {
        status = c.ran == DLX_RAN_MCC
                     ? dlxi_mcc_solve(m, s, r)
                 : s->memo_count
                     ? dlx_count_memo_big(m, s, s->memo_bytes, s->memo_count,
                                          r, s->memo_stats)
                     : dlx_count_memo(m, s, s->memo_bytes, r,
                                      s->memo_stats);
        r->ran = c.ran;
        r->reason = c.reason;
        return status;
    }
    if (s->n_forced < 0 || (s->n_forced > 0 && !s->forced))
        return DLX_EOPTION;
    status = dlxi_prepare_buffers(m, s->n_forced, s->randomize,
                                  s->split_depth > 0);
    if (status != DLX_OK)
        return status;
    double start = dlxi_now_seconds();
    tally t;
    memset(&t, 0, sizeof t);
    status = solve_tree(m, s, &c, start, &t);
    if (status != DLX_OK)
        return status;
    r->ran = c.ran;
    r->reason = c.reason;
    r->outcome = t.outcome;
    r->solutions.lo = t.found;
    r->solutions.hi = t.found_hi;
    r->nodes = t.nodes;
    r->updates = t.updates;
    r->splits = t.splits;
    r->max_level = t.max_level;
    r->seconds = dlxi_now_seconds() - start;
    r->first = m->first;
    r->first_n = m->first_n;
    r->level_nodes = m->level_nodes;
    r->n_levels = t.max_level + 1;
    m->levels_used = t.max_level + 1;
    return t.status;
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
