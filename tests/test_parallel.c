/*
 * test_parallel.c - splitting, threads, shards and merging give exactly the
 * published counts, and stopped runs say they are partial.
 *
 * Usage: test_parallel DATA_DIR [SEED]
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "dlx_parallel.h"
#include "dlx_read.h"

static const char *data_dir = "tests/data";

static dlx_problem *load(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/exact-cover/%s.dlx", data_dir, name);
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return NULL;
    dlx_problem *p = NULL;
    dlx_diag err;
    dlx_read_file(f, &p, &err);
    fclose(f);
    CHECK(p != NULL, "%s:%d:%d: %s", path, err.line, err.col, err.message);
    return p;
}

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The published counts of tests/data/exact-cover/counts.tsv. */
static const struct {
    const char *name;
    uint64_t count;
    int threads_max; /* the slow ones are not run on every thread count */
} inputs[] = {
    { "queens-12", 14200, 7 },
    { "langford-11-break", 17792, 7 },
    { "latin-5", 161280, 7 },
    { "latin-6-reduced", 9408, 7 },
    { "sudoku-2x2", 288, 7 },
    { "sudoku-3x3-band1-row1", 2612736, 2 },
    { "pent-6x10-reduced", 2339, 3 },
};

static void test_threads(void)
{
    static const int counts[] = { 1, 2, 3, 7 };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        dlx_problem *p = load(inputs[i].name);
        if (!p)
            continue;
        for (size_t t = 0; t < sizeof counts / sizeof counts[0]; t++) {
            int threads = counts[t];
            if (threads > inputs[i].threads_max)
                continue;
            dlx_jobs jobs;
            int depth = 1 + (int)t;
            CHECK(dlx_split(p->matrix, NULL, 0, depth, 16 * threads, &jobs) ==
                      DLX_OK, "split");
            dlx_parallel par = { 0 };
            par.threads = threads;
            dlx_parallel_result res;
            CHECK(dlx_count_jobs(p->matrix, &jobs, NULL, 0, &par, &res) ==
                      DLX_OK, "count");
            CHECK(res.outcome == DLX_COMPLETE &&
                      dlx_count_u64(res.solutions) == inputs[i].count,
                  "%s on %d threads: %llu, published %llu", inputs[i].name,
                  threads, (unsigned long long)dlx_count_u64(res.solutions),
                  (unsigned long long)inputs[i].count);
            CHECK(res.jobs_done == jobs.n, "every job counted");
            int jobs_by_workers = 0;
            for (int w = 0; w < res.n_workers; w++)
                jobs_by_workers += res.worker[w].jobs;
            CHECK(jobs_by_workers == jobs.n, "workers' jobs add up");
            dlx_parallel_result_free(&res);
            dlx_jobs_free(&jobs);
        }
        char msg[200];
        CHECK(dlx_check(p->matrix, msg, sizeof msg) == DLX_OK, "%s", msg);
        dlx_problem_free(p);
    }
}

/* Queens n = 1..8 split deeper than some solutions go: shallow solutions
 * become jobs of their own (OEIS A000170). */
static void test_shallow_solutions(void)
{
    static const uint64_t a000170[] = { 1, 0, 0, 2, 10, 4, 40, 92 };
    for (int n = 1; n <= 8; n++) {
        int nd = 2 * n - 1;
        dlx_matrix *m = dlx_new(2 * n, 2 * nd);
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int it[4] = { r, n + c, 2 * n + r + c,
                              2 * n + nd + r - c + n - 1 };
                dlx_add_option(m, 4, it, NULL);
            }
        dlx_jobs jobs;
        dlx_split(m, NULL, 0, 6, 0, &jobs);
        dlx_parallel par = { 0 };
        par.threads = 2;
        dlx_parallel_result res;
        dlx_count_jobs(m, &jobs, NULL, 0, &par, &res);
        CHECK(dlx_count_u64(res.solutions) == a000170[n - 1],
              "%d queens split at depth 6: %llu", n,
              (unsigned long long)dlx_count_u64(res.solutions));
        dlx_parallel_result_free(&res);
        dlx_jobs_free(&jobs);
        dlx_free(m);
    }
}

/* Shards: a random number of slices, each counted on its own; their
 * results written to files and merged. */
