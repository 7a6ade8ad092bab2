/* icrn.h — the inter-core redistribution network's contract: parameter and
 * port indices, the tree geometry (icrn_geom_of) and the prototypes of every
 * hook of its description (model/icrn_block.c). Behaviour: model/icrn.c. */
#ifndef ICRN_H
#define ICRN_H

#include "irhw.h"

enum icrn_param { IC_CORES, IC_RADIX, IC_ID_BITS, IC_BUF_DEPTH, IC_NPARAMS };

enum icrn_port {
    /* inputs */
    IC_RST,
    IC_INJ_VALID,   /* [CORES]          */
    IC_INJ_ID,      /* [CORES*ID_BITS]  */
    IC_DLV_READY,   /* [CORES]          */
    IC_CORE_EMPTY,  /* [CORES]          */
    IC_CORE_GREEDY, /* [CORES]          */
    /* outputs */
    IC_INJ_READY, /* [CORES]            */
    IC_DLV_VALID, /* [CORES]            */
    IC_DLV_ID,    /* [CORES*ID_BITS]    */
    IC_DLV_SRC,   /* [CORES*CORE_BITS]  */
    IC_ALL_DONE,
    IC_NPORTS
};

/* 64 cores with radix 2 need 6 hub levels. */
#define ICRN_MAX_LEVELS 6
#define ICRN_MAX_CORES 64

/* The tree. Level 0 holds the cores, level k >= 1 the hubs; the root is the
 * only node of level `levels`. Node (k, i) with k >= 1 has the children
 * (k-1, j) for j in [i*radix, min((i+1)*radix, count[k-1])) and covers the
 * cores [i*span[k], min((i+1)*span[k], cores)). */
typedef struct {
    unsigned cores, radix, id_bits, depth;
    unsigned core_bits; /* ceil(log2(CORES)): width of a source/destination core */
    unsigned levels;    /* hub levels L: a core-to-core trip is 2L hops */
    unsigned count[ICRN_MAX_LEVELS + 1];
    unsigned span[ICRN_MAX_LEVELS + 1];
    unsigned hubs;        /* nodes of levels 1..levels */
    unsigned fifos;       /* one per link and direction: 2 per non-root node */
    uint64_t buffer_bits; /* payload bits of every FIFO */
} icrn_geom;

static inline const icrn_geom *icrn_g(const irhw_inst *x)
{
    return (const icrn_geom *)x->geom;
}

/* Where a core's field lies in a packed per-core bus (dlv_id, dlv_src: bits
 * [lsb +: width]): word w, shift sh, its bits there (lo) and in word w + 1
 * (hi: 0 unless it straddles the two). Found once per core, so that the
 * model writes a delivery and the checker masks the fields that must be
 * zero without divisions or width tests. */
typedef struct {
    unsigned w, sh;
    uint64_t lo, hi;
} icrn_field;

static inline icrn_field icrn_field_at(unsigned lsb, unsigned width)
{
    unsigned sh = lsb % 64;
    uint64_t mask = irhw_mask(width);
    return (icrn_field){lsb / 64, sh, mask << sh, sh ? mask >> (64 - sh) : 0};
}

extern const irhw_block irhw_block_icrn;

/* model/icrn_block.c: the geometry, and the tree's shape read from it */
int icrn_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen);
void icrn_children(const icrn_geom *g, unsigned level, unsigned i, unsigned *first, unsigned *n);
void icrn_cover(const icrn_geom *g, unsigned level, unsigned i, unsigned *lo, unsigned *hi);
/* Bits of one entry of the up (toward the root) and down (toward a core)
 * buffer of node (level, i): a node covering one core stores no source on
 * the way up (it is constant) and no destination on the way down. */
unsigned icrn_up_width(const icrn_geom *g, unsigned level, unsigned i);
unsigned icrn_dn_width(const icrn_geom *g, unsigned level, unsigned i);

/* model/icrn.c */
void *icrn_new(const irhw_inst *x);
void icrn_free(void *m);
void icrn_eval(void *m, const uint64_t *in, uint64_t *out);
void icrn_tick(void *m, const uint64_t *in);
/* Functional coverage (irhw_block.cover_sample), points IC_COV_* */
enum icrn_cover {
    IC_COV_ROOT_BLOCKED,
    IC_COV_ROOT_CONTENTION,
    IC_COV_INJ_REFUSED,
    IC_COV_DLV_STALLED,
    IC_COV_NOT_DONE_WORK_IN_BUFFER,
    IC_COV_NOT_DONE_OFFER,
    IC_COV_ALL_DONE,
    IC_COV_SRC_PTR_WRAPS,
    IC_COV_DST_PTR_WRAPS,
    IC_NCOV
};
void icrn_coverage(const void *m, const uint64_t *in, const uint64_t *out, uint64_t *hits);
void icrn_stats(void *m, FILE *f);

/* gen/icrn.c */
int icrn_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen);
unsigned icrn_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES]);
void icrn_gen_summary(const irhw_inst *x, FILE *f);
int icrn_draw_svg(const irhw_inst *x, FILE *f, char *err, size_t errlen);

/* tb/icrn_stim.c */
void *icrn_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode);
void icrn_stim_free(void *s);
void icrn_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);
void *icrn_check_new(const irhw_inst *x);
void icrn_check_free(void *k);
int icrn_check_cycle(void *k, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                     size_t errlen);
int icrn_check_end(void *k, char *err, size_t errlen);

#endif
