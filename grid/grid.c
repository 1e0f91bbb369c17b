/*
 * grid.c - limits and outcomes of grid puzzle searches.
 */
#define _POSIX_C_SOURCE 200809L

#include "grid.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "dlx_parallel.h"

double grid_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void grid_outcome_from_dlx(const dlx_result *r, grid_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->solutions = dlx_count_u64(r->solutions);
    out->cut = r->outcome == DLX_STOP_NODES ? GRID_CUT_NODES
             : r->outcome == DLX_STOP_TIME ? GRID_CUT_TIME
             : r->outcome == DLX_STOP_CALLBACK ? GRID_CUT_STOPPED
                                               : GRID_NOT_CUT;
    out->complete = out->cut == GRID_NOT_CUT;
    out->nodes = r->nodes;
    out->seconds = r->seconds;
}

void grid_search_from_limits(const grid_limits *lim, dlx_search *s)
{
    if (!lim)
        return;
    s->max_solutions = lim->max_solutions;
    s->max_nodes = lim->max_nodes;
    s->max_seconds = lim->max_seconds;
    s->randomize = lim->randomize;
    s->seed = lim->seed;
    s->on_poll = lim->on_poll;
    s->poll_ctx = lim->poll_ctx;
    s->prune = lim->prune;
}

int grid_count_parallel(const dlx_matrix *m, const int *forced, int n_forced,
                        int threads, const grid_limits *lim,
                        grid_outcome *out)
{
    memset(out, 0, sizeof *out);
    dlx_parallel par = { 0 };
    par.threads = threads;
    if (lim) {
        par.max_solutions = lim->max_solutions;
        par.max_nodes = lim->max_nodes;
        par.max_seconds = lim->max_seconds;
    }
    dlx_parallel_result res;
    int status = dlx_count_parallel(m, forced, n_forced, 0, &par, &res);
    if (status != DLX_OK)
        return status;
    out->solutions = dlx_count_u64(res.solutions);
    out->cut = res.outcome == DLX_STOP_NODES ? GRID_CUT_NODES
             : res.outcome == DLX_STOP_TIME ? GRID_CUT_TIME : GRID_NOT_CUT;
    out->complete = out->cut == GRID_NOT_CUT;
    out->nodes = res.nodes;
    out->seconds = res.seconds;
    dlx_parallel_result_free(&res);
    return DLX_OK;
}

grid_cut grid_poll(const grid_limits *lim, uint64_t nodes, double start)
{
    if (!lim)
        return GRID_NOT_CUT;
    if (lim->max_nodes && nodes >= lim->max_nodes)
        return GRID_CUT_NODES;
    if ((nodes & (DLX_POLL_NODES - 1)) != 0 || nodes == 0)
        return GRID_NOT_CUT;
    if (lim->max_seconds > 0 && grid_seconds() - start >= lim->max_seconds)
        return GRID_CUT_TIME;
    if (lim->on_poll && lim->on_poll(lim->poll_ctx, nodes))
        return GRID_CUT_STOPPED;
    return GRID_NOT_CUT;
}

void grid_say(const grid_limits *lim, int level, const char *fmt, ...)
{
    char text[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    lim->on_step(lim->step_ctx, text, level);
}

void grid_dfs_outcome(grid_outcome *out, uint64_t found, uint64_t nodes,
                      grid_cut cut, double start)
{
    out->solutions = found;
    out->cut = cut;
    out->complete = cut == GRID_NOT_CUT;
    out->nodes = nodes;
    out->seconds = grid_seconds() - start;
}
