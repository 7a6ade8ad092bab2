/*
 * iru_hash_stim.c — stimulus and conservation checker of the IRU hash.
 *
 * Stimulus. Elements enter on the insert lanes with valid/ready: an element
 * stays on its lane, unchanged, until accepted. Positions count the
 * elements in the order they are generated; data are random (fadd: binary32
 * values biased to zeros, subnormals, near-overflow, infinities, NaN and
 * cancelling pairs). Index streams, one per phase:
 *   seq   consecutive indices from a random base (ideal coalescing);
 *   line  one set: one memory line, or four lines that hash to the same set
 *         (complete entries, backpressure);
 *   dup   a pool of a few indices (heavy duplication: filtering);
 *   rand  uniform indices (conflicting sets, partial entries, timeouts).
 * Directed program (mode directed; first part of mixed): fill without
 * requests (complete entries block their sets), then requests, one line,
 * duplicates, random with few requests (timeouts), a flush to empty with
 * extra requests (empty "done" replies), then (TIMEOUT > 0) one element and
 * a few requests for longer than TIMEOUT (a timeout on a partial entry), a
 * reset in the middle of traffic, and a flush dropped half-way (twice:
 * duplicates, then random indices; no request while it lasts, so the
 * pack buffer fills and is left full when the flush drops). Random
 * phases (mode random; rest of mixed):
 * a random stream, insert rate, request rate, optional flush at the end.
 * Every run ends with a drain: no new elements, flush once the lanes are
 * empty, requests every cycle, so the unit empties if the run is long
 * enough (the last 4*SETS+300 cycles, at most a third of the run).
 *
 * Checker (run on the model's and on the RTL's outputs): the multiset of
 * elements (index, position, data) inserted equals the multiset replied
 * plus merged out plus held. Each cycle: `held` equals the elements
 * inserted and not yet replied or merged out; an element a merge reports
 * must be held, and so must the element it was kept into, with the data
 * reported before the merge; the data after must equal the model's
 * arithmetic (iru_merge: unsigned min, or fp32_add); every valid reply slot
 * must be a held element; valid reply slots come first; a reply of fewer
 * than SLOTS elements (but some) leaves nothing held but the elements
 * accepted the cycle it was decided (it was filled until the table was
 * empty); every field of an
 * invalid slot, and of an idle merge port, is zero; ins_ready only with
 * ins_valid. Any violation fails the run.
 */
#include "iru_hash.h"

#include "fp32.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- stimulus ------------------------------------------------------------- */

/* K_PLAN: the planned elements of s->plan (not drawn by random phases) */
enum stream { K_SEQ, K_LINE, K_DUP, K_RAND, K_NSTREAMS, K_PLAN = K_NSTREAMS };

typedef struct {
    enum stream kind;
    unsigned len, ins_pct, req_pct;
    int flush;     /* flush at the end: 1 = until empty, 2 = drop it half-way */
    int reset_mid; /* a reset in the middle of the phase */
    int trickle;   /* one element on lane 0 in the first cycle, then none */
} phase;

typedef struct {
    uint64_t idx, data, pos;
    int valid;
} lane_elem;

typedef struct {
    iru_geom g;
    const irhw_ports *ps;
    irhw_rng rng;
    irhw_stim_mode mode;
    uint64_t cycles, drain_start;
    lane_elem *lane;
    uint64_t next_pos, seq_next, line_blk, pool[16];
    unsigned npool;
    phase prog[16], cur;
    unsigned nprog, prog_i, left, flush_left;
    int flushing;
    uint64_t plan[64]; /* K_PLAN: SLOTS indices in partial entries of 2+ sets */
    unsigned nplan, plan_i;
    uint64_t waiting; /* requests taken and not yet replied */
    unsigned quiet;   /* cycles of a flush to be dropped with no request waiting */
} iru_stim;

static uint64_t prev_bit(const iru_stim *s, const uint64_t *out, enum iru_hash_port p, unsigned i)
{
    return s->g.port[p] < 0 ? 0
                            : irhw_bits_get(irhw_cwide(out, s->ps, (unsigned)s->g.port[p]), i, 1);
}

