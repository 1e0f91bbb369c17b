/*
 * mathdoku_cmd.h - what the subcommands of `mathdoku` share: the options
 * that say how puzzles are read, and the reader that feeds a batch of
 * files (cli.h) to a subcommand puzzle by puzzle.
 */
#ifndef MATHDOKU_CMD_H
#define MATHDOKU_CMD_H

#include "cli.h"
#include "mathdoku.h"

/* Each subcommand's entry point (argv[0] is the subcommand). */
int mathdoku_generate_main(int argc, char **argv);
int mathdoku_logic_main(int argc, char **argv);

enum { MATHDOKU_OPT_FORMAT = CLI_OPT_OWN + 50, MATHDOKU_OPT_NARY };

/* How puzzles are read: the same words in every subcommand. */
#define MATHDOKU_INPUT_OPTIONS                                             \
    { MATHDOKU_OPT_FORMAT, 'f', "format", "F", "auto (default), letters (a " \
      "grid of cage labels, a blank line, then 'label target op' per "     \
      "cage), list (a line N, then 'target op cells': 11 + A1 A2, or 11+ " \
      "1,7 with cells numbered 1..N*N), keen (Simon Tatham's Keen IDs, "   \
      "with '?' for a hidden operation).  Operations: + - * x X (U+00D7) " \
      "/ (U+00F7), '=' or none for a given, '?' for a hidden operation "   \
      "(any of them)" },                                                   \
    { MATHDOKU_OPT_NARY, 0, "nary", NULL, "'-' and '/' cages may have "    \
      "more than two cells: the largest minus (divided by the product "    \
      "of) the rest" }

/* Handles an input option: -1 when id is not one, 0 when done,
 * CLI_EXIT_USAGE for a bad value. */
int mathdoku_input_option(cli_parser *ps, int id, mathdoku_layout *layout,
                          mathdoku_rules *rules);

/* A batch of mathdoku files read puzzle by puzzle (cli_batch_files with
 * mathdoku_reader_of as the reader and a mathdoku_input as its context):
 * `process` gets each readable puzzle in in->p (freed after it), starting
 * at in->line of in->name. */
typedef struct mathdoku_input {
    mathdoku_layout layout;
    mathdoku_rules rules;
    mathdoku_reader r;
    mathdoku p;
    int line;
    const char *name;
    void (*process)(struct mathdoku_input *in, void *ctx);
    void *ctx;
} mathdoku_input;

extern const cli_reader mathdoku_reader_of;

#endif
