/*
 * excover_puzzles.c - excover.sudoku and excover.mathdoku: the entry
 * points the commands call (cmd/sudoku_cmd.c, sudoku_gen_cmd.c,
 * sudoku_logic_cmd.c, mathdoku_cmd.c, mathdoku_gen_cmd.c), so that every
 * answer is the command's.
 *
 * Text is read with the commands' stream readers over the bytes of the
 * string (fmemopen, named "<string>"), so a bad puzzle gets the message a
 * command prints, "<string>:1:5: ...", as a ValueError.  One text holds
 * one puzzle.
 *
 * Searches run without the GIL; their poll (every DLX_POLL_NODES nodes)
 * runs Python's signal handlers, so Ctrl-C raises KeyboardInterrupt.
 * The module keeps the last plain sudoku solver for the next call of the
 * same shape (as a command keeps it from puzzle to puzzle), behind a
 * mutex: a call that finds it taken (another thread) makes its own.
 */

#include "excover_ext.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mathdoku.h"
#include "mathdoku_gen.h"
#include "mathdoku_write.h"
#include "sudoku_gen.h"
#include "sudoku_grid.h"
#include "sudoku_logic.h"
#include "sudoku_solve.h"

#define SOURCE "<string>"

typedef struct puzzles_state {
    pthread_mutex_t mu;
    sudoku_solver *solver;     /* plain, of the last shape asked */
} puzzles_state;

void *excover_puzzles_state_new(void)
{
    puzzles_state *st = calloc(1, sizeof *st);
    if (st)
        pthread_mutex_init(&st->mu, NULL);
    return st;
}

void excover_puzzles_state_free(void *state)
{
    puzzles_state *st = state;
    sudoku_solver_free(st->solver);
    pthread_mutex_destroy(&st->mu);
    free(st);
}

/* A plain solver of the shape: the module's when free (*held set: give it
 * back with release_solver), else a new one.  NULL: out of memory. */
static sudoku_solver *plain_solver(PyObject *module, sudoku_shape shape,
                                   int *held)
{
    puzzles_state *st = *(void **)PyModule_GetState(module);
    *held = 0;
    if (pthread_mutex_trylock(&st->mu) != 0)
        return sudoku_solver_new(shape);
    *held = 1;
    if (st->solver) {
        sudoku_shape had = sudoku_solver_shape(st->solver);
        if (had.R == shape.R && had.C == shape.C)
            return st->solver;
        sudoku_solver_free(st->solver);
    }
    st->solver = sudoku_solver_new(shape);
    return st->solver;
}

static void release_solver(PyObject *module, sudoku_solver *sv, int held)
{
    puzzles_state *st = *(void **)PyModule_GetState(module);
    if (held)
        pthread_mutex_unlock(&st->mu);
    else
        sudoku_solver_free(sv);
}

/* ---- arguments ------------------------------------------------------- */

/* A seed as the commands take it (--seed): an int from 0 to 2^64 - 1,
 * never reduced modulo 2^64 (2^64 made seed 0's puzzle).  0, or -1 with
 * a ValueError (TypeError for a non-int) naming the argument. */
static int seed_arg(PyObject *o, unsigned long long *seed)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "seed: an int, not %.100s",
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    *seed = PyLong_AsUnsignedLongLong(o);
    if (*seed == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "seed: %R is not a number from 0 "
                     "to 18446744073709551615 (2^64 - 1)", o);
        return -1;
    }
    return 0;
}

/* ---- reading --------------------------------------------------------- */

/* A memory stream over the string's bytes (fmemopen refuses size 0). */
static FILE *open_text(const char *text, Py_ssize_t len)
{
    static const char empty[] = "\n";
    return len > 0 ? fmemopen((void *)text, (size_t)len, "r")
                   : fmemopen((void *)empty, 1, "r");
}

/* One sudoku from the text (with the command's options box and x); its
 * givens checked.  0, or -1 with a ValueError. */
