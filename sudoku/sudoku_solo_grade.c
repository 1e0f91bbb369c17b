/*
 * sudoku_solo_grade.c - Solo's six levels (sudoku_solo.h): its solver's
 * deductions on candidate masks, and its generator's way to a level.
 *
 * Written from the description of solo.c's solver (Simon Tatham's
 * puzzles), not from its code: Solo keeps a cube of booleans and starts
 * again from its simplest deduction after each one; here each level makes
 * every deduction it finds in one pass before going back to the simplest.
 * The level of a puzzle is the same (every deduction only removes
 * candidates, so what a level can finish does not depend on the order).
 */
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "grid.h"
#include "sudoku_solo.h"

#define SLOTS 5 /* units of a cell: row, column, box, two diagonals */

#define SOLO_NAME(name, text, letter, words) text,
const char *const sudoku_solo_level_names[] = {
    SUDOKU_SOLO_LEVEL_LIST(SOLO_NAME) NULL
};
#undef SOLO_NAME
#define SOLO_LETTER(name, text, letter, words) letter,
static const char level_letters[] = { SUDOKU_SOLO_LEVEL_LIST(SOLO_LETTER) };
#undef SOLO_LETTER
#define SOLO_WORDS(name, text, letter, words) words,
static const char *const level_words[] = {
    SUDOKU_SOLO_LEVEL_LIST(SOLO_WORDS)
};
#undef SOLO_WORDS

const char *sudoku_solo_level_name(sudoku_solo_level level)
{
    return level < SUDOKU_SOLO_LEVEL_COUNT ? sudoku_solo_level_names[level]
                                           : "?";
}

char sudoku_solo_level_letter(sudoku_solo_level level)
{
    return level < SUDOKU_SOLO_LEVEL_COUNT ? level_letters[level] : '?';
}

const char *sudoku_solo_level_words(sudoku_solo_level level)
{
    return level < SUDOKU_SOLO_LEVEL_COUNT ? level_words[level] : "?";
}

const char *sudoku_solo_refusal(const sudoku *s)
{
    if (s->n_cages > 0)
        return "Solo grades killer cages on a scale of its own, not on "
               "these levels";
    if (s->shape.N > SUDOKU_SOLO_MAX_ORDER)
        return "Solo's levels are graded up to order 64";
    return NULL;
}

/*
 * The solver's state, for orders up to cap:
 *
 *   cand[i]      digits still possible in cell i (bit d-1 for digit d); a
 *                placed cell keeps its digit alone
 *   digit[i]     the digit placed in cell i, 0 for none
 *   placed[u]    digits placed in unit u
 *   unit[u*N+k]  the cells of unit u: rows 0..N-1, columns N..2N-1, boxes
 *                or regions 2N..3N-1, then the two diagonals (X)
 *   slot[i*5+k]  the units of cell i in that order (row, column, box, then
 *                its diagonals), -1 past the last
 *   pair[2p..]   a line (row, column, diagonal) and a box that share two
 *                cells or more: the intersections of the intermediate level
 *   pcell[2Np..] the pair's cells: pcount[3p] of the line only, then
 *                pcount[3p+1] of both, then pcount[3p+2] of the box only
 *   peer[i*P..]  the cells that share a unit with cell i, n_peers[i] of
 *                them (P = 5N: room for any shape)
 *
 * The units are made again only when the shape or the variant changes.
 * base_cand, base_placed, base_digit and base_unplaced keep a puzzle's
 * state before any deduction, for a generator that clears one group of
 * cells after another: taking a given away from it and copying it back
 * costs less than loading the puzzle again.
 */
struct sudoku_solo {
    int cap;
    int N, n_cells, n_units, n_pairs, unplaced;
    sudoku_shape shape;    /* of the units made (N == 0: none yet) */
    int diagonals, jigsaw;
    uint64_t full;
    uint64_t *cand, *placed, *lines, *bits, *base_cand, *base_placed;
    unsigned char *digit, *value, *base_digit;
    int base_unplaced;
    const int *watch;      /* run's cells watched, n_watch of them */
    int n_watch;
    int *unit, *slot, *pair, *pcell, *pcount, *list, *queue, *peer, *n_peers;
    int by9;               /* plain 9x9, 3x3 boxes: trivial_places */
    double deadline;       /* sudoku_solo_set_limits; 0: none */
    int cut;               /* the deadline passed */
    uint64_t steps;        /* of locked_set, whose search can be long */
};

/* Whether the time of sudoku_solo_set_limits is up; the deductions that
 * can take long on a large grid ask between their units of work. */
static int solo_time_up(sudoku_solo *so)
{
    if (!so->cut && so->deadline > 0 && grid_seconds() >= so->deadline)
        so->cut = 1;
    return so->cut;
}

void sudoku_solo_set_limits(sudoku_solo *so, const grid_limits *lim)
{
    so->deadline = lim && lim->max_seconds > 0
                       ? grid_seconds() + lim->max_seconds : 0;
    so->cut = 0;
}

/* By hand: without a -march that has the instruction, the builtin is a
 * library call. */
static inline int popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline int digit_of(uint64_t bit)
{
    return __builtin_ctzll(bit) + 1;
}

sudoku_solo *sudoku_solo_new(int order)
{
    if (order < 1 || order > SUDOKU_SOLO_MAX_ORDER)
        return NULL;
    sudoku_solo *so = calloc(1, sizeof *so);
    if (!so)
        return NULL;
    size_t C = (size_t)order, cells = C * C, units = 3 * C + 2;
    so->cap = order;
    so->cand = malloc(cells * sizeof *so->cand);
    so->placed = malloc(units * sizeof *so->placed);
    so->lines = malloc(C * sizeof *so->lines);
    so->bits = malloc(C * sizeof *so->bits);
    so->digit = malloc(cells);
    so->value = malloc(2 * cells);
    so->unit = malloc(units * C * sizeof *so->unit);
    so->slot = malloc(cells * SLOTS * sizeof *so->slot);
    so->pair = malloc(2 * (2 * C + 2) * C * sizeof *so->pair);
    so->pcell = malloc(2 * C * (2 * C + 2) * C * sizeof *so->pcell);
    so->pcount = malloc(3 * (2 * C + 2) * C * sizeof *so->pcount);
    so->list = malloc(units * sizeof *so->list);
    so->queue = malloc(cells * sizeof *so->queue);
    so->peer = malloc(cells * SLOTS * C * sizeof *so->peer);
    so->n_peers = malloc(cells * sizeof *so->n_peers);
    so->base_cand = malloc(cells * sizeof *so->base_cand);
    so->base_placed = malloc(units * sizeof *so->base_placed);
    so->base_digit = malloc(cells);
    if (!so->pcell || !so->pcount || !so->base_cand || !so->base_placed ||
        !so->base_digit || !so->peer || !so->n_peers || !so->cand ||
        !so->placed || !so->lines || !so->bits || !so->digit ||
        !so->value || !so->unit || !so->slot || !so->pair || !so->list ||
        !so->queue) {
        sudoku_solo_free(so);
        return NULL;
    }
    return so;
}