static void set_field(const iru_stim *s, uint64_t *in, enum iru_hash_port p, unsigned i,
                      unsigned width, uint64_t x)
{
    if (s->g.port[p] >= 0)
        irhw_bits_set(irhw_wide(in, s->ps, (unsigned)s->g.port[p]), i * width, width, x);
}

/* A binary32 operand: mostly ordinary, often awkward. */
static uint32_t fp32_operand(irhw_rng *r)
{
    uint32_t x = (uint32_t)irhw_rng_next(r);
    switch (irhw_rng_below(r, 10)) {
    case 0:
        return x & 0x80000000u; /* signed zero */
    case 1:
        return x & 0x807fffffu; /* subnormal */
    case 2:
        return (x & 0x807fffffu) | (0xfdu << 23); /* near overflow */
    case 3: {
        static const uint32_t sp[] = {0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f800001u};
        return sp[irhw_rng_below(r, 4)];
    }
    case 4:
        return x; /* any pattern */
    default:      /* exponents around 1.0: sums cancel and round */
        return (x & 0x807fffffu) | ((120u + (uint32_t)irhw_rng_below(r, 16)) << 23);
    }
}

static uint64_t next_index(iru_stim *s)
{
    const iru_geom *g = &s->g;
    uint64_t m = irhw_mask(g->idx_bits);
    switch (s->cur.kind) {
    case K_SEQ:
        return s->seq_next++ & m;
    case K_LINE: {
        unsigned sh = g->shift < g->idx_bits ? g->shift : g->idx_bits;
        uint64_t blk = s->line_blk;
        /* k ^ (k << set_bits) folds to 0: four lines of one set, so an entry
         * with a filter can gather SLOTS distinct indices beyond one line */
        if (g->set_bits && g->idx_bits - sh >= g->set_bits + 2)
            blk ^= irhw_rng_below(&s->rng, 4) * (1 + ((uint64_t)1 << g->set_bits));
        return ((blk << sh) | irhw_rng_bits(&s->rng, sh)) & m;
    }
    case K_DUP:
        return s->pool[irhw_rng_below(&s->rng, s->npool)];
    case K_PLAN:
        return s->plan[s->plan_i++];
    default:
        return irhw_rng_bits(&s->rng, g->idx_bits);
    }
}

static void new_element(iru_stim *s, lane_elem *e)
{
    const iru_geom *g = &s->g;
    e->idx = next_index(s);
    e->data = g->filter == IH_FADD ? fp32_operand(&s->rng) : irhw_rng_bits(&s->rng, g->data_bits);
    e->pos = s->next_pos++ & irhw_mask(g->pos_bits);
    e->valid = 1;
}

/* SLOTS distinct indices, at most SLOTS - 1 in a set (so in 2+ sets), from
 * a random base: a flush packs them into one full pack buffer. Fewer when
 * the index space has no two sets (coverage marks that unreachable). */
static void plan_partial_entries(iru_stim *s)
{
    const iru_geom *g = &s->g;
    unsigned *n = calloc(g->sets, sizeof *n);
    uint64_t m = irhw_mask(g->idx_bits), idx = irhw_rng_bits(&s->rng, g->idx_bits);
    s->nplan = s->plan_i = 0;
    for (unsigned tries = 0; n && s->nplan < g->slots && tries < 4096; tries++) {
        unsigned set = iru_set_of(g, idx);
        if (n[set] + 1 < g->slots) {
            n[set]++;
            s->plan[s->nplan++] = idx;
            idx = (idx + 1) & m;
        } else { /* the next memory block */
            idx = (g->shift >= g->idx_bits ? idx + 1 : ((idx >> g->shift) + 1) << g->shift) & m;
        }
    }
    free(n);
}

static void start_stream(iru_stim *s)
{
    const iru_geom *g = &s->g;
    if (s->cur.kind == K_PLAN)
        plan_partial_entries(s);
    s->seq_next = irhw_rng_bits(&s->rng, g->idx_bits);
    unsigned blk_bits = g->idx_bits > g->shift ? g->idx_bits - g->shift : 0;
    s->line_blk = irhw_rng_bits(&s->rng, blk_bits);
    s->npool = 2 + (unsigned)irhw_rng_below(&s->rng, 14);
    for (unsigned i = 0; i < s->npool; i++)
        s->pool[i] = irhw_rng_bits(&s->rng, g->idx_bits);
}

