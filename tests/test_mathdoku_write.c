/*
 * test_mathdoku_write.c - the writers against outside texts: Tatham's own
 * Keen IDs of the collection written back byte for byte, his decoder's
 * runs of 25 and more, and puzzles of every kind (hidden operations,
 * n-ary cages, 16x16 with two-letter labels) read back the same from each
 * layout.
 *
 * Usage: test_mathdoku_write DATA_DIR   (tests/data)
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mathdoku.h"
#include "mathdoku_write.h"

static const char *data_dir;
static const mathdoku_rules kenken = { 0 }, nary = { .nary = 1 };

/* The same cages (by their cells: the reader may number them apart) with
 * the same clues. */
static int same_puzzle(const mathdoku *a, const mathdoku *b)
{
    if (a->N != b->N || a->n_cages != b->n_cages)
        return 0;
    for (int k = 0; k < a->n_cages; k++) {
        const mathdoku_cage *c = &a->cages[k];
        const mathdoku_cage *d = &b->cages[b->cage_of[c->cells[0]]];
        if (c->n != d->n || c->target != d->target ||
            memcmp(c->cells, d->cells, (size_t)c->n * sizeof *c->cells))
            return 0;
        /* a one-cell '+' of Keen reads as a given either way */
        if (c->op != d->op && !(c->n == 1 && (c->op == MATHDOKU_GIVEN ||
                                              d->op == MATHDOKU_GIVEN)))
            return 0;
    }
    return 1;
}

typedef int (*writer)(FILE *f, const mathdoku *p);

static int write_keen(FILE *f, const mathdoku *p)
{
    char *id = mathdoku_keen_id(p, NULL);
    if (!id)
        return EOF;
    fprintf(f, "%s\n", id);
    free(id);
    return 0;
}

/* p written by w reads back as p. */
static void round_trip(const mathdoku *p, const mathdoku_rules *rules,
                       writer w, const char *what)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CHECK(w(f, p) == 0, "%s: write", what);
    fclose(f);
    mathdoku q;
    dlx_diag err;
    int got = mathdoku_read_string(text, rules, &q, &err);
    CHECK(got == 0, "%s: %s in\n%s", what, err.message, text);
    if (got == 0) {
        CHECK(same_puzzle(p, &q), "%s: read back differs:\n%s", what, text);
        mathdoku_free(&q);
    }
    free(text);
}

/* Tatham's IDs written back as he wrote them; every layout reads back. */
static void keen_ids(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/mathdoku/keen.tsv", data_dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char line[4096];
    int n = 0, same = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "id\t", 3))
            continue;
        char *id = strtok(line, "\t");
        mathdoku p;
        dlx_diag err;
        if (mathdoku_read_string(id, &kenken, &p, &err) != 0) {
            CHECK(0, "%s: %s", id, err.message);
            continue;
        }
        char *ours = mathdoku_keen_id(&p, NULL);
        /* the collection's IDs have no parameters after the size */
        same += ours && !strcmp(ours, id);
        if (ours && strcmp(ours, id))
            CHECK(0, "Keen wrote %s, we write %s", id, ours);
        CHECK(mathdoku_keen_compatible(&p), "%s: compatible", id);
        free(ours);
        round_trip(&p, &kenken, mathdoku_write_letters, id);
        round_trip(&p, &kenken, mathdoku_write_numbered, id);
        round_trip(&p, &kenken, mathdoku_write_list, id);
        n++;
        mathdoku_free(&p);
    }
    fclose(f);
    CHECK(n == 220 && same == n, "%d of %d IDs written as Tatham's", same,
          n);
}

/* Runs of 25 non-borders and more: written so that Tatham's decoder ('y'
 * is 25 with no border after it) reads them back. */
static void long_runs(void)
{
    static const char *const ids[] = {
        "6:ye_30,a21a21a21a21a21a21",          /* six row cages */
        "6:z_34,a21a21a21a21a21a3a3a4a5a6",    /* Keen's 'z' (26) */
    };
    static const char *const ours[] = {
        "6:ye_30,a21a21a21a21a21a21",
        "6:ya_34,a21a21a21a21a21a3a3a4a5a6",   /* 'z' as 'y' 'a' */
    };
    for (int k = 0; k < 2; k++) {
        mathdoku p;
        dlx_diag err;
        CHECK(mathdoku_read_string(ids[k], &kenken, &p, &err) == 0, "%s",
              err.message);
        char *id = mathdoku_keen_id(&p, NULL);
        CHECK(id != NULL, "no memory");
        if (id) {
            CHECK(!strcmp(id, ours[k]), "%s written %s", ids[k], id);
            mathdoku q;
            CHECK(mathdoku_read_string(id, &kenken, &q, &err) == 0 &&
                      same_puzzle(&p, &q), "%s: read back", id);
            mathdoku_free(&q);
            free(id);
        }
        mathdoku_free(&p);
    }
}

