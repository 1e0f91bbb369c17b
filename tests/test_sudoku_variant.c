/*
 * test_sudoku_variant.c - the variants (X, jigsaw, killer and their
 * combinations) against Simon Tatham's Solo: puzzles Solo generated, each
 * with the solution Solo's own solver found (data/sudoku/
 * solo-variants.tsv, made by make_solo_variants.sh).  Each is read from its
 * game ID, solved by Dancing Links to Solo's solution and proved unique,
 * counted again by the naive DFS where it finishes within a budget,
 * written back as an ID that is Solo's own, and Solo's solution passes the
 * checker while broken copies of it do not.
 *
 * Usage: test_sudoku_variant DATA_DIR   (tests/data)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku_grid.h"
#include "sudoku_solve.h"
#include "sudoku_fixtures.h"

/* Solo's solution "5,2,1,..." into g (same shape and variant as s). */
static int parse_solution(const char *text, const sudoku *s, sudoku *g)
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

/* A broken copy of Solo's solution must fail the checker, naming what
 * the variant adds: rows 1 and 2 swapped keep rows and columns (and boxes
 * of R > 1) but not the diagonals; a plain sudoku grid keeps all but a
 * jigsaw's regions; digits 1 and 2
 * swapped keep every unit but not the sums of cages holding one of them. */
static void broken_copies(const sudoku *s, const sudoku *sol, int lineno)
{
    int N = s->shape.N;
    sudoku g, blank;
    sudoku_init(&g);
    sudoku_init(&blank);
    /* the variant without its givens, which the broken copies break */
    sudoku_copy(&blank, s);
    memset(blank.cell, 0, (size_t)N * N);
    s = &blank;
    char why[200];
    if (s->n_cages) {
        sudoku_copy(&g, sol);
        for (int i = 0; i < N * N; i++)
            if (g.cell[i] <= 2)
                g.cell[i] = (unsigned char)(3 - g.cell[i]);
        int st = sudoku_check_solution(s, &g, why, sizeof why);
        CHECK(st == SUDOKU_EBAD && strstr(why, "cage"), "line %d: digits "
              "1, 2 swapped: %s", lineno, st ? why : "valid");
    }
    if (s->jigsaw) {
        /* a plain sudoku grid of the usual boxes: its regions repeat */
        const sudoku_shape *sh = &sol->shape;
        sudoku_copy(&g, sol);
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++)
                g.cell[r * N + c] =
                    (unsigned char)((r % sh->R * sh->C + r / sh->R + c) % N +
                                    1);
        int st = sudoku_check_solution(s, &g, why, sizeof why);
        CHECK(st == SUDOKU_EBAD && strstr(why, "region"), "line %d: a plain "
              "grid: %s", lineno, st ? why : "valid");
    } else if (s->diagonals) {
        sudoku_copy(&g, sol);
        for (int c = 0; c < N; c++) {
            unsigned char t = g.cell[c];
            g.cell[c] = g.cell[N + c];
            g.cell[N + c] = t;
        }
        int st = sudoku_check_solution(s, &g, why, sizeof why);
        CHECK(st == SUDOKU_EBAD &&
              (strstr(why, "diagonal") || strstr(why, "region") ||
               strstr(why, "cage")), "line %d: rows 1, 2 swapped: %s",
              lineno, st ? why : "valid");
    }
    sudoku_release(&g);
    sudoku_release(&blank);
}

/* sudoku_solve_other, the generator's check: on the puzzle, nothing
 * other than Solo's solution; with a wrong grid as the known one, Solo's
 * is the other; the killer's cages without givens (a solver of its own):
 * a second solution, when there is one, is a valid one that differs. */
static void other_solution(sudoku_solver *sv, const sudoku *s,
                           const sudoku *solo, int lineno)
{
    int NN = s->shape.N * s->shape.N, found = -1;
    unsigned char *other = malloc((size_t)NN), *wrong = malloc((size_t)NN);
    grid_limits lim = { .max_solutions = 2 };
    grid_outcome out;
    CHECK(sudoku_solve_other(sv, s, &lim, solo->cell, other, &found,
                             &out) == 0 && !found && out.solutions == 1,
          "line %d: other than Solo's: %d", lineno, found);
    memcpy(wrong, solo->cell, (size_t)NN);
    wrong[0] = wrong[0] % s->shape.N + 1;
    CHECK(sudoku_solve_other(sv, s, &lim, wrong, other, &found, &out) == 0 &&
          found && !memcmp(other, solo->cell, (size_t)NN),
          "line %d: Solo's solution not the other one", lineno);
    if (s->n_cages) {
        sudoku bare;
        sudoku_init(&bare);
        CHECK(sudoku_copy(&bare, s) == 0, "copy");
        memset(bare.cell, 0, (size_t)NN);
        sudoku_solver *bs = sudoku_solver_for(&bare);
        CHECK(bs && sudoku_solve_other(bs, &bare, &lim, solo->cell, other,
                                       &found, &out) == 0,
              "line %d: cages alone", lineno);
        CHECK(found == (out.solutions == 2), "line %d: cages alone: %llu "
              "solutions, found %d", lineno,
              (unsigned long long)out.solutions, found);
        if (found) {
            sudoku g;
            sudoku_init(&g);
            char why[200] = "";
            CHECK(sudoku_copy(&g, s) == 0, "copy");
            memcpy(g.cell, other, (size_t)NN);
            CHECK(memcmp(other, solo->cell, (size_t)NN) &&
                  sudoku_check_solution(&bare, &g, why, sizeof why) == 0,
                  "line %d: cages alone: other solution wrong: %s", lineno,
                  why);
            sudoku_release(&g);
        }
        sudoku_solver_free(bs);
        sudoku_release(&bare);
    }
    free(other);
    free(wrong);
}

