/*
 * sudoku_hint.c - a full grid of a variant's rules, for the hint order of
 * sudoku_solver_hinted_for (see sudoku_solve.h).
 */
#include "sudoku_solve.h"

/*
 * An X grid of square boxes B x B (N = B^2), written in base B: row
 * r = (r1, r0), column c = (c1, c0), digit - 1 = (d1, d0), and
 *
 *   d = A (r1, r0) + C (c1, c0)   (mod B; A, C 2 x 2)
 *
 * A row holds each digit once when C is invertible mod B, a column when A
 * is, a box (r1, c1 fixed) when [A's column 1 | C's column 1] is; the
 * main diagonal (c = r) when A + C is and the anti-diagonal (c = N-1-r,
 * digit by digit c = B-1-r) when A - C is.  Invertible mod B: a
 * determinant prime to B.  Coefficients 0..2 meet all five for every B
 * from 2 to 39 (a search in Python); the grid is checked in any case.
 */
static int gcd(int a, int b)
{
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int unit_det(int a, int b, int c, int d, int B)
{
    int det = ((a * d - b * c) % B + B) % B;
    return gcd(det, B) == 1;
}

/* Coefficients k[0..7] (A row by row, then C) meeting the five
 * conditions above; 1 if found. */
static int x_coefficients(int B, int *k)
{
    for (int e = 0; e < 6561; e++) {          /* 3^8 */
        for (int j = 0, v = e; j < 8; j++, v /= 3)
            k[j] = v % 3;
        const int *a = k, *c = k + 4;
        if (unit_det(a[0], a[1], a[2], a[3], B) &&
            unit_det(c[0], c[1], c[2], c[3], B) &&
            unit_det(a[0] + c[0], a[1] + c[1], a[2] + c[2], a[3] + c[3],
                     B) &&
            unit_det(a[0] - c[0], a[1] - c[1], a[2] - c[2], a[3] - c[3],
                     B) &&
            unit_det(a[1], c[1], a[3], c[3], B))
            return 1;
    }
    return 0;
}

static int x_grid(const sudoku_shape *sh, unsigned char *grid)
{
    int B = sh->R, N = sh->N, k[8];
    if (sh->C != B || B < 2 || !x_coefficients(B, k))
        return 0;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int r1 = r / B, r0 = r % B, c1 = c / B, c0 = c % B;
            int d1 = (k[0] * r1 + k[1] * r0 + k[4] * c1 + k[5] * c0) % B;
            int d0 = (k[2] * r1 + k[3] * r0 + k[6] * c1 + k[7] * c0) % B;
            grid[r * N + c] = (unsigned char)(d1 * B + d0 + 1);
        }
    return 1;
}

int sudoku_hint_grid(const sudoku *p, unsigned char *grid, int *status)
{
    const sudoku_shape *sh = &p->shape;
    int N = sh->N;
    *status = SUDOKU_OK;
    if (p->n_cages)
        return 0;
    sudoku g;
    sudoku_init(&g);
    if (sudoku_set_shape(&g, *sh) != SUDOKU_OK) {
        *status = SUDOKU_ENOMEM;
        return 0;
    }
    char msg[80];
    int found = 0;
    for (int kind = 0; kind < 2 && !found; kind++) {
        if (kind == 0) {
            for (int r = 0; r < N; r++)
                for (int c = 0; c < N; c++)
                    g.cell[r * N + c] =
                        (unsigned char)sudoku_hint_digit(sh, r, c);
        } else if (!p->diagonals || !x_grid(sh, g.cell)) {
            break;
        }
        int st = sudoku_check_solution(p, &g, msg, sizeof msg);
        if (st == SUDOKU_ENOMEM) {
            *status = st;
            break;
        }
        found = st == SUDOKU_OK;
    }
    if (found)
        for (int i = 0; i < N * N; i++)
            grid[i] = g.cell[i];
    sudoku_release(&g);
    return found;
}
