/*
 * hwwl_core_stim.c — stimulus, memory and conservation checker of one
 * core's hardware worklist (model/hwwl_core.c).
 *
 * The stimulus plays the lanes, the other cores and the memory:
 * - Lanes push unique work IDs (a global sequence, XORed with a per-seed
 *   salt) and pull; a push refused without exception is retried with the
 *   same ID; a push with push_exc is dropped by the lane (the exception).
 *   A lane never pushes and pulls in one cycle.
 * - Memory: a request is performed when the stimulus had mem_req_ready
 *   high in the cycle the request was valid (it learns that one cycle
 *   later from the outputs): a store writes its IDs, a load reads them and
 *   answers after a latency drawn per phase, in any order, one response a
 *   cycle. The overflow buffer is set by wlinit after every reset with a
 *   size of 2..9 warps, rarely a whole number (at most OVF_CAP), so the
 *   drain is bounded and stores and loads meet the regions' ends.
 * - Other cores: IDs offered on rx (held until taken), xfer_ready at a
 *   drawn rate, others_done per phase.
 * Phases of 48..560 cycles draw push and pull rates, the lanes that push
 * (a skewed subset makes the WRU move work), memory readiness and latency,
 * and events: swap attempts, a reconfiguration (no pushes until wlcfg is
 * honoured, then single or double mode), re-wlinit attempts (refused while
 * the buffer holds work, or for a size below one warp; most begin with the
 * walk over wlinit_size's edges, exactly OVF_CAP and LANES among them,
 * tb/hwwl_tb.h), and a reset. Every
 * run ends with a drain (no pushes, every lane pulls, swaps tried, memory
 * fast, others_done high) long enough to empty the core.
 *
 * The checker keeps the multisets of held IDs, pull side and push side
 * (double mode: pushes go to the push side until a swap), and checks every
 * cycle: a pulled or donated ID is held on the pull side; DONE is never
 * answered while the pull side held an ID at the decision (the pull's
 * cycle); swap_ok and wlcfg_ok only with the pull side (wlcfg: everything)
 * empty; data outputs are zero when not valid; at the end nothing is held.
 */
#include "hwwl_tb.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- stimulus ---------------------------------------------------------------- */

typedef struct {
    const irhw_inst *x;
    hwwl_core_geom g;
    irhw_rng rng;
    uint64_t cycles, drain_from;
    unsigned ovf_cap; /* the core's OVF_CAP (g's may be lowered for the drain) */
    hwwl_ids ids;
    hwwl_phase ph;
    int in_reset, need_init;
    hwwl_lanes lanes;
    hwwl_mem mem;
    /* what was driven in the cycle before (the handshakes' other half) */
    int prev_ready, prev_rx, prev_init;
    uint64_t prev_init_base, prev_init_size;
    uint64_t rx_id;
    int rx_offer;
    int filled; /* an edge walk has filled the buffers (plan_fill) */
} hc_stim;

/* An edge walk fills the one-warp buffer, and the OVF_CAP one where
 * hwwl_core_fills_cap (hwwl_tb.h), in both modes, in one walk: the first
 * phase of the run's second half becomes it (the first half runs as it
 * would without fills), when refill is on demand and the cycles before the
 * final drain hold the fills and the drains of what they stored (every
 * lane pulls; a load every other cycle brings up to min(COALESCE, LANES)
 * IDs). With interval refill, draining a full buffer takes INTERVAL cycles
 * a load: no fill. */
static void plan_fill(hc_stim *s, uint64_t cycle, int dbl)
{
    if (!s->filled)
        s->filled = hwwl_fill_plan(&s->ph, &s->g, s->ovf_cap, cycle, s->drain_from, 0, dbl);
}

