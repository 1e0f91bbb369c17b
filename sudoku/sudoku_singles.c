/*
 * sudoku_singles.c - the closure of a plain sudoku's givens under naked
 * and hidden singles (see sudoku_singles.h for why the search may start
 * from it).
 *
 * Units are numbered rows 0..N-1, columns N..2N-1, boxes 2N..3N-1.  Per
 * cell a bitmask of the digits still possible (bit d-1; 0 once the cell
 * is filled), per unit a bitmask of the digits placed in it.  A cell
 * whose mask falls to one bit goes on a stack and is placed when popped;
 * then passes over the units find the digits with one cell left (seen
 * once and not twice among the unfilled cells) and place them at once,
 * with what follows from them; the closure ends when a pass places
 * nothing.
 */
#include "sudoku_singles.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct sudoku_singles {
    int N, NN;
    uint64_t full;              /* the N digits */
    unsigned short *unit_cell;  /* 3N x N: the cells of each unit */
    unsigned short *cell_unit;  /* NN x 3: row, column, box of a cell */
    int P;                      /* peers of a cell: 3N - R - C - 1 */
    unsigned short *peer;       /* NN x P: the other cells of its units */
    uint64_t *cand;             /* NN: digits left; 0 when filled */
    uint64_t *used;             /* 3N: digits placed */
    unsigned short *stack;      /* NN + 1: cells with one digit left */
};

sudoku_singles *sudoku_singles_new(const sudoku_shape *sh)
{
    int N = sh->N, NN = N * N, R = sh->R, C = sh->C;
    if (N < 1 || N > SUDOKU_SINGLES_MAX_ORDER || R * C != N)
        return NULL;
    sudoku_singles *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->N = N;
    t->NN = NN;
    t->full = N == 64 ? ~(uint64_t)0 : ((uint64_t)1 << N) - 1;
    t->unit_cell = malloc((size_t)3 * NN * sizeof *t->unit_cell);
    t->cell_unit = malloc((size_t)3 * NN * sizeof *t->cell_unit);
    t->cand = malloc((size_t)NN * sizeof *t->cand);
    t->used = malloc((size_t)3 * N * sizeof *t->used);
    t->stack = malloc((size_t)(NN + 1) * sizeof *t->stack);
    t->P = 3 * N - R - C - 1;
    t->peer = malloc((size_t)NN * (size_t)t->P * sizeof *t->peer);
    if (!t->unit_cell || !t->cell_unit || !t->cand || !t->used ||
        !t->stack || !t->peer) {
        sudoku_singles_free(t);
        return NULL;
    }
    for (int u = 0; u < N; u++)
        for (int k = 0; k < N; k++) {
            int band = u / R, stack = u % R;
            int r = band * R + k / C, c = stack * C + k % C;
            t->unit_cell[u * N + k] = (unsigned short)(u * N + k);
            t->unit_cell[(N + u) * N + k] = (unsigned short)(k * N + u);
            t->unit_cell[(2 * N + u) * N + k] = (unsigned short)(r * N + c);
        }
    for (int u = 0; u < 3 * N; u++)
        for (int k = 0; k < N; k++)
            t->cell_unit[t->unit_cell[u * N + k] * 3 + u / N] =
                (unsigned short)u;
    for (int i = 0; i < NN; i++) {
        unsigned short *p = t->peer + (size_t)i * t->P;
        int n = 0;
        for (int j = 0; j < NN; j++) {
            const unsigned short *a = t->cell_unit + i * 3;
            const unsigned short *b = t->cell_unit + j * 3;
            if (j != i && (a[0] == b[0] || a[1] == b[1] || a[2] == b[2]))
                p[n++] = (unsigned short)j;
        }
    }
    return t;
}

void sudoku_singles_free(sudoku_singles *t)
{
    if (!t)
        return;
    free(t->unit_cell);
    free(t->cell_unit);
    free(t->cand);
    free(t->used);
    free(t->stack);
    free(t->peer);
    free(t);
}

static int one_bit(uint64_t m)
{
    return (m & (m - 1)) == 0;
}

static int digit_of(uint64_t bit)
{
#if defined(__GNUC__)
    return __builtin_ctzll(bit) + 1;
#else
    int d = 1;
    while (!(bit & 1)) {
        bit >>= 1;
        d++;
    }
    return d;
#endif
}

