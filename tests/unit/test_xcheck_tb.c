/*
 * Tests of the X-check's Icarus testbench (tb/xcheck.c) on the fifo block:
 * the model's own outputs pass; one corrupted expected value is reported
 * as a difference (not an X) at its cycle and port. The X/Z side is tested
 * end to end by tests/cosim/test_xcheck.sh with registers stripped of their reset.
 */
#include "check_main.h"
#include "xcheck.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Runs 100 cycles of the fifo's own stimulus on its model into the X-check
 * recorder, flipping bit 0 of output port `bad_port` at cycle `bad_cycle`
 * (-1: none), then Icarus. */
static void run(int bad_cycle, const char *bad_port, irhw_xcheck_res *r)
{
    irhw_inst x;
    irhw_check_inst(&x, irhw_find_block("fifo"), "");
    const irhw_block *b = x.b;
    char err[8192];
    irhw_xcheck *k = irhw_xcheck_new(&x, 1, err, sizeof err);
    ck_assert_msg(k != NULL, "%s", err);
    void *m = irhw_model_create(&x, err, sizeof err);
    void *st = b->stim_new(&x, 3, 100, IRHW_STIM_MIXED);
    uint64_t in[64], out[64], prev[64] = {0};
    int port = irhw_port_find(&x.ps, bad_port);
    ck_assert(m && st && port >= 0);
    for (int cyc = 0; cyc < 100; cyc++) {
        memset(in, 0, sizeof in);
        b->stim_next(st, (uint64_t)cyc, prev, in);
        if (cyc < 2)
            in[x.ps.p[0].off] |= 1;
        b->model_eval(m, in, out);
        memcpy(prev, out, sizeof out);
        if (cyc == bad_cycle)
            out[x.ps.p[port].off] ^= 1;
        irhw_xcheck_cycle(k, m, in, out, out); /* the model's outputs */
        b->model_tick(m, in);
    }
    ck_assert_msg(irhw_xcheck_run(k, NULL, 0, r, err, sizeof err) == 0, "%s", err);
    irhw_xcheck_free(k, 0);
    b->stim_free(st);
    b->model_free(m);
    irhw_inst_free(&x);
}

START_TEST(icarus_agrees_with_the_model_on_its_own_outputs)
{
    irhw_xcheck_res r;
    run(-1, "full", &r);
    ck_assert_msg(r.clean, "%s", r.message);
    ck_assert_uint_eq(r.cycles, 100);
}
END_TEST

START_TEST(a_wrong_expected_value_is_a_difference_at_its_cycle_and_port)
{
    irhw_xcheck_res r;
    run(50, "full", &r);
    ck_assert(!r.clean && !r.x_found);
    ck_assert_uint_eq(r.cycle, 50);
    ck_assert_msg(strstr(r.message, "port full") && strstr(r.message, "expected 1'h") &&
                      strstr(r.message, "Icarus 1'h"),
                  "%s", r.message);
}
END_TEST

int main(void)
{
    if (access("/usr/bin/iverilog", X_OK) != 0 && system("command -v iverilog >/dev/null") != 0) {
        printf("SKIP: iverilog not installed: the X-check testbench tests did not run\n");
        printf("100%%: Checks: 0, Failures: 0, Errors: 0\n");
        return 0;
    }
    Suite *s = suite_create("xcheck");
    TCase *t = tcase_create("icarus testbench");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, icarus_agrees_with_the_model_on_its_own_outputs);
    tcase_add_test(t, a_wrong_expected_value_is_a_difference_at_its_cycle_and_port);
    suite_add_tcase(s, t);
    return irhw_check_run(s);
}
