/*
 * cosim.c — the generic lockstep driver (architecture.md, "the lockstep
 * contract"). Every cycle: draw inputs -> drive both -> evaluate both ->
 * compare every output port -> run the invariant checker (once:
 * the outputs are equal, so model and RTL give it the same sequence) -> clock
 * both. The same seed gives the same run. Nothing here knows any block:
 * ports, stimulus and checks all come from the block description.
 *
 * Trace timing: cycle n is sampled at time 10n with clk low (inputs,
 * outputs, expected values, the verdict and the cycle's number); the rising
 * edge is at 10n+5, where the outputs and the expected values both take
 * their values after the edge (exp_after_edge) and the verdict holds.
 *
 * With q->systemc the same loop drives one SystemC simulation (scgen.h):
 * the model is the SystemC-wrapped one beside the RTL, its outputs read
 * through rtl.get_exp; SystemC owns the clock and the trace times.
 *
 * One thread (one_thread) or two (cosim_two.c: the stimulus, the model,
 * the checker and the observer in a second thread, ahead of the RTL in this
 * one, a ring of cycles between them); both judge every cycle with
 * cosim_judge.h and give the same results. threads_plan picks.
 */

#include "cosim_judge.h"
#include "portwave.h"

#include "scgen.h"
#include "wave.h"

#include <inttypes.h>
#include <sched.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- one thread ------------------------------------------------------------ */

/* The trace's expected outputs after cycle n's rising edge (time 10n+5):
 * the model's eval on its next state with cycle n's inputs, which the RTL
 * still has, so a registered output and its exp_* change at the same
 * dump. Without a model, the RTL's own outputs; with SystemC the wrapped
 * model drives exp_* itself (j->mout, not read). */
static const uint64_t *exp_after_edge(judge_ctx *j, irhw_rtl *rtl, const uint64_t *in)
{
    if (j->cmodel)
        j->b->model_eval(j->cmodel, in, j->mnext);
    else if (!j->model)
        rtl->get_out(rtl->h, j->mnext);
    else
        return j->mout;
    return j->mnext;
}

/* Cycles from..to-1 (or to the judge's end, or the source's), the RTL's half
 * of each cycle between the judge's; returns the next cycle. timed: add
 * the judge's time to j->judge_s (a constant in each caller below, so that
 * the untimed loop carries no test of it). */
static inline __attribute__((always_inline)) uint64_t
one_thread_run(judge_ctx *j, irhw_rtl *rtl, void *stim, uint64_t *prev, uint64_t *in,
               uint64_t *rout, uint64_t from, uint64_t to, int *ended, const int timed,
               irhw_prof_clock *pc)
{
    const irhw_cosim_req *q = j->q;
    const irhw_ports *ps = j->ps;
    uint64_t cyc;
    for (cyc = from; cyc < to && cyc < j->stop_at; cyc++) {
        if (pc)
            irhw_prof_cycle(pc);
        if (draw_inputs(q, ps, stim, cyc, prev, in)) {
            *ended = 1;
            break;
        }
        MARK(pc, IRHW_PROF_STIM);
        rtl->set_in(rtl->h, in);
        rtl->clock(rtl->h, 0);
        rtl->get_out(rtl->h, rout);
        MARK(pc, IRHW_PROF_RTL);
        double t0 = timed ? irhw_now_s() : 0;
        unsigned bad = judge(j, cyc, in, j->mout, rout, pc);
        if (timed)
            j->judge_s += irhw_now_s() - t0;
        int rec = j->tr && cyc >= q->wave_from && (!q->wave_to || cyc <= q->wave_to);
        if (rec) {
            rtl->set_exp(rtl->h, j->model ? j->mout : rout, bad, cyc);
            rtl->dump(rtl->h, cyc * 10);
        }
        MARK(pc, IRHW_PROF_COVER); /* a trace's dump: the observer's */
        rtl->clock(rtl->h, 1);
        MARK(pc, IRHW_PROF_RTL);
        if (timed)
            t0 = irhw_now_s();
        judge_tick(j, cyc, in, pc);
        if (timed)
            j->judge_s += irhw_now_s() - t0;
        if (rec) {
            rtl->set_exp(rtl->h, exp_after_edge(j, rtl, in), bad, cyc);
            rtl->dump(rtl->h, cyc * 10 + 5);
        }
        memcpy(prev, j->model ? j->mout : rout, ps->out_words * sizeof *prev);
        MARK(pc, IRHW_PROF_HANDOFF);
        if (pc)
            irhw_prof_end(pc);
    }
    return cyc;
}

