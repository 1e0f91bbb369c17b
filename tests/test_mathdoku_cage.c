/*
 * test_mathdoku_cage.c - a cage's arithmetic against a second method: the
 * pruned walk of mathdoku_cage_tuples gives exactly the tuples that brute
 * force over all N^n digit tuples keeps (the library's one rule,
 * mathdoku_cage_holds, no repeat in a row or column, each cell's
 * candidates), for random cages of every operation; and every clue that
 * mathdoku_clue_of computes is met by its digits.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mathdoku.h"
#include "mathdoku_cage.h"

static uint64_t rng = 20261123;

static int rnd(int n)
{
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((rng >> 33) % (uint64_t)n);
}

typedef struct seen {
    long count;
    uint64_t hash;   /* order-free: a sum of the tuples' hashes */
    int n;
} seen;

static uint64_t tuple_hash(const int *d, int n)
{
    uint64_t h = 1469598103934665603ULL;
    for (int j = 0; j < n; j++)
        h = (h ^ (uint64_t)d[j]) * 1099511628211ULL;
    return h;
}

static int on_tuple(void *ctx, const int *d)
{
    seen *s = ctx;
    s->count++;
    s->hash += tuple_hash(d, s->n);
    return 0;
}

/* All N^n tuples, kept as the walk should keep them. */
static seen brute(int N, const mathdoku_cage *c, const mathdoku_rules *rules,
                  const uint64_t *cand)
{
    seen s = { 0, 0, c->n };
    int d[8];
    long total = 1;
    for (int j = 0; j < c->n; j++)
        total *= N;
    for (long x = 0; x < total; x++) {
        long y = x;
        int ok = 1;
        for (int j = 0; j < c->n; j++) {
            d[j] = (int)(y % N) + 1;
            y /= N;
            ok &= cand ? (cand[j] >> (d[j] - 1)) & 1 : 1;
        }
        for (int a = 0; a < c->n && ok; a++)
            for (int b = a + 1; b < c->n && ok; b++)
                ok = d[a] != d[b] ||
                     (c->cells[a] / N != c->cells[b] / N &&
                      c->cells[a] % N != c->cells[b] % N);
        if (ok && mathdoku_cage_holds(c, d, rules))
            on_tuple(&s, d);
    }
    return s;
}

/* Random connected cages of 1..5 cells on grids of 3..7, every operation,
 * targets from random digits (so most clues can be met), half with
 * random candidates. */
static void walk_vs_brute(void)
{
    static const mathdoku_op ops[] = { MATHDOKU_ADD, MATHDOKU_SUB, MATHDOKU_MUL, MATHDOKU_DIV,
                                       MATHDOKU_GIVEN, MATHDOKU_HIDDEN };
    int cases = 0, nonempty = 0;
    for (int t = 0; t < 3000; t++) {
        int N = 3 + rnd(5), n = 1 + rnd(t % 3 == 0 ? 5 : 4);
        int cells[8], used[64] = { 0 };
        cells[0] = rnd(N * N);
        used[cells[0]] = 1;
        int m = 1;
        while (m < n) {
            int from = cells[rnd(m)], r = from / N, c = from % N;
            int dir = rnd(4);
            int to = dir == 0 && r > 0 ? from - N
                   : dir == 1 && r < N - 1 ? from + N
                   : dir == 2 && c > 0 ? from - 1
                   : dir == 3 && c < N - 1 ? from + 1 : -1;
            if (to >= 0 && !used[to]) {
                used[to] = 1;
                cells[m++] = to;
            }
        }
        /* sorted, as the reader keeps them */
        for (int a = 1; a < n; a++)
            for (int b = a; b > 0 && cells[b - 1] > cells[b]; b--) {
                int x = cells[b];
                cells[b] = cells[b - 1];
                cells[b - 1] = x;
            }
        mathdoku_rules rules = { .nary = rnd(2) };
        mathdoku_op op = ops[rnd(6)];
        int d[8];
        for (int j = 0; j < n; j++)
            d[j] = 1 + rnd(N);
        long long target;
        if (op == MATHDOKU_HIDDEN) {
            if (!mathdoku_clue_of((mathdoku_op)rnd(4), d, n, rules.nary,
                                  &target))
                target = 1 + rnd(2 * N);
        } else if (!mathdoku_clue_of(op, d, n, rules.nary, &target)) {
            target = 1 + rnd(3 * N);
        }
        mathdoku_cage c = { op, target, n, cells, "t", 0, 0 };
        uint64_t cand[8];
        const uint64_t *cp = NULL;
        if (rnd(2)) {
            for (int j = 0; j < n; j++)
                cand[j] = (uint64_t)rnd(1 << N) | 1ULL << (d[j] - 1);
            cp = cand;
        }
        seen a = { 0, 0, n }, b = brute(N, &c, &rules, cp);
        int got = mathdoku_cage_tuples(N, &c, &rules, cp, 0, on_tuple, &a);
        CHECK(got == 0 && a.count == b.count && a.hash == b.hash,
              "case %d: N=%d n=%d op %d target %lld nary %d: walk %ld, "
              "brute %ld", t, N, n, op, target, rules.nary, a.count,
              b.count);
        cases++;
        nonempty += b.count > 0;
    }
    CHECK(cases == 3000 && nonempty > 1500, "%d cases, %d with tuples",
          cases, nonempty);
}

/* The walk stops when told and when its budget runs out. */
static void stops(void)
{
    int cells[5] = { 0, 1, 2, 3, 4 };
    mathdoku_cage c = { MATHDOKU_ADD, 15, 5, cells, "r", 0, 0 };
    seen a = { 0, 0, 5 };
    /* a 5x5 row of 15+: all 120 permutations */
    CHECK(mathdoku_cage_tuples(5, &c, NULL, NULL, 0, on_tuple, &a) == 0 &&
              a.count == 120, "%ld permutations", a.count);
    a.count = 0;
    CHECK(mathdoku_cage_tuples(5, &c, NULL, NULL, 50, on_tuple, &a) == -1,
          "budget");
}

/* Clues computed from digits hold for them. */
static void clues(void)
{
    int checked = 0;
    for (int t = 0; t < 2000; t++) {
        int n = 1 + rnd(4), d[4], cells[4];
        for (int j = 0; j < n; j++) {
            d[j] = 1 + rnd(9);
            cells[j] = j * 10; /* a diagonal: no row or column shared */
        }
        for (int op = MATHDOKU_ADD; op <= MATHDOKU_GIVEN; op++) {
            long long target;
            int nary = rnd(2);
            if (!mathdoku_clue_of((mathdoku_op)op, d, n, nary, &target))
                continue;
            mathdoku_cage c = { (mathdoku_op)op, target, n, cells, "c", 0,
                                0 };
            mathdoku_rules rules = { .nary = nary };
            CHECK(mathdoku_cage_holds(&c, d, &rules) && target >= 1,
                  "op %d on %d digits gives %lld", op, n, target);
            checked++;
        }
    }
    CHECK(checked > 4000, "%d clues", checked);
}

int main(void)
{
    walk_vs_brute();
    stops();
    clues();
    return check_done();
}
