/*
 * mathdoku_gen_impl.h - the generator's state and the steps its files
 * share (private to the mathdoku library): mathdoku_gen.c makes a unique
 * puzzle, mathdoku_gen_grade.c shapes it to a grade, mathdoku_gen_options.c
 * reads and checks the options.
 */
#ifndef MATHDOKU_GEN_IMPL_H
#define MATHDOKU_GEN_IMPL_H

#include "mathdoku_gen.h"

#include "dlx.h"
#include "grid.h"
#include "mathdoku_cage.h"
#include "mathdoku_logic.h"

/* ---- the state ---------------------------------------------------------- */

typedef struct gcage {
    int alive;
    int n, cells[MATHDOKU_GEN_MAX_SIZE];  /* sorted */
    mathdoku_op op;      /* behind the '?' when hidden */
    long long target;
    int *tup;            /* tuples, n digits each */
    long n_tup, cap_tup;
    int fresh;           /* tup matches the clue */
} gcage;

struct mathdoku_gen {
    mathdoku_gen_options opt;
    mathdoku_rules rules;
    int N, NN, max_size;
    int weights[MATHDOKU_GEN_MAX_SIZE + 1], total_weight;
    dlx_matrix *latin;   /* N^3 options: cell (r,c) holds d */
    int *G;              /* the square */
    int *cage_of;
    gcage *cages;        /* NN slots */
    /* the uniqueness search: option o is tuple opt_tup[o] of opt_cage[o] */
    int *opt_cage;
    long *opt_tup;
    long opt_cap;
    int *other;          /* a second solution */
    uint64_t *cand;      /* candidates after propagation */
    struct cached *cache; /* tuples by clue and shape (see make_tuples) */
    int *scratch, *scratch2;
    mathdoku_gen_report *rep;
    double start;
};

/* The operation of each MATHDOKU_OPS_* bit. */
static const mathdoku_op op_of_bit[4] = { MATHDOKU_ADD, MATHDOKU_SUB,
                                          MATHDOKU_MUL, MATHDOKU_DIV };

typedef enum { CHECK_UNIQUE, CHECK_OTHER, CHECK_CUT, CHECK_BUDGET,
               CHECK_NOMEM } check_status;

/* What became of one partition of the square (make_unique,
 * mdg_make_graded): a unique puzzle kept, the partition abandoned (the
 * caller draws another), the budget spent, or no memory. */
typedef enum { MDG_KEPT, MDG_ABANDONED, MDG_BUDGET, MDG_NOMEM } mdg_outcome;

/* mathdoku_gen.c */
void mdg_sort_cells(int *a, int n);
void mdg_digits_of(const mathdoku_gen *g, const int *sol, const int *cells,
                   int n, int *d);
int mdg_allow_singletons(const mathdoku_gen *g);
int mdg_assign_ops(mathdoku_gen *g, grid_rng *r);
long mdg_tuple_count(const mathdoku_gen *g, const int *cells, int n,
                     mathdoku_op op, long long target);
int mdg_strongest_op(mathdoku_gen *g, int k);
int mdg_weakest_op(mathdoku_gen *g, int k);
int mdg_neighbours(int N, int i, int *nb);
int mdg_mergeable(const mathdoku_gen *g, int k, int *near);
int mdg_partition(mathdoku_gen *g, grid_rng *r);
int mdg_budget_left(const mathdoku_gen *g, uint64_t *nodes, double *seconds);
unsigned mdg_any_ops(const mathdoku_gen *g, const int *cells, int n);
void mdg_set_with(mathdoku_gen *g, grid_rng *r, int k, const int *cells, int n,
                  unsigned mask);
int mdg_make_given(mathdoku_gen *g, grid_rng *r, int i);
int mdg_cut_in_two(mathdoku_gen *g, grid_rng *r, int k);
int mdg_to_puzzle(const mathdoku_gen *g, mathdoku *p);
int mdg_change_limit(const mathdoku_gen *g);

/* mathdoku_gen_grade.c: MDG_KEPT, a unique puzzle of the grade;
 * MDG_ABANDONED, none from this partition; MDG_BUDGET; MDG_NOMEM (as
 * make_unique) */
mdg_outcome mdg_make_graded(mathdoku_gen *g, grid_rng *r, mathdoku_grade want);

#endif
