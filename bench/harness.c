/*
 * harness.c - per-puzzle timing inside one process, so that process start
 * and file reading are not what is measured (bench/run drives it).
 *
 *   bench_harness sudoku   FILE [options]   solve, proving uniqueness
 *   bench_harness mathdoku FILE [options]   the same for mathdoku
 *   bench_harness canon    FILE [options]   canonical form of each puzzle
 *   bench_harness plot OUT.svg TITLE DLX.csv DFS.csv
 *
 * Options: --method dlx|dfs, --timeout S (per puzzle), --budget S (per
 * file: puzzles after it are not run, and counted as such), --name NAME
 * (the summary's name), --section NAME, --csv FILE (one line per puzzle:
 * index,microseconds,nodes,status), --solutions FILE (one expected answer
 * per line, digits), --corrupt K (spoil puzzle K's answer before it is
 * checked: proves the check fails; for tests).
 *
 * Every answer is validated before its time counts: a sudoku or mathdoku
 * solution by the independent checker, against the givens, with exactly
 * one solution, and against --solutions when given; a canonical form by
 * being its own canonical form and that of a random transformation of the
 * puzzle.  A wrong answer prints FILE:LINE: wrong answer: WHY and exits 1.
 *
 * The summary is one CSV line on stdout, the columns of bench/run's
 * results.csv: section,name,method,count,finished,seconds,per_second,
 * median_us,p99_us,max_us,nodes_per_item,speedup,note.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "mathdoku.h"
#include "sudoku_canon.h"
#include "sudoku_grid.h"
#include "sudoku_solve.h"

enum { OK = 0, WRONG = 1, INPUT = 3, USAGE = 4 };

typedef struct options {
    const char *mode, *file, *name, *section, *csv, *solutions;
    int dfs;
    double timeout, budget;
    long corrupt;
} options;

/* what each puzzle gave */
typedef struct sample {
    double us;
    uint64_t nodes;
    int status;              /* 0 done, 1 cut short, 2 not run (budget) */
} sample;

typedef struct run {
    const options *o;
    sample *s;
    size_t n, cap;
    FILE *csv, *want;
    double total;
} run;

static int add(run *r, double us, uint64_t nodes, int status)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 1024;
        sample *s = realloc(r->s, cap * sizeof *s);
        if (!s)
            return -1;
        r->s = s;
        r->cap = cap;
    }
    r->s[r->n++] = (sample){ us, nodes, status };
    if (status == 0)
        r->total += us / 1e6;
    if (r->csv)
        fprintf(r->csv, "%zu,%.3f,%llu,%s\n", r->n, us,
                (unsigned long long)nodes,
                status == 0 ? "done" : status == 1 ? "cut" : "skipped");
    return 0;
}

/* the time left for a puzzle: its timeout, or less when the file's budget
 * runs out first; 0 = no limit; < 0: the budget is spent */
static double time_left(const run *r, double started)
{
    const options *o = r->o;
    if (o->budget <= 0)
        return o->timeout;
    double left = o->budget - (grid_seconds() - started);
    if (left <= 0)
        return -1;
    return o->timeout > 0 && o->timeout < left ? o->timeout : left;
}

/* the next expected answer (digits only), or NULL */
static const char *expected(run *r, char *buf, size_t size)
{
    if (!r->want || !fgets(buf, (int)size, r->want))
        return NULL;
    buf[strcspn(buf, "\r\n")] = '\0';
    return buf;
}

/* an expected answer as values: "4,3,1,2" (any order) or "4312" (one
 * symbol per cell, 1-9 then A-Z); the number of values, -1 if malformed */
