/*
 * mathdoku_logic.h - Mathdoku solved as a person does, one named step at
 * a time with the reason in words, and graded as Simon Tatham's Keen
 * grades (Easy, Normal, Hard, Extreme, Unreasonable).
 *
 * The techniques of each grade reach exactly what Keen's solver (keen.c
 * with latin.c) reaches at that grade, so a puzzle's grade - the hardest
 * grade of the steps taken, simplest step first - is Keen's:
 *
 *   Easy       naked and hidden singles; a cage's combinations: the
 *              digits that any way of filling the cage uses (Keen's easy
 *              clue deduction)
 *   Normal     a cage's cells: the digits each cell takes in some way of
 *              filling the cage
 *   Hard       a digit every way of filling a cage puts in one row or
 *              column leaves the rest of that line; naked and hidden
 *              pairs, triples and larger sets in rows and columns
 *   Extreme    X-wings, swordfish and larger fish; forcing chains of
 *              two-candidate cells (latin.c's)
 *   Unreasonable  a guess, labelled as such: the digit of the Dancing
 *              Links solution, so every puzzle is explained to its end
 *
 * One technique is ours, not Keen's: the remainder of a row or column.
 * The cages wholly inside a line add up (multiply) to their targets, so
 * the line's other cells add up to N(N+1)/2 less them (multiply to N!
 * divided by them).  Keen's solver lacks it and would guess where it
 * applies, so it is graded Unreasonable and tried just before a guess:
 * the grade stays Keen's, and the explanation names a deduction instead
 * of a guess (it finishes 16 of the collection's 42 Unreasonable puzzles
 * without one; graded Extreme, it turned those 16 into Extreme).
 *
 * Candidates are kept per cell as a bit mask (digit d is bit d-1).
 */
#ifndef MATHDOKU_LOGIC_H
#define MATHDOKU_LOGIC_H

#include <stdint.h>
#include <stdio.h>

#include "grid_step.h"
#include "mathdoku.h"

/* The grades: enum, name, Keen's letter. */
#define MATHDOKU_GRADES(G)                                                  \
    G(EASY, "Easy", 'e')                                                    \
    G(NORMAL, "Normal", 'n')                                                \
    G(HARD, "Hard", 'h')                                                    \
    G(EXTREME, "Extreme", 'x')                                              \
    G(UNREASONABLE, "Unreasonable", 'u')

#define MATHDOKU_GRADE_ENUM(e, name, letter) MATHDOKU_GRADE_##e,
typedef enum mathdoku_grade {
    MATHDOKU_GRADES(MATHDOKU_GRADE_ENUM)
    MATHDOKU_GRADE_COUNT
} mathdoku_grade;
#undef MATHDOKU_GRADE_ENUM

/* The techniques, simplest first: enum, key, name, grade. */
#define MATHDOKU_TECHNIQUES(T)                                               \
    T(NAKED_SINGLE, "naked_single", "naked single", EASY)                   \
    T(HIDDEN_SINGLE, "hidden_single", "hidden single", EASY)                \
    T(CAGE_DIGITS, "cage_digits", "cage combinations", EASY)                \
    T(CAGE_CELLS, "cage_cells", "cage cell options", NORMAL)                \
    T(CAGE_LINE, "cage_line", "digit held in a cage's line", HARD)          \
    T(NAKED_PAIR, "naked_pair", "naked pair", HARD)                         \
    T(HIDDEN_PAIR, "hidden_pair", "hidden pair", HARD)                      \
    T(NAKED_TRIPLE, "naked_triple", "naked triple", HARD)                   \
    T(HIDDEN_TRIPLE, "hidden_triple", "hidden triple", HARD)                \
    T(NAKED_SET, "naked_set", "naked set", HARD)                            \
    T(HIDDEN_SET, "hidden_set", "hidden set", HARD)                         \
    T(X_WING, "x_wing", "X-wing", EXTREME)                                  \
    T(SWORDFISH, "swordfish", "swordfish", EXTREME)                         \
    T(FISH, "fish", "fish", EXTREME)                                        \
    T(FORCING_CHAIN, "forcing_chain", "forcing chain", EXTREME)             \
    T(LINE_REMAINDER, "line_remainder", "line remainder", UNREASONABLE)    \
    T(GUESS, "guess", "guess", UNREASONABLE)

