/*
 * hwwl — the multi-core hardware worklist of the hwwl paper (§III-C/D,
 * §V-A, Fig. 3): CORES instances of one core's worklist (model/hwwl_core.c:
 * banks, WRU, transfer engine, HVU), instantiated, joined by one
 * inter-core redistribution network (model/icrn.c), instantiated. Neither
 * part is written twice: this model composes their models through their
 * irhw_block hooks, and gen/hwwl.c instantiates their generated modules
 * (g_core[c].u_core, u_icrn). The description is model/hwwl_block.c.
 *
 * Wiring, per core c (the RTL is the same):
 *   core.xfer_valid/xfer_id  -> icrn.inj_valid[c]/inj_id[c]
 *   icrn.inj_ready[c]        -> core.xfer_ready
 *   icrn.dlv_valid[c]/dlv_id -> core.rx_valid/rx_id
 *   core.rx_ready            -> icrn.dlv_ready[c]
 *   core.core_empty/greedy   -> icrn.core_empty[c]/core_greedy[c]
 *   icrn.all_done            -> every core's others_done
 * all_done is combinational from core_empty and inj_valid, both registered
 * in hwwl_core, so there is no combinational loop. A core answers DONE
 * when its own pull side is empty and others_done is set: so DONE reaches
 * every lane only when every core, every overflow buffer's pull region and
 * the network are empty.
 *
 * Decisions where the paper is silent:
 * - One wlcfg and one swap for the whole system, honoured all-or-nothing:
 *     cfg_go  = wlcfg_en && every core's cfg_ready && no push anywhere
 *               && the network empty;
 *     swap_go = swap && !wlcfg_en && every core's swap_ready && no push
 *               anywhere && the network empty;
 *   every core's wlcfg_en / swap is driven with cfg_go / swap_go (each
 *   core's cfg_ready/swap_ready are state only and its own conditions are
 *   the same, so it honours them exactly then). "The network empty" is a
 *   counter of the IDs inside it (accepted injections minus taken
 *   deliveries, `net_held`): no dlv_valid anywhere is not enough, an ID can
 *   sit in an up buffer while every core is drained, and a swap then would
 *   hand the last kernel's work to the next one. No dlv_valid is implied
 *   (a delivery waits in a buffer) and so is each core's "no rx_valid".
 * - wlinit is one command for the system: core c's buffer is at
 *   base + c*size (mod 2^ADDR_BITS) with `size` IDs, a per-core offset as in
 *   the paper. Each core honours it by its own rule (its HVU empty, no push
 *   of its lanes), and wlinit_ok is per core: the lanes of a core that
 *   refused retry. Not all-or-nothing: hwwl_core has no state-only "would
 *   accept wlinit" output, and re-initializing an empty buffer is harmless.
 * - Every core gets the same rst; the network too.
 * - Observability for the checker and waveforms: don_valid/don_id (an ID
 *   leaves core c into the network: xfer_valid && inj_ready),
 *   rcv_valid/rcv_id (an ID enters core c: dlv_valid && rx_ready), and
 *   net_held. swap_ready / cfg_ready are the system's: every core's and the
 *   network empty.
 *
 * SCHEME=gsorting and SCHEME=magic (C model only; the generator refuses
 * them) are the paper's Fig. 6 comparison points, §V-B: gsorting is "a
 * global-variant of the lsorting scheme with a monolithic WRU that uses
 * inter-core information", magic "evenly distributes work across cores
 * ignoring bandwidth constraints". The paper gives no more. Chosen here
 * (global_redistribute below): the cores run without a WRU (their
 * SCHEME=none) and the network carries nothing; after every clock edge the
 * system moves IDs between the pull halves of any two banks of any cores,
 * through a backdoor outside the ports. gsorting applies lsorting's rule
 * (THRESHOLD, INTERVAL, one ID per pair per decision) to all CORES x LANES
 * bank counts at once, the move landing at the same edge; magic levels
 * every bank's pull half to floor or ceil of the mean, every cycle, with
 * any number of moves. Neither touches the overflow buffers (a refill
 * lands in its own core's banks and is spread from there), and the
 * conservation checker (tb/hwwl_stim.c) treats the cores' pull sides as
 * one.
 *
 * Evaluation (both parts are two-phase models): the network's deliveries
 * and inj_ready, and every core's status outputs, depend on state only. So
 * eval (1) evaluates the network for its registered outputs, (2) every
 * core with them, swap and wlcfg_en (when asked) and others_done as
 * honoured in the last evaluation (they rarely change; a drain swaps every
 * cycle), (3) the network again with the cores' status (all_done), then
 * (4) re-evaluates the cores when swap, wlcfg_en or all_done differs from
 * (2)'s (only their answers and *_ok change). tick clocks every part with
 * the inputs of its last evaluation (eval's work is reused when tick gets
 * eval's inputs).
 */
