/*
 * sudoku_bands.c - first bands: exact cover, encoding, classes.
 */
#include "sudoku_bands.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "grid.h"
#include "grid_cover.h"

/* Inside this file the work speaks libdlx's statuses, as the engine it
 * calls does, and a cut by max_seconds is BANDS_CUT (no libdlx status);
 * the public functions return the sudoku library's (bands_status).  A
 * bad shape is DLX_EITEM here, SUDOKU_EBAD outside. */
#define BANDS_CUT 1

static int bands_status(int status)
{
    return status == BANDS_CUT   ? SUDOKU_ECUT
           : status == DLX_EITEM ? SUDOKU_EBAD
                                 : sudoku_status_of_dlx(status);
}

static int shape_ok(int R, int C)
{
    return R >= 1 && C >= 1 && R * C <= SUDOKU_BAND_MAX_N;
}

/* ---- the exact cover ----------------------------------------------------- */

int sudoku_band_option(int R, int C, int r, int c, int d)
{
    int N = R * C;
    return (r * N + c) * N + (d - 1);
}

dlx_matrix *sudoku_band_matrix(int R, int C)
{
    if (!shape_ok(R, C))
        return NULL;
    /* the first band of the grid's cover (grid_cover.h): its boxes left
     * to right, its columns secondary */
    return grid_band_matrix(R, C, R);
}

void sudoku_band_first_row(int R, int C, int *opts)
{
    for (int c = 0; c < R * C; c++)
        opts[c] = sudoku_band_option(R, C, 0, c, c + 1);
}

void sudoku_band_from_options(int R, int C, const int *options, int n,
                              int *band)
{
    int N = R * C;
    for (int k = 0; k < n; k++) {
        int cell = options[k] / N;
        band[cell] = options[k] % N + 1;
    }
}

/* ---- encoding ------------------------------------------------------------ */

static const char digits64[] =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

uint64_t sudoku_perm_rank(const int *perm, int n)
{
    /* Lehmer code: for each place, how many later values are smaller */
    uint64_t rank = 0;
    for (int i = 0; i < n; i++) {
        int smaller = 0;
        for (int j = i + 1; j < n; j++)
            smaller += perm[j] < perm[i];
        rank = rank * (uint64_t)(n - i) + (uint64_t)smaller;
    }
    return rank;
}

void sudoku_perm_unrank(uint64_t rank, int n, int *perm)
{
    int code[SUDOKU_BAND_MAX_N], used[SUDOKU_BAND_MAX_N + 1] = { 0 };
    for (int i = n - 1; i >= 0; i--) {
        code[i] = (int)(rank % (uint64_t)(n - i));
        rank /= (uint64_t)(n - i);
    }
    for (int i = 0; i < n; i++) {
        int v = 0;
        for (int seen = -1; seen < code[i]; )
            if (!used[++v])
                seen++;
        used[v] = 1;
        perm[i] = v;
    }
}

int sudoku_rank_width(int n)
{
    /* characters of 6 bits for n! - 1 */
    double bits = 0;
    for (int k = 2; k <= n; k++)
        bits += log2((double)k);
    int w = (int)(bits / 6.0) + 1;
    return w < 1 ? 1 : w;
}

static int is_permutation(const int *row, int n)
{
    int seen[SUDOKU_BAND_MAX_N + 1] = { 0 };
    for (int i = 0; i < n; i++) {
        if (row[i] < 1 || row[i] > n || seen[row[i]])
            return 0;
        seen[row[i]] = 1;
    }
    return 1;
}

int sudoku_band_encode(int R, int C, const int *band, int first_row_fixed,
                       char *out, size_t cap)
{
    int N = R * C, w = sudoku_rank_width(N), len = 0;
    if (!shape_ok(R, C))
        return SUDOKU_EBAD;
    for (int r = first_row_fixed ? 1 : 0; r < R; r++) {
        const int *row = band + r * N;
        if (!is_permutation(row, N) || (size_t)(len + w) >= cap)
            return SUDOKU_EBAD;
        uint64_t rank = sudoku_perm_rank(row, N);
        for (int k = w - 1; k >= 0; k--) {
            out[len + k] = digits64[rank & 63];
            rank >>= 6;
        }
        len += w;
    }
    out[len] = '\0';
    return len;
}

