/*
 * cli.h - what every command of the project does alike, written once:
 * reading options and their values, exit statuses and which one wins,
 * the loop over input files, located messages and JSON error records,
 * the search options every solver shares, progress on a terminal, and
 * checking that the output was written.
 *
 * A command declares its options in a table (cli_option), shared options
 * included by the macros below, so that its --help, its parsing and the
 * tests that run one table of options through every command all read the
 * same list.  Nothing here knows about puzzles.
 *
 *   argv --> cli_next() --> option ids --> the command's switch
 *                                     \--> cli_common_option() for the
 *                                          shared ones (help, version,
 *                                          --limit, --timeout, ...)
 *   files --> cli_batch_files() --> reader callbacks (open, next,
 *                                    process, close) of the command
 */
#ifndef CLI_H
#define CLI_H

#include <stdint.h>
#include <stdio.h>

#include "dlx.h"
#include "dlx_parallel.h"
#include "dlx_read.h"
#include "text.h"

#define CLI_PRINTF TEXT_PRINTF

/* ---- exit statuses -------------------------------------------------- */

/* Every command exits with one of these.  The table is in precedence
 * order: when several apply to a run (one puzzle unreadable, another cut
 * short), the one listed first wins. */
#define CLI_EXIT_LIST(X)                                                  \
    X(CLI_EXIT_SYSTEM, 6)   /* out of memory, output not written */       \
    X(CLI_EXIT_INPUT, 3)    /* an input could not be read */              \
    X(CLI_EXIT_USAGE, 4)    /* bad command line */                        \
    X(CLI_EXIT_CUT, 5)      /* a search cut short by a budget */          \
    X(CLI_EXIT_NONE, 1)     /* no solution (check: invalid) */            \
    X(CLI_EXIT_SEVERAL, 2)  /* several solutions where one was asked */   \
    X(CLI_EXIT_OK, 0)

enum {
#define CLI_EXIT_ENUM(name, code) name = code,
    CLI_EXIT_LIST(CLI_EXIT_ENUM)
#undef CLI_EXIT_ENUM
};

/* The status that wins between two (by the order of the table). */
int cli_exit_worse(int a, int b);
/* "6, 3, 4, 5, 1, 2, 0": the precedence, for help texts. */
const char *cli_exit_order(void);

/* ---- options ---------------------------------------------------------- */

/* Ids of the options every command reads the same way (a command's own
 * ids start at CLI_OPT_OWN). */
enum {
    CLI_OPT_HELP = 1, CLI_OPT_VERSION, CLI_OPT_LIMIT, CLI_OPT_MAX_NODES,
    CLI_OPT_TIMEOUT, CLI_OPT_THREADS, CLI_OPT_STATS, CLI_OPT_TRACE,
    CLI_OPT_SEED, CLI_OPT_METHOD, CLI_OPT_HTML, CLI_OPT_TREE_SVG,
    CLI_OPT_PRUNE, CLI_OPT_NO_PRUNE, CLI_OPT_PROGRESS, CLI_OPT_NO_PROGRESS,
    CLI_OPT_OWN = 100
};

/* One option: its id, short and long names (either may be absent), the
 * name of its value in the help (NULL: a flag), and its help text (one
 * paragraph, wrapped by cli_help).  An entry with id CLI_HEADING starts a
 * group in the help; the table ends with an entry of id 0. */
typedef struct cli_option {
    int id;
    char short_name;
    const char *long_name;
    const char *value;
    const char *help;
} cli_option;

#define CLI_HEADING (-1)
#define CLI_GROUP(title) { CLI_HEADING, 0, NULL, NULL, title }
#define CLI_END_OPTIONS { 0, 0, NULL, NULL, NULL }

/* The shared options, with the words every command documents them in. */
#define CLI_OPTION_HELP                                                   \
    { CLI_OPT_HELP, 'h', "help", NULL, "this text" }
#define CLI_OPTION_VERSION                                                \
    { CLI_OPT_VERSION, 'V', "version", NULL, "the version" }
#define CLI_OPTION_LIMIT                                                  \
    { CLI_OPT_LIMIT, 'l', "limit", "N", "stop after N solutions (2: is "  \
      "there only one?)" }
#define CLI_OPTION_MAX_NODES                                              \
    { CLI_OPT_MAX_NODES, 0, "max-nodes", "N", "stop a search after N "    \
      "nodes: reported as cut short (exit 5), never as no solution" }
