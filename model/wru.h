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

/* Tallies of the counts (wru_unpack_counts). */
typedef struct {
    unsigned any, greedy, needy; /* OR of all, #(count > T), #(count < T) */
} wru_tally;

static inline void wru_take(wru_tally *t, unsigned *counts, unsigned b, unsigned c, unsigned T)
{
    counts[b] = c;
    t->any |= c;
    t->greedy += c > T;
    t->needy += c < T;
}

/* The LANES fields of the counts port v into counts[], in one pass: the
 * fields wholly inside a word by a running shift, one straddling field
 * between words, instead of an irhw_bits_get per bank. Returns the tallies
 * (core_empty = !any, core_greedy = greedy > needy). */
static inline wru_tally wru_unpack_counts(const wru_geom *w, const uint64_t *v, unsigned *counts)
{
    unsigned L = w->lanes, T = w->threshold, cb = w->count_bits, b = 0;
    unsigned have = 64; /* unread bits left in cur */
    uint64_t mask = irhw_mask(cb), cur = *v++;
    wru_tally t = {0, 0, 0};
    while (b < L) {
        unsigned n = have / cb < L - b ? have / cb : L - b;
        for (unsigned e = b + n; b < e; b++, cur >>= cb)
            wru_take(&t, counts, b, (unsigned)(cur & mask), T);
        have -= n * cb;
        if (b == L)
            break;
        uint64_t next = *v++; /* field b straddles into the next word */
        wru_take(&t, counts, b++, (unsigned)((cur | next << have) & mask), T);
        cur = next >> (cb - have);
        have += 64 - cb;
    }
    return t;
}

/* lsorting: the plan from the ranked banks (sorted[i] = rank i, packed). */
void wru_lsorting_plan(const wru_geom *w, const uint64_t *sorted, int valid, wru_plan *p);
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
