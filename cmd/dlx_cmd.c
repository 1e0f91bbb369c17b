/*
 * dlx - solve an exact cover problem given in Knuth's text format.
 *
 * Thin: parse arguments, read, run one search, print.  The work is in
 * libdlx (dlx.h, dlx_read.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlx.h"
#include "dlx_branches.h"
#include "dlx_gen_cmd.h"
#include "dlx_parallel.h"
#include "dlx_read.h"
#include "dlx_util.h"
#include "view_cmd.h"

enum {
    EXIT_FOUND = 0,     /* at least one solution (--unique: exactly one) */
    EXIT_NONE = 1,      /* no solution */
    EXIT_SEVERAL = 2,   /* --unique: more than one solution */
    EXIT_INPUT = 3,     /* the input could not be read */
    EXIT_USAGE = 4,     /* bad command line */
    EXIT_CUT = 5,       /* --max-nodes or --timeout stopped the search */
    EXIT_SYSTEM = 6     /* out of memory, or output could not be written */
};

static const char usage_text[] =
"Usage: dlx [OPTION]... [FILE]\n"
"       dlx split [--depth D] [--min-jobs K] [FILE] > JOBS\n"
"       dlx merge JOBS RESULTS...\n"
"       dlx gen KIND ARG [--reduce]   (a well-known problem: dlx gen --help)\n"
"       dlx dfs permutations|queens N (the naive search: dlx dfs --help)\n"
"Solve the exact cover problem in FILE (Knuth's dlx1/dlx2 text format;\n"
"standard input when FILE is - or absent) with Dancing Links.\n"
"\n"
"What to do (default: print every solution):\n"
"  -c, --count          print only the number of solutions\n"
"  -u, --unique         say whether there is no, one, or more than one\n"
"                       solution (stops at the second: --limit 2)\n"
"  -1, --first          print the first solution only (--limit 1)\n"
"  -l, --limit N        stop after N solutions\n"
"  -p, --print N        print at most N solutions, but keep counting\n"
"      --json           solutions and summary as JSON lines\n"
"\n"
"Search:\n"
"      --estimate N     do not search: estimate the number of solutions and\n"
"                       nodes from N random paths (Knuth), for searches\n"
"                       too large to run; with --seed S for other paths\n"
"      --seed S         break ties and order options at random from seed S\n"
"                       (same seed, same search)\n"
"      --max-nodes N    stop after N search nodes (reported as cut short)\n"
"      --timeout SEC    stop after SEC seconds (reported as cut short)\n"
"\n"
"Counting on several cores and machines:\n"
"  -j, --threads N      count on N threads (implies --count; works with\n"
"                       --unique, --limit, --max-nodes, --timeout)\n"
"      --split-depth D  cut the search into jobs at depth D (default: the\n"
"                       least depth giving 64 jobs per thread)\n"
"      --jobs JOBS      count jobs of a file written by 'dlx split' and\n"
"                       print a results file for 'dlx merge'; with\n"
"      --job ID         only this job, or\n"
"      --shard K/N      only jobs whose id is K-1 modulo N (K = 1..N)\n"
"  dlx split            write the jobs (forced options) of the cut at depth\n"
"                       D (default 2), going deeper until at least K jobs\n"
"  dlx merge            add up results files; refuses a job that is missing\n"
"                       or counted twice, or results of another problem\n"
"\n"
"Seeing the search:\n"
"  -s, --stats          print nodes, updates, time and updates/s on stderr\n"
"                       (with threads: the work of each thread)\n"
"      --levels         with --stats: the number of nodes at each level\n"
"  -t, --trace          print every choice and backtrack on stdout\n"
"      --html FILE      write the search as one HTML page to FILE: the\n"
"                       matrix, the choices and the tree, step by step\n"
"                       (for small problems: the first 5000 steps)\n"
"      --tree-svg FILE  write the search tree as an SVG picture to FILE\n"
"\n"
"  -h, --help           this text\n"
"  -V, --version        the version\n"
"\n"
"Solutions are printed as the chosen options, one per line as in the\n"
"input, in the order chosen; a blank line ends each solution.\n"
"\n"
"A progress line is shown on stderr during long counts on threads when\n"
"stderr is a terminal.\n"
"\n"
"An option's value follows it (--limit 2) or is joined to it (--limit=2).\n"
"\n"
"Exit status:\n"
"  0  a solution was found (--unique: exactly one; --jobs and merge: all\n"
"     jobs counted in full)\n"
"  1  no solution\n"
"  2  --unique: more than one solution\n"
"  3  the input is not valid (file:line:col: message on stderr); merge: a\n"
"     job missing or counted twice\n"
"  4  usage error\n"
"  5  the search was cut short by --max-nodes or --timeout (merge: some\n"
"     results are partial)\n"
"  6  out of memory, or the output could not be written\n";

