/* iru_hash.h — parameters, port indices and derived geometry of the IRU
 * reordering hash (see model/iru_hash.c for the behaviour and decisions). */
#ifndef IRU_HASH_H
#define IRU_HASH_H

#include "irhw.h"

enum iru_hash_param {
    IH_SETS,
    IH_BANKS,
    IH_SLOTS,
    IH_IDX_BITS,
    IH_DATA_BITS,
    IH_POS_BITS,
    IH_LINE_BYTES,
    IH_ELEM_BYTES,
    IH_FILTER,
    IH_TIMEOUT,
    IH_REQS,
    IH_STORAGE,
    IH_NPARAMS
};
enum iru_hash_filter { IH_NONE, IH_DEDUP, IH_MIN, IH_FADD };
enum iru_hash_storage { IH_FLOPS, IH_SRAM };

/* Logical ports. Some exist only in some configurations (no data ports
 * when DATA_BITS=0, no merge ports when FILTER=none, ...): iru_geom.port[]
 * maps each to its index in the port list, or -1. */
enum iru_hash_port {
    IHP_RST,
    IHP_INS_VALID, /* LANES x 1 */
    IHP_INS_IDX,   /* LANES x IDX_BITS */
    IHP_INS_DATA,  /* LANES x DATA_BITS (DATA_BITS > 0) */
    IHP_INS_POS,   /* LANES x POS_BITS */
    IHP_REQ,
    IHP_FLUSH,
    IHP_INS_READY, /* LANES x 1 */
    IHP_REQ_READY,
    IHP_REP_VALID,
    IHP_REP_SLOT_VALID, /* SLOTS x 1, valid slots first */
    IHP_REP_IDX,        /* SLOTS x IDX_BITS */
    IHP_REP_DATA,       /* SLOTS x DATA_BITS (DATA_BITS > 0) */
    IHP_REP_POS,        /* SLOTS x POS_BITS */
    IHP_MRG_VALID,      /* BANKS x 1 (FILTER != none) */
    IHP_MRG_IDX,        /* BANKS x IDX_BITS: index of the element merged out */
    IHP_MRG_DATA,       /* BANKS x DATA_BITS: its data (DATA_BITS > 0) */
    IHP_MRG_POS,        /* BANKS x POS_BITS: its position */
    IHP_MRG_KEEP_POS,   /* BANKS x POS_BITS: position of the element kept */
    IHP_MRG_KEEP_OLD,   /* BANKS x DATA_BITS: data kept before (DATA_BITS > 0) */
    IHP_MRG_KEEP_NEW,   /* BANKS x DATA_BITS: data kept after (min, fadd) */
    IHP_HELD,           /* elements the unit holds (start of the cycle) */
    IHP_N
};

/* Everything derived from the parameters, shared by model, generator,
 * stimulus, checker and tests. */
typedef struct {
    unsigned sets, banks, lanes, slots, rows;
    unsigned idx_bits, data_bits, pos_bits, elem_bits;
    unsigned filter, storage, timeout, reqs;
    unsigned set_bits;  /* log2(SETS) */
    unsigned bank_bits; /* log2(BANKS) */
    unsigned row_bits;  /* log2(SETS / BANKS) */
    unsigned shift;     /* log2(LINE_BYTES / ELEM_BYTES): index -> block */
    unsigned cnt_bits;  /* holds 0..SLOTS */
    unsigned slot_bits; /* max(1, ceil(log2(SLOTS))) */
    unsigned held_bits; /* holds every element the unit can hold */
    unsigned ts_bits;   /* request timestamps (0 when TIMEOUT = 0) */
    unsigned rq_bits;   /* holds 0..REQS */
    unsigned rq_ptr_bits;
    unsigned macro_bits; /* width of one slot macro word */
    uint64_t hash_bits;  /* SETS x SLOTS x (IDX + DATA + POS) bits: the hash table */
    int port[IHP_N];     /* index of each logical port in the list, -1 when absent */
} iru_geom;

static inline const iru_geom *iru_g(const irhw_inst *x)
{
    return (const iru_geom *)x->geom;
}

extern const irhw_block irhw_block_iru_hash;

/* model/iru_hash_block.c: every derived size, the joint limits, the port map */
int iru_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen);
/* Memory block of an index, and the set its XOR-folded block number selects. */
uint64_t iru_block_of(const iru_geom *g, uint64_t idx);
unsigned iru_set_of(const iru_geom *g, uint64_t idx);
/* The merge arithmetic of the filter: min (unsigned) or fp32 addition. */
uint64_t iru_merge(const iru_geom *g, uint64_t kept, uint64_t incoming);
/* The conservation checker's totals (tb/iru_hash_stim.c): elements
 * inserted, replied, merged out, dropped by a reset, still held. */
void iru_hash_check_counts(const void *checker, uint64_t n[5]);

/* model/iru_hash.c */
void *iru_new(const irhw_inst *x);
void iru_free(void *m);
void iru_eval(void *m, const uint64_t *in, uint64_t *out);
void iru_tick(void *m, const uint64_t *in);
/* Functional coverage (irhw_block.cover_sample), points IH_COV_* */
enum iru_hash_cover {
    IH_COV_REPLY_COMPLETE,
    IH_COV_REPLY_TIMEOUT,
    IH_COV_FLUSH_PACK,
    IH_COV_TIMEOUT_PACK,
    IH_COV_TIMEOUT_FILL_MULTI,
    IH_COV_PACK_REPLY,
    IH_COV_DONE_REPLY,
    IH_COV_BANK_CONFLICT,
    IH_COV_ENTRY_FULL_REFUSES,
    IH_COV_DEDUP_DROP,
    IH_COV_MIN_MERGE,
    IH_COV_FADD_MERGE,
    IH_COV_REQS_FULL,
    IH_COV_REQS_WRAP,
    IH_COV_FLUSH_WITHDRAWN,
    IH_NCOV
};
void iru_cover(const void *m, const uint64_t *in, const uint64_t *out, uint64_t *hits);
void iru_stats_print(void *m, FILE *f);
/* The longest run of cycles a full pack buffer (a complete reply) waited
 * while a request waited; a decision a cycle is the least. */
uint64_t iru_pack_wait_max(const void *m);

/* gen/iru_hash.c */
int iru_hash_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen);
unsigned iru_hash_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES]);
void iru_hash_gen_summary(const irhw_inst *x, FILE *f);

/* tb/iru_hash_stim.c */
void *iru_hash_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode);
void iru_hash_stim_free(void *s);
void iru_hash_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);
void *iru_hash_check_new(const irhw_inst *x);
void iru_hash_check_free(void *k);
int iru_hash_check_cycle(void *k, uint64_t cycle, const uint64_t *in, const uint64_t *out,
                         char *err, size_t errlen);
int iru_hash_check_end(void *k, char *err, size_t errlen);

#endif
