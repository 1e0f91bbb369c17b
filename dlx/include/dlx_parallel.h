/*
 * dlx_parallel.h - one search as many independent subproblems ("jobs"),
 * counted by a pool of threads, by shards on other machines, or by MPI.
 *
 * A job is a list of options to force: the forced options of the split,
 * then one choice per level down to the split depth.  Job ids are their
 * positions in the order the deterministic search meets them, so the same
 * matrix and depth give the same ids on every machine.  A solution met
 * above the split depth becomes a job of its own (it counts 1), so the
 * jobs' counts always add up to the whole count.
 */
#ifndef DLX_PARALLEL_H
#define DLX_PARALLEL_H

#include <stdio.h>

#include "dlx.h"
#include "dlx_read.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dlx_jobs {
    int n;          /* number of jobs */
    int depth;      /* the depth they were cut at */
    int *start;     /* job k's options: opts[start[k]] .. opts[start[k+1]-1] */
    int *opts;
    int *line;      /* read from a file: the line of each job; else NULL */
} dlx_jobs;

/* Splits the search below the forced options into jobs at `depth` levels
 * (>= 1); when min_jobs > 0, goes deeper until there are at least min_jobs
 * jobs or a deeper cut no longer adds any.  Fills *out (free it with
 * dlx_jobs_free) and returns DLX_OK, or a status of dlx_solve. */
int dlx_split(dlx_matrix *m, const int *forced, int n_forced, int depth,
              int min_jobs, dlx_jobs *out);
/* The same within lim's max_nodes and max_seconds, over all
 * the passes that go deeper (lim may be NULL: none): when one runs out,
 * DLX_OK with no jobs (out->start NULL) and *cut DLX_STOP_NODES,
 * DLX_STOP_TIME or DLX_STOP_CALLBACK; else *cut DLX_COMPLETE.  A split of
 * queens 1000 into 1024 jobs searches a million partial solutions. */
int dlx_split_within(dlx_matrix *m, const int *forced, int n_forced,
                     int depth, int min_jobs, const dlx_search *lim,
                     dlx_jobs *out, dlx_outcome *cut);

void dlx_jobs_free(dlx_jobs *jobs);

/* Searches job k of `jobs` on m within s (whose forced options are
 * ignored), as dlx_solve does.  A job is the options chosen down to the
 * cut, forced; on a matrix with bounds (dlx_set_bounds), where Algorithm M
 * also excludes the options it tried before and closes items (the null
 * move), a job is the path to the cut instead: pairs (item, option) of
 * the item chosen at each level and the branch taken, option
 * dlx_num_options(m) for the null move.  Either way the jobs of a split
 * find each solution once, and their nodes plus the split's are the
 * whole search's (Algorithm M; the plain engines do not promise it: a
 * solution above the cut is a node of the split and of its job). */
int dlx_solve_job(dlx_matrix *m, const dlx_jobs *jobs, int k,
                  const dlx_search *s, dlx_result *r);

/* What one job gave. */
typedef struct dlx_job_result {
    dlx_count solutions;
    uint64_t nodes;
    double seconds;
    dlx_outcome outcome;   /* DLX_COMPLETE unless the run was stopped */
    int worker;            /* the thread that counted it; -1: not counted */
} dlx_job_result;

typedef struct dlx_worker_stats {
    int jobs;
    uint64_t nodes;
    double busy_seconds;
} dlx_worker_stats;

/* Seen by the progress callback, about once a second. */
typedef struct dlx_progress {
    int jobs_done, jobs;
    dlx_count solutions;
    uint64_t nodes;
    double seconds;
} dlx_progress;

typedef struct dlx_parallel {
    int threads;              /* workers (>= 1) */
    uint64_t max_solutions;   /* stop after this many, over all workers */
    uint64_t max_nodes;       /* stop after about this many, over all */
    double max_seconds;       /* wall-clock budget for the whole count */
    void (*on_progress)(void *ctx, const dlx_progress *p);
    void *progress_ctx;
} dlx_parallel;

