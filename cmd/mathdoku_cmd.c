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
#include "cli_grid.h"
#include "mathdoku.h"
#include "mathdoku_cmd.h"
#include "view_cmd.h"

typedef enum command { CMD_SOLVE, CMD_COUNT, CMD_CHECK, CMD_ENCODE } command;
static const char *const command_names[] = { "solve", "count", "check",
                                             "encode", NULL };
typedef enum out_kind { OUT_GRID, OUT_LINE, OUT_JSON } out_kind;

enum { OPT_OUTPUT = CLI_OPT_OWN, OPT_SOLUTION };

/* What solve and count take (the top page adds the other commands'). */
#define SOLVE_OPTIONS                                                      \
    CLI_GROUP("Input (several puzzles per file, blank lines between them, " \
              "# comments):"),                                              \
    MATHDOKU_INPUT_OPTIONS,                                                 \
    CLI_GROUP("Output:"),                                                   \
    { OPT_OUTPUT, 'o', "output", "L", "grid (default: N rows), line (N*N "  \
      "digits), json" },                                                    \
    CLI_GROUP("Search:"),                                                   \
    CLI_OPTION_METHOD,                                                      \
    CLI_SEARCH_OPTIONS,                                                     \
    CLI_OPTION_HTML,                                                        \
    CLI_OPTION_TREE_SVG

static const cli_option options[] = {
    SOLVE_OPTIONS,
    CLI_GROUP("check:"),
    { OPT_SOLUTION, 0, "solution", "S", "the grids to check, one per puzzle "
      "in order: N*N digits or numbers on a line, or N rows as 'mathdoku "
      "solve' writes them" },
    CLI_HELP_OPTIONS
};

static const cli_command mathdoku_command = {
    "mathdoku",

    CLI_USAGE("mathdoku COMMAND [OPTION]... [FILE]..."),
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
    "  encode    print the puzzle's exact cover in Knuth's format, for dlx\n"
    "  generate  make puzzles with one solution (mathdoku generate --help)\n"
    "  explain, hint, rate  solve as a person does, step by step, and grade\n"
    "            as Simon Tatham's Keen does (mathdoku explain --help)",
    options,
    "The budgets (--max-nodes, --timeout) cover building the exact cover as\n"
    "well as the search: each step of the walk over a cage's digit tuples\n"
    "counts as a node.  Errors: file:line:col: message; the other puzzles\n"
    "are still processed.\n",
    { "every puzzle solved with one solution (count, encode: done; check: "
      "every grid right)",
      "some puzzle has no solution (check: some grid is wrong)",
      "solve: some puzzle has several solutions (the first is printed)",
      "some puzzle or file could not be read, or a file held none",
      NULL,
      "some search (or building) was cut short by --max-nodes or --timeout",
      "out of memory, or the output could not be written" }
};

/* solve and count: a page of their own (their options, not check's), as
 * explain, hint and rate have; the messages still say "mathdoku". */
static const cli_option solve_options[] = {
    SOLVE_OPTIONS,
    CLI_HELP_OPTIONS
};

