/*
 * fp32.c (gen) — writes the Verilog of the binary32 adder of model/fp32.c.
 *
 * Combinational, Verilog-2005, the same eight steps as the C (the signal
 * names carry the step), so the C model and the RTL agree bit for bit by
 * construction and tests/unit/test_fp32.c checks both against the host.
 * The leading-zero count is written out as a priority chain by this
 * generator rather than a loop, which keeps it lint-clean and readable.
 */
#include "fp32.h"

static void specials(irhw_vw *w)
{
    vw_line(w, "// 1. specials: any NaN or inf - inf gives the canonical quiet NaN");
    vw_line(w, "wire a_exp_max = a[30:23] == 8'hff;");
    vw_line(w, "wire b_exp_max = b[30:23] == 8'hff;");
    vw_line(w, "wire a_nan = a_exp_max && (a[22:0] != 23'd0);");
    vw_line(w, "wire b_nan = b_exp_max && (b[22:0] != 23'd0);");
    vw_line(w, "wire a_inf = a_exp_max && (a[22:0] == 23'd0);");
    vw_line(w, "wire b_inf = b_exp_max && (b[22:0] == 23'd0);");
    vw_line(w, "wire res_nan = a_nan || b_nan || (a_inf && b_inf && (a[31] != b[31]));");
    vw_blank(w);
}

static void order_and_align(irhw_vw *w)
{
    vw_line(w, "// 2. order by magnitude: |x| >= |y|");
    vw_line(w, "wire swap = b[30:0] > a[30:0];");
    vw_line(w, "wire [31:0] x = swap ? b : a;");
    vw_line(w, "wire [31:0] y = swap ? a : b;");
    vw_line(w, "wire eff_sub = x[31] ^ y[31];");
    vw_line(w, "wire x_normal = x[30:23] != 8'd0;");
    vw_line(w, "wire y_normal = y[30:23] != 8'd0;");
    vw_blank(w);
    vw_line(w, "// 3. significands: hidden bit at 26, guard/round/sticky at 2..0");
    vw_line(w, "wire [26:0] x_sig = {x_normal, x[22:0], 3'b000};");
    vw_line(w, "wire [26:0] y_sig = {y_normal, y[22:0], 3'b000};");
    vw_line(w, "wire [7:0] x_exp_eff = x_normal ? x[30:23] : 8'd1;");
    vw_line(w, "wire [7:0] y_exp_eff = y_normal ? y[30:23] : 8'd1;");
    vw_line(w, "wire [7:0] exp_diff = x_exp_eff - y_exp_eff;");
    vw_blank(w);
    vw_line(w, "// 4. align y, every bit shifted out ORed into sticky");
    vw_line(w, "wire [26:0] y_shifted = y_sig >> exp_diff;");
    vw_line(w, "wire [26:0] y_lost_mask = ~({27{1'b1}} << exp_diff);");
    vw_line(w, "wire y_sticky = |(y_sig & y_lost_mask);");
    vw_line(w, "wire [26:0] y_aligned = {y_shifted[26:1], y_shifted[0] | y_sticky};");
    vw_blank(w);
    vw_line(w, "// 5. add or subtract (never negative)");
    vw_line(w, "wire [27:0] sum_raw = eff_sub ? {1'b0, x_sig} - {1'b0, y_aligned}");
    vw_line(w, "                              : {1'b0, x_sig} + {1'b0, y_aligned};");
    vw_line(w, "wire sum_zero = sum_raw == 28'd0;");
    vw_blank(w);
}

static void normalise(irhw_vw *w)
{
    vw_line(w, "// 6. normalise: carry out -> right by one; after a subtraction left by");
    vw_line(w, "//    the leading zeros, but not below exponent 1 (subnormal result)");
    vw_line(w, "wire [4:0] lead_zeros =");
    for (int i = 26; i >= 0; i--)
        vw_line(w, "    sum_raw[%d] ? 5'd%d :", i, 26 - i);
    vw_line(w, "    5'd27;");
    vw_line(w, "wire [7:0] lead_zeros_w = {3'b000, lead_zeros};");
    vw_line(w, "wire [7:0] exp_room = x_exp_eff - 8'd1;");
    vw_line(w, "wire [7:0] left_shift = (lead_zeros_w < exp_room) ? lead_zeros_w : exp_room;");
    vw_line(w, "wire [26:0] sig_left = sum_raw[26:0] << left_shift;");
    vw_line(w, "wire [26:0] sig_norm = sum_raw[27] ? {sum_raw[27:2], sum_raw[1] | sum_raw[0]}");
    vw_line(w, "                     : eff_sub     ? sig_left");
    vw_line(w, "                     :               sum_raw[26:0];");
    vw_line(w, "wire [8:0] exp_norm = sum_raw[27] ? {1'b0, x_exp_eff} + 9'd1");
    vw_line(w, "                    : eff_sub     ? {1'b0, x_exp_eff} - {1'b0, left_shift}");
    vw_line(w, "                    :               {1'b0, x_exp_eff};");
    vw_blank(w);
}

