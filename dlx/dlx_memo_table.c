/*
 * dlx_memo_table.c - the memo counter's table: see dlx_memo_table.h.
 */
#define _DEFAULT_SOURCE

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "dlx.h"
#include "dlx_memo_table.h"

enum { FIRST_CAP = 1 << 12, PROBE_FULL = 32 };

/* Zeroed memory for a table.  Large tables are mapped and asked for huge
 * pages: every lookup lands on a random page, and with 4 KiB pages the
 * TLB miss costs more than the search around it (6x6 grids: 1.5x). */
static uint64_t *table_alloc(size_t bytes)
{
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    if (bytes >= ((size_t)2 << 20)) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
        madvise(p, bytes, MADV_HUGEPAGE);
        return p;
    }
#endif
    return calloc(bytes, 1);
}

static void table_release(uint64_t *slots, size_t bytes)
{
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
    if (bytes >= ((size_t)2 << 20)) {
        if (slots)
            munmap(slots, bytes);
        return;
    }
#endif
    (void)bytes;
    free(slots);
}

static uint64_t nonzero(uint64_t hash)
{
    return hash ? hash : 1;
}

int memo_table_init(memo_table *t, int kw, size_t budget)
{
    memset(t, 0, sizeof *t);
    t->kw = (size_t)kw;
    t->stride = 3 + (size_t)kw;
    t->budget = budget;
    size_t cap = FIRST_CAP;
    while (cap > 16 && cap * t->stride * 8 > budget)
        cap /= 2;
    if (cap * t->stride * 8 > budget) {
        t->full = 1;     /* no room: every count is searched */
        return DLX_OK;
    }
    t->slots = table_alloc(cap * t->stride * 8);
    if (!t->slots)
        return DLX_ENOMEM;
    t->cap = cap;
    t->peak_bytes = cap * t->stride * 8;
    return DLX_OK;
}

void memo_table_free(memo_table *t)
{
    table_release(t->slots, t->cap * t->stride * 8);
    t->slots = NULL;
    t->cap = t->used = 0;
}

const uint64_t *memo_table_find(const memo_table *t, uint64_t hash,
                                const uint64_t *key)
{
    if (!t->cap)
        return NULL;
    hash = nonzero(hash);
    size_t mask = t->cap - 1, i = (size_t)hash & mask;
    size_t limit = t->full ? PROBE_FULL : t->cap;
    for (size_t probe = 0; probe < limit; probe++) {
        const uint64_t *e = t->slots + i * t->stride;
        if (e[0] == 0)
            return NULL;
        if (e[0] == hash && !memcmp(e + 3, key, t->kw * 8))
            return e;
        i = (i + 1) & mask;
    }
    return NULL;
}

static void put(uint64_t *slots, size_t cap, size_t stride, const uint64_t *e)
{
    size_t mask = cap - 1, i = (size_t)e[0] & mask;
    while (slots[i * stride])
        i = (i + 1) & mask;
    memcpy(slots + i * stride, e, stride * 8);
}

/* Doubles the table if old and new fit in the budget.  When only the new
 * one fits, the old one goes first and its counts with it: they are
 * found again by searching, and a table half the size it could be falls
 * off a cliff where the search needs more room (16x16 dominoes: 16 MiB
 * gave 7 MiB, thousands of times slower than 14 MiB).  Else it is full. */
static void grow(memo_table *t)
{
    size_t bytes = t->cap * t->stride * 8;
    uint64_t *slots = NULL;
    if (bytes * 3 <= t->budget) {
        slots = table_alloc(2 * t->cap * t->stride * 8);
    } else if (bytes * 2 <= t->budget) {
        table_release(t->slots, bytes);
        t->slots = table_alloc(2 * bytes);
        t->used = 0;
        t->full = 1;
        if (!t->slots) {
            t->cap = 0;
            return;
        }
        t->cap *= 2;
        if (2 * bytes > t->peak_bytes)
            t->peak_bytes = 2 * bytes;
        return;
    }
    if (!slots) {
        t->full = 1;
        return;
    }
    for (size_t k = 0; k < t->cap; k++)
        if (t->slots[k * t->stride])
            put(slots, 2 * t->cap, t->stride, t->slots + k * t->stride);
    if (bytes * 3 > t->peak_bytes)
        t->peak_bytes = bytes * 3;
    table_release(t->slots, bytes);
    t->slots = slots;
    t->cap *= 2;
}

void memo_table_store(memo_table *t, uint64_t hash, const uint64_t *key,
                      uint64_t lo, uint64_t hi)
{
    if (!t->full && 2 * (t->used + 1) > t->cap)
        grow(t);
    if (!t->cap)
        return;
    hash = nonzero(hash);
    size_t mask = t->cap - 1, home = (size_t)hash & mask, i = home;
    size_t limit = t->full ? PROBE_FULL : t->cap;
    uint64_t *e = NULL;
    for (size_t probe = 0; probe < limit; probe++) {
        uint64_t *x = t->slots + i * t->stride;
        if (x[0] == 0) {
            e = x;
            t->used++;
            break;
        }
        i = (i + 1) & mask;
    }
    if (!e) {
        e = t->slots + home * t->stride;
        t->dropped++;
    }
    e[0] = hash;
    e[1] = lo;
    e[2] = hi;
    memcpy(e + 3, key, t->kw * 8);
}
