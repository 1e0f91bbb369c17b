/*
 * mathdoku.c - the puzzle model and its layouts: the cage-letter grid with
 * a legend, the two cage lists, and Simon Tatham's Keen game IDs.
 */
#define _POSIX_C_SOURCE 200809L

#include "mathdoku.h"
#include "grid_blocks.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* text_error returns -1: MATHDOKU_EBAD */
_Static_assert(MATHDOKU_EBAD == -1, "text_error's -1 is MATHDOKU_EBAD");

const char *mathdoku_strerror(int status)
{
    switch (status) {
    case MATHDOKU_OK: return "no error";
    case MATHDOKU_READ: return "a puzzle was read";
    case MATHDOKU_EBAD: return "the input or puzzle is not valid";
    case MATHDOKU_EREAD: return "the input cannot be read further";
    case MATHDOKU_ENOMEM: return "out of memory";
    case MATHDOKU_ECUT: return "a budget ran out while building the cover";
    case MATHDOKU_ETOOBIG: return "more tuples or nodes than the caps";
    default: return "unknown mathdoku status";
    }
}
#define set_error text_error
#define skip_space text_skip_space
#define is_blank text_is_blank

/* Out of memory while reading a puzzle: not the puzzle's fault. */
static int no_memory(dlx_diag *err, int line)
{
    text_error(err, line, 0, "out of memory");
    return MATHDOKU_ENOMEM;
}

/* Bytes of the input in a message, quoted and escaped. */
#define QUOTE(s, len, buf) text_quote((s), (len), 24, (buf), sizeof (buf))

char *mathdoku_cell_name(int N, int cell, char *buf)
{
    int r = cell / N, c = cell % N;
    if (c < 26)
        snprintf(buf, 16, "%c%d", 'A' + c, (r + 1) % 100000);
    else
        snprintf(buf, 16, "r%dc%d", (r + 1) % 1000, (c + 1) % 1000);
    return buf;
}

char *mathdoku_cage_clue(const mathdoku_cage *c, char *buf)
{
    static const char ops[] = { '+', '-', '*', '/', 0, '?' };
    if (c->op == MATHDOKU_GIVEN)
        sprintf(buf, "%lld", c->target);
    else
        sprintf(buf, "%lld%c", c->target, ops[c->op]);
    return buf;
}

void mathdoku_free(mathdoku *p)
{
    if (!p)
        return;
    for (int k = 0; k < p->n_cages; k++)
        free(p->cages[k].cells);
    free(p->cages);
    free(p->cage_of);
    memset(p, 0, sizeof *p);
}

/* ---- lines ---------------------------------------------------------------- */

void mathdoku_reader_init(mathdoku_reader *r, FILE *f, mathdoku_layout layout,
                          const mathdoku_rules *rules)
{
    memset(r, 0, sizeof *r);
    text_reader_init(&r->in, f, 0);
    r->layout = layout;
    if (rules)
        r->rules = *rules;
}

void mathdoku_reader_release(mathdoku_reader *r)
{
    text_reader_release(&r->in);
}

/* 1 for a line, 0 at the end, MATHDOKU_EBAD for a line that is not text,
 * MATHDOKU_EREAD or MATHDOKU_ENOMEM (err set). */
_Static_assert((int)TEXT_LINE == (int)MATHDOKU_READ && (int)TEXT_END == (int)MATHDOKU_OK &&
               (int)TEXT_BAD == (int)MATHDOKU_EBAD && (int)TEXT_FAIL == (int)MATHDOKU_EREAD &&
               (int)TEXT_NOMEM == (int)MATHDOKU_ENOMEM, "text statuses are mathdoku's");
#define next_line text_next

static int is_comment(const char *s)
{
    return text_is_comment(s, '#');
}

/* "6:...", "9dh:..." */
static int looks_like_keen(const char *p)
{
    p = skip_space(p);
    if (!isdigit((unsigned char)*p))
        return 0;
    while (isdigit((unsigned char)*p))
        p++;
    while (isalpha((unsigned char)*p))
        p++;
    return *p == ':';
}

static int parse_op(const char *p, mathdoku_op *op);

/* "11+ 1,7": a cage of the numbered list, which may come without its
 * size line (the size is then the square root of the largest cell) */
static int looks_like_numbered_cage(const char *p)
{
    mathdoku_op op;
    p = skip_space(p);
    if (!isdigit((unsigned char)*p))
        return 0;
    while (isdigit((unsigned char)*p))
        p++;
    int used = parse_op(skip_space(p), &op);
    if (used <= 0)
        return 0;
    p = skip_space(skip_space(p) + used);
    return isdigit((unsigned char)*p);
}

