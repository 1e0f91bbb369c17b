/*
 * dlx_best_par.c - the k cheapest solutions on threads.
 *
 * dlx_split cuts the search into jobs (forced options, or Algorithm M's
 * paths on a matrix with bounds: dlx_solve_job), which partition the
 * solutions; each job is searched by dlx_best's engine for its own k
 * cheapest, cut off at the k-th best cost of the jobs finished so far,
 * and merged into the k best over all jobs.  The k cheapest costs are
 * dlx_best's; among solutions of equal cost, which are kept and their
 * order may differ (ties go to the job found first in the split).
 */
#define _POSIX_C_SOURCE 200809L

#include "dlx_mcc.h"
#include "dlx_parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct sol {
    int64_t cost;       /* full cost */
    int job, rank;      /* the job, the rank within its k best */
    int *options, n;
} sol;

typedef struct pool {
    const dlx_jobs *jobs;
    const dlx_search *s;
    int k;
    double deadline;            /* 0: none */
    atomic_int next;            /* the next job */
    atomic_int stop;            /* a dlx_outcome, 0 while going on */
    atomic_uint_fast64_t nodes;
    uint64_t split_nodes;       /* the split's, for max_nodes */
    pthread_mutex_t lock;       /* guards what follows */
    sol *best;                  /* the k best so far, sorted */
    int n_best, cap_best;
    int status;
} pool;

typedef struct helper {
    pool *p;
    dlx_matrix *m;
} helper;

