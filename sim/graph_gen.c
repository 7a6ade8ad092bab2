/*
 * graph_gen.c — R-MAT and grid graphs written as SNAP edge lists, and a
 * graph's degrees, BFS depth and largest frontier (graph_gen.h).
 *
 * Every random number comes from splitmix64 on a state started from the
 * seed: the same seed gives the same file on every machine.
 */
#include "graph_gen.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

unsigned irhw_gen_weight(uint64_t seed, uint32_t u, uint32_t v)
{
    uint32_t lo = u < v ? u : v, hi = u < v ? v : u;
    uint64_t st = seed ^ ((uint64_t)lo << 32 | hi);
    splitmix64(&st);
    return 1 + (unsigned)(splitmix64(&st) % 64);
}

/* Writes "u v w\n" through a buffer: fprintf is the slow part otherwise. */
typedef struct {
    irhw_out *o;
    char buf[1 << 16];
    size_t len;
} writer;

static char *put_u(char *p, uint64_t x)
{
    char tmp[24];
    int n = 0;
    do
        tmp[n++] = (char)('0' + x % 10);
    while ((x /= 10));
    while (n)
        *p++ = tmp[--n];
    return p;
}

static void put_edge(writer *w, uint32_t u, uint32_t v, unsigned wt)
{
    if (w->len > sizeof w->buf - 40) {
        fwrite(w->buf, 1, w->len, irhw_out_file(w->o));
        w->len = 0;
    }
    char *p = w->buf + w->len;
    p = put_u(p, u);
    *p++ = ' ';
    p = put_u(p, v);
    *p++ = ' ';
    p = put_u(p, wt);
    *p++ = '\n';
    w->len = (size_t)(p - w->buf);
}

static int finish(writer *w)
{
    fwrite(w->buf, 1, w->len, irhw_out_file(w->o));
    w->len = 0;
    return irhw_out_failed(w->o) || ferror(irhw_out_file(w->o)) ? -1 : 0;
}

/* A stderr line every few seconds while a generation runs. */
typedef struct {
    const char *name;
    time_t start, last;
} progress;

static void tick(progress *p, uint64_t done, uint64_t total)
{
    if (!p->name)
        return;
    time_t now = time(NULL);
    if (now - p->last >= 3) {
        p->last = now;
        fprintf(stderr, "%s: %llu of %llu edges (%.0f%%, %lds)\n", p->name,
                (unsigned long long)done, (unsigned long long)total, 100.0 * done / total,
                (long)(now - p->start));
    }
}

int irhw_gen_rmat(irhw_out *o, unsigned scale, unsigned ef, uint64_t seed, const char *name)
{
    /* the quadrant thresholds a, a+b, a+b+c as fractions of 2^64 */
    const uint64_t ta = 0x91eb851eb851e800ull;  /* 0.57 */
    const uint64_t tab = 0xc28f5c28f5c29000ull; /* 0.76 */
    const uint64_t tc = 0xf333333333333000ull;  /* 0.95 */
    writer *w = malloc(sizeof *w);
    if (!w)
        return -1;
    w->o = o;
    w->len = 0;
    uint64_t st = seed, mask = (1ull << scale) - 1;
    uint64_t mul = splitmix64(&st) | 1, add = splitmix64(&st);
    uint64_t m = (uint64_t)ef << scale;
    progress p = {name, time(NULL), time(NULL)};
    for (uint64_t e = 0; e < m; e++) {
        uint64_t u = 0, v = 0;
        for (unsigned b = 0; b < scale; b++) {
            uint64_t r = splitmix64(&st);
            u = u << 1 | (r >= tab);
            v = v << 1 | ((r >= ta && r < tab) || r >= tc);
        }
        u = (u * mul + add) & mask;
        v = (v * mul + add) & mask;
        put_edge(w, (uint32_t)u, (uint32_t)v, irhw_gen_weight(seed, (uint32_t)u, (uint32_t)v));
        if (!(e & 0xfffff)) {
            tick(&p, e, m);
            if (irhw_out_failed(o))
                break;
        }
    }
    int rc = finish(w);
    free(w);
    return rc;
}

int irhw_gen_grid(irhw_out *o, unsigned rows, unsigned cols, uint64_t seed, const char *name)
{
    writer *w = malloc(sizeof *w);
    if (!w)
        return -1;
    w->o = o;
    w->len = 0;
    uint64_t m = 2ull * ((uint64_t)rows * (cols - 1) + (uint64_t)cols * (rows - 1)), done = 0;
    progress p = {name, time(NULL), time(NULL)};
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t c = 0; c < cols; c++) {
            uint32_t v = r * cols + c;
            /* up, left, right, down: the neighbours in increasing id */
            if (r > 0)
                put_edge(w, v, v - cols, irhw_gen_weight(seed, v, v - cols));
            if (c > 0)
                put_edge(w, v, v - 1, irhw_gen_weight(seed, v, v - 1));
            if (c + 1 < cols)
                put_edge(w, v, v + 1, irhw_gen_weight(seed, v, v + 1));
            if (r + 1 < rows)
                put_edge(w, v, v + cols, irhw_gen_weight(seed, v, v + cols));
            done += (r > 0) + (c > 0) + (c + 1 < cols) + (r + 1 < rows);
            if (!(v & 0xffff))
                tick(&p, done, m);
        }
    int rc = finish(w);
    free(w);
    return rc;
}

int irhw_graph_stats_of(const irhw_graph *g, irhw_graph_stats *s)
{
    memset(s, 0, sizeof *s);
    if (!g->n)
        return 0;
    s->deg_min = UINT64_MAX;
    for (uint32_t v = 0; v < g->n; v++) {
        uint64_t d = g->row[v + 1] - g->row[v];
        s->deg_min = d < s->deg_min ? d : s->deg_min;
        s->deg_max = d > s->deg_max ? d : s->deg_max;
    }
    s->deg_mean = (double)g->m / g->n;
    s->src = irhw_graph_hub(g);
    uint64_t *level = malloc((size_t)g->n * sizeof *level);
    uint64_t *count = calloc((size_t)g->n + 1, sizeof *count);
    int rc = -1;
    if (level && count && irhw_bfs(g, s->src, level)) {
        for (uint32_t v = 0; v < g->n; v++)
            if (level[v] != IRHW_UNREACHED) {
                count[level[v]]++;
                s->reached++;
                if (level[v] > s->depth)
                    s->depth = (unsigned)level[v];
            }
        for (unsigned l = 0; l <= s->depth; l++)
            if (count[l] > s->frontier_max) {
                s->frontier_max = count[l];
                s->frontier_lvl = l;
            }
        rc = 0;
    }
    free(level);
    free(count);
    return rc;
}
