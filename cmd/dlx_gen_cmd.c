/*
 * dlx gen, dlx dfs - the teaching subcommands of dlx: write a well-known
 * exact cover problem for dlx to solve, and run the course's naive
 * depth-first search beside it.
 *
 * Thin: arguments and printing; the problems and the searches are in
 * problems/ (problems.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_gen_cmd.h"
#include "dlx_util.h"
#include "problems.h"

/* The exit codes of dlx (dlx --help). */
enum {
    EXIT_FOUND = 0, EXIT_NONE = 1, EXIT_INPUT = 3, EXIT_USAGE = 4,
    EXIT_CUT = 5, EXIT_SYSTEM = 6
};

static int usage_error(const char *what, const char *fmt, const char *arg)
{
    fprintf(stderr, "dlx %s: ", what);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'dlx %s --help' for more information.\n", what);
    return EXIT_USAGE;
}

/* ---- dlx gen ---------------------------------------------------------------- */

static void gen_usage(FILE *f)
{
    fputs("Usage: dlx gen KIND ARG [--reduce] [-o FILE]\n"
          "Write a well-known exact cover problem in Knuth's format, for "
          "dlx:\n\n", f);
    for (int k = 0; k < PROBLEMS_N_KINDS; k++) {
        const problems_info *in = problems_info_of((problems_kind)k);
        char head[40];
        snprintf(head, sizeof head, "%s %s", in->name, in->arg);
        fprintf(f, "  %-18s %s\n", head, in->what);
        if (in->reduce)
            fprintf(f, "  %-18s   --reduce: %s\n", "", in->reduce);
    }
    fputs("\nBoards are RxC: R rows of C cells (pentominoes 6x10, 5x12, "
          "8x8-2x2).\n"
          "A set FILE lists one subset a line ('NAME: a b c' or 'a b c'), "
          "'#' comments,\n"
          "and optionally first '= a b c ...', the set to cover.\n"
          "\nOptions:\n"
          "  -r, --reduce       count one solution per symmetry class (see "
          "above)\n"
          "  -o, --output FILE  write to FILE instead of standard output\n"
          "  -h, --help         this text\n"
          "\nExamples:\n"
          "  dlx gen queens 8 | dlx -c                      92\n"
          "  dlx gen pentominoes 6x10 --reduce | dlx -c     2339\n"
          "  dlx gen permutations 3 | dlx                   the 6 orders "
          "of 1 2 3\n"
          "\nExit status: 0 written; 3 the set list cannot be read (file:"
          "line:col:\nmessage); 4 usage error; 6 out of memory or the "
          "output could not be written.\n", f);
}

