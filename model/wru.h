/*
 * wru.h — the WRU's contract: parameter and port indices, the geometry every
 * part derives its sizes from (wru_geom_of: widths, the sorting network,
 * where the pipeline registers sit, the latency), the decision functions of
 * both schemes, and the prototypes of every hook of its block description
 * (model/wru_block.c). Behaviour and decisions: model/wru.c.
 */
#ifndef WRU_H
#define WRU_H

#include "irhw.h"
#include "sortnet.h"

enum wru_param {
    WRU_P_LANES,
    WRU_P_COUNT_BITS,
    WRU_P_THRESHOLD,
    WRU_P_INTERVAL,
    WRU_P_SCHEME,
    WRU_P_NETWORK,
    WRU_P_PIPELINE,
    WRU_NPARAMS
};

enum wru_scheme { WRU_LSORTING, WRU_THRESHOLD };

enum wru_port {
    /* inputs */
    WRU_RST,
    WRU_COUNTS,
    /* outputs */
    WRU_PLAN_VALID,
    WRU_DONATE_VALID,
    WRU_DONATE_TO,
    WRU_RECEIVE_VALID,
    WRU_XFER_VALID,
    WRU_XFER_BANK,
    WRU_CORE_EMPTY,
    WRU_CORE_GREEDY,
    WRU_NPORTS
};

#define WRU_MAX_LANES 64
/* Largest network on WRU_MAX_LANES wires (bitonic: 672 comparators in 21
 * layers); wru_geom_of rejects anything larger rather than truncate. */
#define WRU_MAX_CMPS 1024
#define WRU_MAX_DEPTH 64

/* Every size derived from the parameters, computed once (wru_geom_of). The
 * sorting network is held by value (cmp[], layer_off[]), so a geometry may
 * be copied or embedded in another block's; wru_net() views it. */
typedef struct {
    unsigned lanes, count_bits, threshold, interval;
    unsigned count_max;   /* 2^COUNT_BITS - 1: the largest count */
    int scheme;           /* enum wru_scheme */
    sortnet_kind network; /* lsorting only */
    unsigned pipeline;    /* PIPELINE: a register after every k-th layer, 0 = none */
    unsigned tag_bits;    /* clog2(LANES): a bank index (donate_to, xfer_bank) */
    unsigned key_bits;    /* count_bits + tag_bits: one packed (count, bank) wire */
    unsigned phase_bits;  /* clog2(INTERVAL): the interval counter */
    unsigned pairs;       /* floor(LANES / 2): most transfers in one plan */
    unsigned rank_bits;   /* bits holding 0..LANES */
    unsigned padded;      /* LANES rounded up to a power of two (the network before pruning) */
    unsigned size, depth; /* comparators and layers (0 for threshold) */
    unsigned regs;        /* pipeline register stages = latency in cycles */
    unsigned slots;       /* max(regs, 1): stages the model and checker allocate */
    uint64_t state_bits;  /* flip-flops: phase, pipeline stages, round-robin pointers */
    sortnet_cmp cmp[WRU_MAX_CMPS];         /* lsorting: size comparators, by (layer, lo) */
    unsigned layer_off[WRU_MAX_DEPTH + 1]; /* layer L is cmp[layer_off[L-1] .. layer_off[L]) */
} wru_geom;

static inline const wru_geom *wru_g(const irhw_inst *x)
{
    return (const wru_geom *)x->geom;
}

/* The network as a sortnet (for sortnet_apply_layers), pointing into g:
 * valid while g is; read only. Threshold: size and depth 0. */
static inline sortnet wru_net(const wru_geom *g)
{
    sortnet s = {
        g->network, g->lanes, g->size, g->depth, (sortnet_cmp *)g->cmp, (unsigned *)g->layer_off};
    return s;
}

extern const irhw_block irhw_block_wru;

/* 1 when a pipeline register follows layer `layer` (1-based). */
int wru_reg_after(const wru_geom *w, unsigned layer);
/* Layer after which pipeline register stage s (1-based) sits. */
unsigned wru_reg_layer(const wru_geom *w, unsigned s);

