/*
 * workload_hwwl.c — data-driven, double-buffered BFS and SSSP closed-loop on
 * the multi-core hardware worklist `hwwl` (see workload.h), the
 * LonestarGPU-style kernels of the hwwl paper.
 *
 * Every lane of every core is one hardware thread; the threads are the
 * stimulus of the run (this file's source callback), they see the block's
 * outputs of the previous cycle and drive its inputs:
 *   PULL  assert pull; the answer comes in the pull's cycle (flops) or one
 *         cycle later (STORAGE=sram): ID -> BUSY, WAIT -> pull again,
 *         DONE -> the thread ends for this kernel.
 *   BUSY  A + B * degree(u) cycles (the cost model: A for reading u's data,
 *         B per edge for loading a neighbour and its atomicMin; --cost A,B),
 *         then the relaxation of u's edges on the workload's own "global
 *         memory" (levels / distances): an update counts only when it lowers
 *         the value (atomicMin), and the improved neighbours are pushed.
 *   PUSH  one improved neighbour per cycle; push_ok -> the next, neither
 *         push_ok nor push_exc -> the same again next cycle, push_exc (bank
 *         and overflow buffer full, the paper's exception) -> the vertex goes
 *         to a software list that the threads of the next kernel take before
 *         they pull from the hardware (the paper leaves the handler open).
 * Double-buffered: wlinit (each core's overflow buffer: OVF_CAP IDs), wlcfg
 * double, the source is pushed (to the push half) and swap makes it the
 * first kernel's work. Pushes of kernel k go to the other half; when every
 * thread has seen DONE the kernel ends, swap is asserted until honoured
 * (swap_ready: nothing pull-side anywhere, no push), and the next kernel
 * begins. The run ends when a kernel ends having pushed nothing.
 *
 * Single-buffered (req.single, `--buffer single`): wlcfg single, the source
 * pushed into the one partition and no swap: one kernel, pushes feed the
 * same list, and the run ends when every thread has seen DONE (a further
 * kernel without a swap only for the software list of exceptions). The
 * core's DONE waits for every lane's last answer to be WAIT or DONE, which
 * means "no thread of this lane holds work" only with one thread per lane;
 * under the GPU core model many threads share a lane, so a DONE answered
 * while any thread of the GPU still holds a work ID is taken as a WAIT
 * (that thread may still push).
 *
 * Memory: per core the overflow buffer of tb/hwwl_tb.c (the stimulus's own
 * memory model), always ready, loads answered after --mem-lat cycles.
 *
 * Statistics: pull answers per lane, pushes and their retries and
 * exceptions, donations and receptions (don_valid / rcv_valid), stores and
 * loads (the memory port) from the outputs; in-core moves, spills and the
 * occupancy of the banks' pull halves from the model's own statistics
 * (model_stats, parsed: the model's counters are not on its ports), the
 * occupancy sampled every few cycles. The result is checked against the
 * plain BFS / Dijkstra of sim/graph_algo.c after every run.
 */
#include "workload.h"

#include "hwwl.h"
#include "hwwl_tb.h"
#include "hwwl_modelrun.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { T_PULL, T_ASKED, T_BUSY, T_PUSH, T_DONE };
enum { PH_RESET, PH_INIT, PH_CFG, PH_SEED, PH_SWAP, PH_RUN, PH_FINISH, PH_END };

typedef struct {
    int st;
    uint32_t v;
    uint64_t until; /* BUSY: the last busy cycle; ASKED: the cycle the answer is seen */
    uint32_t *out;  /* improved neighbours to push */
    uint64_t nout, iout, cap;
    int pushed; /* pushed out[iout] this cycle */
} thread;

/* The GPU driver: a warp's pull or push on a core's lane ports, in passes
 * of LANES threads (thread i on lane i mod LANES). */
typedef struct {
    int op; /* GI_PULL / GI_PUSH; 0: the ports are free */
    unsigned w, pass;
    uint64_t busy; /* lanes asked, their answer not yet seen */
    unsigned thr[HC_MAX_LANES];
    uint64_t due[HC_MAX_LANES];
} gport;

/* A list of vertices (the software fallback after an exception). */
typedef struct {
    uint32_t *v;
    uint64_t n, cap;
} vlist;

typedef struct {
    const irhw_hwwl_req *q;
    const irhw_inst *x;
    const hwwl_geom *g;
    const irhw_ports *ps;
    irhw_hwwl_result *r;
    unsigned nt; /* threads = CORES * LANES */
    thread *t;
    uint64_t *val; /* levels / distances: the global memory */
    hwwl_mem mem[HW_MAX_CORES];
    irhw_rng rng;
    int phase, asked;   /* a command of the phase was driven (its _ok can be read) */
    uint64_t init_left; /* cores that have not honoured wlinit */
    uint64_t kernel_pushes, last_progress, stall_limit;
    vlist sw_cur, sw_next;
    int nomem, stalled;
    /* the cycle the run ended in (PH_END), for the observer: drive() sets
     * it and the observer reads it, both in the co-simulation's second
     * thread when it has one (cosim.h, ahead_ok), after this thread set it
     * to UINT64_MAX */
    _Atomic uint64_t end_at;
    void *model; /* for the statistics: the model of the run (NULL: none) */
    uint64_t next_sample;
    gpu_sim *gs; /* the GPU core model drives the lanes (NULL: every lane a thread) */
    gpu_port gp;
    gport port[HW_MAX_CORES];
    uint64_t work_seen; /* GPU driver: progress (vertices, relaxations, pushes) */
} driver;

