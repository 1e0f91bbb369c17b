/*
 * problems_dfs.c - the naive depth-first searches a course starts from,
 * written as sudoku_solve_dfs and mathdoku_solve_dfs are: k is the
 * position being filled, value[k] the value tried there; a step either
 * places the next allowed value and goes on to k+1, or finds none and
 * backs up to k-1.
 */
#include "problems.h"

#include <stdio.h>
#include <string.h>

/* What the two searches share: the loop, with the rule as a callback
 * pair would cost a call per test; two copies of twenty lines read
 * better side by side (and are the lecture's two slides). */

int problems_permutations_dfs(int n, const grid_limits *lim,
                              problems_solution_fn on_solution, void *ctx,
                              grid_outcome *out)
{
    memset(out, 0, sizeof *out);
    if (n < 1 || n > PROBLEMS_MAX_DFS)
        return PROBLEMS_EINPUT;
    int value[PROBLEMS_MAX_DFS + 1] = { 0 };
    unsigned char used[PROBLEMS_MAX_DFS + 2] = { 0 };
    uint64_t max_sol = lim ? lim->max_solutions : 0;
    uint64_t nodes = 0, found = 0;
    int k = 0;
    grid_cut cut = GRID_NOT_CUT;
    double start = grid_seconds();
    /* k: the position being filled; value[k]: the value tried there */
    while (k >= 0) {
        if (k == n) {
            found++;
            if (lim && lim->on_step)
                lim->on_step(lim->step_ctx,
                             "every position filled: a solution", k);
            if ((on_solution && on_solution(ctx, value, n)) ||
                (max_sol && found >= max_sol))
                break;
            k--;
            continue;
        }
        int v = value[k];
        if (v)
            used[v] = 0;  /* take back the value tried here */
        for (v++; v <= n; v++)
            if (!used[v])
                break;
        if (v > n) {
            value[k] = 0;
            if (grid_saying(lim))
                grid_say(lim, k, "backtrack: no value left for p%d", k + 1);
            k--;
            continue;
        }
        if ((cut = grid_poll(lim, nodes, start)) != GRID_NOT_CUT)
            break;
        nodes++;
        value[k] = v;
        used[v] = 1;
        if (grid_saying(lim))
            grid_say(lim, k, "p%d = %d", k + 1, v);
        k++;
    }
    grid_dfs_outcome(out, found, nodes, cut, start);
    return PROBLEMS_OK;
}

int problems_queens_dfs(int n, const grid_limits *lim,
                        problems_solution_fn on_solution, void *ctx,
                        grid_outcome *out)
{
    memset(out, 0, sizeof *out);
    if (n < 1 || n > PROBLEMS_MAX_DFS)
        return PROBLEMS_EINPUT;
    int col[PROBLEMS_MAX_DFS + 1] = { 0 };
    /* attacked columns, sum diagonals r+c, difference diagonals r-c+n */
    unsigned char up[PROBLEMS_MAX_DFS + 2] = { 0 };
    unsigned char sum[2 * PROBLEMS_MAX_DFS + 2] = { 0 };
    unsigned char dif[2 * PROBLEMS_MAX_DFS + 2] = { 0 };
    uint64_t max_sol = lim ? lim->max_solutions : 0;
    uint64_t nodes = 0, found = 0;
    int k = 0;
    grid_cut cut = GRID_NOT_CUT;
    double start = grid_seconds();
    /* k: the row being filled (0-based); col[k]: the column tried there */
    while (k >= 0) {
        if (k == n) {
            found++;
            if (lim && lim->on_step)
                lim->on_step(lim->step_ctx, "every row filled: a solution",
                             k);
            if ((on_solution && on_solution(ctx, col, n)) ||
                (max_sol && found >= max_sol))
                break;
            k--;
            continue;
        }
        int c = col[k];
        if (c)
            up[c] = sum[k + c] = dif[k - c + n] = 0;
        for (c++; c <= n; c++)
            if (!up[c] && !sum[k + c] && !dif[k - c + n])
                break;
        if (c > n) {
            col[k] = 0;
            if (grid_saying(lim))
                grid_say(lim, k, "backtrack: no column left for r%d", k + 1);
            k--;
            continue;
        }
        if ((cut = grid_poll(lim, nodes, start)) != GRID_NOT_CUT)
            break;
        nodes++;
        col[k] = c;
        up[c] = sum[k + c] = dif[k - c + n] = 1;
        if (grid_saying(lim))
            grid_say(lim, k, "r%d = c%d", k + 1, c);
        k++;
    }
    grid_dfs_outcome(out, found, nodes, cut, start);
    return PROBLEMS_OK;
}
