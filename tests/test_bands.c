/*
 * test_bands.c - first bands: counts against Felgenhauer & Jarvis, classes
 * against the enumeration literature, the compact code round trip.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "sudoku_bands.h"

static uint64_t count_bands(int R, int C, int fix)
{
    dlx_matrix *m = sudoku_band_matrix(R, C);
    int first[SUDOKU_BAND_MAX_N];
    sudoku_band_first_row(R, C, first);
    dlx_result r;
    dlx_count_solutions(m, 0, first, fix ? R * C : 0, &r);
    dlx_free(m);
    return dlx_count_u64(r.solutions);
}

static void test_counts(void)
{
    /* Felgenhauer & Jarvis (2006): 56 * 6^6 completions of the first band
     * of a 9x9 once its first row is fixed */
    CHECK(count_bands(3, 3, 1) == 2612736, "9x9 band");
    /* 6x6, 2x3 boxes: the second row holds the other box's digits in each
     * box, 3! * 3! ways; 4x4: 2! * 2! */
    CHECK(count_bands(2, 3, 1) == 36, "6x6 band");
    CHECK(count_bands(2, 2, 1) == 4, "4x4 band");
    /* with the first row free, N! times as many: 4! * 4 = 96 */
    CHECK(count_bands(2, 2, 0) == 96, "4x4 band, row free");
}

static void test_classes(void)
{
    sudoku_band_classes c;
    CHECK(sudoku_band_count_classes(3, 3, 3000000, &c) == DLX_OK, "9x9");
    /* 416: the "gang of 416" (rows, boxes, columns in boxes, symbols);
     * 44: the "gang of 44" (also digits within mini-columns), Felgenhauer
     * & Jarvis 2006 and Jarvis's equivalence classes */
    CHECK(c.bands == 2612736 && c.symmetry == 416 && c.column_sets == 44,
          "9x9 classes: %llu bands, %llu and %llu classes",
          (unsigned long long)c.bands, (unsigned long long)c.symmetry,
          (unsigned long long)c.column_sets);
    CHECK(sudoku_band_count_classes(3, 3, 1000, &c) == SUDOKU_ELIMIT,
          "refuses more bands than asked");
}

static void test_encoding(void)
{
    int perm[9] = { 3, 1, 4, 9, 5, 2, 6, 8, 7 }, back[9];
    uint64_t rank = sudoku_perm_rank(perm, 9);
    sudoku_perm_unrank(rank, 9, back);
    CHECK(memcmp(perm, back, sizeof perm) == 0, "rank round trip");
    int id[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 }, last[9] = { 9, 8, 7, 6, 5, 4,
                                                          3, 2, 1 };
    CHECK(sudoku_perm_rank(id, 9) == 0 && sudoku_perm_rank(last, 9) == 362879,
          "ranks from 0 to 9! - 1");
    CHECK(sudoku_rank_width(9) == 4, "9! needs 19 bits: 4 characters");

    /* every 9x9 band of a sample, encoded and decoded */
    dlx_matrix *m = sudoku_band_matrix(3, 3);
    int first[9];
    sudoku_band_first_row(3, 3, first);
    dlx_search s = dlx_search_defaults();
    s.forced = first;
    s.n_forced = 9;
    s.randomize = 1;
    int ok = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        s.seed = seed;
        s.max_solutions = 1;
        dlx_result r;
        dlx_solve(m, &s, &r);
        int band[27], again[27];
        sudoku_band_from_options(3, 3, r.first, r.first_n, band);
        char code[32], full[32];
        int n = sudoku_band_encode(3, 3, band, 1, code, sizeof code);
        int n_full = sudoku_band_encode(3, 3, band, 0, full, sizeof full);
        ok += n == 8 && n_full == 12 &&
              sudoku_band_decode(3, 3, code, 1, again) == 0 &&
              memcmp(band, again, sizeof band) == 0 &&
              sudoku_band_decode(3, 3, full, 0, again) == 0 &&
              memcmp(band, again, sizeof band) == 0;
    }
    CHECK(ok == 200, "%d of 200 random bands round trip", ok);
    dlx_free(m);
    int band[27];
    CHECK(sudoku_band_decode(3, 3, "zzzzzzzz", 1, band) != 0,
          "a rank past 9! is refused");
    CHECK(sudoku_band_decode(3, 3, "0000", 1, band) != 0, "short code");
    CHECK(sudoku_band_decode(3, 3, "0000000*", 1, band) != 0, "bad char");
}

