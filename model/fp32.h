/*
 * fp32.h — IEEE-754 binary32 addition, bit-exact and integer-only, shared by
 * the C models (the IRU hash's `fadd` filter) and mirrored step by step by
 * the Verilog that gen/fp32.c writes.
 *
 * Semantics: round to nearest, ties to even; subnormal operands and results
 * are kept (no flush to zero); overflow rounds to infinity; x + (-x) = +0,
 * (-0) + (-0) = -0. NaN policy: any NaN operand, and inf + (-inf), give the
 * one canonical quiet NaN FP32_QNAN (0x7fc00000); payloads are not
 * propagated. Apart from the NaN bit pattern, results equal the host's
 * `float` addition in its default environment (RNE, no FTZ/DAZ).
 */
#ifndef IRHW_FP32_H
#define IRHW_FP32_H

#include <stdint.h>

#include "irhw.h"

#define FP32_QNAN 0x7fc00000u

static inline int fp32_is_nan(uint32_t x)
{
    return (x & 0x7fffffffu) > 0x7f800000u;
}

/* a + b, binary32 bit patterns in and out. */
uint32_t fp32_add(uint32_t a, uint32_t b);

/* Write a combinational Verilog-2005 module computing fp32_add:
 *   module <module> (input wire [31:0] a, input wire [31:0] b,
 *                    output wire [31:0] sum);
 * Lint-clean under verilator -Wall. (gen/fp32.c) */
void fp32_add_vlog(irhw_vw *w, const char *module);

#endif
