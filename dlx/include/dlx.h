/*
 * dlx.h - exact cover by Knuth's Algorithm X with dancing links.
 *
 * The engine knows items and options, nothing about puzzles.  A problem is
 * built once (dlx_new, dlx_add_option) and searched any number of times;
 * every search leaves the links exactly as it found them.
 *
 *   items     0 .. n_primary-1              primary: covered exactly once
 *             n_primary .. n_items-1        secondary: covered at most once,
 *                                           or shared by options that give
 *                                           it the same color (Knuth's dlx2)
 *   options   0 .. dlx_num_options()-1      in the order they were added
 *
 * Branching follows Knuth's dlx1/dlx2: the active primary item with the
 * fewest options, leftmost on ties; its options in the order they were
 * added.  Node and update counts are therefore comparable with his programs.
 *
 * No globals: two matrices can be searched in two threads at once.  One
 * matrix must not be searched by two threads at once (dlx_clone gives each
 * thread its own).
 */
#ifndef DLX_H
#define DLX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The project's one version: CMake (library file names, pkg-config, the
 * .deb) and python/setup.py read it from this line. */
#define DLX_VERSION "0.5.0"

typedef struct dlx_matrix dlx_matrix;

/* Status codes: every function that can fail returns one (or a negative
 * value where it otherwise returns an index). */
enum {
    DLX_OK = 0,
    DLX_ENOMEM = -1,     /* out of memory */
    DLX_EITEM = -2,      /* item index out of range */
    DLX_EREPEAT = -3,    /* the same item twice in one option */
    DLX_ENOPRIMARY = -4, /* an option with no primary item */
    DLX_ECOLOR = -5,     /* a color on a primary item, or a negative color */
    DLX_ECONFLICT = -6,  /* forced options that cannot all be chosen */
    DLX_ETOOBIG = -7,    /* more items or nodes than an int can index */
    DLX_EOPTION = -8,    /* option index out of range */
    DLX_EBUSY = -9,      /* the matrix is being searched */
    DLX_EOVERFLOW = -10, /* a count past 2^128 (dlx_count_memo) */
    DLX_EPUSHED = -11,   /* options pushed: dlx_count_memo cannot see them
                            (pop them and pass them as forced options) */
    DLX_EBOUNDS = -12,   /* bad item bounds or option cost (see below) */
    DLX_ENOTSUP = -13,   /* not supported with multiplicities or costs */
    DLX_EENGINE = -14,   /* the engine asked for (dlx_search.engine) cannot
                            run this search */
    DLX_EFORCED = -15,   /* forced options not taken by this function */
    DLX_ESYNTAX = -16,   /* the text read is not valid (not in the format,
                            an unknown name, a job counted twice...): the
                            dlx_diag (dlx_read.h) says where and why */
    DLX_EREAD = -17,     /* the input could not be read (errno says why) */
    DLX_EWRITE = -18,    /* the output could not be written */
    DLX_EINVAL = -19     /* a malformed argument (dlx_bignum_parse) */
};
#define DLX_STATUS_LAST DLX_EINVAL /* the last (most negative) status */

/* A short English description of a status code ("out of memory"). */
const char *dlx_strerror(int status);

/* ---- building ---------------------------------------------------------- */

/* A matrix with n_primary primary and n_secondary secondary items and no
 * options.  Returns NULL when out of memory or when the counts are negative
 * or too large.  Free with dlx_free. */
dlx_matrix *dlx_new(int n_primary, int n_secondary);

/* Frees everything the matrix owns.  dlx_free(NULL) does nothing. */
void dlx_free(dlx_matrix *m);

/* A deep copy with the same items and options (for one search per thread).
 * NULL when out of memory. */
dlx_matrix *dlx_clone(const dlx_matrix *m);

/* Appends an option made of the n items listed.  colors may be NULL (no
 * colors); otherwise colors[k] is the color of items[k]: 0 means none, any
 * positive value is a color, and only secondary items may have one.
 * Returns the new option's index (>= 0) or a negative status. */
int dlx_add_option(dlx_matrix *m, int n, const int *items, const int *colors);

/* Asks the matrix to reserve room for this many more options and nodes, so
 * that building a large matrix does not reallocate; a hint only. */
int dlx_reserve(dlx_matrix *m, int options, long nodes);

