/*
 * sudoku_logic.h - solving as people do, one named step at a time, with
 * the reason in words: for teaching, hints and difficulty ratings.
 *
 * Candidates are kept per cell as a bit mask (digit d is bit d-1), so the
 * logic solver takes orders up to SUDOKU_LOGIC_MAX_ORDER.  When no
 * technique applies, the step is a guess, labelled as such, whose digit
 * comes from the Dancing Links solution: every puzzle with a solution can
 * be explained to its end.
 */
#ifndef SUDOKU_LOGIC_H
#define SUDOKU_LOGIC_H

#include <stdint.h>

#include "sudoku_grid.h"
#include "grid_step.h"
#include "sudoku_solve.h"

#define SUDOKU_LOGIC_MAX_ORDER 64

/*
 * The grades, easiest first, and the techniques, simplest first: one table
 * each, from which the enums, names, keys and the grade of each technique
 * come.  A puzzle's grade is the grade of its hardest step.  Columns of
 * the technique table: enum suffix, name in words, key (JSON, CSV),
 * grade, and the finder that sudoku_logic.c calls for it (so that a
 * technique cannot be listed without one; the guess has none: it is the
 * step taken when no finder finds one).  The grades follow the levels
 * sudoku sites publish (for example best-free-sudoku.com's difficulty
 * definitions): triples are
 * still medium; quads, X-wing, swordfish, XY-wing, remote pairs,
 * rectangles and simple colouring are "tough" (our hard); chains come
 * after them (expert), and forcing chains are the last step before a
 * guess (extreme).
 */
#define SUDOKU_GRADE_LIST(X)                                               \
    X(EASY, "easy")           /* singles */                                \
    X(MEDIUM, "medium")       /* locked candidates, pairs, triples */      \
    X(HARD, "hard")           /* quads, fish, wings, rectangles, colours */\
    X(EXPERT, "expert")       /* finned fish, X- and XY-chains */          \
    X(EXTREME, "extreme")     /* forcing chains */                         \
    X(GUESSING, "guessing")   /* a guess was needed */

#define SUDOKU_TECHNIQUE_LIST(X)                                           \
    X(FULL_HOUSE, "full house", "full_house", EASY, full_house)            \
    X(NAKED_SINGLE, "naked single", "naked_single", EASY, naked_single)    \
    X(HIDDEN_SINGLE, "hidden single", "hidden_single", EASY,               \
      hidden_single)                                                       \
    X(CAGE_COMBINATION, "cage combinations", "cage_combination", EASY,     \
      logic_cage_combination)                                              \
    X(RULE_OF_45, "rule of 45", "rule_of_45", EASY, logic_rule_of_45)      \
    X(POINTING, "locked candidates (pointing)", "pointing", MEDIUM,        \
      find_pointing)                                                       \
    X(CLAIMING, "locked candidates (claiming)", "claiming", MEDIUM,        \
      find_claiming)                                                       \
    X(CAGE_OVERLAP, "cage/unit overlap", "cage_overlap", MEDIUM,           \
      logic_cage_overlap)                                                  \
    X(NAKED_PAIR, "naked pair", "naked_pair", MEDIUM, find_naked_pair)     \
    X(HIDDEN_PAIR, "hidden pair", "hidden_pair", MEDIUM, find_hidden_pair) \
    X(NAKED_TRIPLE, "naked triple", "naked_triple", MEDIUM,                \
      find_naked_triple)                                                   \
    X(HIDDEN_TRIPLE, "hidden triple", "hidden_triple", MEDIUM,             \
      find_hidden_triple)                                                  \
    X(NAKED_QUAD, "naked quad", "naked_quad", HARD, find_naked_quad)       \
    X(HIDDEN_QUAD, "hidden quad", "hidden_quad", HARD, find_hidden_quad)   \
    X(RULE_OF_45_UNITS, "rule of 45 over 2-3 units", "rule_of_45_units",    \
      HARD, logic_rule_of_45_units)                                        \
    X(X_WING, "X-wing", "x_wing", HARD, find_x_wing)                       \
    X(SWORDFISH, "swordfish", "swordfish", HARD, find_swordfish)           \
    X(XY_WING, "XY-wing", "xy_wing", HARD, xy_wing)                        \
    X(REMOTE_PAIR, "remote pair", "remote_pair", HARD, logic_remote_pair)  \
    X(W_WING, "W-wing", "w_wing", HARD, logic_w_wing)                      \
    X(UNIQUE_RECTANGLE, "unique rectangle", "unique_rectangle", HARD,      \
      logic_unique_rectangle)                                              \
    X(SIMPLE_COLOURING, "simple colouring", "simple_colouring", HARD,      \
      logic_simple_colouring)                                              \
    X(FINNED_X_WING, "finned X-wing", "finned_x_wing", EXPERT,             \
      find_finned_x_wing)                                                  \
    X(FINNED_SWORDFISH, "finned swordfish", "finned_swordfish", EXPERT,    \
      find_finned_swordfish)                                               \
    X(X_CHAIN, "X-chain", "x_chain", EXPERT, logic_x_chain)                \
    X(XY_CHAIN, "XY-chain", "xy_chain", EXPERT, logic_xy_chain)            \
    X(CELL_FORCING, "cell forcing chains", "cell_forcing", EXTREME,        \
      logic_cell_forcing)                                                  \
    X(UNIT_FORCING, "unit forcing chains", "unit_forcing", EXTREME,        \
      logic_unit_forcing)                                                  \
    X(GUESS, "guess", "guess", GUESSING, NULL)

