/*
 * mathdoku_logic.c - the named techniques of mathdoku_logic.h.
 *
 * Each finder looks for one instance of its pattern that changes the
 * board (a placement, or at least one candidate removed), applies it,
 * describes it and returns 1; else 0 (or -1 for a contradiction).  Cells
 * are named as in the cage lists (A1: column A, row 1), lines "row 3" and
 * "column C", cages by their clue and cells ("11+ cage A1 A2").
 *
 * What each cage allows is worked out once per state of its cells and
 * kept until one of them loses a candidate:
 *
 *   info[k].any        digits of any tuple (Keen's easy deduction)
 *   info[k].cell[j]    digits of cell j over the tuples (normal)
 *   info[k].row/col    digits every tuple puts in each row (column) the
 *                      cage meets (hard)
 */
#include "mathdoku_logic.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grid_bits.h"
#include "mathdoku_cage.h"

/* ---- names -------------------------------------------------------------- */

#define GRADE_NAME(e, name, letter) name,
#define GRADE_LETTER(e, name, letter) letter,
static const char *const grade_names[] = { MATHDOKU_GRADES(GRADE_NAME) };
static const char grade_letters[] = { MATHDOKU_GRADES(GRADE_LETTER) };
#undef GRADE_NAME
#undef GRADE_LETTER

#define TECH_KEY(e, key, name, grade) key,
#define TECH_NAME(e, key, name, grade) name,
#define TECH_GRADE(e, key, name, grade) MATHDOKU_GRADE_##grade,
static const char *const tech_keys[] = { MATHDOKU_TECHNIQUES(TECH_KEY) };
static const char *const tech_names[] = { MATHDOKU_TECHNIQUES(TECH_NAME) };
static const mathdoku_grade tech_grades[] = {
    MATHDOKU_TECHNIQUES(TECH_GRADE)
};
#undef TECH_KEY
#undef TECH_NAME
#undef TECH_GRADE

const char *mathdoku_grade_name(int grade)
{
    return grade >= 0 && grade < MATHDOKU_GRADE_COUNT ? grade_names[grade] : "?";
}

int mathdoku_grade_letter(int grade)
{
    return grade >= 0 && grade < MATHDOKU_GRADE_COUNT ? grade_letters[grade] : '?';
}

int mathdoku_parse_grade(const char *s)
{
    for (int g = 0; g < MATHDOKU_GRADE_COUNT; g++) {
        const char *name = grade_names[g];
        size_t k = 0;
        while (s[k] && name[k] && (s[k] | 32) == (name[k] | 32))
            k++;
        if ((!s[k] && !name[k]) || (s[0] == grade_letters[g] && !s[1]))
            return g;
    }
    return -1;
}

const char *mathdoku_technique_key(int tech)
{
    return tech >= 0 && tech < MATHDOKU_TECH_COUNT ? tech_keys[tech] : "?";
}

const char *mathdoku_technique_name(int tech)
{
    return tech >= 0 && tech < MATHDOKU_TECH_COUNT ? tech_names[tech] : "?";
}

mathdoku_grade mathdoku_technique_grade(int tech)
{
    return tech >= 0 && tech < MATHDOKU_TECH_COUNT ? tech_grades[tech]
                                             : MATHDOKU_GRADE_UNREASONABLE;
}

/* ---- the state ---------------------------------------------------------- */

/* what a cage allows, for its cells' candidates as they stand */
typedef struct cage_info {
    int fresh;               /* matches the candidates */
    int known;               /* 0: too many tuples to look at all */
    long tuples;
    uint64_t any;
    uint64_t *cell;          /* per cell of the cage */
    int n_lines;             /* rows then columns the cage meets */
    int *line;               /* 0..N-1 rows, N..2N-1 columns */
    int *line_of;            /* cell j's row and column: indices of line */
    uint64_t *need;          /* digits every tuple puts in that line */
    char combos[160];        /* the digit sets, for the text */
    int n_combos;
    /* the tuples themselves (n digits each), once enumerated: the
     * candidates only shrink, so the next analysis filters them instead
     * of walking again (a cage with more than LIST_CAP is walked) */
    int *list;
    long n_list, cap_list;
    int listed;
} cage_info;

struct mathdoku_logic {
    const mathdoku *p;
    mathdoku_rules rules;
    int N, NN;
    int *grid;
    uint64_t *cand;
    uint64_t all;
    int *solution;           /* for guesses; NULL until needed */
    int solution_failed;
    mathdoku_grade max_grade;
    uint32_t allowed;        /* bit t: technique t may be used */
    int quiet;
    cage_info *info;
    unsigned char *line_clean; /* per line: bit 0 no subset, bit 1 no
                                  remainder, since its cells last changed */
    int fish_clean;          /* no fish since the last change */
    int *rc, *rd;            /* removals of the current step */
    int n_rm, cap_rm;
    int failed;              /* no memory in a removal */
    /* scratch */
    uint64_t *tcand;
    int *tcells;
    int *queue, *prev, *number;
};

/* May the solver use technique t? */
static int uses(const mathdoku_logic *lg, int t)
{
    return ((lg->allowed >> t) & 1) && tech_grades[t] <= lg->max_grade;
}

/* Block for the enumeration of one cage: so many search nodes at most. */
enum { CAGE_BUDGET = 2000000, REMAINDER_BUDGET = 200000,
       LIST_CAP = 100000 };

static const char *cell_name(const mathdoku_logic *lg, int i, char *buf)
{
    return mathdoku_cell_name(lg->N, i, buf);
}

/* "row 3", "column C" */
static const char *line_name(const mathdoku_logic *lg, int line, char *buf)
{
    if (line < lg->N)
        sprintf(buf, "row %d", line + 1);
    else if (line - lg->N < 26)
        sprintf(buf, "column %c", 'A' + line - lg->N);
    else
        sprintf(buf, "column %d", line - lg->N + 1);
    return buf;
}

/* cell t (0..N-1) of line */
static int line_cell(const mathdoku_logic *lg, int line, int t)
{
    int N = lg->N;
    return line < N ? line * N + t : t * N + (line - N);
}

/* appends to the step's text; "{3,8}" (grid_step.h) */
#define say grid_step_say
#define say_digits grid_step_say_digits

/* "11+ cage A1 A2" */
static void say_cage(const mathdoku_logic *lg, mathdoku_step *st, int k)
{
    const mathdoku_cage *c = &lg->p->cages[k];
    char clue[32], name[16];
    mathdoku_cage_clue(c, clue);
    say(st, "%s cage", clue);
    for (int j = 0; j < c->n && j < 8; j++)
        say(st, " %s", cell_name(lg, c->cells[j], name));
    if (c->n > 8)
        say(st, " ..");
}

