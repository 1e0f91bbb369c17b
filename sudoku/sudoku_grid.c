/*
 * sudoku_grid.c - board, symbols, readers and writers.
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku_grid.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- shapes and symbols -------------------------------------------------- */

int sudoku_default_shape(int N, sudoku_shape *shape)
{
    if (N < 1 || N > SUDOKU_MAX_ORDER)
        return SUDOKU_EBAD;
    int R = 1;
    for (int r = 1; r * r <= N; r++)
        if (N % r == 0)
            R = r;
    *shape = (sudoku_shape){ R, N / R, N };
    return 0;
}

/* "RxC" at s: the numbers (each at most SUDOKU_MAX_ORDER, else -2) and
 * the position after them; -1 when s does not start so. */
static int box_numbers(const char *s, long long *R, long long *C,
                       const char **end)
{
    int a = text_number(s, SUDOKU_MAX_ORDER, R, end);
    if (a == -1 || (**end != 'x' && **end != 'X'))
        return -1;
    int b = text_number(*end + 1, SUDOKU_MAX_ORDER, C, end);
    if (b == -1)
        return -1;
    return a == -2 || b == -2 ? -2 : 0;
}

int sudoku_parse_box(const char *s, sudoku_shape *shape)
{
    long long R, C;
    const char *end;
    if (box_numbers(s, &R, &C, &end) != 0 || *end || R < 1 || C < 1 ||
        R * C > SUDOKU_MAX_ORDER)
        return SUDOKU_EBAD;
    *shape = (sudoku_shape){ (int)R, (int)C, (int)(R * C) };
    return SUDOKU_OK;
}

void sudoku_init(sudoku *s)
{
    memset(s, 0, sizeof *s);
}

int sudoku_set_shape(sudoku *s, sudoku_shape shape)
{
    int cells = shape.N * shape.N;
    if (cells > s->cap) {
        unsigned char *c = realloc(s->cell, (size_t)cells);
        if (!c)
            return SUDOKU_ENOMEM;
        s->cell = c;
        s->cap = cells;
    }
    s->shape = shape;
    memset(s->cell, 0, (size_t)cells);
    s->diagonals = s->jigsaw = s->n_cages = 0;
    return SUDOKU_OK;
}

void sudoku_release(sudoku *s)
{
    free(s->cell);
    free(s->region);
    free(s->cage);
    sudoku_init(s);
}

sudoku_symbols sudoku_default_symbols(int N)
{
    return N <= 9 ? SUDOKU_SYM_DIGITS
                  : N <= 35 ? SUDOKU_SYM_ALNUM : SUDOKU_SYM_NUMBERS;
}

static int is_blank_symbol(char ch, sudoku_symbols sym)
{
    if (ch == '.' || ch == '_' || ch == '-' || ch == '*')
        return 1;
    if (ch == '0' && sym != SUDOKU_SYM_HEX)
        return 1;
    /* 'x' is a letter of A-Z sets only in upper case */
    return ch == 'x' && sym != SUDOKU_SYM_HEX;
}

int sudoku_symbol_value(char ch, sudoku_symbols sym, int N)
{
    if (is_blank_symbol(ch, sym))
        return 0;
    int v = -1;
    switch (sym) {
    case SUDOKU_SYM_AUTO:
    case SUDOKU_SYM_DIGITS:
    case SUDOKU_SYM_ALNUM:
        if (ch >= '1' && ch <= '9')
            v = ch - '0';
        else if (sym != SUDOKU_SYM_DIGITS && ch >= 'A' && ch <= 'Z')
            v = ch - 'A' + 10;
        else if (sym != SUDOKU_SYM_DIGITS && ch >= 'a' && ch <= 'z')
            v = ch - 'a' + 10;
        break;
    case SUDOKU_SYM_LETTERS:
        if (ch >= 'A' && ch <= 'Z')
            v = ch - 'A' + 1;
        else if (ch >= 'a' && ch <= 'z')
            v = ch - 'a' + 1;
        break;
    case SUDOKU_SYM_HEX:
        if (ch >= '0' && ch <= '9')
            v = ch - '0' + 1;
        else if (ch >= 'A' && ch <= 'F')
            v = ch - 'A' + 11;
        else if (ch >= 'a' && ch <= 'f')
            v = ch - 'a' + 11;
        break;
    case SUDOKU_SYM_NUMBERS:
        break;
    }
    return v >= 1 && v <= N ? v : -1;
}

char sudoku_symbol_char(int v, sudoku_symbols sym)
{
    if (v == 0)
        return '.';
    switch (sym) {
    case SUDOKU_SYM_LETTERS:
        return (char)('A' + v - 1);
    case SUDOKU_SYM_HEX:
        return "0123456789ABCDEF"[(v - 1) & 15];
    default:
        return v <= 9 ? (char)('0' + v) : (char)('A' + v - 10);
    }
}

int sudoku_unit_cell(const sudoku_shape *sh, int kind, int unit, int k)
{
    int r, c;
    if (kind == 0)
        r = unit, c = k;
    else if (kind == 1)
        r = k, c = unit;
    else
        r = (unit / sh->R) * sh->R + k / sh->C,
        c = (unit % sh->R) * sh->C + k % sh->C;
    return r * sh->N + c;
}

char *sudoku_cell_name(const sudoku_shape *shape, int i, char *buf)
{
    snprintf(buf, 24, "r%uc%u", (unsigned)(i / shape->N + 1) % 1000u,
             (unsigned)(i % shape->N + 1) % 1000u);
    return buf;
}

/* ---- reading: lines ------------------------------------------------------ */

void sudoku_reader_init(sudoku_reader *r, FILE *f, const char *name,
                        const sudoku_read_options *opt)
{
    memset(r, 0, sizeof *r);
    text_reader_init(&r->in, f, 0);
    r->name = name;
    if (opt)
        r->opt = *opt;
}

void sudoku_reader_release(sudoku_reader *r)
{
    text_reader_release(&r->in);
}

/* text_error returns -1: SUDOKU_EBAD */
_Static_assert(SUDOKU_EBAD == -1, "text_error's -1 is SUDOKU_EBAD");
#define set_error text_error
#define is_space(c) text_is_space((unsigned char)(c))
#define skip_space text_skip_space
#define is_blank_line text_is_blank

/* The next line: 1, 0 at the end, SUDOKU_EBAD for a line that is not text
 * (err set; the line counts as read), SUDOKU_EREAD, SUDOKU_ENOMEM. */
_Static_assert((int)TEXT_LINE == (int)SUDOKU_READ && (int)TEXT_END == (int)SUDOKU_OK &&
               (int)TEXT_BAD == (int)SUDOKU_EBAD && (int)TEXT_FAIL == (int)SUDOKU_EREAD &&
               (int)TEXT_NOMEM == (int)SUDOKU_ENOMEM, "text statuses are sudoku's");
static int next_line(sudoku_reader *r, dlx_diag *err)
{
    return text_next(&r->in, err);
}

static int is_comment(const char *s)
{
    return text_is_comment(s, '#');
}

/* A byte of a line in a message: 'Q', or '\x1b' for a control byte. */
static const char *quote_byte(const char *p, char *buf)
{
    return text_quote(p, 1, 1, buf, 16);
}

/* ---- the layouts --------------------------------------------------------- */

static int shape_for(const sudoku_reader *r, int N, sudoku_shape *shape)
{
    if (r->opt.box.N) {
        *shape = r->opt.box;
        return shape->N == N ? SUDOKU_OK : SUDOKU_EBAD;
    }
    return sudoku_default_shape(N, shape);
}

