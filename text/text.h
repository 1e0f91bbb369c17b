/*
 * text.h - reading text input, the same way in every reader of the
 * project: sudoku and mathdoku puzzles, the grids given to `check`, jobs
 * and results files.
 *
 * Lines.  A line ends at "\n", "\r\n" or a lone "\r" (files from old
 * Macs); a byte order mark at the start of the input is not text.  Lines
 * are read one at a time, so a stream of a million puzzles is read in
 * constant memory, and interactively (a line is returned as soon as it
 * ends).  A line is capped at max_line bytes: a longer one, or one with a
 * NUL byte, is reported at its place and skipped to its end, and reading
 * goes on with the next line.  A bad line that goes on past TEXT_MAX_SKIP
 * bytes stops the input (endless binary input such as /dev/zero).
 *
 * Messages.  A diagnostic is a text_diag (below): line, column and a
 * message, the one shape every reader of the project reports in (libdlx
 * calls it dlx_diag: the same struct, from dlx_diag.h).  Bytes
 * of the input quoted in a message are escaped (text_quote), so that a
 * control byte never reaches a terminal raw.
 */
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>
#include <stdio.h>

#if defined(__GNUC__) || defined(__clang__)
#define TEXT_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define TEXT_PRINTF(fmt, args)
#endif

/* A message about a position in the input; line and col count from 1
 * (col 0: the whole line; line 0: the whole input).  Defined once, in
 * libdlx's installed dlx_diag.h (this header is not installed), where
 * libdlx names it dlx_diag. */
#include "dlx_diag.h"
typedef struct text_diag text_diag;

/* The default cap on a line: a 100x100 sudoku on one line of numbers is
 * under 40 KB, the longest Keen ID of a 32x32 puzzle a few KB. */
#define TEXT_MAX_LINE (1L << 20)
/* A bad line longer than this ends the input: it is not a text file. */
#define TEXT_MAX_SKIP (1L << 29)

/* What text_next returns. */
enum {
    TEXT_LINE = 1,   /* a line is in r->line */
    TEXT_END = 0,    /* the end of the input */
    TEXT_BAD = -1,   /* a line that is not text (a NUL byte) or too long:
                        err says where; the next call goes on after it */
    TEXT_FAIL = -2,  /* a read error or endless binary input: err says
                        why; nothing more can be read */
    TEXT_NOMEM = -3  /* out of memory; nothing more can be read */
};

typedef struct text_reader {
    FILE *f;
    char *line;        /* the current line without its end, NUL-terminated
                          (valid until the next call) */
    size_t len;        /* its length */
    int lineno;        /* its number, from 1 */
    size_t cap;        /* bytes allocated for line */
    size_t max_line;
    int pushed_back;   /* the current line is to be returned again */
    int done;          /* the end, or a failure, was reached */
} text_reader;

/* A reader of f (not owned; not closed) with lines of at most max_line
 * bytes (0: TEXT_MAX_LINE). */
void text_reader_init(text_reader *r, FILE *f, size_t max_line);
void text_reader_release(text_reader *r);

/* The next line: TEXT_LINE, TEXT_END, TEXT_BAD, TEXT_FAIL or TEXT_NOMEM
 * (above).  The puzzle libraries' status codes for a puzzle read, the
 * end, a bad puzzle, a read error and no memory have the same values, so
 * that a reader can pass these on. */
int text_next(text_reader *r, text_diag *err);

/* Makes the next text_next return the current line again. */
void text_push_back(text_reader *r);

/* ---- small things every reader needs --------------------------------- */

/* White space inside a line: space, tab, vertical tab, form feed (inline:
 * readers ask it of every byte). */
static inline int text_is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}
const char *text_skip_space(const char *p);
/* The line is empty or white space only. */
int text_is_blank(const char *s);
/* The first character after white space is `mark` ('#' for puzzles). */
int text_is_comment(const char *s, char mark);

/* floor(sqrt(n)) for n >= 0. */
long text_isqrt(long n);

/* A run of decimal digits at p (no sign, no space) as a number of at most
 * max: 0 with *out and *end set; -1 when p has no digit; -2 when the
 * number is larger than max (*end is then past all its digits, so the
 * caller can quote it whole).  Never wraps. */
int text_number(const char *p, long long max, long long *out,
                const char **end);

/* Fills *d (line, column from 1, 0 for the whole line; a message) and
 * returns -1, so that a reader can `return text_error(...)`. */
int text_error(text_diag *d, int line, int col, const char *fmt, ...)
    TEXT_PRINTF(4, 5);

/* Input bytes for a message, between quotes: 'abc'.  Control bytes and
 * bytes that are not valid UTF-8 are written as \xHH (printable UTF-8
 * stays as it is), and at most max characters are shown ("..." follows
 * the closing quote when there were more).  Writes into buf (size bytes;
 * 4 * max + 8 is always enough) and returns it. */
char *text_quote(const char *s, size_t len, size_t max, char *buf,
                 size_t size);

/* The length of the valid UTF-8 sequence of a character from U+00A0 at s
 * (NUL-terminated), or 0: control bytes, C1 controls, stray, overlong or
 * cut sequences, surrogates, which XML and strict JSON parsers refuse
 * (the JSON and SVG writers put U+FFFD in their place). */
int text_utf8_char(const unsigned char *s);

/* Writes s as a JSON string, the one escaper of the project (the command
 * lines' JSON output and the view's page): quotes and backslashes
 * escaped, control bytes and DEL as \u00XX, a byte that is not part of
 * valid UTF-8 (text_utf8_char) as U+FFFD.  With TEXT_JSON_HTML, < > &
 * are escaped too, so that the string can sit inside an HTML script
 * element ("</script>" cannot close it). */
enum { TEXT_JSON_HTML = 1 };
void text_json_string(FILE *f, const char *s, int flags);

#endif
