/*
 * sudoku_read_impl.h - what the readers of the layouts share (private to
 * the sudoku library): the line helpers and each layout's entry point.
 * sudoku_grid.c reads a puzzle by deciding its layout and calling the
 * layout's reader: sudoku_read_line.c (one-line puzzles), sudoku_read_grid.c
 * (grids and their variant sections), sudoku_read_numbers.c (the numbers
 * layout), sudoku_solo_id.c (Simon Tatham's Solo IDs, read and written).
 */
#ifndef SUDOKU_READ_IMPL_H
#define SUDOKU_READ_IMPL_H

#include "sudoku_grid.h"
#include "text.h"

#include <stdio.h>

/* text_error returns -1: SUDOKU_EBAD */
_Static_assert(SUDOKU_EBAD == -1, "text_error's -1 is SUDOKU_EBAD");
#define set_error text_error
#define is_space(c) text_is_space((unsigned char)(c))
#define skip_space text_skip_space
#define is_blank_line text_is_blank

/* The next line: 1, 0 at the end, SUDOKU_EBAD for a line that is not text
 * (err set; the line counts as read), SUDOKU_EREAD, SUDOKU_ENOMEM. */
_Static_assert((int)TEXT_LINE == (int)SUDOKU_READ &&
               (int)TEXT_END == (int)SUDOKU_OK &&
               (int)TEXT_BAD == (int)SUDOKU_EBAD &&
               (int)TEXT_FAIL == (int)SUDOKU_EREAD &&
               (int)TEXT_NOMEM == (int)SUDOKU_ENOMEM,
               "text statuses are sudoku's");
static inline int next_line(sudoku_reader *r, dlx_diag *err)
{
    return text_next(&r->in, err);
}

static inline int is_comment(const char *s)
{
    return text_is_comment(s, '#');
}

/* A byte of a line in a message: 'Q', or '\x1b' for a control byte. */
static inline const char *quote_byte(const char *p, char *buf)
{
    return text_quote(p, 1, 1, buf, 16);
}

/* sudoku_grid.c */
int sudoku_rd_box_numbers(const char *s, long long *R, long long *C,
                          const char **end);
int sudoku_rd_shape_for(const sudoku_reader *r, int N, sudoku_shape *shape);
int sudoku_rd_non_ascii(const char *line, const char *p, size_t len, int lineno,
                        dlx_diag *err);
int sudoku_rd_bad_symbol(const char *line, const char *p, int lineno, int N,
                         dlx_diag *err);
int sudoku_rd_number_token(const char *line, const char **pp, int max, int N,
                           int lineno, int *v, dlx_diag *err);
/* The next value of a line of the numbers layout at *pp, past spaces and
 * '|' (sudoku_rd_number_token): SUDOKU_READ with *v and *pp after it,
 * SUDOKU_OK at the end of the line, SUDOKU_EBAD with err. */
int sudoku_rd_next_number(const char *line, const char **pp, int max, int N,
                          int lineno, int *v, dlx_diag *err);
sudoku_layout sudoku_rd_detect(const sudoku_reader *r, int first_line);

/* sudoku_read_line.c */
size_t sudoku_rd_number_tokens(const char *p);
int sudoku_rd_line_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
                          dlx_diag *err);
int sudoku_rd_line_quick(sudoku_reader *r, sudoku *s, sudoku_source *src);

/* sudoku_read_grid.c */
int sudoku_rd_bad_block(sudoku_reader *r);
int sudoku_rd_line_in_block(sudoku_reader *r, dlx_diag *err);
int sudoku_rd_sections(sudoku_reader *r, sudoku *s, dlx_diag *err);
int sudoku_rd_grid_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
                          dlx_diag *err);
/* The end of a block read from line `first` (a grid, the numbers
 * layout): its sections (sudoku_rd_sections), then src filled;
 * SUDOKU_READ, or a status. */
int sudoku_rd_block_end(sudoku_reader *r, sudoku *s, sudoku_source *src,
                        sudoku_layout layout, sudoku_symbols sym, int first,
                        dlx_diag *err);

/* sudoku_read_numbers.c */
int sudoku_rd_numbers_header(const char *line, int lineno, sudoku_shape *shape,
                             dlx_diag *err);
int sudoku_rd_numbers_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
                             dlx_diag *err);

/* sudoku_solo_id.c */
int sudoku_rd_solo_id(const char *text, int lineno, int col0,
                      const sudoku_read_options *opt, sudoku *s,
                      dlx_diag *err);
int sudoku_rd_looks_like_solo_id(const char *p);

/* The Solo ID of s, without its end of line. */
void sudoku_rd_write_solo_id(FILE *f, const sudoku *s);

#endif
