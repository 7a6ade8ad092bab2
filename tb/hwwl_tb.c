/*
 * hwwl_tb.c — test-bench pieces shared by tb/hwwl_core_stim.c and
 * tb/hwwl_stim.c (see tb/hwwl_tb.h): the multiset of work IDs, a core's
 * lanes, a core's memory and the per-core lane checks.
 */
#include "hwwl_tb.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- multiset ------------------------------------------------------------------
 * A slot once used stays used (its count may drop to 0), so a probe chain
 * ends only at a never-used slot; the table is rebuilt when used slots
 * pass three quarters. */

int idset_init(idset *s, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->cap = cap;
    s->key = calloc(cap, sizeof *s->key);
    s->cnt = calloc(cap, sizeof *s->cnt);
    s->used = calloc(cap, 1);
    return s->key && s->cnt && s->used ? 0 : -1;
}

void idset_free(idset *s)
{
    free(s->key);
    free(s->cnt);
    free(s->used);
}

static size_t idset_home(const idset *s, uint64_t id)
{
    return (size_t)((id * 0x9e3779b97f4a7c15ull) >> 20) % s->cap;
}

void idset_add(idset *s, uint64_t id)
{
    if (4 * (s->nused + 1) > 3 * s->cap) {
        idset big;
        if (idset_init(&big, s->n * 4 + 4096))
            abort(); /* a few MB at most; the checker has no way to go on */
        for (size_t i = 0; i < s->cap; i++)
            for (uint32_t c = 0; c < s->cnt[i]; c++)
                idset_add(&big, s->key[i]);
        idset_free(s);
        *s = big;
    }
    size_t i = idset_home(s, id), spare = s->cap;
    for (; s->used[i]; i = i + 1 == s->cap ? 0 : i + 1) {
        if (s->key[i] == id && s->cnt[i])
            break;
        if (!s->cnt[i] && spare == s->cap)
            spare = i;
    }
    if (!s->used[i] && spare != s->cap)
        i = spare;
    if (!s->used[i])
        s->nused++;
    s->used[i] = 1;
    s->key[i] = id;
    s->cnt[i]++;
    s->n++;
}

int idset_take(idset *s, uint64_t id)
{
    for (size_t i = idset_home(s, id); s->used[i]; i = i + 1 == s->cap ? 0 : i + 1)
        if (s->key[i] == id && s->cnt[i]) {
            s->cnt[i]--;
            s->n--;
            return 1;
        }
    return 0;
}

void idset_clear(idset *s)
{
    memset(s->cnt, 0, s->cap * sizeof *s->cnt);
    memset(s->used, 0, s->cap);
    s->n = s->nused = 0;
}

/* ---- lanes ------------------------------------------------------------------------ */

void hwwl_lanes_drive(hwwl_lanes *ln, irhw_rng *r, hwwl_ids *ids, int pushing, uint64_t pushers,
                      unsigned push_pct, unsigned pull_pct, uint64_t *push, uint64_t *pull,
                      uint64_t *push_id, unsigned lsb)
{
    uint64_t ps = 0, pl = 0;
    for (unsigned l = 0; l < ln->lanes; l++) {
        uint64_t bit = (uint64_t)1 << l;
        if (ln->pend_mask & bit) {
            ps |= bit;
        } else if (pushing && (pushers & bit) && irhw_rng_chance(r, push_pct)) {
            ln->pend[l] = hwwl_new_id(ids);
            ln->pend_mask |= bit;
            ps |= bit;
        } else if (irhw_rng_chance(r, pull_pct)) {
            pl |= bit;
        }
        if (ps & bit)
            irhw_bits_set(push_id, lsb + l * ln->id_bits, ln->id_bits, ln->pend[l]);
    }
    *push = ps;
    *pull = pl;
    ln->prev_push = ps;
}

/* ---- phases and ISA commands ---------------------------------------------------------- */