static const cli_command solve_command = {
    "mathdoku",

    CLI_USAGE("mathdoku solve|count [OPTION]... [FILE]..."),
    "solve: print each puzzle's solution; say when it has none or several.\n"
    "count: print each puzzle's number of solutions (--limit N to stop;\n"
    "598+ when a budget cut the count short).",
    solve_options,
    "The budgets (--max-nodes, --timeout) cover building the exact cover as\n"
    "well as the search: each step of the walk over a cage's digit tuples\n"
    "counts as a node.  Errors: file:line:col: message; the other puzzles\n"
    "are still processed.\n",
    { "every puzzle solved with one solution (count: done)",
      "some puzzle has no solution",
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
    cli_search search;
    const char *solutions;
    const char **files;
    int n_files;
} options_t;

static int own_option(void *ctx, cli_parser *ps, int id)
{
    options_t *o = ctx;
    int k, st = mathdoku_input_option(ps, id, &o->layout, &o->rules);
    if (st >= 0)
        return st;
    switch (id) {
    case OPT_OUTPUT: {
        static const char *const outs[] = { "grid", "line", "json", NULL };
        st = cli_value_choice(ps, outs, &k);
        o->out = (out_kind)k;
        return st;
    }
    default: /* OPT_SOLUTION */
        o->solutions = ps->value;
        return 0;
    }
}

static int parse_args(int argc, char **argv, options_t *o)
{
    memset(o, 0, sizeof *o);
    cli_search_init(&o->search);
    int k = cli_subcommand(mathdoku_command.prog, argv[1], command_names);
    if (k < 0)
        return CLI_EXIT_USAGE;
    o->cmd = (command)k;
    o->files = calloc((size_t)argc, sizeof *o->files);
    if (!o->files)
        return CLI_EXIT_SYSTEM;
    int st = cli_parse(o->cmd == CMD_SOLVE || o->cmd == CMD_COUNT
                       ? &solve_command : &mathdoku_command, argc, argv, 2,
                       &o->search, o->files, &o->n_files, own_option, o);
    if (st >= 0)
        return st;
    if (o->search.threads > 1 &&
        (o->cmd != CMD_COUNT || o->search.dfs || o->search.trace))
        return cli_usage_error(mathdoku_command.prog, "--threads is for "
                               "'mathdoku count' with --method dlx and no "
                               "--trace");
    if ((o->search.html || o->search.tree_svg) &&
        ((o->cmd != CMD_SOLVE && o->cmd != CMD_COUNT) || o->search.dfs ||
         o->search.threads > 1))
        return cli_usage_error(mathdoku_command.prog, "--html and --tree-svg "
                               "show the Dancing Links search of 'mathdoku "
                               "solve' or 'count' (not --method dfs or "
                               "--threads)");
    if (o->cmd == CMD_CHECK && !o->solutions)
        return cli_usage_error(mathdoku_command.prog, "check needs "
                               "--solution FILE");
    return -1;
}

/* ---- per puzzle ---------------------------------------------------------- */

typedef struct context {
    const options_t *o;
    mathdoku_input in;           /* the files, puzzle by puzzle */
    text_reader solutions;       /* check --solution */
    FILE *solution_file;
    cli_grid search;             /* trace, progress, verdicts */
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

static const char *branch_name(void *ctx, int item, char *buf, size_t size)
{
    return mathdoku_item_name(ctx, item, buf, size);
}

/* A puzzle that cannot be used: said on stderr, and as a JSON record. */
static void puzzle_error(context *cx, const char *file, const dlx_diag *err,
                         int status)
{
    cli_report_diag(file, err);
    if (cx->o->out == OUT_JSON)
        cli_json_error(stdout, file, err->line, err->message);
    if (status == CLI_EXIT_INPUT)
        cx->search.batch.unreadable++;
    cli_batch_note(&cx->search.batch, status);
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
        cx->search.batch.unreadable++;
        cli_batch_note(&cx->search.batch, got == MATHDOKU_ENOMEM
                                              ? CLI_EXIT_SYSTEM
                                              : CLI_EXIT_INPUT);
    } else if (mathdoku_check(p, &o->rules, g, why, sizeof why) != 0) {
        printf("wrong: %s\n", why);
        cx->search.tally.none++;
        cli_batch_note(&cx->search.batch, CLI_EXIT_NONE);
    } else {
        printf("right\n");
        cx->search.tally.one++;
    }
    free(g);
}

/* The status of a failed build of the exact cover, as an exit status. */
static int build_status(int st)
{
    return st == MATHDOKU_ECUT ? CLI_EXIT_CUT
         : st == MATHDOKU_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
}

/* The exact cover of the puzzle (*sv): 1, or 0 when there is none to
 * search, reported here: the budget ran out while building it (a count
 * of 0+, like any search cut short), or the puzzle cannot be built. */
static int build_solver(context *cx, const char *file, int line,
                        grid_limits *lim, mathdoku_solver **sv)
{
    const options_t *o = cx->o;
    dlx_diag err;
    int st = mathdoku_solver_new(&cx->in.p, &o->rules, lim, sv, &err);
    if (st == MATHDOKU_ECUT && o->cmd != CMD_ENCODE) {
        cli_report_diag(file, &err);
        cx->search.tally.cut++;
        cli_batch_note(&cx->search.batch, CLI_EXIT_CUT);
        if (o->out == OUT_JSON) {
            printf("{\"file\":");
            cli_json_string(stdout, file);
            printf(",\"line\":%d,\"size\":%d,\"status\":\"cut short\","
                   "\"solutions\":0,\"complete\":false}\n", line,
                   cx->in.p.N);
        } else if (o->cmd == CMD_COUNT)
            cli_print_count(stdout, "0", 0);
        return 0;
    }
    if (st != MATHDOKU_OK) {
        puzzle_error(cx, file, &err, build_status(st));
        return 0;
    }
    return 1;
}

static void print_result(context *cx, const char *file, int line,
                         mathdoku_solver *sv, const grid_outcome *pout,
                         const int *g);

static void do_puzzle(context *cx, const char *file, int line)
{
    const options_t *o = cx->o;
    mathdoku *p = &cx->in.p;
    int N = p->N;
    if (o->cmd == CMD_CHECK) {
        do_check(cx, p, file, line);
        return;
    }
    grid_limits lim;
    cli_grid_limits(&cx->search, o->cmd == CMD_SOLVE ? 2 : o->search.limit,
                    !o->search.dfs, &lim);
    mathdoku_solver *sv = NULL;
    if ((!o->search.dfs || o->cmd == CMD_ENCODE) &&
        !build_solver(cx, file, line, &lim, &sv))
        return;
    if (o->cmd == CMD_ENCODE) {
        if (cx->search.batch.inputs > 1) {
            dlx_diag err;
            text_error(&err, line, 0, "encode writes one puzzle, and this "
                       "is another (select one, e.g. with sed)");
            puzzle_error(cx, file, &err, CLI_EXIT_INPUT);
        } else {
            mathdoku_write_dlx(stdout, sv);
            cx->search.tally.one++;
        }
        mathdoku_solver_free(sv);
        return;
    }
    /* the budget covers building the exact cover too */
    mathdoku_solver_budget_left(sv, &lim);
    view_cmd_tee tee = { NULL, lim.on_event, lim.event_ctx };
    if (o->search.html || o->search.tree_svg) {
        /* one page, one puzzle: a second would be lost or merged */
        dlx_diag err;
        /* room for any path (PATH_MAX): a title cut inside a UTF-8
         * character is not text */
        char title[4200];
        snprintf(title, sizeof title, "mathdoku %s:%d", file, line);
        if (cx->search.batch.inputs > 1) {
            text_error(&err, line, 0, "--html and --tree-svg show one "
                       "puzzle, and this is another (select one, e.g. with "
                       "sed)");
            puzzle_error(cx, file, &err, CLI_EXIT_INPUT);
            mathdoku_solver_free(sv);
            return;
        }
        if (!(tee.view = view_cmd_mathdoku(sv, p, title))) {
            cli_report(file, line, 0, "out of memory");
            cli_batch_note(&cx->search.batch, CLI_EXIT_SYSTEM);
            mathdoku_solver_free(sv);
            return;
        }
        lim.on_event = view_cmd_tee_event;
        lim.event_ctx = &tee;
    }
    int *g = calloc((size_t)N * N, sizeof *g);
    grid_outcome out;
    int st = !g ? MATHDOKU_ENOMEM
           : o->search.dfs ? mathdoku_solve_dfs(p, &o->rules, &lim, g, &out)
           : o->search.threads > 1
               ? mathdoku_count_threads(sv, o->search.threads, &lim, &out)
               : mathdoku_solve_dlx(sv, &lim, g, &out);
    if (tee.view) {
        if (st == MATHDOKU_OK) {
            view_finish(tee.view, out.solutions, out.nodes, out.complete);
            if (view_cmd_save(tee.view, "mathdoku", o->search.html,
                              o->search.tree_svg) != 0)
                cli_batch_note(&cx->search.batch, CLI_EXIT_SYSTEM);
        }
        view_free(tee.view);
        lim.on_event = tee.next;
        lim.event_ctx = tee.next_ctx;
    }
    cli_grid_done(&cx->search, &lim, branch_name, sv);
    if (st != MATHDOKU_OK) {
        cli_report(file, line, 0, "out of memory");
        cli_batch_note(&cx->search.batch, CLI_EXIT_SYSTEM);
        free(g);
        mathdoku_solver_free(sv);
        return;
    }
    mathdoku_solver_add_build(sv, &out);
    print_result(cx, file, line, sv, &out, g);
    free(g);
    mathdoku_solver_free(sv);
}

/* The verdict of one puzzle searched, its --stats line, and its output:
 * a JSON record, a count or the solution's grid. */
static void print_result(context *cx, const char *file, int line,
                         mathdoku_solver *sv, const grid_outcome *pout,
                         const int *g)
{
    const options_t *o = cx->o;
    const mathdoku *p = &cx->in.p;
    int N = p->N;
    grid_outcome out = *pout;
    int json = o->out == OUT_JSON;
    const char *status = cli_grid_verdict(&cx->search, file, line,
                                          &out, o->cmd == CMD_SOLVE, 0);
    if (o->search.stats)
        fprintf(stderr, "%s:%d: %dx%d, %d cages, %ld options, %" PRIu64
                " solution%s, %" PRIu64 " nodes, %.6f s (encoding: %" PRIu64
                " steps, %.6f s)\n", file, line, N, N, p->n_cages,
                sv ? mathdoku_solver_options(sv) : 0L, out.solutions,
                out.solutions == 1 ? "" : "s", out.nodes, out.seconds,
                sv ? mathdoku_solver_steps(sv) : 0,
                sv ? mathdoku_solver_seconds(sv) : 0.0);
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
        cli_grid_print_count(&out);
    } else if (out.solutions > 0) {
        write_grid(o, N, g);
    }
}

