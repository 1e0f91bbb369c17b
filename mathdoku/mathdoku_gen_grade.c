/*
 * mathdoku_gen_grade.c - a unique puzzle shaped to a grade: the logic
 * solver rates the state, and cages are weakened (their weakest
 * operation, merged with a neighbour) or strengthened until the grade is
 * the one asked for.
 */
#include "mathdoku_gen_impl.h"

#include <stdlib.h>
#include <string.h>

/* Runs the logic solver up to grade `max` on the state:
 * MATHDOKU_LOGIC_SOLVED with the grade of its hardest step in *grade,
 * MATHDOKU_LOGIC_STUCK (the cells it could not fill into g->cand as
 * candidates), MATHDOKU_LOGIC_NOMEM, or MATHDOKU_LOGIC_CONTRADICTION (not
 * from clues that G meets). */
static mathdoku_logic_status solve_up_to(mathdoku_gen *g, mathdoku_grade max,
                                         int *grade)
{
    mathdoku p;
    if (mdg_to_puzzle(g, &p) != 0)
        return MATHDOKU_LOGIC_NOMEM;
    mathdoku_logic *lg = mathdoku_logic_new(&p, &g->rules, g->G);
    if (!lg) {
        mathdoku_free(&p);
        return MATHDOKU_LOGIC_NOMEM;
    }
    mathdoku_logic_set_quiet(lg, 1);
    mathdoku_logic_set_max_grade(lg, max);
    mathdoku_step st;
    mathdoku_logic_status got;
    *grade = MATHDOKU_GRADE_EASY;
    while ((got = mathdoku_logic_step(lg, &st)) == MATHDOKU_LOGIC_STEP)
        if ((int)mathdoku_technique_grade(st.tech) > *grade)
            *grade = mathdoku_technique_grade(st.tech);
    for (int i = 0; i < g->NN; i++)
        g->cand[i] = mathdoku_logic_candidates(lg, i);
    mathdoku_logic_free(lg);
    mathdoku_free(&p);
    return got;
}

/* The partition and clues, without the tuples: to try a change and take
 * it back. */
typedef struct shape {
    int *cage_of;
    struct { int alive, n, cells[MATHDOKU_GEN_MAX_SIZE]; mathdoku_op op;
             long long target; } *cage;
} shape;

static void save_shape(const mathdoku_gen *g, shape *s)
{
    memcpy(s->cage_of, g->cage_of, (size_t)g->NN * sizeof *s->cage_of);
    for (int k = 0; k < g->NN; k++) {
        const gcage *c = &g->cages[k];
        s->cage[k].alive = c->alive;
        s->cage[k].n = c->n;
        memcpy(s->cage[k].cells, c->cells, sizeof c->cells);
        s->cage[k].op = c->op;
        s->cage[k].target = c->target;
    }
}

static void restore_shape(mathdoku_gen *g, const shape *s)
{
    memcpy(g->cage_of, s->cage_of, (size_t)g->NN * sizeof *s->cage_of);
    for (int k = 0; k < g->NN; k++) {
        gcage *c = &g->cages[k];
        if (c->alive != s->cage[k].alive || c->n != s->cage[k].n ||
            c->op != s->cage[k].op || c->target != s->cage[k].target ||
            memcmp(c->cells, s->cage[k].cells, sizeof c->cells))
            c->fresh = 0;
        c->alive = s->cage[k].alive;
        c->n = s->cage[k].n;
        memcpy(c->cells, s->cage[k].cells, sizeof c->cells);
        c->op = s->cage[k].op;
        c->target = s->cage[k].target;
    }
}

/* Cage k merged with a random neighbour under a random clue: 1, or 0. */
static int merge_any(mathdoku_gen *g, grid_rng *r, int k)
{
    gcage *c = &g->cages[k];
    int near[4 * MATHDOKU_GEN_MAX_SIZE];
    int m = mdg_mergeable(g, k, near);
    if (!m)
        return 0;
    gcage *c2 = &g->cages[near[grid_rng_below(r, m)]];
    int cells[MATHDOKU_GEN_MAX_SIZE], n = c->n + c2->n;
    memcpy(cells, c->cells, (size_t)c->n * sizeof *cells);
    memcpy(cells + c->n, c2->cells, (size_t)c2->n * sizeof *cells);
    mdg_sort_cells(cells, n);
    unsigned ops = mdg_any_ops(g, cells, n);
    if (!ops)
        return 0;
    c2->alive = 0;
    mdg_set_with(g, r, k, cells, n, ops);
    return 1;
}

