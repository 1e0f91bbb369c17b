/*
 * view.c - the recorder: the matrix copied, labels, the events of one
 * search, and the search tree rebuilt from them (view_tree, shared by the
 * page and the SVG).
 */
#include "view.h"
#include "view_impl.h"

#include <stdlib.h>
#include <string.h>

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

/* Replaces *slot by a copy of s; 0 or -1. */
static int set_string(char **slot, const char *s)
{
    char *c = s ? copy_string(s) : NULL;
    if (s && !c)
        return -1;
    free(*slot);
    *slot = c;
    return 0;
}

view_recorder *view_new(const dlx_matrix *m)
{
    view_recorder *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->n_items = dlx_num_items(m);
    v->n_primary = dlx_num_primary(m);
    v->n_options = dlx_num_options(m);
    v->max_steps = VIEW_DEFAULT_MAX_STEPS;
    long nodes = dlx_num_nodes(m);
    v->opt_start = malloc(((size_t)v->n_options + 1) * sizeof *v->opt_start);
    v->opt_item = malloc(((size_t)nodes + 1) * sizeof *v->opt_item);
    v->opt_color = malloc(((size_t)nodes + 1) * sizeof *v->opt_color);
    v->item_name = calloc((size_t)v->n_items + 1, sizeof *v->item_name);
    v->option_label = calloc((size_t)v->n_options + 1,
                             sizeof *v->option_label);
    v->levels = calloc(1, sizeof *v->levels);
    if (!v->opt_start || !v->opt_item || !v->opt_color || !v->item_name ||
        !v->option_label || !v->levels) {
        view_free(v);
        return NULL;
    }
    v->cap_levels = 1;
    v->n_levels = 1;
    v->levels[0].nodes = 1;           /* the root: the start */
    int at = 0;
    for (int o = 0; o < v->n_options; o++) {
        v->opt_start[o] = at;
        int n = dlx_option_items(m, o, v->opt_item + at, v->opt_color + at,
                                 (int)(nodes - at));
        if (n < 0) {
            view_free(v);
            return NULL;
        }
        for (int k = 0; k < n; k++)
            v->any_color |= v->opt_color[at + k] != 0;
        at += n;
    }
    v->opt_start[v->n_options] = at;
    return v;
}

void view_free(view_recorder *v)
{
    if (!v)
        return;
    free(v->opt_start);
    free(v->opt_item);
    free(v->opt_color);
    for (int k = 0; v->item_name && k < v->n_items; k++)
        free(v->item_name[k]);
    free(v->item_name);
    for (int k = 0; v->option_label && k < v->n_options; k++)
        free(v->option_label[k]);
    free(v->option_label);
    for (int k = 0; k < v->n_colors; k++)
        free(v->color_name[k]);
    free(v->color_name);
    free(v->title);
    free(v->forced);
    free(v->ev);
    free(v->levels);
    free(v->region);
    for (int k = 0; v->cell_label && k < v->rows * v->cols; k++)
        free(v->cell_label[k]);
    free(v->cell_label);
    for (int k = 0; k < v->n_fills; k++)
        free(v->fills[k].text);
    free(v->fills);
    free(v);
}

int view_set_title(view_recorder *v, const char *title)
{
    return set_string(&v->title, title);
}

int view_set_item_name(view_recorder *v, int item, const char *name)
{
    if (item < 0 || item >= v->n_items)
        return -1;
    return set_string(&v->item_name[item], name);
}

int view_set_option_label(view_recorder *v, int option, const char *label)
{
    if (option < 0 || option >= v->n_options)
        return -1;
    return set_string(&v->option_label[option], label);
}

int view_set_color_names(view_recorder *v, const char *const *names, int n)
{
    char **c = calloc((size_t)n + 1, sizeof *c);
    if (!c)
        return -1;
    for (int k = 0; k < n; k++)
        if (!(c[k] = copy_string(names[k]))) {
            while (k--)
                free(c[k]);
            free(c);
            return -1;
        }
    for (int k = 0; k < v->n_colors; k++)
        free(v->color_name[k]);
    free(v->color_name);
    v->color_name = c;
    v->n_colors = n;
    return 0;
}

