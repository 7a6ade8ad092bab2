/*
 * cosim_two.c — the lockstep loop in two threads (cosim.c chooses when).
 *
 * The stimulus, the model, the checker and the observer in a second thread
 * (the model side), which runs ahead; the RTL in this one, RING cycles of
 * (inputs, the model's outputs) between them. The model side draws each
 * cycle's inputs from the model's outputs of the cycle before, as one
 * thread does, so the inputs are exactly one thread's; the RTL side runs
 * them, records them, compares every output with the model's and stops
 * after the first cycle that differs. The verdict, its message, the
 * records and a run that ends early (a checker's failure, the observer's
 * stop, the source's end) are one thread's. After a mismatch the model,
 * the checker and the observer may have run up to RING cycles past it
 * (res->model_past: their statistics are not shown then); so runs whose
 * observer acts on every cycle where a user sees it (a line trace, an
 * X-check, a shrink's capture: req.observe_exact) and traces (the trace
 * holds the model's expected values beside the RTL's) run in one thread.
 * The RTL side does less than Verilator alone, which draws the stimulus
 * too (docs/speed.md).
 */

#include "cosim_judge.h"
#include "handoff.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#define RING IRHW_COSIM_RING
#define SPINS 2000
/* Each side publishes its count every PUB cycles (and before it waits), and
 * reads the other's only when its last reading says it must wait: the two
 * counters' cache lines cross between the cores once per PUB cycles, not
 * twice a cycle. */
#define PUB 16
/* A sleeping side is woken once WAKE cycles are ready for it (or at once
 * when the other side ends or waits): one wake-up, a system call that is
 * slow in a VM, per WAKE cycles. */
#define WAKE (RING / 2)
/* The RTL side runs a cycle once LAG_BYTES of slots follow it (ring.lag
 * cycles: 2 PUB to RING / 4): its core's prefetchers then fetch lines the
 * model side has finished with, not the ones it writes (docs/speed.md). */
#define LAG_BYTES 8192

typedef struct {
    judge_ctx *j;
    void *stim;
    uint64_t from, until; /* the cycles the model side may run */
    size_t in_words, out_words, words;
    uint64_t *slots;   /* RING cycles of words: in ++ the model's out */
    uint64_t *prev;    /* the outputs before from; the model side's last at its end */
    uint64_t *rout;    /* the RTL side's outputs */
    uint64_t *bad_out; /* the cycle that differed: the model's out ++ the RTL's */
    uint64_t bad, lag; /* the RTL side: the cycle that differed (UINT64_MAX: none) */
    int ended;         /* the model side: the source ended */
    /* on a cache line of its own: where the RTL side stopped (a mismatch) */
    _Alignas(64) _Atomic uint64_t stop;
    _Atomic int made_all;
    /* ho.made: cycles modelled (model side); ho.used: run on the RTL */
    irhw_handoff ho;
    cpu_set_t cpus;     /* the process's CPUs (empty: unknown) */
    double judge_cpu_s; /* --profile: the model side's CPU time */
} ring;

/* Cycle cyc's slot: its inputs, then the model's outputs. A count is
 * published by an atomic store, ordered after the slot's plain stores. */
static uint64_t *slot(ring *r, uint64_t cyc)
{
    return r->slots + (cyc % RING) * r->words;
}

static int can_run(void *arg, uint64_t cyc)
{
    ring *r = arg;
    return atomic_load(&r->ho.made) > cyc + r->lag || atomic_load(&r->made_all);
}

static int can_model(void *arg, uint64_t cyc)
{
    ring *r = arg;
    return cyc - atomic_load(&r->ho.used) < RING || atomic_load(&r->stop) <= cyc;
}

/* A wait for the other side, timed in full in the profiled loops. */
static inline __attribute__((always_inline)) void
wait_other(ring *r, int (*ready)(void *arg, uint64_t k), uint64_t cyc, irhw_prof_clock *pc)
{
    uint64_t t0 = pc ? irhw_prof_ticks() : 0;
    irhw_handoff_wait(&r->ho, ready, r, cyc, SPINS);
    if (pc)
        irhw_prof_waited(pc, t0);
}