static int vlist_add(vlist *l, uint32_t v)
{
    if (l->n == l->cap) {
        uint64_t cap = l->cap ? 2 * l->cap : 256;
        if (irhw_grow(&l->v, sizeof *l->v, cap))
            return -1;
        l->cap = cap;
    }
    l->v[l->n++] = v;
    return 0;
}

/* A field of a packed output bus, inline: the threads read every lane's
 * answer every cycle. */
static inline uint64_t bit(const driver *d, const uint64_t *v, enum hwwl_port p, unsigned i,
                           unsigned w)
{
    const uint64_t *b = irhw_cwide(v, d->ps, p);
    unsigned lsb = i * w, wi = lsb / 64, sh = lsb % 64;
    uint64_t x = b[wi] >> sh;
    if (sh && sh + w > 64)
        x |= b[wi + 1] << (64 - sh);
    return w >= 64 ? x : x & ((UINT64_C(1) << w) - 1);
}

static void put(const driver *d, uint64_t *v, enum hwwl_port p, unsigned i, unsigned w, uint64_t x)
{
    irhw_bits_set(irhw_wide(v, d->ps, p), i * w, w, x & irhw_mask(w));
}

/* The relaxation of u's edges (atomicMin on the global memory); the
 * improved neighbours go to the thread's push list. */
static void relax(driver *d, thread *t)
{
    const irhw_graph *g = d->q->g;
    uint32_t u = t->v;
    uint64_t deg = g->row[u + 1] - g->row[u];
    t->nout = t->iout = 0;
    if (deg > t->cap) {
        if (irhw_grow(&t->out, sizeof *t->out, deg)) {
            d->nomem = 1;
            return;
        }
        t->cap = deg;
    }
    for (uint64_t e = g->row[u]; e < g->row[u + 1]; e++) {
        uint32_t v = g->col[e];
        uint64_t cand = d->val[u] + (d->q->wt ? d->q->wt[e] : 1);
        d->r->relaxations++;
        if (cand >= d->val[v])
            continue;
        d->val[v] = cand;
        d->r->improvements++;
        t->out[t->nout++] = v;
    }
}

static void start_busy(driver *d, unsigned i, uint32_t v, uint64_t cycle)
{
    thread *t = &d->t[i];
    const irhw_graph *g = d->q->g;
    uint64_t lat = d->q->cost_a + d->q->cost_b * (g->row[v + 1] - g->row[v]);
    t->st = T_BUSY;
    t->v = v;
    t->until = cycle + (lat ? lat : 1) - 1;
    d->r->lane_busy[i] += lat ? lat : 1;
    d->r->lane_vertices[i]++;
    d->r->processed++;
    d->last_progress = cycle;
}

/* ---- the GPU driver (sim/gpu_core.h) on the lane ports ------------------------- */

static void gpu_port_start(void *ctx, gpu_sim *s, unsigned c, unsigned w, int op)
{
    driver *d = ctx;
    gport *p = &d->port[c];
    memset(p, 0, sizeof *p);
    p->op = op;
    p->w = w;
    if (op != GI_PULL)
        return;
    gpu_warp *wp = gpu_warp_of(s, c, w);
    for (unsigned i = 0; i < gpu_warp_size(s) && d->sw_cur.n; i++) /* the software list first */
        if (wp->th[i].pending) {
            wp->th[i].pending = 0;
            wp->th[i].st = GT_ACT;
            wp->th[i].v = d->sw_cur.v[--d->sw_cur.n];
            d->r->sw_taken++;
        }
}

/* The answers seen this cycle. */
static void gpu_observe(driver *d, uint64_t cycle, const uint64_t *po)
{
    const hwwl_core_geom *k = &d->g->core;
    int held = -1; /* single: some thread holds a work ID (-1: not counted yet) */
    for (unsigned c = 0; c < d->g->cores; c++) {
        gport *p = &d->port[c];
        gpu_warp *w = p->op ? gpu_warp_of(d->gs, c, p->w) : NULL;
        for (unsigned l = 0; w && l < k->lanes; l++) {
            if (!(p->busy >> l & 1) || cycle < p->due[l])
                continue;
            p->busy &= ~((uint64_t)1 << l);
            gpu_thread *t = &w->th[p->thr[l]];
            unsigned i = c * k->lanes + l;
            if (p->op == GI_PULL) {
                unsigned a = (unsigned)bit(d, po, HW_PULL_ANS, i, 2);
                t->pending = 0;
                if (a == HC_ANS_ID) {
                    t->st = GT_ACT;
                    t->v = (uint32_t)bit(d, po, HW_PULL_ID, i, k->id_bits);
                    d->r->lane_vertices[i]++;
                } else if (a == HC_ANS_DONE) {
                    /* single: DONE while a thread holds work is a WAIT (see irhw_hwwl_run) */
                    if (d->q->single && held < 0)
                        held = gpu_active_threads(d->gs) > 0;
                    if (!d->q->single || !held)
                        t->st = GT_DONE;
                }
            } else if (bit(d, po, HW_PUSH_OK, i, 1) || bit(d, po, HW_PUSH_EXC, i, 1)) {
                if (bit(d, po, HW_PUSH_OK, i, 1)) {
                    d->r->pushes++;
                } else {
                    d->r->exceptions++;
                    d->nomem |= vlist_add(&d->sw_next, t->pv) != 0;
                }
                t->pending = t->push = 0;
                d->kernel_pushes++;
                gpu_stats(d->gs)->pushes++;
            } else {
                d->r->push_retries++; /* asked again */
            }
        }
    }
}

