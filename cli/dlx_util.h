/*
 * dlx_util.h - the small things every command of the project needs alike:
 * a clock, strict number parsing, command-line options, JSON strings.
 * Nothing about puzzles.
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

/* One argument of a command line, read the same way by every command:
 * an option that takes a value has it as "--name=value" or as the next
 * argument ("--name value", "-n value"); any other argument stands alone
 * (a flag, an operand, or an option the caller does not know). */
typedef struct dlx_arg {
    const char *name;   /* the argument, up to the '=' of --name=value */
    const char *value;  /* the option's value, or NULL */
    char buf[40];
} dlx_arg;

enum { DLX_ARG_OK, DLX_ARG_NEEDS_VALUE, DLX_ARG_TAKES_NO_VALUE };

/* Reads argv[*k] into *arg; with_value (NULL-terminated) names the
 * options that take a value, and *k advances past a value given as the
 * next argument.  Returns DLX_ARG_OK, or what is wrong with argv[*k]: a
 * listed option without its value, or --name=value for a name not
 * listed.  dlx_arg_error gives the message (one '%s': the argument). */
int dlx_next_arg(int argc, char **argv, int *k,
                 const char *const *with_value, dlx_arg *arg);
const char *dlx_arg_error(int status);

/* Writes s as a JSON string: quotes, backslashes and control characters
 * escaped. */
void dlx_json_string(FILE *f, const char *s);

/* The JSON line of an input that could not be used, so that a program
 * reading a command's JSON output sees every input in its place:
 * {"file":...,"line":N,"status":"error","error":...} */
void dlx_json_error(FILE *f, const char *file, int line,
                    const char *message);

#endif