static phase random_phase(iru_stim *s)
{
    static const unsigned ins[] = {10, 50, 90, 100}, req[] = {0, 1, 3, 10, 30, 100};
    phase p;
    p.kind = (enum stream)irhw_rng_below(&s->rng, K_NSTREAMS);
    p.len = 200 + (unsigned)irhw_rng_below(&s->rng, 1500);
    p.ins_pct = ins[irhw_rng_below(&s->rng, 4)];
    p.req_pct = req[irhw_rng_below(&s->rng, 6)];
    p.flush = irhw_rng_chance(&s->rng, 25) ? 1 + (int)irhw_rng_below(&s->rng, 2) : 0;
    p.reset_mid = 0;
    p.trickle = 0;
    return p;
}

static void directed_program(iru_stim *s)
{
    const iru_geom *g = &s->g;
    /* long enough to fill every entry of a small table, capped for big ones */
    unsigned fill = g->sets * g->slots / g->lanes + 50;
    fill = fill > 3000 ? 3000 : fill;
    const phase p[] = {
        {K_SEQ, fill, 100, 0, 0, 0, 0},      /* complete entries, no request: backpressure */
        {K_SEQ, fill, 100, 20, 0, 0, 0},     /* requests drain complete entries */
        {K_LINE, 600, 100, 10, 0, 0, 0},     /* one set: its entry blocks until replied */
        {K_DUP, 600, 100, 10, 0, 0, 0},      /* filtering */
        {K_RAND, 800, 30, 2, 1, 0, 0},       /* partial entries, timeouts, flush to empty */
        {K_RAND, 600, 100, 10, 0, 1, 0},     /* reset in the middle of traffic */
        {K_DUP, 400, 90, 5, 2, 0, 0},        /* flush dropped half-way */
        {K_RAND, 20, 0, 100, 1, 0, 0},       /* lanes empty, flush to empty, no request */
        {K_PLAN, g->slots, 100, 0, 2, 0, 0}, /* flush dropped with the buffer full */
        {K_SEQ, 400, 100, 100, 0, 0, 0},     /* requests flood: one reply per cycle */
    };
    s->nprog = 0;
    for (unsigned i = 0; i < sizeof p / sizeof p[0]; i++) {
        s->prog[s->nprog++] = p[i];
        /* After the flush to empty: one element and a few requests for
         * longer than TIMEOUT (up to 4800): a request times out on it. */
        if (i == 4 && g->timeout)
            s->prog[s->nprog++] =
                (phase){K_RAND, (g->timeout < 4800 ? g->timeout : 4800) + 200, 0, 1, 0, 0, 1};
    }
}

void *iru_hash_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    iru_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->g = *iru_g(x);
    s->ps = &x->ps;
    s->mode = mode;
    s->cycles = cycles;
    irhw_rng_seed(&s->rng, seed);
    s->lane = calloc(s->g.lanes, sizeof *s->lane);
    if (!s->lane) {
        free(s);
        return NULL;
    }
    uint64_t drain = 4ull * s->g.sets + 300;
    if (drain > cycles / 3)
        drain = cycles / 3;
    s->drain_start = cycles - drain;
    if (mode != IRHW_STIM_RANDOM)
        directed_program(s);
    return s;
}

void iru_hash_stim_free(void *vs)
{
    iru_stim *s = vs;
    if (s)
        free(s->lane);
    free(s);
}

static void next_phase(iru_stim *s)
{
    if (s->mode == IRHW_STIM_RANDOM || (s->mode == IRHW_STIM_MIXED && s->prog_i >= s->nprog))
        s->cur = random_phase(s);
    else
        s->cur = s->prog[s->prog_i++ % s->nprog];
    s->left = s->cur.len;
    start_stream(s);
}

static int lanes_busy(const iru_stim *s)
{
    for (unsigned l = 0; l < s->g.lanes; l++)
        if (s->lane[l].valid)
            return 1;
    return 0;
}

