/*
 * test_dlx.c - the engine and the reader of Knuth's format.
 *
 * Expected values come from outside the engine: published counts (OEIS,
 * counts.tsv), Knuth's own node and update figures for dlx1, and a brute
 * force enumeration of every subset of options on random small problems.
 *
 * Usage: test_dlx DATA_DIR [SEED]   (DATA_DIR holds exact-cover/)
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "dlx_read.h"

static const char *data_dir = "tests/data";

static dlx_problem *read_string(const char *text, dlx_diag *err)
{
    dlx_problem *p = NULL;
    dlx_read_text(text, strlen(text), &p, err);
    return p;
}

static dlx_problem *read_data(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/exact-cover/%s.dlx", data_dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        CHECK(f != NULL, "cannot open %s", path);
        return NULL;
    }
    dlx_problem *p = NULL;
    dlx_diag err;
    int status = dlx_read_file(f, &p, &err);
    fclose(f);
    CHECK(status == DLX_OK, "%s:%d:%d: %s", path, err.line, err.col,
          err.message);
    return p;
}

static void check_links(dlx_matrix *m, const char *what)
{
    char msg[200];
    int status = dlx_check(m, msg, sizeof msg);
    CHECK(status == DLX_OK, "%s: links after the search: %s", what, msg);
}

/* ---- published counts ---------------------------------------------------- */

static void test_counts_tsv(void)
{
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/exact-cover/counts.tsv", data_dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        char name[128];
        unsigned long long want;
        if (line[0] == '#' || sscanf(line, "%127s %llu", name, &want) != 2)
            continue;
        rows++;
        dlx_problem *p = read_data(name);
        if (!p)
            continue;
        dlx_result r;
        int status = dlx_count_solutions(p->matrix, 0, NULL, 0, &r);
        CHECK(status == DLX_OK && r.outcome == DLX_COMPLETE, "%s", name);
        CHECK(dlx_count_u64(r.solutions) == want, "%s: %llu solutions, "
              "expected %llu", name,
              (unsigned long long)dlx_count_u64(r.solutions), want);
        check_links(p->matrix, name);
        dlx_problem_free(p);
    }
    fclose(f);
    CHECK(rows >= 10, "only %d rows in counts.tsv", rows);
}

/* Knuth's dlx1 reports these for the same inputs (see the engine issue). */
static void test_knuth_figures(void)
{
    static const struct {
        const char *name;
        uint64_t nodes, updates;
    } fig[] = {
        { "knuth-example", 6, 30 },
        { "queens-8", 1049, 16680 },
    };
    for (size_t k = 0; k < sizeof fig / sizeof fig[0]; k++) {
        dlx_problem *p = read_data(fig[k].name);
        if (!p)
            continue;
        /* both engines: the dance and the compact search */
        for (int engine = DLX_ENGINE_LINKS; engine <= DLX_ENGINE_BITS;
             engine++) {
            dlx_search s = dlx_search_defaults();
            s.engine = engine;
            dlx_result r;
            CHECK(dlx_solve(p->matrix, &s, &r) == DLX_OK,
                  "%s (engine %d): status", fig[k].name, engine);
            CHECK(r.ran == engine, "%s: engine %d ran, %d asked",
                  fig[k].name, r.ran, engine);
            CHECK(r.nodes == fig[k].nodes,
                  "%s (engine %d): %llu nodes, dlx1 has %llu", fig[k].name,
                  engine, (unsigned long long)r.nodes,
                  (unsigned long long)fig[k].nodes);
            CHECK(r.updates == fig[k].updates,
                  "%s (engine %d): %llu updates, dlx1 has %llu", fig[k].name,
                  engine, (unsigned long long)r.updates,
                  (unsigned long long)fig[k].updates);
            uint64_t sum = 0;
            for (int l = 0; l < r.n_levels; l++)
                sum += r.level_nodes[l];
            CHECK(sum == r.nodes, "%s: level profile sums to %llu",
                  fig[k].name, (unsigned long long)sum);
        }
        dlx_problem_free(p);
    }
}

/* ---- N-queens, built here (OEIS A000170) --------------------------------- */

/* Items: rows 0..n-1, columns n..2n-1 (primary); diagonals secondary. */
static dlx_matrix *queens(int n)
{
    int nd = 2 * n - 1;
    dlx_matrix *m = dlx_new(2 * n, 2 * nd);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int items[4] = { r, n + c, 2 * n + r + c, 2 * n + nd + r - c + n - 1 };
            dlx_add_option(m, 4, items, NULL);
        }
    return m;
}

static void test_queens(void)
{
    static const uint64_t a000170[] = { 1, 0, 0, 2, 10, 4, 40, 92, 352, 724,
                                        2680, 14200 };
    for (int n = 1; n <= 12; n++) {
        dlx_matrix *m = queens(n);
        dlx_result r;
        dlx_count_solutions(m, 0, NULL, 0, &r);
        CHECK(dlx_count_u64(r.solutions) == a000170[n - 1],
              "%d queens: %llu solutions, OEIS says %llu", n,
              (unsigned long long)dlx_count_u64(r.solutions),
              (unsigned long long)a000170[n - 1]);
        check_links(m, "queens");
        dlx_free(m);
    }
}

/* ---- brute force against the engine on random problems ------------------- */

typedef struct small {
    int n_primary, n_items, n_options;
    int size[16];
    int items[16][8];
    int colors[16][8];
} small;

/* xorshift, so the test's own randomness does not depend on the engine */
static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void random_small(small *p, uint64_t *seed, int with_colors)
{
    p->n_primary = 2 + (int)(rnd(seed) % 5);
    p->n_items = p->n_primary + (int)(rnd(seed) % 4);
    p->n_options = 4 + (int)(rnd(seed) % 12);
    for (int o = 0; o < p->n_options; o++) {
        int n = 0;
        do {
            n = 0;
            for (int i = 0; i < p->n_items && n < 8; i++)
                if (rnd(seed) % 3 == 0) {
                    p->items[o][n] = i;
                    p->colors[o][n] = with_colors && i >= p->n_primary
                                          ? (int)(rnd(seed) % 3)
                                          : 0;
                    n++;
                }
            int primary = 0;
            for (int k = 0; k < n; k++)
                primary += p->items[o][k] < p->n_primary;
            if (!primary)
                n = 0;
        } while (n == 0);
        p->size[o] = n;
    }
}

/* Counts subsets of options that are exact covers, straight from the
 * definition: primary items once, secondary at most once or all with one
 * color. */
static uint64_t brute_count(const small *p)
{
    uint64_t count = 0;
    for (uint32_t set = 0; set < (1u << p->n_options); set++) {
        int used[16] = { 0 }, color[16] = { 0 }, ok = 1;
        for (int o = 0; o < p->n_options && ok; o++) {
            if (!(set >> o & 1))
                continue;
            for (int k = 0; k < p->size[o] && ok; k++) {
                int i = p->items[o][k], c = p->colors[o][k];
                if (used[i] && (c == 0 || color[i] != c))
                    ok = 0;
                used[i]++;
                color[i] = c;
            }
        }
        for (int i = 0; i < p->n_primary && ok; i++)
            ok = used[i] == 1;
        count += ok;
    }
    return count;
}

typedef struct collected {
    int n;
    int sets[64][16];
    int sizes[64];
} collected;

static int collect_solution(void *ctx, const int *options, int n)
{
    collected *c = ctx;
    if (c->n < 64) {
        memcpy(c->sets[c->n], options, (size_t)n * sizeof *options);
        c->sizes[c->n] = n;
    }
    c->n++;
    return 0;
}