#include "hwwl.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const irhw_inst *x;
    hwwl_geom g;
    irhw_inst core, net; /* the parts' instances (the sub-models point into them) */
    void *cm[HW_MAX_CORES], *nm;
    unsigned cin_w, cout_w;
    uint64_t *cin, *cout, *nin, *nout; /* [core][words], this cycle */
    unsigned net_n;                    /* IDs inside the network */
    int done_guess;                    /* all_done of the last evaluation */
    int cfg_guess, swap_guess;         /* cfg_go / swap_go of the last evaluation */
    uint64_t *last_in;
    int step_ok;
    struct hw_sys {
        int cfg_go, swap_go, all_done, cfg_rdy, swap_rdy;
        uint64_t inj_fire, dlv_fire;
    } s;
    /* Memos (speed, not behaviour): the cores' inputs stand as built when
     * the system's inputs and the network's registered outputs are those
     * they were built from (ci_ok: step (4) did not rewrite them since);
     * the system's outputs stand when the cores' and the network's outputs,
     * s and net_n are those they were built from (out_ok). */
    int ci_ok, out_ok;
    uint64_t *ci_in, *ci_nout, *o_cout, *o_nout, *o_out;
    struct hw_sys o_s;
    unsigned o_net_n;
    unsigned gphase; /* SCHEME=gsorting: 0..INTERVAL-1, a decision at 0 */
    int calm;        /* the last tick changed no state but counters (hwwl_calm) */
    /* Model-only fast-forward of calm cores (hwwl_fast_forward): per core
     * the inputs and outputs of its last tick, its calm ticks in a row on
     * them, and whether this step evaluated it */
    int fast;
    uint64_t *k_in, *k_out; /* [core][words] */
    unsigned k_run[HW_MAX_CORES];
    int k_evald[HW_MAX_CORES];
    uint64_t pull_steps; /* the cores' pull-only steps (hwwl_pull_steps) */
    struct {
        uint64_t cycles, done_cycles, donated, delivered, swaps, cfgs;
        uint64_t gmoves; /* SCHEME=gsorting / magic: IDs moved between banks */
        unsigned net_max;
    } st;
} hw_model;

static uint64_t *core_in(hw_model *m, unsigned c)
{
    return m->cin + (size_t)c * m->cin_w;
}
static uint64_t *core_out(hw_model *m, unsigned c)
{
    return m->cout + (size_t)c * m->cout_w;
}

/* width bits from src at slsb to dst at dlsb (word arrays). */
static inline void copy_bits(uint64_t *dst, unsigned dlsb, const uint64_t *src, unsigned slsb,
                             unsigned width)
{
    unsigned k = 0;
    if (dlsb % 64 == 0 && slsb % 64 == 0) /* whole words: copied as words */
        for (; k + 64 <= width; k += 64)
            dst[(dlsb + k) / 64] = src[(slsb + k) / 64];
    for (; k < width; k += 64) {
        unsigned w = width - k < 64 ? width - k : 64;
        irhw_bits_set(dst, dlsb + k, w, irhw_bits_get(src, slsb + k, w));
    }
}

/* Core c's slice of a system port (width = the core's port width). */
static void slice_in(hw_model *m, unsigned c, const uint64_t *in, unsigned sport, unsigned cport)
{
    const irhw_ports *ps = &m->x->ps, *cps = &m->core.ps;
    unsigned w = cps->p[cport].width;
    copy_bits(irhw_wide(core_in(m, c), cps, cport), 0, irhw_cwide(in, ps, sport), c * w, w);
}
static void slice_out(hw_model *m, unsigned c, uint64_t *out, unsigned sport, unsigned cport)
{
    const irhw_ports *ps = &m->x->ps, *cps = &m->core.ps;
    unsigned w = cps->p[cport].width;
    copy_bits(irhw_wide(out, ps, sport), c * w, irhw_cwide(core_out(m, c), cps, cport), 0, w);
}
static uint64_t cget(hw_model *m, unsigned c, unsigned port)
{
    return irhw_get(core_out(m, c), &m->core.ps, port);
}

/* Core c on its inputs: evaluated; or, fast-forwarding, its last outputs
 * again when its last INTERVAL + 1 ticks were calm on these very inputs
 * with these outputs: it went through every phase of its counters in that
 * state, so it is that cycle again (hwwl_core_calm); or its pull-only step
 * (hwwl_core_pull_eval). k_evald: how the last of a step's evaluations went
 * (0 repeated, 1 evaluated, 2 pull-only), for the tick. */
