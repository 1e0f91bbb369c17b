/*
 * excover_ext.h - what the two files of the Python extension share: the
 * exact count as a Python int, the poll callback that lets Ctrl-C stop a
 * search, and the puzzle functions' table.
 *
 * The extension calls the libraries as the commands do (dlx.h,
 * sudoku_*.h, mathdoku*.h); it never prints, and it turns every error
 * into a Python exception.
 */
#ifndef EXCOVER_EXT_H
#define EXCOVER_EXT_H

/* Python.h first: its pyconfig.h sets the feature macros (fmemopen,
 * open_memstream, pthreads). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#include "dlx.h"

/* A 128-bit count as an exact Python int (a new reference, or NULL). */
PyObject *excover_count_to_int(dlx_count c);

/* A search run with the GIL released: the poll callback (called every
 * DLX_POLL_NODES nodes) takes the GIL back for a moment to run Python's
 * signal handlers, so that Ctrl-C raises KeyboardInterrupt and stops the
 * search within a few milliseconds.  Between excover_unlock and
 * excover_relock the caller must not touch Python objects. */
typedef struct excover_poll {
    PyThreadState *ts;
    int interrupted;      /* a handler raised: the exception is set */
} excover_poll;

void excover_unlock(excover_poll *p);
/* Takes the GIL back; returns -1 when the search was interrupted (the
 * exception is set), else 0. */
int excover_relock(excover_poll *p);
/* A dlx_poll_fn (and grid_limits.on_poll, the generators' on_poll): ctx
 * is an excover_poll.  Once a handler has raised it answers 1 without
 * asking again, so that a generator polling between its searches
 * stops too. */
int excover_poll_signals(void *ctx, uint64_t nodes);

/* The puzzle functions (excover_puzzles.c), for the module's table. */
extern PyMethodDef excover_puzzle_methods[];
/* The module's per-interpreter state: a cached sudoku solver. */
void *excover_puzzles_state_new(void);
void excover_puzzles_state_free(void *state);

/* The located message of a reader as a ValueError. */
PyObject *excover_value_error(const char *name, int line, int col,
                              const char *message);

#endif
