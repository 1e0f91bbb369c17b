/*
 * sudoku_read_line.c - the one-line layout: a puzzle of N*N symbols on a
 * line, or N*N numbers (orders above 35).
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku_read_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The one-line puzzles of a file must all have the same length unless
 * the file is said to mix orders: a line that lost or gained a cell is
 * an error, not a puzzle of another order. */
static int check_line_length(sudoku_reader *r, size_t cells, dlx_diag *err)
{
    if (r->opt.mixed_orders || r->opt.box.N || !r->line_cells ||
        (size_t)r->line_cells == cells)
        return 0;
    int N = (int)text_isqrt(r->line_cells);
    return set_error(err, r->in.lineno, 0, "found %zu cells, but the "
                     "puzzles before have %d (%dx%d): a line of another "
                     "length is a damaged puzzle (--mixed-orders allows "
                     "files of several orders)", cells, r->line_cells, N, N);
}

/* One puzzle on one line of numbers (how orders above 35 are written on
 * one line): more values than a grid row can have, N*N of them. */
static int read_number_line(sudoku_reader *r, sudoku *s, sudoku_source *src,
                            const char *p, size_t tokens, dlx_diag *err)
{
    const char *line = r->in.line;
    long N = text_isqrt((long)tokens);
    if (N * N != (long)tokens || N > SUDOKU_MAX_ORDER)
        return set_error(err, r->in.lineno, 0, "found %zu numbers on one "
                         "line: a one-line puzzle of numbers has N*N of them "
                         "(N up to %d)", tokens, SUDOKU_MAX_ORDER);
    if (check_line_length(r, tokens, err) != 0)
        return SUDOKU_EBAD;
    sudoku_shape shape;
    if (sudoku_rd_shape_for(r, (int)N, &shape) != SUDOKU_OK)
        return set_error(err, r->in.lineno, 0, "%ld numbers make a %ldx%ld "
                         "puzzle, not the %dx%d asked for", N * N, N, N,
                         r->opt.box.N, r->opt.box.N);
    if (sudoku_set_shape(s, shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    for (long k = 0; k < N * N; k++) {
        int v;
        p = skip_space(p);
        if (sudoku_rd_number_token(line, &p, (int)N, (int)N, r->in.lineno,
                                   &v, err))
            return SUDOKU_EBAD;
        s->cell[k] = (unsigned char)v;
    }
    src->layout = SUDOKU_LAYOUT_LINE;
    src->symbols = SUDOKU_SYM_NUMBERS;
    src->line = r->in.lineno;
    src->tail = NULL;
    r->line_cells = (int)tokens;   /* the file's order, from now on */
    return SUDOKU_READ;
}

/* The values of a line of white-space separated numbers and blanks, or
 * 0 when the line has anything else. */
size_t sudoku_rd_number_tokens(const char *p)
{
    size_t tokens = 0;
    for (p = skip_space(p); *p; p = skip_space(p)) {
        size_t n = strcspn(p, " \t\v\f");
        if (!(n == 1 && strchr("._-*", *p)))
            for (size_t k = 0; k < n; k++)
                if (!isdigit((unsigned char)p[k]))
                    return 0;
        tokens++;
        p += n;
    }
    return tokens;
}

/* One puzzle per line: N*N symbols, then optional text after white space. */
int sudoku_rd_line_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
                          dlx_diag *err)
{
    const char *line = r->in.line, *p = skip_space(line);
    int lineno = r->in.lineno;
    size_t tokens = sudoku_rd_number_tokens(p);
    if (tokens > SUDOKU_MAX_ORDER)
        return read_number_line(r, s, src, p, tokens, err);
    size_t len = 0;
    while (p[len] && !is_space(p[len]))
        len++;
    int col0 = (int)(p - line) + 1;
    if (sudoku_rd_non_ascii(line, p, len, lineno, err) != 0)
        return SUDOKU_EBAD;
    int N;
    if (r->opt.box.N) {
        N = r->opt.box.N;
        if ((size_t)N * (size_t)N != len)
            return set_error(err, lineno, 0, "found %zu cells, expected "
                             "%d for %dx%d", len, N * N, N, N);
    } else {
        N = (int)text_isqrt((long)(len > 100000 ? 100000 : len));
        if (len > 35 * 35)
            return set_error(err, lineno, 0, "found %zu cells: a one-line "
                             "puzzle has at most 1225 (35x35, symbols 1-9 "
                             "and A-Z); larger orders take the numbers "
                             "layout", len);
        if (check_line_length(r, len, err) != 0)
            return SUDOKU_EBAD;
        if ((size_t)N * (size_t)N != len || N < 1 || N > 35) {
            int up = N + 1 > 35 ? 35 : N + 1;
            return set_error(err, lineno, 0, "found %zu cells: a one-line "
                             "puzzle has N*N of them (%d for %dx%d, %d for "
                             "%dx%d)", len, N * N, N, N, up * up, up, up);
        }
    }
    sudoku_shape shape;
    if (sudoku_rd_shape_for(r, N, &shape) != SUDOKU_OK)
        return set_error(err, lineno, 0, "order %d is not supported", N);
    if (sudoku_set_shape(s, shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    sudoku_symbols sym = r->opt.symbols ? r->opt.symbols
                                        : (N <= 9 ? SUDOKU_SYM_DIGITS
                                                  : SUDOKU_SYM_ALNUM);
    /* a 9x9 in flexdoku letters A..I reads as letters when asked, or when
     * the line has letters and no digits */
    if (!r->opt.symbols && N <= 9) {
        int letters = 0, digits = 0;
        for (size_t k = 0; k < len; k++) {
            letters += isalpha((unsigned char)p[k]) && p[k] != 'x';
            digits += p[k] >= '1' && p[k] <= '9';
        }
        if (letters && !digits)
            sym = SUDOKU_SYM_LETTERS;
    }
    if (r->value_N != N || r->value_sym != sym) {
        for (int c = 0; c < 256; c++)
            r->value[c] = (signed char)sudoku_symbol_value((char)c, sym, N);
        r->value_N = N;
        r->value_sym = sym;
    }
    for (size_t k = 0; k < len; k++) {
        int v = r->value[(unsigned char)p[k]];
        if (v < 0)
            return sudoku_rd_bad_symbol(line, p + k, lineno, N, err);
        s->cell[k] = (unsigned char)v;
    }
    (void)col0;
    r->line_cells = (int)len;   /* the file's order, from now on */
    src->layout = SUDOKU_LAYOUT_LINE;
    src->symbols = sym;
    src->line = lineno;
    const char *tail = skip_space(p + len);
    src->tail = *tail ? (char *)tail : NULL;
    return SUDOKU_READ;
}

/* The quick path of a file of one-line puzzles, a batch's usual input:
 * once one-line puzzles of order 9 or less are being read, a line of as
 * many digits and blanks, at its start, is read in one pass with the
 * reader's table, as sudoku_rd_line_layout would read it (no letters: so the
 * symbols are digits; the same length: so no other check can fail).
 * Anything else (white space first, a comment, another length, a letter,
 * a tail of numbers, --box, symbols or a layout asked for) returns 0, and
 * the general reader takes the line, so that every message comes from one
 * place.  1 when the puzzle was read. */
int sudoku_rd_line_quick(sudoku_reader *r, sudoku *s, sudoku_source *src)
{
    const int NN = r->line_cells;
    const char *line = r->in.line;
    if (!r->line_based || NN < 1 || NN > 81 || r->opt.box.N ||
        (r->opt.layout && r->opt.layout != SUDOKU_LAYOUT_LINE) ||
        (r->opt.symbols && r->opt.symbols != SUDOKU_SYM_DIGITS) ||
        r->in.len < (size_t)NN || (line[NN] && !is_space(line[NN])))
        return 0;
    int N = 1;
    while (N * N < NN)
        N++;
    sudoku_shape shape;
    /* the table sudoku_rd_line_layout made, when it is for digits of this
     * order (a file of letters goes the general way) */
    if (N * N != NN || r->value_N != N ||
        r->value_sym != SUDOKU_SYM_DIGITS ||
        sudoku_default_shape(N, &shape) != SUDOKU_OK ||
        sudoku_set_shape(s, shape) != SUDOKU_OK)
        return 0;
    /* a symbol that is none of this order's is -1 */
    for (int k = 0; k < NN; k++) {
        int v = r->value[(unsigned char)line[k]];
        if (v < 0)
            return 0;
        s->cell[k] = (unsigned char)v;
    }
    /* sudoku_rd_line_layout reads a line of many numbers as one puzzle */
    const char *tail = skip_space(line + NN);
    if (*tail && sudoku_rd_number_tokens(line) > SUDOKU_MAX_ORDER)
        return 0;
    src->layout = SUDOKU_LAYOUT_LINE;
    src->symbols = SUDOKU_SYM_DIGITS;
    src->line = r->in.lineno;
    src->tail = *tail ? (char *)tail : NULL;
    return 1;
}
