/*
 * test_sudoku_roundtrip.c - what the writers write, the reader reads back
 * as the same puzzle (issue 35): every layout (line, grid, numbers, Solo
 * ID) x every symbol set x every variant (plain, X, jigsaw, killer and
 * their combinations) at orders 4, 6, 9 and 16, puzzles and their
 * solutions, read back with the format and symbols detected (as `sudoku
 * count` reads a pipe), unless the symbols cannot be told from the text
 * (letters and hex), when they are named as --symbols names them.  The
 * expected puzzle is the one written: cells, diagonals, regions, cages and
 * sums compared field by field.  The line layout holds no units: a
 * variant on a line must be refused by the commands (sudoku generate) or
 * written as its Solo ID (sudoku solve -o line), so only plain puzzles
 * take it here.  JSON is an output only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku_gen.h"
#include "sudoku_grid.h"

static const char *const layout_names[] = { "auto", "line", "grid",
                                            "numbers", "tatham" };
static const char *const symbol_names[] = { "auto", "digits", "alnum",
                                            "letters", "hex", "numbers" };

/* Does the symbol set hold the values of order N? */
static int symbols_fit(sudoku_symbols sym, int N)
{
    switch (sym) {
    case SUDOKU_SYM_DIGITS: return N <= 9;
    case SUDOKU_SYM_ALNUM: return N <= 35;
    case SUDOKU_SYM_LETTERS: return N <= 26;
    case SUDOKU_SYM_HEX: return N == 16;
    default: return 1;
    }
}

static int same_puzzle(const sudoku *a, const sudoku *b)
{
    int N = a->shape.N, NN = N * N;
    if (b->shape.N != N || memcmp(a->cell, b->cell, (size_t)NN) ||
        a->diagonals != b->diagonals || a->jigsaw != b->jigsaw ||
        a->n_cages != b->n_cages)
        return 0;
    if (!a->jigsaw && (a->shape.R != b->shape.R || a->shape.C != b->shape.C))
        return 0;
    for (int i = 0; a->jigsaw && i < NN; i++)
        if (a->region[i] != b->region[i])
            return 0;
    for (int i = 0; a->n_cages && i < NN; i++)
        if (a->cage[i] != b->cage[i])
            return 0;
    for (int k = 0; k < a->n_cages; k++)
        if (a->cage_sum[k] != b->cage_sum[k])
            return 0;
    return 1;
}

static int trips, failures, refusals;

static void round_trip(const sudoku *s, const char *what, sudoku_layout lay,
                       sudoku_symbols sym)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    int wrote = sudoku_write(f, s, lay, sym);
    fclose(f);
    char why[160];
    if (sudoku_layout_refusal(s, lay, why, sizeof why)) {
        /* more cages than labels: refused, and nothing written */
        CHECK(wrote == EOF && len == 0, "%s %dx%d -o %s: refused (%s) but "
              "%zu bytes written", what, s->shape.N, s->shape.N,
              layout_names[lay], why, len);
        refusals++;
        free(text);
        return;
    }
    sudoku back;
    sudoku_init(&back);
    sudoku_read_options opt = { 0 };
    if (sym == SUDOKU_SYM_LETTERS || sym == SUDOKU_SYM_HEX)
        opt.symbols = sym; /* 'A'..'I' or '0'..'F' are not told apart */
    dlx_diag err = { 0 };
    int st = sudoku_read_string(text, &opt, &back, &err);
    int ok = wrote == 0 && st == 0 && same_puzzle(s, &back);
    trips++;
    CHECK(ok, "%s %dx%d -o %s --out-symbols %s: %s (%s)\n%.300s", what,
          s->shape.N, s->shape.N, layout_names[lay], symbol_names[sym],
          st ? "not read back" : "read back different", err.message, text);
    failures += !ok;
    sudoku_release(&back);
    free(text);
}

/* Every layout and symbol set of puzzle p. */
static void every_writer(const sudoku *p, const char *what)
{
    static const sudoku_layout layouts[] = {
        SUDOKU_LAYOUT_LINE, SUDOKU_LAYOUT_GRID, SUDOKU_LAYOUT_NUMBERS,
        SUDOKU_LAYOUT_TATHAM };
    for (int l = 0; l < 4; l++) {
        if (layouts[l] == SUDOKU_LAYOUT_LINE && sudoku_is_variant(p))
            continue;
        for (int y = SUDOKU_SYM_AUTO; y <= SUDOKU_SYM_NUMBERS; y++) {
            /* a line of numbers up to 35x35 would read as a grid row: the
             * commands write symbols then (sudoku_cmd.c write_grid) */
            if (layouts[l] == SUDOKU_LAYOUT_LINE && p->shape.N <= 35 &&
                y == SUDOKU_SYM_NUMBERS)
                continue;
            if (symbols_fit((sudoku_symbols)y, p->shape.N))
                round_trip(p, what, layouts[l], (sudoku_symbols)y);
        }
    }
}

