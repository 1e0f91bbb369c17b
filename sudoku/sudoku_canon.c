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

#include "grid.h"

/* ---- transformations -------------------------------------------------------- */

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
static void random_blocks(grid_rng *s, int groups, int size, int *order)
{
    int outer[SUDOKU_MAX_ORDER], inner[SUDOKU_MAX_ORDER];
    for (int b = 0; b < groups; b++)
        outer[b] = b;
    grid_shuffle(s, outer, groups);
    for (int b = 0; b < groups; b++) {
        for (int k = 0; k < size; k++)
            inner[k] = k;
        grid_shuffle(s, inner, size);
        for (int k = 0; k < size; k++)
            order[b * size + k] = outer[b] * size + inner[k];
    }
}

void sudoku_transform_random(const sudoku_shape *sh, uint64_t seed,
                             sudoku_transform *t)
{
    grid_rng s = { seed };
    sudoku_transform_identity(sh, t);
    t->transpose = sh->R == sh->C && (grid_rng_next(&s) & 1);
    random_blocks(&s, sh->N / sh->R, sh->R, t->row);
    random_blocks(&s, sh->N / sh->C, sh->C, t->col);
    grid_shuffle(&s, t->label + 1, sh->N);
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
        return SUDOKU_EBAD;
    }
    if (!keeps_blocks(t->row, N, sh->R)) {
        snprintf(why, size, "the row order must move whole bands of %d rows "
                 "and rows within bands", sh->R);
        return SUDOKU_EBAD;
    }
    if (!keeps_blocks(t->col, N, sh->C)) {
        snprintf(why, size, "the column order must move whole stacks of %d "
                 "columns and columns within stacks", sh->C);
        return SUDOKU_EBAD;
    }
    int seen[SUDOKU_MAX_ORDER + 1] = { 0 };
    for (int d = 1; d <= N; d++)
        if (t->label[d] < 1 || t->label[d] > N || seen[t->label[d]]++) {
            snprintf(why, size, "the relabeling must be a permutation of "
                     "1..%d", N);
            return SUDOKU_EBAD;
        }
    return SUDOKU_OK;
}

