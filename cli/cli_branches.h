/*
 * cli_branches.h - where a search branched: for each level, each item
 * chosen there, how many times and with how many options on average.  The
 * summary a trace ends with, so that a reader sees the shape of the
 * search next to its steps.  Fed from a trace callback (dlx_event of kind
 * DLX_EV_CHOOSE); items are named by the caller.
 */
#ifndef CLI_BRANCHES_H
#define CLI_BRANCHES_H

#include <stddef.h>
#include <stdio.h>

typedef struct cli_branches cli_branches;

cli_branches *cli_branches_new(void);      /* NULL on no memory */
void cli_branches_free(cli_branches *b);   /* NULL is fine */
void cli_branches_clear(cli_branches *b);

/* A choice of `item` at `level` among `count` options.  Entries are found
 * through a hash on (level, item), so that long traces stay linear; on no
 * memory the summary just comes out shorter. */
void cli_branches_note(cli_branches *b, int level, int item, int count);

/* Writes the summary, level by level, the items most chosen first (six per
 * level at most), each as name(ctx, item, buf, size) gives it. */
void cli_branches_write(FILE *f, cli_branches *b,
                        const char *(*name)(void *ctx, int item, char *buf,
                                            size_t size),
                        void *ctx);

#endif
