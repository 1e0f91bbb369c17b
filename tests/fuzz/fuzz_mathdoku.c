/*
 * fuzz_mathdoku.c - the mathdoku readers (letter grid, cage lists, Keen
 * IDs) under fuzzing.
 *
 * The first byte picks the rules (--nary) and whether the layout is forced;
 * the rest is the file.  Beyond "no crash": every error has a line and a
 * message; every puzzle read is written as a cage list and read back the
 * same; a small puzzle is solved (bounded) by DLX and DFS, which must agree
 * when both finish, and a solution found passes the checker.
 *
 * "Small" is order 6 at most and at most SOLVE_TUPLES digit tuples by the
 * crude bound N^cells per cage.  The 2% of the corpus above it (6x6 with
 * several 6-cell cages) built exact covers of up to ~10^5 options and took
 * 94% of a replay of the corpus (up to 0.1 s each), for no reader code;
 * the solver's own tests solve such puzzles (test_mathdoku: Keen 6x6 to
 * 9x9).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "mathdoku.h"

enum { SOLVE_TUPLES = 100000 };

/* an upper bound on the digit tuples the solver can build for p's cages */
static double tuple_bound(const mathdoku *p)
{
    double sum = 0;
    for (int k = 0; k < p->n_cages; k++) {
        double t = 1;
        for (int j = 0; j < p->cages[k].n && t < 1e9; j++)
            t *= p->N;
        sum += t;
    }
    return sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    mathdoku_rules rules = { .nary = data[0] & 1 };
    mathdoku_layout layout = (mathdoku_layout)((data[0] >> 1) % 4);
#ifdef FUZZ_MATHDOKU_LAYOUT
    layout = FUZZ_MATHDOKU_LAYOUT; /* fuzz_keen.c: Keen IDs only */
#endif
    FILE *f = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
    if (!f)
        return 0;
    if (size == 1)
        fgetc(f);
    mathdoku_reader r;
    mathdoku_reader_init(&r, f, layout, &rules);
    /* a small cap, so that the fuzzer reaches a line too long as the
     * commands do (through the same line reader) */
    if (data[0] & 0x80)
        r.in.max_line = 120;
    mathdoku p;
    dlx_diag err;
    int first, got, puzzles = 0;
    while (puzzles++ < 32 && (got = mathdoku_read(&r, &p, &first, &err))) {
        if (got < 0) {
            FUZZ_ASSERT(err.message[0] != '\0' && err.line >= 0);
            if (got != MATHDOKU_EBAD)
                break;
            continue;
        }
        int N = p.N;
        FUZZ_ASSERT(N >= 1 && N <= MATHDOKU_MAX_N);
        /* written as a cage list, read back the same */
        char *text = NULL;
        size_t len = 0;
        FILE *w = open_memstream(&text, &len);
        FUZZ_ASSERT(w && mathdoku_write_list(w, &p) == 0);
        fclose(w);
        mathdoku q;
        if (mathdoku_read_string(text, &rules, &q, &err) != 0) {
            fprintf(stderr, "not read back (%s):\n%s\n", err.message, text);
            FUZZ_ASSERT(0);
        }
        FUZZ_ASSERT(q.N == N && q.n_cages == p.n_cages &&
                    memcmp(q.cage_of, p.cage_of, (size_t)N * N *
                                                     sizeof *p.cage_of) == 0);
        for (int k = 0; k < p.n_cages; k++)
            FUZZ_ASSERT(q.cages[k].target == p.cages[k].target &&
                        q.cages[k].op == p.cages[k].op);
        mathdoku_free(&q);
        free(text);
        if (N <= 6 && tuple_bound(&p) <= SOLVE_TUPLES) {
            mathdoku_solver *sv = NULL;
            grid_limits budget = { .max_nodes = 1000000 };
            if (mathdoku_solver_new(&p, &rules, &budget, &sv, &err) ==
                MATHDOKU_OK) {
                int g[36], h[36];
                grid_limits lim = { .max_solutions = 2,
                                        .max_nodes = 20000 };
                grid_outcome a, b;
                FUZZ_ASSERT(mathdoku_solve_dlx(sv, &lim, g, &a) == 0);
                char why[256];
                if (a.solutions > 0)
                    FUZZ_ASSERT(mathdoku_check(&p, &rules, g, why,
                                               sizeof why) == 0);
                lim.max_nodes = 200000;
                FUZZ_ASSERT(mathdoku_solve_dfs(&p, &rules, &lim, h, &b) == 0);
                if (a.complete && b.complete)
                    FUZZ_ASSERT(a.solutions == b.solutions);
                mathdoku_solver_free(sv);
            } else {
                FUZZ_ASSERT(err.message[0] != '\0');
            }
        }
        mathdoku_free(&p);
    }
    mathdoku_reader_release(&r);
    fclose(f);
    return 0;
}
