/*
 * observe.c — the per-cycle observer of a co-simulation (observe.h).
 */
#include "observe.h"

/* A run that asks for more than the coverage count. Out of line: the usual
 * run's path below keeps nothing across its one call. */
__attribute__((noinline)) static int observe_all(irhw_observer *o, uint64_t cycle,
                                                 const void *model, const uint64_t *in,
                                                 const uint64_t *exp, const uint64_t *act)
{
    irhw_cov_sample(&o->cov, cycle, model, in, exp);
    if (o->record)
        irhw_csv_row(o->record, &o->cov.x->ps, in);
    if (o->lt)
        irhw_lt_line(o->lt, cycle, in, exp, model ? act : NULL);
    if (o->capture && !o->nomem && irhw_rows_push(o->capture, in))
        o->nomem = 1;
    if (o->xcheck)
        irhw_xcheck_cycle(o->xcheck, model, in, exp, act);
    return o->until_covered && o->cov.n && irhw_cov_complete(&o->cov);
}

int irhw_observe_cycle(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                       const uint64_t *exp, const uint64_t *act)
{
    irhw_observer *o = ctx;
    if (o->record || o->lt || o->capture || o->xcheck || o->until_covered)
        return observe_all(o, cycle, model, in, exp, act);
    irhw_cov_sample(&o->cov, cycle, model, in, exp);
    return 0;
}
