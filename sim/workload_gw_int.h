/*
 * workload_gw_int.h — what the files of `irhw workload ... --arch` share:
 * the parsed options (sim/workload_gw.c), one checked run and its report
 * (sim/workload_gw_run.c), --all and --sweep (sim/workload_gw_all.c), the
 * swt RTL in lockstep (sim/workload_gw_rtl.c).
 */
#ifndef IRHW_WORKLOAD_GW_INT_H
#define IRHW_WORKLOAD_GW_INT_H

#include "gpu_gw.h"
#include "workload_cli.h"

enum { ARCH_BASE, ARCH_GW, ARCH_BOTH };

typedef struct {
    const char *prog, *kind, *rmat, *rtl_file;
    wl_common c; /* its -p: the swt's */
    int arch, kernel, all, sweep, no_waves, scoreboard, rtl, have_src, have_simd;
    uint32_t src;
    unsigned iters, simd, hold;
    uint64_t max_cycles;
    irhw_gpu_cfg gpu;
} gwv_opts;

/* A graph read for the runs: SSSP's weights, the source, the reference of
 * each kernel computed once. */
typedef struct {
    const char *path, *name;
    irhw_graph g;
    uint32_t *wt;
    uint32_t src;
    uint64_t *ref[GWA_NKERNELS];
} gwv_graph;

typedef struct {
    gwa_stats st;
    int ran, done, equal;
    double secs;
} gwv_res;

/* The swt instance of the runs: WARPS the groups of a cluster, LANES the
 * SIMD width unless -p LANES, then the -p. 0, or EXIT_USAGE after the
 * message (irhw_inst_free after either). */
int gwv_swt_inst(const gwv_opts *o, irhw_inst *x);
/* Reads path into *gg (its weights, source). 0, or the exit code after the
 * message (gwv_graph_free after either). */
int gwv_graph_read(const gwv_opts *o, const char *path, gwv_graph *gg);
void gwv_graph_free(gwv_graph *gg);
/* One run of kernel k on gg, gw or baseline, checked against the
 * reference. The exit code after its message: 0 also when the result
 * differs (r->equal = 0). */
int gwv_run(const gwv_opts *o, gwv_graph *gg, int k, int gw, const irhw_inst *x, gwv_res *r);
/* "12.3 %", ratios: 0 when b is 0. */
double gwv_ratio(uint64_t a, uint64_t b);
/* --graph, one kernel, the archs of --arch. The exit code. */
int gwv_single(const gwv_opts *o);
/* workload gw --all / --sweep. The exit code. */
int gwv_all(const gwv_opts *o);
int gwv_sweep(const gwv_opts *o);

/* --rtl: a probe that runs every table's RTL in lockstep (Verilator) and
 * compares each output every cycle. 0, or the exit code after the message. */
typedef struct gwv_rtl gwv_rtl;
int gwv_rtl_open(const gwv_opts *o, const irhw_inst *x, unsigned tables, gwv_rtl **r, gwa_probe *p);
/* The cycles run and whether they all agreed; frees it. */
int gwv_rtl_close(gwv_rtl *r, uint64_t *cycles, double *secs);

#endif
