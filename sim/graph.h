/*
 * graph.h — graphs from files, in CSR, and plain reference algorithms.
 *
 * Formats (chosen by extension, else by content):
 *   METIS (.graph, .metis): header "n m [fmt [ncon]]", then one line per
 *     vertex with its 1-based neighbours; fmt's last digit 1 = each
 *     neighbour is followed by an edge weight, middle digit 1 = ncon (1 by
 *     default) vertex weights lead the line, first digit 1 = a vertex size
 *     leads it. '%' lines are comments. m counts undirected edges, each
 *     listed by both ends; a self-loop is listed once.
 *   Matrix Market (.mtx): "%%MatrixMarket matrix coordinate
 *     real|integer|pattern general|symmetric|skew-symmetric", '%' comments,
 *     "rows cols entries", then entries "i j [value]" (1-based); a symmetric
 *     file stores one triangle and is mirrored (diagonal entries once).
 *   SNAP edge lists (.txt, .edges, .el, .snap): '#' comments, "src dst
 *     [weight]" per line, any non-negative ids: kept as vertex numbers when
 *     the largest is below 2^26, else renumbered densely in increasing order.
 * Self-loops and duplicate edges are kept (they are data); edges of a
 * vertex keep the file's order.
 */
#ifndef IRHW_GRAPH_H
#define IRHW_GRAPH_H

#include <stddef.h>
#include <stdint.h>

typedef enum { IRHW_GRAPH_AUTO, IRHW_GRAPH_METIS, IRHW_GRAPH_MTX, IRHW_GRAPH_SNAP } irhw_graph_fmt;

typedef struct {
    uint32_t n;    /* vertices 0..n-1 */
    uint64_t m;    /* directed edges stored (an undirected edge twice) */
    uint64_t *row; /* n + 1 offsets into col/w */
    uint32_t *col; /* m neighbour ids */
    double *w;     /* m edge weights, or NULL when the file has none */
    irhw_graph_fmt fmt;
    int directed; /* SNAP and general Matrix Market: edges as listed */
    /* The first edge weight that is not a whole number 1..65535 (what SSSP
     * takes), as "FILE:LINE: edge weight 'TEXT'"; "" when every one is. */
    char w_bad[200];
    int w_real; /* Matrix Market "real": the values of a matrix, not always weights */
} irhw_graph;

/* The format a file's name gives (the extensions above, any case), or
 * IRHW_GRAPH_AUTO when it names none. */
irhw_graph_fmt irhw_graph_ext(const char *name);

/* Reads a graph line by line (model/lines.h: a line of at most
 * IRHW_LINE_MAX bytes, a METIS adjacency line at most 64 MiB); header
 * counts are checked against the file's size before anything is
 * allocated for them (at most max(2^20, size in bytes) vertices). 0, or
 * -1 with "FILE:LINE: expected ..., found ..." (or the OS error, "is a
 * directory", the line limit) in err. irhw_graph_free after either. */
int irhw_graph_read(const char *path, irhw_graph_fmt fmt, irhw_graph *g, char *err, size_t errlen);
void irhw_graph_free(irhw_graph *g);
/* Resizes the array *pptr points to (any element type) to cap elements of
 * elem bytes; 0, or -1 with the array left as it was. */
int irhw_grow(void *pptr, size_t elem, size_t cap);
const char *irhw_graph_fmt_name(irhw_graph_fmt f);

/* ---- reference algorithms (sim/graph_algo.c) ------------------------------ */

#define IRHW_UNREACHED UINT64_MAX

/* BFS levels from src: level[v] = hops, IRHW_UNREACHED if not reached.
 * Returns the number of levels (0 when out of memory). */
unsigned irhw_bfs(const irhw_graph *g, uint32_t src, uint64_t *level);
/* Dijkstra from src with non-negative integer weights wt[e] (one per edge):
 * dist[v], IRHW_UNREACHED if not reached. 0, or -1 when out of memory. */
int irhw_sssp(const irhw_graph *g, uint32_t src, const uint32_t *wt, uint64_t *dist);
/* The vertex with the most out-edges (lowest id on ties): a source that
 * reaches much of the graph. */
uint32_t irhw_graph_hub(const irhw_graph *g);

#endif