static int read_sudoku(const char *text, Py_ssize_t len, const char *box,
                       int x, sudoku *s, sudoku_source *src)
{
    sudoku_read_options opt;
    memset(&opt, 0, sizeof opt);
    opt.diagonals = x;
    if (box && sudoku_parse_box(box, &opt.box) != SUDOKU_OK) {
        PyErr_Format(PyExc_ValueError, "box: '%s' is not RxC (3x3, 2x3, "
                     "...)", box);
        return -1;
    }
    FILE *f = open_text(text, len);
    if (!f) {
        PyErr_NoMemory();
        return -1;
    }
    sudoku_reader r;
    sudoku_reader_init(&r, f, SOURCE, &opt);
    dlx_diag err;
    int got = sudoku_read(&r, s, src, &err), more = SUDOKU_OK, line = 0;
    if (got == SUDOKU_READ) {
        /* what follows must be nothing: a second puzzle, or the reader's
         * message about it (a line of another length) */
        sudoku extra;
        sudoku_source xsrc;
        sudoku_init(&extra);
        more = sudoku_read(&r, &extra, &xsrc, &err);
        line = xsrc.line;
        if (more != SUDOKU_OK && more != SUDOKU_READ)
            got = more;
        sudoku_release(&extra);
    }
    sudoku_reader_release(&r);
    fclose(f);
    if (got == SUDOKU_ENOMEM) {
        PyErr_NoMemory();
        return -1;
    }
    if (got == SUDOKU_OK) {
        excover_value_error(SOURCE, 0, 0, "no puzzle");
        return -1;
    }
    if (got != SUDOKU_READ) {
        excover_value_error(SOURCE, err.line, err.col, err.message);
        return -1;
    }
    if (more != SUDOKU_OK) {
        excover_value_error(SOURCE, line, 0, "a second puzzle: the text "
                            "holds one (call once per puzzle)");
        return -1;
    }
    if (sudoku_check_givens(s, &err) != SUDOKU_OK) {
        excover_value_error(SOURCE, src->line, 0, err.message);
        return -1;
    }
    return 0;
}

/* What a stream wrote, as a str without its last newline. */
static PyObject *memstream_str(char *buf, size_t size)
{
    while (size > 0 && buf[size - 1] == '\n')
        size--;
    PyObject *o = PyUnicode_DecodeUTF8(buf ? buf : "", (Py_ssize_t)size,
                                       "replace");
    free(buf);
    return o;
}

static PyObject *sudoku_text(const sudoku *s, sudoku_layout layout,
                             sudoku_symbols sym)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    if (!f)
        return PyErr_NoMemory();
    sudoku_write(f, s, layout, sym);
    if (fclose(f) != 0) {
        free(buf);
        return PyErr_NoMemory();
    }
    return memstream_str(buf, size);
}

/* ---- sudoku ------------------------------------------------------------ */

static int is_empty(const sudoku *s)
{
    for (int i = 0; i < s->shape.N * s->shape.N; i++)
        if (s->cell[i])
            return 0;
    return 1;
}

/* What sudoku_search answers: the command it stands for. */
enum { SEARCH_COUNT, SEARCH_SOLVE, SEARCH_STATS };

/* The solver a command would take (cmd/sudoku_cmd.c, wants_hint): for
 * solve and count, an empty grid without cages the hinted one (a
 * variant's made for it); else a variant's own, or the shape's plain
 * solver (*held: see plain_solver; *own: free it). */
static sudoku_solver *solver_of(PyObject *module, const sudoku *s,
                                int searching, int *held, int *own)
{
    *held = 0;
    *own = 1;
    if (searching && !s->n_cages && is_empty(s)) {
        int status;
        return sudoku_is_variant(s) ? sudoku_solver_hinted_for(s, &status)
                                    : sudoku_solver_hinted(s->shape);
    }
    if (sudoku_is_variant(s))
        return sudoku_solver_for(s);
    *own = 0;
    return plain_solver(module, s->shape, held);
}

static void solver_done(PyObject *module, sudoku_solver *sv, int held,
                        int own)
{
    if (own)
        sudoku_solver_free(sv);
    else
        release_solver(module, sv, held);
}

/* The answer of a search that ran: the count, the solution in the layout
 * it was read in (None: no solution), or the figures of `sudoku count -o
 * json` (solutions, complete, nodes). */
