/*
 * sudoku_canon_variant.c - the symmetries of the variants (X, jigsaw,
 * killer and their combinations): which transformations keep a variant's
 * rules, a random one, and the canonical form under them.
 *
 * A transformation is the plain one (sudoku_transform: transposition, row
 * order, column order, relabeling), applied to the cells and to the
 * regions and cages with them.  The groups:
 *
 *   X (boxes)   the row orders p of the plain group (bands and rows in
 *               bands; for R x C boxes, also moving only whole blocks of
 *               C) that commute with the mirror m(i) = N-1-i, with the
 *               column order p (each diagonal stays) or m.p (they swap),
 *               transposition when the boxes are square, any relabeling.
 *               Exactly the plain transformations that map the two
 *               diagonals onto the two diagonals: a cell (p[k], col[k])
 *               stays on one diagonal for every k only if col = p or m.p,
 *               and the anti-diagonal then needs p to commute with m.
 *               9x9: 24 row orders x 2 x 2 = 96 cell maps (the 8
 *               rotations and reflections among them), times 9! labels.
 *   jigsaw      the 8 rotations and reflections (rows and columns kept or
 *               reversed, transposition), any relabeling: a row order that
 *               is not a reversal parts neighbours, so a region may fall
 *               apart.
 *   killer      the rotations and reflections the base grid keeps (8 with
 *               regions or square boxes, 4 with R x C boxes), no
 *               relabeling: the cage sums would change.
 *   combined    the intersection: jigsaw or killer with X, the rotations
 *               and reflections (each keeps the pair of diagonals);
 *               relabeling only without cages.
 *
 * The canonical form is the least image under the group: cells in
 * row-major order (blanks 0) first, then the regions and then the cages
 * numbered by first appearance, then the cage sums in that order; with
 * relabeling, the digits of each image are labelled by first appearance,
 * which makes its cells least.  Every image is tried (orders up to 16:
 * 18,432 cell maps for X 16x16).
 */
#include "sudoku_canon.h"

#include <stdlib.h>
#include <string.h>

#include "grid.h"

#define VCANON_MAX_N 16

/* Only rotations and reflections: regions or cages, whose cells must stay
 * neighbours. */
static int dihedral_only(const sudoku *s)
{
    return s->jigsaw || s->n_cages > 0;
}

static int may_transpose(const sudoku *s)
{
    return s->jigsaw || s->shape.R == s->shape.C;
}

static int is_reversal_or_identity(const int *order, int N)
{
    int id = 1, rev = 1;
    for (int k = 0; k < N; k++) {
        id &= order[k] == k;
        rev &= order[k] == N - 1 - k;
    }
    return id || rev;
}

int sudoku_variant_transform_check(const sudoku *s, const sudoku_transform *t,
                                   char *why, size_t size)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N;
    char kind[40];
    sudoku_variant_name(s, kind, sizeof kind);
    if (s->n_cages) {
        for (int d = 1; d <= N; d++)
            if (t->label[d] != d) {
                snprintf(why, size, "relabeling the digits of %s sudoku "
                         "would change its cage sums", kind);
                return SUDOKU_EBAD;
            }
    }
    if (dihedral_only(s)) {
        if (!is_reversal_or_identity(t->row, N) ||
            !is_reversal_or_identity(t->col, N)) {
            snprintf(why, size, "moving rows or columns of %s sudoku parts "
                     "neighbouring cells of its %s: only rotations and "
                     "reflections (rows and columns kept or reversed, "
                     "transposition)", kind,
                     s->jigsaw ? "regions" : "cages");
            return SUDOKU_EBAD;
        }
        if (t->transpose && !may_transpose(s)) {
            snprintf(why, size, "transposing needs square boxes (these are "
                     "%dx%d)", sh->R, sh->C);
            return SUDOKU_EBAD;
        }
        int seen[SUDOKU_MAX_ORDER + 1] = { 0 };
        for (int d = 1; d <= N; d++)
            if (t->label[d] < 1 || t->label[d] > N || seen[t->label[d]]++) {
                snprintf(why, size, "the relabeling must be a permutation "
                         "of 1..%d", N);
                return SUDOKU_EBAD;
            }
        return SUDOKU_OK; /* every rotation and reflection keeps X */
    }
    int st = sudoku_transform_check(sh, t, why, size);
    if (st != SUDOKU_OK || !s->diagonals)
        return st;
    /* new (k, k) is old (row[k], col[k]) and new (k, N-1-k) old (row[k],
     * col[N-1-k]) (a transposition keeps each diagonal): each diagonal's
     * cells must all come from one diagonal */
    int main_main = 1, main_anti = 1, anti_main = 1, anti_anti = 1;
    for (int k = 0; k < N; k++) {
        int a = t->row[k], b = t->col[k], c = t->col[N - 1 - k];
        main_main &= a == b;
        main_anti &= a + b == N - 1;
        anti_main &= a == c;
        anti_anti &= a + c == N - 1;
    }
    if (!((main_main && anti_anti) || (main_anti && anti_main))) {
        snprintf(why, size, "this row and column order takes cells off "
                 "the diagonals of X sudoku (the column order must be the "
                 "row order or its mirror, the row order commute with the "
                 "mirror)");
        return SUDOKU_EBAD;
    }
    return SUDOKU_OK;
}

