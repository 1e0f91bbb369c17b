/*
 * sudoku_logic.c - the named techniques and the reject-list method.
 *
 * Each finder looks for one instance of its pattern that changes the
 * board (a placement, or at least one candidate removed), applies it,
 * describes it and returns 1; else 0.  Cells are named r3c4, units "row
 * 3", "column 4", "box 2" (boxes numbered row by row from 1).
 */
#include "sudoku_logic.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct sudoku_logic {
    sudoku_shape sh;
    int N, NN;
    sudoku_logic_method method;
    sudoku grid;
    sudoku puzzle;            /* as given, for the guesses' solution */
    sudoku solution;
    int solved;               /* 0 not yet, 1 found, -1 none */
    uint64_t solutions;
    uint64_t *cand;           /* per cell; 0 for a filled cell */
    uint64_t *rej;            /* reject-list method: per cell, the digits it
                                 rejects (a filled cell rejects all) */
    uint32_t allowed;         /* techniques that may be used: bit t */
    grid_limits limits;       /* of the search the guesses follow */
    int *unit;                /* 3N units of N cells: rows, columns, boxes */
    int *rc, *rd;             /* removals of the current step */
    int n_rm, cap_rm;
    double deadline;          /* grid_seconds() at which the steps stop
                                 (0: never) */
    int cut;                  /* a finder found the deadline passed */
    struct trial *trial;      /* scratch of the forcing chains */
    int *scratch;             /* 2 NN ints for the finders */
    int *chain;               /* 3 NN N ints for the chains */
    int unique;               /* one solution: 1 known, 0 not, -1 unknown */
    sudoku_solver *sv;        /* the solver of the step being looked for */
};

_Static_assert(SUDOKU_TECH_COUNT <= 32, "technique sets are 32-bit masks");

#define TECH_NAME(name, text, key, grade) text,
#define TECH_KEY(name, text, key, grade) key,
#define TECH_GRADE(name, text, key, grade) SUDOKU_GRADE_##grade,
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

/* ---- small helpers -------------------------------------------------------- */

/* By hand rather than __builtin_popcountll, which without a -march that
 * has the instruction is a library call: counting candidates is the
 * solver's most frequent operation. */
static int popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static int lowest(uint64_t x)
{
    return __builtin_ctzll(x);
}

static uint64_t bit(int d)
{
    return 1ULL << (d - 1);
}

static int row_of(const sudoku_logic *lg, int i)
{
    return i / lg->N;
}

static int col_of(const sudoku_logic *lg, int i)
{
    return i % lg->N;
}

static int box_of(const sudoku_logic *lg, int i)
{
    int r = i / lg->N, c = i % lg->N;
    return (r / lg->sh.R) * lg->sh.R + c / lg->sh.C;
}

static int sees(const sudoku_logic *lg, int a, int b)
{
    return a != b && (row_of(lg, a) == row_of(lg, b) ||
                      col_of(lg, a) == col_of(lg, b) ||
                      box_of(lg, a) == box_of(lg, b));
}

static const int *unit_cells(const sudoku_logic *lg, int u)
{
    return lg->unit + (size_t)u * lg->N;
}

static const char *unit_name(const sudoku_logic *lg, int u, char *buf)
{
    static const char *const kind[] = { "row", "column", "box" };
    sprintf(buf, "%s %d", kind[u / lg->N], u % lg->N + 1);
    return buf;
}

static const char *cell_name(const sudoku_logic *lg, int i, char *buf)
{
    return sudoku_cell_name(&lg->sh, i, buf);
}

/* Whether the time of sudoku_logic_set_limits is up; the finders that can
 * take long on a large grid ask between their units of work. */
static int time_up(sudoku_logic *lg)
{
    if (!lg->cut && lg->deadline > 0 && grid_seconds() >= lg->deadline)
        lg->cut = 1;
    return lg->cut;
}

/* appends to the step's text */
static void say(sudoku_step *st, const char *fmt, ...)
{
    size_t len = strlen(st->text);
    if (len + 1 >= sizeof st->text)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->text + len, sizeof st->text - len, fmt, ap);
    va_end(ap);
}

/* "{3,8}" */
static void say_digits(sudoku_step *st, uint64_t mask)
{
    say(st, "{");
    for (int first = 1; mask; mask &= mask - 1, first = 0)
        say(st, first ? "%d" : ",%d", lowest(mask) + 1);
    say(st, "}");
}

/* ---- the board ------------------------------------------------------------ */

static void place(sudoku_logic *lg, int i, int d)
{
    lg->grid.cell[i] = (unsigned char)d;
    lg->cand[i] = 0;
    int u[3] = { row_of(lg, i), lg->N + col_of(lg, i),
                 2 * lg->N + box_of(lg, i) };
    for (int k = 0; k < 3; k++) {
        const int *cells = unit_cells(lg, u[k]);
        for (int j = 0; j < lg->N; j++)
            lg->cand[cells[j]] &= ~bit(d);
    }
}

/* Removes digit d from cell i's candidates, recording it; 1 if it was
 * there. */
static int eliminate(sudoku_logic *lg, int i, int d)
{
    if (!(lg->cand[i] & bit(d)))
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
    lg->cand[i] &= ~bit(d);
    lg->rc[lg->n_rm] = i;
    lg->rd[lg->n_rm++] = d;
    return 1;
}

/* Lists the removals of the step in words: "r1c7 <> 3, r1c9 <> 8". */
static void say_removals(const sudoku_logic *lg, sudoku_step *st, int from)
{
    char name[24];
    for (int k = from; k < lg->n_rm; k++)
        say(st, "%s%s<>%d", k > from ? ", " : "", cell_name(lg, lg->rc[k],
                                                            name),
            lg->rd[k]);
}

