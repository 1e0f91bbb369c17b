/*
 * problems_poly.c - polyominoes on a board, as in Knuth's polyomino-dlx:
 * one primary item per piece and per cell of the board, one option per
 * placement of a piece (every rotation and reflection, every position).
 *
 * Boards are R rows of C cells, with an optional centred hole (Dana
 * Scott's 8x8-2x2).  Cells are named by row and column in base 36 ("3a").
 *
 * Symmetry (--reduce).  The board's symmetries G (4 for a rectangle, 8
 * for a square) map every tiling to another one, never to itself (a piece
 * without symmetry, like the F, cannot be fixed by a non-trivial motion),
 * so the tilings fall into classes of |G|.  One tiling per class:
 *   - the anchor piece (the most symmetric, the X) keeps only the
 *     placements p that are the least of their images g(p);
 *   - when such a p is its own image under some motions H (X centred on
 *     the middle row of 5x12), the tilings with the anchor at p still come
 *     in classes of |H|: a piece without symmetry (the F) is then kept to
 *     the placements q least of their images h(q), through a secondary
 *     item shared by that anchor placement and the other placements of q.
 * This gives Knuth's 2,339 tilings of 6x10 and 1,010 of 5x12.
 */
#include "problems.h"
#include "problems_impl.h"

#include <stdlib.h>
#include <string.h>

#define PIECE_MAX 5          /* cells of the largest piece */
#define MOTIONS 8            /* of a square board */

typedef struct piece_def {
    const char *name;
    const char *picture;     /* rows separated by '/', '#' for a cell */
} piece_def;

/* Conway's names; the X first among equals is Knuth's anchor. */
static const piece_def pentominoes[] = {
    { "F", ".##/##./.#." }, { "I", "#####" }, { "L", "####/#..." },
    { "N", "##../.###" }, { "P", "##/##/#." }, { "T", "###/.#./.#." },
    { "U", "#.#/###" }, { "V", "#../#../###" }, { "W", "#../##./.##" },
    { "X", ".#./###/.#." }, { "Y", "####/.#.." }, { "Z", "##./.#./.##" },
};

static const piece_def tetrominoes[] = {
    { "I", "####" }, { "L", "###/#.." }, { "O", "##/##" }, { "S", ".##/##." },
    { "T", "###/.#." },
};

typedef struct cellpos {
    int r, c;
} cellpos;

typedef struct shape {
    int n;
    cellpos cell[PIECE_MAX];
} shape;

/* A placement: a piece and its board positions (r * width + c), sorted. */
typedef struct placement {
    int piece;
    int pos[PIECE_MAX];
} placement;

typedef struct board {
    int h, w, hole_h, hole_w;
    int n_motions;
    int n;                   /* cells of the piece set */
} board;

static int on_board(const board *b, int r, int c)
{
    if (r < 0 || c < 0 || r >= b->h || c >= b->w)
        return 0;
    int top = (b->h - b->hole_h) / 2, left = (b->w - b->hole_w) / 2;
    return !(b->hole_h && r >= top && r < top + b->hole_h && c >= left &&
             c < left + b->hole_w);
}

