/*
 * cli.c - options, exit statuses, the batch loop and the small things
 * every command shares.
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* ---- exit statuses ---------------------------------------------------- */

static int exit_rank(int status)
{
    static const int order[] = {
#define CLI_EXIT_CODE(name, code) code,
        CLI_EXIT_LIST(CLI_EXIT_CODE)
#undef CLI_EXIT_CODE
    };
    int n = (int)(sizeof order / sizeof order[0]);
    for (int k = 0; k < n; k++)
        if (order[k] == status)
            return n - k;
    return 0;
}

int cli_exit_worse(int a, int b)
{
    return exit_rank(b) > exit_rank(a) ? b : a;
}

const char *cli_exit_order(void)
{
#define CLI_EXIT_TEXT(name, code) ", " #code
    static const char text[] = CLI_EXIT_LIST(CLI_EXIT_TEXT);
#undef CLI_EXIT_TEXT
    return text + 2;
}

/* ---- messages ---------------------------------------------------------- */

int cli_usage_error(const char *prog, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    /* "sudoku solve" has its help at "sudoku solve --help" */
    fprintf(stderr, "\nTry '%s --help' for more information.\n", prog);
    return CLI_EXIT_USAGE;
}

/* Writes s to stderr with its control bytes and DEL escaped (\n, \x1b):
 * a file name or an argument quoted in a diagnostic can then neither
 * forge a line of its own nor send a terminal escape (issue 49). */
static void put_escaped(const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n')
            fputs("\\n", stderr);
        else if (c == '\r')
            fputs("\\r", stderr);
        else if ((c < 0x20 && c != '\t') || c == 0x7f)
            fprintf(stderr, "\\x%02x", c);
        else
            fputc(c, stderr);
    }
}

void cli_report(const char *file, int line, int col, const char *fmt, ...)
{
    char where[64], small[512], *msg = small;
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof small && (msg = malloc((size_t)n + 1)) != NULL)
        vsnprintf(msg, (size_t)n + 1, fmt, again);
    va_end(again);
    if (!msg)
        msg = small; /* out of memory: the message cut short */
    if (line > 0 && col > 0)
        snprintf(where, sizeof where, ":%d:%d: ", line, col);
    else if (line > 0)
        snprintf(where, sizeof where, ":%d: ", line);
    else
        snprintf(where, sizeof where, ": ");
    put_escaped(file);
    fputs(where, stderr);
    put_escaped(n < 0 ? fmt : msg);
    fputc('\n', stderr);
    if (msg != small)
        free(msg);
}

void cli_report_diag(const char *file, const dlx_diag *d)
{
    cli_report(file, d->line, d->col, "%s", d->message);
}

/* ---- reading options -------------------------------------------------- */

void cli_parser_init(cli_parser *p, const char *prog,
                     const cli_option *options, int argc, char **argv,
                     int first)
{
    memset(p, 0, sizeof *p);
    p->prog = prog;
    p->options = options;
    p->argc = argc;
    p->argv = argv;
    p->next = first;
}

static const cli_option *find_long(const cli_option *o, const char *name,
                                   size_t len)
{
    for (; o->id; o++)
        if (o->id != CLI_HEADING && o->long_name &&
            strlen(o->long_name) == len && !memcmp(o->long_name, name, len))
            return o;
    return NULL;
}

static const cli_option *find_short(const cli_option *o, char c)
{
    for (; o->id; o++)
        if (o->id != CLI_HEADING && o->short_name == c)
            return o;
    return NULL;
}

