/*
 * sudoku_solve.c - exact cover encoding, Dancing Links and naive DFS
 * solvers, and the independent checker.
 */
#include "sudoku_solve.h"

#include <stdlib.h>
#include <string.h>


struct sudoku_solver {
    sudoku_shape shape;
    dlx_matrix *m;
    int *forced;   /* N*N: the givens of the puzzle being solved */
};

static int box_of(const sudoku_shape *sh, int r, int c)
{
    return (r / sh->R) * sh->R + c / sh->C;
}

int sudoku_option(const sudoku_shape *shape, int cell, int digit)
{
    return cell * shape->N + digit - 1;
}

void sudoku_option_cell(const sudoku_shape *shape, int option, int *cell,
                        int *digit)
{
    *cell = option / shape->N;
    *digit = option % shape->N + 1;
}

sudoku_solver *sudoku_solver_new(sudoku_shape shape)
{
    int N = shape.N, NN = N * N;
    if (N < 1 || N > SUDOKU_MAX_ORDER)
        return NULL;
    sudoku_solver *sv = calloc(1, sizeof *sv);
    if (!sv)
        return NULL;
    sv->shape = shape;
    sv->m = dlx_new(4 * NN, 0);
    sv->forced = malloc((size_t)NN * sizeof *sv->forced);
    if (!sv->m || !sv->forced ||
        dlx_reserve(sv->m, NN * N, 4L * NN * N) != DLX_OK) {
        sudoku_solver_free(sv);
        return NULL;
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            for (int d = 1; d <= N; d++) {
                int items[4] = { r * N + c, NN + r * N + d - 1,
                                 2 * NN + c * N + d - 1,
                                 3 * NN + box_of(&shape, r, c) * N + d - 1 };
                if (dlx_add_option(sv->m, 4, items, NULL) < 0) {
                    sudoku_solver_free(sv);
                    return NULL;
                }
            }
    return sv;
}

void sudoku_solver_free(sudoku_solver *sv)
{
    if (!sv)
        return;
    dlx_free(sv->m);
    free(sv->forced);
    free(sv);
}

const dlx_matrix *sudoku_solver_matrix(const sudoku_solver *sv)
{
    return sv->m;
}

int sudoku_solver_push(sudoku_solver *sv, int cell, int digit)
{
    return dlx_push(sv->m, sudoku_option(&sv->shape, cell, digit)) == DLX_OK
               ? SUDOKU_OK : SUDOKU_ECLASH;
}

void sudoku_solver_pop(sudoku_solver *sv, int n)
{
    dlx_pop(sv->m, n);
}

sudoku_shape sudoku_solver_shape(const sudoku_solver *sv)
{
    return sv->shape;
}

/* ---- the search seen in sudoku words ------------------------------------- */

typedef struct tracer {
    const sudoku_shape *shape;
    const grid_limits *lim;
} tracer;

const char *sudoku_item_name(const sudoku_shape *sh, int item, char *buf,
                             size_t size)
{
    int N = sh->N, NN = N * N, kind = item / NN, k = item % NN;
    static const char *const unit[] = { "", "row", "column", "box" };
    if (kind == 0)
        sudoku_cell_name(sh, k, buf);
    else
        snprintf(buf, size, "digit %d of %s %d", k % N + 1, unit[kind],
                 k / N + 1);
    return buf;
}

static void trace_step(void *ctx, const dlx_event *ev)
{
    const tracer *t = ctx;
    char text[160], what[64], cell[24];
    if (t->lim->on_event)
        t->lim->on_event(t->lim->event_ctx, ev);
    if (!t->lim->on_step)
        return;
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        sudoku_item_name(t->shape, ev->item, what, sizeof what);
        snprintf(text, sizeof text, "%s has %d %s%s%s", what, ev->count,
                 ev->item < t->shape->N * t->shape->N ? "candidate"
                                                      : "place",
                 ev->count == 1 ? "" : "s", ev->count ? "" : ": dead end");
        break;
    case DLX_EV_TRY: {
        int c, d;
        sudoku_option_cell(t->shape, ev->option, &c, &d);
        snprintf(text, sizeof text, "try %s = %d (%d of %d)",
                 sudoku_cell_name(t->shape, c, cell), d, ev->index + 1,
                 ev->count);
        break;
    }
    case DLX_EV_SOLUTION:
        snprintf(text, sizeof text, "every cell filled: a solution");
        break;
    default:
        sudoku_item_name(t->shape, ev->item, what, sizeof what);
        snprintf(text, sizeof text, "backtrack: every choice for %s tried",
                 what);
        break;
    }
    t->lim->on_step(t->lim->step_ctx, text, ev->level);
}

