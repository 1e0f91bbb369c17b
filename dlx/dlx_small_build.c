/*
 * dlx_small_build.c - the compact search on what is left, made for a
 * search (dlxi_small_build): the items and options that forced and
 * pushed options leave, renumbered; each item's options as a row of
 * bits; each option's items as a record; level 0's state; and what the
 * subset rule needs.  dlx_small.h has the layout; dlx_small.c searches.
 */
#include "dlx_small.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void dlxi_small_free(small_search *b)
{
    if (!b)
        return;
    free(b->opt);
    free(b->local);
    free(b->mask);
    free(b->item_rec);
    free(b->ngroups);
    free(b->primary_rec);
    free(b->option_updates);
    free(b->option_primaries);
    free(b->state);
    free(b->list);
    free(b->nlist);
    free(b->idx);
    free(b->at);
    free(b->gone);
    free(b->ifirst);
    free(b->iopt);
    free(b->uniform_rec);
    free(b->row);
    free(b->clash);
    free(b->cov);
    free(b->out);
    free(b->paired);
    free(b->pbits);
    free(b->snap);
    free(b);
}

/* Room for `need` elements of `size` bytes at *pp (capacity *cap). */
static int small_room(void *pp, size_t *cap, size_t need, size_t size)
{
    void **p = pp;
    if (need <= *cap)
        return 1;
    size_t c = need < 64 ? 64 : need + need / 2;
    void *q = realloc(*p, c * size);
    if (!q)
        return 0;
    *p = q;
    *cap = c;
    return 1;
}

/* Marks the items of option o with stamp `now`: DLX_OK, or DLX_ECONFLICT
 * (nothing marked) when one is marked already: the options clash. */
static int small_mark(dlx_matrix *m, int o, int now)
{
    const int *itm = m->itm;
    int first = m->opt_start[o];
    for (int x = first; itm[x] > 0; x++)
        if (m->stamp[itm[x]] == now)
            return DLX_ECONFLICT;
    for (int x = first; itm[x] > 0; x++)
        m->stamp[itm[x]] = now;
    return DLX_OK;
}

/*
 * The options of each item of the whole matrix as a row of bits (row,
 * FW words), made with the index: what forced options take out is then
 * the OR of their items' rows, a few words each, where the walk over
 * the items' lists stores a byte per option and the options left are a
 * pass over all of them.  Made when the rows are short: for a 9x9
 * sudoku's matrix (729 options, lists of 9) 12 words a row, where a
 * check of the generator (50 cells forced) built in 30K instructions by
 * the walk; not for a 16x16 one (4096 options, 64 words against lists
 * of 16), nor past a megabyte.
 */
#define DLX_SMALL_ROW_BYTES (1 << 20)

static int small_rows(const dlx_matrix *m, small_search *b)
{
    const int FW = (m->n_options + 63) / 64;
    const size_t words = ((size_t)m->n_items + 1) * (size_t)FW;
    b->FW = 0;
    if (FW > 2 * b->max_list || m->n_options > DLX_SMALL_MAX_OPTIONS ||
        words * sizeof *b->row > DLX_SMALL_ROW_BYTES)
        return DLX_OK;
    if (!small_room(&b->row, &b->cap_row, words, sizeof *b->row))
        return DLX_ENOMEM;
    uint64_t *row = b->row;
    const int *itm = m->itm;
    memset(row, 0, words * sizeof *row);
    for (int o = 0; o < m->n_options; o++)
        for (int x = m->opt_start[o]; itm[x] > 0; x++)
            row[(size_t)itm[x] * FW + (o >> 6)] |= (uint64_t)1 << (o & 63);
    b->FW = FW;
    /* an option's clashes in one row: a forced option then takes one OR
     * of FW words, not one per item */
    const size_t cwords = (size_t)m->n_options * (size_t)FW;
    if (cwords * sizeof *b->clash > DLX_SMALL_ROW_BYTES) {
        free(b->clash);
        b->clash = NULL;
        b->cap_clash = 0;
        return DLX_OK;
    }
    if (!small_room(&b->clash, &b->cap_clash, cwords, sizeof *b->clash))
        return DLX_ENOMEM;
    for (int o = 0; o < m->n_options; o++) {
        uint64_t *c = b->clash + (size_t)o * FW;
        memset(c, 0, (size_t)FW * sizeof *c);
        for (int x = m->opt_start[o]; itm[x] > 0; x++)
            for (int w = 0; w < FW; w++)
                c[w] |= row[(size_t)itm[x] * FW + w];
    }
    return DLX_OK;
}

