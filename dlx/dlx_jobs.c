/*
 * dlx_jobs.c - jobs and results files for counting on many machines.
 *
 * Line-oriented text, so that any job runner (GNU parallel, Slurm, xargs)
 * can slice, ship and concatenate them; the fingerprint of the matrix in
 * every header catches results from a different input.
 */
#define _POSIX_C_SOURCE 200809L

#include "dlx_parallel.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int dlx_jobs_write(FILE *f, const dlx_jobs *jobs, uint64_t fingerprint)
{
    fprintf(f, "# dlx jobs 1\n# fingerprint %016" PRIx64 "\n# depth %d\n"
            "# jobs %d\n", fingerprint, jobs->depth, jobs->n);
    for (int k = 0; k < jobs->n; k++) {
        fprintf(f, "%d", k);
        for (int x = jobs->start[k]; x < jobs->start[k + 1]; x++)
            fprintf(f, " %d", jobs->opts[x]);
        fputc('\n', f);
    }
    return ferror(f) ? EOF : 0;
}

int dlx_results_write_header(FILE *f, uint64_t fingerprint)
{
    fprintf(f, "# dlx results 1\n# fingerprint %016" PRIx64 "\n",
            fingerprint);
    return ferror(f) ? EOF : 0;
}

int dlx_job_result_write(FILE *f, int id, const dlx_job_result *r)
{
    char count[DLX_COUNT_STRLEN];
    fprintf(f, "job %d solutions %s nodes %" PRIu64 " seconds %.6f %s\n", id,
            dlx_count_str(r->solutions, count), r->nodes, r->seconds,
            r->outcome == DLX_COMPLETE ? "complete" : "partial");
    return ferror(f) ? EOF : 0;
}

static dlx_count shift_left(dlx_count c, int k)
{
    return (dlx_count){ (c.hi << k) | (c.lo >> (64 - k)), c.lo << k };
}

int dlx_count_parse(const char *s, dlx_count *out)
{
    dlx_count c = { 0, 0 };
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || c.hi > UINT64_MAX / 16)
            return -1; /* not a digit, or beyond 2^124: not a real count */
        /* c = 8c + 2c + digit */
        c = dlx_count_add(dlx_count_add(shift_left(c, 3), shift_left(c, 1)),
                          (dlx_count){ 0, (uint64_t)(*s - '0') });
    }
    *out = c;
    return 0;
}

/* ---- reading ----------------------------------------------------------- */

typedef struct reader {
    FILE *f;
    char *line;
    size_t cap;
    int lineno;
    dlx_diag *err;
} reader;

static int bad(reader *r, int col, const char *fmt, ...)
{
    r->err->line = r->lineno;
    r->err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
    va_end(ap);
    return DLX_EITEM;
}

/* Next line without its end; NULL at the end of the file. */
static char *next_line(reader *r)
{
    ssize_t n = getline(&r->line, &r->cap, r->f);
    if (n < 0)
        return NULL;
    r->lineno++;
    while (n > 0 && (r->line[n - 1] == '\n' || r->line[n - 1] == '\r'))
        r->line[--n] = '\0';
    return r->line;
}

/* Reads "# key value" header lines into *fp and *n (when not NULL). */
static int header(reader *r, const char *magic, uint64_t *fp, int *n,
                  int *depth, char **first)
{
    char *s = next_line(r);
    if (!s || strcmp(s, magic) != 0)
        return bad(r, 1, "not a %s file (the first line must be '%s')",
                   magic + 6, magic);
    int have_fp = 0;
    while ((s = next_line(r)) && s[0] == '#') {
        char key[32];
        char value[64];
        if (sscanf(s, "# %31s %63s", key, value) != 2)
            continue;
        char *end;
        if (!strcmp(key, "fingerprint")) {
            *fp = strtoull(value, &end, 16);
            if (*end)
                return bad(r, 15, "bad fingerprint '%s'", value);
            have_fp = 1;
        } else if (!strcmp(key, "jobs") && n) {
            long v = strtol(value, &end, 10);
            if (*end || v < 0 || v > 100000000)
                return bad(r, 8, "bad number of jobs '%s'", value);
            *n = (int)v;
        } else if (!strcmp(key, "depth") && depth) {
            *depth = atoi(value);
        }
    }
    if (!have_fp)
        return bad(r, 1, "no '# fingerprint' line in the header");
    *first = s;
    return DLX_OK;
}