static void changed(mathdoku_logic *lg, int i)
{
    int N = lg->N;
    lg->info[lg->p->cage_of[i]].fresh = 0;
    lg->line_clean[i / N] = 0;
    lg->line_clean[N + i % N] = 0;
    lg->fish_clean = 0;
}

/* Removes d from cell i's candidates, noting it in the step. */
static void remove_cand(mathdoku_logic *lg, int i, int d)
{
    if (!(lg->cand[i] & grid_digit_bit(d)))
        return;
    if (lg->n_rm == lg->cap_rm) {
        int cap = lg->cap_rm ? 2 * lg->cap_rm : 64;
        int *rc = realloc(lg->rc, (size_t)cap * sizeof *rc);
        if (rc)
            lg->rc = rc;
        int *rd = realloc(lg->rd, (size_t)cap * sizeof *rd);
        if (rd)
            lg->rd = rd;
        if (!rc || !rd) {
            lg->failed = 1;
            return;
        }
        lg->cap_rm = cap;
    }
    lg->rc[lg->n_rm] = i;
    lg->rd[lg->n_rm++] = d;
    lg->cand[i] &= ~grid_digit_bit(d);
    changed(lg, i);
}

/* Places d in cell i; d leaves the rest of its row and column (not
 * noted: it follows from the placement). */
static void place(mathdoku_logic *lg, int i, int d)
{
    int N = lg->N, r = i / N, c = i % N;
    lg->grid[i] = d;
    lg->cand[i] = grid_digit_bit(d);
    changed(lg, i);
    for (int t = 0; t < N; t++) {
        int a = r * N + t, b = t * N + c;
        if (a != i && (lg->cand[a] & grid_digit_bit(d))) {
            lg->cand[a] &= ~grid_digit_bit(d);
            changed(lg, a);
        }
        if (b != i && (lg->cand[b] & grid_digit_bit(d))) {
            lg->cand[b] &= ~grid_digit_bit(d);
            changed(lg, b);
        }
    }
}

/* "; remove 2,5 from C2; 5 from C6" for the removals of the step */
static void say_removals(const mathdoku_logic *lg, mathdoku_step *st)
{
    char name[16];
    for (int a = 0; a < lg->n_rm;) {
        int i = lg->rc[a], b = a;
        say(st, a ? "; %d" : "%d", lg->rd[a]);
        for (b = a + 1; b < lg->n_rm && lg->rc[b] == i; b++)
            say(st, ",%d", lg->rd[b]);
        say(st, " from %s", cell_name(lg, i, name));
        a = b;
    }
}

mathdoku_logic *mathdoku_logic_new(const mathdoku *p,
                                   const mathdoku_rules *rules,
                                   const int *solution)
{
    int N = p->N, NN = N * N;
    if (N < 1 || N > 63)
        return NULL;
    mathdoku_logic *lg = calloc(1, sizeof *lg);
    if (!lg)
        return NULL;
    lg->p = p;
    if (rules)
        lg->rules = *rules;
    lg->N = N;
    lg->NN = NN;
    lg->all = N == 64 ? ~0ULL : (1ULL << N) - 1;
    lg->max_grade = MATHDOKU_GRADE_UNREASONABLE;
    lg->allowed = (1u << MATHDOKU_TECH_COUNT) - 1;
    lg->grid = calloc((size_t)NN, sizeof *lg->grid);
    lg->cand = malloc((size_t)NN * sizeof *lg->cand);
    lg->info = calloc((size_t)p->n_cages, sizeof *lg->info);
    lg->line_clean = calloc((size_t)2 * N, 1);
    lg->tcand = malloc((size_t)NN * sizeof *lg->tcand);
    lg->tcells = malloc((size_t)NN * sizeof *lg->tcells);
    lg->queue = malloc((size_t)NN * sizeof *lg->queue);
    lg->prev = malloc((size_t)NN * sizeof *lg->prev);
    lg->number = malloc((size_t)NN * sizeof *lg->number);
    if (!lg->grid || !lg->cand || !lg->info || !lg->line_clean ||
        !lg->tcand || !lg->tcells || !lg->queue || !lg->prev ||
        !lg->number) {
        mathdoku_logic_free(lg);
        return NULL;
    }
    for (int k = 0; k < p->n_cages; k++) {
        cage_info *in = &lg->info[k];
        int n = p->cages[k].n;
        in->cell = malloc((size_t)n * sizeof *in->cell);
        in->line = malloc((size_t)2 * n * sizeof *in->line);
        in->need = malloc((size_t)2 * n * sizeof *in->need);
        in->line_of = malloc((size_t)2 * n * sizeof *in->line_of);
        if (!in->cell || !in->line || !in->need || !in->line_of) {
            mathdoku_logic_free(lg);
            return NULL;
        }
    }
    if (solution) {
        lg->solution = malloc((size_t)NN * sizeof *lg->solution);
        if (!lg->solution) {
            mathdoku_logic_free(lg);
            return NULL;
        }
        memcpy(lg->solution, solution, (size_t)NN * sizeof *solution);
    }
    for (int i = 0; i < NN; i++)
        lg->cand[i] = lg->all;
    /* the givens, as written: one-cell cages */
    for (int k = 0; k < p->n_cages; k++) {
        const mathdoku_cage *c = &p->cages[k];
        if (c->n == 1 && c->target >= 1 && c->target <= N &&
            (lg->cand[c->cells[0]] & grid_digit_bit((int)c->target)))
            place(lg, c->cells[0], (int)c->target);
    }
    return lg;
}

void mathdoku_logic_free(mathdoku_logic *lg)
{
    if (!lg)
        return;
    if (lg->info)
        for (int k = 0; k < lg->p->n_cages; k++) {
            free(lg->info[k].cell);
            free(lg->info[k].line);
            free(lg->info[k].need);
            free(lg->info[k].line_of);
            free(lg->info[k].list);
        }
    free(lg->info);
    free(lg->grid);
    free(lg->cand);
    free(lg->solution);
    free(lg->line_clean);
    free(lg->rc);
    free(lg->rd);
    free(lg->tcand);
    free(lg->tcells);
    free(lg->queue);
    free(lg->prev);
    free(lg->number);
    free(lg);
}