void iru_hash_stim_next(void *vs, uint64_t cycle, const uint64_t *prev_out, uint64_t *in)
{
    iru_stim *s = vs;
    const iru_geom *g = &s->g;
    /* what was accepted last cycle */
    for (unsigned l = 0; l < g->lanes; l++)
        if (s->lane[l].valid && prev_bit(s, prev_out, IHP_INS_READY, l))
            s->lane[l].valid = 0;
    if (prev_bit(s, prev_out, IHP_REP_VALID, 0) && s->waiting)
        s->waiting--;
    if (cycle < 2) {
        s->waiting = 0;
        return;
    }
    uint64_t held = irhw_get(prev_out, s->ps, (unsigned)g->port[IHP_HELD]);
    int draining = cycle >= s->drain_start;
    int flush = 0, gen = 0;
    unsigned req_pct;
    if (draining) {
        flush = !lanes_busy(s);
        req_pct = 100;
    } else {
        if (s->left == 0 && !s->flushing)
            next_phase(s);
        if (s->left > 0) {
            s->left--;
            gen = 1;
            if (s->left == 0 && s->cur.flush) {
                s->flushing = 1;
                s->flush_left = s->cur.flush == 2 ? 20 + g->sets + g->slots : 8 * g->sets + 400;
                s->quiet = 0;
            }
            if (s->cur.reset_mid && s->left == s->cur.len / 2) {
                irhw_set(in, s->ps, (unsigned)g->port[IHP_RST], 1);
                s->waiting = 0;
            }
        } else { /* flushing at the end of a phase, once the lanes are empty
                  * (a flush stops inserts: what waits on a lane would
                  * land after it) */
            flush = !lanes_busy(s);
            if (s->flush_left)
                s->flush_left--;
            /* a flush to be dropped ends once the pack buffer had SLOTS + 3
             * cycles to fill with no request waiting to take it */
            s->quiet = s->waiting ? 0 : s->quiet + 1;
            if (s->cur.flush == 2 && s->quiet > g->slots + 3)
                s->flush_left = 0;
            /* keep a few empty (done) replies coming after the unit is empty */
            if (s->flush_left == 0 || (held == 0 && !s->waiting && irhw_rng_chance(&s->rng, 5)))
                s->flushing = 0;
        }
        /* a flush to be dropped asks nothing: the pack buffer fills, and
         * the requests after the drop must still get it (spec §5); a
         * flush's last cycle neither, so an empty unit ends with none */
        req_pct = !flush ? s->cur.req_pct : s->cur.flush == 2 || !s->flushing ? 0 : 50;
    }
    for (unsigned l = 0; l < g->lanes; l++) {
        lane_elem *e = &s->lane[l];
        if (!e->valid && gen && s->cur.trickle && l == 0 && s->left + 1 == s->cur.len)
            new_element(s, e);
        int more = s->cur.kind != K_PLAN || s->plan_i < s->nplan;
        if (!e->valid && gen && more && irhw_rng_chance(&s->rng, s->cur.ins_pct))
            new_element(s, e);
        if (!e->valid)
            continue;
        set_field(s, in, IHP_INS_VALID, l, 1, 1);
        set_field(s, in, IHP_INS_IDX, l, g->idx_bits, e->idx);
        set_field(s, in, IHP_INS_DATA, l, g->data_bits, e->data);
        set_field(s, in, IHP_INS_POS, l, g->pos_bits, e->pos);
    }
    set_field(s, in, IHP_FLUSH, 0, 1, (uint64_t)flush);
    int req = irhw_rng_chance(&s->rng, req_pct);
    set_field(s, in, IHP_REQ, 0, 1, (uint64_t)req);
    /* taken unless the FIFO is full (replies decided this cycle show next
     * cycle: the count may run one high for a cycle) */
    s->waiting += req && s->waiting < g->reqs && !irhw_get(in, s->ps, (unsigned)g->port[IHP_RST]);
}

/* ---- checker: a multiset of (index, position, data) ------------------------ */

typedef struct {
    uint64_t idx, pos, data;
    uint32_t n; /* 0 = free slot */
} ms_slot;

typedef struct {
    ms_slot *t;
    size_t cap, used; /* cap is a power of two; used = occupied slots */
    uint64_t total;   /* elements, with multiplicity */
} mset;

