/*
 * test_dlx_memo.c - the memo counter (dlx_count_memo).
 *
 * Expected values from outside it: published counts (counts.tsv), the
 * plain search on the same matrices, a transfer-matrix count of domino
 * tilings computed here, brute force over every subset of options on
 * random small problems with colors, and products that follow from
 * building a matrix out of independent copies.
 *
 * Usage: test_dlx_memo DATA_DIR [SEED]
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include <math.h>

#include "dlx_read.h"

static const char *data_dir = "tests/data";

static dlx_problem *read_data(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/exact-cover/%s.dlx", data_dir, name);
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return NULL;
    dlx_problem *p = NULL;
    dlx_diag err;
    int st = dlx_read_file(f, &p, &err);
    fclose(f);
    CHECK(st == DLX_OK, "%s: %s", name, err.message);
    return st == DLX_OK ? p : NULL;
}

static int same(dlx_count a, dlx_count b)
{
    return a.hi == b.hi && a.lo == b.lo;
}

static dlx_count memo_count(dlx_matrix *m, size_t bytes, dlx_memo_stats *st)
{
    dlx_result r;
    dlx_memo_stats tmp;
    int status = dlx_count_memo(m, NULL, bytes, &r, st ? st : &tmp);
    CHECK(status == DLX_OK && r.outcome == DLX_COMPLETE, "status %d", status);
    CHECK(r.ran == DLX_RAN_MEMO, "engine %d", r.ran);
    return r.solutions;
}

/* ---- the published counts, memo on and off --------------------------- */

static void test_counts_tsv(void)
{
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/exact-cover/counts.tsv", data_dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        char name[128];
        unsigned long long want;
        if (line[0] == '#' || sscanf(line, "%127s %llu", name, &want) != 2)
            continue;
        rows++;
        dlx_problem *p = read_data(name);
        if (!p)
            continue;
        dlx_result plain;
        dlx_count_solutions(p->matrix, 0, NULL, 0, &plain);
        dlx_count c = memo_count(p->matrix, 0, NULL);
        CHECK(dlx_count_u64(c) == want, "%s: memo %" PRIu64 ", expected %llu",
              name, dlx_count_u64(c), want);
        CHECK(same(c, plain.solutions), "%s: memo and plain differ", name);
        /* a table of 4 KiB: full at once, counts replace each other
         * (not on the pentominoes: 2 s) */
        if (dlx_num_options(p->matrix) > 1000) {
            dlx_problem_free(p);
            continue;
        }
        dlx_memo_stats st;
        c = memo_count(p->matrix, 4096, &st);
        CHECK(dlx_count_u64(c) == want, "%s: small table %" PRIu64, name,
              dlx_count_u64(c));
        CHECK(st.bytes <= 4096, "%s: %" PRIu64 " bytes", name, st.bytes);
        char buf[200];
        CHECK(dlx_check(p->matrix, buf, sizeof buf) == DLX_OK, "%s: %s",
              name, buf);
        dlx_problem_free(p);
    }
    fclose(f);
    CHECK(rows >= 10, "only %d rows", rows);
}

/* The inputs of Knuth's figures, with forced options too. */
static void test_forced(void)
{
    dlx_problem *p = read_data("queens-8");
    if (!p)
        return;
    for (int k = 0; k < dlx_num_options(p->matrix); k += 7) {
        dlx_result a, b;
        int sa = dlx_count_solutions(p->matrix, 0, &k, 1, &a);
        dlx_search s = dlx_search_defaults();
        s.forced = &k;
        s.n_forced = 1;
        int sb = dlx_count_memo(p->matrix, &s, 0, &b, NULL);
        CHECK(sa == sb, "option %d: status %d and %d", k, sa, sb);
        CHECK(same(a.solutions, b.solutions), "option %d: %" PRIu64 " and %"
              PRIu64, k, dlx_count_u64(a.solutions),
              dlx_count_u64(b.solutions));
    }
    int two[2] = { 0, 0 };
    dlx_search s = dlx_search_defaults();
    dlx_result r;
    s.forced = two;
    s.n_forced = 2;
    CHECK(dlx_count_memo(p->matrix, &s, 0, &r, NULL) == DLX_ECONFLICT,
          "an option forced twice");
    two[1] = 1 << 20;
    CHECK(dlx_count_memo(p->matrix, &s, 0, &r, NULL) == DLX_EOPTION,
          "a bad option");
    CHECK(dlx_push(p->matrix, 0) == DLX_OK, "push");
    CHECK(dlx_count_memo(p->matrix, NULL, 0, &r, NULL) == DLX_EPUSHED,
          "pushed options refused");
    dlx_pop(p->matrix, 1);
    dlx_problem_free(p);
}

