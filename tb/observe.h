/*
 * observe.h — what `cosim` watches every cycle besides the compare:
 * functional coverage (--until-covered ends the run once every point is
 * hit), the inputs written as a CSV trace (--record), one line per cycle
 * (--trace-lines) and the inputs kept in memory for --shrink. One observer
 * callback for the lockstep driver (irhw_cosim_req.observe).
 */
#ifndef IRHW_OBSERVE_H
#define IRHW_OBSERVE_H

#include "coverage.h"
#include "linetrace.h"
#include "stimfile.h"
#include "xcheck.h"

typedef struct {
    irhw_coverage cov;
    int until_covered;   /* end the run once every applicable point is hit */
    FILE *record;        /* CSV trace of the inputs, or NULL */
    irhw_linetrace *lt;  /* line trace, or NULL */
    irhw_rows *capture;  /* every cycle's inputs (for --shrink), or NULL */
    int nomem;           /* capture ran out of memory */
    irhw_xcheck *xcheck; /* --xcheck: vectors for the Icarus run, or NULL */
} irhw_observer;

/* The irhw_cosim_req.observe callback; ctx is an irhw_observer. */
int irhw_observe_cycle(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                       const uint64_t *exp, const uint64_t *act);

#endif
