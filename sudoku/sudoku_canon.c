/*
 * sudoku_canon.c - transformations and the minlex canonical form.
 *
 * The canonical form is built row by row.  A candidate is a partial
 * transformation: a column order (all of them at the start), the labels
 * given so far, the rows used.  For each next row of the output, every
 * candidate tries every row it may take there (any row of an unused band
 * when a band starts, else the rest of its band); only the candidates that
 * give the smallest row go on.  Grids prune fast (after the first row only
 * the column orders and rows that make the second row smallest remain).
 */
#include "sudoku_canon.h"

#include <stdlib.h>
#include <string.h>

/* ---- transformations -------------------------------------------------------- */

static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void shuffle(uint64_t *s, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int k = (int)(((next_random(s) >> 32) * (uint64_t)(i + 1)) >> 32);
        int t = a[i];
        a[i] = a[k];
        a[k] = t;
    }
}

void sudoku_transform_identity(const sudoku_shape *sh, sudoku_transform *t)
{
    memset(t, 0, sizeof *t);
    for (int k = 0; k < sh->N; k++)
        t->row[k] = t->col[k] = k;
    for (int d = 0; d <= sh->N; d++)
        t->label[d] = d;
}

/* order[] of n groups of size g: a random group order, then a random order
 * inside each group */
static void random_blocks(uint64_t *s, int groups, int size, int *order)
{
    int outer[SUDOKU_MAX_ORDER], inner[SUDOKU_MAX_ORDER];
    for (int b = 0; b < groups; b++)
        outer[b] = b;
    shuffle(s, outer, groups);
    for (int b = 0; b < groups; b++) {
        for (int k = 0; k < size; k++)
            inner[k] = k;
        shuffle(s, inner, size);
        for (int k = 0; k < size; k++)
            order[b * size + k] = outer[b] * size + inner[k];
    }
}

void sudoku_transform_random(const sudoku_shape *sh, uint64_t seed,
                             sudoku_transform *t)
{
    uint64_t s = seed;
    sudoku_transform_identity(sh, t);
    t->transpose = sh->R == sh->C && (next_random(&s) & 1);
    random_blocks(&s, sh->N / sh->R, sh->R, t->row);
    random_blocks(&s, sh->N / sh->C, sh->C, t->col);
    shuffle(&s, t->label + 1, sh->N);
}

/* Is order[] a permutation that moves whole groups of `size`? */
static int keeps_blocks(const int *order, int n, int size)
{
    int seen[SUDOKU_MAX_ORDER] = { 0 };
    for (int k = 0; k < n; k++) {
        if (order[k] < 0 || order[k] >= n || seen[order[k]]++)
            return 0;
        if (order[k] / size != order[k - k % size] / size)
            return 0;
    }
    return 1;
}

int sudoku_transform_check(const sudoku_shape *sh, const sudoku_transform *t,
                           char *why, size_t size)
{
    int N = sh->N;
    if (t->transpose && sh->R != sh->C) {
        snprintf(why, size, "transposing needs square boxes (these are "
                 "%dx%d)", sh->R, sh->C);
        return -1;
    }
    if (!keeps_blocks(t->row, N, sh->R)) {
        snprintf(why, size, "the row order must move whole bands of %d rows "
                 "and rows within bands", sh->R);
        return -1;
    }
    if (!keeps_blocks(t->col, N, sh->C)) {
        snprintf(why, size, "the column order must move whole stacks of %d "
                 "columns and columns within stacks", sh->C);
        return -1;
    }
    int seen[SUDOKU_MAX_ORDER + 1] = { 0 };
    for (int d = 1; d <= N; d++)
        if (t->label[d] < 1 || t->label[d] > N || seen[t->label[d]]++) {
            snprintf(why, size, "the relabeling must be a permutation of "
                     "1..%d", N);
            return -1;
        }
    return 0;
}

