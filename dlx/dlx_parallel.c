/*
 * dlx_parallel.c - split a search into jobs; count jobs on POSIX threads.
 *
 * Scheduling is dynamic: workers take the next job from a shared counter
 * as soon as they are free, because search trees are very uneven (one job
 * of a pentomino split can hold a large share of all the work).
 */
#define _POSIX_C_SOURCE 200809L

#include "dlx_parallel.h"
#include "dlx_mcc.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- splitting --------------------------------------------------------- */

/* The most jobs, and options over all jobs, one split holds: past them
 * it fails with DLX_ENOMEM rather than take gigabytes and the time to
 * fill them (a cut at depth 10 of the permutations of 12 has 239500800
 * jobs; 2^24 jobs and 2^26 options, about 320 MB, are more than any pool
 * of threads or cluster needs; a shallower depth fits). */
#define MAX_SPLIT_JOBS ((size_t)1 << 24)
#define MAX_SPLIT_OPTIONS ((size_t)1 << 26)
/* the clock is read every this many calls of push_job */
#define SPLIT_CLOCK_CALLS 64

typedef struct job_list {
    dlx_jobs *jobs;
    size_t cap_jobs, cap_opts, n_opts;
    int failed;
    /* the engine neither counts nor polls at the cut (a node handed to
     * on_split is no node): the clock is read here every
     * SPLIT_CLOCK_CALLS calls (counted apart from the jobs held, so that
     * a split that holds no more still stops) and after each growth, and
     * a job counts as a node of max_nodes (a cut at depth 3 of queens
     * 1000 has a billion jobs above few nodes) */
    double max_seconds, start;
    uint64_t max_nodes, calls;
    int timed_out, out_of_nodes;
} job_list;

static double now_seconds(void);

/* Grows *p to hold `need` ints (at most max), doubling from `first`
 * without overflow: 0, or 1 when it cannot. */
static int grow_ints(int **p, size_t *cap, size_t need, size_t first,
                     size_t max)
{
    if (need <= *cap)
        return 0;
    if (need > max)
        return 1;
    size_t c = *cap ? *cap : first;
    while (c < need)
        c = c > max / 2 ? max : 2 * c;
    int *q = realloc(*p, c * sizeof *q);
    if (!q)
        return 1;
    *p = q;
    *cap = c;
    return 0;
}

static int out_of_time(job_list *l)
{
    return l->max_seconds > 0 &&
           now_seconds() - l->start >= l->max_seconds;
}

static int push_job(void *ctx, const int *options, int n)
{
    job_list *l = ctx;
    dlx_jobs *j = l->jobs;
    if (l->max_seconds > 0 && ++l->calls % SPLIT_CLOCK_CALLS == 0 &&
        out_of_time(l))
        return l->timed_out = 1;
    if (l->max_nodes && (uint64_t)j->n >= l->max_nodes)
        return l->out_of_nodes = 1;
    if (n < 0)
        return l->failed = 1;
    size_t cap_jobs = l->cap_jobs, cap_opts = l->cap_opts;
    if (grow_ints(&j->start, &l->cap_jobs, (size_t)j->n + 2, 256,
                  MAX_SPLIT_JOBS + 1) ||
        grow_ints(&j->opts, &l->cap_opts, l->n_opts + (size_t)n, 1024,
                  MAX_SPLIT_OPTIONS))
        return l->failed = 1;
    /* a growth copies up to hundreds of megabytes */
    if ((cap_jobs != l->cap_jobs || cap_opts != l->cap_opts) &&
        out_of_time(l))
        return l->timed_out = 1;
    j->start[j->n] = (int)l->n_opts;
    if (n)
        memcpy(j->opts + l->n_opts, options, (size_t)n * sizeof *options);
    l->n_opts += (size_t)n;
    j->n++;
    j->start[j->n] = (int)l->n_opts;
    return 0;
}

void dlx_jobs_free(dlx_jobs *jobs)
{
    if (!jobs)
        return;
    free(jobs->start);
    free(jobs->opts);
    free(jobs->line);
    memset(jobs, 0, sizeof *jobs);
}

/* One pass at one depth within lim's max_nodes and max_seconds (lim may
 * be NULL); *splits tells whether any job was cut short of a solution
 * (else a deeper pass gives the same jobs), *r what the pass searched.  A
 * pass cut by the budget leaves no jobs and r->outcome says why. */
