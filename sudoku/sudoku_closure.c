/*
 * sudoku_closure.c - naked and hidden singles on a plain sudoku position
 * (sudoku_closure.h): placing a digit takes it from its peers' masks (a
 * peer left with one digit goes on a stack), and marks the units whose
 * cells changed; only those units are scanned again for a digit with one
 * cell left.
 */
#include "sudoku_closure.h"

#include <stdlib.h>
#include <string.h>

#include "grid_bits.h"


void sudoku_closure_free(sudoku_closure *z)
{
    if (!z)
        return;
    free(z->unit);
    free(z->peer);
    free(z->stack);
    free(z->cell_unit);
    free(z->unit_mask);
    free(z->cand);
    free(z->placed);
    free(z->used);
    free(z->save_cand);
    free(z->save_placed);
    free(z->save_used);
    free(z->peer_bits);
    free(z->board);
    free(z->done);
    free(z->save_board);
    free(z->save_done);
    free(z);
}

/* The state by digit (up to 128 cells): the peers' bits, room for the
 * boards.  0, or -1 for no memory. */
static int closure_boards_new(sudoku_closure *z)
{
    size_t n = (size_t)2 * z->N;
    z->peer_bits = calloc((size_t)2 * z->NN, sizeof *z->peer_bits);
    z->board = malloc(n * sizeof *z->board);
    z->done = malloc(n * sizeof *z->done);
    z->save_board = malloc(n * sizeof *z->save_board);
    z->save_done = malloc(n * sizeof *z->save_done);
    if (!z->peer_bits || !z->board || !z->done || !z->save_board ||
        !z->save_done)
        return -1;
    for (int i = 0; i < z->NN; i++)
        for (int t = 0; t < z->n_peers; t++) {
            int j = z->peer[i * z->n_peers + t];
            z->peer_bits[2 * i + (j >> 6)] |= (uint64_t)1 << (j & 63);
        }
    return 0;
}

/* The tables of a shape; NULL for no memory or an order above
 * SUDOKU_CLOSURE_MAX_ORDER. */
sudoku_closure *sudoku_closure_new(const sudoku_shape *sh)
{
    int N = sh->N, NN = N * N;
    if (N < 1 || N > SUDOKU_CLOSURE_MAX_ORDER)
        return NULL;
    sudoku_closure *z = calloc(1, sizeof *z);
    if (!z)
        return NULL;
    z->N = N;
    z->NN = NN;
    z->full = N == 64 ? ~(uint64_t)0 : ((uint64_t)1 << N) - 1;
    z->n_peers = 3 * N - sh->R - sh->C - 1;
    z->unit = malloc((size_t)3 * NN * sizeof *z->unit);
    z->peer = malloc((size_t)NN * (size_t)z->n_peers * sizeof *z->peer);
    z->stack = malloc((size_t)NN * sizeof *z->stack);
    z->cell_unit = malloc((size_t)3 * NN * sizeof *z->cell_unit);
    z->UW = (3 * N + 63) / 64;
    z->unit_mask = calloc((size_t)NN * (size_t)z->UW, sizeof *z->unit_mask);
    z->cand = malloc((size_t)NN * sizeof *z->cand);
    z->placed = malloc((size_t)NN);
    z->used = malloc((size_t)3 * N * sizeof *z->used);
    z->save_used = malloc((size_t)3 * N * sizeof *z->save_used);
    z->save_cand = malloc((size_t)NN * sizeof *z->save_cand);
    z->save_placed = malloc((size_t)NN);
    if (!z->unit || !z->peer || !z->stack || !z->cell_unit ||
        !z->unit_mask || !z->cand ||
        !z->placed ||
        !z->used || !z->save_used || !z->save_cand || !z->save_placed) {
        sudoku_closure_free(z);
        return NULL;
    }
    for (int u = 0; u < N; u++)
        for (int t = 0; t < N; t++) {
            int r0 = (u / sh->R) * sh->R, c0 = (u % sh->R) * sh->C;
            z->unit[u * N + t] = u * N + t;
            z->unit[(N + u) * N + t] = t * N + u;
            z->unit[(2 * N + u) * N + t] =
                (r0 + t / sh->C) * N + c0 + t % sh->C;
        }
    for (int u = 0; u < 3 * N; u++)
        for (int t = 0; t < N; t++)
            z->cell_unit[z->unit[u * N + t] * 3 + u / N] = u;
    for (int i = 0; i < NN; i++)
        for (int k = 0; k < 3; k++) {
            int u = z->cell_unit[i * 3 + k];
            z->unit_mask[(size_t)i * z->UW + (u >> 6)] |= (uint64_t)1
                                                          << (u & 63);
        }
    /* a cell's peers: the cells of its three units, each once (the
     * stack as the marks of the cells taken) */
    memset(z->stack, 0, (size_t)NN * sizeof *z->stack);
    for (int i = 0; i < NN; i++) {
        int n = 0, *p = z->peer + i * z->n_peers;
        for (int k = 0; k < 3; k++) {
            const int *cells = z->unit + z->cell_unit[i * 3 + k] * N;
            for (int t = 0; t < N; t++)
                if (cells[t] != i && z->stack[cells[t]] != i + 1) {
                    z->stack[cells[t]] = i + 1;
                    p[n++] = cells[t];
                }
        }
    }
    if (NN <= 128 && closure_boards_new(z) != 0) {
        sudoku_closure_free(z);
        return NULL;
    }
    return z;
}

