/*
 * wru.c — the work redistribution unit (WRU) with a sorting network: its
 * description (parameters, ports) and its cycle-level C golden model.
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
 *   bank) is the width of each count; THRESHOLD must fit in it.
 *
 * The model holds the same state as the RTL (phase, the pipeline stages as
 * packed (count, bank) words per wire plus their valid bits, the round-robin
 * pointers) and evaluates the very comparator list the generator emits
 * (sortnet_make with the same kind and size), layer by layer between the
 * registers.
 */
#include "wru.h"

#include "area.h"

#include <stdlib.h>
#include <string.h>

static const char *const scheme_names[] = {"lsorting", "threshold", NULL};

static const irhw_param wru_params[WRU_NPARAMS] = {
    [WRU_P_LANES] = {"LANES", IRHW_PINT, 16, 2, WRU_MAX_LANES, NULL,
                     "banks (SIMD lanes) per core; non-powers of two are padded and pruned"},
    [WRU_P_COUNT_BITS] = {"COUNT_BITS", IRHW_PINT, 6, 1, 16, NULL,
                          "width of each bank's occupancy count (6 holds 0..32)"},
    [WRU_P_THRESHOLD] = {"THRESHOLD", IRHW_PINT, 5, 0, 65535, NULL,
                         "needy below, greedy above (must fit COUNT_BITS)"},
    [WRU_P_INTERVAL] = {"INTERVAL", IRHW_PINT, 10, 1, 65535, NULL,
                        "cycles between redistribution decisions"},
    [WRU_P_SCHEME] = {"SCHEME", IRHW_PENUM, 0, 0, 0, scheme_names,
                      "lsorting (ranked by a sorting network) or threshold (round-robin)"},
    [WRU_P_NETWORK] = {"NETWORK", IRHW_PENUM, SORTNET_BEST, 0, 0, sortnet_kind_names,
                       "sorting network: bitonic, oddeven, best (size), bestdepth (depth)"},
    [WRU_P_PIPELINE] = {"PIPELINE", IRHW_PINT, 0, 0, 32, NULL,
                        "register after every k-th comparator layer (0 = combinational)"},
};

/* ---- configuration ---------------------------------------------------- */

static int conf_fill(wru_conf *w, const irhw_cfg *c)
{
    memset(w, 0, sizeof *w);
    w->lanes = (unsigned)c->v[WRU_P_LANES];
    w->count_bits = (unsigned)c->v[WRU_P_COUNT_BITS];
    w->threshold = (unsigned)c->v[WRU_P_THRESHOLD];
    w->interval = (unsigned)c->v[WRU_P_INTERVAL];
    w->scheme = (int)c->v[WRU_P_SCHEME];
    w->network = (sortnet_kind)c->v[WRU_P_NETWORK];
    w->pipeline = (unsigned)c->v[WRU_P_PIPELINE];
    w->tag_bits = irhw_clog2(w->lanes);
    w->phase_bits = irhw_clog2(w->interval);
    w->pairs = w->lanes / 2;
    w->rank_bits = irhw_bits_for(w->lanes);
    return 0;
}

static int wru_validate(const irhw_cfg *c, char *err, size_t errlen)
{
    wru_conf w;
    conf_fill(&w, c);
    uint64_t tmax = irhw_mask(w.count_bits);
    if (w.threshold > tmax)
        return irhw_err(err, errlen,
                        "parameter THRESHOLD=%u does not fit COUNT_BITS=%u: THRESHOLD must be "
                        "0..%llu",
                        w.threshold, w.count_bits, (unsigned long long)tmax);
    if (w.scheme == WRU_THRESHOLD) {
        if (w.pipeline)
            return irhw_err(err, errlen,
                            "parameter PIPELINE=%u needs SCHEME=lsorting: the threshold scheme "
                            "has no sorting network to pipeline (PIPELINE must be 0)",
                            w.pipeline);
        return 0;
    }
    unsigned depth = sortnet_depth_of(w.network, w.lanes);
    if (depth == 0)
        return irhw_err(err, errlen, "parameter LANES=%u: cannot build the %s network", w.lanes,
                        sortnet_kind_name(w.network));
    if (w.pipeline > depth)
        return irhw_err(err, errlen,
                        "parameter PIPELINE=%u is out of range for the %s network on LANES=%u "
                        "(%u layers): PIPELINE must be 0..%u",
                        w.pipeline, sortnet_kind_name(w.network), w.lanes, depth, depth);
    return 0;
}

