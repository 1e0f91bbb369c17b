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
        return -1;
    int R = 1;
    for (int r = 1; r * r <= N; r++)
        if (N % r == 0)
            R = r;
    *shape = (sudoku_shape){ R, N / R, N };
    return 0;
}

int sudoku_parse_box(const char *s, sudoku_shape *shape)
{
    int R, C, used = 0;
    if (sscanf(s, "%d%*[xX]%d%n", &R, &C, &used) != 2 || s[used] != '\0' ||
        R < 1 || C < 1 || R > SUDOKU_MAX_ORDER || C > SUDOKU_MAX_ORDER ||
        R * C > SUDOKU_MAX_ORDER)
        return -1;
    *shape = (sudoku_shape){ R, C, R * C };
    return 0;
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
            return -1;
        s->cell = c;
        s->cap = cells;
    }
    s->shape = shape;
    memset(s->cell, 0, (size_t)cells);
    return 0;
}

void sudoku_release(sudoku *s)
{
    free(s->cell);
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
    r->f = f;
    r->name = name;
    if (opt)
        r->opt = *opt;
    r->len = 0;
}

void sudoku_reader_release(sudoku_reader *r)
{
    free(r->line);
    r->line = NULL;
}

static int set_error(sudoku_error *err, int line, int col, const char *fmt,
                     ...)
{
    err->line = line;
    err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* The next line, without its end (\n or \r\n); 1, 0 at the end, -2 on a
 * read error or a NUL byte (reported). */
static int next_line(sudoku_reader *r, sudoku_error *err)
{
    if (r->pushed_back) {
        r->pushed_back = 0;
        return 1;
    }
    errno = 0;
    ssize_t n = getline(&r->line, &r->cap, r->f);
    if (n < 0) {
        r->len = -1;
        if (ferror(r->f))
            return set_error(err, r->lineno, 0, "read error: %s",
                             strerror(errno ? errno : EIO)) - 1;
        return 0;
    }
    r->lineno++;
    if ((size_t)n != strlen(r->line)) {
        r->len = n;
        set_error(err, r->lineno, (int)strlen(r->line) + 1,
                  "NUL byte in the input");
        return -3;
    }
    while (n > 0 && (r->line[n - 1] == '\n' || r->line[n - 1] == '\r'))
        r->line[--n] = '\0';
    /* a byte order mark (editors on Windows write one) is not text */
    if (r->lineno == 1 && n >= 3 && !memcmp(r->line, "\xEF\xBB\xBF", 3)) {
        memmove(r->line, r->line + 3, (size_t)n - 2);
        n -= 3;
    }
    r->len = n;
    return 1;
}

static int is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static const char *skip_space(const char *p)
{
    while (is_space(*p))
        p++;
    return p;
}

static int is_blank_line(const char *s)
{
    return *skip_space(s) == '\0';
}

static int is_comment(const char *s)
{
    return *skip_space(s) == '#';
}

/* ---- the layouts --------------------------------------------------------- */

static int shape_for(const sudoku_reader *r, int N, sudoku_shape *shape)
{
    if (r->opt.box.N) {
        *shape = r->opt.box;
        return shape->N == N ? 0 : -1;
    }
    return sudoku_default_shape(N, shape);
}

static int isqrt(int n)
{
    int k = 0;
    while ((k + 1) * (k + 1) <= n)
        k++;
    return k;
}

/* Symbols are ASCII: a byte past it (UTF-8 text: "é", "１") is reported
 * whole, as the character it starts, rather than counted as cells. */
static int non_ascii(const char *line, const char *p, size_t len, int lineno,
                     sudoku_error *err)
{
    for (size_t k = 0; k < len; k++) {
        unsigned char c = (unsigned char)p[k];
        if (c < 0x80)
            continue;
        size_t n = 1;
        while (n < 4 && k + n < len && ((unsigned char)p[k + n] & 0xC0) == 0x80)
            n++;
        if (c >= 0xC2 && c <= 0xF4 && n > 1)
            return set_error(err, lineno, (int)(p + k - line) + 1,
                             "'%.*s' is not a sudoku symbol (symbols are "
                             "ASCII)", (int)n, p + k);
        return set_error(err, lineno, (int)(p + k - line) + 1, "byte 0x%02x "
                         "is not a sudoku symbol (symbols are ASCII)", c);
    }
    return 0;
}

/* One puzzle per line: N*N symbols, then optional text after white space. */
static int read_line_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
                            sudoku_error *err)
{
    const char *line = r->line, *p = skip_space(line);
    size_t len = 0;
    while (p[len] && !is_space(p[len]))
        len++;
    int col0 = (int)(p - line) + 1;
    if (non_ascii(line, p, len, r->lineno, err) != 0)
        return -1;
    int N;
    if (r->opt.box.N) {
        N = r->opt.box.N;
        if ((size_t)N * (size_t)N != len)
            return set_error(err, r->lineno, 0, "found %zu cells, expected "
                             "%d for %dx%d", len, N * N, N, N);
    } else {
        N = isqrt((int)(len > 100000 ? 100000 : len));
        if (len > 35 * 35)
            return set_error(err, r->lineno, 0, "found %zu cells: a one-line "
                             "puzzle has at most 1225 (35x35, symbols 1-9 "
                             "and A-Z); larger orders take the numbers "
                             "layout", len);
        if ((size_t)N * (size_t)N != len || N < 1 || N > 35) {
            int up = N + 1 > 35 ? 35 : N + 1;
            return set_error(err, r->lineno, 0, "found %zu cells: a one-line "
                             "puzzle has N*N of them (%d for %dx%d, %d for "
                             "%dx%d)", len, N * N, N, N, up * up, up, up);
        }
    }
    sudoku_shape shape;
    if (shape_for(r, N, &shape) != 0 || sudoku_set_shape(s, shape) != 0)
        return set_error(err, r->lineno, 0, "order %d is not supported", N);
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
    for (size_t k = 0; k < len; k++) {
        int v = sudoku_symbol_value(p[k], sym, N);
        if (v < 0 && (unsigned char)p[k] >= 0x80)
            return non_ascii(line, p + k, len - k, r->lineno, err);
        if (v < 0)
            return set_error(err, r->lineno, col0 + (int)k,
                             "'%c' is not a symbol of a %dx%d puzzle", p[k],
                             N, N);
        s->cell[k] = (unsigned char)v;
    }
    src->layout = SUDOKU_LAYOUT_LINE;
    src->symbols = sym;
    src->line = r->lineno;
    const char *tail = skip_space(p + len);
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
                    int max, sudoku_error *err)
{
    int n = 0;
    const char *line = r->line;
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
            const char *start = p;
            int v = 0;
            if (*p == '.' || *p == '_' || *p == '-' || *p == '*') {
                p++;
            } else {
                while (*p >= '0' && *p <= '9' && v <= SUDOKU_MAX_ORDER)
                    v = v * 10 + (*p++ - '0');
            }
            if (p == start || (*p && !is_space(*p) && *p != '|') ||
                v > (N ? N : SUDOKU_MAX_ORDER)) {
                int n_bad = (int)strcspn(start, " \t|");
                if (N)
                    return set_error(err, r->lineno, (int)(start - line) + 1,
                                     "'%.*s' is not a value of a %dx%d "
                                     "puzzle", n_bad, start, N, N);
                return set_error(err, r->lineno, (int)(start - line) + 1,
                                 "'%.*s' is not a value (a number up to %d, "
                                 "or '.' for a blank)", n_bad, start,
                                 SUDOKU_MAX_ORDER);
            }
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
        if (v < 0 && (unsigned char)*p >= 0x80)
            return non_ascii(line, p, strlen(p), r->lineno, err);
        if (v < 0 && N)
            return set_error(err, r->lineno, (int)(p - line) + 1,
                             "'%c' is not a symbol of a %dx%d puzzle", *p, N,
                             N);
        if (v < 0)
            return set_error(err, r->lineno, (int)(p - line) + 1,
                             "'%c' is not a sudoku symbol", *p);
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
static void skip_block(sudoku_reader *r, sudoku_error *err)
{
    sudoku_error ignored;
    (void)err;
    while (next_line(r, &ignored) > 0 && !is_blank_line(r->line)) {
        if (starts_own_puzzle(r)) {
            r->pushed_back = 1;
            return;
        }
    }
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
        size_t n = strcspn(p, " \t\r\v\f|");
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

static int read_grid_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
                            sudoku_error *err)
{
    int first = r->lineno, N = 0, rows = 0;
    int row[SUDOKU_MAX_ORDER + 1];
    sudoku_symbols sym = r->opt.symbols;
    /* count the symbols of the first row to know N */
    if (!sym)
        sym = is_number_row(r->line) ? SUDOKU_SYM_NUMBERS : SUDOKU_SYM_ALNUM;
    int n = grid_row(r, sym, 0, row, SUDOKU_MAX_ORDER, err);
    if (n < 0) {
        skip_block(r, err);
        return -1;
    }
    N = r->opt.box.N ? r->opt.box.N : n;
    sudoku_shape shape;
    if (N < 1 || N > SUDOKU_MAX_ORDER || shape_for(r, N, &shape) != 0 ||
        sudoku_set_shape(s, shape) != 0) {
        set_error(err, r->lineno, 0, "a grid row of %d cells: order %d is "
                  "not supported", n, n);
        skip_block(r, err);
        return -1;
    }
    if (sym == SUDOKU_SYM_ALNUM && N <= 9 && !r->opt.symbols)
        sym = SUDOKU_SYM_DIGITS;
    for (;;) {
        if (rows > 0) {
            int got = next_line(r, err);
            if (got < -1)
                return got == -3 ? (skip_block(r, err), -1) : -2;
            if (got == 0 || is_blank_line(r->line))
                break;
            if (is_comment(r->line) || is_separator(r->line))
                continue;
            if (rows == N || starts_own_puzzle(r)) {
                /* a new puzzle right after this one */
                r->pushed_back = 1;
                break;
            }
            n = grid_row(r, sym, N, row, SUDOKU_MAX_ORDER, err);
            if (n < 0) {
                skip_block(r, err);
                return -1;
            }
        } else {
            /* the first row, read above with the provisional symbols */
            n = grid_row(r, sym, N, row, SUDOKU_MAX_ORDER, err);
            if (n < 0) {
                skip_block(r, err);
                return -1;
            }
        }
        if (n != N) {
            set_error(err, r->lineno, 0, "row %d has %d cells, expected %d",
                      rows + 1, n, N);
            skip_block(r, err);
            return -1;
        }
        for (int c = 0; c < N; c++)
            s->cell[rows * N + c] = (unsigned char)row[c];
        rows++;
    }
    if (rows != N)
        return set_error(err, first, 0, "the grid has %d rows, expected %d",
                         rows, N);
    src->layout = SUDOKU_LAYOUT_GRID;
    src->symbols = sym;
    src->line = first;
    src->tail = NULL;
    return 1;
}

/* "N", "RxC" or "N RxC" on a line of its own, then N*N numbers. */
static int numbers_header(const char *line, sudoku_shape *shape)
{
    char a[32], b[32];
    int k = sscanf(line, " %31s %31s", a, b);
    char *end;
    if (k < 1)
        return -1;
    if (strchr(a, 'x') || strchr(a, 'X'))
        return k == 1 ? sudoku_parse_box(a, shape) : -1;
    long n = strtol(a, &end, 10);
    if (*end || n < 1 || n > SUDOKU_MAX_ORDER)
        return -1;
    if (k == 1)
        return sudoku_default_shape((int)n, shape);
    return sudoku_parse_box(b, shape) == 0 && shape->N == n ? 0 : -1;
}

static int read_numbers_layout(sudoku_reader *r, sudoku *s,
                               sudoku_source *src, sudoku_error *err)
{
    int first = r->lineno;
    sudoku_shape shape;
    if (numbers_header(r->line, &shape) != 0)
        return set_error(err, r->lineno, 1, "expected a size line ('9', "
                         "'2x3' or '6 2x3'), found '%.40s'", r->line);
    if (r->opt.box.N)
        shape = r->opt.box;
    if (sudoku_set_shape(s, shape) != 0)
        return set_error(err, r->lineno, 0, "out of memory");
    int N = shape.N, cells = 0;
    while (cells < N * N) {
        int got = next_line(r, err);
        if (got < -1)
            return got == -3 ? (skip_block(r, err), -1) : -2;
        if (got == 0 || is_blank_line(r->line))
            return set_error(err, r->lineno, 0, "found %d numbers, expected "
                             "%d for %dx%d", cells, N * N, N, N);
        if (is_comment(r->line))
            continue;
        int row[SUDOKU_MAX_ORDER * 2];
        int n = grid_row(r, SUDOKU_SYM_NUMBERS, N, row, SUDOKU_MAX_ORDER * 2,
                         err);
        if (n < 0) {
            skip_block(r, err);
            return -1;
        }
        if (cells + n > N * N) {
            set_error(err, r->lineno, 0, "found %d numbers, expected %d for "
                      "%dx%d", cells + n, N * N, N, N);
            skip_block(r, err);
            return -1;
        }
        for (int k = 0; k < n && k < SUDOKU_MAX_ORDER * 2; k++)
            s->cell[cells + k] = (unsigned char)row[k];
        cells += n;
    }
    src->layout = SUDOKU_LAYOUT_NUMBERS;
    src->symbols = SUDOKU_SYM_NUMBERS;
    src->line = first;
    src->tail = NULL;
    return 1;
}

/* Simon Tatham's Solo: "RxC:DESC", numbers are givens, a..z runs of 1..26
 * blanks, '_' between two numbers. */
static int parse_tatham(const char *text, int lineno, int col0,
                        const sudoku_read_options *opt, sudoku *s,
                        sudoku_error *err)
{
    int R, C, used = 0;
    if (sscanf(text, "%dx%d%n", &R, &C, &used) != 2 || R < 1 || C < 1 ||
        R > SUDOKU_MAX_ORDER || C > SUDOKU_MAX_ORDER ||
        R * C > SUDOKU_MAX_ORDER)
        return set_error(err, lineno, col0, "not a Solo game ID: expected "
                         "RxC:... (like 3x3:...)");
    const char *p = text + used;
    while (*p && *p != ':') {
        if (*p == 'j' || *p == 'x' || *p == 'k')
            return set_error(err, lineno, col0 + (int)(p - text),
                             "Solo's %s sudoku is not supported (only the "
                             "plain kind)", *p == 'j' ? "jigsaw"
                             : *p == 'x' ? "X" : "killer");
        if (!isalnum((unsigned char)*p))
            return set_error(err, lineno, col0 + (int)(p - text),
                             "unexpected '%c' in the Solo parameters", *p);
        p++;
    }
    if (*p != ':')
        return set_error(err, lineno, col0 + (int)(p - text),
                         "missing ':' after the Solo parameters");
    sudoku_shape shape = { R, C, R * C };
    if (opt && opt->box.N && opt->box.N != shape.N)
        return set_error(err, lineno, col0, "the ID is %dx%d, not the "
                         "asked-for %dx%d", R, C, opt->box.R, opt->box.C);
    if (sudoku_set_shape(s, shape) != 0)
        return set_error(err, lineno, 0, "out of memory");
    int N = shape.N, cells = 0, after_number = 0;
    for (p++; *p && !is_space(*p); p++) {
        int col = col0 + (int)(p - text);
        if (*p >= 'a' && *p <= 'z') {
            cells += *p - 'a' + 1;
            after_number = 0;
        } else if (*p == '_') {
            if (!after_number)
                return set_error(err, lineno, col, "'_' must separate two "
                                 "numbers");
            after_number = 0;
        } else if (*p >= '0' && *p <= '9') {
            int v = 0;
            while (*p >= '0' && *p <= '9' && v <= SUDOKU_MAX_ORDER)
                v = v * 10 + (*p++ - '0');
            p--;
            if (v < 1 || v > N)
                return set_error(err, lineno, col, "given %d is out of range "
                                 "for %dx%d", v, N, N);
            if (cells < N * N)
                s->cell[cells] = (unsigned char)v;
            cells++;
            after_number = 1;
        } else if (*p == ',') {
            return set_error(err, lineno, col, "Solo's jigsaw and killer "
                             "parts (after ',') are not supported");
        } else {
            return set_error(err, lineno, col, "unexpected '%c' in a Solo "
                             "description", *p);
        }
        if (cells > N * N)
            return set_error(err, lineno, col, "the description has more "
                             "than %d cells", N * N);
    }
    if (cells != N * N)
        return set_error(err, lineno, 0, "the description has %d cells, "
                         "expected %d for %dx%d", cells, N * N, N, N);
    return 0;
}

static int looks_like_tatham(const char *p)
{
    /* digits 'x' digits [letters] ':' */
    if (!isdigit((unsigned char)*p))
        return 0;
    while (isdigit((unsigned char)*p))
        p++;
    if (*p++ != 'x' || !isdigit((unsigned char)*p))
        return 0;
    while (isdigit((unsigned char)*p))
        p++;
    while (isalpha((unsigned char)*p))
        p++;
    return *p == ':';
}

/* Decides the layout of the puzzle that starts at the current line
 * (first_line) or whether a line inside a grid starts a puzzle of its own. */
static sudoku_layout detect(const sudoku_reader *r, int first_line)
{
    const char *p = skip_space(r->line);
    if (looks_like_tatham(p))
        return SUDOKU_LAYOUT_TATHAM;
    if (r->line_based)
        return SUDOKU_LAYOUT_LINE;
    sudoku_shape shape;
    if (numbers_header(p, &shape) == 0 && !strpbrk(p, "|+."))
        return SUDOKU_LAYOUT_NUMBERS;
    size_t len = strcspn(p, " \t\r\v\f");
    int square = isqrt((int)(len > 100000 ? 100000 : len));
    if (!strpbrk(p, "|+") && len >= 16 &&
        (len > 35 || (size_t)(square * square) == len))
        return SUDOKU_LAYOUT_LINE;
    /* fewer than 4 symbols and nothing else: a short (bad) one-line puzzle,
     * not the first row of a grid of order 1 to 3 (those need --box) */
    if (first_line && len < 4 && p[len] == '\0' && !r->opt.box.N)
        return SUDOKU_LAYOUT_LINE;
    return SUDOKU_LAYOUT_GRID;
}

int sudoku_read(sudoku_reader *r, sudoku *s, sudoku_source *src,
                sudoku_error *err)
{
    memset(err, 0, sizeof *err);
    memset(src, 0, sizeof *src);
    for (;;) {
        int got = next_line(r, err);
        if (got == 0)
            return 0;
        if (got == -3)
            return -1; /* a NUL byte: that line is the bad puzzle */
        if (got < 0)
            return -2;
        if (is_blank_line(r->line) || is_comment(r->line))
            continue;
        sudoku_layout layout = r->opt.layout ? r->opt.layout : detect(r, 1);
        switch (layout) {
        case SUDOKU_LAYOUT_TATHAM: {
            const char *p = skip_space(r->line);
            if (parse_tatham(p, r->lineno, (int)(p - r->line) + 1, &r->opt,
                             s, err) != 0)
                return -1;
            src->layout = SUDOKU_LAYOUT_TATHAM;
            src->symbols = SUDOKU_SYM_NUMBERS;
            src->line = r->lineno;
            const char *tail = skip_space(p + strcspn(p, " \t\r\v\f"));
            src->tail = *tail ? (char *)tail : NULL;
            r->line_based = 1;
            return 1;
        }
        case SUDOKU_LAYOUT_NUMBERS:
            return read_numbers_layout(r, s, src, err);
        case SUDOKU_LAYOUT_LINE:
            r->line_based = 1;
            return read_line_layout(r, s, src, err);
        default:
            return read_grid_layout(r, s, src, err);
        }
    }
}

int sudoku_read_string(const char *text, const sudoku_read_options *opt,
                       sudoku *s, sudoku_error *err)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f)
        return set_error(err, 0, 0, "out of memory");
    sudoku_reader r;
    sudoku_reader_init(&r, f, "<string>", opt);
    sudoku_source src;
    int got = sudoku_read(&r, s, &src, err);
    sudoku_reader_release(&r);
    fclose(f);
    if (got == 0)
        return set_error(err, 1, 0, "no puzzle");
    return got == 1 ? 0 : -1;
}

