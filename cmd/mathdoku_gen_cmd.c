/*
 * mathdoku generate - puzzles with one solution, proved by the engine,
 * in every layout the reader takes.
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
#include "mathdoku.h"
#include "mathdoku_gen.h"
#include "mathdoku_logic.h"
#include "mathdoku_write.h"

int mathdoku_generate_main(int argc, char **argv);

enum {
    OPT_COUNT = CLI_OPT_OWN, OPT_SIZE, OPT_OPS, OPT_MULT_ONLY, OPT_NARY,
    OPT_HIDDEN, OPT_SIZES, OPT_SINGLETONS, OPT_DIFFICULTY, OPT_RATE,
    OPT_ATTEMPTS, OPT_CHECK_NODES, OPT_OUTPUT, OPT_SOLUTION
};

static const cli_option options[] = {
    CLI_GROUP("Puzzles:"),
    { OPT_COUNT, 'n', "count", "N", "puzzles to make (default 1)" },
    { OPT_SIZE, 0, "size", "N", "order, 1 to 32 (default 6)" },
    { OPT_OPS, 0, "ops", "OPS", "operations to use, from + - * / (x for *; "
      "default all four)" },
    { OPT_MULT_ONLY, 0, "mult-only", NULL, "multiplication only (Keen's "
      "'m'): --ops '*'" },
    { OPT_NARY, 0, "nary", NULL, "'-' and '/' may take more than two cells: "
      "the largest minus (divided by the product of) the rest" },
    { OPT_HIDDEN, 0, "hidden", NULL, "every cage shows its target only, with "
      "'?' (any operation that gives it)" },
    { OPT_SIZES, 0, "sizes", "LIST", "weights of cage sizes, SIZE:WEIGHT,... "
      "(sizes 1 to 12; default 2:80,3:16,4:3,5:1, Keen's mix); 1:W puts "
      "givens in the mix" },
    { OPT_SINGLETONS, 0, "singletons", NULL, "givens (one-cell cages) may be "
      "made when nothing else gives one solution (default: none, as in "
      "Keen)" },
    { OPT_DIFFICULTY, 0, "difficulty", "D", "only puzzles of grade D: easy, "
      "normal, hard, extreme or unreasonable (Keen's grades, as 'mathdoku "
      "rate' gives them); each puzzle tries up to --attempts partitions" },
    { OPT_RATE, 0, "rate", NULL, "grade every puzzle (stats, JSON, Keen ID)" },
    CLI_GROUP("Search:"),
    { OPT_ATTEMPTS, 0, "attempts", "N", "partitions tried per puzzle before "
      "giving up (default 10000)" },
    { OPT_CHECK_NODES, 0, "check-nodes", "N", "a uniqueness search that "
      "needs more than N nodes makes the weakest cages stronger instead "
      "(default 5000; 0: no limit)" },
    CLI_GENERATE_OPTIONS,
    CLI_GROUP("Output:"),
    { OPT_OUTPUT, 'o', "output", "L", "letters (default: the cage-letter "
      "grid and its legend), list (11 + A1 A2), numbered (11+ 1,7), keen "
      "(Simon Tatham's Keen IDs, one per line; sgt-keen opens sizes 3 to 9 "
      "without --hidden and --nary), json (JSON lines: seed, size, cages, "
      "grade, nodes, seconds, the puzzle as a Keen ID, the solution)" },
    { OPT_SOLUTION, 0, "solution", NULL, "also print each solution, as '#' "
      "comment lines so that the output still reads as puzzles" },
    CLI_OPTION_STATS,
    CLI_HELP_OPTIONS
};

static const cli_command gen_command = {
    "mathdoku generate",
    CLI_USAGE("mathdoku generate [-n COUNT] [--size N] [OPTION]..."),
    "Mathdoku puzzles with exactly one solution: a random Latin square (the\n"
    "engine, randomized), random connected cages, an operation per cage and\n"
    "targets from the square.  The engine then looks for another solution;\n"
    "while it finds one, a cage where the two differ is changed (another\n"
    "operation, a split, a merge, or a cell moved to a neighbour) so that\n"
    "the other solution breaks it, until the square is the only solution.",
    options, NULL,
    { "every puzzle made", NULL, NULL, NULL, NULL,
      "some puzzle not made within its budget or attempts",
      "out of memory, or the output could not be written" }
};

typedef enum out_kind { OUT_LETTERS, OUT_LIST, OUT_NUMBERED, OUT_KEEN,
                        OUT_JSON } out_kind;


/* The solution as one string: digits up to 9x9, else numbers and commas
 * (as 'mathdoku solve -o json' writes it). */