int view_set_forced(view_recorder *v, const int *options, int n)
{
    int *f = malloc(((size_t)n + 1) * sizeof *f);
    if (!f)
        return -1;
    for (int k = 0; k < n; k++) {
        if (options[k] < 0 || options[k] >= v->n_options) {
            free(f);
            return -1;
        }
        f[k] = options[k];
    }
    free(v->forced);
    v->forced = f;
    v->n_forced = n;
    return 0;
}

void view_set_max_steps(view_recorder *v, long max_steps)
{
    v->max_steps = max_steps > 0 ? max_steps : 0;
}

int view_set_grid(view_recorder *v, int rows, int cols)
{
    if (rows < 1 || cols < 1 || rows > 1000 || cols > 1000 ||
        v->region)
        return -1;
    int n = rows * cols;
    v->region = calloc((size_t)n, sizeof *v->region);
    v->cell_label = calloc((size_t)n, sizeof *v->cell_label);
    if (!v->region || !v->cell_label) {
        free(v->region);
        free(v->cell_label);
        v->region = NULL;
        v->cell_label = NULL;
        return -1;
    }
    v->rows = rows;
    v->cols = cols;
    return 0;
}

int view_set_cell(view_recorder *v, int cell, int region, const char *label)
{
    if (!v->region || cell < 0 || cell >= v->rows * v->cols)
        return -1;
    v->region[cell] = region;
    return set_string(&v->cell_label[cell], label);
}

int view_add_option_cell(view_recorder *v, int option, int cell,
                         const char *text)
{
    if (!v->region || option < 0 || option >= v->n_options || cell < 0 ||
        cell >= v->rows * v->cols)
        return -1;
    if (v->n_fills == v->cap_fills) {
        int cap = v->cap_fills ? 2 * v->cap_fills : 256;
        view_fill *f = realloc(v->fills, (size_t)cap * sizeof *f);
        if (!f)
            return -1;
        v->fills = f;
        v->cap_fills = cap;
    }
    char *t = copy_string(text);
    if (!t)
        return -1;
    v->fills[v->n_fills++] = (view_fill){ option, cell, t };
    return 0;
}

/* ---- recording ------------------------------------------------------------ */

/* The counts of level d, grown on demand; NULL on no memory. */
static view_level *level(view_recorder *v, int d)
{
    if (d < 0)
        d = 0;
    if (d >= v->cap_levels) {
        int cap = v->cap_levels;
        while (cap <= d)
            cap *= 2;
        view_level *l = realloc(v->levels, (size_t)cap * sizeof *l);
        if (!l) {
            v->failed = 1;
            return NULL;
        }
        memset(l + v->cap_levels, 0,
               (size_t)(cap - v->cap_levels) * sizeof *l);
        v->levels = l;
        v->cap_levels = cap;
    }
    if (d >= v->n_levels)
        v->n_levels = d + 1;
    return &v->levels[d];
}

void view_trace(void *ctx, const dlx_event *ev)
{
    view_recorder *v = ctx;
    view_level *l;
    /* the counts of each level cover the whole search, kept or not */
    switch (ev->kind) {
    case DLX_EV_TRY:
        if ((l = level(v, ev->level + 1)))
            l->nodes++;
        break;
    case DLX_EV_SOLUTION:
        if ((l = level(v, ev->level)))
            l->solutions++;
        break;
    case DLX_EV_CHOOSE:
        if (ev->count == 0 && (l = level(v, ev->level)))
            l->dead++;
        break;
    default:
        break;
    }
    v->seen++;
    if (v->n_ev >= v->max_steps)
        return;
    if (v->n_ev == v->cap_ev) {
        long cap = v->cap_ev ? 2 * v->cap_ev : 1024;
        if (cap > v->max_steps)
            cap = v->max_steps;
        view_event *e = realloc(v->ev, (size_t)cap * sizeof *e);
        if (!e) {
            v->failed = 1;
            v->max_steps = v->n_ev;    /* keep what fits */
            return;
        }
        v->ev = e;
        v->cap_ev = cap;
    }
    v->ev[v->n_ev++] = (view_event){ (int)ev->kind, ev->level, ev->item,
                                     ev->option, ev->index, ev->count };
}

