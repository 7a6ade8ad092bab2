/*
 * hwwl_tb.h — the test-bench pieces one core's worklist (tb/hwwl_core_stim.c)
 * and the multi-core system (tb/hwwl_stim.c) share, so each exists once:
 * a multiset of work IDs, a core's lanes (unique IDs, retry of a refused
 * push), a core's memory (the overflow buffer, tagged responses in any
 * order) and the per-core checks of the lane interface.
 */
#ifndef HWWL_TB_H
#define HWWL_TB_H

#include "hwwl_core.h"

/* ---- a multiset of work IDs (open addressing with counts) ---------------- */

typedef struct {
    uint64_t *key;
    uint32_t *cnt;
    uint8_t *used;
    size_t cap, nused;
    uint64_t n; /* IDs held */
} idset;

int idset_init(idset *s, size_t cap);
void idset_free(idset *s);
void idset_add(idset *s, uint64_t id);
int idset_take(idset *s, uint64_t id); /* removes one; 0 if it was not there */
void idset_clear(idset *s);

/* ---- unique work IDs: a global sequence XORed with a per-seed salt ------- */

typedef struct {
    uint64_t seq, salt, mask;
} hwwl_ids;

static inline uint64_t hwwl_new_id(hwwl_ids *ids)
{
    return (ids->seq++ ^ ids->salt) & ids->mask;
}

/* ---- one core's lanes ---------------------------------------------------- */

/* A push refused without exception is retried with the same ID; one with
 * push_exc is dropped (the exception). A lane never pushes and pulls in one
 * cycle. */
typedef struct {
    unsigned lanes, id_bits;
    uint64_t pend[HC_MAX_LANES]; /* a lane's ID waiting to be pushed again */
    uint64_t pend_mask, prev_push;
} hwwl_lanes;

/* The answers to last cycle's pushes. */
static inline void hwwl_lanes_answered(hwwl_lanes *ln, uint64_t ok, uint64_t exc)
{
    ln->pend_mask &= ~(ln->prev_push & (ok | exc));
}

/* This cycle's lane requests: retries, new pushes (lanes in `pushers`,
 * push_pct % each, when `pushing`), else pulls (pull_pct %). push_id is
 * written at bit lsb + l*ID_BITS. */
void hwwl_lanes_drive(hwwl_lanes *ln, irhw_rng *r, hwwl_ids *ids, int pushing, uint64_t pushers,
                      unsigned push_pct, unsigned pull_pct, uint64_t *push, uint64_t *pull,
                      uint64_t *push_id, unsigned lsb);

/* ---- phases of the stimulus and the ISA commands ----------------------------- */

/* One phase: rates, which lanes (and, in a system, which cores) push, the
 * memory's readiness and latency, the other cores' behaviour as one core
 * sees it (xfer_ready, rx offers, others_done), and events. */
typedef struct {
    unsigned len;
    uint64_t end; /* the first cycle after the phase (UINT64_MAX: the final drain) */
    unsigned push_pct, pull_pct, ready_pct, lat_min, lat_max, xready_pct, rx_pct;
    uint64_t pushers, push_cores;
    int others_done, swap_pct, reconf, reinit, reset, reconf_target;
    int trickle;    /* one lane of one core pushes a few IDs, its core hardly pulls */
    unsigned edge;  /* a reinit phase's walk over the wlinit_size edges (HWWL_EDGE_*) */
    int edge_tried; /* the last cycle's wlinit was the walk's */
    int fill;       /* the walk fills the one-warp buffer (hwwl_core) */
    int fill_cap;   /* and the OVF_CAP one (hwwl_core_fills_cap) */
    int switched;   /* a filling walk's switches of mode so far (HWWL_EDGE_SWITCH) */
    unsigned fill_budget, fill_left; /* cycles a fill step may last; left of this one */
} hwwl_phase;

