/*
 * dlx_engine.h - the one choice of engine (dlx_engine.c), private to
 * libdlx: dlx_solve asks it once per search, before anything is built.
 */
#ifndef DLX_ENGINE_H
#define DLX_ENGINE_H

#include "dlx_internal.h"

/* The bitset engine's sizes (dlx_bits.c): its state is a bit per option
 * per level, and its item set a bit per primary item. */
#define DLX_BITS_MAX_OPTIONS 16384 /* a killer sudoku's tuples: 4000-8000 */
#define DLX_BITS_MAX_PRIMARY 512

/* What dlxi_choose decided: the engine (DLX_RAN_*) and why (DLX_WHY_*). */
typedef struct dlxi_choice {
    int ran;
    int reason;
} dlxi_choice;

/* Engines to leave out of a choice (AUTO): the compact engine's build
 * found what is left too big (DLX_ETOOBIG), or the bitset engine had no
 * memory for its state. */
enum { DLXI_NOT_SMALL = 1, DLXI_NOT_BITS = 2 };

/* Which engine runs search s on m, and why: DLX_OK, or DLX_EENGINE when
 * s->engine names one that cannot run it (DLX_ENOTSUP when that is for
 * multiplicities; *c is then DLX_RAN_NONE).  For
 * DLX_ENGINE_AUTO on a count (s->count_only) it may make the memo
 * counter's trial (dlx_memo_pays), so m must be idle, as for dlx_solve. */
int dlxi_choose(dlx_matrix *m, const dlx_search *s, unsigned leave_out,
                dlxi_choice *c);

/* The variant compiled for a search, chosen here with the engine so that
 * one file holds every choice.  The dance's (dlx_dance.c): flags. */
enum {
    DLXI_DANCE_COLORED = 1, /* dlx2's purify and its undo */
    DLXI_DANCE_SIMPLE = 2,  /* nothing watches: no trace, split, random */
    DLXI_DANCE_TRACK = 4    /* empty items tracked (many primary items) */
};
int dlxi_dance_variant(const dlx_matrix *m, const dlx_search *s);

/* The compact engine's (dlx_small.c), by the shape of its options: all
 * the same with 4 primary items (U4), 4 items (A4), 4 primary items
 * (P4), any; and with the subset rule (prune). */
enum {
    DLXI_SMALL_U4,
    DLXI_SMALL_A4,
    DLXI_SMALL_P4,
    DLXI_SMALL_ANY,
    DLXI_SMALL_U4_PRUNE,
    DLXI_SMALL_ANY_PRUNE
};
int dlxi_small_variant(int prune, int uniform, int primary_per_option,
                       int items_per_option);

#endif
