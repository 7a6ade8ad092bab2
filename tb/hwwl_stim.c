/*
 * hwwl_stim.c — stimulus, memories and conservation checker of the
 * multi-core hardware worklist (model/hwwl.c). The lanes, the memory model
 * and the lane checks are tb/hwwl_tb.c's, as for one core
 * (tb/hwwl_core_stim.c); here there is one of each per core, and the
 * network is inside the design.
 *
 * The stimulus plays every core's lanes and memory:
 * - Lanes push unique work IDs and pull; a refused push is retried, one
 *   with push_exc is dropped. Memory: per core, a request is performed when
 *   mem_req_ready was high with it; loads answer after a drawn latency, in
 *   any order. wlinit after every reset (2..9 warps, rarely whole; each core
 *   gets its own region), repeated until every core honoured it.
 * - Phases of 48..560 cycles draw push and pull rates, the cores and lanes
 *   that push (often one or two cores only: the others turn needy and the
 *   greedy ones donate through the network), memory readiness and latency,
 *   and events: swap attempts, a reconfiguration (no pushes until wlcfg is
 *   honoured), re-wlinit attempts (most begin with the walk over
 *   wlinit_size's edges, tb/hwwl_tb.h), a reset, and a trickle (one lane of
 *   one core pushes now and then, every other core pulls: at THRESHOLD=0
 *   the pusher donates its only ID and the network alone holds work).
 *   The first phase of the run's second half is a walk that fills every
 *   core's banks and overflow buffer (plan_fill), so stores and loads wrap
 *   a buffer of exactly OVF_CAP and of one warp in both modes.
 *   Every run ends with a drain (no
 *   pushes, every lane pulls, swaps tried, memory fast) long enough to empty
 *   every core and the network.
 *
 * The checker keeps a pull-side and a push-side multiset per core and one
 * for the network, and checks every cycle: a pulled ID was on that core's
 * pull side; a donated ID (don_valid) was on the donor's pull side and
 * enters the network; a received ID (rcv_valid) was in the network and
 * enters the receiver's pull side; DONE is never answered while any core or
 * the network held pull-side work, and only with all_done (of the pull's
 * cycle); all_done never while anything pull-side is held; swap_ok and
 * wlcfg_ok only with nothing pull-side (wlcfg: nothing at all) anywhere;
 * data outputs are zero when not valid; net_held counts the network's IDs;
 * at the end nothing is held anywhere. With SCHEME=gsorting / magic (the
 * system moves IDs between cores outside the ports) the cores share one
 * pull-side and one push-side set.
 */
#include "hwwl.h"
#include "hwwl_tb.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- stimulus ----------------------------------------------------------------- */

typedef struct {
    const irhw_inst *x;
    hwwl_geom g;
    irhw_rng rng;
    uint64_t cycles, drain_from;
    unsigned ovf_cap; /* the core's OVF_CAP (g's may be lowered for the drain) */
    hwwl_ids ids;
    hwwl_phase ph;
    int in_reset;
    uint64_t need_init; /* cores that have not honoured wlinit since reset */
    hwwl_lanes lanes[HW_MAX_CORES];
    hwwl_mem mem[HW_MAX_CORES];
    uint64_t prev_ready; /* mem_req_ready driven last cycle, per core */
    int prev_init;
    uint64_t prev_init_base, prev_init_size;
    int filled; /* an edge walk has filled the buffers (plan_fill) */
} hw_stim;

/* As for one core (tb/hwwl_core_stim.c): the first phase of the run's
 * second half becomes an edge walk that fills, where refill is on demand
 * and the cycles before the final drain hold it. Every lane of every core
 * pushes and none pulls until a core answers push_exc (its banks and its
 * buffer's push region are full: the region's last store wrapped its
 * tail), after the honoured wlinit of one warp and (hwwl_core_fills_cap)
 * of OVF_CAP, in both modes. The cores fill and drain in parallel; what the
 * network holds drains with them. */
static void plan_fill(hw_stim *s, uint64_t cycle, int dbl)
{
    if (!s->filled) /* what the network holds drains too */
        s->filled = hwwl_fill_plan(&s->ph, &s->g.core, s->ovf_cap, cycle, s->drain_from,
                                   4ull * s->g.net_cap, dbl);
}

