/*
 * sudoku_logic_chains.c - the techniques past the wings: finned fish,
 * remote pairs, W-wings, unique rectangles, simple colouring, X- and
 * XY-chains, and cell and unit forcing chains, the strongest step before
 * a guess.  Each finder works as those of sudoku_logic.c do: one instance
 * that changes the board, applied and described, returns 1; else 0.
 */
#include "sudoku_logic_impl.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* finned X-wing and swordfish; larger fish are not looked for */
#define FINNED_MAX 3

/* ---- finned fish
 * --------------------------------------------------------------- */

/* A finned fish being looked for: digit d, k base lines rows[] of kind
 * base (0 rows, N columns) whose places for d are pos[], all of them
 * together in all. */
typedef struct finned {
    int k, d, base;
    int rows[FINNED_MAX];
    uint64_t pos[FINNED_MAX];
    int cover[FINNED_MAX];
    const uint64_t *cross; /* the places of d in each cover line */
} finned;

/* Tries the covers of k lines among the bits of `from` for the base
 * lines of f. */
static int finned_cover(sudoku_logic *lg, sudoku_step *st, finned *f,
                        int n_cover, uint64_t all, uint64_t from,
                        uint64_t picked);

static int finned_covers(sudoku_logic *lg, sudoku_step *st, finned *f,
                         uint64_t all);

/*
 * Finned fish of size k (finned X-wing 2, finned swordfish 3) for digit
 * d: k base lines (rows, or columns) whose places for d all lie in k cover
 * lines, but for a few places (the fin) inside one box.  Either the fin
 * holds d, or the fish is a plain fish and d is in the cover lines' base
 * cells.  The cells of the cover lines inside the fin's box (and outside
 * the base lines) see the fin and are in the cover lines, so cannot be d
 * either way.
 */
/* The mask of the places of a base line that lie in the stack (base
 * rows) or band (base columns) starting at place s. */
static uint64_t fin_lines(const sudoku_logic *lg, int base, int s)
{
    int w = base == 0 ? lg->sh.C : lg->sh.R;
    return (w >= 64 ? ~0ULL : (1ULL << w) - 1) << s;
}

/* Can the places `all` of the base lines so far be k cover lines and a
 * fin in one box?  The fin's places lie in one box's lines (a stack of C
 * columns for base rows, a band of R rows for base columns), so all but
 * those of some stack (band) must be k places at most; adding base lines
 * only adds places, so a partial set that fails cannot be completed.
 * (The same fish are found, in the same order, with fewer tried.) */
static int fin_possible(const sudoku_logic *lg, int base, uint64_t all,
                        int k)
{
    if (lg->puzzle.jigsaw)
        return 1; /* a region's cells are in any lines */
    int w = base == 0 ? lg->sh.C : lg->sh.R;
    for (int s = 0; s < lg->N; s += w)
        if (grid_popcount(all & ~fin_lines(lg, base, s)) <= k)
            return 1;
    return 0;
}

/* Can places `out` (outside the cover) be a fin: in one stack (base rows)
 * or band (base columns)?  Fins in two are in two boxes. */
static int fin_in_one(const sudoku_logic *lg, int base, uint64_t out)
{
    if (lg->puzzle.jigsaw || !out)
        return 1;
    int w = base == 0 ? lg->sh.C : lg->sh.R;
    return !(out & ~fin_lines(lg, base, grid_low_bit(out) / w * w));
}

static int finned_in(sudoku_logic *lg, sudoku_step *st, finned *f,
                     const uint64_t *line, int n_rows, int start,
                     uint64_t all)
{
    int N = lg->N, k = f->k;
    if (n_rows > 0 && !fin_possible(lg, f->base, all, k))
        return 0;
    if (n_rows == k)
        return finned_covers(lg, st, f, all);
    if (n_rows >= FINNED_MAX)
        return 0;
    for (int r = start; r < N; r++) {
        f->pos[n_rows] = line[r];
        int n = grid_popcount(f->pos[n_rows]);
        if (n < 1 || n > k + lg->sh.C + lg->sh.R)
            continue;
        f->rows[n_rows] = r;
        if (finned_in(lg, st, f, line, n_rows + 1, r + 1,
                      all | f->pos[n_rows]))
            return 1;
    }
    return 0;
}

/* Whether a cover line of f holds d in the fin's box outside the base
 * lines (fin_place: a fin's base line times N plus its place): the cells
 * of a cover line in that box are those of its places in the box's lines
 * (a band for base rows, whose cover lines are columns; a stack for base
 * columns), when the cover line crosses the box at all. */
static int finned_removes(const sudoku_logic *lg, const finned *f,
                          int fin_place)
{
    if (lg->puzzle.jigsaw)
        return 1; /* the removals themselves tell */
    int N = lg->N, wp = f->base == 0 ? lg->sh.C : lg->sh.R;
    int wl = f->base == 0 ? lg->sh.R : lg->sh.C;
    int ps = fin_place % N / wp * wp, ls = fin_place / N / wl * wl;
    uint64_t base_lines = 0;
    for (int p = 0; p < f->k; p++)
        base_lines |= 1ULL << f->rows[p];
    uint64_t box = (wl >= 64 ? ~0ULL : (1ULL << wl) - 1) << ls;
    for (int q = 0; q < f->k; q++)
        if (f->cover[q] >= ps && f->cover[q] < ps + wp &&
            (f->cross[f->cover[q]] & box & ~base_lines))
            return 1;
    return 0;
}

/* The fish's removals, once its cover is picked, and its words. */
static int finned_found(sudoku_logic *lg, sudoku_step *st, const finned *f,
                        uint64_t picked)
{
    int N = lg->N, k = f->k, other = f->base == 0 ? N : 0;
    /* the fin: places of the base lines outside the cover, in one box;
     * every base line keeps a place in the cover */
    int fin_box = -1, n_fin = 0, fin_place = 0;
    for (int p = 0; p < k; p++) {
        if (!(f->pos[p] & picked))
            return 0;
        for (uint64_t m = f->pos[p] & ~picked; m; m &= m - 1) {
            int c = unit_cells(lg, f->base + f->rows[p])[grid_low_bit(m)];
            if (fin_box >= 0 && box_of(lg, c) != fin_box)
                return 0;
            fin_box = box_of(lg, c);
            fin_place = f->rows[p] * N + grid_low_bit(m);
            n_fin++;
        }
    }
    if (n_fin == 0)
        return 0; /* a plain fish, found before */
    if (!finned_removes(lg, f, fin_place))
        return 0;
    int from_rm = lg->n_rm, d = f->d;
    for (int q = 0; q < k; q++) {
        const int *cells = unit_cells(lg, other + f->cover[q]);
        for (int j = 0; j < N; j++) {
            int in_base = 0;
            for (int p = 0; p < k; p++)
                in_base |= j == f->rows[p];
            if (!in_base && box_of(lg, cells[j]) == fin_box)
                logic_eliminate(lg, cells[j], d);
        }
    }
    if (lg->n_rm == from_rm)
        return 0;
    st->tech = k == 2 ? SUDOKU_TECH_FINNED_X_WING
                      : SUDOKU_TECH_FINNED_SWORDFISH;
    const char *bk = f->base == 0 ? "row" : "column";
    const char *ck = f->base == 0 ? "column" : "row";
    logic_say(st, "%s on %d: in %ss", sudoku_technique_name(st->tech), d, bk);
    for (int p = 0; p < k; p++)
        logic_say(st, " %d", f->rows[p] + 1);
    logic_say(st, ", %d fits only in %ss", d, ck);
    for (int q = 0; q < k; q++)
        logic_say(st, " %d", f->cover[q] + 1);
    logic_say(st, " but for a fin in box %d; either the fin holds %d or those "
        "%ss hold their %d in these %ss, and the cells of box %d in those "
        "%ss lose %d either way: ", fin_box + 1, d, ck, d, bk, fin_box + 1,
        ck, d);
    logic_say_removals(lg, st, from_rm);
    return 1;
}

