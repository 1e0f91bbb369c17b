/*
 * sudoku bands - the first band ("floor") of a sudoku: count, list in a
 * compact code, and classes under the band's symmetries.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dlx.h"
#include "dlx_parallel.h"
#include "sudoku_bands.h"
#include "sudoku_cmd.h"
#include "sudoku_grid.h"

enum { OPT_FIX = CLI_OPT_OWN, OPT_COUNT, OPT_LIST, OPT_PLAIN, OPT_CLASSES,
       OPT_ESTIMATE, OPT_GRIDS, OPT_GRID_METHOD, OPT_MEMO_MB, OPT_SPLIT,
       OPT_JOBS, OPT_JOB, OPT_SHARD };

static const cli_option options[] = {
    { SUDOKU_OPT_BOX, 'b', "box", "RxC", "box shape (default 3x3)" },
    { SUDOKU_OPT_SIZE, 0, "size", "N", "order N with its usual boxes" },
    { OPT_FIX, 0, "fix-first-row", NULL, "the first row is 1 2 .. N" },
    { OPT_COUNT, 0, "count", NULL, "the number of bands (default); with the "
      "first row free it is N! times the count with it fixed, and printed "
      "as derived that way.  Orders whose count takes longer than --timeout "
      "(default 60 s) are estimated instead (Knuth's random paths), and say "
      "so" },
    { OPT_LIST, 0, "list", NULL, "every band, one per line, in the compact "
      "code: each row after the first as its rank among the N! "
      "permutations, in base 64 (4 characters for 9x9)" },
    { OPT_PLAIN, 0, "plain", NULL, "with --list: digits instead of the "
      "code" },
    { OPT_CLASSES, 0, "classes", NULL, "the number of classes of bands: "
      "under the band's symmetries, and when digits may also be rearranged "
      "within each mini-column (which keeps the completions); orders up to "
      "the ones with at most 50,000,000 bands" },
    { OPT_ESTIMATE, 0, "estimate", "PATHS", "estimate only, from PATHS "
      "random paths" },
    { OPT_GRIDS, 0, "grids", NULL, "the number of complete grids: N! first "
      "rows times, over the classes of --classes, the class's bands times "
      "the completions of its first band, counted by memo (288 for 2x2, "
      "28200960 for 2x3, 6670903752021072936960 for 3x3); a progress line "
      "on a terminal, each class's completions with --stats" },
    { OPT_GRID_METHOD, 0, "grid-method", "M", "with --grids: 'whole' (the "
      "grid's exact cover with the band forced, any shape), 'two-bands' "
      "(when two bands are left below, 6x6 and 9x9: the sum over the "
      "second band's column sets of the bands having them times the bands "
      "having the rest), 'nested' (when three bands or more are left "
      "below, 8x8 and 10x10 with 2x4 and 2x5 boxes: the same sum "
      "nested, the inner sums kept by where each digit is left) or "
      "'auto' (two-bands or nested where they apply)" },
    { OPT_MEMO_MB, 0, "memo-mb", "N", "with --grids: memory for the memo "
      "tables in MiB, shared by the threads (default 4096)" },
    { OPT_SPLIT, 0, "split", NULL, "with --grids: write the jobs file for "
      "other machines instead of counting: one job per class, in the "
      "format of 'dlx split'" },
    { OPT_JOBS, 0, "jobs", "JOBS", "with --grids: count the classes of a "
      "jobs file of --split (the same --box) and print a results file "
      "for 'dlx merge JOBS RESULTS...', which adds them up to the number "
      "of grids" },
    { OPT_JOB, 0, "job", "ID", "with --jobs: only this job" },
    { OPT_SHARD, 0, "shard", "K/N", "with --jobs: only the jobs whose id is "
      "K-1 modulo N (K = 1..N)" },
    CLI_OPTION_THREADS,
    { CLI_OPT_TIMEOUT, 0, "timeout", "SEC", "time for an exact count before "
      "estimating (default 60 s), and again for the estimate; the time "
      "for --estimate and --classes; with --grids, before stopping with the "
      "classes done (default none), with --jobs for this shard alone" },
    CLI_OPTION_STATS,
    CLI_OPTION_PROGRESS,
    CLI_OPTION_HELP,
    CLI_END_OPTIONS
};

static const cli_command bands_command = {
    "sudoku bands",

    CLI_USAGE("sudoku bands [--box RxC | --size N] [--fix-first-row]",
              "             [--count | --list [--plain] | --classes | "
              "--grids]",
              "sudoku bands --grids [--box RxC] --split > JOBS",
              "sudoku bands --grids [--box RxC] --jobs JOBS [--shard K/N | "
              "--job ID] > RESULTS",
              "dlx merge JOBS RESULTS...   (the number of grids)"),
    "The completions of the first band (the first R rows) of an N x N sudoku\n"
    "with R x C boxes (default 3x3), counted by the exact cover engine with\n"
    "the column items secondary.",
    options, NULL,
    { "done", NULL, NULL,
      "--jobs: the jobs file is not valid (file:line:col: message) or "
      "not of this --box",
      "usage error, or too many bands to classify (--classes, --grids: "
      "more than 50,000,000 with the first row fixed, 3x4 boxes and up; "
      "refused at once)",
      "estimated, or cut short (--timeout)",
      "out of memory, or the output could not be written" }
};

/* c * k, for small k (the N! of a free first row); 128 bits. */
static dlx_count count_times(dlx_count c, unsigned k)
{
    dlx_count sum = { 0, 0 };
    for (unsigned j = 0; j < k; j++)
        sum = dlx_count_add(sum, c);
    return sum;
}