/* Every grid: 4x4 and 6x6 (OEIS A107739), by both methods and on two
 * threads; the classes' sizes add up to the bands. */
static void on_class(void *ctx, size_t k, const sudoku_band_class *cl,
                     dlx_count completions, size_t done, size_t n,
                     double seconds)
{
    (void)k;
    (void)cl;
    (void)completions;
    (void)seconds;
    size_t *calls = ctx;
    CHECK(done <= n, "%zu of %zu", done, n);
    ++*calls;
}

static void test_grids(void)
{
    static const struct {
        int R, C, method, threads;
        const char *want;
    } t[] = {
        { 2, 2, SUDOKU_GRIDS_AUTO, 1, "288" },
        { 2, 2, SUDOKU_GRIDS_WHOLE, 2, "288" },
        { 2, 3, SUDOKU_GRIDS_AUTO, 1, "28200960" },
        { 2, 3, SUDOKU_GRIDS_WHOLE, 2, "28200960" },
        { 2, 3, SUDOKU_GRIDS_TWO_BANDS, 2, "28200960" },
        { 3, 2, SUDOKU_GRIDS_WHOLE, 1, "28200960" },
    };
    for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
        size_t calls = 0;
        sudoku_grids_options o = { .threads = t[k].threads,
                                   .method = t[k].method,
                                   .memo_bytes = 1 << 24,
                                   .on_class = on_class, .ctx = &calls };
        sudoku_grids_result r;
        int st = sudoku_count_grids(t[k].R, t[k].C, &o, &r);
        char got[DLX_COUNT_STRLEN];
        dlx_count_str(r.grids, got);
        CHECK(st == DLX_OK && !strcmp(got, t[k].want), "%dx%d method %d: "
              "%s (status %d)", t[k].R, t[k].C, t[k].method, got, st);
        CHECK(calls == r.classes && r.done == r.classes, "%zu calls, %zu "
              "classes", calls, r.classes);
    }
    sudoku_grids_options o = { .threads = 1,
                               .method = SUDOKU_GRIDS_TWO_BANDS };
    sudoku_grids_result r;
    CHECK(sudoku_count_grids(2, 2, &o, &r) == SUDOKU_EBAD,
          "two bands on 4x4 refused");
    sudoku_band_class *cl;
    size_t n;
    uint64_t sum = 0;
    CHECK(sudoku_band_class_list(2, 3, 1000, &cl, &n) == DLX_OK, "list");
    for (size_t k = 0; k < n; k++)
        sum += cl[k].size;
    CHECK(sum == 36, "6x6: %" PRIu64 " bands in the classes", sum);
    free(cl);
}

/* Shards: the classes ids = K-1 mod N of the jobs of sudoku_grids_split,
 * counted apart; their grids add up to the published totals (4x4: 288,
 * 6x6: 28200960, OEIS A107739) for every N, each class counted once. */
