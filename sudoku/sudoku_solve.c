/*
 * sudoku_solve.c - exact cover encoding, Dancing Links and naive DFS
 * solvers, and the independent checker.
 */
#include "sudoku_solve.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grid_cage.h"
#include "grid_cover.h"
#include "sudoku_closure.h"
#include "sudoku_singles.h"

/*
 * The solver of a plain sudoku holds only the matrix of its shape.  The
 * solver of a variant is made for one puzzle: it holds a copy of the
 * puzzle's units and cages, and its matrix has, after the items of the
 * plain encoding:
 *
 *   item                          index
 *   main diagonal has digit d     4 N^2 + d-1          (X only)
 *   anti-diagonal has digit d     4 N^2 + N + d-1      (X only)
 *   cage k is filled              cage_item + k        (killer only)
 *
 * The options of a cell in no cage are (cell, digit) as in plain sudoku;
 * a caged cell has none of its own: its cage has one option per tuple of
 * distinct digits with the cage's sum (grid_cage.h's walk over tuples),
 * which covers the cage's item and, for each of its cells, the items the cell
 * option of that digit would cover (the cell, its row, column, box or
 * region, diagonals).  So "digit 5 of row 3" counts only the tuples that
 * can put a 5 there, and the search sees the sums as it sees the units.
 * A given in a cage keeps only the tuples that hold it; the other givens
 * are forced cell options.  Without cages, the options are those of plain
 * sudoku, numbered the same.
 *
 * A caged cell has no item of its own in the matrix: every tuple of its
 * cage would cover it, so its list would be the cage item's, and the
 * search would branch on it as on the cage (with 4 of a tuple's 17 nodes
 * spent on it: 25-30% of a killer's search time, and more nodes, since
 * the cell item, leftmost, won ties the cage item would not).  So the
 * matrix numbers items as above with the caged cells' items taken out:
 * item_cell[] maps its first n_cell_items items to their cells, and an
 * item past them is the item above `skipped` places further on (names
 * and labels map back through full_item()).
 */
struct sudoku_solver {
    sudoku_shape shape;
    dlx_matrix *m;
    int *forced;   /* N*N: the givens of the puzzle being solved */
    sudoku model;  /* a variant's units, cages and givens; plain: none */
    int *cell_opt; /* variant: N^3, the option of (cell, digit), or -1 */
    int *opt_cd;   /* variant: cell*N + digit-1 of each cell option */
    int n_cell_options;
    int cage_item; /* the first cage item, in the numbering above */
    int n_cell_items; /* cells with an item of their own (not caged) */
    int skipped;      /* N*N - n_cell_items */
    int *item_cell;   /* the cell of each cell item; NULL: item i is i */
    int *cell_item;   /* N*N: the item of each cell, -1 when caged */
    int n_tuples, tuple_cap;
    int *tuple_cage;   /* per tuple option */
    int *tuple_digits; /* the digits of tuple t at tuple_at[t] */
    int *tuple_at;
    int digits_n, digits_cap;
    /* plain (sudoku_solver_new): the singles before the search, the grid
     * they fill, and the options pushed (no singles while any are) */
    sudoku_singles *singles;
    unsigned char *filled;
    int pushed;
    /* the generator's closure tables (sudoku_solver_closure), made once */
    sudoku_closure *closure;
    /* dlx_memo_pays of the empty grid: 0 not asked yet, 1 yes, 2 no */
    int memo_pays;
};

static int box_of(const sudoku_shape *sh, int r, int c)
{
    return grid_box_of(sh->R, sh->C, r, c);
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

/* A solver of `shape` without options yet: the matrix's 4 N^2 items and
 * room for its N^3 options; with `maps`, the maps between options and
 * (cell, digit) too.  NULL when out of memory or N is out of range. */
static sudoku_solver *solver_alloc(sudoku_shape shape, int maps)
{
    int N = shape.N, NN = N * N;
    if (N < 1 || N > SUDOKU_MAX_ORDER)
        return NULL;
    sudoku_solver *sv = calloc(1, sizeof *sv);
    if (!sv)
        return NULL;
    sv->shape = shape;
    sudoku_init(&sv->model);
    /* the plain solver's cover is the grid's own, built in grid/; the
     * hinted one adds the same options in its own order */
    sv->m = maps ? dlx_new(4 * NN, 0) : grid_box_matrix(shape.R, shape.C);
    sv->forced = malloc((size_t)NN * sizeof *sv->forced);
    if (maps) {
        sv->cell_opt = malloc((size_t)NN * N * sizeof *sv->cell_opt);
        sv->opt_cd = malloc((size_t)NN * N * sizeof *sv->opt_cd);
    }
    if (!sv->m || !sv->forced ||
        (maps && (!sv->cell_opt || !sv->opt_cd)) ||
        sudoku_set_shape(&sv->model, shape) != SUDOKU_OK ||
        (maps && dlx_reserve(sv->m, NN * N, 4L * NN * N) != DLX_OK)) {
        sudoku_solver_free(sv);
        return NULL;
    }
    return sv;
}

sudoku_solver *sudoku_solver_new(sudoku_shape shape)
{
    sudoku_solver *sv = solver_alloc(shape, 0);
    int N = shape.N;
    /* without them (an order past 64, no memory) the search does it all */
    if (sv && (sv->singles = sudoku_singles_new(&shape)) &&
        !(sv->filled = malloc((size_t)N * N))) {
        sudoku_singles_free(sv->singles);
        sv->singles = NULL;
    }
    return sv;
}

/* The item of the numbering above (the full one) that matrix item `item`
 * stands for. */
static int full_item(const sudoku_solver *sv, int item)
{
    if (!sv->item_cell)
        return item;
    return item < sv->n_cell_items ? sv->item_cell[item]
                                   : item + sv->skipped;
}

/* ---- the hint order ------------------------------------------------------
 *
 * Dancing Links tries an item's options in the order they were added.  The
 * hinted solver adds first the options of one full grid, the pattern
 *
 *   hint(r, c) = (r mod R * C + r div R + c) mod N + 1     (boxes R x C)
 *
 * then every other option, so that each item's list starts with the option
 * the hint gives it.  On an empty grid the search then never backs up:
 * while every choice so far is the hint's, the hint's option of every item
 * is still live (what is chosen is part of one solution), so no item is
 * empty, an item with one option has the hint's, and the first option of
 * the item chosen is the hint's.  Branching (fewest options, leftmost) is
 * unchanged; only the order of the options, and so which solution comes
 * first and the node count of a search cut short, differ.  Options are
 * numbered in the order added, so the solver maps them through cell_opt
 * and opt_cd as a variant's does.
 */
int sudoku_hint_digit(const sudoku_shape *sh, int r, int c)
{
    return (r % sh->R * sh->C + r / sh->R + c) % sh->N + 1;
}

sudoku_solver *sudoku_solver_hinted(sudoku_shape shape)
{
    sudoku_solver *sv = solver_alloc(shape, 1);
    if (!sv)
        return NULL;
    int N = shape.N;
    /* pass 0: the hint's option of each cell; pass 1: the others */
    for (int pass = 0; pass < 2; pass++)
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++) {
                int h = sudoku_hint_digit(&shape, r, c);
                for (int d = pass ? 1 : h; d <= (pass ? N : h); d++) {
                    if (pass && d == h)
                        continue;
                    int i = r * N + c, items[4];
                    grid_box_items(shape.R, shape.C, r, c, d, items);
                    int o = dlx_add_option(sv->m, 4, items, NULL);
                    if (o < 0) {
                        sudoku_solver_free(sv);
                        return NULL;
                    }
                    sv->cell_opt[i * N + d - 1] = o;
                    sv->opt_cd[o] = i * N + d - 1;
                }
            }
    sv->n_cell_options = N * N * N;
    return sv;
}