/* ---- dominoes against a transfer matrix -------------------------------- */

static dlx_matrix *dominoes(int R, int C, const unsigned char *hole)
{
    dlx_matrix *m = dlx_new(R * C, 0);
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            int i = r * C + c;
            if (hole && hole[i])
                continue;
            int right[2] = { i, i + 1 }, down[2] = { i, i + C };
            if (c + 1 < C && !(hole && hole[i + 1]))
                dlx_add_option(m, 2, right, NULL);
            if (r + 1 < R && !(hole && hole[i + C]))
                dlx_add_option(m, 2, down, NULL);
        }
    return m;
}

/* Tilings of an R x C board by the broken-profile transfer matrix: cells
 * in row order, the state the C cells from the current one on that are
 * already covered from above or the left. */
static dlx_count transfer_count(int R, int C)
{
    size_t states = (size_t)1 << C;
    dlx_count *cur = calloc(states, sizeof *cur);
    dlx_count *next = calloc(states, sizeof *next);
    cur[0].lo = 1;
    for (int cell = 0; cell < R * C; cell++) {
        int c = cell % C, last_row = cell / C == R - 1;
        memset(next, 0, states * sizeof *next);
        for (size_t s = 0; s < states; s++) {
            if (!cur[s].hi && !cur[s].lo)
                continue;
            size_t rest = s >> 1;
            if (s & 1) {          /* covered already */
                next[rest] = dlx_count_add(next[rest], cur[s]);
                continue;
            }
            if (!last_row) {      /* a vertical domino into the next row */
                size_t t = rest | (size_t)1 << (C - 1);
                next[t] = dlx_count_add(next[t], cur[s]);
            }
            if (c + 1 < C && !(rest & 1)) {   /* a horizontal one */
                next[rest | 1] = dlx_count_add(next[rest | 1], cur[s]);
            }
        }
        dlx_count *t = cur;
        cur = next;
        next = t;
    }
    dlx_count total = cur[0];
    free(cur);
    free(next);
    return total;
}

static void test_dominoes(void)
{
    static const int boards[][2] = { { 2, 2 }, { 3, 4 }, { 4, 4 }, { 5, 6 },
                                     { 8, 8 }, { 6, 11 }, { 12, 12 },
                                     { 14, 14 } };
    for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++) {
        int R = boards[k][0], C = boards[k][1];
        dlx_matrix *m = dominoes(R, C, NULL);
        dlx_count want = transfer_count(R, C), got = memo_count(m, 0, NULL);
        char a[DLX_COUNT_STRLEN], b[DLX_COUNT_STRLEN];
        CHECK(same(want, got), "dominoes %dx%d: memo %s, transfer %s", R, C,
              dlx_count_str(got, a), dlx_count_str(want, b));
        if (R * C <= 30) {
            dlx_result r;
            dlx_count_solutions(m, 0, NULL, 0, &r);
            CHECK(same(r.solutions, got), "dominoes %dx%d: plain", R, C);
        }
        dlx_free(m);
    }
    /* past 2^64, and the published figure (OEIS A004003: 12x12) */
    char s[DLX_COUNT_STRLEN];
    dlx_count_str(transfer_count(14, 14), s);
    CHECK(!strcmp(s, "112202208776036178000000"), "14x14: %s", s);
    dlx_count_str(transfer_count(12, 12), s);
    CHECK(!strcmp(s, "53060477521960000"), "12x12: %s", s);
}

/* ---- independent parts ------------------------------------------------- */

/* Copies of a small problem side by side: items and options shifted. */
static dlx_matrix *copies(dlx_matrix *one, int n, int extra_secondary)
{
    int np = dlx_num_primary(one), ns = dlx_num_items(one) - np;
    dlx_matrix *m = dlx_new(n * np, n * ns + extra_secondary);
    int items[64], colors[64];
    for (int c = 0; c < n; c++)
        for (int k = 0; k < dlx_num_options(one); k++) {
            int size = dlx_option_items(one, k, items, colors, 64);
            for (int j = 0; j < size; j++)
                items[j] = items[j] < np ? items[j] + c * np
                                         : n * np + c * ns + items[j] - np;
            dlx_add_option(m, size, items, colors);
        }
    return m;
}

