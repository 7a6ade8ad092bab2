/*
 * gpu_mem.c — the GPU-like machine's memory (gpu_int.h): a warp's
 * addresses coalesced into lines, each routed through the core's L1, the
 * shared L2 (its partitions' bandwidth) and DRAM at MEM_LAT, and atomics
 * served at the L2. The caches themselves are gpu_cache.c.
 */
#include "gpu_int.h"

#include <stdlib.h>
#include <string.h>

static double later(double a, double b)
{
    return a > b ? a : b;
}

static uint64_t ceil_cycle(double t)
{
    return (uint64_t)(t + 0.999999);
}

/* The distinct lines of addr[0..n) into line[]: their count. */
static unsigned distinct_lines(const gpu_sim *s, const uint64_t *addr, unsigned n, uint64_t *line)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t l = addr[i] / s->k[GC_LINE];
        unsigned j = 0;
        while (j < k && line[j] != l)
            j++;
        if (j == k)
            line[k++] = l;
    }
    return k;
}

/* The lines of one warp instruction, sorted by where they are served. */
typedef struct {
    unsigned l2, dram, wb; /* lines to the L2, to DRAM; dirty L2 lines evicted */
    int l1_hit, l2_hit;    /* some load hit there */
    uint64_t fill;         /* the latest fill a hit waits for */
    gpu_line *new1[GPU_MAX_WARP * 2], *new2[GPU_MAX_WARP * 2];
    unsigned nnew1, nnew2; /* lines this request fills: their ready is its answer */
} mem_route;

/* A line past the L1 (a miss, or a store written through): the L2, or DRAM
 * when the L2 is off. */
static void route_l2(gpu_sim *s, uint64_t l, int store, mem_route *r)
{
    if (!s->l2.sets) {
        r->dram++;
        s->st.dram_reads += !store;
        return;
    }
    r->l2++;
    gpu_line *e = gpu_cache_find(&s->l2, l);
    if (e && !(e->partial && !store)) {
        s->st.l2_hits++;
        e->dirty |= (uint8_t)store;
        if (!store && e->ready > r->fill)
            r->fill = e->ready;
        r->l2_hit |= !store;
        return;
    }
    s->st.l2_misses++;
    if (!e) {
        int ev, dirty;
        e = gpu_cache_fill(&s->l2, l, &ev, &dirty);
        r->wb += (unsigned)dirty;
        e->partial = (uint8_t)store;
    }
    if (store) { /* write-allocate, no fetch */
        e->dirty = 1;
        return;
    }
    e->partial = 0;
    r->dram++;
    s->st.dram_reads++;
    r->new2[r->nnew2++] = e;
}

/* A line at the core's L1: a load that hits stays there. */
static void route_line(gpu_sim *s, unsigned c, uint64_t l, int store, mem_route *r)
{
    gpu_cache *l1 = &s->l1[c];
    if (l1->sets) {
        gpu_line *e = gpu_cache_find(l1, l);
        if (!store) {
            s->st.l1_hits += e != NULL;
            s->st.l1_misses += e == NULL;
        }
        if (e && !store) {
            r->l1_hit = 1;
            if (e->ready > r->fill)
                r->fill = e->ready;
            return;
        }
        if (!e && !store) { /* allocate on a load miss */
            int ev, dirty;
            r->new1[r->nnew1++] = gpu_cache_fill(l1, l, &ev, &dirty);
        }
    }
    route_l2(s, l, store, r);
}

/* One warp instruction's loads or stores to addr[0..n): the requests wait
 * for every port they need (the core's L1 port, the L2's, DRAM's), then
 * stream through them; the cycle the last load answers. */
uint64_t gpu_mem_access(gpu_sim *s, unsigned c, uint64_t now, const uint64_t *addr, unsigned n,
                        int store)
{
    uint64_t line[GPU_MAX_WARP * 2];
    unsigned k = distinct_lines(s, addr, n, line);
    if (!k)
        return now + 1;
    s->st.mem_req += k;
    mem_route r;
    r.l2 = r.dram = r.wb = 0;
    r.l1_hit = r.l2_hit = 0;
    r.fill = 0;
    r.nnew1 = r.nnew2 = 0;
    for (unsigned i = 0; i < k; i++)
        route_line(s, c, line[i], store, &r);
    const unsigned *K = s->k;
    double t = later((double)now, s->core_free[c]);
    if (r.l2)
        t = later(t, s->l2_free);
    if (r.dram)
        t = later(t, s->glob_free);
    s->core_free[c] = t + (double)k / K[GC_CORE_BW];
    double end = s->core_free[c];
    if (r.l2)
        s->l2_free = t + (double)r.l2 / K[GC_L2_BW];
    if (r.dram)
        s->glob_free = t + (double)r.dram / K[GC_GLOBAL_BW];
    if (r.wb) { /* write-backs: DRAM bandwidth, nobody waits for them */
        s->glob_free = later(s->glob_free, (double)now) + (double)r.wb / K[GC_GLOBAL_BW];
        s->st.dram_writes += r.wb;
    }
    uint64_t lat1 = s->l1[c].sets ? K[GC_L1_LAT] : 0, lat2 = s->l2.sets ? K[GC_L2_LAT] : 0;
    uint64_t done = now + 1, at;
    if (r.l1_hit && (at = ceil_cycle(end) + lat1) > done)
        done = at;
    if (r.l2_hit && (at = ceil_cycle(later(end, s->l2_free)) + lat1 + lat2) > done)
        done = at;
    if (r.dram && !store) {
        double e = later(end, s->glob_free);
        if (r.l2)
            e = later(e, s->l2_free);
        at = ceil_cycle(e) + lat1 + lat2 + K[GC_MEM_LAT];
        done = at > done ? at : done;
    }
    done = r.fill > done ? r.fill : done;
    for (unsigned i = 0; i < r.nnew1; i++)
        r.new1[i]->ready = done;
    for (unsigned i = 0; i < r.nnew2; i++)
        r.new2[i]->ready = done;
    return done;
}

/* One atomic, served at the L2 (its partition: line mod PARTS): the cycle
 * it answers. */
uint64_t gpu_atomic_at(gpu_sim *s, uint64_t now, uint64_t addr)
{
    uint64_t l = addr / s->k[GC_LINE];
    uint64_t *p = &s->part_free[l % s->k[GC_PARTS]];
    uint64_t start = *p > now ? *p : now;
    *p = start + s->k[GC_ATOM_SVC];
    s->st.atomics++;
    if (!s->l2.sets)
        return start + s->k[GC_MEM_LAT];
    uint64_t at = start + s->k[GC_L2_LAT];
    gpu_line *e = gpu_cache_find(&s->l2, l);
    if (e && !e->partial) {
        s->st.l2_hits++;
        at = e->ready > at ? e->ready : at;
    } else { /* the line from DRAM first */
        s->st.l2_misses++;
        if (!e) {
            int ev, dirty;
            e = gpu_cache_fill(&s->l2, l, &ev, &dirty);
            if (dirty) {
                s->glob_free = later(s->glob_free, (double)now) + 1.0 / s->k[GC_GLOBAL_BW];
                s->st.dram_writes++;
            }
        }
        double t = later((double)start, s->glob_free);
        s->glob_free = t + 1.0 / s->k[GC_GLOBAL_BW];
        s->st.dram_reads++;
        at = ceil_cycle(t) + s->k[GC_L2_LAT] + s->k[GC_MEM_LAT];
        e->partial = 0;
        e->ready = at;
    }
    e->dirty = 1;
    return at;
}
