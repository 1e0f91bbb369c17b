/*
 * problems_impl.h - what the files of the problems library share; not part
 * of its interface.
 */
#ifndef PROBLEMS_IMPL_H
#define PROBLEMS_IMPL_H

#include "problems.h"

/* Fills err (message as printf) and returns PROBLEMS_EINPUT. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
int problems_fail(problems_error *err, int line, int col, const char *fmt,
                  ...);

/* The name of a board cell: row and column as base-36 digits ("3a"), as
 * Knuth's polyomino programs name them; buf holds 3 bytes. */
char *problems_cell(int r, int c, char *buf);

/* "| KIND ARG [--reduce]: what it is (how it is reduced)" */
void problems_write_title(FILE *f, const problems_spec *sp, const char *arg);

int problems_write_poly(FILE *f, const problems_spec *sp, const char *arg,
                        problems_error *err);
/* kqueens and assignment (problems_mcc.c), after the title. */
void problems_write_mcc(FILE *f, const problems_spec *sp);
int problems_write_set(FILE *f, const problems_spec *sp, problems_error *err);

#endif