static void write_solution_line(FILE *f, int N, const int *g)
{
    for (int i = 0; i < N * N; i++)
        fprintf(f, N <= 9 ? "%d" : (i ? ",%d" : "%d"), g[i]);
}

static void write_solution_comment(FILE *f, int N, const int *g)
{
    fprintf(f, "# solution\n");
    for (int r = 0; r < N; r++) {
        fputs("#", f);
        for (int c = 0; c < N; c++)
            fprintf(f, N <= 9 ? (c ? "%d" : " %d") : " %d", g[r * N + c]);
        fputc('\n', f);
    }
}

static const char *ops_string(unsigned ops, char *buf)
{
    int n = 0;
    static const char sym[] = "+-*/";
    for (int b = 0; b < 4; b++)
        if (ops & (1u << b))
            buf[n++] = sym[b];
    buf[n] = '\0';
    return buf;
}

/* What the command line asks for. */
typedef struct gen_args {
    uint64_t count, attempts, size;
    int with_solution, rate, check_nodes_set, out, grade;
    mathdoku_gen_options opt;
} gen_args;

static int own_option(void *ctx, cli_parser *ps, int id)
{
    gen_args *a = ctx;
    static const char *const outputs[] = { "letters", "list", "numbered",
                                           "keen", "json", NULL };
    switch (id) {
    case OPT_COUNT:
        return cli_value_count(ps, 1, UINT64_MAX, &a->count);
    case OPT_SIZE:
        return cli_value_count(ps, 1, MATHDOKU_MAX_N, &a->size);
    case OPT_OPS:
        if (mathdoku_parse_ops(ps->value, &a->opt.ops) != 0)
            return cli_usage_error(gen_command.prog, "--ops: '%s' is not a "
                                   "set of the operations + - * /",
                                   ps->value);
        return 0;
    case OPT_MULT_ONLY:
        a->opt.ops = MATHDOKU_OPS_MUL;
        return 0;
    case OPT_NARY:
        a->opt.nary = 1;
        return 0;
    case OPT_HIDDEN:
        a->opt.hidden = 1;
        return 0;
    case OPT_SIZES:
        if (mathdoku_parse_sizes(ps->value, a->opt.sizes) != 0)
            return cli_usage_error(gen_command.prog, "--sizes: '%s' is not "
                                   "SIZE:WEIGHT,... with sizes 1 to 12 and "
                                   "some weight", ps->value);
        return 0;
    case OPT_SINGLETONS:
        a->opt.singletons = 1;
        return 0;
    case OPT_DIFFICULTY:
        a->grade = mathdoku_parse_grade(ps->value);
        if (a->grade < 0)
            return cli_usage_error(gen_command.prog, "--difficulty: '%s' is "
                                   "not easy, normal, hard, extreme or "
                                   "unreasonable", ps->value);
        return 0;
    case OPT_RATE:
        a->rate = 1;
        return 0;
    case OPT_ATTEMPTS:
        return cli_value_count(ps, 1, 1000000000, &a->attempts);
    case OPT_CHECK_NODES:
        a->check_nodes_set = 1;
        return cli_value_count(ps, 0, UINT64_MAX, &a->opt.check_nodes);
    case OPT_OUTPUT:
        return cli_value_choice(ps, outputs, &a->out);
    default: /* OPT_SOLUTION */
        a->with_solution = 1;
        return 0;
    }
}

