/*
 * test_mathdoku_logic.c - the logic solver against outside answers:
 * Simon Tatham's grades of the 220 Keen IDs of the collection, every step
 * checked against the Dancing Links solution (no step removes the
 * solution's digit), grades monotone in the techniques allowed, and each
 * Latin technique on a position made for it, removing exactly what the
 * technique's definition removes.
 *
 * Usage: test_mathdoku_logic DATA_DIR   (tests/data)
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mathdoku.h"
#include "mathdoku_gen.h"
#include "mathdoku_logic.h"

static const char *data_dir;
static const mathdoku_rules kenken = { 0 };

static int solve(const mathdoku *p, const mathdoku_rules *rules, int *sol)
{
    dlx_diag err;
    mathdoku_solver *sv = NULL;
    mathdoku_solver_new(p, rules, NULL, &sv, &err);
    if (!sv)
        return -1;
    grid_limits lim = { .max_solutions = 2 };
    grid_outcome out;
    mathdoku_solve_dlx(sv, &lim, sol, &out);
    mathdoku_solver_free(sv);
    return (int)out.solutions;
}

/* Steps p to its end; every step must keep the solution's digit in every
 * cell, place only solution digits, and remove something or place.
 * Returns the grade, or -1; used counts techniques. */
static int walk(const mathdoku *p, const mathdoku_rules *rules,
                const int *sol, int *used, const char *what)
{
    mathdoku_logic *lg = mathdoku_logic_new(p, rules, NULL);
    CHECK(lg != NULL, "%s: no memory", what);
    if (!lg)
        return -1;
    int grade = 0, got, bad = 0, steps = 0;
    mathdoku_step st;
    while ((got = mathdoku_logic_step(lg, &st)) == 1) {
        steps++;
        if (used)
            used[st.tech]++;
        int g = mathdoku_technique_grade(st.tech);
        if (g > grade)
            grade = g;
        if (!bad && st.cell < 0 && st.n_removed == 0) {
            CHECK(0, "%s: step %d (%s) changes nothing", what, steps,
                  st.text);
            bad = 1;
        }
        if (!bad && st.cell >= 0 && st.digit != sol[st.cell]) {
            CHECK(0, "%s: step %d places %d, the solution has %d: %s", what,
                  steps, st.digit, sol[st.cell], st.text);
            bad = 1;
        }
        for (int k = 0; k < st.n_removed && !bad; k++)
            if (st.removed_digit[k] == sol[st.removed_cell[k]]) {
                CHECK(0, "%s: step %d removes the solution's %d: %s", what,
                      steps, st.removed_digit[k], st.text);
                bad = 1;
            }
        for (int i = 0; i < p->N * p->N && !bad; i++)
            if (!(mathdoku_logic_candidates(lg, i) &
                  (1ULL << (sol[i] - 1)))) {
                CHECK(0, "%s: after step %d a cell lost its solution digit "
                      "(%s)", what, steps, st.text);
                bad = 1;
            }
        if (!bad && !st.text[0]) {
            CHECK(0, "%s: step %d has no words", what, steps);
            bad = 1;
        }
    }
    CHECK(got == 0, "%s: ended with %d: %s", what, got, st.text);
    const int *grid = mathdoku_logic_grid(lg);
    for (int i = 0; i < p->N * p->N && got == 0; i++)
        if (grid[i] != sol[i]) {
            CHECK(0, "%s: the grid is not the solution", what);
            break;
        }
    mathdoku_logic_free(lg);
    return got == 0 && !bad ? grade : -1;
}