/* Not inlined, so that the plain loop stays as it was without --profile. */
__attribute__((noinline)) static uint64_t one_thread_prof(judge_ctx *j, irhw_rtl *rtl, void *stim,
                                                          uint64_t *prev, uint64_t *in,
                                                          uint64_t *rout, uint64_t from,
                                                          uint64_t to, int *ended)
{
    irhw_prof_clock pc = irhw_prof_clock_of(j->prof, IRHW_PROF_ONE);
    return one_thread_run(j, rtl, stim, prev, in, rout, from, to, ended, 0, &pc);
}

static uint64_t one_thread(judge_ctx *j, irhw_rtl *rtl, void *stim, uint64_t *prev, uint64_t *in,
                           uint64_t *rout, uint64_t from, uint64_t to, int *ended)
{
    if (j->prof)
        return one_thread_prof(j, rtl, stim, prev, in, rout, from, to, ended);
    return one_thread_run(j, rtl, stim, prev, in, rout, from, to, ended, 0, NULL);
}

static uint64_t one_thread_timed(judge_ctx *j, irhw_rtl *rtl, void *stim, uint64_t *prev,
                                 uint64_t *in, uint64_t *rout, uint64_t from, uint64_t to,
                                 int *ended)
{
    return one_thread_run(j, rtl, stim, prev, in, rout, from, to, ended, 1, NULL);
}

/* --threads 0 (the default): the first AUTO_CYCLES in one thread, timed;
 * when this process has two CPUs, two threads from there if a cycle took
 * AUTO_NS or more and the judge's part (model, compare, checker, observer:
 * about what the second thread takes) was AUTO_SHARE of that time
 * or more: the clear case (hwwl_core, hwwl), faster in two on any machine
 * with a second CPU free, if this thread had its CPU TRIAL_BUSY of those
 * cycles' time or more. Every other run gets a trial (threads_trial). Below AUTO_NS most of
 * those first cycles' time is a cold start and four clock reads a cycle,
 * so the share misleads (wru's model side is near a fifth of its cycle).
 * Above AUTO_NS with a smaller share (the large swt, icrn and iru_hash,
 * whose models cost a few % of their RTL) either mode can win, by little,
 * depending on the machine. */
#define AUTO_CYCLES IRHW_COSIM_FIRST
#define AUTO_NS IRHW_COSIM_TWO_NS
#define AUTO_SHARE IRHW_COSIM_TWO_SHARE
/* The trial: TRIAL cycles in one thread, twice that in two, TRIAL more in
 * one (in that order, so that a steady drift in speed favours neither: the
 * first windows of a run are often the slowest), and two threads from there
 * if their two windows took less time than the one thread's, by a margin
 * (TRIAL_MARGIN, TRIAL_BUSY below). For these
 * blocks handing each cycle to the other core costs a good part of what it
 * saves, and which wins depends on the machine, so no fixed
 * time a cycle can decide it: the trial measures on the machine at hand.
 * Three things make it trustworthy: windows of 16,384 cycles (a few ms for
 * these blocks), the second thread started on the other CPU (cosim_two.c:
 * a thread started on its parent's CPU can wait milliseconds to be moved),
 * and the sums of the windows compared, not the fastest window of each kind
 * (a run's later windows are faster; only the sums of the ordered windows
 * cancel that). */
