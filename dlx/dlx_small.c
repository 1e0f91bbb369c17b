/*
 * dlx_small.c - the compact search on what is left (DLX_ENGINE_SMALL):
 * the dance's search, node for node, on what forced and pushed options
 * leave of the matrix (made by dlx_small_build.c; the layout is in
 * dlx_small.h), with a narrow state copied per level; with the subset
 * rule (dlx_search.prune), a smaller tree of its own.
 */
#include "dlx_engine.h"
#include "dlx_small.h"
#include "dlx_steps.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__SSE2__)
static inline __m128i small_load(const uint8_t *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}
#endif

/* The fewest options of an active primary item: a minimum over all len_bytes
 * bytes (covered items and padding hold 255), which the compiler
 * vectorizes; 255 when every primary item is covered. */
static inline unsigned small_fewest(const uint8_t *len, int len_bytes)
{
#if defined(__SSE2__)
    /* the odd chunks of 16, then four at a time (a loop's count and test
     * cost as much as the minimum of a chunk) */
    __m128i v = _mm_set1_epi8((char)DLX_SMALL_COVERED);
    int i = 0;
    for (int odd = (len_bytes / 16) & 3; odd > 0; odd--, i += 16)
        v = _mm_min_epu8(v, small_load(len + i));
    for (; i < len_bytes; i += 64) {
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
    for (int i = 0; i < len_bytes; i++)
        t = len[i] < t ? len[i] : t;
    return t;
#endif
}

/* The bytes of len[0..len_bytes) equal to t in the first 32 that hold one (or
 * in the odd 16 at the end: len_bytes is a multiple of 16), as bits from *base;
 * 0 when there is none.  A call of memchr costs more for lists this
 * short. */
static inline unsigned small_find_bits(const uint8_t *len, int len_bytes,
                                       unsigned t, int *base)
{
#if defined(__SSE2__)
    const __m128i tv = _mm_set1_epi8((char)t);
    int i = 0;
    for (; i + 32 <= len_bytes; i += 32) {
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
    return i < len_bytes ? (unsigned)_mm_movemask_epi8(
                        _mm_cmpeq_epi8(small_load(len + i), tv))
                  : 0;
#else
    const void *p = memchr(len, (int)t, (size_t)len_bytes);
    *base = p ? (int)((const uint8_t *)p - len) : 0;
    return p != NULL;
#endif
}

/* The first of len[0..len_bytes) equal to t, or -1. */
static inline int small_find(const uint8_t *len, int len_bytes, unsigned t)
{
    int base;
    const unsigned hit = small_find_bits(len, len_bytes, t, &base);
    return hit ? base + lowest_bit(hit) : -1;
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
    SHAPE_FOUR_PRIMARY,      /* four primary items each (sudoku): the
                                records of all items are those of the
                                primary ones, and option_updates,
                                option_primaries and ngroups are not
                                made */
    SHAPE_UPTO_FOUR_ITEMS,   /* at most four items (queens, sudoku bands,
                                latin squares) */
    SHAPE_UPTO_FOUR_PRIMARY, /* at most four primary items, any number of
                                secondary */
    SHAPE_ANY
};

/* SHAPE_FOUR_PRIMARY: the options of `bits`, word w of the state, lower
 * the counts of their four items (len); a count that falls to 0 (a dead
 * end) sets *z to -1.  Each count is lowered in memory and the flags of that
 * decide (a conditional move): loading it, storing it and comparing it
 * cost three instructions more a count, the most repeated step of a
 * sudoku's search.  Returns Knuth's updates, 3 an option. */
static inline uint64_t small_drop_u4(const uint16_t *primary_rec, uint8_t *len,
                                     uint64_t bits, int w, int *z)
{
    uint64_t u = 0;
    do {
        const size_t r = ((size_t)w << 6) + (unsigned)lowest_bit(bits);
        const uint16_t *rec = primary_rec + r * 4;
        bits &= bits - 1;
        u += 3;
        for (int k = 0; k < 4; k++)
            if (--len[rec[k]] == 0)
                *z = -1;
    } while (bits);
    return u;
}

/* Takes the options of rm (all active) out of the state (opts, len):
 * returns Knuth's updates for hiding them, |r| - 1 each.
 * SHAPE_FOUR_PRIMARY makes *zero negative when it takes a count to 0
 * (covered items hold 255 and lose at most their list's length); the
 * other shapes leave it alone (their records are padded with D, whose
 * byte wraps). */
static inline uint64_t small_remove(const small_search *b, uint64_t *opts,
                                    uint8_t *len, const uint64_t *rm,
                                    int *zero, const int shape)
{
    const int *option_updates = b->option_updates;
    const uint16_t *primary_rec = b->primary_rec;
    const size_t primary_stride =
        shape <= SHAPE_UPTO_FOUR_PRIMARY ? 4 : (size_t)b->primary_stride;
    /* the bound in a register: a byte stored to len may alias *b */
    const int W = b->W;
    uint64_t u = 0;
    int z = 0;
    for (int w = 0; w < W; w++) {
        uint64_t bits = rm[w];
        if (!bits)
            continue;
        opts[w] &= ~bits;
        if (shape == SHAPE_FOUR_PRIMARY) {
            u += small_drop_u4(primary_rec, len, bits, w, &z);
            continue;
        }
        do {
            const size_t r = ((size_t)w << 6) + (unsigned)lowest_bit(bits);
            bits &= bits - 1;
            const uint16_t *rec = primary_rec + r * primary_stride;
            u += (uint64_t)option_updates[r];
            for (size_t k = 0; k < primary_stride; k++)
                len[rec[k]]--;
        } while (bits);
    }
    if (shape == SHAPE_FOUR_PRIMARY)
        *zero |= z;
    return u;
}

/* rm = the options of mo that share an item with option o: the rows of
 * its items ORed four at a time (D's row of zeros fills a group), so that
 * the loop over the words is one the compiler vectorizes and does not
 * turn into calls of memcpy.  Not for SHAPE_FOUR_PRIMARY, whose small_try takes
 * the clashes word by word. */
static inline void small_clashes(const small_search *b, int o,
                                 const uint64_t *mo, uint64_t *rm,
                                 const int shape)
{
    const int W = b->W;
    const uint64_t *mask = b->mask;
    const uint16_t *rec = shape == SHAPE_UPTO_FOUR_ITEMS
                              ? b->item_rec + (size_t)o * 4
                              : b->item_rec + (size_t)o * b->item_stride;
    const int n = shape <= SHAPE_UPTO_FOUR_ITEMS ? 4 : 4 * b->ngroups[o];
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
 * SHAPE_FOUR_PRIMARY, *pend keeps the other counts of 1 that the last scan saw
 * (bits from *base), which the next nodes take without a scan while they
 * are still 1: the forced steps since may have covered them (255) or
 * left them alone (a count of 1 cannot grow, and one taken to 0 sets
 * zero).  The plain search takes the leftmost, as the dance does. */
static inline unsigned small_choose(const uint8_t *len, int len_bytes,
                                    int level, int zero, int *best,
                                    unsigned *pend, int *base,
                                    const int shape,
                                    const int prune)
{
    if (shape != SHAPE_FOUR_PRIMARY || level == 0)
        return small_fewest(len, len_bytes);
    /* four primary items an option: a count at 0 now is one the step down
     * took there (zero < 0: o's items were covered first; and an item
     * that a level of t options took to 0 had no option but those t, as
     * it had t at least: every o covers it), and without one the fewest
     * options are 1 exactly when some count is 1 (most nodes of a
     * sudoku): no scan for the minimum */
    if (zero < 0)
        return 0;
    if (!prune) {
        if ((*best = small_find(len, len_bytes, 1)) >= 0)
            return 1;
        return small_fewest(len, len_bytes);
    }
    for (; *pend; *pend &= *pend - 1) {
        const int i = *base + lowest_bit(*pend);
        if (len[i] == 1) {
            *best = i;
            *pend &= *pend - 1;
            return 1;
        }
    }
    const unsigned ones = small_find_bits(len, len_bytes, 1, base);
    if (ones) {
        *best = *base + lowest_bit(ones);
        *pend = ones & (ones - 1);
        return 1;
    }
    return small_fewest(len, len_bytes);
}

/* Tries option o: takes the options that share an item with o out of the
 * state (no, nl), made from mo (a copy, or mo itself when o was its
 * item's only option), and covers o's items; returns the updates. */
static inline uint64_t small_try(const small_search *b, int o,
                                 const uint64_t *mo, uint64_t *no,
                                 uint8_t *nl, uint64_t *rm, int *zero,
                                 const int shape)
{
    if (shape == SHAPE_FOUR_PRIMARY) {
        /* the clashes of each word taken at once, without rm: o's four
         * items covered before the counts fall (so that a count at 0 is
         * another item's), and after */
        const int W = b->W;
        const uint64_t *mask = b->mask;
        const uint16_t *rec = b->primary_rec + (size_t)o * 4;
        const uint64_t *r0 = mask + (size_t)rec[0] * W;
        const uint64_t *r1 = mask + (size_t)rec[1] * W;
        const uint64_t *r2 = mask + (size_t)rec[2] * W;
        const uint64_t *r3 = mask + (size_t)rec[3] * W;
        for (int k = 0; k < 4; k++)
            nl[rec[k]] = DLX_SMALL_COVERED;
        uint64_t u = 3;
        int z = 0;
        for (int w = 0; w < W; w++) {
            const uint64_t bits = (r0[w] | r1[w] | r2[w] | r3[w]) & mo[w];
            if (!bits)
                continue;
            no[w] &= ~bits;
            u += small_drop_u4(b->primary_rec, nl, bits, w, &z);
        }
        *zero = z;
        for (int k = 0; k < 4; k++)
            nl[rec[k]] = DLX_SMALL_COVERED;
        return u;
    }
    /* the options that share an item with o: those of its items (the
     * chosen item's are gone from mo already, but for o itself when it
     * was the only one); then o's items covered */
    small_clashes(b, o, mo, rm, shape);
    const uint16_t *rec = b->primary_rec + (size_t)o * b->primary_stride;
    const int kp = shape <= SHAPE_UPTO_FOUR_PRIMARY ? 4 : b->primary_stride;
    *zero = 0;
    uint64_t u = (uint64_t)b->option_updates[o] +
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

/* The rule's step for item j, which both options of item i (row mi)
 * cover: j's other options go.  Returns 1 when some went, 0 when j had
 * none (a secondary item). */
static inline int small_cut(const small_search *b, uint64_t *opts,
                            uint8_t *len, const uint64_t *mi, int j,
                            uint64_t *updates, const int shape)
{
    const int W = b->W;
    const uint64_t *mj = b->mask + (size_t)j * W;
    uint64_t rm[DLX_SMALL_MAX_OPTIONS / 64], any = 0;
    for (int v = 0; v < W; v++)
        any |= rm[v] = opts[v] & mj[v] & ~mi[v];
    if (!any)
        return 0;
    int z = 0;
    *updates += small_remove(b, opts, len, rm, &z, shape);
    return 1;
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
    const int ka = shape <= SHAPE_UPTO_FOUR_ITEMS ? 4 : b->item_stride;
    const int na = shape <= SHAPE_UPTO_FOUR_ITEMS ? 4 : 4 * b->ngroups[a];
    const uint16_t *rec =
        (shape == SHAPE_FOUR_PRIMARY ? b->primary_rec : b->item_rec) +
        (size_t)a * ka;
#if defined(__SSE2__)
    if (shape == SHAPE_FOUR_PRIMARY) {
        /* the items of a that x has too, but i: a's record against the
         * four rotations of x's, sixteen compares at once (most items of
         * two options share no other item) */
        const __m128i va = _mm_loadl_epi64((const __m128i *)(const void *)rec);
        const __m128i vx = _mm_loadl_epi64(
            (const __m128i *)(const void *)(b->primary_rec + (size_t)x * 4));
        __m128i eq = _mm_cmpeq_epi16(va, vx);
        eq = _mm_or_si128(eq, _mm_cmpeq_epi16(
                                  va, _mm_shufflelo_epi16(vx, 0x39)));
        eq = _mm_or_si128(eq, _mm_cmpeq_epi16(
                                  va, _mm_shufflelo_epi16(vx, 0x4E)));
        eq = _mm_or_si128(eq, _mm_cmpeq_epi16(
                                  va, _mm_shufflelo_epi16(vx, 0x93)));
        eq = _mm_andnot_si128(_mm_cmpeq_epi16(va, _mm_set1_epi16((short)i)),
                              eq);
        /* two bits a lane: the lane's low one */
        unsigned both = (unsigned)_mm_movemask_epi8(eq) & 0x55;
        int cut = 0;
        for (; both; both &= both - 1) {
            const int j = rec[lowest_bit(both) >> 1];
            if (len[j] > 2)
                cut += small_cut(b, opts, len, mi, j, updates, shape);
        }
        return cut;
    }
#endif
    if (shape <= SHAPE_UPTO_FOUR_ITEMS) {
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
        if (j != i && ((mask[(size_t)j * W + (x >> 6)] >> (x & 63)) & 1) &&
            (j >= P || len[j] > 2))
            cut += small_cut(b, opts, len, mi, j, updates, shape);
    }
    return cut;
}

/* The rule on the state (opts, len) to a fixpoint, for the paired items
 * whose count is 2 and was not in ref (len[] where the rule last ran on
 * the path; NULL: every such item).  Leaves len[] as it ends in snap;
 * returns the number of items whose options it cut. */
static DLX_NOINLINE int small_prune(const small_search *b, uint64_t *opts,
                                    uint8_t *len, const uint8_t *ref,
                                    uint8_t *snap, uint64_t *updates,
                                    const int shape)
{
    const int len_bytes = b->len_bytes;
    uint8_t prev[DLX_SMALL_MAX_PRIMARY];
    int cut = 0, again;
    do {
        /* a pass looks at the counts it starts from; those that its
         * removals take to 2 are the next pass's */
        memcpy(snap, len, (size_t)len_bytes);
        again = 0;
        for (int c = 0; c < len_bytes; c += 16) {
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
            memcpy(prev, snap, (size_t)len_bytes);
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
    const size_t len_bytes = (size_t)b->len_bytes;
    int cut = small_prune(b, opts, len,
                          below < 0 ? NULL
                                    : b->snap + (size_t)below * len_bytes,
                          b->snap + (size_t)level * len_bytes, updates, shape);
    *credit += cut - 1;
    if (!cut)
        return t;
    *best = -1;
    return small_fewest(len, b->len_bytes);
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

/* The first DLX_SMALL_SCORED items whose count is 2 and was not in ref
 * (NULL: none was), into cand: returns their number. */
static inline int small_fresh_twos(const uint8_t *len, int len_bytes,
                                   const uint8_t *ref, int *cand)
{
    int n = 0;
    for (int c = 0; c < len_bytes && n < DLX_SMALL_SCORED; c += 16) {
        unsigned fresh = small_twos(len, c);
        if (ref && fresh)
            fresh &= ~small_twos(ref, c);
        for (; fresh && n < DLX_SMALL_SCORED; fresh &= fresh - 1)
            cand[n++] = c + lowest_bit(fresh);
    }
    return n;
}

/* The active options of the items whose count is 2 (the pairs'), into
 * two[0..W): their rows of the masks ORed, then ANDed with opts.  two[]
 * has room for W rounded up to 8 words, whose words from W on it leaves
 * undefined. */
static inline void small_two_set(const small_search *b, const uint64_t *opts,
                                 const uint8_t *len, uint64_t *two)
{
    const int W = b->W, len_bytes = b->len_bytes;
    const uint64_t *mask = b->mask;
#if defined(__SSE2__)
    /* eight words at a time, the ORs in registers (a sudoku's rows have
     * twelve at most, most of them four to six: one pass over the items);
     * the loads of a pass's last pair of words may run past the row,
     * into the next one or the padding after the masks (DLX_SMALL_PAD) */
    for (int w = 0; w < W; w += 8) {
        const int pairs_of_words = (W - w + 1) / 2;
        __m128i v0 = _mm_setzero_si128(), v1 = v0, v2 = v0, v3 = v0;
        for (int c = 0; c < len_bytes; c += 16)
            for (unsigned pairs = small_twos(len, c); pairs;
                 pairs &= pairs - 1) {
                const __m128i *mi = (const __m128i *)(const void *)(
                    mask + (size_t)(c + lowest_bit(pairs)) * W + w);
                v0 = _mm_or_si128(v0, _mm_loadu_si128(mi));
                if (pairs_of_words > 1)
                    v1 = _mm_or_si128(v1, _mm_loadu_si128(mi + 1));
                if (pairs_of_words > 2)
                    v2 = _mm_or_si128(v2, _mm_loadu_si128(mi + 2));
                if (pairs_of_words > 3)
                    v3 = _mm_or_si128(v3, _mm_loadu_si128(mi + 3));
            }
        __m128i *to = (__m128i *)(void *)(two + w);
        _mm_storeu_si128(to, v0);
        _mm_storeu_si128(to + 1, v1);
        _mm_storeu_si128(to + 2, v2);
        _mm_storeu_si128(to + 3, v3);
    }
#else
    for (int w = 0; w < W; w++)
        two[w] = 0;
    for (int c = 0; c < len_bytes; c += 16)
        for (unsigned pairs = small_twos(len, c); pairs; pairs &= pairs - 1) {
            const uint64_t *mi = mask + (size_t)(c + lowest_bit(pairs)) * W;
            for (int w = 0; w < W; w++)
                two[w] |= mi[w];
        }
#endif
    for (int w = 0; w < W; w++)
        two[w] &= opts[w];
}

/* The score of a branch on the options a and x of four primary items:
 * the active options they clash with (either takes them out), and those
 * of them that are a pair's again DLX_SMALL_PAIR_WEIGHT times over (each
 * such one taken out forces its pair's other option): the OR of their
 * items' rows of the masks, counted against opts and two. */
static inline int small_pair_score(const small_search *b,
                                   const uint64_t *opts, const uint64_t *two,
                                   int a, int x)
{
    const int W = b->W;
    const uint64_t *mask = b->mask;
    const uint16_t *ra = b->primary_rec + (size_t)a * 4;
    const uint16_t *rx = b->primary_rec + (size_t)x * 4;
    const uint64_t *r0 = mask + (size_t)ra[0] * W;
    const uint64_t *r1 = mask + (size_t)ra[1] * W;
    const uint64_t *r2 = mask + (size_t)ra[2] * W;
    const uint64_t *r3 = mask + (size_t)ra[3] * W;
    const uint64_t *r4 = mask + (size_t)rx[0] * W;
    const uint64_t *r5 = mask + (size_t)rx[1] * W;
    const uint64_t *r6 = mask + (size_t)rx[2] * W;
    const uint64_t *r7 = mask + (size_t)rx[3] * W;
    int n = 0, w = 0;
#if defined(__SSE2__) && !defined(__POPCNT__)
    /* two words at a time, counted in the vector unit: each byte's count
     * in opts plus its weighted count in two (at most 8 + 8 x weight),
     * the bytes summed by psadbw */
    const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33),
                  m4 = _mm_set1_epi8(0x0F);
    __m128i sum = _mm_setzero_si128();
    for (; w + 2 <= W; w += 2) {
#define SMALL_ROW(r) _mm_loadu_si128((const __m128i *)(const void *)((r) + w))
        const __m128i v = _mm_or_si128(
            _mm_or_si128(_mm_or_si128(SMALL_ROW(r0), SMALL_ROW(r1)),
                         _mm_or_si128(SMALL_ROW(r2), SMALL_ROW(r3))),
            _mm_or_si128(_mm_or_si128(SMALL_ROW(r4), SMALL_ROW(r5)),
                         _mm_or_si128(SMALL_ROW(r6), SMALL_ROW(r7))));
        __m128i u[2] = { _mm_and_si128(v, SMALL_ROW(opts)),
                         _mm_and_si128(v, SMALL_ROW(two)) };
#undef SMALL_ROW
        for (int k = 0; k < 2; k++) {
            u[k] = _mm_sub_epi8(u[k],
                                _mm_and_si128(_mm_srli_epi64(u[k], 1), m1));
            u[k] = _mm_add_epi8(_mm_and_si128(u[k], m2),
                                _mm_and_si128(_mm_srli_epi64(u[k], 2), m2));
            u[k] = _mm_and_si128(_mm_add_epi8(u[k], _mm_srli_epi64(u[k], 4)),
                                 m4);
        }
        for (int k = 0; k < DLX_SMALL_PAIR_WEIGHT; k++)
            u[0] = _mm_add_epi8(u[0], u[1]);
        sum = _mm_add_epi64(sum, _mm_sad_epu8(u[0], _mm_setzero_si128()));
    }
    n = _mm_cvtsi128_si32(sum) +
        _mm_cvtsi128_si32(_mm_unpackhi_epi64(sum, sum));
#endif
    for (; w < W; w++) {
        const uint64_t v = r0[w] | r1[w] | r2[w] | r3[w] | r4[w] | r5[w] |
                           r6[w] | r7[w];
        n += bit_count(v & opts[w]) +
             DLX_SMALL_PAIR_WEIGHT * bit_count(v & two[w]);
    }
    return n;
}

/* With the subset rule, four primary items an option: the item to branch
 * on among those of two options.  The candidates are the first
 * DLX_SMALL_SCORED items whose count is 2 now and was not in ref (len[]
 * of the nearest level on the path that branched, as it branched; NULL at
 * the first branch: every item of two), just reduced by the choices since;
 * of them, the one whose two options score the most (small_pair_score:
 * what the branch takes out, on one side or the other, and the pairs it
 * breaks), the first of the best.  -1 when there is none (then the first
 * item of two).  Any item of the fewest options keeps the count; this one
 * makes smaller trees (bench/RESULTS.md): top1465 594,079 nodes with the
 * first item of two, 528,791 with the first candidate, 396,283 with the
 * best of six by the options taken out alone, 283,692 when the pairs'
 * options count three times; scoring every item of two (about 57 at a
 * branch of top1465) costs more than the nodes it saves. */
static inline int small_best_two(const small_search *b, const uint64_t *opts,
                                 const uint8_t *len, const uint8_t *ref)
{
    uint64_t two[DLX_SMALL_MAX_OPTIONS / 64 + 8];
    int cand[DLX_SMALL_SCORED];
    const int n = small_fresh_twos(len, b->len_bytes, ref, cand);
    if (n < 2)
        return n ? cand[0] : -1;
    small_two_set(b, opts, len, two);
    int best = -1, most = -1;
    for (int k = 0; k < n; k++) {
        int a, x;
        small_two_options(b, opts, cand[k], &a, &x);
        const int score = small_pair_score(b, opts, two, a, x);
        /* without a branch on which is better */
        const int better = score > most;
        most = better ? score : most;
        best = better ? cand[k] : best;
    }
    return best;
}

/* Before a level of t >= 2 options would branch: the rule while there
 * is credit (small_prune_at), then, for four primary items an option,
 * the item of two options that small_best_two picks (at[]: the states
 * of the levels that branched; below: the nearest such level on the
 * path, < 0: none).  Returns the fewest options. */
static inline unsigned small_prune_step(const small_search *b, uint64_t *opts,
                                        uint8_t *len, const int *at,
                                        int below, int level,
                                        uint64_t *updates, int *credit,
                                        unsigned t, int *best, const int shape)
{
    if (*credit > 0)
        t = small_prune_at(b, opts, len, below, level, updates, credit, t,
                           best, shape);
    if (shape == SHAPE_FOUR_PRIMARY && t == 2)
        *best = small_best_two(
            b, opts, len,
            below < 0 ? NULL
                      : b->state + (size_t)at[below] * b->stride +
                            (size_t)b->W * 8);
    return t;
}

#ifdef EXCOVER_SANITY
#include <stdio.h>
#include <stdlib.h>

/*
 * Knuth's sanity() for the compact state of a node at `level`: every
 * primary item not covered counts exactly its active options (len[i] is
 * the number of bits of opts & mask[i]), the padding up to len_bytes reads as
 * covered, `rest` is the number of primary items not covered, and no
 * active option holds a covered primary item (an option that clashes
 * with a choice has left).  A failure is a bug of the engine, not bad
 * input: this build stops at once (CMake option EXCOVER_SANITY).
 */
static void small_sanity(const small_search *b, const uint64_t *opts,
                         const uint8_t *len, int rest, int level)
{
    const int W = b->W;
    int open = 0;
    for (int i = 0; i < b->len_bytes; i++) {
        if (i >= b->P) {
            if (len[i] != DLX_SMALL_COVERED)
                goto broken;
            continue;
        }
        if (len[i] == DLX_SMALL_COVERED)
            continue;
        open++;
        int n = 0;
        for (int w = 0; w < W; w++)
            for (uint64_t x = opts[w] & b->mask[(size_t)i * W + w]; x;
                 x &= x - 1)
                n++;
        if (n != len[i])
            goto broken;
    }
    if (open != rest)
        goto broken;
    for (int o = 0; o < b->O; o++) {
        if (!(opts[o >> 6] >> (o & 63) & 1))
            continue;
        const uint16_t *rec = b->primary_rec + (size_t)o * b->primary_stride;
        for (int k = 0; k < b->primary_stride; k++)
            if (rec[k] != b->D && len[rec[k]] == DLX_SMALL_COVERED)
                goto broken;
    }
    return;
broken:
    fprintf(stderr, "dlx: compact (small) sanity check failed at level %d\n",
            level);
    abort();
}
#define SMALL_SANITY(b, opts, len, rest, level) \
    small_sanity(b, opts, len, rest, level)
#else
#define SMALL_SANITY(b, opts, len, rest, level) ((void)0)
#endif

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
                                           const dlx_search *search,
                                           double start, tally *out,
                                           const int shape, const int prune)
{
    /* the limits and callbacks read from a local copy too (below) */
    const dlx_search limits = *search;
    const dlx_search *const s = &limits;
    /* a copy of the search's layout: the counts the search stores are
     * bytes, which may alias anything in memory, so that fields read
     * through m->small would be loaded again after each store; the copy
     * is a local nothing else points to */
    const small_search view = *m->small;
    const small_search *const b = &view;
    const int W = b->W, len_bytes = b->len_bytes;
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
    /* the node's state (a slot of `state`), the primary items it has not
     * covered, and the nearest level below it with more than one option
     * (-1: none), where a backup goes past the levels of one option; a
     * level of several keeps them in at[], left[] and below[] for the
     * options it comes back to (a level of one needs none: most nodes of
     * a sudoku are such, and the values stay in registers) */
    int slot = 0, rest = b->P, down = -1;
    int left[DLX_SMALL_MAX_PRIMARY + 2], below[DLX_SMALL_MAX_PRIMARY + 2];
    /* SHAPE_FOUR_PRIMARY: whether the last step down took a count to 0
     * (zero < 0): see the choice below */
    int zero = 0, credit = DLX_SMALL_PRUNE_CREDIT; /* small_prune_at */
    /* SHAPE_FOUR_PRIMARY: counts of 1 the last scan saw, from pbase
     * (small_choose) */
    unsigned pend = 0;
    int pbase = 0;
    dlx_outcome outcome = DLX_COMPLETE;
    uint64_t rm[DLX_SMALL_MAX_OPTIONS / 64];
#define OPTS(l) ((uint64_t *)(state + (size_t)(l) * stride))
#define LEN(l) (state + (size_t)(l) * stride + (size_t)W * 8)
    /* the slot's state, made again only when the slot changes */
    uint64_t *opts = OPTS(0);
    uint8_t *len = LEN(0);

forward:
    SMALL_SANITY(b, opts, len, rest, level);
    outcome = budget_spent(s, nodes, updates, &poll_at, start, m, level,
                           DLXI_WALK_SMALL);
    if (outcome != DLX_COMPLETE)
        goto done;
    nodes++;
    level_nodes[level]++;
    if (level > max_level)
        max_level = level;
    {
        /* every primary item covered: a solution without looking at len
         * (a third of a sudoku band's nodes; the scan would read bytes
         * just stored one by one, which the store buffer cannot forward) */
        int best = -1;
        unsigned t = rest ? small_choose(len, len_bytes, level, zero, &best,
                                                &pend, &pbase, shape, prune)
                                 : DLX_SMALL_COVERED;
        if (t == DLX_SMALL_COVERED) {
            /* every primary item is covered: the options chosen, only
             * when they are looked at (the first solution, a caller's
             * callback) */
            if ((found == 0 && found_hi == 0) || s->on_solution) {
                for (int l = 0; l < level; l++) {
                    const int o =
                        nlist[l] < 0 ? -1 - nlist[l]
                                     : lists[(size_t)l * DLX_SMALL_MAX_LIST +
                                             idx[l]];
                    choice[l] = b->opt[o];
                }
            }
            outcome = visit_solution(m, s, level, &found, &found_hi,
                                     DLX_VISIT_OPTIONS);
            if (outcome != DLX_COMPLETE)
                goto done;
            goto backup;
        }
        if (prune && t >= 2) {
            /* the rule's updates through a copy: `updates` stays in a
             * register (small_prune is out of line) */
            uint64_t ru = 0;
            t = small_prune_step(m->small, opts, len, at, down, level, &ru,
                                 &credit, t, &best, shape);
            updates += ru;
        }
        updates++; /* covering the item */
        if (t == 0)
            goto backup;
        if (best < 0)
            best = small_find(len, len_bytes, t);
        const uint64_t *mk = mask + (size_t)best * W;
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
             * for another (most nodes of a sudoku are such), so that the
             * level keeps no list: nlist holds -1 - o (a backup never
             * comes to it; its list would take a cache line a level) */
            nlist[level] = -1 - o;
            len[best] = DLX_SMALL_COVERED;
            rest -= shape == SHAPE_FOUR_PRIMARY ? 4 : b->option_primaries[o];
            updates += small_try(b, o, opts, opts, len, rm, &zero, shape);
            level++;
            goto forward;
        } else {
            uint16_t *list = lists + (size_t)level * DLX_SMALL_MAX_LIST;
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
        at[level] = slot;
        left[level] = rest;
        below[level] = down;
    }

advance:
    if (idx[level] == nlist[level]) {
        down = below[level];
        goto backup;
    }
    {
        /* a level of several options (one is tried in forward): each
         * option on a copy of the level's state */
        int o = lists[(size_t)level * DLX_SMALL_MAX_LIST + idx[level]];
        const int from = at[level], to = from + 1;
        pend = 0; /* another state */
        uint64_t *no = OPTS(to);
        slot = to;
        opts = no;
        len = LEN(to);
        down = level;
        rest = left[level] -
               (shape == SHAPE_FOUR_PRIMARY ? 4 : b->option_primaries[o]);
        small_copy((unsigned char *)no, (const unsigned char *)OPTS(from),
                   stride);
        updates += small_try(b, o, OPTS(from), no, LEN(to), rm, &zero, shape);
        level++;
        goto forward;
    }

backup:
    level = down;
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
 * with it in).  dlxi_small_variant (dlx_engine.c) picks one. */
static void search_small_four_primary(dlx_matrix *m, const dlx_search *s,
                                      double start, tally *out)
{
    search_small(m, s, start, out, SHAPE_FOUR_PRIMARY, 0);
}

static void search_small_upto_four_items(dlx_matrix *m, const dlx_search *s,
                                         double start, tally *out)
{
    search_small(m, s, start, out, SHAPE_UPTO_FOUR_ITEMS, 0);
}

static void search_small_upto_four_primary(dlx_matrix *m, const dlx_search *s,
                                           double start, tally *out)
{
    search_small(m, s, start, out, SHAPE_UPTO_FOUR_PRIMARY, 0);
}

static void search_small_any(dlx_matrix *m, const dlx_search *s,
                             double start, tally *out)
{
    search_small(m, s, start, out, SHAPE_ANY, 0);
}

static void search_small_four_primary_prune(dlx_matrix *m, const dlx_search *s,
                                            double start, tally *out)
{
    search_small(m, s, start, out, SHAPE_FOUR_PRIMARY, 1);
}

static void search_small_any_prune(dlx_matrix *m, const dlx_search *s,
                                   double start, tally *out)
{
    search_small(m, s, start, out, SHAPE_ANY, 1);
}

void dlxi_small_search(dlx_matrix *m, const dlx_search *s, double start,
                       tally *out)
{
    const small_search *b = m->small;
    switch (dlxi_small_variant(s->prune, b->uniform, b->primary_stride,
                               b->item_stride)) {
    case DLXI_SMALL_U4_PRUNE:
        search_small_four_primary_prune(m, s, start, out);
        break;
    case DLXI_SMALL_ANY_PRUNE: search_small_any_prune(m, s, start, out); break;
    case DLXI_SMALL_U4: search_small_four_primary(m, s, start, out); break;
    case DLXI_SMALL_A4: search_small_upto_four_items(m, s, start, out); break;
    case DLXI_SMALL_P4:
        search_small_upto_four_primary(m, s, start, out);
        break;
    default: search_small_any(m, s, start, out); break;
    }
}
