/*
 * test_check.c - the harness itself: a run in which no check ran fails
 * (issue 35: check_done returned success then, so a test whose loops
 * found nothing to check passed).
 */
#include "check.h"

int main(void)
{
    int empty = check_done(); /* no check yet: "0 passed, 0 failed" */
    CHECK(empty == 1, "check_done with no check returned %d, not 1", empty);
    CHECK(check_failed == 0, "%d failed before any check", check_failed);
    return check_done();
}
