/*
 * workload.h — graph workloads driving the blocks (irhw workload <kind>).
 *
 * `iru`: the edge frontiers of BFS, SSSP and PageRank on a graph, as the
 * IRU paper's kernels hand them to load_iru (§4, Figs. 9-11), drive
 * iru_hash: every element is (index = the neighbour vertex, data, position
 * in its frontier). BFS pushes the neighbours of each level's frontier
 * (data: the new level; FILTER=dedup), SSSP (frontier Bellman-Ford: the
 * vertices whose distance fell in the previous round) pushes the
 * neighbours with their candidate distances (FILTER=min), PageRank one
 * iteration's contributions rank(u)/outdeg(u) as binary32 (FILTER=fadd).
 * Each frontier is inserted, then flushed until the unit is empty; warps
 * request all the time. Measured: memory lines per warp (distinct
 * LINE_BYTES blocks among SLOTS consecutive elements of a frontier, in the
 * original order; among the valid slots of each non-empty reply after the
 * IRU) and the share of elements merged out by the filter.
 */
#ifndef IRHW_WORKLOAD_H
#define IRHW_WORKLOAD_H

#include "cosim.h"
#include "gpu_core.h"
#include "graph.h"

#define HW_MAX_CORES_WL 16 /* = HW_MAX_CORES (model/hwwl.h) */

typedef enum { IRHW_KERNEL_BFS, IRHW_KERNEL_SSSP, IRHW_KERNEL_PAGERANK } irhw_kernel;

/* The element stream: frontier f is elements [start[f], start[f + 1]). */
typedef struct {
    uint32_t *idx, *data;
    uint64_t *start;
    uint64_t n, nfront;
    uint32_t src;     /* BFS/SSSP source (the vertex with most out-edges) */
    int file_weights; /* SSSP: the file's weights (else derived, see .c) */
    uint64_t *result; /* BFS levels / SSSP distances per vertex (NULL for PageRank) */
    uint32_t nv;      /* vertices (length of result) */
} irhw_iru_stream;

const char *irhw_kernel_name(irhw_kernel k);
/* "bfs", "sssp", "pagerank" -> kernel; -1 if none. */
int irhw_kernel_parse(const char *s);
/* The filter the paper runs the kernel with (Fig. 15): "none", "min", "fadd". */
const char *irhw_kernel_filter(irhw_kernel k);

/* Builds the stream (at most max_elems elements, 0 = all; a cut frontier is
 * kept in part). 0; 1 with message when the graph has no edge (no
 * element: bad input; with an edge the source, the vertex with the most
 * out-edges, gives a first frontier) or SSSP a weight it cannot take
 * (irhw_sssp_weights); -1 with message when out of memory. */
int irhw_iru_stream_build(const irhw_graph *g, irhw_kernel k, uint64_t max_elems,
                          irhw_iru_stream *s, char *err, size_t errlen);
void irhw_iru_stream_free(irhw_iru_stream *s);
/* The stream in original order: warps of `warp` consecutive elements of a
 * frontier and their distinct memory blocks (iru_hash's LINE_BYTES /
 * ELEM_BYTES) summed over warps. */
void irhw_iru_original(const irhw_iru_stream *s, const irhw_inst *x, unsigned warp, uint64_t *warps,
                       uint64_t *lines);

typedef struct {
    uint64_t cycles;
    uint64_t warps_before, lines_before;    /* original order */
    uint64_t inserted, merged;              /* merged = filtered out */
    uint64_t replies, replied, lines_after; /* non-empty replies, their elements, lines */
    /* the replied elements in reply order, cut into full warps of SLOTS (the
     * last one partial): warps and their lines */
    uint64_t warps_packed, lines_packed;
    int equal; /* lockstep: model and RTL equal, checks passed */
    double run_s;
    char message[4096]; /* mismatch or check failure */
} irhw_iru_result;

typedef struct {
    const irhw_inst *x; /* an iru_hash instance */
    const irhw_iru_stream *s;
    int model_only;     /* the C model alone (with the conservation checker) */
    const char *replay; /* the command that replays this run (mismatch report) */
    int quiet;
    unsigned req_every; /* a request every N cycles while elements arrive; 0 = SLOTS/BANKS */
} irhw_iru_req;

/* Runs the stream through iru_hash: in lockstep with the RTL (tb/cosim.c)
 * or on the model alone. 0 = ran (r->equal), -1 = could not run. */
int irhw_iru_run(const irhw_iru_req *q, irhw_iru_result *r, char *err, size_t errlen);

/* SSSP edge weights, one per stored edge, into *wt (free() them): a file
 * with weights gives its own, which must all be whole numbers 1..65535
 * (*from_file = 1); a file without weights, or a Matrix Market "real"
 * matrix whose values are not all such numbers (a matrix's values, not
 * weights), gets 1..64 from a hash of each edge's two ends, the same both
 * ways (*from_file = 0). 0; 2 with the first weight that is not one (file,
 * line, the value and what is allowed) in err; 3 when out of memory. */