void hwwl_phase_draw(hwwl_phase *p, irhw_rng *r, unsigned lanes, unsigned cores, uint64_t cycle)
{
    memset(p, 0, sizeof *p);
    p->len = 48 + (unsigned)irhw_rng_below(r, 512);
    p->end = cycle + p->len;
    unsigned kind = (unsigned)irhw_rng_below(r, 10);
    p->push_pct = (unsigned)irhw_rng_below(r, 70);
    p->pull_pct = (unsigned)irhw_rng_below(r, 80);
    p->pushers = irhw_mask(lanes);
    p->push_cores = irhw_mask(cores);
    if (kind == 0) { /* fill: spills and stores */
        p->push_pct = 80 + (unsigned)irhw_rng_below(r, 21);
        p->pull_pct = 5;
    } else if (kind == 1) { /* drain: refills, donations to the needy, DONE */
        p->push_pct = 0;
        p->pull_pct = 60 + (unsigned)irhw_rng_below(r, 41);
    } else if (kind == 2) { /* skew: a few lanes push, all pull: moves */
        p->pushers = irhw_rng_bits(r, lanes) & irhw_rng_bits(r, lanes) & irhw_mask(lanes);
        if (!p->pushers)
            p->pushers = 1;
        p->push_pct = 60 + (unsigned)irhw_rng_below(r, 40);
    } else if (kind >= 7 && cores > 1) { /* one or two cores push, all pull: donations */
        p->push_cores = (uint64_t)1 << irhw_rng_below(r, cores);
        if (kind == 7)
            p->push_cores |= (uint64_t)1 << irhw_rng_below(r, cores);
        p->push_pct = 60 + (unsigned)irhw_rng_below(r, 40);
        p->pull_pct = 30 + (unsigned)irhw_rng_below(r, 60);
        if (kind == 9) {
            /* trickle: the pusher donates what it gets (THRESHOLD=0) while
             * every other core is empty: the network alone holds work */
            p->trickle = 1;
            p->pushers = (uint64_t)1 << irhw_rng_below(r, lanes);
            p->push_pct = 1 + (unsigned)irhw_rng_below(r, 4);
            p->pull_pct = 100;
            p->swap_pct = 100;
        }
    }
    p->ready_pct = irhw_rng_chance(r, 20) ? (unsigned)irhw_rng_below(r, 40) : 100;
    p->lat_min = 1 + (unsigned)irhw_rng_below(r, 6);
    p->lat_max = p->lat_min + (unsigned)irhw_rng_below(r, 24);
    if (irhw_rng_chance(r, 25)) /* a slow memory: every tag in flight */
        p->lat_min = p->lat_max = 40 + (unsigned)irhw_rng_below(r, 120);
    p->xready_pct = (unsigned)irhw_rng_below(r, 101);
    p->rx_pct = irhw_rng_chance(r, 50) ? (unsigned)irhw_rng_below(r, 30) : 0;
    p->others_done = irhw_rng_chance(r, 70);
    if (!p->trickle)
        p->swap_pct = (int)irhw_rng_below(r, 20);
    p->reconf = kind == 3 || kind == 4;
    if (p->reconf) { /* drain the buffer quickly so the wlcfg can be honoured */
        p->ready_pct = 100;
        p->lat_min = 1;
        p->lat_max = 4;
    }
    p->reinit = kind == 5;
    p->edge = p->reinit && irhw_rng_chance(r, 70) ? HWWL_EDGE_CAP : HWWL_EDGE_NONE;
    if (p->edge) { /* the buffer drains fast: a wlinit is judged on its size */
        p->ready_pct = 100;
        p->lat_min = 1;
        p->lat_max = 4;
    }
    p->reset = kind == 6 && irhw_rng_chance(r, 40);
    p->reconf_target = (int)irhw_rng_below(r, 2);
}

void hwwl_phase_drain(hwwl_phase *p)
{
    memset(p, 0, sizeof *p);
    p->end = UINT64_MAX;
    p->pull_pct = 100;
    p->ready_pct = 100;
    p->lat_min = p->lat_max = 2;
    p->xready_pct = 100;
    p->others_done = 1;
    p->swap_pct = 100;
}

