/*
 * sudoku explain | hint | rate - the logic solver seen from the command
 * line: every step in words, the next step only, or a difficulty grade.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_grid.h"
#include "sudoku_cmd.h"
#include "sudoku_grid.h"
#include "sudoku_logic.h"
#include "sudoku_solo.h"
#include "sudoku_solve.h"

enum { OPT_METHOD = CLI_OPT_OWN, OPT_CANDIDATES, OPT_OUTPUT, OPT_SCALE };

static const cli_option options[] = {
    { OPT_METHOD, 'm', "method", "M", "techniques (default) or reject (the "
      "reject-list method: each cell keeps the digits it cannot take; it "
      "finds naked and hidden singles and pairs)" },
    { OPT_CANDIDATES, 0, "candidates", NULL, "explain: the candidate grid "
      "before each step" },
    { OPT_OUTPUT, 'o', "output", "F", "text (default), json (JSON lines: one "
      "per step for explain and hint, one per puzzle for rate), csv (rate)" },
    { OPT_SCALE, 0, "scale", "S", "rate: ours (default, the grades below) or "
      "solo (Simon Tatham's Solo's six levels: trivial, basic, intermediate, "
      "advanced, extreme, unreasonable, from its solver's deductions)" },
    CLI_OPTION_MAX_NODES,
    CLI_OPTION_TIMEOUT,
    CLI_GROUP("Input:"),
    SUDOKU_INPUT_OPTIONS,
    CLI_GROUP("Help:"),
    CLI_OPTION_HELP,
    CLI_END_OPTIONS
};

static const char about[] =
"Solve as a person does, one named step at a time.\n"
"\n"
"  explain   every step in words, to the end: r2c5 = 7: hidden single in\n"
"            row 2 (...); then the rating\n"
"  hint      the next step only\n"
"  rate      one line per puzzle: the grade from the hardest technique\n"
"            needed, and how often each technique was used\n"
"\n"
"Techniques, simplest first, by grade:\n"
"  easy      full house, naked single, hidden single; killer: cage\n"
"            combinations (the sets of distinct digits of a cage's sum\n"
"            that fit its cells' candidates), rule of 45 (a row, column,\n"
"            box, region or diagonal holds 1..N: the cells left by its\n"
"            cages wholly inside, the innies, or sticking out of the cages\n"
"            that reach past it, the outies, add up to what is left; up to\n"
"            5 empty cells, walked as a cage)\n"
"  medium    locked candidates (pointing, claiming), naked and hidden pairs\n"
"            and triples; killer: cage/unit overlap (a digit every\n"
"            combination of a cage holds, its cells there all in one unit,\n"
"            leaves the rest of the unit; a unit's digit confined to one\n"
"            cage leaves the cage's cells outside the unit)\n"
"  hard      naked and hidden quads; killer: rule of 45 over 2 or 3\n"
"            adjacent rows, columns or boxes; X-wing, swordfish, XY-wing,\n"
"            remote pair, W-wing, unique rectangle (type 1: used only when the\n"
"            puzzle is known to have one solution; the engine checks),\n"
"            simple colouring\n"
"  expert    finned X-wing and swordfish, X-chain, XY-chain\n"
"  extreme   cell forcing chains (each candidate of a cell, up to four,\n"
"            followed with singles: what all agree on holds, one that ends\n"
"            in a contradiction is false), unit forcing chains (the same\n"
"            from each place of a digit in a row, column or box)\n"
"  guessing  no technique applies: the step is a guess, labelled as such,\n"
"            whose digit comes from the Dancing Links solution, so every\n"
"            puzzle is explained to its end\n"
"\n"
"X and jigsaw sudoku are explained over all their units: the diagonals\n"
"and regions in every technique (locked candidates between any two units,\n"
"a finned fish's fins in one region); unique rectangles are not tried on\n"
"them.  Killer (alone or with X and jigsaw, givens or none) adds the cage\n"
"techniques above; a placed digit leaves the rest of its cage.\n"
"\n"
"Orders up to 64; --max-nodes and --timeout hold for each puzzle (the\n"
"search the guesses follow, and the steps: the finders watch the clock).\n"
"\n"
"rate --scale solo grades as Simon Tatham's Solo (sgt-solo) does, with\n"
"its solver's deductions, simplest first, each level adding its own:\n"
"  trivial       a digit with one place left in a box or region\n"
"  basic         ... in a row, column or diagonal; a cell with one digit\n"
"  intermediate  a line's digit confined to one box leaves the box's other\n"
"                cells, a box's digit confined to one line the line's\n"
"  advanced      naked and hidden subsets of any size in any unit\n"
"  extreme       fish of any size (rows against columns); forcing chains\n"
"                of cells with two candidates\n"
"  unreasonable  none of those finish it (Solo guesses); the engine proves\n"
"                the solution unique\n"
"Plain sudoku of any box shape, X and jigsaw; killer is refused (Solo\n"
"grades cages on a scale of its own).  --timeout holds for the\n"
"deductions and the proof together, --max-nodes for the proof.\n"
"Text: file:line: level (Solo's words); deductions per level.  JSON:\n"
"rating, scale, deductions.  CSV: file,line,rating and a column of\n"
"deductions per level.";

typedef enum mode { EXPLAIN, HINT, RATE } mode;
typedef enum out_kind { OUT_TEXT, OUT_JSON, OUT_CSV } out_kind;

static const char *cell_name(const void *ctx, int cell, char *buf)
{
    return sudoku_cell_name(ctx, cell, buf);
}

static void json_step(const char *file, int line, int n, const sudoku_step *st,
                      const sudoku_shape *sh)
{
    cli_json_step(file, line, n, st, sudoku_technique_key(st->tech),
                  sudoku_grade_name(sudoku_technique_grade(st->tech)),
                  cell_name, sh);
}

typedef struct logic_run {
    mode md;
    sudoku_logic_method method;
    int candidates;
    out_kind out;
    cli_search search;
    cli_batch batch;
    sudoku_solver *sv;
    int own_solver;           /* sv is made for one puzzle (a variant, an
                                 empty grid) */
    int solo;                 /* rate --scale solo */
    sudoku_solo *so;
    sudoku_shape shape;        /* of sv */
    int puzzles, n_files;
    /* explain and hint label each puzzle "file:line:" when the input holds
     * several: the first is held back until the second, or the end, says
     * whether there are several */
    sudoku held;
    char *held_name;
    int held_line, holding, several;
} logic_run;