/* The items of (cell, digit) in a variant's matrix; their count.  A
 * caged cell's own item is left out (see above). */
static int cell_items(const sudoku_solver *sv, int i, int d, int *items)
{
    const sudoku *p = &sv->model;
    int N = sv->shape.N, NN = N * N, r = i / N, c = i % N, n = 0;
    int k = sv->skipped;
    if (!sv->item_cell)
        items[n++] = i;
    else if (sv->cell_item[i] >= 0)
        items[n++] = sv->cell_item[i];
    items[n++] = NN + r * N + d - 1 - k;
    items[n++] = 2 * NN + c * N + d - 1 - k;
    items[n++] = 3 * NN + sudoku_region_of(p, i) * N + d - 1 - k;
    if (p->diagonals && r == c)
        items[n++] = 4 * NN + d - 1 - k;
    if (p->diagonals && r + c == N - 1)
        items[n++] = 4 * NN + N + d - 1 - k;
    return n;
}

/* The walk over a cage's tuples (grid_cage.h) adds each as an option;
 * the walk polls the budget's clock every DLX_POLL_NODES of its nodes (a
 * large cage has millions of tuples: 16! orderings for 16 cells), and
 * stops at SUDOKU_MAX_TUPLES over all cages (the most the readers take),
 * so that memory stays bounded whatever the cages. */
typedef struct tuple_walk {
    sudoku_solver *sv;
    int k, n;
    const int *cells;
    int failed;             /* SUDOKU_ENOMEM */
} tuple_walk;

static int add_tuple(void *ctx, const int *digits)
{
    tuple_walk *w = ctx;
    sudoku_solver *sv = w->sv;
    if (sv->n_tuples >= SUDOKU_MAX_TUPLES)
        return w->failed = SUDOKU_ELIMIT;
    int items[1 + 6 * SUDOKU_MAX_CAGE_ORDER], n = 1;
    items[0] = sv->cage_item - sv->skipped + w->k;
    for (int j = 0; j < w->n; j++)
        n += cell_items(sv, w->cells[j], digits[j], items + n);
    if (sv->digits_n + w->n > sv->digits_cap) {
        int cap = sv->digits_cap ? 2 * sv->digits_cap : 4096;
        while (cap < sv->digits_n + w->n)
            cap *= 2;
        int *d = realloc(sv->tuple_digits, (size_t)cap * sizeof *d);
        if (!d)
            return w->failed = SUDOKU_ENOMEM;
        sv->tuple_digits = d;
        sv->digits_cap = cap;
    }
    int t = sv->n_tuples;
    if (t == sv->tuple_cap) { /* doubled: one realloc a tuple was quadratic */
        if (t > INT_MAX / 2)
            return w->failed = SUDOKU_ENOMEM;
        int cap = t ? 2 * t : 1024;
        int *tc = realloc(sv->tuple_cage, (size_t)cap * sizeof *tc);
        if (tc)
            sv->tuple_cage = tc;
        int *ta = tc ? realloc(sv->tuple_at, (size_t)cap * sizeof *ta) : NULL;
        if (!ta)
            return w->failed = SUDOKU_ENOMEM;
        sv->tuple_at = ta;
        sv->tuple_cap = cap;
    }
    if (dlx_add_option(sv->m, n, items, NULL) < 0)
        return w->failed = SUDOKU_ENOMEM;
    sv->tuple_cage[t] = w->k;
    sv->tuple_at[t] = sv->digits_n;
    memcpy(sv->tuple_digits + sv->digits_n, digits,
           (size_t)w->n * sizeof *digits);
    sv->digits_n += w->n;
    sv->n_tuples++;
    return 0;
}

/* A cage's walk may take this many nodes per node of the search's
 * budget (lim->max_nodes). */
