/*
 * dlx_steps.h - the steps of Algorithm X (Knuth's dlx1/dlx2, TAOCP
 * 7.2.2.1) on the dance's links (the layout drawn in dlx_internal.h):
 * private to libdlx, static inline, so that each search compiles them
 * into its loop with its flags as constants.
 *
 * Knuth's steps and where they are (dlx/README.md has the whole map):
 *
 *   X1  initialize                  dlx_build.c (the links), dlx_solve.c
 *   X2  enter level l               search() in dlx_dance.c: `forward`
 *                                   (budget_spent, visit_solution)
 *   X3  choose i                    choose_item() in dlx_dance.c
 *   X4  cover i                     cover() below
 *   X5  try x_l                     commit_others() below (`advance`)
 *   X6  try again                   uncommit_others() below (`recover`)
 *   X7  backtrack                   uncover() below (`backup`)
 *   X8  leave level l               `back_one` / `backup` in search()
 *
 * dlx2's colors add purify/unpurify and commit/uncommit (below).  The
 * other layouts write the same steps once each, on their own nodes:
 * Algorithm M (multiplicities, costs) in dlx_mcc.c and dlx_mcc_choice.h,
 * the memo counter (which also keeps a hash of the sub-problem) in
 * dlx_memo.c, the bitset engines in dlx_bits.c and dlx_small.c.  What
 * every engine shares, the budget check, is in dlx_budget.h.
 */
#ifndef DLX_STEPS_H
#define DLX_STEPS_H

#include "dlx_internal.h"

/* ---- the dance: dlx1's and dlx2's steps on the links ------------------ */

/* From this many primary items on, the search tracks empty items (below). */
#define DLX_TRACK_ZEROS_FROM 128

/* The arrays the dance works on, gathered so that every step can be
 * inlined into the search with them in registers. */
typedef struct dance {
    item *it;
    uint64_t *active;
    uint64_t *low;
    link *ln;
    int *itm;
    int *color;
    const int *nxt, *prv;
    int n_primary;
    long *zeros;  /* active primary items with no option left (a long, so
                     that it cannot alias the int arrays and stays in a
                     register) */
} dance;

/*
 * These follow dlx2: hide() skips nodes marked purified (color < 0), which
 * never happens without colors; `colored` is a constant at every call, so
 * that the compiler drops the color tests for matrices without colors.
 * Updates are counted as Knuth counts them: one per item unlinked and one
 * per node unlinked.  The nodes of one option are in different lists, so
 * the order in which hide() and unhide() visit them does not matter; both
 * follow the ring nxt[].
 *
 * *zeros counts the active primary items whose list is empty, and the
 * bitset low[] has the active primary items of length 0 or 1, so that the
 * choice of item takes the leftmost empty item when there is one, else
 * the leftmost of length 1, from low[] (a few words, where the item list
 * is thousands of items long: a 36x36 sudoku has 5,184) and still chooses
 * exactly what Knuth's rule chooses.  hide() never shortens the list of
 * an inactive item: every option of a covered item was hidden from the
 * other lists when it was covered.
 *
 * `lists` (a constant): whether cover() unlinks the item from the item
 * lists.  A search that needs them only to find the active primary items
 * (no zeros tracked, no random order) keeps the bits of active[] of its
 * primary items alone: two loads and two stores less per cover.
 */
/* hide (X4, X5): take the other nodes of node p's option out of their
 * item lists. */
static inline void hide(const dance *d, int p, uint64_t *updates,
                        const int colored, const int track)
{
    /* locals, so that stores to the int arrays need not reload them */
    link *ln = d->ln;
    int *itm = d->itm;
    const int *color = d->color;
    const int n_primary = d->n_primary;
    const int *nxt = d->nxt;
    long zeros = 0;
    uint64_t u = 0;
    for (long q = nxt[p]; q != p; q = nxt[q]) {
        long x = itm[q], up = ln[q].up, dn = ln[q].down;
        if (!colored || color[q] >= 0) {
            ln[up].down = (int)dn;
            ln[dn].up = (int)up;
            int len = --itm[x];
            if (track && len <= 1 && x <= n_primary) {
                zeros += len == 0;
                d->low[x >> 6] |= (uint64_t)1 << (x & 63);
            }
            u++;
        }
    }
    *updates += u;
    if (track)
        *d->zeros += zeros;
}