/* The ports of this cycle: the next pass of each core's warp. */
static void gpu_drive_ports(driver *d, uint64_t cycle, uint64_t *in)
{
    const hwwl_core_geom *k = &d->g->core;
    unsigned L = k->lanes, WS = gpu_warp_size(d->gs);
    for (unsigned c = 0; c < d->g->cores; c++) {
        gport *p = &d->port[c];
        if (!p->op)
            continue;
        gpu_stats(d->gs)->port_cycles++;
        if (p->busy)
            continue;
        gpu_warp *w = gpu_warp_of(d->gs, c, p->w);
        for (; p->pass * L < WS; p->pass++) {
            for (unsigned i = p->pass * L; i < WS && i < (p->pass + 1) * L; i++) {
                if (!w->th[i].pending)
                    continue;
                unsigned l = i % L, lane = c * L + l;
                p->busy |= (uint64_t)1 << l;
                p->thr[l] = i;
                p->due[l] = cycle + 1 + (p->op == GI_PULL ? (unsigned)k->sram : 0);
                if (p->op == GI_PULL) {
                    put(d, in, HW_PULL, lane, 1, 1);
                } else {
                    put(d, in, HW_PUSH, lane, 1, 1);
                    put(d, in, HW_PUSH_ID, lane, k->id_bits, w->th[i].pv);
                }
            }
            if (p->busy)
                break;
        }
        if (!p->busy) { /* every pass answered */
            p->op = 0;
            gpu_port_done(d->gs, c, cycle);
        }
    }
    gpu_cycle(d->gs, cycle);
    irhw_gpu_stats *st = gpu_stats(d->gs);
    uint64_t work = st->processed + st->relaxations + st->pushes;
    if (work != d->work_seen) {
        d->work_seen = work;
        d->last_progress = cycle;
    }
    d->nomem |= gpu_nomem(d->gs);
}

/* The answers' counts alone (the GPU model's threads are its own, d->t
 * stays idle): 32 lanes a word, a word without an answer at once. */
static void count_answers(driver *d, const uint64_t *po)
{
    const uint64_t *a = irhw_cwide(po, d->ps, HW_PULL_ANS);
    irhw_hwwl_result *r = d->r;
    for (unsigned i0 = 0; i0 < d->nt; i0 += 32) {
        unsigned n = d->nt - i0 < 32 ? d->nt - i0 : 32;
        uint64_t w = irhw_bits_get(a, 2 * i0, 2 * n);
        if (!w) {
            r->ans[HC_ANS_NONE] += n;
            continue;
        }
        /* bit 2j of each mask: lane i0 + j answered that */
        uint64_t lo = w & 0x5555555555555555ull, hi = w >> 1 & 0x5555555555555555ull;
        uint64_t id = lo & ~hi, wait = hi & ~lo;
        r->ans[HC_ANS_ID] += (uint64_t)__builtin_popcountll(id);
        r->ans[HC_ANS_WAIT] += (uint64_t)__builtin_popcountll(wait);
        r->ans[HC_ANS_DONE] += (uint64_t)__builtin_popcountll(lo & hi);
        r->ans[HC_ANS_NONE] += n - (uint64_t)__builtin_popcountll(lo | hi);
        for (; id; id &= id - 1)
            r->lane_ids[i0 + (unsigned)__builtin_ctzll(id) / 2]++;
        for (; wait; wait &= wait - 1)
            r->lane_waits[i0 + (unsigned)__builtin_ctzll(wait) / 2]++;
    }
}

/* What last cycle's outputs tell: answers to pulls and pushes, wlinit,
 * memory requests accepted, donations. */
