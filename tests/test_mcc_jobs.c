/*
 * test_mcc_jobs.c - multiplicities (Algorithm M) cut into jobs, as
 * --threads, shards and dlx-mpi run them, against answers found without
 * the split:
 *
 *   - random problems with bounds 0..4 and colored secondary items, cut
 *     at depths 1..5: the jobs' counts add up to a brute force over all
 *     subsets of options, and the split's nodes plus the jobs' to the
 *     single search's nodes, exactly;
 *   - the same on two threads (dlx_count_parallel), and the k cheapest
 *     (dlx_best_parallel) against the sorted costs of all solutions;
 *   - k queens (OEIS A061994 / A000170 and dlx3's 34568 for 4 of 8) on
 *     two threads and in jobs;
 *   - jobs that are not paths of the search: refused, not miscounted.
 *
 * Random tests print their seed; `test_mcc_jobs SEED` replays one.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "dlx_parallel.h"

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int below(uint64_t *s, int n)
{
    return (int)(rng_next(s) % (uint64_t)n);
}

#define MAXO 18
#define MAXI 12

typedef struct problem {
    int np, ns, no;
    int lo[MAXI], hi[MAXI];
    int len[MAXO], item[MAXO][MAXI], color[MAXO][MAXI];
    int64_t cost[MAXO];
} problem;

static void random_problem(uint64_t *s, problem *p)
{
    p->np = 2 + below(s, 5);
    p->ns = below(s, 4);
    p->no = 8 + below(s, MAXO - 7);
    for (int i = 0; i < p->np; i++) {
        p->lo[i] = below(s, 3);
        p->hi[i] = p->lo[i] + below(s, 3);
        if (p->hi[i] == 0)
            p->hi[i] = 1;
        if (p->hi[i] > 4)
            p->hi[i] = 4;
    }
    int plain = 1;
    for (int i = 0; i < p->np; i++)
        plain &= p->lo[i] == 1 && p->hi[i] == 1;
    if (plain) /* else the plain engine runs: Algorithm M is tested here */
        p->hi[0] = 2;
    for (int o = 0; o < p->no; o++) {
        int n = 0;
        for (int i = 0; i < p->np; i++)
            if (below(s, 3) == 0 || (i == p->np - 1 && n == 0)) {
                p->item[o][n] = i;
                p->color[o][n++] = 0;
            }
        for (int j = 0; j < p->ns; j++) {
            int r = below(s, 3);
            if (r == 0)
                continue;
            p->item[o][n] = p->np + j;
            p->color[o][n++] = r == 1 ? 0 : 1 + below(s, 2);
        }
        p->len[o] = n;
        p->cost[o] = below(s, 10);
    }
}

/* Whether the options of mask form a solution. */
static int is_solution(const problem *p, unsigned mask)
{
    int count[MAXI + 4] = {0}, col[MAXI + 4] = {0}, plain[MAXI + 4] = {0};
    for (int o = 0; o < p->no; o++) {
        if (!(mask >> o & 1))
            continue;
        for (int k = 0; k < p->len[o]; k++) {
            int i = p->item[o][k], c = p->color[o][k];
            count[i]++;
            if (i < p->np)
                continue;
            if (c == 0)
                plain[i]++;
            else if (col[i] && col[i] != c)
                return 0;
            else
                col[i] = c;
        }
    }
    for (int i = 0; i < p->np; i++)
        if (count[i] < p->lo[i] || count[i] > p->hi[i])
            return 0;
    for (int i = p->np; i < p->np + p->ns; i++)
        if (plain[i] > 1 || (plain[i] && col[i]))
            return 0;
    return 1;
}

static uint64_t brute(const problem *p)
{
    uint64_t n = 0;
    for (unsigned mask = 0; mask < 1u << p->no; mask++)
        n += (uint64_t)is_solution(p, mask);
    return n;
}

