/* timing_check.h — checks a block's timing contract (irhw_port.comb) on a
 * design under test: an output declared registered does not change when any
 * input changes in the same cycle, and a combinational output follows only
 * the inputs it names. Used by tests/unit/test_contract.c at every block's
 * defaults, and by a block's suite for configurations whose timing differs
 * (a pipelined variant). */
#ifndef IRHW_TIMING_CHECK_H
#define IRHW_TIMING_CHECK_H

#include <check.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "irhw.h"
#include "vbuild.h"

/* name is a word of the space-separated list */
static inline int irhw_comb_in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == 0 || p[n] == ' '))
            return 1;
    return 0;
}

/* Drives `cycles` cycles of the block's stimulus into d; in every cycle,
 * re-evaluates with the inputs outside each output's comb list redrawn and
 * demands that output unchanged; the real inputs are evaluated last,
 * before the clock edge. */
static inline void irhw_check_timing(const irhw_inst *x, const irhw_dut *d, const char *who,
                                     uint64_t cycles)
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
                if (ps->p[i].dir == IRHW_IN && !irhw_comb_in_list(po->comb, ps->p[i].name))
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

/* The contract of block b with "NAME=VALUE ..." on the C model and on the
 * Verilated RTL, over 3000 cycles of the block's own stimulus. */
static inline void irhw_check_timing_contract(const irhw_block *b, const char *params)
{
    irhw_inst x;
    char err[4096], so[4600];
    irhw_check_inst(&x, b, params);
    void *m = irhw_model_create(&x, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    irhw_dut dm = irhw_model_dut(&x, m);
    irhw_check_timing(&x, &dm, "C model of", 3000);
    b->model_free(m);

    int cached;
    irhw_build_req q = {.x = &x, .trace = IRHW_TRACE_NONE, .quiet = 1};
    irhw_rtl rtl;
    ck_assert_msg(irhw_rtl_build(&q, so, sizeof so, &cached, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(irhw_rtl_open(so, &rtl, err, sizeof err) == 0, "%s", err);
    irhw_dut dr = irhw_rtl_dut(&rtl);
    irhw_check_timing(&x, &dr, "RTL of", 3000);
    irhw_rtl_close(&rtl);
    irhw_inst_free(&x);
}

#endif
