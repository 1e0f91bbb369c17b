/*
 * sudoku_logic_killer.c - the cage techniques of killer sudoku: cage
 * combinations, the rule of 45 (innies and outies of one unit, or of two
 * or three adjacent rows, columns or boxes) and cage/unit overlaps.
 *
 * Each rests on one walk (sum_walk below): the digit tuples of a set of
 * cells that add up to a target, each digit a candidate of its cell, two
 * cells that must differ (a cage's cells, or cells that see each other)
 * never equal.  A real cage is such a set with all cells distinct; the
 * innies or outies of the rule of 45 are a virtual one.  What the walk
 * gives: the digits each cell takes in some tuple (the rest leave it) and
 * the digits every tuple uses (they must be in the cage).
 *
 * mathdoku's cage walk (mathdoku_logic.c) was not reused: its cells differ
 * only along Latin rows and columns and its state is mathdoku_logic's;
 * here a cage is all-different and the virtual cages follow sees().
 */
#include "sudoku_logic_impl.h"

#include <stdlib.h>
#include <string.h>

/* Cells of one walk at most (a cage of a 64x64 grid; virtual cages are
 * kept far smaller). */
#define WALK_MAX 64
/* Nodes of one walk; past it the walk is given up (nothing concluded). */
#define WALK_BUDGET 200000L
/* Empty innies or outies of a virtual cage at most. */
#define VIRTUAL_MAX 5

typedef struct sum_walk {
    int n, target;
    int cell[WALK_MAX];
    uint64_t cand[WALK_MAX];
    uint64_t conf[WALK_MAX];  /* bit j (j < k): cell k differs from j */
    int lo[WALK_MAX + 1], hi[WALK_MAX + 1];  /* least, most sum of k.. */
    int val[WALK_MAX];
    uint64_t poss[WALK_MAX];  /* digits of each cell in some tuple */
    uint64_t must;            /* digits of every tuple */
    uint64_t sets[6];         /* a few digit sets, for the words */
    int n_sets, more;         /* more: sets past the six */
    long tuples, nodes;
} sum_walk;

static void walk_rec(sum_walk *w, int k, int sum)
{
    if (w->nodes++ > WALK_BUDGET)
        return;
    if (k == w->n) {
        if (sum != w->target)
            return;
        uint64_t used = 0;
        for (int j = 0; j < w->n; j++) {
            w->poss[j] |= grid_digit_bit(w->val[j]);
            used |= grid_digit_bit(w->val[j]);
        }
        w->must &= used;
        w->tuples++;
        int seen = 0;
        for (int s = 0; s < w->n_sets; s++)
            seen |= w->sets[s] == used;
        if (!seen && w->n_sets < 6)
            w->sets[w->n_sets++] = used;
        else if (!seen)
            w->more = 1;
        return;
    }
    uint64_t taken = 0;
    for (uint64_t c = w->conf[k]; c; c &= c - 1)
        taken |= grid_digit_bit(w->val[grid_low_bit(c)]);
    for (uint64_t m = w->cand[k] & ~taken; m; m &= m - 1) {
        int d = grid_low_digit(m);
        if (sum + d + w->lo[k + 1] > w->target)
            break; /* digits rise: the rest only larger */
        if (sum + d + w->hi[k + 1] < w->target)
            continue;
        w->val[k] = d;
        walk_rec(w, k + 1, sum + d);
    }
}

/* Orders the cells (fewest candidates first), sets the bounds and walks.
 * distinct: every pair differs (a cage); else pairs that see each other
 * or share a cage.  Returns 1 when the walk ran to its end, 0 when it
 * was given up. */
