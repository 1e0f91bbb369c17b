/*
 * sudoku_gen_grade.c - a puzzle per seed, of the grade asked for: the
 * plain, variant or graded generator of sudoku_gen.c, rated by the logic
 * solver and tried again until the grade is reached (what `sudoku
 * generate` does; the command only reads options and prints).
 */
#include "sudoku_gen.h"

#include <stdio.h>
#include <stdlib.h>

#include "sudoku_logic.h"
#include "sudoku_solo.h"

#define SUDOKU_GEN_NAME(name, text) text,
const char *const sudoku_reach_names[] = {
    SUDOKU_REACH_LIST(SUDOKU_GEN_NAME) NULL
};
#undef SUDOKU_GEN_NAME

struct sudoku_gen {
    sudoku_gen_request rq;       /* reach resolved, opt.accept set */
    sudoku_solver *sv;           /* of the request's shape */
    uint32_t allowed;            /* the grade's techniques (steering) */
    sudoku_solo *so;             /* Solo's grader: rq.solo's levels, and
                                    our grades by Solo's deductions up to
                                    its order */
    int solo_aim;                /* -1, or the level sudoku_solo_generate
                                    aims at: rq.solo's, or Solo's basic
                                    for our easy (its singles are our easy
                                    techniques) */
    int solo_steer;              /* -1, or the Solo level whose deductions
                                    are all within the grade steered to */
};

const char *sudoku_gen_validate(const sudoku_gen_request *rq, char *buf,
                                size_t size)
{
    const sudoku_shape *sh = &rq->shape;
    const sudoku_gen_options *opt = &rq->opt;
    const sudoku_gen_variant *v = rq->has_variant ? &rq->variant : NULL;
    if (rq->solo && rq->reach != SUDOKU_REACH_AUTO)
        snprintf(buf, size, "--reach is for --scale ours: Solo's levels are "
                 "reached as Solo does");
    else if (rq->solo && v && v->killer)
        snprintf(buf, size, "--scale solo: Solo grades killer cages on a "
                 "scale of its own, not on these levels");
    else if ((opt->symmetry == SUDOKU_SYMMETRY_ROT90 ||
         opt->symmetry == SUDOKU_SYMMETRY_DIAGONAL) && sh->R != sh->C)
        snprintf(buf, size, "--symmetry %s needs square boxes, not %dx%d",
                 sudoku_symmetry_name(opt->symmetry), sh->R, sh->C);
    else if (rq->variant.max_cage && !(v && v->killer))
        snprintf(buf, size, "--cage-size is for --variant killer");
    /* a variant's grade is reached by sampling: its generator is not
     * steered by a grade (opt.accept) nor descends to one */
    else if (v && rq->grade >= 0 && rq->reach == SUDOKU_REACH_DESCEND)
        snprintf(buf, size, "--reach descend is for plain sudoku; "
                 "--variant reaches a grade by sampling");
    else if (v && opt->fill != SUDOKU_FILL_DLX)
        snprintf(buf, size, "--fill %s makes plain grids; --variant fills "
                 "with dlx", sudoku_fill_name(opt->fill));
    else if (v && v->diagonals && (sh->N == 2 || sh->N == 3))
        snprintf(buf, size, "no X sudoku of order %d exists (no Latin square "
                 "of order 2 or 3 has every digit on both diagonals)", sh->N);
    else if (v && v->killer && (sh->N < 2 || sh->N > SUDOKU_MAX_CAGE_ORDER))
        snprintf(buf, size, "killer cages are made for orders 2 to %d, not "
                 "%d", SUDOKU_MAX_CAGE_ORDER, sh->N);
    else
        return NULL;
    return buf;
}

/* Steering the clearing: a given may go while the techniques of the
 * grade asked for (and the easier ones) still solve the puzzle without a
 * guess.  Solo's deductions are tried first where each of them is one of
 * ours up to the grade (intermediate for our medium; advanced for our
 * hard up to 9x9, where every subset is, or is the complement of, one of
 * four cells or fewer): eliminations stay true as candidates go, so when
 * they finish the puzzle, ours do too. */
static int within_grade(void *ctx, const sudoku *p, const int *cells, int n)
{
    sudoku_gen *g = ctx;
    if (g->solo_steer >= 0) {
        int level = sudoku_solo_rate(g->so, p, g->solo_steer, NULL);
        if (level >= 0 && level <= g->solo_steer)
            return 1;
    }
    return sudoku_logic_solves(p, g->allowed, cells, n) == 1;
}

/* The hardest technique the logic solver needs on p (0 when it needs
 * none), into *hardest, with the techniques of `allowed` (0: all; a guess
 * takes sv's solution); returns the last sudoku_logic_step status
 * (SUDOKU_LOGIC_SOLVED: the grid is full). */
