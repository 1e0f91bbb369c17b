/*
 * test_dlx_choice.c - the one table that chooses the engine
 * (dlx/dlx_engine.c): an engine asked for by name runs, or the search
 * fails with DLX_EENGINE (never another engine in its place); AUTO takes
 * what it took before the table (the engines and nodes recorded with
 * `dlx -s` on every input of tests/data before and after, see
 * dlx_cli.sh's engines.tsv); the result says which engine ran and why.
 *
 * Expected counts are published ones (OEIS A000170 for queens, 1 for
 * Knuth's examples, A004003 for domino tilings of the 8x8 board).
 */
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

/* Domino tilings of a w x h board: cells row by row. */
static dlx_matrix *dominoes(int w, int h)
{
    dlx_matrix *m = dlx_new(w * h, 0);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int two[2] = { r * w + c, r * w + c + 1 };
            if (c + 1 < w)
                dlx_add_option(m, 2, two, NULL);
            two[1] = (r + 1) * w + c;
            if (r + 1 < h)
                dlx_add_option(m, 2, two, NULL);
        }
    return m;
}

static int count_solution(void *ctx, const int *options, int n)
{
    (void)options, (void)n;
    ++*(int *)ctx;
    return 0;
}

static void trace_nothing(void *ctx, const dlx_event *ev)
{
    (void)ctx, (void)ev;
}

/* A search of m as s asks: the status, and what ran and why. */
static int run(dlx_matrix *m, const dlx_search *s, dlx_result *r)
{
    memset(r, 0xff, sizeof *r);
    return dlx_solve(m, s, r);
}

/* Asked by name where it cannot run: DLX_EENGINE (DLX_ENOTSUP for
 * multiplicities), nothing ran. */
static void refused_as(dlx_matrix *m, const dlx_search *s, int status,
                       const char *what)
{
    dlx_result r;
    int st = run(m, s, &r);
    CHECK(st == status && r.ran == DLX_RAN_NONE &&
              r.reason == DLX_WHY_NONE,
          "%s: status %d (%s), ran %d", what, st, dlx_strerror(st), r.ran);
    int ran = -1, reason = -1;
    CHECK(dlx_choose_engine(m, s, &ran, &reason) == status &&
              ran == DLX_RAN_NONE,
          "%s: dlx_choose_engine said %d", what, ran);
}

static void refused(dlx_matrix *m, const dlx_search *s, const char *what)
{
    refused_as(m, s, DLX_EENGINE, what);
}

/* Runs with ran and reason as expected, and the count. */
static void runs(dlx_matrix *m, const dlx_search *s, int ran, int reason,
                 uint64_t count, const char *what)
{
    dlx_result r;
    int st = run(m, s, &r);
    CHECK(st == DLX_OK && r.ran == ran && r.reason == reason &&
              dlx_count_u64(r.solutions) == count,
          "%s: status %d (%s), ran %d (%s) for %d, why %d (%s) for %d, "
          "%llu solutions for %llu", what, st, dlx_strerror(st), r.ran,
          dlx_engine_str(r.ran), ran, r.reason, dlx_reason_str(r.reason),
          reason, (unsigned long long)dlx_count_u64(r.solutions),
          (unsigned long long)count);
    int c_ran = -1, c_reason = -1;
    CHECK(dlx_choose_engine(m, s, &c_ran, &c_reason) == DLX_OK &&
              c_ran == ran && c_reason == reason,
          "%s: dlx_choose_engine said %d (%d)", what, c_ran, c_reason);
}

static void test_requests(void)
{
    dlx_problem *q = read_data("queens-8");
    dlx_problem *col = read_data("knuth-color-example");
    if (!q || !col)
        return;
    dlx_matrix *m = q->matrix;
    dlx_search s = dlx_search_defaults();
    int seen = 0, forced[1] = { 0 };

    /* every engine asked by name on what it runs */
    s.engine = DLX_ENGINE_LINKS;
    runs(m, &s, DLX_RAN_LINKS, DLX_WHY_ASKED, 92, "links");
    s.engine = DLX_ENGINE_BITS;
    runs(m, &s, DLX_RAN_BITS, DLX_WHY_ASKED, 92, "bits");
    s.engine = DLX_ENGINE_SMALL;
    runs(m, &s, DLX_RAN_SMALL, DLX_WHY_ASKED, 92, "small");
    s.engine = DLX_ENGINE_MEMO;
    runs(m, &s, DLX_RAN_MEMO, DLX_WHY_ASKED, 92, "memo");
    s.engine = DLX_ENGINE_MCC;
    runs(m, &s, DLX_RAN_MCC, DLX_WHY_ASKED, 92, "Algorithm M");

    /* ... and where it cannot run */
    s = dlx_search_defaults();
    s.engine = DLX_ENGINE_BITS;
    refused(col->matrix, &s, "bits with colors");
    s.forced = forced;
    s.n_forced = 1;
    refused(m, &s, "bits with forced options");
    s = dlx_search_defaults();
    s.engine = DLX_ENGINE_SMALL;
    refused(col->matrix, &s, "small with colors");
    s.on_trace = trace_nothing;
    refused(m, &s, "small with a trace");
    s = dlx_search_defaults();
    s.engine = DLX_ENGINE_MEMO;
    s.on_solution = count_solution;
    s.solution_ctx = &seen;
    refused(m, &s, "memo with on_solution");
    s = dlx_search_defaults();
    s.engine = DLX_ENGINE_MEMO;
    s.randomize = 1;
    refused(m, &s, "memo with random order");
    s = dlx_search_defaults();
    s.engine = DLX_ENGINE_MCC;
    s.randomize = 1;
    refused(m, &s, "Algorithm M with random order");
    s = dlx_search_defaults();
    s.engine = DLX_ENGINE_LINKS;
    s.prune = 1;
    refused(m, &s, "the dance with prune");
    s.engine = DLX_ENGINE_BITS;
    refused(m, &s, "bits with prune");
    s = dlx_search_defaults();
    s.engine = 99;
    refused(m, &s, "engine 99");
    s.engine = -1;
    refused(m, &s, "engine -1");
    CHECK(seen == 0, "a refused search called on_solution %d times", seen);

    /* multiplicities: only Algorithm M */
    dlx_matrix *b = dlx_new(1, 0);
    int a0[1] = { 0 };
    dlx_add_option(b, 1, a0, NULL);
    dlx_add_option(b, 1, a0, NULL);
    dlx_set_bounds(b, 0, 2, 2);
    s = dlx_search_defaults();
    runs(b, &s, DLX_RAN_MCC, DLX_WHY_BOUNDS, 1, "bounds, AUTO");
    for (int e = DLX_ENGINE_LINKS; e <= DLX_ENGINE_MEMO; e++) {
        s.engine = e;
        refused_as(b, &s, DLX_ENOTSUP, "another engine than M, bounds");
    }
    s.engine = DLX_ENGINE_MCC;
    runs(b, &s, DLX_RAN_MCC, DLX_WHY_ASKED, 1, "bounds, M asked");
    dlx_free(b);
    dlx_problem_free(q);
    dlx_problem_free(col);
}