void *hwwl_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    (void)mode; /* one program: directed events are drawn phases (see above) */
    hw_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->x = x;
    s->g = *hwwl_g(x);
    const hwwl_core_geom *k = &s->g.core;
    s->ovf_cap = k->ovf_cap;
    for (unsigned c = 0; c < s->g.cores; c++) {
        s->lanes[c].lanes = k->lanes;
        s->lanes[c].id_bits = k->id_bits;
        if (hwwl_mem_init(&s->mem[c], k)) {
            hwwl_stim_free(s);
            return NULL;
        }
    }
    irhw_rng_seed(&s->rng, seed);
    s->ids.salt = irhw_rng_next(&s->rng);
    s->ids.mask = irhw_mask(k->id_bits);
    s->cycles = cycles;
    /* As for one core (banks, buffer, two kernels in double mode), twice:
     * the cores drain in parallel, donations bounce through the network.
     * Interval refill adds its wait once: each core loads from its own
     * buffer, donations go from bank to bank. A run shorter than that
     * drains its second half, from smaller overflow buffers. */
    uint64_t held = (uint64_t)k->lanes * k->entries + 8ull * k->lanes + 64;
    uint64_t base = 2 * (3 * held + 6 * held / k->coalesce) + 400 + 16ull * s->g.net_cap;
    uint64_t drain = base + hwwl_refill_wait(&s->g.core, UINT64_MAX);
    if (cycles < drain + 64)
        drain = base + hwwl_refill_wait(&s->g.core, cycles / 2 > base ? cycles / 2 - base : 0);
    s->drain_from = cycles > drain + 64 ? cycles - drain : cycles / 2;
    s->need_init = irhw_mask(s->g.cores);
    hwwl_phase_draw(&s->ph, &s->rng, s->g.core.lanes, s->g.cores, 0);
    return s;
}

uint64_t hwwl_min_cycles(const irhw_inst *x, char *why, size_t whylen)
{
    return hwwl_refill_min_cycles(&hwwl_g(x)->core, why, whylen);
}

void hwwl_stim_free(void *vs)
{
    hw_stim *s = vs;
    if (!s)
        return;
    for (unsigned c = 0; c < HW_MAX_CORES; c++)
        hwwl_mem_free(&s->mem[c]);
    free(s);
}

/* What last cycle's outputs tell: push answers, wlinit, accepted requests. */
static void observe(hw_stim *s, uint64_t cycle, const uint64_t *po)
{
    const irhw_ports *ps = &s->x->ps;
    const hwwl_core_geom *k = &s->g.core;
    unsigned L = k->lanes;
    const uint64_t *ok = irhw_cwide(po, ps, HW_PUSH_OK), *exc = irhw_cwide(po, ps, HW_PUSH_EXC);
    uint64_t init_ok = irhw_get(po, ps, HW_WLINIT_OK);
    uint64_t rq_valid = irhw_get(po, ps, HW_MEM_REQ_VALID),
             rq_write = irhw_get(po, ps, HW_MEM_REQ_WRITE);
    const uint64_t *addr = irhw_cwide(po, ps, HW_MEM_REQ_ADDR),
                   *n = irhw_cwide(po, ps, HW_MEM_REQ_N);
    const uint64_t *tag = irhw_cwide(po, ps, HW_MEM_REQ_TAG);
    if (s->prev_init && (init_ok & irhw_mask(s->g.cores)) == irhw_mask(s->g.cores))
        hwwl_edge_honoured(&s->ph);
    if (irhw_get(po, ps, HW_WLCFG_OK))
        hwwl_edge_switched(&s->ph);
    for (unsigned w = 0; w < irhw_words(s->g.cores * L); w++)
        if (exc[w]) {
            hwwl_edge_exception(&s->ph);
            break;
        }
    for (unsigned c = 0; c < s->g.cores; c++) {
        hwwl_lanes_answered(&s->lanes[c], irhw_bits_get(ok, c * L, L),
                            irhw_bits_get(exc, c * L, L));
        if (s->prev_init && (init_ok >> c & 1)) {
            s->mem[c].base = (s->prev_init_base + c * s->prev_init_size) & irhw_mask(k->addr_bits);
            s->need_init &= ~((uint64_t)1 << c);
        }

        if (s->in_reset || !(s->prev_ready >> c & 1) || !(rq_valid >> c & 1))
            continue;
        hwwl_memreq rq = {(int)(rq_write >> c & 1),
                          irhw_bits_get(addr, c * k->addr_bits, k->addr_bits),
                          (unsigned)irhw_bits_get(n, c * k->n_bits, k->n_bits),
                          (unsigned)irhw_bits_get(tag, c * k->tag_bits, k->tag_bits),
                          irhw_cwide(po, ps, HW_MEM_REQ_DATA),
                          c * k->coalesce * k->id_bits};
        hwwl_mem_accept(&s->mem[c], &s->rng, cycle, s->ph.lat_min, s->ph.lat_max, &rq);
    }
}