/* The covers in order (each next cover line above the one before); the
 * places of `all` passed over stay outside the cover, so once they are
 * not in one stack (band), no cover from here on has a fin. */
static int finned_cover(sudoku_logic *lg, sudoku_step *st, finned *f,
                        int n_cover, uint64_t all, uint64_t from,
                        uint64_t picked)
{
    if (n_cover == f->k) {
        uint64_t out = all & ~picked;
        return out && fin_in_one(lg, f->base, out) &&
               finned_found(lg, st, f, picked);
    }
    if (n_cover >= FINNED_MAX)
        return 0;
    for (uint64_t m = from; m; m &= m - 1) {
        int b = grid_low_bit(m);
        if (!fin_in_one(lg, f->base, all & ~picked & ((1ULL << b) - 1)))
            break;
        f->cover[n_cover] = b;
        if (finned_cover(lg, st, f, n_cover + 1, all, m & (m - 1),
                         picked | 1ULL << b))
            return 1;
    }
    return 0;
}

/* Whether cover a comes before cover b in the order of finned_cover
 * (their lines in increasing order, compared first to last): the lowest
 * line in one of them only is a's. */
static int cover_before(uint64_t a, uint64_t b)
{
    uint64_t x = a ^ b;
    return (x & (0 - x) & a) != 0;
}

/* Adds to list[] the covers `picked` plus `need` more lines of `from`
 * (lines of `free`, one stack or band, above those picked there) that
 * leave some of free outside: the fin; returns the new count, or -1 when
 * past max. */
static int add_covers(uint64_t picked, uint64_t free, uint64_t from,
                      int need, uint64_t *list, int n, int max)
{
    if (need == 0) {
        if (!(free & ~picked))
            return n; /* no fin: a plain fish */
        if (n == max)
            return -1;
        list[n] = picked;
        return n + 1;
    }
    for (uint64_t m = from; m && n >= 0; m &= m - 1)
        n = add_covers(picked | (m & (0 - m)), free, m & (m - 1), need - 1,
                       list, n, max);
    return n;
}

/* The covers of the base lines of f whose fin is in one stack (band):
 * all the places outside that stack are cover lines, the rest of the
 * cover lies inside it.  Tried in the order of finned_cover, which they
 * stand for (with a jigsaw, or too many to list, finned_cover itself). */
static int finned_covers(sudoku_logic *lg, sudoku_step *st, finned *f,
                         uint64_t all)
{
    enum { MAX_COVERS = 64 };
    uint64_t list[MAX_COVERS];
    int n = 0, k = f->k, w = f->base == 0 ? lg->sh.C : lg->sh.R;
    if (lg->puzzle.jigsaw)
        return finned_cover(lg, st, f, 0, all, all, 0);
    for (int s = 0; s < lg->N && n >= 0; s += w) {
        uint64_t stack = fin_lines(lg, f->base, s);
        uint64_t must = all & ~stack;
        int need = k - grid_popcount(must);
        if (need >= 0 && need <= grid_popcount(all & stack))
            n = add_covers(must, all & stack, all & stack, need, list, n,
                           MAX_COVERS);
    }
    if (n < 0)
        return finned_cover(lg, st, f, 0, all, all, 0);
    for (int i = 1; i < n; i++) /* insertion sort: a few covers */
        for (int j = i; j > 0 && cover_before(list[j], list[j - 1]); j--) {
            uint64_t t = list[j];
            list[j] = list[j - 1];
            list[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        int q = 0;
        for (uint64_t m = list[i]; m; m &= m - 1)
            f->cover[q++] = grid_low_bit(m);
        if (finned_found(lg, st, f, list[i]))
            return 1;
    }
    return 0;
}

int logic_finned_fish(sudoku_logic *lg, sudoku_step *st, int k)
{
    if (k < 2 || k > FINNED_MAX)
        return 0;
    finned f = {.k = k};
    /* each row's places for d, then each column's */
    uint64_t line[2 * SUDOKU_LOGIC_MAX_ORDER];
    int N = lg->N, t = (int)st->tech;
    for (int d = 1; d <= N && !logic_time_up(lg); d++) {
        if (logic_digit_same(lg, t, d))
            continue;
        for (int r = 0; r < 2 * N; r++)
            line[r] = logic_positions(lg, r, d);
        f.d = d;
        for (int base = 0; base <= N; base += N) {
            f.base = base;
            f.cross = line + (N - base);
            if (finned_in(lg, st, &f, line + base, 0, 0, 0))
                return 1;
        }
        logic_digit_none(lg, t, d);
    }
    return 0;
}

/* ---- remote pairs, W-wings, unique rectangles ------------------------------
 */

/*
 * Remote pairs: cells holding only the same two digits {a,b} that see one
 * another alternate along any chain of them: two that see each other are
 * one a and one b.  Colouring each connected group of such cells in two
 * colours, a cell of one colour and a cell of the other hold a and b
 * between them, so a cell that sees both can be neither.
 */
int logic_remote_pair(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN;
    int *colour = lg->scratch, *queue = lg->scratch + NN;
    for (int i = 0; i < NN; i++)
        colour[i] = -1;
    for (int root = 0; root < NN; root++) {
        uint64_t pair = lg->cand[root];
        if (colour[root] >= 0 || !two_bits(pair))
            continue;
        /* the group of root, coloured 0 and 1 (breadth first) */
        int n = 0;
        colour[root] = 0;
        queue[n++] = root;
        for (int h = 0; h < n; h++)
            for (int j = 0; j < NN; j++)
                if (colour[j] < 0 && lg->cand[j] == pair &&
                    sees(lg, queue[h], j)) {
                    colour[j] = 1 - colour[queue[h]];
                    queue[n++] = j;
                }
        if (n < 4)
            continue; /* two or three cells: a naked pair or triple */
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++) {
                int p = queue[a], q = queue[b];
                if (colour[p] != 0 || colour[q] != 1 || sees(lg, p, q))
                    continue;
                int from = lg->n_rm;
                for (int i = 0; i < NN; i++)
                    if (lg->cand[i] != pair && sees(lg, i, p) &&
                        sees(lg, i, q))
                        for (uint64_t m = pair; m; m &= m - 1)
                            logic_eliminate(lg, i, grid_low_digit(m));
                if (lg->n_rm == from)
                    continue;
                char n1[24], n2[24];
                st->tech = SUDOKU_TECH_REMOTE_PAIR;
                logic_say(st, "remote pair ");
                logic_say_digits(st, pair);
                logic_say(st, ": the cells ");
                for (int k = 0, first = 1; k < n; k++, first = 0)
                    logic_say(st, "%s%s", first ? "" : ", ",
                        cell_name(lg, queue[k], n1));
                logic_say(st, " hold only these two digits and are linked by "
                    "seeing one another, so linked cells alternate; %s and "
                    "%s are of opposite turns and hold both digits between "
                    "them, so cells seeing both cannot hold either: ",
                    cell_name(lg, p, n1), cell_name(lg, q, n2));
                logic_say_removals(lg, st, from);
                return 1;
            }
    }
    return 0;
}

