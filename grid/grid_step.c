/*
 * grid_step.c - the words of a logic solver's step.
 */
#include "grid_step.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "grid_bits.h"

void grid_step_say(grid_step *st, const char *fmt, ...)
{
    size_t len = strlen(st->text);
    if (len + 1 >= sizeof st->text)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->text + len, sizeof st->text - len, fmt, ap);
    va_end(ap);
}

void grid_step_say_digits(grid_step *st, uint64_t mask)
{
    grid_step_say(st, "{");
    for (int first = 1; mask; mask &= mask - 1, first = 0)
        grid_step_say(st, first ? "%d" : ",%d", grid_low_digit(mask));
    grid_step_say(st, "}");
}