#define SUDOKU_LOGIC_ENUM(name, ...) SUDOKU_GRADE_##name,
typedef enum sudoku_grade {
    SUDOKU_GRADE_LIST(SUDOKU_LOGIC_ENUM) SUDOKU_GRADE_COUNT
} sudoku_grade;
#undef SUDOKU_LOGIC_ENUM
#define SUDOKU_LOGIC_ENUM(name, ...) SUDOKU_TECH_##name,
typedef enum sudoku_technique {
    SUDOKU_TECHNIQUE_LIST(SUDOKU_LOGIC_ENUM) SUDOKU_TECH_COUNT
} sudoku_technique;
#undef SUDOKU_LOGIC_ENUM

const char *sudoku_technique_name(sudoku_technique t);   /* "hidden single" */
const char *sudoku_technique_key(sudoku_technique t);    /* "hidden_single" */
sudoku_grade sudoku_technique_grade(sudoku_technique t);
const char *sudoku_grade_name(sudoku_grade g);            /* "expert" */
/* The grade names, easiest first, NULL-terminated (for option parsing). */
extern const char *const sudoku_grade_names[];
/* The techniques of grade g and all easier grades, as a bit set for
 * sudoku_logic_set_techniques (no guess). */
uint32_t sudoku_grade_techniques(sudoku_grade g);

/* Which rules the solver may use. */
typedef enum sudoku_logic_method {
    /* the named techniques above, simplest first */
    SUDOKU_LOGIC_TECHNIQUES,
    /* the reject-list method: each cell keeps the digits it cannot take;
     * a digit that all other cells of a row, column or box reject goes
     * in the cell; a cell that rejects all digits but one takes it; two
     * digits rejected by all but the same two cells of a unit make a
     * pair, and a pair of cells that both reject all but the same two
     * digits keeps those digits out of the unit's other cells.  (Naked
     * and hidden singles and pairs, in the method's own words; its own
     * code, counting over the reject lists, apart from the techniques'.) */
    SUDOKU_LOGIC_REJECT_LIST
} sudoku_logic_method;

/* One step: a digit placed, or candidates removed, or both (never
 * neither). */
typedef grid_step sudoku_step;   /* tech: a sudoku_technique */

typedef struct sudoku_logic sudoku_logic;

/* The state of a puzzle: givens placed, candidates from their rows,
 * columns and boxes.  NULL for an order above the limit or no memory. */
sudoku_logic *sudoku_logic_new(const sudoku *puzzle,
                               sudoku_logic_method method);