static PyObject *search_answer(int mode, const grid_outcome *out,
                               const sudoku *s, const sudoku *solution,
                               const sudoku_source *src)
{
    if (mode == SEARCH_COUNT)
        return PyLong_FromUnsignedLongLong(out->solutions);
    if (mode == SEARCH_STATS)
        return Py_BuildValue("{s:K,s:O,s:K}", "solutions",
                             (unsigned long long)out->solutions, "complete",
                             out->complete ? Py_True : Py_False, "nodes",
                             (unsigned long long)out->nodes);
    if (out->solutions == 0)
        return Py_NewRef(Py_None);
    sudoku_symbols sym = src->symbols;
    if (sym == SUDOKU_SYM_NUMBERS && src->layout == SUDOKU_LAYOUT_LINE &&
        s->shape.N <= 35)
        sym = SUDOKU_SYM_AUTO;
    return sudoku_text(solution, src->layout, sym);
}

/* solve (limit 2, a solution), count (limit, no solution) or stats (as
 * count); prune: the subset rule for plain puzzles, as the command's
 * --prune (the default) and --no-prune. */
static PyObject *sudoku_search(PyObject *module, PyObject *args,
                               PyObject *kw, int mode)
{
    static char *kwlist[] = { "text", "limit", "box", "x", "prune", NULL };
    const char *text, *box = NULL;
    Py_ssize_t len;
    int solving = mode == SEARCH_SOLVE;
    unsigned long long limit = solving ? 2 : 0;
    int x = 0, prune = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s#|Kzpp", kwlist, &text,
                                     &len, &limit, &box, &x, &prune))
        return NULL;
    sudoku s, solution;
    sudoku_source src;
    sudoku_init(&s);
    sudoku_init(&solution);
    PyObject *res = NULL;
    int held = 0, own = 0;
    sudoku_solver *sv = NULL;
    if (read_sudoku(text, len, box, x, &s, &src) < 0)
        goto done;
    sv = solver_of(module, &s, 1, &held, &own);
    if (!sv || sudoku_set_shape(&solution, s.shape) != SUDOKU_OK) {
        PyErr_NoMemory();
        goto done;
    }
    grid_limits lim;
    memset(&lim, 0, sizeof lim);
    excover_poll poll;
    lim.max_solutions = solving ? 2 : limit;
    lim.on_poll = excover_poll_signals;
    lim.poll_ctx = &poll;
    lim.prune = prune; /* plain puzzles only (solve_dlx), as the command */
    grid_outcome out;
    excover_unlock(&poll);
    int st = sudoku_solve_dlx(sv, &s, &lim, solving ? &solution : NULL, &out);
    if (excover_relock(&poll) < 0)
        goto done;
    if (st == SUDOKU_ECLASH)
        excover_value_error(SOURCE, src.line, 0, "givens clash");
    else if (st != SUDOKU_OK)
        PyErr_NoMemory();
    else
        res = search_answer(mode, &out, &s, &solution, &src);
done:
    if (sv)
        solver_done(module, sv, held, own);
    sudoku_release(&s);
    sudoku_release(&solution);
    return res;
}

static PyObject *py_sudoku_solve(PyObject *m, PyObject *a, PyObject *kw)
{
    return sudoku_search(m, a, kw, SEARCH_SOLVE);
}

static PyObject *py_sudoku_count(PyObject *m, PyObject *a, PyObject *kw)
{
    return sudoku_search(m, a, kw, SEARCH_COUNT);
}

static PyObject *py_sudoku_stats(PyObject *m, PyObject *a, PyObject *kw)
{
    return sudoku_search(m, a, kw, SEARCH_STATS);
}

/* The rating as `sudoku rate -o json` gives it: a dict. */
static PyObject *rating_dict(int hardest, int steps, const int *used)
{
    sudoku_technique h = hardest < 0 ? SUDOKU_TECH_FULL_HOUSE
                                     : (sudoku_technique)hardest;
    PyObject *tech = PyDict_New();
    for (int t = 0; tech && t < SUDOKU_TECH_COUNT; t++) {
        if (!used[t])
            continue;
        PyObject *v = PyLong_FromLong(used[t]);
        if (!v || PyDict_SetItemString(tech, sudoku_technique_key(t), v)) {
            Py_XDECREF(v);
            Py_CLEAR(tech);
            break;
        }
        Py_DECREF(v);
    }
    if (!tech)
        return NULL;
    return Py_BuildValue("{s:s,s:s,s:i,s:N}", "rating",
                         sudoku_rating_name(h), "hardest",
                         hardest < 0 ? "none" : sudoku_technique_key(h),
                         "steps", steps, "techniques", tech);
}

