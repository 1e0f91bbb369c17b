/*
 * mathdoku - solve, count, check and encode Mathdoku (KenKen) puzzles.
 *
 * Thin: arguments, reading puzzle by puzzle, printing.  The work is in
 * mathdoku.h; what every command does alike is in cli.h.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_branches.h"
#include "mathdoku.h"

typedef enum command { CMD_SOLVE, CMD_COUNT, CMD_CHECK, CMD_ENCODE } command;
static const char *const command_names[] = { "solve", "count", "check",
                                             "encode", NULL };
typedef enum out_kind { OUT_GRID, OUT_LINE, OUT_JSON } out_kind;

enum { OPT_FORMAT = CLI_OPT_OWN, OPT_NARY, OPT_OUTPUT, OPT_METHOD,
       OPT_SOLUTION };

static const cli_option options[] = {
    CLI_GROUP("Input (several puzzles per file, blank lines between them, "
              "# comments):"),
    { OPT_FORMAT, 'f', "format", "F", "auto (default), letters (a grid of "
      "cage labels, a blank line, then 'label target op' per cage), list (a "
      "line N, then 'target op cells': 11 + A1 A2, or 11+ 1,7 with cells "
      "numbered 1..N*N), keen (Simon Tatham's Keen IDs, with '?' for a "
      "hidden operation).  Operations: + - * x X (U+00D7) / (U+00F7), '=' "
      "or none for a given, '?' for a hidden operation (any of them)" },
    { OPT_NARY, 0, "nary", NULL, "'-' and '/' cages may have more than two "
      "cells: the largest minus (divided by the product of) the rest" },
    CLI_GROUP("Output:"),
    { OPT_OUTPUT, 'o', "output", "L", "grid (default: N rows), line (N*N "
      "digits), json" },
    CLI_GROUP("Search:"),
    { OPT_METHOD, 'm', "method", "M", "dlx (default) or dfs: the naive "
      "search (cells in row-major order, digits in order, a cage checked "
      "when its last cell is filled)" },
    CLI_OPTION_LIMIT,
    CLI_OPTION_MAX_NODES,
    CLI_OPTION_TIMEOUT,
    CLI_OPTION_THREADS,
    CLI_OPTION_STATS,
    CLI_OPTION_TRACE,
    CLI_GROUP("check:"),
    { OPT_SOLUTION, 0, "solution", "S", "the grids to check, one per puzzle "
      "in order: N*N digits or numbers on a line, or N rows as 'mathdoku "
      "solve' writes them" },
    CLI_GROUP("Help:"),
    CLI_OPTION_HELP,
    CLI_OPTION_VERSION,
    CLI_END_OPTIONS
};

static const char *const usage[] = {
    "mathdoku COMMAND [OPTION]... [FILE]...",
    NULL
};

static const cli_command mathdoku_command = {
    "mathdoku", usage,
    "Mathdoku (KenKen) of size 1 to 32 with Dancing Links: every cage is an\n"
    "item, every tuple of digits that meets its clue an option.\n"
    "\n"
    "Commands:\n"
    "  solve     print each puzzle's solution; say when it has none or\n"
    "            several\n"
    "  count     print each puzzle's number of solutions (--limit N to stop;\n"
    "            598+ when a budget cut the count short)\n"
    "  check     with --solution S: are the grids of S the puzzles'\n"
    "            solutions, in order?\n"
    "  encode    print the puzzle's exact cover in Knuth's format, for dlx",
    options,
    "The budgets (--max-nodes, --timeout) cover building the exact cover as\n"
    "well as the search: each step of the walk over a cage's digit tuples\n"
    "counts as a node.  Errors: file:line:col: message; the other puzzles\n"
    "are still processed.\n"
    "\n"
    "An option's value follows it (--limit 2) or is joined to it\n"
    "(--limit=2, -l2); short options cluster (-st); -- ends the options.\n",
    { "every puzzle solved with one solution (count, encode: done; check: "
      "every grid right)",
      "some puzzle has no solution (check: some grid is wrong)",
      "solve: some puzzle has several solutions (the first is printed)",
      "some puzzle or file could not be read, or a file held none",
      NULL,
      "some search (or building) was cut short by --max-nodes or --timeout",
      "out of memory, or the output could not be written" }
};

typedef struct options_t {
    command cmd;
    mathdoku_layout layout;
    mathdoku_rules rules;
    out_kind out;
    int dfs;
    cli_search search;
    const char *solutions;
    const char **files;
    int n_files;
} options_t;

static int parse_args(int argc, char **argv, options_t *o)
{
    memset(o, 0, sizeof *o);
    cli_search_init(&o->search);
    int k;
    for (k = 0; command_names[k] && strcmp(argv[1], command_names[k]); k++)
        ;
    if (!command_names[k]) {
        char q[120];
        return cli_usage_error(mathdoku_command.prog, "unknown command %s",
                               text_quote(argv[1], strlen(argv[1]), 40, q,
                                          sizeof q));
    }
    o->cmd = (command)k;
    o->files = calloc((size_t)argc, sizeof *o->files);
    if (!o->files)
        return CLI_EXIT_SYSTEM;
    cli_parser ps;
    cli_parser_init(&ps, mathdoku_command.prog, options, argc, argv, 2);
    for (int id; (id = cli_next(&ps)) != CLI_DONE;) {
        int st = 0;
        switch (id) {
        case CLI_BAD:
            return CLI_EXIT_USAGE;
        case CLI_OPERAND:
            o->files[o->n_files++] = ps.value;
            break;
        case OPT_FORMAT: {
            static const char *const layouts[] = { "auto", "letters", "list",
                                                   "keen", NULL };
            st = cli_value_choice(&ps, layouts, &k);
            o->layout = (mathdoku_layout)k;
            break;
        }
        case OPT_OUTPUT: {
            static const char *const outs[] = { "grid", "line", "json",
                                                NULL };
            st = cli_value_choice(&ps, outs, &k);
            o->out = (out_kind)k;
            break;
        }
        case OPT_METHOD: {
            static const char *const methods[] = { "dlx", "dfs", NULL };
            st = cli_value_choice(&ps, methods, &o->dfs);
            break;
        }
        case OPT_SOLUTION:
            o->solutions = ps.value;
            break;
        case OPT_NARY:
            o->rules.nary = 1;
            break;
        default:
            st = cli_common_option(&ps, id, &mathdoku_command, &o->search);
            if (st >= 0)
                return st;
            st = 0;
        }
        if (st)
            return st;
    }
    if (o->search.threads > 1 &&
        (o->cmd != CMD_COUNT || o->dfs || o->search.trace))
        return cli_usage_error(mathdoku_command.prog, "--threads is for "
                               "'mathdoku count' with --method dlx and no "
                               "--trace");
    if (o->cmd == CMD_CHECK && !o->solutions)
        return cli_usage_error(mathdoku_command.prog, "check needs "
                               "--solution FILE");
    return -1;
}

/* ---- per puzzle ---------------------------------------------------------- */

