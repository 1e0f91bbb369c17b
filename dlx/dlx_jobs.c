/*
 * dlx_jobs.c - jobs and results files for counting on many machines.
 *
 * Line-oriented text, so that any job runner (GNU parallel, Slurm, xargs)
 * can slice, ship and concatenate them; the fingerprint of the matrix in
 * every header catches results from a different input.
 */
#define _POSIX_C_SOURCE 200809L

#include "dlx_parallel.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

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
    return ferror(f) ? DLX_EWRITE : DLX_OK;
}

/* FNV-1a, 64 bits: small, byte-oriented and easy to redo in any language,
 * which is what a format others may check by hand needs (it guards
 * against mistakes and mix-ups, not against forgery). */
#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t k = 0; k < n; k++)
        h = (h ^ (unsigned char)s[k]) * FNV_PRIME;
    return h;
}

uint64_t dlx_jobs_fingerprint(const dlx_jobs *jobs)
{
    char buf[32];
    uint64_t h = fnv(FNV_OFFSET, buf, (size_t)snprintf(buf, sizeof buf,
                                                       "depth %d\n",
                                                       jobs->depth));
    for (int k = 0; k < jobs->n; k++) {
        h = fnv(h, buf, (size_t)snprintf(buf, sizeof buf, "%d", k));
        for (int x = jobs->start[k]; x < jobs->start[k + 1]; x++)
            h = fnv(h, buf, (size_t)snprintf(buf, sizeof buf, " %d",
                                             jobs->opts[x]));
        h = fnv(h, "\n", 1);
    }
    return h;
}

dlx_results_key dlx_results_key_of(uint64_t fingerprint,
                                   const dlx_jobs *jobs)
{
    dlx_results_key key = { fingerprint, dlx_jobs_fingerprint(jobs),
                            jobs->depth };
    return key;
}

/* The check of a result line: FNV-1a over both fingerprints, as in the
 * header, then the line up to its state word. */
static uint64_t line_check(const dlx_results_key *key, const char *s,
                           size_t n)
{
    char buf[40];
    int len = snprintf(buf, sizeof buf, "%016" PRIx64 " %016" PRIx64 " ",
                       key->fingerprint, key->jobs);
    return fnv(fnv(FNV_OFFSET, buf, (size_t)len), s, n);
}

int dlx_results_write_header(FILE *f, const dlx_results_key *key)
{
    fprintf(f, "# dlx results 2\n# fingerprint %016" PRIx64 "\n"
            "# jobs-fingerprint %016" PRIx64 "\n# depth %d\n",
            key->fingerprint, key->jobs, key->depth);
    return ferror(f) ? DLX_EWRITE : DLX_OK;
}

int dlx_job_result_write(FILE *f, const dlx_results_key *key, int id,
                         const dlx_job_result *r)
{
    char count[DLX_COUNT_STRLEN];
    char line[512]; /* the longest line, seconds near DBL_MAX, fits */
    int n = snprintf(line, sizeof line, "job %d solutions %s nodes %" PRIu64
                     " seconds %.6f %s", id,
                     dlx_count_str(r->solutions, count), r->nodes,
                     r->seconds,
                     r->outcome == DLX_COMPLETE ? "complete" : "partial");
    fprintf(f, "%s check %016" PRIx64 "\n", line,
            line_check(key, line, (size_t)n));
    return ferror(f) ? DLX_EWRITE : DLX_OK;
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

/* a + b, or -1 when the sum passes 2^128 - 1 (it would wrap). */
static int count_add_checked(dlx_count a, dlx_count b, dlx_count *sum)
{
    dlx_count s = dlx_count_add(a, b);
    if (s.hi < a.hi || (s.hi == a.hi && s.lo < a.lo))
        return -1;
    *sum = s;
    return 0;
}

/* ---- reading ----------------------------------------------------------- */

typedef struct reader {
    text_reader in;
    dlx_diag *err;
} reader;

static int bad(reader *r, int col, const char *fmt, ...) TEXT_PRINTF(3, 4);

static int bad(reader *r, int col, const char *fmt, ...)
{
    r->err->line = r->in.lineno;
    r->err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err->message, sizeof r->err->message, fmt, ap);
    va_end(ap);
    return DLX_ESYNTAX;
}

/* Next line without its end; NULL at the end of the file, or on a line
 * that is not text or a read error (*status then says which). */