static void observe_out(driver *d, uint64_t cycle, const uint64_t *po)
{
    const hwwl_core_geom *k = &d->g->core;
    unsigned I = k->id_bits;
    irhw_hwwl_result *r = d->r;
    if (d->gs)
        count_answers(d, po);
    for (unsigned i = 0; !d->gs && i < d->nt; i++) {
        thread *t = &d->t[i];
        unsigned a = (unsigned)bit(d, po, HW_PULL_ANS, i, 2);
        r->ans[a]++;
        if (a == HC_ANS_ID)
            r->lane_ids[i]++;
        else if (a == HC_ANS_WAIT)
            r->lane_waits[i]++;
        if (t->st == T_ASKED && cycle >= t->until) {
            if (a == HC_ANS_ID)
                start_busy(d, i, (uint32_t)bit(d, po, HW_PULL_ID, i, I), cycle);
            else if (a == HC_ANS_DONE)
                t->st = T_DONE;
            else
                t->st = T_PULL; /* WAIT (or no answer): ask again */
        }
        if (t->st == T_PUSH && t->pushed) {
            t->pushed = 0;
            if (bit(d, po, HW_PUSH_OK, i, 1)) {
                t->iout++;
                d->kernel_pushes++;
                r->pushes++;
                d->last_progress = cycle;
            } else if (bit(d, po, HW_PUSH_EXC, i, 1)) {
                r->exceptions++;
                d->kernel_pushes++;
                if (vlist_add(&d->sw_next, t->out[t->iout++]))
                    d->nomem = 1;
                d->last_progress = cycle;
            } else {
                r->push_retries++;
            }
        }
    }
    if (d->gs)
        gpu_observe(d, cycle, po);
    uint64_t dv = irhw_get(po, d->ps, HW_DON_VALID), rv = irhw_get(po, d->ps, HW_RCV_VALID);
    uint64_t init_ok = irhw_get(po, d->ps, HW_WLINIT_OK);
    uint64_t rq_valid = irhw_get(po, d->ps, HW_MEM_REQ_VALID),
             rq_write = irhw_get(po, d->ps, HW_MEM_REQ_WRITE);
    for (unsigned c = 0; c < d->g->cores; c++) {
        r->core_donated[c] += dv >> c & 1;
        r->core_received[c] += rv >> c & 1;
        if (d->phase == PH_INIT && (init_ok >> c & 1)) {
            d->mem[c].base = ((uint64_t)c * k->ovf_cap) & irhw_mask(k->addr_bits);
            d->init_left &= ~((uint64_t)1 << c);
        }
        if (!(rq_valid >> c & 1)) /* mem_req_ready is always high */
            continue;
        hwwl_memreq rq = {(int)(rq_write >> c & 1),
                          bit(d, po, HW_MEM_REQ_ADDR, c, k->addr_bits),
                          (unsigned)bit(d, po, HW_MEM_REQ_N, c, k->n_bits),
                          (unsigned)bit(d, po, HW_MEM_REQ_TAG, c, k->tag_bits),
                          irhw_cwide(po, d->ps, HW_MEM_REQ_DATA),
                          c * k->coalesce * I};
        if (rq.write) {
            r->stores++;
            r->stored_ids += rq.n;
        } else {
            r->loads++;
            r->loaded_ids += rq.n;
        }
        hwwl_mem_accept(&d->mem[c], &d->rng, cycle, d->q->mem_lat, d->q->mem_lat, &rq);
    }
}

static int all_done(const driver *d)
{
    for (unsigned i = 0; i < d->nt; i++)
        if (d->t[i].st != T_DONE)
            return 0;
    return 1;
}

/* The threads' requests of this cycle. */
static void drive_threads(driver *d, uint64_t cycle, uint64_t *in)
{
    const hwwl_core_geom *k = &d->g->core;
    for (unsigned i = 0; i < d->nt; i++) {
        thread *t = &d->t[i];
        if (t->st == T_BUSY && cycle > t->until) {
            relax(d, t);
            t->st = T_PUSH;
        } else if (t->st == T_BUSY) {
            d->last_progress = cycle; /* a long vertex is not a stall */
        }
        if (t->st == T_PUSH && t->iout == t->nout)
            t->st = T_PULL;
        if (t->st == T_PUSH) {
            put(d, in, HW_PUSH, i, 1, 1);
            put(d, in, HW_PUSH_ID, i, k->id_bits, t->out[t->iout]);
            t->pushed = 1;
        } else if (t->st == T_PULL && d->sw_cur.n) {
            start_busy(d, i, d->sw_cur.v[--d->sw_cur.n], cycle);
            d->r->sw_taken++;
        } else if (t->st == T_PULL) {
            put(d, in, HW_PULL, i, 1, 1);
            t->st = T_ASKED;
            t->until = cycle + 1 + (unsigned)k->sram;
        }
    }
}

/* A kernel begins (after the swap; single mode: after the seed, or for the
 * software list of the exceptions). */
static void begin_kernel(driver *d, uint64_t cycle, uint64_t *in)
{
    d->r->kernels++;
    vlist tmp = d->sw_cur;
    d->sw_cur = d->sw_next;
    d->sw_next = tmp;
    d->sw_next.n = 0;
    d->kernel_pushes = 0;
    for (unsigned i = 0; i < d->nt; i++)
        d->t[i].st = T_PULL;
    d->phase = PH_RUN;
    d->last_progress = cycle;
    if (d->gs) {
        gpu_kernel_begin(d->gs, cycle + 1 + d->q->gpu->v[GC_LAUNCH]);
        gpu_drive_ports(d, cycle, in);
    } else {
        drive_threads(d, cycle, in);
    }
}