static void test_parts(void)
{
    /* a 4x4 board and a 3x4 board in one matrix: 36 x 11 */
    dlx_matrix *a = dominoes(4, 4, NULL), *b = dominoes(3, 4, NULL);
    dlx_matrix *m = dlx_new(28, 0);
    int items[2];
    for (int pass = 0; pass < 2; pass++) {
        dlx_matrix *x = pass ? b : a;
        for (int k = 0; k < dlx_num_options(x); k++) {
            dlx_option_items(x, k, items, NULL, 2);
            items[0] += pass * 16;
            items[1] += pass * 16;
            dlx_add_option(m, 2, items, NULL);
        }
    }
    dlx_memo_stats st;
    dlx_count c = memo_count(m, 0, &st);
    CHECK(dlx_count_u64(c) == 36 * 11, "two boards: %" PRIu64,
          dlx_count_u64(c));
    CHECK(st.parts >= 1, "no parts found");
    dlx_free(m);
    dlx_free(a);
    dlx_free(b);

    /* a board cut in two by a wall of holes: 4x9, column 4 gone */
    unsigned char hole[36] = { 0 };
    for (int r = 0; r < 4; r++)
        hole[r * 9 + 4] = 1;
    m = dominoes(4, 9, hole);
    for (int r = 0; r < 4; r++) {   /* the holes covered by one option */
        int i = r * 9 + 4;
        dlx_add_option(m, 1, &i, NULL);
    }
    c = memo_count(m, 0, &st);
    CHECK(dlx_count_u64(c) == 36 * 36, "cut board: %" PRIu64,
          dlx_count_u64(c));
    dlx_free(m);

    /* 2 solutions each (items a b; options a, b, ab): 2^n for n copies */
    dlx_matrix *one = dlx_new(2, 0);
    int x0 = 0, x1 = 1, both[2] = { 0, 1 };
    dlx_add_option(one, 1, &x0, NULL);
    dlx_add_option(one, 1, &x1, NULL);
    dlx_add_option(one, 2, both, NULL);
    m = copies(one, 127, 0);
    c = memo_count(m, 0, NULL);
    CHECK(c.hi == (uint64_t)1 << 63 && c.lo == 0, "2^127");
    dlx_free(m);
    m = copies(one, 129, 0);
    dlx_result r;
    CHECK(dlx_count_memo(m, NULL, 0, &r, NULL) == DLX_EOVERFLOW,
          "2^129 is an overflow");
    CHECK(r.solutions.hi == 0 && r.solutions.lo == 0, "no wrapped count");
    dlx_free(m);
    dlx_free(one);
}

/* ---- counts past 2^128 (dlx_count_memo_big) ------------------------------ */

/* transfer_count again, in numbers of any size */
static void transfer_big(int R, int C, dlx_bignum *total)
{
    size_t states = (size_t)1 << C;
    dlx_bignum *cur = calloc(states, sizeof *cur);
    dlx_bignum *next = calloc(states, sizeof *next);
    dlx_bignum_set_u64(&cur[0], 1);
    for (int cell = 0; cell < R * C; cell++) {
        int c = cell % C, last_row = cell / C == R - 1;
        for (size_t s = 0; s < states; s++)
            next[s].n = 0;
        for (size_t s = 0; s < states; s++) {
            if (cur[s].n == 0)
                continue;
            size_t rest = s >> 1;
            if (s & 1) {
                dlx_bignum_add(&next[rest], &cur[s]);
                continue;
            }
            if (!last_row)
                dlx_bignum_add(&next[rest | (size_t)1 << (C - 1)], &cur[s]);
            if (c + 1 < C && !(rest & 1))
                dlx_bignum_add(&next[rest | 1], &cur[s]);
        }
        dlx_bignum *t = cur;
        cur = next;
        next = t;
    }
    dlx_bignum_copy(total, &cur[0]);
    for (size_t s = 0; s < states; s++) {
        dlx_bignum_free(&cur[s]);
        dlx_bignum_free(&next[s]);
    }
    free(cur);
    free(next);
}

