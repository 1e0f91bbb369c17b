/*
 * mathdoku_gen.h - Mathdoku puzzles with exactly one solution, of orders
 * 1 to 32 (3 to 16 tested), with the operations asked for.
 *
 *   1. a random Latin square: the dlx engine with randomized choices;
 *   2. a random partition into connected cages, their sizes drawn from a
 *      distribution (by default Keen's: mostly dominoes);
 *   3. an operation per cage from the set allowed, balanced across the
 *      kinds as Keen does, and targets computed from the square;
 *   4. the engine looks for a solution other than the square; while there
 *      is one, a cage where the two differ is changed (its operation, a
 *      split in two, or a merge with a neighbour) so that the other
 *      solution breaks it and the square still meets it.
 *
 * With a difficulty, the logic solver (mathdoku_logic.h) grades each
 * unique puzzle and the generator goes on until the grade is the one
 * asked for.  Every random choice comes from the seed through splitmix64
 * (the project's generator, as in sudoku_gen.c), so a seed gives the same
 * puzzle on every machine.
 */
#ifndef MATHDOKU_GEN_H
#define MATHDOKU_GEN_H

#include <stdint.h>

#include "mathdoku.h"

/* The operations a generator may use, as bits. */
enum {
    MATHDOKU_OPS_ADD = 1,
    MATHDOKU_OPS_SUB = 2,
    MATHDOKU_OPS_MUL = 4,
    MATHDOKU_OPS_DIV = 8,
    MATHDOKU_OPS_ALL = 15
};

/* The largest cage the generator makes. */
#define MATHDOKU_GEN_MAX_SIZE 12

typedef struct mathdoku_gen_options {
    int N;
    unsigned ops;          /* MATHDOKU_OPS_* bits; 0: all four */
    int nary;              /* '-' and '/' may take more than two cells */
    int hidden;            /* every cage of two or more cells shows '?' */
    int singletons;        /* one-cell cages (givens) may be made to reach
                              uniqueness (sizes[1] > 0 also allows them) */
    /* weight of each cage size (sizes[1]: one cell) in the partition;
     * all 0: Keen's mix, about 80% two cells, 16% three, 3% four, 1%
     * five */
    int sizes[MATHDOKU_GEN_MAX_SIZE + 1];
    int difficulty;        /* -1: any; else a mathdoku_grade */
    int attempts;          /* with a difficulty: partitions tried per
                              puzzle before giving up (0: 10000) */
    uint64_t max_nodes;    /* engine nodes per puzzle, all searches; 0: no
                              limit */
    double max_seconds;    /* per puzzle; 0: no limit */
    uint64_t check_nodes;  /* per uniqueness search; a search that needs
                              more makes the generator strengthen the
                              weakest cages (their operation with the
                              fewest tuples) and search again (0: no
                              limit; default 5,000) */
    /* asked before each search and by every search and cage walk
     * (grid_limits.on_poll) with the nodes so far: non-zero stops the
     * puzzle as a spent budget does (a caller's Ctrl-C; it must keep
     * answering non-zero once it has); NULL: never asked */
    int (*on_poll)(void *ctx, uint64_t nodes);
    void *poll_ctx;
} mathdoku_gen_options;

/* Defaults: all four operations, Keen's sizes, no singletons, any
 * difficulty, no budget, check_nodes 5,000. */
void mathdoku_gen_defaults(mathdoku_gen_options *opt, int N);

/* NULL when the options can make puzzles, else why not (as Tatham's
 * validate_params): subtraction alone has no unique puzzle without givens
 * (d and N+1-d meet the same differences), division alone none either (2
 * and 3 have no quotient). */
const char *mathdoku_gen_validate(const mathdoku_gen_options *opt);

/* Parses "+-*x/" into MATHDOKU_OPS_* bits: 0, or -1 for another character or
 * an empty set. */
int mathdoku_parse_ops(const char *s, unsigned *ops);
/* Parses "2:80,3:16,4:3" (size:weight, sizes 1..MATHDOKU_GEN_MAX_SIZE)
 * into sizes[]: 0, or -1. */
int mathdoku_parse_sizes(const char *s, int *sizes);

typedef struct mathdoku_gen_report {
    int grade;             /* the logic solver's grade, -1 if not rated */
    int attempts;          /* partitions made */
    int changes;           /* cages changed to reach one solution */
    int givens;            /* one-cell cages */
    uint64_t checks;       /* uniqueness searches */
    uint64_t nodes;        /* engine nodes: the square and the searches */
    double seconds;
} mathdoku_gen_report;

typedef struct mathdoku_gen mathdoku_gen;

/* A generator for one set of options (it keeps the Latin square's exact
 * cover between puzzles).  NULL for options out of range or no memory. */
mathdoku_gen *mathdoku_gen_new(const mathdoku_gen_options *opt);
void mathdoku_gen_free(mathdoku_gen *g);

/* The outcome of mathdoku_gen_puzzle (the values it had as numbers: 0,
 * above 0 for no puzzle, below 0 for no memory). */
typedef enum mathdoku_gen_status {
    MATHDOKU_GEN_NOMEM = -1,
    MATHDOKU_GEN_MADE = 0,    /* a puzzle (of the difficulty) */
    MATHDOKU_GEN_NONE = 1,    /* none of the difficulty in the attempts */
    MATHDOKU_GEN_BUDGET = 2   /* the budget ran out first */
} mathdoku_gen_status;

/* Makes the puzzle of `seed` into *puzzle (free with mathdoku_free; cages
 * in reading order of their first cells, labelled 1, 2, ..) and its one
 * solution into solution[N*N].  Returns MATHDOKU_GEN_MADE, or why not
 * (nothing is returned then). */
mathdoku_gen_status mathdoku_gen_puzzle(mathdoku_gen *g, uint64_t seed,
                                        mathdoku *puzzle, int *solution,
                                        mathdoku_gen_report *rep);

/* The rules the generated puzzles follow (nary as asked). */
mathdoku_rules mathdoku_gen_rules(const mathdoku_gen *g);

#endif