int sudoku_check_givens(const sudoku *s, sudoku_error *err)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N;
    /* first[unit][digit]: the first cell seen holding digit in that unit
     * (rows, columns, boxes), so that a clash names both cells */
    static const char *const unit[] = { "row", "column", "box" };
    int first[3][SUDOKU_MAX_ORDER + 1];
    for (int kind = 0; kind < 3; kind++)
        for (int u = 0; u < N; u++) {
            for (int d = 1; d <= N; d++)
                first[kind][d] = -1;
            for (int k = 0; k < N; k++) {
                int r, c;
                if (kind == 0)
                    r = u, c = k;
                else if (kind == 1)
                    r = k, c = u;
                else
                    r = (u / sh->R) * sh->R + k / sh->C,
                    c = (u % sh->R) * sh->C + k % sh->C;
                int i = r * N + c, d = s->cell[i];
                if (!d)
                    continue;
                if (first[kind][d] >= 0) {
                    char a[24], b[24];
                    return set_error(err, 0, 0, "givens clash: %s and %s "
                                     "both hold %d in one %s",
                                     sudoku_cell_name(sh, first[kind][d], a),
                                     sudoku_cell_name(sh, i, b), d,
                                     unit[kind]);
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
            if (c && c % s->shape.C == 0)
                fputs(" |", f);
            fprintf(f, "%s%*d", c ? " " : "", w, s->cell[r * N + c]);
        }
        fputc('\n', f);
    }
    return 0;
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
    case SUDOKU_LAYOUT_TATHAM: {
        fprintf(f, "%dx%d:", s->shape.R, s->shape.C);
        int run = 0, prev_number = 0;
        for (int i = 0; i <= N * N; i++) {
            int v = i < N * N ? s->cell[i] : -1;
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
        fputc('\n', f);
        break;
    }
    case SUDOKU_LAYOUT_NUMBERS:
        write_numbers(f, s, 1);
        break;
    case SUDOKU_LAYOUT_GRID:
        if (sym == SUDOKU_SYM_NUMBERS) {
            write_numbers(f, s, 0);
            break;
        }
        for (int r = 0; r < N; r++) {
            if (r && r % s->shape.R == 0) {
                for (int c = 0; c < N; c++) {
                    if (c && c % s->shape.C == 0)
                        fputs("-+", f);
                    fputs(c ? "--" : "-", f);
                }
                fputc('\n', f);
            }
            for (int c = 0; c < N; c++) {
                if (c && c % s->shape.C == 0)
                    fputs(" |", f);
                fprintf(f, "%s%c", c ? " " : "",
                        sudoku_symbol_char(s->cell[r * N + c], sym));
            }
            fputc('\n', f);
        }
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
