/*
 * test_mathdoku.c - the mathdoku front end against outside numbers: the
 * Wikipedia puzzle's published solution in every layout, Tatham's 220 Keen
 * IDs with their listed solutions, Latin square counts, and the naive DFS
 * as a second method on random puzzles.
 *
 * Usage: test_mathdoku DATA_DIR   (tests/data)
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mathdoku.h"

static const char *data_dir;
static const mathdoku_rules kenken = { 0 }, nary = { .nary = 1 };

static char *slurp(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/mathdoku/%s", data_dir, name);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    getdelim(&text, &len, '\0', f);
    fclose(f);
    return text;
}

/* Solutions (up to limit) by DLX and DFS; the first into grid. */
static uint64_t count_dlx(const mathdoku *p, const mathdoku_rules *rules,
                          uint64_t limit, int *grid)
{
    dlx_diag err;
    mathdoku_solver *sv;
    if (mathdoku_solver_new(p, rules, NULL, &sv, &err) != MATHDOKU_OK)
        return 0;
    grid_limits lim = { .max_solutions = limit };
    grid_outcome out;
    mathdoku_solve_dlx(sv, &lim, grid, &out);
    mathdoku_solver_free(sv);
    return out.solutions;
}

static uint64_t count_dfs(const mathdoku *p, const mathdoku_rules *rules,
                          uint64_t limit, int *grid)
{
    grid_limits lim = { .max_solutions = limit };
    grid_outcome out;
    mathdoku_solve_dfs(p, rules, &lim, grid, &out);
    return out.solutions;
}

static int grid_is(const int *g, const char *digits)
{
    for (int i = 0; digits[i]; i++)
        if (g[i] != digits[i] - '0')
            return 0;
    return 1;
}

/* The Wikipedia example, in every layout, to its published solution. */
static void wikipedia(void)
{
    static const char *const files[] = { "wikipedia-letters.txt",
                                         "wikipedia-list.txt",
                                         "wikipedia-numbered.txt",
                                         "wikipedia-keen.txt" };
    const char *want = "563412614523452361341256236145125634";
    for (int k = 0; k < 4; k++) {
        char *text = slurp(files[k]);
        if (!text)
            continue;
        mathdoku p;
        dlx_diag err;
        int ok = mathdoku_read_string(text, &kenken, &p, &err) == 0;
        CHECK(ok, "%s: %s", files[k], err.message);
        if (ok) {
            int g[36], h[36];
            CHECK(p.N == 6 && p.n_cages == 15, "%s: %d cages", files[k],
                  p.n_cages);
            CHECK(count_dlx(&p, &kenken, 2, g) == 1 && grid_is(g, want),
                  "%s: DLX", files[k]);
            CHECK(count_dfs(&p, &kenken, 2, h) == 1 && grid_is(h, want),
                  "%s: DFS", files[k]);
            char why[200];
            CHECK(mathdoku_check(&p, &kenken, g, why, sizeof why) == 0, "%s",
                  why);
            /* written as a cage list, it reads back the same */
            char *out = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&out, &len);
            mathdoku_write_list(f, &p);
            fclose(f);
            mathdoku q;
            CHECK(mathdoku_read_string(out, &kenken, &q, &err) == 0 &&
                      q.n_cages == p.n_cages &&
                      memcmp(q.cage_of, p.cage_of, 36 * sizeof(int)) == 0,
                  "%s: round trip: %s", files[k], err.message);
            for (int c = 0; c < p.n_cages && c < q.n_cages; c++)
                CHECK(q.cages[c].target == p.cages[c].target &&
                          q.cages[c].op == p.cages[c].op,
                      "round trip cage %d", c);
            mathdoku_free(&q);
            free(out);
            mathdoku_free(&p);
        }
        free(text);
    }
}

/* Every Keen ID of the collection to its listed solution, uniquely; the
 * naive DFS agrees on the small ones. */