int sudoku_band_decode(int R, int C, const char *code, int first_row_fixed,
                       int *band)
{
    int N = R * C, w = sudoku_rank_width(N);
    if (!shape_ok(R, C))
        return SUDOKU_EBAD;
    size_t want = (size_t)(R - (first_row_fixed ? 1 : 0)) * (size_t)w;
    if (strlen(code) != want)
        return SUDOKU_EBAD;
    uint64_t limit = 1;
    for (int k = 2; k <= N; k++)
        limit *= (uint64_t)k;
    if (first_row_fixed)
        for (int c = 0; c < N; c++)
            band[c] = c + 1;
    for (int r = first_row_fixed ? 1 : 0; r < R; r++) {
        uint64_t rank = 0;
        for (int k = 0; k < w; k++) {
            const char *p = strchr(digits64, *code++);
            if (!p || !*p)
                return SUDOKU_EBAD;
            rank = rank * 64 + (uint64_t)(p - digits64);
        }
        if (rank >= limit)
            return SUDOKU_EBAD;
        sudoku_perm_unrank(rank, N, band + r * N);
    }
    return SUDOKU_OK;
}

/* ---- classes ------------------------------------------------------------- */

/* A band with its first row 1..N is its key: the ranks of rows 1.. as
 * digits in base N!. */
typedef struct band_set {
    int R, C, N;
    uint64_t fact;
    uint64_t *keys;
    size_t n, cap;
} band_set;

static uint64_t key_of(const band_set *bs, const int *band)
{
    uint64_t key = 0;
    for (int r = 1; r < bs->R; r++)
        key = key * bs->fact + sudoku_perm_rank(band + r * bs->N, bs->N);
    return key;
}

static void band_of(const band_set *bs, uint64_t key, int *band)
{
    for (int c = 0; c < bs->N; c++)
        band[c] = c + 1;
    for (int r = bs->R - 1; r >= 1; r--) {
        sudoku_perm_unrank(key % bs->fact, bs->N, band + r * bs->N);
        key /= bs->fact;
    }
}

