/*
 * sudoku_grids.c - every sudoku grid counted: the band classes of
 * sudoku_bands.c, and the completions below each class's first band
 * counted by memo (dlx_count_memo).
 *
 *   grids = N! x sum over classes (bands in the class x completions)
 *
 * (N! first rows; bands of one class have the same completions.)  Two
 * ways to count a band's completions:
 *
 *   whole grid   the grid's exact cover with the band forced, counted by
 *                memo with the cells in row order.  Any shape.
 *   two bands    when two bands are left below (N = 3R: 6x6, 9x9), each
 *                column c has N - R digits left, R for each band.  The
 *                second band's column sets T (each stack's sets a
 *                partition of the digits) fix the third's (what is left,
 *                T'), so that
 *                    completions = sum over T of bands(T) x bands(T'),
 *                where bands(T) counts the bands whose columns hold the
 *                sets T: a small exact cover (cells, row-digit and
 *                column-digit items), counted by memo.  T' runs over the
 *                same sets as T, so each bands(T) is counted once.  9x9:
 *                56^3 = 175,616 sets per class (Felgenhauer and Jarvis's
 *                column-set argument).
 */
#include "sudoku_bands.h"
#include "grid_cover.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_N = SUDOKU_BAND_MAX_N };

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* a += b; non-zero past 2^128 */
static int add_over(dlx_count *a, dlx_count b)
{
    dlx_count s = dlx_count_add(*a, b);
    int over = s.hi < a->hi || (s.hi == a->hi && s.lo < a->lo);
    *a = s;
    return over;
}

static void add_stats(dlx_memo_stats *a, const dlx_memo_stats *b)
{
    a->subproblems += b->subproblems;
    a->hits += b->hits;
    a->stored += b->stored;
    if (b->bytes > a->bytes)
        a->bytes = b->bytes;
    a->parts += b->parts;
    a->dropped += b->dropped;
}

/* ---- the whole grid -------------------------------------------------------

   The cover is the grid's own (grid_box_matrix, grid_cover.h): items
   cell (r, c), then row-digit, column-digit, box-digit, each row by row:
   the cells first, so that the memo's frontier runs along rows. */

static int whole_grid(int R, int C, const int *band, size_t memo_bytes,
                      double seconds, dlx_count *out, dlx_memo_stats *st,
                      dlx_outcome *outcome)
{
    int N = R * C, forced[MAX_N * MAX_N];
    dlx_matrix *m = grid_box_matrix(R, C);
    if (!m)
        return DLX_ENOMEM;
    for (int i = 0; i < R * N; i++)
        forced[i] = i * N + band[i] - 1;
    dlx_search s = dlx_search_defaults();
    s.forced = forced;
    s.n_forced = R * N;
    s.max_seconds = seconds;
    dlx_result r;
    int status = dlx_count_memo(m, &s, memo_bytes, &r, st);
    dlx_free(m);
    *out = r.solutions;
    *outcome = r.outcome;
    return status;
}

/* ---- two bands below ----------------------------------------------------- */

typedef struct stack_sets {
    int n, cap;
    uint32_t *sets;          /* n entries of C masks */
    int *other;              /* index of the complement (T') */
} stack_sets;