/* Refill loads of the final drain (REFILL=interval): a load is decided only
 * in every INTERVAL-th cycle. The overflow buffer holds at most the largest
 * size hwwl_isa_draw sets, under 9 warps and at most OVF_CAP (the
 * coalescing buffer counts in it). Every lane pulls, so at each decision
 * every bank has room and, the memory answering in 2 cycles, its refill
 * slot free again: a load brings min(COALESCE, LANES) IDs while that many
 * are stored. Loads beyond ceil(held / that): a wait for the first
 * decision; a load cut short at each region's end and the short last load
 * of each region (two regions in double mode); a store of the coalescing
 * buffer holding the request register at a decision (twice with a wrap);
 * a load of the phase before still holding the last tag (OUTSTANDING=1, a
 * slow memory): 8 in all. */
static uint64_t refill_wait(const hwwl_core_geom *g, uint64_t size)
{
    unsigned per = g->coalesce < g->lanes ? g->coalesce : g->lanes;
    return ((size + per - 1) / per + 8) * g->interval;
}

uint64_t hwwl_refill_wait(hwwl_core_geom *g, uint64_t budget)
{
    if (g->refill != HC_INTERVAL_REFILL)
        return 0;
    uint64_t size = 9ull * g->lanes - 1;
    if (size > g->ovf_cap)
        size = g->ovf_cap;
    while (size > g->lanes && refill_wait(g, size) > budget)
        size--;
    g->ovf_cap = (unsigned)size;
    return refill_wait(g, size);
}

uint64_t hwwl_refill_min_cycles(const hwwl_core_geom *g, char *why, size_t whylen)
{
    if (g->refill != HC_INTERVAL_REFILL)
        return 0;
    uint64_t wait = refill_wait(g, g->lanes);
    snprintf(why, whylen,
             "with REFILL=interval and INTERVAL=%u the final drain may need %" PRIu64
             " cycles to refill from even a one-warp overflow buffer",
             g->interval, wait);
    return 2 * wait + 64;
}

void hwwl_edge_honoured(hwwl_phase *p)
{
    if (!p->edge_tried)
        return;
    if (p->edge == HWWL_EDGE_CAP || p->edge == HWWL_EDGE_WARP) {
        if (p->fill && (p->edge == HWWL_EDGE_WARP || p->fill_cap)) /* on to the fill step */
            p->edge++;
        else
            p->edge = p->edge == HWWL_EDGE_CAP ? HWWL_EDGE_WARP : HWWL_EDGE_BELOW;
        p->fill_left = p->fill_budget;
    } else if (p->edge == HWWL_EDGE_RESTORE)
        p->edge = HWWL_EDGE_DONE;
}

void hwwl_edge_switched(hwwl_phase *p)
{
    if (p->edge != HWWL_EDGE_SWITCH)
        return;
    p->switched++;
    p->reconf_target = !p->reconf_target;
    p->edge = p->switched == 1 ? HWWL_EDGE_CAP : HWWL_EDGE_BELOW;
}

void hwwl_edge_exception(hwwl_phase *p)
{
    if (p->edge == HWWL_EDGE_CAP_FILL || p->edge == HWWL_EDGE_WARP_FILL)
        p->fill_left = 0;
}

/* An ordinary wlinit size: 2..9 warps, at most g->ovf_cap. */
int hwwl_fill_plan(hwwl_phase *p, const hwwl_core_geom *g, uint64_t ovf_cap, uint64_t cycle,
                   uint64_t drain_from, uint64_t drain_extra, int dbl)
{
    if (g->refill == HC_INTERVAL_REFILL || cycle < drain_from / 2)
        return 0;
    unsigned per = g->coalesce < g->lanes ? g->coalesce : g->lanes;
    int cap = hwwl_core_fills_cap(g);
    uint64_t size = cap ? ovf_cap : g->lanes;
    uint64_t stores = (size + per - 1) / per;
    p->fill_budget = (unsigned)(2 * (g->entries + 2 * stores) + 64);
    uint64_t held = size + (uint64_t)g->lanes * g->entries;
    uint64_t cost = p->fill_budget + 2 * held / per + 4ull * g->entries + 200 + drain_extra;
    if (cycle + 2 * cost + 200 >= drain_from) /* twice: once in each mode */
        return 0;
    if (p->edge != HWWL_EDGE_CAP) { /* the phase becomes the walk */
        p->reinit = 1;
        p->reconf = p->reset = p->trickle = 0;
        p->edge = HWWL_EDGE_CAP;
        p->ready_pct = 100;
        p->lat_min = 1;
        p->lat_max = 4;
    }
    p->fill = 1;
    p->fill_cap = cap;
    p->reconf_target = !dbl;
    return 1;
}