typedef struct context {
    const options_t *o;
    cli_batch batch;
    cli_tally tally;
    mathdoku_reader r;
    mathdoku p;
    int line;                    /* where p starts */
    const char *name;
    text_reader solutions;       /* check --solution */
    FILE *solution_file;
    cli_branches *branches;      /* --trace */
    cli_progress progress;
} context;

static void write_grid(const options_t *o, int N, const int *g)
{
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            if (N <= 9)
                putchar('0' + g[r * N + c]);
            else
                printf(c ? " %d" : "%d", g[r * N + c]);
        }
        if (o->out == OUT_GRID)
            putchar('\n');
        else if (N > 9 && r < N - 1)
            putchar(' ');
    }
    putchar('\n'); /* a line puzzle's end, or the blank line after a grid */
}

static void print_step(void *ctx, const char *text, int level)
{
    (void)ctx;
    printf("%*s%s\n", 2 * (level < 0 ? 0 : level), "", text);
}

static void note_event(void *ctx, const dlx_event *ev)
{
    if (ev->kind == DLX_EV_CHOOSE)
        cli_branches_note(ctx, ev->level, ev->item, ev->count);
}

static const char *branch_name(void *ctx, int item, char *buf, size_t size)
{
    return mathdoku_item_name(ctx, item, buf, size);
}