int dlx_num_primary(const dlx_matrix *m);
int dlx_num_items(const dlx_matrix *m);
int dlx_num_options(const dlx_matrix *m);
long dlx_num_nodes(const dlx_matrix *m); /* item uses over all options */

/* The items of option `option`, in the order given to dlx_add_option:
 * returns the size and, when items (and colors) are not NULL, fills up to
 * `cap` entries.  Returns a negative status for a bad option index. */
int dlx_option_items(const dlx_matrix *m, int option, int *items, int *colors,
                     int cap);

/* A 64-bit hash of the items and options (not of the search state), so
 * that job files can tell whether they belong to this matrix. */
uint64_t dlx_fingerprint(const dlx_matrix *m);

/* Checks every link of the structure (Knuth's sanity()): each list is
 * doubly linked, list lengths match, every option's nodes are in place.
 * Returns DLX_OK, or a negative value and a message in buf. */
int dlx_check(const dlx_matrix *m, char *buf, size_t bufsize);

/* ---- counting ---------------------------------------------------------- */

/* Solution counts are 128-bit so that no count overflows silently: a
 * search stops long before 2^128. */
typedef struct dlx_count {
    uint64_t hi, lo;
} dlx_count;

/* Writes the count in decimal (at most 40 characters and a NUL) into buf,
 * which must hold DLX_COUNT_STRLEN bytes; returns buf. */
#define DLX_COUNT_STRLEN 41
char *dlx_count_str(dlx_count c, char *buf);
/* a + b (mod 2^128; callers adding partial counts cannot reach it). */
dlx_count dlx_count_add(dlx_count a, dlx_count b);
/* *out = a * b; returns non-zero (and *out is not to be used) when the
 * product does not fit in 128 bits. */
int dlx_count_mul(dlx_count a, dlx_count b, dlx_count *out);
/* The count as a uint64_t; UINT64_MAX when it does not fit. */
uint64_t dlx_count_u64(dlx_count c);

/* Counts of any size: a natural number in as many 64-bit limbs as it
 * needs, for what passes 2^128 (the memo counter's counts, sums of
 * results).  Start from DLX_BIGNUM_INIT (zero, nothing allocated) and
 * free with dlx_bignum_free (which leaves zero).  Functions that grow a
 * number return DLX_OK or DLX_ENOMEM and leave it unchanged on failure;
 * an operand may be the result. */
typedef struct dlx_bignum {
    uint64_t *limb; /* least significant first */
    size_t n;       /* limbs in use: 0 for zero, else limb[n-1] != 0 */
    size_t cap;     /* limbs allocated */
} dlx_bignum;
#define DLX_BIGNUM_INIT { NULL, 0, 0 }
void dlx_bignum_free(dlx_bignum *a);
int dlx_bignum_set_u64(dlx_bignum *a, uint64_t v);
int dlx_bignum_set_count(dlx_bignum *a, dlx_count c);
int dlx_bignum_copy(dlx_bignum *a, const dlx_bignum *b);
int dlx_bignum_add(dlx_bignum *a, const dlx_bignum *b);  /* a += b */
int dlx_bignum_mul(dlx_bignum *a, const dlx_bignum *b);  /* a *= b */
int dlx_bignum_mul_u64(dlx_bignum *a, uint64_t v);       /* a *= v */
/* a -= b: DLX_EINVAL (a unchanged) when b > a. */
int dlx_bignum_sub(dlx_bignum *a, const dlx_bignum *b);
/* a = a number drawn uniformly from 0 .. bound - 1 with the random 64-bit
 * words next(ctx) gives: DLX_OK, DLX_EINVAL for a zero bound, or
 * DLX_ENOMEM. */
int dlx_bignum_random_below(dlx_bignum *a, const dlx_bignum *bound,
                            uint64_t (*next)(void *), void *ctx);
/* -1, 0 or 1 as a <, = or > b. */
int dlx_bignum_cmp(const dlx_bignum *a, const dlx_bignum *b);
/* The number as a dlx_count, or DLX_EOVERFLOW when it passes 2^128. */
int dlx_bignum_to_count(const dlx_bignum *a, dlx_count *c);
/* The number in decimal, in memory the caller frees; NULL when out of
 * memory. */
char *dlx_bignum_str(const dlx_bignum *a);
/* Reads len decimal digits (no sign, no leading zero but for "0"):
 * DLX_OK, DLX_EINVAL for anything else (a is then unchanged) or
 * DLX_ENOMEM. */
