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

/* Orders 1..MATHDOKU_MAX_N; a cage has at most MATHDOKU_MAX_CAGE cells, and
 * a puzzle at most MATHDOKU_MAX_OPTIONS tuples over all cages (bounded
 * before anything large is allocated). */
#define MATHDOKU_MAX_N 32
#define MATHDOKU_MAX_CAGE 64
#define MATHDOKU_MAX_OPTIONS 20000000L

typedef enum mathdoku_op {
    MD_ADD, MD_SUB, MD_MUL, MD_DIV,
    MD_GIVEN,     /* one cell: its digit is the target ('=' or no op) */
    MD_HIDDEN     /* '?': any operation that gives the target */
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
    MD_LAYOUT_AUTO, MD_LAYOUT_LETTERS, MD_LAYOUT_LIST, MD_LAYOUT_KEEN
} mathdoku_layout;

typedef struct mathdoku_rules {
    int nary;           /* '-' and '/' cages may have more than two cells */
} mathdoku_rules;

typedef struct mathdoku_error {
    int line, col;      /* col 0: the whole line or puzzle */
    char message[256];
} mathdoku_error;

/* A stream of puzzles from one file. */
typedef struct mathdoku_reader {
    FILE *f;
    mathdoku_layout layout;
    mathdoku_rules rules;
    char *line;
    size_t cap;
    int lineno;
    int pushed_back;
    int eof;
} mathdoku_reader;

void mathdoku_reader_init(mathdoku_reader *r, FILE *f, mathdoku_layout layout,
                          const mathdoku_rules *rules);
void mathdoku_reader_release(mathdoku_reader *r);

/* Reads the next puzzle into *p (freed with mathdoku_free).  Returns 1 for
 * a puzzle (*first_line: where it starts), 0 at the end, -1 for a bad
 * puzzle (err says where; reading goes on with the next), -2 when the file
 * cannot be read. */
int mathdoku_read(mathdoku_reader *r, mathdoku *p, int *first_line,
                  mathdoku_error *err);
/* One puzzle from a string; 0 or -1 with err. */
int mathdoku_read_string(const char *text, const mathdoku_rules *rules,
                         mathdoku *p, mathdoku_error *err);
void mathdoku_free(mathdoku *p);

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

/* Builds the exact cover of a puzzle.  Returns NULL with err set when a
 * cage has no tuple that reaches its target, the options would exceed
 * MATHDOKU_MAX_OPTIONS, or memory runs out. */
mathdoku_solver *mathdoku_solver_new(const mathdoku *p,
                                     const mathdoku_rules *rules,
                                     mathdoku_error *err);
void mathdoku_solver_free(mathdoku_solver *sv);
long mathdoku_solver_options(const mathdoku_solver *sv);
/* The exact cover searched (items as above, one option per tuple). */
const struct dlx_matrix *mathdoku_solver_matrix(const mathdoku_solver *sv);
/* The cage of an option (-1 for an index out of range) and, in *digits,
 * its digits in the order of the cage's cells. */
int mathdoku_option_cage(const mathdoku_solver *sv, int option,
                         const int **digits);

struct dlx_event;

typedef struct mathdoku_limits {
    uint64_t max_solutions;   /* 0: all */
    uint64_t max_nodes;
    double max_seconds;
    void (*on_step)(void *ctx, const char *text, int level);
    void *step_ctx;
    /* DLX: the engine's own events, e.g. for a recorder (view.h) */
    void (*on_event)(void *ctx, const struct dlx_event *ev);
    void *event_ctx;
} mathdoku_limits;

typedef struct mathdoku_outcome {
    uint64_t solutions;
    int complete;             /* 0: cut short by nodes or time */
    uint64_t nodes;
    double seconds;
} mathdoku_outcome;

/* Solves with Dancing Links; the first solution (N*N digits) into
 * solution when not NULL.  0, or -1 on error. */
int mathdoku_solve_dlx(mathdoku_solver *sv, const mathdoku_limits *lim,
                       int *solution, mathdoku_outcome *out);

/* Counts on `threads` POSIX threads: the search is split into
 * subproblems that the threads take from a shared queue (dlx_parallel.h);
 * limits hold over all threads.  0, or -1 on no memory. */
int mathdoku_count_threads(mathdoku_solver *sv, int threads,
                           const mathdoku_limits *lim, mathdoku_outcome *out);

/* The naive search of the lecture: cells from the top left in row-major
 * order, digits 1..N with no repeat in row or column, a cage checked when
 * its last cell in that order is filled, givens placed first and skipped.
 * 0, or -1 on no memory. */
int mathdoku_solve_dfs(const mathdoku *p, const mathdoku_rules *rules,
                       const mathdoku_limits *lim, int *solution,
                       mathdoku_outcome *out);

/* Independent check of a full grid: Latin rows and columns, every cage's
 * clue met.  0, or -1 with the reason in buf. */
int mathdoku_check(const mathdoku *p, const mathdoku_rules *rules,
                   const int *grid, char *buf, size_t size);

/* Writes the exact cover in Knuth's format, for `dlx`; 0 or EOF. */
int mathdoku_write_dlx(FILE *f, const mathdoku_solver *sv);

#endif
