/*
 * dlx_bignum.c - natural numbers of any size, for counts past 2^128.
 *
 * A count is exact or it is an error: the memo counter, the merge of
 * results and the grid counts add and multiply counts that outgrow any
 * fixed width (the domino tilings of 20x20 have 49 digits).  The
 * mission allows no runtime dependency, so this is the small part of a
 * bignum library they need: set, add, multiply, compare, and decimal in
 * and out.  Schoolbook multiplication and bit-by-bit division by 10^18
 * are enough: the numbers here have a few limbs (2^64 each), and the
 * time goes into the search, not into the arithmetic.
 *
 *   limb[0 .. n-1]   least significant limb first; n == 0 is zero, and
 *                    limb[n-1] != 0 otherwise (no leading zero limbs)
 *   cap              limbs allocated (0: limb may be NULL)
 *
 * Every function that can grow a number returns DLX_OK or DLX_ENOMEM and
 * leaves the number as it was on failure.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"
#include "dlx_inline.h"

/* The largest number of limbs: the byte count of the limbs and the
 * decimal string (about 19.3 digits a limb) stay far from SIZE_MAX. */
#define BIGNUM_MAX_LIMBS ((size_t)1 << 26)

void dlx_bignum_free(dlx_bignum *a)
{
    if (!a)
        return;
    free(a->limb);
    a->limb = NULL;
    a->n = a->cap = 0;
}

static int reserve(dlx_bignum *a, size_t n)
{
    if (n <= a->cap)
        return DLX_OK;
    if (n > BIGNUM_MAX_LIMBS)
        return DLX_ENOMEM;
    size_t cap = a->cap ? a->cap : 2;
    while (cap < n)
        cap *= 2; /* n <= 2^26: no overflow */
    uint64_t *p = realloc(a->limb, cap * sizeof *p);
    if (!p)
        return DLX_ENOMEM;
    a->limb = p;
    a->cap = cap;
    return DLX_OK;
}

static void trim(dlx_bignum *a)
{
    while (a->n && a->limb[a->n - 1] == 0)
        a->n--;
}

int dlx_bignum_set_u64(dlx_bignum *a, uint64_t v)
{
    if (reserve(a, 1) != DLX_OK)
        return DLX_ENOMEM;
    a->limb[0] = v;
    a->n = v != 0;
    return DLX_OK;
}

int dlx_bignum_set_count(dlx_bignum *a, dlx_count c)
{
    if (reserve(a, 2) != DLX_OK)
        return DLX_ENOMEM;
    a->limb[0] = c.lo;
    a->limb[1] = c.hi;
    a->n = 2;
    trim(a);
    return DLX_OK;
}

int dlx_bignum_copy(dlx_bignum *a, const dlx_bignum *b)
{
    if (a == b)
        return DLX_OK;
    if (reserve(a, b->n) != DLX_OK)
        return DLX_ENOMEM;
    if (b->n)
        memcpy(a->limb, b->limb, b->n * sizeof *b->limb);
    a->n = b->n;
    return DLX_OK;
}

int dlx_bignum_to_count(const dlx_bignum *a, dlx_count *c)
{
    if (a->n > 2)
        return DLX_EOVERFLOW;
    c->lo = a->n > 0 ? a->limb[0] : 0;
    c->hi = a->n > 1 ? a->limb[1] : 0;
    return DLX_OK;
}

int dlx_bignum_cmp(const dlx_bignum *a, const dlx_bignum *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (size_t k = a->n; k-- > 0;)
        if (a->limb[k] != b->limb[k])
            return a->limb[k] < b->limb[k] ? -1 : 1;
    return 0;
}

int dlx_bignum_add(dlx_bignum *a, const dlx_bignum *b)
{
    size_t n = a->n > b->n ? a->n : b->n;
    if (reserve(a, n + 1) != DLX_OK)
        return DLX_ENOMEM;
    /* b may be a: read b's limb before writing a's */
    uint64_t carry = 0;
    for (size_t k = 0; k < n; k++) {
        uint64_t x = k < a->n ? a->limb[k] : 0;
        uint64_t y = k < b->n ? b->limb[k] : 0;
        uint64_t s = x + y;
        uint64_t c1 = s < x;
        uint64_t s2 = s + carry;
        carry = c1 | (s2 < s);
        a->limb[k] = s2;
    }
    a->limb[n] = carry;
    a->n = n + 1;
    trim(a);
    return DLX_OK;
}

int dlx_bignum_mul(dlx_bignum *a, const dlx_bignum *b)
{
    if (a->n == 0 || b->n == 0) {
        a->n = 0;
        return DLX_OK;
    }
    if (a->n + b->n > BIGNUM_MAX_LIMBS)
        return DLX_ENOMEM;
    size_t n = a->n + b->n;
    uint64_t *r = calloc(n, sizeof *r);
    if (!r)
        return DLX_ENOMEM;
    for (size_t i = 0; i < a->n; i++) {
        uint64_t carry = 0;
        for (size_t j = 0; j < b->n; j++) {
            uint64_t hi, lo;
            mul_64(a->limb[i], b->limb[j], &hi, &lo);
            /* r[i+j] + lo + carry < 2^128: two carries at most */
            uint64_t s = r[i + j] + lo;
            hi += s < lo;
            uint64_t s2 = s + carry;
            hi += s2 < s;
            r[i + j] = s2;
            carry = hi;
        }
        r[i + b->n] = carry;
    }
    free(a->limb);
    a->limb = r;
    a->cap = n;
    a->n = n;
    trim(a);
    return DLX_OK;
}

