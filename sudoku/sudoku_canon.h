/*
 * sudoku_canon.h - the symmetries of a sudoku: transformations that keep a
 * grid valid (and a puzzle's number of solutions), and the canonical form
 * of a grid or puzzle under all of them.
 *
 * A transformation is, in this order: an optional transposition (square
 * boxes only), a permutation of the rows that moves whole bands and rows
 * within bands, the same for columns with stacks, and a relabeling of the
 * digits.  The canonical form ("minlex") is the equivalent grid whose
 * row-major string is lexicographically smallest, blanks counting as 0.
 */
#ifndef SUDOKU_CANON_H
#define SUDOKU_CANON_H

#include <stdint.h>

#include "sudoku_grid.h"

typedef struct sudoku_transform {
    int transpose;
    int row[SUDOKU_MAX_ORDER];        /* new row r is old row row[r] */
    int col[SUDOKU_MAX_ORDER];        /* new column c is old column col[c] */
    int label[SUDOKU_MAX_ORDER + 1];  /* old digit d becomes label[d] */
} sudoku_transform;

void sudoku_transform_identity(const sudoku_shape *sh, sudoku_transform *t);
/* A uniformly random transformation from a seed (same on every machine). */
void sudoku_transform_random(const sudoku_shape *sh, uint64_t seed,
                             sudoku_transform *t);
/* SUDOKU_OK when t keeps sudokus of this shape valid, or SUDOKU_EBAD with
 * the reason. */
int sudoku_transform_check(const sudoku_shape *sh, const sudoku_transform *t,
                           char *why, size_t size);
/* out = t(in); out gets in's shape.  SUDOKU_OK, or SUDOKU_ENOMEM. */
int sudoku_transform_apply(const sudoku_transform *t, const sudoku *in,
                           sudoku *out);
void sudoku_transform_inverse(const sudoku_shape *sh,
                              const sudoku_transform *t,
                              sudoku_transform *inv);

/* The search keeps the partial transformations that tie for the smallest
 * rows so far; a puzzle that needs more than this many at once (a sparse
 * 16x16, with its 7,962,624 column orders) is refused. */
#define SUDOKU_CANON_MAX_CANDIDATES 1000000

/* The canonical form of in (a grid or a puzzle) of order up to 16.
 * Returns SUDOKU_OK, SUDOKU_ELIMIT for a larger order or too many ties to
 * follow (SUDOKU_CANON_MAX_CANDIDATES), SUDOKU_ENOMEM. */
int sudoku_canon(const sudoku *in, sudoku *out);

/* The same with a context that keeps the column orders and buffers from
 * one call to the next (many puzzles of a shape: a collection).  One
 * context per thread. */
typedef struct sudoku_canon_ctx sudoku_canon_ctx;
sudoku_canon_ctx *sudoku_canon_new(void);   /* NULL on no memory */
void sudoku_canon_free(sudoku_canon_ctx *cx);
int sudoku_canon_with(sudoku_canon_ctx *cx, const sudoku *in, sudoku *out);
/* Complete grids take a faster search; general_only = 1 makes them take
 * the general one, so tests can compare the two. */
void sudoku_canon_set_general(sudoku_canon_ctx *cx, int general_only);

/* ---- the variants (sudoku_canon_variant.c) ------------------------------
 *
 * X keeps the transformations above that map the two diagonals onto the
 * two diagonals (the column order is the row order or its mirror, and the
 * row order commutes with the mirror i -> N-1-i: 96 cell maps on 9x9);
 * jigsaw the 8 rotations and reflections; killer the rotations and
 * reflections of its base grid, without relabeling (the sums would
 * change); combinations the intersection.  Regions and cages move with
 * their cells. */

/* SUDOKU_OK when t keeps s's variant, or SUDOKU_EBAD with the reason
 * naming what it breaks. */
int sudoku_variant_transform_check(const sudoku *s, const sudoku_transform *t,
                                   char *why, size_t size);
/* A random transformation of s's group from a seed (the same on every
 * machine).  SUDOKU_OK. */
int sudoku_variant_transform_random(const sudoku *s, uint64_t seed,
                                    sudoku_transform *t);
/* out = t(in) with its diagonals, regions and cages (numbered by first
 * appearance in reading order).  SUDOKU_OK or SUDOKU_ENOMEM. */
int sudoku_variant_transform_apply(const sudoku_transform *t,
                                   const sudoku *in, sudoku *out);
/* The least image of in under its group: cells in reading order, then the
 * regions, then the cages (numbered by first appearance), then the sums.
 * Orders up to 16; SUDOKU_ELIMIT past, SUDOKU_ENOMEM. */
int sudoku_variant_canon(const sudoku *in, sudoku *out);

#endif
