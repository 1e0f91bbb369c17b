/*
 * test_sudoku_logic.c - the logic solver: every step sound against the DLX
 * solution, ratings monotone, each technique on a published position with
 * its exact eliminations, and the reject-list method against the named
 * techniques; each step the one a fresh solver takes from the same
 * position, and the quiet steps the same.
 *
 * Usage: test_sudoku_logic DATA_DIR   (tests/data)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku_grid.h"
#include "sudoku_logic.h"
#include "sudoku_solve.h"
#include "sudoku_fixtures.h"

/* ---- the logic solver ------------------------------------------------------ */

/* Every step of every puzzle of a slice is sound against the DLX solution
 * (placements are its digits, removals never its digits), and the steps
 * end in that solution.  Counts the techniques used. */
static void logic_sound(const char *name, sudoku_logic_method method,
                        int *used, int *unaided)
{
    data_file d;
    if (!data_open(&d, name)) {
        data_close(&d);
        return;
    }
    sudoku sol;
    sudoku_init(&sol);
    const sudoku *s;
    int puzzles = 0, wrong_place = 0, wrong_removal = 0, unfinished = 0;
    int idle = 0;
    while ((s = data_next(&d)) != NULL) {
        int N = s->shape.N;
        grid_limits lim = { .max_solutions = 1 };
        grid_outcome out;
        sudoku_solve_dlx(d.sv, s, &lim, &sol, &out);
        sudoku_logic *lg = sudoku_logic_new(s, method);
        sudoku_step st;
        int got, steps = 0, guesses = 0;
        while ((got = sudoku_logic_step(lg, d.sv, &st)) == 1 &&
               steps++ < 10 * N * N) {
            used[st.tech]++;
            guesses += st.tech == SUDOKU_TECH_GUESS;
            if (st.cell >= 0 && sol.cell[st.cell] != st.digit)
                wrong_place++;
            for (int k = 0; k < st.n_removed; k++)
                wrong_removal += sol.cell[st.removed_cell[k]] ==
                                 st.removed_digit[k];
            idle += st.text[0] == '\0' || (st.cell < 0 && !st.n_removed);
        }
        unfinished += got != 0 ||
                      memcmp(sudoku_logic_grid(lg)->cell, sol.cell,
                             (size_t)N * N) != 0;
        *unaided += guesses == 0;
        sudoku_logic_free(lg);
        puzzles++;
    }
    CHECK(puzzles > 0 && wrong_place == 0 && wrong_removal == 0,
          "%s: %d wrong placements, %d wrong removals", name, wrong_place,
          wrong_removal);
    CHECK(unfinished == 0, "%s: %d puzzles not explained to the end", name,
          unfinished);
    CHECK(idle == 0, "%s: %d steps that do nothing", name, idle);
    sudoku_release(&sol);
    data_close(&d);
}

/* Runs the logic solver on a puzzle with only the techniques in allowed;
 * returns sudoku_logic_step's final code (0 solved, 2 stuck) and the
 * hardest technique used. */
static int run_allowed(const sudoku *s, sudoku_solver *sv, uint32_t allowed,
                       int *hardest)
{
    sudoku_logic *lg = sudoku_logic_new(s, SUDOKU_LOGIC_TECHNIQUES);
    sudoku_logic_set_techniques(lg, allowed);
    sudoku_step st;
    int got, steps = 0, N = s->shape.N;
    *hardest = -1;
    while ((got = sudoku_logic_step(lg, sv, &st)) == 1 &&
           steps++ < 10 * N * N)
        if ((int)st.tech > *hardest)
            *hardest = (int)st.tech;
    sudoku_logic_free(lg);
    return got;
}

/*
 * Ratings are monotone: a puzzle rated at a level is solved, without a
 * guess, by that level's techniques and those below it, and not by the
 * levels below alone.  The restricted runs take other paths than the
 * full one (each stops where its techniques run out), so this checks
 * that a harder technique is only ever reached for when the simpler ones
 * cannot finish; in particular a puzzle that singles alone solve is rated
 * easy, the lowest level.
 */
static void ratings_monotone(const char *name, int limit, int *per_level)
{
    data_file d;
    if (!data_open(&d, name)) {
        data_close(&d);
        return;
    }
    const sudoku *s;
    int bad = 0, n = 0;
    while (n < limit && (s = data_next(&d)) != NULL) {
        int hardest;
        run_allowed(s, d.sv, ~0u, &hardest);
        sudoku_grade level = sudoku_technique_grade(
            hardest < 0 ? SUDOKU_TECH_FULL_HOUSE : (sudoku_technique)hardest);
        per_level[level]++;
        for (int k = 0; k < SUDOKU_GRADE_GUESSING; k++) {
            uint32_t allowed = sudoku_grade_techniques((sudoku_grade)k);
            int h, got = run_allowed(s, d.sv, allowed, &h);
            int solved = got == 0;
            if (solved != ((int)level <= k)) {
                if (bad++ < 5)
                    fprintf(stderr, "%s:%d: rated %s, but the %s "
                            "techniques %s it\n", name, d.src.line,
                            sudoku_grade_name(level),
                            sudoku_grade_name((sudoku_grade)k),
                            solved ? "solve" : "do not solve");
            }
        }
        n++;
    }
    CHECK(n > 0 && bad == 0, "%s: %d of %d puzzles rated out of order", name,
          bad, n);
    data_close(&d);
}

/*
 * Simon Tatham's Solo grades its puzzles by the techniques its own solver
 * needs (tatham-solo.tsv: 200 IDs with the grade Solo printed).  Solo
 * solves Trivial to Extreme without guessing, so must we: in particular
 * its Extreme ones, which need its forcing chains.  Each step is also
 * checked against the solution listed with the ID, from Solo.
 */