/* Symbols are ASCII: a byte past it (UTF-8 text: "é", "１") is reported
 * whole, as the character it starts, rather than counted as cells. */
static int non_ascii(const char *line, const char *p, size_t len, int lineno,
                     dlx_diag *err)
{
    for (size_t k = 0; k < len; k++) {
        unsigned char c = (unsigned char)p[k];
        if (c < 0x80)
            continue;
        size_t n = 1;
        while (n < 4 && k + n < len && ((unsigned char)p[k + n] & 0xC0) == 0x80)
            n++;
        char q[32];
        if (c >= 0xC2 && c <= 0xF4 && n > 1)
            return set_error(err, lineno, (int)(p + k - line) + 1,
                             "%s is not a sudoku symbol (symbols are "
                             "ASCII)", text_quote(p + k, n, 1, q, sizeof q));
        return set_error(err, lineno, (int)(p + k - line) + 1, "byte 0x%02x "
                         "is not a sudoku symbol (symbols are ASCII)", c);
    }
    return 0;
}

/* A symbol that is not one of the puzzle's: located, and named so that a
 * control byte never reaches the terminal raw. */
static int bad_symbol(const char *line, const char *p, int lineno, int N,
                      dlx_diag *err)
{
    char q[16];
    if ((unsigned char)*p >= 0x80)
        return non_ascii(line, p, strlen(p), lineno, err);
    if (N)
        return set_error(err, lineno, (int)(p - line) + 1, "%s is not a "
                         "symbol of a %dx%d puzzle", quote_byte(p, q), N, N);
    return set_error(err, lineno, (int)(p - line) + 1, "%s is not a sudoku "
                     "symbol", quote_byte(p, q));
}

/* One value of the numbers layout at p: a number from 0 to max or a
 * blank ('.', '_', '-', '*'); its value and the position after it, or -1
 * (err set) when the token is something else. */