#define CLI_OPTION_TIMEOUT                                                \
    { CLI_OPT_TIMEOUT, 0, "timeout", "SEC", "stop a search after SEC "    \
      "seconds (a number, with s, m, h or d for other units; inf: no "    \
      "limit): reported as cut short (exit 5)" }
#define CLI_OPTION_THREADS                                                \
    { CLI_OPT_THREADS, 'j', "threads", "N", "count on N threads (1 to "   \
      "1024, or 'auto': one per core); the search is cut into jobs that " \
      "the threads take as they become free" }
#define CLI_OPTION_STATS                                                  \
    { CLI_OPT_STATS, 's', "stats", NULL, "nodes and time of each search " \
      "and a summary, on stderr" }
#define CLI_OPTION_TRACE                                                  \
    { CLI_OPT_TRACE, 't', "trace", NULL, "every choice, try and "         \
      "backtrack of the search, then where it branched" }
#define CLI_OPTION_METHOD                                                 \
    { CLI_OPT_METHOD, 'm', "method", "M", "dlx (default) or dfs: the "     \
      "naive depth-first search of the lecture (cells in row-major order, " \
      "digits in order, no heuristics), the baseline Dancing Links is "     \
      "measured against" }
#define CLI_OPTION_PRUNE                                                  \
    { CLI_OPT_PRUNE, 0, "prune", NULL, "before each branch, the subset "  \
      "rule: when every option left of an item also covers item j, j's "  \
      "other options go (sudoku's locked candidates); the same counts "    \
      "and solutions, fewer nodes (--stats reports this smaller tree); "   \
      "it stops by itself when it does not pay" }
#define CLI_OPTION_NO_PRUNE                                               \
    { CLI_OPT_NO_PRUNE, 0, "no-prune", NULL, "the plain search: without " \
      "the locked candidates (the subset rule of dlx --prune) that plain " \
      "puzzles get before each branch; the same counts and solutions, "    \
      "the nodes of dlx's tree (--stats)" }
/* the other side of each: what the command does by default, so that a
 * script may say either */
#define CLI_OPTION_PRUNE_DEFAULT                                          \
    { CLI_OPT_PRUNE, 0, "prune", NULL, "the subset rule before each "     \
      "branch (the default for plain puzzles; not with --threads): see "  \
      "--no-prune" }
#define CLI_OPTION_NO_PRUNE_DEFAULT                                       \
    { CLI_OPT_NO_PRUNE, 0, "no-prune", NULL, "the plain search, without " \
      "--prune (the default)" }
#define CLI_OPTION_HTML                                                   \
    { CLI_OPT_HTML, 0, "html", "FILE", "write the search as one HTML page " \
      "to FILE (no server, no network): the matrix, the choices and the "  \
      "tree step by step (for a puzzle, its grid beside them); the first " \
      "5000 steps of a larger search" }
#define CLI_OPTION_TREE_SVG                                               \
    { CLI_OPT_TREE_SVG, 0, "tree-svg", "FILE", "write the search tree as " \
      "an SVG picture to FILE, with the counts of each level" }

/* The options every generator reads alike: puzzle k from seed S+k, and a
 * budget per puzzle. */
#define CLI_GENERATE_OPTIONS                                              \
    { CLI_OPT_SEED, 0, "seed", "S", "puzzle k (from 0) uses seed S+k: "    \
      "the same puzzles on every run and machine.  Without it a fresh "    \
      "seed is chosen and printed on stderr" },                           \
    { CLI_OPT_MAX_NODES, 0, "max-nodes", "N", "budget per puzzle in "      \
      "engine nodes" },                                                   \
    { CLI_OPT_TIMEOUT, 0, "timeout", "SEC", "budget per puzzle in "        \
      "seconds (as for every command: 90s, 1.5m, inf)" }

#define CLI_OPTION_PROGRESS                                               \
    { CLI_OPT_PROGRESS, 0, "progress", NULL, "show progress on stderr "   \
      "even when it is not a terminal (a log, nohup): a line every 10 s " \
      "(or $EXCOVER_PROGRESS_SECONDS) "                                   \
      "instead of one line redrawn; a search shows the fraction of its "  \
      "tree done and the time left, as Knuth's programs estimate them "   \
      "(by default: on a terminal only)" },                               \
    { CLI_OPT_NO_PROGRESS, 0, "no-progress", NULL, "no progress line, "    \
      "even on a terminal" }

