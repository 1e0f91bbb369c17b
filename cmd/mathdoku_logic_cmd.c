/*
 * mathdoku explain | hint | rate - the logic solver seen from the command
 * line: every step in words, the next step only, or Keen's grade.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_grid.h"
#include "mathdoku.h"
#include "mathdoku_cmd.h"
#include "mathdoku_logic.h"

enum { OPT_OUTPUT = CLI_OPT_OWN, OPT_CANDIDATES };

static const cli_option options[] = {
    CLI_GROUP("Input (as for 'mathdoku solve'):"),
    MATHDOKU_INPUT_OPTIONS,
    CLI_GROUP("Output:"),
    { OPT_OUTPUT, 'o', "output", "F", "text (default), json (JSON lines: one "
      "per step for explain and hint, one per puzzle for rate), csv (rate)" },
    { OPT_CANDIDATES, 0, "candidates", NULL, "explain, hint: the candidate "
      "grid before each step" },
    CLI_GROUP("Budget (for each puzzle: the search for its solution, and "
              "the steps):"),
    CLI_OPTION_MAX_NODES,
    CLI_OPTION_TIMEOUT,
    CLI_HELP_OPTIONS
};

static const char about[] =
"Solve Mathdoku as a person does, one named step at a time.\n"
"\n"
"  explain   every step in words, to the end: 'C4 = 3: hidden single, the\n"
"            only place for 3 in row 4'; then the grade\n"
"  hint      the next step only\n"
"  rate      one line per puzzle: the grade and how often each technique\n"
"            was used";

static const char more[] =
"Grades are Simon Tatham's Keen's, and mean what they mean there (the\n"
"techniques of each grade reach what Keen's solver reaches):\n"
"  Easy          naked and hidden singles; a cage's combinations (the\n"
"                digits that any way of filling it uses)\n"
"  Normal        a cage's cells (the digits each cell takes in some way of\n"
"                filling the cage)\n"
"  Hard          a digit every way of filling a cage puts in one row or\n"
"                column leaves the rest of that line; naked and hidden\n"
"                pairs, triples and larger sets in rows and columns\n"
"  Extreme       X-wing, swordfish and larger fish; forcing chains\n"
"  Unreasonable  the rest: a row's or column's remainder (the cages inside\n"
"                it add up to their targets, so its other cells add up to\n"
"                the rest of N(N+1)/2, or multiply to the rest of N!), a\n"
"                deduction Keen's solver lacks; then guesses, labelled as\n"
"                such, whose digit comes from the Dancing Links solution,\n"
"                so that every puzzle is explained to its end\n";

typedef enum mode { EXPLAIN, HINT, RATE } mode;
typedef enum out_kind { OUT_TEXT, OUT_JSON, OUT_CSV } out_kind;

/* What the command line asks for, and the run. */
typedef struct context {
    cli_command cmd;
    char prog[32];
    mode md;
    int out, candidates, n_files;
    mathdoku_input in;
    cli_search search;
    uint64_t puzzles;
    cli_batch batch;
} context;

static int own_option(void *ctx, cli_parser *ps, int id)
{
    context *cx = ctx;
    static const char *const outs[] = { "text", "json", "csv", NULL };
    int st = mathdoku_input_option(ps, id, &cx->in.layout, &cx->in.rules);
    if (st >= 0)
        return st;
    switch (id) {
    case OPT_OUTPUT:
        st = cli_value_choice(ps, outs, &cx->out);
        if (!st && cx->out == OUT_CSV && cx->md != RATE)
            return cli_usage_error(cx->prog, "--output: csv is for rate");
        return st;
    default: /* OPT_CANDIDATES */
        cx->candidates = 1;
        return 0;
    }
}

static const char *cell_name(const void *ctx, int cell, char *buf)
{
    return mathdoku_cell_name(*(const int *)ctx, cell, buf);
}

static void json_step(const char *file, int line, int n,
                      const mathdoku_step *st, int N)
{
    cli_json_step(file, line, n, st, mathdoku_technique_key(st->tech),
                  mathdoku_grade_name(mathdoku_technique_grade(st->tech)),
                  cell_name, &N);
}

/* Solutions of p, up to 2, by the engine within the budget; the first
 * into sol.  -1 when the exact cover cannot be built (err), -2 for no
 * memory, -3 when the budget ran out first (err). */