/* Each item's options in order (ifirst, iopt: the matrix's lists as
 * they were built), made once per matrix and again when it has grown:
 * the options a covered item takes away, whatever the links say now. */
static int small_index(const dlx_matrix *m, small_search *b)
{
    if (b->index_nodes == m->n_nodes)
        return DLX_OK;
    const int *itm = m->itm;
    if (!small_room(&b->ifirst, &b->cap_ifirst, (size_t)m->n_items + 2,
                    sizeof *b->ifirst) ||
        !small_room(&b->iopt, &b->cap_iopt,
                    (size_t)num_nodes(m) + 1, sizeof *b->iopt))
        return DLX_ENOMEM;
    int *ifirst = b->ifirst;
    memset(ifirst, 0, ((size_t)m->n_items + 2) * sizeof *ifirst);
    for (int o = 0; o < m->n_options; o++)
        for (int x = m->opt_start[o]; itm[x] > 0; x++)
            ifirst[itm[x] + 1]++;
    for (int c = 1; c <= m->n_items; c++)
        ifirst[c + 1] += ifirst[c];
    /* fill from the front of each item's run, then shift back */
    for (int o = 0; o < m->n_options; o++)
        for (int x = m->opt_start[o]; itm[x] > 0; x++)
            b->iopt[ifirst[itm[x]]++] = o;
    for (int c = m->n_items; c >= 1; c--)
        ifirst[c] = ifirst[c - 1];
    ifirst[1] = 0;
    int kp = 1, ka = 1, same = 1, first_n = -1;
    for (int o = 0; o < m->n_options; o++) {
        int np = 0, n = 0;
        for (int x = m->opt_start[o]; itm[x] > 0; x++, n++)
            np += itm[x] <= m->n_primary;
        kp = np > kp ? np : kp;
        ka = n > ka ? n : ka;
        same &= np == n && (first_n < 0 || n == first_n);
        first_n = n;
    }
    b->max_primary = kp;
    b->max_items = ka;
    b->max_list = 0;
    for (int c = 1; c <= m->n_items; c++)
        if (ifirst[c + 1] - ifirst[c] > b->max_list)
            b->max_list = ifirst[c + 1] - ifirst[c];
    /* uniform_rec holds items in 16 bits: half the bytes a puzzle's build
     * reads, scattered over all the options */
    b->uniform = same && kp % 4 == 0 && m->n_options > 0 &&
                 m->n_items <= UINT16_MAX;
    if (b->uniform) {
        if (!small_room(&b->uniform_rec, &b->cap_uniform_rec,
                        (size_t)m->n_options * kp + 1, sizeof *b->uniform_rec))
            return DLX_ENOMEM;
        for (int o = 0; o < m->n_options; o++)
            for (int k = 0; k < kp; k++)
                b->uniform_rec[(size_t)o * kp + k] =
                    (uint16_t)itm[m->opt_start[o] + k];
    }
    b->index_nodes = m->n_nodes;
    return small_rows(m, b);
}

/* Step 1 of dlxi_small_build: marks the items the pushed and forced options
 * cover with a new stamp, returned in *now.  DLX_OK, or DLX_EOPTION or
 * DLX_ECONFLICT for bad forced options, checked in order as dlxi_force()
 * does. */
