/*
 * test_sudoku.c - the sudoku front end against numbers from outside it:
 * published grid counts, Tatham's IDs with their listed solutions, public
 * collections checked by the independent checker, and the naive DFS as a
 * second method.
 *
 * Usage: test_sudoku DATA_DIR   (tests/data)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku_canon.h"
#include "sudoku_gen.h"
#include "sudoku_grid.h"
#include "sudoku_logic.h"
#include "sudoku_solve.h"

static const char *data_dir;

static FILE *open_data(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/sudoku/%s", data_dir, name);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    return f;
}

/* Solutions of the empty grid of a shape, up to limit, by both methods. */
static void count_empty(int R, int C, uint64_t expected, int with_dfs)
{
    sudoku_shape shape = { R, C, R * C };
    sudoku s, first;
    sudoku_init(&s);
    sudoku_init(&first);
    sudoku_set_shape(&s, shape);
    sudoku_set_shape(&first, shape);
    memset(s.cell, 0, (size_t)shape.N * shape.N);
    sudoku_solver *sv = sudoku_solver_new(shape);
    sudoku_limits lim = { 0 };
    sudoku_outcome out;
    CHECK(sudoku_solve_dlx(sv, &s, &lim, &first, &out) == 0 && out.complete,
          "%dx%d", R, C);
    CHECK(out.solutions == expected, "%dx%d grids: %llu, expected %llu", R, C,
          (unsigned long long)out.solutions, (unsigned long long)expected);
    char why[200];
    CHECK(sudoku_check_solution(&s, &first, why, sizeof why) == 0, "%s", why);
    if (with_dfs) {
        CHECK(sudoku_solve_dfs(&s, &lim, NULL, &out) == 0 &&
              out.solutions == expected, "%dx%d by DFS: %llu", R, C,
              (unsigned long long)out.solutions);
    }
    sudoku_solver_free(sv);
    sudoku_release(&s);
    sudoku_release(&first);
}

/* 6x6 (2x3) grids with the first row 123456: 28,200,960 / 6! = 39,168. */
static void count_6x6_first_row(void)
{
    sudoku s;
    sudoku_error err;
    sudoku_init(&s);
    sudoku_read_options opt = { .box = { 2, 3, 6 } };
    CHECK(sudoku_read_string("123456" "..............................", &opt,
                             &s, &err) == 0, "%s", err.message);
    sudoku_solver *sv = sudoku_solver_new(s.shape);
    sudoku_limits lim = { 0 };
    sudoku_outcome out;
    sudoku_solve_dlx(sv, &s, &lim, NULL, &out);
    CHECK(out.solutions == 39168, "6x6, first row fixed: %llu",
          (unsigned long long)out.solutions);
    sudoku_solve_dfs(&s, &lim, NULL, &out);
    CHECK(out.solutions == 39168, "6x6 by DFS: %llu",
          (unsigned long long)out.solutions);
    /* limits: two solutions asked, two found; a node budget cuts short */
    lim.max_solutions = 2;
    sudoku_solve_dlx(sv, &s, &lim, NULL, &out);
    CHECK(out.solutions == 2 && out.complete, "limit 2");
    lim.max_solutions = 0;
    lim.max_nodes = 100;
    sudoku_solve_dlx(sv, &s, &lim, NULL, &out);
    CHECK(!out.complete && out.nodes <= 100, "max_nodes: %llu nodes",
          (unsigned long long)out.nodes);
    sudoku_solve_dfs(&s, &lim, NULL, &out);
    CHECK(!out.complete, "DFS max_nodes");
    sudoku_solver_free(sv);
    sudoku_release(&s);
}

/* Every Tatham Solo ID solves to its listed solution, uniquely. */
static void tatham_ids(void)
{
    FILE *f = open_data("tatham-solo.tsv");
    if (!f)
        return;
    char line[4096];
    sudoku s, sol;
    sudoku_init(&s);
    sudoku_init(&sol);
    sudoku_solver *sv = NULL;
    sudoku_shape cur = { 0, 0, 0 };
    int n = 0, lineno = 0;
    sudoku_read_options opt = { .layout = SUDOKU_LAYOUT_TATHAM };
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (lineno == 1)
            continue; /* header */
        char *id = strtok(line, "\t"), *grade = strtok(NULL, "\t"),
             *listed = strtok(NULL, "\t\n");
        (void)grade;
        sudoku_error err;
        if (sudoku_read_string(id, &opt, &s, &err) != 0) {
            CHECK(0, "tatham-solo.tsv:%d: %s", lineno, err.message);
            continue;
        }
        if (!sv || cur.R != s.shape.R || cur.C != s.shape.C) {
            sudoku_solver_free(sv);
            sv = sudoku_solver_new(s.shape);
            cur = s.shape;
        }
        sudoku_set_shape(&sol, s.shape);
        sudoku_limits lim = { .max_solutions = 2 };
        sudoku_outcome out;
        sudoku_solve_dlx(sv, &s, &lim, &sol, &out);
        CHECK(out.solutions == 1, "line %d: %llu solutions", lineno,
              (unsigned long long)out.solutions);
        int N = s.shape.N, same = 1;
        char *p = listed;
        for (int i = 0; i < N * N; i++) {
            same &= strtol(p, &p, 10) == sol.cell[i];
            if (*p == ',')
                p++;
        }
        CHECK(same, "line %d: not the listed solution", lineno);
        n++;
    }
    CHECK(n == 200, "%d IDs", n);
    sudoku_solver_free(sv);
    sudoku_release(&s);
    sudoku_release(&sol);
    fclose(f);
}

/* The puzzles of a data file, one at a time, each with a solver of its
 * shape (kept while the shape stays); a read error fails the test. */