static uint64_t init_size(irhw_rng *r, const hwwl_core_geom *g)
{
    uint64_t size = (2 + irhw_rng_below(r, 7)) * g->lanes + irhw_rng_below(r, g->lanes);
    return size > g->ovf_cap ? g->ovf_cap : size;
}

void hwwl_isa_draw(hwwl_phase *p, irhw_rng *r, int need_init, const hwwl_core_geom *g,
                   unsigned ovf_cap, hwwl_isa *o)
{
    unsigned L = g->lanes;
    memset(o, 0, sizeof *o);
    p->edge_tried = 0;
    if (!need_init && (p->edge == HWWL_EDGE_CAP_FILL || p->edge == HWWL_EDGE_WARP_FILL)) {
        if (p->fill_left == 0) {
            /* full: on to the next wlinit (or wlcfg), which waits for the drain */
            p->edge++;
        } else {
            p->fill_left--;
            o->fill = 1;
            return;
        }
    }
    if (!need_init && p->edge != HWWL_EDGE_NONE && p->edge != HWWL_EDGE_DONE) {
        o->quiet = 1;
        if (p->edge == HWWL_EDGE_SWITCH) {
            /* wlcfg to reconf_target until honoured; a swap every other
             * cycle (wlcfg holds swaps back), so a filled push region of
             * double mode drains too */
            o->cfg = (int)(++p->fill_left & 1);
            o->swap = !o->cfg;
            return;
        }
        o->init = 1;
        p->edge_tried = 1;
        o->base = irhw_rng_bits(r, g->addr_bits);
        if (p->edge == HWWL_EDGE_CAP)
            o->size = ovf_cap;
        else if (p->edge == HWWL_EDGE_WARP)
            o->size = L;
        else if (p->edge == HWWL_EDGE_BELOW)
            o->size = L - 1;
        else if (p->edge == HWWL_EDGE_ABOVE)
            o->size = ovf_cap + 1;
        else
            o->size = init_size(r, g);
        if (p->edge == HWWL_EDGE_ABOVE && (ovf_cap + 1ull) >> g->ovf_bits)
            o->size = L - 1; /* OVF_CAP + 1 does not fit in wlinit_size */
        if (p->edge == HWWL_EDGE_BELOW || p->edge == HWWL_EDGE_ABOVE)
            p->edge++; /* refused: tried once */
        o->swap = p->fill || irhw_rng_chance(r, (unsigned)p->swap_pct);
        return;
    }
    if (need_init || (p->reinit && irhw_rng_chance(r, 5))) {
        uint64_t size = init_size(r, g);
        if (p->reinit && irhw_rng_chance(r, 30))
            size = irhw_rng_below(r, L); /* below one warp: refused */
        o->init = 1;
        o->base = irhw_rng_bits(r, g->addr_bits);
        o->size = size;
    }
    o->reconf = p->reconf && !need_init;
    o->cfg = o->reconf && irhw_rng_chance(r, 50);
    o->swap = irhw_rng_chance(r, (unsigned)p->swap_pct);
}

/* ---- memory ----------------------------------------------------------------------- */

int hwwl_mem_init(hwwl_mem *m, const hwwl_core_geom *g)
{
    memset(m, 0, sizeof *m);
    m->cap = g->ovf_cap;
    m->id_bits = g->id_bits;
    m->addr_bits = g->addr_bits;
    m->outstanding = g->outstanding;
    m->mem = calloc(g->ovf_cap, sizeof *m->mem);
    return m->mem ? 0 : -1;
}

