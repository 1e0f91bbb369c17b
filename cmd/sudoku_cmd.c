/*
 * sudoku - solve, count, check, encode and transform sudoku of any size;
 * the other subcommands (bands, generate, explain, hint, rate) have files
 * of their own.
 *
 * Thin: arguments, reading puzzle by puzzle, printing.  The work is in
 * sudoku_grid.h (layouts), sudoku_solve.h (solvers), sudoku_canon.h; what
 * every command does alike is in cli.h, what the sudoku subcommands share
 * in sudoku_cmd.h.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_grid.h"
#include "sudoku_canon.h"
#include "sudoku_cmd.h"
#include "sudoku_grid.h"
#include "sudoku_solve.h"
#include "view_cmd.h"

typedef enum command { CMD_SOLVE, CMD_COUNT, CMD_CHECK, CMD_ENCODE, CMD_CANON,
                       CMD_TRANSFORM } command;

static const char *const command_names[] = { "solve", "count", "check",
                                             "encode", "canon", "transform",
                                             NULL };

enum {
    OPT_GIVENS = CLI_OPT_OWN, OPT_ROWS, OPT_COLS, OPT_RELABEL,
    OPT_TRANSPOSE, OPT_INVERSE
};

/* What solve and count take (the top page adds the other commands'). */
#define SOLVE_OPTIONS                                                      \
    CLI_GROUP("Input:"),                                                    \
    SUDOKU_INPUT_OPTIONS,                                                   \
    CLI_GROUP("Output:"),                                                   \
    SUDOKU_OUTPUT_OPTIONS,                                                  \
    CLI_GROUP("Search:"),                                                   \
    CLI_OPTION_METHOD,                                                      \
    CLI_SEARCH_OPTIONS,                                                     \
    CLI_OPTION_PRUNE_DEFAULT,                                               \
    CLI_OPTION_NO_PRUNE,                                                    \
    CLI_OPTION_HTML,                                                        \
    CLI_OPTION_TREE_SVG

static const cli_option options[] = {
    SOLVE_OPTIONS,
    CLI_GROUP("check and transform:"),
    { OPT_GIVENS, 0, "givens", "P", "check: each grid must also keep the "
      "givens of the puzzle of P in the same place (in order)" },
    CLI_OPTION_SEED,
    { OPT_ROWS, 0, "rows", "P", "transform: the rows in this order (1-based, "
      "\"3 1 2 ...\", or \"312...\" up to 9x9), moving whole bands and rows "
      "within them" },
    { OPT_COLS, 0, "cols", "P", "transform: the columns in this order" },
    { OPT_RELABEL, 0, "relabel", "P", "transform: digit d becomes P[d]" },
    { OPT_TRANSPOSE, 0, "transpose", NULL, "transform: rows become columns "
      "(square boxes)" },
    { OPT_INVERSE, 0, "inverse", NULL, "transform: apply the inverse" },
    CLI_HELP_OPTIONS
};

