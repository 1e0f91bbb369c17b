/*
 * mathdoku_solve.c - cages as exact cover options, solved by the dlx
 * engine; the naive depth-first search; the checker.
 */
#include "mathdoku.h"

#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_parallel.h"
#include "dlx_util.h"

/* ---- the rule ----------------------------------------------------------------- */

static int holds_op(mathdoku_op op, long long target, const int *d, int n,
                    int nary)
{
    long long acc = 0;
    int max = 0;
    for (int j = 0; j < n; j++)
        if (d[j] > max)
            max = d[j];
    switch (op) {
    case MD_GIVEN:
        return n == 1 && d[0] == target;
    case MD_ADD:
        for (int j = 0; j < n; j++)
            acc += d[j];
        return acc == target;
    case MD_MUL:
        acc = 1;
        for (int j = 0; j < n && acc <= target; j++)
            acc *= d[j];
        return acc == target;
    case MD_SUB:
        if (n < 2 || (n > 2 && !nary))
            return 0;
        /* the largest minus the rest (|a - b| for two) */
        acc = 2LL * max;
        for (int j = 0; j < n; j++)
            acc -= d[j];
        return acc == target;
    case MD_DIV: {
        if (n < 2 || (n > 2 && !nary))
            return 0;
        /* the largest divided by the product of the rest, exactly */
        long long rest = 1;
        int skipped = 0;
        for (int j = 0; j < n; j++) {
            if (d[j] == max && !skipped) {
                skipped = 1;
                continue;
            }
            rest *= d[j];
            if (rest > max)
                return 0;
        }
        return max % rest == 0 && max / rest == target;
    }
    default:
        return 0;
    }
}

int mathdoku_cage_holds(const mathdoku_cage *c, const int *digits,
                        const mathdoku_rules *rules)
{
    int nary = rules && rules->nary;
    if (c->op != MD_HIDDEN)
        return holds_op(c->op, c->target, digits, c->n, nary);
    return holds_op(MD_ADD, c->target, digits, c->n, nary) ||
           holds_op(MD_MUL, c->target, digits, c->n, nary) ||
           holds_op(MD_SUB, c->target, digits, c->n, nary) ||
           holds_op(MD_DIV, c->target, digits, c->n, nary) ||
           (c->n == 1 && digits[0] == c->target);
}

/* ---- tuples ------------------------------------------------------------------- */

typedef struct tuples {
    int *digits;         /* all tuples of all cages, flat */
    long n, cap;         /* ints used / allocated */
    long count;          /* tuples */
    int failed;          /* out of memory or over the limit */
} tuples;

typedef struct walk {
    const mathdoku *p;
    const mathdoku_cage *c;
    const mathdoku_rules *rules;
    int d[MATHDOKU_MAX_CAGE];
    tuples *t;
} walk;

static void keep(walk *w)
{
    tuples *t = w->t;
    int n = w->c->n;
    if (t->count >= MATHDOKU_MAX_OPTIONS) {
        t->failed = 2;
        return;
    }
    if (t->n + n > t->cap) {
        long cap = t->cap ? 2 * t->cap : 1024;
        while (cap < t->n + n)
            cap *= 2;
        int *dg = realloc(t->digits, (size_t)cap * sizeof *dg);
        if (!dg) {
            t->failed = 1;
            return;
        }
        t->digits = dg;
        t->cap = cap;
    }
    memcpy(t->digits + t->n, w->d, (size_t)n * sizeof *w->d);
    t->n += n;
    t->count++;
}

/* Digits for cells k.. of the cage; sum and prod of those before. */
static void extend(walk *w, int k, long long sum, long long prod)
{
    const mathdoku_cage *c = w->c;
    int N = w->p->N, n = c->n;
    if (w->t->failed)
        return;
    if (k == n) {
        if (mathdoku_cage_holds(c, w->d, w->rules))
            keep(w);
        return;
    }
    int cell = c->cells[k], r = cell / N, col = cell % N;
    int left = n - k - 1;
    for (int d = 1; d <= N; d++) {
        /* no repeat within a row or column of the cage */
        int clash = 0;
        for (int j = 0; j < k && !clash; j++) {
            int o = c->cells[j];
            clash = w->d[j] == d && (o / N == r || o % N == col);
        }
        if (clash)
            continue;
        /* partial sums and products against the target */
        if (c->op == MD_ADD &&
            (sum + d + left > c->target ||
             sum + d + (long long)left * N < c->target))
            continue;
        if (c->op == MD_MUL && c->target % (prod * d) != 0)
            continue;
        if (c->op == MD_GIVEN && d != c->target)
            continue;
        w->d[k] = d;
        extend(w, k + 1, sum + d, c->op == MD_MUL ? prod * d : 1);
    }
}