static int sum_walk_run(const sudoku_logic *lg, sum_walk *w, int distinct)
{
    for (int a = 1; a < w->n; a++)
        for (int b = a; b > 0 && grid_popcount(w->cand[b - 1]) >
                                     grid_popcount(w->cand[b]); b--) {
            int c = w->cell[b];
            uint64_t m = w->cand[b];
            w->cell[b] = w->cell[b - 1];
            w->cand[b] = w->cand[b - 1];
            w->cell[b - 1] = c;
            w->cand[b - 1] = m;
        }
    const int *cage = lg->puzzle.cage;
    for (int k = 0; k < w->n; k++) {
        w->conf[k] = 0;
        for (int j = 0; j < k; j++) {
            int a = w->cell[j], b = w->cell[k];
            if (distinct || sees(lg, a, b) ||
                (cage && cage[a] >= 0 && cage[a] == cage[b]))
                w->conf[k] |= 1ULL << j;
        }
        w->poss[k] = 0;
    }
    w->lo[w->n] = w->hi[w->n] = 0;
    for (int k = w->n - 1; k >= 0; k--) {
        w->lo[k] = w->lo[k + 1] + grid_low_digit(w->cand[k]);
        w->hi[k] = w->hi[k + 1] + 64 - __builtin_clzll(w->cand[k]);
    }
    w->must = ~0ULL;
    w->n_sets = w->more = 0;
    w->tuples = w->nodes = 0;
    if (w->lo[0] <= w->target && w->target <= w->hi[0])
        walk_rec(w, 0, 0);
    return w->nodes <= WALK_BUDGET;
}

/* The cells of cage k: from lg->cage_first[k] to lg->cage_first[k+1] in
 * lg->cage_cell (built on first use). */
static int cages_ready(sudoku_logic *lg)
{
    if (lg->cage_first)
        return 1;
    int n = lg->puzzle.n_cages, NN = lg->NN;
    lg->cage_first = calloc((size_t)n + 1, sizeof *lg->cage_first);
    lg->cage_cell = malloc((size_t)NN * sizeof *lg->cage_cell);
    if (!lg->cage_first || !lg->cage_cell) {
        free(lg->cage_first);
        free(lg->cage_cell);
        lg->cage_first = lg->cage_cell = NULL;
        return 0;
    }
    const int *cage = lg->puzzle.cage;
    for (int i = 0; i < NN; i++)
        if (cage[i] >= 0)
            lg->cage_first[cage[i] + 1]++;
    for (int k = 0; k < n; k++)
        lg->cage_first[k + 1] += lg->cage_first[k];
    int *at = lg->scratch;
    memcpy(at, lg->cage_first, (size_t)n * sizeof *at);
    for (int i = 0; i < NN; i++)
        if (cage[i] >= 0)
            lg->cage_cell[at[cage[i]]++] = i;
    return 1;
}

/* Loads cage k into w: its empty cells, its sum less its placed digits,
 * which leave the empty cells' candidates.  0 when nothing is empty. */
static int load_cage(const sudoku_logic *lg, int k, sum_walk *w)
{
    uint64_t placed = 0;
    w->n = 0;
    w->target = lg->puzzle.cage_sum[k];
    for (int j = lg->cage_first[k]; j < lg->cage_first[k + 1]; j++) {
        int i = lg->cage_cell[j], d = lg->grid.cell[i];
        if (d) {
            placed |= grid_digit_bit(d);
            w->target -= d;
        } else if (w->n < WALK_MAX) {
            w->cell[w->n] = i;
            w->cand[w->n++] = lg->cand[i];
        } else {
            return 0;
        }
    }
    for (int j = 0; j < w->n; j++) {
        w->cand[j] &= ~placed;
        if (!w->cand[j])
            return 0;
    }
    return w->n > 0;
}

/* "r1c1+r1c2+r2c1" */
static void say_cells(const sudoku_logic *lg, sudoku_step *st, const int *c,
                      int n)
{
    char name[24];
    for (int j = 0; j < n; j++)
        logic_say(st, "%s%s", j ? "+" : "", cell_name(lg, c[j], name));
}

/* The cage in words: "the cage r1c1+r1c2 (sum 3)". */
static void say_cage(const sudoku_logic *lg, sudoku_step *st, int k)
{
    logic_say(st, "the cage ");
    say_cells(lg, st, lg->cage_cell + lg->cage_first[k],
              lg->cage_first[k + 1] - lg->cage_first[k]);
    logic_say(st, " (sum %d)", lg->puzzle.cage_sum[k]);
}