int dlx_gen_main(int argc, char **argv)
{
    const char *kind_name = NULL, *arg = NULL, *output = NULL;
    int reduce = 0;
    static const char *const with_value[] = { "--output", "-o", NULL };
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        dlx_arg opt;
        int bad = dlx_next_arg(argc, argv, &k, with_value, &opt);
        if (bad)
            return usage_error("gen", dlx_arg_error(bad), a);
        if (!strcmp(opt.name, "-h") || !strcmp(opt.name, "--help")) {
            gen_usage(stdout);
            return EXIT_FOUND;
        } else if (!strcmp(opt.name, "-r") || !strcmp(opt.name, "--reduce")) {
            reduce = 1;
        } else if (!strcmp(opt.name, "-o") || !strcmp(opt.name, "--output")) {
            output = opt.value;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("gen", "unknown option '%s'", a);
        } else if (!kind_name) {
            kind_name = a;
        } else if (!arg) {
            arg = a;
        } else {
            return usage_error("gen", "one KIND and one ARG, and '%s' is a "
                               "third", a);
        }
    }
    if (!kind_name)
        return usage_error("gen", "%s", "which problem? (KIND ARG)");
    int kind = problems_find(kind_name);
    if (kind < 0)
        return usage_error("gen", "unknown kind of problem '%s'", kind_name);
    problems_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.reduce = reduce;
    problems_error err;
    if (problems_parse((problems_kind)kind, arg, &spec, &err) != PROBLEMS_OK)
        return usage_error("gen", "%s", err.message);
    const problems_info *info = problems_info_of((problems_kind)kind);
    if (reduce && !info->reduce)
        return usage_error("gen", "%s has no symmetry to --reduce",
                           info->name);

    const char *list_shown = NULL;
    if (kind == PROBLEMS_SET) {
        int std = !strcmp(arg, "-");
        list_shown = std ? "<stdin>" : arg;
        spec.list = std ? stdin : fopen(arg, "rb");
        if (!spec.list) {
            fprintf(stderr, "dlx gen: %s: %s\n", arg, strerror(errno));
            return EXIT_INPUT;
        }
        spec.list_name = list_shown;
    }
    FILE *out = output ? fopen(output, "w") : stdout;
    if (!out) {
        fprintf(stderr, "dlx gen: %s: %s\n", output, strerror(errno));
        if (spec.list && spec.list != stdin)
            fclose(spec.list);
        return EXIT_SYSTEM;
    }
    int status = problems_write(out, &spec, &err);
    if (spec.list && spec.list != stdin)
        fclose(spec.list);
    int rc = EXIT_FOUND;
    if (status == PROBLEMS_EINPUT) {
        if (list_shown && err.line && err.col)
            fprintf(stderr, "%s:%d:%d: %s\n", list_shown, err.line, err.col,
                    err.message);
        else if (list_shown && err.line)
            fprintf(stderr, "%s:%d: %s\n", list_shown, err.line,
                    err.message);
        else if (list_shown)
            fprintf(stderr, "%s: %s\n", list_shown, err.message);
        else
            return usage_error("gen", "%s", err.message);
        rc = EXIT_INPUT;
    } else if (status == PROBLEMS_ENOMEM) {
        fprintf(stderr, "dlx gen: out of memory\n");
        rc = EXIT_SYSTEM;
    }
    if ((output ? fclose(out) : fflush(out)) != 0 ||
        status == PROBLEMS_EWRITE) {
        fprintf(stderr, "dlx gen: error writing %s: %s\n",
                output ? output : "output", strerror(errno));
        rc = EXIT_SYSTEM;
    }
    return rc;
}

/* ---- dlx dfs ---------------------------------------------------------------- */

static const char dfs_usage_text[] =
"Usage: dlx dfs permutations|queens N [OPTION]...\n"
"The course's naive depth-first search, to set beside Dancing Links:\n"
"fill position 1, then 2, ..., with the values in order, skip a value\n"
"already used (queens: a column or diagonal already attacked), back up\n"
"when a position has no value left.\n"
"\n"
"  -c, --count        print only the number of solutions\n"
"  -l, --limit N      stop after N solutions\n"
"      --max-nodes N  stop after N values placed (reported, exit 5)\n"
"  -t, --trace        every step: p3 = 2, backtrack: no value left for p3\n"
"  -s, --stats        solutions, nodes (values placed) and time on stderr\n"
"  -h, --help         this text\n"
"\n"
"Solutions are printed one a line: the values of positions 1..N\n"
"(queens: the column of the queen of each row).\n"
"\n"
"The same count by Dancing Links:\n"
"  dlx dfs permutations 9 -c              362880\n"
"  dlx gen permutations 9 | dlx -c        362880\n"
"\n"
"Exit status: 0 a solution was found; 1 none; 4 usage error; 5 cut short\n"
"by --max-nodes; 6 the output could not be written.\n";

typedef struct dfs_run {
    int count_only;
    int write_error;
} dfs_run;

static int dfs_solution(void *ctx, const int *values, int n)
{
    dfs_run *r = ctx;
    if (r->count_only)
        return 0;
    for (int k = 0; k < n; k++)
        printf(k ? " %d" : "%d", values[k]);
    putchar('\n');
    if (ferror(stdout)) {
        r->write_error = 1;
        return 1;
    }
    return 0;
}

