/*
 * sudoku_read_grid.c - the grid layout: N rows of symbols or numbers, with
 * separators, and the variant sections after it (diagonals, regions, cages).
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku_read_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

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
        int v = 0, got;
        while ((got = sudoku_rd_next_number(line, &p, N ? N : SUDOKU_MAX_ORDER,
                                            N, r->in.lineno, &v, err)) ==
               SUDOKU_READ) {
            if (n < max)
                row[n] = v;
            n++;
        }
        return got == SUDOKU_OK ? n : -1;
    }
    for (const char *p = line; *p; p++) {
        if (is_space(*p) || *p == '|')
            continue;
        int v = sudoku_symbol_value(*p, sym, N ? N : 35);
        if (v < 0)
            return sudoku_rd_bad_symbol(line, p, r->in.lineno, N, err);
        if (n < max)
            row[n] = v;
        n++;
    }
    return n;
}

/* Does the current line hold a puzzle of its own (a one-line puzzle or a
 * game ID)?  Then it is not part of a grid, whatever came before. */
static int starts_own_puzzle(const sudoku_reader *r)
{
    if (r->opt.layout)
        return 0;
    sudoku_layout l = sudoku_rd_detect(r, 0);
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
int sudoku_rd_bad_block(sudoku_reader *r)
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
int sudoku_rd_line_in_block(sudoku_reader *r, dlx_diag *err)
{
    int got = next_line(r, err);
    if (got == SUDOKU_EBAD)
        return sudoku_rd_bad_block(r);
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
int sudoku_rd_sections(sudoku_reader *r, sudoku *s, dlx_diag *err)
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

int sudoku_rd_grid_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
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
        return sudoku_rd_bad_block(r);
    N = r->opt.box.N ? r->opt.box.N : n;
    sudoku_shape shape;
    if (N < 1 || N > SUDOKU_MAX_ORDER ||
        sudoku_rd_shape_for(r, N, &shape) != 0) {
        set_error(err, r->in.lineno, 0, "a grid row of %d cells: order %d "
                  "is not supported", n, n);
        return sudoku_rd_bad_block(r);
    }
    if (sudoku_set_shape(s, shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    if (sym == SUDOKU_SYM_ALNUM && N <= 9 && !r->opt.symbols)
        sym = SUDOKU_SYM_DIGITS;
    for (;;) {
        if (rows > 0) {
            int got = sudoku_rd_line_in_block(r, err);
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
            return sudoku_rd_bad_block(r);
        if (n != N) {
            set_error(err, r->in.lineno, 0, "row %d has %d cells, expected "
                      "%d", rows + 1, n, N);
            return sudoku_rd_bad_block(r);
        }
        for (int c = 0; c < N; c++)
            s->cell[rows * N + c] = (unsigned char)row[c];
        rows++;
    }
    if (rows != N)
        return set_error(err, first, 0, "the grid has %d rows, expected %d",
                         rows, N);
    return sudoku_rd_block_end(r, s, src, SUDOKU_LAYOUT_GRID, sym, first,
                               err);
}

int sudoku_rd_block_end(sudoku_reader *r, sudoku *s, sudoku_source *src,
                        sudoku_layout layout, sudoku_symbols sym, int first,
                        dlx_diag *err)
{
    int st = sudoku_rd_sections(r, s, err);
    if (st != 0)
        return st == SUDOKU_EBAD ? sudoku_rd_bad_block(r) : st;
    src->layout = layout;
    src->symbols = sym;
    src->line = first;
    src->tail = NULL;
    return SUDOKU_READ;
}
