/*
 * fifo.h — the synchronous FIFO leaf (rtl/irhw_fifo.v) as a block of its
 * own, so the leaf is co-simulated against a C FIFO like every block: the
 * generated top is a thin wrapper around the leaf, the model below is the
 * C FIFO with the same cycle semantics. Behaviour: model/fifo.c.
 */
#ifndef FIFO_H
#define FIFO_H

#include "irhw.h"

enum fifo_param { FF_WIDTH, FF_DEPTH, FF_NPARAMS };
enum fifo_port { FF_RST, FF_PUSH, FF_DIN, FF_POP, FF_FULL, FF_VALID, FF_HEAD, FF_NPORTS };

typedef struct {
    unsigned width, depth;
} fifo_geom;

static inline const fifo_geom *fifo_g(const irhw_inst *x)
{
    return (const fifo_geom *)x->geom;
}

extern const irhw_block irhw_block_fifo;

/* model/fifo_block.c */
int fifo_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen);

/* model/fifo.c */
void *fifo_new(const irhw_inst *x);
void fifo_free(void *m);
void fifo_eval(void *m, const uint64_t *in, uint64_t *out);
void fifo_tick(void *m, const uint64_t *in);
/* Functional coverage (irhw_block.cover_sample), points FF_COV_* */
enum fifo_cover {
    FF_COV_FULL,
    FF_COV_PUSH_POP,
    FF_COV_POP_TO_EMPTY,
    FF_COV_HEAD_WRAPS,
    FF_COV_TAIL_WRAPS,
    FF_NCOV
};
void fifo_cover(const void *m, const uint64_t *in, const uint64_t *out, uint64_t *hits);

/* gen/fifo.c */
int fifo_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen);
unsigned fifo_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES]);

/* tb/fifo_stim.c */
void *fifo_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode);
void fifo_stim_free(void *s);
void fifo_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);

#endif
