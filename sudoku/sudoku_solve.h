/*
 * sudoku_solve.h - sudoku as exact cover, solved and counted by the dlx
 * engine; the naive depth-first search it is measured against; and an
 * independent checker.
 *
 * The encoding of plain sudoku, for order N (N^3 options, 4 N^2 items;
 * the variants add to it, see sudoku_solver_for):
 *
 *   item                      index
 *   cell (r, c) is filled     r*N + c
 *   row r has digit d         N^2   + r*N + d-1
 *   column c has digit d      2 N^2 + c*N + d-1
 *   box b has digit d         3 N^2 + b*N + d-1
 *
 *   option (cell i, digit d) = i*N + d-1 covers its cell, row, column and
 *   box items; so an option maps straight back to (cell, digit).
 *
 * The matrix of an order is built once (sudoku_solver_new) and reused for
 * every puzzle of that order: a puzzle's givens are forced options, which
 * the engine commits before it searches.
 */
#ifndef SUDOKU_SOLVE_H
#define SUDOKU_SOLVE_H

#include <stdint.h>

#include "dlx.h"
#include "grid.h"
#include "sudoku_grid.h"

typedef struct sudoku_solver sudoku_solver;

/* The solver of one box shape; NULL when out of memory. */
sudoku_solver *sudoku_solver_new(sudoku_shape shape);
/* The solver of a puzzle: for plain sudoku, the solver of its shape;
 * for a variant, the solver of its units and cages (see sudoku_solve.c),
 * made for this puzzle: a given in a cage keeps only the cage's tuples that
 * hold it, so solve this puzzle with it (push and pop are for plain
 * solvers).  NULL when out of memory. */
sudoku_solver *sudoku_solver_for(const sudoku *s);
/* The same, the building of a killer's cage options within lim's
 * max_seconds, on_poll and max_nodes (each cage's walk; lim may be NULL:
 * no budget): NULL with *status SUDOKU_ECUT when the budget ran out,
 * SUDOKU_ELIMIT past SUDOKU_MAX_TUPLES tuples, else SUDOKU_ENOMEM. */
sudoku_solver *sudoku_solver_within(const sudoku *s, const grid_limits *lim,
                                    int *status);
/* The solver of one box shape whose options come in the order of a hint
 * grid (sudoku_hint_digit): each item tries first the option the hint
 * gives it, so an empty grid is filled without a backtrack.  The same
 * branching, counts and solutions as sudoku_solver_new, in another order:
 * the first solution and the node count of a search cut short differ.
 * NULL when out of memory. */
sudoku_solver *sudoku_solver_hinted(sudoku_shape shape);
/* The solver of puzzle s (plain, X, jigsaw; no cages) whose options come
 * in the order of a full grid of its rules (sudoku_hint_grid), so that an
 * empty grid is filled without a backtrack as sudoku_solver_hinted's; when
 * no such grid is known, sudoku_solver_within's.  NULL with *status
 * SUDOKU_ENOMEM when out of memory. */
sudoku_solver *sudoku_solver_hinted_for(const sudoku *s, int *status);
/* A full grid of s's rules and givens into grid (N*N digits): the hint
 * pattern below when it fits (plain sudoku; a jigsaw whose regions are
 * the boxes), or for X of square boxes a grid linear in the digits of
 * row and column in base B (sudoku_hint.c).  1 if found; 0 if neither
 * fits or s has cages (*status SUDOKU_OK), or when out of memory
 * (*status SUDOKU_ENOMEM). */
int sudoku_hint_grid(const sudoku *s, unsigned char *grid, int *status);
/* The digit of the hint grid at row r, column c (0-based): the pattern
 * (r mod R * C + r div R + c) mod N + 1, a full grid of boxes R x C. */
int sudoku_hint_digit(const sudoku_shape *sh, int r, int c);
void sudoku_solver_free(sudoku_solver *sv);
const dlx_matrix *sudoku_solver_matrix(const sudoku_solver *sv);
sudoku_shape sudoku_solver_shape(const sudoku_solver *sv);

/* Givens shared by many searches: pushed once (dlx_push), they stay in
 * force for every sudoku_solve_dlx until popped, last pushed first; the
 * puzzle given to a search must not repeat them.  Push returns SUDOKU_OK,
 * or SUDOKU_ECLASH when the digit clashes with what is pushed already. */
int sudoku_solver_push(sudoku_solver *sv, int cell, int digit);
void sudoku_solver_pop(sudoku_solver *sv, int n);

/* The option of the solver's matrix that puts digit in cell, or -1 when
 * there is none (a caged cell of a killer: its cage's tuples fill it). */
int sudoku_solver_cell_option(const sudoku_solver *sv, int cell, int digit);
/* The cells an option of the solver's matrix fills and their digits (a
 * killer cage's tuple fills its cells; any other option one): their
 * number, at most SUDOKU_MAX_ORDER. */
int sudoku_solver_option_cells(const sudoku_solver *sv, int option,
                               int *cells, int *digits);

/* Option of (cell, digit), and back. */
int sudoku_option(const sudoku_shape *shape, int cell, int digit);
void sudoku_option_cell(const sudoku_shape *shape, int option, int *cell,
                        int *digit);