static void say_sets(sudoku_step *st, const sum_walk *w)
{
    for (int s = 0; s < w->n_sets; s++) {
        grid_step_say(st, "%s", s ? (s + 1 == w->n_sets && !w->more ? " or "
                                                                    : ", ")
                                  : "");
        grid_step_say_digits(st, w->sets[s]);
    }
    if (w->more)
        grid_step_say(st, ", ...");
}

/* Removes from each cell of w what no tuple gives it; how many. */
static int trim(sudoku_logic *lg, const sum_walk *w)
{
    int from = lg->n_rm;
    for (int j = 0; j < w->n; j++)
        for (uint64_t m = lg->cand[w->cell[j]] & ~w->poss[j]; m; m &= m - 1)
            logic_eliminate(lg, w->cell[j], grid_low_digit(m));
    return lg->n_rm - from;
}

/* ---- cage combinations ---------------------------------------------------
 */

int logic_cage_combination(sudoku_logic *lg, sudoku_step *st)
{
    if (lg->puzzle.n_cages <= 0)
        return 0;
    if (!cages_ready(lg))
        return -2;
    sum_walk w;
    for (int k = 0; k < lg->puzzle.n_cages; k++) {
        if (!load_cage(lg, k, &w) || !sum_walk_run(lg, &w, 1) ||
            !w.tuples)
            continue;
        int from = lg->n_rm;
        if (!trim(lg, &w))
            continue;
        st->tech = SUDOKU_TECH_CAGE_COMBINATION;
        logic_say(st, "cage combinations: ");
        say_cage(lg, st, k);
        logic_say(st, " can only hold ");
        say_sets(st, &w);
        logic_say(st, " with its cells' candidates: ");
        logic_say_removals(lg, st, from);
        return 1;
    }
    return 0;
}

/* ---- the rule of 45 ------------------------------------------------------
 */

/* A set of cells made of `units` whole units (they hold each digit once
 * each), marked in in[]: finds its innies or outies as a virtual cage and
 * applies it.  1 for a step. */
static int innies_outies(sudoku_logic *lg, sudoku_step *st,
                         const unsigned char *in, int units,
                         const char *what)
{
    int N = lg->N, NN = lg->NN, n_cages = lg->puzzle.n_cages;
    const int *cage = lg->puzzle.cage;
    int total = units * N * (N + 1) / 2;
    /* per cage: cells inside the set */
    int *inside = lg->scratch;
    memset(inside, 0, (size_t)n_cages * sizeof *inside);
    int uncaged = 0;
    for (int i = 0; i < NN; i++)
        if (in[i]) {
            if (cage[i] >= 0)
                inside[cage[i]]++;
            else
                uncaged++;
        }
    int s_in = 0, s_part = 0;
    for (int k = 0; k < n_cages; k++) {
        int size = lg->cage_first[k + 1] - lg->cage_first[k];
        if (inside[k] == size)
            s_in += lg->puzzle.cage_sum[k];
        else if (inside[k])
            s_part += lg->puzzle.cage_sum[k];
    }
    for (int side = 0; side < 2; side++) {
        if (side == 1 && uncaged)
            break; /* outies need every cell of the set caged */
        sum_walk w;
        w.n = 0;
        w.target = side == 0 ? total - s_in : s_in + s_part - total;
        int cells = 0, over = 0;
        for (int i = 0; i < NN && !over; i++) {
            int k = cage[i];
            int take = side == 0
                ? in[i] && (k < 0 || inside[k] <
                            lg->cage_first[k + 1] - lg->cage_first[k])
                : !in[i] && k >= 0 && inside[k] > 0;
            if (!take)
                continue;
            cells++;
            if (lg->grid.cell[i])
                w.target -= lg->grid.cell[i];
            else if (w.n == VIRTUAL_MAX || !lg->cand[i])
                over = 1; /* too many, or a cell already emptied */
            else {
                w.cell[w.n] = i;
                w.cand[w.n++] = lg->cand[i];
            }
        }
        if (over || w.n == 0)
            continue;
        const char *word = side == 0 ? "innie" : "outie";
        char name[24];
        if (w.n == 1) {
            int d = w.target, i = w.cell[0];
            if (d < 1 || d > N || !(lg->cand[i] & grid_digit_bit(d)))
                continue;
            st->tech = units == 1 ? SUDOKU_TECH_RULE_OF_45
                                  : SUDOKU_TECH_RULE_OF_45_UNITS;
            st->cell = i;
            st->digit = d;
            logic_say(st, "%s = %d: rule of 45: %s holds %d; ",
                      cell_name(lg, i, name), d, what, total);
            if (side == 0)
                logic_say(st, "its cages wholly inside add up to %d, so "
                          "the %s%s left", s_in, word, cells > 1 ? "s" : "");
            else
                logic_say(st, "its cages add up to %d with the cells "
                          "sticking out, so the %s%s", s_in + s_part, word,
                          cells > 1 ? "s" : "");
            logic_say(st, " come to %d less the digits placed", side == 0 ?
                      total - s_in : s_in + s_part - total);
            logic_place(lg, i, d);
            return 1;
        }
        if (!sum_walk_run(lg, &w, 0) || !w.tuples)
            continue;
        int from = lg->n_rm;
        if (!trim(lg, &w))
            continue;
        st->tech = units == 1 ? SUDOKU_TECH_RULE_OF_45
                              : SUDOKU_TECH_RULE_OF_45_UNITS;
        logic_say(st, "rule of 45: %s holds %d; the empty %ss ", what,
                  total, word);
        say_cells(lg, st, w.cell, w.n);
        logic_say(st, " add up to %d (%s), so they hold ", w.target,
                  side == 0 ? "the set less its cages wholly inside"
                            : "the cages reaching out less the set");
        say_sets(st, &w);
        logic_say(st, ": ");
        logic_say_removals(lg, st, from);
        return 1;
    }
    return 0;
}

