/*
 * test_sanity.c - every engine run with its sanity() (Knuth's: every link
 * and count of the engine's layout, checked at every level), linked
 * against libdlx built with EXCOVER_SANITY (tests/dlx.cmake): a broken
 * invariant aborts the test.  The searches are small enough for a
 * quick ctest; their counts are checked against published figures
 * (exact-cover/counts.tsv) and, for multiplicities and colors, against
 * a brute force over every set of options.
 *
 *   test_sanity DATA_DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "dlx_random.h"
#include "dlx_read.h"

/* one search of m by `engine` (forced options, prune): its count, -2
 * when the engine cannot run it (DLX_EENGINE: colors for the compact
 * engines), or -1 when the call failed */
static long count_by(dlx_matrix *m, int engine, const int *forced,
                     int n_forced, int prune, int *ran)
{
    dlx_search s = dlx_search_defaults();
    s.engine = engine;
    s.forced = forced;
    s.n_forced = n_forced;
    s.prune = prune;
    dlx_result r;
    int st = dlx_solve(m, &s, &r);
    if (st == DLX_EENGINE)
        return -2;
    if (st != DLX_OK || r.outcome != DLX_COMPLETE)
        return -1;
    *ran = r.ran;
    return (long)r.solutions.lo;
}

/* The inputs of counts.tsv: the dance, the bitset engine, the memo
 * counter and (below a forced option) the compact engine with and
 * without the subset rule, each against the published count or the
 * dance's. */
static void published(const char *dir)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/exact-cover/counts.tsv", dir);
    FILE *tsv = fopen(path, "r");
    CHECK(tsv != NULL, "%s", path);
    if (!tsv)
        return;
    char line[512], name[256];
    long expected;
    while (fgets(line, sizeof line, tsv)) {
        if (line[0] == '#' || sscanf(line, "%255s %ld", name, &expected) != 2)
            continue;
        if (strcmp(name, "pent-6x10-reduced") == 0 ||
            strcmp(name, "queens-12") == 0 ||
            strcmp(name, "sudoku-3x3-band1-row1") == 0)
            continue; /* seconds each with sanity: too slow for here */
        snprintf(path, sizeof path, "%s/exact-cover/%s.dlx", dir, name);
        FILE *f = fopen(path, "r");
        dlx_problem *p = NULL;
        dlx_diag err;
        CHECK(f && dlx_read_file(f, &p, &err) == DLX_OK, "%s", path);
        if (f)
            fclose(f);
        if (!p)
            continue;
        dlx_matrix *m = p->matrix;
        int ran = -1;
        /* the compact engines refuse colors (the one input that has them) */
        long refused = strstr(name, "color") ? -2 : -3;
        CHECK(count_by(m, DLX_ENGINE_LINKS, NULL, 0, 0, &ran) == expected, "%ld, expected %ld", count_by(m, DLX_ENGINE_LINKS, NULL, 0, 0, &ran), expected);
        long bits = count_by(m, DLX_ENGINE_BITS, NULL, 0, 0, &ran);
        CHECK(bits == expected || bits == refused, "%ld, expected %ld", bits,
              expected);

        dlx_search s = dlx_search_defaults();
        dlx_result r;
        dlx_memo_stats st;
        if (dlx_count_memo(m, &s, 0, &r, &st) == DLX_OK)
            CHECK((long)r.solutions.lo == expected, "%ld, expected %ld", (long)r.solutions.lo, expected);

        /* below option 0: the compact search on what is left */
        int forced[1] = { 0 };
        long links = count_by(m, DLX_ENGINE_LINKS, forced, 1, 0, &ran);
        CHECK(links >= 0, "%s below option 0", name);
        long small = count_by(m, DLX_ENGINE_SMALL, forced, 1, 0, &ran);
        CHECK(small == links || small == refused, "%ld, expected %ld", small,
              links);
        long pruned = count_by(m, DLX_ENGINE_SMALL, forced, 1, 1, &ran);
        CHECK(pruned == links || pruned == refused, "%ld, expected %ld",
              pruned, links);
        printf("%s: %ld; below option 0: %ld\n", name, expected, links);
        dlx_problem_free(p);
    }
    fclose(tsv);
}

