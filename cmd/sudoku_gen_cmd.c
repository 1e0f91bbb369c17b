/*
 * sudoku generate - puzzles with one solution, proved by the counter.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "sudoku_cmd.h"
#include "sudoku_gen.h"
#include "sudoku_grid.h"
#include "sudoku_logic.h"
#include "sudoku_solo.h"
#include "sudoku_solve.h"

enum {
    OPT_COUNT = CLI_OPT_OWN, OPT_SYMMETRY, OPT_FILL, OPT_GIVENS,
    OPT_DIFFICULTY, OPT_ATTEMPTS, OPT_CHECK_NODES, OPT_SOLUTION, OPT_REACH,
    OPT_VARIANT, OPT_CAGE_SIZE, OPT_SCALE
};

/* --difficulty: our grades, then the names only Solo's levels have
 * (--scale says which scale the name is read on) */
static const char *const difficulties[] = {
    "easy", "medium", "hard", "expert", "extreme", "guessing", "trivial",
    "basic", "intermediate", "advanced", "unreasonable", NULL
};
static const char *const scales[] = { "ours", "solo", NULL };

static const cli_option options[] = {
    { OPT_COUNT, 'n', "count", "N", "puzzles to make (default 1)" },
    { SUDOKU_OPT_SIZE, 0, "size", "N", "order (default 9; 6 is 2x3, 12 is "
      "3x4)" },
    { SUDOKU_OPT_BOX, 'b', "box", "RxC", "box shape: R rows by C columns" },
    { OPT_VARIANT, 0, "variant", "V[,V]...", "x (both diagonals are units), "
      "jigsaw (random connected regions instead of the boxes), killer "
      "(random cages with sums; no givens at all when the cages alone "
      "leave one solution), or several joined by commas (jigsaw,killer); "
      "written as Solo IDs unless -o says otherwise" },
    { OPT_CAGE_SIZE, 0, "cage-size", "N", "killer: cages of 2 to N cells "
      "(default 4, as Solo; Solo takes no cage of one cell); cages drawn "
      "with more than 4,000,000 digit tuples in all, which no reader "
      "takes, are refused (exit 4: a smaller N)" },
    { OPT_SYMMETRY, 0, "symmetry", "S", "none (default), rot180, rot90, "
      "mirror (left-right), diagonal (the main diagonal)" },
    { OPT_FILL, 0, "fill", "F", "dlx (default: the engine, randomized; "
      "from 49x49 on, a random walk from the pattern), "
      "blockrow (Ossudo's: cells left to right, a dead end restarts the "
      "band), pattern (Doku_Autocomplete's shifted rows shuffled)" },
    { OPT_DIFFICULTY, 0, "difficulty", "D", "only puzzles the logic solver "
      "grades D: easy, medium, hard, expert, extreme or guessing (sudoku "
      "rate); each puzzle tries up to --attempts grids; minimal then means "
      "no given can go without a second solution or a harder grade" },
    { OPT_ATTEMPTS, 0, "attempts", "N", "grids tried per puzzle for "
      "--difficulty (default 10000)" },
    { OPT_REACH, 0, "reach", "HOW", "how --difficulty is reached: steer "
      "(a given is cleared only while D's techniques still solve the "
      "puzzle; kept when D is not reached), descend (a random minimal puzzle "
      "harder than D gets givens of its solution back until it is D, then "
      "loses those it can within D), sample (clear freely, keep the puzzles "
      "rated D), or auto (default: sample for expert and above, which "
      "many minimal puzzles are; easy steered by Solo's singles, which "
      "prove the puzzle unique without a search; else steer; the fastest "
      "in bench/generate_grades.sh)" },
    { OPT_SCALE, 0, "scale", "S", "the scale of --difficulty: ours (default, "
      "sudoku rate's grades) or solo (Simon Tatham's Solo's levels trivial, "
      "basic, intermediate, advanced, extreme, unreasonable, as sudoku rate "
      "--scale solo grades them): made as Solo makes them, cells cleared "
      "while Solo's deductions up to D still finish the puzzle (unique "
      "without a search; unreasonable: a minimal puzzle they do not "
      "finish), kept when its level is D; X and jigsaw by sampling" },
    { OPT_GIVENS, 0, "givens", "N", "stop clearing at N givens (then not "
      "proved minimal; more remain when no further cell can go)" },
    { OPT_CHECK_NODES, 0, "check-nodes", "N", "a uniqueness check needing "
      "more than N nodes keeps its given: the puzzle stays unique but is not "
      "proved minimal (default: 0, no limit, up to 16x16; 2000 above)" },
    CLI_GENERATE_OPTIONS,
    { SUDOKU_OPT_OUTPUT, 'o', "output", "L", "line (default; tatham for "
      "--variant), grid, numbers, tatham, json (JSON lines: seed, size, box, "
      "givens, minimal, nodes, seconds, puzzle, solution; with --variant "
      "also variant and the puzzle's Solo id)" },
    { SUDOKU_OPT_OUT_SYMBOLS, 0, "out-symbols", "S", "digits, alnum, "
      "letters, hex, numbers" },
    { OPT_SOLUTION, 0, "solution", NULL, "also print the solution after each "
      "puzzle" },
    CLI_OPTION_STATS,
    CLI_OPTION_HELP,
    CLI_END_OPTIONS
};

