/*
 * cosim.h — the generic lockstep driver: one block's RTL (Verilated) and
 * its C model, same inputs, every output port compared every cycle.
 */
#ifndef IRHW_COSIM_H
#define IRHW_COSIM_H

#include "cosim_prof.h"
#include "irhw.h"
#include "vbuild.h"

/* The lockstep loop's thread choice (cosim.c says why these values; the
 * cosim verb's --help prints them): cycles the two threads may be apart;
 * the first cycles, run in one thread, and the time a cycle (ns) and the
 * model side's share of it that send a run to two threads without a trial;
 * a trial's window, the margin two threads must win it by and the share of
 * its CPU the one-thread windows must have had; the gaps before the first check after a trial and
 * the largest. */
#define IRHW_COSIM_RING 1024
#define IRHW_COSIM_FIRST 512
#define IRHW_COSIM_TWO_NS 2000
#define IRHW_COSIM_TWO_SHARE 0.2
#define IRHW_COSIM_TRIAL 16384
#define IRHW_COSIM_TRIAL_MARGIN 0.05
#define IRHW_COSIM_TRIAL_BUSY 0.9
#define IRHW_COSIM_RECHECK 262144
#define IRHW_COSIM_RECHECK_MAX 4194304

/* A stimulus from outside the block (a workload's element stream): used
 * instead of the block's stim_new/stim_next. next() fills this cycle's
 * inputs like stim_next and returns 1 when the stream has ended (the run
 * stops before this cycle). */
typedef struct {
    void *ctx;
    int (*next)(void *ctx, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);
    /* 1: next() may run in a second thread with the model and the
     * observer, in step with them, up to IRHW_COSIM_RING cycles past a
     * mismatch the RTL finds (cosim_two.c); what it shares with
     * the caller's thread, through atomics */
    int ahead_ok;
} irhw_stim_source;

typedef struct {
    const irhw_inst *x; /* block, checked parameters, ports, geometry */
    uint64_t cycles, seed;
    irhw_stim_mode stim;
    const char *wave;             /* .fst or .vcd path, or NULL */
    int wave_depth;               /* hierarchy levels traced: 0 = the default (1) */
    uint64_t wave_from, wave_to;  /* cycles recorded (to = 0: to the end) */
    uint64_t wave_limit;          /* the default depth's file stops before this size
                                     (bytes; 0: none): portwave.h */
    const char *const *rtl_files; /* --rtl files, or none: generated RTL */
    unsigned nrtl;
    int no_model;              /* bench: RTL alone, stimulus fed back from the RTL */
    int no_assert;             /* the RTL built without its checks (--no-assert) */
    int quiet;                 /* no PASS line / progress */
    const char *replay_prefix; /* e.g. "bin/irhw": for the replay command */
    FILE *record;              /* bench: write every cycle's inputs (hex) here */
    int systemc;               /* RTL (verilator --sc) and the SystemC-wrapped model
                                  in one SystemC simulation (tb/scgen.h) */
    /* Given inputs instead of the block's stimulus (tb/stimfile.h): `cycles`
     * rows of in_words words; stim_file names them in the replay command. */
    const uint64_t *stim_rows;
    const char *stim_file;
    /* Optional observer (tb/observe.h), every cycle after the compare and
     * before the clock edge; model is NULL with systemc or no_model.
     * Returning 1 ends the run after this cycle. */
    int (*observe)(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                   const uint64_t *exp, const uint64_t *act);
    void *observe_ctx;
    /* 1: the observer acts on every cycle where a user sees it (a line
     * trace, an X-check's vectors, a shrink's capture), so it must not run
     * past a failing cycle: one thread (cosim_two.c) */
    int observe_exact;
    const char *so_path; /* an RTL simulator already built (irhw_rtl_build) for
                            this request's RTL and trace kind: no build step */
    /* Hooks for drivers built on this loop (sim/workload_iru.c): a stimulus
     * source instead of the block's own (NULL: the block's; stim_rows win),
     * and the replay command to print on a mismatch (NULL: the plain cosim
     * command). */
    const irhw_stim_source *source;
    const char *replay;
    /* 1: model and RTL in one thread; 2: the RTL and the compare in this
     * thread, the stimulus, model, checker and observer ahead of it in a
     * second (cosim_two.c);
     * 0: one for the first 512 cycles, then, if this process has two CPUs
     * and the run allows it: two if a cycle took 2 us or more and the
     * model, compare, checker and observer took a fifth of it or more (and
     * the thread had its CPU 90 % of the time), else a trial of both (cosim.c, threads_trial) and
     * the faster. The environment variable IRHW_TRIAL=1 runs the trial whatever the first cycles
     * took, and every check after it in full (tests: the switches between one and two threads in a
     * run). Two threads win a trial by a margin, and only when one thread had its CPU (cosim.c,
     * TRIAL_MARGIN). A run that had a trial checks again IRHW_COSIM_RECHECK cycles after it, then
     * after twice as many each time up to IRHW_COSIM_RECHECK_MAX
     * (IRHW_RECHECK=N: first after N cycles). */
    int threads;
    int profile; /* time each phase of the loop (cosim_prof.h): res->prof */
} irhw_cosim_req;

typedef struct {
    int equal; /* 1 = every output equal every cycle, checks passed */
    uint64_t cycles_run;
    double build_s, start_s; /* build (or cache hit) time; params -> first cycle */
    double run_s;            /* lockstep loop time */
    int cached;
    uint64_t mismatch_cycle;
    int mismatch_port; /* first differing output port; -1: a checker failed */
    unsigned char mismatch_differ[IRHW_MAX_PORTS]; /* output port i differed then */
    /* the trace could not be written whole (irhw_cosim returned -1, the
     * verdict above still holds): its part renamed *.partial, no .gtkw */
    int wave_failed;
    int failed_in_cycle; /* a mismatch or a check failed in mismatch_cycle (not
                            at the end): the run stopped there */
    char message[4096];  /* mismatch or check failure report */
    /* How it ran: the first cycle of a two-thread run after the first
     * cycles and any trial (UINT64_MAX: none); the trial's time and cycles
     * in one thread ([0]) and in two ([1]), the cycle after it and 1 if it
     * chose two, all 0 without one; the checks after the trial and how many
     * changed the mode; every cycle that ran in two threads; 1 if the last
     * ran in two; 1 if a second thread could not start (from there all ran
     * in one). */
    uint64_t two_from;
    double trial_s[2];
    uint64_t trial_cycles[2], trial_end;
    int trial_two;
    double trial_busy; /* the share of the trial's one-thread windows' time they had their CPU */
    unsigned checks, switches;
    uint64_t cycles_two;
    int last_two, no_second;
    double trace_bytes; /* irhw cosim's estimate_only: the --wave trace's estimated size */
    irhw_prof prof;     /* req.profile: where the cycles went */
    /* two threads, after a mismatch: the cycles the model, checker and
     * observer ran past the failing one (cosim_two.c) */
    uint64_t model_past;
} irhw_cosim_res;

/* 0 = ran (see res->equal), -1 = could not run (message in err). */
int irhw_cosim(const irhw_cosim_req *q, irhw_cosim_res *res, char *err, size_t errlen);

#endif