static void tatham_grades(void)
{
    FILE *f = open_data("tatham-solo.tsv");
    if (!f)
        return;
    char line[4096];
    sudoku s;
    sudoku_init(&s);
    sudoku_solver *sv = NULL;
    sudoku_shape cur = { 0, 0, 0 };
    sudoku_read_options opt = { .layout = SUDOKU_LAYOUT_TATHAM };
    int lineno = 0, extreme = 0, guessed = 0, wrong = 0;
    unsigned char listed[SUDOKU_MAX_ORDER * SUDOKU_MAX_ORDER];
    while (fgets(line, sizeof line, f)) {
        if (++lineno == 1)
            continue; /* header */
        char *id = strtok(line, "\t"), *grade = strtok(NULL, "\t"),
             *sol = strtok(NULL, "\t\n");
        dlx_diag err;
        if (sudoku_read_string(id, &opt, &s, &err) != 0) {
            CHECK(0, "tatham-solo.tsv:%d: %s", lineno, err.message);
            continue;
        }
        int N = s.shape.N;
        for (int i = 0; i < N * N; i++) {
            listed[i] = (unsigned char)strtol(sol, &sol, 10);
            if (*sol == ',')
                sol++;
        }
        if (!sv || cur.R != s.shape.R || cur.C != s.shape.C) {
            sudoku_solver_free(sv);
            sv = sudoku_solver_new(s.shape);
            cur = s.shape;
        }
        if (!strncmp(grade, "Unreasonable", 12))
            continue;
        extreme += !strncmp(grade, "Extreme", 7);
        sudoku_logic *lg = sudoku_logic_new(&s, SUDOKU_LOGIC_TECHNIQUES);
        sudoku_step st;
        int got, guesses = 0;
        while ((got = sudoku_logic_step(lg, sv, &st)) == 1) {
            guesses += st.tech == SUDOKU_TECH_GUESS;
            if (st.cell >= 0 && listed[st.cell] != st.digit)
                wrong++;
            for (int k = 0; k < st.n_removed; k++)
                wrong += listed[st.removed_cell[k]] == st.removed_digit[k];
        }
        if (got != 0 || guesses) {
            guessed++;
            fprintf(stderr, "tatham-solo.tsv:%d (%.12s): %d guesses\n",
                    lineno, grade, guesses);
        }
        sudoku_logic_free(lg);
    }
    CHECK(extreme == 31, "%d Extreme IDs read", extreme);
    CHECK(guessed == 0, "%d Solo puzzles of Extreme grade or below need a "
          "guess", guessed);
    CHECK(wrong == 0, "%d steps against Solo's solutions", wrong);
    sudoku_solver_free(sv);
    sudoku_release(&s);
    fclose(f);
}

/* The cage techniques: checked on killer puzzles and killer_examples. */
static int killer_only(int t)
{
    return t == SUDOKU_TECH_CAGE_COMBINATION || t == SUDOKU_TECH_RULE_OF_45 ||
           t == SUDOKU_TECH_CAGE_OVERLAP || t == SUDOKU_TECH_RULE_OF_45_UNITS;
}

/* ---- the techniques on published positions ------------------------------- */

/*
 * Positions from HoDoKu's technique index (Bernhard Hobiger,
 * hodoku.sourceforge.net/en/show_example.php?file=NAME, GNU FDL 1.3), as
 * HoDoKu writes them for loading: the grid ('+' before a placed digit,
 * '.' empty), the candidates deleted before the step, and what the step
 * removes ("drc": digit, row, column), or places.  The candidates are
 * worked out here from the grid (no code under test), then the deleted
 * ones go.  Where no published example was at hand (naked pair and quad,
 * claiming) the position is hand-made: an empty grid whose few cells are
 * given the candidates that make the pattern, so that nothing simpler
 * applies.
 */
typedef struct example {
    const char *source;
    sudoku_technique tech;
    const char *grid;       /* NULL: empty grid, candidates from hand[] */
    const char *deleted;
    const char *removes;
    const char *places;
    const char *hand;       /* "rc:digits rc:digits ..." (hand-made) */
    int not_first;          /* a simpler technique of ours applies too */
} example;