#define TRIAL IRHW_COSIM_TRIAL
/* Two threads win a trial only by TRIAL_MARGIN or more of one thread's time
 * a cycle (one thread holds one CPU, not two, and its speed does not hang
 * on another job leaving the other CPU free), and only when the one-thread
 * windows' thread had its CPU for TRIAL_BUSY of their time or more: on a
 * machine whose other jobs take part of our CPU, two threads each wait for
 * the other to be scheduled again (a ring of IRHW_COSIM_RING cycles lasts
 * tens of microseconds, a time slice milliseconds) and run up to 3 times
 * slower than one (wl_bank, fifo, icrn at a load of 8 on 2 cores:
 * docs/speed.md, "Where the cycles go"). */
#define TRIAL_MARGIN IRHW_COSIM_TRIAL_MARGIN
#define TRIAL_BUSY IRHW_COSIM_TRIAL_BUSY

/* Checks again: a run that had a trial runs another RECHECK cycles after
 * it, and after each check twice as many as before the last, up to
 * RECHECK_MAX: TRIAL cycles in the mode it runs, twice that in the other,
 * TRIAL more in its own, and the faster from there, by the sums of every
 * window of the trial and the checks so far (one check's windows of a few
 * ms run 20-30 % apart: docs/speed.md). The trial falls in a
 * run's first 66,048 cycles, and windows that ran at a bad moment (another
 * job on the machine) would otherwise keep the wrong mode for the whole
 * run. A check costs the slower mode's 2 TRIAL cycles, under 1 % of the gap
 * before it from the second on; the cap keeps a late wrong choice from
 * holding half a long run. Where a check's slower mode took 1.5 times the
 * other's time a cycle or more, its 2 TRIAL cycles cost more, and the next
 * gap is four times the last, not twice; a check in one thread on a loaded
 * machine (threads_trial: its first window's thread had its CPU less than
 * TRIAL_BUSY of the time) ends after that window. IRHW_RECHECK=N sets the
 * first gap (tests: checks in a short run). */
#define RECHECK IRHW_COSIM_RECHECK
#define RECHECK_MAX IRHW_COSIM_RECHECK_MAX

/* Cycles from..until-1 in one thread (*mode 0) or two (1); the next cycle.
 * When the second thread cannot start they run in one, *mode set to 0 and
 * res->no_second to 1. The cycles that ran in two are counted in
 * res->cycles_two. */
static uint64_t run_mode_of(judge_ctx *j, irhw_rtl *rtl, void *stim, uint64_t *prev, uint64_t *in,
                            uint64_t *rout, int *mode, uint64_t from, uint64_t until, int *ended)
{
    if (*mode) {
        int failed = 0;
        uint64_t next = irhw_cosim_two(j, rtl, stim, prev, from, until, ended, &failed);
        if (!failed) {
            j->res->cycles_two += next - from;
            return next;
        }
        *mode = 0;
        j->res->no_second = 1;
    }
    return one_thread(j, rtl, stim, prev, in, rout, from, until, ended);
}

/* run_mode_of; with --profile, the modes' cycles, wall and CPU times too. */
static uint64_t run_mode(judge_ctx *j, irhw_rtl *rtl, void *stim, uint64_t *prev, uint64_t *in,
                         uint64_t *rout, int *mode, uint64_t from, uint64_t until, int *ended)
{
    if (!j->prof)
        return run_mode_of(j, rtl, stim, prev, in, rout, mode, from, until, ended);
    double t = irhw_now_s(), c = irhw_prof_thread_cpu_s();
    uint64_t next = run_mode_of(j, rtl, stim, prev, in, rout, mode, from, until, ended);
    irhw_prof_mode *m = j->prof->m;
    double dt = irhw_now_s() - t, dc = irhw_prof_thread_cpu_s() - c;
    for (int k = *mode ? IRHW_PROF_TWO_RTL : IRHW_PROF_ONE;
         k <= (*mode ? IRHW_PROF_TWO_JUDGE : IRHW_PROF_ONE); k++) {
        m[k].cycles += next - from;
        m[k].wall_s += dt;
    }
    m[*mode ? IRHW_PROF_TWO_RTL : IRHW_PROF_ONE].cpu_s += dc;
    return next;
}

