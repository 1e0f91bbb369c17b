/*
 * excover_core.c - the module excover._excover: exact cover over libdlx.
 *
 * The Python layer (excover/__init__.py) names items and colors; this file
 * sees only numbers: n_primary, n_secondary, each option a sequence of
 * item indices and, when colored, a parallel sequence of colors (0: none).
 *
 * Solutions come from a search that runs to its end in one call
 * (dlx_solve), so a generator cannot suspend it.  Instead the search runs
 * on a worker thread of its own and hands solutions over in batches:
 *
 *   worker (no GIL)                    consumer (__next__, GIL)
 *   on_solution: append to `pending`,  pending empty: wait (GIL released,
 *     wait while it holds BATCH          50 ms at a time, running Python's
 *     solutions; `stop`: return 1        signal handlers in between)
 *   on_poll: `stop`: return 1          else swap pending with its own
 *   end: done = 1                        empty buffer, yield from that
 *
 * The worker wakes the consumer for the first solution, for a full
 * batch, at each poll (every DLX_POLL_NODES nodes) and at the end, not
 * for every solution: a wake-up per solution costs a context switch
 * (about 15 us) and made listing queens 10 ten times slower than
 * counting it.
 *
 * The worker never touches a Python object.  Dropping the iterator (or
 * close(), or Ctrl-C while waiting) sets `stop`, wakes the worker, joins
 * it and frees everything: an abandoned generator leaves no thread and no
 * memory behind.
 */

#include "excover_ext.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef DLX_MEMO_DEFAULT_MB
#define HAVE_MEMO 1
#else
#define HAVE_MEMO 0
#endif
/* Multiplicities and costs (Knuth's dlx3 and dlx5) where libdlx has
 * them: dlx_set_bounds, dlx_set_cost, dlx_best. */
#ifdef DLX_MAX_BOUND
#define HAVE_BOUNDS 1
#else
#define HAVE_BOUNDS 0
#endif

/* The most solutions best() keeps (dlx_best's DLX_MAX_BEST). */
#ifdef DLX_MAX_BEST
#define DLX_BEST_LIMIT DLX_MAX_BEST
#else
#define DLX_BEST_LIMIT 100000
#endif

/* Solutions a worker may hold before it waits for the consumer. */
#define BATCH 1024
/* How long the consumer waits before it runs the signal handlers. */
#define WAIT_NS 50000000L

/* ---- counts and Ctrl-C --------------------------------------------------- */

PyObject *excover_count_to_int(dlx_count c)
{
    PyObject *hi = PyLong_FromUnsignedLongLong(c.hi);
    PyObject *lo = PyLong_FromUnsignedLongLong(c.lo);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *up = hi && shift ? PyNumber_Lshift(hi, shift) : NULL;
    PyObject *sum = up && lo ? PyNumber_Or(up, lo) : NULL;
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(shift);
    Py_XDECREF(up);
    return sum;
}

void excover_unlock(excover_poll *p)
{
    p->interrupted = 0;
    p->ts = PyEval_SaveThread();
}

int excover_relock(excover_poll *p)
{
    PyEval_RestoreThread(p->ts);
    return p->interrupted ? -1 : 0;
}

int excover_poll_signals(void *ctx, uint64_t nodes)
{
    excover_poll *p = ctx;
    (void)nodes;
    if (p->interrupted) /* once stopped, stopped: a generator asks again */
        return 1;
    PyEval_RestoreThread(p->ts);
    int err = PyErr_CheckSignals();
    p->ts = PyEval_SaveThread();
    if (err)
        p->interrupted = 1;
    return err != 0;
}

PyObject *excover_value_error(const char *name, int line, int col,
                              const char *message)
{
    if (line > 0 && col > 0)
        PyErr_Format(PyExc_ValueError, "%s:%d:%d: %s", name, line, col,
                     message);
    else if (line > 0)
        PyErr_Format(PyExc_ValueError, "%s:%d: %s", name, line, message);
    else
        PyErr_Format(PyExc_ValueError, "%s: %s", name, message);
    return NULL;
}

/* ---- building the matrix ------------------------------------------------- */

/* The matrix of the options; options with no primary item (which no
 * solution can hold) are left out, and map[k] is the index given of the
 * matrix's option k.  NULL with an exception set. */
typedef struct problem {
    dlx_matrix *m;
    int *map;
} problem;

static void problem_free(problem *p)
{
    dlx_free(p->m);
    free(p->map);
    p->m = NULL;
    p->map = NULL;
}

