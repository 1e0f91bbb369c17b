/*
 * dlx_engine.c - the one place that chooses the engine of a search.
 *
 * A search asks for features (colors, multiplicities, forced options,
 * trace, ...); each engine's row says which it can run, how large a
 * matrix it takes, and when it pays.  A request by name runs that engine
 * or fails with DLX_EENGINE; DLX_ENGINE_AUTO takes the first row, in the
 * table's order, that can run the search and pays, and the dance last,
 * which runs everything but multiplicities and the subset rule.  Where
 * an engine's limit is known only once it is built (the compact engine's:
 * what forced options leave), dlx_solve asks again without it.
 */
#include "dlx_engine.h"
#include "dlx_steps.h" /* DLX_TRACK_ZEROS_FROM */
#include "dlx_small.h"

#include <stdio.h>

/* The features of a search that not every engine runs. */
enum {
    F_COLORS = 1 << 0,    /* an option gives an item a color */
    F_BOUNDS = 1 << 1,    /* an item with bounds other than 1:1 */
    F_FORCED = 1 << 2,    /* forced options */
    F_PUSHED = 1 << 3,    /* pushed options (dlx_push) */
    F_TRACE = 1 << 4,     /* on_trace */
    F_SPLIT = 1 << 5,     /* split_depth > 0 */
    F_RANDOM = 1 << 6,    /* randomize */
    F_PRUNE = 1 << 7,     /* the subset rule */
    F_SOLUTIONS = 1 << 8, /* on_solution: each solution spelled out */
    F_EMPTY = 1 << 9,     /* no primary item or no option */
    F_SPLIT_FORCED = 1 << 10 /* split_depth with forced options */
};

static unsigned features(const dlx_matrix *m, const dlx_search *s)
{
    unsigned f = 0;
    f |= m->has_colors ? F_COLORS : 0;
    f |= m->ext.n_bounded ? F_BOUNDS : 0;
    f |= s->n_forced > 0 ? F_FORCED : 0;
    f |= m->n_pushed > 0 ? F_PUSHED : 0;
    f |= s->on_trace ? F_TRACE : 0;
    f |= s->split_depth > 0 ? F_SPLIT : 0;
    f |= s->randomize ? F_RANDOM : 0;
    f |= s->prune ? F_PRUNE : 0;
    f |= s->on_solution ? F_SOLUTIONS : 0;
    f |= m->n_primary <= 0 || m->n_options <= 0 ? F_EMPTY : 0;
    f |= s->split_depth > 0 && s->n_forced > 0 ? F_SPLIT_FORCED : 0;
    return f;
}

/* The rules of "it pays" (AUTO only): the reason, or DLX_WHY_NONE. */
typedef int (*pays_fn)(dlx_matrix *m, const dlx_search *s, unsigned f);

/* Each level of the bitset engine copies its state, a cost per node;
 * each option hidden costs less than in the dance.  So it pays where a
 * node hides many options: long item lists.  Measured (bench/RESULTS.md):
 * 2x faster on pentominoes (lists of 150 on average), 1.2-3.7x slower on
 * queens, langford, latin squares and sudoku bands (lists of 5-16). */
static int long_lists(const dlx_matrix *m)
{
    return num_nodes(m) >= (long)DLX_BITS_MIN_LIST * m->n_items;
}

static int bits_pays(dlx_matrix *m, const dlx_search *s, unsigned f)
{
    (void)s, (void)f;
    return long_lists(m) ? DLX_WHY_LONG_LISTS : DLX_WHY_NONE;
}

/* The compact search on what is left saves committing forced (and
 * pushed) options on the links; the subset rule runs only there.
 * Without them each level copies its state (a byte per primary item, a
 * bit per option) where the dance pays per update.  An item covered
 * hides about (list length) x (option length - 1) nodes; measured
 * (bench/RESULTS.md), this search is 1.3-2x faster than the dance from
 * 10 such updates on (queens, langford, latin squares, 6x6 sudoku) and
 * slower below (dominoes, rooks: 3-9).  Long lists (pentominoes) are the
 * bitset engine's. */
static int small_pays(dlx_matrix *m, const dlx_search *s, unsigned f)
{
    (void)s;
    if (f & F_PRUNE)
        return DLX_WHY_PRUNE;
    if (f & (F_FORCED | F_PUSHED))
        return DLX_WHY_FORCED;
    if (long_lists(m))
        return DLX_WHY_NONE;
    long nodes = num_nodes(m);
    double list = (double)nodes / m->n_items;
    double len = (double)nodes / m->n_options;
    return list * (len - 1) >= DLX_SMALL_MIN_HIDDEN ? DLX_WHY_HIDES
                                                    : DLX_WHY_NONE;
}