/* A trial from *cyc (*cyc: the next cycle after it): TRIAL cycles in mode
 * cur, 2 TRIAL in the other, TRIAL in cur; their times and cycles added to
 * took[mode] and n[mode] (this trial's) and to all_took and all_n (every
 * trial's and check's of the run). Returns the faster by the sums of all,
 * cur when the run ended in the trial, -1 when the second thread could not
 * start (the cycles then ran in one). Returns two (1) only as TRIAL_MARGIN
 * and TRIAL_BUSY allow; the share of their time the one-thread windows
 * had their CPU in *busy (unless NULL). Unless quick is 0 (IRHW_TRIAL=1),
 * a trial or check in one thread whose first window had its CPU less than
 * TRIAL_BUSY of the time stops there, in one. */
static int threads_trial(judge_ctx *j, irhw_rtl *rtl, void *stim, uint64_t *prev, uint64_t *in,
                         uint64_t *rout, int cur, uint64_t *cyc, int *ended, double took[2],
                         uint64_t n[2], double all_took[2], uint64_t all_n[2], int quick,
                         double *busy)
{
    double cpu1 = 0, wall1 = 0; /* the one-thread windows' CPU and wall time */
    for (int k = 0; k < 4; k++) {
        int m = (k == 1 || k == 2) ? !cur : cur, ran = m;
        uint64_t c = *cyc;
        double t = irhw_now_s(), tc = m ? 0 : irhw_prof_thread_cpu_s();
        *cyc = run_mode(j, rtl, stim, prev, in, rout, &ran, c, c + TRIAL, ended);
        if (ran != m)
            return -1;
        double dt = irhw_now_s() - t;
        took[m] += dt;
        n[m] += *cyc - c;
        all_took[m] += dt;
        all_n[m] += *cyc - c;
        if (!m) {
            cpu1 += irhw_prof_thread_cpu_s() - tc;
            wall1 += dt;
        }
        if (*cyc != c + TRIAL)
            return cur;
        if (busy && !m)
            *busy = wall1 > 0 ? cpu1 / wall1 : 0;
        if (quick && k == 0 && !cur && cpu1 < TRIAL_BUSY * wall1)
            return 0; /* loaded: the two-thread windows would cost most */
    }
    if (cpu1 < TRIAL_BUSY * wall1) /* other jobs share our CPU: two would wait on each other */
        return 0;
    double one = all_took[0] / (double)all_n[0], two = all_took[1] / (double)all_n[1];
    return two < (1 - TRIAL_MARGIN) * one;
}

/* The first gap before a check: IRHW_RECHECK (1 or more cycles) or RECHECK. */
static uint64_t recheck_gap(void)
{
    const char *e = getenv("IRHW_RECHECK");
    char *end;
    unsigned long long v = e ? strtoull(e, &end, 10) : 0;
    return e && *e && !*end && v > 0 ? (uint64_t)v : RECHECK;
}

/* 0: one thread; 1: two from the start; 2: decide after AUTO_CYCLES. */
static int threads_plan(const irhw_cosim_req *q, const void *cmodel, irhw_trace tr)
{
    if (q->threads == 1 || !cmodel || tr || q->observe_exact || (q->source && !q->source->ahead_ok))
        return 0;
    if (q->threads == 2)
        return 1;
    cpu_set_t cs;
    return sched_getaffinity(0, sizeof cs, &cs) == 0 && CPU_COUNT(&cs) >= 2 ? 2 : 0;
}