static inline __attribute__((always_inline)) uint64_t model_side_run(ring *r, irhw_prof_clock *pc)
{
    judge_ctx *j = r->j;
    if (CPU_COUNT(&r->cpus) > 0)
        sched_setaffinity(0, sizeof r->cpus, &r->cpus);
    const uint64_t *prev = r->prev;
    uint64_t cyc, used = r->from; /* used: the RTL side's count as last read */
    for (cyc = r->from; cyc < r->until && cyc < j->stop_at; cyc++) {
        if (pc)
            irhw_prof_cycle(pc);
        if (cyc - used >= RING && cyc - (used = atomic_load(&r->ho.used)) >= RING) {
            irhw_handoff_publish(&r->ho, &r->ho.made, cyc, 1);
            wait_other(r, can_model, cyc, pc);
            used = atomic_load(&r->ho.used);
        }
        if (atomic_load_explicit(&r->stop, memory_order_relaxed) <= cyc)
            break; /* the RTL side stopped at a mismatch */
        MARK(pc, IRHW_PROF_HANDOFF);
        uint64_t *in = slot(r, cyc), *mout = in + r->in_words;
        if (draw_inputs(j->q, j->ps, r->stim, cyc, prev, in)) {
            r->ended = 1; /* the source's end */
            break;
        }
        MARK(pc, IRHW_PROF_STIM);
        judge(j, cyc, in, mout, NULL, pc);
        judge_tick(j, cyc, in, pc);
        prev = mout;
        if ((cyc + 1) % PUB == 0)
            irhw_handoff_publish(&r->ho, &r->ho.made, cyc + 1, 0);
        MARK(pc, IRHW_PROF_HANDOFF);
        if (pc)
            irhw_prof_end(pc);
    }
    if (prev != r->prev) /* the caller's next cycle (in one thread) reads them */
        memcpy(r->prev, prev, r->out_words * sizeof *prev);
    atomic_store(&r->ho.made, cyc);
    atomic_store(&r->made_all, 1);
    irhw_handoff_publish(&r->ho, &r->ho.made, cyc, 1);
    return cyc;
}

static void *model_side(void *arg)
{
    return (void *)(uintptr_t)model_side_run(arg, NULL);
}

static void *model_side_prof(void *arg)
{
    ring *r = arg;
    irhw_prof_clock pc = irhw_prof_clock_of(r->j->prof, IRHW_PROF_TWO_JUDGE);
    uint64_t cyc = model_side_run(r, &pc);
    r->judge_cpu_s = irhw_prof_thread_cpu_s();
    return (void *)(uintptr_t)cyc;
}

/* The cycle that differed: both outputs kept for the report (its slot is
 * the model side's again once this side's count passes it). */
__attribute__((noinline, cold)) static void rtl_side_differ(ring *r, uint64_t cyc,
                                                            const uint64_t *mout)
{
    r->bad = cyc;
    memcpy(r->bad_out, mout, r->out_words * sizeof *mout);
    memcpy(r->bad_out + r->out_words, r->rout, r->out_words * sizeof *mout);
}

/* The RTL side: every cycle the model side made, up to the first that
 * differs; returns the cycle after the last it ran. */
static inline __attribute__((always_inline)) uint64_t rtl_side_run(ring *r, irhw_rtl *rtl,
                                                                   irhw_prof_clock *pc)
{
    judge_ctx *j = r->j;
    uint64_t cyc, made = r->from, lag = r->lag; /* made: the model side's count as last read */
    uint64_t *rout = r->rout;
    for (cyc = r->from;; cyc++) {
        if (pc)
            irhw_prof_cycle(pc);
        if (cyc + lag >= made && cyc + lag >= (made = atomic_load(&r->ho.made))) {
            irhw_handoff_publish(&r->ho, &r->ho.used, cyc, 1);
            wait_other(r, can_run, cyc, pc);
            made = atomic_load(&r->ho.made);
            if (atomic_load(&r->made_all))
                lag = 0; /* the rest, to the model side's end */
            if (cyc + lag >= made)
                break;
        }
        MARK(pc, IRHW_PROF_HANDOFF);
        const uint64_t *in = slot(r, cyc), *mout = in + r->in_words;
        if (j->q->record)
            irhw_judge_record(j, in);
        rtl->set_in(rtl->h, in);
        rtl->clock(rtl->h, 0);
        rtl->get_out(rtl->h, rout);
        MARK(pc, IRHW_PROF_RTL);
        int differ = outs_differ(mout, rout, r->out_words);
        MARK(pc, IRHW_PROF_COMPARE);
        rtl->clock(rtl->h, 1);
        MARK(pc, IRHW_PROF_RTL);
        if (__builtin_expect(differ, 0)) {
            rtl_side_differ(r, cyc++, mout);
            break;
        }
        if ((cyc + 1) % PUB == 0)
            irhw_handoff_publish(&r->ho, &r->ho.used, cyc + 1, 0);
        MARK(pc, IRHW_PROF_HANDOFF);
        if (pc)
            irhw_prof_end(pc);
    }
    atomic_store(&r->stop, cyc);
    irhw_handoff_publish(&r->ho, &r->ho.used, cyc, 1);
    return cyc;
}

