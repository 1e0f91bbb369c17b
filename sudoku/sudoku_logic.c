/*
 * sudoku_logic.c - the solver's steps: singles to wings (the techniques
 * past them are in sudoku_logic_chains.c), the reject-list method, the
 * guess, and the grades.
 *
 * Each finder looks for one instance of its pattern that changes the
 * board (a placement, or at least one candidate removed), applies it,
 * describes it and returns 1; else 0.  Cells are named r3c4, units "row
 * 3", "column 4", "box 2" (boxes numbered row by row from 1).
 */
#include "sudoku_logic_impl.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define TECH_NAME(name, text, key, grade, finder) text,
#define TECH_KEY(name, text, key, grade, finder) key,
#define TECH_GRADE(name, text, key, grade, finder) SUDOKU_GRADE_##grade,
#define GRADE_NAME(name, text) text,
static const char *const tech_names[] = {
    SUDOKU_TECHNIQUE_LIST(TECH_NAME)
};
static const char *const tech_keys[] = { SUDOKU_TECHNIQUE_LIST(TECH_KEY) };
static const sudoku_grade tech_grades[] = {
    SUDOKU_TECHNIQUE_LIST(TECH_GRADE)
};
const char *const sudoku_grade_names[] = {
    SUDOKU_GRADE_LIST(GRADE_NAME) NULL
};
#undef TECH_NAME
#undef TECH_KEY
#undef TECH_GRADE
#undef GRADE_NAME

const char *sudoku_technique_name(sudoku_technique t)
{
    return t < SUDOKU_TECH_COUNT ? tech_names[t] : "?";
}

const char *sudoku_technique_key(sudoku_technique t)
{
    return t < SUDOKU_TECH_COUNT ? tech_keys[t] : "?";
}

sudoku_grade sudoku_technique_grade(sudoku_technique t)
{
    return t < SUDOKU_TECH_COUNT ? tech_grades[t] : SUDOKU_GRADE_GUESSING;
}

const char *sudoku_grade_name(sudoku_grade g)
{
    return g < SUDOKU_GRADE_COUNT ? sudoku_grade_names[g] : "?";
}

uint32_t sudoku_grade_techniques(sudoku_grade g)
{
    uint32_t set = 0;
    for (int t = 0; t < SUDOKU_TECH_GUESS; t++)
        if (tech_grades[t] <= g)
            set |= 1u << t;
    return set;
}

const char *sudoku_rating_name(sudoku_technique hardest)
{
    return sudoku_grade_name(sudoku_technique_grade(hardest));
}

/* Whether the time of sudoku_logic_set_limits is up; the finders that can
 * take long on a large grid ask between their units of work. */
int logic_time_up(sudoku_logic *lg)
{
    if (!lg->cut && lg->deadline > 0 && grid_seconds() >= lg->deadline)
        lg->cut = 1;
    return lg->cut;
}

/* ---- the board ------------------------------------------------------------
 */

/* Cell i's candidates `digits` change (or it is filled): its units and
 * those digits are stamped with this step. */
static void touch(sudoku_logic *lg, int i, uint64_t digits)
{
    int u[5], n_u = cell_units(lg, i, u);
    for (int k = 0; k < n_u; k++)
        lg->unit_clock[u[k]] = lg->clock;
    for (; digits; digits &= digits - 1)
        lg->digit_clock[grid_low_digit(digits)] = lg->clock;
}

/* Removes candidate d (bit) from cell j, stamping the change. */
static void drop(sudoku_logic *lg, int j, uint64_t bit)
{
    if (lg->cand[j] & bit) {
        lg->cand[j] &= ~bit;
        touch(lg, j, bit);
    }
}

void logic_place(sudoku_logic *lg, int i, int d)
{
    uint64_t bit = grid_digit_bit(d);
    lg->grid.cell[i] = (unsigned char)d;
    touch(lg, i, lg->cand[i] | bit);
    lg->cand[i] = 0;
    int u[5], n_u = cell_units(lg, i, u);
    for (int k = 0; k < n_u; k++) {
        const int *cells = unit_cells(lg, u[k]);
        for (int j = 0; j < lg->N; j++)
            drop(lg, cells[j], bit);
    }
    /* killer: a cage's digits differ too */
    if (lg->puzzle.n_cages > 0 && lg->puzzle.cage[i] >= 0)
        for (int j = 0; j < lg->NN; j++)
            if (lg->puzzle.cage[j] == lg->puzzle.cage[i])
                drop(lg, j, bit);
}

/* Removes digit d from cell i's candidates, recording it; 1 if it was
 * there. */
int logic_eliminate(sudoku_logic *lg, int i, int d)
{
    if (!(lg->cand[i] & grid_digit_bit(d)))
        return 0;
    if (lg->n_rm == lg->cap_rm) {
        int cap = lg->cap_rm ? 2 * lg->cap_rm : 64;
        int *rc = realloc(lg->rc, (size_t)cap * sizeof *rc);
        if (!rc)
            return 0;
        lg->rc = rc;
        int *rd = realloc(lg->rd, (size_t)cap * sizeof *rd);
        if (!rd)
            return 0;
        lg->rd = rd;
        lg->cap_rm = cap;
    }
    lg->cand[i] &= ~grid_digit_bit(d);
    touch(lg, i, grid_digit_bit(d));
    lg->rc[lg->n_rm] = i;
    lg->rd[lg->n_rm++] = d;
    return 1;
}

/* Lists the removals of the step in words: "r1c7 <> 3, r1c9 <> 8". */
void logic_say_removals(const sudoku_logic *lg, sudoku_step *st, int from)
{
    char name[24];
    if (lg->quiet)
        return;
    for (int k = from; k < lg->n_rm; k++)
        logic_say(st, "%s%s<>%d", k > from ? ", " : "",
                  cell_name(lg, lg->rc[k], name), lg->rd[k]);
}

static int reject_init(sudoku_logic *lg);
static void reject_place(sudoku_logic *lg, int i, int d);
static int reject_step(sudoku_logic *lg, sudoku_step *st);

