/*
 * dlx_read.h - Knuth's text format for exact cover (dlx1, dlx2 colors).
 *
 *   | a comment: any line whose first non-blank character is '|'
 *   A B C D E | F G          items: primary, then '|' and secondary ones
 *   C E F                    one option per line
 *   A D G:x                  secondary item with a color (dlx2)
 *
 * Item and color names are runs of printable ASCII other than ':' and '|'.
 * Knuth limits item names to 8 characters; we accept up to
 * DLX_MAX_NAME_LEN so that generated names need not be squeezed.
 */
#ifndef DLX_READ_H
#define DLX_READ_H

#include <stdio.h>

#include "dlx.h"
#include "dlx_diag.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DLX_MAX_NAME_LEN 64

/* dlx_diag: a message about a position in the input (dlx_diag.h). */

/* A problem read from text: the matrix plus what is needed to print it. */
typedef struct dlx_problem {
    dlx_matrix *matrix;
    int n_items, n_primary;
    char **item_names;     /* n_items names */
    int n_colors;
    char **color_names;    /* color c > 0 is color_names[c - 1] */
    int *option_line;      /* input line of each option of the matrix */
    dlx_diag *warnings;    /* e.g. options dropped for having no primary
                              item; n_warnings of them */
    int n_warnings;
} dlx_problem;

/* Reads a problem from text of the given length (NUL bytes in it are
 * errors, not terminators; a line ends at "\n", "\r\n" or a lone
 * "\r").  Returns DLX_OK and a new problem in *out, or
 * a negative status with *out NULL and the first error in *err:
 * DLX_ESYNTAX for text not in the format (a NUL byte, a bad or unknown
 * name, no item line...), DLX_EBOUNDS, DLX_EREPEAT, DLX_ENOPRIMARY or
 * DLX_ECOLOR for what they name, err->line and err->col saying where;
 * DLX_ETOOBIG, DLX_ENOMEM; dlx_read_file: DLX_EREAD on a read error. */
int dlx_read_text(const char *text, size_t len, dlx_problem **out,
                  dlx_diag *err);

/* The same, reading the whole stream first (and no further than its
 * first NUL byte, so that endless binary input is refused, not read). */
int dlx_read_file(FILE *f, dlx_problem **out, dlx_diag *err);

/* Frees the problem and its matrix; NULL is harmless. */
void dlx_problem_free(dlx_problem *p);

/* Writes option `option` as it appeared: item names separated by spaces,
 * colors as name:color.  Returns DLX_OK (0), DLX_EWRITE on a write
 * error, DLX_EOPTION for a bad option index, or DLX_ENOMEM. */
int dlx_write_option(FILE *f, const dlx_problem *p, int option);

/* Writes the whole problem back in the same format (items line, then one
 * option per line); reading it gives the same matrix.  DLX_OK (0),
 * DLX_EWRITE, or DLX_ENOMEM. */
int dlx_write_problem(FILE *f, const dlx_problem *p);

#ifdef __cplusplus
}
#endif

#endif
