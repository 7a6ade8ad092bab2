/*
 * icrn_stim.c — stimulus and conservation checker for the inter-core
 * redistribution network.
 *
 * Sources behave like valid/ready producers: a core that offers a work ID
 * keeps offering the same ID until it is accepted (inj_valid && inj_ready),
 * except in idle and drain phases, which withdraw offers. Work IDs are
 * unique: (sequence * CORES + core) masked to ID_BITS and XORed with a
 * per-seed salt (a bijection on ID_BITS bits); with few ID_BITS they repeat,
 * which the checker handles by counting (a multiset).
 *
 * Directed program (mode directed, and the start of mixed), sized from the
 * tree: idle with every core empty (all_done high); core 0 offers its last
 * ID while every core reports empty (all_done waits for the offer, then for
 * the network); every core pings once
 * (latency 2L); one core floods the others; every dlv_ready held low for
 * longer than the network takes to fill (backpressure up to inj_ready);
 * every core greedy (IDs wait at the root); greedy bits flipped every cycle;
 * a single needy core that also injects (its own IDs must wait); a reset
 * in the middle of traffic (flushes the network); a drain and idle again.
 *
 * Random (mode random, and the rest of mixed): phases of 32..543 cycles,
 * each with its own injection rate (sometimes a single flooding core),
 * dlv_ready rate (0 %: ready low for the whole phase), greedy behaviour
 * (static, flipped every cycle, drifting, all, none) and empty behaviour.
 *
 * Every run ends with a drain (no offers, every dlv_ready high, no core
 * greedy, every core empty) long enough to empty a full network, so the
 * checker can require at the end that everything injected was delivered
 * and that all_done is high.
 *
 * The checker (run on the model and on the RTL separately) keeps the
 * multiset of (work ID, source core) in flight and checks every cycle:
 * a delivered ID was injected by the core dlv_src names and not delivered
 * yet, never to its own source; all_done == (every core_empty && no
 * inj_valid && nothing in flight); data outputs are zero when not valid.
 * A reset empties the network, and the checker's books with it.
 */
#include "icrn.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- stimulus ------------------------------------------------------------ */

enum ph_kind {
    PH_IDLE,       /* no offers, every core empty, ready high: all_done */
    PH_LAST_OFFER, /* every core empty, one offers its last ID: all_done waits */
    PH_PING,       /* one ID per core in turn, others needy */
    PH_FLOOD,      /* one core injects every cycle, the others needy */
    PH_STALL,      /* everyone injects, every dlv_ready low */
    PH_ALL_GREEDY, /* everyone injects, every core greedy */
    PH_FLIP,       /* greedy bits random every cycle */
    PH_ONE_NEEDY,  /* one needy core that also injects */
    PH_RESET,      /* rst in the middle of traffic */
    PH_DRAIN,      /* no offers, ready high, nobody greedy */
    PH_RANDOM      /* random phases until the final drain */
};

typedef struct {
    enum ph_kind kind;
    unsigned len;
} ph;

enum greedy_mode { G_STATIC, G_FLIP, G_DRIFT, G_ALL, G_NONE };

typedef struct {
    const irhw_ports *ps;
    icrn_geom g;
    irhw_rng rng;
    irhw_stim_mode mode;
    uint64_t cycles, drain_from;
    ph prog[16];
    unsigned nprog, pi, pc;
    uint64_t salt, all;
    uint64_t seq[ICRN_MAX_CORES], offer_id[ICRN_MAX_CORES];
    uint64_t offering, last_valid;
    unsigned flood_core, needy_core;
    /* random phase */
    unsigned left, p_inj, p_ready, p_empty, flood;
    enum greedy_mode gm;
    uint64_t greedy;
} icrn_stim;

static void add(icrn_stim *s, enum ph_kind k, unsigned len)
{
    s->prog[s->nprog++] = (ph){k, len};
}