sudoku_logic *sudoku_logic_new(const sudoku *puzzle,
                               sudoku_logic_method method)
{
    int N = puzzle->shape.N, NN = N * N;
    if (N < 1 || N > SUDOKU_LOGIC_MAX_ORDER)
        return NULL;
    sudoku_logic *lg = calloc(1, sizeof *lg);
    if (!lg)
        return NULL;
    lg->sh = puzzle->shape;
    lg->N = N;
    lg->NN = NN;
    lg->method = method;
    sudoku_init(&lg->grid);
    sudoku_init(&lg->puzzle);
    sudoku_init(&lg->solution);
    lg->cand = malloc((size_t)NN * sizeof *lg->cand);
    lg->n_units = sudoku_unit_count(puzzle);
    lg->n_hood = puzzle->diagonals ? 5 : 3;
    lg->unit = malloc((size_t)lg->n_units * N * sizeof *lg->unit);
    lg->region = malloc((size_t)NN * sizeof *lg->region);
    lg->scratch = malloc((size_t)2 * NN * sizeof *lg->scratch);
    /* X-chains take 8 NN, XY-chains 3 NN N (N >= 4 here) */
    lg->chain = malloc((size_t)(3 * NN * (N < 4 ? 4 : N)) *
                       sizeof *lg->chain);
    lg->unique = -1;
    lg->clock = 1;
    lg->unit_clock = calloc((size_t)lg->n_units, sizeof *lg->unit_clock);
    lg->digit_clock = calloc((size_t)N + 1, sizeof *lg->digit_clock);
    lg->fail_unit = calloc((size_t)SUDOKU_TECH_COUNT * lg->n_units,
                           sizeof *lg->fail_unit);
    lg->fail_digit = calloc((size_t)SUDOKU_TECH_COUNT * (N + 1),
                            sizeof *lg->fail_digit);
    if (!lg->unit_clock || !lg->digit_clock || !lg->fail_unit ||
        !lg->fail_digit || !lg->cand || !lg->unit || !lg->region ||
        !lg->scratch || !lg->chain ||
        sudoku_set_shape(&lg->grid, lg->sh) ||
        sudoku_set_shape(&lg->puzzle, lg->sh) ||
        sudoku_set_shape(&lg->solution, lg->sh)) {
        sudoku_logic_free(lg);
        return NULL;
    }
    memcpy(lg->puzzle.cell, puzzle->cell, (size_t)NN);
    if (sudoku_copy_variant(&lg->puzzle, puzzle) ||
        sudoku_copy_variant(&lg->grid, puzzle) ||
        sudoku_units(puzzle, lg->unit) < 0) {
        sudoku_logic_free(lg);
        return NULL;
    }
    for (int i = 0; i < NN; i++)
        lg->region[i] = sudoku_region_of(puzzle, i);
    uint64_t all = N == 64 ? ~0ULL : (1ULL << N) - 1;
    memset(lg->grid.cell, 0, (size_t)NN);
    for (int i = 0; i < NN; i++)
        lg->cand[i] = all;
    for (int i = 0; i < NN; i++)
        if (puzzle->cell[i])
            logic_place(lg, i, puzzle->cell[i]);
    lg->allowed = ~0u;
    if (method == SUDOKU_LOGIC_REJECT_LIST && reject_init(lg) != 0) {
        sudoku_logic_free(lg);
        return NULL;
    }
    return lg;
}

sudoku_logic *sudoku_logic_from_position(const sudoku *placed,
                                         const uint64_t *cand,
                                         sudoku_logic_method method)
{
    sudoku_logic *lg = sudoku_logic_new(placed, SUDOKU_LOGIC_TECHNIQUES);
    if (!lg)
        return NULL;
    uint64_t all = lg->N == 64 ? ~0ULL : (1ULL << lg->N) - 1;
    for (int i = 0; i < lg->NN; i++)
        lg->cand[i] = placed->cell[i] ? 0 : cand[i] & all;
    lg->method = method;
    if (method == SUDOKU_LOGIC_REJECT_LIST) {
        /* a given position: each cell's reject list is what it lacks */
        lg->rej = malloc((size_t)lg->NN * sizeof *lg->rej);
        if (!lg->rej) {
            sudoku_logic_free(lg);
            return NULL;
        }
        for (int i = 0; i < lg->NN; i++)
            lg->rej[i] = placed->cell[i] ? all : ~cand[i] & all;
    }
    return lg;
}

void sudoku_logic_set_techniques(sudoku_logic *lg, uint32_t allowed)
{
    lg->allowed = allowed;
}

void sudoku_logic_set_quiet(sudoku_logic *lg, int quiet)
{
    lg->quiet = quiet;
}

void sudoku_logic_assume_unique(sudoku_logic *lg, int unique)
{
    lg->unique = unique ? 1 : 0;
}

void sudoku_logic_free(sudoku_logic *lg)
{
    if (!lg)
        return;
    sudoku_release(&lg->grid);
    sudoku_release(&lg->puzzle);
    sudoku_release(&lg->solution);
    free(lg->cand);
    free(lg->rej);
    free(lg->unit);
    free(lg->region);
    free(lg->rc);
    free(lg->rd);
    free(lg->scratch);
    free(lg->chain);
    free(lg->unit_clock);
    free(lg->digit_clock);
    free(lg->fail_unit);
    free(lg->fail_digit);
    logic_trial_free(lg->trial);
    free(lg->cage_first);
    free(lg->cage_cell);
    free(lg);
}

void sudoku_logic_set_limits(sudoku_logic *lg, const grid_limits *lim)
{
    lg->limits = *lim;
    lg->deadline = lim->max_seconds > 0 ? grid_seconds() + lim->max_seconds
                                        : 0;
}

const sudoku *sudoku_logic_grid(const sudoku_logic *lg)
{
    return &lg->grid;
}

uint64_t sudoku_logic_candidates(const sudoku_logic *lg, int cell)
{
    return lg->cand[cell];
}

