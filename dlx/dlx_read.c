/*
 * dlx_read.c - reader for Knuth's exact cover text format.
 *
 * The whole input is read into memory and parsed line by line.  The first
 * error stops the reader and is reported with its line and column; nothing
 * is skipped silently (the only thing dropped, an option without a primary
 * item, is dropped with a warning, as Knuth's programs do).
 */
#include "dlx_read.h"

#include <stdarg.h>
#include <stdint.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* ---- names ------------------------------------------------------------- */

/* Names in input order, and an open-addressing hash of their indices. */
typedef struct name_table {
    char **names;
    int n, cap;
    int *slots;      /* index + 1, or 0 for empty; nslots a power of 2 */
    int nslots;
} name_table;

static uint32_t hash_name(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t k = 0; k < len; k++)
        h = (h ^ (unsigned char)s[k]) * 16777619u;
    return h;
}

static int table_find(const name_table *t, const char *s, size_t len)
{
    if (t->nslots == 0)
        return -1;
    uint32_t mask = (uint32_t)t->nslots - 1;
    for (uint32_t h = hash_name(s, len) & mask;; h = (h + 1) & mask) {
        int k = t->slots[h] - 1;
        if (k < 0)
            return -1;
        if (strlen(t->names[k]) == len && memcmp(t->names[k], s, len) == 0)
            return k;
    }
}

static int table_rehash(name_table *t, int nslots)
{
    int *slots = calloc((size_t)nslots, sizeof *slots);
    if (!slots)
        return DLX_ENOMEM;
    uint32_t mask = (uint32_t)nslots - 1;
    for (int k = 0; k < t->n; k++) {
        uint32_t h = hash_name(t->names[k], strlen(t->names[k])) & mask;
        while (slots[h])
            h = (h + 1) & mask;
        slots[h] = k + 1;
    }
    free(t->slots);
    t->slots = slots;
    t->nslots = nslots;
    return DLX_OK;
}

