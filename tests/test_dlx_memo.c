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

static uint64_t brute(const small *p)
{
    uint64_t n = 0;
    for (unsigned set = 0; set < 1u << p->no; set++) {
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
        n += ok;
    }
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
    test_parts();
    test_random(seed);
    test_limits();
    return check_done();
}
