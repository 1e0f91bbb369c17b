/*
 * cli_grid.c - limits, trace, progress and verdicts of grid puzzle
 * searches, for the commands.
 */
#include "cli_grid.h"

#include <inttypes.h>
#include <string.h>

void cli_grid_init(cli_grid *g, const char *prog, const cli_search *s,
                   int json)
{
    memset(g, 0, sizeof *g);
    cli_batch_init(&g->batch, prog);
    g->batch.json = json;
    g->search = s;
    cli_progress_start(&g->progress);
}

void cli_grid_summary(const cli_grid *g, const char *const words[3])
{
    const cli_tally *t = &g->tally;
    if (!g->search->stats &&
        !(g->batch.inputs > 1 && (g->batch.unreadable || t->none || t->cut)))
        return;
    const char *const all[5] = { words[0], words[1], words[2], "unreadable",
                                 "cut short" };
    const uint64_t counts[5] = { t->one, t->none, t->several,
                                 g->batch.unreadable, t->cut };
    cli_batch_summary(&g->batch, "puzzle", all, counts, 5, t->nodes);
}

void cli_grid_free(cli_grid *g)
{
    cli_branches_free(g->branches);
    g->branches = NULL;
}

static void print_step(void *ctx, const char *text, int level)
{
    (void)ctx;
    printf("%*s%s\n", 2 * (level < 0 ? 0 : level), "", text);
}

static void note_event(void *ctx, const dlx_event *ev)
{
    if (ev->kind == DLX_EV_CHOOSE)
        cli_branches_note(ctx, ev->level, ev->item, ev->count);
}

static int show_progress(void *ctx, uint64_t nodes)
{
    cli_progress *p = ctx;
    cli_progress_show(p, "%.1fM nodes, %.0f s", (double)nodes / 1e6,
                      cli_seconds() - p->start);
    return 0;
}

void cli_grid_limits(cli_grid *g, uint64_t max_solutions, int dlx,
                     grid_limits *lim)
{
    memset(lim, 0, sizeof *lim);
    lim->max_solutions = max_solutions;
    lim->max_nodes = g->search->max_nodes;
    lim->max_seconds = g->search->timeout;
    lim->prune = g->search->prune > 0;
    if (g->search->trace) {
        lim->on_step = print_step;
        if (dlx && (g->branches || (g->branches = cli_branches_new()))) {
            cli_branches_clear(g->branches);
            lim->on_event = note_event;
            lim->event_ctx = g->branches;
        }
    } else if (g->progress.on) {
        lim->on_poll = show_progress;
        lim->poll_ctx = &g->progress;
        g->progress.start = g->progress.last = cli_seconds();
    }
}

void cli_grid_done(cli_grid *g, const grid_limits *lim,
                   const char *(*name)(void *ctx, int item, char *buf,
                                       size_t size),
                   void *ctx)
{
    cli_progress_clear(&g->progress);
    if (lim->on_event)
        cli_branches_write(stdout, g->branches, name, ctx);
}

const char *cli_grid_verdict(cli_grid *g, const char *file, int line,
                             const grid_outcome *out, int one_wanted,
                             int quiet)
{
    cli_found f = { out->solutions, out->complete,
                    out->cut == GRID_CUT_NODES, out->nodes, out->seconds };
    return cli_verdict(&g->batch, &g->tally, file, line, &f, one_wanted,
                       quiet);
}

void cli_grid_print_count(const grid_outcome *out)
{
    /* the digits from the right (snprintf costs more than the search
     * of an easy puzzle's last level) */
    char count[24], *p = count + sizeof count - 1;
    uint64_t n = out->solutions;
    *p = '\0';
    do
        *--p = (char)('0' + n % 10);
    while (n /= 10);
    cli_print_count(stdout, p, out->complete);
}

void cli_json_step(const char *file, int line, int n, const grid_step *st,
                   const char *technique, const char *grade,
                   const char *(*name)(const void *ctx, int cell, char *buf),
                   const void *ctx)
{
    char buf[24];
    printf("{\"file\":");
    cli_json_string(stdout, file);
    printf(",\"line\":%d,\"step\":%d,\"technique\":\"%s\",\"grade\":\"%s\"",
           line, n, technique, grade);
    if (st->cell >= 0)
        printf(",\"cell\":\"%s\",\"digit\":%d", name(ctx, st->cell, buf),
               st->digit);
    printf(",\"removed\":[");
    for (int k = 0; k < st->n_removed; k++)
        printf("%s[\"%s\",%d]", k ? "," : "",
               name(ctx, st->removed_cell[k], buf), st->removed_digit[k]);
    printf("],\"text\":");
    cli_json_string(stdout, st->text);
    printf("}\n");
}
