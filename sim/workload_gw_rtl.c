/*
 * workload_gw_rtl.c — `--rtl`: every swt of the GW machine in lockstep
 * with its RTL (generated, or --rtl-file), Verilated once and loaded once
 * a table. The machine's probe (gpu_gw.h) hands each table cycle's inputs
 * and the C model's outputs; the RTL gets the same inputs, and every
 * output port is compared before its clock edge. The RTL is clocked
 * exactly when its model is (reset first), so both see the same cycles.
 */
#include "vbuild.h"
#include "workload_gw_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct gwv_rtl {
    const gwv_opts *o;
    const irhw_inst *x;
    irhw_rtl *r;
    unsigned n;
    uint64_t cycles;
    double secs;
    int differs;
    uint64_t got[64];
};

static int rtl_cycle(void *ctx, unsigned t, uint64_t cycle, const uint64_t *in, const uint64_t *out)
{
    gwv_rtl *g = ctx;
    const irhw_ports *ps = &g->x->ps;
    double t0 = irhw_now_s();
    irhw_rtl *r = &g->r[t];
    r->set_in(r->h, in);
    r->clock(r->h, 0);
    r->get_out(r->h, g->got);
    for (unsigned p = 0; p < ps->n; p++) {
        if (ps->p[p].dir != IRHW_OUT || ps->p[p].width > 64)
            continue;
        uint64_t want = irhw_get(out, ps, p), have = irhw_get(g->got, ps, p);
        if (want != have && !g->differs) {
            g->differs = 1;
            fprintf(stderr,
                    "%s workload %s: swt RTL differs from its model: table %u (core %u), "
                    "machine cycle %" PRIu64 ", table cycle %" PRIu64 ": %s = 0x%" PRIx64
                    " in the RTL, 0x%" PRIx64 " in the model\n",
                    g->o->prog, g->o->kind, t,
                    t / (g->o->gpu.v[GC_ISSUE] * g->o->gpu.v[GC_WARP_SIZE] / g->o->simd), cycle,
                    g->cycles, ps->p[p].name, have, want);
        }
    }
    r->clock(r->h, 1);
    g->cycles++;
    g->secs += irhw_now_s() - t0;
    return g->differs;
}

int gwv_rtl_open(const gwv_opts *o, const irhw_inst *x, unsigned tables, gwv_rtl **out,
                 gwa_probe *p)
{
    gwv_rtl *g = calloc(1, sizeof *g);
    irhw_rtl *r = calloc(tables, sizeof *r);
    if (!g || !r || x->ps.out_words > 64) {
        free(g);
        free(r);
        fprintf(stderr, "%s workload %s: out of memory for the RTL\n", o->prog, o->kind);
        return EXIT_TOOL;
    }
    g->o = o;
    g->x = x;
    g->r = r;
    char so[4096], err[8192];
    int cached;
    irhw_build_req bq = {.x = x,
                         .rtl_files = o->rtl_file ? &o->rtl_file : NULL,
                         .nrtl = o->rtl_file ? 1 : 0,
                         .trace = IRHW_TRACE_NONE};
    if (irhw_rtl_build(&bq, so, sizeof so, &cached, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        gwv_rtl_close(g, NULL, NULL);
        return EXIT_TOOL;
    }
    uint64_t rst[64] = {0};
    irhw_set(rst, &x->ps, 0, 1); /* rst is the first port */
    for (unsigned t = 0; t < tables; t++, g->n++) {
        if (irhw_rtl_open(so, &r[t], err, sizeof err)) {
            fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
            gwv_rtl_close(g, NULL, NULL);
            return EXIT_TOOL;
        }
        r[t].set_in(r[t].h, rst);
        r[t].clock(r[t].h, 0);
        r[t].clock(r[t].h, 1);
    }
    p->ctx = g;
    p->cycle = rtl_cycle;
    *out = g;
    return 0;
}

int gwv_rtl_close(gwv_rtl *g, uint64_t *cycles, double *secs)
{
    int same = !g->differs;
    if (cycles)
        *cycles = g->cycles;
    if (secs)
        *secs = g->secs;
    for (unsigned t = 0; t < g->n; t++)
        irhw_rtl_close(&g->r[t]);
    free(g->r);
    free(g);
    return same;
}