/* The two cells of unit u that hold candidate d, if exactly two do. */
static int conjugates(const sudoku_logic *lg, int u, int d, int *a, int *b)
{
    uint64_t pos = logic_positions(lg, u, d);
    if (!two_bits(pos))
        return 0;
    *a = unit_cells(lg, u)[grid_low_bit(pos)];
    *b = unit_cells(lg, u)[63 - __builtin_clzll(pos)];
    return 1;
}

/*
 * W-wing: two cells p and q holding only {x,w}, which do not see each
 * other, and a unit where x fits only in two cells, one seeing p and the
 * other seeing q.  One of those two is x, so p or q is not x: it is w.
 * Cells seeing both p and q cannot be w.
 */
/* Whether some cell holding w (bit) sees both p and q: read through p's
 * units. */
static int sees_pair_holding(const sudoku_logic *lg, int p, int q,
                             uint64_t w)
{
    int u[5], n_u = cell_units(lg, p, u);
    for (int k = 0; k < n_u; k++) {
        const int *cells = unit_cells(lg, u[k]);
        for (int j = 0; j < lg->N; j++)
            if ((lg->cand[cells[j]] & w) && cells[j] != p &&
                sees(lg, cells[j], q))
                return 1;
    }
    return 0;
}

/* The W-wing's removals and words: p and q hold `pair`, unit u holds x
 * only in a and b. */
static int w_wing_found(sudoku_logic *lg, sudoku_step *st, int p, int q,
                        int x, int u, int a, int b)
{
    uint64_t pair = lg->cand[p];
    int w = grid_low_digit(pair & ~grid_digit_bit(x));
    int from = lg->n_rm;
    for (int i = 0; i < lg->NN; i++)
        if (sees(lg, i, p) && sees(lg, i, q))
            logic_eliminate(lg, i, w);
    if (lg->n_rm == from)
        return 0;
    char n1[24], n2[24], n3[24], n4[24], un[32];
    st->tech = SUDOKU_TECH_W_WING;
    logic_say(st, "W-wing: %s and %s both hold only ", cell_name(lg, p, n1),
              cell_name(lg, q, n2));
    logic_say_digits(st, pair);
    logic_say(st, ", and in %s %d fits only in %s and %s, one seeing each of "
              "them; so one of the two is not %d and is %d, and cells seeing "
              "both cannot be %d: ", unit_name(lg, u, un), x,
              cell_name(lg, a, n3), cell_name(lg, b, n4), x, w, w);
    logic_say_removals(lg, st, from);
    return 1;
}

/* The W-wing's pairs p and q: a unit where x fits only in a cell seeing p
 * and one seeing q; conj_a and conj_b hold each digit's conjugates per
 * unit (-1: not two places), read when first needed (-2 at unit 0: not
 * yet). */
static int w_wing_at(sudoku_logic *lg, sudoku_step *st, int p, int q,
                     int *conj_a, int *conj_b)
{
    uint64_t pair = lg->cand[p];
    for (uint64_t xs = pair; xs; xs &= xs - 1) {
        int x = grid_low_digit(xs);
        uint64_t w = pair & ~grid_digit_bit(x);
        if (!sees_pair_holding(lg, p, q, w))
            continue; /* nothing to remove, whatever the unit */
        int *ca = conj_a + (x - 1) * lg->n_units;
        int *cb = conj_b + (x - 1) * lg->n_units;
        if (ca[0] == -2) /* not read yet */
            for (int u = 0; u < lg->n_units; u++)
                if (!conjugates(lg, u, x, &ca[u], &cb[u]))
                    ca[u] = cb[u] = -1;
        for (int u = 0; u < lg->n_units; u++) {
            int a = ca[u], b = cb[u];
            if (a < 0 || a == p || a == q || b == p || b == q)
                continue;
            if (!(sees(lg, a, p) && sees(lg, b, q)) &&
                !(sees(lg, a, q) && sees(lg, b, p)))
                continue;
            if (w_wing_found(lg, st, p, q, x, u, a, b))
                return 1;
        }
    }
    return 0;
}

/* Pairs from the list of two-candidate cells, in order; each digit's
 * conjugates read once per call, when first needed. */
int logic_w_wing(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN, N = lg->N, n_units = lg->n_units;
    int *pair = lg->scratch, n_pair = 0;
    int *conj_a = lg->chain, *conj_b = lg->chain + N * n_units;
    for (int i = 0; i < NN; i++)
        if (two_bits(lg->cand[i]))
            pair[n_pair++] = i;
    if (n_pair < 2)
        return 0;
    for (int x = 1; x <= N; x++)
        conj_a[(x - 1) * n_units] = -2;
    for (int ip = 0; ip < n_pair; ip++) {
        int p = pair[ip];
        if (logic_time_up(lg))
            return 0;
        for (int iq = ip + 1; iq < n_pair; iq++) {
            int q = pair[iq];
            if (lg->cand[q] != lg->cand[p] || sees(lg, p, q))
                continue;
            if (w_wing_at(lg, st, p, q, conj_a, conj_b))
                return 1;
        }
    }
    return 0;
}

/* Whether the puzzle is known to have one solution: said by the caller, or
 * found by the engine when a solver is at hand. */
static int known_unique(sudoku_logic *lg)
{
    if (lg->unique < 0 && lg->sv) {
        int found = logic_find_solution(lg, lg->sv);
        lg->unique = found == 1 && lg->solutions == 1;
    }
    return lg->unique == 1;
}

/*
 * Unique rectangle, type 1: four cells on two rows, two columns and two
 * boxes, three of them holding only {a,b} and the fourth {a,b} and more.
 * Were the fourth a or b too, a and b could be swapped in the four cells
 * and the puzzle would have two solutions; a puzzle with one solution
 * rules that out, so the fourth is neither a nor b.
 */