static DLX_ALWAYS_INLINE int small_cover_forced(dlx_matrix *m,
                                                const dlx_search *s, int *now)
{
    if (++m->stamp_now == INT_MAX) {
        memset(m->stamp, 0, (size_t)(m->n_items + 2) * sizeof *m->stamp);
        m->stamp_now = 1;
    }
    *now = m->stamp_now;
    for (int k = 0; k < m->n_pushed; k++)
        small_mark(m, m->pushed[k], *now);
    for (int k = 0; k < s->n_forced; k++) {
        int o = s->forced[k];
        if (o < 0 || o >= m->n_options)
            return DLX_EOPTION;
        if (small_mark(m, o, *now) != DLX_OK)
            return DLX_ECONFLICT;
    }
    return DLX_OK;
}

/* Step 2: the items left (not marked `now`), renumbered in order in
 * b->local, the primary ones first; *P and *N as in small_search.  DLX_OK,
 * DLX_ENOMEM or DLX_ETOOBIG. */
static DLX_ALWAYS_INLINE int small_items_left(const dlx_matrix *m,
                                              small_search *b, int now,
                                              int *P_out, int *N_out)
{
    const int n_items = m->n_items, n_primary = m->n_primary;
    const int *stamp = m->stamp;
    if (!small_room(&b->local, &b->cap_items, (size_t)n_items + 2,
                    sizeof *b->local))
        return DLX_ENOMEM;
    /* without a branch on which items are covered (the predictor cannot
     * learn them); a covered item gets -1.  The secondary items come after
     * the bytes of len and the dummy D (len_bytes): rows P..len_bytes of
     * the masks are
     * zeros, and a level's state ends with len[D] */
    int *local = b->local, N = 0;
    for (int c = 1; c <= n_primary; c++) {
        int covered = stamp[c] == now;
        local[c] = N | -covered;
        N += !covered;
    }
    const int P = N, len_bytes = (P + 15) / 16 * 16, D = len_bytes;
    N = D + 1;
    for (int c = n_primary + 1; c <= n_items; c++) {
        int covered = stamp[c] == now;
        local[c] = N | -covered;
        N += !covered;
    }
    if (P > DLX_SMALL_MAX_PRIMARY || N > UINT16_MAX)
        return DLX_ETOOBIG;
    *P_out = P;
    *N_out = N;
    return DLX_OK;
}

/* Room for the records of the options left (at most all of them). */
static int small_room_options(const dlx_matrix *m, small_search *b)
{
    size_t n = (size_t)m->n_options + 1;
    if (!small_room(&b->opt, &b->cap_options, n, sizeof *b->opt) ||
        !small_room(&b->ngroups, &b->cap_groups, n, sizeof *b->ngroups) ||
        !small_room(&b->option_updates, &b->cap_option_updates, n,
                    sizeof *b->option_updates) ||
        !small_room(&b->option_primaries, &b->cap_option_primaries, n,
                    sizeof *b->option_primaries))
        return DLX_ENOMEM;
    return DLX_OK;
}

/* Step 3: the options left (none of their items covered), renumbered in
 * order in b->opt.  Returns their number, or DLX_ENOMEM or DLX_ETOOBIG. */
static DLX_ALWAYS_INLINE int small_options_left(dlx_matrix *m,
                                                const dlx_search *s,
                                                small_search *b)
{
    const int *itm = m->itm;
    const int *ifirst = b->ifirst, *iopt = b->iopt;
    /* a byte per option: plain stores (an OR to a word per bit would wait
     * for the one before: a list's options are neighbours) */
    if (!small_room(&b->gone, &b->cap_gone, (size_t)m->n_options + 1, 1))
        return DLX_ENOMEM;
    uint8_t *gone = b->gone;
    memset(gone, 0, (size_t)m->n_options);
    for (int k = 0; k < s->n_forced + m->n_pushed; k++) {
        int o = k < m->n_pushed ? m->pushed[k] : s->forced[k - m->n_pushed];
        for (int x = m->opt_start[o]; itm[x] > 0; x++) {
            /* the bounds in registers: a byte stored may alias them */
            const int *q = iopt + ifirst[itm[x]];
            const int *end = iopt + ifirst[itm[x] + 1];
            for (; q < end; q++)
                gone[*q] = 1;
        }
    }
    int O = 0, *opt_left = b->opt;
    for (int o = 0, n_options = m->n_options; o < n_options; o++) {
        opt_left[O] = o;
        O += !gone[o];
    }
    if (O > DLX_SMALL_MAX_OPTIONS)
        return DLX_ETOOBIG;
    return O;
}