/* ---- the solver ---------------------------------------------------------------- */

struct mathdoku_solver {
    const mathdoku *p;
    mathdoku_rules rules;
    dlx_matrix *m;
    tuples t;
    int *opt_cage;       /* per option */
    long *opt_at;        /* per option: its digits in t.digits */
};

long mathdoku_solver_options(const mathdoku_solver *sv)
{
    return sv->t.count;
}

const dlx_matrix *mathdoku_solver_matrix(const mathdoku_solver *sv)
{
    return sv->m;
}

int mathdoku_option_cage(const mathdoku_solver *sv, int option,
                         const int **digits)
{
    if (option < 0 || option >= sv->t.count)
        return -1;
    if (digits)
        *digits = sv->t.digits + sv->opt_at[option];
    return sv->opt_cage[option];
}

void mathdoku_solver_free(mathdoku_solver *sv)
{
    if (!sv)
        return;
    dlx_free(sv->m);
    free(sv->t.digits);
    free(sv->opt_cage);
    free(sv->opt_at);
    free(sv);
}

static int fail(mathdoku_error *err, int line, int col, const char *msg)
{
    err->line = line;
    err->col = col;
    snprintf(err->message, sizeof err->message, "%s", msg);
    return -1;
}

mathdoku_solver *mathdoku_solver_new(const mathdoku *p,
                                     const mathdoku_rules *rules,
                                     mathdoku_error *err)
{
    int N = p->N, NN = N * N;
    mathdoku_solver *sv = calloc(1, sizeof *sv);
    if (!sv) {
        fail(err, 0, 0, "out of memory");
        return NULL;
    }
    sv->p = p;
    if (rules)
        sv->rules = *rules;
    long *first = malloc((size_t)(p->n_cages + 1) * sizeof *first);
    if (!first) {
        fail(err, 0, 0, "out of memory");
        mathdoku_solver_free(sv);
        return NULL;
    }
    for (int k = 0; k < p->n_cages; k++) {
        const mathdoku_cage *c = &p->cages[k];
        walk w = { p, c, &sv->rules, { 0 }, &sv->t };
        first[k] = sv->t.count;
        extend(&w, 0, 0, 1);
        if (sv->t.failed) {
            fail(err, c->line, c->col, sv->t.failed == 2
                     ? "the cages have too many digit tuples (more than "
                       "20,000,000 options)"
                     : "out of memory");
            free(first);
            mathdoku_solver_free(sv);
            return NULL;
        }
        if (sv->t.count == first[k]) {
            char clue[32];
            err->line = c->line;
            err->col = c->col;
            snprintf(err->message, sizeof err->message, "cage %s (%s): no "
                     "digits reach the target", c->label,
                     mathdoku_cage_clue(c, clue));
            free(first);
            mathdoku_solver_free(sv);
            return NULL;
        }
    }
    first[p->n_cages] = sv->t.count;
    long n_opt = sv->t.count;
    sv->m = dlx_new(3 * NN + p->n_cages, 0);
    sv->opt_cage = malloc((size_t)n_opt * sizeof *sv->opt_cage);
    sv->opt_at = malloc((size_t)n_opt * sizeof *sv->opt_at);
    if (!sv->m || !sv->opt_cage || !sv->opt_at) {
        fail(err, 0, 0, "out of memory");
        free(first);
        mathdoku_solver_free(sv);
        return NULL;
    }
    /* each tuple of a cage of n cells is an option of 3n + 1 items */
    long n_nodes = 0;
    for (int k = 0; k < p->n_cages; k++)
        n_nodes += (first[k + 1] - first[k]) * (3L * p->cages[k].n + 1);
    dlx_reserve(sv->m, (int)n_opt, n_nodes);
    int items[3 * MATHDOKU_MAX_CAGE + 1];
    long at = 0, o = 0;
    for (int k = 0; k < p->n_cages; k++) {
        const mathdoku_cage *c = &p->cages[k];
        for (long t = first[k]; t < first[k + 1]; t++, o++) {
            const int *d = sv->t.digits + at;
            int n = 0;
            for (int j = 0; j < c->n; j++) {
                int cell = c->cells[j];
                items[n++] = cell;
                items[n++] = NN + (cell / N) * N + d[j] - 1;
                items[n++] = 2 * NN + (cell % N) * N + d[j] - 1;
            }
            items[n++] = 3 * NN + k;
            if (dlx_add_option(sv->m, n, items, NULL) < 0) {
                fail(err, c->line, c->col, "out of memory");
                free(first);
                mathdoku_solver_free(sv);
                return NULL;
            }
            sv->opt_cage[o] = k;
            sv->opt_at[o] = at;
            at += c->n;
        }
    }
    free(first);
    return sv;
}

