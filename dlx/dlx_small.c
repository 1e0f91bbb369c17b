/*
 * dlx_small.c - the compact search on what is left (DLX_ENGINE_SMALL):
 * the dance's search, node for node, built on what forced and pushed
 * options leave of the matrix, with a narrow state copied per level.
 */
#include "dlx_internal.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif


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
 *   state = | opts: W words, a bit per active option | len: LB bytes |
 *           | len[D]: a spare byte | padding to a multiple of 64 bytes |
 *
 *   len[i]  the active options of primary item i (a list is at most
 *           254 long); 255 once i is covered, and in the padding up to LB
 *           (a multiple of 16), so that the fewest options are a plain
 *           minimum over LB bytes (SSE2, or vectorized by the compiler)
 *           and the leftmost item with them one compare per 16 bytes.
 *
 * Items are numbered primary 0..P-1, then the dummy D = LB, then the
 * secondary ones.  Each option's primary items are a record of KP (a
 * multiple of 4, padded with D, whose row of masks is zero and whose byte
 * is the spare one), and all its items a record of KA, padded the same
 * way, so that the loops over them go four at a time (a sudoku band's
 * option, three primary items and one secondary, is one group of four).
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

typedef struct small_search {
    int P, N, O, W;      /* as above */
    int LB;              /* bytes of len[], P rounded up to 16 */
    size_t stride;       /* bytes of one level's state, a multiple of 16 */
    int levels;          /* states and lists allocated */
    int *opt;            /* O: the matrix's option of each local option */
    int *local;          /* per internal item: local index, or -1 */
    uint64_t *mask;      /* N x W: the options of each item */
    uint16_t *arec;      /* O x KA: all the items of each option, the
                            primary ones first, padded with D */
    uint8_t *ngroups;    /* O: the groups of 4 in each record of arec */
    int KA;              /* the longest option's items, rounded up to a
                            multiple of 4 */
    int D;               /* the dummy item that pads the records: its row
                            of the mask is zero, its byte of len is after
                            the LB scanned */
    uint16_t *prec;      /* O x KP: the primary items of each option,
                            padded with D */
    int KP;              /* the longest option's primary items, rounded
                            up to a multiple of 4 */
    int *owt;            /* O: |o| - 1, Knuth's updates to hide o */
    uint8_t *onp;        /* O: the primary items of o */
    unsigned char *state;/* levels x stride */
    uint16_t *list;      /* levels x DLX_SMALL_MAX_LIST: options of the
                            item chosen at each level */
    int *nlist, *idx;    /* per level: their number, the one being tried */
    int *at;             /* per level: the state it works on (below) */
    uint8_t *gone;       /* a byte per option of the matrix: not left */
    int *ifirst, *iopt;  /* each item's options, in order (small_index) */
    int index_nodes;     /* the matrix's nodes when they were made */
    int max_primary;     /* primary items of the matrix's longest option */
    int max_items;       /* items of the matrix's longest option */
    int max_list;        /* options of the matrix's longest item list */
    int uniform;         /* every option has max_primary items, all
                            primary, and that is a multiple of 4 */
    int *grec;           /* uniform: the items of each option (internal
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
    uint16_t *pbits;     /* LB / 16 + 1: the paired primary items left,
                            as bits */
    uint8_t *snap;       /* levels x LB: len[] as the rule left it at each
                            level where it ran */
    size_t cap_paired, cap_pbits, cap_snap;
    size_t cap_gone, cap_ifirst, cap_iopt, cap_grec;
    size_t cap_items, cap_options, cap_groups, cap_prec, cap_owt, cap_onp,
        cap_mask, cap_arec, cap_state, cap_list, cap_levels, cap_idx, cap_at;
} small_search;

void dlxi_small_free(small_search *b)
{
    if (!b)
        return;
    free(b->opt);
    free(b->local);
    free(b->mask);
    free(b->arec);
    free(b->ngroups);
    free(b->prec);
    free(b->owt);
    free(b->onp);
    free(b->state);
    free(b->list);
    free(b->nlist);
    free(b->idx);
    free(b->at);
    free(b->gone);
    free(b->ifirst);
    free(b->iopt);
    free(b->grec);
    free(b->row);
    free(b->clash);
    free(b->cov);
    free(b->out);
    free(b->paired);
    free(b->pbits);
    free(b->snap);
    free(b);
}

/* Whether the search may go this way before anything is built: no
 * colors, nothing that watches the links, and asked for or (AUTO) with
 * forced or pushed options, where it saves committing them on the links
 * (see bench/RESULTS.md for what was measured). */