static int hardest_technique(const sudoku *p, sudoku_solver *sv,
                             uint32_t allowed, int *hardest)
{
    sudoku_logic *lg = sudoku_logic_new(p, SUDOKU_LOGIC_TECHNIQUES);
    if (!lg)
        return SUDOKU_LOGIC_NOMEM;
    if (allowed)
        sudoku_logic_set_techniques(lg, allowed);
    sudoku_logic_set_quiet(lg, 1); /* only the techniques are read */
    sudoku_step st;
    int got;
    *hardest = 0;
    while ((got = sudoku_logic_step(lg, sv, &st)) == SUDOKU_LOGIC_STEP)
        if ((int)st.tech > *hardest)
            *hardest = st.tech;
    sudoku_logic_free(lg);
    return got;
}

/* The grade of a puzzle as a number (SUDOKU_GRADE_COUNT when the logic
 * solver cannot say), for sudoku_generate_graded. */
static int grade_of(void *ctx, const sudoku *p)
{
    (void)ctx;
    int hardest, got = hardest_technique(p, NULL, ~(1u << SUDOKU_TECH_GUESS),
                                         &hardest);
    if (got == SUDOKU_LOGIC_STUCK)
        return SUDOKU_GRADE_GUESSING;
    return got == SUDOKU_LOGIC_SOLVED ? (int)sudoku_technique_grade(hardest)
                    : SUDOKU_GRADE_COUNT;
}

/* The grade of a made puzzle, guesses allowed; -1 when the logic solver
 * cannot say (order too large).  On Solo's scale, its level; -1 when not
 * unique or no memory. */
static int rate_made(const sudoku_gen *g, const sudoku *puzzle)
{
    if (g->rq.solo) {
        int level = sudoku_solo_rate(g->so, puzzle, SUDOKU_SOLO_UNREASONABLE,
                                     NULL);
        return level >= 0 && level < SUDOKU_SOLO_LEVEL_COUNT ? level : -1;
    }
    /* Solo's deductions say easy and medium at once, and a bound below
     * the grade asked for is enough */
    if (!g->rq.has_variant && g->so) {
        int exact, bound = sudoku_solo_grade_ours(g->so, puzzle, &exact);
        if (exact || bound < g->rq.grade)
            return bound;
    }
    /* a variant's guess follows the solution of its units */
    sudoku_solver *vs = g->rq.has_variant ? sudoku_solver_for(puzzle) : NULL;
    sudoku_solver *sv = g->rq.has_variant ? vs : g->sv;
    /* the techniques up to the grade asked for: the solver takes the
     * simplest that applies, so when they finish the puzzle its steps are
     * those of the full rating, and when they stick it is harder (no need
     * to find how much) */
    uint32_t upto = g->rq.grade < SUDOKU_GRADE_GUESSING ? g->allowed : 0;
    int hardest, got = sv ? hardest_technique(puzzle, sv, upto, &hardest)
                          : SUDOKU_LOGIC_NOMEM;
    sudoku_solver_free(vs);
    if (got == SUDOKU_LOGIC_STUCK && upto)
        return g->rq.grade + 1;
    return got == SUDOKU_LOGIC_SOLVED ? (int)sudoku_technique_grade(hardest)
                                      : -1;
}

sudoku_gen *sudoku_gen_new(const sudoku_gen_request *rq)
{
    sudoku_gen *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->rq = *rq;
    g->sv = sudoku_solver_new(rq->shape);
    int solo_fits = rq->shape.N <= SUDOKU_SOLO_MAX_ORDER;
    g->so = solo_fits ? sudoku_solo_new(rq->shape.N) : NULL;
    g->solo_aim = -1;
    g->solo_steer = -1;
    if (!g->sv || (solo_fits && !g->so)) {
        sudoku_gen_free(g);
        return NULL;
    }
    sudoku_gen_request *q = &g->rq;
    if (!q->check_nodes_set && q->shape.N > 16)
        q->opt.check_nodes = SUDOKU_GEN_DEFAULT_CHECK_NODES;
    if (q->solo) { /* Solo's way for plain sudoku, sampling for variants */
        q->reach = SUDOKU_REACH_SAMPLE;
        g->solo_aim = q->has_variant ? -1 : q->grade;
        return g;
    }
    /* our easy is Solo's singles: steered by Solo's deductions, which
     * prove the puzzle unique with no search */
    if (q->reach == SUDOKU_REACH_AUTO && q->grade == SUDOKU_GRADE_EASY &&
        !q->has_variant && g->so)
        g->solo_aim = SUDOKU_SOLO_BASIC;
    if (q->has_variant && q->grade >= 0)
        q->reach = SUDOKU_REACH_SAMPLE;
    g->allowed = q->grade >= 0 ? sudoku_grade_techniques(q->grade) : 0;
    if (q->reach == SUDOKU_REACH_AUTO)
        q->reach = q->grade >= SUDOKU_GRADE_EXPERT ? SUDOKU_REACH_SAMPLE
                                                   : SUDOKU_REACH_STEER;
    if (q->grade >= 0 && q->reach != SUDOKU_REACH_SAMPLE &&
        q->grade != SUDOKU_GRADE_GUESSING) {
        q->opt.accept = within_grade;
        q->opt.accept_ctx = g;
    }
    g->solo_steer = -1;
    if (g->so && !q->has_variant && q->grade == SUDOKU_GRADE_MEDIUM)
        g->solo_steer = SUDOKU_SOLO_INTERMEDIATE;
    else if (g->so && !q->has_variant && q->grade >= SUDOKU_GRADE_HARD &&
             q->grade < SUDOKU_GRADE_GUESSING && q->shape.N <= 9)
        g->solo_steer = SUDOKU_SOLO_ADVANCED;
    return g;
}