int dlx_bignum_parse(dlx_bignum *a, const char *s, size_t len);

/* ---- searching --------------------------------------------------------- */

/* Called for each solution found.  `options` holds the n chosen options:
 * the forced ones first, in the order given, then the search's choices in
 * the order they were made.  The array is valid only during the call.
 * Return 0 to continue, non-zero to stop the search. */
typedef int (*dlx_solution_fn)(void *ctx, const int *options, int n);

/* What the trace callback sees: every branching decision of the search. */
typedef enum dlx_event_kind {
    DLX_EV_CHOOSE,    /* level starts: branching on `item` with `count`
                         options left (0: dead end, back up) */
    DLX_EV_TRY,       /* `option` is tried at `level` (`index` of `count`) */
    DLX_EV_SOLUTION,  /* the options of levels 0..level-1 form a solution */
    DLX_EV_BACKTRACK  /* every option of `item` at `level` has been tried */
} dlx_event_kind;

typedef struct dlx_event {
    dlx_event_kind kind;
    int level;  /* 0 for the first choice after the forced options */
    int item;   /* the item branched on */
    int option; /* DLX_EV_TRY: the option tried */
    int index;  /* DLX_EV_TRY: 0-based position among the item's options */
    int count;  /* options of `item` at the time it was chosen */
} dlx_event;

typedef void (*dlx_trace_fn)(void *ctx, const dlx_event *ev);

/* Called instead of going deeper when the search reaches split_depth: the
 * n options (forced ones first) define one subproblem.  Return non-zero to
 * stop. */
typedef int (*dlx_split_fn)(void *ctx, const int *options, int n);

/* Called every DLX_POLL_NODES nodes (and, where nodes are costly, every
 * few million updates) with the nodes searched so far: for
 * progress reports and for stopping a search from outside (another
 * thread's result, a signal).  Return non-zero to stop. */
typedef int (*dlx_poll_fn)(void *ctx, uint64_t nodes);
#define DLX_POLL_NODES 4096

/* From an on_poll callback of a search of m (dlx_solve, the same
 * thread): the fraction of its tree done, in [0, 1], estimated as Knuth's
 * dlx1 prints its progress, from the position of each level's option
 * among its item's (the subtrees before it, as if alike, and half of the
 * one under way); -1 where the search gives no such positions (the memo
 * counter, multiplicities, the bitset search, threads).  The estimate
 * grows as the search goes, in jumps where subtrees differ in size. */
double dlx_poll_progress(const dlx_matrix *m);

/* The engines.  dlx_solve chooses one per search, from one table
 * (dlx/dlx_engine.c): what each can run, and when it pays.  All make the
 * same search as Knuth's programs: the same nodes, the same solutions in
 * the same order, and his update count; the memo counter only counts.
 *
 *   DLX_ENGINE_LINKS  the dance (Knuth's dlx1/dlx2): runs everything
 *                     without multiplicities or the subset rule.
 *   DLX_ENGINE_BITS   per level, the active options as a bitset and each
 *                     item's count of them: no colors, no forced or pushed
 *                     options, no trace, split or random order, at most
 *                     16384 options and 512 primary items.  AUTO takes it
 *                     when items have 32 options or more on average (where
 *                     a node hides many options, as in polyomino packing,
 *                     it is about twice as fast; with short lists the
 *                     dance is faster).
 *   DLX_ENGINE_SMALL  the compact search again, built for what forced
 *                     (and pushed) options leave: only the items they do
 *                     not cover and the options that do not clash with
 *                     them, renumbered, a byte per item's count.  No
 *                     colors, trace, split or random order; what is left
 *                     has at most 4096 options, 1024 primary items and 254
 *                     options per item.  AUTO takes it with forced or
 *                     pushed options (a sudoku's givens: 2x to 3x faster
 *                     than the dance, see bench/RESULTS.md), with prune,
 *                     and without them when covering an item hides 10
 *                     nodes or more on average (list length x (option
 *                     length - 1): queens, Langford pairs, Latin squares,
 *                     1.3x to 2x faster) and the lists are too short for
 *                     DLX_ENGINE_BITS.
 *   DLX_ENGINE_MEMO   the memo counter (dlx_count_memo, below): counts
 *                     only: no on_solution, trace, split, random order,
 *                     prune, pushed options or multiplicities.  AUTO takes
 *                     it when the caller wants the count only
 *                     (dlx_search.count_only), nothing is forced, and
 *                     dlx_memo_pays says it pays.
 *   DLX_ENGINE_MCC    Knuth's Algorithm M (dlx3; multiplicities, below):
 *                     no trace, random order or prune, no split with
 *                     forced options.  AUTO takes it when an item has
 *                     bounds other than 1:1 (the only engine that can).
 *
 * An engine asked for by name that cannot run the search is an error
 * (DLX_EENGINE; DLX_ENOTSUP when it is for multiplicities), never a
 * quiet change of engine; so is prune with an engine other than SMALL.  DLX_ENGINE_AUTO (0) falls back to the dance
 * where a compact engine cannot run (what is left too big, no memory).
 * dlx_result.ran says which engine ran (DLX_RAN_*), dlx_result.reason
 * why (DLX_WHY_*; dlx_engine_why renders both). */
