/*
 * sudoku_grid.c - board, symbols, and reading a puzzle: its layout decided
 * here, read by the layout's reader (sudoku_read_impl.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku_read_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *sudoku_strerror(int status)
{
    switch (status) {
    case SUDOKU_OK: return "no error";
    case SUDOKU_READ: return "a puzzle was read";
    case SUDOKU_EBAD: return "the input or puzzle is not valid";
    case SUDOKU_EREAD: return "the input cannot be read further";
    case SUDOKU_ENOMEM: return "out of memory";
    case SUDOKU_ECLASH: return "the givens clash";
    case SUDOKU_ELIMIT: return "past a limit of the function";
    case SUDOKU_ECUT: return "a budget ran out";
    case SUDOKU_EOVERFLOW: return "count past 2^128";
    case SUDOKU_EJOB: return "a job that is not one of the grid counter's";
    default: return "unknown sudoku status";
    }
}

int sudoku_status_of_dlx(int dlx_status)
{
    switch (dlx_status) {
    case DLX_OK: return SUDOKU_OK;
    case DLX_ENOMEM: return SUDOKU_ENOMEM;
    case DLX_ETOOBIG: return SUDOKU_ELIMIT;
    case DLX_EOVERFLOW: return SUDOKU_EOVERFLOW;
    case DLX_ECONFLICT: return SUDOKU_ECLASH;
    default: return SUDOKU_EBAD;
    }
}

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
int sudoku_rd_box_numbers(const char *s, long long *R, long long *C,
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
    if (sudoku_rd_box_numbers(s, &R, &C, &end) != 0 || *end || R < 1 ||
        C < 1 || R * C > SUDOKU_MAX_ORDER)
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

/* ---- the layouts --------------------------------------------------------- */

int sudoku_rd_shape_for(const sudoku_reader *r, int N, sudoku_shape *shape)
{
    if (r->opt.box.N) {
        *shape = r->opt.box;
        return shape->N == N ? SUDOKU_OK : SUDOKU_EBAD;
    }
    return sudoku_default_shape(N, shape);
}

/* Symbols are ASCII: a byte past it (UTF-8 text: "é", "１") is reported
 * whole, as the character it starts, rather than counted as cells. */
int sudoku_rd_non_ascii(const char *line, const char *p, size_t len, int lineno,
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
int sudoku_rd_bad_symbol(const char *line, const char *p, int lineno, int N,
                         dlx_diag *err)
{
    char q[16];
    if ((unsigned char)*p >= 0x80)
        return sudoku_rd_non_ascii(line, p, strlen(p), lineno, err);
    if (N)
        return set_error(err, lineno, (int)(p - line) + 1, "%s is not a "
                         "symbol of a %dx%d puzzle", quote_byte(p, q), N, N);
    return set_error(err, lineno, (int)(p - line) + 1, "%s is not a sudoku "
                     "symbol", quote_byte(p, q));
}

/* One value of the numbers layout at p: a number from 0 to max or a
 * blank ('.', '_', '-', '*'); its value and the position after it, or -1
 * (err set) when the token is something else. */
int sudoku_rd_number_token(const char *line, const char **pp, int max, int N,
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

int sudoku_rd_next_number(const char *line, const char **pp, int max, int N,
                          int lineno, int *v, dlx_diag *err)
{
    const char *p = skip_space(*pp);
    while (*p == '|')
        p = skip_space(p + 1);
    *pp = p;
    if (!*p)
        return SUDOKU_OK;
    if (sudoku_rd_number_token(line, pp, max, N, lineno, v, err) != 0)
        return SUDOKU_EBAD;
    return SUDOKU_READ;
}

/* Decides the layout of the puzzle that starts at the current line
 * (first_line) or whether a line inside a grid starts a puzzle of its own. */
sudoku_layout sudoku_rd_detect(const sudoku_reader *r, int first_line)
{
    const char *p = skip_space(r->in.line);
    if (sudoku_rd_looks_like_solo_id(p))
        return SUDOKU_LAYOUT_TATHAM;
    if (r->line_based)
        return SUDOKU_LAYOUT_LINE;
    sudoku_shape shape;
    dlx_diag ignored;
    if (sudoku_rd_numbers_header(p, 0, &shape, &ignored) != -1 &&
        !strpbrk(p, "|+."))
        return SUDOKU_LAYOUT_NUMBERS;
    if (sudoku_rd_number_tokens(p) > SUDOKU_MAX_ORDER)
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
        if (sudoku_rd_line_quick(r, s, src))
            return SUDOKU_READ;
        if (is_blank_line(r->in.line))
            continue;
        if (is_comment(r->in.line)) {
            warn_commented_puzzle(r);
            continue;
        }
        sudoku_layout layout = r->opt.layout ? r->opt.layout
                                              : sudoku_rd_detect(r, 1);
        switch (layout) {
        case SUDOKU_LAYOUT_TATHAM: {
            const char *p = skip_space(r->in.line);
            src->line = r->in.lineno;
            r->line_based = 1;
            int st = sudoku_rd_solo_id(p, r->in.lineno,
                                       (int)(p - r->in.line) + 1, &r->opt, s,
                                       err);
            if (st != 0)
                return st == SUDOKU_ENOMEM ? st : SUDOKU_EBAD;
            src->layout = SUDOKU_LAYOUT_TATHAM;
            src->symbols = SUDOKU_SYM_NUMBERS;
            const char *tail = skip_space(p + strcspn(p, " \t\v\f"));
            src->tail = *tail ? (char *)tail : NULL;
            return SUDOKU_READ;
        }
        case SUDOKU_LAYOUT_NUMBERS:
            return sudoku_rd_numbers_layout(r, s, src, err);
        case SUDOKU_LAYOUT_LINE:
            r->line_based = 1;
            src->line = r->in.lineno;
            return sudoku_rd_line_layout(r, s, src, err);
        default:
            return sudoku_rd_grid_layout(r, s, src, err);
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