static size_t ms_hash(const mset *m, uint64_t idx, uint64_t pos, uint64_t data)
{
    uint64_t h = idx * 0x9e3779b97f4a7c15ULL ^
                 (pos + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL ^
                 data * 0x94d049bb133111ebULL;
    h ^= h >> 31;
    return (size_t)h & (m->cap - 1);
}

static ms_slot *ms_find(const mset *m, uint64_t idx, uint64_t pos, uint64_t data)
{
    for (size_t i = ms_hash(m, idx, pos, data);; i = (i + 1) & (m->cap - 1)) {
        ms_slot *s = &m->t[i];
        if (!s->n)
            return NULL;
        if (s->idx == idx && s->pos == pos && s->data == data)
            return s;
    }
}

static int ms_add(mset *m, uint64_t idx, uint64_t pos, uint64_t data);

static int ms_grow(mset *m)
{
    mset n = {calloc(m->cap * 2, sizeof(ms_slot)), m->cap * 2, 0, 0};
    if (!n.t)
        return -1;
    for (size_t i = 0; i < m->cap; i++)
        for (uint32_t k = 0; k < m->t[i].n; k++)
            ms_add(&n, m->t[i].idx, m->t[i].pos, m->t[i].data);
    free(m->t);
    *m = n;
    return 0;
}

static int ms_add(mset *m, uint64_t idx, uint64_t pos, uint64_t data)
{
    if (2 * (m->used + 1) > m->cap && ms_grow(m))
        return -1;
    m->total++;
    ms_slot *s = ms_find(m, idx, pos, data);
    if (s) {
        s->n++;
        return 0;
    }
    size_t i = ms_hash(m, idx, pos, data);
    while (m->t[i].n)
        i = (i + 1) & (m->cap - 1);
    m->t[i] = (ms_slot){idx, pos, data, 1};
    m->used++;
    return 0;
}

/* Remove one copy; 0 if it was there. Backward-shift deletion keeps every
 * probe chain unbroken without tombstones. */
static int ms_remove(mset *m, uint64_t idx, uint64_t pos, uint64_t data)
{
    ms_slot *s = ms_find(m, idx, pos, data);
    if (!s)
        return -1;
    m->total--;
    if (--s->n)
        return 0;
    m->used--;
    size_t hole = (size_t)(s - m->t);
    for (size_t j = (hole + 1) & (m->cap - 1); m->t[j].n; j = (j + 1) & (m->cap - 1)) {
        size_t home = ms_hash(m, m->t[j].idx, m->t[j].pos, m->t[j].data);
        /* move j into the hole unless its home lies cyclically in (hole, j] */
        int stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!stays) {
            m->t[hole] = m->t[j];
            m->t[j].n = 0;
            hole = j;
        }
    }
    return 0;
}

static void ms_clear(mset *m)
{
    memset(m->t, 0, m->cap * sizeof *m->t);
    m->used = 0;
    m->total = 0;
}

typedef struct {
    iru_geom g;
    const irhw_ports *ps;
    int off[IHP_N];        /* each port's first word in in[] or out[], -1 when absent */
    unsigned words[IHP_N]; /* and its words, 0 when absent */
    mset held;
    uint64_t inserted, replied, merged, reset_dropped;
    unsigned last_acc; /* elements accepted last cycle */
} iru_check;

void *iru_hash_check_new(const irhw_inst *x)
{
    iru_check *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->g = *iru_g(x);
    k->ps = &x->ps;
    for (unsigned p = 0; p < IHP_N; p++) {
        const irhw_port *q = k->g.port[p] < 0 ? NULL : &k->ps->p[k->g.port[p]];
        k->off[p] = q ? (int)q->off : -1;
        k->words[p] = q ? irhw_words(q->width) : 0;
    }
    k->held.cap = 1024;
    k->held.t = calloc(k->held.cap, sizeof(ms_slot));
    if (!k->held.t) {
        free(k);
        return NULL;
    }
    return k;
}

void iru_hash_check_free(void *vk)
{
    iru_check *k = vk;
    if (k)
        free(k->held.t);
    free(k);
}

/* Field i (width bits) of port p. Inline: a cycle reads a few dozen. */
static inline __attribute__((always_inline)) uint64_t
fld(const iru_check *k, const uint64_t *v, enum iru_hash_port p, unsigned i, unsigned width)
{
    int o = k->off[p];
    return o < 0 ? 0 : irhw_bits_get(v + o, i * width, width);
}