static int split_at(dlx_matrix *m, const int *forced, int n_forced,
                    int depth, const dlx_search *lim, dlx_jobs *out,
                    uint64_t *splits, dlx_result *r_out)
{
    memset(out, 0, sizeof *out);
    job_list l = { out, 0, 0, 0, 0, 0, now_seconds(), 0, 0, 0, 0 };
    dlx_search s = dlx_search_defaults();
    if (lim) {
        s.max_nodes = l.max_nodes = lim->max_nodes;
        s.max_seconds = l.max_seconds = lim->max_seconds;
    }
    s.forced = forced;
    s.n_forced = n_forced;
    s.split_depth = depth;
    s.on_split = push_job;
    s.split_ctx = &l;
    s.on_solution = push_job; /* a solution above the cut is a job too */
    s.solution_ctx = &l;
    dlx_result r;
    int status = dlx_solve(m, &s, &r);
    if (l.timed_out)
        r.outcome = DLX_STOP_TIME;
    if (l.out_of_nodes)
        r.outcome = DLX_STOP_NODES;
    *r_out = r;
    if (status == DLX_OK && l.failed)
        status = DLX_ENOMEM;
    if (status == DLX_OK && (r.outcome == DLX_STOP_NODES ||
                             r.outcome == DLX_STOP_TIME)) {
        dlx_jobs_free(out);
        return DLX_OK;
    }
    if (status == DLX_OK && !out->start) {
        /* no job at all (no solution): keep start[0] valid */
        out->start = calloc(1, sizeof *out->start);
        if (!out->start)
            status = DLX_ENOMEM;
    }
    if (status != DLX_OK) {
        dlx_jobs_free(out);
        return status;
    }
    out->depth = depth;
    *splits = r.splits;
    return DLX_OK;
}

/* dlx_split within lim's max_nodes and max_seconds over all its passes
 * (lim may be NULL): *cut is DLX_COMPLETE, or DLX_STOP_NODES or
 * DLX_STOP_TIME with no jobs (a split of queens 1000 into 4096 jobs
 * searches a million partial solutions on one thread); *nodes what the
 * passes searched. */
static int split_within(dlx_matrix *m, const int *forced, int n_forced,
                        int depth, int min_jobs, const dlx_search *lim,
                        dlx_jobs *out, dlx_outcome *cut, uint64_t *nodes)
{
    if (depth < 1)
        depth = 1;
    double start = now_seconds();
    dlx_search left = dlx_search_defaults();
    if (lim)
        left = *lim;
    uint64_t splits;
    dlx_result r;
    *cut = DLX_COMPLETE;
    *nodes = 0;
    int status = split_at(m, forced, n_forced, depth, &left, out, &splits,
                          &r);
    *nodes += r.nodes;
    while (status == DLX_OK && out->start && min_jobs > 0 &&
           out->n < min_jobs && splits > 0 && depth < dlx_num_primary(m)) {
        if (lim && lim->max_nodes)
            left.max_nodes = *nodes < lim->max_nodes
                             ? lim->max_nodes - *nodes : 1;
        if (lim && lim->max_seconds > 0) {
            left.max_seconds = lim->max_seconds - (now_seconds() - start);
            if (left.max_seconds <= 0)
                left.max_seconds = 1e-9;
        }
        dlx_jobs deeper;
        status = split_at(m, forced, n_forced, ++depth, left.max_nodes ||
                          left.max_seconds > 0 ? &left : NULL, &deeper,
                          &splits, &r);
        *nodes += r.nodes;
        dlx_jobs_free(out);
        if (status == DLX_OK)
            *out = deeper;
    }
    if (status == DLX_OK && !out->start)
        *cut = r.outcome;
    return status;
}

int dlx_split(dlx_matrix *m, const int *forced, int n_forced, int depth,
              int min_jobs, dlx_jobs *out)
{
    dlx_outcome cut;
    uint64_t nodes;
    return split_within(m, forced, n_forced, depth, min_jobs, NULL, out,
                        &cut, &nodes);
}