static void core_eval(hw_model *m, unsigned c)
{
    uint64_t *ci = core_in(m, c), *co = core_out(m, c);
    size_t iw = m->cin_w, ow = m->cout_w;
    if (m->fast && m->k_run[c] > m->g.core.interval &&
        !memcmp(ci, m->k_in + c * iw, iw * sizeof *ci)) {
        memcpy(co, m->k_out + c * ow, ow * sizeof *co);
        m->k_evald[c] = 0;
        return;
    }
    if (m->fast && hwwl_core_pull_eval(m->cm[c], ci, co)) {
        m->k_evald[c] = 2;
        return;
    }
    m->k_evald[c] = 1;
    m->core.b->model_eval(m->cm[c], ci, co);
}

/* After core c's tick: its calm run on unchanged inputs and outputs. */
static void core_note(hw_model *m, unsigned c, int calm)
{
    uint64_t *ci = core_in(m, c), *co = core_out(m, c);
    uint64_t *ki = m->k_in + c * m->cin_w, *ko = m->k_out + c * m->cout_w;
    size_t ib = m->cin_w * sizeof *ci, ob = m->cout_w * sizeof *co;
    int same = !memcmp(ci, ki, ib) && !memcmp(co, ko, ob);
    m->k_run[c] = calm && same ? m->k_run[c] + 1 : 0;
    if (!same) {
        memcpy(ki, ci, ib);
        memcpy(ko, co, ob);
    }
}

/* ---- one cycle's evaluation --------------------------------------------------- */

