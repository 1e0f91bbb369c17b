/*
 * test_mathdoku_gen.c - generated puzzles checked by other means than the
 * generator's: one solution by the plain exact cover (every tuple, no
 * propagation) and by the naive DFS where it finishes, that solution the
 * generator's square, the clues met (mathdoku_check), every layout read
 * back; the options kept (operations, hidden, n-ary, sizes, givens); the
 * same seed giving the same puzzle; grades as asked.
 *
 * Usage: test_mathdoku_gen
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mathdoku.h"
#include "mathdoku_gen.h"
#include "mathdoku_logic.h"
#include "mathdoku_write.h"

/* Solutions by the plain exact cover, up to 2, within max_nodes (0: none);
 * -1 when cut short. */
static int count_dlx(const mathdoku *p, const mathdoku_rules *rules,
                     uint64_t max_nodes, int *sol)
{
    dlx_diag err;
    mathdoku_solver *sv = NULL;
    mathdoku_solver_new(p, rules, NULL, &sv, &err);
    CHECK(sv != NULL, "solver: %s", err.message);
    if (!sv)
        return -1;
    grid_limits lim = { .max_solutions = 2, .max_nodes = max_nodes };
    grid_outcome out;
    mathdoku_solve_dlx(sv, &lim, sol, &out);
    mathdoku_solver_free(sv);
    return out.complete ? (int)out.solutions : -1;
}

static int count_dfs(const mathdoku *p, const mathdoku_rules *rules,
                     uint64_t max_nodes, int *sol)
{
    grid_limits lim = { .max_solutions = 2, .max_nodes = max_nodes };
    grid_outcome out;
    mathdoku_solve_dfs(p, rules, &lim, sol, &out);
    return out.complete ? (int)out.solutions : -1;
}

typedef int (*writer)(FILE *f, const mathdoku *p);

static int write_keen(FILE *f, const mathdoku *p)
{
    char *id = mathdoku_keen_id(p, NULL);
    if (!id)
        return EOF;
    fprintf(f, "%s\n", id);
    free(id);
    return 0;
}

/* Each layout reads back to a puzzle whose one solution is sol. */
static void layouts(const mathdoku *p, const mathdoku_rules *rules,
                    const int *sol, const char *what)
{
    static const writer writers[] = { mathdoku_write_letters,
                                      mathdoku_write_list,
                                      mathdoku_write_numbered, write_keen };
    int NN = p->N * p->N;
    for (int w = 0; w < 4; w++) {
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        writers[w](f, p);
        fclose(f);
        mathdoku q;
        dlx_diag err;
        int got = mathdoku_read_string(text, rules, &q, &err);
        CHECK(got == 0, "%s: layout %d: %s", what, w, err.message);
        if (got == 0) {
            int ok = q.n_cages == p->n_cages;
            for (int i = 0; i < NN && ok; i++)
                ok = p->cages[p->cage_of[i]].target ==
                         q.cages[q.cage_of[i]].target &&
                     p->cages[p->cage_of[i]].n == q.cages[q.cage_of[i]].n;
            char why[200] = "";
            CHECK(ok && mathdoku_check(&q, rules, sol, why, sizeof why) == 0,
                  "%s: layout %d reads back otherwise: %s", what, w, why);
            mathdoku_free(&q);
        }
        free(text);
    }
}

typedef struct kind {
    int N;
    unsigned ops;
    int nary, hidden, singletons;
    const char *sizes;
    int seeds;
} kind;