/* The units of cell i are to be scanned. */
static inline void closure_dirty(sudoku_closure *z, int i)
{
    const uint64_t *m = z->unit_mask + (size_t)i * z->UW;
    for (int w = 0; w < z->UW; w++)
        z->dirty[w] |= m[w];
}

/* The units of cell i have digit bit placed. */
static inline void closure_used(sudoku_closure *z, int i, uint64_t bit)
{
    const int *cu = z->cell_unit + i * 3;
    z->used[cu[0]] |= bit;
    z->used[cu[1]] |= bit;
    z->used[cu[2]] |= bit;
}

/* Cell i takes digit bit (one of its candidates); its peers (P of them)
 * lose it, those left with one digit go on the stack, and the units of
 * the cells that changed are to be scanned.  -1 when a peer loses its
 * last digit.  P and the unit masks' words are constants at order 9. */
static inline int place_p(sudoku_closure *z, int i, uint64_t bit, int *sp,
                          const int P)
{
    z->cand[i] = bit;
    z->placed[i] = 1;
    z->left--;
    closure_used(z, i, bit);
    closure_dirty(z, i);
    const int *p = z->peer + i * P;
    for (int t = 0; t < P; t++) {
        int j = p[t];
        uint64_t c = z->cand[j];
        if (!(c & bit))
            continue;
        if (z->placed[j])
            return -1;
        c &= ~bit;
        z->cand[j] = c;
        if (!c)
            return -1;
        closure_dirty(z, j);
        if (!(c & (c - 1)))
            z->stack[(*sp)++] = j;
    }
    return 0;
}

/* place_p by the boards (up to 128 cells): the peers that lose the digit
 * are those of its board, and a peer that holds it is one of its done
 * cells; the same state, the same answer. */
