/*
 * counter.h — a minimal example block, kept under tests/ to prove that a
 * block needs only its own files: this header, a descriptor
 * (counter_block.c), a model (counter.c), a generator (counter_gen.c) and
 * a stimulus (counter_stim.c). tests/unit/test_example_block.c builds them into
 * a test binary and runs gen, lint, scenarios and co-simulation through
 * the generic code, which never names this block. A real block puts the
 * same files at model/<b>.h, model/<b>_block.c, model/<b>.c, gen/<b>.c and
 * tb/<b>_stim.c, where the registry picks it up.
 *
 * The block: a WIDTH-bit up counter that wraps after MAX; `load` sets it to
 * load_val (values above MAX are refused, load_ok low); `wrap` says the
 * count passes from MAX to 0 in this cycle.
 */
#ifndef EXAMPLE_COUNTER_H
#define EXAMPLE_COUNTER_H

#include "irhw.h"

enum counter_param { CT_WIDTH, CT_MAX, CT_NPARAMS };
enum counter_port { CT_RST, CT_EN, CT_LOAD, CT_LOAD_VAL, CT_COUNT, CT_WRAP, CT_LOAD_OK, CT_NPORTS };

typedef struct {
    unsigned width;
    uint64_t max;
} counter_geom;

static inline const counter_geom *counter_g(const irhw_inst *x)
{
    return (const counter_geom *)x->geom;
}

extern const irhw_block irhw_block_counter;

int counter_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen);
void *counter_new(const irhw_inst *x);
void counter_free(void *m);
void counter_eval(void *m, const uint64_t *in, uint64_t *out);
void counter_tick(void *m, const uint64_t *in);
int counter_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen);
void *counter_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode);
void counter_stim_free(void *s);
void counter_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);

#endif
