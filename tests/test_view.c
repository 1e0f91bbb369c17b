/*
 * test_view.c - the search recorder (view.h): its tree against the
 * engine's own counts, its caps, and what it writes.
 *
 * Expected values come from the engine (nodes per level, solutions) and
 * from the structure of any search tree: in a search run to its end every
 * leaf is a solution or a dead end.
 *
 * Usage: test_view DATA_DIR
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"
#include "dlx_read.h"
#include "view.h"
#include "view_impl.h"
#include "text.h"

static const char *data_dir = "tests/data";

static dlx_problem *read_data(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/exact-cover/%s.dlx", data_dir, name);
    FILE *f = fopen(path, "rb");
    dlx_problem *p = NULL;
    dlx_diag err;
    CHECK(f && dlx_read_file(f, &p, &err) == DLX_OK, "cannot read %s", path);
    if (f)
        fclose(f);
    return p;
}

/* Records one whole search of p; the recorder, and the engine's result. */
static view_recorder *record(dlx_problem *p, long max_steps, dlx_result *r)
{
    view_recorder *v = view_new(p->matrix);
    CHECK(v != NULL, "view_new");
    for (int i = 0; i < p->n_items; i++)
        view_set_item_name(v, i, p->item_names[i]);
    view_set_max_steps(v, max_steps);
    dlx_search s = dlx_search_defaults();
    s.on_trace = view_trace;
    s.trace_ctx = v;
    CHECK(dlx_solve(p->matrix, &s, r) == DLX_OK, "dlx_solve");
    view_finish(v, dlx_count_u64(r->solutions), r->nodes, 1);
    return v;
}

static void test_tree(const char *name)
{
    dlx_problem *p = read_data(name);
    if (!p)
        return;
    dlx_result r;
    view_recorder *v = record(p, 1000000, &r);
    /* the tree's levels are the engine's levels */
    CHECK(v->n_levels == r.n_levels, "%s: %d levels, the engine %d", name,
          v->n_levels, r.n_levels);
    uint64_t nodes = 0, sols = 0, dead = 0;
    for (int d = 0; d < v->n_levels && d < r.n_levels; d++) {
        CHECK(v->levels[d].nodes == r.level_nodes[d], "%s: level %d: %llu "
              "nodes, the engine %llu", name, d,
              (unsigned long long)v->levels[d].nodes,
              (unsigned long long)r.level_nodes[d]);
        nodes += v->levels[d].nodes;
        sols += v->levels[d].solutions;
        dead += v->levels[d].dead;
    }
    CHECK(nodes == r.nodes, "%s: %llu nodes, the engine %llu", name,
          (unsigned long long)nodes, (unsigned long long)r.nodes);
    CHECK(sols == dlx_count_u64(r.solutions), "%s: solutions", name);
    view_tree t;
    CHECK(view_tree_build(v, &t) == 0, "%s: tree", name);
    CHECK((uint64_t)t.n == nodes, "%s: %ld tree nodes, %llu counted", name,
          t.n, (unsigned long long)nodes);
    /* every leaf of a finished search is a solution or a dead end, and
     * every marked node is a leaf */
    long marked = 0;
    char *inner = calloc((size_t)t.n, 1);
    for (long k = 1; k < t.n; k++)
        inner[t.node[k].parent] = 1;
    for (long k = 0; k < t.n; k++) {
        if (!inner[k])
            CHECK(t.node[k].mark != VIEW_MARK_NONE, "%s: leaf %ld unmarked",
                  name, k);
        else
            CHECK(t.node[k].mark == VIEW_MARK_NONE, "%s: inner node %ld "
                  "marked", name, k);
        marked += t.node[k].mark != VIEW_MARK_NONE;
    }
    CHECK((uint64_t)t.leaves == sols + dead && marked == t.leaves,
          "%s: %ld leaves, %llu solutions + %llu dead ends", name, t.leaves,
          (unsigned long long)sols, (unsigned long long)dead);
    /* parents are centred over their children, leaves 0, 1, 2, ... */
    for (long k = 1; k < t.n; k++)
        CHECK(t.node[k].depth == t.node[t.node[k].parent].depth + 1,
              "%s: depth of %ld", name, k);
    free(inner);
    view_tree_free(&t);
    view_free(v);
    dlx_problem_free(p);
}

/* Writes with a writer into memory; the text (free it). */
static char *written(const view_recorder *v,
                     int (*write)(FILE *, const view_recorder *))
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(f && write(f, v) == 0, "writer");
    if (f)
        fclose(f);
    return buf;
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p++)
        n++;
    return n;
}