/* Counting by memo pays on a count only, with nothing forced (the trial
 * of dlx_memo_pays is made on the whole matrix), where its trial says so
 * (dlx_memo.c has the rule). */
static int memo_pays(dlx_matrix *m, const dlx_search *s, unsigned f)
{
    if (!s->count_only || (f & (F_FORCED | F_PRUNE)))
        return DLX_WHY_NONE;
    return dlx_memo_pays(m) ? DLX_WHY_MEMO_PAYS : DLX_WHY_NONE;
}

/* Algorithm M is the only engine for multiplicities. */
static int mcc_pays(dlx_matrix *m, const dlx_search *s, unsigned f)
{
    (void)m, (void)s;
    return (f & F_BOUNDS) ? DLX_WHY_BOUNDS : DLX_WHY_NONE;
}

/* The table, in the order AUTO tries it.  `cannot` lists the features an
 * engine does not run; max_options and max_primary bound the matrix it
 * takes before anything is built (0: no bound; the compact engine's
 * bounds are on what is left, checked by its build). */
typedef struct engine_row {
    int ran;         /* DLX_RAN_*, = the DLX_ENGINE_* that asks for it */
    unsigned cannot;
    int max_options, max_primary;
    pays_fn pays;
} engine_row;

static const engine_row engines[] = {
    { DLX_RAN_MCC, F_TRACE | F_RANDOM | F_PRUNE | F_SPLIT_FORCED, 0, 0,
      mcc_pays },
    { DLX_RAN_MEMO, F_BOUNDS | F_PUSHED | F_TRACE | F_SPLIT | F_RANDOM |
      F_PRUNE | F_SOLUTIONS, 0, 0, memo_pays },
    { DLX_RAN_SMALL, F_COLORS | F_BOUNDS | F_TRACE | F_SPLIT | F_RANDOM |
      F_EMPTY, 0, 0, small_pays },
    { DLX_RAN_BITS, F_COLORS | F_BOUNDS | F_FORCED | F_PUSHED | F_TRACE |
      F_SPLIT | F_RANDOM | F_PRUNE | F_EMPTY, DLX_BITS_MAX_OPTIONS,
      DLX_BITS_MAX_PRIMARY, bits_pays },
    { DLX_RAN_LINKS, F_BOUNDS | F_PRUNE, 0, 0, NULL }
};
#define N_ENGINES (int)(sizeof engines / sizeof engines[0])

static int can_run(const engine_row *e, const dlx_matrix *m, unsigned f)
{
    return !(e->cannot & f) &&
           (!e->max_options || m->n_options <= e->max_options) &&
           (!e->max_primary || m->n_primary <= e->max_primary);
}

/* Why the dance, when AUTO ends there. */
static int dance_reason(unsigned f, unsigned leave_out)
{
    if (leave_out & DLXI_NOT_BITS)
        return DLX_WHY_NO_ROOM;
    if (leave_out & DLXI_NOT_SMALL)
        return DLX_WHY_TOO_BIG;
    if (f & F_EMPTY)
        return DLX_WHY_EMPTY;
    if (f & F_COLORS)
        return DLX_WHY_COLORS;
    if (f & (F_TRACE | F_SPLIT | F_RANDOM))
        return DLX_WHY_WATCHED;
    return DLX_WHY_SHORT;
}

int dlxi_choose(dlx_matrix *m, const dlx_search *s, unsigned leave_out,
                dlxi_choice *c)
{
    unsigned f = features(m, s);
    c->ran = DLX_RAN_NONE;
    c->reason = DLX_WHY_NONE;
    if (s->engine != DLX_ENGINE_AUTO) {
        for (int k = 0; k < N_ENGINES; k++)
            if (engines[k].ran == s->engine) {
                /* multiplicities keep their own status, which the memo
                 * counter asked for directly gives too */
                if (engines[k].cannot & f & F_BOUNDS)
                    return DLX_ENOTSUP;
                if (!can_run(&engines[k], m, f))
                    return DLX_EENGINE;
                c->ran = engines[k].ran;
                c->reason = DLX_WHY_ASKED;
                return DLX_OK;
            }
        return DLX_EENGINE;
    }
    /* Multiplicities go to Algorithm M whatever else is asked: it
     * refuses what it cannot run (DLX_ENOTSUP).  The subset rule is a
     * wish that the compact engine grants where it runs, and that keeps
     * the tree search (memo_pays). */
    for (int k = 0; k < N_ENGINES; k++) {
        const engine_row *e = &engines[k];
        if ((e->ran == DLX_RAN_SMALL && (leave_out & DLXI_NOT_SMALL)) ||
            (e->ran == DLX_RAN_BITS && (leave_out & DLXI_NOT_BITS)))
            continue;
        unsigned g = e->ran == DLX_RAN_MCC ? (f & F_BOUNDS)
                                           : (f & ~(unsigned)F_PRUNE);
        if (!can_run(e, m, g))
            continue;
        int why = e->pays ? e->pays(m, s, f) : dance_reason(f, leave_out);
        if (why != DLX_WHY_NONE) {
            c->ran = e->ran;
            c->reason = why;
            return DLX_OK;
        }
    }
    c->ran = DLX_RAN_LINKS; /* unreachable: the dance runs what is left */
    c->reason = dance_reason(f, leave_out);
    return DLX_OK;
}

