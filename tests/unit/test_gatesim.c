/*
 * The gate-level simulator of area/gatesim.c on a hand-made liberty (an
 * inverter, a NAND, an XOR written with the other operators, a flip-flop
 * with a clear) and a two-module netlist in Yosys's style (escaped names,
 * a bus, a part-select, a concatenation, a constant, an assign): a 2-bit
 * counter with an enable and a synchronous clear, whose toggles and duty
 * are counted by hand. A netlist with one connection changed simulates a
 * different design (its flip-flops toggle otherwise); a combinational loop,
 * an unknown cell and a latch are refused by name.
 */
#include "check_main.h"
#include "gatesim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *lib_text =
    "library (tiny) {\n"
    "  cell (INV) {\n"
    "    pin (A) {\n      direction : input;\n    }\n"
    "    pin (Y) {\n      direction : output;\n      function : \"!A\";\n    }\n"
    "  }\n"
    "  cell (NAND2) {\n"
    "    pin (A) {\n      direction : input;\n    }\n"
    "    pin (B) {\n      direction : input;\n    }\n"
    "    pin (Y) {\n      direction : output;\n      function : \"(A B)'\";\n    }\n"
    "  }\n"
    "  cell (XOR2) {\n"
    "    pin (A) {\n      direction : input;\n    }\n"
    "    pin (B) {\n      direction : input;\n    }\n"
    "    pin (X) {\n      direction : output;\n      function : \"(A*!B) + \\\n(!A&B)\";\n"
    "    }\n"
    "  }\n"
    "  cell (DFFR) {\n"
    "    ff (IQ, IQN) {\n      clocked_on : \"CLK\";\n      next_state : \"D\";\n"
    "      clear : \"!RN\";\n    }\n"
    "    pin (CLK) {\n      direction : input;\n    }\n"
    "    pin (D) {\n      direction : input;\n    }\n"
    "    pin (RN) {\n      direction : input;\n    }\n"
    "    pin (Q) {\n      direction : output;\n      function : \"IQ\";\n    }\n"
    "  }\n"
    "  cell (LATCH) {\n"
    "    latch (IQ, IQN) {\n      enable : \"G\";\n      data_in : \"D\";\n    }\n"
    "    pin (G) {\n      direction : input;\n    }\n"
    "    pin (D) {\n      direction : input;\n    }\n"
    "    pin (Q) {\n      direction : output;\n      function : \"IQ\";\n    }\n"
    "  }\n"
    "}\n";

/* bit k of a counter: t = en & cin (carry out), q' = q ^ cin, cleared by rn */
static const char *net_text =
    "module \\$paramod$x\\cbit (clk, rn, cin, q, cout);\n"
    "  input clk; input rn; input cin; output q; output cout;\n"
    "  wire _0_; wire _1_;\n"
    "  XOR2 _2_ (.A(q), .B(cin), .X(_0_));\n"
    "  NAND2 _3_ (.A(q), .B(cin), .Y(_1_));\n"
    "  INV _4_ (.A(_1_), .Y(cout));\n"
    "  DFFR _5_ (.CLK(clk), .D(_0_), .RN(rn), .Q(q));\n"
    "endmodule\n"
    "module top (clk, rst, en, cnt, wrap);\n"
    "  input clk; input rst; input en;\n"
    "  output [1:0] cnt; output wrap;\n"
    "  wire [2:0] c; wire rn; wire [1:0] \\cnt_q ;\n"
    "  INV u_rn (.A(rst), .Y(rn));\n"
    "  \\$paramod$x\\cbit  \\g[0].u (.clk(clk), .rn(rn), .cin(c[0]), .q(\\cnt_q [0]), "
    ".cout(c[1]));\n"
    "  \\$paramod$x\\cbit  \\g[1].u (.clk(clk), .rn(rn), .cin(c[1]), .q(\\cnt_q [1]), "
    ".cout(c[2]));\n"
    "  assign c[0] = en;\n"
    "  assign { wrap, cnt } = { c[2], \\cnt_q [1:0] };\n"
    "endmodule\n";

static char dir[64];

static void file(const char *name, const char *text, char *path, size_t len)
{
    snprintf(path, len, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "%s", path);
    fputs(text, f);
    fclose(f);
}

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/irhw_gatesim.%d", (int)getpid());
    ck_assert_int_eq(irhw_mkdirs(dir), 0);
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static size_t key_index(size_t n, const char *(*key)(const irhw_gsim *, size_t), const irhw_gsim *g,
                        const char *k)
{
    for (size_t i = 0; i < n; i++)
        if (key(g, i) && !strcmp(key(g, i), k))
            return i;
    ck_abort_msg("no key %s", k);
    return 0;
}

