/*
 * dlx - solve an exact cover problem given in Knuth's text format.
 *
 * Thin: parse arguments, read, run one search, print.  The work is in
 * libdlx (dlx.h, dlx_read.h, dlx_parallel.h); what every command does
 * alike is in cli.h.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_branches.h"
#include "dlx.h"
#include "dlx_parallel.h"
#include "dlx_read.h"
#include "dlx_gen_cmd.h"
#include "view_cmd.h"

enum {
    OPT_COUNT = CLI_OPT_OWN, OPT_UNIQUE, OPT_FIRST, OPT_PRINT, OPT_JSON,
    OPT_ESTIMATE, OPT_SPLIT_DEPTH, OPT_JOBS, OPT_JOB, OPT_SHARD, OPT_LEVELS,
    OPT_DEPTH, OPT_MIN_JOBS, OPT_MEMO, OPT_NO_MEMO, OPT_MEMO_MB, OPT_BEST,
    OPT_SAMPLE
};

static const cli_option options[] = {
    CLI_GROUP("What to do (default: print every solution):"),
    { OPT_COUNT, 'c', "count", NULL, "print only the number of solutions" },
    { OPT_UNIQUE, 'u', "unique", NULL, "say whether there is no, one, or "
      "more than one solution (none, unique, several; stops at the second)" },
    { OPT_FIRST, '1', "first", NULL, "print the first solution only" },
    CLI_OPTION_LIMIT,
    { OPT_PRINT, 'p', "print", "N", "print at most N solutions, but keep "
      "counting" },
    { OPT_JSON, 0, "json", NULL, "solutions, trace and summary as JSON "
      "lines" },
    { OPT_BEST, 0, "best", "K", "print the K cheapest solutions (an "
      "option's cost is a word |n after its items, as in Knuth's dlx5; "
      "several add up; 0 if none), cheapest first, each followed by a "
      "line 'cost: N'; with --json one line per solution, then the "
      "summary (complete: false when a budget cut the search, so the "
      "list may not be the cheapest); no --print" },
    { OPT_SAMPLE, 0, "sample", "N", "print N solutions drawn independently "
      "and exactly uniformly from all solutions (through the memo "
      "counter's counts; --seed S makes the same draws on every machine, "
      "else a fresh seed is said on stderr); not with multiplicities" },
    CLI_GROUP("Search:"),
    { OPT_ESTIMATE, 0, "estimate", "N", "do not search: estimate the "
      "number of solutions and nodes from N random paths (Knuth), for "
      "searches too large to run; --seed S for other paths; --max-nodes "
      "and --timeout stop it with the paths done so far (exit 5)" },
    CLI_OPTION_SEED,
    CLI_OPTION_MAX_NODES,
    CLI_OPTION_TIMEOUT,
    CLI_OPTION_PROGRESS,
    CLI_OPTION_PRUNE,
    CLI_OPTION_NO_PRUNE_DEFAULT,
    CLI_GROUP("Counting by memo (with --count):"),
    { OPT_MEMO, 0, "memo", NULL, "count by memo: remember the count of "
      "every sub-problem (the items left to cover) and add it when met "
      "again; branch on an item with no or one option, else on the first "
      "item left in input order; independent parts counted apart and "
      "multiplied.  Pays when sub-problems repeat (tilings, empty grids); "
      "by default --count takes it by itself when a short trial says it "
      "pays" },
    { OPT_NO_MEMO, 0, "no-memo", NULL, "count with the plain search (the "
      "engine that fits it, as without --count)" },
    { OPT_MEMO_MB, 0, "memo-mb", "N", "memory for the memo's table, in MiB "
      "(default 4096); when it is full, new counts replace old ones: "
      "never wrong, but much slower where the search needs more room "
      "(a warning says so, once)" },
    CLI_GROUP("Counting on several cores and machines:"),
    CLI_OPTION_THREADS,
    { OPT_SPLIT_DEPTH, 0, "split-depth", "D", "cut the search into jobs at "
      "depth D (default: the least depth giving 64 jobs per thread)" },
    { OPT_JOBS, 0, "jobs", "JOBS", "count jobs of a file written by 'dlx "
      "split' ('-': standard input) and print a results file for 'dlx "
      "merge'" },
    { OPT_JOB, 0, "job", "ID", "with --jobs: only this job" },
    { OPT_SHARD, 0, "shard", "K/N", "with --jobs: only the jobs whose id is "
      "K-1 modulo N (K = 1..N)" },
    CLI_GROUP("Seeing the search:"),
    CLI_OPTION_STATS,
    { OPT_LEVELS, 0, "levels", NULL, "with --stats: the number of nodes at "
      "each level" },
    CLI_OPTION_TRACE,
    CLI_OPTION_HTML,
    CLI_OPTION_TREE_SVG,
    CLI_HELP_OPTIONS
};

static const cli_command command = {
    "dlx",

    CLI_USAGE("dlx [OPTION]... [FILE]",
              "dlx split [--depth D] [--min-jobs K] [FILE] > JOBS",
              "dlx merge JOBS RESULTS...",
              "dlx gen KIND ARG [--reduce]   (a well-known problem: dlx gen "
              "--help)",
              "dlx dfs permutations|queens N (the naive search: dlx dfs "
              "--help)"),
    "Solve the exact cover problem in FILE (Knuth's dlx1/dlx2 text format;\n"
    "standard input when FILE is - or absent) with Dancing Links.\n"
    "Multiplicities (Knuth's dlx3): 'lo:hi|name' or 'n|name' in the item\n"
    "line asks for a primary item covered lo to hi (or n) times; such input\n"
    "is searched by Algorithm M (the nodes of dlx3), on threads and in jobs\n"
    "too.  Costs (dlx5): '|n' after an option's items; --best K finds the\n"
    "cheapest solutions (with --threads N: each job's K best, merged).",
    options,
    "Solutions are printed as the chosen options, one per line as in the\n"
    "input, in the order chosen; a blank line ends each solution.  A count\n"
    "cut short by a budget is printed with a '+' (598+): a lower bound.\n"
    "'dlx split' writes the jobs (forced options; with multiplicities the\n"
    "path: pairs item option, option N for the null move) of the cut at\n"
    "depth D (default 2), going deeper until at least K jobs; 'dlx merge'\n"
    "adds up results files and refuses a job that is missing or counted\n"
    "twice, or results of another problem or split, or a line that does\n"
    "not match its check (dlx merge --help).  'dlx --jobs' counts only the\n"
    "jobs 'dlx split' writes for the problem: a job line edited, added or\n"
    "dropped is refused before any counting.  A progress line is shown on\n"
    "stderr during long searches when stderr is a terminal (--progress:\n"
    "also in a log, a line every 10 s): the fraction of the tree done,\n"
    "estimated as Knuth's programs do from the position of each level's\n"
    "option among its item's, and the time left at the rate so far.\n"
    "--stats ends with the engine that ran and why, e.g. 'engine: compact\n"
    "(forced options; 4096 options or fewer)': dancing links, bitsets,\n"
    "compact (the search on what forced options leave), memo, or\n"
    "Algorithm M (multiplicities, costs); one table in libdlx chooses it.\n",
    { "a solution was found (--unique: exactly one; --jobs and merge: all "
      "jobs counted in full)",
      "no solution",
      "--unique: more than one solution",
      "the input is not valid (file:line:col: message on stderr); --jobs: "
      "a job the split does not write; merge: a job missing or counted "
      "twice, results of another split, a line not matching its check",
      NULL,
      "the search was cut short by --max-nodes or --timeout (merge: some "
      "results are partial)",
      "out of memory, or the output could not be written" }
};

typedef struct options_t {
    const char *file;
    cli_search search;
    int count_only, unique, json, levels;
    uint64_t print;      /* UINT64_MAX: all */
    int print_set;       /* -p given (refused with --best) */
    int split_depth;
    const char *jobs_file;
    long job;            /* -1: all */
    int shard_k, shard_n;
    uint64_t estimate;   /* random paths; 0: search */
    int memo;            /* 1 --memo, 0 --no-memo, -1: by itself */
    uint64_t memo_mb;
    int best;            /* --best K; 0: not asked */
    uint64_t sample;     /* --sample N; 0: not asked */
} options_t;

