/*
 * sudoku_grid.h - sudoku of any box shape: the board, its symbols, and the
 * layouts it is read from and written to.
 *
 *   order N = R x C: boxes are R rows tall and C columns wide
 *   cell i = row * N + col; box of a cell = (row / R) * R + col / C
 *   values 1..N, 0 = blank
 *
 * Readers never merge lines, never skip characters silently, and report
 * each bad puzzle with its line and column; a stream of puzzles is read one
 * puzzle at a time, in constant memory.
 */
#ifndef SUDOKU_GRID_H
#define SUDOKU_GRID_H

#include <stddef.h>
#include <stdio.h>

#include "dlx_read.h"
#include "text.h"

/* Orders up to this one; the exact cover of order N has N^3 options and
 * 4 N^3 nodes (100: 4 million nodes, about 50 MB). */
#define SUDOKU_MAX_ORDER 100

/* What the functions of the sudoku library return (those that return an
 * int and can fail). */
typedef enum sudoku_status {
    SUDOKU_OK = 0,        /* done (sudoku_read: the end of the input) */
    SUDOKU_READ = 1,      /* sudoku_read: a puzzle was read */
    SUDOKU_EBAD = -1,     /* the input or puzzle is not valid: the
                             dlx_diag says what and where (a stream reader
                             goes on with the next puzzle) */
    SUDOKU_EREAD = -2,    /* the input cannot be read further (a read
                             error, or it is not text) */
    SUDOKU_ENOMEM = -3,   /* out of memory */
    SUDOKU_ECLASH = -4,   /* givens clash: no solution, nothing searched */
    SUDOKU_ELIMIT = -5,   /* past a limit of the function (an order too
                             large for it, a canon search too wide) */
    SUDOKU_ECUT = -6,     /* a budget (grid_limits, max_seconds) ran out */
    SUDOKU_EOVERFLOW = -7, /* a count past 2^128 */
    SUDOKU_EJOB = -8      /* a job or class selected is not one of the
                             grid counter's (sudoku_count_grids) */
} sudoku_status;
#define SUDOKU_STATUS_LAST SUDOKU_EJOB /* the last (most negative) one */

/* A short English description of a status ("out of memory"), a distinct
 * one for each value above. */
const char *sudoku_strerror(int status);

/* The status of the sudoku library for a status of libdlx that a sudoku
 * function passes on: DLX_OK, DLX_ENOMEM, DLX_ETOOBIG (SUDOKU_ELIMIT),
 * DLX_EOVERFLOW, DLX_ECONFLICT (SUDOKU_ECLASH); any other is a request
 * libdlx found not valid (SUDOKU_EBAD). */
int sudoku_status_of_dlx(int dlx_status);

typedef struct sudoku_shape {
    int R, C, N;   /* box rows, box columns, order */
} sudoku_shape;

/* A puzzle or a grid.  cell holds N*N values; the reader reuses it.
 *
 * Variants stand on the same board: a unit is N cells that hold each
 * digit once (the rows, the columns, the boxes, or the regions of a
 * jigsaw instead of the boxes, and with diagonals both main diagonals);
 * a cage (killer) is a set of cells whose distinct digits add up to its
 * sum.  Plain sudoku has diagonals == jigsaw == n_cages == 0, and then
 * region and cage are not read. */
typedef struct sudoku {
    sudoku_shape shape;
    unsigned char *cell;
    int cap;       /* cells allocated */
    int diagonals; /* X: both main diagonals are units */
    int jigsaw;    /* region[] holds the regions, not the boxes */
    int *region;   /* N*N: the region 0..N-1 of each cell (jigsaw) */
    int n_cages;   /* killer when > 0 */
    int *cage;     /* N*N: the cage of each cell, -1 for none */
    int *cage_sum; /* n_cages sums */
    int region_cap, cage_cap;  /* cells, cages allocated */
} sudoku;

/* Largest order with cages (the sums' tuples are walked by grid_cage.h),
 * and the most digit tuples of all cages of a puzzle (each an option of
 * the exact cover: a 9-cell cage of a 9x9 has 362,880). */
#define SUDOKU_MAX_CAGE_ORDER 32
#define SUDOKU_MAX_TUPLES 4000000L

