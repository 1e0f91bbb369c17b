/*
 * view.h - a Dancing Links search seen: a recorder fed by the engine's
 * trace callback (dlx_search.on_trace) over the matrix searched, which
 * writes what it saw as
 *   - one self-contained HTML page (data and script inside, no network)
 *     that replays the search step by step: the matrix with covered items
 *     and hidden options greyed, the partial solution, the search tree
 *     growing, and for puzzles the grid with the cell being tried;
 *   - an SVG of the search tree: nodes by level, solutions and dead ends
 *     marked, the counts of each level beside it.
 *
 * The recorder knows items and options, nothing about puzzles: names,
 * labels and the optional grid come from the caller.
 *
 *   view_recorder *v = view_new(matrix);      names, labels, grid: setters
 *   search.on_trace = view_trace; search.trace_ctx = v;
 *   dlx_solve(...); view_finish(v, &result);
 *   view_write_html(f, v); view_write_tree_svg(g, v); view_free(v);
 *
 * Size caps keep the page usable: the first `max_steps` events are kept
 * (the rest are counted, and the page says so), and a matrix of more
 * than VIEW_MAX_CELLS options x items is shown as its items only.
 */
#ifndef VIEW_H
#define VIEW_H

#include <stdint.h>
#include <stdio.h>

#include "dlx.h"

#define VIEW_DEFAULT_MAX_STEPS 5000
#define VIEW_MAX_CELLS 100000     /* options x items drawn as a table */
#define VIEW_SVG_MAX_NODES 4000   /* tree nodes drawn in the SVG */

typedef struct view_recorder view_recorder;

/* A recorder over matrix m (its items and options are copied: the matrix
 * may be searched, pushed or freed afterwards).  NULL on no memory. */
view_recorder *view_new(const dlx_matrix *m);
void view_free(view_recorder *v);   /* NULL is harmless */

/* Labels (copied).  Each setter returns 0, or -1 on no memory or an index
 * out of range.  Unnamed items are shown by number, options by their
 * items' names. */
int view_set_title(view_recorder *v, const char *title);
int view_set_item_name(view_recorder *v, int item, const char *name);
int view_set_option_label(view_recorder *v, int option, const char *label);
/* Names of colors (color c > 0 is names[c-1]) for options that use them. */
int view_set_color_names(view_recorder *v, const char *const *names, int n);
/* The options committed before the search (a puzzle's givens). */
int view_set_forced(view_recorder *v, const int *options, int n);
/* Events kept (default VIEW_DEFAULT_MAX_STEPS); later ones are counted. */
void view_set_max_steps(view_recorder *v, long max_steps);

/* The grid of a puzzle, shown beside the matrix: rows x cols cells, each
 * in a region (box, cage: thick borders between regions) and with an
 * optional corner label (a cage's clue).  An option fills cells with
 * texts (sudoku: one cell and its digit; mathdoku: a cage's cells). */
int view_set_grid(view_recorder *v, int rows, int cols);
int view_set_cell(view_recorder *v, int cell, int region, const char *label);
int view_add_option_cell(view_recorder *v, int option, int cell,
                         const char *text);

/* The trace callback (dlx_trace_fn): ctx is the recorder. */
void view_trace(void *ctx, const dlx_event *ev);

/* How the search ended, for the page's summary: solutions found, nodes,
 * and whether it ran to its end (or its limit of solutions). */
void view_finish(view_recorder *v, uint64_t solutions, uint64_t nodes,
                 int complete);

/* Events seen, and events kept (fewer when the cap was reached). */
long view_steps_seen(const view_recorder *v);
long view_steps_kept(const view_recorder *v);

/* Writers: 0, or -1 on no memory or a write error (errno tells). */
int view_write_html(FILE *f, const view_recorder *v);
int view_write_tree_svg(FILE *f, const view_recorder *v);

#endif