static PyObject *py_sudoku_rate(PyObject *module, PyObject *args,
                                PyObject *kw)
{
    static char *kwlist[] = { "text", "box", "x", NULL };
    const char *text, *box = NULL;
    Py_ssize_t len;
    int x = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s#|zp", kwlist, &text, &len,
                                     &box, &x))
        return NULL;
    sudoku s;
    sudoku_source src;
    sudoku_init(&s);
    PyObject *res = NULL;
    int held = 0, own = 0;
    sudoku_solver *sv = NULL;
    sudoku_logic *lg = NULL;
    if (read_sudoku(text, len, box, x, &s, &src) < 0)
        goto done;
    if (s.shape.N > SUDOKU_LOGIC_MAX_ORDER) {
        PyErr_Format(PyExc_ValueError, SOURCE ":%d: the logic solver takes "
                     "orders up to %d", src.line, SUDOKU_LOGIC_MAX_ORDER);
        goto done;
    }
    sv = solver_of(module, &s, 0, &held, &own);
    lg = sv ? sudoku_logic_new(&s, SUDOKU_LOGIC_TECHNIQUES) : NULL;
    if (!lg) {
        PyErr_NoMemory();
        goto done;
    }
    grid_limits lim;
    memset(&lim, 0, sizeof lim);
    excover_poll poll;
    lim.on_poll = excover_poll_signals;
    lim.poll_ctx = &poll;
    sudoku_logic_set_limits(lg, &lim);
    int used[SUDOKU_TECH_COUNT] = { 0 }, hardest = -1, steps = 0, got;
    sudoku_step *st = malloc(sizeof *st);
    if (!st) {
        PyErr_NoMemory();
        goto done;
    }
    excover_unlock(&poll);
    while ((got = sudoku_logic_step(lg, sv, st)) == SUDOKU_LOGIC_STEP) {
        steps++;
        used[st->tech]++;
        if ((int)st->tech > hardest)
            hardest = st->tech;
        /* Ctrl-C between steps too: a large grid takes thousands */
        if (excover_poll_signals(&poll, 0))
            break;
    }
    if (excover_relock(&poll) == 0) {
        if (got == SUDOKU_LOGIC_SOLVED)
            res = rating_dict(hardest, steps, used);
        else if (got == SUDOKU_LOGIC_NOMEM)
            PyErr_NoMemory();
        else
            excover_value_error(SOURCE, src.line, 0, st->text);
    }
    free(st);
done:
    sudoku_logic_free(lg);
    if (sv)
        solver_done(module, sv, held, own);
    sudoku_release(&s);
    return res;
}