/* Runs one puzzle; returns an exit status (0, CLI_EXIT_NONE when it has no
 * solution, CLI_EXIT_CUT when a budget ran out, CLI_EXIT_SYSTEM). */
static int run_puzzle(const sudoku *s, const char *file, int line,
                      const logic_run *lr)
{
    mode md = lr->md;
    out_kind out = lr->out;
    sudoku_logic *lg = sudoku_logic_new(s, lr->method);
    if (!lg) {
        cli_report(file, line, 0, "out of memory");
        return CLI_EXIT_SYSTEM;
    }
    grid_limits lim = { 0 };
    lim.max_nodes = lr->search.max_nodes;
    lim.max_seconds = lr->search.timeout;
    sudoku_logic_set_limits(lg, &lim);
    double start = cli_seconds();
    int used[SUDOKU_TECH_COUNT] = { 0 }, hardest = -1, steps = 0, status = 0;
    sudoku_step st;
    for (;;) {
        if (lr->candidates && md == EXPLAIN && out == OUT_TEXT)
            sudoku_logic_write_candidates(stdout, lg);
        if (lim.max_seconds > 0 && cli_seconds() - start >= lim.max_seconds) {
            cli_report(file, line, 0, "cut short (time limit) after %d "
                       "steps", steps);
            status = CLI_EXIT_CUT;
            break;
        }
        sudoku_logic_status got = sudoku_logic_step(lg, lr->sv, &st);
        if (got == SUDOKU_LOGIC_SOLVED)
            break;
        if (got == SUDOKU_LOGIC_CUT) {
            cli_report(file, line, 0, "%s", st.text);
            status = CLI_EXIT_CUT;
            break;
        }
        if (got < 0) {
            cli_report(file, line, 0, "%s", st.text);
            status = got == SUDOKU_LOGIC_NOMEM ? CLI_EXIT_SYSTEM
                                               : CLI_EXIT_NONE;
            break;
        }
        steps++;
        used[st.tech]++;
        if ((int)st.tech > hardest)
            hardest = st.tech;
        if (md != RATE) {
            if (out == OUT_JSON)
                json_step(file, line, steps, &st, &s->shape);
            else
                printf("%d. %s\n", steps, st.text);
        }
        if (md == HINT)
            break;
    }
    if (md == EXPLAIN && status == 0 && out == OUT_TEXT)
        printf("solved in %d steps: %s (hardest: %s)\n", steps,
               sudoku_rating_name(hardest < 0 ? SUDOKU_TECH_FULL_HOUSE
                                              : (sudoku_technique)hardest),
               hardest < 0 ? "none, it was full"
                           : sudoku_technique_name(hardest));
    if (md == HINT && steps == 0 && status == 0)
        printf("the grid is full\n");
    if (md == RATE && status == 0) {
        sudoku_technique h = hardest < 0 ? SUDOKU_TECH_FULL_HOUSE
                                         : (sudoku_technique)hardest;
        const char *hk = hardest < 0 ? "none" : sudoku_technique_key(h);
        if (out == OUT_CSV) {
            printf("%s,%d,%s,%s,%d", file, line, sudoku_rating_name(h), hk,
                   steps);
            for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
                printf(",%d", used[t]);
            putchar('\n');
        } else if (out == OUT_JSON) {
            printf("{\"file\":");
            cli_json_string(stdout, file);
            printf(",\"line\":%d,\"rating\":\"%s\",\"hardest\":\"%s\","
                   "\"steps\":%d,\"techniques\":{", line,
                   sudoku_rating_name(h), hk, steps);
            for (int t = 0, first = 1; t < SUDOKU_TECH_COUNT; t++)
                if (used[t]) {
                    printf("%s\"%s\":%d", first ? "" : ",",
                           sudoku_technique_key(t), used[t]);
                    first = 0;
                }
            printf("}}\n");
        } else {
            printf("%s:%d: %s (hardest: %s);", file, line,
                   sudoku_rating_name(h), hardest < 0 ? "none"
                                                      : sudoku_technique_name(h));
            for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
                if (used[t])
                    printf(" %s %d,", sudoku_technique_key(t), used[t]);
            printf(" %d steps\n", steps);
        }
    }
    sudoku_logic_free(lg);
    return status;
}

