/*
 * gpu_cache.h — a set-associative cache with LRU replacement, the L1 data
 * caches and the L2 of the GPU core model (sim/gpu_core.c decides the
 * policies and the timing; docs/workloads.md, "The machine").
 *
 * Tags only, no data: the model's values live in the workload's arrays.
 * Each line remembers when its fill answers (`ready`: a hit on a line still
 * being filled waits for it, as a merged miss does), whether it is dirty
 * (write-back) and whether a write allocated it without fetching it
 * (`partial`: GPGPU-Sim's lazy fetch on read; a read of it still misses).
 */
#ifndef IRHW_GPU_CACHE_H
#define IRHW_GPU_CACHE_H

#include <stdint.h>

typedef struct {
    uint64_t tag;   /* line number + 1; 0: invalid */
    uint64_t used;  /* the cache's access count at its last use (LRU) */
    uint64_t ready; /* the cycle its fill answers */
    uint8_t dirty, partial;
} gpu_line;

typedef struct {
    unsigned sets, ways; /* 0 sets: the cache is off */
    gpu_line *line;      /* [set * ways + way] */
    uint64_t clock;      /* accesses so far: the LRU's time */
} gpu_cache;

/* A cache of at most `bytes` in `line_bytes` lines, `ways` ways: whole sets
 * only (the capacity rounds down; fewer ways when not even one set of
 * `ways` lines fits). bytes 0: off. 0, or -1 when out of memory. */
int gpu_cache_init(gpu_cache *c, uint64_t bytes, unsigned ways, unsigned line_bytes);
void gpu_cache_free(gpu_cache *c);
/* The capacity in bytes (sets * ways * line_bytes). */
uint64_t gpu_cache_bytes(const gpu_cache *c, unsigned line_bytes);
/* The line if it is present (it becomes the most recently used), else NULL. */
gpu_line *gpu_cache_find(gpu_cache *c, uint64_t line);
/* Puts `line` in place of its set's least recently used way (an invalid
 * one first) and returns the way, cleared but for its tag. *evicted: the
 * way held a valid line before, *was_dirty: and it was dirty. */
gpu_line *gpu_cache_fill(gpu_cache *c, uint64_t line, int *evicted, int *was_dirty);

#endif