void *hwwl_core_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    (void)mode; /* one program: directed events are drawn phases (see above) */
    hc_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->x = x;
    s->g = *hwwl_core_g(x);
    s->ovf_cap = s->g.ovf_cap;
    if (hwwl_mem_init(&s->mem, &s->g)) {
        free(s);
        return NULL;
    }
    s->lanes.lanes = s->g.lanes;
    s->lanes.id_bits = s->g.id_bits;
    irhw_rng_seed(&s->rng, seed);
    s->ids.salt = irhw_rng_next(&s->rng);
    s->ids.mask = irhw_mask(s->g.id_bits);
    s->cycles = cycles;
    /* The drain empties banks (LANES pulls a cycle), the buffer (one load of
     * up to COALESCE IDs every few cycles, with interval refill every
     * INTERVAL cycles) and, in double mode, two kernels. A run shorter than
     * that drains its second half, from a smaller overflow buffer. */
    uint64_t held = (uint64_t)s->g.lanes * s->g.entries + 8ull * s->g.lanes + 64;
    uint64_t base = 3 * held + 6 * held / s->g.coalesce + 400;
    uint64_t drain = base + hwwl_refill_wait(&s->g, UINT64_MAX);
    if (cycles < drain + 64)
        drain = base + hwwl_refill_wait(&s->g, cycles / 2 > base ? cycles / 2 - base : 0);
    s->drain_from = cycles > drain + 64 ? cycles - drain : cycles / 2;
    s->need_init = 1;
    hwwl_phase_draw(&s->ph, &s->rng, s->g.lanes, 1, 0);
    return s;
}

uint64_t hwwl_core_min_cycles(const irhw_inst *x, char *why, size_t whylen)
{
    return hwwl_refill_min_cycles(hwwl_core_g(x), why, whylen);
}

void hwwl_core_stim_free(void *vs)
{
    hc_stim *s = vs;
    if (s)
        hwwl_mem_free(&s->mem);
    free(s);
}

/* The memory performs last cycle's accepted request. */
static void memory_accept(hc_stim *s, uint64_t cycle, const uint64_t *po)
{
    const irhw_ports *ps = &s->x->ps;
    if (!s->prev_ready || !irhw_get(po, ps, HC_MEM_REQ_VALID))
        return;
    hwwl_memreq rq = {
        (int)irhw_get(po, ps, HC_MEM_REQ_WRITE),  irhw_get(po, ps, HC_MEM_REQ_ADDR),
        (unsigned)irhw_get(po, ps, HC_MEM_REQ_N), (unsigned)irhw_get(po, ps, HC_MEM_REQ_TAG),
        irhw_cwide(po, ps, HC_MEM_REQ_DATA),      0};
    hwwl_mem_accept(&s->mem, &s->rng, cycle, s->ph.lat_min, s->ph.lat_max, &rq);
}

