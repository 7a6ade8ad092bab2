/*
 * workload_gw_run.c — one run of the Graph-Waving machine or its baseline
 * (sim/gpu_gw.c) on a graph, checked against the sequential reference, and
 * the report of `irhw workload bfs|sssp|pagerank --arch ...` (docs/gw.md).
 */
#include "workload_gw_int.h"

#include "swt.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

double gwv_ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0.0;
}

static int set_param(const gwv_opts *o, const irhw_block *b, irhw_cfg *c, const char *nv)
{
    char err[IRHW_ERRLEN];
    if (irhw_cfg_set(b, c, nv, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: -p %s\n", o->prog, o->kind, err);
        return EXIT_USAGE;
    }
    return 0;
}

int gwv_swt_inst(const gwv_opts *o, irhw_inst *x)
{
    memset(x, 0, sizeof *x);
    const irhw_block *b = irhw_find_block("swt");
    if (!b) {
        fprintf(stderr, "%s workload %s: this build has no swt block\n", o->prog, o->kind);
        return EXIT_USAGE;
    }
    irhw_cfg c;
    irhw_cfg_defaults(b, &c);
    unsigned gu = gwa_groups_per_unit(&o->gpu), need = gwa_pc_bits();
    char nv[64];
    snprintf(nv, sizeof nv, "WARPS=%u", gu);
    int rc = set_param(o, b, &c, nv);
    snprintf(nv, sizeof nv, "LANES=%u", o->simd);
    rc = rc ? rc : set_param(o, b, &c, nv);
    for (unsigned i = 0; i < o->c.nparams && !rc; i++) {
        if (!strncmp(o->c.params[i], "WARPS=", 6)) {
            fprintf(stderr,
                    "%s workload %s: -p WARPS is the machine's: the groups of a cluster, "
                    "WARPS/ISSUE = %u (set -g WARPS and -g ISSUE)\n",
                    o->prog, o->kind, gu);
            return EXIT_USAGE;
        }
        rc = set_param(o, b, &c, o->c.params[i]);
    }
    if (rc)
        return rc;
    unsigned lanes = (unsigned)c.v[SWT_LANES], pcb = (unsigned)c.v[SWT_PC_BITS];
    if (lanes > o->simd) {
        fprintf(stderr,
                "%s workload %s: -p LANES=%u: a wave runs one group a lane, so LANES must be "
                "2..%u (-g SIMD)\n",
                o->prog, o->kind, lanes, o->simd);
        return EXIT_USAGE;
    }
    if (pcb < need) {
        fprintf(stderr, "%s workload %s: -p PC_BITS=%u cannot hold the kernels' PCs: %u..64\n",
                o->prog, o->kind, pcb, need);
        return EXIT_USAGE;
    }
    char err[IRHW_ERRLEN];
    if (irhw_inst_init(x, b, &c, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_USAGE;
    }
    return 0;
}

int gwv_graph_read(const gwv_opts *o, const char *path, gwv_graph *gg)
{
    memset(gg, 0, sizeof *gg);
    gg->path = path;
    const char *sl = strrchr(path, '/');
    gg->name = sl ? sl + 1 : path;
    char err[1024];
    if (irhw_graph_read(path, IRHW_GRAPH_AUTO, &gg->g, err, sizeof err)) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, err);
        return EXIT_USAGE;
    }
    if (!gg->g.n) {
        fprintf(stderr, "%s workload %s: %s: the graph has no vertex\n", o->prog, o->kind, path);
        return EXIT_USAGE;
    }
    if (o->have_src && o->src >= gg->g.n) {
        fprintf(stderr, "%s workload %s: --src %" PRIu32 " must be 0..%" PRIu32 " (%s)\n", o->prog,
                o->kind, o->src, gg->g.n - 1, path);
        return EXIT_USAGE;
    }
    gg->src = o->have_src ? o->src : irhw_graph_hub(&gg->g);
    int fw, rc;
    char werr[512];
    if ((rc = irhw_sssp_weights(&gg->g, &gg->wt, &fw, werr, sizeof werr))) {
        fprintf(stderr, "%s workload %s: %s\n", o->prog, o->kind, werr);
        return rc;
    }
    irhw_signal_at("the GW runs on %s", path);
    return 0;
}