/* Entries the network can hold. */
static unsigned capacity(const icrn_geom *g)
{
    unsigned nodes = 0;
    for (unsigned k = 0; k < g->levels; k++)
        nodes += g->count[k];
    return 2 * nodes * g->depth;
}

void *icrn_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    icrn_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->ps = &x->ps;
    s->g = *icrn_g(x);
    s->mode = mode;
    s->cycles = cycles;
    irhw_rng_seed(&s->rng, seed);
    s->salt = irhw_rng_bits(&s->rng, s->g.id_bits);
    s->all = irhw_mask(s->g.cores);
    unsigned cap = capacity(&s->g), lat = 2 * s->g.levels;
    /* A full network drains in well under 3 cycles per entry (the root
     * routes one ID per cycle, a depth-1 link one every two cycles). */
    uint64_t drain = 3 * (uint64_t)cap + 8 * lat + 32;
    s->drain_from = cycles > drain + 2 ? cycles - drain : 2;
    if (mode != IRHW_STIM_RANDOM) {
        add(s, PH_IDLE, 12);
        add(s, PH_LAST_OFFER, 2 * lat + 4);
        add(s, PH_PING, s->g.cores * (lat + 3));
        add(s, PH_FLOOD, cap + 64);
        add(s, PH_STALL, cap + 96);
        add(s, PH_FLOOD, cap + 64);
        add(s, PH_ALL_GREEDY, cap + 32);
        add(s, PH_FLIP, 4 * cap + 64);
        add(s, PH_ONE_NEEDY, 8 * lat + 64);
        add(s, PH_RESET, 1);
        add(s, PH_FLIP, cap + 32);
        add(s, PH_DRAIN, 3 * cap + 8 * lat + 32);
        add(s, PH_IDLE, 12);
    }
    if (mode != IRHW_STIM_DIRECTED)
        add(s, PH_RANDOM, ~0u);
    return s;
}

void icrn_stim_free(void *s)
{
    free(s);
}

static uint64_t new_id(icrn_stim *s, unsigned core)
{
    uint64_t v = s->seq[core]++ * s->g.cores + core;
    return (v ^ s->salt) & irhw_mask(s->g.id_bits);
}

/* Offer (or keep offering) from every core in `want`; withdraw the others'. */
static void drive_offers(icrn_stim *s, uint64_t want, uint64_t *in)
{
    const irhw_ports *ps = s->ps;
    uint64_t *ids = irhw_wide(in, ps, IC_INJ_ID);
    s->offering &= want;
    for (unsigned i = 0; i < s->g.cores; i++) {
        if (!(want >> i & 1))
            continue;
        if (!(s->offering >> i & 1)) {
            s->offer_id[i] = new_id(s, i);
            s->offering |= (uint64_t)1 << i;
        }
        irhw_bits_set(ids, i * s->g.id_bits, s->g.id_bits, s->offer_id[i]);
    }
    irhw_set(in, ps, IC_INJ_VALID, s->offering);
}

/* Each core in `who` wants to offer with probability p (a pending offer
 * stays: valid is not withdrawn before it is accepted). */
static uint64_t chance_mask(icrn_stim *s, uint64_t who, unsigned p)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < s->g.cores; i++)
        if (who >> i & 1 && irhw_rng_chance(&s->rng, p))
            m |= (uint64_t)1 << i;
    return m;
}

static uint64_t random_bits(icrn_stim *s, unsigned p)
{
    return chance_mask(s, s->all, p);
}

static void set_status(icrn_stim *s, uint64_t *in, uint64_t ready, uint64_t empty, uint64_t greedy)
{
    irhw_set(in, s->ps, IC_DLV_READY, ready & s->all);
    irhw_set(in, s->ps, IC_CORE_EMPTY, empty & s->all);
    irhw_set(in, s->ps, IC_CORE_GREEDY, greedy & s->all);
}