static int parse_answer(const char *s, int N, int *v, int max)
{
    int n = 0;
    if (strchr(s, ',')) {
        while (*s) {
            char *end;
            long x = strtol(s, &end, 10);
            if (end == s || x < 1 || x > N || n == max)
                return -1;
            v[n++] = (int)x;
            s = *end == ',' ? end + 1 : end;
            if (*end && *end != ',')
                return -1;
        }
        return n;
    }
    for (; *s; s++) {
        int x = sudoku_symbol_value(*s, SUDOKU_SYM_AUTO, N);
        if (x < 1 || n == max)
            return -1;
        v[n++] = x;
    }
    return n;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void summary(const run *r)
{
    const options *o = r->o;
    size_t done = 0, cut = 0, skipped = 0;
    double nodes = 0;
    double *t = malloc((r->n + 1) * sizeof *t);
    for (size_t k = 0; k < r->n; k++) {
        if (r->s[k].status == 0) {
            if (t)
                t[done] = r->s[k].us;
            done++;
            nodes += (double)r->s[k].nodes;
        }
        cut += r->s[k].status == 1;
        skipped += r->s[k].status == 2;
    }
    double med = 0, p99 = 0, max = 0;
    if (t && done > 0) {
        qsort(t, done, sizeof *t, cmp_double);
        med = done % 2 ? t[done / 2] : (t[done / 2 - 1] + t[done / 2]) / 2;
        size_t k = (size_t)ceil(0.99 * (double)done);
        p99 = t[k > 0 ? k - 1 : 0];
        max = t[done - 1];
    }
    free(t);
    printf("%s,%s,%s,%zu,%zu,%.6f,%.1f,%.1f,%.1f,%.1f,%.1f,,", o->section,
           o->name, o->dfs ? "dfs" : "dlx", r->n, done, r->total,
           r->total > 0 ? (double)done / r->total : 0, med, p99, max,
           done ? nodes / (double)done : 0);
    if (cut || skipped)
        printf("%zu cut short at %g s; %zu not run (budget %g s)", cut,
               o->timeout, skipped, o->budget);
    printf("\n");
}

static void wrong(const options *o, int line, const char *why)
{
    fprintf(stderr, "%s:%d: wrong answer: %s\n", o->file, line, why);
}

/* The checks a solved puzzle passes before its time counts: exactly one
 * solution, no complaint from the independent checker (complaint is NULL,
 * or what the checker said), and the listed answer when there is one
 * (want, read against the N*N cell values).  0 if all hold; otherwise the
 * reason is printed as FILE:LINE: wrong answer: WHY. */
static int validate(const options *o, int line, uint64_t solutions,
                    const char *complaint, const char *want, int N,
                    const int *cells)
{
    char why[256];
    if (solutions != 1) {
        snprintf(why, sizeof why, "%llu solutions, expected one",
                 (unsigned long long)solutions);
        wrong(o, line, why);
        return -1;
    }
    if (complaint) {
        wrong(o, line, complaint);
        return -1;
    }
    if (want) {
        int *v = malloc((size_t)N * N * sizeof *v);
        int same = v && parse_answer(want, N, v, N * N) == N * N;
        for (int k = 0; same && k < N * N; k++)
            same = v[k] == cells[k];
        free(v);
        if (!same) {
            wrong(o, line, "not the listed solution");
            return -1;
        }
    }
    return 0;
}

/* ---- sudoku --------------------------------------------------------------- */

static int bench_sudoku(run *r, FILE *f)
{
    const options *o = r->o;
    sudoku_reader rd;
    sudoku_read_options ropt = { 0 };
    sudoku_reader_init(&rd, f, o->file, &ropt);
    sudoku p, sol;
    sudoku_init(&p);
    sudoku_init(&sol);
    sudoku_source src;
    dlx_diag err;
    sudoku_solver *sv = NULL;
    int st, status = OK;
    double started = grid_seconds();
    char buf[1 << 16], why[256];
    int cells[SUDOKU_MAX_ORDER * SUDOKU_MAX_ORDER];
    while ((st = sudoku_read(&rd, &p, &src, &err)) != 0) {
        if (st < 0) {
            fprintf(stderr, "%s:%d:%d: %s\n", o->file, err.line, err.col,
                    err.message);
            status = INPUT;
            if (st == -2)
                break;
            continue;
        }
        const char *want = expected(r, buf, sizeof buf);
        double left = time_left(r, started);
        if (left < 0) {
            add(r, 0, 0, 2);
            continue;
        }
        grid_limits lim = { .max_solutions = 2, .max_seconds = left };
        grid_outcome out;
        if (!o->dfs && (!sv || sudoku_solver_shape(sv).N != p.shape.N ||
                        sudoku_solver_shape(sv).R != p.shape.R)) {
            sudoku_solver_free(sv);
            sv = sudoku_solver_new(p.shape);
        }
        double t0 = grid_seconds();
        if (o->dfs)
            st = sudoku_solve_dfs(&p, &lim, &sol, &out);
        else
            st = sv ? sudoku_solve_dlx(sv, &p, &lim, &sol, &out) : -1;
        double us = (grid_seconds() - t0) * 1e6;
        if (st != 0) {
            wrong(o, src.line, "the givens clash, or no memory");
            status = WRONG;
            break;
        }
        if (!out.complete) {
            add(r, us, out.nodes, 1);
            continue;
        }
        if ((long)r->n + 1 == o->corrupt && out.solutions > 0) {
            int N = sol.shape.N;
            unsigned char t = sol.cell[0];
            sol.cell[0] = sol.cell[N + 1];
            sol.cell[N + 1] = t;
        }
        int N = p.shape.N;
        for (int k = 0; out.solutions > 0 && k < N * N; k++)
            cells[k] = sol.cell[k];
        const char *complaint =
            out.solutions > 0 &&
                    sudoku_check_solution(&p, &sol, why, sizeof why) != 0
                ? why : NULL;
        if (validate(o, src.line, out.solutions, complaint, want, N,
                     cells) != 0) {
            status = WRONG;
            break;
        }
        add(r, us, out.nodes, 0);
    }
    sudoku_solver_free(sv);
    sudoku_reader_release(&rd);
    sudoku_release(&p);
    sudoku_release(&sol);
    return status;
}

/* ---- canonical forms -------------------------------------------------------- */

static int bench_canon(run *r, FILE *f)
{
    const options *o = r->o;
    sudoku_reader rd;
    sudoku_read_options ropt = { 0 };
    sudoku_reader_init(&rd, f, o->file, &ropt);
    sudoku p, c, t, c2;
    sudoku_init(&p);
    sudoku_init(&c);
    sudoku_init(&t);
    sudoku_init(&c2);
    sudoku_source src;
    dlx_diag err;
    sudoku_canon_ctx *cx = sudoku_canon_new();
    int st, status = cx ? OK : INPUT;
    while (cx && (st = sudoku_read(&rd, &p, &src, &err)) != 0) {
        if (st < 0) {
            fprintf(stderr, "%s:%d:%d: %s\n", o->file, err.line, err.col,
                    err.message);
            status = INPUT;
            if (st == -2)
                break;
            continue;
        }
        double t0 = grid_seconds();
        st = sudoku_canon_with(cx, &p, &c);
        double us = (grid_seconds() - t0) * 1e6;
        if (st != 0) {
            wrong(o, src.line, "no canonical form");
            status = WRONG;
            break;
        }
        if ((long)r->n + 1 == o->corrupt)
            c.cell[c.shape.N * c.shape.N - 1] ^= 1;
        /* the form is its own form, and the form of an equivalent */
        sudoku_transform tf;
        sudoku_transform_random(&p.shape, (uint64_t)r->n + 1, &tf);
        int ok = sudoku_canon_with(cx, &c, &c2) == 0 &&
                 !memcmp(c.cell, c2.cell, (size_t)p.shape.N * p.shape.N) &&
                 sudoku_transform_apply(&tf, &p, &t) == 0 &&
                 sudoku_canon_with(cx, &t, &c2) == 0 &&
                 !memcmp(c.cell, c2.cell, (size_t)p.shape.N * p.shape.N);
        if (!ok) {
            wrong(o, src.line, "the canonical form is not that of an "
                  "equivalent puzzle, or not its own");
            status = WRONG;
            break;
        }
        add(r, us, 0, 0);
    }
    sudoku_canon_free(cx);
    sudoku_reader_release(&rd);
    sudoku_release(&p);
    sudoku_release(&c);
    sudoku_release(&t);
    sudoku_release(&c2);
    return status;
}

/* ---- mathdoku ------------------------------------------------------------- */

static int bench_mathdoku(run *r, FILE *f)
{
    const options *o = r->o;
    mathdoku_reader rd;
    mathdoku_rules rules = { 0 };
    mathdoku_reader_init(&rd, f, MATHDOKU_LAYOUT_AUTO, &rules);
    mathdoku p;
    memset(&p, 0, sizeof p);
    dlx_diag err;
    int st, line, status = OK;
    double started = grid_seconds();
    char buf[4096], why[256];
    while ((st = mathdoku_read(&rd, &p, &line, &err)) != 0) {
        if (st < 0) {
            fprintf(stderr, "%s:%d:%d: %s\n", o->file, err.line, err.col,
                    err.message);
            status = INPUT;
            if (st == -2)
                break;
            continue;
        }
        const char *want = expected(r, buf, sizeof buf);
        double left = time_left(r, started);
        if (left < 0) {
            add(r, 0, 0, 2);
            mathdoku_free(&p);
            continue;
        }
        grid_limits lim = { .max_solutions = 2, .max_seconds = left };
        grid_outcome out;
        int N = p.N, *sol = malloc((size_t)N * N * sizeof *sol);
        double t0 = grid_seconds();
        if (!sol) {
            st = -1;
        } else if (o->dfs) {
            st = mathdoku_solve_dfs(&p, &rules, &lim, sol, &out);
        } else {
            /* building the exact cover is part of the solve */
            mathdoku_solver *sv = NULL;
            st = mathdoku_solver_new(&p, &rules, &lim, &sv, &err);
            if (st == MATHDOKU_OK)
                st = mathdoku_solve_dlx(sv, &lim, sol, &out);
            mathdoku_solver_free(sv);
        }
        double us = (grid_seconds() - t0) * 1e6;
        if (st != 0) {
            wrong(o, line, "no exact cover could be built, or no memory");
            status = WRONG;
        } else if (!out.complete) {
            add(r, us, out.nodes, 1);
        } else {
            if ((long)r->n + 1 == o->corrupt && out.solutions > 0) {
                int t = sol[0];
                sol[0] = sol[1];
                sol[1] = t;
            }
            const char *complaint =
                out.solutions > 0 &&
                        mathdoku_check(&p, &rules, sol, why, sizeof why)
                    ? why : NULL;
            if (validate(o, line, out.solutions, complaint, want, N, sol))
                status = WRONG;
            else
                add(r, us, out.nodes, 0);
        }
        free(sol);
        mathdoku_free(&p);
        if (status != OK)
            break;
    }
    mathdoku_reader_release(&rd);
    return status;
}

/* ---- plot ----------------------------------------------------------------- */

typedef struct points {
    double *us;
    int *status;
    size_t n;
} points;

static int read_points(const char *file, points *p)
{
    FILE *f = fopen(file, "r");
    if (!f) {
        fprintf(stderr, "bench_harness: %s: %s\n", file, strerror(errno));
        return -1;
    }
    size_t cap = 0;
    char line[256], st[32];
    p->n = 0;
    p->us = NULL;
    p->status = NULL;
    while (fgets(line, sizeof line, f)) {
        size_t idx;
        double us;
        unsigned long long nodes;
        if (sscanf(line, "%zu,%lf,%llu,%31s", &idx, &us, &nodes, st) != 4)
            continue;
        if (p->n == cap) {
            cap = cap ? 2 * cap : 1024;
            p->us = realloc(p->us, cap * sizeof *p->us);
            p->status = realloc(p->status, cap * sizeof *p->status);
            if (!p->us || !p->status) {
                fclose(f);
                return -1;
            }
        }
        p->us[p->n] = us;
        p->status[p->n++] = !strcmp(st, "done") ? 0 : !strcmp(st, "cut") ? 1
                                                                        : 2;
    }
    fclose(f);
    return 0;
}

/* A log-log scatter of DFS time against DLX time, one dot per puzzle;
 * puzzles the DFS did not finish sit on their time-box, in red. */
static int plot(const char *out, const char *title, const char *a,
                const char *b)
{
    points x, y;
    if (read_points(a, &x) != 0 || read_points(b, &y) != 0)
        return INPUT;
    size_t n = x.n < y.n ? x.n : y.n;
    double lo = 1e300, hi = 0;
    for (size_t k = 0; k < n; k++) {
        if (y.status[k] == 2)
            continue;
        double v[2] = { x.us[k], y.us[k] };
        for (int i = 0; i < 2; i++) {
            double t = v[i] < 0.1 ? 0.1 : v[i];
            lo = t < lo ? t : lo;
            hi = t > hi ? t : hi;
        }
    }
    if (hi == 0)
        lo = 1, hi = 10;
    double l0 = floor(log10(lo)), l1 = ceil(log10(hi));
    if (l1 <= l0)
        l1 = l0 + 1;
    FILE *f = fopen(out, "w");
    if (!f) {
        fprintf(stderr, "bench_harness: %s: %s\n", out, strerror(errno));
        return INPUT;
    }
    const int W = 560, H = 480, L = 80, T = 40, S = 400;
#define PX(v) (L + S * (log10((v) < 0.1 ? 0.1 : (v)) - l0) / (l1 - l0))
#define PY(v) (T + S - S * (log10((v) < 0.1 ? 0.1 : (v)) - l0) / (l1 - l0))
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", W,
            H);
    fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"14\">", L);
    for (const char *c = title; *c; c++)
        fprintf(f, *c == '<' ? "&lt;" : *c == '&' ? "&amp;" : "%c", *c);
    fprintf(f, "</text>\n");
    for (int d = (int)l0; d <= (int)l1; d++) {
        double v = pow(10, d), px = PX(v), py = PY(v);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                "stroke=\"#ddd\"/>\n", px, T, px, T + S);
        fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
                "stroke=\"#ddd\"/>\n", L, py, L + S, py);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">"
                "1e%d</text>\n", px, T + S + 16, d);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">1e%d"
                "</text>\n", L - 6, py + 4, d);
    }
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
            "fill=\"none\" stroke=\"black\"/>\n", L, T, S, S);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
            "stroke=\"#888\" stroke-dasharray=\"4\"/>\n", L, T + S, L + S,
            T);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">DLX, "
            "microseconds per puzzle (log)</text>\n", L + S / 2, T + S + 36);
    fprintf(f, "<text transform=\"translate(%d %d) rotate(-90)\" "
            "text-anchor=\"middle\">naive DFS, microseconds (log)</text>\n",
            L - 50, T + S / 2);
    size_t shown = 0, cut = 0;
    for (size_t k = 0; k < n; k++) {
        if (y.status[k] == 2 || x.status[k] != 0)
            continue;
        shown++;
        cut += y.status[k] == 1;
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"%s\" "
                "fill-opacity=\"0.5\"/>\n", PX(x.us[k]), PY(y.us[k]),
                y.status[k] == 1 ? "red" : "#1f5fbf");
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#1f5fbf\">%zu puzzles; "
            "above the dashed line DFS is slower</text>\n", L + 8, T + 16,
            shown);
    fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"red\">%zu DFS cut short "
            "(at its time-box)</text>\n", L + 8, T + 32, cut);
    fprintf(f, "</svg>\n");