static void hw_step(hw_model *m, const uint64_t *in)
{
    const irhw_ports *ps = &m->x->ps, *cps = &m->core.ps, *nps = &m->net.ps;
    const hwwl_core_geom *k = &m->g.core;
    unsigned C = m->g.cores, I = k->id_bits;
    uint64_t rst = irhw_get(in, ps, HW_RST);

    /* (1) the network's registered outputs */
    m->net.b->model_eval(m->nm, m->nin, m->nout);
    uint64_t inj_ready = irhw_get(m->nout, nps, IC_INJ_READY);
    uint64_t dlv_valid = irhw_get(m->nout, nps, IC_DLV_VALID);
    const uint64_t *dlv_id = irhw_cwide(m->nout, nps, IC_DLV_ID);

    /* (2) the cores, with swap and wlcfg_en low, others_done as last evaluated */
    uint64_t base = irhw_get(in, ps, HW_WLINIT_BASE), size = irhw_get(in, ps, HW_WLINIT_SIZE);
    const uint64_t *mtag = irhw_cwide(in, ps, HW_MEM_RESP_TAG);
    int push_any = 0;
    memset(m->k_evald, 0, sizeof m->k_evald);
    int same = m->ci_ok && !memcmp(m->ci_in, in, sizeof *in * ps->in_words) &&
               !memcmp(m->ci_nout, m->nout, sizeof *m->nout * nps->out_words);
    if (!same) {
        memcpy(m->ci_in, in, sizeof *in * ps->in_words);
        memcpy(m->ci_nout, m->nout, sizeof *m->nout * nps->out_words);
    }
    m->ci_ok = 1;
    for (unsigned c = 0; c < C; c++) {
        uint64_t *ci = core_in(m, c);
        if (same) { /* as built the last time (the memo above) */
            push_any |= irhw_get(ci, cps, HC_PUSH) != 0;
            core_eval(m, c);
            continue;
        }
        memset(ci, 0, sizeof *ci * m->cin_w);
        irhw_set(ci, cps, HC_RST, rst);
        irhw_set(ci, cps, HC_WLCFG_EN, m->cfg_guess && irhw_get(in, ps, HW_WLCFG_EN));
        irhw_set(ci, cps, HC_SWAP, m->swap_guess && irhw_get(in, ps, HW_SWAP));
        irhw_set(ci, cps, HC_WLCFG_DOUBLE, irhw_get(in, ps, HW_WLCFG_DOUBLE));
        irhw_set(ci, cps, HC_WLINIT_EN, irhw_get(in, ps, HW_WLINIT_EN));
        irhw_set(ci, cps, HC_WLINIT_BASE, (base + c * size) & irhw_mask(k->addr_bits));
        irhw_set(ci, cps, HC_WLINIT_SIZE, size);
        slice_in(m, c, in, HW_PUSH, HC_PUSH);
        slice_in(m, c, in, HW_PUSH_ID, HC_PUSH_ID);
        slice_in(m, c, in, HW_PULL, HC_PULL);
        irhw_set(ci, cps, HC_OTHERS_DONE, (uint64_t)m->done_guess);
        irhw_set(ci, cps, HC_RX_VALID, dlv_valid >> c & 1);
        irhw_set(ci, cps, HC_RX_ID, irhw_bits_get(dlv_id, c * I, I));
        irhw_set(ci, cps, HC_XFER_READY, inj_ready >> c & 1);
        irhw_set(ci, cps, HC_MEM_REQ_READY, irhw_get(in, ps, HW_MEM_REQ_READY) >> c & 1);
        irhw_set(ci, cps, HC_MEM_RESP_VALID, irhw_get(in, ps, HW_MEM_RESP_VALID) >> c & 1);
        irhw_set(ci, cps, HC_MEM_RESP_TAG, irhw_bits_get(mtag, c * k->tag_bits, k->tag_bits));
        slice_in(m, c, in, HW_MEM_RESP_DATA, HC_MEM_RESP_DATA);
        push_any |= irhw_get(ci, cps, HC_PUSH) != 0;
        core_eval(m, c);
    }

    /* (3) the network with the cores' status */
    uint64_t xv = 0, empty = 0, greedy = 0, rx_ready = 0;
    int cfg_rdy = m->net_n == 0, swap_rdy = m->net_n == 0;
    memset(m->nin, 0, sizeof *m->nin * nps->in_words);
    uint64_t *inj_id = irhw_wide(m->nin, nps, IC_INJ_ID);
    for (unsigned c = 0; c < C; c++) {
        xv |= cget(m, c, HC_XFER_VALID) << c;
        empty |= cget(m, c, HC_CORE_EMPTY) << c;
        greedy |= cget(m, c, HC_CORE_GREEDY) << c;
        rx_ready |= cget(m, c, HC_RX_READY) << c;
        irhw_bits_set(inj_id, c * I, I, cget(m, c, HC_XFER_ID));
        cfg_rdy &= (int)cget(m, c, HC_CFG_READY);
        swap_rdy &= (int)cget(m, c, HC_SWAP_READY);
    }
    irhw_set(m->nin, nps, IC_RST, rst);
    irhw_set(m->nin, nps, IC_INJ_VALID, xv);
    irhw_set(m->nin, nps, IC_DLV_READY, rx_ready);
    irhw_set(m->nin, nps, IC_CORE_EMPTY, empty);
    irhw_set(m->nin, nps, IC_CORE_GREEDY, greedy);
    m->net.b->model_eval(m->nm, m->nin, m->nout);
    m->s.all_done = (int)irhw_get(m->nout, nps, IC_ALL_DONE);
    m->s.inj_fire = xv & inj_ready;
    m->s.dlv_fire = dlv_valid & rx_ready;
    int cfg_en = (int)irhw_get(in, ps, HW_WLCFG_EN);
    m->s.cfg_go = cfg_en && cfg_rdy && !push_any;
    m->s.swap_go = irhw_get(in, ps, HW_SWAP) && !cfg_en && swap_rdy && !push_any;
    m->s.cfg_rdy = cfg_rdy;
    m->s.swap_rdy = swap_rdy;

    /* (4) the cores again when a system signal differs from (2)'s */
    int cfg_was = (int)irhw_get(core_in(m, 0), cps, HC_WLCFG_EN);
    int swap_was = (int)irhw_get(core_in(m, 0), cps, HC_SWAP);
    if (m->s.cfg_go != cfg_was || m->s.swap_go != swap_was || m->s.all_done != m->done_guess)
        for (unsigned c = 0; c < C; c++) {
            m->ci_ok = 0;
            uint64_t *ci = core_in(m, c);
            irhw_set(ci, cps, HC_WLCFG_EN, (uint64_t)m->s.cfg_go);
            irhw_set(ci, cps, HC_SWAP, (uint64_t)m->s.swap_go);
            irhw_set(ci, cps, HC_OTHERS_DONE, (uint64_t)m->s.all_done);
            core_eval(m, c);
        }
    m->done_guess = m->s.all_done;
    m->cfg_guess = m->s.cfg_go;
    m->swap_guess = m->s.swap_go;
}

/* ---- the two phases ------------------------------------------------------------------ */

static int sys_same(const struct hw_sys *a, const struct hw_sys *b)
{
    return a->cfg_go == b->cfg_go && a->swap_go == b->swap_go && a->all_done == b->all_done &&
           a->cfg_rdy == b->cfg_rdy && a->swap_rdy == b->swap_rdy && a->inj_fire == b->inj_fire &&
           a->dlv_fire == b->dlv_fire;
}

/* Core c's part of the system's outputs: its slices, its bit of each
 * per-core bit, its donated ID (written over what was there). */