typedef struct data_file {
    const char *name;
    FILE *f;
    sudoku_reader r;
    sudoku s;                   /* the puzzle just read */
    sudoku_source src;          /* where it was */
    sudoku_solver *sv;          /* a solver of its shape, or NULL */
} data_file;

static int data_open(data_file *d, const char *name)
{
    memset(d, 0, sizeof *d);
    d->name = name;
    sudoku_init(&d->s);
    d->f = open_data(name);
    if (!d->f)
        return 0;
    sudoku_read_options opt = { 0 };
    sudoku_reader_init(&d->r, d->f, name, &opt);
    return 1;
}

static const sudoku *data_next(data_file *d)
{
    sudoku_shape was = d->s.shape;
    sudoku_error err;
    int got;
    while ((got = sudoku_read(&d->r, &d->s, &d->src, &err)) < 0)
        CHECK(0, "%s:%d: %s", d->name, err.line, err.message);
    if (got == 0)
        return NULL;
    if (!d->sv || was.R != d->s.shape.R || was.C != d->s.shape.C) {
        sudoku_solver_free(d->sv);
        d->sv = sudoku_solver_new(d->s.shape);
    }
    return &d->s;
}

static void data_close(data_file *d)
{
    sudoku_solver_free(d->sv);
    sudoku_release(&d->s);
    if (d->f) {
        sudoku_reader_release(&d->r);
        fclose(d->f);
    }
}

/* A slice of a collection: read by the stream reader, solved with a
 * uniqueness proof, each solution checked against the givens. */
static void collection(const char *name, int expected_puzzles,
                       int expect_unique)
{
    data_file d;
    if (!data_open(&d, name)) {
        data_close(&d);
        return;
    }
    sudoku sol;
    sudoku_init(&sol);
    const sudoku *s;
    int n = 0, bad = 0;
    while ((s = data_next(&d)) != NULL) {
        sudoku_set_shape(&sol, s->shape);
        sudoku_limits lim = { .max_solutions = 2 };
        sudoku_outcome out;
        sudoku_solve_dlx(d.sv, s, &lim, &sol, &out);
        char why[200];
        if (out.solutions < 1 || (expect_unique && out.solutions != 1) ||
            (!expect_unique && out.solutions != 2) ||
            sudoku_check_solution(s, &sol, why, sizeof why) != 0)
            bad++;
        n++;
    }
    CHECK(n == expected_puzzles, "%s: %d puzzles", name, n);
    CHECK(bad == 0, "%s: %d wrong", name, bad);
    sudoku_release(&sol);
    data_close(&d);
}

/* ---- DLX against DFS on random puzzles ----------------------------------- */

static uint64_t rng_state;
static unsigned rnd(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)((rng_state >> 33) % n);
}

/* a[0..n-1]: a random permutation of 0..n-1 (Fisher-Yates) */
static void shuffle(int *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int k = (int)rnd((unsigned)i + 1), t = a[i];
        a[i] = a[k], a[k] = t;
    }
}

/* perm: lines (rows or columns) in groups of size (bands or stacks),
 * permuted within each group, and the groups permuted */
static void random_lines(int groups, int size, int *perm)
{
    int order[SUDOKU_MAX_ORDER], in[SUDOKU_MAX_ORDER];
    shuffle(order, groups);
    for (int b = 0; b < groups; b++) {
        shuffle(in, size);
        for (int i = 0; i < size; i++)
            perm[b * size + i] = order[b] * size + in[i];
    }
}

/* A random valid grid of a shape: the first solution of the empty grid,
 * relabeled, with rows permuted within bands and columns within stacks,
 * and bands and stacks permuted. */
static void random_grid(sudoku_solver *sv, sudoku *g)
{
    int R = g->shape.R, C = g->shape.C, N = g->shape.N;
    sudoku empty;
    sudoku_init(&empty);
    sudoku_set_shape(&empty, g->shape);
    memset(empty.cell, 0, (size_t)N * N);
    sudoku_limits lim = { .max_solutions = 1 };
    sudoku_outcome out;
    int label[SUDOKU_MAX_ORDER + 1], rowp[SUDOKU_MAX_ORDER],
        colp[SUDOKU_MAX_ORDER];
    for (int v = 0; v <= N; v++)
        label[v] = v;
    for (int v = N; v > 1; v--) {
        int k = 1 + (int)rnd((unsigned)v), t = label[v];
        label[v] = label[k], label[k] = t;
    }
    /* rows: bands of R rows (N/R bands); columns: stacks of C columns */
    random_lines(N / R, R, rowp);
    random_lines(N / C, C, colp);
    sudoku src;
    sudoku_init(&src);
    sudoku_set_shape(&src, g->shape);
    if (N <= 12) {
        sudoku_solve_dlx(sv, &empty, &lim, &src, &out);
    } else {
        /* the first solution of a large empty grid can take the engine a
         * long way; the pattern grid is valid for every shape */
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++)
                src.cell[r * N + c] =
                    (unsigned char)(((r % R) * C + r / R + c) % N + 1);
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            g->cell[r * N + c] =
                (unsigned char)label[src.cell[rowp[r] * N + colp[c]]];
    sudoku_release(&src);
    sudoku_release(&empty);
}

