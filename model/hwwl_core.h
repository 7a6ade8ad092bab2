/*
 * hwwl_core.h — one GPU core's hardware worklist, as one design: LANES
 * worklist banks (model/wl_bank.h), a WRU (model/wru.h), the transfer
 * engine that carries out the WRU's moves, and the HWWL virtualization unit
 * (HVU) that spills to and refills from an overflow buffer in memory.
 * Parameter and port indices, the geometry (with the bank's and the WRU's
 * own configurations inside) and every hook's prototype. Behaviour and
 * every decision: model/hwwl_core.c.
 */
#ifndef HWWL_CORE_H
#define HWWL_CORE_H

#include "irhw.h"
#include "wl_bank.h"
#include "wru.h"

enum hwwl_core_param {
    HC_LANES,
    HC_ENTRIES,
    HC_ID_BITS,
    HC_THRESHOLD,
    HC_INTERVAL,
    HC_SCHEME,
    HC_NETWORK,
    HC_PIPELINE,
    HC_STORAGE,
    HC_OVF_CAP,
    HC_COALESCE,
    HC_REFILL,
    HC_OUTSTANDING,
    HC_ADDR_BITS,
    HC_NPARAMS
};

enum hwwl_core_scheme { HC_NONE, HC_THRESHOLD_SCHEME, HC_LSORTING };
enum hwwl_core_refill { HC_ONDEMAND, HC_INTERVAL_REFILL };

/* Lane answers to a pull (pull_ans, two bits per lane). */
enum hwwl_core_answer { HC_ANS_NONE, HC_ANS_ID, HC_ANS_WAIT, HC_ANS_DONE };

enum hwwl_core_port {
    /* inputs */
    HC_RST,
    HC_WLCFG_EN,
    HC_WLCFG_DOUBLE,
    HC_WLINIT_EN,
    HC_WLINIT_BASE,
    HC_WLINIT_SIZE,
    HC_SWAP,
    HC_PUSH,    /* [LANES] */
    HC_PUSH_ID, /* [LANES*ID_BITS] */
    HC_PULL,    /* [LANES] */
    HC_OTHERS_DONE,
    HC_RX_VALID,
    HC_RX_ID,
    HC_XFER_READY,
    HC_MEM_REQ_READY,
    HC_MEM_RESP_VALID,
    HC_MEM_RESP_TAG,
    HC_MEM_RESP_DATA, /* [COALESCE*ID_BITS] */
    /* outputs */
    HC_WLCFG_OK,
    HC_WLINIT_OK,
    HC_SWAP_OK,
    HC_PUSH_OK,  /* [LANES] */
    HC_PUSH_EXC, /* [LANES] */
    HC_PULL_ANS, /* [LANES*2] */
    HC_PULL_ID,  /* [LANES*ID_BITS] */
    HC_RX_READY,
    HC_XFER_VALID,
    HC_XFER_ID,
    HC_MEM_REQ_VALID,
    HC_MEM_REQ_WRITE,
    HC_MEM_REQ_ADDR,
    HC_MEM_REQ_N,
    HC_MEM_REQ_TAG,
    HC_MEM_REQ_DATA, /* [COALESCE*ID_BITS] */
    HC_DOUBLE_MODE,
    HC_CORE_EMPTY,
    HC_CORE_GREEDY,
    HC_OVF_HELD,
    HC_SWAP_READY,
    HC_CFG_READY,
    HC_NPORTS
};

#define HC_MAX_LANES 64
#define HC_MAX_OUTSTANDING 8

/* Every size derived from the parameters, computed once (hwwl_core_geom_of).
 * The bank's and the WRU's configurations are kept as parameter sets: the
 * model and the generator build their instances from them. */
typedef struct {
    unsigned lanes, entries, id_bits, threshold, interval;
    int scheme, refill, sram;
    unsigned ovf_cap, coalesce, outstanding, addr_bits;
    unsigned cnt_bits;  /* a bank's count (0..ENTRIES) */
    unsigned wcnt_bits; /* the WRU's counts: bank count + reserved slots, 0..ENTRIES+2 */
    unsigned ovf_bits;  /* holds 0..OVF_CAP: sizes, counts, indices of the overflow buffer */
    unsigned n_bits;    /* holds 1..COALESCE: IDs in one memory request */
    unsigned tag_bits;  /* clog2(OUTSTANDING), at least 1 */
    unsigned lane_bits; /* clog2(LANES), at least 1 */
    unsigned cb_bits;   /* clog2(COALESCE), at least 1: a coalescing-buffer slot */
    unsigned wru_latency;
    irhw_cfg bank_cfg, wru_cfg; /* checked configurations of the parts */
    uint64_t hvu_bits;          /* flip-flops of the HVU + transfer engine (area notes) */
} hwwl_core_geom;

static inline const hwwl_core_geom *hwwl_core_g(const irhw_inst *x)
{
    return (const hwwl_core_geom *)x->geom;
}

extern const irhw_block irhw_block_hwwl_core;

/* The stimulus's edge walk fills a buffer of exactly OVF_CAP (and wraps its
 * regions) only where that takes at most HC_FILL_MAX_STORES stores of
 * min(COALESCE, LANES) IDs and refill is on demand (tb/hwwl_tb.h): a
 * 20,000-cycle run holds two such fills and their drains. */