/* out |= r0 | r1 | r2 | r3, words 0..FW-1 (vectorized). */
static inline void small_or_rows(uint64_t *restrict out,
                                 const uint64_t *restrict r0,
                                 const uint64_t *restrict r1,
                                 const uint64_t *restrict r2,
                                 const uint64_t *restrict r3, int FW)
{
    for (int w = 0; w < FW; w++)
        out[w] |= r0[w] | r1[w] | r2[w] | r3[w];
}

/* out |= r, words 0..FW-1. */
static inline void small_or_row(uint64_t *restrict out,
                                const uint64_t *restrict r, int FW)
{
    for (int w = 0; w < FW; w++)
        out[w] |= r[w];
}

/* Numbers the items lo..hi that cov does not mark, in order, from n:
 * returns the next number. */
static int small_number(const uint64_t *cov, int lo, int hi, int *local,
                        int n)
{
    for (int w = lo >> 6; lo <= hi && w <= hi >> 6; w++) {
        uint64_t bits = ~cov[w];
        if (w == lo >> 6)
            bits &= ~(uint64_t)0 << (lo & 63);
        if (w == hi >> 6)
            bits &= ~(uint64_t)0 >> (63 - (hi & 63));
        for (; bits; bits &= bits - 1)
            local[(w << 6) + lowest_bit(bits)] = n++;
    }
    return n;
}

/* Steps 1 to 3 by the rows of bits (small_rows), with the same results:
 * the items the pushed and forced options cover marked in cov (DLX_EOPTION
 * or DLX_ECONFLICT for bad forced options, checked in order), the options
 * they take out ORed in `out`, the items left numbered in local (the
 * entries of covered items are not read) and the options left in opt.
 * Returns the number of options left, or DLX_ENOMEM or DLX_ETOOBIG. */
static int small_left_by_rows(const dlx_matrix *m, const dlx_search *s,
                              small_search *b, int *P_out, int *N_out)
{
    const int n_items = m->n_items, n_primary = m->n_primary, FW = b->FW;
    const size_t CW = (size_t)n_items / 64 + 1;
    if (!small_room(&b->cov, &b->cap_cov, CW, sizeof *b->cov) ||
        !small_room(&b->out, &b->cap_out, (size_t)FW, sizeof *b->out) ||
        !small_room(&b->local, &b->cap_items, (size_t)n_items + 2,
                    sizeof *b->local))
        return DLX_ENOMEM;
    uint64_t *cov = b->cov, *out = b->out;
    const uint64_t *row = b->row;
    const int *itm = m->itm;
    memset(cov, 0, CW * sizeof *cov);
    memset(out, 0, (size_t)FW * sizeof *out);
    for (int k = 0; k < m->n_pushed + s->n_forced; k++) {
        const int pushed = k < m->n_pushed;
        const int o = pushed ? m->pushed[k] : s->forced[k - m->n_pushed];
        /* an option taken out by those before shares an item with one */
        if (!pushed && (o < 0 || o >= m->n_options))
            return DLX_EOPTION;
        if (!pushed && (out[o >> 6] >> (o & 63) & 1))
            return DLX_ECONFLICT;
        const int *x = itm + m->opt_start[o];
        for (int c = x[0], n = 0; c > 0; c = x[++n])
            cov[c >> 6] |= (uint64_t)1 << (c & 63);
        if (b->clash) {
            small_or_row(out, b->clash + (size_t)o * FW, FW);
            continue;
        }
        /* four rows at a time; row 0 (the root's) is zeros */
        for (int n = 0; x[n] > 0; n += 4) {
            int c1 = x[n + 1] > 0 ? x[n + 1] : 0;
            int c2 = c1 && x[n + 2] > 0 ? x[n + 2] : 0;
            int c3 = c2 && x[n + 3] > 0 ? x[n + 3] : 0;
            small_or_rows(out, row + (size_t)x[n] * FW,
                          row + (size_t)c1 * FW, row + (size_t)c2 * FW,
                          row + (size_t)c3 * FW, FW);
            if (!c3)
                break;
        }
    }
    const int P = small_number(cov, 1, n_primary, b->local, 0);
    const int N = small_number(cov, n_primary + 1, n_items, b->local,
                               (P + 15) / 16 * 16 + 1);
    if (P > DLX_SMALL_MAX_PRIMARY || N > UINT16_MAX)
        return DLX_ETOOBIG;
    int O = 0, *opt = b->opt;
    for (int w = 0; w < FW; w++) {
        uint64_t bits = ~out[w];
        if (w == FW - 1 && (m->n_options & 63))
            bits &= ((uint64_t)1 << (m->n_options & 63)) - 1;
        for (; bits; bits &= bits - 1)
            opt[O++] = (w << 6) + lowest_bit(bits);
    }
    if (O > DLX_SMALL_MAX_OPTIONS)
        return DLX_ETOOBIG;
    *P_out = P;
    *N_out = N;
    return O;
}