/* units 1: each unit (rows, columns, boxes or regions, diagonals); 2 or
 * 3: that many adjacent rows, columns, or boxes along a band or stack. */
static int rule_of_45(sudoku_logic *lg, sudoku_step *st, int multi)
{
    if (lg->puzzle.n_cages <= 0)
        return 0;
    if (!cages_ready(lg))
        return -2;
    int N = lg->N, NN = lg->NN;
    unsigned char *in = calloc((size_t)NN, 1);
    if (!in)
        return -2;
    char what[96], u1[32], u2[32];
    int found = 0;
    if (!multi) {
        for (int u = 0; u < lg->n_units && !found; u++) {
            const int *c = unit_cells(lg, u);
            memset(in, 0, (size_t)NN);
            for (int j = 0; j < N; j++)
                in[c[j]] = 1;
            found = innies_outies(lg, st, in, 1, unit_name(lg, u, what));
        }
        free(in);
        return found;
    }
    int C = lg->sh.C, boxes = !lg->puzzle.jigsaw;
    for (int k = 2; k <= 3 && !found; k++) {
        /* kind 0 rows, 1 columns, 2 boxes along a band, 3 down a stack */
        for (int kind = 0; kind < (boxes ? 4 : 2) && !found; kind++) {
            for (int s = 0; s + k <= N && !found; s++) {
                int u[3];
                for (int j = 0; j < k; j++) {
                    if (kind < 2)
                        u[j] = kind * N + s + j;
                    else if (kind == 2) {
                        /* boxes s..s+k-1 of one band: N/C boxes a band */
                        int per = N / C;
                        if (s / per != (s + k - 1) / per)
                            break;
                        u[j] = 2 * N + s + j;
                    } else {
                        /* boxes s, s+per, ... down one stack */
                        int per = N / C, b = s + j * per;
                        if (s >= per || b >= N)
                            break;
                        u[j] = 2 * N + b;
                    }
                    if (j == k - 1) {
                        memset(in, 0, (size_t)NN);
                        for (int a = 0; a < k; a++) {
                            const int *c = unit_cells(lg, u[a]);
                            for (int x = 0; x < N; x++)
                                in[c[x]] = 1;
                        }
                        snprintf(what, sizeof what, "%s to %s",
                                 unit_name(lg, u[0], u1),
                                 unit_name(lg, u[k - 1], u2));
                        found = innies_outies(lg, st, in, k, what);
                    }
                }
            }
        }
    }
    free(in);
    return found;
}