int logic_unique_rectangle(sudoku_logic *lg, sudoku_step *st)
{
    int N = lg->N;
    /* the swap must keep every unit: not checked past the boxes and lines
     * (a diagonal, two jigsaw regions shaped otherwise), so not tried */
    if (sudoku_is_variant(&lg->puzzle))
        return 0;
    /* three corners hold two candidates each: the columns of each row's
     * two-candidate cells rule most rectangles out at once */
    uint64_t two[SUDOKU_LOGIC_MAX_ORDER];
    for (int r = 0; r < N; r++) {
        two[r] = 0;
        for (int c = 0; c < N; c++)
            if (two_bits(lg->cand[r * N + c]))
                two[r] |= 1ULL << c;
    }
    /* (both corners of one column, and one of the other) */
    for (int r1 = 0; r1 < N; r1++)
        for (int r2 = r1 + 1; r2 < N; r2++) {
            uint64_t both = two[r1] & two[r2], any = two[r1] | two[r2];
            if (!both)
                continue;
            for (int c1 = 0; c1 < N; c1++) {
                if (!(any >> c1 & 1))
                    continue;
                for (int c2 = c1 + 1; c2 < N; c2++) {
                    uint64_t cm = 1ULL << c1 | 1ULL << c2;
                    if ((any & cm) != cm || !(both & cm))
                        continue;
                    int cell[4] = { r1 * N + c1, r1 * N + c2, r2 * N + c1,
                                    r2 * N + c2 };
                    /* two boxes: the rows share a band or the columns a
                     * stack, not both */
                    int same_band = box_of(lg, cell[0]) == box_of(lg, cell[2]);
                    int same_stack = box_of(lg, cell[0]) ==
                                     box_of(lg, cell[1]);
                    if (same_band == same_stack)
                        continue;
                    int odd = -1, pairs = 0;
                    uint64_t pair = 0;
                    for (int k = 0; k < 4; k++)
                        if (two_bits(lg->cand[cell[k]]) &&
                            (!pair || lg->cand[cell[k]] == pair)) {
                            pair = lg->cand[cell[k]];
                            pairs++;
                        } else {
                            odd = k;
                        }
                    if (pairs != 3 || odd < 0 ||
                        (lg->cand[cell[odd]] & pair) != pair)
                        continue;
                    if (!known_unique(lg))
                        return 0;
                    int from = lg->n_rm;
                    for (uint64_t m = pair; m; m &= m - 1)
                        logic_eliminate(lg, cell[odd], grid_low_digit(m));
                    char n[4][24];
                    st->tech = SUDOKU_TECH_UNIQUE_RECTANGLE;
                    logic_say(st, "unique rectangle: %s, %s, %s, %s hold ",
                        cell_name(lg, cell[0], n[0]),
                        cell_name(lg, cell[1], n[1]),
                        cell_name(lg, cell[2], n[2]),
                        cell_name(lg, cell[3], n[3]));
                    logic_say_digits(st, pair);
                    logic_say(st, ", %s with more; if %s held only those two "
                        "digits too, they could be swapped in the four cells "
                        "and the puzzle (which has one solution) would have "
                        "two: ", n[odd], n[odd]);
                    logic_say_removals(lg, st, from);
                    return 1;
                }
            }
        }
    return 0;
}

/* ---- colouring and chains
 * ---------------------------------------------------- */

/* The k-th of the n_hood N cells of the units of cell c (c itself, and
 * the cells of two of its units, come more than once; past its units, c). */
/* A colour trap for the group queue[0..n-1] of d: cells holding d, out
 * of the group, that see cells of both colours lose d.  A cell sees a
 * colour when one of its units holds a cell of that colour (the unit's
 * colours as two bits in `has`). */
static void colour_trap(sudoku_logic *lg, int d, const int *colour,
                        const int *queue, int n)
{
    int *has = lg->chain;
    for (int u = 0; u < lg->n_units; u++)
        has[u] = 0;
    for (int a = 0; a < n; a++) {
        int u[5], n_u = cell_units(lg, queue[a], u);
        for (int k = 0; k < n_u; k++)
            has[u[k]] |= 1 << colour[queue[a]];
    }
    for (int i = 0; i < lg->NN; i++) {
        if (!(lg->cand[i] & grid_digit_bit(d)) || colour[i] >= 0)
            continue;
        int u[5], n_u = cell_units(lg, i, u), seen = 0;
        for (int k = 0; k < n_u; k++)
            seen |= has[u[k]];
        if (seen == 3)
            logic_eliminate(lg, i, d);
    }
}

/*
 * Simple colouring: for digit d, two cells that are d's only places in a
 * unit (a conjugate pair) hold one d between them.  Following such pairs
 * from cell to cell, the cells reached take two colours, and one colour
 * holds all the d's of the group.  So a cell seeing both colours cannot be
 * d (a colour trap), and a colour two of whose cells see each other is the
 * one without d (a colour wrap).
 */
int logic_simple_colouring(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN, N = lg->N;
    int *colour = lg->scratch, *queue = lg->scratch + NN;
    int t = SUDOKU_TECH_SIMPLE_COLOURING;
    for (int d = 1; d <= N; d++) {
        if (logic_time_up(lg))
            return 0;
        if (logic_digit_same(lg, t, d))
            continue;
        for (int i = 0; i < NN; i++)
            colour[i] = -1;
        for (int root = 0; root < NN; root++) {
            if (colour[root] >= 0 || !(lg->cand[root] & grid_digit_bit(d)))
                continue;
            int n = 0;
            colour[root] = 0;
            queue[n++] = root;
            for (int h = 0; h < n; h++) {
                int c = queue[h];
                int u[5], n_u = cell_units(lg, c, u);
                for (int k = 0; k < n_u; k++) {
                    int a, b;
                    if (!conjugates(lg, u[k], d, &a, &b))
                        continue;
                    int o = a == c ? b : a;
                    if (colour[o] < 0) {
                        colour[o] = 1 - colour[c];
                        queue[n++] = o;
                    }
                }
            }
            if (n < 3)
                continue;
            /* a wrap: two cells of one colour that see each other */
            int wrap = -1;
            for (int a = 0; a < n && wrap < 0; a++)
                for (int b = a + 1; b < n && wrap < 0; b++)
                    if (colour[queue[a]] == colour[queue[b]] &&
                        sees(lg, queue[a], queue[b]))
                        wrap = colour[queue[a]];
            int from = lg->n_rm;
            if (wrap >= 0) {
                for (int a = 0; a < n; a++)
                    if (colour[queue[a]] == wrap)
                        logic_eliminate(lg, queue[a], d);
            } else {
                colour_trap(lg, d, colour, queue, n);
            }
            if (lg->n_rm == from)
                continue;
            char name[24];
            st->tech = SUDOKU_TECH_SIMPLE_COLOURING;
            logic_say(st,
                      "simple colouring on %d: following the pairs of places "
                      "%d has in a row, column or box, ",
                      d, d);
            for (int c = 0; c < 2; c++) {
                logic_say(st, c ? " and " : "");
                for (int a = 0, first = 1; a < n; a++)
                    if (colour[queue[a]] == c) {
                        logic_say(st, "%s%s", first ? "" : ", ",
                            cell_name(lg, queue[a], name));
                        first = 0;
                    }
                logic_say(st, c ? " (colour B)" : " (colour A)");
            }
            if (wrap >= 0)
                logic_say(st,
                          " alternate; two cells of colour %c see each other, "
                          "so that colour has no %d: ",
                          "AB"[wrap], d);
            else
                logic_say(st,
                          " alternate, and one colour holds the %d's; cells "
                          "seeing both colours cannot be %d: ",
                          d, d);
            logic_say_removals(lg, st, from);
            return 1;
        }
        logic_digit_none(lg, t, d);
    }
    return 0;
}

/* Says the cells of the chain that ends at node k of a breadth-first
 * search, the start first: node j is cell node_cell[j], reached from
 * parent[j] (-1 at the start). */
static void say_path(sudoku_logic *lg, sudoku_step *st, const int *node_cell,
                     const int *parent, int k)
{
    char name[24];
    if (parent[k] >= 0) {
        say_path(lg, st, node_cell, parent, parent[k]);
        logic_say(st, " - ");
    }
    logic_say(st, "%s", cell_name(lg, node_cell[k], name));
}

/* Whether a cell holding d, other than c and s, sees c and is marked in
 * sees_s (the cells holding d that see s) with stamp: whether the chain's
 * ends s and c rule anything out. */
static int sees_both(const sudoku_logic *lg, const int *u, int n_u, int c,
                     const int *sees_s, int stamp)
{
    for (int k = 0; k < n_u; k++) {
        const int *cells = unit_cells(lg, u[k]);
        for (int j = 0; j < lg->N; j++)
            if (sees_s[cells[j]] == stamp && cells[j] != c)
                return 1;
    }
    return 0;
}

/* Takes digit d from every cell but s and c that sees both (the ends of
 * a chain): the number of candidates taken. */