static const cli_command gen_command = {
    "sudoku generate",

    CLI_USAGE("sudoku generate [-n COUNT] [--size N | --box RxC] [OPTION]..."),
    "Puzzles with exactly one solution: a random complete grid, then cells\n"
    "cleared in random order while the solution counter proves the puzzle\n"
    "still has one solution.  Without --givens the result is minimal: no\n"
    "given (no symmetric group of givens) can go without a second solution.\n"
    "\n"
    "Variants (--variant x, jigsaw, killer, or a comma list such as\n"
    "jigsaw,killer or x,killer): a random grid of the variant from the\n"
    "randomized engine (jigsaw: random connected regions, redrawn until a\n"
    "grid fills them), random connected cages of 2 to 4 cells with distinct\n"
    "digits (killer: no givens when the cages alone leave one solution, else\n"
    "givens added until they do), then the same clearing, proved by counting\n"
    "to 2.  Puzzle k is seed S+k.  With --difficulty, variant puzzles are\n"
    "made and rated (the cage techniques too) until one has the grade\n"
    "(--reach sample; up to --attempts): quick for medium and harder, slow\n"
    "for easy X and jigsaw (few random minimal ones are that easy).\n"
    "Output as Solo IDs (3x3x:..., 9j:..., 3x3k:..., 9jk:...) that sgt-solo\n"
    "opens, or -o grid / numbers with the variant's sections.",
    options,
    "A puzzle whose budget ran out while clearing is printed (it has one\n"
    "solution) and reported as not proved minimal.\n",
    { "every puzzle made", NULL, NULL, NULL, NULL,
      "some budget ran out (puzzles not minimal, or no grid found)",
      "out of memory, or the output could not be written" }
};

static void write_cells(const sudoku *s)
{
    int N = s->shape.N;
    for (int i = 0; i < N * N; i++) {
        if (N <= 35)
            putchar(s->cell[i] ? sudoku_symbol_char(s->cell[i],
                                                    SUDOKU_SYM_ALNUM)
                               : '.');
        else
            printf(i ? ",%d" : "%d", s->cell[i]);
    }
}

/* The puzzle's Solo ID, without its newline (a JSON string: the ID has
 * no quotes or backslashes). */
static void write_id(const sudoku *s)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f)
        return;
    sudoku_write(f, s, SUDOKU_LAYOUT_TATHAM, SUDOKU_SYM_AUTO);
    fclose(f);
    if (text && size > 0 && text[size - 1] == '\n')
        text[--size] = '\0';
    fputs(text ? text : "", stdout);
    free(text);
}

/* What the command line asks for. */
typedef struct gen_args {
    sudoku_read_options box;
    uint64_t count, givens;
    int with_solution;
    int level;                   /* --difficulty: in difficulties[], or -1 */
    sudoku_gen_request rq;
    sudoku_layout layout;
    int layout_set;
    sudoku_symbols sym;
} gen_args;

/* "x", "jigsaw", "killer" joined by commas, into v; 0, or a usage
 * error. */
