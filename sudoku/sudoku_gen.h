/*
 * sudoku_gen.h - puzzles with one solution, of any order: fill a grid,
 * then clear cells while the solution counter still says "unique".
 *
 * Every random choice comes from one seed through a generator of our own
 * (splitmix64), so the same seed gives the same puzzles on every machine.
 */
#ifndef SUDOKU_GEN_H
#define SUDOKU_GEN_H

#include <stdint.h>

#include "sudoku_grid.h"
#include "sudoku_solve.h"

/* How the complete grid is made: one table, from which the enum, the
 * names and the parser come. */
#define SUDOKU_FILL_LIST(X)                                                \
    /* the engine with randomized choice (default) */                     \
    X(SUDOKU_FILL_DLX, "dlx")                                              \
    /* Ossudo's: cells left to right, random allowed digit; a dead end    \
     * restarts the current band */                                        \
    X(SUDOKU_FILL_BLOCKROW, "blockrow")                                    \
    /* Doku_Autocomplete's: shifted rows, then random relabeling and       \
     * row/column/band/stack moves */                                      \
    X(SUDOKU_FILL_PATTERN, "pattern")

/* Cells cleared together, so that the puzzle keeps a symmetry. */
#define SUDOKU_SYMMETRY_LIST(X)                                            \
    X(SUDOKU_SYMMETRY_NONE, "none")                                        \
    X(SUDOKU_SYMMETRY_ROT180, "rot180")     /* (r, c), (N-1-r, N-1-c) */   \
    X(SUDOKU_SYMMETRY_ROT90, "rot90")       /* the four quarter turns */   \
    X(SUDOKU_SYMMETRY_MIRROR, "mirror")     /* (r, c), (r, N-1-c) */       \
    X(SUDOKU_SYMMETRY_DIAGONAL, "diagonal") /* (r, c), (c, r) */

#define SUDOKU_GEN_ENUM(name, text) name,
typedef enum sudoku_fill {
    SUDOKU_FILL_LIST(SUDOKU_GEN_ENUM) SUDOKU_FILL_COUNT
} sudoku_fill;
typedef enum sudoku_symmetry {
    SUDOKU_SYMMETRY_LIST(SUDOKU_GEN_ENUM) SUDOKU_SYMMETRY_COUNT
} sudoku_symmetry;
#undef SUDOKU_GEN_ENUM

/* Their names ("blockrow", "rot180"), and NULL-terminated lists of them
 * (for option parsing and help texts). */
const char *sudoku_fill_name(sudoku_fill f);
const char *sudoku_symmetry_name(sudoku_symmetry s);
extern const char *const sudoku_fill_names[];
extern const char *const sudoku_symmetry_names[];

typedef struct sudoku_gen_options {
    sudoku_fill fill;
    sudoku_symmetry symmetry;
    int target_givens;     /* > 0: stop clearing at this many givens */
    uint64_t max_nodes;    /* per puzzle, over all searches; 0: no limit */
    double max_seconds;    /* per puzzle; 0: no limit */
    uint64_t check_nodes;  /* per uniqueness check: a check that needs more
                              keeps its given (the puzzle stays unique, but
                              is not proved minimal); 0: no limit */
    /* Steering (NULL: none): after clearing cells[0..n-1] keeps the
     * solution unique, accept(accept_ctx, puzzle, cells, n) says whether
     * the puzzle may stay so (1) or the cells get their givens back (0):
     * e.g. "the logic solver still finishes it with the techniques of a
     * grade".  Minimal then means: no given can go without a second
     * solution or a refusal at the time it was tried. */
    int (*accept)(void *ctx, const sudoku *puzzle, const int *cells, int n);
    void *accept_ctx;
    /* Asked before each cell (or group) is cleared, before each try at a
     * grade, and by every search and rating (grid_limits.on_poll) with
     * the nodes so far: non-zero stops the puzzle as a spent budget does
     * (a caller's Ctrl-C; it must keep answering non-zero once it has).
     * NULL: never asked. */
    int (*on_poll)(void *ctx, uint64_t nodes);
    void *poll_ctx;
} sudoku_gen_options;

typedef struct sudoku_gen_report {
    int givens;
    int minimal;           /* no given (no symmetric group of givens) can
                              be removed without a second solution */
    int complete;          /* 0: the budget ran out while clearing; the
                              puzzle is unique but maybe not minimal */
    uint64_t nodes;        /* engine nodes, fill and checks */
    uint64_t checks;       /* uniqueness searches */
    uint64_t capped;       /* ... stopped by check_nodes (givens kept) */
    uint64_t refused;      /* clearings that opt->accept refused */
    long restarts;         /* blockrow: band restarts */
    double seconds;
    int out_of_memory;     /* failed for memory, not for the budget */
    /* sudoku_gen_puzzle: the grids tried for the puzzle, and the engine
     * nodes of all of them (nodes above: the last one's) */
    int tries;
    uint64_t nodes_all_tries;
    int spent;             /* no grade: the budget ran out before the
                              attempts did */
    /* SUDOKU_ELIMIT, SUDOKU_GEN_TOO_BIG: why (the cages drawn have more
     * digit tuples than a puzzle may have, as the readers refuse it) */
    char why[200];
} sudoku_gen_report;

