/*
 * sudoku_logic_impl.h - what the files of the logic solver share (private):
 * the solver's state, the small helpers, the board's changes and the
 * finders each file gives the others.  Not installed; only sudoku_logic*.c
 * include it.
 */
#ifndef SUDOKU_LOGIC_IMPL_H
#define SUDOKU_LOGIC_IMPL_H

#include "sudoku_logic.h"
#include "grid_bits.h"

#include <stdio.h>

struct trial;

struct sudoku_logic {
    sudoku_shape sh;
    int N, NN;
    sudoku_logic_method method;
    sudoku grid;
    sudoku puzzle;            /* as given, for the guesses' solution */
    sudoku solution;
    int solved;               /* 0 not yet, 1 found, -1 none */
    uint64_t solutions;
    uint64_t *cand;           /* per cell; 0 for a filled cell */
    uint64_t *rej;            /* reject-list method: per cell, the digits it
                                 rejects (a filled cell rejects all) */
    uint32_t allowed;         /* techniques that may be used: bit t */
    grid_limits limits;       /* of the search the guesses follow */
    int *unit;                /* n_units units of N cells: rows, columns,
                                 boxes or regions, diagonals (X) */
    int n_units;              /* 3N, or 3N + 2 with the diagonals */
    int n_hood;               /* the most units a cell is in: 3, or 5 */
    int *region;              /* per cell: its box, or jigsaw region */
    int *rc, *rd;             /* removals of the current step */
    int n_rm, cap_rm;
    double deadline;          /* grid_seconds() at which the steps stop
                                 (0: never) */
    int cut;                  /* a finder found the deadline passed */
    struct trial *trial;      /* scratch of the forcing chains */
    int *scratch;             /* 2 NN ints for the finders */
    int *chain;               /* 3 NN N ints for the chains */
    int unique;               /* one solution: 1 known, 0 not, -1 unknown */
    sudoku_solver *sv;        /* the solver of the step being looked for */
    int quiet;                /* steps without words */
    /* What a finder may skip: the step at which each unit's cells and
     * each digit's places last changed (steps count from 1), and per
     * technique the step at which it last looked at a unit (a digit) and
     * found nothing there (0: never).  A finder whose answer in a unit (for
     * a digit) depends on that unit's cells (that digit's places) alone
     * finds nothing there again while they stay as they were, so it goes
     * on to the next: the same step is found. */
    unsigned clock;
    unsigned *unit_clock;     /* n_units */
    unsigned *digit_clock;    /* N + 1, by digit */
    unsigned *fail_unit;      /* SUDOKU_TECH_COUNT x n_units */
    unsigned *fail_digit;     /* SUDOKU_TECH_COUNT x (N + 1) */
    int *cage_first;          /* killer: cage k's cells are cage_cell[ */
    int *cage_cell;           /* cage_first[k] .. cage_first[k+1]-1]
                                 (built on first use) */
};

_Static_assert(SUDOKU_TECH_COUNT <= 32, "technique sets are 32-bit masks");

/* ---- small helpers --------------------------------------------------------
 */

static inline int row_of(const sudoku_logic *lg, int i)
{
    return i / lg->N;
}

static inline int col_of(const sudoku_logic *lg, int i)
{
    return i % lg->N;
}

/* The box of a cell, or its region in a jigsaw. */
static inline int box_of(const sudoku_logic *lg, int i)
{
    return lg->region[i];
}

/* The units of cell i into u (room for 5): its row, column, box or
 * region, then the diagonals it is on (X); returns how many. */
static inline int cell_units(const sudoku_logic *lg, int i, int *u)
{
    int N = lg->N, r = i / N, c = i % N, n = 3;
    u[0] = r;
    u[1] = N + c;
    u[2] = 2 * N + lg->region[i];
    if (lg->n_units > 3 * N) {
        if (r == c)
            u[n++] = 3 * N;
        if (r + c == N - 1)
            u[n++] = 3 * N + 1;
    }
    return n;
}

/* Whether x has exactly two bits set (a pair; cheaper than a count). */
static inline int two_bits(uint64_t x)
{
    uint64_t y = x & (x - 1);
    return y && !(y & (y - 1));
}

static inline int sees(const sudoku_logic *lg, int a, int b)
{
    if (a == b)
        return 0;
    if (row_of(lg, a) == row_of(lg, b) || col_of(lg, a) == col_of(lg, b) ||
        box_of(lg, a) == box_of(lg, b))
        return 1;
    if (lg->n_units == 3 * lg->N)
        return 0;
    int N = lg->N, ra = a / N, ca = a % N, rb = b / N, cb = b % N;
    return (ra == ca && rb == cb) || (ra + ca == N - 1 && rb + cb == N - 1);
}

