/*
 * workload_iru_gpu.c — `irhw workload iru --machine gpu`: each kernel on
 * each graph run twice on the GPU core model, with plain loads and with
 * load_iru (sim/gpu_iru.h), and the IRU paper's system quantities side by
 * side (§6.1-6.3, Figs. 12, 14, 15, 16). In the IRU run iru_hash is the
 * stimulus source's block: this file's feeder moves the prefetcher's
 * elements onto its insert lanes, the warps' load_iru onto its request
 * port, its replies back to the warps, every cycle, under the C model alone
 * (--model-only) or in lockstep with the RTL (tb/cosim.c). Docs:
 * docs/iru.md.
 */
#include "workload_cli.h"

#include "area.h"
#include "graph_dir.h"
#include "iru.h"
#include "iru_hash.h"
#include "modelrun.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- energy per access (docs/iru.md, "Energy") --------------------------------- */

/* DRAM: Horowitz, "Computing's energy problem" (ISSCC 2014, 45 nm): 1.3 to
 * 2.6 nJ per 64-bit access; the low end, per line of LINE bytes. */
#define DRAM_PJ_64 1300.0
/* The IRU: `irhw power iru_hash --liberty sky130hd` (docs/area.md) measured
 * 1028 pJ per element inserted; scaled to 45 nm as the SRAM model scales
 * nodes, C·V²: x (45 / 130) x (0.9 / 1.8)^2. */
#define IRU_PJ_ELEM_130 1028.0

typedef struct {
    double l1, l2, dram, iru; /* pJ per L1 line, L2 line, DRAM line, IRU element */
} energy_model;

static energy_model energy_of(const irhw_gpu_cfg *c)
{
    unsigned line = c->v[GC_LINE];
    unsigned l1w = c->v[GC_L1_KB] * 1024u / line, l2w = c->v[GC_L2_KB] * 1024u / line;
    energy_model e;
    e.l1 = l1w ? irhw_sram_energy_pj(l1w, line * 8, 45, 0) : 0;
    e.l2 = l2w ? irhw_sram_energy_pj(l2w, line * 8, 45, 0) : 0;
    e.dram = DRAM_PJ_64 * line * 8 / 64;
    e.iru = IRU_PJ_ELEM_130 * (45.0 / 130) * 0.25;
    return e;
}

/* ---- one IRU run: the feeder ------------------------------------------------------- */

#define MAX_LANES 16

typedef struct {
    giru_sim *g;
    const iru_geom *ig;
    const irhw_ports *ps;
    unsigned launch;
    uint32_t lidx[MAX_LANES], ldata[MAX_LANES];
    uint64_t lpos[MAX_LANES];
    uint8_t lon[MAX_LANES];
    int req_on, in_kernel, ended;
    unsigned tail;
    uint64_t next_at, last_cycle;
    uint64_t inserted, merged, replies, replied, distinct, held_elems;
} gfeed;

static uint64_t fld(const gfeed *f, const uint64_t *v, enum iru_hash_port p, unsigned i, unsigned w)
{
    if (f->ig->port[p] < 0)
        return 0;
    return irhw_bits_get(irhw_cwide(v, f->ps, (unsigned)f->ig->port[p]), i * w, w);
}

static void put(const gfeed *f, uint64_t *in, enum iru_hash_port p, unsigned i, unsigned w,
                uint64_t x)
{
    if (f->ig->port[p] >= 0)
        irhw_bits_set(irhw_wide(in, f->ps, (unsigned)f->ig->port[p]), i * w, w, x & irhw_mask(w));
}

/* The previous cycle's outputs: elements taken, the request taken, a reply. */
static void take_outputs(gfeed *f, uint64_t cycle, const uint64_t *prev)
{
    const iru_geom *ig = f->ig;
    for (unsigned l = 0; l < ig->lanes; l++)
        if (f->lon[l] && fld(f, prev, IHP_INS_READY, l, 1)) {
            f->lon[l] = 0;
            f->inserted++;
        }
    for (unsigned b = 0; b < ig->banks; b++)
        f->merged += fld(f, prev, IHP_MRG_VALID, b, 1);
    if (f->req_on && fld(f, prev, IHP_REQ_READY, 0, 1))
        giru_request_taken(f->g);
    if (!fld(f, prev, IHP_REP_VALID, 0, 1))
        return;
    uint32_t idx[GPU_MAX_WARP], data[GPU_MAX_WARP];
    unsigned n = 0;
    while (n < ig->slots && n < GPU_MAX_WARP && fld(f, prev, IHP_REP_SLOT_VALID, n, 1)) {
        idx[n] = (uint32_t)fld(f, prev, IHP_REP_IDX, n, ig->idx_bits);
        data[n] = (uint32_t)fld(f, prev, IHP_REP_DATA, n, ig->data_bits);
        n++;
    }
    f->replies += n > 0;
    f->replied += n;
    giru_reply(f->g, cycle, n, idx, data);
}