void mathdoku_logic_restrict(mathdoku_logic *lg, int cell, uint64_t mask)
{
    if (cell < 0 || cell >= lg->NN || lg->grid[cell])
        return;
    lg->cand[cell] &= mask;
    changed(lg, cell);
}

/* What was found clean under other rules may not be clean under these. */
static void all_unclean(mathdoku_logic *lg)
{
    memset(lg->line_clean, 0, (size_t)2 * lg->N);
    lg->fish_clean = 0;
}

void mathdoku_logic_set_max_grade(mathdoku_logic *lg, mathdoku_grade max)
{
    lg->max_grade = max;
    all_unclean(lg);
}

void mathdoku_logic_set_techniques(mathdoku_logic *lg, uint32_t allowed)
{
    lg->allowed = allowed;
    all_unclean(lg);
}

void mathdoku_logic_set_quiet(mathdoku_logic *lg, int quiet)
{
    lg->quiet = quiet;
}

const int *mathdoku_logic_grid(const mathdoku_logic *lg)
{
    return lg->grid;
}

uint64_t mathdoku_logic_candidates(const mathdoku_logic *lg, int cell)
{
    return lg->cand[cell];
}

/* ---- what a cage allows ------------------------------------------------- */

typedef struct tally {
    mathdoku_logic *lg;
    const mathdoku_cage *c;
    cage_info *in;
    uint64_t row_has[MATHDOKU_MAX_CAGE * 2];
} tally;

static void count_tuple(tally *t, const int *d)
{
    cage_info *in = t->in;
    const mathdoku_cage *c = t->c;
    in->tuples++;
    /* the digits of this tuple in each line, kept where every tuple has
     * them (line_of: each cell's row and column among the cage's lines) */
    uint64_t has[2 * MATHDOKU_MAX_CAGE];
    for (int l = 0; l < in->n_lines; l++)
        has[l] = 0;
    for (int j = 0; j < c->n; j++) {
        uint64_t b = grid_digit_bit(d[j]);
        in->any |= b;
        in->cell[j] |= b;
        has[in->line_of[2 * j]] |= b;
        has[in->line_of[2 * j + 1]] |= b;
    }
    for (int l = 0; l < in->n_lines; l++)
        in->need[l] &= has[l];
    /* a few digit sets for the words, sorted and without repeats */
    if (!t->lg->quiet && in->n_combos <= 6) {
        int s[MATHDOKU_MAX_CAGE];
        memcpy(s, d, (size_t)c->n * sizeof *d);
        for (int a = 1; a < c->n; a++)
            for (int b = a; b > 0 && s[b - 1] > s[b]; b--) {
                int x = s[b];
                s[b] = s[b - 1];
                s[b - 1] = x;
            }
        char one[64];
        int len = 0;
        for (int j = 0; j < c->n && len < 50; j++)
            len += snprintf(one + len, sizeof one - (size_t)len, "%s%d",
                            j ? (c->op == MATHDOKU_MUL ? "*" : "+") : "", s[j]);
        if (c->op != MATHDOKU_ADD && c->op != MATHDOKU_MUL) {
            len = 0;
            for (int j = 0; j < c->n && len < 50; j++)
                len += snprintf(one + len, sizeof one - (size_t)len, "%s%d",
                                j ? "," : "{", s[j]);
            snprintf(one + len, sizeof one - (size_t)len, "}");
        }
        if (!strstr(in->combos, one)) {
            if (in->n_combos == 6) {
                strcat(in->combos, ", ..");
                in->n_combos++;
            } else if (strlen(in->combos) + strlen(one) + 3 <
                       sizeof in->combos) {
                if (in->n_combos)
                    strcat(in->combos, ", ");
                strcat(in->combos, one);
                in->n_combos++;
            }
        }
    }
}

/* Each tuple of the walk: counted, and kept in the cage's list while it
 * has room. */
static int on_tuple(void *ctx, const int *d)
{
    tally *t = ctx;
    cage_info *in = t->in;
    int n = t->c->n;
    count_tuple(t, d);
    if (!in->listed)
        return 0;
    if (in->n_list >= LIST_CAP) {
        in->listed = 0;
        return 0;
    }
    if ((in->n_list + 1) * n > in->cap_list) {
        long cap = in->cap_list ? 2 * in->cap_list : 16L * n;
        int *l = realloc(in->list, (size_t)cap * sizeof *l);
        if (!l) {
            in->listed = 0;
            return 0;
        }
        in->list = l;
        in->cap_list = cap;
    }
    memcpy(in->list + in->n_list * n, d, (size_t)n * sizeof *d);
    in->n_list++;
    return 0;
}



static cage_info *analyse(mathdoku_logic *lg, int k)
{
    cage_info *in = &lg->info[k];
    if (in->fresh)
        return in;
    const mathdoku_cage *c = &lg->p->cages[k];
    int N = lg->N;
    in->fresh = 1;
    in->tuples = 0;
    in->any = 0;
    in->n_lines = 0;
    in->combos[0] = '\0';
    in->n_combos = 0;
    for (int j = 0; j < c->n; j++) {
        in->cell[j] = 0;
        lg->tcand[j] = lg->cand[c->cells[j]];
        int lines[2] = { c->cells[j] / N, N + c->cells[j] % N };
        for (int e = 0; e < 2; e++) {
            int l = 0;
            while (l < in->n_lines && in->line[l] != lines[e])
                l++;
            if (l == in->n_lines) {
                in->line[in->n_lines] = lines[e];
                in->need[in->n_lines++] = lg->all;
            }
            in->line_of[2 * j + e] = l;
        }
    }
    tally t = { lg, c, in, { 0 } };
    if (in->listed) {
        /* the tuples left are among those listed: keep those that fit */
        long kept = 0;
        for (long e = 0; e < in->n_list; e++) {
            const int *d = in->list + e * c->n;
            int fits = 1;
            for (int j = 0; j < c->n && fits; j++)
                fits = (int)(lg->tcand[j] >> (d[j] - 1)) & 1;
            if (!fits)
                continue;
            count_tuple(&t, d);
            if (kept != e)
                memmove(in->list + kept * c->n, d,
                        (size_t)c->n * sizeof *d);
            kept++;
        }
        in->n_list = kept;
        in->known = 1;
        return in;
    }
    in->listed = 1;
    in->n_list = 0;
    in->known = mathdoku_cage_tuples(N, c, &lg->rules, lg->tcand,
                                     CAGE_BUDGET, on_tuple, &t) == 0;
    if (!in->known)
        in->listed = 0;
    if (!in->known) {
        /* too many to look at: the cage says nothing */
        in->any = lg->all;
        for (int j = 0; j < c->n; j++)
            in->cell[j] = lg->all;
        for (int l = 0; l < in->n_lines; l++)
            in->need[l] = 0;
    }
    return in;
}