static int parse_variant(cli_parser *ps, sudoku_gen_variant *v)
{
    const char *p = ps->value;
    int max_cage = v->max_cage;
    memset(v, 0, sizeof *v);
    v->max_cage = max_cage;
    for (;;) {
        size_t n = strcspn(p, ",");
        if (n == 1 && p[0] == 'x')
            v->diagonals = 1;
        else if (n == 6 && !strncmp(p, "jigsaw", 6))
            v->jigsaw = 1;
        else if (n == 6 && !strncmp(p, "killer", 6))
            v->killer = 1;
        else
            return cli_usage_error(ps->prog, "%s: '%.*s' is not a variant "
                                   "(x, jigsaw, killer, or several joined "
                                   "by commas: jigsaw,killer)", ps->shown,
                                   (int)n, p);
        if (!p[n])
            return 0;
        p += n + 1;
    }
}

static int own_option(void *ctx, cli_parser *ps, int id)
{
    gen_args *g = ctx;
    int st = 0, k = 0;
    switch (id) {
    case OPT_COUNT:
        return cli_value_count(ps, 1, UINT64_MAX, &g->count);
    case OPT_VARIANT:
        g->rq.has_variant = 1;
        return parse_variant(ps, &g->rq.variant);
    case OPT_CAGE_SIZE:
        return cli_value_int(ps, 2, SUDOKU_MAX_CAGE_ORDER,
                             &g->rq.variant.max_cage);
    case SUDOKU_OPT_SIZE:
    case SUDOKU_OPT_BOX:
        return sudoku_input_option(ps, id, &g->box);
    case OPT_SYMMETRY:
        st = cli_value_choice(ps, sudoku_symmetry_names, &k);
        g->rq.opt.symmetry = (sudoku_symmetry)k;
        return st;
    case OPT_FILL:
        st = cli_value_choice(ps, sudoku_fill_names, &k);
        g->rq.opt.fill = (sudoku_fill)k;
        return st;
    case OPT_GIVENS:
        return cli_value_count(ps, 1, 10000, &g->givens);
    case OPT_DIFFICULTY:
        return cli_value_choice(ps, difficulties, &g->level);
    case OPT_SCALE:
        return cli_value_choice(ps, scales, &g->rq.solo);
    case OPT_ATTEMPTS:
        return cli_value_count(ps, 1, UINT64_MAX, &g->rq.attempts);
    case OPT_REACH:
        st = cli_value_choice(ps, sudoku_reach_names, &k);
        g->rq.reach = (sudoku_reach)k;
        return st;
    case OPT_CHECK_NODES:
        g->rq.check_nodes_set = 1;
        return cli_value_count(ps, 0, UINT64_MAX, &g->rq.opt.check_nodes);
    case SUDOKU_OPT_OUTPUT:
    case SUDOKU_OPT_OUT_SYMBOLS:
        st = sudoku_output_option(ps, id, &g->layout, &g->sym);
        if (id == SUDOKU_OPT_OUTPUT)
            g->layout_set = 1;
        if (!st && g->layout == SUDOKU_LAYOUT_AUTO)
            return cli_usage_error(ps->prog, "--output: 'same' is the layout "
                                   "a puzzle was read in, and generate reads "
                                   "none (line, grid, numbers, tatham or "
                                   "json)");
        return st;
    default: /* OPT_SOLUTION */
        g->with_solution = 1;
        return 0;
    }
}

/* One puzzle made, in the layout asked for. */
static void write_made(const gen_args *g, uint64_t seed, const sudoku *puzzle,
                       const sudoku *solution, const sudoku_gen_report *rep)
{
    const sudoku_shape *shape = &g->rq.shape;
    const sudoku_gen_options *opt = &g->rq.opt;
    sudoku_layout layout = g->layout;
    if (layout == SUDOKU_LAYOUT_JSON) {
        printf("{\"seed\":%" PRIu64 ",\"size\":%d,\"box\":\"%dx%d\","
               "\"fill\":\"%s\",\"symmetry\":\"%s\",\"givens\":%d,"
               "\"minimal\":%s,\"complete\":%s,\"nodes\":%" PRIu64
               ",\"checks\":%" PRIu64 ",\"capped\":%" PRIu64
               ",\"attempts\":%d,\"restarts\":%ld,"
               "\"seconds\":%.6f,\"puzzle\":\"", seed, shape->N, shape->R,
               shape->C, sudoku_fill_name(opt->fill),
               sudoku_symmetry_name(opt->symmetry), rep->givens,
               rep->minimal ? "true" : "false",
               rep->complete ? "true" : "false", rep->nodes, rep->checks,
               rep->capped, rep->tries, rep->restarts, rep->seconds);
        write_cells(puzzle);
        printf("\",\"solution\":\"");
        write_cells(solution);
        if (g->rq.has_variant) {
            char kind[64];
            printf("\",\"variant\":\"%s\",\"id\":\"",
                   sudoku_variant_name(puzzle, kind, sizeof kind));
            write_id(puzzle);
        }
        printf("\"}\n");
        return;
    }
    sudoku_write(stdout, puzzle, layout, g->sym);
    if (layout != SUDOKU_LAYOUT_LINE && layout != SUDOKU_LAYOUT_TATHAM)
        putchar('\n');
    if (g->with_solution) {
        sudoku_write(stdout, solution, layout, g->sym);
        if (layout != SUDOKU_LAYOUT_LINE && layout != SUDOKU_LAYOUT_TATHAM)
            putchar('\n');
    }
}

