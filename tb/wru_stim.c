/*
 * wru_stim.c — stimulus and invariant checker for the WRU (model/wru.c).
 *
 * Stimulus: the only input is `counts` (rst is forced by the driver on
 * cycles 0 and 1). MIXED runs the directed patterns first, then random
 * segments; DIRECTED repeats the patterns; RANDOM only random segments.
 *
 * Directed patterns, each held for INTERVAL cycles from cycle 2 so that
 * every one is sampled exactly once: all empty; all equal (0, THRESHOLD,
 * THRESHOLD-1, THRESHOLD+1, max); all needy; all greedy; ramps up and down;
 * alternating empty/full; ties in pairs; counts around THRESHOLD; counts
 * exactly two apart and one apart (the lsorting "two more" rule); greedy =
 * needy + 1 and greedy = needy (the core_greedy boundary); one bank with
 * work (for every bank: full, and just greedy); one bank empty among full
 * ones (for every bank).
 *
 * Random segments (20..400 cycles each) draw one distribution — uniform,
 * around THRESHOLD, small, bimodal, sparse, few distinct values (ties), or a
 * closed loop in which the counts follow the previous cycle's transfer list
 * plus random lane pushes and pulls — and change the counts every cycle,
 * sometimes, or rarely. A rare reset in the middle tests that the pipeline
 * forgets its in-flight decisions.
 *
 * Checker (run on the model's and on the RTL's outputs): plan_valid comes
 * exactly `latency` cycles after a sample (a reset in between cancels it);
 * every plan output is zero without plan_valid; for lsorting the plan equals
 * the one derived from a plain sort (qsort) of the sampled counts, each pair
 * judged on its own; for threshold every donor was greedy and every receiver
 * needy at the sample, the pairs number min(#greedy, #needy), the inter-core
 * donor is greedy and not donating in the core; core_empty and core_greedy
 * match the live counts.
 */
#include "wru.h"

#include <stdlib.h>
#include <string.h>

/* ---- stimulus ------------------------------------------------------------- */

enum rand_kind {
    R_UNIFORM,
    R_NEAR_T,
    R_SMALL,
    R_BIMODAL,
    R_SPARSE,
    R_FEW_VALUES,
    R_CLOSED_LOOP,
    R_NKINDS
};

#define N_FIXED_PATTERNS 19

typedef struct {
    const wru_geom *w;
    const irhw_ports *ps;
    irhw_rng rng;
    uint64_t cycles;
    irhw_stim_mode mode;
    unsigned max; /* largest count */
    unsigned counts[WRU_MAX_LANES];
    unsigned npatterns;
    uint64_t directed_end; /* first cycle after the directed phase */
    /* random segment */
    enum rand_kind kind;
    uint64_t seg_end;
    unsigned change_pct;
    unsigned few[3];
    unsigned rst_left;
} wru_stim;

/* Uniform in [lo, hi] clamped to 0..max. Inline: the random segments draw
 * one per bank a cycle, mostly with bounds known where they are called. */
static inline __attribute__((always_inline)) unsigned urange(wru_stim *s, int lo, int hi)
{
    if (lo < 0)
        lo = 0;
    if (hi > (int)s->max)
        hi = (int)s->max;
    if (hi < lo)
        return (unsigned)(lo > (int)s->max ? (int)s->max : lo);
    return (unsigned)lo + (unsigned)irhw_rng_below(&s->rng, (uint64_t)(hi - lo + 1));
}

static unsigned clampc(const wru_stim *s, int x)
{
    return x < 0 ? 0 : x > (int)s->max ? s->max : (unsigned)x;
}

