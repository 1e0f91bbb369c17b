/*
 * sudoku_gen.c - grids filled three ways, and cells cleared while the
 * puzzle keeps one solution.
 *
 * The uniqueness test after clearing a group of cells does not count to 2
 * from scratch.  The puzzle before the clearing had one solution G; a
 * second solution of the cleared puzzle must differ from G in a cleared
 * cell (otherwise it would solve the puzzle before).  So for each cleared
 * cell j and each digit d != G[j] still allowed there by the givens, the
 * engine looks for one solution with j = d; none at all means unique.
 * Most digits are ruled out by the givens without a search, and each
 * search stops at its first solution.  Before the engine, the closure of
 * the puzzle under naked and hidden singles (orders up to 64) settles
 * most checks: it places the cleared cells again (unique), or, with j = d,
 * dies (no such solution) or fills the grid (a second one).
 */
#include "sudoku_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "grid_bits.h"
#include "grid_cover.h"
#include "sudoku_closure.h"

/* ---- randomness (grid.h: splitmix64) ----------------------------------- */

/* a[] = 0, 1, .., n-1 in random order */
static void random_perm(grid_rng *g, int *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] = i;
    grid_shuffle(g, a, n);
}

/* ---- names --------------------------------------------------------------- */

#define SUDOKU_GEN_NAME(name, text) text,
const char *const sudoku_fill_names[] = {
    SUDOKU_FILL_LIST(SUDOKU_GEN_NAME) NULL
};
const char *const sudoku_symmetry_names[] = {
    SUDOKU_SYMMETRY_LIST(SUDOKU_GEN_NAME) NULL
};
#undef SUDOKU_GEN_NAME

const char *sudoku_fill_name(sudoku_fill f)
{
    return f < SUDOKU_FILL_COUNT ? sudoku_fill_names[f] : "?";
}

const char *sudoku_symmetry_name(sudoku_symmetry s)
{
    return s < SUDOKU_SYMMETRY_COUNT ? sudoku_symmetry_names[s] : "?";
}

int sudoku_symmetric_cells(const sudoku_shape *shape, sudoku_symmetry sym,
                           int i, int *cells)
{
    int N = shape->N, r = i / N, c = i % N, n = 0;
    int cand[4];
    cand[n++] = i;
    switch (sym) {
    case SUDOKU_SYMMETRY_ROT180:
        cand[n++] = (N - 1 - r) * N + (N - 1 - c);
        break;
    case SUDOKU_SYMMETRY_ROT90:
        cand[n++] = c * N + (N - 1 - r);
        cand[n++] = (N - 1 - r) * N + (N - 1 - c);
        cand[n++] = (N - 1 - c) * N + r;
        break;
    case SUDOKU_SYMMETRY_MIRROR:
        cand[n++] = r * N + (N - 1 - c);
        break;
    case SUDOKU_SYMMETRY_DIAGONAL:
        cand[n++] = c * N + r;
        break;
    default:
        break;
    }
    /* the centre and the axes map cells to themselves: keep each once */
    int m = 0;
    for (int k = 0; k < n; k++) {
        int seen = 0;
        for (int j = 0; j < m; j++)
            seen |= cells[j] == cand[k];
        if (!seen)
            cells[m++] = cand[k];
    }
    return m;
}

/* ---- budget -------------------------------------------------------------- */

typedef struct budget {
    const sudoku_gen_options *opt;
    double start;
    sudoku_gen_report *rep;
} budget;

/* Limits for the next search: what is left of the puzzle's budget, or -1
 * when nothing is left. */
static int limits_left(const budget *b, grid_limits *lim)
{
    memset(lim, 0, sizeof *lim);
    const sudoku_gen_options *opt = b->opt;
    if (opt->on_poll && opt->on_poll(opt->poll_ctx, b->rep->nodes))
        return -1;
    lim->on_poll = opt->on_poll;
    lim->poll_ctx = opt->poll_ctx;
    if (b->opt->max_nodes) {
        if (b->rep->nodes >= b->opt->max_nodes)
            return -1;
        lim->max_nodes = b->opt->max_nodes - b->rep->nodes;
    }
    if (b->opt->max_seconds > 0) {
        double left = b->opt->max_seconds - (grid_seconds() - b->start);
        if (left <= 0)
            return -1;
        lim->max_seconds = left;
    }
    return 0;
}

/* ---- filling ------------------------------------------------------------- */

static int box_of(const sudoku_shape *sh, int r, int c)
{
    return grid_box_of(sh->R, sh->C, r, c);
}

static void fill_pattern(grid_rng *g, sudoku *grid);

/* From this order on, the engine's random search from the diagonal boxes
 * wanders for minutes (bench/RESULTS.md), and fill_dlx walks away from the
 * shuffled pattern instead. */
#define SUDOKU_FILL_FROM_PATTERN 49
#define SUDOKU_FILL_ROUNDS 60      /* rounds of the walk */
#define SUDOKU_FILL_CLEARED 38     /* percent of the cells the first round
                                      clears */

/* One search of the engine in random order (its seed drawn from g) for a
 * grid that completes `from`, within `nodes` nodes and what is left of
 * the puzzle's budget: 1 when one is found (in *to), 0 when not (counted
 * as a restart), -1 when the budget is spent. */
static int random_completion(sudoku_solver *sv, grid_rng *g, budget *b,
                             uint64_t nodes, const sudoku *from, sudoku *to)
{
    grid_limits lim;
    if (limits_left(b, &lim) != 0)
        return -1;
    if (!lim.max_nodes || lim.max_nodes > nodes)
        lim.max_nodes = nodes;
    lim.max_solutions = 1;
    lim.randomize = 1;
    lim.seed = grid_rng_next(g);
    grid_outcome out;
    int st = sudoku_solve_dlx(sv, from, &lim, to, &out);
    b->rep->nodes += out.nodes;
    if (st == 0 && out.solutions == 1)
        return 1;
    b->rep->restarts++;
    return 0;
}

/* The shuffled pattern, then rounds of a random walk: some of the cells
 * cleared at random and filled again by the engine in random order,
 * within 2 N^2 nodes.  The cells left hold a round to a grid (the last
 * one is one); a round that finds another moves the grid, one that runs
 * out of nodes leaves it.  Clearing too few, a round mostly finds the
 * grid it started from; too many, it wanders: the share starts at 38%,
 * goes down 2 points (to 10% at least) after a round that ran out and up
 * 1 (to 60% at most) after one that did not.  60 rounds change more than
 * a third of a 49x49 pattern's cells (test_sudoku_gen). */