void sudoku_logic_write_candidates(FILE *f, const sudoku_logic *lg)
{
    /* placed digits in brackets, so that a lone candidate is not read as
     * a placed digit */
    int N = lg->N, width = 3;
    for (int i = 0; i < lg->NN; i++) {
        int w = lg->grid.cell[i] ? 3 : grid_popcount(lg->cand[i]);
        if (w > width)
            width = w;
    }
    for (int r = 0; r < N; r++) {
        if (r > 0 && r % lg->sh.R == 0) {
            for (int c = 0; c < N; c++)
                fprintf(f, "%s%.*s", c && c % lg->sh.C == 0 ? "+-" : "",
                        width + 1, "--------------------------------------"
                        "------------------------------");
            fputc('\n', f);
        }
        for (int c = 0; c < N; c++) {
            int i = r * N + c, n = 0;
            char text[72];
            if (lg->grid.cell[i]) {
                text[n++] = '[';
                text[n++] = sudoku_symbol_char(lg->grid.cell[i],
                                               SUDOKU_SYM_ALNUM);
                text[n++] = ']';
            } else {
                for (uint64_t m = lg->cand[i]; m; m &= m - 1)
                    text[n++] = sudoku_symbol_char(grid_low_digit(m),
                                                   SUDOKU_SYM_ALNUM);
                if (n == 0)
                    text[n++] = '!';
            }
            text[n] = '\0';
            fprintf(f, "%s%-*s", c && c % lg->sh.C == 0 ? "| " : "",
                    width + 1, text);
        }
        fputc('\n', f);
    }
}

/* ---- finders -------------------------------------------------------------
 */

static int full_house(sudoku_logic *lg, sudoku_step *st)
{
    char u[32], name[24];
    int t = SUDOKU_TECH_FULL_HOUSE;
    for (int k = 0; k < lg->n_units; k++) {
        if (logic_unit_same(lg, t, k))
            continue;
        const int *cells = unit_cells(lg, k);
        int empty = -1, n = 0;
        for (int j = 0; j < lg->N; j++)
            if (!lg->grid.cell[cells[j]]) {
                empty = cells[j];
                n++;
            }
        if (n != 1 || grid_popcount(lg->cand[empty]) != 1) {
            logic_unit_none(lg, t, k);
            continue;
        }
        int d = grid_low_digit(lg->cand[empty]);
        st->cell = empty;
        st->digit = d;
        logic_say(st, "%s = %d: full house (the last empty cell of %s)",
            cell_name(lg, empty, name), d, unit_name(lg, k, u));
        logic_place(lg, empty, d);
        return 1;
    }
    return 0;
}

static int naked_single(sudoku_logic *lg, sudoku_step *st)
{
    char name[24];
    for (int i = 0; i < lg->NN; i++) {
        uint64_t c = lg->cand[i];
        if (lg->grid.cell[i] || !c || (c & (c - 1))) /* not one digit */
            continue;
        int d = grid_low_digit(c);
        st->cell = i;
        st->digit = d;
        if (lg->method == SUDOKU_LOGIC_REJECT_LIST)
            logic_say(st, "%s = %d: %s rejects every other digit (its %s "
                "hold them)", cell_name(lg, i, name), d, name, hood_words(lg));
        else
            logic_say(st,
                      "%s = %d: naked single (%d is the only candidate left: "
                      "its %s hold the others)",
                      cell_name(lg, i, name), d, d, hood_words(lg));
        logic_place(lg, i, d);
        return 1;
    }
    return 0;
}

static int hidden_single(sudoku_logic *lg, sudoku_step *st)
{
    char u[32], name[24];
    int t = SUDOKU_TECH_HIDDEN_SINGLE;
    for (int k = 0; k < lg->n_units; k++) {
        if (logic_unit_same(lg, t, k))
            continue;
        const int *cells = unit_cells(lg, k);
        /* the digits in one cell of the unit: the lowest is the step */
        uint64_t once = 0, twice = 0;
        for (int j = 0; j < lg->N; j++) {
            twice |= once & lg->cand[cells[j]];
            once |= lg->cand[cells[j]];
        }
        if (once & ~twice) {
            int d = grid_low_digit(once & ~twice), where = -1;
            for (int j = 0; j < lg->N && where < 0; j++)
                if (lg->cand[cells[j]] & grid_digit_bit(d))
                    where = cells[j];
            st->cell = where;
            st->digit = d;
            if (lg->method == SUDOKU_LOGIC_REJECT_LIST)
                logic_say(st, "%s = %d: the other cells of %s all reject %d",
                    cell_name(lg, where, name), d, unit_name(lg, k, u), d);
            else
                logic_say(st,
                          "%s = %d: hidden single in %s (the other cells of "
                          "%s cannot take %d)",
                          cell_name(lg, where, name), d, unit_name(lg, k, u),
                          u, d);
            logic_place(lg, where, d);
            return 1;
        }
        logic_unit_none(lg, t, k);
    }
    return 0;
}

/* Positions (bit j: j-th cell of the unit) where d is a candidate. */
uint64_t logic_positions(const sudoku_logic *lg, int u, int d)
{
    const int *cells = unit_cells(lg, u);
    uint64_t m = 0;
    for (int j = 0; j < lg->N; j++)
        if (lg->cand[cells[j]] & grid_digit_bit(d))
            m |= 1ULL << j;
    return m;
}

/* Whether a unit is a line (a row, column or diagonal) rather than a box
 * or region: two lines meet in one cell at most. */
static int is_line(const sudoku_logic *lg, int u)
{
    return u < 2 * lg->N || u >= 3 * lg->N;
}

/* Whether technique t found nothing in unit a since the cells of a and
 * of every unit that may meet a in two cells or more last changed (what
 * locked candidates in a read: a line's boxes or regions, a box's or
 * region's lines). */
static int locked_same(const sudoku_logic *lg, int t, int a)
{
    if (!logic_unit_same(lg, t, a))
        return 0;
    unsigned at = lg->fail_unit[t * lg->n_units + a];
    int a_line = is_line(lg, a);
    const int *cells = unit_cells(lg, a);
    for (int j = 0; j < lg->N; j++) {
        int u[5], n_u = cell_units(lg, cells[j], u);
        for (int k = 0; k < n_u; k++)
            if (is_line(lg, u[k]) != a_line &&
                lg->unit_clock[u[k]] >= at)
                return 0;
    }
    return 1;
}

/* Whether cell i is in unit u. */
static int in_unit(const sudoku_logic *lg, int i, int u)
{
    int N = lg->N, r = i / N, c = i % N;
    if (u < N)
        return r == u;
    if (u < 2 * N)
        return c == u - N;
    if (u < 3 * N)
        return lg->region[i] == u - 2 * N;
    return u == 3 * N ? r == c : r + c == N - 1;
}

/* Locked candidates: d confined to the intersection of units a and b
 * inside a; removed from the rest of b. */
