/*
 * cosim.c — the generic lockstep driver (architecture.md, "the lockstep
 * contract"). Every cycle: draw inputs -> drive both -> evaluate both ->
 * compare every output port -> run the invariant checker (once:
 * the outputs are equal, so model and RTL give it the same sequence) -> clock
 * both. The same seed gives the same run. Nothing here knows any block:
 * ports, stimulus and checks all come from the block description.
 *
 * Trace timing: cycle n is sampled at time 10n with clk low (inputs,
 * outputs, expected values and the verdict), the rising edge is at 10n+5.
 *
 * With q->systemc the same loop drives one SystemC simulation (scgen.h):
 * the model is the SystemC-wrapped one beside the RTL, its outputs read
 * through rtl.get_exp; SystemC owns the clock and the trace times.
 */

#include "cosim.h"

#include "scgen.h"
#include "wave.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void irhw_hex(const uint64_t *v, unsigned width, char *buf, size_t len)
{
    unsigned nw = irhw_words(width);
    size_t o = (size_t)snprintf(buf, len, "%u'h", width);
    int started = 0;
    for (int i = (int)nw - 1; i >= 0 && o < len; i--) {
        unsigned bits = (unsigned)i == nw - 1 ? width - 64 * (nw - 1) : 64;
        unsigned digits = (bits + 3) / 4;
        if (!started) {
            o += (size_t)snprintf(buf + o, len - o, "%" PRIx64, v[i]);
            started = 1;
        } else {
            o += (size_t)snprintf(buf + o, len - o, "_%0*" PRIx64, (int)digits, v[i]);
        }
    }
}

static const char *stim_name(irhw_stim_mode m)
{
    return m == IRHW_STIM_RANDOM ? "random" : m == IRHW_STIM_DIRECTED ? "directed" : "mixed";
}

static void replay_cmd(const irhw_cosim_req *q, uint64_t cycles, char *buf, size_t len)
{
    char params[1024];
    irhw_cfg_format(q->x->b, &q->x->c, " -p ", params, sizeof params);
    size_t o =
        (size_t)snprintf(buf, len, "%s cosim %s -p %s ",
                         q->replay_prefix ? q->replay_prefix : "irhw", q->x->b->name, params);
    if (q->stim_file && o < len)
        o += (size_t)snprintf(buf + o, len - o, "--stim-file %s", q->stim_file);
    else if (o < len)
        o += (size_t)snprintf(buf + o, len - o, "--cycles %" PRIu64 " --seed %" PRIu64 " --stim %s",
                              cycles, q->seed, stim_name(q->stim));
    for (unsigned i = 0; i < q->nrtl && o < len; i++)
        o += (size_t)snprintf(buf + o, len - o, " --rtl %s", q->rtl_files[i]);
    /* the replay records the last 200 cycles before the mismatch */
    if (o < len)
        snprintf(buf + o, len - o, "%s --wave mismatch.fst", q->systemc ? " --systemc" : "");
    if (!q->systemc && cycles > 201 && (o = strlen(buf)) < len)
        snprintf(buf + o, len - o, " --wave-from %" PRIu64, cycles - 201);
}

/* Compare every output; describe the differing ports. Returns count; the
 * first differing port in *first. */
