/*
 * dlx_cost.c - the k cheapest solutions (Knuth's dlx5).
 *
 * dlx_best runs Algorithm M (dlx_mcc.c) with a cost hook: the engine
 * sorts every item list by net cost after dlx5's taxes and cuts off what
 * cannot beat the cutoff; this file keeps the k best solutions found so
 * far and moves the cutoff.  The k best are a max-heap on (net cost,
 * order found), as dlx5's bestcost[] is: a new solution enters only
 * when it costs less than the worst kept, which it then replaces, so
 * the cutoff is that worst cost once k are kept.
 */
#include "dlx_mcc.h"

#include <stdlib.h>
#include <string.h>

typedef struct kept {
    int64_t net;
    uint64_t seq;       /* order found: ties keep the first found */
    int *options, n, cap;
} kept;

struct dlxi_best {
    kept *heap;         /* n of them, max-heap on (net, seq) */
    int n, k;
    uint64_t seq;
    int64_t base;
    int sorted;         /* heap[] sorted cheapest first (after a search) */
};

void dlxi_best_release(dlxi_best *b)
{
    if (!b)
        return;
    for (int i = 0; i < b->k; i++)
        free(b->heap[i].options);
    free(b->heap);
    free(b);
}

static int worse(const kept *a, const kept *b)
{
    return a->net > b->net || (a->net == b->net && a->seq > b->seq);
}

static void sift_down(kept *h, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, top = i;
        if (l < n && worse(&h[l], &h[top]))
            top = l;
        if (r < n && worse(&h[r], &h[top]))
            top = r;
        if (top == i)
            return;
        kept t = h[i];
        h[i] = h[top];
        h[top] = t;
        i = top;
    }
}

static void sift_up(kept *h, int i)
{
    while (i > 0 && worse(&h[i], &h[(i - 1) / 2])) {
        kept t = h[i];
        h[i] = h[(i - 1) / 2];
        h[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

int dlxi_best_keep(dlxi_cost_hook *hook, const int *options, int n,
                   int64_t net)
{
    dlxi_best *b = hook->best;
    kept *slot;
    if (b->n < b->k) {
        slot = &b->heap[b->n++];
    } else {
        slot = &b->heap[0]; /* the worst kept: net < its net here */
    }
    if (n > slot->cap) {
        int *p = realloc(slot->options, (size_t)n * sizeof *p);
        if (!p)
            return 1;
        slot->options = p;
        slot->cap = n;
    }
    if (n)
        memcpy(slot->options, options, (size_t)n * sizeof *options);
    slot->n = n;
    slot->net = net;
    slot->seq = b->seq++;
    if (slot == &b->heap[0] && b->n == b->k)
        sift_down(b->heap, b->n, 0);
    else
        sift_up(b->heap, b->n - 1);
    hook->cutoff = b->n == b->k ? b->heap[0].net : INT64_MAX;
    if (hook->cap < INT64_MAX && hook->cap - hook->base < hook->cutoff)
        hook->cutoff = hook->cap - hook->base;
    return 0;
}

static int by_cost(const void *pa, const void *pb)
{
    const kept *a = pa, *b = pb;
    return worse(a, b) ? 1 : worse(b, a) ? -1 : 0;
}

/* m's list of the k best, empty (NULL: no memory). */
static dlxi_best *best_list(dlx_matrix *m, int k)
{
    dlxi_ext *x = dlxi_ext_of(m);
    dlxi_best *b = x->best;
    if (b && b->k != k) {
        dlxi_best_release(b);
        b = x->best = NULL;
    }
    if (!b) {
        b = calloc(1, sizeof *b);
        if (b)
            b->heap = calloc((size_t)k, sizeof *b->heap);
        if (!b || !b->heap) {
            free(b);
            return NULL;
        }
        b->k = k;
        x->best = b;
    }
    b->n = 0;
    b->seq = 0;
    b->sorted = 0;
    b->base = 0;
    return b;
}

/* dlx_best, or on a job of dlx_split (steps, when job is not NULL) with
 * solutions below cap. */
static int best_run(dlx_matrix *m, const dlx_search *s, int k, int64_t cap,
                    const int *job, int n_job, dlx_result *r)
{
    memset(r, 0, sizeof *r);
    r->max_level = -1;
    dlx_search none = dlx_search_defaults();
    if (!s)
        s = &none;
    if (k < 1 || k > DLX_MAX_BEST)
        return DLX_EBOUNDS;
    if (*dlxi_busy(m))
        return DLX_EBUSY;
    dlxi_best *b = best_list(m, k);
    if (!b)
        return DLX_ENOMEM;
    dlxi_cost_hook hook = {k, INT64_MAX, 0, b, cap};
    dlx_search js = *s;
    int status;
    if (job && dlxi_ext_const(m)->n_bounded) {
        status = dlxi_mcc_run_job(m, s, &hook, job, n_job, r);
    } else {
        if (job) {
            js.forced = job;
            js.n_forced = n_job;
        }
        status = dlxi_mcc_run(m, &js, &hook, r);
    }
    b->base = hook.base;
    if (status != DLX_OK) {
        b->n = 0;
        return status;
    }
    qsort(b->heap, (size_t)b->n, sizeof *b->heap, by_cost);
    b->sorted = 1;
    return DLX_OK;
}

int dlx_best(dlx_matrix *m, const dlx_search *s, int k, dlx_result *r)
{
    return best_run(m, s, k, INT64_MAX, NULL, 0, r);
}

int dlxi_best_job(dlx_matrix *m, const dlx_search *s, int k, int64_t cap,
                  const int *job, int n_job, dlx_result *r)
{
    return best_run(m, s, k, cap, job, n_job, r);
}

int dlxi_best_store(dlx_matrix *m, int k, int n, const int64_t *cost,
                    int *const *options, const int *n_options)
{
    dlxi_best *b = best_list(m, k);
    if (!b)
        return DLX_ENOMEM;
    for (int i = 0; i < n; i++) {
        kept *slot = &b->heap[i];
        if (n_options[i] > slot->cap) {
            int *p = realloc(slot->options, (size_t)n_options[i] * sizeof *p);
            if (!p)
                return DLX_ENOMEM;
            slot->options = p;
            slot->cap = n_options[i];
        }
        if (n_options[i])
            memcpy(slot->options, options[i],
                   (size_t)n_options[i] * sizeof *slot->options);
        slot->n = n_options[i];
        slot->net = cost[i];
        slot->seq = (uint64_t)i;
        b->n = i + 1;
    }
    b->sorted = 1;
    return DLX_OK;
}

int dlx_best_count(const dlx_matrix *m)
{
    const dlxi_best *b = dlxi_ext_const(m)->best;
    return b && b->sorted ? b->n : 0;
}

int dlx_best_solution(const dlx_matrix *m, int i, const int **options,
                      int64_t *cost)
{
    const dlxi_best *b = dlxi_ext_const(m)->best;
    if (!b || !b->sorted || i < 0 || i >= b->n)
        return DLX_EOPTION;
    if (options)
        *options = b->heap[i].options;
    if (cost)
        *cost = b->heap[i].net + b->base;
    return b->heap[i].n;
}
