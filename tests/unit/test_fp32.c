/*
 * test_fp32.c — the binary32 adder (model/fp32.c) against the host's float
 * addition on millions of random and edge-case operand pairs, and the
 * generated Verilog adder (gen/fp32.c) against the C adder under Icarus
 * Verilog (skipped, and said so, when iverilog is not installed).
 *
 * The host reference is `float` addition in the default environment (SSE,
 * round to nearest even, no flush to zero). Results compare bit for bit,
 * except that any NaN from the host must be our canonical quiet NaN.
 */
#include <check.h>

#include "check_main.h"
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fp32.h"

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t host_add(uint32_t a, uint32_t b)
{
    volatile float x = u2f(a), y = u2f(b);
    return f2u(x + y);
}

/* 0 if fp32_add(a, b) agrees with the host (NaN: canonical). */
static int agrees(uint32_t a, uint32_t b, uint32_t *got, uint32_t *want)
{
    *want = host_add(a, b);
    *got = fp32_add(a, b);
    if (fp32_is_nan(*want))
        return *got == FP32_QNAN ? 0 : -1;
    return *got == *want ? 0 : -1;
}

/* Values that sit on every boundary of the format. */
static const uint32_t edge[] = {
    0x00000000, 0x80000000,             /* zeros */
    0x00000001, 0x80000001, 0x00000002, /* smallest subnormals */
    0x007fffff, 0x807fffff, 0x00400000, /* largest subnormal, half */
    0x00800000, 0x80800000, 0x00800001, /* smallest normals */
    0x00ffffff, 0x01000000,             /* binade edges */
    0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, 0x33800000, 0x34000000, /* 1, ulps */
    0x4b000000, 0x4b000001, 0xcb000000,                                     /* 2^23: ulp = 1 */
    0x7f7fffff, 0xff7fffff, 0x7f7ffffe, 0x7f000000, 0x73800000,             /* near overflow */
    0x7f800000, 0xff800000,                                                 /* infinities */
    0x7fc00000, 0xffc00000, 0x7f800001, 0x7fbfffff, 0xff812345, /* quiet, signalling NaN */
};
#define NEDGE (sizeof edge / sizeof edge[0])

/* One operand pair of a stress class (cancellation, exponent gaps, ...). */
static void stress_pair(irhw_rng *r, uint32_t *a, uint32_t *b)
{
    uint32_t x = (uint32_t)irhw_rng_next(r), y = (uint32_t)irhw_rng_next(r);
    switch (irhw_rng_below(r, 8)) {
    case 0: /* uniform bit patterns */
        break;
    case 1: /* same exponent, opposite sign: massive cancellation */
        y = (x & 0x7f800000u) | (y & 0x807fffffu);
        y = (y & 0x7fffffffu) | (~x & 0x80000000u);
        break;
    case 2: /* neighbours of -x: cancellation down to a few ulps */
        y = (x ^ 0x80000000u) + (uint32_t)irhw_rng_below(r, 65) - 32u;
        break;
    case 3: { /* exponent gap 0..30: alignment, sticky, guard */
        uint32_t gap = (uint32_t)irhw_rng_below(r, 31);
        uint32_t ex = (x >> 23) & 0xffu;
        uint32_t ey = ex > gap ? ex - gap : 0;
        y = (y & 0x807fffffu) | (ey << 23);
        break;
    }
    case 4: /* subnormal and tiny normal operands */
        x &= 0x80ffffffu;
        y &= 0x80ffffffu;
        break;
    case 5: /* near overflow */
        x = (x & 0x807fffffu) | ((0xfcu + (uint32_t)irhw_rng_below(r, 3)) << 23);
        y = (y & 0x807fffffu) | ((0xf0u + (uint32_t)irhw_rng_below(r, 15)) << 23);
        break;
    case 6: /* an edge value against anything */
        x = edge[irhw_rng_below(r, NEDGE)];
        break;
    default: /* ties: y is exactly half an ulp of x, or a few ulps off it */
        y = (x & 0xff800000u) - (24u << 23) + (uint32_t)irhw_rng_below(r, 4);
        if ((x & 0x7f800000u) < (25u << 23))
            y = 0x00000001u;
        break;
    }
    *a = x;
    *b = y;
}