/* ---- Dancing Links ---------------------------------------------------------- */

typedef struct tracer {
    const mathdoku_solver *sv;
    const mathdoku_limits *lim;
} tracer;

static void item_words(const mathdoku_solver *sv, int item, char *buf,
                       size_t size)
{
    int N = sv->p->N, NN = N * N;
    char name[16], clue[32];
    if (item < NN)
        snprintf(buf, size, "cell %s", mathdoku_cell_name(N, item, name));
    else if (item < 2 * NN)
        snprintf(buf, size, "digit %d of row %d", (item - NN) % N + 1,
                 (item - NN) / N + 1);
    else if (item < 3 * NN)
        snprintf(buf, size, "digit %d of column %c", (item - 2 * NN) % N + 1,
                 'A' + (item - 2 * NN) / N);
    else {
        const mathdoku_cage *c = &sv->p->cages[item - 3 * NN];
        snprintf(buf, size, "cage %s (%s)", c->label,
                 mathdoku_cage_clue(c, clue));
    }
}

static void trace_step(void *ctx, const dlx_event *ev)
{
    const tracer *t = ctx;
    const mathdoku_solver *sv = t->sv;
    char text[512], what[96];
    if (t->lim->on_event)
        t->lim->on_event(t->lim->event_ctx, ev);
    if (!t->lim->on_step)
        return;
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        item_words(sv, ev->item, what, sizeof what);
        snprintf(text, sizeof text, "%s: %d way%s%s", what, ev->count,
                 ev->count == 1 ? "" : "s", ev->count ? "" : ", dead end");
        break;
    case DLX_EV_TRY: {
        const mathdoku_cage *c = &sv->p->cages[sv->opt_cage[ev->option]];
        const int *d = sv->t.digits + sv->opt_at[ev->option];
        char clue[32], name[16];
        int n = snprintf(text, sizeof text, "try cage %s (%s):", c->label,
                         mathdoku_cage_clue(c, clue));
        for (int j = 0; j < c->n && n < (int)sizeof text - 40; j++)
            n += snprintf(text + n, sizeof text - (size_t)n, " %s=%d",
                          mathdoku_cell_name(sv->p->N, c->cells[j], name),
                          d[j]);
        snprintf(text + n, sizeof text - (size_t)n, " (%d of %d)",
                 ev->index + 1, ev->count);
        break;
    }
    case DLX_EV_SOLUTION:
        snprintf(text, sizeof text, "every cage filled: a solution");
        break;
    default:
        item_words(sv, ev->item, what, sizeof what);
        snprintf(text, sizeof text, "backtrack: every way for %s tried",
                 what);
        break;
    }
    t->lim->on_step(t->lim->step_ctx, text, ev->level);
}

int mathdoku_solve_dlx(mathdoku_solver *sv, const mathdoku_limits *lim,
                       int *solution, mathdoku_outcome *out)
{
    memset(out, 0, sizeof *out);
    dlx_search q = dlx_search_defaults();
    q.max_solutions = lim ? lim->max_solutions : 0;
    q.max_nodes = lim ? lim->max_nodes : 0;
    q.max_seconds = lim ? lim->max_seconds : 0;
    tracer t = { sv, lim };
    if (lim && (lim->on_step || lim->on_event)) {
        q.on_trace = trace_step;
        q.trace_ctx = &t;
    }
    dlx_result r;
    if (dlx_solve(sv->m, &q, &r) != DLX_OK)
        return -1;
    out->solutions = dlx_count_u64(r.solutions);
    out->complete = r.outcome != DLX_STOP_NODES && r.outcome != DLX_STOP_TIME;
    out->nodes = r.nodes;
    out->seconds = r.seconds;
    if (solution && r.first_n > 0)
        for (int k = 0; k < r.first_n; k++) {
            int o = r.first[k];
            const mathdoku_cage *c = &sv->p->cages[sv->opt_cage[o]];
            for (int j = 0; j < c->n; j++)
                solution[c->cells[j]] = sv->t.digits[sv->opt_at[o] + j];
        }
    return 0;
}

