/*
 * sudoku - solve, count, check and encode sudoku of any size; count and
 * classify first bands.
 *
 * Thin: arguments, reading puzzle by puzzle, printing.  The work is in
 * sudoku_grid.h (layouts), sudoku_solve.h (solvers) and sudoku_bands.h.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlx.h"
#include "dlx_branches.h"
#include "dlx_parallel.h"
#include "dlx_util.h"
#include "sudoku_bands.h"
#include "sudoku_canon.h"
#include "sudoku_grid.h"
#include "sudoku_solve.h"
#include "view_cmd.h"

enum {
    EXIT_OK = 0,        /* every puzzle solved uniquely / counted / valid */
    EXIT_NONE = 1,      /* some puzzle has no solution (check: invalid) */
    EXIT_SEVERAL = 2,   /* solve: some puzzle has several solutions */
    EXIT_INPUT = 3,     /* some puzzle or file could not be read */
    EXIT_USAGE = 4,
    EXIT_CUT = 5,       /* some search was cut short by --max-nodes or
                           --timeout */
    EXIT_SYSTEM = 6     /* out of memory, write error */
};

static const char usage_text[] =
"Usage: sudoku COMMAND [OPTION]... [FILE]...\n"
"Sudoku of any size (4x4 to 100x100, any box shape) with Dancing Links.\n"
"Reads FILEs (standard input when none or '-'), one puzzle or millions.\n"
"\n"
"Commands:\n"
"  solve      print each puzzle's solution, and say when it has none or\n"
"             several\n"
"  count      print each puzzle's number of solutions (--limit N to stop)\n"
"  check      is each grid full and valid? with --givens P, does it also\n"
"             keep the givens of the puzzles of P (in the same order)?\n"
"  encode     print each puzzle's exact cover in Knuth's format, for dlx\n"
"  canon      print each puzzle's canonical form (minlex: the smallest\n"
"             equivalent under relabeling, row/band and column/stack\n"
"             moves and transposition): canon F | sort | uniq -d\n"
"  transform  apply a transformation: --seed S (puzzle k gets a random\n"
"             one from seed S+k), or --rows P, --cols P (1-based orders\n"
"             that move whole bands/stacks), --relabel P, --transpose;\n"
"             --inverse applies its inverse\n"
"  bands      count, list or classify the completions of the first band\n"
"             (sudoku bands --help)\n"
"  generate   make puzzles with one solution (sudoku generate --help)\n"
"  explain    the steps a person takes, in words; hint: the next step;\n"
"  hint, rate rate: a difficulty grade (sudoku explain --help)\n"
"\n"
"Input:\n"
"  -f, --format F     auto (default), line (one puzzle per line), grid\n"
"                     (N rows, blank lines between puzzles), numbers (a\n"
"                     line 'N' or 'RxC', then N*N numbers), tatham (Solo\n"
"                     game IDs like 3x3:a1b2...)\n"
"  -b, --box RxC      box shape: R rows by C columns (e.g. 2x3 for 6x6)\n"
"  -n, --size N       order (the usual box shape: 6 is 2x3, 12 is 3x4)\n"
"      --symbols S    digits (1-9), alnum (1-9 then A-Z), letters (A, B, ..\n"
"                     as flexdoku's A-I), hex (0-F, 0 a value), numbers\n"
"Output:\n"
"  -o, --output L     same (default: the layout read), line, grid, numbers,\n"
"                     tatham, json (JSON lines)\n"
"      --out-symbols S  symbols to write (as --symbols)\n"
"Search:\n"
"  -m, --method M     dlx (default) or dfs: the naive depth-first search\n"
"                     (cells in order, digits in order, no heuristics)\n"
"  -l, --limit N      count: stop at N solutions (2: is it unique?)\n"
"      --max-nodes N  stop each search after N nodes (reported, exit 5)\n"
"      --timeout SEC  stop each search after SEC seconds (reported, exit 5)\n"
"  -j, --threads N    count: each puzzle on N threads\n"
"  -s, --stats        nodes and time per puzzle, and a summary, on stderr\n"
"  -t, --trace        the search in sudoku words (r3c4 = 7, backtrack)\n"
"      --html FILE    solve, count: the search of the (one) puzzle as an\n"
"                     HTML page, step by step, with the grid and matrix\n"
"      --tree-svg FILE  solve, count: its search tree as an SVG picture\n"
"  -h, --help         this text;  -V, --version\n"
"\n"
"Errors name the place: file:line:col: message, or file:line: message for\n"
"a whole puzzle (wrong number of cells, clashing givens); the other\n"
"puzzles are still processed.\n"
"\n"
"An option's value follows it (--limit 2) or is joined to it (--limit=2).\n"
"\n"
"Exit status (when several apply, the first in this order: 3, 5, 1, 2, 0):\n"
"  0  every puzzle solved with one solution (count, encode: done; check:\n"
"     every grid valid)\n"
"  1  some puzzle has no solution (check: some grid is invalid)\n"
"  2  solve: some puzzle has several solutions (the first is printed)\n"
"  3  some puzzle or file could not be read, or a file held none\n"
"  4  usage error\n"
"  5  some search was cut short by --max-nodes or --timeout\n"
"  6  out of memory, or the output could not be written\n";