void view_finish(view_recorder *v, uint64_t solutions, uint64_t nodes,
                 int complete)
{
    v->finished = 1;
    v->solutions = solutions;
    v->nodes = nodes;
    v->complete = complete;
}

long view_steps_seen(const view_recorder *v)
{
    return v->seen;
}

long view_steps_kept(const view_recorder *v)
{
    return v->n_ev;
}

/* ---- the tree ---------------------------------------------------------------- */

int view_tree_build(const view_recorder *v, view_tree *t)
{
    memset(t, 0, sizeof *t);
    long n = 1;
    for (long s = 0; s < v->n_ev; s++)
        n += v->ev[s].kind == DLX_EV_TRY;
    t->node = calloc((size_t)n, sizeof *t->node);
    t->of_step = malloc(((size_t)v->n_ev + 1) * sizeof *t->of_step);
    /* stack[d]: the node at depth d on the current path */
    long *stack = malloc(((size_t)v->n_levels + 2) * sizeof *stack);
    long *first = malloc((size_t)n * sizeof *first);
    long *last = malloc((size_t)n * sizeof *last);
    if (!t->node || !t->of_step || !stack || !first || !last) {
        free(stack);
        free(first);
        free(last);
        view_tree_free(t);
        return -1;
    }
    t->n = 1;
    t->node[0] = (view_node){ -1, 0, -1, 0, 0, -1 };
    stack[0] = 0;
    int depth_cap = v->n_levels + 1;
    for (long s = 0; s < v->n_ev; s++) {
        const view_event *e = &v->ev[s];
        int d = e->level < 0 ? 0 : e->level;
        t->of_step[s] = -1;
        if (d >= depth_cap)
            continue;                  /* cannot happen: levels grow first */
        switch (e->kind) {
        case DLX_EV_TRY: {
            long k = t->n++;
            t->node[k] = (view_node){ stack[d], d + 1, s, 0, 0, -1 };
            stack[d + 1] = k;
            t->of_step[s] = k;
            if (d + 1 > t->depth)
                t->depth = d + 1;
            break;
        }
        case DLX_EV_SOLUTION:
            t->node[stack[d]].mark = VIEW_MARK_SOLUTION;
            t->node[stack[d]].mark_step = s;
            break;
        case DLX_EV_CHOOSE:
            if (e->count == 0) {
                t->node[stack[d]].mark = VIEW_MARK_DEAD;
                t->node[stack[d]].mark_step = s;
            }
            break;
        default:
            break;
        }
    }
    /* x: leaves left to right in the order the search met them, a parent
     * over the middle of its first and last child.  Nodes are in preorder,
     * so children come after their parent, in order. */
    for (long k = 0; k < t->n; k++)
        first[k] = last[k] = -1;
    for (long k = 1; k < t->n; k++) {
        long p = t->node[k].parent;
        if (first[p] < 0)
            first[p] = k;
        last[p] = k;
    }
    for (long k = 0; k < t->n; k++)
        if (first[k] < 0)
            t->node[k].x = (double)t->leaves++;
    for (long k = t->n - 1; k >= 0; k--)
        if (first[k] >= 0)
            t->node[k].x = (t->node[first[k]].x + t->node[last[k]].x) / 2;
    free(stack);
    free(first);
    free(last);
    return 0;
}

void view_tree_free(view_tree *t)
{
    free(t->node);
    free(t->of_step);
    memset(t, 0, sizeof *t);
}

const char *view_item_name(const view_recorder *v, int item, char *buf,
                           size_t size)
{
    if (item >= 0 && item < v->n_items && v->item_name[item])
        return v->item_name[item];
    snprintf(buf, size, "%d", item);
    return buf;
}