static const example examples[] = {
    { "HoDoKu fh02", SUDOKU_TECH_FULL_HOUSE,
      "2.7.......8..9.....3.6..8....8.649..6+927853.4..132.5....9..1.2....."
      "4..9.......4.8", "", "", "158", NULL, 0 },
    { "HoDoKu n101", SUDOKU_TECH_NAKED_SINGLE,
      "4+127+36+5+8+9......+1.656+8.1.+37....+85.21.1.......8.87.9.....3..7.+8658"
      "...........9.84.1", "653 558 661 582 782 982 583 983", "", "667",
      NULL, 0 },
    { "HoDoKu h101", SUDOKU_TECH_HIDDEN_SINGLE,
      ".+28..7....16.83.+7.....+2.+8511+3729.......+7+3........463.729..+7......"
      ".86.14....3..7..", "", "", "634", NULL, 0 },
    { "HoDoKu lc101", SUDOKU_TECH_POINTING,
      "984........+25...4...+1+9.+4..2..6.972+3...3+6.2...+2.+9.+3+5+61.+1+95+76+8+4"
      "+234+27+35189+6+63+8..97+5+1", "", "537", NULL, NULL, 0 },
    { "HoDoKu lc102", SUDOKU_TECH_POINTING,
      "34...6.7..8....93...2.+3..6.....1.....97+3+6+485......2..........."
      "....6.8.9....923785", "", "171 172 173 177 178 179", NULL, NULL, 0 },
    { "hand-made: 1 in row 1 only in box 1", SUDOKU_TECH_CLAIMING, NULL, "",
      "121 122 123 131 132 133", NULL,
      "13:23456789 14:23456789 15:23456789 16:23456789 17:23456789 "
      "18:23456789 19:23456789", 0 },
    { "hand-made: r1c1 and r1c5 hold only 1 and 2", SUDOKU_TECH_NAKED_PAIR,
      NULL, "", "112 113 114 116 117 118 119 212 213 214 216 217 218 219",
      NULL, "11:12 15:12", 0 },
    { "HoDoKu h202", SUDOKU_TECH_HIDDEN_PAIR,
      "....+6........4273+6..67+3..4..94....+6+8....96+4.+7+6.7.+5.+9231......85."
      "6..8.27+1..5.1..+9+4", "", "112 211 212 311 312 511 512 811 812 911",
      NULL, NULL, 0 },
    /* Leren, "Spotting a triple", forum.enjoysudoku.com (t33097): the
     * triple {2,4,9} in r4c4, r4c6, r4c7.  Here a hidden pair {1,8} in
     * row 4 applies too, which we rank simpler (as SudokuWiki does;
     * HoDoKu ranks naked triples first), hence the hand-made one after. */
    { "enjoysudoku t33097", SUDOKU_TECH_NAKED_TRIPLE,
      "2957..86..3186592.8.6........7.5...6...387...5...167.....5..1.9.2.6.."
      "35..54..8672", "141 151", "441 941 442 448 948", NULL, NULL, 1 },
    { "hand-made: r1c1, r1c4, r1c7 hold {1,2} {2,3} {1,3}",
      SUDOKU_TECH_NAKED_TRIPLE, NULL, "",
      "112 212 312 113 213 313 115 215 315 116 216 316 118 218 318 "
      "119 219 319", NULL, "11:12 14:23 17:13", 0 },
    { "HoDoKu h301", SUDOKU_TECH_HIDDEN_TRIPLE,
      "2+8....4+7+35+3+4+8+2+7+1+96.+71.34.8.+3..5...4....+3+4..+6.+46.79.+3+1..9."
      "2.+36+5+4..3..9+8+21....8.+937", "", "192 693", NULL, NULL, 0 },
    { "hand-made: row 1 holds {1,2} {2,3} {3,4} {1,4}", SUDOKU_TECH_NAKED_QUAD,
      NULL, "",
      "112 212 312 412 113 213 313 413 115 215 315 415 116 216 316 416 "
      "118 218 318 418", NULL, "11:12 14:23 17:34 19:14", 0 },
    { "HoDoKu h402", SUDOKU_TECH_HIDDEN_QUAD,
      ".3.....1...8.9....4..6.8......+57694....+9+8+352....124...2+76..+519...."
      "7.+9....95...47.", "121 151 361 861 485 299",
      "329 339 389 619 629 689 719 729 739 819 889", NULL, NULL, 0 },
    { "HoDoKu bf202", SUDOKU_TECH_X_WING,
      "9+8..627+5+3.+65..3...+3+2+7.+5...67+9..3.+5...+5...9...8+32.45..9+6+735+91"
      "+428+24+9.+8+7..5+51+8.+2...+7", "",
      "124 127 128 129 153 154 157 158 159", NULL, NULL, 0 },
    { "HoDoKu bf301", SUDOKU_TECH_SWORDFISH,
      "16.54+3.7..+78+6.1+43+5+43+58.+7+6.+17+2.+45+8.696..9+12.57...+3+7+6..+4.+1+6."
      "3..4.+3...+8..16..+71645.+3", "", "268 271", NULL, NULL, 0 },
    { "HoDoKu bf302", SUDOKU_TECH_SWORDFISH,
      "1.+8+5..+2345..3.2+178...8..+5+6+9+8..6.5+7+93..5+9..4+8+13....+86+5298.2.6"
      "+31.......+8.....78.9..", "",
      "432 433 435 462 463 465 482 483 485 492 493", NULL, NULL, 0 },
    { "HoDoKu xy01", SUDOKU_TECH_XY_WING,
      "+8..+36.+9....+9.1.863.+63.+89..+59+24+6+7+3+1+5+83+8+6+9+5+17+2457+182+4+3+9+6"
      "+4+3+2+1+9658+769+8+5+37......+24+8+63+9", "", "226", NULL, NULL, 0 },
    { "HoDoKu xy02", SUDOKU_TECH_XY_WING,
      "+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6"
      "+3+1254.....7..+6........3", "", "942 943 954 955 956", NULL, NULL, 0 },
    /* "Remote Pair: 4/5 r2c7 -5- r2c2 -4- r3c1 -5- r6c1 => r6c7<>5" */
    { "HoDoKu rp01", SUDOKU_TECH_REMOTE_PAIR,
      "+7+9845+2+3+16+6.3+7+81.+9+2.+1+2.+3.87.+3+7.+2+6+5.48+82.1+437+6..6.+89+7.+2+39+8"
      "..14+23+71.7.2+8.5.2...+7..+8+1", "", "567", NULL, NULL, 1 },
    /* "W-Wing: 4/1 in r1c9,r8c7 connected by 1 in r18c3 =>
     * r123c7,r89c9<>4" */
    { "HoDoKu w02", SUDOKU_TECH_W_WING,
      "6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54"
      "+1+76+8+3...5+6+2.....68+93...", "", "417 427 437 489 499", NULL, NULL,
      1 },
    /* "Uniqueness Test 1: 8/9 in r2c23,r6c23 => r2c2<>8, r2c2<>9" */
    { "HoDoKu u101", SUDOKU_TECH_UNIQUE_RECTANGLE,
      "+5.+2..896+71..7..+4+5+2.675..3+8+121+3+6+578+4+9+6+5489+1+2+737....4+6+15+821"
      "9...+34+3.+6....+9+8..+5.+8+3.26", "", "822 922", NULL, NULL, 1 },
    /* "Simple Colors Trap": 3 colours r1c9, r3c9, r8c1 out */
    { "HoDoKu sc01", SUDOKU_TECH_SIMPLE_COLOURING,
      "21+4..+6.....+79.+2..4...4.7.....+1+87..32..+26+9.....48.21..642.+7.986+1"
      "..91+68...1+86+2+4...9", "937 938 387 587 787 588 788 789",
      "319 339 381", NULL, NULL, 1 },
    /* "Skyscraper: 1 in r1c6,r3c9 (connected by r5c69) =>
     * r1c78,r3c45<>1", the shortest X-chain */
    { "HoDoKu sk01", SUDOKU_TECH_X_CHAIN,
      "+6+9+7.....+2..19+72.6+3..+3..679.9+12...6.+737+4+2+6.95.+8+65+7.+9.+2414+8+6+93"
      "+2+757.9.24..+6..+68.+7..+9", "", "117 118 134 135", NULL, NULL, 1 },
    /* Sadman Software, "Solving Sudoku - XY-Chain": r1c1 {1,3}, r1c5
     * {3,7}, r2c6 {6,7}, r2c8 {6,8}, r3c9 {1,8}; "if r1c1 = 3 then r1c5 =
     * 7, so r2c6 = 6, so r2c8 = 8, so r3c9 = 1": cells seeing both r1c1
     * and r3c9 lose 1 (the fragment, on an otherwise open grid) */
    { "sadmansoftware.com xychain", SUDOKU_TECH_XY_CHAIN, NULL, "",
      "117 118 119 131 132 133", NULL,
      "11:13 15:37 26:67 28:68 39:18", 0 },
    /* Sudoku Snake, "Finned X Wings": columns 1 and 6 hold 7 only in rows
     * 2 and 4, but for a fin in r5c6; "the 7 in r4c5 can be eliminated"
     * (their grid reduced to those places of 7, on an open grid) */
    { "sudokusnake.com finnedxwings", SUDOKU_TECH_FINNED_X_WING, NULL, "",
      "745", NULL,
      "11:12345689 31:12345689 51:12345689 61:12345689 71:12345689 "
      "81:12345689 91:12345689 16:12345689 36:12345689 66:12345689 "
      "76:12345689 86:12345689 96:12345689 44:12345689", 0 },
    /* "Forcing Chain Verity => r1c7=4" (from the three places of 1 in
     * row 4).  Ours, from the cell r1c7 {3,4}: "if r1c7 were 3, ... r4c9
     * would have no candidate left; so r1c7 <> 3", which leaves r1c7 = 4:
     * the same conclusion, as a removal */
    { "HoDoKu fcv03", SUDOKU_TECH_CELL_FORCING,
      "+27+1+896...+9+4352+768+1+8+56+3+147+9248.....2.+6+3.......51.......+3+9"
      "+5....7.+7+2+4.3+85.9168...+2+43", "", "317", NULL, NULL, 1 },
    { "hand-made: 7 in columns 1, 4, 7 only in rows 1, 4, 7, fin r8c7",
      SUDOKU_TECH_FINNED_SWORDFISH, NULL, "", "778 779", NULL,
      "21:12345689 31:12345689 51:12345689 61:12345689 81:12345689 "
      "91:12345689 14:12345689 24:12345689 34:12345689 54:12345689 "
      "64:12345689 84:12345689 94:12345689 27:12345689 37:12345689 "
      "47:12345689 57:12345689 67:12345689 97:12345689", 0 },
};