/* Every word of port p is zero (an absent port is). */
static inline int port_zero(const iru_check *k, const uint64_t *v, enum iru_hash_port p)
{
    const uint64_t *w = v + k->off[p]; /* not read when absent: no words */
    uint64_t any = 0;
    for (unsigned i = 0; i < k->words[p]; i++)
        any |= w[i];
    return !any;
}

static int check_merges(iru_check *k, const uint64_t *out, char *err, size_t errlen)
{
    const iru_geom *g = &k->g;
    if (g->filter == IH_NONE ||
        (port_zero(k, out, IHP_MRG_VALID) && port_zero(k, out, IHP_MRG_IDX) &&
         port_zero(k, out, IHP_MRG_DATA) && port_zero(k, out, IHP_MRG_POS) &&
         port_zero(k, out, IHP_MRG_KEEP_POS) && port_zero(k, out, IHP_MRG_KEEP_OLD) &&
         port_zero(k, out, IHP_MRG_KEEP_NEW)))
        return 0; /* no merge this cycle (most cycles), every merge port zero */
    for (unsigned b = 0; b < g->banks && g->filter != IH_NONE; b++) {
        uint64_t idx = fld(k, out, IHP_MRG_IDX, b, g->idx_bits);
        uint64_t data = fld(k, out, IHP_MRG_DATA, b, g->data_bits);
        uint64_t pos = fld(k, out, IHP_MRG_POS, b, g->pos_bits);
        uint64_t kpos = fld(k, out, IHP_MRG_KEEP_POS, b, g->pos_bits);
        uint64_t kold = fld(k, out, IHP_MRG_KEEP_OLD, b, g->data_bits);
        uint64_t knew = fld(k, out, IHP_MRG_KEEP_NEW, b, g->data_bits);
        if (!fld(k, out, IHP_MRG_VALID, b, 1)) {
            if (idx | data | pos | kpos | kold | knew)
                return irhw_err(err, errlen, "merge port of bank %u is idle but not zero", b);
            continue;
        }
        if (ms_remove(&k->held, idx, pos, data))
            return irhw_err(err, errlen,
                            "bank %u merges out (index %" PRIu64 ", position %" PRIu64
                            ", data %" PRIx64 "), which is not held",
                            b, idx, pos, data);
        if (!ms_find(&k->held, idx, kpos, kold))
            return irhw_err(err, errlen,
                            "bank %u keeps (index %" PRIu64 ", position %" PRIu64 ", data %" PRIx64
                            "), which is not held",
                            b, idx, kpos, kold);
        k->merged++;
        if (g->filter != IH_MIN && g->filter != IH_FADD)
            continue;
        uint64_t want = iru_merge(g, kold, data);
        if (knew != want)
            return irhw_err(err, errlen,
                            "bank %u merges %s data %" PRIx64 " into %" PRIx64 " giving %" PRIx64
                            ", expected %" PRIx64,
                            b, g->filter == IH_MIN ? "min" : "fadd", data, kold, knew, want);
        ms_remove(&k->held, idx, kpos, kold);
        if (ms_add(&k->held, idx, kpos, knew))
            return irhw_err(err, errlen, "checker out of memory");
    }
    return 0;
}

static int check_reply(iru_check *k, const uint64_t *out, char *err, size_t errlen)
{
    const iru_geom *g = &k->g;
    int valid = (int)fld(k, out, IHP_REP_VALID, 0, 1), seen_invalid = 0;
    /* No reply (most cycles): the reply ports must be zero; slot by slot
     * only to name the culprit. */
    if (!valid && port_zero(k, out, IHP_REP_SLOT_VALID) && port_zero(k, out, IHP_REP_IDX) &&
        port_zero(k, out, IHP_REP_DATA) && port_zero(k, out, IHP_REP_POS))
        return 0;
    for (unsigned i = 0; i < g->slots; i++) {
        uint64_t idx = fld(k, out, IHP_REP_IDX, i, g->idx_bits);
        uint64_t data = fld(k, out, IHP_REP_DATA, i, g->data_bits);
        uint64_t pos = fld(k, out, IHP_REP_POS, i, g->pos_bits);
        if (!valid || !fld(k, out, IHP_REP_SLOT_VALID, i, 1)) {
            if (valid && !fld(k, out, IHP_REP_SLOT_VALID, i, 1))
                seen_invalid = 1;
            if (idx | data | pos | (valid ? 0 : fld(k, out, IHP_REP_SLOT_VALID, i, 1)))
                return irhw_err(err, errlen, "reply slot %u is not valid but not zero", i);
            continue;
        }
        if (seen_invalid)
            return irhw_err(err, errlen, "reply slot %u is valid after an invalid slot", i);
        if (ms_remove(&k->held, idx, pos, data))
            return irhw_err(err, errlen,
                            "reply slot %u carries (index %" PRIu64 ", position %" PRIu64
                            ", data %" PRIx64 "), which is not held",
                            i, idx, pos, data);
        k->replied++;
    }
    return 0;
}