static int drive(void *ctx, uint64_t cycle, const uint64_t *po, uint64_t *in)
{
    driver *d = ctx;
    const hwwl_core_geom *k = &d->g->core;
    irhw_hwwl_result *r = d->r;
    if (cycle > 0 && d->phase != PH_RESET)
        observe_out(d, cycle, po);
    if (d->phase == PH_END || d->nomem)
        return 1;
    if (cycle - d->last_progress > d->stall_limit) {
        d->stalled = 1;
        return 1;
    }
    /* memory: always ready, one due response per core */
    irhw_set(in, d->ps, HW_MEM_REQ_READY, irhw_mask(d->g->cores));
    uint64_t resp = 0;
    for (unsigned c = 0; c < d->g->cores; c++) {
        unsigned tag;
        if (hwwl_mem_respond(&d->mem[c], &d->rng, cycle, &tag,
                             irhw_wide(in, d->ps, HW_MEM_RESP_DATA),
                             c * k->coalesce * k->id_bits)) {
            resp |= (uint64_t)1 << c;
            put(d, in, HW_MEM_RESP_TAG, c, k->tag_bits, tag);
        }
    }
    irhw_set(in, d->ps, HW_MEM_RESP_VALID, resp);
    if (d->phase == PH_RESET) {
        irhw_set(in, d->ps, HW_RST, 1);
        irhw_set(in, d->ps, HW_MEM_REQ_READY, 0);
        irhw_set(in, d->ps, HW_MEM_RESP_VALID, 0);
        if (cycle >= 1)
            d->phase = PH_INIT;
        d->last_progress = cycle;
        return 0;
    }
    if (d->phase == PH_INIT) { /* until every core honoured it */
        if (d->init_left) {
            irhw_set(in, d->ps, HW_WLINIT_EN, 1);
            irhw_set(in, d->ps, HW_WLINIT_BASE, 0);
            irhw_set(in, d->ps, HW_WLINIT_SIZE, k->ovf_cap);
            return 0;
        }
        d->phase = PH_CFG;
        d->asked = 0;
    }
    if (d->phase == PH_CFG) {
        if (!d->asked || !irhw_get(po, d->ps, HW_WLCFG_OK)) {
            irhw_set(in, d->ps, HW_WLCFG_EN, 1);
            irhw_set(in, d->ps, HW_WLCFG_DOUBLE, (uint64_t)!d->q->single);
            d->asked = 1;
            return 0;
        }
        d->phase = PH_SEED;
        d->asked = 0;
    }
    if (d->phase == PH_SEED) { /* the source, into the push half */
        if (!d->asked || !bit(d, po, HW_PUSH_OK, 0, 1)) {
            put(d, in, HW_PUSH, 0, 1, 1);
            put(d, in, HW_PUSH_ID, 0, k->id_bits, d->q->src);
            d->asked = 1;
            return 0;
        }
        d->phase = PH_SWAP;
        d->asked = 0;
        if (d->q->single) { /* one partition: the source is already pull-side */
            begin_kernel(d, cycle, in);
            return 0;
        }
    }
    if (d->phase == PH_RUN) {
        if (d->gs)
            gpu_drive_ports(d, cycle, in);
        else
            drive_threads(d, cycle, in);
        if (d->nomem || !(d->gs ? gpu_all_done(d->gs) : all_done(d)))
            return 0;
        /* single: DONE means nothing is left pull-side, pushes included */
        if ((!d->kernel_pushes || d->q->single) && !d->sw_next.n) {
            d->phase = PH_FINISH; /* idle cycles: the observer reads the model's totals */
            r->cycles_to_done = cycle;
            return 0;
        }
        d->phase = PH_SWAP;
        d->asked = 0;
        if (d->q->single) { /* no swap: a kernel for the exceptions' software list */
            begin_kernel(d, cycle, in);
            return 0;
        }
    }
    if (d->phase == PH_FINISH) {
        d->phase = PH_END;
        atomic_store(&d->end_at, cycle);
        return 0;
    }
    /* PH_SWAP: asserted until honoured; then the next kernel */
    if (d->asked && irhw_get(po, d->ps, HW_SWAP_OK)) {
        begin_kernel(d, cycle, in);
        return 0;
    }
    irhw_set(in, d->ps, HW_SWAP, 1);
    d->asked = 1;
    return 0;
}

/* ---- the model's own statistics (moves, spills, occupancy) ------------------ */

/* Parses model_stats: per core the IDs in the banks' pull halves and in
 * the overflow buffer now, and the totals. 0, or -1 if the text did not
 * have the expected lines. */
static int model_counts(const driver *d, void *m, unsigned *banks, unsigned *ovf,
                        irhw_hwwl_result *tot)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return -1;
    d->x->b->model_stats(m, f);
    fclose(f);
    unsigned c = 0;
    uint64_t moves = 0, spills = 0;
    for (const char *p = buf; p && *p && c < d->g->cores;) {
        const char *e = strstr(p, "hwwl_core: pulls");
        const char *mv = e ? strstr(e, "in-core moves ") : NULL;
        const char *at = e ? strstr(e, "at the end: ") : NULL;
        const char *sp = e ? strstr(e, "spills ") : NULL;
        unsigned long long x = 0, y = 0;
        unsigned b = 0, o1 = 0, o2 = 0;
        if (!mv || !at || !sp || sscanf(mv, "in-core moves %llu", &x) != 1 ||
            sscanf(sp, "spills %llu", &y) != 1 ||
            sscanf(at, "at the end: %u IDs in the banks' pull halves, %u + %u", &b, &o1, &o2) != 3)
            break;
        moves += x;
        spills += y;
        banks[c] = b;
        ovf[c] = o1 + o2;
        c++;
        p = at + 1;
    }
    unsigned long long gm = 0;
    const char *gp = buf ? strstr(buf, "system-wide moves (") : NULL;
    if (gp && (gp = strchr(gp, ')')))
        sscanf(gp, ") %llu", &gm);
    free(buf);
    if (c != d->g->cores)
        return -1;
    if (tot) {
        tot->gmoves = gm;
        tot->moves = moves;
        tot->spills = spills;
        tot->have_model_counts = 1;
    }
    return 0;
}