static int cmp_cell(const void *a, const void *b)
{
    const cellpos *x = a, *y = b;
    return x->r != y->r ? x->r - y->r : x->c - y->c;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Shifted to row 0 and column 0, cells sorted: equal shapes compare
 * equal. */
static void normalize(shape *s)
{
    int r0 = s->cell[0].r, c0 = s->cell[0].c;
    for (int k = 1; k < s->n; k++) {
        if (s->cell[k].r < r0)
            r0 = s->cell[k].r;
        if (s->cell[k].c < c0)
            c0 = s->cell[k].c;
    }
    for (int k = 0; k < s->n; k++) {
        s->cell[k].r -= r0;
        s->cell[k].c -= c0;
    }
    qsort(s->cell, (size_t)s->n, sizeof s->cell[0], cmp_cell);
}

static shape from_picture(const char *pic)
{
    shape s = { 0, { { 0, 0 } } };
    int r = 0, c = 0;
    for (const char *p = pic; *p; p++) {
        if (*p == '/') {
            r++;
            c = 0;
            continue;
        }
        if (*p == '#' && s.n < PIECE_MAX)
            s.cell[s.n++] = (cellpos){ r, c };
        c++;
    }
    normalize(&s);
    return s;
}

/* The distinct orientations of a shape (1 to 8). */
static int orientations(shape base, shape out[MOTIONS])
{
    int n = 0;
    for (int t = 0; t < MOTIONS; t++) {
        shape s = base;
        for (int k = 0; k < s.n; k++) {
            int r = s.cell[k].r, c = t & 4 ? -s.cell[k].c : s.cell[k].c;
            for (int q = 0; q < (t & 3); q++) {
                int tmp = r;
                r = c;
                c = -tmp;
            }
            s.cell[k] = (cellpos){ r, c };
        }
        normalize(&s);
        int seen = 0;
        for (int j = 0; j < n && !seen; j++)
            seen = !memcmp(&out[j], &s, sizeof s);
        if (!seen)
            out[n++] = s;
    }
    return n;
}

/* The position of cell pos under motion m of the board: 0 identity, 1
 * half turn, 2 and 3 the mirrors, 4..7 (square boards) the diagonal
 * mirrors and quarter turns.  The hole is centred, so every motion keeps
 * the board. */
static int move_cell(const board *b, int m, int pos)
{
    int r = pos / b->w, c = pos % b->w, h = b->h - 1, w = b->w - 1;
    int nr, nc;
    switch (m) {
    case 0: nr = r, nc = c; break;
    case 1: nr = h - r, nc = w - c; break;  /* half turn */
    case 2: nr = h - r, nc = c; break;      /* upside down */
    case 3: nr = r, nc = w - c; break;      /* left to right */
    case 4: nr = c, nc = r; break;          /* square boards: transpose */
    case 5: nr = w - c, nc = h - r; break;  /* the other diagonal */
    case 6: nr = c, nc = h - r; break;      /* a quarter turn */
    default: nr = w - c, nc = r; break;     /* the other quarter turn */
    }
    return nr * b->w + nc;
}

static void move_placement(const board *b, int m, const placement *p, int n,
                           placement *out)
{
    out->piece = p->piece;
    for (int k = 0; k < n; k++)
        out->pos[k] = move_cell(b, m, p->pos[k]);
    qsort(out->pos, (size_t)n, sizeof out->pos[0], cmp_int);
}

static int less(const placement *a, const placement *b, int n)
{
    for (int k = 0; k < n; k++)
        if (a->pos[k] != b->pos[k])
            return a->pos[k] < b->pos[k];
    return 0;
}

/* What the search needs of a piece set. */
typedef struct polyset {
    const piece_def *defs;
    int n_pieces;
    int cells;               /* of each piece */
    const char *name;
} polyset;

/* The placements of a piece set on a board, and what --reduce keeps of
 * them (one owner: poly_release frees it all). */
typedef struct poly_work {
    placement *pl;
    size_t n_pl;
    int *n_orient;           /* per piece: its orientations */
    int anchor;              /* the piece with the fewest orientations */
    int chiral;              /* the first piece without symmetry, or -1 */
    unsigned char *keep;     /* per placement: written (--reduce drops) */
    int *tie;                /* per anchor placement: its sym item, or 0 */
    unsigned *stab;          /* per tie item: motions fixing the anchor */
    int n_ties;
} poly_work;

static void poly_release(poly_work *w)
{
    free(w->pl);
    free(w->n_orient);
    free(w->keep);
    free(w->tie);
    free(w->stab);
}

/* Every placement of every piece on the board, and the anchor and chiral
 * pieces. */
static int poly_place_all(poly_work *w, const polyset *set, const board *b)
{
    size_t cap = (size_t)set->n_pieces * MOTIONS * (size_t)(b->h * b->w);
    w->pl = malloc(cap * sizeof *w->pl);
    w->n_orient = calloc((size_t)set->n_pieces, sizeof *w->n_orient);
    if (!w->pl || !w->n_orient)
        return PROBLEMS_ENOMEM;
    for (int k = 0; k < set->n_pieces; k++) {
        shape o[MOTIONS];
        int *n_orient = w->n_orient;
        n_orient[k] = orientations(from_picture(set->defs[k].picture), o);
        if (n_orient[k] < n_orient[w->anchor])
            w->anchor = k;
        if (n_orient[k] == MOTIONS && w->chiral < 0)
            w->chiral = k;
        for (int t = 0; t < n_orient[k]; t++)
            for (int r = 0; r < b->h; r++)
                for (int c = 0; c < b->w; c++) {
                    placement p = { k, { 0 } };
                    int fits = 1;
                    for (int j = 0; j < set->cells && fits; j++) {
                        int rr = r + o[t].cell[j].r, cc = c + o[t].cell[j].c;
                        fits = on_board(b, rr, cc);
                        p.pos[j] = rr * b->w + cc;
                    }
                    if (fits) {
                        qsort(p.pos, (size_t)set->cells, sizeof p.pos[0],
                              cmp_int);
                        w->pl[w->n_pl++] = p;
                    }
                }
    }
    return PROBLEMS_OK;
}

/* --reduce: which placements stay, and the secondary items that tie an
 * anchor placement with a symmetry to the chiral piece (without reduce,
 * every placement stays and there are no ties). */
static int poly_reduce(poly_work *w, const polyset *set, const board *b,
                       int reduce)
{
    size_t n_pl = w->n_pl;
    w->keep = malloc(n_pl ? n_pl : 1);
    w->tie = calloc(n_pl ? n_pl : 1, sizeof *w->tie);
    if (!w->keep || !w->tie)
        return PROBLEMS_ENOMEM;
    memset(w->keep, 1, n_pl ? n_pl : 1);
    placement *pl = w->pl;
    for (size_t k = 0; reduce && k < n_pl; k++) {
        if (pl[k].piece != w->anchor)
            continue;
        unsigned fixed = 0;
        for (int m = 1; m < b->n_motions && w->keep[k]; m++) {
            placement img;
            move_placement(b, m, &pl[k], set->cells, &img);
            if (less(&img, &pl[k], set->cells))
                w->keep[k] = 0;
            else if (!less(&pl[k], &img, set->cells))
                fixed |= 1u << m;
        }
        if (w->keep[k] && fixed) {
            unsigned *grown = realloc(w->stab, (size_t)(w->n_ties + 1) *
                                                   sizeof *w->stab);
            if (!grown)
                return PROBLEMS_ENOMEM;
            w->stab = grown;
            w->stab[w->n_ties++] = fixed;
            w->tie[k] = w->n_ties;
        }
    }
    return PROBLEMS_OK;
}

/* The items (pieces, cells, then the sym items) and the kept options. */
static void poly_write(FILE *f, const poly_work *w, const polyset *set,
                       const board *b)
{
    char name[4];
    for (int k = 0; k < set->n_pieces; k++)
        fprintf(f, "%s%s", k ? " " : "", set->defs[k].name);
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++)
            if (on_board(b, r, c))
                fprintf(f, " %s", problems_cell(r, c, name));
    if (w->n_ties)
        fputs(" |", f);
    for (int t = 1; t <= w->n_ties; t++)
        fprintf(f, " sym%d", t);
    fputc('\n', f);
    const placement *pl = w->pl;
    for (size_t k = 0; k < w->n_pl; k++) {
        if (!w->keep[k])
            continue;
        fputs(set->defs[pl[k].piece].name, f);
        for (int j = 0; j < set->cells; j++)
            fprintf(f, " %s", problems_cell(pl[k].pos[j] / b->w,
                                            pl[k].pos[j] % b->w, name));
        if (w->tie[k])
            fprintf(f, " sym%d", w->tie[k]);
        /* the chiral piece: barred from the anchor placements whose
         * symmetry would show this placement's image instead */
        for (int t = 0; pl[k].piece == w->chiral && t < w->n_ties; t++)
            for (int m = 1; m < b->n_motions; m++) {
                if (!(w->stab[t] >> m & 1))
                    continue;
                placement img;
                move_placement(b, m, &pl[k], set->cells, &img);
                if (less(&img, &pl[k], set->cells)) {
                    fprintf(f, " sym%d", t + 1);
                    break;
                }
            }
        fputc('\n', f);
    }
}