static int compare(const irhw_ports *ps, const uint64_t *exp, const uint64_t *act, char *msg,
                   size_t len, int *first)
{
    int bad = 0;
    size_t o = strlen(msg);
    for (unsigned i = 0; i < ps->n; i++) {
        const irhw_port *p = &ps->p[i];
        if (p->dir != IRHW_OUT)
            continue;
        unsigned nw = irhw_words(p->width);
        if (memcmp(exp + p->off, act + p->off, nw * sizeof(uint64_t)) == 0)
            continue;
        if (!bad++)
            *first = (int)i;
        char e[1200], a[1200];
        irhw_hex(exp + p->off, p->width, e, sizeof e);
        irhw_hex(act + p->off, p->width, a, sizeof a);
        if (o < len)
            o += (size_t)snprintf(msg + o, len - o, "  port %-14s expected %s  actual %s\n",
                                  p->name, e, a);
    }
    return bad;
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
    int depth = q->wave_depth ? q->wave_depth : 1;
    irhw_build_req br = {q->x, q->rtl_files, q->nrtl, tr, NULL, q->quiet, q->systemc, depth};
    char so[4600];
    irhw_rtl rtl;
    if (q->so_path)
        res->cached = 1, snprintf(so, sizeof so, "%s", q->so_path);
    if ((!q->so_path && irhw_rtl_build(&br, so, sizeof so, &res->cached, err, errlen)) ||
        irhw_rtl_open_block(so, b, &rtl, err, errlen)) {
        if (model)
            b->model_free(model);
        return -1;
    }
    res->build_s = irhw_now_s() - t0;
    if (tr && rtl.trace_open(rtl.h, q->wave, depth)) {
        irhw_rtl_close(&rtl);
        if (model)
            b->model_free(model);
        return irhw_err(err, errlen, "cannot open trace %s", q->wave);
    }

    uint64_t *in = calloc(ps.in_words + 1, sizeof *in);
    uint64_t *mout = calloc(ps.out_words + 1, sizeof *mout);
    uint64_t *rout = calloc(ps.out_words + 1, sizeof *rout);
    uint64_t *prev = calloc(ps.out_words + 1, sizeof *prev);
    void *stim = q->source ? q->source->ctx : b->stim_new(q->x, q->seed, q->cycles, q->stim);
    void *chk = NULL; /* the invariant checker (one for model and RTL: see the loop) */
    int nomem = !in || !mout || !rout || !prev || !stim;
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
        irhw_rtl_close(&rtl);
        if (model)
            b->model_free(model);
        return irhw_err(err, errlen, "out of memory setting up the co-simulation");
    }

    int equal = 1;
    uint64_t stop_at = q->cycles, cyc;
    int observer_stop = 0; /* the observer ended the run early (--until-covered) */
    double tstart = irhw_now_s(), tprog = tstart;
    res->start_s = tstart - t0;
    char *msg = res->message;
    /* Loop invariants in locals (the calls below could, as far as the
     * compiler knows, change *q and *b): the C model this loop evaluates
     * (none with SystemC, where the model runs inside the simulation), its
     * phases and the observer. */
    void *cmodel = q->systemc ? NULL : model;
    void (*const model_eval)(void *, const uint64_t *, uint64_t *) = b->model_eval;
    void (*const model_tick)(void *, const uint64_t *) = b->model_tick;
    int (*const observe)(void *, uint64_t, const void *, const uint64_t *, const uint64_t *,
                         const uint64_t *) = q->observe;
    void *const observe_ctx = q->observe_ctx;
    for (cyc = 0; cyc < stop_at; cyc++) {
        memset(in, 0, ps.in_words * sizeof *in);
        if (q->stim_rows)
            memcpy(in, q->stim_rows + cyc * ps.in_words, ps.in_words * sizeof *in);
        else if (!q->source)
            b->stim_next(stim, cyc, prev, in);
        else if (q->source->next(stim, cyc, prev, in))
            break;
        if (cyc < 2)
            in[ps.p[0].off] |= 1; /* rst is port 0: held for the first two cycles */
        if (q->record) {
            for (int w = (int)ps.in_words - 1; w >= 0; w--)
                fprintf(q->record, "%016" PRIx64, in[w]);
            fputc('\n', q->record);
        }
        rtl.set_in(rtl.h, in);
        rtl.clock(rtl.h, 0);
        rtl.get_out(rtl.h, rout);
        unsigned bad = 0;
        if (model) {
            if (cmodel)
                model_eval(cmodel, in, mout);
            else /* the wrapped model, evaluated inside SystemC */
                rtl.get_exp(rtl.h, mout);
            /* memcmp: libc's vector compare, fewer instructions a cycle than
             * an inline word loop (17 words: ~30 against ~110) */
            int differ = memcmp(mout, rout, ps.out_words * sizeof *mout) != 0;
            if (differ && equal) {
                equal = 0;
                bad = 1;
                res->mismatch_cycle = cyc;
                size_t o =
                    (size_t)snprintf(msg, sizeof res->message,
                                     "MISMATCH %s at cycle %" PRIu64 " (seed %" PRIu64 "):\n",
                                     b->name, cyc, q->seed);
                compare(&ps, mout, rout, msg + o, sizeof res->message - o, &res->mismatch_port);
                stop_at = tr ? (cyc + 16 < q->cycles ? cyc + 16 : q->cycles) : cyc + 1;
            } else if (!equal) {
                bad = differ;
            }
            /* One checker for both: it runs only while every output so far
             * was equal, so on the RTL it would see exactly the model's
             * inputs and outputs from the same start, and a checker's
             * verdict is a function of that (in, out) sequence. */
            char cerr[1024];
            if (equal && chk && b->check_cycle(chk, cyc, in, mout, cerr, sizeof cerr)) {
                equal = 0;
                res->mismatch_cycle = cyc;
                res->mismatch_port = -1;
                snprintf(msg, sizeof res->message,
                         "CHECK FAILED %s at cycle %" PRIu64 " (seed %" PRIu64
                         ") on the model and the RTL (equal outputs): %s\n",
                         b->name, cyc, q->seed, cerr);
                stop_at = tr ? (cyc + 16 < q->cycles ? cyc + 16 : q->cycles) : cyc + 1;
            }
        }
        if (observe && observe(observe_ctx, cyc, cmodel, in, mout, rout) && stop_at > cyc + 1) {
            stop_at = cyc + 1;
            observer_stop = 1;
        }
        int rec = tr && cyc >= q->wave_from && (!q->wave_to || cyc <= q->wave_to);
        if (rec) {
            rtl.set_exp(rtl.h, model ? mout : rout, bad);
            rtl.dump(rtl.h, cyc * 10);
        }
        rtl.clock(rtl.h, 1);
        if (rec)
            rtl.dump(rtl.h, cyc * 10 + 5);
        if (cmodel)
            model_tick(cmodel, in);
        memcpy(prev, model ? mout : rout, ps.out_words * sizeof *prev);
        if (!q->quiet && (cyc & 0xffff) == 0 && cyc) {
            double t = irhw_now_s();
            if (t - tprog > 2.0) {
                fprintf(stderr, "irhw: %s cycle %" PRIu64 " of %" PRIu64 " (%.0f cycles/s)\n",
                        b->name, cyc, q->cycles, (double)cyc / (t - tstart));
                tprog = t;
            }
        }
    }
    res->cycles_run = cyc;
    res->run_s = irhw_now_s() - tstart;
    /* End-of-run checks ("everything drained") hold for the stimulus's planned
     * end only: a run the observer cut short (--until-covered) skips them. */
    char cerr[1024];
    if (equal && !observer_stop && chk && b->check_end && b->check_end(chk, cerr, sizeof cerr)) {
        equal = 0;
        res->mismatch_port = -1;
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
            replay_cmd(q, res->mismatch_cycle + 1, cmd, sizeof cmd);
        snprintf(msg + o, sizeof res->message - o, "replay: %s\n", cmd);
    }
    if (tr) {
        rtl.trace_close(rtl.h);
        char gtkw[4200];
        snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(strlen(q->wave) - 4), q->wave);
        char werr[512];
        long long mt = q->systemc ? irhw_sc_trace_time(res->mismatch_cycle)
                                  : (long long)res->mismatch_cycle * 10;
        if (irhw_gtkw_write(gtkw, q->wave, &ps, equal ? -1 : mt, werr, sizeof werr))
            fprintf(stderr, "irhw: %s\n", werr);
    }
    if (model && b->model_stats && !q->quiet)
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
    return 0;
}