/* The budgets and views of every solver command, in one group. */
#define CLI_SEARCH_OPTIONS                                                \
    CLI_OPTION_LIMIT, CLI_OPTION_MAX_NODES, CLI_OPTION_TIMEOUT,            \
    CLI_OPTION_THREADS, CLI_OPTION_STATS, CLI_OPTION_TRACE,                \
    CLI_OPTION_PROGRESS
/* The last group of every command's table, and its end. */
#define CLI_HELP_OPTIONS                                                  \
    CLI_GROUP("Help:"), CLI_OPTION_HELP, CLI_OPTION_VERSION, CLI_END_OPTIONS
#define CLI_OPTION_SEED                                                   \
    { CLI_OPT_SEED, 0, "seed", "S", "random choices from seed S: the "    \
      "same seed gives the same result on every machine" }

/* Reads a command line one option at a time, as GNU programs do: a long
 * option's value follows it (--limit 2) or is joined by '=' (--limit=2);
 * short options may be clustered (-cs) and take their value joined (-l2)
 * or next (-l 2); "--" ends the options; a lone "-" is an operand (the
 * standard input). */
typedef struct cli_parser {
    const char *prog;          /* for messages: "sudoku solve" */
    int argc;
    char **argv;
    int next;                  /* the next argument to look at */
    const cli_option *options;
    const char *cluster;       /* the rest of a cluster of short options */
    int operands_only;         /* after "--" */
    /* the option just read */
    const cli_option *opt;
    const char *value;         /* its value, or the operand */
    char shown[48];            /* its name as written: "--limit", "-l" */
} cli_parser;

/* What cli_next returns besides an option's id. */
enum { CLI_DONE = 0, CLI_OPERAND = -2, CLI_BAD = -3 };

/* argv[first..argc-1] are read. */
void cli_parser_init(cli_parser *p, const char *prog,
                     const cli_option *options, int argc, char **argv,
                     int first);
/* The id of the next option (p->opt, p->value set), CLI_OPERAND
 * (p->value), CLI_DONE, or CLI_BAD (the message was printed: exit with
 * CLI_EXIT_USAGE). */
int cli_next(cli_parser *p);

/* Prints "prog: message" and "Try 'prog --help' ..." on stderr; returns
 * CLI_EXIT_USAGE. */
int cli_usage_error(const char *prog, const char *fmt, ...) CLI_PRINTF(2, 3);

/* Values of the option just read.  Each returns 0, or prints what is
 * wrong ("prog: --limit: 'x' is not a number from 1 to 1000") and returns
 * CLI_EXIT_USAGE. */
int cli_value_count(cli_parser *p, uint64_t min, uint64_t max,
                    uint64_t *out);
int cli_value_int(cli_parser *p, int min, int max, int *out);
/* A duration: a positive number of seconds, or with a unit (90s, 1.5m,
 * 2h, 1d); "inf" or "none" is no limit (*out = 0). */
int cli_value_seconds(cli_parser *p, double *out);
/* One of names[0..] (NULL-terminated): its index in *out. */
int cli_value_choice(cli_parser *p, const char *const *names, int *out);
/* 1..1024, or "auto" for the number of processors. */
int cli_value_threads(cli_parser *p, int *out);
/* K/N with 1 <= K <= N (--shard: the jobs whose id is K-1 modulo N). */
int cli_value_shard(cli_parser *p, int *k, int *n);

/* ---- the options of every search ------------------------------------ */

typedef struct cli_search {
    uint64_t limit;       /* --limit: 0 for all */
    int dfs;              /* --method dfs */
    const char *html;     /* --html FILE, or NULL */
    const char *tree_svg; /* --tree-svg FILE, or NULL */
    uint64_t max_nodes;   /* 0: no budget */
    double timeout;       /* seconds; 0: no budget */
    int threads;          /* 1 */
    int stats, trace;
    int have_seed;
    uint64_t seed;
    int prune;            /* 1 --prune, -1 --no-prune, 0: neither */
} cli_search;

/* What a command tells cli_common_option about itself. */
typedef struct cli_command {
    const char *prog;             /* "sudoku solve" */
    const char *const *usage;     /* usage lines, NULL-terminated:
                                     CLI_USAGE("sudoku COMMAND ...") */
    const char *about;            /* a paragraph after the usage */
    const cli_option *options;
    const char *more;             /* text after the options, or NULL */
    const char *exits[7];         /* what each exit status means here
                                     (NULL: not used) */
} cli_command;

#define CLI_USAGE(...) ((const char *const[]){ __VA_ARGS__, NULL })

void cli_search_init(cli_search *s);

