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

#include "dlx_util.h"
#include "mathdoku.h"
#include "mathdoku_gen.h"
#include "mathdoku_logic.h"
#include "mathdoku_write.h"

int mathdoku_generate_main(int argc, char **argv);

static const char gen_usage[] =
"Usage: mathdoku generate [-n COUNT] [--size N] [OPTION]...\n"
"Mathdoku puzzles with exactly one solution: a random Latin square (the\n"
"engine, randomized), random connected cages, an operation per cage and\n"
"targets from the square.  The engine then looks for another solution;\n"
"while it finds one, a cage where the two differ is changed (another\n"
"operation, a split, a merge, or a cell moved to a neighbour) so that the\n"
"other solution breaks it, until the square is the only solution.\n"
"\n"
"  -n, --count N       puzzles to make (default 1)\n"
"      --size N        order, 1 to 32 (default 6)\n"
"      --ops OPS       operations to use, from + - * / (x for *; default\n"
"                      all four)\n"
"      --mult-only     multiplication only (Keen's 'm'): --ops '*'\n"
"      --nary          '-' and '/' may take more than two cells: the\n"
"                      largest minus (divided by the product of) the rest\n"
"      --hidden        every cage shows its target only, with '?' (any\n"
"                      operation that gives it)\n"
"      --sizes LIST    weights of cage sizes, SIZE:WEIGHT,... (sizes 1 to\n"
"                      12; default 2:80,3:16,4:3,5:1, Keen's mix); 1:W puts\n"
"                      givens in the mix\n"
"      --singletons    givens (one-cell cages) may be made when nothing\n"
"                      else gives one solution (default: none, as in Keen)\n"
"      --difficulty D  only puzzles of grade D: easy, normal, hard,\n"
"                      extreme or unreasonable (Keen's grades, as\n"
"                      'mathdoku rate' gives them); each puzzle tries up to\n"
"                      --attempts partitions (default 10000)\n"
"      --rate          grade every puzzle (stats, JSON, Keen ID)\n"
"      --seed S        puzzle k (from 0) uses seed S+k: the same puzzles on\n"
"                      every run and machine.  Without it a fresh seed is\n"
"                      chosen and printed on stderr\n"
"      --check-nodes N a uniqueness search that needs more than N nodes\n"
"                      makes the weakest cages stronger instead (default\n"
"                      5000; 0: no limit)\n"
"      --max-nodes N   budget per puzzle in engine nodes\n"
"      --timeout SEC   budget per puzzle in seconds\n"
"  -o, --output L      letters (default: the cage-letter grid and its\n"
"                      legend), list (11 + A1 A2), numbered (11+ 1,7), keen\n"
"                      (Simon Tatham's Keen IDs, one per line; sgt-keen\n"
"                      opens sizes 3 to 9 without --hidden and --nary), json\n"
"                      (JSON lines: seed, size, cages, grade, nodes,\n"
"                      seconds, the puzzle as a Keen ID, the solution)\n"
"      --solution      also print each solution, as '#' comment lines so\n"
"                      that the output still reads as puzzles\n"
"  -s, --stats         per puzzle and summary figures on stderr\n"
"\n"
"Exit status: 0 every puzzle made, 4 usage error, 5 some puzzle not made\n"
"within its budget or attempts, 6 write error or no memory.\n";

typedef enum out_kind { OUT_LETTERS, OUT_LIST, OUT_NUMBERED, OUT_KEEN,
                        OUT_JSON } out_kind;

static int gen_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "mathdoku generate: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'mathdoku generate --help' for more "
            "information.\n");
    return 4;
}

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