static const cli_command sudoku_command = {
    "sudoku",

    CLI_USAGE("sudoku COMMAND [OPTION]... [FILE]..."),
    "Sudoku of any size (1x1 to 100x100, any box shape) with Dancing Links,\n"
    "and its variants: X (--x, or 'diagonals:'), jigsaw ('regions:'),\n"
    "killer ('cages:') and their combinations, from grids with those\n"
    "sections or from Solo IDs (3x3x:, 9j:, 3x3k:, 9jxk:...); solve, count,\n"
    "check, encode, canon and transform take them, generate --variant makes\n"
    "them, explain, hint and rate take them too (killer with its cage\n"
    "steps), bands plain sudoku only.\n"
    "Reads FILEs (standard input when none or '-'), one puzzle or millions.\n"
    "\n"
    "Commands:\n"
    "  solve      print each puzzle's solution, and say when it has none or\n"
    "             several (an empty grid: the options in the order of a\n"
    "             pattern grid, filled without a backtrack)\n"
    "  count      print each puzzle's number of solutions (--limit N to\n"
    "             stop; 598+ when a budget cut the count short)\n"
    "  check      is each grid full and valid? with --givens P, does it also\n"
    "             keep the givens of the puzzles of P (in the same order)?\n"
    "  encode     print the puzzle's exact cover in Knuth's format, for dlx\n"
    "  canon      print each puzzle's canonical form (minlex: the smallest\n"
    "             equivalent under relabeling, row/band and column/stack\n"
    "             moves and transposition): canon F | sort | uniq -d;\n"
    "             a variant's under its own group: X the moves that keep\n"
    "             both diagonals, jigsaw the rotations and reflections,\n"
    "             killer those without relabeling (orders up to 16)\n"
    "  transform  apply a transformation: --seed S (puzzle k gets a random\n"
    "             one from seed S+k, of the variant's group), or --rows,\n"
    "             --cols, --relabel, --transpose (what the variant's rules\n"
    "             do not keep is refused, by name); --inverse applies its\n"
    "             inverse\n"
    "  bands      count, list or classify the completions of the first band\n"
    "  generate   make puzzles with one solution\n"
    "  explain    the steps a person takes, in words; hint: the next step;\n"
    "  hint, rate rate: a difficulty grade (easy, medium, hard, expert,\n"
    "             extreme: chains and forcing chains, guessing)\n"
    "(sudoku COMMAND --help for solve, count, bands, generate, explain,\n"
    "hint and rate.)",
    options,
    "Errors name the place: file:line:col: message, or file:line: message\n"
    "for a whole puzzle (wrong number of cells, clashing givens); the other\n"
    "puzzles are still processed.  A summary line follows on stderr when\n"
    "some puzzle went wrong, or with --stats.\n",
    { "every puzzle solved with one solution (count, encode, canon, "
      "transform: done; check: every grid valid)",
      "some puzzle has no solution (check: some grid is invalid)",
      "solve: some puzzle has several solutions (the first is printed)",
      "some puzzle or file could not be read, or a file held none",
      NULL,
      "some search was cut short by --max-nodes or --timeout",
      "out of memory, or the output could not be written" }
};

/* solve and count: a page of their own (their options, not those of
 * check and transform), as bands, generate and explain have; the
 * messages still say "sudoku". */
static const cli_option solve_options[] = {
    SOLVE_OPTIONS,
    CLI_HELP_OPTIONS
};

static const cli_command solve_command = {
    "sudoku",

    CLI_USAGE("sudoku solve|count [OPTION]... [FILE]..."),
    "solve: print each puzzle's solution, and say when it has none or\n"
    "several (an empty grid, plain, X or jigsaw of box regions: the options\n"
    "in the order of a full grid, filled without a backtrack).\n"
    "count: print each puzzle's number of solutions (--limit N to stop;\n"
    "598+ when a budget cut the count short).\n"
    "Plain sudoku of any size (1x1 to 100x100), X, jigsaw and killer.",
    solve_options,
    "Errors name the place: file:line:col: message, or file:line: message\n"
    "for a whole puzzle (wrong number of cells, clashing givens); the other\n"
    "puzzles are still processed.  A summary line follows on stderr when\n"
    "some puzzle went wrong, or with --stats.\n",
    { "every puzzle solved with one solution (count: done)",
      "some puzzle has no solution",
      "solve: some puzzle has several solutions (the first is printed)",
      "some puzzle or file could not be read, or a file held none",
      NULL,
      "some search was cut short by --max-nodes or --timeout",
      "out of memory, or the output could not be written" }
};

typedef struct options_t {
    command cmd;
    sudoku_read_options in;
    sudoku_layout out_layout;     /* AUTO: as read */
    sudoku_symbols out_symbols;
    cli_search search;
    const char *givens;           /* check --givens FILE */
    sudoku_transform tf;          /* transform: the one asked for */
    int tf_rows, tf_cols, tf_labels, tf_inverse;
    const char **files;
    int n_files;
} options_t;

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
        long long v = *p - '0';
        if (compact)
            p++;
        else if (text_number(p, SUDOKU_MAX_ORDER, &v, &p) != 0)
            return -1;
        if (v < 1)
            return -1;
        perm[n++] = (int)v - 1;
    }
    return n;
}