static void test_big_counts(void)
{
    /* 50x8 dominoes: about 2^157 tilings */
    dlx_matrix *m = dominoes(50, 8, NULL);
    dlx_bignum want = DLX_BIGNUM_INIT, got = DLX_BIGNUM_INIT;
    transfer_big(50, 8, &want);
    dlx_result r;
    CHECK(want.n == 3, "50x8 is past 2^128 (%zu limbs)", want.n);
    CHECK(dlx_count_memo_big(m, NULL, 0, &got, &r, NULL) == DLX_OK,
          "50x8 counted");
    char *a = dlx_bignum_str(&got), *b = dlx_bignum_str(&want);
    CHECK(dlx_bignum_cmp(&got, &want) == 0, "50x8: memo %s, transfer %s", a,
          b);
    CHECK(r.solutions.hi == UINT64_MAX && r.solutions.lo == UINT64_MAX,
          "r.solutions saturates past 2^128");
    free(a);
    free(b);
    /* the 128-bit interface still refuses it, with no wrapped count */
    CHECK(dlx_count_memo(m, NULL, 0, &r, NULL) == DLX_EOVERFLOW, "50x8");
    /* with max_solutions, exactly that many */
    dlx_search s = dlx_search_defaults();
    s.max_solutions = 1000;
    CHECK(dlx_count_memo_big(m, &s, 0, &got, &r, NULL) == DLX_OK &&
          r.outcome == DLX_STOP_SOLUTIONS && got.n == 1 &&
          got.limb[0] == 1000, "50x8 to 1000");
    dlx_free(m);

    /* 2^k for k parts of two solutions each, past 2^128 and far past */
    dlx_matrix *one = dlx_new(2, 0);
    int x0 = 0, x1 = 1, both[2] = { 0, 1 };
    dlx_add_option(one, 1, &x0, NULL);
    dlx_add_option(one, 1, &x1, NULL);
    dlx_add_option(one, 2, both, NULL);
    static const int ks[] = { 127, 128, 129, 300 };
    for (size_t k = 0; k < sizeof ks / sizeof *ks; k++) {
        m = copies(one, ks[k], 0);
        dlx_bignum_set_u64(&want, 1);
        for (int j = 0; j < ks[k]; j++)
            dlx_bignum_add(&want, &want);
        CHECK(dlx_count_memo_big(m, NULL, 0, &got, &r, NULL) == DLX_OK &&
                  dlx_bignum_cmp(&got, &want) == 0,
              "2^%d", ks[k]);
        /* a budget too small for the big numbers: out of memory, never
         * a wrong count */
        if (ks[k] == 300) {
            int st = dlx_count_memo_big(m, NULL, 16, &got, &r, NULL);
            CHECK(st == DLX_ENOMEM && got.n == 0, "2^300 in 16 bytes: %s",
                  dlx_strerror(st));
        }
        dlx_free(m);
    }
    dlx_free(one);
    dlx_bignum_free(&want);
    dlx_bignum_free(&got);
}

/* ---- random small problems with colors, against brute force -------------- */

enum { MAX_OPT = 14, MAX_ITEMS = 9 };

typedef struct small {
    int np, ns, no;
    int size[MAX_OPT], items[MAX_OPT][MAX_ITEMS], colors[MAX_OPT][MAX_ITEMS];
} small;

