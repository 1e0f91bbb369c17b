/*
 * grid.c - limits and outcomes of grid puzzle searches.
 */
#define _POSIX_C_SOURCE 200809L

#include "grid.h"

#include <string.h>
#include <time.h>

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
}
