/*
 * dlx_branches.h - where a search branched: for each level, each item
 * chosen there, how many times and with how many options on average.  The
 * summary a trace ends with, so that a reader sees the shape of the
 * search next to its steps.  Fed from a trace callback (dlx_event of kind
 * DLX_EV_CHOOSE); items are named by the caller.
 */
#ifndef DLX_BRANCHES_H
#define DLX_BRANCHES_H

#include <stddef.h>
#include <stdio.h>

typedef struct dlx_branches dlx_branches;

dlx_branches *dlx_branches_new(void);      /* NULL on no memory */
void dlx_branches_free(dlx_branches *b);   /* NULL is fine */
void dlx_branches_clear(dlx_branches *b);

/* A choice of `item` at `level` among `count` options.  Entries are found
 * through a hash on (level, item), so that long traces stay linear; on no
 * memory the summary just comes out shorter. */
void dlx_branches_note(dlx_branches *b, int level, int item, int count);

/* Writes the summary, level by level, the items most chosen first (six per
 * level at most), each as name(ctx, item, buf, size) gives it. */
void dlx_branches_write(FILE *f, dlx_branches *b,
                        const char *(*name)(void *ctx, int item, char *buf,
                                            size_t size),
                        void *ctx);

#endif