/* rate --scale solo: Solo's level, the solution proved unique by the
 * engine when the deductions do not finish the puzzle. */
static int run_solo(const sudoku *s, const char *file, int line,
                    logic_run *lr)
{
    const char *refusal = sudoku_solo_refusal(s);
    if (refusal) {
        cli_report(file, line, 0, "--scale solo: %s", refusal);
        return CLI_EXIT_INPUT;
    }
    if (!lr->so && !(lr->so = sudoku_solo_new(SUDOKU_SOLO_MAX_ORDER)))
        return CLI_EXIT_SYSTEM;
    int used[SUDOKU_SOLO_LEVEL_COUNT];
    /* one budget of time for the deductions and the proof after them */
    double start = grid_seconds();
    grid_limits lim = { .max_solutions = 2 };
    lim.max_nodes = lr->search.max_nodes;
    lim.max_seconds = lr->search.timeout;
    sudoku_solo_set_limits(lr->so, &lim);
    int level = sudoku_solo_rate(lr->so, s, SUDOKU_SOLO_UNREASONABLE, used);
    if (level == SUDOKU_ENOMEM)
        return CLI_EXIT_SYSTEM;
    if (level == SUDOKU_ECUT) {
        cli_report(file, line, 0, "cut short in Solo's deductions");
        return CLI_EXIT_CUT;
    }
    if (level == SUDOKU_SOLO_UNREASONABLE || level == SUDOKU_EBAD) {
        if (lim.max_seconds > 0) {
            lim.max_seconds -= grid_seconds() - start;
            if (lim.max_seconds <= 0) {
                cli_report(file, line, 0, "cut short proving the solution "
                           "unique");
                return CLI_EXIT_CUT;
            }
        }
        grid_outcome out;
        if (sudoku_solve_dlx(lr->sv, s, &lim, NULL, &out) == SUDOKU_ENOMEM)
            return CLI_EXIT_SYSTEM;
        if (!out.complete) {
            cli_report(file, line, 0, "cut short proving the solution "
                       "unique");
            return CLI_EXIT_CUT;
        }
        if (out.solutions != 1) {
            cli_report(file, line, 0, "%s: Solo grades puzzles of one "
                       "solution", out.solutions ? "more than one solution"
                                                 : "no solution");
            return CLI_EXIT_NONE;
        }
    }
    const char *name = sudoku_solo_level_name((sudoku_solo_level)level);
    if (lr->out == OUT_CSV) {
        printf("%s,%d,%s", file, line, name);
        for (int l = 0; l < SUDOKU_SOLO_UNREASONABLE; l++)
            printf(",%d", used[l]);
        putchar('\n');
    } else if (lr->out == OUT_JSON) {
        printf("{\"file\":");
        cli_json_string(stdout, file);
        printf(",\"line\":%d,\"rating\":\"%s\",\"scale\":\"solo\","
               "\"deductions\":{", line, name);
        for (int l = 0; l < SUDOKU_SOLO_UNREASONABLE; l++)
            printf("%s\"%s\":%d", l ? "," : "", sudoku_solo_level_names[l],
                   used[l]);
        printf("}}\n");
    } else {
        printf("%s:%d: %s (%s);", file, line, name,
               sudoku_solo_level_words((sudoku_solo_level)level));
        for (int l = 0; l < SUDOKU_SOLO_UNREASONABLE; l++)
            if (used[l])
                printf(" %s %d,", sudoku_solo_level_names[l], used[l]);
        printf(" deductions\n");
    }
    return 0;
}

