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

#include "dlx_util.h"
#include "sudoku_gen.h"
#include "sudoku_grid.h"
#include "sudoku_logic.h"
#include "sudoku_solve.h"

int sudoku_generate_main(int argc, char **argv);

/* Orders above 16: a uniqueness check that needs more nodes keeps its
 * given, so that 25x25 puzzles take seconds, not hours. */
#define DEFAULT_CHECK_NODES 2000

static const char gen_usage[] =
"Usage: sudoku generate [-n COUNT] [--size N | --box RxC] [OPTION]...\n"
"Puzzles with exactly one solution: a random complete grid, then cells\n"
"cleared in random order while the solution counter proves the puzzle\n"
"still has one solution.  Without --givens the result is minimal: no\n"
"given (no symmetric group of givens) can go without a second solution.\n"
"\n"
"  -n, --count N       puzzles to make (default 1)\n"
"      --size N        order (default 9; 6 is 2x3, 12 is 3x4)\n"
"  -b, --box RxC       box shape: R rows by C columns\n"
"      --symmetry S    none (default), rot180, rot90, mirror (left-right),\n"
"                      diagonal (the main diagonal)\n"
"      --fill F        dlx (default: the engine, randomized), blockrow\n"
"                      (Ossudo's: cells left to right, a dead end restarts\n"
"                      the band), pattern (Doku_Autocomplete's shifted rows\n"
"                      shuffled)\n"
"      --difficulty D  only puzzles the logic solver grades D: easy,\n"
"                      medium, hard, expert or guessing (sudoku rate);\n"
"                      each puzzle tries up to --attempts grids (10000)\n"
"      --givens N      stop clearing at N givens (then not proved minimal;\n"
"                      more remain when no further cell can go)\n"
"      --seed S        puzzle k (from 0) uses seed S+k: the same puzzles on\n"
"                      every run and machine.  Without it a fresh seed is\n"
"                      chosen and printed on stderr\n"
"      --check-nodes N a uniqueness check needing more than N nodes keeps\n"
"                      its given: the puzzle stays unique but is not\n"
"                      proved minimal (default: 0, no limit, up to 16x16;\n"
"                      2000 above)\n"
"      --max-nodes N   budget per puzzle in engine nodes\n"
"      --timeout SEC   budget per puzzle in seconds; a puzzle whose budget\n"
"                      ran out while clearing is printed (it has one\n"
"                      solution) and reported as not minimal\n"
"  -o, --output L      line (default), grid, numbers, tatham, json (JSON\n"
"                      lines: seed, size, box, givens, minimal, nodes,\n"
"                      seconds, puzzle, solution)\n"
"      --out-symbols S digits, alnum, letters, hex, numbers\n"
"      --solution      also print the solution after each puzzle\n"
"  -s, --stats         per puzzle and summary figures on stderr\n"
"\n"
"Exit status: 0 every puzzle made, 4 usage error, 5 some budget ran out\n"
"(puzzles not minimal, or no grid found), 6 write error or no memory.\n";

static int gen_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "sudoku generate: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'sudoku generate --help' for more information.\n");
    return 4;
}

