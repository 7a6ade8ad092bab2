/*
 * gpu_cache.c — the set-associative LRU cache of gpu_cache.h. The set of a
 * line is its number modulo the sets (linear indexing; Fermi hashes the L1's
 * set index, which only matters for strided conflicts).
 */
#include "gpu_cache.h"

#include <stdlib.h>
#include <string.h>

int gpu_cache_init(gpu_cache *c, uint64_t bytes, unsigned ways, unsigned line_bytes)
{
    memset(c, 0, sizeof *c);
    uint64_t lines = line_bytes ? bytes / line_bytes : 0;
    if (!lines || !ways)
        return 0;
    if (ways > lines)
        ways = (unsigned)lines;
    c->ways = ways;
    c->sets = (unsigned)(lines / ways);
    c->line = calloc((size_t)c->sets * ways, sizeof *c->line);
    if (!c->line) {
        c->sets = 0;
        return -1;
    }
    return 0;
}

void gpu_cache_free(gpu_cache *c)
{
    free(c->line);
    memset(c, 0, sizeof *c);
}

uint64_t gpu_cache_bytes(const gpu_cache *c, unsigned line_bytes)
{
    return (uint64_t)c->sets * c->ways * line_bytes;
}

gpu_line *gpu_cache_find(gpu_cache *c, uint64_t line)
{
    gpu_line *set = &c->line[(size_t)(line % c->sets) * c->ways];
    c->clock++;
    for (unsigned w = 0; w < c->ways; w++)
        if (set[w].tag == line + 1) {
            set[w].used = c->clock;
            return &set[w];
        }
    return NULL;
}

gpu_line *gpu_cache_fill(gpu_cache *c, uint64_t line, int *evicted, int *was_dirty)
{
    gpu_line *set = &c->line[(size_t)(line % c->sets) * c->ways], *v = &set[0];
    for (unsigned w = 1; w < c->ways && v->tag; w++)
        if (!set[w].tag || set[w].used < v->used)
            v = &set[w];
    *evicted = v->tag != 0;
    *was_dirty = v->tag && v->dirty;
    memset(v, 0, sizeof *v);
    v->tag = line + 1;
    v->used = ++c->clock;
    return v;
}
