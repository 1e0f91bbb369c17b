/*
 * view_cmd.c - the page and the tree of a search, for the commands.
 */
#define _POSIX_C_SOURCE 200809L

#include "view_cmd.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

view_recorder *view_cmd_problem(const dlx_problem *p, const char *title)
{
    view_recorder *v = view_new(p->matrix);
    if (!v)
        return NULL;
    int bad = view_set_title(v, title) ||
              view_set_color_names(v, (const char *const *)p->color_names,
                                   p->n_colors);
    for (int i = 0; i < p->n_items && !bad; i++)
        bad = view_set_item_name(v, i, p->item_names[i]);
    if (bad) {
        view_free(v);
        return NULL;
    }
    return v;
}

void view_cmd_tee_event(void *ctx, const dlx_event *ev)
{
    const view_cmd_tee *t = ctx;
    view_trace(t->view, ev);
    if (t->next)
        t->next(t->next_ctx, ev);
}

static int save(const view_recorder *v, const char *prog, const char *path,
                int (*write)(FILE *, const view_recorder *))
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
        return -1;
    }
    errno = 0;
    int status = write(f, v);
    if (fclose(f) != 0 || status != 0) {
        fprintf(stderr, "%s: %s: %s\n", prog, path,
                errno ? strerror(errno) : "out of memory");
        return -1;
    }
    return 0;
}

int view_cmd_save(const view_recorder *v, const char *prog, const char *html,
                  const char *svg)
{
    int rc = 0;
    if (html && save(v, prog, html, view_write_html) != 0)
        rc = -1;
    if (svg && save(v, prog, svg, view_write_tree_svg) != 0)
        rc = -1;
    if (view_steps_seen(v) > view_steps_kept(v))
        fprintf(stderr, "%s: the search has %ld steps, too many to show: "
                "%s the first %ld\n", prog, view_steps_seen(v),
                html ? "the page shows" : "the tree is drawn from",
                view_steps_kept(v));
    return rc;
}