static int locked(sudoku_logic *lg, sudoku_step *st, int pointing)
{
    char ua[32], ub[32];
    int N = lg->N, t = (int)st->tech;
    for (int a = pointing ? 2 * N : 0; a < lg->n_units; a++) {
        if (a / N == 2 && !pointing)
            a = 3 * N; /* claiming: rows, columns, then the diagonals */
        if (a >= lg->n_units || (a / N == 3 && pointing))
            break;
        if (locked_same(lg, t, a))
            continue;
        const int *cells = unit_cells(lg, a);
        uint64_t upos[SUDOKU_LOGIC_MAX_ORDER + 1]; /* each digit's places */
        memset(upos, 0, (size_t)(N + 1) * sizeof *upos);
        for (int j = 0; j < N; j++)
            for (uint64_t o = lg->cand[cells[j]]; o; o &= o - 1)
                upos[grid_low_digit(o)] |= 1ULL << j;
        for (int d = 1; d <= N; d++) {
            uint64_t pos = upos[d];
            if (!(pos & (pos - 1))) /* fewer than two places */
                continue;
            /* another unit that holds every position: a row, column or
             * diagonal for a box or region, a box, region or the other
             * diagonal for a line (two lines meet in one cell at most) */
            int first = cells[grid_low_bit(pos)];
            int u[5], n_u = cell_units(lg, first, u), b = -1;
            for (int k = 0; k < n_u && b < 0; k++) {
                if (u[k] == a || (pointing && u[k] / N == 2))
                    continue;
                int all = 1;
                for (uint64_t m = pos; m && all; m &= m - 1)
                    all = in_unit(lg, cells[grid_low_bit(m)], u[k]);
                if (all)
                    b = u[k];
            }
            if (b < 0)
                continue;
            int from = lg->n_rm;
            const int *other = unit_cells(lg, b);
            for (int j = 0; j < N; j++)
                if (!in_unit(lg, other[j], a))
                    logic_eliminate(lg, other[j], d);
            if (lg->n_rm == from)
                continue;
            st->tech = pointing ? SUDOKU_TECH_POINTING : SUDOKU_TECH_CLAIMING;
            logic_say(st,
                      "%s: in %s, %d can only go where it meets %s, so the "
                      "rest of %s cannot hold %d: ",
                      tech_names[st->tech], unit_name(lg, a, ua), d,
                      unit_name(lg, b, ub), ub, d);
            logic_say_removals(lg, st, from);
            return 1;
        }
        logic_unit_none(lg, t, a);
    }
    return 0;
}

/* Naked subsets of size k: k cells of a unit whose candidates together
 * are k digits; those digits leave the unit's other cells. */
static int naked_in_unit(sudoku_logic *lg, sudoku_step *st, int u, int k,
                         int *pick, int n_pick, int start, uint64_t uni)
{
    const int *cells = unit_cells(lg, u);
    if (n_pick == k) {
        if (grid_popcount(uni) != k)
            return 0;
        int from = lg->n_rm;
        for (int j = 0; j < lg->N; j++) {
            int i = cells[j], in = 0;
            for (int p = 0; p < k; p++)
                in |= pick[p] == i;
            if (in || lg->grid.cell[i])
                continue;
            for (uint64_t m = uni; m; m &= m - 1)
                logic_eliminate(lg, i, grid_low_digit(m));
        }
        if (lg->n_rm == from)
            return 0;
        char un[32], name[24];
        static const sudoku_technique t[] = { SUDOKU_TECH_NAKED_PAIR,
                                              SUDOKU_TECH_NAKED_TRIPLE,
                                              SUDOKU_TECH_NAKED_QUAD };
        st->tech = t[k - 2];
        if (lg->method == SUDOKU_LOGIC_REJECT_LIST) {
            logic_say(st, "pair: ");
            for (int p = 0; p < k; p++)
                logic_say(st, "%s%s", p ? " and " : "", cell_name(lg, pick[p],
                                                             name));
            logic_say(st, " both reject all but ");
            logic_say_digits(st, uni);
            logic_say(st, ", so the other cells of %s reject them: ",
                unit_name(lg, u, un));
        } else {
            logic_say(st, "%s ", tech_names[st->tech]);
            logic_say_digits(st, uni);
            logic_say(st, " in ");
            for (int p = 0; p < k; p++)
                logic_say(st, "%s%s", p ? ", " : "",
                          cell_name(lg, pick[p], name));
            logic_say(st,
                      " (%s): these cells take those digits, so the rest of "
                      "%s cannot: ",
                      unit_name(lg, u, un), un);
        }
        logic_say_removals(lg, st, from);
        return 1;
    }
    for (int j = start; j < lg->N; j++) {
        int i = cells[j];
        int n = grid_popcount(lg->cand[i]);
        if (lg->grid.cell[i] || n < 2 || n > k ||
            grid_popcount(uni | lg->cand[i]) > k)
            continue;
        pick[n_pick] = i;
        if (naked_in_unit(lg, st, u, k, pick, n_pick + 1, j + 1,
                          uni | lg->cand[i]))
            return 1;
    }
    return 0;
}

static int naked_subset(sudoku_logic *lg, sudoku_step *st, int k)
{
    int pick[4], t = (int)st->tech;
    for (int u = 0; u < lg->n_units && !logic_time_up(lg); u++) {
        if (logic_unit_same(lg, t, u))
            continue;
        if (naked_in_unit(lg, st, u, k, pick, 0, 0, 0))
            return 1;
        logic_unit_none(lg, t, u);
    }
    return 0;
}

/* Hidden subsets of size k: k digits that, in a unit, fit only in the
 * same k cells; those cells lose every other digit. */