static void new_random_phase(icrn_stim *s)
{
    irhw_rng *r = &s->rng;
    static const unsigned inj[] = {0, 2, 10, 30, 60, 100};
    static const unsigned rdy[] = {0, 20, 50, 90, 100, 100};
    static const unsigned emp[] = {100, 90, 50, 0};
    s->left = 32 + (unsigned)irhw_rng_below(r, 512);
    s->p_inj = inj[irhw_rng_below(r, 6)];
    s->p_ready = rdy[irhw_rng_below(r, 6)];
    s->p_empty = emp[irhw_rng_below(r, 4)];
    s->flood = irhw_rng_chance(r, 25);
    s->flood_core = (unsigned)irhw_rng_below(r, s->g.cores);
    s->gm = (enum greedy_mode)irhw_rng_below(r, 5);
    s->greedy = random_bits(s, 50);
}

static void random_cycle(icrn_stim *s, uint64_t *in)
{
    irhw_rng *r = &s->rng;
    if (s->left == 0)
        new_random_phase(s);
    s->left--;
    uint64_t who = s->flood ? (uint64_t)1 << s->flood_core : s->all;
    uint64_t want = s->offering | chance_mask(s, who, s->flood ? 100 : s->p_inj);
    switch (s->gm) {
    case G_STATIC:
        break;
    case G_FLIP:
        s->greedy = random_bits(s, 50);
        break;
    case G_DRIFT:
        s->greedy ^= random_bits(s, 5);
        break;
    case G_ALL:
        s->greedy = s->all;
        break;
    case G_NONE:
        s->greedy = 0;
        break;
    }
    uint64_t empty = s->p_empty == 100 ? s->all : random_bits(s, s->p_empty);
    drive_offers(s, want, in);
    set_status(s, in, random_bits(s, s->p_ready), empty, s->greedy);
    if (irhw_rng_below(r, 20000) == 0)
        irhw_set(in, s->ps, IC_RST, 1);
}

static void directed_cycle(icrn_stim *s, enum ph_kind k, unsigned pc, uint64_t *in)
{
    const icrn_geom *g = &s->g;
    uint64_t all = s->all, one;
    unsigned slot;
    switch (k) {
    case PH_IDLE:
    case PH_DRAIN:
        drive_offers(s, 0, in);
        set_status(s, in, all, all, 0);
        break;
    case PH_LAST_OFFER:
        drive_offers(s, s->offering | (pc == 0 ? 1 : 0), in);
        set_status(s, in, all, all, 0);
        break;
    case PH_PING:
        slot = pc / (2 * g->levels + 3);
        one = (uint64_t)1 << (slot % g->cores);
        drive_offers(s, s->offering | (pc % (2 * g->levels + 3) == 0 ? one : 0), in);
        set_status(s, in, all, all & ~one, one);
        break;
    case PH_FLOOD:
        if (pc == 0)
            s->flood_core = (unsigned)irhw_rng_below(&s->rng, g->cores);
        one = (uint64_t)1 << s->flood_core;
        drive_offers(s, one, in);
        set_status(s, in, all, all & ~one, one);
        break;
    case PH_STALL:
        drive_offers(s, s->offering | random_bits(s, 60), in);
        set_status(s, in, 0, 0, random_bits(s, 20));
        break;
    case PH_ALL_GREEDY:
        drive_offers(s, s->offering | random_bits(s, 50), in);
        set_status(s, in, all, 0, all);
        break;
    case PH_FLIP:
        drive_offers(s, s->offering | random_bits(s, 50), in);
        set_status(s, in, random_bits(s, 70), random_bits(s, 50), random_bits(s, 50));
        break;
    case PH_ONE_NEEDY:
        if (pc % 64 == 0)
            s->needy_core = (unsigned)irhw_rng_below(&s->rng, g->cores);
        one = (uint64_t)1 << s->needy_core;
        drive_offers(s, s->offering | random_bits(s, 40) | one, in);
        set_status(s, in, all, 0, all & ~one);
        break;
    case PH_RESET:
        drive_offers(s, s->offering, in);
        set_status(s, in, all, 0, 0);
        irhw_set(in, s->ps, IC_RST, 1);
        break;
    case PH_RANDOM:
        random_cycle(s, in);
        break;
    }
}