int sudoku_transform_apply(const sudoku_transform *t, const sudoku *in,
                           sudoku *out)
{
    int N = in->shape.N;
    if (sudoku_set_shape(out, in->shape) != 0)
        return -1;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int a = t->row[r], b = t->col[c];
            int v = t->transpose ? in->cell[b * N + a] : in->cell[a * N + b];
            out->cell[r * N + c] = (unsigned char)t->label[v];
        }
    return 0;
}

void sudoku_transform_inverse(const sudoku_shape *sh,
                              const sudoku_transform *t,
                              sudoku_transform *inv)
{
    int N = sh->N, rinv[SUDOKU_MAX_ORDER], cinv[SUDOKU_MAX_ORDER];
    sudoku_transform_identity(sh, inv);
    for (int k = 0; k < N; k++) {
        rinv[t->row[k]] = k;
        cinv[t->col[k]] = k;
    }
    /* Y[r][c] = L[X'[row r][col c]] gives X'[i][j] = L^-1[Y[rinv i][cinv
     * j]]; with a transposition X[a][b] = X'[b][a], which is the same form
     * with the row and column orders swapped */
    inv->transpose = t->transpose;
    for (int k = 0; k < N; k++) {
        inv->row[k] = t->transpose ? cinv[k] : rinv[k];
        inv->col[k] = t->transpose ? rinv[k] : cinv[k];
    }
    for (int d = 1; d <= N; d++)
        inv->label[t->label[d]] = d;
}

/* ---- the canonical form --------------------------------------------------------- */

#define CANON_MAX_N 16

typedef struct cand {
    unsigned char col[CANON_MAX_N];       /* output column j = column col[j] */
    unsigned char lab[CANON_MAX_N + 1];   /* digit -> label, 0: none yet */
    unsigned char next;                   /* next label to give */
    unsigned char band;                   /* band of the rows being emitted */
    uint32_t used;                        /* rows used */
} cand;

typedef struct cands {
    cand *a;
    size_t n, cap;
} cands;

static int push(cands *l, const cand *c)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 4096;
        cand *a = realloc(l->a, cap * sizeof *a);
        if (!a)
            return -1;
        l->a = a;
        l->cap = cap;
    }
    l->a[l->n++] = *c;
    return 0;
}

/* every column order: stacks in any order, columns within stacks */
static int column_orders(int N, int C, cands *out)
{
    int S = N / C, stack[CANON_MAX_N], in[CANON_MAX_N][CANON_MAX_N];
    /* the permutations of S and of C, listed by Heap's rule would do; a
     * counter over factorial digits is simpler to read */
    long fs = 1, fc = 1;
    for (int k = 2; k <= S; k++)
        fs *= k;
    for (int k = 2; k <= C; k++)
        fc *= k;
    long total = fs;
    for (int k = 0; k < S; k++) {
        if (total > SUDOKU_CANON_MAX_COLUMN_ORDERS / fc)
            return -1;
        total *= fc;
    }
    cand c;
    memset(&c, 0, sizeof c);
    c.next = 1;
    for (long code = 0; code < total; code++) {
        long x = code;
        /* decode: stack order from x % fs, then one in-stack order each */
        long p = x % fs;
        x /= fs;
        int pool[CANON_MAX_N];
        for (int k = 0; k < S; k++)
            pool[k] = k;
        for (int k = 0, left = S; k < S; k++, left--) {
            long f = 1;
            for (int j = 2; j < left; j++)
                f *= j;
            int pick = (int)(p / f);
            p %= f;
            stack[k] = pool[pick];
            memmove(pool + pick, pool + pick + 1,
                    (size_t)(left - pick - 1) * sizeof *pool);
        }
        for (int s = 0; s < S; s++) {
            long q = x % fc;
            x /= fc;
            for (int k = 0; k < C; k++)
                pool[k] = k;
            for (int k = 0, left = C; k < C; k++, left--) {
                long f = 1;
                for (int j = 2; j < left; j++)
                    f *= j;
                int pick = (int)(q / f);
                q %= f;
                in[s][k] = pool[pick];
                memmove(pool + pick, pool + pick + 1,
                        (size_t)(left - pick - 1) * sizeof *pool);
            }
        }
        for (int s = 0; s < S; s++)
            for (int k = 0; k < C; k++)
                c.col[s * C + k] = (unsigned char)(stack[s] * C + in[s][k]);
        if (push(out, &c) != 0)
            return -2;
    }
    return 0;
}

