/*
 * fuzz_sudoku.c - the sudoku readers (every layout, auto-detected or
 * forced) under fuzzing.
 *
 * The first byte picks the reader's options (layout, symbols, box), the
 * rest is the file.  Beyond "no crash": every error has a line and a
 * message; every puzzle read (variants too: X, jigsaw, killer) is written
 * in each layout and read back the same; a puzzle whose givens do not clash is searched (bounded), and any
 * solution found passes the independent checker and keeps the givens.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "sudoku_grid.h"
#include "sudoku_solve.h"

static void round_trip(const sudoku *s, sudoku_layout layout,
                       sudoku_symbols sym)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    FUZZ_ASSERT(f && sudoku_write(f, s, layout, sym) == 0);
    fclose(f);
    sudoku back;
    sudoku_init(&back);
    sudoku_read_options opt = { .layout = layout, .symbols = sym,
                                .box = s->shape };
    dlx_diag err;
    if (sudoku_read_string(text, &opt, &back, &err) != 0) {
        fprintf(stderr, "not read back (%s):\n%s\n", err.message, text);
        FUZZ_ASSERT(0);
    }
    int N = s->shape.N;
    FUZZ_ASSERT(back.shape.N == N &&
                memcmp(back.cell, s->cell, (size_t)N * N) == 0);
    /* the variant comes back too, but from the line layout (cells only) */
    if (layout != SUDOKU_LAYOUT_LINE) {
        FUZZ_ASSERT(back.diagonals == s->diagonals &&
                    back.jigsaw == s->jigsaw && back.n_cages == s->n_cages);
        for (int i = 0; s->jigsaw && i < N * N; i++)
            FUZZ_ASSERT(back.region[i] == s->region[i]);
        for (int i = 0; s->n_cages && i < N * N; i++)
            FUZZ_ASSERT(back.cage[i] == s->cage[i]);
        for (int k = 0; k < s->n_cages; k++)
            FUZZ_ASSERT(back.cage_sum[k] == s->cage_sum[k]);
    }
    sudoku_release(&back);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const sudoku_layout layouts[] = {
        SUDOKU_LAYOUT_AUTO, SUDOKU_LAYOUT_LINE, SUDOKU_LAYOUT_GRID,
        SUDOKU_LAYOUT_NUMBERS, SUDOKU_LAYOUT_TATHAM };
    static const sudoku_symbols symbols[] = {
        SUDOKU_SYM_AUTO, SUDOKU_SYM_DIGITS, SUDOKU_SYM_ALNUM,
        SUDOKU_SYM_LETTERS, SUDOKU_SYM_HEX, SUDOKU_SYM_NUMBERS };
    static const sudoku_shape boxes[] = { { 0, 0, 0 }, { 2, 2, 4 },
                                          { 2, 3, 6 }, { 3, 3, 9 } };
    sudoku_read_options opt = { 0 };
    unsigned char how = data[0];
    if (how & 0x80) {
        opt.layout = layouts[how % 5];
        opt.symbols = symbols[(how >> 3) % 6];
        opt.box = boxes[(how >> 5) & 3];
    }
#ifdef FUZZ_SUDOKU_LAYOUT
    opt.layout = FUZZ_SUDOKU_LAYOUT; /* fuzz_solo.c: Solo IDs only */
#endif
    FILE *f = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
    if (!f)
        return 0;
    if (size == 1)
        fgetc(f); /* an empty file */
    sudoku_reader r;
    sudoku_reader_init(&r, f, "fuzz", &opt);
    /* a small cap, so that the fuzzer reaches a line too long as the
     * commands do (through the same line reader) */
    if (how & 0x40)
        r.in.max_line = 200;
    sudoku s, sol;
    sudoku_init(&s);
    sudoku_init(&sol);
    sudoku_source src;
    dlx_diag err;
    int got, puzzles = 0, last_line = 0;
    while (puzzles++ < 64 && (got = sudoku_read(&r, &s, &src, &err)) != 0) {
        if (got < 0) {
            FUZZ_ASSERT(err.message[0] != '\0');
            FUZZ_ASSERT(err.line >= 0 && err.line <= r.in.lineno + 1);
            if (got != SUDOKU_EBAD)
                break;
            continue;
        }
        /* puzzles come in order, each from a line of its own */
        FUZZ_ASSERT(src.line > last_line);
        last_line = src.line;
        int N = s.shape.N;
        FUZZ_ASSERT(N >= 1 && N <= SUDOKU_MAX_ORDER);
        for (int i = 0; i < N * N; i++)
            FUZZ_ASSERT(s.cell[i] <= N);
        round_trip(&s, SUDOKU_LAYOUT_NUMBERS, SUDOKU_SYM_NUMBERS);
        round_trip(&s, SUDOKU_LAYOUT_GRID, SUDOKU_SYM_NUMBERS);
        round_trip(&s, SUDOKU_LAYOUT_TATHAM, SUDOKU_SYM_AUTO);
        if (N <= 35) {
            round_trip(&s, SUDOKU_LAYOUT_LINE, SUDOKU_SYM_ALNUM);
            round_trip(&s, SUDOKU_LAYOUT_GRID, SUDOKU_SYM_ALNUM);
        }
        if (N <= 16 && sudoku_check_givens(&s, &err) == 0) {
            sudoku_solver *sv = sudoku_solver_for(&s);
            FUZZ_ASSERT(sv);
            grid_limits lim = { .max_solutions = 2, .max_nodes = 5000 };
            grid_outcome out;
            FUZZ_ASSERT(sudoku_solve_dlx(sv, &s, &lim, &sol, &out) == 0);
            char why[200];
            if (out.solutions > 0)
                FUZZ_ASSERT(sudoku_check_solution(&s, &sol, why,
                                                  sizeof why) == 0);
            sudoku_solver_free(sv);
        }
    }
    sudoku_release(&s);
    sudoku_release(&sol);
    sudoku_reader_release(&r);
    fclose(f);
    return 0;
}