int dlxi_small_eligible(const dlx_matrix *m, const dlx_search *s)
{
    if (s->engine == DLX_ENGINE_LINKS || s->engine == DLX_ENGINE_BITS)
        return 0;
    if (m->has_colors || s->on_trace || s->split_depth > 0 || s->randomize ||
        m->n_primary <= 0 || m->n_options <= 0)
        return 0;
    if (s->engine == DLX_ENGINE_SMALL || s->prune)
        return 1;
    if (s->n_forced > 0 || m->n_pushed > 0)
        return 1;
    /* Nothing forced: each level copies its state (a byte per primary
     * item, a bit per option) where the dance pays per update.  An item
     * covered hides about (list length) x (option length - 1) nodes;
     * measured (bench/RESULTS.md), this search is 1.3-2x faster than the
     * dance from 10 such updates on (queens, langford, latin squares,
     * 6x6 sudoku) and slower below (dominoes, rooks: 3-9).  Long lists
     * (pentominoes) are the bitset engine's. */
    long nodes = num_nodes(m);
    if (nodes >= (long)DLX_BITS_MIN_LIST * m->n_items)
        return 0;
    double list = (double)nodes / m->n_items;
    double len = (double)nodes / m->n_options;
    return list * (len - 1) >= DLX_SMALL_MIN_HIDDEN;
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
    b->uniform = same && kp % 4 == 0 && m->n_options > 0;
    if (b->uniform) {
        if (!small_room(&b->grec, &b->cap_grec,
                        (size_t)m->n_options * kp + 1, sizeof *b->grec))
            return DLX_ENOMEM;
        for (int o = 0; o < m->n_options; o++)
            memcpy(b->grec + (size_t)o * kp, itm + m->opt_start[o],
                   (size_t)kp * sizeof *itm);
    }
    b->index_nodes = m->n_nodes;
    return small_rows(m, b);
}

/* Step 1 of dlxi_small_build: marks the items the pushed and forced options
 * cover with a new stamp, returned in *now.  DLX_OK, or DLX_EOPTION or
 * DLX_ECONFLICT for bad forced options, checked in order as dlxi_force()
 * does. */
static DLX_ALWAYS_INLINE int small_cover_forced(dlx_matrix *m, const dlx_search *s, int *now)
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
static DLX_ALWAYS_INLINE int small_items_left(const dlx_matrix *m, small_search *b, int now,
                            int *P_out, int *N_out)
{
    const int n_items = m->n_items, n_primary = m->n_primary;
    const int *stamp = m->stamp;
    if (!small_room(&b->local, &b->cap_items, (size_t)n_items + 2,
                    sizeof *b->local))
        return DLX_ENOMEM;
    /* without a branch on which items are covered (the predictor cannot
     * learn them); a covered item gets -1.  The secondary items come after
     * the bytes of len and the dummy D (LB): rows P..LB of the masks are
     * zeros, and a level's state ends with len[D] */
    int *local = b->local, N = 0;
    for (int c = 1; c <= n_primary; c++) {
        int covered = stamp[c] == now;
        local[c] = N | -covered;
        N += !covered;
    }
    const int P = N, LB = (P + 15) / 16 * 16, D = LB;
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
        !small_room(&b->owt, &b->cap_owt, n, sizeof *b->owt) ||
        !small_room(&b->onp, &b->cap_onp, n, sizeof *b->onp))
        return DLX_ENOMEM;
    return DLX_OK;
}

/* Step 3: the options left (none of their items covered), renumbered in
 * order in b->opt.  Returns their number, or DLX_ENOMEM or DLX_ETOOBIG. */
static DLX_ALWAYS_INLINE int small_options_left(dlx_matrix *m, const dlx_search *s,
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
    const int LB = (P + 15) / 16 * 16, D = LB;
    int W = O ? (O + 63) / 64 : 1;
    /* whole blocks of 64 bytes, copied by small_copy */
    size_t stride = ((size_t)W * 8 + (size_t)D + 1 + 63) / 64 * 64;
    size_t levels = (size_t)P + 2;
    /* records of a multiple of 4, so that the search's loops over them
     * go four at a time, and have a constant count when it is 4
     * (search_small_4) */
    const int KP = (b->max_primary + 3) / 4 * 4;
    const int KA = (b->max_items + 3) / 4 * 4;
    if (KP > DLX_SMALL_MAX_KP || KA > DLX_SMALL_MAX_KA)
        return DLX_ETOOBIG;
    if (!small_room(&b->mask, &b->cap_mask, (size_t)N * W,
                    sizeof *b->mask) ||
        !small_room(&b->prec, &b->cap_prec, (size_t)O * KP + 1,
                    sizeof *b->prec) ||
        !small_room(&b->arec, &b->cap_arec, (size_t)O * KA + 1,
                    sizeof *b->arec) ||
        !small_room(&b->state, &b->cap_state, stride * levels, 1) ||
        !small_room(&b->list, &b->cap_list, levels * DLX_SMALL_MAX_LIST,
                    sizeof *b->list) ||
        !small_room(&b->nlist, &b->cap_levels, levels, sizeof *b->nlist) ||
        !small_room(&b->idx, &b->cap_idx, levels, sizeof *b->idx) ||
        !small_room(&b->at, &b->cap_at, levels, sizeof *b->at))
        return DLX_ENOMEM;
    b->P = P, b->N = N, b->O = O, b->W = W, b->LB = LB, b->stride = stride;
    b->KP = KP, b->KA = KA, b->D = D;
    return DLX_OK;
}

/* Step 5: level 0: every option left, each item's count of them, the
 * masks and the items of each option (the primary ones first); the loops
 * go over the options left, without a branch the data decides.  DLX_OK,
 * or DLX_ETOOBIG when a list is too long for a byte. */