START_TEST(edge_case_pairs_match_host_addition)
{
    for (unsigned i = 0; i < NEDGE; i++)
        for (unsigned j = 0; j < NEDGE; j++) {
            uint32_t got, want;
            ck_assert_msg(!agrees(edge[i], edge[j], &got, &want),
                          "%08" PRIx32 " + %08" PRIx32 ": got %08" PRIx32 " want %08" PRIx32,
                          edge[i], edge[j], got, want);
        }
}
END_TEST

START_TEST(zero_signs_follow_ieee)
{
    ck_assert_uint_eq(fp32_add(0x00000000, 0x80000000), 0x00000000); /* +0 + -0 */
    ck_assert_uint_eq(fp32_add(0x80000000, 0x80000000), 0x80000000); /* -0 + -0 */
    ck_assert_uint_eq(fp32_add(0x3f800000, 0xbf800000), 0x00000000); /* 1 - 1 = +0 */
    ck_assert_uint_eq(fp32_add(0x80000001, 0x00000001), 0x00000000);
}
END_TEST

START_TEST(every_nan_result_is_the_canonical_quiet_nan)
{
    ck_assert_uint_eq(fp32_add(0x7f800000, 0xff800000), FP32_QNAN); /* inf - inf */
    ck_assert_uint_eq(fp32_add(0xffc00001, 0x3f800000), FP32_QNAN); /* payload dropped */
    ck_assert_uint_eq(fp32_add(0x3f800000, 0x7f800001), FP32_QNAN); /* signalling */
    ck_assert_uint_eq(fp32_add(0x7f800000, 0x7f800000), 0x7f800000);
}
END_TEST

START_TEST(subnormal_results_are_kept_not_flushed)
{
    /* smallest normal minus smallest subnormal: the largest subnormal */
    ck_assert_uint_eq(fp32_add(0x00800000, 0x80000001), 0x007fffff);
    ck_assert_uint_eq(fp32_add(0x00000001, 0x00000001), 0x00000002);
    ck_assert_uint_eq(fp32_add(0x007fffff, 0x00000001), 0x00800000); /* into the normals */
}
END_TEST

START_TEST(overflow_rounds_to_infinity)
{
    ck_assert_uint_eq(fp32_add(0x7f7fffff, 0x7f7fffff), 0x7f800000);
    /* half an ulp on an odd significand: the tie goes to even, i.e. up to infinity */
    ck_assert_uint_eq(fp32_add(0x7f7fffff, 0x73000000), 0x7f800000);
    ck_assert_uint_eq(fp32_add(0x7f7fffff, 0x72ffffff), 0x7f7fffff); /* just below half */
    ck_assert_uint_eq(fp32_add(0x7f7ffffe, 0x73000000), 0x7f7ffffe); /* tie, even: stays */
}
END_TEST

START_TEST(eight_million_random_and_stress_pairs_match_host_addition)
{
    const uint64_t seed = 0x1ee7f00dULL + (uint64_t)_i;
    irhw_rng r;
    irhw_rng_seed(&r, seed);
    for (long n = 0; n < 2000000; n++) {
        uint32_t a, b, got, want;
        stress_pair(&r, &a, &b);
        if (agrees(a, b, &got, &want))
            ck_abort_msg("seed %" PRIu64 " pair %ld: %08" PRIx32 " + %08" PRIx32 ": got %08" PRIx32
                         " want %08" PRIx32,
                         seed, n, a, b, got, want);
        if (agrees(b, a, &got, &want))
            ck_abort_msg("seed %" PRIu64 " pair %ld (swapped): %08" PRIx32 " + %08" PRIx32
                         ": got %08" PRIx32 " want %08" PRIx32,
                         seed, n, b, a, got, want);
    }
}
END_TEST

/* ---- the generated Verilog adder under Icarus ------------------------- */

static int have_tool(const char *name)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
    return system(cmd) == 0;
}

#define NVEC 100000