/* Count of bank b in directed pattern `id`. */
static unsigned pattern_count(wru_stim *s, unsigned id, unsigned b)
{
    unsigned L = s->w->lanes, M = s->max;
    int T = (int)s->w->threshold;
    switch (id) {
    case 0: /* core empty */
        return 0;
    case 1: /* all equal at THRESHOLD */
        return clampc(s, T);
    case 2: /* all full */
        return M;
    case 3: /* all needy, equal */
        return clampc(s, T - 1);
    case 4: /* all needy */
        return urange(s, 0, T - 1);
    case 5: /* all greedy */
        return urange(s, T + 1, (int)M);
    case 6: /* ramp up */
        return b * M / (L - 1);
    case 7: /* ramp down */
        return (L - 1 - b) * M / (L - 1);
    case 8: /* alternating empty / full */
        return b % 2 ? M : 0;
    case 9: /* ties in pairs */
        return clampc(s, (int)(b / 2) * 2);
    case 10: /* around THRESHOLD */
        return urange(s, T - 2, T + 2);
    case 11: /* two apart: the lsorting "two more" rule holds */
        return clampc(s, T - 1 + (b % 2 ? 2 : 0));
    case 12: /* one apart: it does not */
        return clampc(s, T - 1 + (int)(b % 2));
    case 13: /* greedy = needy + 1 (odd LANES) */
        return b < (L - 1) / 2 ? 0 : M;
    case 14: /* greedy = needy */
        return b < L / 2 ? 0 : M;
    case 15: /* all greedy, equal */
        return clampc(s, T + 1);
    case 16: /* one uniform draw */
        return urange(s, 0, (int)M);
    case 17: /* one greedy bank, the rest needy */
        return b == 0 ? M : clampc(s, T - 1);
    case 18: /* one needy bank, the rest greedy */
        return b == L - 1 ? 0 : clampc(s, T + 1);
    default: {
        unsigned k = id - N_FIXED_PATTERNS, j = k % L, form = k / L;
        if (form == 0) /* one-hot: bank j holds all the work */
            return b == j ? M : 0;
        if (form == 1) /* one-hot: bank j just greedy */
            return b == j ? clampc(s, T + 1) : 0;
        return b == j ? 0 : M; /* one bank empty among full ones */
    }
    }
}

static void fill_pattern(wru_stim *s, unsigned id)
{
    for (unsigned b = 0; b < s->w->lanes; b++)
        s->counts[b] = pattern_count(s, id, b);
}

static void new_segment(wru_stim *s, uint64_t cycle)
{
    static const unsigned change[] = {100, 100, 30, 5};
    s->kind = (enum rand_kind)irhw_rng_below(&s->rng, R_NKINDS);
    s->seg_end = cycle + 20 + irhw_rng_below(&s->rng, 381);
    s->change_pct = change[irhw_rng_below(&s->rng, 4)];
    for (int i = 0; i < 3; i++)
        s->few[i] = urange(s, 0, (int)s->max);
    if (s->kind == R_CLOSED_LOOP) {
        /* Start skewed: a few banks hold the work. */
        for (unsigned b = 0; b < s->w->lanes; b++)
            s->counts[b] = irhw_rng_chance(&s->rng, 25) ? urange(s, 0, (int)s->max) : 0;
        s->change_pct = 100;
    }
}

static void draw_random(wru_stim *s)
{
    int T = (int)s->w->threshold, M = (int)s->max;
    for (unsigned b = 0; b < s->w->lanes; b++) {
        unsigned v;
        switch (s->kind) {
        case R_NEAR_T:
            v = urange(s, T - 3, T + 3);
            break;
        case R_SMALL:
            v = urange(s, 0, T + 2);
            break;
        case R_BIMODAL:
            v = irhw_rng_chance(&s->rng, 50) ? urange(s, 0, 1) : urange(s, M - 1, M);
            break;
        case R_SPARSE:
            v = irhw_rng_chance(&s->rng, 85) ? 0 : urange(s, 0, M);
            break;
        case R_FEW_VALUES:
            v = s->few[irhw_rng_below(&s->rng, 3)];
            break;
        default:
            v = urange(s, 0, M);
            break;
        }
        s->counts[b] = v;
    }
}

/* The banks as the WRU would see them: last cycle's transfers land, lanes
 * push and pull at random. */