/* ---- singles ------------------------------------------------------------ */

static int naked_single(mathdoku_logic *lg, mathdoku_step *st)
{
    char name[16];
    for (int i = 0; i < lg->NN; i++)
        if (!lg->grid[i] && grid_popcount(lg->cand[i]) == 1) {
            int d = grid_low_digit(lg->cand[i]);
            place(lg, i, d);
            st->tech = MATHDOKU_TECH_NAKED_SINGLE;
            st->cell = i;
            st->digit = d;
            if (!lg->quiet)
                say(st, "%s = %d: naked single, the only digit left in %s",
                    cell_name(lg, i, name), d, name);
            return 1;
        }
    return 0;
}

static int hidden_single(mathdoku_logic *lg, mathdoku_step *st)
{
    int N = lg->N;
    char name[16], ln[24];
    for (int line = 0; line < 2 * N; line++)
        for (int d = 1; d <= N; d++) {
            int at = -1, count = 0;
            for (int t = 0; t < N; t++) {
                int i = line_cell(lg, line, t);
                if (lg->cand[i] & grid_digit_bit(d)) {
                    at = i;
                    count++;
                }
            }
            if (count == 0) {
                if (!lg->quiet)
                    say(st, "%s has no place left for %d",
                        line_name(lg, line, ln), d);
                return -1;
            }
            if (count == 1 && !lg->grid[at]) {
                place(lg, at, d);
                st->tech = MATHDOKU_TECH_HIDDEN_SINGLE;
                st->cell = at;
                st->digit = d;
                if (!lg->quiet)
                    say(st, "%s = %d: hidden single, the only place for %d "
                        "in %s", cell_name(lg, at, name), d, d,
                        line_name(lg, line, ln));
                return 1;
            }
        }
    return 0;
}

/* ---- cages -------------------------------------------------------------- */

static int no_tuple(mathdoku_logic *lg, mathdoku_step *st, int k)
{
    if (!lg->quiet) {
        say_cage(lg, st, k);
        say(st, ": no way left to fill it");
    }
    return -1;
}

/* Keen's easy deduction: the cells hold only digits some tuple uses. */
static int cage_digits(mathdoku_logic *lg, mathdoku_step *st)
{
    const mathdoku *p = lg->p;
    for (int k = 0; k < p->n_cages; k++) {
        const mathdoku_cage *c = &p->cages[k];
        cage_info *in = analyse(lg, k);
        if (in->known && in->tuples == 0)
            return no_tuple(lg, st, k);
        for (int j = 0; j < c->n; j++) {
            uint64_t out = lg->cand[c->cells[j]] & ~in->any;
            for (; out; out &= out - 1)
                remove_cand(lg, c->cells[j], grid_low_digit(out));
        }
        if (lg->n_rm) {
            st->tech = MATHDOKU_TECH_CAGE_DIGITS;
            if (!lg->quiet) {
                say_cage(lg, st, k);
                say(st, ": %s %s, so its cells hold only ",
                    in->n_combos > 1 ? "the combinations left are"
                                     : "the one combination left is",
                    in->combos);
                say_digits(st, in->any);
                say(st, ": remove ");
                say_removals(lg, st);
            }
            return 1;
        }
    }
    return 0;
}

/* Normal: each cell holds only the digits it takes in some tuple. */
static int cage_cells(mathdoku_logic *lg, mathdoku_step *st)
{
    const mathdoku *p = lg->p;
    char name[16];
    for (int k = 0; k < p->n_cages; k++) {
        const mathdoku_cage *c = &p->cages[k];
        cage_info *in = analyse(lg, k);
        if (in->known && in->tuples == 0)
            return no_tuple(lg, st, k);
        for (int j = 0; j < c->n; j++) {
            uint64_t out = lg->cand[c->cells[j]] & ~in->cell[j];
            for (; out; out &= out - 1)
                remove_cand(lg, c->cells[j], grid_low_digit(out));
        }
        if (lg->n_rm) {
            st->tech = MATHDOKU_TECH_CAGE_CELLS;
            if (!lg->quiet) {
                say_cage(lg, st, k);
                /* tuples are orderings, combos the sets of digits */
                say(st, ": in the %ld way%s left to fill it (cell by cell; "
                    "of the digits %s)", in->tuples,
                    in->tuples == 1 ? "" : "s", in->combos);
                for (int j = 0, first = 1; j < c->n; j++) {
                    int lost = 0;
                    for (int a = 0; a < lg->n_rm; a++)
                        lost |= lg->rc[a] == c->cells[j];
                    if (!lost)
                        continue;
                    say(st, first ? ", %s takes only " : ", %s only ",
                        cell_name(lg, c->cells[j], name));
                    say_digits(st, in->cell[j] & lg->all);
                    first = 0;
                }
                say(st, ": remove ");
                say_removals(lg, st);
            }
            return 1;
        }
    }
    return 0;
}

/* Hard: a digit that every tuple puts in one line of the cage leaves the
 * rest of that line. */
static int cage_line(mathdoku_logic *lg, mathdoku_step *st)
{
    const mathdoku *p = lg->p;
    int N = lg->N;
    char ln[24];
    for (int k = 0; k < p->n_cages; k++) {
        cage_info *in = analyse(lg, k);
        if (in->known && in->tuples == 0)
            return no_tuple(lg, st, k);
        for (int l = 0; l < in->n_lines; l++) {
            uint64_t need = in->need[l];
            if (!need)
                continue;
            int line = in->line[l];
            for (int t = 0; t < N; t++) {
                int i = line_cell(lg, line, t);
                if (p->cage_of[i] == k)
                    continue;
                for (uint64_t x = lg->cand[i] & need; x; x &= x - 1)
                    remove_cand(lg, i, grid_low_digit(x));
            }
            if (lg->n_rm) {
                st->tech = MATHDOKU_TECH_CAGE_LINE;
                if (!lg->quiet) {
                    say_cage(lg, st, k);
                    say(st, ": every way left to fill it puts ");
                    say_digits(st, need);
                    say(st, " in %s, so %s the rest of %s: remove ",
                        line_name(lg, line, ln),
                        grid_popcount(need) > 1 ? "they leave" : "it leaves",
                        ln);
                    say_removals(lg, st);
                }
                return 1;
            }
        }
    }
    return 0;
}

/* ---- subsets in rows and columns ---------------------------------------- */