static inline int place_b(sudoku_closure *z, int i, uint64_t bit, int *sp)
{
    const int d = grid_low_bit(bit), iw = i >> 6;
    const uint64_t ib = (uint64_t)1 << (i & 63);
    const uint64_t *pb = z->peer_bits + 2 * i;
    uint64_t *board = z->board + 2 * d, *done = z->done + 2 * d;
    if ((done[0] & pb[0]) | (done[1] & pb[1]))
        return -1;
    for (uint64_t o = z->cand[i]; o; o &= o - 1)
        z->board[2 * grid_low_bit(o) + iw] &= ~ib;
    done[iw] |= ib;
    z->cand[i] = bit;
    z->placed[i] = 1;
    z->left--;
    closure_used(z, i, bit);
    /* up to 128 cells, 33 units: one word of them */
    const uint64_t *um = z->unit_mask;
    uint64_t dirty = z->dirty[0] | um[i];
    for (int w = 0; w < 2; w++) {
        uint64_t hits = board[w] & pb[w];
        board[w] &= ~hits;
        for (; hits; hits &= hits - 1) {
            int j = (w << 6) + grid_low_bit(hits);
            uint64_t c = z->cand[j] & ~bit;
            z->cand[j] = c;
            if (!c)
                return -1;
            dirty |= um[j];
            if (!(c & (c - 1)))
                z->stack[(*sp)++] = j;
        }
    }
    z->dirty[0] = dirty;
    return 0;
}

static int closure_place(sudoku_closure *z, int i, uint64_t bit, int *sp)
{
    return z->board    ? place_b(z, i, bit, sp)
         : z->N == 9 ? place_p(z, i, bit, sp, 20)
                     : place_p(z, i, bit, sp, z->n_peers);
}

/* The boards of the givens, whose cells are in done (closure_of): a
 * digit is a candidate of the free cells no given of it sees. */
static void closure_boards(sudoku_closure *z, const uint64_t *free_cells)
{
    for (int d = 0; d < z->N; d++) {
        uint64_t seen[2] = { 0, 0 };
        for (int w = 0; w < 2; w++)
            for (uint64_t g = z->done[2 * d + w]; g; g &= g - 1) {
                const uint64_t *pb =
                    z->peer_bits + 2 * ((w << 6) + grid_low_bit(g));
                seen[0] |= pb[0];
                seen[1] |= pb[1];
            }
        z->board[2 * d] = free_cells[0] & ~seen[0];
        z->board[2 * d + 1] = free_cells[1] & ~seen[1];
    }
}

static int closure_naked(sudoku_closure *z, int sp)
{
    while (sp > 0) {
        int i = z->stack[--sp];
        if (!z->placed[i] && closure_place(z, i, z->cand[i], &sp) != 0)
            return -1;
    }
    return 0;
}

/* Unit u's digits with one cell left take it (with the naked singles
 * that follow): -1 when a digit has no cell left or a cell no digit. */
static inline int hidden_n(sudoku_closure *z, int u, const int N)
{
    const int *cells = z->unit + u * N;
    /* a placed cell's candidate is its digit, which no other cell of
     * the unit has: once, and done */
    uint64_t once = 0, twice = 0, done = z->used[u];
    for (int t = 0; t < N; t++) {
        uint64_t m = z->cand[cells[t]];
        twice |= once & m;
        once |= m;
    }
    if ((once | done) != z->full)
        return -1;
    for (uint64_t h = once & ~twice & ~done; h; h &= h - 1) {
        uint64_t bit = h & (~h + 1);
        int t = 0;
        while (t < N && !(z->cand[cells[t]] & bit))
            t++;
        if (t == N)
            return -1; /* its one cell lost it to an earlier digit's */
        int i = cells[t], sp = 0;
        if (z->placed[i])
            continue;
        if (closure_place(z, i, bit, &sp) != 0 || closure_naked(z, sp) != 0)
            return -1;
    }
    return 0;
}

static int closure_hidden(sudoku_closure *z, int u)
{
    return z->N == 9 ? hidden_n(z, u, 9) : hidden_n(z, u, z->N);
}

static int watched_placed(const sudoku_closure *z)
{
    for (int k = 0; k < z->n_watch; k++)
        if (!z->placed[z->watch[k]])
            return 0;
    return 1;
}

/* Naked and hidden singles until neither places a digit (the units
 * scanned are those where a cell changed since their last scan): -1 dead
 * end, 1 the grid is full or the cells watched are placed, 0 open. */