/* A generator's first seed: --seed S, or a fresh one from the clock and
 * the process, said on stderr ("prog: seed S") so that the run can be
 * made again. */
uint64_t cli_generate_seed(const cli_search *s, const char *prog);

/* Handles a shared option (help, version, the search options): returns
 * -1 to go on parsing, or an exit status to return now (0 after --help
 * or --version, when the text was written; CLI_EXIT_SYSTEM when it could
 * not be written; CLI_EXIT_USAGE for a bad value). */
int cli_common_option(cli_parser *p, int id, const cli_command *cmd,
                      cli_search *s);

/* Writes the help of a command: usage, about, options by group (wrapped
 * to 79 columns), more, and the exit statuses with their precedence. */
void cli_help(FILE *f, const cli_command *cmd);

/* A command's own options, one at a time: returns 0, or an exit status
 * (a bad value was said).  ps->value holds the option's value. */
typedef int (*cli_own_fn)(void *ctx, cli_parser *ps, int id);

/* Reads the whole command line argv[first..] with the command's table:
 * shared options into *s (help and version written at once), operands
 * into operands[] (room for argc; NULL: the command takes none, and one
 * is a usage error), and every other option handed to own.  Returns -1
 * to go on, or an exit status to return now (0 after --help). */
int cli_parse(const cli_command *cmd, int argc, char **argv, int first,
              cli_search *s, const char **operands, int *n_operands,
              cli_own_fn own, void *ctx);

/* The index of name in names (NULL-terminated), or -1 after saying
 * "prog: unknown command 'name'" (then exit with CLI_EXIT_USAGE). */
int cli_subcommand(const char *prog, const char *name,
                   const char *const *names);

/* The result of a library's reader as a cli_reader's: the libraries'
 * read functions return 1 for an item, 0 at the end, -1 for a bad item,
 * -3 when out of memory, and another negative status when the input
 * cannot be read further. */
int cli_read_result(int status);

/* For commands whose first argument names a subcommand: when argv[1] is
 * an option (--help, --version), handles it and returns the exit status;
 * returns -1 when argv[1] is a subcommand's name.  With no argument at
 * all, writes the help on stderr and returns CLI_EXIT_USAGE. */
int cli_before_subcommand(int argc, char **argv, const cli_command *cmd);

/* ---- output ---------------------------------------------------------- */

/* Flushes stdout and checks that everything was written: 0, or prints
 * "prog: error writing output: reason" and returns CLI_EXIT_SYSTEM; also
 * CLI_EXIT_SYSTEM (silently) when a write to stderr failed. */
int cli_finish_output(const char *prog);

/* JSON: a string with quotes, backslashes and control characters
 * escaped; the record of an input that could not be used, so that a
 * program reading JSON output sees every input in its place:
 * {"file":...,"line":N,"status":"error","error":...} */
void cli_json_string(FILE *f, const char *s);
void cli_json_error(FILE *f, const char *file, int line,
                    const char *message);

/* Seconds on the monotonic clock; the peak resident memory so far, in
 * kilobytes (0 where the system does not say). */
double cli_seconds(void);
long cli_peak_memory_kb(void);

/* ---- progress on a terminal ----------------------------------------- */

/* A progress line on stderr, redrawn at most every half second, and only
 * when stderr is a terminal; with --progress also to a log (a line every
 * 10 s, no carriage returns), and never with --no-progress. */
typedef struct cli_progress {
    int on;
    int log;              /* stderr is not a terminal: whole lines */
    double every;         /* a log's interval, seconds */
    double start, last;
} cli_progress;

/* "37.2% done, about 1m 20s left" for a search that says how far it is
 * (dlx_poll_progress: fraction in [0, 1], else -1: nothing) after
 * `seconds`; into buf (an empty string when there is nothing to say). */
const char *cli_progress_eta(char *buf, size_t size, double fraction,
                             double seconds);
/* Whether a progress line is due now (cli_progress_show would print):
 * for work that is worth doing only then. */
int cli_progress_due(const cli_progress *p);

void cli_progress_start(cli_progress *p);
/* Redraws the line with the text (printf format) if it is time to. */
void cli_progress_show(cli_progress *p, const char *fmt, ...)
    CLI_PRINTF(2, 3);
/* Redraws "K of N puzzles, R/s" for a run that makes N things, at the
 * rate since cli_progress_start (nothing to show when N is 1). */
void cli_progress_made(cli_progress *p, uint64_t done, uint64_t count);
void cli_progress_clear(cli_progress *p);