static void round_pack(irhw_vw *w)
{
    vw_line(w, "// 7. round to nearest even on guard (2), round (1), sticky (0)");
    vw_line(w, "wire round_up = sig_norm[2] && (sig_norm[1] || sig_norm[0] || sig_norm[3]);");
    vw_line(w, "wire [24:0] sig_rounded = {1'b0, sig_norm[26:3]} + {24'd0, round_up};");
    vw_line(w, "wire [23:0] sig_final = sig_rounded[24] ? sig_rounded[24:1] : sig_rounded[23:0];");
    vw_line(w, "wire [8:0] exp_final = exp_norm + {8'd0, sig_rounded[24]};");
    vw_blank(w);
    vw_line(w, "// 8. pack: overflow to infinity; no hidden bit means subnormal");
    vw_line(w, "wire overflow = exp_final >= 9'd255;");
    vw_line(w, "wire [7:0] exp_field = sig_final[23] ? exp_final[7:0] : 8'd0;");
    vw_line(w, "assign sum = res_nan              ? 32'h7fc00000");
    vw_line(w, "           : a_inf                ? a");
    vw_line(w, "           : b_inf                ? b");
    vw_line(w, "           : (eff_sub && sum_zero) ? 32'h00000000");
    vw_line(w, "           : overflow             ? {x[31], 8'hff, 23'd0}");
    vw_line(w, "           :                        {x[31], exp_field, sig_final[22:0]};");
}

/* The sum's class and size against the operands, written apart from the
 * eight steps (its own NaN and magnitude tests), so an error in a step
 * shows: NaN exactly when IEEE-754 gives one, and then the canonical quiet
 * NaN; the sign of the larger operand; like signs never shrink the larger
 * magnitude, unlike signs never grow it (rounding is monotone and the
 * larger operand is representable); an exact zero of unlike signs is +0.
 * Combinational: checked whenever an operand changes. */
static void checks(irhw_vw *w)
{
    vw_blank(w);
    vw_line(w, "// ---- checks: the sum's class and size against the operands");
    vw_checks_logic(w, 1);
    vw_line(w, "wire chk_a_nan = (a[30:23] == 8'hff) && (a[22:0] != 23'd0);");
    vw_line(w, "wire chk_b_nan = (b[30:23] == 8'hff) && (b[22:0] != 23'd0);");
    vw_line(w, "wire chk_inf_diff = (a[30:0] == 31'h7f800000) && (b[30:0] == 31'h7f800000)");
    vw_line(w, "                    && (a[31] != b[31]);");
    vw_line(w, "wire chk_want_nan = chk_a_nan || chk_b_nan || chk_inf_diff;");
    vw_line(w, "wire chk_sum_nan = (sum[30:23] == 8'hff) && (sum[22:0] != 23'd0);");
    vw_line(w, "wire [30:0] chk_big = (b[30:0] > a[30:0]) ? b[30:0] : a[30:0];");
    vw_line(w, "wire chk_big_sign = (b[30:0] > a[30:0]) ? b[31] : a[31];");
    vw_checks_logic(w, 0);
    vw_assert_comb(w, "nan_exact",
                   "the sum is NaN exactly when an operand is NaN or infinities of unlike signs "
                   "meet, and then it is the canonical quiet NaN 7fc00000",
                   "(chk_sum_nan == chk_want_nan) && (!chk_want_nan || sum == 32'h7fc00000)");
    vw_assert_comb(w, "sign_of_larger", "a non-zero sum has the sign of the larger operand",
                   "chk_want_nan || (sum[30:0] == 31'd0) || (sum[31] == chk_big_sign)");
    vw_assert_comb(w, "magnitude_bound",
                   "like signs never shrink the larger magnitude, unlike signs never grow it",
                   "chk_want_nan || ((a[31] == b[31]) ? (sum[30:0] >= chk_big) "
                   ": (sum[30:0] <= chk_big))");
    vw_assert_comb(w, "zero_sign", "an exact zero of unlike signs is +0 (round to nearest even)",
                   "(a[31] == b[31]) || (sum[30:0] != 31'd0) || !sum[31]");
}

void fp32_add_vlog(irhw_vw *w, const char *module)
{
    vw_line(w, "// %s — IEEE-754 binary32 adder: round to nearest even, subnormals", module);
    vw_line(w, "// kept, canonical quiet NaN 7fc00000 for any NaN result (model/fp32.c).");
    vw_line(w, "module %s (", module);
    vw_line(w, "    input  wire [31:0] a,");
    vw_line(w, "    input  wire [31:0] b,");
    vw_line(w, "    output wire [31:0] sum");
    vw_line(w, ");");
    w->indent++;
    specials(w);
    order_and_align(w);
    normalise(w);
    round_pack(w);
    checks(w);
    w->indent--;
    vw_line(w, "endmodule");
}
