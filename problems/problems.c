/*
 * problems.c - the table of kinds, their arguments, and the writers of the
 * problems whose matrix is a few loops (permutations, rooks, queens,
 * Langford pairs, Latin squares, sudoku, dominoes).  Polyominoes are in
 * problems_poly.c, set lists in problems_set.c.
 */
#include "problems.h"
#include "problems_impl.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grid_cover.h"

static const problems_info kinds[] = {
#define PROBLEMS_ROW(id, name, arg, what, reduce) { name, arg, what, reduce },
    PROBLEMS_KINDS(PROBLEMS_ROW)
#undef PROBLEMS_ROW
};

const problems_info *problems_info_of(problems_kind kind)
{
    if ((int)kind < 0 || kind >= PROBLEMS_N_KINDS)
        return NULL;
    return &kinds[kind];
}

int problems_find(const char *name)
{
    for (int k = 0; k < PROBLEMS_N_KINDS; k++)
        if (!strcmp(kinds[k].name, name))
            return k;
    return -1;
}

int problems_fail(problems_error *err, int line, int col, const char *fmt,
                  ...)
{
    err->line = line;
    err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return PROBLEMS_EINPUT;
}

/* ---- arguments ------------------------------------------------------------ */

/* A whole number lo..hi at *s, advancing *s; 0 when there is none. */
static int read_int(const char **s, int lo, int hi, int *out)
{
    const char *p = *s;
    long v = 0;
    if (*p < '0' || *p > '9')
        return 0;
    while (*p >= '0' && *p <= '9') {
        v = v * 10 + (*p++ - '0');
        if (v > hi)
            return 0;
    }
    if (v < lo)
        return 0;
    *out = (int)v;
    *s = p;
    return 1;
}

/* "AxB" with both in lo..hi, at *s. */
static int read_pair(const char **s, int lo, int hi, int *a, int *b)
{
    return read_int(s, lo, hi, a) && (**s == 'x' || **s == 'X') &&
           (++*s, read_int(s, lo, hi, b));
}

