/*
 * mathdoku.h - Mathdoku (KenKen): an N x N Latin square cut into cages,
 * each with a target and an operation; read from the usual layouts, solved
 * as exact cover by the dlx engine, or by the naive depth-first search.
 *
 *   cell i = row * N + col (0-based); digits 1..N
 *   layouts: the cage-letter grid with a legend, the cage lists ("11 + A1
 *   A2" and "11+ 1,7"), and Simon Tatham's Keen game IDs (see FORMATS.md)
 *
 * The exact cover (N^2 + 2 N^2 + cages items):
 *
 *   item                      index
 *   cell i is filled          i
 *   row r has digit d         N^2   + r*N + d-1
 *   column c has digit d      2 N^2 + c*N + d-1
 *   cage k is filled          3 N^2 + k
 *
 *   one option per cage and per tuple of digits that meets the cage's
 *   target and repeats no digit within a row or column of the cage.
 */
#ifndef MATHDOKU_H
#define MATHDOKU_H

#include <stdint.h>
#include <stdio.h>

#include "dlx_read.h"
#include "grid.h"
#include "grid_cage.h"
#include "text.h"

/* Orders 1..MATHDOKU_MAX_N; a cage has at most MATHDOKU_MAX_CAGE cells.
 * The exact cover of a puzzle has at most MATHDOKU_MAX_OPTIONS tuples and
 * MATHDOKU_MAX_NODES nodes over all cages (about 1 GB at most), and the
 * walk that enumerates the tuples visits at most MATHDOKU_MAX_VISITS
 * partial tuples (a few seconds), so that a cage with a huge space of
 * tuples is refused in seconds, not hours.  Targets are at most
 * MATHDOKU_MAX_TARGET. */
#define MATHDOKU_MAX_N 32
#define MATHDOKU_MAX_CAGE GRID_MAX_CAGE
#define MATHDOKU_MAX_OPTIONS 20000000L
#define MATHDOKU_MAX_NODES 40000000L
#define MATHDOKU_MAX_VISITS 100000000L
#define MATHDOKU_MAX_TARGET 1000000000000LL

/* What the functions of the mathdoku library return (those that return
 * an int and can fail). */
typedef enum mathdoku_status {
    MATHDOKU_OK = 0,      /* done (mathdoku_read: the end of the input) */
    MATHDOKU_READ = 1,    /* mathdoku_read: a puzzle was read */
    MATHDOKU_EBAD = -1,   /* the input or puzzle is not valid: the dlx_diag
                             says what and where (a stream reader goes on
                             with the next puzzle) */
    MATHDOKU_EREAD = -2,  /* the input cannot be read further */
    MATHDOKU_ENOMEM = -3, /* out of memory */
    MATHDOKU_ECUT = -4,   /* a budget (grid_limits) ran out while building
                             the exact cover */
    MATHDOKU_ETOOBIG = -5 /* more tuples or nodes than the caps above, or
                             a walk past MATHDOKU_MAX_VISITS */
} mathdoku_status;
#define MATHDOKU_STATUS_LAST MATHDOKU_ETOOBIG /* the most negative one */

/* A short English description of a status, a distinct one for each value
 * above. */
const char *mathdoku_strerror(int status);

/* The operations of grid_cage.h (the arithmetic is grid's). */
typedef enum mathdoku_op {
    MATHDOKU_ADD = GRID_ADD, MATHDOKU_SUB = GRID_SUB, MATHDOKU_MUL = GRID_MUL,
    MATHDOKU_DIV = GRID_DIV,
    MATHDOKU_GIVEN = GRID_GIVEN,   /* one cell: its digit is the target ('='
                                      or no op) */
    MATHDOKU_HIDDEN = GRID_HIDDEN  /* '?': any operation that gives the
                                      target */
} mathdoku_op;

typedef struct mathdoku_cage {
    mathdoku_op op;
    long long target;
    int n;              /* cells */
    int *cells;         /* sorted row-major */
    char label[16];     /* as written (letter grid), or "1", "2", ... */
    int line, col;      /* where it was defined, for messages */
} mathdoku_cage;

typedef struct mathdoku {
    int N;
    int n_cages;
    mathdoku_cage *cages;
    int *cage_of;       /* N*N: the cage of each cell */
} mathdoku;

typedef enum mathdoku_layout {
    MATHDOKU_LAYOUT_AUTO, MATHDOKU_LAYOUT_LETTERS, MATHDOKU_LAYOUT_LIST,
    MATHDOKU_LAYOUT_KEEN
} mathdoku_layout;

typedef struct mathdoku_rules {
    int nary;           /* '-' and '/' cages may have more than two cells */
    int distinct;       /* no digit twice in a cage, even apart (killer
                           sudoku's cages; mathdoku_cage_tuples only) */
} mathdoku_rules;

/* A stream of puzzles from one file. */
typedef struct mathdoku_reader {
    text_reader in;
    mathdoku_layout layout;
    mathdoku_rules rules;
} mathdoku_reader;

void mathdoku_reader_init(mathdoku_reader *r, FILE *f, mathdoku_layout layout,
                          const mathdoku_rules *rules);
void mathdoku_reader_release(mathdoku_reader *r);

/* Reads the next puzzle into *p (freed with mathdoku_free).  Returns
 * MATHDOKU_READ for a puzzle (*first_line: where it starts), MATHDOKU_OK at
 * the end, MATHDOKU_EBAD for a bad puzzle (err says where; reading goes on
 * with the next), MATHDOKU_EREAD when the rest cannot be read,
 * MATHDOKU_ENOMEM. */