#define HC_FILL_MAX_STORES 256
static inline int hwwl_core_fills_cap(const hwwl_core_geom *g)
{
    unsigned per = g->coalesce < g->lanes ? g->coalesce : g->lanes;
    return g->refill != HC_INTERVAL_REFILL && (g->ovf_cap + per - 1) / per <= HC_FILL_MAX_STORES;
}

/* model/hwwl_core_block.c */
int hwwl_core_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen);
/* The bank's and the WRU's instances of a configuration (irhw_inst_free
 * both after use; the WRU's is left empty with SCHEME=none). */
int hwwl_core_parts(const hwwl_core_geom *g, irhw_inst *bank, irhw_inst *wru, char *err,
                    size_t errlen);

/* Functional coverage points (model/hwwl_core_block.c names them). */
enum hwwl_core_cover {
    HC_COV_SPILL_SINGLE,
    HC_COV_SPILL_DOUBLE,
    HC_COV_SPILL_STALL,
    HC_COV_EXCEPTION,
    HC_COV_STORE_WARP,
    HC_COV_STORE_CUT,
    HC_COV_LOAD,
    HC_COV_LOAD_COALESCED,
    HC_COV_TAGS_ALL_BUSY,
    HC_COV_MOVE,
    HC_COV_XFER,
    HC_COV_RX_PUT,
    HC_COV_PULL_WITHHELD,
    HC_COV_WAIT,
    HC_COV_DONE,
    HC_COV_SWAP,
    HC_COV_SWAP_REFUSED,
    HC_COV_CFG_DOUBLE,
    HC_COV_WLINIT_REFUSED,
    HC_COV_WLINIT_CAP,
    HC_COV_WLINIT_WARP,
    HC_COV_WLINIT_BELOW,
    HC_COV_WLINIT_ABOVE,
    /* crosses: a region's wrap at a buffer size the edge walk sets */
    HC_COV_STORE_WRAP_CAP_SINGLE,
    HC_COV_STORE_WRAP_CAP_DOUBLE,
    HC_COV_STORE_WRAP_WARP_SINGLE,
    HC_COV_STORE_WRAP_WARP_DOUBLE,
    HC_COV_LOAD_WRAP_CAP_SINGLE,
    HC_COV_LOAD_WRAP_CAP_DOUBLE,
    HC_COV_SWAP_PUSH_PULL, /* same-cycle events */
    HC_NCOV
};

/* model/hwwl_core.c */
void *hwwl_core_new(const irhw_inst *x);
void hwwl_core_free(void *m);
void hwwl_core_eval(void *m, const uint64_t *in, uint64_t *out);
void hwwl_core_tick(void *m, const uint64_t *in);
void hwwl_core_stats(void *m, FILE *f);
/* Model-only backdoor to bank l's pull half (wl_bank_bd_*), between cycles. */
unsigned hwwl_core_bd_count(const void *m, unsigned l, unsigned *room);
uint64_t hwwl_core_bd_take(void *m, unsigned l);
void hwwl_core_bd_put(void *m, unsigned l, uint64_t id);
/* Model-only fast-forward (sim/workload_hwwl.c): did the last tick change
 * no state but counters (the WRU's phase and statistics, the interval
 * refill's phase)? And the tick of such a cycle again, counters only: the
 * same inputs on the same state, without evaluating. */
int hwwl_core_calm(const void *m);
void hwwl_core_idle_tick(void *m);
/* Model-only: a cycle whose inputs differ from a settled step's only in
 * pulls that all get WAIT or DONE from empty banks, decided from that step
 * (1; its tick is hwwl_core_pull_tick), or 0: evaluate it. Enabled by
 * hwwl_core_fast_pull. */
void hwwl_core_fast_pull(void *m);
int hwwl_core_pull_eval(void *m, const uint64_t *in, uint64_t *out);
void hwwl_core_pull_tick(void *m);
void hwwl_core_cover(const void *m, const uint64_t *in, const uint64_t *out, uint64_t *hits);
/* The wraps at the edge sizes this cycle's step makes: bit i is coverage
 * point HC_COV_STORE_WRAP_CAP_SINGLE + i (the six up to
 * HC_COV_LOAD_WRAP_CAP_DOUBLE), for hwwl's points of the same names. */
unsigned hwwl_core_wraps(const void *m);

/* gen/hwwl_core.c */
int hwwl_core_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen);
unsigned hwwl_core_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES]);
void hwwl_core_gen_summary(const irhw_inst *x, FILE *f);

/* tb/hwwl_core_stim.c */
void *hwwl_core_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode);
void hwwl_core_stim_free(void *s);
uint64_t hwwl_core_min_cycles(const irhw_inst *x, char *why, size_t whylen);
void hwwl_core_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);
void *hwwl_core_check_new(const irhw_inst *x);
void hwwl_core_check_free(void *k);
int hwwl_core_check_cycle(void *k, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                          char *err, size_t errlen);
int hwwl_core_check_end(void *k, char *err, size_t errlen);

#endif