void sudoku_logic_free(sudoku_logic *lg);

/* A position given as it stands: the placed digits (0 for empty) and each
 * empty cell's candidates (bit d-1 for digit d), as in a published
 * technique example; with the reject-list method, each cell's reject list
 * is the digits it lacks.  NULL as for sudoku_logic_new. */
sudoku_logic *sudoku_logic_from_position(const sudoku *placed,
                                         const uint64_t *cand,
                                         sudoku_logic_method method);

/* Which techniques may be used: bit t for technique t (default: all; the
 * GUESS bit allows guessing).  The reject-list method reads only its
 * singles and pairs bits. */
void sudoku_logic_set_techniques(sudoku_logic *lg, uint32_t allowed);

/* Quiet (1): the steps come without their words (step->text stays empty,
 * but for a contradiction or a cut), for a rating that reads only the
 * techniques; the steps are the same. */
void sudoku_logic_set_quiet(sudoku_logic *lg, int quiet);

/* Unique rectangles hold only for a puzzle with one solution.  The
 * solver checks that with the engine the first time one is in sight (when
 * sudoku_logic_step has a solver), unless told here: 1 the puzzle is known
 * to have one solution, 0 it is not (no unique rectangles). */
void sudoku_logic_assume_unique(sudoku_logic *lg, int unique);

/* The budget of the Dancing Links search whose solution the guesses
 * follow (max_nodes, max_seconds; default none).  max_seconds, counted
 * from this call, also holds for the steps: the finders poll the clock, so
 * a step on a large grid stops with SUDOKU_ECUT when time is up. */
void sudoku_logic_set_limits(sudoku_logic *lg, const grid_limits *lim);

/* What sudoku_logic_step did. */
typedef enum sudoku_logic_status {
    SUDOKU_LOGIC_STEP = 1,            /* a step, described in *step */
    SUDOKU_LOGIC_SOLVED = 0,          /* the grid is full: no step */
    SUDOKU_LOGIC_STUCK = 2,           /* no allowed technique applies and
                                         guessing is not allowed */
    SUDOKU_LOGIC_CONTRADICTION = -1,  /* a cell has no candidate left or the
                                         puzzle has no solution (only a bad
                                         puzzle: text says which cell) */
    SUDOKU_LOGIC_NOMEM = SUDOKU_ENOMEM,
    SUDOKU_LOGIC_CUT = SUDOKU_ECUT    /* a guess was needed and the search
                                         for the solution ran out of its
                                         budget, or the time of
                                         sudoku_logic_set_limits ran out
                                         during the step */
} sudoku_logic_status;

/* Finds the next step with the simplest rule that gives one, applies it,
 * and describes it in *step (valid until the next call); text says what
 * went wrong otherwise.  Guesses take the digit of the solution found by
 * sv (the solver of the puzzle's shape). */
sudoku_logic_status sudoku_logic_step(sudoku_logic *lg, sudoku_solver *sv,
                                      sudoku_step *step);

/* The grid so far, and the candidates of a cell (bit d-1 for digit d). */
const sudoku *sudoku_logic_grid(const sudoku_logic *lg);
uint64_t sudoku_logic_candidates(const sudoku_logic *lg, int cell);

/* Writes the candidate grid: each empty cell's candidates, placed digits
 * in brackets ([7]), aligned by box. */
void sudoku_logic_write_candidates(FILE *f, const sudoku_logic *lg);

/* Whether the techniques in allowed (no guess) solve the puzzle: 1 yes, 0
 * no, -2 no memory.  For a generator steering its clearing by the grade:
 * when the puzzle is the one before with cells[0..n-1] cleared, and each
 * of them is a naked or hidden single at the start (so the steps of the
 * puzzle before follow at once), the answer is 1 without a search; pass
 * n = 0 when the puzzle before is not known to be solved. */
int sudoku_logic_solves(const sudoku *puzzle, uint32_t allowed,
                        const int *cells, int n);

/* Difficulty from the hardest technique used: the name of its grade. */
const char *sudoku_rating_name(sudoku_technique hardest);

#endif
