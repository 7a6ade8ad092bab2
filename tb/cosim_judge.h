/*
 * cosim_judge.h — what both lockstep loops of the co-simulation do every
 * cycle (cosim.c: one thread; cosim_two.c: two): draw the inputs, judge
 * the cycle, tick the model. Used by those two files only.
 */
#ifndef IRHW_COSIM_JUDGE_H
#define IRHW_COSIM_JUDGE_H

#include "cosim.h"
#include "cosim_prof.h"
#include "cosim_report.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ---- one cycle's verdict ---------------------------------------------------- */

/* The end of a phase, in the profiled loops (pc: a constant NULL in the
 * others, so that they test nothing). */
#define MARK(pc, phase)                                                                            \
    do {                                                                                           \
        if (pc)                                                                                    \
            irhw_prof_mark(pc, phase);                                                             \
    } while (0)

/* What the loop carries across cycles, for the part that judges a cycle
 * (judge, below): the same code in one thread and in two (cosim_two.c:
 * there the RTL side records and compares each cycle, and a mismatch it
 * finds is reported through irhw_judge_unequal once both sides have stopped). */
typedef struct {
    const irhw_cosim_req *q;
    const irhw_block *b;
    const irhw_ports *ps;
    irhw_cosim_res *res;
    void *model;  /* NULL: --no-model */
    void *cmodel; /* the C model this loop evaluates (NULL with SystemC) */
    void *chk;
    irhw_rtl *rtl; /* SystemC: the wrapped model's outputs come from here */
    uint64_t *mout;
    uint64_t *mnext; /* tracing: the expected outputs after the clock edge */
    int tr;          /* tracing: 16 more cycles after a failure */
    int equal, observer_stop;
    uint64_t stop_at;
    double tstart, tprog;
    double judge_s;  /* one_thread_timed: the time of judge and judge_tick */
    irhw_prof *prof; /* --profile: where the cycles go (NULL: not asked) */
    /* the block's per-cycle hooks and the output words, read once (judge_init) */
    void (*eval)(void *m, const uint64_t *in, uint64_t *out);
    void (*tick)(void *m, const uint64_t *in);
    int (*check)(void *k, uint64_t cycle, const uint64_t *in, const uint64_t *out, char *err,
                 size_t errlen);
    size_t out_words;
    char cerr[1024]; /* the checker's message */
} judge_ctx;

/* The hooks judge calls every cycle, from the block description. */
static inline void judge_init(judge_ctx *j)
{
    j->eval = j->b->model_eval;
    j->tick = j->b->model_tick;
    j->check = j->chk ? j->b->check_cycle : NULL;
    j->out_words = j->ps->out_words;
}

/* Do two cycles' outputs differ in any bit? Up to 8 words (most blocks)
 * by one OR of XORs, without a call; more by libc's vector compare (17
 * words: ~30 instructions against ~110 for a word loop). */
static inline int outs_differ(const uint64_t *a, const uint64_t *b, size_t n)
{
    if (n > 8)
        return memcmp(a, b, n * sizeof *a) != 0;
    uint64_t d = 0;
    for (size_t i = 0; i < n; i++)
        d |= a[i] ^ b[i];
    return d != 0;
}

/* Out of line (cosim_judge.c), so that judge's usual path stays small:
 * the first differing cycle (differ) or a later one after a failure
 * (j->equal 0): the message with every differing port, or the trace's
 * mismatch flag; the invariant checker's failure in cycle cyc (its message
 * in j->cerr); a --record row. */
unsigned irhw_judge_unequal(judge_ctx *j, uint64_t cyc, const uint64_t *rout, int differ);
void irhw_judge_check_failed(judge_ctx *j, uint64_t cyc);
void irhw_judge_record(judge_ctx *j, const uint64_t *in);

/* Cycle cyc's inputs and the RTL's outputs (rout): the record row, the
 * model's outputs (into mout), the compare of every output word, the
 * invariant checker and the observer. Returns 1 when this cycle's outputs
 * differ (the trace's mismatch flag). rout NULL: the model side of two
 * threads, whose RTL side records and compares (the observer then gets the
 * model's outputs as the RTL's: they are, or the run stops there). Inline
 * in both loops: no call a cycle. */