static int hidden_in_unit(sudoku_logic *lg, sudoku_step *st, int u, int k,
                          const uint64_t *upos, int *pick, int n_pick,
                          int start, uint64_t where)
{
    const int *cells = unit_cells(lg, u);
    if (n_pick == k) {
        if (grid_popcount(where) != k)
            return 0;
        uint64_t digits = 0;
        for (int p = 0; p < k; p++)
            digits |= grid_digit_bit(pick[p]);
        int from = lg->n_rm;
        for (uint64_t m = where; m; m &= m - 1) {
            int i = cells[grid_low_bit(m)];
            for (uint64_t o = lg->cand[i] & ~digits; o; o &= o - 1)
                logic_eliminate(lg, i, grid_low_digit(o));
        }
        if (lg->n_rm == from)
            return 0;
        char un[32], name[24];
        static const sudoku_technique t[] = { SUDOKU_TECH_HIDDEN_PAIR,
                                              SUDOKU_TECH_HIDDEN_TRIPLE,
                                              SUDOKU_TECH_HIDDEN_QUAD };
        st->tech = t[k - 2];
        if (lg->method == SUDOKU_LOGIC_REJECT_LIST) {
            logic_say(st, "pair: in %s, all cells but ", unit_name(lg, u, un));
            int first = 1;
            for (uint64_t m = where; m; m &= m - 1, first = 0)
                logic_say(st, "%s%s", first ? "" : " and ",
                    cell_name(lg, cells[grid_low_bit(m)], name));
            logic_say(st, " reject ");
            logic_say_digits(st, digits);
            logic_say(st, ", so those two cells reject every other digit: ");
        } else {
            logic_say(st, "%s ", tech_names[st->tech]);
            logic_say_digits(st, digits);
            logic_say(st, " in %s: those digits fit only in ", unit_name(lg, u,
                                                                   un));
            int first = 1;
            for (uint64_t m = where; m; m &= m - 1, first = 0)
                logic_say(st, "%s%s", first ? "" : ", ",
                    cell_name(lg, cells[grid_low_bit(m)], name));
            logic_say(st, ", so those cells hold nothing else: ");
        }
        logic_say_removals(lg, st, from);
        return 1;
    }
    for (int d = start; d <= lg->N; d++) {
        uint64_t pos = upos[d];
        int n = grid_popcount(pos);
        if (n < 2 || n > k || grid_popcount(where | pos) > k)
            continue;
        pick[n_pick] = d;
        if (hidden_in_unit(lg, st, u, k, upos, pick, n_pick + 1, d + 1,
                           where | pos))
            return 1;
    }
    return 0;
}

static int hidden_subset(sudoku_logic *lg, sudoku_step *st, int k)
{
    int pick[4], t = (int)st->tech;
    uint64_t upos[SUDOKU_LOGIC_MAX_ORDER + 1]; /* each digit's places */
    for (int u = 0; u < lg->n_units && !logic_time_up(lg); u++) {
        if (logic_unit_same(lg, t, u))
            continue;
        const int *cells = unit_cells(lg, u);
        memset(upos, 0, (size_t)(lg->N + 1) * sizeof *upos);
        for (int j = 0; j < lg->N; j++)
            for (uint64_t o = lg->cand[cells[j]]; o; o &= o - 1)
                upos[grid_low_digit(o)] |= 1ULL << j;
        if (hidden_in_unit(lg, st, u, k, upos, pick, 0, 1, 0))
            return 1;
        logic_unit_none(lg, t, u);
    }
    return 0;
}

/* Fish of size k (X-wing 2, swordfish 3) for digit d: k rows (columns)
 * where d's candidates lie in the same k columns (rows); d leaves those
 * columns (rows) elsewhere. */
static int fish_in(sudoku_logic *lg, sudoku_step *st, int k, int d,
                   int base, const uint64_t *line, int *pick, int n_pick,
                   int start, uint64_t cover)
{
    int N = lg->N;
    if (n_pick == k) {
        if (grid_popcount(cover) != k)
            return 0;
        int from = lg->n_rm;
        int cover_kind = base == 0 ? N : 0; /* columns when rows are base */
        for (uint64_t m = cover; m; m &= m - 1) {
            const int *cells = unit_cells(lg, cover_kind + grid_low_bit(m));
            for (int j = 0; j < N; j++) {
                int in = 0;
                for (int p = 0; p < k; p++)
                    in |= j == pick[p];
                if (!in)
                    logic_eliminate(lg, cells[j], d);
            }
        }
        if (lg->n_rm == from)
            return 0;
        st->tech = k == 2 ? SUDOKU_TECH_X_WING : SUDOKU_TECH_SWORDFISH;
        const char *bk = base == 0 ? "row" : "column";
        const char *ck = base == 0 ? "column" : "row";
        logic_say(st, "%s on %d: in %ss", tech_names[st->tech], d, bk);
        for (int p = 0; p < k; p++)
            logic_say(st, " %d", pick[p] + 1);
        logic_say(st, ", %d fits only in %ss", d, ck);
        for (uint64_t m = cover; m; m &= m - 1)
            logic_say(st, " %d", grid_low_digit(m));
        logic_say(st, ", so those %ss hold their %d in these %ss: ", ck, d,
                  bk);
        logic_say_removals(lg, st, from);
        return 1;
    }
    for (int r = start; r < N; r++) {
        uint64_t pos = line[r];
        int n = grid_popcount(pos);
        if (n < 2 || n > k || grid_popcount(cover | pos) > k)
            continue;
        pick[n_pick] = r;
        if (fish_in(lg, st, k, d, base, line, pick, n_pick + 1, r + 1,
                    cover | pos))
            return 1;
    }
    return 0;
}

int logic_fish(sudoku_logic *lg, sudoku_step *st, int k)
{
    int pick[3], t = (int)st->tech;
    uint64_t line[SUDOKU_LOGIC_MAX_ORDER]; /* each base line's places */
    for (int d = 1; d <= lg->N && !logic_time_up(lg); d++) {
        if (logic_digit_same(lg, t, d))
            continue;
        for (int base = 0; base <= lg->N; base += lg->N) {
            for (int r = 0; r < lg->N; r++)
                line[r] = logic_positions(lg, base + r, d);
            if (fish_in(lg, st, k, d, base, line, pick, 0, 0, 0))
                return 1;
        }
        logic_digit_none(lg, t, d);
    }
    return 0;
}

/* Whether some cell other than p, seeing pincers a and b, holds z (bit):
 * read through a's units. */
static int wing_removes(const sudoku_logic *lg, int p, int a, int b,
                        uint64_t z)
{
    int u[5], n_u = cell_units(lg, a, u);
    for (int k = 0; k < n_u; k++) {
        const int *cells = unit_cells(lg, u[k]);
        for (int j = 0; j < lg->N; j++) {
            int i = cells[j];
            if ((lg->cand[i] & z) && i != p && i != a && sees(lg, i, b))
                return 1;
        }
    }
    return 0;
}

