/*
 * wru.h — what the WRU's model (model/wru.c), generator (gen/wru.c),
 * stimulus (tb/wru_stim.c) and tests share: parameter and port indices, the
 * configuration derived from the parameters (the sorting network, where the
 * pipeline registers sit) and the decision function of both schemes.
 * The block itself is described in model/wru.c.
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
    WRU_RST,
    WRU_COUNTS,
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

extern const irhw_block irhw_block_wru;

typedef struct {
    unsigned lanes, count_bits, tag_bits, threshold, interval, phase_bits;
    unsigned pairs;       /* floor(LANES / 2): most transfers in one plan */
    unsigned rank_bits;   /* bits holding 0..LANES */
    int scheme;           /* enum wru_scheme */
    sortnet_kind network; /* lsorting only */
    unsigned pipeline;    /* PIPELINE: a register after every k-th layer, 0 = none */
    unsigned regs;        /* pipeline register stages = latency in cycles */
    sortnet *net;         /* lsorting: the network; NULL for threshold */
} wru_conf;

/* Derive the configuration (validated parameters) and build the network.
 * 0, or -1 with a message. */
int wru_conf_init(wru_conf *w, const irhw_cfg *c, char *err, size_t errlen);
void wru_conf_free(wru_conf *w);
/* 1 when a pipeline register follows layer `layer` (1-based). */
int wru_reg_after(const wru_conf *w, unsigned layer);
/* Layer after which pipeline register stage s (1-based) sits. */
unsigned wru_reg_layer(const wru_conf *w, unsigned s);

/* One redistribution decision (the transfer list). */
typedef struct {
    int valid;       /* a decision this cycle (plan_valid) */
    unsigned npairs; /* transfers inside the core */
    uint8_t donor[WRU_MAX_LANES / 2], receiver[WRU_MAX_LANES / 2];
    int xfer_valid;     /* a word goes to the inter-core network */
    unsigned xfer_bank; /* from this bank */
} wru_plan;

/* (key, tag) packed so that one integer compare orders the pair. */
static inline uint64_t wru_pack(const wru_conf *w, unsigned count, unsigned bank)
{
    return ((uint64_t)count << w->tag_bits) | bank;
}
static inline unsigned wru_key(const wru_conf *w, uint64_t v)
{
    return (unsigned)(v >> w->tag_bits);
}
static inline unsigned wru_tag(const wru_conf *w, uint64_t v)
{
    return (unsigned)(v & irhw_mask(w->tag_bits));
}

/* lsorting: the plan from the ranked banks (sorted[i] = rank i, packed). */
void wru_lsorting_plan(const wru_conf *w, const uint64_t *sorted, int valid, wru_plan *p);
/* threshold: the plan from the counts and the round-robin pointers; the
 * pointers' next values go to *next_donor / *next_receiver. */
void wru_threshold_plan(const wru_conf *w, const unsigned *counts, unsigned rr_donor,
                        unsigned rr_receiver, int valid, wru_plan *p, unsigned *next_donor,
                        unsigned *next_receiver);
/* Live status: every bank empty; more greedy (> THRESHOLD) than needy banks. */
int wru_core_empty(const wru_conf *w, const unsigned *counts);
int wru_core_greedy(const wru_conf *w, const unsigned *counts);

/* Generator, drawing and stimulus callbacks (gen/wru.c, tb/wru_stim.c). */
int wru_gen(const irhw_cfg *c, irhw_vw *w, char *err, size_t errlen);
void wru_gen_summary(const irhw_cfg *c, FILE *f);
int wru_draw_svg(const irhw_cfg *c, FILE *f, char *err, size_t errlen);
void *wru_stim_new(const irhw_cfg *c, const irhw_ports *ps, uint64_t seed, uint64_t cycles,
                   irhw_stim_mode mode);
void wru_stim_free(void *s);
void wru_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);
void *wru_check_new(const irhw_cfg *c, const irhw_ports *ps);
void wru_check_free(void *k);
int wru_check_cycle(void *k, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                    size_t errlen);
int wru_check_end(void *k, char *err, size_t errlen);

#endif