typedef struct options {
    const char *file;
    int count_only, unique, json, stats, levels, trace;
    uint64_t limit;
    uint64_t print;      /* UINT64_MAX: all */
    int randomize;
    uint64_t seed;
    uint64_t max_nodes;
    double timeout;
    int threads;
    int split_depth;
    const char *jobs_file;
    long job;            /* -1: all */
    int shard_k, shard_n;
    uint64_t estimate;   /* random paths; 0: search */
    const char *html, *tree_svg;   /* --html, --tree-svg: files to write */
} options;

typedef struct run {
    const options *opt;
    const dlx_problem *p;
    uint64_t printed;
    int write_error;
    dlx_branches *branches;   /* --trace: for the summary at the end */
    view_recorder *view;      /* --html, --tree-svg */
} run;

static const char *item_name(void *ctx, int item, char *buf, size_t size)
{
    (void)buf;
    (void)size;
    const dlx_problem *p = ctx;
    return p->item_names[item];
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "dlx: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'dlx --help' for more information.\n");
    return EXIT_USAGE;
}

static int parse_seconds(const char *s, double *out)
{
    if (!s || !*s)
        return 0;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !(v > 0) || v > 1e9)
        return 0;
    *out = v;
    return 1;
}

/* Returns -1 to go on, or an exit status. */
static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->print = UINT64_MAX;
    o->threads = 1;
    o->job = -1;
    int files = 0;
    for (int k = 1; k < argc; k++) {
        /* options that take a value: --name=V or --name V */
        static const char *const with_value[] = {
            "--limit", "-l", "--print", "-p", "--seed", "--max-nodes",
            "--timeout", "--threads", "-j", "--split-depth", "--jobs",
            "--job", "--shard", "--estimate", "--html", "--tree-svg", NULL };
        const char *a = argv[k];
        dlx_arg arg;
        int bad = dlx_next_arg(argc, argv, &k, with_value, &arg);
        if (bad)
            return usage_error(dlx_arg_error(bad), a);
        const char *name = arg.name, *val = arg.value;
        if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
            fputs(usage_text, stdout);
            return 0;
        } else if (!strcmp(name, "-V") || !strcmp(name, "--version")) {
            printf("dlx %s\n", DLX_VERSION);
            return 0;
        } else if (!strcmp(name, "-c") || !strcmp(name, "--count")) {
            o->count_only = 1;
        } else if (!strcmp(name, "-u") || !strcmp(name, "--unique")) {
            o->unique = 1;
        } else if (!strcmp(name, "-1") || !strcmp(name, "--first")) {
            o->limit = 1;
        } else if (!strcmp(name, "--json")) {
            o->json = 1;
        } else if (!strcmp(name, "-s") || !strcmp(name, "--stats")) {
            o->stats = 1;
        } else if (!strcmp(name, "--levels")) {
            o->stats = o->levels = 1;
        } else if (!strcmp(name, "-t") || !strcmp(name, "--trace")) {
            o->trace = 1;
        } else if (!strcmp(name, "-l") || !strcmp(name, "--limit")) {
            if (!dlx_parse_u64(val, &o->limit) || o->limit == 0)
                return usage_error("--limit: '%s' is not a positive number",
                                   val);
        } else if (!strcmp(name, "-p") || !strcmp(name, "--print")) {
            if (!dlx_parse_u64(val, &o->print))
                return usage_error("--print: '%s' is not a number", val);
        } else if (!strcmp(name, "--seed")) {
            if (!dlx_parse_u64(val, &o->seed))
                return usage_error("--seed: '%s' is not a number", val);
            o->randomize = 1;
        } else if (!strcmp(name, "--max-nodes")) {
            if (!dlx_parse_u64(val, &o->max_nodes) || o->max_nodes == 0)
                return usage_error("--max-nodes: '%s' is not a positive "
                                   "number", val);
        } else if (!strcmp(name, "--timeout")) {
            if (!parse_seconds(val, &o->timeout))
                return usage_error("--timeout: '%s' is not a positive number "
                                   "of seconds", val);
        } else if (!strcmp(name, "-j") || !strcmp(name, "--threads")) {
            uint64_t v;
            if (!dlx_parse_u64(val, &v) || v < 1 || v > 1024)
                return usage_error("--threads: '%s' is not a number from 1 "
                                   "to 1024", val);
            o->threads = (int)v;
        } else if (!strcmp(name, "--split-depth")) {
            uint64_t v;
            if (!dlx_parse_u64(val, &v) || v < 1 || v > 10000)
                return usage_error("--split-depth: '%s' is not a number "
                                   "from 1 to 10000", val);
            o->split_depth = (int)v;
        } else if (!strcmp(name, "--estimate")) {
            if (!dlx_parse_u64(val, &o->estimate) || o->estimate == 0)
                return usage_error("--estimate: '%s' is not a positive "
                                   "number of paths", val);
        } else if (!strcmp(name, "--html")) {
            o->html = val;
        } else if (!strcmp(name, "--tree-svg")) {
            o->tree_svg = val;
        } else if (!strcmp(name, "--jobs")) {
            o->jobs_file = val;
        } else if (!strcmp(name, "--job")) {
            uint64_t v;
            if (!dlx_parse_u64(val, &v) || v > INT32_MAX)
                return usage_error("--job: '%s' is not a job id", val);
            o->job = (long)v;
        } else if (!strcmp(name, "--shard")) {
            int sk, sn, used = 0;
            if (sscanf(val, "%d/%d%n", &sk, &sn, &used) != 2 ||
                val[used] != '\0' || sn < 1 || sk < 1 || sk > sn)
                return usage_error("--shard: '%s' is not K/N with 1 <= K <= "
                                   "N", val);
            o->shard_k = sk;
            o->shard_n = sn;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else {
            if (files++)
                return usage_error("more than one input file ('%s')", a);
            o->file = a;
        }
    }
    if ((o->job >= 0 || o->shard_n) && !o->jobs_file)
        return usage_error("%s needs --jobs FILE", o->job >= 0 ? "--job"
                                                               : "--shard");
    if (o->job >= 0 && o->shard_n)
        return usage_error("%s", "--job and --shard exclude each other");
    if ((o->threads > 1 || o->split_depth || o->jobs_file) &&
        (o->trace || o->randomize || o->html || o->tree_svg))
        return usage_error("%s", "--trace, --html, --tree-svg and --seed "
                           "need a single search (no --threads, "
                           "--split-depth or --jobs)");
    if (o->threads > 1 || o->split_depth)
        o->count_only |= !o->unique;
    if (o->unique && o->limit == 0)
        o->limit = 2;
    if (o->count_only || o->unique || o->jobs_file)
        o->print = 0;
    return -1;
}