static int show_progress(void *ctx, uint64_t nodes)
{
    cli_progress *p = ctx;
    cli_progress_show(p, "%.1fM nodes, %.0f s", (double)nodes / 1e6,
                      cli_seconds() - p->start);
    return 0;
}

/* A puzzle that cannot be used: said on stderr, and as a JSON record. */
static void puzzle_error(context *cx, const char *file, const dlx_diag *err,
                         int status)
{
    cli_report_diag(file, err);
    if (cx->o->out == OUT_JSON)
        cli_json_error(stdout, file, err->line, err->message);
    if (status == CLI_EXIT_INPUT)
        cx->batch.unreadable++;
    cli_batch_note(&cx->batch, status);
}

static void do_check(context *cx, const mathdoku *p, const char *file,
                     int line)
{
    const options_t *o = cx->o;
    int N = p->N;
    int *g = malloc((size_t)N * N * sizeof *g);
    dlx_diag err;
    char why[256];
    int got = g ? mathdoku_read_grid(&cx->solutions, N, g, &err)
                : MATHDOKU_ENOMEM;
    if (got != MATHDOKU_READ) {
        if (got == MATHDOKU_OK)
            cli_report(o->solutions, cx->solutions.lineno, 0, "no grid for "
                       "the puzzle of %s:%d", file, line);
        else if (got == MATHDOKU_ENOMEM)
            cli_report(o->solutions, 0, 0, "out of memory");
        else
            cli_report_diag(o->solutions, &err);
        cx->batch.unreadable++;
        cli_batch_note(&cx->batch, got == MATHDOKU_ENOMEM ? CLI_EXIT_SYSTEM
                                                          : CLI_EXIT_INPUT);
    } else if (mathdoku_check(p, &o->rules, g, why, sizeof why) != 0) {
        printf("wrong: %s\n", why);
        cx->tally.none++;
        cli_batch_note(&cx->batch, CLI_EXIT_NONE);
    } else {
        printf("right\n");
        cx->tally.one++;
    }
    free(g);
}

/* The status of a failed build of the exact cover, as an exit status. */
static int build_status(int st)
{
    return st == MATHDOKU_ECUT ? CLI_EXIT_CUT
         : st == MATHDOKU_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
}