static uint64_t rnd(uint64_t *s)
{
    *s += 0x9e3779b97f4a7c15u;
    uint64_t x = *s;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

/* Is the set of options (bit k: option k) an exact cover, colors kept? */
static int valid_set(const small *p, unsigned set)
{
    int cover[MAX_ITEMS] = { 0 }, color[MAX_ITEMS] = { 0 }, ok = 1;
    for (int k = 0; k < p->no && ok; k++) {
        if (!(set >> k & 1))
            continue;
        for (int j = 0; j < p->size[k]; j++) {
            int i = p->items[k][j], c = p->colors[k][j];
            if (i < p->np) {
                ok &= !cover[i]++;
            } else if (c == 0) {
                ok &= !cover[i]++ && !color[i];
                color[i] = -1;
            } else {
                ok &= !cover[i] && (color[i] == 0 || color[i] == c);
                color[i] = c;
            }
        }
    }
    for (int i = 0; i < p->np && ok; i++)
        ok &= cover[i] == 1;
    return ok;
}

static uint64_t brute(const small *p)
{
    uint64_t n = 0;
    for (unsigned set = 0; set < 1u << p->no; set++)
        n += valid_set(p, set);
    return n;
}

static void test_random(uint64_t seed)
{
    for (int round = 0; round < 300; round++) {
        small p;
        memset(&p, 0, sizeof p);
        p.np = 2 + (int)(rnd(&seed) % 5);
        p.ns = (int)(rnd(&seed) % 4);
        p.no = 4 + (int)(rnd(&seed) % (MAX_OPT - 3));
        dlx_matrix *m = dlx_new(p.np, p.ns);
        for (int k = 0; k < p.no; k++) {
            int used[MAX_ITEMS] = { 0 }, n = 0;
            int want = 1 + (int)(rnd(&seed) % 3);
            int first = (int)(rnd(&seed) % (uint64_t)p.np);
            used[first] = 1;
            p.items[k][n++] = first;
            for (int t = 0; t < want; t++) {
                int i = (int)(rnd(&seed) % (uint64_t)(p.np + p.ns));
                if (used[i])
                    continue;
                used[i] = 1;
                p.colors[k][n] = i >= p.np ? (int)(rnd(&seed) % 3) : 0;
                p.items[k][n++] = i;
            }
            p.size[k] = n;
            dlx_add_option(m, n, p.items[k], p.colors[k]);
        }
        uint64_t want = brute(&p);
        dlx_count c = memo_count(m, round % 2 ? 4096 : 0, NULL);
        CHECK(c.hi == 0 && c.lo == want, "seed round %d: memo %" PRIu64
              ", brute force %" PRIu64, round, c.lo, want);
        dlx_free(m);
    }
}

/* ---- uniform draws (dlx_sample) ------------------------------------------ */

/* What the draws of one problem came to: each distinct solution (by the
 * sorted list of its options, hashed) and how often it was drawn. */
typedef struct draw_tally {
    const dlx_matrix *m;
    uint64_t *key, *times;
    int n, cap;
    uint64_t draws, invalid, first_key;
    int (*category)(void *, const int *, int); /* NULL: the solution */
    void *category_ctx;
    const small *colored; /* a problem with colors: brute force checks */
} draw_tally;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Is the list of options an exact cover of m (no colors)? */
static int is_cover(const dlx_matrix *m, const int *opt, int n)
{
    int ni = dlx_num_items(m), np = dlx_num_primary(m), ok = 1;
    int *used = calloc((size_t)ni, sizeof *used);
    int items[512];
    for (int k = 0; k < n && ok; k++) {
        int size = dlx_option_items(m, opt[k], items, NULL, 512);
        for (int j = 0; j < size && ok; j++)
            ok = !used[items[j]]++;
    }
    for (int i = 0; i < np && ok; i++)
        ok = used[i] == 1;
    free(used);
    return ok;
}

static int on_draw(void *ctx, const int *options, int n)
{
    draw_tally *t = ctx;
    uint64_t key;
    if (t->category) {
        key = (uint64_t)t->category(t->category_ctx, options, n);
    } else {
        int sorted[1024];
        memcpy(sorted, options, (size_t)n * sizeof *sorted);
        qsort(sorted, (size_t)n, sizeof *sorted, cmp_int);
        key = 1469598103934665603u;
        for (int k = 0; k < n; k++)
            key = (key ^ (uint64_t)sorted[k]) * 1099511628211u;
    }
    if (t->colored) {
        unsigned set = 0;
        for (int k = 0; k < n; k++)
            set |= 1u << options[k];
        t->invalid += !valid_set(t->colored, set);
        key = set;
    } else {
        t->invalid += !is_cover(t->m, options, n);
    }
    if (t->draws++ == 0)
        t->first_key = key;
    for (int k = 0; k < t->n; k++)
        if (t->key[k] == key) {
            t->times[k]++;
            return 0;
        }
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->key = realloc(t->key, (size_t)t->cap * sizeof *t->key);
        t->times = realloc(t->times, (size_t)t->cap * sizeof *t->times);
    }
    t->key[t->n] = key;
    t->times[t->n++] = 1;
    return 0;
}

