/*
 * test_bignum.c - counts of any size (dlx_bignum) against published
 * numbers and against arithmetic done on the decimal strings themselves.
 *
 * Published: powers of two, factorials (OEIS A000142) and the Fibonacci
 * numbers (OEIS A000045) far past 2^128.  Independent: for random
 * numbers of up to 300 digits, the residues of a + b and a * b modulo a
 * few primes below 2^31, computed digit by digit from the decimal
 * strings (Horner's rule in 64-bit arithmetic), must equal those of the
 * printed result; and every number printed reads back to itself.  The
 * seed is printed and can be given as the first argument.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dlx.h"

static const char *POW2_200 =
    "1606938044258990275541962092341162602522202993782792835301376";
static const char *FACT_100 =
    "9332621544394415268169923885626670049071596826438162146859296389521759"
    "9993229915608941463976156518286253697920827223758251185210916864000000"
    "000000000000000000";
/* F(300), OEIS A000045 */
static const char *FIB_300 =
    "222232244629420445529739893461909967206666939096499764990979600";

static void check_str(const dlx_bignum *a, const char *want, const char *what)
{
    char *s = dlx_bignum_str(a);
    CHECK(s && strcmp(s, want) == 0, "%s: got %s, want %s", what,
          s ? s : "(null)", want);
    free(s);
}

static void published(void)
{
    dlx_bignum a = DLX_BIGNUM_INIT, b = DLX_BIGNUM_INIT;

    check_str(&a, "0", "zero");
    dlx_bignum_set_u64(&a, 1);
    for (int k = 0; k < 200; k++)
        CHECK(dlx_bignum_add(&a, &a) == DLX_OK, "doubling");
    check_str(&a, POW2_200, "2^200 by doubling");
    dlx_bignum_set_u64(&b, 2);
    dlx_bignum_set_u64(&a, 1);
    for (int k = 0; k < 200; k++)
        dlx_bignum_mul(&a, &b);
    check_str(&a, POW2_200, "2^200 by products");

    dlx_bignum_set_u64(&a, 1);
    for (uint64_t k = 2; k <= 100; k++)
        CHECK(dlx_bignum_mul_u64(&a, k) == DLX_OK, "factorial");
    check_str(&a, FACT_100, "100!");

    dlx_bignum f0 = DLX_BIGNUM_INIT, f1 = DLX_BIGNUM_INIT;
    dlx_bignum_set_u64(&f1, 1);
    for (int k = 1; k < 300; k++) { /* (f0, f1) = (f1, f0 + f1) */
        dlx_bignum_add(&f0, &f1);
        dlx_bignum t = f0;
        f0 = f1;
        f1 = t;
    }
    check_str(&f1, FIB_300, "F(300)");

    /* 2^128 does not fit a dlx_count; 2^128 - 1 does */
    dlx_count c;
    dlx_bignum_parse(&a, "340282366920938463463374607431768211456", 39);
    CHECK(dlx_bignum_to_count(&a, &c) == DLX_EOVERFLOW, "2^128 fits?");
    dlx_bignum_parse(&a, "340282366920938463463374607431768211455", 39);
    CHECK(dlx_bignum_to_count(&a, &c) == DLX_OK &&
          c.hi == UINT64_MAX && c.lo == UINT64_MAX, "2^128 - 1");
    dlx_bignum_set_count(&b, c);
    CHECK(dlx_bignum_cmp(&a, &b) == 0, "set_count round trip");

    /* bad spellings are refused and leave the number as it was */
    const char *bad[] = { "", "-1", "12a", "007", " 1", "1 " };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        CHECK(dlx_bignum_parse(&a, bad[k], strlen(bad[k])) == DLX_EINVAL,
              "'%s' read", bad[k]);
        CHECK(dlx_bignum_cmp(&a, &b) == 0, "'%s' changed the number", bad[k]);
    }
    dlx_bignum_free(&a);
    dlx_bignum_free(&b);
    dlx_bignum_free(&f0);
    dlx_bignum_free(&f1);
}

static uint64_t state;
static uint64_t next(void)
{
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void random_digits(char *s, size_t len)
{
    s[0] = (char)('1' + next() % 9);
    for (size_t k = 1; k < len; k++)
        s[k] = (char)('0' + next() % 10);
    s[len] = '\0';
}

static uint64_t residue(const char *s, uint64_t p)
{
    uint64_t r = 0;
    for (; *s; s++)
        r = (r * 10 + (uint64_t)(*s - '0')) % p;
    return r;
}

static void against_residues(void)
{
    static const uint64_t primes[] = { 2147483647u, 1000000007u, 998244353u };
    char sa[320], sb[320];
    int bad = 0;
    for (int round = 0; round < 2000; round++) {
        size_t la = 1 + next() % 300, lb = 1 + next() % 300;
        random_digits(sa, la);
        random_digits(sb, lb);
        if (round % 10 == 0)
            strcpy(sb, "0");
        dlx_bignum a = DLX_BIGNUM_INIT, b = DLX_BIGNUM_INIT,
                   sum = DLX_BIGNUM_INIT;
        if (dlx_bignum_parse(&a, sa, strlen(sa)) != DLX_OK ||
            dlx_bignum_parse(&b, sb, strlen(sb)) != DLX_OK) {
            bad++;
            continue;
        }
        char *back = dlx_bignum_str(&a);
        bad += !back || strcmp(back, sa) != 0;
        free(back);
        dlx_bignum_copy(&sum, &a);
        dlx_bignum_add(&sum, &b);
        dlx_bignum_mul(&a, &b);
        char *ss = dlx_bignum_str(&sum), *sp = dlx_bignum_str(&a);
        for (size_t k = 0; k < sizeof primes / sizeof *primes; k++) {
            uint64_t p = primes[k];
            uint64_t ra = residue(sa, p), rb = residue(sb, p);
            bad += residue(ss, p) != (ra + rb) % p;
            bad += residue(sp, p) != ra * rb % p;
        }
        /* the product has la + lb - 1 or la + lb digits (or is zero) */
        size_t lp = strlen(sp);
        bad += strcmp(sb, "0") == 0 ? strcmp(sp, "0") != 0
                                    : lp != la + lb && lp != la + lb - 1;
        free(ss);
        free(sp);
        dlx_bignum_free(&a);
        dlx_bignum_free(&b);
        dlx_bignum_free(&sum);
    }
    CHECK(bad == 0, "%d disagreements with the residues", bad);
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 20261208;
    printf("seed %llu\n", (unsigned long long)seed);
    state = seed;
    published();
    against_residues();
    return check_done();
}