int dlx_solve_job(dlx_matrix *m, const dlx_jobs *jobs, int k,
                  const dlx_search *s, dlx_result *r)
{
    const int *opts = jobs->opts + jobs->start[k];
    int n = jobs->start[k + 1] - jobs->start[k];
    if (dlxi_ext_const(m)->n_bounded)
        return dlxi_mcc_run_job(m, s, NULL, opts, n, r);
    dlx_search js = *s;
    js.forced = opts;
    js.n_forced = n;
    return dlx_solve(m, &js, r);
}

int dlx_split_within(dlx_matrix *m, const int *forced, int n_forced,
                     int depth, int min_jobs, const dlx_search *lim,
                     dlx_jobs *out, dlx_outcome *cut)
{
    uint64_t nodes;
    return split_within(m, forced, n_forced, depth, min_jobs, lim, out, cut,
                        &nodes);
}

int dlxi_split_within(dlx_matrix *m, int depth, int min_jobs,
                      const dlx_search *lim, dlx_jobs *out,
                      dlx_outcome *cut, uint64_t *nodes)
{
    return split_within(m, NULL, 0, depth, min_jobs, lim, out, cut, nodes);
}

/* ---- counting on threads ----------------------------------------------- */

static double now_seconds(void)
{
    return dlxi_now_seconds();
}

/* What the workers share.  Counters are atomics so that the hot path (a
 * poll every few thousand nodes) takes no lock. */
typedef struct shared {
    const dlx_jobs *jobs;
    const int *which;
    int n_which;
    const dlx_parallel *opt;
    double start, deadline;      /* deadline 0: none */
    atomic_int next;             /* next position in which[] */
    atomic_int stop;             /* a dlx_outcome, 0 while going on */
    atomic_int done;             /* jobs finished */
    atomic_int running;          /* workers not yet finished */
    atomic_uint_fast64_t found;  /* solutions, when a limit is set */
    atomic_uint_fast64_t nodes;  /* nodes over all workers, as polled */
    dlx_job_result *results;     /* per position in which[] */
    pthread_mutex_t lock;        /* guards `total` and the condition */
    pthread_cond_t finished;
    dlx_count total;             /* solutions of finished jobs */
} shared;

typedef struct worker {
    shared *sh;
    dlx_matrix *m;
    int id;
    uint64_t polled;             /* nodes of the current job reported */
    dlx_worker_stats stats;
} worker;

static void request_stop(shared *sh, dlx_outcome why)
{
    int expected = 0;
    atomic_compare_exchange_strong(&sh->stop, &expected, (int)why);
}

static int poll_worker(void *ctx, uint64_t nodes)
{
    worker *w = ctx;
    shared *sh = w->sh;
    uint64_t all = atomic_fetch_add(&sh->nodes, nodes - w->polled) +
                   (nodes - w->polled);
    w->polled = nodes;
    if (sh->opt->max_nodes && all >= sh->opt->max_nodes)
        request_stop(sh, DLX_STOP_NODES);
    if (sh->deadline > 0 && now_seconds() >= sh->deadline)
        request_stop(sh, DLX_STOP_TIME);
    return atomic_load(&sh->stop) != 0;
}

static int count_solution(void *ctx, const int *options, int n)
{
    (void)options;
    (void)n;
    worker *w = ctx;
    shared *sh = w->sh;
    if (atomic_fetch_add(&sh->found, 1) + 1 >= sh->opt->max_solutions)
        request_stop(sh, DLX_STOP_SOLUTIONS);
    return atomic_load(&sh->stop) != 0;
}