static void dlx_vs_dfs(int R, int C, int puzzles, int max_blanks,
                       uint64_t seed)
{
    sudoku_shape shape = { R, C, R * C };
    int N = shape.N;
    sudoku g, p, a, b;
    sudoku_init(&g);
    sudoku_init(&p);
    sudoku_init(&a);
    sudoku_init(&b);
    sudoku_set_shape(&g, shape);
    sudoku_set_shape(&p, shape);
    sudoku_set_shape(&a, shape);
    sudoku_set_shape(&b, shape);
    sudoku_solver *sv = sudoku_solver_new(shape);
    rng_state = seed;
    int agree = 0, several = 0, valid = 0;
    for (int t = 0; t < puzzles; t++) {
        random_grid(sv, &g);
        char why[200];
        valid += sudoku_check_solution(NULL, &g, why, sizeof why) == 0;
        memcpy(p.cell, g.cell, (size_t)N * N);
        int blanks = 1 + (int)rnd((unsigned)max_blanks);
        for (int k = 0; k < blanks; k++)
            p.cell[rnd((unsigned)(N * N))] = 0;
        /* now and then a clash, so that "no solution" is compared too */
        if (t % 7 == 3)
            for (int i = 0; i < N * N; i++)
                if (p.cell[i] == 0) {
                    p.cell[i] = (unsigned char)(1 + rnd((unsigned)N));
                    break;
                }
        sudoku_limits lim = { .max_solutions = 500 };
        sudoku_outcome x, y;
        int rx = sudoku_solve_dlx(sv, &p, &lim, &a, &x);
        int ry = sudoku_solve_dfs(&p, &lim, &b, &y);
        int same = rx == ry && x.solutions == y.solutions;
        if (same && x.solutions == 1)
            same = memcmp(a.cell, b.cell, (size_t)N * N) == 0;
        agree += same;
        several += x.solutions > 1;
        if (!same)
            CHECK(0, "%dx%d puzzle %d: DLX %llu, DFS %llu", R, C, t,
                  (unsigned long long)x.solutions,
                  (unsigned long long)y.solutions);
    }
    CHECK(valid == puzzles, "%dx%d: random grids valid", R, C);
    CHECK(agree == puzzles, "%dx%d: %d of %d agree", R, C, agree, puzzles);
    CHECK(several > 0, "%dx%d: some puzzles with several solutions", R, C);
    sudoku_solver_free(sv);
    sudoku_release(&g);
    sudoku_release(&p);
    sudoku_release(&a);
    sudoku_release(&b);
}

/* ---- layouts: each writer's output reads back as the same puzzle ------- */

static void round_trips(void)
{
    static const struct {
        int R, C;
        sudoku_layout layout;
        sudoku_symbols sym;
    } cases[] = {
        { 3, 3, SUDOKU_LAYOUT_LINE, SUDOKU_SYM_AUTO },
        { 3, 3, SUDOKU_LAYOUT_LINE, SUDOKU_SYM_LETTERS },
        { 3, 3, SUDOKU_LAYOUT_GRID, SUDOKU_SYM_AUTO },
        { 3, 3, SUDOKU_LAYOUT_NUMBERS, SUDOKU_SYM_AUTO },
        { 3, 3, SUDOKU_LAYOUT_TATHAM, SUDOKU_SYM_AUTO },
        { 2, 3, SUDOKU_LAYOUT_LINE, SUDOKU_SYM_AUTO },
        { 2, 3, SUDOKU_LAYOUT_GRID, SUDOKU_SYM_AUTO },
        { 2, 5, SUDOKU_LAYOUT_LINE, SUDOKU_SYM_ALNUM },
        { 3, 4, SUDOKU_LAYOUT_GRID, SUDOKU_SYM_ALNUM },
        { 4, 4, SUDOKU_LAYOUT_LINE, SUDOKU_SYM_HEX },
        { 4, 4, SUDOKU_LAYOUT_GRID, SUDOKU_SYM_LETTERS },
        { 4, 4, SUDOKU_LAYOUT_TATHAM, SUDOKU_SYM_AUTO },
        { 5, 5, SUDOKU_LAYOUT_LINE, SUDOKU_SYM_AUTO },
        { 6, 6, SUDOKU_LAYOUT_NUMBERS, SUDOKU_SYM_AUTO },
        { 6, 6, SUDOKU_LAYOUT_GRID, SUDOKU_SYM_NUMBERS },
        { 8, 8, SUDOKU_LAYOUT_NUMBERS, SUDOKU_SYM_AUTO },
    };
    rng_state = 42;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sudoku_shape shape = { cases[k].R, cases[k].C,
                               cases[k].R * cases[k].C };
        int N = shape.N;
        sudoku g, back;
        sudoku_init(&g);
        sudoku_init(&back);
        sudoku_set_shape(&g, shape);
        sudoku_solver *sv = sudoku_solver_new(shape);
        random_grid(sv, &g);
        for (int i = 0; i < N * N; i++)
            if (rnd(3) == 0)
                g.cell[i] = 0;
        char *text = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&text, &size);
        CHECK(sudoku_write(f, &g, cases[k].layout, cases[k].sym) == 0,
              "write %zu", k);
        fclose(f);
        /* the reader is told the symbols and box (letters and hex are not
         * guessed), and must find the layout itself */
        sudoku_read_options opt = { .symbols = cases[k].sym, .box = shape };
        if (cases[k].sym == SUDOKU_SYM_NUMBERS)
            opt.symbols = SUDOKU_SYM_AUTO;
        sudoku_error err;
        int got = sudoku_read_string(text, &opt, &back, &err);
        CHECK(got == 0, "case %zu: %s in\n%s", k, err.message, text);
        CHECK(got != 0 || (back.shape.N == N &&
                           memcmp(back.cell, g.cell, (size_t)N * N) == 0),
              "case %zu: read back differs:\n%s", k, text);
        free(text);
        sudoku_solver_free(sv);
        sudoku_release(&g);
        sudoku_release(&back);
    }
}

