/*
 * dlx - solve an exact cover problem given in Knuth's text format.
 *
 * Thin: parse arguments, read, run one search, print.  The work is in
 * libdlx (dlx.h, dlx_read.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_read.h"

enum {
    EXIT_FOUND = 0,     /* at least one solution (--unique: exactly one) */
    EXIT_NONE = 1,      /* no solution */
    EXIT_SEVERAL = 2,   /* --unique: more than one solution */
    EXIT_INPUT = 3,     /* the input could not be read */
    EXIT_USAGE = 4,     /* bad command line */
    EXIT_CUT = 5,       /* --max-nodes or --timeout stopped the search */
    EXIT_SYSTEM = 6     /* out of memory, or output could not be written */
};

static const char usage_text[] =
"Usage: dlx [OPTION]... [FILE]\n"
"Solve the exact cover problem in FILE (Knuth's dlx1/dlx2 text format;\n"
"standard input when FILE is - or absent) with Dancing Links.\n"
"\n"
"What to do (default: print every solution):\n"
"  -c, --count          print only the number of solutions\n"
"  -u, --unique         say whether there is no, one, or more than one\n"
"                       solution (stops at the second: --limit 2)\n"
"  -1, --first          print the first solution only (--limit 1)\n"
"  -l, --limit N        stop after N solutions\n"
"  -p, --print N        print at most N solutions, but keep counting\n"
"      --json           solutions and summary as JSON lines\n"
"\n"
"Search:\n"
"      --seed S         break ties and order options at random from seed S\n"
"                       (same seed, same search)\n"
"      --max-nodes N    stop after N search nodes (reported as cut short)\n"
"      --timeout SEC    stop after SEC seconds (reported as cut short)\n"
"\n"
"Seeing the search:\n"
"  -s, --stats          print nodes, updates, time and updates/s on stderr\n"
"      --levels         with --stats: the number of nodes at each level\n"
"  -t, --trace          print every choice and backtrack on stdout\n"
"\n"
"  -h, --help           this text\n"
"  -V, --version        the version\n"
"\n"
"Solutions are printed as the chosen options, one per line as in the\n"
"input, in the order chosen; a blank line ends each solution.\n"
"\n"
"Exit status:\n"
"  0  a solution was found (--unique: exactly one)\n"
"  1  no solution\n"
"  2  --unique: more than one solution\n"
"  3  the input is not valid (file:line:col: message on stderr)\n"
"  4  usage error\n"
"  5  the search was cut short by --max-nodes or --timeout\n"
"  6  out of memory, or the output could not be written\n";

typedef struct options {
    const char *file;
    int count_only, unique, json, stats, levels, trace;
    uint64_t limit;
    uint64_t print;      /* UINT64_MAX: all */
    int randomize;
    uint64_t seed;
    uint64_t max_nodes;
    double timeout;
} options;

typedef struct run {
    const options *opt;
    const dlx_problem *p;
    uint64_t printed;
    int write_error;
} run;

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "dlx: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'dlx --help' for more information.\n");
    return EXIT_USAGE;
}

static int parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return 0;
    *out = v;
    return 1;
}

static int parse_seconds(const char *s, double *out)
{
    if (!s || !*s)
        return 0;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !(v > 0) || v > 1e9)
        return 0;
    *out = v;
    return 1;
}