typedef enum command { CMD_SOLVE, CMD_COUNT, CMD_CHECK, CMD_ENCODE, CMD_CANON,
                       CMD_TRANSFORM } command;

typedef struct options {
    command cmd;
    sudoku_read_options in;
    sudoku_layout out_layout;     /* AUTO: as read */
    sudoku_symbols out_symbols;
    int dfs, stats, trace, threads;
    uint64_t limit, max_nodes;
    double timeout;
    const char *givens;           /* check --givens FILE */
    sudoku_transform tf;          /* transform: the one asked for */
    int tf_rows, tf_cols, tf_labels, tf_random, tf_inverse;
    uint64_t seed;
    const char **files;
    int n_files;
    const char *html, *tree_svg;  /* --html, --tree-svg: files to write */
} options;

/* What happened over all puzzles. */
typedef struct tally {
    uint64_t puzzles, solved, none, several, errors, cut;
    uint64_t nodes;
    int worst;                    /* exit status by the precedence */
} tally;

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "sudoku: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'sudoku --help' for more information.\n");
    return EXIT_USAGE;
}

/* The precedence of exit statuses: 3, 5, 1, 2, 0 (6 above all). */
static int rank_of(int status)
{
    static const int rank[] = { 0, 2, 1, 4, 0, 3, 5 };
    return status >= 0 && status <= 6 ? rank[status] : 0;
}

static void note(tally *t, int status)
{
    if (rank_of(status) > rank_of(t->worst))
        t->worst = status;
}

static int parse_symbols(const char *s, sudoku_symbols *out)
{
    static const char *const names[] = { "auto", "digits", "alnum",
                                         "letters", "hex", "numbers" };
    for (int k = 0; k < 6; k++)
        if (!strcmp(s, names[k])) {
            *out = (sudoku_symbols)k;
            return 1;
        }
    return 0;
}

static int parse_layout(const char *s, sudoku_layout *out, int writing)
{
    static const char *const names[] = { "auto", "line", "grid", "numbers",
                                         "tatham", "json" };
    if (writing && !strcmp(s, "same")) {
        *out = SUDOKU_LAYOUT_AUTO;
        return 1;
    }
    for (int k = writing ? 1 : 0; k < (writing ? 6 : 5); k++)
        if (!strcmp(s, names[k])) {
            *out = (sudoku_layout)k;
            return 1;
        }
    return 0;
}

/* Returns -1 to go on, or an exit status. */
/* "3 1 2", "3,1,2" or "312" (1-based) into 0-based perm[] (labels stay
 * 1-based: the caller passes label + 1); returns the count or -1. */
static int parse_perm(const char *s, int *perm)
{
    int n = 0;
    int compact = strspn(s, "123456789") == strlen(s) && strlen(s) > 1;
    for (const char *p = s; *p;) {
        if (*p == ' ' || *p == ',') {
            p++;
            continue;
        }
        if (*p < '0' || *p > '9' || n >= SUDOKU_MAX_ORDER)
            return -1;
        long v = 0;
        if (compact)
            v = *p++ - '0';
        else
            while (*p >= '0' && *p <= '9' && v <= SUDOKU_MAX_ORDER)
                v = v * 10 + (*p++ - '0');
        if (v < 1 || v > SUDOKU_MAX_ORDER)
            return -1;
        perm[n++] = (int)v - 1;
    }
    return n;
}