void icrn_stim_next(void *vs, uint64_t cycle, const uint64_t *prev_out, uint64_t *in)
{
    icrn_stim *s = vs;
    /* What was offered last cycle and accepted is no longer pending. */
    uint64_t accepted = s->last_valid & irhw_get(prev_out, s->ps, IC_INJ_READY);
    s->offering &= ~accepted;
    s->last_valid = 0;
    if (cycle < 2) /* the driver holds rst */
        return;
    if (cycle >= s->drain_from) {
        directed_cycle(s, PH_DRAIN, 0, in);
    } else {
        while (s->pi < s->nprog && s->pc >= s->prog[s->pi].len) {
            s->pi++;
            s->pc = 0;
        }
        if (s->pi == s->nprog) { /* directed program over: run it again */
            s->pi = 0;
            s->pc = 0;
        }
        directed_cycle(s, s->prog[s->pi].kind, s->pc++, in);
    }
    /* A reset cycle accepts nothing: keep the offers pending. */
    s->last_valid = irhw_get(in, s->ps, IC_RST) ? 0 : irhw_get(in, s->ps, IC_INJ_VALID);
}

/* ---- conservation checker ------------------------------------------------ */

typedef struct {
    uint64_t id;
    unsigned src, cnt; /* cnt == 0: free slot */
} icrn_slot;

typedef struct {
    const irhw_ports *ps;
    icrn_geom g;
    icrn_slot *tab;
    size_t cap, used; /* used: slots with cnt > 0 */
    /* The bits of dlv_id and dlv_src that must be zero: the fields of the
     * cores without dlv_valid in zero_for. dlv_valid is registered and
     * changes a core or two at a time: only the fields of the cores whose
     * bit changed are flipped (fid, fsrc: every core's fields). */
    icrn_field *fid, *fsrc;
    uint64_t *zid, *zsrc, zero_for;
    unsigned id_words, src_words; /* of the two buses */
    uint64_t all;                 /* a bit per core */
    uint64_t inflight, injected, delivered;
} icrn_check;

static size_t slot_hash(const icrn_check *k, uint64_t id, unsigned src)
{
    uint64_t z = id * 0x9e3779b97f4a7c15ULL ^ ((uint64_t)src + 1) * 0xbf58476d1ce4e5b9ULL;
    z ^= z >> 29;
    return (size_t)(z & (k->cap - 1));
}

static icrn_slot *slot_find(icrn_check *k, uint64_t id, unsigned src)
{
    for (size_t h = slot_hash(k, id, src);; h = (h + 1) & (k->cap - 1)) {
        icrn_slot *e = &k->tab[h];
        if (!e->cnt || (e->id == id && e->src == src))
            return e;
    }
}

static int slot_grow(icrn_check *k)
{
    icrn_slot *old = k->tab;
    size_t oc = k->cap;
    k->cap = oc ? 2 * oc : 1024;
    k->tab = calloc(k->cap, sizeof *k->tab);
    if (!k->tab)
        return -1;
    for (size_t i = 0; i < oc; i++)
        if (old[i].cnt)
            *slot_find(k, old[i].id, old[i].src) = old[i];
    free(old);
    return 0;
}

/* Linear probing deletion: shift later members of the cluster back. */
static void slot_remove(icrn_check *k, icrn_slot *e)
{
    size_t i = (size_t)(e - k->tab), j = i;
    e->cnt = 0;
    for (;;) {
        j = (j + 1) & (k->cap - 1);
        if (!k->tab[j].cnt)
            return;
        size_t h = slot_hash(k, k->tab[j].id, k->tab[j].src);
        /* k->tab[j] may move to i if i lies cyclically in [h, j) */
        if ((j > i && (h <= i || h > j)) || (j < i && h <= i && h > j)) {
            k->tab[i] = k->tab[j];
            k->tab[j].cnt = 0;
            i = j;
        }
    }
}