static int fill_dlx_from_pattern(sudoku_solver *sv, grid_rng *g, budget *b,
                                 sudoku *grid)
{
    int NN = grid->shape.N * grid->shape.N;
    fill_pattern(g, grid);
    sudoku left = *grid, found = *grid;
    left.cell = malloc((size_t)NN);
    found.cell = malloc((size_t)NN);
    int status = left.cell && found.cell ? 0 : SUDOKU_ENOMEM;
    for (int round = 0, cleared = SUDOKU_FILL_CLEARED;
         status == 0 && round < SUDOKU_FILL_ROUNDS; round++) {
        for (int i = 0; i < NN; i++)
            left.cell[i] =
                grid_rng_below(g, 100) < cleared ? 0 : grid->cell[i];
        int got = random_completion(sv, g, b, 2ULL * (uint64_t)NN, &left,
                                    &found);
        if (got > 0)
            memcpy(grid->cell, found.cell, (size_t)NN);
        if (got < 0)
            status = SUDOKU_ECUT;
        else if (got > 0)
            cleared += cleared < 60;
        else
            cleared -= cleared > 10 ? 2 : 0;
    }
    free(left.cell);
    free(found.cell);
    return status;
}

/* The engine, randomized, from random boxes on the diagonal (they share
 * no row or column, so any digits in them are consistent); from order
 * SUDOKU_FILL_FROM_PATTERN on, from the pattern (above). */
static int fill_dlx(sudoku_solver *sv, grid_rng *g, budget *b, sudoku *grid)
{
    const sudoku_shape *sh = &grid->shape;
    int N = sh->N, perm[SUDOKU_MAX_ORDER];
    if (N >= SUDOKU_FILL_FROM_PATTERN)
        return fill_dlx_from_pattern(sv, g, b, grid);
    int diag = N / sh->R < N / sh->C ? N / sh->R : N / sh->C;
    /* a search that wanders off is abandoned and started over from new
     * diagonal boxes: cheaper than following it */
    uint64_t per_try = 20ULL * (uint64_t)N * (uint64_t)N * (uint64_t)N;
    sudoku boxes = *grid;
    boxes.cell = malloc((size_t)N * N);
    if (!boxes.cell)
        return SUDOKU_ENOMEM;
    int got = 0;
    while (got == 0) {
        memset(boxes.cell, 0, (size_t)N * N);
        for (int k = 0; k < diag; k++) {
            random_perm(g, perm, N);
            for (int j = 0; j < N; j++) {
                int r = k * sh->R + j / sh->C, c = k * sh->C + j % sh->C;
                boxes.cell[r * N + c] = (unsigned char)(perm[j] + 1);
            }
        }
        got = random_completion(sv, g, b, per_try, &boxes, grid);
    }
    free(boxes.cell);
    return got > 0 ? 0 : SUDOKU_ECUT;
}

/* Ossudo's method: cells left to right, a random digit among those the
 * row, column and box allow; at a dead end, the current band starts over
 * (and after many tries in one band, the whole grid). */
static int fill_blockrow(grid_rng *g, budget *b, sudoku *grid)
{
    const sudoku_shape *sh = &grid->shape;
    int N = sh->N, R = sh->R;
    /* has[unit][d]: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1 */
    unsigned char *has = calloc((size_t)3 * N * (N + 1), 1);
    if (!has)
        return SUDOKU_ENOMEM;
#define HAS(u, d) has[(size_t)(u) * (N + 1) + (d)]
    memset(grid->cell, 0, (size_t)N * N);
    long band_tries = 0;
    int r = 0, status = 0;
    while (r < N) {
        int ok = 1;
        for (int c = 0; c < N && ok; c++) {
            int bx = box_of(sh, r, c), cand[SUDOKU_MAX_ORDER], n = 0;
            for (int d = 1; d <= N; d++)
                if (!HAS(r, d) && !HAS(N + c, d) && !HAS(2 * N + bx, d))
                    cand[n++] = d;
            if (n == 0) {
                ok = 0;
                break;
            }
            int d = cand[grid_rng_below(g, n)];
            grid->cell[r * N + c] = (unsigned char)d;
            HAS(r, d) = HAS(N + c, d) = HAS(2 * N + bx, d) = 1;
            b->rep->nodes++;
        }
        if (ok) {
            r++;
            if (r % R == 0)
                band_tries = 0;
            continue;
        }
        /* dead end: clear the band so far (or everything) and go again */
        b->rep->restarts++;
        grid_limits lim;
        if (limits_left(b, &lim) != 0 ||
            (!b->opt->max_nodes && b->rep->nodes > 100000000ULL)) {
            status = SUDOKU_ECUT;
            break;
        }
        int from = ++band_tries > 1000 ? 0 : (r / R) * R;
        if (from == 0)
            band_tries = 0;
        for (int rr = from; rr <= r; rr++)
            for (int c = 0; c < N; c++) {
                int d = grid->cell[rr * N + c];
                if (d)
                    HAS(rr, d) = HAS(N + c, d) =
                        HAS(2 * N + box_of(sh, rr, c), d) = 0;
                grid->cell[rr * N + c] = 0;
            }
        r = from;
    }
#undef HAS
    free(has);
    return status;
}

/* Doku_Autocomplete's construction: row r is a random first row shifted
 * by C for each row within a band and by 1 for each band; then digits
 * relabeled, rows permuted within bands and bands permuted, columns within
 * stacks and stacks. */
static void fill_pattern(grid_rng *g, sudoku *grid)
{
    const sudoku_shape *sh = &grid->shape;
    int N = sh->N, R = sh->R, C = sh->C;
    int first[SUDOKU_MAX_ORDER], label[SUDOKU_MAX_ORDER];
    int rows[SUDOKU_MAX_ORDER], cols[SUDOKU_MAX_ORDER];
    int outer[SUDOKU_MAX_ORDER], inner[SUDOKU_MAX_ORDER];
    random_perm(g, first, N);
    random_perm(g, label, N);
    /* rows: band order, then the order of rows inside each band */
    random_perm(g, outer, N / R);
    for (int b = 0; b < N / R; b++) {
        random_perm(g, inner, R);
        for (int k = 0; k < R; k++)
            rows[b * R + k] = outer[b] * R + inner[k];
    }
    random_perm(g, outer, N / C);
    for (int s = 0; s < N / C; s++) {
        random_perm(g, inner, C);
        for (int k = 0; k < C; k++)
            cols[s * C + k] = outer[s] * C + inner[k];
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int rr = rows[r], cc = cols[c];
            int shift = (rr % R) * C + rr / R;
            grid->cell[r * N + c] =
                (unsigned char)(label[first[(cc + shift) % N]] + 1);
        }
}

