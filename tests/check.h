/*
 * check.h - the smallest test harness that does the job.
 *
 * CHECK(cond, fmt, ...) records a failure with its file and line and goes
 * on; check_done() prints "N passed, M failed" and returns the exit code
 * (a failure when a check failed, or when no check ran at all).
 * Header-only, one test program per area (tests/test_<area>.c).
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (cond) {                                                          \
            check_passed++;                                                  \
        } else {                                                             \
            check_failed++;                                                  \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, \
                    #cond);                                                  \
            fprintf(stderr, __VA_ARGS__);                                    \
            fputc('\n', stderr);                                             \
        }                                                                    \
    } while (0)

/* A run in which no check ran proved nothing: it fails too. */
static inline int check_done(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    if (check_passed + check_failed == 0)
        fprintf(stderr, "no check ran: nothing was tested\n");
    return check_failed || check_passed + check_failed == 0 ? 1 : 0;
}

#endif