void hwwl_stim_next(void *vs, uint64_t cycle, const uint64_t *po, uint64_t *in)
{
    hw_stim *s = vs;
    const irhw_ports *ps = &s->x->ps;
    const hwwl_core_geom *k = &s->g.core;
    irhw_rng *r = &s->rng;
    unsigned L = k->lanes, I = k->id_bits, C = s->g.cores;
    memset(in, 0, sizeof *in * ps->in_words);
    if (cycle > 0)
        observe(s, cycle, po);
    for (unsigned c = 0; c < C; c++)
        s->lanes[c].prev_push = 0;
    s->prev_init = 0;

    if (cycle >= s->drain_from && s->ph.end != UINT64_MAX)
        hwwl_phase_drain(&s->ph);
    else if (cycle >= s->ph.end && !hwwl_edge_open(&s->ph)) {
        hwwl_phase_draw(&s->ph, &s->rng, s->g.core.lanes, s->g.cores, cycle);
        if (cycle > 0)
            plan_fill(s, cycle, irhw_get(po, ps, HW_DOUBLE_MODE) == irhw_mask(s->g.cores));
    }
    const hwwl_phase *p = &s->ph;

    /* reset: the first two cycles, and a drawn one (a few cycles) */
    if (cycle < 2 || (p->reset && s->ph.end - cycle > p->len - 3)) {
        irhw_set(in, ps, HW_RST, 1);
        s->in_reset = 1;
        s->need_init = irhw_mask(C);
        for (unsigned c = 0; c < C; c++) {
            s->lanes[c].pend_mask = 0;
            memset(s->mem[c].q, 0, sizeof s->mem[c].q);
        }
        s->prev_ready = 0;
        return;
    }
    s->in_reset = 0;

    /* ISA commands */
    hwwl_isa isa;
    hwwl_isa_draw(&s->ph, r, s->need_init != 0, k, s->ovf_cap, &isa);
    if (isa.init) {
        s->prev_init_base = isa.base;
        s->prev_init_size = isa.size;
        s->prev_init = 1;
        irhw_set(in, ps, HW_WLINIT_EN, 1);
        irhw_set(in, ps, HW_WLINIT_BASE, isa.base);
        irhw_set(in, ps, HW_WLINIT_SIZE, isa.size);
    }
    int reconf = isa.reconf || isa.quiet;
    irhw_set(in, ps, HW_WLCFG_EN, (uint64_t)isa.cfg);
    irhw_set(in, ps, HW_WLCFG_DOUBLE, (uint64_t)(isa.cfg && p->reconf_target));
    irhw_set(in, ps, HW_SWAP, (uint64_t)isa.swap);

    /* lanes of every core */
    int pushing = !s->need_init && !reconf && cycle < s->drain_from;
    uint64_t *push_w = irhw_wide(in, ps, HW_PUSH), *pull_w = irhw_wide(in, ps, HW_PULL);
    uint64_t *pid = irhw_wide(in, ps, HW_PUSH_ID);
    for (unsigned c = 0; c < C; c++) {
        uint64_t push, pull;
        /* an edge walk's fill: every lane of every core pushes, none pulls */
        hwwl_lanes_drive(&s->lanes[c], r, &s->ids,
                         pushing && (isa.fill || (p->push_cores >> c & 1)),
                         isa.fill ? irhw_mask(L) : p->pushers, isa.fill ? 100 : p->push_pct,
                         reconf                                   ? 100
                         : isa.fill                               ? 0
                         : p->trickle && (p->push_cores >> c & 1) ? 10
                                                                  : p->pull_pct,
                         &push, &pull, pid, c * L * I);
        irhw_bits_set(push_w, c * L, L, push);
        irhw_bits_set(pull_w, c * L, L, pull);
    }

    /* memories: readiness, and one due response per core */
    s->prev_ready = 0;
    uint64_t resp_valid = 0;
    uint64_t *rtag = irhw_wide(in, ps, HW_MEM_RESP_TAG),
             *rdata = irhw_wide(in, ps, HW_MEM_RESP_DATA);
    for (unsigned c = 0; c < C; c++) {
        s->prev_ready |= (uint64_t)irhw_rng_chance(r, p->ready_pct) << c;
        unsigned tag;
        if (hwwl_mem_respond(&s->mem[c], r, cycle, &tag, rdata, c * k->coalesce * I)) {
            resp_valid |= (uint64_t)1 << c;
            irhw_bits_set(rtag, c * k->tag_bits, k->tag_bits, tag);
        }
    }
    irhw_set(in, ps, HW_MEM_REQ_READY, s->prev_ready);
    irhw_set(in, ps, HW_MEM_RESP_VALID, resp_valid);
}

