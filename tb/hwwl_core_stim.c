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
 * the buffer holds work, or for a size below one warp), and a reset. Every
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
#include "hwwl_core.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- a multiset of work IDs (open addressing with counts) -------------------
 * A slot once used stays used (its count may drop to 0), so a probe chain
 * ends only at a never-used slot; the table is rebuilt when used slots
 * pass three quarters. */

typedef struct {
    uint64_t *key;
    uint32_t *cnt;
    uint8_t *used;
    size_t cap, nused;
    uint64_t n; /* IDs held */
} idset;

static int idset_init(idset *s, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->cap = cap;
    s->key = calloc(cap, sizeof *s->key);
    s->cnt = calloc(cap, sizeof *s->cnt);
    s->used = calloc(cap, 1);
    return s->key && s->cnt && s->used ? 0 : -1;
}
static void idset_free(idset *s)
{
    free(s->key);
    free(s->cnt);
    free(s->used);
}
static size_t idset_home(const idset *s, uint64_t id)
{
    return (size_t)((id * 0x9e3779b97f4a7c15ull) >> 20) % s->cap;
}
static void idset_add(idset *s, uint64_t id)
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
/* Removes one; 0 if it was not there. */
static int idset_take(idset *s, uint64_t id)
{
    for (size_t i = idset_home(s, id); s->used[i]; i = i + 1 == s->cap ? 0 : i + 1)
        if (s->key[i] == id && s->cnt[i]) {
            s->cnt[i]--;
            s->n--;
            return 1;
        }
    return 0;
}
static void idset_clear(idset *s)
{
    memset(s->cnt, 0, s->cap * sizeof *s->cnt);
    memset(s->used, 0, s->cap);
    s->n = s->nused = 0;
}

/* ---- stimulus ---------------------------------------------------------------- */

typedef struct {
    unsigned len;
    unsigned push_pct, pull_pct, ready_pct, lat_min, lat_max, xready_pct, rx_pct;
    uint64_t pushers;
    int others_done, swap_pct, reconf, reinit, reset;
} phase;

typedef struct {
    int valid;
    uint64_t due;
    unsigned tag, n;
    uint64_t data[HC_MAX_LANES];
} resp;

typedef struct {
    const irhw_inst *x;
    hwwl_core_geom g;
    irhw_rng rng;
    uint64_t cycles, drain_from, seq, salt;
    phase ph;
    uint64_t ph_end;
    int in_reset, reconf_target, need_init, init_tries;
    uint64_t pend[HC_MAX_LANES]; /* a lane's ID waiting to be pushed again */
    uint64_t pend_mask;
    uint64_t *mem; /* OVF_CAP IDs at base */
    uint64_t base, size;
    /* what was driven in the cycle before (the handshakes' other half) */
    int prev_ready, prev_rx, prev_init;
    uint64_t prev_rx_id, prev_push, prev_init_base, prev_init_size;
    uint64_t rx_id;
    int rx_offer;
    resp q[HC_MAX_OUTSTANDING];
} hc_stim;

static uint64_t new_id(hc_stim *s)
{
    return (s->seq++ ^ s->salt) & irhw_mask(s->g.id_bits);
}