int mathdoku_generate_main(int argc, char **argv)
{
    uint64_t count = 1, seed = 0, attempts = 10000, n_size = 6;
    int have_seed = 0, stats = 0, with_solution = 0, rate = 0;
    int check_nodes_set = 0;
    out_kind out = OUT_LETTERS;
    mathdoku_gen_options opt;
    mathdoku_gen_defaults(&opt, 6);
    static const char *const with_value[] = {
        "-n", "--count", "--size", "--ops", "--sizes", "--difficulty",
        "--attempts", "--seed", "--check-nodes", "--max-nodes", "--timeout",
        "-o", "--output", NULL };
    for (int k = 1; k < argc; k++) {
        dlx_arg arg;
        int bad = dlx_next_arg(argc, argv, &k, with_value, &arg);
        if (bad)
            return gen_usage_error(dlx_arg_error(bad), argv[k]);
        const char *a = arg.name, *val = arg.value;
        const char *shown = val ? val : "";
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(gen_usage, stdout);
            return 0;
        } else if (!strcmp(a, "-n") || !strcmp(a, "--count")) {
            if (!dlx_parse_u64(val, &count) || count == 0)
                return gen_usage_error("--count: '%s' is not a positive "
                                       "number", shown);
        } else if (!strcmp(a, "--size")) {
            if (!dlx_parse_u64(val, &n_size) || n_size < 1 ||
                n_size > MATHDOKU_MAX_N)
                return gen_usage_error("--size: '%s' is not an order from 1 "
                                       "to 32", shown);
        } else if (!strcmp(a, "--ops")) {
            if (!val || mathdoku_parse_ops(val, &opt.ops) != 0)
                return gen_usage_error("--ops: '%s' is not a set of the "
                                       "operations + - * /", shown);
        } else if (!strcmp(a, "--mult-only")) {
            opt.ops = MD_OPS_MUL;
        } else if (!strcmp(a, "--nary")) {
            opt.nary = 1;
        } else if (!strcmp(a, "--hidden")) {
            opt.hidden = 1;
        } else if (!strcmp(a, "--sizes")) {
            if (!val || mathdoku_parse_sizes(val, opt.sizes) != 0)
                return gen_usage_error("--sizes: '%s' is not SIZE:WEIGHT,... "
                                       "with sizes 1 to 12 and some weight",
                                       shown);
        } else if (!strcmp(a, "--singletons")) {
            opt.singletons = 1;
        } else if (!strcmp(a, "--difficulty")) {
            opt.difficulty = val ? mathdoku_parse_grade(val) : -1;
            if (opt.difficulty < 0)
                return gen_usage_error("--difficulty: '%s' is not easy, "
                                       "normal, hard, extreme or "
                                       "unreasonable", shown);
        } else if (!strcmp(a, "--rate")) {
            rate = 1;
        } else if (!strcmp(a, "--attempts")) {
            if (!dlx_parse_u64(val, &attempts) || attempts == 0 ||
                attempts > 1000000000)
                return gen_usage_error("--attempts: '%s' is not a positive "
                                       "number", shown);
        } else if (!strcmp(a, "--seed")) {
            if (!dlx_parse_u64(val, &seed))
                return gen_usage_error("--seed: '%s' is not a number from 0 "
                                       "to 2^64-1", shown);
            have_seed = 1;
        } else if (!strcmp(a, "--check-nodes")) {
            if (!dlx_parse_u64(val, &opt.check_nodes))
                return gen_usage_error("--check-nodes: '%s' is not a number",
                                       shown);
            check_nodes_set = 1;
        } else if (!strcmp(a, "--max-nodes")) {
            if (!dlx_parse_u64(val, &opt.max_nodes) || opt.max_nodes == 0)
                return gen_usage_error("--max-nodes: '%s' is not a positive "
                                       "number", shown);
        } else if (!strcmp(a, "--timeout")) {
            char *end;
            opt.max_seconds = val ? strtod(val, &end) : 0;
            if (!val || *end || !(opt.max_seconds > 0))
                return gen_usage_error("--timeout: '%s' is not a positive "
                                       "number of seconds", shown);
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            static const char *const names[] = { "letters", "list",
                                                 "numbered", "keen", "json",
                                                 NULL };
            int j = 0;
            while (names[j] && strcmp(shown, names[j]))
                j++;
            if (!names[j])
                return gen_usage_error("--output: '%s' is not letters, list, "
                                       "numbered, keen or json", shown);
            out = (out_kind)j;
        } else if (!strcmp(a, "--solution")) {
            with_solution = 1;
        } else if (!strcmp(a, "-s") || !strcmp(a, "--stats")) {
            stats = 1;
        } else {
            return gen_usage_error("unknown option '%s'", a);
        }
    }
    opt.N = (int)n_size;
    opt.attempts = (int)attempts;
    if (!check_nodes_set) {
        mathdoku_gen_options d;
        mathdoku_gen_defaults(&d, opt.N);
        opt.check_nodes = d.check_nodes;
    }
    const char *why = mathdoku_gen_validate(&opt);
    if (why)
        return gen_usage_error("%s", why);
    if (opt.N < 3 && opt.difficulty > MD_GRADE_EASY)
        return gen_usage_error("--difficulty: a %s puzzle is always easy",
                               opt.N == 1 ? "1x1" : "2x2");
    if (!have_seed) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = ((uint64_t)ts.tv_sec * 1000000007ULL) ^
               ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)getpid();
        fprintf(stderr, "mathdoku generate: seed %" PRIu64 "\n", seed);
    }
    mathdoku_gen *g = mathdoku_gen_new(&opt);
    int *solution = malloc((size_t)opt.N * opt.N * sizeof *solution);
    if (!g || !solution) {
        fprintf(stderr, "mathdoku generate: out of memory for order %d\n",
                opt.N);
        mathdoku_gen_free(g);
        free(solution);
        return 6;
    }
    mathdoku_rules rules = mathdoku_gen_rules(g);
    int progress = isatty(2) && count > 1 && !stats;
    int status = 0;
    uint64_t made = 0, failed = 0, total_nodes = 0, total_cages = 0;
    uint64_t graded[MD_GRADE_COUNT] = { 0 };
    char ops[8];
    ops_string(opt.ops, ops);
    double start = dlx_seconds(), last_progress = start;
    for (uint64_t k = 0; k < count; k++) {
        uint64_t s = seed + k;
        mathdoku p;
        mathdoku_gen_report rep;
        int st = mathdoku_gen_puzzle(g, s, &p, solution, &rep);
        total_nodes += rep.nodes;
        if (st < 0) {
            fprintf(stderr, "mathdoku generate: out of memory\n");
            status = 6;
            break;
        }
        if (st > 0) {
            failed++;
            status = 5;
            int spent = (opt.max_nodes && rep.nodes >= opt.max_nodes) ||
                        (opt.max_seconds > 0 &&
                         rep.seconds >= opt.max_seconds);
            if (spent)
                fprintf(stderr, "mathdoku generate: seed %" PRIu64 ": no "
                        "puzzle within the budget (%" PRIu64 " nodes, %.3f "
                        "s)\n", s, rep.nodes, rep.seconds);
            else if (opt.difficulty >= 0)
                fprintf(stderr, "mathdoku generate: seed %" PRIu64 ": no %s "
                        "puzzle in %d attempts\n", s,
                        mathdoku_grade_name(opt.difficulty), rep.attempts);
            else
                fprintf(stderr, "mathdoku generate: seed %" PRIu64 ": no "
                        "puzzle in %d attempts (these options may allow "
                        "none; --singletons helps)\n", s, rep.attempts);
            continue;
        }
        if (rate && rep.grade < 0)
            rep.grade = mathdoku_rate(&p, &rules, solution, NULL);
        made++;
        total_cages += (uint64_t)p.n_cages;
        if (rep.grade >= 0 && rep.grade < MD_GRADE_COUNT)
            graded[rep.grade]++;
        char params[4] = "";
        if (rep.grade >= 0)
            snprintf(params, sizeof params, "d%c",
                     mathdoku_grade_letter(rep.grade));
        char *id = mathdoku_keen_id(&p, params);
        if (!id) {
            fprintf(stderr, "mathdoku generate: out of memory\n");
            mathdoku_free(&p);
            status = 6;
            break;
        }
        if (out == OUT_JSON) {
            printf("{\"seed\":%" PRIu64 ",\"size\":%d,\"cages\":%d,"
                   "\"givens\":%d,\"ops\":\"%s\",\"nary\":%s,\"hidden\":%s,"
                   "\"grade\":", s, opt.N, p.n_cages, rep.givens, ops,
                   opt.nary ? "true" : "false",
                   opt.hidden ? "true" : "false");
            if (rep.grade >= 0)
                printf("\"%s\"", mathdoku_grade_name(rep.grade));
            else
                printf("null");
            printf(",\"attempts\":%d,\"changes\":%d,\"checks\":%" PRIu64
                   ",\"nodes\":%" PRIu64 ",\"seconds\":%.6f,\"puzzle\":",
                   rep.attempts, rep.changes, rep.checks, rep.nodes,
                   rep.seconds);
            dlx_json_string(stdout, id);
            printf(",\"solution\":\"");
            write_solution_line(stdout, opt.N, solution);
            printf("\"}\n");
        } else {
            if (out == OUT_KEEN)
                printf("%s\n", id);
            else if (out == OUT_LETTERS)
                mathdoku_write_letters(stdout, &p);
            else if (out == OUT_LIST)
                mathdoku_write_list(stdout, &p);
            else
                mathdoku_write_numbered(stdout, &p);
            if (with_solution)
                write_solution_comment(stdout, opt.N, solution);
            if (out != OUT_KEEN && k + 1 < count)
                putchar('\n');
        }
        if (stats)
            fprintf(stderr, "seed %" PRIu64 ": %d cages (%d givens)%s%s, %d "
                    "attempts, %d changes, %" PRIu64 " checks, %" PRIu64
                    " nodes, %.6f s\n", s, p.n_cages, rep.givens,
                    rep.grade >= 0 ? ", " : "",
                    rep.grade >= 0 ? mathdoku_grade_name(rep.grade) : "",
                    rep.attempts, rep.changes, rep.checks, rep.nodes,
                    rep.seconds);
        free(id);
        mathdoku_free(&p);
        double now = dlx_seconds();
        if (progress && now - last_progress > 0.5) {
            fprintf(stderr, "\r%" PRIu64 " of %" PRIu64 " puzzles, %.0f/s ",
                    k + 1, count, (double)(k + 1) / (now - start));
            last_progress = now;
        }
        if (ferror(stdout))
            break;
    }
    if (progress)
        fprintf(stderr, "\r%60s\r", "");
    double seconds = dlx_seconds() - start;
    if (stats) {
        fprintf(stderr, "mathdoku generate: %" PRIu64 " puzzles (%" PRIu64
                " failed), %.1f cages on average, %" PRIu64 " nodes, %.3f "
                "s, %.1f puzzles/s", made, failed,
                made ? (double)total_cages / (double)made : 0.0, total_nodes,
                seconds, seconds > 0 ? (double)made / seconds : 0.0);
        for (int gr = 0; gr < MD_GRADE_COUNT; gr++)
            if (graded[gr])
                fprintf(stderr, "; %s %" PRIu64, mathdoku_grade_name(gr),
                        graded[gr]);
        fputc('\n', stderr);
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "mathdoku generate: write error: %s\n",
                strerror(errno ? errno : EIO));
        status = 6;
    }
    mathdoku_gen_free(g);
    free(solution);
    return status;
}