void icrn_check_free(void *vk)
{
    icrn_check *k = vk;
    if (k) {
        free(k->tab);
        free(k->fid);
        free(k->fsrc);
        free(k->zid);
        free(k->zsrc);
    }
    free(k);
}

void *icrn_check_new(const irhw_inst *x)
{
    icrn_check *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->ps = &x->ps;
    k->g = *icrn_g(x);
    const icrn_geom *g = &k->g;
    k->id_words = irhw_words(g->cores * g->id_bits);
    k->src_words = irhw_words(g->cores * g->core_bits);
    k->fid = calloc(g->cores, sizeof *k->fid);
    k->fsrc = calloc(g->cores, sizeof *k->fsrc);
    /* a word more: a field's hi mask may name the word after the last */
    k->zid = calloc(k->id_words + 1, sizeof *k->zid);
    k->zsrc = calloc(k->src_words + 1, sizeof *k->zsrc);
    if (!k->fid || !k->fsrc || !k->zid || !k->zsrc || slot_grow(k)) {
        icrn_check_free(k);
        return NULL;
    }
    for (unsigned i = 0; i < g->cores; i++) {
        k->fid[i] = icrn_field_at(i * g->id_bits, g->id_bits);
        k->fsrc[i] = icrn_field_at(i * g->core_bits, g->core_bits);
    }
    k->all = irhw_mask(g->cores);
    k->zero_for = k->all; /* every core valid: nothing must be zero */
    return k;
}

static void check_clear(icrn_check *k)
{
    memset(k->tab, 0, k->cap * sizeof *k->tab);
    k->used = 0;
    k->inflight = 0;
}

static int check_deliveries(icrn_check *k, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                            char *err, size_t errlen)
{
    const irhw_ports *ps = k->ps;
    const icrn_geom *g = &k->g;
    uint64_t valid = irhw_get(out, ps, IC_DLV_VALID), ready = irhw_get(in, ps, IC_DLV_READY);
    const uint64_t *ids = irhw_cwide(out, ps, IC_DLV_ID), *srcs = irhw_cwide(out, ps, IC_DLV_SRC);
    uint64_t all = k->all, any = 0;
    for (uint64_t flip = (valid & all) ^ k->zero_for; flip; flip &= flip - 1) {
        unsigned i = (unsigned)__builtin_ctzll(flip);
        k->zid[k->fid[i].w] ^= k->fid[i].lo;
        k->zid[k->fid[i].w + 1] ^= k->fid[i].hi;
        k->zsrc[k->fsrc[i].w] ^= k->fsrc[i].lo;
        k->zsrc[k->fsrc[i].w + 1] ^= k->fsrc[i].hi;
    }
    k->zero_for = valid & all;
    for (unsigned w = 0; w < k->id_words; w++)
        any |= ids[w] & k->zid[w];
    for (unsigned w = 0; w < k->src_words; w++)
        any |= srcs[w] & k->zsrc[w];
    /* core by core, only those a check concerns: valid and ready (a
     * delivery), and when a bus is not zero where it must be, those
     * without dlv_valid (to name the first such core) */
    for (uint64_t todo = (any ? ~valid | ready : valid & ready) & all; todo; todo &= todo - 1) {
        unsigned i = (unsigned)__builtin_ctzll(todo);
        uint64_t id = irhw_bits_get(ids, i * g->id_bits, g->id_bits);
        unsigned src = (unsigned)irhw_bits_get(srcs, i * g->core_bits, g->core_bits);
        if (!(valid >> i & 1)) {
            if (id || src)
                return irhw_err(err, errlen,
                                "cycle %" PRIu64 ": core %u: dlv_id/dlv_src not zero (0x%" PRIx64
                                "/%u) while dlv_valid is low",
                                cycle, i, id, src);
            continue;
        }
        if (src == i || src >= g->cores)
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": work ID 0x%" PRIx64 " delivered to core %u with "
                            "source %u (%s)",
                            cycle, id, i, src, src == i ? "back to its sender" : "no such core");
        icrn_slot *e = slot_find(k, id, src);
        if (!e->cnt)
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": core %u received work ID 0x%" PRIx64
                            " from core %u "
                            "which is not in flight (never injected, or delivered twice)",
                            cycle, i, id, src);
        if (--e->cnt == 0) {
            slot_remove(k, e);
            k->used--;
        }
        k->inflight--;
        k->delivered++;
    }
    return 0;
}