enum { WALK_PER_NODE = 64 };

/* The cage options of a killer, a given keeping only the tuples that hold
 * it, within lim's time and nodes (lim may be NULL; each cage's walk may
 * take the nodes the search may): 0, SUDOKU_ECUT, SUDOKU_ELIMIT (more
 * than SUDOKU_MAX_TUPLES tuples) or SUDOKU_ENOMEM. */
static int add_cages(sudoku_solver *sv, const grid_limits *lim)
{
    double start = grid_seconds();
    const sudoku *p = &sv->model;
    int N = p->shape.N, NN = N * N;
    int cells[SUDOKU_MAX_CAGE_ORDER];
    uint64_t cand[SUDOKU_MAX_CAGE_ORDER];
    for (int k = 0; k < p->n_cages; k++) {
        int n = 0;
        for (int i = 0; i < NN; i++)
            if (p->cage[i] == k && n < N) {
                cand[n] = p->cell[i] ? 1ULL << (p->cell[i] - 1)
                                     : (1ULL << N) - 1;
                cells[n++] = i;
            }
        /* the walk's clock starts at its call: it has what is left */
        grid_limits poll = { 0 };
        if (lim) {
            /* walk nodes are no search nodes (a search node of a killer
             * costs a hundred walk nodes or more), but a cage whose walk
             * alone takes WALK_PER_NODE times the nodes the search may
             * is past the budget (16x16 with cages of 8 ran 31 s under
             * --max-nodes 1000) */
            poll = *lim;
            poll.max_nodes = lim->max_nodes > UINT64_MAX / WALK_PER_NODE
                             ? 0 : lim->max_nodes * WALK_PER_NODE;
            if (lim->max_seconds > 0) {
                poll.max_seconds -= grid_seconds() - start;
                if (poll.max_seconds <= 0)
                    return SUDOKU_ECUT;
            }
        }
        grid_cage cage = { GRID_ADD, p->cage_sum[k], n, cells };
        tuple_walk w = { sv, k, n, cells, 0 };
        int got = grid_cage_tuples_within(N, &cage, 0, 1, cand, 0,
                                          lim ? &poll : NULL, add_tuple, &w);
        if (w.failed)
            return w.failed;
        if (got < 0)
            return SUDOKU_ECUT;
    }
    return 0;
}

sudoku_solver *sudoku_solver_for(const sudoku *p)
{
    int status;
    return sudoku_solver_within(p, NULL, &status);
}

/* The options of the cells not caged, numbered in the order added: in
 * reading order, or with a hint its options first. 1, or 0 when out of
 * memory. */
static int add_cell_options(sudoku_solver *sv, const sudoku *p,
                            const unsigned char *hint)
{
    int N = p->shape.N, NN = N * N;
    for (int pass = 0; pass < (hint ? 2 : 1); pass++)
        for (int i = 0; i < NN; i++)
            for (int d = 1; d <= N; d++) {
                if (hint && (pass == 0) != (hint[i] == d))
                    continue;
                int items[6], n = cell_items(sv, i, d, items), o = -1;
                if (!p->n_cages || p->cage[i] < 0) {
                    if ((o = dlx_add_option(sv->m, n, items, NULL)) < 0)
                        return 0;
                    sv->opt_cd[sv->n_cell_options++] = i * N + d - 1;
                }
                sv->cell_opt[i * N + d - 1] = o;
            }
    return 1;
}

/* A variant's solver (sudoku_solver_within); with a hint (a full grid of
 * p's rules, no cages), the cell options in the hint's order as the
 * hinted solver's (above): the hint's option of each cell first. */
static sudoku_solver *variant_solver(const sudoku *p, const grid_limits *lim,
                                     const unsigned char *hint, int *status)
{
    *status = SUDOKU_ENOMEM;
    if (!sudoku_is_variant(p))
        return sudoku_solver_new(p->shape);
    const sudoku_shape *sh = &p->shape;
    int N = sh->N, NN = N * N;
    if (N < 1 || N > SUDOKU_MAX_ORDER ||
        (p->n_cages && N > SUDOKU_MAX_CAGE_ORDER))
        return NULL;
    sudoku_solver *sv = calloc(1, sizeof *sv);
    if (!sv)
        return NULL;
    sv->shape = *sh;
    sudoku_init(&sv->model);
    sv->cage_item = 4 * NN + (p->diagonals ? 2 * N : 0);
    sv->n_cell_items = NN;
    if (p->n_cages) {
        sv->item_cell = malloc((size_t)NN * sizeof *sv->item_cell);
        sv->cell_item = malloc((size_t)NN * sizeof *sv->cell_item);
        if (!sv->item_cell || !sv->cell_item) {
            sudoku_solver_free(sv);
            return NULL;
        }
        sv->n_cell_items = 0;
        for (int i = 0; i < NN; i++) {
            sv->cell_item[i] = p->cage[i] < 0 ? sv->n_cell_items : -1;
            if (p->cage[i] < 0)
                sv->item_cell[sv->n_cell_items++] = i;
        }
        sv->skipped = NN - sv->n_cell_items;
    }
    sv->m = dlx_new(sv->cage_item - sv->skipped + p->n_cages, 0);
    sv->forced = malloc((size_t)NN * sizeof *sv->forced);
    sv->cell_opt = malloc((size_t)NN * N * sizeof *sv->cell_opt);
    sv->opt_cd = malloc((size_t)NN * N * sizeof *sv->opt_cd);
    int ok = sv->m && sv->forced && sv->cell_opt && sv->opt_cd &&
             sudoku_copy(&sv->model, p) == SUDOKU_OK &&
             dlx_reserve(sv->m, NN * N, 5L * NN * N) == DLX_OK;
    if (ok)
        ok = add_cell_options(sv, p, hint);
    if (ok && p->n_cages) {
        int st = add_cages(sv, lim);
        ok = st == 0;
        if (!ok)
            *status = st;
    }
    if (!ok) {
        sudoku_solver_free(sv);
        return NULL;
    }
    return sv;
}

