/*
 * sudoku_bands.h - the first band (the first R rows, a "floor") of an
 * N x N sudoku with R x C boxes, N = R * C: its completions counted through
 * the exact cover engine, listed in a compact encoding, and sorted into
 * classes under the band's symmetries.
 *
 * A band is R * N digits 1..N, row by row.
 */
#ifndef SUDOKU_BANDS_H
#define SUDOKU_BANDS_H

#include <stddef.h>
#include <stdint.h>

#include "dlx.h"
#include "dlx_parallel.h"
#include "sudoku_grid.h"

/* Bands are only built for boxes up to this side (N <= 20 keeps every row
 * rank below 2^64 and the matrix small). */
#define SUDOKU_BAND_MAX_N 20

/*
 * The exact cover of a band:
 *   items  cell (r, c)          primary    R * N   (r < R)
 *          row r has digit d    primary    R * N
 *          box b has digit d    primary    R * N   (the R boxes of the band)
 *          column c has digit d secondary  N * N   (at most once per band)
 *   option (r, c, d) covers the four; its index is sudoku_band_option().
 * Returns NULL for a bad shape (R, C >= 1, R * C <= SUDOKU_BAND_MAX_N) or
 * no memory.
 */
dlx_matrix *sudoku_band_matrix(int R, int C);
int sudoku_band_option(int R, int C, int r, int c, int d);

/* The forced options that fix the first row to 1 2 .. N; `opts` holds N. */
void sudoku_band_first_row(int R, int C, int *opts);

/* Turns a solution (options of the band matrix) into the band's digits. */
void sudoku_band_from_options(int R, int C, const int *options, int n,
                              int *band);

/* ---- compact encoding ----------------------------------------------------

   A row of N distinct digits is a permutation: its rank among the N!
   permutations (Lehmer code) takes ceil(log2 N!) bits, 19 for N = 9, and is
   written in base 64 ("0-9A-Za-z-_", fixed width: 4 characters for N = 9).
   A band with its first row fixed is its other rows' ranks: 8 characters
   for 9x9, against 18 digits for those rows (27 for the whole band).

   One printable character (94 of them) could name one of the 84 sets of
   three digits that fill a box's row (a "sub-row"), but not its order:
   there are 9 * 8 * 7 = 504 ordered sub-rows, 9 bits. */

uint64_t sudoku_perm_rank(const int *perm, int n);      /* perm of 1..n */
void sudoku_perm_unrank(uint64_t rank, int n, int *perm);
int sudoku_rank_width(int n);   /* base-64 characters for ranks of n! */

/* Writes the band's code (rows 1.. when first_row_fixed, else all rows)
 * and a NUL into out; returns its length, or SUDOKU_EBAD if cap is too
 * small or a row is not a permutation. */
int sudoku_band_encode(int R, int C, const int *band, int first_row_fixed,
                       char *out, size_t cap);
/* Reads a code back into band; SUDOKU_OK, or SUDOKU_EBAD for a malformed
 * code. */
int sudoku_band_decode(int R, int C, const char *code, int first_row_fixed,
                       int *band);

/* ---- classes -------------------------------------------------------------

   Every completion with the first row fixed is one point; the band's
   symmetries act on them: relabeling the digits, permuting the R rows,
   permuting the R boxes, permuting the C columns inside each box (after
   each move the digits are relabeled so that the first row reads 1..N
   again). */

typedef struct sudoku_band_classes {
    uint64_t bands;            /* completions with the first row fixed */
    uint64_t symmetry;         /* classes under the band symmetries */
    uint64_t column_sets;      /* classes when bands whose columns hold the
                                  same sets of digits are also the same
                                  (they have the same completions below) */
} sudoku_band_classes;

/* Counts the classes; refuses (SUDOKU_ELIMIT) bands with more than
 * max_bands completions.  Returns SUDOKU_OK, SUDOKU_EBAD (a bad shape),
 * SUDOKU_ELIMIT or SUDOKU_ENOMEM. */
int sudoku_band_count_classes(int R, int C, uint64_t max_bands,
                              sudoku_band_classes *out);
/* The same within max_seconds (0: no limit): SUDOKU_ECUT when they ran
 * out (out then holds no class count); SUDOKU_BANDS_CUT is its old
 * name. */
#define SUDOKU_BANDS_CUT SUDOKU_ECUT
int sudoku_band_count_classes_within(int R, int C, uint64_t max_bands,
                                     double max_seconds,
                                     sudoku_band_classes *out);

/* One class of bands with the same completions below (the column_sets
 * classes above): its first band (first row 1..N) and how many bands with
 * the first row fixed it holds. */
typedef struct sudoku_band_class {
    int band[SUDOKU_BAND_MAX_N * SUDOKU_BAND_MAX_N];
    uint64_t size;
} sudoku_band_class;

/* Lists the classes (44 for 9x9) into *list (*n of them; free() it),
 * their sizes adding up to the bands with the first row fixed.  Returns
 * like sudoku_band_count_classes. */
int sudoku_band_class_list(int R, int C, uint64_t max_bands,
                           sudoku_band_class **list, size_t *n);
/* The same within max_seconds (0: no limit): SUDOKU_ECUT when they
 * ran out (no list then). */