static void test_against_brute_force(uint64_t seed)
{
    for (int round = 0; round < 400; round++) {
        small p;
        random_small(&p, &seed, round % 2);
        /* every other round, 130 more primary items, each with an option
         * of its own: the count is the same, and the engine takes its path
         * for large matrices (it tracks empty items from 128 on) */
        int pad = round % 4 >= 2 ? 130 : 0;
        dlx_matrix *m = dlx_new(p.n_primary + pad, p.n_items - p.n_primary);
        for (int o = 0; o < p.n_options; o++) {
            int items[8];
            for (int k = 0; k < p.size[o]; k++)
                items[k] = p.items[o][k] + (p.items[o][k] >= p.n_primary
                                                ? pad : 0);
            dlx_add_option(m, p.size[o], items, p.colors[o]);
        }
        for (int k = 0; k < pad; k++) {
            int item = p.n_primary + k;
            dlx_add_option(m, 1, &item, NULL);
        }
        uint64_t want = brute_count(&p);
        dlx_result r;
        dlx_count_solutions(m, 0, NULL, 0, &r);
        CHECK(dlx_count_u64(r.solutions) == want,
              "round %d (seed printed above): %llu solutions, brute force "
              "%llu", round, (unsigned long long)dlx_count_u64(r.solutions),
              (unsigned long long)want);
        check_links(m, "random problem");
        dlx_free(m);
    }
}

/* ---- the two engines make the same search ------------------------------- */

/* Every figure of a search by the compact engine is the dance's: the
 * solutions and their order (first solution, the sequence seen by a
 * callback), nodes, updates, the profile per level, and where limits stop
 * it.  Independent of dlx1's figures (checked above), this pins the
 * compact engine to the dance on many more inputs.  So are the dance's
 * two builds: the one without trace (which keeps no item lists) and the
 * one a trace callback selects. */
typedef struct seen {
    uint64_t hash;
    int n;
} seen;

static int hash_solution(void *ctx, const int *options, int n)
{
    seen *h = ctx;
    for (int k = 0; k < n; k++)
        h->hash = (h->hash ^ (uint64_t)options[k]) * 1099511628211u;
    h->hash = (h->hash ^ 0xff) * 1099511628211u;
    h->n++;
    return 0;
}

static void ignore_event(void *ctx, const dlx_event *ev)
{
    (void)ctx;
    (void)ev;
}

static void compare_engines(dlx_matrix *m, const char *what,
                            uint64_t max_solutions, uint64_t max_nodes)
{
    dlx_result r[3];
    seen h[3];
    int firsts[3][64], first_n[3];
    for (int e = 0; e < 3; e++) {
        dlx_search s = dlx_search_defaults();
        s.engine = e == 1 ? DLX_ENGINE_BITS : DLX_ENGINE_LINKS;
        if (e == 2)
            s.on_trace = ignore_event;
        s.max_solutions = max_solutions;
        s.max_nodes = max_nodes;
        h[e] = (seen){ 14695981039346656037u, 0 };
        s.on_solution = hash_solution;
        s.solution_ctx = &h[e];
        CHECK(dlx_solve(m, &s, &r[e]) == DLX_OK, "%s: search", what);
        first_n[e] = r[e].first_n < 64 ? r[e].first_n : 64;
        memcpy(firsts[e], r[e].first, (size_t)first_n[e] * sizeof(int));
        check_links(m, what);
    }
    CHECK(r[1].ran == DLX_RAN_BITS, "%s: compact engine did not run",
          what);
    static const char *const name[3] = { "dance", "compact", "traced" };
    for (int e = 1; e < 3; e++) {
        CHECK(dlx_count_u64(r[0].solutions) == dlx_count_u64(r[e].solutions) &&
                  r[0].nodes == r[e].nodes && r[0].updates == r[e].updates &&
                  r[0].outcome == r[e].outcome &&
                  r[0].max_level == r[e].max_level,
              "%s (limits %llu, %llu): dance %llu/%llu/%llu %s, %s "
              "%llu/%llu/%llu %s (solutions/nodes/updates)", what,
              (unsigned long long)max_solutions, (unsigned long long)max_nodes,
              (unsigned long long)dlx_count_u64(r[0].solutions),
              (unsigned long long)r[0].nodes, (unsigned long long)r[0].updates,
              dlx_outcome_str(r[0].outcome), name[e],
              (unsigned long long)dlx_count_u64(r[e].solutions),
              (unsigned long long)r[e].nodes, (unsigned long long)r[e].updates,
              dlx_outcome_str(r[e].outcome));
        CHECK(h[0].n == h[e].n && h[0].hash == h[e].hash,
              "%s: the solutions of the %s search differ in content or order",
              what, name[e]);
        CHECK(first_n[0] == first_n[e] &&
                  !memcmp(firsts[0], firsts[e],
                          (size_t)first_n[0] * sizeof(int)),
              "%s: first solutions differ (%s)", what, name[e]);
        int same = r[0].n_levels == r[e].n_levels;
        for (int l = 0; same && l < r[0].n_levels; l++)
            same = r[0].level_nodes[l] == r[e].level_nodes[l];
        CHECK(same, "%s: level profiles differ (%s)", what, name[e]);
    }
}

static void test_engines_agree(uint64_t seed)
{
    static const char *const names[] = {
        "knuth-example", "queens-8", "queens-12", "langford-7-break",
        "langford-11-break", "latin-5", "latin-6-reduced", "sudoku-2x2",
        "sudoku-3x3-band1-row1", "pent-6x10-reduced"
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        dlx_problem *p = read_data(names[k]);
        if (!p)
            continue;
        compare_engines(p->matrix, names[k], 0, 0);
        compare_engines(p->matrix, names[k], 1, 0);
        compare_engines(p->matrix, names[k], 7, 0);
        compare_engines(p->matrix, names[k], 0, 500);
        dlx_problem_free(p);
    }
    /* random small problems without colors (the compact engine has
     * none), with secondary items */
    for (int round = 0; round < 300; round++) {
        small p;
        random_small(&p, &seed, 0);
        dlx_matrix *m = dlx_new(p.n_primary, p.n_items - p.n_primary);
        for (int o = 0; o < p.n_options; o++)
            dlx_add_option(m, p.size[o], p.items[o], NULL);
        char what[64];
        snprintf(what, sizeof what, "random round %d", round);
        compare_engines(m, what, 0, 0);
        compare_engines(m, what, 2, 0);
        dlx_free(m);
    }
    /* more options than the compact engine took before (4096; a killer
     * sudoku has 4000-8000 cage tuples): 60 primary items, 6000 options of
     * 3 of them and one of 10 secondary items (so no solution), searched
     * within limits */
    {
        dlx_matrix *m = dlx_new(60, 10);
        for (int o = 0; m && o < 6000; o++) {
            int it[4];
            it[0] = (int)(rnd(&seed) % 60);
            do
                it[1] = (int)(rnd(&seed) % 60);
            while (it[1] == it[0]);
            do
                it[2] = (int)(rnd(&seed) % 60);
            while (it[2] == it[0] || it[2] == it[1]);
            it[3] = 60 + (int)(rnd(&seed) % 10);
            dlx_add_option(m, 4, it, NULL);
        }
        CHECK(m && dlx_num_options(m) == 6000, "6000 options");
        if (m) {
            compare_engines(m, "6000 options", 50, 3000);
            compare_engines(m, "6000 options", 0, 20000);
        }
        dlx_free(m);
    }
}

/* The dance and the compact search on what is left (DLX_ENGINE_SMALL),
 * from the same forced options: the same counts, nodes, updates, level
 * profile, solutions in the same order (forced options listed first), and
 * the same status for forced options that clash or do not exist. */