int sudoku_fill_grid(sudoku_solver *sv, sudoku_fill fill, uint64_t seed,
                     const sudoku_gen_options *opt, sudoku *grid,
                     sudoku_gen_report *rep)
{
    grid_rng g = { seed };
    budget b = { opt, grid_seconds(), rep };
    switch (fill) {
    case SUDOKU_FILL_BLOCKROW:
        return fill_blockrow(&g, &b, grid);
    case SUDOKU_FILL_PATTERN:
        fill_pattern(&g, grid);
        return 0;
    default:
        return fill_dlx(sv, &g, &b, grid);
    }
}

/* ---- clearing ------------------------------------------------------------ */

/*
 * The cells are visited in random order, a symmetric group ("orbit") at a
 * time.  The givens not visited yet are pushed on the engine's matrix, in
 * reverse order of visit, so the orbit visited next is always on top:
 * popping it is the clearing.  A check forces the one digit tried and the
 * givens kept lately; every LAZY_GIVENS givens kept, these go under the
 * unvisited ones, which are popped and pushed again.  Pushing each kept
 * orbit at once would move the unvisited givens too often, and forcing
 * every kept given in every check costs more still (9x9: 23% fewer
 * instructions at 4 than forcing them all, 12% at 1).  Moving them costs
 * a push and a pop per unvisited given, so on large grids the lazy
 * givens wait until they are a 64th of the unvisited ones: every 4 kept
 * on 64x64 was 1000 moves of 4000 givens (10 s to keep 4094 givens of
 * 4096; 0.5 s now), and up to 16x16 nothing changes.  All this only
 * above order 64: up to it the closure under singles settles most
 * checks, and the engine is given the closure instead (nothing pushed).
 */
enum { LAZY_GIVENS = 4, LAZY_SHARE = 64 };
typedef struct clearing {
    const sudoku_shape *sh;
    sudoku_solver *sv;
    const unsigned char *solution;
    const sudoku *puzzle;      /* as it stands, the cells tried cleared */
    unsigned char *has;        /* [unit][digit]: held by a given */
    sudoku probe;              /* the givens kept lately, and the cell tried */
    budget *b;
    sudoku_closure *z;                /* NULL: every check by the engine */
} clearing;

static void mark(clearing *k, int i, int d, unsigned char on)
{
    int N = k->sh->N, r = i / N, c = i % N;
    k->has[(size_t)r * (N + 1) + d] = on;
    k->has[(size_t)(N + c) * (N + 1) + d] = on;
    k->has[(size_t)(2 * N + box_of(k->sh, r, c)) * (N + 1) + d] = on;
}

static int allowed(const clearing *k, int i, int d)
{
    int N = k->sh->N, r = i / N, c = i % N;
    return !k->has[(size_t)r * (N + 1) + d] &&
           !k->has[(size_t)(N + c) * (N + 1) + d] &&
           !k->has[(size_t)(2 * N + box_of(k->sh, r, c)) * (N + 1) + d];
}

/* Is digit d forced into empty cell i because no other empty cell of one
 * of its units allows it (a hidden single)?  Then no solution differs from
 * the known one at i, and no search is needed for it. */
static int hidden_single(const clearing *k, int i, int d)
{
    const sudoku_shape *sh = k->sh;
    int N = sh->N, r = i / N, c = i % N;
    int r0 = (r / sh->R) * sh->R, c0 = (c / sh->C) * sh->C;
    for (int unit = 0; unit < 3; unit++) {
        int elsewhere = 0;
        for (int t = 0; t < N && !elsewhere; t++) {
            int j = unit == 0 ? r * N + t
                  : unit == 1 ? t * N + c
                              : (r0 + t / sh->C) * N + c0 + t % sh->C;
            elsewhere = j != i && !k->puzzle->cell[j] && allowed(k, j, d);
        }
        if (!elsewhere)
            return 1;
    }
    return 0;
}

/* One search of the engine for a solution with digit d in empty cell i:
 * 0 none, 1 one (a second solution), -1 the budget ran out, 2 the check's
 * own node cap (the given stays).  With a closure, the cells it filled
 * are forced with d. */
static int engine_try(clearing *k, int i, int d)
{
    int NN = k->sh->N * k->sh->N;
    grid_limits lim;
    if (limits_left(k->b, &lim) != 0)
        return -1;
    lim.max_solutions = 1;
    uint64_t cap = k->b->opt->check_nodes;
    int capped = cap && (!lim.max_nodes || cap < lim.max_nodes);
    if (capped)
        lim.max_nodes = cap;
    /* with a closure, nothing is pushed: the probe is the closure (the
     * givens in it); else the givens not pushed are in the probe */
    k->probe.cell[i] = (unsigned char)d;
    if (k->z)
        for (int c = 0; c < NN; c++)
            k->probe.cell[c] = k->z->placed[c]
                ? (unsigned char)grid_low_digit(k->z->cand[c]) : 0;
    /* the closure is closed under singles already: the solver hands it to
     * the engine as forced options without working out the singles */
    grid_outcome out;
    int st = k->z ? sudoku_solve_closed(k->sv, &k->probe, &lim, &out)
                  : sudoku_solve_dlx(k->sv, &k->probe, &lim, NULL, &out);
    for (int c = 0; c < NN; c++)
        if (k->z || !k->puzzle->cell[c])
            k->probe.cell[c] = 0;
    k->b->rep->nodes += out.nodes;
    k->b->rep->checks++;
    if (st == 0 && out.solutions > 0)
        return 1;
    if (st == 0 && !out.complete) {
        if (!capped || out.nodes < cap)
            return -1; /* the puzzle's budget, not the check's */
        k->b->rep->minimal = 0;
        k->b->rep->capped++;
        return 2;
    }
    return 0;
}

/* With cells[] just cleared: 1 when the puzzle still has one solution,
 * 0 when it has another, -1 when the budget ran out.  A cleared cell
 * that is a single at once (its digit alone allowed there, or nowhere
 * else in a unit) follows from the others; when all do, the puzzle is
 * the one before.  Else the closure of the puzzle under singles placing
 * them again proves it unique (its solutions are the puzzle's before,
 * which had one); if it does not, each digit d != G[i] left
 * in a cleared cell i is tried from it: a closure that dies rules d out,
 * one that fills the grid is a second solution, and the engine searches
 * the rest (from the closure). */