static int gfeed_step(void *ctx, uint64_t cycle, const uint64_t *prev, uint64_t *in)
{
    gfeed *f = ctx;
    if (cycle < 2)
        return 0;
    if (cycle > 2)
        take_outputs(f, cycle, prev);
    f->req_on = 0;
    if (!f->in_kernel) {
        if (cycle < f->next_at)
            return 0;
        if (!giru_kernel_begin(f->g, cycle)) {
            f->ended = ++f->tail > 4; /* a few cycles for the last outputs */
            return f->ended;
        }
        f->in_kernel = 1;
    }
    giru_cycle(f->g, cycle);
    int busy = 0;
    for (unsigned l = 0; l < f->ig->lanes; l++) {
        if (!f->lon[l] && giru_pf_peek(f->g, cycle, &f->lidx[l], &f->ldata[l], &f->lpos[l])) {
            giru_pf_take(f->g);
            f->lon[l] = 1;
        }
        if (!f->lon[l])
            continue;
        busy = 1;
        put(f, in, IHP_INS_VALID, l, 1, 1);
        put(f, in, IHP_INS_IDX, l, f->ig->idx_bits, f->lidx[l]);
        put(f, in, IHP_INS_DATA, l, f->ig->data_bits, f->ldata[l]);
        put(f, in, IHP_INS_POS, l, f->ig->pos_bits, f->lpos[l]);
    }
    f->req_on = giru_requests(f->g) > 0;
    put(f, in, IHP_REQ, 0, 1, (uint64_t)f->req_on);
    if (!busy && giru_pf_done(f->g))
        put(f, in, IHP_FLUSH, 0, 1, 1);
    f->last_cycle = cycle;
    if (giru_kernel_over(f->g, cycle)) {
        f->in_kernel = 0;
        f->next_at = cycle + 1 + f->launch;
    }
    return 0;
}

static int gfeed_observe(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                         const uint64_t *exp, const uint64_t *act)
{
    (void)ctx;
    (void)cycle;
    (void)model;
    (void)in;
    (void)exp;
    (void)act;
    return 0;
}

/* Both runs of one kernel on one graph. */
typedef struct {
    giru_stats base, iru;
    uint64_t inserted, merged, replies, replied;
    uint64_t elements, frontiers, distinct; /* distinct: per frontier, summed */
    uint64_t vertices, slots;               /* the graph's; the table's (SETS x SLOTS x parts) */
    int equal;
    double run_s;
    char params[512], message[4096];
    const char *filter;
} gpu_pair;

/* Distinct indices per frontier, summed: elements - this is the most any
 * filter can merge out (the bound beside every filtered share). */
static uint64_t frontier_distinct(const irhw_iru_stream *s)
{
    uint8_t *seen = calloc(s->nv ? s->nv : 1, 1);
    uint64_t d = 0;
    if (!seen)
        return 0;
    for (uint64_t f = 0; f < s->nfront; f++) {
        for (uint64_t e = s->start[f]; e < s->start[f + 1]; e++) {
            d += !seen[s->idx[e]];
            seen[s->idx[e]] = 1;
        }
        for (uint64_t e = s->start[f]; e < s->start[f + 1]; e++)
            seen[s->idx[e]] = 0;
    }
    free(seen);
    return d;
}