/* Calls fn for each choice of k of the m masks (indices ascending, from
 * `from`) whose union has at most k bits, until fn returns non-zero. */
typedef int (*combo_fn)(mathdoku_logic *lg, mathdoku_step *st, void *ctx,
                        const int *pick, uint64_t uni);

static int combos(const uint64_t *mask, int m, int k, int from, int depth,
                  uint64_t acc, int *pick, combo_fn fn, mathdoku_logic *lg,
                  mathdoku_step *st, void *ctx)
{
    if (grid_popcount(acc) > k)
        return 0;
    if (depth == k)
        return fn(lg, st, ctx, pick, acc);
    for (int a = from; a <= m - (k - depth); a++) {
        pick[depth] = a;
        int got = combos(mask, m, k, a + 1, depth + 1, acc | mask[a], pick,
                         fn, lg, st, ctx);
        if (got)
            return got;
    }
    return 0;
}

typedef struct subset_ctx {
    int line, k, hidden, n;
    int cells[64];      /* the line's empty cells */
    int digit[64];      /* hidden: the digit of each mask */
} subset_ctx;

static int try_subset(mathdoku_logic *lg, mathdoku_step *st, void *vctx,
                      const int *pick, uint64_t uni)
{
    subset_ctx *x = vctx;
    int k = x->k, n = x->n;
    char ln[24], name[16];
    if (grid_popcount(uni) < k) {
        if (!lg->quiet)
            say(st, "%s: %d %s with only %d %s", line_name(lg, x->line, ln),
                k, x->hidden ? "digits" : "cells", grid_popcount(uni),
                x->hidden ? "places" : "digits");
        return -1;
    }
    static const mathdoku_technique naked[] = {
        MATHDOKU_TECH_NAKED_PAIR, MATHDOKU_TECH_NAKED_TRIPLE, MATHDOKU_TECH_NAKED_SET
    };
    static const mathdoku_technique hid[] = {
        MATHDOKU_TECH_HIDDEN_PAIR, MATHDOKU_TECH_HIDDEN_TRIPLE, MATHDOKU_TECH_HIDDEN_SET
    };
    mathdoku_technique tech = (x->hidden ? hid : naked)[k < 4 ? k - 2 : 2];
    if (!uses(lg, tech))
        return 0;
    uint64_t chosen = 0, keep = 0;
    for (int a = 0; a < k; a++) {
        chosen |= 1ULL << pick[a];
        if (x->hidden)
            keep |= grid_digit_bit(x->digit[pick[a]]);
    }
    if (!x->hidden) {
        /* k cells hold k digits: these leave the line's other cells */
        for (int a = 0; a < n; a++)
            if (!(chosen & (1ULL << a)))
                for (uint64_t y = lg->cand[x->cells[a]] & uni; y; y &= y - 1)
                    remove_cand(lg, x->cells[a], grid_low_digit(y));
    } else {
        /* k digits have k places: those cells hold nothing else */
        for (int a = 0; a < n; a++)
            if (uni & (1ULL << a))
                for (uint64_t y = lg->cand[x->cells[a]] & ~keep; y;
                     y &= y - 1)
                    remove_cand(lg, x->cells[a], grid_low_digit(y));
    }
    if (!lg->n_rm)
        return 0;
    st->tech = tech;
    if (lg->quiet)
        return 1;
    static const char *const words[] = { "pair", "triple" };
    if (k < 4)
        say(st, "%s %s ", x->hidden ? "hidden" : "naked", words[k - 2]);
    else
        say(st, "%s set of %d ", x->hidden ? "hidden" : "naked", k);
    if (!x->hidden) {
        say_digits(st, uni);
        say(st, " in");
        for (int a = 0; a < k; a++)
            say(st, "%s %s", a ? (a == k - 1 ? " and" : ",") : "",
                cell_name(lg, x->cells[pick[a]], name));
        say(st, " of %s: these cells hold these digits, which leave the "
            "rest of the line: remove ", line_name(lg, x->line, ln));
    } else {
        say_digits(st, keep);
        say(st, " in %s: only", line_name(lg, x->line, ln));
        int shown = 0;
        for (int a = 0; a < n; a++)
            if (uni & (1ULL << a))
                say(st, "%s %s", shown++ ? (shown == k ? " and" : ",") : "",
                    cell_name(lg, x->cells[a], name));
        say(st, " can hold them, so these cells hold nothing else: "
            "remove ");
    }
    say_removals(lg, st);
    return 1;
}

/* Naked (hidden) subsets of k cells (digits) in line.  A naked subset of
 * k cells is a hidden one of the other n-k, so sizes up to n/2 of both
 * kinds find all of latin.c's set eliminations in rows and columns. */
static int subset_in_line(mathdoku_logic *lg, mathdoku_step *st, int line,
                          int k, int hidden)
{
    int N = lg->N;
    subset_ctx x;
    x.line = line;
    x.k = k;
    x.hidden = hidden;
    x.n = 0;
    uint64_t digits = 0;
    for (int t = 0; t < N; t++) {
        int i = line_cell(lg, line, t);
        if (!lg->grid[i]) {
            x.cells[x.n++] = i;
            digits |= lg->cand[i];
        }
    }
    if (k > x.n - 2)
        return 0;
    uint64_t mask[64];
    int m = 0, pick[64];
    if (!hidden) {
        for (int a = 0; a < x.n; a++)
            mask[m++] = lg->cand[x.cells[a]];
    } else {
        for (uint64_t y = digits; y; y &= y - 1) {
            int d = grid_low_digit(y);
            uint64_t where = 0;
            for (int a = 0; a < x.n; a++)
                if (lg->cand[x.cells[a]] & grid_digit_bit(d))
                    where |= 1ULL << a;
            x.digit[m] = d;
            mask[m++] = where;
        }
    }
    return combos(mask, m, k, 0, 0, 0, pick, try_subset, lg, st, &x);
}

/* Pairs in every line, then triples, and so on; both kinds of a size
 * before the next size.  Lines where nothing was found stay skipped until
 * one of their cells changes. */
static int subsets(mathdoku_logic *lg, mathdoku_step *st)
{
    int N = lg->N;
    for (int k = 2; k <= N / 2; k++)
        for (int hidden = 0; hidden < 2; hidden++)
            for (int line = 0; line < 2 * N; line++) {
                if (lg->line_clean[line] & 1)
                    continue;
                int got = subset_in_line(lg, st, line, k, hidden);
                if (got)
                    return got;
            }
    for (int line = 0; line < 2 * N; line++)
        lg->line_clean[line] |= 1;
    return 0;
}

