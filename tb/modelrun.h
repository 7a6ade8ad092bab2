/*
 * modelrun.h — the C model alone under a stimulus source: the `--model-only`
 * runs of the workloads (sim/workload_*.c), the same loop as irhw_cosim's
 * without the RTL.
 */
#ifndef IRHW_MODELRUN_H
#define IRHW_MODELRUN_H

#include "cosim.h"

/* Every cycle: the source's inputs (rst forced on the first two cycles, as
 * irhw_cosim does), the model evaluated, the block's checker, the observer
 * (exp = act = the model's outputs; returning 1 ends the run), the clock edge.
 * At most `cap` cycles. The checker's end-of-run test runs only when the
 * source ended the stream (its planned end). Fills res->equal, cycles_run,
 * run_s and message. 0 = ran, -1 = could not run (message in err). */
int irhw_model_run(const irhw_inst *x, const irhw_stim_source *src, uint64_t cap,
                   int (*observe)(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                                  const uint64_t *exp, const uint64_t *act),
                   void *observe_ctx, irhw_cosim_res *res, char *err, size_t errlen);

/* The checker k's test of one cycle (none when k is NULL): 1 after
 * writing its failure into res, 0 when it passes. */
int irhw_model_check_cycle(const irhw_block *b, void *k, uint64_t cyc, const uint64_t *in,
                           const uint64_t *out, irhw_cosim_res *res);
/* The end of such a run: the checker k's end-of-run test when the source
 * ended the stream and all was equal (a failure into res), then k freed. */
void irhw_model_run_end(const irhw_block *b, void *k, int ended, irhw_cosim_res *res);

#endif