void sudoku_gen_free(sudoku_gen *g)
{
    if (!g)
        return;
    sudoku_solver_free(g->sv);
    sudoku_solo_free(g->so);
    free(g);
}

/* The budget of one puzzle over all its tries at a grade: what is left of
 * opt's nodes and seconds in *left after `nodes` nodes since `start`; -1
 * when nothing is left. */
static int tries_left(const sudoku_gen_options *opt, double start,
                      uint64_t nodes, sudoku_gen_options *left)
{
    *left = *opt;
    if (opt->on_poll && opt->on_poll(opt->poll_ctx, nodes))
        return -1;
    if (opt->max_nodes) {
        if (nodes >= opt->max_nodes)
            return -1;
        left->max_nodes = opt->max_nodes - nodes;
    }
    if (opt->max_seconds > 0) {
        left->max_seconds = opt->max_seconds - (grid_seconds() - start);
        if (left->max_seconds <= 0)
            return -1;
    }
    return 0;
}

/* One try at a grade that the generator itself aims at (descend, Solo's
 * way): 0, 1 when this grid does not reach the grade, or as
 * sudoku_generate. */
static int try_aimed(sudoku_gen *g, uint64_t seed,
                     const sudoku_gen_options *opt, sudoku *puzzle,
                     sudoku *solution, sudoku_gen_report *rep)
{
    const sudoku_gen_request *q = &g->rq;
    if (g->solo_aim >= 0) {
        int st = sudoku_solo_generate(g->so, g->sv, seed,
                                      (sudoku_solo_level)g->solo_aim, opt,
                                      puzzle, solution, rep);
        /* on our scale, Solo's trivial is easy too */
        return st == 1 && !q->solo ? 0 : st;
    }
    return sudoku_generate_graded(g->sv, seed, opt, grade_of, g->sv,
                                  q->grade, puzzle, solution, rep);
}

sudoku_gen_status sudoku_gen_puzzle(sudoku_gen *g, uint64_t seed,
                                    sudoku *puzzle, sudoku *solution,
                                    sudoku_gen_report *rep)
{
    const sudoku_gen_request *q = &g->rq;
    const sudoku_gen_options *opt = &q->opt;
    int difficulty = q->grade >= 0, st, tries = 0, grade = -1, spent = 0;
    int aimed = difficulty && !q->has_variant &&
                (g->solo_aim >= 0 || q->reach == SUDOKU_REACH_DESCEND);
    uint64_t nodes = 0;
    double start = grid_seconds();
    sudoku_gen_options left = *opt;
    for (;;) {
        uint64_t attempt_seed = tries ? seed ^ (0x9e3779b97f4a7c15ULL *
                                                (uint64_t)tries) : seed;
        if (tries && q->on_retry)
            q->on_retry(q->retry_ctx, tries);
        if (tries && tries_left(opt, start, nodes, &left) != 0) {
            st = 0;
            grade = -1;
            spent = 1;
            break;
        }
        if (aimed) {
            st = try_aimed(g, attempt_seed, &left, puzzle, solution, rep);
            if (st == 1) { /* this grid does not reach the grade */
                nodes += rep->nodes;
                if ((uint64_t)++tries < q->attempts)
                    continue;
                st = 0;
                grade = -1;
                break;
            }
        } else if (q->has_variant) {
            st = sudoku_generate_variant(&q->variant, q->shape, attempt_seed,
                                         &left, puzzle, solution, rep);
        } else {
            st = sudoku_generate(g->sv, attempt_seed, &left, puzzle, solution,
                                 rep);
        }
        nodes += rep->nodes;
        tries++;
        if (st == SUDOKU_ELIMIT) /* another try draws cages as large */
            break;
        /* a later try cut short: the puzzle's budget ran out over its
         * tries (as when none is left before a try) */
        if (st != 0 && st != SUDOKU_ENOMEM && difficulty && tries > 1) {
            st = 0;
            grade = -1;
            spent = 1;
            break;
        }
        if (st != 0 || !difficulty)
            break;
        grade = rate_made(g, puzzle);
        if (grade == q->grade || (uint64_t)tries >= q->attempts)
            break;
    }
    rep->tries = tries;
    rep->nodes_all_tries = nodes;
    rep->spent = spent;
    if (st == SUDOKU_ENOMEM)
        return SUDOKU_GEN_NOMEM;
    if (st == SUDOKU_ELIMIT)
        return SUDOKU_GEN_TOO_BIG;
    if (st == 0 && difficulty && grade != q->grade)
        return SUDOKU_GEN_NO_GRADE;
    return st != 0 ? SUDOKU_GEN_BUDGET : SUDOKU_GEN_MADE;
}