int irhw_sssp_weights(const irhw_graph *g, uint32_t **wt, int *from_file, char *err, size_t errlen);
/* What the weights were, for a report: "the file's", or "1..64 from a hash
 * of each edge (why)". */
const char *irhw_sssp_weights_said(const irhw_graph *g, int from_file);

/* ---- bfs / sssp: data-driven, double-buffered kernels on hwwl ---------------
 * (sim/workload_hwwl.c; its first comment has the thread model.) Every lane
 * of every core is a thread: pull a vertex (ID / WAIT: pull again / DONE:
 * the kernel is over for it), spend cost_a + cost_b * degree cycles, relax
 * the vertex's edges on the workload's own levels / distances (atomicMin)
 * and push each improved neighbour, one per cycle. Pushes of a kernel go to
 * the other half; swap when every thread saw DONE; the run ends when a
 * kernel pushed nothing. The result is checked against irhw_bfs /
 * irhw_sssp. */

#define IRHW_HWWL_SAMPLES 2048 /* occupancy samples kept */

typedef struct {
    const irhw_inst *x; /* an hwwl instance */
    const irhw_graph *g;
    const uint32_t *wt; /* SSSP: weight per edge; NULL: BFS (every edge 1) */
    uint32_t src;
    unsigned cost_a, cost_b; /* a thread is busy cost_a + cost_b * degree cycles */
    unsigned mem_lat;        /* overflow-buffer loads answer after this many cycles */
    unsigned sample_every;   /* occupancy sample period (0 = 256; doubles when full) */
    uint64_t max_cycles;     /* 0 = no limit (a stall of 200,000 cycles still ends it) */
    int model_only;
    const char *replay; /* the command that replays this run (mismatch report) */
    /* the GPU core model (sim/gpu_core.h) drives the kernel when set: warps
     * on the lane ports for IRHW_WL_HWWL, else the software or ideal
     * worklist `worklist` alone (no hwwl in the run) */
    const irhw_gpu_cfg *gpu;
    int worklist;
    gpu_active *act; /* GPU core model: active threads over time (NULL: none) */
    int single;      /* hwwl: wlcfg single (one partition, one kernel), else double */
    /* lockstep: every signal of the RTL traced to this VCD (NULL: none),
     * its first wave_cycles cycles */
    const char *wave;
    uint64_t wave_cycles;
} irhw_hwwl_req;

typedef struct {
    uint64_t cycles;         /* cycles run (reset, setup, kernels, two idle cycles) */
    uint64_t cycles_to_done; /* the cycle every thread had seen DONE of the last kernel */
    uint64_t kernels;        /* swaps into a kernel */
    uint64_t ans[4];         /* pull answers: [1] ID, [2] WAIT, [3] DONE */
    uint64_t processed;      /* vertices processed (pulled or from the software list) */
    uint64_t relaxations, improvements;
    uint64_t pushes, push_retries, exceptions, sw_taken;
    uint64_t stores, stored_ids, loads, loaded_ids; /* the memory ports */
    uint64_t moves, spills;                         /* the model's counters */
    uint64_t gmoves; /* SCHEME=gsorting / magic: IDs moved between any banks */
    int have_model_counts;
    uint64_t core_donated[HW_MAX_CORES_WL], core_received[HW_MAX_CORES_WL];
    unsigned threads;
    uint64_t *lane_ids, *lane_waits, *lane_vertices, *lane_busy; /* per thread */
    unsigned nsamples, sample_every;
    uint64_t *sample_cycle;
    unsigned *occ_banks, *occ_ovf; /* [sample * CORES + core] */
    unsigned end_banks[HW_MAX_CORES_WL], end_ovf[HW_MAX_CORES_WL];
    uint64_t *value; /* levels / distances (IRHW_UNREACHED) */
    uint64_t reached, depth;
    int equal;   /* lockstep: model and RTL equal every cycle, checks passed */
    int correct; /* the result equals the reference */
    int gpu;     /* gs is the GPU core model's */
    irhw_gpu_stats gs;
    double run_s, build_s, lockstep_s;
    uint64_t skipped, pull_steps; /* --model-only: calm cycles fast-forwarded, the
                                   * cores' pull-only steps (sim/workload_hwwl.c) */
    char message[4096];
} irhw_hwwl_result;

/* 0 = ran (see r->equal, r->correct), -1 = could not run (err). Free r with
 * irhw_hwwl_result_free either way. */
int irhw_hwwl_run(const irhw_hwwl_req *q, irhw_hwwl_result *r, char *err, size_t errlen);
void irhw_hwwl_result_free(irhw_hwwl_result *r);

#endif
