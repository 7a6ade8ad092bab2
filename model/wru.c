/*
 * wru.c — the work redistribution unit (WRU) with a sorting network: its
 * cycle-level C golden model (its description: model/wru_block.c).
 * Models the hwwl paper §III-C (the threshold and local-sorting schemes,
 * interval-based redistribution, the per-core empty and global greedy
 * bits), §IV-D (THRESHOLD = 5, INTERVAL = 10) and §V-B (the 16-input
 * sorting network, 162 µm² at 40 nm); spec: shared/spec/blocks.md §2.
 *
 * One WRU per core watches the occupancy `counts` of its LANES worklist
 * banks and, once every INTERVAL cycles, emits a transfer list: which banks
 * donate one work ID to which others, and which bank, if any, donates one
 * to the inter-core network (ICRN). The moves themselves happen through the
 * banks' single ports, outside the WRU.
 *
 * Decisions taken where the paper and the spec are silent:
 *
 * - Ports. In: `rst`, `counts` (LANES x COUNT_BITS; bank b at
 *   [b*COUNT_BITS +: COUNT_BITS]). Out, the transfer list: `plan_valid`
 *   (a decision comes out this cycle), `donate_valid` (LANES bits: bank b
 *   gives one word), `donate_to` (LANES x clog2(LANES): the receiver of
 *   donor b), `receive_valid` (LANES bits: bank b takes one word);
 *   the inter-core donor: `xfer_valid`, `xfer_bank`; the core status:
 *   `core_empty`, `core_greedy`. Every plan output is zero when
 *   plan_valid is 0, donate_to is zero for banks that do not donate,
 *   xfer_bank is zero when xfer_valid is 0. A plan is a one-cycle pulse: a
 *   move that the bank port cannot do in that cycle is dropped and the next
 *   interval decides again (spec §1); the consumer of xfer_valid does the
 *   ICRN valid/ready handshake and likewise drops a refused word.
 * - Interval. A counter `phase` counts 0..INTERVAL-1 and wraps; reset sets
 *   it to 0. The counts are sampled (`sample`) when phase == 0 and rst is
 *   low: the first cycle after reset, then every INTERVAL cycles.
 *   INTERVAL = 1 samples every cycle (no counter).
 * - Pipeline (lsorting). PIPELINE = k > 0 puts a register stage after
 *   every k-th comparator layer: after layers k, 2k, ... up to the last
 *   layer (so when k divides the depth the last register sits between the
 *   network and the pairing logic). Latency = floor(depth / k) cycles: the
 *   plan for counts sampled in cycle t comes out in cycle t + latency. The
 *   pipeline registers load every cycle (data and a valid bit), reset to
 *   zero; PIPELINE is 0..depth (validated against the chosen network).
 *   The pairing logic after the network is combinational into the outputs.
 * - NETWORK: bitonic, oddeven (Batcher; non-powers of two pruned from the
 *   next power of two), best (the smallest known comparator count, e.g. a
 *   60-comparator 16-sorter, the size of Green's; above 16 lanes the
 *   smallest network the library composes) and bestdepth (offered as well: the fewest layers,
 *   e.g. the 61-comparator 9-layer 16-sorter). See model/sortnet.h.
 * - Ranking: ascending by (count, bank index) — rank 0 has the least
 *   work; equal counts rank the lower bank first. The network compares the
 *   packed pair {count, bank} as one number.
 * - lsorting pairing (spec): pair i moves a word from rank LANES-1-i to
 *   rank i, for i < LANES-1-i, while rank i is needy (count < THRESHOLD)
 *   and the donor holds at least two more. The counts are sorted, so both
 *   conditions hold for a prefix of the pairs: the RTL evaluates each pair
 *   on its own, the model walks and stops, and they agree. The all-needy
 *   case needs no rule of its own (it is the same pairing).
 * - core_empty and core_greedy are live: combinational from this cycle's
 *   counts, every cycle, not interval-sampled and not pipelined (the ICRN
 *   and the DONE decision need the current state). core_greedy =
 *   #(count > THRESHOLD) > #(count < THRESHOLD), in both schemes.
 * - Inter-core donor: with the plan, xfer_valid = core_greedy *of the
 *   sampled counts* (recomputed from the sorted keys at the end of the
 *   pipeline) and xfer_bank = the highest-ranked bank not donating inside
 *   the core, rank LANES-1-p for p in-core pairs. When core_greedy holds
 *   that bank is greedy (so it has work) and is not a receiver.
 * - threshold: no sorting network (NETWORK is ignored, PIPELINE must be
 *   0). Greedy banks (count > THRESHOLD) donate to needy banks (count <
 *   THRESHOLD) round-robin, with two pointer registers rr_donor and
 *   rr_receiver (clog2(LANES) bits, reset 0). At a sample, the greedy
 *   banks are listed in index order starting at rr_donor and wrapping at
 *   LANES, the needy banks likewise from rr_receiver; the j-th greedy bank
 *   gives to the j-th needy bank for j < m = min(#greedy, #needy). If
 *   #greedy > #needy, the (m+1)-th greedy bank is the inter-core donor.
 *   Then rr_donor moves to one past the last donor listed (the inter-core
 *   donor included) and rr_receiver to one past the last receiver; a
 *   pointer with nobody to serve keeps its value. (The model walks the
 *   banks; the RTL ranks them all at once with prefix counts, the same
 *   order.)
 * - COUNT_BITS (1..16, default 6 = bits for 0..32, the spec's 32-entry
 *   bank) is the width of each count; THRESHOLD must fit in it. Not set,
 *   THRESHOLD is the paper's 5, or 2^COUNT_BITS - 1 when that is smaller
 *   (a set THRESHOLD that does not fit is rejected, never clamped).
 * - Timing contract (model/wru_block.c): core_empty and core_greedy follow
 *   counts in the same cycle; the plan outputs follow counts and rst in the
 *   same cycle when PIPELINE = 0 (sample = !rst && phase == 0) and are
 *   registered (the last pipeline stage) when PIPELINE > 0.
 *
 * The model holds the same state as the RTL (phase, the pipeline stages as
 * packed (count, bank) words per wire plus their valid bits, the round-robin
 * pointers) and evaluates the very comparator list the generator emits
 * (sortnet_make with the same kind and size), layer by layer between the
 * registers.
 */