enum {
    DLX_ENGINE_AUTO = 0,
    DLX_ENGINE_LINKS = 1,
    DLX_ENGINE_BITS = 2,
    DLX_ENGINE_SMALL = 3,
    DLX_ENGINE_MEMO = 4,
    DLX_ENGINE_MCC = 5
};

/* Which engine ran (dlx_result.ran): a search that ran reports one. */
typedef enum dlx_ran {
    DLX_RAN_NONE = 0,   /* nothing ran (an error before the search) */
    DLX_RAN_LINKS = 1,  /* "dancing links" */
    DLX_RAN_BITS = 2,   /* "bitsets" */
    DLX_RAN_SMALL = 3,  /* "compact" */
    DLX_RAN_MEMO = 4,   /* "memo" */
    DLX_RAN_MCC = 5     /* "Algorithm M" */
} dlx_ran;

/* Why it ran (dlx_result.reason). */
typedef enum dlx_reason {
    DLX_WHY_NONE = 0,       /* nothing ran */
    DLX_WHY_ASKED,          /* dlx_search.engine, dlx_count_memo */
    DLX_WHY_BOUNDS,         /* multiplicities: only Algorithm M runs them */
    DLX_WHY_COSTS,          /* dlx_best: Algorithm M with costs */
    DLX_WHY_MEMO_PAYS,      /* a count only, and dlx_memo_pays said so */
    DLX_WHY_FORCED,         /* forced or pushed options, what is left fits */
    DLX_WHY_PRUNE,          /* the subset rule runs in the compact search */
    DLX_WHY_HIDES,          /* a cover hides 10 nodes or more on average */
    DLX_WHY_LONG_LISTS,     /* 32 options per item or more on average */
    DLX_WHY_COLORS,         /* colors: only the dance runs them */
    DLX_WHY_WATCHED,        /* trace, split or random order watch links */
    DLX_WHY_SHORT,          /* short lists and options: the dance pays */
    DLX_WHY_TOO_BIG,        /* too big for the compact engines */
    DLX_WHY_EMPTY,          /* no primary item or no option */
    DLX_WHY_NO_ROOM,        /* no memory for the compact engine's state */
    DLX_WHY_LAST = DLX_WHY_NO_ROOM
} dlx_reason;

/* "dancing links", "bitsets", "compact", "memo", "Algorithm M" ("none"
 * for DLX_RAN_NONE and values out of range). */
const char *dlx_engine_str(int ran);
/* The reason in words, e.g. "forced options; 4096 options or fewer"
 * ("none" for DLX_WHY_NONE and values out of range). */
const char *dlx_reason_str(int reason);

/* The memo counter's figures (dlx_count_memo, below). */
typedef struct dlx_memo_stats dlx_memo_stats;