/* Option k's items (and colors) into the scratch arrays; returns its size,
 * or -1 with an exception. */
static int read_option(PyObject *opt, PyObject *col, Py_ssize_t k,
                       int n_items, int n_primary, int **items, int **colors,
                       Py_ssize_t *cap, int *has_primary)
{
    PyObject *fo = PySequence_Fast(opt, "an option must be a sequence");
    if (!fo)
        return -1;
    PyObject *fc = NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fo);
    if (col != Py_None &&
        !(fc = PySequence_Fast(col, "colors must be sequences"))) {
        Py_DECREF(fo);
        return -1;
    }
    if (fc && PySequence_Fast_GET_SIZE(fc) != n) {
        PyErr_Format(PyExc_ValueError, "option %zd: %zd colors for %zd "
                     "items", k, PySequence_Fast_GET_SIZE(fc), n);
        goto fail;
    }
    if (n > INT_MAX / 2) {
        PyErr_Format(PyExc_ValueError, "option %zd is too long", k);
        goto fail;
    }
    if (n > *cap) {
        int *a = realloc(*items, (size_t)n * sizeof *a);
        if (a)
            *items = a;
        int *b = a ? realloc(*colors, (size_t)n * sizeof *b) : NULL;
        if (!a || !b) {
            PyErr_NoMemory();
            goto fail;
        }
        *colors = b;
        *cap = n;
    }
    *has_primary = 0;
    for (Py_ssize_t j = 0; j < n; j++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fo, j));
        long c = fc ? PyLong_AsLong(PySequence_Fast_GET_ITEM(fc, j)) : 0;
        if (PyErr_Occurred())
            goto fail;
        if (v < 0 || v >= n_items || c < 0 || c > INT_MAX) {
            PyErr_Format(PyExc_ValueError, "option %zd: item %ld or color "
                         "%ld out of range", k, v, c);
            goto fail;
        }
        (*items)[j] = (int)v;
        (*colors)[j] = (int)c;
        if (v < n_primary)
            *has_primary = 1;
    }
    Py_DECREF(fo);
    Py_XDECREF(fc);
    return (int)n;
fail:
    Py_DECREF(fo);
    Py_XDECREF(fc);
    return -1;
}

static int problem_make(problem *p, int n_primary, int n_secondary,
                        PyObject *options, PyObject *colors)
{
    memset(p, 0, sizeof *p);
    PyObject *fo = PySequence_Fast(options, "options must be a sequence");
    if (!fo)
        return -1;
    PyObject *fc = NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fo);
    if (colors != Py_None &&
        !(fc = PySequence_Fast(colors, "colors must be a sequence"))) {
        Py_DECREF(fo);
        return -1;
    }
    int *items = NULL, *cols = NULL;
    Py_ssize_t cap = 0;
    if (fc && PySequence_Fast_GET_SIZE(fc) != n) {
        PyErr_SetString(PyExc_ValueError, "one color list per option");
        goto fail;
    }
    if (n_primary < 0 || n_secondary < 0 || n > INT_MAX / 2 ||
        (long)n_primary + n_secondary > INT_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "too many items or options");
        goto fail;
    }
    p->m = dlx_new(n_primary, n_secondary);
    p->map = malloc(((size_t)n + 1) * sizeof *p->map);
    if (!p->m || !p->map) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        int has_primary;
        int len = read_option(PySequence_Fast_GET_ITEM(fo, k),
                              fc ? PySequence_Fast_GET_ITEM(fc, k) : Py_None,
                              k, n_primary + n_secondary, n_primary, &items,
                              &cols, &cap, &has_primary);
        if (len < 0)
            goto fail;
        if (!has_primary)
            continue;  /* never chosen: Algorithm X branches on primaries */
        int st = dlx_add_option(p->m, len, items, fc ? cols : NULL);
        if (st < 0) {
            if (st == DLX_ENOMEM)
                PyErr_NoMemory();
            else
                PyErr_Format(PyExc_ValueError, "option %zd: %s", k,
                             dlx_strerror(st));
            goto fail;
        }
        p->map[st] = (int)k;
    }
    free(items);
    free(cols);
    Py_DECREF(fo);
    Py_XDECREF(fc);
    return 0;
fail:
    free(items);
    free(cols);
    Py_DECREF(fo);
    Py_XDECREF(fc);
    problem_free(p);
    return -1;
}