int logic_rule_of_45(sudoku_logic *lg, sudoku_step *st)
{
    return rule_of_45(lg, st, 0);
}

int logic_rule_of_45_units(sudoku_logic *lg, sudoku_step *st)
{
    return rule_of_45(lg, st, 1);
}

/* ---- cage/unit overlaps --------------------------------------------------
 */

/* Whether cell i is in cage k. */
static int in_cage(const sudoku_logic *lg, int i, int k)
{
    return lg->puzzle.cage[i] == k;
}

int logic_cage_overlap(sudoku_logic *lg, sudoku_step *st)
{
    if (lg->puzzle.n_cages <= 0)
        return 0;
    if (!cages_ready(lg))
        return -2;
    int N = lg->N;
    char un[32];
    sum_walk w;
    /* a digit every combination of a cage uses, whose cells in the cage
     * all lie in one unit: it leaves the rest of that unit */
    for (int k = 0; k < lg->puzzle.n_cages; k++) {
        if (!load_cage(lg, k, &w) || !sum_walk_run(lg, &w, 1) ||
            !w.tuples)
            continue;
        for (uint64_t m = w.must; m; m &= m - 1) {
            int d = grid_low_digit(m), first = -1;
            int u[5], n_u = 0;
            for (int j = 0; j < w.n; j++) {
                if (!(lg->cand[w.cell[j]] & grid_digit_bit(d)))
                    continue;
                if (first < 0) {
                    first = w.cell[j];
                    n_u = cell_units(lg, first, u);
                }
                int v[5], n_v = cell_units(lg, w.cell[j], v), keep = 0;
                for (int a = 0; a < n_u; a++) {
                    int there = 0;
                    for (int b = 0; b < n_v; b++)
                        there |= u[a] == v[b];
                    if (there)
                        u[keep++] = u[a];
                }
                n_u = keep;
            }
            for (int a = 0; a < n_u && first >= 0; a++) {
                int from = lg->n_rm;
                const int *c = unit_cells(lg, u[a]);
                for (int x = 0; x < N; x++)
                    if (!in_cage(lg, c[x], k))
                        logic_eliminate(lg, c[x], d);
                if (lg->n_rm == from)
                    continue;
                st->tech = SUDOKU_TECH_CAGE_OVERLAP;
                logic_say(st, "cage/unit overlap: ");
                say_cage(lg, st, k);
                logic_say(st, " must hold %d (every combination of it "
                          "does), and its cells that can take %d are all "
                          "in %s, so the rest of %s cannot hold %d: ", d, d,
                          unit_name(lg, u[a], un), un, d);
                logic_say_removals(lg, st, from);
                return 1;
            }
        }
    }
    /* a digit of a unit confined to one cage: the cage's cells outside
     * the unit cannot hold it */
    for (int u = 0; u < lg->n_units; u++) {
        const int *c = unit_cells(lg, u);
        for (int d = 1; d <= N; d++) {
            int k = -2;
            for (int x = 0; x < N && k != -1; x++)
                if (lg->cand[c[x]] & grid_digit_bit(d)) {
                    int kc = lg->puzzle.cage[c[x]];
                    k = k == -2 || k == kc ? kc : -1;
                }
            if (k < 0)
                continue;
            int from = lg->n_rm;
            for (int j = lg->cage_first[k]; j < lg->cage_first[k + 1]; j++) {
                int i = lg->cage_cell[j], inside = 0;
                for (int x = 0; x < N; x++)
                    inside |= c[x] == i;
                if (!inside)
                    logic_eliminate(lg, i, d);
            }
            if (lg->n_rm == from)
                continue;
            st->tech = SUDOKU_TECH_CAGE_OVERLAP;
            logic_say(st, "cage/unit overlap: in %s, %d can only go in ",
                      unit_name(lg, u, un), d);
            say_cage(lg, st, k);
            logic_say(st, ", whose digits differ, so its cells outside %s "
                      "cannot hold %d: ", un, d);
            logic_say_removals(lg, st, from);
            return 1;
        }
    }
    return 0;
}