/* ---- the row orders of X ------------------------------------------------- */

/* Row orders of the X group: p keeps blocks of R and of C rows and
 * commutes with the mirror.  Filled in row order; a row past the middle
 * takes its mirror's image. */
typedef struct xperms {
    int N, R, C;
    int p[SUDOKU_MAX_ORDER];
    int used[SUDOKU_MAX_ORDER];
    /* enumeration: each complete order to fn */
    int (*fn)(void *ctx, const int *p);
    void *ctx;
    /* random: a uniform choice at each free step */
    grid_rng *rng;
} xperms;

static int fits(const xperms *x, int r, int v)
{
    if (v < 0 || v >= x->N || x->used[v])
        return 0;
    int sizes[2] = { x->R, x->C };
    for (int k = 0; k < 2; k++) {
        int s = sizes[k], first = r - r % s;
        if (r % s && x->p[first] / s != v / s)
            return 0;
    }
    return 1;
}

/* Every order from row r on; the status of fn (non-zero stops). */
static int xperm_walk(xperms *x, int r)
{
    int N = x->N;
    if (r == N)
        return x->fn(x->ctx, x->p);
    int mate = N - 1 - r;
    if (mate < r) {
        int v = N - 1 - x->p[mate];
        if (!fits(x, r, v))
            return 0;
        x->p[r] = v;
        x->used[v] = 1;
        int st = xperm_walk(x, r + 1);
        x->used[v] = 0;
        return st;
    }
    for (int v = 0; v < N; v++) {
        if (!fits(x, r, v) || (mate == r && v != N - 1 - v))
            continue;
        x->p[r] = v;
        x->used[v] = 1;
        int st = xperm_walk(x, r + 1);
        x->used[v] = 0;
        if (st)
            return st;
    }
    return 0;
}

/* A random order of the group: the free choices at random, backing up
 * from a dead end (the block rules can leave none). */
static int xperm_random(xperms *x, int r)
{
    int N = x->N;
    if (r == N)
        return 1;
    int mate = N - 1 - r, cand[SUDOKU_MAX_ORDER], n = 0;
    if (mate < r) {
        int v = N - 1 - x->p[mate];
        if (fits(x, r, v))
            cand[n++] = v;
    } else {
        for (int v = 0; v < N; v++)
            if (fits(x, r, v) && !(mate == r && v != N - 1 - v))
                cand[n++] = v;
    }
    while (n > 0) {
        int k = grid_rng_below(x->rng, n), v = cand[k];
        cand[k] = cand[--n];
        x->p[r] = v;
        x->used[v] = 1;
        int ok = xperm_random(x, r + 1);
        x->used[v] = 0;
        if (ok)
            return 1;
    }
    return 0;
}

/* ---- the cell maps of a variant's group ---------------------------------- */

typedef struct maps {
    const sudoku *s;
    int (*fn)(void *ctx, const sudoku_transform *t);
    void *ctx;
    int transpose;
} maps;