/* Keen's grades of the collection, exactly; each step sound. */
static void keen_grades(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/mathdoku/keen.tsv", data_dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char line[4096];
    int n = 0, agree = 0, walked = 0, without_guess = 0;
    int table[MATHDOKU_GRADE_COUNT][MATHDOKU_GRADE_COUNT] = { { 0 } };
    int used[MATHDOKU_TECH_COUNT] = { 0 };
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "id\t", 3))
            continue;
        char *id = strtok(line, "\t"), *grade = strtok(NULL, "\t"),
             *sol = strtok(NULL, "\t\n");
        mathdoku p;
        dlx_diag err;
        if (mathdoku_read_string(id, &kenken, &p, &err) != 0) {
            CHECK(0, "%s: %s", id, err.message);
            continue;
        }
        int keen = mathdoku_parse_grade(grade);
        int ours = mathdoku_rate(&p, &kenken, NULL, NULL);
        CHECK(keen >= 0, "%s: grade '%s'", id, grade);
        n++;
        agree += ours == keen;
        if (ours != keen)
            CHECK(0, "%s: Keen says %s, we say %s", id, grade,
                  mathdoku_grade_name(ours));
        if (keen >= 0 && ours >= 0)
            table[keen][ours]++;
        int g[81];
        for (int i = 0; i < p.N * p.N; i++)
            g[i] = sol[i] - '0';
        int u[MATHDOKU_TECH_COUNT] = { 0 };
        int w = walk(&p, &kenken, g, u, id);
        walked += w >= 0;
        /* the full grade, guesses allowed, is at least the quick one */
        CHECK(w == ours, "%s: rated %d, walked %d", id, ours, w);
        if (keen == MATHDOKU_GRADE_UNREASONABLE && !u[MATHDOKU_TECH_GUESS])
            without_guess++;
        for (int t = 0; t < MATHDOKU_TECH_COUNT; t++)
            used[t] += u[t];
        /* limited to a grade, the solver finishes exactly the puzzles of
         * that grade or below */
        for (int limit = 0; limit < MATHDOKU_GRADE_UNREASONABLE; limit++) {
            mathdoku_logic *lg = mathdoku_logic_new(&p, &kenken, NULL);
            mathdoku_logic_set_quiet(lg, 1);
            mathdoku_logic_set_max_grade(lg, (mathdoku_grade)limit);
            mathdoku_step st;
            int got;
            while ((got = mathdoku_logic_step(lg, &st)) == 1)
                ;
            CHECK((got == 0) == (keen <= limit), "%s: limit %s: %d", id,
                  mathdoku_grade_name(limit), got);
            mathdoku_logic_free(lg);
        }
        mathdoku_free(&p);
    }
    fclose(f);
    CHECK(n == 220 && agree == n && walked == n, "%d IDs, %d agree, %d "
          "walked", n, agree, walked);
    for (int k = 0; k < MATHDOKU_GRADE_COUNT; k++)
        CHECK(table[k][k] >= 40 || (k <= 1 && table[k][k] >= 45),
              "grade %s: %d", mathdoku_grade_name(k), table[k][k]);
    /* the remainder of a line, ours, finishes some of Keen's
     * Unreasonable puzzles without a guess (16 of 42 when written) */
    CHECK(without_guess >= 10 && without_guess < 42, "%d Unreasonable "
          "without a guess", without_guess);
    /* every technique but the larger fish shows up in the collection */
    for (int t = 0; t < MATHDOKU_TECH_COUNT; t++)
        if (t != MATHDOKU_TECH_FISH && t != MATHDOKU_TECH_NAKED_SET &&
            t != MATHDOKU_TECH_HIDDEN_SET && t != MATHDOKU_TECH_SWORDFISH)
            CHECK(used[t] > 0, "technique %s never used",
                  mathdoku_technique_name(t));
}

/* Generated puzzles of every kind: each step sound, to the end. */
static void generated(void)
{
    static const struct { int N; unsigned ops; int nary, hidden, single; }
        kinds[] = {
            { 4, MATHDOKU_OPS_ALL, 0, 0, 0 }, { 5, MATHDOKU_OPS_ALL, 1, 0, 0 },
            { 6, MATHDOKU_OPS_ALL, 0, 1, 1 }, { 7, MATHDOKU_OPS_MUL, 0, 0, 0 },
            { 8, MATHDOKU_OPS_ADD | MATHDOKU_OPS_SUB, 1, 0, 1 },
            { 9, MATHDOKU_OPS_ALL, 0, 0, 0 }, { 10, MATHDOKU_OPS_ALL, 0, 0, 0 },
            { 12, MATHDOKU_OPS_ALL, 0, 0, 0 },
        };
    int puzzles = 0;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        mathdoku_gen_options opt;
        mathdoku_gen_defaults(&opt, kinds[k].N);
        opt.ops = kinds[k].ops;
        opt.nary = kinds[k].nary;
        opt.hidden = kinds[k].hidden;
        opt.singletons = kinds[k].single;
        mathdoku_gen *g = mathdoku_gen_new(&opt);
        mathdoku_rules rules = mathdoku_gen_rules(g);
        int sol[256], again[256];
        for (uint64_t seed = 1; seed <= 6; seed++) {
            mathdoku p;
            mathdoku_gen_report rep;
            if (mathdoku_gen_puzzle(g, seed, &p, sol, &rep) != 0) {
                CHECK(0, "N=%d seed %d: no puzzle", kinds[k].N, (int)seed);
                continue;
            }
            char what[64];
            snprintf(what, sizeof what, "generated N=%d kind %d seed %d",
                     kinds[k].N, (int)k, (int)seed);
            CHECK(kinds[k].N > 9 || solve(&p, &rules, again) == 1, "%s",
                  what);
            int grade = walk(&p, &rules, sol, NULL, what);
            CHECK(grade == mathdoku_rate(&p, &rules, sol, NULL), "%s: grade",
                  what);
            puzzles++;
            mathdoku_free(&p);
        }
        mathdoku_gen_free(g);
    }
    CHECK(puzzles == 48, "%d puzzles", puzzles);
}

