/*
 * hwwl_core_model.h — the hwwl_core model's state and the helpers its two
 * files share: model/hwwl_core.c (eval and tick, what the co-simulation
 * runs) and model/hwwl_core_fast.c (the model-only pull-only step). Private
 * to those two.
 */
#ifndef HWWL_CORE_MODEL_H
#define HWWL_CORE_MODEL_H

#include "hwwl_core.h"

#include <stddef.h>
#include <stdint.h>

enum { SLOT_FREE, SLOT_RSV, SLOT_FULL };

typedef struct {
    const irhw_inst *x;
    hwwl_core_geom g;
    irhw_inst bank, wru; /* the parts' instances (the sub-models point into them) */
    void *bm[HC_MAX_LANES], *wm;
    unsigned bin_w, bout_w, win_w, wout_w;
    unsigned bo[WB_NPORTS];            /* the bank's port offsets (one word each), read once */
    uint64_t *bin, *bout, *win, *wout; /* [lane][words], this cycle */
    uint64_t bstill; /* bit l: bout_l answers bin_l (evaluated, no tick moved the bank since) */
    uint64_t bextra; /* bit l: bin_l holds pass 2's requests (cleared by the next pass 1) */
    uint64_t bevald; /* bit l: bank l evaluated since the last tick (the others cannot move) */
    /* state */
    int mv_st[HC_MAX_LANES], rf_st[HC_MAX_LANES], tk_pend[HC_MAX_LANES];
    unsigned tk_to[HC_MAX_LANES]; /* receiver, or LANES for the xfer register */
    uint64_t mv_id[HC_MAX_LANES], rf_id[HC_MAX_LANES];
    int xo_st, xi_valid;
    uint64_t xo_id, xi_id;
    unsigned rx_ptr;
    uint64_t *cb;
    unsigned cb_head, cb_n;
    int rq_valid, rq_write;
    uint64_t rq_addr, *rq_data;
    unsigned rq_n, rq_tag;
    int tag_busy[HC_MAX_OUTSTANDING];
    uint64_t tag_mask[HC_MAX_OUTSTANDING];
    uint64_t base;
    unsigned size, head[2], tail[2], stored[2];
    int opull;
    uint64_t waiting;
    uint8_t ans_q[HC_MAX_LANES];
    unsigned rphase;
    /* eval's inputs: tick with the same inputs reuses eval's step */
    uint64_t *last_in;
    int step_ok;
    int calm; /* the last tick changed no state but counters (hwwl_core_calm) */
    /* Model-only (hwwl_core_pull_eval): settled = the last full tick changed
     * no state but counters, ans_q and waiting bits that show in no output;
     * its step's inputs and outputs; the pulls of a pull-only step */
    int fastpull, settled, p_ok;
    uint64_t *ref_in, *ref_out, *last_out, *pull_mask, p_pull;
    /* this cycle's decisions (hc_step) */
    struct hc_step {
        int dbl, cfg_go, swap_go, init_go, quiet, empty_out, done_now, swap_ready, cfg_ready;
        uint64_t empty, spill, acc, exc, push_ok, take, put_src_rf, put_src_mv, put_src_xi;
        unsigned acc_n, pushr, pullr;
        int st_go, ld_go; /* a store / load issued into the request register */
        unsigned n, tag;
        uint64_t addr, ld_mask;
        uint8_t ans[HC_MAX_LANES];
        int wplan;
        uint64_t donate, xfer_take;
    } s;
    struct {
        uint64_t ans[4], spills, exc, stores, stored_ids, loads, loaded_ids, moves, xfers, rx;
    } st;
} hc_model;

static inline unsigned popc(uint64_t v)
{
    return (unsigned)__builtin_popcountll(v);
}
/* The lowest set bit's lane: loops over a mask visit its lanes in order. */
static inline unsigned low_lane(uint64_t v)
{
    return (unsigned)__builtin_ctzll(v);
}

/* The banks whose heads the WRU's plan (in wout) takes: donors whose
 * receiver's move slot is free, and the xfer bank if the register is. */
static inline void hc_plan_takes(const hc_model *m, uint64_t *donate, uint64_t *xfer_take)
{
    const irhw_ports *wps = &m->wru.ps;
    uint64_t dv = irhw_get(m->wout, wps, WRU_DONATE_VALID);
    const uint64_t *to = irhw_cwide(m->wout, wps, WRU_DONATE_TO);
    unsigned tb = wru_g(&m->wru)->tag_bits;
    *donate = *xfer_take = 0;
    for (uint64_t b = dv & irhw_mask(m->g.lanes); b; b &= b - 1) {
        unsigned l = low_lane(b), r = (unsigned)irhw_bits_get(to, l * tb, tb);
        if (m->mv_st[r] == SLOT_FREE)
            *donate |= (uint64_t)1 << l;
    }
    if (irhw_get(m->wout, wps, WRU_XFER_VALID) && m->xo_st == SLOT_FREE)
        *xfer_take = (uint64_t)1 << irhw_get(m->wout, wps, WRU_XFER_BANK);
}

/* The banks a refill load would serve (their slot free): on demand the
 * lanes pulling an empty bank, by interval at phase 0 those with room. */
static inline uint64_t hc_refill_want(const hc_model *m, uint64_t pull, uint64_t empty, int dbl)
{
    const hwwl_core_geom *g = &m->g;
    uint64_t want = 0;
    for (unsigned l = 0; l < g->lanes; l++) {
        if (m->rf_st[l] != SLOT_FREE)
            continue;
        if (g->refill == HC_ONDEMAND)
            want |= (pull & empty) & (uint64_t)1 << l;
        else if (m->rphase == 0)
            want |= (uint64_t)(m->bout[(size_t)l * m->bout_w + m->bo[WB_COUNT]] <
                               (dbl ? g->entries / 2 : g->entries))
                    << l;
    }
    return want;
}

static inline int hc_free_tag(const hc_model *m)
{
    for (unsigned t = 0; t < m->g.outstanding; t++)
        if (!m->tag_busy[t])
            return (int)t;
    return -1;
}

/* The tick of a calm cycle again: the WRU on its unchanged counts, the
 * interval refill's phase. */
static inline void hc_idle_tick(hc_model *m)
{
    if (m->wm) /* the counts it sees are those of the calm ticks */
        m->wru.b->model_tick(m->wm, m->win);
    if (m->g.refill == HC_INTERVAL_REFILL)
        m->rphase = m->rphase + 1 == m->g.interval ? 0 : m->rphase + 1;
}

/* model/hwwl_core_fast.c: after a full tick (quiet: tick_is_quiet on eval's
 * inputs), whether the state is settled, for hwwl_core_pull_eval. */
void hc_settle(hc_model *m, const uint64_t *in, int quiet, uint64_t pull);

#endif
