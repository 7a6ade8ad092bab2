/*
 * gpu_core.h — a first-order GPU-like machine that runs the data-driven
 * BFS / SSSP kernel of the hwwl paper on a worklist (sim/gpu_core.c has the
 * model; docs: docs/workloads.md, "The machine").
 *
 * CORES cores of WARPS hardware warps of WARP_SIZE threads; thread blocks
 * of CTA threads dealt to the cores round-robin; a greedy-then-oldest
 * scheduler issues at most ISSUE instructions a cycle, one per warp (the
 * last warp issued while it is ready, then the one that issued longest
 * ago: a warp spinning on WAIT cannot starve one that holds work); a warp
 * waits for its instruction's latency before its next one (no overlap
 * within a warp). Memory: an L1 data cache per core, a shared L2, DRAM
 * (sim/gpu_cache.h). The kernel is instructions: pull, load the row
 * offsets, per edge (SIMT: as many iterations as the longest degree among
 * the warp's threads) load the neighbour, load its value, compare,
 * atomicMin and push for the threads that improved it. The worklist is one
 * of IRHW_WL_*: `hwwl` is the RTL block / its C model driven through its
 * lane ports (sim/workload_hwwl.c), the others are modelled here.
 */
#ifndef IRHW_GPU_CORE_H
#define IRHW_GPU_CORE_H

#include "graph.h"

#include <stdint.h>
#include <stdio.h>

#define GPU_MAX_WARP 64  /* threads per warp */
#define GPU_MAX_WARPS 64 /* warps per core */
#define GPU_MAX_CORES 16

/* The ideal worklists run double-buffered like hwwl (the paper's Fig. 5);
 * the -single ones are one list that pushes feed while it is pulled. */
typedef enum {
    IRHW_WL_HWWL,
    IRHW_WL_SWWL,
    IRHW_WL_TOPO,
    IRHW_WL_FIFO,
    IRHW_WL_SORT,
    IRHW_WL_FIFO_SINGLE,
    IRHW_WL_SORT_SINGLE
} irhw_wl_kind;

/* "hwwl", "swwl", "topo", "ideal-fifo", "ideal-sort", "ideal-fifo-single",
 * "ideal-sort-single" -> kind; -1 if none. */
int irhw_wl_parse(const char *s);
const char *irhw_wl_name(int kind);
#define IRHW_WL_NAMES                                                                              \
    "hwwl, swwl, topo, ideal-fifo, ideal-sort, ideal-fifo-single or ideal-sort-single"

/* The model's constants (the table in gpu_core.c names each one's source). */
enum {
    GC_WARPS,
    GC_WARP_SIZE,
    GC_ISSUE,
    GC_ALU_LAT,
    GC_WL_LAT,
    GC_MEM_LAT,
    GC_CORE_BW,
    GC_GLOBAL_BW,
    GC_LINE,
    GC_PARTS,
    GC_ATOM_SVC,
    GC_BACKOFF,
    GC_LAUNCH,
    GC_CORES, /* cores of the software worklists (hwwl: its CORES parameter) */
    GC_CTA,   /* threads per thread block */
    GC_L1_KB,
    GC_L1_WAYS,
    GC_L1_LAT,
    GC_L2_KB,
    GC_L2_WAYS,
    GC_L2_LAT,
    GC_L2_BW,
    GC_N
};
typedef struct {
    unsigned v[GC_N];
    unsigned given; /* bit i: v[i] was set by irhw_gpu_set, not a default */
} irhw_gpu_cfg;

void irhw_gpu_defaults(irhw_gpu_cfg *c);
/* "NAME=VALUE": 0, or -1 with a message naming NAME and its range. */
int irhw_gpu_set(irhw_gpu_cfg *c, const char *nv, char *err, size_t errlen);
/* Every constant: name, default, range, source (for --help and the docs). */
void irhw_gpu_help(FILE *f);
/* "WARPS=48 ISSUE=2 ..." */
void irhw_gpu_format(const irhw_gpu_cfg *c, char *buf, size_t len);
/* The constants together: a CTA that was given must be whole warps and fit
 * a core (a default CTA shrinks to fit). 0, or -1 with a message naming
 * CTA, WARP_SIZE= and the range. */
int irhw_gpu_check(const irhw_gpu_cfg *c, char *err, size_t errlen);
/* The threads per thread block the run uses (CTA, or its default fitted to
 * the warps: whole warps, at most a core's threads). */
unsigned irhw_gpu_cta(const irhw_gpu_cfg *c);

