/*
 * The block contract, checked for every registered block through the
 * generic code only:
 * - a parameter the user sets alone, to any value of its static range, is
 *   either accepted or rejected by name: a default that depends on it is
 *   derived, never the reason for the rejection;
 * - the timing contract `irhw list` prints is true: an output declared
 *   registered does not change when any input changes in the same cycle,
 *   and a combinational output follows only the inputs it names — on the
 *   C model and on the Verilated RTL, over a stretch of the block's own
 *   stimulus;
 * - static limits are checked, not overrun (ports past IRHW_MAX_PORTS).
 */
#include "check_main.h"
#include "timing_check.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

START_TEST(a_parameter_set_alone_is_accepted_or_rejected_by_its_own_name)
{
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        const irhw_block *b = *bp;
        for (unsigned i = 0; i < b->nparams; i++) {
            const irhw_param *p = &b->params[i];
            if (p->type != IRHW_PINT)
                continue;
            int64_t vals[] = {p->min, p->min + 1, (p->min + p->max) / 2, p->max};
            for (unsigned k = 0; k < 4; k++) {
                char assign[96], err[IRHW_ERRLEN];
                snprintf(assign, sizeof assign, "%s=%" PRId64, p->name, vals[k]);
                irhw_cfg c;
                irhw_cfg_defaults(b, &c);
                ck_assert_msg(irhw_cfg_set(b, &c, assign, err, sizeof err) == 0, "%s", err);
                irhw_inst x;
                int rc = irhw_inst_init(&x, b, &c, err, sizeof err);
                irhw_inst_free(&x);
                char subject[96]; /* messages start "parameter NAME=VALUE ..." */
                snprintf(subject, sizeof subject, "parameter %s=", p->name);
                ck_assert_msg(rc == 0 || strstr(err, subject) == err,
                              "%s -p %s rejected for another parameter: %s", b->name, assign, err);
            }
        }
    }
}
END_TEST

START_TEST(the_timing_contract_holds_on_the_model_and_the_rtl)
{
    irhw_check_timing_contract(irhw_blocks[_i], "");
}
END_TEST

START_TEST(ports_past_the_static_limit_are_counted_not_written)
{
    irhw_ports ps;
    memset(&ps, 0, sizeof ps);
    irhw_port_row row = {"p", IRHW_IN, 1, "g", "a port", NULL};
    for (unsigned i = 0; i < IRHW_MAX_PORTS + 3; i++)
        irhw_port_add(&ps, &row, 1);
    ck_assert_uint_eq(ps.n, IRHW_MAX_PORTS);
    ck_assert_uint_eq(ps.overflow, 3);
}
END_TEST

START_TEST(sram_types_past_the_static_limit_are_counted_not_written)
{
    irhw_storage st;
    memset(&st, 0, sizeof st);
    for (unsigned i = 0; i < IRHW_MAX_SRAMS + 2; i++)
        irhw_storage_sram(&st, 16 + i, 8, 1);
    irhw_storage_sram(&st, 16, 8, 3); /* an equal type merges */
    ck_assert_uint_eq(st.nsrams, IRHW_MAX_SRAMS);
    ck_assert_uint_eq(st.overflow, 2);
    ck_assert_uint_eq(st.srams[0].count, 4);
}
END_TEST

START_TEST(every_port_says_what_it_means)
{
    for (const irhw_block *const *bp = irhw_blocks; *bp; bp++) {
        irhw_inst x;
        irhw_check_inst(&x, *bp, "");
        for (unsigned i = 0; i < x.ps.n; i++)
            ck_assert_msg(x.ps.p[i].meaning && x.ps.p[i].meaning[0], "%s: port %s has no meaning",
                          (*bp)->name, x.ps.p[i].name);
        ck_assert_msg((*bp)->timing && (*bp)->timing[0], "%s: no timing text", (*bp)->name);
        irhw_inst_free(&x);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("contract");
    TCase *tc = tcase_create("contract");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, a_parameter_set_alone_is_accepted_or_rejected_by_its_own_name);
    tcase_add_test(tc, ports_past_the_static_limit_are_counted_not_written);
    tcase_add_test(tc, sram_types_past_the_static_limit_are_counted_not_written);
    tcase_add_test(tc, every_port_says_what_it_means);
    int nblocks = 0;
    while (irhw_blocks[nblocks])
        nblocks++;
    tcase_add_loop_test(tc, the_timing_contract_holds_on_the_model_and_the_rtl, 0, nblocks);
    suite_add_tcase(s, tc);
    return irhw_check_run(s);
}
