/*
 * cosim_report.c — what the lockstep driver (cosim.c) reports and closes:
 * the differing ports, the replay command, a failed assertion of the RTL,
 * the end of the trace (cosim_report.h).
 */
#include "cosim_report.h"

#include "portwave.h"
#include "scgen.h"
#include "wave.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The replay command of a failure in cycle `at` - 1: the run's own --cycles
 * (a stimulus may plan its run from the length, e.g. when its final drain
 * starts, so a shorter run would drive other inputs; the replay stops at the
 * same failure) and a trace of the last 200 cycles before it. */
void irhw_cosim_replay_cmd(const irhw_cosim_req *q, uint64_t at, char *buf, size_t len)
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
                              q->cycles, q->seed, stim_name(q->stim));
    for (unsigned i = 0; i < q->nrtl && o < len; i++)
        o += (size_t)snprintf(buf + o, len - o, " --rtl %s", q->rtl_files[i]);
    if (q->no_assert && o < len)
        o += (size_t)snprintf(buf + o, len - o, " --no-assert");
    if (o < len)
        snprintf(buf + o, len - o, "%s --wave mismatch.fst", q->systemc ? " --systemc" : "");
    if (!q->systemc && at > 201 && (o = strlen(buf)) < len)
        snprintf(buf + o, len - o, " --wave-from %" PRIu64, at - 201);
}

/* Compare every output; describe the differing ports. Returns count; the
 * first differing port in *first, each differing one flagged in differ. */
int irhw_cosim_compare(const irhw_ports *ps, const uint64_t *exp, const uint64_t *act, char *msg,
                       size_t len, int *first, unsigned char *differ)
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
        differ[i] = 1;
        char e[1200], a[1200];
        irhw_hex(exp + p->off, p->width, e, sizeof e);
        irhw_hex(act + p->off, p->width, a, sizeof a);
        if (o < len)
            o += (size_t)snprintf(msg + o, len - o, "  port %-14s expected %s  actual %s\n",
                                  p->name, e, a);
    }
    return bad;
}

/* The RTL's first failed assertion, if one failed: "NAME: MESSAGE" (an
 * input contract's with " (input contract)"), from the comment above the
 * line Verilator reports (irhw_check_at), and its cycle. */
int irhw_cosim_assert_failed(const irhw_cosim_req *q, irhw_rtl *rtl, char *out, size_t len,
                             uint64_t *cyc)
{
    const char *file;
    int line;
    unsigned long long edge;
    if (!rtl->stop_info || !rtl->stop_info(&file, &line, &edge))
        return 0;
    *cyc = edge ? edge - 1 : 0;
    /* Verilator names a file as it was given (the generated design by its
     * bare name, --rtl files by their full paths) or, for a leaf found by
     * -y, by its bare name too */
    char e[IRHW_ERRLEN], c[1200], leaf[4200], mod[200];
    snprintf(leaf, sizeof leaf, "%s/rtl/%s", irhw_root(), file);
    snprintf(mod, sizeof mod, "%s.v", q->x->module);
    char *text = file[0] == '/'                   ? irhw_read_file(file, NULL)
                 : !q->nrtl && !strcmp(file, mod) ? irhw_generate(q->x, e, sizeof e)
                 : !access(leaf, R_OK)            ? irhw_read_file(leaf, NULL)
                                                  : NULL;
    if (text && line > 0 && irhw_check_at(text, (unsigned)line, c, sizeof c))
        snprintf(out, len, "%s%s", c + 7, strncmp(c, "assume", 6) ? "" : " (input contract)");
    else
        snprintf(out, len, "assertion or $stop at %s:%d", file, line);
    free(text);
    return 1;
}

/* Closes the trace and writes its .gtkw (gtkw: room for the name). A file
 * that failed to be written is renamed *.partial and gets no .gtkw (a stale
 * one is removed): -1 with a message naming both and the OS error. One
 * that stopped at --wave-limit says which cycles it holds. */
int irhw_cosim_end_trace(const irhw_cosim_req *q, const irhw_ports *ps, irhw_rtl *rtl, int own,
                         irhw_cosim_res *res, int equal, char *err, size_t errlen)
{
    rtl->trace_close(rtl->h);
    char gtkw[4200];
    snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(strlen(q->wave) - 4), q->wave);
    irhw_portwave_stat st = {0};
    if (own)
        irhw_portwave_stat_of(rtl->h, &st);
    else if (rtl->trace_stat)
        rtl->trace_stat(rtl->h, &st.error, &st.limited, &st.dumps, &st.first_time, &st.last_time);
    if (st.error) {
        res->wave_failed = 1;
        char part[4200];
        snprintf(part, sizeof part, "%s.partial", q->wave);
        if (unlink(gtkw) && errno != ENOENT)
            fprintf(stderr, "irhw: cannot remove the stale %s: %s\n", gtkw, strerror(errno));
        if (rename(q->wave, part))
            return irhw_err(err, errlen,
                            "writing the trace %s failed: %s (and renaming it to %s failed: %s; "
                            "it is incomplete)",
                            q->wave, strerror(st.error), part, strerror(errno));
        return irhw_err(err, errlen,
                        "writing the trace %s failed: %s; the part written is %s (no .gtkw)",
                        q->wave, strerror(st.error), part);
    }
    if (st.limited)
        fprintf(stderr,
                "irhw: the trace %s stopped before --wave-limit %" PRIu64
                " bytes: it holds cycles %" PRIu64 "..%" PRIu64 " (record others with "
                "--wave-from/--wave-to)\n",
                q->wave, q->wave_limit, st.first_time / 10, st.last_time / 10);
    long long mt =
        q->systemc ? irhw_sc_trace_time(res->mismatch_cycle) : (long long)res->mismatch_cycle * 10;
    irhw_gtkw_view view = {equal ? -1 : mt,
                           q->systemc ? irhw_sc_trace_time(1) - irhw_sc_trace_time(0) : 10,
                           res->mismatch_port >= 0 ? res->mismatch_differ : NULL};
    if (irhw_gtkw_write(gtkw, q->wave, ps, &view, err, errlen)) {
        res->wave_failed = 1;
        return -1;
    }
    return 0;
}

void irhw_cosim_progress(const char *name, uint64_t cyc, uint64_t cycles, double s)
{
    double rate = s > 0 ? (double)cyc / s : 0;
    if (cycles > cyc && rate > 0)
        fprintf(stderr,
                "irhw: %s cycle %" PRIu64 " of %" PRIu64 " (%.1f %%, %.0f cycles/s, %.0f s left)\n",
                name, cyc, cycles, 100.0 * (double)cyc / (double)cycles, rate,
                (double)(cycles - cyc) / rate);
    else
        fprintf(stderr, "irhw: %s cycle %" PRIu64 " of %" PRIu64 " (%.0f cycles/s)\n", name, cyc,
                cycles, rate);
}