/* Step 4: the sizes of the state and records for P primary items, N
 * items and O options, room for them, in b.  DLX_OK, DLX_ENOMEM or
 * DLX_ETOOBIG. */
static DLX_ALWAYS_INLINE int small_size(small_search *b, int P, int N, int O)
{
    const int len_bytes = (P + 15) / 16 * 16, D = len_bytes;
    int W = O ? (O + 63) / 64 : 1;
    /* whole blocks of 64 bytes, copied by small_copy */
    size_t stride = ((size_t)W * 8 + (size_t)D + 1 + 63) / 64 * 64;
    size_t levels = (size_t)P + 2;
    /* records of a multiple of 4, so that the search's loops over them
     * go four at a time, and have a constant count when it is 4
     * (search_small_upto_four_primary) */
    const int primary_stride = (b->max_primary + 3) / 4 * 4;
    const int item_stride = (b->max_items + 3) / 4 * 4;
    if (primary_stride > DLX_SMALL_MAX_KP || item_stride > DLX_SMALL_MAX_KA)
        return DLX_ETOOBIG;
    if (!small_room(&b->mask, &b->cap_mask, (size_t)N * W + DLX_SMALL_PAD,
                    sizeof *b->mask) ||
        !small_room(&b->primary_rec, &b->cap_primary_rec,
                    (size_t)O * primary_stride + 1, sizeof *b->primary_rec) ||
        !small_room(&b->item_rec, &b->cap_item_rec, (size_t)O * item_stride + 1,
                    sizeof *b->item_rec) ||
        !small_room(&b->state, &b->cap_state, stride * levels, 1) ||
        !small_room(&b->list, &b->cap_list, levels * DLX_SMALL_MAX_LIST,
                    sizeof *b->list) ||
        !small_room(&b->nlist, &b->cap_levels, levels, sizeof *b->nlist) ||
        !small_room(&b->idx, &b->cap_idx, levels, sizeof *b->idx) ||
        !small_room(&b->at, &b->cap_at, levels, sizeof *b->at))
        return DLX_ENOMEM;
    b->P = P, b->N = N, b->O = O, b->W = W, b->len_bytes = len_bytes;
    b->stride = stride;
    b->primary_stride = primary_stride, b->item_stride = item_stride, b->D = D;
    return DLX_OK;
}

/* Step 5: level 0: every option left, each item's count of them, the
 * masks and the items of each option (the primary ones first); the loops
 * go over the options left, without a branch the data decides.  DLX_OK,
 * or DLX_ETOOBIG when a list is too long for a byte. */
