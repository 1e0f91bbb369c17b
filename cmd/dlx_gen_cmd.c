/*
 * dlx gen, dlx dfs - the teaching subcommands of dlx: write a well-known
 * exact cover problem for dlx to solve, and run the course's naive
 * depth-first search beside it.
 *
 * Thin: arguments and printing (cli.h); the problems and the searches are
 * in problems/ (problems.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dlx.h"
#include "dlx_gen_cmd.h"
#include "problems.h"

/* ---- dlx gen ---------------------------------------------------------------- */

enum { OPT_REDUCE = CLI_OPT_OWN, OPT_OUTPUT, OPT_COUNT };

static const cli_option gen_options[] = {
    CLI_GROUP("Options:"),
    { OPT_REDUCE, 'r', "reduce", NULL, "count one solution per symmetry "
      "class (see the kinds above)" },
    { OPT_OUTPUT, 'o', "output", "FILE", "write to FILE instead of standard "
      "output" },
    CLI_OPTION_SEED,
    CLI_HELP_OPTIONS
};

typedef struct gen_args {
    int reduce;
    const char *output;
} gen_args;

static int gen_option(void *ctx, cli_parser *ps, int id)
{
    gen_args *g = ctx;
    if (id == OPT_REDUCE)
        g->reduce = 1;
    else
        g->output = ps->value;
    return 0;
}

/* The kinds, from the problems table, for the help. */
static void kinds_text(char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "Write a well-known exact cover "
                                "problem in Knuth's format, for dlx.\n\n"
                                "Kinds:\n");
    for (int k = 0; k < PROBLEMS_N_KINDS && n < size; k++) {
        const problems_info *in = problems_info_of((problems_kind)k);
        char head[40];
        snprintf(head, sizeof head, "%s %s", in->name, in->arg);
        n += (size_t)snprintf(buf + n, size - n, "  %-18s %s\n", head,
                              in->what);
        if (in->reduce && n < size)
            n += (size_t)snprintf(buf + n, size - n, "  %-18s   --reduce: "
                                  "%s\n", "", in->reduce);
    }
    if (n > 0 && n < size && buf[n - 1] == '\n')
        buf[n - 1] = '\0';      /* the help adds the paragraph's end */
}