int wru_conf_init(wru_conf *w, const irhw_cfg *c, char *err, size_t errlen)
{
    if (irhw_cfg_check(&irhw_block_wru, c, err, errlen))
        return -1;
    conf_fill(w, c);
    if (w->scheme == WRU_LSORTING) {
        w->net = sortnet_make(w->network, w->lanes);
        if (!w->net)
            return irhw_err(err, errlen, "wru: out of memory building the sorting network");
        w->regs = w->pipeline ? w->net->depth / w->pipeline : 0;
    }
    return 0;
}

void wru_conf_free(wru_conf *w)
{
    sortnet_free(w->net);
    w->net = NULL;
}

int wru_reg_after(const wru_conf *w, unsigned layer)
{
    return w->pipeline && layer >= 1 && layer % w->pipeline == 0 && w->net &&
           layer <= w->net->depth;
}

unsigned wru_reg_layer(const wru_conf *w, unsigned s)
{
    return s * w->pipeline;
}

/* ---- the decision ------------------------------------------------------- */

static void plan_clear(wru_plan *p, int valid)
{
    memset(p, 0, sizeof *p);
    p->valid = valid;
}

void wru_lsorting_plan(const wru_conf *w, const uint64_t *sorted, int valid, wru_plan *p)
{
    plan_clear(p, valid);
    if (!valid)
        return;
    unsigned L = w->lanes, T = w->threshold;
    for (unsigned i = 0; i < L - 1 - i; i++) {
        unsigned rk = wru_key(w, sorted[i]), dk = wru_key(w, sorted[L - 1 - i]);
        if (!(rk < T && dk >= rk + 2))
            break;
        p->donor[p->npairs] = (uint8_t)wru_tag(w, sorted[L - 1 - i]);
        p->receiver[p->npairs] = (uint8_t)wru_tag(w, sorted[i]);
        p->npairs++;
    }
    unsigned greedy = 0, needy = 0;
    for (unsigned i = 0; i < L; i++) {
        greedy += wru_key(w, sorted[i]) > T;
        needy += wru_key(w, sorted[i]) < T;
    }
    if (greedy > needy) {
        p->xfer_valid = 1;
        p->xfer_bank = wru_tag(w, sorted[L - 1 - p->npairs]);
    }
}