static void closed_loop_step(wru_stim *s, const uint64_t *prev)
{
    const irhw_ports *ps = s->ps;
    const wru_geom *w = s->w;
    const uint64_t *dv = irhw_cwide(prev, ps, WRU_DONATE_VALID);
    const uint64_t *rv = irhw_cwide(prev, ps, WRU_RECEIVE_VALID);
    for (unsigned b = 0; b < w->lanes; b++) {
        if (irhw_bits_get(dv, b, 1) && s->counts[b] > 0)
            s->counts[b]--;
        if (irhw_bits_get(rv, b, 1) && s->counts[b] < s->max)
            s->counts[b]++;
    }
    if (irhw_get(prev, ps, WRU_XFER_VALID) & 1) {
        unsigned x = (unsigned)irhw_get(prev, ps, WRU_XFER_BANK);
        if (x < w->lanes && s->counts[x] > 0)
            s->counts[x]--;
    }
    for (unsigned b = 0; b < w->lanes; b++) {
        if (irhw_rng_chance(&s->rng, 20) && s->counts[b] > 0)
            s->counts[b]--;
        else if (irhw_rng_chance(&s->rng, 12) && s->counts[b] < s->max)
            s->counts[b]++;
    }
    if (irhw_rng_chance(&s->rng, 2)) { /* a burst of pushes into one bank */
        unsigned b = (unsigned)irhw_rng_below(&s->rng, w->lanes);
        s->counts[b] = clampc(s, (int)s->counts[b] + (int)urange(s, 1, (int)s->max));
    }
}

/* The counts port's words from counts[], bank 0 lowest: each word whole
 * (the bits above the last bank zero), built in a register. */
static void pack_counts(const wru_stim *s, uint64_t *cv)
{
    unsigned cb = s->w->count_bits, lanes = s->w->lanes, pos = 0, wi = 0;
    const unsigned *counts = s->counts;
    uint64_t cur = 0, mask = irhw_mask(cb);
    for (unsigned b = 0; b < lanes; b++) {
        uint64_t c = counts[b] & mask;
        cur |= c << pos;
        pos += cb;
        if (pos >= 64) { /* the word is full; what did not fit starts the next */
            cv[wi++] = cur;
            pos -= 64;
            cur = pos ? c >> (cb - pos) : 0;
        }
    }
    if (pos)
        cv[wi] = cur;
}

void *wru_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    wru_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->w = wru_g(x);
    s->ps = &x->ps;
    irhw_rng_seed(&s->rng, seed);
    s->cycles = cycles;
    s->mode = mode;
    s->max = s->w->count_max;
    s->npatterns = N_FIXED_PATTERNS + 3 * s->w->lanes;
    uint64_t directed = 2 + (uint64_t)s->npatterns * s->w->interval;
    if (mode == IRHW_STIM_RANDOM)
        s->directed_end = 0;
    else if (mode == IRHW_STIM_DIRECTED)
        s->directed_end = UINT64_MAX;
    else
        s->directed_end = directed < cycles / 2 ? directed : cycles / 2;
    return s;
}

void wru_stim_free(void *p)
{
    wru_stim *s = p;
    if (!s)
        return;
    free(s);
}

void wru_stim_next(void *p, uint64_t cycle, const uint64_t *prev_out, uint64_t *in)
{
    wru_stim *s = p;
    const wru_geom *w = s->w;
    if (cycle < s->directed_end) {
        uint64_t k = cycle < 2 ? 0 : (cycle - 2) / w->interval;
        uint64_t first = cycle < 2 ? 0 : (cycle - 2) % w->interval;
        if (cycle <= 2 || first == 0)
            fill_pattern(s, (unsigned)(k % s->npatterns));
    } else {
        if (cycle >= s->seg_end)
            new_segment(s, cycle);
        if (s->kind == R_CLOSED_LOOP)
            closed_loop_step(s, prev_out);
        else if (irhw_rng_chance(&s->rng, s->change_pct))
            draw_random(s);
        if (s->rst_left) {
            s->rst_left--;
            irhw_set(in, s->ps, WRU_RST, 1);
        } else if (irhw_rng_below(&s->rng, 1000) < 2) {
            s->rst_left = (unsigned)irhw_rng_below(&s->rng, 2);
            irhw_set(in, s->ps, WRU_RST, 1);
        }
    }
    pack_counts(s, irhw_wide(in, s->ps, WRU_COUNTS));
}