int dlx_bignum_mul_u64(dlx_bignum *a, uint64_t v)
{
    dlx_bignum b = { &v, 1, 1 };
    if (v == 0) {
        a->n = 0;
        return DLX_OK;
    }
    return dlx_bignum_mul(a, &b);
}

/* a = a * mul + v (v < mul <= 10^18); for the decimal reader */
static int mul_add_small(dlx_bignum *a, uint64_t mul, uint64_t v)
{
    if (reserve(a, a->n + 1) != DLX_OK)
        return DLX_ENOMEM;
    uint64_t carry = v;
    for (size_t k = 0; k < a->n; k++) {
        uint64_t hi, lo;
        mul_64(a->limb[k], mul, &hi, &lo);
        uint64_t s = lo + carry;
        hi += s < lo;
        a->limb[k] = s;
        carry = hi;
    }
    a->limb[a->n] = carry;
    a->n++;
    trim(a);
    return DLX_OK;
}

/* a /= v, returning the remainder (0 < v < 2^63) */
static uint64_t div_small(dlx_bignum *a, uint64_t v)
{
    /* 128-by-64 division a limb at a time, 32 bits at a time so that it
     * stays in portable C */
    uint64_t rem = 0;
    for (size_t k = a->n; k-- > 0;) {
        uint64_t x = a->limb[k], q = 0;
        for (int half = 1; half >= 0; half--) {
            /* rem < v < 2^64; take 32 bits of x */
            uint64_t part = (x >> (32 * half)) & 0xffffffffu;
            uint64_t qh = 0;
            for (int bit = 31; bit >= 0; bit--) {
                /* rem = rem * 2 + next bit: rem < v < 2^63, no overflow */
                rem = (rem << 1) | ((part >> bit) & 1);
                qh <<= 1;
                if (rem >= v) {
                    rem -= v;
                    qh |= 1;
                }
            }
            q = (q << 32) | qh;
        }
        a->limb[k] = q;
    }
    trim(a);
    return rem;
}

/* decimal groups of 18 digits: 10^18 < 2^63, so that the bit-by-bit
 * division above never shifts a bit out */
#define GROUP 18
#define TEN_GROUP 1000000000000000000ULL

char *dlx_bignum_str(const dlx_bignum *a)
{
    /* 20 digits per limb is more than enough (2^64 < 10^20) */
    size_t cap = a->n * 20 + 2;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    if (a->n == 0) {
        strcpy(out, "0");
        return out;
    }
    dlx_bignum t = { NULL, 0, 0 };
    if (dlx_bignum_copy(&t, a) != DLX_OK) {
        free(out);
        return NULL;
    }
    /* groups of GROUP digits, least significant first, then reversed */
    size_t len = 0;
    while (t.n) {
        uint64_t g = div_small(&t, TEN_GROUP);
        for (int d = 0; d < GROUP; d++) {
            out[len++] = (char)('0' + g % 10);
            g /= 10;
            if (t.n == 0 && g == 0)
                break;
        }
    }
    dlx_bignum_free(&t);
    while (len > 1 && out[len - 1] == '0')
        len--;
    for (size_t i = 0, j = len - 1; i < j; i++, j--) {
        char c = out[i];
        out[i] = out[j];
        out[j] = c;
    }
    out[len] = '\0';
    return out;
}

int dlx_bignum_parse(dlx_bignum *a, const char *s, size_t len)
{
    if (len == 0)
        return DLX_EINVAL;
    for (size_t k = 0; k < len; k++)
        if (s[k] < '0' || s[k] > '9')
            return DLX_EINVAL;
    if (len > 1 && s[0] == '0')
        return DLX_EINVAL; /* one spelling per number */
    dlx_bignum r = { NULL, 0, 0 };
    size_t first = len % GROUP ? len % GROUP : GROUP;
    for (size_t k = 0; k < len;) {
        size_t take = k == 0 ? first : GROUP;
        uint64_t g = 0, mul = 1;
        for (size_t d = 0; d < take; d++) {
            g = g * 10 + (uint64_t)(s[k + d] - '0');
            mul *= 10;
        }
        if (mul_add_small(&r, mul, g) != DLX_OK) {
            dlx_bignum_free(&r);
            return DLX_ENOMEM;
        }
        k += take;
    }
    dlx_bignum_free(a);
    *a = r;
    return DLX_OK;
}

int dlx_bignum_sub(dlx_bignum *a, const dlx_bignum *b)
{
    if (dlx_bignum_cmp(a, b) < 0)
        return DLX_EINVAL;
    uint64_t borrow = 0;
    for (size_t k = 0; k < a->n; k++) {
        uint64_t y = k < b->n ? b->limb[k] : 0;
        uint64_t x = a->limb[k];
        uint64_t d = x - y;
        uint64_t b1 = x < y;
        uint64_t d2 = d - borrow;
        borrow = b1 | (d < borrow);
        a->limb[k] = d2;
    }
    trim(a);
    return DLX_OK;
}

int dlx_bignum_random_below(dlx_bignum *a, const dlx_bignum *bound,
                            uint64_t (*next)(void *), void *ctx)
{
    if (bound->n == 0)
        return DLX_EINVAL;
    if (reserve(a, bound->n) != DLX_OK)
        return DLX_ENOMEM;
    /* uniform below 2^bits, rejected until below bound: fewer than two
     * tries on average */
    uint64_t top = bound->limb[bound->n - 1], mask = top;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    for (;;) {
        for (size_t k = 0; k < bound->n; k++)
            a->limb[k] = next(ctx);
        a->limb[bound->n - 1] &= mask;
        a->n = bound->n;
        trim(a);
        if (dlx_bignum_cmp(a, bound) < 0)
            return DLX_OK;
    }
}