static dlx_matrix *build(const problem *p)
{
    dlx_matrix *m = dlx_new(p->np, p->ns);
    for (int i = 0; i < p->np; i++)
        dlx_set_bounds(m, i, p->lo[i], p->hi[i]);
    for (int o = 0; o < p->no; o++)
        dlx_set_cost(m, dlx_add_option(m, p->len[o], p->item[o],
                                       p->color[o]), p->cost[o]);
    return m;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* The costs of all solutions, cheapest first; how many. */
static int brute_costs(const problem *p, int64_t *out)
{
    int n = 0;
    for (unsigned mask = 0; mask < 1u << p->no; mask++) {
        if (!is_solution(p, mask))
            continue;
        int64_t c = 0;
        for (int o = 0; o < p->no; o++)
            c += mask >> o & 1 ? p->cost[o] : 0;
        out[n++] = c;
    }
    qsort(out, (size_t)n, sizeof *out, cmp_i64);
    return n;
}

/* --best K --threads 2: the k best of the jobs, merged, against the
 * sorted costs of all solutions; each solution's options cost what it
 * says. */
static void random_best(uint64_t seed, int rounds)
{
    uint64_t s = seed ^ 0x5eed;
    static int64_t all[1 << MAXO];
    for (int round = 0; round < rounds; round++) {
        problem p;
        random_problem(&s, &p);
        dlx_matrix *m = build(&p);
        int n_all = brute_costs(&p, all);
        int k = 1 + below(&s, 6), depth = below(&s, 4);
        dlx_result r;
        int st = dlx_best_parallel(m, NULL, k, 2, depth, &r);
        int n = dlx_best_count(m), ok = st == DLX_OK &&
                n == (n_all < k ? n_all : k) && r.outcome == DLX_COMPLETE;
        for (int i = 0; i < n && ok; i++) {
            const int *opts;
            int64_t cost, sum = 0;
            int len = dlx_best_solution(m, i, &opts, &cost);
            for (int j = 0; j < len; j++)
                sum += p.cost[opts[j]];
            ok = cost == all[i] && sum == cost;
        }
        CHECK(ok, "seed %llu round %d: best %d on 2 threads at depth %d: "
              "status %d, %d kept of %d solutions",
              (unsigned long long)seed, round, k, depth, st, n, n_all);
        dlx_free(m);
    }
}

/* The split by hand (dlx_solve with split_depth), for its nodes. */
static int count_job(void *ctx, const int *options, int n)
{
    (void)options;
    (void)n;
    ++*(int *)ctx;
    return 0;
}

/* Cut at `depth`: the jobs' solutions and nodes, the split's nodes. */
static void split_and_count(dlx_matrix *m, int depth, uint64_t *solutions,
                            uint64_t *job_nodes, uint64_t *split_nodes,
                            int *n_jobs, int *status)
{
    dlx_jobs jobs;
    *solutions = *job_nodes = 0;
    *status = dlx_split(m, NULL, 0, depth, 0, &jobs);
    if (*status != DLX_OK)
        return;
    for (int k = 0; k < jobs.n && *status == DLX_OK; k++) {
        dlx_search s = dlx_search_defaults();
        dlx_result r;
        *status = dlx_solve_job(m, &jobs, k, &s, &r);
        *solutions += dlx_count_u64(r.solutions);
        *job_nodes += r.nodes;
    }
    *n_jobs = jobs.n;
    dlx_jobs_free(&jobs);
    int handed = 0;
    dlx_search s = dlx_search_defaults();
    s.split_depth = depth;
    s.on_split = count_job;
    s.split_ctx = &handed;
    s.on_solution = count_job;
    s.solution_ctx = &handed;
    dlx_result r;
    if (*status == DLX_OK)
        *status = dlx_solve(m, &s, &r);
    *split_nodes = r.nodes;
    CHECK(handed == *n_jobs, "split by hand: %d jobs, dlx_split %d", handed,
          *n_jobs);
}

static void random_jobs(uint64_t seed, int rounds)
{
    uint64_t s = seed;
    int cut = 0;
    for (int round = 0; round < rounds; round++) {
        problem p;
        random_problem(&s, &p);
        dlx_matrix *m = build(&p);
        uint64_t want = brute(&p);
        dlx_result one;
        int st = dlx_count_solutions(m, 0, NULL, 0, &one);
        CHECK(st == DLX_OK && dlx_count_u64(one.solutions) == want,
              "seed %llu round %d: single search %llu, brute force %llu",
              (unsigned long long)seed, round,
              (unsigned long long)dlx_count_u64(one.solutions),
              (unsigned long long)want);
        for (int depth = 1; depth <= 5; depth++) {
            uint64_t sol, jn, sn;
            int n_jobs = 0;
            split_and_count(m, depth, &sol, &jn, &sn, &n_jobs, &st);
            cut += n_jobs > 1;
            CHECK(st == DLX_OK && sol == want && jn + sn == one.nodes,
                  "seed %llu round %d depth %d: status %d, %d jobs count "
                  "%llu (brute force %llu), nodes %llu + %llu (single "
                  "%llu)", (unsigned long long)seed, round, depth, st,
                  n_jobs, (unsigned long long)sol,
                  (unsigned long long)want, (unsigned long long)jn,
                  (unsigned long long)sn,
                  (unsigned long long)one.nodes);
        }
        dlx_parallel par = { 2, 0, 0, 0, NULL, NULL };
        dlx_parallel_result res;
        st = dlx_count_parallel(m, NULL, 0, 0, &par, &res);
        CHECK(st == DLX_OK && res.outcome == DLX_COMPLETE &&
              dlx_count_u64(res.solutions) == want,
              "seed %llu round %d: two threads %llu, brute force %llu",
              (unsigned long long)seed, round,
              (unsigned long long)dlx_count_u64(res.solutions),
              (unsigned long long)want);
        dlx_parallel_result_free(&res);
        dlx_free(m);
    }
    /* the test means something only if most problems were really cut */
    CHECK(cut > rounds, "only %d of %d cuts gave two jobs or more", cut,
          5 * rounds);
}

/* dlx gen kqueens' matrix: "#" K times, rows and columns 0:1, diagonals
 * secondary. */
static dlx_matrix *kqueens(int n, int k)
{
    int np = 1 + 2 * n, ns = 2 * (2 * n - 1);
    dlx_matrix *m = dlx_new(np, ns);
    dlx_set_bounds(m, 0, k, k);
    for (int i = 1; i < np; i++)
        dlx_set_bounds(m, i, 0, 1);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int it[5] = { 0, 1 + r, 1 + n + c, np + r + c,
                          np + 2 * n - 1 + (r - c + n - 1) };
            dlx_add_option(m, 5, it, NULL);
        }
    return m;
}