#include "wru.h"

#include <stdlib.h>
#include <string.h>

/* ---- the decision ------------------------------------------------------- */

static void plan_clear(wru_plan *p, int valid)
{
    memset(p, 0, sizeof *p);
    p->valid = valid;
}

void wru_lsorting_plan(const wru_geom *w, const uint64_t *sorted, int greedy, wru_plan *p)
{
    plan_clear(p, 1);
    /* w's fields in locals: the byte stores into p below may alias them */
    unsigned L = w->lanes, T = w->threshold, tb = w->tag_bits, n = 0, two_more = 0;
    uint64_t tag = irhw_mask(tb); /* wru_key(v) = v >> tb, wru_tag(v) = v & tag */
    for (; n < L - 1 - n; n++) {
        uint64_t r = sorted[n], d = sorted[L - 1 - n];
        unsigned rk = (unsigned)(r >> tb), dk = (unsigned)(d >> tb);
        if (!(rk < T && dk >= rk + 2)) {
            p->one_more = rk < T && dk == rk + 1;
            break;
        }
        p->donor[n] = (uint8_t)(d & tag);
        p->receiver[n] = (uint8_t)(r & tag);
        two_more += dk == rk + 2;
    }
    p->npairs = n;
    p->two_more = two_more;
    if (greedy) {
        p->xfer_valid = 1;
        p->xfer_bank = (unsigned)(sorted[L - 1 - n] & tag);
    }
}

int wru_keys_greedy(const wru_geom *w, const uint64_t *keys)
{
    unsigned greedy = 0, needy = 0;
    for (unsigned i = 0; i < w->lanes; i++) {
        greedy += wru_key(w, keys[i]) > w->threshold;
        needy += wru_key(w, keys[i]) < w->threshold;
    }
    return greedy > needy;
}

