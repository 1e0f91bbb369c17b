/*
 * test_sudoku_solo.c - Solo's levels (sudoku_solo.h) against Solo itself:
 * the level sgt-solo generated each puzzle of solo-levels.tsv and
 * tatham-solo.tsv at, per level and shape (>= 90% each, all expected);
 * grids finished by the deductions checked by the independent checker;
 * puzzles generated at each level re-rated, counted unique by the engine,
 * and minimal within their level.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check.h"
#include "sudoku_fixtures.h"
#include "sudoku_gen.h"
#include "sudoku_solo.h"

#define GROUPS 64

typedef struct tally {
    char key[48];
    int n, agree;
} tally;

static void count(tally *t, int *n_t, const char *key, int agree)
{
    int k = 0;
    while (k < *n_t && strcmp(t[k].key, key))
        k++;
    if (k == *n_t) {
        if (*n_t == GROUPS)
            return;
        snprintf(t[k].key, sizeof t[k].key, "%s", key);
        t[k].n = t[k].agree = 0;
        (*n_t)++;
    }
    t[k].n++;
    t[k].agree += agree;
}

/* Is the puzzle's solution unique by the engine (a second method)? */
static int unique(const sudoku *s)
{
    sudoku_solver *sv = sudoku_is_variant(s) ? sudoku_solver_for(s)
                                             : sudoku_solver_new(s->shape);
    grid_limits lim = { .max_solutions = 2 };
    grid_outcome out;
    int ok = sv && sudoku_solve_dlx(sv, s, &lim, NULL, &out) == SUDOKU_OK &&
             out.complete && out.solutions == 1;
    sudoku_solver_free(sv);
    return ok;
}

/* The grid the deductions finished is a solution of the puzzle, by the
 * checker that knows neither solver (plain sudoku) or by every unit. */
static int finished_right(const sudoku_solo *so, const sudoku *s)
{
    int N = s->shape.N;
    const unsigned char *g = sudoku_solo_grid(so);
    int *units = malloc((size_t)sudoku_unit_count(s) * N * sizeof *units);
    int ok = units && sudoku_units(s, units) >= 0;
    for (int u = 0; ok && u < sudoku_unit_count(s); u++) {
        uint64_t seen = 0;
        for (int k = 0; k < N; k++) {
            int c = units[u * N + k];
            ok = ok && g[c] >= 1 && g[c] <= N && !(seen >> g[c] & 1);
            seen |= 1ULL << g[c];
        }
    }
    for (int i = 0; ok && i < N * N; i++)
        ok = !s->cell[i] || s->cell[i] == g[i];
    free(units);
    return ok;
}

/* One file of IDs with Solo's level: column id_col the ID, column
 * level_col the level (its first word, any case), column key_col the
 * family (or the ID's parameters when key_col < 0). */