void hwwl_core_stim_next(void *vs, uint64_t cycle, const uint64_t *po, uint64_t *in)
{
    hc_stim *s = vs;
    const irhw_ports *ps = &s->x->ps;
    const hwwl_core_geom *g = &s->g;
    irhw_rng *r = &s->rng;
    memset(in, 0, sizeof *in * ps->in_words);

    /* what the last cycle's outputs tell */
    if (cycle > 0) {
        hwwl_lanes_answered(&s->lanes, irhw_get(po, ps, HC_PUSH_OK), irhw_get(po, ps, HC_PUSH_EXC));
        if (s->prev_rx && irhw_get(po, ps, HC_RX_READY))
            s->rx_offer = 0;
        if (s->prev_init && irhw_get(po, ps, HC_WLINIT_OK)) {
            s->mem.base = s->prev_init_base;
            s->need_init = 0;
            hwwl_edge_honoured(&s->ph);
        }
        if (irhw_get(po, ps, HC_WLCFG_OK))
            hwwl_edge_switched(&s->ph);
        if (!s->in_reset)
            memory_accept(s, cycle, po);
    }
    s->lanes.prev_push = 0;
    s->prev_rx = s->prev_init = 0;

    if (cycle > 0 && irhw_get(po, ps, HC_PUSH_EXC))
        hwwl_edge_exception(&s->ph);
    if (cycle >= s->drain_from && s->ph.end != UINT64_MAX)
        hwwl_phase_drain(&s->ph);
    else if (cycle >= s->ph.end && !hwwl_edge_open(&s->ph)) {
        hwwl_phase_draw(&s->ph, &s->rng, s->g.lanes, 1, cycle);
        plan_fill(s, cycle, (int)irhw_get(po, ps, HC_DOUBLE_MODE));
    }
    const hwwl_phase *p = &s->ph;

    /* reset: the first two cycles, and a drawn one (a few cycles) */
    int rst = cycle < 2 || (p->reset && s->ph.end - cycle > p->len - 3);
    if (rst) {
        irhw_set(in, ps, HC_RST, 1);
        s->in_reset = 1;
        s->need_init = 1;
        s->lanes.pend_mask = 0;
        s->rx_offer = 0;
        memset(s->mem.q, 0, sizeof s->mem.q);
        s->prev_ready = 0;
        return;
    }
    s->in_reset = 0;

    /* ISA commands */
    hwwl_isa isa;
    hwwl_isa_draw(&s->ph, r, s->need_init, g, s->ovf_cap, &isa);
    if (isa.init) {
        s->prev_init_base = isa.base;
        s->prev_init_size = isa.size;
        s->prev_init = 1;
        irhw_set(in, ps, HC_WLINIT_EN, 1);
        irhw_set(in, ps, HC_WLINIT_BASE, isa.base);
        irhw_set(in, ps, HC_WLINIT_SIZE, isa.size);
    }
    int reconf = isa.reconf || isa.quiet;
    irhw_set(in, ps, HC_WLCFG_EN, (uint64_t)isa.cfg);
    irhw_set(in, ps, HC_WLCFG_DOUBLE, (uint64_t)(isa.cfg && p->reconf_target));
    irhw_set(in, ps, HC_SWAP, (uint64_t)isa.swap);

    /* lanes: retry, push anew, or pull (an edge walk's fill: every lane pushes) */
    uint64_t push, pull;
    int pushing_ok = !s->need_init && !reconf && cycle < s->drain_from;
    hwwl_lanes_drive(&s->lanes, r, &s->ids, pushing_ok, isa.fill ? irhw_mask(g->lanes) : p->pushers,
                     isa.fill ? 100 : p->push_pct,
                     reconf     ? 100
                     : isa.fill ? 0
                                : p->pull_pct,
                     &push, &pull, irhw_wide(in, ps, HC_PUSH_ID), 0);
    irhw_set(in, ps, HC_PUSH, push);
    irhw_set(in, ps, HC_PULL, pull);

    /* other cores */
    irhw_set(in, ps, HC_OTHERS_DONE, (uint64_t)(p->others_done || reconf));
    if (!s->rx_offer && pushing_ok && irhw_rng_chance(r, p->rx_pct)) {
        s->rx_offer = 1;
        s->rx_id = hwwl_new_id(&s->ids);
    }
    if (s->rx_offer) {
        irhw_set(in, ps, HC_RX_VALID, 1);
        irhw_set(in, ps, HC_RX_ID, s->rx_id);
        s->prev_rx = 1;
    }
    irhw_set(in, ps, HC_XFER_READY, (uint64_t)irhw_rng_chance(r, p->xready_pct));

    /* memory: readiness, and one due response (a random one of those due) */
    s->prev_ready = irhw_rng_chance(r, p->ready_pct);
    irhw_set(in, ps, HC_MEM_REQ_READY, (uint64_t)s->prev_ready);
    unsigned tag;
    if (hwwl_mem_respond(&s->mem, r, cycle, &tag, irhw_wide(in, ps, HC_MEM_RESP_DATA), 0)) {
        irhw_set(in, ps, HC_MEM_RESP_VALID, 1);
        irhw_set(in, ps, HC_MEM_RESP_TAG, tag);
    }
}

/* ---- checker ------------------------------------------------------------------- */

typedef struct {
    const irhw_inst *x;
    hwwl_core_geom g;
    idset pullside, pushside;
    int dbl;
    uint64_t pull_held_before; /* pull-side IDs at the start of the last cycle */
    uint64_t accepted, pulled, donated, received, exceptions;
} hc_check;

void *hwwl_core_check_new(const irhw_inst *x)
{
    hc_check *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->x = x;
    k->g = *hwwl_core_g(x);
    if (idset_init(&k->pullside, 4096) || idset_init(&k->pushside, 4096)) {
        hwwl_core_check_free(k);
        return NULL;
    }
    return k;
}

void hwwl_core_check_free(void *vk)
{
    hc_check *k = vk;
    if (k) {
        idset_free(&k->pullside);
        idset_free(&k->pushside);
    }
    free(k);
}