/* Auto-detection without any hint, for the layouts seen in the wild. */
static void auto_detect(void)
{
    static const struct {
        const char *text;
        int N;
        const char *first_cells; /* values of the first cells, '0' blank */
    } cases[] = {
        { "4.......\n", 0, "" }, /* 8 cells: an error, tested below */
        { "1.3.\n..1.\n.1..\n..2.\n", 4, "1030" },
        { "1 . | 3 .\n. . | 1 .\n----+----\n. 1 | . .\n. . | 2 .\n", 4,
          "1030" },
        { "# a comment\n\n12..\n....\n....\n....\n", 4, "1200" },
        { "4\n1 0 3 0\n0 0 1 0\n0 1 0 0\n0 0 2 0\n", 4, "1030" },
        { "2x2\n1 . 3 .  . . 1 .  . 1 . .  . . 2 .\n", 4, "1030" },
        { "2x2:1a3c1b1d2a\n", 4, "1030" },
        { "1.3...1..1....2. rated 1.5\n", 4, "1030" },
        { "A.C...A..A....B.\n", 4, "1030" },
        { "10 . . . . . . . . . . . . . . .\n" /* 16 numbers per row */
          ". . . . . . . . . . . . . . . .\n", 0, "" },
    };
    for (size_t k = 1; k < sizeof cases / sizeof cases[0]; k++) {
        if (!cases[k].N)
            continue;
        sudoku s;
        sudoku_init(&s);
        sudoku_error err;
        sudoku_read_options opt = { 0 };
        int got = sudoku_read_string(cases[k].text, &opt, &s, &err);
        CHECK(got == 0 && s.shape.N == cases[k].N, "case %zu: %s", k,
              got ? err.message : "wrong order");
        for (size_t i = 0; got == 0 && cases[k].first_cells[i]; i++)
            CHECK(s.cell[i] == cases[k].first_cells[i] - '0',
                  "case %zu cell %zu", k, i);
        sudoku_release(&s);
    }
}

/* Reader errors: every puzzle of a stream is read or reported with its
 * place, and the good ones around the bad are still read. */