/* Sets the bounds, a sequence of (item, lo, hi), and the costs, one per
 * option given (or None), on the matrix; 0, or -1 with an exception. */
static int problem_bounds(problem *p, PyObject *bounds, PyObject *costs)
{
    if (bounds == Py_None && costs == Py_None)
        return 0;
#if HAVE_BOUNDS
    PyObject *f = bounds == Py_None ? NULL
                : PySequence_Fast(bounds, "bounds must be a sequence");
    if (bounds != Py_None && !f)
        return -1;
    for (Py_ssize_t k = 0; f && k < PySequence_Fast_GET_SIZE(f); k++) {
        int item, lo, hi;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(f, k), "iii", &item,
                              &lo, &hi)) {
            Py_DECREF(f);
            return -1;
        }
        int st = dlx_set_bounds(p->m, item, lo, hi);
        if (st != DLX_OK) {
            Py_DECREF(f);
            PyErr_Format(st == DLX_ENOMEM ? PyExc_MemoryError
                         : PyExc_ValueError, "bounds %d:%d of item %d: %s",
                         lo, hi, item, dlx_strerror(st));
            return -1;
        }
    }
    Py_XDECREF(f);
    if (costs == Py_None)
        return 0;
    f = PySequence_Fast(costs, "costs must be a sequence");
    if (!f)
        return -1;
    int n = dlx_num_options(p->m);
    int64_t total = 0;
    for (int k = 0; k < n; k++) {
        Py_ssize_t given = p->map[k];
        if (given >= PySequence_Fast_GET_SIZE(f)) {
            PyErr_SetString(PyExc_ValueError, "one cost per option");
            break;
        }
        /* the reasons dlx_set_cost gives one status for, said apart: a
         * cost out of range, or the total of the costs past 2^63 - 1 */
        PyObject *cost = PySequence_Fast_GET_ITEM(f, given);
        int over = 0;
        long long c = PyLong_AsLongLongAndOverflow(cost, &over);
        if (c == -1 && PyErr_Occurred())
            break;
        if (over || c < 0 || c > DLX_MAX_COST) {
            PyErr_Format(PyExc_ValueError, "cost %R of option %zd: not 0 to "
                         "%lld", cost, given, (long long)DLX_MAX_COST);
            break;
        }
        if (total > INT64_MAX - c) {
            PyErr_Format(PyExc_ValueError, "the total of the costs passes "
                         "2^63 - 1 at option %zd (cost %lld): the costs of "
                         "all options together must stay below it, so that "
                         "no solution's cost overflows", given, c);
            break;
        }
        total += c;
        int st = dlx_set_cost(p->m, k, (int64_t)c);
        if (st != DLX_OK) {
            PyErr_Format(PyExc_ValueError, "cost %lld of option %zd: %s", c,
                         given, dlx_strerror(st));
            break;
        }
    }
    Py_DECREF(f);
    return PyErr_Occurred() ? -1 : 0;
#else
    (void)p;
    PyErr_SetString(PyExc_NotImplementedError, "this libdlx has no "
                    "multiplicities or costs (dlx_set_bounds, dlx_best)");
    return -1;
#endif
}

/* ---- counting ------------------------------------------------------------ */

/* The subset rule (dlx_search.prune) takes one plain search, as `dlx
 * --prune` does: memo=1 (the memo counter has no tree to cut) is refused
 * with the command's reason; memo=-1 then counts by search, as `dlx
 * --prune -c` does.  0, or -1 with a ValueError. */
static int prune_allowed(int prune, int *memo)
{
    if (!prune)
        return 0;
    if (*memo > 0) {
        PyErr_SetString(PyExc_ValueError, "prune takes one plain search: "
                        "not with memo=True (the memo counter, like dlx "
                        "--prune --memo)");
        return -1;
    }
    *memo = 0;
    return 0;
}

/* The one place that counts a matrix.  memo: 1 by the memo counter
 * (DLX_ENGINE_MEMO: the count of each sub-problem remembered, for counts
 * of any size, returned in *big as a Python int), 0 by a search that
 * visits every solution without spelling it out, -1 as libdlx chooses
 * for a count (count_only: the memo counter where its trial says it
 * pays).  libdlx without
 * the memo counter (no DLX_MEMO_DEFAULT_MB in dlx.h) counts by search and
 * refuses memo=1.  prune: the subset rule (see prune_allowed).  Bounds and
 * costs (dlx_set_bounds, dlx_best) plug in here too when the engine has
 * them.  The search's figures in *r.  0, or -1 with an exception
 * (KeyboardInterrupt when Ctrl-C stopped it). */
