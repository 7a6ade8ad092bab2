/*
 * gpu_gw.h — the Graph-Waving (GW) machine beside the GPU core model
 * (sim/gpu_gw.c; docs/gw.md): topology-driven BFS, SSSP and PageRank
 * kernels on the model's cores and memory (sim/gpu_mem.c), either
 * vertex-to-thread on SIMD groups as wide as a warp (the baseline) or
 * vertex-to-SIMD-group on narrow groups with clustered issue, the
 * vertex's own instructions marked scalar and gathered across groups into
 * scalar waves by the scalar-warp table `swt` (its C model, one instance a
 * cluster, driven through its ports).
 */
#ifndef IRHW_GPU_GW_H
#define IRHW_GPU_GW_H

#include "gpu_core.h"
#include "irhw.h"

typedef enum { GWA_BFS, GWA_SSSP, GWA_PR, GWA_NKERNELS } gwa_kernel;
extern const char *const gwa_kernel_names[GWA_NKERNELS];

/* A table's cycle, for a caller that runs the RTL beside the model: in the
 * model's inputs and outputs of table t this cycle (after model_eval,
 * before model_tick). Nonzero stops the run (a mismatch, its message in
 * the caller's context). */
typedef struct {
    void *ctx;
    int (*cycle)(void *ctx, unsigned t, uint64_t cycle, const uint64_t *in, const uint64_t *out);
} gwa_probe;

typedef struct {
    const irhw_gpu_cfg *cfg;
    const irhw_graph *g;
    const uint32_t *wt; /* SSSP's weights */
    uint32_t src;       /* BFS / SSSP */
    gwa_kernel kernel;
    int gw;               /* 0: baseline (vertex per thread); 1: GW */
    int waves;            /* GW: scalar instructions through the swt (0: as ordinary ones) */
    unsigned simd;        /* GW: SIMD group width (divides WARP_SIZE) */
    unsigned pr_iters;    /* PageRank iterations */
    int scoreboard;       /* a group issues once its inputs are ready (else: once its last
                             instruction answered) */
    unsigned hold;        /* GW: a wave waits for a full table or an entry this old (0: no wait) */
    const irhw_inst *swt; /* GW with waves: the table (WARPS = the groups of a cluster) */
    const gwa_probe *probe; /* NULL: the model alone */
    uint64_t *val;          /* out: levels / distances / ranks (n of them) */
    uint64_t max_cycles;    /* 0: no limit */
} gwa_req;

typedef struct {
    uint64_t cycles, kernels;
    uint64_t issues;            /* issue slots used: group instructions and waves */
    uint64_t lane_useful;       /* lanes doing a distinct useful operation, summed over issues */
    uint64_t lane_slots;        /* issues x SIMD width */
    uint64_t inst;              /* group instructions executed (a wave counts its groups) */
    uint64_t inst_scalar;       /* of them, scalar */
    uint64_t inst_mem;          /* memory instructions issued (a wave is one) */
    uint64_t mem_req;           /* line requests */
    uint64_t waves, wave_warps; /* scalar waves issued, groups they carried */
    uint64_t ins_join, ins_alloc, ins_reject;
    uint64_t wave_hist[65];            /* waves by groups carried */
    uint64_t edges;                    /* edge operations (relaxations / rank pushes) */
    unsigned simd, units, groups_unit; /* the machine: width, clusters a core, groups a cluster */
} gwa_stats;

/* The swt parameters the machine sets itself: WARPS (the groups of a
 * cluster) and, unless given, LANES (the SIMD width). */
unsigned gwa_groups_per_unit(const irhw_gpu_cfg *c);
/* The PC_BITS the kernels' PCs need. */
unsigned gwa_pc_bits(void);

/* One run: 0 (*done: finished within max_cycles), or -1 with a message
 * (out of memory, the table answered out of its contract, or the probe
 * stopped the run). */
int gwa_run(const gwa_req *q, gwa_stats *st, int *done, char *err, size_t errlen);

/* The reference results the runs are checked against: BFS levels, SSSP
 * distances (sim/graph_algo.c), PageRank's fixed-point ranks (the same
 * integer arithmetic as the kernels). 0, or -1 out of memory. */
int gwa_reference(const gwa_req *q, uint64_t *val);

#endif