/* ---- fish --------------------------------------------------------------- */

typedef struct fish_ctx {
    int d, k, by_col;
    int base[64];       /* the base lines (rows, or columns when by_col) */
} fish_ctx;

static int try_fish(mathdoku_logic *lg, mathdoku_step *st, void *vctx,
                    const int *pick, uint64_t uni)
{
    fish_ctx *x = vctx;
    int N = lg->N, d = x->d, k = x->k, by_col = x->by_col;
    if (grid_popcount(uni) < k) {
        if (!lg->quiet)
            say(st, "%d has %d %s but only %d places across them", d, k,
                by_col ? "columns" : "rows", grid_popcount(uni));
        return -1;
    }
    mathdoku_technique tech = k == 2 ? MATHDOKU_TECH_X_WING
                            : k == 3 ? MATHDOKU_TECH_SWORDFISH
                                     : MATHDOKU_TECH_FISH;
    if (!uses(lg, tech))
        return 0;
    uint64_t chosen = 0;
    for (int a = 0; a < k; a++)
        chosen |= 1ULL << x->base[pick[a]];
    for (uint64_t y = uni; y; y &= y - 1) {
        int cross = grid_low_digit(y) - 1;
        for (int b = 0; b < N; b++) {
            int i = by_col ? cross * N + b : b * N + cross;
            if (!(chosen & (1ULL << b)) && !lg->grid[i])
                remove_cand(lg, i, d);
        }
    }
    if (!lg->n_rm)
        return 0;
    st->tech = tech;
    if (lg->quiet)
        return 1;
    char ln[24];
    if (k == 2)
        say(st, "X-wing on %d: ", d);
    else if (k == 3)
        say(st, "swordfish on %d: ", d);
    else
        say(st, "fish of %d lines on %d: ", k, d);
    for (int a = 0; a < k; a++)
        say(st, "%s%s", a ? (a == k - 1 ? " and " : ", ") : "",
            line_name(lg, (by_col ? N : 0) + x->base[pick[a]], ln));
    say(st, " have %d only in", d);
    int shown = 0;
    for (uint64_t y = uni; y; y &= y - 1)
        say(st, "%s %s", shown++ ? (shown == k ? " and" : ",") : "",
            line_name(lg, (by_col ? 0 : N) + grid_low_digit(y) - 1, ln));
    say(st, ", so %d leaves the rest of those %s: remove ", d,
        by_col ? "rows" : "columns");
    say_removals(lg, st);
    return 1;
}

/* For digit d: k rows (columns) whose places for d lie in k columns
 * (rows): d leaves those columns (rows) elsewhere.  latin.c's positional
 * set elimination, sizes up to n/2 in both directions. */
static int fishes(mathdoku_logic *lg, mathdoku_step *st)
{
    int N = lg->N;
    if (lg->fish_clean)
        return 0;
    for (int k = 2; k <= N / 2; k++)
        for (int d = 1; d <= N; d++)
            for (int by_col = 0; by_col < 2; by_col++) {
                fish_ctx x;
                uint64_t mask[64];
                int m = 0, pick[64];
                x.d = d;
                x.k = k;
                x.by_col = by_col;
                for (int b = 0; b < N; b++) {
                    uint64_t where = 0;
                    int placed = 0;
                    for (int t = 0; t < N; t++) {
                        int i = by_col ? t * N + b : b * N + t;
                        if (lg->grid[i] == d)
                            placed = 1;
                        else if (!lg->grid[i] &&
                                 (lg->cand[i] & grid_digit_bit(d)))
                            where |= 1ULL << t;
                    }
                    if (!placed) {
                        x.base[m] = b;
                        mask[m++] = where;
                    }
                }
                if (k > m - 2)
                    continue;
                int got = combos(mask, m, k, 0, 0, 0, pick, try_fish, lg, st,
                                 &x);
                if (got)
                    return got;
            }
    lg->fish_clean = 1;
    return 0;
}

/* ---- forcing chains (latin.c's) ----------------------------------------- */

/*
 * From a cell with two candidates {a, b}, suppose it is not n (so it is
 * the other): each cell in line with the last one that has exactly two
 * candidates, one of them the digit the last cell was forced to, is
 * forced to its other one.  When a cell of the chain is forced to n, a
 * cell in line with both it and the first cell cannot be n: either the
 * first cell is n, or the chain makes this one n.  Breadth first, as in
 * Tatham's latin.c, so that the chains found are the shortest.
 */
static int forcing_chain(mathdoku_logic *lg, mathdoku_step *st)
{
    int N = lg->N, NN = lg->NN;
    int *queue = lg->queue, *prev = lg->prev, *number = lg->number;
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            int start = y * N + x;
            if (lg->grid[start] || grid_popcount(lg->cand[start]) != 2)
                continue;
            for (uint64_t two = lg->cand[start]; two; two &= two - 1) {
                int orig = grid_low_digit(two);
                for (int i = 0; i < NN; i++)
                    number[i] = 0;
                int head = 0, tail = 0;
                queue[tail++] = start;
                prev[start] = -1;
                number[start] = grid_low_digit(lg->cand[start] &
                                               ~grid_digit_bit(orig));
                while (head < tail) {
                    int cur = queue[head++], cy = cur / N, cx = cur % N;
                    int currn = number[cur];
                    for (int e = 0; e < 2 * N; e++) {
                        int nb = e < N ? e * N + cx : cy * N + (e - N);
                        if (number[nb] || nb == cur ||
                            !(lg->cand[nb] & grid_digit_bit(currn)))
                            continue;
                        if (!lg->grid[nb] && grid_popcount(lg->cand[nb]) == 2) {
                            queue[tail++] = nb;
                            prev[nb] = cur;
                            number[nb] = grid_low_digit(
                                lg->cand[nb] & ~grid_digit_bit(currn));
                        }
                        if (currn == orig && (nb % N == x || nb / N == y)) {
                            remove_cand(lg, nb, orig);
                            st->tech = MATHDOKU_TECH_FORCING_CHAIN;
                            if (!lg->quiet) {
                                char name[16], name2[16], name3[16];
                                say(st, "forcing chain: if %s is not %d, ",
                                    cell_name(lg, start, name), orig);
                                /* the chain, from its start */
                                int path[64 * 64], np = 0;
                                for (int c = cur; c >= 0 && np < NN;
                                     c = prev[c])
                                    path[np++] = c;
                                for (int a = np - 1; a >= 0; a--)
                                    say(st, "%s%s = %d", a == np - 1 ? ""
                                                                     : ", ",
                                        cell_name(lg, path[a], name),
                                        number[path[a]]);
                                say(st, "; so %s or %s is %d, and %s is in "
                                    "line with both: remove ",
                                    cell_name(lg, start, name),
                                    cell_name(lg, cur, name2), orig,
                                    cell_name(lg, nb, name3));
                                say_removals(lg, st);
                            }
                            return 1;
                        }
                    }
                }
            }
        }
    return 0;
}