static void test_shards(uint64_t seed)
{
    dlx_problem *p = load("langford-11-break");
    if (!p)
        return;
    dlx_jobs jobs;
    dlx_split(p->matrix, NULL, 0, 3, 0, &jobs);
    uint64_t fp = dlx_fingerprint(p->matrix);
    /* round trip of the jobs file */
    FILE *jf = tmpfile();
    dlx_jobs_write(jf, &jobs, fp);
    rewind(jf);
    dlx_jobs back;
    uint64_t fp_back;
    dlx_diag err;
    CHECK(dlx_jobs_read(jf, &back, &fp_back, &err) == DLX_OK, "%d:%d: %s",
          err.line, err.col, err.message);
    CHECK(fp_back == fp && back.n == jobs.n && back.depth == jobs.depth &&
              memcmp(back.start, jobs.start,
                     ((size_t)jobs.n + 1) * sizeof *jobs.start) == 0 &&
              memcmp(back.opts, jobs.opts,
                     (size_t)jobs.start[jobs.n] * sizeof *jobs.opts) == 0,
          "jobs file round trip");
    fclose(jf);
    dlx_jobs_free(&back);

    int shards = 2 + (int)(rnd(&seed) % 9);
    FILE *files[16];
    int *which = malloc((size_t)jobs.n * sizeof *which);
    for (int k = 0; k < shards; k++) {
        int n = 0;
        for (int j = k; j < jobs.n; j += shards)
            which[n++] = j;
        dlx_parallel par = { 0 };
        par.threads = 1 + k % 2;
        dlx_parallel_result res;
        dlx_count_jobs(p->matrix, &jobs, which, n, &par, &res);
        files[k] = tmpfile();
        dlx_results_key key = dlx_results_key_of(fp, &jobs);
        dlx_results_write_header(files[k], &key);
        for (int j = 0; j < res.n_jobs; j++)
            dlx_job_result_write(files[k], &key, which[j], &res.job[j]);
        rewind(files[k]);
        dlx_parallel_result_free(&res);
    }
    dlx_merge mg;
    dlx_merge_init(&mg, &jobs, fp);
    for (int k = 0; k < shards; k++)
        CHECK(dlx_merge_read(&mg, files[k], &err) == DLX_OK, "merge %d", k);
    int missing = dlx_merge_missing(&mg, NULL, 0);
    CHECK(missing == 0 && mg.partial == 0 &&
              dlx_count_u64(mg.total) == 17792,
          "%d shards: %llu, missing %d", shards,
          (unsigned long long)dlx_count_u64(mg.total), missing);
    dlx_merge_free(&mg);

    /* a missing shard, and a shard merged twice */
    dlx_merge_init(&mg, &jobs, fp);
    for (int k = 1; k < shards; k++) {
        rewind(files[k]);
        dlx_merge_read(&mg, files[k], &err);
    }
    int ids[4];
    missing = dlx_merge_missing(&mg, ids, 4);
    CHECK(missing == (jobs.n + shards - 1) / shards && ids[0] == 0,
          "missing shard 1: %d jobs missing", missing);
    rewind(files[1]);
    CHECK(dlx_merge_read(&mg, files[1], &err) != DLX_OK &&
              strstr(err.message, "counted twice"), "duplicate: %s",
          err.message);
    dlx_merge_free(&mg);
    /* results of another problem */
    dlx_merge_init(&mg, &jobs, fp ^ 1);
    rewind(files[0]);
    CHECK(dlx_merge_read(&mg, files[0], &err) != DLX_OK &&
              strstr(err.message, "another problem"), "fingerprint: %s",
          err.message);
    dlx_merge_free(&mg);
    for (int k = 0; k < shards; k++)
        fclose(files[k]);
    free(which);
    dlx_jobs_free(&jobs);
    dlx_problem_free(p);
}

/* Limits across threads, and partial counts that say so. */
static void test_limits(void)
{
    dlx_problem *p = load("latin-5");
    if (!p)
        return;
    dlx_jobs jobs;
    dlx_split(p->matrix, NULL, 0, 2, 64, &jobs);
    dlx_parallel par = { 0 };
    par.threads = 3;
    par.max_solutions = 1000;
    dlx_parallel_result res;
    dlx_count_jobs(p->matrix, &jobs, NULL, 0, &par, &res);
    CHECK(res.outcome == DLX_STOP_SOLUTIONS &&
              dlx_count_u64(res.solutions) == 1000,
          "limit 1000 on 3 threads: %llu (%s)",
          (unsigned long long)dlx_count_u64(res.solutions),
          dlx_outcome_str(res.outcome));
    dlx_parallel_result_free(&res);

    par.max_solutions = 0;
    par.max_nodes = 50000;
    dlx_count_jobs(p->matrix, &jobs, NULL, 0, &par, &res);
    CHECK(res.outcome == DLX_STOP_NODES &&
              dlx_count_u64(res.solutions) < 161280,
          "node limit: %s, %llu solutions", dlx_outcome_str(res.outcome),
          (unsigned long long)dlx_count_u64(res.solutions));
    int partial = 0;
    for (int k = 0; k < res.n_jobs; k++)
        partial += res.job[k].worker < 0 ||
                   res.job[k].outcome != DLX_COMPLETE;
    CHECK(partial > 0, "some jobs reported partial or not counted");
    dlx_parallel_result_free(&res);
    char msg[200];
    CHECK(dlx_check(p->matrix, msg, sizeof msg) == DLX_OK, "%s", msg);
    dlx_jobs_free(&jobs);
    dlx_problem_free(p);

    p = load("pent-6x10-reduced");
    if (!p)
        return;
    dlx_split(p->matrix, NULL, 0, 1, 0, &jobs);
    par.max_nodes = 0;
    par.max_seconds = 0.05;
    dlx_count_jobs(p->matrix, &jobs, NULL, 0, &par, &res);
    CHECK(res.outcome == DLX_STOP_TIME && res.seconds < 2,
          "timeout: %s after %.3f s", dlx_outcome_str(res.outcome),
          res.seconds);
    dlx_parallel_result_free(&res);
    dlx_jobs_free(&jobs);
    dlx_problem_free(p);
}