/* The edge walk that begins 70 % of the reinit phases: lanes do not push (the buffer drains, so
 * every wlinit is judged on its size alone); wlinit of exactly OVF_CAP
 * until honoured, of exactly one warp until honoured, one of LANES - 1
 * and one of OVF_CAP + 1 (where the port holds it), both refused; then an
 * ordinary size until honoured, so later phases spill into a buffer the
 * final drain can empty. With `fill` set, each honoured one-warp wlinit
 * (and OVF_CAP wlinit, with `fill_cap`) is followed by a fill step (every lane pushes, none
 * pulls, until a push_exc or fill_budget cycles: the push region fills and
 * its last store wraps it), and the walk's quiet steps ask a swap every
 * cycle, so that in double mode the filled region drains too; after the
 * one-warp fill a wlcfg to the other mode (reconf_target) until honoured,
 * the OVF_CAP and one-warp steps again in that mode, and a wlcfg back to
 * the walk's first mode, so the phases after it run in the mode they had. */
enum {
    HWWL_EDGE_NONE,
    HWWL_EDGE_CAP,
    HWWL_EDGE_CAP_FILL,
    HWWL_EDGE_WARP,
    HWWL_EDGE_WARP_FILL,
    HWWL_EDGE_SWITCH,
    HWWL_EDGE_BELOW,
    HWWL_EDGE_ABOVE,
    HWWL_EDGE_RESTORE,
    HWWL_EDGE_DONE
};

/* Draws a phase of 48..560 cycles: fill (spills, stores), drain (refills,
 * DONE), skew (a few lanes push: moves), with `cores` > 1 also one or two
 * cores pushing (donations) or a trickle (one lane of one core pushes now
 * and then and its core pulls 10 %, every other lane pulls, swaps asked
 * every cycle: at THRESHOLD=0 the network alone holds work),
 * reconfiguration, re-wlinit (most with the edge walk), reset. */
void hwwl_phase_draw(hwwl_phase *p, irhw_rng *r, unsigned lanes, unsigned cores, uint64_t cycle);
/* The final drain: no pushes, every lane pulls, swaps tried, memory fast. */
void hwwl_phase_drain(hwwl_phase *p);

/* The cycles the final drain may need beyond its on-demand part when
 * REFILL=interval refills only every INTERVAL cycles (hwwl_tb.c derives the
 * bound). A run too short for it, `budget` cycles, lowers g->ovf_cap (the
 * largest overflow buffer hwwl_isa_draw sets, never below one warp) until
 * it fits, and returns the bound for that. */
uint64_t hwwl_refill_wait(hwwl_core_geom *g, uint64_t budget);

/* The shortest run whose final drain holds the refill wait from the
 * smallest overflow buffer (one warp) in its second half; 0 without
 * interval refill. Says why in `why`. */
uint64_t hwwl_refill_min_cycles(const hwwl_core_geom *g, char *why, size_t whylen);

/* One cycle's ISA commands. */
typedef struct {
    int init, cfg, swap;
    uint64_t base, size; /* wlinit */
    int reconf;          /* a reconfiguration is pending: lanes do not push */
    int quiet;           /* an edge walk: lanes do not push, every lane pulls */
    int fill;            /* an edge walk's fill step: every lane pushes, none pulls */
} hwwl_isa;

/* wlinit when `need_init` (after reset) or drawn in a reinit phase (2..9
 * warps, rarely whole, so stores and loads meet a region's end; sometimes
 * below one warp: refused), or the phase's edge walk (`ovf_cap`: the
 * core's OVF_CAP, which g->ovf_cap may lower for the drain), wlcfg in a
 * reconfiguration phase, swap attempts. */
void hwwl_isa_draw(hwwl_phase *p, irhw_rng *r, int need_init, const hwwl_core_geom *g,
                   unsigned ovf_cap, hwwl_isa *o);
/* The filling walk of a run's second half (tb/hwwl_core_stim.c says why):
 * planned into p when refill is on demand, the cycle is past half of
 * drain_from and the cycles before it hold the fill and the drain of what
 * it stored in both modes (`drain_extra` more cycles for what else must
 * drain: hwwl's network). 1 when planned. */
int hwwl_fill_plan(hwwl_phase *p, const hwwl_core_geom *g, uint64_t ovf_cap, uint64_t cycle,
                   uint64_t drain_from, uint64_t drain_extra, int dbl);
/* The stimulus saw last cycle's wlinit honoured (by every core): the edge
 * walk moves on. */