static DLX_ALWAYS_INLINE int small_level0(const dlx_matrix *m, small_search *b)
{
    const int P = b->P, N = b->N, O = b->O, W = b->W, LB = b->LB;
    const int KP = b->KP, KA = b->KA, D = b->D;
    const int *itm = m->itm, *local = b->local;
    uint64_t *opts = (uint64_t *)b->state;
    uint8_t *len = b->state + (size_t)W * 8;
    uint64_t *mask = b->mask;
    const int *opt = b->opt;
    uint16_t *prec = b->prec, *arec = b->arec;
    int lens[DLX_SMALL_MAX_PRIMARY + 1];
    memset(mask, 0, (size_t)N * W * sizeof *mask);
    /* every option four primary items (sudoku, latin squares), and no
     * list too long for a byte: the same loop without the walks to the
     * spacers, counting in len itself */
    const int u4 = b->uniform && KP == 4 && b->max_list <= DLX_SMALL_MAX_LIST;
    if (u4) {
        memset(len, 0, (size_t)P);
        const int *grec = b->grec;
        for (int j = 0; j < O; j++) {
            const uint64_t bit = (uint64_t)1 << (j & 63);
            const int *g = grec + (size_t)opt[j] * 4;
            uint64_t *col = mask + (j >> 6);
            uint16_t *rec = prec + (size_t)j * 4;
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
        uint16_t *rec = prec + (size_t)j * KP, *all = arec + (size_t)j * KA;
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
        b->onp[j] = (uint8_t)np;
        for (; np < KP; np++)
            rec[np] = (uint16_t)D;
        for (; na % 4; na++)
            all[na] = (uint16_t)D;
        b->ngroups[j] = (uint8_t)(na / 4);
        b->owt[j] = n - 1;
    }
    for (int i = 0; i < P && !u4; i++) {
        if (lens[i] > DLX_SMALL_MAX_LIST)
            return DLX_ETOOBIG;
        len[i] = (uint8_t)lens[i];
    }
    memset(len + P, DLX_SMALL_COVERED, (size_t)(LB - P));
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
    const size_t words = (size_t)b->LB / 16 + 1;
    if (!small_room(&b->pbits, &b->cap_pbits, words, sizeof *b->pbits) ||
        !small_room(&b->snap, &b->cap_snap,
                    ((size_t)b->P + 2) * (size_t)b->LB + 1, 1))
        return DLX_ENOMEM;
    memset(b->pbits, 0, words * sizeof *b->pbits);
    /* without a branch on which items are left: a covered one sets a bit
     * of the padding past LB, never looked at.  Covered is local[c] < 0
     * from small_items_left, a bit of cov from small_left_by_rows (whose
     * local[] holds nothing for covered items: an index from an earlier
     * build, or garbage) */
    const int *local = b->local;
    const uint64_t *cov = b->FW > 0 ? b->cov : NULL;
    const uint8_t *paired = b->paired;
    uint16_t *pbits = b->pbits;
    for (int c = 1; c <= m->n_primary; c++) {
        const int covered = cov ? (int)(cov[c >> 6] >> (c & 63) & 1)
                                : local[c] < 0;
        const int i = covered ? b->LB : local[c];
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

#if defined(__SSE2__)
static inline __m128i small_load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}
#endif

/* The fewest options of an active primary item: a minimum over all LB
 * bytes (covered items and padding hold 255), which the compiler
 * vectorizes; 255 when every primary item is covered. */
static inline unsigned small_fewest(const uint8_t *len, int LB)
{
#if defined(__SSE2__)
    /* the odd chunks of 16, then four at a time (a loop's count and test
     * cost as much as the minimum of a chunk) */
    __m128i v = _mm_set1_epi8((char)DLX_SMALL_COVERED);
    int i = 0;
    for (int odd = (LB / 16) & 3; odd > 0; odd--, i += 16)
        v = _mm_min_epu8(v, small_load(len + i));
    for (; i < LB; i += 64) {
        v = _mm_min_epu8(v, small_load(len + i));
        v = _mm_min_epu8(v, small_load(len + i + 16));
        v = _mm_min_epu8(v, small_load(len + i + 32));
        v = _mm_min_epu8(v, small_load(len + i + 48));
    }
    v = _mm_min_epu8(v, _mm_srli_si128(v, 8));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 4));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 2));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 1));
    return (unsigned)_mm_cvtsi128_si32(v) & 0xFF;
#else
    uint8_t t = DLX_SMALL_COVERED;
    for (int i = 0; i < LB; i++)
        t = len[i] < t ? len[i] : t;
    return t;
#endif
}

/* The first of len[0..LB) equal to t, or -1: 32 bytes a test, then the
 * odd 16 (LB is a multiple of 16); a call of memchr costs more for lists
 * this short. */
static inline int small_find(const uint8_t *len, int LB, unsigned t)
{
#if defined(__SSE2__)
    const __m128i tv = _mm_set1_epi8((char)t);
    int i = 0;
    for (; i + 32 <= LB; i += 32) {
        unsigned lo = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(small_load(len + i), tv));
        unsigned hi = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(small_load(len + i + 16), tv));
        unsigned hit = lo | hi << 16;
        if (hit)
            return i + lowest_bit(hit);
    }
    if (i < LB) {
        unsigned hit = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(small_load(len + i), tv));
        if (hit)
            return i + lowest_bit(hit);
    }
    return -1;
#else
    const void *p = memchr(len, (int)t, (size_t)LB);
    return p ? (int)((const uint8_t *)p - len) : -1;
#endif
}

/* The bytes of len[0..LB) equal to t in the first 32 (or the odd 16 at
 * the end) that hold one, as bits from *base; 0 when there is none. */