/* ---- multiplicities and colors, against a brute force ---------------- */

enum { NP = 5, NS = 2, NO = 14 };

typedef struct mcc_case {
    int lo[NP], hi[NP];
    int has[NO][NP + NS]; /* 0: not in the option; else 1 + its color */
} mcc_case;

/* The solutions of c by every subset of its options: each primary item
 * covered lo..hi times, each secondary item in options of one color
 * (color 0, no color: in one option at most). */
static long brute(const mcc_case *c)
{
    long n = 0;
    for (unsigned set = 0; set < 1u << NO; set++) {
        int ok = 1;
        for (int i = 0; i < NP + NS && ok; i++) {
            int times = 0, color = -1;
            for (int o = 0; o < NO; o++) {
                if (!(set >> o & 1) || !c->has[o][i])
                    continue;
                times++;
                int k = c->has[o][i] - 1;
                if (i >= NP && color >= 0 && (color == 0 || k != color))
                    ok = 0;
                color = k;
            }
            if (i < NP && (times < c->lo[i] || times > c->hi[i]))
                ok = 0;
        }
        n += ok;
    }
    return n;
}

static void mcc_text(const mcc_case *c, char *buf, size_t size)
{
    size_t at = 0;
    for (int i = 0; i < NP; i++)
        at += (size_t)snprintf(buf + at, size - at, "%d:%d|p%d ", c->lo[i],
                               c->hi[i], i);
    at += (size_t)snprintf(buf + at, size - at, "|");
    for (int i = 0; i < NS; i++)
        at += (size_t)snprintf(buf + at, size - at, " s%d", i);
    at += (size_t)snprintf(buf + at, size - at, "\n");
    for (int o = 0; o < NO; o++) {
        for (int i = 0; i < NP + NS; i++) {
            if (!c->has[o][i])
                continue;
            at += (size_t)snprintf(buf + at, size - at,
                                   i < NP ? "p%d " : "s%d", i < NP ? i
                                                                   : i - NP);
            if (i >= NP)
                at += (size_t)snprintf(buf + at, size - at,
                                       c->has[o][i] > 1 ? ":c%d " : " ",
                                       c->has[o][i] - 1);
        }
        at += (size_t)snprintf(buf + at, size - at, "\n");
    }
}

static void multiplicities(void)
{
    uint64_t seed = 44;
    for (int t = 0; t < 40; t++) {
        mcc_case c;
        memset(&c, 0, sizeof c);
        for (int i = 0; i < NP; i++) {
            c.lo[i] = (int)dlx_random_below(&seed, 2);
            c.hi[i] = c.lo[i] + 1 + (int)dlx_random_below(&seed, 2);
        }
        for (int o = 0; o < NO; o++) {
            /* a primary item in every option */
            c.has[o][dlx_random_below(&seed, NP)] = 1;
            for (int i = 0; i < NP; i++)
                if (dlx_random_below(&seed, 4) == 0)
                    c.has[o][i] = 1;
            for (int i = NP; i < NP + NS; i++)
                if (dlx_random_below(&seed, 3) == 0)
                    c.has[o][i] = 1 + (int)dlx_random_below(&seed, 3);
        }
        char text[4096];
        mcc_text(&c, text, sizeof text);
        dlx_problem *p = NULL;
        dlx_diag err;
        int st = dlx_read_text(text, strlen(text), &p, &err);
        CHECK(st == DLX_OK, "case %d", t);
        if (st != DLX_OK) {
            printf("case %d: %s\n%s", t, err.message, text);
            continue;
        }
        int ran = -1;
        long got = count_by(p->matrix, DLX_ENGINE_AUTO, NULL, 0, 0, &ran);
        long want = brute(&c);
        CHECK(got == want, "%ld, expected %ld", got, want);
        if (got != want)
            printf("case %d (seed 44):\n%s", t, text);
        dlx_problem_free(p);
    }
    printf("multiplicities and colors: 40 cases against brute force\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_sanity DATA_DIR\n");
        return 2;
    }
    published(argv[1]);
    multiplicities();
    return check_done();
}