static int on_solution(void *ctx, const int *chosen, int n)
{
    run *r = ctx;
    if (r->printed >= r->opt->print)
        return 0;
    r->printed++;
    FILE *f = stdout;
    if (r->opt->json) {
        fprintf(f, "{\"solution\":%" PRIu64 ",\"options\":[", r->printed);
        for (int k = 0; k < n; k++)
            fprintf(f, "%s%d", k ? "," : "", chosen[k]);
        fputs("],\"lines\":[", f);
        for (int k = 0; k < n; k++)
            fprintf(f, "%s%d", k ? "," : "", r->p->option_line[chosen[k]]);
        fputs("]}\n", f);
    } else {
        for (int k = 0; k < n; k++) {
            dlx_write_option(f, r->p, chosen[k]);
            fputc('\n', f);
        }
        fputc('\n', f);
    }
    if (ferror(f)) {
        r->write_error = 1;
        return 1;
    }
    return 0;
}

static void on_trace(void *ctx, const dlx_event *ev)
{
    run *r = ctx;
    FILE *f = stdout;
    if (ev->kind == DLX_EV_CHOOSE)
        dlx_branches_note(r->branches, ev->level, ev->item, ev->count);
    int indent = ev->level < 0 ? 0 : 2 * ev->level;
    if (r->opt->json) {
        static const char *const kind[] = { "choose", "try", "solution",
                                            "backtrack" };
        fprintf(f, "{\"event\":\"%s\",\"level\":%d", kind[ev->kind],
                ev->level);
        if (ev->item >= 0) {
            fputs(",\"item\":", f);
            dlx_json_string(f, r->p->item_names[ev->item]);
        }
        if (ev->kind == DLX_EV_CHOOSE)
            fprintf(f, ",\"options\":%d", ev->count);
        if (ev->kind == DLX_EV_TRY)
            fprintf(f, ",\"option\":%d,\"index\":%d,\"of\":%d", ev->option,
                    ev->index, ev->count);
        fputs("}\n", f);
        return;
    }
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        fprintf(f, "%*slevel %d: item %s has %d option%s%s\n", indent, "",
                ev->level, r->p->item_names[ev->item], ev->count,
                ev->count == 1 ? "" : "s", ev->count ? "" : ": dead end");
        break;
    case DLX_EV_TRY:
        fprintf(f, "%*s  try %d/%d: ", indent, "", ev->index + 1, ev->count);
        dlx_write_option(f, r->p, ev->option);
        fputc('\n', f);
        break;
    case DLX_EV_SOLUTION:
        fprintf(f, "%*s  -> every item covered: a solution\n", indent, "");
        break;
    case DLX_EV_BACKTRACK:
        fprintf(f, "%*sbacktrack from level %d (item %s done)\n", indent, "",
                ev->level, r->p->item_names[ev->item]);
        break;
    }
}