static void test_cap_and_pages(void)
{
    dlx_problem *p = read_data("queens-8");
    if (!p)
        return;
    dlx_result r;
    view_recorder *v = record(p, 100, &r);
    CHECK(view_steps_kept(v) == 100, "kept %ld", view_steps_kept(v));
    CHECK(view_steps_seen(v) > 100, "seen %ld", view_steps_seen(v));
    /* the counts of the levels stay those of the whole search */
    uint64_t nodes = 0;
    for (int d = 0; d < v->n_levels; d++)
        nodes += v->levels[d].nodes;
    CHECK(nodes == r.nodes, "capped: %llu nodes, the engine %llu",
          (unsigned long long)nodes, (unsigned long long)r.nodes);
    char *html = written(v, view_write_html);
    CHECK(html && !strstr(html, "@DATA@"), "the data marker is replaced");
    CHECK(html && strstr(html, "\"seen\":") && strstr(html, "</html>"),
          "a whole page");
    CHECK(html && !strstr(html, "src=") && !strstr(html, "href="),
          "nothing fetched");
    char *svg = written(v, view_write_tree_svg);
    CHECK(svg && strstr(svg, "the tree of the first 100 of"),
          "the SVG says it is cut");
    CHECK(svg && strstr(svg, "92 solutions"), "the SVG counts all");
    free(html);
    free(svg);
    view_free(v);
    dlx_problem_free(p);

    /* a name that would close the script element is escaped */
    dlx_problem *q = NULL;
    dlx_diag err;
    const char *text = "</script> B\n</script> B\n";
    CHECK(dlx_read_text(text, strlen(text), &q, &err) == DLX_OK, "read");
    if (!q)
        return;
    view_recorder *w = record(q, 1000, &r);
    view_set_title(w, "<b>&</b>");
    html = written(w, view_write_html);
    CHECK(html && count(html, "</script>") == 2, "%d </script>",
          html ? count(html, "</script>") : -1);
    svg = written(w, view_write_tree_svg);
    CHECK(svg && strstr(svg, "&lt;b&gt;&amp;&lt;/b&gt;"), "SVG text escaped");
    free(html);
    free(svg);
    view_free(w);
    dlx_problem_free(q);
}

static void test_setters(void)
{
    dlx_matrix *m = dlx_new(2, 0);
    int a[] = { 0, 1 };
    dlx_add_option(m, 2, a, NULL);
    view_recorder *v = view_new(m);
    dlx_free(m);                       /* the recorder keeps its copy */
    CHECK(view_set_item_name(v, 2, "x") == -1, "item out of range");
    CHECK(view_set_option_label(v, 1, "x") == -1, "option out of range");
    int bad = 5;
    CHECK(view_set_forced(v, &bad, 1) == -1, "forced out of range");
    CHECK(view_add_option_cell(v, 0, 0, "1") == -1, "no grid yet");
    CHECK(view_set_grid(v, 1, 2) == 0, "grid");
    CHECK(view_set_cell(v, 2, 0, NULL) == -1, "cell out of range");
    CHECK(view_add_option_cell(v, 0, 1, "1") == 0, "fill");
    char *html = written(v, view_write_html);
    CHECK(html && strstr(html, "\"fills\":[[0,1,\"1\"]]"), "fills written");
    free(html);
    view_free(v);
    view_free(NULL);
}

/* The one JSON string escaper (text.h), used by the page and by the
 * command lines: expected texts written by hand from RFC 8259 (escapes)
 * and the HTML rule that "</script>" must not appear in a script. */
static void test_json_string(void)
{
    static const struct {
        const char *in;
        int flags;
        const char *out;
    } t[] = {
        { "a\"b\\c", 0, "\"a\\\"b\\\\c\"" },
        { "tab\tdel\x7f", 0, "\"tab\\u0009del\\u007f\"" },
        { "</script>&", 0, "\"</script>&\"" },
        { "</script>&", TEXT_JSON_HTML,
          "\"\\u003c/script\\u003e\\u0026\"" },
        { "caf\xc3\xa9", 0, "\"caf\xc3\xa9\"" },
        { "bad\xc3(", 0, "\"bad\\ufffd(\"" },
    };
    for (size_t k = 0; k < sizeof t / sizeof *t; k++) {
        char buf[128] = { 0 };
        FILE *f = tmpfile();
        CHECK(f != NULL, "tmpfile");
        if (!f)
            return;
        text_json_string(f, t[k].in, t[k].flags);
        rewind(f);
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = 0;
        CHECK(strcmp(buf, t[k].out) == 0, "json %zu: %s, want %s", k, buf,
              t[k].out);
    }
}

int main(int argc, char **argv)
{
    test_json_string();
    if (argc > 1)
        data_dir = argv[1];
    const char *names[] = { "knuth-example", "knuth-color-example",
                            "queens-8", "langford-7-break", "sudoku-2x2" };
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        test_tree(names[k]);
    test_cap_and_pages();
    test_setters();
    return check_done();
}