static DLX_ALWAYS_INLINE int small_level0(const dlx_matrix *m, small_search *b)
{
    const int P = b->P, N = b->N, O = b->O, W = b->W, len_bytes = b->len_bytes;
    const int primary_stride = b->primary_stride;
    const int item_stride = b->item_stride, D = b->D;
    const int *itm = m->itm, *local = b->local;
    uint64_t *opts = (uint64_t *)b->state;
    uint8_t *len = b->state + (size_t)W * 8;
    uint64_t *mask = b->mask;
    const int *opt = b->opt;
    uint16_t *primary_rec = b->primary_rec, *item_rec = b->item_rec;
    int lens[DLX_SMALL_MAX_PRIMARY + 1];
    memset(mask, 0, ((size_t)N * W + DLX_SMALL_PAD) * sizeof *mask);
    /* every option four primary items (sudoku), and no
     * list too long for a byte: the same loop without the walks to the
     * spacers, counting in len itself */
    const int u4 = b->uniform && primary_stride == 4 &&
                   b->max_list <= DLX_SMALL_MAX_LIST;
    if (u4) {
        memset(len, 0, (size_t)P);
        const uint16_t *uniform_rec = b->uniform_rec;
        for (int j = 0; j < O; j++) {
            const uint64_t bit = (uint64_t)1 << (j & 63);
            const uint16_t *g = uniform_rec + (size_t)opt[j] * 4;
            uint64_t *col = mask + (j >> 6);
            uint16_t *rec = primary_rec + (size_t)j * 4;
            for (int q = 0; q < 4; q++) {
                int i = local[g[q]];
                col[(size_t)i * W] |= bit;
                len[i]++;
                rec[q] = (uint16_t)i;
            }
        }
    } else {
        memset(lens, 0, (size_t)(P + 1) * sizeof *lens);
    }
    for (int j = 0; j < O && !u4; j++) {
        const uint64_t bit = (uint64_t)1 << (j & 63);
        const int first = m->opt_start[opt[j]];
        uint64_t *col = mask + (j >> 6);
        uint16_t *rec = primary_rec + (size_t)j * primary_stride;
        uint16_t *all = item_rec + (size_t)j * item_stride;
        int np = 0, x;
        for (x = first; itm[x] > 0; x++) {
            int i = local[itm[x]];
            col[(size_t)i * W] |= bit;
            if (i < P) {
                lens[i]++;
                rec[np++] = (uint16_t)i;
            }
        }
        int n = x - first, na = np;
        memcpy(all, rec, (size_t)np * sizeof *all);
        if (np < n)
            for (x = first; itm[x] > 0; x++)
                if (local[itm[x]] >= P)
                    all[na++] = (uint16_t)local[itm[x]];
        b->option_primaries[j] = (uint8_t)np;
        for (; np < primary_stride; np++)
            rec[np] = (uint16_t)D;
        for (; na % 4; na++)
            all[na] = (uint16_t)D;
        b->ngroups[j] = (uint8_t)(na / 4);
        b->option_updates[j] = n - 1;
    }
    for (int i = 0; i < P && !u4; i++) {
        if (lens[i] > DLX_SMALL_MAX_LIST)
            return DLX_ETOOBIG;
        len[i] = (uint8_t)lens[i];
    }
    memset(len + P, DLX_SMALL_COVERED, (size_t)(len_bytes - P));
    for (int w = 0; w < W; w++)
        opts[w] = ~(uint64_t)0;
    if (O & 63)
        opts[W - 1] = ((uint64_t)1 << (O & 63)) - 1;
    else if (O == 0)
        opts[0] = 0;
    return DLX_OK;
}

/* ---- the subset rule: what it needs per matrix and per search ---------- */

/* Which items of the matrix share two options or more with another:
 * only they can have all their options (two at least: an item of one is
 * forced anyway) among another item's.  Made once per matrix, like
 * small_index, whose lists it reads. */
