/*
 * fuzz_jobs.c - the jobs and results readers (dlx_parallel.h) under
 * fuzzing: the files that travel between machines when a count is
 * sharded, and so the ones most likely to arrive damaged.
 *
 * The first byte picks the reader: even, the jobs file; odd, a results
 * file merged against jobs of a fixed fingerprint.  Beyond "no crash":
 * every error has a message and a place; a jobs file read is written back
 * and read again the same; a job that passes dlx_jobs_check on the small
 * matrix below can be forced and counted; a merge never counts a job twice
 * nor lets the total wrap.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_parallel.h"
#include "fuzz.h"

#define FINGERPRINT 0x1234abcdULL

/* Knuth's example: 7 items, 6 options, one solution. */
static dlx_matrix *example(void)
{
    static const int opts[][4] = { { 2, 4, 5, -1 }, { 0, 3, 6, -1 },
                                   { 1, 2, 5, -1 }, { 0, 3, -1 },
                                   { 1, 6, -1 }, { 3, 4, 6, -1 } };
    dlx_matrix *m = dlx_new(5, 2);
    for (int k = 0; m && k < 6; k++) {
        int n = 0;
        while (n < 4 && opts[k][n] >= 0)
            n++;
        dlx_add_option(m, n, opts[k], NULL);
    }
    return m;
}

static void jobs(FILE *f)
{
    dlx_jobs j;
    uint64_t fp = 0;
    dlx_diag err;
    if (dlx_jobs_read(f, &j, &fp, &err) != DLX_OK) {
        FUZZ_ASSERT(err.message[0] != '\0' && err.line >= 0);
        return;
    }
    FUZZ_ASSERT(j.n >= 0 && j.start && j.start[0] == 0);
    for (int k = 0; k < j.n; k++)
        FUZZ_ASSERT(j.start[k] <= j.start[k + 1] && j.line[k] > 0);
    /* written back and read again: the same jobs */
    char *text = NULL;
    size_t len = 0;
    FILE *w = open_memstream(&text, &len);
    FUZZ_ASSERT(w && dlx_jobs_write(w, &j, fp) == 0);
    fclose(w);
    FILE *r = fmemopen(text, len ? len : 1, "r");
    dlx_jobs back;
    uint64_t fp2;
    FUZZ_ASSERT(r && dlx_jobs_read(r, &back, &fp2, &err) == DLX_OK);
    fclose(r);
    FUZZ_ASSERT(fp2 == fp && back.n == j.n && back.depth == j.depth);
    for (int k = 0; k <= j.n; k++)
        FUZZ_ASSERT(back.start[k] == j.start[k]);
    for (int x = 0; x < j.start[j.n]; x++)
        FUZZ_ASSERT(back.opts[x] == j.opts[x]);
    dlx_jobs_free(&back);
    free(text);
    /* jobs that pass the check can be forced and counted */
    dlx_matrix *m = example();
    FUZZ_ASSERT(m);
    if (j.n <= 64 && dlx_jobs_check(m, &j, NULL, 0, &err) == DLX_OK) {
        for (int k = 0; k < j.n; k++) {
            dlx_result res;
            int st = dlx_count_solutions(m, 0, j.opts + j.start[k],
                                         j.start[k + 1] - j.start[k], &res);
            FUZZ_ASSERT(st == DLX_OK || st == DLX_ECONFLICT);
        }
    }
    dlx_free(m);
    dlx_jobs_free(&j);
}

static void results(FILE *f)
{
    /* 100 empty jobs at depth 1: their results are what the corpus holds */
    static int start[101];
    dlx_jobs jobs = { 100, 1, start, NULL, NULL };
    dlx_merge mg;
    FUZZ_ASSERT(dlx_merge_init(&mg, &jobs, FINGERPRINT) == DLX_OK);
    dlx_diag err;
    if (dlx_merge_read(&mg, f, &err) != DLX_OK)
        FUZZ_ASSERT(err.message[0] != '\0' && err.line >= 0);
    int counted = 0;
    for (int k = 0; k < 100; k++) {
        FUZZ_ASSERT(mg.seen[k] <= 1);
        counted += mg.seen[k];
    }
    FUZZ_ASSERT(counted == mg.counted && mg.partial <= mg.counted);
    dlx_merge_free(&mg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    FILE *f = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
    if (!f)
        return 0;
    if (size == 1)
        fgetc(f); /* an empty file */
    if (data[0] & 1)
        results(f);
    else
        jobs(f);
    fclose(f);
    return 0;
}