/* Everything the options promise, for one puzzle. */
static void kept(const kind *k, const mathdoku *p, const mathdoku_rules *r,
                 const int *sol, const char *what)
{
    int sizes[MATHDOKU_GEN_MAX_SIZE + 1] = { 0 }, max = 5;
    if (k->sizes) {
        mathdoku_parse_sizes(k->sizes, sizes);
        for (max = MATHDOKU_GEN_MAX_SIZE; max > 1 && !sizes[max]; max--)
            ;
    }
    int ones_allowed = k->singletons || sizes[1] > 0 || p->N <= 2;
    char why[200] = "";
    CHECK(mathdoku_check(p, r, sol, why, sizeof why) == 0, "%s: %s", what,
          why);
    for (int c = 0; c < p->n_cages; c++) {
        const mathdoku_cage *cg = &p->cages[c];
        if (cg->n == 1) {
            CHECK(ones_allowed, "%s: a given", what);
            CHECK(cg->op == MATHDOKU_GIVEN, "%s: a one-cell cage with op %d",
                  what, cg->op);
            continue;
        }
        /* merges may grow cages past the largest size drawn, up to the
         * largest size weighed */
        CHECK(cg->n <= max, "%s: a cage of %d cells", what, cg->n);
        if (k->hidden) {
            CHECK(cg->op == MATHDOKU_HIDDEN, "%s: op %d shown", what, cg->op);
            continue;
        }
        static const unsigned bit[] = { MATHDOKU_OPS_ADD, MATHDOKU_OPS_SUB, MATHDOKU_OPS_MUL,
                                        MATHDOKU_OPS_DIV };
        CHECK(cg->op <= MATHDOKU_DIV && (k->ops & bit[cg->op]),
              "%s: op %d not asked for", what, cg->op);
        CHECK(k->nary || cg->n == 2 || (cg->op != MATHDOKU_SUB &&
                                         cg->op != MATHDOKU_DIV),
              "%s: n-ary cage", what);
    }
}

static void generate_kinds(void)
{
    static const kind kinds[] = {
        { 1, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 2 },
        { 2, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 3 },
        { 3, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 20 },
        { 4, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 20 },
        { 5, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 12 },
        { 6, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 12 },
        { 7, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 6 },
        { 8, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 6 },
        { 9, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 6 },
        { 4, MATHDOKU_OPS_MUL, 0, 0, 0, NULL, 10 },           /* Keen's 'm' */
        { 6, MATHDOKU_OPS_ADD | MATHDOKU_OPS_MUL, 0, 0, 0, NULL, 6 },
        { 5, MATHDOKU_OPS_SUB | MATHDOKU_OPS_DIV, 0, 0, 1, NULL, 6 },
        { 5, MATHDOKU_OPS_ALL, 1, 0, 0, "2:1,3:2,4:2", 8 },    /* n-ary */
        { 5, MATHDOKU_OPS_ALL, 0, 1, 0, NULL, 8 },             /* hidden */
        { 6, MATHDOKU_OPS_ALL, 1, 1, 1, NULL, 4 },
        { 6, MATHDOKU_OPS_ALL, 0, 0, 0, "1:1,2:3,3:3,4:1", 6 }, /* givens */
        { 7, MATHDOKU_OPS_ADD, 0, 0, 0, "3:1,4:1", 4 },
        { 10, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 2 },
        { 12, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 2 },
        { 16, MATHDOKU_OPS_ALL, 0, 0, 0, NULL, 1 },
    };
    int made = 0, by_dlx = 0, by_dfs = 0, nary_cages = 0;
    for (size_t t = 0; t < sizeof kinds / sizeof kinds[0]; t++) {
        const kind *k = &kinds[t];
        mathdoku_gen_options opt;
        mathdoku_gen_defaults(&opt, k->N);
        opt.ops = k->ops;
        opt.nary = k->nary;
        opt.hidden = k->hidden;
        opt.singletons = k->singletons;
        if (k->sizes)
            CHECK(mathdoku_parse_sizes(k->sizes, opt.sizes) == 0, "sizes");
        mathdoku_gen *g = mathdoku_gen_new(&opt);
        CHECK(g != NULL, "N=%d: no generator", k->N);
        if (!g)
            continue;
        mathdoku_rules rules = mathdoku_gen_rules(g);
        int NN = k->N * k->N;
        int *sol = malloc((size_t)NN * sizeof *sol);
        int *other = malloc((size_t)NN * sizeof *other);
        for (int s = 0; s < k->seeds; s++) {
            uint64_t seed = 1000 * (uint64_t)t + (uint64_t)s;
            mathdoku p;
            mathdoku_gen_report rep;
            char what[80];
            snprintf(what, sizeof what, "kind %d (N=%d) seed %llu", (int)t,
                     k->N, (unsigned long long)seed);
            if (mathdoku_gen_puzzle(g, seed, &p, sol, &rep) != 0) {
                CHECK(0, "%s: no puzzle", what);
                continue;
            }
            made++;
            kept(k, &p, &rules, sol, what);
            /* the plain exact cover: every tuple, no propagation; a few
             * 16x16 proofs run long, so the biggest get a node budget */
            int n = count_dlx(&p, &rules, k->N >= 12 ? 2000000 : 0, other);
            CHECK(n == 1 || (n == -1 && k->N >= 12), "%s: %d solutions by "
                  "DLX", what, n);
            if (n == 1) {
                by_dlx++;
                CHECK(!memcmp(other, sol, (size_t)NN * sizeof *sol),
                      "%s: DLX finds another square", what);
            }
            int d = count_dfs(&p, &rules, 2000000, other);
            CHECK(d == 1 || d == -1, "%s: %d solutions by DFS", what, d);
            if (d == 1) {
                by_dfs++;
                CHECK(!memcmp(other, sol, (size_t)NN * sizeof *sol),
                      "%s: DFS finds another square", what);
            }
            layouts(&p, &rules, sol, what);
            for (int c = 0; c < p.n_cages; c++)
                nary_cages += p.cages[c].n > 2 &&
                              (p.cages[c].op == MATHDOKU_SUB ||
                               p.cages[c].op == MATHDOKU_DIV);
            mathdoku_free(&p);
        }
        free(sol);
        free(other);
        mathdoku_gen_free(g);
    }
    CHECK(made == 144, "%d puzzles made", made);
    /* when written: all 144 by the plain DLX, 129 by the DFS (the others
     * need more than 2,000,000 of its nodes) */
    CHECK(by_dlx == made, "%d of %d proved by the plain DLX", by_dlx, made);
    CHECK(by_dfs >= 120, "%d of %d proved by the DFS", by_dfs, made);
    printf("%d puzzles: %d proved unique by the plain DLX, %d by the DFS\n",
           made, by_dlx, by_dfs);
    CHECK(nary_cages > 0, "no n-ary cage in n-ary puzzles");
}