static void core_slices(hw_model *m, uint64_t *out, unsigned c)
{
    const irhw_ports *ps = &m->x->ps, *nps = &m->net.ps;
    unsigned I = m->g.core.id_bits;
    static const unsigned lanes[][2] = {
        {HW_PUSH_OK, HC_PUSH_OK},           {HW_PUSH_EXC, HC_PUSH_EXC},
        {HW_PULL_ANS, HC_PULL_ANS},         {HW_PULL_ID, HC_PULL_ID},
        {HW_MEM_REQ_ADDR, HC_MEM_REQ_ADDR}, {HW_MEM_REQ_N, HC_MEM_REQ_N},
        {HW_MEM_REQ_TAG, HC_MEM_REQ_TAG},   {HW_MEM_REQ_DATA, HC_MEM_REQ_DATA},
        {HW_OVF_HELD, HC_OVF_HELD},
    };
    static const unsigned bits[][2] = {
        {HW_WLINIT_OK, HC_WLINIT_OK},         {HW_MEM_REQ_VALID, HC_MEM_REQ_VALID},
        {HW_MEM_REQ_WRITE, HC_MEM_REQ_WRITE}, {HW_DOUBLE_MODE, HC_DOUBLE_MODE},
        {HW_CORE_EMPTY, HC_CORE_EMPTY},       {HW_CORE_GREEDY, HC_CORE_GREEDY},
    };
    for (unsigned i = 0; i < sizeof lanes / sizeof lanes[0]; i++)
        slice_out(m, c, out, lanes[i][0], lanes[i][1]);
    for (unsigned i = 0; i < sizeof bits / sizeof bits[0]; i++)
        irhw_set(out, ps, bits[i][0],
                 (irhw_get(out, ps, bits[i][0]) & ~((uint64_t)1 << c)) | cget(m, c, bits[i][1])
                                                                             << c);
    if (m->s.inj_fire >> c & 1)
        irhw_bits_set(irhw_wide(out, ps, HW_DON_ID), c * I, I, cget(m, c, HC_XFER_ID));
    if (m->s.dlv_fire >> c & 1)
        irhw_bits_set(irhw_wide(out, ps, HW_RCV_ID), c * I, I,
                      irhw_bits_get(irhw_cwide(m->nout, nps, IC_DLV_ID), c * I, I));
}

/* The system's outputs of the last build again when everything they are
 * built from is unchanged but some cores' outputs, with those cores' parts
 * built again (1); else 0 with the memo's inputs recorded. */
static int out_memo(hw_model *m, uint64_t *out)
{
    size_t cw = (size_t)m->g.cores * m->cout_w, nw = m->net.ps.out_words, ow = m->cout_w;
    if (m->out_ok && m->o_net_n == m->net_n && sys_same(&m->o_s, &m->s) &&
        !memcmp(m->o_nout, m->nout, sizeof *m->nout * nw)) {
        int moved = 0;
        memcpy(out, m->o_out, sizeof *out * m->x->ps.out_words);
        for (unsigned c = 0; c < m->g.cores; c++)
            if (memcmp(m->o_cout + c * ow, core_out(m, c), sizeof *m->cout * ow)) {
                memcpy(m->o_cout + c * ow, core_out(m, c), sizeof *m->cout * ow);
                core_slices(m, out, c);
                moved = 1;
            }
        if (moved)
            memcpy(m->o_out, out, sizeof *out * m->x->ps.out_words);
        return 1;
    }
    memcpy(m->o_cout, m->cout, sizeof *m->cout * cw);
    memcpy(m->o_nout, m->nout, sizeof *m->nout * nw);
    m->o_s = m->s;
    m->o_net_n = m->net_n;
    m->out_ok = 1;
    return 0;
}

void hwwl_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    hw_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    hw_step(m, in);
    memcpy(m->last_in, in, sizeof *in * ps->in_words);
    m->step_ok = 1;
    if (out_memo(m, out))
        return;
    memset(out, 0, sizeof *out * ps->out_words);
    irhw_set(out, ps, HW_WLCFG_OK, (uint64_t)m->s.cfg_go);
    irhw_set(out, ps, HW_SWAP_OK, (uint64_t)m->s.swap_go);
    for (unsigned c = 0; c < m->g.cores; c++)
        core_slices(m, out, c);
    irhw_set(out, ps, HW_DON_VALID, m->s.inj_fire);
    irhw_set(out, ps, HW_RCV_VALID, m->s.dlv_fire);
    irhw_set(out, ps, HW_NET_HELD, m->net_n);
    irhw_set(out, ps, HW_ALL_DONE, (uint64_t)m->s.all_done);
    irhw_set(out, ps, HW_SWAP_READY, (uint64_t)m->s.swap_rdy);
    irhw_set(out, ps, HW_CFG_READY, (uint64_t)m->s.cfg_rdy);
    memcpy(m->o_out, out, sizeof *out * ps->out_words);
}