/* Why puzzle `seed` was not made. */
static void report_failure(const mathdoku_gen_options *opt, uint64_t s,
                           mathdoku_gen_status st,
                           const mathdoku_gen_report *rep)
{
    if (st == MATHDOKU_GEN_BUDGET)
        cli_report(gen_command.prog, 0, 0, "seed %" PRIu64 ": no "
                   "puzzle within the budget (%" PRIu64 " nodes, "
                   "%.3f s)", s, rep->nodes, rep->seconds);
    else if (opt->difficulty >= 0)
        cli_report(gen_command.prog, 0, 0, "seed %" PRIu64 ": no %s "
                   "puzzle in %d attempts", s,
                   mathdoku_grade_name(opt->difficulty), rep->attempts);
    else
        cli_report(gen_command.prog, 0, 0, "seed %" PRIu64 ": no "
                   "puzzle in %d attempts (these options may allow "
                   "none; --singletons helps)", s, rep->attempts);
}

/* One puzzle made, in the layout asked for (id: its Keen ID); `more`:
 * another follows. */
static void write_made(const gen_args *a, const mathdoku_gen_options *opt,
                       uint64_t s, const mathdoku *p, const int *solution,
                       const mathdoku_gen_report *rep, const char *id,
                       int more)
{
    out_kind out = (out_kind)a->out;
    if (out == OUT_JSON) {
        char ops[8];
        ops_string(opt->ops, ops);
        printf("{\"seed\":%" PRIu64 ",\"size\":%d,\"cages\":%d,"
               "\"givens\":%d,\"ops\":\"%s\",\"nary\":%s,\"hidden\":%s,"
               "\"grade\":", s, opt->N, p->n_cages, rep->givens, ops,
               opt->nary ? "true" : "false",
               opt->hidden ? "true" : "false");
        if (rep->grade >= 0)
            printf("\"%s\"", mathdoku_grade_name(rep->grade));
        else
            printf("null");
        printf(",\"attempts\":%d,\"changes\":%d,\"checks\":%" PRIu64
               ",\"nodes\":%" PRIu64 ",\"seconds\":%.6f,\"puzzle\":",
               rep->attempts, rep->changes, rep->checks, rep->nodes,
               rep->seconds);
        cli_json_string(stdout, id);
        printf(",\"solution\":\"");
        write_solution_line(stdout, opt->N, solution);
        printf("\"}\n");
        return;
    }
    if (out == OUT_KEEN)
        printf("%s\n", id);
    else if (out == OUT_LETTERS)
        mathdoku_write_letters(stdout, p);
    else if (out == OUT_LIST)
        mathdoku_write_list(stdout, p);
    else
        mathdoku_write_numbered(stdout, p);
    if (a->with_solution)
        write_solution_comment(stdout, opt->N, solution);
    if (out != OUT_KEEN && more)
        putchar('\n');
}