/* A reply of 0 < n < SLOTS elements (timeout fill or flush pack) is
 * decided when no entry holds an element, the cycle before: what the unit
 * holds now is the reply plus what was accepted in that cycle. */
static int check_partial_reply(const iru_check *k, const uint64_t *out, uint64_t held, char *err,
                               size_t errlen)
{
    if (!fld(k, out, IHP_REP_VALID, 0, 1))
        return 0;
    unsigned n = 0;
    while (n < k->g.slots && fld(k, out, IHP_REP_SLOT_VALID, n, 1))
        n++;
    if (n == 0 || n == k->g.slots || held == n + k->last_acc)
        return 0;
    return irhw_err(err, errlen,
                    "a reply of %u of %u elements while %" PRIu64
                    " other elements were held: a reply is filled until it is full or the "
                    "table is empty",
                    n, k->g.slots, held - n - k->last_acc);
}

int iru_hash_check_cycle(void *vk, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                         char *err, size_t errlen)
{
    iru_check *k = vk;
    const iru_geom *g = &k->g;
    (void)cycle;
    if (fld(k, in, IHP_RST, 0, 1)) {
        k->reset_dropped += k->held.total;
        ms_clear(&k->held);
        k->last_acc = 0;
        return 0;
    }
    uint64_t held = fld(k, out, IHP_HELD, 0, g->held_bits);
    if (held != k->held.total)
        return irhw_err(err, errlen,
                        "held = %" PRIu64 " but %" PRIu64 " inserted elements are neither replied "
                        "nor merged out",
                        held, k->held.total);
    if (check_merges(k, out, err, errlen) || check_reply(k, out, err, errlen) ||
        check_partial_reply(k, out, held, err, errlen))
        return -1;
    k->last_acc = 0;
    for (unsigned l = 0; l < g->lanes; l++) {
        int v = (int)fld(k, in, IHP_INS_VALID, l, 1), r = (int)fld(k, out, IHP_INS_READY, l, 1);
        if (r && !v)
            return irhw_err(err, errlen, "ins_ready[%u] is high without ins_valid", l);
        if (!r)
            continue;
        if (ms_add(&k->held, fld(k, in, IHP_INS_IDX, l, g->idx_bits),
                   fld(k, in, IHP_INS_POS, l, g->pos_bits),
                   fld(k, in, IHP_INS_DATA, l, g->data_bits)))
            return irhw_err(err, errlen, "checker out of memory");
        k->inserted++;
        k->last_acc++;
    }
    return 0;
}

int iru_hash_check_end(void *vk, char *err, size_t errlen)
{
    iru_check *k = vk;
    /* Every cycle already matched each element replied or merged out with
     * one inserted, and held with the rest; the totals must agree too. */
    if (k->inserted != k->replied + k->merged + k->reset_dropped + k->held.total)
        return irhw_err(err, errlen,
                        "%" PRIu64 " elements inserted, but %" PRIu64 " replied + %" PRIu64
                        " merged out + %" PRIu64 " dropped by a reset + %" PRIu64 " held",
                        k->inserted, k->replied, k->merged, k->reset_dropped, k->held.total);
    return 0;
}

/* For tests: the checker's view of the run: elements inserted, replied,
 * merged out, dropped by a reset, still held. */
void iru_hash_check_counts(const void *vk, uint64_t n[5])
{
    const iru_check *k = vk;
    n[0] = k->inserted;
    n[1] = k->replied;
    n[2] = k->merged;
    n[3] = k->reset_dropped;
    n[4] = k->held.total;
}
