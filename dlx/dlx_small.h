/*
 * dlx_small.h - the compact search on what is left (DLX_ENGINE_SMALL),
 * private to its two files: dlx_small_build.c makes it for a search
 * (what forced and pushed options leave of the matrix, renumbered), and
 * dlx_small.c searches it.  Its layout, limits and state are here.
 */
#ifndef DLX_SMALL_H
#define DLX_SMALL_H

#include "dlx_internal.h"

#include <stddef.h>
#include <stdint.h>

/*
 * A third way to make the same search, for the small problem that forced
 * (and pushed) options leave of a larger matrix: a sudoku puzzle's givens
 * leave about 250 of 324 items and 300 of 729 options.  Instead of
 * committing the forced options on the links and undoing them afterwards,
 * the search is built on what is still possible:
 *
 *   items     the items no forced or pushed option covers, renumbered
 *             0..P-1 (primary) and P..N-1 (secondary), in their order
 *   options   the options none of whose items is covered, renumbered
 *             0..O-1, in their order
 *
 * so every list holds the nodes the dance would still see after forcing,
 * in the same order, and the search (leftmost item of fewest options, its
 * options in order) makes the same choices: the same nodes, solutions,
 * updates and level profile.  The state of a level is narrow and copied
 * whole on the way down (going back up costs nothing):
 *
 *   state = | opts: W words, a bit per active option |
 *           | len: len_bytes bytes | len[D]: a spare byte |
 *           | padding to a multiple of 64 bytes |
 *
 *   len[i]  the active options of primary item i (a list is at most
 *           254 long); 255 once i is covered, and in the padding up to
 *           len_bytes (a multiple of 16), so that the fewest options are
 *           a plain minimum over len_bytes bytes (SSE2, or vectorized by
 *           the compiler) and the leftmost item with them one compare per
 *           16 bytes.
 *
 * Items are numbered primary 0..P-1, then the dummy D = len_bytes, then
 * the secondary ones.  Each option's primary items are a record of
 * primary_stride items (a multiple of 4, padded with D, whose row of
 * masks is zero and whose byte is the spare one), and all its items a
 * record of item_stride, padded the same way, so that the loops over
 * them go four at a time (a sudoku band's option, three primary items
 * and one secondary, is one group of four).
 * A level covers its chosen item in place (its options leave the state)
 * and keeps their list; trying option o copies the state one level down
 * (in place when o is the item's only option: nothing to come back for)
 * and removes the options that share one of o's other items.  A count of
 * the primary items left tells a solution without a scan.
 */
#define DLX_SMALL_MAX_OPTIONS 4096
#define DLX_SMALL_MIN_HIDDEN 10 /* nodes hidden per item covered, for AUTO */
#define DLX_SMALL_MAX_PRIMARY 1024
#define DLX_SMALL_MAX_LIST 254
#define DLX_SMALL_COVERED 255
#define DLX_SMALL_MAX_KP 16     /* primary items of an option */
#define DLX_SMALL_MAX_KA 256    /* items of an option */
#define DLX_SMALL_PRUNE_CREDIT 2 /* runs of the subset rule before it must
                                    pay (small_prune) */
#define DLX_SMALL_SCORED 6       /* items of two scored for a branch
                                    (small_best_two) */
#define DLX_SMALL_PAD 1          /* words after the masks (small_two_set) */
#define DLX_SMALL_PAIR_WEIGHT 2  /* a pair's option taken out counts this
                                    much more in that score */

typedef struct small_search {
    int P, N, O, W;      /* as above */
    int len_bytes;              /* bytes of len[], P rounded up to 16 */
    size_t stride;       /* bytes of one level's state, a multiple of 16 */
    int *opt;            /* O: the matrix's option of each local option */
    int *local;          /* per internal item: local index, or -1 */
    uint64_t *mask;      /* N x W: the options of each item, then
                            DLX_SMALL_PAD words of zeros (small_two_set
                            reads a word past a row) */
    uint16_t *item_rec;  /* O x item_stride: all the items of each
                            option, the primary ones first, padded with
                            D */
    uint8_t *ngroups;    /* O: the groups of 4 in each record of item_rec */
    int item_stride;     /* the longest option's items, rounded up to a
                            multiple of 4 */
    int D;               /* the dummy item that pads the records: its row
                            of the mask is zero, its byte of len is after
                            the len_bytes scanned */
    uint16_t *primary_rec; /* O x primary_stride: the primary items of
                            each option, padded with D */
    int primary_stride;  /* the longest option's primary items, rounded
                            up to a multiple of 4 */
    int *option_updates; /* O: |o| - 1, Knuth's updates to hide o */
    uint8_t *option_primaries; /* O: the primary items of o */
    unsigned char *state;/* levels x stride */
    uint16_t *list;      /* levels x DLX_SMALL_MAX_LIST: options of the
                            item chosen at each level */
    int *nlist, *idx;    /* per level: their number, the one being tried */
    int *at;             /* per level that branched: the state it works
                            on (the search keeps the others' in a
                            register) */
    uint8_t *gone;       /* a byte per option of the matrix: not left */
    int *ifirst, *iopt;  /* each item's options, in order (small_index) */
    int index_nodes;     /* the matrix's nodes when they were made */
    int max_primary;     /* primary items of the matrix's longest option */
    int max_items;       /* items of the matrix's longest option */
    int max_list;        /* options of the matrix's longest item list */
    int uniform;         /* every option has max_primary items, all
                            primary, and that is a multiple of 4; at
                            most UINT16_MAX items */
    uint16_t *uniform_rec;      /* uniform: the items of each option (internal
                            numbers), max_primary per option */
    uint64_t *row;       /* (n_items + 1) x FW: the options of each item
                            in the whole matrix, a bit each (small_rows) */
    int FW;              /* words of a row; 0: not made (too large) */
    uint64_t *clash;     /* n_options x FW: the options that share an item
                            with each option, itself included (the OR of
                            its items' rows); NULL when too large */
    uint64_t *cov;       /* a bit per item: covered by a forced option */
    uint64_t *out;       /* FW: the options a forced option takes out */
    size_t cap_row, cap_cov, cap_out, cap_clash;
    /* the subset rule (dlx_search.prune; small_prune): */
    uint8_t *paired;     /* per item of the matrix: it shares two options
                            or more with another item */
    int paired_nodes;    /* the matrix's nodes when paired was made */
    uint16_t *pbits;     /* len_bytes / 16 + 1: the paired primary items
                            left, as bits */
    uint8_t *snap;       /* levels x len_bytes: len[] as the rule left it
                            at each level where it ran */
    size_t cap_paired, cap_pbits, cap_snap;
    size_t cap_gone, cap_ifirst, cap_iopt, cap_uniform_rec;
    size_t cap_items, cap_options, cap_groups, cap_primary_rec,
        cap_option_updates, cap_option_primaries, cap_mask, cap_item_rec,
        cap_state, cap_list, cap_levels, cap_idx, cap_at;
} small_search;

#endif
