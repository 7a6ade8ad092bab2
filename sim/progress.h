/*
 * progress.h — the steps of a long verb (irhw run's blocks, sweeps and
 * workload), each announced on stderr when it starts and when it ends,
 * with its elapsed time, so that no minute passes silently:
 *
 *   irhw run: [3/8] wru: start
 *   irhw run: [3/8] wru: done in 41.2 s
 *
 * Steps may run side by side (each started and ended by the process that
 * waits for it); stdout is not touched.
 */
#ifndef IRHW_PROGRESS_H
#define IRHW_PROGRESS_H

#define IRHW_STEPS_MAX 64

typedef struct {
    const char *who;         /* "irhw run", the lines' prefix */
    int n;                   /* steps in all */
    int tty;                 /* stderr is a terminal: a status line there is cleared first */
    int started;             /* steps started so far */
    int num[IRHW_STEPS_MAX]; /* step i's number in the lines: its place in starting */
    double t0[IRHW_STEPS_MAX];
} irhw_steps;

void irhw_steps_init(irhw_steps *s, const char *who, int n);
/* Step i (0-based, any order) named `name` starts now: it is numbered
 * k of n when k - 1 steps started before it. */
void irhw_steps_start(irhw_steps *s, int i, const char *name);
/* Step i has ended with exit code rc: its elapsed time, and rc when not 0. */
void irhw_steps_done(irhw_steps *s, int i, const char *name, int rc);

#endif