/* XY-wing: a pivot {x,y} sees a pincer {x,z} and a pincer {y,z}; z is in
 * one of the pincers, so no cell seeing both can be z.  Pivots and
 * pincers are taken from the list of two-candidate cells, in order. */
static int xy_wing(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN, *pair = lg->scratch, n_pair = 0;
    for (int i = 0; i < NN; i++)
        if (two_bits(lg->cand[i]))
            pair[n_pair++] = i;
    for (int ip = 0; ip < n_pair; ip++) {
        int p = pair[ip];
        uint64_t pv = lg->cand[p];
        if (logic_time_up(lg))
            return 0;
        for (int ia = 0; ia < n_pair; ia++) {
            int a = pair[ia];
            uint64_t av = lg->cand[a];
            if (!sees(lg, p, a) || grid_popcount(av & pv) != 1)
                continue;
            uint64_t z = av & ~pv;
            uint64_t need = (pv & ~av) | z; /* {y, z} */
            for (int ib = 0; ib < n_pair; ib++) {
                int b = pair[ib];
                if (b == a || lg->cand[b] != need || !sees(lg, p, b) ||
                    !wing_removes(lg, p, a, b, z))
                    continue;
                int from = lg->n_rm, dz = grid_low_digit(z);
                for (int i = 0; i < NN; i++)
                    if (i != p && sees(lg, i, a) && sees(lg, i, b))
                        logic_eliminate(lg, i, dz);
                if (lg->n_rm == from)
                    continue;
                char n1[24], n2[24], n3[24];
                st->tech = SUDOKU_TECH_XY_WING;
                logic_say(st, "XY-wing: pivot %s ", cell_name(lg, p, n1));
                logic_say_digits(st, pv);
                logic_say(st, " with pincers %s ", cell_name(lg, a, n2));
                logic_say_digits(st, av);
                logic_say(st, " and %s ", cell_name(lg, b, n3));
                logic_say_digits(st, need);
                logic_say(st,
                          ": one pincer is %d, so cells seeing both cannot "
                          "be: ",
                          dz);
                logic_say_removals(lg, st, from);
                return 1;
            }
        }
    }
    return 0;
}

/* ---- the reject-list method ------------------------------------------------
 */

/*
 * The method as its author describes it, in its own terms, kept apart from
 * the techniques above (tests compare the two).  Every cell keeps the list
 * of values it cannot take, as a bit set in rej[]: a filled cell rejects
 * everything; an empty cell rejects the values of the filled cells of its
 * row, column and box (its hood).  Then, per unit:
 *   - a cell that rejects every value but one takes it;
 *   - a value that the lists of all the other cells of one of a cell's
 *     units hold (N-1 times) is the cell's value;
 *   - two values each held N-2 times in a unit, by the same N-2 cells,
 *     point to a pair: the two cells left reject every other value;
 *   - two cells of a unit that each reject all values but the same two
 *     make a pair too: the other cells of the unit reject those two.
 * cand[] follows rej[] (cand = what a cell does not reject) so that the
 * candidate grid and the guesses read the same board.
 */

static uint64_t all_digits(const sudoku_logic *lg)
{
    return lg->N == 64 ? ~0ULL : (1ULL << lg->N) - 1;
}

static int reject_init(sudoku_logic *lg)
{
    uint64_t all = all_digits(lg);
    lg->rej = malloc((size_t)lg->NN * sizeof *lg->rej);
    if (!lg->rej)
        return -1;
    for (int i = 0; i < lg->NN; i++) {
        if (lg->grid.cell[i]) {
            lg->rej[i] = all;
            continue;
        }
        /* the values of the filled cells of the hood */
        uint64_t r = 0;
        int u[5], n_u = cell_units(lg, i, u);
        for (int k = 0; k < n_u; k++) {
            const int *cells = unit_cells(lg, u[k]);
            for (int j = 0; j < lg->N; j++)
                if (lg->grid.cell[cells[j]])
                    r |= grid_digit_bit(lg->grid.cell[cells[j]]);
        }
        lg->rej[i] = r;
    }
    return 0;
}

/* cell i takes d: it rejects everything, its hood rejects d */
static void reject_place(sudoku_logic *lg, int i, int d)
{
    lg->rej[i] = all_digits(lg);
    int u[5], n_u = cell_units(lg, i, u);
    for (int k = 0; k < n_u; k++) {
        const int *cells = unit_cells(lg, u[k]);
        for (int j = 0; j < lg->N; j++)
            lg->rej[cells[j]] |= grid_digit_bit(d);
    }
    logic_place(lg, i, d);
}

/* cell i now rejects d too (recorded as a removal) */
static void reject_add(sudoku_logic *lg, int i, int d)
{
    if (lg->rej[i] & grid_digit_bit(d))
        return;
    lg->rej[i] |= grid_digit_bit(d);
    logic_eliminate(lg, i, d);
}

static int reject_singles(sudoku_logic *lg, sudoku_step *st)
{
    uint64_t all = all_digits(lg);
    char name[24], un[32];
    /* a cell that rejects all values but one */
    for (int i = 0; i < lg->NN; i++) {
        if (lg->grid.cell[i] || grid_popcount(lg->rej[i]) != lg->N - 1)
            continue;
        int d = grid_low_digit(all & ~lg->rej[i]);
        st->tech = SUDOKU_TECH_NAKED_SINGLE;
        st->cell = i;
        st->digit = d;
        logic_say(st, "%s = %d: %s rejects every other value (its %s hold "
            "them)", cell_name(lg, i, name), d, name, hood_words(lg));
        reject_place(lg, i, d);
        return 1;
    }
    /* a value that all the other cells of one of a cell's units reject */
    for (int u = 0; u < lg->n_units; u++) {
        const int *cells = unit_cells(lg, u);
        for (int j = 0; j < lg->N; j++) {
            int i = cells[j];
            if (lg->grid.cell[i])
                continue;
            uint64_t by_all_others = all;
            for (int k = 0; k < lg->N; k++)
                if (k != j)
                    by_all_others &= lg->rej[cells[k]];
            uint64_t v = by_all_others & ~lg->rej[i];
            if (!v)
                continue;
            int d = grid_low_digit(v);
            st->tech = SUDOKU_TECH_HIDDEN_SINGLE;
            st->cell = i;
            st->digit = d;
            logic_say(st, "%s = %d: the other %d cells of %s all reject %d",
                cell_name(lg, i, name), d, lg->N - 1, unit_name(lg, u, un),
                d);
            reject_place(lg, i, d);
            return 1;
        }
    }
    return 0;
}