int cli_next(cli_parser *p)
{
    p->opt = NULL;
    p->value = NULL;
    if (p->cluster && *p->cluster) {
        /* the next short option of a cluster such as -cs */
        char c = *p->cluster++;
        const cli_option *o = find_short(p->options, c);
        snprintf(p->shown, sizeof p->shown, "-%c", c);
        if (!o) {
            char q[16];
            cli_usage_error(p->prog, "unknown option %s in '%s'",
                            text_quote(&c, 1, 1, q, sizeof q),
                            p->argv[p->next - 1]);
            return CLI_BAD;
        }
        p->opt = o;
        if (o->value) {
            if (*p->cluster) {
                p->value = p->cluster;
            } else if (p->next < p->argc) {
                p->value = p->argv[p->next++];
            } else {
                cli_usage_error(p->prog, "option '%s' needs a value",
                                p->shown);
                return CLI_BAD;
            }
            p->cluster = NULL;
        }
        return o->id;
    }
    p->cluster = NULL;
    if (p->next >= p->argc)
        return CLI_DONE;
    const char *a = p->argv[p->next++];
    if (p->operands_only || a[0] != '-' || a[1] == '\0') {
        p->value = a;
        return CLI_OPERAND;
    }
    if (!strcmp(a, "--")) {
        p->operands_only = 1;
        return cli_next(p);
    }
    if (a[1] != '-') {
        p->cluster = a + 1;
        return cli_next(p);
    }
    const char *name = a + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const cli_option *o = find_long(p->options, name, len);
    snprintf(p->shown, sizeof p->shown, "--%.*s", (int)len, name);
    if (!o) {
        char q[120];
        cli_usage_error(p->prog, "unknown option %s",
                        text_quote(a, strlen(a), 40, q, sizeof q));
        return CLI_BAD;
    }
    p->opt = o;
    if (o->value) {
        if (eq) {
            p->value = eq + 1;
        } else if (p->next < p->argc) {
            p->value = p->argv[p->next++];
        } else {
            cli_usage_error(p->prog, "option '%s' needs a value",
                            p->shown);
            return CLI_BAD;
        }
    } else if (eq) {
        char q[120];
        cli_usage_error(p->prog, "option %s takes no value",
                        text_quote(a, strlen(a), 40, q, sizeof q));
        return CLI_BAD;
    }
    return o->id;
}

/* "prog: --limit: 'x' is not ..." */
static int bad_value(cli_parser *p, const char *what, ...) CLI_PRINTF(2, 3);

static int bad_value(cli_parser *p, const char *what, ...)
{
    char q[120], text[300];
    va_list ap;
    va_start(ap, what);
    vsnprintf(text, sizeof text, what, ap);
    va_end(ap);
    return cli_usage_error(p->prog, "%s: %s is not %s", p->shown,
                           text_quote(p->value, strlen(p->value), 40, q,
                                      sizeof q), text);
}

int cli_value_count(cli_parser *p, uint64_t min, uint64_t max,
                    uint64_t *out)
{
    const char *s = p->value;
    uint64_t v = 0;
    int ok = *s != '\0';
    for (; *s && ok; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0'))
                                            / 10)
            ok = 0;
        else
            v = v * 10 + (uint64_t)(*s - '0');
    }
    if (!ok || v < min || v > max) {
        if (max == UINT64_MAX && min == 0)
            return bad_value(p, "a number (0 to 2^64-1)");
        if (max == UINT64_MAX && min == 1)
            return bad_value(p, "a positive number");
        return bad_value(p, "a number from %llu to %llu",
                         (unsigned long long)min, (unsigned long long)max);
    }
    *out = v;
    return 0;
}

int cli_value_int(cli_parser *p, int min, int max, int *out)
{
    uint64_t v;
    int st = cli_value_count(p, (uint64_t)(min < 0 ? 0 : min),
                             (uint64_t)max, &v);
    if (st == 0)
        *out = (int)v;
    return st;
}

int cli_value_seconds(cli_parser *p, double *out)
{
    const char *s = p->value;
    if (!strcmp(s, "inf") || !strcmp(s, "none")) {
        *out = 0;
        return 0;
    }
    char *end;
    errno = 0;
    double v = (*s >= '0' && *s <= '9') || *s == '.' ? strtod(s, &end) : -1;
    double unit = 1;
    if (v >= 0 && *end && !end[1]) {
        unit = *end == 's' ? 1 : *end == 'm' ? 60 : *end == 'h' ? 3600
             : *end == 'd' ? 86400 : 0;
        end += unit > 0;
    }
    if (v < 0 || errno || *end || !(v > 0) || !isfinite(v) ||
        v * unit > 1e9)
        return bad_value(p, "a positive number of seconds (like 30, 1.5m, "
                         "2h; inf: no limit)");
    *out = v * unit;
    return 0;
}

