/*
 * mathdoku_solve.c - cages as exact cover options, solved by the dlx
 * engine; the naive depth-first search; the checker.
 */
#include "mathdoku.h"

#include <stdlib.h>
#include <string.h>

#include "dlx.h"

/* ---- the rule ----------------------------------------------------------------- */

int mathdoku_cage_holds(const mathdoku_cage *c, const int *digits,
                        const mathdoku_rules *rules)
{
    grid_cage g = { (grid_op)c->op, c->target, c->n, c->cells };
    return grid_cage_holds(&g, digits, rules && rules->nary);
}

/* ---- tuples ------------------------------------------------------------------- */

/* The tuples of every cage, flat, and the budget of the walk that finds
 * them: the walk over partial tuples is a search of its own, so it counts
 * its steps against the node budget and watches the clock. */
typedef struct tuples {
    int *digits;         /* all tuples of all cages, flat */
    long n, cap;         /* ints used / allocated */
    long count;          /* tuples */
    long nodes;          /* nodes of the exact cover: 3n + 1 a tuple */
    uint64_t steps;      /* partial tuples visited */
    uint64_t max_steps;  /* the node budget, or MATHDOKU_MAX_VISITS */
    double start, max_seconds;
    int failed;          /* a mathdoku_status, 0 while all is well */
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
    if (t->count >= MATHDOKU_MAX_OPTIONS ||
        t->nodes + 3L * n + 1 > MATHDOKU_MAX_NODES) {
        t->failed = MATHDOKU_ETOOBIG;
        return;
    }
    if (t->n + n > t->cap) {
        long cap = t->cap ? 2 * t->cap : 1024;
        while (cap < t->n + n)
            cap *= 2;
        int *dg = realloc(t->digits, (size_t)cap * sizeof *dg);
        if (!dg) {
            t->failed = MATHDOKU_ENOMEM;
            return;
        }
        t->digits = dg;
        t->cap = cap;
    }
    memcpy(t->digits + t->n, w->d, (size_t)n * sizeof *w->d);
    t->n += n;
    t->count++;
    t->nodes += 3L * n + 1;
}

/* One more step of the walk: 0, or the walk must stop (t->failed). */
static int step(tuples *t)
{
    if (t->steps >= t->max_steps) {
        t->failed = t->max_steps < (uint64_t)MATHDOKU_MAX_VISITS
                        ? MATHDOKU_ECUT : MATHDOKU_ETOOBIG;
        return 1;
    }
    t->steps++;
    if ((t->steps & (DLX_POLL_NODES - 1)) == 0 && t->max_seconds > 0 &&
        grid_seconds() - t->start >= t->max_seconds) {
        t->failed = MATHDOKU_ECUT;
        return 1;
    }
    return 0;
}

/* Digits for cells k.. of the cage; sum and prod of those before. */
static void extend(walk *w, int k, long long sum, long long prod)
{
    const mathdoku_cage *c = w->c;
    int N = w->p->N, n = c->n;
    if (w->t->failed || step(w->t))
        return;
    if (k == n) {
        if (mathdoku_cage_holds(c, w->d, w->rules))
            keep(w);
        return;
    }
    int cell = c->cells[k], r = cell / N, col = cell % N;
    int left = n - k - 1;
    for (int d = 1; d <= N && !w->t->failed; d++) {
        /* no repeat within a row or column of the cage */
        int clash = 0;
        for (int j = 0; j < k && !clash; j++) {
            int o = c->cells[j];
            clash = w->d[j] == d && (o / N == r || o % N == col);
        }
        if (clash)
            continue;
        /* partial sums and products against the target */
        if (c->op == MATHDOKU_ADD &&
            (sum + d + left > c->target ||
             sum + d + (long long)left * N < c->target))
            continue;
        if (c->op == MATHDOKU_MUL && c->target % (prod * d) != 0)
            continue;
        if (c->op == MATHDOKU_GIVEN && d != c->target)
            continue;
        w->d[k] = d;
        extend(w, k + 1, sum + d, c->op == MATHDOKU_MUL ? prod * d : 1);
    }
}

/* ---- the solver ---------------------------------------------------------------- */