int mathdoku_read(mathdoku_reader *r, mathdoku *p, int *first_line,
                  dlx_diag *err);
/* One puzzle from a string; MATHDOKU_OK or an error status with err. */
int mathdoku_read_string(const char *text, const mathdoku_rules *rules,
                         mathdoku *p, dlx_diag *err);
void mathdoku_free(mathdoku *p);

/* Reads a filled grid of order N from a stream of grids (the solutions
 * given to `mathdoku check`): N*N digits on one line, N*N numbers on one
 * line, or N rows as `mathdoku solve` writes them; blank lines and '#'
 * comments between grids.  MATHDOKU_READ with g[] filled, MATHDOKU_OK at
 * the end, MATHDOKU_EBAD (err: where), MATHDOKU_EREAD. */
int mathdoku_read_grid(text_reader *in, int N, int *g, dlx_diag *err);

/* Cell names: A1 is column A, row 1 (the cage-list notation). */
char *mathdoku_cell_name(int N, int cell, char *buf);
/* "11+", "2/", "5", "7?" */
char *mathdoku_cage_clue(const mathdoku_cage *c, char *buf);

/* Writes the puzzle as a cage list ("11 + A1 A2"), which reads back the
 * same; 0 or EOF. */
int mathdoku_write_list(FILE *f, const mathdoku *p);

/* ---- solving -------------------------------------------------------------- */

/* Does a tuple of digits (in the cage's cell order) meet its cage's
 * clue?  The rule shared by the encoder, the DFS and the checker. */
int mathdoku_cage_holds(const mathdoku_cage *c, const int *digits,
                        const mathdoku_rules *rules);

typedef struct mathdoku_solver mathdoku_solver;

/* Builds the exact cover of a puzzle into *out.  Returns MATHDOKU_OK;
 * MATHDOKU_EBAD when a cage has no tuple that reaches its target;
 * MATHDOKU_ETOOBIG past MATHDOKU_MAX_OPTIONS tuples or MATHDOKU_MAX_VISITS
 * steps; MATHDOKU_ECUT when lim's max_nodes (each step of the walk over
 * tuples counts as a node) or max_seconds ran out; MATHDOKU_ENOMEM.  err
 * says which cage.  lim may be NULL. */
int mathdoku_solver_new(const mathdoku *p, const mathdoku_rules *rules,
                        const grid_limits *lim, mathdoku_solver **out,
                        dlx_diag *err);
void mathdoku_solver_free(mathdoku_solver *sv);
long mathdoku_solver_options(const mathdoku_solver *sv);
/* The exact cover searched (items as above, one option per tuple). */
const dlx_matrix *mathdoku_solver_matrix(const mathdoku_solver *sv);
/* The cage of an option (-1 for an index out of range) and, in *digits,
 * its digits in the order of the cage's cells. */
int mathdoku_option_cage(const mathdoku_solver *sv, int option,
                         const int **digits);

/* The steps the walk over tuples took, and its time in seconds. */
uint64_t mathdoku_solver_steps(const mathdoku_solver *sv);
double mathdoku_solver_seconds(const mathdoku_solver *sv);

/* The budget of lim left for the search after building sv's exact cover,
 * whose walk over tuples counts against the same budget (sv NULL: no
 * build, lim unchanged); then the build's steps and time added to what
 * the search found, so that the outcome covers both. */
void mathdoku_solver_budget_left(const mathdoku_solver *sv, grid_limits *lim);
void mathdoku_solver_add_build(const mathdoku_solver *sv, grid_outcome *out);

/* The name of an item of the exact cover: "cell A1", "digit 5 of row 2",
 * "digit 5 of column B", "cage 3 (11+)". */
const char *mathdoku_item_name(const mathdoku_solver *sv, int item,
                               char *buf, size_t size);

/* Solves with Dancing Links within the limits (grid.h; NULL: count all):
 * the first solution (N*N digits) into solution when not NULL.
 * MATHDOKU_OK, or MATHDOKU_ENOMEM.  With lim->on_step, every choice and
 * backtrack in mathdoku words; with lim->on_event, the engine's events. */
int mathdoku_solve_dlx(mathdoku_solver *sv, const grid_limits *lim,
                       int *solution, grid_outcome *out);

/* Counts on `threads` POSIX threads (dlx_count_parallel); limits hold
 * over all threads.  MATHDOKU_OK, or MATHDOKU_ENOMEM. */
int mathdoku_count_threads(mathdoku_solver *sv, int threads,
                           const grid_limits *lim, grid_outcome *out);

/* The naive search of the lecture: cells from the top left in row-major
 * order, digits 1..N with no repeat in row or column, a cage checked when
 * its last cell in that order is filled, givens placed first and skipped.
 * MATHDOKU_OK, or MATHDOKU_ENOMEM. */
int mathdoku_solve_dfs(const mathdoku *p, const mathdoku_rules *rules,
                       const grid_limits *lim, int *solution,
                       grid_outcome *out);

/* Independent check of a full grid: Latin rows and columns, every cage's
 * clue met.  MATHDOKU_OK, or MATHDOKU_EBAD with the reason in buf. */
int mathdoku_check(const mathdoku *p, const mathdoku_rules *rules,
                   const int *grid, char *buf, size_t size);

/* Writes the exact cover in Knuth's format, for `dlx`; 0 or EOF. */
int mathdoku_write_dlx(FILE *f, const mathdoku_solver *sv);

#endif