static int still_unique(clearing *k, const int *cells, int n)
{
    int N = k->sh->N, open[4], n_open = 0;
    for (int j = 0; j < n; j++) {
        int i = cells[j], others = 0;
        if (hidden_single(k, i, k->solution[i]))
            continue;
        for (int d = 1; d <= N && !others; d++)
            others = d != k->solution[i] && allowed(k, i, d);
        if (others)
            open[n_open++] = i;
    }
    if (n_open == 0)
        return 1;
    sudoku_closure *z = k->z;
    if (z) {
        int got = sudoku_closure_of(z, k->puzzle->cell, open, n_open);
        if (got != 0)
            return got > 0; /* a dead end cannot be: G solves it */
        sudoku_closure_save(z);
    }
    for (int j = 0; j < n_open; j++) {
        int i = open[j];
        for (int d = 1; d <= N; d++) {
            if (d == k->solution[i] || !allowed(k, i, d))
                continue;
            if (z) {
                uint64_t bit = (uint64_t)1 << (d - 1);
                if (!(z->save_cand[i] & bit) || z->save_placed[i])
                    continue; /* ruled out by the closure */
                int got = sudoku_closure_try(z, i, bit);
                if (got < 0)
                    continue;
                if (got > 0)
                    return 0;
            }
            int got = engine_try(k, i, d);
            if (got != 0)
                return got == 1 || got == 2 ? 0 : -1;
        }
    }
    return 1;
}

/* Pushes the givens among cells[0..n-1], the last first, adding their
 * number to *pushed; -1 if one clashes with what is pushed already. */
static int push_cells(sudoku_solver *sv, const sudoku *puzzle,
                      const int *cells, int n, int *pushed)
{
    for (int c = n - 1; c >= 0; c--) {
        int i = cells[c];
        if (puzzle->cell[i]) {
            if (sudoku_solver_push(sv, i, puzzle->cell[i]) != 0)
                return -1;
            ++*pushed;
        }
    }
    return 0;
}

/* The cells in orbits (under the symmetry) in a random order of visit:
 * orbit o is cells[start[o] .. start[o + 1] - 1]; returns the number of
 * orbits.  order and seen (zeroed) are scratch of N*N. */
static int visit_orbits(grid_rng *g, const sudoku_shape *sh, int symmetry,
                        int *order, unsigned char *seen, int *cells,
                        int *start)
{
    int NN = sh->N * sh->N, n_orbits = 0, n_cells = 0;
    random_perm(g, order, NN);
    for (int t = 0; t < NN; t++) {
        int orbit[4], n = sudoku_symmetric_cells(sh, symmetry, order[t],
                                                 orbit);
        if (seen[order[t]])
            continue;
        start[n_orbits++] = n_cells;
        for (int j = 0; j < n; j++) {
            seen[orbit[j]] = 1;
            cells[n_cells++] = orbit[j];
        }
    }
    start[n_orbits] = n_cells;
    return n_orbits;
}

/* Clears the n cells of orbit and keeps them cleared when the puzzle
 * stays unique and the caller's accept agrees: 1; else puts them back: 0
 * (several solutions, or refused), or -1 (the check was cut short: the
 * report says neither complete nor minimal, and clearing stops). */
static int try_clear(clearing *k, const sudoku_gen_options *opt,
                     sudoku_gen_report *rep, sudoku *puzzle,
                     const int *orbit, int n)
{
    const unsigned char *solution = k->solution;
    for (int j = 0; j < n; j++) {
        mark(k, orbit[j], solution[orbit[j]], 0);
        puzzle->cell[orbit[j]] = 0;
    }
    int u = still_unique(k, orbit, n);
    if (u == 1 && opt->accept && !opt->accept(opt->accept_ctx,
                                              puzzle, orbit, n)) {
        rep->refused++;
        u = 0;
    }
    if (u == 1)
        return 1;
    for (int j = 0; j < n; j++) {
        puzzle->cell[orbit[j]] = solution[orbit[j]];
        mark(k, orbit[j], solution[orbit[j]], 1);
    }
    if (u < 0) {
        rep->complete = 0;
        rep->minimal = 0;
    }
    return u;
}

int sudoku_clear_cells(sudoku_solver *sv, uint64_t seed,
                       const sudoku_gen_options *opt, sudoku *puzzle,
                       sudoku_gen_report *rep)
{
    const sudoku_shape *sh = &puzzle->shape;
    int N = sh->N, NN = N * N;
    grid_rng g = { seed };
    budget b = { opt, grid_seconds(), rep };
    clearing k = { sh, sv, NULL, puzzle, NULL, { .shape = { 0, 0, 0 } }, &b,
                   NULL };
    unsigned char *solution = malloc((size_t)NN);
    int *order = malloc((size_t)NN * sizeof *order);
    /* orbits in order of visit: cells[start[o] .. start[o+1]-1] */
    int *cells = malloc((size_t)NN * sizeof *cells);
    int *start = malloc((size_t)(NN + 1) * sizeof *start);
    unsigned char *seen = calloc((size_t)NN, 1);
    int *lazy = malloc((size_t)NN * sizeof *lazy), n_lazy = 0;
    k.has = calloc((size_t)3 * N * (N + 1), 1);
    /* without it (too large an order, no memory), the engine checks */
    /* the solver's tables when its shape is the puzzle's */
    sudoku_shape svs = sudoku_solver_shape(sv);
    sudoku_closure *own = NULL, *made = sudoku_solver_closure(sv);
    k.z = made && svs.R == sh->R && svs.C == sh->C ? made
        : (own = sudoku_closure_new(sh));
    sudoku_init(&k.probe);
    int status = 0, pushed = 0, kept = 0, n_orbits = 0, n_cells = 0;
    if (!solution || !order || !cells || !start || !seen || !lazy || !k.has ||
        sudoku_set_shape(&k.probe, *sh)) {
        status = SUDOKU_ENOMEM;
        goto done;
    }
    memcpy(solution, puzzle->cell, (size_t)NN);
    k.solution = solution;
    memset(k.probe.cell, 0, (size_t)NN);
    int givens = 0, clash = 0;
    for (int i = 0; i < NN; i++)
        if (puzzle->cell[i]) {
            clash |= !allowed(&k, i, puzzle->cell[i]);
            mark(&k, i, puzzle->cell[i], 1);
            givens++;
        }
    n_orbits = visit_orbits(&g, sh, opt->symmetry, order, seen, cells, start);
    n_cells = start[n_orbits];
    /* blanks of the puzzle given are not givens: never pushed or cleared;
     * with the closure, the engine is given the closure instead (its
     * checks are few: pushing would cost more than it saves) */
    int push = !k.z;
    if (clash || (push && push_cells(sv, puzzle, cells, n_cells, &pushed))) {
        status = SUDOKU_ECLASH; /* the givens clash: not a grid we made */
        goto done;
    }
    rep->complete = 1;
    rep->minimal = 1;
    int stop = 0;
    for (int o = 0; o < n_orbits; o++) {
        int *orbit = cells + start[o], n = start[o + 1] - start[o], filled = 0;
        for (int j = 0; j < n; j++)
            filled += puzzle->cell[orbit[j]] != 0;
        if (push) {
            sudoku_solver_pop(sv, filled);
            pushed -= filled;
        }
        int keep = stop || filled < n;
        /* the caller's stop between checks: a cell settled by singles
         * runs no search, and a 49x49 has 2401 of them */
        if (!keep && opt->on_poll &&
            opt->on_poll(opt->poll_ctx, rep->nodes)) {
            rep->complete = rep->minimal = 0;
            stop = keep = 1;
        }
        if (!keep && opt->target_givens > 0 &&
            givens - n < opt->target_givens) {
            /* at the target: what is left is not proved minimal */
            rep->minimal = 0;
            keep = 1;
        }
        if (!keep) {
            int u = try_clear(&k, opt, rep, puzzle, orbit, n);
            if (u == 1) {
                givens -= n;
                continue;
            }
            stop = u < 0;
        }
        if (stop || filled == 0 || !push)
            continue; /* no check follows, or nothing to keep */
        for (int j = 0; j < n; j++)
            if (puzzle->cell[orbit[j]]) {
                k.probe.cell[orbit[j]] = puzzle->cell[orbit[j]];
                lazy[n_lazy++] = orbit[j];
            }
        if (n_lazy < LAZY_GIVENS || n_lazy < pushed / LAZY_SHARE)
            continue;
        /* the orbits kept go under the givens not visited yet */
        int rest = start[o + 1];
        sudoku_solver_pop(sv, pushed);
        pushed = 0;
        if (push_cells(sv, puzzle, lazy, n_lazy, &kept) != 0 ||
            push_cells(sv, puzzle, cells + rest, n_cells - rest, &pushed)) {
            status = SUDOKU_ECLASH;
            goto done;
        }
        for (int j = 0; j < n_lazy; j++)
            k.probe.cell[lazy[j]] = 0;
        n_lazy = 0;
    }
    rep->givens = givens;
done:
    if (pushed + kept > 0)
        sudoku_solver_pop(sv, pushed + kept);
    free(solution);
    free(order);
    free(cells);
    free(start);
    free(seen);
    free(lazy);
    free(k.has);
    sudoku_closure_free(own);
    sudoku_release(&k.probe);
    return status;
}