static int eliminate_seen_by_both(sudoku_logic *lg, int s, int c, int d)
{
    int from = lg->n_rm;
    for (int i = 0; i < lg->NN; i++)
        if (i != s && i != c && sees(lg, i, s) && sees(lg, i, c))
            logic_eliminate(lg, i, d);
    return lg->n_rm - from;
}

/* The X-chain's removals from chain ends s and c, and its words. */
static int x_chain_found(sudoku_logic *lg, sudoku_step *st, int d, int s,
                         int c, const int *node_cell, const int *parent,
                         int h)
{
    int from = lg->n_rm;
    if (!eliminate_seen_by_both(lg, s, c, d))
        return 0;
    char n1[24], n2[24];
    st->tech = SUDOKU_TECH_X_CHAIN;
    logic_say(st, "X-chain on %d: ", d);
    say_path(lg, st, node_cell, parent, h);
    logic_say(st,
              " (links of %d alternating: the only two places in a unit, "
              "then two cells that see each other); if %s is not %d then "
              "%s is, so one of them is %d and cells seeing both cannot "
              "be: ",
              d, cell_name(lg, s, n1), d, cell_name(lg, c, n2), d);
    logic_say_removals(lg, st, from);
    return 1;
}

/* The X-chains of digit d from start s, breadth first (pos: each unit's
 * places for d): 1 when one removes something (applied and told). */
static int x_chain_from(sudoku_logic *lg, sudoku_step *st, int d, int s,
                        const uint64_t *pos, int stamp)
{
    int NN = lg->NN, N = lg->N;
    uint64_t bit = grid_digit_bit(d);
    /* node 2c: c is not d; node 2c+1: c is d */
    int *seen = lg->chain, *node_cell = lg->chain + 2 * NN;
    int *parent = lg->chain + 4 * NN, *queue = lg->chain + 6 * NN;
    int *sees_s = lg->scratch + NN; /* stamped: holds d and sees s */
    for (int k = 0; k < 2 * NN; k++)
        seen[k] = -1;
    int u[5], n_u = cell_units(lg, s, u);
    for (int k = 0; k < n_u; k++)
        for (int j = 0; j < N; j++) {
            int i = unit_cells(lg, u[k])[j];
            if (i != s && (lg->cand[i] & bit))
                sees_s[i] = stamp;
        }
    int n = 0;
    seen[2 * s] = n;
    node_cell[n] = s;
    parent[n] = -1;
    queue[n++] = 2 * s;
    for (int h = 0; h < n; h++) {
        int c = queue[h] / 2, is_d = queue[h] % 2;
        n_u = cell_units(lg, c, u);
        if (is_d && c != s && !sees(lg, c, s) &&
            sees_both(lg, u, n_u, c, sees_s, stamp) &&
            x_chain_found(lg, st, d, s, c, node_cell, parent, h))
            return 1;
        /* the next links: strong from "not d" (to the other place of a
         * unit where d has two), weak from "d" */
        int partner[5], n_p = 0;
        for (int k = 0; k < n_u && !is_d; k++)
            if (two_bits(pos[u[k]])) {
                const int *cells = unit_cells(lg, u[k]);
                int a = cells[grid_low_bit(pos[u[k]])];
                int b = cells[63 - __builtin_clzll(pos[u[k]])];
                partner[n_p++] = a == c ? b : a;
            }
        if (!is_d && !n_p)
            continue;
        for (int k = 0; k < n_u; k++) {
            const int *cells = unit_cells(lg, u[k]);
            for (int j = 0; j < N; j++) {
                int i = cells[j];
                if (i == c || !(lg->cand[i] & bit))
                    continue;
                int next = is_d ? 2 * i : 2 * i + 1;
                if (seen[next] >= 0)
                    continue;
                int strong = is_d;
                for (int p = 0; p < n_p && !strong; p++)
                    strong = partner[p] == i;
                if (!strong)
                    continue;
                seen[next] = n;
                node_cell[n] = i;
                parent[n] = h;
                queue[n++] = next;
            }
        }
    }
    return 0;
}

/* Cell sets of grids up to 128 cells (orders up to 11), for a test of all
 * a digit's X-chains at once. */
#define XSET_CELLS 128
typedef struct xset {
    uint64_t w[2];
} xset;

/* A digit's cells as sets: each cell's peers holding d (itself not), and
 * the other cells of the units where d has two places (strong links). */
typedef struct xsets {
    xset peers[XSET_CELLS], strong[XSET_CELLS];
} xsets;

static void xsets_of(const sudoku_logic *lg, int d, const uint64_t *pos,
                     xsets *x)
{
    xset unit[3 * 11 + 2];
    for (int u = 0; u < lg->n_units; u++) {
        unit[u] = (xset){ { 0, 0 } };
        for (uint64_t m = pos[u]; m; m &= m - 1) {
            int i = unit_cells(lg, u)[grid_low_bit(m)];
            unit[u].w[i >> 6] |= 1ULL << (i & 63);
        }
    }
    for (int c = 0; c < lg->NN; c++) {
        x->peers[c] = x->strong[c] = (xset){ { 0, 0 } };
        if (!(lg->cand[c] & grid_digit_bit(d)))
            continue;
        int u[5], n_u = cell_units(lg, c, u);
        for (int k = 0; k < n_u; k++)
            for (int w = 0; w < 2; w++) {
                x->peers[c].w[w] |= unit[u[k]].w[w];
                if (two_bits(pos[u[k]]))
                    x->strong[c].w[w] |= unit[u[k]].w[w];
            }
        x->peers[c].w[c >> 6] &= ~(1ULL << (c & 63));
        x->strong[c].w[c >> 6] &= ~(1ULL << (c & 63));
    }
}

/* Whether an X-chain of d from s removes anything: the cells that are d
 * whenever s is not (reached strong, weak, ... strong), closed as sets;
 * one that does not see s but shares a peer holding d with it is an end
 * that x_chain_from finds. */
static int x_chain_any(const xsets *x, int s)
{
    xset off = { { 0, 0 } }, on = { { 0, 0 } }, front;
    off.w[s >> 6] = 1ULL << (s & 63);
    front = off;
    while (front.w[0] | front.w[1]) {
        xset next = { { 0, 0 } };
        for (int w = 0; w < 2; w++)
            for (uint64_t m = front.w[w]; m; m &= m - 1)
                for (int v = 0; v < 2; v++)
                    next.w[v] |= x->strong[64 * w + grid_low_bit(m)].w[v];
        for (int v = 0; v < 2; v++) {
            next.w[v] &= ~on.w[v];
            on.w[v] |= next.w[v];
        }
        front = (xset){ { 0, 0 } };
        for (int w = 0; w < 2; w++)
            for (uint64_t m = next.w[w]; m; m &= m - 1)
                for (int v = 0; v < 2; v++)
                    front.w[v] |= x->peers[64 * w + grid_low_bit(m)].w[v];
        for (int v = 0; v < 2; v++) {
            front.w[v] &= ~off.w[v];
            off.w[v] |= front.w[v];
        }
    }
    on.w[s >> 6] &= ~(1ULL << (s & 63));
    for (int w = 0; w < 2; w++)
        for (uint64_t m = on.w[w] & ~x->peers[s].w[w]; m; m &= m - 1) {
            const xset *pc = &x->peers[64 * w + grid_low_bit(m)];
            if ((pc->w[0] & x->peers[s].w[0]) | (pc->w[1] & x->peers[s].w[1]))
                return 1;
        }
    return 0;
}

