/*
 * sudoku_solo.h - Simon Tatham's Solo difficulty scale: the six levels of
 * solo.c's solver, graded and generated the way Solo does, so that a
 * puzzle gets the word Solo would print for it.
 *
 * Solo's solver tries its deductions simplest first and, after each one
 * that makes progress, starts again from the simplest; a puzzle's level is
 * the hardest deduction it needed.  The deductions of each level:
 *
 *   trivial       a digit with one place left in a box (or jigsaw region)
 *   basic         ... in a row, column or diagonal; a cell with one digit
 *   intermediate  a digit of a row, column or diagonal confined to one box
 *                 leaves the box's other cells, and a box's digit confined
 *                 to one line leaves the line's other cells
 *   advanced      k cells of a unit holding only k digits between them
 *                 (2 <= k <= empty cells - 2: naked and hidden subsets of
 *                 every size, in boxes, rows, columns and diagonals)
 *   extreme       a digit whose places in k rows lie in k columns (fish of
 *                 every size, rows or columns first); forcing chains of
 *                 cells with two candidates, each seeing the next
 *   unreasonable  none of those finish the puzzle: Solo guesses
 *
 * Plain sudoku of every box shape, X (diagonals) and jigsaw, as Solo.
 * Killer is not graded: Solo grades its cages on a second scale of its own.
 */
#ifndef SUDOKU_SOLO_H
#define SUDOKU_SOLO_H

#include <stdint.h>

#include "sudoku_gen.h"
#include "sudoku_grid.h"
#include "sudoku_logic.h"
#include "sudoku_solve.h"

/* Candidates are 64-bit masks. */
#define SUDOKU_SOLO_MAX_ORDER 64

/* The levels, easiest first: enum suffix, name, Solo's letter in its game
 * parameters (3x3de), Solo's own words for the level. */
#define SUDOKU_SOLO_LEVEL_LIST(X)                                          \
    X(TRIVIAL, "trivial", 't', "blockwise positional elimination only")    \
    X(BASIC, "basic", 'b', "row/column/number elimination required")       \
    X(INTERMEDIATE, "intermediate", 'i', "intersectional analysis "        \
      "required")                                                          \
    X(ADVANCED, "advanced", 'a', "set elimination required")               \
    X(EXTREME, "extreme", 'e', "complex non-recursive techniques "         \
      "required")                                                          \
    X(UNREASONABLE, "unreasonable", 'u', "guesswork and backtracking "     \
      "required")

#define SUDOKU_SOLO_ENUM(name, ...) SUDOKU_SOLO_##name,
typedef enum sudoku_solo_level {
    SUDOKU_SOLO_LEVEL_LIST(SUDOKU_SOLO_ENUM) SUDOKU_SOLO_LEVEL_COUNT
} sudoku_solo_level;
#undef SUDOKU_SOLO_ENUM

/* "advanced", Solo's letter 'a', Solo's words; the names, easiest first,
 * NULL-terminated (for option parsing). */
const char *sudoku_solo_level_name(sudoku_solo_level level);
char sudoku_solo_level_letter(sudoku_solo_level level);
const char *sudoku_solo_level_words(sudoku_solo_level level);
extern const char *const sudoku_solo_level_names[];

/* NULL when Solo's levels grade s, else why not in a few words (killer
 * cages, an order above SUDOKU_SOLO_MAX_ORDER). */
const char *sudoku_solo_refusal(const sudoku *s);

/* The state of Solo's solver, reused from puzzle to puzzle (of any shape
 * up to its order).  NULL for no memory or an order above the limit. */
typedef struct sudoku_solo sudoku_solo;
sudoku_solo *sudoku_solo_new(int order);
void sudoku_solo_free(sudoku_solo *so);

/* Grades a puzzle that sudoku_solo_refusal accepts, with the deductions of
 * the levels up to max: returns the level of the hardest deduction needed
 * when they finish it, SUDOKU_SOLO_UNREASONABLE when they do not and max
 * is UNREASONABLE (no guess is made: the caller proves the solution
 * unique), SUDOKU_SOLO_LEVEL_COUNT when they do not and max is below;
 * SUDOKU_EBAD when the deductions reach a contradiction (no solution),
 * SUDOKU_ELIMIT for a puzzle refused or larger than so.  used (may be
 * NULL) gets the deductions made at each level.  A puzzle finished by
 * deductions has one solution: the one in sudoku_solo_grid. */
int sudoku_solo_rate(sudoku_solo *so, const sudoku *puzzle,
                     sudoku_solo_level max,
                     int used[SUDOKU_SOLO_LEVEL_COUNT]);
/* The time the next sudoku_solo_rate calls have: lim->max_seconds from
 * now (lim NULL or 0: none; max_nodes is not used, a deduction is no
 * node).  Past it, sudoku_solo_rate returns SUDOKU_ECUT. */
void sudoku_solo_set_limits(sudoku_solo *so, const grid_limits *lim);

/* Our grade (sudoku_logic.h) from Solo's deductions, cheaply, for plain
 * sudoku up to 9x9 (every subset there is, or is the complement of, one of
 * four cells or fewer): Solo's basic or easier is our easy and its
 * intermediate our medium (*exact 1); its advanced is medium or hard, and
 * hard is returned as a bound (*exact 0); anything harder, a larger order
 * or a variant gives SUDOKU_GRADE_COUNT (no bound).  For a generator that
 * samples: a puzzle whose bound is below the grade wanted needs no full
 * rating. */
int sudoku_solo_grade_ours(sudoku_solo *so, const sudoku *puzzle,
                           int *exact);

/* The digits placed by the last sudoku_solo_rate (0: not placed). */
const unsigned char *sudoku_solo_grid(const sudoku_solo *so);

/* A puzzle of a level and its solution from one seed, plain sudoku, as
 * Solo makes them: a random grid (opt->fill), then its cells (opt->symmetry's
 * groups) cleared in random order, each clearing kept only while the
 * deductions up to the level still finish the puzzle (which proves it
 * unique, no search); unreasonable: kept while the engine (sv, of the
 * puzzle's shape) proves one solution.  So no given can go without a
 * harder level or a second solution.  Returns 0 for a puzzle of the level,
 * 1 when this seed's puzzle is easier (the caller tries another seed),
 * SUDOKU_ECUT when the budget ran out, SUDOKU_ENOMEM.  opt->accept is not
 * used. */
int sudoku_solo_generate(sudoku_solo *so, sudoku_solver *sv, uint64_t seed,
                         sudoku_solo_level level,
                         const sudoku_gen_options *opt, sudoku *puzzle,
                         sudoku *solution, sudoku_gen_report *rep);

#endif