int mathdoku_count_threads(mathdoku_solver *sv, int threads,
                           const mathdoku_limits *lim, mathdoku_outcome *out)
{
    memset(out, 0, sizeof *out);
    dlx_jobs jobs;
    if (dlx_split(sv->m, NULL, 0, 1, 64 * threads, &jobs) != DLX_OK)
        return -1;
    dlx_parallel par = { 0 };
    par.threads = threads;
    par.max_solutions = lim ? lim->max_solutions : 0;
    par.max_nodes = lim ? lim->max_nodes : 0;
    par.max_seconds = lim ? lim->max_seconds : 0;
    dlx_parallel_result res;
    int status = dlx_count_jobs(sv->m, &jobs, NULL, 0, &par, &res);
    dlx_jobs_free(&jobs);
    if (status != DLX_OK)
        return -1;
    out->solutions = dlx_count_u64(res.solutions);
    out->complete = res.outcome == DLX_COMPLETE ||
                    res.outcome == DLX_STOP_SOLUTIONS;
    out->nodes = res.nodes;
    out->seconds = res.seconds;
    dlx_parallel_result_free(&res);
    return 0;
}

int mathdoku_write_dlx(FILE *f, const mathdoku_solver *sv)
{
    const mathdoku *p = sv->p;
    int N = p->N, NN = N * N;
    char name[16], clue[32];
    fprintf(f, "| mathdoku %dx%d as exact cover, written by 'mathdoku "
            "encode'\n| items: cell A1, row digit r1#5, column digit c1#5, "
            "cage k (one option per tuple of digits)\n", N, N);
    for (int i = 0; i < NN; i++)
        fprintf(f, "%s ", mathdoku_cell_name(N, i, name));
    for (int r = 0; r < N; r++)
        for (int d = 1; d <= N; d++)
            fprintf(f, "r%d#%d ", r + 1, d);
    for (int c = 0; c < N; c++)
        for (int d = 1; d <= N; d++)
            fprintf(f, "c%d#%d ", c + 1, d);
    for (int k = 0; k < p->n_cages; k++)
        fprintf(f, "cage%d%s", k + 1, k + 1 < p->n_cages ? " " : "\n");
    for (long o = 0; o < sv->t.count; o++) {
        const mathdoku_cage *c = &p->cages[sv->opt_cage[o]];
        const int *d = sv->t.digits + sv->opt_at[o];
        for (int j = 0; j < c->n; j++) {
            int cell = c->cells[j];
            fprintf(f, "%s r%d#%d c%d#%d ", mathdoku_cell_name(N, cell, name),
                    cell / N + 1, d[j], cell % N + 1, d[j]);
        }
        fprintf(f, "cage%d\n", sv->opt_cage[o] + 1);
    }
    (void)clue;
    return ferror(f) ? EOF : 0;
}

/* ---- the naive search ---------------------------------------------------------- */