/* The same seed, the same puzzle: from two generators, and across runs
 * and machines (the Keen ID below was written by this generator on
 * x86-64; splitmix64 and integer arithmetic only, so any machine gives
 * it). */
static void same_seed(void)
{
    mathdoku_gen_options opt;
    mathdoku_gen_defaults(&opt, 6);
    mathdoku_gen *a = mathdoku_gen_new(&opt), *b = mathdoku_gen_new(&opt);
    int sa[36], sb[36];
    for (uint64_t seed = 0; seed < 20; seed++) {
        mathdoku p, q;
        mathdoku_gen_report ra, rb;
        /* b makes another puzzle first: nothing carries over */
        if (seed == 0) {
            CHECK(mathdoku_gen_puzzle(b, 77, &q, sb, &rb) == 0, "77");
            mathdoku_free(&q);
        }
        CHECK(mathdoku_gen_puzzle(a, seed, &p, sa, &ra) == 0 &&
                  mathdoku_gen_puzzle(b, seed, &q, sb, &rb) == 0,
              "seed %d", (int)seed);
        char *ia = mathdoku_keen_id(&p, NULL), *ib = mathdoku_keen_id(&q, NULL);
        CHECK(!strcmp(ia, ib) && !memcmp(sa, sb, sizeof sa), "seed %d: %s "
              "and %s", (int)seed, ia, ib);
        if (seed == 1)
            CHECK(!strcmp(ia, "6:a3_3aa_aa_4a__babb_a_a__aa_4a_3a_,"
                              "a8m30s2a9a12a7m24s3m30d2d3s1s1m12s2"),
                  "seed 1 was %s", ia);
        free(ia);
        free(ib);
        mathdoku_free(&p);
        mathdoku_free(&q);
    }
    mathdoku_gen_free(a);
    mathdoku_gen_free(b);
}

/* Asked for a grade, the generator gives that grade. */
static void difficulty(void)
{
    for (int grade = 0; grade < MATHDOKU_GRADE_COUNT; grade++) {
        mathdoku_gen_options opt;
        mathdoku_gen_defaults(&opt, 6);
        opt.difficulty = grade;
        mathdoku_gen *g = mathdoku_gen_new(&opt);
        mathdoku_rules rules = mathdoku_gen_rules(g);
        int sol[36];
        for (uint64_t seed = 0; seed < 3; seed++) {
            mathdoku p;
            mathdoku_gen_report rep;
            int got = mathdoku_gen_puzzle(g, seed, &p, sol, &rep);
            CHECK(got == 0 && rep.grade == grade, "grade %d seed %d: %d, %d",
                  grade, (int)seed, got, rep.grade);
            if (got == 0) {
                CHECK(mathdoku_rate(&p, &rules, NULL, NULL) == grade,
                      "grade %d: rated again", grade);
                mathdoku_free(&p);
            }
        }
        mathdoku_gen_free(g);
    }
}

