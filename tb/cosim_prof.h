/*
 * cosim_prof.h — where a lockstep cycle's time goes (`irhw cosim --profile`).
 *
 * One cycle in IRHW_PROF_EVERY (on average) is timed: a time-stamp counter read at each
 * phase's end adds the time since the last read to that phase. The other
 * cycles run as without the profile, so the sampling costs about a
 * sixty-fourth of the reads. A sampled cycle that took more than
 * IRHW_PROF_DROP times the median sampled cycle (the thread was
 * descheduled: a loaded machine) is dropped and counted. Each mode (one thread; the RTL side and
 * the model side of two) also keeps its cycles, its wall time and its thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID): a phase's ns a cycle is its sampled mean, and "rest" is the mode's
 * wall time a cycle less the timed phases (the calls, loop and counter reads between them), so the
 * rows sum to the wall time a cycle.
 */
#ifndef IRHW_COSIM_PROF_H
#define IRHW_COSIM_PROF_H

#include <stdint.h>
#include <stdio.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#else
#include <time.h>
#endif

#define IRHW_PROF_EVERY 64
#define IRHW_PROF_DROP 10
#define IRHW_PROF_KEEP 65536

typedef enum {
    IRHW_PROF_STIM,    /* the stimulus draws the inputs */
    IRHW_PROF_RTL,     /* set_in, both evals (Verilator), get_out */
    IRHW_PROF_MODEL,   /* the model's eval and tick */
    IRHW_PROF_COMPARE, /* every output compared */
    IRHW_PROF_CHECK,   /* the invariant checker */
    IRHW_PROF_COVER,   /* the observer: coverage (and --record, traces) */
    IRHW_PROF_HANDOFF, /* copies: the outputs kept, a cycle into its slot, counts published */
    IRHW_PROF_WAIT,    /* two threads: waiting for the other side */
    IRHW_PROF_NPHASE
} irhw_prof_phase;

/* The modes: one thread, and the two sides of two. */
enum { IRHW_PROF_ONE, IRHW_PROF_TWO_RTL, IRHW_PROF_TWO_JUDGE, IRHW_PROF_NMODE };

typedef struct {
    uint64_t ticks[IRHW_PROF_NPHASE]; /* over the sampled cycles kept */
    uint64_t dropped;                 /* sampled cycles dropped as interrupted */
    /* the sampled cycles' phases until the run's end (irhw_prof_stop):
     * every stride-th of them, at most IRHW_PROF_KEEP */
    uint32_t (*samp)[IRHW_PROF_NPHASE];
    size_t nsamp;
    uint64_t seen, stride;
    uint64_t waited;          /* ticks waiting for the other side, every cycle */
    uint64_t sampled, cycles; /* sampled cycles; all cycles in this mode */
    double wall_s, cpu_s;     /* this mode's wall time; its thread's CPU time */
} irhw_prof_mode;

typedef struct {
    irhw_prof_mode m[IRHW_PROF_NMODE];
    uint64_t tick0, tick1; /* the counter at the run's start and end */
    double s0, s1;         /* the clock then: ticks to ns */
    uint64_t overhead;     /* ticks of one read, taken off each phase */
} irhw_prof;

/* A mode's clock while it runs: on in a sampled cycle; the last read. */
typedef struct {
    irhw_prof_mode *m;
    uint64_t last, overhead, rng;
    uint64_t cur[IRHW_PROF_NPHASE]; /* this sampled cycle's, kept at its end */
    unsigned gap;                   /* cycles to the next sampled one */
    int on;
} irhw_prof_clock;

static inline uint64_t irhw_prof_ticks(void)
{
#if defined(__x86_64__)
    return __rdtsc();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

/* At a cycle's start: is this one sampled? The gaps between sampled cycles
 * are drawn from 1 to 2 IRHW_PROF_EVERY - 1, so that work a block does
 * every N cycles is sampled at its share, whatever N. */
static inline void irhw_prof_cycle(irhw_prof_clock *c)
{
    c->on = --c->gap == 0;
    if (c->on) {
        c->rng ^= c->rng << 13;
        c->rng ^= c->rng >> 7;
        c->rng ^= c->rng << 17;
        c->gap = 1 + (unsigned)(c->rng % (2 * IRHW_PROF_EVERY - 1));
        c->last = irhw_prof_ticks();
    }
}

/* At a phase's end: the time since the last mark goes to phase p. */
static inline void irhw_prof_mark(irhw_prof_clock *c, irhw_prof_phase p)
{
    if (!c->on)
        return;
    uint64_t t = irhw_prof_ticks(), d = t - c->last;
    c->cur[p] += d > c->overhead ? d - c->overhead : 0;
    c->last = t;
}

/* At a sampled cycle's end: its phases kept (irhw_prof_keep; out of memory:
 * not kept). */
void irhw_prof_keep(irhw_prof_clock *c);
static inline void irhw_prof_end(irhw_prof_clock *c)
{
    if (c->on)
        irhw_prof_keep(c);
}

/* After a wait that began at tick t0: all of it to the wait (timed in
 * every cycle: waits are rare and long), and a sampled cycle's next phase
 * starts now. */
static inline void irhw_prof_waited(irhw_prof_clock *c, uint64_t t0)
{
    uint64_t t = irhw_prof_ticks();
    c->m->waited += t - t0;
    if (c->on)
        c->last = t;
}

/* The run's start (calibrates the counter's read) and end (the sampled
 * cycles' sums, without those dropped). */
void irhw_prof_start(irhw_prof *p);
void irhw_prof_stop(irhw_prof *p);
/* A mode's clock; its thread's CPU time now (s). */
irhw_prof_clock irhw_prof_clock_of(irhw_prof *p, int mode);
double irhw_prof_thread_cpu_s(void);

/* The table of each mode that ran: ns a cycle and share of each phase. */
void irhw_prof_print(const irhw_prof *p, FILE *f);

#endif