typedef struct lister {
    int R, C, plain, fix;
    uint64_t n;
    int err; /* errno of the first failed write: later calls lose it */
} lister;

static int list_band(void *ctx, const int *chosen, int n)
{
    lister *l = ctx;
    int band[SUDOKU_BAND_MAX_N * SUDOKU_BAND_MAX_N];
    int N = l->R * l->C;
    sudoku_band_from_options(l->R, l->C, chosen, n, band);
    if (l->plain) {
        for (int i = l->fix ? N : 0; i < l->R * N; i++)
            putchar(sudoku_symbol_char(band[i], N <= 9 ? SUDOKU_SYM_DIGITS
                                                       : SUDOKU_SYM_ALNUM));
        putchar('\n');
    } else {
        char code[256];
        sudoku_band_encode(l->R, l->C, band, l->fix, code, sizeof code);
        puts(code);
    }
    l->n++;
    if (ferror(stdout)) {
        l->err = errno ? errno : EIO;
        return 1;
    }
    return 0;
}

typedef struct bands_args {
    sudoku_read_options box;
    int fix, mode, plain;   /* mode: 0 count, 1 list, 2 classes, 3 grids */
    int mode_set;
    int split;              /* --split */
    const char *jobs_file;  /* --jobs */
    long job;               /* --job; -1: all */
    int shard_k, shard_n;   /* --shard; n 0: all */
    uint64_t estimate;
    int method;
    uint64_t memo_mb;
} bands_args;