int dlx_jobs_read(FILE *f, dlx_jobs *out, uint64_t *fingerprint,
                  dlx_diag *err)
{
    memset(out, 0, sizeof *out);
    memset(err, 0, sizeof *err);
    reader r = { f, NULL, 0, 0, err };
    int n = -1;
    char *s;
    int status = header(&r, "# dlx jobs 1", fingerprint, &n, &out->depth, &s);
    if (status == DLX_OK && n < 0)
        status = bad(&r, 1, "no '# jobs' line in the header");
    int cap_opts = 1024, n_opts = 0;
    if (status == DLX_OK) {
        out->start = malloc(((size_t)n + 1) * sizeof *out->start);
        out->opts = malloc((size_t)cap_opts * sizeof *out->opts);
        if (!out->start || !out->opts)
            status = bad(&r, 0, "out of memory");
    }
    for (; status == DLX_OK && s; s = next_line(&r)) {
        if (s[0] == '\0' || s[0] == '#')
            continue;
        char *p = s, *end;
        long id = strtol(p, &end, 10);
        if (end == p || id != out->n)
            status = bad(&r, 1, "expected job %d here", out->n);
        else if (out->n >= n)
            status = bad(&r, 1, "more jobs than the %d of the header", n);
        out->start[out->n] = n_opts;
        for (p = end; status == DLX_OK && *p;) {
            while (*p == ' ' || *p == '\t')
                p++;
            if (!*p)
                break;
            long o = strtol(p, &end, 10);
            if (end == p || o < 0 || o > INT32_MAX || (*end && *end != ' ' &&
                                                      *end != '\t')) {
                status = bad(&r, (int)(p - s) + 1, "bad option number");
                break;
            }
            if (n_opts == cap_opts) {
                cap_opts *= 2;
                int *q = realloc(out->opts, (size_t)cap_opts * sizeof *q);
                if (!q) {
                    status = bad(&r, 0, "out of memory");
                    break;
                }
                out->opts = q;
            }
            out->opts[n_opts++] = (int)o;
            p = end;
        }
        if (status == DLX_OK)
            out->n++;
    }
    if (status == DLX_OK && out->n != n)
        status = bad(&r, 0, "%d jobs, but the header says %d (truncated?)",
                     out->n, n);
    if (status == DLX_OK)
        out->start[out->n] = n_opts;
    free(r.line);
    if (status != DLX_OK)
        dlx_jobs_free(out);
    return status;
}

/* ---- merging ----------------------------------------------------------- */

int dlx_merge_init(dlx_merge *mg, int n_jobs, uint64_t fingerprint)
{
    memset(mg, 0, sizeof *mg);
    mg->n_jobs = n_jobs;
    mg->fingerprint = fingerprint;
    mg->seen = calloc((size_t)n_jobs + 1, 1);
    return mg->seen ? DLX_OK : DLX_ENOMEM;
}

void dlx_merge_free(dlx_merge *mg)
{
    free(mg->seen);
    mg->seen = NULL;
}

int dlx_merge_read(dlx_merge *mg, FILE *f, dlx_diag *err)
{
    memset(err, 0, sizeof *err);
    reader r = { f, NULL, 0, 0, err };
    uint64_t fp = 0;
    char *s;
    int status = header(&r, "# dlx results 1", &fp, NULL, NULL, &s);
    if (status == DLX_OK && fp != mg->fingerprint)
        status = bad(&r, 0, "results of another problem (fingerprint "
                     "%016" PRIx64 ", the jobs have %016" PRIx64 ")", fp,
                     mg->fingerprint);
    for (; status == DLX_OK && s; s = next_line(&r)) {
        if (s[0] == '\0')
            continue;
        if (s[0] == '#') {
            /* concatenated results files repeat the header: check it */
            if (sscanf(s, "# fingerprint %" SCNx64, &fp) == 1 &&
                fp != mg->fingerprint)
                status = bad(&r, 15, "results of another problem");
            continue;
        }
        int id;
        char count[64], state[16];
        unsigned long long nodes;
        double seconds;
        if (sscanf(s, "job %d solutions %63s nodes %llu seconds %lf %15s",
                   &id, count, &nodes, &seconds, state) != 5 ||
            (strcmp(state, "complete") && strcmp(state, "partial"))) {
            status = bad(&r, 1, "not a result line");
            break;
        }
        dlx_count c;
        if (dlx_count_parse(count, &c) != 0) {
            status = bad(&r, 1, "bad count '%s'", count);
            break;
        }
        if (id < 0 || id >= mg->n_jobs) {
            status = bad(&r, 5, "job %d is not one of the %d jobs", id,
                         mg->n_jobs);
            break;
        }
        if (mg->seen[id]) {
            status = bad(&r, 5, "job %d counted twice", id);
            break;
        }
        mg->seen[id] = 1;
        mg->counted++;
        mg->partial += strcmp(state, "partial") == 0;
        mg->total = dlx_count_add(mg->total, c);
        mg->nodes += nodes;
        mg->seconds += seconds;
    }
    free(r.line);
    return status;
}

int dlx_merge_missing(const dlx_merge *mg, int *ids, int cap)
{
    int n = 0;
    for (int k = 0; k < mg->n_jobs; k++)
        if (!mg->seen[k]) {
            if (n < cap)
                ids[n] = k;
            n++;
        }
    return n;
}
