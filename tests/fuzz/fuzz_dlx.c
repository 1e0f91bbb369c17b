/*
 * fuzz_dlx.c - Knuth's format reader under fuzzing.
 *
 * Beyond "no crash": an accepted input is searched (a bounded search) and
 * leaves every link as it found it; writing it out and reading it back
 * gives the same matrix (same fingerprint) and the same count; the k
 * cheapest solutions come sorted, each at its options' cost.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_read.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dlx_problem *p = NULL;
    dlx_diag err;
    if (dlx_read_text((const char *)data, size, &p, &err) != DLX_OK) {
        FUZZ_ASSERT(p == NULL);
        FUZZ_ASSERT(err.line >= 1 && err.message[0] != '\0');
        return 0;
    }
    dlx_search s = dlx_search_defaults();
    s.max_nodes = 20000;
    dlx_result r;
    FUZZ_ASSERT(dlx_solve(p->matrix, &s, &r) == DLX_OK);
    FUZZ_ASSERT(dlx_check(p->matrix, NULL, 0) == DLX_OK);

    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    FUZZ_ASSERT(f && dlx_write_problem(f, p) == 0);
    fclose(f);
    dlx_problem *q = NULL;
    FUZZ_ASSERT(dlx_read_text(text, len, &q, &err) == DLX_OK);
    FUZZ_ASSERT(dlx_fingerprint(q->matrix) == dlx_fingerprint(p->matrix));
    dlx_result r2;
    FUZZ_ASSERT(dlx_solve(q->matrix, &s, &r2) == DLX_OK);
    FUZZ_ASSERT(r2.nodes == r.nodes && r2.solutions.lo == r.solutions.lo);
    /* the k cheapest (dlx5's costs), within the same budget: whatever
     * was found is sorted, and each cost is its options' costs */
    FUZZ_ASSERT(dlx_best(p->matrix, &s, 3, &r) == DLX_OK);
    int64_t last = 0;
    for (int i = 0; i < dlx_best_count(p->matrix); i++) {
        const int *opts;
        int64_t cost, sum = 0;
        int n = dlx_best_solution(p->matrix, i, &opts, &cost);
        for (int j = 0; j < n; j++)
            sum += dlx_option_cost(p->matrix, opts[j]);
        FUZZ_ASSERT(n >= 0 && cost == sum && cost >= last);
        last = cost;
    }
    free(text);
    dlx_problem_free(q);
    dlx_problem_free(p);
    return 0;
}
