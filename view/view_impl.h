/*
 * view_impl.h - the recorder's insides, shared by view.c (recording, the
 * tree), view_html.c (the page) and view_svg.c (the tree as SVG).
 */
#ifndef VIEW_IMPL_H
#define VIEW_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "view.h"

typedef struct view_event {
    int kind, level, item, option, index, count;   /* as dlx_event */
} view_event;

/* Over the whole search, kept events or not: the tree's nodes at depth d
 * (d options chosen; the root is depth 0), the solutions and the dead
 * ends among them.  nodes equals the engine's level_nodes. */
typedef struct view_level {
    uint64_t nodes, solutions, dead;
} view_level;

typedef struct view_fill {
    int option, cell;
    char *text;
} view_fill;

struct view_recorder {
    /* the matrix: option o is opt_item[opt_start[o] .. opt_start[o+1]-1] */
    int n_items, n_primary, n_options;
    int *opt_start, *opt_item, *opt_color;
    int any_color;
    /* labels, NULL where the caller gave none */
    char *title;
    char **item_name, **option_label, **color_name;
    int n_colors;
    int *forced, n_forced;
    /* the search */
    view_event *ev;
    long n_ev, cap_ev, max_steps, seen;
    view_level *levels;
    int n_levels, cap_levels;
    int failed;                /* memory ran out while recording */
    int finished;
    uint64_t solutions, nodes;
    int complete;
    /* the grid */
    int rows, cols;
    int *region;
    char **cell_label;
    view_fill *fills;
    int n_fills, cap_fills;
};

enum { VIEW_MARK_NONE, VIEW_MARK_SOLUTION, VIEW_MARK_DEAD };

/* A node of the search tree: the root (the start), then one per option
 * tried, in the order tried (preorder). */
typedef struct view_node {
    long parent;     /* -1 for the root */
    int depth;       /* options chosen */
    long step;       /* the event that made it (-1: the root) */
    double x;        /* leaves are 0, 1, 2, ...; parents centred */
    int mark;        /* VIEW_MARK_... */
    long mark_step;  /* the event that marked it */
} view_node;

typedef struct view_tree {
    view_node *node;
    long n;
    long leaves;
    int depth;       /* of the deepest node */
    long *of_step;   /* per kept event: the node a TRY made, else -1 */
} view_tree;

/* The tree of the kept events; 0, or -1 on no memory. */
int view_tree_build(const view_recorder *v, view_tree *t);
void view_tree_free(view_tree *t);

/* The name of an item, or its number in buf. */
const char *view_item_name(const view_recorder *v, int item, char *buf,
                           size_t size);

/* Writes s as XML text: & < > escaped as entities.  (JSON strings for
 * the page: text_json_string with TEXT_JSON_HTML.) */
void view_xml_text(FILE *f, const char *s);

#endif