static void solo_puzzles(void)
{
    FILE *f = open_data("solo-variants.tsv");
    if (!f)
        return;
    char line[8192];
    sudoku s, sol, solo, back;
    sudoku_init(&s);
    sudoku_init(&sol);
    sudoku_init(&solo);
    sudoku_init(&back);
    int lineno = 0, per_family[16] = { 0 }, n_dfs = 0;
    static const char *const families[] = { "3x3x", "6j", "9j", "12j",
                                            "2x3k", "3x3k", "9jk", "9jx",
                                            "3x3xk", "9jxk", NULL };
    sudoku_read_options opt = { .layout = SUDOKU_LAYOUT_TATHAM };
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *family = strtok(line, "\t"), *id = strtok(NULL, "\t"),
             *listed = strtok(NULL, "\t\n");
        if (!family || !id || !listed) {
            CHECK(0, "line %d: not family, ID, solution", lineno);
            continue;
        }
        int fam = 0;
        while (families[fam] && strcmp(families[fam], family))
            fam++;
        CHECK(families[fam], "line %d: family %s", lineno, family);
        dlx_diag err;
        if (sudoku_read_string(id, &opt, &s, &err) != 0) {
            CHECK(0, "line %d: %s", lineno, err.message);
            continue;
        }
        CHECK(sudoku_is_variant(&s), "line %d: read as plain", lineno);
        CHECK(parse_solution(listed, &s, &solo) == 0, "line %d: solution",
              lineno);
        char why[200];
        CHECK(sudoku_check_solution(&s, &solo, why, sizeof why) == 0,
              "line %d: Solo's solution refused: %s", lineno, why);

        /* Dancing Links: one solution, Solo's */
        sudoku_solver *sv = sudoku_solver_for(&s);
        CHECK(sv != NULL, "line %d: no solver", lineno);
        if (!sv)
            continue;
        grid_limits lim = { .max_solutions = 2 };
        grid_outcome out;
        int st = sudoku_solve_dlx(sv, &s, &lim, &sol, &out);
        CHECK(st == 0 && out.solutions == 1 && out.complete, "line %d: "
              "%llu solutions", lineno, (unsigned long long)out.solutions);
        int N = s.shape.N;
        CHECK(!memcmp(sol.cell, solo.cell, (size_t)N * N), "line %d: not "
              "Solo's solution", lineno);
        other_solution(sv, &s, &solo, lineno);
        sudoku_solver_free(sv);

        /* the naive search agrees where it finishes */
        grid_limits budget = { .max_solutions = 2, .max_nodes = 3000000 };
        st = sudoku_solve_dfs(&s, &budget, &sol, &out);
        CHECK(st == 0, "line %d: dfs status %d", lineno, st);
        if (out.complete) {
            n_dfs++;
            CHECK(out.solutions == 1 &&
                  !memcmp(sol.cell, solo.cell, (size_t)N * N),
                  "line %d: dfs: %llu solutions", lineno,
                  (unsigned long long)out.solutions);
        }

        /* written back: Solo's own ID, which reads back the same */
        char *text = NULL;
        size_t size = 0;
        FILE *m = open_memstream(&text, &size);
        sudoku_write(m, &s, SUDOKU_LAYOUT_TATHAM, SUDOKU_SYM_AUTO);
        fclose(m);
        text[strcspn(text, "\n")] = '\0';
        CHECK(!strcmp(text, id), "line %d: written as\n %s\nnot\n %s", lineno,
              text, id);
        CHECK(sudoku_read_string(text, &opt, &back, &err) == 0 &&
              !memcmp(back.cell, s.cell, (size_t)N * N) &&
              back.jigsaw == s.jigsaw && back.diagonals == s.diagonals &&
              back.n_cages == s.n_cages, "line %d: read back differs",
              lineno);
        free(text);
        /* the grid and numbers layouts, with their sections, too */
        static const sudoku_layout other[] = { SUDOKU_LAYOUT_GRID,
                                               SUDOKU_LAYOUT_NUMBERS };
        for (int k = 0; k < 2; k++) {
            text = NULL;
            m = open_memstream(&text, &size);
            sudoku_write(m, &s, other[k], SUDOKU_SYM_AUTO);
            fclose(m);
            sudoku_read_options any = { .layout = SUDOKU_LAYOUT_AUTO };
            int got = sudoku_read_string(text, &any, &back, &err);
            free(text);
            text = NULL;
            m = open_memstream(&text, &size);
            sudoku_write(m, &back, SUDOKU_LAYOUT_TATHAM, SUDOKU_SYM_AUTO);
            fclose(m);
            text[strcspn(text, "\n")] = '\0';
            CHECK(got == 0 && !strcmp(text, id), "line %d: layout %d read "
                  "back as %s (%s)", lineno, (int)other[k], text,
                  got ? err.message : "read");
            free(text);
        }
        broken_copies(&s, &solo, lineno);
        per_family[fam]++;
    }
    for (int k = 0; families[k]; k++)
        CHECK(per_family[k] >= 20, "%s: %d puzzles", families[k],
              per_family[k]);
    CHECK(n_dfs >= 150, "the DFS finished %d puzzles only", n_dfs);
    printf("solo-variants.tsv: %d puzzles, %d also by DFS\n", lineno, n_dfs);
    sudoku_release(&s);
    sudoku_release(&sol);
    sudoku_release(&solo);
    sudoku_release(&back);
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    solo_puzzles();
    return check_done();
}
