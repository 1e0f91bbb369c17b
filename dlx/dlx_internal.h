/*
 * dlx_internal.h - what the engine's files share, private to libdlx
 * (dlx/README.md is the map of the engines and Knuth's steps).
 *
 *   dlx_build.c   the matrix: building, clone, check, fingerprint, counts
 *   dlx_solve.c   dlx_solve: buffers, then the engine dlx_engine.c chose;
 *                 the clock (dlx_budget.h)
 *   dlx_engine.c  the one table that chooses the engine (dlx_engine.h)
 *   dlx_dance.c   the dance (Knuth's dlx1/dlx2 on the links), forced and
 *                 pushed options, dlx_estimate_size; its steps are in
 *                 dlx_steps.h
 *   dlx_bits.c    the compact bitset search (DLX_ENGINE_BITS)
 *   dlx_small.c   the compact search on what is left (DLX_ENGINE_SMALL),
 *                 made by dlx_small_build.c (both behind dlx_small.h)
 *   dlx_memo.c    the memo counter (dlx_count_memo), with its table
 *                 dlx_memo_table.c
 *   dlx_mcc.c     Algorithm M (multiplicities, dlx3), behind dlx_mcc.h
 *                 with dlx_mcc_choice.h; costs (dlx5) in dlx_cost.c and
 *                 dlx_best_par.c; bounds and costs kept in the matrix by
 *                 dlx_ext.c
 *   dlx_read.c    Knuth's text format (dlx_read.h)
 *   dlx_parallel.c, dlx_jobs.c  one search as many jobs, on threads or
 *                 machines (dlx_parallel.h)
 *
 * An engine is a file with an entry point declared below (dlxi_*: the
 * shared library exports only dlx_*, see cmake/libdlx.map).  The steps
 * the hot loops make are static inline, so that every engine's search
 * compiles them into its loop as when it was one file: visit_solution
 * here, the dance's hide/cover/commit in dlx_steps.h, budget_spent in
 * dlx_budget.h, lowest_bit in dlx_inline.h.
 */
#ifndef DLX_INTERNAL_H
#define DLX_INTERNAL_H

#include "dlx.h"
#include "dlx_budget.h"
#include "dlx_inline.h"
#include "dlx_random.h"
#include "dlx_mcc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

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
 *               itm = length of the list; color = 0, or while
 *               purified the color it was given
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
    small_search *small; /* the compact search on what is left
                           (dlx_small.c) */
    int levels_used;    /* level_nodes[] is zero from here on */
    dlxi_ext ext;       /* bounds and costs (dlx_mcc.h) */
    int poll_level, poll_walk; /* at the last poll (budget_spent) */
    const void *memo_live; /* the memo count running on it (dlx_memo.c),
                              for dlx_memo_poll_stats; else NULL */
};

/* ---- small helpers ----------------------------------------------------- */

/* Grows the array p of *cap elements of `size` bytes to hold `need`
 * (doubling); NULL when out of memory (p is then still valid). */
static inline void *grow(void *p, int *cap, int need, size_t size)
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
static inline size_t active_words(int n)
{
    return ((size_t)n + 2 + 63) / 64;
}

/* dlx_num_nodes, inline: the engines' tests of size read the matrix
 * again after an external call (which may change it, for all the
 * compiler knows), and lose the bounds they checked. */
static inline long num_nodes(const dlx_matrix *m)
{
    /* all nodes less headers, spacers and node 0 */
    return (long)m->n_nodes - m->n_items - 2 - m->n_options;
}

/* The option that node x belongs to: the spacer before it names it. */
static inline int option_of(const int *itm, int x)
{
    while (itm[x] > 0)
        x--;
    return -itm[x];
}

/* ---- randomness: dlx_random.h (the project's one generator) ---------- */

static inline uint32_t random_below(uint64_t *state, uint32_t n)
{
    return dlx_random_below(state, n);
}

/* ---- what the engines share ------------------------------------------- */

/* The state a search reports back to dlx_solve. */
typedef struct tally {
    uint64_t nodes, updates, found, found_hi, splits;
    int max_level, status;
    dlx_outcome outcome;
} tally;

/* Nodes per item, on average, from which DLX_ENGINE_AUTO takes the
 * bitset search (dlx_bits.c); the search on what is left (dlx_small.c)
 * leaves such lists to it. */
#define DLX_BITS_MIN_LIST 32

/* dlx_solve.c: the buffers of a search (solution, first solution, the
 * level profile cleared; the random order's and split's when asked):
 * DLX_OK or DLX_ENOMEM. */
int dlxi_prepare_buffers(dlx_matrix *m, int n_forced, int randomize,
                         int split);

/* dlx_dance.c: commits the forced options one by one on the links
 * (DLX_OK; on DLX_EOPTION or DLX_ECONFLICT it has undone what it did),
 * adding Knuth's updates to *upd; dlxi_unforce undoes it. */
int dlxi_force(dlx_matrix *m, const int *forced, int n, uint64_t *upd);
void dlxi_unforce(dlx_matrix *m, const int *forced, int n);

/* The engines.  Each search starts from what the links or its own state
 * say, counts into *out, and leaves the matrix as it found it. */

/* dlx_dance.c: the dance, on the links as they are (forced options
 * committed); picks the variant compiled for the flags of the search. */
void dlxi_dance_search(dlx_matrix *m, const dlx_search *s, double start,
                       tally *out);

