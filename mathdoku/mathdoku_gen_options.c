/*
 * mathdoku_gen_options.c - the generator's options: defaults, checks and
 * the parsers of the operation set and the size weights.
 */
#include "mathdoku_gen.h"

#include <stdlib.h>
#include <string.h>

#include "mathdoku_logic.h"

void mathdoku_gen_defaults(mathdoku_gen_options *opt, int N)
{
    memset(opt, 0, sizeof *opt);
    opt->N = N;
    opt->ops = MATHDOKU_OPS_ALL;
    opt->difficulty = -1;
    /* a proof of uniqueness can run to millions of nodes (16x16, or
     * hidden operations at 9x9); strengthening the weakest cages after
     * 5,000 keeps 16x16 near a tenth of a second, and changes no puzzle
     * of the default options up to 9x9 (none needs that many) */
    opt->check_nodes = 5000;
}

const char *mathdoku_gen_validate(const mathdoku_gen_options *opt)
{
    unsigned ops = opt->ops ? opt->ops : MATHDOKU_OPS_ALL;
    int givens = opt->singletons || opt->sizes[1] > 0;
    if (opt->N < 1 || opt->N > MATHDOKU_MAX_N)
        return "the size must be 1 to 32";
    if (opt->difficulty >= MATHDOKU_GRADE_COUNT)
        return "no such difficulty";
    if (givens || opt->hidden || opt->N <= 2)
        return NULL;
    if (ops == MATHDOKU_OPS_SUB && !opt->nary)
        return "subtraction alone cannot make a puzzle with one solution: "
               "every difference holds as well for the digits N+1-d "
               "(allow givens: --singletons)";
    if (ops == MATHDOKU_OPS_DIV)
        return "division alone leaves cages without a quotient, such as "
               "2 and 3 (allow givens: --singletons)";
    return NULL;
}

int mathdoku_parse_ops(const char *s, unsigned *ops)
{
    unsigned o = 0;
    for (; *s; s++) {
        switch (*s) {
        case '+': o |= MATHDOKU_OPS_ADD; break;
        case '-': o |= MATHDOKU_OPS_SUB; break;
        case '*': case 'x': case 'X': o |= MATHDOKU_OPS_MUL; break;
        case '/': o |= MATHDOKU_OPS_DIV; break;
        default: return -1;
        }
    }
    if (!o)
        return -1;
    *ops = o;
    return 0;
}

int mathdoku_parse_sizes(const char *s, int *sizes)
{
    int w[MATHDOKU_GEN_MAX_SIZE + 1] = { 0 }, any = 0;
    while (*s) {
        char *end;
        long size = strtol(s, &end, 10);
        if (end == s || *end != ':' || size < 1 ||
            size > MATHDOKU_GEN_MAX_SIZE)
            return -1;
        s = end + 1;
        long weight = strtol(s, &end, 10);
        if (end == s || weight < 0 || weight > 1000000 ||
            (*end && *end != ','))
            return -1;
        w[size] = (int)weight;
        any |= weight > 0;
        s = *end ? end + 1 : end;
    }
    if (!any)
        return -1;
    memcpy(sizes, w, sizeof w);
    return 0;
}