/* The givens of s as forced options, into sv->forced; their number. */
static int givens_as_options(sudoku_solver *sv, const sudoku *s)
{
    const sudoku_shape *sh = &sv->shape;
    int N = sh->N, n = 0;
    for (int i = 0; i < N * N; i++)
        if (s->cell[i])
            sv->forced[n++] = sudoku_option(sh, i, s->cell[i]);
    return n;
}

int sudoku_solve_dlx(sudoku_solver *sv, const sudoku *s,
                     const grid_limits *lim, sudoku *solution,
                     grid_outcome *out)
{
    const sudoku_shape *sh = &sv->shape;
    int N = sh->N;
    memset(out, 0, sizeof *out);
    dlx_search q = dlx_search_defaults();
    q.forced = sv->forced;
    q.n_forced = givens_as_options(sv, s);
    grid_search_from_limits(lim, &q);
    tracer t = { sh, lim };
    if (lim && (lim->on_step || lim->on_event)) {
        q.on_trace = trace_step;
        q.trace_ctx = &t;
    }
    dlx_result r;
    int status = dlx_solve(sv->m, &q, &r);
    out->seconds = r.seconds;
    if (status == DLX_ECONFLICT)
        return SUDOKU_ECLASH;
    if (status != DLX_OK)
        return SUDOKU_ENOMEM;
    grid_outcome_from_dlx(&r, out);
    if (solution && r.first_n == N * N &&
        sudoku_set_shape(solution, *sh) == SUDOKU_OK)
        for (int k = 0; k < r.first_n; k++) {
            int c, d;
            sudoku_option_cell(sh, r.first[k], &c, &d);
            solution->cell[c] = (unsigned char)d;
        }
    return SUDOKU_OK;
}

int sudoku_count_threads(sudoku_solver *sv, const sudoku *s, int threads,
                         const grid_limits *lim, grid_outcome *out)
{
    int status = grid_count_parallel(sv->m, sv->forced,
                                     givens_as_options(sv, s), threads, lim,
                                     out);
    return status == DLX_OK ? SUDOKU_OK
         : status == DLX_ECONFLICT ? SUDOKU_ECLASH : SUDOKU_ENOMEM;
}

/* ---- naive depth-first search -------------------------------------------- */

int sudoku_solve_dfs(const sudoku *s, const grid_limits *lim,
                     sudoku *solution, grid_outcome *out)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N, NN = N * N;
    memset(out, 0, sizeof *out);
    dlx_diag err;
    if (sudoku_check_givens(s, &err) != SUDOKU_OK)
        return SUDOKU_ECLASH;
    /* has[unit * (N+1) + digit]: rows, then columns, then boxes */
    unsigned char *has = calloc((size_t)(3 * N) * (size_t)(N + 1), 1);
    unsigned char *grid = malloc((size_t)NN);
    int *empty = malloc((size_t)NN * sizeof *empty);
    if (!has || !grid || !empty) {
        free(has);
        free(grid);
        free(empty);
        return SUDOKU_ENOMEM;
    }
    int n_empty = 0;
    memcpy(grid, s->cell, (size_t)NN);
    for (int i = 0; i < NN; i++) {
        int r = i / N, c = i % N, b = box_of(sh, r, c), d = grid[i];
        if (!d) {
            empty[n_empty++] = i;
            continue;
        }
        has[r * (N + 1) + d] = has[(N + c) * (N + 1) + d] =
            has[(2 * N + b) * (N + 1) + d] = 1;
    }
    double start = grid_seconds();
    uint64_t nodes = 0, found = 0;
    uint64_t max_sol = lim ? lim->max_solutions : 0;
    grid_cut cut = GRID_NOT_CUT;
    int k = 0;
    char text[96], name[24];
    /* k: position in empty[]; grid[cell] holds the digit being tried */
    while (k >= 0) {
        if (k == n_empty) {
            if (++found == 1 && solution &&
                sudoku_set_shape(solution, *sh) == 0)
                memcpy(solution->cell, grid, (size_t)NN);
            if (lim && lim->on_step)
                lim->on_step(lim->step_ctx, "every cell filled: a solution",
                             k);
            if (max_sol && found >= max_sol)
                break;
            k--;
            continue;
        }
        int i = empty[k], r = i / N, c = i % N, b = box_of(sh, r, c);
        int d = grid[i];
        if (d) {
            /* take back the digit tried here, then try the next */
            has[r * (N + 1) + d] = has[(N + c) * (N + 1) + d] =
                has[(2 * N + b) * (N + 1) + d] = 0;
        }
        for (d++; d <= N; d++)
            if (!has[r * (N + 1) + d] && !has[(N + c) * (N + 1) + d] &&
                !has[(2 * N + b) * (N + 1) + d])
                break;
        if (d > N) {
            grid[i] = 0;
            if (lim && lim->on_step) {
                snprintf(text, sizeof text, "backtrack: no digit left for %s",
                         sudoku_cell_name(sh, i, name));
                lim->on_step(lim->step_ctx, text, k);
            }
            k--;
            continue;
        }
        if ((cut = grid_poll(lim, nodes, start)) != GRID_NOT_CUT)
            break;
        nodes++;
        grid[i] = (unsigned char)d;
        has[r * (N + 1) + d] = has[(N + c) * (N + 1) + d] =
            has[(2 * N + b) * (N + 1) + d] = 1;
        if (lim && lim->on_step) {
            snprintf(text, sizeof text, "%s = %d",
                     sudoku_cell_name(sh, i, name), d);
            lim->on_step(lim->step_ctx, text, k);
        }
        k++;
    }
    out->solutions = found;
    out->cut = cut;
    out->complete = cut == GRID_NOT_CUT;
    out->nodes = nodes;
    out->seconds = grid_seconds() - start;
    free(has);
    free(grid);
    free(empty);
    return SUDOKU_OK;
}