#define MATHDOKU_TECH_ENUM(e, key, name, grade) MATHDOKU_TECH_##e,
typedef enum mathdoku_technique {
    MATHDOKU_TECHNIQUES(MATHDOKU_TECH_ENUM)
    MATHDOKU_TECH_COUNT
} mathdoku_technique;
#undef MATHDOKU_TECH_ENUM

const char *mathdoku_grade_name(int grade);          /* "Hard" */
int mathdoku_grade_letter(int grade);                /* 'h' */
/* "hard", "Hard" or "h": the grade, or -1. */
int mathdoku_parse_grade(const char *s);
const char *mathdoku_technique_key(int tech);        /* "naked_pair" */
const char *mathdoku_technique_name(int tech);       /* "naked pair" */
mathdoku_grade mathdoku_technique_grade(int tech);

/* One step: a digit placed, or candidates removed, or both. */
typedef grid_step mathdoku_step;   /* tech: a mathdoku_technique */

typedef struct mathdoku_logic mathdoku_logic;

/* The state of puzzle p (which must outlive it): givens placed, every
 * other cell with all digits.  solution (N*N, may be NULL) is the grid
 * guesses follow; without it the first guess asks the engine for one.
 * NULL for no memory. */
mathdoku_logic *mathdoku_logic_new(const mathdoku *p,
                                   const mathdoku_rules *rules,
                                   const int *solution);
void mathdoku_logic_free(mathdoku_logic *lg);

/* Narrows cell's candidates to mask (bit d-1 for digit d; a position as
 * it stands, for a hint mid-way or a technique's example); a single
 * candidate is not placed until a step places it. */
void mathdoku_logic_restrict(mathdoku_logic *lg, int cell, uint64_t mask);

/* Techniques above this grade are not used (default: all, guesses
 * included). */
void mathdoku_logic_set_max_grade(mathdoku_logic *lg, mathdoku_grade max);
/* Which techniques may be used: bit t for technique t (default: all). */
void mathdoku_logic_set_techniques(mathdoku_logic *lg, uint32_t allowed);
/* No text: for grading many puzzles. */
void mathdoku_logic_set_quiet(mathdoku_logic *lg, int quiet);

/* What mathdoku_logic_step did (the values are those it always had). */
typedef enum mathdoku_logic_status {
    MATHDOKU_LOGIC_STEP = 1,            /* a step, described in *step */
    MATHDOKU_LOGIC_SOLVED = 0,          /* the grid is full: no step */
    MATHDOKU_LOGIC_STUCK = 2,           /* no allowed technique applies */
    MATHDOKU_LOGIC_CONTRADICTION = -1,  /* the puzzle contradicts itself
                                           (step->text says where: a bad
                                           puzzle, or one with no
                                           solution) */
    MATHDOKU_LOGIC_NOMEM = -2
} mathdoku_logic_status;

/* Finds the next step with the simplest technique that gives one, applies
 * it and describes it in *step (valid until the next call). */
mathdoku_logic_status mathdoku_logic_step(mathdoku_logic *lg,
                                          mathdoku_step *step);

/* The grid so far (0: empty) and a cell's candidates. */
const int *mathdoku_logic_grid(const mathdoku_logic *lg);
uint64_t mathdoku_logic_candidates(const mathdoku_logic *lg, int cell);

/* The candidate grid: each cell's candidates, placed digits in brackets,
 * cage borders drawn. */
void mathdoku_logic_write_candidates(FILE *f, const mathdoku_logic *lg);

/* The grade of puzzle p: its hardest technique's, simplest steps first,
 * stopping at the first guess (Unreasonable).  used[MATHDOKU_TECH_COUNT], when
 * not NULL, counts the steps of each technique, and then the solving goes
 * on to the end.  Returns the grade, -1 when the puzzle contradicts
 * itself, -2 for no memory. */
int mathdoku_rate(const mathdoku *p, const mathdoku_rules *rules,
                  const int *solution, int *used);

#endif