static int number_token(const char *line, const char **pp, int max, int N,
                        int lineno, int *v, dlx_diag *err)
{
    const char *p = *pp, *start = p;
    long long value = 0;
    int st = 0;
    if (*p == '.' || *p == '_' || *p == '-' || *p == '*')
        p++;
    else
        st = text_number(p, max, &value, &p);
    if (st != 0 || (*p && !is_space(*p) && *p != '|')) {
        size_t n_bad = strcspn(start, " \t\v\f|");
        char q[64];
        text_quote(start, n_bad, 20, q, sizeof q);
        if (N)
            return set_error(err, lineno, (int)(start - line) + 1, "%s is not "
                             "a value of a %dx%d puzzle", q, N, N);
        return set_error(err, lineno, (int)(start - line) + 1, "%s is not a "
                         "value (a number up to %d, or '.' for a blank)", q,
                         max);
    }
    *v = (int)value;
    *pp = p;
    return 0;
}

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
    if (shape_for(r, (int)N, &shape) != SUDOKU_OK)
        return set_error(err, r->in.lineno, 0, "%ld numbers make a %ldx%ld "
                         "puzzle, not the %dx%d asked for", N * N, N, N,
                         r->opt.box.N, r->opt.box.N);
    if (sudoku_set_shape(s, shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    for (long k = 0; k < N * N; k++) {
        int v;
        p = skip_space(p);
        if (number_token(line, &p, (int)N, (int)N, r->in.lineno, &v, err))
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
static size_t number_tokens(const char *p)
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
static int read_line_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
                            dlx_diag *err)
{
    const char *line = r->in.line, *p = skip_space(line);
    int lineno = r->in.lineno;
    size_t tokens = number_tokens(p);
    if (tokens > SUDOKU_MAX_ORDER)
        return read_number_line(r, s, src, p, tokens, err);
    size_t len = 0;
    while (p[len] && !is_space(p[len]))
        len++;
    int col0 = (int)(p - line) + 1;
    if (non_ascii(line, p, len, lineno, err) != 0)
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
    if (shape_for(r, N, &shape) != SUDOKU_OK)
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
            return bad_symbol(line, p + k, lineno, N, err);
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
 * reader's table, as read_line_layout would read it (no letters: so the
 * symbols are digits; the same length: so no other check can fail).
 * Anything else (white space first, a comment, another length, a letter,
 * a tail of numbers, --box, symbols or a layout asked for) returns 0, and
 * the general reader takes the line, so that every message comes from one
 * place.  1 when the puzzle was read. */
static int read_line_quick(sudoku_reader *r, sudoku *s, sudoku_source *src)
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
    /* the table read_line_layout made, when it is for digits of this
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
    /* read_line_layout reads a line of many numbers as one puzzle */
    const char *tail = skip_space(line + NN);
    if (*tail && number_tokens(line) > SUDOKU_MAX_ORDER)
        return 0;
    src->layout = SUDOKU_LAYOUT_LINE;
    src->symbols = SUDOKU_SYM_DIGITS;
    src->line = r->in.lineno;
    src->tail = *tail ? (char *)tail : NULL;
    return 1;
}

/* A separator line of a grid: only - + = | and spaces, and no '|' alone
 * (a row of dashes between bars is a row of blanks). */
static int is_separator(const char *s)
{
    int marks = 0, bars = 0, plus = 0;
    for (; *s; s++) {
        if (*s == '-' || *s == '=')
            marks++;
        else if (*s == '+')
            plus++;
        else if (*s == '|')
            bars++;
        else if (!is_space(*s))
            return 0;
    }
    return (marks > 0 && bars == 0) || plus > 0;
}

/* Symbols of one grid row: values into row[], count returned; -1 with err
 * for an unknown symbol. */
static int grid_row(sudoku_reader *r, sudoku_symbols sym, int N, int *row,
                    int max, dlx_diag *err)
{
    int n = 0;
    const char *line = r->in.line;
    if (sym == SUDOKU_SYM_NUMBERS) {
        const char *p = line;
        for (;;) {
            p = skip_space(p);
            if (*p == '|') {
                p++;
                continue;
            }
            if (!*p)
                break;
            int v = 0;
            if (number_token(line, &p, N ? N : SUDOKU_MAX_ORDER, N,
                             r->in.lineno, &v, err) != 0)
                return -1;
            if (n < max)
                row[n] = v;
            n++;
        }
        return n;
    }
    for (const char *p = line; *p; p++) {
        if (is_space(*p) || *p == '|')
            continue;
        int v = sudoku_symbol_value(*p, sym, N ? N : 35);
        if (v < 0)
            return bad_symbol(line, p, r->in.lineno, N, err);
        if (n < max)
            row[n] = v;
        n++;
    }
    return n;
}

static sudoku_layout detect(const sudoku_reader *r, int first_line);

/* Does the current line hold a puzzle of its own (a one-line puzzle or a
 * game ID)?  Then it is not part of a grid, whatever came before. */
static int starts_own_puzzle(const sudoku_reader *r)
{
    if (r->opt.layout)
        return 0;
    sudoku_layout l = detect(r, 0);
    return l == SUDOKU_LAYOUT_LINE || l == SUDOKU_LAYOUT_TATHAM;
}

/* Skips to the line after the next blank line, to start over after a bad
 * grid; a line that is a puzzle of its own is kept for the next read. */
static void skip_block(sudoku_reader *r)
{
    dlx_diag ignored;
    int got;
    while ((got = next_line(r, &ignored)) != 0 && got != SUDOKU_EREAD &&
           got != SUDOKU_ENOMEM) {
        if (got < 0)
            continue; /* a line that is not text: part of the bad block */
        if (is_blank_line(r->in.line))
            return;
        if (starts_own_puzzle(r)) {
            text_push_back(&r->in);
            return;
        }
    }
}

/* A bad grid: skips the rest of its block, returns SUDOKU_EBAD. */
static int bad_block(sudoku_reader *r)
{
    skip_block(r);
    return SUDOKU_EBAD;
}

/* Is the line white-space separated numbers (and blanks), some of more
 * than one digit?  Then a grid row is read as numbers, not symbols. */
static int is_number_row(const char *p)
{
    int tokens = 0, long_number = 0;
    for (p = skip_space(p); *p; p = skip_space(p)) {
        if (*p == '|') {
            p++;
            continue;
        }
        size_t n = strcspn(p, " \t\v\f|");
        if (n == 1 && strchr("._-*", *p)) {
            /* a blank */
        } else {
            for (size_t k = 0; k < n; k++)
                if (!isdigit((unsigned char)p[k]))
                    return 0;
            long_number |= n > 1;
        }
        tokens++;
        p += n;
    }
    return tokens > 1 && long_number;
}

/* The next line of a block that is not text ends the puzzle: err holds
 * what is wrong with it. */
static int line_in_block(sudoku_reader *r, dlx_diag *err)
{
    int got = next_line(r, err);
    if (got == SUDOKU_EBAD)
        return bad_block(r);
    return got;
}

/* ---- the variant sections after a grid ------------------------------------
 *
 *   diagonals:          both main diagonals are units (X)
 *   regions:            N rows of N labels, one character a cell (spaces
 *   AAABBBCCC           and '|' between them are ignored): the jigsaw's
 *   ...                 regions, each label one region of N cells
 *   cages:              N rows of labels, '.' for a cell in no cage;
 *   aabbc.ddd           then a line "LABEL SUM" for each cage
 *   ...
 *   a 12
 */

/* Is the line the keyword of a section ("regions:")? */
static int section_is(const char *line, const char *word)
{
    const char *p = skip_space(line);
    size_t n = strlen(word);
    return !strncmp(p, word, n) && p[n] == ':' && !*skip_space(p + n + 1);
}

static int is_section(const char *line)
{
    return section_is(line, "diagonals") || section_is(line, "regions") ||
           section_is(line, "cages");
}

/* N rows of one-character labels into label[] (as characters). */
static int label_rows(sudoku_reader *r, int N, const char *what,
                      char *label, dlx_diag *err)
{
    int first = r->in.lineno;
    for (int row = 0; row < N; row++) {
        int got = next_line(r, err);
        if (got < 0)
            return got;
        if (got == 0 || is_blank_line(r->in.line) || is_section(r->in.line))
            return set_error(err, first, 0, "the %s have %d rows, expected "
                             "%d", what, row, N);
        int n = 0;
        for (const char *p = r->in.line; *p; p++) {
            if (is_space(*p) || *p == '|')
                continue;
            if ((unsigned char)*p < 33 || (unsigned char)*p > 126) {
                char q[16];
                return set_error(err, r->in.lineno,
                                 (int)(p - r->in.line) + 1, "%s is not a "
                                 "label", quote_byte(p, q));
            }
            if (n < N)
                label[row * N + n] = *p;
            n++;
        }
        if (n != N)
            return set_error(err, r->in.lineno, 0, "%s row %d has %d labels, "
                             "expected %d", what, row + 1, n, N);
    }
    return 0;
}

/* Labels into numbers 0.. in order of first appearance ('.' is -1 when
 * dot_is_none); their count. */
static int number_labels(const char *label, int NN, int dot_is_none,
                         int *num, char *seen)
{
    int n = 0;
    for (int i = 0; i < NN; i++) {
        if (dot_is_none && label[i] == '.') {
            num[i] = -1;
            continue;
        }
        int k = 0;
        while (k < n && seen[k] != label[i])
            k++;
        if (k == n)
            seen[n++] = label[i];
        num[i] = k;
    }
    return n;
}

static int read_regions(sudoku_reader *r, sudoku *s, dlx_diag *err)
{
    int N = s->shape.N, NN = N * N, at = r->in.lineno, st;
    char *label = malloc((size_t)NN), seen[128];
    int *num = malloc((size_t)NN * sizeof *num);
    if (!label || !num) {
        st = SUDOKU_ENOMEM;
        goto done;
    }
    if ((st = label_rows(r, N, "regions", label, err)) != 0)
        goto done;
    int n = number_labels(label, NN, 0, num, seen);
    if (n != N) {
        st = set_error(err, at, 0, "the regions have %d labels, expected %d",
                       n, N);
        goto done;
    }
    dlx_diag why;
    if ((st = sudoku_set_regions(s, num)) == 0 &&
        sudoku_check_variant(s, &why) != SUDOKU_OK)
        st = set_error(err, at, 0, "%s ('%c')", why.message,
                       seen[strtol(why.message + 7, NULL, 10) - 1]);
done:
    free(label);
    free(num);
    return st;
}

static int read_cages(sudoku_reader *r, sudoku *s, dlx_diag *err)
{
    int N = s->shape.N, NN = N * N, at = r->in.lineno, st;
    char *label = malloc((size_t)NN), seen[128];
    int *num = malloc((size_t)NN * sizeof *num);
    int sum[128];
    if (!label || !num) {
        st = SUDOKU_ENOMEM;
        goto done;
    }
    if (N > SUDOKU_MAX_CAGE_ORDER) {
        st = set_error(err, at, 0, "cages are taken up to order %d, not %d",
                       SUDOKU_MAX_CAGE_ORDER, N);
        goto done;
    }
    if ((st = label_rows(r, N, "cages", label, err)) != 0)
        goto done;
    int n = number_labels(label, NN, 1, num, seen);
    for (int k = 0; k < n; k++)
        sum[k] = 0;
    /* the sums: "LABEL SUM" lines up to a blank line, a section or the
     * end */
    int got;
    while ((got = next_line(r, err)) > 0 && !is_blank_line(r->in.line) &&
           !is_section(r->in.line)) {
        const char *line = r->in.line, *p = skip_space(line), *end;
        if (is_comment(line))
            continue;
        int k = 0;
        while (k < n && seen[k] != *p)
            k++;
        long long v;
        if (k == n) {
            char q[16];
            st = set_error(err, r->in.lineno, (int)(p - line) + 1, "%s is "
                           "not a cage label of the grid above",
                           quote_byte(p, q));
            goto done;
        }
        const char *num_at = skip_space(p + 1);
        if (!is_space(p[1]) || text_number(num_at, (long long)N * NN, &v,
                                           &end) != 0 || v < 1 ||
            *skip_space(end)) {
            st = set_error(err, r->in.lineno, (int)(num_at - line) + 1,
                           "expected 'LABEL SUM' with a sum from 1 to %d",
                           N * NN);
            goto done;
        }
        if (sum[k]) {
            st = set_error(err, r->in.lineno, (int)(p - line) + 1, "cage "
                           "'%c' has a sum already", *p);
            goto done;
        }
        sum[k] = (int)v;
    }
    if (got < 0) {
        st = got;
        goto done;
    }
    if (got > 0 && is_section(r->in.line))
        text_push_back(&r->in);
    for (int k = 0; k < n; k++)
        if (!sum[k]) {
            st = set_error(err, r->in.lineno, 0, "cage '%c' has no sum line",
                           seen[k]);
            goto done;
        }
    dlx_diag why;
    if ((st = sudoku_set_cages(s, n, num, sum)) == 0 &&
        sudoku_check_variant(s, &why) != SUDOKU_OK)
        st = set_error(err, at, 0, "%s", why.message);
done:
    free(label);
    free(num);
    return st;
}

/* The sections after a grid, if any; 0 or an error status. */
static int read_sections(sudoku_reader *r, sudoku *s, dlx_diag *err)
{
    int got;
    while ((got = next_line(r, err)) > 0) {
        const char *line = r->in.line;
        int st = 0;
        if (section_is(line, "diagonals"))
            s->diagonals = 1;
        else if (section_is(line, "regions"))
            st = s->jigsaw ? set_error(err, r->in.lineno, 1, "a second "
                                       "regions section")
                           : read_regions(r, s, err);
        else if (section_is(line, "cages"))
            st = s->n_cages ? set_error(err, r->in.lineno, 1, "a second "
                                        "cages section")
                            : read_cages(r, s, err);
        else {
            text_push_back(&r->in);
            return 0;
        }
        if (st != 0)
            return st;
    }
    return got;
}

static int read_grid_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
                            dlx_diag *err)
{
    int first = r->in.lineno, N = 0, rows = 0;
    int row[SUDOKU_MAX_ORDER + 1];
    sudoku_symbols sym = r->opt.symbols;
    /* count the symbols of the first row to know N */
    if (!sym)
        sym = is_number_row(r->in.line) ? SUDOKU_SYM_NUMBERS
                                        : SUDOKU_SYM_ALNUM;
    int n = grid_row(r, sym, 0, row, SUDOKU_MAX_ORDER, err);
    if (n < 0)
        return bad_block(r);
    N = r->opt.box.N ? r->opt.box.N : n;
    sudoku_shape shape;
    if (N < 1 || N > SUDOKU_MAX_ORDER || shape_for(r, N, &shape) != 0) {
        set_error(err, r->in.lineno, 0, "a grid row of %d cells: order %d "
                  "is not supported", n, n);
        return bad_block(r);
    }
    if (sudoku_set_shape(s, shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    if (sym == SUDOKU_SYM_ALNUM && N <= 9 && !r->opt.symbols)
        sym = SUDOKU_SYM_DIGITS;
    for (;;) {
        if (rows > 0) {
            int got = line_in_block(r, err);
            if (got < 0)
                return got;
            if (got == 0 || is_blank_line(r->in.line))
                break;
            if (is_comment(r->in.line) || is_separator(r->in.line))
                continue;
            if (rows == N || starts_own_puzzle(r) ||
                is_section(r->in.line)) {
                /* a new puzzle right after this one, or its variant */
                text_push_back(&r->in);
                break;
            }
        }
        /* the first row is read again with the final symbols */
        n = grid_row(r, sym, N, row, SUDOKU_MAX_ORDER, err);
        if (n < 0)
            return bad_block(r);
        if (n != N) {
            set_error(err, r->in.lineno, 0, "row %d has %d cells, expected "
                      "%d", rows + 1, n, N);
            return bad_block(r);
        }
        for (int c = 0; c < N; c++)
            s->cell[rows * N + c] = (unsigned char)row[c];
        rows++;
    }
    if (rows != N)
        return set_error(err, first, 0, "the grid has %d rows, expected %d",
                         rows, N);
    int st = read_sections(r, s, err);
    if (st != 0)
        return st == SUDOKU_EBAD ? bad_block(r) : st;
    src->layout = SUDOKU_LAYOUT_GRID;
    src->symbols = sym;
    src->line = first;
    src->tail = NULL;
    return SUDOKU_READ;
}

/* "N", "RxC" or "N RxC" on a line of its own (the numbers layout): 0 with
 * the shape; -2 when the line has that form but the numbers are out of
 * range (err says which); -1 when it is not such a line.  A lone number
 * of four digits or more is not taken for a size: "1234" is a grid row. */
static int numbers_header(const char *line, int lineno, sudoku_shape *shape,
                          dlx_diag *err)
{
    const char *p = skip_space(line), *end;
    long long n = 0, R, C;
    int has_n = 0, st;
    if (box_numbers(p, &R, &C, &end) == -1) {
        st = text_number(p, SUDOKU_MAX_ORDER, &n, &end);
        if (st == -1 || (*end && !is_space(*end)) || end - p > 3)
            return -1;
        /* a size only when nothing or a box follows: "0 0 1 0" is a grid
         * row that starts with a blank */
        const char *after = skip_space(end), *box_end;
        long long R2, C2;
        if (*after && (box_numbers(after, &R2, &C2, &box_end) == -1 ||
                       *skip_space(box_end)))
            return -1;
        if (st == -2 || n < 1)
            return set_error(err, lineno, (int)(p - line) + 1, "size %.*s "
                             "is out of range (1 to %d)", (int)(end - p), p,
                             SUDOKU_MAX_ORDER) - 1;
        has_n = 1;
        p = after;
        if (!*p)
            return sudoku_default_shape((int)n, shape) == SUDOKU_OK ? 0 : -1;
    }
    const char *box = p;
    st = box_numbers(box, &R, &C, &end);
    if (st == -1 || *skip_space(end))
        return -1;
    if (st == -2 || R < 1 || C < 1 || R * C > SUDOKU_MAX_ORDER)
        return set_error(err, lineno, (int)(box - line) + 1, "boxes %.*s: "
                         "R*C must be 1 to %d", (int)(end - box), box,
                         SUDOKU_MAX_ORDER) - 1;
    if (has_n && n != R * C)
        return set_error(err, lineno, (int)(box - line) + 1, "size %lld "
                         "with boxes %lldx%lld (of %lld cells)", n, R, C,
                         R * C) - 1;
    *shape = (sudoku_shape){ (int)R, (int)C, (int)(R * C) };
    return 0;
}

static int read_numbers_layout(sudoku_reader *r, sudoku *s,
                               sudoku_source *src, dlx_diag *err)
{
    int first = r->in.lineno;
    sudoku_shape shape;
    int st = numbers_header(r->in.line, first, &shape, err);
    if (st == -2)
        return bad_block(r);
    if (st != 0) {
        char q[64];
        set_error(err, first, 1, "expected a size line ('9', '2x3' or '6 "
                  "2x3'), found %s", text_quote(r->in.line, r->in.len, 40,
                                                q, sizeof q));
        return bad_block(r);
    }
    if (r->opt.box.N)
        shape = r->opt.box;
    if (sudoku_set_shape(s, shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    int N = shape.N, cells = 0;
    while (cells < N * N) {
        int got = line_in_block(r, err);
        if (got < 0)
            return got;
        if (got == 0 || is_blank_line(r->in.line))
            return set_error(err, r->in.lineno, 0, "found %d numbers, "
                             "expected %d for %dx%d", cells, N * N, N, N);
        if (is_comment(r->in.line))
            continue;
        /* the numbers of this line, straight into the cells: a line may
         * hold a few numbers or all of them */
        const char *line = r->in.line, *p = line;
        for (;;) {
            p = skip_space(p);
            if (*p == '|') {
                p++;
                continue;
            }
            if (!*p)
                break;
            int v;
            if (number_token(line, &p, N, N, r->in.lineno, &v, err) != 0)
                return bad_block(r);
            if (cells == N * N) {
                set_error(err, r->in.lineno, (int)(p - line), "more than "
                          "the %d numbers of a %dx%d puzzle", N * N, N, N);
                return bad_block(r);
            }
            s->cell[cells++] = (unsigned char)v;
        }
    }
    st = read_sections(r, s, err);
    if (st != 0)
        return st == SUDOKU_EBAD ? bad_block(r) : st;
    src->layout = SUDOKU_LAYOUT_NUMBERS;
    src->symbols = SUDOKU_SYM_NUMBERS;
    src->line = first;
    src->tail = NULL;
    return SUDOKU_READ;
}

/* A grid part of a Solo description at *pp (up to ',' or white space):
 * numbers 1..max are values, a..z runs of 1..26 zeros, '_' between two
 * numbers.  Fills v[0..n-1]; 0, or -1 with err.  `what` names the part
 * in messages ("description": the givens, worded as for plain IDs). */
static int solo_grid_part(const char **pp, const char *text, int lineno,
                          int col0, int n, int max, const char *what,
                          int *v, dlx_diag *err)
{
    const char *p = *pp;
    int cells = 0, after_number = 0, order = (int)text_isqrt(n);
    int givens = !strcmp(what, "description");
    for (; *p && *p != ',' && !is_space(*p); p++) {
        int col = col0 + (int)(p - text);
        if (*p >= 'a' && *p <= 'z') {
            for (int k = 0; k < *p - 'a' + 1 && cells + k < n; k++)
                v[cells + k] = 0;
            cells += *p - 'a' + 1;
            after_number = 0;
        } else if (*p == '_') {
            if (!after_number)
                return set_error(err, lineno, col, "'_' must separate two "
                                 "numbers");
            after_number = 0;
        } else if (*p >= '0' && *p <= '9') {
            long long x;
            const char *end;
            if (text_number(p, max, &x, &end) != 0 || x < 1)
                return givens
                    ? set_error(err, lineno, col, "given %.*s is out of "
                                "range for %dx%d", (int)(end - p), p,
                                order, order)
                    : set_error(err, lineno, col, "cage sum %.*s is out of "
                                "range (1 to %d)", (int)(end - p), p, max);
            p = end - 1;
            if (cells < n)
                v[cells] = (int)x;
            cells++;
            after_number = 1;
        } else {
            char q[16];
            return set_error(err, lineno, col, "unexpected %s in a Solo "
                             "description", quote_byte(p, q));
        }
        if (cells > n)
            return set_error(err, lineno, col, "the %s has more than %d "
                             "cells", what, n);
    }
    if (cells != n)
        return givens
            ? set_error(err, lineno, 0, "the description has %d cells, "
                        "expected %d for %dx%d", cells, n, order, order)
            : set_error(err, lineno, col0 + (int)(p - text), "the %s has %d "
                        "cells, expected %d", what, cells, n);
    *pp = p;
    return 0;
}

static int dsf_find(int *dsf, int i)
{
    while (dsf[i] != i)
        i = dsf[i] = dsf[dsf[i]];
    return i;
}

/* The cell on each side of internal edge `pos` of an N x N grid, in
 * Solo's order: the N(N-1) vertical edges in reading order, then the
 * N(N-1) horizontal ones column by column. */
static void solo_edge(int N, int pos, int *p0, int *p1)
{
    if (pos < N * (N - 1)) {
        int y = pos / (N - 1), x = pos % (N - 1);
        *p0 = y * N + x;
        *p1 = y * N + x + 1;
    } else {
        int x = pos / (N - 1) - N, y = pos % (N - 1);
        *p0 = y * N + x;
        *p1 = (y + 1) * N + x;
    }
}

/* A block structure part at *pp (Solo's jigsaw regions or killer cages):
 * each letter is a run of edges that are not borders ('_' none, 'a' 1 ..
 * 'y' 25) followed by a border, and 'z' 26 with no border after (as
 * solo.c's decoder reads it).  Numbers the blocks 0.. in reading order
 * of their first cell into block[]; returns their count, or -1 with err. */
static int solo_blocks_part(const char **pp, const char *text, int lineno,
                            int col0, int N, const char *what, int *block,
                            int *dsf, dlx_diag *err)
{
    const char *p = *pp;
    int NN = N * N, edges = 2 * N * (N - 1), pos = 0;
    for (int i = 0; i < NN; i++)
        dsf[i] = i;
    for (; *p && *p != ',' && !is_space(*p); p++) {
        int run;
        if (*p == '_')
            run = 0;
        else if (*p >= 'a' && *p <= 'z')
            run = *p - 'a' + 1;
        else {
            char q[16];
            return set_error(err, lineno, col0 + (int)(p - text),
                             "unexpected %s in the %s part (letters and "
                             "'_')", quote_byte(p, q), what);
        }
        if (pos + run > edges)
            return set_error(err, lineno, col0 + (int)(p - text), "the %s "
                             "part describes more than the %d edges of a "
                             "%dx%d grid", what, edges, N, N);
        for (; run > 0; run--, pos++) {
            int a, b;
            solo_edge(N, pos, &a, &b);
            dsf[dsf_find(dsf, a)] = dsf_find(dsf, b);
        }
        if (*p != 'z')
            pos++;
    }
    if (p == *pp)
        return set_error(err, lineno, col0 + (int)(p - text), "the %s part "
                         "is empty: expected the %d edges of a %dx%d grid",
                         what, edges, N, N);
    /* the last letter's border is the virtual edge past the end */
    if (pos != edges + 1)
        return set_error(err, lineno, col0 + (int)(p - text), "the %s part "
                         "describes %d edges, expected %d for %dx%d", what,
                         pos - 1, edges, N, N);
    int n = 0;
    for (int i = 0; i < NN; i++)
        block[i] = -1;
    for (int i = 0; i < NN; i++) {
        int root = dsf_find(dsf, i);
        if (block[root] < 0)
            block[root] = n++;
        block[i] = block[root];
    }
    *pp = p;
    return n;
}

/* The variant parts of a Solo description after its grid: ",regions" for
 * a jigsaw, ",cages,sums" for a killer. */
static int solo_variant_parts(const char **pp, const char *text, int lineno,
                              int col0, int jigsaw, int killer, sudoku *s,
                              dlx_diag *err)
{
    int N = s->shape.N, NN = N * N, st = 0;
    int *block = malloc((size_t)NN * sizeof *block);
    int *dsf = malloc((size_t)NN * sizeof *dsf);
    int *sums = malloc((size_t)NN * sizeof *sums);
    if (!block || !dsf || !sums) {
        st = SUDOKU_ENOMEM;
        goto done;
    }
    const char *p = *pp;
    dlx_diag why;
    if (jigsaw) {
        if (*p != ',') {
            st = set_error(err, lineno, col0 + (int)(p - text), "expected "
                           "',' and the jigsaw regions after the grid");
            goto done;
        }
        p++;
        int start = col0 + (int)(p - text);
        int n = solo_blocks_part(&p, text, lineno, col0, N, "jigsaw", block,
                                 dsf, err);
        if (n < 0) {
            st = n;
            goto done;
        }
        if (n != N) {
            st = set_error(err, lineno, start, "the jigsaw part has %d "
                           "regions, expected %d", n, N);
            goto done;
        }
        if ((st = sudoku_set_regions(s, block)) != 0)
            goto done;
        if (sudoku_check_variant(s, &why) != SUDOKU_OK) {
            st = set_error(err, lineno, start, "%s", why.message);
            goto done;
        }
    }
    if (killer) {
        if (*p != ',') {
            st = set_error(err, lineno, col0 + (int)(p - text), "expected "
                           "',' and the killer cages after the grid%s",
                           jigsaw ? " and regions" : "");
            goto done;
        }
        p++;
        int start = col0 + (int)(p - text);
        int n = solo_blocks_part(&p, text, lineno, col0, N, "killer cage",
                                 block, dsf, err);
        if (n < 0) {
            st = n;
            goto done;
        }
        if (*p != ',') {
            st = set_error(err, lineno, col0 + (int)(p - text), "expected "
                           "',' and the cage sums after the cages");
            goto done;
        }
        p++;
        int sums_at = col0 + (int)(p - text);
        if ((st = solo_grid_part(&p, text, lineno, col0, NN, N * NN,
                                 "cage sums part", sums, err)) != 0)
            goto done;
        /* a cage's sum is on its first cell in reading order */
        int *sum = dsf;
        for (int k = 0; k < n; k++)
            sum[k] = 0;
        for (int i = 0; i < NN; i++) {
            int k = block[i];
            char name[24];
            int first = sum[k] == 0 && sums[i];
            if (sums[i] && !first) {
                st = set_error(err, lineno, sums_at, "the cage sums: %s has "
                               "a sum but is not the first cell of its cage",
                               sudoku_cell_name(&s->shape, i, name));
                goto done;
            }
            if (first)
                sum[k] = sums[i];
            else if (sum[k] == 0) {
                st = set_error(err, lineno, sums_at, "the cage sums: the "
                               "cage at %s has no sum",
                               sudoku_cell_name(&s->shape, i, name));
                goto done;
            }
        }
        if ((st = sudoku_set_cages(s, n, block, sum)) != 0)
            goto done;
        if (sudoku_check_variant(s, &why) != SUDOKU_OK) {
            st = set_error(err, lineno, start, "%s", why.message);
            goto done;
        }
    }
    *pp = p;
done:
    free(block);
    free(dsf);
    free(sums);
    return st;
}

/* Simon Tatham's Solo: "RxC:DESC" (or "N:" for N x N boxes), numbers are
 * givens, a..z runs of 1..26 blanks, '_' between two numbers.  Solo's
 * variants carry letters in the parameters: 'j' jigsaw ("9j:", or
 * "3x3j:"), 'x' both diagonals, 'k' killer, in any combination; after
 * the grid come ",REGIONS" (jigsaw) and ",CAGES,SUMS" (killer). */
static int parse_tatham(const char *text, int lineno, int col0,
                        const sudoku_read_options *opt, sudoku *s,
                        dlx_diag *err)
{
    long long R, C;
    const char *p;
    int st = box_numbers(text, &R, &C, &p);
    if (st == -1) {
        /* "N": boxes of N x N; "Nj": a jigsaw of order N */
        st = text_number(text, SUDOKU_MAX_ORDER, &R, &p);
        C = R;
        if (st == 0 && *p == 'j')
            C = 1;
    }
    if (st == -1)
        return set_error(err, lineno, col0, "not a Solo game ID: expected "
                         "RxC:... (like 3x3:...)");
    if (st == -2 || R < 1 || C < 1 || R * C > SUDOKU_MAX_ORDER)
        return set_error(err, lineno, col0, "a Solo game ID of %.*s: the "
                         "order R*C must be 1 to %d", (int)(p - text), text,
                         SUDOKU_MAX_ORDER);
    int jigsaw = 0, diagonals = 0, killer = 0;
    while (*p && *p != ':') {
        if (*p == 'j')
            jigsaw = 1;
        else if (*p == 'x')
            diagonals = 1;
        else if (*p == 'k')
            killer = 1;
        else if (!isalnum((unsigned char)*p)) {
            char q[16];
            return set_error(err, lineno, col0 + (int)(p - text),
                             "unexpected %s in the Solo parameters",
                             quote_byte(p, q));
        }
        p++;
    }
    if (*p != ':')
        return set_error(err, lineno, col0 + (int)(p - text),
                         "missing ':' after the Solo parameters");
    /* the first number is the boxes' rows (tatham-solo.tsv's 2x3 and 3x4
     * IDs solve to their listed solutions so); a jigsaw "RxCj" or "Nj" is
     * of order R*C, its boxes only drawn */
    sudoku_shape shape = { (int)R, (int)C, (int)(R * C) };
    if (jigsaw)
        sudoku_default_shape((int)(R * C), &shape);
    if (opt && opt->box.N && opt->box.N != shape.N)
        return set_error(err, lineno, col0, "the ID is %dx%d, not the "
                         "asked-for %dx%d", shape.N, shape.N, opt->box.N,
                         opt->box.N);
    if (opt && opt->box.N)
        shape = opt->box;
    if (killer && shape.N > SUDOKU_MAX_CAGE_ORDER)
        return set_error(err, lineno, col0, "killer sudoku is taken up to "
                         "order %d, not %d", SUDOKU_MAX_CAGE_ORDER, shape.N);
    if (sudoku_set_shape(s, shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    int N = shape.N, NN = N * N;
    int *v = malloc((size_t)NN * sizeof *v);
    if (!v)
        return SUDOKU_ENOMEM;
    p++;
    st = solo_grid_part(&p, text, lineno, col0, NN, N, "description", v,
                        err);
    for (int i = 0; st == 0 && i < NN; i++)
        s->cell[i] = (unsigned char)v[i];
    free(v);
    if (st != 0)
        return st;
    s->diagonals = diagonals;
    if ((jigsaw || killer) &&
        (st = solo_variant_parts(&p, text, lineno, col0, jigsaw, killer, s,
                                 err)) != 0)
        return st;
    if (*p == ',')
        return set_error(err, lineno, col0 + (int)(p - text), "unexpected "
                         "',' after the description (a part that the "
                         "parameters %s)", jigsaw || killer
                         ? "do not announce" : "do not announce: 'j' for a "
                         "jigsaw, 'k' for a killer");
    return 0;
}

static int looks_like_tatham(const char *p)
{
    /* digits ['x' digits] [letters] ':' */
    if (!isdigit((unsigned char)*p))
        return 0;
    while (isdigit((unsigned char)*p))
        p++;
    if (*p == 'x' && isdigit((unsigned char)p[1])) {
        p++;
        while (isdigit((unsigned char)*p))
            p++;
    }
    while (isalpha((unsigned char)*p))
        p++;
    return *p == ':';
}

/* Decides the layout of the puzzle that starts at the current line
 * (first_line) or whether a line inside a grid starts a puzzle of its own. */
static sudoku_layout detect(const sudoku_reader *r, int first_line)
{
    const char *p = skip_space(r->in.line);
    if (looks_like_tatham(p))
        return SUDOKU_LAYOUT_TATHAM;
    if (r->line_based)
        return SUDOKU_LAYOUT_LINE;
    sudoku_shape shape;
    dlx_diag ignored;
    if (numbers_header(p, 0, &shape, &ignored) != -1 && !strpbrk(p, "|+."))
        return SUDOKU_LAYOUT_NUMBERS;
    if (number_tokens(p) > SUDOKU_MAX_ORDER)
        return SUDOKU_LAYOUT_LINE;
    size_t len = strcspn(p, " \t\v\f");
    long square = text_isqrt((long)(len > 100000 ? 100000 : len));
    if (!strpbrk(p, "|+") && len >= 16 &&
        (len > 35 || (size_t)(square * square) == len))
        return SUDOKU_LAYOUT_LINE;
    /* fewer than 4 symbols and nothing else: a short (bad) one-line puzzle,
     * not the first row of a grid of order 1 to 3 (those need --box) */
    if (first_line && len < 4 && p[len] == '\0' && !r->opt.box.N)
        return SUDOKU_LAYOUT_LINE;
    return SUDOKU_LAYOUT_GRID;
}

/* In a file of one-line puzzles, a comment line that holds a puzzle of the
 * file's length after its '#' is a puzzle commented out, or one whose
 * first symbol was damaged: said, not dropped silently. */
static void warn_commented_puzzle(sudoku_reader *r)
{
    if (!r->line_based || !r->line_cells || !r->opt.on_warning)
        return;
    const char *p = skip_space(r->in.line) + 1;
    size_t len = strcspn(p, " \t\v\f");
    if (len + 1 != (size_t)r->line_cells && len != (size_t)r->line_cells)
        return;
    for (size_t k = 0; k < len; k++)
        if (sudoku_symbol_value(p[k], SUDOKU_SYM_AUTO, 35) < 0)
            return;
    dlx_diag w;
    set_error(&w, r->in.lineno, 1, "warning: a comment that looks like a "
              "puzzle (commented out, or its first symbol damaged) is "
              "skipped");
    r->opt.on_warning(r->opt.warning_ctx, &w);
}

static int read_puzzle(sudoku_reader *r, sudoku *s, sudoku_source *src,
                       dlx_diag *err);

int sudoku_read(sudoku_reader *r, sudoku *s, sudoku_source *src,
                dlx_diag *err)
{
    int got = read_puzzle(r, s, src, err);
    if (got == SUDOKU_READ && r->opt.diagonals)
        s->diagonals = 1;
    return got;
}

static int read_puzzle(sudoku_reader *r, sudoku *s, sudoku_source *src,
                       dlx_diag *err)
{
    memset(err, 0, sizeof *err);
    memset(src, 0, sizeof *src);
    for (;;) {
        int got = next_line(r, err);
        if (got <= 0) {
            src->line = err->line;
            return got; /* the end, a line that is not text, or failure */
        }
        if (read_line_quick(r, s, src))
            return SUDOKU_READ;
        if (is_blank_line(r->in.line))
            continue;
        if (is_comment(r->in.line)) {
            warn_commented_puzzle(r);
            continue;
        }
        sudoku_layout layout = r->opt.layout ? r->opt.layout : detect(r, 1);
        switch (layout) {
        case SUDOKU_LAYOUT_TATHAM: {
            const char *p = skip_space(r->in.line);
            src->line = r->in.lineno;
            r->line_based = 1;
            int st = parse_tatham(p, r->in.lineno, (int)(p - r->in.line) + 1,
                                  &r->opt, s, err);
            if (st != 0)
                return st == SUDOKU_ENOMEM ? st : SUDOKU_EBAD;
            src->layout = SUDOKU_LAYOUT_TATHAM;
            src->symbols = SUDOKU_SYM_NUMBERS;
            const char *tail = skip_space(p + strcspn(p, " \t\v\f"));
            src->tail = *tail ? (char *)tail : NULL;
            return SUDOKU_READ;
        }
        case SUDOKU_LAYOUT_NUMBERS:
            return read_numbers_layout(r, s, src, err);
        case SUDOKU_LAYOUT_LINE:
            r->line_based = 1;
            src->line = r->in.lineno;
            return read_line_layout(r, s, src, err);
        default:
            return read_grid_layout(r, s, src, err);
        }
    }
}

int sudoku_read_string(const char *text, const sudoku_read_options *opt,
                       sudoku *s, dlx_diag *err)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f)
        return SUDOKU_ENOMEM;
    sudoku_reader r;
    sudoku_reader_init(&r, f, "<string>", opt);
    sudoku_source src;
    int got = sudoku_read(&r, s, &src, err);
    sudoku_reader_release(&r);
    fclose(f);
    if (got == SUDOKU_OK)
        return set_error(err, 1, 0, "no puzzle");
    return got == SUDOKU_READ ? SUDOKU_OK : got;
}

/* The givens' check of a variant: every unit, then every cage (no digit
 * twice, the givens' sum at most the cage's, and equal when full). */
static int check_variant_givens(const sudoku *s, dlx_diag *err)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N, NN = N * N, n_units = sudoku_unit_count(s);
    int *cells = malloc((size_t)n_units * N * sizeof *cells);
    int *first = malloc((size_t)(N + 1) * sizeof *first);
    if (!cells || !first || sudoku_units(s, cells) < 0) {
        free(cells);
        free(first);
        return SUDOKU_ENOMEM;
    }
    char a[24], b[32], unit[32];
    int st = 0;
    for (int u = 0; u < n_units && !st; u++) {
        for (int d = 1; d <= N; d++)
            first[d] = -1;
        for (int k = 0; k < N && !st; k++) {
            int i = cells[u * N + k], d = s->cell[i];
            if (d && first[d] >= 0)
                st = set_error(err, 0, 0, "givens clash: %s and %s both hold "
                               "%d in %s", sudoku_cell_name(sh, first[d], a),
                               sudoku_cell_name(sh, i, b), d,
                               sudoku_unit_name(s, u, unit));
            else if (d)
                first[d] = i;
        }
    }
    for (int k = 0; k < s->n_cages && !st; k++) {
        int sum = 0, filled = 0, size = 0, at = -1;
        for (int d = 1; d <= N; d++)
            first[d] = -1;
        for (int i = 0; i < NN && !st; i++) {
            if (s->cage[i] != k)
                continue;
            int d = s->cell[i];
            size++;
            if (at < 0)
                at = i;
            if (!d)
                continue;
            if (first[d] >= 0)
                st = set_error(err, 0, 0, "givens clash: %s and %s both hold "
                               "%d in one cage",
                               sudoku_cell_name(sh, first[d], a),
                               sudoku_cell_name(sh, i, b), d);
            first[d] = i;
            sum += d;
            filled++;
        }
        if (!st && (sum > s->cage_sum[k] ||
                    (filled == size && sum != s->cage_sum[k])))
            st = set_error(err, 0, 0, "givens clash: the givens of the cage "
                           "at %s add up to %d, its sum is %d",
                           sudoku_cell_name(sh, at, a), sum, s->cage_sum[k]);
    }
    free(cells);
    free(first);
    return st ? SUDOKU_ECLASH : 0;
}

/* The quick look of a batch's every puzzle (orders up to 64): a bit per
 * digit of each row, column and box, one pass over the cells; 1 when no
 * two givens clash.  When some do, the walk below names them. */
static int givens_clear(const sudoku *s)
{
    const sudoku_shape *sh = &s->shape;
    const int N = sh->N, R = sh->R, C = sh->C;
    uint64_t row[64], col[64], box[64];
    for (int u = 0; u < N; u++)
        row[u] = col[u] = box[u] = 0;
    for (int r = 0, i = 0; r < N; r++)
        for (int c = 0; c < N; c++, i++) {
            int d = s->cell[i];
            if (!d)
                continue;
            uint64_t bit = (uint64_t)1 << (d - 1);
            int b = (r / R) * R + c / C;
            if ((row[r] | col[c] | box[b]) & bit)
                return 0;
            row[r] |= bit;
            col[c] |= bit;
            box[b] |= bit;
        }
    return 1;
}

int sudoku_check_givens(const sudoku *s, dlx_diag *err)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N;
    if (sudoku_is_variant(s))
        return check_variant_givens(s, err);
    if (N <= 64 && givens_clear(s))
        return 0;
    /* first[unit][digit]: the first cell seen holding digit in that unit
     * (rows, columns, boxes), so that a clash names both cells */
    static const char *const unit[] = { "row", "column", "box" };
    int first[3][SUDOKU_MAX_ORDER + 1];
    for (int kind = 0; kind < 3; kind++)
        for (int u = 0; u < N; u++) {
            for (int d = 1; d <= N; d++)
                first[kind][d] = -1;
            for (int k = 0; k < N; k++) {
                int i = sudoku_unit_cell(sh, kind, u, k), d = s->cell[i];
                if (!d)
                    continue;
                if (first[kind][d] >= 0) {
                    char a[24], b[24];
                    set_error(err, 0, 0, "givens clash: %s and %s both "
                              "hold %d in one %s",
                              sudoku_cell_name(sh, first[kind][d], a),
                              sudoku_cell_name(sh, i, b), d, unit[kind]);
                    return SUDOKU_ECLASH;
                }
                first[kind][d] = i;
            }
        }
    return 0;
}

/* ---- writing ------------------------------------------------------------- */

static int write_numbers(FILE *f, const sudoku *s, int header)
{
    int N = s->shape.N, w = N >= 10 ? (N >= 100 ? 3 : 2) : 1;
    if (header)
        fprintf(f, "%d %dx%d\n", N, s->shape.R, s->shape.C);
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            if (c && c % s->shape.C == 0 && !s->jigsaw)
                fputs(" |", f);
            fprintf(f, "%s%*d", c ? " " : "", w, s->cell[r * N + c]);
        }
        fputc('\n', f);
    }
    return 0;
}

