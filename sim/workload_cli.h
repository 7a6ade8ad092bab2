/*
 * workload_cli.h — what `irhw workload <kind>` (sim/verb_workload.c: the
 * option table, help and parsing) hands to the files that run the kinds:
 * the parsed options of iru (sim/workload_iru_runs.c) and of bfs / sssp
 * (sim/workload_run.c: one run and its report; sim/workload_trends.c:
 * --trends). Exit codes: 0 success, 1 mismatch or failed check, 2 usage,
 * parameter or input-file error, 3 a tool or the system failed.
 */
#ifndef IRHW_WORKLOAD_CLI_H
#define IRHW_WORKLOAD_CLI_H

#include "args.h"
#include "gpu_iru.h"
#include "workload.h"

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2, EXIT_TOOL = 3 };

/* The options every workload takes. */
typedef struct {
    const char *graph, *graphs, *out;
    const char *params[32]; /* the -p, each NAME once (irhw_args_param) */
    unsigned nparams;
    int model_only, quiet;
} wl_common;

/* The option ids of wl_common's options, shared by every workload option
 * table (sim/verb_workload.c, sim/workload_gw.c): each table numbers its
 * own options below WL_COMMON. */
enum { WL_COMMON = 1000, WL_GRAPH, WL_GRAPHS, WL_OUT, WL_P, WL_MODEL_ONLY, WL_QUIET };
/* 1 when opt is one of those (its value stored in *c), 0 when it is not, 2
 * after the message of a -p given twice or beyond the 32 kept. */
int wl_common_opt(const irhw_args *a, wl_common *c, const irhw_opt *opt, const char *v);

/* ---- iru --------------------------------------------------------------------- */

#define IRU_MAX_SWEEP 32

typedef struct {
    const char *prog, *plot;
    wl_common c;
    int kernel, all, bfs_dedup;
    int gpu;           /* --machine gpu: warps of the GPU core model ask (workload_iru_gpu.c) */
    irhw_gpu_cfg gcfg; /* its -g constants */
    giru_cfg icfg;     /* the IRU side's -g constants */
    int have_g;        /* a -g was given */
    unsigned parts;    /* --parts: iru_hash partitions on a ring (model/iru.h); 1: one iru_hash */
    uint64_t max_elems, req_every;
    unsigned nsweep; /* --timeout-sweep: the TIMEOUT values */
    unsigned sweep[IRU_MAX_SWEEP];
} wl_opts;

/* --kernel on --graph; every graph x kernel (--all); every graph x kernel
 * at each TIMEOUT (--timeout-sweep). The exit code. */
int wl_iru_single(const wl_opts *o);
int wl_iru_all(const wl_opts *o);
int wl_iru_timeout_sweep(const wl_opts *o);
/* The iru_hash instance of a run: defaults, the user's -p, the kernel's
 * filter unless -p FILTER (filter: this one instead, NULL: as said),
 * TIMEOUT (-1: as said). 0, or the exit code after a message. */
int wl_iru_inst(const wl_opts *o, irhw_kernel k, const char *filter, long timeout, irhw_inst *x);
/* The graph at path into g (exit 2 after the message when it cannot be
 * read); a crash from here on names "the RUN on PATH". */
int wl_iru_read_graph(const wl_opts *o, const char *path, irhw_graph *g, const char *run);
/* --machine gpu (sim/workload_iru_gpu.c): the same three, each run twice on
 * the GPU core model, plain loads and load_iru. */
int wl_iru_gpu_single(const wl_opts *o);
int wl_iru_gpu_all(const wl_opts *o);
int wl_iru_gpu_sweep(const wl_opts *o);

/* ---- bfs / sssp on hwwl (sim/workload_hwwl.c) -------------------------------- */

typedef struct {
    const char *prog, *kind, *plot;
    wl_common c;
    int trends, no_plot, have_src;
    unsigned cost_a, cost_b, mem_lat;
    uint32_t src;
    uint64_t max_cycles, max_edges;
    int worklist; /* IRHW_WL_*: the GPU core model drives; -1: every lane a thread */
    irhw_gpu_cfg gpu;
    int have_gpu;                           /* a -g was given */
    int gpu_cores, have_cost, have_mem_lat; /* -g CORES, --cost, --mem-lat given */
    const char *values_out;                 /* --levels-out / --dist-out */
    int entries_inf;                        /* -p ENTRIES=inf: the largest ENTRIES, no spill */
    char inf_param[32];                     /* its -p, "ENTRIES=<max>" */
    int single, have_buffer;                /* --buffer single / given */
    const char *active_out;                 /* --active-out FILE */
    uint64_t active_every;                  /* --active-every N (default 1000) */
    const char *vcd;                        /* --vcd FILE.vcd: the RTL's every signal */
    uint64_t vcd_cycles;                    /* --vcd-cycles N (0: the default) */
} gw_opts;

#define GW_VCD_CYCLES 200000 /* --vcd-cycles' default */

/* The options before the command line: the lane driver (no --worklist),
 * the GPU core model's constants at their defaults (sim/gpu_core.c). */
void gw_defaults(gw_opts *o, const char *prog, const char *kind);
/* The largest ENTRIES of the hwwl block (its parameter table), or -1 when
 * this build has no hwwl. */
int64_t gw_entries_max(void);
/* Reads the graph at path: 0, or EXIT_USAGE after the message. */
int gw_graph(const gw_opts *o, const char *path, irhw_graph *g);
/* One run on g (wt: SSSP's weights, NULL: BFS); fills r, *x and params
 * (free r and *x after, whatever it returns). `extra`: hwwl parameters
 * before the user's -p. The exit code, after its message. */
int gw_run(const gw_opts *o, const char *path, const irhw_graph *g, const uint32_t *wt,
           const char *const *extra, unsigned nextra, int model_only, irhw_hwwl_result *r,
           char *params, size_t plen, irhw_inst *x, gpu_active *act);
/* --graph: one run, its report, the files asked for. The exit code. */
int gw_single(const gw_opts *o);
/* --trends: the paper's Fig. 6 and Fig. 7 on the graphs of --graphs. */
int gw_trends(const gw_opts *o);

#endif