struct mathdoku_solver {
    const mathdoku *p;
    mathdoku_rules rules;
    dlx_matrix *m;
    tuples t;
    double seconds;      /* spent building */
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

uint64_t mathdoku_solver_steps(const mathdoku_solver *sv)
{
    return sv->t.steps;
}

double mathdoku_solver_seconds(const mathdoku_solver *sv)
{
    return sv->seconds;
}

void mathdoku_solver_budget_left(const mathdoku_solver *sv, grid_limits *lim)
{
    double build = sv ? mathdoku_solver_seconds(sv) : 0;
    uint64_t steps = sv ? mathdoku_solver_steps(sv) : 0;
    if (lim->max_seconds > 0)
        lim->max_seconds = lim->max_seconds > build ? lim->max_seconds - build
                                                    : 1e-9;
    if (lim->max_nodes)
        lim->max_nodes = lim->max_nodes > steps ? lim->max_nodes - steps : 1;
}

void mathdoku_solver_add_build(const mathdoku_solver *sv, grid_outcome *out)
{
    out->seconds += sv ? mathdoku_solver_seconds(sv) : 0;
    out->nodes += sv ? mathdoku_solver_steps(sv) : 0;
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

/* Why the walk over a cage's tuples stopped, as a message on the cage. */
static int walk_failed(const mathdoku_cage *c, const tuples *t,
                       dlx_diag *err)
{
    char clue[32];
    mathdoku_cage_clue(c, clue);
    switch (t->failed) {
    case MATHDOKU_ETOOBIG:
        if (t->count >= MATHDOKU_MAX_OPTIONS ||
            t->steps < (uint64_t)MATHDOKU_MAX_VISITS)
            text_error(err, c->line, c->col, "the cages have too many digit "
                       "tuples (more than %ld options or %ld nodes, at cage "
                       "%s)", MATHDOKU_MAX_OPTIONS, MATHDOKU_MAX_NODES,
                       c->label);
        else
            text_error(err, c->line, c->col, "cage %s (%s) has too many "
                       "digit tuples to look through (more than %ld steps)",
                       c->label, clue, MATHDOKU_MAX_VISITS);
        break;
    case MATHDOKU_ECUT:
        text_error(err, c->line, c->col, "cut short (%s) while finding the "
                   "digit tuples of cage %s (%s), after %llu steps",
                   t->steps >= t->max_steps ? "node limit" : "time limit",
                   c->label, clue, (unsigned long long)t->steps);
        break;
    default:
        text_error(err, c->line, c->col, "out of memory");
        break;
    }
    return t->failed;
}

int mathdoku_solver_new(const mathdoku *p, const mathdoku_rules *rules,
                        const grid_limits *lim, mathdoku_solver **out,
                        dlx_diag *err)
{
    int N = p->N, NN = N * N;
    *out = NULL;
    mathdoku_solver *sv = calloc(1, sizeof *sv);
    long *first = malloc((size_t)(p->n_cages + 1) * sizeof *first);
    if (!sv || !first) {
        free(sv);
        free(first);
        text_error(err, 0, 0, "out of memory");
        return MATHDOKU_ENOMEM;
    }
    sv->p = p;
    if (rules)
        sv->rules = *rules;
    sv->t.start = grid_seconds();
    sv->t.max_steps = (uint64_t)MATHDOKU_MAX_VISITS;
    if (lim && lim->max_nodes && lim->max_nodes < sv->t.max_steps)
        sv->t.max_steps = lim->max_nodes;
    sv->t.max_seconds = lim ? lim->max_seconds : 0;
    int status = MATHDOKU_OK;
    for (int k = 0; k < p->n_cages && status == MATHDOKU_OK; k++) {
        const mathdoku_cage *c = &p->cages[k];
        walk w = { p, c, &sv->rules, { 0 }, &sv->t };
        first[k] = sv->t.count;
        extend(&w, 0, 0, 1);
        if (sv->t.failed) {
            status = walk_failed(c, &sv->t, err);
        } else if (sv->t.count == first[k]) {
            char clue[32];
            status = text_error(err, c->line, c->col, "cage %s (%s): no "
                                "digits reach the target", c->label,
                                mathdoku_cage_clue(c, clue));
        }
    }
    long n_opt = sv->t.count;
    first[p->n_cages] = n_opt;
    if (status == MATHDOKU_OK) {
        sv->m = dlx_new(3 * NN + p->n_cages, 0);
        sv->opt_cage = malloc((size_t)n_opt * sizeof *sv->opt_cage);
        sv->opt_at = malloc((size_t)n_opt * sizeof *sv->opt_at);
        if (!sv->m || !sv->opt_cage || !sv->opt_at) {
            text_error(err, 0, 0, "out of memory");
            status = MATHDOKU_ENOMEM;
        }
    }
    if (status == MATHDOKU_OK) {
        /* each tuple of a cage of n cells is an option of 3n + 1 items */
        long n_nodes = 0;
        for (int k = 0; k < p->n_cages; k++)
            n_nodes += (first[k + 1] - first[k]) * (3L * p->cages[k].n + 1);
        dlx_reserve(sv->m, (int)n_opt, n_nodes);
    }
    int items[3 * MATHDOKU_MAX_CAGE + 1];
    long at = 0, o = 0;
    for (int k = 0; k < p->n_cages && status == MATHDOKU_OK; k++) {
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
                text_error(err, c->line, c->col, "out of memory");
                status = MATHDOKU_ENOMEM;
                break;
            }
            sv->opt_cage[o] = k;
            sv->opt_at[o] = at;
            at += c->n;
            /* building a large matrix takes time too: the same budget */
            if ((o & 4095) == 4095 && sv->t.max_seconds > 0 &&
                grid_seconds() - sv->t.start >= sv->t.max_seconds) {
                text_error(err, c->line, c->col, "cut short (time limit) "
                           "while building the exact cover, after %ld of "
                           "%ld options", o + 1, n_opt);
                status = MATHDOKU_ECUT;
                break;
            }
        }
    }
    free(first);
    sv->seconds = grid_seconds() - sv->t.start;
    if (status != MATHDOKU_OK) {
        mathdoku_solver_free(sv);
        return status;
    }
    *out = sv;
    return MATHDOKU_OK;
}