static int own_option(void *ctx, cli_parser *ps, int id)
{
    bands_args *a = ctx;
    switch (id) {
    case OPT_FIX:
        a->fix = 1;
        return 0;
    case OPT_COUNT:
    case OPT_LIST:
    case OPT_CLASSES:
    case OPT_GRIDS:
        a->mode = id == OPT_COUNT ? 0 : id == OPT_LIST ? 1
                : id == OPT_CLASSES ? 2 : 3;
        a->mode_set = 1;
        return 0;
    case OPT_SPLIT:
        a->split = 1;
        return 0;
    case OPT_JOBS:
        a->jobs_file = ps->value;
        return 0;
    case OPT_JOB: {
        uint64_t v;
        int st = cli_value_count(ps, 0, INT32_MAX, &v);
        a->job = (long)v;
        return st;
    }
    case OPT_SHARD:
        return cli_value_shard(ps, &a->shard_k, &a->shard_n);
    case OPT_GRID_METHOD:
        if (!strcmp(ps->value, "auto") || !strcmp(ps->value, "whole") ||
            !strcmp(ps->value, "two-bands") ||
            !strcmp(ps->value, "nested")) {
            a->method = ps->value[0] == 'a' ? SUDOKU_GRIDS_AUTO
                      : ps->value[0] == 'w' ? SUDOKU_GRIDS_WHOLE
                      : ps->value[1] == 'w' ? SUDOKU_GRIDS_TWO_BANDS
                                            : SUDOKU_GRIDS_NESTED;
            return 0;
        }
        return cli_usage_error(ps->prog, "--grid-method: '%s' is not auto, "
                               "whole, two-bands or nested", ps->value);
    case OPT_MEMO_MB:
        return cli_value_count(ps, 1, UINT64_MAX >> 21, &a->memo_mb);
    case OPT_PLAIN:
        a->plain = 1;
        return 0;
    case OPT_ESTIMATE:
        return cli_value_count(ps, 1, UINT64_MAX, &a->estimate);
    default: /* --box, --size */
        return sudoku_input_option(ps, id, &a->box);
    }
}

/* ---- --grids ------------------------------------------------------------ */

typedef struct grids_show {
    int stats;
    cli_progress progress;
} grids_show;

static void on_class(void *ctx, size_t k, const sudoku_band_class *cl,
                     dlx_count completions, size_t done, size_t n,
                     double seconds)
{
    grids_show *g = ctx;
    char count[DLX_COUNT_STRLEN];
    dlx_count_str(completions, count);
    if (g->stats) {
        cli_progress_clear(&g->progress);
        fprintf(stderr, "class %zu: %" PRIu64 " bands, %s completions "
                "(%.2f s)\n", k + 1, cl->size, count, seconds);
    }
    cli_progress_show(&g->progress, "classes %zu/%zu, %.0f s", done, n,
                      cli_seconds() - g->progress.start);
}

/* The options of a --grids count (its progress in *show). */
static sudoku_grids_options grids_options(const bands_args *a,
                                          const cli_search *search,
                                          grids_show *show)
{
    sudoku_grids_options o = { 0 };
    show->stats = search->stats;
    o.threads = search->threads;
    o.method = a->method;
    o.memo_bytes = (size_t)a->memo_mb << 20;
    o.max_seconds = search->timeout > 0 ? search->timeout : 0;
    o.on_class = on_class;
    o.ctx = show;
    cli_progress_start(&show->progress);
    return o;
}

/* An exit status for a failed count, the reason said. */
static int grids_failed(int status)
{
    if (status == SUDOKU_ELIMIT || status == SUDOKU_EBAD) {
        cli_report(bands_command.prog, 0, 0, "%s", status == SUDOKU_EBAD
                   ? "--grid-method two-bands needs two bands below the "
                     "first (N = 3R: boxes 2x3, 3x3), nested three or more "
                     "(N >= 4R: boxes 2x4, 2x5)"
                   : "too many bands to classify (more than 50,000,000 "
                     "with the first row fixed)");
        return CLI_EXIT_USAGE;
    }
    cli_report(bands_command.prog, 0, 0, "%s", sudoku_strerror(status));
    return CLI_EXIT_SYSTEM;
}

