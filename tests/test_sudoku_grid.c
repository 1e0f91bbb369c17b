/*
 * test_sudoku_grid.c - layouts and the checker: Tatham's IDs with their listed
 * solutions, every writer's output read back, detection of layouts, the
 * readers' messages, the quick path of one-line files against the general
 * reader, and a checker that refuses what is wrong.
 *
 * Usage: test_sudoku_grid DATA_DIR   (tests/data)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudoku_grid.h"
#include "sudoku_solve.h"
#include "sudoku_fixtures.h"

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
        dlx_diag err;
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
        grid_limits lim = { .max_solutions = 2 };
        grid_outcome out;
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
        dlx_diag err;
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
        dlx_diag err;
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
          "ok|2:0: found 3 cells, but the puzzles before have 16 (4x4): a "
          "line of another length is a damaged puzzle (--mixed-orders "
          "allows files of several orders)|ok" },
        { "1.\n1.3...1..1....2.\n", "1:0: found 2 cells: a one-line "
          "puzzle has N*N of them (1 for 1x1, 4 for 2x2)|ok" },
        { "101\n1.3...1..1....2.\n", "1:1: size 101 is out of range (1 to "
          "100)|ok" },
        { "4294967297x1\n", "1:1: boxes 4294967297x1: R*C must be 1 to 100" },
        { "4294967299x3:a\n", "1:1: a Solo game ID of 4294967299x3: the "
          "order R*C must be 1 to 100" },
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
        { "3x3j:abc\n", "1:0: the description has 6 cells, expected 81 "
          "for 9x9" },
        { "2x2:_1p\n", "1:5: '_' must separate two numbers" },
        { "2x2:5o\n", "1:5: given 5 is out of range for 4x4" },
        { "2x2:a!n\n", "1:6: unexpected '!' in a Solo description" },
        { "2x2:q\n", "1:5: the description has more than 16 cells" },
        { "2x2:a,b\n", "1:0: the description has 1 cells, expected 16 "
          "for 4x4" },
        { "2x2:p,b\n", "1:6: unexpected ',' after the description (a part "
          "that the parameters do not announce: 'j' for a jigsaw, 'k' for a "
          "killer)" },
        { "1.3...1..1....2.\n1.3.\0..1..1....2.\n1.3...1..1....2.\n",
          "ok|2:5: NUL byte in the input (not a text file?)|ok" },
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
        dlx_diag err;
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
    dlx_diag err;
    sudoku_read_options opt = { 0 };
    sudoku_read_string("1...\n....\n1...\n....\n", &opt, &s, &err);
    CHECK(sudoku_check_givens(&s, &err) == SUDOKU_ECLASH &&
          strcmp(err.message, "givens clash: r1c1 and r3c1 both hold 1 in "
                 "one column") == 0, "%s", err.message);
    sudoku_read_string("1...\n....\n.1..\n....\n", &opt, &s, &err);
    CHECK(sudoku_check_givens(&s, &err) == 0, "no clash: %s", err.message);
    sudoku_read_string("1...\n.1..\n....\n....\n", &opt, &s, &err);
    CHECK(sudoku_check_givens(&s, &err) == SUDOKU_ECLASH &&
          strstr(err.message, "r1c1 and r2c2 both hold 1 in one box"),
          "%s", err.message);
    sudoku_read_string("1..1\n....\n....\n....\n", &opt, &s, &err);
    CHECK(sudoku_check_givens(&s, &err) == SUDOKU_ECLASH &&
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
    dlx_diag err;
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

/* The quick path of a file of one-line puzzles (a line of digits and
 * blanks of the file's length, read with a table) reads what the general
 * reader reads: a line read after a first puzzle (by the quick path
 * when it can) and the same line read alone (the general reader, after
 * detection) give the same cells and tail; the lines the quick path
 * leaves alone keep the general reader's messages. */
