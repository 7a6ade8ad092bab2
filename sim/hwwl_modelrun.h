/*
 * hwwl_modelrun.h — the model-only run of the hwwl workloads
 * (sim/workload_hwwl.c): irhw_model_run's loop (tb/modelrun.c) for hwwl,
 * the same cycle for cycle, with one shortcut that changes no result. Once
 * the model's last ticks were calm (hwwl_calm: no state changed but phase
 * counters and statistics) for a whole period of those counters
 * (INTERVAL + 1 cycles) on unchanged inputs with unchanged outputs, a
 * cycle whose inputs are those again is the same cycle again: its outputs
 * are the last ones, the checker would find what it found (its own memo
 * skips such a cycle), and the tick only counts (hwwl_idle_tick). The
 * source and the observer run as usual, but over the cycles before the
 * source's next event (quiet_until), which would repeat the cycle again:
 * there only the source's counts advance (idle_counts). Calm cores are not
 * evaluated either (hwwl_fast_forward), and a core whose pulls all get
 * WAIT from empty banks is decided from its last settled step
 * (hwwl_core_pull_eval). IRHW_NO_FASTFORWARD=1 in the
 * environment steps every cycle (tests/cli/test_hwwl_fastforward.sh
 * compares the two).
 */
#ifndef IRHW_HWWL_MODELRUN_H
#define IRHW_HWWL_MODELRUN_H

#include "cosim.h"

typedef struct {
    const irhw_inst *x; /* an hwwl instance */
    const irhw_stim_source *src;
    uint64_t cap; /* at most this many cycles */
    /* every cycle, as irhw_model_run's observer (1: end the run) */
    int (*observe)(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                   const uint64_t *exp, const uint64_t *act);
    /* the first cycle from `cycle` on in which the source may do anything
     * but drive its last inputs again on the outputs po (`cycle`: none) */
    uint64_t (*quiet_until)(void *ctx, uint64_t cycle, const uint64_t *po);
    /* what the source counts in n such cycles */
    void (*idle_counts)(void *ctx, const uint64_t *po, uint64_t n);
    void *ctx;
} hwwl_ffrun;

/* As irhw_model_run (res, the checker, 0 / -1); *skipped counts the
 * cycles fast-forwarded, *pull_steps the cores' pull-only steps. */
int irhw_hwwl_model_run(const hwwl_ffrun *r, irhw_cosim_res *res, uint64_t *skipped,
                        uint64_t *pull_steps, char *err, size_t errlen);

#endif