static inline unsigned small_find_bits(const uint8_t *len, int LB,
                                       unsigned t, int *base)
{
#if defined(__SSE2__)
    const __m128i tv = _mm_set1_epi8((char)t);
    int i = 0;
    for (; i + 32 <= LB; i += 32) {
        unsigned lo = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(small_load(len + i), tv));
        unsigned hi = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(small_load(len + i + 16), tv));
        unsigned hit = lo | hi << 16;
        if (hit) {
            *base = i;
            return hit;
        }
    }
    *base = i;
    return i < LB ? (unsigned)_mm_movemask_epi8(
                        _mm_cmpeq_epi8(small_load(len + i), tv))
                  : 0;
#else
    const int i = small_find(len, LB, t);
    *base = i;
    return i >= 0;
#endif
}

/* Copies one level's state to the next, in whole 64-byte blocks (a
 * memcpy of a constant size is a few moves; of a variable one, a call). */
static inline void small_copy(unsigned char *to, const unsigned char *from,
                              size_t stride)
{
    for (size_t k = 0; k < stride; k += 64)
        memcpy(to + k, from + k, 64);
}

/* The shapes of options the search is made for, its loops over an
 * option's items unrolled: */
enum {
    SMALL_U4,  /* four primary items each (sudoku, latin squares): the
                  records of all items are those of the primary ones, and
                  owt, onp and ngroups are not made */
    SMALL_A4,  /* at most four items (queens, sudoku bands) */
    SMALL_P4,  /* at most four primary items, any number of secondary */
    SMALL_ANY
};

/* Takes the options of rm (all active) out of the state (opts, len):
 * returns Knuth's updates for hiding them, |r| - 1 each.  SMALL_U4 makes
 * *zero negative when it takes a count to 0 (covered items hold 255 and
 * lose at most their list's length); the other shapes leave it alone
 * (their records are padded with D, whose byte wraps). */
static inline uint64_t small_remove(const small_search *b, uint64_t *opts,
                                    uint8_t *len, const uint64_t *rm,
                                    int *zero, const int shape)
{
    const int *owt = b->owt;
    const uint16_t *prec = b->prec;
    const int KP = shape <= SMALL_P4 ? 4 : b->KP;
    uint64_t u = 0;
    int z = 0;
    for (int w = 0; w < b->W; w++) {
        uint64_t bits = rm[w];
        if (!bits)
            continue;
        opts[w] &= ~bits;
        do {
            int r = (w << 6) + lowest_bit(bits);
            bits &= bits - 1;
            const uint16_t *rec = prec + (size_t)r * KP;
            u += shape == SMALL_U4 ? 3 : (uint64_t)owt[r];
            if (shape == SMALL_U4) {
                for (int k = 0; k < 4; k++) {
                    int v = len[rec[k]];
                    len[rec[k]] = (uint8_t)(v - 1);
                    z |= v - 2; /* negative when v was 1 */
                }
            } else {
                for (int k = 0; k < KP; k++)
                    len[rec[k]]--;
            }
        } while (bits);
    }
    if (shape == SMALL_U4)
        *zero |= z;
    return u;
}

/* rm = the options of mo that share an item with option o: the rows of
 * its items ORed four at a time (D's row of zeros fills a group), so that
 * the loop over the words is one the compiler vectorizes and does not
 * turn into calls of memcpy. */
static inline void small_clashes(const small_search *b, int o,
                                 const uint64_t *mo, uint64_t *rm,
                                 const int shape)
{
    const int W = b->W;
    const uint64_t *mask = b->mask;
    const uint16_t *rec = shape == SMALL_U4   ? b->prec + (size_t)o * 4
                          : shape == SMALL_A4 ? b->arec + (size_t)o * 4
                                              : b->arec + (size_t)o * b->KA;
    const int n = shape <= SMALL_A4 ? 4 : 4 * b->ngroups[o];
    for (int k = 0; k < n; k += 4) {
        const uint64_t *r0 = mask + (size_t)rec[k] * W;
        const uint64_t *r1 = mask + (size_t)rec[k + 1] * W;
        const uint64_t *r2 = mask + (size_t)rec[k + 2] * W;
        const uint64_t *r3 = mask + (size_t)rec[k + 3] * W;
        if (k == 0)
            for (int w = 0; w < W; w++)
                rm[w] = (r0[w] | r1[w] | r2[w] | r3[w]) & mo[w];
        else
            for (int w = 0; w < W; w++)
                rm[w] |= (r0[w] | r1[w] | r2[w] | r3[w]) & mo[w];
    }
}

/* The fewest options of an active primary item (some is left), and with
 * 1 the item in *best.  With the subset rule (its tree is its own) and
 * SMALL_U4, *pend keeps the other counts of 1 that the last scan saw
 * (bits from *base), which the next nodes take without a scan while they
 * are still 1: the forced steps since may have covered them (255) or
 * left them alone (a count of 1 cannot grow, and one taken to 0 sets
 * zero).  The plain search takes the leftmost, as the dance does. */