sudoku_solver *sudoku_solver_within(const sudoku *p, const grid_limits *lim,
                                    int *status)
{
    return variant_solver(p, lim, NULL, status);
}

sudoku_solver *sudoku_solver_hinted_for(const sudoku *p, int *status)
{
    int NN = p->shape.N * p->shape.N;
    unsigned char *hint = malloc((size_t)NN);
    *status = SUDOKU_ENOMEM;
    if (!hint)
        return NULL;
    sudoku_solver *sv = NULL;
    if (sudoku_hint_grid(p, hint, status))
        sv = sudoku_is_variant(p) ? variant_solver(p, NULL, hint, status)
                                  : sudoku_solver_hinted(p->shape);
    else if (*status == SUDOKU_OK)
        sv = variant_solver(p, NULL, NULL, status);
    free(hint);
    if (!sv && *status == SUDOKU_OK)
        *status = SUDOKU_ENOMEM;
    return sv;
}

void sudoku_solver_free(sudoku_solver *sv)
{
    if (!sv)
        return;
    dlx_free(sv->m);
    free(sv->forced);
    sudoku_release(&sv->model);
    free(sv->cell_opt);
    free(sv->opt_cd);
    free(sv->item_cell);
    free(sv->cell_item);
    free(sv->tuple_cage);
    free(sv->tuple_digits);
    free(sv->tuple_at);
    sudoku_singles_free(sv->singles);
    free(sv->filled);
    sudoku_closure_free(sv->closure);
    free(sv);
}

sudoku_closure *sudoku_solver_closure(sudoku_solver *sv)
{
    if (!sv->closure && sv->singles)
        sv->closure = sudoku_closure_new(&sv->shape);
    return sv->closure;
}

const dlx_matrix *sudoku_solver_matrix(const sudoku_solver *sv)
{
    return sv->m;
}

int sudoku_solver_push(sudoku_solver *sv, int cell, int digit)
{
    int o = sudoku_solver_cell_option(sv, cell, digit);
    if (o < 0 || dlx_push(sv->m, o) != DLX_OK)
        return SUDOKU_ECLASH;
    sv->pushed++;
    return SUDOKU_OK;
}

void sudoku_solver_pop(sudoku_solver *sv, int n)
{
    dlx_pop(sv->m, n);
    sv->pushed = n > sv->pushed ? 0 : sv->pushed - n;
}

sudoku_shape sudoku_solver_shape(const sudoku_solver *sv)
{
    return sv->shape;
}

/* ---- the search seen in sudoku words ------------------------------------- */