int sudoku_generate(sudoku_solver *sv, uint64_t seed,
                    const sudoku_gen_options *opt, sudoku *puzzle,
                    sudoku *solution, sudoku_gen_report *rep)
{
    memset(rep, 0, sizeof *rep);
    double start = grid_seconds();
    if (sudoku_set_shape(solution, sudoku_solver_shape(sv)) != 0)
        return SUDOKU_ENOMEM;
    grid_rng g = { seed };
    uint64_t fill_seed = grid_rng_next(&g), clear_seed = grid_rng_next(&g);
    int filled = sudoku_fill_grid(sv, opt->fill, fill_seed, opt, solution,
                                  rep);
    if (filled != 0) {
        rep->seconds = grid_seconds() - start;
        return filled; /* SUDOKU_ECUT or SUDOKU_ENOMEM */
    }
    if (sudoku_set_shape(puzzle, solution->shape) != 0)
        return SUDOKU_ENOMEM;
    memcpy(puzzle->cell, solution->cell,
           (size_t)solution->shape.N * solution->shape.N);
    /* the clearing has what is left of the budget */
    sudoku_gen_options rest = *opt;
    if (rest.max_seconds > 0) {
        rest.max_seconds -= grid_seconds() - start;
        if (rest.max_seconds <= 0)
            rest.max_seconds = 1e-9;
    }
    int st = sudoku_clear_cells(sv, clear_seed, &rest, puzzle, rep);
    rep->seconds = grid_seconds() - start;
    return st;
}

int sudoku_generate_graded(sudoku_solver *sv, uint64_t seed,
                           const sudoku_gen_options *opt,
                           int (*rate)(void *ctx, const sudoku *p),
                           void *ctx, int grade, sudoku *puzzle,
                           sudoku *solution, sudoku_gen_report *rep)
{
    sudoku_gen_options free_clearing = *opt;
    free_clearing.accept = NULL;
    int st = sudoku_generate(sv, seed, &free_clearing, puzzle, solution, rep);
    if (st != 0)
        return st;
    int now = rate(ctx, puzzle);
    if (now == grade)
        return 0;
    if (now < grade)
        return 1;
    /* harder than the grade: givens come back, in random order, until it
     * is of the grade; a given that would make it easier is skipped.
     * (Trying several orders per grid was slower for every grade.) */
    const sudoku_shape *sh = &puzzle->shape;
    int NN = sh->N * sh->N, *order = malloc((size_t)NN * sizeof *order);
    if (!order)
        return SUDOKU_ENOMEM;
    grid_rng g = { seed ^ 0x5bd1e995u };
    random_perm(&g, order, NN);
    double start = grid_seconds();
    for (int t = 0; t < NN && now > grade; t++) {
        int orbit[4], n = sudoku_symmetric_cells(sh, opt->symmetry, order[t],
                                                 orbit);
        if (puzzle->cell[order[t]])
            continue;
        for (int j = 0; j < n; j++)
            puzzle->cell[orbit[j]] = solution->cell[orbit[j]];
        int then = rate(ctx, puzzle);
        if (then < grade) {
            for (int j = 0; j < n; j++)
                puzzle->cell[orbit[j]] = 0;
            continue;
        }
        now = then;
    }
    free(order);
    if (now != grade) {
        rep->seconds += grid_seconds() - start;
        return 1;
    }
    /* of the grade: what can go, within the grade, goes */
    sudoku_gen_report pruned;
    memset(&pruned, 0, sizeof pruned);
    st = sudoku_clear_cells(sv, grid_rng_next(&g), opt, puzzle, &pruned);
    rep->givens = pruned.givens;
    rep->minimal = pruned.minimal;
    rep->complete = pruned.complete;
    rep->nodes += pruned.nodes;
    rep->checks += pruned.checks;
    rep->capped += pruned.capped;
    rep->refused += pruned.refused;
    rep->seconds += grid_seconds() - start;
    return st;
}


/* ---- variants ------------------------------------------------------------ */

/* Is the set of cells with key[i] == k, which holds `from`, of `size`
 * cells all connected to it (rook moves)? */
static int reaches_all(const int *key, int N, int k, int from, int size,
                       int *stack, unsigned char *seen)
{
    return sudoku_cells_reached(key, N, k, from, stack, seen) == size;
}