int dlx_gen_main(int argc, char **argv)
{
    char about[2048];
    kinds_text(about, sizeof about);
    const cli_command cmd = {
        "dlx gen",
        CLI_USAGE("dlx gen KIND ARG [--reduce] [-o FILE]"),
        about,
        gen_options,
        "Boards are RxC: R rows of C cells (pentominoes 6x10, 5x12, 8x8-2x2).\n"
        "A set FILE lists one subset a line ('NAME: a b c' or 'a b c'), '#'\n"
        "comments, and optionally first '= a b c ...', the set to cover.\n"
        "\n"
        "Examples:\n"
        "  dlx gen queens 8 | dlx -c                      92\n"
        "  dlx gen pentominoes 6x10 --reduce | dlx -c     2339\n"
        "  dlx gen permutations 3 | dlx                   the 6 orders of "
        "1 2 3\n"
        "  dlx gen kqueens 8 4 | dlx -c                   34568 (4 queens "
        "on 8x8)\n"
        "  dlx gen assignment 9 --seed 1 | dlx --best 1   the cheapest "
        "assignment\n",
        { "written", NULL, NULL, "the set list cannot be read (file:line:"
          "col: message)", NULL, NULL, "out of memory, or the output could "
          "not be written" }
    };
    gen_args g = { 0, NULL };
    cli_search unused;
    cli_search_init(&unused);
    const char *operands[4] = { NULL, NULL, NULL, NULL };
    const char **ops = calloc((size_t)argc + 1, sizeof *ops);
    int n_ops = 0;
    if (!ops)
        return CLI_EXIT_SYSTEM;
    int st = cli_parse(&cmd, argc, argv, 1, &unused, ops, &n_ops, gen_option,
                       &g);
    memcpy(operands, ops, (n_ops < 4 ? (size_t)n_ops : 4) * sizeof *ops);
    free(ops);
    if (st >= 0)
        return st;
    if (n_ops == 0)
        return cli_usage_error(cmd.prog, "which problem? (KIND ARG)");
    const char *kind_name = operands[0], *arg = operands[1];
    int kind = problems_find(kind_name);
    if (kind < 0)
        return cli_usage_error(cmd.prog, "unknown kind of problem '%s'",
                               kind_name);
    char two[64];
    if (kind == PROBLEMS_KQUEENS && n_ops > 3) {
        return cli_usage_error(cmd.prog, "kqueens takes two ARGs (N K), and "
                               "'%s' is a third", operands[3]);
    } else if (kind == PROBLEMS_KQUEENS && n_ops == 3) {
        snprintf(two, sizeof two, "%.30s %.30s", operands[1], operands[2]);
        arg = two;
    } else if (n_ops > 2) {
        return cli_usage_error(cmd.prog, "one KIND and one ARG, and '%s' is "
                               "a third", operands[2]);
    }
    problems_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.reduce = g.reduce;
    spec.seed = unused.seed;
    problems_error err;
    if (problems_parse((problems_kind)kind, arg, &spec, &err) != PROBLEMS_OK)
        return cli_usage_error(cmd.prog, "%s", err.message);
    const problems_info *info = problems_info_of((problems_kind)kind);
    if (g.reduce && !info->reduce)
        return cli_usage_error(cmd.prog, "%s has no symmetry to --reduce",
                               info->name);

    const char *list_shown = NULL;
    if (kind == PROBLEMS_SET) {
        int std = !strcmp(arg, "-");
        list_shown = std ? "<stdin>" : arg;
        spec.list = std ? stdin : fopen(arg, "rb");
        if (!spec.list) {
            cli_report(cmd.prog, 0, 0, "%s: %s", arg, strerror(errno));
            return CLI_EXIT_INPUT;
        }
        spec.list_name = list_shown;
    }
    FILE *out = g.output ? fopen(g.output, "w") : stdout;
    if (!out) {
        cli_report(cmd.prog, 0, 0, "%s: %s", g.output, strerror(errno));
        if (spec.list && spec.list != stdin)
            fclose(spec.list);
        return CLI_EXIT_SYSTEM;
    }
    st = problems_write(out, &spec, &err);
    if (spec.list && spec.list != stdin)
        fclose(spec.list);
    int rc = CLI_EXIT_OK;
    if (st == PROBLEMS_EINPUT) {
        if (!list_shown) {
            if (g.output)
                fclose(out);
            return cli_usage_error(cmd.prog, "%s", err.message);
        }
        cli_report(list_shown, err.line, err.col, "%s", err.message);
        rc = CLI_EXIT_INPUT;
    } else if (st == PROBLEMS_ENOMEM) {
        cli_report(cmd.prog, 0, 0, "out of memory");
        rc = CLI_EXIT_SYSTEM;
    }
    if (g.output) {
        if (fclose(out) != 0 || st == PROBLEMS_EWRITE) {
            cli_report(cmd.prog, 0, 0, "error writing %s: %s", g.output,
                       strerror(errno));
            rc = CLI_EXIT_SYSTEM;
        }
        return rc;
    }
    return cli_exit_worse(rc, cli_finish_output(cmd.prog));
}

/* ---- dlx dfs ---------------------------------------------------------------- */

static const cli_option dfs_options[] = {
    CLI_GROUP("Search:"),
    { OPT_COUNT, 'c', "count", NULL, "print only the number of solutions" },
    CLI_OPTION_LIMIT,
    CLI_OPTION_MAX_NODES,
    CLI_OPTION_TIMEOUT,
    CLI_OPTION_STATS,
    { CLI_OPT_TRACE, 't', "trace", NULL, "every step in words: p3 = 2, "
      "backtrack: no value left for p3" },
    CLI_HELP_OPTIONS
};

static const cli_command dfs_command = {
    "dlx dfs",
    CLI_USAGE("dlx dfs permutations|queens N [OPTION]..."),
    "The course's naive depth-first search, to set beside Dancing Links:\n"
    "fill position 1, then 2, ..., with the values in order, skip a value\n"
    "already used (queens: a column or diagonal already attacked), back up\n"
    "when a position has no value left.",
    dfs_options,
    "Solutions are printed one a line: the values of positions 1..N\n"
    "(queens: the column of the queen of each row).  Nodes are the values\n"
    "placed.  The same count by Dancing Links:\n"
    "  dlx dfs permutations 9 -c              362880\n"
    "  dlx gen permutations 9 | dlx -c        362880\n",
    { "a solution was found", "no solution", NULL, NULL, NULL,
      "cut short by --max-nodes or --timeout", "the output could not be "
      "written" }
};