static void do_puzzle(context *cx, const char *file, int line)
{
    const options_t *o = cx->o;
    mathdoku *p = &cx->p;
    int N = p->N;
    if (o->cmd == CMD_CHECK) {
        do_check(cx, p, file, line);
        return;
    }
    grid_limits lim = { 0 };
    lim.max_solutions = o->cmd == CMD_SOLVE ? 2 : o->search.limit;
    lim.max_nodes = o->search.max_nodes;
    lim.max_seconds = o->search.timeout;
    mathdoku_solver *sv = NULL;
    if (!o->dfs || o->cmd == CMD_ENCODE) {
        dlx_diag err;
        int st = mathdoku_solver_new(p, &o->rules, &lim, &sv, &err);
        if (st == MATHDOKU_ECUT && o->cmd != CMD_ENCODE) {
            /* the budget ran out before the search began: a count of 0+,
             * like any search cut short */
            cli_report_diag(file, &err);
            cx->tally.cut++;
            cli_batch_note(&cx->batch, CLI_EXIT_CUT);
            if (o->out == OUT_JSON) {
                printf("{\"file\":");
                cli_json_string(stdout, file);
                printf(",\"line\":%d,\"size\":%d,\"status\":\"cut short\","
                       "\"solutions\":0,\"complete\":false}\n", line, N);
            } else if (o->cmd == CMD_COUNT)
                cli_print_count(stdout, "0", 0);
            return;
        }
        if (st != MATHDOKU_OK) {
            puzzle_error(cx, file, &err, build_status(st));
            return;
        }
    }
    if (o->cmd == CMD_ENCODE) {
        if (cx->batch.inputs > 1) {
            dlx_diag err;
            text_error(&err, line, 0, "encode writes one puzzle, and this "
                       "is another (select one, e.g. with sed)");
            puzzle_error(cx, file, &err, CLI_EXIT_INPUT);
        } else {
            mathdoku_write_dlx(stdout, sv);
            cx->tally.one++;
        }
        mathdoku_solver_free(sv);
        return;
    }
    /* the budget covers building the exact cover too */
    double build = sv ? mathdoku_solver_seconds(sv) : 0;
    uint64_t steps = sv ? mathdoku_solver_steps(sv) : 0;
    if (lim.max_seconds > 0)
        lim.max_seconds = lim.max_seconds > build ? lim.max_seconds - build
                                                  : 1e-9;
    if (lim.max_nodes)
        lim.max_nodes = lim.max_nodes > steps ? lim.max_nodes - steps : 1;
    if (o->search.trace) {
        lim.on_step = print_step;
        if (sv && (cx->branches || (cx->branches = cli_branches_new()))) {
            cli_branches_clear(cx->branches);
            lim.on_event = note_event;
            lim.event_ctx = cx->branches;
        }
    } else if (cx->progress.on) {
        lim.on_poll = show_progress;
        lim.poll_ctx = &cx->progress;
        cx->progress.start = cli_seconds();
    }
    int *g = calloc((size_t)N * N, sizeof *g);
    grid_outcome out;
    int st = !g ? MATHDOKU_ENOMEM
           : o->dfs ? mathdoku_solve_dfs(p, &o->rules, &lim, g, &out)
           : o->search.threads > 1
               ? mathdoku_count_threads(sv, o->search.threads, &lim, &out)
               : mathdoku_solve_dlx(sv, &lim, g, &out);
    cli_progress_clear(&cx->progress);
    if (st != MATHDOKU_OK) {
        cli_report(file, line, 0, "out of memory");
        cli_batch_note(&cx->batch, CLI_EXIT_SYSTEM);
        free(g);
        mathdoku_solver_free(sv);
        return;
    }
    /* the time and the nodes include building the exact cover: its walk
     * over tuples counts against the same budget */
    out.seconds += build;
    out.nodes += steps;
    if (lim.on_event)
        cli_branches_write(stdout, cx->branches, branch_name, sv);
    int json = o->out == OUT_JSON;
    cli_found found = { out.solutions, out.complete,
                        out.cut == GRID_CUT_NODES, out.nodes, out.seconds };
    const char *status = cli_verdict(&cx->batch, &cx->tally, file, line,
                                     &found, o->cmd == CMD_SOLVE, 0);
    if (o->search.stats)
        fprintf(stderr, "%s:%d: %dx%d, %d cages, %ld options, %" PRIu64
                " solution%s, %" PRIu64 " nodes, %.6f s (encoding: %" PRIu64
                " steps, %.6f s)\n", file, line, N, N, p->n_cages,
                sv ? mathdoku_solver_options(sv) : 0L, out.solutions,
                out.solutions == 1 ? "" : "s", out.nodes, out.seconds, steps,
                build);
    if (json) {
        printf("{\"file\":");
        cli_json_string(stdout, file);
        printf(",\"line\":%d,\"size\":%d,\"cages\":%d,\"options\":%ld,"
               "\"status\":\"%s\",\"solutions\":%" PRIu64 ",\"complete\":%s,"
               "\"nodes\":%" PRIu64 ",\"seconds\":%.6f", line, N,
               p->n_cages, sv ? mathdoku_solver_options(sv) : 0L, status,
               out.solutions, out.complete ? "true" : "false", out.nodes,
               out.seconds);
        if (o->cmd == CMD_SOLVE && out.solutions > 0) {
            printf(",\"solution\":\"");
            for (int i = 0; i < N * N; i++)
                printf(N <= 9 ? "%d" : (i ? ",%d" : "%d"), g[i]);
            printf("\"");
        }
        printf("}\n");
    } else if (o->cmd == CMD_COUNT) {
        char count[24];
        snprintf(count, sizeof count, "%" PRIu64, out.solutions);
        cli_print_count(stdout, count, out.complete);
    } else if (out.solutions > 0) {
        write_grid(o, N, g);
    }
    free(g);
    mathdoku_solver_free(sv);
}

