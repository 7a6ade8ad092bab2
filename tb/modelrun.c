/*
 * modelrun.c — the C model alone under a stimulus source (see modelrun.h).
 */
#include "modelrun.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int irhw_model_check_cycle(const irhw_block *b, void *k, uint64_t cyc, const uint64_t *in,
                           const uint64_t *out, irhw_cosim_res *res)
{
    char cerr[1024];
    if (!k || !b->check_cycle(k, cyc, in, out, cerr, sizeof cerr))
        return 0;
    res->equal = 0;
    res->mismatch_port = -1;
    res->mismatch_cycle = cyc;
    snprintf(res->message, sizeof res->message,
             "CHECK FAILED %s at cycle %" PRIu64 " on the model: %s\n", b->name, cyc, cerr);
    return 1;
}

void irhw_model_run_end(const irhw_block *b, void *k, int ended, irhw_cosim_res *res)
{
    char cerr[1024];
    if (res->equal && ended && k && b->check_end && b->check_end(k, cerr, sizeof cerr)) {
        res->equal = 0;
        res->mismatch_port = -1;
        snprintf(res->message, sizeof res->message,
                 "CHECK FAILED %s at the end of the run on the model: %s\n", b->name, cerr);
    }
    if (k)
        b->check_free(k);
}

int irhw_model_run(const irhw_inst *x, const irhw_stim_source *src, uint64_t cap,
                   int (*observe)(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                                  const uint64_t *exp, const uint64_t *act),
                   void *observe_ctx, irhw_cosim_res *res, char *err, size_t errlen)
{
    const irhw_block *b = x->b;
    const irhw_ports *ps = &x->ps;
    memset(res, 0, sizeof *res);
    void *m = irhw_model_create(x, err, errlen);
    if (!m)
        return -1;
    uint64_t *in = calloc(ps->in_words + 1, sizeof *in);
    uint64_t *out = calloc(ps->out_words + 1, sizeof *out);
    uint64_t *prev = calloc(ps->out_words + 1, sizeof *prev);
    void *k = b->check_new ? b->check_new(x) : NULL;
    int rc = 0;
    if (!in || !out || !prev || (b->check_new && !k))
        rc = irhw_err(err, errlen, "out of memory setting up the model run");
    res->equal = 1;
    int ended = 0; /* the source ended the stream */
    double t0 = irhw_now_s();
    uint64_t cyc;
    for (cyc = 0; !rc && cyc < cap; cyc++) {
        memset(in, 0, ps->in_words * sizeof *in);
        if ((ended = src->next(src->ctx, cyc, prev, in)))
            break;
        if (cyc < 2)
            in[ps->p[0].off] |= 1; /* rst is port 0 */
        b->model_eval(m, in, out);
        if (irhw_model_check_cycle(b, k, cyc, in, out, res))
            break;
        int stop = observe && observe(observe_ctx, cyc, m, in, out, out);
        b->model_tick(m, in);
        memcpy(prev, out, ps->out_words * sizeof *prev);
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
    free(out);
    free(prev);
    b->model_free(m);
    return rc;
}