static inline unsigned small_choose(const uint8_t *len, int LB, int level,
                                    int zero, int *best, unsigned *pend,
                                    int *base, const int shape,
                                    const int prune)
{
    if (shape != SMALL_U4 || level == 0)
        return small_fewest(len, LB);
    /* four primary items an option: a count at 0 now is one the step down
     * took there (zero < 0: o's items were covered first; and an item
     * that a level of t options took to 0 had no option but those t, as
     * it had t at least: every o covers it), and without one the fewest
     * options are 1 exactly when some count is 1 (most nodes of a
     * sudoku): no scan for the minimum */
    if (zero < 0)
        return 0;
    for (; prune && *pend; *pend &= *pend - 1) {
        const int i = *base + lowest_bit(*pend);
        if (len[i] == 1) {
            *best = i;
            *pend &= *pend - 1;
            return 1;
        }
    }
    if (!prune) {
        if ((*best = small_find(len, LB, 1)) >= 0)
            return 1;
        return small_fewest(len, LB);
    }
    const unsigned ones = small_find_bits(len, LB, 1, base);
    if (ones) {
        *best = *base + lowest_bit(ones);
        *pend = ones & (ones - 1);
        return 1;
    }
    return small_fewest(len, LB);
}

/* Tries option o: takes the options that share an item with o out of the
 * state (no, nl), made from mo (a copy, or mo itself when o was its
 * item's only option), and covers o's items; returns the updates. */
static inline uint64_t small_try(const small_search *b, int o,
                                 const uint64_t *mo, uint64_t *no,
                                 uint8_t *nl, uint64_t *rm, int *zero,
                                 const int shape)
{
    /* the options that share an item with o: those of its items (the
     * chosen item's are gone from mo already, but for o itself when it
     * was the only one) */
    small_clashes(b, o, mo, rm, shape);
    const uint16_t *rec = b->prec + (size_t)o * b->KP;
    const int kp = shape <= SMALL_P4 ? 4 : b->KP;
    /* o's items covered before the counts fall too (SMALL_U4: so that a
     * count at 0 is another item's), and after */
    if (shape == SMALL_U4)
        for (int k = 0; k < kp; k++)
            nl[rec[k]] = DLX_SMALL_COVERED;
    *zero = 0;
    uint64_t u = (shape == SMALL_U4 ? 3 : (uint64_t)b->owt[o]) +
                 small_remove(b, no, nl, rm, zero, shape);
    for (int k = 0; k < kp; k++)
        nl[rec[k]] = DLX_SMALL_COVERED;
    return u;
}

/*
 * The subset rule (dlx_search.prune), for any exact cover: when every
 * active option of primary item i also covers item j, j will be covered
 * by the option that covers i, so j's other options can go.  It is
 * applied to the items of two options (a and x: the items both cover)
 * before a level would branch, to a fixpoint, and the choice is made
 * again on what is left; for sudoku it is the locked candidates
 * (pointing and claiming).  The search stays Algorithm X: the options
 * removed are in no solution below the node, so the count and the
 * solutions are the same, the tree smaller (its nodes, updates and the
 * order of the solutions are its own).
 *
 * An item of two options that the rule has looked at on a path needs no
 * second look while it keeps them: an item j that both cover then has
 * exactly those two (the rule made it so, or it had), and can lose
 * options only with i.  So the rule keeps, at each level where it ran,
 * len[] as it left it (snap), and at the next branch on the path looks
 * only at the items whose count is 2 now and was not 2 there.
 *
 * It runs while it pays: a search starts with DLX_SMALL_PRUNE_CREDIT
 * runs, each run costs one and each item whose options it cut earns
 * one; when none are left (the puzzles it does not help, such as those
 * that need more than locked candidates), the search goes on plain.
 * On sudoku (bench/RESULTS.md): top1465 1.2x faster, 17-clue 1.07x,
 * forum-hardest the same instructions, where running it at every branch
 * made forum-hardest 0.83x.  The count of a search does not depend on
 * it: its nodes do.
 */

/* The bytes of p[c..c+16) equal to 2, as bits. */
static inline unsigned small_twos(const uint8_t *p, int c)
{
#if defined(__SSE2__)
    return (unsigned)_mm_movemask_epi8(
        _mm_cmpeq_epi8(small_load(p + c), _mm_set1_epi8(2)));
#else
    unsigned bits = 0;
    for (int k = 0; k < 16; k++)
        bits |= (unsigned)(p[c + k] == 2) << k;
    return bits;
#endif
}

/* The rule for item i, whose count is 2: the items that both its
 * options cover, but i, lose their other options.  Returns the number
 * of items that lost some. */
static int small_pair(const small_search *b, uint64_t *opts, uint8_t *len,
                      int i, uint64_t *updates, const int shape)
{
    const int W = b->W, P = b->P;
    const uint64_t *mask = b->mask, *mi = mask + (size_t)i * W;
    int w = 0;
    uint64_t bits = 0;
    while (w < W && !(bits = opts[w] & mi[w]))
        w++;
    if (!bits)
        return 0;
    const int a = (w << 6) + lowest_bit(bits);
    bits &= bits - 1;
    while (!bits && ++w < W)
        bits = opts[w] & mi[w];
    if (!bits)
        return 0;
    const int x = (w << 6) + lowest_bit(bits);
    const int ka = shape <= SMALL_A4 ? 4 : b->KA;
    const int na = shape <= SMALL_A4 ? 4 : 4 * b->ngroups[a];
    const uint16_t *rec =
        (shape == SMALL_U4 ? b->prec : b->arec) + (size_t)a * ka;
    if (shape <= SMALL_A4) {
        /* records of four: whether some j (below) is there, without a
         * branch per item (most items of two options have none) */
        int some = 0;
        for (int k = 0; k < 4; k++) {
            const int j = rec[k];
            some |= (j != i) &
                    (int)((mask[(size_t)j * W + (x >> 6)] >> (x & 63)) & 1) &
                    ((j >= P) | (len[j] > 2));
        }
        if (!some)
            return 0;
    }
    int cut = 0;
    for (int k = 0; k < na; k++) {
        const int j = rec[k];
        const uint64_t *mj = mask + (size_t)j * W;
        if (j == i || !((mj[x >> 6] >> (x & 63)) & 1) ||
            (j < P && len[j] <= 2))
            continue;
        uint64_t rm[DLX_SMALL_MAX_OPTIONS / 64], any = 0;
        for (int v = 0; v < W; v++)
            any |= rm[v] = opts[v] & mj[v] & ~mi[v];
        if (!any)
            continue; /* a secondary item without other options */
        int z = 0;
        *updates += small_remove(b, opts, len, rm, &z, shape);
        cut++;
    }
    return cut;
}

