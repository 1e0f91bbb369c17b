/*
 * mathdoku - solve, count, check and encode Mathdoku (KenKen) puzzles.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_util.h"
#include "mathdoku.h"

static const char usage_text[] =
"Usage: mathdoku COMMAND [OPTION]... [FILE]...\n"
"Mathdoku (KenKen) of size 1 to 32 with Dancing Links: every cage is an\n"
"item, every tuple of digits that meets its clue an option.\n"
"\n"
"Commands:\n"
"  solve     print each puzzle's solution; say when it has none or several\n"
"  count     print each puzzle's number of solutions (--limit N to stop)\n"
"  check     with --solution S: are the grids of S (one per line, N*N\n"
"            digits, or N*N numbers) the puzzles' solutions, in order?\n"
"  encode    print the puzzle's exact cover in Knuth's format, for dlx\n"
"  generate  make puzzles with one solution (mathdoku generate --help)\n"
"  explain, hint, rate  solve as a person does, step by step, and grade\n"
"            as Simon Tatham's Keen does (mathdoku explain --help)\n"
"\n"
"Input (several puzzles per file, blank lines between them, # comments):\n"
"  -f, --format F   auto (default), letters (a grid of cage labels, a blank\n"
"                   line, then 'label target op' per cage), list (a line N,\n"
"                   then 'target op cells': 11 + A1 A2, or 11+ 1,7 with\n"
"                   cells numbered 1..N*N), keen (Simon Tatham's Keen IDs)\n"
"                   Operations: + - * x X (U+00D7) / (U+00F7), '=' or none\n"
"                   for a given, '?' for a hidden operation (any of them)\n"
"      --nary       '-' and '/' cages may have more than two cells: the\n"
"                   largest minus (divided by the product of) the rest\n"
"Output:\n"
"  -o, --output L   grid (default: N rows), line (N*N digits), json\n"
"Search:\n"
"  -m, --method M   dlx (default) or dfs: the naive search (cells in\n"
"                   row-major order, digits in order, a cage checked when\n"
"                   its last cell is filled)\n"
"  -l, --limit N    count: stop at N solutions (2: is it unique?)\n"
"  -j, --threads N  count: each puzzle on N threads\n"
"      --max-nodes N, --timeout SEC  cut each search short (exit 5)\n"
"  -s, --stats      options, nodes and time per puzzle on stderr\n"
"  -t, --trace      the search in mathdoku words\n"
"  -h, --help       this text\n"
"\n"
"An option's value follows it (--limit 2) or is joined to it (--limit=2).\n"
"Errors: file:line:col: message; the other puzzles are still processed.\n"
"Exit status (when several apply, the first in this order: 3, 5, 1, 2, 0):\n"
"  0 every puzzle solved with one solution (count, encode: done; check:\n"
"    every grid right), 1 some puzzle has no solution (check: some grid is\n"
"    wrong), 2 solve: some puzzle has several solutions (the first is\n"
"    printed), 3 some puzzle or file could not be read (or held none),\n"
"  4 usage error, 5 some search was cut short, 6 out of memory or output\n"
"  not written\n";

enum { EXIT_NONE = 1, EXIT_SEVERAL = 2, EXIT_INPUT = 3, EXIT_USAGE = 4,
       EXIT_CUT = 5, EXIT_SYSTEM = 6 };
typedef enum command { CMD_SOLVE, CMD_COUNT, CMD_CHECK, CMD_ENCODE } command;
typedef enum out_kind { OUT_GRID, OUT_LINE, OUT_JSON } out_kind;

typedef struct options {
    command cmd;
    mathdoku_layout layout;
    mathdoku_rules rules;
    out_kind out;
    int dfs, stats, trace, threads;
    uint64_t limit, max_nodes;
    double timeout;
    const char *solutions;
    const char **files;
    int n_files;
} options;

typedef struct tally {
    uint64_t puzzles, unique, none, several, errors, cut, nodes;
    int worst;
} tally;

static int rank_of(int status)
{
    static const int rank[] = { 0, 2, 1, 5, 4, 4, 3 };
    return status >= 0 && status <= 6 ? rank[status] : 0;
}

static void note(tally *t, int status)
{
    if (rank_of(status) > rank_of(t->worst))
        t->worst = status;
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "mathdoku: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'mathdoku --help' for more information.\n");
    return EXIT_USAGE;
}

static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    const char *cmd = argv[1];
    if (!strcmp(cmd, "solve"))
        o->cmd = CMD_SOLVE;
    else if (!strcmp(cmd, "count"))
        o->cmd = CMD_COUNT;
    else if (!strcmp(cmd, "check"))
        o->cmd = CMD_CHECK;
    else if (!strcmp(cmd, "encode"))
        o->cmd = CMD_ENCODE;
    else
        return usage_error("unknown command '%s'", cmd);
    o->files = calloc((size_t)argc, sizeof *o->files);
    if (!o->files)
        return EXIT_SYSTEM;
    static const char *const with_value[] = {
        "-f", "--format", "-o", "--output", "-m", "--method", "-l",
        "--limit", "--max-nodes", "--timeout", "--solution", "-j",
        "--threads", NULL };
    for (int k = 2; k < argc; k++) {
        dlx_arg arg;
        int bad = dlx_next_arg(argc, argv, &k, with_value, &arg);
        if (bad)
            return usage_error(dlx_arg_error(bad), argv[k]);
        const char *a = arg.name, *val = arg.value;
        const char *shown = val ? val : "";
        if (!strcmp(a, "-f") || !strcmp(a, "--format")) {
            if (val && !strcmp(val, "auto"))
                o->layout = MD_LAYOUT_AUTO;
            else if (val && !strcmp(val, "letters"))
                o->layout = MD_LAYOUT_LETTERS;
            else if (val && !strcmp(val, "list"))
                o->layout = MD_LAYOUT_LIST;
            else if (val && !strcmp(val, "keen"))
                o->layout = MD_LAYOUT_KEEN;
            else
                return usage_error("--format: '%s' is not auto, letters, list "
                                   "or keen", shown);
        } else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (val && !strcmp(val, "grid"))
                o->out = OUT_GRID;
            else if (val && !strcmp(val, "line"))
                o->out = OUT_LINE;
            else if (val && !strcmp(val, "json"))
                o->out = OUT_JSON;
            else
                return usage_error("--output: '%s' is not grid, line or json",
                                   shown);
        } else if (!strcmp(a, "-m") || !strcmp(a, "--method")) {
            if (val && !strcmp(val, "dlx"))
                o->dfs = 0;
            else if (val && !strcmp(val, "dfs"))
                o->dfs = 1;
            else
                return usage_error("--method: '%s' is not dlx or dfs", shown);
        } else if (!strcmp(a, "-l") || !strcmp(a, "--limit")) {
            if (!dlx_parse_u64(val, &o->limit) || o->limit == 0)
                return usage_error("--limit: '%s' is not a positive number",
                                   shown);
        } else if (!strcmp(a, "--max-nodes")) {
            if (!dlx_parse_u64(val, &o->max_nodes) || o->max_nodes == 0)
                return usage_error("--max-nodes: '%s' is not a positive "
                                   "number", shown);
        } else if (!strcmp(a, "--timeout")) {
            char *end;
            o->timeout = val ? strtod(val, &end) : 0;
            if (!val || *end || !(o->timeout > 0))
                return usage_error("--timeout: '%s' is not a positive number "
                                   "of seconds", shown);
        } else if (!strcmp(a, "--solution")) {
            o->solutions = val;
        } else if (!strcmp(a, "-j") || !strcmp(a, "--threads")) {
            uint64_t n;
            if (!dlx_parse_u64(val, &n) || n < 1 || n > 1024)
                return usage_error("--threads: '%s' is not a number from 1 "
                                   "to 1024", shown);
            o->threads = (int)n;
        } else if (!strcmp(a, "--nary")) {
            o->rules.nary = 1;
        } else if (!strcmp(a, "-s") || !strcmp(a, "--stats")) {
            o->stats = 1;
        } else if (!strcmp(a, "-t") || !strcmp(a, "--trace")) {
            o->trace = 1;
        } else if (a[0] == '-' && a[1]) {
            return usage_error("unknown option '%s'", a);
        } else {
            o->files[o->n_files++] = a;
        }
    }
    if (o->threads > 1 && (o->cmd != CMD_COUNT || o->dfs || o->trace))
        return usage_error("%s", "--threads is for 'mathdoku count' with "
                           "--method dlx and no --trace");
    if (o->cmd == CMD_CHECK && !o->solutions)
        return usage_error("%s", "check needs --solution FILE");
    if (o->n_files == 0)
        o->files[o->n_files++] = "-";
    return -1;
}

static void write_grid(const options *o, int N, const int *g)
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
    putchar('\n');
}

static void print_step(void *ctx, const char *text, int level)
{
    (void)ctx;
    printf("%*s%s\n", 2 * (level < 0 ? 0 : level), "", text);
}

/* Reads the next grid of the --solution file: N*N digits or numbers. */
static int next_grid(FILE *f, int N, int *g, int *lineno)
{
    char *line = NULL;
    size_t cap = 0;
    int status = 0;
    while (getline(&line, &cap, f) >= 0) {
        ++*lineno;
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\n' || *p == '#' || !*p)
            continue;
        int n = 0;
        if (!strpbrk(p, " \t,/") && N <= 9) {
            for (; *p >= '1' && *p <= '9' && n < N * N; p++)
                g[n++] = *p - '0';
        } else {
            char *end;
            for (;;) {
                while (*p == ' ' || *p == '\t' || *p == ',' || *p == '/')
                    p++;
                long v = strtol(p, &end, 10);
                if (end == p || n >= N * N)
                    break;
                g[n++] = (int)v;
                p = end;
            }
        }
        while (*p == '\n' || *p == '\r' || *p == ' ')
            p++;
        status = n == N * N && !*p ? 1 : -1;
        break;
    }
    free(line);
    return status;
}