/* ---- the remainder of a line (ours) ------------------------------------- */

typedef struct remainder_ctx {
    uint64_t *cell;
    int n;
    long count;
} remainder_ctx;

static int on_remainder(void *ctx, const int *d)
{
    remainder_ctx *r = ctx;
    r->count++;
    for (int j = 0; j < r->n; j++)
        r->cell[j] |= grid_digit_bit(d[j]);
    return 0;
}

/* The cages wholly inside line (with its placed cells) give a sum (a
 * product); the line's other cells make up the rest of N(N+1)/2 (of N!). */
static int remainder_in_line(mathdoku_logic *lg, mathdoku_step *st, int line,
                             int product)
{
    const mathdoku *p = lg->p;
    int N = lg->N;
    long long known = product ? 1 : 0, total = product ? 1 : 0;
    for (int d = 1; d <= N; d++)
        total = product ? total * d : total + d;
    int rest[64], n = 0, inside_cages = 0;
    unsigned char *covered = (unsigned char *)lg->tcells;
    for (int t = 0; t < N; t++)
        covered[t] = 0;
    for (int t = 0; t < N; t++) {
        int i = line_cell(lg, line, t), k = p->cage_of[i];
        const mathdoku_cage *c = &p->cages[k];
        if (covered[t])
            continue;
        int inside = 1;
        for (int j = 0; j < c->n && inside; j++)
            inside = line < N ? c->cells[j] / N == line
                              : c->cells[j] % N == line - N;
        if (inside && c->n > 1 &&
            c->op == (product ? MATHDOKU_MUL : MATHDOKU_ADD)) {
            known = product ? known * c->target : known + c->target;
            for (int j = 0; j < c->n; j++)
                covered[line < N ? c->cells[j] % N : c->cells[j] / N] = 1;
            inside_cages++;
        }
    }
    for (int t = 0; t < N; t++) {
        int i = line_cell(lg, line, t);
        if (covered[t])
            continue;
        if (lg->grid[i])
            known = product ? known * lg->grid[i] : known + lg->grid[i];
        else
            rest[n++] = i;
    }
    if (!inside_cages || n == 0)
        return 0;
    if (product ? known == 0 || total % known != 0 : known > total) {
        if (!lg->quiet) {
            char ln[24];
            say(st, "%s: its cages and digits exceed the line's %s",
                line_name(lg, line, ln), product ? "product" : "sum");
        }
        return -1;
    }
    mathdoku_cage v;
    memset(&v, 0, sizeof v);
    v.op = product ? MATHDOKU_MUL : MATHDOKU_ADD;
    v.target = product ? total / known : total - known;
    v.n = n;
    v.cells = rest;
    uint64_t got[64] = { 0 };
    for (int j = 0; j < n; j++)
        lg->tcand[j] = lg->cand[rest[j]];
    remainder_ctx rc = { got, n, 0 };
    if (mathdoku_cage_tuples(N, &v, &lg->rules, lg->tcand, REMAINDER_BUDGET,
                             on_remainder, &rc) != 0)
        return 0;
    if (rc.count == 0) {
        if (!lg->quiet) {
            char ln[24];
            say(st, "%s: no digits left make up its remainder",
                line_name(lg, line, ln));
        }
        return -1;
    }
    for (int j = 0; j < n; j++)
        for (uint64_t x = lg->cand[rest[j]] & ~got[j]; x; x &= x - 1)
            remove_cand(lg, rest[j], grid_low_digit(x));
    if (!lg->n_rm)
        return 0;
    st->tech = MATHDOKU_TECH_LINE_REMAINDER;
    if (!lg->quiet) {
        char ln[24], name[16];
        say(st, "%s %s to %lld, and the %s cages inside it (with its placed "
            "digits) to %lld, so", line_name(lg, line, ln),
            product ? "multiplies" : "adds up", total,
            product ? "*" : "+", known);
        for (int j = 0; j < n; j++)
            say(st, "%s %s", j ? (j == n - 1 ? " and" : ",") : "",
                cell_name(lg, rest[j], name));
        say(st, " %s %lld: remove ", product ? "multiply to" : "add up to",
            v.target);
        say_removals(lg, st);
    }
    return 1;
}

static int remainders(mathdoku_logic *lg, mathdoku_step *st)
{
    int N = lg->N;
    for (int line = 0; line < 2 * N; line++) {
        if (lg->line_clean[line] & 2)
            continue;
        for (int product = 0; product < 2; product++) {
            if (product && N > 20)
                break; /* N! beyond 64 bits */
            int got = remainder_in_line(lg, st, line, product);
            if (got)
                return got;
        }
        lg->line_clean[line] |= 2;
    }
    return 0;
}

/* ---- guessing ----------------------------------------------------------- */

static int guess(mathdoku_logic *lg, mathdoku_step *st)
{
    if (!lg->solution && !lg->solution_failed) {
        dlx_diag err;
        mathdoku_solver *sv = NULL;
        int built = mathdoku_solver_new(lg->p, &lg->rules, NULL, &sv, &err);
        int *sol = malloc((size_t)lg->NN * sizeof *sol);
        grid_limits lim = { 0 };
        lim.max_solutions = 1;
        grid_outcome out;
        if (built == MATHDOKU_OK && sol &&
            mathdoku_solve_dlx(sv, &lim, sol, &out) == MATHDOKU_OK &&
            out.solutions == 1) {
            lg->solution = sol;
        } else {
            free(sol);
            lg->solution_failed = 1;
        }
        mathdoku_solver_free(sv);
    }
    if (!lg->solution) {
        if (!lg->quiet)
            say(st, "no solution to guess from");
        return -1;
    }
    int best = -1;
    for (int i = 0; i < lg->NN; i++)
        if (!lg->grid[i] &&
            (best < 0 ||
             grid_popcount(lg->cand[i]) < grid_popcount(lg->cand[best])))
            best = i;
    if (best < 0)
        return 0;
    int d = lg->solution[best];
    if (!(lg->cand[best] & grid_digit_bit(d))) {
        if (!lg->quiet)
            say(st, "the solution's %d is not a candidate of this cell", d);
        return -1;
    }
    uint64_t was = lg->cand[best];
    place(lg, best, d);
    st->tech = MATHDOKU_TECH_GUESS;
    st->cell = best;
    st->digit = d;
    if (!lg->quiet) {
        char name[16];
        say(st, "%s = %d: a guess, no technique applies; of its candidates ",
            cell_name(lg, best, name), d);
        say_digits(st, was);
        say(st, " the Dancing Links solution has %d", d);
    }
    return 1;
}