/* The rule on the state (opts, len) to a fixpoint, for the paired items
 * whose count is 2 and was not in ref (len[] where the rule last ran on
 * the path; NULL: every such item).  Leaves len[] as it ends in snap;
 * returns the number of items whose options it cut. */
static int small_prune(const small_search *b, uint64_t *opts, uint8_t *len,
                       const uint8_t *ref, uint8_t *snap, uint64_t *updates,
                       const int shape)
{
    const int LB = b->LB;
    uint8_t prev[DLX_SMALL_MAX_PRIMARY];
    int cut = 0, again;
    do {
        /* a pass looks at the counts it starts from; those that its
         * removals take to 2 are the next pass's */
        memcpy(snap, len, (size_t)LB);
        again = 0;
        for (int c = 0; c < LB; c += 16) {
            unsigned cand = small_twos(snap, c) & b->pbits[c >> 4];
            if (ref)
                cand &= ~small_twos(ref, c);
            for (; cand; cand &= cand - 1) {
                const int i = c + lowest_bit(cand);
                if (len[i] == 2) /* else a removal took it down since */
                    again += small_pair(b, opts, len, i, updates, shape);
            }
        }
        if (again) {
            memcpy(prev, snap, (size_t)LB);
            ref = prev;
        }
        cut += again;
    } while (again);
    return cut;
}

/* Before a level of t options would branch: the rule, on the runs of
 * credit left (*credit: each run costs one, each item whose options it
 * cut earns one), with `below` the nearest level on the path that
 * branched (-1: none).  Returns the fewest options again when it took
 * some (best then unknown: -1), else t. */
static inline unsigned small_prune_at(const small_search *b, uint64_t *opts,
                                      uint8_t *len, int below, int level,
                                      uint64_t *updates, int *credit,
                                      unsigned t, int *best, const int shape)
{
    const size_t LB = (size_t)b->LB;
    int cut = small_prune(b, opts, len,
                          below < 0 ? NULL : b->snap + (size_t)below * LB,
                          b->snap + (size_t)level * LB, updates, shape);
    *credit += cut - 1;
    if (!cut)
        return t;
    *best = -1;
    return small_fewest(len, b->LB);
}

/* The two active options of item i, whose count is 2, in *a < *x: the
 * words from the last to the first, without a branch on which words
 * hold them (the predictor cannot learn that). */
static inline void small_two_options(const small_search *b,
                                     const uint64_t *opts, int i, int *a,
                                     int *x)
{
    const int W = b->W;
    const uint64_t *mi = b->mask + (size_t)i * W;
    int lo = 0, hi = 0;
    for (int w = W - 1; w >= 0; w--) {
        const uint64_t bits = opts[w] & mi[w];
        const int has = bits != 0, two = (bits & (bits - 1)) != 0;
        const int first = (w << 6) + lowest_bit(bits | (uint64_t)1 << 63);
        const int last = (w << 6) + highest_bit(bits | 1);
        hi = two ? last : has ? lo : hi;
        lo = has ? first : lo;
    }
    *a = lo;
    *x = hi;
}

/* How many active options the options a and x of four primary items
 * clash with (either takes them out): the OR of their items' rows of the
 * masks, counted. */
static inline int small_pair_reach(const small_search *b,
                                   const uint64_t *opts, int a, int x)
{
    const int W = b->W;
    const uint64_t *mask = b->mask;
    const uint16_t *ra = b->prec + (size_t)a * 4;
    const uint16_t *rx = b->prec + (size_t)x * 4;
    const uint64_t *r0 = mask + (size_t)ra[0] * W;
    const uint64_t *r1 = mask + (size_t)ra[1] * W;
    const uint64_t *r2 = mask + (size_t)ra[2] * W;
    const uint64_t *r3 = mask + (size_t)ra[3] * W;
    const uint64_t *r4 = mask + (size_t)rx[0] * W;
    const uint64_t *r5 = mask + (size_t)rx[1] * W;
    const uint64_t *r6 = mask + (size_t)rx[2] * W;
    const uint64_t *r7 = mask + (size_t)rx[3] * W;
    int n = 0;
    for (int w = 0; w < W; w++)
        n += bit_count((r0[w] | r1[w] | r2[w] | r3[w] | r4[w] | r5[w] |
                        r6[w] | r7[w]) & opts[w]);
    return n;
}