static int grids(const bands_args *a, const cli_search *search)
{
    int R = a->box.box.R, C = a->box.box.C, N = R * C;
    grids_show show;
    sudoku_grids_options o = grids_options(a, search, &show);
    sudoku_grids_result res;
    int status = sudoku_count_grids(R, C, &o, &res);
    cli_progress_clear(&show.progress);
    if (status != SUDOKU_OK)
        return grids_failed(status);
    char all[DLX_COUNT_STRLEN], fixed[DLX_COUNT_STRLEN];
    dlx_count_str(res.grids, all);
    dlx_count_str(res.fixed, fixed);
    int cut = res.outcome != DLX_COMPLETE;
    printf("%dx%d grids (boxes %dx%d): %s%s\n", N, N, R, C, all,
           cut ? "+" : "");
    if (search->stats)
        fprintf(stderr, "first row fixed: %s%s\nclasses: %zu (%zu counted)\n"
                "method: %s\nmemo sub-problems: %" PRIu64 "\nmemo hits: %"
                PRIu64 "\nmemo bytes (largest table): %" PRIu64 "\n"
                "seconds: %.3f\n", fixed, cut ? "+" : "", res.classes,
                res.done, res.method == SUDOKU_GRIDS_TWO_BANDS ? "two-bands"
                : res.method == SUDOKU_GRIDS_NESTED ? "nested"
                                                         : "whole",
                res.memo.subproblems, res.memo.hits, res.memo.bytes,
                res.seconds);
    if (cut && res.classes == 0)
        cli_report(bands_command.prog, 0, 0, "cut short by --timeout while "
                   "listing the classes of bands: none counted (a lower "
                   "bound)");
    else if (cut)
        cli_report(bands_command.prog, 0, 0, "cut short by --timeout: %zu of "
                   "%zu classes counted (a lower bound)", res.done,
                   res.classes);
    int rc = cli_finish_output(bands_command.prog);
    return rc ? rc : cut ? CLI_EXIT_CUT : CLI_EXIT_OK;
}

/* --split: one job per class, for --jobs on other machines. */
static int split_grids(int R, int C, double timeout)
{
    dlx_jobs jobs;
    int status = sudoku_grids_split_within(R, C, timeout > 0 ? timeout : 0,
                                           &jobs);
    if (status == SUDOKU_BANDS_CUT) {
        cli_report(bands_command.prog, 0, 0, "--split: the classes of the "
                   "%dx%d bands were not listed in %g s (--timeout): no "
                   "jobs written", R * C, R * C, timeout);
        return CLI_EXIT_CUT;
    }
    if (status != SUDOKU_OK)
        return grids_failed(status);
    dlx_jobs_write(stdout, &jobs, sudoku_grids_fingerprint(R, C));
    int rc = cli_finish_output(bands_command.prog);
    if (rc == 0)
        fprintf(stderr, "sudoku bands: %d jobs, one per class of the %dx%d "
                "grids (boxes %dx%d)\n", jobs.n, R * C, R * C, R, C);
    if (rc == 0 && (fflush(stderr) != 0 || ferror(stderr)))
        rc = CLI_EXIT_SYSTEM; /* the summary is lost */
    dlx_jobs_free(&jobs);
    return rc;
}

/* Says why the jobs file is not the jobs of this shape's classes. */
static int bad_jobs(const bands_args *a, const dlx_jobs *jobs,
                    const sudoku_grids_result *res)
{
    int R = a->box.box.R, C = a->box.box.C;
    if (res->bad_job < 0)
        cli_report(bands_command.prog, 0, 0, "%s: %d jobs, but the %dx%d "
                   "grids have %zu classes", a->jobs_file, jobs->n, R * C,
                   R * C, res->classes);
    else
        cli_report(a->jobs_file, jobs->line[res->bad_job], 0, "job %d is "
                   "not class %d of the %dx%d grids (boxes %dx%d): its "
                   "options do not force that class's first band",
                   res->bad_job, res->bad_job, R * C, R * C, R, C);
    return CLI_EXIT_INPUT;
}