static char *next_line(reader *r, int *status)
{
    int got = text_next(&r->in, r->err);
    if (got == TEXT_LINE)
        return r->in.line;
    if (got != TEXT_END)
        *status = got == TEXT_NOMEM  ? DLX_ENOMEM
                  : got == TEXT_FAIL ? DLX_EREAD
                                     : DLX_ESYNTAX;
    return NULL;
}

/* A whole decimal number of at most max at *p, followed by a blank or the
 * end; moves *p past it.  0, or -1. */
static int number(const char **p, long long max, long long *out)
{
    const char *end;
    if (text_number(*p, max, out, &end) != 0 ||
        (*end && !text_is_space((unsigned char)*end)))
        return -1;
    *p = end;
    return 0;
}

/* What a header says; *_line: where (0: not there). */
typedef struct header_t {
    uint64_t fp, jobs_fp;
    int n, depth;
    int fp_line, jobs_fp_line, n_line, depth_line;
} header_t;

/* A "# key value" line of a header into h; 0, or a status. */
static int header_key(reader *r, const char *s, header_t *h, int results)
{
    char key[32];
    char value[64];
    if (sscanf(s, "# %31s %63s", key, value) != 2)
        return DLX_OK;
    char *end;
    const char *v = value;
    long long x;
    int line = r->in.lineno;
    if (!strcmp(key, "fingerprint") || (results &&
                                        !strcmp(key, "jobs-fingerprint"))) {
        int jobs = key[0] == 'j';
        errno = 0;
        uint64_t fp = strtoull(value, &end, 16);
        if (*end || errno || !isxdigit((unsigned char)value[0]))
            return bad(r, jobs ? 20 : 15, "bad %s '%s'", key, value);
        *(jobs ? &h->jobs_fp : &h->fp) = fp;
        *(jobs ? &h->jobs_fp_line : &h->fp_line) = line;
    } else if (!strcmp(key, "jobs") && !results) {
        if (number(&v, 100000000, &x) != 0)
            return bad(r, 8, "bad number of jobs '%s' (0 to "
                       "100000000)", value);
        h->n = (int)x;
        h->n_line = line;
    } else if (!strcmp(key, "depth")) {
        if (number(&v, 1000000, &x) != 0)
            return bad(r, 9, "bad depth '%s'", value);
        h->depth = (int)x;
        h->depth_line = line;
    }
    return DLX_OK;
}

/* Reads the first line (magic) and the "# key value" lines after it. */
static int header(reader *r, const char *magic, header_t *h, char **first)
{
    int status = DLX_OK, results = !strncmp(magic, "# dlx results", 13);
    memset(h, 0, sizeof *h);
    h->n = -1;
    char *s = next_line(r, &status);
    if (status != DLX_OK)
        return status;
    if (s && results && !strcmp(s, "# dlx results 1"))
        return bad(r, 1, "results written by an older version of dlx "
                   "(format 1, without a check on each line): count "
                   "these jobs again");
    if (!s || strcmp(s, magic) != 0)
        return bad(r, 1, "not a %s file (the first line must be '%s')",
                   results ? "results" : "jobs 1", magic);
    while ((s = next_line(r, &status)) && s[0] == '#')
        if ((status = header_key(r, s, h, results)) != DLX_OK)
            return status;
    if (status != DLX_OK)
        return status;
    if (!h->fp_line)
        return bad(r, 1, "no '# fingerprint' line in the header");
    if (results && !h->jobs_fp_line)
        return bad(r, 1, "no '# jobs-fingerprint' line in the header");
    if (results && !h->depth_line)
        return bad(r, 1, "no '# depth' line in the header");
    *first = s;
    return DLX_OK;
}

