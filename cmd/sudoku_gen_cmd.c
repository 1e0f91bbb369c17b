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

/* Orders above 16: a uniqueness check that needs more nodes keeps its
 * given, so that 25x25 puzzles take seconds, not hours. */
#define DEFAULT_CHECK_NODES 2000

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

/* How a puzzle of a grade is reached. */
static const char *const reaches[] = { "auto", "steer", "descend", "sample",
                                       NULL };
enum { REACH_AUTO, REACH_STEER, REACH_DESCEND, REACH_SAMPLE, REACH_SOLO };

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
      "(default 4, as Solo; Solo takes no cage of one cell)" },
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

/* The grade the logic solver gives a puzzle, or NULL (order too large). */
static const char *rate_puzzle(const sudoku *p, sudoku_solver *sv)
{
    sudoku_logic *lg = sudoku_logic_new(p, SUDOKU_LOGIC_TECHNIQUES);
    if (!lg)
        return NULL;
    sudoku_step st;
    int hardest = 0, got;
    while ((got = sudoku_logic_step(lg, sv, &st)) == 1)
        if ((int)st.tech > hardest)
            hardest = st.tech;
    sudoku_logic_free(lg);
    return got == 0 ? sudoku_rating_name((sudoku_technique)hardest) : NULL;
}

/* The budget of one puzzle over all its attempts at a grade: what is
 * left of opt's nodes and seconds in *left after `nodes` nodes since
 * `start`; -1 when nothing is left. */
static int attempts_left(const sudoku_gen_options *opt, double start,
                         uint64_t nodes, sudoku_gen_options *left)
{
    *left = *opt;
    if (opt->max_nodes) {
        if (nodes >= opt->max_nodes)
            return -1;
        left->max_nodes = opt->max_nodes - nodes;
    }
    if (opt->max_seconds > 0) {
        left->max_seconds = opt->max_seconds - (cli_seconds() - start);
        if (left->max_seconds <= 0)
            return -1;
    }
    return 0;
}

/* The grade of a puzzle as a number (SUDOKU_GRADE_COUNT when the logic
 * solver cannot say). */
static int grade_of(void *ctx, const sudoku *p)
{
    (void)ctx;
    sudoku_logic *lg = sudoku_logic_new(p, SUDOKU_LOGIC_TECHNIQUES);
    if (!lg)
        return SUDOKU_GRADE_COUNT;
    sudoku_logic_set_techniques(lg, ~(1u << SUDOKU_TECH_GUESS));
    sudoku_step st;
    int hardest = 0, got;
    while ((got = sudoku_logic_step(lg, NULL, &st)) == 1)
        if ((int)st.tech > hardest)
            hardest = st.tech;
    sudoku_logic_free(lg);
    if (got == 2)
        return SUDOKU_GRADE_GUESSING;
    return got == 0 ? (int)sudoku_technique_grade(hardest)
                    : SUDOKU_GRADE_COUNT;
}

/* Steering the clearing: a given may go while the techniques of the
 * grade asked for (and the easier ones) still solve the puzzle without a
 * guess. */
static int within_grade(void *ctx, const sudoku *p, const int *cells, int n)
{
    const uint32_t *allowed = ctx;
    return sudoku_logic_solves(p, *allowed, cells, n) == 1;
}

/* Solo's level of a puzzle (X, jigsaw), its name, or NULL (not unique,
 * no memory). */
static const char *solo_grade(sudoku_solo *so, const sudoku *p)
{
    int level = sudoku_solo_rate(so, p, SUDOKU_SOLO_UNREASONABLE, NULL);
    if (level < 0)
        return NULL;
    return sudoku_solo_level_name((sudoku_solo_level)level);
}

/* Our grade of a plain puzzle, by Solo's deductions when they can say
 * (at once for easy and medium; a bound below the grade wanted is
 * enough), else by the logic solver. */
static const char *rate_quick(sudoku_solo *so, const sudoku *p,
                              sudoku_solver *sv, int wanted)
{
    int exact, bound = sudoku_solo_grade_ours(so, p, &exact);
    if (exact || bound < wanted)
        return sudoku_grade_names[bound];
    return rate_puzzle(p, sv);
}

