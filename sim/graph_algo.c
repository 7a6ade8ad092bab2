/*
 * graph_algo.c — plain reference graph algorithms on the CSR of graph.h:
 * level-synchronous BFS, Dijkstra SSSP with a binary heap. Written for
 * clarity; they are the yardsticks the workload drivers are checked against.
 */
#include "graph.h"

#include <stdlib.h>

unsigned irhw_bfs(const irhw_graph *g, uint32_t src, uint64_t *level)
{
    uint32_t *q = malloc(((size_t)g->n + 1) * sizeof *q);
    if (!q)
        return 0;
    for (uint32_t v = 0; v < g->n; v++)
        level[v] = IRHW_UNREACHED;
    size_t head = 0, tail = 0;
    unsigned levels = 0;
    if (src < g->n) {
        level[src] = 0;
        q[tail++] = src;
    }
    while (head < tail) {
        uint32_t u = q[head++];
        if (level[u] + 1 > levels)
            levels = (unsigned)level[u] + 1;
        for (uint64_t e = g->row[u]; e < g->row[u + 1]; e++) {
            uint32_t v = g->col[e];
            if (level[v] == IRHW_UNREACHED) {
                level[v] = level[u] + 1;
                q[tail++] = v;
            }
        }
    }
    free(q);
    return levels;
}

/* A min-heap of (distance, vertex); stale entries are skipped on pop. */
typedef struct {
    uint64_t d;
    uint32_t v;
} hent;

static void heap_push(hent *h, size_t *n, hent x)
{
    size_t i = (*n)++;
    while (i && h[(i - 1) / 2].d > x.d) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = x;
}

static hent heap_pop(hent *h, size_t *n)
{
    hent top = h[0], last = h[--*n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && h[c + 1].d < h[c].d)
            c++;
        if (h[c].d >= last.d)
            break;
        h[i] = h[c];
        i = c;
    }
    if (*n)
        h[i] = last;
    return top;
}

int irhw_sssp(const irhw_graph *g, uint32_t src, const uint32_t *wt, uint64_t *dist)
{
    /* each edge pushes at most once, plus the source */
    hent *h = malloc((g->m + 1) * sizeof *h);
    if (!h)
        return -1;
    size_t n = 0;
    for (uint32_t v = 0; v < g->n; v++)
        dist[v] = IRHW_UNREACHED;
    if (src < g->n) {
        dist[src] = 0;
        heap_push(h, &n, (hent){0, src});
    }
    while (n) {
        hent x = heap_pop(h, &n);
        if (x.d != dist[x.v])
            continue;
        for (uint64_t e = g->row[x.v]; e < g->row[x.v + 1]; e++) {
            uint32_t v = g->col[e];
            uint64_t nd = x.d + wt[e];
            if (nd < dist[v]) {
                dist[v] = nd;
                heap_push(h, &n, (hent){nd, v});
            }
        }
    }
    free(h);
    return 0;
}

uint32_t irhw_graph_hub(const irhw_graph *g)
{
    uint32_t best = 0;
    for (uint32_t v = 1; v < g->n; v++)
        if (g->row[v + 1] - g->row[v] > g->row[best + 1] - g->row[best])
            best = v;
    return best;
}