/* With the subset rule, four primary items an option: the item to branch
 * on among those of two options.  The candidates are the first
 * DLX_SMALL_SCORED items whose count is 2 now and was not in ref (len[]
 * of the nearest level on the path that branched, as it branched; NULL at
 * the first branch: every item of two), just reduced by the choices since;
 * of them, the one whose two options clash with the most active options
 * (small_pair_reach: what the branch takes out, on one side or the other),
 * the first of the best.  -1 when there is none (then the first item of
 * two).  Any item of the fewest options keeps the count; this one makes
 * smaller trees (bench/RESULTS.md): top1465 594,079 nodes with the first
 * item of two, 528,791 with the first candidate, 401,315 with the best of
 * six; scoring every item of two (about 57 at a branch of top1465) or every
 * candidate (11) costs more than the nodes it saves. */
static inline int small_best_two(const small_search *b, const uint64_t *opts,
                                 const uint8_t *len, const uint8_t *ref)
{
    const int LB = b->LB;
    int best = -1, most = -1, scored = 0;
    for (int c = 0; c < LB && scored < DLX_SMALL_SCORED; c += 16) {
        unsigned cand = small_twos(len, c);
        if (ref)
            cand &= ~small_twos(ref, c);
        for (; cand && scored < DLX_SMALL_SCORED; cand &= cand - 1, scored++) {
            const int i = c + lowest_bit(cand);
            int a, x;
            small_two_options(b, opts, i, &a, &x);
            const int reach = small_pair_reach(b, opts, a, x);
            /* without a branch on which is better */
            const int better = reach > most;
            most = better ? reach : most;
            best = better ? i : best;
        }
    }
    return best;
}

/* Before a level of t >= 2 options would branch: the rule while there
 * is credit (small_prune_at), then, for four primary items an option,
 * the item of two options that small_best_two picks (at[]: the levels'
 * states; below < 0: no level on the path branched).  Returns the fewest
 * options. */
static inline unsigned small_prune_step(const small_search *b, uint64_t *opts,
                                        uint8_t *len, const int *at,
                                        int below, int level,
                                        uint64_t *updates, int *credit,
                                        unsigned t, int *best, const int shape)
{
    if (*credit > 0)
        t = small_prune_at(b, opts, len, below, level, updates, credit, t,
                           best, shape);
    if (shape == SMALL_U4 && t == 2)
        *best = small_best_two(
            b, opts, len,
            below < 0 ? NULL
                      : b->state + (size_t)at[below] * b->stride +
                            (size_t)b->W * 8);
    return t;
}

/*
 * The search on the state dlxi_small_build made: Algorithm X, with the state
 * of level L+1 made from level L's by copying it.
 *
 *   forward:  limits -> fewest options (all covered: a solution; 0: a
 *             dead end; 1: try it in place, level + 1, forward) -> cover
 *             the item in place, keep its options
 *   advance:  no option left? backup : copy the state down, take out the
 *             options that share an item with the option, level + 1
 *   backup:   down to the nearest level with options to come back to,
 *             next option, advance
 */