void sudoku_solo_free(sudoku_solo *so)
{
    if (!so)
        return;
    free(so->cand);
    free(so->placed);
    free(so->lines);
    free(so->bits);
    free(so->digit);
    free(so->value);
    free(so->unit);
    free(so->slot);
    free(so->pair);
    free(so->pcell);
    free(so->pcount);
    free(so->list);
    free(so->queue);
    free(so->peer);
    free(so->n_peers);
    free(so->base_cand);
    free(so->base_placed);
    free(so->base_digit);
    free(so);
}

const unsigned char *sudoku_solo_grid(const sudoku_solo *so)
{
    return so->digit;
}

static int is_line(const sudoku_solo *so, int u)
{
    return u < 2 * so->N || u >= 3 * so->N;
}

static int in_unit(const sudoku_solo *so, int cell, int u)
{
    const int *sl = so->slot + cell * SLOTS;
    for (int k = 0; k < SLOTS && sl[k] >= 0; k++)
        if (sl[k] == u)
            return 1;
    return 0;
}

static int sees_by_slots(const sudoku_solo *so, int a, int b)
{
    const int *sl = so->slot + a * SLOTS;
    for (int k = 0; k < SLOTS && sl[k] >= 0; k++)
        if (in_unit(so, b, sl[k]))
            return 1;
    return 0;
}

/* The next pair: line l, box b, their cells. */
static void make_pair(sudoku_solo *so, int l, int b)
{
    int N = so->N, p = so->n_pairs++, *cell = so->pcell + 2 * N * p, n = 0;
    so->pair[2 * p] = l;
    so->pair[2 * p + 1] = b;
    for (int part = 0; part < 3; part++) {
        int before = n;
        for (int k = 0; k < N; k++) {
            int c = so->unit[(part < 2 ? l : b) * N + k];
            int in_l = in_unit(so, c, l), in_b = so->slot[c * SLOTS + 2] == b;
            if ((part == 0 && !in_b) || (part == 1 && in_l && in_b) ||
                (part == 2 && !in_l))
                cell[n++] = c;
        }
        so->pcount[3 * p + part] = n - before;
    }
}

/* The units, each cell's units and peers, and the line-box pairs of s;
 * 0, or -1 for no memory. */
static int make_units(sudoku_solo *so, const sudoku *s)
{
    int N = s->shape.N;
    if (so->shape.N == N && so->shape.R == s->shape.R &&
        so->shape.C == s->shape.C && so->diagonals == s->diagonals &&
        !so->jigsaw && !s->jigsaw)
        return 0;
    so->shape.N = 0;
    if (sudoku_units(s, so->unit) < 0)
        return -1;
    so->N = N;
    so->n_cells = N * N;
    so->n_units = sudoku_unit_count(s);
    so->full = N == 64 ? ~0ULL : (1ULL << N) - 1;
    for (int i = 0; i < so->n_cells * SLOTS; i++)
        so->slot[i] = -1;
    for (int u = 0; u < so->n_units; u++)
        for (int k = 0; k < N; k++) {
            int *sl = so->slot + so->unit[u * N + k] * SLOTS;
            while (*sl >= 0)
                sl++;
            *sl = u;
        }
    for (int i = 0; i < so->n_cells; i++) {
        int *peer = so->peer + i * SLOTS * N, n = 0;
        for (int j = 0; j < so->n_cells; j++)
            if (j != i && sees_by_slots(so, i, j))
                peer[n++] = j;
        so->n_peers[i] = n;
    }
    int *shared = so->list;
    so->n_pairs = 0;
    for (int l = 0; l < so->n_units; l++) {
        if (!is_line(so, l))
            continue;
        memset(shared, 0, (size_t)N * sizeof *shared);
        for (int k = 0; k < N; k++)
            shared[so->slot[so->unit[l * N + k] * SLOTS + 2] - 2 * N]++;
        for (int b = 0; b < N; b++)
            if (shared[b] >= 2)
                make_pair(so, l, 2 * N + b);
    }
    so->shape = s->shape;
    so->diagonals = s->diagonals;
    so->jigsaw = s->jigsaw;
    so->by9 = N == 9 && s->shape.R == 3 && !s->diagonals && !s->jigsaw;
    return 0;
}

static void place(sudoku_solo *so, int cell, uint64_t bit)
{
    so->digit[cell] = (unsigned char)digit_of(bit);
    so->cand[cell] = bit;
    so->unplaced--;
    const int *sl = so->slot + cell * SLOTS;
    for (int k = 0; k < SLOTS && sl[k] >= 0; k++)
        so->placed[sl[k]] |= bit;
    const int *peer = so->peer + cell * SLOTS * so->N;
    for (int j = so->n_peers[cell] - 1; j >= 0; j--)
        so->cand[peer[j]] &= ~bit;
}

/* The givens placed, each other cell's candidates the digits its units
 * lack; -1 when two givens clash. */
static int load(sudoku_solo *so, const sudoku *s)
{
    memset(so->placed, 0, (size_t)so->n_units * sizeof *so->placed);
    so->unplaced = so->n_cells;
    for (int i = 0; i < so->n_cells; i++) {
        so->digit[i] = s->cell[i];
        if (!s->cell[i])
            continue;
        uint64_t bit = 1ULL << (s->cell[i] - 1);
        const int *sl = so->slot + i * SLOTS;
        for (int k = 0; k < SLOTS && sl[k] >= 0; k++) {
            if (so->placed[sl[k]] & bit)
                return -1;
            so->placed[sl[k]] |= bit;
        }
        so->cand[i] = bit;
        so->unplaced--;
    }
    for (int i = 0; i < so->n_cells; i++) {
        if (s->cell[i])
            continue;
        uint64_t taken = 0;
        const int *sl = so->slot + i * SLOTS;
        for (int k = 0; k < SLOTS && sl[k] >= 0; k++)
            taken |= so->placed[sl[k]];
        so->cand[i] = so->full & ~taken;
    }
    return 0;
}

/* Are the cells watch[0..n-1] all placed? */
static int placed_all(const sudoku_solo *so, const int *watch, int n)
{
    for (int j = 0; j < n; j++)
        if (!so->digit[watch[j]])
            return 0;
    return 1;
}

/* ---- the deductions: each returns how many it made, -1 for a
 * contradiction ----------------------------------------------------------- */