/* ---- the checker --------------------------------------------------------- */

int sudoku_check_solution(const sudoku *puzzle, const sudoku *grid,
                          char *buf, size_t bufsize)
{
    const sudoku_shape *sh = &grid->shape;
    int N = sh->N;
    if (puzzle && (puzzle->shape.N != N || puzzle->shape.R != sh->R)) {
        snprintf(buf, bufsize, "the grid is %dx%d, the puzzle %dx%d", N, N,
                 puzzle->shape.N, puzzle->shape.N);
        return SUDOKU_EBAD;
    }
    char name[24];
    for (int i = 0; i < N * N; i++) {
        if (grid->cell[i] < 1 || grid->cell[i] > N) {
            snprintf(buf, bufsize, "%s is empty",
                     sudoku_cell_name(sh, i, name));
            return SUDOKU_EBAD;
        }
        if (puzzle && puzzle->cell[i] && puzzle->cell[i] != grid->cell[i]) {
            snprintf(buf, bufsize, "%s is %d, but the given is %d",
                     sudoku_cell_name(sh, i, name), grid->cell[i],
                     puzzle->cell[i]);
            return SUDOKU_EBAD;
        }
    }
    /* each unit: count the digits it holds */
    static const char *const unit[] = { "row", "column", "box" };
    for (int kind = 0; kind < 3; kind++)
        for (int u = 0; u < N; u++) {
            int seen[SUDOKU_MAX_ORDER + 1] = { 0 };
            for (int k = 0; k < N; k++) {
                int v = grid->cell[sudoku_unit_cell(sh, kind, u, k)];
                if (seen[v]++) {
                    snprintf(buf, bufsize, "%s %d holds %d twice", unit[kind],
                             u + 1, v);
                    return SUDOKU_EBAD;
                }
            }
        }
    return SUDOKU_OK;
}

/* ---- Knuth's format ------------------------------------------------------ */

int sudoku_write_dlx(FILE *f, const sudoku *s)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N;
    fprintf(f, "| sudoku %dx%d (boxes %dx%d) as exact cover, written by "
            "'sudoku encode'\n| items: cell rRcC, row rR#D, column cC#D, "
            "box bB#D\n", N, N, sh->R, sh->C);
    for (int i = 0; i < N * N; i++)
        fprintf(f, "%sr%dc%d", i ? " " : "", i / N + 1, i % N + 1);
    static const char prefix[] = { 'r', 'c', 'b' };
    for (int kind = 0; kind < 3; kind++)
        for (int u = 1; u <= N; u++)
            for (int d = 1; d <= N; d++)
                fprintf(f, " %c%d#%d", prefix[kind], u, d);
    fputc('\n', f);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int i = r * N + c, b = box_of(sh, r, c) + 1, g = s->cell[i];
            for (int d = 1; d <= N; d++) {
                if (g && d != g)
                    continue;
                /* a digit a given already holds in this row, column or box
                 * cannot go here: leave its option out */
                int clash = 0;
                for (int j = 0; j < N * N && !g && !clash; j++)
                    clash = s->cell[j] == d &&
                            (j / N == r || j % N == c ||
                             box_of(sh, j / N, j % N) + 1 == b);
                if (clash)
                    continue;
                fprintf(f, "r%dc%d r%d#%d c%d#%d b%d#%d\n", r + 1, c + 1,
                        r + 1, d, c + 1, d, b, d);
            }
        }
    return ferror(f) ? EOF : 0;
}
