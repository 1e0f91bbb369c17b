/*
 * grid.h - what the grid puzzles (sudoku, mathdoku) stand on alike: the
 * limits a search is given, what it found, and how it shows its steps.
 * Both puzzle libraries take a grid_limits and fill a grid_outcome, for
 * Dancing Links and for the naive depth-first search, so that the
 * commands read and report them in one way.
 */
#ifndef GRID_H
#define GRID_H

#include <stdint.h>

#include "dlx.h"
#include "dlx_random.h"

/* What a search is asked to do.  Zero-initialised: count every solution,
 * no budget, no trace. */
typedef struct grid_limits {
    uint64_t max_solutions;   /* 0: count all; 1: find one; 2: is it
                                 unique? */
    uint64_t max_nodes;       /* 0: no budget */
    double max_seconds;       /* 0: no budget */
    int randomize;            /* DLX: ties and option order at random */
    uint64_t seed;            /* ... from this seed (reproducible) */
    /* every choice and backtrack, in the puzzle's words, indented by
     * level */
    void (*on_step)(void *ctx, const char *text, int level);
    void *step_ctx;
    /* DLX: every event of the engine's trace (dlx.h), for a summary of
     * where the search branched; items named by the puzzle's item name
     * function */
    void (*on_event)(void *ctx, const dlx_event *ev);
    void *event_ctx;
    /* about every DLX_POLL_NODES nodes: the nodes so far (progress);
     * return non-zero to stop (reported as cut short) */
    int (*on_poll)(void *ctx, uint64_t nodes);
    void *poll_ctx;
    int prune;                /* DLX: the subset rule (dlx_search.prune);
                                 sudoku takes it for plain puzzles */
} grid_limits;

/* Why a search ended before its end, if it did. */
typedef enum grid_cut {
    GRID_NOT_CUT = 0,
    GRID_CUT_NODES,           /* max_nodes */
    GRID_CUT_TIME,            /* max_seconds */
    GRID_CUT_STOPPED          /* on_poll asked to stop */
} grid_cut;

/* What a search found. */
typedef struct grid_outcome {
    uint64_t solutions;       /* found (up to max_solutions) */
    int complete;             /* the search ran to its end or to its limit
                                 of solutions; 0: cut short (see cut) */
    grid_cut cut;
    uint64_t nodes;
    double seconds;
} grid_outcome;

/* Seconds on the monotonic clock, for budgets. */
double grid_seconds(void);

/* The outcome of an engine search (dlx_result) in grid words. */
void grid_outcome_from_dlx(const dlx_result *r, grid_outcome *out);

/* A dlx_search with the limits of lim (which may be NULL). */
void grid_search_from_limits(const grid_limits *lim, dlx_search *s);

/* Counts the solutions below the forced options on `threads` threads
 * (dlx_count_parallel), within lim's limits over all threads.  Returns a
 * dlx status (DLX_OK, DLX_ECONFLICT, DLX_ENOMEM) with *out filled. */
int grid_count_parallel(const dlx_matrix *m, const int *forced, int n_forced,
                        int threads, const grid_limits *lim,
                        grid_outcome *out);

/* The naive searches' budget, checked every DLX_POLL_NODES nodes: the
 * reason to stop (GRID_CUT_*), or GRID_NOT_CUT. */
grid_cut grid_poll(const grid_limits *lim, uint64_t nodes, double start);

/* Does the search show its steps (lim->on_step)?  Asked before
 * grid_say, so that a search without a trace names no cell. */
static inline int grid_saying(const grid_limits *lim)
{
    return lim && lim->on_step;
}

/* A step of a naive search to lim->on_step at `level`: the text as
 * printf formats it (up to 95 bytes). */
void grid_say(const grid_limits *lim, int level, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The end of a naive search begun at `start` (grid_seconds): what it
 * found, its nodes and why it was cut (GRID_NOT_CUT: complete). */
void grid_dfs_outcome(grid_outcome *out, uint64_t found, uint64_t nodes,
                      grid_cut cut, double start);

/* ---- randomness -------------------------------------------------------
 *
 * Every random choice of the generators and transforms comes from a seed
 * through the project's one generator (dlx_random.h: splitmix64), so the
 * same seed gives the same puzzles on every machine.
 */
typedef struct grid_rng {
    uint64_t s;
} grid_rng;

static inline uint64_t grid_rng_next(grid_rng *g)
{
    return dlx_random_next(&g->s);
}

/* A number in [0, n) (dlx_random_scaled: one draw, the multiply-shift of
 * its top 32 bits). */
static inline int grid_rng_below(grid_rng *g, int n)
{
    return (int)dlx_random_scaled(&g->s, (uint32_t)n);
}

/* a[0..n-1] in a random order (Fisher-Yates, from the end) */
static inline void grid_shuffle(grid_rng *g, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int k = grid_rng_below(g, i + 1), t = a[i];
        a[i] = a[k];
        a[k] = t;
    }
}

#endif
