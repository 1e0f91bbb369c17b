/*
 * sudoku_cmd.h - what the subcommands of `sudoku` share: the options that
 * say how puzzles are read and written, and the reader that feeds a
 * batch of files to a subcommand (cli.h) puzzle by puzzle.
 */
#ifndef SUDOKU_CMD_H
#define SUDOKU_CMD_H

#include "cli.h"
#include "sudoku_grid.h"

/* Each subcommand's entry point (argv[0] is the subcommand). */
int sudoku_bands_main(int argc, char **argv);
int sudoku_generate_main(int argc, char **argv);
int sudoku_logic_main(int argc, char **argv);

enum {
    SUDOKU_OPT_FORMAT = CLI_OPT_OWN + 50, SUDOKU_OPT_BOX, SUDOKU_OPT_SIZE,
    SUDOKU_OPT_SYMBOLS, SUDOKU_OPT_MIXED, SUDOKU_OPT_OUTPUT,
    SUDOKU_OPT_OUT_SYMBOLS, SUDOKU_OPT_X
};

/* How puzzles are read: the same words in every subcommand. */
#define SUDOKU_INPUT_OPTIONS                                               \
    { SUDOKU_OPT_FORMAT, 'f', "format", "F", "auto (default: decided per " \
      "puzzle), line (one puzzle per line), grid (N rows, blank lines "    \
      "between puzzles), numbers (a line 'N' or 'RxC', then N*N "          \
      "numbers), tatham (Solo game IDs like 3x3:a1b2..., and the "        \
      "variants' 3x3x:, 9j:, 3x3k:, 9jxk:...); a grid may be followed by "  \
      "sections 'diagonals:', 'regions:' (N rows of region letters) and "  \
      "'cages:' (N rows of cage letters, then 'LETTER SUM' lines)" },      \
    { SUDOKU_OPT_X, 0, "x", NULL, "X sudoku: both main diagonals hold "    \
      "every digit once, in every puzzle read" },                          \
    { SUDOKU_OPT_BOX, 'b', "box", "RxC", "box shape: R rows by C columns " \
      "(2x3 for 6x6)" },                                                   \
    { SUDOKU_OPT_SIZE, 0, "size", "N", "order N with its usual boxes (6 "  \
      "is 2x3, 12 is 3x4)" },                                              \
    { SUDOKU_OPT_SYMBOLS, 0, "symbols", "S", "digits (1-9), alnum (1-9 "   \
      "then A-Z), letters (A, B, ...), hex (0-F, 0 a value), numbers" },   \
    { SUDOKU_OPT_MIXED, 0, "mixed-orders", NULL, "one-line puzzles of "    \
      "several orders in one file (otherwise a line of another length "    \
      "than the first is a damaged puzzle, reported)" }

/* How solutions are written. */
#define SUDOKU_OUTPUT_OPTIONS                                              \
    { SUDOKU_OPT_OUTPUT, 'o', "output", "L", "same (default: the layout "  \
      "read), line, grid, numbers, tatham, json (JSON lines); line "     \
      "writes a variant as its Solo ID (a line holds no units)" },         \
    { SUDOKU_OPT_OUT_SYMBOLS, 0, "out-symbols", "S", "symbols to write, "  \
      "as --symbols" }

/* Handles an input option into *in: -1 when id is not one, 0 when done,
 * CLI_EXIT_USAGE for a bad value. */
int sudoku_input_option(cli_parser *ps, int id, sudoku_read_options *in);
/* --output and --out-symbols: the same contract. */
int sudoku_output_option(cli_parser *ps, int id, sudoku_layout *layout,
                         sudoku_symbols *symbols);

/* A batch of sudoku files read puzzle by puzzle (cli_batch_files with
 * sudoku_reader_of as the reader and a sudoku_input as its context):
 * `process` gets each readable puzzle in in->s, in->src. */
typedef struct sudoku_input {
    sudoku_read_options opt;
    sudoku_reader r;
    sudoku s;
    sudoku_source src;
    const char *name;
    void (*process)(struct sudoku_input *in, void *ctx);
    void *ctx;
} sudoku_input;

extern const cli_reader sudoku_reader_of;

/* Prints the warnings of the reader ("file:line:col: warning: ..."). */
void sudoku_print_warning(void *ctx, const dlx_diag *w);

#endif
