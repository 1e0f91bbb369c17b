/*
 * grid_cover.h - the exact cover of a sudoku grid with R x C boxes, in
 * Knuth's text format and as a dlx_matrix: the one encoder of the project,
 * which `sudoku encode` writes for a puzzle, `dlx gen sudoku` for the
 * empty grid (problems/ stands on grid/, not on the sudoku library), and
 * the sudoku solver and the grid counter search (grid_box_matrix,
 * grid_box_items: the same items in the same order, the same options).
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

#include "dlx.h"

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

/* The four items (matrix indices) of digit d (1..N) in the cell at row r,
 * column c (0-based): cell, row-digit, column-digit, box-digit, numbered
 * in the order the text format lists them (cells in reading order, then
 * rows, columns, boxes, each with its digits ascending). */
static inline void grid_box_items(int R, int C, int r, int c, int d,
                                  int items[4])
{
    int N = R * C, NN = N * N;
    items[0] = r * N + c;
    items[1] = NN + r * N + d - 1;
    items[2] = 2 * NN + c * N + d - 1;
    items[3] = 3 * NN + grid_box_of(R, C, r, c) * N + d - 1;
}

/* The same for the first `rows` rows alone (a multiple of R: a band or a
 * stack of bands), whose columns need not be completed: the
 * column-digit items are secondary, so they come last (cells, rows,
 * boxes, then columns), with rows*N items in each primary group. */
static inline void grid_band_items(int R, int C, int rows, int r, int c,
                                   int d, int items[4])
{
    int N = R * C, cells = rows * N;
    items[0] = r * N + c;
    items[1] = cells + r * N + d - 1;
    items[2] = 2 * cells + grid_box_of(R, C, r, c) * N + d - 1;
    items[3] = 3 * cells + c * N + d - 1;
}

/* The exact cover of the empty N x N grid as a matrix: 4*N*N primary
 * items (grid_box_items) and the N^3 options, cells in reading order and
 * each cell's digits ascending, so that option (r*N + c)*N + d-1 puts d
 * in cell (r, c): the order the search meets them in, which fixes its
 * nodes and the order of its solutions.  NULL when memory runs out. */
dlx_matrix *grid_box_matrix(int R, int C);

/* The cover of the first `rows` rows as a band (grid_band_items: 3*rows*N
 * primary items, N*N secondary), options in the order of grid_box_matrix:
 * option (r*N + c)*N + d-1 puts d in cell (r, c).  NULL when memory runs
 * out. */
dlx_matrix *grid_band_matrix(int R, int C, int rows);

#endif