/* The smallest string of grid x (N x N, row-major) under row orders and
 * the column orders in *start; into best[] (N*N). */
static int minlex(const unsigned char *x, int N, int R, const cands *start,
                  unsigned char *best)
{
    cands cur = { 0 }, nxt = { 0 };
    for (size_t k = 0; k < start->n; k++)
        if (push(&cur, &start->a[k]) != 0)
            goto nomem;
    for (int out = 0; out < N; out++) {
        unsigned char *row_best = best + out * N;
        int have = 0;
        nxt.n = 0;
        for (size_t k = 0; k < cur.n; k++) {
            const cand *c = &cur.a[k];
            for (int r = 0; r < N; r++) {
                if (c->used >> r & 1)
                    continue;
                if (out % R == 0) {
                    /* a new band: any band none of whose rows are used */
                    int b = r / R;
                    if (c->used >> (b * R) & ((1u << R) - 1))
                        continue;
                } else if (r / R != c->band) {
                    continue;
                }
                /* the row under this candidate, compared as it is made */
                cand n = *c;
                unsigned char s[CANON_MAX_N];
                int cmp = have ? 0 : -1;
                for (int j = 0; j < N; j++) {
                    int v = x[r * N + c->col[j]];
                    if (v && !n.lab[v])
                        n.lab[v] = n.next++;
                    s[j] = v ? n.lab[v] : 0;
                    if (cmp == 0 && s[j] != row_best[j]) {
                        cmp = s[j] < row_best[j] ? -1 : 1;
                        if (cmp > 0)
                            break;
                    }
                }
                if (cmp > 0)
                    continue;
                if (cmp < 0) {
                    memcpy(row_best, s, (size_t)N);
                    have = 1;
                    nxt.n = 0;
                }
                n.used |= 1u << r;
                n.band = (unsigned char)(r / R);
                if (push(&nxt, &n) != 0)
                    goto nomem;
            }
        }
        cands t = cur;
        cur = nxt;
        nxt = t;
    }
    free(cur.a);
    free(nxt.a);
    return 0;
nomem:
    free(cur.a);
    free(nxt.a);
    return -2;
}

int sudoku_canon(const sudoku *in, sudoku *out)
{
    const sudoku_shape *sh = &in->shape;
    int N = sh->N;
    if (N > CANON_MAX_N)
        return -1;
    cands cols = { 0 }, cols_t = { 0 };
    int st = column_orders(N, sh->C, &cols);
    if (st == 0 && sh->R == sh->C)
        st = column_orders(N, sh->R, &cols_t);
    unsigned char *a = malloc((size_t)N * N), *b = malloc((size_t)N * N);
    unsigned char *xt = malloc((size_t)N * N);
    if (st == 0 && (!a || !b || !xt))
        st = -2;
    if (st == 0)
        st = minlex(in->cell, N, sh->R, &cols, a);
    if (st == 0 && sh->R == sh->C) {
        /* the transposed grid has the same shape */
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++)
                xt[c * N + r] = in->cell[r * N + c];
        st = minlex(xt, N, sh->R, &cols_t, b);
        if (st == 0 && memcmp(b, a, (size_t)N * N) < 0)
            memcpy(a, b, (size_t)N * N);
    }
    if (st == 0 && sudoku_set_shape(out, *sh) != 0)
        st = -2;
    if (st == 0)
        memcpy(out->cell, a, (size_t)N * N);
    free(a);
    free(b);
    free(xt);
    free(cols.a);
    free(cols_t.a);
    return st;
}
