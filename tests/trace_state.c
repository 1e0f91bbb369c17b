/*
 * trace_state.c - what the search page must show at each step, computed
 * from outside the page: the problem (Knuth's format, read by libdlx) and
 * the engine's trace as `dlx --trace --json` prints it.
 *
 * Usage: trace_state FILE.dlx TRACE.jsonl
 * Prints one line per step s = 0..N (the state after the first s events):
 *   s|kind|level|item|option|chosen options|covered items
 * kind is start, choose, try, solution or backtrack; option is the option
 * tried (-1 unless kind is try); chosen options are the choice of each
 * level, in order; covered items are the items of the chosen options and
 * the items branched on (with options left), in item order.  The page
 * prints the same lines from its DOM (page.html, #all), so that
 * tests/browser.sh compares them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_read.h"

#define MAX_LEVELS 4096

static int item_of(const dlx_problem *p, const char *name)
{
    for (int i = 0; i < p->n_items; i++)
        if (!strcmp(p->item_names[i], name))
            return i;
    return -1;
}

/* The JSON string after "key":, into buf; 0 when absent. */
static int json_str(const char *line, const char *key, char *buf, size_t n)
{
    char pat[32];
    snprintf(pat, sizeof pat, "\"%s\":\"", key);
    const char *at = strstr(line, pat);
    if (!at)
        return 0;
    at += strlen(pat);
    size_t k = 0;
    while (*at && *at != '"' && k + 1 < n)
        buf[k++] = *at++;
    buf[k] = '\0';
    return 1;
}

static int json_int(const char *line, const char *key, int *out)
{
    char pat[32];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *at = strstr(line, pat);
    return at && sscanf(at + strlen(pat), "%d", out) == 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: trace_state FILE.dlx TRACE.jsonl\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    dlx_problem *p = NULL;
    dlx_diag err;
    if (!f || dlx_read_file(f, &p, &err) != DLX_OK) {
        fprintf(stderr, "trace_state: cannot read %s\n", argv[1]);
        return 2;
    }
    fclose(f);
    FILE *t = fopen(argv[2], "r");
    if (!t) {
        fprintf(stderr, "trace_state: cannot read %s\n", argv[2]);
        return 2;
    }
    static int chosen[MAX_LEVELS], branch[MAX_LEVELS], count[MAX_LEVELS];
    int n_chosen = 0, n_branch = 0, step = 0;
    int *items = malloc((size_t)p->n_items * sizeof *items);
    char *covered = malloc((size_t)p->n_items);
    char line[1024], kind[32] = "start", name[128] = "";
    int level = -1, option = -1;
    for (;;) {
        /* the state after `step` events */
        memset(covered, 0, (size_t)p->n_items);
        for (int l = 0; l < n_chosen; l++) {
            int n = dlx_option_items(p->matrix, chosen[l], items, NULL,
                                     p->n_items);
            for (int k = 0; k < n; k++)
                covered[items[k]] = 1;
        }
        for (int l = 0; l < n_branch; l++)
            if (count[l] > 0)
                covered[branch[l]] = 1;
        printf("%d|%s|%d|%s|%d|", step, kind, level, name, option);
        for (int l = 0; l < n_chosen; l++)
            printf(l ? " %d" : "%d", chosen[l]);
        putchar('|');
        for (int i = 0, first = 1; i < p->n_items; i++)
            if (covered[i]) {
                printf(first ? "%s" : " %s", p->item_names[i]);
                first = 0;
            }
        putchar('\n');
        /* the next event */
        do {
            if (!fgets(line, sizeof line, t))
                goto done;
        } while (!json_str(line, "event", kind, sizeof kind));
        step++;
        json_int(line, "level", &level);
        int L = level < 0 ? 0 : level;
        if (L >= MAX_LEVELS - 1)
            return 2;
        name[0] = '\0';
        json_str(line, "item", name, sizeof name);
        option = -1;
        if (!strcmp(kind, "choose")) {
            n_branch = n_chosen = L;
            branch[L] = item_of(p, name);
            json_int(line, "options", &count[L]);
            n_branch = L + 1;
        } else if (!strcmp(kind, "try")) {
            json_int(line, "option", &option);
            n_branch = L + 1;
            chosen[L] = option;
            n_chosen = L + 1;
        } else if (!strcmp(kind, "backtrack")) {
            n_branch = n_chosen = L;
        }
    }
done:
    fclose(t);
    free(items);
    free(covered);
    dlx_problem_free(p);
    return 0;
}