/* --html, --tree-svg: the recorder sees every event, and --trace still
 * prints them. */
static void on_trace_view(void *ctx, const dlx_event *ev)
{
    run *r = ctx;
    view_trace(r->view, ev);
    if (r->opt->trace)
        on_trace(ctx, ev);
}

static void print_stats(const options *o, const dlx_result *res)
{
    char count[DLX_COUNT_STRLEN];
    dlx_count_str(res->solutions, count);
    double rate = res->seconds > 0 ? (double)res->updates / res->seconds : 0;
    fprintf(stderr,
            "solutions: %s\nnodes: %" PRIu64 "\nupdates: %" PRIu64
            "\nseconds: %.6f\nupdates/s: %.0f\nmax level: %d\nend: %s\n",
            count, res->nodes, res->updates, res->seconds, rate,
            res->max_level, dlx_outcome_str(res->outcome));
    if (o->levels)
        for (int l = 0; l < res->n_levels; l++)
            fprintf(stderr, "level %d: %" PRIu64 " nodes\n", l,
                    res->level_nodes[l]);
}

static int read_input(const options *o, dlx_problem **p)
{
    const char *name = o->file && strcmp(o->file, "-") ? o->file : NULL;
    const char *shown = name ? name : "<stdin>";
    FILE *f = name ? fopen(name, "rb") : stdin;
    if (!f) {
        fprintf(stderr, "dlx: %s: %s\n", shown, strerror(errno));
        return EXIT_INPUT;
    }
    dlx_diag err;
    errno = 0;
    int status = dlx_read_file(f, p, &err);
    int saved = errno;
    if (name)
        fclose(f);
    if (status == DLX_ENOMEM) {
        fprintf(stderr, "dlx: %s: out of memory\n", shown);
        return EXIT_SYSTEM;
    }
    if (status != DLX_OK) {
        if (err.line == 0)
            fprintf(stderr, "dlx: %s: %s\n", shown,
                    saved ? strerror(saved) : err.message);
        else if (err.col == 0)
            fprintf(stderr, "%s:%d: %s\n", shown, err.line, err.message);
        else
            fprintf(stderr, "%s:%d:%d: %s\n", shown, err.line, err.col,
                    err.message);
        return EXIT_INPUT;
    }
    for (int k = 0; k < (*p)->n_warnings; k++) {
        const dlx_diag *w = &(*p)->warnings[k];
        fprintf(stderr, "%s:%d:%d: warning: %s\n", shown, w->line, w->col,
                w->message);
    }
    return -1;
}