/* Counts the classes of the shard and writes their results. */
static int count_shard(const bands_args *a, const cli_search *search,
                       const dlx_jobs *jobs, const int *which, int n_which)
{
    int R = a->box.box.R, C = a->box.box.C;
    sudoku_class_result *cr = calloc((size_t)n_which + 1, sizeof *cr);
    if (!cr)
        return grids_failed(SUDOKU_ENOMEM);
    grids_show show;
    sudoku_grids_options o = grids_options(a, search, &show);
    o.which = which;
    o.n_which = n_which;
    o.jobs = jobs;
    o.results = cr;
    sudoku_grids_result res;
    int status = sudoku_count_grids(R, C, &o, &res);
    cli_progress_clear(&show.progress);
    int rc = status == SUDOKU_EJOB ? bad_jobs(a, jobs, &res)
           : status != SUDOKU_OK   ? grids_failed(status)
                                   : CLI_EXIT_OK;
    if (status == SUDOKU_OK) {
        dlx_results_key key = dlx_results_key_of(
            sudoku_grids_fingerprint(R, C), jobs);
        dlx_results_write_header(stdout, &key);
        for (int w = 0; w < n_which; w++) {
            /* a class not reached is partial with nothing counted, so
             * that merge says "partial" */
            dlx_job_result r = { cr[w].grids, cr[w].subproblems,
                                 cr[w].seconds, cr[w].complete
                                     ? DLX_COMPLETE : DLX_STOP_TIME, 0 };
            dlx_job_result_write(stdout, &key, which[w], &r);
        }
        if (res.outcome != DLX_COMPLETE) {
            cli_report(bands_command.prog, 0, 0, "cut short by --timeout: "
                       "%zu of %d classes counted", res.done, n_which);
            rc = CLI_EXIT_CUT;
        }
    }
    free(cr);
    return cli_exit_worse(rc, cli_finish_output(bands_command.prog));
}

/* --jobs FILE [--job ID | --shard K/N]: a results file for dlx merge. */
static int shard_grids(const bands_args *a, const cli_search *search)
{
    int R = a->box.box.R, C = a->box.box.C;
    dlx_jobs jobs;
    uint64_t fp, want = sudoku_grids_fingerprint(R, C);
    int rc = cli_read_jobs(bands_command.prog, a->jobs_file, &jobs, &fp);
    if (rc != 0)
        return rc;
    if (fp != want) {
        cli_report(bands_command.prog, 0, 0, "%s: not the jobs of the %dx%d "
                   "grids with %dx%d boxes (fingerprint %016" PRIx64 ", "
                   "--box %dx%d has %016" PRIx64 ")", a->jobs_file, R * C,
                   R * C, R, C, fp, R, C, want);
        dlx_jobs_free(&jobs);
        return CLI_EXIT_INPUT;
    }
    if (a->job >= jobs.n) {
        cli_report(bands_command.prog, 0, 0, "--job %ld: %s has jobs 0 to "
                   "%d", a->job, a->jobs_file, jobs.n - 1);
        dlx_jobs_free(&jobs);
        return CLI_EXIT_USAGE;
    }
    int n_which;
    int *which = cli_select_jobs(jobs.n, a->job, a->shard_k, a->shard_n,
                                 &n_which);
    rc = which ? count_shard(a, search, &jobs, which, n_which)
               : grids_failed(SUDOKU_ENOMEM);
    free(which);
    dlx_jobs_free(&jobs);
    return rc;
}

/* --grids and its shards: the options that go together. */
static int grids_mode(const bands_args *a, const cli_search *search)
{
    const char *prog = bands_command.prog;
    if (a->mode_set && a->mode != 3)
        return cli_usage_error(prog, "--split, --jobs, --job and --shard go "
                               "with --grids");
    /* the count of grids frees the first row itself (N! of them) and is
     * exact or a lower bound, never estimated: refused, not ignored */
    if (a->fix)
        return cli_usage_error(prog, "--fix-first-row goes with --count "
                               "and --list, not with --grids");
    if (a->estimate)
        return cli_usage_error(prog, "--estimate goes with --count, not "
                               "with --grids");
    if ((a->job >= 0 || a->shard_n) && !a->jobs_file)
        return cli_usage_error(prog, "%s needs --jobs FILE",
                               a->job >= 0 ? "--job" : "--shard");
    if (a->job >= 0 && a->shard_n)
        return cli_usage_error(prog, "--job and --shard exclude each other");
    if (a->split && a->jobs_file)
        return cli_usage_error(prog, "--split writes the jobs, --jobs counts "
                               "them: not both");
    if (a->split)
        return split_grids(a->box.box.R, a->box.box.C, search->timeout);
    return a->jobs_file ? shard_grids(a, search) : grids(a, search);
}