static int count_matrix(dlx_matrix *m, uint64_t limit, int memo, int prune,
                        dlx_result *r, PyObject **big)
{
    dlx_search s = dlx_search_defaults();
    excover_poll poll;
    if (prune_allowed(prune, &memo) < 0)
        return -1;
    s.max_solutions = limit;
    s.prune = prune;
    s.on_poll = excover_poll_signals;
    s.poll_ctx = &poll;
#ifndef DLX_MEMO_DEFAULT_MB
    if (memo > 0) {
        PyErr_SetString(PyExc_NotImplementedError, "this libdlx has no "
                        "memo counter (dlx_count_memo)");
        return -1;
    }
#endif
#ifdef DLX_MEMO_DEFAULT_MB
    dlx_bignum count = DLX_BIGNUM_INIT; /* the memo's count, of any size */
    if (memo > 0)
        s.engine = DLX_ENGINE_MEMO;
    s.count_only = memo < 0;
    s.memo_count = &count;
#endif
    excover_unlock(&poll);
    int st = dlx_solve(m, &s, r);
    if (excover_relock(&poll) < 0) {
#ifdef DLX_MEMO_DEFAULT_MB
        dlx_bignum_free(&count);
#endif
        return -1;
    }
#ifdef DLX_MEMO_DEFAULT_MB
    if (st == DLX_OK && r->ran == DLX_RAN_MEMO) {
        char *digits = dlx_bignum_str(&count);
        dlx_bignum_free(&count);
        if (!digits) {
            PyErr_NoMemory();
            return -1;
        }
        *big = PyLong_FromString(digits, NULL, 10);
        free(digits);
        if (!*big)
            return -1;
    }
#endif
    if (st == DLX_ENOMEM) {
        PyErr_NoMemory();
        return -1;
    }
#ifdef DLX_MEMO_DEFAULT_MB
    if (st == DLX_EOVERFLOW) {
        PyErr_SetString(PyExc_OverflowError, "the count passes 2^128");
        return -1;
    }
#endif
    if (st != DLX_OK) {
        PyErr_Format(PyExc_RuntimeError, "dlx: %s", dlx_strerror(st));
        return -1;
    }
    return 0;
}

/* The figures of `dlx -s` for a search: solutions, nodes, updates and
 * why it ended. */
static PyObject *stats_dict(const dlx_result *r)
{
    PyObject *n = excover_count_to_int(r->solutions);
    if (!n)
        return NULL;
    return Py_BuildValue("{s:N,s:K,s:K,s:s}", "solutions", n, "nodes",
                         (unsigned long long)r->nodes, "updates",
                         (unsigned long long)r->updates, "end",
                         dlx_outcome_str(r->outcome));
}

/* count(...) and stats(...): the same arguments, the count or the
 * figures. */
static PyObject *count_or_stats(PyObject *args, int stats)
{
    int n_primary, n_secondary;
    PyObject *options, *colors;
    unsigned long long limit;
    int memo = -1, prune = 0;
    PyObject *bounds = Py_None;
    if (!PyArg_ParseTuple(args, "iiOOK|iOp", &n_primary, &n_secondary,
                          &options, &colors, &limit, &memo, &bounds, &prune))
        return NULL;
    if (prune_allowed(prune, &memo) < 0)
        return NULL;
    problem p;
    if (problem_make(&p, n_primary, n_secondary, options, colors) < 0)
        return NULL;
    if (problem_bounds(&p, bounds, Py_None) < 0) {
        problem_free(&p);
        return NULL;
    }
    dlx_result r;
    PyObject *res = NULL, *big = NULL;
    if (count_matrix(p.m, limit, stats ? 0 : memo, prune, &r, &big) == 0)
        res = stats ? stats_dict(&r)
              : big ? big
                    : excover_count_to_int(r.solutions);
    if (res != big)
        Py_XDECREF(big);
    problem_free(&p);
    return res;
}

static PyObject *py_count(PyObject *self, PyObject *args)
{
    (void)self;
    return count_or_stats(args, 0);
}

static PyObject *py_stats(PyObject *self, PyObject *args)
{
    (void)self;
    return count_or_stats(args, 1);
}