static void reader_errors(void)
{
    static const struct {
        const char *text;
        const char *expected; /* "line:col: message|..." for each read */
    } cases[] = {
        { "1.3...1..1....2.\n123\n..3...1..1....2.\n",
          "ok|2:0: found 3 cells: a one-line puzzle has N*N of them (1 for "
          "1x1, 4 for 2x2)|ok" },
        { "1.3...1..1....2.\n1.3...1..1....2?\n",
          "ok|2:16: '?' is not a symbol of a 4x4 puzzle" },
        { "11..............\n", "ok" }, /* clash: found by check_givens */
        { "1.3.\n..1.\n.1..\n\n1234\n3412\n2143\n4321\n",
          "1:0: the grid has 3 rows, expected 4|ok" },
        { "1.3.\n..1\n.1..\n..2.\n\n1234\n3412\n2143\n4321\n",
          "2:0: row 2 has 3 cells, expected 4|ok" },
        { "1.3.\n..1.\n.1.?\n..2.\n", "3:4: '?' is not a symbol of a 4x4 "
          "puzzle" },
        { "4\n1 0 3\n\n", "3:0: found 3 numbers, expected 16 for 4x4" },
        { "4\n1 0 3 9 0 0 0 0 0 0 0 0 0 0 0 0\n",
          "2:7: '9' is not a value of a 4x4 puzzle" },
        { "3x3:a1b2_x\n", "1:0: the description has 29 cells, expected 81 "
          "for 9x9" },
        { "3x3j:abc\n", "1:4: Solo's jigsaw sudoku is not supported (only "
          "the plain kind)" },
        { "2x2:_1p\n", "1:5: '_' must separate two numbers" },
        { "2x2:5o\n", "1:5: given 5 is out of range for 4x4" },
        { "2x2:a!n\n", "1:6: unexpected '!' in a Solo description" },
        { "2x2:q\n", "1:5: the description has more than 16 cells" },
        { "2x2:a,b\n", "1:6: Solo's jigsaw and killer parts (after ',') "
          "are not supported" },
        { "1.3...1..1....2.\n1.3.\0..1..1....2.\n1.3...1..1....2.\n",
          "ok|2:5: NUL byte in the input|ok" },
        { "1.3...1..1....2.\r\n..3...1..1....2.\r\n", "ok|ok" },
        { "1.3...1..1....2.", "ok" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        /* the NUL case needs its real length */
        size_t len = strlen(cases[k].text);
        if (strstr(cases[k].expected, "NUL"))
            len += 1 + strlen(cases[k].text + len + 1);
        FILE *f = fmemopen((void *)cases[k].text, len, "r");
        sudoku_reader r;
        sudoku_read_options opt = { 0 };
        sudoku_reader_init(&r, f, "t", &opt);
        sudoku s;
        sudoku_init(&s);
        sudoku_source src;
        sudoku_error err;
        char got_all[1024] = "";
        int got;
        while ((got = sudoku_read(&r, &s, &src, &err)) != 0) {
            char one[300];
            if (got > 0)
                snprintf(one, sizeof one, "ok");
            else
                snprintf(one, sizeof one, "%d:%d: %s", err.line, err.col,
                         err.message);
            if (*got_all)
                strcat(got_all, "|");
            strncat(got_all, one, sizeof got_all - strlen(got_all) - 1);
            if (got == -2)
                break;
        }
        CHECK(strcmp(got_all, cases[k].expected) == 0,
              "case %zu:\n got      %s\n expected %s", k, got_all,
              cases[k].expected);
        sudoku_reader_release(&r);
        sudoku_release(&s);
        fclose(f);
    }
    /* clashing givens name both cells */
    sudoku s;
    sudoku_init(&s);
    sudoku_error err;
    sudoku_read_options opt = { 0 };
    sudoku_read_string("1...\n....\n1...\n....\n", &opt, &s, &err);
    CHECK(sudoku_check_givens(&s, &err) == -1 &&
          strcmp(err.message, "givens clash: r1c1 and r3c1 both hold 1 in "
                 "one column") == 0, "%s", err.message);
    sudoku_read_string("1...\n....\n.1..\n....\n", &opt, &s, &err);
    CHECK(sudoku_check_givens(&s, &err) == 0, "no clash: %s", err.message);
    sudoku_read_string("1...\n.1..\n....\n....\n", &opt, &s, &err);
    CHECK(sudoku_check_givens(&s, &err) == -1 &&
          strstr(err.message, "r1c1 and r2c2 both hold 1 in one box"),
          "%s", err.message);
    sudoku_read_string("1..1\n....\n....\n....\n", &opt, &s, &err);
    CHECK(sudoku_check_givens(&s, &err) == -1 &&
          strstr(err.message, "r1c1 and r1c4 both hold 1 in one row"),
          "%s", err.message);
    sudoku_release(&s);
}

/* The checker itself: it must refuse what is wrong. */
static void checker(void)
{
    sudoku p, g;
    sudoku_init(&p);
    sudoku_init(&g);
    sudoku_error err;
    sudoku_read_options opt = { 0 };
    char why[200];
    sudoku_read_string("1234341221434321", &opt, &g, &err);
    CHECK(sudoku_check_solution(NULL, &g, why, sizeof why) == 0, "%s", why);
    sudoku_read_string("1...............", &opt, &p, &err);
    CHECK(sudoku_check_solution(&p, &g, why, sizeof why) == 0, "%s", why);
    sudoku_read_string("2...............", &opt, &p, &err);
    CHECK(sudoku_check_solution(&p, &g, why, sizeof why) == -1,
          "a changed given");
    sudoku_read_string("1234341221434312", &opt, &g, &err);
    CHECK(sudoku_check_solution(NULL, &g, why, sizeof why) == -1,
          "a repeated digit");
    sudoku_read_string("1234341221434.21", &opt, &g, &err);
    CHECK(sudoku_check_solution(NULL, &g, why, sizeof why) == -1,
          "a blank cell");
    /* rows and columns Latin, boxes not */
    sudoku_read_string("1234234134124123", &opt, &g, &err);
    CHECK(sudoku_check_solution(NULL, &g, why, sizeof why) == -1,
          "a box with a repeat");
    sudoku_release(&p);
    sudoku_release(&g);
}

/* ---- the generator -------------------------------------------------------- */

static uint64_t count_dlx(sudoku_solver *sv, const sudoku *p, uint64_t limit)
{
    sudoku_limits lim = { .max_solutions = limit };
    sudoku_outcome out;
    if (sudoku_solve_dlx(sv, p, &lim, NULL, &out) != 0)
        return 0;
    return out.solutions;
}

/* Every property the generator promises, on one shape and option set. */
static void generated(int R, int C, sudoku_fill fill, sudoku_symmetry sym,
                      int target, int puzzles, uint64_t seed)
{
    sudoku_shape shape = { R, C, R * C };
    int N = shape.N, NN = N * N;
    sudoku_solver *sv = sudoku_solver_new(shape);
    sudoku p, g, again, sol;
    sudoku_init(&p);
    sudoku_init(&g);
    sudoku_init(&again);
    sudoku_init(&sol);
    sudoku_set_shape(&sol, shape);
    sudoku_gen_options opt = { .fill = fill, .symmetry = sym,
                               .target_givens = target };
    int unique = 0, same_solution = 0, minimal = 0, symmetric = 0,
        dfs_agree = 0, dfs_run = 0, valid = 0, kept = 0, at_target = 0;
    for (int t = 0; t < puzzles; t++) {
        sudoku_gen_report rep;
        if (sudoku_generate(sv, seed + (uint64_t)t, &opt, &p, &g, &rep) != 0)
            continue;
        char why[200];
        valid += sudoku_check_solution(NULL, &g, why, sizeof why) == 0;
        kept += sudoku_check_solution(&p, &g, why, sizeof why) == 0;
        sudoku_limits lim = { .max_solutions = 2 };
        sudoku_outcome out;
        sudoku_solve_dlx(sv, &p, &lim, &sol, &out);
        unique += out.solutions == 1;
        same_solution += memcmp(sol.cell, g.cell, (size_t)NN) == 0;
        int givens = 0;
        for (int i = 0; i < NN; i++)
            givens += p.cell[i] != 0;
        CHECK(givens == rep.givens, "reported %d givens, has %d",
              rep.givens, givens);
        if (N <= 9) {
            sudoku_limits dl = { .max_solutions = 2, .max_nodes = 20000000 };
            sudoku_solve_dfs(&p, &dl, NULL, &out);
            if (out.complete) {
                dfs_run++;
                dfs_agree += out.solutions == 1;
            }
        }
        /* minimal: no given (group of givens) can go */
        int is_minimal = 1, is_symmetric = 1;
        for (int i = 0; i < NN; i++) {
            int cells[4], n = sudoku_symmetric_cells(&shape, sym, i, cells);
            for (int j = 0; j < n; j++)
                is_symmetric &= (p.cell[cells[j]] != 0) == (p.cell[i] != 0);
            if (!p.cell[i] || target)
                continue;
            unsigned char saved[4];
            for (int j = 0; j < n; j++) {
                saved[j] = p.cell[cells[j]];
                p.cell[cells[j]] = 0;
            }
            is_minimal &= count_dlx(sv, &p, 2) == 2;
            for (int j = 0; j < n; j++)
                p.cell[cells[j]] = saved[j];
        }
        minimal += is_minimal && rep.minimal;
        symmetric += is_symmetric;
        at_target += target && givens <= target + 3;
        /* the same seed, the same puzzle */
        sudoku_gen_report rep2;
        sudoku_generate(sv, seed + (uint64_t)t, &opt, &again, &sol, &rep2);
        CHECK(memcmp(again.cell, p.cell, (size_t)NN) == 0,
              "%dx%d seed %llu: not reproducible", R, C,
              (unsigned long long)(seed + (uint64_t)t));
    }
    const char *f = sudoku_fill_name(fill), *y = sudoku_symmetry_name(sym);
    CHECK(valid == puzzles, "%dx%d %s %s: %d valid grids", R, C, f, y, valid);
    CHECK(kept == puzzles, "%dx%d %s: givens from the grid", R, C, f);
    CHECK(unique == puzzles, "%dx%d %s %s: %d of %d unique", R, C, f, y,
          unique, puzzles);
    CHECK(same_solution == puzzles, "%dx%d %s: solution is the grid", R, C,
          f);
    CHECK(dfs_agree == dfs_run, "%dx%d: DFS finds %d of %d unique", R, C,
          dfs_agree, dfs_run);
    CHECK(N > 6 || dfs_run == puzzles, "%dx%d: DFS ran on every puzzle", R,
          C);
    if (!target)
        CHECK(minimal == puzzles, "%dx%d %s %s: %d of %d minimal", R, C, f,
              y, minimal, puzzles);
    else
        CHECK(at_target == puzzles, "%dx%d: target %d", R, C, target);
    CHECK(symmetric == puzzles, "%dx%d %s: %d of %d symmetric", R, C, y,
          symmetric, puzzles);
    /* different seeds, different puzzles */
    sudoku_gen_report rep;
    sudoku_generate(sv, seed + 1000, &opt, &again, &sol, &rep);
    CHECK(memcmp(again.cell, p.cell, (size_t)NN) != 0 || N < 4,
          "%dx%d: another seed, the same puzzle", R, C);
    sudoku_solver_free(sv);
    sudoku_release(&p);
    sudoku_release(&g);
    sudoku_release(&again);
    sudoku_release(&sol);
}

/* Each fill method gives valid grids, of many shapes. */
static void fills(void)
{
    static const int shapes[][2] = { { 2, 2 }, { 2, 3 }, { 2, 4 }, { 3, 3 },
                                     { 2, 5 }, { 3, 4 }, { 4, 4 }, { 5, 5 } };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        sudoku_shape shape = { shapes[k][0], shapes[k][1],
                               shapes[k][0] * shapes[k][1] };
        sudoku_solver *sv = sudoku_solver_new(shape);
        sudoku g, h;
        sudoku_init(&g);
        sudoku_init(&h);
        sudoku_set_shape(&g, shape);
        sudoku_set_shape(&h, shape);
        for (int f = 0; f < 3; f++) {
            if (f == SUDOKU_FILL_BLOCKROW && shape.N > 16)
                continue; /* restarts grow too fast past 16x16 */
            sudoku_gen_options opt = { .fill = (sudoku_fill)f };
            int good = 0, differ = 0;
            for (uint64_t seed = 1; seed <= 5; seed++) {
                sudoku_gen_report rep = { 0 };
                char why[200];
                good += sudoku_fill_grid(sv, (sudoku_fill)f, seed, &opt, &g,
                                         &rep) == 0 &&
                        sudoku_check_solution(NULL, &g, why, sizeof why) == 0;
                sudoku_fill_grid(sv, (sudoku_fill)f, seed + 100, &opt, &h,
                                 &rep);
                differ += memcmp(g.cell, h.cell, (size_t)shape.N * shape.N)
                          != 0;
            }
            CHECK(good == 5, "%dx%d fill %s: %d of 5 valid", shape.R, shape.C,
                  sudoku_fill_name((sudoku_fill)f), good);
            CHECK(differ == 5, "%dx%d fill %s: seeds give the same grid",
                  shape.R, shape.C, sudoku_fill_name((sudoku_fill)f));
        }
        sudoku_solver_free(sv);
        sudoku_release(&g);
        sudoku_release(&h);
    }
}