/* --classes: the bands and their classes, within timeout seconds. */
static int classes(int R, int C, double timeout)
{
    int N = R * C;
    sudoku_band_classes cl;
    int status = sudoku_band_count_classes_within(R, C, 50000000,
                                                  timeout, &cl);
    if (status == SUDOKU_ECUT) {
        cli_report(bands_command.prog, 0, 0, "%dx%d bands: the classes "
                   "were not counted in %g s (--timeout)", N, N, timeout);
        return CLI_EXIT_CUT;
    }
    if (status == SUDOKU_ELIMIT) {
        /* not a budget the user set: the classification holds every
         * band in memory, and this order has too many */
        cli_report(bands_command.prog, 0, 0, "%dx%d bands are too many "
                   "to classify (more than 50,000,000 with the first "
                   "row fixed; --count counts them)", N, N);
        return CLI_EXIT_USAGE;
    }
    if (status != SUDOKU_OK) {
        cli_report(bands_command.prog, 0, 0, "%s", sudoku_strerror(status));
        return CLI_EXIT_SYSTEM;
    }
    printf("%dx%d bands (boxes %dx%d), first row fixed: %" PRIu64 "\n",
           N, N, R, C, cl.bands);
    printf("classes under the band symmetries (relabeling the digits, "
           "permuting the %d rows, the %d boxes, and the columns inside "
           "each box): %" PRIu64 "\n", R, R, cl.symmetry);
    printf("classes when the digits inside each mini-column (a column of "
           "a box) may also be rearranged, which keeps every column's "
           "digits and so the number of completions below the band: "
           "%" PRIu64 "\n", cl.column_sets);
    if (N == 9)
        printf("For 9x9 these are the 416 of Felgenhauer and Jarvis's "
               "enumeration (the classes the document quotes, from\n"
               "box 1 in standard form and boxes 2 and 3 reduced "
               "lexicographically: 2,612,736 / 72 = 36,288\nconfigurations, "
               "then the band symmetries) and Jarvis's 44 (\"gang of "
               "44\").\n");
    return cli_finish_output(bands_command.prog);
}

