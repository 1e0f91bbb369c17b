/*
 * cli_grid.h - the command side of a grid puzzle search (sudoku and
 * mathdoku solve and count): the limits of one search from the shared
 * options, with the trace in the puzzle's words, the summary of where the
 * search branched, and a progress line on a terminal; the verdict on what
 * the search found and its count as printed.
 */
#ifndef CLI_GRID_H
#define CLI_GRID_H

#include "cli.h"
#include "cli_branches.h"
#include "grid.h"
#include "grid_step.h"

/* A run of a puzzle command over its files. */
typedef struct cli_grid {
    cli_batch batch;            /* files, inputs, exit status */
    cli_tally tally;            /* what the searches found */
    const cli_search *search;
    cli_branches *branches;     /* --trace with DLX: where it branched */
    cli_progress progress;
} cli_grid;

/* A run of prog with the shared options s; json: unreadable inputs are
 * also JSON records on stdout. */
void cli_grid_init(cli_grid *g, const char *prog, const cli_search *s,
                   int json);
void cli_grid_free(cli_grid *g);

/* The summary line on stderr, when --stats asked for it or when some
 * puzzle of several went wrong: the first three tallies in the
 * command's words ("with one solution", "with none", "with several"),
 * then unreadable and cut short. */
void cli_grid_summary(const cli_grid *g, const char *const words[3]);

/* The limits of one search: max_solutions, the budgets of the options;
 * with --trace every step printed (and, for DLX, the branches counted);
 * else a progress line when stderr is a terminal. */
void cli_grid_limits(cli_grid *g, uint64_t max_solutions, int dlx,
                     grid_limits *lim);

/* After the search: clears the progress line, and after a traced DLX
 * search writes where it branched, items named by name(ctx, item). */
void cli_grid_done(cli_grid *g, const grid_limits *lim,
                   const char *(*name)(void *ctx, int item, char *buf,
                                       size_t size),
                   void *ctx);

/* cli_verdict on a grid_outcome, for the run's tallies. */
const char *cli_grid_verdict(cli_grid *g, const char *file, int line,
                             const grid_outcome *out, int one_wanted,
                             int quiet);

/* "598" or "598+" on stdout. */
void cli_grid_print_count(const grid_outcome *out);

/* One step of a logic solver as a JSON line on stdout, for every puzzle
 * alike: file, line, step n, the technique's key and its grade, the cell
 * placed, the candidates removed (cells named by name(ctx, cell, buf),
 * buf of 24 bytes) and the text. */
void cli_json_step(const char *file, int line, int n, const grid_step *st,
                   const char *technique, const char *grade,
                   const char *(*name)(const void *ctx, int cell, char *buf),
                   const void *ctx);

#endif