static inline __attribute__((always_inline)) unsigned judge(judge_ctx *j, uint64_t cyc,
                                                            const uint64_t *in, uint64_t *mout,
                                                            const uint64_t *rout,
                                                            irhw_prof_clock *pc)
{
    const irhw_cosim_req *q = j->q;
    if (q->record && rout)
        irhw_judge_record(j, in);
    MARK(pc, IRHW_PROF_COVER);
    unsigned bad = 0;
    if (j->model) {
        if (j->cmodel)
            j->eval(j->cmodel, in, mout);
        else /* the wrapped model, evaluated inside SystemC */
            j->rtl->get_exp(j->rtl->h, mout);
        MARK(pc, IRHW_PROF_MODEL);
        if (rout) {
            int differ = outs_differ(mout, rout, j->out_words);
            if (__builtin_expect(differ || !j->equal, 0))
                bad = irhw_judge_unequal(j, cyc, rout, differ);
            MARK(pc, IRHW_PROF_COMPARE);
        }
        /* One checker for both: it runs only while every output so far
         * was equal, so on the RTL it would see exactly the model's
         * inputs and outputs from the same start, and a checker's
         * verdict is a function of that (in, out) sequence. */
        if (j->check && j->equal && j->check(j->chk, cyc, in, mout, j->cerr, sizeof j->cerr))
            irhw_judge_check_failed(j, cyc);
        MARK(pc, IRHW_PROF_CHECK);
    }
    if (q->observe && q->observe(q->observe_ctx, cyc, j->cmodel, in, mout, rout ? rout : mout) &&
        j->stop_at > cyc + 1) {
        j->stop_at = cyc + 1;
        j->observer_stop = 1;
    }
    MARK(pc, IRHW_PROF_COVER);
    return bad;
}

/* After cycle cyc's clock edge: the model's tick and the progress line. */
static inline __attribute__((always_inline)) void
judge_tick(judge_ctx *j, uint64_t cyc, const uint64_t *in, irhw_prof_clock *pc)
{
    if (j->cmodel)
        j->tick(j->cmodel, in);
    MARK(pc, IRHW_PROF_MODEL);
    if (!j->q->quiet && (cyc & 0xffff) == 0 && cyc) {
        double t = irhw_now_s();
        if (t - j->tprog > 2.0) {
            irhw_cosim_progress(j->b->name, cyc, j->q->cycles, t - j->tstart);
            irhw_signal_at("cycle %" PRIu64 " of %" PRIu64 " of the co-simulation of %s", cyc,
                           j->q->cycles, j->q->x->module);
            j->tprog = t;
        }
    }
}

/* This cycle's inputs from the stimulus, the given rows or the source;
 * rst held in cycles 0 and 1. Returns 1 when the source has ended. */
static inline int draw_inputs(const irhw_cosim_req *q, const irhw_ports *ps, void *stim,
                              uint64_t cyc, const uint64_t *prev, uint64_t *in)
{
    memset(in, 0, ps->in_words * sizeof *in);
    if (q->stim_rows)
        memcpy(in, q->stim_rows + cyc * ps->in_words, ps->in_words * sizeof *in);
    else if (!q->source)
        q->x->b->stim_next(stim, cyc, prev, in);
    else if (q->source->next(stim, cyc, prev, in))
        return 1;
    if (cyc < 2)
        in[ps->p[0].off] |= 1; /* rst is port 0: held for the first two cycles */
    return 0;
}

/* Cycles from..until-1 in two threads (cosim_two.c), or to the judge's end
 * or the source's (*ended); returns the next cycle, or 0 with *failed set
 * when the second thread could not start (nothing was run). */
uint64_t irhw_cosim_two(judge_ctx *j, irhw_rtl *rtl, void *stim, uint64_t *prev, uint64_t from,
                        uint64_t until, int *ended, int *failed);

#endif