/* --difficulty on the scale of --scale into g->rq.grade (ours, or with
 * rq.solo Solo's level); 0, or a usage error. */
static int scale_difficulty(gen_args *g)
{
    const char *prog = gen_command.prog;
    if (g->rq.solo && g->level < 0)
        return cli_usage_error(prog, "--scale solo is the scale of "
                               "--difficulty, which is not given");
    if (g->level < 0)
        return 0;
    const char *name = difficulties[g->level];
    if (!g->rq.solo) {
        g->rq.grade = g->level;
        return g->level < SUDOKU_GRADE_COUNT ? 0
             : cli_usage_error(prog, "--difficulty %s is a level of --scale "
                               "solo; ours are easy, medium, hard, expert, "
                               "extreme, guessing", name);
    }
    for (int l = 0; l < SUDOKU_SOLO_LEVEL_COUNT; l++)
        if (!strcmp(name, sudoku_solo_level_names[l]))
            g->rq.grade = l;
    if (g->rq.grade < 0)
        return cli_usage_error(prog, "--difficulty %s is a grade of --scale "
                               "ours; Solo's levels are trivial, basic, "
                               "intermediate, advanced, extreme, "
                               "unreasonable", name);
    return 0;
}

/* The options into g: -1 when they are good, else the exit status. */
static int read_options(gen_args *g, cli_search *search, int argc,
                        char **argv)
{
    int parsed = cli_parse(&gen_command, argc, argv, 1, search, NULL, NULL,
                           own_option, g);
    if (parsed >= 0)
        return parsed;
    int bad = scale_difficulty(g);
    if (bad)
        return bad;
    sudoku_gen_request *rq = &g->rq;
    rq->shape = g->box.box;
    rq->opt.max_seconds = search->timeout;
    rq->opt.max_nodes = search->max_nodes;
    rq->opt.target_givens = (int)g->givens;
    char why[256];
    if (sudoku_gen_validate(rq, why, sizeof why))
        return cli_usage_error(gen_command.prog, "%s", why);
    if (rq->has_variant) {
        if (!g->layout_set)
            g->layout = SUDOKU_LAYOUT_TATHAM;
        if (g->layout == SUDOKU_LAYOUT_LINE)
            return cli_usage_error(gen_command.prog, "-o line holds no "
                                   "diagonals, regions or cages: tatham, "
                                   "grid, numbers or json");
    }
    return -1;
}

/* The progress line while a puzzle is tried again to reach its grade (a
 * jigsaw at easy can take a minute for three). */
typedef struct retry_line {
    cli_progress *progress;
    uint64_t k, count;
} retry_line;

static void show_retry(void *ctx, int tries)
{
    retry_line *l = ctx;
    cli_progress_show(l->progress, "puzzle %" PRIu64 " of %" PRIu64
                      ": %d attempts", l->k + 1, l->count, tries);
}