/* What to search for.  Start from dlx_search_defaults() and set fields. */
typedef struct dlx_search {
    uint64_t max_solutions; /* stop after this many; 0: no limit.
                               1 = find one, 2 = prove unique */
    uint64_t max_nodes;     /* stop after this many nodes; 0: no limit */
    double max_seconds;     /* stop after this much wall time; 0: none */

    const int *forced;      /* options chosen before the search starts */
    int n_forced;

    int randomize;          /* break ties among items and order each item's
                               options at random, from `seed` */
    uint64_t seed;

    dlx_solution_fn on_solution;
    void *solution_ctx;
    dlx_trace_fn on_trace;
    void *trace_ctx;

    dlx_poll_fn on_poll;
    void *poll_ctx;

    int engine;             /* what to run: DLX_ENGINE_AUTO (0), or one
                               of them by name (see above) */

    int split_depth;        /* > 0: report each partial solution that has
                               made this many real choices (at levels where
                               the item had two or more options; forced
                               moves do not count) to on_split, and do not
                               search below it */
    dlx_split_fn on_split;
    void *split_ctx;

    int prune;              /* 1: the subset rule before each branch:
                               when every option left of a primary item
                               i covers item j, j's other options go
                               (Knuth's intersection of items; sudoku's
                               locked candidates).  The same count and
                               solutions, fewer nodes (the nodes, updates
                               and order of solutions are this tree's).
                               Runs in DLX_ENGINE_SMALL, which it then
                               takes; where that cannot run (see above)
                               the plain search runs.  It stops by itself
                               when it stops paying: two runs to start,
                               each run costs one, each item it cuts
                               earns one */

    int count_only;         /* 1: the caller wants the count only (not
                               r->first, the level profile, the tree's
                               nodes): DLX_ENGINE_AUTO may then count by
                               memo (DLX_WHY_MEMO_PAYS) */
    size_t memo_bytes;      /* the memo counter's table when it runs (0:
                               DLX_MEMO_DEFAULT_MB) */
    dlx_memo_stats *memo_stats; /* NULL, or filled in when it ran */
    dlx_bignum *memo_count; /* NULL, or the memo counter's count at any
                               size when it ran (dlx_count_memo_big; the
                               caller frees it): no DLX_EOVERFLOW then */
} dlx_search;

dlx_search dlx_search_defaults(void);

/* Why a search ended. */
typedef enum dlx_outcome {
    DLX_COMPLETE = 0,     /* the whole tree was searched: counts are exact */
    DLX_STOP_SOLUTIONS,   /* max_solutions reached */
    DLX_STOP_CALLBACK,    /* on_solution, on_split or on_poll asked to
                             stop */
    DLX_STOP_NODES,       /* max_nodes reached: the search was cut short */
    DLX_STOP_TIME         /* max_seconds reached: the search was cut short */
} dlx_outcome;

const char *dlx_outcome_str(dlx_outcome o);

typedef struct dlx_result {
    dlx_outcome outcome;
    dlx_count solutions;   /* found by this search */
    uint64_t nodes;        /* search tree nodes, as Knuth counts them */
    uint64_t updates;      /* links removed, as Knuth counts them */
    uint64_t splits;       /* subproblems reported (split_depth > 0) */
    int max_level;         /* deepest level reached (-1: none) */
    int ran;               /* which engine ran: DLX_RAN_* */
    int reason;            /* why: DLX_WHY_* */
    double seconds;
    /* The first solution found (forced options first); valid until the
     * next search on the same matrix or dlx_free.  first_n is 0 when no
     * solution was found. */
    const int *first;
    int first_n;
    /* nodes entered at each level 0 .. n_levels-1; valid like `first`. */
    const uint64_t *level_nodes;
    int n_levels;
} dlx_result;

/* Runs a search.  Returns DLX_OK with *r filled in, DLX_ECONFLICT when the
 * forced options clash (r->solutions is then 0), DLX_EOPTION for a bad
 * forced option, DLX_EBUSY when called from inside a callback of a search
 * on the same matrix, DLX_EENGINE when the engine asked for cannot run
 * the search (DLX_ENOTSUP: for multiplicities), or DLX_ENOMEM (and with
 * multiplicities, DLX_ENOTSUP; by
 * memo, DLX_EOVERFLOW and DLX_EPUSHED, as dlx_count_memo). */
int dlx_solve(dlx_matrix *m, const dlx_search *s, dlx_result *r);

/* The engine of a result and why, e.g. "compact (forced options; 4096
 * options or fewer)", into buf (size bytes, truncated); returns buf. */
char *dlx_engine_why(const dlx_result *r, char *buf, size_t size);