/* The name of an item of the exact cover: "r3c4" (the cell must be
 * filled), "digit 7 of row 3" (of column, of box). */
const char *sudoku_item_name(const sudoku_shape *sh, int item, char *buf,
                             size_t size);

/* sudoku_item_name, for the items of a variant too: "digit 7 of region
 * 2", "digit 7 of the main diagonal", "cage at r1c1 (sum 12)", "the
 * digit of r3c4". */
const char *sudoku_solver_item_name(const sudoku_solver *sv, int item,
                                    char *buf, size_t size);

/* The item's name in the exact cover sudoku_write_dlx writes: "r3c4"
 * (the cell), "r3#7" (digit 7 of row 3), "c4#7", "b2#7". */
const char *sudoku_item_label(const sudoku_shape *sh, int item, char *buf,
                              size_t size);

/* Solves s with Dancing Links within the limits (grid.h; NULL: count
 * every solution): the first solution goes into solution (a sudoku of the
 * same shape, may be NULL).  Returns SUDOKU_OK, SUDOKU_ECLASH when the
 * givens clash (no solution, nothing searched), or SUDOKU_ENOMEM.  With
 * lim->on_step, every choice and backtrack in sudoku words; with
 * lim->on_event, the engine's events (items named by
 * sudoku_item_name).  A plain solver (sudoku_solver_new, nothing pushed,
 * no trace, no random order) first places the naked and hidden singles
 * the givens lead to (sudoku_singles.h) and hands them to the engine as
 * givens: that is the chain of one-option items the search would start
 * with, so out->nodes counts each single as the node it would have been,
 * and the count, the nodes, a cut and the first solution are those of the
 * engine alone (tests/test_sudoku_solve.c compares them). */
int sudoku_solve_dlx(sudoku_solver *sv, const sudoku *s,
                     const grid_limits *lim, sudoku *solution,
                     grid_outcome *out);

/* sudoku_solve_dlx for a generator: within the limits (max_solutions 2
 * proves uniqueness), *found says whether a solution other than `known`
 * (N*N cells) was met, and `other` (N*N cells, not `known`) holds the
 * first such.  Returns as sudoku_solve_dlx. */
int sudoku_solve_other(sudoku_solver *sv, const sudoku *s,
                       const grid_limits *lim, const unsigned char *known,
                       unsigned char *other, int *found, grid_outcome *out);

/* sudoku_solve_dlx without the singles: for a position closed under
 * naked and hidden singles already (the generator's closure), whose
 * givens go to the engine as they are; the same count and nodes, as the
 * singles would be none.  No trace, no solution kept.  Returns as
 * sudoku_solve_dlx. */
int sudoku_solve_closed(sudoku_solver *sv, const sudoku *s,
                        const grid_limits *lim, grid_outcome *out);

/* Counts the solutions of s on `threads` threads: the search below the
 * givens is cut into jobs that the threads take from a shared queue
 * (dlx_count_parallel); limits hold over all threads (no trace).  Returns
 * as sudoku_solve_dlx. */
int sudoku_count_threads(sudoku_solver *sv, const sudoku *s, int threads,
                         const grid_limits *lim, grid_outcome *out);

/* Counts the solutions of s by memo (dlx_count_memo: the count of each
 * sub-problem remembered) where that pays, as `dlx -c` chooses: a plain
 * puzzle of order up to SUDOKU_MEMO_MAX_N (every count below 2^64) with
 * at most N givens, no limit of solutions, no trace, and dlx_memo_pays
 * saying yes for the empty grid of the solver (asked once per solver, up
 * to about half a second).  An empty 6x6: 1.6 s against 9 s.  *used = 0:
 * not counted (nothing done, the caller searches); else *out as
 * sudoku_solve_dlx's (nodes are the memo's; the budgets hold, a cut count
 * is a lower bound).  Returns as sudoku_solve_dlx. */
#define SUDOKU_MEMO_MAX_N 8
int sudoku_count_memo(sudoku_solver *sv, const sudoku *s,
                      const grid_limits *lim, grid_outcome *out, int *used);

/* The naive depth-first search of the lecture: cells in row-major order,
 * digits 1..N in order, a digit placed when its row, column and box do
 * not hold it yet, back up when a cell has no digit left.  No heuristics:
 * it is the baseline.  Same contract as sudoku_solve_dlx. */
int sudoku_solve_dfs(const sudoku *s, const grid_limits *lim,
                     sudoku *solution, grid_outcome *out);

/* Independent of both solvers: is `grid` full and valid (every row,
 * column and box a permutation), and does it keep the givens of `puzzle`
 * (may be NULL)?  SUDOKU_OK, or SUDOKU_EBAD with the reason in buf. */
int sudoku_check_solution(const sudoku *puzzle, const sudoku *grid,
                          char *buf, size_t bufsize);

/* Writes the puzzle's exact cover in Knuth's format (items named r3c4,
 * r3#7, c4#7, b2#7; options of givens' cells only with their digit, and
 * no option that clashes with a given), so that `dlx` solves it.
 * Returns 0, or EOF on a write error. */
int sudoku_write_dlx(FILE *f, const sudoku *s);

#endif