/* A digit with one place left in unit u goes there.  N is so->N, passed
 * so that a constant 9 unrolls the loops. */
static inline int hidden_singles(sudoku_solo *so, int u, const int N)
{
    int made = 0;
    const int *cells = so->unit + u * N;
    uint64_t once = 0, twice = 0;
    for (int k = 0; k < N; k++) {
        uint64_t c = so->cand[cells[k]];
        twice |= once & c;
        once |= c;
    }
    uint64_t missing = so->full & ~so->placed[u];
    if (missing & ~once)
        return -1;
    for (uint64_t single = missing & ~twice; single; single &= single - 1) {
        uint64_t bit = single & -single;
        for (int k = 0; k < N; k++)
            if (so->cand[cells[k]] & bit) {
                place(so, cells[k], bit);
                made++;
                break;
            }
    }
    return made;
}

/* The hidden singles of units from..to-1 (made, or -1). */
static inline int singles_of(sudoku_solo *so, int from, int to, const int N)
{
    int made = 0;
    for (int u = from; u < to; u++) {
        int got = hidden_singles(so, u, N);
        if (got < 0)
            return -1;
        made += got;
    }
    return made;
}

static int units_singles(sudoku_solo *so, int from, int to)
{
    return so->N == 9 ? singles_of(so, from, to, 9)
                      : singles_of(so, from, to, so->N);
}

/* trivial: Solo's blockwise positional elimination, to its end (passes
 * over the boxes until one places nothing) */
static int box_singles(sudoku_solo *so)
{
    int made = 0, pass;
    do {
        pass = units_singles(so, 2 * so->N, 3 * so->N);
        if (pass < 0)
            return -1;
        made += pass;
    } while (pass > 0 && so->unplaced > 0 &&
             !(so->n_watch && placed_all(so, so->watch, so->n_watch)));
    return made;
}

/* basic: positional elimination in rows, columns and diagonals, then
 * numeric elimination (a cell with one digit left) */
static int line_singles(sudoku_solo *so)
{
    int made = units_singles(so, 0, 2 * so->N), got = 0;
    if (made >= 0 && so->n_units > 3 * so->N)
        got = units_singles(so, 3 * so->N, so->n_units);
    if (made < 0 || got < 0)
        return -1;
    made += got;
    for (int i = 0; i < so->n_cells; i++) {
        if (so->digit[i])
            continue;
        if (!so->cand[i])
            return -1;
        if (!(so->cand[i] & (so->cand[i] - 1))) {
            place(so, i, so->cand[i]);
            made++;
        }
    }
    return made;
}

/* The candidates of cells[0..n-1] together. */
static uint64_t any_of(const sudoku_solo *so, const int *cells, int n)
{
    uint64_t m = 0;
    for (int k = 0; k < n; k++)
        m |= so->cand[cells[k]];
    return m;
}

/* Removes the digits `gone` from the empty cells of cells[0..n-1];
 * returns whether any was there. */
static int remove_from(sudoku_solo *so, const int *cells, int n,
                       uint64_t gone)
{
    int made = 0;
    for (int k = 0; k < n; k++) {
        int c = cells[k];
        if (!so->digit[c] && (so->cand[c] & gone)) {
            so->cand[c] &= ~gone;
            made = 1;
        }
    }
    return made;
}

/* intermediate: a line's digit whose places all lie in one box leaves the
 * box's other cells, and the other way round */
static int intersections(sudoku_solo *so)
{
    int N = so->N, made = 0;
    for (int p = 0; p < so->n_pairs; p++) {
        int l = so->pair[2 * p], b = so->pair[2 * p + 1];
        const int *cell = so->pcell + 2 * N * p, *count = so->pcount + 3 * p;
        const int *both = cell + count[0], *box_only = both + count[1];
        uint64_t line_out = any_of(so, cell, count[0]);
        uint64_t in = any_of(so, both, count[1]);
        uint64_t box_out = any_of(so, box_only, count[2]);
        uint64_t open = in & so->full & ~so->placed[l] & ~so->placed[b];
        uint64_t claim = open & ~line_out & box_out;
        uint64_t point = open & ~box_out & line_out;
        if (claim)
            made += remove_from(so, box_only, count[2], claim);
        if (point)
            made += remove_from(so, cell, count[0], point);
    }
    return made;
}

/*
 * The search under Solo's set elimination and its fish: n lines, each a
 * mask of the positions it may take (a cell's digits, a digit's cells, a
 * digit's columns in a row).  A set T of k lines (2 <= k <= kmax) whose
 * positions U number k holds those positions; when another line meets U,
 * *t and *u get T and U and the answer is 1.  Fewer than k positions for
 * k lines is a contradiction: -1.  Sets of more than n/2 lines need not
 * be looked at: the lines outside such a set are a smaller set of the
 * transposed lines, which the caller searches too.
 */
static int locked_set(sudoku_solo *so, const uint64_t *lines, int n,
                      int kmax, int from, int k, uint64_t t, uint64_t u,
                      uint64_t *t_out, uint64_t *u_out)
{
    for (int i = from; i < n; i++) {
        /* the sets tried grow as binomials of a unit's cells: a large
         * grid's search asks the clock as it goes (a cut finds none) */
        if (++so->steps % 4096 == 0)
            solo_time_up(so);
        if (so->cut)
            return 0;
        uint64_t u2 = u | lines[i], t2 = t | 1ULL << i;
        int size = popcount(u2);
        if (size > kmax)
            continue;
        if (k + 1 >= 2 && size <= k + 1) {
            if (size < k + 1)
                return -1;
            for (int j = 0; j < n; j++)
                if (!(t2 >> j & 1) && (lines[j] & u2)) {
                    *t_out = t2;
                    *u_out = u2;
                    return 1;
                }
        }
        if (k + 1 < kmax) {
            int got = locked_set(so, lines, n, kmax, i + 1, k + 1, t2, u2,
                                 t_out, u_out);
            if (got)
                return got;
        }
    }
    return 0;
}

/* advanced: Solo's set elimination in unit u, as naked subsets (lines
 * the empty cells, positions digits) and hidden ones (lines the missing
 * digits, positions the empty cells) */