static void keen_collection(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/mathdoku/keen.tsv", data_dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char line[4096];
    int n = 0, right = 0, unique = 0, dfs_right = 0, dfs_run = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "id\t", 3))
            continue;
        char *id = strtok(line, "\t"), *grade = strtok(NULL, "\t"),
             *sol = strtok(NULL, "\t\n");
        (void)grade;
        mathdoku p;
        dlx_diag err;
        if (mathdoku_read_string(id, &kenken, &p, &err) != 0) {
            CHECK(0, "%s: %s", id, err.message);
            continue;
        }
        int g[81];
        unique += count_dlx(&p, &kenken, 2, g) == 1;
        right += grid_is(g, sol);
        if (p.N <= 5) {
            dfs_run++;
            dfs_right += count_dfs(&p, &kenken, 2, g) == 1 && grid_is(g, sol);
        }
        n++;
        mathdoku_free(&p);
    }
    fclose(f);
    CHECK(n == 220, "%d IDs", n);
    CHECK(right == n && unique == n, "%d right, %d unique of %d", right,
          unique, n);
    CHECK(dfs_run > 50 && dfs_right == dfs_run, "DFS: %d of %d", dfs_right,
          dfs_run);
}

/* Each row one '+' cage of N(N+1)/2: as many solutions as Latin squares. */
static void row_cages(void)
{
    static const uint64_t latin[] = { 0, 1, 2, 12, 576, 161280 };
    for (int N = 1; N <= 5; N++) {
        char text[512];
        int len = snprintf(text, sizeof text, "%d\n", N);
        for (int r = 0; r < N; r++) {
            len += snprintf(text + len, sizeof text - (size_t)len, "%d +",
                            N * (N + 1) / 2);
            for (int c = 0; c < N; c++)
                len += snprintf(text + len, sizeof text - (size_t)len,
                                " %c%d", 'A' + c, r + 1);
            len += snprintf(text + len, sizeof text - (size_t)len, "\n");
        }
        mathdoku p;
        dlx_diag err;
        if (N == 1) {
            /* a single '+' cell is not a given: "1 + A1" */
            CHECK(mathdoku_read_string(text, &kenken, &p, &err) == 0, "%s",
                  err.message);
        } else {
            CHECK(mathdoku_read_string(text, &kenken, &p, &err) == 0, "%s",
                  err.message);
        }
        uint64_t a = count_dlx(&p, &kenken, 0, NULL);
        CHECK(a == latin[N], "N=%d: %llu, expected %llu", N,
              (unsigned long long)a, (unsigned long long)latin[N]);
        if (N <= 4)
            CHECK(count_dfs(&p, &kenken, 0, NULL) == latin[N], "DFS N=%d",
                  N);
        mathdoku_free(&p);
    }
}

/* ---- random puzzles: DLX against DFS ------------------------------------- */

static uint64_t rng;
static int rnd(int n)
{
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((rng >> 33) % (uint64_t)n);
}

/* A random Latin square, random connected cages of 1 to 4 cells, and
 * clues computed from the square (so the puzzle has a solution). */