/* ---- invariant checker ------------------------------------------------------- */

typedef struct {
    int sample, greedy;
    unsigned counts[WRU_MAX_LANES];
} inflight;

typedef struct {
    const wru_geom *w;
    const irhw_ports *ps;
    unsigned phase;
    inflight *line; /* line[k]: what entered the pipeline k+1 cycles ago */
    uint64_t plans;
    /* The live counts words (cwords, as wru_live_of leaves them) and
     * their status, again only when the words change. */
    unsigned nwords, lane_words, to_words; /* words of counts, of LANES bits, of donate_to */
    unsigned plan_off, plan_words; /* out[]: the plan outputs' words, plan_valid .. xfer_bank */
    wru_sides sides;
    wru_live live;
    uint64_t cwords[WRU_MAX_COUNT_WORDS + 1];
    unsigned counts[WRU_MAX_LANES]; /* decoded only when a plan or a sample needs them */
    /* lsorting without registers: the plain sort's plan of these counts
     * (new counts drop it), for the next sample of the same counts */
    int have_ref;
    wru_plan ref;
} wru_check;

void *wru_check_new(const irhw_inst *x)
{
    wru_check *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->w = wru_g(x);
    k->ps = &x->ps;
    k->nwords = irhw_words(k->w->lanes * k->w->count_bits);
    k->lane_words = irhw_words(k->w->lanes);
    k->to_words = irhw_words(k->w->lanes * k->w->tag_bits);
    const irhw_port *xb = &k->ps->p[WRU_XFER_BANK];
    k->plan_off = k->ps->p[WRU_PLAN_VALID].off;
    k->plan_words = xb->off + irhw_words(xb->width) - k->plan_off;
    k->line = calloc(k->w->slots, sizeof *k->line);
    if (!k->line || wru_sides_init(&k->sides, k->w)) {
        wru_check_free(k);
        return NULL;
    }
    k->live = wru_live_of(&k->sides, k->cwords, k->cwords); /* the memo starts at counts of 0 */
    return k;
}

void wru_check_free(void *p)
{
    wru_check *k = p;
    if (!k)
        return;
    free(k->line);
    wru_sides_free(&k->sides);
    free(k);
}

/* New counts words: their live status. Out of line: most cycles' counts
 * are those of the cycle before. */
__attribute__((noinline)) static void new_counts(wru_check *k, const uint64_t *v)
{
    k->live = wru_live_of(&k->sides, k->cwords, v);
    k->have_ref = 0;
}

/* Whether this cycle's counts are those whose status the checker holds. */
static inline int same_counts(const wru_check *k, const uint64_t *in)
{
    const uint64_t *v = irhw_cwide(in, k->ps, WRU_COUNTS);
    for (unsigned i = 0; i < k->nwords; i++)
        if (v[i] != k->cwords[i])
            return 0;
    return 1;
}

/* The live status of this cycle's counts, computed again only when the
 * counts words change. */
static inline void live_status(wru_check *k, const uint64_t *in)
{
    if (!same_counts(k, in))
        new_counts(k, irhw_cwide(in, k->ps, WRU_COUNTS));
}

/* A plain insertion sort, independent of the network. v[-1] must hold a
 * key no larger than any of v[0..n) (a sentinel: the inner loop needs no
 * bound check). */
static void sort_keys(uint64_t *v, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        uint64_t x = v[i], *p = v + i;
        for (; p[-1] > x; p--)
            p[0] = p[-1];
        *p = x;
    }
}

/* The lsorting plan from a plain sort of the keys v[0..LANES) (count,
 * bank packed as wru_pack does; sorted in place, v[-1] free for the
 * sentinel), each pair judged on its own. */