/* a line holding one number only: the size line of a cage list (*N is
 * -1 when the number is past any size) */
static int size_line(const char *p, int *N)
{
    long long n;
    const char *end;
    int st = text_number(skip_space(p), 1000000, &n, &end);
    if (st == -1 || *skip_space(end))
        return 0;
    *N = st == -2 ? -1 : (int)n;
    return 1;
}

/* ---- building and validating ------------------------------------------------ */

static mathdoku_cage *add_cage(mathdoku *p, dlx_diag *err, int line)
{
    mathdoku_cage *c = realloc(p->cages, (size_t)(p->n_cages + 1) *
                                             sizeof *p->cages);
    if (!c) {
        set_error(err, line, 0, "out of memory");
        return NULL;
    }
    p->cages = c;
    c = &p->cages[p->n_cages++];
    memset(c, 0, sizeof *c);
    return c;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* Checks the cages of a built puzzle: every cell in exactly one, each
 * connected, operations with the cells they need; fills cage_of. */
static int validate(mathdoku *p, const mathdoku_rules *rules,
                    dlx_diag *err, int first_line)
{
    int N = p->N, NN = N * N;
    char name[16], clue[32];
    p->cage_of = malloc((size_t)NN * sizeof *p->cage_of);
    if (!p->cage_of)
        return no_memory(err, first_line);
    for (int i = 0; i < NN; i++)
        p->cage_of[i] = -1;
    for (int k = 0; k < p->n_cages; k++) {
        mathdoku_cage *c = &p->cages[k];
        qsort(c->cells, (size_t)c->n, sizeof *c->cells, cmp_int);
        for (int j = 0; j < c->n; j++) {
            int i = c->cells[j];
            if (p->cage_of[i] >= 0)
                return set_error(err, c->line, c->col, "cell %s is in two "
                                 "cages (%s and %s)",
                                 mathdoku_cell_name(N, i, name),
                                 p->cages[p->cage_of[i]].label, c->label);
            p->cage_of[i] = k;
        }
    }
    for (int i = 0; i < NN; i++)
        if (p->cage_of[i] < 0)
            return set_error(err, first_line, 0, "cell %s is in no cage",
                             mathdoku_cell_name(N, i, name));
    int *stack = malloc((size_t)NN * sizeof *stack);
    unsigned char *seen = calloc((size_t)NN, 1);
    if (!stack || !seen) {
        free(stack);
        free(seen);
        return no_memory(err, first_line);
    }
    int status = 0;
    for (int k = 0; k < p->n_cages && status == 0; k++) {
        mathdoku_cage *c = &p->cages[k];
        mathdoku_cage_clue(c, clue);
        if (c->n > MATHDOKU_MAX_CAGE) {
            status = set_error(err, c->line, c->col, "cage %s (%s) has %d "
                               "cells; at most %d are supported", c->label,
                               clue, c->n, MATHDOKU_MAX_CAGE);
            break;
        }
        if (c->op == MATHDOKU_GIVEN && c->n != 1) {
            status = set_error(err, c->line, c->col, "cage %s (%s) has no "
                               "operation but %d cells: only a single cell "
                               "may be a given", c->label, clue, c->n);
            break;
        }
        if ((c->op == MATHDOKU_SUB || c->op == MATHDOKU_DIV) && c->n != 2 &&
            !rules->nary) {
            status = set_error(err, c->line, c->col, "cage %s (%s) has %d "
                               "cell%s: '%c' takes exactly two (--nary "
                               "allows more)", c->label, clue, c->n,
                               c->n == 1 ? "" : "s",
                               c->op == MATHDOKU_SUB ? '-' : '/');
            break;
        }
        if (c->target < 0 || (c->target == 0 && c->op != MATHDOKU_SUB &&
                              c->op != MATHDOKU_HIDDEN)) {
            status = set_error(err, c->line, c->col, "cage %s: target %lld "
                               "is out of range", c->label, c->target);
            break;
        }
        /* connected: a walk from the first cell reaches all */
        int top = 0, reached = 1;
        stack[top++] = c->cells[0];
        seen[c->cells[0]] = 1;
        while (top > 0) {
            int i = stack[--top], r = i / N, col = i % N;
            int nb[4] = { r > 0 ? i - N : -1, r < N - 1 ? i + N : -1,
                          col > 0 ? i - 1 : -1, col < N - 1 ? i + 1 : -1 };
            for (int j = 0; j < 4; j++)
                if (nb[j] >= 0 && !seen[nb[j]] && p->cage_of[nb[j]] == k) {
                    seen[nb[j]] = 1;
                    stack[top++] = nb[j];
                    reached++;
                }
        }
        if (reached != c->n)
            status = set_error(err, c->line, c->col, "cage %s (%s) is not "
                               "connected", c->label, clue);
    }
    free(stack);
    free(seen);
    return status;
}

/* An operation: after a target, "+", " *", "x", "×", "÷", ... Returns the
 * bytes used (0: none there), -1 for an unknown one. */
static int parse_op(const char *p, mathdoku_op *op)
{
    if (*p == '+') { *op = MATHDOKU_ADD; return 1; }
    if (*p == '-') { *op = MATHDOKU_SUB; return 1; }
    if (*p == '*') { *op = MATHDOKU_MUL; return 1; }
    if (*p == '/') { *op = MATHDOKU_DIV; return 1; }
    if (*p == '=') { *op = MATHDOKU_GIVEN; return 1; }
    if (*p == '?') { *op = MATHDOKU_HIDDEN; return 1; }
    if ((*p == 'x' || *p == 'X') && !isdigit((unsigned char)p[1])) {
        *op = MATHDOKU_MUL;
        return 1;
    }
    /* UTF-8: U+00D7 multiplication sign, U+00F7 division sign */
    if ((unsigned char)p[0] == 0xC3 && (unsigned char)p[1] == 0x97) {
        *op = MATHDOKU_MUL;
        return 2;
    }
    if ((unsigned char)p[0] == 0xC3 && (unsigned char)p[1] == 0xB7) {
        *op = MATHDOKU_DIV;
        return 2;
    }
    /* U+2212 minus sign, U+2013 en dash (typeset text), U+2215 division
     * slash, U+2217 asterisk operator, U+22C5 dot operator */
    static const struct { const char *utf8; mathdoku_op op; } ops[] = {
        { "\xE2\x88\x92", MATHDOKU_SUB }, { "\xE2\x80\x93", MATHDOKU_SUB },
        { "\xE2\x88\x95", MATHDOKU_DIV }, { "\xE2\x88\x97", MATHDOKU_MUL },
        { "\xE2\x8B\x85", MATHDOKU_MUL },
    };
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
        if (!strncmp(p, ops[k].utf8, 3)) {
            *op = ops[k].op;
            return 3;
        }
    return 0;
}

/* "11+", "11 +", "5", "5=": target and operation; returns the position
 * after them, or NULL with err. */
static const char *parse_clue(const char *line, const char *p, int lineno,
                              long long *target, mathdoku_op *op, int *has_op,
                              dlx_diag *err)
{
    p = skip_space(p);
    long long t;
    const char *end;
    int st = text_number(p, MATHDOKU_MAX_TARGET, &t, &end);
    if (st == -1) {
        char q[120];
        set_error(err, lineno, (int)(p - line) + 1, "expected a target "
                  "number, found %s", QUOTE(p, strlen(p), q));
        return NULL;
    }
    if (st == -2) {
        set_error(err, lineno, (int)(p - line) + 1, "target %.*s is too "
                  "large (at most %lld)", (int)(end - p > 40 ? 40 : end - p),
                  p, MATHDOKU_MAX_TARGET);
        return NULL;
    }
    p = end;
    *target = t;
    const char *q = skip_space(p);
    int used = parse_op(q, op);
    *has_op = used > 0;
    if (used > 0)
        return q + used;
    *op = MATHDOKU_GIVEN;
    return p;
}

/* ---- cage lists ------------------------------------------------------------- */

/* One cell: "A1" (column letter, row number) or "7" (1..N*N). */
static int parse_cell(const char *tok, size_t len, int N, int *cell)
{
    if (len == 0)
        return -1;
    if (isdigit((unsigned char)tok[0])) {
        long v = 0;
        for (size_t k = 0; k < len; k++) {
            if (!isdigit((unsigned char)tok[k]) || v > 100000)
                return -1;
            v = v * 10 + (tok[k] - '0');
        }
        if (v < 1 || v > (long)N * N)
            return -1;
        *cell = (int)v - 1;
        return 0;
    }
    if (!isalpha((unsigned char)tok[0]) || len < 2)
        return -1;
    int c = toupper((unsigned char)tok[0]) - 'A';
    long r = 0;
    for (size_t k = 1; k < len; k++) {
        if (!isdigit((unsigned char)tok[k]) || r > 100000)
            return -1;
        r = r * 10 + (tok[k] - '0');
    }
    if (c >= N || r < 1 || r > N)
        return -1;
    *cell = (int)(r - 1) * N + c;
    return 0;
}

/* A cage list; N = 0 when it has no size line (numbered cells only): the
 * current line is then its first cage. */
static int read_list(mathdoku_reader *r, mathdoku *p, int N,
                     dlx_diag *err)
{
    int first = r->in.lineno, sized = N > 0, max_cell = -1;
    if (!sized) {
        N = MATHDOKU_MAX_N;
        text_push_back(&r->in);
    }
    p->N = N;
    for (;;) {
        int got = next_line(&r->in, err);
        if (got < 0)
            return got;
        if (got == 0 || is_blank(r->in.line))
            break;
        if (is_comment(r->in.line))
            continue;
        int n2;
        if (looks_like_keen(r->in.line) || size_line(r->in.line, &n2)) {
            text_push_back(&r->in);
            break;
        }
        const char *line = r->in.line;
        mathdoku_cage *c = add_cage(p, err, r->in.lineno);
        if (!c)
            return MATHDOKU_ENOMEM;
        c->line = r->in.lineno;
        c->col = (int)(skip_space(line) - line) + 1;
        snprintf(c->label, sizeof c->label, "%d", p->n_cages);
        int has_op;
        const char *q = parse_clue(line, line, r->in.lineno, &c->target, &c->op,
                                   &has_op, err);
        if (!q)
            return -1;
        c->cells = malloc((size_t)N * N * sizeof *c->cells);
        if (!c->cells)
            return no_memory(err, r->in.lineno);
        for (;;) {
            while (*q == ' ' || *q == '\t' || *q == ',')
                q++;
            if (!*q)
                break;
            size_t len = strcspn(q, " \t,");
            int cell;
            char qt[120];
            QUOTE(q, len, qt);
            if (!sized && !isdigit((unsigned char)*q))
                return set_error(err, r->in.lineno, (int)(q - line) + 1,
                                 "%s: a cage list without a size line "
                                 "numbers its cells 1..N*N", qt);
            if (c->n == 0 && !has_op && !isalnum((unsigned char)*q))
                return set_error(err, r->in.lineno, (int)(q - line) + 1,
                                 "%s is not an operation (+ - * / x = ?, "
                                 "or the signs \u00d7 \u00f7 \u2212)", qt);
            if (parse_cell(q, len, N, &cell) != 0)
                return set_error(err, r->in.lineno, (int)(q - line) + 1,
                                 "%s is not a cell of a %dx%d puzzle "
                                 "(A1..%c%d, or 1..%d)", qt, N, N,
                                 'A' + (N > 26 ? 25 : N - 1), N, N * N);
            for (int j = 0; j < c->n; j++)
                if (c->cells[j] == cell)
                    return set_error(err, r->in.lineno, (int)(q - line) + 1,
                                     "cell %s twice in one cage", qt);
            if (c->n >= N * N)
                return set_error(err, r->in.lineno, (int)(q - line) + 1,
                                 "too many cells");
            c->cells[c->n++] = cell;
            if (cell > max_cell)
                max_cell = cell;
            q += len;
        }
        if (c->n == 0)
            return set_error(err, r->in.lineno, 0, "a cage with no cells");
        if (!has_op && c->n > 1)
            return set_error(err, r->in.lineno, c->col, "cage %s (%lld) has %d "
                             "cells but no operation", c->label, c->target,
                             c->n);
    }
    if (p->n_cages == 0)
        return set_error(err, first, 0, "a cage list with no cages");
    if (!sized) {
        /* numbered cells are row-major whatever the size: only N changes */
        N = (int)text_isqrt(max_cell + 1);
        if (N * N != max_cell + 1)
            return set_error(err, first, 0, "the cells go up to %d, not N*N "
                             "for any N (give the size on a line of its "
                             "own)", max_cell + 1);
        p->N = N;
    }
    return validate(p, &r->rules, err, first);
}

/* Labels of the letter grid are named in messages: a control byte in one
 * (not text a terminal should get raw) is an error at its place. */
static int control_byte(const text_reader *in, dlx_diag *err)
{
    for (const unsigned char *p = (const unsigned char *)in->line; *p; p++)
        if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
            return set_error(err, in->lineno,
                             (int)(p - (const unsigned char *)in->line) + 1,
                             "byte 0x%02x cannot be part of a cage label",
                             *p);
    return 0;
}

/* ---- the cage-letter grid ----------------------------------------------------- */

/* The labels of one grid row: white-space separated tokens, or one
 * character each when the row has no white space. */
static int row_labels(const char *line, char labels[][16], int max)
{
    const char *p = skip_space(line);
    int spaced = strpbrk(p, " \t") != NULL, n = 0;
    while (*p) {
        size_t len = spaced ? strcspn(p, " \t") : 1;
        if (n < max) {
            size_t l = len < 15 ? len : 15;
            memcpy(labels[n], p, l);
            labels[n][l] = '\0';
        }
        n++;
        p = skip_space(p + len);
    }
    return n;
}

/* The grid rows after the first (already in labels[0 .. N-1]): N labels
 * each.  0, or a status with err set. */
static int letter_rows(mathdoku_reader *r, char (*labels)[16], int N,
                       int first, dlx_diag *err)
{
    for (int row = 1; row < N; row++) {
        int got = next_line(&r->in, err);
        if (got < 0)
            return got;
        if (got == 0 || is_blank(r->in.line))
            return set_error(err, first, 0, "the grid has %d rows, "
                             "expected %d", row, N);
        int n = row_labels(r->in.line, labels + row * N, N);
        int status = control_byte(&r->in, err);
        if (status != 0)
            return status;
        if (n != N)
            return set_error(err, r->in.lineno, 0, "row %d has %d cells, "
                             "expected %d", row + 1, n, N);
    }
    return 0;
}

/* The cages of the N*N labels, in order of first appearance, each without
 * its legend yet (target -1). */
static int letter_cages(mathdoku *p, char (*labels)[16], int N, int first,
                        dlx_diag *err)
{
    for (int i = 0; i < N * N; i++) {
        int k;
        for (k = 0; k < p->n_cages; k++)
            if (!strcmp(p->cages[k].label, labels[i]))
                break;
        if (k == p->n_cages) {
            mathdoku_cage *c = add_cage(p, err, first);
            if (!c || !(c->cells = malloc((size_t)N * N *
                                          sizeof *c->cells)))
                return no_memory(err, first);
            strcpy(c->label, labels[i]);
            c->target = -1; /* no legend yet */
            c->line = first + i / N;
            c->col = 0;
        }
        p->cages[k].cells[p->cages[k].n++] = i;
    }
    return 0;
}

/* One legend line (the current line): a cage's label and its clue. */
static int legend_entry(mathdoku_reader *r, mathdoku *p, dlx_diag *err)
{
    const char *line = r->in.line, *q = skip_space(line);
    size_t len = strcspn(q, " \t");
    char label[16];
    snprintf(label, sizeof label, "%.*s", (int)(len < 15 ? len : 15), q);
    int k;
    for (k = 0; k < p->n_cages; k++)
        if (!strcmp(p->cages[k].label, label))
            break;
    if (k == p->n_cages)
        return set_error(err, r->in.lineno, (int)(q - line) + 1,
                         "legend entry for cage '%s', which is not in "
                         "the grid", label);
    mathdoku_cage *c = &p->cages[k];
    if (c->target >= 0)
        return set_error(err, r->in.lineno, (int)(q - line) + 1,
                         "cage '%s' has a second legend entry (the "
                         "first is on line %d)", label, c->line);
    int has_op;
    const char *after = parse_clue(line, q + len, r->in.lineno, &c->target,
                                   &c->op, &has_op, err);
    if (!after)
        return -1;
    if (*skip_space(after)) {
        char qt[120];
        const char *rest = skip_space(after);
        return set_error(err, r->in.lineno, (int)(rest - line) + 1,
                         "unexpected %s after the clue",
                         QUOTE(rest, strlen(rest), qt));
    }
    c->line = r->in.lineno;
    c->col = (int)(q - line) + 1;
    return 0;
}

static int read_letters(mathdoku_reader *r, mathdoku *p, dlx_diag *err)
{
    int first = r->in.lineno;
    char (*labels)[16] = malloc(sizeof(char[16]) *
                                (MATHDOKU_MAX_N * MATHDOKU_MAX_N + 1));
    if (!labels)
        return no_memory(err, first);
    int N = row_labels(r->in.line, labels, MATHDOKU_MAX_N + 1);
    int status = control_byte(&r->in, err);
    if (status != 0)
        goto done;
    if (N < 1 || N > MATHDOKU_MAX_N) {
        status = set_error(err, first, 0, "a grid row of %d cages: the "
                           "size must be 1 to %d", N, MATHDOKU_MAX_N);
        goto done;
    }
    p->N = N;
    if ((status = letter_rows(r, labels, N, first, err)) != 0 ||
        (status = letter_cages(p, labels, N, first, err)) != 0)
        goto done;
    /* the legend, after blank lines */
    int got, in_legend = 0;
    while ((got = next_line(&r->in, err)) > 0) {
        if (is_comment(r->in.line))
            continue;
        if (is_blank(r->in.line)) {
            if (in_legend)
                break;
            continue;
        }
        int n2;
        if (!in_legend && (looks_like_keen(r->in.line) ||
                           size_line(r->in.line, &n2))) {
            text_push_back(&r->in);
            break;
        }
        in_legend = 1;
        if ((status = control_byte(&r->in, err)) != 0 ||
            (status = legend_entry(r, p, err)) != 0)
            goto done;
    }
    if (got < 0) {
        status = got;
        goto done;
    }
    for (int k = 0; k < p->n_cages; k++)
        if (p->cages[k].target < 0) {
            status = set_error(err, p->cages[k].line, 0, "cage '%s' has no "
                               "legend entry", p->cages[k].label);
            goto done;
        }
    status = validate(p, &r->rules, err, first);
done:
    free(labels);
    return status;
}

/* ---- Simon Tatham's Keen --------------------------------------------------- */

/* The cages of a Keen block structure (dsf: cells joined into blocks), in
 * order of their first cell. */
static int keen_cages(mathdoku *p, int *dsf, int n, int lineno,
                      dlx_diag *err)
{
    int NN = n * n;
    int *cage_at = malloc((size_t)NN * sizeof *cage_at);
    if (!cage_at)
        return no_memory(err, lineno);
    for (int i = 0; i < NN; i++)
        cage_at[i] = -1;
    for (int i = 0; i < NN; i++) {
        int root = grid_dsf_find(dsf, i);
        if (cage_at[root] < 0) {
            mathdoku_cage *c = add_cage(p, err, lineno);
            if (!c || !(c->cells = malloc((size_t)NN * sizeof *c->cells))) {
                free(cage_at);
                return no_memory(err, lineno);
            }
            cage_at[root] = p->n_cages - 1;
            snprintf(c->label, sizeof c->label, "%d", p->n_cages);
            c->line = lineno;
        }
        mathdoku_cage *c = &p->cages[cage_at[root]];
        c->cells[c->n++] = i;
    }
    free(cage_at);
    return 0;
}

/* The Keen clues at *qp, one per cage (a letter, then the target); *qp is
 * left after the last. */
static int keen_clues(mathdoku *p, const char *line, int lineno,
                      const char **qp, dlx_diag *err)
{
    const char *q = *qp;
    for (int k = 0; k < p->n_cages; k++) {
        mathdoku_cage *c = &p->cages[k];
        c->col = (int)(q - line) + 1;
        switch (*q) {
        case 'a': c->op = MATHDOKU_ADD; break;
        case 's': c->op = MATHDOKU_SUB; break;
        case 'm': c->op = MATHDOKU_MUL; break;
        case 'd': c->op = MATHDOKU_DIV; break;
        case '?': c->op = MATHDOKU_HIDDEN; break; /* ours: hidden */
        default:
            if (*q) {
                char qt[16];
                return set_error(err, lineno, (int)(q - line) + 1,
                                 "unexpected %s where a Keen clue (a, s, "
                                 "m, d or ?) belongs", QUOTE(q, 1, qt));
            }
            return set_error(err, lineno, (int)(q - line) + 1,
                             "the ID has %d clues for %d cages", k,
                             p->n_cages);
        }
        q++;
        if (!isdigit((unsigned char)*q))
            return set_error(err, lineno, (int)(q - line) + 1, "a Keen "
                             "clue needs a target after its letter");
        const char *digits = q;
        if (text_number(digits, MATHDOKU_MAX_TARGET, &c->target, &q) != 0)
            return set_error(err, lineno, (int)(digits - line) + 1,
                             "target %.*s is too large (at most %lld)",
                             (int)(q - digits > 40 ? 40 : q - digits),
                             digits, MATHDOKU_MAX_TARGET);
        if (c->n == 1 && c->op == MATHDOKU_ADD)
            c->op = MATHDOKU_GIVEN;
    }
    *qp = q;
    return 0;
}

static int parse_keen(const char *line, int lineno, mathdoku *p,
                      const mathdoku_rules *rules, dlx_diag *err)
{
    const char *s = skip_space(line), *q = s;
    int col0 = (int)(s - line) + 1;
    long long N = 0;
    int st = text_number(s, MATHDOKU_MAX_N, &N, &q);
    if (st != 0 || N < 1)
        return set_error(err, lineno, col0, "a Keen puzzle of size %.*s: the "
                         "size must be 1 to %d", (int)(q - s > 40 ? 40 : q - s),
                         s, MATHDOKU_MAX_N);
    while (isalpha((unsigned char)*q))
        q++;
    if (*q != ':')
        return set_error(err, lineno, (int)(q - line) + 1, "expected ':' "
                         "after the Keen parameters");
    q++;
    int n = (int)N, NN = n * n, edges = 2 * n * (n - 1);
    int *dsf = malloc((size_t)NN * sizeof *dsf);
    if (!dsf)
        return no_memory(err, lineno);
    /* Tatham's decoder (keen.c, parse_block_structure): a letter is a run
     * of non-borders (_ = 0, a = 1, .., z = 26) then one border, except
     * that y is 25 non-borders and no border (the comment of the encoder
     * speaks of z; the decoder's test is c != 25).  Digits after a letter
     * repeat it.  The walk ends one edge past the last; a 1x1 grid has no
     * edge, and its structure may be empty. */
    int status = 0;
    int pos = grid_blocks_read(q, n, 'y', 1, dsf, &q);
    if (pos < 0) {
        status = set_error(err, lineno, (int)(q - line) + 1,
                           "the block structure has more edges "
                           "than a %dx%d grid", n, n);
        goto done;
    }
    if (*q && *q != ',') {
        char qt[16];
        status = set_error(err, lineno, (int)(q - line) + 1,
                           "unexpected %s in the Keen block structure",
                           QUOTE(q, 1, qt));
        goto done;
    }
    if (pos != edges + 1 && !(edges == 0 && pos == 0)) {
        status = set_error(err, lineno, (int)(q - line) + 1, "the block "
                           "structure describes %d of the %d edges of a "
                           "%dx%d grid", pos > edges ? edges : pos, edges, n,
                           n);
        goto done;
    }
    if (*q != ',') {
        status = set_error(err, lineno, (int)(q - line) + 1, "missing ',' "
                           "and the clues after the block structure");
        goto done;
    }
    q++;
    p->N = n;
    if ((status = keen_cages(p, dsf, n, lineno, err)) != 0 ||
        (status = keen_clues(p, line, lineno, &q, err)) != 0)
        goto done;
    if (*q && *skip_space(q)) {
        status = set_error(err, lineno, (int)(q - line) + 1, "the ID has "
                           "more clues than its %d cages", p->n_cages);
        goto done;
    }
    status = validate(p, rules, err, lineno);
done:
    free(dsf);
    return status;
}

/* ---- the stream ------------------------------------------------------------- */

int mathdoku_read(mathdoku_reader *r, mathdoku *p, int *first_line,
                  dlx_diag *err)
{
    memset(p, 0, sizeof *p);
    memset(err, 0, sizeof *err);
    for (;;) {
        int got = next_line(&r->in, err);
        if (got <= 0)
            return got; /* the end, a line that is not text, or failure */
        if (is_blank(r->in.line) || is_comment(r->in.line))
            continue;
        *first_line = r->in.lineno;
        int N, status;
        mathdoku_layout layout = r->layout;
        int unsized = 0;
        if (!layout)
            layout = looks_like_keen(r->in.line) ? MATHDOKU_LAYOUT_KEEN
                     : size_line(r->in.line, &N) ? MATHDOKU_LAYOUT_LIST
                     : (unsized = looks_like_numbered_cage(r->in.line))
                         ? MATHDOKU_LAYOUT_LIST
                         : MATHDOKU_LAYOUT_LETTERS;
        if (!r->layout && *skip_space(r->in.line) == '{') {
            /* what -o json writes: not a grid row of letters */
            status = set_error(err, r->in.lineno, (int)(skip_space(
                                   r->in.line) - r->in.line) + 1, "a JSON "
                               "line (-o json) is output only, not an input "
                               "layout: letters, list or keen");
            layout = MATHDOKU_LAYOUT_KEEN; /* one line: skip only it */
        } else if (layout == MATHDOKU_LAYOUT_KEEN) {
            status = parse_keen(r->in.line, r->in.lineno, p, &r->rules, err);
        } else if (layout == MATHDOKU_LAYOUT_LIST && (unsized ||
                   (!size_line(r->in.line, &N) &&
                    looks_like_numbered_cage(r->in.line)))) {
            status = read_list(r, p, 0, err);
        } else if (layout == MATHDOKU_LAYOUT_LIST) {
            const char *size = skip_space(r->in.line);
            char qt[120];
            if (!size_line(r->in.line, &N))
                status = set_error(err, r->in.lineno, 1, "a cage list starts "
                                   "with its size, found %s",
                                   QUOTE(size, strlen(size), qt));
            else if (N < 1 || N > MATHDOKU_MAX_N)
                status = set_error(err, r->in.lineno,
                                   (int)(size - r->in.line) + 1, "size %.*s "
                                   "is out of range (1 to %d)",
                                   (int)strspn(size, "0123456789"), size,
                                   MATHDOKU_MAX_N);
            else
                status = read_list(r, p, N, err);
        } else {
            status = read_letters(r, p, err);
        }
        if (status == MATHDOKU_EREAD || status == MATHDOKU_ENOMEM) {
            mathdoku_free(p);
            return status;
        }
        if (status != 0) {
            mathdoku_free(p);
            /* skip the rest of the bad puzzle: to the next blank line or a
             * line that starts another puzzle */
            if (layout != MATHDOKU_LAYOUT_KEEN) {
                dlx_diag ignored;
                int n2, in_text = !is_blank(r->in.line);
                while (next_line(&r->in, &ignored) > 0) {
                    if (looks_like_keen(r->in.line) || size_line(r->in.line, &n2)) {
                        text_push_back(&r->in);
                        break;
                    }
                    if (is_blank(r->in.line) && in_text &&
                        layout == MATHDOKU_LAYOUT_LIST)
                        break;
                    in_text = 1;
                }
            }
            return MATHDOKU_EBAD;
        }
        return MATHDOKU_READ;
    }
}

int mathdoku_read_string(const char *text, const mathdoku_rules *rules,
                         mathdoku *p, dlx_diag *err)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f)
        return MATHDOKU_ENOMEM;
    mathdoku_reader r;
    mathdoku_reader_init(&r, f, MATHDOKU_LAYOUT_AUTO, rules);
    int first = 0, got = mathdoku_read(&r, p, &first, err);
    mathdoku_reader_release(&r);
    fclose(f);
    if (got == MATHDOKU_OK)
        return set_error(err, 1, 0, "no puzzle");
    return got == MATHDOKU_READ ? MATHDOKU_OK : got;
}