int problems_write_poly(FILE *f, const problems_spec *sp, const char *arg,
                        problems_error *err)
{
    polyset set = { pentominoes, 12, 5, "pentominoes" };
    if (sp->kind == PROBLEMS_TETROMINOES)
        set = (polyset){ tetrominoes, 5, 4, "tetrominoes" };
    board b = { sp->height, sp->width, sp->hole_h, sp->hole_w,
                sp->height == sp->width ? 8 : 4, 0 };
    int area = b.h * b.w - b.hole_h * b.hole_w;
    if (area != set.n_pieces * set.cells)
        return problems_fail(err, 0, 0, "%s: the %d %s cover %d cells, and "
                             "the board %s has %d", set.name, set.n_pieces,
                             set.name, set.n_pieces * set.cells, arg, area);

    poly_work w = { .anchor = 0, .chiral = -1 };
    int status = poly_place_all(&w, &set, &b);
    if (status == PROBLEMS_OK)
        status = poly_reduce(&w, &set, &b, sp->reduce);
    if (status == PROBLEMS_OK && w.n_ties && w.chiral < 0)
        status = problems_fail(err, 0, 0, "%s %s: --reduce needs a piece "
                               "without symmetry", set.name, arg);
    if (status == PROBLEMS_OK) {
        problems_write_title(f, sp, arg);
        poly_write(f, &w, &set, &b);
    }
    poly_release(&w);
    return status;
}
