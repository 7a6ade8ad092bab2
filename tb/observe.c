/*
 * observe.c — the per-cycle observer of a co-simulation (observe.h).
 */
#include "observe.h"

/* What only some runs ask for: their inputs recorded, a line trace, the
 * inputs kept for --shrink, Icarus vectors. */
static void observe_extras(irhw_observer *o, uint64_t cycle, const void *model,
                           const uint64_t *in, const uint64_t *exp, const uint64_t *act)
{
    if (o->record)
        irhw_csv_row(o->record, &o->cov.x->ps, in);
    if (o->lt)
        irhw_lt_line(o->lt, cycle, in, exp, model ? act : NULL);
    if (o->capture && !o->nomem && irhw_rows_push(o->capture, in))
        o->nomem = 1;
    if (o->xcheck)
        irhw_xcheck_cycle(o->xcheck, model, in, exp, act);
}

int irhw_observe_cycle(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                       const uint64_t *exp, const uint64_t *act)
{
    irhw_observer *o = ctx;
    irhw_cov_sample(&o->cov, cycle, model, in, exp);
    if (o->record || o->lt || o->capture || o->xcheck)
        observe_extras(o, cycle, model, in, exp, act);
    return o->until_covered && o->cov.n && irhw_cov_complete(&o->cov);
}