static int subsets_in(sudoku_solo *so, int u)
{
    int N = so->N, n = 0;
    int *cell = so->list;
    for (int k = 0; k < N; k++)
        if (!so->digit[so->unit[u * N + k]])
            cell[n++] = so->unit[u * N + k];
    int kmax = n / 2;
    if (kmax < 2)
        return 0;
    uint64_t t, set;
    for (int j = 0; j < n; j++)
        so->lines[j] = so->cand[cell[j]];
    int got = locked_set(so, so->lines, n, kmax, 0, 0, 0, 0, &t, &set);
    if (got != 0) {
        for (int j = 0; j < n && got > 0; j++)
            if (!(t >> j & 1))
                so->cand[cell[j]] &= ~set;
        return got;
    }
    int m = 0;
    for (uint64_t miss = so->full & ~so->placed[u]; miss; miss &= miss - 1) {
        uint64_t bit = miss & -miss, at = 0;
        for (int j = 0; j < n; j++)
            if (so->cand[cell[j]] & bit)
                at |= 1ULL << j;
        so->bits[m] = bit;
        so->lines[m++] = at;
    }
    got = locked_set(so, so->lines, m, kmax, 0, 0, 0, 0, &t, &set);
    if (got > 0) {
        uint64_t keep = 0;
        for (int j = 0; j < m; j++)
            if (t >> j & 1)
                keep |= so->bits[j];
        for (int j = 0; j < n; j++)
            if (set >> j & 1)
                so->cand[cell[j]] &= keep;
    }
    return got;
}

static int subsets(sudoku_solo *so)
{
    int made = 0;
    for (int u = 0; u < so->n_units && !solo_time_up(so); u++) {
        int got = subsets_in(so, u);
        if (got < 0)
            return -1;
        made += got;
    }
    return made;
}

/* extreme, first part: Solo's positional set elimination on one digit,
 * rows against columns (by_col 0: lines are rows) */
static int fish(sudoku_solo *so, uint64_t bit, int by_col)
{
    int N = so->N, n = 0;
    int *line = so->list;
    for (int r = 0; r < N; r++) {
        if (so->placed[by_col * N + r] & bit)
            continue;
        uint64_t at = 0;
        for (int c = 0; c < N; c++)
            if (so->cand[by_col ? c * N + r : r * N + c] & bit)
                at |= 1ULL << c;
        line[n] = r;
        so->lines[n++] = at;
    }
    uint64_t t, set;
    int got = locked_set(so, so->lines, n, n / 2, 0, 0, 0, 0, &t, &set);
    if (got <= 0)
        return got;
    for (int j = 0; j < n; j++)
        if (!(t >> j & 1))
            for (int c = 0; c < N; c++)
                if (set >> c & 1)
                    so->cand[by_col ? c * N + line[j] : line[j] * N + c] &=
                        ~bit;
    return 1;
}

/*
 * extreme, second part: Solo's forcing chains.  From a cell of two
 * candidates, suppose it is not `orig`: it is the other, and a breadth-
 * first walk follows cells of two candidates, each seeing the one before
 * and holding its digit, so taking its other digit.  A cell that holds
 * orig and sees both the start and a chain cell forced to orig cannot be
 * orig.  One removal, then back to the simplest deductions.
 */
static int chain_from(sudoku_solo *so, int start, uint64_t orig,
                      const unsigned char *near)
{
    int N = so->N, head = 0, tail = 0;
    unsigned char *value = so->value;
    memset(value, 0, (size_t)so->n_cells);
    so->queue[tail++] = start;
    value[start] = (unsigned char)digit_of(so->cand[start] & ~orig);
    while (head < tail) {
        int p = so->queue[head++];
        uint64_t vbit = 1ULL << (value[p] - 1);
        const int *peer = so->peer + p * SLOTS * N;
        for (int k = 0; k < so->n_peers[p]; k++) {
            int q = peer[k];
            uint64_t c = so->cand[q];
            if (value[q] || !(c & vbit))
                continue;
            if (!so->digit[q] && popcount(c) == 2) {
                so->queue[tail++] = q;
                value[q] = (unsigned char)digit_of(c & ~vbit);
            }
            if (vbit == orig && near[q]) {
                so->cand[q] &= ~orig;
                return 1;
            }
        }
    }
    return 0;
}

static int fish_or_chains(sudoku_solo *so)
{
    for (int d = 0; d < so->N && !solo_time_up(so); d++)
        for (int by_col = 0; by_col < 2; by_col++) {
            int got = fish(so, 1ULL << d, by_col);
            if (got)
                return got;
        }
    /* near: the peers of the start, marked in the bytes past value's */
    unsigned char *near = so->value + so->n_cells;
    memset(near, 0, (size_t)so->n_cells);
    for (int i = 0; i < so->n_cells && !solo_time_up(so); i++) {
        uint64_t c = so->cand[i];
        if (so->digit[i] || popcount(c) != 2)
            continue;
        const int *peer = so->peer + i * SLOTS * so->N;
        for (int k = 0; k < so->n_peers[i]; k++)
            near[peer[k]] = 1;
        int got = chain_from(so, i, c & -c, near) ||
                  chain_from(so, i, c & (c - 1), near);
        for (int k = 0; k < so->n_peers[i]; k++)
            near[peer[k]] = 0;
        if (got)
            return 1;
    }
    return 0;
}

/* The deductions of each level, in the order of sudoku_solo_level. */
static int (*const deduce[])(sudoku_solo *) = {
    box_singles, line_singles, intersections, subsets, fish_or_chains
};
_Static_assert(sizeof deduce / sizeof *deduce == SUDOKU_SOLO_UNREASONABLE,
               "one deduction per level below unreasonable");

/* The puzzle's units and givens in so: 0, or an error of
 * sudoku_solo_rate. */
/* The units of puzzle's shape (and so->by9), without its givens. */
static int prepare_units(sudoku_solo *so, const sudoku *puzzle)
{
    if (sudoku_solo_refusal(puzzle) || puzzle->shape.N > so->cap)
        return SUDOKU_ELIMIT;
    return make_units(so, puzzle) != 0 ? SUDOKU_ENOMEM : 0;
}

static int prepare(sudoku_solo *so, const sudoku *puzzle)
{
    int st = prepare_units(so, puzzle);
    if (st != 0)
        return st;
    return load(so, puzzle) != 0 ? SUDOKU_EBAD : 0;
}

/* The deductions up to max from the state prepared: as sudoku_solo_rate;
 * stops early, as finished, once the cells watch[0..n_watch-1] are
 * placed (n_watch 0: none watched).  A generator watches the cells it
 * just cleared from a puzzle the deductions finish: once they are placed
 * again, the rest is that puzzle's solving or less. */