/* A random neighbour (rook move) of cell i, on the board of order N. */
static int random_neighbour(grid_rng *g, int N, int i)
{
    int r = i / N, c = i % N, next[4], n = 0;
    if (r > 0)
        next[n++] = i - N;
    if (r < N - 1)
        next[n++] = i + N;
    if (c > 0)
        next[n++] = i - 1;
    if (c < N - 1)
        next[n++] = i + 1;
    return next[grid_rng_below(g, n)];
}

/* Is cell i next to a cell of region k? */
static int touches(const int *region, int N, int i, int k)
{
    int r = i / N, c = i % N;
    return (r > 0 && region[i - N] == k) || (r < N - 1 && region[i + N] == k) ||
           (c > 0 && region[i - 1] == k) || (c < N - 1 && region[i + 1] == k);
}

/* Any cell of region k. */
static int cell_of(const int *region, int NN, int k)
{
    int i = 0;
    while (i < NN && region[i] != k)
        i++;
    return i;
}

void sudoku_random_regions(const sudoku_shape *shape, uint64_t seed,
                           int *region)
{
    int N = shape->N, NN = N * N;
    grid_rng g = { seed };
    for (int i = 0; i < NN; i++)
        region[i] = box_of(shape, i / N, i % N);
    int *stack = malloc((size_t)NN * sizeof *stack);
    int *order = malloc((size_t)NN * sizeof *order);
    unsigned char *seen = malloc((size_t)NN);
    if (!stack || !order || !seen || N < 2) {
        free(stack);
        free(order);
        free(seen);
        return; /* the boxes: a jigsaw still, just not a shuffled one */
    }
    /* A move: cell a of region A passes to a neighbouring region B, and
     * a cell c of B next to A passes to A, kept when both regions stay
     * connected.  Enough moves that most cells have had a chance. */
    for (long t = 0; t < 4L * NN; t++) {
        int a = grid_rng_below(&g, NN), b = random_neighbour(&g, N, a);
        int ra = region[a], rb = region[b];
        if (ra == rb)
            continue;
        region[a] = rb;
        if (!reaches_all(region, N, ra, cell_of(region, NN, ra), N - 1,
                         stack, seen)) {
            region[a] = ra;
            continue;
        }
        random_perm(&g, order, NN);
        int moved = 0;
        for (int j = 0; j < NN && !moved; j++) {
            int c = order[j];
            if (c == a || region[c] != rb || !touches(region, N, c, ra))
                continue;
            region[c] = ra;
            moved = reaches_all(region, N, ra, c, N, stack, seen) &&
                    reaches_all(region, N, rb, a, N, stack, seen);
            if (!moved)
                region[c] = rb;
        }
        if (!moved)
            region[a] = ra;
    }
    /* numbered in reading order of their first cells, as readers do */
    for (int k = 0; k < N; k++)
        order[k] = -1;
    for (int i = 0, next = 0; i < NN; i++) {
        if (order[region[i]] < 0)
            order[region[i]] = next++;
        region[i] = order[region[i]];
    }
    free(stack);
    free(order);
    free(seen);
}

/* One draw of the cages of sudoku_random_cages: cage[], size[] and
 * held[] (the digits of each cage) filled; returns the number of cage
 * numbers used (some may be left empty by merges). */
static int draw_cages(grid_rng *g, int N, const unsigned char *digit,
                      int max_cage, int *cage, int *size, uint64_t *held,
                      int *order, int *members)
{
    int NN = N * N;
    for (int i = 0; i < NN; i++)
        cage[i] = -1;
    random_perm(g, order, NN);
    int n = 0;
    /* grow each cage from a random free cell to a random size of 2 or
     * more, through free neighbours whose digit it does not hold yet */
    for (int t = 0; t < NN; t++) {
        int first = order[t];
        if (cage[first] >= 0)
            continue;
        int want = 2 + grid_rng_below(g, max_cage - 1);
        int m = 0;
        members[m++] = first;
        cage[first] = n;
        held[n] = 1ULL << (digit[first] - 1);
        while (m < want) {
            int cand[4 * SUDOKU_MAX_CAGE_ORDER], c = 0;
            for (int j = 0; j < m; j++) {
                int i = members[j], r = i / N, col = i % N;
                int next[4] = { r > 0 ? i - N : -1, r < N - 1 ? i + N : -1,
                                col > 0 ? i - 1 : -1,
                                col < N - 1 ? i + 1 : -1 };
                for (int k = 0; k < 4; k++)
                    if (next[k] >= 0 && cage[next[k]] < 0 &&
                        !(held[n] >> (digit[next[k]] - 1) & 1))
                        cand[c++] = next[k];
            }
            if (c == 0)
                break;
            int pick = cand[grid_rng_below(g, c)];
            cage[pick] = n;
            held[n] |= 1ULL << (digit[pick] - 1);
            members[m++] = pick;
        }
        size[n++] = m;
    }
    /* a cage of one cell joins a neighbouring cage without its digit:
     * the smallest with room for it, else (second pass) one of max_cage
     * cells (a larger cage has many more digit tuples to search) */
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < NN; i++) {
            int k = cage[i], room = max_cage + pass;
            if (size[k] != 1)
                continue;
            int r = i / N, col = i % N, best = -1;
            int next[4] = { r > 0 ? i - N : -1, r < N - 1 ? i + N : -1,
                            col > 0 ? i - 1 : -1, col < N - 1 ? i + 1 : -1 };
            for (int j = 0; j < 4; j++) {
                int o = next[j];
                if (o < 0 || cage[o] == k || size[cage[o]] >= room ||
                    (held[cage[o]] >> (digit[i] - 1) & 1))
                    continue;
                if (best < 0 || size[cage[o]] < size[best])
                    best = cage[o];
            }
            if (best < 0)
                continue;
            cage[i] = best;
            size[best]++;
            held[best] |= 1ULL << (digit[i] - 1);
            size[k] = 0;
        }
    }
    return n;
}

