/*
 * progress.h — the steps of a long verb (irhw run's blocks, sweeps and
 * workload), each announced on stderr when it starts and when it ends,
 * with its elapsed time, so that no minute passes silently:
 *
 *   irhw run: [3/8] wru: start
 *   irhw run: still running: [1/8] hwwl_core 60 s, [3/8] wru 58 s
 *   irhw run: [3/8] wru: done in 71.2 s
 *
 * Steps may run side by side in child processes; while the caller waits
 * for them it calls irhw_steps_tick every irhw_steps_left seconds, which
 * says every IRHW_STEPS_BEAT seconds (2N with IRHW_HEARTBEAT=N in the
 * environment, as area's heartbeat) which still run. stdout is not touched.
 */
#ifndef IRHW_PROGRESS_H
#define IRHW_PROGRESS_H

#include <sys/types.h>

#define IRHW_STEPS_MAX 64
#define IRHW_STEPS_BEAT 30.0 /* seconds between "still running" lines */

typedef struct {
    const char *who; /* "irhw run", the lines' prefix */
    int n;           /* steps in all */
    int tty;         /* stderr is a terminal: a status line there is cleared first */
    int started;     /* steps started so far */
    double every;    /* seconds between "still running" lines */
    double beat;     /* when irhw_steps_wait next says what runs (irhw_now_s) */
    struct {
        int num;          /* its number in the lines: its place in starting (0: not yet) */
        int running;      /* started, not done */
        const char *name; /* as given to irhw_steps_start */
        double t0;
    } step[IRHW_STEPS_MAX];
} irhw_steps;

void irhw_steps_init(irhw_steps *s, const char *who, int n);
/* Step i (0-based, any order) named `name` (kept: it must outlive the
 * step) starts now: it is numbered k of n when k - 1 steps started
 * before it. */
void irhw_steps_start(irhw_steps *s, int i, const char *name);
/* Step i has ended with exit code rc: its elapsed time, and rc when not 0. */
void irhw_steps_done(irhw_steps *s, int i, const char *name, int rc);
/* Seconds until the next "still running" line is due (0: now). */
double irhw_steps_left(const irhw_steps *s);
/* Says which steps still run and for how long, when that line is due. */
void irhw_steps_tick(irhw_steps *s);

#endif