void wru_threshold_plan(const wru_geom *w, const unsigned *counts, unsigned rr_donor,
                        unsigned rr_receiver, int valid, wru_plan *p, unsigned *next_donor,
                        unsigned *next_receiver)
{
    unsigned L = w->lanes, T = w->threshold;
    unsigned donors[WRU_MAX_LANES] = {0}, receivers[WRU_MAX_LANES] = {0}, nd = 0, nr = 0;
    plan_clear(p, valid);
    *next_donor = rr_donor;
    *next_receiver = rr_receiver;
    if (!valid)
        return;
    for (unsigned k = 0; k < L; k++) {
        unsigned b = (rr_donor + k) % L, r = (rr_receiver + k) % L;
        if (counts[b] > T)
            donors[nd++] = b;
        if (counts[r] < T)
            receivers[nr++] = r;
    }
    unsigned m = nd < nr ? nd : nr;
    for (unsigned j = 0; j < m; j++) {
        p->donor[j] = (uint8_t)donors[j];
        p->receiver[j] = (uint8_t)receivers[j];
    }
    p->npairs = m;
    if (nd > nr) {
        p->xfer_valid = 1;
        p->xfer_bank = donors[m];
    }
    unsigned used = m + (unsigned)p->xfer_valid;
    if (used)
        *next_donor = (donors[used - 1] + 1) % L;
    if (m)
        *next_receiver = (receivers[m - 1] + 1) % L;
}

int wru_core_empty(const wru_geom *w, const unsigned *counts)
{
    for (unsigned b = 0; b < w->lanes; b++)
        if (counts[b])
            return 0;
    return 1;
}

int wru_core_greedy(const wru_geom *w, const unsigned *counts)
{
    unsigned greedy = 0, needy = 0;
    for (unsigned b = 0; b < w->lanes; b++) {
        greedy += counts[b] > w->threshold;
        needy += counts[b] < w->threshold;
    }
    return greedy > needy;
}

/* ---- the model -------------------------------------------------------------- */

typedef struct {
    const wru_geom *w;
    const irhw_ports *ps;
    unsigned phase;
    unsigned rr_donor, rr_receiver; /* threshold */
    uint64_t *stage;                /* regs x lanes packed (count, bank); stage s at (s-1)*lanes */
    uint8_t *stage_valid;           /* regs */
    uint64_t decisions, transfers, xfers;
    wru_sides sides; /* wru_live_of's table */
    /* Memo of the counts port: the words last seen (cwords) and their live
     * status, computed every cycle they change (the counts themselves are
     * decoded only where a sample needs them); and the plan leaving the
     * unit for them in this state (eval, cover and tick share it; new
     * counts drop it, and a tick unless it depends on the counts alone). */
    unsigned nwords;
    int have_plan;
    uint64_t cwords[WRU_MAX_COUNT_WORDS + 1]; /* as wru_live_of leaves them */
    wru_live live;
    wru_plan plan;
    unsigned next_donor, next_receiver;
    uint64_t sorted[WRU_MAX_LANES]; /* the keys the memo's lsorting plan ranked */
} wru_model;

int wru_sides_init(wru_sides *s, const wru_geom *w)
{
    unsigned cb = w->count_bits, T = w->threshold;
    s->banks = 16 / cb < w->lanes ? 16 / cb : w->lanes; /* COUNT_BITS <= 16: at least 1 */
    s->bits = s->banks * cb;
    unsigned left = (w->lanes + s->banks - 1) / s->banks, have = 64, i = 0;
    int side0 = -(T > 0); /* side(0): a count of 0 is needy unless THRESHOLD is 0 */
    s->pad = -side0 * (int)(left * s->banks - w->lanes);
    for (;; i++) { /* lay the lookups out over the words */
        unsigned n = have / s->bits < left ? have / s->bits : left;
        s->whole[i] = (uint8_t)n;
        left -= n;
        have -= n * s->bits;
        if (!left)
            break;
        s->tail[i] = (uint8_t)have; /* one straddles into word i+1 */
        left--;
        have += 64 - s->bits;
    }
    s->words = i + 1;
    unsigned bits = w->lanes * cb;
    s->nwords = irhw_words(bits);
    s->top = irhw_mask(bits - 64 * (s->nwords - 1));
    s->sum = malloc((size_t)1 << s->bits);
    if (!s->sum)
        return -1;
    /* x's banks: its lowest (x & count_max), then those of x >> COUNT_BITS,
     * whose top bank is a 0 that sum[x >> COUNT_BITS] counted */
    s->sum[0] = (int8_t)(side0 * (int)s->banks);
    for (uint64_t x = 1; x < (uint64_t)1 << s->bits; x++) {
        unsigned c = (unsigned)(x & w->count_max);
        s->sum[x] = (int8_t)((c > T) - (c < T) + s->sum[x >> cb] - side0);
    }
    return 0;
}