/* ---- SCHEME=gsorting / magic: model only, no RTL ------------------------------------ */

static int key_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* One ID from bank d to bank r (global bank indices c * LANES + l). */
static void bd_move(hw_model *m, unsigned d, unsigned r)
{
    unsigned L = m->g.core.lanes;
    uint64_t id = hwwl_core_bd_take(m->cm[d / L], d % L);
    hwwl_core_bd_put(m->cm[r / L], r % L, id);
    m->st.gmoves++;
}

/* After the clock edge, between two cycles: every core's banks are seen as
 * one set of CORES x LANES banks, and IDs move between their pull halves
 * outside the ports (the banks, the overflow buffers and everything in
 * flight are otherwise untouched; the cores have no WRU, the network
 * carries nothing).
 * - gsorting: the lsorting rule of model/wru.c over all CORES x LANES
 *   banks, every INTERVAL cycles: ranks by (count, bank), pair i moves one
 *   ID from rank N-1-i to rank i while rank i is needy (count < THRESHOLD)
 *   and the donor holds at least two more. The counts are the pull halves'
 *   (no reserved slots), and a move lands at the same edge: one monolithic
 *   WRU with no network latency.
 * - magic: every cycle, the pull halves are levelled: with T IDs in N
 *   banks, the T mod N fullest banks keep floor(T/N) + 1 and every other
 *   one floor(T/N), any number of moves a cycle (no bandwidth limit). */
static void global_redistribute(hw_model *m)
{
    unsigned L = m->g.core.lanes, N = m->g.cores * L;
    uint64_t key[HW_MAX_CORES * HC_MAX_LANES];
    unsigned cnt[HW_MAX_CORES * HC_MAX_LANES], room, lo = UINT32_MAX, hi = 0, total = 0;
    if (m->g.scheme == HW_GSORTING) {
        unsigned ph = m->gphase;
        m->gphase = ph + 1 == m->g.core.interval ? 0 : ph + 1;
        if (ph)
            return;
    }
    for (unsigned b = 0; b < N; b++) {
        cnt[b] = hwwl_core_bd_count(m->cm[b / L], b % L, &room);
        key[b] = (uint64_t)cnt[b] << 16 | b;
        total += cnt[b];
        lo = cnt[b] < lo ? cnt[b] : lo;
        hi = cnt[b] > hi ? cnt[b] : hi;
    }
    if (hi - lo < 2)
        return; /* nothing for either rule to move */
    qsort(key, N, sizeof *key, key_cmp);
    if (m->g.scheme == HW_GSORTING) {
        unsigned T = m->g.core.threshold;
        for (unsigned n = 0; n < N - 1 - n; n++) {
            unsigned r = (unsigned)(key[n] & 0xffff), d = (unsigned)(key[N - 1 - n] & 0xffff);
            if (!(cnt[r] < T && cnt[d] >= cnt[r] + 2))
                break;
            hwwl_core_bd_count(m->cm[r / L], r % L, &room);
            if (room)
                bd_move(m, d, r);
        }
        return;
    }
    unsigned q = total / N, extra = total % N;
    unsigned want[HW_MAX_CORES * HC_MAX_LANES];
    for (unsigned b = 0; b < N; b++)
        want[b] = q;
    for (unsigned k = N - extra; k < N; k++) /* key ascending: the fullest take the rest */
        want[key[k] & 0xffff]++;
    unsigned d = 0, r = 0;
    for (;;) {
        while (d < N && cnt[d] <= want[d])
            d++;
        while (r < N && cnt[r] >= want[r])
            r++;
        if (d == N || r == N)
            break;
        bd_move(m, d, r);
        cnt[d]--;
        cnt[r]++;
    }
}