static void run_one(logic_run *lr, const sudoku *s, const char *shown,
                    int line)
{
    dlx_diag err;
    if (s->shape.N > SUDOKU_LOGIC_MAX_ORDER) {
        cli_report(shown, line, 0, "the logic solver takes orders up to %d",
                   SUDOKU_LOGIC_MAX_ORDER);
        lr->batch.unreadable++;
        cli_batch_note(&lr->batch, CLI_EXIT_INPUT);
        return;
    }
    if (sudoku_check_givens(s, &err) != SUDOKU_OK) {
        cli_report(shown, line, 0, "%s", err.message);
        lr->batch.unreadable++;
        cli_batch_note(&lr->batch, CLI_EXIT_INPUT);
        return;
    }
    /* a variant's solver is made for its units (and, killer, its givens):
     * one a puzzle; plain sudoku shares one per shape, but for an empty
     * grid, whose proof of several solutions takes the hint's order as
     * its solve does (the plain order: none in ten minutes at 64x64) */
    int variant = sudoku_is_variant(s), empty = !variant;
    for (int i = 0; empty && i < s->shape.N * s->shape.N; i++)
        empty = !s->cell[i];
    if (variant || empty || lr->own_solver || !lr->sv ||
        lr->shape.R != s->shape.R || lr->shape.C != s->shape.C) {
        sudoku_solver_free(lr->sv);
        lr->own_solver = variant || empty;
        /* a killer's cage options within the puzzle's time */
        grid_limits lim = { .max_seconds = lr->search.timeout };
        int built = SUDOKU_ENOMEM;
        lr->sv = variant ? sudoku_solver_within(s, &lim, &built)
                 : empty ? sudoku_solver_hinted(s->shape)
                         : sudoku_solver_new(s->shape);
        lr->shape = s->shape;
        if (!lr->sv && built == SUDOKU_ECUT) {
            cli_report(shown, line, 0, "cut short (time limit) while "
                       "building the cages' options");
            cli_batch_note(&lr->batch, CLI_EXIT_CUT);
            return;
        }
        if (!lr->sv) {
            cli_report(shown, line, 0, "out of memory for order %d",
                       s->shape.N);
            cli_batch_note(&lr->batch, CLI_EXIT_SYSTEM);
            return;
        }
    }
    if (lr->md != RATE && lr->out == OUT_TEXT && lr->puzzles > 0)
        putchar('\n');
    if (lr->md != RATE && lr->out == OUT_TEXT &&
        (lr->n_files > 1 || lr->several || lr->batch.inputs > 1))
        printf("%s:%d:\n", shown, line);
    lr->puzzles++;
    if (lr->solo) {
        int st = run_solo(s, shown, line, lr);
        if (st == CLI_EXIT_INPUT)
            lr->batch.unreadable++;
        cli_batch_note(&lr->batch, st);
        return;
    }
    cli_batch_note(&lr->batch, run_puzzle(s, shown, line, lr));
}

/* Runs the puzzle held back, if any. */
static void run_held(logic_run *lr)
{
    if (!lr->holding)
        return;
    lr->holding = 0;
    run_one(lr, &lr->held, lr->held_name, lr->held_line);
    free(lr->held_name);
    lr->held_name = NULL;
}