int dlx_jobs_read(FILE *f, dlx_jobs *out, uint64_t *fingerprint,
                  dlx_diag *err)
{
    memset(out, 0, sizeof *out);
    memset(err, 0, sizeof *err);
    reader r = { { 0 }, err };
    text_reader_init(&r.in, f, 0);
    char *s;
    header_t h;
    int status = header(&r, "# dlx jobs 1", &h, &s);
    int n = h.n;
    out->depth = h.depth;
    *fingerprint = h.fp;
    if (status == DLX_OK && n < 0)
        status = bad(&r, 1, "no '# jobs' line in the header");
    int cap_opts = 1024, n_opts = 0;
    if (status == DLX_OK) {
        out->start = malloc(((size_t)n + 1) * sizeof *out->start);
        out->line = malloc(((size_t)n + 1) * sizeof *out->line);
        out->opts = malloc((size_t)cap_opts * sizeof *out->opts);
        if (!out->start || !out->line || !out->opts)
            status = DLX_ENOMEM;
    }
    for (; status == DLX_OK && s; s = next_line(&r, &status)) {
        if (s[0] == '\0' || s[0] == '#')
            continue;
        const char *p = s;
        long long id;
        if (number(&p, INT32_MAX, &id) != 0 || id != out->n)
            status = bad(&r, 1, "expected job %d here", out->n);
        else if (out->n >= n)
            status = bad(&r, 1, "more jobs than the %d of the header", n);
        if (status != DLX_OK)
            break;
        out->start[out->n] = n_opts;
        out->line[out->n] = r.in.lineno;
        for (;;) {
            p = text_skip_space(p);
            if (!*p)
                break;
            long long o;
            const char *at = p;
            if (number(&p, INT32_MAX, &o) != 0) {
                status = bad(&r, (int)(at - s) + 1, "bad option number");
                break;
            }
            if (n_opts == cap_opts) {
                cap_opts *= 2;
                int *q = realloc(out->opts, (size_t)cap_opts * sizeof *q);
                if (!q) {
                    status = DLX_ENOMEM;
                    break;
                }
                out->opts = q;
            }
            out->opts[n_opts++] = (int)o;
        }
        if (status == DLX_OK)
            out->n++;
    }
    if (status == DLX_OK && out->n != n)
        status = bad(&r, 0, "%d jobs, but the header says %d (truncated?)",
                     out->n, n);
    if (status == DLX_OK)
        out->start[out->n] = n_opts;
    if (status == DLX_ENOMEM)
        snprintf(err->message, sizeof err->message, "out of memory");
    text_reader_release(&r.in);
    if (status != DLX_OK)
        dlx_jobs_free(out);
    return status;
}

/* The jobs of a matrix with bounds: pairs (item, option), each option
 * one of the item's, or dlx_num_options(m) for the null move; what the
 * pairs leave possible is the search's to say (DLX_ECONFLICT). */
static int check_steps(const dlx_matrix *m, const dlx_jobs *jobs,
                       const int *which, int n_which, dlx_diag *err)
{
    int P = dlx_num_primary(m), n_options = dlx_num_options(m);
    int *items = NULL, cap = 0, status = DLX_OK;
    int count = which ? n_which : jobs->n;
    for (int w = 0; w < count && status == DLX_OK; w++) {
        int k = which ? which[w] : w;
        int line = jobs->line ? jobs->line[k] : 0;
        if ((jobs->start[k + 1] - jobs->start[k]) % 2) {
            text_error(err, line, 0, "job %d: an odd number of values "
                       "(with multiplicities a job is pairs: item, "
                       "option)", k);
            status = DLX_EOPTION;
        }
        for (int x = jobs->start[k]; x + 1 < jobs->start[k + 1] &&
                                     status == DLX_OK; x += 2) {
            int i = jobs->opts[x], o = jobs->opts[x + 1], n = 0, found = 0;
            if (i < 0 || i >= P || o < 0 || o > n_options) {
                text_error(err, line, 0, "job %d: (%d, %d) is not a primary "
                           "item of the %d and an option of the %d (or %d: "
                           "none)", k, i, o, P, n_options, n_options);
                status = DLX_EOPTION;
                break;
            }
            if (o < n_options && (n = dlx_option_items(m, o, NULL, NULL,
                                                       0)) > cap) {
                int *p = realloc(items, (size_t)n * sizeof *p);
                if (!p) {
                    status = DLX_ENOMEM;
                    break;
                }
                items = p;
                cap = n;
            }
            if (o < n_options)
                dlx_option_items(m, o, items, NULL, n);
            for (int j = 0; j < n; j++)
                found |= items[j] == i;
            if (o < n_options && !found) {
                text_error(err, line, 0, "job %d: option %d does not cover "
                           "item %d", k, o, i);
                status = DLX_EOPTION;
            }
        }
    }
    free(items);
    return status;
}

/* Whether m has a primary item with bounds other than 1:1 (its jobs are
 * then paths of pairs). */
static int has_bounds(const dlx_matrix *m)
{
    int lo, hi;
    for (int i = 0; i < dlx_num_primary(m); i++)
        if (dlx_item_bounds(m, i, &lo, &hi) == DLX_OK &&
            (lo != 1 || hi != 1))
            return 1;
    return 0;
}