/* the position of an example: placed digits, and candidates */
static int example_position(const example *ex, sudoku *s, uint64_t *cand)
{
    sudoku_shape nine = { 3, 3, 9 };
    sudoku_set_shape(s, nine);
    memset(s->cell, 0, 81);
    int k = 0;
    for (const char *p = ex->grid ? ex->grid : ""; *p; p++) {
        if (*p == '+')
            continue;
        if (k == 81)
            return -1;
        s->cell[k++] = *p == '.' ? 0 : (unsigned char)(*p - '0');
    }
    if (ex->grid && k != 81)
        return -1;
    for (int i = 0; i < 81; i++) {
        cand[i] = 0;
        if (s->cell[i])
            continue;
        for (int d = 1; d <= 9; d++) {
            int free = 1;
            for (int j = 0; j < 81; j++) {
                int same = j / 9 == i / 9 || j % 9 == i % 9 ||
                           (j / 27 == i / 27 && j % 9 / 3 == i % 9 / 3);
                free &= !(same && s->cell[j] == d);
            }
            if (free)
                cand[i] |= 1ULL << (d - 1);
        }
    }
    for (const char *p = ex->deleted; *p; p += p[3] ? 4 : 3) {
        int d = p[0] - '0', i = (p[1] - '1') * 9 + p[2] - '1';
        cand[i] &= ~(1ULL << (d - 1));
    }
    for (const char *p = ex->hand ? ex->hand : ""; *p;) {
        int i = (p[0] - '1') * 9 + p[1] - '1';
        cand[i] = 0;
        for (p += 3; *p >= '1' && *p <= '9'; p++)
            cand[i] |= 1ULL << (*p - '1');
        while (*p == ' ')
            p++;
    }
    return 0;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* "drc drc" -> sorted codes d*100+cell */
static int removal_codes(const char *s, int *out)
{
    int n = 0;
    for (const char *p = s; *p; p += p[3] ? 4 : 3)
        out[n++] = (p[0] - '0') * 100 + (p[1] - '1') * 9 + p[2] - '1';
    qsort(out, (size_t)n, sizeof *out, cmp_int);
    return n;
}

static int step_codes(const sudoku_step *st, int *out)
{
    for (int k = 0; k < st->n_removed; k++)
        out[k] = st->removed_digit[k] * 100 + st->removed_cell[k];
    qsort(out, (size_t)st->n_removed, sizeof *out, cmp_int);
    return st->n_removed;
}

static void technique_examples(void)
{
    int n = (int)(sizeof examples / sizeof examples[0]);
    sudoku s;
    sudoku_init(&s);
    uint64_t cand[81];
    int covered[SUDOKU_TECH_COUNT] = { 0 };
    for (int e = 0; e < n; e++) {
        const example *ex = &examples[e];
        const char *name = sudoku_technique_name(ex->tech);
        CHECK(example_position(ex, &s, cand) == 0, "%s: grid", ex->source);
        /* nothing simpler applies */
        sudoku_logic *lg = sudoku_logic_from_position(&s, cand,
                                                      SUDOKU_LOGIC_TECHNIQUES);
        sudoku_logic_set_techniques(lg, (1u << ex->tech) - 1);
        sudoku_step st;
        int got = sudoku_logic_step(lg, NULL, &st);
        CHECK(got == 2 || ex->not_first, "%s (%s): a simpler step applies: "
              "%s", ex->source, name, st.text);
        sudoku_logic_free(lg);
        /* the technique alone gives exactly the published step */
        lg = sudoku_logic_from_position(&s, cand, SUDOKU_LOGIC_TECHNIQUES);
        sudoku_logic_set_techniques(lg, 1u << ex->tech);
        sudoku_logic_assume_unique(lg, 1); /* published: one solution */
        got = sudoku_logic_step(lg, NULL, &st);
        int want[100], have[100];
        int nw = removal_codes(ex->removes, want);
        int nh = got == 1 ? step_codes(&st, have) : -1;
        int same = got == 1 && st.tech == ex->tech && nh == nw &&
                   !memcmp(want, have, (size_t)nw * sizeof *want);
        if (ex->places) {
            int cell = (ex->places[1] - '1') * 9 + ex->places[2] - '1';
            same = same && st.cell == cell && st.digit == ex->places[0] - '0';
        }
        CHECK(same, "%s (%s): got %d: %s", ex->source, name, got, st.text);
        covered[ex->tech] += same;
        sudoku_logic_free(lg);
        /* the reject-list method, on the positions of singles and pairs,
         * takes the same step */
        if (ex->tech == SUDOKU_TECH_NAKED_SINGLE ||
            ex->tech == SUDOKU_TECH_HIDDEN_SINGLE ||
            ex->tech == SUDOKU_TECH_NAKED_PAIR ||
            ex->tech == SUDOKU_TECH_HIDDEN_PAIR) {
            lg = sudoku_logic_from_position(&s, cand,
                                            SUDOKU_LOGIC_REJECT_LIST);
            sudoku_logic_set_techniques(lg, ~(1u << SUDOKU_TECH_GUESS));
            got = sudoku_logic_step(lg, NULL, &st);
            nh = got == 1 ? step_codes(&st, have) : -1;
            same = got == 1 && st.tech == ex->tech && nh == nw &&
                   !memcmp(want, have, (size_t)nw * sizeof *want);
            if (ex->places) {
                int cell = (ex->places[1] - '1') * 9 + ex->places[2] - '1';
                same = same && st.cell == cell &&
                       st.digit == ex->places[0] - '0';
            }
            CHECK(same, "%s: reject list got %d: %s", ex->source, got,
                  st.text);
            sudoku_logic_free(lg);
        }
    }
    /* every named technique has its example, but unit forcing chains:
     * the cell forcing chains, tried first, reach what the published
     * unit forcing examples conclude; unit forcing is checked on Solo's
     * puzzles and the slices instead (below) */
    for (int t = 0; t < SUDOKU_TECH_GUESS; t++)
        if (t != SUDOKU_TECH_UNIT_FORCING && !killer_only(t))
            CHECK(covered[t] > 0, "no example passes for %s",
                  sudoku_technique_name(t));
    sudoku_release(&s);
}

/*
 * The reject-list method (its own code, counting over reject lists) and
 * the named techniques restricted to the same rules (full house, naked
 * and hidden singles, naked and hidden pairs) agree: at every position
 * along the reject list's way through a puzzle both find a step, of the
 * same kind (a placement while there is one), and where the reject list
 * stops the techniques stop too, on the same candidates.
 */
static void reject_agrees(const char *name, int limit, int *pair_steps)
{
    data_file d;
    if (!data_open(&d, name)) {
        data_close(&d);
        return;
    }
    const sudoku *s;
    uint32_t same_rules = 1u << SUDOKU_TECH_FULL_HOUSE |
                          1u << SUDOKU_TECH_NAKED_SINGLE |
                          1u << SUDOKU_TECH_HIDDEN_SINGLE |
                          1u << SUDOKU_TECH_NAKED_PAIR |
                          1u << SUDOKU_TECH_HIDDEN_PAIR;
    int puzzles = 0, positions = 0, disagree = 0, end_differs = 0;
    uint64_t *cand = NULL;
    while (puzzles < limit && (s = data_next(&d)) != NULL) {
        int NN = s->shape.N * s->shape.N;
        cand = realloc(cand, (size_t)NN * sizeof *cand);
        sudoku_logic *rl = sudoku_logic_new(s, SUDOKU_LOGIC_REJECT_LIST);
        sudoku_logic_set_techniques(rl, same_rules);
        sudoku_step st, tt;
        for (;;) {
            /* the techniques on the reject list's position */
            const sudoku *g = sudoku_logic_grid(rl);
            for (int i = 0; i < NN; i++)
                cand[i] = sudoku_logic_candidates(rl, i);
            sudoku_logic *tl = sudoku_logic_from_position(
                g, cand, SUDOKU_LOGIC_TECHNIQUES);
            sudoku_logic_set_techniques(tl, same_rules);
            int tgot = sudoku_logic_step(tl, NULL, &tt);
            sudoku_logic_free(tl);
            int rgot = sudoku_logic_step(rl, NULL, &st);
            positions++;
            if (rgot != tgot || (rgot == 1 && (st.cell >= 0) != (tt.cell >= 0)))
                disagree++;
            if (rgot != 1)
                break;
            *pair_steps += st.cell < 0;
        }
        /* both to their end from the start: the same candidates */
        sudoku_logic *tl = sudoku_logic_new(s, SUDOKU_LOGIC_TECHNIQUES);
        sudoku_logic_set_techniques(tl, same_rules);
        while (sudoku_logic_step(tl, NULL, &tt) == 1)
            ;
        for (int i = 0; i < NN; i++)
            end_differs += sudoku_logic_candidates(tl, i) !=
                               sudoku_logic_candidates(rl, i) ||
                           sudoku_logic_grid(tl)->cell[i] !=
                               sudoku_logic_grid(rl)->cell[i];
        sudoku_logic_free(tl);
        sudoku_logic_free(rl);
        puzzles++;
    }
    CHECK(puzzles > 0 && disagree == 0, "%s: reject list and techniques "
          "disagree at %d of %d positions", name, disagree, positions);
    CHECK(end_differs == 0, "%s: %d cells end differently", name,
          end_differs);
    free(cand);
    data_close(&d);
}

/* Whether two sudoku_logic_step results are the same step (with the same
 * words when `text`). */
static int same_step(int ga, const sudoku_step *a, int gb,
                     const sudoku_step *b, int text)
{
    if (ga != gb || ga != 1)
        return ga == gb;
    int same = a->tech == b->tech && a->cell == b->cell &&
               a->digit == b->digit && a->n_removed == b->n_removed &&
               (!text || !strcmp(a->text, b->text));
    for (int k = 0; same && k < a->n_removed; k++)
        same = a->removed_cell[k] == b->removed_cell[k] &&
               a->removed_digit[k] == b->removed_digit[k];
    return same;
}

/* The finders skip what has not changed since they last found nothing
 * there: at every step, the solver's next step is the one a fresh solver
 * takes from the same position (which has nothing to skip), words and
 * all; and a quiet solver takes the same steps without words.  No
 * guesses (a fresh solver's puzzle is the position), the puzzles unique. */
static void logic_fresh(const char *name, int limit)
{
    data_file d;
    if (!data_open(&d, name)) {
        data_close(&d);
        return;
    }
    const sudoku *s;
    int puzzles = 0, steps = 0, differ = 0, loud = 0;
    uint32_t all = ~(1u << SUDOKU_TECH_GUESS);
    static sudoku_step a, b, c;
    while ((s = data_next(&d)) != NULL && puzzles++ < limit) {
        int NN = s->shape.N * s->shape.N;
        sudoku_logic *lg = sudoku_logic_new(s, SUDOKU_LOGIC_TECHNIQUES);
        sudoku_logic *q = sudoku_logic_new(s, SUDOKU_LOGIC_TECHNIQUES);
        uint64_t *cand = malloc((size_t)NN * sizeof *cand);
        if (!lg || !q || !cand) {
            CHECK(0, "%s: no memory", name);
            break;
        }
        sudoku_logic_set_techniques(lg, all);
        sudoku_logic_set_techniques(q, all);
        sudoku_logic_assume_unique(lg, 1);
        sudoku_logic_assume_unique(q, 1);
        sudoku_logic_set_quiet(q, 1);
        for (int ga = 1; ga == 1 && steps < 100000;) {
            for (int i = 0; i < NN; i++)
                cand[i] = sudoku_logic_candidates(lg, i);
            sudoku_logic *f = sudoku_logic_from_position(
                sudoku_logic_grid(lg), cand, SUDOKU_LOGIC_TECHNIQUES);
            sudoku_logic_set_techniques(f, all);
            sudoku_logic_assume_unique(f, 1);
            int gc = sudoku_logic_step(f, NULL, &c);
            ga = sudoku_logic_step(lg, NULL, &a);
            int gb = sudoku_logic_step(q, NULL, &b);
            differ += !same_step(ga, &a, gc, &c, 1);
            loud += !same_step(ga, &a, gb, &b, 0) ||
                    (gb == 1 && b.text[0] != '\0');
            steps += ga == 1;
            sudoku_logic_free(f);
        }
        free(cand);
        sudoku_logic_free(lg);
        sudoku_logic_free(q);
    }
    CHECK(steps > 1000, "%s: %d steps compared", name, steps);
    CHECK(differ == 0, "%s: %d steps unlike a fresh solver's", name, differ);
    CHECK(loud == 0, "%s: %d quiet steps unlike the others", name, loud);
    data_close(&d);
}

static void logic(void)
{
    int used[SUDOKU_TECH_COUNT] = { 0 }, unaided = 0;
    logic_sound("17-clue-300.txt", SUDOKU_LOGIC_TECHNIQUES, used, &unaided);
    logic_sound("top1465-200.txt", SUDOKU_LOGIC_TECHNIQUES, used, &unaided);
    logic_sound("forum-hardest-200.txt", SUDOKU_LOGIC_TECHNIQUES, used,
                &unaided);
    logic_sound("tatham-large.txt", SUDOKU_LOGIC_TECHNIQUES, used, &unaided);
    logic_fresh("top1465-200.txt", 200);
    logic_fresh("17-clue-300.txt", 100);
    /* every technique is exercised (and so checked for soundness) but the
     * hidden quad, which the naked subsets pre-empt on these puzzles */
    for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
        if (t != SUDOKU_TECH_HIDDEN_QUAD && !killer_only(t))
            CHECK(used[t] > 0, "%s never used", sudoku_technique_name(t));
    CHECK(unaided > 300, "%d puzzles solved without guessing", unaided);
    /* the reject-list method: singles and pairs only, sound too */
    int rused[SUDOKU_TECH_COUNT] = { 0 }, runaided = 0;
    logic_sound("17-clue-300.txt", SUDOKU_LOGIC_REJECT_LIST, rused,
                &runaided);
    for (int t = 0; t < SUDOKU_TECH_COUNT; t++) {
        int allowed = t == SUDOKU_TECH_NAKED_SINGLE ||
                      t == SUDOKU_TECH_HIDDEN_SINGLE ||
                      t == SUDOKU_TECH_NAKED_PAIR ||
                      t == SUDOKU_TECH_HIDDEN_PAIR || t == SUDOKU_TECH_GUESS;
        CHECK(allowed ? rused[t] > 0 : rused[t] == 0,
              "reject list: %s used %d times", sudoku_technique_name(t),
              rused[t]);
    }
    CHECK(runaided > 100 && runaided <= unaided,
          "reject list alone solves %d of 300", runaided);
    technique_examples();
    int pair_steps = 0;
    reject_agrees("17-clue-300.txt", 300, &pair_steps);
    reject_agrees("top1465-200.txt", 200, &pair_steps);
    reject_agrees("forum-hardest-200.txt", 100, &pair_steps);
    reject_agrees("tatham-large.txt", 20, &pair_steps);
    CHECK(pair_steps > 100, "only %d pair steps compared", pair_steps);
    int per_level[SUDOKU_GRADE_COUNT] = { 0 };
    ratings_monotone("17-clue-300.txt", 300, per_level);
    ratings_monotone("top1465-200.txt", 200, per_level);
    ratings_monotone("forum-hardest-200.txt", 50, per_level);
    for (int k = 0; k < SUDOKU_GRADE_COUNT; k++)
        CHECK(per_level[k] > 0, "no puzzle rated %s",
              sudoku_grade_name((sudoku_grade)k));
    tatham_grades();
    /* a puzzle with no solution is found out, not looped on */
    sudoku s;
    sudoku_init(&s);
    dlx_diag err;
    sudoku_read_options opt = { 0 };
    sudoku_read_string("12........3...4.", &opt, &s, &err);
    sudoku_solver *sv = sudoku_solver_new(s.shape);
    sudoku_logic *lg = sudoku_logic_new(&s, SUDOKU_LOGIC_TECHNIQUES);
    sudoku_step st;
    int got, steps = 0;
    while ((got = sudoku_logic_step(lg, sv, &st)) == 1 && steps++ < 100)
        ;
    CHECK(got == -1 && strstr(st.text, "no"), "no solution: %d %s", got,
          st.text);
    sudoku_logic_free(lg);
    sudoku_solver_free(sv);
    sudoku_release(&s);
}

/* ---- variants ------------------------------------------------------------ */

/* Solo's solution "3,4,5,..." of s into g; 0, or -1 when it is not N*N
 * digits. */
static int solo_solution(const char *text, const sudoku *s, sudoku *g)
{
    if (sudoku_copy(g, s) != SUDOKU_OK)
        return -1;
    int N = s->shape.N;
    char *p = (char *)text;
    for (int i = 0; i < N * N; i++) {
        long v = strtol(p, &p, 10);
        if (v < 1 || v > N)
            return -1;
        g->cell[i] = (unsigned char)v;
        if (*p == ',')
            p++;
    }
    return 0;
}

/* Hand-made positions, the eliminations worked out by hand.  An empty X
 * sudoku where 5 is left on the main diagonal only in r1c1 and r2c2
 * (both in box 1): claiming, the rest of box 1 (r1c2, r1c3, r2c1, r2c3,
 * r3c1, r3c2; r3c3 has no 5) loses 5.  An empty 4x4 jigsaw whose region
 * 1 is r1c1-r1c3 and r2c1, with 3 only in r1c2 and r1c3 of it: pointing,
 * r1c1 is not 3 already, so r1c4 (the rest of row 1) loses 3. */
static void variant_positions(void)
{
    sudoku s;
    sudoku_init(&s);
    sudoku_shape sh9 = { 3, 3, 9 };
    sudoku_set_shape(&s, sh9);
    memset(s.cell, 0, 81);
    s.diagonals = 1;
    uint64_t cand[81];
    for (int i = 0; i < 81; i++)
        cand[i] = 0x1ff;
    for (int k = 2; k < 9; k++)
        cand[k * 9 + k] &= ~(1u << 4);
    sudoku_logic *lg = sudoku_logic_from_position(&s, cand,
                                                  SUDOKU_LOGIC_TECHNIQUES);
    sudoku_step st;
    int got = sudoku_logic_step(lg, NULL, &st);
    static const int box_rest[] = { 1, 2, 9, 11, 18, 19 };
    int exact = got == 1 && st.tech == SUDOKU_TECH_CLAIMING &&
                st.n_removed == 6;
    for (int k = 0; exact && k < 6; k++)
        exact = st.removed_cell[k] == box_rest[k] && st.removed_digit[k] == 5;
    CHECK(exact && strstr(st.text, "main diagonal"),
          "X claiming: %d %s", got, st.text);
    sudoku_logic_free(lg);

    sudoku_shape sh4 = { 2, 2, 4 };
    sudoku_set_shape(&s, sh4);
    memset(s.cell, 0, 16);
    s.diagonals = 0;
    static const int region[16] = { 0, 0, 0, 1, 0, 2, 1, 1,
                                    2, 2, 3, 1, 2, 3, 3, 3 };
    sudoku_set_regions(&s, region);
    uint64_t c4[16];
    for (int i = 0; i < 16; i++)
        c4[i] = 0xf;
    c4[0] &= ~4u; /* r1c1 */
    c4[4] &= ~4u; /* r2c1 */
    lg = sudoku_logic_from_position(&s, c4, SUDOKU_LOGIC_TECHNIQUES);
    got = sudoku_logic_step(lg, NULL, &st);
    CHECK(got == 1 && st.tech == SUDOKU_TECH_POINTING && st.n_removed == 1 &&
              st.removed_cell[0] == 3 && st.removed_digit[0] == 3 &&
              strstr(st.text, "region 1"),
          "jigsaw pointing: %d %s", got, st.text);
    sudoku_logic_free(lg);
    sudoku_release(&s);
}

/* Every puzzle of solo-variants.tsv (X, jigsaw, killer and their
 * combinations) and solo-killer.tsv (Solo's killers at its grades trivial
 * to extreme, made by sgt-solo --generate as make_solo_variants.sh does,
 * with params 3x3kdt 3x3kdb 3x3kdi 2x3kdi 9jkdi 3x3xkdi 3x3kda 3x3kde):
 * every step sound against
 * Solo's solution (which Dancing Links finds too), the steps end in it, a
 * guess is labelled a guess; the grade of each family's puzzles printed
 * (bench/RESULTS.md has the table). */
static void logic_variants(const char *file, int expect, int units_seen)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/sudoku/%s", data_dir, file);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "%s: cannot open", path);
    if (!f)
        return;
    char line[8192];
    sudoku s, solo, sol;
    sudoku_init(&s);
    sudoku_init(&solo);
    sudoku_init(&sol);
    sudoku_read_options opt = { .layout = SUDOKU_LAYOUT_TATHAM };
    int puzzles = 0, wrong = 0, unfinished = 0, unlabelled = 0, dlx_off = 0;
    int diag_used = 0, region_used = 0, cage_used = 0;
    long all_steps = 0;
    char last[16] = "";
    int grades[SUDOKU_GRADE_COUNT] = { 0 };
    for (;;) {
        char *ok = fgets(line, sizeof line, f);
        char *family = ok ? strtok(line, "\t") : NULL;
        if (last[0] && (!family || strcmp(family, last))) {
            printf("%-5s", last);
            for (int g = 0; g < SUDOKU_GRADE_COUNT; g++)
                printf(" %s %d", sudoku_grade_name((sudoku_grade)g),
                       grades[g]);
            printf("\n");
            memset(grades, 0, sizeof grades);
            last[0] = '\0';
        }
        if (!family)
            break;
        char *id = strtok(NULL, "\t"), *listed = strtok(NULL, "\t\n");
        if (!id || !listed)
            continue;
        snprintf(last, sizeof last, "%s", family);
        dlx_diag err;
        if (sudoku_read_string(id, &opt, &s, &err) != SUDOKU_OK ||
            solo_solution(listed, &s, &solo) != 0) {
            CHECK(0, "%s: not read", id);
            continue;
        }
        sudoku_solver *sv = sudoku_solver_for(&s);
        grid_limits lim = { .max_solutions = 1 };
        grid_outcome out;
        sudoku_solve_dlx(sv, &s, &lim, &sol, &out);
        int N = s.shape.N;
        dlx_off += memcmp(sol.cell, solo.cell, (size_t)N * N) != 0;
        sudoku_logic *lg = sudoku_logic_new(&s, SUDOKU_LOGIC_TECHNIQUES);
        sudoku_step st;
        int got, steps = 0, hardest = 0;
        char u[32];
        while ((got = sudoku_logic_step(lg, sv, &st)) == 1 &&
               steps++ < 10 * N * N) {
            int g = sudoku_technique_grade(st.tech);
            if (g > hardest)
                hardest = g;
            all_steps++;
            if (st.cell >= 0 && solo.cell[st.cell] != st.digit)
                wrong++;
            for (int k = 0; k < st.n_removed; k++)
                wrong += solo.cell[st.removed_cell[k]] == st.removed_digit[k];
            unlabelled += (st.tech == SUDOKU_TECH_GUESS) !=
                          (strstr(st.text, "guess") != NULL);
            diag_used += strstr(st.text, "diagonal") != NULL;
            cage_used += st.tech == SUDOKU_TECH_CAGE_COMBINATION ||
                         st.tech == SUDOKU_TECH_RULE_OF_45 ||
                         st.tech == SUDOKU_TECH_CAGE_OVERLAP ||
                         st.tech == SUDOKU_TECH_RULE_OF_45_UNITS;
            region_used += strstr(st.text, sudoku_unit_name(&s, 2 * N, u)) &&
                           s.jigsaw;
        }
        unfinished += got != 0 ||
                      memcmp(sudoku_logic_grid(lg)->cell, solo.cell,
                             (size_t)N * N) != 0;
        grades[hardest]++;
        puzzles++;
        sudoku_logic_free(lg);
        sudoku_solver_free(sv);
    }
    fclose(f);
    CHECK(puzzles == expect, "%s: %d puzzles (%d listed)", file, puzzles,
          expect);
    printf("%s: %d puzzles, %ld steps checked\n", file, puzzles, all_steps);
    CHECK(dlx_off == 0, "%d solutions of Dancing Links not Solo's", dlx_off);
    CHECK(wrong == 0, "%d wrong placements or removals", wrong);
    CHECK(unfinished == 0, "%d puzzles not explained to Solo's solution",
          unfinished);
    CHECK(unlabelled == 0, "%d guesses not said, or said of no guess",
          unlabelled);
    CHECK(!units_seen || (diag_used > 0 && region_used > 0),
          "the diagonals (%d steps) and regions (%d) are reasoned over",
          diag_used, region_used);
    CHECK(cage_used > 0, "%s: the cages are reasoned over (%d steps)", file,
          cage_used);
    sudoku_release(&s);
    sudoku_release(&solo);
    sudoku_release(&sol);
}