static void do_puzzle(sudoku_input *in, void *ctx)
{
    logic_run *lr = ctx;
    int labels = lr->md != RATE && lr->out == OUT_TEXT && lr->n_files <= 1;
    if (labels && lr->batch.inputs <= 1 && lr->puzzles == 0 && !lr->holding) {
        lr->held_name = strdup(in->name);
        if (lr->held_name && sudoku_copy(&lr->held, &in->s) == SUDOKU_OK) {
            lr->holding = 1;
            lr->held_line = in->src.line;
            return;
        }
        free(lr->held_name);   /* out of memory: run it unlabelled */
        lr->held_name = NULL;
    }
    if (labels && lr->batch.inputs > 1)
        lr->several = 1;
    run_held(lr);
    run_one(lr, &in->s, in->name, in->src.line);
}

typedef struct logic_args {
    logic_run *lr;
    sudoku_input *in;
} logic_args;

static int own_option(void *ctx, cli_parser *ps, int id)
{
    logic_args *a = ctx;
    logic_run *lr = a->lr;
    int st = sudoku_input_option(ps, id, &a->in->opt), k = 0;
    if (st >= 0)
        return st;
    switch (id) {
    case OPT_METHOD: {
        static const char *const methods[] = { "techniques", "reject",
                                               "reject-list", NULL };
        st = cli_value_choice(ps, methods, &k);
        lr->method = k ? SUDOKU_LOGIC_REJECT_LIST : SUDOKU_LOGIC_TECHNIQUES;
        return st;
    }
    case OPT_CANDIDATES:
        lr->candidates = 1;
        return 0;
    case OPT_SCALE: {
        static const char *const scales[] = { "ours", "solo", NULL };
        if (lr->md != RATE)
            return cli_usage_error(ps->prog, "%s is for sudoku rate",
                                   ps->shown);
        return cli_value_choice(ps, scales, &lr->solo);
    }
    default: { /* OPT_OUTPUT */
        static const char *const text_json[] = { "text", "json", NULL };
        static const char *const all[] = { "text", "json", "csv", NULL };
        st = cli_value_choice(ps, lr->md == RATE ? all : text_json, &k);
        lr->out = (out_kind)k;
        return st;
    }
    }
}

int sudoku_logic_main(int argc, char **argv)
{
    char prog[32];
    snprintf(prog, sizeof prog, "sudoku %s", argv[0]);
    cli_command command = { prog,
                            CLI_USAGE("sudoku explain|hint|rate [OPTION]... "
                                      "[FILE]..."),
                            about, options, NULL,
                            { "done", "some puzzle has no solution (rate "
                              "--scale solo: or more than one)", NULL,
                              "some puzzle or file could not be read", NULL,
                              "some puzzle was cut short by --max-nodes or "
                              "--timeout",
                              "out of memory, or the output could not be "
                              "written" } };
    logic_run lr;
    memset(&lr, 0, sizeof lr);
    lr.md = !strcmp(argv[0], "hint") ? HINT
          : !strcmp(argv[0], "rate") ? RATE : EXPLAIN;
    cli_search_init(&lr.search);
    sudoku_input in;
    memset(&in, 0, sizeof in);
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return CLI_EXIT_SYSTEM;
    logic_args a = { &lr, &in };
    int st = cli_parse(&command, argc, argv, 1, &lr.search, files,
                       &lr.n_files, own_option, &a);
    if (st >= 0) {
        free(files);
        return st;
    }
    if (lr.solo && lr.out == OUT_CSV) {
        printf("file,line,rating");
        for (int l = 0; l < SUDOKU_SOLO_UNREASONABLE; l++)
            printf(",%s", sudoku_solo_level_names[l]);
        putchar('\n');
    } else if (lr.md == RATE && lr.out == OUT_CSV) {
        printf("file,line,rating,hardest,steps");
        for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
            printf(",%s", sudoku_technique_key(t));
        putchar('\n');
    }
    cli_batch_init(&lr.batch, prog);
    in.process = do_puzzle;
    in.ctx = &lr;
    sudoku_init(&in.s);
    sudoku_init(&lr.held);
    cli_batch_files(&lr.batch, files, lr.n_files, &sudoku_reader_of, &in);
    lr.several = lr.batch.inputs > 1;
    run_held(&lr);
    sudoku_release(&lr.held);
    sudoku_release(&in.s);
    sudoku_solver_free(lr.sv);
    sudoku_solo_free(lr.so);
    free(files);
    return cli_exit_worse(lr.batch.status, cli_finish_output(prog));
}