static void process(mathdoku_input *in, void *ctx)
{
    do_puzzle(ctx, in->name, in->line);
}


int main(int argc, char **argv)
{
    int status = cli_before_subcommand(argc, argv, &mathdoku_command);
    if (status >= 0)
        return status;
    if (!strcmp(argv[1], "generate"))
        return mathdoku_generate_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "explain") || !strcmp(argv[1], "hint") ||
        !strcmp(argv[1], "rate"))
        return mathdoku_logic_main(argc - 1, argv + 1);
    options_t o;
    if ((status = parse_args(argc, argv, &o)) >= 0) {
        free(o.files);
        return status;
    }
    context cx = { .o = &o };
    cli_grid_init(&cx.search, mathdoku_command.prog, &o.search,
                  o.out == OUT_JSON);
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
    cx.in.layout = o.layout;
    cx.in.rules = o.rules;
    cx.in.process = process;
    cx.in.ctx = &cx;
    cli_batch_files(&cx.search.batch, o.files, o.n_files, &mathdoku_reader_of,
                    &cx.in);
    const char *const words[3] = {
        o.cmd == CMD_CHECK ? "right" : "with one solution",
        o.cmd == CMD_CHECK ? "wrong" : "with none", "with several" };
    cli_grid_summary(&cx.search, words);
    if (cx.solution_file) {
        text_reader_release(&cx.solutions);
        fclose(cx.solution_file);
    }
    cli_grid_free(&cx.search);
    free(o.files);
    return cli_exit_worse(cx.search.batch.status,
                          cli_finish_output(mathdoku_command.prog));
}
