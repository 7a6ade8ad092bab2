/* counter.c — the example counter's C model (see counter.h). */
#include "counter.h"

#include <stdlib.h>

typedef struct {
    const irhw_inst *x;
    uint64_t count;
} counter_model;

void *counter_new(const irhw_inst *x)
{
    counter_model *m = calloc(1, sizeof *m);
    if (m)
        m->x = x;
    return m;
}

void counter_free(void *m)
{
    free(m);
}

static int load_ok(const counter_model *m, const uint64_t *in)
{
    const irhw_ports *ps = &m->x->ps;
    return irhw_get(in, ps, CT_LOAD) && irhw_get(in, ps, CT_LOAD_VAL) <= counter_g(m->x)->max;
}

void counter_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    counter_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    int wrap =
        !irhw_get(in, ps, CT_LOAD) && irhw_get(in, ps, CT_EN) && m->count == counter_g(m->x)->max;
    irhw_set(out, ps, CT_COUNT, m->count);
    irhw_set(out, ps, CT_WRAP, (uint64_t)wrap);
    irhw_set(out, ps, CT_LOAD_OK, (uint64_t)load_ok(m, in));
}

void counter_tick(void *vm, const uint64_t *in)
{
    counter_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    if (irhw_get(in, ps, CT_RST))
        m->count = 0;
    else if (irhw_get(in, ps, CT_LOAD))
        m->count = load_ok(m, in) ? irhw_get(in, ps, CT_LOAD_VAL) : m->count;
    else if (irhw_get(in, ps, CT_EN))
        m->count = m->count == counter_g(m->x)->max ? 0 : m->count + 1;
}