static int closure_run(sudoku_closure *z, int sp)
{
    if (closure_naked(z, sp) != 0)
        return -1;
    while (z->left) {
        if (z->n_watch && watched_placed(z))
            return 1;
        int w = 0;
        while (w < 3 && !z->dirty[w])
            w++;
        if (w == 3)
            return 0;
        int u = w * 64 + grid_low_bit(z->dirty[w]);
        z->dirty[w] &= z->dirty[w] - 1;
        if (closure_hidden(z, u) != 0)
            return -1;
    }
    return 1;
}

/* The closure of the givens `cell` (N*N, 0 empty; consistent), up to
 * the placing of watch[0..n_watch-1]: as closure_run. */
int sudoku_closure_of(sudoku_closure *z, const unsigned char *cell,
                      const int *watch, int n_watch)
{
    z->watch = watch;
    z->n_watch = n_watch;
    int N = z->N, NN = z->NN, sp = 0;
    uint64_t *used = z->used;
    z->dirty[0] = z->dirty[1] = z->dirty[2] = 0;
    memset(used, 0, (size_t)3 * N * sizeof *used);
    for (int i = 0; i < NN; i++)
        if (cell[i]) {
            uint64_t bit = (uint64_t)1 << (cell[i] - 1);
            const int *cu = z->cell_unit + i * 3;
            used[cu[0]] |= bit;
            used[cu[1]] |= bit;
            used[cu[2]] |= bit;
        }
    z->left = 0;
    for (int u = 0; u < 3 * N; u++)
        z->dirty[u >> 6] |= (uint64_t)1 << (u & 63);
    uint64_t free_cells[2] = { 0, 0 };
    if (z->board)
        memset(z->done, 0, (size_t)2 * N * sizeof *z->done);
    for (int i = 0; i < NN; i++) {
        uint64_t ib = (uint64_t)1 << (i & 63);
        if (cell[i]) {
            z->cand[i] = (uint64_t)1 << (cell[i] - 1);
            z->placed[i] = 1;
            if (z->board)
                z->done[2 * (cell[i] - 1) + (i >> 6)] |= ib;
            continue;
        }
        if (z->board)
            free_cells[i >> 6] |= ib;
        const int *cu = z->cell_unit + i * 3;
        uint64_t m = z->full & ~(used[cu[0]] | used[cu[1]] | used[cu[2]]);
        z->cand[i] = m;
        z->placed[i] = 0;
        z->left++;
        if (!m)
            return -1;
        if (!(m & (m - 1)))
            z->stack[sp++] = i;
    }
    if (z->board)
        closure_boards(z, free_cells);
    return closure_run(z, sp);
}

void sudoku_closure_save(sudoku_closure *z)
{
    memcpy(z->save_cand, z->cand, (size_t)z->NN * sizeof *z->cand);
    memcpy(z->save_placed, z->placed, (size_t)z->NN);
    z->save_left = z->left;
    memcpy(z->save_used, z->used, (size_t)3 * z->N * sizeof *z->used);
    if (z->board) {
        memcpy(z->save_board, z->board, (size_t)2 * z->N * sizeof *z->board);
        memcpy(z->save_done, z->done, (size_t)2 * z->N * sizeof *z->done);
    }
}

/* From the saved closure, digit bit in cell i (a candidate there): as
 * closure_run. */
int sudoku_closure_try(sudoku_closure *z, int i, uint64_t bit)
{
    memcpy(z->cand, z->save_cand, (size_t)z->NN * sizeof *z->cand);
    memcpy(z->placed, z->save_placed, (size_t)z->NN);
    z->left = z->save_left;
    memcpy(z->used, z->save_used, (size_t)3 * z->N * sizeof *z->used);
    if (z->board) {
        memcpy(z->board, z->save_board, (size_t)2 * z->N * sizeof *z->board);
        memcpy(z->done, z->save_done, (size_t)2 * z->N * sizeof *z->done);
    }
    z->n_watch = 0;
    z->dirty[0] = z->dirty[1] = z->dirty[2] = 0;
    int sp = 0;
    if (closure_place(z, i, bit, &sp) != 0)
        return -1;
    return closure_run(z, sp);
}