/* Which engine dlx_solve runs for s on m, and why, without searching
 * (for DLX_ENGINE_AUTO on a count it makes the memo counter's short
 * trial): for a caller that runs the search elsewhere (on threads) when
 * it is not the memo counter's.  Where a compact engine finds what is
 * left too big, dlx_solve still takes the dance.  DLX_OK, DLX_EENGINE
 * or DLX_EBUSY; *ran and *reason are DLX_RAN_NONE, DLX_WHY_NONE then. */
int dlx_choose_engine(dlx_matrix *m, const dlx_search *s, int *ran,
                      int *reason);

/* Estimates the size of a search too large to run (Knuth's random path
 * estimate, TAOCP 7.2.2): each of `paths` random walks from the root takes
 * one random option at every level until a solution or a dead end; the
 * product of the branching factors along a path is an unbiased estimate of
 * the number of solutions (when it ends in one) and of nodes.  Reports the
 * means and their standard errors over the paths done.
 *
 * From `s` (NULL: dlx_search_defaults()) it reads forced/n_forced, seed
 * (the random walks), and the budgets max_nodes (nodes of all paths
 * together), max_seconds and on_poll, exactly as a search does; the other
 * fields are ignored.  When a budget runs out, the path under way is
 * dropped and e->outcome says which budget (DLX_STOP_NODES, DLX_STOP_TIME,
 * DLX_STOP_CALLBACK): the figures are then those of the e->paths paths
 * done (all zero if none was).  Returns like dlx_solve. */
typedef struct dlx_estimate {
    double solutions, solutions_error;
    double nodes, nodes_error;
    uint64_t paths;       /* paths done (fewer than asked when cut short) */
    uint64_t visited;     /* nodes walked, over all paths */
    dlx_outcome outcome;  /* DLX_COMPLETE: every path asked was done */
} dlx_estimate;

int dlx_estimate_size(dlx_matrix *m, const dlx_search *s, uint64_t paths,
                      dlx_estimate *e);

/* Options committed outside any search, as a stack: every later search
 * runs on what they leave, and its solutions do not list them (forced
 * options of a search, by contrast, are committed and undone by each
 * search and are listed).  For many searches that share most of their
 * starting point, e.g. the uniqueness checks of a puzzle generator.
 * dlx_push returns DLX_OK, DLX_ECONFLICT (nothing pushed), DLX_EOPTION,
 * DLX_EBUSY (inside a search) or DLX_ENOMEM; dlx_pop takes back the last
 * n pushed (DLX_EOPTION when fewer were).  Options cannot be added while
 * any are pushed (DLX_EBUSY); dlx_clone copies the pushed state. */
int dlx_push(dlx_matrix *m, int option);
int dlx_pop(dlx_matrix *m, int n);
int dlx_num_pushed(const dlx_matrix *m);

/* Shorthand: count solutions up to `limit` (0: all), starting from the
 * forced options.  Returns like dlx_solve. */
int dlx_count_solutions(dlx_matrix *m, uint64_t limit, const int *forced,
                        int n_forced, dlx_result *r);