static int keep_band(void *ctx, const int *options, int n)
{
    band_set *bs = ctx;
    if (bs->n == bs->cap) {
        size_t cap = bs->cap ? 2 * bs->cap : 1 << 16;
        uint64_t *k = realloc(bs->keys, cap * sizeof *k);
        if (!k)
            return 1;
        bs->keys = k;
        bs->cap = cap;
    }
    int band[SUDOKU_BAND_MAX_N * SUDOKU_BAND_MAX_N];
    sudoku_band_from_options(bs->R, bs->C, options, n, band);
    bs->keys[bs->n++] = key_of(bs, band);
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static size_t find_key(const band_set *bs, uint64_t key)
{
    size_t lo = 0, hi = bs->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (bs->keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static uint32_t find_root(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

static void unite(uint32_t *parent, uint32_t a, uint32_t b)
{
    a = find_root(parent, a);
    b = find_root(parent, b);
    if (a != b)
        parent[a < b ? b : a] = a < b ? a : b;
}

/* Relabels so that the first row reads 1..N. */
static void normalize(int R, int N, int *band)
{
    int map[SUDOKU_BAND_MAX_N + 1];
    for (int c = 0; c < N; c++)
        map[band[c]] = c + 1;
    for (int i = 0; i < R * N; i++)
        band[i] = map[band[i]];
}

static void swap_rows(int N, int *band, int a, int b)
{
    for (int c = 0; c < N; c++) {
        int t = band[a * N + c];
        band[a * N + c] = band[b * N + c];
        band[b * N + c] = t;
    }
}

static void swap_cols(int R, int N, int *band, int a, int b)
{
    for (int r = 0; r < R; r++) {
        int t = band[r * N + a];
        band[r * N + a] = band[r * N + b];
        band[r * N + b] = t;
    }
}

/* Generator g applied to band (in place); returns 0 when g is past the
 * last generator.  Generators: adjacent rows, adjacent boxes, adjacent
 * columns inside each box; together they generate the band's symmetries. */
static int apply_generator(int R, int C, int g, int *band)
{
    int N = R * C;
    if (g < R - 1) {
        swap_rows(N, band, g, g + 1);
        return 1;
    }
    g -= R - 1;
    if (g < R - 1) {
        for (int k = 0; k < C; k++)
            swap_cols(R, N, band, g * C + k, (g + 1) * C + k);
        return 1;
    }
    g -= R - 1;
    if (g < R * (C - 1)) {
        int box = g / (C - 1), k = g % (C - 1);
        swap_cols(R, N, band, box * C + k, box * C + k + 1);
        return 1;
    }
    return 0;
}

/* Rearranging the digits inside each mini-column (the R cells of one
 * column of the band) keeps every column's set of digits, and with it the
 * number of completions below the band.  walk() tries every such
 * rearrangement that is still a band (no digit twice in a row), cell by
 * cell in column order, and joins its class with the original's. */
typedef struct rearrange {
    const band_set *bs;
    uint32_t *parent;
    uint32_t origin;
    const int *band;     /* the original */
    int *work;           /* being filled */
    uint32_t rows[SUDOKU_BAND_MAX_N];      /* digits used in each row */
    uint32_t left[SUDOKU_BAND_MAX_N];      /* digits left in each column */
    /* the budget, read every 4096 steps (4x2 bands take minutes) */
    double max_seconds, start;
    uint64_t steps;
    int cut;
} rearrange;

static void walk(rearrange *w, int cell)
{
    const band_set *bs = w->bs;
    int R = bs->R, N = bs->N;
    if (w->cut || (++w->steps % 4096 == 0 && w->max_seconds > 0 &&
                   grid_seconds() - w->start >= w->max_seconds)) {
        w->cut = 1;
        return;
    }
    if (cell == R * N) {
        int moved[SUDOKU_BAND_MAX_N * SUDOKU_BAND_MAX_N];
        memcpy(moved, w->work, (size_t)(R * N) * sizeof *moved);
        normalize(R, N, moved);
        uint64_t key = key_of(bs, moved);
        size_t j = find_key(bs, key);
        if (j < bs->n && bs->keys[j] == key)
            unite(w->parent, w->origin, (uint32_t)j);
        return;
    }
    int c = cell / R, r = cell % R;
    uint32_t options = w->left[c] & ~w->rows[r];
    for (int d = 1; d <= N; d++) {
        if (!(options >> d & 1))
            continue;
        w->work[r * N + c] = d;
        w->left[c] &= ~(1u << d);
        w->rows[r] |= 1u << d;
        walk(w, cell + 1);
        w->left[c] |= 1u << d;
        w->rows[r] &= ~(1u << d);
    }
}

static uint64_t count_roots(uint32_t *parent, size_t n)
{
    uint64_t roots = 0;
    for (size_t i = 0; i < n; i++)
        roots += find_root(parent, (uint32_t)i) == i;
    return roots;
}

/* Every band with the first row fixed, as keys in bs (unsorted), within
 * max_seconds of start (0: no limit; BANDS_CUT past it). */
static int list_bands(band_set *bs, uint64_t max_bands, double max_seconds,
                      double start)
{
    dlx_matrix *m = sudoku_band_matrix(bs->R, bs->C);
    if (!m)
        return DLX_ENOMEM;
    int first[SUDOKU_BAND_MAX_N];
    sudoku_band_first_row(bs->R, bs->C, first);
    dlx_result res;
    /* count first, so that a huge band is refused before any listing.
     * Knuth's random paths first: 2,000 take milliseconds and say 6.6e10
     * for 3x4 (its plain count took 11 s to pass the bound), within a
     * percent for bands; only ten times the bound refuses on them, the
     * plain count up to the bound decides the rest */
    dlx_search s = dlx_search_defaults();
    s.forced = first;
    s.n_forced = bs->N;
    s.seed = 1;
    dlx_estimate e;
    int status = dlx_estimate_size(m, &s, 2000, &e);
    if (status == DLX_OK && e.outcome == DLX_COMPLETE &&
        e.solutions > 10.0 * (double)max_bands) {
        dlx_free(m);
        return DLX_ETOOBIG;
    }
    s.seed = 0;
    s.max_solutions = max_bands + 1;
    s.max_seconds = max_seconds;
    if (max_seconds > 0)
        s.max_seconds = max_seconds - (grid_seconds() - start);
    status = max_seconds > 0 && s.max_seconds <= 0
             ? BANDS_CUT : dlx_solve(m, &s, &res);
    if (status == DLX_OK && res.outcome == DLX_STOP_TIME)
        status = BANDS_CUT;
    if (status == DLX_OK && dlx_count_u64(res.solutions) > max_bands)
        status = DLX_ETOOBIG;
    if (status == DLX_OK) {
        s.max_solutions = 0;
        s.on_solution = keep_band;
        s.solution_ctx = bs;
        if (max_seconds > 0)
            s.max_seconds = max_seconds - (grid_seconds() - start);
        status = max_seconds > 0 && s.max_seconds <= 0
                 ? BANDS_CUT : dlx_solve(m, &s, &res);
        if (status == DLX_OK && res.outcome == DLX_STOP_TIME)
            status = BANDS_CUT;
        else if (status == DLX_OK && res.outcome != DLX_COMPLETE)
            status = DLX_ENOMEM;
    }
    dlx_free(m);
    return status;
}

/* Joins each band with its images under the generators. */
static int join_symmetric(const band_set *bs, uint32_t *parent,
                          double max_seconds, double start)
{
    int R = bs->R, C = bs->C, N = bs->N;
    for (size_t i = 0; i < bs->n; i++)
        parent[i] = (uint32_t)i;
    int band[SUDOKU_BAND_MAX_N * SUDOKU_BAND_MAX_N], moved[sizeof band /
                                                          sizeof *band];
    for (size_t i = 0; i < bs->n; i++) {
        /* the budget, read every 4096 bands (4x2 has 20 million) */
        if ((i & 4095) == 4095 && max_seconds > 0 &&
            grid_seconds() - start >= max_seconds)
            return BANDS_CUT;
        band_of(bs, bs->keys[i], band);
        for (int g = 0;; g++) {
            memcpy(moved, band, (size_t)(R * N) * sizeof *band);
            if (!apply_generator(R, C, g, moved))
                break;
            normalize(R, N, moved);
            uint64_t key = key_of(bs, moved);
            size_t j = find_key(bs, key);
            if (j < bs->n && bs->keys[j] == key)
                unite(parent, (uint32_t)i, (uint32_t)j);
        }
    }
    return DLX_OK;
}

/* mini-column rearrangements commute with the symmetries, so one band per
 * class is enough */
static int join_rearranged(const band_set *bs, uint32_t *parent,
                           double max_seconds, double start)
{
    int R = bs->R, N = bs->N;
    uint32_t *roots = malloc((bs->n + 1) * sizeof *roots);
    if (!roots)
        return DLX_ENOMEM;
    size_t n_roots = 0;
    for (size_t i = 0; i < bs->n; i++)
        if (find_root(parent, (uint32_t)i) == i)
            roots[n_roots++] = (uint32_t)i;
    int band[SUDOKU_BAND_MAX_N * SUDOKU_BAND_MAX_N];
    int status = DLX_OK;
    for (size_t k = 0; k < n_roots && status == DLX_OK; k++) {
        int work[SUDOKU_BAND_MAX_N * SUDOKU_BAND_MAX_N];
        rearrange w = { bs, parent, roots[k], band, work, { 0 }, { 0 },
                        max_seconds, start, 0, 0 };
        band_of(bs, bs->keys[roots[k]], band);
        for (int r = 0; r < R; r++)
            for (int c = 0; c < N; c++)
                w.left[c] |= 1u << band[r * N + c];
        walk(&w, 0);
        if (w.cut)
            status = BANDS_CUT;
    }
    free(roots);
    return status;
}

/* Lists every band with its first row fixed (sorted keys in bs) and joins
 * them into classes in parent[] (under the symmetries, then the
 * mini-column rearrangements); the figures go to *out.  The caller frees
 * bs->keys and *parent_out.  Within max_seconds (0: no limit), else
 * BANDS_CUT. */
static int classify(int R, int C, uint64_t max_bands, double max_seconds,
                    band_set *bs_out, uint32_t **parent_out,
                    sudoku_band_classes *out)
{
    double start = grid_seconds();
    memset(out, 0, sizeof *out);
    *parent_out = NULL;
    if (!shape_ok(R, C))
        return DLX_EITEM;
    band_set bs = { R, C, R * C, 1, NULL, 0, 0 };
    for (int k = 2; k <= bs.N; k++)
        bs.fact *= (uint64_t)k;
    /* keys must fit: fact^(R-1) < 2^64 */
    double span = 1;
    for (int r = 1; r < R; r++)
        span *= (double)bs.fact;
    if (span > 1.8e19)
        return DLX_ETOOBIG;
    int status = list_bands(&bs, max_bands, max_seconds, start);
    uint32_t *parent = NULL;
    if (status == DLX_OK) {
        qsort(bs.keys, bs.n, sizeof *bs.keys, cmp_u64);
        parent = malloc((bs.n + 1) * sizeof *parent);
        if (!parent)
            status = DLX_ENOMEM;
    }
    if (status == DLX_OK) {
        out->bands = bs.n;
        status = join_symmetric(&bs, parent, max_seconds, start);
        out->symmetry = count_roots(parent, bs.n);
        if (status == DLX_OK)
            status = join_rearranged(&bs, parent, max_seconds, start);
        out->column_sets = count_roots(parent, bs.n);
    }
    *bs_out = bs;
    *parent_out = parent;
    return status;
}

int sudoku_band_count_classes(int R, int C, uint64_t max_bands,
                              sudoku_band_classes *out)
{
    return sudoku_band_count_classes_within(R, C, max_bands, 0, out);
}

int sudoku_band_count_classes_within(int R, int C, uint64_t max_bands,
                                     double max_seconds,
                                     sudoku_band_classes *out)
{
    band_set bs = { 0 };
    uint32_t *parent;
    int status = classify(R, C, max_bands, max_seconds, &bs, &parent, out);
    free(parent);
    free(bs.keys);
    return bands_status(status);
}

int sudoku_band_class_list(int R, int C, uint64_t max_bands,
                           sudoku_band_class **list, size_t *n)
{
    return sudoku_band_class_list_within(R, C, max_bands, 0, list, n);
}

int sudoku_band_class_list_within(int R, int C, uint64_t max_bands,
                                  double max_seconds,
                                  sudoku_band_class **list, size_t *n)
{
    band_set bs = { 0 };
    uint32_t *parent;
    sudoku_band_classes cl;
    *list = NULL;
    *n = 0;
    int status = classify(R, C, max_bands, max_seconds, &bs, &parent, &cl);
    sudoku_band_class *out = NULL;
    size_t k = 0;
    if (status == DLX_OK &&
        !(out = calloc(cl.column_sets + 1, sizeof *out)))
        status = DLX_ENOMEM;
    /* parent[] of a class ends at its least member (unite keeps the
     * smaller root), so classes come in the order of their first band */
    uint32_t *slot = status == DLX_OK ? malloc((bs.n + 1) * sizeof *slot)
                                      : NULL;
    if (status == DLX_OK && !slot)
        status = DLX_ENOMEM;
    for (size_t i = 0; status == DLX_OK && i < bs.n; i++) {
        uint32_t root = find_root(parent, (uint32_t)i);
        if (root == i) {
            slot[i] = (uint32_t)k;
            band_of(&bs, bs.keys[i], out[k].band);
            k++;
        }
        out[slot[root]].size++;
    }
    free(slot);
    free(parent);
    free(bs.keys);
    if (status != DLX_OK) {
        free(out);
        return bands_status(status);
    }
    *list = out;
    *n = k;
    return SUDOKU_OK;
}