/* How symbols are written. */
typedef enum sudoku_symbols {
    SUDOKU_SYM_AUTO,      /* reading: digits, then letters after 9 */
    SUDOKU_SYM_DIGITS,    /* 1-9 (N <= 9) */
    SUDOKU_SYM_ALNUM,     /* 1-9 then A-Z (N <= 35) */
    SUDOKU_SYM_LETTERS,   /* A, B, C, ... (N <= 26; flexdoku's A..I) */
    SUDOKU_SYM_HEX,       /* 0-F, 0 a value (N = 16) */
    SUDOKU_SYM_NUMBERS    /* decimal numbers between white space */
} sudoku_symbols;

/* Layouts, for reading (auto-detected unless forced) and writing. */
typedef enum sudoku_layout {
    SUDOKU_LAYOUT_AUTO,
    SUDOKU_LAYOUT_LINE,     /* one puzzle per line, N*N symbols */
    SUDOKU_LAYOUT_GRID,     /* N lines of N symbols, separators allowed */
    SUDOKU_LAYOUT_NUMBERS,  /* a line "N" or "RxC", then N*N numbers */
    SUDOKU_LAYOUT_TATHAM,   /* Simon Tatham's Solo game ID */
    SUDOKU_LAYOUT_JSON      /* writing only */
} sudoku_layout;

/* The usual shape of order N: square boxes when N is a square, else R x C
 * with R the largest divisor of N not above its square root (6: 2x3).
 * Returns SUDOKU_OK, or SUDOKU_EBAD when N is out of range. */
int sudoku_default_shape(int N, sudoku_shape *shape);
/* Parses "RxC" (e.g. "2x3"), R*C at most SUDOKU_MAX_ORDER; SUDOKU_OK or
 * SUDOKU_EBAD. */
int sudoku_parse_box(const char *s, sudoku_shape *shape);

void sudoku_init(sudoku *s);
/* SUDOKU_OK, or SUDOKU_ENOMEM. */
int sudoku_set_shape(sudoku *s, sudoku_shape shape);
void sudoku_release(sudoku *s);

/* ---- variants ------------------------------------------------------------ */

/* Does s have diagonals, regions or cages? */
int sudoku_is_variant(const sudoku *s);
/* The box, or the jigsaw region, of a cell. */
int sudoku_region_of(const sudoku *s, int cell);
/* Makes s a jigsaw with these regions (N*N numbers 0..N-1, N cells each:
 * the readers check that); SUDOKU_OK or SUDOKU_ENOMEM. */
int sudoku_set_regions(sudoku *s, const int *region);
/* Gives s n cages: cage[i] the cage of cell i (-1 none), sum[k] the sum
 * of cage k; SUDOKU_OK or SUDOKU_ENOMEM. */
int sudoku_set_cages(sudoku *s, int n, const int *cage, const int *sum);
/* Copies everything of src (the variant too) into dst; SUDOKU_OK or
 * SUDOKU_ENOMEM. */
int sudoku_copy(sudoku *dst, const sudoku *src);
/* Copies only the variant of src (regions, diagonals, cages) onto dst,
 * which has src's order; SUDOKU_OK or SUDOKU_ENOMEM. */
int sudoku_copy_variant(sudoku *dst, const sudoku *src);
/* The number of units of s: 3N, plus 2 with diagonals. */
int sudoku_unit_count(const sudoku *s);
/* The cells of every unit of s: cells[u*N + k], rows, then columns, then
 * boxes or regions (cells in reading order), then the main diagonal
 * (r1c1 down) and the anti-diagonal (r1cN down).  Returns the count. */
int sudoku_units(const sudoku *s, int *cells);
/* "row 3", "column 4", "box 2", "region 2", "main diagonal",
 * "anti-diagonal", into buf (>= 32 bytes). */
char *sudoku_unit_name(const sudoku *s, int unit, char *buf);
/* The variant in words: "X jigsaw killer", "" for plain sudoku. */
const char *sudoku_variant_name(const sudoku *s, char *buf, size_t size);
/* How many cells with key[i] == k are reached from cell `from` by rook
 * moves through such cells (key: N*N entries; stack: N*N ints and seen:
 * N*N bytes of scratch). */
int sudoku_cells_reached(const int *key, int N, int k, int from, int *stack,
                         unsigned char *seen);

/* Are the regions (jigsaw) N connected regions of N cells, and every
 * cage connected, of 1..N cells, with a sum it can reach, and at most
 * SUDOKU_MAX_TUPLES tuples over all cages? SUDOKU_OK, or
 * SUDOKU_EBAD with the message in err (no position). */
int sudoku_check_variant(const sudoku *s, dlx_diag *err);

/* The value of a symbol character in a set (1..N), 0 for a blank, -1 for a
 * character that is neither. */