static int iru_run(const wl_opts *o, const irhw_inst *x, const giru_req *q, gpu_pair *p,
                   const char *replay, char *err, size_t errlen)
{
    const iru_geom *ig = iru_g(x);
    if (ig->lanes > MAX_LANES)
        return irhw_err(err, errlen, "BANKS=%u: the GPU run feeds at most %u lanes", ig->lanes,
                        MAX_LANES);
    giru_sim *g = giru_new(q, err, errlen);
    if (!g)
        return -1;
    gfeed f;
    memset(&f, 0, sizeof f);
    f.g = g;
    f.ig = ig;
    f.ps = &x->ps;
    f.launch = o->gcfg.v[GC_LAUNCH];
    const irhw_iru_stream *s = q->s;
    uint64_t cap = 64 * s->n + s->nfront * (8ull * ig->sets + ig->timeout + 100000) + 100000;
    irhw_stim_source src = {&f, gfeed_step, 0};
    irhw_cosim_res cr;
    int rc;
    if (o->c.model_only || o->nsweep) {
        rc = irhw_model_run(x, &src, cap, gfeed_observe, NULL, &cr, err, errlen);
    } else {
        irhw_cosim_req cq = {0};
        cq.x = x;
        cq.cycles = cap;
        cq.quiet = 1;
        cq.replay = replay;
        cq.source = &src;
        cq.observe = gfeed_observe;
        rc = irhw_cosim(&cq, &cr, err, errlen);
    }
    if (!rc) {
        p->equal = cr.equal;
        snprintf(p->message, sizeof p->message, "%s", cr.message);
        if (cr.equal && !f.ended)
            rc = irhw_err(err, errlen, "the GPU run did not end within %" PRIu64 " cycles", cap);
    }
    p->iru = *giru_finish(g, f.last_cycle + 1);
    p->inserted = f.inserted;
    p->merged = f.merged;
    p->replies = f.replies;
    p->replied = f.replied;
    giru_free(g);
    return rc;
}

/* ---- one IRU run: the partitioned IRU (model/iru.h) ------------------------------ */

typedef struct {
    uint64_t *w;
    unsigned head, n, cap;
} wq; /* a partition's requests, oldest first: their warps */

/* The prefetcher's elements into their memory partition's FIFO (the
 * partition of the frontier array's line: "each IRU only prefetches
 * information from its corresponding memory partition"), at most `lanes`
 * a partition a cycle, in order. */
static void parts_push(giru_sim *g, iru_sys *u, unsigned parts, unsigned lanes, unsigned per_line,
                       uint64_t cycle)
{
    unsigned took[64] = {0};
    uint32_t idx, data;
    uint64_t pos;
    while (giru_pf_peek(g, cycle, &idx, &data, &pos)) {
        unsigned part = (unsigned)((giru_front_lo(g) + pos) / per_line % parts);
        if (took[part] >= lanes || !iru_sys_push(u, part, idx, data, pos))
            return;
        took[part]++;
        giru_pf_take(g);
    }
}

/* The warps' requests dealt over the partitions, each to the one with the
 * fewest requests waiting (ties: round-robin), one a partition a cycle;
 * each partition's replies go back to its own requests. The paper's SMs
 * "distribute the requests evenly across the different IRUs" and
 * partitions may answer each other's requests (not modelled in
 * model/iru.h); dealing to the least-waiting keeps every partition asked,
 * so that a complete entry in a partition nobody asks cannot stop the
 * ring (round-robin did, with 8 warps a core and TIMEOUT=0). */
static void parts_requests(giru_sim *g, iru_sys *u, wq *q, unsigned parts, unsigned *rr)
{
    uint8_t tried[64] = {0};
    for (unsigned k = 0; k < parts && giru_requests(g); k++) {
        unsigned best = parts;
        for (unsigned i = 0; i < parts; i++) {
            unsigned part = (*rr + i) % parts;
            if (!tried[part] &&
                (best == parts || iru_sys_waiting(u, part) < iru_sys_waiting(u, best)))
                best = part;
        }
        tried[best] = 1;
        *rr = (best + 1) % parts;
        if (!iru_sys_request(u, best))
            continue;
        wq *a = &q[best];
        a->w[(a->head + a->n++) % a->cap] = giru_request_pop(g);
    }
}

static void parts_replies(giru_sim *g, iru_sys *u, wq *q, unsigned parts, uint64_t cycle)
{
    static iru_reply_t r;
    for (unsigned part = 0; part < parts; part++)
        while (q[part].n && iru_sys_reply(u, part, &r)) {
            uint32_t idx[64], data[64];
            for (unsigned i = 0; i < r.n && i < 64; i++) {
                idx[i] = (uint32_t)r.e[i].idx;
                data[i] = (uint32_t)r.e[i].data;
            }
            wq *a = &q[part];
            giru_reply_warp(g, a->w[a->head], cycle, r.n, idx, data);
            a->head = (a->head + 1) % a->cap;
            a->n--;
        }
}