/* A Solo grid part: the values of cell[] (NULL: the cage sums of s, each
 * on its cage's first cell), zeros as runs of letters. */
static void write_solo_grid(FILE *f, int N, const unsigned char *cell,
                            const sudoku *s)
{
    int run = 0, prev_number = 0;
    for (int i = 0; i <= N * N; i++) {
        int v = -1;
        if (i < N * N && cell)
            v = cell[i];
        else if (i < N * N) {
            int k = s->cage[i], first = 1;
            for (int j = 0; j < i && first; j++)
                first = s->cage[j] != k;
            v = k >= 0 && first ? s->cage_sum[k] : 0;
        }
        if (v == 0) {
            run++;
            continue;
        }
        while (run > 0) {
            int k = run > 26 ? 26 : run;
            fputc('a' + k - 1, f);
            run -= k;
            prev_number = 0;
        }
        if (v > 0) {
            fprintf(f, "%s%d", prev_number ? "_" : "", v);
            prev_number = 1;
        }
    }
}

/* A Solo block structure part: the borders between cells of different
 * blocks, as solo_blocks_part reads them ('z' for 26 edges that are not
 * borders and no border after). */
static void write_solo_blocks(FILE *f, int N, const int *block)
{
    int edges = 2 * N * (N - 1), run = 0;
    for (int pos = 0; pos <= edges; pos++) {
        int a, b;
        if (pos < edges) {
            solo_edge(N, pos, &a, &b);
            if (block[a] == block[b]) {
                run++;
                continue;
            }
        }
        for (; run >= 26; run -= 26)
            fputc('z', f);
        fputc(run ? 'a' + run - 1 : '_', f);
        run = 0;
    }
}

