/*
 * dlx_budget.h - the one clock and the one budget check of every engine
 * (the dance, the bitset and compact engines, Algorithm M, the memo
 * counter, the estimate): private to libdlx.  Each engine decides when
 * to look (every DLX_POLL_NODES nodes, and for the dance's engines every
 * DLX_POLL_UPDATES updates too); what it asks then, and in which order,
 * is budget_poll.
 */
#ifndef DLX_BUDGET_H
#define DLX_BUDGET_H

#include "dlx.h"

#include <stdint.h>

/* dlx_solve.c: the monotonic clock, in seconds (the only one of libdlx:
 * dlx_memo.c and dlx_parallel.c read it too). */
double dlxi_now_seconds(void);

/* The check at a poll, the same in every engine: on_poll first (a caller
 * that stops the search hears of every poll, even the one where time is
 * up), then the clock against s->max_seconds from `start`
 * (dlxi_now_seconds).  DLX_COMPLETE: go on. */
static inline dlx_outcome budget_poll(const dlx_search *s, uint64_t nodes,
                                      double start)
{
    if (s->on_poll && s->on_poll(s->poll_ctx, nodes))
        return DLX_STOP_CALLBACK;
    if (s->max_seconds > 0 && dlxi_now_seconds() - start >= s->max_seconds)
        return DLX_STOP_TIME;
    return DLX_COMPLETE;
}

#endif
