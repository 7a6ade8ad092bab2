/*
 * xcheck.h — the same stimulus on the RTL under Icarus Verilog (4-state).
 *
 * Verilator is 2-state and starts every register at 0, so a register that
 * lacks its reset can look right there. An X-check records the inputs and
 * the model's outputs of a co-simulation (through the cosim observer), then
 * replays the inputs on the RTL under Icarus (`iverilog -g2005`, `vvp`)
 * from a generated testbench that reads the vectors with $readmemh and,
 * every cycle after the two reset cycles, fails on any X or Z bit of an
 * output and on any output that differs from the model's.
 */
#ifndef IRHW_XCHECK_H
#define IRHW_XCHECK_H

#include "cosim.h"

typedef struct irhw_xcheck irhw_xcheck;

typedef struct {
    int clean;       /* 1 = no X/Z after reset and every output equal to the model's */
    int x_found;     /* 0 = an output differed from the model (not X) */
    uint64_t cycle;  /* the failing cycle */
    uint64_t cycles; /* cycles Icarus ran */
    double load_s;   /* elaboration and vector load (a one-cycle run) */
    double run_s;    /* the whole run, load included */
    char message[4096];
} irhw_xcheck_res;

/* Vectors go to a new folder under $TMPDIR; compare = check the outputs
 * against the model's too (0 when the run had no model). NULL + message. */
irhw_xcheck *irhw_xcheck_new(const irhw_inst *x, int compare, char *err, size_t errlen);
/* Records one co-simulation cycle (called by the cosim observer,
 * tb/observe.c): the inputs and the model's outputs (the RTL's without a
 * model). */
void irhw_xcheck_cycle(irhw_xcheck *k, const void *model, const uint64_t *in, const uint64_t *exp,
                       const uint64_t *act);
/* After the co-simulation: writes the design (the generated RTL, or the
 * --rtl files), the testbench, builds with iverilog and runs vvp.
 * 0 = ran (verdict in r), -1 = a tool failed (message in err). */
int irhw_xcheck_run(irhw_xcheck *k, const char *const *rtl_files, unsigned nrtl, irhw_xcheck_res *r,
                    char *err, size_t errlen);
/* The folder holding testbench, vectors and logs. */
const char *irhw_xcheck_dir(const irhw_xcheck *k);
/* Frees; keep = leave the folder (after a failure, for the user). */
void irhw_xcheck_free(irhw_xcheck *k, int keep);

#endif
