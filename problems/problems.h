/*
 * problems.h - well-known exact cover problems, written in Knuth's text
 * format for dlx, and the naive depth-first searches a course starts from.
 *
 * The problems a teacher reaches for, each with published counts to check
 * the engine against (README, tests/data/exact-cover/gen-counts.tsv):
 *
 *   permutations N   items: positions p1..pN, values v1..vN; option
 *                    "pI vJ" puts value J at position I: N! solutions
 *   nrooks N         the same matrix on a chessboard: rows and columns,
 *                    option "rI cJ" is a rook: N! solutions
 *   queens N         rows and columns primary, diagonals secondary
 *   langford N       Langford pairs: values 1..N and slots 1..2N
 *   latin N          Latin squares: cells, row-value, column-value
 *   sudoku RxC       the empty grid (grid_write_box_cover: one encoder)
 *   dominoes RxC     domino tilings of a board
 *   pentominoes B    the 12 pentominoes on board B (6x10, 8x8-2x2, ...)
 *   tetrominoes B    the 5 free tetrominoes on board B
 *   set FILE         exact cover of a set by the subsets listed in FILE
 *   kqueens N K      K queens on NxN: rows and columns 0:1 and an item
 *                    "#" every option covers, K times (dlx3's bounds)
 *   assignment N     workers w1..wN and jobs j1..jN, option "wI jJ |c"
 *                    with a cost c in 0..99 from the seed (dlx5's costs)
 *
 * Symmetry (reduce): the usual way of counting a problem "up to symmetry"
 * is built into the matrix, so that dlx counts one solution per class:
 * Langford pairs up to reversal, polyominoes up to the board's rotations
 * and reflections, queens up to the left-right mirror, Latin squares with
 * first row and column in order, sudoku with the first row in order.
 *
 * Writers take a FILE * and never print anything else; they return
 * PROBLEMS_OK or a status, with a message in *err for bad input.
 */
#ifndef PROBLEMS_H
#define PROBLEMS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "grid.h"

/* One table, many views: the enum, the names, the argument syntax and the
 * help text come from this list.
 * X(ID, name, argument, what it is, what --reduce does (NULL: nothing)) */
#define PROBLEMS_KINDS(X)                                                     \
    X(PERMUTATIONS, "permutations", "N",                                      \
      "the N! orders of 1..N: positions and values as items", NULL)           \
    X(NROOKS, "nrooks", "N",                                                  \
      "N rooks on an NxN board, no two in a row or column", NULL)             \
    X(QUEENS, "queens", "N",                                                  \
      "N queens: rows and columns primary, diagonals secondary",              \
      "up to the left-right mirror")                                          \
    X(LANGFORD, "langford", "N",                                              \
      "Langford pairs 1 1 .. N N, k numbers between the two k's",             \
      "up to reversal")                                                       \
    X(LATIN, "latin", "N", "Latin squares of order N",                        \
      "reduced: first row and column in order")                               \
    X(SUDOKU, "sudoku", "RxC", "the empty sudoku grid with R x C boxes",      \
      "first row in order")                                                   \
    X(DOMINOES, "dominoes", "RxC", "domino tilings of an R x C board", NULL)  \
    X(PENTOMINOES, "pentominoes", "BOARD",                                    \
      "the 12 pentominoes on RxC, or RxC-AxB with a centred hole",            \
      "up to the board's rotations and reflections")                          \
    X(TETROMINOES, "tetrominoes", "BOARD",                                    \
      "the 5 free tetrominoes on a board (as pentominoes)",                   \
      "up to the board's rotations and reflections")                          \
    X(SET, "set", "FILE",                                                     \
      "exact cover by the subsets listed in FILE, one a line",                \
      NULL)                                                                   \
    X(KQUEENS, "kqueens", "N K",                                              \
      "K queens on an NxN board (multiplicities: rows, columns 0:1)", NULL)   \
    X(ASSIGNMENT, "assignment", "N",                                          \
      "N workers, N jobs, random costs 0..99 from --seed (dlx --best 1)",     \
      NULL)

typedef enum problems_kind {
#define PROBLEMS_ENUM(id, name, arg, what, reduce) PROBLEMS_##id,
    PROBLEMS_KINDS(PROBLEMS_ENUM)
#undef PROBLEMS_ENUM
    PROBLEMS_N_KINDS
} problems_kind;

