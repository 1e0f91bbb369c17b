/*
 * grid_step.h - one step of a logic solver (sudoku's, mathdoku's): a digit
 * placed, candidates removed, or both, with the step in words.  Each
 * puzzle numbers its techniques itself (sudoku_technique,
 * mathdoku_technique); the step and its text are the same for all.
 */
#ifndef GRID_STEP_H
#define GRID_STEP_H

#include <stdint.h>

typedef struct grid_step {
    unsigned tech;              /* the puzzle's technique (its enum) */
    int cell, digit;            /* placed; cell -1 when nothing placed */
    int n_removed;
    const int *removed_cell;    /* candidates removed: cell, digit pairs */
    const int *removed_digit;
    char text[2048];            /* the step in words (empty when quiet) */
} grid_step;

/* Appends to the step's text (cut at its size). */
void grid_step_say(grid_step *st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Appends a set of digits (bit d-1 for d) as "{3,8}". */
void grid_step_say_digits(grid_step *st, uint64_t mask);

#endif