int sudoku_bands_main(int argc, char **argv)
{
    bands_args a = { .box = { .box = { 3, 3, 9 } },
                     .memo_mb = DLX_MEMO_DEFAULT_MB, .job = -1 };
    cli_search search;
    cli_search_init(&search);
    search.timeout = -1;    /* not given */
    int st = cli_parse(&bands_command, argc, argv, 1, &search, NULL, NULL,
                       own_option, &a);
    if (st >= 0)
        return st;
    if (a.mode == 3 || a.split || a.jobs_file || a.job >= 0 || a.shard_n)
        return grids_mode(&a, &search);
    if (search.timeout < 0)
        search.timeout = 60;
    sudoku_read_options box = a.box;
    int fix = a.fix, mode = a.mode, plain = a.plain;
    uint64_t estimate = a.estimate;
    sudoku_shape shape = box.box;
    int threads = search.threads;
    double timeout = search.timeout > 0 ? search.timeout : 1e9;
    int R = shape.R, C = shape.C, N = shape.N;
    if (N > SUDOKU_BAND_MAX_N)
        return cli_usage_error(bands_command.prog, "bands are supported up to "
                               "order %d, not %d", SUDOKU_BAND_MAX_N, N);
    if (mode == 2)
        return classes(R, C, timeout);
    dlx_matrix *m = sudoku_band_matrix(R, C);
    if (!m) {
        cli_report(bands_command.prog, 0, 0, "out of memory");
        return CLI_EXIT_SYSTEM;
    }
    int first[SUDOKU_BAND_MAX_N];
    sudoku_band_first_row(R, C, first);
    int rc = 0;
    if (mode == 1) {
        errno = 0;
        lister l = { R, C, plain, fix, 0, 0 };
        dlx_search s = dlx_search_defaults();
        /* the free first row is every relabeling of the fixed one: list
         * those with it fixed, or all when asked */
        s.forced = fix ? first : NULL;
        s.n_forced = fix ? N : 0;
        s.on_solution = list_band;
        s.solution_ctx = &l;
        dlx_result r;
        dlx_solve(m, &s, &r);
        fprintf(stderr, "sudoku bands: %" PRIu64 " bands listed, %d "
                "characters each (plain digits: %d)\n", l.n,
                plain ? (R - fix) * N
                      : (R - fix) * sudoku_rank_width(N),
                (R - fix) * N);
        if (r.outcome != DLX_COMPLETE) {
            /* only a write error stops the list */
            fprintf(stderr, "%s: error writing output: %s\n",
                    bands_command.prog, strerror(l.err ? l.err : EIO));
            dlx_free(m);
            return CLI_EXIT_SYSTEM;
        }
    } else if (estimate) {
        dlx_estimate e;
        dlx_search es = dlx_search_defaults();
        es.forced = first;
        es.n_forced = N;
        es.seed = 1;
        es.max_seconds = timeout;
        dlx_estimate_size(m, &es, estimate, &e);
        printf("%dx%d bands, first row fixed: about %.4g (+- %.2g, estimated "
               "from %" PRIu64 " random paths%s)\n", N, N, e.solutions,
               e.solutions_error, e.paths,
               e.outcome == DLX_STOP_TIME ? ", cut short by --timeout" : "");
        rc = CLI_EXIT_CUT;
    } else {
        dlx_parallel par = { 0 };
        par.threads = threads;
        par.max_seconds = timeout;
        dlx_parallel_result res;
        int status = dlx_count_parallel(m, first, N, 0, &par, &res);
        if (status != DLX_OK) {
            cli_report(bands_command.prog, 0, 0, "%s", dlx_strerror(status));
            dlx_free(m);
            return CLI_EXIT_SYSTEM;
        }
        char count[DLX_COUNT_STRLEN];
        if (res.outcome == DLX_COMPLETE) {
            printf("%dx%d bands (boxes %dx%d), first row fixed: %s\n", N, N,
                   R, C, dlx_count_str(res.solutions, count));
            if (!fix) {
                unsigned f = 1;
                dlx_count all = res.solutions;
                for (int k = 2; k <= N; k++) {
                    all = count_times(all, (unsigned)k);
                    f = f * (unsigned)k;
                }
                printf("%dx%d bands, first row free: %s (derived: %d! = %u "
                       "times the count above, one for each first row)\n",
                       N, N, dlx_count_str(all, count), N, N <= 12 ? f : 0);
            }
            fprintf(stderr, "sudoku bands: counted in %.3f s on %d thread%s\n",
                    res.seconds, threads, threads == 1 ? "" : "s");
        } else {
            dlx_estimate e;
            dlx_search es = dlx_search_defaults();
            es.forced = first;
            es.n_forced = N;
            es.seed = 1;
            es.max_seconds = timeout; /* 16x16: 100000 paths take 5 s */
            dlx_estimate_size(m, &es, 100000, &e);
            printf("%dx%d bands, first row fixed: too many to count in %g s "
                   "(%s counted so far); about %.4g (+- %.2g, estimated from "
                   "%" PRIu64 " random paths)\n", N, N, timeout,
                   dlx_count_str(res.solutions, count), e.solutions,
                   e.solutions_error, e.paths);
            rc = CLI_EXIT_CUT;
        }
        dlx_parallel_result_free(&res);
    }
    dlx_free(m);
    return cli_exit_worse(rc, cli_finish_output(bands_command.prog));
}