static void test_auto(void)
{
    dlx_problem *q = read_data("queens-8");
    dlx_problem *col = read_data("knuth-color-example");
    dlx_problem *pent = read_data("pent-6x10-reduced");
    if (!q || !col || !pent)
        return;
    dlx_matrix *m = q->matrix;
    dlx_search s = dlx_search_defaults();
    runs(m, &s, DLX_RAN_SMALL, DLX_WHY_HIDES, 92, "queens");
    int forced[1] = { 0 };
    s.forced = forced;
    s.n_forced = 1;
    runs(m, &s, DLX_RAN_SMALL, DLX_WHY_FORCED, 4, "queens, a1 forced");
    dlx_result r;
    char why[160];
    run(m, &s, &r);
    CHECK(strcmp(dlx_engine_why(&r, why, sizeof why),
                 "compact (forced options; 4096 options or fewer)") == 0,
          "rendered: '%s'", why);
    s = dlx_search_defaults();
    s.prune = 1;
    runs(m, &s, DLX_RAN_SMALL, DLX_WHY_PRUNE, 92, "queens, prune");
    s = dlx_search_defaults();
    s.on_trace = trace_nothing;
    runs(m, &s, DLX_RAN_LINKS, DLX_WHY_WATCHED, 92, "queens, trace");
    s = dlx_search_defaults();
    s.randomize = 1;
    runs(m, &s, DLX_RAN_LINKS, DLX_WHY_WATCHED, 92, "queens, random");
    /* a count of queens: the memo does not pay (its sub-problems seldom
     * repeat) */
    s = dlx_search_defaults();
    s.count_only = 1;
    runs(m, &s, DLX_RAN_SMALL, DLX_WHY_HIDES, 92, "queens, count only");
    s = dlx_search_defaults();
    runs(col->matrix, &s, DLX_RAN_LINKS, DLX_WHY_COLORS, 1, "colors");
    runs(pent->matrix, &s, DLX_RAN_BITS, DLX_WHY_LONG_LISTS, 2339,
         "pentominoes");

    /* dominoes: short lists, the dance; a count of the 8x8 tilings (12988816,
     * OEIS A004003) by memo when only the count is wanted */
    dlx_matrix *d = dominoes(8, 8);
    s = dlx_search_defaults();
    s.max_solutions = 5;
    runs(d, &s, DLX_RAN_LINKS, DLX_WHY_SHORT, 5, "dominoes 8x8, 5");
    s = dlx_search_defaults();
    s.count_only = 1;
    dlx_memo_stats ms;
    memset(&ms, 0, sizeof ms);
    s.memo_stats = &ms;
    runs(d, &s, DLX_RAN_MEMO, DLX_WHY_MEMO_PAYS, 12988816,
         "dominoes 8x8, a count");
    CHECK(ms.subproblems > 0 && ms.hits > 0, "memo figures: %llu, %llu",
          (unsigned long long)ms.subproblems, (unsigned long long)ms.hits);
    /* nothing forced for the memo's trial; prune keeps the tree search */
    s.prune = 1;
    runs(d, &s, DLX_RAN_SMALL, DLX_WHY_PRUNE, 12988816, "count, prune");
    s.prune = 0;
    int f2[1] = { 0 };
    s.forced = f2;
    s.n_forced = 1;
    dlx_result rf;
    CHECK(run(d, &s, &rf) == DLX_OK && rf.ran == DLX_RAN_SMALL &&
              rf.reason == DLX_WHY_FORCED,
          "count with forced options: ran %d", rf.ran);
    dlx_free(d);

    /* the other entry points say so too */
    dlx_result rm;
    CHECK(dlx_count_memo(m, NULL, 0, &rm, NULL) == DLX_OK &&
              rm.ran == DLX_RAN_MEMO && rm.reason == DLX_WHY_ASKED,
          "dlx_count_memo: %d (%d)", rm.ran, rm.reason);
    dlx_set_cost(m, 0, 1);
    CHECK(dlx_best(m, NULL, 1, &rm) == DLX_OK && rm.ran == DLX_RAN_MCC &&
              rm.reason == DLX_WHY_COSTS,
          "dlx_best: %d (%d)", rm.ran, rm.reason);
    dlx_problem_free(q);
    dlx_problem_free(col);
    dlx_problem_free(pent);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    test_requests();
    test_auto();
    return check_done();
}