static void random_puzzle(int N, int hidden, int allow_nary, char *text,
                          size_t size)
{
    int g[64], cage[64], perm[8], rows[8], cols[8];
    for (int k = 0; k < N; k++)
        perm[k] = rows[k] = cols[k] = k;
    for (int k = N - 1; k > 0; k--) {
        int j = rnd(k + 1), t = perm[k];
        perm[k] = perm[j], perm[j] = t;
        j = rnd(k + 1), t = rows[k], rows[k] = rows[j], rows[j] = t;
        j = rnd(k + 1), t = cols[k], cols[k] = cols[j], cols[j] = t;
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            g[r * N + c] = perm[(rows[r] + cols[c]) % N] + 1;
    for (int i = 0; i < N * N; i++)
        cage[i] = -1;
    int n_cages = 0;
    for (int i = 0; i < N * N; i++) {
        if (cage[i] >= 0)
            continue;
        int want = 1 + rnd(allow_nary ? 4 : 3), have = 1, at = i;
        cage[i] = n_cages;
        while (have < want) {
            int r = at / N, c = at % N, nb[2], m = 0;
            if (c + 1 < N && cage[at + 1] < 0)
                nb[m++] = at + 1;
            if (r + 1 < N && cage[at + N] < 0)
                nb[m++] = at + N;
            if (!m)
                break;
            at = nb[rnd(m)];
            cage[at] = n_cages;
            have++;
        }
        n_cages++;
    }
    int len = snprintf(text, size, "%d\n", N);
    for (int k = 0; k < n_cages; k++) {
        int cells[8], n = 0;
        for (int i = 0; i < N * N; i++)
            if (cage[i] == k)
                cells[n++] = g[i];
        long long sum = 0, prod = 1;
        int max = 0;
        for (int j = 0; j < n; j++) {
            sum += cells[j];
            prod *= cells[j];
            if (cells[j] > max)
                max = cells[j];
        }
        long long target;
        char op;
        int pick = rnd(4);
        if (n == 1) {
            target = cells[0];
            op = hidden && rnd(2) ? '?' : '=';
        } else if (pick == 2 && (n == 2 || allow_nary) &&
                   2 * max - sum >= 0) {
            target = 2 * max - sum;
            op = '-';
        } else if (pick == 3 && (n == 2 || allow_nary) &&
                   max % (prod / max) == 0) {
            target = max / (prod / max);
            op = '/';
        } else if (pick == 1) {
            target = prod;
            op = '*';
        } else {
            target = sum;
            op = '+';
        }
        if (hidden && n > 1 && rnd(2))
            op = '?';
        len += snprintf(text + len, size - (size_t)len, "%lld %c", target,
                        op);
        for (int i = 0; i < N * N; i++)
            if (cage[i] == k)
                len += snprintf(text + len, size - (size_t)len, " %c%d",
                                'A' + i % N, i / N + 1);
        len += snprintf(text + len, size - (size_t)len, "\n");
    }
}

static void dlx_vs_dfs(void)
{
    rng = 12345;
    int agree = 0, total = 0, several = 0;
    for (int t = 0; t < 300; t++) {
        int N = 3 + t % 3, hidden = t % 5 == 1, allow = t % 7 == 2;
        char text[2048];
        random_puzzle(N, hidden, allow, text, sizeof text);
        const mathdoku_rules *rules = allow ? &nary : &kenken;
        mathdoku p;
        dlx_diag err;
        if (mathdoku_read_string(text, rules, &p, &err) != 0) {
            CHECK(0, "random puzzle: %s in\n%s", err.message, text);
            continue;
        }
        int g[64], h[64];
        uint64_t a = count_dlx(&p, rules, 1000, g);
        uint64_t b = count_dfs(&p, rules, 1000, h);
        total++;
        agree += a == b && a > 0;
        several += a > 1;
        if (a != b || a == 0)
            CHECK(0, "DLX %llu, DFS %llu for\n%s", (unsigned long long)a,
                  (unsigned long long)b, text);
        char why[200];
        if (a > 0)
            CHECK(mathdoku_check(&p, rules, g, why, sizeof why) == 0 &&
                      mathdoku_check(&p, rules, h, why, sizeof why) == 0,
                  "%s", why);
        mathdoku_free(&p);
    }
    CHECK(agree == total && total == 300, "%d of %d agree", agree, total);
    CHECK(several > 20, "%d with several solutions", several);
}

/* Rules: KenKen's two-cell '-' and '/', n-ary with --nary, hidden ops. */
static void rules(void)
{
    mathdoku p;
    dlx_diag err;
    /* 3 cells 'largest minus the rest': 3 - 1 - 2 = 0 is not 1... */
    const char *three = "3\n0 - A1 B1 C1\n6 + A2 B2 C2\n6 + A3 B3 C3\n";
    CHECK(mathdoku_read_string(three, &kenken, &p, &err) != 0 &&
              strstr(err.message, "takes exactly two"), "%s", err.message);
    CHECK(mathdoku_read_string(three, &nary, &p, &err) == 0, "%s",
          err.message);
    /* 3-1-2 = 0 in every row order: all 12 Latin squares */
    CHECK(count_dlx(&p, &nary, 0, NULL) == 12 &&
              count_dfs(&p, &nary, 0, NULL) == 12, "n-ary minus");
    mathdoku_free(&p);
    /* hidden: "2 ?" on two cells of a 3x3: |a-b| = 2 (1,3), a/b = 2 none
     * of 1..3 but (2,1)... both: pairs (1,3),(3,1),(2,1),(1,2) */
    int d13[2] = { 1, 3 }, d21[2] = { 2, 1 }, d23[2] = { 2, 3 };
    mathdoku_cage c = { MATHDOKU_HIDDEN, 2, 2, NULL, "x", 0, 0 };
    CHECK(mathdoku_cage_holds(&c, d13, &kenken) &&
              mathdoku_cage_holds(&c, d21, &kenken) &&
              !mathdoku_cage_holds(&c, d23, &kenken), "hidden 2");
    mathdoku_cage dv = { MATHDOKU_DIV, 3, 3, NULL, "y", 0, 0 };
    int d613[3] = { 6, 1, 2 }, d623[3] = { 6, 2, 1 }, d6_4[3] = { 6, 4, 1 };
    CHECK(mathdoku_cage_holds(&dv, d613, &nary) &&
              mathdoku_cage_holds(&dv, d623, &nary) &&
              !mathdoku_cage_holds(&dv, d6_4, &nary) &&
              !mathdoku_cage_holds(&dv, d613, &kenken), "n-ary divide");
    /* a digit may repeat in a cage when its cells share no row or column */
    const char *l = "2\n2 * A1 B1 A2\n2 = B2\n";
    CHECK(mathdoku_read_string(l, &kenken, &p, &err) == 0, "%s",
          err.message);
    CHECK(count_dlx(&p, &kenken, 0, NULL) == 1, "L cage with a repeat");
    mathdoku_free(&p);
    /* Keen runs: 'y' is 25 non-borders and no border (Tatham's decoder):
     * six row cages of a 6x6 */
    CHECK(mathdoku_read_string("6:ye_30,a21a21a21a21a21a21", &kenken, &p,
                               &err) == 0 && p.n_cages == 6,
          "y run: %s", err.message);
    for (int k = 0; k < p.n_cages; k++)
        CHECK(p.cages[k].n == 6 && p.cages[k].cells[0] == 6 * k,
              "row cage %d", k);
    mathdoku_free(&p);
    /* 'z' is 26 non-borders then a border: rows 1-5 whole and A6-B6
     * joined, a border after, then borders only: 10 cages */
    CHECK(mathdoku_read_string("6:z_34,a21a21a21a21a21a3a3a4a5a6", &kenken,
                               &p, &err) == 0 && p.n_cages == 10,
          "z run: %s", err.message);
    CHECK(p.n_cages == 10 && p.cages[5].n == 2 && p.cages[5].cells[0] == 30 &&
              p.cages[5].cells[1] == 31 && p.cages[9].n == 1,
          "z run cages");
    /* the last row is 1 2 3 4 5 6 or 2 1 3 4 5 6: 2 * 812851200 / 6! */
    CHECK(count_dlx(&p, &kenken, 0, NULL) == 2257920, "z run: count");
    mathdoku_free(&p);
    /* '?' where Keen puts an operation letter: our hidden operation.
     * Keen's 3:_a_aa_aa,s1m3a8s1 (solution 213132321) with its 8+ hidden:
     * any operation giving 8 (2*4 is out of reach, so still 8+) */
    CHECK(mathdoku_read_string("3:_a_aa_aa,s1m3?8s1", &kenken, &p,
                               &err) == 0 && p.n_cages == 4 &&
              p.cages[2].op == MATHDOKU_HIDDEN && p.cages[2].target == 8 &&
              p.cages[0].op == MATHDOKU_SUB, "keen ?: %s", err.message);
    int g3[9];
    CHECK(p.n_cages == 4 && count_dlx(&p, &kenken, 0, g3) == 1 &&
              grid_is(g3, "213132321"), "keen ?: solution");
    mathdoku_free(&p);
}

/* Every error: the message and where. */
static void errors(void)
{
    static const struct {
        const char *text;
        const mathdoku_rules *rules;
        const char *expected;    /* "line:col: message" */
    } cases[] = {
        { "2\n3 + A1 B1\n3 + A2\n", NULL, "1:0: cell B2 is in no cage" },
        { "2\n3 + A1 B1\n3 + B1 A2 B2\n", NULL,
          "3:1: cell B1 is in two cages (1 and 2)" },
        { "2\n3 + A1 B2\n3 + B1 A2\n", NULL,
          "2:1: cage 1 (3+) is not connected" },
        { "a b\nb a\n\na 3+\nb 3+\n", NULL,
          "4:1: cage a (3+) is not connected" },
        { "a a\nb b\n\na 3+\nc 3+\n", NULL,
          "5:1: legend entry for cage 'c', which is not in the grid" },
        { "a a\nb b\n\na 3+\n", NULL, "2:0: cage 'b' has no legend entry" },
        { "a a\nb b\n\na 3+\na 3+\nb 3+\n", NULL,
          "5:1: cage 'a' has a second legend entry (the first is on line "
          "4)" },
        { "3\n0 - A1 B1 C1\n6 + A2 B2 C2\n6 + A3 B3 C3\n", NULL,
          "2:1: cage 1 (0-) has 3 cells: '-' takes exactly two (--nary "
          "allows more)" },
        { "2\n1 / A1 B1 A2 B2\n", NULL,
          "2:1: cage 1 (1/) has 4 cells: '/' takes exactly two (--nary "
          "allows more)" },
        { "2\n5 A1 B1\n3 + A2 B2\n", NULL,
          "2:1: cage 1 (5) has 2 cells but no operation" },
        { "40\n", NULL, "1:1: size 40 is out of range (1 to 32)" },
        { "2\n3 + A1 C1\n", NULL,
          "2:8: 'C1' is not a cell of a 2x2 puzzle (A1..B2, or 1..4)" },
        { "2\n3 + A1 A1\n", NULL, "2:8: cell 'A1' twice in one cage" },
        { "2\n+ A1\n", NULL, "2:1: expected a target number, found '+ A1'" },
        { "a b\nc\n\na 1\n", NULL, "2:0: row 2 has 1 cells, expected 2" },
        { "a a\nb b\n\na 3 % \nb 3+\n", NULL,
          "4:5: unexpected '% ' after the clue" },
        { "4:_a_a!,a1", NULL,
          "1:7: unexpected '!' in the Keen block structure" },
        { "3:_a_aa_aa,s1m3a8", NULL, "1:18: the ID has 3 clues for 4 cages" },
        { "3:_a_aa_aa,s1m3a8s1a1", NULL,
          "1:20: the ID has more clues than its 4 cages" },
        { "3:_a_aa_a,s1m3a8s1", NULL,
          "1:10: the block structure describes 11 of the 12 edges of a 3x3 "
          "grid" },
        { "3:_a_aa_aa,s1m3q8s1", NULL,
          "1:16: unexpected 'q' where a Keen clue (a, s, m, d or ?) belongs" },
        { "99:a,a1", NULL,
          "1:1: a Keen puzzle of size 99: the size must be 1 to 32" },
        { "3:_a_aa_aa s1m3a8s1", NULL,
          "1:11: unexpected ' ' in the Keen block structure" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        mathdoku p;
        dlx_diag err;
        int got = mathdoku_read_string(cases[k].text,
                                       cases[k].rules ? cases[k].rules
                                                      : &kenken,
                                       &p, &err);
        char text[400];
        snprintf(text, sizeof text, "%d:%d: %s", err.line, err.col,
                 err.message);
        CHECK(got == -1 && !strcmp(text, cases[k].expected),
              "case %zu:\n got      %s\n expected %s", k,
              got ? text : "(read)", cases[k].expected);
        if (got == 0)
            mathdoku_free(&p);
    }
    /* a target no digits reach: found when the exact cover is built */
    mathdoku p;
    dlx_diag err;
    CHECK(mathdoku_read_string("2\n5 + A1 B1\n3 + A2 B2\n", &kenken, &p,
                               &err) == 0, "%s", err.message);
    mathdoku_solver *sv;
    CHECK(mathdoku_solver_new(&p, &kenken, NULL, &sv, &err) == MATHDOKU_EBAD
              && sv == NULL &&
              !strcmp(err.message, "cage 1 (5+): no digits reach the target")
              && err.line == 2 && err.col == 1,
          "unreachable: %d:%d: %s", err.line, err.col, err.message);
    mathdoku_free(&p);
    /* a stream: the bad puzzle is reported, the others read */
    const char *stream = "2\n3 + A1 B1\n3 + A2 B2\n\n2\n3 + A1 C1\n\n"
                         "3:_a_aa_aa,s1m3a8s1\n";
    FILE *f = fmemopen((void *)stream, strlen(stream), "r");
    mathdoku_reader r;
    mathdoku_reader_init(&r, f, MATHDOKU_LAYOUT_AUTO, &kenken);
    int first, got, results[8], n = 0, lines[8];
    while ((got = mathdoku_read(&r, &p, &first, &err)) != 0 && n < 8) {
        results[n] = got;
        lines[n++] = got > 0 ? first : err.line;
        if (got > 0)
            mathdoku_free(&p);
    }
    CHECK(n == 3 && results[0] == 1 && results[1] == -1 && results[2] == 1 &&
              lines[0] == 1 && lines[1] == 6 && lines[2] == 8,
          "stream: %d puzzles", n);
    mathdoku_reader_release(&r);
    fclose(f);
}

int main(int argc, char **argv)
{
    data_dir = argc > 1 ? argv[1] : "tests/data";
    wikipedia();
    keen_collection();
    row_cages();
    dlx_vs_dfs();
    rules();
    errors();
    return check_done();
}
