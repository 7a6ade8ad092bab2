/*
 * fp32.c — IEEE-754 binary32 addition with integers only (see fp32.h for
 * the semantics and the NaN policy).
 *
 * The steps are the hardware's, one for one, so that gen/fp32.c can mirror
 * them in Verilog and a mismatch points at one step:
 *   1. specials: NaN in, inf - inf -> canonical NaN; inf + finite -> inf;
 *   2. order the operands by magnitude (|x| >= |y|; the 31-bit magnitude
 *      patterns compare like the values);
 *   3. significands with the hidden bit and three extra bits below the
 *      last place (guard, round, sticky): 27 bits; a subnormal has the
 *      effective exponent 1 and no hidden bit;
 *   4. align y right by the exponent difference, ORing every bit shifted
 *      out into the sticky bit (a difference of 27 or more leaves sticky);
 *   5. add, or subtract (never negative after step 2);
 *   6. normalise: a carry out shifts right by one (sticky kept); after a
 *      subtraction shift left by the leading zeros, but never below the
 *      exponent 1 (the result is then subnormal);
 *   7. round to nearest even on guard/round/sticky; a carry out of the
 *      rounding increments the exponent;
 *   8. pack: exponent 255 or more is infinity; a result without its
 *      hidden bit is subnormal (exponent field 0). An exact zero from a
 *      subtraction is +0.
 */
#include "fp32.h"

uint32_t fp32_add(uint32_t a, uint32_t b)
{
    const uint32_t ea = (a >> 23) & 0xffu, eb = (b >> 23) & 0xffu;
    const uint32_t fa = a & 0x7fffffu, fb = b & 0x7fffffu;

    /* 1. specials */
    if ((ea == 0xffu && fa) || (eb == 0xffu && fb))
        return FP32_QNAN;
    if (ea == 0xffu && eb == 0xffu)
        return ((a ^ b) >> 31) ? FP32_QNAN : a;
    if (ea == 0xffu)
        return a;
    if (eb == 0xffu)
        return b;

    /* 2. |x| >= |y| */
    uint32_t x = a, y = b;
    if ((b & 0x7fffffffu) > (a & 0x7fffffffu)) {
        x = b;
        y = a;
    }
    const uint32_t sx = x >> 31, sub = (x ^ y) >> 31;
    const uint32_t ex = (x >> 23) & 0xffu, ey = (y >> 23) & 0xffu;

    /* 3. 27-bit significands: hidden bit at 26, guard/round/sticky at 2..0 */
    const uint32_t mx = ((x & 0x7fffffu) | (ex ? 0x800000u : 0)) << 3;
    uint32_t my = ((y & 0x7fffffu) | (ey ? 0x800000u : 0)) << 3;
    uint32_t e = ex ? ex : 1; /* effective exponents */
    const uint32_t d = e - (ey ? ey : 1);

    /* 4. align with sticky */
    if (d >= 27)
        my = my != 0;
    else if (d)
        my = (my >> d) | ((my & ((1u << d) - 1)) != 0);

    /* 5. add or subtract */
    uint32_t m = sub ? mx - my : mx + my;

    /* 6. normalise */
    if (m & (1u << 27)) {
        m = (m >> 1) | (m & 1u);
        e++;
    } else if (sub) {
        if (m == 0)
            return 0; /* x + (-x) = +0 */
        unsigned lz = 0;
        while (!(m & (1u << (26 - lz))))
            lz++;
        unsigned sh = lz < e - 1 ? lz : e - 1;
        m <<= sh;
        e -= sh;
    }

    /* 7. round to nearest even on guard, round, sticky */
    const uint32_t g = (m >> 2) & 1u, rs = m & 3u, lsb = (m >> 3) & 1u;
    m >>= 3;
    if (g && (rs || lsb))
        m++;
    if (m & (1u << 24)) {
        m >>= 1;
        e++;
    }

    /* 8. pack */
    if (e >= 0xffu)
        return (sx << 31) | 0x7f800000u;
    const uint32_t efield = (m & 0x800000u) ? e : 0;
    return (sx << 31) | (efield << 23) | (m & 0x7fffffu);
}
