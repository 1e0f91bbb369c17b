/*
 * mathdoku_write.h - a puzzle written in each layout the reader takes:
 * the cage-letter grid with its legend, the numbered cage list, and Simon
 * Tatham's Keen game ID (the lettered cage list is mathdoku_write_list in
 * mathdoku.h).  Whatever these write reads back as the same puzzle.
 */
#ifndef MATHDOKU_WRITE_H
#define MATHDOKU_WRITE_H

#include <stdio.h>

#include "mathdoku.h"

/* The grid of cage labels, a blank line, then "label target op" per cage:
 *
 *   a b b        a 5+
 *   a c c        b 2/       labels a..z A..Z in order of each cage's
 *   d d c        c 6*       first cell; more than 52 cages take two
 *                d 3-       letters (aa, ab, ..), every row spaced
 *
 * A given is "label 5"; a hidden operation "label 7?".  0 or EOF. */
int mathdoku_write_letters(FILE *f, const mathdoku *p);

/* The size line, then "target op cells" with cells numbered 1..N*N in
 * row-major order: "11+ 1,7"; a given "5= 8".  0 or EOF. */
int mathdoku_write_numbered(FILE *f, const mathdoku *p);

/* The Keen game ID "N[params]:BLOCKS,CLUES" (params such as "dh" may be
 * NULL): clues a s m d, a given as a one-cell 'a', and our '?' for a
 * hidden operation.  BLOCKS follows Tatham's decoder, so that runs of 25
 * and more non-borders read back right (see FORMATS.md).  sgt-keen opens
 * IDs of sizes 3 to 9 with KenKen's two-cell '-' and '/' and no '?'.
 * Returns a string to free(), or NULL when out of memory. */
char *mathdoku_keen_id(const mathdoku *p, const char *params);

/* Can sgt-keen open this puzzle's Keen ID? 1 or 0. */
int mathdoku_keen_compatible(const mathdoku *p);

/* The cage labels of the letters layout: label k (of the cage whose first
 * cell comes k-th in reading order) into buf (at least 8 bytes). */
char *mathdoku_letter_label(int k, int n_cages, char *buf);

#endif