/* Labels of regions and cages in the grid layout's sections: printable
 * characters but '|', '.' and '#' (a line that starts with it is a
 * comment: the 65th cage of a 16x16 killer did not read back), letters
 * first. */
static const char section_labels[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    "!\"$%&'()*+,-/:;<=>?@[\\]^_`{}~";

static void write_label_rows(FILE *f, int N, const int *key)
{
    int n = (int)sizeof section_labels - 1;
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            int k = key[r * N + c];
            fputc(k < 0 ? '.' : k < n ? section_labels[k] : '?', f);
        }
        fputc('\n', f);
    }
}

/* The variant of s as sections after its grid (see read_sections). */
static void write_sections(FILE *f, const sudoku *s)
{
    int N = s->shape.N;
    if (s->diagonals)
        fputs("diagonals:\n", f);
    if (s->jigsaw) {
        fputs("regions:\n", f);
        write_label_rows(f, N, s->region);
    }
    if (s->n_cages) {
        fputs("cages:\n", f);
        write_label_rows(f, N, s->cage);
        for (int k = 0; k < s->n_cages && k < (int)sizeof section_labels - 1;
             k++)
            fprintf(f, "%c %d\n", section_labels[k], s->cage_sum[k]);
    }
}

int sudoku_write(FILE *f, const sudoku *s, sudoku_layout layout,
                 sudoku_symbols sym)
{
    int N = s->shape.N;
    if (!sym)
        sym = sudoku_default_symbols(N);
    if (sym != SUDOKU_SYM_NUMBERS && N > (sym == SUDOKU_SYM_LETTERS ? 26
                                          : sym == SUDOKU_SYM_HEX ? 16 : 35))
        sym = SUDOKU_SYM_NUMBERS;
    switch (layout) {
    case SUDOKU_LAYOUT_TATHAM:
        if (s->jigsaw)
            fprintf(f, "%dj", N);
        else
            fprintf(f, "%dx%d", s->shape.R, s->shape.C);
        fprintf(f, "%s%s:", s->diagonals ? "x" : "", s->n_cages ? "k" : "");
        write_solo_grid(f, N, s->cell, NULL);
        if (s->jigsaw) {
            fputc(',', f);
            write_solo_blocks(f, N, s->region);
        }
        if (s->n_cages) {
            fputc(',', f);
            write_solo_blocks(f, N, s->cage);
            fputc(',', f);
            write_solo_grid(f, N, NULL, s);
        }
        fputc('\n', f);
        break;
    case SUDOKU_LAYOUT_NUMBERS:
        write_numbers(f, s, 1);
        write_sections(f, s);
        break;
    case SUDOKU_LAYOUT_GRID:
        if (sym == SUDOKU_SYM_NUMBERS) {
            write_numbers(f, s, 0);
            write_sections(f, s);
            break;
        }
        for (int r = 0; r < N; r++) {
            if (r && r % s->shape.R == 0 && !s->jigsaw) {
                for (int c = 0; c < N; c++) {
                    if (c && c % s->shape.C == 0)
                        fputs("-+", f);
                    fputs(c ? "--" : "-", f);
                }
                fputc('\n', f);
            }
            for (int c = 0; c < N; c++) {
                if (c && c % s->shape.C == 0 && !s->jigsaw)
                    fputs(" |", f);
                fprintf(f, "%s%c", c ? " " : "",
                        sudoku_symbol_char(s->cell[r * N + c], sym));
            }
            fputc('\n', f);
        }
        write_sections(f, s);
        break;
    default:
        if (sym == SUDOKU_SYM_NUMBERS) {
            for (int i = 0; i < N * N; i++)
                fprintf(f, "%s%d", i ? " " : "", s->cell[i]);
        } else {
            for (int i = 0; i < N * N; i++)
                fputc(sudoku_symbol_char(s->cell[i], sym), f);
        }
        fputc('\n', f);
        break;
    }
    return ferror(f) ? EOF : 0;
}