void hwwl_edge_honoured(hwwl_phase *p);
/* The stimulus saw a push_exc: a fill step has filled the buffer. */
void hwwl_edge_exception(hwwl_phase *p);
/* The stimulus saw last cycle's wlcfg honoured: a filling walk's switch is
 * done, its OVF_CAP step comes again. */
void hwwl_edge_switched(hwwl_phase *p);
/* An edge walk past its (first) OVF_CAP wlinit and not yet back to an
 * ordinary size: the phase goes on until it is. */
static inline int hwwl_edge_open(const hwwl_phase *p)
{
    return (p->edge > HWWL_EDGE_CAP || (p->switched && p->edge == HWWL_EDGE_CAP)) &&
           p->edge < HWWL_EDGE_DONE;
}

/* ---- one core's memory --------------------------------------------------- */

typedef struct {
    int valid;
    uint64_t due;
    unsigned tag, n;
    uint64_t data[HC_MAX_LANES];
} hwwl_resp;

/* The overflow buffer (OVF_CAP IDs at `base`, set when wlinit is honoured)
 * and the loads waiting for their response. */
typedef struct {
    unsigned cap, id_bits, addr_bits, outstanding;
    uint64_t *mem, base;
    hwwl_resp q[HC_MAX_OUTSTANDING];
} hwwl_mem;

int hwwl_mem_init(hwwl_mem *m, const hwwl_core_geom *g);
void hwwl_mem_free(hwwl_mem *m);

/* One request the memory accepted (valid and ready in the same cycle). */
typedef struct {
    int write;
    uint64_t addr;
    unsigned n, tag;
    const uint64_t *data; /* words; the j-th ID at bit lsb + j*ID_BITS */
    unsigned lsb;
} hwwl_memreq;

/* Performs it: a store writes, a load reads and answers after a latency
 * drawn in [lat_min, lat_max] cycles. */
void hwwl_mem_accept(hwwl_mem *m, irhw_rng *r, uint64_t cycle, unsigned lat_min, unsigned lat_max,
                     const hwwl_memreq *rq);
/* Drives one due response (a random one of those due): 1 and tag and data
 * (at bit lsb + j*ID_BITS of data), or 0 when none is due. */
int hwwl_mem_respond(hwwl_mem *m, irhw_rng *r, uint64_t cycle, unsigned *tag, uint64_t *data,
                     unsigned lsb);

/* ---- checks of one core's lane interface ---------------------------------- */

/* Are the n bits of w from lsb on all zero? (The checks' fast path: most
 * cycles no lane has an answer, an ID or a push.) */
static inline int hwwl_bits_zero(const uint64_t *w, unsigned lsb, unsigned n)
{
    unsigned k = 0;
    if (lsb % 64 == 0) /* whole words as words */
        for (; k + 64 <= n; k += 64)
            if (w[(lsb + k) / 64])
                return 0;
    for (; k < n; k += 64)
        if (irhw_bits_get(w, lsb + k, n - k < 64 ? n - k : 64))
            return 0;
    return 1;
}

/* One core's lanes (answers at bit ans_lsb + 2l, IDs at id_lsb + l*ID_BITS):
 * an ID answered must be held in `pull` and leaves it; pull_id is zero
 * unless the answer is an ID. `who` names the core in messages ("" alone). */
int hwwl_check_pulls(idset *pull, const uint64_t *ans, unsigned ans_lsb, const uint64_t *pid,
                     unsigned id_lsb, unsigned lanes, unsigned id_bits, uint64_t cycle,
                     const char *who, uint64_t *pulled, char *err, size_t errlen);
/* No lane answered DONE while `held` pull-side IDs existed at the decision. */
int hwwl_check_done(const uint64_t *ans, unsigned ans_lsb, unsigned lanes, uint64_t held,
                    uint64_t cycle, const char *who, char *err, size_t errlen);
/* push_ok/push_exc only on pushing lanes and never both; accepted IDs go to
 * dst. */
int hwwl_check_pushes(idset *dst, uint64_t push, uint64_t ok, uint64_t exc, const uint64_t *push_id,
                      unsigned id_lsb, unsigned lanes, unsigned id_bits, uint64_t cycle,
                      const char *who, uint64_t *accepted, char *err, size_t errlen);

#endif