static int run(sudoku_solo *so, sudoku_solo_level max,
               int used[SUDOKU_SOLO_LEVEL_COUNT], const int *watch,
               int n_watch)
{
    int hardest = SUDOKU_SOLO_TRIVIAL;
    int top = max < SUDOKU_SOLO_EXTREME ? (int)max : SUDOKU_SOLO_EXTREME;
    int first = 0; /* box singles are at their end when the level above
                      is tried first */
    so->watch = watch;
    so->n_watch = n_watch;
    while (so->unplaced > 0 && !(n_watch && placed_all(so, watch, n_watch))) {
        int level, got = 0;
        for (level = first; level <= top && !solo_time_up(so); level++)
            if ((got = deduce[level](so)) != 0)
                break;
        first = level == 0 && got > 0;
        if (so->cut)
            return SUDOKU_ECUT;
        if (got < 0)
            return SUDOKU_EBAD;
        if (got == 0)
            return max == SUDOKU_SOLO_UNREASONABLE ? SUDOKU_SOLO_UNREASONABLE
                                                   : SUDOKU_SOLO_LEVEL_COUNT;
        if (level > hardest)
            hardest = level;
        if (used)
            used[level] += got;
    }
    return hardest;
}

int sudoku_solo_rate(sudoku_solo *so, const sudoku *puzzle,
                     sudoku_solo_level max, int used[SUDOKU_SOLO_LEVEL_COUNT])
{
    if (used)
        memset(used, 0, SUDOKU_SOLO_LEVEL_COUNT * sizeof *used);
    int st = prepare(so, puzzle);
    return st != 0 ? st : run(so, max, used, NULL, 0);
}

int sudoku_solo_grade_ours(sudoku_solo *so, const sudoku *puzzle,
                           int *exact)
{
    *exact = 0;
    if (puzzle->shape.N > 9 || sudoku_is_variant(puzzle))
        return SUDOKU_GRADE_COUNT;
    int got = sudoku_solo_rate(so, puzzle, SUDOKU_SOLO_ADVANCED, NULL);
    if (got < 0 || got > SUDOKU_SOLO_ADVANCED)
        return SUDOKU_GRADE_COUNT;
    *exact = got <= SUDOKU_SOLO_INTERMEDIATE;
    return got <= SUDOKU_SOLO_BASIC          ? SUDOKU_GRADE_EASY
           : got == SUDOKU_SOLO_INTERMEDIATE ? SUDOKU_GRADE_MEDIUM
                                             : SUDOKU_GRADE_HARD;
}

/* In the state prepared, does a single of a level up to max fill cell i
 * at once (a box's hidden single; from basic on, a line's, or a naked
 * one)? */
static int single_at_start(const sudoku_solo *so, int i, sudoku_solo_level max)
{
    uint64_t c = so->cand[i];
    if (max >= SUDOKU_SOLO_BASIC && !(c & (c - 1)))
        return 1;
    const int *sl = so->slot + i * SLOTS;
    for (int k = 0; k < SLOTS && sl[k] >= 0; k++) {
        if (k != 2 && max < SUDOKU_SOLO_BASIC)
            continue;
        const int *cells = so->unit + sl[k] * so->N;
        uint64_t elsewhere = 0;
        for (int j = 0; j < so->N; j++)
            if (cells[j] != i)
                elsewhere |= so->cand[cells[j]];
        if (c & ~elsewhere)
            return 1;
    }
    return 0;
}

/* ---- generating at a level ----------------------------------------------- */

static void save_base(sudoku_solo *so)
{
    memcpy(so->base_cand, so->cand, (size_t)so->n_cells * sizeof *so->cand);
    memcpy(so->base_placed, so->placed,
           (size_t)so->n_units * sizeof *so->placed);
    memcpy(so->base_digit, so->digit, (size_t)so->n_cells);
    so->base_unplaced = so->unplaced;
}

static void from_base(sudoku_solo *so)
{
    memcpy(so->cand, so->base_cand, (size_t)so->n_cells * sizeof *so->cand);
    memcpy(so->placed, so->base_placed,
           (size_t)so->n_units * sizeof *so->placed);
    memcpy(so->digit, so->base_digit, (size_t)so->n_cells);
    so->unplaced = so->base_unplaced;
}

/* An empty cell's candidates in the base: what its units lack. */
static uint64_t base_open(const sudoku_solo *so, int i)
{
    uint64_t taken = 0;
    const int *sl = so->slot + i * SLOTS;
    for (int k = 0; k < SLOTS && sl[k] >= 0; k++)
        taken |= so->base_placed[sl[k]];
    return so->full & ~taken;
}

/* The base without the given of cell i: its units lose the digit, and it
 * and its empty peers get their candidates again. */
static void base_clear(sudoku_solo *so, int i)
{
    uint64_t bit = so->base_cand[i];
    const int *sl = so->slot + i * SLOTS;
    for (int k = 0; k < SLOTS && sl[k] >= 0; k++)
        so->base_placed[sl[k]] &= ~bit;
    so->base_digit[i] = 0;
    so->base_unplaced++;
    so->base_cand[i] = base_open(so, i);
    const int *peer = so->peer + i * SLOTS * so->N;
    for (int j = so->n_peers[i] - 1; j >= 0; j--)
        if (!so->base_digit[peer[j]])
            so->base_cand[peer[j]] = base_open(so, peer[j]);
}

/* The base with cell i's given d back. */
static void base_restore(sudoku_solo *so, int i, int d)
{
    uint64_t bit = 1ULL << (d - 1);
    const int *sl = so->slot + i * SLOTS;
    for (int k = 0; k < SLOTS && sl[k] >= 0; k++)
        so->base_placed[sl[k]] |= bit;
    so->base_digit[i] = (unsigned char)d;
    so->base_unplaced--;
    so->base_cand[i] = bit;
    const int *peer = so->peer + i * SLOTS * so->N;
    for (int j = so->n_peers[i] - 1; j >= 0; j--)
        if (!so->base_digit[peer[j]])
            so->base_cand[peer[j]] &= ~bit;
}

/*
 * A random grid, as Solo makes its own: backtracking from the empty grid,
 * each time the empty cell of fewest candidates, its digits in random
 * order.  The state of each level is saved in save (n_cells + n_units
 * words and n_cells bytes a level).  1 for a grid, 0 for a dead end, -1
 * when the budget of nodes ran out.
 */