static int parts_run(const wl_opts *o, const irhw_inst *x, const giru_req *q, gpu_pair *p,
                     char *err, size_t errlen)
{
    iru_cfg c;
    iru_cfg_defaults(&c);
    c.parts = o->parts;
    c.hash = p->params;
    iru_sys *u = iru_sys_new(&c, err, errlen);
    if (!u)
        return -2;
    giru_sim *g = giru_new(q, err, errlen);
    unsigned nw = o->gcfg.v[GC_CORES] * o->gcfg.v[GC_WARPS];
    wq *rq = calloc(c.parts, sizeof *rq);
    int rc = !g    ? -1
             : !rq ? irhw_err(err, errlen, "out of memory for the partitions' requests")
                   : 0;
    for (unsigned i = 0; !rc && i < c.parts; i++)
        if (!(rq[i].w = calloc(nw, sizeof *rq[i].w)))
            rc = irhw_err(err, errlen, "out of memory for the partitions' requests");
        else
            rq[i].cap = nw;
    const irhw_iru_stream *s = q->s;
    const iru_geom *ig = iru_g(x);
    uint64_t cap = 64 * s->n + s->nfront * (8ull * ig->sets + ig->timeout + 100000) + 100000;
    uint64_t cycle = 0, next_at = 0;
    unsigned rr = 0, per_line = o->gcfg.v[GC_LINE] / 4;
    int in_kernel = 0;
    uint64_t progress = 0, moved_at = 0, stall = 200000 + (uint64_t)ig->timeout;
    for (; !rc; cycle++) {
        if (cycle > cap) {
            rc = irhw_err(err, errlen, "the GPU run did not end within %" PRIu64 " cycles", cap);
            break;
        }
        const iru_sys_stats *t = iru_sys_stats_of(u);
        if (t->pushed + t->inserted + t->replies != progress) {
            progress = t->pushed + t->inserted + t->replies;
            moved_at = cycle;
        } else if (cycle - moved_at > stall) {
            irhw_err(err, errlen,
                     "the partitioned IRU stalled: nothing pushed, inserted or replied for %" PRIu64
                     " cycles (cycle %" PRIu64 ", %" PRIu64 " elements held, %u warps asking)",
                     stall, cycle, iru_sys_held(u), giru_requests(g));
            rc = -3;
            break;
        }
        if (!in_kernel && cycle >= next_at) {
            if (!giru_kernel_begin(g, cycle))
                break;
            in_kernel = 1;
        }
        if (in_kernel) {
            giru_cycle(g, cycle);
            parts_push(g, u, c.parts, ig->lanes, per_line, cycle);
            parts_requests(g, u, rq, c.parts, &rr);
            iru_sys_flush(u, giru_pf_done(g));
        }
        iru_sys_step(u);
        if (in_kernel)
            parts_replies(g, u, rq, c.parts, cycle);
        if (in_kernel && giru_kernel_over(g, cycle)) {
            in_kernel = 0;
            next_at = cycle + 1 + o->gcfg.v[GC_LAUNCH];
            iru_sys_flush(u, 0);
        }
    }
    if (!rc) {
        const iru_sys_stats *t = iru_sys_stats_of(u);
        p->iru = *giru_finish(g, cycle);
        p->inserted = t->inserted;
        p->merged = t->merged;
        p->replies = t->replies - t->empty_replies;
        p->replied = t->replied;
        p->equal = 1;
        if (t->pushed != t->replied + t->merged || iru_sys_held(u))
            rc = irhw_err(err, errlen,
                          "the partitioned IRU did not conserve its elements: %" PRIu64
                          " pushed, %" PRIu64 " replied, %" PRIu64 " merged, %" PRIu64 " held",
                          t->pushed, t->replied, t->merged, iru_sys_held(u));
    }
    for (unsigned i = 0; rq && i < c.parts; i++)
        free(rq[i].w);
    free(rq);
    giru_free(g);
    iru_sys_free(u);
    return rc;
}