int problems_parse(problems_kind kind, const char *arg, problems_spec *spec,
                   problems_error *err)
{
    const problems_info *info = problems_info_of(kind);
    if (!info)
        return problems_fail(err, 0, 0, "no such kind of problem");
    spec->kind = kind;
    if (!arg)
        return problems_fail(err, 0, 0, "%s needs %s", info->name,
                             info->arg);
    const char *s = arg;
    switch (kind) {
    case PROBLEMS_PERMUTATIONS:
    case PROBLEMS_NROOKS:
    case PROBLEMS_QUEENS:
    case PROBLEMS_LANGFORD:
        if (!read_int(&s, 1, PROBLEMS_MAX_N, &spec->n) || *s)
            return problems_fail(err, 0, 0, "%s: '%s' is not a number from "
                                 "1 to %d", info->name, arg, PROBLEMS_MAX_N);
        return PROBLEMS_OK;
    case PROBLEMS_LATIN:
        if (!read_int(&s, 1, PROBLEMS_MAX_LATIN, &spec->n) || *s)
            return problems_fail(err, 0, 0, "latin: '%s' is not a number "
                                 "from 1 to %d", arg, PROBLEMS_MAX_LATIN);
        return PROBLEMS_OK;
    case PROBLEMS_SUDOKU: {
        if (!read_pair(&s, 1, PROBLEMS_MAX_SUDOKU, &spec->r, &spec->c) ||
            *s || spec->r * spec->c > PROBLEMS_MAX_SUDOKU)
            return problems_fail(err, 0, 0, "sudoku: '%s' is not a box "
                                 "shape RxC (2x2, 2x3, 3x3, ...; order up "
                                 "to %d)", arg, PROBLEMS_MAX_SUDOKU);
        spec->n = spec->r * spec->c;
        return PROBLEMS_OK;
    }
    case PROBLEMS_DOMINOES:
    case PROBLEMS_PENTOMINOES:
    case PROBLEMS_TETROMINOES:
        spec->hole_w = spec->hole_h = 0;
        if (!read_pair(&s, 1, PROBLEMS_MAX_BOARD, &spec->height,
                       &spec->width) ||
            (*s == '-' && kind != PROBLEMS_DOMINOES &&
             !(++s, read_pair(&s, 1, PROBLEMS_MAX_BOARD, &spec->hole_h,
                              &spec->hole_w))) ||
            *s)
            return problems_fail(err, 0, 0, "%s: '%s' is not a board RxC "
                                 "(R rows of C cells, up to %d)%s",
                                 info->name, arg, PROBLEMS_MAX_BOARD,
                                 kind == PROBLEMS_DOMINOES
                                     ? ""
                                     : " or RxC-AxB (a centred A x B hole)");
        if (spec->hole_h &&
            (spec->hole_h >= spec->height || spec->hole_w >= spec->width ||
             (spec->height - spec->hole_h) % 2 ||
             (spec->width - spec->hole_w) % 2))
            return problems_fail(err, 0, 0, "%s: the hole %dx%d cannot be "
                                 "centred in %dx%d (the board must be larger "
                                 "by an even number each way)", info->name,
                                 spec->hole_h, spec->hole_w, spec->height,
                                 spec->width);
        return PROBLEMS_OK;
    case PROBLEMS_SET:
        spec->list_name = arg;
        return PROBLEMS_OK;
    case PROBLEMS_KQUEENS:
        if (!read_int(&s, 1, PROBLEMS_MAX_N, &spec->n) || *s != ' ' ||
            (++s, !read_int(&s, 1, spec->n, &spec->k)) || *s)
            return problems_fail(err, 0, 0, "kqueens: '%s' is not N K with "
                                 "1 <= K <= N <= %d", arg, PROBLEMS_MAX_N);
        return PROBLEMS_OK;
    case PROBLEMS_ASSIGNMENT:
        if (!read_int(&s, 1, PROBLEMS_MAX_LATIN, &spec->n) || *s)
            return problems_fail(err, 0, 0, "assignment: '%s' is not a "
                                 "number from 1 to %d", arg,
                                 PROBLEMS_MAX_LATIN);
        return PROBLEMS_OK;
    default:
        return problems_fail(err, 0, 0, "no such kind of problem");
    }
}

/* ---- the writers ---------------------------------------------------------- */

/* "| queens 8 --reduce: what (reduced how)" */
static void write_title(FILE *f, const problems_spec *sp, const char *arg)
{
    const problems_info *info = &kinds[sp->kind];
    fprintf(f, "| %s %s%s: %s", info->name, arg,
            sp->reduce ? " --reduce" : "", info->what);
    if (sp->reduce && info->reduce)
        fprintf(f, " (%s)", info->reduce);
    fputc('\n', f);
}

/* permutations and nrooks: one matrix under two sets of names. */
static void write_pairs(FILE *f, int n, const char *a, const char *b)
{
    for (int i = 1; i <= n; i++)
        fprintf(f, "%s%s%d", i > 1 ? " " : "", a, i);
    for (int j = 1; j <= n; j++)
        fprintf(f, " %s%d", b, j);
    fputc('\n', f);
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++)
            fprintf(f, "%s%d %s%d\n", a, i, b, j);
}

/* Queens, after Knuth's queens-dlx: the rows and columns in organ-pipe
 * order (middle first), because the engine breaks ties to the left and
 * the middle rows constrain most; diagonals are secondary, since most of
 * them stay empty.  Row r, column c (1-based) lies on sum diagonal
 * s(r+c) and difference diagonal d(r-c).
 *
 * --reduce keeps one of each mirror pair (column c <-> N+1-c): the queen
 * of row 1 in the left half; when N is odd and it sits in the middle
 * column, the secondary item "mirror" lets the queen of row 2 only in the
 * left half (it cannot be in the middle too). */