void wru_sides_free(wru_sides *s)
{
    free(s->sum);
    s->sum = NULL;
}

void wru_model_free(void *p)
{
    wru_model *m = p;
    if (!m)
        return;
    free(m->stage);
    free(m->stage_valid);
    wru_sides_free(&m->sides);
    free(m);
}

void *wru_model_new(const irhw_inst *x)
{
    wru_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->w = wru_g(x);
    m->ps = &x->ps;
    m->nwords = irhw_words(m->w->lanes * m->w->count_bits);
    unsigned R = m->w->slots;
    m->stage = calloc((size_t)R * m->w->lanes, sizeof *m->stage);
    m->stage_valid = calloc(R, 1);
    if (!m->stage || !m->stage_valid || wru_sides_init(&m->sides, m->w)) {
        wru_model_free(m);
        return NULL;
    }
    m->live = wru_live_of(&m->sides, m->cwords, m->cwords); /* the memo starts at counts of 0 */
    return m;
}

static int rst_of(const wru_model *m, const uint64_t *in)
{
    return (int)(irhw_get(in, m->ps, WRU_RST) & 1);
}

/* Whether the memo holds these counts words. */
static int same_counts(const wru_model *m, const uint64_t *v)
{
    for (unsigned i = 0; i < m->nwords; i++)
        if (v[i] != m->cwords[i])
            return 0;
    return 1;
}

/* New counts words: their live status, their plan anew. Out of line: most
 * cycles' counts are in the memo, or new only at the first call of a cycle. */
__attribute__((noinline)) static void new_counts(wru_model *m, const uint64_t *v)
{
    m->have_plan = 0;
    m->live = wru_live_of(&m->sides, m->cwords, v);
}

/* The memo for this cycle's counts. */
static inline void see_counts(wru_model *m, const uint64_t *in)
{
    const uint64_t *v = irhw_cwide(in, m->ps, WRU_COUNTS);
    if (!same_counts(m, v))
        new_counts(m, v);
}

/* Whether a plan leaves the unit this cycle (else every plan output is 0). */
static int plan_leaves(const wru_model *m, int rst)
{
    return m->w->regs ? m->stage_valid[m->w->regs - 1] : !rst && m->phase == 0;
}

/* The plan leaving the unit this cycle (only while plan_leaves), computed
 * once per state and inputs (SystemC may tick with inputs eval never saw:
 * see_counts compares them). It depends on the counts only without
 * pipeline registers, and not on rst (without registers a plan leaves
 * only when rst is low). */
static const wru_plan *plan_now(wru_model *m, const uint64_t *in)
{
    const wru_geom *w = m->w;
    see_counts(m, in); /* drops the plan if the counts changed */
    if (m->have_plan)
        return &m->plan;
    m->have_plan = 1;
    if (w->scheme == WRU_THRESHOLD) {
        unsigned counts[WRU_MAX_LANES];
        wru_unpack_counts(w, m->cwords, counts);
        wru_threshold_plan(w, counts, m->rr_donor, m->rr_receiver, 1, &m->plan, &m->next_donor,
                           &m->next_receiver);
        return &m->plan;
    }
    uint64_t *v = m->sorted;
    sortnet net = wru_net(w);
    if (w->regs) { /* the last stage: its layers left, its keys' status */
        memcpy(v, m->stage + (size_t)(w->regs - 1) * w->lanes, w->lanes * sizeof *v);
        sortnet_apply_layers(&net, v, wru_reg_layer(w, w->regs) + 1, w->depth);
        wru_lsorting_plan(w, v, wru_keys_greedy(w, v), &m->plan);
        return &m->plan;
    }
    wru_unpack_keys(w, m->cwords, v); /* sampled now: their live status */
    sortnet_apply_layers(&net, v, 1, w->depth);
    wru_lsorting_plan(w, v, m->live.greedy, &m->plan);
    return &m->plan;
}