/* ---- checker ---------------------------------------------------------------------- */

typedef struct {
    const irhw_inst *x;
    hwwl_geom g;
    idset pullside[HW_MAX_CORES], pushside[HW_MAX_CORES], net;
    int pooled;           /* SCHEME=gsorting / magic move IDs between cores: one set for all */
    uint64_t held_before; /* pull-side IDs anywhere at the last cycle's decision */
    int done_before;      /* all_done of the last cycle */
    uint64_t accepted, pulled, donated, received;
    char who[HW_MAX_CORES][24]; /* "core c ", for messages (written once, not per cycle) */
    /* The last cycle's ports, and whether its check passed without changing
     * any state (quiet): then the same ports pass again, unchanged. */
    uint64_t *last_in, *last_out;
    int quiet;
} hw_check;

void *hwwl_check_new(const irhw_inst *x)
{
    hw_check *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->x = x;
    k->g = *hwwl_g(x);
    k->pooled = HW_MODEL_ONLY_SCHEME(&k->g);
    for (unsigned c = 0; c < k->g.cores; c++)
        snprintf(k->who[c], sizeof k->who[c], "core %u ", c);
    k->last_in = calloc(x->ps.in_words + 1, sizeof *k->last_in);
    k->last_out = calloc(x->ps.out_words + 1, sizeof *k->last_out);
    int bad = idset_init(&k->net, 1024) | !k->last_in | !k->last_out;
    for (unsigned c = 0; c < k->g.cores; c++)
        bad |= idset_init(&k->pullside[c], 4096) | idset_init(&k->pushside[c], 4096);
    if (bad) {
        hwwl_check_free(k);
        return NULL;
    }
    return k;
}

void hwwl_check_free(void *vk)
{
    hw_check *k = vk;
    if (!k)
        return;
    for (unsigned c = 0; c < HW_MAX_CORES; c++) {
        idset_free(&k->pullside[c]);
        idset_free(&k->pushside[c]);
    }
    idset_free(&k->net);
    free(k->last_in);
    free(k->last_out);
    free(k);
}

/* The sets of core c. */
static unsigned side(const hw_check *k, unsigned c)
{
    return k->pooled ? 0 : c;
}

static uint64_t pull_held(const hw_check *k)
{
    uint64_t n = k->net.n;
    for (unsigned c = 0; c < k->g.cores; c++)
        n += k->pullside[c].n;
    return n;
}

static uint64_t all_held(const hw_check *k)
{
    uint64_t n = pull_held(k);
    for (unsigned c = 0; c < k->g.cores; c++)
        n += k->pushside[c].n;
    return n;
}

/* Donations leave a core's pull side into the network; receptions leave
 * the network into a core's pull side. */