static DLX_ALWAYS_INLINE void search_small(dlx_matrix *m,
                                           const dlx_search *s, double start,
                                           tally *out, const int shape,
                                           const int prune)
{
    const small_search *b = m->small;
    const int W = b->W, LB = b->LB;
    const size_t stride = b->stride;
    unsigned char *const state = b->state;
    const uint64_t *const mask = b->mask;
    uint16_t *const lists = b->list;
    int *const nlist = b->nlist, *const idx = b->idx, *const at = b->at;
    int *const choice = m->choice;
    uint64_t *const level_nodes = m->level_nodes;
    uint64_t nodes = 0, found = 0, found_hi = 0, updates = 0,
             poll_at = DLX_POLL_UPDATES;
    int level = 0, max_level = -1;
    at[0] = 0;
    /* the primary items not covered at each level */
    int left[DLX_SMALL_MAX_PRIMARY + 2];
    left[0] = b->P;
    /* the nearest level below each with more than one option (-1: none):
     * where a backup goes, past the levels of one option */
    int below[DLX_SMALL_MAX_PRIMARY + 2];
    below[0] = -1;
    /* SMALL_U4: whether the last step down took a count to 0 (zero < 0):
     * see the choice below */
    int zero = 0, credit = DLX_SMALL_PRUNE_CREDIT; /* small_prune_at */
    /* SMALL_U4: counts of 1 the last scan saw, from pbase (small_choose) */
    unsigned pend = 0;
    int pbase = 0;
    dlx_outcome outcome = DLX_COMPLETE;
    uint64_t rm[DLX_SMALL_MAX_OPTIONS / 64];
#define OPTS(l) ((uint64_t *)(state + (size_t)(l) * stride))
#define LEN(l) (state + (size_t)(l) * stride + (size_t)W * 8)

forward:
    outcome = budget_spent(s, nodes, updates, &poll_at, start);
    if (outcome != DLX_COMPLETE)
        goto done;
    nodes++;
    level_nodes[level]++;
    if (level > max_level)
        max_level = level;
    {
        uint64_t *opts = OPTS(at[level]);
        uint8_t *len = LEN(at[level]);
        /* every primary item covered: a solution without looking at len
         * (a third of a sudoku band's nodes; the scan would read bytes
         * just stored one by one, which the store buffer cannot forward) */
        int best = -1;
        unsigned t = left[level] ? small_choose(len, LB, level, zero, &best,
                                                &pend, &pbase, shape, prune)
                                 : DLX_SMALL_COVERED;
        if (t == DLX_SMALL_COVERED) {
            /* every primary item is covered: the choices, as the dance
             * keeps them (first nodes), only when they are looked at (the
             * first solution, a caller's callback) */
            if ((found == 0 && found_hi == 0) || s->on_solution) {
                for (int l = 0; l < level; l++)
                    choice[l] = m->opt_start[b->opt[lists[(size_t)l *
                                                          DLX_SMALL_MAX_LIST +
                                                          idx[l]]]];
            }
            outcome = visit_solution(m, s, level, &found, &found_hi, 1);
            if (outcome != DLX_COMPLETE)
                goto done;
            goto backup;
        }
        if (prune && t >= 2)
            t = small_prune_step(b, opts, len, at, below[level], level,
                                 &updates, &credit, t, &best, shape);
        updates++; /* covering the item */
        if (t == 0)
            goto backup;
        if (best < 0)
            best = small_find(len, LB, t);
        const uint64_t *mk = mask + (size_t)best * W;
        uint16_t *list = lists + (size_t)level * DLX_SMALL_MAX_LIST;
        int n = 0;
        if (t == 1) {
            /* one option: it stays in the state, and trying it takes it
             * out with the options it clashes with (and counts the same
             * updates), which saves a pass over the words */
            uint64_t bits;
            int w = 0;
            while (!(bits = opts[w] & mk[w]))
                w++;
            const int o = (w << 6) + lowest_bit(bits);
            /* tried at once, on this level's state: never come back to
             * for another (most nodes of a sudoku are such) */
            list[0] = (uint16_t)o;
            nlist[level] = 1;
            idx[level] = 0;
            len[best] = DLX_SMALL_COVERED;
            at[level + 1] = at[level];
            below[level + 1] = below[level];
            left[level + 1] =
                left[level] - (shape == SMALL_U4 ? 4 : b->onp[o]);
            updates += small_try(b, o, opts, opts, len, rm, &zero, shape);
            level++;
            goto forward;
        } else {
            for (int w = 0; w < W; w++) {
                uint64_t bits = opts[w] & mk[w];
                rm[w] = bits;
                for (; bits; bits &= bits - 1)
                    list[n++] = (uint16_t)((w << 6) + lowest_bit(bits));
            }
            int z = 0; /* the chosen item's, and those it covers */
            updates += small_remove(b, opts, len, rm, &z, shape);
        }
        len[best] = DLX_SMALL_COVERED;
        nlist[level] = n;
        idx[level] = 0;
    }

advance:
    if (idx[level] == nlist[level])
        goto backup;
    {
        /* a level of several options (one is tried in forward): each
         * option on a copy of the level's state */
        int o = lists[(size_t)level * DLX_SMALL_MAX_LIST + idx[level]];
        const int from = at[level], to = from + 1;
        pend = 0; /* another state */
        uint64_t *no = OPTS(to);
        at[level + 1] = to;
        below[level + 1] = level;
        left[level + 1] = left[level] - (shape == SMALL_U4 ? 4 : b->onp[o]);
        small_copy((unsigned char *)no, (const unsigned char *)OPTS(from),
                   stride);
        updates += small_try(b, o, OPTS(from), no, LEN(to), rm, &zero, shape);
        level++;
        goto forward;
    }

backup:
    level = below[level];
    if (level < 0)
        goto done;
    idx[level]++;
    goto advance;

done:
#undef OPTS
#undef LEN
    out->nodes = nodes;
    out->updates = updates;
    out->found = found;
    out->found_hi = found_hi;
    out->max_level = max_level;
    out->outcome = outcome;
}

/* The search made for each shape of options (above), and with the subset
 * rule for sudoku's shape and any other (the rule's code stays out of the
 * loops that do not run it: langford's search took 3% more instructions
 * with it in). */
static void search_small_u4(dlx_matrix *m, const dlx_search *s, double start,
                            tally *out)
{
    search_small(m, s, start, out, SMALL_U4, 0);
}

static void search_small_a4(dlx_matrix *m, const dlx_search *s, double start,
                            tally *out)
{
    search_small(m, s, start, out, SMALL_A4, 0);
}

static void search_small_p4(dlx_matrix *m, const dlx_search *s, double start,
                            tally *out)
{
    search_small(m, s, start, out, SMALL_P4, 0);
}

static void search_small_any(dlx_matrix *m, const dlx_search *s,
                             double start, tally *out)
{
    search_small(m, s, start, out, SMALL_ANY, 0);
}

static void search_small_u4_prune(dlx_matrix *m, const dlx_search *s,
                                  double start, tally *out)
{
    search_small(m, s, start, out, SMALL_U4, 1);
}

static void search_small_any_prune(dlx_matrix *m, const dlx_search *s,
                                   double start, tally *out)
{
    search_small(m, s, start, out, SMALL_ANY, 1);
}

void dlxi_small_search(dlx_matrix *m, const dlx_search *s, double start,
                       tally *out)
{
    const small_search *b = m->small;
    if (s->prune && b->uniform && b->KP == 4)
        search_small_u4_prune(m, s, start, out);
    else if (s->prune)
        search_small_any_prune(m, s, start, out);
    else if (b->uniform && b->KP == 4)
        search_small_u4(m, s, start, out);
    else if (b->KA == 4)
        search_small_a4(m, s, start, out);
    else if (b->KP == 4)
        search_small_p4(m, s, start, out);
    else
        search_small_any(m, s, start, out);
}