static void do_puzzle(const options *o, tally *t, mathdoku *p,
                      const char *file, int line, FILE *sol_file,
                      int *sol_line)
{
    int N = p->N;
    mathdoku_error err;
    t->puzzles++;
    if (o->cmd == CMD_CHECK) {
        int *g = malloc((size_t)N * N * sizeof *g);
        char why[256];
        int got = g ? next_grid(sol_file, N, g, sol_line) : -1;
        if (got <= 0) {
            fprintf(stderr, "%s:%d: %s\n", o->solutions, *sol_line,
                    got == 0 ? "no grid for this puzzle"
                             : "expected a grid of N*N digits");
            t->errors++;
            note(t, EXIT_INPUT);
        } else if (mathdoku_check(p, &o->rules, g, why, sizeof why) != 0) {
            printf("wrong: %s\n", why);
            t->none++;
            note(t, EXIT_NONE);
        } else {
            printf("right\n");
            t->unique++;
        }
        free(g);
        return;
    }
    mathdoku_solver *sv = NULL;
    double build = dlx_seconds();
    if (!o->dfs || o->cmd == CMD_ENCODE) {
        sv = mathdoku_solver_new(p, &o->rules, &err);
        if (!sv) {
            if (err.col)
                fprintf(stderr, "%s:%d:%d: %s\n", file, err.line, err.col,
                        err.message);
            else
                fprintf(stderr, "%s:%d: %s\n", file, err.line, err.message);
            if (o->out == OUT_JSON)
                dlx_json_error(stdout, file, err.line, err.message);
            t->errors++;
            note(t, EXIT_INPUT);
            return;
        }
    }
    if (o->cmd == CMD_ENCODE) {
        if (t->puzzles > 1) {
            fprintf(stderr, "%s:%d: encode writes one puzzle, and this is "
                    "another\n", file, line);
            t->errors++;
            note(t, EXIT_INPUT);
        } else if (mathdoku_write_dlx(stdout, sv) != 0) {
            note(t, EXIT_SYSTEM);
        }
        mathdoku_solver_free(sv);
        return;
    }
    build = dlx_seconds() - build;
    mathdoku_limits lim = { 0 };
    lim.max_solutions = o->cmd == CMD_SOLVE ? 2 : o->limit;
    lim.max_nodes = o->max_nodes;
    lim.max_seconds = o->timeout;
    if (o->trace)
        lim.on_step = print_step;
    int *g = calloc((size_t)N * N, sizeof *g);
    mathdoku_outcome out;
    int st = !g ? -1
           : o->dfs ? mathdoku_solve_dfs(p, &o->rules, &lim, g, &out)
           : o->threads > 1 ? mathdoku_count_threads(sv, o->threads, &lim,
                                                     &out)
                            : mathdoku_solve_dlx(sv, &lim, g, &out);
    if (st != 0) {
        fprintf(stderr, "%s:%d: out of memory\n", file, line);
        note(t, EXIT_SYSTEM);
        free(g);
        mathdoku_solver_free(sv);
        return;
    }
    t->nodes += out.nodes;
    out.seconds += build; /* the time includes building the exact cover */
    const char *status;
    if (!out.complete && (o->cmd == CMD_COUNT || out.solutions < 2)) {
        status = "cut short";
        t->cut++;
        note(t, EXIT_CUT);
        fprintf(stderr, "%s:%d: search cut short (%s) after %" PRIu64
                " nodes, %" PRIu64 " solutions found\n", file, line,
                o->max_nodes && out.nodes >= o->max_nodes ? "node limit"
                                                          : "time limit",
                out.nodes, out.solutions);
    } else if (out.solutions == 0) {
        status = "none";
        t->none++;
        note(t, EXIT_NONE);
        if (o->cmd == CMD_SOLVE)
            fprintf(stderr, "%s:%d: no solution\n", file, line);
    } else if (out.solutions == 1) {
        status = "solved";
        t->unique++;
    } else {
        status = "several";
        t->several++;
        if (o->cmd == CMD_SOLVE) {
            note(t, EXIT_SEVERAL);
            fprintf(stderr, "%s:%d: several solutions (the first is "
                    "printed)\n", file, line);
        }
    }
    if (o->stats)
        fprintf(stderr, "%s:%d: %dx%d, %d cages, %ld options, %" PRIu64
                " solution%s, %" PRIu64 " nodes, %.6f s (encoding %.6f s)\n",
                file, line, N, N, p->n_cages,
                sv ? mathdoku_solver_options(sv) : 0L, out.solutions,
                out.solutions == 1 ? "" : "s", out.nodes, out.seconds, build);
    if (o->out == OUT_JSON) {
        printf("{\"file\":");
        dlx_json_string(stdout, file);
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
        printf("%" PRIu64 "%s\n", out.solutions, out.complete ? "" : "+");
    } else if (out.solutions > 0) {
        write_grid(o, N, g);
    }
    free(g);
    mathdoku_solver_free(sv);
}