/* ---- counting by memo ---------------------------------------------------

   dlx_count_memo counts the solutions and remembers the count of every
   sub-problem it solves, keyed by what is left: the open items (primary
   items not covered, secondary items not used) and the color set on each
   secondary item that has one.  A sub-problem met again costs a lookup,
   so the time grows with the number of distinct sub-problems instead of
   the number of solutions: domino tilings of a 16x16 board (about 2.4 x
   10^33) in seconds, all 28,200,960 6x6 sudoku grids in about a second.
   Where sub-problems seldom repeat (most puzzles with givens, queens,
   pentominoes) it is slower than dlx_solve and only uses memory.

   Order of branching: an item with no option left ends the branch; an
   item with one option takes it (no memo entry for that step); otherwise
   the first open primary item in item order is branched on, unless the
   item with the fewest options has less than half as many (then that one,
   leftmost on ties: a piece listed before a board's cells).  A fixed
   order makes the open items a frontier (the variable order of a decision
   diagram), so that partial solutions that differ only behind it meet:
   number the items so that options join items close in that order
   (cells row by row on a board).  The choice of the item with the fewest
   options (dlx_solve's) meets far fewer sub-problems.

   Independent parts: when no live option joins two groups of open items,
   each group is counted alone and the counts multiplied (a board split in
   two by what is placed, a problem made of two).  Tried while it pays
   (not with colors).

   Memory: the table holds, per sub-problem, its key (one bit per item, 32
   bits per colored secondary item), a hash and a 128-bit count.  It
   doubles while the old and new tables together fit in memo_bytes (0:
   DLX_MEMO_DEFAULT_MB); past that it is full, and a new count replaces an
   old one: the count stays exact, the search may repeat work.  Nothing
   else grows with the search: the dance takes the matrix's size again.

   From `s` (NULL: defaults) it reads forced/n_forced (committed first),
   max_solutions, max_nodes (each sub-problem entered and each forced step
   is a node), max_seconds and on_poll; on_solution, on_trace, on_split,
   split_depth, randomize and engine are ignored: no solution is ever
   spelled out.  A search cut short by a budget gives a lower bound in
   r->solutions (outcome DLX_STOP_NODES, _TIME, _CALLBACK); with
   max_solutions it stops once that many are seen and reports exactly
   max_solutions (DLX_STOP_SOLUTIONS).  r->first and r->level_nodes are
   empty, r->ran is DLX_RAN_MEMO, r->max_level counts forced steps.
   The matrix is only read (its links are not touched), but it must not
   be changed during the call.

   Returns DLX_OK, DLX_EOVERFLOW when the count passes 2^128 (r->solutions
   is then 0: never a wrapped number), DLX_EPUSHED when options are pushed
   (dlx_push), DLX_ENOTSUP when an item has bounds (dlx_set_bounds),
   DLX_EOPTION or DLX_ECONFLICT for bad forced options, or DLX_ENOMEM.  st may be NULL. */
#define DLX_MEMO_DEFAULT_MB 4096

struct dlx_memo_stats {
    uint64_t subproblems;   /* sub-problems searched (stored, or lost) */
    uint64_t hits;          /* sub-problems found in the table */
    uint64_t stored;        /* entries in the table at the end */
    uint64_t bytes;         /* the table's memory at its largest */
    uint64_t parts;         /* sub-problems split into independent parts */
    uint64_t dropped;       /* counts that replaced another (table full) */
};

int dlx_count_memo(dlx_matrix *m, const dlx_search *s, size_t memo_bytes,
                   dlx_result *r, dlx_memo_stats *st);

/* dlx_count_memo with counts of any size: the exact count goes into
 * *count (a dlx_bignum the caller frees; DLX_BIGNUM_INIT or any number
 * before the call), and r->solutions holds it when it fits in 128 bits,
 * else 2^128 - 1.  Never DLX_EOVERFLOW: the numbers past 2^127 are kept
 * beside the table and charged to memo_bytes, and running out of that
 * budget or of memory returns DLX_ENOMEM (count is then zero). */
int dlx_count_memo_big(dlx_matrix *m, const dlx_search *s,
                       size_t memo_bytes, dlx_bignum *count, dlx_result *r,
                       dlx_memo_stats *st);

/* Draws n solutions independently and exactly uniformly from all the
 * solutions (starting from s->forced), through the memo counter's counts:
 * at a branch, an option is taken with probability the count of what it
 * leaves over the count here.  Each solution goes to s->on_solution
 * (forced options first, then the path's; return non-zero to stop),
 * drawn with splitmix64 from s->seed, so that a seed gives the same
 * solutions on every machine.  Reads forced/n_forced, seed, max_nodes,
 * max_seconds (over the count and the draws), on_poll and on_solution;
 * max_solutions and the rest are ignored.  r->solutions is the count of
 * all solutions (2^128 - 1 past it; *count, when not NULL, gets it
 * exactly, as dlx_count_memo_big), r->splits the solutions drawn (fewer
 * than n only when stopped: none when there is no solution).  Returns as
 * dlx_count_memo_big: DLX_ENOTSUP for items with bounds, DLX_EPUSHED
 * with pushed options. */
int dlx_sample(dlx_matrix *m, const dlx_search *s, size_t memo_bytes,
               uint64_t n, dlx_bignum *count, dlx_result *r,
               dlx_memo_stats *st);
/* The figures so far of the memo count running on m, from its on_poll
 * callback (the same thread): 1, or 0 when no memo count runs on m.
 * st->dropped > 0 says the table is full and counts are being replaced,
 * where a count can become many times slower (a command warns). */
int dlx_memo_poll_stats(const dlx_matrix *m, dlx_memo_stats *st);

