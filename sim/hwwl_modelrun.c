/*
 * hwwl_modelrun.c — the model-only run of the hwwl workloads, fast-forwarding
 * calm cycles (see hwwl_modelrun.h): irhw_model_run's loop (tb/modelrun.c),
 * the same cycle for cycle, with one shortcut that changes no result.
 */
#include "hwwl_modelrun.h"

#include "hwwl.h"
#include "modelrun.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int irhw_hwwl_model_run(const hwwl_ffrun *r, irhw_cosim_res *res, uint64_t *skipped,
                        uint64_t *pull_steps, char *err, size_t errlen)
{
    const irhw_inst *x = r->x;
    const irhw_stim_source *src = r->src;
    uint64_t cap = r->cap;
    const irhw_block *b = x->b;
    const irhw_ports *ps = &x->ps;
    memset(res, 0, sizeof *res);
    void *m = irhw_model_create(x, err, errlen);
    if (!m)
        return -1;
    size_t ib = ps->in_words * sizeof(uint64_t), ob = ps->out_words * sizeof(uint64_t);
    uint64_t *in = calloc(ps->in_words + 1, sizeof *in),
             *pin = calloc(ps->in_words + 1, sizeof *in);
    uint64_t *out = calloc(ps->out_words + 1, sizeof *out);
    uint64_t *prev = calloc(ps->out_words + 1, sizeof *prev);
    void *k = b->check_new(x);
    int rc = 0;
    if (!in || !pin || !out || !prev || !k)
        rc = irhw_err(err, errlen, "out of memory setting up the model run");
    const char *no = getenv("IRHW_NO_FASTFORWARD");
    int fast = !(no && *no && strcmp(no, "0"));
    uint64_t period = hwwl_g(x)->core.interval + 1, calm = 0;
    if (fast && m)
        hwwl_fast_forward(m);
    res->equal = 1;
    int ended = 0;
    double t0 = irhw_now_s();
    uint64_t cyc;
    for (cyc = 0; !rc && cyc < cap; cyc++) {
        memset(in, 0, ib);
        if ((ended = src->next(src->ctx, cyc, prev, in)))
            break;
        if (cyc < 2)
            in[ps->p[0].off] |= 1; /* rst is port 0 */
        int same = cyc > 0 && !memcmp(in, pin, ib);
        if (fast && same && calm >= period) { /* the last cycle again */
            int stop = r->observe && r->observe(r->ctx, cyc, m, in, prev, prev);
            hwwl_idle_tick(m);
            (*skipped)++;
            if (stop) {
                cyc++;
                break;
            }
            /* and so are the cycles before the driver's next event */
            uint64_t t = r->quiet_until(r->ctx, cyc + 1, prev);
            t = t < cap ? t : cap;
            if (cyc + 1 < t)
                r->idle_counts(r->ctx, prev, t - cyc - 1);
            for (; cyc + 1 < t; cyc++) {
                hwwl_idle_tick(m);
                (*skipped)++;
            }
            continue;
        }
        b->model_eval(m, in, out);
        if (irhw_model_check_cycle(b, k, cyc, in, out, res))
            break;
        int stop = r->observe && r->observe(r->ctx, cyc, m, in, out, out);
        b->model_tick(m, in);
        same = same && !memcmp(out, prev, ob);
        calm = same && hwwl_calm(m) ? calm + 1 : 0;
        memcpy(prev, out, ob);
        memcpy(pin, in, ib);
        if (stop) {
            cyc++;
            break;
        }
    }
    res->cycles_run = cyc;
    res->run_s = irhw_now_s() - t0;
    if (!rc)
        irhw_model_run_end(b, k, ended, res);
    else if (k)
        b->check_free(k);
    free(in);
    free(pin);
    free(out);
    free(prev);
    *pull_steps = hwwl_pull_steps(m);
    b->model_free(m);
    return rc;
}