/* Fills `grid` (shape already set) with a random valid grid.  sv is the
 * solver of that shape (for the dlx fill).  Returns 0, SUDOKU_ECUT when
 * the budget ran out before a grid was found, or SUDOKU_ENOMEM. */
int sudoku_fill_grid(sudoku_solver *sv, sudoku_fill fill, uint64_t seed,
                     const sudoku_gen_options *opt, sudoku *grid,
                     sudoku_gen_report *rep);

/* Clears cells of `puzzle` (a full valid grid on entry, whose solution it
 * stays) in random order while the puzzle keeps one solution.  Returns 0,
 * SUDOKU_ECLASH when its givens clash, or SUDOKU_ENOMEM; a budget that
 * runs out while clearing leaves the puzzle unique but maybe not minimal
 * (rep->complete 0), and 0 is returned. */
int sudoku_clear_cells(sudoku_solver *sv, uint64_t seed,
                       const sudoku_gen_options *opt, sudoku *puzzle,
                       sudoku_gen_report *rep);

/* Both: a puzzle and its solution, from one seed.  puzzle and solution
 * get the solver's shape.  Returns 0, SUDOKU_ECUT (the budget ran out
 * before a grid was filled), or SUDOKU_ENOMEM. */
int sudoku_generate(sudoku_solver *sv, uint64_t seed,
                    const sudoku_gen_options *opt, sudoku *puzzle,
                    sudoku *solution, sudoku_gen_report *rep);

/* A puzzle of one grade, reached from above.  A random minimal puzzle
 * (opt->accept unused); if it is harder than the grade, givens of its
 * solution come back one at a time in random order (with the symmetry's
 * partners), each one kept only if the puzzle does not get easier than
 * the grade, until it is of the grade; then the givens that can go
 * without a second solution or a refusal of opt->accept (which should say
 * "at most the grade") go.  rate(ctx, p) is the grade of p, a number that
 * grows with difficulty.  Returns 0; 1 when this seed does not reach the
 * grade (its minimal puzzle is easier, or no given lands on the grade);
 * SUDOKU_ECUT or SUDOKU_ENOMEM as sudoku_generate. */
int sudoku_generate_graded(sudoku_solver *sv, uint64_t seed,
                           const sudoku_gen_options *opt,
                           int (*rate)(void *ctx, const sudoku *p),
                           void *ctx, int grade, sudoku *puzzle,
                           sudoku *solution, sudoku_gen_report *rep);

/* The symmetric partners of cell i (i included), in cells[]; returns how
 * many (1, 2 or 4). */
int sudoku_symmetric_cells(const sudoku_shape *shape, sudoku_symmetry sym,
                           int i, int *cells);

/* ---- variants ------------------------------------------------------------ */

/* The variant of the puzzles made (all 0: plain sudoku). */
typedef struct sudoku_gen_variant {
    int diagonals;  /* X: both main diagonals are units */
    int jigsaw;     /* random connected regions instead of the boxes */
    int killer;     /* random connected cages, sums from the solution */
    int max_cage;   /* killer: cages of 2 to max_cage cells (0: 4) */
} sudoku_gen_variant;

/* Random jigsaw regions of a shape: starting from the boxes, cells of
 * neighbouring regions trade places at random, a trade kept only when
 * both regions stay connected.  region[] gets N*N region numbers. */
void sudoku_random_regions(const sudoku_shape *shape, uint64_t seed,
                           int *region);

/* Random killer cages on a full valid grid (order 2 or more): every
 * cell in one connected cage of 2..max_cage cells (max_cage < 2: 4) whose
 * digits in the grid are distinct; a cell left alone joins a neighbouring
 * cage (of max_cage + 1 cells then, if it must), else the cages are drawn
 * again, since Solo takes no cage of one cell.
 * Sums from the grid.  cage[] gets N*N cage numbers (numbered in reading
 * order of their first cells), sum[] one sum per cage; returns the number
 * of cages. */
int sudoku_random_cages(const sudoku *grid, uint64_t seed, int max_cage,
                        int *cage, int *sum);

/* A puzzle of a variant and its solution, from one seed: regions
 * (jigsaw) redrawn until the randomized engine fills them within a node
 * budget; cages (killer) from the grid; then, for a killer, no givens at
 * all when the cages alone leave one solution, else (and for every other
 * variant) cells cleared in random order (opt->symmetry's groups) while a
 * count to 2 says the puzzle still has one solution.  opt->fill and
 * opt->accept are not used.  Returns 0, SUDOKU_ECUT (budget, no grid),
 * SUDOKU_ELIMIT (cages with more than SUDOKU_MAX_TUPLES digit tuples, which
 * no reader takes: rep->why says so), or SUDOKU_ENOMEM. */