/* ---- the variants ------------------------------------------------------- */

int dlxi_dance_variant(const dlx_matrix *m, const dlx_search *s)
{
    /* Tracking empty items costs a test per update and saves most of the
     * item scan; it pays when there are many items (sudoku: 324), not on
     * small hide-heavy problems (queens, pentominoes: 15-25% slower). */
    int v = m->n_primary >= DLX_TRACK_ZEROS_FROM ? DLXI_DANCE_TRACK : 0;
    if (m->has_colors)
        return v | DLXI_DANCE_COLORED;
    if (!s->on_trace && s->split_depth <= 0 && !s->randomize)
        v |= DLXI_DANCE_SIMPLE;
    return v;
}

/* The subset rule is compiled for sudoku's shape and any other only: its
 * code stays out of the loops that do not run it (langford's search took
 * 3% more instructions with it in). */
int dlxi_small_variant(int prune, int uniform, int primary_per_option,
                       int items_per_option)
{
    int u4 = uniform && primary_per_option == 4;
    if (prune)
        return u4 ? DLXI_SMALL_U4_PRUNE : DLXI_SMALL_ANY_PRUNE;
    if (u4)
        return DLXI_SMALL_U4;
    if (items_per_option == 4)
        return DLXI_SMALL_A4;
    return primary_per_option == 4 ? DLXI_SMALL_P4 : DLXI_SMALL_ANY;
}

int dlx_choose_engine(dlx_matrix *m, const dlx_search *s, int *ran,
                      int *reason)
{
    dlxi_choice c = { DLX_RAN_NONE, DLX_WHY_NONE };
    int status = m->busy ? DLX_EBUSY : dlxi_choose(m, s, 0, &c);
    *ran = c.ran;
    *reason = c.reason;
    return status;
}

/* ---- what the result says ----------------------------------------------- */

#define STR_(x) #x
#define STR(x) STR_(x)

const char *dlx_engine_str(int ran)
{
    switch (ran) {
    case DLX_RAN_LINKS: return "dancing links";
    case DLX_RAN_BITS: return "bitsets";
    case DLX_RAN_SMALL: return "compact";
    case DLX_RAN_MEMO: return "memo";
    case DLX_RAN_MCC: return "Algorithm M";
    default: return "none";
    }
}

const char *dlx_reason_str(int reason)
{
    switch (reason) {
    case DLX_WHY_ASKED: return "asked";
    case DLX_WHY_BOUNDS: return "multiplicities";
    case DLX_WHY_COSTS: return "costs";
    case DLX_WHY_MEMO_PAYS: return "a count whose sub-problems repeat";
    case DLX_WHY_FORCED:
        return "forced options; " STR(DLX_SMALL_MAX_OPTIONS)
               " options or fewer";
    case DLX_WHY_PRUNE:
        return "the subset rule; " STR(DLX_SMALL_MAX_OPTIONS)
               " options or fewer";
    case DLX_WHY_HIDES:
        return "a cover hides " STR(DLX_SMALL_MIN_HIDDEN) " nodes or more; "
               STR(DLX_SMALL_MAX_OPTIONS) " options or fewer";
    case DLX_WHY_LONG_LISTS:
        return STR(DLX_BITS_MIN_LIST) " options per item or more; "
               STR(DLX_BITS_MAX_OPTIONS) " options or fewer";
    case DLX_WHY_COLORS: return "colors";
    case DLX_WHY_WATCHED: return "trace, split or random order";
    case DLX_WHY_SHORT: return "short lists and options";
    case DLX_WHY_TOO_BIG: return "too big for the compact engines";
    case DLX_WHY_EMPTY: return "no primary item or no option";
    case DLX_WHY_NO_ROOM: return "no memory for the compact engine";
    default: return "none";
    }
}

char *dlx_engine_why(const dlx_result *r, char *buf, size_t size)
{
    if (size > 0)
        snprintf(buf, size, "%s (%s)", dlx_engine_str(r->ran),
                 dlx_reason_str(r->reason));
    return buf;
}