int sudoku_band_class_list_within(int R, int C, uint64_t max_bands,
                                  double max_seconds,
                                  sudoku_band_class **list, size_t *n);

/* ---- every grid ----------------------------------------------------------

   sudoku_count_grids counts the complete N x N grids with R x C boxes:
   N! first rows times, over the classes above, the class's bands times
   the completions below its first band, counted by memo (dlx_count_memo;
   sudoku_grids.c says how).  The classes are shared out to the threads
   (each its own matrices and memo, memo_bytes / threads each for the
   whole-grid count).  on_class is called (under a lock, from any thread)
   as each class is done.  A run cut short by max_seconds leaves outcome
   DLX_STOP_TIME and the classes done in `done` (the totals then count
   only those: a lower bound); the listing of the classes runs under the
   same budget (cut there: SUDOKU_OK, DLX_STOP_TIME, no class, totals 0).
   Returns SUDOKU_OK, SUDOKU_ELIMIT (more than 50,000,000 bands: 4x4
   boxes and up), SUDOKU_EBAD (a bad shape, or SUDOKU_GRIDS_TWO_BANDS
   where N != 3R), SUDOKU_EJOB (o->which or o->jobs not the classes:
   res->bad_job), SUDOKU_EOVERFLOW or SUDOKU_ENOMEM. */
enum {
    SUDOKU_GRIDS_AUTO = 0,       /* TWO_BANDS when N = 3R, NESTED
                                    when N >= 4R, else WHOLE */
    SUDOKU_GRIDS_WHOLE = 1,      /* the grid's exact cover, band forced */
    SUDOKU_GRIDS_TWO_BANDS = 2,  /* sum over the column sets of band 2 */
    SUDOKU_GRIDS_NESTED = 3      /* the same nested, when N >= 4R */
};

typedef void (*sudoku_class_fn)(void *ctx, size_t k,
                                const sudoku_band_class *cl,
                                dlx_count completions, size_t done,
                                size_t n, double seconds);

/* What one class gave, for the results files of shards. */
typedef struct sudoku_class_result {
    dlx_count completions;       /* below its first band */
    dlx_count grids;             /* N! x its bands x completions */
    uint64_t subproblems;        /* the memo's, for this class */
    double seconds;
    int complete;                /* 0: not counted (cut short): grids 0 */
} sudoku_class_result;

typedef struct sudoku_grids_options {
    int threads;                 /* 1 or more */
    int method;                  /* SUDOKU_GRIDS_AUTO, ... */
    size_t memo_bytes;           /* 0: DLX_MEMO_DEFAULT_MB */
    double max_seconds;          /* 0: no limit */
    sudoku_class_fn on_class;
    void *ctx;
    /* Only the classes which[0 .. n_which-1] (all when NULL): a shard.
     * jobs, when not NULL, is a jobs file of sudoku_grids_split checked
     * against the classes before any counting.  results, when not NULL
     * (with which), gets one entry per class of which, the caller's. */
    const int *which;
    int n_which;
    const dlx_jobs *jobs;
    sudoku_class_result *results;
    /* The classes of sudoku_band_class_list when the caller has them
     * (many counts of one class each: dlx-mpi), else NULL: listed here. */
    const sudoku_band_class *classes;
    size_t n_classes;
} sudoku_grids_options;

typedef struct sudoku_grids_result {
    dlx_count grids;             /* every grid */
    dlx_count fixed;             /* with the first row 1 2 .. N */
    size_t classes, done;
    int method;                  /* the method that ran */
    dlx_outcome outcome;
    dlx_memo_stats memo;         /* summed over the counts (bytes: max) */
    double seconds;
    size_t selected;             /* the classes asked for (which) */
    int bad_job;                 /* SUDOKU_EJOB: the job that is wrong */
} sudoku_grids_result;

/* SUDOKU_EJOB: a class of which out of range, or o->jobs not the jobs
 * of this shape (res->bad_job says which job; -1: their number). */
int sudoku_count_grids(int R, int C, const sudoku_grids_options *o,
                       sudoku_grids_result *res);

/* ---- every grid on many machines ------------------------------------------

   One job per class.  The jobs file (`sudoku bands --grids --split`) is
   a dlx jobs file (dlx_parallel.h): job k forces class k's first band in
   the grid's exact cover (option (r N + c) N + d - 1 puts digit d in cell
   (r, c)), under a fingerprint of the shape, not of a matrix; a shard
   writes a dlx results file in which job k's solutions are the grids
   class k stands for (N! x its bands x their completions), so that
   `dlx merge` adds them up to the number of grids and refuses a job
   missing or counted twice, or results of another shape. */
uint64_t sudoku_grids_fingerprint(int R, int C);

/* The jobs of the R x C grids: SUDOKU_OK (free with dlx_jobs_free), or as
 * sudoku_band_class_list. */
int sudoku_grids_split(int R, int C, dlx_jobs *out);
/* The same within max_seconds (0: no limit): SUDOKU_BANDS_CUT when the
 * classes were not listed in time (no jobs then). */
int sudoku_grids_split_within(int R, int C, double max_seconds,
                              dlx_jobs *out);

#endif
