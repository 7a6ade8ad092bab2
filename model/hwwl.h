/*
 * hwwl.h — the multi-core hardware worklist: CORES hwwl_core instances
 * (model/hwwl_core.h) joined by one icrn (model/icrn.h). Parameter and port
 * indices, the geometry (the core's and the network's configurations
 * inside) and every hook's prototype. Behaviour and every decision:
 * model/hwwl.c.
 */
#ifndef HWWL_H
#define HWWL_H

#include "hwwl_core.h"
#include "icrn.h"
#include "irhw.h"

enum hwwl_param {
    HW_CORES,
    HW_RADIX,
    HW_BUF_DEPTH,
    /* the core's parameters, passed through */
    HW_LANES,
    HW_ENTRIES,
    HW_ID_BITS,
    HW_THRESHOLD,
    HW_INTERVAL,
    HW_SCHEME,
    HW_NETWORK,
    HW_PIPELINE,
    HW_STORAGE,
    HW_OVF_CAP,
    HW_COALESCE,
    HW_REFILL,
    HW_OUTSTANDING,
    HW_ADDR_BITS,
    HW_NPARAMS
};

/* SCHEME values beyond the core's (enum hwwl_core_scheme): model only. */
enum hwwl_scheme { HW_GSORTING = HC_LSORTING + 1, HW_MAGIC };
#define HW_MODEL_ONLY_SCHEME(g) ((g)->scheme >= HW_GSORTING)

#define HW_FIRST_CORE_PARAM HW_LANES
#define HW_MAX_CORES 16

enum hwwl_port {
    /* inputs */
    HW_RST,
    HW_WLCFG_EN,
    HW_WLCFG_DOUBLE,
    HW_WLINIT_EN,
    HW_WLINIT_BASE,
    HW_WLINIT_SIZE,
    HW_SWAP,
    HW_PUSH,           /* [CORES*LANES] */
    HW_PUSH_ID,        /* [CORES*LANES*ID_BITS] */
    HW_PULL,           /* [CORES*LANES] */
    HW_MEM_REQ_READY,  /* [CORES] */
    HW_MEM_RESP_VALID, /* [CORES] */
    HW_MEM_RESP_TAG,   /* [CORES*TAG] */
    HW_MEM_RESP_DATA,  /* [CORES*COALESCE*ID_BITS] */
    /* outputs */
    HW_WLCFG_OK,
    HW_WLINIT_OK, /* [CORES] */
    HW_SWAP_OK,
    HW_PUSH_OK,       /* [CORES*LANES] */
    HW_PUSH_EXC,      /* [CORES*LANES] */
    HW_PULL_ANS,      /* [CORES*LANES*2] */
    HW_PULL_ID,       /* [CORES*LANES*ID_BITS] */
    HW_MEM_REQ_VALID, /* [CORES] */
    HW_MEM_REQ_WRITE, /* [CORES] */
    HW_MEM_REQ_ADDR,  /* [CORES*ADDR_BITS] */
    HW_MEM_REQ_N,     /* [CORES*N] */
    HW_MEM_REQ_TAG,   /* [CORES*TAG] */
    HW_MEM_REQ_DATA,  /* [CORES*COALESCE*ID_BITS] */
    HW_DOUBLE_MODE,   /* [CORES] */
    HW_CORE_EMPTY,    /* [CORES] */
    HW_CORE_GREEDY,   /* [CORES] */
    HW_OVF_HELD,      /* [CORES*OVF] */
    HW_DON_VALID,     /* [CORES] */
    HW_DON_ID,        /* [CORES*ID_BITS] */
    HW_RCV_VALID,     /* [CORES] */
    HW_RCV_ID,        /* [CORES*ID_BITS] */
    HW_NET_HELD,
    HW_ALL_DONE,
    HW_SWAP_READY,
    HW_CFG_READY,
    HW_NPORTS
};

