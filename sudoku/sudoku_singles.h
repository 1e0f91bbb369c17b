/*
 * sudoku_singles.h - naked and hidden singles on a plain sudoku, before
 * the exact cover search (private to sudoku_core).
 *
 * Dancing Links with the fewest-options rule starts every search on a
 * sudoku with a chain of items that have one option left: a cell with one
 * digit (a naked single) or a digit with one cell in a row, column or box
 * (a hidden single).  Each is a node of one option, and whatever their
 * order, the chain ends in the same state: the closure of the givens
 * under the two rules.  sudoku_singles_fill computes that closure with a
 * bitmask of candidates per cell, so that the engine is handed the
 * givens and the singles as forced options and searches exactly what it
 * would have searched after its chain: the same tree below it, the same
 * solutions in the same order, and k fewer nodes, k the cells the
 * closure filled (which the solver adds back to the count it reports).
 */
#ifndef SUDOKU_SINGLES_H
#define SUDOKU_SINGLES_H

#include "sudoku_grid.h"

/* The tables of one box shape (the cells of each unit) and the scratch of
 * one closure: one owner at a time, like the solver that holds it. */
typedef struct sudoku_singles sudoku_singles;

/* Largest order handled (a set of cells per cell: 128 KB at 32). */
#define SUDOKU_SINGLES_MAX_ORDER 32

/* The tables of shape sh; NULL when out of memory or N is above
 * SUDOKU_SINGLES_MAX_ORDER. */
sudoku_singles *sudoku_singles_new(const sudoku_shape *sh);
void sudoku_singles_free(sudoku_singles *t);

/* From the N*N givens (0 for an empty cell), fills `cell` (N*N) with the
 * givens and every single of their closure.  Returns the number of cells
 * the closure filled beyond the givens, or -1 when a given is not a digit
 * (above N), the givens clash, or a cell or a unit's digit is left without
 * a place (the puzzle has no solution; `cell` is then partly filled). */
int sudoku_singles_fill(sudoku_singles *t, const unsigned char *givens,
                        unsigned char *cell);

#endif
