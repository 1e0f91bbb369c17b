/*
 * grid_bits.h - candidate sets as bit masks, digit d as bit d-1 (orders
 * up to 64), for the logic solvers of every grid puzzle.
 */
#ifndef GRID_BITS_H
#define GRID_BITS_H

#include <stdint.h>

/* The number of bits set.  By hand rather than __builtin_popcountll,
 * which without a -march that has the instruction is a library call:
 * counting candidates is the solvers' most frequent operation. */
static inline int grid_popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* The index of the lowest bit set (x non-zero): 0 for bit 0.  For masks
 * of positions (cells of a unit, units). */
static inline int grid_low_bit(uint64_t x)
{
    return __builtin_ctzll(x);
}

/* The digit of the lowest candidate (x non-zero): 1 for bit 0. */
static inline int grid_low_digit(uint64_t x)
{
    return __builtin_ctzll(x) + 1;
}

/* The bit of digit d (1..64). */
static inline uint64_t grid_digit_bit(int d)
{
    return 1ULL << (d - 1);
}

#endif