void hwwl_tick(void *vm, const uint64_t *in)
{
    hw_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    if (!m->step_ok || memcmp(m->last_in, in, sizeof *in * ps->in_words))
        hw_step(m, in);
    m->step_ok = 0;
    int calm = !HW_MODEL_ONLY_SCHEME(&m->g) && !m->net_n && !m->s.inj_fire && !m->s.dlv_fire &&
               !m->s.swap_go && !m->s.cfg_go;
    for (unsigned c = 0; c < m->g.cores; c++) {
        if (m->fast && !m->k_evald[c]) { /* core_eval repeated its calm cycle */
            hwwl_core_idle_tick(m->cm[c]);
            continue;
        }
        if (m->fast && m->k_evald[c] == 2) {
            hwwl_core_pull_tick(m->cm[c]);
            m->pull_steps++;
        } else
            m->core.b->model_tick(m->cm[c], core_in(m, c));
        int cc = hwwl_core_calm(m->cm[c]);
        calm = calm && cc;
        if (m->fast)
            core_note(m, c, cc);
    }
    m->calm = calm;
    m->net.b->model_tick(m->nm, m->nin);
    if (irhw_get(in, ps, HW_RST)) {
        m->calm = 0;
        m->net_n = 0;
        m->gphase = 0;
        return;
    }
    if (HW_MODEL_ONLY_SCHEME(&m->g))
        global_redistribute(m);
    m->net_n += (unsigned)__builtin_popcountll(m->s.inj_fire);
    m->net_n -= (unsigned)__builtin_popcountll(m->s.dlv_fire);
    m->st.cycles++;
    m->st.done_cycles += (uint64_t)m->s.all_done;
    m->st.donated += (uint64_t)__builtin_popcountll(m->s.inj_fire);
    m->st.delivered += (uint64_t)__builtin_popcountll(m->s.dlv_fire);
    m->st.swaps += (uint64_t)m->s.swap_go;
    m->st.cfgs += (uint64_t)m->s.cfg_go;
    if (m->net_n > m->st.net_max)
        m->st.net_max = m->net_n;
}

/* A calm tick: every core's (hwwl_core_calm), nothing in or entering or
 * leaving the network (its tick then only counts cycles), no system
 * command, SCHEME=gsorting / magic excluded (their backdoor moves). */
int hwwl_calm(const void *vm)
{
    return ((const hw_model *)vm)->calm;
}

void hwwl_fast_forward(void *vm)
{
    hw_model *m = vm;
    /* not with gsorting / magic: their backdoor moves change a core after
     * its tick found it calm */
    m->fast = m->k_in && m->k_out && !HW_MODEL_ONLY_SCHEME(&m->g);
    for (unsigned c = 0; m->fast && c < m->g.cores; c++)
        hwwl_core_fast_pull(m->cm[c]);
}

uint64_t hwwl_pull_steps(const void *vm)
{
    return ((const hw_model *)vm)->pull_steps;
}

void hwwl_idle_tick(void *vm)
{
    hw_model *m = vm;
    for (unsigned c = 0; c < m->g.cores; c++)
        hwwl_core_idle_tick(m->cm[c]);
    m->net.b->model_tick(m->nm, m->nin);
    m->st.cycles++;
    m->st.done_cycles += (uint64_t)m->s.all_done;
}

/* ---- construction ---------------------------------------------------------------------- */

void hwwl_free(void *vm)
{
    hw_model *m = vm;
    if (!m)
        return;
    for (unsigned c = 0; c < HW_MAX_CORES; c++)
        if (m->cm[c])
            m->core.b->model_free(m->cm[c]);
    if (m->nm)
        m->net.b->model_free(m->nm);
    irhw_inst_free(&m->core);
    irhw_inst_free(&m->net);
    free(m->cin);
    free(m->cout);
    free(m->nin);
    free(m->nout);
    free(m->last_in);
    free(m->ci_in);
    free(m->ci_nout);
    free(m->o_cout);
    free(m->o_nout);
    free(m->o_out);
    free(m->k_in);
    free(m->k_out);
    free(m);
}

void *hwwl_new(const irhw_inst *x)
{
    hw_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->x = x;
    m->g = *hwwl_g(x);
    char err[IRHW_ERRLEN];
    if (hwwl_parts(&m->g, &m->core, &m->net, err, sizeof err)) {
        hwwl_free(m);
        return NULL;
    }
    unsigned C = m->g.cores;
    m->cin_w = m->core.ps.in_words;
    m->cout_w = m->core.ps.out_words;
    m->cin = calloc((size_t)C * m->cin_w, sizeof *m->cin);
    m->cout = calloc((size_t)C * m->cout_w, sizeof *m->cout);
    m->nin = calloc(m->net.ps.in_words, sizeof *m->nin);
    m->nout = calloc(m->net.ps.out_words, sizeof *m->nout);
    m->last_in = calloc(x->ps.in_words, sizeof *m->last_in);
    m->ci_in = calloc(x->ps.in_words, sizeof *m->ci_in);
    m->ci_nout = calloc(m->net.ps.out_words, sizeof *m->ci_nout);
    m->o_cout = calloc((size_t)C * m->cout_w, sizeof *m->o_cout);
    m->o_nout = calloc(m->net.ps.out_words, sizeof *m->o_nout);
    m->o_out = calloc(x->ps.out_words, sizeof *m->o_out);
    m->k_in = calloc((size_t)C * m->cin_w, sizeof *m->k_in);
    m->k_out = calloc((size_t)C * m->cout_w, sizeof *m->k_out);
    int ok = m->k_in && m->k_out && m->cin && m->cout && m->nin && m->nout && m->last_in &&
             m->ci_in && m->ci_nout && m->o_cout && m->o_nout && m->o_out;
    for (unsigned c = 0; ok && c < C; c++)
        ok = (m->cm[c] = m->core.b->model_new(&m->core)) != NULL;
    if (ok)
        ok = (m->nm = m->net.b->model_new(&m->net)) != NULL;
    if (!ok) {
        hwwl_free(m);
        return NULL;
    }
    return m;
}