/* unhide (X6, X7): hide() undone. */
static inline void unhide(const dance *d, int p, const int colored,
                          const int track)
{
    link *ln = d->ln;
    int *itm = d->itm;
    const int *color = d->color;
    const int n_primary = d->n_primary;
    const int *nxt = d->nxt;
    long zeros = 0;
    for (long q = nxt[p]; q != p; q = nxt[q]) {
        long x = itm[q], up = ln[q].up, dn = ln[q].down;
        if (!colored || color[q] >= 0) {
            ln[up].down = (int)q;
            ln[dn].up = (int)q;
            int len = itm[x]++;
            if (track && len <= 1 && x <= n_primary) {
                zeros += len == 0;
                if (len == 1)
                    d->low[x >> 6] &= ~((uint64_t)1 << (x & 63));
            }
        }
    }
    if (track)
        *d->zeros -= zeros;
}

/* X4 cover item c: out of the item lists, every option on it hidden. */
static inline void cover(const dance *d, int c, uint64_t *updates,
                         const int colored, const int track, const int lists)
{
    item *it = d->it;
    if (lists) {
        int l = it[c].prev, r = it[c].next;
        it[l].next = r;
        it[r].prev = l;
    }
    if (lists || c <= d->n_primary)
        d->active[c >> 6] &= ~((uint64_t)1 << (c & 63));
    if (track && c <= d->n_primary) {
        *d->zeros -= d->itm[c] == 0;
        d->low[c >> 6] &= ~((uint64_t)1 << (c & 63));
    }
    ++*updates;
    for (int x = d->ln[c].down; x != c; x = d->ln[x].down)
        hide(d, x, updates, colored, track);
}

/* X7 uncover item c: cover() undone, in the reverse order. */
static inline void uncover(const dance *d, int c, const int colored,
                           const int track, const int lists)
{
    item *it = d->it;
    for (int x = d->ln[c].up; x != c; x = d->ln[x].up)
        unhide(d, x, colored, track);
    if (lists) {
        int l = it[c].prev, r = it[c].next;
        it[l].next = c;
        it[r].prev = c;
    }
    if (lists || c <= d->n_primary)
        d->active[c >> 6] |= (uint64_t)1 << (c & 63);
    if (track && c <= d->n_primary) {
        *d->zeros += d->itm[c] == 0;
        d->low[c >> 6] |= (uint64_t)(d->itm[c] <= 1) << (c & 63);
    }
}

/* Secondary item of node p takes p's color: options of other colors go. */
static inline void purify(const dance *d, int p, uint64_t *updates,
                          const int track)
{
    int c = d->itm[p], color = d->color[p];
    /* the header keeps the color, as dlx2 does, so that an option printed
     * during the search can show the color of its purified nodes */
    d->color[c] = color;
    for (int x = d->ln[c].down; x != c; x = d->ln[x].down) {
        if (d->color[x] != color)
            hide(d, x, updates, 1, track);
        else if (x != p)
            d->color[x] = -1;
    }
}

/* purify() undone. */
static inline void unpurify(const dance *d, int p, const int track)
{
    int c = d->itm[p], color = d->color[p];
    for (int x = d->ln[c].up; x != c; x = d->ln[x].up) {
        if (d->color[x] < 0)
            d->color[x] = color;
        else if (x != p)
            unhide(d, x, 1, track);
    }
    d->color[c] = 0;
}

/* dlx2's commit: cover an uncolored item, purify a colored one (color
 * -1: already purified, nothing to do). */
static inline void commit(const dance *d, int p, uint64_t *updates,
                          const int colored, const int track, const int lists)
{
    if (!colored || d->color[p] == 0)
        cover(d, d->itm[p], updates, colored, track, lists);
    else if (d->color[p] > 0)
        purify(d, p, updates, track);
}

/* commit() undone. */
static inline void uncommit(const dance *d, int p, const int colored,
                            const int track, const int lists)
{
    if (!colored || d->color[p] == 0)
        uncover(d, d->itm[p], colored, track, lists);
    else if (d->color[p] > 0)
        unpurify(d, p, track);
}

/* X5 try x_l = p: commit every item of p's option except p's own. */
static inline void commit_others(const dance *d, int p, uint64_t *updates,
                                 const int colored, const int track,
                                 const int lists)
{
    for (int q = d->nxt[p]; q != p; q = d->nxt[q])
        commit(d, q, updates, colored, track, lists);
}

/* X6 try again: commit_others() undone. */
static inline void uncommit_others(const dance *d, int p, const int colored,
                                   const int track, const int lists)
{
    /* backwards: covers are undone in the reverse order of commit_others */
    for (int q = d->prv[p]; q != p; q = d->prv[q])
        uncommit(d, q, colored, track, lists);
}

static inline dance dance_of(dlx_matrix *m, long *zeros)
{
    dance d = { m->items, m->active, m->low, m->ln, m->itm, m->color,
                m->nxt, m->prv, m->n_primary, zeros };
    return d;
}

#endif