/*
 * The cage techniques on hand-made 9x9 positions, each with its exact
 * step worked out by hand.  Cages are given as "rc rc ...=sum"; the grid
 * is empty and every cell has all candidates but those listed in hand.
 * Only the technique under test is allowed.
 */
typedef struct killer_example {
    const char *what;
    sudoku_technique tech;
    const char *cages[3];
    const char *hand;       /* "rc:digits ..." */
    const char *removes;    /* "drc ..." */
    int place;              /* drc placed, or 0 */
} killer_example;

static const killer_example killer_examples[] = {
    /* 10 = 1+9 = 2+8: with r1c1 in {1,2}, r1c2 keeps only 8 and 9 */
    { "cage of two, one cell narrowed", SUDOKU_TECH_CAGE_COMBINATION,
      { "11 12=10" }, "11:12", "112 212 312 412 512 612 712", 0 },
    /* row 1 = 45; cages 1+2+3+4 = 10 and 6+7+8+9 = 30 wholly inside, so
     * the innie r1c9 is 45 - 40 = 5 */
    { "one innie", SUDOKU_TECH_RULE_OF_45,
      { "11 12 13 14=10", "15 16 17 18=30" }, "", "", 519 },
    /* row 1's cells all in two cages of sum 45 and 10 that reach r2c1
     * and r2c9: the outies add up to 55 - 45 = 10, two cells of row 2
     * (distinct): not 5 */
    { "two outies", SUDOKU_TECH_RULE_OF_45,
      { "11 12 13 14 15 16 17 18 21=45", "19 29=10" }, "", "521 529", 0 },
    /* 3 = 1+2: the cage must hold 1 and 2, both cells in row 1, so the
     * rest of row 1 loses 1 (the first digit; the next step takes 2) */
    { "cage in a row must hold 1", SUDOKU_TECH_CAGE_OVERLAP,
      { "11 12=3" }, "", "113 114 115 116 117 118 119", 0 },
    /* in row 1, 9 can only go in r1c1 (hand), in the cage r1c1+r2c4
     * (sum 17), whose digits differ: r2c4 cannot be 9 */
    { "a row's 9 confined to a cage", SUDOKU_TECH_CAGE_OVERLAP,
      { "11 24=17" }, "12:12345678 13:12345678 14:12345678 15:12345678 "
      "16:12345678 17:12345678 18:12345678 19:12345678", "924", 0 },
    /* rows 1-2 = 90; cages of 8 cells summing 36 (no 9) and 39 (no 6)
     * wholly inside: r1c9 + r2c9 = 15, one column, so {6,9} or {7,8} */
    { "two innies of two rows", SUDOKU_TECH_RULE_OF_45_UNITS,
      { "11 12 13 14 21 22 23 24=36", "15 16 17 18 25 26 27 28=39" }, "",
      "119 129 219 229 319 329 419 429 519 529", 0 },
};

