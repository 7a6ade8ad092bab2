/*
 * graph_gen.h — graphs generated here at the papers' scale, and the
 * numbers of a graph the workloads care about (sim/graph_gen.c; the verb:
 * sim/verb_graph.c).
 *
 * Both generators write SNAP edge lists "u v w" (sim/graph.h), one line per
 * directed edge, whose weight w = irhw_gen_weight(seed, u, v) is a whole
 * number 1..64 (both directions of an edge weigh the same): SSSP takes the
 * file's weights as they are.
 */
#ifndef IRHW_GRAPH_GEN_H
#define IRHW_GRAPH_GEN_H

#include "graph.h"
#include "irhw.h"

#define IRHW_RMAT_SCALE_MAX 22
#define IRHW_RMAT_EF_MAX 64
#define IRHW_GRID_SIDE_MAX 4096
/* At most this many edges are generated: reading 2^27 edges back takes
 * about 5 GiB (sim/graph.c keeps ids, weights and the CSR). */
#define IRHW_GEN_EDGES_MAX (1ull << 27)
/* One core's threads: gpu_core.c's defaults, WARPS=48 x WARP_SIZE=32. */
#define IRHW_CORE_THREADS 1536

/* The weight 1..64 of the edge u-v (either direction) for a seed. */
unsigned irhw_gen_weight(uint64_t seed, uint32_t u, uint32_t v);

/* R-MAT (Graph500 Kronecker, a=0.57 b=0.19 c=0.19 d=0.05) with 2^scale
 * vertex ids and ef * 2^scale edges, in the order drawn; the ids are
 * scrambled by a bijection from the seed (v * odd + c mod 2^scale), so the
 * hubs are not the low ids. Self-loops and duplicate edges are kept (the
 * reader keeps them too): the file has exactly ef * 2^scale lines of edges.
 * The reader counts the largest id + 1 vertices: 2^scale unless the top
 * ids drew no edge. `progress` names the run on stderr lines every few
 * seconds (NULL: quiet). 0, or -1 when a write failed. */
int irhw_gen_rmat(irhw_out *o, unsigned scale, unsigned ef, uint64_t seed, const char *progress);
/* A rows x cols 4-neighbour grid (vertex r * cols + c), each edge in both
 * directions: 2 * (rows * (cols - 1) + cols * (rows - 1)) lines. */
int irhw_gen_grid(irhw_out *o, unsigned rows, unsigned cols, uint64_t seed, const char *progress);

typedef struct {
    uint64_t deg_min, deg_max; /* out-degree */
    double deg_mean;
    uint32_t src;          /* irhw_graph_hub: the workloads' default source */
    unsigned depth;        /* the largest BFS level from src (hops) */
    uint64_t reached;      /* vertices BFS reaches from src */
    uint64_t frontier_max; /* the most vertices on one level */
    unsigned frontier_lvl; /* that level (the first when tied) */
} irhw_graph_stats;

/* 0, or -1 when out of memory. */
int irhw_graph_stats_of(const irhw_graph *g, irhw_graph_stats *s);

/* `irhw graph rmat|grid|info` (sim/verb_graph.c). */
int irhw_cmd_graph(int argc, char **argv);

#endif