typedef struct dlx_parallel_result {
    dlx_outcome outcome;      /* DLX_COMPLETE: every job counted in full */
    dlx_count solutions;      /* exact when complete, partial otherwise */
    uint64_t nodes;
    double seconds;
    int jobs_done;
    dlx_job_result *job;      /* one per job counted (n_which of them) */
    int n_jobs;
    dlx_worker_stats *worker; /* one per thread */
    int n_workers;
    int depth;                /* dlx_count_parallel: the depth of the cut */
    int jobs_total;           /* dlx_count_parallel: the jobs it made */
} dlx_parallel_result;

/* Counts the jobs listed in `which` (all jobs when which is NULL) on
 * opt->threads threads pulling jobs from a shared queue in order.  The
 * matrix is cloned once per thread and is not searched itself.  Returns
 * DLX_OK with *res filled in (free with dlx_parallel_result_free), or a
 * negative status (DLX_ENOMEM; DLX_EOPTION for a job id out of range). */
int dlx_count_jobs(const dlx_matrix *m, const dlx_jobs *jobs,
                   const int *which, int n_which, const dlx_parallel *opt,
                   dlx_parallel_result *res);

void dlx_parallel_result_free(dlx_parallel_result *res);

/* The usual split when no depth is asked for: deep enough for this many
 * jobs per thread, since search trees are uneven and a thread that
 * finishes early takes the next job. */
#define DLX_JOBS_PER_THREAD 64

/* Splits and counts in one call: the search below the forced options is
 * cut at split_depth (0: the least depth giving DLX_JOBS_PER_THREAD jobs
 * per thread) and the jobs are counted on opt->threads threads.  m is not
 * searched itself (it is cloned), so one matrix serves many counts.
 * Returns as dlx_count_jobs, or DLX_ECONFLICT when the forced options
 * clash; res->depth and res->jobs_total say how the search was cut. */
int dlx_count_parallel(const dlx_matrix *m, const int *forced, int n_forced,
                       int split_depth, const dlx_parallel *opt,
                       dlx_parallel_result *res);

/* ---- jobs and results as text, for shards on other machines ----------

   A jobs file (written by `dlx split`):

       # dlx jobs 1
       # fingerprint 9c1f0e6a5b2d4e71      <- dlx_fingerprint of the matrix
       # depth 3
       # jobs 1234
       0 12 45 78                          <- id, then the options to force
       1 12 45 79

   The jobs' own fingerprint (dlx_jobs_fingerprint) is FNV-1a (64 bits:
   offset basis 0xcbf29ce484222325, prime 0x100000001b3) over the text

       depth 3\n0 12 45 78\n1 12 45 79\n...

   that is, "depth D" and each job line as above (id and options, one
   space apart), each ending with a newline: two splits that differ in
   depth or in a single job have different fingerprints.

   A results file (written when counting jobs, read by `dlx merge`):

       # dlx results 2
       # fingerprint 9c1f0e6a5b2d4e71       <- the matrix's, as the jobs'
       # jobs-fingerprint 5d0c6ab2e4f8a913  <- dlx_jobs_fingerprint
       # depth 3                            <- the jobs' depth
       job 17 solutions 1234 nodes 56789 seconds 0.012 complete check H

   where H (16 hexadecimal digits) is FNV-1a over the two fingerprints as
   in the header, a space after each ("9c1f0e6a5b2d4e71 5d0c6ab2e4f8a913 "),
   then the line up to its state word ("job 17 ... complete"), so that
   each line can be checked on its own: a line edited, cut short, or taken
   from the results of another problem or split is refused.  Results of
   format 1 (no check) are refused as coming from an older version.
*/

/* What ties a results file to its jobs. */
typedef struct dlx_results_key {
    uint64_t fingerprint;  /* the matrix's (dlx_fingerprint) */
    uint64_t jobs;         /* dlx_jobs_fingerprint of the jobs */
    int depth;             /* the jobs' depth */
} dlx_results_key;

uint64_t dlx_jobs_fingerprint(const dlx_jobs *jobs);
dlx_results_key dlx_results_key_of(uint64_t fingerprint,
                                   const dlx_jobs *jobs);