static void reference_lsorting(const wru_geom *w, uint64_t *v, int greedy, wru_plan *p)
{
    unsigned L = w->lanes, T = w->threshold;
    v[-1] = 0; /* the sentinel: no key is smaller */
    sort_keys(v, L);
    memset(p, 0, sizeof *p);
    p->valid = 1;
    for (unsigned i = 0; 2 * i + 1 < L; i++) {
        unsigned rc = wru_key(w, v[i]), dc = wru_key(w, v[L - 1 - i]);
        if (rc < T && dc >= rc + 2) {
            p->donor[p->npairs] = (uint8_t)wru_tag(w, v[L - 1 - i]);
            p->receiver[p->npairs] = (uint8_t)wru_tag(w, v[i]);
            p->npairs++;
        }
    }
    if (greedy) {
        p->xfer_valid = 1;
        p->xfer_bank = wru_tag(w, v[L - 1 - p->npairs]);
    }
}

/* Whether the plan outputs are, word for word, the plan p. */
static int plan_is(const wru_check *k, const wru_plan *p, const uint64_t *dv, const uint64_t *dt,
                   const uint64_t *rv)
{
    const wru_geom *w = k->w;
    uint64_t edv[WRU_MAX_LANES / 64] = {0}, erv[WRU_MAX_LANES / 64] = {0};
    uint64_t edt[WRU_MAX_LANES * 8 / 64] = {0};
    for (unsigned j = 0; j < p->npairs; j++) {
        unsigned d = p->donor[j], r = p->receiver[j];
        edv[d / 64] |= (uint64_t)1 << d % 64;
        irhw_bits_set(edt, d * w->tag_bits, w->tag_bits, r);
        erv[r / 64] |= (uint64_t)1 << r % 64;
    }
    for (unsigned i = 0; i < k->lane_words; i++)
        if (dv[i] != edv[i] || rv[i] != erv[i])
            return 0;
    for (unsigned i = 0; i < k->to_words; i++)
        if (dt[i] != edt[i])
            return 0;
    return 1;
}

#define FAIL(...) return irhw_err(err, errlen, __VA_ARGS__)