/* One kernel on one graph: the stream, the baseline, the IRU run. */
static int run_pair(const wl_opts *o, const char *path, const irhw_graph *g, irhw_kernel k,
                    long timeout, gpu_pair *p)
{
    memset(p, 0, sizeof *p);
    irhw_inst x;
    int rc = wl_iru_inst(o, k, NULL, timeout, &x);
    if (rc)
        return rc;
    int fi = irhw_param_index(x.b, "FILTER");
    p->filter = fi >= 0 ? x.b->params[fi].choices[x.c.v[fi]] : "none";
    irhw_cfg_format(x.b, &x.c, " ", p->params, sizeof p->params);
    char err[8192];
    irhw_iru_stream s;
    rc = irhw_iru_stream_build(g, k, o->max_elems, &s, err, sizeof err);
    if (rc) {
        int named = !strncmp(err, path, strlen(path));
        fprintf(stderr, "%s workload iru: %s%s%s\n", o->prog, named ? "" : path, named ? "" : ": ",
                err);
        irhw_inst_free(&x);
        return rc > 0 ? EXIT_USAGE : EXIT_TOOL;
    }
    p->elements = s.n;
    p->frontiers = s.nfront;
    p->distinct = frontier_distinct(&s);
    p->vertices = g->n;
    const iru_geom *ig = iru_g(&x);
    p->slots = (uint64_t)ig->sets * ig->slots * o->parts;
    giru_cfg ic = o->icfg; /* IRU_PF_DEPTH is per partition */
    ic.v[GIRU_PF_DEPTH] *= o->parts;
    giru_req q = {&o->gcfg, &ic, &s, k, 0, ig->slots};
    double t0 = irhw_now_s();
    char replay[2048], pl[1024];
    irhw_cfg_format(x.b, &x.c, " -p ", pl, sizeof pl);
    snprintf(replay, sizeof replay, "%s workload iru --machine gpu --kernel %s --graph %s -p %s",
             o->prog, irhw_kernel_name(k), path, pl);
    rc = giru_check(&q, err, sizeof err) ? -2 : giru_run_plain(&q, &p->base, err, sizeof err);
    if (!rc) {
        q.iru = 1;
        rc = o->parts > 1 ? parts_run(o, &x, &q, p, err, sizeof err)
                          : iru_run(o, &x, &q, p, replay, err, sizeof err);
    }
    p->run_s = irhw_now_s() - t0;
    irhw_iru_stream_free(&s);
    irhw_inst_free(&x);
    if (rc == -2) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        return EXIT_USAGE;
    }
    if (rc == -3) {
        fprintf(stderr, "%s workload iru: %s on %s: %s\n", o->prog, irhw_kernel_name(k), path, err);
        return EXIT_MISMATCH;
    }
    if (rc) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        return EXIT_TOOL;
    }
    if (!p->equal) {
        fputs(p->message, stdout);
        return EXIT_MISMATCH;
    }
    if (!p->base.correct || !p->iru.correct) {
        fprintf(stderr,
                "%s workload iru: %s on %s: the %s run's values differ from the sequential "
                "kernel's\n",
                o->prog, irhw_kernel_name(k), path, p->base.correct ? "IRU" : "baseline");
        return EXIT_MISMATCH;
    }
    return 0;
}

/* ---- the quantities -------------------------------------------------------------- */

static double ratio(double a, double b)
{
    return b ? a / b : 0;
}

static uint64_t l1_acc(const giru_stats *s)
{
    return s->gs.l1_hits + s->gs.l1_misses;
}

static uint64_t l2_acc(const giru_stats *s)
{
    return s->gs.l2_hits + s->gs.l2_misses;
}

/* Memory energy in pJ: L1, L2 and DRAM lines, and the IRU's elements. */
static double energy(const energy_model *e, const giru_stats *s, uint64_t iru_elems)
{
    return e->l1 * (double)l1_acc(s) + e->l2 * (double)l2_acc(s) +
           e->dram * (double)(s->gs.dram_reads + s->gs.dram_writes) + e->iru * (double)iru_elems;
}

/* The paper's figures per kernel (§6.1-6.3): speedup, energy change,
 * filtered share. */
static const char *const paper_speedup[] = {"1.16", "1.14", "1.40"};
static const char *const paper_energy[] = {"-17 %", "-5 %", "-15 %"};
static const char *const paper_filt[] = {"-", "23 %", "79 %"};

typedef struct {
    double speedup, l1, l2, lpi_base, lpi_iru, filt, bound, cap, e_ratio, iru_share, rate;
} pair_q;