/* Does Solo's state take this shape? */
static int so_fits(sudoku_shape shape)
{
    return shape.N <= SUDOKU_SOLO_MAX_ORDER;
}

/* What the command line asks for. */
typedef struct gen_args {
    sudoku_read_options box;
    uint64_t count, givens, attempts;
    int with_solution, check_nodes_set, level, reach, solo;
    sudoku_gen_options opt;
    sudoku_layout layout;
    int layout_set;
    sudoku_symbols sym;
    sudoku_gen_variant variant;
    int variant_set;
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
        g->variant_set = 1;
        return parse_variant(ps, &g->variant);
    case OPT_CAGE_SIZE:
        return cli_value_int(ps, 2, SUDOKU_MAX_CAGE_ORDER,
                             &g->variant.max_cage);
    case SUDOKU_OPT_SIZE:
    case SUDOKU_OPT_BOX:
        return sudoku_input_option(ps, id, &g->box);
    case OPT_SYMMETRY:
        st = cli_value_choice(ps, sudoku_symmetry_names, &k);
        g->opt.symmetry = (sudoku_symmetry)k;
        return st;
    case OPT_FILL:
        st = cli_value_choice(ps, sudoku_fill_names, &k);
        g->opt.fill = (sudoku_fill)k;
        return st;
    case OPT_GIVENS:
        return cli_value_count(ps, 1, 10000, &g->givens);
    case OPT_DIFFICULTY:
        return cli_value_choice(ps, difficulties, &g->level);
    case OPT_SCALE:
        return cli_value_choice(ps, scales, &g->solo);
    case OPT_ATTEMPTS:
        return cli_value_count(ps, 1, UINT64_MAX, &g->attempts);
    case OPT_REACH:
        return cli_value_choice(ps, reaches, &g->reach);
    case OPT_CHECK_NODES:
        g->check_nodes_set = 1;
        return cli_value_count(ps, 0, UINT64_MAX, &g->opt.check_nodes);
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

/* --difficulty on the scale of --scale: ours stays in g->level, Solo's
 * level goes to *solo; 0, or a usage error. */
static int solo_difficulty(const gen_args *g, int *solo)
{
    const char *prog = gen_command.prog;
    if (g->solo && g->level < 0)
        return cli_usage_error(prog, "--scale solo is the scale of "
                               "--difficulty, which is not given");
    if (g->level < 0)
        return 0;
    const char *name = difficulties[g->level];
    if (!g->solo)
        return g->level < SUDOKU_GRADE_COUNT ? 0
             : cli_usage_error(prog, "--difficulty %s is a level of --scale "
                               "solo; ours are easy, medium, hard, expert, "
                               "extreme, guessing", name);
    for (int l = 0; l < SUDOKU_SOLO_LEVEL_COUNT; l++)
        if (!strcmp(name, sudoku_solo_level_names[l])) {
            *solo = l;
            break;
        }
    if (*solo < 0)
        return cli_usage_error(prog, "--difficulty %s is a grade of --scale "
                               "ours; Solo's levels are trivial, basic, "
                               "intermediate, advanced, extreme, "
                               "unreasonable", name);
    if (g->reach != REACH_AUTO)
        return cli_usage_error(prog, "--reach is for --scale ours: Solo's "
                               "levels are reached as Solo does");
    if (g->variant_set && g->variant.killer)
        return cli_usage_error(prog, "--scale solo: %s",
                               "Solo grades killer cages on a scale of its "
                               "own, not on these levels");
    return 0;
}

int sudoku_generate_main(int argc, char **argv)
{
    gen_args g = { .box = { .box = { 3, 3, 9 } }, .count = 1,
                   .attempts = 10000, .level = -1,
                   .layout = SUDOKU_LAYOUT_LINE };
    cli_search search;
    cli_search_init(&search);
    int parsed = cli_parse(&gen_command, argc, argv, 1, &search, NULL, NULL,
                           own_option, &g);
    if (parsed >= 0)
        return parsed;
    int solo_level = -1, st0 = solo_difficulty(&g, &solo_level);
    if (st0)
        return st0;
    sudoku_shape shape = g.box.box;
    uint64_t count = g.count, givens = g.givens, attempts = g.attempts;
    int with_solution = g.with_solution, level = g.level;
    sudoku_gen_options opt = g.opt;
    sudoku_layout layout = g.layout;
    sudoku_symbols sym = g.sym;
    const char *difficulty = level >= 0 ? difficulties[level] : NULL;
    uint64_t seed = search.seed, max_nodes = search.max_nodes;
    int stats = search.stats;
    opt.max_seconds = search.timeout;
    opt.max_nodes = max_nodes;
    if (!g.check_nodes_set && shape.N > 16)
        opt.check_nodes = DEFAULT_CHECK_NODES;
    opt.target_givens = (int)givens;
    if ((opt.symmetry == SUDOKU_SYMMETRY_ROT90 ||
         opt.symmetry == SUDOKU_SYMMETRY_DIAGONAL) && shape.R != shape.C)
        return cli_usage_error(gen_command.prog, "--symmetry %s needs square "
                               "boxes, not %dx%d",
                               sudoku_symmetry_name(opt.symmetry), shape.R,
                               shape.C);
    const sudoku_gen_variant *variant = g.variant_set ? &g.variant : NULL;
    if (g.variant.max_cage && !(variant && variant->killer))
        return cli_usage_error(gen_command.prog, "--cage-size is for "
                               "--variant killer");
    if (variant) {
        const char *prog = gen_command.prog;
        /* a variant's grade is reached by sampling: its generator is not
         * steered by a grade (opt.accept) nor descends to one */
        if (difficulty && g.reach == REACH_DESCEND)
            return cli_usage_error(prog, "--reach descend is for plain "
                                   "sudoku; --variant reaches a grade by "
                                   "sampling");
        if (difficulty)
            g.reach = REACH_SAMPLE;
        if (opt.fill != SUDOKU_FILL_DLX)
            return cli_usage_error(prog, "--fill %s makes plain grids; "
                                   "--variant fills with dlx",
                                   sudoku_fill_name(opt.fill));
        if (variant->diagonals && (shape.N == 2 || shape.N == 3))
            return cli_usage_error(prog, "no X sudoku of order %d exists "
                                   "(no Latin square of order 2 or 3 has "
                                   "every digit on both diagonals)", shape.N);
        if (variant->killer &&
            (shape.N < 2 || shape.N > SUDOKU_MAX_CAGE_ORDER))
            return cli_usage_error(prog, "killer cages are made for orders 2 "
                                   "to %d, not %d", SUDOKU_MAX_CAGE_ORDER,
                                   shape.N);
        if (!g.layout_set)
            layout = SUDOKU_LAYOUT_TATHAM;
        if (layout == SUDOKU_LAYOUT_LINE)
            return cli_usage_error(prog, "-o line holds no diagonals, "
                                   "regions or cages: tatham, grid, numbers "
                                   "or json");
    }
    seed = cli_generate_seed(&search, gen_command.prog);
    uint32_t allowed = level >= 0 && !g.solo ? sudoku_grade_techniques(level)
                                             : 0;
    /* our easy is Solo's singles: steered by Solo's deductions, which
     * prove the puzzle unique with no search */
    if (g.reach == REACH_AUTO && level == SUDOKU_GRADE_EASY && !variant &&
        so_fits(shape)) {
        g.reach = REACH_SOLO;
        solo_level = SUDOKU_SOLO_BASIC;
    }
    if (g.reach == REACH_AUTO)
        g.reach = level >= SUDOKU_GRADE_EXPERT ? REACH_SAMPLE : REACH_STEER;
    if (g.solo)
        g.reach = variant ? REACH_SAMPLE : REACH_SOLO;
    if (difficulty && g.reach != REACH_SAMPLE && !g.solo &&
        level != SUDOKU_GRADE_GUESSING) {
        opt.accept = within_grade;
        opt.accept_ctx = &allowed;
    }

    sudoku_solver *sv = sudoku_solver_new(shape);
    sudoku_solo *so = shape.N <= SUDOKU_SOLO_MAX_ORDER
                    ? sudoku_solo_new(shape.N) : NULL;
    sudoku puzzle, solution;
    sudoku_init(&puzzle);
    sudoku_init(&solution);
    if (!sv || (shape.N <= SUDOKU_SOLO_MAX_ORDER && !so)) {
        cli_report(gen_command.prog, 0, 0, "out of memory for order %d",
                   shape.N);
        return CLI_EXIT_SYSTEM;
    }
    cli_progress progress;
    cli_progress_start(&progress);
    int status = 0;
    uint64_t made = 0, failed = 0, not_minimal = 0, total_givens = 0;
    uint64_t total_nodes = 0;
    double start = cli_seconds();
    for (uint64_t k = 0; k < count; k++) {
        uint64_t s = seed + k;
        sudoku_gen_report rep;
        int st, tries = 0, spent = 0;
        const char *grade = NULL;
        double puzzle_start = cli_seconds();
        uint64_t puzzle_nodes = total_nodes;
        sudoku_gen_options left = opt;
        /* with a difficulty, attempt t of puzzle k is seed S+k mixed with
         * t, so that --seed S+k alone makes the same puzzle again; the
         * attempts share the puzzle's budget */
        for (;;) {
            uint64_t attempt_seed = tries ? s ^ (0x9e3779b97f4a7c15ULL *
                                                 (uint64_t)tries) : s;
            /* reaching a grade can take thousands of attempts a puzzle */
            if (tries)
                cli_progress_show(&progress, "puzzle %" PRIu64 " of %"
                                  PRIu64 ": %d attempts", k + 1, count,
                                  tries);
            if (tries && attempts_left(&opt, puzzle_start,
                                       total_nodes - puzzle_nodes,
                                       &left) != 0) {
                st = 0;
                grade = NULL;
                spent = 1;
                break;
            }
            if (difficulty && g.reach >= REACH_DESCEND &&
                g.reach != REACH_SAMPLE) {
                st = g.reach == REACH_SOLO
                          ? sudoku_solo_generate(so, sv, attempt_seed,
                                                   solo_level, &left, &puzzle,
                                                   &solution, &rep)
                            : sudoku_generate_graded(sv, attempt_seed, &left,
                                                     grade_of, sv, level,
                                                     &puzzle, &solution, &rep);
                if (st == 1 && !g.solo) /* Solo's trivial: our easy too */
                    st = 0;
                if (st == 1) { /* this grid does not reach the grade */
                    total_nodes += rep.nodes;
                    if ((uint64_t)++tries < attempts)
                        continue;
                    st = 0;
                    grade = NULL;
                    break;
                }
            } else if (variant) {
                st = sudoku_generate_variant(variant, shape, attempt_seed,
                                             &left, &puzzle, &solution, &rep);
            } else {
                st = sudoku_generate(sv, attempt_seed, &left, &puzzle,
                                     &solution, &rep);
            }
            total_nodes += rep.nodes;
            tries++;
            if (st != 0 || !difficulty)
                break;
            if (variant) {
                /* a guess follows the solution of the variant's units */
                sudoku_solver *vs = sudoku_solver_for(&puzzle);
                grade = !vs ? NULL
                      : g.solo ? solo_grade(so, &puzzle)
                               : rate_puzzle(&puzzle, vs);
                sudoku_solver_free(vs);
            } else {
                grade = g.solo ? solo_grade(so, &puzzle)
                      : so ? rate_quick(so, &puzzle, sv, level)
                           : rate_puzzle(&puzzle, sv);
            }
            if ((grade && !strcmp(grade, difficulty)) ||
                (uint64_t)tries >= attempts)
                break;
        }
        if (st == 0 && difficulty && (!grade || strcmp(grade, difficulty))) {
            failed++;
            status = CLI_EXIT_CUT;
            cli_report(gen_command.prog, 0, 0, "seed %" PRIu64 ": no %s "
                       "puzzle in %d attempts%s", s, difficulty, tries,
                       spent ? " (the budget ran out)" : "");
            continue;
        }
        if (st != 0 && rep.out_of_memory) {
            failed++;
            status = CLI_EXIT_SYSTEM;
            cli_report(gen_command.prog, 0, 0, "seed %" PRIu64 ": out of "
                       "memory", s);
            break;
        }
        if (st != 0) {
            failed++;
            status = CLI_EXIT_CUT;
            cli_report(gen_command.prog, 0, 0, "seed %" PRIu64 ": no grid "
                       "within the budget (%" PRIu64 " nodes, %.3f s)", s,
                       rep.nodes, rep.seconds);
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
            cli_report(gen_command.prog, 0, 0, "seed %" PRIu64 ": budget ran "
                       "out while clearing: %d givens, one solution, not "
                       "proved minimal", s, rep.givens);
        }
        if (layout == SUDOKU_LAYOUT_JSON) {
            printf("{\"seed\":%" PRIu64 ",\"size\":%d,\"box\":\"%dx%d\","
                   "\"fill\":\"%s\",\"symmetry\":\"%s\",\"givens\":%d,"
                   "\"minimal\":%s,\"complete\":%s,\"nodes\":%" PRIu64
                   ",\"checks\":%" PRIu64 ",\"capped\":%" PRIu64
                   ",\"attempts\":%d,\"restarts\":%ld,"
                   "\"seconds\":%.6f,\"puzzle\":\"", s, shape.N, shape.R,
                   shape.C, sudoku_fill_name(opt.fill),
                   sudoku_symmetry_name(opt.symmetry), rep.givens,
                   rep.minimal ? "true" : "false",
                   rep.complete ? "true" : "false", rep.nodes, rep.checks,
                   rep.capped, tries, rep.restarts, rep.seconds);
            write_cells(&puzzle);
            printf("\",\"solution\":\"");
            write_cells(&solution);
            if (variant) {
                char kind[64];
                printf("\",\"variant\":\"%s\",\"id\":\"",
                       sudoku_variant_name(&puzzle, kind, sizeof kind));
                write_id(&puzzle);
            }
            printf("\"}\n");
        } else {
            sudoku_write(stdout, &puzzle, layout, sym);
            if (layout != SUDOKU_LAYOUT_LINE && layout != SUDOKU_LAYOUT_TATHAM)
                putchar('\n');
            if (with_solution) {
                sudoku_write(stdout, &solution, layout, sym);
                if (layout != SUDOKU_LAYOUT_LINE &&
                    layout != SUDOKU_LAYOUT_TATHAM)
                    putchar('\n');
            }
        }
        if (stats)
            fprintf(stderr, "seed %" PRIu64 ": %d givens%s, %" PRIu64
                    " nodes, %" PRIu64 " checks, %ld restarts, %.6f s\n", s,
                    rep.givens, rep.minimal ? " (minimal)" : "", rep.nodes,
                    rep.checks, rep.restarts, rep.seconds);
        cli_progress_made(&progress, k + 1, count);
        if (ferror(stdout))
            break;
    }
    cli_progress_clear(&progress);
    double seconds = cli_seconds() - start;
    if (stats)
        fprintf(stderr, "sudoku generate: %" PRIu64 " puzzles (%" PRIu64
                " not proved minimal, %" PRIu64 " failed), %.2f givens on "
                "average, %" PRIu64 " nodes, %.3f s, %.1f puzzles/s\n", made,
                not_minimal, failed,
                made ? (double)total_givens / (double)made : 0.0, total_nodes,
                seconds, seconds > 0 ? (double)made / seconds : 0.0);
    status = cli_exit_worse(status, cli_finish_output(gen_command.prog));
    sudoku_solver_free(sv);
    sudoku_solo_free(so);
    sudoku_release(&puzzle);
    sudoku_release(&solution);
    return status;
}