int mathdoku_generate_main(int argc, char **argv)
{
    gen_args a = { .count = 1, .attempts = 10000, .size = 6, .grade = -1 };
    mathdoku_gen_defaults(&a.opt, 6);
    cli_search search;
    cli_search_init(&search);
    int parsed = cli_parse(&gen_command, argc, argv, 1, &search, NULL, NULL,
                           own_option, &a);
    if (parsed >= 0)
        return parsed;
    mathdoku_gen_options opt = a.opt;
    uint64_t count = a.count, seed = search.seed;
    int rate = a.rate, stats = search.stats;
    opt.N = (int)a.size;
    opt.attempts = (int)a.attempts;
    opt.difficulty = a.grade;
    opt.max_nodes = search.max_nodes;
    opt.max_seconds = search.timeout;
    if (!a.check_nodes_set) {
        mathdoku_gen_options d;
        mathdoku_gen_defaults(&d, opt.N);
        opt.check_nodes = d.check_nodes;
    }
    const char *why = mathdoku_gen_validate(&opt);
    if (why)
        return cli_usage_error(gen_command.prog, "%s", why);
    if (opt.N < 3 && opt.difficulty > MATHDOKU_GRADE_EASY)
        return cli_usage_error(gen_command.prog, "--difficulty: a %s puzzle "
                               "is always easy", opt.N == 1 ? "1x1" : "2x2");
    seed = cli_generate_seed(&search, gen_command.prog);
    mathdoku_gen *g = mathdoku_gen_new(&opt);
    int *solution = malloc((size_t)opt.N * opt.N * sizeof *solution);
    if (!g || !solution) {
        cli_report(gen_command.prog, 0, 0, "out of memory for order %d",
                   opt.N);
        mathdoku_gen_free(g);
        free(solution);
        return CLI_EXIT_SYSTEM;
    }
    mathdoku_rules rules = mathdoku_gen_rules(g);
    cli_progress progress;
    cli_progress_start(&progress);
    int status = 0;
    uint64_t made = 0, failed = 0, total_nodes = 0, total_cages = 0;
    uint64_t graded[MATHDOKU_GRADE_COUNT] = { 0 };
    double start = cli_seconds();
    for (uint64_t k = 0; k < count; k++) {
        uint64_t s = seed + k;
        mathdoku p;
        mathdoku_gen_report rep;
        mathdoku_gen_status st = mathdoku_gen_puzzle(g, s, &p, solution, &rep);
        total_nodes += rep.nodes;
        if (st == MATHDOKU_GEN_NOMEM) {
            cli_report(gen_command.prog, 0, 0, "out of memory");
            status = CLI_EXIT_SYSTEM;
            break;
        }
        if (st != MATHDOKU_GEN_MADE) {
            failed++;
            status = cli_exit_worse(status, CLI_EXIT_CUT);
            cli_progress_clear(&progress);
            report_failure(&opt, s, st, &rep);
            continue;
        }
        if (rate && rep.grade < 0)
            rep.grade = mathdoku_rate(&p, &rules, solution, NULL);
        made++;
        total_cages += (uint64_t)p.n_cages;
        if (rep.grade >= 0 && rep.grade < MATHDOKU_GRADE_COUNT)
            graded[rep.grade]++;
        char params[4] = "";
        if (rep.grade >= 0)
            snprintf(params, sizeof params, "d%c",
                     mathdoku_grade_letter(rep.grade));
        char *id = mathdoku_keen_id(&p, params);
        if (!id) {
            cli_report(gen_command.prog, 0, 0, "out of memory");
            mathdoku_free(&p);
            status = CLI_EXIT_SYSTEM;
            break;
        }
        write_made(&a, &opt, s, &p, solution, &rep, id, k + 1 < count);
        if (stats) {
            cli_progress_clear(&progress);
            fprintf(stderr, "seed %" PRIu64 ": %d cages (%d givens)%s%s, %d "
                    "attempts, %d changes, %" PRIu64 " checks, %" PRIu64
                    " nodes, %.6f s\n", s, p.n_cages, rep.givens,
                    rep.grade >= 0 ? ", " : "",
                    rep.grade >= 0 ? mathdoku_grade_name(rep.grade) : "",
                    rep.attempts, rep.changes, rep.checks, rep.nodes,
                    rep.seconds);
        }
        free(id);
        mathdoku_free(&p);
        cli_progress_made(&progress, k + 1, count);
        if (ferror(stdout))
            break;
    }
    cli_progress_clear(&progress);
    double seconds = cli_seconds() - start;
    if (stats) {
        fprintf(stderr, "mathdoku generate: %" PRIu64 " puzzles (%" PRIu64
                " failed), %.1f cages on average, %" PRIu64 " nodes, %.3f "
                "s, %.1f puzzles/s", made, failed,
                made ? (double)total_cages / (double)made : 0.0, total_nodes,
                seconds, seconds > 0 ? (double)made / seconds : 0.0);
        for (int gr = 0; gr < MATHDOKU_GRADE_COUNT; gr++)
            if (graded[gr])
                fprintf(stderr, "; %s %" PRIu64, mathdoku_grade_name(gr),
                        graded[gr]);
        fputc('\n', stderr);
    }
    mathdoku_gen_free(g);
    free(solution);
    return cli_exit_worse(status, cli_finish_output(gen_command.prog));
}