static void compare_small(dlx_matrix *m, const char *what, const int *forced,
                          int n_forced, uint64_t max_solutions,
                          uint64_t max_nodes)
{
    dlx_result r[2];
    seen h[2];
    int firsts[2][64], first_n[2], st[2];
    for (int e = 0; e < 2; e++) {
        dlx_search s = dlx_search_defaults();
        s.engine = e ? DLX_ENGINE_SMALL : DLX_ENGINE_LINKS;
        s.max_solutions = max_solutions;
        s.max_nodes = max_nodes;
        s.forced = forced;
        s.n_forced = n_forced;
        h[e] = (seen){ 14695981039346656037u, 0 };
        s.on_solution = hash_solution;
        s.solution_ctx = &h[e];
        st[e] = dlx_solve(m, &s, &r[e]);
        if (e == 1 && st[e] == DLX_EENGINE) {
            /* what is left does not fit the compact engine: asked by
             * name, an error; AUTO then takes the dance (the bitset
             * engine on long lists when nothing is forced) */
            CHECK(strstr(what, "pent") != NULL, "%s: small engine refused",
                  what);
            s.engine = DLX_ENGINE_AUTO;
            h[e] = (seen){ 14695981039346656037u, 0 };
            st[e] = dlx_solve(m, &s, &r[e]);
            CHECK((r[e].ran == DLX_RAN_LINKS &&
                   r[e].reason == DLX_WHY_TOO_BIG) ||
                      (r[e].ran == DLX_RAN_BITS && n_forced == 0 &&
                       r[e].reason == DLX_WHY_LONG_LISTS),
                  "%s: AUTO ran %d (%d), not the dance", what, r[e].ran,
                  r[e].reason);
        }
        first_n[e] = r[e].first_n < 64 ? r[e].first_n : 64;
        if (first_n[e] > 0)
            memcpy(firsts[e], r[e].first, (size_t)first_n[e] * sizeof(int));
        if (dlx_num_pushed(m) == 0) /* pushed options hide links */
            check_links(m, what);
    }
    CHECK(st[0] == st[1], "%s: dance status %d, small %d", what, st[0],
          st[1]);
    if (st[0] != DLX_OK)
        return;
    /* the pentominoes' cells have lists of up to 300 options: too long
     * for a byte, so the dance takes them until the forced options
     * shorten them */
    CHECK(r[1].ran == DLX_RAN_SMALL || strstr(what, "pent"),
          "%s: small engine did not run", what);
    CHECK(dlx_count_u64(r[0].solutions) == dlx_count_u64(r[1].solutions) &&
              r[0].nodes == r[1].nodes && r[0].updates == r[1].updates &&
              r[0].outcome == r[1].outcome &&
              r[0].max_level == r[1].max_level,
          "%s (%d forced, limits %llu, %llu): dance %llu/%llu/%llu %s, "
          "small %llu/%llu/%llu %s (solutions/nodes/updates)", what,
          n_forced, (unsigned long long)max_solutions,
          (unsigned long long)max_nodes,
          (unsigned long long)dlx_count_u64(r[0].solutions),
          (unsigned long long)r[0].nodes, (unsigned long long)r[0].updates,
          dlx_outcome_str(r[0].outcome),
          (unsigned long long)dlx_count_u64(r[1].solutions),
          (unsigned long long)r[1].nodes, (unsigned long long)r[1].updates,
          dlx_outcome_str(r[1].outcome));
    CHECK(h[0].n == h[1].n && h[0].hash == h[1].hash,
          "%s: the solutions differ in content or order", what);
    CHECK(first_n[0] == first_n[1] &&
              !memcmp(firsts[0], firsts[1], (size_t)first_n[0] * sizeof(int)),
          "%s: first solutions differ", what);
    int same = r[0].n_levels == r[1].n_levels;
    for (int l = 0; same && l < r[0].n_levels; l++)
        same = r[0].level_nodes[l] == r[1].level_nodes[l];
    CHECK(same, "%s: level profiles differ", what);
}

/* The exact cover of an empty R x C-box sudoku of order N = R * C:
 * 4 N^2 primary items (cell, row-digit, column-digit, box-digit). */
static dlx_matrix *sudoku_matrix(int R, int C)
{
    int N = R * C;
    dlx_matrix *m = dlx_new(4 * N * N, 0);
    for (int r = 0; m && r < N; r++)
        for (int c = 0; c < N; c++)
            for (int d = 0; d < N; d++) {
                int b = r / R * R + c / C;
                int it[4] = { r * N + c, N * N + r * N + d,
                              2 * N * N + c * N + d, 3 * N * N + b * N + d };
                dlx_add_option(m, 4, it, NULL);
            }
    return m;
}

/* Many primary items (the dance keeps low[], its items of length 0 and
 * 1, from 128 on): the dance and the compact search make the same nodes,
 * updates and solutions from givens that leave one solution, many, or
 * none (random options, which empty some items at once); and a random
 * search from a seed is the same twice and counts what the plain one
 * counts. */
static void test_many_items(uint64_t seed)
{
    static const int shapes[2][2] = { { 2, 3 }, { 2, 4 } };
    for (int k = 0; k < 2; k++) {
        int R = shapes[k][0], C = shapes[k][1], N = R * C;
        dlx_matrix *m = sudoku_matrix(R, C);
        CHECK(m != NULL, "sudoku matrix %dx%d", R, C);
        if (!m)
            continue;
        char what[64];
        snprintf(what, sizeof what, "sudoku %dx%d", R, C);
        /* a random full grid: the random search's first solution */
        dlx_search s = dlx_search_defaults();
        s.randomize = 1;
        s.seed = seed + (uint64_t)k;
        s.max_solutions = 1;
        dlx_result r;
        CHECK(dlx_solve(m, &s, &r) == DLX_OK &&
                  dlx_count_u64(r.solutions) == 1 && r.first_n == N * N,
              "%s: a random grid", what);
        int grid[64], n = r.first_n < 64 ? r.first_n : 64;
        memcpy(grid, r.first, (size_t)n * sizeof *grid);
        for (int g = 0; g < n; g++) { /* shuffled, so givens are spread */
            int j = g + (int)(rnd(&seed) % (uint64_t)(n - g));
            int t = grid[g];
            grid[g] = grid[j];
            grid[j] = t;
        }
        for (int f = n; f >= 0; f -= 1 + n / 8) {
            compare_small(m, what, grid, f, 0, 100000);
            compare_small(m, what, grid, f, 2, 0);
        }
        int odd[6];
        for (int round = 0; round < 30; round++) {
            for (int j = 0; j < 6; j++)
                odd[j] = (int)(rnd(&seed) % (uint64_t)dlx_num_options(m));
            compare_small(m, what, odd, 1 + round % 6, 0, 100000);
        }
        /* random order from a seed: the same twice, the same count */
        int givens = N == 6 ? n / 2 : 3 * n / 4;
        uint64_t counts[3], nodes[3];
        for (int e = 0; e < 3; e++) {
            s = dlx_search_defaults();
            s.randomize = e > 0;
            s.seed = seed;
            s.forced = grid;
            s.n_forced = givens;
            CHECK(dlx_solve(m, &s, &r) == DLX_OK, "%s: random count", what);
            counts[e] = dlx_count_u64(r.solutions);
            nodes[e] = r.nodes;
        }
        CHECK(counts[1] == counts[0] && counts[2] == counts[0] &&
                  nodes[1] == nodes[2] && counts[0] >= 1,
              "%s, %d givens: %llu solutions, random %llu and %llu", what,
              givens, (unsigned long long)counts[0],
              (unsigned long long)counts[1], (unsigned long long)counts[2]);
        check_links(m, what);
        dlx_free(m);
    }
}

/* A random matrix of 8 to 24 primary items and options of four distinct
 * ones each, between n/2 and n/2 + spread * n - 1 of them (*n_options);
 * NULL when out of memory. */
static dlx_matrix *random_four_items(uint64_t *seed, int spread,
                                     int *n_options)
{
    int n_primary = 8 + (int)(rnd(seed) % 17);
    *n_options = n_primary / 2 + (int)(rnd(seed) % (uint64_t)(
                                           spread * n_primary));
    dlx_matrix *m = dlx_new(n_primary, 0);
    for (int o = 0; m && o < *n_options; o++) {
        int it[4];
        for (int k = 0; k < 4; k++) {
            int again;
            do {
                it[k] = (int)(rnd(seed) % (uint64_t)n_primary);
                again = 0;
                for (int j = 0; j < k; j++)
                    again |= it[j] == it[k];
            } while (again);
        }
        dlx_add_option(m, 4, it, NULL);
    }
    return m;
}