/* ---- each Latin technique on a position made for it ---------------------- */

/* A puzzle of N whole-row '+' cages: no cage says anything, so the
 * candidates set by hand are all there is (a Latin square position). */
static int rows_puzzle(int N, mathdoku *p)
{
    char text[1024];
    int len = snprintf(text, sizeof text, "%d\n", N);
    for (int r = 0; r < N; r++) {
        len += snprintf(text + len, sizeof text - (size_t)len, "%d +",
                        N * (N + 1) / 2);
        for (int c = 0; c < N; c++)
            len += snprintf(text + len, sizeof text - (size_t)len, " %c%d",
                            'A' + c, r + 1);
        len += snprintf(text + len, sizeof text - (size_t)len, "\n");
    }
    dlx_diag err;
    return mathdoku_read_string(text, &kenken, p, &err);
}

/* Cell name "B3" to index in an N grid. */
static int at(int N, const char *name)
{
    return (atoi(name + 1) - 1) * N + (name[0] - 'A');
}

static uint64_t digits(const char *s)
{
    uint64_t m = 0;
    for (; *s; s++)
        m |= 1ULL << (*s - '1');
    return m;
}

/* Steps puzzle `text` (NULL: N row cages) from the position "A1=12
 * B1=23 ..." until the first step of technique tech, which must come
 * before any harder one and remove exactly the pairs "A2:1 C1:12". */
static void expect_step(int N, const char *text, const char *cands,
                        mathdoku_technique tech, const char *removed)
{
    /* only the techniques of the position (the Latin ones on row cages,
     * the cage ones on cage puzzles) */
    uint32_t latin = 1u << MATHDOKU_TECH_NAKED_SINGLE | 1u << MATHDOKU_TECH_HIDDEN_SINGLE |
                     1u << MATHDOKU_TECH_NAKED_PAIR | 1u << MATHDOKU_TECH_HIDDEN_PAIR |
                     1u << MATHDOKU_TECH_NAKED_TRIPLE | 1u << MATHDOKU_TECH_HIDDEN_TRIPLE |
                     1u << MATHDOKU_TECH_NAKED_SET | 1u << MATHDOKU_TECH_HIDDEN_SET |
                     1u << MATHDOKU_TECH_X_WING | 1u << MATHDOKU_TECH_SWORDFISH |
                     1u << MATHDOKU_TECH_FISH | 1u << MATHDOKU_TECH_FORCING_CHAIN;
    mathdoku p;
    dlx_diag err;
    if (text) {
        CHECK(mathdoku_read_string(text, &kenken, &p, &err) == 0, "%s",
              err.message);
    } else {
        CHECK(rows_puzzle(N, &p) == 0, "row cages");
    }
    mathdoku_logic *lg = mathdoku_logic_new(&p, &kenken, NULL);
    mathdoku_logic_set_techniques(lg, text ? 1u << tech : latin);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", cands);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        mathdoku_logic_restrict(lg, at(N, tok), digits(strchr(tok, '=') + 1));
    mathdoku_step st;
    int got;
    while ((got = mathdoku_logic_step(lg, &st)) == 1 && st.tech != tech &&
           mathdoku_technique_grade(st.tech) <=
               mathdoku_technique_grade(tech))
        ;
    CHECK(got == 1 && st.tech == tech, "%s: got %d, %s: %s", cands, got,
          mathdoku_technique_name(st.tech), st.text);
    int want = 0, found = 0;
    snprintf(buf, sizeof buf, "%s", removed);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        int cell = at(N, tok);
        for (const char *d = strchr(tok, ':') + 1; *d; d++) {
            want++;
            for (int k = 0; k < st.n_removed; k++)
                found += st.removed_cell[k] == cell &&
                         st.removed_digit[k] == *d - '0';
        }
    }
    CHECK(got == 1 && found == want && st.n_removed == want,
          "%s: removed %d, wanted %d (%d found): %s", cands, st.n_removed,
          want, found, st.text);
    mathdoku_logic_free(lg);
    mathdoku_free(&p);
}