static void write_queens(FILE *f, const problems_spec *sp)
{
    int n = sp->n;
    for (int k = 0; k < n; k++) {
        /* organ pipe: middle, then alternately above and below */
        int i;
        if (n % 2)          /* 5: 3 2 4 1 5 */
            i = k % 2 ? (n + 1) / 2 - (k + 1) / 2 : (n + 1) / 2 + k / 2;
        else                /* 8: 5 4 6 3 7 2 8 1 */
            i = k % 2 ? n / 2 - (k - 1) / 2 : n / 2 + 1 + k / 2;
        fprintf(f, "%sr%d c%d", k ? " " : "", i, i);
    }
    fputs(" |", f);
    for (int s = 2; s <= 2 * n; s++)
        fprintf(f, " s%d", s);
    for (int d = 1 - n; d <= n - 1; d++)
        fprintf(f, " d%d", d);
    if (sp->reduce && n % 2)
        fputs(" mirror", f);
    fputc('\n', f);
    for (int r = 1; r <= n; r++)
        for (int c = 1; c <= n; c++) {
            const char *extra = "";
            if (sp->reduce && r == 1) {
                if (2 * c > n + 1)
                    continue;
                if (2 * c == n + 1)
                    extra = " mirror";
            }
            if (sp->reduce && r == 2 && n % 2 && 2 * c > n + 1)
                extra = " mirror";
            fprintf(f, "r%d c%d s%d d%d%s\n", r, c, r + c, r - c, extra);
        }
}

/* Langford pairs: value k in slots i and i+k+1 (0-based here, 1-based in
 * the names), one option per placement.
 *
 * --reduce keeps one of each pair of reversed sequences: reversal maps
 * value k's first slot i to 2N-k-2-i.  Value N keeps the placements with
 * i below their mirror; when N is even one placement of N is its own
 * mirror, and with it the secondary item "mirror" keeps value N-1 (never
 * its own mirror then) to the placements below theirs. */
static void write_langford(FILE *f, const problems_spec *sp)
{
    int n = sp->n;
    for (int k = 1; k <= n; k++)
        fprintf(f, "%sv%d", k > 1 ? " " : "", k);
    for (int s = 1; s <= 2 * n; s++)
        fprintf(f, " s%d", s);
    if (sp->reduce && n % 2 == 0)
        fputs(" | mirror", f);
    fputc('\n', f);
    for (int k = 1; k <= n; k++)
        for (int i = 0; i + k + 1 < 2 * n; i++) {
            int m = 2 * n - k - 2 - i;
            const char *extra = "";
            if (sp->reduce && k == n) {
                if (i > m)
                    continue;
                if (i == m)
                    extra = " mirror";
            }
            if (sp->reduce && k == n - 1 && n % 2 == 0 && i > m)
                extra = " mirror";
            fprintf(f, "v%d s%d s%d%s\n", k, i + 1, i + k + 2, extra);
        }
}

/* Latin squares, in sudoku's names: cell rRcC, row rR#V, column cC#V.
 * --reduce: first row and first column in order, by leaving out the
 * other values of their cells. */
static void write_latin(FILE *f, const problems_spec *sp)
{
    int n = sp->n;
    for (int r = 1; r <= n; r++)
        for (int c = 1; c <= n; c++)
            fprintf(f, "%sr%dc%d", r + c > 2 ? " " : "", r, c);
    for (int r = 1; r <= n; r++)
        for (int v = 1; v <= n; v++)
            fprintf(f, " r%d#%d", r, v);
    for (int c = 1; c <= n; c++)
        for (int v = 1; v <= n; v++)
            fprintf(f, " c%d#%d", c, v);
    fputc('\n', f);
    for (int r = 1; r <= n; r++)
        for (int c = 1; c <= n; c++)
            for (int v = 1; v <= n; v++) {
                if (sp->reduce && ((r == 1 && v != c) || (c == 1 && v != r)))
                    continue;
                fprintf(f, "r%dc%d r%d#%d c%d#%d\n", r, c, r, v, c, v);
            }
}

/* The empty grid is a puzzle without givens: grid/'s encoder writes it,
 * as it writes sudoku's puzzles (one encoding in the project).  --reduce
 * gives the first row as givens 1..N: every grid is one of N!
 * relabellings of such a grid. */