static int by_cost(const void *pa, const void *pb)
{
    const sol *a = pa, *b = pb;
    if (a->cost != b->cost)
        return a->cost < b->cost ? -1 : 1;
    if (a->job != b->job)
        return a->job < b->job ? -1 : 1;
    return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/* Adds the k best of job j (dlx_best's list on m) to p's, keeping the k
 * best; under p->lock.  DLX_OK or DLX_ENOMEM. */
static int merge(pool *p, const dlx_matrix *m, int j)
{
    int n = dlx_best_count(m);
    if (p->n_best + n > p->cap_best) {
        sol *q = realloc(p->best, (size_t)(p->n_best + n) * sizeof *q);
        if (!q)
            return DLX_ENOMEM;
        p->best = q;
        p->cap_best = p->n_best + n;
    }
    for (int i = 0; i < n; i++) {
        const int *options;
        sol *x = &p->best[p->n_best];
        x->n = dlx_best_solution(m, i, &options, &x->cost);
        x->options = malloc((size_t)(x->n + 1) * sizeof *x->options);
        if (!x->options)
            return DLX_ENOMEM;
        if (x->n > 0)
            memcpy(x->options, options, (size_t)x->n * sizeof *x->options);
        x->job = j;
        x->rank = i;
        p->n_best++;
    }
    if (p->n_best > 1)
        qsort(p->best, (size_t)p->n_best, sizeof *p->best, by_cost);
    while (p->n_best > p->k)
        free(p->best[--p->n_best].options);
    return DLX_OK;
}

static void *work(void *arg)
{
    helper *h = arg;
    pool *p = h->p;
    while (!atomic_load(&p->stop)) {
        int j = atomic_fetch_add(&p->next, 1);
        if (j >= p->jobs->n)
            break;
        dlx_search s = dlx_search_defaults();
        if (p->s->max_nodes) {
            uint64_t used = atomic_load(&p->nodes) + p->split_nodes;
            s.max_nodes = used < p->s->max_nodes ? p->s->max_nodes - used
                                                 : 1;
        }
        if (p->deadline > 0) {
            s.max_seconds = p->deadline - dlxi_now_seconds();
            if (s.max_seconds <= 0)
                s.max_seconds = 1e-9;
        }
        pthread_mutex_lock(&p->lock);
        int64_t cap = p->n_best == p->k ? p->best[p->k - 1].cost
                                        : INT64_MAX;
        pthread_mutex_unlock(&p->lock);
        const int *job = p->jobs->opts + p->jobs->start[j];
        int n = p->jobs->start[j + 1] - p->jobs->start[j];
        dlx_result r;
        int status = dlxi_best_job(h->m, &s, p->k, cap, job, n, &r);
        atomic_fetch_add(&p->nodes, r.nodes);
        pthread_mutex_lock(&p->lock);
        if (status == DLX_OK)
            status = merge(p, h->m, j);
        if (status != DLX_OK && p->status == DLX_OK)
            p->status = status;
        pthread_mutex_unlock(&p->lock);
        int expected = 0;
        if (status != DLX_OK)
            atomic_compare_exchange_strong(&p->stop, &expected,
                                           DLX_STOP_CALLBACK);
        else if (r.outcome != DLX_COMPLETE)
            atomic_compare_exchange_strong(&p->stop, &expected,
                                           (int)r.outcome);
    }
    return NULL;
}

/* Runs the jobs on `threads` clones of m into p. */
static int run_pool(const dlx_matrix *m, pool *p, int threads)
{
    helper *h = calloc((size_t)threads, sizeof *h);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    int status = h && tid ? DLX_OK : DLX_ENOMEM, started = 0;
    for (int t = 0; t < threads && status == DLX_OK; t++) {
        h[t].p = p;
        h[t].m = dlx_clone(m);
        if (!h[t].m)
            status = DLX_ENOMEM;
    }
    for (int t = 0; t < threads && status == DLX_OK; t++) {
        if (pthread_create(&tid[t], NULL, work, &h[t]) != 0) {
            if (t == 0)
                status = DLX_ENOMEM;
            break;
        }
        started++;
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    for (int t = 0; t < threads && h; t++)
        dlx_free(h[t].m);
    free(h);
    free(tid);
    return status;
}

int dlx_best_parallel(dlx_matrix *m, const dlx_search *s, int k, int threads,
                      int split_depth, dlx_result *r)
{
    memset(r, 0, sizeof *r);
    r->max_level = -1;
    r->ran = DLX_RAN_MCC;
    r->reason = DLX_WHY_COSTS;
    dlx_search none = dlx_search_defaults();
    if (!s)
        s = &none;
    if (k < 1 || k > DLX_MAX_BEST)
        return DLX_EBOUNDS;
    if (s->n_forced)
        return DLX_EFORCED;
    threads = threads < 1 ? 1 : threads;
    double start = dlxi_now_seconds();
    dlx_jobs jobs;
    /* the split keeps the budget too (at depth 4 of a 100x100 assignment
     * it holds 94 million jobs) */
    dlx_search lim = dlx_search_defaults();
    lim.max_nodes = s->max_nodes;
    lim.max_seconds = s->max_seconds;
    dlx_outcome cut;
    uint64_t split_nodes;
    int status = dlxi_split_within(m, split_depth > 0 ? split_depth : 1,
                                   split_depth > 0
                                       ? 0 : DLX_JOBS_PER_THREAD * threads,
                                   &lim, &jobs, &cut, &split_nodes);
    if (status != DLX_OK)
        return status;
    if (cut == DLX_COMPLETE && s->max_seconds > 0 &&
        dlxi_now_seconds() - start >= s->max_seconds)
        cut = DLX_STOP_TIME;
    if (cut != DLX_COMPLETE) {
        /* nothing searched below the cut: no solution found */
        dlx_jobs_free(&jobs);
        r->outcome = cut;
        r->nodes = split_nodes;
        r->seconds = dlxi_now_seconds() - start;
        return dlxi_best_store(m, k, 0, NULL, NULL, NULL);
    }
    pool p;
    memset(&p, 0, sizeof p);
    p.split_nodes = split_nodes;
    p.jobs = &jobs;
    p.s = s;
    p.k = k;
    p.deadline = s->max_seconds > 0 ? start + s->max_seconds : 0;
    atomic_init(&p.next, 0);
    atomic_init(&p.stop, 0);
    atomic_init(&p.nodes, 0);
    pthread_mutex_init(&p.lock, NULL);
    status = run_pool(m, &p, threads);
    pthread_mutex_destroy(&p.lock);
    if (status == DLX_OK)
        status = p.status;
    int64_t *cost = malloc(((size_t)p.n_best + 1) * sizeof *cost);
    int **options = malloc(((size_t)p.n_best + 1) * sizeof *options);
    int *n = malloc(((size_t)p.n_best + 1) * sizeof *n);
    if (status == DLX_OK && (!cost || !options || !n))
        status = DLX_ENOMEM;
    for (int i = 0; i < p.n_best && status == DLX_OK; i++) {
        cost[i] = p.best[i].cost;
        options[i] = p.best[i].options;
        n[i] = p.best[i].n;
    }
    if (status == DLX_OK)
        status = dlxi_best_store(m, k, p.n_best, cost, options, n);
    for (int i = 0; i < p.n_best; i++)
        free(p.best[i].options);
    free(p.best);
    free(cost);
    free(options);
    free(n);
    dlx_jobs_free(&jobs);
    r->outcome = (dlx_outcome)atomic_load(&p.stop);
    r->nodes = atomic_load(&p.nodes);
    r->solutions.lo = (uint64_t)p.n_best;
    r->seconds = dlxi_now_seconds() - start;
    return status;
}
