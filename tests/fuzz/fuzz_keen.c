/*
 * fuzz_keen.c - the Keen ID reader alone (Simon Tatham's game IDs: the
 * block structure, then the clues), every input read as an ID: the
 * mathdoku target with its layout forced.  Same properties as
 * fuzz_mathdoku.c: errors located, what is read written as a cage list
 * and read back the same, a small puzzle solved by DLX and DFS alike.
 */
#define FUZZ_MATHDOKU_LAYOUT MATHDOKU_LAYOUT_KEEN
#include "fuzz_mathdoku.c"