__attribute__((noinline)) static uint64_t rtl_side_prof(ring *r, irhw_rtl *rtl)
{
    irhw_prof_clock pc = irhw_prof_clock_of(r->j->prof, IRHW_PROF_TWO_RTL);
    return rtl_side_run(r, rtl, &pc);
}

static void ring_free(ring *r)
{
    free(r->slots);
    free(r->rout);
    free(r->bad_out);
    free(r);
}

/* The verdict of a run whose RTL side found cycle r->bad to differ, ran to
 * model cycle `modelled`: the mismatch, unless the checker failed in an
 * earlier cycle (the RTL side then stopped before it, as one thread does). */
static void rtl_differed(judge_ctx *j, ring *r, uint64_t modelled)
{
    if (!j->equal && j->res->mismatch_cycle < r->bad)
        return;
    j->equal = 1;
    memcpy(j->mout, r->bad_out, r->out_words * sizeof *j->mout);
    irhw_judge_unequal(j, r->bad, r->bad_out + r->out_words, 1);
    if (modelled > r->bad + 1)
        j->res->model_past = modelled - (r->bad + 1);
}

uint64_t irhw_cosim_two(judge_ctx *j, irhw_rtl *rtl, void *stim, uint64_t *prev, uint64_t from,
                        uint64_t until, int *ended, int *failed)
{
    const irhw_ports *ps = j->ps;
    ring *r = irhw_line_alloc(sizeof *r);
    *failed = 1;
    if (!r)
        return 0;
    r->j = j;
    r->stim = stim;
    r->from = from;
    r->until = until;
    r->prev = prev;
    r->bad = UINT64_MAX;
    r->in_words = ps->in_words;
    r->out_words = ps->out_words;
    r->words = r->in_words + r->out_words;
    r->slots = irhw_line_alloc((size_t)RING * r->words * sizeof *r->slots);
    r->rout = irhw_line_alloc(r->out_words * sizeof *r->rout);
    r->bad_out = irhw_line_alloc(2 * r->out_words * sizeof *r->bad_out);
    r->lag = LAG_BYTES / (r->words * sizeof *r->slots);
    r->lag = r->lag < 2 * PUB ? 2 * PUB : r->lag > RING / 4 ? RING / 4 : r->lag;
    atomic_store(&r->stop, UINT64_MAX);
    irhw_handoff_init(&r->ho, from, RING, WAKE);
    pthread_t th;
    /* The model side starts on another CPU than this one: left to the
     * scheduler, a new thread often starts beside its parent and waits for
     * the load balancer to move it, milliseconds later, while the two
     * share one core. Once running it may move as the scheduler likes
     * (model_side widens its set back). */
    pthread_attr_t at;
    pthread_attr_init(&at);
    cpu_set_t other;
    int here = sched_getcpu();
    if (here >= 0 && sched_getaffinity(0, sizeof r->cpus, &r->cpus) == 0) {
        other = r->cpus;
        CPU_CLR(here, &other);
        if (CPU_COUNT(&other) > 0)
            pthread_attr_setaffinity_np(&at, sizeof other, &other);
    }
    int bad_start = !r->slots || !r->rout || !r->bad_out ||
                    pthread_create(&th, &at, j->prof ? model_side_prof : model_side, r);
    pthread_attr_destroy(&at);
    if (bad_start) {
        irhw_handoff_destroy(&r->ho);
        ring_free(r);
        return 0;
    }
    *failed = 0;
    uint64_t cyc = j->prof ? rtl_side_prof(r, rtl) : rtl_side_run(r, rtl, NULL);
    void *modelled;
    pthread_join(th, &modelled);
    if (j->prof)
        j->prof->m[IRHW_PROF_TWO_JUDGE].cpu_s += r->judge_cpu_s;
    if (r->bad != UINT64_MAX)
        rtl_differed(j, r, (uint64_t)(uintptr_t)modelled);
    else
        *ended = r->ended;
    irhw_handoff_destroy(&r->ho);
    ring_free(r);
    return cyc;
}