int cli_value_choice(cli_parser *p, const char *const *names, int *out)
{
    int n = 0;
    for (; names[n]; n++)
        if (!strcmp(p->value, names[n])) {
            *out = n;
            return 0;
        }
    char list[400] = "";
    size_t used = 0;
    for (int k = 0; k < n && used < sizeof list - 40; k++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                 k == 0 ? "" : k == n - 1 ? " or " : ", ",
                                 names[k]);
    return bad_value(p, "%s", list);
}

int cli_value_threads(cli_parser *p, int *out)
{
    if (!strcmp(p->value, "auto")) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        *out = n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
        return 0;
    }
    uint64_t v;
    const char *s = p->value;
    int ok = *s != '\0';
    for (v = 0; *s && ok; s++) {
        ok = *s >= '0' && *s <= '9' && v <= 1024;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    if (!ok || v < 1 || v > 1024)
        return bad_value(p, "a number from 1 to 1024 (or auto)");
    *out = (int)v;
    return 0;
}

int cli_value_shard(cli_parser *p, int *k, int *n)
{
    const char *v = p->value, *slash = strchr(v, '/'), *end;
    long long a, b;
    int st_a = slash ? text_number(v, 1000000000, &a, &end) : -1;
    int ok_a = st_a != -1 && end == slash;
    int st_b = ok_a ? text_number(slash + 1, 1000000000, &b, &end) : -1;
    if (ok_a && st_a != -1 && st_b == -2 && !*end)
        return bad_value(p, "K/N with N at most 1000000000");
    if (!ok_a || st_a || st_b || *end || b < 1 || a < 1 || a > b)
        return bad_value(p, "K/N with 1 <= K <= N");
    *k = (int)a;
    *n = (int)b;
    return 0;
}

int cli_read_jobs(const char *prog, const char *file, dlx_jobs *jobs,
                  uint64_t *fingerprint)
{
    /* '-' is standard input, as for every other file */
    int std = !strcmp(file, "-");
    FILE *f = std ? stdin : fopen(file, "r");
    if (std)
        file = "<stdin>";
    if (!f) {
        cli_report(prog, 0, 0, "%s: %s", file, strerror(errno));
        return CLI_EXIT_INPUT;
    }
    dlx_diag err;
    int status = dlx_jobs_read(f, jobs, fingerprint, &err);
    if (!std)
        fclose(f);
    if (status == DLX_OK)
        return 0;
    if (err.line > 0)
        cli_report_diag(file, &err);
    else
        cli_report(prog, 0, 0, "%s: %s", file, err.message);
    return status == DLX_ENOMEM ? CLI_EXIT_SYSTEM : CLI_EXIT_INPUT;
}

int *cli_select_jobs(int n_jobs, long job, int shard_k, int shard_n, int *n)
{
    int *which = malloc(((size_t)n_jobs + 1) * sizeof *which);
    *n = 0;
    if (!which)
        return NULL;
    for (int k = 0; k < n_jobs; k++)
        if ((job < 0 && !shard_n) || k == job ||
            (shard_n && k % shard_n == shard_k - 1))
            which[(*n)++] = k;
    return which;
}

/* ---- shared options and help ----------------------------------------- */

void cli_search_init(cli_search *s)
{
    memset(s, 0, sizeof *s);
    s->threads = 1;
}

uint64_t cli_generate_seed(const cli_search *s, const char *prog)
{
    if (s->have_seed)
        return s->seed;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t seed = ((uint64_t)ts.tv_sec * 1000000007ULL) ^
                    ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)getpid();
    fprintf(stderr, "%s: seed %llu\n", prog, (unsigned long long)seed);
    return seed;
}

/* --progress (1), --no-progress (-1), or neither (0: on a terminal).
 * The one piece of state of the command layer outside its structs: the
 * option is read once per process, and every progress line of that
 * process (a command may start several) obeys it. */
static int progress_mode;