/* Coverage, from the system's ports this cycle (the model's outputs). */
void hwwl_cover(const void *vm, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const hw_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    unsigned C = m->g.cores, LN = C * m->g.core.lanes;
    if (irhw_get(in, ps, HW_RST))
        return;
    uint64_t don = irhw_get(out, ps, HW_DON_VALID);
    if (don)
        hits[HW_COV_DONATION]++;
    if (__builtin_popcountll(don) >= 2)
        hits[HW_COV_TWO_DONORS]++;
    if (irhw_get(out, ps, HW_RCV_VALID))
        hits[HW_COV_DELIVERY]++;
    uint64_t req = irhw_get(out, ps, HW_MEM_REQ_VALID), wr = irhw_get(out, ps, HW_MEM_REQ_WRITE);
    if (req & wr)
        hits[HW_COV_STORE]++;
    if (req & ~wr)
        hits[HW_COV_LOAD]++;
    const uint64_t *ans = irhw_cwide(out, ps, HW_PULL_ANS);
    for (unsigned l = 0; l < LN; l++)
        if (irhw_bits_get(ans, 2 * l, 2) == HC_ANS_DONE) {
            hits[HW_COV_DONE]++;
            break;
        }
    if (irhw_get(out, ps, HW_SWAP_OK))
        hits[HW_COV_SWAP]++;
    if (irhw_get(out, ps, HW_WLCFG_OK) && irhw_get(in, ps, HW_WLCFG_DOUBLE))
        hits[HW_COV_CFG_DOUBLE]++;
    uint64_t all = irhw_mask(C);
    if (irhw_get(out, ps, HW_CORE_EMPTY) == all && irhw_get(out, ps, HW_NET_HELD)) {
        hits[HW_COV_NET_ONLY]++;
        const uint64_t *pull = irhw_cwide(in, ps, HW_PULL);
        for (unsigned w = 0; w < irhw_words(LN); w++)
            if (pull[w]) {
                hits[HW_COV_DONE_HELD]++;
                break;
            }
        if (irhw_get(in, ps, HW_SWAP) && irhw_get(out, ps, HW_DOUBLE_MODE) == all)
            hits[HW_COV_SWAP_HELD]++;
    }
    if (irhw_get(in, ps, HW_WLINIT_EN) && irhw_get(out, ps, HW_WLINIT_OK) == all) {
        uint64_t size = irhw_get(in, ps, HW_WLINIT_SIZE);
        if (size == m->g.core.ovf_cap)
            hits[HW_COV_WLINIT_CAP]++;
        if (size == m->g.core.lanes)
            hits[HW_COV_WLINIT_WARP]++;
    }
    for (unsigned c = 0; c < C; c++)
        for (unsigned w = hwwl_core_wraps(m->cm[c]), i = 0; w; w >>= 1, i++)
            if (w & 1)
                hits[HW_COV_STORE_WRAP_CAP_SINGLE + i]++;
}

void hwwl_stats(void *vm, FILE *f)
{
    hw_model *m = vm;
    fprintf(f,
            "hwwl: %u cores; donations %" PRIu64 " into the network, %" PRIu64
            " delivered; at most %u IDs inside it; all_done in %" PRIu64 " of %" PRIu64
            " cycles; swaps %" PRIu64 ", wlcfg %" PRIu64 "\n",
            m->g.cores, m->st.donated, m->st.delivered, m->st.net_max, m->st.done_cycles,
            m->st.cycles, m->st.swaps, m->st.cfgs);
    if (HW_MODEL_ONLY_SCHEME(&m->g))
        fprintf(f, "hwwl: system-wide moves (SCHEME=%s, model only) %" PRIu64 "\n",
                m->g.scheme == HW_GSORTING ? "gsorting" : "magic", m->st.gmoves);
    for (unsigned c = 0; c < m->g.cores; c++) {
        fprintf(f, "core %u:\n", c);
        m->core.b->model_stats(m->cm[c], f);
    }
    m->net.b->model_stats(m->nm, f);
}