/* Whether counting this matrix (no forced options) is expected to be
 * faster by memo than by dlx_solve: 1 or 0.  See dlx_memo.c for the
 * rule; it searches a little (a few milliseconds, at most about 0.55
 * seconds whatever the matrix), so it needs the matrix
 * as dlx_solve does (not pushed on, not searched by another thread). */
int dlx_memo_pays(dlx_matrix *m);

/* ---- multiplicities and costs (Knuth's dlx3 and dlx5) ----------------- */

/* Multiplicities: primary item `item` must be covered at least lo and at
 * most hi times (dlx3's "lo:hi|name"; every item starts at 1:1).  Needs
 * 0 <= lo <= hi, 1 <= hi <= DLX_MAX_BOUND, and a primary item; returns
 * DLX_OK, DLX_EITEM (bad or secondary item), DLX_EBOUNDS, DLX_EBUSY or
 * DLX_ENOMEM.  The matrix keeps the bounds; dlx_clone copies them.
 *
 * Once an item's bounds are not 1:1, dlx_solve runs Knuth's Algorithm M
 * (dlx3, TAOCP 7.2.2.1): the same choice of item (fewest ways to branch,
 * then least slack, then the longest list, leftmost), so the same nodes,
 * updates and solutions as dlx3, in the same order; a solution lists
 * each chosen option once (forced options first).  That search supports
 * forced and pushed options, limits, max_seconds, on_solution and
 * on_poll, and split_depth without forced options: on_split (and
 * on_solution, for a solution above the cut) then receive the path to
 * the cut as pairs (item, option), which dlx_solve_job searches (see
 * dlx_parallel.h; so --threads, shards and jobs work on it).  It refuses
 * on_trace, randomize, and split_depth with forced options with
 * DLX_ENOTSUP, as dlx_estimate_size does.  dlx_result.ran is
 * DLX_RAN_MCC. */
#define DLX_MAX_BOUND 1000000
int dlx_set_bounds(dlx_matrix *m, int item, int lo, int hi);
/* The bounds of an item (1:1 unless set); DLX_EITEM for a bad index. */
int dlx_item_bounds(const dlx_matrix *m, int item, int *lo, int *hi);

/* Costs: option `option` costs `cost` (dlx5's "|n"; 0 unless set), with
 * 0 <= cost <= DLX_MAX_COST and the costs of all options together at
 * most INT64_MAX, so that no solution's cost overflows.  Returns DLX_OK,
 * DLX_EOPTION, DLX_EBOUNDS, DLX_EBUSY or DLX_ENOMEM.  dlx_solve ignores
 * costs; dlx_best uses them. */
#define DLX_MAX_COST 1000000000000000LL
int dlx_set_cost(dlx_matrix *m, int option, int64_t cost);
int64_t dlx_option_cost(const dlx_matrix *m, int option); /* -1: bad */

/* The k cheapest solutions (1 <= k <= DLX_MAX_BEST), with bounds as well
 * when there are any: Algorithm M on item lists sorted by cost, after
 * dlx5's taxes (an item covered exactly lo = hi times pays the cost of
 * its cheapest option, taken off every option of its list), cutting off
 * every option and node whose cost plus a lower bound on the rest (each
 * item that still needs covering, at the least cost per primary item of
 * the options left in its list) cannot beat the k-th best found so far.
 * Reads from `s` (NULL: dlx_search_defaults()) forced/n_forced,
 * max_nodes, max_seconds, on_poll and
 * on_solution (called for each solution that enters the k best, in the
 * order found); the rest must be off (DLX_ENOTSUP).  r->solutions counts
 * those solutions, r->nodes the nodes.  The outcome is DLX_COMPLETE when
 * the k found are the k cheapest (fewer when there are fewer solutions).
 * Returns like dlx_solve. */
#define DLX_MAX_BEST 100000
int dlx_best(dlx_matrix *m, const dlx_search *s, int k, dlx_result *r);

/* The i-th cheapest solution of the last dlx_best (i from 0, ties in the
 * order found): its options (forced first; valid until the next search
 * on m or dlx_free) and its cost.  Returns the number of options, or
 * DLX_EOPTION when i is not below the number of solutions kept. */
int dlx_best_solution(const dlx_matrix *m, int i, const int **options,
                      int64_t *cost);
int dlx_best_count(const dlx_matrix *m);

#ifdef __cplusplus
}
#endif

#endif