int hwwl_core_check_cycle(void *vk, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                          char *err, size_t errlen)
{
    hc_check *k = vk;
    const irhw_ports *ps = &k->x->ps;
    unsigned L = k->g.lanes, I = k->g.id_bits;
    if (irhw_get(in, ps, HC_RST)) {
        idset_clear(&k->pullside);
        idset_clear(&k->pushside);
        k->pull_held_before = 0;
        k->dbl = 0;
        return 0;
    }
    const uint64_t *ans = irhw_cwide(out, ps, HC_PULL_ANS), *pid = irhw_cwide(out, ps, HC_PULL_ID);
    if (hwwl_check_pulls(&k->pullside, ans, 0, pid, 0, L, I, cycle, "", &k->pulled, err, errlen))
        return -1;
    if (irhw_get(out, ps, HC_XFER_VALID) && irhw_get(in, ps, HC_XFER_READY)) {
        uint64_t id = irhw_get(out, ps, HC_XFER_ID);
        if (!idset_take(&k->pullside, id))
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": donated 0x%" PRIx64 " is not held on the pull side",
                            cycle, id);
        k->donated++;
    } else if (!irhw_get(out, ps, HC_XFER_VALID) && irhw_get(out, ps, HC_XFER_ID)) {
        return irhw_err(err, errlen, "cycle %" PRIu64 ": xfer_id nonzero without xfer_valid",
                        cycle);
    }
    if (!irhw_get(out, ps, HC_MEM_REQ_VALID) &&
        (irhw_get(out, ps, HC_MEM_REQ_ADDR) || irhw_get(out, ps, HC_MEM_REQ_N)))
        return irhw_err(err, errlen,
                        "cycle %" PRIu64 ": memory request fields nonzero without "
                        "mem_req_valid",
                        cycle);
    if (irhw_get(out, ps, HC_SWAP_OK)) {
        if (k->pullside.n)
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": swap honoured with %" PRIu64
                            " pull-side work ID(s) held",
                            cycle, k->pullside.n);
    }
    if (irhw_get(out, ps, HC_WLCFG_OK) && (k->pullside.n || k->pushside.n))
        return irhw_err(err, errlen,
                        "cycle %" PRIu64 ": wlcfg honoured with %" PRIu64 " work ID(s) held", cycle,
                        k->pullside.n + k->pushside.n);
    /* DONE is decided on the state of the pull's cycle: what the pull side
     * held after that cycle's answers left and before its pushes came
     * (sram: the cycle before this one). */
    uint64_t held_mid = k->pullside.n;
    uint64_t decided_on = k->g.sram ? k->pull_held_before : held_mid;
    k->pull_held_before = held_mid;
    if (hwwl_check_done(ans, 0, L, decided_on, cycle, "", err, errlen))
        return -1;
    /* what enters, after this cycle's answers */
    int dbl = (int)irhw_get(out, ps, HC_DOUBLE_MODE);
    uint64_t push = irhw_get(in, ps, HC_PUSH), ok = irhw_get(out, ps, HC_PUSH_OK);
    uint64_t exc = irhw_get(out, ps, HC_PUSH_EXC);
    const uint64_t *push_id = irhw_cwide(in, ps, HC_PUSH_ID);
    if (hwwl_check_pushes(dbl ? &k->pushside : &k->pullside, push, ok, exc, push_id, 0, L, I, cycle,
                          "", &k->accepted, err, errlen))
        return -1;
    if (exc) /* rare: a popcount is a library call without -mpopcnt */
        k->exceptions += (uint64_t)__builtin_popcountll(exc);
    if (irhw_get(in, ps, HC_RX_VALID) && irhw_get(out, ps, HC_RX_READY)) {
        idset_add(&k->pullside, irhw_get(in, ps, HC_RX_ID));
        k->received++;
    }
    if (irhw_get(out, ps, HC_SWAP_OK)) { /* the push side becomes the pull side */
        idset t = k->pullside;
        k->pullside = k->pushside;
        k->pushside = t;
    }
    k->dbl = dbl;
    return 0;
}

int hwwl_core_check_end(void *vk, char *err, size_t errlen)
{
    hc_check *k = vk;
    uint64_t held = k->pullside.n + k->pushside.n;
    if (held)
        return irhw_err(err, errlen,
                        "%" PRIu64 " work ID(s) still held at the end of the drain (%" PRIu64
                        " pull side, %" PRIu64 " push side; %" PRIu64 " accepted, %" PRIu64
                        " received, %" PRIu64 " pulled, %" PRIu64 " donated)",
                        held, k->pullside.n, k->pushside.n, k->accepted, k->received, k->pulled,
                        k->donated);
    return 0;
}