static void test_kqueens(void)
{
    /* OEIS A061994 (n = 8, k = 2: 1288... A036464) and A000170 (8 queens:
     * 92); dlx3 on dlx gen kqueens 8 4: 34568 */
    static const struct { int n, k; uint64_t count; } known[] = {
        { 8, 2, 1288 }, { 8, 4, 34568 }, { 8, 8, 92 },
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        dlx_matrix *m = kqueens(known[i].n, known[i].k);
        dlx_result one;
        dlx_count_solutions(m, 0, NULL, 0, &one);
        dlx_parallel par = { 2, 0, 0, 0, NULL, NULL };
        dlx_parallel_result res;
        int st = dlx_count_parallel(m, NULL, 0, 0, &par, &res);
        CHECK(st == DLX_OK && dlx_count_u64(res.solutions) ==
              known[i].count, "%d queens on %dx%d, two threads: %llu, "
              "OEIS %llu", known[i].k, known[i].n, known[i].n,
              (unsigned long long)dlx_count_u64(res.solutions),
              (unsigned long long)known[i].count);
        CHECK(res.jobs_total > 2, "%d queens: only %d jobs", known[i].k,
              res.jobs_total);
        dlx_parallel_result_free(&res);
        for (int depth = 1; depth <= 4; depth++) {
            uint64_t sol, jn, sn;
            int n_jobs = 0;
            split_and_count(m, depth, &sol, &jn, &sn, &n_jobs, &st);
            CHECK(st == DLX_OK && sol == known[i].count &&
                  jn + sn == one.nodes, "%d queens on %dx%d at depth %d: "
                  "%llu, nodes %llu + %llu (single %llu)", known[i].k,
                  known[i].n, known[i].n, depth, (unsigned long long)sol,
                  (unsigned long long)jn, (unsigned long long)sn,
                  (unsigned long long)one.nodes);
        }
        dlx_free(m);
    }
}

/* Jobs that no split makes: refused (EOPTION, ECONFLICT), never a wrong
 * count. */
static void test_bad_jobs(void)
{
    /* A 1:2, B 1:1; options 0 = A, 1 = A B, 2 = B */
    dlx_matrix *m = dlx_new(2, 0);
    dlx_set_bounds(m, 0, 1, 2);
    int a[] = { 0 }, ab[] = { 0, 1 }, b[] = { 1 };
    dlx_add_option(m, 1, a, NULL);
    dlx_add_option(m, 2, ab, NULL);
    dlx_add_option(m, 1, b, NULL);
    static const struct { int n, steps[4], status; } cases[] = {
        { 2, { 1, 0 }, DLX_EOPTION },      /* option 0 does not cover B */
        { 2, { 2, 0 }, DLX_EOPTION },      /* no item 2 */
        { 2, { 0, 4 }, DLX_EOPTION },      /* no option 4 (3: none) */
        { 1, { 0 }, DLX_EOPTION },         /* half a pair */
        { 2, { 0, 3 }, DLX_ECONFLICT },    /* A closed with no option */
        { 4, { 0, 1, 1, 2 }, DLX_ECONFLICT }, /* B covered twice */
        { 4, { 0, 1, 0, 0 }, DLX_ECONFLICT }, /* 0 excluded by taking 1 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        dlx_jobs jobs = { 1, 1, (int[]){ 0, cases[i].n },
                          (int *)cases[i].steps, NULL };
        dlx_search s = dlx_search_defaults();
        dlx_result r;
        int st = dlx_solve_job(m, &jobs, 0, &s, &r);
        CHECK(st == cases[i].status, "bad job %zu: status %d, want %d", i,
              st, cases[i].status);
        if (cases[i].status == DLX_EOPTION) {
            dlx_diag err;
            st = dlx_jobs_check(m, &jobs, NULL, 0, &err);
            CHECK(st == DLX_EOPTION && err.message[0],
                  "bad job %zu: dlx_jobs_check %d", i, st);
        }
    }
    /* a good one: A takes option 1 (A B), then the null move; and the
     * counts of both jobs of depth 1 add up to the 2 solutions ({A B},
     * {A, A B}... brute force: {1}, {0, 1}, {0, 2}) */
    dlx_result r;
    dlx_count_solutions(m, 0, NULL, 0, &r);
    CHECK(dlx_count_u64(r.solutions) == 3, "A 1:2: %llu solutions, not 3",
          (unsigned long long)dlx_count_u64(r.solutions));
    dlx_free(m);
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 20261127;
    printf("test_mcc_jobs: seed %llu (test_mcc_jobs SEED replays)\n",
           (unsigned long long)seed);
    random_jobs(seed, 150);
    random_best(seed, 150);
    test_kqueens();
    test_bad_jobs();
    return check_done();
}
