/*
 * cli_branches.c - the branch summary of a trace (cli_branches.h).
 */
#include "cli_branches.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct branch {
    int level, item;
    uint64_t times, options;
} branch;

struct cli_branches {
    branch *b;
    int n;
    int *slots;           /* open addressing on (level, item); a power of 2 */
    int n_slots;
};

cli_branches *cli_branches_new(void)
{
    return calloc(1, sizeof(cli_branches));
}

void cli_branches_free(cli_branches *b)
{
    if (!b)
        return;
    free(b->b);
    free(b->slots);
    free(b);
}

void cli_branches_clear(cli_branches *b)
{
    b->n = 0;
    for (int k = 0; k < b->n_slots; k++)
        b->slots[k] = -1;
}

static int slot_of(int level, int item, int n_slots)
{
    uint64_t h = ((uint64_t)level * 2654435761u + (uint64_t)item) *
                 0x9e3779b97f4a7c15u;
    return (int)(h >> 40) & (n_slots - 1);
}

void cli_branches_note(cli_branches *r, int level, int item, int count)
{
    if (2 * (r->n + 1) > r->n_slots) {
        int n_slots = r->n_slots ? 2 * r->n_slots : 256;
        int *slots = malloc((size_t)n_slots * sizeof *slots);
        branch *b = realloc(r->b, (size_t)n_slots / 2 * sizeof *b);
        if (b)
            r->b = b;
        if (!slots || !b) {
            free(slots);
            return;
        }
        for (int k = 0; k < n_slots; k++)
            slots[k] = -1;
        for (int k = 0; k < r->n; k++) {
            int at = slot_of(b[k].level, b[k].item, n_slots);
            while (slots[at] >= 0)
                at = (at + 1) & (n_slots - 1);
            slots[at] = k;
        }
        free(r->slots);
        r->slots = slots;
        r->n_slots = n_slots;
    }
    int at = slot_of(level, item, r->n_slots);
    for (; r->slots[at] >= 0; at = (at + 1) & (r->n_slots - 1)) {
        branch *b = &r->b[r->slots[at]];
        if (b->level == level && b->item == item) {
            b->times++;
            b->options += (uint64_t)count;
            return;
        }
    }
    r->slots[at] = r->n;
    r->b[r->n++] = (branch){ level, item, 1, (uint64_t)count };
}

static int by_level_then_times(const void *a, const void *b)
{
    const branch *x = a, *y = b;
    if (x->level != y->level)
        return x->level < y->level ? -1 : 1;
    if (x->times != y->times)
        return x->times > y->times ? -1 : 1;
    return x->item < y->item ? -1 : x->item > y->item;
}

void cli_branches_write(FILE *f, cli_branches *r,
                        const char *(*name)(void *ctx, int item, char *buf,
                                            size_t size),
                        void *ctx)
{
    /* sorting loses the hash's positions: rebuilt on the next note */
    qsort(r->b, (size_t)r->n, sizeof *r->b, by_level_then_times);
    for (int k = 0; k < r->n_slots; k++)
        r->slots[k] = -1;
    for (int k = 0; k < r->n; k++) {
        int at = slot_of(r->b[k].level, r->b[k].item, r->n_slots);
        while (r->slots[at] >= 0)
            at = (at + 1) & (r->n_slots - 1);
        r->slots[at] = k;
    }
    fprintf(f, "where the search branched (level: item chosen x times, "
            "options on average):\n");
    char buf[64];
    for (int k = 0; k < r->n;) {
        int level = r->b[k].level;
        fprintf(f, "  level %d:", level);
        for (int shown = 0; k < r->n && r->b[k].level == level;
             k++, shown++) {
            const branch *b = &r->b[k];
            if (shown < 6)
                fprintf(f, "%s %s x%" PRIu64 " (%.1f)", shown ? "," : "",
                        name(ctx, b->item, buf, sizeof buf), b->times,
                        (double)b->options / (double)b->times);
            else if (shown == 6)
                fprintf(f, ", ...");
        }
        fprintf(f, "\n");
    }
}