static void write_testbench(FILE *f)
{
    irhw_vw w = {f, 0, 0};
    fp32_add_vlog(&w, "fp32_add_under_test");
    fprintf(f,
            "module tb;\n"
            "    reg [31:0] va [0:%d];\n"
            "    reg [31:0] vb [0:%d];\n"
            "    reg [31:0] a, b;\n"
            "    wire [31:0] s;\n"
            "    integer i, f;\n"
            "    fp32_add_under_test dut (.a(a), .b(b), .sum(s));\n"
            "    initial begin\n"
            "        $readmemh(\"a.hex\", va);\n"
            "        $readmemh(\"b.hex\", vb);\n"
            "        f = $fopen(\"sum.hex\", \"w\");\n"
            "        for (i = 0; i < %d; i = i + 1) begin\n"
            "            a = va[i]; b = vb[i]; #1;\n"
            "            $fwrite(f, \"%%h\\n\", s);\n"
            "        end\n"
            "        $fclose(f);\n"
            "        $finish;\n"
            "    end\n"
            "endmodule\n",
            NVEC - 1, NVEC - 1, NVEC);
}

START_TEST(generated_adder_matches_c_adder_under_icarus)
{
    if (!have_tool("iverilog") || !have_tool("vvp")) {
        printf("SKIP: generated_adder_matches_c_adder_under_icarus: iverilog not installed\n");
        return;
    }
    char dir[] = "/tmp/irhw_fp32_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[512];
    const uint64_t seed = 0xadd32ULL;
    irhw_rng r;
    irhw_rng_seed(&r, seed);
    static uint32_t va[NVEC], vb[NVEC];
    unsigned n = 0;
    for (unsigned i = 0; i < NEDGE; i++)
        for (unsigned j = 0; j < NEDGE; j++, n++) {
            va[n] = edge[i];
            vb[n] = edge[j];
        }
    for (; n < NVEC; n++)
        stress_pair(&r, &va[n], &vb[n]);

    snprintf(path, sizeof path, "%s/a.hex", dir);
    FILE *fa = fopen(path, "w");
    snprintf(path, sizeof path, "%s/b.hex", dir);
    FILE *fb = fopen(path, "w");
    snprintf(path, sizeof path, "%s/tb.v", dir);
    FILE *ft = fopen(path, "w");
    ck_assert(fa && fb && ft);
    for (unsigned i = 0; i < NVEC; i++) {
        fprintf(fa, "%08" PRIx32 "\n", va[i]);
        fprintf(fb, "%08" PRIx32 "\n", vb[i]);
    }
    write_testbench(ft);
    fclose(fa);
    fclose(fb);
    fclose(ft);

    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cd %s && iverilog -g2005 -o tb.vvp tb.v && vvp -n tb.vvp >/dev/null",
             dir);
    ck_assert_msg(system(cmd) == 0, "iverilog failed in %s", dir);
    snprintf(path, sizeof path, "%s/sum.hex", dir);
    FILE *fs = fopen(path, "r");
    ck_assert_ptr_nonnull(fs);
    for (unsigned i = 0; i < NVEC; i++) {
        unsigned rtl;
        ck_assert_int_eq(fscanf(fs, "%x", &rtl), 1);
        uint32_t c = fp32_add(va[i], vb[i]);
        ck_assert_msg(rtl == c,
                      "vector %u (seed %" PRIu64 "): %08" PRIx32 " + %08" PRIx32
                      ": RTL %08x, C %08" PRIx32,
                      i, seed, va[i], vb[i], rtl, c);
    }
    fclose(fs);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

static Suite *fp32_suite(void)
{
    Suite *s = suite_create("fp32");
    TCase *t = tcase_create("adder");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, edge_case_pairs_match_host_addition);
    tcase_add_test(t, zero_signs_follow_ieee);
    tcase_add_test(t, every_nan_result_is_the_canonical_quiet_nan);
    tcase_add_test(t, subnormal_results_are_kept_not_flushed);
    tcase_add_test(t, overflow_rounds_to_infinity);
    tcase_add_loop_test(t, eight_million_random_and_stress_pairs_match_host_addition, 0, 2);
    tcase_add_test(t, generated_adder_matches_c_adder_under_icarus);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return irhw_check_run(fp32_suite());
}