int dlx_jobs_check(const dlx_matrix *m, const dlx_jobs *jobs,
                   const int *which, int n_which, dlx_diag *err)
{
    if (has_bounds(m))
        return check_steps(m, jobs, which, n_which, err);
    int n_items = dlx_num_items(m), n_options = dlx_num_options(m);
    int *owner = malloc((size_t)(n_items > 0 ? n_items : 1) * sizeof *owner);
    int *items = NULL, cap = 0, status = DLX_OK;
    if (!owner)
        return DLX_ENOMEM;
    for (int i = 0; i < n_items; i++)
        owner[i] = -1;
    int count = which ? n_which : jobs->n;
    for (int w = 0; w < count && status == DLX_OK; w++) {
        int k = which ? which[w] : w;
        int line = jobs->line ? jobs->line[k] : 0;
        for (int x = jobs->start[k]; x < jobs->start[k + 1]; x++) {
            int o = jobs->opts[x];
            if (o < 0 || o >= n_options) {
                text_error(err, line, 0, "job %d: option %d is not one of "
                           "the %d options of this problem", k, o,
                           n_options);
                status = DLX_EOPTION;
                break;
            }
            int n = dlx_option_items(m, o, NULL, NULL, 0);
            if (n > cap) {
                int *p = realloc(items, (size_t)n * sizeof *p);
                if (!p) {
                    status = DLX_ENOMEM;
                    break;
                }
                items = p;
                cap = n;
            }
            dlx_option_items(m, o, items, NULL, n);
            /* options of one job must be able to stand together: no item
             * covered twice (a colored secondary item may be shared by
             * the engine's rules, and the search itself says so) */
            for (int j = 0; j < n && status == DLX_OK; j++) {
                int i = items[j];
                if (i >= dlx_num_primary(m))
                    continue;
                if (owner[i] >= jobs->start[k] && owner[i] < x) {
                    text_error(err, line, 0, "job %d: options %d and %d "
                               "both cover item %d", k, jobs->opts[owner[i]],
                               o, i);
                    status = DLX_ECONFLICT;
                }
                owner[i] = x;
            }
        }
    }
    free(owner);
    free(items);
    return status;
}

/* ---- merging ----------------------------------------------------------- */

int dlx_merge_init(dlx_merge *mg, const dlx_jobs *jobs, uint64_t fingerprint)
{
    memset(mg, 0, sizeof *mg);
    mg->n_jobs = jobs->n;
    mg->fingerprint = fingerprint;
    mg->key = dlx_results_key_of(fingerprint, jobs);
    mg->seen = calloc((size_t)jobs->n + 1, 1);
    return mg->seen ? DLX_OK : DLX_ENOMEM;
}

void dlx_merge_free(dlx_merge *mg)
{
    free(mg->seen);
    mg->seen = NULL;
}

/* "job ID solutions COUNT nodes N seconds S complete|partial check H",
 * strictly, H the line's check under key. */