/*
 * X-chain, for one digit d: from a start cell s, "s is not d" forces d
 * into the other place of a conjugate pair of s (a strong link); a cell
 * holding d rules d out of the cells it sees (a weak link); and so on,
 * strong and weak in turn.  A cell e reached by a strong link holds d
 * whenever s does not, so a cell seeing both s and e cannot be d.
 * Breadth first, so the chain told is a shortest one.  Each unit's places
 * for d are read once per digit, the cells that see s once per start, and
 * a node's links go in the order of its units' cells; up to 128 cells,
 * the chains of a start are first tested all at once, as sets.
 */
int logic_x_chain(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN, N = lg->N;
    int *linked = lg->scratch;      /* the cells of d's conjugate pairs */
    uint64_t pos[3 * SUDOKU_LOGIC_MAX_ORDER + 2]; /* each unit's places */
    xsets *x = NN <= XSET_CELLS ? malloc(sizeof *x) : NULL;
    for (int i = 0; i < NN; i++)
        lg->scratch[NN + i] = 0; /* x_chain_from's stamps */
    int stamp = 0, t = SUDOKU_TECH_X_CHAIN, found = 0;
    for (int d = 1; d <= N && !found; d++) {
        if (logic_digit_same(lg, t, d))
            continue;
        uint64_t bit = grid_digit_bit(d);
        for (int i = 0; i < NN; i++)
            linked[i] = 0;
        for (int u = 0; u < lg->n_units; u++) {
            pos[u] = logic_positions(lg, u, d);
            if (!two_bits(pos[u]))
                continue;
            linked[unit_cells(lg, u)[grid_low_bit(pos[u])]] = 1;
            linked[unit_cells(lg, u)[63 - __builtin_clzll(pos[u])]] = 1;
        }
        if (x)
            xsets_of(lg, d, pos, x);
        for (int s = 0; s < NN && !found; s++) {
            if (!(lg->cand[s] & bit) || !linked[s] ||
                (x && !x_chain_any(x, s)))
                continue;
            if (logic_time_up(lg))
                break;
            found = x_chain_from(lg, st, d, s, pos, ++stamp);
        }
        if (!found && !lg->cut)
            logic_digit_none(lg, t, d);
    }
    free(x);
    return found;
}

/* Says the XY-chain to node k: "r1c1 is 3, so r1c5 is 7, so ..." */
static void say_xy(sudoku_logic *lg, sudoku_step *st, const int *node,
                   const int *parent, int k)
{
    char name[24];
    if (parent[k] >= 0) {
        say_xy(lg, st, node, parent, parent[k]);
        logic_say(st, ", so ");
    }
    logic_say(st, "%s is %d", cell_name(lg, node[k] / lg->N, name),
        node[k] % lg->N + 1);
}

/*
 * XY-chain: cells holding two candidates each, each seeing the next, where
 * the digit a cell is not is the digit the next cell cannot be: from a
 * start s = {x,y}, "s is not x" makes s y, the next cell (holding y) not
 * y, so its other digit, and so on.  A cell e reached that way being x
 * means s or e is x: cells seeing both cannot be x.
 */
/* The XY-chain's removals from ends s and c (digit x), and its words. */
static int xy_chain_found(sudoku_logic *lg, sudoku_step *st, int s, int c,
                          int x, const int *node, const int *parent, int h)
{
    int from = lg->n_rm;
    if (!eliminate_seen_by_both(lg, s, c, x))
        return 0;
    char n1[24], n2[24];
    st->tech = SUDOKU_TECH_XY_CHAIN;
    logic_say(st, "XY-chain: if %s is not %d, ", cell_name(lg, s, n1), x);
    say_xy(lg, st, node, parent, h);
    logic_say(st,
              "; either way one of %s and %s is %d, and cells seeing both "
              "cannot be: ",
              cell_name(lg, s, n1), cell_name(lg, c, n2), x);
    logic_say_removals(lg, st, from);
    return 1;
}

/*
 * XY-chain: cells holding two candidates each, each seeing the next, where
 * the digit a cell is not is the digit the next cell cannot be: from a
 * start s = {x,y}, "s is not x" makes s y, the next cell (holding y) not
 * y, so its other digit, and so on.  A cell e reached that way being x
 * means s or e is x: cells seeing both cannot be x.  The nodes seen are
 * marked with a stamp per start (seen[k] - base is the node's index when
 * it is base or more), and the cells that see s and hold x once per
 * start and digit, so that an end is tested through its own units.
 */
int logic_xy_chain(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN, N = lg->N;
    /* node c*N + v-1: cell c is v */
    int *parent = lg->chain, *node = lg->chain + NN * N;
    unsigned *seen = (unsigned *)(lg->chain + 2 * NN * N);
    int *sees_s = lg->scratch; /* stamped: holds x and sees s */
    unsigned base = 1;
    int stamp = 0;
    for (int k = 0; k < NN * N; k++)
        seen[k] = 0;
    for (int i = 0; i < NN; i++)
        sees_s[i] = 0;
    for (int s = 0; s < NN; s++) {
        if (!two_bits(lg->cand[s]))
            continue;
        if (logic_time_up(lg))
            return 0;
        for (uint64_t xs = lg->cand[s]; xs; xs &= xs - 1) {
            int x = grid_low_digit(xs);
            int y = grid_low_digit(lg->cand[s] & ~grid_digit_bit(x));
            int u[5], n_u = cell_units(lg, s, u);
            stamp++;
            for (int k = 0; k < n_u; k++)
                for (int j = 0; j < N; j++) {
                    int i = unit_cells(lg, u[k])[j];
                    if (i != s && (lg->cand[i] & grid_digit_bit(x)))
                        sees_s[i] = stamp;
                }
            if (base > UINT_MAX - (unsigned)(NN * N) - 1) {
                for (int k = 0; k < NN * N; k++)
                    seen[k] = 0;
                base = 1;
            }
            int n = 0;
            node[n] = s * N + y - 1;
            parent[n] = -1;
            seen[node[n]] = base + (unsigned)n;
            n++;
            for (int h = 0; h < n; h++) {
                int c = node[h] / N, v = node[h] % N + 1;
                n_u = cell_units(lg, c, u);
                if (v == x && c != s && !sees(lg, c, s) &&
                    sees_both(lg, u, n_u, c, sees_s, stamp) &&
                    xy_chain_found(lg, st, s, c, x, node, parent, h))
                    return 1;
                /* c is v: a two-candidate cell seeing c and holding v is
                 * its other digit */
                for (int k = 0; k < n_u; k++) {
                    const int *cells = unit_cells(lg, u[k]);
                    for (int j = 0; j < N; j++) {
                        int i = cells[j];
                        if (i == c || !(lg->cand[i] & grid_digit_bit(v)) ||
                            !two_bits(lg->cand[i]))
                            continue;
                        int w = grid_low_digit(lg->cand[i] &
                                               ~grid_digit_bit(v));
                        int next = i * N + w - 1;
                        if (seen[next] >= base)
                            continue;
                        seen[next] = base + (unsigned)n;
                        node[n] = next;
                        parent[n] = h;
                        n++;
                    }
                }
            }
            base += (unsigned)n + 1;
        }
    }
    return 0;
}

/* ---- forcing chains --------------------------------------------------------
 */