typedef struct run {
    const options_t *opt;
    const dlx_problem *p;
    uint64_t printed;
    int write_error;
    cli_branches *branches;   /* --trace: for the summary at the end */
    cli_progress progress;
    view_recorder *view;      /* --html, --tree-svg */
    int memo_warned;          /* the memo table full: said once */
} run;

static const char *item_name(void *ctx, int item, char *buf, size_t size)
{
    (void)buf;
    (void)size;
    const dlx_problem *p = ctx;
    return p->item_names[item];
}

static int own_option(void *ctx, cli_parser *ps, int id)
{
    options_t *o = ctx;
    uint64_t v;
    int st;
    switch (id) {
    case OPT_COUNT:
        o->count_only = 1;
        return 0;
    case OPT_UNIQUE:
        o->unique = 1;
        return 0;
    case OPT_FIRST:
        o->search.limit = 1;
        return 0;
    case OPT_JSON:
        o->json = 1;
        return 0;
    case OPT_LEVELS:
        o->levels = o->search.stats = 1;
        return 0;
    case OPT_PRINT:
        o->print_set = 1;
        return cli_value_count(ps, 0, UINT64_MAX, &o->print);
    case OPT_ESTIMATE:
        return cli_value_count(ps, 1, UINT64_MAX, &o->estimate);
    case OPT_BEST:
        return cli_value_int(ps, 1, DLX_MAX_BEST, &o->best);
    case OPT_SAMPLE:
        return cli_value_count(ps, 1, UINT64_MAX, &o->sample);
    case OPT_SPLIT_DEPTH:
        return cli_value_int(ps, 1, 10000, &o->split_depth);
    case OPT_JOBS:
        o->jobs_file = ps->value;
        return 0;
    case OPT_MEMO:
    case OPT_NO_MEMO:
        o->memo = id == OPT_MEMO;
        return 0;
    case OPT_MEMO_MB:
        return cli_value_count(ps, 1, UINT64_MAX >> 21, &o->memo_mb);
    case OPT_JOB:
        st = cli_value_count(ps, 0, INT32_MAX, &v);
        o->job = (long)v;
        return st;
    default: /* OPT_SHARD */
        return cli_value_shard(ps, &o->shard_k, &o->shard_n);
    }
}