/* Draws `per` times the number of categories K (the solutions, or the
 * categories of t's function) and checks that each is a solution, that
 * all K come up, and that Pearson's statistic stays below K - 1 + 5
 * sqrt(2 (K - 1)) (its mean plus five standard deviations: a sampler
 * biased by a few percent on 92 solutions fails it). */
static void check_uniform(const char *name, dlx_matrix *m, int K, int per,
                          uint64_t seed, draw_tally *t)
{
    dlx_search s = dlx_search_defaults();
    s.seed = seed;
    s.on_solution = on_draw;
    s.solution_ctx = t;
    t->m = m;
    dlx_result r;
    uint64_t n = (uint64_t)K * (uint64_t)per;
    int st = dlx_sample(m, &s, 0, n, NULL, &r, NULL);
    CHECK(st == DLX_OK && r.outcome == DLX_COMPLETE && r.splits == n &&
              t->draws == n, "%s: %s, %" PRIu64 " drawn", name,
          dlx_strerror(st), t->draws);
    CHECK(t->invalid == 0, "%s: %" PRIu64 " draws are not solutions", name,
          t->invalid);
    CHECK(t->n == K, "%s: %d of %d came up", name, t->n, K);
    double e = (double)per, chi = 0;
    for (int k = 0; k < t->n; k++)
        chi += ((double)t->times[k] - e) * ((double)t->times[k] - e) / e;
    double bound = K - 1 + 5 * sqrt(2.0 * (K - 1));
    CHECK(chi < bound, "%s: chi-square %.1f with %d categories (bound %.1f)",
          name, chi, K, bound);
    printf("%s: %" PRIu64 " draws, %d categories, chi-square %.1f (df %d)\n",
           name, n, K, chi, K - 1);
    free(t->key);
    free(t->times);
}

/* 6x6 sudoku grids, cells row by row: the first row's digits as a number
 * in base 6 (720 patterns, equally likely by relabeling). */
static int first_row(void *ctx, const int *options, int n)
{
    (void)ctx;
    int digit[6] = { 0 };
    for (int k = 0; k < n; k++) /* option (cell, d) = cell * 6 + d */
        if (options[k] / 6 < 6)
            digit[options[k] / 6] = options[k] % 6;
    int code = 0;
    for (int c = 0; c < 6; c++)
        code = code * 6 + digit[c];
    return code;
}

static dlx_matrix *sudoku_6x6(void)
{
    dlx_matrix *m = dlx_new(4 * 36, 0);
    for (int cell = 0; cell < 36; cell++)
        for (int d = 0; d < 6; d++) {
            int r = cell / 6, c = cell % 6, b = r / 2 * 2 + c / 3;
            int items[4] = { cell, 36 + r * 6 + d, 72 + c * 6 + d,
                             108 + b * 6 + d };
            dlx_add_option(m, 4, items, NULL);
        }
    return m;
}