static PyObject *py_sudoku_generate(PyObject *module, PyObject *args,
                                    PyObject *kw)
{
    static char *kwlist[] = { "seed", "size", "box", "symmetry", "givens",
                              "solution", "difficulty", NULL };
    unsigned long long seed;
    PyObject *seed_obj;
    /* size INT_MIN: not given (9, or the box's) */
    int size = INT_MIN, givens = 0, with_solution = 0, level = -1;
    const char *box = NULL, *symmetry = "none", *difficulty = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|izzipz", kwlist, &seed_obj,
                                     &size, &box, &symmetry, &givens,
                                     &with_solution, &difficulty) ||
        seed_arg(seed_obj, &seed) < 0)
        return NULL;
    /* what `sudoku generate --seed S [--difficulty D]` asks the library
     * for: attempts from seeds mixed with the attempt's number, steered
     * by the grade's techniques below expert and sampled from expert on */
    sudoku_gen_request rq;
    memset(&rq, 0, sizeof rq);
    rq.grade = -1;
    rq.reach = SUDOKU_REACH_AUTO;
    rq.attempts = 10000;
    sudoku_shape *shape = &rq.shape;
    if (box ? sudoku_parse_box(box, shape) != SUDOKU_OK
            : sudoku_default_shape(size == INT_MIN ? 9 : size, shape)
              != SUDOKU_OK)
        return box ? PyErr_Format(PyExc_ValueError, "box: no sudoku of box "
                                  "'%s' (RxC: 3x3, 2x3, ...)", box)
                   : PyErr_Format(PyExc_ValueError, "size: no sudoku of "
                                  "size %d (1 to %d)", size,
                                  SUDOKU_MAX_ORDER);
    /* a box and a size that disagree: box 3x3 with size 16 made a 9x9 */
    if (box && size != INT_MIN && shape->N != size)
        return PyErr_Format(PyExc_ValueError, "box %s makes %dx%d puzzles, "
                            "not size %d (give one of them)", box, shape->N,
                            shape->N, size);
    const char *sym_name = symmetry ? symmetry : "none";
    int sym = -1;
    for (int k = 0; k < SUDOKU_SYMMETRY_COUNT; k++)
        if (!strcmp(sym_name, sudoku_symmetry_names[k]))
            sym = k;
    if (!strcmp(sym_name, "180") || !strcmp(sym_name, "90"))
        sym = sym_name[0] == '1' ? SUDOKU_SYMMETRY_ROT180
                                 : SUDOKU_SYMMETRY_ROT90;
    if (sym < 0)
        return PyErr_Format(PyExc_ValueError, "symmetry: '%s' is not one of "
                            "none, rot180, rot90, mirror, diagonal",
                            symmetry);
    rq.opt.symmetry = (sudoku_symmetry)sym;
    if ((rq.opt.symmetry == SUDOKU_SYMMETRY_ROT90 ||
         rq.opt.symmetry == SUDOKU_SYMMETRY_DIAGONAL) && shape->R != shape->C)
        return PyErr_Format(PyExc_ValueError, "symmetry %s needs square "
                            "boxes, not %dx%d", symmetry, shape->R,
                            shape->C);
    for (int g = 0; difficulty && sudoku_grade_names[g]; g++)
        if (!strcmp(sudoku_grade_names[g], difficulty))
            level = g;
    if (difficulty && level < 0)
        return PyErr_Format(PyExc_ValueError, "difficulty: '%s' is not a "
                            "grade (easy, medium, hard, expert, extreme, "
                            "guessing)", difficulty);
    if (givens < 0)
        return PyErr_Format(PyExc_ValueError, "givens: %d", givens);
    rq.opt.target_givens = givens;
    rq.grade = level;
    char why[256];
    if (sudoku_gen_validate(&rq, why, sizeof why))
        return PyErr_Format(PyExc_ValueError, "%s", why);
    (void)module;
    /* Ctrl-C between the generator's steps and in its searches */
    excover_poll poll;
    rq.opt.on_poll = excover_poll_signals;
    rq.opt.poll_ctx = &poll;
    sudoku_gen *gen = sudoku_gen_new(&rq);
    sudoku puzzle, solution;
    sudoku_init(&puzzle);
    sudoku_init(&solution);
    sudoku_gen_status st = SUDOKU_GEN_NOMEM;
    PyObject *res = NULL;
    if (gen) {
        sudoku_gen_report rep;
        excover_unlock(&poll);
        st = sudoku_gen_puzzle(gen, seed, &puzzle, &solution, &rep);
        if (excover_relock(&poll) < 0)
            goto done; /* KeyboardInterrupt */
    }
    if (st == SUDOKU_GEN_NOMEM)
        PyErr_NoMemory();
    else if (st == SUDOKU_GEN_BUDGET)
        PyErr_Format(PyExc_RuntimeError, "seed %llu: no grid", seed);
    else if (st == SUDOKU_GEN_NO_GRADE)
        PyErr_Format(PyExc_RuntimeError, "seed %llu: no %s puzzle in 10000 "
                     "attempts", seed, difficulty);
    else if (!with_solution)
        res = sudoku_text(&puzzle, SUDOKU_LAYOUT_LINE, SUDOKU_SYM_AUTO);
    else
        res = Py_BuildValue("(NN)", sudoku_text(&puzzle, SUDOKU_LAYOUT_LINE,
                                                SUDOKU_SYM_AUTO),
                            sudoku_text(&solution, SUDOKU_LAYOUT_LINE,
                                        SUDOKU_SYM_AUTO));
done:
    sudoku_gen_free(gen);
    sudoku_release(&puzzle);
    sudoku_release(&solution);
    return res;
}

/* ---- mathdoku ---------------------------------------------------------- */