static void agreement(const char *name, int id_col, int level_col,
                      int expected)
{
    FILE *f = open_data(name);
    if (!f)
        return;
    sudoku_solo *so = sudoku_solo_new(SUDOKU_SOLO_MAX_ORDER);
    sudoku s;
    sudoku_init(&s);
    sudoku_read_options opt = { .layout = SUDOKU_LAYOUT_TATHAM };
    tally t[GROUPS];
    int n_t = 0, total = 0, lineno = 0, wrong = 0, not_unique = 0;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        if (++lineno == 1)
            continue; /* header */
        char *col[4] = { 0 }, *p = line;
        for (int c = 0; c < 4 && p; c++) {
            col[c] = p;
            p = strchr(p, '\t');
            if (p)
                *p++ = '\0';
        }
        line[strcspn(line, "\n")] = '\0';
        char *id = col[id_col], *level = col[level_col];
        if (!id || !level)
            continue;
        id[strcspn(id, "\n")] = '\0';
        dlx_diag err;
        if (sudoku_read_string(id, &opt, &s, &err) != 0) {
            CHECK(0, "%s:%d: %s", name, lineno, err.message);
            continue;
        }
        int want = -1;
        for (int l = 0; l < SUDOKU_SOLO_LEVEL_COUNT; l++)
            if (!strncasecmp(level, sudoku_solo_level_names[l],
                             strlen(sudoku_solo_level_names[l])))
                want = l;
        CHECK(want >= 0, "%s:%d: level '%s'", name, lineno, level);
        int got = sudoku_solo_rate(so, &s, SUDOKU_SOLO_UNREASONABLE, NULL);
        if (got >= 0 && got < SUDOKU_SOLO_UNREASONABLE)
            wrong += !finished_right(so, &s);
        else
            not_unique += !unique(&s);
        char key[48];
        snprintf(key, sizeof key, "%.*s %s", (int)strcspn(id, ":"), id,
                 sudoku_solo_level_name((sudoku_solo_level)want));
        count(t, &n_t, key, got == want);
        if (got != want)
            fprintf(stderr, "%s:%d: Solo %s, ours %s\n", name, lineno,
                    sudoku_solo_level_name((sudoku_solo_level)want),
                    sudoku_solo_level_name((sudoku_solo_level)got));
        total++;
    }
    for (int k = 0; k < n_t; k++) {
        printf("%s: %s: %d of %d agree\n", name, t[k].key, t[k].agree,
               t[k].n);
        CHECK(t[k].agree * 10 >= t[k].n * 9, "%s: %s: %d of %d agree", name,
              t[k].key, t[k].agree, t[k].n);
    }
    CHECK(total == expected, "%s: %d puzzles read", name, total);
    CHECK(wrong == 0, "%s: %d grids finished wrong", name, wrong);
    CHECK(not_unique == 0, "%s: %d unreasonable ones not unique", name,
          not_unique);
    sudoku_release(&s);
    sudoku_solo_free(so);
    fclose(f);
}

/* Puzzles generated at each level: of that level again, unique by the
 * engine, and no group of givens can go without a harder level. */
static void generated(sudoku_shape sh, sudoku_symmetry sym, int per_level)
{
    sudoku_solo *so = sudoku_solo_new(sh.N);
    sudoku_solver *sv = sudoku_solver_new(sh);
    sudoku p, sol;
    sudoku_init(&p);
    sudoku_init(&sol);
    sudoku_gen_options opt = { .symmetry = sym };
    for (int l = 0; l < SUDOKU_SOLO_LEVEL_COUNT; l++) {
        int made = 0, tries = 0, bad = 0, not_minimal = 0;
        for (uint64_t seed = 1; made < per_level && tries < 20000; seed++) {
            sudoku_gen_report rep;
            int st = sudoku_solo_generate(so, sv, seed, (sudoku_solo_level)l,
                                          &opt, &p, &sol, &rep);
            tries++;
            CHECK(st >= 0, "%dx%d %s seed %llu: %d", sh.R, sh.C,
                  sudoku_solo_level_names[l], (unsigned long long)seed, st);
            if (st != 0)
                continue;
            made++;
            int got = sudoku_solo_rate(so, &p, SUDOKU_SOLO_UNREASONABLE, NULL);
            bad += got != l || !unique(&p);
            for (int i = 0; i < sh.N * sh.N; i++)
                bad += p.cell[i] && p.cell[i] != sol.cell[i];
            if (l == SUDOKU_SOLO_UNREASONABLE)
                continue;
            for (int i = 0; i < sh.N * sh.N; i++) {
                int group[4], n = sudoku_symmetric_cells(&sh, sym, i, group);
                unsigned char was[4];
                if (!p.cell[i])
                    continue;
                for (int j = 0; j < n; j++) {
                    was[j] = p.cell[group[j]];
                    p.cell[group[j]] = 0;
                }
                got = sudoku_solo_rate(so, &p, (sudoku_solo_level)l, NULL);
                not_minimal += got >= 0 && got <= l;
                for (int j = 0; j < n; j++)
                    p.cell[group[j]] = was[j];
            }
        }
        printf("%dx%d %s: %d made in %d tries\n", sh.R, sh.C,
               sudoku_solo_level_names[l], made, tries);
        CHECK(made == per_level, "%dx%d %s: %d of %d made", sh.R, sh.C,
              sudoku_solo_level_names[l], made, per_level);
        CHECK(bad == 0, "%dx%d %s: %d wrong", sh.R, sh.C,
              sudoku_solo_level_names[l], bad);
        CHECK(not_minimal == 0, "%dx%d %s: %d givens could go", sh.R, sh.C,
              sudoku_solo_level_names[l], not_minimal);
    }
    sudoku_release(&p);
    sudoku_release(&sol);
    sudoku_solver_free(sv);
    sudoku_solo_free(so);
}