static void draw_phase(hc_stim *s, uint64_t cycle)
{
    phase *p = &s->ph;
    irhw_rng *r = &s->rng;
    unsigned L = s->g.lanes;
    memset(p, 0, sizeof *p);
    p->len = 48 + (unsigned)irhw_rng_below(r, 512);
    unsigned kind = (unsigned)irhw_rng_below(r, 10);
    p->push_pct = (unsigned)irhw_rng_below(r, 70);
    p->pull_pct = (unsigned)irhw_rng_below(r, 80);
    p->pushers = irhw_mask(L);
    if (kind == 0) { /* fill: spills and stores */
        p->push_pct = 80 + (unsigned)irhw_rng_below(r, 21);
        p->pull_pct = 5;
    } else if (kind == 1) { /* drain: refills and DONE */
        p->push_pct = 0;
        p->pull_pct = 60 + (unsigned)irhw_rng_below(r, 41);
    } else if (kind == 2) { /* skew: a few lanes push, all pull: moves */
        p->pushers = irhw_rng_bits(r, L) & irhw_rng_bits(r, L) & irhw_mask(L);
        if (!p->pushers)
            p->pushers = 1;
        p->push_pct = 60 + (unsigned)irhw_rng_below(r, 40);
    }
    p->ready_pct = irhw_rng_chance(r, 20) ? (unsigned)irhw_rng_below(r, 40) : 100;
    p->lat_min = 1 + (unsigned)irhw_rng_below(r, 6);
    p->lat_max = p->lat_min + (unsigned)irhw_rng_below(r, 24);
    if (irhw_rng_chance(r, 25)) /* a slow memory: every tag in flight */
        p->lat_min = p->lat_max = 40 + (unsigned)irhw_rng_below(r, 120);
    p->xready_pct = (unsigned)irhw_rng_below(r, 101);
    p->rx_pct = irhw_rng_chance(r, 50) ? (unsigned)irhw_rng_below(r, 30) : 0;
    p->others_done = irhw_rng_chance(r, 70);
    p->swap_pct = (int)irhw_rng_below(r, 20);
    p->reconf = kind == 3 || kind == 4;
    if (p->reconf) { /* drain the buffer quickly so the wlcfg can be honoured */
        p->ready_pct = 100;
        p->lat_min = 1;
        p->lat_max = 4;
    }
    p->reinit = kind == 5;
    p->reset = kind == 6 && irhw_rng_chance(r, 40);
    s->reconf_target = (int)irhw_rng_below(r, 2);
    s->ph_end = cycle + p->len;
}

static void drain_phase(hc_stim *s)
{
    phase *p = &s->ph;
    memset(p, 0, sizeof *p);
    p->pull_pct = 100;
    p->ready_pct = 100;
    p->lat_min = p->lat_max = 2;
    p->xready_pct = 100;
    p->others_done = 1;
    p->swap_pct = 100;
    s->ph_end = UINT64_MAX;
}

void *hwwl_core_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    (void)mode; /* one program: directed events are drawn phases (see above) */
    hc_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->x = x;
    s->g = *hwwl_core_g(x);
    s->mem = calloc(s->g.ovf_cap, sizeof *s->mem);
    if (!s->mem) {
        free(s);
        return NULL;
    }
    irhw_rng_seed(&s->rng, seed);
    s->salt = irhw_rng_next(&s->rng);
    s->cycles = cycles;
    /* The drain empties banks (LANES pulls a cycle), the buffer (one load of
     * up to COALESCE IDs every few cycles) and, in double mode, two kernels. */
    uint64_t held = (uint64_t)s->g.lanes * s->g.entries + 8ull * s->g.lanes + 64;
    uint64_t drain = 3 * held + 6 * held / s->g.coalesce + 400;
    s->drain_from = cycles > drain + 64 ? cycles - drain : cycles / 2;
    s->need_init = 1;
    draw_phase(s, 0);
    return s;
}

void hwwl_core_stim_free(void *vs)
{
    hc_stim *s = vs;
    if (s)
        free(s->mem);
    free(s);
}

/* The memory performs last cycle's accepted request. */
static void memory_accept(hc_stim *s, uint64_t cycle, const uint64_t *po)
{
    const irhw_ports *ps = &s->x->ps;
    unsigned I = s->g.id_bits;
    if (!s->prev_ready || !irhw_get(po, ps, HC_MEM_REQ_VALID))
        return;
    uint64_t amask = irhw_mask(s->g.addr_bits);
    uint64_t off = (irhw_get(po, ps, HC_MEM_REQ_ADDR) - s->base) & amask;
    unsigned n = (unsigned)irhw_get(po, ps, HC_MEM_REQ_N);
    const uint64_t *d = irhw_cwide(po, ps, HC_MEM_REQ_DATA);
    if (irhw_get(po, ps, HC_MEM_REQ_WRITE)) {
        for (unsigned j = 0; j < n; j++)
            if (off + j < s->g.ovf_cap)
                s->mem[off + j] = irhw_bits_get(d, j * I, I);
        return;
    }
    for (unsigned k = 0; k < s->g.outstanding; k++)
        if (!s->q[k].valid) {
            resp *q = &s->q[k];
            q->valid = 1;
            q->tag = (unsigned)irhw_get(po, ps, HC_MEM_REQ_TAG);
            q->n = n;
            unsigned span = s->ph.lat_max - s->ph.lat_min + 1;
            q->due = cycle + s->ph.lat_min + irhw_rng_below(&s->rng, span) - 1;
            for (unsigned j = 0; j < n; j++)
                q->data[j] = off + j < s->g.ovf_cap ? s->mem[off + j] : 0;
            return;
        }
}

