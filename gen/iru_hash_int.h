/*
 * gen/iru_hash_int.h — what the two files of the IRU reordering hash's
 * Verilog generator share: the derived geometry (gx), the long-loop
 * helpers and the sections of the generated module in gen/iru_hash_store.c.
 *
 *   iru_hash.c        header, declarations, lanes, arg-max tree, reply
 *                     engine, lane grants, bank select; the entry point
 *   iru_hash_store.c  slot macros, merge stages, the index register file,
 *                     entry counts, pack buffer, requests, action register
 *                     and held, outputs
 */
#ifndef IRHW_IRU_HASH_INT_H
#define IRHW_IRU_HASH_INT_H

#include "iru_hash.h"

typedef struct {
    iru_geom g;
    char top[160], fadd[200], idxrf[200];
    unsigned L, B, S, ib, db, pw, ew, mw;
    unsigned sbw, bbw, rbw, slb, cb, hb, qb, qpb, tb;
    int flt, arith, sram;
    int op_set; /* the output phase needs the whole set (row or index read) */
} gx;

int loop_open(irhw_vw *w, int generate, const char *var, const char *label, unsigned n,
              const char *ix);
void loop_close(irhw_vw *w, int generate, int depth);

void merge_stage_regs(const gx *x, irhw_vw *w);
void slot_macros(const gx *x, irhw_vw *w);
void idx_regfile_module(const gx *x, irhw_vw *w);
void idx_regfile_instance(const gx *x, irhw_vw *w);
void entry_counts(const gx *x, irhw_vw *w);
void pack_buffer(const gx *x, irhw_vw *w);
void requests(const gx *x, irhw_vw *w);
void control_regs(const gx *x, irhw_vw *w);
void outputs(const gx *x, irhw_vw *w);

#endif
