/*
 * dlx_diag.h - a message about a position in the input, the one shape
 * every reader of the project reports in: Knuth's format and the jobs and
 * results files (dlx_read.h, dlx_parallel.h: dlx_diag), sudoku and
 * mathdoku puzzles and the text layer under them all (text.h: text_diag).
 * It is defined here, once, because this header is installed with libdlx
 * and the text layer's is not; it holds a type and nothing else.
 */
#ifndef DLX_DIAG_H
#define DLX_DIAG_H

/* line and col count from 1 (col 0: the whole line; line 0: the whole
 * input); message is NUL-terminated. */
struct text_diag {
    int line, col;
    char message[200];
};
typedef struct text_diag dlx_diag;

#endif