/* ---- the batch reader ----------------------------------------------------- */

static int open_file(void *ctx, FILE *f, const char *name)
{
    context *cx = ctx;
    cx->name = name;
    mathdoku_reader_init(&cx->r, f, cx->o->layout, &cx->o->rules);
    return 0;
}

static int next_puzzle(void *ctx, int *line, dlx_diag *err)
{
    context *cx = ctx;
    int got = mathdoku_read(&cx->r, &cx->p, &cx->line, err);
    *line = got == MATHDOKU_READ ? cx->line : err->line;
    switch (got) {
    case MATHDOKU_READ:
        return CLI_READ_ITEM;
    case MATHDOKU_OK:
        return CLI_READ_END;
    case MATHDOKU_EBAD:
        return CLI_READ_BAD;
    default:
        return CLI_READ_FAIL;
    }
}

static void process(void *ctx, const char *name, int line)
{
    context *cx = ctx;
    do_puzzle(cx, name, line);
    mathdoku_free(&cx->p);
}

static void close_file(void *ctx)
{
    context *cx = ctx;
    mathdoku_reader_release(&cx->r);
}

static const cli_reader mathdoku_reader_of = { open_file, next_puzzle,
                                               process, close_file };

int main(int argc, char **argv)
{
    if (argc < 2) {
        cli_help(stderr, &mathdoku_command);
        return CLI_EXIT_USAGE;
    }
    if (argv[1][0] == '-') {
        cli_search unused;
        cli_parser ps;
        cli_parser_init(&ps, mathdoku_command.prog, options, argc, argv, 1);
        int id = cli_next(&ps);
        if (id == CLI_OPT_HELP || id == CLI_OPT_VERSION)
            return cli_common_option(&ps, id, &mathdoku_command, &unused);
        if (id == CLI_BAD)
            return CLI_EXIT_USAGE;
        return cli_usage_error(mathdoku_command.prog, "a command comes first "
                               "(solve, count, check or encode)");
    }
    options_t o;
    int status = parse_args(argc, argv, &o);
    if (status >= 0) {
        free(o.files);
        return status;
    }
    context cx;
    memset(&cx, 0, sizeof cx);
    cx.o = &o;
    cli_batch_init(&cx.batch, mathdoku_command.prog);
    cx.batch.json = o.out == OUT_JSON;
    cli_progress_start(&cx.progress);
    if (o.solutions) {
        cx.solution_file = fopen(o.solutions, "r");
        if (!cx.solution_file) {
            cli_report(mathdoku_command.prog, 0, 0, "%s: %s", o.solutions,
                       strerror(errno));
            free(o.files);
            return CLI_EXIT_INPUT;
        }
        text_reader_init(&cx.solutions, cx.solution_file, 0);
    }
    cli_batch_files(&cx.batch, o.files, o.n_files, &mathdoku_reader_of, &cx);
    const cli_tally *t = &cx.tally;
    if (o.search.stats || (cx.batch.inputs > 1 &&
                           (cx.batch.unreadable || t->none || t->cut))) {
        const char *words[5] = {
            o.cmd == CMD_CHECK ? "right" : "with one solution",
            o.cmd == CMD_CHECK ? "wrong" : "with none", "with several",
            "unreadable", "cut short" };
        const uint64_t counts[5] = { t->one, t->none, t->several,
                                     cx.batch.unreadable, t->cut };
        cli_batch_summary(&cx.batch, "puzzle", words, counts, 5, t->nodes);
    }
    if (cx.solution_file) {
        text_reader_release(&cx.solutions);
        fclose(cx.solution_file);
    }
    cli_branches_free(cx.branches);
    free(o.files);
    return cli_exit_worse(cx.batch.status,
                          cli_finish_output(mathdoku_command.prog));
}
