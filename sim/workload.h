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
#include "graph.h"

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
/* The filter the paper's kernel uses: "dedup", "min", "fadd". */
const char *irhw_kernel_filter(irhw_kernel k);

/* Builds the stream (at most max_elems elements, 0 = all; a cut frontier is
 * kept in part). 0, or -1 with message (out of memory, empty graph). */
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
    int equal;                              /* lockstep: model and RTL equal, checks passed */
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

#endif