/*
 * A trial follows one assumption ("r1c1 = 3") with naked and hidden
 * singles until nothing more follows or a contradiction shows: a cell
 * with no candidate left, or a digit with no place left in a unit.
 *
 *   placements 0..n-1:  pc[p] = cell, pd[p] = digit, why[p] = WHY_ASSUMED,
 *                       WHY_NAKED (the cell's last candidate) or a unit u
 *                       (the digit's only place in u); placement 0 is the
 *                       assumption
 *   at[i]               the placement that filled cell i, or -1
 *   rm_by[i*N + d-1]    the placement that removed d from cell i (valid
 *                       where stamp[] == run, so nothing is cleared
 *                       between trials)
 *
 * Each placement's reasons are earlier placements, so the chain that
 * leads to a conclusion is read back from these links alone.
 */
enum { WHY_ASSUMED = -1, WHY_NAKED = -2 };

typedef struct trial {
    uint64_t *cand;
    int *at, *pc, *pd, *why, n;
    int *rm_by;
    unsigned *stamp, run;
    unsigned char *mark;      /* placements on the chain being told */
    uint64_t *either;         /* per cell: what it may be in some branch */
    int bad_cell, bad_unit, bad_digit;   /* the contradiction, or -1 */
} trial;

void logic_trial_free(trial *t)
{
    if (!t)
        return;
    free(t->cand);
    free(t->at);
    free(t->pc);
    free(t->pd);
    free(t->why);
    free(t->rm_by);
    free(t->stamp);
    free(t->mark);
    free(t->either);
    free(t);
}

static trial *trial_get(sudoku_logic *lg)
{
    if (lg->trial)
        return lg->trial;
    size_t NN = (size_t)lg->NN, N = (size_t)lg->N;
    trial *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->cand = malloc(NN * sizeof *t->cand);
    t->at = malloc(NN * sizeof *t->at);
    t->pc = malloc(NN * sizeof *t->pc);
    t->pd = malloc(NN * sizeof *t->pd);
    t->why = malloc(NN * sizeof *t->why);
    t->rm_by = malloc(NN * N * sizeof *t->rm_by);
    t->stamp = calloc(NN * N, sizeof *t->stamp);
    t->mark = malloc(NN);
    t->either = malloc(NN * sizeof *t->either);
    if (!t->cand || !t->at || !t->pc || !t->pd || !t->why || !t->rm_by ||
        !t->stamp || !t->mark || !t->either) {
        logic_trial_free(t);
        return NULL;
    }
    return lg->trial = t;
}

/* the placement that removed d from cell i in this trial, or -1 */
static int removed_by(const sudoku_logic *lg, const trial *t, int i, int d)
{
    size_t k = (size_t)i * lg->N + d - 1;
    return t->stamp[k] == t->run ? t->rm_by[k] : -1;
}

/* Removes d from cell i as a consequence of placement p; 0, or -1 when i
 * is left with no candidate. */
static int trial_remove(sudoku_logic *lg, trial *t, int i, int d, int p)
{
    if (!(t->cand[i] & grid_digit_bit(d)))
        return 0;
    size_t k = (size_t)i * lg->N + d - 1;
    t->cand[i] &= ~grid_digit_bit(d);
    t->rm_by[k] = p;
    t->stamp[k] = t->run;
    if (!t->cand[i] && t->at[i] < 0) {
        t->bad_cell = i;
        return -1;
    }
    return 0;
}

/* Places d in cell i for the reason why; 0, or -1 on a contradiction. */
static int trial_place(sudoku_logic *lg, trial *t, int i, int d, int why)
{
    int p = t->n++;
    t->pc[p] = i;
    t->pd[p] = d;
    t->why[p] = why;
    t->at[i] = p;
    for (uint64_t o = t->cand[i] & ~grid_digit_bit(d); o; o &= o - 1)
        trial_remove(lg, t, i, grid_low_digit(o), p);
    t->cand[i] = 0;
    int u[5], n_u = cell_units(lg, i, u);
    for (int k = 0; k < n_u; k++) {
        const int *cells = unit_cells(lg, u[k]);
        for (int j = 0; j < lg->N; j++)
            if (trial_remove(lg, t, cells[j], d, p) != 0)
                return -1;
    }
    return 0;
}

/* Follows cell i = d with singles; 0 when it settles, -1 on a
 * contradiction (bad_cell, or bad_unit and bad_digit, say which). */
static int trial_run(sudoku_logic *lg, trial *t, int i, int d)
{
    int N = lg->N, NN = lg->NN;
    uint64_t all = N == 64 ? ~0ULL : (1ULL << N) - 1;
    memcpy(t->cand, lg->cand, (size_t)NN * sizeof *t->cand);
    for (int j = 0; j < NN; j++)
        t->at[j] = -1;
    t->n = 0;
    t->bad_cell = t->bad_unit = t->bad_digit = -1;
    if (++t->run == 0) {
        memset(t->stamp, 0, (size_t)NN * N * sizeof *t->stamp);
        t->run = 1;
    }
    if (trial_place(lg, t, i, d, WHY_ASSUMED) != 0)
        return -1;
    for (int progress = 1; progress;) {
        progress = 0;
        for (int j = 0; j < NN; j++)
            if (t->at[j] < 0 && grid_popcount(t->cand[j]) == 1) {
                if (trial_place(lg, t, j, grid_low_digit(t->cand[j]),
                                WHY_NAKED) != 0)
                    return -1;
                progress = 1;
            }
        if (progress)
            continue;
        for (int u = 0; u < lg->n_units; u++) {
            const int *cells = unit_cells(lg, u);
            uint64_t once = 0, twice = 0, placed = 0;
            for (int j = 0; j < N; j++) {
                int c = cells[j];
                if (lg->grid.cell[c])
                    placed |= grid_digit_bit(lg->grid.cell[c]);
                else if (t->at[c] >= 0)
                    placed |= grid_digit_bit(t->pd[t->at[c]]);
                twice |= once & t->cand[c];
                once |= t->cand[c];
            }
            uint64_t missing = all & ~once & ~placed;
            if (missing) {
                t->bad_unit = u;
                t->bad_digit = grid_low_digit(missing);
                return -1;
            }
            for (uint64_t h = once & ~twice & ~placed; h; h &= h - 1) {
                int e = grid_low_digit(h);
                for (int j = 0; j < N; j++)
                    if (t->cand[cells[j]] & grid_digit_bit(e)) {
                        if (trial_place(lg, t, cells[j], e, u) != 0)
                            return -1;
                        progress = 1;
                        break;
                    }
            }
        }
    }
    return 0;
}

/* Marks placement p and the placements it rests on. */
static void mark_chain(sudoku_logic *lg, trial *t, int p)
{
    if (p < 0 || t->mark[p])
        return;
    t->mark[p] = 1;
    int i = t->pc[p], d = t->pd[p];
    if (t->why[p] == WHY_NAKED) {
        for (uint64_t o = lg->cand[i] & ~grid_digit_bit(d); o; o &= o - 1)
            mark_chain(lg, t, removed_by(lg, t, i, grid_low_digit(o)));
    } else if (t->why[p] >= 0) {
        const int *cells = unit_cells(lg, t->why[p]);
        for (int j = 0; j < lg->N; j++)
            if (cells[j] != i && (lg->cand[cells[j]] & grid_digit_bit(d)))
                mark_chain(lg, t, removed_by(lg, t, cells[j], d));
    }
}