/* Returns -1 to go on, or an exit status. */
static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->print = UINT64_MAX;
    int files = 0;
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        const char *val = NULL;
        /* options that take a value: --name=V or --name V */
        static const char *const with_value[] = {
            "--limit", "-l", "--print", "-p", "--seed", "--max-nodes",
            "--timeout", NULL };
        const char *name = a;
        char namebuf[32];
        const char *eq = strncmp(a, "--", 2) == 0 ? strchr(a, '=') : NULL;
        if (eq && (size_t)(eq - a) < sizeof namebuf) {
            memcpy(namebuf, a, (size_t)(eq - a));
            namebuf[eq - a] = '\0';
            name = namebuf;
            val = eq + 1;
        }
        int takes = 0;
        for (int j = 0; with_value[j]; j++)
            takes |= strcmp(name, with_value[j]) == 0;
        if (takes && !val) {
            if (k + 1 >= argc)
                return usage_error("option '%s' needs a value", a);
            val = argv[++k];
        } else if (!takes && val) {
            return usage_error("option '%s' takes no value", a);
        }
        if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
            fputs(usage_text, stdout);
            return 0;
        } else if (!strcmp(name, "-V") || !strcmp(name, "--version")) {
            printf("dlx %s\n", DLX_VERSION);
            return 0;
        } else if (!strcmp(name, "-c") || !strcmp(name, "--count")) {
            o->count_only = 1;
        } else if (!strcmp(name, "-u") || !strcmp(name, "--unique")) {
            o->unique = 1;
        } else if (!strcmp(name, "-1") || !strcmp(name, "--first")) {
            o->limit = 1;
        } else if (!strcmp(name, "--json")) {
            o->json = 1;
        } else if (!strcmp(name, "-s") || !strcmp(name, "--stats")) {
            o->stats = 1;
        } else if (!strcmp(name, "--levels")) {
            o->stats = o->levels = 1;
        } else if (!strcmp(name, "-t") || !strcmp(name, "--trace")) {
            o->trace = 1;
        } else if (!strcmp(name, "-l") || !strcmp(name, "--limit")) {
            if (!parse_u64(val, &o->limit) || o->limit == 0)
                return usage_error("--limit: '%s' is not a positive number",
                                   val);
        } else if (!strcmp(name, "-p") || !strcmp(name, "--print")) {
            if (!parse_u64(val, &o->print))
                return usage_error("--print: '%s' is not a number", val);
        } else if (!strcmp(name, "--seed")) {
            if (!parse_u64(val, &o->seed))
                return usage_error("--seed: '%s' is not a number", val);
            o->randomize = 1;
        } else if (!strcmp(name, "--max-nodes")) {
            if (!parse_u64(val, &o->max_nodes) || o->max_nodes == 0)
                return usage_error("--max-nodes: '%s' is not a positive "
                                   "number", val);
        } else if (!strcmp(name, "--timeout")) {
            if (!parse_seconds(val, &o->timeout))
                return usage_error("--timeout: '%s' is not a positive number "
                                   "of seconds", val);
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else {
            if (files++)
                return usage_error("more than one input file ('%s')", a);
            o->file = a;
        }
    }
    if (o->unique && o->limit == 0)
        o->limit = 2;
    if (o->count_only || o->unique)
        o->print = 0;
    return -1;
}

static void write_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static int on_solution(void *ctx, const int *chosen, int n)
{
    run *r = ctx;
    if (r->printed >= r->opt->print)
        return 0;
    r->printed++;
    FILE *f = stdout;
    if (r->opt->json) {
        fprintf(f, "{\"solution\":%" PRIu64 ",\"options\":[", r->printed);
        for (int k = 0; k < n; k++)
            fprintf(f, "%s%d", k ? "," : "", chosen[k]);
        fputs("],\"lines\":[", f);
        for (int k = 0; k < n; k++)
            fprintf(f, "%s%d", k ? "," : "", r->p->option_line[chosen[k]]);
        fputs("]}\n", f);
    } else {
        for (int k = 0; k < n; k++) {
            dlx_write_option(f, r->p, chosen[k]);
            fputc('\n', f);
        }
        fputc('\n', f);
    }
    if (ferror(f)) {
        r->write_error = 1;
        return 1;
    }
    return 0;
}

static void on_trace(void *ctx, const dlx_event *ev)
{
    const run *r = ctx;
    FILE *f = stdout;
    int indent = ev->level < 0 ? 0 : 2 * ev->level;
    if (r->opt->json) {
        static const char *const kind[] = { "choose", "try", "solution",
                                            "backtrack" };
        fprintf(f, "{\"event\":\"%s\",\"level\":%d", kind[ev->kind],
                ev->level);
        if (ev->item >= 0) {
            fputs(",\"item\":", f);
            write_json_string(f, r->p->item_names[ev->item]);
        }
        if (ev->kind == DLX_EV_CHOOSE)
            fprintf(f, ",\"options\":%d", ev->count);
        if (ev->kind == DLX_EV_TRY)
            fprintf(f, ",\"option\":%d,\"index\":%d,\"of\":%d", ev->option,
                    ev->index, ev->count);
        fputs("}\n", f);
        return;
    }
    switch (ev->kind) {
    case DLX_EV_CHOOSE:
        fprintf(f, "%*slevel %d: item %s has %d option%s%s\n", indent, "",
                ev->level, r->p->item_names[ev->item], ev->count,
                ev->count == 1 ? "" : "s", ev->count ? "" : ": dead end");
        break;
    case DLX_EV_TRY:
        fprintf(f, "%*s  try %d/%d: ", indent, "", ev->index + 1, ev->count);
        dlx_write_option(f, r->p, ev->option);
        fputc('\n', f);
        break;
    case DLX_EV_SOLUTION:
        fprintf(f, "%*s  -> every item covered: a solution\n", indent, "");
        break;
    case DLX_EV_BACKTRACK:
        fprintf(f, "%*sbacktrack from level %d (item %s done)\n", indent, "",
                ev->level, r->p->item_names[ev->item]);
        break;
    }
}