static int x_map(void *ctx, const int *p)
{
    maps *m = ctx;
    int N = m->s->shape.N;
    sudoku_transform t;
    sudoku_transform_identity(&m->s->shape, &t);
    t.transpose = m->transpose;
    for (int mirror = 0; mirror < 2; mirror++) {
        for (int k = 0; k < N; k++) {
            t.row[k] = p[k];
            t.col[k] = mirror ? N - 1 - p[k] : p[k];
        }
        int st = m->fn(m->ctx, &t);
        if (st)
            return st;
    }
    return 0;
}

/* Calls fn for each cell map of s's group (labels unchanged). */
static int each_map(const sudoku *s,
                    int (*fn)(void *ctx, const sudoku_transform *t),
                    void *ctx)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N;
    for (int tr = 0; tr < 2; tr++) {
        if (tr && !may_transpose(s))
            continue;
        if (dihedral_only(s)) {
            for (int f = 0; f < 4; f++) {
                sudoku_transform t;
                sudoku_transform_identity(sh, &t);
                t.transpose = tr;
                for (int k = 0; k < N; k++) {
                    t.row[k] = f & 1 ? N - 1 - k : k;
                    t.col[k] = f & 2 ? N - 1 - k : k;
                }
                int st = fn(ctx, &t);
                if (st)
                    return st;
            }
            continue;
        }
        maps m = { s, fn, ctx, tr };
        xperms x;
        memset(&x, 0, sizeof x);
        x.N = N;
        x.R = sh->R;
        x.C = sh->C;
        x.fn = x_map;
        x.ctx = &m;
        int st = xperm_walk(&x, 0);
        if (st)
            return st;
    }
    return 0;
}

int sudoku_variant_transform_random(const sudoku *s, uint64_t seed,
                                    sudoku_transform *t)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N;
    grid_rng g = { seed };
    sudoku_transform_identity(sh, t);
    t->transpose = may_transpose(s) && (grid_rng_next(&g) & 1);
    if (dihedral_only(s)) {
        int f = grid_rng_below(&g, 4);
        for (int k = 0; k < N; k++) {
            t->row[k] = f & 1 ? N - 1 - k : k;
            t->col[k] = f & 2 ? N - 1 - k : k;
        }
    } else {
        xperms x;
        memset(&x, 0, sizeof x);
        x.N = N;
        x.R = sh->R;
        x.C = sh->C;
        x.rng = &g;
        if (!xperm_random(&x, 0))
            return SUDOKU_EBAD; /* not reached: the identity fits */
        int mirror = grid_rng_next(&g) & 1;
        for (int k = 0; k < N; k++) {
            t->row[k] = x.p[k];
            t->col[k] = mirror ? N - 1 - x.p[k] : x.p[k];
        }
    }
    if (!s->n_cages)
        for (int d = N; d > 1; d--) {
            int k = 1 + grid_rng_below(&g, d), v = t->label[d];
            t->label[d] = t->label[k];
            t->label[k] = v;
        }
    return SUDOKU_OK;
}

/* ---- applying and comparing ---------------------------------------------- */

/* The old cell that new cell (r, c) comes from. */
static int source_cell(const sudoku_transform *t, int N, int r, int c)
{
    int a = t->row[r], b = t->col[c];
    return t->transpose ? b * N + a : a * N + b;
}

/* Numbers the keys of the cells (regions, cages; -1 none) by first
 * appearance in reading order, in place; map[old] = new (n entries). */
static void first_appearance(int *key, int NN, int *map, int n)
{
    for (int k = 0; k < n; k++)
        map[k] = -1;
    int next = 0;
    for (int i = 0; i < NN; i++) {
        if (key[i] < 0)
            continue;
        if (map[key[i]] < 0)
            map[key[i]] = next++;
        key[i] = map[key[i]];
    }
}