int sudoku_symbol_value(char ch, sudoku_symbols sym, int N);
/* The character of value v (1..N) in a set; '.' for 0. */
char sudoku_symbol_char(int v, sudoku_symbols sym);
/* The set used to write an order when none is asked for. */
sudoku_symbols sudoku_default_symbols(int N);

/* ---- reading ------------------------------------------------------------ */

typedef struct sudoku_read_options {
    sudoku_layout layout;      /* AUTO: decided per puzzle */
    sudoku_symbols symbols;    /* AUTO: digits, then A-Z past 9 */
    sudoku_shape box;          /* N == 0: from the puzzle */
    int mixed_orders;          /* one-line puzzles of different orders in
                                  one file (else a line of another length
                                  than the first is an error) */
    int diagonals;             /* every puzzle is an X sudoku (--x) */
    /* warnings: a line that is skipped but looks like a puzzle (one
     * commented out); may be NULL */
    void (*on_warning)(void *ctx, const dlx_diag *w);
    void *warning_ctx;
} sudoku_read_options;

/* A stream of puzzles from one file. */
typedef struct sudoku_reader {
    text_reader in;
    const char *name;
    sudoku_read_options opt;
    int line_based;     /* a one-line puzzle or game ID was read: from
                           then on, a line is a puzzle of its own */
    int line_cells;     /* the cells of the one-line puzzles so far (0:
                           none yet) */
    signed char value[256]; /* one-line layout: sudoku_symbol_value of
                           each byte for value_sym and value_N (0: not
                           made yet), made once per file, not per cell;
                           the quick path reads with it too */
    sudoku_symbols value_sym;
    int value_N;
} sudoku_reader;

/* What was read: its layout, symbols and first line. */
typedef struct sudoku_source {
    sudoku_layout layout;
    sudoku_symbols symbols;
    int line;
    char *tail;         /* one-line layout: text after the puzzle, or NULL;
                           valid until the next read */
} sudoku_source;

void sudoku_reader_init(sudoku_reader *r, FILE *f, const char *name,
                        const sudoku_read_options *opt);
void sudoku_reader_release(sudoku_reader *r);

/* Reads the next puzzle into *s.  Returns SUDOKU_READ for a puzzle,
 * SUDOKU_OK at the end of the input, SUDOKU_EBAD for a bad puzzle (err
 * says where; reading goes on with the next one), SUDOKU_EREAD when the
 * rest of the file cannot be read, SUDOKU_ENOMEM. */
int sudoku_read(sudoku_reader *r, sudoku *s, sudoku_source *src,
                dlx_diag *err);

/* Reads one puzzle from a string (any layout); SUDOKU_OK, or an error
 * status with err. */
int sudoku_read_string(const char *text, const sudoku_read_options *opt,
                       sudoku *s, dlx_diag *err);

/* Checks that no two givens share a unit (row, column, box or region,
 * diagonal) or a cage, and that no cage's givens pass its sum;
 * SUDOKU_OK, or SUDOKU_ECLASH with a message naming both cells. */
int sudoku_check_givens(const sudoku *s, dlx_diag *err);

/* ---- writing ------------------------------------------------------------ */

/* Writes s in a layout (LINE, GRID, NUMBERS, TATHAM, JSON) and symbol set
 * (AUTO: the order's usual set).  Every layout reads back as the same
 * puzzle.  Returns 0, or EOF on a write error. */
int sudoku_write(FILE *f, const sudoku *s, sudoku_layout layout,
                 sudoku_symbols sym);
/* The labels the grid and numbers layouts' sections have for regions and
 * cages (one printable character each, FORMATS.md). */
#define SUDOKU_SECTION_LABELS 91
/* NULL when layout holds s, else why not (into buf): the grid and numbers
 * layouts cannot label more than SUDOKU_SECTION_LABELS cages or regions
 * (a 25x25 killer has about 150 cages).  sudoku_write writes nothing
 * then, and returns EOF. */
const char *sudoku_layout_refusal(const sudoku *s, sudoku_layout layout,
                                  char *buf, size_t size);

/* Cell k (0..N-1) of a unit: kind 0 is row `unit`, 1 column `unit`, 2
 * box `unit` (boxes numbered row by row, cells in a box likewise). */
int sudoku_unit_cell(const sudoku_shape *sh, int kind, int unit, int k);

/* The cell name of index i, "r3c4" (1-based), into buf (>= 24 bytes). */
char *sudoku_cell_name(const sudoku_shape *shape, int i, char *buf);

#endif