static int check_injections(icrn_check *k, const uint64_t *in, const uint64_t *out)
{
    const irhw_ports *ps = k->ps;
    const icrn_geom *g = &k->g;
    uint64_t acc = irhw_get(in, ps, IC_INJ_VALID) & irhw_get(out, ps, IC_INJ_READY);
    const uint64_t *ids = irhw_cwide(in, ps, IC_INJ_ID);
    for (; acc; acc &= acc - 1) {
        unsigned i = (unsigned)__builtin_ctzll(acc);
        if (2 * (k->used + 1) > k->cap && slot_grow(k))
            return -1;
        uint64_t id = irhw_bits_get(ids, i * g->id_bits, g->id_bits);
        icrn_slot *e = slot_find(k, id, i);
        if (!e->cnt) {
            e->id = id;
            e->src = i;
            k->used++;
        }
        e->cnt++;
        k->inflight++;
        k->injected++;
    }
    return 0;
}

int icrn_check_cycle(void *vk, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                     size_t errlen)
{
    icrn_check *k = vk;
    const irhw_ports *ps = k->ps;
    if (irhw_get(in, ps, IC_RST)) { /* the network is flushed at this edge */
        check_clear(k);
        return 0;
    }
    /* In flight during this cycle: accepted before it, not yet delivered
     * (an ID delivered in this cycle is still in its buffer). */
    int done = (int)irhw_get(out, ps, IC_ALL_DONE);
    int empty = irhw_get(in, ps, IC_CORE_EMPTY) == k->all;
    int offered = irhw_get(in, ps, IC_INJ_VALID) != 0;
    int expect = empty && !offered && k->inflight == 0;
    if (done != expect) {
        if (done)
            return irhw_err(err, errlen,
                            "cycle %" PRIu64 ": all_done high while %" PRIu64 " work ID(s) in "
                            "flight%s%s",
                            cycle, k->inflight, empty ? "" : ", a core not empty",
                            offered ? ", a work ID offered" : "");
        return irhw_err(err, errlen,
                        "cycle %" PRIu64 ": all_done low although every core is empty, nothing "
                        "is offered and nothing is in flight",
                        cycle);
    }
    if (check_deliveries(k, cycle, in, out, err, errlen))
        return -1;
    if (check_injections(k, in, out))
        return irhw_err(err, errlen, "icrn checker: out of memory");
    return 0;
}

int icrn_check_end(void *vk, char *err, size_t errlen)
{
    icrn_check *k = vk;
    if (!k->inflight)
        return 0;
    char ex[256] = "";
    size_t o = 0;
    unsigned shown = 0;
    for (size_t i = 0; i < k->cap && shown < 4; i++)
        if (k->tab[i].cnt) {
            o += (size_t)snprintf(ex + o, sizeof ex - o, "%s0x%" PRIx64 " from core %u",
                                  shown ? ", " : "", k->tab[i].id, k->tab[i].src);
            shown++;
        }
    return irhw_err(err, errlen,
                    "%" PRIu64 " of %" PRIu64 " injected work ID(s) never delivered (lost or still "
                    "in the network at the end; e.g. %s)",
                    k->inflight, k->injected, ex);
}
