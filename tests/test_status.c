/*
 * test_status.c - one status per meaning, in each library: every status
 * value of libdlx, the sudoku library and the mathdoku library has a
 * message of its own (not the fallback for unknown values, not another
 * value's), and the causes that used to share a status now return their
 * own: a NUL byte or a bad line is a syntax error with its position, a
 * failed write is a write error, forced options where they are not taken
 * are DLX_EFORCED, a bad shape of the band counter is SUDOKU_EBAD.
 *
 * Expected values come from the headers (the enums, their last value) and
 * from the causes made here, not from the functions under test.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "dlx.h"
#include "dlx_parallel.h"
#include "dlx_read.h"
#include "mathdoku.h"
#include "sudoku_bands.h"
#include "sudoku_grid.h"

typedef const char *(*strerror_fn)(int);

/* Every value first..last (first > last: counting down) has a message,
 * none the fallback of unknown values (the one past last), no two the
 * same. */
static void walk(const char *lib, strerror_fn msg, int first, int last)
{
    const char *fallback = msg(last - 1);
    CHECK(fallback && *fallback, "%s: no fallback message", lib);
    CHECK(strcmp(fallback, msg(first + 1)) == 0,
          "%s: the value before the first has a message", lib);
    int n = 0;
    for (int v = first; v >= last; v--, n++) {
        const char *m = msg(v);
        CHECK(m && *m, "%s: status %d has no message", lib, v);
        if (!m)
            continue;
        CHECK(strcmp(m, fallback) != 0, "%s: status %d says '%s', the "
              "fallback", lib, v, m);
        for (int w = first; w > v; w--)
            CHECK(strcmp(m, msg(w)) != 0, "%s: statuses %d and %d both "
                  "say '%s'", lib, v, w, m);
    }
    CHECK(n == first - last + 1, "%s: %d statuses walked", lib, n);
}

static void test_messages(void)
{
    walk("dlx", dlx_strerror, DLX_OK, DLX_STATUS_LAST);
    CHECK(DLX_STATUS_LAST == -19, "libdlx has 19 error statuses, not %d",
          -DLX_STATUS_LAST);
    walk("sudoku", sudoku_strerror, SUDOKU_READ, SUDOKU_STATUS_LAST);
    CHECK(SUDOKU_STATUS_LAST == -8, "sudoku: %d", SUDOKU_STATUS_LAST);
    walk("mathdoku", mathdoku_strerror, MATHDOKU_READ, MATHDOKU_STATUS_LAST);
    CHECK(MATHDOKU_STATUS_LAST == -5, "mathdoku: %d", MATHDOKU_STATUS_LAST);
    /* the engine's names and reasons too: one each, none "none" */
    for (int r = DLX_RAN_LINKS; r <= DLX_RAN_MCC; r++) {
        CHECK(strcmp(dlx_engine_str(r), "none") != 0, "engine %d", r);
        for (int q = DLX_RAN_LINKS; q < r; q++)
            CHECK(strcmp(dlx_engine_str(r), dlx_engine_str(q)) != 0,
                  "engines %d and %d share a name", r, q);
    }
    CHECK(strcmp(dlx_engine_str(DLX_RAN_MCC + 1), "none") == 0, "past MCC");
    for (int r = DLX_WHY_ASKED; r <= DLX_WHY_LAST; r++) {
        CHECK(strcmp(dlx_reason_str(r), "none") != 0, "reason %d", r);
        for (int q = DLX_WHY_ASKED; q < r; q++)
            CHECK(strcmp(dlx_reason_str(r), dlx_reason_str(q)) != 0,
                  "reasons %d and %d say the same", r, q);
    }
    CHECK(strcmp(dlx_reason_str(DLX_WHY_LAST + 1), "none") == 0, "past");
}

/* Text that is not Knuth's format: DLX_ESYNTAX with where, never
 * "item index out of range". */
static void test_syntax(void)
{
    static const struct {
        const char *text;
        size_t len;
        int line, col;
    } bad[] = {
        { "A B\nA\0B\n", 8, 2, 2 },      /* a NUL byte */
        { "A B\nA C\n", 8, 2, 3 },        /* an unknown item */
        { "A | B | C\nA\n", 12, 1, 7 },   /* a second '|' */
        { "| only a comment\n", 17, 1, 0 }, /* no item line */
        { "A B\nA|x B\n", 10, 2, 2 },     /* '|' inside a name */
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        dlx_problem *p = NULL;
        dlx_diag err;
        int st = dlx_read_text(bad[k].text, bad[k].len, &p, &err);
        CHECK(st == DLX_ESYNTAX && p == NULL && err.line == bad[k].line &&
                  err.col == bad[k].col,
              "input %zu: status %d (%s) at %d:%d, want DLX_ESYNTAX at "
              "%d:%d", k, st, dlx_strerror(st), err.line, err.col,
              bad[k].line, bad[k].col);
    }
    /* bounds keep their own status, as repeats and colors do */
    dlx_problem *p = NULL;
    dlx_diag err;
    CHECK(dlx_read_text("0:0|A\nA\n", 8, &p, &err) == DLX_EBOUNDS,
          "upper bound 0: %s", err.message);
    CHECK(dlx_read_text("A B\nA A\n", 8, &p, &err) == DLX_EREPEAT,
          "repeat: %s", err.message);
}