static int reject_init(sudoku_logic *lg);
static void trial_free(struct trial *t);
static int find_solution(sudoku_logic *lg, sudoku_solver *sv);
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
    lg->unit = malloc((size_t)3 * NN * sizeof *lg->unit);
    lg->scratch = malloc((size_t)2 * NN * sizeof *lg->scratch);
    /* X-chains take 8 NN, XY-chains 3 NN N (N >= 4 here) */
    lg->chain = malloc((size_t)(3 * NN * (N < 4 ? 4 : N)) *
                       sizeof *lg->chain);
    lg->unique = -1;
    if (!lg->cand || !lg->unit || !lg->scratch || !lg->chain || sudoku_set_shape(&lg->grid, lg->sh) ||
        sudoku_set_shape(&lg->puzzle, lg->sh) ||
        sudoku_set_shape(&lg->solution, lg->sh)) {
        sudoku_logic_free(lg);
        return NULL;
    }
    memcpy(lg->puzzle.cell, puzzle->cell, (size_t)NN);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            lg->unit[r * N + c] = r * N + c;          /* row r */
            lg->unit[NN + c * N + r] = r * N + c;     /* column c */
        }
    for (int b = 0; b < N; b++)
        for (int k = 0; k < N; k++) {
            int r = (b / lg->sh.R) * lg->sh.R + k / lg->sh.C;
            int c = (b % lg->sh.R) * lg->sh.C + k % lg->sh.C;
            lg->unit[2 * NN + b * N + k] = r * N + c;
        }
    uint64_t all = N == 64 ? ~0ULL : (1ULL << N) - 1;
    memset(lg->grid.cell, 0, (size_t)NN);
    for (int i = 0; i < NN; i++)
        lg->cand[i] = all;
    for (int i = 0; i < NN; i++)
        if (puzzle->cell[i])
            place(lg, i, puzzle->cell[i]);
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
    free(lg->rc);
    free(lg->rd);
    free(lg->scratch);
    free(lg->chain);
    trial_free(lg->trial);
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
        int w = lg->grid.cell[i] ? 3 : popcount(lg->cand[i]);
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
                    text[n++] = sudoku_symbol_char(lowest(m) + 1,
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

/* ---- finders ------------------------------------------------------------- */

static int full_house(sudoku_logic *lg, sudoku_step *st)
{
    char u[32], name[24];
    for (int k = 0; k < 3 * lg->N; k++) {
        const int *cells = unit_cells(lg, k);
        int empty = -1, n = 0;
        for (int j = 0; j < lg->N; j++)
            if (!lg->grid.cell[cells[j]]) {
                empty = cells[j];
                n++;
            }
        if (n != 1 || popcount(lg->cand[empty]) != 1)
            continue;
        int d = lowest(lg->cand[empty]) + 1;
        st->cell = empty;
        st->digit = d;
        say(st, "%s = %d: full house (the last empty cell of %s)",
            cell_name(lg, empty, name), d, unit_name(lg, k, u));
        place(lg, empty, d);
        return 1;
    }
    return 0;
}

static int naked_single(sudoku_logic *lg, sudoku_step *st)
{
    char name[24];
    for (int i = 0; i < lg->NN; i++) {
        if (lg->grid.cell[i] || popcount(lg->cand[i]) != 1)
            continue;
        int d = lowest(lg->cand[i]) + 1;
        st->cell = i;
        st->digit = d;
        if (lg->method == SUDOKU_LOGIC_REJECT_LIST)
            say(st, "%s = %d: %s rejects every other digit (its row, "
                "column and box hold them)", cell_name(lg, i, name), d, name);
        else
            say(st, "%s = %d: naked single (%d is the only candidate left: "
                "its row, column and box hold the others)",
                cell_name(lg, i, name), d, d);
        place(lg, i, d);
        return 1;
    }
    return 0;
}

static int hidden_single(sudoku_logic *lg, sudoku_step *st)
{
    char u[32], name[24];
    for (int k = 0; k < 3 * lg->N; k++) {
        const int *cells = unit_cells(lg, k);
        for (int d = 1; d <= lg->N; d++) {
            int where = -1, n = 0;
            for (int j = 0; j < lg->N && n < 2; j++)
                if (lg->cand[cells[j]] & bit(d)) {
                    where = cells[j];
                    n++;
                }
            if (n != 1)
                continue;
            st->cell = where;
            st->digit = d;
            if (lg->method == SUDOKU_LOGIC_REJECT_LIST)
                say(st, "%s = %d: the other cells of %s all reject %d",
                    cell_name(lg, where, name), d, unit_name(lg, k, u), d);
            else
                say(st, "%s = %d: hidden single in %s (the other cells of "
                    "%s cannot take %d)", cell_name(lg, where, name), d,
                    unit_name(lg, k, u), u, d);
            place(lg, where, d);
            return 1;
        }
    }
    return 0;
}

/* Positions (bit j: j-th cell of the unit) where d is a candidate. */
static uint64_t positions(const sudoku_logic *lg, int u, int d)
{
    const int *cells = unit_cells(lg, u);
    uint64_t m = 0;
    for (int j = 0; j < lg->N; j++)
        if (lg->cand[cells[j]] & bit(d))
            m |= 1ULL << j;
    return m;
}

/* Locked candidates: d confined to the intersection of units a and b
 * inside a; removed from the rest of b. */
static int locked(sudoku_logic *lg, sudoku_step *st, int pointing)
{
    char ua[32], ub[32];
    int N = lg->N;
    for (int a = pointing ? 2 * N : 0; a < (pointing ? 3 * N : 2 * N); a++) {
        const int *cells = unit_cells(lg, a);
        for (int d = 1; d <= N; d++) {
            uint64_t pos = positions(lg, a, d);
            if (popcount(pos) < 2)
                continue;
            /* the unit of the other kind that holds every position:
             * a row or column for a box, a box for a row or column */
            int first = cells[lowest(pos)];
            int same_row = 1, same_col = 1, same_box = 1;
            for (uint64_t m = pos; m; m &= m - 1) {
                int i = cells[lowest(m)];
                same_row &= row_of(lg, i) == row_of(lg, first);
                same_col &= col_of(lg, i) == col_of(lg, first);
                same_box &= box_of(lg, i) == box_of(lg, first);
            }
            int b = -1;
            if (pointing && same_row)
                b = row_of(lg, first);
            else if (pointing && same_col)
                b = N + col_of(lg, first);
            else if (!pointing && same_box)
                b = 2 * N + box_of(lg, first);
            if (b < 0)
                continue;
            int from = lg->n_rm;
            const int *other = unit_cells(lg, b);
            for (int j = 0; j < N; j++) {
                int i = other[j], inside = 0;
                for (int k = 0; k < N; k++)
                    inside |= cells[k] == i;
                if (!inside)
                    eliminate(lg, i, d);
            }
            if (lg->n_rm == from)
                continue;
            st->tech = pointing ? SUDOKU_TECH_POINTING : SUDOKU_TECH_CLAIMING;
            say(st, "%s: in %s, %d can only go where it meets %s, so the "
                "rest of %s cannot hold %d: ", tech_names[st->tech],
                unit_name(lg, a, ua), d, unit_name(lg, b, ub), ub, d);
            say_removals(lg, st, from);
            return 1;
        }
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
        if (popcount(uni) != k)
            return 0;
        int from = lg->n_rm;
        for (int j = 0; j < lg->N; j++) {
            int i = cells[j], in = 0;
            for (int p = 0; p < k; p++)
                in |= pick[p] == i;
            if (in || lg->grid.cell[i])
                continue;
            for (uint64_t m = uni; m; m &= m - 1)
                eliminate(lg, i, lowest(m) + 1);
        }
        if (lg->n_rm == from)
            return 0;
        char un[32], name[24];
        static const sudoku_technique t[] = { SUDOKU_TECH_NAKED_PAIR,
                                              SUDOKU_TECH_NAKED_TRIPLE,
                                              SUDOKU_TECH_NAKED_QUAD };
        st->tech = t[k - 2];
        if (lg->method == SUDOKU_LOGIC_REJECT_LIST) {
            say(st, "pair: ");
            for (int p = 0; p < k; p++)
                say(st, "%s%s", p ? " and " : "", cell_name(lg, pick[p],
                                                             name));
            say(st, " both reject all but ");
            say_digits(st, uni);
            say(st, ", so the other cells of %s reject them: ",
                unit_name(lg, u, un));
        } else {
            say(st, "%s ", tech_names[st->tech]);
            say_digits(st, uni);
            say(st, " in ");
            for (int p = 0; p < k; p++)
                say(st, "%s%s", p ? ", " : "", cell_name(lg, pick[p], name));
            say(st, " (%s): these cells take those digits, so the rest of "
                "%s cannot: ", unit_name(lg, u, un), un);
        }
        say_removals(lg, st, from);
        return 1;
    }
    for (int j = start; j < lg->N; j++) {
        int i = cells[j];
        int n = popcount(lg->cand[i]);
        if (lg->grid.cell[i] || n < 2 || n > k ||
            popcount(uni | lg->cand[i]) > k)
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
    int pick[4];
    for (int u = 0; u < 3 * lg->N && !time_up(lg); u++)
        if (naked_in_unit(lg, st, u, k, pick, 0, 0, 0))
            return 1;
    return 0;
}

/* Hidden subsets of size k: k digits that, in a unit, fit only in the
 * same k cells; those cells lose every other digit. */
static int hidden_in_unit(sudoku_logic *lg, sudoku_step *st, int u, int k,
                          int *pick, int n_pick, int start, uint64_t where)
{
    const int *cells = unit_cells(lg, u);
    if (n_pick == k) {
        if (popcount(where) != k)
            return 0;
        uint64_t digits = 0;
        for (int p = 0; p < k; p++)
            digits |= bit(pick[p]);
        int from = lg->n_rm;
        for (uint64_t m = where; m; m &= m - 1) {
            int i = cells[lowest(m)];
            for (uint64_t o = lg->cand[i] & ~digits; o; o &= o - 1)
                eliminate(lg, i, lowest(o) + 1);
        }
        if (lg->n_rm == from)
            return 0;
        char un[32], name[24];
        static const sudoku_technique t[] = { SUDOKU_TECH_HIDDEN_PAIR,
                                              SUDOKU_TECH_HIDDEN_TRIPLE,
                                              SUDOKU_TECH_HIDDEN_QUAD };
        st->tech = t[k - 2];
        if (lg->method == SUDOKU_LOGIC_REJECT_LIST) {
            say(st, "pair: in %s, all cells but ", unit_name(lg, u, un));
            int first = 1;
            for (uint64_t m = where; m; m &= m - 1, first = 0)
                say(st, "%s%s", first ? "" : " and ",
                    cell_name(lg, cells[lowest(m)], name));
            say(st, " reject ");
            say_digits(st, digits);
            say(st, ", so those two cells reject every other digit: ");
        } else {
            say(st, "%s ", tech_names[st->tech]);
            say_digits(st, digits);
            say(st, " in %s: those digits fit only in ", unit_name(lg, u,
                                                                   un));
            int first = 1;
            for (uint64_t m = where; m; m &= m - 1, first = 0)
                say(st, "%s%s", first ? "" : ", ",
                    cell_name(lg, cells[lowest(m)], name));
            say(st, ", so those cells hold nothing else: ");
        }
        say_removals(lg, st, from);
        return 1;
    }
    for (int d = start; d <= lg->N; d++) {
        uint64_t pos = positions(lg, u, d);
        int n = popcount(pos);
        if (n < 2 || n > k || popcount(where | pos) > k)
            continue;
        pick[n_pick] = d;
        if (hidden_in_unit(lg, st, u, k, pick, n_pick + 1, d + 1,
                           where | pos))
            return 1;
    }
    return 0;
}

static int hidden_subset(sudoku_logic *lg, sudoku_step *st, int k)
{
    int pick[4];
    for (int u = 0; u < 3 * lg->N && !time_up(lg); u++)
        if (hidden_in_unit(lg, st, u, k, pick, 0, 1, 0))
            return 1;
    return 0;
}

/* Fish of size k (X-wing 2, swordfish 3) for digit d: k rows (columns)
 * where d's candidates lie in the same k columns (rows); d leaves those
 * columns (rows) elsewhere. */
static int fish_in(sudoku_logic *lg, sudoku_step *st, int k, int d,
                   int base, int *pick, int n_pick, int start, uint64_t cover)
{
    int N = lg->N;
    if (n_pick == k) {
        if (popcount(cover) != k)
            return 0;
        int from = lg->n_rm;
        int cover_kind = base == 0 ? N : 0; /* columns when rows are base */
        for (uint64_t m = cover; m; m &= m - 1) {
            const int *cells = unit_cells(lg, cover_kind + lowest(m));
            for (int j = 0; j < N; j++) {
                int in = 0;
                for (int p = 0; p < k; p++)
                    in |= j == pick[p];
                if (!in)
                    eliminate(lg, cells[j], d);
            }
        }
        if (lg->n_rm == from)
            return 0;
        st->tech = k == 2 ? SUDOKU_TECH_X_WING : SUDOKU_TECH_SWORDFISH;
        const char *bk = base == 0 ? "row" : "column";
        const char *ck = base == 0 ? "column" : "row";
        say(st, "%s on %d: in %ss", tech_names[st->tech], d, bk);
        for (int p = 0; p < k; p++)
            say(st, " %d", pick[p] + 1);
        say(st, ", %d fits only in %ss", d, ck);
        for (uint64_t m = cover; m; m &= m - 1)
            say(st, " %d", lowest(m) + 1);
        say(st, ", so those %ss hold their %d in these %ss: ", ck, d, bk);
        say_removals(lg, st, from);
        return 1;
    }
    for (int r = start; r < N; r++) {
        uint64_t pos = positions(lg, base + r, d);
        int n = popcount(pos);
        if (n < 2 || n > k || popcount(cover | pos) > k)
            continue;
        pick[n_pick] = r;
        if (fish_in(lg, st, k, d, base, pick, n_pick + 1, r + 1, cover | pos))
            return 1;
    }
    return 0;
}

static int fish(sudoku_logic *lg, sudoku_step *st, int k)
{
    int pick[3];
    for (int d = 1; d <= lg->N && !time_up(lg); d++)
        for (int base = 0; base <= lg->N; base += lg->N)
            if (fish_in(lg, st, k, d, base, pick, 0, 0, 0))
                return 1;
    return 0;
}

/* XY-wing: a pivot {x,y} sees a pincer {x,z} and a pincer {y,z}; z is in
 * one of the pincers, so no cell seeing both can be z. */
static int xy_wing(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN;
    for (int p = 0; p < NN; p++) {
        uint64_t pv = lg->cand[p];
        if (popcount(pv) != 2)
            continue;
        if (time_up(lg))
            return 0;
        for (int a = 0; a < NN; a++) {
            uint64_t av = lg->cand[a];
            if (popcount(av) != 2 || !sees(lg, p, a) ||
                popcount(av & pv) != 1)
                continue;
            uint64_t z = av & ~pv;
            uint64_t need = (pv & ~av) | z; /* {y, z} */
            for (int b = 0; b < NN; b++) {
                if (b == a || lg->cand[b] != need || !sees(lg, p, b))
                    continue;
                int from = lg->n_rm, dz = lowest(z) + 1;
                for (int i = 0; i < NN; i++)
                    if (i != p && sees(lg, i, a) && sees(lg, i, b))
                        eliminate(lg, i, dz);
                if (lg->n_rm == from)
                    continue;
                char n1[24], n2[24], n3[24];
                st->tech = SUDOKU_TECH_XY_WING;
                say(st, "XY-wing: pivot %s ", cell_name(lg, p, n1));
                say_digits(st, pv);
                say(st, " with pincers %s ", cell_name(lg, a, n2));
                say_digits(st, av);
                say(st, " and %s ", cell_name(lg, b, n3));
                say_digits(st, need);
                say(st, ": one pincer is %d, so cells seeing both cannot "
                    "be: ", dz);
                say_removals(lg, st, from);
                return 1;
            }
        }
    }
    return 0;
}

/* ---- finned fish --------------------------------------------------------------- */

/* Tries the covers of k lines among the bits of `from` for base lines
 * rows[] (whose places for d are pos[]). */
static int finned_cover(sudoku_logic *lg, sudoku_step *st, int k, int d,
                        int base, const int *rows, const uint64_t *pos,
                        int *cover, int n_cover, uint64_t from,
                        uint64_t picked);

/*
 * Finned fish of size k (finned X-wing 2, finned swordfish 3) for digit
 * d: k base lines (rows, or columns) whose places for d all lie in k cover
 * lines, but for a few places (the fin) inside one box.  Either the fin
 * holds d, or the fish is a plain fish and d is in the cover lines' base
 * cells.  The cells of the cover lines inside the fin's box (and outside
 * the base lines) see the fin and are in the cover lines, so cannot be d
 * either way.
 */
static int finned_in(sudoku_logic *lg, sudoku_step *st, int k, int d,
                     int base, int *rows, uint64_t *pos, int n_rows,
                     int start, uint64_t all)
{
    int N = lg->N;
    if (n_rows == k) {
        int cover[3];
        return finned_cover(lg, st, k, d, base, rows, pos, cover, 0, all, 0);
    }
    for (int r = start; r < N; r++) {
        pos[n_rows] = positions(lg, base + r, d);
        int n = popcount(pos[n_rows]);
        if (n < 1 || n > k + lg->sh.C + lg->sh.R)
            continue;
        rows[n_rows] = r;
        if (finned_in(lg, st, k, d, base, rows, pos, n_rows + 1, r + 1,
                      all | pos[n_rows]))
            return 1;
    }
    return 0;
}

static int finned_cover(sudoku_logic *lg, sudoku_step *st, int k, int d,
                        int base, const int *rows, const uint64_t *pos,
                        int *cover, int n_cover, uint64_t from,
                        uint64_t picked)
{
    int N = lg->N, other = base == 0 ? N : 0;
    if (n_cover < k) {
        for (uint64_t m = from; m; m &= m - 1) {
            cover[n_cover] = lowest(m);
            if (finned_cover(lg, st, k, d, base, rows, pos, cover,
                             n_cover + 1, m & (m - 1),
                             picked | 1ULL << lowest(m)))
                return 1;
        }
        return 0;
    }
    /* the fin: places of the base lines outside the cover, in one box;
     * every base line keeps a place in the cover */
    int fin_box = -1, n_fin = 0;
    for (int p = 0; p < k; p++) {
        if (!(pos[p] & picked))
            return 0;
        for (uint64_t f = pos[p] & ~picked; f; f &= f - 1) {
            int c = unit_cells(lg, base + rows[p])[lowest(f)];
            if (fin_box >= 0 && box_of(lg, c) != fin_box)
                return 0;
            fin_box = box_of(lg, c);
            n_fin++;
        }
    }
    if (n_fin == 0)
        return 0; /* a plain fish, found before */
    int from_rm = lg->n_rm;
    for (int q = 0; q < k; q++) {
        const int *cells = unit_cells(lg, other + cover[q]);
        for (int j = 0; j < N; j++) {
            int in_base = 0;
            for (int p = 0; p < k; p++)
                in_base |= j == rows[p];
            if (!in_base && box_of(lg, cells[j]) == fin_box)
                eliminate(lg, cells[j], d);
        }
    }
    if (lg->n_rm == from_rm)
        return 0;
    st->tech = k == 2 ? SUDOKU_TECH_FINNED_X_WING
                      : SUDOKU_TECH_FINNED_SWORDFISH;
    const char *bk = base == 0 ? "row" : "column";
    const char *ck = base == 0 ? "column" : "row";
    say(st, "%s on %d: in %ss", tech_names[st->tech], d, bk);
    for (int p = 0; p < k; p++)
        say(st, " %d", rows[p] + 1);
    say(st, ", %d fits only in %ss", d, ck);
    for (int q = 0; q < k; q++)
        say(st, " %d", cover[q] + 1);
    say(st, " but for a fin in box %d; either the fin holds %d or those "
        "%ss hold their %d in these %ss, and the cells of box %d in those "
        "%ss lose %d either way: ", fin_box + 1, d, ck, d, bk, fin_box + 1,
        ck, d);
    say_removals(lg, st, from_rm);
    return 1;
}

static int finned_fish(sudoku_logic *lg, sudoku_step *st, int k)
{
    int rows[3];
    uint64_t pos[3];
    for (int d = 1; d <= lg->N && !time_up(lg); d++)
        for (int base = 0; base <= lg->N; base += lg->N)
            if (finned_in(lg, st, k, d, base, rows, pos, 0, 0, 0))
                return 1;
    return 0;
}

/* ---- remote pairs, W-wings, unique rectangles ------------------------------ */

/*
 * Remote pairs: cells holding only the same two digits {a,b} that see one
 * another alternate along any chain of them: two that see each other are
 * one a and one b.  Colouring each connected group of such cells in two
 * colours, a cell of one colour and a cell of the other hold a and b
 * between them, so a cell that sees both can be neither.
 */
static int remote_pair(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN;
    int *colour = lg->scratch, *queue = lg->scratch + NN;
    for (int i = 0; i < NN; i++)
        colour[i] = -1;
    for (int root = 0; root < NN; root++) {
        uint64_t pair = lg->cand[root];
        if (colour[root] >= 0 || popcount(pair) != 2)
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
                            eliminate(lg, i, lowest(m) + 1);
                if (lg->n_rm == from)
                    continue;
                char n1[24], n2[24];
                st->tech = SUDOKU_TECH_REMOTE_PAIR;
                say(st, "remote pair ");
                say_digits(st, pair);
                say(st, ": the cells ");
                for (int k = 0, first = 1; k < n; k++, first = 0)
                    say(st, "%s%s", first ? "" : ", ",
                        cell_name(lg, queue[k], n1));
                say(st, " hold only these two digits and are linked by "
                    "seeing one another, so linked cells alternate; %s and "
                    "%s are of opposite turns and hold both digits between "
                    "them, so cells seeing both cannot hold either: ",
                    cell_name(lg, p, n1), cell_name(lg, q, n2));
                say_removals(lg, st, from);
                return 1;
            }
    }
    return 0;
}

/* The two cells of unit u that hold candidate d, if exactly two do. */
static int conjugates(const sudoku_logic *lg, int u, int d, int *a, int *b)
{
    uint64_t pos = positions(lg, u, d);
    if (popcount(pos) != 2)
        return 0;
    *a = unit_cells(lg, u)[lowest(pos)];
    *b = unit_cells(lg, u)[63 - __builtin_clzll(pos)];
    return 1;
}

/*
 * W-wing: two cells p and q holding only {x,w}, which do not see each
 * other, and a unit where x fits only in two cells, one seeing p and the
 * other seeing q.  One of those two is x, so p or q is not x: it is w.
 * Cells seeing both p and q cannot be w.
 */
static int w_wing(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN, N = lg->N;
    for (int p = 0; p < NN; p++) {
        uint64_t pair = lg->cand[p];
        if (popcount(pair) != 2)
            continue;
        if (time_up(lg))
            return 0;
        for (int q = p + 1; q < NN; q++) {
            if (lg->cand[q] != pair || sees(lg, p, q))
                continue;
            for (uint64_t xs = pair; xs; xs &= xs - 1) {
                int x = lowest(xs) + 1, w = lowest(pair & ~bit(x)) + 1;
                for (int u = 0; u < 3 * N; u++) {
                    int a, b;
                    if (!conjugates(lg, u, x, &a, &b) || a == p || a == q ||
                        b == p || b == q)
                        continue;
                    if (!(sees(lg, a, p) && sees(lg, b, q)) &&
                        !(sees(lg, a, q) && sees(lg, b, p)))
                        continue;
                    int from = lg->n_rm;
                    for (int i = 0; i < NN; i++)
                        if (sees(lg, i, p) && sees(lg, i, q))
                            eliminate(lg, i, w);
                    if (lg->n_rm == from)
                        continue;
                    char n1[24], n2[24], n3[24], n4[24], un[32];
                    st->tech = SUDOKU_TECH_W_WING;
                    say(st, "W-wing: %s and %s both hold only ",
                        cell_name(lg, p, n1), cell_name(lg, q, n2));
                    say_digits(st, pair);
                    say(st, ", and in %s %d fits only in %s and %s, one "
                        "seeing each of them; so one of the two is not %d "
                        "and is %d, and cells seeing both cannot be %d: ",
                        unit_name(lg, u, un), x, cell_name(lg, a, n3),
                        cell_name(lg, b, n4), x, w, w);
                    say_removals(lg, st, from);
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* Whether the puzzle is known to have one solution: said by the caller, or
 * found by the engine when a solver is at hand. */
static int known_unique(sudoku_logic *lg)
{
    if (lg->unique < 0 && lg->sv) {
        int found = find_solution(lg, lg->sv);
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
static int unique_rectangle(sudoku_logic *lg, sudoku_step *st)
{
    int N = lg->N;
    for (int r1 = 0; r1 < N; r1++)
        for (int r2 = r1 + 1; r2 < N; r2++)
            for (int c1 = 0; c1 < N; c1++)
                for (int c2 = c1 + 1; c2 < N; c2++) {
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
                        if (popcount(lg->cand[cell[k]]) == 2 &&
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
                        eliminate(lg, cell[odd], lowest(m) + 1);
                    char n[4][24];
                    st->tech = SUDOKU_TECH_UNIQUE_RECTANGLE;
                    say(st, "unique rectangle: %s, %s, %s, %s hold ",
                        cell_name(lg, cell[0], n[0]),
                        cell_name(lg, cell[1], n[1]),
                        cell_name(lg, cell[2], n[2]),
                        cell_name(lg, cell[3], n[3]));
                    say_digits(st, pair);
                    say(st, ", %s with more; if %s held only those two "
                        "digits too, they could be swapped in the four cells "
                        "and the puzzle (which has one solution) would have "
                        "two: ", n[odd], n[odd]);
                    say_removals(lg, st, from);
                    return 1;
                }
    return 0;
}

/* ---- colouring and chains ---------------------------------------------------- */

/* The k-th of the 3N cells of the row, column and box of cell c (c itself
 * and the cells of two of its units come more than once). */
static int peer(const sudoku_logic *lg, int c, int k)
{
    int N = lg->N;
    int u = k < N ? row_of(lg, c)
          : k < 2 * N ? N + col_of(lg, c) : 2 * N + box_of(lg, c);
    return unit_cells(lg, u)[k % N];
}

/* Whether d has exactly two places in one of the units of cell c (c being
 * one of them). */
static int has_strong_link(const sudoku_logic *lg, int c, int d)
{
    int N = lg->N;
    int u[3] = { row_of(lg, c), N + col_of(lg, c), 2 * N + box_of(lg, c) };
    for (int k = 0; k < 3; k++)
        if (popcount(positions(lg, u[k], d)) == 2)
            return 1;
    return 0;
}

/*
 * Simple colouring: for digit d, two cells that are d's only places in a
 * unit (a conjugate pair) hold one d between them.  Following such pairs
 * from cell to cell, the cells reached take two colours, and one colour
 * holds all the d's of the group.  So a cell seeing both colours cannot be
 * d (a colour trap), and a colour two of whose cells see each other is the
 * one without d (a colour wrap).
 */
static int simple_colouring(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN, N = lg->N;
    int *colour = lg->scratch, *queue = lg->scratch + NN;
    for (int d = 1; d <= N; d++) {
        if (time_up(lg))
            return 0;
        for (int i = 0; i < NN; i++)
            colour[i] = -1;
        for (int root = 0; root < NN; root++) {
            if (colour[root] >= 0 || !(lg->cand[root] & bit(d)))
                continue;
            int n = 0;
            colour[root] = 0;
            queue[n++] = root;
            for (int h = 0; h < n; h++) {
                int c = queue[h];
                int u[3] = { row_of(lg, c), N + col_of(lg, c),
                             2 * N + box_of(lg, c) };
                for (int k = 0; k < 3; k++) {
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
                        eliminate(lg, queue[a], d);
            } else {
                for (int i = 0; i < NN; i++) {
                    if (!(lg->cand[i] & bit(d)) || colour[i] >= 0)
                        continue;
                    int seen = 0;
                    for (int a = 0; a < n; a++)
                        if (sees(lg, i, queue[a]))
                            seen |= 1 << colour[queue[a]];
                    if (seen == 3)
                        eliminate(lg, i, d);
                }
            }
            if (lg->n_rm == from)
                continue;
            char name[24];
            st->tech = SUDOKU_TECH_SIMPLE_COLOURING;
            say(st, "simple colouring on %d: following the pairs of places "
                "%d has in a row, column or box, ", d, d);
            for (int c = 0; c < 2; c++) {
                say(st, c ? " and " : "");
                for (int a = 0, first = 1; a < n; a++)
                    if (colour[queue[a]] == c) {
                        say(st, "%s%s", first ? "" : ", ",
                            cell_name(lg, queue[a], name));
                        first = 0;
                    }
                say(st, c ? " (colour B)" : " (colour A)");
            }
            if (wrap >= 0)
                say(st, " alternate; two cells of colour %c see each other, "
                    "so that colour has no %d: ", "AB"[wrap], d);
            else
                say(st, " alternate, and one colour holds the %d's; cells "
                    "seeing both colours cannot be %d: ", d, d);
            say_removals(lg, st, from);
            return 1;
        }
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
        say(st, " - ");
    }
    say(st, "%s", cell_name(lg, node_cell[k], name));
}

/*
 * X-chain, for one digit d: from a start cell s, "s is not d" forces d
 * into the other place of a conjugate pair of s (a strong link); a cell
 * holding d rules d out of the cells it sees (a weak link); and so on,
 * strong and weak in turn.  A cell e reached by a strong link holds d
 * whenever s does not, so a cell seeing both s and e cannot be d.
 * Breadth first, so the chain told is a shortest one.
 */
static int x_chain(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN, N = lg->N;
    /* node 2c: c is not d; node 2c+1: c is d */
    int *seen = lg->chain, *node_cell = lg->chain + 2 * NN;
    int *parent = lg->chain + 4 * NN, *queue = lg->chain + 6 * NN;
    for (int d = 1; d <= N; d++)
        for (int s = 0; s < NN; s++) {
            if (!(lg->cand[s] & bit(d)) || !has_strong_link(lg, s, d))
                continue;
            if (time_up(lg))
                return 0;
            for (int k = 0; k < 2 * NN; k++)
                seen[k] = -1;
            int n = 0;
            seen[2 * s] = n;
            node_cell[n] = s;
            parent[n] = -1;
            queue[n++] = 2 * s;
            for (int h = 0; h < n; h++) {
                int c = queue[h] / 2, is_d = queue[h] % 2;
                if (is_d && c != s && !sees(lg, c, s)) {
                    int from = lg->n_rm;
                    for (int i = 0; i < NN; i++)
                        if (i != s && i != c && sees(lg, i, s) &&
                            sees(lg, i, c))
                            eliminate(lg, i, d);
                    if (lg->n_rm > from) {
                        char n1[24], n2[24];
                        st->tech = SUDOKU_TECH_X_CHAIN;
                        say(st, "X-chain on %d: ", d);
                        say_path(lg, st, node_cell, parent, h);
                        say(st, " (links of %d alternating: the only two "
                            "places in a unit, then two cells that see each "
                            "other); if %s is not %d then %s is, so one of "
                            "them is %d and cells seeing both cannot be: ",
                            d, cell_name(lg, s, n1), d, cell_name(lg, c, n2),
                            d);
                        say_removals(lg, st, from);
                        return 1;
                    }
                }
                /* the next links: strong from "not d", weak from "d" */
                for (int pe = 0; pe < 3 * N; pe++) {
                    int i = peer(lg, c, pe);
                    if (i == c || !(lg->cand[i] & bit(d)))
                        continue;
                    int next = is_d ? 2 * i : 2 * i + 1;
                    if (seen[next] >= 0)
                        continue;
                    if (!is_d) {
                        /* strong: c and i are d's only places in a unit */
                        int strong = 0;
                        int u[3] = { row_of(lg, c), N + col_of(lg, c),
                                     2 * N + box_of(lg, c) };
                        for (int k = 0; k < 3; k++) {
                            int a, b;
                            strong |= conjugates(lg, u[k], d, &a, &b) &&
                                      (a == i || b == i);
                        }
                        if (!strong)
                            continue;
                    }
                    seen[next] = n;
                    node_cell[n] = i;
                    parent[n] = h;
                    queue[n++] = next;
                }
            }
        }
    return 0;
}

/* Says the XY-chain to node k: "r1c1 is 3, so r1c5 is 7, so ..." */
static void say_xy(sudoku_logic *lg, sudoku_step *st, const int *node,
                   const int *parent, int k)
{
    char name[24];
    if (parent[k] >= 0) {
        say_xy(lg, st, node, parent, parent[k]);
        say(st, ", so ");
    }
    say(st, "%s is %d", cell_name(lg, node[k] / lg->N, name),
        node[k] % lg->N + 1);
}

/*
 * XY-chain: cells holding two candidates each, each seeing the next, where
 * the digit a cell is not is the digit the next cell cannot be: from a
 * start s = {x,y}, "s is not x" makes s y, the next cell (holding y) not
 * y, so its other digit, and so on.  A cell e reached that way being x
 * means s or e is x: cells seeing both cannot be x.
 */
static int xy_chain(sudoku_logic *lg, sudoku_step *st)
{
    int NN = lg->NN, N = lg->N;
    /* node c*N + v-1: cell c is v */
    int *parent = lg->chain, *node = lg->chain + NN * N;
    int *seen = lg->chain + 2 * NN * N;
    for (int s = 0; s < NN; s++) {
        if (popcount(lg->cand[s]) != 2)
            continue;
        if (time_up(lg))
            return 0;
        for (uint64_t xs = lg->cand[s]; xs; xs &= xs - 1) {
            int x = lowest(xs) + 1, y = lowest(lg->cand[s] & ~bit(x)) + 1;
            for (int k = 0; k < NN * N; k++)
                seen[k] = -1;
            int n = 0;
            node[n] = s * N + y - 1;
            parent[n] = -1;
            seen[node[n]] = n;
            n++;
            for (int h = 0; h < n; h++) {
                int c = node[h] / N, v = node[h] % N + 1;
                if (v == x && c != s && !sees(lg, c, s)) {
                    int from = lg->n_rm;
                    for (int i = 0; i < NN; i++)
                        if (i != s && i != c && sees(lg, i, s) &&
                            sees(lg, i, c))
                            eliminate(lg, i, x);
                    if (lg->n_rm > from) {
                        char n1[24];
                        st->tech = SUDOKU_TECH_XY_CHAIN;
                        say(st, "XY-chain: if %s is not %d, ",
                            cell_name(lg, s, n1), x);
                        say_xy(lg, st, node, parent, h);
                        char n2[24];
                        say(st, "; either way one of %s and %s is %d, and "
                            "cells seeing both cannot be: ",
                            cell_name(lg, s, n1), cell_name(lg, c, n2), x);
                        say_removals(lg, st, from);
                        return 1;
                    }
                }
                /* c is v: a two-candidate cell seeing c and holding v is
                 * its other digit */
                for (int pe = 0; pe < 3 * N; pe++) {
                    int i = peer(lg, c, pe);
                    if (i == c || popcount(lg->cand[i]) != 2 ||
                        !(lg->cand[i] & bit(v)))
                        continue;
                    int w = lowest(lg->cand[i] & ~bit(v)) + 1;
                    int next = i * N + w - 1;
                    if (seen[next] >= 0)
                        continue;
                    seen[next] = n;
                    node[n] = next;
                    parent[n] = h;
                    n++;
                }
            }
        }
    }
    return 0;
}

/* ---- forcing chains -------------------------------------------------------- */

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

static void trial_free(trial *t)
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
        trial_free(t);
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
    if (!(t->cand[i] & bit(d)))
        return 0;
    size_t k = (size_t)i * lg->N + d - 1;
    t->cand[i] &= ~bit(d);
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
    for (uint64_t o = t->cand[i] & ~bit(d); o; o &= o - 1)
        trial_remove(lg, t, i, lowest(o) + 1, p);
    t->cand[i] = 0;
    int u[3] = { row_of(lg, i), lg->N + col_of(lg, i),
                 2 * lg->N + box_of(lg, i) };
    for (int k = 0; k < 3; k++) {
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
            if (t->at[j] < 0 && popcount(t->cand[j]) == 1) {
                if (trial_place(lg, t, j, lowest(t->cand[j]) + 1,
                                WHY_NAKED) != 0)
                    return -1;
                progress = 1;
            }
        if (progress)
            continue;
        for (int u = 0; u < 3 * N; u++) {
            const int *cells = unit_cells(lg, u);
            uint64_t once = 0, twice = 0, placed = 0;
            for (int j = 0; j < N; j++) {
                int c = cells[j];
                if (lg->grid.cell[c])
                    placed |= bit(lg->grid.cell[c]);
                else if (t->at[c] >= 0)
                    placed |= bit(t->pd[t->at[c]]);
                twice |= once & t->cand[c];
                once |= t->cand[c];
            }
            uint64_t missing = all & ~once & ~placed;
            if (missing) {
                t->bad_unit = u;
                t->bad_digit = lowest(missing) + 1;
                return -1;
            }
            for (uint64_t h = once & ~twice & ~placed; h; h &= h - 1) {
                int e = lowest(h) + 1;
                for (int j = 0; j < N; j++)
                    if (t->cand[cells[j]] & bit(e)) {
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
        for (uint64_t o = lg->cand[i] & ~bit(d); o; o &= o - 1)
            mark_chain(lg, t, removed_by(lg, t, i, lowest(o) + 1));
    } else if (t->why[p] >= 0) {
        const int *cells = unit_cells(lg, t->why[p]);
        for (int j = 0; j < lg->N; j++)
            if (cells[j] != i && (lg->cand[cells[j]] & bit(d)))
                mark_chain(lg, t, removed_by(lg, t, cells[j], d));
    }
}

/* Marks what the contradiction of a trial rests on. */
static void mark_contradiction(sudoku_logic *lg, trial *t)
{
    if (t->bad_cell >= 0) {
        for (uint64_t o = lg->cand[t->bad_cell]; o; o &= o - 1)
            mark_chain(lg, t, removed_by(lg, t, t->bad_cell, lowest(o) + 1));
        return;
    }
    const int *cells = unit_cells(lg, t->bad_unit);
    for (int j = 0; j < lg->N; j++)
        if (lg->cand[cells[j]] & bit(t->bad_digit))
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
        say(st, "%s%s = %d", first ? "" : ", ", cell_name(lg, t->pc[p], name),
            t->pd[p]);
        if (t->why[p] >= 0)
            say(st, " (only place for %d in %s)", t->pd[p],
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
                t->either[i] |= t->at[i] >= 0 ? bit(t->pd[t->at[i]])
                                              : t->cand[i];
            continue;
        }
        /* this premise is false */
        memset(t->mark, 0, (size_t)t->n);
        mark_contradiction(lg, t);
        st->tech = tech;
        say(st, "%s: if %s were %d, then ", tech_names[tech],
            cell_name(lg, cell[b], name), digit[b]);
        say_chain(lg, t, st);
        if (t->bad_cell >= 0)
            say(st, "%s%s would have no candidate left", t->n > 1 ? ", and "
                                                                  : "",
                cell_name(lg, t->bad_cell, name));
        else
            say(st, "%s%d would have no place left in %s",
                t->n > 1 ? ", and " : "", t->bad_digit,
                unit_name(lg, t->bad_unit, un));
        say(st, "; so %s <> %d", cell_name(lg, cell[b], name), digit[b]);
        eliminate(lg, cell[b], digit[b]);
        return 1;
    }
    /* what all branches agree on: a placement first, else one removal */
    int at = -1, d = 0;
    for (int i = 0; i < NN && at < 0; i++)
        if (!lg->grid.cell[i] && popcount(lg->cand[i]) > 1 &&
            popcount(t->either[i]) == 1) {
            at = i;
            d = lowest(t->either[i]) + 1;
        }
    int placing = at >= 0;
    for (int i = 0; i < NN && at < 0; i++)
        if (!lg->grid.cell[i] && (lg->cand[i] & ~t->either[i])) {
            at = i;
            d = lowest(lg->cand[i] & ~t->either[i]) + 1;
        }
    if (at < 0)
        return 0;
    st->tech = tech;
    if (unit < 0) {
        say(st, "%s from %s ", tech_names[tech], cell_name(lg, cell[0],
                                                           name));
        say_digits(st, lg->cand[cell[0]]);
    } else {
        say(st, "%s on %d in %s (", tech_names[tech], digit[0],
            unit_name(lg, unit, un));
        for (int b = 0; b < n; b++)
            say(st, "%s%s", b ? ", " : "", cell_name(lg, cell[b], name));
        say(st, ")");
    }
    for (int b = 0; b < n; b++) {
        trial_run(lg, t, cell[b], digit[b]);
        memset(t->mark, 0, (size_t)t->n);
        mark_chain(lg, t, placing ? t->at[at] : removed_by(lg, t, at, d));
        say(st, "%s if %s = %d", b ? ";" : ":", cell_name(lg, cell[b], name),
            digit[b]);
        if (t->n > 1 && (placing ? t->at[at] > 0
                                 : removed_by(lg, t, at, d) > 0)) {
            say(st, ", then ");
            say_chain(lg, t, st);
        }
        if (!placing)
            say(st, ", so %s <> %d", cell_name(lg, at, name), d);
    }
    if (placing) {
        say(st, "; either way %s = %d", cell_name(lg, at, name), d);
        st->cell = at;
        st->digit = d;
        place(lg, at, d);
    } else {
        say(st, "; either way %s <> %d", cell_name(lg, at, name), d);
        eliminate(lg, at, d);
    }
    return 1;
}

/* A person follows two, three or four branches, not sixty-four: the
 * forcing chains start from cells with at most this many candidates and
 * digits with at most this many places (which also keeps a step on a
 * large, open grid short). */
#define FORCING_MAX_BRANCHES 4

/* Cell forcing chains, from the cells with fewest candidates first. */
static int cell_forcing(sudoku_logic *lg, sudoku_step *st)
{
    int cell[FORCING_MAX_BRANCHES], digit[FORCING_MAX_BRANCHES];
    for (int k = 2; k <= FORCING_MAX_BRANCHES; k++)
        for (int i = 0; i < lg->NN; i++) {
            if (lg->grid.cell[i] || popcount(lg->cand[i]) != k)
                continue;
            if (time_up(lg))
                return 0;
            int n = 0;
            for (uint64_t m = lg->cand[i]; m; m &= m - 1) {
                cell[n] = i;
                digit[n++] = lowest(m) + 1;
            }
            int got = forcing_from(lg, st, SUDOKU_TECH_CELL_FORCING, n, cell,
                                   digit, -1);
            if (got)
                return got;
        }
    return 0;
}

/* Unit forcing chains, from the digits with fewest places first. */
static int unit_forcing(sudoku_logic *lg, sudoku_step *st)
{
    int cell[FORCING_MAX_BRANCHES], digit[FORCING_MAX_BRANCHES];
    for (int k = 2; k <= FORCING_MAX_BRANCHES; k++)
        for (int u = 0; u < 3 * lg->N; u++)
            for (int d = 1; d <= lg->N; d++) {
                uint64_t pos = positions(lg, u, d);
                if (popcount(pos) != k)
                    continue;
                if (time_up(lg))
                    return 0;
                int n = 0;
                for (; pos; pos &= pos - 1) {
                    cell[n] = unit_cells(lg, u)[lowest(pos)];
                    digit[n++] = d;
                }
                int got = forcing_from(lg, st, SUDOKU_TECH_UNIT_FORCING, n,
                                       cell, digit, u);
                if (got)
                    return got;
            }
    return 0;
}

/* ---- the reject-list method ------------------------------------------------ */

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
        int u[3] = { row_of(lg, i), lg->N + col_of(lg, i),
                     2 * lg->N + box_of(lg, i) };
        for (int k = 0; k < 3; k++) {
            const int *cells = unit_cells(lg, u[k]);
            for (int j = 0; j < lg->N; j++)
                if (lg->grid.cell[cells[j]])
                    r |= bit(lg->grid.cell[cells[j]]);
        }
        lg->rej[i] = r;
    }
    return 0;
}

/* cell i takes d: it rejects everything, its hood rejects d */
static void reject_place(sudoku_logic *lg, int i, int d)
{
    lg->rej[i] = all_digits(lg);
    int u[3] = { row_of(lg, i), lg->N + col_of(lg, i),
                 2 * lg->N + box_of(lg, i) };
    for (int k = 0; k < 3; k++) {
        const int *cells = unit_cells(lg, u[k]);
        for (int j = 0; j < lg->N; j++)
            lg->rej[cells[j]] |= bit(d);
    }
    place(lg, i, d);
}

/* cell i now rejects d too (recorded as a removal) */
static void reject_add(sudoku_logic *lg, int i, int d)
{
    if (lg->rej[i] & bit(d))
        return;
    lg->rej[i] |= bit(d);
    eliminate(lg, i, d);
}

static int reject_singles(sudoku_logic *lg, sudoku_step *st)
{
    uint64_t all = all_digits(lg);
    char name[24], un[32];
    /* a cell that rejects all values but one */
    for (int i = 0; i < lg->NN; i++) {
        if (lg->grid.cell[i] || popcount(lg->rej[i]) != lg->N - 1)
            continue;
        int d = lowest(all & ~lg->rej[i]) + 1;
        st->tech = SUDOKU_TECH_NAKED_SINGLE;
        st->cell = i;
        st->digit = d;
        say(st, "%s = %d: %s rejects every other value (its row, column "
            "and box hold them)", cell_name(lg, i, name), d, name);
        reject_place(lg, i, d);
        return 1;
    }
    /* a value that all the other cells of one of a cell's units reject */
    for (int u = 0; u < 3 * lg->N; u++) {
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
            int d = lowest(v) + 1;
            st->tech = SUDOKU_TECH_HIDDEN_SINGLE;
            st->cell = i;
            st->digit = d;
            say(st, "%s = %d: the other %d cells of %s all reject %d",
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
    for (int u = 0; u < 3 * N; u++) {
        const int *cells = unit_cells(lg, u);
        /* how many cells of the unit reject each value, and which do not */
        uint64_t open[SUDOKU_LOGIC_MAX_ORDER];   /* bit j: cell j allows */
        int times[SUDOKU_LOGIC_MAX_ORDER];
        for (int d = 1; d <= N; d++) {
            times[d - 1] = 0;
            open[d - 1] = 0;
            for (int j = 0; j < N; j++) {
                if (lg->rej[cells[j]] & bit(d))
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
                int p = cells[lowest(open[v - 1])];
                int q = cells[63 - __builtin_clzll(open[v - 1])];
                int from = lg->n_rm;
                uint64_t keep = bit(v) | bit(w);
                for (uint64_t o = all & ~keep; o; o &= o - 1) {
                    reject_add(lg, p, lowest(o) + 1);
                    reject_add(lg, q, lowest(o) + 1);
                }
                if (lg->n_rm == from)
                    continue;
                st->tech = SUDOKU_TECH_HIDDEN_PAIR;
                say(st, "pair: in %s, %d and %d are each rejected %d times, "
                    "by all cells but %s and %s, so those two cells reject "
                    "every other value: ", unit_name(lg, u, un), v, w, N - 2,
                    cell_name(lg, p, a), cell_name(lg, q, b));
                say_removals(lg, st, from);
                return 1;
            }
        }
        /* two cells that reject all values but the same two */
        for (int j = 0; j < N; j++) {
            int p = cells[j];
            if (lg->grid.cell[p] || popcount(lg->rej[p]) != N - 2)
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
                            reject_add(lg, cells[m], lowest(o) + 1);
                if (lg->n_rm == from)
                    continue;
                st->tech = SUDOKU_TECH_NAKED_PAIR;
                say(st, "pair: %s and %s both reject all but ",
                    cell_name(lg, p, a), cell_name(lg, q, b));
                say_digits(st, pair);
                say(st, ", so the other cells of %s reject them: ",
                    unit_name(lg, u, un));
                say_removals(lg, st, from);
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
static int find_solution(sudoku_logic *lg, sudoku_solver *sv)
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
            (best < 0 || popcount(lg->cand[i]) < popcount(lg->cand[best])))
            best = i;
    int found = best < 0 ? -1 : find_solution(lg, sv);
    if (found < 0)
        return found == SUDOKU_ECUT ? SUDOKU_ECUT : -1;
    int d = lg->solution.cell[best];
    if (!(lg->cand[best] & bit(d)))
        return -1; /* cannot happen for a sound solver */
    char name[24];
    st->tech = SUDOKU_TECH_GUESS;
    st->cell = best;
    st->digit = d;
    say(st, "%s = %d: a guess (no technique applies; %s has candidates ",
        cell_name(lg, best, name), d, name);
    say_digits(st, lg->cand[best]);
    say(st, ", and Dancing Links finds %s in the solution%s)", "this digit",
        lg->solutions > 1 ? " it follows: the puzzle has several" : "");
    if (lg->rej)
        reject_place(lg, best, d);
    else
        place(lg, best, d);
    return 1;
}

/* Looks for one step of technique t: 1 found (and applied), 0 none, -2 no
 * memory. */
static int find(sudoku_logic *lg, sudoku_step *st, sudoku_technique t)
{
    st->tech = t;
    switch (t) {
    case SUDOKU_TECH_FULL_HOUSE: return full_house(lg, st);
    case SUDOKU_TECH_NAKED_SINGLE: return naked_single(lg, st);
    case SUDOKU_TECH_HIDDEN_SINGLE: return hidden_single(lg, st);
    case SUDOKU_TECH_POINTING: return locked(lg, st, 1);
    case SUDOKU_TECH_CLAIMING: return locked(lg, st, 0);
    case SUDOKU_TECH_NAKED_PAIR: return naked_subset(lg, st, 2);
    case SUDOKU_TECH_HIDDEN_PAIR: return hidden_subset(lg, st, 2);
    case SUDOKU_TECH_NAKED_TRIPLE: return naked_subset(lg, st, 3);
    case SUDOKU_TECH_HIDDEN_TRIPLE: return hidden_subset(lg, st, 3);
    case SUDOKU_TECH_NAKED_QUAD: return naked_subset(lg, st, 4);
    case SUDOKU_TECH_HIDDEN_QUAD: return hidden_subset(lg, st, 4);
    case SUDOKU_TECH_X_WING: return fish(lg, st, 2);
    case SUDOKU_TECH_SWORDFISH: return fish(lg, st, 3);
    case SUDOKU_TECH_XY_WING: return xy_wing(lg, st);
    case SUDOKU_TECH_FINNED_X_WING: return finned_fish(lg, st, 2);
    case SUDOKU_TECH_FINNED_SWORDFISH: return finned_fish(lg, st, 3);
    case SUDOKU_TECH_REMOTE_PAIR: return remote_pair(lg, st);
    case SUDOKU_TECH_W_WING: return w_wing(lg, st);
    case SUDOKU_TECH_UNIQUE_RECTANGLE: return unique_rectangle(lg, st);
    case SUDOKU_TECH_SIMPLE_COLOURING: return simple_colouring(lg, st);
    case SUDOKU_TECH_X_CHAIN: return x_chain(lg, st);
    case SUDOKU_TECH_XY_CHAIN: return xy_chain(lg, st);
    case SUDOKU_TECH_CELL_FORCING: return cell_forcing(lg, st);
    case SUDOKU_TECH_UNIT_FORCING: return unit_forcing(lg, st);
    default: return 0;
    }
}

int sudoku_logic_step(sudoku_logic *lg, sudoku_solver *sv, sudoku_step *st)
{
    memset(st, 0, sizeof *st);
    st->cell = -1;
    lg->n_rm = 0;
    int empty = 0;
    char name[24];
    for (int i = 0; i < lg->NN; i++)
        if (!lg->grid.cell[i]) {
            empty++;
            if (!lg->cand[i]) {
                snprintf(st->text, sizeof st->text, "%s has no candidate "
                         "left: the puzzle has no solution",
                         cell_name(lg, i, name));
                return -1;
            }
        }
    if (!empty)
        return 0;
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
            return -2;
        }
        if (lg->cut) {
            snprintf(st->text, sizeof st->text, "cut short: the time limit "
                     "ran out while looking for the next step");
            return SUDOKU_ECUT;
        }
    }
    if (!found && !(lg->allowed >> SUDOKU_TECH_GUESS & 1))
        return 2;
    if (!found) {
        int g = guess(lg, sv, st);
        if (g == SUDOKU_ECUT) {
            snprintf(st->text, sizeof st->text, "cut short: the search for "
                     "the solution a guess follows ran out of its budget");
            return SUDOKU_ECUT;
        }
        if (g < 0) {
            snprintf(st->text, sizeof st->text,
                     "the puzzle has no solution");
            return -1;
        }
    }
    st->n_removed = lg->n_rm;
    st->removed_cell = lg->rc;
    st->removed_digit = lg->rd;
    return 1;
}

/* ---- steering a generator ---------------------------------------------------- */

/* Whether empty cell i is a naked or hidden single among the candidates
 * the givens leave, or a full house. */
static int single_at_start(const sudoku_logic *lg, int i)
{
    if (popcount(lg->cand[i]) == 1)
        return 1;
    int u[3] = { row_of(lg, i), lg->N + col_of(lg, i),
                 2 * lg->N + box_of(lg, i) };
    for (int k = 0; k < 3; k++) {
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
        sudoku_step st;
        while ((got = sudoku_logic_step(lg, NULL, &st)) == 1)
            ;
    }
    sudoku_logic_free(lg);
    return got == -2 ? -2 : got == 0;
}