static void *work(void *arg)
{
    worker *w = arg;
    shared *sh = w->sh;
    const dlx_jobs *jobs = sh->jobs;
    while (!atomic_load(&sh->stop)) {
        int k = atomic_fetch_add(&sh->next, 1);
        if (k >= sh->n_which)
            break;
        int job = sh->which ? sh->which[k] : k;
        dlx_search s = dlx_search_defaults();
        /* each job gets what is left of the budgets, so that small jobs
         * stop too (the poll only comes every DLX_POLL_NODES nodes) */
        if (sh->opt->max_nodes) {
            uint64_t used = atomic_load(&sh->nodes);
            if (used >= sh->opt->max_nodes) {
                request_stop(sh, DLX_STOP_NODES);
                break;
            }
            s.max_nodes = sh->opt->max_nodes - used;
        }
        if (sh->deadline > 0) {
            s.max_seconds = sh->deadline - now_seconds();
            if (s.max_seconds <= 0) {
                request_stop(sh, DLX_STOP_TIME);
                break;
            }
        }
        s.on_poll = poll_worker;
        s.poll_ctx = w;
        if (sh->opt->max_solutions) {
            s.on_solution = count_solution;
            s.solution_ctx = w;
        }
        w->polled = 0;
        dlx_result r;
        double t0 = now_seconds();
        int status = dlx_solve_job(w->m, jobs, job, &s, &r);
        double t1 = now_seconds();
        if (status != DLX_OK) {
            /* a job that clashes (from another matrix) or no memory: stop
             * everything and report the count as partial */
            r.outcome = DLX_STOP_CALLBACK;
        }
        atomic_fetch_add(&sh->nodes, r.nodes - w->polled);
        dlx_job_result *jr = &sh->results[k];
        jr->solutions = r.solutions;
        jr->nodes = r.nodes;
        jr->seconds = t1 - t0;
        jr->outcome = r.outcome == DLX_STOP_SOLUTIONS ? DLX_COMPLETE
                                                      : r.outcome;
        if (r.outcome == DLX_STOP_NODES || r.outcome == DLX_STOP_TIME)
            request_stop(sh, r.outcome);
        if (r.outcome == DLX_STOP_CALLBACK && !atomic_load(&sh->stop))
            request_stop(sh, DLX_STOP_CALLBACK);
        if (r.outcome == DLX_STOP_CALLBACK)
            jr->outcome = (dlx_outcome)atomic_load(&sh->stop);
        jr->worker = w->id;
        w->stats.jobs++;
        w->stats.nodes += r.nodes;
        w->stats.busy_seconds += t1 - t0;
        pthread_mutex_lock(&sh->lock);
        sh->total = dlx_count_add(sh->total, r.solutions);
        pthread_mutex_unlock(&sh->lock);
        atomic_fetch_add(&sh->done, 1);
    }
    pthread_mutex_lock(&sh->lock);
    atomic_fetch_sub(&sh->running, 1);
    pthread_cond_signal(&sh->finished);
    pthread_mutex_unlock(&sh->lock);
    return NULL;
}

void dlx_parallel_result_free(dlx_parallel_result *res)
{
    if (!res)
        return;
    free(res->job);
    free(res->worker);
    memset(res, 0, sizeof *res);
}