typedef struct tracer {
    const sudoku_shape *shape;
    const grid_limits *lim;
    const sudoku_solver *sv;
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

const char *sudoku_item_label(const sudoku_shape *sh, int item, char *buf,
                              size_t size)
{
    int N = sh->N, NN = N * N, kind = item / NN, k = item % NN;
    static const char unit[] = { 'r', 'r', 'c', 'b' };
    if (kind == 0)
        snprintf(buf, size, "r%dc%d", k / N + 1, k % N + 1);
    else
        snprintf(buf, size, "%c%d#%d", unit[kind], k / N + 1, k % N + 1);
    return buf;
}

/* The first cell of cage k, for its name. */
static int cage_first_cell(const sudoku *p, int k)
{
    int NN = p->shape.N * p->shape.N, i = 0;
    while (i < NN - 1 && p->cage[i] != k)
        i++;
    return i;
}

const char *sudoku_solver_item_name(const sudoku_solver *sv, int item,
                                    char *buf, size_t size)
{
    const sudoku *p = &sv->model;
    int N = sv->shape.N, NN = N * N;
    char name[32];
    item = full_item(sv, item);
    if (item < 3 * NN || (item < 4 * NN && !p->jigsaw))
        return sudoku_item_name(&sv->shape, item, buf, size);
    if (item < 4 * NN)
        snprintf(buf, size, "digit %d of region %d", item % N + 1,
                 (item - 3 * NN) / N + 1);
    else if (item < sv->cage_item)
        snprintf(buf, size, "digit %d of the %s", (item - 4 * NN) % N + 1,
                 item - 4 * NN < N ? "main diagonal" : "anti-diagonal");
    else {
        int k = item - sv->cage_item;
        snprintf(buf, size, "cage at %s (sum %d)",
                 sudoku_cell_name(&sv->shape, cage_first_cell(p, k), name),
                 p->cage_sum[k]);
    }
    return buf;
}

/* "try cage at r1c1 = 1 3 5 (2 of 4)" */
static void tuple_text(const sudoku_solver *sv, const dlx_event *ev,
                       char *text, size_t size)
{
    int t = ev->option - sv->n_cell_options;
    int k = sv->tuple_cage[t], n = 0, NN = sv->shape.N * sv->shape.N;
    char cell[24];
    for (int i = 0; i < NN; i++)
        n += sv->model.cage[i] == k;
    size_t at = (size_t)snprintf(text, size, "try cage at %s =",
                                 sudoku_cell_name(&sv->shape,
                                                  cage_first_cell(&sv->model,
                                                                  k), cell));
    for (int j = 0; j < n && at < size; j++)
        at += (size_t)snprintf(text + at, size - at, " %d",
                               sv->tuple_digits[sv->tuple_at[t] + j]);
    if (at < size)
        snprintf(text + at, size - at, " (%d of %d)", ev->index + 1,
                 ev->count);
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
        sudoku_solver_item_name(t->sv, ev->item, what, sizeof what);
        snprintf(text, sizeof text, "%s has %d %s%s%s", what, ev->count,
                 full_item(t->sv, ev->item) < t->shape->N * t->shape->N
                     ? "candidate" : "place",
                 ev->count == 1 ? "" : "s", ev->count ? "" : ": dead end");
        break;
    case DLX_EV_TRY: {
        int c, d;
        if (t->sv->opt_cd && ev->option >= t->sv->n_cell_options) {
            tuple_text(t->sv, ev, text, sizeof text);
            break;
        }
        sudoku_option_cell(t->shape, t->sv->opt_cd ? t->sv->opt_cd[ev->option]
                                                   : ev->option, &c, &d);
        snprintf(text, sizeof text, "try %s = %d (%d of %d)",
                 sudoku_cell_name(t->shape, c, cell), d, ev->index + 1,
                 ev->count);
        break;
    }
    case DLX_EV_SOLUTION:
        snprintf(text, sizeof text, "every cell filled: a solution");
        break;
    default:
        sudoku_solver_item_name(t->sv, ev->item, what, sizeof what);
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
    for (int i = 0; i < N * N; i++) {
        if (!s->cell[i])
            continue;
        if (!sv->cell_opt)
            sv->forced[n++] = sudoku_option(sh, i, s->cell[i]);
        else if (sv->cell_opt[i * N + s->cell[i] - 1] >= 0)
            sv->forced[n++] = sv->cell_opt[i * N + s->cell[i] - 1];
        /* else: a caged given, which its cage's tuples hold */
    }
    return n;
}

/* The givens of s and the singles they lead to (sudoku_singles.h) as
 * forced options, into sv->forced, when the engine's search would start
 * with the chain of those singles and nothing watches it: their number
 * with *n_forced set, or -1 when the engine is to take the givens alone
 * (a variant's or hinted solver, pushed options, a trace, a random order,
 * a node budget the chain would use up, or givens without a closure,
 * whose clash or dead end the engine finds and reports as before). */
static int singles_as_options(sudoku_solver *sv, const sudoku *s,
                              const grid_limits *lim, int *n_forced)
{
    if (!sv->singles || sv->pushed ||
        (lim && (lim->on_step || lim->on_event || lim->randomize)))
        return -1;
    int k = sudoku_singles_fill(sv->singles, s->cell, sv->filled);
    if (k < 0 || (lim && lim->max_nodes && (uint64_t)k >= lim->max_nodes))
        return -1;
    int N = sv->shape.N, n = 0;
    for (int i = 0; i < N * N; i++)
        if (sv->filled[i])
            sv->forced[n++] = i * N + sv->filled[i] - 1;
    *n_forced = n;
    return k;
}

int sudoku_solver_option_cells(const sudoku_solver *sv, int option,
                               int *cells, int *digits)
{
    const sudoku_shape *sh = &sv->shape;
    int N = sh->N;
    if (sv->opt_cd && option >= sv->n_cell_options) {
        int tu = option - sv->n_cell_options, n = 0;
        for (int i = 0; i < N * N; i++)
            if (sv->model.cage[i] == sv->tuple_cage[tu]) {
                cells[n] = i;
                digits[n] = sv->tuple_digits[sv->tuple_at[tu] + n];
                n++;
            }
        return n;
    }
    sudoku_option_cell(sh, sv->opt_cd ? sv->opt_cd[option] : option, cells,
                       digits);
    return 1;
}

int sudoku_solver_cell_option(const sudoku_solver *sv, int cell, int digit)
{
    return sv->cell_opt ? sv->cell_opt[cell * sv->shape.N + digit - 1]
                        : sudoku_option(&sv->shape, cell, digit);
}

/* The cells the options of a solution fill (a cage's tuple fills its
 * cells, in their order). */
static void options_to_cells(const sudoku_solver *sv, const int *opts, int n,
                             unsigned char *cell)
{
    int cells[SUDOKU_MAX_ORDER], digits[SUDOKU_MAX_ORDER];
    for (int k = 0; k < n; k++) {
        int m = sudoku_solver_option_cells(sv, opts[k], cells, digits);
        for (int j = 0; j < m; j++)
            cell[cells[j]] = (unsigned char)digits[j];
    }
}

/* Watches the solutions for the first that differs from `known`. */
typedef struct other_watch {
    const sudoku_solver *sv;
    const unsigned char *known;
    unsigned char *cell; /* N*N */
    int found;
} other_watch;

static int watch_other(void *ctx, const int *opts, int n)
{
    other_watch *w = ctx;
    int NN = w->sv->shape.N * w->sv->shape.N;
    if (w->found)
        return 0;
    options_to_cells(w->sv, opts, n, w->cell);
    w->found = memcmp(w->cell, w->known, (size_t)NN) != 0;
    return 0;
}

/* The outcome of a search whose singles filled the grid: the engine's
 * chain of k singles (k nodes) and the leaf of its one solution, without
 * the engine; solution, known, other and found as solve_dlx. */
static int singles_solved(sudoku_solver *sv, int k, sudoku *solution,
                          const unsigned char *known, unsigned char *other,
                          int *found, grid_outcome *out)
{
    int NN = sv->shape.N * sv->shape.N;
    out->solutions = 1;
    out->complete = 1;
    out->cut = GRID_NOT_CUT;
    out->nodes = (uint64_t)k + 1;
    if (known && memcmp(sv->filled, known, (size_t)NN) != 0) {
        memcpy(other, sv->filled, (size_t)NN);
        *found = 1;
    } else if (found) {
        *found = 0;
    }
    if (solution) {
        if (sudoku_set_shape(solution, sv->shape) != SUDOKU_OK)
            return SUDOKU_ENOMEM;
        memcpy(solution->cell, sv->filled, (size_t)NN);
        if (sudoku_copy_variant(solution, &sv->model) != SUDOKU_OK)
            return SUDOKU_ENOMEM;
    }
    return SUDOKU_OK;
}

/* The engine's search q on the solver's matrix, its outcome in *out: a
 * clash of the forced options is SUDOKU_ECLASH, any other failure
 * SUDOKU_ENOMEM. */
static int run_engine(sudoku_solver *sv, const dlx_search *q, dlx_result *r,
                      grid_outcome *out)
{
    int status = dlx_solve(sv->m, q, r);
    out->seconds = r->seconds;
    if (status == DLX_ECONFLICT)
        return SUDOKU_ECLASH;
    if (status != DLX_OK)
        return SUDOKU_ENOMEM;
    grid_outcome_from_dlx(r, out);
    return SUDOKU_OK;
}

static int solve_dlx(sudoku_solver *sv, const sudoku *s,
                     const grid_limits *lim, sudoku *solution,
                     const unsigned char *known, unsigned char *other,
                     int *found, grid_outcome *out)
{
    const sudoku_shape *sh = &sv->shape;
    memset(out, 0, sizeof *out);
    dlx_search q = dlx_search_defaults();
    q.forced = sv->forced;
    grid_search_from_limits(lim, &q);
    q.prune = q.prune && sv->singles; /* the plain solver */
    int singles = singles_as_options(sv, s, lim, &q.n_forced);
    if (singles < 0)
        q.n_forced = givens_as_options(sv, s);
    else if (q.max_nodes)
        q.max_nodes -= (uint64_t)singles;
    tracer t = { sh, lim, sv };
    if (lim && (lim->on_step || lim->on_event)) {
        q.on_trace = trace_step;
        q.trace_ctx = &t;
    }
    other_watch w = { sv, known, other, 0 };
    if (other) {
        q.on_solution = watch_other;
        q.solution_ctx = &w;
    }
    int NN = sh->N * sh->N;
    if (singles >= 0 && q.n_forced == NN)
        return singles_solved(sv, singles, solution, known, other, found,
                              out);
    dlx_result r;
    int status = run_engine(sv, &q, &r, out);
    if (status != SUDOKU_OK)
        return status;
    if (singles > 0)
        out->nodes += (uint64_t)singles; /* the chain's nodes */
    if (found)
        *found = w.found;
    if (solution && r.first_n > 0 &&
        sudoku_set_shape(solution, *sh) == SUDOKU_OK) {
        options_to_cells(sv, r.first, r.first_n, solution->cell);
        if (sudoku_copy_variant(solution, &sv->model) != SUDOKU_OK)
            return SUDOKU_ENOMEM;
    }
    return SUDOKU_OK;
}

int sudoku_solve_dlx(sudoku_solver *sv, const sudoku *s,
                     const grid_limits *lim, sudoku *solution,
                     grid_outcome *out)
{
    return solve_dlx(sv, s, lim, solution, NULL, NULL, NULL, out);
}

int sudoku_solve_other(sudoku_solver *sv, const sudoku *s,
                       const grid_limits *lim, const unsigned char *known,
                       unsigned char *other, int *found, grid_outcome *out)
{
    *found = 0;
    return solve_dlx(sv, s, lim, NULL, known, other, found, out);
}

int sudoku_solve_closed(sudoku_solver *sv, const sudoku *s,
                        const grid_limits *lim, grid_outcome *out)
{
    memset(out, 0, sizeof *out);
    dlx_search q = dlx_search_defaults();
    q.forced = sv->forced;
    grid_search_from_limits(lim, &q);
    q.n_forced = givens_as_options(sv, s);
    dlx_result r;
    return run_engine(sv, &q, &r, out);
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

int sudoku_count_memo(sudoku_solver *sv, const sudoku *s,
                      const grid_limits *lim, grid_outcome *out, int *used)
{
    const sudoku_shape *sh = &sv->shape;
    int N = sh->N, givens = 0;
    *used = 0;
    memset(out, 0, sizeof *out);
    /* the plain rules on the full numbering only, and nothing that needs
     * a solution spelled out or a search in dlx_solve's order */
    if (N > SUDOKU_MEMO_MAX_N || sudoku_is_variant(s) ||
        sudoku_is_variant(&sv->model) || sv->pushed || sv->item_cell ||
        (lim && (lim->max_solutions || lim->on_step || lim->on_event ||
                 lim->randomize)))
        return SUDOKU_OK;
    for (int i = 0; i < N * N; i++)
        givens += s->cell[i] != 0;
    if (givens > N)
        return SUDOKU_OK;
    /* asked once per solver: the trial searches up to half a second */
    if (!sv->memo_pays)
        sv->memo_pays = dlx_memo_pays(sv->m) ? 1 : 2;
    if (sv->memo_pays != 1)
        return SUDOKU_OK;
    dlx_search q = dlx_search_defaults();
    grid_search_from_limits(lim, &q);
    q.forced = sv->forced;
    q.n_forced = givens_as_options(sv, s);
    dlx_result r;
    int status = dlx_count_memo(sv->m, &q, 0, &r, NULL);
    if (status == DLX_ECONFLICT)
        return SUDOKU_ECLASH;
    if (status != DLX_OK)
        return SUDOKU_ENOMEM;
    grid_outcome_from_dlx(&r, out);
    *used = 1;
    return SUDOKU_OK;
}

/* ---- naive depth-first search -------------------------------------------- */

/*
 * The naive search on a variant: the same walk (cells in row-major order,
 * digits 1..N in order), with every unit of the cell (row, column, box or
 * region, diagonals) and its cage as "digit used" sets; a cage's sum is
 * checked as it fills: its digits so far must not pass the sum, and must
 * meet it when its last cell is filled.
 */
typedef struct dfs_cell {
    int unit[6];   /* row, column, box or region, both diagonals (the
                      centre of an odd X), cage: n of them, into has[] */
    int n;
    int cage;      /* -1: none */
} dfs_cell;

static int variant_dfs(const sudoku *s, const grid_limits *lim,
                       sudoku *solution, grid_outcome *out)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N, NN = N * N, n_units = sudoku_unit_count(s);
    /* has[set * (N+1) + digit]: the units, then the cages */
    int n_sets = n_units + s->n_cages;
    unsigned char *has = calloc((size_t)n_sets * (size_t)(N + 1), 1);
    unsigned char *grid = malloc((size_t)NN);
    int *empty = malloc((size_t)NN * sizeof *empty);
    int *units = malloc((size_t)n_units * N * sizeof *units);
    dfs_cell *cell = malloc((size_t)NN * sizeof *cell);
    /* per cage: the sum of its digits so far, and its empty cells */
    int *sum = calloc((size_t)s->n_cages + 1, sizeof *sum);
    int *left = calloc((size_t)s->n_cages + 1, sizeof *left);
    if (!has || !grid || !empty || !units || !cell || !sum || !left ||
        sudoku_units(s, units) < 0) {
        free(has);
        free(grid);
        free(empty);
        free(units);
        free(cell);
        free(sum);
        free(left);
        return SUDOKU_ENOMEM;
    }
    for (int i = 0; i < NN; i++) {
        cell[i].n = 0;
        cell[i].cage = s->n_cages ? s->cage[i] : -1;
    }
    for (int u = 0; u < n_units; u++)
        for (int k = 0; k < N; k++) {
            dfs_cell *c = &cell[units[u * N + k]];
            c->unit[c->n++] = u;
        }
    for (int i = 0; i < NN; i++)
        if (cell[i].cage >= 0)
            cell[i].unit[cell[i].n++] = n_units + cell[i].cage;
    int n_empty = 0;
    memcpy(grid, s->cell, (size_t)NN);
    for (int i = 0; i < NN; i++) {
        int d = grid[i];
        if (!d) {
            empty[n_empty++] = i;
            if (cell[i].cage >= 0)
                left[cell[i].cage]++;
            continue;
        }
        for (int j = 0; j < cell[i].n; j++)
            has[cell[i].unit[j] * (N + 1) + d] = 1;
        if (cell[i].cage >= 0)
            sum[cell[i].cage] += d;
    }
    double start = grid_seconds();
    uint64_t nodes = 0, found = 0;
    uint64_t max_sol = lim ? lim->max_solutions : 0;
    grid_cut cut = GRID_NOT_CUT;
    int k = 0;
    char name[24];
    while (k >= 0) {
        if (k == n_empty) {
            if (++found == 1 && solution && sudoku_copy(solution, s) == 0)
                memcpy(solution->cell, grid, (size_t)NN);
            if (lim && lim->on_step)
                lim->on_step(lim->step_ctx, "every cell filled: a solution",
                             k);
            if (max_sol && found >= max_sol)
                break;
            k--;
            continue;
        }
        int i = empty[k], d = grid[i], g = cell[i].cage;
        if (d) {
            for (int j = 0; j < cell[i].n; j++)
                has[cell[i].unit[j] * (N + 1) + d] = 0;
            if (g >= 0) {
                sum[g] -= d;
                left[g]++;
            }
        }
        for (d++; d <= N; d++) {
            int free_here = 1;
            for (int j = 0; j < cell[i].n && free_here; j++)
                free_here = !has[cell[i].unit[j] * (N + 1) + d];
            if (free_here && g >= 0)
                free_here = left[g] == 1 ? sum[g] + d == s->cage_sum[g]
                                         : sum[g] + d < s->cage_sum[g];
            if (free_here)
                break;
        }
        if (d > N) {
            grid[i] = 0;
            if (grid_saying(lim))
                grid_say(lim, k, "backtrack: no digit left for %s",
                         sudoku_cell_name(sh, i, name));
            k--;
            continue;
        }
        if ((cut = grid_poll(lim, nodes, start)) != GRID_NOT_CUT)
            break;
        nodes++;
        grid[i] = (unsigned char)d;
        for (int j = 0; j < cell[i].n; j++)
            has[cell[i].unit[j] * (N + 1) + d] = 1;
        if (g >= 0) {
            sum[g] += d;
            left[g]--;
        }
        if (grid_saying(lim))
            grid_say(lim, k, "%s = %d", sudoku_cell_name(sh, i, name), d);
        k++;
    }
    grid_dfs_outcome(out, found, nodes, cut, start);
    free(has);
    free(grid);
    free(empty);
    free(units);
    free(cell);
    free(sum);
    free(left);
    return SUDOKU_OK;
}

int sudoku_solve_dfs(const sudoku *s, const grid_limits *lim,
                     sudoku *solution, grid_outcome *out)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N, NN = N * N;
    memset(out, 0, sizeof *out);
    dlx_diag err;
    if (sudoku_check_givens(s, &err) != SUDOKU_OK)
        return SUDOKU_ECLASH;
    if (sudoku_is_variant(s))
        return variant_dfs(s, lim, solution, out);
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
    char name[24];
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
            if (grid_saying(lim))
                grid_say(lim, k, "backtrack: no digit left for %s",
                         sudoku_cell_name(sh, i, name));
            k--;
            continue;
        }
        if ((cut = grid_poll(lim, nodes, start)) != GRID_NOT_CUT)
            break;
        nodes++;
        grid[i] = (unsigned char)d;
        has[r * (N + 1) + d] = has[(N + c) * (N + 1) + d] =
            has[(2 * N + b) * (N + 1) + d] = 1;
        if (grid_saying(lim))
            grid_say(lim, k, "%s = %d", sudoku_cell_name(sh, i, name), d);
        k++;
    }
    grid_dfs_outcome(out, found, nodes, cut, start);
    free(has);
    free(grid);
    free(empty);
    return SUDOKU_OK;
}