/* Forced options: a prefix of a solution (the givens of a puzzle), random
 * options (which may clash), a bad index; and pushed options. */
static void test_small_engine(uint64_t seed)
{
    static const char *const names[] = {
        "knuth-example", "queens-8", "queens-12", "langford-7-break",
        "latin-5", "latin-6-reduced", "sudoku-2x2",
        "sudoku-3x3-band1-row1", "pent-6x10-reduced"
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        dlx_problem *p = read_data(names[k]);
        if (!p)
            continue;
        dlx_matrix *m = p->matrix;
        dlx_result r;
        dlx_count_solutions(m, 1, NULL, 0, &r);
        int sol[64], n = r.first_n < 64 ? r.first_n : 64;
        memcpy(sol, r.first, (size_t)n * sizeof *sol);
        for (int f = 0; f <= n; f += 1 + n / 4) {
            compare_small(m, names[k], sol, f, 0, 0);
            compare_small(m, names[k], sol, f, 2, 0);
            compare_small(m, names[k], sol, f, 0, 100);
        }
        int odd[4];
        for (int round = 0; round < 20; round++) {
            for (int j = 0; j < 4; j++)
                odd[j] = (int)(rnd(&seed) % (uint64_t)dlx_num_options(m));
            compare_small(m, names[k], odd, 1 + round % 4, 0, 0);
        }
        odd[0] = sol[0];
        odd[1] = dlx_num_options(m);
        compare_small(m, names[k], odd, 2, 0, 0);
        /* pushed options: the same search as forcing them */
        if (n > 1 && dlx_push(m, sol[0]) == DLX_OK) {
            compare_small(m, names[k], sol + 1, n / 2, 0, 0);
            compare_small(m, names[k], NULL, 0, 0, 0);
            dlx_pop(m, 1);
        }
        check_links(m, names[k]);
        dlx_problem_free(p);
    }
    for (int round = 0; round < 300; round++) {
        small p;
        random_small(&p, &seed, 0);
        dlx_matrix *m = dlx_new(p.n_primary, p.n_items - p.n_primary);
        for (int o = 0; o < p.n_options; o++)
            dlx_add_option(m, p.size[o], p.items[o], NULL);
        char what[64];
        snprintf(what, sizeof what, "small round %d", round);
        int forced[2] = { (int)(rnd(&seed) % (uint64_t)p.n_options),
                          (int)(rnd(&seed) % (uint64_t)p.n_options) };
        compare_small(m, what, NULL, 0, 0, 0);
        compare_small(m, what, forced, 1, 0, 0);
        compare_small(m, what, forced, 2, 2, 0);
        dlx_free(m);
    }
    /* options of four primary items each (SHAPE_FOUR_PRIMARY in
     * dlx_small.c, sudoku's shape) on few items, so that lists are short: forced chains, dead ends found
     * by a count the step down takes to 0, and levels of several options
     * whose removal takes another item's count to 0 (its options all the
     * chosen item's), after which the children scan for the minimum */
    for (int round = 0; round < 400; round++) {
        int n_options;
        dlx_matrix *m = random_four_items(&seed, 2, &n_options);
        if (!m)
            continue;
        char what[64];
        snprintf(what, sizeof what, "four items, round %d", round);
        int forced[1] = { (int)(rnd(&seed) % (uint64_t)n_options) };
        compare_small(m, what, NULL, 0, 0, 0);
        compare_small(m, what, NULL, 0, 1, 0);
        compare_small(m, what, forced, 1, 0, 0);
        dlx_free(m);
    }
    /* options of four primary items each (the uniform build) where one
     * item's list is longer than a byte counts: the counts go through
     * ints, and the forced option {1,2,3,4} leaves item 0 at most 200 of
     * its 300 options (the first 100 hold item 1) */
    {
        dlx_matrix *m = dlx_new(45, 0);
        for (int o = 0; m && o < 300; o++) {
            int it[4] = { 0, 1, 0, 0 };
            if (o >= 100)
                it[1] = 5 + (int)(rnd(&seed) % 36);
            do
                it[2] = 5 + (int)(rnd(&seed) % 36);
            while (it[2] == it[1]);
            do
                it[3] = 5 + (int)(rnd(&seed) % 36);
            while (it[3] == it[1] || it[3] == it[2]);
            dlx_add_option(m, 4, it, NULL);
        }
        int four[4] = { 1, 2, 3, 4 };
        dlx_add_option(m, 4, four, NULL);
        for (int k = 0; m && k < 36; k += 4) {
            int it[4] = { 5 + k, 6 + k, 7 + k, 8 + k };
            dlx_add_option(m, 4, it, NULL);
        }
        int apart[4] = { 41, 42, 43, 44 };
        dlx_add_option(m, 4, apart, NULL);
        CHECK(m && dlx_num_options(m) == 311, "uniform 4: 311 options");
        if (m) {
            int forced[1] = { 300 };
            compare_small(m, "uniform 4, a list of 300", forced, 1, 0, 0);
            compare_small(m, "uniform 4, a list of 300", forced, 1, 1, 0);
            /* forcing {41,42,43,44} leaves item 0 all 300: more than a
             * byte counts, so asked by name the compact engine refuses,
             * and AUTO takes the dance */
            dlx_result r[2];
            for (int e = 0; e < 2; e++) {
                dlx_search s = dlx_search_defaults();
                s.engine = e ? DLX_ENGINE_SMALL : DLX_ENGINE_LINKS;
                int f[1] = { 310 };
                s.forced = f;
                s.n_forced = 1;
                s.max_nodes = 20000;
                if (e == 1) {
                    CHECK(dlx_solve(m, &s, &r[e]) == DLX_EENGINE &&
                              r[e].ran == DLX_RAN_NONE,
                          "uniform 4: the compact engine asked by name "
                          "ran on a list of 300");
                    s.engine = DLX_ENGINE_AUTO;
                }
                CHECK(dlx_solve(m, &s, &r[e]) == DLX_OK, "uniform 4: solve");
            }
            CHECK(r[1].ran == DLX_RAN_LINKS &&
                      r[1].reason == DLX_WHY_TOO_BIG &&
                      r[0].nodes == r[1].nodes &&
                      r[0].updates == r[1].updates,
                  "uniform 4, forced {41,42,43,44}: engine %d, nodes %llu "
                  "against %llu", r[1].ran,
                  (unsigned long long)r[1].nodes,
                  (unsigned long long)r[0].nodes);
        }
        dlx_free(m);
    }
    /* AUTO takes it with forced options, not with colors or a trace, */
    dlx_matrix *q = queens(8);
    int zero = 0;
    dlx_result r;
    dlx_count_solutions(q, 0, &zero, 1, &r);
    CHECK(r.ran == DLX_RAN_SMALL && dlx_count_u64(r.solutions) == 4,
          "queens-8 forced: engine %d, %llu solutions", r.ran,
          (unsigned long long)dlx_count_u64(r.solutions));
    /* and without them where a cover hides 10 nodes or more (queens:
     * lists of 8 options of 4 items); the dance on dominoes is checked by
     * dlx_cli.sh */
    dlx_count_solutions(q, 0, NULL, 0, &r);
    CHECK(r.ran == DLX_RAN_SMALL && dlx_count_u64(r.solutions) == 92,
          "queens-8: engine %d, %llu solutions", r.ran,
          (unsigned long long)dlx_count_u64(r.solutions));
    dlx_free(q);
}

/* ---- the subset rule (dlx_search.prune) ---------------------------------- */

/* The solutions as a set: each one's options sorted and hashed, the
 * hashes summed (and their squares), so that the order of the solutions
 * and of the options within one does not matter. */