int sudoku_random_cages(const sudoku *grid, uint64_t seed, int max_cage,
                        int *cage, int *sum)
{
    int N = grid->shape.N, NN = N * N;
    const unsigned char *digit = grid->cell;
    grid_rng g = { seed };
    if (max_cage < 2)
        max_cage = 4; /* as Solo, and cheap: a larger cage has many more
                         digit tuples for the search to take */
    if (max_cage > N)
        max_cage = N;
    int *order = malloc((size_t)NN * sizeof *order);
    int *size = calloc((size_t)NN, sizeof *size);
    uint64_t *held = calloc((size_t)NN, sizeof *held); /* digits of a cage */
    int *members = malloc((size_t)NN * sizeof *members);
    int *renumber = malloc((size_t)NN * sizeof *renumber);
    if (!order || !size || !held || !members || !renumber) {
        free(order);
        free(size);
        free(held);
        free(members);
        free(renumber);
        return -1;
    }
    /* Solo takes no cage of one cell: a draw that leaves one is drawn
     * again (rare: a lone cell first joins any neighbouring cage without
     * its digit, even past max_cage) */
    int n = 0, lone = 1;
    for (int draw = 0; lone && draw < 1000; draw++) {
        n = draw_cages(&g, N, digit, max_cage, cage, size, held, order,
                       members);
        lone = 0;
        for (int i = 0; i < NN; i++)
            lone |= size[cage[i]] == 1;
    }
    /* number the cages in reading order of their first cells */
    for (int k = 0; k < n; k++)
        renumber[k] = -1;
    int cages = 0;
    for (int i = 0; i < NN; i++) {
        int k = cage[i];
        if (renumber[k] < 0) {
            renumber[k] = cages;
            sum[cages++] = 0;
        }
        cage[i] = renumber[k];
        sum[cage[i]] += digit[i];
    }
    free(order);
    free(size);
    free(held);
    free(members);
    free(renumber);
    return cages;
}

/* Does the puzzle have one solution?  sv is its solver, or NULL to make
 * one for it (a killer's givens in cages are in its tuples).  1 yes, 0
 * no (or a check cut at opt->check_nodes: the given stays), -1 when the
 * puzzle's budget ran out or memory did. */
static int variant_unique(sudoku_solver *sv, const sudoku *puzzle,
                          budget *b)
{
    grid_limits lim;
    if (limits_left(b, &lim) != 0)
        return -1;
    lim.max_solutions = 2;
    /* the cages' options are built within the puzzle's budget, not the
     * check's (a cage's walk alone may pass check_nodes) */
    int why = SUDOKU_OK;
    sudoku_solver *own = sv ? NULL : sudoku_solver_within(puzzle, &lim, &why);
    /* the search has what the build left */
    if (own && limits_left(b, &lim) != 0) {
        sudoku_solver_free(own);
        return -1;
    }
    lim.max_solutions = 2;
    uint64_t cap = b->opt->check_nodes;
    int capped = cap && (!lim.max_nodes || cap < lim.max_nodes);
    if (capped)
        lim.max_nodes = cap;
    if (!sv && !own) {
        b->rep->out_of_memory |= why == SUDOKU_ENOMEM;
        return -1;
    }
    grid_outcome out;
    int st = sudoku_solve_dlx(sv ? sv : own, puzzle, &lim, NULL, &out);
    sudoku_solver_free(own);
    b->rep->nodes += out.nodes;
    b->rep->checks++;
    b->rep->out_of_memory |= st == SUDOKU_ENOMEM;
    if (st == SUDOKU_ECLASH || (st == 0 && out.solutions > 1))
        return 0;
    if (st != 0)
        return -1;
    if (out.complete)
        return out.solutions == 1;
    if (!capped || out.nodes < cap)
        return -1;
    b->rep->minimal = 0;
    b->rep->capped++;
    return 0;
}

/* A killer's givens: while the cages and givens leave several
 * solutions, a given of the solution is added (with its symmetric
 * partners) at a random cell where another solution differs from it;
 * the clearing then takes away those it can.  Far fewer exact covers are
 * built than by clearing from the full grid (each check of a killer
 * builds its own), and one count to 2 per given both proves and names
 * a cell (the solution found that is not ours).  1 when unique (no given
 * added if the cages alone do), -1 when the budget or memory ran out. */
static int add_givens(grid_rng *g, budget *b, sudoku *puzzle,
                      const unsigned char *solution)
{
    const sudoku_shape *sh = &puzzle->shape;
    int NN = sh->N * sh->N, status = -1;
    int *differ = malloc((size_t)NN * sizeof *differ);
    unsigned char *other = malloc((size_t)NN);
    b->rep->out_of_memory |= !differ || !other;
    while (differ && other) {
        grid_limits lim;
        if (limits_left(b, &lim) != 0)
            break;
        int why = SUDOKU_OK;
        sudoku_solver *sv = sudoku_solver_within(puzzle, &lim, &why);
        if (!sv) {
            b->rep->out_of_memory |= why == SUDOKU_ENOMEM;
            break;
        }
        /* the search has what the build left (it had the whole of it,
         * and ran that long again past --timeout) */
        if (limits_left(b, &lim) != 0) {
            sudoku_solver_free(sv);
            break;
        }
        lim.max_solutions = 2;
        grid_outcome out;
        int found;
        int st = sudoku_solve_other(sv, puzzle, &lim, solution, other,
                                    &found, &out);
        sudoku_solver_free(sv);
        b->rep->nodes += out.nodes;
        b->rep->checks++;
        b->rep->out_of_memory |= st == SUDOKU_ENOMEM;
        if (st == 0 && out.complete && out.solutions == 1 && !found) {
            status = 1;
            break;
        }
        if (st != 0 || !found)
            break;
        int n = 0;
        for (int i = 0; i < NN; i++)
            if (other[i] != solution[i])
                differ[n++] = i;
        int cells[4], m = sudoku_symmetric_cells(sh, b->opt->symmetry,
                                                 differ[grid_rng_below(g, n)],
                                                 cells);
        for (int j = 0; j < m; j++)
            puzzle->cell[cells[j]] = solution[cells[j]];
    }
    free(differ);
    free(other);
    return status;
}

/* The clearing of a variant: each symmetric group of givens, in random
 * order, goes when a count to 2 still finds one solution. */
