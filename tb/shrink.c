/*
 * shrink.c — delta debugging of a failing input trace (shrink.h).
 *
 * A candidate trace "fails" when the co-simulation of exactly its cycles
 * reports a mismatch whose first differing port is the original one (or a
 * checker failure when the original was one). The RTL is Verilated once:
 * every run after the first finds it in the build cache.
 */
#include "shrink.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const irhw_cosim_req *base;
    int port;
    unsigned runs, max_runs;
    double t0, max_s;
    int budget_hit, failed_to_run;
    char *err;
    size_t errlen;
} shrinker;

static int over_budget(shrinker *s)
{
    if ((s->max_runs && s->runs >= s->max_runs) ||
        (s->max_s > 0 && irhw_now_s() - s->t0 > s->max_s))
        s->budget_hit = 1;
    return s->budget_hit || s->failed_to_run;
}

/* Does this trace still fail the same way? */
static int still_fails(shrinker *s, const irhw_rows *t)
{
    if (!t->n || over_budget(s))
        return 0;
    irhw_cosim_req q = *s->base;
    q.stim_rows = t->v;
    q.cycles = t->n;
    q.quiet = 1;
    q.wave = NULL;
    q.record = NULL;
    q.observe = NULL;
    irhw_cosim_res r;
    s->runs++;
    if (irhw_cosim(&q, &r, s->err, s->errlen)) {
        s->failed_to_run = 1;
        return 0;
    }
    return !r.equal && r.mismatch_port == s->port;
}

/* cand = t without rows [lo, hi). */
static int without(const irhw_rows *t, uint64_t lo, uint64_t hi, irhw_rows *cand)
{
    cand->n = 0;
    for (uint64_t i = 0; i < t->n; i++)
        if ((i < lo || i >= hi) && irhw_rows_push(cand, irhw_row(t, i)))
            return -1;
    return 0;
}

/* ddmin over cycles (complements only): remove chunks of n-th of the trace;
 * refine the chunks when none can go. Returns -1 when out of memory. */
static int shrink_cycles(shrinker *s, irhw_rows *t)
{
    irhw_rows cand;
    irhw_rows_init(&cand, t->words);
    uint64_t n = 2;
    while (t->n >= 2 && !over_budget(s)) {
        uint64_t chunk = (t->n + n - 1) / n;
        int removed = 0;
        for (uint64_t lo = 0; lo < t->n && !over_budget(s);) {
            uint64_t hi = lo + chunk < t->n ? lo + chunk : t->n;
            if (without(t, lo, hi, &cand)) {
                irhw_rows_free(&cand);
                return -1;
            }
            if (still_fails(s, &cand)) {
                irhw_rows tmp = *t; /* keep cand as the trace, reuse the old buffer */
                *t = cand;
                cand = tmp;
                removed = 1;
            } else {
                lo = hi;
            }
        }
        if (removed)
            n = n > 2 ? n - 1 : 2;
        else if (chunk == 1)
            break;
        else
            n = 2 * n < t->n ? 2 * n : t->n;
    }
    irhw_rows_free(&cand);
    return 0;
}

/* Windows of 2..32 consecutive cycles, at every start: what ddmin's halved
 * chunks miss when the failure needs a period kept (a WRU samples every
 * INTERVAL cycles: removing one cycle shifts every later sample). Only on
 * short traces (the pass costs about 31 runs per cycle). */
static int shrink_windows(shrinker *s, irhw_rows *t)
{
    if (t->n > 2000)
        return 0;
    irhw_rows cand;
    irhw_rows_init(&cand, t->words);
    for (uint64_t k = 2; k <= 32 && k < t->n && !over_budget(s); k++)
        for (uint64_t lo = 0; lo + k <= t->n && !over_budget(s);) {
            if (without(t, lo, lo + k, &cand)) {
                irhw_rows_free(&cand);
                return -1;
            }
            if (still_fails(s, &cand)) {
                irhw_rows tmp = *t;
                *t = cand;
                cand = tmp;
            } else {
                lo++;
            }
        }
    irhw_rows_free(&cand);
    return 0;
}

/* Every input field of every cycle: 0 where the failure stays. */
static void shrink_values(shrinker *s, irhw_rows *t)
{
    const irhw_ports *ps = &s->base->x->ps;
    uint64_t save[64];
    for (uint64_t i = 0; i < t->n && !over_budget(s); i++)
        for (unsigned k = 0; k < ps->n && !over_budget(s); k++) {
            const irhw_port *p = &ps->p[k];
            if (p->dir != IRHW_IN)
                continue;
            uint64_t *v = irhw_row(t, i) + p->off;
            unsigned nw = irhw_words(p->width), any = 0;
            if (nw > 64)
                continue;
            for (unsigned j = 0; j < nw; j++)
                any |= v[j] != 0;
            if (!any)
                continue;
            memcpy(save, v, nw * sizeof *v);
            memset(v, 0, nw * sizeof *v);
            if (!still_fails(s, t))
                memcpy(v, save, nw * sizeof *v);
        }
}

int irhw_shrink(const irhw_cosim_req *base, irhw_rows *trace, int port, unsigned max_runs,
                double max_s, irhw_shrink_res *res, char *err, size_t errlen)
{
    /* Build (or find) the simulator once: every run below reuses it. */
    irhw_cosim_req q = *base;
    irhw_build_req br = {base->x, base->rtl_files, base->nrtl, IRHW_TRACE_NONE, NULL, 1, 0,
                         0,       base->no_assert};
    char so[4600];
    int cached;
    if (irhw_rtl_build(&br, so, sizeof so, &cached, err, errlen))
        return -1;
    q.so_path = so;
    q.systemc = 0;
    shrinker s = {&q, port, 0, max_runs, irhw_now_s(), max_s, 0, 0, err, errlen};
    memset(res, 0, sizeof *res);
    res->before = trace->n;
    if (!still_fails(&s, trace)) {
        if (s.failed_to_run)
            return -1;
        return irhw_err(err, errlen,
                        "the recorded trace of %llu cycles does not fail again on its own "
                        "(nothing to shrink)",
                        (unsigned long long)trace->n);
    }
    uint64_t n0;
    do {
        n0 = trace->n;
        if (shrink_cycles(&s, trace) || shrink_windows(&s, trace))
            return irhw_err(err, errlen, "out of memory shrinking the trace");
        shrink_values(&s, trace);
    } while (trace->n < n0 && !over_budget(&s));
    if (s.failed_to_run)
        return -1;
    res->after = trace->n;
    res->runs = s.runs;
    res->seconds = irhw_now_s() - s.t0;
    res->budget_hit = s.budget_hit;
    return 0;
}
