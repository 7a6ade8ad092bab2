/*
 * swt.h — the scalar-warp table's contract: parameter and port indices, the
 * geometry every part derives its sizes from (swt_geom_of), and the
 * prototypes of every hook of its description (model/swt_block.c).
 * Behaviour and every decision: model/swt.c.
 */
#ifndef SWT_H
#define SWT_H

#include "irhw.h"

enum swt_param { SWT_ENTRIES, SWT_WARPS, SWT_PC_BITS, SWT_LANES, SWT_POLICY, SWT_NPARAMS };
enum swt_policy { SWT_OLDEST, SWT_FULLEST };

enum swt_port {
    /* inputs */
    SWT_RST,
    SWT_INS_VALID,
    SWT_INS_WARP,
    SWT_INS_PC,
    SWT_ISS_REQ,
    /* outputs */
    SWT_INS_JOIN,
    SWT_INS_ALLOC,
    SWT_INS_REJECT,
    SWT_INS_DUP,
    SWT_INS_BADWARP,
    SWT_INS_ENTRY,
    SWT_ISS_VALID,
    SWT_ISS_ENTRY,
    SWT_ISS_PC,
    SWT_ISS_MASK,
    SWT_ISS_COUNT,
    SWT_OCCUPANCY,
    SWT_FULL,
    SWT_NPORTS
};

#define SWT_MAX 64 /* most entries, most warps */

/* Every width and limit derived from the parameters, computed once. */
typedef struct {
    unsigned entries, warps, pc_bits, lanes;
    int fullest;         /* POLICY=fullest (else oldest) */
    unsigned cap;        /* warps that fill an entry: min(LANES, WARPS) */
    unsigned warp_bits;  /* ins_warp */
    unsigned entry_bits; /* ins_entry, iss_entry */
    unsigned count_bits; /* iss_count and the per-entry counters: 0..cap */
    unsigned occ_bits;   /* occupancy: 0..ENTRIES */
    /* Flip-flops of the RTL, field by field (area notes). */
    uint64_t bits_pc, bits_mask, bits_valid, bits_count, bits_age, bits_occ, bits_total;
} swt_geom;

static inline const swt_geom *swt_g(const irhw_inst *x)
{
    return (const swt_geom *)x->geom;
}

extern const irhw_block irhw_block_swt;

/* model/swt_block.c */
int swt_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen);

/* model/swt.c */
void *swt_new(const irhw_inst *x);
void swt_free(void *m);
void swt_eval(void *m, const uint64_t *in, uint64_t *out);
void swt_tick(void *m, const uint64_t *in);
void swt_stats_print(void *m, FILE *f);
/* Functional coverage (irhw_block.cover_sample), points SWT_COV_* */
enum swt_cover {
    SWT_COV_JOIN,
    SWT_COV_ENTRY_FULL,
    SWT_COV_ISSUE_FULL_ENTRY,
    SWT_COV_FULL_ENTRY_SECOND_ALLOC,
    SWT_COV_FULL_ENTRY_REJECT,
    SWT_COV_TABLE_FULL_REJECT,
    SWT_COV_INSERT_ISSUE_SAME_ENTRY,
    SWT_COV_DUP_WHILE_ISSUING,
    SWT_COV_BADWARP,
    SWT_COV_FULLEST_PICKS_YOUNGER,
    SWT_NCOV
};
void swt_cover(const void *m, const uint64_t *in, const uint64_t *out, uint64_t *hits);

/* gen/swt.c */
int swt_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen);
unsigned swt_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES]);
void swt_gen_summary(const irhw_inst *x, FILE *f);

/* tb/swt_stim.c */
void *swt_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode);
void swt_stim_free(void *s);
void swt_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);
void *swt_check_new(const irhw_inst *x);
void swt_check_free(void *k);
int swt_check_cycle(void *k, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                    size_t errlen);
int swt_check_end(void *k, char *err, size_t errlen);

#endif