/* Adds a name known to be absent; returns its index or DLX_ENOMEM. */
static int table_add(name_table *t, const char *s, size_t len)
{
    if (t->n >= INT32_MAX / 8)
        return DLX_ETOOBIG;
    if (2 * (t->n + 1) > t->nslots &&
        table_rehash(t, t->nslots ? 2 * t->nslots : 64) != DLX_OK)
        return DLX_ENOMEM;
    if (t->n == t->cap) {
        if (t->cap > INT_MAX / 2)
            return DLX_ENOMEM; /* an int capacity would overflow */
        int cap = t->cap ? 2 * t->cap : 64;
        char **p = realloc(t->names, (size_t)cap * sizeof *p);
        if (!p)
            return DLX_ENOMEM;
        t->names = p;
        t->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return DLX_ENOMEM;
    memcpy(copy, s, len);
    copy[len] = '\0';
    t->names[t->n] = copy;
    uint32_t mask = (uint32_t)t->nslots - 1;
    uint32_t h = hash_name(s, len) & mask;
    while (t->slots[h])
        h = (h + 1) & mask;
    t->slots[h] = t->n + 1;
    return t->n++;
}

static void table_free_slots(name_table *t)
{
    free(t->slots);
    t->slots = NULL;
    t->nslots = 0;
}

static void free_names(char **names, int n)
{
    if (!names)
        return;
    for (int k = 0; k < n; k++)
        free(names[k]);
    free(names);
}

/* ---- the parser -------------------------------------------------------- */

typedef struct parser {
    const char *text;
    size_t len, pos;      /* pos: start of the current line */
    int line;
    dlx_diag *err;
    dlx_problem *p;
    name_table items, colors;
    int *opt_items, *opt_colors, cap_opt;
    size_t *color_at;     /* where each colored item's color starts */
    int *last_line;       /* per item: the last line that named it, so that
                             a repeat in an option is found in O(1) */
    dlx_diag *warnings;
    int n_warnings, cap_warnings;
    int *lo, *hi, cap_bounds; /* per item, dlx3's "lo:hi|name" */
    int bounded;              /* some item's bounds are not 1:1 */
} parser;

static int fail(parser *ps, int status, int col, const char *fmt, ...)
    TEXT_PRINTF(4, 5);

static int fail(parser *ps, int status, int col, const char *fmt, ...)
{
    ps->err->line = ps->line;
    ps->err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->err->message, sizeof ps->err->message, fmt, ap);
    va_end(ap);
    return status;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

/* A token of the current line: text and 1-based column. */
typedef struct token {
    const char *s;
    size_t len;
    int col;
} token;

/* The line from ps->pos: sets *end to its end (before "\n", "\r\n" or
 * a lone "\r"), checks for NUL bytes, and advances ps->pos past it. */
static int next_line(parser *ps, size_t *start, size_t *end)
{
    size_t k = ps->pos;
    while (k < ps->len && ps->text[k] != '\n' && ps->text[k] != '\r') {
        if (ps->text[k] == '\0')
            return fail(ps, DLX_ESYNTAX, (int)(k - ps->pos) + 1,
                        "NUL byte in the input (not a text file?)");
        k++;
    }
    *start = ps->pos;
    *end = k;
    if (k < ps->len && ps->text[k] == '\r' && k + 1 < ps->len &&
        ps->text[k + 1] == '\n')
        k++;
    ps->pos = k < ps->len ? k + 1 : k;
    return DLX_OK;
}

/* Moves *k past blanks and returns the next token of [*k, end), if any. */
static int next_token(const parser *ps, size_t line_start, size_t *k,
                      size_t end, token *t)
{
    while (*k < end && is_blank(ps->text[*k]))
        (*k)++;
    if (*k >= end)
        return 0;
    size_t s = *k;
    while (*k < end && !is_blank(ps->text[*k]))
        (*k)++;
    t->s = ps->text + s;
    t->len = *k - s;
    t->col = (int)(s - line_start) + 1;
    return 1;
}

/* Bytes allowed in names: printable ASCII other than ':' and '|'. */
static int check_name(parser *ps, const char *s, size_t len, int col,
                      const char *what)
{
    if (len == 0)
        return fail(ps, DLX_ESYNTAX, col, "empty %s name", what);
    if (len > DLX_MAX_NAME_LEN)
        return fail(ps, DLX_ESYNTAX, col, "%s name longer than %d characters",
                    what, DLX_MAX_NAME_LEN);
    for (size_t k = 0; k < len; k++) {
        unsigned char c = (unsigned char)s[k];
        if (c < 0x21 || c > 0x7e)
            return fail(ps, DLX_ESYNTAX, col + (int)k,
                        "character 0x%02x not allowed in %s name", c, what);
    }
    return DLX_OK;
}

/* A decimal number of at most DLX_MAX_BOUND: its end, or NULL with
 * *past set when it has more digits or value than the limit allows. */
static const char *read_number(const char *s, const char *end, long *v,
                               long limit, int *past)
{
    *v = 0;
    *past = 0;
    while (s < end && *s >= '0' && *s <= '9') {
        *v = 10 * *v + (*s - '0');
        if (*v > limit) {
            *past = 1;
            return NULL;
        }
        s++;
    }
    return s;
}

/* dlx3's bounds before an item name, "hi|name" or "lo:hi|name": moves
 * t past them into *lo, *hi (1:1 when there are none).  A name may
 * start with digits ("12", "3a"): only digits followed by ':' or '|'
 * are bounds. */
static int read_bounds(parser *ps, token *t, int secondary, int *lo,
                       int *hi)
{
    const char *s = t->s, *end = t->s + t->len, *q;
    *lo = *hi = 1;
    if (s == end || *s < '0' || *s > '9')
        return DLX_OK;
    q = s;
    while (q < end && *q >= '0' && *q <= '9')
        q++;
    if (q == end || (*q != ':' && *q != '|'))
        return DLX_OK;
    if (secondary)
        return fail(ps, DLX_EBOUNDS, t->col, "bounds on secondary item "
                    "'%.*s' (only primary items have them, before '|')",
                    (int)(t->len > 30 ? 30 : t->len), t->s);
    long a, b;
    int past;
    q = read_number(s, end, &a, DLX_MAX_BOUND, &past);
    if (!q)
        return fail(ps, DLX_EBOUNDS, t->col, "bound past the limit %d",
                    DLX_MAX_BOUND);
    b = a;
    if (*q == ':') {
        const char *r = read_number(q + 1, end, &b, DLX_MAX_BOUND, &past);
        int col = t->col + (int)(q + 1 - s);
        if (!r)
            return fail(ps, DLX_EBOUNDS, col, "bound past the limit %d",
                        DLX_MAX_BOUND);
        if (r == q + 1)
            return fail(ps, DLX_EBOUNDS, col, "missing upper bound after "
                        "'%.*s' (dlx3's bounds are lo:hi|name)",
                        (int)(q + 1 - s), s);
        if (r == end || *r != '|')
            return fail(ps, DLX_EBOUNDS, t->col + (int)(r - s),
                        "expected '|' and an item name after the bounds");
        if (a > b)
            return fail(ps, DLX_EBOUNDS, t->col, "lower bound %ld exceeds "
                        "upper bound %ld", a, b);
        q = r;
    }
    if (b == 0)
        return fail(ps, DLX_EBOUNDS, t->col + (int)(q - s) - 1,
                    "upper bound 0 (an item's upper bound is at least 1)");
    *lo = (int)a;
    *hi = (int)b;
    q++; /* the '|' */
    t->col += (int)(q - s);
    t->len -= (size_t)(q - s);
    t->s = q;
    if (t->len == 0)
        return fail(ps, DLX_ESYNTAX, t->col, "empty item name after its "
                    "bounds");
    return DLX_OK;
}

static int keep_bounds(parser *ps, int item, int lo, int hi, int col)
{
    if (item >= ps->cap_bounds) {
        int cap = ps->cap_bounds ? 2 * ps->cap_bounds : 64;
        int *a = realloc(ps->lo, (size_t)cap * sizeof *a);
        if (a)
            ps->lo = a;
        int *b = a ? realloc(ps->hi, (size_t)cap * sizeof *b) : NULL;
        if (!b)
            return fail(ps, DLX_ENOMEM, col, "out of memory");
        ps->hi = b;
        ps->cap_bounds = cap;
    }
    ps->lo[item] = lo;
    ps->hi[item] = hi;
    ps->bounded |= lo != 1 || hi != 1;
    return DLX_OK;
}

static int read_items(parser *ps, size_t start, size_t end, int *n_primary)
{
    size_t k = start;
    token t;
    int bar_col = 0;
    *n_primary = -1;
    while (next_token(ps, start, &k, end, &t)) {
        if (t.len == 1 && t.s[0] == '|') {
            if (bar_col)
                return fail(ps, DLX_ESYNTAX, t.col,
                            "second '|' in the item line (first at column "
                            "%d)", bar_col);
            bar_col = t.col;
            *n_primary = ps->items.n;
            continue;
        }
        int lo, hi;
        int status = read_bounds(ps, &t, bar_col != 0, &lo, &hi);
        if (status != DLX_OK)
            return status;
        for (size_t j = 0; j < t.len; j++)
            if (t.s[j] == ':' || t.s[j] == '|')
                return fail(ps, DLX_ESYNTAX, t.col + (int)j,
                            "item name '%.*s' contains '%c'",
                            (int)(t.len > 20 ? 20 : t.len), t.s, t.s[j]);
        status = check_name(ps, t.s, t.len, t.col, "item");
        if (status == DLX_OK)
            status = keep_bounds(ps, ps->items.n, lo, hi, t.col);
        if (status != DLX_OK)
            return status;
        if (table_find(&ps->items, t.s, t.len) >= 0)
            return fail(ps, DLX_EREPEAT, t.col, "duplicate item name '%.*s'",
                        (int)t.len, t.s);
        status = table_add(&ps->items, t.s, t.len);
        if (status < 0)
            return fail(ps, status, t.col, "%s", dlx_strerror(status));
    }
    if (*n_primary < 0)
        *n_primary = ps->items.n;
    if (*n_primary == 0)
        return fail(ps, DLX_ENOPRIMARY, bar_col ? bar_col : 1,
                    "no primary items before '|'");
    return DLX_OK;
}

static int add_warning(parser *ps, int col, const char *message)
{
    if (ps->n_warnings == ps->cap_warnings) {
        int cap = ps->cap_warnings ? 2 * ps->cap_warnings : 8;
        dlx_diag *w = realloc(ps->warnings, (size_t)cap * sizeof *w);
        if (!w)
            return DLX_ENOMEM;
        ps->warnings = w;
        ps->cap_warnings = cap;
    }
    dlx_diag *w = &ps->warnings[ps->n_warnings++];
    w->line = ps->line;
    w->col = col;
    snprintf(w->message, sizeof w->message, "%s", message);
    return DLX_OK;
}

/* dlx5's cost "|n" (several add up): adds n to *cost. */
static int read_cost(parser *ps, const token *t, int64_t *cost)
{
    const char *s = t->s + 1, *end = t->s + t->len;
    if (s == end)
        return fail(ps, DLX_EBOUNDS, t->col, "'|' with no number (an "
                    "option's cost is written |n, a comment starts the "
                    "line with |)");
    if (*s == '-')
        return fail(ps, DLX_EBOUNDS, t->col + 1, "negative cost '%.*s'",
                    (int)(t->len > 30 ? 30 : t->len), t->s);
    int64_t v = 0;
    for (const char *q = s; q < end; q++) {
        if (*q < '0' || *q > '9')
            return fail(ps, DLX_EBOUNDS, t->col + (int)(q - t->s),
                        "cost '%.*s' is not a number",
                        (int)(t->len > 30 ? 30 : t->len), t->s);
        v = 10 * v + (*q - '0');
        if (v > DLX_MAX_COST)
            return fail(ps, DLX_EBOUNDS, t->col + 1, "cost past the limit "
                        "%lld", (long long)DLX_MAX_COST);
    }
    if (*cost > DLX_MAX_COST - v)
        return fail(ps, DLX_EBOUNDS, t->col, "the option's costs add up "
                    "past the limit %lld", (long long)DLX_MAX_COST);
    *cost += v;
    return DLX_OK;
}

static int read_option(parser *ps, size_t start, size_t end, int *n_lines)
{
    size_t k = start;
    token t;
    int n = 0, primary = 0, n_primary = ps->p->n_primary;
    int64_t cost = 0;
    while (next_token(ps, start, &k, end, &t)) {
        if (t.s[0] == '|') {
            int status = read_cost(ps, &t, &cost);
            if (status != DLX_OK)
                return status;
            continue;
        }
        if (n == ps->cap_opt) {
            int cap = ps->cap_opt ? 2 * ps->cap_opt : 16;
            int *a = realloc(ps->opt_items, (size_t)cap * sizeof *a);
            if (a)
                ps->opt_items = a;
            int *b = a ? realloc(ps->opt_colors, (size_t)cap * sizeof *b)
                       : NULL;
            if (b)
                ps->opt_colors = b;
            size_t *c = b ? realloc(ps->color_at, (size_t)cap * sizeof *c)
                          : NULL;
            if (!c)
                return fail(ps, DLX_ENOMEM, t.col, "out of memory");
            ps->color_at = c;
            ps->cap_opt = cap;
        }
        const char *colon = memchr(t.s, ':', t.len);
        const char *bar = memchr(t.s, '|', t.len);
        if (bar)
            return fail(ps, DLX_ESYNTAX, t.col + (int)(bar - t.s),
                        "'|' inside an item name (a cost is a word |n of "
                        "its own; comments start the line)");
        size_t name_len = colon ? (size_t)(colon - t.s) : t.len;
        int i = table_find(&ps->items, t.s, name_len);
        if (i < 0) {
            int status = check_name(ps, t.s, name_len, t.col, "item");
            if (status != DLX_OK)
                return status;
            return fail(ps, DLX_ESYNTAX, t.col, "unknown item '%.*s'",
                        (int)(name_len > 40 ? 40 : name_len), t.s);
        }
        if (ps->last_line[i] == ps->line)
            return fail(ps, DLX_EREPEAT, t.col,
                        "item '%s' appears twice in this option",
                        ps->items.names[i]);
        ps->last_line[i] = ps->line;
        int color = 0;
        if (colon) {
            const char *c = colon + 1;
            size_t clen = t.len - name_len - 1;
            int ccol = t.col + (int)name_len + 1;
            if (i < n_primary)
                return fail(ps, DLX_ECOLOR, t.col,
                            "primary item '%s' cannot have a color",
                            ps->items.names[i]);
            if (clen == 0)
                return fail(ps, DLX_ECOLOR, ccol,
                            "missing color after '%s:'", ps->items.names[i]);
            if (memchr(c, ':', clen))
                return fail(ps, DLX_ECOLOR, ccol,
                            "color '%.*s' contains ':'", (int)clen, c);
            int status = check_name(ps, c, clen, ccol, "color");
            if (status != DLX_OK)
                return status;
            /* named below, once the option is known to be kept, so that
             * a dropped option does not number colors */
            ps->color_at[n] = (size_t)(c - ps->text);
            color = 1;
        }
        ps->opt_items[n] = i;
        ps->opt_colors[n] = color;
        primary += i < n_primary;
        n++;
    }
    if (n == 0)
        return DLX_OK;
    if (primary == 0)
        return add_warning(ps, 1, "option has no primary item; dropped");
    for (int j = 0; j < n; j++) {
        if (ps->opt_colors[j] == 0)
            continue;
        const char *c = ps->text + ps->color_at[j];
        size_t clen = 0;
        while (c + clen < ps->text + end && !is_blank(c[clen]))
            clen++;
        int color = table_find(&ps->colors, c, clen);
        if (color < 0)
            color = table_add(&ps->colors, c, clen);
        if (color < 0)
            return fail(ps, color, 1, "%s", dlx_strerror(color));
        ps->opt_colors[j] = color + 1;
    }
    int o = dlx_add_option(ps->p->matrix, n, ps->opt_items, ps->opt_colors);
    if (o < 0)
        return fail(ps, o, 1, "%s", dlx_strerror(o));
    if (o >= *n_lines) {
        int cap = *n_lines ? 2 * *n_lines : 64;
        int *lines = realloc(ps->p->option_line, (size_t)cap * sizeof *lines);
        if (!lines)
            return fail(ps, DLX_ENOMEM, 1, "out of memory");
        ps->p->option_line = lines;
        *n_lines = cap;
    }
    ps->p->option_line[o] = ps->line;
    if (cost) {
        int status = dlx_set_cost(ps->p->matrix, o, cost);
        if (status != DLX_OK)
            return fail(ps, status, 1, "%s", status == DLX_EBOUNDS
                        ? "the costs of all options add up past 2^63"
                        : dlx_strerror(status));
    }
    return DLX_OK;
}

static int parse(parser *ps)
{
    int have_items = 0, n_lines = 0;
    while (ps->pos < ps->len) {
        size_t start = 0, end = 0;
        ps->line++;
        int status = next_line(ps, &start, &end);
        if (status != DLX_OK)
            return status;
        size_t k = start;
        while (k < end && is_blank(ps->text[k]))
            k++;
        if (k == end || ps->text[k] == '|')
            continue; /* blank line or comment, anywhere in the file */
        if (!have_items) {
            int n_primary;
            status = read_items(ps, start, end, &n_primary);
            if (status != DLX_OK)
                return status;
            ps->p->n_items = ps->items.n;
            ps->p->n_primary = n_primary;
            ps->p->matrix = dlx_new(n_primary, ps->items.n - n_primary);
            ps->last_line = calloc((size_t)ps->items.n, sizeof *ps->last_line);
            if (!ps->p->matrix || !ps->last_line)
                return fail(ps, DLX_ENOMEM, 1, "out of memory");
            for (int i = 0; ps->bounded && i < n_primary; i++)
                if (dlx_set_bounds(ps->p->matrix, i, ps->lo[i],
                                   ps->hi[i]) != DLX_OK)
                    return fail(ps, DLX_ENOMEM, 1, "out of memory");
            have_items = 1;
            continue;
        }
        status = read_option(ps, start, end, &n_lines);
        if (status != DLX_OK)
            return status;
    }
    if (!have_items) {
        if (ps->line == 0)
            ps->line = 1;
        return fail(ps, DLX_ESYNTAX, 0, "no item line (the input is empty or "
                    "only comments)");
    }
    return DLX_OK;
}

void dlx_problem_free(dlx_problem *p)
{
    if (!p)
        return;
    dlx_free(p->matrix);
    free_names(p->item_names, p->n_items);
    free_names(p->color_names, p->n_colors);
    free(p->option_line);
    free(p->warnings);
    free(p);
}

int dlx_read_text(const char *text, size_t len, dlx_problem **out,
                  dlx_diag *err)
{
    dlx_diag scratch;
    if (!err)
        err = &scratch;
    memset(err, 0, sizeof *err);
    *out = NULL;
    parser ps;
    memset(&ps, 0, sizeof ps);
    ps.text = text;
    ps.len = len;
    ps.err = err;
    ps.p = calloc(1, sizeof *ps.p);
    if (!ps.p) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return DLX_ENOMEM;
    }
    int status = parse(&ps);
    free(ps.opt_items);
    free(ps.opt_colors);
    free(ps.color_at);
    free(ps.last_line);
    free(ps.lo);
    free(ps.hi);
    table_free_slots(&ps.items);
    table_free_slots(&ps.colors);
    ps.p->item_names = ps.items.names;
    ps.p->n_items = ps.items.n;
    ps.p->color_names = ps.colors.names;
    ps.p->n_colors = ps.colors.n;
    ps.p->warnings = ps.warnings;
    ps.p->n_warnings = ps.n_warnings;
    if (status != DLX_OK) {
        dlx_problem_free(ps.p);
        return status;
    }
    *out = ps.p;
    return DLX_OK;
}