static int write_sudoku(FILE *f, const problems_spec *sp)
{
    unsigned char *cell = calloc((size_t)sp->n * (size_t)sp->n, 1);
    if (!cell)
        return PROBLEMS_ENOMEM;
    for (int c = 0; sp->reduce && c < sp->n; c++)
        cell[c] = (unsigned char)(c + 1);
    int status = grid_write_box_cover(f, sp->r, sp->c, cell);
    free(cell);
    return status == 0 ? PROBLEMS_OK : PROBLEMS_EWRITE;
}

/* Dominoes: every cell covered once, one option per domino placement. */
static void write_dominoes(FILE *f, const problems_spec *sp)
{
    int h = sp->height, w = sp->width;
    char a[8], b[8];
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            fprintf(f, "%s%s", r + c ? " " : "", problems_cell(r, c, a));
    fputc('\n', f);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            if (c + 1 < w)
                fprintf(f, "%s %s\n", problems_cell(r, c, a),
                        problems_cell(r, c + 1, b));
            if (r + 1 < h)
                fprintf(f, "%s %s\n", problems_cell(r, c, a),
                        problems_cell(r + 1, c, b));
        }
}

char *problems_cell(int r, int c, char *buf)
{
    static const char digit[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    buf[0] = digit[r];
    buf[1] = digit[c];
    buf[2] = '\0';
    return buf;
}

int problems_write(FILE *f, const problems_spec *sp, problems_error *err)
{
    err->line = err->col = 0;
    err->message[0] = '\0';
    char arg[64];
    if (sp->kind == PROBLEMS_SUDOKU)
        snprintf(arg, sizeof arg, "%dx%d", sp->r, sp->c);
    else if (sp->kind >= PROBLEMS_DOMINOES && sp->kind <= PROBLEMS_TETROMINOES)
        snprintf(arg, sizeof arg, sp->hole_h ? "%dx%d-%dx%d" : "%dx%d",
                 sp->height, sp->width, sp->hole_h, sp->hole_w);
    else if (sp->kind == PROBLEMS_KQUEENS)
        snprintf(arg, sizeof arg, "%d %d", sp->n, sp->k);
    else if (sp->kind == PROBLEMS_ASSIGNMENT)
        snprintf(arg, sizeof arg, "%d --seed %llu", sp->n,
                 (unsigned long long)sp->seed);
    else
        snprintf(arg, sizeof arg, "%d", sp->n);
    if (sp->reduce && !kinds[sp->kind].reduce)
        return problems_fail(err, 0, 0, "%s has no --reduce",
                             kinds[sp->kind].name);
    int status = PROBLEMS_OK;
    switch (sp->kind) {
    case PROBLEMS_PERMUTATIONS:
        write_title(f, sp, arg);
        write_pairs(f, sp->n, "p", "v");
        break;
    case PROBLEMS_NROOKS:
        write_title(f, sp, arg);
        write_pairs(f, sp->n, "r", "c");
        break;
    case PROBLEMS_QUEENS:
        write_title(f, sp, arg);
        write_queens(f, sp);
        break;
    case PROBLEMS_LANGFORD:
        write_title(f, sp, arg);
        write_langford(f, sp);
        break;
    case PROBLEMS_LATIN:
        write_title(f, sp, arg);
        write_latin(f, sp);
        break;
    case PROBLEMS_SUDOKU:
        write_title(f, sp, arg);
        status = write_sudoku(f, sp);
        break;
    case PROBLEMS_DOMINOES:
        write_title(f, sp, arg);
        write_dominoes(f, sp);
        break;
    case PROBLEMS_PENTOMINOES:
    case PROBLEMS_TETROMINOES:
        /* the title waits until the pieces are known to fit */
        status = problems_write_poly(f, sp, arg, err);
        break;
    case PROBLEMS_SET:
        status = problems_write_set(f, sp, err);
        break;
    case PROBLEMS_KQUEENS:
    case PROBLEMS_ASSIGNMENT:
        write_title(f, sp, arg);
        problems_write_mcc(f, sp);
        break;
    default:
        return problems_fail(err, 0, 0, "no such kind of problem");
    }
    if (status == PROBLEMS_OK && ferror(f))
        status = PROBLEMS_EWRITE;
    return status;
}

void problems_write_title(FILE *f, const problems_spec *sp, const char *arg)
{
    write_title(f, sp, arg);
}