static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->threads = 1;
    o->files = calloc((size_t)argc, sizeof *o->files);
    if (!o->files)
        return EXIT_SYSTEM;
    const char *cmd = argv[1];
    if (!strcmp(cmd, "solve"))
        o->cmd = CMD_SOLVE;
    else if (!strcmp(cmd, "count"))
        o->cmd = CMD_COUNT;
    else if (!strcmp(cmd, "check"))
        o->cmd = CMD_CHECK;
    else if (!strcmp(cmd, "encode"))
        o->cmd = CMD_ENCODE;
    else if (!strcmp(cmd, "canon"))
        o->cmd = CMD_CANON;
    else if (!strcmp(cmd, "transform"))
        o->cmd = CMD_TRANSFORM;
    else
        return usage_error("unknown command '%s'", cmd);
    static const char *const with_value[] = {
        "-f", "--format", "-b", "--box", "-n", "--size", "--symbols", "-o",
        "--output", "--out-symbols", "-m", "--method", "-l", "--limit",
        "--max-nodes", "--timeout", "-j", "--threads", "--givens", "--seed",
        "--rows", "--cols", "--relabel", "--html", "--tree-svg", NULL };
    for (int k = 2; k < argc; k++) {
        const char *a = argv[k];
        dlx_arg arg;
        int bad = dlx_next_arg(argc, argv, &k, with_value, &arg);
        if (bad)
            return usage_error(dlx_arg_error(bad), a);
        const char *name = arg.name, *val = arg.value;
        uint64_t v;
        if (!strcmp(name, "-f") || !strcmp(name, "--format")) {
            if (!parse_layout(val, &o->in.layout, 0))
                return usage_error("--format: '%s' is not auto, line, grid, "
                                   "numbers or tatham", val);
        } else if (!strcmp(name, "-b") || !strcmp(name, "--box")) {
            if (sudoku_parse_box(val, &o->in.box) != 0)
                return usage_error("--box: '%s' is not RxC with R*C from 1 "
                                   "to 100", val);
        } else if (!strcmp(name, "-n") || !strcmp(name, "--size")) {
            if (!dlx_parse_u64(val, &v) || v < 1 || v > SUDOKU_MAX_ORDER ||
                sudoku_default_shape((int)v, &o->in.box) != 0)
                return usage_error("--size: '%s' is not an order from 1 to "
                                   "100", val);
        } else if (!strcmp(name, "--symbols")) {
            if (!parse_symbols(val, &o->in.symbols))
                return usage_error("--symbols: '%s' is not digits, alnum, "
                                   "letters, hex or numbers", val);
        } else if (!strcmp(name, "--out-symbols")) {
            if (!parse_symbols(val, &o->out_symbols))
                return usage_error("--out-symbols: '%s' is not digits, "
                                   "alnum, letters, hex or numbers", val);
        } else if (!strcmp(name, "-o") || !strcmp(name, "--output")) {
            if (!parse_layout(val, &o->out_layout, 1))
                return usage_error("--output: '%s' is not same, line, grid, "
                                   "numbers, tatham or json", val);
        } else if (!strcmp(name, "-m") || !strcmp(name, "--method")) {
            if (strcmp(val, "dlx") && strcmp(val, "dfs"))
                return usage_error("--method: '%s' is not dlx or dfs", val);
            o->dfs = !strcmp(val, "dfs");
        } else if (!strcmp(name, "-l") || !strcmp(name, "--limit")) {
            if (!dlx_parse_u64(val, &o->limit) || o->limit == 0)
                return usage_error("--limit: '%s' is not a positive number",
                                   val);
        } else if (!strcmp(name, "--max-nodes")) {
            if (!dlx_parse_u64(val, &o->max_nodes) || o->max_nodes == 0)
                return usage_error("--max-nodes: '%s' is not a positive "
                                   "number", val);
        } else if (!strcmp(name, "--timeout")) {
            char *end;
            o->timeout = strtod(val, &end);
            if (*end || !(o->timeout > 0) || o->timeout > 1e9)
                return usage_error("--timeout: '%s' is not a positive number "
                                   "of seconds", val);
        } else if (!strcmp(name, "-j") || !strcmp(name, "--threads")) {
            if (!dlx_parse_u64(val, &v) || v < 1 || v > 1024)
                return usage_error("--threads: '%s' is not a number from 1 "
                                   "to 1024", val);
            o->threads = (int)v;
        } else if (!strcmp(name, "--html")) {
            o->html = val;
        } else if (!strcmp(name, "--tree-svg")) {
            o->tree_svg = val;
        } else if (!strcmp(name, "--givens")) {
            o->givens = val;
        } else if (!strcmp(name, "--seed")) {
            if (!dlx_parse_u64(val, &o->seed))
                return usage_error("--seed: '%s' is not a number", val);
            o->tf_random = 1;
        } else if (!strcmp(name, "--rows") || !strcmp(name, "--cols") ||
                   !strcmp(name, "--relabel")) {
            int *perm = !strcmp(name, "--rows") ? o->tf.row
                      : !strcmp(name, "--cols") ? o->tf.col
                                                : o->tf.label + 1;
            int n = parse_perm(val, perm);
            if (n < 0)
                return usage_error("%s: '%s' is not a list of numbers (1 2 3 "
                                   "or 1,2,3, or 123 for orders up to 9)",
                                   val);
            if (!strcmp(name, "--rows"))
                o->tf_rows = n;
            else if (!strcmp(name, "--cols"))
                o->tf_cols = n;
            else
                o->tf_labels = n;
        } else if (!strcmp(name, "--transpose")) {
            o->tf.transpose = 1;
        } else if (!strcmp(name, "--inverse")) {
            o->tf_inverse = 1;
        } else if (!strcmp(name, "-s") || !strcmp(name, "--stats")) {
            o->stats = 1;
        } else if (!strcmp(name, "-t") || !strcmp(name, "--trace")) {
            o->trace = 1;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else {
            o->files[o->n_files++] = a;
        }
    }
    if ((o->tf_rows || o->tf_cols || o->tf_labels || o->tf.transpose ||
         o->tf_random || o->tf_inverse) && o->cmd != CMD_TRANSFORM)
        return usage_error("%s", "--rows, --cols, --relabel, --transpose, "
                           "--seed and --inverse are for 'sudoku transform'");
    if (o->givens && o->cmd != CMD_CHECK)
        return usage_error("%s", "--givens is for 'sudoku check'");
    if (o->threads > 1 && (o->cmd != CMD_COUNT || o->dfs || o->trace))
        return usage_error("%s", "--threads is for 'sudoku count' with "
                           "--method dlx and no --trace");
    if ((o->html || o->tree_svg) &&
        ((o->cmd != CMD_SOLVE && o->cmd != CMD_COUNT) || o->dfs ||
         o->threads > 1))
        return usage_error("%s", "--html and --tree-svg show the Dancing "
                           "Links search of 'sudoku solve' or 'count' (not "
                           "--method dfs or --threads)");
    if (o->n_files == 0)
        o->files[o->n_files++] = "-";
    return -1;
}