typedef struct solution_set {
    uint64_t n, sum, squares;
} solution_set;

static int add_to_set(void *ctx, const int *options, int n)
{
    solution_set *set = ctx;
    int sorted[256];
    n = n < 256 ? n : 256;
    memcpy(sorted, options, (size_t)n * sizeof *sorted);
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && sorted[b - 1] > sorted[b]; b--) {
            int t = sorted[b];
            sorted[b] = sorted[b - 1];
            sorted[b - 1] = t;
        }
    uint64_t h = 14695981039346656037u;
    for (int k = 0; k < n; k++)
        h = (h ^ (uint64_t)sorted[k]) * 1099511628211u;
    set->n++;
    set->sum += h;
    set->squares += h * h;
    return 0;
}

/* The plain search and the search with the subset rule on m (forced
 * options as given): the same status, count and set of solutions, and
 * the rule in the small engine.  Returns the nodes the rule saved (the
 * trees differ), through *saved. */
static void compare_prune(dlx_matrix *m, const char *what, const int *forced,
                          int n_forced, uint64_t *saved)
{
    dlx_result r[2];
    solution_set set[2];
    int st[2];
    for (int e = 0; e < 2; e++) {
        dlx_search s = dlx_search_defaults();
        s.prune = e;
        s.forced = forced;
        s.n_forced = n_forced;
        set[e] = (solution_set){ 0, 0, 0 };
        s.on_solution = add_to_set;
        s.solution_ctx = &set[e];
        st[e] = dlx_solve(m, &s, &r[e]);
        check_links(m, what);
    }
    CHECK(st[0] == st[1], "%s: plain status %d, pruned %d", what, st[0],
          st[1]);
    if (st[0] != DLX_OK)
        return;
    CHECK(r[1].ran == DLX_RAN_SMALL, "%s: engine %d with prune", what,
          r[1].ran);
    CHECK(dlx_count_u64(r[0].solutions) == dlx_count_u64(r[1].solutions) &&
              set[0].n == set[1].n && set[0].sum == set[1].sum &&
              set[0].squares == set[1].squares &&
              r[1].outcome == DLX_COMPLETE,
          "%s (%d forced): plain %llu solutions, pruned %llu, or other "
          "solutions", what, n_forced,
          (unsigned long long)dlx_count_u64(r[0].solutions),
          (unsigned long long)dlx_count_u64(r[1].solutions));
    if (r[1].nodes < r[0].nodes)
        *saved += r[0].nodes - r[1].nodes;
}

/* Random problems (secondary items too) against brute force and the
 * plain search, with and without forced options; problems of four
 * primary items an option (sudoku's shape, the engine's own loop); the
 * data files; and the rule must have fired, so that none of this is
 * vacuous. */
static void test_prune(uint64_t seed)
{
    uint64_t saved = 0;
    for (int round = 0; round < 600; round++) {
        small p;
        random_small(&p, &seed, 0);
        dlx_matrix *m = dlx_new(p.n_primary, p.n_items - p.n_primary);
        for (int o = 0; o < p.n_options; o++)
            dlx_add_option(m, p.size[o], p.items[o], NULL);
        dlx_search s = dlx_search_defaults();
        s.prune = 1;
        dlx_result r;
        uint64_t want = brute_count(&p);
        CHECK(dlx_solve(m, &s, &r) == DLX_OK &&
                  dlx_count_u64(r.solutions) == want,
              "prune round %d (seed printed above): %llu solutions, brute "
              "force %llu", round,
              (unsigned long long)dlx_count_u64(r.solutions),
              (unsigned long long)want);
        char what[64];
        snprintf(what, sizeof what, "prune round %d", round);
        int forced[1] = { (int)(rnd(&seed) % (uint64_t)p.n_options) };
        compare_prune(m, what, NULL, 0, &saved);
        compare_prune(m, what, forced, 1, &saved);
        dlx_free(m);
    }
    uint64_t saved_small = saved;
    for (int round = 0; round < 400; round++) {
        int n_options;
        dlx_matrix *m = random_four_items(&seed, 3, &n_options);
        if (!m)
            continue;
        char what[64];
        snprintf(what, sizeof what, "prune, four items, round %d", round);
        int forced[1] = { (int)(rnd(&seed) % (uint64_t)n_options) };
        compare_prune(m, what, NULL, 0, &saved);
        compare_prune(m, what, forced, 1, &saved);
        dlx_free(m);
    }
    CHECK(saved_small > 0 && saved > saved_small,
          "the subset rule never fired: %llu and %llu nodes saved",
          (unsigned long long)saved_small,
          (unsigned long long)(saved - saved_small));
    static const char *const names[] = {
        "knuth-example", "queens-8", "langford-7-break", "latin-5",
        "sudoku-2x2", "sudoku-3x3-band1-row1"
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        dlx_problem *p = read_data(names[k]);
        if (!p)
            continue;
        dlx_result r;
        dlx_count_solutions(p->matrix, 1, NULL, 0, &r);
        int sol[64], n = r.first_n < 64 ? r.first_n : 64;
        memcpy(sol, r.first, (size_t)n * sizeof *sol);
        /* the band's 2.6 million solutions in full are too slow here */
        if (strcmp(names[k], "sudoku-3x3-band1-row1") != 0)
            compare_prune(p->matrix, names[k], NULL, 0, &saved);
        compare_prune(p->matrix, names[k], sol, n / 3, &saved);
        dlx_problem_free(p);
    }
    /* a sudoku: its givens forced, the rule saves nodes */
    dlx_matrix *m = sudoku_matrix(3, 3);
    static const char top[] = "4...3.......6..8..........1....5..9..8...."
                              "6...7.2........1.27..5.3....4.9........";
    int givens[81], n_givens = 0;
    for (int c = 0; c < 81; c++)
        if (top[c] != '.')
            givens[n_givens++] = c * 9 + (top[c] - '1');
    uint64_t before = saved;
    compare_prune(m, "sudoku, top1465 #1", givens, n_givens, &saved);
    CHECK(saved > before, "sudoku, top1465 #1: no node saved");
    dlx_free(m);
}

/* ---- searches: first, limit, callback, forced, random, limits ------------ */

static const char knuth_example[] =
    "| a simple example\n"
    "A B C D E | F G\n"
    "C E F\n"
    "A D G\n"
    "B C F\n"
    "A D\n"
    "B G\n"
    "D E G\n";

static int stop_at_first(void *ctx, const int *options, int n)
{
    (void)options;
    (void)n;
    ++*(int *)ctx;
    return 1;
}