/* ---- the checker --------------------------------------------------------- */

/* The units and cages of a variant's model on a full grid. */
static int check_variant(const sudoku *model, const sudoku *grid, char *buf,
                         size_t bufsize)
{
    int N = grid->shape.N, NN = N * N, n_units = sudoku_unit_count(model);
    int *units = malloc((size_t)n_units * N * sizeof *units);
    if (!units || sudoku_units(model, units) < 0) {
        free(units);
        snprintf(buf, bufsize, "out of memory");
        return SUDOKU_ENOMEM;
    }
    char name[32];
    int st = SUDOKU_OK;
    for (int u = 0; u < n_units && st == SUDOKU_OK; u++) {
        int seen[SUDOKU_MAX_ORDER + 1] = { 0 };
        for (int k = 0; k < N; k++) {
            int v = grid->cell[units[u * N + k]];
            if (seen[v]++) {
                snprintf(buf, bufsize, "%s holds %d twice",
                         sudoku_unit_name(model, u, name), v);
                st = SUDOKU_EBAD;
                break;
            }
        }
    }
    free(units);
    for (int k = 0; k < model->n_cages && st == SUDOKU_OK; k++) {
        int seen[SUDOKU_MAX_ORDER + 1] = { 0 }, sum = 0, first = -1;
        for (int i = 0; i < NN; i++) {
            if (model->cage[i] != k)
                continue;
            if (first < 0)
                first = i;
            int v = grid->cell[i];
            sum += v;
            if (seen[v]++) {
                snprintf(buf, bufsize, "the cage at %s holds %d twice",
                         sudoku_cell_name(&grid->shape, first, name), v);
                st = SUDOKU_EBAD;
                break;
            }
        }
        if (st == SUDOKU_OK && sum != model->cage_sum[k]) {
            snprintf(buf, bufsize, "the cage at %s adds up to %d, not %d",
                     sudoku_cell_name(&grid->shape, first, name), sum,
                     model->cage_sum[k]);
            st = SUDOKU_EBAD;
        }
    }
    return st;
}

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
    const sudoku *model = puzzle && sudoku_is_variant(puzzle) ? puzzle
                                                               : grid;
    if (sudoku_is_variant(model))
        return check_variant(model, grid, buf, bufsize);
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