typedef struct dfs_run {
    int count_only;
    int write_error;
} dfs_run;

static int dfs_option(void *ctx, cli_parser *ps, int id)
{
    (void)ps;
    (void)id;   /* OPT_COUNT */
    ((dfs_run *)ctx)->count_only = 1;
    return 0;
}

static int dfs_solution(void *ctx, const int *values, int n)
{
    dfs_run *r = ctx;
    if (r->count_only)
        return 0;
    for (int k = 0; k < n; k++)
        printf(k ? " %d" : "%d", values[k]);
    putchar('\n');
    if (ferror(stdout)) {
        r->write_error = 1;
        return 1;
    }
    return 0;
}

static void dfs_step(void *ctx, const char *text, int level)
{
    (void)ctx;
    printf("%*s%s\n", 2 * level, "", text);
}

int dlx_dfs_main(int argc, char **argv)
{
    dfs_run run = { 0, 0 };
    cli_search s;
    cli_search_init(&s);
    const char **ops = calloc((size_t)argc + 1, sizeof *ops);
    int n_ops = 0;
    if (!ops)
        return CLI_EXIT_SYSTEM;
    int st = cli_parse(&dfs_command, argc, argv, 1, &s, ops, &n_ops,
                       dfs_option, &run);
    const char *kind = n_ops > 0 ? ops[0] : NULL;
    const char *arg = n_ops > 1 ? ops[1] : NULL;
    const char *third = n_ops > 2 ? ops[2] : NULL;
    free(ops);
    if (st >= 0)
        return st;
    if (third)
        return cli_usage_error(dfs_command.prog, "one KIND and one N, and "
                               "'%s' is a third", third);
    if (!kind || (strcmp(kind, "permutations") && strcmp(kind, "queens")))
        return cli_usage_error(dfs_command.prog, "which search? "
                               "permutations N or queens N");
    long long n = 0;
    const char *end = NULL;
    if (!arg || text_number(arg, PROBLEMS_MAX_DFS, &n, &end) != 0 || *end ||
        n < 1)
        return cli_usage_error(dfs_command.prog, "N: '%s' is not a number "
                               "from 1 to %d", arg ? arg : "",
                               PROBLEMS_MAX_DFS);
    grid_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.max_solutions = s.limit;
    lim.max_nodes = s.max_nodes;
    lim.max_seconds = s.timeout;
    if (s.trace)
        lim.on_step = dfs_step;
    grid_outcome out;
    st = !strcmp(kind, "queens")
             ? problems_queens_dfs((int)n, &lim, dfs_solution, &run, &out)
             : problems_permutations_dfs((int)n, &lim, dfs_solution, &run,
                                         &out);
    if (st != PROBLEMS_OK) {
        cli_report(dfs_command.prog, 0, 0, "out of memory");
        return CLI_EXIT_SYSTEM;
    }
    if (run.count_only)
        printf("%" PRIu64 "%s\n", out.solutions, out.complete ? "" : "+");
    if (s.stats)
        fprintf(stderr, "solutions: %" PRIu64 "\nnodes: %" PRIu64
                "\nseconds: %.6f\n", out.solutions, out.nodes, out.seconds);
    if (!out.complete)
        cli_report(dfs_command.prog, 0, 0, "search cut short (%s) after %"
                   PRIu64 " nodes: %" PRIu64 " solution%s found so far",
                   s.max_nodes && out.nodes >= s.max_nodes
                       ? "node limit reached" : "time limit reached",
                   out.nodes, out.solutions, out.solutions == 1 ? "" : "s");
    if (cli_finish_output(dfs_command.prog) != 0 || run.write_error)
        return CLI_EXIT_SYSTEM;
    if (!out.complete)
        return CLI_EXIT_CUT;
    return out.solutions ? CLI_EXIT_OK : CLI_EXIT_NONE;
}