static int reject_pairs(sudoku_logic *lg, sudoku_step *st)
{
    int N = lg->N;
    uint64_t all = all_digits(lg);
    char un[32], a[24], b[24];
    for (int u = 0; u < lg->n_units; u++) {
        const int *cells = unit_cells(lg, u);
        /* how many cells of the unit reject each value, and which do not */
        uint64_t open[SUDOKU_LOGIC_MAX_ORDER];   /* bit j: cell j allows */
        int times[SUDOKU_LOGIC_MAX_ORDER];
        for (int d = 1; d <= N; d++) {
            times[d - 1] = 0;
            open[d - 1] = 0;
            for (int j = 0; j < N; j++) {
                if (lg->rej[cells[j]] & grid_digit_bit(d))
                    times[d - 1]++;
                else
                    open[d - 1] |= 1ULL << j;
            }
        }
        /* two values held N-2 times, by the same cells */
        for (int v = 1; v <= N; v++) {
            if (times[v - 1] != N - 2)
                continue;
            for (int w = v + 1; w <= N; w++) {
                if (times[w - 1] != N - 2 || open[w - 1] != open[v - 1])
                    continue;
                int p = cells[grid_low_bit(open[v - 1])];
                int q = cells[63 - __builtin_clzll(open[v - 1])];
                int from = lg->n_rm;
                uint64_t keep = grid_digit_bit(v) | grid_digit_bit(w);
                for (uint64_t o = all & ~keep; o; o &= o - 1) {
                    reject_add(lg, p, grid_low_digit(o));
                    reject_add(lg, q, grid_low_digit(o));
                }
                if (lg->n_rm == from)
                    continue;
                st->tech = SUDOKU_TECH_HIDDEN_PAIR;
                logic_say(
                    st,
                    "pair: in %s, %d and %d are each rejected %d times, "
                    "by all cells but %s and %s, so those two cells reject "
                    "every other value: ",
                    unit_name(lg, u, un), v, w, N - 2, cell_name(lg, p, a),
                    cell_name(lg, q, b));
                logic_say_removals(lg, st, from);
                return 1;
            }
        }
        /* two cells that reject all values but the same two */
        for (int j = 0; j < N; j++) {
            int p = cells[j];
            if (lg->grid.cell[p] || grid_popcount(lg->rej[p]) != N - 2)
                continue;
            for (int k = j + 1; k < N; k++) {
                int q = cells[k];
                if (lg->grid.cell[q] || lg->rej[q] != lg->rej[p])
                    continue;
                uint64_t pair = all & ~lg->rej[p];
                int from = lg->n_rm;
                for (int m = 0; m < N; m++)
                    if (m != j && m != k && !lg->grid.cell[cells[m]])
                        for (uint64_t o = pair; o; o &= o - 1)
                            reject_add(lg, cells[m], grid_low_digit(o));
                if (lg->n_rm == from)
                    continue;
                st->tech = SUDOKU_TECH_NAKED_PAIR;
                logic_say(st, "pair: %s and %s both reject all but ",
                    cell_name(lg, p, a), cell_name(lg, q, b));
                logic_say_digits(st, pair);
                logic_say(st, ", so the other cells of %s reject them: ",
                    unit_name(lg, u, un));
                logic_say_removals(lg, st, from);
                return 1;
            }
        }
    }
    return 0;
}

/* One step of the method, if any applies (singles first). */
static int reject_step(sudoku_logic *lg, sudoku_step *st)
{
    int found = 0;
    if (lg->allowed & (1u << SUDOKU_TECH_NAKED_SINGLE |
                       1u << SUDOKU_TECH_HIDDEN_SINGLE))
        found = reject_singles(lg, st);
    if (!found && (lg->allowed & (1u << SUDOKU_TECH_NAKED_PAIR |
                                  1u << SUDOKU_TECH_HIDDEN_PAIR)))
        found = reject_pairs(lg, st);
    return found;
}

/* The solution the guesses follow, found once by the engine. */
int logic_find_solution(sudoku_logic *lg, sudoku_solver *sv)
{
    if (lg->solved)
        return lg->solved;
    grid_limits lim = lg->limits;
    lim.max_solutions = 2;
    if (lg->deadline > 0) {
        lim.max_seconds = lg->deadline - grid_seconds();
        if (lim.max_seconds <= 0)
            return SUDOKU_ECUT;
    }
    grid_outcome out;
    if (!sv || sudoku_solve_dlx(sv, &lg->puzzle, &lim, &lg->solution, &out)
                   != 0)
        return lg->solved = -1;
    if (!out.complete && out.solutions == 0)
        return SUDOKU_ECUT; /* not known yet: the budget ran out */
    if (out.solutions == 0)
        return lg->solved = -1;
    lg->solutions = out.solutions;
    return lg->solved = 1;
}

static int guess(sudoku_logic *lg, sudoku_solver *sv, sudoku_step *st)
{
    int best = -1;
    for (int i = 0; i < lg->NN; i++)
        if (!lg->grid.cell[i] &&
            (best < 0 ||
             grid_popcount(lg->cand[i]) < grid_popcount(lg->cand[best])))
            best = i;
    int found = best < 0 ? -1 : logic_find_solution(lg, sv);
    if (found < 0)
        return found == SUDOKU_ECUT ? SUDOKU_ECUT : -1;
    int d = lg->solution.cell[best];
    if (!(lg->cand[best] & grid_digit_bit(d)))
        return -1; /* cannot happen for a sound solver */
    char name[24];
    st->tech = SUDOKU_TECH_GUESS;
    st->cell = best;
    st->digit = d;
    logic_say(st, "%s = %d: a guess (no technique applies; %s has candidates ",
        cell_name(lg, best, name), d, name);
    logic_say_digits(st, lg->cand[best]);
    logic_say(st, ", and Dancing Links finds %s in the solution%s)",
              "this digit",
              lg->solutions > 1 ? " it follows: the puzzle has several" : "");
    if (lg->rej)
        reject_place(lg, best, d);
    else
        logic_place(lg, best, d);
    return 1;
}

