/*
 * sudoku_closure.h - the closure of a plain sudoku position under naked
 * and hidden singles, for the generator's uniqueness checks (private to
 * sudoku_core).
 *
 * A cheap proof before the engine (what a sudoku front end may do before
 * the search): a bit mask of candidates per cell.  Every digit the
 * closure places is forced, so a closure that dies means no solution,
 * and one that fills the grid is the one solution.  The state is small
 * enough to be copied: the closure of a puzzle is made once, and each
 * digit tried goes from a copy of it.
 */
#ifndef SUDOKU_CLOSURE_H
#define SUDOKU_CLOSURE_H

#include <stdint.h>

#include "sudoku_grid.h"

#define SUDOKU_CLOSURE_MAX_ORDER 64
typedef struct sudoku_closure {
    int N, NN, n_peers;
    uint64_t full;
    int *unit;                 /* 3N x N: the cells of rows, columns, boxes */
    int *peer;                 /* NN x n_peers: the other cells of its units */
    int *stack;                /* NN: cells with one digit, to place */
    int *cell_unit;            /* NN x 3: its row, column and box */
    int UW;                    /* words of a set of units */
    uint64_t *unit_mask;       /* NN x UW: the units of each cell */
    uint64_t dirty[3];         /* the units to scan for hidden singles
                                  (3N <= 192 bits) */
    uint64_t *cand;            /* NN: the digits left; a placed cell's own */
    unsigned char *placed;     /* NN */
    int left;                  /* cells not placed */
    const int *watch;          /* closure_of stops once these are placed */
    int n_watch;
    uint64_t *used;            /* 3N: the digits placed in each unit, the
                                  givens' and the singles' */
    uint64_t *save_cand;       /* the closure of the puzzle, for the tries */
    unsigned char *save_placed;
    int save_left;
    /* Up to 128 cells (9x9): the same state by digit as well, so that a
     * digit placed visits the few peers that still have it, not all 20:
     * two words of a bit per cell each (NULL above 128 cells). */
    uint64_t *peer_bits;       /* NN x 2: the peers of each cell */
    uint64_t *board;           /* N x 2: the cells not placed where each
                                  digit is a candidate */
    uint64_t *done;            /* N x 2: the cells where each digit is
                                  placed */
    uint64_t *save_board, *save_done;
    uint64_t *save_used;
} sudoku_closure;

/* The tables of a shape; NULL for no memory or an order above
 * SUDOKU_CLOSURE_MAX_ORDER. */
sudoku_closure *sudoku_closure_new(const sudoku_shape *sh);
void sudoku_closure_free(sudoku_closure *z);

/* The closure of the givens `cell` (N*N, 0 empty; consistent), stopped
 * once watch[0..n_watch-1] are placed: -1 dead end, 1 the grid is full or
 * the cells watched are placed, 0 open (a fixpoint). */
int sudoku_closure_of(sudoku_closure *z, const unsigned char *cell,
                      const int *watch, int n_watch);

/* Keeps the closure as it stands (save_cand, save_placed) for the tries. */
void sudoku_closure_save(sudoku_closure *z);

/* From the closure saved, digit bit in cell i (a candidate there): as
 * sudoku_closure_of with nothing watched; cand and placed then hold where
 * it ended. */
int sudoku_closure_try(sudoku_closure *z, int i, uint64_t bit);

/* The closure tables of a plain solver's shape (sudoku_solver_new), made
 * at the first call and freed with the solver, so that the generator
 * makes them once and not for every puzzle; NULL for a variant's solver,
 * an order above SUDOKU_CLOSURE_MAX_ORDER or no memory. */
struct sudoku_solver;
sudoku_closure *sudoku_solver_closure(struct sudoku_solver *sv);

#endif