static pair_q quantities(const wl_opts *o, const gpu_pair *p)
{
    energy_model em = energy_of(&o->gcfg);
    pair_q q;
    q.speedup = ratio((double)p->base.cycles, (double)p->iru.cycles);
    q.l1 = ratio((double)l1_acc(&p->iru), (double)l1_acc(&p->base));
    q.l2 = ratio((double)l2_acc(&p->iru), (double)l2_acc(&p->base));
    q.lpi_base = ratio((double)p->base.irr_lines, (double)p->base.irr_inst);
    q.lpi_iru = ratio((double)p->iru.irr_lines, (double)p->iru.irr_inst);
    q.filt = 100 * ratio((double)p->merged, (double)p->inserted);
    q.bound = 100 * (1 - ratio((double)p->distinct, (double)p->elements));
    q.cap = 100 * (1 - ratio((double)p->vertices, (double)p->slots));
    q.cap = q.cap > 0 ? q.cap : 0;
    double eb = energy(&em, &p->base, 0), ei = energy(&em, &p->iru, p->inserted);
    q.e_ratio = ratio(ei, eb);
    q.iru_share = 100 * ratio(em.iru * (double)p->inserted, ei);
    q.rate = 1000 * ratio((double)p->iru.iru_reqs, (double)p->iru.cycles);
    return q;
}

/* SETS of an iru_hash parameter line. */
static unsigned iru_sets(const char *params)
{
    const char *t = strstr(params, "SETS=");
    return t ? (unsigned)atoi(t + 5) : 0;
}

static void print_pair(const wl_opts *o, const char *path, const irhw_graph *g, irhw_kernel k,
                       const gpu_pair *p)
{
    pair_q q = quantities(o, p);
    energy_model em = energy_of(&o->gcfg);
    char gc[512], ic[128];
    irhw_gpu_format(&o->gcfg, gc, sizeof gc);
    giru_format(&o->icfg, ic, sizeof ic);
    printf("workload iru --machine gpu: %s on %s (%u vertices, %" PRIu64 " edges), %" PRIu64
           " frontiers, %" PRIu64 " elements\n",
           irhw_kernel_name(k), path, g->n, g->m, p->frontiers, p->elements);
    printf("  machine %s %s\n  iru_hash %s%s\n", gc, ic, p->params,
           o->parts > 1 ? " in each partition" : "");
    if (o->parts > 1)
        printf(
            "  partitioned IRU: PARTS=%u on a ring, one logical table of %u sets (model/iru.h)\n",
            o->parts, o->parts * iru_sets(p->params));
    printf("  %s; values checked against the sequential kernel; %.1f s\n",
           o->c.model_only || o->nsweep ? "iru_hash: C model alone, conservation checked"
                                        : "iru_hash: lockstep with the RTL, every output compared",
           p->run_s);
    printf("                          baseline      GPU+IRU   IRU/base   paper\n");
    printf("  cycles              %12" PRIu64 " %12" PRIu64 "   %6.2fx   speedup %sx (1.33x "
           "mean)\n",
           p->base.cycles, p->iru.cycles, q.speedup, paper_speedup[k]);
    printf("  L1 accesses         %12" PRIu64 " %12" PRIu64 "   %6.2f    0.67 (mean)\n",
           l1_acc(&p->base), l1_acc(&p->iru), q.l1);
    printf("  L2 accesses         %12" PRIu64 " %12" PRIu64 "   %6.2f    0.56 (mean)\n",
           l2_acc(&p->base), l2_acc(&p->iru), q.l2);
    printf("  DRAM lines          %12" PRIu64 " %12" PRIu64 "   %6.2f    0.96\n",
           p->base.gs.dram_reads + p->base.gs.dram_writes,
           p->iru.gs.dram_reads + p->iru.gs.dram_writes,
           ratio((double)(p->iru.gs.dram_reads + p->iru.gs.dram_writes),
                 (double)(p->base.gs.dram_reads + p->base.gs.dram_writes)));
    printf("  lines / irregular memory instruction %5.2f %12.2f   %6.2f    about 4 -> 3 "
           "(1.32x)\n",
           q.lpi_base, q.lpi_iru, ratio(q.lpi_iru, q.lpi_base));
    printf("  energy, memory (uJ) %12.2f %12.2f   %6.2f    %s\n", energy(&em, &p->base, 0) / 1e6,
           energy(&em, &p->iru, p->inserted) / 1e6, q.e_ratio, paper_energy[k]);
    printf("  filtered %.1f %% of %" PRIu64 " elements (bound 1 - distinct/elements: %.1f %%; "
           "1 - n/m, vertices / table slots %" PRIu64 ": %.1f %%)   paper: %s\n",
           q.filt, p->inserted, q.bound, p->slots, q.cap, paper_filt[k]);
    printf("  IRU: %" PRIu64 " load_iru (%.1f per 1000 cycles), %" PRIu64 " replies of %.1f "
           "elements, its energy %.2f %% of the GPU+IRU memory energy (paper: 0.5 %% of all)\n",
           p->iru.iru_reqs, q.rate, p->replies, ratio((double)p->replied, (double)p->replies),
           q.iru_share);
    printf("  energy per access (pJ): L1 line %.0f, L2 line %.0f, DRAM line %.0f, IRU element "
           "%.1f (docs/iru.md)\n",
           em.l1, em.l2, em.dram, em.iru);
}