void gwv_graph_free(gwv_graph *gg)
{
    irhw_graph_free(&gg->g);
    free(gg->wt);
    for (int k = 0; k < GWA_NKERNELS; k++)
        free(gg->ref[k]);
}

static void req_of(const gwv_opts *o, const gwv_graph *gg, int k, int gw, const irhw_inst *x,
                   gwa_req *q)
{
    memset(q, 0, sizeof *q);
    q->cfg = &o->gpu;
    q->g = &gg->g;
    q->wt = k == GWA_SSSP ? gg->wt : NULL;
    q->src = gg->src;
    q->kernel = (gwa_kernel)k;
    q->gw = gw;
    q->waves = gw && !o->no_waves;
    q->simd = o->simd;
    q->pr_iters = o->iters;
    q->hold = o->hold;
    q->scoreboard = o->scoreboard;
    q->swt = x;
    q->max_cycles = o->max_cycles;
}

int gwv_run(const gwv_opts *o, gwv_graph *gg, int k, int gw, const irhw_inst *x, gwv_res *r)
{
    memset(r, 0, sizeof *r);
    gwa_req q;
    req_of(o, gg, k, gw, x, &q);
    if (!gg->ref[k]) {
        if (!(gg->ref[k] = malloc(((size_t)gg->g.n + 1) * sizeof *gg->ref[k])) ||
            gwa_reference(&q, gg->ref[k])) {
            fprintf(stderr, "%s workload %s: out of memory for the reference\n", o->prog, o->kind);
            return EXIT_TOOL;
        }
    }
    q.val = malloc(((size_t)gg->g.n + 1) * sizeof *q.val);
    if (!q.val) {
        fprintf(stderr, "%s workload %s: out of memory\n", o->prog, o->kind);
        return EXIT_TOOL;
    }
    gwv_rtl *rtl = NULL;
    gwa_probe probe;
    int rc = 0;
    if (o->rtl && q.waves) {
        unsigned tables =
            o->gpu.v[GC_CORES] * o->gpu.v[GC_ISSUE] * o->gpu.v[GC_WARP_SIZE] / o->simd;
        if ((rc = gwv_rtl_open(o, x, tables, &rtl, &probe))) {
            free(q.val);
            return rc;
        }
        q.probe = &probe;
    }
    char err[IRHW_ERRLEN];
    double t0 = irhw_now_s();
    int bad = gwa_run(&q, &r->st, &r->done, err, sizeof err);
    r->secs = irhw_now_s() - t0;
    if (rtl) {
        uint64_t cyc;
        double rs;
        int same = gwv_rtl_close(rtl, &cyc, &rs);
        printf("  swt RTL in lockstep: %" PRIu64 " table cycles compared, %s; %.0f table cycles/s "
               "of the run, %.0f in the RTL and the compare\n",
               cyc, same ? "every output equal" : "DIFFERS",
               r->secs > 0 ? (double)cyc / r->secs : 0.0, rs > 0 ? (double)cyc / rs : 0.0);
        if (!same)
            rc = EXIT_MISMATCH;
    }
    if (bad) {
        fprintf(stderr, "%s workload %s: %s: %s\n", o->prog, o->kind, gg->path, err);
        free(q.val);
        return rc ? rc : EXIT_MISMATCH;
    }
    r->ran = 1;
    r->equal = r->done && !memcmp(q.val, gg->ref[k], gg->g.n * sizeof *q.val);
    free(q.val);
    return rc;
}