int cli_common_option(cli_parser *p, int id, const cli_command *cmd,
                      cli_search *s)
{
    switch (id) {
    case CLI_OPT_HELP:
        cli_help(stdout, cmd);
        return cli_finish_output(cmd->prog);
    case CLI_OPT_VERSION:
        printf("%s %s\n", cmd->prog, DLX_VERSION);
        return cli_finish_output(cmd->prog);
    case CLI_OPT_LIMIT:
        return cli_value_count(p, 1, UINT64_MAX, &s->limit) ? CLI_EXIT_USAGE
                                                             : -1;
    case CLI_OPT_MAX_NODES:
        return cli_value_count(p, 1, UINT64_MAX, &s->max_nodes)
                   ? CLI_EXIT_USAGE : -1;
    case CLI_OPT_TIMEOUT:
        return cli_value_seconds(p, &s->timeout) ? CLI_EXIT_USAGE : -1;
    case CLI_OPT_PROGRESS:
        progress_mode = 1;
        return -1;
    case CLI_OPT_NO_PROGRESS:
        progress_mode = -1;
        return -1;
    case CLI_OPT_THREADS:
        return cli_value_threads(p, &s->threads) ? CLI_EXIT_USAGE : -1;
    case CLI_OPT_SEED:
        s->have_seed = 1;
        return cli_value_count(p, 0, UINT64_MAX, &s->seed) ? CLI_EXIT_USAGE
                                                            : -1;
    case CLI_OPT_METHOD: {
        static const char *const methods[] = { "dlx", "dfs", NULL };
        return cli_value_choice(p, methods, &s->dfs) ? CLI_EXIT_USAGE : -1;
    }
    case CLI_OPT_HTML:
        s->html = p->value;
        return -1;
    case CLI_OPT_TREE_SVG:
        s->tree_svg = p->value;
        return -1;
    case CLI_OPT_STATS:
        s->stats = 1;
        return -1;
    case CLI_OPT_TRACE:
        s->trace = 1;
        return -1;
    case CLI_OPT_PRUNE:
    case CLI_OPT_NO_PRUNE:
        s->prune = id == CLI_OPT_PRUNE ? 1 : -1;
        return -1;
    default:
        /* an option of the table that the command forgot to handle */
        return cli_usage_error(cmd->prog, "option '%s' is not handled",
                               p->shown);
    }
}

int cli_parse(const cli_command *cmd, int argc, char **argv, int first,
              cli_search *s, const char **operands, int *n_operands,
              cli_own_fn own, void *ctx)
{
    cli_parser ps;
    cli_parser_init(&ps, cmd->prog, cmd->options, argc, argv, first);
    for (int id; (id = cli_next(&ps)) != CLI_DONE;) {
        int st;
        if (id == CLI_BAD)
            return CLI_EXIT_USAGE;
        if (id == CLI_OPERAND) {
            if (!operands)
                return cli_usage_error(cmd->prog, "unexpected argument "
                                       "'%s'", ps.value);
            operands[(*n_operands)++] = ps.value;
            continue;
        }
        if (id < CLI_OPT_OWN) {
            st = cli_common_option(&ps, id, cmd, s);
            if (st >= 0)
                return st;
        } else if ((st = own(ctx, &ps, id)) != 0) {
            return st;
        }
    }
    return -1;
}

int cli_subcommand(const char *prog, const char *name,
                   const char *const *names)
{
    for (int k = 0; names[k]; k++)
        if (!strcmp(name, names[k]))
            return k;
    char q[120];
    cli_usage_error(prog, "unknown command %s",
                    text_quote(name, strlen(name), 40, q, sizeof q));
    return -1;
}

int cli_read_result(int status)
{
    return status > 0 ? CLI_READ_ITEM : status == 0 ? CLI_READ_END
         : status == -1 ? CLI_READ_BAD : status == -3 ? CLI_READ_NOMEM
                                                      : CLI_READ_FAIL;
}

int cli_before_subcommand(int argc, char **argv, const cli_command *cmd)
{
    if (argc < 2) {
        cli_help(stderr, cmd);
        return CLI_EXIT_USAGE;
    }
    if (argv[1][0] != '-')
        return -1;
    cli_search unused;
    cli_parser ps;
    cli_parser_init(&ps, cmd->prog, cmd->options, argc, argv, 1);
    int id = cli_next(&ps);
    if (id == CLI_OPT_HELP || id == CLI_OPT_VERSION)
        return cli_common_option(&ps, id, cmd, &unused);
    if (id == CLI_BAD)
        return CLI_EXIT_USAGE;
    return cli_usage_error(cmd->prog, "a command comes first, before %s",
                           ps.shown);
}

/* Writes text wrapped at `width`, every line after the first indented
 * by `indent` (the first starts at column `col`). */