/* Budgets: a puzzle that cannot be made within them is not returned. */
static void budgets(void)
{
    mathdoku_gen_options opt;
    mathdoku_gen_defaults(&opt, 9);
    opt.max_nodes = 10;
    mathdoku_gen *g = mathdoku_gen_new(&opt);
    int sol[81];
    mathdoku p;
    mathdoku_gen_report rep;
    CHECK(mathdoku_gen_puzzle(g, 1, &p, sol, &rep) == MATHDOKU_GEN_BUDGET &&
              p.n_cages == 0, "10 nodes made a 9x9, or no budget said");
    mathdoku_gen_free(g);
    /* options out of range, or that can make no puzzle */
    mathdoku_gen_defaults(&opt, 33);
    CHECK(mathdoku_gen_new(&opt) == NULL && mathdoku_gen_validate(&opt),
          "33x33");
    mathdoku_gen_defaults(&opt, 6);
    CHECK(mathdoku_gen_validate(&opt) == NULL, "defaults");
    opt.ops = MATHDOKU_OPS_SUB;
    CHECK(mathdoku_gen_validate(&opt) != NULL, "'-' alone");
    opt.singletons = 1;
    CHECK(mathdoku_gen_validate(&opt) == NULL, "'-' with givens");
    opt.singletons = 0;
    opt.ops = MATHDOKU_OPS_DIV;
    CHECK(mathdoku_gen_validate(&opt) != NULL, "'/' alone");
    /* '-' alone with givens: unique, every cage a given or a difference,
     * and '/' alone: the dominoes without a quotient become givens */
    for (int k = 0; k < 2; k++) {
        mathdoku_gen_defaults(&opt, 6);
        opt.ops = k ? MATHDOKU_OPS_DIV : MATHDOKU_OPS_SUB;
        opt.singletons = 1;
        g = mathdoku_gen_new(&opt);
        mathdoku_rules rules = mathdoku_gen_rules(g);
        int s6[36], other[36];
        CHECK(mathdoku_gen_puzzle(g, 5, &p, s6, &rep) == 0, "ops %d", k);
        int ok = 1, givens = 0;
        for (int c = 0; c < p.n_cages; c++) {
            ok &= p.cages[c].op == (k ? MATHDOKU_DIV : MATHDOKU_SUB) ||
                  p.cages[c].op == MATHDOKU_GIVEN;
            givens += p.cages[c].op == MATHDOKU_GIVEN;
        }
        CHECK(ok && givens > 0, "ops %d: other operations", k);
        dlx_diag err;
        mathdoku_solver *sv = NULL;
        mathdoku_solver_new(&p, &rules, NULL, &sv, &err);
        grid_limits lim = { .max_solutions = 2 };
        grid_outcome out;
        mathdoku_solve_dlx(sv, &lim, other, &out);
        CHECK(out.solutions == 1 && !memcmp(other, s6, sizeof s6),
              "ops %d: %d solutions", k, (int)out.solutions);
        mathdoku_solver_free(sv);
        mathdoku_free(&p);
        mathdoku_gen_free(g);
    }
    unsigned ops;
    int sizes[MATHDOKU_GEN_MAX_SIZE + 1];
    CHECK(mathdoku_parse_ops("+x/", &ops) == 0 &&
              ops == (MATHDOKU_OPS_ADD | MATHDOKU_OPS_MUL | MATHDOKU_OPS_DIV) &&
              mathdoku_parse_ops("+%", &ops) != 0 &&
              mathdoku_parse_ops("", &ops) != 0, "ops");
    CHECK(mathdoku_parse_sizes("2:3,4:1", sizes) == 0 && sizes[2] == 3 &&
              sizes[4] == 1 && sizes[3] == 0 &&
              mathdoku_parse_sizes("13:1", sizes) != 0 &&
              mathdoku_parse_sizes("2:0", sizes) != 0 &&
              mathdoku_parse_sizes("2:1,", sizes) == 0 &&
              mathdoku_parse_sizes("2", sizes) != 0, "sizes");
}

int main(void)
{
    generate_kinds();
    same_seed();
    difficulty();
    budgets();
    return check_done();
}