int sudoku_generate_variant(const sudoku_gen_variant *v, sudoku_shape shape,
                            uint64_t seed, const sudoku_gen_options *opt,
                            sudoku *puzzle, sudoku *solution,
                            sudoku_gen_report *rep);

/* ---- puzzles of a grade -----------------------------------------------
 *
 * What `sudoku generate` does for each puzzle: the plain, variant or
 * graded generator above, tried again with other seeds until the puzzle
 * has the grade asked for (sudoku_logic.h's grades).
 */

/* How a puzzle of a grade is reached. */
#define SUDOKU_REACH_LIST(X)                                               \
    /* sample for expert and above (many minimal puzzles are), else      \
     * steer; a variant always samples */                                  \
    X(SUDOKU_REACH_AUTO, "auto")                                           \
    /* a given is cleared only while the grade's techniques still solve  \
     * the puzzle (opt.accept) */                                          \
    X(SUDOKU_REACH_STEER, "steer")                                         \
    /* sudoku_generate_graded: from a harder minimal puzzle, givens back */ \
    X(SUDOKU_REACH_DESCEND, "descend")                                     \
    /* clear freely, keep the puzzles of the grade */                      \
    X(SUDOKU_REACH_SAMPLE, "sample")

#define SUDOKU_GEN_ENUM(name, text) name,
typedef enum sudoku_reach {
    SUDOKU_REACH_LIST(SUDOKU_GEN_ENUM) SUDOKU_REACH_COUNT
} sudoku_reach;
#undef SUDOKU_GEN_ENUM
extern const char *const sudoku_reach_names[];

/* Orders above 16: a uniqueness check that needs more nodes keeps its
 * given unless check_nodes is set, so that 25x25 puzzles take seconds,
 * not hours. */
#define SUDOKU_GEN_DEFAULT_CHECK_NODES 2000

/* What to make.  opt.accept is set by sudoku_gen_new for a grade. */
typedef struct sudoku_gen_request {
    sudoku_shape shape;
    sudoku_gen_options opt;
    int check_nodes_set;         /* 0: opt.check_nodes is 0 up to 16x16,
                                    SUDOKU_GEN_DEFAULT_CHECK_NODES above */
    int has_variant;             /* 0: plain sudoku (variant unused) */
    sudoku_gen_variant variant;
    int grade;                   /* -1: any; else a sudoku_grade, or with
                                    solo a sudoku_solo_level */
    int solo;                    /* grade is on Solo's scale (sudoku_solo.h):
                                    made as Solo makes them (plain sudoku),
                                    by sampling (X, jigsaw; no killer) */
    sudoku_reach reach;
    uint64_t attempts;           /* with a grade: grids tried per puzzle */
    /* with a grade: called before each try after the first with the
     * tries made (a progress line: reaching a grade can take thousands
     * of tries); NULL: not called */
    void (*on_retry)(void *ctx, int tries);
    void *retry_ctx;
} sudoku_gen_request;

/* NULL when the request can make puzzles, else why not: the message,
 * written into buf[size] (as Tatham's validate_params). */
const char *sudoku_gen_validate(const sudoku_gen_request *rq, char *buf,
                                size_t size);

/* The outcome of sudoku_gen_puzzle. */
typedef enum sudoku_gen_status {
    SUDOKU_GEN_MADE = 0,         /* a puzzle (of the grade) */
    SUDOKU_GEN_NO_GRADE,         /* no puzzle of the grade in the attempts */
    SUDOKU_GEN_BUDGET,           /* no grid within the budget */
    SUDOKU_GEN_NOMEM,
    SUDOKU_GEN_TOO_BIG           /* killer cages too large (rep->why): a
                                    smaller max_cage */
} sudoku_gen_status;

typedef struct sudoku_gen sudoku_gen;

/* A generator for a validated request (it keeps the solver of the shape
 * between puzzles); NULL for no memory. */
sudoku_gen *sudoku_gen_new(const sudoku_gen_request *rq);
void sudoku_gen_free(sudoku_gen *g);

/* The puzzle of `seed` and its solution.  With a grade, try t of the
 * puzzle is seed ^ (t * golden ratio), so that the seed alone makes the
 * same puzzle again; the tries share the request's budget (each gets what
 * is left, none starts once it is spent).  rep tells the last try, with
 * tries and nodes_all_tries over all. */
sudoku_gen_status sudoku_gen_puzzle(sudoku_gen *g, uint64_t seed,
                                    sudoku *puzzle, sudoku *solution,
                                    sudoku_gen_report *rep);

#endif
