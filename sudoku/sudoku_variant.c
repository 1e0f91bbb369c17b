/*
 * sudoku_variant.c - the units and cages of the variants (X, jigsaw,
 * killer and their combinations) on the board of sudoku_grid.h.
 *
 * Everything that asks "which cells must hold distinct digits" asks
 * sudoku_units, so that the encoder, the naive search, the checker and
 * the givens' check see the same units for every variant.
 */
#include "sudoku_grid.h"

#include <stdlib.h>
#include <string.h>

int sudoku_is_variant(const sudoku *s)
{
    return s->diagonals || s->jigsaw || s->n_cages > 0;
}

int sudoku_region_of(const sudoku *s, int cell)
{
    const sudoku_shape *sh = &s->shape;
    if (s->jigsaw)
        return s->region[cell];
    int r = cell / sh->N, c = cell % sh->N;
    return (r / sh->R) * sh->R + c / sh->C;
}

/* Room for N*N ints in *a (capacity *cap); 0 or SUDOKU_ENOMEM. */
static int grow(int **a, int *cap, int n)
{
    if (n <= *cap)
        return 0;
    int *p = realloc(*a, (size_t)n * sizeof *p);
    if (!p)
        return SUDOKU_ENOMEM;
    *a = p;
    *cap = n;
    return 0;
}

int sudoku_set_regions(sudoku *s, const int *region)
{
    int NN = s->shape.N * s->shape.N;
    if (grow(&s->region, &s->region_cap, NN))
        return SUDOKU_ENOMEM;
    memcpy(s->region, region, (size_t)NN * sizeof *region);
    s->jigsaw = 1;
    return SUDOKU_OK;
}

int sudoku_set_cages(sudoku *s, int n, const int *cage, const int *sum)
{
    int NN = s->shape.N * s->shape.N;
    /* one allocation: N*N cells' cages, then at most N*N sums */
    if (grow(&s->cage, &s->cage_cap, 2 * NN))
        return SUDOKU_ENOMEM;
    memcpy(s->cage, cage, (size_t)NN * sizeof *cage);
    s->cage_sum = s->cage + NN;
    memcpy(s->cage_sum, sum, (size_t)n * sizeof *sum);
    s->n_cages = n;
    return SUDOKU_OK;
}

int sudoku_copy_variant(sudoku *dst, const sudoku *src)
{
    dst->diagonals = src->diagonals;
    dst->jigsaw = 0;
    dst->n_cages = 0;
    if (src->jigsaw && sudoku_set_regions(dst, src->region) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    if (src->n_cages > 0 &&
        sudoku_set_cages(dst, src->n_cages, src->cage, src->cage_sum) !=
            SUDOKU_OK)
        return SUDOKU_ENOMEM;
    return SUDOKU_OK;
}

int sudoku_copy(sudoku *dst, const sudoku *src)
{
    if (sudoku_set_shape(dst, src->shape) != SUDOKU_OK)
        return SUDOKU_ENOMEM;
    memcpy(dst->cell, src->cell, (size_t)src->shape.N * src->shape.N);
    return sudoku_copy_variant(dst, src);
}

int sudoku_unit_count(const sudoku *s)
{
    return 3 * s->shape.N + (s->diagonals ? 2 : 0);
}

int sudoku_units(const sudoku *s, int *cells)
{
    const sudoku_shape *sh = &s->shape;
    int N = sh->N;
    for (int kind = 0; kind < 2; kind++)
        for (int u = 0; u < N; u++)
            for (int k = 0; k < N; k++)
                cells[(kind * N + u) * N + k] =
                    sudoku_unit_cell(sh, kind, u, k);
    if (s->jigsaw) {
        int *fill = calloc((size_t)N, sizeof *fill);
        if (!fill)
            return -1;
        for (int i = 0; i < N * N; i++) {
            int g = s->region[i];
            if (fill[g] < N)
                cells[(2 * N + g) * N + fill[g]++] = i;
        }
        free(fill);
    } else {
        for (int u = 0; u < N; u++)
            for (int k = 0; k < N; k++)
                cells[(2 * N + u) * N + k] = sudoku_unit_cell(sh, 2, u, k);
    }
    if (s->diagonals)
        for (int k = 0; k < N; k++) {
            cells[3 * N * N + k] = k * N + k;
            cells[(3 * N + 1) * N + k] = k * N + (N - 1 - k);
        }
    return sudoku_unit_count(s);
}

char *sudoku_unit_name(const sudoku *s, int unit, char *buf)
{
    int N = s->shape.N, kind = unit / N;
    static const char *const what[] = { "row", "column", "box" };
    if (kind == 2 && s->jigsaw)
        snprintf(buf, 32, "region %d", unit % N + 1);
    else if (kind < 3)
        snprintf(buf, 32, "%s %d", what[kind], unit % N + 1);
    else
        snprintf(buf, 32, unit == 3 * N ? "main diagonal" : "anti-diagonal");
    return buf;
}

const char *sudoku_variant_name(const sudoku *s, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s%s%s", s->diagonals ? "X" : "",
             s->diagonals && s->jigsaw ? " " : "", s->jigsaw ? "jigsaw" : "",
             (s->diagonals || s->jigsaw) && s->n_cages ? " " : "",
             s->n_cages ? "killer" : "");
    return buf;
}