/* Returns -1 to go on, or an exit status. */
static int parse_args(int argc, char **argv, options_t *o)
{
    memset(o, 0, sizeof *o);
    cli_search_init(&o->search);
    o->print = UINT64_MAX;
    o->job = -1;
    o->memo = -1;
    o->memo_mb = DLX_MEMO_DEFAULT_MB;
    const char *files[2] = { NULL, NULL };
    int n_files = 0;
    /* room for files[2] even when argc is 1 (dlx reading stdin) */
    const char **operands = calloc((size_t)argc + 1, sizeof *operands);
    if (!operands)
        return CLI_EXIT_SYSTEM;
    int st = cli_parse(&command, argc, argv, 1, &o->search, operands,
                       &n_files, own_option, o);
    files[0] = operands[0];
    files[1] = n_files > 1 ? operands[1] : NULL;
    free(operands);
    if (st >= 0)
        return st;
    if (n_files > 1)
        return cli_usage_error(command.prog, "more than one input file "
                               "('%s')", files[1]);
    o->file = n_files ? files[0] : NULL;
    const cli_search *s = &o->search;
    if ((o->job >= 0 || o->shard_n) && !o->jobs_file)
        return cli_usage_error(command.prog, "%s needs --jobs FILE",
                               o->job >= 0 ? "--job" : "--shard");
    if (o->jobs_file && !strcmp(o->jobs_file, "-") &&
        (!o->file || !strcmp(o->file, "-")))
        return cli_usage_error(command.prog, "--jobs - reads the jobs from "
                               "standard input: give the problem as a FILE");
    if (o->job >= 0 && o->shard_n)
        return cli_usage_error(command.prog, "--job and --shard exclude each "
                               "other");
    if ((s->threads > 1 || o->split_depth || o->jobs_file) &&
        (s->trace || s->have_seed || o->search.html || o->search.tree_svg))
        return cli_usage_error(command.prog, "--trace, --html, --tree-svg "
                               "and --seed need a single search (no "
                               "--threads, --split-depth or --jobs)");
    if (o->estimate && (s->trace || o->search.html || o->search.tree_svg))
        return cli_usage_error(command.prog, "--trace, --html and --tree-svg "
                               "show a search: not with --estimate");
    if (s->prune > 0 && (o->memo == 1 || s->threads > 1 || o->split_depth ||
                     o->jobs_file || o->estimate || o->best))
        return cli_usage_error(command.prog, "--prune takes one plain "
                               "search: no --memo, --threads, "
                               "--split-depth, --jobs, --estimate or "
                               "--best");
    if (o->memo == 1 && (!o->count_only || o->unique || o->json ||
                         o->jobs_file || o->split_depth || o->estimate ||
                         s->trace || s->have_seed || s->html ||
                         s->tree_svg))
        return cli_usage_error(command.prog, "--memo only counts: it needs "
                               "--count, and no --unique, --json, --jobs, "
                               "--split-depth, --estimate, --trace, --seed, "
                               "--html or --tree-svg");
    if (o->best && o->jobs_file)
        return cli_usage_error(command.prog, "--best K takes no --jobs: "
                               "results files carry counts, not the "
                               "solutions to merge (--threads N runs it "
                               "in jobs on one machine)");
    if (o->best && (o->estimate || o->count_only || o->unique || s->limit ||
                    s->trace || s->have_seed || s->html || s->tree_svg))
        return cli_usage_error(command.prog, "--best K takes no "
                               "--estimate, --count, --unique, --first, "
                               "--limit, --trace, --seed, --html or "
                               "--tree-svg");
    if (o->sample && (o->count_only || o->unique || o->best || o->estimate ||
                      o->jobs_file || o->split_depth || s->threads > 1 ||
                      s->limit || o->memo == 0 || s->prune > 0 || s->trace ||
                      s->html || s->tree_svg))
        return cli_usage_error(command.prog, "--sample N draws through the "
                               "memo counter: no --count, --unique, --first, "
                               "--limit, --best, --estimate, --jobs, "
                               "--threads, --split-depth, --no-memo, "
                               "--prune, --trace, --html or --tree-svg");
    /* --best K prints K solutions: a second number of them would be
     * silently ignored */
    if (o->best && o->print_set)
        return cli_usage_error(command.prog, "--best K prints the K "
                               "cheapest: no --print N (ask --best N)");
    if ((s->threads > 1 || o->split_depth) && !o->best)
        o->count_only |= !o->unique;
    if (o->unique && s->limit == 0)
        o->search.limit = 2;
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
        cli_branches_note(r->branches, ev->level, ev->item, ev->count);
    int indent = ev->level < 0 ? 0 : 2 * ev->level;
    if (r->opt->json) {
        static const char *const kind[] = { "choose", "try", "solution",
                                            "backtrack" };
        fprintf(f, "{\"event\":\"%s\",\"level\":%d", kind[ev->kind],
                ev->level);
        if (ev->item >= 0) {
            fputs(",\"item\":", f);
            cli_json_string(f, r->p->item_names[ev->item]);
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

static int on_poll(void *ctx, uint64_t nodes)
{
    run *r = ctx;
    if (!cli_progress_due(&r->progress))
        return 0;
    /* the fraction walks the levels: only when a line is due */
    double t = cli_seconds() - r->progress.start;
    char eta[96];
    cli_progress_eta(eta, sizeof eta, dlx_poll_progress(r->p->matrix), t);
    cli_progress_show(&r->progress, "%s%.1fM nodes, %.0f s", eta,
                      (double)nodes / 1e6, t);
    return 0;
}

/* --html, --tree-svg: the recorder sees every event, and --trace still
 * prints them. */
static void on_trace_view(void *ctx, const dlx_event *ev)
{
    run *r = ctx;
    view_trace(r->view, ev);
    if (r->opt->search.trace)
        on_trace(ctx, ev);
}

static void print_memo_stats(const dlx_memo_stats *ms)
{
    fprintf(stderr, "memo sub-problems: %" PRIu64 "\nmemo hits: %" PRIu64
            "\nmemo stored: %" PRIu64 "\nmemo bytes: %" PRIu64
            "\nmemo parts: %" PRIu64 "\nmemo replaced: %" PRIu64 "\n",
            ms->subproblems, ms->hits, ms->stored, ms->bytes, ms->parts,
            ms->dropped);
}

/* count: the count in decimal (a memo count may pass 2^128) */
static void print_stats(const options_t *o, const dlx_result *res,
                        const char *count)
{
    char engine[160];
    double rate = res->seconds > 0 ? (double)res->updates / res->seconds : 0;
    fprintf(stderr,
            "solutions: %s\nnodes: %" PRIu64 "\nupdates: %" PRIu64
            "\nseconds: %.6f\nupdates/s: %.0f\nmax level: %d\nend: %s\n"
            "engine: %s\n",
            count, res->nodes, res->updates, res->seconds, rate,
            res->max_level, dlx_outcome_str(res->outcome),
            dlx_engine_why(res, engine, sizeof engine));
    if (o->levels)
        for (int l = 0; l < res->n_levels; l++)
            fprintf(stderr, "level %d: %" PRIu64 " nodes\n", l,
                    res->level_nodes[l]);
}

/* Reads the problem; -1 to go on, or an exit status. */
static int read_input(const char *file, dlx_problem **p)
{
    const char *name = file && strcmp(file, "-") ? file : NULL;
    const char *shown = name ? name : "<stdin>";
    FILE *f = name ? fopen(name, "rb") : stdin;
    if (!f) {
        cli_report(command.prog, 0, 0, "%s: %s", shown, strerror(errno));
        return CLI_EXIT_INPUT;
    }
    dlx_diag err;
    errno = 0;
    int status = dlx_read_file(f, p, &err);
    int saved = errno;
    if (name)
        fclose(f);
    if (status == DLX_ENOMEM) {
        cli_report(command.prog, 0, 0, "%s: out of memory", shown);
        return CLI_EXIT_SYSTEM;
    }
    if (status != DLX_OK) {
        if (err.line == 0)
            cli_report(command.prog, 0, 0, "%s: %s", shown,
                       saved ? strerror(saved) : err.message);
        else
            cli_report_diag(shown, &err);
        return CLI_EXIT_INPUT;
    }
    for (int k = 0; k < (*p)->n_warnings; k++) {
        const dlx_diag *w = &(*p)->warnings[k];
        cli_report(shown, w->line, w->col, "warning: %s", w->message);
    }
    return -1;
}

/* ---- counting on threads, and job files -------------------------------- */

static void show_progress(void *ctx, const dlx_progress *p)
{
    cli_progress *pr = ctx;
    char count[DLX_COUNT_STRLEN];
    cli_progress_show(pr, "jobs %d/%d, %s solutions so far, %.1fM nodes/s, "
                      "%.0f s", p->jobs_done, p->jobs,
                      dlx_count_str(p->solutions, count),
                      p->seconds > 0 ? (double)p->nodes / p->seconds / 1e6
                                     : 0, p->seconds);
}

static dlx_parallel parallel_options(const options_t *o, cli_progress *pr)
{
    dlx_parallel par = { 0 };
    par.threads = o->search.threads;
    par.max_solutions = o->search.limit;
    par.max_nodes = o->search.max_nodes;
    par.max_seconds = o->search.timeout;
    cli_progress_start(pr);
    if (pr->on) {
        par.on_progress = show_progress;
        par.progress_ctx = pr;
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

/* The jobs must be those `dlx split` writes for this problem: each job
 * is checked on its own first (its options exist and can stand together,
 * said with the job's line), then the whole file against the split
 * itself, done again within --timeout (not --max-nodes, which is the
 * count's); -1 to go on, -2 when the time ran out first, else an exit
 * status once the reason is said. */
static int check_jobs(const options_t *o, dlx_problem *p, const char *shown,
                      const dlx_jobs *jobs, const int *which, int n_which)
{
    dlx_diag err;
    int status = dlx_jobs_check(p->matrix, jobs, which, n_which, &err);
    dlx_outcome cut = DLX_COMPLETE;
    if (status == DLX_OK) {
        dlx_search lim = dlx_search_defaults();
        lim.max_seconds = o->search.timeout;
        status = dlx_jobs_match_split(p->matrix, jobs, &lim, &cut, &err);
    }
    if (status == DLX_EOPTION || status == DLX_ECONFLICT) {
        /* a damaged job line is said before any counting, so that no
         * shard is spoilt by it */
        if (err.line > 0)
            cli_report_diag(shown, &err);
        else
            cli_report(command.prog, 0, 0, "%s: %s", shown, err.message);
        return CLI_EXIT_INPUT;
    }
    if (status != DLX_OK) {
        cli_report(command.prog, 0, 0, "%s", dlx_strerror(status));
        return CLI_EXIT_SYSTEM;
    }
    return cut != DLX_COMPLETE ? -2 : -1;
}

static int count_job_file(const options_t *o, dlx_problem *p)
{
    dlx_jobs jobs;
    uint64_t fp;
    const char *shown = strcmp(o->jobs_file, "-") ? o->jobs_file
                                                  : "<stdin>";
    int rc = cli_read_jobs(command.prog, o->jobs_file, &jobs, &fp);
    if (rc != 0)
        return rc;
    if (fp != dlx_fingerprint(p->matrix)) {
        cli_report(command.prog, 0, 0, "%s: the jobs were split from another "
                   "problem (fingerprint %016" PRIx64 ", this input has "
                   "%016" PRIx64 ")", shown, fp,
                   dlx_fingerprint(p->matrix));
        dlx_jobs_free(&jobs);
        return CLI_EXIT_INPUT;
    }
    if (o->job >= jobs.n) {
        cli_report(command.prog, 0, 0, "--job %ld: %s has jobs 0 to %d",
                   o->job, shown, jobs.n - 1);
        dlx_jobs_free(&jobs);
        return CLI_EXIT_USAGE;
    }
    int n_which;
    int *which = cli_select_jobs(jobs.n, o->job, o->shard_k, o->shard_n,
                                 &n_which);
    double t0 = cli_seconds();
    rc = which ? check_jobs(o, p, shown, &jobs, which, n_which)
               : CLI_EXIT_SYSTEM;
    if (!which)
        cli_report(command.prog, 0, 0, "out of memory");
    if (rc >= 0) {
        free(which);
        dlx_jobs_free(&jobs);
        return rc;
    }
    dlx_parallel_result res;
    int status = DLX_OK;
    if (rc == -2) {
        /* the time ran out in the check: every job not reached, written
         * as partial so that merge says so */
        memset(&res, 0, sizeof res);
        res.outcome = DLX_STOP_TIME;
        res.n_jobs = n_which;
        res.job = calloc((size_t)n_which + 1, sizeof *res.job);
        for (int k = 0; res.job && k < n_which; k++)
            res.job[k].worker = -1;
        if (!res.job)
            status = DLX_ENOMEM;
    } else {
        cli_progress pr;
        dlx_parallel par = parallel_options(o, &pr);
        if (par.max_seconds > 0) {
            /* the check spent part of the time given */
            double left = par.max_seconds - (cli_seconds() - t0);
            par.max_seconds = left > 1e-3 ? left : 1e-3;
        }
        status = dlx_count_jobs(p->matrix, &jobs, which, n_which, &par,
                                &res);
        cli_progress_clear(&pr);
    }
    rc = CLI_EXIT_OK;
    if (status != DLX_OK) {
        cli_report(command.prog, 0, 0, "%s", dlx_strerror(status));
        rc = CLI_EXIT_SYSTEM;
    } else {
        dlx_results_key key = dlx_results_key_of(fp, &jobs);
        dlx_results_write_header(stdout, &key);
        /* a job this run was given but did not reach is written as
         * partial with nothing counted, so that merge says "partial" */
        int complete = 0;
        for (int k = 0; k < res.n_jobs; k++) {
            if (res.job[k].worker < 0)
                res.job[k].outcome = res.outcome;
            complete += res.job[k].outcome == DLX_COMPLETE;
            dlx_job_result_write(stdout, &key, which[k], &res.job[k]);
        }
        if (o->search.stats)
            print_workers(&res, n_which);
        if (res.outcome != DLX_COMPLETE) {
            /* a job stopped by a budget was started, not counted */
            cli_report(command.prog, 0, 0, "counting stopped (%s): %d of %d "
                       "jobs counted in full, the others partially or not "
                       "at all", dlx_outcome_str(res.outcome), complete,
                       n_which);
            rc = CLI_EXIT_CUT;
        }
        dlx_parallel_result_free(&res);
    }
    free(which);
    dlx_jobs_free(&jobs);
    return cli_exit_worse(rc, cli_finish_output(command.prog));
}

/* What a count on threads reports, in the shape of a single search. */
static int count_on_threads(const options_t *o, dlx_problem *p,
                            dlx_result *out)
{
    cli_progress pr;
    dlx_parallel par = parallel_options(o, &pr);
    dlx_parallel_result res;
    int status = dlx_count_parallel(p->matrix, NULL, 0, o->split_depth, &par,
                                    &res);
    cli_progress_clear(&pr);
    if (status != DLX_OK)
        return status;
    memset(out, 0, sizeof *out);
    out->outcome = res.outcome;
    out->solutions = res.solutions;
    out->nodes = res.nodes;
    out->seconds = res.seconds;
    out->max_level = -1;
    if (o->search.stats) {
        fprintf(stderr, "split: depth %d, %d jobs\n", res.depth,
                res.jobs_total);
        print_workers(&res, res.jobs_total);
    }
    dlx_parallel_result_free(&res);
    return DLX_OK;
}

/* ---- split and merge -------------------------------------------------- */

static const cli_option split_options[] = {
    { OPT_DEPTH, 0, "depth", "D", "cut at depth D (default 2)" },
    { OPT_MIN_JOBS, 0, "min-jobs", "K", "go deeper until there are at least "
      "K jobs" },
    CLI_OPTION_MAX_NODES,
    CLI_OPTION_TIMEOUT,
    CLI_OPTION_HELP,
    CLI_END_OPTIONS
};

static const cli_command split_command = {
    "dlx split",

    CLI_USAGE("dlx split [--depth D] [--min-jobs K] [FILE] > JOBS"),
    "Write the jobs of the problem in FILE: the partial solutions after D\n"
    "real choices, one per line, each counted by 'dlx --jobs JOBS'.\n"
    "--max-nodes and --timeout hold for the split, over all its passes.",
    split_options, NULL,
    { "done", NULL, NULL, "the input is not valid", NULL,
      "cut short by --max-nodes or --timeout (no jobs written)",
      "out of memory, or the output could not be written" }
};

typedef struct split_args {
    int depth, min_jobs;
} split_args;

static int split_option(void *ctx, cli_parser *ps, int id)
{
    split_args *a = ctx;
    return id == OPT_DEPTH ? cli_value_int(ps, 1, 10000, &a->depth)
                           : cli_value_int(ps, 0, 100000000, &a->min_jobs);
}

static int cmd_split(int argc, char **argv)
{
    split_args a = { 2, 0 };
    cli_search budget;
    cli_search_init(&budget);
    const char **operands = calloc((size_t)argc + 1, sizeof *operands);
    int n_files = 0;
    if (!operands)
        return CLI_EXIT_SYSTEM;
    int st = cli_parse(&split_command, argc, argv, 1, &budget, operands,
                       &n_files, split_option, &a);
    const char *file = operands[0], *second = operands[1];
    free(operands);
    if (st >= 0)
        return st;
    if (n_files > 1)
        return cli_usage_error(split_command.prog, "more than one input file "
                               "('%s')", second);
    int depth = a.depth, min_jobs = a.min_jobs;
    dlx_problem *p = NULL;
    int status = read_input(file, &p);
    if (status >= 0)
        return status;
    dlx_jobs jobs;
    dlx_search lim = dlx_search_defaults();
    lim.max_nodes = budget.max_nodes;
    lim.max_seconds = budget.timeout;
    dlx_outcome cut;
    status = dlx_split_within(p->matrix, NULL, 0, depth, min_jobs, &lim,
                              &jobs, &cut);
    if (status != DLX_OK) {
        cli_report(command.prog, 0, 0, "%s", dlx_strerror(status));
        dlx_problem_free(p);
        return CLI_EXIT_SYSTEM;
    }
    if (cut != DLX_COMPLETE) {
        cli_report(split_command.prog, 0, 0, "cut short (%s) before the "
                   "jobs were found; no jobs written",
                   cut == DLX_STOP_NODES ? "node limit" : "time limit");
        dlx_problem_free(p);
        return CLI_EXIT_CUT;
    }
    dlx_jobs_write(stdout, &jobs, dlx_fingerprint(p->matrix));
    int rc = cli_finish_output(split_command.prog);
    if (rc == 0)
        fprintf(stderr, "dlx split: %d jobs at depth %d\n", jobs.n,
                jobs.depth);
    if (rc == 0 && (fflush(stderr) != 0 || ferror(stderr)))
        rc = CLI_EXIT_SYSTEM; /* the summary is lost */
    dlx_jobs_free(&jobs);
    dlx_problem_free(p);
    return rc;
}

static const cli_option merge_options[] = {
    CLI_OPTION_HELP,
    CLI_END_OPTIONS
};

static const cli_command merge_command = {
    "dlx merge",

    CLI_USAGE("dlx merge JOBS RESULTS..."),
    "Add up the results files of the jobs in JOBS ('-' reads one of them\n"
    "from standard input; results files may be concatenated).  A results\n"
    "file names the problem and the jobs file it answers (their\n"
    "fingerprints and the depth of the split) and each of its lines ends\n"
    "with a check of its own: results of another problem or another split,\n"
    "and lines edited, cut short or taken from elsewhere, are refused\n"
    "(exit 3), as are results files of format 1 (older versions).",
    merge_options,
    "A results file ('dlx --jobs JOBS' writes it):\n"
    "  # dlx results 2\n"
    "  # fingerprint F          the problem's, as in JOBS\n"
    "  # jobs-fingerprint J     FNV-1a (64 bits) over the text 'depth D\\n'\n"
    "                           and each job line of JOBS, 'id options...\\n'\n"
    "                           (one space apart)\n"
    "  # depth D                the depth of the split\n"
    "  job K solutions N nodes N seconds S complete|partial check H\n"
    "H is FNV-1a (64 bits) over 'F J ' (16 hexadecimal digits each, a space\n"
    "after each) followed by the line up to its state word.\n",
    { "every job counted once, in full", NULL, NULL,
      "a job missing or counted twice, results of another problem or "
      "split, results of format 1, or a line that is not a result or does "
      "not match its check", NULL,
      "some results are partial: the total is a lower bound",
      "out of memory, or the output could not be written" }
};

static int merge_files(const char **files, int n_files);

static int no_own_option(void *ctx, cli_parser *ps, int id)
{
    (void)ctx;
    (void)id;
    return cli_usage_error(ps->prog, "option '%s' is not handled", ps->shown);
}

static int cmd_merge(int argc, char **argv)
{
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    int n_files = 0;
    if (!files)
        return CLI_EXIT_SYSTEM;
    cli_search unused;
    cli_search_init(&unused);
    int rc = cli_parse(&merge_command, argc, argv, 1, &unused, files,
                       &n_files, no_own_option, NULL);
    int stdins = 0;
    for (int k = 0; k < n_files; k++)
        stdins += !strcmp(files[k], "-");
    if (rc < 0 && stdins > 1)
        rc = cli_usage_error(merge_command.prog, "standard input ('-') "
                             "given twice");
    if (rc < 0)
        rc = n_files < 2
                 ? cli_usage_error(merge_command.prog, "merge needs the jobs "
                                   "file and at least one results file ('-' "
                                   "for standard input)")
                 : merge_files(files, n_files);
    free(files);
    return rc;
}

static int merge_files(const char **files, int n_files)
{
    dlx_jobs jobs;
    uint64_t fp;
    int rc = cli_read_jobs(command.prog, files[0], &jobs, &fp);
    if (rc != 0)
        return rc;
    dlx_merge mg;
    if (dlx_merge_init(&mg, &jobs, fp) != DLX_OK) {
        dlx_jobs_free(&jobs);
        cli_report(command.prog, 0, 0, "out of memory");
        return CLI_EXIT_SYSTEM;
    }
    dlx_jobs_free(&jobs);
    rc = CLI_EXIT_OK;
    for (int k = 1; k < n_files && rc == CLI_EXIT_OK; k++) {
        int std = !strcmp(files[k], "-");
        const char *shown = std ? "<stdin>" : files[k];
        FILE *r = std ? stdin : fopen(files[k], "r");
        if (!r) {
            cli_report(command.prog, 0, 0, "%s: %s", shown, strerror(errno));
            rc = CLI_EXIT_INPUT;
            break;
        }
        dlx_diag err;
        int status = dlx_merge_read(&mg, r, &err);
        if (status != DLX_OK) {
            if (err.line > 0)
                cli_report_diag(shown, &err);
            else
                cli_report(command.prog, 0, 0, "%s: %s", shown, err.message);
            rc = status == DLX_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
        }
        if (!std)
            fclose(r);
    }
    if (rc == CLI_EXIT_OK) {
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
            rc = CLI_EXIT_INPUT;
        } else {
            cli_print_count(stdout, count, !mg.partial);
            rc = cli_finish_output(merge_command.prog);
            if (rc == 0 && mg.partial) {
                fprintf(stderr, "dlx merge: %d results are partial: the "
                        "total is a lower bound\n", mg.partial);
                rc = CLI_EXIT_CUT;
            } else if (rc == 0) {
                fprintf(stderr, "dlx merge: %d jobs, %" PRIu64 " nodes, "
                        "%.3f s of counting\n", mg.n_jobs, mg.nodes,
                        mg.seconds);
            }
        }
        if (fflush(stderr) != 0 || ferror(stderr))
            rc = CLI_EXIT_SYSTEM; /* the summary is lost */
    }
    dlx_merge_free(&mg);
    return rc;
}

/* ---- the single search ------------------------------------------------ */

static int estimate(const options_t *o, dlx_problem *p)
{
    dlx_estimate e;
    dlx_search s = dlx_search_defaults();
    s.seed = o->search.seed;
    s.max_nodes = o->search.max_nodes;
    s.max_seconds = o->search.timeout;
    int status = dlx_estimate_size(p->matrix, &s, o->estimate, &e);
    if (status != DLX_OK) {
        cli_report(command.prog, 0, 0, "%s", dlx_strerror(status));
        return CLI_EXIT_SYSTEM;
    }
    int cut = e.outcome != DLX_COMPLETE;
    if (o->json)
        printf("{\"paths\":%" PRIu64 ",\"solutions\":%.6g,"
               "\"solutions_error\":%.3g,\"nodes\":%.6g,"
               "\"nodes_error\":%.3g,\"complete\":%s}\n", e.paths,
               e.solutions, e.solutions_error, e.nodes, e.nodes_error,
               cut ? "false" : "true");
    else
        printf("estimate from %" PRIu64 " random paths:\n"
               "solutions: %.6g +- %.2g\nnodes: %.6g +- %.2g\n",
               e.paths, e.solutions, e.solutions_error, e.nodes,
               e.nodes_error);
    if (cut)
        cli_report(command.prog, 0, 0, "estimate cut short (%s) after %"
                   PRIu64 " nodes: %" PRIu64 " of %" PRIu64 " paths done",
                   dlx_outcome_str(e.outcome), e.visited, e.paths,
                   o->estimate);
    if (cli_finish_output(command.prog) != 0)
        return CLI_EXIT_SYSTEM;
    return cut ? CLI_EXIT_CUT : CLI_EXIT_OK;
}

/* The search to run, as asked: --memo asks for the memo counter by
 * name, --no-memo for the tree search; by itself, a count of all
 * solutions (no limit, nothing printed but the count) lets the library
 * choose the memo counter where it pays (dlx_search.count_only). */
static dlx_search search_of(const options_t *o, run *r, dlx_memo_stats *ms)
{
    const cli_search *c = &o->search;
    dlx_search s = dlx_search_defaults();
    s.max_solutions = c->limit;
    s.max_nodes = c->max_nodes;
    s.max_seconds = c->timeout;
    s.memo_bytes = (size_t)o->memo_mb << 20;
    s.memo_stats = ms;
    if (o->memo == 1) {
        s.engine = DLX_ENGINE_MEMO;
        return s;
    }
    s.count_only = o->memo < 0 && c->prune <= 0 && o->count_only &&
                   !o->unique && !o->json && !o->split_depth && !c->limit &&
                   !c->trace && !c->have_seed && !c->html && !c->tree_svg;
    s.randomize = c->have_seed;
    s.seed = c->seed;
    s.prune = c->prune > 0;
    if (o->print > 0) {
        s.on_solution = on_solution;
        s.solution_ctx = r;
    }
    if (c->trace) {
        s.on_trace = on_trace;
        s.trace_ctx = r;
    }
    if (r->view) {
        s.on_trace = on_trace_view;
        s.trace_ctx = r;
    }
    return s;
}

/* Once the memo's table is full, each count that does not fit replaces
 * another, and a search whose sub-problems do not fit can become
 * thousands of times slower (16x16 dominoes: under a second with 16 MiB,
 * not done in 300 s with 7 MiB); the help says "slower, never wrong", so
 * say it when it happens, with the figures. */
static void warn_memo_full(run *r, const dlx_memo_stats *ms)
{
    if (r->memo_warned || ms->dropped == 0)
        return;
    r->memo_warned = 1;
    cli_progress_clear(&r->progress);
    uint64_t mb = r->opt->memo_mb;
    fprintf(stderr, "dlx: warning: the memo table is full (--memo-mb %"
            PRIu64 ": %" PRIu64 " counts in %.1f MiB) and counts replace "
            "one another: the count can become many times slower; "
            "--memo-mb %" PRIu64 " or more keeps more of them\n",
            mb, ms->stored, (double)ms->bytes / (1 << 20),
            mb > UINT64_MAX / 8 ? mb : 4 * mb);
}

static int on_memo_poll(void *ctx, uint64_t nodes)
{
    run *r = ctx;
    dlx_memo_stats ms;
    if (!r->memo_warned && dlx_memo_poll_stats(r->p->matrix, &ms))
        warn_memo_full(r, &ms);
    return r->progress.on ? on_poll(ctx, nodes) : 0;
}

/* One search, or the count on threads when the library would not take
 * the memo counter for it; a memo count of any size goes into *big. */
static int run_search(const options_t *o, dlx_problem *p, run *r,
                      dlx_result *res, dlx_memo_stats *ms, dlx_bignum *big)
{
    memset(ms, 0, sizeof *ms);
    dlx_search s = search_of(o, r, ms);
    int ran = DLX_RAN_NONE, reason = DLX_WHY_NONE;
    if (o->search.threads > 1 && !o->split_depth && s.count_only) {
        int rc = dlx_choose_engine(p->matrix, &s, &ran, &reason);
        if (rc != DLX_OK)
            return rc;
        if (ran == DLX_RAN_MEMO)
            s.engine = DLX_ENGINE_MEMO; /* chosen once, not twice */
    }
    if (s.engine != DLX_ENGINE_MEMO &&
        (o->search.threads > 1 || o->split_depth))
        return count_on_threads(o, p, res);
    cli_progress_start(&r->progress);
    if ((r->progress.on && !o->search.trace) || s.count_only ||
        s.engine == DLX_ENGINE_MEMO) {
        /* the progress line, and the memo's warning when its table fills */
        s.on_poll = on_memo_poll;
        s.poll_ctx = r;
    }
    s.memo_count = big;
    int rc = dlx_solve(p->matrix, &s, res);
    cli_progress_clear(&r->progress);
    if (rc == DLX_OK && ran == DLX_RAN_MEMO)
        res->reason = reason;
    if (rc == DLX_OK && res->ran == DLX_RAN_MEMO)
        warn_memo_full(r, ms);
    return rc;
}

static int search(const options_t *o, dlx_problem *p)
{
    run r = { o, p, 0, 0, NULL, { 0, 0, 0, 0, 0 }, NULL, 0 };
    if ((o->search.html || o->search.tree_svg) &&
        !(r.view = view_cmd_problem(p, o->file ? o->file : "<stdin>"))) {
        cli_report(command.prog, 0, 0, "out of memory");
        return CLI_EXIT_SYSTEM;
    }
    if (o->search.trace && !(r.branches = cli_branches_new())) {
        cli_report(command.prog, 0, 0, "out of memory");
        return CLI_EXIT_SYSTEM;
    }
    dlx_result res;
    dlx_memo_stats ms;
    dlx_bignum big = DLX_BIGNUM_INIT;
    int rc = run_search(o, p, &r, &res, &ms, &big);
    int memo = rc == DLX_OK && res.ran == DLX_RAN_MEMO;
    if (rc != DLX_OK) {
        cli_report(command.prog, 0, 0, "%s", dlx_strerror(rc));
        dlx_bignum_free(&big);
        cli_branches_free(r.branches);
        view_free(r.view);
        return CLI_EXIT_SYSTEM;
    }
    char small[DLX_COUNT_STRLEN];
    char *count = memo ? dlx_bignum_str(&big) : dlx_count_str(res.solutions,
                                                              small);
    dlx_bignum_free(&big);
    if (!count) {
        cli_report(command.prog, 0, 0, "out of memory");
        cli_branches_free(r.branches);
        view_free(r.view);
        return CLI_EXIT_SYSTEM;
    }
    int cut = res.outcome == DLX_STOP_NODES || res.outcome == DLX_STOP_TIME;
    uint64_t found = dlx_count_u64(res.solutions);
    const char *verdict = found == 0 ? "none" : found == 1 ? "unique"
                                                           : "several";
    if (o->json) {
        printf("{\"solutions\":%s,\"complete\":%s,\"end\":\"%s\","
               "\"nodes\":%" PRIu64 ",\"updates\":%" PRIu64
               ",\"seconds\":%.6f",
               count, cut ? "false" : "true", dlx_outcome_str(res.outcome),
               res.nodes, res.updates, res.seconds);
        if (o->unique)
            printf(",\"verdict\":\"%s\"", cut && found < 2 ? "unknown"
                                                            : verdict);
        printf("}\n");
    } else if (o->unique) {
        printf("%s\n", cut && found < 2 ? "unknown" : verdict);
    } else if (o->count_only) {
        cli_print_count(stdout, count, !cut);
    }
    if (cut)
        cli_report(command.prog, 0, 0, "search cut short (%s) after %" PRIu64
                   " nodes: %s solution%s found so far",
                   dlx_outcome_str(res.outcome), res.nodes, count,
                   found == 1 ? "" : "s");
    if (o->search.trace && !o->json)
        cli_branches_write(stdout, r.branches, item_name, (void *)p);
    cli_branches_free(r.branches);
    int view_failed = 0;
    if (r.view) {
        view_finish(r.view, found, res.nodes, !cut);
        view_failed = view_cmd_save(r.view, command.prog, o->search.html,
                                    o->search.tree_svg) != 0;
        view_free(r.view);
    }
    if ((memo || (o->search.threads <= 1 && !o->split_depth)) &&
        o->search.stats)
        print_stats(o, &res, count);
    if (memo && o->search.stats)
        print_memo_stats(&ms);
    if (count != small)
        free(count);
    if (cli_finish_output(command.prog) != 0 || r.write_error ||
        view_failed)
        return CLI_EXIT_SYSTEM;
    if (cut)
        return CLI_EXIT_CUT;
    if (found == 0)
        return CLI_EXIT_NONE;
    if (o->unique && found > 1)
        return CLI_EXIT_SEVERAL;
    return CLI_EXIT_OK;
}

/* --sample N: N solutions drawn uniformly (dlx_sample). */
static int sample(const options_t *o, dlx_problem *p)
{
    run r = { o, p, 0, 0, NULL, { 0, 0, 0, 0, 0 }, NULL, 0 };
    dlx_search s = dlx_search_defaults();
    s.seed = cli_generate_seed(&o->search, command.prog);
    s.max_nodes = o->search.max_nodes;
    s.max_seconds = o->search.timeout;
    s.on_solution = on_solution;
    s.solution_ctx = &r;
    cli_progress_start(&r.progress);
    if (r.progress.on) {
        s.on_poll = on_poll;
        s.poll_ctx = &r;
    }
    dlx_result res;
    dlx_memo_stats ms;
    dlx_bignum count = DLX_BIGNUM_INIT;
    int rc = dlx_sample(p->matrix, &s, (size_t)o->memo_mb << 20, o->sample,
                        &count, &res, &ms);
    cli_progress_clear(&r.progress);
    if (rc != DLX_OK) {
        cli_report(command.prog, 0, 0, "%s", dlx_strerror(rc));
        return CLI_EXIT_SYSTEM;
    }
    char *total = dlx_bignum_str(&count);
    dlx_bignum_free(&count);
    if (!total) {
        cli_report(command.prog, 0, 0, "out of memory");
        return CLI_EXIT_SYSTEM;
    }
    int cut = res.outcome == DLX_STOP_NODES || res.outcome == DLX_STOP_TIME;
    if (cut)
        cli_report(command.prog, 0, 0, "cut short (%s) after %" PRIu64
                   " nodes: %" PRIu64 " of %" PRIu64 " solutions drawn",
                   dlx_outcome_str(res.outcome), res.nodes, res.splits,
                   o->sample);
    if (o->json)
        printf("{\"drawn\":%" PRIu64 ",\"solutions\":%s,\"complete\":%s,"
               "\"end\":\"%s\",\"nodes\":%" PRIu64 ",\"seconds\":%.6f}\n",
               res.splits, total, cut ? "false" : "true",
               dlx_outcome_str(res.outcome), res.nodes, res.seconds);
    if (o->search.stats) {
        print_stats(o, &res, total);
        print_memo_stats(&ms);
        fprintf(stderr, "drawn: %" PRIu64 "\n", res.splits);
    }
    int none = !res.solutions.hi && !res.solutions.lo;
    free(total);
    if (cli_finish_output(command.prog) != 0 || r.write_error)
        return CLI_EXIT_SYSTEM;
    return cut ? CLI_EXIT_CUT : none ? CLI_EXIT_NONE : CLI_EXIT_OK;
}

/* Input with multiplicities runs Algorithm M, which splits into jobs
 * (--threads, --split-depth, --jobs) but has no trace, random order or
 * estimate: say so rather than fail deep inside. */
static int refuse_mcc(const options_t *o, const dlx_problem *p)
{
    int lo, hi, bounded = 0;
    for (int i = 0; i < p->n_primary && !bounded; i++)
        bounded = dlx_item_bounds(p->matrix, i, &lo, &hi) == DLX_OK &&
                  (lo != 1 || hi != 1);
    const cli_search *s = &o->search;
    if (bounded && o->sample)
        return cli_usage_error(command.prog, "input with multiplicities "
                               "(lo:hi|name) is not counted by memo: "
                               "--sample does not work on it");
    /* the memo counter has no multiplicities: without this it failed
     * deep inside, reported as out of memory (exit 6) */
    if (bounded && o->memo == 1)
        return cli_usage_error(command.prog, "input with multiplicities "
                               "(lo:hi|name) is counted by search: --memo "
                               "does not work on it (--no-memo, or "
                               "neither)");
    if (!bounded || !(o->estimate || s->trace || s->have_seed || s->html ||
                      s->tree_svg))
        return -1;
    return cli_usage_error(command.prog, "input with multiplicities "
                           "(lo:hi|name) has no trace or random order: "
                           "--estimate, --trace, --seed, --html and "
                           "--tree-svg do not work on it");
}

static int print_best(const options_t *o, const dlx_problem *p, int n)
{
    for (int i = 0; i < n; i++) {
        const int *chosen;
        int64_t cost;
        int k = dlx_best_solution(p->matrix, i, &chosen, &cost);
        if (o->json) {
            printf("{\"solution\":%d,\"cost\":%lld,\"options\":[", i + 1,
                   (long long)cost);
            for (int j = 0; j < k; j++)
                printf("%s%d", j ? "," : "", chosen[j]);
            fputs("],\"lines\":[", stdout);
            for (int j = 0; j < k; j++)
                printf("%s%d", j ? "," : "", p->option_line[chosen[j]]);
            fputs("]}\n", stdout);
            continue;
        }
        for (int j = 0; j < k; j++) {
            dlx_write_option(stdout, p, chosen[j]);
            fputc('\n', stdout);
        }
        printf("cost: %lld\n\n", (long long)cost);
    }
    return ferror(stdout) ? -1 : 0;
}

/* --best K: the K cheapest solutions, cheapest first. */
static int best(const options_t *o, dlx_problem *p)
{
    run r = { o, p, 0, 0, NULL, { 0, 0, 0, 0, 0 }, NULL, 0 };
    dlx_search s = dlx_search_defaults();
    s.max_nodes = o->search.max_nodes;
    s.max_seconds = o->search.timeout;
    cli_progress_start(&r.progress);
    if (r.progress.on) {
        s.on_poll = on_poll;
        s.poll_ctx = &r;
    }
    dlx_result res;
    int rc = o->search.threads > 1 || o->split_depth
             ? dlx_best_parallel(p->matrix, &s, o->best, o->search.threads,
                                 o->split_depth, &res)
             : dlx_best(p->matrix, &s, o->best, &res);
    cli_progress_clear(&r.progress);
    if (rc != DLX_OK) {
        cli_report(command.prog, 0, 0, "%s", dlx_strerror(rc));
        return CLI_EXIT_SYSTEM;
    }
    int n = dlx_best_count(p->matrix);
    int cut = res.outcome != DLX_COMPLETE;
    int failed = print_best(o, p, n) != 0;
    /* the summary every --json run ends with: without it, a list cut
     * short by a budget read as the K cheapest */
    if (o->json)
        printf("{\"solutions\":%d,\"complete\":%s,\"end\":\"%s\","
               "\"nodes\":%" PRIu64 ",\"updates\":%" PRIu64
               ",\"seconds\":%.6f}\n", n, cut ? "false" : "true",
               dlx_outcome_str(res.outcome), res.nodes, res.updates,
               res.seconds);
    if (cut)
        cli_report(command.prog, 0, 0, "search cut short (%s) after %" PRIu64
                   " nodes: the %d solution%s printed may not be the "
                   "cheapest", dlx_outcome_str(res.outcome), res.nodes, n,
                   n == 1 ? "" : "s");
    if (o->search.stats) {
        char count[DLX_COUNT_STRLEN];
        print_stats(o, &res, dlx_count_str(res.solutions, count));
        int64_t cost;
        if (n && dlx_best_solution(p->matrix, 0, NULL, &cost) >= 0)
            fprintf(stderr, "%s: %lld (%" PRIu64 " nodes)\n",
                    cut ? "cheapest found" : "optimum", (long long)cost,
                    res.nodes);
    }
    if (cli_finish_output(command.prog) != 0 || failed)
        return CLI_EXIT_SYSTEM;
    return cut ? CLI_EXIT_CUT : n == 0 ? CLI_EXIT_NONE : CLI_EXIT_OK;
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
    options_t o;
    int status = parse_args(argc, argv, &o);
    if (status >= 0)
        return status;
    dlx_problem *p = NULL;
    status = read_input(o.file, &p);
    if (status >= 0)
        return status;
    status = refuse_mcc(&o, p);
    if (status >= 0)
        ;
    else if (o.best)
        status = best(&o, p);
    else if (o.sample)
        status = sample(&o, p);
    else if (o.jobs_file)
        status = count_job_file(&o, p);
    else if (o.estimate)
        status = estimate(&o, p);
    else
        status = search(&o, p);
    dlx_problem_free(p);
    return status;
}