static void generator(void)
{
    fills();
    for (int f = 0; f < 3; f++) {
        generated(2, 2, (sudoku_fill)f, SUDOKU_SYM_NONE, 0, 20, 1);
        generated(2, 3, (sudoku_fill)f, SUDOKU_SYM_NONE, 0, 20, 2);
        generated(3, 3, (sudoku_fill)f, SUDOKU_SYM_NONE, 0, 20, 3);
    }
    for (int y = 1; y <= 4; y++) {
        generated(3, 3, SUDOKU_FILL_DLX, (sudoku_symmetry)y, 0, 10, 4);
        generated(2, 2, SUDOKU_FILL_DLX, (sudoku_symmetry)y, 0, 10, 5);
    }
    generated(2, 3, SUDOKU_FILL_DLX, SUDOKU_SYM_ROT180, 0, 10, 6);
    generated(2, 3, SUDOKU_FILL_PATTERN, SUDOKU_SYM_MIRROR, 0, 10, 6);
    generated(3, 4, SUDOKU_FILL_DLX, SUDOKU_SYM_NONE, 0, 3, 7);
    generated(4, 4, SUDOKU_FILL_DLX, SUDOKU_SYM_NONE, 0, 1, 8);
    generated(3, 3, SUDOKU_FILL_DLX, SUDOKU_SYM_NONE, 40, 10, 9);
    generated(3, 3, SUDOKU_FILL_DLX, SUDOKU_SYM_ROT180, 32, 10, 10);
}

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
        sudoku_limits lim = { .max_solutions = 1 };
        sudoku_outcome out;
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
    static const char *levels[] = { "easy", "medium", "hard", "expert",
                                    "guessing" };
    /* the last technique of each level, as the README lists them */
    static const sudoku_technique last[] = {
        SUDOKU_TECH_HIDDEN_SINGLE, SUDOKU_TECH_HIDDEN_PAIR,
        SUDOKU_TECH_HIDDEN_QUAD, SUDOKU_TECH_XY_WING
    };
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
        const char *rated =
            sudoku_rating_name(hardest < 0 ? SUDOKU_TECH_FULL_HOUSE
                                           : (sudoku_technique)hardest);
        int level = 0;
        while (level < 4 && strcmp(levels[level], rated) != 0)
            level++;
        per_level[level]++;
        for (int k = 0; k < 4; k++) {
            uint32_t allowed = (1u << (last[k] + 1)) - 1;   /* no guess */
            int h, got = run_allowed(s, d.sv, allowed, &h);
            int solved = got == 0;
            if (solved != (level <= k)) {
                if (bad++ < 5)
                    fprintf(stderr, "%s:%d: rated %s, but the %s "
                            "techniques %s it\n", name, d.src.line, rated,
                            levels[k], solved ? "solve" : "do not solve");
            }
        }
        n++;
    }
    CHECK(n > 0 && bad == 0, "%s: %d of %d puzzles rated out of order", name,
          bad, n);
    data_close(&d);
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
    /* every named technique has its example */
    for (int t = 0; t < SUDOKU_TECH_GUESS; t++)
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