static inline const int *unit_cells(const sudoku_logic *lg, int u)
{
    return lg->unit + (size_t)u * lg->N;
}

static inline const char *unit_name(const sudoku_logic *lg, int u, char *buf)
{
    return sudoku_unit_name(&lg->puzzle, u, buf);
}

/* A cell's units in words: "row, column and box", "row, column, region
 * and diagonals". */
static inline const char *hood_words(const sudoku_logic *lg)
{
    int x = lg->n_units > 3 * lg->N, j = lg->puzzle.jigsaw;
    return x ? (j ? "row, column, region and diagonals"
                  : "row, column, box and diagonals")
             : (j ? "row, column and region" : "row, column and box");
}

static inline const char *cell_name(const sudoku_logic *lg, int i, char *buf)
{
    return sudoku_cell_name(&lg->sh, i, buf);
}

/* ---- what has not changed since a finder found nothing ------------------
 */

/* Whether technique t found nothing in unit u (for digit d) since the
 * unit's cells (the digit's places) last changed. */
static inline int logic_unit_same(const sudoku_logic *lg, int t, int u)
{
    return lg->method == SUDOKU_LOGIC_TECHNIQUES &&
           lg->unit_clock[u] < lg->fail_unit[t * lg->n_units + u];
}

static inline int logic_digit_same(const sudoku_logic *lg, int t, int d)
{
    return lg->method == SUDOKU_LOGIC_TECHNIQUES &&
           lg->digit_clock[d] < lg->fail_digit[t * (lg->N + 1) + d];
}

/* Technique t looked at all of unit u (digit d) and found nothing. */
static inline void logic_unit_none(sudoku_logic *lg, int t, int u)
{
    lg->fail_unit[t * lg->n_units + u] = lg->clock;
}

static inline void logic_digit_none(sudoku_logic *lg, int t, int d)
{
    lg->fail_digit[t * (lg->N + 1) + d] = lg->clock;
}

/* ---- sudoku_logic.c: the board, the words, the solution ---------------- */

/* Whether the time of sudoku_logic_set_limits is up; the finders that can
 * take long on a large grid ask between their units of work. */
int logic_time_up(sudoku_logic *lg);
/* appends to the step's text; "{3,8}" (grid_step.h) */
/* (nothing, and no argument worked out, when the solver is quiet: every
 * finder has its solver in `lg`) */
#define logic_say(st, ...) \
    ((lg)->quiet ? (void)0 : grid_step_say((st), __VA_ARGS__))
#define logic_say_digits(st, mask) \
    ((lg)->quiet ? (void)0 : grid_step_say_digits((st), (mask)))
void logic_place(sudoku_logic *lg, int i, int d);
/* Removes digit d from cell i's candidates, recording it; 1 if it was
 * there. */
int logic_eliminate(sudoku_logic *lg, int i, int d);
/* Lists the removals of the step in words: "r1c7 <> 3, r1c9 <> 8". */
void logic_say_removals(const sudoku_logic *lg, sudoku_step *st, int from);
/* The cells of unit u where digit d can go, as a bit set of positions. */
uint64_t logic_positions(const sudoku_logic *lg, int u, int d);
/* X-wing (k 2), swordfish (3), jellyfish (4). */
int logic_fish(sudoku_logic *lg, sudoku_step *st, int k);
/* The puzzle's solution by Dancing Links, once; 0 when it has one. */
int logic_find_solution(sudoku_logic *lg, sudoku_solver *sv);

/* ---- sudoku_logic_chains.c: past the wings -------------------------------
 */

int logic_finned_fish(sudoku_logic *lg, sudoku_step *st, int k);
int logic_remote_pair(sudoku_logic *lg, sudoku_step *st);
int logic_w_wing(sudoku_logic *lg, sudoku_step *st);
int logic_unique_rectangle(sudoku_logic *lg, sudoku_step *st);
int logic_simple_colouring(sudoku_logic *lg, sudoku_step *st);
int logic_x_chain(sudoku_logic *lg, sudoku_step *st);
int logic_xy_chain(sudoku_logic *lg, sudoku_step *st);
int logic_cell_forcing(sudoku_logic *lg, sudoku_step *st);
int logic_unit_forcing(sudoku_logic *lg, sudoku_step *st);
void logic_trial_free(struct trial *t);

/* ---- sudoku_logic_killer.c: the cage techniques --------------------------
 */

int logic_cage_combination(sudoku_logic *lg, sudoku_step *st);
int logic_rule_of_45(sudoku_logic *lg, sudoku_step *st);
int logic_rule_of_45_units(sudoku_logic *lg, sudoku_step *st);
int logic_cage_overlap(sudoku_logic *lg, sudoku_step *st);

#endif