int mathdoku_write_list(FILE *f, const mathdoku *p)
{
    static const char *const ops[] = { " +", " -", " *", " /", "", " ?" };
    char name[16];
    fprintf(f, "%d\n", p->N);
    for (int k = 0; k < p->n_cages; k++) {
        const mathdoku_cage *c = &p->cages[k];
        fprintf(f, "%lld%s", c->target, ops[c->op]);
        for (int j = 0; j < c->n; j++)
            fprintf(f, " %s", p->N <= 26 ? mathdoku_cell_name(p->N,
                                                              c->cells[j],
                                                              name)
                                         : (sprintf(name, "%d",
                                                    c->cells[j] + 1),
                                            name));
        fputc('\n', f);
    }
    return ferror(f) ? EOF : 0;
}

/* ---- filled grids ---------------------------------------------------------- */

/* The values of one line of a grid: digits run together (orders up to 9)
 * or numbers between spaces, commas or slashes.  Their count, or -1 with
 * err for anything else. */
static int grid_values(const text_reader *in, int N, int *v, int max,
                       dlx_diag *err)
{
    const char *line = in->line, *p = skip_space(line);
    int n = 0;
    if (N <= 9 && !strpbrk(p, " \t,/")) {
        for (; *p; p++, n++) {
            if (*p < '1' || *p > '0' + N) {
                char qt[16];
                return set_error(err, in->lineno, (int)(p - line) + 1,
                                 "%s is not a digit of a %dx%d grid",
                                 QUOTE(p, 1, qt), N, N);
            }
            if (n < max)
                v[n] = *p - '0';
        }
        return n;
    }
    for (;;) {
        while (text_is_space((unsigned char)*p) || *p == ',' || *p == '/')
            p++;
        if (!*p)
            return n;
        long long x;
        const char *end;
        if (text_number(p, N, &x, &end) != 0 || x < 1 ||
            (*end && !text_is_space((unsigned char)*end) && *end != ',' &&
             *end != '/')) {
            char qt[120];
            return set_error(err, in->lineno, (int)(p - line) + 1,
                             "%s is not a digit of a %dx%d grid",
                             QUOTE(p, strcspn(p, " \t,/"), qt), N, N);
        }
        if (n < max)
            v[n] = (int)x;
        n++;
        p = end;
    }
}

int mathdoku_read_grid(text_reader *in, int N, int *g, dlx_diag *err)
{
    int got, first;
    do
        if ((got = next_line(in, err)) <= 0)
            return got;
    while (is_blank(in->line) || is_comment(in->line));
    first = in->lineno;
    int n = grid_values(in, N, g, N * N, err);
    if (n < 0)
        return MATHDOKU_EBAD;
    if (n == N * N)
        return MATHDOKU_READ;
    if (n != N)
        return set_error(err, first, 0, "found %d values: a grid is %d on "
                         "one line, or %d rows of %d", n, N * N, N, N);
    for (int row = 1; row < N; row++) {
        if ((got = next_line(in, err)) < 0)
            return got;
        if (got == 0 || is_blank(in->line))
            return set_error(err, first, 0, "the grid has %d rows, expected "
                             "%d", row, N);
        n = grid_values(in, N, g + row * N, N, err);
        if (n < 0)
            return MATHDOKU_EBAD;
        if (n != N)
            return set_error(err, in->lineno, 0, "row %d has %d values, "
                             "expected %d", row + 1, n, N);
    }
    return MATHDOKU_READ;
}