/* Every size derived from the parameters, computed once (hwwl_geom_of).
 * The core's and the network's configurations are kept as checked
 * parameter sets: the model and the generator build their instances from
 * them (hwwl_parts). */
typedef struct {
    unsigned cores, radix, depth;
    int scheme;          /* SCHEME: the core's, or HW_GSORTING / HW_MAGIC */
    hwwl_core_geom core; /* the core's geometry: every per-core width */
    unsigned net_cap;    /* IDs the network's buffers hold at most */
    unsigned net_bits;   /* holds 0..net_cap */
    irhw_cfg core_cfg, icrn_cfg;
} hwwl_geom;

static inline const hwwl_geom *hwwl_g(const irhw_inst *x)
{
    return (const hwwl_geom *)x->geom;
}

extern const irhw_block irhw_block_hwwl;

/* model/hwwl_block.c */
int hwwl_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen);
/* The core's and the network's instances (irhw_inst_free both after use). */
int hwwl_parts(const hwwl_geom *g, irhw_inst *core, irhw_inst *net, char *err, size_t errlen);

/* model/hwwl.c */
void *hwwl_new(const irhw_inst *x);
void hwwl_free(void *m);
void hwwl_eval(void *m, const uint64_t *in, uint64_t *out);
void hwwl_tick(void *m, const uint64_t *in);
void hwwl_stats(void *m, FILE *f);
/* Model-only fast-forward (sim/workload_hwwl.c): did the last tick change
 * no state but counters? And such a tick again on the same inputs, counters
 * only, without evaluating: exact once the calm ticks on unchanged inputs
 * and outputs have gone through every phase of those counters
 * (hwwl_calm_period). */
int hwwl_calm(const void *m);
void hwwl_idle_tick(void *m);
/* From now on a core whose last INTERVAL + 1 ticks were calm on unchanged
 * inputs and outputs is not evaluated while its inputs stay: its outputs
 * repeat and its tick only counts (model-only runs; never in lockstep). */
void hwwl_fast_forward(void *m);
/* Of those runs: the cores' pull-only steps (hwwl_core_pull_eval) so far. */
uint64_t hwwl_pull_steps(const void *m);

/* Functional coverage points of the system (model/hwwl_block.c names them). */
enum hwwl_cover {
    HW_COV_DONATION,
    HW_COV_TWO_DONORS,
    HW_COV_DELIVERY,
    HW_COV_STORE,
    HW_COV_LOAD,
    HW_COV_DONE,
    HW_COV_SWAP,
    HW_COV_CFG_DOUBLE,
    HW_COV_NET_ONLY,
    HW_COV_DONE_HELD,
    HW_COV_SWAP_HELD,
    HW_COV_WLINIT_CAP,
    HW_COV_WLINIT_WARP,
    /* a core's wraps at the edge sizes, in hwwl_core's order (hwwl_core_wraps) */
    HW_COV_STORE_WRAP_CAP_SINGLE,
    HW_COV_STORE_WRAP_CAP_DOUBLE,
    HW_COV_STORE_WRAP_WARP_SINGLE,
    HW_COV_STORE_WRAP_WARP_DOUBLE,
    HW_COV_LOAD_WRAP_CAP_SINGLE,
    HW_COV_LOAD_WRAP_CAP_DOUBLE,
    HW_NCOV
};
void hwwl_cover(const void *m, const uint64_t *in, const uint64_t *out, uint64_t *hits);

/* gen/hwwl.c */
int hwwl_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen);
unsigned hwwl_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES]);
void hwwl_gen_summary(const irhw_inst *x, FILE *f);

/* tb/hwwl_stim.c */
void *hwwl_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode);
void hwwl_stim_free(void *s);
uint64_t hwwl_min_cycles(const irhw_inst *x, char *why, size_t whylen);
void hwwl_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);
void *hwwl_check_new(const irhw_inst *x);
void hwwl_check_free(void *k);
int hwwl_check_cycle(void *k, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                     size_t errlen);
int hwwl_check_end(void *k, char *err, size_t errlen);

#endif