/* One puzzle from the text; 0, or -1 with a ValueError. */
static int read_mathdoku(const char *text, Py_ssize_t len,
                         const mathdoku_rules *rules, mathdoku *p)
{
    FILE *f = open_text(text, len);
    if (!f) {
        PyErr_NoMemory();
        return -1;
    }
    mathdoku_reader r;
    mathdoku_reader_init(&r, f, MATHDOKU_LAYOUT_AUTO, rules);
    dlx_diag err;
    int first = 0, got = mathdoku_read(&r, p, &first, &err);
    int more = MATHDOKU_OK, line = 0;
    if (got == MATHDOKU_READ) {
        /* nothing may follow: a second puzzle, or a message about it */
        mathdoku extra;
        more = mathdoku_read(&r, &extra, &line, &err);
        if (more == MATHDOKU_READ)
            mathdoku_free(&extra);
    }
    mathdoku_reader_release(&r);
    fclose(f);
    if (got == MATHDOKU_READ && more == MATHDOKU_OK)
        return 0;
    if (got == MATHDOKU_READ) {
        mathdoku_free(p);
        if (more != MATHDOKU_READ)
            got = more;
    }
    if (got == MATHDOKU_ENOMEM)
        PyErr_NoMemory();
    else if (got == MATHDOKU_OK)
        excover_value_error(SOURCE, 0, 0, "no puzzle");
    else if (got != MATHDOKU_READ)
        excover_value_error(SOURCE, err.line, err.col, err.message);
    else
        excover_value_error(SOURCE, line, 0, "a second puzzle: the text "
                            "holds one (call once per puzzle)");
    return -1;
}

/* The grid as `mathdoku solve` writes it: N lines of digits (numbers
 * between spaces past 9). */
static PyObject *mathdoku_grid_text(int N, const int *g)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    if (!f)
        return PyErr_NoMemory();
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++)
            fprintf(f, N <= 9 ? "%d" : c ? " %d" : "%d", g[r * N + c]);
        fputc('\n', f);
    }
    if (fclose(f) != 0) {
        free(buf);
        return PyErr_NoMemory();
    }
    return memstream_str(buf, size);
}

static PyObject *mathdoku_search(PyObject *args, PyObject *kw, int solving)
{
    static char *kwlist[] = { "text", "limit", "nary", NULL };
    const char *text;
    Py_ssize_t len;
    unsigned long long limit = 0;
    mathdoku_rules rules = { 0, 0 };
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s#|Kp", kwlist, &text, &len,
                                     &limit, &rules.nary))
        return NULL;
    mathdoku p;
    if (read_mathdoku(text, len, &rules, &p) < 0)
        return NULL;
    grid_limits lim;
    memset(&lim, 0, sizeof lim);
    excover_poll poll;
    lim.max_solutions = solving ? 2 : limit;
    lim.on_poll = excover_poll_signals;
    lim.poll_ctx = &poll;
    mathdoku_solver *sv = NULL;
    dlx_diag err;
    int *g = calloc((size_t)p.N * p.N, sizeof *g);
    grid_outcome out;
    int built = MATHDOKU_ENOMEM, st = MATHDOKU_ENOMEM;
    excover_unlock(&poll);
    if (g)
        built = mathdoku_solver_new(&p, &rules, &lim, &sv, &err);
    if (built == MATHDOKU_OK)
        st = mathdoku_solve_dlx(sv, &lim, g, &out);
    PyObject *res = NULL;
    if (excover_relock(&poll) < 0)
        goto done;
    if (built == MATHDOKU_ENOMEM || (built == MATHDOKU_OK && st != 0))
        PyErr_NoMemory();
    else if (built != MATHDOKU_OK)
        excover_value_error(SOURCE, err.line, err.col, err.message);
    else if (!solving)
        res = PyLong_FromUnsignedLongLong(out.solutions);
    else if (out.solutions == 0)
        res = Py_NewRef(Py_None);
    else
        res = mathdoku_grid_text(p.N, g);
done:
    mathdoku_solver_free(sv);
    free(g);
    mathdoku_free(&p);
    return res;
}

static PyObject *py_mathdoku_solve(PyObject *m, PyObject *a, PyObject *kw)
{
    (void)m;
    return mathdoku_search(a, kw, 1);
}

static PyObject *py_mathdoku_count(PyObject *m, PyObject *a, PyObject *kw)
{
    (void)m;
    return mathdoku_search(a, kw, 0);
}