/* A puzzle the solver finishes below the grade asked, made harder: a
 * random cage takes its weakest operation or joins a neighbour, and the
 * change is kept when the solver still finishes within the grade (taken
 * back otherwise), until the hardest step reaches the grade.  Hill
 * climbing instead of a new partition: 6x6 normal 8.5 partitions a
 * puzzle before.  1 reached, 0 not. */
static int weaken(mathdoku_gen *g, grid_rng *r, mathdoku_grade want)
{
    shape s;
    s.cage_of = malloc((size_t)g->NN * sizeof *s.cage_of);
    s.cage = malloc((size_t)g->NN * sizeof *s.cage);
    int reached = 0;
    if (!s.cage_of || !s.cage) {
        free(s.cage_of);
        free(s.cage);
        return 0;
    }
    int *order = g->scratch2;
    for (int tries = 0; tries < 2 * g->NN && !reached; tries++) {
        uint64_t nodes;
        double seconds;
        if (mdg_budget_left(g, &nodes, &seconds) != 0)
            break;
        int n = 0;
        for (int k = 0; k < g->NN; k++)
            if (g->cages[k].alive && g->cages[k].n > 1)
                order[n++] = k;
        if (!n)
            break;
        int k = order[grid_rng_below(r, n)];
        save_shape(g, &s);
        int changed = grid_rng_below(r, 2)
                          ? mdg_weakest_op(g, k) || merge_any(g, r, k)
                          : merge_any(g, r, k) || mdg_weakest_op(g, k);
        if (!changed)
            continue;
        int grade;
        mathdoku_logic_status got = solve_up_to(g, want, &grade);
        if (got == MATHDOKU_LOGIC_SOLVED && grade == (int)want)
            reached = 1;
        else if (got != MATHDOKU_LOGIC_SOLVED)
            restore_shape(g, &s);
        else
            g->rep->changes++;
    }
    free(s.cage_of);
    free(s.cage);
    return reached;
}

/* A puzzle of grade `want` below Unreasonable, the way Keen makes them
 * but repaired rather than thrown away: the logic solver limited to the
 * grade runs on the puzzle; where it gets stuck, a cage over cells it
 * could not fill takes its strongest operation, or is cut in two (or a
 * cell becomes a given, when allowed), and it runs again.  A puzzle the
 * solver finishes has one solution (every step is sound); it is kept
 * when its hardest step has the grade asked, else the partition is
 * abandoned as too easy. */
mdg_outcome mdg_make_graded(mathdoku_gen *g, grid_rng *r, mathdoku_grade want)
{
    int ok = -1;
    for (int t = 0; t < 100 && ok != 0; t++)
        ok = mdg_partition(g, r) == 0 && mdg_assign_ops(g, r) == 0 ? 0 : -1;
    if (ok != 0)
        return MDG_ABANDONED;
    for (int changes = 0; changes < mdg_change_limit(g); changes++) {
        uint64_t nodes;
        double seconds;
        if (mdg_budget_left(g, &nodes, &seconds) != 0)
            return MDG_BUDGET;
        int grade;
        mathdoku_logic_status got = solve_up_to(g, want, &grade);
        if (got == MATHDOKU_LOGIC_NOMEM)
            return MDG_NOMEM;
        if (got == MATHDOKU_LOGIC_CONTRADICTION)
            return MDG_ABANDONED;
        if (got == MATHDOKU_LOGIC_SOLVED)
            return grade == (int)want ? MDG_KEPT
                 : weaken(g, r, want) ? MDG_KEPT : MDG_ABANDONED;
        /* stuck: strengthen a cage over cells left open */
        int *open = g->scratch2, n = 0;
        for (int k = 0; k < g->NN; k++) {
            const gcage *c = &g->cages[k];
            if (!c->alive || c->n == 1)
                continue;
            for (int j = 0; j < c->n; j++)
                if (g->cand[c->cells[j]] & (g->cand[c->cells[j]] - 1)) {
                    open[n++] = k;
                    break;
                }
        }
        grid_shuffle(r, open, n);
        int done = 0;
        for (int e = 0; e < n && !done; e++)
            done = mdg_strongest_op(g, open[e]) ||
                   mdg_cut_in_two(g, r, open[e]);
        if (!done && mdg_allow_singletons(g))
            for (int i = 0; i < g->NN && !done; i++)
                if ((g->cand[i] & (g->cand[i] - 1)) &&
                    g->cages[g->cage_of[i]].n > 1)
                    done = mdg_make_given(g, r, i);
        if (!done)
            return MDG_ABANDONED;
        g->rep->changes++;
    }
    return MDG_ABANDONED;
}
