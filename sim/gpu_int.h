/*
 * gpu_int.h — what the GPU-like machine's engine (gpu_core.c) and its
 * memory (gpu_mem.c) share: the kernel's array addresses and the engine's
 * state.
 */
#ifndef IRHW_GPU_INT_H
#define IRHW_GPU_INT_H

#include "gpu_cache.h"
#include "gpu_core.h"

#include <stdint.h>

/* Byte addresses of the kernel's arrays (4-byte elements), apart; the
 * worklist's halves and topo's flag arrays are two arrays each, A_HALF
 * apart, that swap roles at every kernel boundary. */
#define A_ROW (UINT64_C(0) << 40)
#define A_COL (UINT64_C(1) << 40)
#define A_VAL (UINT64_C(2) << 40)
#define A_WL (UINT64_C(3) << 40)
#define A_FLAG (UINT64_C(5) << 40)
#define A_TAIL (UINT64_C(6) << 40)
#define A_HALF (UINT64_C(1) << 36)

typedef struct {
    uint32_t *v;
    uint64_t n, head, cap;
} idlist;

struct gpu_sim {
    gpu_req q;
    const unsigned *k;
    unsigned C, W, WS;
    unsigned cta, wpb, warps; /* threads and warps per block; warps a core runs */
    uint64_t T;               /* threads, all cores */
    gpu_warp *w;
    uint64_t *issued; /* per warp: the cycle of its last pull (WAIT accounting) */
    uint64_t *last;   /* per warp: the cycle it last issued (the scheduler's age) */
    /* per warp, kept by warp_sync wherever a warp's pc, ready or done
     * change (exec, gpu_port_done, warps_reset): warp_next and needs_port,
     * so that the issue scan reads a small array and a mask, not every warp */
    uint64_t *wnext;
    uint64_t wportm[GPU_MAX_CORES]; /* bit w: warp w's next instruction needs the ports */
    unsigned greedy[GPU_MAX_CORES];
    uint64_t core_next[GPU_MAX_CORES]; /* no warp of the core may issue before this cycle */
    int port_busy[GPU_MAX_CORES];
    int port_wait[GPU_MAX_CORES];      /* a ready warp of the core waits for its busy ports */
    unsigned port_warp[GPU_MAX_CORES]; /* the warp at the ports while they are busy */
    double core_free[GPU_MAX_CORES], l2_free, glob_free; /* the ports' next free cycle */
    gpu_cache l1[GPU_MAX_CORES], l2;
    uint64_t *part_free;
    irhw_gpu_stats st;
    idlist cur, next; /* swwl, ideal: the pull and push halves (single: cur only) */
    uint8_t *flag_cur, *flag_next;
    int any_next;
    unsigned half;         /* the pull half's array (0 / 1): A_WL / A_FLAG + half * A_HALF */
    uint64_t kernel;       /* kernels begun */
    uint64_t kernel_start; /* st.processed when this kernel began */
    uint64_t inflight;     /* single-buffered ideal: threads holding a vertex */
    int nomem;
};

/* A warp's memory instruction on core c at cycle `now`: the n thread
 * addresses coalesced into lines through the core's L1, the L2 and DRAM
 * (store: write-through, the warp goes on); the cycle its data is back. */
uint64_t gpu_mem_access(gpu_sim *s, unsigned c, uint64_t now, const uint64_t *addr, unsigned n,
                        int store);
/* An atomic on addr, served at the L2 (it skips the L1): the cycle its
 * old value is back. */
uint64_t gpu_atomic_at(gpu_sim *s, uint64_t now, uint64_t addr);

#endif