/* One occupancy sample; the series keeps at most IRHW_HWWL_SAMPLES samples
 * (every other one is dropped and the period doubles when it is full). */
static void sample(driver *d, void *m, uint64_t cycle)
{
    irhw_hwwl_result *r = d->r;
    unsigned C = d->g->cores;
    if (r->nsamples == IRHW_HWWL_SAMPLES) {
        for (unsigned s = 0; s < IRHW_HWWL_SAMPLES / 2; s++) {
            r->sample_cycle[s] = r->sample_cycle[2 * s];
            memcpy(&r->occ_banks[s * C], &r->occ_banks[2 * s * C], C * sizeof *r->occ_banks);
            memcpy(&r->occ_ovf[s * C], &r->occ_ovf[2 * s * C], C * sizeof *r->occ_ovf);
        }
        r->nsamples = IRHW_HWWL_SAMPLES / 2;
        r->sample_every *= 2;
    }
    unsigned s = r->nsamples;
    if (model_counts(d, m, &r->occ_banks[s * C], &r->occ_ovf[s * C], NULL))
        return;
    r->sample_cycle[s] = cycle;
    r->nsamples++;
}

static void observe_model(driver *d, void *m, uint64_t cycle)
{
    if (!m)
        return;
    if (cycle >= d->next_sample) {
        sample(d, m, cycle);
        d->next_sample = cycle + d->r->sample_every;
    }
    if (cycle == atomic_load(&d->end_at)) /* the run's last cycle: the totals */
        model_counts(d, m, d->r->end_banks, d->r->end_ovf, d->r);
}

static int observe_lockstep(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                            const uint64_t *exp, const uint64_t *act)
{
    observe_model(ctx, (void *)model, cycle);
    return 0;
}

/* count_answers for n cycles of the outputs po. */
static void count_idle_answers(driver *d, const uint64_t *po, uint64_t n)
{
    const uint64_t *a = irhw_cwide(po, d->ps, HW_PULL_ANS);
    int none = 1;
    for (unsigned i = 0; i < irhw_words(2 * d->nt); i++)
        none &= a[i] == 0;
    if (!none) {
        for (uint64_t i = 0; i < n; i++)
            count_answers(d, po);
        return;
    }
    d->r->ans[HC_ANS_NONE] += n * d->nt;
}

/* The first cycle from `cycle` on in which drive() may do anything but
 * drive the inputs it drove in cycle - 1 and count the answers of outputs
 * without answers, donations or memory requests (po): the GPU's threads in
 * a kernel, none at a core's ports, no warp issuing, no memory response
 * due, no occupancy sample and no stall. `cycle` when there is no such
 * span. */
static uint64_t drive_quiet_until(const driver *d, uint64_t cycle, const uint64_t *po)
{
    if (!d->gs || d->phase != PH_RUN || d->nomem || irhw_get(po, d->ps, HW_DON_VALID) ||
        irhw_get(po, d->ps, HW_RCV_VALID) || irhw_get(po, d->ps, HW_MEM_REQ_VALID))
        return cycle;
    uint64_t t = gpu_next_event(d->gs);
    if (d->next_sample < t)
        t = d->next_sample;
    if (d->last_progress + d->stall_limit + 1 < t)
        t = d->last_progress + d->stall_limit + 1;
    for (unsigned c = 0; c < d->g->cores; c++) {
        if (d->port[c].op)
            return cycle;
        for (unsigned k = 0; k < d->mem[c].outstanding; k++)
            if (d->mem[c].q[k].valid && d->mem[c].q[k].due < t)
                t = d->mem[c].q[k].due;
    }
    return t > cycle ? t : cycle;
}

static uint64_t ff_quiet_until(void *ctx, uint64_t cycle, const uint64_t *po)
{
    return drive_quiet_until(ctx, cycle, po);
}
static void ff_idle_answers(void *ctx, const uint64_t *po, uint64_t n)
{
    count_idle_answers(ctx, po, n);
}

/* ---- the run -------------------------------------------------------------------- */

void irhw_hwwl_result_free(irhw_hwwl_result *r)
{
    free(r->lane_ids);
    free(r->lane_waits);
    free(r->lane_vertices);
    free(r->lane_busy);
    free(r->sample_cycle);
    free(r->occ_banks);
    free(r->occ_ovf);
    free(r->value);
    memset(r, 0, sizeof *r);
}