int mathdoku_generate_main(int argc, char **argv);
int mathdoku_logic_main(int argc, char **argv);

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "generate"))
        return mathdoku_generate_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "explain") || !strcmp(argv[1], "hint") ||
        !strcmp(argv[1], "rate"))
        return mathdoku_logic_main(argc - 1, argv + 1);
    for (int k = 1; k < argc; k++)
        if (!strcmp(argv[k], "-h") || !strcmp(argv[k], "--help")) {
            fputs(usage_text, stdout);
            return 0;
        }
    if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")) {
        printf("mathdoku %s\n", DLX_VERSION);
        return 0;
    }
    options o;
    int status = parse_args(argc, argv, &o);
    if (status >= 0) {
        free(o.files);
        return status;
    }
    tally t;
    memset(&t, 0, sizeof t);
    FILE *sol_file = NULL;
    int sol_line = 0;
    if (o.solutions && !(sol_file = fopen(o.solutions, "r"))) {
        fprintf(stderr, "mathdoku: %s: %s\n", o.solutions, strerror(errno));
        free(o.files);
        return EXIT_INPUT;
    }
    for (int k = 0; k < o.n_files && !ferror(stdout); k++) {
        int std = !strcmp(o.files[k], "-");
        const char *shown = std ? "<stdin>" : o.files[k];
        FILE *f = std ? stdin : fopen(o.files[k], "r");
        if (!f) {
            fprintf(stderr, "mathdoku: %s: %s\n", shown, strerror(errno));
            t.errors++;
            note(&t, EXIT_INPUT);
            continue;
        }
        mathdoku_reader r;
        mathdoku_reader_init(&r, f, o.layout, &o.rules);
        mathdoku p;
        mathdoku_error err;
        int first, got;
        uint64_t before = t.puzzles;
        while ((got = mathdoku_read(&r, &p, &first, &err)) != 0) {
            if (got < 0) {
                if (got == -2) {
                    fprintf(stderr, "mathdoku: %s: %s\n", shown, err.message);
                } else if (err.col) {
                    fprintf(stderr, "%s:%d:%d: %s\n", shown, err.line,
                            err.col, err.message);
                } else {
                    fprintf(stderr, "%s:%d: %s\n", shown, err.line,
                            err.message);
                }
                if (got == -1 && o.out == OUT_JSON)
                    dlx_json_error(stdout, shown, err.line, err.message);
                t.puzzles++;
                t.errors++;
                note(&t, EXIT_INPUT);
                if (got == -2)
                    break;
                continue;
            }
            do_puzzle(&o, &t, &p, shown, first, sol_file, &sol_line);
            mathdoku_free(&p);
        }
        if (got == 0 && t.puzzles == before) {
            /* an empty file is a mistake worth a word, not a silent 0 */
            fprintf(stderr, "mathdoku: %s: no puzzle in the input\n", shown);
            t.errors++;
            note(&t, EXIT_INPUT);
        }
        mathdoku_reader_release(&r);
        if (!std)
            fclose(f);
    }
    if (o.stats || (t.puzzles > 1 && (t.errors || t.none || t.cut)))
        fprintf(stderr, "mathdoku: %" PRIu64 " puzzle%s: %" PRIu64 " with one "
                "solution, %" PRIu64 " with none, %" PRIu64 " with several, "
                "%" PRIu64 " unreadable, %" PRIu64 " cut short; %" PRIu64
                " nodes, peak memory %.1f MB\n", t.puzzles,
                t.puzzles == 1 ? "" : "s", t.unique, t.none, t.several,
                t.errors, t.cut, t.nodes, dlx_peak_memory_kb() / 1024.0);
    if (sol_file)
        fclose(sol_file);
    free(o.files);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "mathdoku: write error: %s\n",
                strerror(errno ? errno : EIO));
        return EXIT_SYSTEM;
    }
    return t.worst;
}
