/*
 * grid_blocks.h - Simon Tatham's block structures (the cages of Keen, the
 * jigsaw regions and killer cages of Solo), read, and the
 * disjoint-set forest (his dsf) that joins the cells of a block.
 *
 * The structure walks the 2N(N-1) internal edges of an N x N grid: the
 * N(N-1) vertical ones in reading order, then the N(N-1) horizontal ones
 * column by column.  Each letter is a run of edges that are not borders
 * ('_' none, 'a' 1, 'b' 2, ...) followed by one border, except the
 * no-border letter, whose run has no border after it: 'y' (25) in Keen's
 * decoder, 'z' (26) in Solo's.  The last letter's border is a virtual
 * edge past the end.
 */
#ifndef GRID_BLOCKS_H
#define GRID_BLOCKS_H

/* The root of i's set, halving the path on the way. */
int grid_dsf_find(int *dsf, int i);

/* The cells on each side of internal edge `pos` of an N x N grid. */
void grid_block_edge(int N, int pos, int *a, int *b);

/* Reads a block structure at s for an N x N grid into dsf[N*N] (set up
 * here), joining the two cells of every edge that is not a border.  With
 * `repeats`, digits after a letter repeat it (Keen's compression: "c3" is
 * "ccc"; a count past 100000 stops taking digits).  Stops at the first
 * character that is neither a letter, '_' nor such a count (',', the end,
 * or anything else: the caller judges it), *end there.  Returns the edges
 * walked, borders included (edges + 1 when the structure is complete), or
 * -1 when the letter at *end runs past the last edge. */
int grid_blocks_read(const char *s, int N, char no_border, int repeats,
                     int *dsf, const char **end);

#endif
