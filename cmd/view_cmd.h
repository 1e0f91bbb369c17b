/*
 * view_cmd.h - what the commands share to show a search (--html FILE,
 * --tree-svg FILE): the recorder of a problem read from Knuth's format,
 * of a sudoku and of a mathdoku (names, labels, the grid), and saving the
 * page and the tree with the commands' messages.
 */
#ifndef VIEW_CMD_H
#define VIEW_CMD_H

#include "dlx_read.h"
#include "view.h"

/* Item names and option labels as read; NULL on no memory. */
view_recorder *view_cmd_problem(const dlx_problem *p, const char *title);

/* A sudoku: items and options in sudoku_write_dlx's names ("r3c4",
 * "r3#7"; option "r3c4=7"), the grid with its boxes, the givens forced.
 * (view_sudoku_cmd.c) */
struct sudoku;
struct sudoku_solver;
view_recorder *view_cmd_sudoku(const struct sudoku_solver *sv,
                               const struct sudoku *puzzle,
                               const char *title);

/* A mathdoku: items as mathdoku_write_dlx names them, options as cage
 * tuples ("cage 3: A1=1 B1=2"), the grid with its cages and clues.
 * (view_mathdoku_cmd.c) */
struct mathdoku;
struct mathdoku_solver;
view_recorder *view_cmd_mathdoku(const struct mathdoku_solver *sv,
                                 const struct mathdoku *p,
                                 const char *title);

/* A recorder put in front of what a search's event callback already does
 * (the summary of --trace): view_cmd_tee_event is the callback, a
 * view_cmd_tee its context. */
typedef struct view_cmd_tee {
    view_recorder *view;
    void (*next)(void *ctx, const dlx_event *ev);   /* may be NULL */
    void *next_ctx;
} view_cmd_tee;
void view_cmd_tee_event(void *ctx, const dlx_event *ev);

/* Writes the page to html and the tree to svg (either may be NULL);
 * says on stderr, after "prog: ", when the search had more steps than
 * shown.  0, or -1 after a message. */
int view_cmd_save(const view_recorder *v, const char *prog, const char *html,
                  const char *svg);

#endif