int sudoku_transform_apply(const sudoku_transform *t, const sudoku *in,
                           sudoku *out)
{
    int N = in->shape.N;
    if (sudoku_set_shape(out, in->shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
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

/*
 * Two searches give the same answer; the second is much faster and only
 * applies to complete grids.
 *
 * The general search builds the form row by row.  A candidate is a partial
 * transformation: a column order (all of them at the start), the labels
 * given so far (by first appearance, which is what makes a row smallest
 * for a given order), the rows used.  For each next row of the output,
 * every candidate tries every row it may take there (any row of an unused
 * band when a band starts, else the rest of its band); only the candidates
 * that give the smallest row go on.
 *
 * The grid search.  In a complete grid the first output row is always
 * 1 2 .. N whatever the row r and column order p: it gives each digit its
 * label, the position of its column.  The second row r' (same band) then
 * reads s[j] = pinv[sigma[p[j]]] + 1, where sigma[c] is the column of row
 * r holding the digit that row r' has in column c.  The column order is
 * chosen position by position: putting column c at position j decides
 * s[j] unless column t = sigma[c] is not placed yet, and then the smallest
 * s[j] puts t at the first free position of its stack's slot (or, if its
 * stack has no slot yet, at the start of the first free slot); any other
 * place makes s[j], hence the form, larger.  So only the choice of c
 * branches, and ties alone survive.  Once the first two rows are fixed so
 * is every label and every column, and the other rows are placed by
 * sorting: the rest of the first band ascending, then the other bands,
 * each with its rows ascending, in ascending order.
 */

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

/* a way to start the grid search's form: the first two rows and the
 * column order that make the second row smallest */
typedef struct start {
    unsigned char grid;                   /* 0: as given, 1: transposed */
    unsigned char r0, r1;
    unsigned char col[CANON_MAX_N];
} grid_start;

struct sudoku_canon_ctx {
    int R, C, N;              /* the shape of the grid at hand */
    cands cur, nxt;           /* the general search's candidates */
    grid_start *starts;
    size_t nstarts, capstarts;
    int general_only;
    /* the grid search's state, for one grid, first and second row */
    const unsigned char *x;
    int gridno, r0, r1, pass;
    int sigma[CANON_MAX_N], p[CANON_MAX_N], pinv[CANON_MAX_N];
    int slot_stack[CANON_MAX_N], stack_slot[CANON_MAX_N];
    int best[CANON_MAX_N];
};

sudoku_canon_ctx *sudoku_canon_new(void)
{
    sudoku_canon_ctx *cx = calloc(1, sizeof *cx);
    return cx;
}

void sudoku_canon_free(sudoku_canon_ctx *cx)
{
    if (!cx)
        return;
    free(cx->cur.a);
    free(cx->nxt.a);
    free(cx->starts);
    free(cx);
}

void sudoku_canon_set_general(sudoku_canon_ctx *cx, int general_only)
{
    cx->general_only = general_only;
}

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

/*
 * The first row of the general search.  Labels go by first appearance, so
 * a row reads as its pattern of blanks: the smallest puts each stack's
 * blanks first and the stacks in order of their number of digits.  The
 * column orders that give it are exactly those: stacks of equal digit
 * count in any order, blanks in any order, digits in any order.  They are
 * made directly (rather than trying every column order), for each row
 * whose pattern is the smallest.
 */
typedef struct first_row {
    sudoku_canon_ctx *cx;
    const unsigned char *xr;       /* the row */
    int r, N, R, C;
    int digits[CANON_MAX_N];       /* per stack */
    int want[CANON_MAX_N];         /* per slot: digits of its stack */
    int col[CANON_MAX_N];
    unsigned used_cols, used_stacks;
} first_row;

static int order_row(first_row *f, int j)
{
    int N = f->N, C = f->C;
    if (j == N) {
        cand c;
        memset(&c, 0, sizeof c);
        c.next = 1;
        for (int k = 0; k < N; k++) {
            c.col[k] = (unsigned char)f->col[k];
            int v = f->xr[f->col[k]];
            if (v && !c.lab[v])
                c.lab[v] = c.next++;
        }
        c.used = 1u << f->r;
        c.band = (unsigned char)(f->r / f->R);
        if (f->cx->cur.n >= SUDOKU_CANON_MAX_CANDIDATES)
            return SUDOKU_ELIMIT;
        return push(&f->cx->cur, &c) == 0 ? SUDOKU_OK : SUDOKU_ENOMEM;
    }
    int m = j / C, o = j % C, stack = f->col[j - o] / C;
    int blank_here = o < C - f->want[m];
    for (int c = 0; c < N; c++) {
        if (f->used_cols >> c & 1)
            continue;
        if (o == 0 ? (f->used_stacks >> (c / C) & 1) ||
                         f->digits[c / C] != f->want[m]
                   : c / C != stack)
            continue;
        if ((f->xr[c] == 0) != blank_here)
            continue;
        f->col[j] = c;
        f->used_cols |= 1u << c;
        if (o == 0)
            f->used_stacks |= 1u << (c / C);
        int st = order_row(f, j + 1);
        f->used_cols &= ~(1u << c);
        if (o == 0)
            f->used_stacks &= ~(1u << (c / C));
        if (st != 0)
            return st;
    }
    return 0;
}

/* The smallest first row of x into best[0..N-1] (or compared with it when
 * have), and the candidates that give it into cx->cur.  Returns 0, -1
 * (too many), -2 (no memory); *improved when best[] changed. */
static int first_rows(sudoku_canon_ctx *cx, const unsigned char *x, int N,
                      int R, int C, unsigned char *best, int have,
                      int *improved)
{
    int S = N / C;
    unsigned char min[CANON_MAX_N];
    int wants[CANON_MAX_N][CANON_MAX_N];
    *improved = 0;
    cx->cur.n = 0;
    /* each row's smallest string: its stacks' digit counts sorted */
    for (int r = 0; r < N; r++) {
        int *w = wants[r];
        for (int m = 0; m < S; m++) {
            w[m] = 0;
            for (int k = 0; k < C; k++)
                w[m] += x[r * N + m * C + k] != 0;
        }
        for (int i = 1; i < S; i++)
            for (int k = i; k > 0 && w[k - 1] > w[k]; k--) {
                int t = w[k];
                w[k] = w[k - 1];
                w[k - 1] = t;
            }
        unsigned char s[CANON_MAX_N];
        int next = 1;
        for (int m = 0; m < S; m++)
            for (int k = 0; k < C; k++)
                s[m * C + k] = k < C - w[m] ? 0 : (unsigned char)next++;
        if (r == 0 || memcmp(s, min, (size_t)N) < 0)
            memcpy(min, s, (size_t)N);
    }
    int cmp = have ? memcmp(min, best, (size_t)N) : -1;
    if (cmp > 0)
        return 0;
    if (cmp < 0) {
        memcpy(best, min, (size_t)N);
        *improved = 1;
    }
    first_row f;
    memset(&f, 0, sizeof f);
    f.cx = cx;
    f.N = N;
    f.R = R;
    f.C = C;
    for (int r = 0; r < N; r++) {
        unsigned char s[CANON_MAX_N];
        int next = 1;
        for (int m = 0; m < S; m++)
            for (int k = 0; k < C; k++)
                s[m * C + k] = k < C - wants[r][m] ? 0 : (unsigned char)next++;
        if (memcmp(s, min, (size_t)N) != 0)
            continue;
        f.r = r;
        f.xr = x + r * N;
        memcpy(f.want, wants[r], sizeof f.want);
        for (int m = 0; m < S; m++) {
            f.digits[m] = 0;
            for (int k = 0; k < C; k++)
                f.digits[m] += f.xr[m * C + k] != 0;
        }
        int st = order_row(&f, 0);
        if (st != 0)
            return st;
    }
    return 0;
}

/* The smallest string of grid x (N x N, row-major) under row and column
 * orders, labels by first appearance; into best[] (N*N).  The first of
 * several calls (first = 1) starts best[] afresh; later ones improve on
 * it. */
static int minlex(sudoku_canon_ctx *cx, const unsigned char *x, int N, int R,
                  int C, unsigned char *best, int first)
{
    cands *cur = &cx->cur, *nxt = &cx->nxt;
    /* have: best[] holds a row `out` to compare with (the rows before it
     * are equal to this call's candidates) */
    int row0_better;
    int st = first_rows(cx, x, N, R, C, best, !first, &row0_better);
    if (st != 0)
        return st;
    int have = !row0_better && !first;
    for (int out = 1; out < N && cur->n > 0; out++) {
        unsigned char *row_best = best + out * N;
        int improved = 0;
        nxt->n = 0;
        for (size_t k = 0; k < cur->n; k++) {
            const cand *c = &cur->a[k];
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
                unsigned char lab[CANON_MAX_N + 1], s[CANON_MAX_N];
                memcpy(lab, c->lab, sizeof lab);
                int next = c->next;
                int cmp = have ? 0 : -1;
                const unsigned char *xr = x + r * N;
                for (int j = 0; j < N; j++) {
                    int v = xr[c->col[j]];
                    if (v && !lab[v])
                        lab[v] = (unsigned char)next++;
                    s[j] = v ? lab[v] : 0;
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
                    improved = 1;
                    nxt->n = 0;
                }
                cand n = *c;
                memcpy(n.lab, lab, sizeof lab);
                n.next = (unsigned char)next;
                n.used |= 1u << r;
                n.band = (unsigned char)(r / R);
                if (nxt->n >= SUDOKU_CANON_MAX_CANDIDATES)
                    return SUDOKU_ELIMIT;
                if (push(nxt, &n) != 0)
                    return SUDOKU_ENOMEM;
            }
        }
        cands t = *cur;
        *cur = *nxt;
        *nxt = t;
        /* once a row is smaller, the later rows of best are stale: every
         * candidate left must write them */
        if (improved)
            have = 0;
    }
    return 0;
}

/* ---- the grid search ---- */

static int add_start(sudoku_canon_ctx *cx)
{
    if (cx->nstarts >= SUDOKU_CANON_MAX_CANDIDATES)
        return SUDOKU_ELIMIT;
    if (cx->nstarts == cx->capstarts) {
        size_t cap = cx->capstarts ? 2 * cx->capstarts : 64;
        grid_start *a = realloc(cx->starts, cap * sizeof *a);
        if (!a)
            return SUDOKU_ENOMEM;
        cx->starts = a;
        cx->capstarts = cap;
    }
    grid_start *s = &cx->starts[cx->nstarts++];
    s->grid = (unsigned char)cx->gridno;
    s->r0 = (unsigned char)cx->r0;
    s->r1 = (unsigned char)cx->r1;
    for (int j = 0; j < cx->N; j++)
        s->col[j] = (unsigned char)cx->p[j];
    return 0;
}

/* Place columns at positions j.. (see the block comment above); the
 * second row so far equals best[0..j-1]. */
static int place(sudoku_canon_ctx *cx, int j)
{
    int N = cx->N, C = cx->C, S = N / C;
    if (j == N)
        return add_start(cx);
    int k = j / C;
    for (int c = 0; c < N; c++) {
        /* the columns that may stand at j */
        if (cx->p[j] >= 0) {
            if (c != cx->p[j])
                continue;
        } else if (cx->pinv[c] >= 0 ||
                   (cx->slot_stack[k] >= 0 ? c / C != cx->slot_stack[k]
                                           : cx->stack_slot[c / C] >= 0)) {
            continue;
        }
        int prefilled = cx->p[j] >= 0, new_slot = -1, moved = -1;
        if (!prefilled) {
            if (cx->slot_stack[k] < 0) {
                cx->slot_stack[k] = c / C;
                cx->stack_slot[c / C] = k;
                new_slot = k;
            }
            cx->p[j] = c;
            cx->pinv[c] = j;
        }
        int t = cx->sigma[c], t_slot = -1;
        if (cx->pinv[t] < 0) {
            int m = cx->stack_slot[t / C];
            if (m < 0) {
                for (m = 0; m < S && cx->slot_stack[m] >= 0; m++)
                    ;
                cx->slot_stack[m] = t / C;
                cx->stack_slot[t / C] = m;
                t_slot = m;
            }
            int q = m * C;
            while (cx->p[q] >= 0)
                q++;
            cx->p[q] = t;
            cx->pinv[t] = q;
            moved = t;
        }
        int v = cx->pinv[t] + 1, st = 0;
        if (v <= cx->best[j]) {
            if (v < cx->best[j]) {
                cx->best[j] = v;
                for (int i = j + 1; i < N; i++)
                    cx->best[i] = N + 1;
                cx->nstarts = 0;
            }
            st = place(cx, j + 1);
        }
        /* undo, latest first */
        if (moved >= 0) {
            cx->p[cx->pinv[moved]] = -1;
            cx->pinv[moved] = -1;
        }
        if (t_slot >= 0) {
            cx->stack_slot[cx->slot_stack[t_slot]] = -1;
            cx->slot_stack[t_slot] = -1;
        }
        if (!prefilled) {
            cx->pinv[c] = -1;
            cx->p[j] = -1;
        }
        if (new_slot >= 0) {
            cx->stack_slot[cx->slot_stack[new_slot]] = -1;
            cx->slot_stack[new_slot] = -1;
        }
        if (st != 0)
            return st;
    }
    return 0;
}

/* Is every row of x a permutation of 1..N? */
static int complete_rows(const unsigned char *x, int N)
{
    for (int r = 0; r < N; r++) {
        unsigned seen = 0;
        for (int c = 0; c < N; c++) {
            int v = x[r * N + c];
            if (v < 1 || v > N || (seen >> v & 1))
                return 0;
            seen |= 1u << v;
        }
    }
    return 1;
}

/* insertion sort of n strings of len bytes at base (n is at most 16) */
static void sort_strings(unsigned char *base, int n, int len)
{
    unsigned char tmp[CANON_MAX_N * CANON_MAX_N];
    for (int i = 1; i < n; i++) {
        int k = i;
        memcpy(tmp, base + i * len, (size_t)len);
        while (k > 0 && memcmp(base + (k - 1) * len, tmp, (size_t)len) > 0) {
            memcpy(base + k * len, base + (k - 1) * len, (size_t)len);
            k--;
        }
        memcpy(base + k * len, tmp, (size_t)len);
    }
}

/* The form a start gives, into out (N*N). */
static void finish(const sudoku_canon_ctx *cx, const unsigned char *x,
                   const grid_start *s, unsigned char *out)
{
    int N = cx->N, R = cx->R;
    unsigned char lab[CANON_MAX_N + 1];
    for (int j = 0; j < N; j++)
        lab[x[s->r0 * N + s->col[j]]] = (unsigned char)(j + 1);
#define ROW(r, dst) \
    for (int j = 0; j < N; j++) \
        (dst)[j] = lab[x[(r) * N + s->col[j]]]
    ROW(s->r0, out);
    ROW(s->r1, out + N);
    int b0 = s->r0 / R, o = 2;
    for (int r = b0 * R; r < b0 * R + R; r++)
        if (r != s->r0 && r != s->r1) {
            ROW(r, out + o * N);
            o++;
        }
    sort_strings(out + 2 * N, R - 2, N);
    for (int b = 0; b < N / R; b++) {
        if (b == b0)
            continue;
        unsigned char *band = out + o * N;
        for (int r = b * R; r < b * R + R; r++, o++)
            ROW(r, out + o * N);
        sort_strings(band, R, N);
    }
#undef ROW
    sort_strings(out + R * N, N / R - 1, R * N);
}

static int grid_search(sudoku_canon_ctx *cx, const unsigned char *x,
                       const unsigned char *xt, unsigned char *best,
                       unsigned char *scratch)
{
    int N = cx->N, R = cx->R;
    cx->nstarts = 0;
    for (int j = 0; j < N; j++)
        cx->best[j] = N + 1;
    /* (the starts number at most the grid's automorphisms times the
     * choices of first row; a guard all the same) */
    for (int g = 0; g < (xt ? 2 : 1); g++) {
        const unsigned char *y = g ? xt : x;
        cx->gridno = g;
        for (int r0 = 0; r0 < N; r0++) {
            int pos[CANON_MAX_N + 1];
            for (int c = 0; c < N; c++)
                pos[y[r0 * N + c]] = c;
            for (int r1 = r0 / R * R; r1 < r0 / R * R + R; r1++) {
                if (r1 == r0)
                    continue;
                cx->r0 = r0;
                cx->r1 = r1;
                for (int c = 0; c < N; c++) {
                    cx->sigma[c] = pos[y[r1 * N + c]];
                    cx->p[c] = cx->pinv[c] = -1;
                    cx->slot_stack[c] = cx->stack_slot[c] = -1;
                }
                int st = place(cx, 0);
                if (st != 0)
                    return st;
            }
        }
    }
    for (size_t k = 0; k < cx->nstarts; k++) {
        const grid_start *s = &cx->starts[k];
        finish(cx, s->grid ? xt : x, s, scratch);
        if (k == 0 || memcmp(scratch, best, (size_t)N * N) < 0)
            memcpy(best, scratch, (size_t)N * N);
    }
    return 0;
}

int sudoku_canon_with(sudoku_canon_ctx *cx, const sudoku *in, sudoku *out)
{
    const sudoku_shape *sh = &in->shape;
    int N = sh->N;
    if (N > CANON_MAX_N)
        return SUDOKU_ELIMIT;
    int st = 0;
    cx->N = N;
    cx->R = sh->R;
    cx->C = sh->C;
    unsigned char a[CANON_MAX_N * CANON_MAX_N], b[CANON_MAX_N * CANON_MAX_N];
    unsigned char xt[CANON_MAX_N * CANON_MAX_N];
    int square = sh->R == sh->C;
    if (square)
        /* the transposed grid has the same shape */
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++)
                xt[c * N + r] = in->cell[r * N + c];
    if (!cx->general_only && N >= 2 && sh->R >= 2 &&
        complete_rows(in->cell, N)) {
        st = grid_search(cx, in->cell, square ? xt : NULL, a, b);
    } else {
        st = minlex(cx, in->cell, N, sh->R, sh->C, a, 1);
        if (st == 0 && square)
            st = minlex(cx, xt, N, sh->R, sh->C, a, 0);
    }
    if (st == 0 && sudoku_set_shape(out, *sh) != 0)
        st = SUDOKU_ENOMEM;
    if (st == 0)
        memcpy(out->cell, a, (size_t)N * N);
    return st;
}

int sudoku_canon(const sudoku *in, sudoku *out)
{
    sudoku_canon_ctx *cx = sudoku_canon_new();
    if (!cx)
        return SUDOKU_ENOMEM;
    int st = sudoku_canon_with(cx, in, out);
    sudoku_canon_free(cx);
    return st;
}