static void test_searches(void)
{
    dlx_problem *p = read_string(knuth_example, NULL);
    CHECK(p != NULL, "knuth example");
    if (!p)
        return;
    dlx_matrix *m = p->matrix;
    dlx_result r;

    /* the unique solution is options 3, 0, 4 (A D / C E F / B G) */
    dlx_count_solutions(m, 1, NULL, 0, &r);
    CHECK(r.outcome == DLX_STOP_SOLUTIONS && r.first_n == 3, "first");
    int sorted[3] = { 0 };
    for (int k = 0; k < r.first_n && k < 3; k++)
        sorted[k] = r.first[k];
    CHECK(sorted[0] == 3 && sorted[1] == 0 && sorted[2] == 4,
          "solution %d %d %d", sorted[0], sorted[1], sorted[2]);

    /* forcing a clashing pair, a good option, a bad index */
    int clash[2] = { 1, 3 };
    CHECK(dlx_count_solutions(m, 0, clash, 2, &r) == DLX_ECONFLICT,
          "A D G with A D");
    check_links(m, "after a conflict");
    int good = 0;
    CHECK(dlx_count_solutions(m, 0, &good, 1, &r) == DLX_OK &&
              dlx_count_u64(r.solutions) == 1 && r.first[0] == 0,
          "forced C E F");
    int wrong = 1;
    CHECK(dlx_count_solutions(m, 0, &wrong, 1, &r) == DLX_OK &&
              dlx_count_u64(r.solutions) == 0, "forced A D G: no solution");
    int bad = 99;
    CHECK(dlx_count_solutions(m, 0, &bad, 1, &r) == DLX_EOPTION, "bad index");
    int all[3] = { 3, 0, 4 };
    CHECK(dlx_count_solutions(m, 0, all, 3, &r) == DLX_OK &&
              dlx_count_u64(r.solutions) == 1 && r.first_n == 3,
          "forcing the whole solution");
    check_links(m, "after forcing");
    dlx_problem_free(p);

    /* queens-8: limit, callback stop, node limit, time limit */
    dlx_matrix *q = queens(8);
    dlx_count_solutions(q, 10, NULL, 0, &r);
    CHECK(dlx_count_u64(r.solutions) == 10 &&
              r.outcome == DLX_STOP_SOLUTIONS, "limit 10");
    check_links(q, "limit");
    int calls = 0;
    dlx_search s = dlx_search_defaults();
    s.on_solution = stop_at_first;
    s.solution_ctx = &calls;
    CHECK(dlx_solve(q, &s, &r) == DLX_OK, "callback stop: status");
    CHECK(calls == 1 && r.outcome == DLX_STOP_CALLBACK &&
              dlx_count_u64(r.solutions) == 1, "callback stop");
    check_links(q, "callback stop");
    s = dlx_search_defaults();
    s.max_nodes = 100;
    CHECK(dlx_solve(q, &s, &r) == DLX_OK, "max nodes: status");
    CHECK(r.outcome == DLX_STOP_NODES && r.nodes == 100, "max nodes: %llu",
          (unsigned long long)r.nodes);
    check_links(q, "node limit");
    dlx_free(q);

    dlx_problem *pent = read_data("pent-6x10-reduced");
    if (pent) {
        s = dlx_search_defaults();
        s.max_seconds = 0.05;
        CHECK(dlx_solve(pent->matrix, &s, &r) == DLX_OK, "time limit: status");
        CHECK(r.outcome == DLX_STOP_TIME && r.seconds < 1.0,
              "time limit: %s after %.3f s", dlx_outcome_str(r.outcome),
              r.seconds);
        check_links(pent->matrix, "time limit");
        dlx_problem_free(pent);
    }
}

/* Pushed options: later searches run on what they leave, solutions do not
 * list them, and popping restores the matrix. */
static void test_push(void)
{
    dlx_matrix *q = queens(8);
    dlx_result r, f;
    dlx_count_solutions(q, 0, NULL, 0, &r);
    uint64_t fresh_nodes = r.nodes;
    /* a queen at row 0 column 0 (option 0): 4 of the 92 solutions */
    CHECK(dlx_push(q, 0) == DLX_OK && dlx_num_pushed(q) == 1, "push");
    dlx_count_solutions(q, 0, NULL, 0, &r);
    int zero = 0;
    CHECK(dlx_pop(q, 1) == DLX_OK, "pop");
    dlx_count_solutions(q, 0, &zero, 1, &f);
    CHECK(dlx_count_u64(r.solutions) == dlx_count_u64(f.solutions) &&
              dlx_count_u64(r.solutions) == 4, "pushed %llu, forced %llu",
          (unsigned long long)dlx_count_u64(r.solutions),
          (unsigned long long)dlx_count_u64(f.solutions));
    dlx_push(q, 0);
    dlx_count_solutions(q, 1, NULL, 0, &r);
    int lists_pushed = 0;
    for (int k = 0; k < r.first_n; k++)
        lists_pushed |= r.first[k] == 0;
    CHECK(r.first_n == 7 && !lists_pushed, "a solution of 7 more queens");
    /* a clash is refused and leaves nothing pushed; so is adding options */
    CHECK(dlx_push(q, 1) == DLX_ECONFLICT && dlx_num_pushed(q) == 1,
          "same row");
    int items[2] = { 0, 8 };
    CHECK(dlx_add_option(q, 2, items, NULL) == DLX_EBUSY, "add while pushed");
    /* a clone keeps the pushed state and can pop it */
    dlx_matrix *c = dlx_clone(q);
    CHECK(c && dlx_num_pushed(c) == 1, "clone pushed");
    if (c) {
        dlx_push(c, 8 + 4); /* row 1, column 4: only 04752613 */
        dlx_count_solutions(c, 0, NULL, 0, &r);
        CHECK(dlx_count_u64(r.solutions) == 1, "two queens pushed: %llu",
              (unsigned long long)dlx_count_u64(r.solutions));
        CHECK(dlx_pop(c, 2) == DLX_OK, "pop both");
        dlx_count_solutions(c, 0, NULL, 0, &r);
        CHECK(dlx_count_u64(r.solutions) == 92, "clone restored");
        check_links(c, "clone popped");
        dlx_free(c);
    }
    CHECK(dlx_pop(q, 2) == DLX_EOPTION, "pop more than pushed");
    CHECK(dlx_pop(q, 1) == DLX_OK && dlx_num_pushed(q) == 0, "pop all");
    check_links(q, "popped");
    dlx_count_solutions(q, 0, NULL, 0, &r);
    CHECK(dlx_count_u64(r.solutions) == 92 && r.nodes == fresh_nodes,
          "queens-8 restored: %llu nodes, %llu before",
          (unsigned long long)r.nodes, (unsigned long long)fresh_nodes);
    dlx_free(q);
}

/* Random mode: the same count, and the same order for the same seed. */
static void test_random(void)
{
    dlx_matrix *q = queens(8);
    static collected a, b, c;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    dlx_result r;
    dlx_search s = dlx_search_defaults();
    s.randomize = 1;
    s.on_solution = collect_solution;
    uint64_t seeds[3] = { 1, 1, 2 };
    collected *runs[3] = { &a, &b, &c };
    for (int k = 0; k < 3; k++) {
        runs[k]->n = 0;
        s.seed = seeds[k];
        s.solution_ctx = runs[k];
        CHECK(dlx_solve(q, &s, &r) == DLX_OK, "random: status");
        CHECK(dlx_count_u64(r.solutions) == 92, "random seed %llu: %llu",
              (unsigned long long)seeds[k],
              (unsigned long long)dlx_count_u64(r.solutions));
        check_links(q, "random");
    }
    CHECK(a.n == b.n && memcmp(a.sets, b.sets, sizeof a.sets) == 0,
          "same seed, same solutions in the same order");
    CHECK(memcmp(a.sets, c.sets, sizeof a.sets) != 0,
          "another seed, another order");
    /* the first solutions differ from the deterministic search's too */
    static collected d;
    memset(&d, 0, sizeof d);
    s = dlx_search_defaults();
    s.on_solution = collect_solution;
    s.solution_ctx = &d;
    CHECK(dlx_solve(q, &s, &r) == DLX_OK, "deterministic: status");
    CHECK(memcmp(a.sets, d.sets, sizeof a.sets) != 0, "random differs");
    dlx_free(q);
}

/* Splitting at a depth gives subproblems whose counts add up. */
typedef struct jobs {
    int n;
    int opts[512][4];
    int len[512];
} jobs;

static int keep_job(void *ctx, const int *options, int n)
{
    jobs *j = ctx;
    if (j->n < 512 && n <= 4) {
        memcpy(j->opts[j->n], options, (size_t)n * sizeof *options);
        j->len[j->n] = n;
    }
    j->n++;
    return 0;
}