static void row(const char *arch, const gwv_res *r, const gwv_res *base, unsigned cores)
{
    const gwa_stats *s = &r->st;
    printf("  %-9s %11" PRIu64 " %7.2fx %6.1f %% %7.1f %% %9" PRIu64 " %5.2f %8" PRIu64
           " %7.2f %5.1fs  %-6s %" PRIu64 " (%.1f %%)\n",
           arch, s->cycles, base ? gwv_ratio(base->st.cycles, s->cycles) : 1.0,
           100 * gwv_ratio(s->lane_useful, s->lane_slots), 100 * gwv_ratio(s->inst_scalar, s->inst),
           s->waves, gwv_ratio(s->wave_warps, s->waves), s->ins_reject,
           gwv_ratio(s->mem_req, s->inst_mem), r->secs,
           !r->done   ? "stopped"
           : r->equal ? "equal"
                      : "DIFFERS",
           s->issues, 100 * gwv_ratio(s->issues, s->cycles * s->units * cores));
}

int gwv_single(const gwv_opts *o)
{
    gwv_graph gg;
    int rc = gwv_graph_read(o, o->c.graph, &gg);
    irhw_inst x;
    if (!rc)
        rc = gwv_swt_inst(o, &x);
    else
        memset(&x, 0, sizeof x);
    gwv_res r[2];
    memset(r, 0, sizeof r);
    for (int a = 0; a < 2 && !rc; a++)
        if (o->arch == ARCH_BOTH || o->arch == a)
            rc = gwv_run(o, &gg, o->kernel, a, &x, &r[a]);
    if (!rc && !o->c.quiet) {
        char p[256];
        irhw_cfg_format(x.b, &x.c, " ", p, sizeof p);
        char src[64] = "";
        if (o->kernel != GWA_PR)
            snprintf(src, sizeof src, ", source %" PRIu32, gg.src);
        else
            snprintf(src, sizeof src, ", %u iterations", o->iters);
        printf("%s on %s: %" PRIu32 " vertices, %" PRIu64 " edges%s\n", gwa_kernel_names[o->kernel],
               gg.path, gg.g.n, gg.g.m, src);
        printf("  machine: %u cores x WARPS=%u x WARP_SIZE=%u, ISSUE=%u; gw: SIMD=%u, %u "
               "clusters a core of %u groups, swt %s%s\n",
               o->gpu.v[GC_CORES], o->gpu.v[GC_WARPS], o->gpu.v[GC_WARP_SIZE], o->gpu.v[GC_ISSUE],
               o->simd, o->gpu.v[GC_ISSUE] * o->gpu.v[GC_WARP_SIZE] / o->simd,
               gwa_groups_per_unit(&o->gpu), p, o->no_waves ? " (unused: --no-waves)" : "");
        printf("  %-9s %11s %8s %8s %9s %9s %5s %8s %7s %6s  %s\n", "arch", "cycles", "speedup",
               "lanes", "scalar", "waves", "pack", "rejects", "req/mem", "time",
               "result issues (of the slots)");
        for (int a = 0; a < 2; a++)
            if (r[a].ran)
                row(a ? "gw" : "baseline", &r[a], r[0].ran && a ? &r[0] : NULL, o->gpu.v[GC_CORES]);
        if (r[1].ran && r[1].st.waves) {
            printf("  gw waves by groups carried:");
            for (int i = 1; i <= 64; i++)
                if (r[1].st.wave_hist[i])
                    printf(" %d:%" PRIu64, i, r[1].st.wave_hist[i]);
            printf("; inserts joined %" PRIu64 ", allocated %" PRIu64 ", rejected %" PRIu64 "\n",
                   r[1].st.ins_join, r[1].st.ins_alloc, r[1].st.ins_reject);
        }
    } else if (!rc) {
        for (int a = 0; a < 2; a++)
            if (r[a].ran)
                printf("%s %s %s: %" PRIu64 " cycles, %s\n", gwa_kernel_names[o->kernel],
                       a ? "gw" : "baseline", gg.name, r[a].st.cycles,
                       r[a].equal ? "equal" : "DIFFERS");
    }
    for (int a = 0; a < 2 && !rc; a++)
        if (r[a].ran && !r[a].equal)
            rc = EXIT_MISMATCH;
    irhw_inst_free(&x);
    gwv_graph_free(&gg);
    return rc;
}
