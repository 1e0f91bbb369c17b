/*
 * dlx_random.h - the project's one random generator: splitmix64 (Steele,
 * Lea and Flood, 2014), small, fast, and the same sequence on every
 * machine, so that a seed names the same search order and the same
 * generated puzzle everywhere.
 *
 * Header-only (static inline): the engine's randomized search (libdlx)
 * and the puzzle generators (grid.h, above it) draw from this one
 * definition; nothing here is a symbol of the library.  Two ways to map
 * a draw to 0..n-1 are kept, each where a recorded sequence depends on
 * it: the engine's is exact (rejection), the generators' is the
 * multiply-shift of the top 32 bits.
 */
#ifndef DLX_RANDOM_H
#define DLX_RANDOM_H

#include <stdint.h>

/* The next word of the sequence; *state is the whole state. */
static inline uint64_t dlx_random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (n > 0) without modulo bias: draws again when the
 * word falls in the incomplete last block. */
static inline uint32_t dlx_random_below(uint64_t *state, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t r;
    do
        r = dlx_random_next(state);
    while (r >= limit);
    return (uint32_t)(r % n);
}

/* In 0..n-1 (0 < n < 2^31) by the multiply-shift of the word's top 32
 * bits: one draw, a bias below n / 2^32 (nothing worth noting for the
 * generators' n <= 10^4). */
static inline uint32_t dlx_random_scaled(uint64_t *state, uint32_t n)
{
    return (uint32_t)(((dlx_random_next(state) >> 32) * (uint64_t)n) >> 32);
}

#endif