static void print_stats(const options *o, const dlx_result *res)
{
    char count[DLX_COUNT_STRLEN];
    dlx_count_str(res->solutions, count);
    double rate = res->seconds > 0 ? (double)res->updates / res->seconds : 0;
    fprintf(stderr,
            "solutions: %s\nnodes: %" PRIu64 "\nupdates: %" PRIu64
            "\nseconds: %.6f\nupdates/s: %.0f\nmax level: %d\nend: %s\n",
            count, res->nodes, res->updates, res->seconds, rate,
            res->max_level, dlx_outcome_str(res->outcome));
    if (o->levels)
        for (int l = 0; l < res->n_levels; l++)
            fprintf(stderr, "level %d: %" PRIu64 " nodes\n", l,
                    res->level_nodes[l]);
}

static int read_input(const options *o, dlx_problem **p)
{
    const char *name = o->file && strcmp(o->file, "-") ? o->file : NULL;
    const char *shown = name ? name : "<stdin>";
    FILE *f = name ? fopen(name, "rb") : stdin;
    if (!f) {
        fprintf(stderr, "dlx: %s: %s\n", shown, strerror(errno));
        return EXIT_INPUT;
    }
    dlx_diag err;
    errno = 0;
    int status = dlx_read_file(f, p, &err);
    int saved = errno;
    if (name)
        fclose(f);
    if (status == DLX_ENOMEM) {
        fprintf(stderr, "dlx: %s: out of memory\n", shown);
        return EXIT_SYSTEM;
    }
    if (status != DLX_OK) {
        if (err.line == 0)
            fprintf(stderr, "dlx: %s: %s\n", shown,
                    saved ? strerror(saved) : err.message);
        else if (err.col == 0)
            fprintf(stderr, "%s:%d: %s\n", shown, err.line, err.message);
        else
            fprintf(stderr, "%s:%d:%d: %s\n", shown, err.line, err.col,
                    err.message);
        return EXIT_INPUT;
    }
    for (int k = 0; k < (*p)->n_warnings; k++) {
        const dlx_diag *w = &(*p)->warnings[k];
        fprintf(stderr, "%s:%d:%d: warning: %s\n", shown, w->line, w->col,
                w->message);
    }
    return -1;
}

int main(int argc, char **argv)
{
    options o;
    int status = parse_args(argc, argv, &o);
    if (status >= 0)
        return status;
    dlx_problem *p = NULL;
    status = read_input(&o, &p);
    if (status >= 0)
        return status;

    run r = { &o, p, 0, 0 };
    dlx_search s = dlx_search_defaults();
    s.max_solutions = o.limit;
    s.max_nodes = o.max_nodes;
    s.max_seconds = o.timeout;
    s.randomize = o.randomize;
    s.seed = o.seed;
    if (o.print > 0) {
        s.on_solution = on_solution;
        s.solution_ctx = &r;
    }
    if (o.trace) {
        s.on_trace = on_trace;
        s.trace_ctx = &r;
    }
    dlx_result res;
    int rc = dlx_solve(p->matrix, &s, &res);
    if (rc != DLX_OK) {
        fprintf(stderr, "dlx: %s\n", dlx_strerror(rc));
        dlx_problem_free(p);
        return EXIT_SYSTEM;
    }

    char count[DLX_COUNT_STRLEN];
    dlx_count_str(res.solutions, count);
    int cut = res.outcome == DLX_STOP_NODES || res.outcome == DLX_STOP_TIME;
    uint64_t found = dlx_count_u64(res.solutions);
    const char *verdict = found == 0 ? "none" : found == 1 ? "unique"
                                                           : "several";
    if (o.json) {
        printf("{\"solutions\":%s,\"complete\":%s,\"end\":\"%s\","
               "\"nodes\":%" PRIu64 ",\"updates\":%" PRIu64
               ",\"seconds\":%.6f",
               count, res.outcome == DLX_COMPLETE ? "true" : "false",
               dlx_outcome_str(res.outcome), res.nodes, res.updates,
               res.seconds);
        if (o.unique)
            printf(",\"verdict\":\"%s\"", cut && found < 2 ? "unknown"
                                                            : verdict);
        printf("}\n");
    } else if (o.unique) {
        printf("%s\n", cut && found < 2 ? "unknown" : verdict);
    } else if (o.count_only) {
        printf("%s\n", count);
    }
    if (cut)
        fprintf(stderr, "dlx: search cut short (%s) after %" PRIu64
                " nodes: %s solution%s found so far\n",
                dlx_outcome_str(res.outcome), res.nodes, count,
                found == 1 ? "" : "s");
    if (o.stats)
        print_stats(&o, &res);
    dlx_problem_free(p);

    if (fflush(stdout) != 0 || ferror(stdout) || r.write_error) {
        fprintf(stderr, "dlx: error writing output: %s\n", strerror(errno));
        return EXIT_SYSTEM;
    }
    if (cut)
        return EXIT_CUT;
    if (found == 0)
        return EXIT_NONE;
    if (o.unique && found > 1)
        return EXIT_SEVERAL;
    return EXIT_FOUND;
}