/* A stream that cannot be written (opened for reading): DLX_EWRITE, not
 * EOF, which is DLX_ENOMEM's value. */
static void test_write_errors(void)
{
    dlx_problem *p = NULL;
    dlx_diag err;
    CHECK(dlx_read_text("A B\nA B\n", 8, &p, &err) == DLX_OK, "read");
    FILE *f = tmpfile();
    CHECK(f != NULL, "tmpfile");
    if (!p || !f)
        return;
    fputs("x\n", f);
    rewind(f);
    FILE *ro = fdopen(dup(fileno(f)), "r");
    CHECK(ro != NULL, "a read-only stream");
    if (ro) {
        setvbuf(ro, NULL, _IONBF, 0);
        int st = dlx_write_problem(ro, p);
        CHECK(st == DLX_EWRITE, "write_problem: %d (%s)", st,
              dlx_strerror(st));
        clearerr(ro);
        st = dlx_write_option(ro, p, 0);
        CHECK(st == DLX_EWRITE, "write_option: %d (%s)", st,
              dlx_strerror(st));
        CHECK(dlx_write_option(ro, p, 7) == DLX_EOPTION, "option 7");
        clearerr(ro);
        dlx_jobs jobs = { 0 };
        st = dlx_jobs_write(ro, &jobs, 1);
        CHECK(st == DLX_EWRITE, "jobs_write: %d", st);
        clearerr(ro);
        dlx_results_key key = { 1, 2, 3 };
        CHECK(dlx_results_write_header(ro, &key) == DLX_EWRITE, "header");
        clearerr(ro);
        dlx_job_result jr = { 0 };
        CHECK(dlx_job_result_write(ro, &key, 0, &jr) == DLX_EWRITE,
              "result line");
        fclose(ro);
    }
    CHECK(dlx_write_problem(f, p) == DLX_OK, "a good stream");
    fclose(f);
    dlx_problem_free(p);
}

/* A jobs file with a bad line: DLX_ESYNTAX and the line. */
static void test_jobs_reader(void)
{
    FILE *f = tmpfile();
    CHECK(f != NULL, "tmpfile");
    if (!f)
        return;
    fputs("# dlx jobs 1\n# fingerprint 0000000000000001\n# depth 1\n"
          "# jobs 1\nzero 1 2\n", f);
    rewind(f);
    dlx_jobs jobs;
    uint64_t fp;
    dlx_diag err;
    int st = dlx_jobs_read(f, &jobs, &fp, &err);
    CHECK(st == DLX_ESYNTAX && err.line == 5, "jobs: %d at line %d (%s)",
          st, err.line, err.message);
    fclose(f);
}

/* Forced options where a function does not take them: DLX_EFORCED, not
 * "multiplicities or costs". */
static void test_forced(void)
{
    dlx_matrix *m = dlx_new(2, 0);
    int a[1] = { 0 }, b[1] = { 1 };
    dlx_add_option(m, 1, a, NULL);
    dlx_add_option(m, 1, b, NULL);
    dlx_set_cost(m, 0, 3);
    dlx_search s = dlx_search_defaults();
    int forced[1] = { 0 };
    s.forced = forced;
    s.n_forced = 1;
    dlx_result r;
    int st = dlx_best_parallel(m, &s, 1, 2, 1, &r);
    CHECK(st == DLX_EFORCED, "best_parallel with forced options: %d (%s)",
          st, dlx_strerror(st));
    dlx_free(m);
}

/* The band and grid counters speak the sudoku library's statuses. */
static void test_bands(void)
{
    sudoku_band_classes c;
    CHECK(sudoku_band_count_classes(0, 3, 1000, &c) == SUDOKU_EBAD,
          "a bad shape");
    CHECK(sudoku_band_count_classes(3, 3, 1000, &c) == SUDOKU_ELIMIT,
          "more bands than asked");
    sudoku_grids_options o = { .threads = 1,
                               .method = SUDOKU_GRIDS_TWO_BANDS };
    sudoku_grids_result r;
    CHECK(sudoku_count_grids(2, 2, &o, &r) == SUDOKU_EBAD, "two bands 4x4");
    CHECK(sudoku_status_of_dlx(DLX_ENOMEM) == SUDOKU_ENOMEM &&
              sudoku_status_of_dlx(DLX_EOVERFLOW) == SUDOKU_EOVERFLOW &&
              sudoku_status_of_dlx(DLX_OK) == SUDOKU_OK,
          "sudoku_status_of_dlx");
}

int main(void)
{
    test_messages();
    test_syntax();
    test_write_errors();
    test_jobs_reader();
    test_forced();
    test_bands();
    return check_done();
}