/* Marks what the contradiction of a trial rests on. */
static void mark_contradiction(sudoku_logic *lg, trial *t)
{
    if (t->bad_cell >= 0) {
        for (uint64_t o = lg->cand[t->bad_cell]; o; o &= o - 1)
            mark_chain(lg, t,
                       removed_by(lg, t, t->bad_cell, grid_low_digit(o)));
        return;
    }
    const int *cells = unit_cells(lg, t->bad_unit);
    for (int j = 0; j < lg->N; j++)
        if (lg->cand[cells[j]] & grid_digit_bit(t->bad_digit))
            mark_chain(lg, t, removed_by(lg, t, cells[j], t->bad_digit));
}

/* Says the marked placements after the assumption, in order: "r1c5 = 8,
 * r2c5 = 4 (the only place for 4 in column 5)". */
static void say_chain(sudoku_logic *lg, trial *t, sudoku_step *st)
{
    char name[24], un[32];
    int first = 1;
    for (int p = 1; p < t->n; p++) {
        if (!t->mark[p])
            continue;
        logic_say(st, "%s%s = %d", first ? "" : ", ",
                  cell_name(lg, t->pc[p], name), t->pd[p]);
        if (t->why[p] >= 0)
            logic_say(st, " (only place for %d in %s)", t->pd[p],
                unit_name(lg, t->why[p], un));
        first = 0;
    }
}

/*
 * Forcing chains from premises of which one is true: the candidates of a
 * cell (n digits in cell[0]), or the places of a digit in a unit.  Each
 * is followed with singles.  One that ends in a contradiction is false;
 * else what every branch agrees on is true: a cell all branches fill with
 * the same digit, or a candidate all branches remove.  Applies one
 * conclusion and returns 1, or returns 0; -2 for no memory.
 */
static int forcing_from(sudoku_logic *lg, sudoku_step *st,
                        sudoku_technique tech, int n, const int *cell,
                        const int *digit, int unit)
{
    trial *t = trial_get(lg);
    if (!t)
        return -2;
    int NN = lg->NN;
    char name[24], un[32];
    for (int i = 0; i < NN; i++)
        t->either[i] = 0;
    for (int b = 0; b < n; b++) {
        if (trial_run(lg, t, cell[b], digit[b]) == 0) {
            for (int i = 0; i < NN; i++)
                t->either[i] |= t->at[i] >= 0 ? grid_digit_bit(t->pd[t->at[i]])
                                              : t->cand[i];
            continue;
        }
        /* this premise is false */
        memset(t->mark, 0, (size_t)t->n);
        mark_contradiction(lg, t);
        st->tech = tech;
        logic_say(st, "%s: if %s were %d, then ", sudoku_technique_name(tech),
            cell_name(lg, cell[b], name), digit[b]);
        say_chain(lg, t, st);
        if (t->bad_cell >= 0)
            logic_say(st, "%s%s would have no candidate left",
                      t->n > 1 ? ", and " : "",
                      cell_name(lg, t->bad_cell, name));
        else
            logic_say(st, "%s%d would have no place left in %s",
                t->n > 1 ? ", and " : "", t->bad_digit,
                unit_name(lg, t->bad_unit, un));
        logic_say(st, "; so %s <> %d", cell_name(lg, cell[b], name), digit[b]);
        logic_eliminate(lg, cell[b], digit[b]);
        return 1;
    }
    /* what all branches agree on: a placement first, else one removal */
    int at = -1, d = 0;
    for (int i = 0; i < NN && at < 0; i++)
        if (!lg->grid.cell[i] && grid_popcount(lg->cand[i]) > 1 &&
            grid_popcount(t->either[i]) == 1) {
            at = i;
            d = grid_low_digit(t->either[i]);
        }
    int placing = at >= 0;
    for (int i = 0; i < NN && at < 0; i++)
        if (!lg->grid.cell[i] && (lg->cand[i] & ~t->either[i])) {
            at = i;
            d = grid_low_digit(lg->cand[i] & ~t->either[i]);
        }
    if (at < 0)
        return 0;
    st->tech = tech;
    if (unit < 0) {
        logic_say(st, "%s from %s ", sudoku_technique_name(tech),
                  cell_name(lg, cell[0], name));
        logic_say_digits(st, lg->cand[cell[0]]);
    } else {
        logic_say(st, "%s on %d in %s (", sudoku_technique_name(tech),
                  digit[0], unit_name(lg, unit, un));
        for (int b = 0; b < n; b++)
            logic_say(st, "%s%s", b ? ", " : "", cell_name(lg, cell[b], name));
        logic_say(st, ")");
    }
    for (int b = 0; b < n; b++) {
        trial_run(lg, t, cell[b], digit[b]);
        memset(t->mark, 0, (size_t)t->n);
        mark_chain(lg, t, placing ? t->at[at] : removed_by(lg, t, at, d));
        logic_say(st, "%s if %s = %d", b ? ";" : ":",
                  cell_name(lg, cell[b], name), digit[b]);
        if (t->n > 1 && (placing ? t->at[at] > 0
                                 : removed_by(lg, t, at, d) > 0)) {
            logic_say(st, ", then ");
            say_chain(lg, t, st);
        }
        if (!placing)
            logic_say(st, ", so %s <> %d", cell_name(lg, at, name), d);
    }
    if (placing) {
        logic_say(st, "; either way %s = %d", cell_name(lg, at, name), d);
        st->cell = at;
        st->digit = d;
        logic_place(lg, at, d);
    } else {
        logic_say(st, "; either way %s <> %d", cell_name(lg, at, name), d);
        logic_eliminate(lg, at, d);
    }
    return 1;
}

/* A person follows two, three or four branches, not sixty-four: the
 * forcing chains start from cells with at most this many candidates and
 * digits with at most this many places (which also keeps a step on a
 * large, open grid short). */
#define FORCING_MAX_BRANCHES 4

/* Cell forcing chains, from the cells with fewest candidates first. */
int logic_cell_forcing(sudoku_logic *lg, sudoku_step *st)
{
    int cell[FORCING_MAX_BRANCHES], digit[FORCING_MAX_BRANCHES];
    for (int k = 2; k <= FORCING_MAX_BRANCHES; k++)
        for (int i = 0; i < lg->NN; i++) {
            if (lg->grid.cell[i] || grid_popcount(lg->cand[i]) != k)
                continue;
            if (logic_time_up(lg))
                return 0;
            int n = 0;
            for (uint64_t m = lg->cand[i]; m; m &= m - 1) {
                cell[n] = i;
                digit[n++] = grid_low_digit(m);
            }
            int got = forcing_from(lg, st, SUDOKU_TECH_CELL_FORCING, n, cell,
                                   digit, -1);
            if (got)
                return got;
        }
    return 0;
}

/* Unit forcing chains, from the digits with fewest places first. */
int logic_unit_forcing(sudoku_logic *lg, sudoku_step *st)
{
    int cell[FORCING_MAX_BRANCHES], digit[FORCING_MAX_BRANCHES];
    for (int k = 2; k <= FORCING_MAX_BRANCHES; k++)
        for (int u = 0; u < lg->n_units; u++)
            for (int d = 1; d <= lg->N; d++) {
                uint64_t pos = logic_positions(lg, u, d);
                if (grid_popcount(pos) != k)
                    continue;
                if (logic_time_up(lg))
                    return 0;
                int n = 0;
                for (; pos; pos &= pos - 1) {
                    cell[n] = unit_cells(lg, u)[grid_low_bit(pos)];
                    digit[n++] = d;
                }
                int got = forcing_from(lg, st, SUDOKU_TECH_UNIT_FORCING, n,
                                       cell, digit, u);
                if (got)
                    return got;
            }
    return 0;
}