/* Random cages of sol's digits on both p and sol: 0, or -1. */
static int add_cages(sudoku *p, sudoku *sol)
{
    int NN = sol->shape.N * sol->shape.N;
    int *cage = malloc((size_t)NN * sizeof *cage);
    int *sum = malloc((size_t)NN * sizeof *sum);
    int n = cage && sum ? sudoku_random_cages(sol, 11, 4, cage, sum) : -1;
    int st = n > 0 && sudoku_set_cages(sol, n, cage, sum) == 0 &&
             sudoku_set_cages(p, n, cage, sum) == 0 ? 0 : -1;
    free(cage);
    free(sum);
    return st;
}

int main(void)
{
    static const struct { int R, C; } shapes[] = { { 2, 2 }, { 2, 3 },
                                                  { 3, 3 }, { 4, 4 } };
    static const char *const names[] = { "plain", "x", "jigsaw", "killer",
                                         "x,jigsaw", "x,killer",
                                         "jigsaw,killer", "x,jigsaw,killer" };
    int made = 0, wanted = 0;
    for (int s = 0; s < 4; s++)
        for (int v = 0; v < 8; v++) {
            sudoku_gen_variant var = { v == 1 || v == 4 || v == 5 || v == 7,
                                       v == 2 || v == 4 || v >= 6,
                                       v == 3 || v >= 5, 0 };
            int N = shapes[s].R * shapes[s].C;
            /* 16x16: plain, X and killer (jigsaw regions take seconds) */
            if (N == 16 && var.jigsaw)
                continue;
            wanted++;
            sudoku_shape shape = { shapes[s].R, shapes[s].C, N };
            /* 16x16: a quarter of the cells cleared (clearing an X to
             * minimal takes seconds) */
            sudoku_gen_options opt = { .max_seconds = 20,
                                       .target_givens = N == 16 ? 192 : 0 };
            sudoku p, sol;
            sudoku_init(&p);
            sudoku_init(&sol);
            sudoku_gen_report rep;
            int st;
            if (v == 0) {
                sudoku_solver *sv = sudoku_solver_new(shape);
                st = sv ? sudoku_generate(sv, 3, &opt, &p, &sol, &rep) : -1;
                sudoku_solver_free(sv);
            } else {
                /* 16x16 killers: the cages are drawn on an X or plain
                 * puzzle (a unique one takes minutes to clear) */
                sudoku_gen_variant units = var;
                units.killer = var.killer && N < 16;
                st = sudoku_generate_variant(&units, shape, 3, &opt, &p, &sol,
                                             &rep);
                if (st == 0 && var.killer && !units.killer)
                    st = add_cages(&p, &sol);
            }
            CHECK(st == 0, "%s %dx%d: not generated", names[v], N, N);
            if (st == 0) {
                made++;
                every_writer(&p, names[v]);
                /* the solution (the variant's units too): every symbol of
                 * the set written */
                every_writer(&sol, names[v]);
            }
            sudoku_release(&p);
            sudoku_release(&sol);
        }
    /* a 25x25 killer of 4-cell cages (about 200, past the grid layout's
     * 91 labels) on the hint grid: the Solo ID reads back, grid and
     * numbers refuse it */
    sudoku_shape big = { 5, 5, 25 };
    sudoku sol, p;
    sudoku_init(&sol);
    sudoku_init(&p);
    sudoku_set_shape(&sol, big);
    for (int i = 0; i < 625; i++)
        sol.cell[i] = (unsigned char)sudoku_hint_digit(&big, i / 25, i % 25);
    sudoku_copy(&p, &sol);
    memset(p.cell, 0, 625);
    int before = refusals;
    CHECK(add_cages(&p, &sol) == 0 && p.n_cages > SUDOKU_SECTION_LABELS,
          "25x25 killer: %d cages", p.n_cages);
    every_writer(&p, "killer");
    every_writer(&sol, "killer");
    CHECK(refusals - before >= 4, "25x25 killer: %d refusals",
          refusals - before);
    sudoku_release(&sol);
    sudoku_release(&p);
    printf("%d puzzles of %d made, %d round trips, %d failed, %d refused\n",
           made, wanted, trips, failures, refusals);
    CHECK(made == wanted && trips > 500, "%d of %d puzzles, %d round trips",
          made, wanted, trips);
    return check_done();
}