/* ---- per puzzle ---------------------------------------------------------- */

typedef struct context {
    const options *o;
    tally *t;
    sudoku_solver *solver;       /* of the last order seen */
    sudoku solution;
    FILE *givens;                /* check --givens */
    sudoku_reader givens_reader;
    sudoku_canon_ctx *canon;     /* canon: kept across puzzles */
    dlx_branches *branches;      /* --trace: where the search branched */
    int shown;                   /* --html, --tree-svg: a puzzle shown */
} context;

typedef struct branch_names {
    const sudoku_shape *shape;
} branch_names;

static const char *branch_name(void *ctx, int item, char *buf, size_t size)
{
    const branch_names *n = ctx;
    return sudoku_item_name(n->shape, item, buf, size);
}

static void print_step(void *ctx, const char *text, int level)
{
    (void)ctx;
    printf("%*s%s\n", 2 * (level < 0 ? 0 : level), "", text);
}

static void report(const char *file, int line, const char *fmt, ...)
{
    fprintf(stderr, "%s:%d: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static sudoku_solver *solver_for(context *cx, sudoku_shape shape)
{
    if (!cx->solver || cx->solution.shape.N != shape.N ||
        cx->solution.shape.R != shape.R) {
        sudoku_solver_free(cx->solver);
        cx->solver = sudoku_solver_new(shape);
        if (!cx->solver || sudoku_set_shape(&cx->solution, shape) != 0)
            return NULL;
    }
    return cx->solver;
}

static void write_grid(const context *cx, const sudoku *s,
                       const sudoku_source *src)
{
    sudoku_layout layout = cx->o->out_layout ? cx->o->out_layout
                                             : src->layout;
    sudoku_symbols sym = cx->o->out_symbols ? cx->o->out_symbols
                                            : src->symbols;
    if (sym == SUDOKU_SYM_NUMBERS && layout == SUDOKU_LAYOUT_LINE &&
        s->shape.N <= 35)
        sym = SUDOKU_SYM_AUTO;
    sudoku_write(stdout, s, layout, sym);
    if (layout == SUDOKU_LAYOUT_GRID || layout == SUDOKU_LAYOUT_NUMBERS)
        putchar('\n');
}

static void write_json(const sudoku *s, const char *file, int line,
                       const char *status, const sudoku_outcome *out,
                       int with_grid)
{
    int N = s->shape.N;
    printf("{\"file\":");
    dlx_json_string(stdout, file);
    printf(",\"line\":%d,\"size\":%d,\"box\":\"%dx%d\",\"status\":\"%s\"",
           line, N, s->shape.R, s->shape.C, status);
    if (out)
        printf(",\"solutions\":%" PRIu64 ",\"nodes\":%" PRIu64
               ",\"seconds\":%.6f", out->solutions, out->nodes, out->seconds);
    if (with_grid) {
        /* symbols up to 35, numbers separated by commas beyond */
        printf(",\"solution\":\"");
        for (int i = 0; i < N * N; i++) {
            if (N <= 35)
                putchar(sudoku_symbol_char(s->cell[i], SUDOKU_SYM_ALNUM));
            else
                printf(i ? ",%d" : "%d", s->cell[i]);
        }
        printf("\"");
    }
    printf("}\n");
}

/* Counts on threads: the puzzle's givens are the forced options of a
 * split of the search. */
static int count_threads(context *cx, const sudoku *s, sudoku_outcome *out)
{
    sudoku_solver *sv = cx->solver;
    const sudoku_shape *sh = &s->shape;
    int N = sh->N, n = 0;
    int *forced = malloc((size_t)(N * N) * sizeof *forced);
    if (!forced)
        return -2;
    for (int i = 0; i < N * N; i++)
        if (s->cell[i])
            forced[n++] = sudoku_option(sh, i, s->cell[i]);
    dlx_matrix *m = dlx_clone(sudoku_solver_matrix(sv));
    dlx_jobs jobs;
    int status = m ? dlx_split(m, forced, n, 1, 64 * cx->o->threads, &jobs)
                   : DLX_ENOMEM;
    free(forced);
    memset(out, 0, sizeof *out);
    if (status == DLX_ECONFLICT) {
        dlx_free(m);
        return -1;
    }
    if (status != DLX_OK) {
        dlx_free(m);
        return -2;
    }
    dlx_parallel par = { 0 };
    par.threads = cx->o->threads;
    par.max_solutions = cx->o->limit;
    par.max_nodes = cx->o->max_nodes;
    par.max_seconds = cx->o->timeout;
    dlx_parallel_result res;
    status = dlx_count_jobs(m, &jobs, NULL, 0, &par, &res);
    dlx_jobs_free(&jobs);
    dlx_free(m);
    if (status != DLX_OK)
        return -2;
    out->solutions = dlx_count_u64(res.solutions);
    out->complete = res.outcome == DLX_COMPLETE ||
                    res.outcome == DLX_STOP_SOLUTIONS;
    out->nodes = res.nodes;
    out->seconds = res.seconds;
    dlx_parallel_result_free(&res);
    return 0;
}

static void do_check(context *cx, const sudoku *s, const sudoku_source *src,
                     const char *file)
{
    const options *o = cx->o;
    tally *t = cx->t;
    sudoku puzzle;
    sudoku_init(&puzzle);
    const sudoku *given = NULL;
    if (cx->givens) {
        sudoku_source psrc;
        sudoku_error err;
        int got = sudoku_read(&cx->givens_reader, &puzzle, &psrc, &err);
        if (got != 1) {
            if (got == 0)
                report(o->givens, cx->givens_reader.lineno, "no puzzle for "
                       "the grid of %s:%d", file, src->line);
            else
                report(o->givens, err.line, "%s", err.message);
            t->errors++;
            note(t, EXIT_INPUT);
            sudoku_release(&puzzle);
            return;
        }
        given = &puzzle;
    }
    char why[160];
    int ok = sudoku_check_solution(given, s, why, sizeof why) == 0;
    if (o->out_layout == SUDOKU_LAYOUT_JSON) {
        printf("{\"file\":\"%s\",\"line\":%d,\"valid\":%s", file, src->line,
               ok ? "true" : "false");
        if (!ok)
            printf(",\"reason\":\"%s\"", why);
        printf("}\n");
    } else {
        printf(ok ? "valid\n" : "invalid: %s\n", why);
    }
    if (ok) {
        t->solved++;
    } else {
        t->none++;
        note(t, EXIT_NONE);
    }
    sudoku_release(&puzzle);
}

/* The transformation asked for, for a puzzle of this shape (the k-th of
 * the run, for --seed); 0, or -1 with the reason. */
static int transform_for(const options *o, const sudoku_shape *sh,
                         uint64_t k, sudoku_transform *t, char *why,
                         size_t size)
{
    int N = sh->N;
    sudoku_transform_identity(sh, t);
    if (o->tf_random) {
        sudoku_transform_random(sh, o->seed + k, t);
    } else {
        static const char *const what[] = { "--rows", "--cols", "--relabel" };
        const int given[] = { o->tf_rows, o->tf_cols, o->tf_labels };
        for (int j = 0; j < 3; j++)
            if (given[j] && given[j] != N) {
                snprintf(why, size, "%s has %d numbers, the puzzle is %dx%d",
                         what[j], given[j], N, N);
                return -1;
            }
        if (o->tf_rows)
            memcpy(t->row, o->tf.row, (size_t)N * sizeof *t->row);
        if (o->tf_cols)
            memcpy(t->col, o->tf.col, (size_t)N * sizeof *t->col);
        for (int d = 1; o->tf_labels && d <= N; d++)
            t->label[d] = o->tf.label[d] + 1;
        t->transpose = o->tf.transpose;
    }
    if (sudoku_transform_check(sh, t, why, size) != 0)
        return -1;
    if (o->tf_inverse) {
        sudoku_transform inv;
        sudoku_transform_inverse(sh, t, &inv);
        *t = inv;
    }
    return 0;
}

/* canon and transform: the puzzle's canonical form, or its image. */
static void do_symmetry(context *cx, const sudoku *s, const sudoku_source *src,
                        const char *file)
{
    const options *o = cx->o;
    tally *t = cx->t;
    sudoku out;
    sudoku_init(&out);
    int st;
    char why[200] = "out of memory";
    if (o->cmd == CMD_CANON) {
        if (!cx->canon)
            cx->canon = sudoku_canon_new();
        st = cx->canon ? sudoku_canon_with(cx->canon, s, &out) : -2;
        if (st == -1)
            snprintf(why, sizeof why, "canon takes orders up to 16 and "
                     "follows at most %d tied transformations; this %dx%d "
                     "puzzle needs more", SUDOKU_CANON_MAX_CANDIDATES,
                     s->shape.N, s->shape.N);
    } else {
        sudoku_transform tf;
        st = transform_for(o, &s->shape, t->puzzles - 1, &tf, why,
                           sizeof why);
        if (st == 0)
            st = sudoku_transform_apply(&tf, s, &out) == 0 ? 0 : -2;
    }
    if (st != 0) {
        report(file, src->line, "%s", why);
        if (o->out_layout == SUDOKU_LAYOUT_JSON)
            dlx_json_error(stdout, file, src->line, why);
        t->errors++;
        note(t, st == -2 ? EXIT_SYSTEM : EXIT_INPUT);
    } else {
        t->solved++;
        write_grid(cx, &out, src);
    }
    sudoku_release(&out);
}

static void do_puzzle(context *cx, const sudoku *s, const sudoku_source *src,
                      const char *file)
{
    const options *o = cx->o;
    tally *t = cx->t;
    t->puzzles++;
    if (o->cmd == CMD_CHECK) {
        do_check(cx, s, src, file);
        return;
    }
    if (o->cmd == CMD_CANON || o->cmd == CMD_TRANSFORM) {
        do_symmetry(cx, s, src, file);
        return;
    }
    sudoku_error err;
    if (sudoku_check_givens(s, &err) != 0) {
        report(file, src->line, "%s", err.message);
        if (o->out_layout == SUDOKU_LAYOUT_JSON)
            dlx_json_error(stdout, file, src->line, err.message);
        t->errors++;
        note(t, EXIT_INPUT);
        return;
    }
    if (o->cmd == CMD_ENCODE) {
        /* Knuth's format holds one problem: a second would merge with the
         * first into a different one */
        if (t->solved > 0) {
            report(file, src->line, "encode writes one puzzle, and this is "
                   "another (select one, e.g. sed -n %dp)", src->line);
            t->errors++;
            note(t, EXIT_INPUT);
            return;
        }
        sudoku_write_dlx(stdout, s);
        t->solved++;
        return;
    }
    sudoku_limits lim = { 0 };
    lim.max_solutions = o->cmd == CMD_SOLVE ? 2 : o->limit;
    lim.max_nodes = o->max_nodes;
    lim.max_seconds = o->timeout;
    if (o->trace) {
        lim.on_step = print_step;
        if (!o->dfs && (cx->branches || (cx->branches = dlx_branches_new())))
            dlx_branches_clear(cx->branches);
        lim.branches = o->dfs ? NULL : cx->branches;
    }
    sudoku_outcome out;
    int status;
    if (!solver_for(cx, s->shape)) {
        report(file, src->line, "out of memory for order %d", s->shape.N);
        note(t, EXIT_SYSTEM);
        return;
    }
    view_recorder *view = NULL;
    if (o->html || o->tree_svg) {
        /* one page, one puzzle: a second would be lost or merged */
        if (cx->shown++) {
            report(file, src->line, "--html and --tree-svg show one puzzle, "
                   "and this is another (select one, e.g. sed -n %dp)",
                   src->line);
            t->errors++;
            note(t, EXIT_INPUT);
            return;
        }
        char title[300];
        snprintf(title, sizeof title, "sudoku %s:%d", file, src->line);
        if (!(view = view_cmd_sudoku(cx->solver, s, title))) {
            report(file, src->line, "out of memory");
            note(t, EXIT_SYSTEM);
            return;
        }
        lim.on_event = view_trace;
        lim.event_ctx = view;
    }
    if (o->dfs)
        status = sudoku_solve_dfs(s, &lim, &cx->solution, &out);
    else if (o->threads > 1)
        status = count_threads(cx, s, &out);
    else
        status = sudoku_solve_dlx(cx->solver, s, &lim, &cx->solution, &out);
    if (status == -1) {
        /* the givens clash in a way check_givens cannot see?  never: it
         * checks every pair; but stay safe */
        report(file, src->line, "givens clash");
        view_free(view);
        t->errors++;
        note(t, EXIT_INPUT);
        return;
    }
    if (status != 0) {
        report(file, src->line, "out of memory");
        view_free(view);
        note(t, EXIT_SYSTEM);
        return;
    }
    t->nodes += out.nodes;
    if (view) {
        view_finish(view, out.solutions, out.nodes, out.complete);
        if (view_cmd_save(view, "sudoku", o->html, o->tree_svg) != 0)
            note(t, EXIT_SYSTEM);
        view_free(view);
    }
    if (lim.branches) {
        /* the shape of the search, next to its steps */
        branch_names names = { &s->shape };
        dlx_branches_write(stdout, lim.branches, branch_name, &names);
    }
    if (o->stats)
        fprintf(stderr, "%s:%d: %" PRIu64 " solution%s, %" PRIu64
                " nodes, %.6f s\n", file, src->line, out.solutions,
                out.solutions == 1 ? "" : "s", out.nodes, out.seconds);
    const char *verdict;
    int json = o->out_layout == SUDOKU_LAYOUT_JSON;
    if (!out.complete) {
        t->cut++;
        note(t, EXIT_CUT);
        verdict = "cut short";
        report(file, src->line, "search cut short (%s) after %" PRIu64
               " nodes, %" PRIu64 " solution%s found", o->max_nodes &&
               out.nodes >= o->max_nodes ? "node limit" : "time limit",
               out.nodes, out.solutions, out.solutions == 1 ? "" : "s");
    } else if (out.solutions == 0) {
        t->none++;
        note(t, EXIT_NONE);
        verdict = "no solution";
        if (o->cmd == CMD_SOLVE && !json)
            report(file, src->line, "no solution");
    } else if (out.solutions == 1) {
        t->solved++;
        verdict = "solved";
    } else {
        t->several++;
        verdict = "several";
        if (o->cmd == CMD_SOLVE) {
            note(t, EXIT_SEVERAL);
            if (!json)
                report(file, src->line, "several solutions (the first is "
                       "printed)");
        }
    }
    if (o->cmd == CMD_COUNT) {
        if (json)
            write_json(s, file, src->line, verdict, &out, 0);
        else
            printf("%" PRIu64 "%s\n", out.solutions, out.complete ? ""
                                                                  : "+");
        return;
    }
    if (json)
        write_json(&cx->solution, file, src->line,
                   out.solutions ? verdict : "no solution", &out,
                   out.solutions > 0);
    else if (out.solutions > 0)
        write_grid(cx, &cx->solution, src);
}

static int run_file(context *cx, const char *name)
{
    const options *o = cx->o;
    int std = !strcmp(name, "-");
    const char *shown = std ? "<stdin>" : name;
    FILE *f = std ? stdin : fopen(name, "r");
    if (!f) {
        fprintf(stderr, "sudoku: %s: %s\n", shown, strerror(errno));
        cx->t->errors++;
        note(cx->t, EXIT_INPUT);
        return 0;
    }
    sudoku_reader r;
    sudoku_reader_init(&r, f, shown, &o->in);
    sudoku s;
    sudoku_init(&s);
    uint64_t before = cx->t->puzzles;
    for (;;) {
        sudoku_source src;
        sudoku_error err;
        int got = sudoku_read(&r, &s, &src, &err);
        if (got == 0 && cx->t->puzzles == before) {
            /* an empty file is a mistake worth a word, not a silent 0 */
            fprintf(stderr, "sudoku: %s: no puzzle in the input\n", shown);
            cx->t->errors++;
            note(cx->t, EXIT_INPUT);
        }
        if (got == 0)
            break;
        if (got == -2) {
            fprintf(stderr, "sudoku: %s: %s\n", shown, err.message);
            cx->t->errors++;
            note(cx->t, EXIT_INPUT);
            break;
        }
        if (got == -1) {
            cx->t->puzzles++;
            cx->t->errors++;
            note(cx->t, EXIT_INPUT);
            if (err.col)
                fprintf(stderr, "%s:%d:%d: %s\n", shown, err.line, err.col,
                        err.message);
            else
                fprintf(stderr, "%s:%d: %s\n", shown, err.line, err.message);
            if (o->out_layout == SUDOKU_LAYOUT_JSON)
                dlx_json_error(stdout, shown, err.line, err.message);
            continue;
        }
        do_puzzle(cx, &s, &src, shown);
        if (ferror(stdout))
            break;
    }
    sudoku_release(&s);
    sudoku_reader_release(&r);
    if (!std)
        fclose(f);
    return 0;
}

int sudoku_bands_main(int argc, char **argv);
int sudoku_generate_main(int argc, char **argv);
int sudoku_logic_main(int argc, char **argv);

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")) {
        printf("sudoku %s\n", DLX_VERSION);
        return 0;
    }
    if (!strcmp(argv[1], "bands"))
        return sudoku_bands_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "generate"))
        return sudoku_generate_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "explain") || !strcmp(argv[1], "hint") ||
        !strcmp(argv[1], "rate"))
        return sudoku_logic_main(argc - 1, argv + 1);
    for (int k = 2; k < argc; k++)
        if (!strcmp(argv[k], "-h") || !strcmp(argv[k], "--help")) {
            fputs(usage_text, stdout);
            return 0;
        }
    options o;
    int status = parse_args(argc, argv, &o);
    if (status >= 0) {
        free(o.files);
        return status;
    }
    tally t = { 0 };
    context cx = { &o, &t, NULL, { { 0, 0, 0 }, NULL, 0 }, NULL, { 0 },
                   NULL, NULL, 0 };
    sudoku_init(&cx.solution);
    if (o.givens) {
        cx.givens = fopen(o.givens, "r");
        if (!cx.givens) {
            fprintf(stderr, "sudoku: %s: %s\n", o.givens, strerror(errno));
            free(o.files);
            return EXIT_INPUT;
        }
        sudoku_reader_init(&cx.givens_reader, cx.givens, o.givens, &o.in);
    }
    double start = dlx_seconds();
    for (int k = 0; k < o.n_files && !ferror(stdout); k++)
        run_file(&cx, o.files[k]);
    double seconds = dlx_seconds() - start;
    if (o.stats || (t.puzzles > 1 && (t.errors || t.none || t.cut)))
        fprintf(stderr, "sudoku: %" PRIu64 " puzzle%s: %" PRIu64 " %s, %"
                PRIu64 " %s, %" PRIu64 " with several solutions, %" PRIu64
                " unreadable, %" PRIu64 " cut short; %" PRIu64 " nodes, "
                "%.3f s, %.0f puzzles/s, peak memory %.1f MB\n", t.puzzles,
                t.puzzles == 1 ? "" : "s", t.solved,
                o.cmd == CMD_CHECK ? "valid" : o.cmd == CMD_ENCODE ? "encoded" : "with one solution", t.none,
                o.cmd == CMD_CHECK ? "invalid" : "with none", t.several,
                t.errors, t.cut, t.nodes, seconds,
                seconds > 0 ? (double)t.puzzles / seconds : 0,
                dlx_peak_memory_kb() / 1024.0);
    if (cx.givens) {
        sudoku_reader_release(&cx.givens_reader);
        fclose(cx.givens);
    }
    sudoku_solver_free(cx.solver);
    sudoku_canon_free(cx.canon);
    dlx_branches_free(cx.branches);
    sudoku_release(&cx.solution);
    free(o.files);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudoku: error writing output: %s\n",
                strerror(errno));
        return EXIT_SYSTEM;
    }
    return t.worst;
}