/* ---- the step ----------------------------------------------------------- */

mathdoku_logic_status mathdoku_logic_step(mathdoku_logic *lg,
                                          mathdoku_step *st)
{
    memset(st, 0, sizeof *st);
    st->cell = -1;
    lg->n_rm = 0;
    lg->failed = 0;
    int full = 1;
    for (int i = 0; i < lg->NN; i++) {
        if (!lg->cand[i]) {
            if (!lg->quiet) {
                char name[16];
                say(st, "%s has no candidate left",
                    cell_name(lg, i, name));
            }
            return MATHDOKU_LOGIC_CONTRADICTION;
        }
        full &= lg->grid[i] != 0;
    }
    if (full) {
        char why[256];
        if (mathdoku_check(lg->p, &lg->rules, lg->grid, why,
                           sizeof why) != 0) {
            if (!lg->quiet)
                say(st, "the grid is full but wrong: %s", why);
            return MATHDOKU_LOGIC_CONTRADICTION;
        }
        return MATHDOKU_LOGIC_SOLVED;
    }
    int got = 0;
    if (uses(lg, MATHDOKU_TECH_NAKED_SINGLE))
        got = naked_single(lg, st);
    if (!got && uses(lg, MATHDOKU_TECH_HIDDEN_SINGLE))
        got = hidden_single(lg, st);
    if (!got && uses(lg, MATHDOKU_TECH_CAGE_DIGITS))
        got = cage_digits(lg, st);
    if (!got && uses(lg, MATHDOKU_TECH_CAGE_CELLS))
        got = cage_cells(lg, st);
    if (!got && uses(lg, MATHDOKU_TECH_CAGE_LINE))
        got = cage_line(lg, st);
    if (!got && (uses(lg, MATHDOKU_TECH_NAKED_PAIR) ||
                 uses(lg, MATHDOKU_TECH_HIDDEN_PAIR) ||
                 uses(lg, MATHDOKU_TECH_NAKED_TRIPLE) ||
                 uses(lg, MATHDOKU_TECH_HIDDEN_TRIPLE) ||
                 uses(lg, MATHDOKU_TECH_NAKED_SET) || uses(lg, MATHDOKU_TECH_HIDDEN_SET)))
        got = subsets(lg, st);
    if (!got && (uses(lg, MATHDOKU_TECH_X_WING) || uses(lg, MATHDOKU_TECH_SWORDFISH) ||
                 uses(lg, MATHDOKU_TECH_FISH)))
        got = fishes(lg, st);
    if (!got && uses(lg, MATHDOKU_TECH_FORCING_CHAIN))
        got = forcing_chain(lg, st);
    if (!got && uses(lg, MATHDOKU_TECH_LINE_REMAINDER))
        got = remainders(lg, st);
    if (!got && uses(lg, MATHDOKU_TECH_GUESS))
        got = guess(lg, st);
    if (lg->failed)
        return MATHDOKU_LOGIC_NOMEM;
    st->n_removed = lg->n_rm;
    st->removed_cell = lg->rc;
    st->removed_digit = lg->rd;
    /* a finder gives 1 for a step, 0 for none, -1 for a contradiction */
    return got == 0 ? MATHDOKU_LOGIC_STUCK : (mathdoku_logic_status)got;
}

/* ---- the candidate grid ------------------------------------------------- */

void mathdoku_logic_write_candidates(FILE *f, const mathdoku_logic *lg)
{
    int N = lg->N, NN = lg->NN, width = 1;
    for (int i = 0; i < NN; i++) {
        int w = lg->grid[i] ? (lg->grid[i] > 9 ? 4 : 3) : 0;
        if (!lg->grid[i])
            for (uint64_t x = lg->cand[i]; x; x &= x - 1)
                w += grid_low_digit(x) > 9 ? (w ? 3 : 2) : (N > 9 && w ? 2 : 1);
        if (w > width)
            width = w;
    }
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            int i = r * N + c;
            char buf[256];
            int len = 0;
            if (lg->grid[i]) {
                len = snprintf(buf, sizeof buf, "[%d]", lg->grid[i]);
            } else {
                for (uint64_t x = lg->cand[i]; x && len < 200; x &= x - 1)
                    len += snprintf(buf + len, sizeof buf - (size_t)len,
                                    N > 9 && len ? ",%d" : "%d",
                                    grid_low_digit(x));
            }
            /* a bar where the cage changes */
            int border = c + 1 < N &&
                         lg->p->cage_of[i] != lg->p->cage_of[i + 1];
            fprintf(f, "%-*s%s", width, buf,
                    c + 1 < N ? (border ? " | " : "   ") : "\n");
        }
        if (r + 1 < N) {
            for (int c = 0; c < N; c++) {
                int i = r * N + c;
                int border = lg->p->cage_of[i] != lg->p->cage_of[i + N];
                for (int w = 0; w < width; w++)
                    fputc(border ? '-' : ' ', f);
                if (c + 1 < N)
                    fputs("   ", f);
            }
            fputc('\n', f);
        }
    }
}

/* ---- grading ------------------------------------------------------------ */

int mathdoku_rate(const mathdoku *p, const mathdoku_rules *rules,
                  const int *solution, int *used)
{
    mathdoku_logic *lg = mathdoku_logic_new(p, rules, solution);
    if (!lg)
        return -2;
    lg->quiet = 1;
    if (used)
        memset(used, 0, MATHDOKU_TECH_COUNT * sizeof *used);
    int grade = MATHDOKU_GRADE_EASY, got;
    mathdoku_step st;
    while ((got = mathdoku_logic_step(lg, &st)) == MATHDOKU_LOGIC_STEP) {
        int g = mathdoku_technique_grade(st.tech);
        if (g > grade)
            grade = g;
        if (used)
            used[st.tech]++;
        else if (st.tech == MATHDOKU_TECH_GUESS)
            break;
    }
    mathdoku_logic_free(lg);
    if (got < 0)
        return got;
    return grade;
}