void wru_threshold_plan(const wru_conf *w, const unsigned *counts, unsigned rr_donor,
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

int wru_core_empty(const wru_conf *w, const unsigned *counts)
{
    for (unsigned b = 0; b < w->lanes; b++)
        if (counts[b])
            return 0;
    return 1;
}

int wru_core_greedy(const wru_conf *w, const unsigned *counts)
{
    unsigned greedy = 0, needy = 0;
    for (unsigned b = 0; b < w->lanes; b++) {
        greedy += counts[b] > w->threshold;
        needy += counts[b] < w->threshold;
    }
    return greedy > needy;
}

/* ---- ports ---------------------------------------------------------------- */

static void wru_ports(const irhw_cfg *c, irhw_ports *ps)
{
    unsigned L = (unsigned)c->v[WRU_P_LANES], cb = (unsigned)c->v[WRU_P_COUNT_BITS];
    unsigned tb = irhw_clog2(L);
    if (tb == 0)
        tb = 1;
    static const struct {
        const char *name;
        irhw_dir dir;
        const char *group;
    } spec[WRU_NPORTS] = {
        [WRU_RST] = {"rst", IRHW_IN, "control"},
        [WRU_COUNTS] = {"counts", IRHW_IN, "banks"},
        [WRU_PLAN_VALID] = {"plan_valid", IRHW_OUT, "plan"},
        [WRU_DONATE_VALID] = {"donate_valid", IRHW_OUT, "plan"},
        [WRU_DONATE_TO] = {"donate_to", IRHW_OUT, "plan"},
        [WRU_RECEIVE_VALID] = {"receive_valid", IRHW_OUT, "plan"},
        [WRU_XFER_VALID] = {"xfer_valid", IRHW_OUT, "intercore"},
        [WRU_XFER_BANK] = {"xfer_bank", IRHW_OUT, "intercore"},
        [WRU_CORE_EMPTY] = {"core_empty", IRHW_OUT, "status"},
        [WRU_CORE_GREEDY] = {"core_greedy", IRHW_OUT, "status"},
    };
    const unsigned width[WRU_NPORTS] = {
        [WRU_RST] = 1,          [WRU_COUNTS] = L * cb,    [WRU_PLAN_VALID] = 1,
        [WRU_DONATE_VALID] = L, [WRU_DONATE_TO] = L * tb, [WRU_RECEIVE_VALID] = L,
        [WRU_XFER_VALID] = 1,   [WRU_XFER_BANK] = tb,     [WRU_CORE_EMPTY] = 1,
        [WRU_CORE_GREEDY] = 1,
    };
    for (unsigned i = 0; i < WRU_NPORTS; i++) {
        unsigned k = irhw_port_add(ps, spec[i].name, spec[i].dir, width[i], spec[i].group);
        (void)k; /* k == i by construction: ports are added in enum order */
    }
}

static void wru_module_name(const irhw_cfg *c, char *buf, size_t len)
{
    wru_conf w;
    conf_fill(&w, c);
    if (w.scheme == WRU_THRESHOLD)
        snprintf(buf, len, "wru_l%u_c%u_t%u_i%u_threshold", w.lanes, w.count_bits, w.threshold,
                 w.interval);
    else
        snprintf(buf, len, "wru_l%u_c%u_t%u_i%u_lsorting_%s_p%u", w.lanes, w.count_bits,
                 w.threshold, w.interval, sortnet_kind_name(w.network), w.pipeline);
}

/* ---- the model -------------------------------------------------------------- */

typedef struct {
    wru_conf w;
    irhw_ports ps;
    unsigned phase;
    unsigned rr_donor, rr_receiver; /* threshold */
    uint64_t *stage;                /* regs x lanes packed (count, bank); stage s at (s-1)*lanes */
    uint8_t *stage_valid;           /* regs */
    uint64_t decisions, transfers, xfers;
} wru_model;

static void wru_model_free(void *p)
{
    wru_model *m = p;
    if (!m)
        return;
    free(m->stage);
    free(m->stage_valid);
    wru_conf_free(&m->w);
    free(m);
}

static void *wru_model_new(const irhw_cfg *c, const irhw_ports *ps)
{
    wru_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (wru_conf_init(&m->w, c, NULL, 0)) {
        free(m);
        return NULL;
    }
    m->ps = *ps;
    unsigned R = m->w.regs ? m->w.regs : 1;
    m->stage = calloc((size_t)R * m->w.lanes, sizeof *m->stage);
    m->stage_valid = calloc(R, 1);
    if (!m->stage || !m->stage_valid) {
        wru_model_free(m);
        return NULL;
    }
    return m;
}

static void read_counts(const wru_model *m, const uint64_t *in, unsigned *counts)
{
    const uint64_t *v = irhw_cwide(in, &m->ps, WRU_COUNTS);
    for (unsigned b = 0; b < m->w.lanes; b++)
        counts[b] = (unsigned)irhw_bits_get(v, b * m->w.count_bits, m->w.count_bits);
}

static int sampling(const wru_model *m, const uint64_t *in)
{
    return !(irhw_get(in, &m->ps, WRU_RST) & 1) && m->phase == 0;
}

/* The plan leaving the unit this cycle, from the state and the inputs. */
static void current_plan(const wru_model *m, const uint64_t *in, const unsigned *counts,
                         wru_plan *p, unsigned *next_donor, unsigned *next_receiver)
{
    const wru_conf *w = &m->w;
    int sample = sampling(m, in);
    if (w->scheme == WRU_THRESHOLD) {
        wru_threshold_plan(w, counts, m->rr_donor, m->rr_receiver, sample, p, next_donor,
                           next_receiver);
        return;
    }
    uint64_t v[WRU_MAX_LANES];
    int valid = sample;
    unsigned first = 1;
    if (w->regs) {
        memcpy(v, m->stage + (size_t)(w->regs - 1) * w->lanes, w->lanes * sizeof *v);
        valid = m->stage_valid[w->regs - 1];
        first = wru_reg_layer(w, w->regs) + 1;
    } else {
        for (unsigned b = 0; b < w->lanes; b++)
            v[b] = wru_pack(w, counts[b], b);
    }
    sortnet_apply_layers(w->net, v, first, w->net->depth);
    wru_lsorting_plan(w, v, valid, p);
}

static void wru_model_eval(void *mp, const uint64_t *in, uint64_t *out)
{
    wru_model *m = mp;
    const wru_conf *w = &m->w;
    const irhw_ports *ps = &m->ps;
    unsigned counts[WRU_MAX_LANES], nd, nr;
    wru_plan p;
    read_counts(m, in, counts);
    current_plan(m, in, counts, &p, &nd, &nr);
    memset(out, 0, ps->out_words * sizeof *out);
    irhw_set(out, ps, WRU_PLAN_VALID, (uint64_t)p.valid);
    uint64_t *dv = irhw_wide(out, ps, WRU_DONATE_VALID), *dt = irhw_wide(out, ps, WRU_DONATE_TO),
             *rv = irhw_wide(out, ps, WRU_RECEIVE_VALID);
    for (unsigned j = 0; j < p.npairs; j++) {
        irhw_bits_set(dv, p.donor[j], 1, 1);
        irhw_bits_set(dt, p.donor[j] * w->tag_bits, w->tag_bits, p.receiver[j]);
        irhw_bits_set(rv, p.receiver[j], 1, 1);
    }
    irhw_set(out, ps, WRU_XFER_VALID, (uint64_t)p.xfer_valid);
    irhw_set(out, ps, WRU_XFER_BANK, p.xfer_valid ? p.xfer_bank : 0);
    irhw_set(out, ps, WRU_CORE_EMPTY, (uint64_t)wru_core_empty(w, counts));
    irhw_set(out, ps, WRU_CORE_GREEDY, (uint64_t)wru_core_greedy(w, counts));
}

static void wru_model_tick(void *mp, const uint64_t *in)
{
    wru_model *m = mp;
    const wru_conf *w = &m->w;
    unsigned counts[WRU_MAX_LANES], nd, nr;
    wru_plan p;
    read_counts(m, in, counts);
    current_plan(m, in, counts, &p, &nd, &nr);
    if (irhw_get(in, &m->ps, WRU_RST) & 1) {
        m->phase = 0;
        m->rr_donor = m->rr_receiver = 0;
        memset(m->stage, 0, (size_t)(w->regs ? w->regs : 1) * w->lanes * sizeof *m->stage);
        memset(m->stage_valid, 0, w->regs ? w->regs : 1);
        return;
    }
    if (p.valid) {
        m->decisions++;
        m->transfers += p.npairs;
        m->xfers += (uint64_t)p.xfer_valid;
    }
    int sample = sampling(m, in);
    if (w->scheme == WRU_THRESHOLD) {
        m->rr_donor = nd;
        m->rr_receiver = nr;
    }
    /* Pipeline stages, last first so each reads its predecessor's old value. */
    for (unsigned s = w->regs; s >= 1; s--) {
        uint64_t *dst = m->stage + (size_t)(s - 1) * w->lanes;
        if (s == 1) {
            for (unsigned b = 0; b < w->lanes; b++)
                dst[b] = wru_pack(w, counts[b], b);
            m->stage_valid[0] = (uint8_t)sample;
        } else {
            memcpy(dst, dst - w->lanes, w->lanes * sizeof *dst);
            m->stage_valid[s - 1] = m->stage_valid[s - 2];
        }
        sortnet_apply_layers(w->net, dst, s == 1 ? 1 : wru_reg_layer(w, s - 1) + 1,
                             wru_reg_layer(w, s));
    }
    m->phase = m->phase + 1 >= w->interval ? 0 : m->phase + 1;
}

static void wru_model_stats(void *mp, FILE *f)
{
    const wru_model *m = mp;
    fprintf(f, "wru: %llu decisions, %llu in-core transfers, %llu inter-core donations\n",
            (unsigned long long)m->decisions, (unsigned long long)m->transfers,
            (unsigned long long)m->xfers);
}

/* ---- area ------------------------------------------------------------------- */

/* No arrays: the state is the interval counter, the pipeline stages and the
 * round-robin pointers, all flip-flops in the logic. */
static void wru_storage(const irhw_cfg *c, irhw_storage *st)
{
    wru_conf w;
    memset(st, 0, sizeof *st);
    if (wru_conf_init(&w, c, NULL, 0))
        return;
    uint64_t bits = w.phase_bits;
    bits += (uint64_t)w.regs * (w.lanes * (w.count_bits + w.tag_bits) + 1);
    if (w.scheme == WRU_THRESHOLD)
        bits += 2 * w.tag_bits;
    st->storage_bits = bits;
    wru_conf_free(&w);
}

static int wru_area_notes(const irhw_cfg *c, const struct irhw_area_res *r, irhw_note *notes,
                          int max)
{
    wru_conf w;
    int n = 0;
    if (wru_conf_init(&w, c, NULL, 0))
        return 0;
#define NOTE(k, val, ...)                                                                          \
    do {                                                                                           \
        if (n < max) {                                                                             \
            snprintf(notes[n].key, sizeof notes[n].key, "%s", k);                                  \
            snprintf(notes[n].text, sizeof notes[n].text, __VA_ARGS__);                            \
            notes[n].value = (val);                                                                \
            n++;                                                                                   \
        }                                                                                          \
    } while (0)
    NOTE("paper_sortnet_um2", 162.0,
         "paper (hwwl §V-B): 16-input sorting network, 162 µm², the paper's own first-order "
         "estimate with a 40 nm TSMC library, not a synthesis result");
    NOTE("paper_sortnet_stages", 4.0,
         "paper: modelled as \"16 nodes and 4 stages\"; a complete 16-input sorter needs at "
         "least 9 comparator layers (proven minimum), so that estimate covers less than one");
    if (w.scheme == WRU_LSORTING) {
        NOTE("comparators", (double)w.net->size,
             "ours: %s network on %u inputs, %u comparators in %u layers, %u pipeline stages",
             sortnet_kind_name(w.network), w.lanes, w.net->size, w.net->depth, w.regs);
    } else {
        NOTE("comparators", 0.0,
             "ours: threshold scheme, no sorting network (round-robin "
             "matching of greedy and needy banks)");
    }
    if (r) {
        NOTE("ours_um2", r->total_um2,
             "ours: %.0f µm² for the whole WRU (network, pairing, counters), synthesized "
             "with Yosys on %.60s (%.30s)",
             r->total_um2, r->library, r->node);
        double node = strtod(r->node, NULL);
        if (node > 0 && r->total_um2 > 0) {
            double at40 = r->total_um2 * (40.0 / node) * (40.0 / node);
            NOTE("ours_um2_at_40nm", at40,
                 "ours scaled to 40 nm by (40/%.0f)^2: about %.0f µm², %.1fx the paper's 162 "
                 "µm² (first-order scaling only)",
                 node, at40, at40 / 162.0);
        }
        if (w.scheme == WRU_LSORTING && w.net->size && r->total_um2 > 0)
            NOTE("um2_per_comparator", r->total_um2 / w.net->size,
                 "ours: %.1f µm² per comparator (%u-bit count + %u-bit bank tag per side), "
                 "pairing logic included",
                 r->total_um2 / w.net->size, w.count_bits, w.tag_bits);
        if (r->have_sta)
            NOTE("crit_ns", r->crit_ns, "ours: critical path %.3f ns (%.60s -> %.60s)", r->crit_ns,
                 r->crit_from, r->crit_to);
    }
#undef NOTE
    wru_conf_free(&w);
    return n;
}

/* ---- the description ---------------------------------------------------------- */

static const char *const wru_leaf_cells[] = {NULL}; /* none: flip-flops only */

IRHW_BLOCK(wru) = {
    .name = "wru",
    .title = "work redistribution unit with sorting network",
    .paper = "hwwl §III-C, §IV-D, §V-B (spec §2)",
    .params = wru_params,
    .nparams = WRU_NPARAMS,
    .validate = wru_validate,
    .ports = wru_ports,
    .module_name = wru_module_name,
    .model_new = wru_model_new,
    .model_free = wru_model_free,
    .model_eval = wru_model_eval,
    .model_tick = wru_model_tick,
    .model_stats = wru_model_stats,
    .gen = wru_gen,
    .leaf_cells = wru_leaf_cells,
    .gen_summary = wru_gen_summary,
    .draw_svg = wru_draw_svg,
    .stim_new = wru_stim_new,
    .stim_free = wru_stim_free,
    .stim_next = wru_stim_next,
    .check_new = wru_check_new,
    .check_free = wru_check_free,
    .check_cycle = wru_check_cycle,
    .check_end = wru_check_end,
    .storage = wru_storage,
    .area_notes = wru_area_notes,
};