static void shards_of(int R, int C, const char *want, int n_shards)
{
    dlx_jobs jobs;
    CHECK(sudoku_grids_split(R, C, &jobs) == DLX_OK, "split %dx%d", R, C);
    dlx_count total = { 0, 0 };
    int which[64], counted = 0;
    sudoku_class_result cr[64];
    for (int k = 1; k <= n_shards; k++) {
        int n = 0;
        for (int j = k - 1; j < jobs.n && n < 64; j += n_shards)
            which[n++] = j;
        sudoku_grids_options o = { .threads = 1 + k % 2, .which = which,
                                   .n_which = n, .jobs = &jobs,
                                   .results = cr };
        sudoku_grids_result r;
        CHECK(sudoku_count_grids(R, C, &o, &r) == DLX_OK &&
              r.selected == (size_t)n && r.done == (size_t)n,
              "%dx%d shard %d/%d", R, C, k, n_shards);
        dlx_count sum = { 0, 0 };
        for (int w = 0; w < n; w++) {
            CHECK(cr[w].complete, "class %d complete", which[w]);
            sum = dlx_count_add(sum, cr[w].grids);
            total = dlx_count_add(total, cr[w].grids);
        }
        CHECK(sum.hi == r.grids.hi && sum.lo == r.grids.lo, "%dx%d shard "
              "%d/%d: the classes' grids add up to the shard's", R, C, k,
              n_shards);
        counted += n;
    }
    char got[DLX_COUNT_STRLEN];
    dlx_count_str(total, got);
    CHECK(!strcmp(got, want) && counted == jobs.n, "%dx%d in %d shards: %s "
          "(%d of %d classes)", R, C, n_shards, got, counted, jobs.n);
    dlx_jobs_free(&jobs);
}

static void test_grids_shards(void)
{
    for (int n = 1; n <= 5; n++) {
        shards_of(2, 2, "288", n);
        shards_of(2, 3, "28200960", n);
        shards_of(3, 2, "28200960", n);
    }
    CHECK(sudoku_grids_fingerprint(2, 3) != sudoku_grids_fingerprint(3, 2) &&
          sudoku_grids_fingerprint(2, 2) != sudoku_grids_fingerprint(3, 3),
          "one fingerprint per shape");
    /* refused: a class out of range, a job of another class, the jobs of
     * another shape */
    dlx_jobs jobs, other;
    CHECK(sudoku_grids_split(2, 3, &jobs) == DLX_OK &&
          sudoku_grids_split(2, 2, &other) == DLX_OK, "split");
    int which[2] = { 0, 3 };
    sudoku_class_result cr[2];
    sudoku_grids_options o = { .threads = 1, .which = which, .n_which = 2,
                               .results = cr };
    sudoku_grids_result r;
    CHECK(sudoku_count_grids(2, 3, &o, &r) == SUDOKU_EJOB && r.bad_job == 3,
          "class 3 of 3 refused (bad job %d)", r.bad_job);
    which[1] = 1;
    o.jobs = &jobs;
    jobs.opts[jobs.start[1] + 2] ^= 1;
    CHECK(sudoku_count_grids(2, 3, &o, &r) == SUDOKU_EJOB && r.bad_job == 1,
          "a changed job refused (bad job %d)", r.bad_job);
    o.jobs = &other;
    which[1] = 0;
    CHECK(sudoku_count_grids(2, 3, &o, &r) == SUDOKU_EJOB && r.bad_job == -1,
          "the jobs of 4x4 refused for 6x6 (bad job %d)", r.bad_job);
    dlx_jobs_free(&jobs);
    dlx_jobs_free(&other);
    /* the classes given by the caller (dlx-mpi lists them once): the same
     * total, and the caller's list is left alone */
    sudoku_band_class *cl;
    size_t n;
    CHECK(sudoku_band_class_list(2, 3, 1000, &cl, &n) == DLX_OK, "list");
    sudoku_grids_options given = { .threads = 2, .classes = cl,
                                   .n_classes = n };
    char got[DLX_COUNT_STRLEN];
    CHECK(sudoku_count_grids(2, 3, &given, &r) == DLX_OK &&
          !strcmp(dlx_count_str(r.grids, got), "28200960") &&
          cl[0].size > 0, "6x6 from the caller's classes: %s", got);
    free(cl);
}

int main(void)
{
    test_counts();
    test_classes();
    test_encoding();
    test_grids();
    test_grids_shards();
    return check_done();
}