static void test_count_parse(void)
{
    dlx_count c;
    char buf[DLX_COUNT_STRLEN];
    const char *s = "340282366920938463463374607431768";
    CHECK(dlx_count_parse(s, &c) == 0 && !strcmp(dlx_count_str(c, buf), s),
          "%s", buf);
    CHECK(dlx_count_parse("18446744073709551616", &c) == 0 && c.hi == 1 &&
              c.lo == 0, "2^64");
    CHECK(dlx_count_parse("12x", &c) != 0 && dlx_count_parse("", &c) != 0,
          "not numbers");
}

/* Results that know their jobs (issues 48, 49): a results file answers
 * one jobs file, each line checks itself, and only the split's own jobs
 * pass dlx_jobs_match_split. */
static void test_results_checks(void)
{
    dlx_problem *p = load("langford-11-break");
    if (!p)
        return;
    dlx_jobs j2, j3;
    dlx_split(p->matrix, NULL, 0, 2, 0, &j2);
    dlx_split(p->matrix, NULL, 0, 3, 0, &j3);
    uint64_t fp = dlx_fingerprint(p->matrix);
    CHECK(dlx_jobs_fingerprint(&j2) != dlx_jobs_fingerprint(&j3),
          "two depths, two jobs fingerprints");
    dlx_outcome cut;
    dlx_diag err;
    CHECK(dlx_jobs_match_split(p->matrix, &j2, NULL, &cut, &err) == DLX_OK &&
              cut == DLX_COMPLETE, "the split's own jobs: %s", err.message);
    /* one option changed: another fingerprint, and not the split's */
    uint64_t before = dlx_jobs_fingerprint(&j2);
    int last = j2.start[j2.n] - 1, saved = j2.opts[last];
    j2.opts[last] = j2.opts[0];
    CHECK(dlx_jobs_fingerprint(&j2) != before, "one option changed");
    CHECK(dlx_jobs_match_split(p->matrix, &j2, NULL, &cut, &err) ==
              DLX_EOPTION && strstr(err.message, "not the split's"),
          "an edited job: %s", err.message);
    j2.opts[last] = saved;
    /* an empty job (it would count the whole problem) */
    int saved_start = j2.start[1];
    j2.start[1] = 0;
    CHECK(dlx_jobs_match_split(p->matrix, &j2, NULL, &cut, &err) ==
              DLX_EOPTION, "an empty job");
    j2.start[1] = saved_start;

    /* results of j2 counted, then read against j2 and j3 */
    dlx_parallel par = { 0 };
    par.threads = 1;
    dlx_parallel_result res;
    dlx_count_jobs(p->matrix, &j2, NULL, 0, &par, &res);
    dlx_results_key key = dlx_results_key_of(fp, &j2);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    dlx_results_write_header(f, &key);
    for (int k = 0; k < res.n_jobs; k++)
        dlx_job_result_write(f, &key, k, &res.job[k]);
    fclose(f);
    dlx_parallel_result_free(&res);
    dlx_merge mg;
    dlx_merge_init(&mg, &j2, fp);
    f = fmemopen(text, len, "r");
    CHECK(dlx_merge_read(&mg, f, &err) == DLX_OK &&
              dlx_count_u64(mg.total) == 17792, "merged: %s", err.message);
    fclose(f);
    dlx_merge_free(&mg);
    dlx_merge_init(&mg, &j3, fp);
    f = fmemopen(text, len, "r");
    CHECK(dlx_merge_read(&mg, f, &err) != DLX_OK &&
              strstr(err.message, "another split"), "depth 3: %s",
          err.message);
    fclose(f);
    dlx_merge_free(&mg);
    /* a digit inserted in the first count */
    char *sol = strstr(text, "solutions ");
    char *edited = malloc(len + 2);
    size_t at = (size_t)(sol - text) + 10;
    memcpy(edited, text, at);
    edited[at] = '1';
    memcpy(edited + at + 1, text + at, len - at);
    dlx_merge_init(&mg, &j2, fp);
    f = fmemopen(edited, len + 1, "r");
    CHECK(dlx_merge_read(&mg, f, &err) != DLX_OK && err.line == 5 &&
              strstr(err.message, "does not match its check"),
          "an edited count: %d: %s", err.line, err.message);
    fclose(f);
    dlx_merge_free(&mg);
    free(edited);
    free(text);
    dlx_jobs_free(&j2);
    dlx_jobs_free(&j3);
    dlx_problem_free(p);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1122;
    printf("test_parallel: seed %llu\n", (unsigned long long)seed);
    test_threads();
    test_shallow_solutions();
    test_shards(seed);
    test_limits();
    test_count_parse();
    test_results_checks();
    return check_done();
}