int irhw_cosim(const irhw_cosim_req *q, irhw_cosim_res *res, char *err, size_t errlen)
{
    const irhw_block *b = q->x->b;
    const irhw_ports ps = q->x->ps;
    double t0 = irhw_now_s();
    memset(res, 0, sizeof *res);
    void *model = NULL;
    if (!q->no_model && !(model = irhw_model_create(q->x, err, errlen)))
        return -1;

    irhw_trace tr = IRHW_TRACE_NONE;
    if (q->wave) {
        size_t n = strlen(q->wave);
        if (n > 4 && strcmp(q->wave + n - 4, ".fst") == 0)
            tr = IRHW_TRACE_FST;
        else if (n > 4 && strcmp(q->wave + n - 4, ".vcd") == 0)
            tr = IRHW_TRACE_VCD;
        else {
            if (model)
                b->model_free(model);
            return irhw_err(err, errlen, "--wave %s: the file name must end in .fst or .vcd",
                            q->wave);
        }
    }
    if (tr && irhw_out_check(q->wave, err, errlen)) { /* before the build, not after it */
        if (model)
            b->model_free(model);
        return -1;
    }
    int depth = q->wave_depth ? q->wave_depth : 1;
    /* the default depth: irhw writes the trace from the loop's values, on
     * the untraced model (portwave.h); deeper ones and SystemC: Verilator */
    int own = tr && depth <= 1 && !q->systemc;
    char fst_lib[4400] = "";
    if (own && tr == IRHW_TRACE_FST && irhw_fst_lib(NULL, fst_lib, sizeof fst_lib, err, errlen)) {
        if (model)
            b->model_free(model);
        return -1;
    }
    irhw_build_req br = {q->x,        q->rtl_files, q->nrtl,    own ? IRHW_TRACE_NONE : tr,
                         NULL,        q->quiet,     q->systemc, depth,
                         q->no_assert};
    char so[4600];
    irhw_rtl rtl;
    irhw_signal_at("the build of %s", q->x->module);
    if (q->so_path)
        res->cached = 1, snprintf(so, sizeof so, "%s", q->so_path);
    if ((!q->so_path && irhw_rtl_build(&br, so, sizeof so, &res->cached, err, errlen)) ||
        irhw_rtl_open_block(so, b, &rtl, err, errlen)) {
        if (model)
            b->model_free(model);
        return -1;
    }
    res->build_s = irhw_now_s() - t0;
    if (!own && tr && rtl.trace_limit)
        rtl.trace_limit(rtl.h, q->wave_limit);
    errno = 0;
    if (own ? irhw_portwave_wrap(&rtl, &ps, q->wave, tr, fst_lib, q->wave_limit, err, errlen)
            : tr && rtl.trace_open(rtl.h, q->wave, depth) &&
                  irhw_err(err, errlen, "cannot open trace %s: %s", q->wave,
                           errno ? strerror(errno) : "the trace writer failed")) {
        irhw_rtl_close(&rtl);
        if (model)
            b->model_free(model);
        return -1;
    }
    /* the trace, and the FST writer's hierarchy file beside it */
    char hier[4200];
    snprintf(hier, sizeof hier, "%s.hier", q->wave ? q->wave : "");
    int wave_slot = tr ? irhw_signal_file(q->wave, IRHW_ON_SIGNAL_PARTIAL) : -1;
    int hier_slot = tr == IRHW_TRACE_FST ? irhw_signal_file(hier, IRHW_ON_SIGNAL_REMOVE) : -1;
    irhw_signal_at("the co-simulation of %s (%" PRIu64 " cycles)", q->x->module, q->cycles);

    uint64_t *in = calloc(ps.in_words + 1, sizeof *in);
    uint64_t *mout = calloc(ps.out_words + 1, sizeof *mout);
    uint64_t *rout = calloc(ps.out_words + 1, sizeof *rout);
    uint64_t *prev = calloc(ps.out_words + 1, sizeof *prev);
    uint64_t *mnext = calloc(ps.out_words + 1, sizeof *mnext);
    void *stim = q->source ? q->source->ctx : b->stim_new(q->x, q->seed, q->cycles, q->stim);
    void *chk = NULL; /* the invariant checker (one for model and RTL: see the loop) */
    int nomem = !in || !mout || !rout || !prev || !mnext || !stim;
    if (b->check_new && !q->no_model)
        nomem |= !(chk = b->check_new(q->x));
    if (nomem) {
        if (chk)
            b->check_free(chk);
        if (stim && !q->source)
            b->stim_free(stim);
        free(in);
        free(mout);
        free(rout);
        free(prev);
        free(mnext);
        irhw_rtl_close(&rtl);
        if (model)
            b->model_free(model);
        return irhw_err(err, errlen, "out of memory setting up the co-simulation");
    }

    double tstart = irhw_now_s();
    res->start_s = tstart - t0;
    char *msg = res->message;
    judge_ctx jc = {q,
                    b,
                    &ps,
                    res,
                    model,
                    q->systemc ? NULL : model,
                    chk,
                    &rtl,
                    mout,
                    mnext,
                    tr != IRHW_TRACE_NONE,
                    1,
                    0,
                    q->cycles,
                    tstart,
                    tstart,
                    0};
    judge_init(&jc);
    if (q->profile) {
        irhw_prof_start(&res->prof);
        jc.prof = &res->prof;
    }
    int plan = threads_plan(q, jc.cmodel, tr), ended = 0, trial = 0;
    uint64_t cyc = 0;
    res->two_from = UINT64_MAX;
    /* IRHW_TRIAL=1 (tests): a trial whatever the first cycles took, and
     * every check in full */
    const char *always = getenv("IRHW_TRIAL");
    int forced = always && strcmp(always, "1") == 0;
    /* every trial and check window so far, by mode: what they choose by */
    double all_took[2] = {0, 0};
    uint64_t all_n[2] = {0, 0};
    if (plan == 2) {
        double c0 = irhw_prof_thread_cpu_s();
        cyc = one_thread_timed(&jc, &rtl, stim, prev, in, rout, 0, AUTO_CYCLES, &ended);
        double s = irhw_now_s() - tstart, ns = s * 1e9 / (double)(cyc ? cyc : 1);
        double busy = s > 0 ? (irhw_prof_thread_cpu_s() - c0) / s : 1;
        plan = cyc == AUTO_CYCLES && ns >= AUTO_NS && jc.judge_s >= AUTO_SHARE * s &&
               busy >= TRIAL_BUSY;
        trial = cyc == AUTO_CYCLES && (!plan || forced);
        if (trial) {
            plan = threads_trial(&jc, &rtl, stim, prev, in, rout, 0, &cyc, &ended, res->trial_s,
                                 res->trial_cycles, all_took, all_n, !forced, &res->trial_busy);
            res->trial_end = cyc;
            res->trial_two = plan > 0;
        }
    }
    /* The rest in the chosen mode; after a trial, checked again (RECHECK). */
    for (uint64_t gap = recheck_gap(); plan >= 0 && cyc < jc.stop_at && !ended;
         gap = gap < RECHECK_MAX ? gap * 2 : gap) {
        uint64_t until = trial ? cyc + gap : UINT64_MAX;
        int m = plan;
        uint64_t next = run_mode(&jc, &rtl, stim, prev, in, rout, &m, cyc, until, &ended);
        if (m && res->two_from == UINT64_MAX)
            res->two_from = cyc;
        cyc = next;
        if (m != plan) { /* no second thread: these ran in one, and so does the rest */
            plan = -1;
            break;
        }
        if (!trial || cyc != until || cyc >= jc.stop_at || ended)
            break;
        double took[2] = {0, 0};
        uint64_t n[2] = {0, 0};
        int w = threads_trial(&jc, &rtl, stim, prev, in, rout, plan, &cyc, &ended, took, n,
                              all_took, all_n, !forced, NULL);
        res->checks++;
        /* a mode far slower than the other (1.5 times): checked half as often */
        if (n[0] && n[1] && gap < RECHECK_MAX &&
            (took[0] * (double)n[1] > 1.5 * took[1] * (double)n[0] ||
             took[1] * (double)n[0] > 1.5 * took[0] * (double)n[1]))
            gap *= 2;
        res->switches += w >= 0 && w != plan;
        plan = w;
    }
    if (plan < 0 && cyc < jc.stop_at && !ended) /* the second thread did not start */
        cyc = one_thread(&jc, &rtl, stim, prev, in, rout, cyc, UINT64_MAX, &ended);
    if (q->profile)
        irhw_prof_stop(&res->prof);
    res->last_two = plan > 0;
    res->cycles_run = cyc;
    int equal = jc.equal, observer_stop = jc.observer_stop;
    char check[1200];
    uint64_t acyc;
    if (irhw_cosim_assert_failed(q, &rtl, check, sizeof check, &acyc) &&
        (equal || acyc <= res->mismatch_cycle)) {
        equal = 0;
        res->mismatch_cycle = acyc;
        res->mismatch_port = -1;
        if (q->systemc && !acyc) /* the SystemC kernel's clock edges are not counted */
            snprintf(msg, sizeof res->message,
                     "ASSERTION FAILED %s (the cycle is not known under --systemc: run without "
                     "it for the cycle): %s\n",
                     b->name, check);
        else
            snprintf(msg, sizeof res->message, "ASSERTION FAILED %s at cycle %" PRIu64 ": %s\n",
                     b->name, acyc, check);
    }
    res->run_s = irhw_now_s() - tstart;
    /* End-of-run checks ("everything drained") hold for the stimulus's planned
     * end only: a run the observer cut short (--until-covered) skips them. */
    char cerr[1024];
    if (equal && !observer_stop && chk && b->check_end && b->check_end(chk, cerr, sizeof cerr)) {
        equal = 0;
        res->mismatch_port = -1;
        res->mismatch_cycle = cyc ? cyc - 1 : 0; /* found after the last cycle */
        snprintf(msg, sizeof res->message,
                 "CHECK FAILED %s at the end of the run (seed %" PRIu64
                 ") on the model and the RTL (equal outputs): %s\n",
                 b->name, q->seed, cerr);
    }
    if (!equal) {
        size_t o = strlen(msg);
        char cmd[3000];
        if (q->replay)
            snprintf(cmd, sizeof cmd, "%s", q->replay);
        else
            irhw_cosim_replay_cmd(q, res->mismatch_cycle + 1, cmd, sizeof cmd);
        snprintf(msg + o, sizeof res->message - o, "replay: %s\n", cmd);
    }
    int failed = tr && irhw_cosim_end_trace(q, &ps, &rtl, own, res, equal, err, errlen);
    irhw_signal_forget(wave_slot);
    irhw_signal_forget(hier_slot);
    if (model && b->model_stats && !q->quiet && res->model_past)
        printf("model statistics: not shown, the model ran %" PRIu64 " cycles past the failing "
               "one in two threads (--threads 1 shows them)\n",
               res->model_past);
    else if (model && b->model_stats && !q->quiet)
        b->model_stats(q->systemc ? rtl.sc_model(rtl.h) : model, stdout);
    res->equal = equal;
    if (chk)
        b->check_free(chk);
    if (!q->source)
        b->stim_free(stim);
    irhw_rtl_close(&rtl);
    if (model)
        b->model_free(model);
    free(in);
    free(mout);
    free(rout);
    free(prev);
    free(mnext);
    return failed ? -1 : 0;
}
