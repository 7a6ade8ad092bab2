/*
 * fifo — the C twin of rtl/irhw_fifo.v, a synchronous FIFO of DEPTH entries.
 *
 * Cycle semantics (the leaf's contract): full and valid are registered
 * state; head shows the oldest entry while valid and 0 otherwise (the
 * leaf's storage is not reset and the wrapper qualifies head by valid, see
 * gen/fifo.c); push and pop act at the clock edge. A push while full or a
 * pop while empty breaks the contract: the model ignores it, and the
 * stimulus never drives one (the leaf's behaviour there is unspecified).
 */
#include "fifo.h"

#include <stdlib.h>

typedef struct {
    const irhw_inst *x;
    uint64_t *e;
    unsigned head, n;
} fifo_model;

void *fifo_new(const irhw_inst *x)
{
    fifo_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->x = x;
    if (!(m->e = calloc(fifo_g(x)->depth, sizeof *m->e))) {
        free(m);
        return NULL;
    }
    return m;
}

void fifo_free(void *vm)
{
    fifo_model *m = vm;
    if (m)
        free(m->e);
    free(m);
}

void fifo_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    fifo_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    irhw_set(out, ps, FF_FULL, m->n == fifo_g(m->x)->depth);
    irhw_set(out, ps, FF_VALID, m->n != 0);
    irhw_set(out, ps, FF_HEAD, m->n ? m->e[m->head] : 0);
}

void fifo_tick(void *vm, const uint64_t *in)
{
    fifo_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    unsigned depth = fifo_g(m->x)->depth;
    if (irhw_get(in, ps, FF_RST)) {
        m->head = m->n = 0;
        return;
    }
    int push = irhw_get(in, ps, FF_PUSH) && m->n < depth;
    int pop = irhw_get(in, ps, FF_POP) && m->n > 0;
    if (push)
        m->e[(m->head + m->n) % depth] = irhw_get(in, ps, FF_DIN);
    if (pop)
        m->head = (m->head + 1) % depth;
    m->n += (unsigned)push - (unsigned)pop;
}

void fifo_cover(const void *vm, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const fifo_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    unsigned depth = fifo_g(m->x)->depth;
    if (irhw_get(in, ps, FF_RST))
        return;
    int push = (int)irhw_get(in, ps, FF_PUSH), pop = irhw_get(in, ps, FF_POP) && m->n;
    if (m->n == depth)
        hits[FF_COV_FULL]++;
    if (push && pop && m->n < depth)
        hits[FF_COV_PUSH_POP]++;
    if (pop && m->n == 1 && !push)
        hits[FF_COV_POP_TO_EMPTY]++;
    if (pop && m->head == depth - 1)
        hits[FF_COV_HEAD_WRAPS]++;
    if (push && m->n < depth && (m->head + m->n) % depth == depth - 1)
        hits[FF_COV_TAIL_WRAPS]++;
}