static int clear_variant(uint64_t seed, budget *b, sudoku *puzzle)
{
    const sudoku_shape *sh = &puzzle->shape;
    const sudoku_gen_options *opt = b->opt;
    sudoku_gen_report *rep = b->rep;
    int N = sh->N, NN = N * N;
    grid_rng g = { seed };
    int *order = malloc((size_t)NN * sizeof *order);
    unsigned char *solution = malloc((size_t)NN);
    if (!order || !solution) {
        free(order);
        free(solution);
        rep->out_of_memory = 1;
        return SUDOKU_ENOMEM;
    }
    memcpy(solution, puzzle->cell, (size_t)NN);
    rep->complete = 1;
    rep->minimal = 1;
    int status = 0, givens = NN;
    /* without cages, one solver serves every check (givens are forced
     * options); with cages, each check makes its own */
    sudoku_solver *sv = NULL;
    if (!puzzle->n_cages) {
        memset(puzzle->cell, 0, (size_t)NN);
        sv = sudoku_solver_for(puzzle);
        memcpy(puzzle->cell, solution, (size_t)NN);
        if (!sv) {
            rep->out_of_memory = 1;
            status = SUDOKU_ENOMEM;
            goto done;
        }
    } else {
        /* the cages alone may do: then the puzzle has no givens; else
         * givens are added until it has one solution */
        memset(puzzle->cell, 0, (size_t)NN);
        if (add_givens(&g, b, puzzle, solution) < 0) {
            memcpy(puzzle->cell, solution, (size_t)NN);
            rep->complete = rep->minimal = 0;
            status = rep->out_of_memory ? SUDOKU_ENOMEM : 0;
            goto done;
        }
        givens = 0;
        for (int i = 0; i < NN; i++)
            givens += puzzle->cell[i] != 0;
    }
    random_perm(&g, order, NN);
    for (int t = 0; t < NN; t++) {
        int orbit[4], n = sudoku_symmetric_cells(sh, opt->symmetry, order[t],
                                                 orbit);
        int filled = 0;
        for (int j = 0; j < n; j++)
            filled += puzzle->cell[orbit[j]] != 0;
        if (filled < n)
            continue; /* a group visited already */
        if (opt->target_givens > 0 && givens - n < opt->target_givens) {
            rep->minimal = 0;
            continue;
        }
        for (int j = 0; j < n; j++)
            puzzle->cell[orbit[j]] = 0;
        int u = variant_unique(sv, puzzle, b);
        if (u == 1) {
            givens -= n;
            continue;
        }
        for (int j = 0; j < n; j++)
            puzzle->cell[orbit[j]] = solution[orbit[j]];
        if (u < 0) {
            rep->complete = rep->minimal = 0;
            status = rep->out_of_memory ? SUDOKU_ENOMEM : 0;
            break;
        }
    }
done:
    rep->givens = givens;
    sudoku_solver_free(sv);
    free(order);
    free(solution);
    return status;
}

/* Fills the variant's grid (regions, diagonals, no cages) by the
 * randomized engine within `per_try` nodes: 0, 1 when it did not, -1
 * when the budget or memory ran out. */
static int fill_variant(grid_rng *g, budget *b, uint64_t per_try, sudoku *grid)
{
    int NN = grid->shape.N * grid->shape.N;
    memset(grid->cell, 0, (size_t)NN);
    sudoku_solver *sv = sudoku_solver_for(grid);
    grid_limits lim;
    b->rep->out_of_memory |= !sv;
    if (!sv || limits_left(b, &lim) != 0) {
        sudoku_solver_free(sv);
        return sv ? -1 : SUDOKU_ENOMEM;
    }
    if (!lim.max_nodes || lim.max_nodes > per_try)
        lim.max_nodes = per_try;
    lim.max_solutions = 1;
    lim.randomize = 1;
    lim.seed = grid_rng_next(g);
    grid_outcome out;
    sudoku empty = *grid;
    unsigned char *blank = calloc((size_t)NN, 1);
    int st = blank ? SUDOKU_OK : SUDOKU_ENOMEM;
    if (blank) {
        empty.cell = blank;
        st = sudoku_solve_dlx(sv, &empty, &lim, grid, &out);
        b->rep->nodes += out.nodes;
    }
    free(blank);
    sudoku_solver_free(sv);
    if (st == SUDOKU_ENOMEM) {
        b->rep->out_of_memory = 1;
        return SUDOKU_ENOMEM;
    }
    return st == 0 && out.solutions == 1 ? 0 : 1;
}

/* Regions redrawn and fills tried at most this often before a seed
 * gives up (an order without a grid of the variant, e.g. X of order 2). */
enum { FILL_TRIES = 200, FILLS_PER_REGIONS = 4 };

int sudoku_generate_variant(const sudoku_gen_variant *v, sudoku_shape shape,
                            uint64_t seed, const sudoku_gen_options *opt,
                            sudoku *puzzle, sudoku *solution,
                            sudoku_gen_report *rep)
{
    memset(rep, 0, sizeof *rep);
    int N = shape.N, NN = N * N, status = SUDOKU_ENOMEM;
    grid_rng g = { seed };
    uint64_t layout_seed = grid_rng_next(&g), fill_seed = grid_rng_next(&g);
    uint64_t cage_seed = grid_rng_next(&g), clear_seed = grid_rng_next(&g);
    grid_rng fill_rng = { fill_seed };
    budget b = { opt, grid_seconds(), rep };
    int *region = malloc((size_t)NN * sizeof *region);
    int *cage = malloc((size_t)NN * sizeof *cage);
    int *sum = malloc((size_t)NN * sizeof *sum);
    rep->out_of_memory = 1; /* until the allocations succeed */
    if (!region || !cage || !sum || sudoku_set_shape(solution, shape) != 0)
        goto done;
    rep->out_of_memory = 0;
    solution->diagonals = v->diagonals;
    solution->jigsaw = 0;
    solution->n_cages = 0;
    uint64_t per_try = 20ULL * (uint64_t)N * (uint64_t)N * (uint64_t)N;
    int filled = 1;
    for (int t = 0; t < FILL_TRIES && filled == 1; t++) {
        if (v->jigsaw && t % FILLS_PER_REGIONS == 0) {
            sudoku_random_regions(&shape, layout_seed + (uint64_t)t, region);
            if (sudoku_set_regions(solution, region) != 0)
                goto done;
        }
        filled = fill_variant(&fill_rng, &b, per_try, solution);
        if (filled == 1)
            rep->restarts++;
    }
    if (filled != 0) {
        status = filled == SUDOKU_ENOMEM ? SUDOKU_ENOMEM : SUDOKU_ECUT;
        goto done;
    }
    if (v->killer) {
        int n = sudoku_random_cages(solution, cage_seed, v->max_cage, cage,
                                    sum);
        if (n < 0 || sudoku_set_cages(solution, n, cage, sum) != 0) {
            rep->out_of_memory = 1;
            goto done;
        }
        /* cages the readers refuse (more digit tuples than
         * SUDOKU_MAX_TUPLES) are refused here, before their exact cover
         * takes gigabytes and minutes (16x16 with cages of 8: 10 GB) */
        dlx_diag err;
        int ck = sudoku_check_variant(solution, &err);
        if (ck == SUDOKU_ENOMEM) {
            rep->out_of_memory = 1;
            goto done;
        }
        if (ck != SUDOKU_OK) {
            snprintf(rep->why, sizeof rep->why, "%s", err.message);
            status = SUDOKU_ELIMIT;
            goto done;
        }
    }
    if (sudoku_copy(puzzle, solution) != 0) {
        rep->out_of_memory = 1;
        goto done;
    }
    status = clear_variant(clear_seed, &b, puzzle);
done:
    if (status != 0 && rep->out_of_memory)
        status = SUDOKU_ENOMEM;
    rep->seconds = grid_seconds() - b.start;
    free(region);
    free(cage);
    free(sum);
    return status;
}