/* ---- counting on threads, and job files -------------------------------- */

static void show_progress(void *ctx, const dlx_progress *p)
{
    (void)ctx;
    char count[DLX_COUNT_STRLEN];
    fprintf(stderr, "\r\033[Kjobs %d/%d, %s solutions so far, %.1fM nodes/s, "
            "%.0f s", p->jobs_done, p->jobs, dlx_count_str(p->solutions, count),
            p->seconds > 0 ? (double)p->nodes / p->seconds / 1e6 : 0,
            p->seconds);
    fflush(stderr);
}

static dlx_parallel parallel_options(const options *o)
{
    dlx_parallel par = { 0 };
    par.threads = o->threads;
    par.max_solutions = o->limit;
    par.max_nodes = o->max_nodes;
    par.max_seconds = o->timeout;
    if (isatty(STDERR_FILENO)) {
        par.on_progress = show_progress;
    }
    return par;
}

static void print_workers(const dlx_parallel_result *pr, int n_jobs)
{
    double max = 0, sum = 0;
    for (int t = 0; t < pr->n_workers; t++) {
        const dlx_worker_stats *w = &pr->worker[t];
        fprintf(stderr, "thread %d: %d jobs, %" PRIu64 " nodes, %.3f s busy\n",
                t, w->jobs, w->nodes, w->busy_seconds);
        if (w->busy_seconds > max)
            max = w->busy_seconds;
        sum += w->busy_seconds;
    }
    fprintf(stderr, "jobs: %d counted of %d\n", pr->jobs_done, n_jobs);
    if (sum > 0)
        fprintf(stderr, "imbalance (max/mean busy time): %.3f\n",
                max / (sum / pr->n_workers));
}

/* The ids of --job ID or --shard K/N, or NULL for all. */
static int *select_jobs(const options *o, const dlx_jobs *jobs, int *n)
{
    int *which = malloc(((size_t)jobs->n + 1) * sizeof *which);
    *n = 0;
    if (!which)
        return NULL;
    for (int k = 0; k < jobs->n; k++)
        if ((o->job < 0 && !o->shard_n) || k == o->job ||
            (o->shard_n && k % o->shard_n == o->shard_k - 1))
            which[(*n)++] = k;
    return which;
}

static int count_job_file(const options *o, dlx_problem *p)
{
    FILE *f = fopen(o->jobs_file, "r");
    if (!f) {
        fprintf(stderr, "dlx: %s: %s\n", o->jobs_file, strerror(errno));
        return EXIT_INPUT;
    }
    dlx_jobs jobs;
    uint64_t fp;
    dlx_diag err;
    int status = dlx_jobs_read(f, &jobs, &fp, &err);
    fclose(f);
    if (status != DLX_OK) {
        fprintf(stderr, "%s:%d:%d: %s\n", o->jobs_file, err.line, err.col,
                err.message);
        return EXIT_INPUT;
    }
    if (fp != dlx_fingerprint(p->matrix)) {
        fprintf(stderr, "dlx: %s: the jobs were split from another problem "
                "(fingerprint %016" PRIx64 ", this input has %016" PRIx64 ")\n",
                o->jobs_file, fp, dlx_fingerprint(p->matrix));
        dlx_jobs_free(&jobs);
        return EXIT_INPUT;
    }
    if (o->job >= jobs.n) {
        fprintf(stderr, "dlx: --job %ld: %s has jobs 0 to %d\n", o->job,
                o->jobs_file, jobs.n - 1);
        dlx_jobs_free(&jobs);
        return EXIT_USAGE;
    }
    int n_which;
    int *which = select_jobs(o, &jobs, &n_which);
    dlx_parallel par = parallel_options(o);
    dlx_parallel_result pr;
    status = which ? dlx_count_jobs(p->matrix, &jobs, which, n_which, &par,
                                    &pr)
                   : DLX_ENOMEM;
    if (par.on_progress)
        fputs("\r\033[K", stderr);
    int rc = EXIT_FOUND;
    if (status != DLX_OK) {
        fprintf(stderr, "dlx: %s\n", dlx_strerror(status));
        rc = EXIT_SYSTEM;
    } else {
        dlx_results_write_header(stdout, fp);
        /* a job this run was given but did not reach is written as
         * partial with nothing counted, so that merge says "partial" */
        for (int k = 0; k < pr.n_jobs; k++) {
            if (pr.job[k].worker < 0)
                pr.job[k].outcome = pr.outcome;
            dlx_job_result_write(stdout, which[k], &pr.job[k]);
        }
        if (o->stats)
            print_workers(&pr, n_which);
        if (pr.outcome != DLX_COMPLETE) {
            fprintf(stderr, "dlx: counting stopped (%s): %d of %d jobs "
                    "counted, the last ones partially\n",
                    dlx_outcome_str(pr.outcome), pr.jobs_done, n_which);
            rc = EXIT_CUT;
        }
        dlx_parallel_result_free(&pr);
    }
    free(which);
    dlx_jobs_free(&jobs);
    return rc;
}

