/*
 * dlx_ext.c - what a matrix keeps for multiplicities and costs: item
 * bounds (Knuth's dlx3) and option costs (dlx5), with their copy, free
 * and share of the fingerprint.  The searches that read them are
 * dlx_mcc.c (Algorithm M) and dlx_cost.c (the k cheapest).
 */
#include "dlx_mcc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void dlxi_ext_free(dlxi_ext *x)
{
    free(x->lo);
    free(x->hi);
    free(x->cost);
    if (x->mcc)
        dlxi_mcc_release(x->mcc);
    if (x->best)
        dlxi_best_release(x->best);
    memset(x, 0, sizeof *x);
}

int dlxi_ext_copy(dlxi_ext *dst, const dlxi_ext *src, int n_items)
{
    memset(dst, 0, sizeof *dst);
    if (src->lo) {
        dst->lo = malloc((size_t)n_items * sizeof *dst->lo);
        dst->hi = malloc((size_t)n_items * sizeof *dst->hi);
        if (!dst->lo || !dst->hi)
            return DLX_ENOMEM;
        memcpy(dst->lo, src->lo, (size_t)n_items * sizeof *dst->lo);
        memcpy(dst->hi, src->hi, (size_t)n_items * sizeof *dst->hi);
    }
    if (src->cost) {
        dst->cost = malloc((size_t)src->cap_cost * sizeof *dst->cost);
        if (!dst->cost)
            return DLX_ENOMEM;
        memcpy(dst->cost, src->cost, (size_t)src->cap_cost * sizeof
               *dst->cost);
    }
    dst->n_bounded = src->n_bounded;
    dst->cap_cost = src->cap_cost;
    dst->cost_sum = src->cost_sum;
    return DLX_OK;
}

uint64_t dlxi_ext_mix(const dlxi_ext *x, uint64_t h, int n_items,
                      int n_options)
{
    /* plain matrices keep the fingerprint they had before bounds */
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211u)
    if (x->n_bounded)
        for (int i = 0; i < n_items; i++) {
            MIX((uint32_t)x->lo[i]);
            MIX((uint32_t)x->hi[i]);
        }
    if (x->cost_sum)
        for (int o = 0; o < n_options && o < x->cap_cost; o++)
            MIX(x->cost[o]);
#undef MIX
    return h;
}

int dlx_set_bounds(dlx_matrix *m, int item, int lo, int hi)
{
    dlxi_ext *x = dlxi_ext_of(m);
    if (*dlxi_busy(m))
        return DLX_EBUSY;
    if (item < 0 || item >= dlx_num_primary(m))
        return DLX_EITEM;
    if (lo < 0 || lo > hi || hi < 1 || hi > DLX_MAX_BOUND)
        return DLX_EBOUNDS;
    int n = dlx_num_items(m);
    if (!x->lo) {
        x->lo = malloc((size_t)n * sizeof *x->lo);
        x->hi = malloc((size_t)n * sizeof *x->hi);
        if (!x->lo || !x->hi) {
            free(x->lo);
            free(x->hi);
            x->lo = x->hi = NULL;
            return DLX_ENOMEM;
        }
        for (int i = 0; i < n; i++)
            x->lo[i] = x->hi[i] = 1;
    }
    x->n_bounded -= x->lo[item] != 1 || x->hi[item] != 1;
    x->lo[item] = lo;
    x->hi[item] = hi;
    x->n_bounded += lo != 1 || hi != 1;
    return DLX_OK;
}

int dlx_item_bounds(const dlx_matrix *m, int item, int *lo, int *hi)
{
    const dlxi_ext *x = dlxi_ext_const(m);
    if (item < 0 || item >= dlx_num_items(m))
        return DLX_EITEM;
    *lo = x->lo ? x->lo[item] : 1;
    *hi = x->hi ? x->hi[item] : 1;
    return DLX_OK;
}

int dlx_set_cost(dlx_matrix *m, int option, int64_t cost)
{
    dlxi_ext *x = dlxi_ext_of(m);
    if (*dlxi_busy(m))
        return DLX_EBUSY;
    if (option < 0 || option >= dlx_num_options(m))
        return DLX_EOPTION;
    if (cost < 0 || cost > DLX_MAX_COST)
        return DLX_EBOUNDS;
    if (option >= x->cap_cost) {
        int cap = x->cap_cost ? x->cap_cost : 64;
        while (cap <= option)
            cap = cap > INT_MAX / 2 ? INT_MAX : 2 * cap;
        int64_t *c = realloc(x->cost, (size_t)cap * sizeof *c);
        if (!c)
            return DLX_ENOMEM;
        memset(c + x->cap_cost, 0, (size_t)(cap - x->cap_cost) * sizeof *c);
        x->cost = c;
        x->cap_cost = cap;
    }
    int64_t sum = x->cost_sum - x->cost[option];
    if (sum > INT64_MAX - cost)
        return DLX_EBOUNDS;
    x->cost_sum = sum + cost;
    x->cost[option] = cost;
    return DLX_OK;
}

int64_t dlx_option_cost(const dlx_matrix *m, int option)
{
    const dlxi_ext *x = dlxi_ext_const(m);
    if (option < 0 || option >= dlx_num_options(m))
        return -1;
    return option < x->cap_cost ? x->cost[option] : 0;
}
