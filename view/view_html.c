/*
 * view_html.c - the page: page.html (embedded at build time as
 * view_page_template, see CMakeLists.txt) with the recorder's data, as
 * JSON, in place of its data marker.  One file, nothing fetched.
 */
#include "view.h"
#include "view_impl.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

extern const char view_page_template[];
extern const size_t view_page_template_len;

/* An option as the reader wrote it: item names, name:color. */
static void option_words(FILE *f, const view_recorder *v, int o)
{
    char num[24];
    size_t cap = 64, n = 0;
    char *buf = malloc(cap);
    for (int k = v->opt_start[o]; buf && k < v->opt_start[o + 1]; k++) {
        const char *name = view_item_name(v, v->opt_item[k], num, sizeof num);
        int c = v->opt_color[k];
        const char *cname = c > 0 && c <= v->n_colors ? v->color_name[c - 1]
                                                      : NULL;
        char cnum[24];
        if (c > 0 && !cname) {
            snprintf(cnum, sizeof cnum, "%d", c);
            cname = cnum;
        }
        size_t need = strlen(name) + (cname ? strlen(cname) + 1 : 0) + 2;
        if (n + need >= cap) {
            while (n + need >= cap)
                cap *= 2;
            char *grown = realloc(buf, cap);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
        }
        n += (size_t)sprintf(buf + n, "%s%s%s%s", n ? " " : "", name,
                             cname ? ":" : "", cname ? cname : "");
    }
    text_json_string(f, buf ? buf : "?", TEXT_JSON_HTML);
    free(buf);
}

static void write_data(FILE *f, const view_recorder *v, const view_tree *t)
{
    char num[24];
    fputs("{\"title\":", f);
    text_json_string(f, v->title ? v->title : "Dancing Links", TEXT_JSON_HTML);
    fputs(",\"items\":[", f);
    for (int i = 0; i < v->n_items; i++) {
        fputs(i ? "," : "", f);
        text_json_string(f, view_item_name(v, i, num, sizeof num),
                         TEXT_JSON_HTML);
    }
    fprintf(f, "],\"primary\":%d,\"options\":[", v->n_primary);
    for (int o = 0; o < v->n_options; o++) {
        fputs(o ? ",[" : "[", f);
        for (int k = v->opt_start[o]; k < v->opt_start[o + 1]; k++)
            fprintf(f, "%s%d", k > v->opt_start[o] ? "," : "", v->opt_item[k]);
        fputc(']', f);
    }
    fputs("],\"colors\":", f);
    if (!v->any_color) {
        fputs("null", f);
    } else {
        for (int o = 0; o < v->n_options; o++) {
            fputs(o ? ",[" : "[[", f);
            for (int k = v->opt_start[o]; k < v->opt_start[o + 1]; k++)
                fprintf(f, "%s%d", k > v->opt_start[o] ? "," : "",
                        v->opt_color[k]);
            fputc(']', f);
        }
        fputs(v->n_options ? "]" : "[]", f);
    }
    fputs(",\"colorNames\":[", f);
    for (int c = 0; c < v->n_colors; c++) {
        fputs(c ? "," : "", f);
        text_json_string(f, v->color_name[c], TEXT_JSON_HTML);
    }
    fputs("],\"labels\":[", f);
    for (int o = 0; o < v->n_options; o++) {
        fputs(o ? "," : "", f);
        if (v->option_label[o])
            text_json_string(f, v->option_label[o], TEXT_JSON_HTML);
        else
            option_words(f, v, o);
    }
    fputs("],\"forced\":[", f);
    for (int k = 0; k < v->n_forced; k++)
        fprintf(f, "%s%d", k ? "," : "", v->forced[k]);
    fprintf(f, "],\"matrix\":%s,\"maxCells\":%d,\"events\":[",
            (long long)v->n_options * v->n_items <= VIEW_MAX_CELLS ? "true"
                                                                  : "false",
            VIEW_MAX_CELLS);
    for (long s = 0; s < v->n_ev; s++) {
        const view_event *e = &v->ev[s];
        fprintf(f, "%s[%d,%d,%d,%d,%d,%d]", s ? "," : "", e->kind, e->level,
                e->item, e->option, e->index, e->count);
    }
    fprintf(f, "],\"seen\":%ld,\"nodeOfStep\":[", v->seen);
    for (long s = 0; s < v->n_ev; s++)
        fprintf(f, "%s%ld", s ? "," : "", t->of_step[s]);
    fputs("],\"tree\":[", f);
    for (long k = 0; k < t->n; k++) {
        const view_node *n = &t->node[k];
        fprintf(f, "%s[%ld,%d,%ld,%.4g,%d,%ld]", k ? "," : "", n->parent,
                n->depth, n->step, n->x, n->mark, n->mark_step);
    }
    double dx = t->leaves ? 640.0 / (double)t->leaves : 16;
    dx = dx > 16 ? 16 : dx < 2 ? 2 : dx;
    fprintf(f, "],\"treeLeaves\":%ld,\"treeDepth\":%d,\"treeDx\":%.3g,"
            "\"levels\":[", t->leaves, t->depth, dx);
    for (int d = 0; d < v->n_levels; d++)
        fprintf(f, "%s[%llu,%llu,%llu]", d ? "," : "",
                (unsigned long long)v->levels[d].nodes,
                (unsigned long long)v->levels[d].solutions,
                (unsigned long long)v->levels[d].dead);
    fputs("],\"result\":", f);
    if (v->finished)
        fprintf(f, "{\"solutions\":%llu,\"nodes\":%llu,\"complete\":%s}",
                (unsigned long long)v->solutions,
                (unsigned long long)v->nodes,
                v->complete ? "true" : "false");
    else
        fputs("null", f);
    fputs(",\"grid\":", f);
    if (!v->region) {
        fputs("null}", f);
        return;
    }
    int cells = v->rows * v->cols;
    fprintf(f, "{\"rows\":%d,\"cols\":%d,\"region\":[", v->rows, v->cols);
    for (int i = 0; i < cells; i++)
        fprintf(f, "%s%d", i ? "," : "", v->region[i]);
    fputs("],\"labels\":[", f);
    for (int i = 0; i < cells; i++) {
        fputs(i ? "," : "", f);
        if (v->cell_label[i])
            text_json_string(f, v->cell_label[i], TEXT_JSON_HTML);
        else
            fputs("null", f);
    }
    /* fills: [option, cell, text], grouped by option by the page */
    fputs("],\"fills\":[", f);
    for (int k = 0; k < v->n_fills; k++) {
        const view_fill *fl = &v->fills[k];
        fprintf(f, "%s[%d,%d,", k ? "," : "", fl->option, fl->cell);
        text_json_string(f, fl->text, TEXT_JSON_HTML);
        fputc(']', f);
    }
    fputs("]}}", f);
}

int view_write_html(FILE *f, const view_recorder *v)
{
    static const char marker[] = "@DATA@";
    const char *at = strstr(view_page_template, marker);
    if (!at || v->failed)
        return -1;
    view_tree t;
    if (view_tree_build(v, &t) != 0)
        return -1;
    fwrite(view_page_template, 1, (size_t)(at - view_page_template), f);
    write_data(f, v, &t);
    const char *rest = at + sizeof marker - 1;
    fwrite(rest, 1, view_page_template_len -
                        (size_t)(rest - view_page_template), f);
    view_tree_free(&t);
    return ferror(f) ? -1 : 0;
}
