/*
 * text.c - the line reader and the small helpers of every reader.
 */
#define _POSIX_C_SOURCE 200809L

#include "text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* text.h's struct text_diag has the shape dlx_read.c checks for the copy
 * in libdlx's public dlx_read.h. */
_Static_assert(sizeof(text_diag) == 2 * sizeof(int) + 200 &&
                   sizeof(((text_diag *)0)->message) == 200,
               "dlx_read.h and text.h define struct text_diag alike");

void text_reader_init(text_reader *r, FILE *f, size_t max_line)
{
    memset(r, 0, sizeof *r);
    r->f = f;
    r->max_line = max_line ? max_line : (size_t)TEXT_MAX_LINE;
}

void text_reader_release(text_reader *r)
{
    free(r->line);
    r->line = NULL;
    r->cap = 0;
}

void text_push_back(text_reader *r)
{
    r->pushed_back = 1;
}

/* Room for one more byte and the NUL after it; 0, or -1 (no memory). */
static int grow(text_reader *r)
{
    if (r->len + 2 <= r->cap)
        return 0;
    size_t cap = r->cap ? 2 * r->cap : 256;
    if (cap > r->max_line + 2)
        cap = r->max_line + 2;
    char *line = realloc(r->line, cap);
    if (!line)
        return -1;
    r->line = line;
    r->cap = cap;
    return 0;
}

/* How far text_next's quick step may store bytes (see there). */
static size_t quick_room(const text_reader *r, size_t nul_at)
{
    size_t room = r->cap - 1;   /* len + 2 <= cap, as grow() wants */
    if (room > r->max_line)
        room = r->max_line;
    if (room > (size_t)TEXT_MAX_SKIP)
        room = (size_t)TEXT_MAX_SKIP;
    return nul_at ? 0 : room;
}

static int read_failed(text_reader *r, text_diag *err)
{
    r->done = 1;
    return text_error(err, r->lineno, 0, "read error: %s",
                      strerror(errno ? errno : EIO)) - 1;
}

int text_next(text_reader *r, text_diag *err)
{
    if (r->pushed_back) {
        r->pushed_back = 0;
        return TEXT_LINE;
    }
    if (r->done)
        return TEXT_END;
    FILE *f = r->f;
    size_t len = 0, nul_at = 0;     /* nul_at: column of the first NUL */
    long total = 0;                 /* bytes of the line, kept or not */
    int c, bom = r->lineno == 0;
    r->len = 0;
    if (grow(r) != 0)
        goto no_memory;
    errno = 0;
    /* the buffer and its bounds in registers: a byte stored may alias
     * the reader's fields, which the compiler would load again per byte.
     * The quick step stores a byte when nothing else is to be done: no
     * NUL, room in the buffer, under the cap and TEXT_MAX_SKIP (room, 0
     * after a NUL byte).  So it runs only while every byte so far was
     * stored (total == len), and any other byte takes the full step,
     * which keeps total, nul_at and the buffer. */
    char *line = r->line;
    size_t cap = r->cap, max_line = r->max_line;
    size_t room = quick_room(r, nul_at);
    while ((c = getc_unlocked(f)) != EOF && c != '\n' && c != '\r') {
        if (c != 0 && len < room) {
            line[len++] = (char)c;
            total++;
            continue;
        }
        total++;
        if (c == 0 && !nul_at)
            nul_at = (size_t)total;
        if (total > TEXT_MAX_SKIP) {
            r->done = 1;
            return text_error(err, r->lineno + 1, 0, "a line of more than "
                              "%ld bytes: this is not a text file; the rest "
                              "is not read", TEXT_MAX_SKIP) - 1;
        }
        if (len < max_line && !nul_at) {
            if (len + 2 > cap) {
                r->len = len;
                if (grow(r) != 0)
                    goto no_memory;
                line = r->line;
                cap = r->cap;
            }
            line[len++] = (char)c;
        }
        room = quick_room(r, nul_at);
    }
    if (c == EOF) {
        if (ferror(f))
            return read_failed(r, err);
        if (total == 0) {
            r->done = 1;
            return TEXT_END;
        }
    } else if (c == '\r') {
        /* "\r\n" is one line end, a lone '\r' another */
        int next = getc_unlocked(f);
        if (next != '\n' && next != EOF)
            ungetc(next, f);
        else if (next == EOF && ferror(f))
            return read_failed(r, err);
    }
    r->lineno++;
    r->line[len] = '\0';
    r->len = len;
    if (nul_at)
        return text_error(err, r->lineno, (int)nul_at,
                          "NUL byte in the input (not a text file?)");
    if ((size_t)total > r->max_line)
        return text_error(err, r->lineno, 0, "line longer than %zu bytes "
                          "(%ld)", r->max_line, total);
    /* a byte order mark (editors on Windows write one) is not text */
    if (bom && len >= 3 && !memcmp(r->line, "\xEF\xBB\xBF", 3)) {
        memmove(r->line, r->line + 3, len - 2);
        r->len = len - 3;
    }
    return TEXT_LINE;
no_memory:
    r->done = 1;
    text_error(err, r->lineno + 1, 0, "out of memory");
    return TEXT_NOMEM;
}