static void wrap(FILE *f, const char *text, int col, int indent, int width)
{
    const char *p = text;
    int at = col;
    while (*p) {
        if (*p == '\n') {
            fputc('\n', f);
            fprintf(f, "%*s", indent, "");
            at = indent;
            p++;
            continue;
        }
        size_t word = strcspn(p, " \n");
        if (at > indent && at + 1 + (int)word > width) {
            fprintf(f, "\n%*s", indent, "");
            at = indent;
        } else if (at > indent) {
            fputc(' ', f);
            at++;
        }
        fwrite(p, 1, word, f);
        at += (int)word;
        p += word;
        while (*p == ' ')
            p++;
    }
    fputc('\n', f);
}

void cli_help(FILE *f, const cli_command *cmd)
{
    for (int k = 0; cmd->usage[k]; k++)
        fprintf(f, "%s %s\n", k ? "      " : "Usage:", cmd->usage[k]);
    if (cmd->about)
        fprintf(f, "%s\n", cmd->about);
    for (const cli_option *o = cmd->options; o->id; o++) {
        if (o->id == CLI_HEADING) {
            fprintf(f, "\n%s\n", o->help);
            continue;
        }
        char names[64];
        int n = snprintf(names, sizeof names, "  %s%c%s%s%s%s%s",
                         o->short_name ? "-" : "   ",
                         o->short_name ? o->short_name : ' ',
                         o->short_name && o->long_name ? ", " : "",
                         o->long_name ? "--" : "",
                         o->long_name ? o->long_name : "",
                         o->value ? " " : "", o->value ? o->value : "");
        if (!o->short_name)
            n = snprintf(names, sizeof names, "      --%s%s%s", o->long_name,
                         o->value ? " " : "", o->value ? o->value : "");
        fputs(names, f);
        if (n >= 24) {
            fprintf(f, "\n%*s", 24, "");
            n = 24;
        } else {
            fprintf(f, "%*s", 24 - n, "");
            n = 24;
        }
        wrap(f, o->help, 24, 24, 79);
    }
    if (cmd->more)
        fprintf(f, "\n%s", cmd->more);
    fprintf(f, "\nAn option's value follows it (--limit 2) or is joined to it "
            "(--limit=2,\n-l2); short options cluster (-st); -- ends the "
            "options.\n");
    fprintf(f, "\nExit status (when several apply, the first in this order: "
            "%s):\n", cli_exit_order());
    for (int code = 0; code <= 6; code++) {
        /* a command may say more about its usage status */
        const char *what = code == CLI_EXIT_USAGE && !cmd->exits[code]
                         ? "usage error" : cmd->exits[code];
        if (!what)
            continue;
        fprintf(f, "  %d  ", code);
        wrap(f, what, 5, 5, 79);
    }
}

/* ---- output ---------------------------------------------------------- */

int cli_finish_output(const char *prog)
{
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: error writing output: %s\n", prog,
                strerror(errno ? errno : EIO));
        return CLI_EXIT_SYSTEM;
    }
    /* statistics and summaries go to stderr: lost, they are a failure
     * too, though there is nowhere left to say so */
    if (fflush(stderr) != 0 || ferror(stderr))
        return CLI_EXIT_SYSTEM;
    return 0;
}

void cli_json_string(FILE *f, const char *s)
{
    text_json_string(f, s, 0);
}

void cli_json_error(FILE *f, const char *file, int line, const char *message)
{
    fprintf(f, "{\"file\":");
    cli_json_string(f, file);
    fprintf(f, ",\"line\":%d,\"status\":\"error\",\"error\":", line);
    cli_json_string(f, message);
    fprintf(f, "}\n");
}

double cli_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

long cli_peak_memory_kb(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return ru.ru_maxrss; /* kilobytes on Linux and the BSDs */
}

/* ---- progress -------------------------------------------------------- */

void cli_progress_start(cli_progress *p)
{
    int tty = isatty(STDERR_FILENO);
    p->on = progress_mode > 0 || (progress_mode == 0 && tty);
    p->log = !tty;
    /* a log's interval: EXCOVER_PROGRESS_SECONDS, else 10 s */
    const char *e = getenv("EXCOVER_PROGRESS_SECONDS");
    char *end;
    p->every = e ? strtod(e, &end) : 10;
    if (!e || end == e || *end || !(p->every >= 0.01 && p->every <= 1e6))
        p->every = 10;
    p->start = p->last = cli_seconds();
}