#undef PX
#undef PY
    int st = fclose(f) == 0 ? OK : INPUT;
    free(x.us);
    free(x.status);
    free(y.us);
    free(y.status);
    return st;
}

/* ---- main ----------------------------------------------------------------- */

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "bench_harness: %s\n", why);
    fprintf(stderr, "usage: bench_harness sudoku|mathdoku|canon FILE "
            "[--method dlx|dfs] [--timeout S] [--budget S] [--name N] "
            "[--section S] [--csv F] [--solutions F] [--corrupt K]\n"
            "       bench_harness plot OUT.svg TITLE DLX.csv DFS.csv\n");
    return USAGE;
}

static int number(const char *s, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    return *s && !*end && !errno && *out >= 0;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return usage(NULL);
    options o = { .mode = argv[1], .file = argv[2], .section = argv[1] };
    if (!strcmp(o.mode, "plot"))
        return argc == 6 ? plot(argv[2], argv[3], argv[4], argv[5])
                         : usage("plot takes OUT.svg TITLE DLX.csv DFS.csv");
    o.name = o.file;
    for (int k = 3; k < argc; k += 2) { /* every option has a value */
        const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
        double d;
        if (!v)
            return usage("an option lacks its value");
        if (!strcmp(a, "--method") && (!strcmp(v, "dlx") || !strcmp(v, "dfs")))
            o.dfs = !strcmp(v, "dfs");
        else if (!strcmp(a, "--timeout") && number(v, &d))
            o.timeout = d;
        else if (!strcmp(a, "--budget") && number(v, &d))
            o.budget = d;
        else if (!strcmp(a, "--corrupt") && number(v, &d))
            o.corrupt = (long)d;
        else if (!strcmp(a, "--name"))
            o.name = v;
        else if (!strcmp(a, "--section"))
            o.section = v;
        else if (!strcmp(a, "--csv"))
            o.csv = v;
        else if (!strcmp(a, "--solutions"))
            o.solutions = v;
        else
            return usage("unknown option or bad value");
    }
    run r = { .o = &o };
    FILE *f = fopen(o.file, "r");
    if (!f) {
        fprintf(stderr, "bench_harness: %s: %s\n", o.file, strerror(errno));
        return INPUT;
    }
    if (o.csv && !(r.csv = fopen(o.csv, "w"))) {
        fprintf(stderr, "bench_harness: %s: %s\n", o.csv, strerror(errno));
        return INPUT;
    }
    if (o.solutions && !(r.want = fopen(o.solutions, "r"))) {
        fprintf(stderr, "bench_harness: %s: %s\n", o.solutions,
                strerror(errno));
        return INPUT;
    }
    int st;
    if (!strcmp(o.mode, "sudoku"))
        st = bench_sudoku(&r, f);
    else if (!strcmp(o.mode, "mathdoku"))
        st = bench_mathdoku(&r, f);
    else if (!strcmp(o.mode, "canon"))
        st = bench_canon(&r, f);
    else
        st = usage("the mode is sudoku, mathdoku, canon or plot");
    fclose(f);
    if (r.want)
        fclose(r.want);
    if (r.csv && fclose(r.csv) != 0) {
        fprintf(stderr, "bench_harness: %s: write error\n", o.csv);
        st = st ? st : INPUT;
    }
    if (st == OK)
        summary(&r);
    free(r.s);
    return st;
}
