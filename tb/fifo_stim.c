/*
 * fifo_stim.c — stimulus of the FIFO block: it keeps to the leaf's contract
 * (push only when !full, pop only when valid, read from the previous
 * cycle's outputs) and goes through phases that fill it to full, drain it
 * to empty, and push and pop together, with rare resets.
 */
#include "fifo.h"

#include <stdlib.h>

typedef struct {
    const irhw_inst *x;
    irhw_rng rng;
    unsigned p_push, p_pop, left;
    unsigned n; /* entries after this cycle's edge, from what was driven */
} fifo_stim;

void *fifo_stim_new(const irhw_inst *x, uint64_t seed, uint64_t cycles, irhw_stim_mode mode)
{
    fifo_stim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->x = x;
    irhw_rng_seed(&s->rng, seed);
    return s;
}

void fifo_stim_free(void *s)
{
    free(s);
}

void fifo_stim_next(void *vs, uint64_t cycle, const uint64_t *prev_out, uint64_t *in)
{
    fifo_stim *s = vs;
    const irhw_ports *ps = &s->x->ps;
    if (s->left == 0) { /* a new phase: filling, draining or balanced */
        static const unsigned bias[][2] = {{90, 10}, {10, 90}, {60, 60}, {100, 100}};
        unsigned k = (unsigned)irhw_rng_below(&s->rng, 4);
        s->p_push = bias[k][0];
        s->p_pop = bias[k][1];
        s->left = 4 * fifo_g(s->x)->depth + (unsigned)irhw_rng_below(&s->rng, 16);
    }
    s->left--;
    int push = s->n < fifo_g(s->x)->depth && irhw_rng_chance(&s->rng, s->p_push);
    int pop = s->n > 0 && irhw_rng_chance(&s->rng, s->p_pop);
    if (push) {
        irhw_set(in, ps, FF_PUSH, 1);
        irhw_set(in, ps, FF_DIN, irhw_rng_bits(&s->rng, fifo_g(s->x)->width));
    }
    if (pop)
        irhw_set(in, ps, FF_POP, 1);
    /* a reset (rare, and the harness's first two cycles) empties it */
    if (cycle < 2 || irhw_rng_below(&s->rng, 2000) == 0) {
        irhw_set(in, ps, FF_RST, 1);
        s->n = 0;
    } else {
        s->n += (unsigned)push - (unsigned)pop;
    }
}