/* dlx_best on `threads` threads: the search is cut into jobs at
 * split_depth (0: the least depth giving DLX_JOBS_PER_THREAD jobs per
 * thread), each job searched for its k cheapest below the k-th best cost
 * of the jobs done so far, and the lists merged; dlx_best_count and
 * dlx_best_solution read the result as after dlx_best.  The k costs are
 * dlx_best's; among solutions of equal cost, which are kept and their
 * order may differ.  Reads max_nodes and max_seconds from s (NULL:
 * defaults), over all threads; forced options are refused (DLX_EFORCED).
 * r->nodes counts the jobs' nodes, r->solutions the solutions kept.
 * Returns like dlx_best. */
int dlx_best_parallel(dlx_matrix *m, const dlx_search *s, int k, int threads,
                      int split_depth, dlx_result *r);

/* Write the jobs; returns DLX_OK (0), or DLX_EWRITE on a write error. */
int dlx_jobs_write(FILE *f, const dlx_jobs *jobs, uint64_t fingerprint);

/* Reads a jobs file; DLX_OK, or an error with its line and column
 * (DLX_ESYNTAX for a bad line, DLX_EREAD on a read error, DLX_ENOMEM). */
int dlx_jobs_read(FILE *f, dlx_jobs *out, uint64_t *fingerprint,
                  dlx_diag *err);

/* Checks that the jobs listed in `which` (all when NULL) can be forced on
 * m: every option exists (else DLX_EOPTION) and no two options of a job
 * cover the same primary item (else DLX_ECONFLICT); err names the job and
 * its line.  On a matrix with bounds a job is pairs (item, option; see
 * dlx_solve_job): each item primary, each option one of the item's or
 * dlx_num_options(m), else DLX_EOPTION.  DLX_OK, or DLX_ENOMEM. */
int dlx_jobs_check(const dlx_matrix *m, const dlx_jobs *jobs,
                   const int *which, int n_which, dlx_diag *err);

/* Checks that `jobs` are exactly the jobs dlx_split (no forced options)
 * writes for m at jobs->depth, so that no job counts what the split
 * could not have cut (an empty job would count the whole problem, an
 * edited path nothing): DLX_OK; DLX_EOPTION with err naming the first
 * job that differs and its line; DLX_OK with *cut not DLX_COMPLETE when
 * lim's budget (lim may be NULL) ran out first; DLX_ENOMEM.  It costs
 * the split again. */
int dlx_jobs_match_split(dlx_matrix *m, const dlx_jobs *jobs,
                         const dlx_search *lim, dlx_outcome *cut,
                         dlx_diag *err);

/* The results file's header and one job's line: DLX_OK or DLX_EWRITE. */
int dlx_results_write_header(FILE *f, const dlx_results_key *key);
int dlx_job_result_write(FILE *f, const dlx_results_key *key, int id,
                         const dlx_job_result *r);

/* Adds up results files, checking that each job of the jobs file is
 * counted exactly once, by runs on the same matrix and the same jobs
 * file, and that every line is a well-formed result that matches its
 * check (no negative or non-finite figure, a total below 2^128). */
typedef struct dlx_merge {
    int n_jobs;
    uint64_t fingerprint;
    dlx_results_key key;
    unsigned char *seen;   /* per job: how many results came for it */
    int counted;           /* distinct jobs with a result */
    int partial;           /* results that were cut short */
    dlx_count total;
    uint64_t nodes;
    double seconds;        /* added over all jobs: the CPU time spent */
} dlx_merge;

/* For the results of `jobs`, split from the matrix of this fingerprint. */
int dlx_merge_init(dlx_merge *mg, const dlx_jobs *jobs, uint64_t fingerprint);
/* Reads one results file; stops at the first error: DLX_ESYNTAX (a bad
 * line, a job id out of range or counted twice, a fingerprint of another
 * matrix or jobs file, a line that does not match its check),
 * DLX_EOVERFLOW (the total passes 2^128), DLX_EREAD, DLX_ENOMEM; err says
 * where. */
int dlx_merge_read(dlx_merge *mg, FILE *f, dlx_diag *err);
/* The ids of jobs with no result: fills up to cap, returns how many. */
int dlx_merge_missing(const dlx_merge *mg, int *ids, int cap);
void dlx_merge_free(dlx_merge *mg);

/* Parses a decimal count of up to 39 digits; 0 on success. */
int dlx_count_parse(const char *s, dlx_count *out);

#ifdef __cplusplus
}
#endif

#endif