static int check_result(const irhw_hwwl_req *q, irhw_hwwl_result *r, char *err, size_t errlen)
{
    const irhw_graph *g = q->g;
    uint64_t *ref = malloc(((size_t)g->n + 1) * sizeof *ref);
    if (!ref)
        return irhw_err(err, errlen, "out of memory for the reference result");
    int bad = q->wt ? irhw_sssp(g, q->src, q->wt, ref) : (irhw_bfs(g, q->src, ref) ? 0 : -1);
    if (bad) {
        free(ref);
        return irhw_err(err, errlen, "out of memory in the reference algorithm");
    }
    r->correct = 1;
    for (uint32_t v = 0; v < g->n; v++) {
        r->reached += ref[v] != IRHW_UNREACHED;
        if (ref[v] != IRHW_UNREACHED && ref[v] > r->depth)
            r->depth = ref[v];
        if (r->value[v] != ref[v] && r->correct) {
            char a[32], b[32];
            snprintf(a, sizeof a, "%" PRIu64, r->value[v]);
            snprintf(b, sizeof b, "%" PRIu64, ref[v]);
            r->correct = 0;
            snprintf(r->message, sizeof r->message,
                     "RESULT DIFFERS: vertex %u: %s %s on hwwl, %s in the reference (%s)\n", v,
                     q->wt ? "distance" : "level", r->value[v] == IRHW_UNREACHED ? "unreached" : a,
                     ref[v] == IRHW_UNREACHED ? "unreached" : b,
                     q->wt ? "Dijkstra" : "sequential BFS");
        }
    }
    free(ref);
    return 0;
}

/* The GPU core model on a software or ideal worklist: no hwwl in the run. */
static int gpu_sw_run(const irhw_hwwl_req *q, irhw_hwwl_result *r, char *err, size_t errlen)
{
    const irhw_graph *gr = q->g;
    if (!gr->n)
        return irhw_err(err, errlen, "the graph has no vertices");
    r->gpu = 1;
    r->equal = 1;
    r->value = malloc(((size_t)gr->n + 1) * sizeof *r->value);
    if (!r->value)
        return irhw_err(err, errlen, "out of memory for the result");
    for (uint32_t v = 0; v < gr->n; v++)
        r->value[v] = IRHW_UNREACHED;
    r->value[q->src] = 0;
    gpu_req g = {q->gpu, gr,       q->wt,         q->src, q->worklist, q->gpu->v[GC_CORES],
                 NULL,   r->value, q->max_cycles, q->act};
    int done;
    double t0 = irhw_now_s();
    if (irhw_gpu_run(&g, &r->gs, &done, err, errlen))
        return -1;
    r->run_s = irhw_now_s() - t0;
    r->cycles = r->cycles_to_done = r->gs.cycles;
    r->kernels = r->gs.kernels;
    r->processed = r->gs.processed;
    r->relaxations = r->gs.relaxations;
    r->improvements = r->gs.improvements;
    r->pushes = r->gs.pushes;
    if (!done) {
        r->equal = 0;
        snprintf(r->message, sizeof r->message,
                 "NOT FINISHED: the cycle limit (%" PRIu64 ") reached in kernel %" PRIu64 "\n",
                 r->cycles, r->kernels);
        return 0;
    }
    return check_result(q, r, err, errlen);
}