/* One of the options of solve, count, check, encode, canon, transform. */
static int own_option(void *ctx, cli_parser *ps, int id)
{
    options_t *o = ctx;
    int st = sudoku_input_option(ps, id, &o->in);
    if (st < 0)
        st = sudoku_output_option(ps, id, &o->out_layout, &o->out_symbols);
    if (st >= 0)
        return st;
    switch (id) {
    case OPT_GIVENS:
        o->givens = ps->value;
        return 0;
    case OPT_TRANSPOSE:
        o->tf.transpose = 1;
        return 0;
    case OPT_INVERSE:
        o->tf_inverse = 1;
        return 0;
    default: {  /* --rows, --cols, --relabel */
        int *perm = id == OPT_ROWS ? o->tf.row
                  : id == OPT_COLS ? o->tf.col : o->tf.label + 1;
        int n = parse_perm(ps->value, perm);
        if (n < 0)
            return cli_usage_error(sudoku_command.prog, "%s: '%s' is not a "
                                   "list of numbers (1 2 3 or 1,2,3, or 123 "
                                   "for orders up to 9)", ps->shown,
                                   ps->value);
        *(id == OPT_ROWS ? &o->tf_rows : id == OPT_COLS ? &o->tf_cols
                                                       : &o->tf_labels) = n;
        return 0;
    }
    }
}

static int parse_args(int argc, char **argv, options_t *o)
{
    memset(o, 0, sizeof *o);
    cli_search_init(&o->search);
    o->files = calloc((size_t)argc, sizeof *o->files);
    if (!o->files)
        return CLI_EXIT_SYSTEM;
    int k = cli_subcommand(sudoku_command.prog, argv[1], command_names);
    if (k < 0)
        return CLI_EXIT_USAGE;
    o->cmd = (command)k;
    int st = cli_parse(o->cmd == CMD_SOLVE || o->cmd == CMD_COUNT
                       ? &solve_command : &sudoku_command, argc, argv, 2,
                       &o->search, o->files, &o->n_files, own_option, o);
    if (st >= 0)
        return st;
    const cli_search *s = &o->search;
    if ((o->tf_rows || o->tf_cols || o->tf_labels || o->tf.transpose ||
         s->have_seed || o->tf_inverse) && o->cmd != CMD_TRANSFORM)
        return cli_usage_error(sudoku_command.prog, "--rows, --cols, "
                               "--relabel, --transpose, --seed and --inverse "
                               "are for 'sudoku transform'");
    if (o->givens && o->cmd != CMD_CHECK)
        return cli_usage_error(sudoku_command.prog, "--givens is for 'sudoku "
                               "check'");
    if (s->threads > 1 && (o->cmd != CMD_COUNT || o->search.dfs || s->trace))
        return cli_usage_error(sudoku_command.prog, "--threads is for "
                               "'sudoku count' with --method dlx and no "
                               "--trace");
    if (s->prune > 0 && s->threads > 1)
        return cli_usage_error(sudoku_command.prog, "--prune takes one "
                               "plain search: not with --threads");
    if ((o->search.html || o->search.tree_svg) &&
        ((o->cmd != CMD_SOLVE && o->cmd != CMD_COUNT) || o->search.dfs ||
         s->threads > 1))
        return cli_usage_error(sudoku_command.prog, "--html and --tree-svg "
                               "show the Dancing Links search of 'sudoku "
                               "solve' or 'count' (not --method dfs or "
                               "--threads)");
    return -1;
}

/* ---- per puzzle ---------------------------------------------------------- */

typedef struct context {
    const options_t *o;
    sudoku_input in;
    sudoku_solver *solver;       /* of the last order seen */
    int variant_solver;          /* solver is a variant's */
    sudoku_solver *hinted;       /* solve: empty grids (sudoku_solver_hinted) */
    sudoku solution;
    FILE *givens;                /* check --givens */
    sudoku_reader givens_reader;
    sudoku_canon_ctx *canon;     /* canon: kept across puzzles */
    cli_grid search;             /* trace, progress, verdicts */
    int shown;                   /* --html, --tree-svg: a puzzle shown */
} context;