static void test_sample(void)
{
    static const struct { const char *file; int solutions; } files[] = {
        { "queens-8", 92 },         /* OEIS A000170 */
        { "sudoku-2x2", 288 },      /* OEIS A107739 */
        { "langford-7-break", 26 }, /* OEIS A014552, up to reversal */
    };
    for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
        dlx_problem *p = read_data(files[k].file);
        if (!p)
            continue;
        draw_tally t = { 0 };
        check_uniform(files[k].file, p->matrix, files[k].solutions, 200,
                      7 + k, &t);
        /* the same seed, the same draws; another seed, others */
        draw_tally a = { 0 }, b = { 0 }, c = { 0 };
        dlx_search s = dlx_search_defaults();
        dlx_result r;
        s.on_solution = on_draw;
        a.m = b.m = c.m = p->matrix;
        s.seed = 99;
        s.solution_ctx = &a;
        dlx_sample(p->matrix, &s, 0, 1, NULL, &r, NULL);
        s.solution_ctx = &b;
        dlx_sample(p->matrix, &s, 0, 1, NULL, &r, NULL);
        CHECK(a.first_key == b.first_key, "%s: seed 99 twice",
              files[k].file);
        int differ = 0;
        for (uint64_t seed = 100; seed < 110 && !differ; seed++) {
            s.seed = seed;
            c.draws = 0;
            s.solution_ctx = &c;
            dlx_sample(p->matrix, &s, 0, 1, NULL, &r, NULL);
            differ = c.first_key != a.first_key;
        }
        CHECK(differ, "%s: ten seeds draw the same solution", files[k].file);
        free(a.key); free(a.times); free(b.key); free(b.times);
        free(c.key); free(c.times);
        dlx_problem_free(p);
    }

    /* colors: random small problems, against the solutions brute force
     * finds */
    uint64_t seed = 5;
    int tried = 0;
    for (int round = 0; round < 400 && tried < 12; round++) {
        small p;
        memset(&p, 0, sizeof p);
        p.np = 2 + (int)(rnd(&seed) % 4);
        p.ns = 1 + (int)(rnd(&seed) % 3);
        p.no = 8 + (int)(rnd(&seed) % (MAX_OPT - 7));
        dlx_matrix *m = dlx_new(p.np, p.ns);
        int colored = 0;
        for (int k = 0; k < p.no; k++) {
            int used[MAX_ITEMS] = { 0 }, n = 0;
            int first = (int)(rnd(&seed) % (uint64_t)p.np);
            used[first] = 1;
            p.items[k][n++] = first;
            for (int j = 0; j < 2; j++) {
                int i = (int)(rnd(&seed) % (uint64_t)(p.np + p.ns));
                if (used[i])
                    continue;
                used[i] = 1;
                p.colors[k][n] = i >= p.np ? (int)(rnd(&seed) % 3) : 0;
                colored |= p.colors[k][n] > 0;
                p.items[k][n++] = i;
            }
            p.size[k] = n;
            dlx_add_option(m, n, p.items[k], p.colors[k]);
        }
        uint64_t K = brute(&p);
        if (K < 3 || !colored) {
            dlx_free(m);
            continue;
        }
        tried++;
        draw_tally t = { 0 };
        t.colored = &p;
        char name[64];
        snprintf(name, sizeof name, "colors, round %d", round);
        check_uniform(name, m, (int)K, 300, round, &t);
        dlx_free(m);
    }
    CHECK(tried >= 10, "only %d colored problems with 3 or more solutions",
          tried);

    /* 6x6 grids: 28,200,960 of them; the first row by its 720 patterns */
    dlx_matrix *m = sudoku_6x6();
    draw_tally t = { 0 };
    t.category = first_row;
    check_uniform("6x6 grids by first row", m, 720, 60, 11, &t);
    dlx_free(m);

    /* no solution: nothing drawn; bounds: refused */
    m = dlx_new(2, 0);
    int a = 0;
    dlx_add_option(m, 1, &a, NULL);
    dlx_result r;
    CHECK(dlx_sample(m, NULL, 0, 5, NULL, &r, NULL) == DLX_OK &&
              r.splits == 0 && r.solutions.lo == 0, "no solution");
    dlx_set_bounds(m, 0, 0, 2);
    CHECK(dlx_sample(m, NULL, 0, 5, NULL, &r, NULL) == DLX_ENOTSUP,
          "bounds refused");
    dlx_free(m);
}

/* ---- budgets ----------------------------------------------------------- */

static void test_limits(void)
{
    dlx_matrix *m = dominoes(8, 8, NULL);
    dlx_search s = dlx_search_defaults();
    dlx_result r;
    s.max_nodes = 100;
    CHECK(dlx_count_memo(m, &s, 0, &r, NULL) == DLX_OK, "max_nodes");
    CHECK(r.outcome == DLX_STOP_NODES && r.nodes <= 100, "nodes %" PRIu64,
          r.nodes);
    CHECK(!r.solutions.hi && r.solutions.lo < 12988816, "a lower bound");
    s = dlx_search_defaults();
    s.max_solutions = 1000;
    dlx_count_memo(m, &s, 0, &r, NULL);
    CHECK(r.outcome == DLX_STOP_SOLUTIONS && dlx_count_u64(r.solutions) ==
          1000, "limit 1000: %" PRIu64, dlx_count_u64(r.solutions));
    s.max_solutions = 20000000;
    dlx_count_memo(m, &s, 0, &r, NULL);
    CHECK(r.outcome == DLX_COMPLETE && r.solutions.lo == 12988816,
          "a limit above the count");
    dlx_free(m);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 20261127;
    printf("seed %" PRIu64 "\n", seed);
    test_counts_tsv();
    test_forced();
    test_dominoes();
    test_big_counts();
    test_sample();
    test_parts();
    test_random(seed);
    test_limits();
    return check_done();
}