/* Killer is refused, and a puzzle whose givens clash is a contradiction,
 * not a crash. */
static void refusals(void)
{
    sudoku_solo *so = sudoku_solo_new(9);
    sudoku s;
    sudoku_init(&s);
    sudoku_shape nine = { 3, 3, 9 };
    CHECK(sudoku_set_shape(&s, nine) == 0, "9x9 made");
    memset(s.cell, 0, 81);
    s.cell[0] = s.cell[1] = 1;
    CHECK(sudoku_solo_rate(so, &s, SUDOKU_SOLO_UNREASONABLE, NULL) ==
              SUDOKU_EBAD, "clashing givens");
    CHECK(sudoku_solo_refusal(&s) == NULL, "plain sudoku graded");
    int cage[81], sum[1] = { 45 };
    for (int i = 0; i < 81; i++)
        cage[i] = i < 9 ? 0 : -1;
    CHECK(sudoku_set_cages(&s, 1, cage, sum) == 0, "cages set");
    CHECK(sudoku_solo_refusal(&s) != NULL, "killer refused");
    CHECK(sudoku_solo_rate(so, &s, SUDOKU_SOLO_UNREASONABLE, NULL) ==
              SUDOKU_ELIMIT, "killer not rated");
    sudoku_release(&s);
    sudoku_init(&s);
    sudoku_shape big = { 4, 4, 16 };
    CHECK(sudoku_set_shape(&s, big) == 0, "16x16 made");
    CHECK(sudoku_solo_rate(so, &s, SUDOKU_SOLO_UNREASONABLE, NULL) ==
              SUDOKU_ELIMIT, "order above the solver's");
    CHECK(!strcmp(sudoku_solo_level_name(SUDOKU_SOLO_ADVANCED), "advanced") &&
              sudoku_solo_level_letter(SUDOKU_SOLO_UNREASONABLE) == 'u',
          "names and letters");
    sudoku_release(&s);
    sudoku_solo_free(so);
}

/* The deductions keep the time of sudoku_solo_set_limits: on an empty
 * 64x64 (about 0.15 s of deductions that find nothing) 1 ms cuts them
 * (SUDOKU_ECUT), and without a limit they end stuck (unreasonable). */
static void time_limit(void)
{
    sudoku_solo *so = sudoku_solo_new(64);
    sudoku s;
    sudoku_init(&s);
    sudoku_shape big = { 8, 8, 64 };
    CHECK(so && sudoku_set_shape(&s, big) == 0, "64x64 made");
    if (so && s.shape.N == 64) {
        memset(s.cell, 0, 64 * 64);
        grid_limits lim = { .max_seconds = 0.001 };
        sudoku_solo_set_limits(so, &lim);
        int got = sudoku_solo_rate(so, &s, SUDOKU_SOLO_UNREASONABLE, NULL);
        CHECK(got == SUDOKU_ECUT, "empty 64x64 in 1 ms: %d, want "
              "SUDOKU_ECUT", got);
        sudoku_solo_set_limits(so, NULL);
        got = sudoku_solo_rate(so, &s, SUDOKU_SOLO_UNREASONABLE, NULL);
        CHECK(got == SUDOKU_SOLO_UNREASONABLE, "empty 64x64 without a "
              "limit: %d, want unreasonable", got);
    }
    sudoku_release(&s);
    sudoku_solo_free(so);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    refusals();
    time_limit();
    agreement("solo-levels.tsv", 2, 1, 360);
    agreement("tatham-solo.tsv", 0, 1, 200);
    generated((sudoku_shape){ 3, 3, 9 }, SUDOKU_SYMMETRY_NONE, 5);
    generated((sudoku_shape){ 3, 3, 9 }, SUDOKU_SYMMETRY_ROT180, 3);
    generated((sudoku_shape){ 2, 3, 6 }, SUDOKU_SYMMETRY_NONE, 3);
    return check_done();
}