static PyObject *py_count_value(PyObject *self, PyObject *args)
{
    dlx_count c;
    unsigned long long hi, lo;
    (void)self;
    if (!PyArg_ParseTuple(args, "KK", &hi, &lo))
        return NULL;
    c.hi = hi;
    c.lo = lo;
    return excover_count_to_int(c);
}

/* ---- drawing solutions at random ----------------------------------------- */

#ifdef DLX_MEMO_DEFAULT_MB
/* The draws, gathered without the GIL as runs [n, option...]. */
typedef struct drawn {
    int *runs;
    size_t len, cap;
    int nomem;
} drawn;

static int on_drawn(void *ctx, const int *options, int n)
{
    drawn *d = ctx;
    if (d->len + (size_t)n + 1 > d->cap) {
        size_t cap = d->cap ? d->cap : 1024;
        while (cap < d->len + (size_t)n + 1)
            cap *= 2;
        int *p = cap <= SIZE_MAX / sizeof *p / 2
                     ? realloc(d->runs, cap * sizeof *p)
                     : NULL;
        if (!p) {
            d->nomem = 1;
            return 1;
        }
        d->runs = p;
        d->cap = cap;
    }
    d->runs[d->len++] = n;
    memcpy(d->runs + d->len, options, (size_t)n * sizeof *options);
    d->len += (size_t)n;
    return 0;
}

static PyObject *drawn_list(const drawn *d)
{
    PyObject *all = PyList_New(0);
    for (size_t k = 0; all && k < d->len;) {
        int n = d->runs[k++];
        PyObject *one = PyList_New(n);
        for (int j = 0; one && j < n; j++)
            PyList_SET_ITEM(one, j, PyLong_FromLong(d->runs[k + j]));
        k += (size_t)n;
        if (!one || PyList_Append(all, one) < 0) {
            Py_XDECREF(one);
            Py_CLEAR(all);
            break;
        }
        Py_DECREF(one);
    }
    return all;
}

/* sample(n_primary, n_secondary, options, colors, n, seed) */
static PyObject *py_sample(PyObject *self, PyObject *args)
{
    int n_primary, n_secondary;
    PyObject *options, *colors;
    unsigned long long n, seed;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiOOKK", &n_primary, &n_secondary,
                          &options, &colors, &n, &seed))
        return NULL;
    problem p;
    if (problem_make(&p, n_primary, n_secondary, options, colors) < 0)
        return NULL;
    dlx_search s = dlx_search_defaults();
    excover_poll poll;
    drawn d = { NULL, 0, 0, 0 };
    dlx_result r;
    s.seed = seed;
    s.on_solution = on_drawn;
    s.solution_ctx = &d;
    s.on_poll = excover_poll_signals;
    s.poll_ctx = &poll;
    excover_unlock(&poll);
    int st = dlx_sample(p.m, &s, 0, n, NULL, &r, NULL);
    PyObject *res = NULL;
    if (excover_relock(&poll) < 0)
        ;
    else if (st == DLX_ENOMEM || d.nomem)
        PyErr_NoMemory();
    else if (st != DLX_OK)
        PyErr_Format(PyExc_RuntimeError, "dlx: %s", dlx_strerror(st));
    else
        res = drawn_list(&d);
    free(d.runs);
    problem_free(&p);
    return res;
}
#endif

/* ---- the iterator of solutions ------------------------------------------- */

typedef struct solution_iter {
    PyObject_HEAD
    problem p;
    uint64_t limit;
    int prune;               /* dlx_search.prune */
    pthread_t thread;
    int started, joined;
    pthread_mutex_t mu;
    pthread_cond_t to_consumer, to_worker;
    /* shared, under mu: solutions as [n, option...] runs */
    int *pending;
    size_t pending_len, pending_cap, pending_count;
    int stop, done, status;
    int handed;              /* the first solution was handed over */
    int running;             /* a thread is in __next__ (it may have let
                                go of the GIL): another may not enter */
    int over;                /* the consumer's: nothing more to yield */
    /* the consumer's own: the batch it yields from */
    int *batch;
    size_t batch_len, batch_cap, batch_pos;
} solution_iter;