/* ---- the commands ---------------------------------------------------------------- */

int wl_iru_gpu_single(const wl_opts *o)
{
    irhw_graph g;
    int rc = wl_iru_read_graph(o, o->c.graph, &g, "iru --machine gpu run");
    if (rc)
        return rc;
    gpu_pair p;
    rc = run_pair(o, o->c.graph, &g, (irhw_kernel)o->kernel, -1, &p);
    if (!rc && !o->c.quiet)
        print_pair(o, o->c.graph, &g, (irhw_kernel)o->kernel, &p);
    irhw_graph_free(&g);
    return rc;
}

static const char all_head[] =
    "| graph | vertices | edges | kernel | filter | TIMEOUT | elements | cycles base | cycles IRU "
    "| "
    "speedup | paper | L1 IRU/base | L2 IRU/base | lines/irr. inst base | lines/irr. inst IRU | "
    "coalescing | filtered | bound | 1 - n/m | paper filtered | energy IRU/base | IRU energy share "
    "| "
    "load_iru per kcycle |\n"
    "| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
    "---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";

static void all_row(FILE *f, const wl_opts *o, const char *name, const irhw_graph *g, irhw_kernel k,
                    const gpu_pair *p)
{
    const char *t = strstr(p->params, "TIMEOUT=");
    pair_q q = quantities(o, p);
    fprintf(f,
            "| %s | %u | %" PRIu64 " | %s | %s | %u | %" PRIu64 " | %" PRIu64 " | %" PRIu64
            " | %.2f | %s | %.2f | %.2f | %.2f | %.2f | %.2fx | %.1f %% | %.1f %% | %.1f %% | %s | "
            "%.2f | "
            "%.2f %% | %.1f |\n",
            name, g->n, g->m, irhw_kernel_name(k), p->filter, t ? (unsigned)atoi(t + 8) : 0,
            p->elements, p->base.cycles, p->iru.cycles, q.speedup, paper_speedup[k], q.l1, q.l2,
            q.lpi_base, q.lpi_iru, ratio(q.lpi_base, q.lpi_iru), q.filt, q.bound, q.cap,
            paper_filt[k], q.e_ratio, q.iru_share, q.rate);
}

/* Per kernel and TIMEOUT (one column without a sweep): sums over the
 * graphs for the means. */
typedef struct {
    double speedup, l1, l2, coal, e, filt, bound, cap, lpi, rate;
    unsigned n;
} gpu_mean;

static void mean_add(gpu_mean *m, const pair_q *q)
{
    m->speedup += q->speedup;
    m->l1 += q->l1;
    m->l2 += q->l2;
    m->coal += ratio(q->lpi_base, q->lpi_iru);
    m->e += q->e_ratio;
    m->filt += q->filt;
    m->bound += q->bound;
    m->cap += q->cap;
    m->lpi += q->lpi_iru;
    m->rate += q->rate;
    m->n++;
}

/* Every graph x kernel (x each TIMEOUT of the sweep): rows into f and
 * stdout, sums into m[k][t]. The worst exit code. */
static int graph_rows(const wl_opts *o, FILE *f, gpu_mean m[3][IRU_MAX_SWEEP], char *params,
                      size_t plen)
{
    char dir[4096];
    char *names[256];
    int got = irhw_graph_files(o->prog, "iru", o->c.graphs, dir, sizeof dir, names, 256);
    if (got < 0)
        return EXIT_USAGE;
    int worst = 0;
    unsigned nt = o->nsweep ? o->nsweep : 1;
    for (unsigned i = 0; i < (unsigned)got; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        irhw_graph g;
        int rc = wl_iru_read_graph(o, path, &g, "iru --machine gpu run");
        for (unsigned k = 0; !rc && k < 3; k++)
            for (unsigned t = 0; t < nt; t++) {
                gpu_pair p;
                long to = o->nsweep ? (long)o->sweep[t] : -1;
                int r1 = run_pair(o, path, &g, (irhw_kernel)k, to, &p);
                worst = r1 > worst ? r1 : worst;
                if (r1)
                    continue;
                all_row(f, o, names[i], &g, (irhw_kernel)k, &p);
                all_row(stdout, o, names[i], &g, (irhw_kernel)k, &p);
                fflush(stdout);
                snprintf(params, plen, "%s", p.params);
                pair_q q = quantities(o, &p);
                mean_add(&m[k][t], &q);
            }
        worst = rc > worst ? rc : worst;
        irhw_graph_free(&g);
        free(names[i]);
    }
    return worst;
}