int irhw_hwwl_run(const irhw_hwwl_req *q, irhw_hwwl_result *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (q->gpu && q->worklist != IRHW_WL_HWWL)
        return gpu_sw_run(q, r, err, errlen);
    if (strcmp(q->x->b->name, "hwwl"))
        return irhw_err(err, errlen, "the bfs/sssp workloads drive hwwl, not %s", q->x->b->name);
    const hwwl_geom *g = hwwl_g(q->x);
    const irhw_graph *gr = q->g;
    if (!gr->n)
        return irhw_err(err, errlen, "the graph has no vertices");
    if (g->core.id_bits < 32 && gr->n > (1ull << g->core.id_bits))
        return irhw_err(err, errlen,
                        "the graph has %u vertices: ID_BITS=%u holds vertex IDs below %llu", gr->n,
                        g->core.id_bits, 1ull << g->core.id_bits);
    if (q->gpu && irhw_gpu_check(q->gpu, err, errlen))
        return -1;
    if (q->gpu && q->gpu->v[GC_WARP_SIZE] < g->core.lanes)
        return irhw_err(err, errlen,
                        "WARP_SIZE=%u is below hwwl's LANES=%u: a lane without a thread never "
                        "pulls, and redistribution can leave work in its bank",
                        q->gpu->v[GC_WARP_SIZE], g->core.lanes);
    unsigned C = g->cores, nt = C * g->core.lanes;
    r->threads = nt;
    r->sample_every = q->sample_every ? q->sample_every : 256;
    r->lane_ids = calloc(nt, sizeof *r->lane_ids);
    r->lane_waits = calloc(nt, sizeof *r->lane_waits);
    r->lane_vertices = calloc(nt, sizeof *r->lane_vertices);
    r->lane_busy = calloc(nt, sizeof *r->lane_busy);
    r->sample_cycle = calloc(IRHW_HWWL_SAMPLES, sizeof *r->sample_cycle);
    r->occ_banks = calloc((size_t)IRHW_HWWL_SAMPLES * C, sizeof *r->occ_banks);
    r->occ_ovf = calloc((size_t)IRHW_HWWL_SAMPLES * C, sizeof *r->occ_ovf);
    r->value = malloc(((size_t)gr->n + 1) * sizeof *r->value);
    driver d;
    memset(&d, 0, sizeof d);
    d.q = q;
    d.x = q->x;
    d.g = g;
    d.ps = &q->x->ps;
    d.r = r;
    d.nt = nt;
    d.t = calloc(nt, sizeof *d.t);
    d.val = r->value;
    d.init_left = irhw_mask(C);
    if (q->gpu) {
        gpu_req gq = {q->gpu, gr,       q->wt, q->src, IRHW_WL_HWWL, C,
                      &d.gp,  r->value, 0,     q->act, q->single};
        d.gp.ctx = &d;
        d.gp.start = gpu_port_start;
        d.gs = r->value ? gpu_new(&gq) : NULL;
        r->gpu = 1;
    }
    int bad = !r->lane_ids || !r->lane_waits || !r->lane_vertices || !r->lane_busy ||
              !r->sample_cycle || !r->occ_banks || !r->occ_ovf || !r->value || !d.t ||
              (q->gpu && !d.gs);
    for (unsigned c = 0; c < C && !bad; c++)
        bad |= hwwl_mem_init(&d.mem[c], &g->core) != 0;
    int rc = 0;
    if (bad) {
        rc = irhw_err(err, errlen, "out of memory setting up the %s run", q->wt ? "sssp" : "bfs");
        goto out;
    }
    irhw_rng_seed(&d.rng, 1);
    for (uint32_t v = 0; v < gr->n; v++)
        r->value[v] = IRHW_UNREACHED;
    r->value[q->src] = 0;
    /* no progress (no ID pulled, no push accepted, no kernel begun) for this
     * long: something is wrong, stop with a message */
    d.stall_limit = 200000 + 64ull * q->mem_lat;
    uint64_t cap = q->max_cycles ? q->max_cycles : UINT64_MAX / 2;
    double t0 = irhw_now_s();
    atomic_store(&d.end_at, UINT64_MAX);
    irhw_stim_source src = {&d, drive, 1};
    irhw_cosim_res cr;
    if (q->model_only) { /* with the block's conservation checker */
        hwwl_ffrun fr = {q->x, &src, cap, observe_lockstep, ff_quiet_until, ff_idle_answers, &d};
        rc = irhw_hwwl_model_run(&fr, &cr, &r->skipped, &r->pull_steps, err, errlen);
    } else {
        irhw_cosim_req cq = {0};
        cq.x = q->x;
        cq.cycles = cap;
        cq.quiet = 1;
        cq.replay = q->replay;
        cq.source = &src;
        cq.observe = observe_lockstep;
        cq.observe_ctx = &d;
        cq.wave = q->wave;
        cq.wave_depth = q->wave ? 99 : 0;
        cq.wave_to = q->wave ? q->wave_cycles - 1 : 0;
        rc = irhw_cosim(&cq, &cr, err, errlen);
    }
    if (!rc) {
        r->equal = cr.equal;
        r->cycles = cr.cycles_run;
        r->build_s = cr.build_s;
        r->lockstep_s = q->model_only ? 0 : cr.run_s;
        snprintf(r->message, sizeof r->message, "%s", cr.message);
    }
    r->run_s = irhw_now_s() - t0;
    if (rc)
        goto out;
    if (d.nomem) {
        rc = irhw_err(err, errlen, "out of memory during the run");
        goto out;
    }
    /* a stall is the cause of what the end-of-run check then finds */
    /* (with two threads drive() may have run past a failed cycle, and seen a
     * stall that one thread never reaches: then the failure is the report) */
    d.stalled = d.stalled && !cr.failed_in_cycle;
    if (!r->equal && !d.stalled)
        goto out;
    if (d.stalled || d.phase != PH_END) {
        r->equal = 0;
        if (d.stalled)
            snprintf(r->message, sizeof r->message,
                     "STALLED at cycle %" PRIu64 " (kernel %" PRIu64 "): no thread busy, no "
                     "vertex pulled, no push accepted and no kernel begun for %" PRIu64 " cycles\n",
                     r->cycles, r->kernels, d.stall_limit);
        else
            snprintf(r->message, sizeof r->message,
                     "NOT FINISHED: the cycle limit (%" PRIu64 ") reached in kernel %" PRIu64 "\n",
                     r->cycles, r->kernels);
        goto out;
    }
    if (d.gs) {
        r->gs = *gpu_stats(d.gs);
        r->gs.cycles = r->cycles_to_done;
        r->gs.kernels = r->kernels;
        r->gs.slots = r->cycles_to_done * C * q->gpu->v[GC_ISSUE];
        r->processed = r->gs.processed;
        r->relaxations = r->gs.relaxations;
        r->improvements = r->gs.improvements;
    }
    rc = check_result(q, r, err, errlen);
out:
    gpu_free(d.gs);
    for (unsigned i = 0; d.t && i < nt; i++)
        free(d.t[i].out);
    free(d.t);
    free(d.sw_cur.v);
    free(d.sw_next.v);
    for (unsigned c = 0; c < HW_MAX_CORES; c++)
        hwwl_mem_free(&d.mem[c]);
    return rc;
}