static int check_network(hw_check *k, uint64_t cycle, const uint64_t *out, char *err, size_t errlen)
{
    const irhw_ports *ps = &k->x->ps;
    unsigned I = k->g.core.id_bits;
    uint64_t dv = irhw_get(out, ps, HW_DON_VALID), rv = irhw_get(out, ps, HW_RCV_VALID);
    const uint64_t *did = irhw_cwide(out, ps, HW_DON_ID), *rid = irhw_cwide(out, ps, HW_RCV_ID);
    for (unsigned c = 0; c < k->g.cores; c++) {
        uint64_t d = irhw_bits_get(did, c * I, I), r = irhw_bits_get(rid, c * I, I);
        if ((!(dv >> c & 1) && d) || (!(rv >> c & 1) && r))
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": core %u: don_id/rcv_id nonzero "
                            "without its valid",
                            cycle, c);
        if (dv >> c & 1) {
            if (!idset_take(&k->pullside[side(k, c)], d))
                return irhw_err(err, errlen,
                                "cycle %" PRIu64 ": core %u donated 0x%" PRIx64
                                ", which it did not hold on its pull side",
                                cycle, c, d);
            idset_add(&k->net, d);
            k->donated++;
        }
    }
    for (unsigned c = 0; c < k->g.cores; c++)
        if (rv >> c & 1) {
            uint64_t r = irhw_bits_get(rid, c * I, I);
            if (!idset_take(&k->net, r))
                return irhw_err(err, errlen,
                                "cycle %" PRIu64 ": core %u received 0x%" PRIx64
                                ", which was not in the network",
                                cycle, c, r);
            idset_add(&k->pullside[side(k, c)], r);
            k->received++;
        }
    return 0;
}

static int check_cycle(hw_check *k, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                       char *err, size_t errlen);

/* Every check is a function of the state (the ID sets, held_before,
 * done_before) and the cycle's ports, the cycle only named in messages. A
 * passing check that changed no state (no counter moved: every change of
 * an ID set counts one; no swap, no reset, held_before and done_before
 * as they were) passes again on the same ports without changing any:
 * such cycles (most: idle lanes) are not checked again. */
int hwwl_check_cycle(void *vk, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                     size_t errlen)
{
    hw_check *k = vk;
    const irhw_ports *ps = &k->x->ps;
    size_t ib = sizeof *in * ps->in_words, ob = sizeof *out * ps->out_words;
    if (k->quiet && !memcmp(k->last_in, in, ib) && !memcmp(k->last_out, out, ob))
        return 0;
    uint64_t moved = k->accepted + k->pulled + k->donated + k->received, hb = k->held_before;
    int db = k->done_before;
    int rc = check_cycle(k, cycle, in, out, err, errlen);
    k->quiet = !rc && moved == k->accepted + k->pulled + k->donated + k->received &&
               hb == k->held_before && db == k->done_before && !irhw_get(in, ps, HW_RST) &&
               !irhw_get(out, ps, HW_SWAP_OK);
    if (k->quiet) {
        memcpy(k->last_in, in, ib);
        memcpy(k->last_out, out, ob);
    }
    return rc;
}