/* ---- small things --------------------------------------------------- */

const char *text_skip_space(const char *p)
{
    while (text_is_space((unsigned char)*p))
        p++;
    return p;
}

int text_is_blank(const char *s)
{
    return *text_skip_space(s) == '\0';
}

int text_is_comment(const char *s, char mark)
{
    return *text_skip_space(s) == mark;
}

long text_isqrt(long n)
{
    if (n <= 0)
        return 0;
    long k = 0;
    for (long step = 1L << 30; step; step >>= 1)
        if ((k + step) <= n / (k + step))
            k += step;
    return k;
}

int text_number(const char *p, long long max, long long *out,
                const char **end)
{
    if (*p < '0' || *p > '9')
        return -1;
    long long v = 0;
    int over = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        int d = *p - '0';
        if (over || max - d < 0 || v > (max - d) / 10)
            over = 1;
        else
            v = v * 10 + d;
    }
    *end = p;
    if (over)
        return -2;
    *out = v;
    return 0;
}

int text_error(text_diag *d, int line, int col, const char *fmt, ...)
{
    d->line = line;
    d->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* The length of a valid UTF-8 sequence at s (at most n bytes) that is a
 * printable character, or 0. */
static size_t utf8_printable(const unsigned char *s, size_t n)
{
    size_t need = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4
                : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
    if (need == 0 || need > n)
        return 0;
    for (size_t k = 1; k < need; k++)
        if ((s[k] & 0xC0) != 0x80)
            return 0;
    if (s[0] == 0xC2 && s[1] < 0xA0)
        return 0; /* C1 controls, U+0080..U+009F */
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xF0 && s[1] < 0x90) ||
        (s[0] == 0xF4 && s[1] > 0x8F) || (s[0] == 0xED && s[1] > 0x9F))
        return 0; /* overlong, past U+10FFFF, or a surrogate */
    return need;
}

char *text_quote(const char *s, size_t len, size_t max, char *buf,
                 size_t size)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = 0, k = 0;
    if (size < 8) {
        if (size)
            buf[0] = '\0';
        return buf;
    }
    buf[n++] = '\'';
    for (size_t shown = 0; k < len && shown < max; shown++) {
        if (n + 8 > size)
            break;
        size_t w = u[k] >= 0x80 ? utf8_printable(u + k, len - k) : 0;
        if (w) {
            memcpy(buf + n, s + k, w);
            n += w;
            k += w;
        } else if (u[k] >= 0x20 && u[k] < 0x7f) {
            buf[n++] = s[k++];
        } else {
            n += (size_t)snprintf(buf + n, size - n, "\\x%02x", u[k++]);
        }
    }
    buf[n++] = '\'';
    if (k < len && n + 4 <= size) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

/* The length of the valid UTF-8 sequence of a character from U+00A0 at s
 * (NUL-terminated), or 0: control bytes, C1 controls, stray, overlong or
 * cut sequences, surrogates.  What XML and strict JSON parsers refuse is
 * written as U+FFFD instead. */
int text_utf8_char(const unsigned char *s)
{
    int need = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4
             : s[0] >= 0xE0 && s[0] < 0xF0 ? 3
             : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
    for (int k = 1; k < need; k++)
        if ((s[k] & 0xC0) != 0x80)
            return 0;
    if (need && ((s[0] == 0xC2 && s[1] < 0xA0) ||
                 (s[0] == 0xE0 && s[1] < 0xA0) ||
                 (s[0] == 0xF0 && s[1] < 0x90) ||
                 (s[0] == 0xF4 && s[1] > 0x8F) ||
                 (s[0] == 0xED && s[1] > 0x9F)))
        return 0;
    return need;
}

void text_json_string(FILE *f, const char *s, int flags)
{
    int html = flags & TEXT_JSON_HTML;
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        int n = *p >= 0x80 ? text_utf8_char(p) : 0;
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f ||
                 (html && (*p == '<' || *p == '>' || *p == '&')))
            fprintf(f, "\\u%04x", *p);
        else if (*p < 0x80)
            fputc(*p, f);
        else if (n) {
            fwrite(p, 1, (size_t)n, f);
            p += n - 1;
        } else {
            fputs("\\ufffd", f); /* a byte that is not UTF-8 */
        }
    }
    fputc('"', f);
}