static int count_solutions(const mathdoku *p, const mathdoku_rules *rules,
                           const cli_search *search, int *sol,
                           dlx_diag *err)
{
    grid_limits lim = { 0 };
    lim.max_solutions = 2;
    lim.max_nodes = search->max_nodes;
    lim.max_seconds = search->timeout;
    mathdoku_solver *sv = NULL;
    int st = mathdoku_solver_new(p, rules, &lim, &sv, err);
    if (st != MATHDOKU_OK)
        return st == MATHDOKU_ENOMEM ? -2 : st == MATHDOKU_ECUT ? -3 : -1;
    grid_outcome out;
    st = mathdoku_solve_dlx(sv, &lim, sol, &out);
    mathdoku_solver_free(sv);
    if (st == MATHDOKU_OK && !out.complete && out.solutions < 2) {
        text_error(err, 0, 0, "cut short (%s) before the solution the "
                   "steps follow was found",
                   out.cut == GRID_CUT_NODES ? "node limit" : "time limit");
        return -3;
    }
    return st == MATHDOKU_OK ? (int)out.solutions : -2;
}

static void rate_line(const context *cx, const char *file, int line,
                      int grade, int steps, const int *used)
{
    if (cx->out == OUT_CSV) {
        printf("%s,%d,%s,%d", file, line, mathdoku_grade_name(grade), steps);
        for (int t = 0; t < MATHDOKU_TECH_COUNT; t++)
            printf(",%d", used[t]);
        putchar('\n');
    } else if (cx->out == OUT_JSON) {
        printf("{\"file\":");
        cli_json_string(stdout, file);
        printf(",\"line\":%d,\"grade\":\"%s\",\"steps\":%d,\"techniques\":{",
               line, mathdoku_grade_name(grade), steps);
        for (int t = 0, first = 1; t < MATHDOKU_TECH_COUNT; t++)
            if (used[t]) {
                printf("%s\"%s\":%d", first ? "" : ",",
                       mathdoku_technique_key(t), used[t]);
                first = 0;
            }
        printf("}}\n");
    } else {
        printf("%s:%d: %s;", file, line, mathdoku_grade_name(grade));
        for (int t = 0; t < MATHDOKU_TECH_COUNT; t++)
            if (used[t])
                printf(" %s %d,", mathdoku_technique_key(t), used[t]);
        printf(" %d steps\n", steps);
    }
}

/* Runs one puzzle; returns an exit status. */
static int run_puzzle(context *cx, const mathdoku *p, const char *file,
                      int line)
{
    int N = p->N, status = CLI_EXIT_OK;
    mode md = cx->md;
    int *sol = malloc((size_t)N * N * sizeof *sol);
    if (!sol) {
        cli_report(file, line, 0, "out of memory");
        return CLI_EXIT_SYSTEM;
    }
    dlx_diag err;
    memset(&err, 0, sizeof err);
    double start = cli_seconds();
    int solutions = count_solutions(p, &cx->in.rules, &cx->search, sol, &err);
    if (solutions == -3) {
        cli_report(file, err.line ? err.line : line, err.col, "%s",
                   err.message);
        free(sol);
        return CLI_EXIT_CUT;
    }
    if (solutions <= 0) {
        if (solutions == -2)
            cli_report(file, line, 0, "out of memory");
        else if (solutions < 0)
            cli_report(file, err.line ? err.line : line, err.col, "%s",
                       err.message);
        else
            cli_report(file, line, 0, "no solution");
        if (cx->out == OUT_JSON && solutions != -2)
            cli_json_error(stdout, file, line, solutions < 0 ? err.message
                                                             : "no solution");
        free(sol);
        return solutions == -2 ? CLI_EXIT_SYSTEM : CLI_EXIT_NONE;
    }
    if (solutions > 1) {
        status = CLI_EXIT_SEVERAL;
        if (md == RATE) {
            if (cx->out == OUT_CSV) {
                printf("%s,%d,ambiguous,0", file, line);
                for (int t = 0; t < MATHDOKU_TECH_COUNT; t++)
                    printf(",0");
                putchar('\n');
            } else if (cx->out == OUT_JSON) {
                printf("{\"file\":");
                cli_json_string(stdout, file);
                printf(",\"line\":%d,\"grade\":\"ambiguous\"}\n", line);
            } else {
                printf("%s:%d: ambiguous (several solutions)\n", file, line);
            }
            free(sol);
            return status;
        }
        cli_report(file, line, 0, "several solutions: the guesses follow one "
                   "of them");
    }
    mathdoku_logic *lg = mathdoku_logic_new(p, &cx->in.rules, sol);
    if (!lg) {
        cli_report(file, line, 0, "out of memory");
        free(sol);
        return CLI_EXIT_SYSTEM;
    }
    int used[MATHDOKU_TECH_COUNT] = { 0 }, grade = 0, steps = 0, got;
    mathdoku_step st;
    if (md == RATE)
        mathdoku_logic_set_quiet(lg, 1);
    for (;;) {
        if (cx->candidates && md != RATE && cx->out == OUT_TEXT) {
            mathdoku_logic_write_candidates(stdout, lg);
            putchar('\n');
        }
        if (cx->search.timeout > 0 &&
            cli_seconds() - start >= cx->search.timeout) {
            cli_report(file, line, 0, "cut short (time limit) after %d "
                       "steps", steps);
            status = CLI_EXIT_CUT;
            got = 0;
            break;
        }
        got = mathdoku_logic_step(lg, &st);
        if (got != MATHDOKU_LOGIC_STEP)
            break;
        steps++;
        used[st.tech]++;
        if ((int)mathdoku_technique_grade(st.tech) > grade)
            grade = mathdoku_technique_grade(st.tech);
        if (md != RATE) {
            if (cx->out == OUT_JSON)
                json_step(file, line, steps, &st, N);
            else
                printf("%d. %s\n", steps, st.text);
        }
        if (md == HINT)
            break;
    }
    if (got < 0) {
        cli_report(file, line, 0, "%s", got == MATHDOKU_LOGIC_NOMEM
                                        ? "out of memory" : st.text);
        status = got == MATHDOKU_LOGIC_NOMEM ? CLI_EXIT_SYSTEM
                                             : CLI_EXIT_NONE;
    } else if (md == EXPLAIN && cx->out == OUT_TEXT) {
        int hardest = -1;
        for (int t = 0; t < MATHDOKU_TECH_COUNT; t++)
            if (used[t] && (hardest < 0 || mathdoku_technique_grade(t) >=
                                               mathdoku_technique_grade(
                                                   hardest)))
                hardest = t;
        printf("solved in %d steps: %s (hardest: %s)\n", steps,
               mathdoku_grade_name(grade),
               hardest < 0 ? "none, it was full"
                           : mathdoku_technique_name(hardest));
    } else if (md == HINT && steps == 0 && cx->out == OUT_TEXT) {
        printf("the grid is full\n");
    } else if (md == RATE) {
        rate_line(cx, file, line, grade, steps, used);
    }
    mathdoku_logic_free(lg);
    free(sol);
    return status;
}

