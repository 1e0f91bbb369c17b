/*
 * dlx_memo_table.h - the memo counter's table (private to libdlx): counts
 * of sub-problems under their full keys, in bounded memory.
 *
 * Open addressing, linear probing, one entry of 3 + kw words:
 *
 *   [ hash (never 0; 0 marks an empty slot) | count lo | count hi | key ]
 *
 * A hit needs the same hash and the same key words: the hash alone is
 * never trusted.  The table doubles while old and new together fit in
 * the budget; then it is full: a new count goes to an empty slot among
 * the PROBE_FULL after its home or replaces the one at home, and lookups
 * look that far.  A count that is not found is searched again: losing
 * one costs time, never exactness.
 */
#ifndef DLX_MEMO_TABLE_H
#define DLX_MEMO_TABLE_H

#include <stddef.h>
#include <stdint.h>

typedef struct memo_table {
    uint64_t *slots;
    size_t cap;          /* entries, a power of two (0: no table) */
    size_t used;
    size_t stride;       /* words per entry */
    size_t kw;           /* key words */
    size_t budget;       /* bytes */
    size_t peak_bytes;
    int full;            /* no more doubling */
    uint64_t dropped;    /* counts that replaced another */
} memo_table;

/* DLX_OK, or DLX_ENOMEM when not even the first small table fits in
 * memory (a budget too small for it gives a table that stores nothing). */
int memo_table_init(memo_table *t, int kw, size_t budget);
void memo_table_free(memo_table *t);

/* The entry of this key (its words: [1] count lo, [2] count hi), or NULL. */
const uint64_t *memo_table_find(const memo_table *t, uint64_t hash,
                                const uint64_t *key);
void memo_table_store(memo_table *t, uint64_t hash, const uint64_t *key,
                      uint64_t lo, uint64_t hi);

/* The memo count running on a matrix, for dlx_memo_poll_stats (the
 * matrix's layout is dlx_build.c's): NULL when none. */
typedef struct dlx_matrix dlx_matrix;
void dlxi_memo_live_set(dlx_matrix *m, const void *M);
const void *dlxi_memo_live(const dlx_matrix *m);

#endif