/* Small deterministic puzzles of every kind, by hand: hidden operations,
 * n-ary cages, givens, and a 16x16 with more than 52 cages. */
static void kinds(void)
{
    static const struct { const char *text; int nary; } puzzles[] = {
        /* hidden '?' cages and a given */
        { "4\n3 ? A1 B1\n7 + C1 D1\n2 = A2\n6 ? B2 C2 D2\n10 + A3 B3 C3 D3\n"
          "10 * A4 B4\n7 ? C4 D4\n", 0 },
        /* n-ary minus and divide, and a repeat in an L */
        { "4\n0 - A1 B1 C1\n4 = D1\n1 / A2 B2\n24 * C2 D2 D3\n"
          "10 + A3 B3 C3\n10 + A4 B4 C4 D4\n", 1 },
    };
    for (int k = 0; k < 2; k++) {
        const mathdoku_rules *rules = puzzles[k].nary ? &nary : &kenken;
        mathdoku p;
        dlx_diag err;
        CHECK(mathdoku_read_string(puzzles[k].text, rules, &p, &err) == 0,
              "kind %d: %s", k, err.message);
        round_trip(&p, rules, mathdoku_write_letters, "letters");
        round_trip(&p, rules, mathdoku_write_numbered, "numbered");
        round_trip(&p, rules, mathdoku_write_list, "list");
        round_trip(&p, rules, write_keen, "keen");
        CHECK(!mathdoku_keen_compatible(&p), "kind %d: not for sgt-keen", k);
        mathdoku_free(&p);
    }
    /* 16x16 of 128 dominoes, each '+': two-letter labels */
    char *text = malloc(1 << 16);
    int len = sprintf(text, "16\n");
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c += 2)
            len += sprintf(text + len, "%d + %c%d %c%d\n", 3 + (r + c) % 20,
                           'A' + c, r + 1, 'A' + c + 1, r + 1);
    mathdoku p;
    dlx_diag err;
    CHECK(mathdoku_read_string(text, &kenken, &p, &err) == 0, "16x16: %s",
          err.message);
    CHECK(p.n_cages == 128, "%d cages", p.n_cages);
    round_trip(&p, &kenken, mathdoku_write_letters, "16x16 letters");
    round_trip(&p, &kenken, mathdoku_write_numbered, "16x16 numbered");
    round_trip(&p, &kenken, write_keen, "16x16 keen");
    char label[8];
    CHECK(!strcmp(mathdoku_letter_label(0, 128, label), "aa") &&
              !strcmp(mathdoku_letter_label(53, 128, label), "bb") &&
              !strcmp(mathdoku_letter_label(51, 52, label), "Z"),
          "labels");
    mathdoku_free(&p);
    free(text);
}

/* The Wikipedia puzzle: its letters layout, written, is the fixture's
 * grid (cages are lettered in reading order there too). */
static void wikipedia(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/mathdoku/wikipedia-letters.txt",
             data_dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char *fixture = NULL;
    size_t cap = 0;
    getdelim(&fixture, &cap, '\0', f);
    fclose(f);
    mathdoku p;
    dlx_diag err;
    CHECK(mathdoku_read_string(fixture, &kenken, &p, &err) == 0, "%s",
          err.message);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    mathdoku_write_letters(m, &p);
    fclose(m);
    /* the fixture's grid rows, after its comment line */
    const char *grid = strstr(fixture, "a b b c d d");
    CHECK(grid && !strncmp(text, grid, 6 * 12), "letters:\n%s", text);
    CHECK(strstr(text, "\nb 2/\n") && strstr(text, "\ng 240*\n"),
          "legend:\n%s", text);
    free(text);
    free(fixture);
    mathdoku_free(&p);
}

int main(int argc, char **argv)
{
    data_dir = argc > 1 ? argv[1] : "tests/data";
    keen_ids();
    long_runs();
    kinds();
    wikipedia();
    return check_done();
}
