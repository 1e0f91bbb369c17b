/*
 * sudoku_read_numbers.c - the numbers layout: a line 'N' or 'RxC', then N*N
 * numbers (and the variant sections).
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku_read_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* "N", "RxC" or "N RxC" on a line of its own (the numbers layout): 0 with
 * the shape; -2 when the line has that form but the numbers are out of
 * range (err says which); -1 when it is not such a line.  A lone number
 * of four digits or more is not taken for a size: "1234" is a grid row. */
int sudoku_rd_numbers_header(const char *line, int lineno, sudoku_shape *shape,
                             dlx_diag *err)
{
    const char *p = skip_space(line), *end;
    long long n = 0, R, C;
    int has_n = 0, st;
    if (sudoku_rd_box_numbers(p, &R, &C, &end) == -1) {
        st = text_number(p, SUDOKU_MAX_ORDER, &n, &end);
        if (st == -1 || (*end && !is_space(*end)) || end - p > 3)
            return -1;
        /* a size only when nothing or a box follows: "0 0 1 0" is a grid
         * row that starts with a blank */
        const char *after = skip_space(end), *box_end;
        long long R2, C2;
        if (*after && (sudoku_rd_box_numbers(after, &R2, &C2, &box_end) == -1
                       || *skip_space(box_end)))
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
    st = sudoku_rd_box_numbers(box, &R, &C, &end);
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

int sudoku_rd_numbers_layout(sudoku_reader *r, sudoku *s, sudoku_source *src,
                             dlx_diag *err)
{
    int first = r->in.lineno;
    sudoku_shape shape;
    int st = sudoku_rd_numbers_header(r->in.line, first, &shape, err);
    if (st == -2)
        return sudoku_rd_bad_block(r);
    if (st != 0) {
        char q[64];
        set_error(err, first, 1, "expected a size line ('9', '2x3' or '6 "
                  "2x3'), found %s", text_quote(r->in.line, r->in.len, 40,
                                                q, sizeof q));
        return sudoku_rd_bad_block(r);
    }
    if (r->opt.box.N)
        shape = r->opt.box;
    if (sudoku_set_shape(s, shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    int N = shape.N, cells = 0;
    while (cells < N * N) {
        int got = sudoku_rd_line_in_block(r, err);
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
        int v;
        while ((st = sudoku_rd_next_number(line, &p, N, N, r->in.lineno, &v,
                                           err)) == SUDOKU_READ) {
            if (cells == N * N) {
                set_error(err, r->in.lineno, (int)(p - line), "more than "
                          "the %d numbers of a %dx%d puzzle", N * N, N, N);
                return sudoku_rd_bad_block(r);
            }
            s->cell[cells++] = (unsigned char)v;
        }
        if (st != SUDOKU_OK)
            return sudoku_rd_bad_block(r);
    }
    return sudoku_rd_block_end(r, s, src, SUDOKU_LAYOUT_NUMBERS,
                               SUDOKU_SYM_NUMBERS, first, err);
}
