/*
 * sudoku_singles.c - the closure of a plain sudoku's givens under naked
 * and hidden singles (see sudoku_singles.h for why the search may start
 * from it).
 *
 * Units are numbered rows 0..N-1, columns N..2N-1, boxes 2N..3N-1.  Per
 * cell a bitmask of the digits still possible (bit d-1; 0 once the cell
 * is filled), per unit a bitmask of the digits placed in it, and per
 * digit a board, the set of cells that still have it (bit i of word
 * i / 64), so that placing d in cell i visits only the peers in
 * board[d] & peers[i] (5 of 20 at 9x9 on average, where a walk of the
 * peers cost three times as much).  A cell whose mask falls to one bit
 * goes on a stack and is placed when popped;
 * then passes over the units find the digits with one cell left (seen
 * once and not twice among the unfilled cells) and place them at once,
 * with what follows from them; the closure ends when a pass places
 * nothing.
 */
#include "sudoku_singles.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grid_bits.h"

struct sudoku_singles {
    int N, NN;
    uint64_t full;              /* the N digits */
    unsigned short *unit_cell;  /* 3N x N: the cells of each unit */
    unsigned short *cell_unit;  /* NN x 3: row, column, box of a cell */
    int W;                      /* words of a set of cells */
    uint64_t *peers;            /* NN x W: the other cells of its units */
    uint64_t *board;            /* N x W: the cells each digit has left */
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
    t->W = (NN + 63) / 64;
    t->peers = calloc((size_t)NN * (size_t)t->W, sizeof *t->peers);
    t->board = malloc((size_t)N * (size_t)t->W * sizeof *t->board);
    if (!t->unit_cell || !t->cell_unit || !t->cand || !t->used ||
        !t->stack || !t->peers || !t->board) {
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
        uint64_t *p = t->peers + (size_t)i * t->W;
        for (int j = 0; j < NN; j++) {
            const unsigned short *a = t->cell_unit + i * 3;
            const unsigned short *b = t->cell_unit + j * 3;
            if (j != i && (a[0] == b[0] || a[1] == b[1] || a[2] == b[2]))
                p[j >> 6] |= (uint64_t)1 << (j & 63);
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
    free(t->peers);
    free(t->board);
    free(t);
}

static int one_bit(uint64_t m)
{
    return (m & (m - 1)) == 0;
}

/* Places the cells on the stack, taking their digit from their units'
 * other cells (which may go on the stack in turn).  Returns the cells
 * placed, or -1 when a cell loses its last digit. */
static int place_stacked(sudoku_singles *t, int sp, unsigned char *cell)
{
    /* the arrays in registers: a store to one may alias the others */
    uint64_t *const cand = t->cand, *const used = t->used;
    unsigned short *const stack = t->stack;
    const unsigned short *const cell_unit = t->cell_unit;
    const int W = t->W;
    int placed = 0;
    while (sp > 0) {
        int i = stack[--sp];
        uint64_t bit = cand[i];
        if (!bit)
            continue; /* placed already */
        int d = grid_low_digit(bit);
        cell[i] = (unsigned char)d;
        cand[i] = 0;
        placed++;
        const unsigned short *cu = cell_unit + i * 3;
        used[cu[0]] |= bit;
        used[cu[1]] |= bit;
        used[cu[2]] |= bit;
        /* the peers that still have the digit lose it: a peer that had it
         * alone is a dead end, one left with one digit goes on the stack
         * (which has room for a store past its top) */
        uint64_t *bd = t->board + (size_t)(d - 1) * W;
        const uint64_t *pm = t->peers + (size_t)i * W;
        const uint64_t keep = ~bit;
        int dead = 0;
        bd[i >> 6] &= ~((uint64_t)1 << (i & 63));
        for (int w = 0; w < W; w++) {
            uint64_t x = bd[w] & pm[w];
            bd[w] &= ~pm[w];
            for (; x; x &= x - 1) {
                unsigned q = (unsigned)(w << 6) + (unsigned)grid_low_bit(x);
                uint64_t left = cand[q] & keep;
                cand[q] = left;
                dead |= left == 0;
                stack[sp] = (unsigned short)q;
                sp += one_bit(left);
            }
        }
        if (dead)
            return -1;
    }
    return placed;
}

/* Cell i keeps only the digit `bit`: the boards of its other digits
 * lose it. */
static void drop_others(sudoku_singles *t, int i, uint64_t bit)
{
    uint64_t cb = (uint64_t)1 << (i & 63);
    for (uint64_t o = t->cand[i] & ~bit; o; o &= o - 1)
        t->board[(size_t)grid_low_bit(o) * t->W + (i >> 6)] &= ~cb;
    t->cand[i] = bit;
}

/* The digits of the cells uc[0..n-1]: seen at least once, twice. */
static inline void scan(const uint64_t *cand, const unsigned short *uc,
                        int n, uint64_t *once, uint64_t *twice)
{
    uint64_t o = 0, t = 0;
    for (int j = 0; j < n; j++) {
        uint64_t m = cand[uc[j]];
        t |= o & m;
        o |= m;
    }
    *once = o;
    *twice = t;
}

/* Unit u's digits with one cell left: each such cell takes its digit
 * at once (place_stacked).  Returns the cells placed, or -1 when a digit
 * has no cell left in u or a cell loses its last digit. */
static int hidden_in(sudoku_singles *t, int u, unsigned char *cell)
{
    int N = t->N, placed = 0;
    if (t->used[u] == t->full)
        return 0;
    const unsigned short *uc = t->unit_cell + u * N;
    uint64_t once = 0, twice = 0;
    if (N == 9) /* the loop unrolled, for the common order */
        scan(t->cand, uc, 9, &once, &twice);
    else
        scan(t->cand, uc, N, &once, &twice);
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
        drop_others(t, uc[j], bit);
        t->stack[0] = uc[j];
        int n = place_stacked(t, 1, cell);
        if (n < 0)
            return -1;
        placed += n;
    }
    return placed;
}

/* Passes over the units for digits with one cell left, each placed at
 * once (hidden_in), until a pass places none.  Returns the cells placed,
 * or -1 as hidden_in. */
static int hidden_singles(sudoku_singles *t, unsigned char *cell)
{
    int placed = 0, n;
    do {
        n = 0;
        for (int u = 0; u < 3 * t->N; u++) {
            int k = hidden_in(t, u, cell);
            if (k < 0)
                return -1;
            n += k;
        }
        placed += n;
    } while (n > 0);
    return placed;
}

int sudoku_singles_fill(sudoku_singles *t, const unsigned char *givens,
                        unsigned char *cell)
{
    int N = t->N, NN = t->NN, W = t->W, sp = 0, placed = 0;
    uint64_t *const board = t->board, *const used = t->used;
    memset(used, 0, (size_t)3 * N * sizeof *used);
    /* every digit's board: the empty cells, less the givens' peers */
    uint64_t *empty = board + (size_t)(N - 1) * W;
    memset(empty, 0, (size_t)W * sizeof *empty);
    for (int i = 0; i < NN; i++)
        empty[i >> 6] |= (uint64_t)(givens[i] == 0) << (i & 63);
    for (int d = 0; d < N - 1; d++)
        memcpy(board + (size_t)d * W, empty, (size_t)W * sizeof *empty);
    for (int i = 0; i < NN; i++) {
        cell[i] = givens[i];
        t->cand[i] = 0;
        if (!givens[i])
            continue;
        if (givens[i] > N)
            return -1; /* not a digit: the engine reports it */
        uint64_t bit = (uint64_t)1 << (givens[i] - 1);
        const unsigned short *cu = t->cell_unit + i * 3;
        if ((used[cu[0]] | used[cu[1]] | used[cu[2]]) & bit)
            return -1;
        used[cu[0]] |= bit;
        used[cu[1]] |= bit;
        used[cu[2]] |= bit;
        uint64_t *bd = board + (size_t)(givens[i] - 1) * W;
        const uint64_t *pm = t->peers + (size_t)i * W;
        for (int w = 0; w < W; w++)
            bd[w] &= ~pm[w];
    }
    for (int i = 0; i < NN; i++) {
        if (givens[i])
            continue;
        const unsigned short *cu = t->cell_unit + i * 3;
        uint64_t m = t->full & ~(used[cu[0]] | used[cu[1]] | used[cu[2]]);
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
    n = hidden_singles(t, cell);
    return n < 0 ? -1 : placed + n;
}