int sudoku_generate_main(int argc, char **argv)
{
    gen_args g = { .box = { .box = { 3, 3, 9 } }, .count = 1, .level = -1,
                   .rq = { .attempts = 10000, .grade = -1 },
                   .layout = SUDOKU_LAYOUT_LINE };
    cli_search search;
    cli_search_init(&search);
    int bad = read_options(&g, &search, argc, argv);
    if (bad >= 0)
        return bad;
    const char *prog = gen_command.prog;
    const char *difficulty = g.level >= 0 ? difficulties[g.level] : NULL;
    uint64_t seed = cli_generate_seed(&search, prog);
    cli_progress progress;
    cli_progress_start(&progress);
    retry_line line = { &progress, 0, g.count };
    g.rq.on_retry = show_retry;
    g.rq.retry_ctx = &line;
    sudoku_gen *gen = sudoku_gen_new(&g.rq);
    sudoku puzzle, solution;
    sudoku_init(&puzzle);
    sudoku_init(&solution);
    if (!gen) {
        cli_report(prog, 0, 0, "out of memory for order %d", g.rq.shape.N);
        return CLI_EXIT_SYSTEM;
    }
    int status = 0;
    uint64_t made = 0, failed = 0, not_minimal = 0, total_givens = 0;
    uint64_t total_nodes = 0;
    double start = cli_seconds();
    for (uint64_t k = 0; k < g.count; k++) {
        uint64_t s = seed + k;
        sudoku_gen_report rep;
        line.k = k;
        sudoku_gen_status st = sudoku_gen_puzzle(gen, s, &puzzle, &solution,
                                                 &rep);
        total_nodes += rep.nodes_all_tries;
        if (st == SUDOKU_GEN_NOMEM) {
            failed++;
            status = CLI_EXIT_SYSTEM;
            cli_report(prog, 0, 0, "seed %" PRIu64 ": out of memory", s);
            break;
        }
        if (st == SUDOKU_GEN_TOO_BIG) {
            /* every seed draws cages as large: refused as the readers
             * refuse such a puzzle */
            failed++;
            status = CLI_EXIT_USAGE;
            cli_report(prog, 0, 0, "seed %" PRIu64 ": %s; a smaller "
                       "--cage-size (default 4) makes fewer", s, rep.why);
            break;
        }
        if (st == SUDOKU_GEN_NO_GRADE) {
            failed++;
            status = CLI_EXIT_CUT;
            cli_report(prog, 0, 0, "seed %" PRIu64 ": no %s puzzle in %d "
                       "attempts%s", s, difficulty, rep.tries,
                       rep.spent ? " (the budget ran out)" : "");
            continue;
        }
        if (st != SUDOKU_GEN_MADE) {
            failed++;
            status = CLI_EXIT_CUT;
            cli_report(prog, 0, 0, "seed %" PRIu64 ": no grid within the "
                       "budget (%" PRIu64 " nodes, %.3f s)", s, rep.nodes,
                       rep.seconds);
            continue;
        }
        made++;
        total_givens += (uint64_t)rep.givens;
        /* a target of givens, a capped check or a budget: the puzzle is
         * unique but not proved minimal, and the summary counts it so */
        if (!rep.minimal)
            not_minimal++;
        if (!rep.complete) {
            status = CLI_EXIT_CUT;
            cli_report(prog, 0, 0, "seed %" PRIu64 ": budget ran out while "
                       "clearing: %d givens, one solution, not proved "
                       "minimal", s, rep.givens);
        }
        char why[160];
        if (sudoku_layout_refusal(&puzzle, g.layout, why, sizeof why)) {
            /* known once the cages are made: a 25x25 killer's 150 */
            cli_report(prog, 0, 0, "seed %" PRIu64 ": %s", s, why);
            status = CLI_EXIT_USAGE;
            failed++;
            continue;
        }
        write_made(&g, s, &puzzle, &solution, &rep);
        if (search.stats)
            fprintf(stderr, "seed %" PRIu64 ": %d givens%s, %" PRIu64
                    " nodes, %" PRIu64 " checks, %ld restarts, %.6f s\n", s,
                    rep.givens, rep.minimal ? " (minimal)" : "", rep.nodes,
                    rep.checks, rep.restarts, rep.seconds);
        cli_progress_made(&progress, k + 1, g.count);
        if (ferror(stdout))
            break;
    }
    cli_progress_clear(&progress);
    double seconds = cli_seconds() - start;
    if (search.stats)
        fprintf(stderr, "sudoku generate: %" PRIu64 " puzzles (%" PRIu64
                " not proved minimal, %" PRIu64 " failed), %.2f givens on "
                "average, %" PRIu64 " nodes, %.3f s, %.1f puzzles/s\n", made,
                not_minimal, failed,
                made ? (double)total_givens / (double)made : 0.0, total_nodes,
                seconds, seconds > 0 ? (double)made / seconds : 0.0);
    status = cli_exit_worse(status, cli_finish_output(prog));
    sudoku_gen_free(gen);
    sudoku_release(&puzzle);
    sudoku_release(&solution);
    return status;
}