/* The finders that take a parameter, one per technique of the table. */
static int find_pointing(sudoku_logic *lg, sudoku_step *st)
{
    return locked(lg, st, 1);
}

static int find_claiming(sudoku_logic *lg, sudoku_step *st)
{
    return locked(lg, st, 0);
}

static int find_naked_pair(sudoku_logic *lg, sudoku_step *st)
{
    return naked_subset(lg, st, 2);
}

static int find_hidden_pair(sudoku_logic *lg, sudoku_step *st)
{
    return hidden_subset(lg, st, 2);
}

static int find_naked_triple(sudoku_logic *lg, sudoku_step *st)
{
    return naked_subset(lg, st, 3);
}

static int find_hidden_triple(sudoku_logic *lg, sudoku_step *st)
{
    return hidden_subset(lg, st, 3);
}

static int find_naked_quad(sudoku_logic *lg, sudoku_step *st)
{
    return naked_subset(lg, st, 4);
}

static int find_hidden_quad(sudoku_logic *lg, sudoku_step *st)
{
    return hidden_subset(lg, st, 4);
}

static int find_x_wing(sudoku_logic *lg, sudoku_step *st)
{
    return logic_fish(lg, st, 2);
}

static int find_swordfish(sudoku_logic *lg, sudoku_step *st)
{
    return logic_fish(lg, st, 3);
}

static int find_finned_x_wing(sudoku_logic *lg, sudoku_step *st)
{
    return logic_finned_fish(lg, st, 2);
}

static int find_finned_swordfish(sudoku_logic *lg, sudoku_step *st)
{
    return logic_finned_fish(lg, st, 3);
}

/* Each technique's finder, from the table: 1 found (and applied), 0 none,
 * -2 no memory. */
typedef int (*finder_fn)(sudoku_logic *lg, sudoku_step *st);
#define TECH_FINDER(name, text, key, grade, finder) finder,
static const finder_fn finders[SUDOKU_TECH_COUNT] = {
    SUDOKU_TECHNIQUE_LIST(TECH_FINDER)
};
#undef TECH_FINDER

/* Looks for one step of technique t (not the guess). */
static int find(sudoku_logic *lg, sudoku_step *st, sudoku_technique t)
{
    st->tech = t;
    return finders[t](lg, st);
}

sudoku_logic_status sudoku_logic_step(sudoku_logic *lg, sudoku_solver *sv,
                                      sudoku_step *st)
{
    memset(st, 0, sizeof *st);
    st->cell = -1;
    lg->n_rm = 0;
    lg->clock++;
    int empty = 0;
    char name[24];
    for (int i = 0; i < lg->NN; i++)
        if (!lg->grid.cell[i]) {
            empty++;
            if (!lg->cand[i]) {
                snprintf(st->text, sizeof st->text, "%s has no candidate "
                         "left: the puzzle has no solution",
                         cell_name(lg, i, name));
                return SUDOKU_LOGIC_CONTRADICTION;
            }
        }
    if (!empty)
        return SUDOKU_LOGIC_SOLVED;
    int found = 0;
    if (lg->method == SUDOKU_LOGIC_REJECT_LIST) {
        found = reject_step(lg, st);
    } else {
        lg->sv = sv;
        for (int t = 0; t < SUDOKU_TECH_GUESS && !found; t++)
            if (lg->allowed >> t & 1)
                found = find(lg, st, (sudoku_technique)t);
        if (found == -2) {
            snprintf(st->text, sizeof st->text, "out of memory");
            return SUDOKU_LOGIC_NOMEM;
        }
        if (lg->cut) {
            snprintf(st->text, sizeof st->text, "cut short: the time limit "
                     "ran out while looking for the next step");
            return SUDOKU_LOGIC_CUT;
        }
    }
    if (!found && !(lg->allowed >> SUDOKU_TECH_GUESS & 1))
        return SUDOKU_LOGIC_STUCK;
    if (!found) {
        int g = guess(lg, sv, st);
        if (g == SUDOKU_ECUT) {
            snprintf(st->text, sizeof st->text, "cut short: the search for "
                     "the solution a guess follows ran out of its budget");
            return SUDOKU_LOGIC_CUT;
        }
        if (g < 0) {
            snprintf(st->text, sizeof st->text,
                     "the puzzle has no solution");
            return SUDOKU_LOGIC_CONTRADICTION;
        }
    }
    st->n_removed = lg->n_rm;
    st->removed_cell = lg->rc;
    st->removed_digit = lg->rd;
    return SUDOKU_LOGIC_STEP;
}

/* ---- steering a generator
 * ---------------------------------------------------- */

/* Whether empty cell i is a naked or hidden single among the candidates
 * the givens leave, or a full house. */
static int single_at_start(const sudoku_logic *lg, int i)
{
    if (grid_popcount(lg->cand[i]) == 1)
        return 1;
    int u[5], n_u = cell_units(lg, i, u);
    for (int k = 0; k < n_u; k++) {
        const int *cells = unit_cells(lg, u[k]);
        uint64_t elsewhere = 0;
        for (int j = 0; j < lg->N; j++)
            if (cells[j] != i)
                elsewhere |= lg->cand[cells[j]];
        if (lg->cand[i] & ~elsewhere)
            return 1;
    }
    return 0;
}

int sudoku_logic_solves(const sudoku *puzzle, uint32_t allowed,
                        const int *cells, int n)
{
    sudoku_logic *lg = sudoku_logic_new(puzzle, SUDOKU_LOGIC_TECHNIQUES);
    if (!lg)
        return -2;
    int at_once = n > 0 && (allowed & 1u << SUDOKU_TECH_NAKED_SINGLE) &&
                  (allowed & 1u << SUDOKU_TECH_HIDDEN_SINGLE);
    for (int k = 0; k < n && at_once; k++)
        at_once = single_at_start(lg, cells[k]);
    int got = 0;
    if (!at_once) {
        sudoku_logic_set_techniques(lg, allowed & ~(1u << SUDOKU_TECH_GUESS));
        sudoku_logic_set_quiet(lg, 1);
        sudoku_step st;
        while ((got = sudoku_logic_step(lg, NULL, &st)) == SUDOKU_LOGIC_STEP)
            ;
    }
    sudoku_logic_free(lg);
    return got == SUDOKU_LOGIC_NOMEM ? -2 : got == SUDOKU_LOGIC_SOLVED;
}

