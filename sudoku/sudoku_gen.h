/*
 * sudoku_gen.h - puzzles with one solution, of any order: fill a grid,
 * then clear cells while the solution counter still says "unique".
 *
 * Every random choice comes from one seed through a generator of our own
 * (splitmix64), so the same seed gives the same puzzles on every machine.
 */
#ifndef SUDOKU_GEN_H
#define SUDOKU_GEN_H

#include <stdint.h>

#include "sudoku_grid.h"
#include "sudoku_solve.h"

/* How the complete grid is made. */
typedef enum sudoku_fill {
    SUDOKU_FILL_DLX,       /* the engine with randomized choice (default) */
    SUDOKU_FILL_BLOCKROW,  /* Ossudo's: cells left to right, random allowed
                              digit; a dead end restarts the current band */
    SUDOKU_FILL_PATTERN    /* Doku_Autocomplete's: shifted rows, then random
                              relabeling and row/column/band/stack moves */
} sudoku_fill;

/* Cells cleared together, so that the puzzle keeps a symmetry. */
typedef enum sudoku_symmetry {
    SUDOKU_SYM_NONE,
    SUDOKU_SYM_ROT180,     /* (r, c) and (N-1-r, N-1-c) */
    SUDOKU_SYM_ROT90,      /* the four quarter turns */
    SUDOKU_SYM_MIRROR,     /* (r, c) and (r, N-1-c): left-right */
    SUDOKU_SYM_DIAGONAL    /* (r, c) and (c, r): the main diagonal */
} sudoku_symmetry;

const char *sudoku_fill_name(sudoku_fill f);
const char *sudoku_symmetry_name(sudoku_symmetry s);
int sudoku_parse_fill(const char *s, sudoku_fill *out);          /* 0, -1 */
int sudoku_parse_symmetry(const char *s, sudoku_symmetry *out);  /* 0, -1 */

typedef struct sudoku_gen_options {
    sudoku_fill fill;
    sudoku_symmetry symmetry;
    int target_givens;     /* > 0: stop clearing at this many givens */
    uint64_t max_nodes;    /* per puzzle, over all searches; 0: no limit */
    double max_seconds;    /* per puzzle; 0: no limit */
    uint64_t check_nodes;  /* per uniqueness check: a check that needs more
                              keeps its given (the puzzle stays unique, but
                              is not proved minimal); 0: no limit */
} sudoku_gen_options;

typedef struct sudoku_gen_report {
    int givens;
    int minimal;           /* no given (no symmetric group of givens) can
                              be removed without a second solution */
    int complete;          /* 0: the budget ran out while clearing; the
                              puzzle is unique but maybe not minimal */
    uint64_t nodes;        /* engine nodes, fill and checks */
    uint64_t checks;       /* uniqueness searches */
    uint64_t capped;       /* ... stopped by check_nodes (givens kept) */
    long restarts;         /* blockrow: band restarts */
    double seconds;
} sudoku_gen_report;

/* Fills `grid` (shape already set) with a random valid grid.  sv is the
 * solver of that shape (for the dlx fill).  Returns 0, or -1 when the
 * budget ran out before a grid was found. */
int sudoku_fill_grid(sudoku_solver *sv, sudoku_fill fill, uint64_t seed,
                     const sudoku_gen_options *opt, sudoku *grid,
                     sudoku_gen_report *rep);

/* Clears cells of `puzzle` (a full valid grid on entry, whose solution it
 * stays) in random order while the puzzle keeps one solution.  Returns 0,
 * or -1 when the puzzle given has no single solution. */
int sudoku_clear_cells(sudoku_solver *sv, uint64_t seed,
                       const sudoku_gen_options *opt, sudoku *puzzle,
                       sudoku_gen_report *rep);

/* Both: a puzzle and its solution, from one seed.  puzzle and solution
 * get the solver's shape.  Returns 0, or -1 (budget or memory). */
int sudoku_generate(sudoku_solver *sv, uint64_t seed,
                    const sudoku_gen_options *opt, sudoku *puzzle,
                    sudoku *solution, sudoku_gen_report *rep);

/* The symmetric partners of cell i (i included), in cells[]; returns how
 * many (1, 2 or 4). */
int sudoku_symmetric_cells(const sudoku_shape *shape, sudoku_symmetry sym,
                           int i, int *cells);

#endif