static void test_split(void)
{
    dlx_matrix *q = queens(8);
    static jobs j;
    j.n = 0;
    dlx_search s = dlx_search_defaults();
    s.split_depth = 2;
    s.on_split = keep_job;
    s.split_ctx = &j;
    dlx_result r;
    CHECK(dlx_solve(q, &s, &r) == DLX_OK, "split: status");
    CHECK(j.n > 1 && j.n <= 512 && r.splits == (uint64_t)j.n, "%d jobs",
          j.n);
    uint64_t total = 0;
    for (int k = 0; k < j.n && k < 512; k++) {
        dlx_count_solutions(q, 0, j.opts[k], j.len[k], &r);
        total += dlx_count_u64(r.solutions);
    }
    CHECK(total == 92, "split total %llu", (unsigned long long)total);
    check_links(q, "split");
    dlx_matrix *c = dlx_clone(q);
    dlx_count_solutions(c, 0, NULL, 0, &r);
    CHECK(dlx_count_u64(r.solutions) == 92, "clone");
    check_links(c, "clone");
    dlx_free(c);
    dlx_free(q);
}

static void test_edge_cases(void)
{
    dlx_result r;
    /* no items at all: the empty set of options is the one solution */
    dlx_matrix *m = dlx_new(0, 0);
    dlx_count_solutions(m, 0, NULL, 0, &r);
    CHECK(dlx_count_u64(r.solutions) == 1 && r.first_n == 0, "empty");
    dlx_free(m);
    /* an item no option covers */
    m = dlx_new(2, 0);
    int a = 0;
    dlx_add_option(m, 1, &a, NULL);
    dlx_count_solutions(m, 0, NULL, 0, &r);
    CHECK(dlx_count_u64(r.solutions) == 0 && r.nodes == 1,
          "uncoverable item: %llu nodes", (unsigned long long)r.nodes);
    dlx_free(m);
    /* secondary items: at most once */
    m = dlx_new(2, 1);
    int o1[2] = { 0, 2 }, o2[2] = { 1, 2 }, o3[1] = { 1 };
    dlx_add_option(m, 2, o1, NULL);
    dlx_add_option(m, 2, o2, NULL);
    dlx_add_option(m, 1, o3, NULL);
    dlx_count_solutions(m, 0, NULL, 0, &r);
    CHECK(dlx_count_u64(r.solutions) == 1, "secondary at most once");
    dlx_free(m);
    /* building errors */
    m = dlx_new(2, 1);
    int rep[2] = { 0, 0 }, out[1] = { 3 }, sec[1] = { 2 }, prim[1] = { 0 };
    int col[1] = { 5 };
    CHECK(dlx_add_option(m, 2, rep, NULL) == DLX_EREPEAT, "repeat");
    CHECK(dlx_add_option(m, 1, out, NULL) == DLX_EITEM, "range");
    CHECK(dlx_add_option(m, 1, sec, NULL) == DLX_ENOPRIMARY, "no primary");
    CHECK(dlx_add_option(m, 1, prim, col) == DLX_ECOLOR, "primary color");
    CHECK(dlx_num_options(m) == 0, "nothing added");
    check_links(m, "after refused options");
    dlx_free(m);
    dlx_free(NULL);
    dlx_problem_free(NULL);
}

static void test_colors(void)
{
    /* dlx2's example: unique solution A C X:1 Y:1 and B X:1 */
    dlx_diag err;
    dlx_problem *p = read_string("| A simple example of color controls\n"
                                 "A B C | X Y\n"
                                 "A B X:0 Y:0\n"
                                 "A C X:1 Y:1\n"
                                 "X:0 Y:1\n"
                                 "B X:1\n"
                                 "C Y:1\n", &err);
    CHECK(p && p->n_warnings == 1 && p->warnings[0].line == 5,
          "the option without primary item is dropped with a warning");
    if (!p)
        return;
    CHECK(dlx_num_options(p->matrix) == 4, "4 options kept");
    dlx_result r;
    dlx_count_solutions(p->matrix, 0, NULL, 0, &r);
    CHECK(dlx_count_u64(r.solutions) == 1 && r.first_n == 2, "one solution");
    if (r.first_n == 2) {
        int a = r.first[0] < r.first[1] ? r.first[0] : r.first[1];
        int b = r.first[0] ^ r.first[1] ^ a;
        CHECK(p->option_line[a] == 4 && p->option_line[b] == 6,
              "solution on lines %d and %d", p->option_line[a],
              p->option_line[b]);
    }
    check_links(p->matrix, "colors");
    dlx_problem_free(p);

    /* a dropped option does not number colors: found by the fuzzer, the
     * written problem read back differed */
    p = read_string("A | X\nX:q\nA X:r\n", &err);
    CHECK(p && p->n_colors == 1 && !strcmp(p->color_names[0], "r"),
          "dropped option's color not kept");
    dlx_problem_free(p);
}

/* Knuth's estimate is unbiased: with many paths it lands near the
 * published count, within a few of its own standard errors. */
static void test_estimate(void)
{
    static const struct {
        const char *name;
        double count;
    } cases[] = { { "queens-8", 92 }, { "latin-5", 161280 },
                  { "sudoku-2x2", 288 } };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        dlx_problem *p = read_data(cases[k].name);
        if (!p)
            continue;
        dlx_estimate e;
        dlx_search s = dlx_search_defaults();
        s.seed = 7;
        CHECK(dlx_estimate_size(p->matrix, &s, 20000, &e) == DLX_OK,
              "estimate");
        CHECK(e.outcome == DLX_COMPLETE && e.paths == 20000,
              "%s: %" PRIu64 " paths done", cases[k].name, e.paths);
        CHECK(e.solutions_error > 0 &&
                  e.solutions_error < 0.1 * cases[k].count &&
                  e.solutions > cases[k].count - 5 * e.solutions_error &&
                  e.solutions < cases[k].count + 5 * e.solutions_error,
              "%s: estimate %.1f +- %.1f, published %.0f", cases[k].name,
              e.solutions, e.solutions_error, cases[k].count);
        check_links(p->matrix, "estimate");
        dlx_problem_free(p);
    }
}

/* The estimate keeps to the budgets of a search: a node budget stops it
 * after that many nodes, with the paths done so far; a path is at most
 * 9 nodes on queens-8 (8 levels and the solution), so a budget of 1000
 * nodes leaves at least 1000 / 9 - 1 paths done. */
static void test_estimate_budget(void)
{
    dlx_problem *p = read_data("queens-8");
    if (!p)
        return;
    dlx_estimate e;
    dlx_search s = dlx_search_defaults();
    s.seed = 3;
    s.max_nodes = 1000;
    CHECK(dlx_estimate_size(p->matrix, &s, 1000000, &e) == DLX_OK,
          "estimate with a node budget");
    CHECK(e.outcome == DLX_STOP_NODES, "outcome %s",
          dlx_outcome_str(e.outcome));
    CHECK(e.visited == 1000, "%" PRIu64 " nodes walked, budget 1000",
          e.visited);
    CHECK(e.paths >= 1000 / 9 - 1 && e.paths < 1000,
          "%" PRIu64 " paths done in 1000 nodes", e.paths);
    CHECK(e.solutions > 0 && e.nodes > 1, "partial estimate %g, %g",
          e.solutions, e.nodes);
    check_links(p->matrix, "estimate cut short");

    /* a time budget: polled every DLX_POLL_NODES nodes */
    s.max_nodes = 0;
    s.max_seconds = 0.05;
    CHECK(dlx_estimate_size(p->matrix, &s, UINT64_MAX, &e) == DLX_OK,
          "estimate with a time budget");
    CHECK(e.outcome == DLX_STOP_TIME && e.paths > 0, "outcome %s, %" PRIu64
          " paths", dlx_outcome_str(e.outcome), e.paths);
    check_links(p->matrix, "estimate out of time");
    dlx_problem_free(p);
}

/* A trace watches the search, it does not change it: the solution limit
 * holds with a trace as without (queens-8 has 92 solutions). */
typedef struct trace_tally {
    int solutions, chooses;
} trace_tally;

static void count_events(void *ctx, const dlx_event *ev)
{
    trace_tally *t = ctx;
    t->solutions += ev->kind == DLX_EV_SOLUTION;
    t->chooses += ev->kind == DLX_EV_CHOOSE;
}

