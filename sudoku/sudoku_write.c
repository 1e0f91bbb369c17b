/*
 * sudoku_write.c - the layouts written: line, grid, numbers (with the
 * variant sections) and Solo IDs.
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku_read_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int write_numbers(FILE *f, const sudoku *s, int header)
{
    int N = s->shape.N, w = N >= 10 ? (N >= 100 ? 3 : 2) : 1;
    if (header)
        fprintf(f, "%d %dx%d\n", N, s->shape.R, s->shape.C);
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            if (c && c % s->shape.C == 0 && !s->jigsaw)
                fputs(" |", f);
            fprintf(f, "%s%*d", c ? " " : "", w, s->cell[r * N + c]);
        }
        fputc('\n', f);
    }
    return 0;
}

/* Labels of regions and cages in the grid layout's sections: printable
 * characters but '|', '.' and '#' (a line that starts with it is a
 * comment: the 65th cage of a 16x16 killer did not read back), letters
 * first. */
static const char section_labels[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    "!\"$%&'()*+,-/:;<=>?@[\\]^_`{}~";

_Static_assert(sizeof section_labels - 1 == SUDOKU_SECTION_LABELS,
               "one label a character");

const char *sudoku_layout_refusal(const sudoku *s, sudoku_layout layout,
                                  char *buf, size_t size)
{
    if (layout != SUDOKU_LAYOUT_GRID && layout != SUDOKU_LAYOUT_NUMBERS)
        return NULL;
    int regions = s->jigsaw ? s->shape.N : 0;
    if (s->n_cages <= SUDOKU_SECTION_LABELS &&
        regions <= SUDOKU_SECTION_LABELS)
        return NULL;
    snprintf(buf, size, "-o %s labels at most %d %s, and this puzzle has "
             "%d: write it as tatham or json",
             layout == SUDOKU_LAYOUT_GRID ? "grid" : "numbers",
             SUDOKU_SECTION_LABELS, regions > SUDOKU_SECTION_LABELS
             ? "regions" : "cages", regions > SUDOKU_SECTION_LABELS
             ? regions : s->n_cages);
    return buf;
}

static void write_label_rows(FILE *f, int N, const int *key)
{
    int n = (int)sizeof section_labels - 1;
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            int k = key[r * N + c];
            fputc(k < 0 ? '.' : k < n ? section_labels[k] : '?', f);
        }
        fputc('\n', f);
    }
}

/* The variant of s as sections after its grid (see sudoku_rd_sections). */
static void write_sections(FILE *f, const sudoku *s)
{
    int N = s->shape.N;
    if (s->diagonals)
        fputs("diagonals:\n", f);
    if (s->jigsaw) {
        fputs("regions:\n", f);
        write_label_rows(f, N, s->region);
    }
    if (s->n_cages) {
        fputs("cages:\n", f);
        write_label_rows(f, N, s->cage);
        for (int k = 0; k < s->n_cages && k < (int)sizeof section_labels - 1;
             k++)
            fprintf(f, "%c %d\n", section_labels[k], s->cage_sum[k]);
    }
}

int sudoku_write(FILE *f, const sudoku *s, sudoku_layout layout,
                 sudoku_symbols sym)
{
    int N = s->shape.N;
    char why[120];
    if (sudoku_layout_refusal(s, layout, why, sizeof why))
        return EOF;
    if (!sym)
        sym = sudoku_default_symbols(N);
    if (sym != SUDOKU_SYM_NUMBERS && N > (sym == SUDOKU_SYM_LETTERS ? 26
                                          : sym == SUDOKU_SYM_HEX ? 16 : 35))
        sym = SUDOKU_SYM_NUMBERS;
    switch (layout) {
    case SUDOKU_LAYOUT_TATHAM:
        sudoku_rd_write_solo_id(f, s);
        fputc('\n', f);
        break;
    case SUDOKU_LAYOUT_NUMBERS:
        write_numbers(f, s, 1);
        write_sections(f, s);
        break;
    case SUDOKU_LAYOUT_GRID:
        if (sym == SUDOKU_SYM_NUMBERS) {
            write_numbers(f, s, 0);
            write_sections(f, s);
            break;
        }
        for (int r = 0; r < N; r++) {
            if (r && r % s->shape.R == 0 && !s->jigsaw) {
                for (int c = 0; c < N; c++) {
                    if (c && c % s->shape.C == 0)
                        fputs("-+", f);
                    fputs(c ? "--" : "-", f);
                }
                fputc('\n', f);
            }
            for (int c = 0; c < N; c++) {
                if (c && c % s->shape.C == 0 && !s->jigsaw)
                    fputs(" |", f);
                fprintf(f, "%s%c", c ? " " : "",
                        sudoku_symbol_char(s->cell[r * N + c], sym));
            }
            fputc('\n', f);
        }
        write_sections(f, s);
        break;
    default:
        if (sym == SUDOKU_SYM_NUMBERS) {
            for (int i = 0; i < N * N; i++)
                fprintf(f, "%s%d", i ? " " : "", s->cell[i]);
        } else {
            for (int i = 0; i < N * N; i++)
                fputc(sudoku_symbol_char(s->cell[i], sym), f);
        }
        fputc('\n', f);
        break;
    }
    return ferror(f) ? EOF : 0;
}