static int on_solution(void *ctx, const int *options, int n)
{
    solution_iter *it = ctx;
    pthread_mutex_lock(&it->mu);
    while (it->pending_count >= BATCH && !it->stop)
        pthread_cond_wait(&it->to_worker, &it->mu);
    int stop = it->stop;
    size_t need = it->pending_len + (size_t)n + 1;
    if (!stop && need > it->pending_cap) {
        size_t cap = need * 2;
        int *a = realloc(it->pending, cap * sizeof *a);
        if (!a) {
            it->status = DLX_ENOMEM;
            stop = 1;
        } else {
            it->pending = a;
            it->pending_cap = cap;
        }
    }
    if (!stop) {
        it->pending[it->pending_len++] = n;
        for (int k = 0; k < n; k++)
            it->pending[it->pending_len++] = it->p.map[options[k]];
        /* the first at once (next(covers(...)) waits for it), then in
         * batches: see on_poll */
        if (++it->pending_count >= BATCH || !it->handed)
            pthread_cond_signal(&it->to_consumer);
        it->handed = 1;
    }
    pthread_mutex_unlock(&it->mu);
    return stop;
}

static int on_poll(void *ctx, uint64_t nodes)
{
    solution_iter *it = ctx;
    (void)nodes;
    pthread_mutex_lock(&it->mu);
    int stop = it->stop;
    if (it->pending_count)
        pthread_cond_signal(&it->to_consumer);
    pthread_mutex_unlock(&it->mu);
    return stop;
}

static void *worker(void *arg)
{
    solution_iter *it = arg;
    dlx_search s = dlx_search_defaults();
    dlx_result r;
    s.max_solutions = it->limit;
    s.prune = it->prune;
    s.on_solution = on_solution;
    s.solution_ctx = it;
    s.on_poll = on_poll;
    s.poll_ctx = it;
    int st = dlx_solve(it->p.m, &s, &r);
    pthread_mutex_lock(&it->mu);
    if (st != DLX_OK && !it->status)
        it->status = st;
    it->done = 1;
    pthread_cond_signal(&it->to_consumer);
    pthread_mutex_unlock(&it->mu);
    return NULL;
}

/* Stops the worker and waits for it (the GIL released meanwhile). */
static void iter_stop(solution_iter *it)
{
    if (!it->started || it->joined)
        return;
    pthread_mutex_lock(&it->mu);
    it->stop = 1;
    pthread_cond_signal(&it->to_worker);
    pthread_mutex_unlock(&it->mu);
    Py_BEGIN_ALLOW_THREADS
    pthread_join(it->thread, NULL);
    Py_END_ALLOW_THREADS
    it->joined = 1;
}

static void iter_dealloc(solution_iter *it)
{
    iter_stop(it);
    pthread_mutex_destroy(&it->mu);
    pthread_cond_destroy(&it->to_consumer);
    pthread_cond_destroy(&it->to_worker);
    problem_free(&it->p);
    free(it->pending);
    free(it->batch);
    Py_TYPE(it)->tp_free((PyObject *)it);
}

/* As a generator does: one thread at a time inside __next__ or close. */
static int iter_busy(solution_iter *it)
{
    if (!it->running)
        return 0;
    PyErr_SetString(PyExc_ValueError, "the search is being iterated by "
                    "another thread");
    return 1;
}

static PyObject *iter_close(solution_iter *it, PyObject *unused)
{
    (void)unused;
    if (iter_busy(it))
        return NULL;
    iter_stop(it);
    it->over = 1;
    it->batch_pos = it->batch_len = 0;
    Py_RETURN_NONE;
}

/* Waits for the next batch: 1 taken, 0 the search is over, -1 an
 * exception (KeyboardInterrupt: the worker is stopped). */
static int take_batch(solution_iter *it)
{
    for (;;) {
        int got = 0, over = 0;
        Py_BEGIN_ALLOW_THREADS
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += WAIT_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_mutex_lock(&it->mu);
        while (!it->pending_count && !it->done)
            if (pthread_cond_timedwait(&it->to_consumer, &it->mu,
                                       &until) == ETIMEDOUT)
                break;
        if (it->pending_count) {
            int *a = it->pending;
            size_t cap = it->pending_cap;
            it->batch_len = it->pending_len;
            it->pending = it->batch;
            it->pending_cap = it->batch_cap;
            it->batch = a;
            it->batch_cap = cap;
            it->batch_pos = 0;
            it->pending_len = it->pending_count = 0;
            pthread_cond_signal(&it->to_worker);
            got = 1;
        } else if (it->done) {
            over = 1;
        }
        pthread_mutex_unlock(&it->mu);
        Py_END_ALLOW_THREADS
        if (got)
            return 1;
        if (over)
            return 0;
        if (PyErr_CheckSignals() < 0) {
            iter_stop(it);
            return -1;
        }
    }
}