static void dfs_step(void *ctx, const char *text, int level)
{
    (void)ctx;
    printf("%*s%s\n", 2 * level, "", text);
}

int dlx_dfs_main(int argc, char **argv)
{
    const char *kind = NULL, *arg = NULL;
    dfs_run run = { 0, 0 };
    int trace = 0, stats = 0;
    problems_limits lim;
    memset(&lim, 0, sizeof lim);
    static const char *const with_value[] = { "--limit", "-l", "--max-nodes",
                                              NULL };
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        dlx_arg opt;
        int bad = dlx_next_arg(argc, argv, &k, with_value, &opt);
        if (bad)
            return usage_error("dfs", dlx_arg_error(bad), a);
        const char *name = opt.name, *val = opt.value;
        if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
            fputs(dfs_usage_text, stdout);
            return EXIT_FOUND;
        } else if (!strcmp(name, "-c") || !strcmp(name, "--count")) {
            run.count_only = 1;
        } else if (!strcmp(name, "-t") || !strcmp(name, "--trace")) {
            trace = 1;
        } else if (!strcmp(name, "-s") || !strcmp(name, "--stats")) {
            stats = 1;
        } else if (!strcmp(name, "-l") || !strcmp(name, "--limit")) {
            if (!dlx_parse_u64(val, &lim.max_solutions) ||
                lim.max_solutions == 0)
                return usage_error("dfs", "--limit: '%s' is not a positive "
                                   "number", val);
        } else if (!strcmp(name, "--max-nodes")) {
            if (!dlx_parse_u64(val, &lim.max_nodes) || lim.max_nodes == 0)
                return usage_error("dfs", "--max-nodes: '%s' is not a "
                                   "positive number", val);
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("dfs", "unknown option '%s'", a);
        } else if (!kind) {
            kind = a;
        } else if (!arg) {
            arg = a;
        } else {
            return usage_error("dfs", "one KIND and one N, and '%s' is a "
                               "third", a);
        }
    }
    if (!kind || (strcmp(kind, "permutations") && strcmp(kind, "queens")))
        return usage_error("dfs", "%s", "which search? permutations N or "
                           "queens N");
    uint64_t n;
    if (!arg || !dlx_parse_u64(arg, &n) || n < 1 || n > PROBLEMS_MAX_DFS) {
        char msg[80];
        snprintf(msg, sizeof msg, "N: '%%s' is not a number from 1 to %d",
                 PROBLEMS_MAX_DFS);
        return usage_error("dfs", msg, arg ? arg : "");
    }
    lim.on_solution = dfs_solution;
    lim.solution_ctx = &run;
    if (trace)
        lim.on_step = dfs_step;
    problems_outcome out;
    int status = !strcmp(kind, "queens")
                     ? problems_queens_dfs((int)n, &lim, &out)
                     : problems_permutations_dfs((int)n, &lim, &out);
    if (status != PROBLEMS_OK) {
        fprintf(stderr, "dlx dfs: out of memory\n");
        return EXIT_SYSTEM;
    }
    if (run.count_only)
        printf("%" PRIu64 "\n", out.solutions);
    if (stats)
        fprintf(stderr, "solutions: %" PRIu64 "\nnodes: %" PRIu64
                "\nseconds: %.6f\n", out.solutions, out.nodes, out.seconds);
    if (!out.complete)
        fprintf(stderr, "dlx dfs: search cut short (node limit reached) "
                "after %" PRIu64 " nodes: %" PRIu64 " solutions found so "
                "far\n", out.nodes, out.solutions);
    if (fflush(stdout) != 0 || ferror(stdout) || run.write_error) {
        fprintf(stderr, "dlx dfs: error writing output: %s\n",
                strerror(errno));
        return EXIT_SYSTEM;
    }
    if (!out.complete)
        return EXIT_CUT;
    return out.solutions ? EXIT_FOUND : EXIT_NONE;
}