void hwwl_core_stim_next(void *vs, uint64_t cycle, const uint64_t *po, uint64_t *in)
{
    hc_stim *s = vs;
    const irhw_ports *ps = &s->x->ps;
    const hwwl_core_geom *g = &s->g;
    irhw_rng *r = &s->rng;
    unsigned L = g->lanes, I = g->id_bits;
    memset(in, 0, sizeof *in * ps->in_words);

    /* what the last cycle's outputs tell */
    if (cycle > 0) {
        uint64_t ok = irhw_get(po, ps, HC_PUSH_OK), exc = irhw_get(po, ps, HC_PUSH_EXC);
        s->pend_mask &= ~(s->prev_push & (ok | exc));
        if (s->prev_rx && irhw_get(po, ps, HC_RX_READY))
            s->rx_offer = 0;
        if (s->prev_init && irhw_get(po, ps, HC_WLINIT_OK)) {
            s->base = s->prev_init_base;
            s->size = s->prev_init_size;
            s->need_init = 0;
        }
        if (!s->in_reset)
            memory_accept(s, cycle, po);
    }
    s->prev_push = 0;
    s->prev_rx = s->prev_init = 0;

    if (cycle >= s->drain_from && s->ph_end != UINT64_MAX)
        drain_phase(s);
    else if (cycle >= s->ph_end)
        draw_phase(s, cycle);
    const phase *p = &s->ph;

    /* reset: the first two cycles, and a drawn one (a few cycles) */
    int rst = cycle < 2 || (p->reset && s->ph_end - cycle > p->len - 3);
    if (rst) {
        irhw_set(in, ps, HC_RST, 1);
        s->in_reset = 1;
        s->need_init = 1;
        s->pend_mask = 0;
        s->rx_offer = 0;
        memset(s->q, 0, sizeof s->q);
        s->prev_ready = 0;
        return;
    }
    s->in_reset = 0;

    /* ISA commands */
    if (s->need_init || (p->reinit && irhw_rng_chance(r, 5))) {
        /* not a whole number of warps, so stores and loads meet a region's end */
        uint64_t size = (2 + irhw_rng_below(r, 7)) * L + irhw_rng_below(r, L);
        if (size > g->ovf_cap)
            size = g->ovf_cap;
        if (p->reinit && irhw_rng_chance(r, 30))
            size = irhw_rng_below(r, L); /* below one warp: refused */
        s->prev_init_base = irhw_rng_bits(r, g->addr_bits);
        s->prev_init_size = size;
        s->prev_init = 1;
        irhw_set(in, ps, HC_WLINIT_EN, 1);
        irhw_set(in, ps, HC_WLINIT_BASE, s->prev_init_base);
        irhw_set(in, ps, HC_WLINIT_SIZE, size);
    }
    int reconf = p->reconf && !s->need_init;
    if (reconf && irhw_rng_chance(r, 50)) {
        irhw_set(in, ps, HC_WLCFG_EN, 1);
        irhw_set(in, ps, HC_WLCFG_DOUBLE, (uint64_t)s->reconf_target);
    }
    if (irhw_rng_chance(r, (unsigned)p->swap_pct))
        irhw_set(in, ps, HC_SWAP, 1);

    /* lanes: retry, push anew, or pull */
    uint64_t push = 0, pull = 0;
    uint64_t *pid = irhw_wide(in, ps, HC_PUSH_ID);
    int pushing_ok = !s->need_init && !reconf && cycle < s->drain_from;
    for (unsigned l = 0; l < L; l++) {
        uint64_t bit = (uint64_t)1 << l;
        if (s->pend_mask & bit) {
            push |= bit;
        } else if (pushing_ok && (p->pushers & bit) && irhw_rng_chance(r, p->push_pct)) {
            s->pend[l] = new_id(s);
            s->pend_mask |= bit;
            push |= bit;
        } else if (irhw_rng_chance(r, reconf ? 100 : p->pull_pct)) {
            pull |= bit;
        }
        if (push & bit)
            irhw_bits_set(pid, l * I, I, s->pend[l]);
    }
    irhw_set(in, ps, HC_PUSH, push);
    irhw_set(in, ps, HC_PULL, pull);
    s->prev_push = push;

    /* other cores */
    irhw_set(in, ps, HC_OTHERS_DONE, (uint64_t)(p->others_done || reconf));
    if (!s->rx_offer && pushing_ok && irhw_rng_chance(r, p->rx_pct)) {
        s->rx_offer = 1;
        s->rx_id = new_id(s);
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
    unsigned due[HC_MAX_OUTSTANDING], nd = 0;
    for (unsigned k = 0; k < g->outstanding; k++)
        if (s->q[k].valid && s->q[k].due <= cycle)
            due[nd++] = k;
    if (nd) {
        resp *q = &s->q[due[irhw_rng_below(r, nd)]];
        irhw_set(in, ps, HC_MEM_RESP_VALID, 1);
        irhw_set(in, ps, HC_MEM_RESP_TAG, q->tag);
        uint64_t *d = irhw_wide(in, ps, HC_MEM_RESP_DATA);
        for (unsigned j = 0; j < q->n; j++)
            irhw_bits_set(d, j * I, I, q->data[j]);
        q->valid = 0;
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
    for (unsigned l = 0; l < L; l++) {
        unsigned a = (unsigned)irhw_bits_get(ans, 2 * l, 2);
        uint64_t id = irhw_bits_get(pid, l * I, I);
        if (a != HC_ANS_ID && id)
            return irhw_err(err, errlen, "cycle %" PRIu64 ": lane %u pull_id=0x%" PRIx64
                            " while its answer is not an ID", cycle, l, id);
        if (a == HC_ANS_ID && !idset_take(&k->pullside, id))
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": lane %u pulled 0x%" PRIx64
                            ", which is not held on the pull side (never pushed, pulled twice, or "
                            "pushed in this kernel)",
                            cycle, l, id);
        if (a == HC_ANS_ID)
            k->pulled++;
    }
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
        return irhw_err(err, errlen, "cycle %" PRIu64 ": memory request fields nonzero without "
                        "mem_req_valid", cycle);
    if (irhw_get(out, ps, HC_SWAP_OK)) {
        if (k->pullside.n)
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": swap honoured with %" PRIu64
                            " pull-side work ID(s) held",
                            cycle, k->pullside.n);
    }
    if (irhw_get(out, ps, HC_WLCFG_OK) && (k->pullside.n || k->pushside.n))
        return irhw_err(err, errlen, "cycle %" PRIu64 ": wlcfg honoured with %" PRIu64
                        " work ID(s) held", cycle, k->pullside.n + k->pushside.n);
    /* DONE is decided on the state of the pull's cycle: what the pull side
     * held after that cycle's answers left and before its pushes came
     * (sram: the cycle before this one). */
    uint64_t held_mid = k->pullside.n;
    uint64_t decided_on = k->g.sram ? k->pull_held_before : held_mid;
    k->pull_held_before = held_mid;
    for (unsigned l = 0; l < L; l++)
        if (irhw_bits_get(ans, 2 * l, 2) == HC_ANS_DONE && decided_on)
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": lane %u answered DONE while %" PRIu64
                            " pull-side work ID(s) were held",
                            cycle, l, decided_on);
    /* what enters, after this cycle's answers */
    int dbl = (int)irhw_get(out, ps, HC_DOUBLE_MODE);
    uint64_t push = irhw_get(in, ps, HC_PUSH), ok = irhw_get(out, ps, HC_PUSH_OK);
    uint64_t exc = irhw_get(out, ps, HC_PUSH_EXC);
    const uint64_t *push_id = irhw_cwide(in, ps, HC_PUSH_ID);
    if ((ok | exc) & ~push)
        return irhw_err(err, errlen, "cycle %" PRIu64 ": push_ok/push_exc on a lane that did not "
                        "push", cycle);
    if (ok & exc)
        return irhw_err(err, errlen, "cycle %" PRIu64 ": push_ok and push_exc together", cycle);
    for (unsigned l = 0; l < L; l++)
        if (ok >> l & 1) {
            idset_add(dbl ? &k->pushside : &k->pullside, irhw_bits_get(push_id, l * I, I));
            k->accepted++;
        }
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