static int check_outputs(wru_check *k, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                         char *err, size_t errlen)
{
    const wru_geom *w = k->w;
    const irhw_ports *ps = k->ps;
    unsigned L = w->lanes, TB = w->tag_bits;
    unsigned long long cy = (unsigned long long)cycle;
    int rst = (int)(irhw_get(in, ps, WRU_RST) & 1);
    live_status(k, in);
    int sample = !rst && k->phase == 0;

    /* Live status. */
    if ((int)(irhw_get(out, ps, WRU_CORE_EMPTY) & 1) != k->live.empty)
        FAIL("cycle %llu: core_empty=%d but the banks are %sempty", cy,
             (int)(irhw_get(out, ps, WRU_CORE_EMPTY) & 1), k->live.empty ? "" : "not ");
    if ((int)(irhw_get(out, ps, WRU_CORE_GREEDY) & 1) != k->live.greedy)
        FAIL("cycle %llu: core_greedy=%d disagrees with the live counts", cy,
             (int)(irhw_get(out, ps, WRU_CORE_GREEDY) & 1));

    /* The decision expected now. */
    int want = w->regs ? k->line[w->regs - 1].sample : sample;
    int pv = (int)(irhw_get(out, ps, WRU_PLAN_VALID) & 1);
    const uint64_t *dv = irhw_cwide(out, ps, WRU_DONATE_VALID);
    const uint64_t *dt = irhw_cwide(out, ps, WRU_DONATE_TO);
    const uint64_t *rv = irhw_cwide(out, ps, WRU_RECEIVE_VALID);
    int xv = (int)(irhw_get(out, ps, WRU_XFER_VALID) & 1);
    unsigned xb = (unsigned)irhw_get(out, ps, WRU_XFER_BANK);
    if (pv != want)
        FAIL("cycle %llu: plan_valid=%d, expected %d (a sample %u cycle%s earlier)", cy, pv, want,
             w->regs, w->regs == 1 ? "" : "s");
    unsigned ndonors = 0, nreceivers = 0;
    /* Without a plan (most cycles) every plan output must be zero: whole
     * words first, the lanes one by one only to name a culprit. */
    int any = 0;
    if (!pv) {
        for (unsigned i = 0; i < k->lane_words; i++)
            any |= (dv[i] | rv[i]) != 0;
        for (unsigned i = 0; i < k->to_words; i++)
            any |= dt[i] != 0;
        if (!any && !xv && !xb) /* what the checks below would find */
            return 0;
    }
    /* The sampled counts and their status (without pipeline registers, the
     * counts of now: for lsorting decoded straight into keys, as counts only
     * when the threshold checks or the messages below need them). */
    int sgreedy = w->regs ? k->line[w->regs - 1].greedy : k->live.greedy;
    const unsigned *sc = w->regs ? k->line[w->regs - 1].counts : k->counts;
    /* lsorting: a plan word for word the plain sort's needs no lane checks
     * (they only name a culprit; a difference they miss fails below). */
    wru_plan ref;
    int exact = 0;
    if (pv && w->scheme != WRU_THRESHOLD) {
        uint64_t keys[1 + WRU_MAX_LANES], *v = keys + 1;
        if (w->regs) {
            for (unsigned b = 0; b < L; b++)
                v[b] = wru_pack(w, sc[b], b);
            reference_lsorting(w, v, sgreedy, &ref);
        } else if (k->have_ref) { /* the counts of the last sample */
            ref = k->ref;
        } else {
            wru_unpack_keys(w, k->cwords, v);
            reference_lsorting(w, v, sgreedy, &ref);
            k->ref = ref;
            k->have_ref = 1;
        }
        exact = plan_is(k, &ref, dv, dt, rv);
    }
    if (pv && !exact && !w->regs)
        wru_unpack_counts(w, k->cwords, k->counts);
    for (unsigned b = 0; b < L && !exact && (pv || any); b++) {
        unsigned d = (unsigned)irhw_bits_get(dv, b, 1), r = (unsigned)irhw_bits_get(rv, b, 1);
        unsigned to = (unsigned)irhw_bits_get(dt, b * TB, TB);
        ndonors += d;
        nreceivers += r;
        if (!pv && (d || r || to))
            FAIL("cycle %llu: bank %u has plan outputs without plan_valid", cy, b);
        if (!d && to)
            FAIL("cycle %llu: donate_to of bank %u is %u but it does not donate", cy, b, to);
        if (d && r)
            FAIL("cycle %llu: bank %u both donates and receives", cy, b);
        if (d && (to >= L || !irhw_bits_get(rv, to, 1)))
            FAIL("cycle %llu: bank %u donates to %u, which does not receive", cy, b, to);
        if (d && w->scheme == WRU_THRESHOLD && !(sc[b] > w->threshold && sc[to] < w->threshold))
            FAIL("cycle %llu: threshold transfer %u (count %u) -> %u (count %u) is not greedy -> "
                 "needy",
                 cy, b, sc[b], to, sc[to]);
    }
    if (!exact && ndonors != nreceivers)
        FAIL("cycle %llu: %u donors but %u receivers", cy, ndonors, nreceivers);
    if (!xv && xb)
        FAIL("cycle %llu: xfer_bank=%u without xfer_valid", cy, xb);
    if (xv && (!pv || xb >= L || irhw_bits_get(dv, xb, 1) || irhw_bits_get(rv, xb, 1)))
        FAIL("cycle %llu: inter-core donor %u is not a free bank of a valid plan", cy, xb);
    if (!pv)
        return 0;
    k->plans++;
    if (w->scheme == WRU_THRESHOLD) {
        unsigned g = 0, n = 0;
        for (unsigned b = 0; b < L; b++) {
            g += sc[b] > w->threshold;
            n += sc[b] < w->threshold;
        }
        if (ndonors != (g < n ? g : n))
            FAIL("cycle %llu: %u threshold transfers for %u greedy and %u needy banks", cy, ndonors,
                 g, n);
        if (xv != (g > n) || (xv && sc[xb] <= w->threshold))
            FAIL("cycle %llu: inter-core donor (valid %d, bank %u) wrong for %u greedy / %u "
                 "needy banks",
                 cy, xv, xb, g, n);
        return 0;
    }
    if (xv != ref.xfer_valid || (xv && xb != ref.xfer_bank))
        FAIL("cycle %llu: inter-core donor valid %d bank %u, a plain sort gives valid %d bank %u",
             cy, xv, xb, ref.xfer_valid, ref.xfer_bank);
    if (exact)
        return 0;
    if (ref.npairs != ndonors)
        FAIL("cycle %llu: %u transfers, a plain sort of the sampled counts gives %u", cy, ndonors,
             ref.npairs);
    for (unsigned j = 0; j < ref.npairs; j++) {
        unsigned d = ref.donor[j], r = ref.receiver[j];
        if (!irhw_bits_get(dv, d, 1) || irhw_bits_get(dt, d * TB, TB) != r)
            FAIL("cycle %llu: expected transfer %u (count %u) -> %u (count %u) from a plain sort",
                 cy, d, sc[d], r, sc[r]);
    }
    FAIL("cycle %llu: the plan outputs differ from a plain sort's", cy);
}

