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

#include "dlx.h"
#include "dlx_parallel.h"
#include "dlx_util.h"
#include "sudoku_bands.h"
#include "sudoku_grid.h"

int sudoku_bands_main(int argc, char **argv);

static const char bands_usage[] =
"Usage: sudoku bands [--box RxC | --size N] [--fix-first-row]\n"
"                    [--count | --list [--plain] | --classes]\n"
"The completions of the first band (the first R rows) of an N x N sudoku\n"
"with R x C boxes (default 3x3), counted by the exact cover engine with\n"
"the column items secondary.\n"
"\n"
"  --count           the number of bands (default); with the first row free\n"
"                    it is N! times the count with it fixed, and printed as\n"
"                    derived that way.  Orders whose count takes longer than\n"
"                    --timeout (default 60 s) are estimated instead (Knuth's\n"
"                    random paths), and say so.\n"
"  --fix-first-row   the first row is 1 2 .. N\n"
"  --list            every band, one per line, in the compact code: each row\n"
"                    after the first as its rank among the N! permutations,\n"
"                    in base 64 (4 characters for 9x9); --plain for digits\n"
"  --classes         the number of classes of bands: under the band's\n"
"                    symmetries, and when digits may also be rearranged\n"
"                    within each mini-column (which keeps the completions)\n"
"  --estimate PATHS  estimate only, from PATHS random paths\n"
"  -j, --threads N   count on N threads\n"
"  --timeout SEC     time for an exact count before estimating\n"
"Exit status: 0 done, 4 usage error, 5 estimated or cut short, 6 out of\n"
"memory or write error.\n";

static int bands_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "sudoku bands: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'sudoku bands --help' for more information.\n");
    return 4;
}

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
} lister;

static int list_band(void *ctx, const int *options, int n)
{
    lister *l = ctx;
    int band[SUDOKU_BAND_MAX_N * SUDOKU_BAND_MAX_N];
    int N = l->R * l->C;
    sudoku_band_from_options(l->R, l->C, options, n, band);
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
    return ferror(stdout) != 0;
}

int sudoku_bands_main(int argc, char **argv)
{
    sudoku_shape shape = { 3, 3, 9 };
    int fix = 0, mode = 0, plain = 0, threads = 1; /* 0 count 1 list 2 cl */
    uint64_t estimate = 0;
    double timeout = 60;
    static const char *const with_value[] = {
        "-b", "--box", "-n", "--size", "--estimate", "--timeout", "-j",
        "--threads", NULL };
    for (int k = 1; k < argc; k++) {
        dlx_arg arg;
        int bad = dlx_next_arg(argc, argv, &k, with_value, &arg);
        if (bad)
            return bands_usage_error(dlx_arg_error(bad), argv[k]);
        const char *a = arg.name, *val = arg.value;
        uint64_t n;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(bands_usage, stdout);
            return 0;
        } else if (!strcmp(a, "--box") || !strcmp(a, "-b")) {
            if (sudoku_parse_box(val, &shape) != 0)
                return bands_usage_error("--box: '%s' is not RxC", val);
        } else if (!strcmp(a, "--size") || !strcmp(a, "-n")) {
            if (!dlx_parse_u64(val, &n) || n > SUDOKU_MAX_ORDER ||
                sudoku_default_shape((int)n, &shape) != 0)
                return bands_usage_error("--size: '%s' is not an order", val);
        } else if (!strcmp(a, "--fix-first-row")) {
            fix = 1;
        } else if (!strcmp(a, "--count")) {
            mode = 0;
        } else if (!strcmp(a, "--list")) {
            mode = 1;
        } else if (!strcmp(a, "--plain")) {
            plain = 1;
        } else if (!strcmp(a, "--classes")) {
            mode = 2;
        } else if (!strcmp(a, "--estimate")) {
            if (!dlx_parse_u64(val, &estimate) || estimate == 0)
                return bands_usage_error("--estimate: '%s' is not a positive "
                                         "number of paths", val);
        } else if (!strcmp(a, "--timeout")) {
            char *end;
            timeout = strtod(val, &end);
            if (end == val || *end || !(timeout > 0))
                return bands_usage_error("--timeout: '%s' is not a positive "
                                         "number", val);
        } else if (!strcmp(a, "--threads") || !strcmp(a, "-j")) {
            if (!dlx_parse_u64(val, &n) || n < 1 || n > 1024)
                return bands_usage_error("--threads: '%s' is not a number "
                                         "from 1 to 1024", val);
            threads = (int)n;
        } else {
            return bands_usage_error("unknown option '%s'", argv[k]);
        }
    }
    int R = shape.R, C = shape.C, N = shape.N;
    if (N > SUDOKU_BAND_MAX_N)
        return bands_usage_error("bands are supported up to order 20, not "
                                 "%s", argc ? "the one asked" : "");
    if (mode == 2) {
        sudoku_band_classes cl;
        int status = sudoku_band_count_classes(R, C, 50000000, &cl);
        if (status == DLX_ETOOBIG) {
            fprintf(stderr, "sudoku bands: %dx%d bands are too many to "
                    "classify (more than 50,000,000 with the first row "
                    "fixed)\n", N, N);
            return 5;
        }
        if (status != DLX_OK) {
            fprintf(stderr, "sudoku bands: %s\n", dlx_strerror(status));
            return 6;
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
        return fflush(stdout) == 0 ? 0 : 6;
    }
    dlx_matrix *m = sudoku_band_matrix(R, C);
    if (!m) {
        fprintf(stderr, "sudoku bands: out of memory\n");
        return 6;
    }
    int first[SUDOKU_BAND_MAX_N];
    sudoku_band_first_row(R, C, first);
    int rc = 0;
    if (mode == 1) {
        lister l = { R, C, plain, fix, 0 };
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
        if (r.outcome != DLX_COMPLETE)
            rc = 6;
    } else if (estimate) {
        dlx_estimate e;
        dlx_estimate_size(m, first, N, estimate, 1, &e);
        printf("%dx%d bands, first row fixed: about %.4g (+- %.2g, estimated "
               "from %" PRIu64 " random paths)\n", N, N, e.solutions,
               e.solutions_error, estimate);
        rc = 5;
    } else {
        dlx_jobs jobs;
        dlx_parallel par = { 0 };
        par.threads = threads;
        par.max_seconds = timeout;
        dlx_parallel_result res;
        int status = dlx_split(m, first, N, 1, 64 * threads, &jobs);
        if (status == DLX_OK)
            status = dlx_count_jobs(m, &jobs, NULL, 0, &par, &res);
        if (status != DLX_OK) {
            fprintf(stderr, "sudoku bands: %s\n", dlx_strerror(status));
            dlx_free(m);
            return 6;
        }
        dlx_jobs_free(&jobs);
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
            dlx_estimate_size(m, first, N, 100000, 1, &e);
            printf("%dx%d bands, first row fixed: too many to count in %g s "
                   "(%s counted so far); about %.4g (+- %.2g, estimated from "
                   "100000 random paths)\n", N, N, timeout,
                   dlx_count_str(res.solutions, count), e.solutions,
                   e.solutions_error);
            rc = 5;
        }
        dlx_parallel_result_free(&res);
    }
    dlx_free(m);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudoku bands: error writing output: %s\n",
                strerror(errno));
        return 6;
    }
    return rc;
}