void hwwl_mem_free(hwwl_mem *m)
{
    free(m->mem);
    m->mem = NULL;
}

void hwwl_mem_accept(hwwl_mem *m, irhw_rng *r, uint64_t cycle, unsigned lat_min, unsigned lat_max,
                     const hwwl_memreq *rq)
{
    unsigned I = m->id_bits;
    uint64_t off = (rq->addr - m->base) & irhw_mask(m->addr_bits);
    if (rq->write) {
        for (unsigned j = 0; j < rq->n; j++)
            if (off + j < m->cap)
                m->mem[off + j] = irhw_bits_get(rq->data, rq->lsb + j * I, I);
        return;
    }
    for (unsigned k = 0; k < m->outstanding; k++)
        if (!m->q[k].valid) {
            hwwl_resp *q = &m->q[k];
            q->valid = 1;
            q->tag = rq->tag;
            q->n = rq->n;
            unsigned span = lat_max - lat_min + 1;
            q->due = cycle + lat_min + irhw_rng_below(r, span) - 1;
            for (unsigned j = 0; j < rq->n; j++)
                q->data[j] = off + j < m->cap ? m->mem[off + j] : 0;
            return;
        }
}

int hwwl_mem_respond(hwwl_mem *m, irhw_rng *r, uint64_t cycle, unsigned *tag, uint64_t *data,
                     unsigned lsb)
{
    unsigned due[HC_MAX_OUTSTANDING], nd = 0;
    for (unsigned k = 0; k < m->outstanding; k++)
        if (m->q[k].valid && m->q[k].due <= cycle)
            due[nd++] = k;
    if (!nd)
        return 0;
    hwwl_resp *q = &m->q[due[irhw_rng_below(r, nd)]];
    *tag = q->tag;
    for (unsigned j = 0; j < q->n; j++)
        irhw_bits_set(data, lsb + j * m->id_bits, m->id_bits, q->data[j]);
    q->valid = 0;
    return 1;
}

/* ---- checks ------------------------------------------------------------------------ */

/* Lanes answer in 2-bit fields: bit 2l of these masks is lane l's. */
#define HWWL_LOW_BITS 0x5555555555555555ull
_Static_assert(HC_ANS_ID == 1 && HC_ANS_DONE == 3, "an ID answer is 01, DONE 11");

__attribute__((noinline, cold)) static int
pull_not_held(uint64_t cycle, const char *who, unsigned l, uint64_t id, char *err, size_t errlen)
{
    return irhw_err(err, errlen,
                    "cycle %" PRIu64 ": %slane %u pulled 0x%" PRIx64
                    ", which is not held on the pull side (never pushed, pulled twice, or "
                    "pushed in this kernel)",
                    cycle, who, l, id);
}

/* Whether pull_id is zero on every lane that does not answer an ID (bit 2l
 * of idl: lane l does; lanes <= 32): the bus copied, those lanes' fields
 * cleared, the rest or-ed. */
static int others_zero(const uint64_t *pid, unsigned id_lsb, unsigned lanes, unsigned id_bits,
                       uint64_t idl)
{
    uint64_t buf[32 * 64 / 64 + 1]; /* 32 lanes of at most 64 bits */
    unsigned n = lanes * id_bits, words = (n + 63) / 64;
    if (id_lsb % 64 == 0) { /* whole words, the last one's bits past the lanes cleared */
        const uint64_t *w = pid + id_lsb / 64;
        for (unsigned k = 0; k < words; k++)
            buf[k] = w[k];
        buf[words - 1] &= irhw_mask(n - 64 * (words - 1));
    } else {
        for (unsigned k = 0; k < words; k++)
            buf[k] = irhw_bits_get(pid, id_lsb + 64 * k, n - 64 * k < 64 ? n - 64 * k : 64);
    }
    for (; idl; idl &= idl - 1)
        irhw_bits_set(buf, (unsigned)__builtin_ctzll(idl) / 2 * id_bits, id_bits, 0);
    uint64_t any = 0;
    for (unsigned k = 0; k < words; k++)
        any |= buf[k];
    return !any;
}