typedef struct problems_info {
    const char *name;      /* "queens" */
    const char *arg;       /* "N" */
    const char *what;      /* one line of help */
    const char *reduce;    /* what --reduce does, or NULL */
} problems_info;

/* The row of a kind, or NULL for a kind out of range. */
const problems_info *problems_info_of(problems_kind kind);
/* The kind of a name ("queens"), or -1. */
int problems_find(const char *name);

/* Status codes. */
enum {
    PROBLEMS_OK = 0,
    PROBLEMS_EINPUT = -1,   /* bad argument or list file: see err */
    PROBLEMS_ENOMEM = -2,
    PROBLEMS_EWRITE = -3    /* the output could not be written */
};

/* A message for a bad argument or a bad line of a list file (line and
 * col from 1; 0 when it is about the argument). */
typedef struct problems_error {
    int line, col;
    char message[200];
} problems_error;

/* Bounds on the arguments, so that no output is unbounded by mistake. */
#define PROBLEMS_MAX_N 1000      /* permutations, nrooks, queens, langford */
#define PROBLEMS_MAX_LATIN 100   /* N^3 options */
#define PROBLEMS_MAX_SUDOKU 100  /* R*C, as sudoku's SUDOKU_MAX_ORDER */
#define PROBLEMS_MAX_BOARD 36    /* rows and columns of a board: cells are
                                    named by two base-36 digits, "3a" */

/* What to write. */
typedef struct problems_spec {
    problems_kind kind;
    int n;                  /* N, and sudoku's R x C boxes in r, c */
    int r, c;
    int width, height;      /* boards: W columns, H rows */
    int hole_w, hole_h;     /* a centred hole (0: none) */
    int reduce;             /* break the usual symmetry */
    int k;                  /* kqueens: the queens to place */
    uint64_t seed;          /* assignment: the costs' seed */
    FILE *list;             /* set: the list to read ... */
    const char *list_name;  /* ... and its name for messages */
} problems_spec;

/* Reads the argument of a kind ("8", "6x10", "8x8-2x2", "2x3") into
 * *spec, which keeps its other fields.  PROBLEMS_OK, or PROBLEMS_EINPUT
 * with the reason in err (for set, the argument is the caller's to open). */
int problems_parse(problems_kind kind, const char *arg, problems_spec *spec,
                   problems_error *err);

/* Writes the problem in Knuth's format: a comment saying what it is, the
 * items, one option per line.  PROBLEMS_OK, PROBLEMS_EINPUT (err says
 * why: a board the pieces cannot fill, a bad list line...),
 * PROBLEMS_ENOMEM or PROBLEMS_EWRITE. */
int problems_write(FILE *f, const problems_spec *spec, problems_error *err);

/* ---- the naive searches of the course ------------------------------------ */

/* Each solution of a naive search: values[0..n-1] (permutations: the
 * value at each position; queens: the column of the queen of each row),
 * 1-based.  Return non-zero to stop. */
typedef int (*problems_solution_fn)(void *ctx, const int *values, int n);

/* The course's first search: fill position 1, then 2, ..., with the
 * values 1..N in order, skip a value already used, back up when a position
 * has no value left.  The loop of sudoku_solve_dfs and mathdoku_solve_dfs
 * on the simplest problem.  PROBLEMS_OK, or PROBLEMS_EINPUT for N out of
 * 1..PROBLEMS_MAX_DFS, PROBLEMS_ENOMEM.  Within lim (grid.h: max_solutions,
 * the budget of grid_poll, on_step for every step in words: "p3 = 2",
 * "backtrack: no value left for p3"; NULL: count all). */
#define PROBLEMS_MAX_DFS 64
int problems_permutations_dfs(int n, const grid_limits *lim,
                              problems_solution_fn on_solution, void *ctx,
                              grid_outcome *out);

/* The same loop for N queens: row by row, columns in order, skip a column
 * or diagonal already attacked. */
int problems_queens_dfs(int n, const grid_limits *lim,
                        problems_solution_fn on_solution, void *ctx,
                        grid_outcome *out);

#endif
