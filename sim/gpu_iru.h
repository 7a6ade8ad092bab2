/*
 * gpu_iru.h — the IRU paper's gather kernels (BFS, SSSP, PageRank; §4,
 * Figs. 9-11) on the GPU-like machine (sim/gpu_core.h: its cores' warps and
 * its L1 / L2 / DRAM, sim/gpu_mem.c), with plain loads (the baseline) or
 * with load_iru (the IRU path). Docs: docs/iru.md.
 *
 * Each frontier of an irhw_iru_stream is one kernel launch. A thread owns
 * one element (index = neighbour vertex, data = level / candidate distance
 * / binary32 contribution) and does the kernel's irregular access on it:
 *   BFS       load label[idx]; store label[idx] = data where it is lower
 *   SSSP      load dist[idx]; atomicMin(dist[idx], data) where lower
 *   PageRank  atomicAdd(rank[idx], data)
 * Baseline: a warp takes the next WARP_SIZE elements of the frontier with
 * regular loads of the frontier's arrays (index; SSSP and PageRank also
 * data) through its L1. IRU: a warp issues load_iru (bypassing the L1) and
 * waits for the IRU's reply of up to SLOTS reordered elements; an empty
 * reply ends the kernel for the warp. The IRU's prefetcher reads the
 * frontier's arrays from the L2 (8 lines in flight, IRU paper §5); the
 * glue (sim/workload_iru_gpu.c) moves its elements into iru_hash's insert
 * lanes, the warps' requests onto its request port and its replies back.
 */
#ifndef IRHW_GPU_IRU_H
#define IRHW_GPU_IRU_H

#include "gpu_core.h"
#include "workload.h"

/* The IRU side's constants (set with -g NAME=VALUE like the machine's). */
enum { GIRU_PF_DEPTH, GIRU_LAT, GIRU_N };
typedef struct {
    unsigned v[GIRU_N];
} giru_cfg;
void giru_defaults(giru_cfg *c);
/* "IRU_PF_DEPTH=16": 1 when NAME is one of these (0 when not: the
 * machine's), -1 with a message naming NAME and its range. */
int giru_set(giru_cfg *c, const char *nv, char *err, size_t errlen);
void giru_help(FILE *f);
void giru_format(const giru_cfg *c, char *buf, size_t len);

typedef struct {
    const irhw_gpu_cfg *cfg;
    const giru_cfg *icfg;
    const irhw_iru_stream *s;
    irhw_kernel k;
    int iru;        /* 1: load_iru; 0: plain loads */
    unsigned slots; /* iru: elements per reply (<= WARP_SIZE) */
} giru_req;

typedef struct {
    uint64_t cycles, kernels;
    uint64_t mem_inst;              /* warp memory instructions (load_iru included) */
    uint64_t irr_inst, irr_lines;   /* the irregular ones (label / dist / rank) and their lines */
    uint64_t atom_inst, atom_lines; /* atomics of those: lines at the L2 */
    uint64_t elements;              /* elements the warps worked on */
    uint64_t iru_reqs, iru_empty;   /* load_iru requests; empty replies */
    uint64_t pf_lines;              /* the prefetcher's line reads at the L2 */
    int correct;                    /* the values equal the stream's reference */
    double pr_err;                  /* PageRank: the largest relative error of a sum */
    irhw_gpu_stats gs;              /* the machine: L1 / L2 / DRAM */
} giru_stats;

typedef struct giru_sim giru_sim;

/* The request against the machine: 0, or -1 with a message naming SLOTS
 * when a reply would not fit a warp. */
int giru_check(const giru_req *q, char *err, size_t errlen);
/* NULL with a message when out of memory (giru_check first). */
giru_sim *giru_new(const giru_req *q, char *err, size_t errlen);
void giru_free(giru_sim *g);
/* The next frontier's kernel, its first cycle `at`: 0 when none is left. */
int giru_kernel_begin(giru_sim *g, uint64_t at);
/* One cycle of every core (and the prefetcher). */
void giru_cycle(giru_sim *g, uint64_t cycle);
/* Every warp of the kernel exited and its last access answered by `cycle`. */
int giru_kernel_over(const giru_sim *g, uint64_t cycle);
/* The first cycle after `cycle` something can happen (baseline: no IRU). */
uint64_t giru_next_event(const giru_sim *g, uint64_t cycle);

/* The IRU side (g->q.iru): warps whose load_iru is not yet on the port; one
 * more taken by the IRU; a reply of n elements to the oldest taken (n = 0:
 * no more work, the warp exits). */
unsigned giru_requests(const giru_sim *g);
void giru_request_taken(giru_sim *g);
void giru_reply(giru_sim *g, uint64_t cycle, unsigned n, const uint32_t *idx, const uint32_t *data);
/* The partitioned IRU, whose partitions answer their own requests: the
 * oldest request not yet on a port, taken (its warp); a reply to warp wi. */
uint64_t giru_request_pop(giru_sim *g);
void giru_reply_warp(giru_sim *g, uint64_t wi, uint64_t cycle, unsigned n, const uint32_t *idx,
                     const uint32_t *data);
/* The frontier's first element (positions count from it). */
uint64_t giru_front_lo(const giru_sim *g);
/* The prefetcher: the next element whose lines are in (its position in the
 * frontier in *pos): 1, or 0 when none is ready yet; take it with
 * giru_pf_take. giru_pf_done: every element of the frontier was taken. */
int giru_pf_peek(const giru_sim *g, uint64_t cycle, uint32_t *idx, uint32_t *data, uint64_t *pos);
void giru_pf_take(giru_sim *g);
int giru_pf_done(const giru_sim *g);

/* The statistics; at the end of the run also the values checked. */
const giru_stats *giru_finish(giru_sim *g, uint64_t cycles);

/* The baseline run, whole: 0, or -1 with a message. */
int giru_run_plain(const giru_req *q, giru_stats *st, char *err, size_t errlen);

#endif