/* The plan outputs of a cycle a plan leaves (out[] cleared). */
__attribute__((noinline)) static void put_plan(wru_model *m, const uint64_t *in, uint64_t *out)
{
    const wru_geom *w = m->w;
    const irhw_ports *ps = m->ps;
    const wru_plan *p = plan_now(m, in);
    irhw_set(out, ps, WRU_PLAN_VALID, 1);
    uint64_t *dv = irhw_wide(out, ps, WRU_DONATE_VALID), *dt = irhw_wide(out, ps, WRU_DONATE_TO),
             *rv = irhw_wide(out, ps, WRU_RECEIVE_VALID);
    for (unsigned j = 0; j < p->npairs; j++) { /* out[] is clear: set bits by OR */
        unsigned d = p->donor[j], r = p->receiver[j];
        dv[d / 64] |= (uint64_t)1 << d % 64;
        irhw_bits_set(dt, d * w->tag_bits, w->tag_bits, r);
        rv[r / 64] |= (uint64_t)1 << r % 64;
    }
    irhw_set(out, ps, WRU_XFER_VALID, (uint64_t)p->xfer_valid);
    irhw_set(out, ps, WRU_XFER_BANK, p->xfer_valid ? p->xfer_bank : 0);
}

void wru_model_eval(void *mp, const uint64_t *in, uint64_t *out)
{
    wru_model *m = mp;
    const irhw_ports *ps = m->ps;
    see_counts(m, in);
    memset(out, 0, ps->out_words * sizeof *out);
    irhw_set(out, ps, WRU_CORE_EMPTY, (uint64_t)m->live.empty);
    irhw_set(out, ps, WRU_CORE_GREEDY, (uint64_t)m->live.greedy);
    if (plan_leaves(m, rst_of(m, in))) /* else every plan output is 0 (most cycles) */
        put_plan(m, in, out);
}

/* Coverage of a sample: the sampled counts (sorted here by the same
 * network) and the plan they make. */
__attribute__((noinline)) static void cover_sample(const wru_model *m, const uint64_t *in,
                                                   uint64_t *hits)
{
    const wru_geom *w = m->w;
    unsigned L = w->lanes;
    /* Eval's status and (PIPELINE = 0) its plan of these very counts,
     * when the memo holds them; else our own. */
    const uint64_t *cv = irhw_cwide(in, m->ps, WRU_COUNTS);
    int memo = same_counts(m, cv);
    wru_live live = m->live;
    if (!memo) {
        uint64_t cw[WRU_MAX_COUNT_WORDS + 1];
        live = wru_live_of(&m->sides, cw, cv);
    }
    if (live.balance == (int)L)
        hits[WRU_COV_ALL_GREEDY]++;
    if (w->scheme == WRU_THRESHOLD) {
        if (live.balance == -(int)L)
            hits[WRU_COV_ALL_NEEDY]++;
        return;
    }
    wru_plan own;
    const wru_plan *p = &own;
    if (memo && m->have_plan && !w->regs) {
        p = &m->plan; /* eval's plan of these very counts */
    } else {
        uint64_t v[WRU_MAX_LANES];
        wru_unpack_keys(w, cv, v);
        sortnet net = wru_net(w);
        sortnet_apply_layers(&net, v, 1, w->depth);
        wru_lsorting_plan(w, v, live.greedy, &own);
    }
    if (live.balance == -(int)L && p->npairs)
        hits[WRU_COV_ALL_NEEDY]++;
    hits[WRU_COV_DONOR_TWO_MORE] += p->two_more;
    if (p->one_more)
        hits[WRU_COV_DONOR_ONE_MORE]++;
}