static int code_cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static void killer_examples_check(void)
{
    sudoku s;
    sudoku_init(&s);
    sudoku_shape sh = { 3, 3, 9 };
    int n = (int)(sizeof killer_examples / sizeof killer_examples[0]);
    for (int e = 0; e < n; e++) {
        const killer_example *ex = &killer_examples[e];
        sudoku_set_shape(&s, sh);
        memset(s.cell, 0, 81);
        int cage[81], sum[3], nc = 0;
        for (int i = 0; i < 81; i++)
            cage[i] = -1;
        for (; nc < 3 && ex->cages[nc]; nc++) {
            const char *p = ex->cages[nc];
            while (*p != '=') {
                cage[(p[0] - '1') * 9 + p[1] - '1'] = nc;
                p += p[2] == ' ' ? 3 : 2;
            }
            sum[nc] = atoi(p + 1);
        }
        sudoku_set_cages(&s, nc, cage, sum);
        uint64_t cand[81];
        for (int i = 0; i < 81; i++)
            cand[i] = 0x1ff;
        for (const char *p = ex->hand; *p;) {
            int i = (p[0] - '1') * 9 + p[1] - '1';
            cand[i] = 0;
            for (p += 3; *p >= '1' && *p <= '9'; p++)
                cand[i] |= 1u << (*p - '1');
            while (*p == ' ')
                p++;
        }
        sudoku_logic *lg = sudoku_logic_from_position(&s, cand,
                                                      SUDOKU_LOGIC_TECHNIQUES);
        sudoku_logic_set_techniques(lg, 1u << ex->tech);
        sudoku_step st;
        int got = sudoku_logic_step(lg, NULL, &st);
        int want[100], have[100], nw = 0;
        for (const char *p = ex->removes; *p; p += p[3] ? 4 : 3)
            want[nw++] = (p[0] - '0') * 100 + (p[1] - '1') * 9 + p[2] - '1';
        for (int k = 0; got == 1 && k < st.n_removed && k < 100; k++)
            have[k] = st.removed_digit[k] * 100 + st.removed_cell[k];
        int nh = got == 1 ? st.n_removed : -1;
        if (nh > 0 && nh <= 100)
            qsort(have, (size_t)nh, sizeof *have, code_cmp);
        qsort(want, (size_t)nw, sizeof *want, code_cmp);
        int same = got == 1 && st.tech == ex->tech && nh == nw &&
                   !memcmp(want, have, (size_t)nw * sizeof *want);
        if (ex->place)
            same = same && st.digit == ex->place / 100 &&
                   st.cell == (ex->place / 10 % 10 - 1) * 9 +
                                  ex->place % 10 - 1;
        else
            same = same && st.cell < 0;
        CHECK(same, "killer: %s (%s): got %d: %s", ex->what,
              sudoku_technique_name(ex->tech), got, st.text);
        sudoku_logic_free(lg);
    }
    sudoku_release(&s);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    logic();
    killer_examples_check();
    logic_variants("solo-variants.tsv", 200, 1);
    logic_variants("solo-killer.tsv", 140, 0);
    variant_positions();
    return check_done();
}
