/* scenario_check.h — runs a block's directed scenarios (irhw_scenario
 * tables, tb/scenario.c) in a Check suite twice: on the C model and on the
 * Verilated RTL, so one table proves both. Include it in the suites that
 * have scenarios, and call irhw_check_scenarios() once. */
#ifndef IRHW_SCENARIO_CHECK_H
#define IRHW_SCENARIO_CHECK_H

#include <check.h>
#include <stdio.h>

#include "irhw.h"
#include "vbuild.h"

/* The scenarios of the suite being run (one table per test binary). */
static const irhw_block *irhw_scn_block;
static const irhw_scenario *irhw_scn;

static void irhw_scn_on_model(int i)
{
    irhw_inst x;
    char err[1024];
    irhw_check_inst(&x, irhw_scn_block, irhw_scn[i].params);
    void *m = irhw_model_create(&x, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    irhw_dut d = irhw_model_dut(&x, m);
    int rc = irhw_scenario_run(&x, &irhw_scn[i], &d, err, sizeof err);
    x.b->model_free(m);
    irhw_inst_free(&x);
    ck_assert_msg(rc == 0, "C model: %s", err);
}

static void irhw_scn_on_rtl(int i)
{
    irhw_inst x;
    char err[4096], so[4600];
    int cached;
    irhw_check_inst(&x, irhw_scn_block, irhw_scn[i].params);
    irhw_build_req q = {.x = &x, .trace = IRHW_TRACE_NONE, .quiet = 1};
    irhw_rtl rtl;
    ck_assert_msg(irhw_rtl_build(&q, so, sizeof so, &cached, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(irhw_rtl_open(so, &rtl, err, sizeof err) == 0, "%s", err);
    irhw_dut d = irhw_rtl_dut(&rtl);
    int rc = irhw_scenario_run(&x, &irhw_scn[i], &d, err, sizeof err);
    irhw_rtl_close(&rtl);
    irhw_inst_free(&x);
    ck_assert_msg(rc == 0, "Verilated RTL: %s", err);
}

START_TEST(directed_scenario_on_the_c_model)
{
    irhw_scn_on_model(_i);
}
END_TEST

START_TEST(directed_scenario_on_the_verilated_rtl)
{
    irhw_scn_on_rtl(_i);
}
END_TEST

/* Adds every scenario twice to s: on the C model and on the RTL (built by
 * Verilator, cached). A failure names the scenario, row, cycle and port. */
static inline void irhw_check_scenarios(Suite *s, const irhw_block *b, const irhw_scenario *sc,
                                        unsigned n)
{
    irhw_scn_block = b;
    irhw_scn = sc;
    TCase *tm = tcase_create("scenarios_model");
    tcase_add_loop_test(tm, directed_scenario_on_the_c_model, 0, (int)n);
    suite_add_tcase(s, tm);
    TCase *tr = tcase_create("scenarios_rtl");
    tcase_set_timeout(tr, 900); /* a cold Verilator build */
    tcase_add_loop_test(tr, directed_scenario_on_the_verilated_rtl, 0, (int)n);
    suite_add_tcase(s, tr);
}

#endif