static void quick_path(void)
{
    static const char first[] = ".................1.....2.3......3.2...1.4"
                                "......5....6..3......4.7..8...962...7...";
    static const struct {
        const char *blanks;   /* the blanks of first, in turn, become these */
        const char *tail;
        const char *expected; /* what the second read gives */
    } cases[] = {
        { ".", "", "ok" },
        { "0x-_*", "", "ok" },
        { ".", "  rating 3.4", "ok" },
        { ".", "\t# a note\t", "ok" },
        { "0", " 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5", "ok" },
        { ".a", "", "2:2: 'a' is not a symbol of a 9x9 puzzle" },
        { "..X", "", "2:3: 'X' is not a symbol of a 9x9 puzzle" },
        { "....:", "", "2:5: ':' is not a symbol of a 9x9 puzzle" },
        { ".", "1", "2:0: found 82 cells, but the puzzles before have 81 "
          "(9x9): a line of another length is a damaged puzzle "
          "(--mixed-orders allows files of several orders)" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char line[600], text[1300];
        strcpy(line, first);
        size_t b = 0, n = strlen(cases[k].blanks);
        for (char *p = line; *p; p++)
            if (*p == '.')
                *p = cases[k].blanks[b++ % n];
        strcat(line, cases[k].tail);
        snprintf(text, sizeof text, "%s\n%s\n", first, line);
        FILE *f = fmemopen(text, strlen(text), "r");
        sudoku_reader r;
        sudoku_read_options opt = { 0 };
        sudoku_reader_init(&r, f, "t", &opt);
        sudoku s, alone;
        sudoku_init(&s);
        sudoku_init(&alone);
        sudoku_source src;
        dlx_diag err;
        char got[300] = "ok";
        CHECK(sudoku_read(&r, &s, &src, &err) == SUDOKU_READ, "case %zu", k);
        if (sudoku_read(&r, &s, &src, &err) != SUDOKU_READ)
            snprintf(got, sizeof got, "%d:%d: %s", err.line, err.col,
                     err.message);
        CHECK(strcmp(got, cases[k].expected) == 0,
              "case %zu:\n got      %s\n expected %s", k, got,
              cases[k].expected);
        if (!strcmp(got, "ok")) {
            int st = sudoku_read_string(line, &opt, &alone, &err);
            const char *tail = cases[k].tail + strspn(cases[k].tail, " \t");
            CHECK(st == SUDOKU_OK && s.shape.N == 9 && alone.shape.N == 9 &&
                  !memcmp(s.cell, alone.cell, 81), "case %zu: the cells",
                  k);
            CHECK(src.line == 2 && src.layout == SUDOKU_LAYOUT_LINE &&
                  src.symbols == SUDOKU_SYM_DIGITS &&
                  (*tail ? src.tail && !strcmp(src.tail, tail) : !src.tail),
                  "case %zu: the source", k);
        }
        sudoku_reader_release(&r);
        sudoku_release(&s);
        sudoku_release(&alone);
        fclose(f);
    }
    /* a tail of more numbers than a grid row has makes the line a puzzle
     * of numbers, whatever came before */
    char text[1300];
    int n = snprintf(text, sizeof text, "%s\n", first);
    for (char *p = text + n; p < text + n + 81; p++)
        *p = '0';
    n += 81;
    for (int k = 0; k < 120; k++)
        n += snprintf(text + n, sizeof text - (size_t)n, " 5");
    strcpy(text + n, "\n");
    FILE *f = fmemopen(text, strlen(text), "r");
    sudoku_reader r;
    sudoku_reader_init(&r, f, "t", NULL);
    sudoku s;
    sudoku_init(&s);
    sudoku_source src;
    dlx_diag err;
    CHECK(sudoku_read(&r, &s, &src, &err) == SUDOKU_READ &&
          sudoku_read(&r, &s, &src, &err) == SUDOKU_EBAD &&
          strstr(err.message, "found 121 cells"), "%s", err.message);
    sudoku_reader_release(&r);
    sudoku_release(&s);
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    tatham_ids();
    round_trips();
    auto_detect();
    reader_errors();
    quick_path();
    checker();
    return check_done();
}