static double progress_interval(const cli_progress *p)
{
    return p->log ? p->every : 0.5;
}

int cli_progress_due(const cli_progress *p)
{
    return p->on && cli_seconds() - p->last >= progress_interval(p);
}

void cli_progress_show(cli_progress *p, const char *fmt, ...)
{
    if (!p->on)
        return;
    double now = cli_seconds();
    if (now - p->last < progress_interval(p))
        return;
    p->last = now;
    va_list ap;
    if (!p->log)
        fputs("\r\033[K", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (p->log)
        fputc('\n', stderr);
    fflush(stderr);
}

static const char *duration(char *buf, size_t size, double s)
{
    if (s < 60)
        snprintf(buf, size, "%.0fs", s);
    else if (s < 3600)
        snprintf(buf, size, "%.0fm %02.0fs", floor(s / 60),
                 floor(fmod(s, 60)));
    else if (s < 86400 * 3)
        snprintf(buf, size, "%.0fh %02.0fm", floor(s / 3600),
                 floor(fmod(s, 3600) / 60));
    else
        snprintf(buf, size, "%.0f days", s / 86400);
    return buf;
}

const char *cli_progress_eta(char *buf, size_t size, double fraction,
                             double seconds)
{
    char left[32];
    if (fraction < 0 || fraction > 1) {
        buf[0] = 0;
    } else if (fraction <= 0 || seconds < 1) {
        snprintf(buf, size, "%.4f done, ", fraction);
    } else {
        /* the tree done so far took `seconds`: the rest at the same
         * rate (Knuth's estimate; it jumps where subtrees differ) */
        double rest = seconds * (1 - fraction) / fraction;
        snprintf(buf, size, "%.4f done, about %s left, ", fraction,
                 rest > 1e9 ? "ages" : duration(left, sizeof left, rest));
    }
    return buf;
}

void cli_progress_made(cli_progress *p, uint64_t done, uint64_t count)
{
    if (count > 1)
        cli_progress_show(p, "%" PRIu64 " of %" PRIu64 " puzzles, %.0f/s",
                          done, count,
                          (double)done / (cli_seconds() - p->start));
}

void cli_progress_clear(cli_progress *p)
{
    if (p->on && !p->log && p->last > p->start)
        fputs("\r\033[K", stderr);
}

/* ---- batches --------------------------------------------------------- */

void cli_batch_init(cli_batch *b, const char *prog)
{
    memset(b, 0, sizeof *b);
    b->prog = prog;
    b->start = cli_seconds();
}

void cli_batch_note(cli_batch *b, int status)
{
    b->status = cli_exit_worse(b->status, status);
}

/* Whether a file name that does not exist looks like a puzzle typed on
 * the command line (a run of givens such as "4.....8.5", or a Solo or
 * Keen ID such as "3x3:..." or "4:_3a..."), the habit of a new user. */
static int looks_like_puzzle(const char *name)
{
    if (strchr(name, '/'))
        return 0;
    if (strchr(name, ':'))
        return 1;
    int run = 0;
    for (const char *c = name; *c; c++) {
        run = (*c == '.' || (*c >= '0' && *c <= '9')) ? run + 1 : 0;
        if (run >= 4)
            return 1;
    }
    return 0;
}

static void one_file(cli_batch *b, const char *file, const cli_reader *rd,
                     void *ctx)
{
    int std = !strcmp(file, "-");
    const char *shown = std ? "<stdin>" : file;
    FILE *f = std ? stdin : fopen(file, "r");
    if (!f && errno == ENOENT && looks_like_puzzle(file)) {
        cli_report(b->prog, 0, 0,
                   "%s: %s (puzzles are read from FILEs or standard "
                   "input, not from arguments: echo 'PUZZLE' | %s solve)",
                   shown, strerror(ENOENT), b->prog);
        cli_batch_note(b, CLI_EXIT_INPUT);
        return;
    }
    if (!f) {
        cli_report(b->prog, 0, 0, "%s: %s", shown, strerror(errno));
        cli_batch_note(b, CLI_EXIT_INPUT);
        return;
    }
    if (rd->open(ctx, f, shown) != 0) {
        cli_report(b->prog, 0, 0, "%s: out of memory", shown);
        cli_batch_note(b, CLI_EXIT_SYSTEM);
        if (!std)
            fclose(f);
        return;
    }
    uint64_t before = b->inputs;
    int failed = 0;
    for (;;) {
        int line = 0;
        dlx_diag err;
        memset(&err, 0, sizeof err);
        int got = rd->next(ctx, &line, &err);
        if (got == CLI_READ_END)
            break;
        if (got == CLI_READ_FAIL || got == CLI_READ_NOMEM) {
            if (err.line > 0)
                cli_report_diag(shown, &err);
            else
                cli_report(b->prog, 0, 0, "%s: %s", shown, err.message);
            cli_batch_note(b, got == CLI_READ_NOMEM ? CLI_EXIT_SYSTEM
                                                    : CLI_EXIT_INPUT);
            failed = 1;
            break;
        }
        b->inputs++;
        if (got == CLI_READ_BAD) {
            b->unreadable++;
            cli_batch_note(b, CLI_EXIT_INPUT);
            cli_report_diag(shown, &err);
            if (b->json)
                cli_json_error(stdout, shown, err.line, err.message);
        } else {
            rd->process(ctx, shown, line);
        }
        if (ferror(stdout))
            break;
    }
    if (b->inputs == before && !failed && !ferror(stdout)) {
        /* an empty file is a mistake worth a word, not a silent 0 */
        cli_report(b->prog, 0, 0, "%s: no puzzle in the input", shown);
        cli_batch_note(b, CLI_EXIT_INPUT);
    }
    rd->close(ctx);
    if (!std)
        fclose(f);
}

void cli_batch_files(cli_batch *b, const char *const *files, int n,
                     const cli_reader *reader, void *ctx)
{
    static const char *const standard_input[] = { "-" };
    if (n == 0) {
        files = standard_input;
        n = 1;
    }
    for (int k = 0; k < n && !ferror(stdout); k++)
        one_file(b, files[k], reader, ctx);
}

const char *cli_verdict(cli_batch *b, cli_tally *t, const char *file,
                        int line, const cli_found *f, int one_wanted,
                        int quiet)
{
    t->nodes += f->nodes;
    if (!f->complete && (!one_wanted || f->solutions < 2)) {
        t->cut++;
        cli_batch_note(b, CLI_EXIT_CUT);
        cli_report(file, line, 0, "search cut short (%s) after %llu nodes, "
                   "%llu solution%s found", f->by_nodes ? "node limit"
                                                        : "time limit",
                   (unsigned long long)f->nodes,
                   (unsigned long long)f->solutions,
                   f->solutions == 1 ? "" : "s");
        return "cut short";
    }
    if (f->solutions == 0) {
        t->none++;
        cli_batch_note(b, CLI_EXIT_NONE);
        if (one_wanted && !quiet)
            cli_report(file, line, 0, "no solution");
        return "none";
    }
    if (f->solutions == 1) {
        t->one++;
        return "solved";
    }
    t->several++;
    if (one_wanted) {
        cli_batch_note(b, CLI_EXIT_SEVERAL);
        if (!quiet)
            cli_report(file, line, 0, "several solutions (the first is "
                       "printed)");
    }
    return "several";
}

void cli_print_count(FILE *f, const char *count, int complete)
{
    /* a line per puzzle of a million: no format to parse */
    fputs(count, f);
    if (!complete)
        putc('+', f);
    putc('\n', f);
}

void cli_batch_summary(const cli_batch *b, const char *what,
                       const char *const *words, const uint64_t *counts,
                       int n, uint64_t nodes)
{
    double seconds = cli_seconds() - b->start;
    fprintf(stderr, "%s: %llu %s%s:", b->prog,
            (unsigned long long)b->inputs, what, b->inputs == 1 ? "" : "s");
    for (int k = 0; k < n; k++)
        fprintf(stderr, "%s%llu %s", k ? ", " : " ",
                (unsigned long long)counts[k], words[k]);
    fprintf(stderr, "; %llu nodes, %.3f s, %.0f %ss/s, peak memory %.1f "
            "MB\n", (unsigned long long)nodes, seconds,
            seconds > 0 ? (double)b->inputs / seconds : 0, what,
            (double)cli_peak_memory_kb() / 1024.0);
}