/* Coverage of a plan leaving the unit. */
__attribute__((noinline)) static void cover_plan(const wru_model *m, const uint64_t *out,
                                                 uint64_t *hits)
{
    const irhw_ports *ps = m->ps;
    const uint64_t *dv = irhw_cwide(out, ps, WRU_DONATE_VALID);
    unsigned n = 0;
    for (unsigned i = 0; i < irhw_words(m->w->lanes); i++)
        n += (unsigned)__builtin_popcountll(dv[i]);
    if (n == m->w->pairs)
        hits[WRU_COV_MAX_PAIRS]++;
    if (irhw_get(out, ps, WRU_XFER_VALID))
        hits[WRU_COV_XFER]++;
}

/* Coverage: the pipeline, the plan leaving the unit (cover_plan), and at a
 * sample the sampled counts (cover_sample); most cycles none of them. */
void wru_cover(const void *mp, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const wru_model *m = mp;
    const wru_geom *w = m->w;
    if (irhw_get(in, m->ps, WRU_RST) & 1)
        return;
    if (w->regs) {
        unsigned busy = 1;
        for (unsigned s = 0; s < w->regs; s++)
            busy &= m->stage_valid[s];
        if (busy)
            hits[WRU_COV_STAGES_BUSY]++;
    }
    if (irhw_get(out, m->ps, WRU_PLAN_VALID))
        cover_plan(m, out, hits);
    if (m->phase == 0) /* a sample (rst is low here) */
        cover_sample(m, in, hits);
}

/* The pipeline stages at the clock edge, last first so each reads its
 * predecessor's old value. A stage's contents are read only while it is
 * valid: an invalid one is neither copied nor sorted (its values are never
 * seen). */
__attribute__((noinline)) static void tick_stages(wru_model *m, const uint64_t *in, int sample)
{
    const wru_geom *w = m->w;
    sortnet net = wru_net(w);
    for (unsigned s = w->regs; s >= 1; s--) {
        uint64_t *dst = m->stage + (size_t)(s - 1) * w->lanes;
        uint8_t valid = s == 1 ? (uint8_t)sample : m->stage_valid[s - 2];
        m->stage_valid[s - 1] = valid;
        if (!valid)
            continue;
        if (s == 1) {
            see_counts(m, in);
            wru_unpack_keys(w, m->cwords, dst);
        } else {
            memcpy(dst, dst - w->lanes, w->lanes * sizeof *dst);
        }
        sortnet_apply_layers(&net, dst, s == 1 ? 1 : wru_reg_layer(w, s - 1) + 1,
                             wru_reg_layer(w, s));
    }
}

/* A plan leaving at this edge: its statistics, and the threshold pointers. */
__attribute__((noinline)) static void tick_plan(wru_model *m, const uint64_t *in)
{
    const wru_plan *p = plan_now(m, in);
    m->decisions++;
    m->transfers += p->npairs;
    m->xfers += (uint64_t)p->xfer_valid;
    if (m->w->scheme == WRU_THRESHOLD) {
        m->rr_donor = m->next_donor;
        m->rr_receiver = m->next_receiver;
    }
}

void wru_model_tick(void *mp, const uint64_t *in)
{
    wru_model *m = mp;
    const wru_geom *w = m->w;
    if (rst_of(m, in)) {
        m->have_plan = 0;
        m->phase = 0;
        m->rr_donor = m->rr_receiver = 0;
        memset(m->stage, 0, (size_t)w->slots * w->lanes * sizeof *m->stage);
        memset(m->stage_valid, 0, w->slots);
        return;
    }
    if (plan_leaves(m, 0))
        tick_plan(m, in);
    /* The state changes below: the plan of the pipeline's last stage or of
     * the threshold pointers goes; lsorting's without registers depends on
     * the counts alone and serves the next sample of the same counts. */
    if (w->regs || w->scheme == WRU_THRESHOLD)
        m->have_plan = 0;
    if (w->regs)
        tick_stages(m, in, m->phase == 0);
    m->phase = m->phase + 1 >= w->interval ? 0 : m->phase + 1;
}

void wru_model_stats(void *mp, FILE *f)
{
    const wru_model *m = mp;
    fprintf(f, "wru: %llu decisions, %llu in-core transfers, %llu inter-core donations\n",
            (unsigned long long)m->decisions, (unsigned long long)m->transfers,
            (unsigned long long)m->xfers);
}