int dlx_read_file(FILE *f, dlx_problem **out, dlx_diag *err)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    *out = NULL;
    if (!buf)
        goto nomem;
    for (;;) {
        if (len == cap) {
            char *b = realloc(buf, cap * 2);
            if (!b)
                goto nomem;
            buf = b;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        /* a NUL byte ends the reading: the parser reports it at its place,
         * and endless binary input (/dev/zero) is not read to its end */
        char *nul = memchr(buf + len, '\0', got);
        len += got;
        if (nul) {
            len = (size_t)(nul - buf) + 1;
            break;
        }
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(buf);
        if (err) {
            memset(err, 0, sizeof *err);
            snprintf(err->message, sizeof err->message, "read error");
        }
        return DLX_EREAD;
    }
    int status = dlx_read_text(buf, len, out, err);
    free(buf);
    return status;
nomem:
    free(buf);
    if (err) {
        memset(err, 0, sizeof *err);
        snprintf(err->message, sizeof err->message, "out of memory");
    }
    return DLX_ENOMEM;
}

int dlx_write_option(FILE *f, const dlx_problem *p, int option)
{
    int items[64], colors[64];
    int *it = items, *co = colors;
    int n = dlx_option_items(p->matrix, option, NULL, NULL, 0);
    if (n < 0)
        return n;
    if (n > 64) {
        it = malloc((size_t)n * sizeof *it);
        co = malloc((size_t)n * sizeof *co);
        if (!it || !co) {
            free(it == items ? NULL : it);
            free(co == colors ? NULL : co);
            return DLX_ENOMEM;
        }
    }
    dlx_option_items(p->matrix, option, it, co, n);
    int status = 0;
    for (int k = 0; k < n && status >= 0; k++) {
        status = fputs(p->item_names[it[k]], f);
        if (status >= 0 && co[k] > 0)
            status = fprintf(f, ":%s", p->color_names[co[k] - 1]);
        if (status >= 0 && k + 1 < n)
            status = fputc(' ', f);
    }
    if (it != items) {
        free(it);
        free(co);
    }
    return status < 0 ? DLX_EWRITE : DLX_OK;
}

int dlx_write_problem(FILE *f, const dlx_problem *p)
{
    for (int i = 0; i < p->n_items; i++) {
        int lo = 1, hi = 1;
        dlx_item_bounds(p->matrix, i, &lo, &hi);
        if (i == p->n_primary)
            fputs(" |", f);
        fputs(i ? " " : "", f);
        if (lo != hi)
            fprintf(f, "%d:%d|", lo, hi);
        else if (hi != 1)
            fprintf(f, "%d|", hi);
        fputs(p->item_names[i], f);
    }
    fputc('\n', f);
    int n = dlx_num_options(p->matrix);
    for (int o = 0; o < n; o++) {
        int status = dlx_write_option(f, p, o);
        if (status != DLX_OK)
            return status;
        int64_t cost = dlx_option_cost(p->matrix, o);
        if (cost > 0)
            fprintf(f, " |%lld", (long long)cost);
        fputc('\n', f);
    }
    return ferror(f) ? DLX_EWRITE : DLX_OK;
}