int hwwl_check_pulls(idset *pull, const uint64_t *ans, unsigned ans_lsb, const uint64_t *pid,
                     unsigned id_lsb, unsigned lanes, unsigned id_bits, uint64_t cycle,
                     const char *who, uint64_t *pulled, char *err, size_t errlen)
{
    if (lanes <= 32) {
        uint64_t a = irhw_bits_get(ans, ans_lsb, 2 * lanes);
        uint64_t idl = a & ~(a >> 1) & HWWL_LOW_BITS; /* the lanes answering an ID */
        /* no lane answers ID and no ID on the bus (most cycles): nothing to do */
        if (!idl && hwwl_bits_zero(pid, id_lsb, lanes * id_bits))
            return 0;
        /* no ID beside another answer: only the answering lanes, in order,
         * as the loop below would take them */
        if (others_zero(pid, id_lsb, lanes, id_bits, idl)) {
            for (; idl; idl &= idl - 1) {
                unsigned l = (unsigned)__builtin_ctzll(idl) / 2;
                uint64_t id = irhw_bits_get(pid, id_lsb + l * id_bits, id_bits);
                if (!idset_take(pull, id))
                    return pull_not_held(cycle, who, l, id, err, errlen);
                (*pulled)++;
            }
            return 0;
        }
    }
    for (unsigned l = 0; l < lanes; l++) {
        unsigned a = (unsigned)irhw_bits_get(ans, ans_lsb + 2 * l, 2);
        uint64_t id = irhw_bits_get(pid, id_lsb + l * id_bits, id_bits);
        if (a != HC_ANS_ID && id)
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": %slane %u pull_id=0x%" PRIx64
                            " while its answer is not an ID",
                            cycle, who, l, id);
        if (a == HC_ANS_ID && !idset_take(pull, id))
            return pull_not_held(cycle, who, l, id, err, errlen);
        if (a == HC_ANS_ID)
            (*pulled)++;
    }
    return 0;
}

int hwwl_check_done(const uint64_t *ans, unsigned ans_lsb, unsigned lanes, uint64_t held,
                    uint64_t cycle, const char *who, char *err, size_t errlen)
{
    if (!held)
        return 0;
    if (lanes <= 32) { /* no lane answers DONE (most cycles) */
        uint64_t a = irhw_bits_get(ans, ans_lsb, 2 * lanes);
        if (!(a & a >> 1 & HWWL_LOW_BITS))
            return 0;
    } else if (hwwl_bits_zero(ans, ans_lsb, 2 * lanes)) {
        return 0;
    }
    for (unsigned l = 0; l < lanes; l++)
        if (irhw_bits_get(ans, ans_lsb + 2 * l, 2) == HC_ANS_DONE)
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": %slane %u answered DONE while %" PRIu64
                            " pull-side work ID(s) were held",
                            cycle, who, l, held);
    return 0;
}

int hwwl_check_pushes(idset *dst, uint64_t push, uint64_t ok, uint64_t exc, const uint64_t *push_id,
                      unsigned id_lsb, unsigned lanes, unsigned id_bits, uint64_t cycle,
                      const char *who, uint64_t *accepted, char *err, size_t errlen)
{
    if ((ok | exc) & ~push)
        return irhw_err(err, errlen,
                        "cycle %" PRIu64 ": %spush_ok/push_exc on a lane that did not push", cycle,
                        who);
    if (ok & exc)
        return irhw_err(err, errlen, "cycle %" PRIu64 ": %spush_ok and push_exc together", cycle,
                        who);
    for (uint64_t b = ok & irhw_mask(lanes); b; b &= b - 1) { /* the accepting lanes, in order */
        unsigned l = (unsigned)__builtin_ctzll(b);
        idset_add(dst, irhw_bits_get(push_id, id_lsb + l * id_bits, id_bits));
        (*accepted)++;
    }
    return 0;
}