/* The means over the graphs, one row per kernel (and TIMEOUT). */
static void means_table(const wl_opts *o, FILE *f, gpu_mean m[3][IRU_MAX_SWEEP])
{
    fprintf(
        f,
        "\nMeans over the graphs (IRU / baseline; filtered, bound and lines per "
        "irregular instruction of the IRU run):\n\n"
        "| kernel | TIMEOUT | runs | speedup | paper | L1 | L2 | coalescing | energy | "
        "paper energy | filtered | bound | 1 - n/m | lines/irr. inst IRU | load_iru per kcycle |\n"
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: | ---: | ---: |\n");
    unsigned nt = o->nsweep ? o->nsweep : 1;
    char to[32] = "as set";
    for (unsigned k = 0; k < 3; k++)
        for (unsigned t = 0; t < nt; t++) {
            const gpu_mean *a = &m[k][t];
            double c = a->n ? a->n : 1;
            if (o->nsweep)
                snprintf(to, sizeof to, "%u", o->sweep[t]);
            fprintf(f,
                    "| %s | %s | %u | %.2f | %s | %.2f | %.2f | %.2fx | %.2f | %s | %.1f %% | "
                    "%.1f %% | %.1f %% | %.2f | %.1f |\n",
                    irhw_kernel_name((irhw_kernel)k), to, a->n, a->speedup / c, paper_speedup[k],
                    a->l1 / c, a->l2 / c, a->coal / c, a->e / c, paper_energy[k], a->filt / c,
                    a->bound / c, a->cap / c, a->lpi / c, a->rate / c);
        }
}

static int gpu_table(const wl_opts *o, const char *def_out)
{
    const char *out = o->c.out ? o->c.out : def_out;
    double t0 = irhw_now_s();
    irhw_mkdirs_for(out);
    char err[IRHW_ERRLEN];
    irhw_out *w = irhw_out_open(out, err, sizeof err);
    gpu_mean(*m)[IRU_MAX_SWEEP] = calloc(3, sizeof *m);
    if (!w || !m) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, w ? "out of memory" : err);
        if (w)
            irhw_out_abort(w);
        free(m);
        return EXIT_TOOL;
    }
    FILE *f = irhw_out_file(w);
    fputs(all_head, f);
    fputs(all_head, stdout);
    char params[512] = "";
    int worst = graph_rows(o, f, m, params, sizeof params);
    means_table(o, f, m);
    means_table(o, stdout, m);
    free(m);
    char gc[512], ic[128], tail[2048];
    irhw_gpu_format(&o->gcfg, gc, sizeof gc);
    giru_format(&o->icfg, ic, sizeof ic);
    snprintf(tail, sizeof tail,
             "\nGPU core model %s %s; IRU partitions (--parts) %u; iru_hash %s (FILTER per kernel "
             "unless -p FILTER%s); "
             "%s; "
             "%.0f s. Paper (IRU §6): L1 0.67, L2 0.56, coalescing 1.32x, speedup 1.33x, "
             "energy -13 %%. Energy: memory only (L1, L2, DRAM lines, IRU elements; "
             "docs/iru.md).\n",
             gc, ic, o->parts, params, o->nsweep ? "; TIMEOUT per row" : "",
             o->c.model_only || o->nsweep ? "C model alone" : "in lockstep with the RTL",
             irhw_now_s() - t0);
    fputs(tail, f);
    fputs(tail, stdout);
    if (irhw_out_commit(w, err, sizeof err)) {
        fprintf(stderr, "%s workload iru: %s\n", o->prog, err);
        return EXIT_TOOL;
    }
    printf("wrote %s\n", out);
    return worst;
}

int wl_iru_gpu_all(const wl_opts *o)
{
    return gpu_table(o, "out/iru_gpu.md");
}

int wl_iru_gpu_sweep(const wl_opts *o)
{
    return gpu_table(o, "out/iru_gpu_timeout.md");
}
