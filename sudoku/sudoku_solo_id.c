/*
 * sudoku_solo_id.c - Simon Tatham's Solo game IDs (3x3:..., 9j:...,
 * 3x3k:...), read and written.
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku_read_impl.h"
#include "grid_blocks.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

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
    int NN = N * N, edges = 2 * N * (N - 1);
    int pos = grid_blocks_read(p, N, 'z', 0, dsf, &p);
    if (pos < 0)
        return set_error(err, lineno, col0 + (int)(p - text), "the %s "
                         "part describes more than the %d edges of a "
                         "%dx%d grid", what, edges, N, N);
    if (*p && *p != ',' && !is_space(*p)) {
        char q[16];
        return set_error(err, lineno, col0 + (int)(p - text),
                         "unexpected %s in the %s part (letters and "
                         "'_')", quote_byte(p, q), what);
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
        int root = grid_dsf_find(dsf, i);
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
int sudoku_rd_solo_id(const char *text, int lineno, int col0,
                      const sudoku_read_options *opt, sudoku *s,
                      dlx_diag *err)
{
    long long R, C;
    const char *p;
    int st = sudoku_rd_box_numbers(text, &R, &C, &p);
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

int sudoku_rd_looks_like_solo_id(const char *p)
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

/* ---- writing ------------------------------------------------------------- */

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
            grid_block_edge(N, pos, &a, &b);
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

void sudoku_rd_write_solo_id(FILE *f, const sudoku *s)
{
    int N = s->shape.N;
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
}