/* The items of the solver's matrix (a variant's are its own: regions,
 * diagonals, cages). */
static const char *branch_name(void *ctx, int item, char *buf, size_t size)
{
    const sudoku_solver *sv = ctx;
    return sudoku_solver_item_name(sv, item, buf, size);
}

/* The solver of the shape of the last plain puzzle, kept; a variant's
 * is made for the puzzle (its units and cages are the puzzle's), a
 * killer's cage options within lim's time: NULL with *status SUDOKU_ECUT
 * when it ran out, else SUDOKU_ENOMEM. */
static sudoku_solver *solver_for(context *cx, const sudoku *s,
                                 const grid_limits *lim, int *status)
{
    sudoku_shape shape = s->shape;
    *status = SUDOKU_ENOMEM;
    if (sudoku_is_variant(s) || cx->variant_solver ||
        !cx->solver || sudoku_solver_shape(cx->solver).N != shape.N ||
        sudoku_solver_shape(cx->solver).R != shape.R) {
        sudoku_solver_free(cx->solver);
        cx->solver = sudoku_solver_within(s, lim, status);
        cx->variant_solver = sudoku_is_variant(s);
        if (!cx->solver || sudoku_set_shape(&cx->solution, shape) != 0)
            return NULL;
    }
    return cx->solver;
}

/* 'sudoku solve' and 'count' take an empty grid with the solver whose
 * options come in the hint's order, which goes straight down without a
 * backtrack (its --html and --tree-svg too: with the plain solver an
 * empty 100x100 gave no answer in minutes, and an X or a jigsaw of box
 * regions too; `count -l 2` of an empty 64x64 none in a minute).  A
 * count to the end searches the same tree in another order (the same
 * nodes); a grid with givens keeps the plain solver, whose node counts
 * the tests and benchmarks pin. */
static int wants_hint(const context *cx, const sudoku *s)
{
    const options_t *o = cx->o;
    if ((o->cmd != CMD_SOLVE && o->cmd != CMD_COUNT) || o->search.dfs ||
        o->search.threads > 1 || s->n_cages)
        return 0;
    for (int i = 0; i < s->shape.N * s->shape.N; i++)
        if (s->cell[i])
            return 0;
    return 1;
}

static sudoku_solver *hinted_for(context *cx, const sudoku *s)
{
    sudoku_shape shape = s->shape;
    if (sudoku_is_variant(s)) {
        /* made for the puzzle, as solver_for's */
        int status;
        sudoku_solver_free(cx->solver);
        cx->solver = sudoku_solver_hinted_for(s, &status);
        cx->variant_solver = 1;
        if (!cx->solver || sudoku_set_shape(&cx->solution, shape) != 0)
            return NULL;
        return cx->solver;
    }
    if (cx->hinted) {
        sudoku_shape had = sudoku_solver_shape(cx->hinted);
        if (had.N == shape.N && had.R == shape.R)
            return cx->hinted;
        sudoku_solver_free(cx->hinted);
    }
    cx->hinted = sudoku_solver_hinted(shape);
    if (!cx->hinted || sudoku_set_shape(&cx->solution, shape) != 0)
        return NULL;
    return cx->hinted;
}