static PyObject *iter_next(solution_iter *it)
{
    if (iter_busy(it))
        return NULL;
    if (it->batch_pos >= it->batch_len) {
        if (it->over)
            return NULL;
        if (!it->started) {
            int e = pthread_create(&it->thread, NULL, worker, it);
            if (e) {
                errno = e;
                return PyErr_SetFromErrno(PyExc_OSError);
            }
            it->started = 1;
        }
        it->running = 1;
        int got = take_batch(it);
        it->running = 0;
        if (got <= 0) {
            it->over = 1;
            if (got == 0) {
                iter_stop(it);
                if (it->status == DLX_ENOMEM)
                    return PyErr_NoMemory();
                if (it->status)
                    return PyErr_Format(PyExc_RuntimeError, "dlx: %s",
                                        dlx_strerror(it->status));
            }
            return NULL;
        }
    }
    int n = it->batch[it->batch_pos++];
    PyObject *list = PyList_New(n);
    for (int k = 0; list && k < n; k++) {
        PyObject *v = PyLong_FromLong(it->batch[it->batch_pos + k]);
        if (!v) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, k, v);
    }
    it->batch_pos += (size_t)n;
    return list;
}

static PyObject *iter_enter(PyObject *self, PyObject *unused)
{
    (void)unused;
    Py_INCREF(self);
    return self;
}

static PyObject *iter_exit(solution_iter *it, PyObject *args)
{
    (void)args;
    return iter_close(it, NULL);
}

static PyMethodDef iter_methods[] = {
    { "close", (PyCFunction)iter_close, METH_NOARGS,
      "Stop the search now and free what it holds (also done when the "
      "iterator is dropped)." },
    { "__enter__", iter_enter, METH_NOARGS, NULL },
    { "__exit__", (PyCFunction)iter_exit, METH_VARARGS, NULL },
    { NULL, NULL, 0, NULL }
};

static PyTypeObject solution_iter_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "excover._excover.Solutions",
    .tp_basicsize = sizeof(solution_iter),
    .tp_dealloc = (destructor)iter_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The solutions of an exact cover problem, one list of option "
              "indices at a time;\nthe search runs on a thread of its own "
              "without the GIL.",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)iter_next,
    .tp_methods = iter_methods,
};

static PyObject *py_covers(PyObject *self, PyObject *args)
{
    int n_primary, n_secondary;
    PyObject *options, *colors;
    unsigned long long limit;
    PyObject *bounds = Py_None;
    int prune = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiOOK|Op", &n_primary, &n_secondary,
                          &options, &colors, &limit, &bounds, &prune))
        return NULL;
    solution_iter *it = PyObject_New(solution_iter, &solution_iter_type);
    if (!it)
        return NULL;
    memset((char *)it + sizeof(PyObject), 0,
           sizeof *it - sizeof(PyObject));
    pthread_mutex_init(&it->mu, NULL);
    pthread_cond_init(&it->to_consumer, NULL);
    pthread_cond_init(&it->to_worker, NULL);
    it->limit = limit;
    it->prune = prune;
    if (problem_make(&it->p, n_primary, n_secondary, options, colors) < 0 ||
        problem_bounds(&it->p, bounds, Py_None) < 0) {
        Py_DECREF(it);
        return NULL;
    }
    return (PyObject *)it;
}

/* ---- the cheapest solutions --------------------------------------------- */

/* The k cheapest solutions as [(cost, [option, ...]), ...], cheapest
 * first (dlx_best), or NULL with an exception. */
static PyObject *best_solutions(problem *p, int k)
{
#if HAVE_BOUNDS
    dlx_search s = dlx_search_defaults();
    dlx_result r;
    excover_poll poll;
    s.on_poll = excover_poll_signals;
    s.poll_ctx = &poll;
    excover_unlock(&poll);
    int st = dlx_best(p->m, &s, k, &r);
    if (excover_relock(&poll) < 0)
        return NULL;
    if (st == DLX_ENOMEM)
        return PyErr_NoMemory();
    if (st != DLX_OK)
        return PyErr_Format(PyExc_RuntimeError, "dlx: %s", dlx_strerror(st));
    int n = dlx_best_count(p->m);
    PyObject *list = PyList_New(n > 0 ? n : 0);
    for (int i = 0; list && i < n; i++) {
        const int *opts;
        int64_t cost;
        int len = dlx_best_solution(p->m, i, &opts, &cost);
        PyObject *sol = PyList_New(len > 0 ? len : 0);
        for (int j = 0; sol && j < len; j++) {
            PyObject *v = PyLong_FromLong(p->map[opts[j]]);
            if (!v)
                Py_CLEAR(sol);
            else
                PyList_SET_ITEM(sol, j, v);
        }
        PyObject *pair = sol ? Py_BuildValue("(LN)", (long long)cost, sol)
                             : NULL;
        if (!pair)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, pair);
    }
    return list;