/* What a count on threads reports, in the shape of a single search. */
static int count_on_threads(const options *o, dlx_problem *p, dlx_result *res,
                            int *n_jobs)
{
    dlx_jobs jobs;
    int min_jobs = o->split_depth ? 0 : 64 * o->threads;
    int status = dlx_split(p->matrix, NULL, 0,
                           o->split_depth ? o->split_depth : 1, min_jobs,
                           &jobs);
    if (status != DLX_OK)
        return status;
    dlx_parallel par = parallel_options(o);
    dlx_parallel_result pr;
    status = dlx_count_jobs(p->matrix, &jobs, NULL, 0, &par, &pr);
    if (par.on_progress)
        fputs("\r\033[K", stderr);
    *n_jobs = jobs.n;
    if (status == DLX_OK) {
        memset(res, 0, sizeof *res);
        res->outcome = pr.outcome;
        res->solutions = pr.solutions;
        res->nodes = pr.nodes;
        res->seconds = pr.seconds;
        res->max_level = -1;
        if (o->stats) {
            fprintf(stderr, "split: depth %d, %d jobs\n", jobs.depth, jobs.n);
            print_workers(&pr, jobs.n);
        }
        dlx_parallel_result_free(&pr);
    }
    dlx_jobs_free(&jobs);
    return status;
}

static int cmd_split(int argc, char **argv)
{
    int depth = 2, min_jobs = 0;
    const char *file = NULL;
    for (int k = 1; k < argc; k++) {
        uint64_t v;
        if (!strcmp(argv[k], "--depth") && k + 1 < argc) {
            if (!dlx_parse_u64(argv[++k], &v) || v < 1 || v > 10000)
                return usage_error("--depth: '%s' is not a number from 1 to "
                                   "10000", argv[k]);
            depth = (int)v;
        } else if (!strcmp(argv[k], "--min-jobs") && k + 1 < argc) {
            if (!dlx_parse_u64(argv[++k], &v) || v > 100000000)
                return usage_error("--min-jobs: '%s' is not a number",
                                   argv[k]);
            min_jobs = (int)v;
        } else if (argv[k][0] == '-' && argv[k][1]) {
            return usage_error("split: unknown option or missing value "
                               "'%s'", argv[k]);
        } else if (file) {
            return usage_error("split: more than one input file ('%s')",
                               argv[k]);
        } else {
            file = argv[k];
        }
    }
    options o;
    memset(&o, 0, sizeof o);
    o.file = file;
    dlx_problem *p = NULL;
    int status = read_input(&o, &p);
    if (status >= 0)
        return status;
    dlx_jobs jobs;
    status = dlx_split(p->matrix, NULL, 0, depth, min_jobs, &jobs);
    if (status != DLX_OK) {
        fprintf(stderr, "dlx: %s\n", dlx_strerror(status));
        dlx_problem_free(p);
        return EXIT_SYSTEM;
    }
    int rc = EXIT_FOUND;
    if (dlx_jobs_write(stdout, &jobs, dlx_fingerprint(p->matrix)) != 0 ||
        fflush(stdout) != 0) {
        fprintf(stderr, "dlx: error writing output: %s\n", strerror(errno));
        rc = EXIT_SYSTEM;
    }
    fprintf(stderr, "dlx split: %d jobs at depth %d\n", jobs.n, jobs.depth);
    dlx_jobs_free(&jobs);
    dlx_problem_free(p);
    return rc;
}