static int check_cycle(hw_check *k, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                       char *err, size_t errlen)
{
    const irhw_ports *ps = &k->x->ps;
    const hwwl_core_geom *g = &k->g.core;
    unsigned L = g->lanes, I = g->id_bits, C = k->g.cores;
    if (irhw_get(in, ps, HW_RST)) {
        for (unsigned c = 0; c < C; c++) {
            idset_clear(&k->pullside[c]);
            idset_clear(&k->pushside[c]);
        }
        idset_clear(&k->net);
        k->held_before = 0;
        k->done_before = 0;
        return 0;
    }
    /* net_held counts what the network held at the start of the cycle */
    if (irhw_get(out, ps, HW_NET_HELD) != k->net.n)
        return irhw_err(err, errlen,
                        "cycle %" PRIu64 ": net_held=%" PRIu64 " but %" PRIu64
                        " ID(s) are in the network",
                        cycle, irhw_get(out, ps, HW_NET_HELD), k->net.n);
    const uint64_t *ans = irhw_cwide(out, ps, HW_PULL_ANS), *pid = irhw_cwide(out, ps, HW_PULL_ID);
    for (unsigned c = 0; c < C; c++) {
        if (hwwl_check_pulls(&k->pullside[side(k, c)], ans, c * 2 * L, pid, c * L * I, L, I, cycle,
                             k->who[c], &k->pulled, err, errlen))
            return -1;
    }
    if (check_network(k, cycle, out, err, errlen))
        return -1;
    uint64_t rv = irhw_get(out, ps, HW_MEM_REQ_VALID);
    const uint64_t *addr = irhw_cwide(out, ps, HW_MEM_REQ_ADDR),
                   *n = irhw_cwide(out, ps, HW_MEM_REQ_N);
    for (unsigned c = 0; c < C; c++)
        if (!(rv >> c & 1) && (irhw_bits_get(addr, c * g->addr_bits, g->addr_bits) ||
                               irhw_bits_get(n, c * g->n_bits, g->n_bits)))
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": core %u: memory request fields "
                            "nonzero without mem_req_valid",
                            cycle, c);
    /* DONE and all_done are decided on the state of the pull's cycle (sram:
     * the answers come a cycle later): what was held after that cycle's
     * answers left and before its pushes came. */
    uint64_t held_mid = pull_held(k);
    int done_now = (int)irhw_get(out, ps, HW_ALL_DONE);
    uint64_t decided_on = g->sram ? k->held_before : held_mid;
    int done_decided = g->sram ? k->done_before : done_now;
    k->held_before = held_mid;
    k->done_before = done_now;
    if (done_now && held_mid)
        return irhw_err(err, errlen,
                        "cycle %" PRIu64 ": all_done while %" PRIu64
                        " pull-side work ID(s) are held (cores and network)",
                        cycle, held_mid);
    for (unsigned c = 0; c < C; c++) {
        if (hwwl_check_done(ans, c * 2 * L, L, decided_on, cycle, k->who[c], err, errlen))
            return -1;
        int no_ans = hwwl_bits_zero(ans, c * 2 * L, 2 * L);
        for (unsigned l = 0; l < L && !done_decided && !no_ans; l++)
            if (irhw_bits_get(ans, 2 * (c * L + l), 2) == HC_ANS_DONE)
                return irhw_err(err, errlen,
                                "cycle %" PRIu64 ": core %u lane %u answered DONE "
                                "without all_done",
                                cycle, c, l);
    }
    if (irhw_get(out, ps, HW_SWAP_OK) && held_mid)
        return irhw_err(err, errlen,
                        "cycle %" PRIu64 ": swap honoured with %" PRIu64
                        " pull-side work ID(s) held",
                        cycle, held_mid);
    if (irhw_get(out, ps, HW_WLCFG_OK) && all_held(k))
        return irhw_err(err, errlen,
                        "cycle %" PRIu64 ": wlcfg honoured with %" PRIu64 " work ID(s) held", cycle,
                        all_held(k));
    /* what enters, after this cycle's answers */
    uint64_t dbl = irhw_get(out, ps, HW_DOUBLE_MODE);
    const uint64_t *push = irhw_cwide(in, ps, HW_PUSH), *push_id = irhw_cwide(in, ps, HW_PUSH_ID);
    const uint64_t *ok = irhw_cwide(out, ps, HW_PUSH_OK), *exc = irhw_cwide(out, ps, HW_PUSH_EXC);
    for (unsigned c = 0; c < C; c++) {
        if (hwwl_check_pushes((dbl >> c & 1) ? &k->pushside[side(k, c)] : &k->pullside[side(k, c)],
                              irhw_bits_get(push, c * L, L), irhw_bits_get(ok, c * L, L),
                              irhw_bits_get(exc, c * L, L), push_id, c * L * I, L, I, cycle,
                              k->who[c], &k->accepted, err, errlen))
            return -1;
    }
    if (irhw_get(out, ps, HW_SWAP_OK))
        for (unsigned c = 0; c < (k->pooled ? 1 : C); c++) { /* push side -> pull side */
            idset t = k->pullside[c];
            k->pullside[c] = k->pushside[c];
            k->pushside[c] = t;
        }
    return 0;
}

int hwwl_check_end(void *vk, char *err, size_t errlen)
{
    hw_check *k = vk;
    uint64_t held = all_held(k);
    if (held)
        return irhw_err(err, errlen,
                        "%" PRIu64 " work ID(s) still held at the end of the drain (%" PRIu64
                        " in the network; %" PRIu64 " accepted, %" PRIu64 " pulled, %" PRIu64
                        " donated, %" PRIu64 " received)",
                        held, k->net.n, k->accepted, k->pulled, k->donated, k->received);
    return 0;
}
