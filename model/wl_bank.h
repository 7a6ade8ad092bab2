/*
 * wl_bank.h — the worklist bank's contract: parameter and port indices, the
 * geometry every part derives its sizes from, and the prototypes of every
 * hook of its block description (model/wl_bank_block.c). Behaviour and
 * decisions: model/wl_bank.c.
 */
#ifndef WL_BANK_H
#define WL_BANK_H

#include "irhw.h"

enum wl_bank_param { WB_ENTRIES, WB_ID_BITS, WB_THRESHOLD, WB_STORAGE, WB_NPARAMS };
enum wl_bank_storage { WB_FLOPS, WB_SRAM };

enum wl_bank_port {
    /* inputs */
    WB_RST,
    WB_CFG_EN,
    WB_CFG_DOUBLE,
    WB_PUSH,
    WB_PUSH_ID,
    WB_PULL,
    WB_SWAP,
    WB_RD_TAKE,
    WB_RD_PUT,
    WB_RD_PUT_ID,
    /* outputs */
    WB_CFG_OK,
    WB_PUSH_OK,
    WB_SPILL,
    WB_PULL_OK,
    WB_PULL_VALID,
    WB_PULL_ID,
    WB_SWAP_OK,
    WB_RD_TAKE_OK,
    WB_RD_PUT_OK,
    WB_RD_VALID,
    WB_RD_ID,
    WB_DOUBLE_MODE,
    WB_COUNT,
    WB_EMPTY,
    WB_FULL,
    WB_GREEDY,
    WB_IDLE,
    WB_NPORTS
};

/* Every size derived from the parameters, computed once (wl_bank_geom_of). */
typedef struct {
    unsigned entries, id_bits, threshold;
    int sram;          /* STORAGE=sram: synchronous read, one cycle later */
    unsigned ptr_bits; /* ceil(log2(ENTRIES)): an address */
    unsigned cnt_bits; /* holds 0..ENTRIES */
    /* Double mode: partition 0 is [0, lo), partition 1 is [lo, ENTRIES) of
     * hi = ENTRIES - lo words (odd ENTRIES: partition 1 is the larger). */
    unsigned lo, hi;
} wl_bank_geom;

static inline const wl_bank_geom *wl_bank_g(const irhw_inst *x)
{
    return (const wl_bank_geom *)x->geom;
}

extern const irhw_block irhw_block_wl_bank;

/* model/wl_bank_block.c */
int wl_bank_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen);

/* model/wl_bank.c */
void *wl_bank_new(const irhw_inst *x);
void wl_bank_free(void *m);
void wl_bank_eval(void *m, const uint64_t *in, uint64_t *out);
void wl_bank_tick(void *m, const uint64_t *in);
/* Model-only backdoor on the pull half (model/wl_bank.c): its count (and
 * its free entries in *room); one ID taken from its head (count > 0) or put
 * at its tail (room > 0). */
unsigned wl_bank_bd_count(const void *m, unsigned *room);
uint64_t wl_bank_bd_take(void *m);
void wl_bank_bd_put(void *m, uint64_t id);
/* Functional coverage (irhw_block.cover_sample), points WB_COV_* */
enum wl_bank_cover {
    WB_COV_SPILL_SINGLE,
    WB_COV_SPILL_DOUBLE,
    WB_COV_SWAP_DONE,
    WB_COV_SWAP_REFUSED,
    WB_COV_CFG_REFUSED,
    WB_COV_CFG_DOUBLE,
    WB_COV_TAKE_LOSES_PORT,
    WB_COV_REFILL_LOSES_PORT,
    WB_COV_REFILL_PULL_HALF_FULL,
    WB_COV_HEAD_WRAPS,
    WB_COV_GREEDY,
    WB_COV_HEAD_WRAPS_DOUBLE,
    WB_COV_TAIL_WRAPS_SINGLE,
    WB_COV_TAIL_WRAPS_DOUBLE,
    WB_COV_PULL_EMPTY_SINGLE,
    WB_COV_PULL_EMPTY_DOUBLE,
    WB_COV_PUSH_AND_PULL,
    WB_NCOV
};
void wl_bank_cover(const void *m, const uint64_t *in, const uint64_t *out, uint64_t *hits);

/* gen/wl_bank.c */
int wl_bank_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen);
unsigned wl_bank_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES]);

/* tb/wl_bank_stim.c */
void *wl_bank_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode);
void wl_bank_stim_free(void *s);
void wl_bank_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);

#endif
