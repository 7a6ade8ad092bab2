/*
 * prove.h — irhw prove's engine: bounded model checking and k-induction of
 * a design's assertions (vw_assert) with Yosys's SAT solver (`sat
 * -tempinduct`), from rst held in the first two cycles as co-simulation
 * holds it. The script is synth_scripts/prove.ys.in filled in; a failing
 * proof's counterexample becomes a stimulus file cosim replays.
 */
#ifndef IRHW_PROVE_H
#define IRHW_PROVE_H

#include "irhw.h"

/* Beyond these the solver is hopeless: cells after flattening (before
 * optimisation), words of any one memory. */
#define IRHW_PROVE_CELLS_MAX 10000
#define IRHW_PROVE_MEM_MAX 32

typedef struct {
    const irhw_inst *x; /* the block, its configuration, ports and top module */
    /* The user's RTL of x's ports (leaf cells read from IRHW_ROOT/rtl); none:
     * the generated design, DIR/<module>.v and its leaf cells beside it */
    const char *const *rtl;
    unsigned nrtl;
    uint64_t depth;  /* bounded model check and k-induction to this many cycles */
    const char *dir; /* an existing folder: prove.ys, prove.log, the counterexample */
} irhw_prove_req;

typedef enum {
    IRHW_PROVE_PROVED,    /* every assertion holds in every reachable state (k) */
    IRHW_PROVE_PASSED,    /* none fails within depth; k-induction did not close */
    IRHW_PROVE_FAILED,    /* one fails at fail_cycle: csv, vcd, gtkw written */
    IRHW_PROVE_NO_CHECK,  /* the design has no assertion: nothing to prove */
    IRHW_PROVE_TOO_LARGE, /* over IRHW_PROVE_CELLS_MAX or IRHW_PROVE_MEM_MAX */
    IRHW_PROVE_BAD_RTL,   /* a module defined twice differently, or missing: why */
} irhw_prove_verdict;

/* A proof runs in up to three phases, each one Yosys run: the checks
 * (port contracts and invariants); the formal scoreboard's checks (labelled
 * sb_*, under `ifdef FORMAL) but its data checks; its data checks
 * (sb_data_*). A later phase takes an earlier one's checks as assumptions
 * when they were proved, and leaves them out when not. */
enum { IRHW_PHASE_CHECKS, IRHW_PHASE_SB, IRHW_PHASE_SB_DATA, IRHW_NPHASES };

typedef struct {
    int ran;
    irhw_prove_verdict verdict;
    int k;               /* induction lengths the solver tried */
    uint64_t fail_cycle; /* FAILED: the co-simulation cycle the assertion fails in */
    char names[1024];    /* scoreboard phases: their checks' labels, ", "-separated */
    unsigned n;          /* scoreboard phases: how many */
    char script[4200], log[4200];
} irhw_prove_phase;

typedef struct {
    irhw_prove_phase ph[IRHW_NPHASES];
    char why[IRHW_ERRLEN];                 /* BAD_RTL: the module and files */
    char csv[4200], vcd[4200], gtkw[4200]; /* the counterexample (FAILED) */
} irhw_prove_res;

/* Checks the files' module definitions (a module defined twice with
 * different text is BAD_RTL; identical copies are read once; a leaf cell
 * the files define is not added), removes an earlier run's counterexample
 * from q->dir, writes and runs each phase's script, reads the verdicts from
 * the logs into r. 0; or -1 with the
 * message (a file not written, Yosys missing or failing, its log
 * unreadable). */
int irhw_prove_run(const irhw_prove_req *q, irhw_prove_res *r, char *err, size_t errlen);

#endif