/* One redistribution decision (the transfer list). */
typedef struct {
    int valid;       /* a decision this cycle (plan_valid) */
    unsigned npairs; /* transfers inside the core */
    uint8_t donor[WRU_MAX_LANES / 2], receiver[WRU_MAX_LANES / 2];
    int xfer_valid;     /* a word goes to the inter-core network */
    unsigned xfer_bank; /* from this bank */
    /* lsorting, for the coverage: pairs whose donor holds exactly two more
     * than its receiver; whether the pairing stopped at a needy receiver
     * whose donor holds one more. */
    unsigned two_more;
    int one_more;
} wru_plan;

/* (key, tag) packed so that one integer compare orders the pair. */
static inline uint64_t wru_pack(const wru_geom *w, unsigned count, unsigned bank)
{
    return ((uint64_t)count << w->tag_bits) | bank;
}
static inline unsigned wru_key(const wru_geom *w, uint64_t v)
{
    return (unsigned)(v >> w->tag_bits);
}
static inline unsigned wru_tag(const wru_geom *w, uint64_t v)
{
    return (unsigned)(v & irhw_mask(w->tag_bits));
}

/* Words of the counts port at most (LANES x COUNT_BITS <= 64 x 16 bits). */
#define WRU_MAX_COUNT_WORDS (WRU_MAX_LANES * 16 / 64)

/* The LANES fields of the counts port v, each packed with its bank as the
 * network ranks them (wru_pack), into keys[], in one pass: the fields
 * wholly inside a word by a running shift, one straddling field between
 * words, instead of an irhw_bits_get per bank. */
static inline void wru_unpack_keys(const wru_geom *w, const uint64_t *v, uint64_t *keys)
{
    unsigned L = w->lanes, cb = w->count_bits, tb = w->tag_bits, b = 0;
    unsigned have = 64; /* unread bits left in cur */
    uint64_t mask = irhw_mask(cb), cur = *v++;
    while (b < L) {
        unsigned n = have / cb < L - b ? have / cb : L - b;
        for (unsigned e = b + n; b < e; b++, cur >>= cb)
            keys[b] = (cur & mask) << tb | b;
        have -= n * cb;
        if (b == L)
            break;
        uint64_t next = *v++; /* field b straddles into the next word */
        keys[b] = ((cur | next << have) & mask) << tb | b;
        b++;
        cur = next >> (cb - have);
        have += 64 - cb;
    }
}
/* The counts themselves, into counts[]. */
static inline void wru_unpack_counts(const wru_geom *w, const uint64_t *v, unsigned *counts)
{
    uint64_t keys[WRU_MAX_LANES];
    wru_unpack_keys(w, v, keys);
    for (unsigned b = 0; b < w->lanes; b++)
        counts[b] = wru_key(w, keys[b]);
}

/* The live status, core_empty and core_greedy, of every cycle's counts
 * without decoding them bank by bank. core_greedy = #(count > T) >
 * #(count < T) = (the sum over the banks of side(count)) > 0, where
 * side(c) = (c > T) - (c < T). The trick: one table lookup sums side over
 * `banks` adjacent banks at once, indexed by their packed bits (at most 16
 * bits, a table of at most 64 KiB); the last lookup may run past bank
 * LANES-1 into zero bits, and `pad` takes those banks' side(0) back off. */
typedef struct {
    unsigned banks, bits; /* banks a lookup, their bits */
    int pad;              /* -side(0) x the banks past LANES-1 in the last lookup */
    int8_t *sum;          /* sum[x]: side summed over the banks packed in x */
    /* Where the lookups fall, word by word: whole[i] lookups wholly inside
     * word i (after the one straddling into it), then, but after the last
     * word, one with tail[i] bits in word i and the rest in word i+1. */
    unsigned words;
    uint8_t whole[WRU_MAX_COUNT_WORDS + 1], tail[WRU_MAX_COUNT_WORDS + 1];
    unsigned nwords; /* of the counts port */
    uint64_t top;    /* the bits of its last word that hold counts */
} wru_sides;

typedef struct {
    int empty, greedy;
    int balance; /* #(count > T) - #(count < T): LANES when all greedy, -LANES all needy */
} wru_live;

/* The walk of wru_live_of over cw, gb bits a lookup: within a word a
 * running shift, two lookups a turn. */