int mathdoku_solve_dfs(const mathdoku *p, const mathdoku_rules *rules,
                       const mathdoku_limits *lim, int *solution,
                       mathdoku_outcome *out)
{
    int N = p->N, NN = N * N;
    memset(out, 0, sizeof *out);
    int *grid = calloc((size_t)NN, sizeof *grid);
    int *order = malloc((size_t)NN * sizeof *order);
    unsigned char *row = calloc((size_t)N * (N + 1), 1);
    unsigned char *col = calloc((size_t)N * (N + 1), 1);
    if (!grid || !order || !row || !col) {
        free(grid);
        free(order);
        free(row);
        free(col);
        return -1;
    }
    /* givens first, then the other cells in row-major order */
    int n = 0, complete = 1, clash = 0;
    for (int i = 0; i < NN; i++) {
        const mathdoku_cage *c = &p->cages[p->cage_of[i]];
        if (c->op == MD_GIVEN) {
            int d = (int)c->target, r = i / N, cc = i % N;
            if (d < 1 || d > N || row[r * (N + 1) + d] ||
                col[cc * (N + 1) + d])
                clash = 1;
            else {
                grid[i] = d;
                row[r * (N + 1) + d] = col[cc * (N + 1) + d] = 1;
            }
        } else {
            order[n++] = i;
        }
    }
    double start = dlx_seconds();
    uint64_t nodes = 0, found = 0;
    uint64_t max_sol = lim ? lim->max_solutions : 0;
    uint64_t max_nodes = lim ? lim->max_nodes : 0;
    double max_seconds = lim ? lim->max_seconds : 0;
    int digits[MATHDOKU_MAX_CAGE];
    int k = clash ? -1 : 0;
    while (k >= 0) {
        if (k == n) {
            if (++found == 1 && solution)
                memcpy(solution, grid, (size_t)NN * sizeof *grid);
            if (lim && lim->on_step)
                lim->on_step(lim->step_ctx, "every cell filled: a solution",
                             k);
            if (max_sol && found >= max_sol)
                break;
            k--;
            continue;
        }
        int i = order[k], r = i / N, c = i % N, d = grid[i];
        if (d)
            row[r * (N + 1) + d] = col[c * (N + 1) + d] = 0;
        const mathdoku_cage *cg = &p->cages[p->cage_of[i]];
        int last = cg->cells[cg->n - 1] == i;
        for (d++; d <= N; d++) {
            if (row[r * (N + 1) + d] || col[c * (N + 1) + d])
                continue;
            if ((max_nodes && nodes >= max_nodes) ||
                (max_seconds > 0 && (nodes & 4095) == 0 &&
                 dlx_seconds() - start >= max_seconds)) {
                complete = 0;
                goto stop;
            }
            nodes++;
            if (!last)
                break;
            /* the cage's last cell: check the cage */
            grid[i] = d;
            for (int j = 0; j < cg->n; j++)
                digits[j] = grid[cg->cells[j]];
            if (mathdoku_cage_holds(cg, digits, rules))
                break;
        }
        if (d > N) {
            grid[i] = 0;
            if (lim && lim->on_step) {
                char text[64], name[16];
                snprintf(text, sizeof text, "backtrack: no digit left for %s",
                         mathdoku_cell_name(N, i, name));
                lim->on_step(lim->step_ctx, text, k);
            }
            k--;
            continue;
        }
        grid[i] = d;
        row[r * (N + 1) + d] = col[c * (N + 1) + d] = 1;
        if (lim && lim->on_step) {
            char text[64], name[16];
            snprintf(text, sizeof text, "%s = %d", mathdoku_cell_name(N, i,
                                                                      name),
                     d);
            lim->on_step(lim->step_ctx, text, k);
        }
        k++;
    }
stop:
    out->solutions = found;
    out->complete = complete;
    out->nodes = nodes;
    out->seconds = dlx_seconds() - start;
    free(grid);
    free(order);
    free(row);
    free(col);
    return 0;
}

/* ---- the checker ------------------------------------------------------------- */

int mathdoku_check(const mathdoku *p, const mathdoku_rules *rules,
                   const int *grid, char *buf, size_t size)
{
    int N = p->N;
    char name[16], clue[32];
    for (int i = 0; i < N * N; i++)
        if (grid[i] < 1 || grid[i] > N) {
            snprintf(buf, size, "%s holds %d, not a digit 1..%d",
                     mathdoku_cell_name(N, i, name), grid[i], N);
            return -1;
        }
    for (int a = 0; a < N; a++)
        for (int b = 0; b < N; b++)
            for (int e = b + 1; e < N; e++) {
                if (grid[a * N + b] == grid[a * N + e]) {
                    snprintf(buf, size, "row %d holds %d twice", a + 1,
                             grid[a * N + b]);
                    return -1;
                }
                if (grid[b * N + a] == grid[e * N + a]) {
                    snprintf(buf, size, "column %c holds %d twice", 'A' + a,
                             grid[b * N + a]);
                    return -1;
                }
            }
    int digits[MATHDOKU_MAX_CAGE];
    for (int k = 0; k < p->n_cages; k++) {
        const mathdoku_cage *c = &p->cages[k];
        for (int j = 0; j < c->n; j++)
            digits[j] = grid[c->cells[j]];
        if (!mathdoku_cage_holds(c, digits, rules)) {
            snprintf(buf, size, "cage %s (%s) is not met", c->label,
                     mathdoku_cage_clue(c, clue));
            return -1;
        }
    }
    return 0;
}