int dlx_count_jobs(const dlx_matrix *m, const dlx_jobs *jobs,
                   const int *which, int n_which, const dlx_parallel *opt,
                   dlx_parallel_result *res)
{
    memset(res, 0, sizeof *res);
    if (!which)
        n_which = jobs->n;
    for (int k = 0; which && k < n_which; k++)
        if (which[k] < 0 || which[k] >= jobs->n)
            return DLX_EOPTION;
    int threads = opt->threads < 1 ? 1 : opt->threads;
    shared sh;
    memset(&sh, 0, sizeof sh);
    sh.jobs = jobs;
    sh.which = which;
    sh.n_which = n_which;
    sh.opt = opt;
    sh.start = now_seconds();
    sh.deadline = opt->max_seconds > 0 ? sh.start + opt->max_seconds : 0;
    atomic_init(&sh.next, 0);
    atomic_init(&sh.stop, 0);
    atomic_init(&sh.done, 0);
    atomic_init(&sh.running, 0);
    atomic_init(&sh.found, 0);
    atomic_init(&sh.nodes, 0);
    sh.results = calloc((size_t)n_which + 1, sizeof *sh.results);
    worker *w = calloc((size_t)threads, sizeof *w);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    int status = sh.results && w && tid ? DLX_OK : DLX_ENOMEM;
    for (int k = 0; k < n_which && status == DLX_OK; k++)
        sh.results[k].worker = -1;
    for (int t = 0; t < threads && status == DLX_OK; t++) {
        w[t].sh = &sh;
        w[t].id = t;
        w[t].m = dlx_clone(m);
        if (!w[t].m)
            status = DLX_ENOMEM;
    }
    pthread_mutex_init(&sh.lock, NULL);
    pthread_cond_init(&sh.finished, NULL);
    int started = 0;
    for (int t = 0; t < threads && status == DLX_OK; t++) {
        atomic_fetch_add(&sh.running, 1);
        if (pthread_create(&tid[t], NULL, work, &w[t]) != 0) {
            atomic_fetch_sub(&sh.running, 1);
            if (t == 0)
                status = DLX_ENOMEM;
            break;
        }
        started++;
    }
    /* wait, reporting progress about once a second */
    pthread_mutex_lock(&sh.lock);
    while (atomic_load(&sh.running) > 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_sec += 1;
        pthread_cond_timedwait(&sh.finished, &sh.lock, &ts);
        if (opt->on_progress && atomic_load(&sh.running) > 0) {
            dlx_progress p = { atomic_load(&sh.done), n_which, sh.total,
                               atomic_load(&sh.nodes),
                               now_seconds() - sh.start };
            pthread_mutex_unlock(&sh.lock);
            opt->on_progress(opt->progress_ctx, &p);
            pthread_mutex_lock(&sh.lock);
        }
    }
    pthread_mutex_unlock(&sh.lock);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&sh.lock);
    pthread_cond_destroy(&sh.finished);

    if (status == DLX_OK) {
        res->solutions = sh.total;
        res->nodes = atomic_load(&sh.nodes);
        res->seconds = now_seconds() - sh.start;
        res->jobs_done = atomic_load(&sh.done);
        res->job = sh.results;
        res->n_jobs = n_which;
        res->n_workers = threads;
        res->worker = calloc((size_t)threads, sizeof *res->worker);
        if (!res->worker)
            status = DLX_ENOMEM;
        for (int t = 0; t < threads && res->worker; t++)
            res->worker[t] = w[t].stats;
        res->outcome = (dlx_outcome)atomic_load(&sh.stop);
        if (res->outcome == DLX_COMPLETE && res->jobs_done < n_which)
            res->outcome = DLX_STOP_CALLBACK;
        if (res->outcome == DLX_STOP_SOLUTIONS &&
            dlx_count_u64(res->solutions) > opt->max_solutions)
            res->solutions = (dlx_count){ 0, opt->max_solutions };
        sh.results = NULL;
    }
    for (int t = 0; t < threads && w; t++)
        dlx_free(w[t].m);
    free(w);
    free(tid);
    free(sh.results);
    if (status != DLX_OK)
        dlx_parallel_result_free(res);
    return status;
}

/* ---- splitting and counting in one call -------------------------------- */

int dlx_count_parallel(const dlx_matrix *m, const int *forced, int n_forced,
                       int split_depth, const dlx_parallel *opt,
                       dlx_parallel_result *res)
{
    memset(res, 0, sizeof *res);
    /* the split searches a matrix of its own, so that m stays const */
    dlx_matrix *copy = dlx_clone(m);
    if (!copy)
        return DLX_ENOMEM;
    int threads = opt->threads > 0 ? opt->threads : 1;
    dlx_jobs jobs;
    /* the split, on one thread, keeps the count's budget too */
    double start = now_seconds();
    dlx_search lim = dlx_search_defaults();
    lim.max_nodes = opt->max_nodes;
    lim.max_seconds = opt->max_seconds;
    dlx_outcome cut;
    uint64_t split_nodes;
    int status = split_within(copy, forced, n_forced,
                              split_depth > 0 ? split_depth : 1,
                              split_depth > 0 ? 0
                                              : DLX_JOBS_PER_THREAD * threads,
                              &lim, &jobs, &cut, &split_nodes);
    dlx_free(copy);
    if (status != DLX_OK)
        return status;
    double spent = now_seconds() - start;
    if (cut == DLX_COMPLETE && opt->max_seconds > 0 &&
        spent >= opt->max_seconds)
        cut = DLX_STOP_TIME;
    if (cut != DLX_COMPLETE) {
        /* nothing counted: a partial count of 0 */
        dlx_jobs_free(&jobs);
        res->outcome = cut;
        res->nodes = split_nodes;
        res->seconds = spent;
        return DLX_OK;
    }
    dlx_parallel rest = *opt;
    if (opt->max_seconds > 0)
        rest.max_seconds = opt->max_seconds - spent;
    if (opt->max_nodes) /* the split's nodes count too */
        rest.max_nodes = opt->max_nodes > split_nodes
                         ? opt->max_nodes - split_nodes : 1;
    status = dlx_count_jobs(m, &jobs, NULL, 0, &rest, res);
    if (status == DLX_OK) {
        res->depth = jobs.depth;
        res->jobs_total = jobs.n;
    }
    dlx_jobs_free(&jobs);
    return status;
}