static inline wru_live wru_live_walk(const wru_sides *s, const uint64_t *cw, unsigned gb)
{
    const int8_t *sum = s->sum;
    uint64_t mask = irhw_mask(gb), cur = cw[0], any = cur;
    int bal = s->pad;
    for (unsigned i = 0;; i++) {
        unsigned n = s->whole[i];
        for (; n >= 2; n -= 2, cur >>= 2 * gb)
            bal += sum[cur & mask] + sum[cur >> gb & mask];
        if (n) {
            bal += sum[cur & mask];
            cur >>= gb;
        }
        if (i + 1 == s->words)
            break;
        unsigned t = s->tail[i];
        uint64_t next = cw[i + 1];
        any |= next;
        bal += sum[(cur | next << t) & mask];
        cur = next >> (gb - t);
    }
    return (wru_live){!any, bal > 0, bal};
}
/* The live status of the counts port v, which is copied into cw (nwords
 * + 1 words): there the bits above the last bank are cleared and a zero
 * word follows, so that a lookup may run past the last bank (adding pad). */
static inline wru_live wru_live_of(const wru_sides *s, uint64_t *cw, const uint64_t *v)
{
    for (unsigned i = 0; i < s->nwords; i++)
        cw[i] = v[i];
    cw[s->nwords - 1] &= s->top;
    cw[s->nwords] = 0;
    /* The walk with its shifts as constants (no shift count to move into
     * place) for the widths most counts make: 12 bits (COUNT_BITS 6), 16
     * (COUNT_BITS 1, 2, 4, 8, 16). */
    switch (s->bits) {
    case 12:
        return wru_live_walk(s, cw, 12);
    case 16:
        return wru_live_walk(s, cw, 16);
    default:
        return wru_live_walk(s, cw, s->bits);
    }
}
/* The table for w (-1 when out of memory); wru_sides_free releases it. */
int wru_sides_init(wru_sides *s, const wru_geom *w);
void wru_sides_free(wru_sides *s);

/* lsorting: the plan from the ranked banks (sorted[i] = rank i, packed);
 * greedy: core_greedy of the sampled counts (xfer_valid), which callers
 * know from the counts or count from the keys (wru_keys_greedy). */
void wru_lsorting_plan(const wru_geom *w, const uint64_t *sorted, int greedy, wru_plan *p);
int wru_keys_greedy(const wru_geom *w, const uint64_t *keys);
/* threshold: the plan from the counts and the round-robin pointers; the
 * pointers' next values go to *next_donor / *next_receiver. */
void wru_threshold_plan(const wru_geom *w, const unsigned *counts, unsigned rr_donor,
                        unsigned rr_receiver, int valid, wru_plan *p, unsigned *next_donor,
                        unsigned *next_receiver);
/* Live status: every bank empty; more greedy (> THRESHOLD) than needy banks. */
int wru_core_empty(const wru_geom *w, const unsigned *counts);
int wru_core_greedy(const wru_geom *w, const unsigned *counts);

/* model/wru_block.c */
int wru_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen);

/* model/wru.c */
void *wru_model_new(const irhw_inst *x);
void wru_model_free(void *m);
void wru_model_eval(void *m, const uint64_t *in, uint64_t *out);
void wru_model_tick(void *m, const uint64_t *in);
/* Functional coverage (irhw_block.cover_sample), points WRU_COV_* */
enum wru_cover {
    WRU_COV_ALL_NEEDY,
    WRU_COV_ALL_GREEDY,
    WRU_COV_MAX_PAIRS,
    WRU_COV_DONOR_TWO_MORE,
    WRU_COV_DONOR_ONE_MORE,
    WRU_COV_XFER,
    WRU_COV_STAGES_BUSY,
    WRU_NCOV
};
void wru_cover(const void *m, const uint64_t *in, const uint64_t *out, uint64_t *hits);
void wru_model_stats(void *m, FILE *f);

/* gen/wru.c */
int wru_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen);
unsigned wru_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES]);
void wru_gen_summary(const irhw_inst *x, FILE *f);
int wru_draw_svg(const irhw_inst *x, FILE *f, char *err, size_t errlen);

/* tb/wru_stim.c */
void *wru_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode);
void wru_stim_free(void *s);
void wru_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);
void *wru_check_new(const irhw_inst *x);
void wru_check_free(void *k);
int wru_check_cycle(void *k, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                    size_t errlen);
int wru_check_end(void *k, char *err, size_t errlen);

#endif