static int fill_from(sudoku_solo *so, grid_rng *g, unsigned char *save,
                     uint64_t *nodes, uint64_t budget)
{
    if (!so->unplaced)
        return 1;
    if (++*nodes > budget)
        return -1;
    int best = -1, fewest = 65;
    for (int i = 0; i < so->n_cells && fewest > 1; i++) {
        if (so->digit[i])
            continue;
        int c = popcount(so->cand[i]);
        if (c == 0)
            return 0;
        if (c < fewest) {
            fewest = c;
            best = i;
        }
    }
    size_t nc = (size_t)so->n_cells * sizeof *so->cand;
    size_t nu = (size_t)so->n_units * sizeof *so->placed;
    unsigned char *next = save + nc + nu + (size_t)so->n_cells;
    int unplaced = so->unplaced;
    memcpy(save, so->cand, nc);
    memcpy(save + nc, so->placed, nu);
    memcpy(save + nc + nu, so->digit, (size_t)so->n_cells);
    for (uint64_t left = so->cand[best]; left; ) {
        int k = grid_rng_below(g, popcount(left));
        uint64_t bit = left;
        while (k-- > 0)
            bit &= bit - 1;
        bit &= -bit;
        left &= ~bit;
        place(so, best, bit);
        int got = fill_from(so, g, next, nodes, budget);
        if (got != 0)
            return got;
        memcpy(so->cand, save, nc);
        memcpy(so->placed, save + nc, nu);
        memcpy(so->digit, save + nc + nu, (size_t)so->n_cells);
        so->unplaced = unplaced;
    }
    return 0;
}

/* fill_from for a grid of shape sh into grid: 0, or -1 (budget, memory:
 * the caller fills another way). */
static int random_grid(sudoku_solo *so, sudoku_shape sh, grid_rng *g,
                       sudoku *grid, uint64_t *nodes)
{
    sudoku empty = { .shape = sh, .cell = grid->cell };
    memset(grid->cell, 0, (size_t)sh.N * sh.N);
    if (prepare(so, &empty) != 0)
        return -1;
    /* the boxes down the diagonal share no row or column: each takes the
     * digits in a random order, no search */
    int digits[SUDOKU_SOLO_MAX_ORDER], N = sh.N;
    for (int k = 0; k < sh.R && k < sh.C; k++) {
        for (int d = 0; d < N; d++)
            digits[d] = d;
        grid_shuffle(g, digits, N);
        for (int j = 0; j < N; j++)
            place(so, (k * sh.R + j / sh.C) * N + k * sh.C + j % sh.C,
                  1ULL << digits[j]);
    }
    size_t level = (size_t)so->n_cells * (sizeof *so->cand + 1) +
                   (size_t)so->n_units * sizeof *so->placed;
    unsigned char *save = malloc(level * ((size_t)so->n_cells + 1));
    if (!save)
        return -1;
    int got = fill_from(so, g, save, nodes, 100000);
    free(save);
    if (got != 1)
        return -1;
    memcpy(grid->cell, so->digit, (size_t)so->n_cells);
    return 0;
}

/* The groups of cells cleared together (opt->symmetry's), in a random
 * order: group o is cells[start[o] .. start[o+1]-1]; returns how many. */
static int random_groups(const sudoku_shape *sh, sudoku_symmetry sym,
                         grid_rng *g, int *cells, int *start,
                         unsigned char *seen)
{
    int NN = sh->N * sh->N, n_groups = 0, n = 0;
    for (int i = 0; i < NN; i++)
        cells[i] = i;
    grid_shuffle(g, cells, NN);
    int *order = start + NN + 1; /* the caller's room after start */
    memcpy(order, cells, (size_t)NN * sizeof *order);
    memset(seen, 0, (size_t)NN);
    for (int t = 0; t < NN; t++) {
        int group[4], m = sudoku_symmetric_cells(sh, sym, order[t], group);
        if (seen[order[t]])
            continue;
        start[n_groups++] = n;
        for (int j = 0; j < m; j++) {
            seen[group[j]] = 1;
            cells[n++] = group[j];
        }
    }
    start[n_groups] = n;
    return n_groups;
}

/*
 * The trivial level (box_singles to its end) on a plain 9x9 grid, box by
 * box: for each box and digit, the box's cells (positions 0..8, row by
 * row) where the digit can go, 9 bits.  A box single is a digit with one
 * bit; placing it clears that bit for the box's other digits, and the
 * digit from the cell's row in the two other boxes of its band and from
 * its column in those of its stack: a dozen words, where place() visits
 * 20 peers.  A box is scanned again only when a digit placed changed it.
 * The singles found are those of box_singles in another order, and end
 * in the same position (in a puzzle with a solution, a digit's only cell
 * in a box stays so until it is placed): 1 when they place the cells
 * watch[0..n-1] from the givens in so->digit, 0 when they stop before,
 * -1 at a contradiction (a digit with no cell left in a box).
 */
static const unsigned char box9[81] = {
    0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2,
    0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5,
    3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5,
    6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8,
    6, 6, 6, 7, 7, 7, 8, 8, 8,
};
static const unsigned char pos9[81] = {
    0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5,
    6, 7, 8, 6, 7, 8, 6, 7, 8, 0, 1, 2, 0, 1, 2, 0, 1, 2,
    3, 4, 5, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 6, 7, 8,
    0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5,
    6, 7, 8, 6, 7, 8, 6, 7, 8,
};

/* The digits of can[] (9 masks, then 7 zeros) with one bit, as bits
 * 0..8; *empty: those with none. */
static inline unsigned trivial_singles(const uint16_t *can, unsigned *empty)
{
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi16(1);
    __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)can);
    __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(can + 8));
    __m128i zl = _mm_cmpeq_epi16(lo, zero), zh = _mm_cmpeq_epi16(hi, zero);
    __m128i pl = _mm_cmpeq_epi16(_mm_and_si128(lo, _mm_sub_epi16(lo, one)),
                                 zero);
    __m128i ph = _mm_cmpeq_epi16(_mm_and_si128(hi, _mm_sub_epi16(hi, one)),
                                 zero);
    /* a byte per lane: the even bytes of the two masks, packed */
    unsigned z = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(zl, zh));
    unsigned p = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(pl, ph));
    *empty = z & 0x1FF;
    return p & ~z & 0x1FF;
#else
    unsigned single = 0, none = 0;
    for (int d = 0; d < 9; d++) {
        unsigned x = can[d];
        none |= (unsigned)!x << d;
        single |= (unsigned)(x && !(x & (x - 1))) << d;
    }
    *empty = none;
    return single;
#endif
}

/* The state of trivial_places: can[box][digit] (16 a box for
 * trivial_singles), and the digits each box has. */
typedef struct trivial_state {
    uint16_t can[9][16];
    unsigned done[9];
} trivial_state;