static void logic(void)
{
    int used[SUDOKU_TECH_COUNT] = { 0 }, unaided = 0;
    logic_sound("17-clue-300.txt", SUDOKU_LOGIC_TECHNIQUES, used, &unaided);
    logic_sound("top1465-200.txt", SUDOKU_LOGIC_TECHNIQUES, used, &unaided);
    logic_sound("forum-hardest-200.txt", SUDOKU_LOGIC_TECHNIQUES, used,
                &unaided);
    logic_sound("tatham-large.txt", SUDOKU_LOGIC_TECHNIQUES, used, &unaided);
    /* every technique is exercised (and so checked for soundness) but the
     * hidden quad, which the naked subsets pre-empt on these puzzles */
    for (int t = 0; t < SUDOKU_TECH_COUNT; t++)
        if (t != SUDOKU_TECH_HIDDEN_QUAD)
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
    int per_level[5] = { 0 };
    ratings_monotone("17-clue-300.txt", 300, per_level);
    ratings_monotone("top1465-200.txt", 200, per_level);
    for (int k = 0; k < 5; k++)
        CHECK(per_level[k] > 0, "no puzzle rated at level %d", k);
    /* a puzzle with no solution is found out, not looped on */
    sudoku s;
    sudoku_init(&s);
    sudoku_error err;
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

/* ---- symmetries and the canonical form ------------------------------------- */

typedef struct grids {
    sudoku_shape shape;
    unsigned char cell[36];
    int has[3][6][7];
    char (*forms)[37];
    int n, cap, bad, differ;
    sudoku_canon_ctx *fast, *general;
} grids;

/* every grid of the shape with the first row 1 2 .. N, by plain recursion
 * (no code under test), each turned into its canonical form */
static void enumerate(grids *g, int i)
{
    const sudoku_shape *sh = &g->shape;
    int N = sh->N;
    if (i == N * N) {
        sudoku in, out;
        sudoku_init(&in);
        sudoku_init(&out);
        sudoku_set_shape(&in, *sh);
        memcpy(in.cell, g->cell, (size_t)N * N);
        if (sudoku_canon_with(g->fast, &in, &out) != 0)
            g->bad++;
        /* the grid search against the general one */
        sudoku gen;
        sudoku_init(&gen);
        if (sudoku_canon_with(g->general, &in, &gen) != 0 ||
            memcmp(gen.cell, out.cell, (size_t)N * N) != 0)
            g->differ++;
        sudoku_release(&gen);
        if (g->n < g->cap) {
            for (int k = 0; k < N * N; k++)
                g->forms[g->n][k] = (char)('0' + out.cell[k]);
            g->forms[g->n][N * N] = '\0';
            g->n++;
        }
        sudoku_release(&in);
        sudoku_release(&out);
        return;
    }
    int r = i / N, c = i % N, b = (r / sh->R) * sh->R + c / sh->C;
    for (int d = 1; d <= N; d++) {
        if (r == 0 && d != c + 1)
            continue;
        if (g->has[0][r][d] || g->has[1][c][d] || g->has[2][b][d])
            continue;
        g->has[0][r][d] = g->has[1][c][d] = g->has[2][b][d] = 1;
        g->cell[i] = (unsigned char)d;
        enumerate(g, i + 1);
        g->has[0][r][d] = g->has[1][c][d] = g->has[2][b][d] = 0;
    }
}

static int cmp_form(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Published counts of essentially different grids: 2 for 4x4 and 49 for
 * 6x6 (2x3 boxes); every class has a member with the first row 1..N. */
static void classes(int R, int C, int grids_expected, int classes_expected)
{
    grids g;
    memset(&g, 0, sizeof g);
    g.shape = (sudoku_shape){ R, C, R * C };
    g.cap = grids_expected;
    g.forms = malloc((size_t)g.cap * sizeof *g.forms);
    g.fast = sudoku_canon_new();
    g.general = sudoku_canon_new();
    sudoku_canon_set_general(g.general, 1);
    enumerate(&g, 0);
    CHECK(g.n == grids_expected && g.bad == 0, "%dx%d: %d grids", R, C, g.n);
    CHECK(g.differ == 0, "%dx%d: grid search and general search differ on "
          "%d grids", R, C, g.differ);
    sudoku_canon_free(g.fast);
    sudoku_canon_free(g.general);
    qsort(g.forms, (size_t)g.n, sizeof *g.forms, cmp_form);
    int distinct = g.n > 0;
    for (int k = 1; k < g.n; k++)
        distinct += strcmp(g.forms[k], g.forms[k - 1]) != 0;
    CHECK(distinct == classes_expected, "%dx%d: %d classes, published %d",
          R, C, distinct, classes_expected);
    free(g.forms);
}

static void symmetries(void)
{
    classes(2, 2, 288 / 24, 2);
    classes(2, 3, 39168, 49);
    /* canonical forms do not change under random transformations, of
     * grids and puzzles; transformations are valid and undone by their
     * inverse */
    FILE *f = open_data("top1465-200.txt");
    if (!f)
        return;
    sudoku_reader r;
    sudoku_read_options opt = { 0 };
    sudoku_reader_init(&r, f, "top1465", &opt);
    sudoku p, sol, t1, t2, c1, c2, back;
    sudoku_init(&p);
    sudoku_init(&sol);
    sudoku_init(&t1);
    sudoku_init(&t2);
    sudoku_init(&c1);
    sudoku_init(&c2);
    sudoku_init(&back);
    sudoku_source src;
    sudoku_error err;
    sudoku_solver *sv = NULL;
    int n = 0, same = 0, valid = 0, undone = 0, idem = 0, differ = 0;
    char why[200];
    sudoku_canon_ctx *general = sudoku_canon_new();
    sudoku_canon_set_general(general, 1);
    while (n < 60 && sudoku_read(&r, &p, &src, &err) > 0) {
        if (!sv)
            sv = sudoku_solver_new(p.shape);
        sudoku_limits lim = { .max_solutions = 1 };
        sudoku_outcome out;
        sudoku_solve_dlx(sv, &p, &lim, &sol, &out);
        const sudoku *x = n % 2 ? &sol : &p;
        sudoku_transform a, b, inv;
        sudoku_transform_random(&x->shape, (uint64_t)n * 2 + 1, &a);
        sudoku_transform_random(&x->shape, (uint64_t)n * 2 + 2, &b);
        sudoku_transform_apply(&a, x, &t1);
        sudoku_transform_apply(&b, x, &t2);
        sudoku_canon(&t1, &c1);
        sudoku_canon(&t2, &c2);
        same += memcmp(c1.cell, c2.cell, 81) == 0;
        sudoku_canon(&c1, &c2);
        idem += memcmp(c1.cell, c2.cell, 81) == 0;
        sudoku_canon_with(general, &t1, &c2);
        differ += memcmp(c1.cell, c2.cell, 81) != 0;
        if (x == &sol)
            valid += sudoku_check_solution(NULL, &t1, why, sizeof why) == 0 &&
                     sudoku_check_solution(NULL, &c1, why, sizeof why) == 0;
        else
            valid += sudoku_check_givens(&t1, &err) == 0;
        sudoku_transform_inverse(&x->shape, &a, &inv);
        sudoku_transform_apply(&inv, &t1, &back);
        undone += memcmp(back.cell, x->cell, 81) == 0;
        n++;
    }
    CHECK(n == 60 && same == n && idem == n, "%d: %d invariant, %d stable",
          n, same, idem);
    CHECK(differ == 0, "the grid search and the general one differ on %d",
          differ);
    sudoku_canon_free(general);
    CHECK(valid == n && undone == n, "%d valid, %d undone", valid, undone);
    /* a relabeling that is not a permutation, a row order that splits a
     * band, a transposition of 2x3 boxes: refused */
    sudoku_transform t;
    sudoku_shape nine = { 3, 3, 9 }, six = { 2, 3, 6 };
    sudoku_transform_identity(&nine, &t);
    t.label[1] = 2;
    CHECK(sudoku_transform_check(&nine, &t, why, sizeof why) == -1, "label");
    sudoku_transform_identity(&nine, &t);
    t.row[2] = 3, t.row[3] = 2;
    CHECK(sudoku_transform_check(&nine, &t, why, sizeof why) == -1 &&
              strstr(why, "bands"), "%s", why);
    sudoku_transform_identity(&six, &t);
    t.transpose = 1;
    CHECK(sudoku_transform_check(&six, &t, why, sizeof why) == -1, "2x3 T");
    sudoku_solver_free(sv);
    sudoku_reader_release(&r);
    fclose(f);
    sudoku_release(&p);
    sudoku_release(&sol);
    sudoku_release(&t1);
    sudoku_release(&t2);
    sudoku_release(&c1);
    sudoku_release(&c2);
    sudoku_release(&back);
}

int main(int argc, char **argv)
{
    data_dir = argc > 1 ? argv[1] : "tests/data";
    count_empty(2, 2, 288, 1);
    count_empty(1, 4, 576, 1);          /* Latin squares of order 4 */
    count_empty(1, 5, 161280, 0);       /* and of order 5 */
    count_6x6_first_row();
    tatham_ids();
    collection("17-clue-300.txt", 300, 1);
    collection("top1465-200.txt", 200, 1);
    collection("forum-hardest-200.txt", 200, 1);
    collection("serg-100.txt", 100, 0);
    collection("tatham-large.txt", 13, 1);
    dlx_vs_dfs(2, 2, 200, 14, 1);
    dlx_vs_dfs(2, 3, 200, 30, 2);
    dlx_vs_dfs(2, 4, 100, 45, 3);
    dlx_vs_dfs(3, 3, 100, 55, 4);
    round_trips();
    auto_detect();
    reader_errors();
    checker();
    generator();
    logic();
    symmetries();
    return check_done();
}