/* 0, or CLI_EXIT_USAGE with *why when the layout cannot hold s. */
static int write_grid(const context *cx, const sudoku *s,
                      const sudoku_source *src, char *why, size_t size)
{
    sudoku_layout layout = cx->o->out_layout ? cx->o->out_layout
                                             : src->layout;
    sudoku_symbols sym = cx->o->out_symbols ? cx->o->out_symbols
                                            : src->symbols;
    if (sym == SUDOKU_SYM_NUMBERS && layout == SUDOKU_LAYOUT_LINE &&
        s->shape.N <= 35)
        sym = SUDOKU_SYM_AUTO;
    /* a line of cells would drop the regions, diagonals and cages: the
     * Solo ID is the one line that keeps them */
    if (layout == SUDOKU_LAYOUT_LINE && sudoku_is_variant(s))
        layout = SUDOKU_LAYOUT_TATHAM;
    if (sudoku_layout_refusal(s, layout, why, size))
        return CLI_EXIT_USAGE;
    sudoku_write(stdout, s, layout, sym);
    if (layout == SUDOKU_LAYOUT_GRID || layout == SUDOKU_LAYOUT_NUMBERS)
        putchar('\n');
    return 0;
}

static void write_json(const sudoku *s, const char *file, int line,
                       const char *status, const grid_outcome *out,
                       int with_grid)
{
    int N = s->shape.N;
    printf("{\"file\":");
    cli_json_string(stdout, file);
    printf(",\"line\":%d,\"size\":%d,\"box\":\"%dx%d\",\"status\":\"%s\"",
           line, N, s->shape.R, s->shape.C, status);
    if (out)
        printf(",\"solutions\":%" PRIu64 ",\"complete\":%s,\"nodes\":%" PRIu64
               ",\"seconds\":%.6f", out->solutions,
               out->complete ? "true" : "false", out->nodes, out->seconds);
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

/* A puzzle that cannot be used: said on stderr, and as a JSON record in
 * JSON output so that every puzzle keeps its place. */
static void puzzle_error(context *cx, const char *file, int line, int status,
                         const char *message)
{
    cli_report(file, line, 0, "%s", message);
    if (cx->o->out_layout == SUDOKU_LAYOUT_JSON)
        cli_json_error(stdout, file, line, message);
    if (status == CLI_EXIT_INPUT)
        cx->search.batch.unreadable++;
    cli_batch_note(&cx->search.batch, status);
}

static void do_check(context *cx, const sudoku *s, const sudoku_source *src,
                     const char *file)
{
    const options_t *o = cx->o;
    sudoku puzzle;
    sudoku_init(&puzzle);
    const sudoku *given = NULL;
    if (cx->givens) {
        sudoku_source psrc;
        dlx_diag err;
        int got = sudoku_read(&cx->givens_reader, &puzzle, &psrc, &err);
        if (got != SUDOKU_READ) {
            if (got == SUDOKU_OK)
                cli_report(o->givens, cx->givens_reader.in.lineno, 0, "no "
                           "puzzle for the grid of %s:%d", file, src->line);
            else
                cli_report_diag(o->givens, &err);
            cx->search.batch.unreadable++;
            cli_batch_note(&cx->search.batch, CLI_EXIT_INPUT);
            sudoku_release(&puzzle);
            return;
        }
        given = &puzzle;
    }
    char why[160];
    int ok = sudoku_check_solution(given, s, why, sizeof why) == SUDOKU_OK;
    if (o->out_layout == SUDOKU_LAYOUT_JSON) {
        printf("{\"file\":");
        cli_json_string(stdout, file);
        printf(",\"line\":%d,\"valid\":%s", src->line,
               ok ? "true" : "false");
        if (!ok) {
            printf(",\"reason\":");
            cli_json_string(stdout, why);
        }
        printf("}\n");
    } else {
        printf(ok ? "valid\n" : "invalid: %s\n", why);
    }
    if (ok) {
        cx->search.tally.one++;
    } else {
        cx->search.tally.none++;
        cli_batch_note(&cx->search.batch, CLI_EXIT_NONE);
    }
    sudoku_release(&puzzle);
}

/* The transformation asked for, for a puzzle of this shape (the k-th of
 * the run, for --seed); 0, or -1 with the reason. */
static int transform_for(const options_t *o, const sudoku *s, uint64_t k,
                         sudoku_transform *t, char *why, size_t size)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N, variant = sudoku_is_variant(s);
    sudoku_transform_identity(sh, t);
    if (o->search.have_seed && variant) {
        sudoku_variant_transform_random(s, o->search.seed + k, t);
    } else if (o->search.have_seed) {
        sudoku_transform_random(sh, o->search.seed + k, t);
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
    if ((variant ? sudoku_variant_transform_check(s, t, why, size)
                 : sudoku_transform_check(sh, t, why, size)) != 0)
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
    const options_t *o = cx->o;
    sudoku out;
    sudoku_init(&out);
    int st;
    char why[200] = "out of memory";
    if (o->cmd == CMD_CANON) {
        if (!cx->canon)
            cx->canon = sudoku_canon_new();
        if (sudoku_is_variant(s))
            st = sudoku_variant_canon(s, &out);
        else
            st = cx->canon ? sudoku_canon_with(cx->canon, s, &out)
                           : SUDOKU_ENOMEM;
        if (st == SUDOKU_ELIMIT && sudoku_is_variant(s))
            snprintf(why, sizeof why, "canon of a variant takes orders up "
                     "to 16 (this is %dx%d)", s->shape.N, s->shape.N);
        else if (st == SUDOKU_ELIMIT)
            snprintf(why, sizeof why, "canon takes orders up to 16 and "
                     "follows at most %d tied transformations; this %dx%d "
                     "puzzle needs more", SUDOKU_CANON_MAX_CANDIDATES,
                     s->shape.N, s->shape.N);
    } else {
        sudoku_transform tf;
        /* puzzle k of the run (unreadable ones count too) gets S+k */
        st = transform_for(o, s, cx->search.batch.inputs - 1, &tf, why,
                           sizeof why);
        if (st == 0)
            st = sudoku_is_variant(s) ? sudoku_variant_transform_apply(&tf, s,
                                                                       &out)
                                      : sudoku_transform_apply(&tf, s, &out);
    }
    if (st != 0) {
        puzzle_error(cx, file, src->line, st == SUDOKU_ENOMEM
                                              ? CLI_EXIT_SYSTEM
                                              : CLI_EXIT_INPUT, why);
    } else {
        cx->search.tally.one++;
        if ((st = write_grid(cx, &out, src, why, sizeof why)) != 0)
            puzzle_error(cx, file, src->line, st, why);
    }
    sudoku_release(&out);
}

/* An empty plain grid whose every completion `sudoku bands --grids`
 * counts (the orders whose band classes it lists: up to 9). */
static int empty_plain(const sudoku *s)
{
    if (sudoku_is_variant(s) || s->shape.N > 9 || s->shape.R < 2 ||
        s->shape.C < 2)
        return 0;
    for (int i = 0; i < s->shape.N * s->shape.N; i++)
        if (s->cell[i])
            return 0;
    return 1;
}

/* sudoku encode: the puzzle in Knuth's format.  The format holds one
 * problem: a second would merge with the first into a different one. */
static void do_encode(context *cx, const sudoku *s, const sudoku_source *src,
                      const char *file)
{
    if (cx->search.tally.one > 0) {
        char msg[120];
        snprintf(msg, sizeof msg, "encode writes one puzzle, and this is "
                 "another (select one, e.g. sed -n %dp)", src->line);
        puzzle_error(cx, file, src->line, CLI_EXIT_INPUT, msg);
        return;
    }
    sudoku_write_dlx(stdout, s);
    cx->search.tally.one++;
}

/* The verdict of one puzzle searched, its --stats line, and its output:
 * a count, a JSON record or the solution (in cx->solution). */
static void print_result(context *cx, const sudoku *s,
                         const sudoku_source *src, const char *file,
                         grid_outcome *pout)
{
    const options_t *o = cx->o;
    grid_outcome out = *pout;
    if (o->search.stats)
        fprintf(stderr, "%s:%d: %" PRIu64 " solution%s, %" PRIu64
                " nodes, %.6f s\n", file, src->line, out.solutions,
                out.solutions == 1 ? "" : "s", out.nodes, out.seconds);
    int json = o->out_layout == SUDOKU_LAYOUT_JSON;
    const char *verdict = cli_grid_verdict(&cx->search, file,
                                           src->line, &out,
                                           o->cmd == CMD_SOLVE, json);
    if (o->cmd == CMD_COUNT) {
        if (json)
            write_json(s, file, src->line, verdict, &out, 0);
        else
            cli_grid_print_count(&out);
        if (!out.complete && empty_plain(s))
            cli_report(file, src->line, 0, "every %dx%d grid (boxes "
                       "%dx%d) is counted exactly by 'sudoku bands --grids "
                       "--box %dx%d'", s->shape.N, s->shape.N, s->shape.R,
                       s->shape.C, s->shape.R, s->shape.C);
        return;
    }
    if (json)
        write_json(&cx->solution, file, src->line, verdict, &out,
                   out.solutions > 0);
    else if (out.solutions > 0) {
        char why[160];
        int st = write_grid(cx, &cx->solution, src, why, sizeof why);
        if (st != 0)
            puzzle_error(cx, file, src->line, st, why);
    }
}

static void do_puzzle(sudoku_input *in, void *ctx)
{
    context *cx = ctx;
    const options_t *o = cx->o;
    const sudoku *s = &in->s;
    const sudoku_source *src = &in->src;
    const char *file = in->name;
    if (o->cmd == CMD_CHECK) {
        do_check(cx, s, src, file);
        return;
    }
    if (o->cmd == CMD_CANON || o->cmd == CMD_TRANSFORM) {
        do_symmetry(cx, s, src, file);
        return;
    }
    dlx_diag err;
    if (sudoku_check_givens(s, &err) != SUDOKU_OK) {
        puzzle_error(cx, file, src->line, CLI_EXIT_INPUT, err.message);
        return;
    }
    if (o->cmd == CMD_ENCODE) {
        do_encode(cx, s, src, file);
        return;
    }
    grid_limits lim;
    cli_grid_limits(&cx->search, o->cmd == CMD_SOLVE ? 2 : o->search.limit,
                    !o->search.dfs, &lim);
    lim.prune = o->search.prune >= 0; /* plain puzzles only: solve_dlx */
    int built = SUDOKU_ENOMEM;
    /* the cages' options within the time only, as said below (the
     * readers' cap on tuples bounds them) */
    grid_limits build = lim;
    build.max_nodes = 0;
    sudoku_solver *sv = wants_hint(cx, s) ? hinted_for(cx, s)
                                          : solver_for(cx, s, &build, &built);
    if (!sv && built == SUDOKU_ECUT) {
        cli_report(file, src->line, 0, "cut short (time limit) while "
                   "building the cages' options");
        cli_batch_note(&cx->search.batch, CLI_EXIT_CUT);
        return;
    }
    if (!sv) {
        cli_report(file, src->line, 0, "out of memory for order %d",
                   s->shape.N);
        cli_batch_note(&cx->search.batch, CLI_EXIT_SYSTEM);
        return;
    }
    view_cmd_tee tee = { NULL, lim.on_event, lim.event_ctx };
    if (o->search.html || o->search.tree_svg) {
        /* one page, one puzzle: a second would be lost or merged */
        /* room for any path (PATH_MAX): a title cut inside a UTF-8
         * character is not text */
        char title[4200];
        snprintf(title, sizeof title, "sudoku %s:%d", file, src->line);
        if (cx->shown++) {
            snprintf(title, sizeof title, "--html and --tree-svg show one "
                     "puzzle, and this is another (select one, e.g. sed -n "
                     "%dp)", src->line);
            puzzle_error(cx, file, src->line, CLI_EXIT_INPUT, title);
            return;
        }
        if (!(tee.view = view_cmd_sudoku(sv, s, title))) {
            cli_report(file, src->line, 0, "out of memory");
            cli_batch_note(&cx->search.batch, CLI_EXIT_SYSTEM);
            return;
        }
        lim.on_event = view_cmd_tee_event;
        lim.event_ctx = &tee;
    }
    grid_outcome out;
    int status, memo = 0;
    /* a count of (nearly) empty grids by memo where it pays, as dlx -c */
    if (o->cmd == CMD_COUNT && !o->search.dfs && !tee.view &&
        !o->search.have_seed && o->search.prune <= 0 && !o->search.trace)
        status = sudoku_count_memo(sv, s, &lim, &out, &memo);
    if (memo)
        ;
    else if (o->search.dfs)
        status = sudoku_solve_dfs(s, &lim, &cx->solution, &out);
    else if (o->search.threads > 1)
        status = sudoku_count_threads(sv, s, o->search.threads, &lim,
                                      &out);
    else
        /* count prints no grid: no solution to spell out */
        status = sudoku_solve_dlx(sv, s, &lim,
                                  o->cmd == CMD_COUNT ? NULL : &cx->solution,
                                  &out);
    if (tee.view) {
        if (status == SUDOKU_OK) {
            view_finish(tee.view, out.solutions, out.nodes, out.complete);
            if (view_cmd_save(tee.view, "sudoku", o->search.html,
                              o->search.tree_svg) != 0)
                cli_batch_note(&cx->search.batch, CLI_EXIT_SYSTEM);
        }
        view_free(tee.view);
        lim.on_event = tee.next;
        lim.event_ctx = tee.next_ctx;
    }
    cli_grid_done(&cx->search, &lim, branch_name, sv);
    if (status != SUDOKU_OK) {
        /* givens that clash were caught above; what is left is memory */
        cli_report(file, src->line, 0, "%s", status == SUDOKU_ECLASH
                   ? "givens clash" : "out of memory");
        cli_batch_note(&cx->search.batch, status == SUDOKU_ECLASH
                                              ? CLI_EXIT_INPUT
                                              : CLI_EXIT_SYSTEM);
        return;
    }
    print_result(cx, s, src, file, &out);
}

int main(int argc, char **argv)
{
    int status = cli_before_subcommand(argc, argv, &sudoku_command);
    if (status >= 0)
        return status;
    if (!strcmp(argv[1], "bands"))
        return sudoku_bands_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "generate"))
        return sudoku_generate_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "explain") || !strcmp(argv[1], "hint") ||
        !strcmp(argv[1], "rate"))
        return sudoku_logic_main(argc - 1, argv + 1);
    options_t o;
    if ((status = parse_args(argc, argv, &o)) >= 0) {
        free(o.files);
        return status;
    }
    context cx = { .o = &o };
    cli_grid_init(&cx.search, sudoku_command.prog, &o.search,
                  o.out_layout == SUDOKU_LAYOUT_JSON);
    cx.in.opt = o.in;
    cx.in.process = do_puzzle;
    cx.in.ctx = &cx;
    sudoku_init(&cx.in.s);
    sudoku_init(&cx.solution);
    if (o.givens) {
        cx.givens = fopen(o.givens, "r");
        if (!cx.givens) {
            cli_report(sudoku_command.prog, 0, 0, "%s: %s", o.givens,
                       strerror(errno));
            free(o.files);
            return CLI_EXIT_INPUT;
        }
        sudoku_reader_init(&cx.givens_reader, cx.givens, o.givens, &o.in);
    }
    cli_batch_files(&cx.search.batch, o.files, o.n_files, &sudoku_reader_of,
                    &cx.in);
    const char *const words[3] = {
        o.cmd == CMD_CHECK ? "valid" : o.cmd == CMD_ENCODE
                                           ? "encoded" : "with one solution",
        o.cmd == CMD_CHECK ? "invalid" : "with none",
        "with several solutions" };
    cli_grid_summary(&cx.search, words);
    if (cx.givens) {
        sudoku_reader_release(&cx.givens_reader);
        fclose(cx.givens);
    }
    sudoku_solver_free(cx.solver);
    sudoku_solver_free(cx.hinted);
    sudoku_canon_free(cx.canon);
    cli_grid_free(&cx.search);
    sudoku_release(&cx.solution);
    sudoku_release(&cx.in.s);
    free(o.files);
    return cli_exit_worse(cx.search.batch.status,
                          cli_finish_output(sudoku_command.prog));
}
