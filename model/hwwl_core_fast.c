/*
 * hwwl_core_fast.c — the model-only pull-only step of hwwl_core: a cycle
 * whose pulls all get WAIT or DONE, decided from the last settled step
 * without evaluating the banks (see hwwl_core.h). Lockstep co-simulation
 * never calls it.
 */
#include "hwwl_core_model.h"

#include <stdlib.h>
#include <string.h>

/* Model-only: after a quiet tick on eval's inputs whose pulls all got
 * WAIT or DONE from empty banks, and whose waiting bits, where core_empty
 * reads them (single mode), stay: the state is settled, the step's inputs
 * and outputs the reference of hwwl_core_pull_eval. */
void hc_settle(hc_model *m, const uint64_t *in, int quiet, uint64_t pull)
{
    const struct hc_step *s = &m->s;
    m->settled = quiet && !m->g.sram && !(pull & ~s->empty) && (s->dbl || !(pull & ~m->waiting));
    if (m->settled) {
        memcpy(m->ref_in, in, sizeof *in * m->x->ps.in_words);
        memcpy(m->ref_out, m->last_out, sizeof *m->ref_out * m->x->ps.out_words);
    }
}

/* In a settled state, hc_step on inputs that differ from the reference's
 * only in the pulls decides what it decided then (the same inputs on the
 * same state: the banks, slots, registers and buffers did not move), except
 * where the pulls or the phases enter: a pulled bank with work (an ID), a
 * waiting bit core_empty reads, a refill load, the WRU's plan at this
 * phase. Without those every pulling lane gets the reference's WAIT or
 * DONE, the outputs are the reference's but the answers, and the tick
 * changes only counters, answer queue and waiting bits. */
int hwwl_core_pull_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    hc_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    const struct hc_step *s = &m->s;
    m->p_ok = 0;
    if (!m->settled)
        return 0;
    for (unsigned w = 0; w < ps->in_words; w++)
        if ((in[w] ^ m->ref_in[w]) & ~m->pull_mask[w])
            return 0;
    uint64_t pull = irhw_get(in, ps, HC_PULL), x, y;
    if ((pull & ~s->empty) || (!s->dbl && (pull & ~m->waiting)))
        return 0;
    if (m->stored[s->pullr] && hc_refill_want(m, pull, s->empty, s->dbl) && hc_free_tag(m) >= 0)
        return 0;
    if (m->wm) {
        m->wru.b->model_eval(m->wm, m->win, m->wout);
        hc_plan_takes(m, &x, &y);
        if (x | y)
            return 0;
    }
    memcpy(out, m->ref_out, sizeof *out * ps->out_words);
    uint64_t *ans = irhw_wide(out, ps, HC_PULL_ANS), a = s->done_now ? HC_ANS_DONE : HC_ANS_WAIT;
    memset(ans, 0, sizeof *ans * irhw_words(2 * m->g.lanes));
    for (uint64_t b = pull; b; b &= b - 1)
        ans[low_lane(b) / 32] |= a << (2 * low_lane(b) % 64);
    m->p_pull = pull;
    m->p_ok = 1;
    return 1;
}

/* The tick of hwwl_core_pull_eval's step. */
void hwwl_core_pull_tick(void *vm)
{
    hc_model *m = vm;
    unsigned L = m->g.lanes;
    uint8_t a = m->s.done_now ? HC_ANS_DONE : HC_ANS_WAIT, ans[HC_MAX_LANES] = {0};
    for (uint64_t b = m->p_pull; b; b &= b - 1)
        ans[low_lane(b)] = a;
    m->calm = !m->p_pull && !memcmp(m->ans_q, ans, L);
    memcpy(m->ans_q, ans, L);
    m->st.ans[a] += popc(m->p_pull);
    m->waiting |= m->p_pull;
    m->step_ok = m->p_ok = 0;
    hc_idle_tick(m);
}

/* Model-only: let hwwl_core_pull_eval serve the settled states. */
void hwwl_core_fast_pull(void *vm)
{
    hc_model *m = vm;
    unsigned iw = m->x->ps.in_words, ow = m->x->ps.out_words;
    m->ref_in = calloc(iw, sizeof *m->ref_in);
    m->pull_mask = calloc(iw, sizeof *m->pull_mask);
    m->ref_out = calloc(ow, sizeof *m->ref_out);
    m->last_out = calloc(ow, sizeof *m->last_out);
    m->fastpull = m->ref_in && m->pull_mask && m->ref_out && m->last_out;
    if (m->fastpull)
        irhw_set(m->pull_mask, &m->x->ps, HC_PULL, irhw_mask(m->g.lanes));
}
