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
#include "vbuild.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == 0 || p[n] == ' '))
            return 1;
    return 0;
}

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
                ck_assert_msg(rc == 0 || strstr(err, p->name) != NULL,
                              "%s -p %s rejected for another parameter: %s", b->name, assign, err);
            }
        }
    }
}
END_TEST

/* Drives `cycles` cycles of the block's stimulus into d; in every cycle,
 * re-evaluates with the inputs outside each output's comb list redrawn and
 * demands that output unchanged; the real inputs are evaluated last,
 * before the clock edge. */
static void check_timing(const irhw_inst *x, const irhw_dut *d, const char *who, uint64_t cycles)
{
    const irhw_ports *ps = &x->ps;
    const irhw_block *b = x->b;
    void *stim = b->stim_new(x, 7, cycles, IRHW_STIM_MIXED);
    uint64_t *in = calloc(ps->in_words + 1, 8), *alt = calloc(ps->in_words + 1, 8);
    uint64_t *out = calloc(ps->out_words + 1, 8), *out2 = calloc(ps->out_words + 1, 8);
    uint64_t *prev = calloc(ps->out_words + 1, 8);
    ck_assert(stim && in && alt && out && out2 && prev);
    irhw_rng rng;
    irhw_rng_seed(&rng, 11);
    for (uint64_t cyc = 0; cyc < cycles; cyc++) {
        memset(in, 0, ps->in_words * 8);
        b->stim_next(stim, cyc, prev, in);
        if (cyc < 2)
            in[ps->p[0].off] |= 1;
        d->eval(d->h, in, out);
        for (unsigned o = 0; o < ps->n && cyc >= 2; o++) {
            const irhw_port *po = &ps->p[o];
            if (po->dir != IRHW_OUT)
                continue;
            memcpy(alt, in, ps->in_words * 8);
            for (unsigned i = 1; i < ps->n; i++) /* rst (port 0) is synchronous: kept */
                if (ps->p[i].dir == IRHW_IN && !in_list(po->comb, ps->p[i].name))
                    for (unsigned w = 0; w < irhw_words(ps->p[i].width); w++) {
                        unsigned left = ps->p[i].width - 64 * w;
                        alt[ps->p[i].off + w] = irhw_rng_bits(&rng, left > 64 ? 64 : left);
                    }
            d->eval(d->h, alt, out2);
            ck_assert_msg(memcmp(out + po->off, out2 + po->off, irhw_words(po->width) * 8) == 0,
                          "%s %s (%s): output %s changed with inputs outside its timing "
                          "contract [%s] at cycle %" PRIu64,
                          who, b->name, x->module, po->name, po->comb[0] ? po->comb : "registered",
                          cyc);
        }
        d->eval(d->h, in, out);
        d->tick(d->h, in);
        memcpy(prev, out, ps->out_words * 8);
    }
    b->stim_free(stim);
    free(in);
    free(alt);
    free(out);
    free(out2);
    free(prev);
}

START_TEST(the_timing_contract_holds_on_the_model_and_the_rtl)
{
    const irhw_block *b = irhw_blocks[_i];
    irhw_inst x;
    char err[4096], so[4600];
    irhw_check_inst(&x, b, "");
    void *m = irhw_model_create(&x, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    irhw_dut dm = irhw_model_dut(&x, m);
    check_timing(&x, &dm, "C model of", 3000);
    b->model_free(m);

    int cached;
    irhw_build_req q = {&x, NULL, 0, IRHW_TRACE_NONE, NULL, 1, 0};
    irhw_rtl rtl;
    ck_assert_msg(irhw_rtl_build(&q, so, sizeof so, &cached, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(irhw_rtl_open(so, &rtl, err, sizeof err) == 0, "%s", err);
    irhw_dut dr = irhw_rtl_dut(&rtl);
    check_timing(&x, &dr, "RTL of", 3000);
    irhw_rtl_close(&rtl);
    irhw_inst_free(&x);
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