static int parse_count(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

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

int sudoku_generate_main(int argc, char **argv)
{
    sudoku_shape shape = { 3, 3, 9 };
    uint64_t count = 1, seed = 0, max_nodes = 0, givens = 0;
    int have_seed = 0, stats = 0, with_solution = 0, check_nodes_set = 0;
    const char *difficulty = NULL;
    uint64_t attempts = 10000;
    sudoku_gen_options opt = { 0 };
    sudoku_layout layout = SUDOKU_LAYOUT_LINE;
    sudoku_symbols sym = SUDOKU_SYM_AUTO;
    static const char *const with_value[] = {
        "-n", "--count", "--size", "-b", "--box", "--symmetry", "--fill",
        "--givens", "--difficulty", "--attempts", "--seed", "--max-nodes",
        "--check-nodes", "--timeout", "-o", "--output", "--out-symbols",
        NULL };
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
            if (parse_count(val, &count) != 0 || count == 0)
                return gen_usage_error("--count: '%s' is not a positive "
                                       "number", shown);
        } else if (!strcmp(a, "--size")) {
            uint64_t n;
            if (parse_count(val, &n) != 0 || n > SUDOKU_MAX_ORDER ||
                sudoku_default_shape((int)n, &shape) != 0)
                return gen_usage_error("--size: '%s' is not an order from 1 "
                                       "to 100", shown);
        } else if (!strcmp(a, "-b") || !strcmp(a, "--box")) {
            if (!val || sudoku_parse_box(val, &shape) != 0)
                return gen_usage_error("--box: '%s' is not RxC (like 2x3)",
                                       shown);
        } else if (!strcmp(a, "--symmetry")) {
            if (!val || sudoku_parse_symmetry(val, &opt.symmetry) != 0)
                return gen_usage_error("--symmetry: '%s' is not none, rot180, "
                                       "rot90, mirror or diagonal", shown);
        } else if (!strcmp(a, "--fill")) {
            if (!val || sudoku_parse_fill(val, &opt.fill) != 0)
                return gen_usage_error("--fill: '%s' is not dlx, blockrow or "
                                       "pattern", shown);
        } else if (!strcmp(a, "--givens")) {
            if (parse_count(val, &givens) != 0 || givens == 0 ||
                givens > 10000)
                return gen_usage_error("--givens: '%s' is not a positive "
                                       "number of cells", shown);
        } else if (!strcmp(a, "--difficulty")) {
            static const char *const levels[] = { "easy", "medium", "hard",
                                                  "expert", "guessing" };
            difficulty = NULL;
            for (int j = 0; j < 5 && val; j++)
                if (!strcmp(val, levels[j]))
                    difficulty = levels[j];
            if (!difficulty)
                return gen_usage_error("--difficulty: '%s' is not easy, "
                                       "medium, hard, expert or guessing",
                                       shown);
        } else if (!strcmp(a, "--attempts")) {
            if (parse_count(val, &attempts) != 0 || attempts == 0)
                return gen_usage_error("--attempts: '%s' is not a positive "
                                       "number", shown);
        } else if (!strcmp(a, "--seed")) {
            if (parse_count(val, &seed) != 0)
                return gen_usage_error("--seed: '%s' is not a number from 0 "
                                       "to 2^64-1", shown);
            have_seed = 1;
        } else if (!strcmp(a, "--max-nodes")) {
            if (parse_count(val, &max_nodes) != 0 || max_nodes == 0)
                return gen_usage_error("--max-nodes: '%s' is not a positive "
                                       "number", shown);
        } else if (!strcmp(a, "--check-nodes")) {
            if (parse_count(val, &opt.check_nodes) != 0)
                return gen_usage_error("--check-nodes: '%s' is not a number",
                                       shown);
            check_nodes_set = 1;
        } else if (!strcmp(a, "--timeout")) {
            char *end;
            opt.max_seconds = val ? strtod(val, &end) : 0;
            if (!val || *end || !(opt.max_seconds > 0))
                return gen_usage_error("--timeout: '%s' is not a positive "
                                       "number of seconds", shown);
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (!strcmp(val, "line"))
                layout = SUDOKU_LAYOUT_LINE;
            else if (!strcmp(val, "grid"))
                layout = SUDOKU_LAYOUT_GRID;
            else if (!strcmp(val, "numbers"))
                layout = SUDOKU_LAYOUT_NUMBERS;
            else if (!strcmp(val, "tatham"))
                layout = SUDOKU_LAYOUT_TATHAM;
            else if (!strcmp(val, "json"))
                layout = SUDOKU_LAYOUT_JSON;
            else
                return gen_usage_error("--output: '%s' is not line, grid, "
                                       "numbers, tatham or json", val);
        } else if (!strcmp(a, "--out-symbols")) {
            static const char *const names[] = { "digits", "alnum", "letters",
                                                 "hex", "numbers" };
            static const sudoku_symbols sets[] = {
                SUDOKU_SYM_DIGITS, SUDOKU_SYM_ALNUM, SUDOKU_SYM_LETTERS,
                SUDOKU_SYM_HEX, SUDOKU_SYM_NUMBERS };
            int found = 0;
            for (int j = 0; j < 5 && val; j++)
                if (!strcmp(val, names[j])) {
                    sym = sets[j];
                    found = 1;
                }
            if (!found)
                return gen_usage_error("--out-symbols: '%s' is not digits, "
                                       "alnum, letters, hex or numbers",
                                       shown);
        } else if (!strcmp(a, "--solution")) {
            with_solution = 1;
        } else if (!strcmp(a, "-s") || !strcmp(a, "--stats")) {
            stats = 1;
        } else {
            return gen_usage_error("unknown option '%s'", a);
        }
    }
    opt.max_nodes = max_nodes;
    if (!check_nodes_set && shape.N > 16)
        opt.check_nodes = DEFAULT_CHECK_NODES;
    opt.target_givens = (int)givens;
    if (opt.symmetry == SUDOKU_SYM_ROT90 && shape.R != shape.C)
        return gen_usage_error("--symmetry rot90 turns boxes: it needs square "
                               "boxes, not %s", "the ones asked for");
    if (opt.symmetry == SUDOKU_SYM_DIAGONAL && shape.R != shape.C)
        return gen_usage_error("--symmetry diagonal needs square boxes, not "
                               "%s", "the ones asked for");
    if (!have_seed) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = ((uint64_t)ts.tv_sec * 1000000007ULL) ^
               ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)getpid();
        fprintf(stderr, "sudoku generate: seed %" PRIu64 "\n", seed);
    }

    sudoku_solver *sv = sudoku_solver_new(shape);
    sudoku puzzle, solution;
    sudoku_init(&puzzle);
    sudoku_init(&solution);
    if (!sv) {
        fprintf(stderr, "sudoku generate: out of memory for order %d\n",
                shape.N);
        return 6;
    }
    int progress = isatty(2) && count > 1;
    int status = 0;
    uint64_t made = 0, failed = 0, not_minimal = 0, total_givens = 0;
    uint64_t total_nodes = 0;
    double start = dlx_seconds(), last_progress = start;
    for (uint64_t k = 0; k < count; k++) {
        uint64_t s = seed + k;
        sudoku_gen_report rep;
        int st, tries = 0;
        const char *grade = NULL;
        /* with a difficulty, attempt t of puzzle k is seed S+k mixed with
         * t, so that --seed S+k alone makes the same puzzle again */
        for (;;) {
            uint64_t attempt_seed = tries ? s ^ (0x9e3779b97f4a7c15ULL *
                                                 (uint64_t)tries) : s;
            st = sudoku_generate(sv, attempt_seed, &opt, &puzzle, &solution,
                                 &rep);
            total_nodes += rep.nodes;
            tries++;
            if (st != 0 || !difficulty)
                break;
            grade = rate_puzzle(&puzzle, sv);
            if ((grade && !strcmp(grade, difficulty)) ||
                (uint64_t)tries >= attempts)
                break;
        }
        if (st == 0 && difficulty && (!grade || strcmp(grade, difficulty))) {
            failed++;
            status = 5;
            fprintf(stderr, "sudoku generate: seed %" PRIu64 ": no %s puzzle "
                    "in %d attempts\n", s, difficulty, tries);
            continue;
        }
        if (st != 0) {
            failed++;
            status = 5;
            fprintf(stderr, "sudoku generate: seed %" PRIu64 ": no grid "
                    "within the budget (%" PRIu64 " nodes, %.3f s)\n", s,
                    rep.nodes, rep.seconds);
            continue;
        }
        made++;
        total_givens += (uint64_t)rep.givens;
        if (!rep.complete) {
            not_minimal++;
            status = 5;
            fprintf(stderr, "sudoku generate: seed %" PRIu64 ": budget ran "
                    "out while clearing: %d givens, one solution, not "
                    "proved minimal\n", s, rep.givens);
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
    if (stats)
        fprintf(stderr, "sudoku generate: %" PRIu64 " puzzles (%" PRIu64
                " not proved minimal, %" PRIu64 " failed), %.2f givens on "
                "average, %" PRIu64 " nodes, %.3f s, %.1f puzzles/s\n", made,
                not_minimal, failed,
                made ? (double)total_givens / (double)made : 0.0, total_nodes,
                seconds, seconds > 0 ? (double)made / seconds : 0.0);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudoku generate: write error: %s\n",
                strerror(errno ? errno : EIO));
        status = 6;
    }
    sudoku_solver_free(sv);
    sudoku_release(&puzzle);
    sudoku_release(&solution);
    return status;
}