/* An item of a variant's matrix in Knuth's format: r3c4, r3#7, c4#7,
 * b2#7 or g2#7 (region), d1#7 and d2#7 (main and anti-diagonal), k5 (the
 * fifth cage). */
static void variant_label(const sudoku_solver *sv, int item, char *buf,
                          size_t size)
{
    const sudoku *p = &sv->model;
    int N = sv->shape.N, NN = N * N;
    item = full_item(sv, item);
    if (item < 3 * NN || (item < 4 * NN && !p->jigsaw))
        sudoku_item_label(&sv->shape, item, buf, size);
    else if (item < 4 * NN)
        snprintf(buf, size, "g%d#%d", (item - 3 * NN) / N + 1, item % N + 1);
    else if (item < sv->cage_item)
        snprintf(buf, size, "d%d#%d", (item - 4 * NN) / N + 1,
                 (item - 4 * NN) % N + 1);
    else
        snprintf(buf, size, "k%d", item - sv->cage_item + 1);
}

/* A variant's exact cover: the solver's matrix, with the options of a
 * given's cell other than its digit left out (a caged given's tuples
 * hold it already). */
static int write_variant_dlx(FILE *f, const sudoku *s)
{
    enum { MAX_ITEMS = 1 + 6 * SUDOKU_MAX_CAGE_ORDER };
    sudoku_solver *sv = sudoku_solver_for(s);
    int *items = NULL;
    if (sv)
        items = malloc(MAX_ITEMS * sizeof *items);
    if (!sv || !items) {
        sudoku_solver_free(sv);
        free(items);
        return EOF;
    }
    const dlx_matrix *m = sv->m;
    int N = s->shape.N;
    char label[32], kind[40];
    fprintf(f, "| %s sudoku %dx%d as exact cover, written by 'sudoku "
            "encode'\n| items: cell rRcC, row rR#D, column cC#D, %s; cage kK "
            "(an option per tuple of digits with the cage's sum)\n",
            sudoku_variant_name(s, kind, sizeof kind), N, N,
            s->jigsaw ? "region gG#D" : "box bB#D");
    if (s->diagonals)
        fprintf(f, "| diagonals: d1#D (r1c1 down), d2#D (r1c%d down)\n", N);
    for (int item = 0; item < dlx_num_items(m); item++) {
        variant_label(sv, item, label, sizeof label);
        fprintf(f, "%s%s", item ? " " : "", label);
    }
    fputc('\n', f);
    for (int o = 0; o < dlx_num_options(m); o++) {
        if (o < sv->n_cell_options) {
            int cd = sv->opt_cd[o], given = s->cell[cd / N];
            if (given && given != cd % N + 1)
                continue;
        }
        int n = dlx_option_items(m, o, items, NULL, MAX_ITEMS);
        for (int k = 0; k < n; k++) {
            variant_label(sv, items[k], label, sizeof label);
            fprintf(f, "%s%s", k ? " " : "", label);
        }
        fputc('\n', f);
    }
    sudoku_solver_free(sv);
    free(items);
    return ferror(f) ? EOF : 0;
}

int sudoku_write_dlx(FILE *f, const sudoku *s)
{
    if (sudoku_is_variant(s))
        return write_variant_dlx(f, s);
    return grid_write_box_cover(f, s->shape.R, s->shape.C, s->cell);
}