static int result_line(reader *r, const dlx_results_key *key, const char *s,
                       long long *id,
                       dlx_count *count, uint64_t *nodes, double *seconds,
                       int *partial)
{
    const char *p = s;
    long long x;
    char word[48];
    size_t len;
#define WORD(w)                                                             \
    (p = text_skip_space(p), len = strcspn(p, " \t\v\f"),                   \
     len == strlen(w) && !strncmp(p, w, len) ? (p += len, 1) : 0)
    if (!WORD("job"))
        return bad(r, 1, "not a result line (job ID solutions N nodes N "
                   "seconds S complete|partial)");
    p = text_skip_space(p);
    if (number(&p, INT32_MAX, id) != 0)
        return bad(r, (int)(p - s) + 1, "bad job id (a number from 0 to "
                   "%d)", INT32_MAX);
    if (!WORD("solutions"))
        return bad(r, (int)(p - s) + 1, "expected 'solutions'");
    p = text_skip_space(p);
    len = strcspn(p, " \t\v\f");
    snprintf(word, sizeof word, "%.*s", (int)(len < 47 ? len : 47), p);
    if (len > 40 || dlx_count_parse(word, count) != 0)
        return bad(r, (int)(p - s) + 1, "bad count '%s'", word);
    p += len;
    if (!WORD("nodes"))
        return bad(r, (int)(p - s) + 1, "expected 'nodes'");
    p = text_skip_space(p);
    const char *at = p;
    if (*p == '-' || number(&p, INT64_MAX, &x) != 0)
        return bad(r, (int)(at - s) + 1, "bad number of nodes");
    *nodes = (uint64_t)x;
    if (!WORD("seconds"))
        return bad(r, (int)(p - s) + 1, "expected 'seconds'");
    p = text_skip_space(p);
    char *end;
    errno = 0;
    *seconds = *p >= '0' && *p <= '9' ? strtod(p, &end) : -1;
    if (*seconds < 0 || errno || !isfinite(*seconds) ||
        (*end && !text_is_space((unsigned char)*end)))
        return bad(r, (int)(p - s) + 1, "bad number of seconds");
    p = end;
    if (WORD("complete"))
        *partial = 0;
    else if (WORD("partial"))
        *partial = 1;
    else
        return bad(r, (int)(p - s) + 1, "expected 'complete' or 'partial'");
    size_t checked = (size_t)(p - s);
    if (!WORD("check"))
        return bad(r, (int)(text_skip_space(p) - s) + 1, *text_skip_space(p)
                   ? "expected 'check' and the line's checksum"
                   : "no check at the end of the line (truncated?)");
    p = text_skip_space(p);
    at = p;
    uint64_t h = 0;
    int digits = 0;
    for (; isxdigit((unsigned char)*p) && digits < 17; p++, digits++)
        h = h << 4 | (uint64_t)(isdigit((unsigned char)*p)
                                    ? *p - '0'
                                    : tolower((unsigned char)*p) - 'a' + 10);
    if (digits != 16 || (*p && !text_is_space((unsigned char)*p)))
        return bad(r, (int)(at - s) + 1, "bad check (16 hexadecimal "
                   "digits)");
    if (*text_skip_space(p))
        return bad(r, (int)(text_skip_space(p) - s) + 1, "unexpected text "
                   "after the result");
    if (h != line_check(key, s, checked))
        return bad(r, (int)(at - s) + 1, "the line does not match its "
                   "check (edited or damaged, or counted from another "
                   "jobs file)");
#undef WORD
    return DLX_OK;
}

/* A header (or a header line met again in concatenated files) that
 * belongs to other jobs; DLX_OK when it is these jobs'. */
static int other_jobs(reader *r, const dlx_merge *mg, const header_t *h)
{
    if (h->fp_line && h->fp != mg->key.fingerprint) {
        r->in.lineno = h->fp_line;
        return bad(r, 15, "results of another problem (fingerprint "
                   "%016" PRIx64 ", the jobs have %016" PRIx64 ")", h->fp,
                   mg->key.fingerprint);
    }
    if (h->depth_line && h->depth != mg->key.depth) {
        r->in.lineno = h->depth_line;
        return bad(r, 9, "results of another split (cut at depth %d, the "
                   "jobs at depth %d)", h->depth, mg->key.depth);
    }
    if (h->jobs_fp_line && h->jobs_fp != mg->key.jobs) {
        r->in.lineno = h->jobs_fp_line;
        return bad(r, 20, "results of another jobs file (jobs-fingerprint "
                   "%016" PRIx64 ", the jobs have %016" PRIx64 ")",
                   h->jobs_fp, mg->key.jobs);
    }
    return DLX_OK;
}

int dlx_merge_read(dlx_merge *mg, FILE *f, dlx_diag *err)
{
    memset(err, 0, sizeof *err);
    reader r = { { 0 }, err };
    text_reader_init(&r.in, f, 0);
    char *s;
    header_t h;
    int status = header(&r, "# dlx results 2", &h, &s);
    if (status == DLX_OK) {
        int line = r.in.lineno;
        status = other_jobs(&r, mg, &h);
        r.in.lineno = line;
    }
    for (; status == DLX_OK && s; s = next_line(&r, &status)) {
        if (s[0] == '\0')
            continue;
        if (s[0] == '#') {
            /* concatenated results files repeat the header: check it */
            if (!strcmp(s, "# dlx results 1"))
                status = bad(&r, 1, "results written by an older version "
                             "of dlx (format 1, without a check on each "
                             "line): count these jobs again");
            memset(&h, 0, sizeof h);
            if (status == DLX_OK)
                status = header_key(&r, s, &h, 1);
            if (status == DLX_OK)
                status = other_jobs(&r, mg, &h);
            continue;
        }
        long long id = 0;
        dlx_count c = { 0, 0 };
        uint64_t nodes = 0;
        double seconds = 0;
        int partial = 0;
        status = result_line(&r, &mg->key, s, &id, &c, &nodes, &seconds,
                             &partial);
        if (status != DLX_OK)
            break;
        if (id >= mg->n_jobs) {
            status = bad(&r, 5, "job %lld is not one of the %d jobs", id,
                         mg->n_jobs);
            break;
        }
        if (mg->seen[id]) {
            status = bad(&r, 5, "job %lld counted twice", id);
            break;
        }
        if (count_add_checked(mg->total, c, &mg->total) != 0) {
            bad(&r, 1, "the total passes 2^128 (a count this large is not "
                "a real result)");
            status = DLX_EOVERFLOW;
            break;
        }
        mg->seen[id] = 1;
        mg->counted++;
        mg->partial += partial;
        mg->nodes += nodes;
        mg->seconds += seconds;
    }
    if (status == DLX_ENOMEM)
        snprintf(err->message, sizeof err->message, "out of memory");
    text_reader_release(&r.in);
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

/* ---- jobs the split could have written -------------------------------- */

/* A job as its line reads: "k o1 o2 ..." (cut with "..." past size). */
static void job_text(const dlx_jobs *jobs, int k, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "%d", k);
    for (int x = jobs->start[k]; x < jobs->start[k + 1] && len < size; x++)
        len += (size_t)snprintf(buf + len, size - len, " %d", jobs->opts[x]);
    if (len >= size && size > 4)
        memcpy(buf + size - 4, "...", 4);
}