int sudoku_variant_transform_apply(const sudoku_transform *t,
                                   const sudoku *in, sudoku *out)
{
    int N = in->shape.N, NN = N * N;
    int *key = malloc((size_t)NN * sizeof *key);
    int *map = malloc((size_t)NN * sizeof *map);
    int *sum = malloc((size_t)(NN + 1) * sizeof *sum);
    int st = key && map && sum ? sudoku_transform_apply(t, in, out)
                               : SUDOKU_ENOMEM;
    if (st == SUDOKU_OK) {
        out->diagonals = in->diagonals;
        out->jigsaw = 0;
        out->n_cages = 0;
    }
    if (st == SUDOKU_OK && in->jigsaw) {
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++)
                key[r * N + c] = in->region[source_cell(t, N, r, c)];
        first_appearance(key, NN, map, N);
        st = sudoku_set_regions(out, key);
    }
    if (st == SUDOKU_OK && in->n_cages) {
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++)
                key[r * N + c] = in->cage[source_cell(t, N, r, c)];
        first_appearance(key, NN, map, in->n_cages);
        for (int k = 0; k < in->n_cages; k++)
            if (map[k] >= 0)
                sum[map[k]] = in->cage_sum[k];
        st = sudoku_set_cages(out, in->n_cages, key, sum);
    }
    free(key);
    free(map);
    free(sum);
    return st;
}

/* The canonical search: the least image so far, as a key of ints
 * (cells, regions, cages, sums). */
typedef struct vcanon {
    const sudoku *in;
    int NN, n_keys;
    int *best, *cur, *map;
    int have;
    sudoku_transform best_t;
} vcanon;

static int try_map(void *ctx, const sudoku_transform *t)
{
    vcanon *v = ctx;
    const sudoku *in = v->in;
    int N = in->shape.N, NN = v->NN;
    int *cur = v->cur, *cells = cur, *regions = cur + NN,
        *cages = cur + 2 * NN, *sums = cur + 3 * NN;
    int label[SUDOKU_MAX_ORDER + 1] = { 0 }, next = 1;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int i = source_cell(t, N, r, c), d = in->cell[i];
            if (d && !in->n_cages) {
                if (!label[d])
                    label[d] = next++;
                d = label[d];
            }
            cells[r * N + c] = d;
            regions[r * N + c] = in->jigsaw ? in->region[i] : 0;
            cages[r * N + c] = in->n_cages ? in->cage[i] : -1;
        }
    if (v->have) {
        /* most images lose on the cells alone */
        int k = 0;
        while (k < NN && cells[k] == v->best[k])
            k++;
        if (k < NN && cells[k] > v->best[k])
            return 0;
    }
    if (in->jigsaw)
        first_appearance(regions, NN, v->map, N);
    if (in->n_cages) {
        first_appearance(cages, NN, v->map, in->n_cages);
        for (int k = 0; k < in->n_cages; k++)
            if (v->map[k] >= 0)
                sums[v->map[k]] = in->cage_sum[k];
    }
    if (v->have) {
        int k = 0;
        while (k < v->n_keys && cur[k] == v->best[k])
            k++;
        if (k == v->n_keys || cur[k] > v->best[k])
            return 0;
    }
    memcpy(v->best, cur, (size_t)v->n_keys * sizeof *cur);
    v->best_t = *t;
    for (int d = 1; d <= N; d++)
        v->best_t.label[d] = in->n_cages ? d : label[d];
    if (!in->n_cages) {
        /* digits absent from the puzzle take the labels left, in order */
        for (int d = 1; d <= N; d++)
            if (!label[d])
                v->best_t.label[d] = next++;
    }
    v->have = 1;
    return 0;
}

int sudoku_variant_canon(const sudoku *in, sudoku *out)
{
    int N = in->shape.N, NN = N * N;
    if (N > VCANON_MAX_N)
        return SUDOKU_ELIMIT;
    vcanon v;
    memset(&v, 0, sizeof v);
    v.in = in;
    v.NN = NN;
    v.n_keys = 4 * NN;
    v.best = calloc((size_t)v.n_keys, sizeof *v.best);
    v.cur = calloc((size_t)v.n_keys, sizeof *v.cur);
    v.map = malloc((size_t)NN * sizeof *v.map);
    int st = SUDOKU_ENOMEM;
    if (v.best && v.cur && v.map) {
        each_map(in, try_map, &v);
        st = sudoku_variant_transform_apply(&v.best_t, in, out);
    }
    free(v.best);
    free(v.cur);
    free(v.map);
    return st;
}