/* ---- Dancing Links ---------------------------------------------------------- */

typedef struct tracer {
    const mathdoku_solver *sv;
    const grid_limits *lim;
} tracer;

const char *mathdoku_item_name(const mathdoku_solver *sv, int item,
                               char *buf, size_t size)
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
    return buf;
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
        mathdoku_item_name(sv, ev->item, what, sizeof what);
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
        mathdoku_item_name(sv, ev->item, what, sizeof what);
        snprintf(text, sizeof text, "backtrack: every way for %s tried",
                 what);
        break;
    }
    t->lim->on_step(t->lim->step_ctx, text, ev->level);
}

int mathdoku_solve_dlx(mathdoku_solver *sv, const grid_limits *lim,
                       int *solution, grid_outcome *out)
{
    memset(out, 0, sizeof *out);
    dlx_search q = dlx_search_defaults();
    grid_search_from_limits(lim, &q);
    tracer t = { sv, lim };
    if (lim && (lim->on_step || lim->on_event)) {
        q.on_trace = trace_step;
        q.trace_ctx = &t;
    }
    dlx_result r;
    if (dlx_solve(sv->m, &q, &r) != DLX_OK)
        return MATHDOKU_ENOMEM;
    grid_outcome_from_dlx(&r, out);
    if (solution && r.first_n > 0)
        for (int k = 0; k < r.first_n; k++) {
            int o = r.first[k];
            const mathdoku_cage *c = &sv->p->cages[sv->opt_cage[o]];
            for (int j = 0; j < c->n; j++)
                solution[c->cells[j]] = sv->t.digits[sv->opt_at[o] + j];
        }
    return MATHDOKU_OK;
}

int mathdoku_count_threads(mathdoku_solver *sv, int threads,
                           const grid_limits *lim, grid_outcome *out)
{
    return grid_count_parallel(sv->m, NULL, 0, threads, lim, out) == DLX_OK
               ? MATHDOKU_OK : MATHDOKU_ENOMEM;
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
                       const grid_limits *lim, int *solution,
                       grid_outcome *out)
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
        return MATHDOKU_ENOMEM;
    }
    /* givens first, then the other cells in row-major order */
    int n = 0, clash = 0;
    grid_cut cut = GRID_NOT_CUT;
    for (int i = 0; i < NN; i++) {
        const mathdoku_cage *c = &p->cages[p->cage_of[i]];
        if (c->op == MATHDOKU_GIVEN) {
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
    double start = grid_seconds();
    uint64_t nodes = 0, found = 0;
    uint64_t max_sol = lim ? lim->max_solutions : 0;
    int digits[MATHDOKU_MAX_CAGE];
    char name[16];
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
            if ((cut = grid_poll(lim, nodes, start)) != GRID_NOT_CUT)
                goto stop;
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
            if (grid_saying(lim))
                grid_say(lim, k, "backtrack: no digit left for %s",
                         mathdoku_cell_name(N, i, name));
            k--;
            continue;
        }
        grid[i] = d;
        row[r * (N + 1) + d] = col[c * (N + 1) + d] = 1;
        if (grid_saying(lim))
            grid_say(lim, k, "%s = %d", mathdoku_cell_name(N, i, name), d);
        k++;
    }
stop:
    grid_dfs_outcome(out, found, nodes, cut, start);
    free(grid);
    free(order);
    free(row);
    free(col);
    return MATHDOKU_OK;
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
            return MATHDOKU_EBAD;
        }
    for (int a = 0; a < N; a++)
        for (int b = 0; b < N; b++)
            for (int e = b + 1; e < N; e++) {
                if (grid[a * N + b] == grid[a * N + e]) {
                    snprintf(buf, size, "row %d holds %d twice", a + 1,
                             grid[a * N + b]);
                    return MATHDOKU_EBAD;
                }
                if (grid[b * N + a] == grid[e * N + a]) {
                    snprintf(buf, size, "column %c holds %d twice", 'A' + a,
                             grid[b * N + a]);
                    return MATHDOKU_EBAD;
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
            return MATHDOKU_EBAD;
        }
    }
    return MATHDOKU_OK;
}