/* The state of the givens `digit` (81 cells, 0 empty). */
static void trivial_setup(const unsigned char *digit, trivial_state *t)
{
    unsigned row_has[9] = { 0 }, col_has[9] = { 0 }, box_has[9] = { 0 };
    unsigned free_at[9] = { 0 };
    memset(t, 0, sizeof *t);
    for (int i = 0; i < 81; i++) {
        int d = digit[i];
        if (d) {
            row_has[d - 1] |= 1u << (i / 9);
            col_has[d - 1] |= 1u << (i % 9);
            box_has[d - 1] |= 1u << box9[i];
            t->done[box9[i]] |= 1u << (d - 1);
        } else {
            free_at[box9[i]] |= 1u << pos9[i];
        }
    }
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 9; b++) {
            unsigned rows = row_has[d] >> (b / 3 * 3) & 7;
            unsigned cols = col_has[d] >> (b % 3 * 3) & 7;
            /* 3 rows -> bits 0, 3, 6 -> their cells */
            unsigned in_rows = ((rows & 1) | (rows & 2) << 2 |
                                (rows & 4) << 4) * 7;
            t->can[b][d] = box_has[d] >> b & 1 ? 0
                : (uint16_t)(free_at[b] & ~in_rows & ~(cols * 0x49));
        }
}

/* Digit d (0..8) placed in box b at the one position of x. */
static inline void trivial_put(trivial_state *t, int b, int d, unsigned x)
{
    int p = __builtin_ctz(x), band = b / 3, stack = b % 3;
    t->done[b] |= 1u << d;
    for (int e = 0; e < 9; e++)
        t->can[b][e] &= (uint16_t)~x;
    for (int k = 0; k < 3; k++) {
        t->can[band * 3 + k][d] &= (uint16_t)~(7u << (p / 3 * 3));
        t->can[k * 3 + stack][d] &= (uint16_t)~(0x49u << (p % 3));
    }
    t->can[b][d] = 0;
}

/* What a generator clearing a plain 9x9 grid at trivial keeps beside
 * the base's trivial_state: the digits each row and column has and each
 * box's empty positions, from which a box's positions of a digit are
 * made again when a given goes (trivial_unset). */
typedef struct trivial_lines {
    unsigned row[9], col[9], free_at[9];
} trivial_lines;

static void trivial_lines_setup(const unsigned char *digit, trivial_lines *l)
{
    memset(l, 0, sizeof *l);
    for (int i = 0; i < 81; i++) {
        if (digit[i]) {
            l->row[i / 9] |= 1u << (digit[i] - 1);
            l->col[i % 9] |= 1u << (digit[i] - 1);
        } else {
            l->free_at[box9[i]] |= 1u << pos9[i];
        }
    }
}

/* Box b's positions for digit d (0..8), from scratch: the free ones
 * outside the rows and columns that have d (as trivial_setup). */
static uint16_t trivial_box_can(const trivial_state *t, const trivial_lines *l,
                                int b, int d)
{
    if (t->done[b] >> d & 1)
        return 0;
    const int r0 = b / 3 * 3, c0 = b % 3 * 3;
    unsigned in_rows = 0, in_cols = 0;
    for (int k = 0; k < 3; k++) {
        in_rows |= (l->row[r0 + k] >> d & 1) * (7u << (3 * k));
        in_cols |= (l->col[c0 + k] >> d & 1) * (0x49u << k);
    }
    return (uint16_t)(l->free_at[b] & ~in_rows & ~in_cols);
}

/* The given d (1..9) of cell i gone: i's candidates (the digits its row,
 * column and box lack), and d's positions in the five boxes of i's band
 * and stack made again. */
static void trivial_unset(trivial_state *t, trivial_lines *l, int i, int d)
{
    const int b = box9[i], r = i / 9, c = i % 9;
    const unsigned p = 1u << pos9[i], bit = 1u << (d - 1);
    t->done[b] &= ~bit;
    l->row[r] &= ~bit;
    l->col[c] &= ~bit;
    l->free_at[b] |= p;
    for (unsigned e = 0x1FF & ~(l->row[r] | l->col[c] | t->done[b]); e;
         e &= e - 1)
        t->can[b][__builtin_ctz(e)] |= (uint16_t)p;
    for (int k = 0; k < 3; k++) {
        const int across = b / 3 * 3 + k, down = k * 3 + b % 3;
        t->can[across][d - 1] = trivial_box_can(t, l, across, d - 1);
        if (down != b)
            t->can[down][d - 1] = trivial_box_can(t, l, down, d - 1);
    }
}

/* The given d of cell i back (its digit and position taken). */
static void trivial_reset(trivial_state *t, trivial_lines *l, int i, int d)
{
    const unsigned p = 1u << pos9[i], bit = 1u << (d - 1);
    l->row[i / 9] |= bit;
    l->col[i % 9] |= bit;
    l->free_at[box9[i]] &= ~p;
    trivial_put(t, box9[i], d - 1, p);
}

/* Is cell i the one position left in its box for some digit? */
static int trivial_single_at(const trivial_state *t, int i)
{
    const uint16_t *can = t->can[box9[i]];
    const unsigned p = 1u << pos9[i];
    int hit = 0;
    for (int d = 0; d < 9; d++)
        hit |= can[d] == p;
    return hit;
}

/* From state t (of the givens `digit`), box singles until the cells
 * watch[0..n-1] are placed (1), they stop before (0), or a digit has no
 * cell left in a box (-1). */
static int trivial_places(const unsigned char *digit, trivial_state *t,
                          const int *watch, int n)
{
    unsigned need[9] = { 0 };
    int needed = 0;
    for (int j = 0; j < n; j++) {
        int i = watch[j];
        unsigned p = 1u << pos9[i];
        needed += !digit[i] && !(need[box9[i]] & p);
        need[box9[i]] |= digit[i] ? 0 : p;
    }
    for (int pass = needed; pass;) {
        pass = 0;
        for (int b = 0; b < 9; b++) {
            unsigned empty, single = trivial_singles(t->can[b], &empty);
            if (empty & ~t->done[b])
                return -1;
            for (; single; single &= single - 1) {
                int d = __builtin_ctz(single);
                unsigned x = t->can[b][d];
                if (!x)
                    return -1; /* its cell took another digit */
                trivial_put(t, b, d, x);
                if ((need[b] & x) && --needed == 0)
                    return 1;
                need[b] &= ~x;
                pass = 1;
            }
        }
    }
    return needed == 0;
}

/* clear_within at trivial on a plain 9x9 grid: the groups cleared while
 * box singles from the base's state place their cells again. */