#else
    (void)p;
    (void)k;
    PyErr_SetString(PyExc_NotImplementedError, "this libdlx has no costs "
                    "(dlx_best)");
    return NULL;
#endif
}

static PyObject *py_best(PyObject *self, PyObject *args)
{
    int n_primary, n_secondary, k;
    PyObject *options, *colors, *bounds, *costs;
    (void)self;
    if (!PyArg_ParseTuple(args, "iiOOOOi", &n_primary, &n_secondary,
                          &options, &colors, &bounds, &costs, &k))
        return NULL;
    if (k < 1 || k > DLX_BEST_LIMIT)
        return PyErr_Format(PyExc_ValueError, "k: %d is not 1 to %d", k,
                            DLX_BEST_LIMIT);
    problem p;
    if (problem_make(&p, n_primary, n_secondary, options, colors) < 0)
        return NULL;
    PyObject *res = problem_bounds(&p, bounds, costs) < 0
                  ? NULL : best_solutions(&p, k);
    problem_free(&p);
    return res;
}

/* ---- the module ---------------------------------------------------------- */

static PyMethodDef core_methods[] = {
    { "covers", py_covers, METH_VARARGS,
      "covers(n_primary, n_secondary, options, colors, limit, bounds=None, "
      "prune=False) -> iterator\n"
      "Options as item indices (primary first); colors None or one list "
      "per option; prune: the subset rule (dlx --prune)." },
    { "count", py_count, METH_VARARGS,
      "count(n_primary, n_secondary, options, colors, limit, memo=-1, "
      "bounds=None, prune=False) -> int\nmemo: 1 by the memo counter, 0 "
      "by search, -1 as libdlx judges; prune refuses memo=1." },
    { "stats", py_stats, METH_VARARGS,
      "stats(n_primary, n_secondary, options, colors, limit, memo=-1, "
      "bounds=None, prune=False) -> dict\nThe figures of dlx -s for the "
      "search count() makes (by search, never the memo counter): "
      "solutions, nodes, updates, end." },
    { "best", py_best, METH_VARARGS,
      "best(n_primary, n_secondary, options, colors, bounds, costs, k) -> "
      "[(cost, [option, ...]), ...]" },
#ifdef DLX_MEMO_DEFAULT_MB
    { "sample", py_sample, METH_VARARGS,
      "sample(n_primary, n_secondary, options, colors, n, seed) -> "
      "[[option, ...], ...]: n solutions drawn uniformly (dlx_sample)" },
#endif
    { "count_value", py_count_value, METH_VARARGS,
      "count_value(hi, lo) -> int: a 128-bit count as the counters return "
      "it" },
    { NULL, NULL, 0, NULL }
};

static void module_free(void *mod)
{
    void **state = PyModule_GetState(mod);
    if (state && *state) {
        excover_puzzles_state_free(*state);
        *state = NULL;
    }
}

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "excover._excover",
    .m_doc = "The C core of excover: libdlx and the puzzle libraries.",
    .m_size = sizeof(void *),
    .m_methods = core_methods,
    .m_free = module_free,
};

PyMODINIT_FUNC PyInit__excover(void);

PyMODINIT_FUNC PyInit__excover(void)
{
    if (PyType_Ready(&solution_iter_type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    void **state = PyModule_GetState(m);
    *state = excover_puzzles_state_new();
    if (!*state || PyModule_AddFunctions(m, excover_puzzle_methods) < 0 ||
        PyModule_AddStringConstant(m, "DLX_VERSION", DLX_VERSION) < 0 ||
        PyModule_AddIntConstant(m, "HAVE_MEMO", HAVE_MEMO) < 0 ||
        PyModule_AddIntConstant(m, "HAVE_BOUNDS", HAVE_BOUNDS) < 0) {
        if (!*state)
            PyErr_NoMemory();
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&solution_iter_type);
    if (PyModule_AddObject(m, "Solutions",
                           (PyObject *)&solution_iter_type) < 0) {
        Py_DECREF(&solution_iter_type);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
