/*
 * dlx_util.h - the small things every command of the project needs alike:
 * a clock, strict number parsing, JSON strings.  Nothing about puzzles.
 */
#ifndef DLX_UTIL_H
#define DLX_UTIL_H

#include <stdint.h>
#include <stdio.h>

/* Seconds on the monotonic clock (for durations). */
double dlx_seconds(void);

/* The peak resident memory of this process so far, in kilobytes (0 where
 * the system does not say). */
long dlx_peak_memory_kb(void);

/* A whole decimal number 0..2^64-1 and nothing else (no sign, no spaces,
 * no overflow).  1 with *out set, or 0. */
int dlx_parse_u64(const char *s, uint64_t *out);

/* Writes s as a JSON string: quotes, backslashes and control characters
 * escaped. */
void dlx_json_string(FILE *f, const char *s);

/* The JSON line of an input that could not be used, so that a program
 * reading a command's JSON output sees every input in its place:
 * {"file":...,"line":N,"status":"error","error":...} */
void dlx_json_error(FILE *f, const char *file, int line,
                    const char *message);

#endif