static void test_trace_limits(void)
{
    dlx_problem *p = read_data("queens-8");
    if (!p)
        return;
    static const uint64_t limits[] = { 1, 2, 5 };
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
        dlx_search s = dlx_search_defaults();
        s.max_solutions = limits[k];
        dlx_result plain, traced;
        CHECK(dlx_solve(p->matrix, &s, &plain) == DLX_OK, "search");
        trace_tally t = { 0, 0 };
        s.on_trace = count_events;
        s.trace_ctx = &t;
        CHECK(dlx_solve(p->matrix, &s, &traced) == DLX_OK, "traced search");
        CHECK(traced.outcome == DLX_STOP_SOLUTIONS &&
                  dlx_count_u64(traced.solutions) == limits[k] &&
                  t.solutions == (int)limits[k],
              "limit %" PRIu64 " with a trace: %s, %" PRIu64 " solutions, "
              "%d traced", limits[k], dlx_outcome_str(traced.outcome),
              dlx_count_u64(traced.solutions), t.solutions);
        CHECK(traced.nodes == plain.nodes && traced.updates == plain.updates,
              "limit %" PRIu64 ": %" PRIu64 "/%" PRIu64 " nodes/updates "
              "traced, %" PRIu64 "/%" PRIu64 " without", limits[k],
              traced.nodes, traced.updates, plain.nodes, plain.updates);
        check_links(p->matrix, "traced search with a limit");
    }
    /* and a node budget with a trace */
    dlx_search s = dlx_search_defaults();
    trace_tally t = { 0, 0 };
    s.max_nodes = 100;
    s.on_trace = count_events;
    s.trace_ctx = &t;
    dlx_result r;
    CHECK(dlx_solve(p->matrix, &s, &r) == DLX_OK, "traced search");
    CHECK(r.outcome == DLX_STOP_NODES && r.nodes == 100 && t.chooses < 100,
          "node budget with a trace: %s, %" PRIu64 " nodes",
          dlx_outcome_str(r.outcome), r.nodes);
    dlx_problem_free(p);
}

static void test_count_str(void)
{
    char buf[DLX_COUNT_STRLEN];
    dlx_count c = { 0, 0 };
    CHECK(!strcmp(dlx_count_str(c, buf), "0"), "%s", buf);
    c = (dlx_count){ 1, 0 };
    CHECK(!strcmp(dlx_count_str(c, buf), "18446744073709551616"), "%s", buf);
    c = (dlx_count){ UINT64_MAX, UINT64_MAX };
    CHECK(!strcmp(dlx_count_str(c, buf),
                  "340282366920938463463374607431768211455"), "%s", buf);
    c = dlx_count_add((dlx_count){ 0, UINT64_MAX }, (dlx_count){ 0, 1 });
    CHECK(c.hi == 1 && c.lo == 0, "carry");
    CHECK(dlx_count_u64(c) == UINT64_MAX, "saturates");
}

/* ---- the reader's errors ------------------------------------------------- */

static void test_reader_errors(void)
{
    static const struct {
        const char *text;
        int line, col;
        const char *message;
    } bad[] = {
        { "", 1, 0, "no item line (the input is empty or only comments)" },
        { "| only a comment\n\n", 2, 0,
          "no item line (the input is empty or only comments)" },
        { "A B | C | D\nA\n", 1, 9,
          "second '|' in the item line (first at column 5)" },
        { "A B A\n", 1, 5, "duplicate item name 'A'" },
        { "A b:c\n", 1, 4, "item name 'b:c' contains ':'" },
        { "A 0|B\n", 1, 3,
          "upper bound 0 (an item's upper bound is at least 1)" },
        { "A 3:1|B\n", 1, 3, "lower bound 3 exceeds upper bound 1" },
        { "A B\nA C\n", 2, 3, "unknown item 'C'" },
        { "A B\nA B A\n", 2, 5, "item 'A' appears twice in this option" },
        { "A B | C\nA:x B\n", 2, 1, "primary item 'A' cannot have a color" },
        { "A | C\nA C:\n", 2, 5, "missing color after 'C:'" },
        { "A | C\nA C:x:y\n", 2, 5, "color 'x:y' contains ':'" },
        { "A B\nA | B\n", 2, 3,
          "'|' with no number (an option's cost is written |n, a comment "
          "starts the line with |)" },
        { "| B C\n", 1, 0,
          "no item line (the input is empty or only comments)" },
        { "A B\nA \x01\n", 2, 3, "character 0x01 not allowed in item name" },
        { "A \xc3\xa9\n", 1, 3, "character 0xc3 not allowed in item name" },
        { "A B\n\nA\nB Z\n", 4, 3, "unknown item 'Z'" },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        dlx_diag err;
        dlx_problem *p = read_string(bad[k].text, &err);
        CHECK(p == NULL, "case %zu accepted", k);
        dlx_problem_free(p);
        CHECK(err.line == bad[k].line && err.col == bad[k].col &&
                  !strcmp(err.message, bad[k].message),
              "case %zu: got %d:%d: %s; expected %d:%d: %s", k, err.line,
              err.col, err.message, bad[k].line, bad[k].col,
              bad[k].message);
    }
    /* a NUL byte is an error, not the end of the input */
    dlx_diag err;
    dlx_problem *p = NULL;
    const char nul[] = "A B\nA\0B\n";
    CHECK(dlx_read_text(nul, sizeof nul - 1, &p, &err) != DLX_OK &&
              err.line == 2 && err.col == 2 &&
              !strcmp(err.message, "NUL byte in the input (not a text file?)"),
          "NUL: %d:%d: %s", err.line, err.col, err.message);
    /* a long name */
    char longname[200];
    memset(longname, 'x', 100);
    strcpy(longname + 100, "\n");
    p = read_string(longname, &err);
    CHECK(!p && err.col == 1 &&
              !strcmp(err.message, "item name longer than 64 characters"),
          "long name: %s", err.message);
}

static void test_reader_tolerance(void)
{
    /* CRLF, no final newline, tabs, comments anywhere, long names */
    dlx_diag err;
    dlx_problem *p = read_string("| crlf\r\nA\tB | C\r\n| comment\r\n\r\n"
                                 "A C\r\n  B\r\nA B", &err);
    CHECK(p != NULL, "tolerant input: %d:%d: %s", err.line, err.col,
          err.message);
    if (p) {
        CHECK(dlx_num_options(p->matrix) == 3 && p->n_primary == 2 &&
                  p->n_items == 3, "3 options");
        CHECK(!strcmp(p->item_names[2], "C"), "names without CR");
        CHECK(p->option_line[2] == 7, "line numbers count CRLF lines");
        dlx_result r;
        dlx_count_solutions(p->matrix, 0, NULL, 0, &r);
        CHECK(dlx_count_u64(r.solutions) == 2, "two solutions");
        dlx_problem_free(p);
    }
    p = read_string("long_item_name_beyond_eight A\nlong_item_name_beyond_eight"
                    " A\n", &err);
    CHECK(p != NULL, "names longer than 8 characters");
    dlx_problem_free(p);
    p = read_string("A B |\nA\nB\n", &err);
    CHECK(p && p->n_primary == 2 && p->n_items == 2, "nothing after '|'");
    dlx_problem_free(p);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        data_dir = argv[1];
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 20261122;
    printf("test_dlx: random seed %llu (replay: test_dlx DIR SEED)\n",
           (unsigned long long)seed);
    test_counts_tsv();
    test_knuth_figures();
    test_queens();
    test_against_brute_force(seed);
    test_engines_agree(seed);
    test_searches();
    test_small_engine(seed);
    test_prune(seed);
    test_many_items(seed);
    test_push();
    test_random();
    test_split();
    test_edge_cases();
    test_colors();
    test_estimate();
    test_estimate_budget();
    test_trace_limits();
    test_count_str();
    test_reader_errors();
    test_reader_tolerance();
    return check_done();
}