static int popcount(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Every way to give each column of stack s (columns c0 .. c0+C-1) R of
 * its digits left (left[c]) so that the stack's sets partition 1..N. */
static int enum_stack(int R, int C, const uint32_t *left, int d,
                      uint32_t *cur, stack_sets *ss)
{
    int N = R * C;
    if (d > N) {
        if (ss->n == ss->cap) {
            int cap = ss->cap ? 2 * ss->cap : 64;
            uint32_t *p = realloc(ss->sets, (size_t)cap * C * sizeof *p);
            if (!p)
                return DLX_ENOMEM;
            ss->sets = p;
            ss->cap = cap;
        }
        memcpy(ss->sets + (size_t)ss->n * C, cur, (size_t)C * sizeof *cur);
        ss->n++;
        return DLX_OK;
    }
    for (int k = 0; k < C; k++) {
        uint32_t bit = 1u << d;
        if (!(left[k] & bit) || popcount(cur[k]) >= R)
            continue;
        cur[k] |= bit;
        int st = enum_stack(R, C, left, d + 1, cur, ss);
        cur[k] &= ~bit;
        if (st != DLX_OK)
            return st;
    }
    return DLX_OK;
}

/* bands(T): the bands of R rows whose column c holds the digits sets[c]. */
static int count_band(int R, int C, const uint32_t *sets, size_t memo_bytes,
                      dlx_count *out, dlx_memo_stats *st)
{
    int N = R * C, cells = R * N;
    dlx_matrix *m = dlx_new(3 * cells, 0);
    if (!m)
        return DLX_ENOMEM;
    /* column-digit items numbered by the digit's place in its column */
    for (int r = 0; r < R; r++)
        for (int c = 0; c < N; c++) {
            int k = 0;
            for (int d = 1; d <= N; d++) {
                if (!(sets[c] >> d & 1))
                    continue;
                int items[3] = { r * N + c, cells + r * N + d - 1,
                                 2 * cells + c * R + k++ };
                if (dlx_add_option(m, 3, items, NULL) < 0) {
                    dlx_free(m);
                    return DLX_ENOMEM;
                }
            }
        }
    dlx_result r;
    dlx_memo_stats ms;
    int status = dlx_count_memo(m, NULL, memo_bytes, &r, &ms);
    dlx_free(m);
    *out = r.solutions;
    add_stats(st, &ms);
    return status;
}

static void free_stacks(stack_sets *ss, int n)
{
    for (int s = 0; s < n; s++) {
        free(ss[s].sets);
        free(ss[s].other);
    }
}

/* The digits each column has left below the band. */
static void left_below(int R, int C, const int *band, uint32_t *left)
{
    int N = R * C;
    uint32_t all = 0;
    for (int d = 1; d <= N; d++)
        all |= 1u << d;
    for (int c = 0; c < N; c++) {
        left[c] = all;
        for (int r = 0; r < R; r++)
            left[c] &= ~(1u << band[r * N + c]);
    }
}

/* The sets of each stack for a band whose columns take R digits of
 * left[c] each, and the complement map (what a second band takes when
 * left[c] has 2R digits). */
static int make_stacks(int R, int C, const uint32_t *left, stack_sets *ss)
{
    int N = R * C, stacks = N / C;
    memset(ss, 0, (size_t)stacks * sizeof *ss);
    for (int s = 0; s < stacks; s++) {
        uint32_t cur[MAX_N] = { 0 };
        int st = enum_stack(R, C, left + s * C, 1, cur, &ss[s]);
        if (st == DLX_OK &&
            !(ss[s].other = malloc((size_t)ss[s].n * sizeof(int))))
            st = DLX_ENOMEM;
        if (st != DLX_OK)
            return st;
        for (int i = 0; i < ss[s].n; i++) {
            uint32_t want[MAX_N];
            for (int k = 0; k < C; k++)
                want[k] = left[s * C + k] & ~ss[s].sets[i * C + k];
            ss[s].other[i] = -1;
            for (int j = 0; j < ss[s].n; j++)
                if (!memcmp(want, ss[s].sets + (size_t)j * C,
                            (size_t)C * sizeof *want))
                    ss[s].other[i] = j;
        }
    }
    return DLX_OK;
}

/* bands(T) depends only on which column of each stack holds each digit:
 * the digits with the same columns can be swapped.  So it is kept under
 * the counts of digits per column vector (a table of C^stacks counts of
 * at most R, 4 bits each), and T's that share them are counted once
 * (9x9: the 175,616 sets of a class come down to a few thousand). */
typedef struct band_cache {
    size_t cap, used;
    uint64_t *keys;          /* 2 words a slot; (0, 0) empty */
    dlx_count *counts;
} band_cache;

static int shape_key(int R, int C, const uint32_t *sets, uint64_t key[2])
{
    int N = R * C, stacks = N / C, where[MAX_N + 1] = { 0 };
    unsigned counts[32] = { 0 };
    for (int s = 0, scale = 1; s < stacks; s++, scale *= C) {
        if (scale * C > 32)
            return 0;
        for (int k = 0; k < C; k++)
            for (int d = 1; d <= N; d++)
                if (sets[s * C + k] >> d & 1)
                    where[d] += k * scale;
    }
    for (int d = 1; d <= N; d++)
        counts[where[d]]++;
    key[0] = key[1] = 0;
    for (int i = 0; i < 32; i++)
        key[i / 16] |= (uint64_t)(counts[i] & 15) << (4 * (i % 16));
    key[1] |= (uint64_t)1 << 63;     /* never (0, 0) */
    return 1;
}

static dlx_count *cache_slot(band_cache *bc, const uint64_t key[2], int *found)
{
    if (2 * (bc->used + 1) > bc->cap) {
        size_t cap = bc->cap ? 2 * bc->cap : 1024;
        band_cache big = { cap, 0, calloc(2 * cap, sizeof(uint64_t)),
                           calloc(cap, sizeof(dlx_count)) };
        if (!big.keys || !big.counts) {
            free(big.keys);
            free(big.counts);
            return NULL;
        }
        for (size_t i = 0; i < bc->cap; i++)
            if (bc->keys[2 * i + 1]) {
                int f;
                *cache_slot(&big, bc->keys + 2 * i, &f) = bc->counts[i];
            }
        free(bc->keys);
        free(bc->counts);
        *bc = big;
    }
    size_t i = (size_t)((key[0] ^ key[1]) * 0x9e3779b97f4a7c15u >> 20) &
               (bc->cap - 1);
    while (bc->keys[2 * i + 1] && (bc->keys[2 * i] != key[0] ||
                                   bc->keys[2 * i + 1] != key[1]))
        i = (i + 1) & (bc->cap - 1);
    *found = bc->keys[2 * i + 1] != 0;
    if (!*found) {
        bc->keys[2 * i] = key[0];
        bc->keys[2 * i + 1] = key[1];
        bc->used++;
    }
    return &bc->counts[i];
}

static int cached_band(int R, int C, const uint32_t *sets, size_t memo_bytes,
                       band_cache *bc, dlx_count *out, dlx_memo_stats *st)
{
    uint64_t key[2];
    int found;
    dlx_count *slot = shape_key(R, C, sets, key) ? cache_slot(bc, key, &found)
                                                 : NULL;
    if (slot && found) {
        *out = *slot;
        return DLX_OK;
    }
    int status = count_band(R, C, sets, memo_bytes, out, st);
    if (slot)
        *slot = *out;
    return status;
}

/* The completions of two bands below columns that have the digits
 * left[c] (2R each): the sum over the first's column sets T of
 * bands(T) x bands(T'), within `seconds` of now (0: no limit). */
static int pair_sum(int R, int C, const uint32_t *left, size_t memo_bytes,
                    band_cache *cache, double seconds, dlx_count *out,
                    dlx_memo_stats *st, dlx_outcome *outcome)
{
    int N = R * C, stacks = N / C;
    stack_sets ss[MAX_N];
    double start = now_seconds();
    *out = (dlx_count){ 0, 0 };
    *outcome = DLX_COMPLETE;
    int status = make_stacks(R, C, left, ss);
    size_t total = 1;
    for (int s = 0; status == DLX_OK && s < stacks; s++)
        total *= (size_t)ss[s].n;
    dlx_count *nb = status == DLX_OK ? calloc(total + 1, sizeof *nb) : NULL;
    if (status == DLX_OK && !nb)
        status = DLX_ENOMEM;
    /* bands(T) for every T, the index running over the stacks' choices */
    for (size_t t = 0; status == DLX_OK && t < total; t++) {
        uint32_t sets[MAX_N];
        size_t rest = t;
        for (int s = stacks - 1; s >= 0; s--) {
            int i = (int)(rest % (size_t)ss[s].n);
            rest /= (size_t)ss[s].n;
            memcpy(sets + s * C, ss[s].sets + (size_t)i * C,
                   (size_t)C * sizeof *sets);
        }
        status = cached_band(R, C, sets, memo_bytes, cache, &nb[t], st);
        if (seconds > 0 && (t & 255) == 255 &&
            now_seconds() - start >= seconds) {
            *outcome = DLX_STOP_TIME;
            break;
        }
    }
    for (size_t t = 0; status == DLX_OK && *outcome == DLX_COMPLETE &&
                       t < total; t++) {
        size_t rest = t, u = 0, scale = 1;
        for (int s = stacks - 1; s >= 0; s--) {
            size_t n = (size_t)ss[s].n;
            u += (size_t)ss[s].other[rest % n] * scale;
            rest /= n;
            scale *= n;
        }
        dlx_count p;
        if (dlx_count_mul(nb[t], nb[u], &p) || add_over(out, p))
            status = DLX_EOVERFLOW;
    }
    free(nb);
    free_stacks(ss, stacks);
    return status;
}

static int two_bands(int R, int C, const int *band, size_t memo_bytes,
                     band_cache *cache, double seconds, dlx_count *out,
                     dlx_memo_stats *st, dlx_outcome *outcome)
{
    uint32_t left[MAX_N];
    left_below(R, C, band, left);
    return pair_sum(R, C, left, memo_bytes, cache, seconds, out, st,
                    outcome);
}

/* ---- three bands or more below -------------------------------------------

   When three bands or more are left (N >= 4R: 8x8, 10x10), the two-band
   sum nests:

       completions = sum over T of bands(T) x pairs(left - T),

   T the second band's column sets and pairs(M) the sum of the bands
   below it, nested down to the two-band sum, below columns that have the
   digits M[c] left.  pairs(M) is the same for M and a relabeling of M:
   it depends only on where each digit is, its "profile" (the columns
   that still have it), so it is kept under the sorted profiles of the
   digits, and the T's whose rests share them are summed once (8x8: a
   few hundred pairs() per class instead of tens of thousands). */
typedef struct pair_cache {
    size_t cap, used;
    uint64_t *keys;          /* 4 words a slot; word 3 bit 63 set: used */
    dlx_count *counts;
} pair_cache;

static int profile_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The sorted profiles of M (N <= 12: 12 of 20 bits fit in 4 words). */
static void profile_key(int R, int C, const uint32_t *M, uint64_t key[4])
{
    int N = R * C;
    uint32_t prof[MAX_N];
    for (int d = 1; d <= N; d++) {
        prof[d - 1] = 0;
        for (int c = 0; c < N; c++)
            if (M[c] >> d & 1)
                prof[d - 1] |= 1u << c;
    }
    qsort(prof, (size_t)N, sizeof *prof, profile_cmp);
    memset(key, 0, 4 * sizeof *key);
    for (int d = 0; d < N; d++)
        key[d / 3] |= (uint64_t)prof[d] << (21 * (d % 3));
    key[3] |= (uint64_t)1 << 63;
}

static dlx_count *pair_slot(pair_cache *pc, const uint64_t key[4],
                            int *found)
{
    if (2 * (pc->used + 1) > pc->cap) {
        size_t cap = pc->cap ? 2 * pc->cap : 1024;
        pair_cache big = { cap, 0, calloc(4 * cap, sizeof(uint64_t)),
                           calloc(cap, sizeof(dlx_count)) };
        if (!big.keys || !big.counts) {
            free(big.keys);
            free(big.counts);
            return NULL;
        }
        for (size_t i = 0; i < pc->cap; i++)
            if (pc->keys[4 * i + 3]) {
                int f;
                *pair_slot(&big, pc->keys + 4 * i, &f) = pc->counts[i];
            }
        free(pc->keys);
        free(pc->counts);
        *pc = big;
    }
    uint64_t h = (key[0] * 0x9e3779b97f4a7c15u) ^ (key[1] * 0xc2b2ae3d27d4eb4fu)
                 ^ (key[2] * 0x165667b19e3779f9u) ^ key[3];
    size_t i = (size_t)((h * 0x9e3779b97f4a7c15u) >> 20) & (pc->cap - 1);
    while (pc->keys[4 * i + 3] &&
           memcmp(pc->keys + 4 * i, key, 4 * sizeof *key) != 0)
        i = (i + 1) & (pc->cap - 1);
    *found = pc->keys[4 * i + 3] != 0;
    if (!*found) {
        memcpy(pc->keys + 4 * i, key, 4 * sizeof *key);
        pc->used++;
    }
    return &pc->counts[i];
}

/* The completions of k >= 2 bands below columns that have the digits
 * left[c] (k R each): pair_sum for two, else the sum over the next
 * band's column sets T of bands(T) x below(k - 1, left - T), kept in
 * pc[k] by profiles.  Within `seconds` of now (0: no limit). */
static int nest_sum(int R, int C, const uint32_t *left, int k,
                    size_t memo_bytes, band_cache *cache, pair_cache *pc,
                    double seconds, dlx_count *out, dlx_memo_stats *st,
                    dlx_outcome *outcome)
{
    if (k == 2)
        return pair_sum(R, C, left, memo_bytes, cache, seconds, out, st,
                        outcome);
    int N = R * C, stacks = N / C;
    stack_sets ss[MAX_N];
    double start = now_seconds();
    *out = (dlx_count){ 0, 0 };
    *outcome = DLX_COMPLETE;
    int status = make_stacks(R, C, left, ss);
    size_t total = 1;
    for (int s = 0; status == DLX_OK && s < stacks; s++)
        total *= (size_t)ss[s].n;
    for (size_t t = 0; status == DLX_OK && t < total; t++) {
        uint32_t sets[MAX_N], rest_sets[MAX_N];
        size_t rest = t;
        for (int s = stacks - 1; s >= 0; s--) {
            int i = (int)(rest % (size_t)ss[s].n);
            rest /= (size_t)ss[s].n;
            memcpy(sets + s * C, ss[s].sets + (size_t)i * C,
                   (size_t)C * sizeof *sets);
        }
        dlx_count nb, below, p;
        status = cached_band(R, C, sets, memo_bytes, cache, &nb, st);
        if (status != DLX_OK || (nb.hi == 0 && nb.lo == 0))
            continue;
        for (int c = 0; c < N; c++)
            rest_sets[c] = left[c] & ~sets[c];
        uint64_t key[4];
        int found;
        profile_key(R, C, rest_sets, key);
        dlx_count *slot = pair_slot(&pc[k - 1], key, &found);
        if (!slot) {
            status = DLX_ENOMEM;
            break;
        }
        if (found) {
            below = *slot;
        } else {
            double left_s = 0;
            if (seconds > 0) {
                left_s = seconds - (now_seconds() - start);
                if (left_s <= 0)
                    left_s = 1e-9;
            }
            status = nest_sum(R, C, rest_sets, k - 1, memo_bytes, cache, pc,
                              left_s, &below, st, outcome);
            /* the slot may have moved (the table grew): find it again */
            slot = pair_slot(&pc[k - 1], key, &found);
            if (status != DLX_OK || *outcome != DLX_COMPLETE || !slot) {
                /* not kept: a count cut short is no count */
                if (slot)
                    pc[k - 1].keys[(size_t)(slot - pc[k - 1].counts) * 4
                                   + 3] = 0;
                if (status == DLX_OK && !slot)
                    status = DLX_ENOMEM;
                break;
            }
            *slot = below;
        }
        if (dlx_count_mul(nb, below, &p) || add_over(out, p))
            status = DLX_EOVERFLOW;
        if (seconds > 0 && (t & 255) == 255 &&
            now_seconds() - start >= seconds) {
            *outcome = DLX_STOP_TIME;
            break;
        }
    }
    free_stacks(ss, stacks);
    return status;
}

/* Every band below the first (C - 1 of them, C >= 4), nested.  The
 * caches of the inner sums live for the class only. */
static int nested_bands(int R, int C, const int *band, size_t memo_bytes,
                        band_cache *cache, double seconds, dlx_count *out,
                        dlx_memo_stats *st, dlx_outcome *outcome)
{
    uint32_t left[MAX_N];
    pair_cache pc[MAX_N + 1];
    memset(pc, 0, sizeof pc);
    left_below(R, C, band, left);
    int status = nest_sum(R, C, left, C - 1, memo_bytes, cache, pc,
                          seconds, out, st, outcome);
    for (int k = 0; k <= MAX_N; k++) {
        free(pc[k].keys);
        free(pc[k].counts);
    }
    return status;
}

/* ---- the classes, on threads --------------------------------------------- */

typedef struct grids_run {
    int R, C, method;
    const sudoku_grids_options *o;
    const sudoku_band_class *cls;
    sudoku_band_class *listed;   /* cls when listed here: freed here */
    size_t n, next, done;
    size_t n_sel;            /* classes to count: o->which, or all n */
    dlx_count *completions;
    int status;
    dlx_outcome outcome;
    dlx_memo_stats stats;
    size_t memo_bytes;
    double start;
    pthread_mutex_t lock;
} grids_run;

static void work(grids_run *g, band_cache *cache);

/* Each thread keeps one cache of bands(T) for all its classes (the same
 * shapes come back from class to class). */
static void *worker(void *arg)
{
    grids_run *g = arg;
    band_cache cache = { 0, 0, NULL, NULL };
    work(g, &cache);
    free(cache.keys);
    free(cache.counts);
    return NULL;
}

static void work(grids_run *g, band_cache *cache)
{
    const sudoku_grids_options *o = g->o;
    for (;;) {
        pthread_mutex_lock(&g->lock);
        size_t w = g->next++;
        int stop = g->status != DLX_OK || g->outcome != DLX_COMPLETE;
        pthread_mutex_unlock(&g->lock);
        if (w >= g->n_sel || stop)
            return;
        size_t k = o->which ? (size_t)o->which[w] : w;
        double left = 0;
        if (o->max_seconds > 0) {
            left = o->max_seconds - (now_seconds() - g->start);
            if (left <= 0)
                left = 1e-9;
        }
        dlx_count c;
        dlx_memo_stats st = { 0 };
        dlx_outcome oc;
        double t0 = now_seconds();
        int status = g->method == SUDOKU_GRIDS_TWO_BANDS
                         ? two_bands(g->R, g->C, g->cls[k].band,
                                     g->memo_bytes, cache, left, &c, &st,
                                     &oc)
                   : g->method == SUDOKU_GRIDS_NESTED
                         ? nested_bands(g->R, g->C, g->cls[k].band,
                                       g->memo_bytes, cache, left, &c, &st,
                                       &oc)
                         : whole_grid(g->R, g->C, g->cls[k].band,
                                      g->memo_bytes, left, &c, &st, &oc);
        pthread_mutex_lock(&g->lock);
        add_stats(&g->stats, &st);
        if (status != DLX_OK && g->status == DLX_OK)
            g->status = status;
        if (oc != DLX_COMPLETE && g->outcome == DLX_COMPLETE)
            g->outcome = oc;
        if (status == DLX_OK && oc == DLX_COMPLETE) {
            g->completions[k] = c;
            g->done++;
            if (o->on_class)
                o->on_class(o->ctx, k, &g->cls[k], c, g->done, g->n_sel,
                             now_seconds() - t0);
        }
        if (o->results && o->which) {
            sudoku_class_result *cr = &o->results[w];
            cr->subproblems = st.subproblems;
            cr->seconds = now_seconds() - t0;
            cr->complete = status == DLX_OK && oc == DLX_COMPLETE;
            cr->completions = cr->complete ? c : (dlx_count){ 0, 0 };
        }
        pthread_mutex_unlock(&g->lock);
    }
}

/* c * N! */
static int times_factorial(int N, dlx_count c, dlx_count *out)
{
    for (int k = 2; k <= N; k++)
        if (dlx_count_mul(c, (dlx_count){ 0, (uint64_t)k }, &c))
            return DLX_EOVERFLOW;
    *out = c;
    return DLX_OK;
}

/* The grids each class of a shard stands for: N! x bands x completions. */
static int class_grids(grids_run *g)
{
    const sudoku_grids_options *o = g->o;
    for (size_t w = 0; o->results && o->which && w < g->n_sel; w++) {
        sudoku_class_result *cr = &o->results[w];
        dlx_count size = { 0, g->cls[o->which[w]].size }, p;
        cr->grids = (dlx_count){ 0, 0 };
        if (dlx_count_mul(size, cr->completions, &p) ||
            times_factorial(g->R * g->C, p, &cr->grids) != DLX_OK)
            return DLX_EOVERFLOW;
    }
    return DLX_OK;
}

/* Sums class sizes x completions, and N! times that. */
static int total_grids(grids_run *g, sudoku_grids_result *res)
{
    for (size_t k = 0; k < g->n; k++) {
        dlx_count p;
        dlx_count size = { 0, g->cls[k].size };
        if (dlx_count_mul(size, g->completions[k], &p) ||
            add_over(&res->fixed, p))
            return DLX_EOVERFLOW;
    }
    int status = times_factorial(g->R * g->C, res->fixed, &res->grids);
    return status == DLX_OK ? class_grids(g) : status;
}

/* The options forcing class k's first band in the grid's exact cover. */
static void band_options(int R, int C, const sudoku_band_class *cl, int *opt)
{
    int N = R * C;
    for (int i = 0; i < R * N; i++)
        opt[i] = i * N + cl->band[i] - 1;
}

/* o->which in range, and o->jobs the jobs of these classes. */
static int check_selection(grids_run *g, sudoku_grids_result *res)
{
    const sudoku_grids_options *o = g->o;
    const dlx_jobs *jobs = o->jobs;
    int cells = g->R * g->R * g->C, opt[MAX_N * MAX_N];
    res->bad_job = -1;
    if (o->results && o->which)
        memset(o->results, 0, g->n_sel * sizeof *o->results);
    if (jobs && (size_t)jobs->n != g->n)
        return DLX_EOPTION;
    for (size_t w = 0; o->which && w < g->n_sel; w++) {
        int k = o->which[w];
        if (k < 0 || (size_t)k >= g->n) {
            res->bad_job = k;
            return DLX_EOPTION;
        }
        if (!jobs)
            continue;
        band_options(g->R, g->C, &g->cls[k], opt);
        if (jobs->start[k + 1] - jobs->start[k] != cells ||
            memcmp(jobs->opts + jobs->start[k], opt,
                   (size_t)cells * sizeof *opt) != 0) {
            res->bad_job = k;
            return DLX_EOPTION;
        }
    }
    return DLX_OK;
}

uint64_t sudoku_grids_fingerprint(int R, int C)
{
    /* FNV-1a of the words: a shape, not a matrix, so that no dlx input
     * shares it */
    char name[64];
    snprintf(name, sizeof name, "sudoku bands --grids %dx%d", R, C);
    uint64_t h = 0xcbf29ce484222325u;
    for (const char *p = name; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001b3u;
    return h;
}

int sudoku_grids_split(int R, int C, dlx_jobs *out)
{
    return sudoku_grids_split_within(R, C, 0, out);
}

int sudoku_grids_split_within(int R, int C, double max_seconds,
                              dlx_jobs *out)
{
    memset(out, 0, sizeof *out);
    sudoku_band_class *cls;
    size_t n;
    int status = sudoku_band_class_list_within(R, C, 50000000, max_seconds,
                                               &cls, &n);
    if (status != SUDOKU_OK)
        return status;
    int cells = R * R * C;
    out->n = (int)n;
    out->depth = 1;
    out->start = malloc((n + 1) * sizeof *out->start);
    out->opts = malloc((n * (size_t)cells + 1) * sizeof *out->opts);
    if (!out->start || !out->opts) {
        free(cls);
        dlx_jobs_free(out);
        return SUDOKU_ENOMEM;
    }
    for (size_t k = 0; k <= n; k++)
        out->start[k] = (int)k * cells;
    for (size_t k = 0; k < n; k++)
        band_options(R, C, &cls[k], out->opts + k * (size_t)cells);
    free(cls);
    return SUDOKU_OK;
}

/* The count, in libdlx's statuses as the engine's (DLX_EOPTION: a job
 * or class not the grid counter's), but for sudoku_band_class_list's,
 * which are the sudoku library's: *listed says which. */
static int count_grids(int R, int C, const sudoku_grids_options *o,
                       sudoku_grids_result *res, int *listed)
{
    memset(res, 0, sizeof *res);
    grids_run g = { .R = R, .C = C, .o = o, .status = DLX_OK,
                    .outcome = DLX_COMPLETE, .start = now_seconds() };
    int N = R * C, threads = o->threads < 1 ? 1 : o->threads;
    g.method = o->method;
    if (g.method == SUDOKU_GRIDS_AUTO)
        g.method = N == 3 * R ? SUDOKU_GRIDS_TWO_BANDS
                 : N >= 4 * R ? SUDOKU_GRIDS_NESTED
                              : SUDOKU_GRIDS_WHOLE;
    if ((g.method == SUDOKU_GRIDS_TWO_BANDS && N != 3 * R) ||
        (g.method == SUDOKU_GRIDS_NESTED && N < 4 * R))
        return DLX_EITEM;
    size_t memo = o->memo_bytes ? o->memo_bytes
                                : (size_t)DLX_MEMO_DEFAULT_MB << 20;
    /* the small band counts need little; the whole grid shares it out */
    g.memo_bytes = g.method != SUDOKU_GRIDS_WHOLE
                       ? (size_t)1 << 20
                       : memo / (size_t)threads;
    int status = DLX_OK;
    if (o->classes) {
        g.cls = o->classes;
        g.n = o->n_classes;
    } else {
        /* under the budget: 4x2's listing alone takes minutes */
        status = sudoku_band_class_list_within(R, C, 50000000,
                                               o->max_seconds, &g.listed,
                                               &g.n);
        g.cls = g.listed;
        *listed = status != SUDOKU_OK;
    }
    if (status == SUDOKU_BANDS_CUT) {
        /* no class listed: nothing counted, a lower bound of 0 */
        *listed = 0;
        res->method = g.method;
        res->outcome = DLX_STOP_TIME;
        res->selected = o->which ? (size_t)o->n_which : 0;
        res->seconds = now_seconds() - g.start;
        return SUDOKU_OK;
    }
    if (*listed)
        return status;
    res->classes = g.n;
    res->method = g.method;
    g.n_sel = o->which ? (size_t)o->n_which : g.n;
    res->selected = g.n_sel;
    status = check_selection(&g, res);
    if (status != DLX_OK) {
        free(g.listed);
        return status;
    }
    g.completions = calloc(g.n + 1, sizeof *g.completions);
    if (!g.completions || pthread_mutex_init(&g.lock, NULL) != 0) {
        free(g.completions);
        free(g.listed);
        return DLX_ENOMEM;
    }
    pthread_t tid[1024];
    int started = 0;
    for (int t = 1; t < threads && t < 1024; t++)
        started += pthread_create(&tid[started], NULL, worker, &g) == 0;
    worker(&g);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&g.lock);
    status = g.status;
    res->outcome = g.outcome;
    res->done = g.done;
    res->memo = g.stats;
    if (status == DLX_OK)
        status = total_grids(&g, res);
    res->seconds = now_seconds() - g.start;
    free(g.completions);
    free(g.listed);
    return status;
}

int sudoku_count_grids(int R, int C, const sudoku_grids_options *o,
                       sudoku_grids_result *res)
{
    int listed = 0;
    int status = count_grids(R, C, o, res, &listed);
    if (listed)
        return status;
    if (status == DLX_EITEM) /* two bands where N != 3R */
        return SUDOKU_EBAD;
    return status == DLX_EOPTION ? SUDOKU_EJOB : sudoku_status_of_dlx(status);
}