static void techniques(void)
{
    /* naked pair {1,2} in A1 B1 of row 1 */
    expect_step(6, NULL, "A1=12 B1=12", MATHDOKU_TECH_NAKED_PAIR,
                "C1:12 D1:12 E1:12 F1:12");
    /* hidden pair: 1 and 2 only in A1 and B1 of row 1 */
    expect_step(6, NULL, "C1=3456 D1=3456 E1=3456 F1=3456",
                MATHDOKU_TECH_HIDDEN_PAIR, "A1:3456 B1:3456");
    /* naked triple {1,2,3} in A1 B1 C1 of a 7x7's row 1 */
    expect_step(7, NULL, "A1=12 B1=23 C1=13", MATHDOKU_TECH_NAKED_TRIPLE,
                "D1:123 E1:123 F1:123 G1:123");
    /* X-wing on 1: rows 1 and 2 have 1 only in columns A and B */
    expect_step(6, NULL, "C1=23456 D1=23456 E1=23456 F1=23456 C2=23456 "
                "D2=23456 E2=23456 F2=23456", MATHDOKU_TECH_X_WING,
                "A3:1 A4:1 A5:1 A6:1 B3:1 B4:1 B5:1 B6:1");
    /* swordfish on 1: rows 1, 2, 3 have 1 only in columns A, B, C (two
     * each, no two rows in the same two columns) */
    expect_step(7, NULL, "C1=234567 D1=234567 E1=234567 F1=234567 "
                "G1=234567 A2=234567 D2=234567 E2=234567 F2=234567 "
                "G2=234567 B3=234567 D3=234567 E3=234567 F3=234567 "
                "G3=234567", MATHDOKU_TECH_SWORDFISH,
                "A4:1 A5:1 A6:1 A7:1 B4:1 B5:1 B6:1 B7:1 C4:1 C5:1 C6:1 "
                "C7:1");
    /* forcing chain: if A1 is not 1 it is 2, so B1 is 3 and B2 is 1;
     * either way A2, in line with A1 and B2, is not 1 */
    expect_step(6, NULL, "A1=12 B1=23 B2=13", MATHDOKU_TECH_FORCING_CHAIN, "A2:1");
}

/* The cage techniques on small puzzles whose other cages say nothing. */
static void cage_techniques(void)
{
    static const char rows234[] = "10 + A2 B2 C2 D2\n10 + A3 B3 C3 D3\n"
                                  "10 + A4 B4 C4 D4\n";
    char text[256];
    /* Easy: 3+ on A1 B1 is 1+2, so both hold only {1,2} */
    snprintf(text, sizeof text, "4\n3 + A1 B1\n7 + C1 D1\n%s", rows234);
    expect_step(4, text, "", MATHDOKU_TECH_CAGE_DIGITS, "A1:34 B1:34");
    /* Normal: 2- on A1 B1 with A1 in {1,2}: 1,3 or 2,4, every digit used
     * somewhere (Easy says nothing), but B1 takes only 3 or 4 */
    snprintf(text, sizeof text, "4\n2 - A1 B1\n5 + C1 D1\n%s", rows234);
    expect_step(4, text, "A1=12", MATHDOKU_TECH_CAGE_CELLS, "B1:12");
    /* Hard: 4* on A1 B1 A2 is 4,1,1 or 1,2,2: row 1 gets a 1 from the
     * cage either way, so C1 and D1 lose 1 (and so does column A below
     * the cage, in a step of its own); the square 4123/1342/2431/3214 */
    const char *l = "4\n4 * A1 B1 A2\n5 + C1 D1\n9 + B2 C2 D2\n"
                    "10 + A3 B3 C3 D3\n10 + A4 B4 C4 D4\n";
    expect_step(4, l, "", MATHDOKU_TECH_CAGE_LINE, "C1:1 D1:1");
}

int main(int argc, char **argv)
{
    data_dir = argc > 1 ? argv[1] : "tests/data";
    keen_grades();
    generated();
    techniques();
    cage_techniques();
    return check_done();
}