static void process(mathdoku_input *in, void *ctx)
{
    context *cx = ctx;
    /* explain and hint in text: puzzles apart, each headed by its place
     * when there are several */
    if (cx->md != RATE && cx->out == OUT_TEXT) {
        if (cx->puzzles > 0)
            putchar('\n');
        if (cx->puzzles > 0 || cx->n_files > 1)
            printf("%s:%d:\n", in->name, in->line);
    }
    cx->puzzles++;
    cli_batch_note(&cx->batch, run_puzzle(cx, &in->p, in->name, in->line));
}

int mathdoku_logic_main(int argc, char **argv)
{
    context *cx = calloc(1, sizeof *cx);
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!cx || !files) {
        free(cx);
        free(files);
        return CLI_EXIT_SYSTEM;
    }
    cx->md = !strcmp(argv[0], "hint") ? HINT
           : !strcmp(argv[0], "rate") ? RATE : EXPLAIN;
    snprintf(cx->prog, sizeof cx->prog, "mathdoku %s", argv[0]);
    cli_command cmd = {
        cx->prog, CLI_USAGE("mathdoku explain|hint|rate [OPTION]... "
                            "[FILE]..."),
        about, options, more,
        { "done", "some puzzle has no solution",
          "some puzzle has several (rate says 'ambiguous', as Keen does; "
          "explain follows one of them)",
          "some puzzle or file could not be read", NULL,
          "some puzzle was cut short by --max-nodes or --timeout",
          "out of memory, or the output could not be written" }
    };
    cx->cmd = cmd;
    cli_search_init(&cx->search);
    int n_files = 0;
    int parsed = cli_parse(&cx->cmd, argc, argv, 1, &cx->search, files,
                           &n_files, own_option, cx);
    if (parsed >= 0) {
        free(cx);
        free(files);
        return parsed;
    }
    cx->n_files = n_files;
    if (cx->md == RATE && cx->out == OUT_CSV) {
        printf("file,line,grade,steps");
        for (int t = 0; t < MATHDOKU_TECH_COUNT; t++)
            printf(",%s", mathdoku_technique_key(t));
        putchar('\n');
    }
    cli_batch_init(&cx->batch, "mathdoku");
    cx->batch.json = cx->out == OUT_JSON;
    cx->in.process = process;
    cx->in.ctx = cx;
    cli_batch_files(&cx->batch, files, n_files, &mathdoku_reader_of, &cx->in);
    int status = cli_exit_worse(cx->batch.status,
                                cli_finish_output(cx->prog));
    free(cx);
    free(files);
    return status;
}
