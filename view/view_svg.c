/*
 * view_svg.c - the search tree as one SVG, for a README or a slide: the
 * root (the start) at the top, one row per level (options chosen), leaves
 * left to right in the order the search met them; solutions green, dead
 * ends red; each level's counts at the right.
 */
#include "view.h"
#include "view_impl.h"
#include "text.h"

#include <string.h>

void view_xml_text(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        int n = *p >= 0x80 ? text_utf8_char(p) : 0;
        if (*p == '&')
            fputs("&amp;", f);
        else if (*p == '<')
            fputs("&lt;", f);
        else if (*p == '>')
            fputs("&gt;", f);
        else if (*p == '"')
            fputs("&quot;", f);
        else if (*p >= 0x20 && *p < 0x7f)
            fputc(*p, f);
        else if (n) {
            fwrite(p, 1, (size_t)n, f);
            p += n - 1;
        } else {
            fputs("&#xFFFD;", f); /* a control byte or not UTF-8: XML
                                     takes neither */
        }
    }
}

int view_write_tree_svg(FILE *f, const view_recorder *v)
{
    if (v->failed)
        return -1;
    view_tree t;
    if (view_tree_build(v, &t) != 0)
        return -1;
    const double left = 78, top = 64, row = 46, counts = 300;
    double dx = t.leaves ? 1100.0 / (double)t.leaves : 18;
    dx = dx > 18 ? 18 : dx < 0.6 ? 0.6 : dx;
    double r = dx * 0.38 > 6 ? 6 : dx * 0.38 < 0.8 ? 0.8 : dx * 0.38;
    int levels = v->n_levels > t.depth + 1 ? v->n_levels : t.depth + 1;
    double width = left + (double)(t.leaves ? t.leaves : 1) * dx + 24 +
                   counts;
    double height = top + row * (levels - 1) + 56;
    double tree_right = left + (double)(t.leaves ? t.leaves : 1) * dx;
    uint64_t total = 0, sols = 0, dead = 0;
    for (int d = 0; d < v->n_levels; d++) {
        total += v->levels[d].nodes;
        sols += v->levels[d].solutions;
        dead += v->levels[d].dead;
    }
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
            "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"system-ui, sans-serif\" font-size=\"13\">\n",
            width, height, width, height);
    fputs("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n", f);
    fputs("<text x=\"12\" y=\"22\" font-size=\"16\" font-weight=\"600\">",
          f);
    view_xml_text(f, v->title ? v->title : "Dancing Links");
    fputs(": the search tree</text>\n", f);
    fprintf(f, "<text x=\"12\" y=\"42\" fill=\"#555\">%llu nodes, %llu "
            "solution%s (green), %llu dead end%s (red)",
            (unsigned long long)total, (unsigned long long)sols,
            sols == 1 ? "" : "s", (unsigned long long)dead,
            dead == 1 ? "" : "s");
    if (v->seen > v->n_ev)
        fprintf(f, "; the tree of the first %ld of %ld steps is drawn (%ld "
                "nodes), the counts are of the whole search", v->n_ev,
                v->seen, t.n);
    fputs("</text>\n", f);
    /* the levels: a faint line, a name at the left, counts at the right */
    for (int d = 0; d < levels; d++) {
        double y = top + row * d;
        fprintf(f, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" "
                "stroke=\"#eef0f4\"/>\n", left - 8, y, tree_right + 8, y);
        fprintf(f, "<text x=\"12\" y=\"%.1f\" fill=\"#777\">level %d</text>\n",
                y + 4, d);
        const view_level *l = d < v->n_levels ? &v->levels[d] : NULL;
        fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" fill=\"#333\">%llu node%s",
                tree_right + 24, y + 4,
                (unsigned long long)(l ? l->nodes : 0),
                l && l->nodes == 1 ? "" : "s");
        if (l && l->solutions)
            fprintf(f, ", <tspan fill=\"#1f9d55\">%llu solution%s</tspan>",
                    (unsigned long long)l->solutions,
                    l->solutions == 1 ? "" : "s");
        if (l && l->dead)
            fprintf(f, ", <tspan fill=\"#d13b3b\">%llu dead end%s</tspan>",
                    (unsigned long long)l->dead, l->dead == 1 ? "" : "s");
        fputs("</text>\n", f);
    }
    fputs("<g stroke=\"#aab3c2\" stroke-width=\"1\">\n", f);
    for (long k = 1; k < t.n; k++) {
        const view_node *n = &t.node[k], *p = &t.node[n->parent];
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                left + p->x * dx + dx / 2, top + row * p->depth,
                left + n->x * dx + dx / 2, top + row * n->depth);
    }
    fputs("</g>\n<g>\n", f);
    for (long k = 0; k < t.n; k++) {
        const view_node *n = &t.node[k];
        const char *fill = n->mark == VIEW_MARK_SOLUTION ? "#1f9d55"
                           : n->mark == VIEW_MARK_DEAD   ? "#d13b3b"
                                                         : "#5a6782";
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
                "fill=\"%s\"/>\n", left + n->x * dx + dx / 2,
                top + row * n->depth,
                n->mark ? r * 1.25 : r, fill);
    }
    fputs("</g>\n", f);
    fprintf(f, "<text x=\"12\" y=\"%.0f\" fill=\"#777\" font-size=\"11\">"
            "A node is a partial solution: level d holds those with d "
            "options chosen; the root is the start. Leaves are in the "
            "order the search met them.</text>\n", height - 14);
    fputs("</svg>\n", f);
    view_tree_free(&t);
    return ferror(f) ? -1 : 0;
}
