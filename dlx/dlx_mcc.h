/*
 * dlx_mcc.h - multiplicities (Knuth's dlx3) and costs (dlx5), private to
 * libdlx.
 *
 *   dlx_ext.c   bounds and costs kept in the matrix
 *   dlx_mcc.c   Algorithm M on node arrays of its own (built from the
 *               matrix's items and options), dlx_solve for matrices with
 *               bounds, its split into jobs and a job's search
 *   dlx_mcc_choice.h  its arrays, its choice of item (dlx3's, dlx5's with
 *               costs) and the subtrees it counts without searching
 *   dlx_cost.c  dlx_best: taxes, the k best solutions, the lower bound
 *   dlx_best_par.c  dlx_best_parallel: the k best of jobs on threads
 *
 * The matrix (dlx_build.c) holds one dlxi_ext and calls three functions
 * of it: free, copy and the fingerprint's mix; dlx_solve (dlx_solve.c)
 * calls dlxi_mcc_solve when an item's bounds are not 1:1.  Plain input never reaches these files.
 * Internal names start with dlxi_ (the library exports only dlx_*).
 */
#ifndef DLX_MCC_H
#define DLX_MCC_H

#include "dlx.h"

typedef struct dlxi_mcc dlxi_mcc;
typedef struct dlxi_best dlxi_best;

/* What the matrix keeps for both extensions: NULL arrays until a bound
 * or cost is set.  lo/hi have one entry per item (secondary ones stay
 * 1:1); cost has cap_cost entries (options past it cost 0). */
typedef struct dlxi_ext {
    int *lo, *hi;
    int n_bounded;      /* primary items whose bounds are not 1:1 */
    int64_t *cost;
    int cap_cost;
    int64_t cost_sum;   /* of all options, <= INT64_MAX */
    dlxi_mcc *mcc;      /* the last search's arrays and results */
    dlxi_best *best;    /* the last dlx_best's solutions */
} dlxi_ext;

void dlxi_ext_free(dlxi_ext *x);
int dlxi_ext_copy(dlxi_ext *dst, const dlxi_ext *src, int n_items);
void dlxi_mcc_release(dlxi_mcc *e);
void dlxi_best_release(dlxi_best *b);
uint64_t dlxi_ext_mix(const dlxi_ext *x, uint64_t h, int n_items,
                      int n_options);

/* From dlx_build.c: the matrix's extension, busy flag and pushed
 * options. */
dlxi_ext *dlxi_ext_of(dlx_matrix *m);
const dlxi_ext *dlxi_ext_const(const dlx_matrix *m);
int *dlxi_busy(dlx_matrix *m);
const int *dlxi_pushed(const dlx_matrix *m, int *n);

/* The monotonic clock in seconds. */
#include "dlx_budget.h"

struct dlx_jobs;

/* dlx_parallel.c: dlx_split_within that also says the nodes its passes
 * searched, so that a budget counts the split's nodes too. */
int dlxi_split_within(dlx_matrix *m, int depth, int min_jobs,
                      const dlx_search *lim, struct dlx_jobs *out,
                      dlx_outcome *cut, uint64_t *nodes);

/* dlx_solve on a matrix with bounds (dlx_mcc.c). */
int dlxi_mcc_solve(dlx_matrix *m, const dlx_search *s, dlx_result *r);

/* The engine's costs hook (dlx_cost.c calls the search with one). */
typedef struct dlxi_cost_hook {
    int k;                  /* solutions kept */
    int64_t cutoff;         /* net cost to beat: the k-th best's, or max */
    int64_t base;           /* taxes and forced options, added back */
    void *best;             /* dlxi_best */
    int64_t cap;            /* full cost to beat from the start (the k-th
                               best of other jobs), or INT64_MAX */
} dlxi_cost_hook;

int dlxi_mcc_run(dlx_matrix *m, const dlx_search *s, dlxi_cost_hook *hook,
                 dlx_result *r);
/* A job of dlx_split on a matrix with bounds: n_steps / 2 pairs (item,
 * option; dlx_num_options(m) for the null move), the path from the root
 * to the job's subtree, searched within s (its forced options ignored). */
int dlxi_mcc_run_job(dlx_matrix *m, const dlx_search *s,
                     dlxi_cost_hook *hook, const int *steps, int n_steps,
                     dlx_result *r);
/* dlx_best on one job of dlx_split (dlx_cost.c), whose solutions must
 * cost less than cap (INT64_MAX: any). */
int dlxi_best_job(dlx_matrix *m, const dlx_search *s, int k, int64_t cap,
                  const int *job, int n_job, dlx_result *r);
/* Makes n solutions (full costs, options) m's best list, as dlx_best
 * leaves it; they must be sorted, n <= k. */
int dlxi_best_store(dlx_matrix *m, int k, int n, const int64_t *cost,
                    int *const *options, const int *n_options);
/* Called by the search for a solution of net cost `net` below the
 * cutoff (dlx_cost.c): keeps it, moves hook->cutoff; non-zero on
 * failure to allocate. */
int dlxi_best_keep(dlxi_cost_hook *hook, const int *options, int n,
                   int64_t net);

#endif