/* dlx_bits.c: the compact search, when dlxi_choose (dlx_engine.c) chose
 * it: builds it, searches and frees it.  DLX_OK when it searched; else
 * (DLX_ETOOBIG: too big for its state, or DLX_ENOMEM) nothing was
 * searched. */
int dlxi_bits_solve(dlx_matrix *m, const dlx_search *s, double start,
                    tally *out);

/* dlx_small.c: when dlxi_choose chose the search on what is left,
 * dlxi_small_build builds it in m->small (DLX_OK, DLX_EOPTION,
 * DLX_ECONFLICT, DLX_ENOMEM, or DLX_ETOOBIG: what is left does not fit),
 * and dlxi_small_search searches what it built.  dlxi_small_free(NULL)
 * does nothing. */
int dlxi_small_build(dlx_matrix *m, const dlx_search *s);
void dlxi_small_search(dlx_matrix *m, const dlx_search *s, double start,
                       tally *out);
void dlxi_small_free(small_search *b);

/* What m->poll_level's levels hold, for dlx_poll_progress(): the dance's
 * nodes in choice[], the compact search's nlist[]/idx[], or nothing it
 * can read (the estimate's paths, the bitset search). */
enum {
    DLXI_WALK_NONE = 0, DLXI_WALK_LINKS = 1, DLXI_WALK_SHUFFLED = 2,
    DLXI_WALK_SMALL = 3
};

/* The budgets every walk of the tree shares (a search, the estimate):
 * DLX_COMPLETE while none is spent, after `nodes` nodes and `updates`
 * updates.  The budget (budget_poll: on_poll, then the clock) is asked
 * every DLX_POLL_NODES nodes, and every DLX_POLL_UPDATES updates
 * (*poll_at: the walk's next mark, 0 at its start): a node of a killer's
 * cage covers hundreds of thousands of tuples, and 4096 such nodes took
 * 23 s past a --timeout 1 (issue 35). */
#define DLX_POLL_UPDATES ((uint64_t)1 << 22)
static inline dlx_outcome budget_spent(const dlx_search *s, uint64_t nodes,
                                       uint64_t updates, uint64_t *poll_at,
                                       double start, dlx_matrix *m,
                                       int level, int walk)
{
    if (s->max_nodes && nodes >= s->max_nodes)
        return DLX_STOP_NODES;
    if (((nodes & (DLX_POLL_NODES - 1)) == 0 && nodes > 0) ||
        updates >= *poll_at) {
        *poll_at = updates + DLX_POLL_UPDATES;
        /* where the walk is, for dlx_poll_progress() from on_poll: stored
         * here, on the rare poll, not at every node */
        m->poll_level = level;
        m->poll_walk = walk;
        return budget_poll(s, nodes, start);
    }
    return DLX_COMPLETE;
}

static inline void emit(const dlx_search *s, dlx_event_kind kind, int level,
                        int it, int option, int index, int count)
{
    dlx_event ev = { kind, level, it, option, index, count };
    s->on_trace(s->trace_ctx, &ev);
}

/* What m->choice holds for visit_solution: a node of each level's
 * option, and whether a trace may be watching. */
enum {
    DLX_VISIT_TRACED = 0, /* nodes; the trace hears of the solution */
    DLX_VISIT_NODES = 1,  /* nodes; no trace */
    DLX_VISIT_OPTIONS = 2 /* the options themselves (the compact search on
                             what is left: no walk back to a spacer, no
                             read of the matrix's nodes); no trace */
};

/* Fills m->solution with the forced options and the choices of levels
 * 0..level-1 (held as `held` says); returns its length. */
static inline int collect(dlx_matrix *m, const dlx_search *s, int level,
                          const int held)
{
    int n = 0;
    for (int k = 0; k < s->n_forced; k++)
        m->solution[n++] = s->forced[k];
    for (int l = 0; l < level; l++)
        m->solution[n++] = held == DLX_VISIT_OPTIONS
                               ? m->choice[l]
                               : option_of(m->itm, m->choice[l]);
    return n;
}

/* Step "visit a solution": count it, keep the first, tell the caller and
 * the trace (held: DLX_VISIT_*); returns the outcome (DLX_COMPLETE: go on
 * searching). */
static inline dlx_outcome visit_solution(dlx_matrix *m, const dlx_search *s,
                                         int level, uint64_t *found,
                                         uint64_t *found_hi, const int held)
{
    dlx_outcome outcome = DLX_COMPLETE;
    if (++*found == 0)
        ++*found_hi;
    int first = *found == 1 && *found_hi == 0;
    if (s->on_solution || first) {
        /* spelled out only when someone looks at it: counting a million
         * solutions should not walk a million option lists */
        int n = collect(m, s, level, held);
        if (first) {
            memcpy(m->first, m->solution, (size_t)n * sizeof *m->first);
            m->first_n = n;
        }
        if (s->on_solution && s->on_solution(s->solution_ctx, m->solution, n))
            outcome = DLX_STOP_CALLBACK;
    }
    if (held == DLX_VISIT_TRACED && s->on_trace)
        emit(s, DLX_EV_SOLUTION, level, -1, -1, 0, 0);
    /* the limit holds whether or not anyone traces */
    if (outcome == DLX_COMPLETE && s->max_solutions &&
        *found >= s->max_solutions && *found_hi == 0)
        outcome = DLX_STOP_SOLUTIONS;
    return outcome;
}

#endif