/* ---- the loop over input files -------------------------------------- */

/* A batch: the files of a command's command line, each read input after
 * input by the command's reader; the exit status and tallies of the
 * whole run. */
typedef struct cli_batch {
    const char *prog;      /* "sudoku" */
    int json;              /* unreadable inputs also as JSON records */
    int status;            /* the exit status so far (cli_exit_worse) */
    uint64_t inputs;       /* inputs read, readable or not */
    uint64_t unreadable;
    double start;
} cli_batch;

/* What cli_batch_files calls for each file; ctx is the command's. */
typedef struct cli_reader {
    /* Starts reading f, shown as name; 0, or -1 when out of memory. */
    int (*open)(void *ctx, FILE *f, const char *name);
    /* The next input: CLI_READ_ITEM (*line: where it starts), CLI_READ_BAD
     * (err: what is wrong with it; it counts as unreadable and reading
     * goes on), CLI_READ_FAIL (err: the rest of the file cannot be read),
     * CLI_READ_NOMEM, or CLI_READ_END. */
    int (*next)(void *ctx, int *line, dlx_diag *err);
    /* Does the command's work on the input just read. */
    void (*process)(void *ctx, const char *name, int line);
    void (*close)(void *ctx);
} cli_reader;

enum { CLI_READ_ITEM = 1, CLI_READ_END = 0, CLI_READ_BAD = -1,
       CLI_READ_FAIL = -2, CLI_READ_NOMEM = -3 };

void cli_batch_init(cli_batch *b, const char *prog);
/* Notes an exit status for the run. */
void cli_batch_note(cli_batch *b, int status);
/* Reads every file ("-": standard input) to its end: a file that cannot
 * be opened, an unreadable input, a file with no input at all are each
 * reported and noted as CLI_EXIT_INPUT, and the rest goes on.  Stops
 * early only when stdout cannot be written. */
void cli_batch_files(cli_batch *b, const char *const *files, int n,
                     const cli_reader *reader, void *ctx);

/* A message about a place: "file:line:col: message" (col 0: without it;
 * line 0: "prog: file: message"), on stderr. */
void cli_report(const char *file, int line, int col, const char *fmt, ...)
    CLI_PRINTF(4, 5);
void cli_report_diag(const char *file, const dlx_diag *d);

/* What one search of a batch found, as the solvers report it. */
typedef struct cli_found {
    uint64_t solutions;   /* found, up to the limit */
    int complete;         /* 0: cut short by a budget */
    int by_nodes;         /* cut short by --max-nodes (else by time) */
    uint64_t nodes;
    double seconds;
} cli_found;

/* The tallies of solve and count runs. */
typedef struct cli_tally {
    uint64_t one, none, several, cut, nodes;
} cli_tally;

/* The verdict on one search of solve (`one_wanted`: several solutions is
 * exit 2, and no solution or several is said on stderr) or count: notes
 * the exit status and tallies, reports a search cut short, and returns
 * the verdict's word for JSON ("solved", "none", "several", "cut
 * short"). */
const char *cli_verdict(cli_batch *b, cli_tally *t, const char *file,
                        int line, const cli_found *f, int one_wanted,
                        int quiet);

/* ---- jobs files: counting on many machines (dlx, sudoku bands) ------ */

/* Reads the jobs file `file` ('-': standard input) (dlx_jobs_read): 0,
 * or an exit status (CLI_EXIT_INPUT, CLI_EXIT_SYSTEM) once the reason is
 * said, as "file:line:col: message" when it has a place. */
int cli_read_jobs(const char *prog, const char *file, dlx_jobs *jobs,
                  uint64_t *fingerprint);
/* The ids of --job ID (job >= 0), of --shard K/N (shard_n > 0), or all
 * n_jobs of them: an array of *n (free() it), NULL when out of memory. */
int *cli_select_jobs(int n_jobs, long job, int shard_k, int shard_n, int *n);

/* A count as printed: "598", or "598+" when the search was cut short, in
 * every command alike. */
void cli_print_count(FILE *f, const char *count, int complete);

/* The summary line of a batch on stderr: "prog: 3 puzzles: 1 with one
 * solution, 2 unreadable; 1234 nodes, 0.012 s, 250 puzzles/s, peak
 * memory 1.2 MB": n tallies, each a count and its words. */
void cli_batch_summary(const cli_batch *b, const char *what,
                       const char *const *words, const uint64_t *counts,
                       int n, uint64_t nodes);

#endif