int sudoku_cells_reached(const int *key, int N, int k, int from, int *stack,
                         unsigned char *seen)
{
    memset(seen, 0, (size_t)N * N);
    int top = 0, reached = 0;
    stack[top++] = from;
    seen[from] = 1;
    while (top > 0) {
        int i = stack[--top], r = i / N, c = i % N;
        reached++;
        const int next[4][2] = { { r - 1, c }, { r + 1, c }, { r, c - 1 },
                                 { r, c + 1 } };
        for (int j = 0; j < 4; j++) {
            int nr = next[j][0], nc = next[j][1], o = nr * N + nc;
            if (nr < 0 || nr >= N || nc < 0 || nc >= N || seen[o] ||
                key[o] != k)
                continue;
            seen[o] = 1;
            stack[top++] = o;
        }
    }
    return reached;
}

/* Is the set of cells with key[i] == k connected (rook moves)?  Its
 * size in *size. */
static int connected(const int *key, int N, int k, int *size, int *stack,
                     unsigned char *seen)
{
    int first = -1, n = 0;
    for (int i = 0; i < N * N; i++)
        if (key[i] == k) {
            n++;
            if (first < 0)
                first = i;
        }
    *size = n;
    if (first < 0)
        return 1;
    return sudoku_cells_reached(key, N, k, first, stack, seen) == n;
}

/* The tuples of distinct digits 1..N with this sum on n cells: the sets
 * of n digits with the sum (counted by a knapsack over the digits) times
 * n!, saturated at `cap` + 1. */
static double cage_tuples(int N, int n, int sum, double cap)
{
    enum { MAX_SUM = SUDOKU_MAX_CAGE_ORDER * (SUDOKU_MAX_CAGE_ORDER + 1) / 2 };
    static const int max_n = SUDOKU_MAX_CAGE_ORDER;
    if (n > N || n > max_n || sum > MAX_SUM)
        return 0;
    /* sets[k][t]: sets of k digits so far adding up to t */
    double sets[SUDOKU_MAX_CAGE_ORDER + 1][MAX_SUM + 1];
    memset(sets, 0, sizeof sets);
    sets[0][0] = 1;
    for (int d = 1; d <= N; d++)
        for (int k = n; k >= 1; k--)
            for (int t = sum; t >= d; t--)
                sets[k][t] += sets[k - 1][t - d];
    double tuples = sets[n][sum];
    for (int k = 2; k <= n && tuples <= cap; k++)
        tuples *= k;
    return tuples > cap ? cap + 1 : tuples;
}

int sudoku_check_variant(const sudoku *s, dlx_diag *err)
{
    int N = s->shape.N, NN = N * N, st = SUDOKU_OK;
    int *stack = malloc((size_t)NN * sizeof *stack);
    unsigned char *seen = malloc((size_t)NN);
    if (!stack || !seen) {
        free(stack);
        free(seen);
        return SUDOKU_ENOMEM;
    }
    char name[24];
    double tuples = 0;
    for (int g = 0; s->jigsaw && g < N && st == SUDOKU_OK; g++) {
        int size;
        if (!connected(s->region, N, g, &size, stack, seen))
            st = text_error(err, 0, 0, "region %d is not connected", g + 1);
        else if (size != N)
            st = text_error(err, 0, 0, "region %d has %d cells, expected %d",
                            g + 1, size, N);
    }
    if (s->n_cages > 0 && N > SUDOKU_MAX_CAGE_ORDER && st == SUDOKU_OK)
        st = text_error(err, 0, 0, "cages are taken up to order %d, not %d",
                        SUDOKU_MAX_CAGE_ORDER, N);
    for (int k = 0; k < s->n_cages && st == SUDOKU_OK; k++) {
        int size, first = 0;
        while (first < NN && s->cage[first] != k)
            first++;
        sudoku_cell_name(&s->shape, first < NN ? first : 0, name);
        long least, most;
        if (!connected(s->cage, N, k, &size, stack, seen)) {
            st = text_error(err, 0, 0, "the cage at %s is not connected",
                            name);
            continue;
        }
        if (size < 1 || size > N) {
            st = text_error(err, 0, 0, "the cage at %s has %d cells (1 to %d "
                            "hold distinct digits)", name, size, N);
            continue;
        }
        least = (long)size * (size + 1) / 2;
        most = (long)size * (2L * N - size + 1) / 2;
        if (s->cage_sum[k] < least || s->cage_sum[k] > most) {
            st = text_error(err, 0, 0, "the cage at %s has %d cells and sum "
                            "%d: distinct digits 1-%d add up to %ld to %ld",
                            name, size, s->cage_sum[k], N, least, most);
            continue;
        }
        tuples += cage_tuples(N, size, s->cage_sum[k], SUDOKU_MAX_TUPLES);
        if (tuples > SUDOKU_MAX_TUPLES)
            st = text_error(err, 0, 0, "the cages have more than %ld digit "
                            "tuples in all (at the cage at %s, of %d cells "
                            "and sum %d): too many to encode",
                            (long)SUDOKU_MAX_TUPLES, name, size,
                            s->cage_sum[k]);
    }
    free(stack);
    free(seen);
    return st;
}