/* The checker's own view of time: the interval counter and the pipeline
 * valid bits (not the network). Advanced after the checks of a cycle. */
__attribute__((noinline)) static void check_advance(wru_check *k, const uint64_t *in)
{
    const wru_geom *w = k->w;
    int rst = (int)(irhw_get(in, k->ps, WRU_RST) & 1);
    if (rst) {
        k->phase = 0;
        memset(k->line, 0, w->slots * sizeof *k->line);
        return;
    }
    if (w->regs) { /* a line's counts and status are read only with its sample */
        memmove(k->line + 1, k->line, (w->regs - 1) * sizeof *k->line);
        k->line[0].sample = k->phase == 0;
        if (k->line[0].sample) {
            live_status(k, in);
            k->line[0].greedy = k->live.greedy;
            wru_unpack_counts(w, k->cwords, k->line[0].counts);
        }
    }
    k->phase = k->phase + 1 >= w->interval ? 0 : k->phase + 1;
}

/* Whether out[] passes on its face in a cycle with no plan due: every
 * plan output word zero, the status that of the live counts. */
static inline int quiet_outputs(const wru_check *k, const uint64_t *out)
{
    const irhw_ports *ps = k->ps;
    const uint64_t *o = out + k->plan_off;
    unsigned n = k->plan_words; /* at least 6, one word per port */
    uint64_t plan = n & 1 ? o[n - 1] : 0;
    for (unsigned i = 0; i + 1 < n; i += 2) /* two words a turn */
        plan |= o[i] | o[i + 1];
    return !plan && irhw_get(out, ps, WRU_CORE_EMPTY) == (uint64_t)k->live.empty &&
           irhw_get(out, ps, WRU_CORE_GREEDY) == (uint64_t)k->live.greedy;
}

/* Whether only the interval counter moves this cycle: no reset, no
 * pipeline, no sample. */
static inline int between_samples(const wru_check *k, const uint64_t *in)
{
    return !k->w->regs && k->phase != 0 && !(irhw_get(in, k->ps, WRU_RST) & 1);
}

/* A cycle check_outputs judges (it names what is wrong), then the advance. */
__attribute__((noinline)) static int full_cycle(wru_check *k, uint64_t cycle, const uint64_t *in,
                                                const uint64_t *out, char *err, size_t errlen)
{
    int rc = check_outputs(k, cycle, in, out, err, errlen);
    check_advance(k, in);
    return rc;
}

/* Most cycles pass on their face: between samples, every plan output zero
 * and the status that of the live counts; only the interval counter moves.
 * The rest are full_cycle's. */
int wru_check_cycle(void *kp, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                    size_t errlen)
{
    wru_check *k = kp;
    if (!between_samples(k, in))
        return full_cycle(k, cycle, in, out, err, errlen);
    live_status(k, in);
    if (!quiet_outputs(k, out))
        return full_cycle(k, cycle, in, out, err, errlen);
    k->phase = k->phase + 1 >= k->w->interval ? 0 : k->phase + 1;
    return 0;
}

int wru_check_end(void *kp, char *err, size_t errlen)
{
    (void)kp;
    (void)err;
    (void)errlen;
    return 0;
}