static int small_paired(const dlx_matrix *m, small_search *b)
{
    if (b->paired_nodes == m->n_nodes)
        return DLX_OK;
    const int n = m->n_items;
    int *seen = malloc(((size_t)n + 2) * sizeof *seen);
    if (!seen || !small_room(&b->paired, &b->cap_paired, (size_t)n + 2, 1)) {
        free(seen);
        return DLX_ENOMEM;
    }
    for (int c = 0; c <= n + 1; c++)
        seen[c] = 0;
    const int *itm = m->itm, *ifirst = b->ifirst, *iopt = b->iopt;
    for (int c = 1; c <= n; c++) {
        int hit = 0;
        for (int q = ifirst[c]; q < ifirst[c + 1] && !hit; q++)
            for (int x = m->opt_start[iopt[q]]; itm[x] > 0; x++) {
                int d = itm[x];
                hit |= d != c && seen[d] == c;
                seen[d] = c;
            }
        b->paired[c] = (uint8_t)hit;
    }
    free(seen);
    b->paired_nodes = m->n_nodes;
    return DLX_OK;
}

/* Per search: the paired primary items left as bits (pbits), and room
 * for a copy of len[] per level (snap). */
static int small_prune_build(const dlx_matrix *m, small_search *b)
{
    int status = small_paired(m, b);
    if (status != DLX_OK)
        return status;
    const size_t words = (size_t)b->len_bytes / 16 + 1;
    if (!small_room(&b->pbits, &b->cap_pbits, words, sizeof *b->pbits) ||
        !small_room(&b->snap, &b->cap_snap,
                    ((size_t)b->P + 2) * (size_t)b->len_bytes + 1, 1))
        return DLX_ENOMEM;
    memset(b->pbits, 0, words * sizeof *b->pbits);
    const uint8_t *paired = b->paired;
    uint16_t *pbits = b->pbits;
    if (b->FW > 0) {
        /* small_left_by_rows numbered the items that cov does not mark
         * from 0, in order (small_number), and wrote nothing in local[]
         * for the others: the same walk over the bits */
        const int n = m->n_primary;
        const uint64_t *cov = b->cov;
        int i = 0;
        for (int w = 0; w <= n >> 6; w++) {
            uint64_t bits = ~cov[w];
            if (w == 0)
                bits &= ~(uint64_t)1; /* no item 0 */
            if (w == n >> 6)
                bits &= ~(uint64_t)0 >> (63 - (n & 63));
            for (; bits; bits &= bits - 1, i++)
                pbits[i >> 4] |=
                    (uint16_t)(paired[(w << 6) + lowest_bit(bits)] << (i & 15));
        }
        return DLX_OK;
    }
    /* small_items_left: local[c] < 0 for a covered item, which then sets
     * a bit of the padding past len_bytes, never looked at (no branch on which
     * items are left) */
    const int *local = b->local;
    for (int c = 1; c <= m->n_primary; c++) {
        const int i = local[c] < 0 ? b->len_bytes : local[c];
        pbits[i >> 4] |= (uint16_t)(paired[c] << (i & 15));
    }
    return DLX_OK;
}

/*
 * Builds the search on what the pushed and forced options leave, in
 * m->small (kept for the next search: no allocation once it is large
 * enough).  Returns DLX_OK; DLX_EOPTION or DLX_ECONFLICT for bad forced
 * options, checked in order as dlxi_force() does; DLX_ENOMEM; or
 * DLX_ETOOBIG when what is left does not fit the narrow state (the dance
 * takes it).
 */
int dlxi_small_build(dlx_matrix *m, const dlx_search *s)
{
    small_search *b = m->small;
    if (!b) {
        b = m->small = calloc(1, sizeof *b);
        if (!b)
            return DLX_ENOMEM;
    }
    int P, N, O, status = small_index(m, b);
    if (status == DLX_OK)
        status = small_room_options(m, b);
    if (status != DLX_OK)
        return status;
    if (b->FW > 0) {
        O = small_left_by_rows(m, s, b, &P, &N);
    } else {
        int now;
        status = small_cover_forced(m, s, &now);
        if (status == DLX_OK)
            status = small_items_left(m, b, now, &P, &N);
        if (status != DLX_OK)
            return status;
        O = small_options_left(m, s, b);
    }
    if (O < 0)
        return O;
    status = small_size(b, P, N, O);
    if (status != DLX_OK)
        return status;
    status = small_level0(m, b);
    if (status == DLX_OK && s->prune)
        status = small_prune_build(m, b);
    return status;
}
