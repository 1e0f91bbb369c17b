/*
 * dlx_inline.h - what every engine's hot loop is compiled with (private
 * to dlx/): forced inlining for the searches written once with constant
 * flags, and the lowest and highest set bit of a word and its count.  The
 * engines on the shared matrix get it through dlx_internal.h; dlx_mcc.c,
 * on arrays of its own, includes it alone.
 */
#ifndef DLX_INLINE_H
#define DLX_INLINE_H

#include <stdint.h>

/* A search is written once with constant flags (colors, empty items,
 * costs) and compiled once per combination; GCC and Clang otherwise
 * decline to clone a function this large and keep every flag test in the
 * hot loops (15% of the instructions on queens-13; Algorithm M's loop
 * tested costs and colors at every node).  Elsewhere a plain inline. */
#if defined(__GNUC__)
#define DLX_ALWAYS_INLINE inline __attribute__((always_inline))
#define DLX_NOINLINE __attribute__((noinline))
#else
#define DLX_ALWAYS_INLINE inline
#define DLX_NOINLINE
#endif

/* The index of the lowest set bit of a non-zero word. */
/* hi:lo = x * y, in portable C (32-bit halves) */
static inline void mul_64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    uint64_t x0 = x & 0xffffffffu, x1 = x >> 32;
    uint64_t y0 = y & 0xffffffffu, y1 = y >> 32;
    uint64_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    *lo = (p00 & 0xffffffffu) | (mid << 32);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

static inline int lowest_bit(uint64_t w)
{
#if defined(__GNUC__)
    return __builtin_ctzll(w);
#else
    int k = 0;
    while (!(w & 1))
        w >>= 1, k++;
    return k;
#endif
}

/* The index of the highest set bit of a non-zero word. */
static inline int highest_bit(uint64_t w)
{
#if defined(__GNUC__)
    return 63 - __builtin_clzll(w);
#else
    int k = 63;
    while (!(w >> 63))
        w <<= 1, k--;
    return k;
#endif
}

/* The number of bits set in a word: the instruction where the target has
 * it, else the sum in fields of 2, 4 and 8 bits (a call of libgcc's
 * __popcountdi2 costs more). */
static inline int bit_count(uint64_t w)
{
#if defined(__GNUC__) && defined(__POPCNT__)
    return __builtin_popcountll(w);
#else
    w -= (w >> 1) & 0x5555555555555555u;
    w = (w & 0x3333333333333333u) + ((w >> 2) & 0x3333333333333333u);
    w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((w * 0x0101010101010101u) >> 56);
#endif
}

#endif
