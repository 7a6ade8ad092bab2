/*
 * shrink.h — `cosim --shrink`: reduce a failing input trace to a short one
 * that still fails on the same output port (or the same checker), by delta
 * debugging over cycles (remove chunks of cycles, halving the chunk while
 * nothing can go; then windows of 2..32 cycles at every start), then over
 * values (every input field of every remaining cycle set to 0 where the
 * failure stays), then over cycles again.
 */
#ifndef IRHW_SHRINK_H
#define IRHW_SHRINK_H

#include "cosim.h"
#include "stimfile.h"

typedef struct {
    uint64_t before, after; /* cycles */
    unsigned runs;          /* co-simulations tried */
    double seconds;
    int budget_hit; /* stopped at the run or time budget: shorter may exist */
} irhw_shrink_res;

/* base: the failing run's request (block, RTL, checkers); trace: its inputs
 * up to the failing cycle, replaced by the shrunk trace; port: the failing
 * output port (irhw_cosim_res.mismatch_port; -1 a checker). max_runs and
 * max_s bound the search (0: no bound). 0, or -1 with a message when a
 * co-simulation could not run. */
int irhw_shrink(const irhw_cosim_req *base, irhw_rows *trace, int port, unsigned max_runs,
                double max_s, irhw_shrink_res *res, char *err, size_t errlen);

#endif