/* The counter: reset for 1 cycle, then en for 9 cycles, then idle 2. */
static irhw_gsim *run_counter(const char *netlist, unsigned char *rst, unsigned char *en)
{
    char lib[128], net[128], err[4096];
    file("tiny.lib", lib_text, lib, sizeof lib);
    file("net.v", netlist, net, sizeof net);
    irhw_gsim *g = irhw_gsim_load(lib, net, "top", "clk", err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    ck_assert_uint_eq(irhw_gsim_inputs(g), 2);
    irhw_gsim_bind_input(g, key_index(2, irhw_gsim_input_key, g, "rst"), rst);
    irhw_gsim_bind_input(g, key_index(2, irhw_gsim_input_key, g, "en"), en);
    *rst = 1;
    *en = 0;
    irhw_gsim_start(g);
    for (int c = 0; c < 12; c++) {
        irhw_gsim_edge(g);
        *rst = 0;
        *en = c < 9;
        irhw_gsim_settle(g);
    }
    irhw_gsim_finish(g);
    return g;
}

START_TEST(a_counter_toggles_as_counted_by_hand)
{
    unsigned char rst, en;
    irhw_gsim *g = run_counter(net_text, &rst, &en);
    ck_assert_uint_eq(irhw_gsim_flops(g), 2);
    size_t q0 = key_index(2, irhw_gsim_flop_key, g, "g[0].u.q");
    size_t q1 = key_index(2, irhw_gsim_flop_key, g, "g[1].u.q");
    /* en high at edges 2..10: 9 counts from 0: q0 toggles 9 times, q1 4 times */
    ck_assert_uint_eq(irhw_gsim_flop_toggles(g, q0), 9);
    ck_assert_uint_eq(irhw_gsim_flop_toggles(g, q1), 4);
    ck_assert_uint_eq(irhw_gsim_outputs(g), 3);
    ck_assert_uint_eq(irhw_gsim_output_toggles(g, key_index(3, irhw_gsim_output_key, g, "cnt[0]")),
                      9);
    ck_assert_uint_eq(irhw_gsim_output_toggles(g, key_index(3, irhw_gsim_output_key, g, "cnt[1]")),
                      4);
    /* wrap = en & q0 & q1: high while the count is 3 and en, counts 3 and 7 */
    ck_assert_uint_eq(irhw_gsim_output_toggles(g, key_index(3, irhw_gsim_output_key, g, "wrap")),
                      4);
    size_t cells, nets, und;
    uint64_t evals;
    irhw_gsim_stats(g, &cells, &nets, &evals, &und);
    ck_assert_uint_eq(cells, 9);
    ck_assert_uint_eq(und, 0);
    ck_assert_uint_gt(evals, 0);
    /* pins: activity per edge and duty; rst's inverter input: 1 toggle in 12 edges, high at 1 */
    char path[128];
    snprintf(path, sizeof path, "%s/pins.txt", dir);
    FILE *f = fopen(path, "w");
    ck_assert_uint_eq(irhw_gsim_write_pins(g, f), 2 + 2 * 11); /* every pin but CLK */
    fclose(f);
    char *t = irhw_read_file(path, NULL);
    ck_assert_msg(strstr(t, "{u_rn/A} 0.0833333 0.0833333\n"), "%s", t);
    ck_assert_msg(strstr(t, "{g[0].u/_5_/Q} 0.75 "), "%s", t);
    ck_assert(!strstr(t, "/CLK}"));
    free(t);
    irhw_gsim_free(g);
}
END_TEST

START_TEST(a_changed_connection_is_another_design)
{
    /* bit 1 fed by en instead of bit 0's carry: it toggles with bit 0 */
    char *bad = strdup(net_text);
    char *p = strstr(bad, ".cin(c[1])");
    ck_assert(p != NULL);
    memcpy(p, ".cin(c[0])", 10);
    unsigned char rst, en;
    irhw_gsim *g = run_counter(bad, &rst, &en);
    ck_assert_uint_eq(irhw_gsim_flop_toggles(g, key_index(2, irhw_gsim_flop_key, g, "g[1].u.q")),
                      9);
    irhw_gsim_free(g);
    free(bad);
}
END_TEST

static void refused(const char *netlist, const char *want)
{
    char lib[128], net[128], err[4096];
    file("tiny.lib", lib_text, lib, sizeof lib);
    file("bad.v", netlist, net, sizeof net);
    ck_assert(irhw_gsim_load(lib, net, "top", "clk", err, sizeof err) == NULL);
    ck_assert_msg(strstr(err, want), "want \"%s\" in: %s", want, err);
}

START_TEST(loops_unknown_cells_latches_and_bad_text_are_refused_by_name)
{
    refused("module top (clk, a, y);\n input clk; input a; output y; wire b;\n"
            " NAND2 _1_ (.A(a), .B(y), .Y(b));\n INV _2_ (.A(b), .Y(y));\nendmodule\n",
            "combinational loop");
    refused("module top (clk, a, y);\n input clk; input a; output y;\n"
            " FOO _1_ (.A(a), .Y(y));\nendmodule\n",
            "FOO");
    refused("module top (clk, a, y);\n input clk; input a; output y;\n"
            " LATCH _1_ (.G(clk), .D(a), .Q(y));\nendmodule\n",
            "latch");
    refused("module top (clk, a, y);\n input clk; input a; output y;\n"
            " INV _1_ (.A(zz), .Y(y));\nendmodule\n",
            "zz not declared");
    refused("module top (clk, a, y);\n input clk; input a; output y;\n"
            " DFFR _1_ (.CLK(a), .D(a), .RN(a), .Q(y));\nendmodule\n",
            "not on the clock port clk");
}
END_TEST

/* make fuzz (fuzz_liberty) found the first truth table of a function given
 * twice leaked: the last one counts, and nothing leaks (the sanitizer
 * stage's leak check) */
START_TEST(a_function_given_twice_takes_the_last_one)
{
    char *twice = strdup(lib_text);
    const char *inv = "function : \"!A\";";
    char *p = strstr(twice, inv);
    ck_assert(p != NULL);
    char *lib = malloc(strlen(twice) + 64);
    sprintf(lib, "%.*sfunction : \"A\";\n      %s", (int)(p - twice), twice, p);
    char lpath[128], net[128], err[4096];
    file("twice.lib", lib, lpath, sizeof lpath);
    file("inv.v",
         "module top (clk, a, y);\n input clk; input a; output y;\n"
         " INV _1_ (.A(a), .Y(y));\nendmodule\n",
         net, sizeof net);
    irhw_gsim *g = irhw_gsim_load(lpath, net, "top", "clk", err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    unsigned char a = 0;
    irhw_gsim_bind_input(g, 0, &a);
    irhw_gsim_start(g);
    for (int c = 0; c < 4; c++) {
        irhw_gsim_edge(g);
        a = (unsigned char)(c & 1);
        irhw_gsim_settle(g);
    }
    irhw_gsim_finish(g);
    /* a at the 4 edges 0, 0, 1, 0; y = !a (not a): 3 toggles, high at 3 edges */
    ck_assert_uint_eq(irhw_gsim_output_toggles(g, 0), 3);
    char path[128];
    snprintf(path, sizeof path, "%s/pins.txt", dir);
    FILE *f = fopen(path, "w");
    irhw_gsim_write_pins(g, f);
    fclose(f);
    char *t = irhw_read_file(path, NULL);
    ck_assert_msg(strstr(t, "{_1_/Y} 0.75 0.75\n"), "%s", t);
    free(t);
    irhw_gsim_free(g);
    free(lib);
    free(twice);
}
END_TEST

/* make fuzz (fuzz_liberty) found a function with a term the parser cannot
 * take ("A 2") looped for ever: it is refused by name */
START_TEST(a_function_with_an_unreadable_term_is_refused_at_once)
{
    char *bad = strdup(lib_text);
    char *p = strstr(bad, "\"!A\"");
    ck_assert(p != NULL);
    memcpy(p, "\"A 2\"", 5);
    char lpath[128], net[128], err[4096];
    file("bad.lib", bad, lpath, sizeof lpath);
    file("inv.v",
         "module top (clk, a, y);\n input clk; input a; output y;\n"
         " INV _1_ (.A(a), .Y(y));\nendmodule\n",
         net, sizeof net);
    ck_assert(irhw_gsim_load(lpath, net, "top", "clk", err, sizeof err) == NULL);
    ck_assert_msg(strstr(err, "cannot read the liberty function \"A 2\""), "%s", err);
    free(bad);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gatesim");
    TCase *t = tcase_create("tiny");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, a_counter_toggles_as_counted_by_hand);
    tcase_add_test(t, a_changed_connection_is_another_design);
    tcase_add_test(t, loops_unknown_cells_latches_and_bad_text_are_refused_by_name);
    tcase_add_test(t, a_function_given_twice_takes_the_last_one);
    tcase_add_test(t, a_function_with_an_unreadable_term_is_refused_at_once);
    suite_add_tcase(s, t);
    return irhw_check_run(s);
}