/* The puzzle in a layout of `mathdoku generate -o`. */
static PyObject *mathdoku_text(const mathdoku *p, const char *layout)
{
    if (!strcmp(layout, "keen")) {
        char *id = mathdoku_keen_id(p, NULL);
        return id ? memstream_str(id, strlen(id)) : PyErr_NoMemory();
    }
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    if (!f)
        return PyErr_NoMemory();
    if (!strcmp(layout, "list"))
        mathdoku_write_list(f, p);
    else if (!strcmp(layout, "numbered"))
        mathdoku_write_numbered(f, p);
    else
        mathdoku_write_letters(f, p);
    if (fclose(f) != 0) {
        free(buf);
        return PyErr_NoMemory();
    }
    return memstream_str(buf, size);
}

static PyObject *py_mathdoku_generate(PyObject *module, PyObject *args,
                                      PyObject *kw)
{
    static char *kwlist[] = { "seed", "size", "ops", "layout", "solution",
                              NULL };
    unsigned long long seed;
    PyObject *seed_obj;
    int size = 6, with_solution = 0;
    const char *ops = NULL, *layout = "letters";
    (void)module;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|izsp", kwlist, &seed_obj,
                                     &size, &ops, &layout, &with_solution) ||
        seed_arg(seed_obj, &seed) < 0)
        return NULL;
    if (strcmp(layout, "letters") && strcmp(layout, "list") &&
        strcmp(layout, "numbered") && strcmp(layout, "keen"))
        return PyErr_Format(PyExc_ValueError, "layout: '%s' is not one of "
                            "letters, list, numbered, keen", layout);
    if (size < 1 || size > MATHDOKU_MAX_N)
        return PyErr_Format(PyExc_ValueError, "size: %d is not 1 to %d",
                            size, MATHDOKU_MAX_N);
    mathdoku_gen_options opt;
    mathdoku_gen_defaults(&opt, size);
    if (ops && mathdoku_parse_ops(ops, &opt.ops) != 0)
        return PyErr_Format(PyExc_ValueError, "ops: '%s' is not a set of "
                            "+ - * /", ops);
    const char *why = mathdoku_gen_validate(&opt);
    if (why)
        return PyErr_Format(PyExc_ValueError, "%s", why);
    excover_poll poll; /* Ctrl-C between searches and in them */
    opt.on_poll = excover_poll_signals;
    opt.poll_ctx = &poll;
    mathdoku_gen *g = mathdoku_gen_new(&opt);
    int *solution = malloc((size_t)size * size * sizeof *solution);
    if (!g || !solution) {
        mathdoku_gen_free(g);
        free(solution);
        return PyErr_NoMemory();
    }
    mathdoku p;
    mathdoku_gen_report rep;
    mathdoku_gen_status st;
    excover_unlock(&poll);
    st = mathdoku_gen_puzzle(g, seed, &p, solution, &rep);
    PyObject *res = NULL;
    if (excover_relock(&poll) < 0)
        ; /* KeyboardInterrupt */
    else if (st == MATHDOKU_GEN_NOMEM)
        PyErr_NoMemory();
    else if (st != MATHDOKU_GEN_MADE)
        PyErr_Format(PyExc_RuntimeError, "seed %llu: no puzzle", seed);
    else if (!with_solution)
        res = mathdoku_text(&p, layout);
    else
        res = Py_BuildValue("(NN)", mathdoku_text(&p, layout),
                            mathdoku_grid_text(size, solution));
    if (st == MATHDOKU_GEN_MADE)
        mathdoku_free(&p);
    mathdoku_gen_free(g);
    free(solution);
    return res;
}

#define KW(f) (PyCFunction)(void (*)(void))(f), METH_VARARGS | METH_KEYWORDS

PyMethodDef excover_puzzle_methods[] = {
    { "sudoku_solve", KW(py_sudoku_solve), NULL },
    { "sudoku_count", KW(py_sudoku_count), NULL },
    { "sudoku_stats", KW(py_sudoku_stats), NULL },
    { "sudoku_rate", KW(py_sudoku_rate), NULL },
    { "sudoku_generate", KW(py_sudoku_generate), NULL },
    { "mathdoku_solve", KW(py_mathdoku_solve), NULL },
    { "mathdoku_count", KW(py_mathdoku_count), NULL },
    { "mathdoku_generate", KW(py_mathdoku_generate), NULL },
    { NULL, NULL, 0, NULL }
};