typedef struct {
    uint64_t cycles, kernels;
    uint64_t slots, slots_used; /* issue slots offered / used */
    uint64_t inst[8];           /* instructions by class (GI_*) */
    uint64_t wait_pulls;        /* pulls that got no ID and not DONE */
    uint64_t wait_cycles;       /* warp cycles from such a pull to the warp's retry */
    uint64_t mem_req, atomics;  /* line requests; atomics at the partitions */
    uint64_t port_cycles;       /* hwwl: cycles a core's lane ports were busy */
    uint64_t processed, relaxations, improvements, pushes;
    /* the machine: where the vertices ran, the largest frontier, the caches */
    unsigned cores, core_threads;                    /* threads a core runs (whole blocks) */
    unsigned cta;                                    /* threads per block; 0: hwwl (every warp) */
    uint64_t core_vertices[GPU_MAX_CORES];           /* vertices processed on each core */
    uint64_t max_frontier, max_frontier_k;           /* most vertices in one kernel; that kernel */
    uint64_t max_list;                               /* single-buffered ideal: the longest list */
    int single;                                      /* one kernel: no frontiers to tell apart */
    uint64_t l1_hits, l1_misses, l2_hits, l2_misses; /* line lookups (loads and stores) */
    uint64_t dram_reads, dram_writes;                /* lines (writes: dirty L2 evictions) */
    uint64_t l1_bytes, l2_bytes;                     /* capacity in whole sets (0: off) */
    unsigned l1_ways, l2_ways;
} irhw_gpu_stats;
enum { GI_ALU, GI_PULL, GI_PUSH, GI_LOAD, GI_ATOM, GI_STORE, GI_N };
extern const char *const irhw_gpu_inst_names[GI_N];

/* ---- the engine (also driven by sim/workload_hwwl.c for hwwl) ---------------- */

enum { GT_IDLE, GT_ACT, GT_DONE };
typedef struct {
    int st;          /* GT_* */
    int push;        /* has an improved neighbour to push (pv) */
    int pending;     /* hwwl: the pull or push of this thread is on the port */
    uint32_t v, pv;  /* the vertex; the neighbour to push */
    uint64_t e, end; /* the edge loop */
    uint32_t nb;     /* the neighbour of this iteration */
    uint64_t cand;   /* its candidate value */
} gpu_thread;

typedef struct {
    int pc;
    uint64_t ready; /* the first cycle the next instruction may issue */
    uint64_t idx;   /* swwl / topo: the next index of the first thread */
    int done;       /* every thread has seen DONE (set by the last pull; final in a kernel) */
    gpu_thread th[GPU_MAX_WARP];
} gpu_warp;

typedef struct gpu_sim gpu_sim;

/* hwwl: the lane ports. start: warp w of core c begins a pull or push
 * (op GI_PULL / GI_PUSH); the backend answers through the threads' st / v
 * (pull) or clears push (push), then calls gpu_port_done. */
typedef struct {
    void *ctx;
    void (*start)(void *ctx, gpu_sim *s, unsigned c, unsigned w, int op);
} gpu_port;

/* Active threads over time: at cycles 0, every, 2*every, ... the threads
 * that hold a work ID (pulled, not yet through the edge loop and its
 * pushes), of `threads` (every warp's, every core's). Filled by the run;
 * free cycle and active after use. */
typedef struct {
    uint64_t every, next, threads;
    uint64_t n, cap;
    uint64_t *cycle;
    uint32_t *active;
    int nomem;
} gpu_active;

typedef struct {
    const irhw_gpu_cfg *cfg;
    const irhw_graph *g;
    const uint32_t *wt; /* NULL: BFS */
    uint32_t src;
    int kind;             /* IRHW_WL_* */
    unsigned cores;       /* hwwl: its CORES */
    const gpu_port *port; /* hwwl only */
    uint64_t *val;        /* levels / distances (the caller's; set to unreached but src) */
    uint64_t max_cycles;
    gpu_active *act; /* NULL: no series */
    int single;      /* hwwl: wlcfg single (one kernel) */
} gpu_req;

gpu_sim *gpu_new(const gpu_req *q);
void gpu_free(gpu_sim *s);
/* One cycle of every core. */
void gpu_cycle(gpu_sim *s, uint64_t cycle);
/* The first cycle in which gpu_cycle may change anything (a core's warp
 * may issue, an --active-out sample is due); before it gpu_cycle does
 * nothing. UINT64_MAX: none. */
uint64_t gpu_next_event(const gpu_sim *s);
/* Every thread of every warp has seen DONE. */
int gpu_all_done(const gpu_sim *s);
/* A new kernel: every thread pulls again, the first at cycle `at`. */
void gpu_kernel_begin(gpu_sim *s, uint64_t at);
void gpu_port_done(gpu_sim *s, unsigned c, uint64_t cycle);
gpu_warp *gpu_warp_of(gpu_sim *s, unsigned c, unsigned w);
unsigned gpu_warp_size(const gpu_sim *s);
/* The statistics so far (the kernel under way counted in the frontiers). */
irhw_gpu_stats *gpu_stats(gpu_sim *s);
int gpu_nomem(const gpu_sim *s);
/* Threads holding a work ID (GT_ACT), every core's. */
uint64_t gpu_active_threads(const gpu_sim *s);

/* The software / ideal worklists: the whole run. 0 = ran (*done: the run
 * finished within max_cycles), -1 with message. */
int irhw_gpu_run(const gpu_req *q, irhw_gpu_stats *st, int *done, char *err, size_t errlen);

/* The machine's lines of a run's report: vertices per core and the largest
 * frontier against a core's threads; the caches' hits and misses. */
void irhw_gpu_print_machine(FILE *f, const irhw_gpu_cfg *c, const irhw_gpu_stats *st);

#endif