/* Places the cells on the stack, taking their digit from their units'
 * other cells (which may go on the stack in turn).  Returns the cells
 * placed, or -1 when a cell loses its last digit. */
static int place_stacked(sudoku_singles *t, int sp, unsigned char *cell)
{
    int placed = 0;
    while (sp > 0) {
        int i = t->stack[--sp];
        uint64_t bit = t->cand[i];
        if (!bit)
            continue; /* placed already */
        cell[i] = (unsigned char)digit_of(bit);
        t->cand[i] = 0;
        placed++;
        const unsigned short *cu = t->cell_unit + i * 3;
        t->used[cu[0]] |= bit;
        t->used[cu[1]] |= bit;
        t->used[cu[2]] |= bit;
        const unsigned short *p = t->peer + (size_t)i * t->P;
        /* without a branch on the peers' digits (which the predictor
         * cannot learn): a peer that loses its last digit is a dead end,
         * one that falls to one digit goes on the stack (which has room
         * for a store past its top) */
        int dead = 0;
        for (int j = 0; j < t->P; j++) {
            uint64_t m = t->cand[p[j]], left = m & ~bit;
            int hit = (m & bit) != 0;
            t->cand[p[j]] = left;
            dead |= hit & (left == 0);
            t->stack[sp] = p[j];
            sp += hit & (left != 0) & one_bit(left);
        }
        if (dead)
            return -1;
    }
    return placed;
}

/* One pass over the units for digits with one cell left: each such cell
 * takes its digit at once (place_stacked).  Returns the cells placed, or
 * -1 when a unit has a digit with no cell left or a cell loses its last
 * digit. */
static int hidden_pass(sudoku_singles *t, unsigned char *cell)
{
    int N = t->N, placed = 0;
    for (int u = 0; u < 3 * N; u++) {
        if (t->used[u] == t->full)
            continue;
        const unsigned short *uc = t->unit_cell + u * N;
        uint64_t once = 0, twice = 0;
        for (int j = 0; j < N; j++) {
            uint64_t m = t->cand[uc[j]];
            twice |= once & m;
            once |= m;
        }
        if ((once | t->used[u]) != t->full)
            return -1;
        for (uint64_t h = once & ~twice; h; h &= h - 1) {
            uint64_t bit = h & (~h + 1);
            if (t->used[u] & bit)
                continue; /* its cell was placed by an earlier digit's */
            int j = 0;
            while (j < N && !(t->cand[uc[j]] & bit))
                j++;
            if (j == N)
                return -1; /* its only cell lost it */
            t->cand[uc[j]] = bit;
            t->stack[0] = uc[j];
            int n = place_stacked(t, 1, cell);
            if (n < 0)
                return -1;
            placed += n;
        }
    }
    return placed;
}

int sudoku_singles_fill(sudoku_singles *t, const unsigned char *givens,
                        unsigned char *cell)
{
    int N = t->N, NN = t->NN, sp = 0, placed = 0;
    memset(t->used, 0, (size_t)3 * N * sizeof *t->used);
    for (int i = 0; i < NN; i++) {
        cell[i] = givens[i];
        t->cand[i] = 0;
        if (!givens[i])
            continue;
        uint64_t bit = (uint64_t)1 << (givens[i] - 1);
        for (int k = 0; k < 3; k++) {
            int u = t->cell_unit[i * 3 + k];
            if (t->used[u] & bit)
                return -1;
            t->used[u] |= bit;
        }
    }
    for (int i = 0; i < NN; i++) {
        if (givens[i])
            continue;
        const unsigned short *cu = t->cell_unit + i * 3;
        uint64_t m = t->full &
                     ~(t->used[cu[0]] | t->used[cu[1]] | t->used[cu[2]]);
        if (!m)
            return -1;
        t->cand[i] = m;
        if (one_bit(m))
            t->stack[sp++] = (unsigned short)i;
    }
    int n = place_stacked(t, sp, cell);
    if (n < 0)
        return -1;
    placed += n;
    while ((n = hidden_pass(t, cell)) > 0)
        placed += n;
    return n < 0 ? -1 : placed;
}