int dlx_jobs_match_split(dlx_matrix *m, const dlx_jobs *jobs,
                         const dlx_search *lim, dlx_outcome *cut,
                         dlx_diag *err)
{
    memset(err, 0, sizeof *err);
    *cut = DLX_COMPLETE;
    if (jobs->depth < 1) {
        text_error(err, 0, 0, "jobs cut at depth %d: a split cuts at depth "
                   "1 or more", jobs->depth);
        return DLX_EOPTION;
    }
    /* A split at one level below the longest job that gives the same
     * jobs shows that no path goes further, so that the split at the
     * depth the file claims gives them too: tried first, it keeps a depth
     * edited to a million from costing the whole search when the jobs are
     * right.  (When it differs, only the split at that depth can say: a
     * path may die between the two.)  With bounds a job holds a pair per
     * level. */
    int per_level = has_bounds(m) ? 2 : 1, longest = 0;
    for (int k = 0; k < jobs->n; k++)
        if (jobs->start[k + 1] - jobs->start[k] > longest)
            longest = jobs->start[k + 1] - jobs->start[k];
    int depth = longest / per_level + 1;
    dlx_jobs split;
    int status = DLX_OK;
    if (depth < jobs->depth) {
        status = dlx_split_within(m, NULL, 0, depth, 0, lim, &split, cut);
        if (status != DLX_OK || *cut != DLX_COMPLETE)
            return status;
        int same = split.n == jobs->n;
        for (int k = 0; k < jobs->n && same; k++) {
            int n = jobs->start[k + 1] - jobs->start[k];
            same = n == split.start[k + 1] - split.start[k] &&
                   (n == 0 || !memcmp(jobs->opts + jobs->start[k],
                                      split.opts + split.start[k],
                                      (size_t)n * sizeof *jobs->opts));
        }
        dlx_jobs_free(&split);
        if (same)
            return DLX_OK;
    }
    depth = jobs->depth;
    status = dlx_split_within(m, NULL, 0, depth, 0, lim, &split, cut);
    if (status != DLX_OK || *cut != DLX_COMPLETE)
        return status;
    char want[80];
    if (split.n < jobs->n) {
        text_error(err, jobs->line ? jobs->line[split.n] : 0, 0, "job %d: "
                   "the split at depth %d of this problem has %d jobs",
                   split.n, depth, split.n);
        status = DLX_EOPTION;
    }
    for (int k = 0; k < jobs->n && status == DLX_OK; k++) {
        int n = jobs->start[k + 1] - jobs->start[k];
        if (n == split.start[k + 1] - split.start[k] &&
            (n == 0 || !memcmp(jobs->opts + jobs->start[k],
                               split.opts + split.start[k],
                               (size_t)n * sizeof *jobs->opts)))
            continue;
        job_text(&split, k, want, sizeof want);
        text_error(err, jobs->line ? jobs->line[k] : 0, 0, "job %d is not "
                   "the split's: the split at depth %d of this problem "
                   "writes '%s' here", k, depth, want);
        status = DLX_EOPTION;
    }
    if (status == DLX_OK && split.n > jobs->n) {
        text_error(err, 0, 0, "%d jobs, but the split at depth %d of this "
                   "problem has %d", jobs->n, depth, split.n);
        status = DLX_EOPTION;
    }
    dlx_jobs_free(&split);
    return status;
}