static int clear_by_box(const sudoku_gen_options *opt, const int *cells,
                        const int *start, int n_groups, sudoku *puzzle,
                        sudoku_gen_report *rep)
{
    unsigned char was[4];
    trivial_state base, t;
    trivial_lines lines;
    trivial_setup(puzzle->cell, &base);
    trivial_lines_setup(puzzle->cell, &lines);
    for (int o = 0; o < n_groups; o++) {
        const int *group = cells + start[o];
        int n = start[o + 1] - start[o];
        if (opt->target_givens > 0 && rep->givens - n < opt->target_givens) {
            rep->minimal = 0;
            break;
        }
        for (int j = 0; j < n; j++) {
            was[j] = puzzle->cell[group[j]];
            puzzle->cell[group[j]] = 0;
            trivial_unset(&base, &lines, group[j], was[j]);
        }
        /* cells that are box singles at once: the puzzle before, a step
         * on */
        int at_once = 1, placed = 1;
        for (int j = 0; j < n && at_once; j++)
            at_once = trivial_single_at(&base, group[j]);
        if (!at_once) {
            t = base;
            placed = trivial_places(puzzle->cell, &t, group, n);
            rep->checks++;
        }
        if (placed > 0) {
            rep->givens -= n;
            continue;
        }
        rep->refused++;
        for (int j = 0; j < n; j++) {
            puzzle->cell[group[j]] = was[j];
            trivial_reset(&base, &lines, group[j], was[j]);
        }
    }
    return 1;
}

/* Clears each group of the grid in puzzle in turn, keeping it cleared
 * while the deductions up to `level` finish the puzzle (so no group left
 * can go: with fewer givens the deductions do no more).  rep->givens
 * follows.  Returns 1 when it went by trivial_places (a plain 9x9 grid
 * at trivial), else 0. */
static int clear_within(sudoku_solo *so, sudoku_solo_level level,
                        const sudoku_gen_options *opt, const int *cells,
                        const int *start, int n_groups, sudoku *puzzle,
                        sudoku_gen_report *rep)
{
    unsigned char was[4];
    int *givens = &rep->givens;
    *givens = puzzle->shape.N * puzzle->shape.N;
    if (prepare_units(so, puzzle) != 0)
        return 0; /* a shape Solo refuses: nothing cleared */
    /* trivial on plain 9x9: trivial_places from the base's state, kept
     * as the base changes (the deductions' state is not loaded) */
    if (level == SUDOKU_SOLO_TRIVIAL && so->by9)
        return clear_by_box(opt, cells, start, n_groups, puzzle, rep);
    if (load(so, puzzle) != 0)
        return 0; /* not a grid: nothing cleared */
    save_base(so);
    for (int o = 0; o < n_groups; o++) {
        const int *group = cells + start[o];
        int n = start[o + 1] - start[o];
        if (opt->target_givens > 0 && *givens - n < opt->target_givens) {
            rep->minimal = 0;
            return 0;
        }
        for (int j = 0; j < n; j++) {
            was[j] = puzzle->cell[group[j]];
            puzzle->cell[group[j]] = 0;
            base_clear(so, group[j]);
        }
        from_base(so);
        /* a puzzle whose cleared cells are singles at once is the one
         * before after a step: no need to solve it again */
        int got = SUDOKU_SOLO_TRIVIAL, at_once = 1;
        for (int j = 0; j < n && at_once; j++)
            at_once = single_at_start(so, group[j], level);
        if (!at_once)
            got = run(so, level, NULL, group, n);
        rep->checks += !at_once;
        if (got >= 0 && got <= (int)level) {
            *givens -= n;
            continue;
        }
        rep->refused++;
        for (int j = 0; j < n; j++) {
            puzzle->cell[group[j]] = was[j];
            base_restore(so, group[j], was[j]);
        }
    }
    return 0;
}

int sudoku_solo_generate(sudoku_solo *so, sudoku_solver *sv, uint64_t seed,
                         sudoku_solo_level level,
                         const sudoku_gen_options *opt, sudoku *puzzle,
                         sudoku *solution, sudoku_gen_report *rep)
{
    if (level == SUDOKU_SOLO_UNREASONABLE) {
        /* Solo clears while its guessing solver finds one solution: a
         * minimal puzzle, kept when the deductions do not finish it */
        sudoku_gen_options free_clearing = *opt;
        free_clearing.accept = NULL;
        int made = sudoku_generate(sv, seed, &free_clearing, puzzle,
                                   solution, rep);
        if (made != 0)
            return made; /* SUDOKU_ECUT or SUDOKU_ENOMEM */
        int got = sudoku_solo_rate(so, puzzle, level, NULL);
        if (got == SUDOKU_ENOMEM)
            return SUDOKU_ENOMEM;
        return got == (int)level ? 0 : 1;
    }
    memset(rep, 0, sizeof *rep);
    double begin = grid_seconds();
    sudoku_shape sh = sudoku_solver_shape(sv);
    int NN = sh.N * sh.N;
    grid_rng g = { seed };
    uint64_t fill_seed = grid_rng_next(&g);
    if (sudoku_set_shape(solution, sh) != 0 ||
        sudoku_set_shape(puzzle, sh) != 0)
        return SUDOKU_ENOMEM;
    /* the default fill is Solo's kind, up to 16x16; the others, larger
     * orders and a fill that runs out of its budget fill as asked */
    grid_rng fg = { fill_seed };
    if (opt->fill != SUDOKU_FILL_DLX || sh.N > 16 ||
        random_grid(so, sh, &fg, solution, &rep->nodes) != 0) {
        int filled = sudoku_fill_grid(sv, opt->fill, fill_seed, opt,
                                      solution, rep);
        if (filled != 0)
            return filled; /* SUDOKU_ECUT or SUDOKU_ENOMEM */
    }
    memcpy(puzzle->cell, solution->cell, (size_t)NN);
    int *cells = malloc((size_t)NN * sizeof *cells);
    int *start = malloc((size_t)(2 * NN + 1) * sizeof *start);
    unsigned char *seen = malloc((size_t)NN);
    if (!cells || !start || !seen) {
        free(cells);
        free(start);
        free(seen);
        return SUDOKU_ENOMEM;
    }
    int n_groups = random_groups(&sh, opt->symmetry, &g, cells, start, seen);
    rep->minimal = 1;
    rep->complete = 1;
    int by_box = clear_within(so, level, opt, cells, start, n_groups,
                              puzzle, rep);
    /* rated again, at trivial by boxes too: all the cells left */
    int got, n_empty = 0;
    for (int i = 0; by_box && i < NN; i++)
        if (!puzzle->cell[i])
            cells[n_empty++] = i;
    if (by_box) {
        trivial_state t;
        trivial_setup(puzzle->cell, &t);
        int placed = trivial_places(puzzle->cell, &t, cells, n_empty);
        got = placed > 0 ? SUDOKU_SOLO_TRIVIAL
            : placed == 0 ? SUDOKU_SOLO_LEVEL_COUNT : SUDOKU_EBAD;
    } else {
        got = sudoku_solo_rate(so, puzzle, level, NULL);
    }
    free(cells);
    free(start);
    free(seen);
    rep->seconds = grid_seconds() - begin;
    if (got == SUDOKU_ENOMEM)
        return SUDOKU_ENOMEM;
    return got == (int)level ? 0 : 1;
}
