/* counter_stim.c — the example counter's stimulus: mostly counting, some
 * loads (a few above MAX, which must be refused), rare resets. */
#include "counter.h"

#include <stdlib.h>

typedef struct {
    const irhw_inst *x;
    irhw_rng rng;
} counter_stim;

void *counter_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    counter_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->x = x;
    irhw_rng_seed(&s->rng, seed);
    return s;
}

void counter_stim_free(void *s)
{
    free(s);
}

void counter_stim_next(void *vs, uint64_t cycle, const uint64_t *prev_out, uint64_t *in)
{
    counter_stim *s = vs;
    const irhw_ports *ps = &s->x->ps;
    const counter_geom *g = counter_g(s->x);
    irhw_set(in, ps, CT_EN, (uint64_t)irhw_rng_chance(&s->rng, 80));
    if (irhw_rng_chance(&s->rng, 3)) {
        irhw_set(in, ps, CT_LOAD, 1);
        uint64_t near_max = g->max - irhw_rng_below(&s->rng, g->max < 4 ? g->max + 1 : 4);
        irhw_set(in, ps, CT_LOAD_VAL,
                 irhw_rng_chance(&s->rng, 50) ? near_max : irhw_rng_bits(&s->rng, g->width));
    }
    if (irhw_rng_chance(&s->rng, 1) && irhw_rng_chance(&s->rng, 10))
        irhw_set(in, ps, CT_RST, 1);
}
