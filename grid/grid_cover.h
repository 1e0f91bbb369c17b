/*
 * grid_cover.h - the exact cover of a sudoku grid with R x C boxes, in
 * Knuth's text format: the one encoder of the project, which `sudoku
 * encode` writes for a puzzle and `dlx gen sudoku` for the empty grid
 * (problems/ stands on grid/, not on the sudoku library).
 *
 * Items: cell rRcC (the cell is filled), row rR#D, column cC#D and box
 * bB#D (digit D stands once in row R, column C, box B), all numbered from
 * 1, boxes in reading order.  An option "rRcC rR#D cC#D bB#D" puts D in
 * the cell; a given's cell has only the option of its digit, and no
 * option puts a digit where a given already holds it in the row, column
 * or box.
 */
#ifndef GRID_COVER_H
#define GRID_COVER_H

#include <stdio.h>

/* The box (0..N-1, reading order) of the cell at row r, column c
 * (0-based) of a grid with R x C boxes. */
static inline int grid_box_of(int R, int C, int r, int c)
{
    return (r / R) * R + c / C;
}

/* Writes the exact cover of the N x N grid (N = R*C) whose cells, in
 * reading order, are cell[0..N*N-1] (0 empty, else the given 1..N): two
 * comment lines ("| sudoku NxN (boxes RxC) as exact cover, ..."), the
 * items, then one option a line.  Returns 0, or EOF on a write error or
 * when memory runs out (N*3*(N+1) bytes). */
int grid_write_box_cover(FILE *f, int R, int C, const unsigned char *cell);

#endif
