/*
 * fuzz_solo.c - the Solo ID reader alone (plain and variant IDs: 3x3x:,
 * 9j:, 3x3k:, 9jxk:...), every input read as an ID: the sudoku target
 * with its layout forced, so that every mutation lands in the ID parser
 * (its block and cage parts, their edges and runs) rather than in the
 * detection of the layout.  Same properties as fuzz_sudoku.c: errors
 * located, what is read written in each layout and read back the same,
 * a bounded search whose solutions pass the checker.
 */
#define FUZZ_SUDOKU_LAYOUT SUDOKU_LAYOUT_TATHAM
#include "fuzz_sudoku.c"