static int cmd_merge(int argc, char **argv)
{
    if (argc < 3)
        return usage_error("%s", "merge needs the jobs file and at least one "
                           "results file ('-' for standard input)");
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        fprintf(stderr, "dlx: %s: %s\n", argv[1], strerror(errno));
        return EXIT_INPUT;
    }
    dlx_jobs jobs;
    uint64_t fp;
    dlx_diag err;
    int status = dlx_jobs_read(f, &jobs, &fp, &err);
    fclose(f);
    if (status != DLX_OK) {
        fprintf(stderr, "%s:%d:%d: %s\n", argv[1], err.line, err.col,
                err.message);
        return EXIT_INPUT;
    }
    dlx_merge mg;
    if (dlx_merge_init(&mg, jobs.n, fp) != DLX_OK) {
        dlx_jobs_free(&jobs);
        return EXIT_SYSTEM;
    }
    dlx_jobs_free(&jobs);
    int rc = EXIT_FOUND;
    for (int k = 2; k < argc && rc == EXIT_FOUND; k++) {
        int std = !strcmp(argv[k], "-");
        FILE *r = std ? stdin : fopen(argv[k], "r");
        if (!r) {
            fprintf(stderr, "dlx: %s: %s\n", argv[k], strerror(errno));
            rc = EXIT_INPUT;
            break;
        }
        if (dlx_merge_read(&mg, r, &err) != DLX_OK) {
            fprintf(stderr, "%s:%d:%d: %s\n", std ? "<stdin>" : argv[k],
                    err.line, err.col, err.message);
            rc = EXIT_INPUT;
        }
        if (!std)
            fclose(r);
    }
    if (rc == EXIT_FOUND) {
        int ids[10];
        int missing = dlx_merge_missing(&mg, ids, 10);
        char count[DLX_COUNT_STRLEN];
        dlx_count_str(mg.total, count);
        if (missing) {
            fprintf(stderr, "dlx merge: %d of %d jobs have no result:",
                    missing, mg.n_jobs);
            for (int k = 0; k < missing && k < 10; k++)
                fprintf(stderr, " %d", ids[k]);
            fprintf(stderr, "%s\n", missing > 10 ? " ..." : "");
            rc = EXIT_INPUT;
        } else if (mg.partial) {
            printf("%s\n", count);
            fprintf(stderr, "dlx merge: %d results are partial: the total "
                    "is a lower bound\n", mg.partial);
            rc = EXIT_CUT;
        } else {
            printf("%s\n", count);
            fprintf(stderr, "dlx merge: %d jobs, %" PRIu64 " nodes, %.3f s "
                    "of counting\n", mg.n_jobs, mg.nodes, mg.seconds);
        }
    }
    dlx_merge_free(&mg);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "split"))
        return cmd_split(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "merge"))
        return cmd_merge(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "gen"))
        return dlx_gen_main(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "dfs"))
        return dlx_dfs_main(argc - 1, argv + 1);
    options o;
    int status = parse_args(argc, argv, &o);
    if (status >= 0)
        return status;
    dlx_problem *p = NULL;
    status = read_input(&o, &p);
    if (status >= 0)
        return status;
    if (o.jobs_file) {
        status = count_job_file(&o, p);
        dlx_problem_free(p);
        return status;
    }
    if (o.estimate) {
        dlx_estimate e;
        status = dlx_estimate_size(p->matrix, NULL, 0, o.estimate, o.seed,
                                   &e);
        dlx_problem_free(p);
        if (status != DLX_OK) {
            fprintf(stderr, "dlx: %s\n", dlx_strerror(status));
            return EXIT_SYSTEM;
        }
        if (o.json)
            printf("{\"paths\":%" PRIu64 ",\"solutions\":%.6g,"
                   "\"solutions_error\":%.3g,\"nodes\":%.6g,"
                   "\"nodes_error\":%.3g}\n", e.paths, e.solutions,
                   e.solutions_error, e.nodes, e.nodes_error);
        else
            printf("estimate from %" PRIu64 " random paths:\n"
                   "solutions: %.6g +- %.2g\nnodes: %.6g +- %.2g\n",
                   e.paths, e.solutions, e.solutions_error, e.nodes,
                   e.nodes_error);
        return fflush(stdout) == 0 ? EXIT_FOUND : EXIT_SYSTEM;
    }

    run r = { &o, p, 0, 0, NULL, NULL };
    if ((o.html || o.tree_svg) &&
        !(r.view = view_cmd_problem(p, o.file ? o.file : "<stdin>"))) {
        fprintf(stderr, "dlx: out of memory\n");
        return EXIT_SYSTEM;
    }
    if (o.trace && !(r.branches = dlx_branches_new())) {
        fprintf(stderr, "dlx: out of memory\n");
        return EXIT_SYSTEM;
    }
    dlx_result res;
    int rc, n_jobs = 0;
    if (o.threads > 1 || o.split_depth) {
        rc = count_on_threads(&o, p, &res, &n_jobs);
    } else {
        dlx_search s = dlx_search_defaults();
        s.max_solutions = o.limit;
        s.max_nodes = o.max_nodes;
        s.max_seconds = o.timeout;
        s.randomize = o.randomize;
        s.seed = o.seed;
        if (o.print > 0) {
            s.on_solution = on_solution;
            s.solution_ctx = &r;
        }
        if (o.trace) {
            s.on_trace = on_trace;
            s.trace_ctx = &r;
        }
        if (r.view) {
            s.on_trace = on_trace_view;
            s.trace_ctx = &r;
        }
        rc = dlx_solve(p->matrix, &s, &res);
    }
    if (rc != DLX_OK) {
        fprintf(stderr, "dlx: %s\n", dlx_strerror(rc));
        dlx_problem_free(p);
        return EXIT_SYSTEM;
    }
    char count[DLX_COUNT_STRLEN];
    dlx_count_str(res.solutions, count);
    int cut = res.outcome == DLX_STOP_NODES || res.outcome == DLX_STOP_TIME;
    uint64_t found = dlx_count_u64(res.solutions);
    const char *verdict = found == 0 ? "none" : found == 1 ? "unique"
                                                           : "several";
    if (o.json) {
        printf("{\"solutions\":%s,\"complete\":%s,\"end\":\"%s\","
               "\"nodes\":%" PRIu64 ",\"updates\":%" PRIu64
               ",\"seconds\":%.6f",
               count, res.outcome == DLX_COMPLETE ? "true" : "false",
               dlx_outcome_str(res.outcome), res.nodes, res.updates,
               res.seconds);
        if (o.unique)
            printf(",\"verdict\":\"%s\"", cut && found < 2 ? "unknown"
                                                            : verdict);
        printf("}\n");
    } else if (o.unique) {
        printf("%s\n", cut && found < 2 ? "unknown" : verdict);
    } else if (o.count_only) {
        printf("%s\n", count);
    }
    if (cut)
        fprintf(stderr, "dlx: search cut short (%s) after %" PRIu64
                " nodes: %s solution%s found so far\n",
                dlx_outcome_str(res.outcome), res.nodes, count,
                found == 1 ? "" : "s");
    if (o.trace && !o.json)
        dlx_branches_write(stdout, r.branches, item_name, (void *)p);
    dlx_branches_free(r.branches);
    int view_failed = 0;
    if (r.view) {
        view_finish(r.view, dlx_count_u64(res.solutions), res.nodes,
                    res.outcome == DLX_COMPLETE ||
                        res.outcome == DLX_STOP_SOLUTIONS);
        view_failed = view_cmd_save(r.view, "dlx", o.html, o.tree_svg) != 0;
        view_free(r.view);
    }
    if (o.stats && n_jobs == 0)
        print_stats(&o, &res);
    dlx_problem_free(p);

    if (fflush(stdout) != 0 || ferror(stdout) || r.write_error) {
        fprintf(stderr, "dlx: error writing output: %s\n", strerror(errno));
        return EXIT_SYSTEM;
    }
    if (view_failed)
        return EXIT_SYSTEM;
    if (cut)
        return EXIT_CUT;
    if (found == 0)
        return EXIT_NONE;
    if (o.unique && found > 1)
        return EXIT_SEVERAL;
    return EXIT_FOUND;
}
