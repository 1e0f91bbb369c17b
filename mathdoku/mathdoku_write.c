/*
 * mathdoku_write.c - the letters grid, the numbered cage list and Keen
 * game IDs, written so that the reader (mathdoku.c) takes them back.
 */
#include "mathdoku_write.h"
#include "grid_blocks.h"

#include <stdlib.h>
#include <string.h>

static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz"
                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

char *mathdoku_letter_label(int k, int n_cages, char *buf)
{
    if (n_cages <= 52) {
        buf[0] = alphabet[k];
        buf[1] = '\0';
    } else {
        buf[0] = alphabet[(k / 52) % 52];
        buf[1] = alphabet[k % 52];
        buf[2] = '\0';
    }
    return buf;
}

/* rank[k]: the position of cage k in reading order of first cells (cells
 * are sorted, so a cage's first cell is cells[0]).  NULL: no memory. */
static int *reading_order(const mathdoku *p)
{
    int NN = p->N * p->N;
    int *rank = malloc((size_t)(p->n_cages ? p->n_cages : 1) * sizeof *rank);
    int *first = malloc((size_t)NN * sizeof *first);
    if (!rank || !first) {
        free(rank);
        free(first);
        return NULL;
    }
    for (int i = 0; i < NN; i++)
        first[i] = -1;
    for (int k = 0; k < p->n_cages; k++)
        first[p->cages[k].cells[0]] = k;
    for (int i = 0, n = 0; i < NN; i++)
        if (first[i] >= 0)
            rank[first[i]] = n++;
    free(first);
    return rank;
}

/* The clue as the legend and the numbered list write it: "11+", "5". */
static void legend_clue(const mathdoku_cage *c, char *buf)
{
    static const char ops[] = { '+', '-', '*', '/', 0, '?' };
    if (c->op == MATHDOKU_GIVEN)
        sprintf(buf, "%lld", c->target);
    else
        sprintf(buf, "%lld%c", c->target, ops[c->op]);
}

int mathdoku_write_letters(FILE *f, const mathdoku *p)
{
    int N = p->N, *rank = reading_order(p);
    if (!rank)
        return EOF;
    int width = p->n_cages <= 52 ? 1 : 2;
    char label[8], clue[32];
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int k = rank[p->cage_of[r * N + c]];
            fprintf(f, "%-*s%s", c + 1 < N ? width : 0,
                    mathdoku_letter_label(k, p->n_cages, label),
                    c + 1 < N ? " " : "\n");
        }
    fputc('\n', f);
    /* the legend in label order */
    int *by_rank = malloc((size_t)(p->n_cages ? p->n_cages : 1) *
                          sizeof *by_rank);
    if (!by_rank) {
        free(rank);
        return EOF;
    }
    for (int k = 0; k < p->n_cages; k++)
        by_rank[rank[k]] = k;
    for (int j = 0; j < p->n_cages; j++) {
        legend_clue(&p->cages[by_rank[j]], clue);
        fprintf(f, "%s %s\n", mathdoku_letter_label(j, p->n_cages, label),
                clue);
    }
    free(by_rank);
    free(rank);
    return ferror(f) ? EOF : 0;
}

int mathdoku_write_numbered(FILE *f, const mathdoku *p)
{
    char clue[32];
    fprintf(f, "%d\n", p->N);
    for (int k = 0; k < p->n_cages; k++) {
        const mathdoku_cage *c = &p->cages[k];
        legend_clue(c, clue);
        /* "5 8" would not say where the target ends on a list's first
         * line: a given says '=' */
        fprintf(f, "%s%s ", clue, c->op == MATHDOKU_GIVEN ? "=" : "");
        for (int j = 0; j < c->n; j++)
            fprintf(f, "%s%d", j ? "," : "", c->cells[j] + 1);
        fputc('\n', f);
    }
    return ferror(f) ? EOF : 0;
}

int mathdoku_keen_compatible(const mathdoku *p)
{
    if (p->N < 3 || p->N > 9)
        return 0;
    for (int k = 0; k < p->n_cages; k++) {
        const mathdoku_cage *c = &p->cages[k];
        if (c->op == MATHDOKU_HIDDEN || c->target >= (1L << 29) ||
            ((c->op == MATHDOKU_SUB || c->op == MATHDOKU_DIV) && c->n != 2))
            return 0;
    }
    return 1;
}

/* Appends the run-length letter of `run` non-borders before a border:
 * Tatham's decoder reads 'y' as 25 non-borders with no border after. */
static char *put_run(char *q, int run)
{
    for (; run >= 25; run -= 25)
        *q++ = 'y';
    *q++ = run ? (char)('a' - 1 + run) : '_';
    return q;
}

char *mathdoku_keen_id(const mathdoku *p, const char *params)
{
    int N = p->N, edges = 2 * N * (N - 1);
    /* a letter per edge at most, then "a<target>" per cage */
    size_t cap = (size_t)edges + 2 + (size_t)p->n_cages * 24 + 32 +
                 (params ? strlen(params) : 0);
    char *id = malloc(cap), *raw = malloc((size_t)edges + 2);
    int *rank = reading_order(p);
    if (!id || !raw || !rank) {
        free(id);
        free(raw);
        free(rank);
        return NULL;
    }
    char *q = id + sprintf(id, "%d%s:", N, params ? params : "");
    /* the edges: vertical ones in reading order, then horizontal ones
     * column by column, and one virtual border at the end */
    char *r = raw;
    int run = 0;
    for (int i = 0; i <= edges; i++) {
        int border = 1;
        if (i < edges) {
            int a, b;
            grid_block_edge(N, i, &a, &b);
            border = p->cage_of[a] != p->cage_of[b];
        }
        if (border) {
            r = put_run(r, run);
            run = 0;
        } else {
            run++;
        }
    }
    /* runs of one letter: "cc" for two, "c<count>" for more (Keen's own
     * compression) */
    for (char *s = raw; s < r;) {
        int n = 1;
        while (s + n < r && s[n] == s[0])
            n++;
        *q++ = s[0];
        if (n == 2)
            *q++ = s[0];
        else if (n > 2)
            q += sprintf(q, "%d", n);
        s += n;
    }
    *q++ = ',';
    int *by_rank = malloc((size_t)(p->n_cages ? p->n_cages : 1) *
                          sizeof *by_rank);
    if (!by_rank) {
        free(id);
        free(raw);
        free(rank);
        return NULL;
    }
    for (int k = 0; k < p->n_cages; k++)
        by_rank[rank[k]] = k;
    static const char letters[] = { 'a', 's', 'm', 'd', 'a', '?' };
    for (int j = 0; j < p->n_cages; j++) {
        const mathdoku_cage *c = &p->cages[by_rank[j]];
        q += sprintf(q, "%c%lld", letters[c->op], c->target);
    }
    *q = '\0';
    free(by_rank);
    free(raw);
    free(rank);
    return id;
}
