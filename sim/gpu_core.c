/*
 * gpu_core.c — the first-order GPU-like machine of gpu_core.h: its
 * constants, the warp engine running the BFS / SSSP kernel, the memory
 * (L1 per core, shared L2, DRAM), and the software and ideal worklists
 * (swwl, topo, ideal-fifo, ideal-sort and their -single variants). hwwl is
 * driven through its lane ports by sim/workload_hwwl.c on the same engine.
 *
 * Thread blocks: the kernel's threads come in blocks of CTA threads (whole
 * warps); block b goes to core b mod CORES, its warps to that core's next
 * free warp slots, as many whole blocks as a core's WARPS hold (warps left
 * over stay idle). Global thread t = b * CTA + its index in the block, so
 * consecutive worklist entries are spread over the cores a block at a time.
 * hwwl keeps its own placement: every warp runs, the lanes' banks decide.
 *
 * Timing, per instruction of a warp (it is ready for its next one after):
 *   ALU                   ALU_LAT cycles (compare, loop branch, flag check)
 *   load                  its distinct LINE-byte lines; every line passes
 *                         the core's L1 port (CORE_BW lines a cycle); L1
 *                         misses go to the L2 (L2_BW lines a cycle, all
 *                         cores), L2 misses to DRAM (GLOBAL_BW lines a
 *                         cycle); a request waits for every port it needs,
 *                         then each level on its way adds its latency
 *                         (L1_LAT, L2_LAT, MEM_LAT; a level that is off adds
 *                         none); the warp waits for the last line; a hit on
 *                         a line still being filled waits for the fill
 *   store                 write-through the L1 (a copy there stays, a miss
 *                         allocates nothing), to the L2: write-back, a miss
 *                         allocates the line without fetching it (a read of
 *                         it later still goes to DRAM); dirty L2 lines
 *                         evicted take DRAM bandwidth; the warp does not
 *                         wait (ALU_LAT)
 *   atomic                served at the L2 (past the L1, as on Fermi): one
 *                         per thread at its partition (line mod PARTS), each
 *                         holds the partition ATOM_SVC cycles, in order, and
 *                         answers L2_LAT cycles after it began service
 *                         (+ MEM_LAT when the line misses the L2); L2 off:
 *                         MEM_LAT after it began service
 *   pull / push (ideal)   WL_LAT cycles, no bandwidth limit
 *   pull / push (hwwl)    the lane ports, one warp at a time per core: the
 *                         warp's threads in passes of LANES (thread i on
 *                         lane i mod LANES), each pass as long as the RTL
 *                         takes to answer / accept
 * The caches hold tags only: values live in the workload's arrays, so a
 * stale L1 line (an atomic changed the L2's copy) times as a hit but the
 * kernel reads the true value.
 * A pull that gives the warp no ID while some thread has not seen DONE is
 * a WAIT: the warp retries BACKOFF cycles after the answer.
 * Worklists:
 *   swwl   double-buffered software worklist: thread t of T pulls entries
 *          t, t + T, ... of the pull half by index (a load); a push is an
 *          atomicAdd on the global tail (serialized at its partition) and a
 *          store of the ID at that index of the push half; the host swaps
 *          the halves and relaunches while a kernel pushed
 *   topo   topology-driven: thread t checks the flags of vertices t, t + T,
 *          ... (a load and an ALU check) and processes the set ones; a push
 *          stores the neighbour's flag for the next kernel
 *   ideal-fifo / ideal-sort  one infinite worklist with unlimited
 *          bandwidth, double-buffered like hwwl: a kernel pulls the IDs the
 *          last one pushed, oldest first / smallest first (sorted at the
 *          swap: nothing joins the pull half during a kernel, so that is
 *          sorting before every pull), DONE when the pull half is empty;
 *          pushes go to the other half; relaunched while a kernel pushed
 *   ideal-fifo-single / ideal-sort-single  the same list single-buffered:
 *          pushes join the list being pulled (ideal-sort-single: a heap),
 *          DONE when it is empty and no thread holds a vertex; one kernel
 */
#include "gpu_core.h"

#include "gpu_cache.h"

#include "irhw.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    unsigned def, lo, hi;
    const char *source;
} gc_tab[GC_N] = {
    [GC_WARPS] = {"WARPS", 48, 1, GPU_MAX_WARPS, "hardware warps per core (Table IV: 48)"},
    [GC_WARP_SIZE] = {"WARP_SIZE", 32, 1, GPU_MAX_WARP, "threads per warp (Fermi: 32)"},
    [GC_ISSUE] = {"ISSUE", 2, 1, 8, "issue slots per core per cycle (Table IV: 2)"},
    [GC_ALU_LAT] = {"ALU_LAT", 4, 1, 1000,
                    "cycles to the next instruction of the warp after an ALU one (chosen: "
                    "the paper gives no pipeline depth)"},
    [GC_WL_LAT] = {"WL_LAT", 2, 1, 1000,
                   "ideal worklists: cycles a pull or push takes (chosen: as hwwl's port, a "
                   "request and its answer)"},
    [GC_MEM_LAT] = {"MEM_LAT", 100, 1, 100000,
                    "cycles DRAM adds to a line that misses the caches (Table IV: 100-cycle DRAM; "
                    "GPGPU-Sim SM2_GTX480 -dram_latency 100, after the L2)"},
    [GC_CORE_BW] = {"CORE_BW", 1, 1, 64,
                    "lines a core's L1 port takes per cycle, hits and misses (chosen: one a "
                    "cycle)"},
    [GC_GLOBAL_BW] = {"GLOBAL_BW", 2, 1, 256,
                      "lines DRAM serves per cycle, all cores: L2 misses and write-backs (chosen: "
                      "about a GTX 480's 177 GB/s at 700 MHz in 128-byte lines)"},
    [GC_LINE] = {"LINE", 128, 4, 4096,
                 "bytes per line, L1 and L2 (GPGPU-Sim SM2_GTX480 -gpgpu_cache:dl1 and dl2: "
                 "128)"},
    [GC_PARTS] = {"PARTS", 6, 1, 64,
                  "memory partitions serving atomics (GTX 480: six memory partitions)"},
    [GC_ATOM_SVC] = {"ATOM_SVC", 2, 1, 1000,
                     "cycles one atomic holds its partition (chosen: same-address atomics "
                     "serialize there)"},
    [GC_BACKOFF] = {"BACKOFF", 16, 0, 100000,
                    "cycles a warp waits after a WAIT before it pulls again (chosen)"},
    [GC_LAUNCH] = {"LAUNCH", 0, 0, 1000000,
                   "cycles between kernels (host relaunch, hwwl's swap); chosen 0: kernel "
                   "launch overhead is not part of the paper's model"},
    [GC_CORES] = {"CORES", 4, 1, GPU_MAX_CORES,
                  "cores of the software and ideal worklists (Table IV: 4; hwwl: its own "
                  "-p CORES)"},
    [GC_CTA] = {"CTA", 256, 1, GPU_MAX_WARPS *GPU_MAX_WARP,
                "threads per thread block, dealt to the cores round-robin; whole warps, at most "
                "WARPS x WARP_SIZE (chosen: 256, a common CUDA block size; the paper gives none; "
                "not given, it shrinks to fit the warps; hwwl places its own)"},
    [GC_L1_KB] = {"L1_KB", 8, 0, 1024,
                  "L1 data cache per core, KiB (Table IV: 8 KB; 0: off); whole sets of "
                  "L1_WAYS x LINE bytes"},
    [GC_L1_WAYS] = {"L1_WAYS", 4, 1, 64, "L1 ways, LRU (Table IV: 4-way)"},
    [GC_L1_LAT] = {"L1_LAT", 35, 1, 100000,
                   "cycles the L1 adds to every load (GPGPU-Sim SM2_GTX480 -gpgpu_l1_latency 35; "
                   "the paper gives none)"},
    [GC_L2_KB] = {"L2_KB", 768, 0, 65536,
                  "shared L2, KiB (Table IV: 786 KB, GPGPU-Sim SM2_GTX480's 12 sub-partitions x "
                  "64 sets x 8 ways x 128 B = 786,432 bytes = 768 KiB; 0: off)"},
    [GC_L2_WAYS] = {"L2_WAYS", 8, 1, 64, "L2 ways, LRU (Table IV: 8-way)"},
    [GC_L2_LAT] = {"L2_LAT", 120, 1, 100000,
                   "cycles the L2 adds to a line that misses the L1, and to an atomic "
                   "(GPGPU-Sim SM2_GTX480 -gpgpu_l2_rop_latency 120; the paper gives none)"},
    [GC_L2_BW] = {"L2_BW", 12, 1, 256,
                  "lines the L2 serves per cycle, all cores (chosen: GPGPU-Sim SM2_GTX480's 12 "
                  "sub-partitions, -gpgpu_n_mem 6 x -gpgpu_n_sub_partition_per_mchannel 2, one "
                  "line each)"},
};

const char *const irhw_gpu_inst_names[GI_N] = {"alu", "pull", "push", "load", "atomic", "store"};

static const char *const wl_names[] = {
    "hwwl", "swwl", "topo", "ideal-fifo", "ideal-sort", "ideal-fifo-single", "ideal-sort-single"};
#define WL_KINDS ((int)(sizeof wl_names / sizeof wl_names[0]))

int irhw_wl_parse(const char *s)
{
    for (int i = 0; i < WL_KINDS; i++)
        if (!strcmp(s, wl_names[i]))
            return i;
    return -1;
}

const char *irhw_wl_name(int kind)
{
    return kind >= 0 && kind < WL_KINDS ? wl_names[kind] : "?";
}

static int is_single_ideal(int kind)
{
    return kind == IRHW_WL_FIFO_SINGLE || kind == IRHW_WL_SORT_SINGLE;
}

static int is_sorted(int kind)
{
    return kind == IRHW_WL_SORT || kind == IRHW_WL_SORT_SINGLE;
}

void irhw_gpu_defaults(irhw_gpu_cfg *c)
{
    for (int i = 0; i < GC_N; i++)
        c->v[i] = gc_tab[i].def;
    c->given = 0;
}

int irhw_gpu_set(irhw_gpu_cfg *c, const char *nv, char *err, size_t errlen)
{
    const char *eq = strchr(nv, '=');
    size_t n = eq ? (size_t)(eq - nv) : strlen(nv);
    for (int i = 0; i < GC_N; i++) {
        if (strlen(gc_tab[i].name) != n || strncmp(nv, gc_tab[i].name, n))
            continue;
        uint64_t x;
        if (!eq || irhw_parse_uint(eq + 1, &x) || x < gc_tab[i].lo || x > gc_tab[i].hi)
            return irhw_err(err, errlen, "-g %s: %s must be a whole number %u..%u", nv,
                            gc_tab[i].name, gc_tab[i].lo, gc_tab[i].hi);
        c->v[i] = (unsigned)x;
        c->given |= 1u << i;
        return 0;
    }
    char names[512];
    size_t k = 0;
    for (int i = 0; i < GC_N && k < sizeof names; i++)
        k += (size_t)snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "", gc_tab[i].name);
    return irhw_err(err, errlen, "-g %s: no such GPU model constant (NAME=VALUE, NAME one of %s)",
                    nv, names);
}

void irhw_gpu_help(FILE *f)
{
    for (int i = 0; i < GC_N; i++)
        fprintf(f, "    %-10s %6u  %u..%u\n      %s\n", gc_tab[i].name, gc_tab[i].def, gc_tab[i].lo,
                gc_tab[i].hi, gc_tab[i].source);
}

unsigned irhw_gpu_cta(const irhw_gpu_cfg *c)
{
    unsigned ws = c->v[GC_WARP_SIZE], core = c->v[GC_WARPS] * ws, cta = c->v[GC_CTA];
    if (c->given >> GC_CTA & 1)
        return cta;
    cta = cta < core ? cta : core;
    return cta >= ws ? cta / ws * ws : ws;
}

int irhw_gpu_check(const irhw_gpu_cfg *c, char *err, size_t errlen)
{
    unsigned ws = c->v[GC_WARP_SIZE], w = c->v[GC_WARPS], cta = c->v[GC_CTA];
    if ((c->given >> GC_CTA & 1) && (cta % ws || cta > w * ws))
        return irhw_err(err, errlen,
                        "-g CTA=%u: CTA must be a multiple of WARP_SIZE=%u, %u..%u (WARPS=%u x "
                        "WARP_SIZE=%u: a core's threads)",
                        cta, ws, ws, w * ws, w, ws);
    return 0;
}

void irhw_gpu_format(const irhw_gpu_cfg *c, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < GC_N && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, "%s%s=%u", i ? " " : "", gc_tab[i].name,
                              i == GC_CTA ? irhw_gpu_cta(c) : c->v[i]);
}

/* ---- the engine ------------------------------------------------------------------ */

enum { PC_PULL, PC_PORT, PC_ROW, PC_LDCOL, PC_LDVAL, PC_CMP, PC_ATOM, PC_PUSH, PC_STORE };

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
     * so that the issue scan reads two small arrays, not every warp */
    uint64_t *wnext;
    uint8_t *wport;
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

static int list_add(idlist *l, uint32_t v)
{
    if (l->n == l->cap) {
        if (l->head > l->n / 2) { /* FIFO: drop the pulled part */
            memmove(l->v, l->v + l->head, (l->n - l->head) * sizeof *l->v);
            l->n -= l->head;
            l->head = 0;
        } else {
            uint64_t cap = l->cap ? 2 * l->cap : 1024;
            if (irhw_grow(&l->v, sizeof *l->v, cap))
                return -1;
            l->cap = cap;
        }
    }
    l->v[l->n++] = v;
    return 0;
}

/* ideal-sort: a binary min-heap in v[0..n) */
static int heap_add(idlist *l, uint32_t v)
{
    if (list_add(l, v))
        return -1;
    for (uint64_t i = l->n - 1; i && l->v[(i - 1) / 2] > l->v[i]; i = (i - 1) / 2) {
        uint32_t t = l->v[i];
        l->v[i] = l->v[(i - 1) / 2];
        l->v[(i - 1) / 2] = t;
    }
    return 0;
}

static uint32_t heap_pop(idlist *l)
{
    uint32_t top = l->v[0];
    l->v[0] = l->v[--l->n];
    for (uint64_t i = 0;;) {
        uint64_t a = 2 * i + 1, b = a + 1, m = i;
        if (a < l->n && l->v[a] < l->v[m])
            m = a;
        if (b < l->n && l->v[b] < l->v[m])
            m = b;
        if (m == i)
            break;
        uint32_t t = l->v[i];
        l->v[i] = l->v[m];
        l->v[m] = t;
        i = m;
    }
    return top;
}

static void warp_sync(gpu_sim *s, unsigned c, unsigned wi);

gpu_warp *gpu_warp_of(gpu_sim *s, unsigned c, unsigned w)
{
    return &s->w[(size_t)c * s->W + w];
}

unsigned gpu_warp_size(const gpu_sim *s)
{
    return s->WS;
}

/* The kernel under way into the largest frontier (vertices processed in
 * one kernel). */
static void frontier_fold(gpu_sim *s)
{
    uint64_t n = s->st.processed - s->kernel_start;
    if (n > s->st.max_frontier) {
        s->st.max_frontier = n;
        s->st.max_frontier_k = s->kernel;
    }
}

irhw_gpu_stats *gpu_stats(gpu_sim *s)
{
    frontier_fold(s);
    return &s->st;
}

int gpu_nomem(const gpu_sim *s)
{
    return s->nomem;
}

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
static uint64_t mem_access(gpu_sim *s, unsigned c, uint64_t now, const uint64_t *addr, unsigned n,
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
static uint64_t atomic_at(gpu_sim *s, uint64_t now, uint64_t addr)
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

/* Global thread i of warp wi on core c: warp wi is warp wi % wpb of the
 * core's block wi / wpb, which is block (wi / wpb) * C + c of the grid. */
static uint64_t gtid(const gpu_sim *s, unsigned c, unsigned wi, unsigned i)
{
    uint64_t b = (uint64_t)(wi / s->wpb) * s->C + c;
    return b * s->cta + (uint64_t)(wi % s->wpb) * s->WS + i;
}

static int edge_active(const gpu_thread *t)
{
    return t->st == GT_ACT && t->e < t->end;
}

/* After a pull's answers are in the threads of warp w of core c: the warp
 * goes on at `at`. */
static void after_pull(gpu_sim *s, unsigned c, gpu_warp *w, uint64_t issued, uint64_t at)
{
    unsigned nact = 0, ndone = 0;
    for (unsigned i = 0; i < s->WS; i++) {
        gpu_thread *t = &w->th[i];
        if (t->st == GT_ACT) {
            nact++;
            t->e = s->q.g->row[t->v];
            t->end = s->q.g->row[t->v + 1];
        }
        ndone += t->st == GT_DONE;
    }
    s->st.processed += nact;
    s->st.core_vertices[c] += nact;
    if (is_single_ideal(s->q.kind))
        s->inflight += nact;
    w->ready = at;
    w->done = ndone == s->WS;
    if (nact) {
        w->pc = PC_ROW;
        return;
    }
    w->pc = PC_PULL;
    if (ndone < s->WS && s->q.kind != IRHW_WL_TOPO) { /* WAIT */
        w->ready = at + s->k[GC_BACKOFF];
        s->st.wait_pulls++;
        s->st.wait_cycles += w->ready - issued;
    }
}

void gpu_port_done(gpu_sim *s, unsigned c, uint64_t cycle)
{
    s->port_busy[c] = 0;
    if (s->port_wait[c] && s->core_next[c] > cycle) /* it may issue in this very cycle */
        s->core_next[c] = cycle;
    if (s->core_next[c] > cycle + 1)
        s->core_next[c] = cycle + 1;
    unsigned w0 = s->port_warp[c]; /* the warp at the ports (the only one), else found */
    if (w0 >= s->W || gpu_warp_of(s, c, w0)->pc != PC_PORT)
        w0 = 0;
    for (unsigned wi = w0; wi < s->W; wi++) {
        gpu_warp *w = gpu_warp_of(s, c, wi);
        if (w->pc != PC_PORT)
            continue;
        if (w->idx == GI_PULL) {
            after_pull(s, c, w, s->issued[(size_t)c * s->W + wi], cycle + 1);
        } else {
            for (unsigned i = 0; i < s->WS; i++)
                w->th[i].e += edge_active(&w->th[i]);
            w->pc = PC_LDCOL;
            w->ready = cycle + 1;
        }
        warp_sync(s, c, wi);
        return;
    }
}

/* A single-buffered ideal pull: DONE only when the list is empty and no
 * thread holds a vertex (it may still push). */
static void pull_single(gpu_sim *s, gpu_warp *w)
{
    for (unsigned i = 0; i < s->WS; i++) {
        gpu_thread *t = &w->th[i];
        if (t->st != GT_IDLE)
            continue;
        if (s->cur.n > s->cur.head) {
            t->v = is_sorted(s->q.kind) ? heap_pop(&s->cur) : s->cur.v[s->cur.head++];
            t->st = GT_ACT;
            s->inflight++; /* counted now: others see it before after_pull */
        } else if (!s->inflight) {
            t->st = GT_DONE;
        }
    }
    for (unsigned i = 0; i < s->WS; i++)
        s->inflight -= w->th[i].st == GT_ACT;
}

/* An ideal push: to the push half, or (single-buffered) the one list. */
static int push_ideal(gpu_sim *s, uint32_t v)
{
    if (!is_single_ideal(s->q.kind))
        return list_add(&s->next, v);
    int bad = is_sorted(s->q.kind) ? heap_add(&s->cur, v) : list_add(&s->cur, v);
    if (s->cur.n - s->cur.head > s->st.max_list)
        s->st.max_list = s->cur.n - s->cur.head;
    return bad;
}

static void do_pull(gpu_sim *s, unsigned c, unsigned wi, gpu_warp *w, uint64_t now)
{
    uint64_t addr[GPU_MAX_WARP];
    unsigned n = 0;
    s->issued[(size_t)c * s->W + wi] = now;
    switch (s->q.kind) {
    case IRHW_WL_HWWL:
        s->st.inst[GI_PULL]++;
        for (unsigned i = 0; i < s->WS; i++)
            w->th[i].pending = w->th[i].st == GT_IDLE;
        s->port_busy[c] = 1;
        s->port_warp[c] = wi;
        w->pc = PC_PORT;
        w->idx = GI_PULL;
        w->ready = UINT64_MAX;
        s->q.port->start(s->q.port->ctx, s, c, wi, GI_PULL);
        return;
    case IRHW_WL_SWWL:
    case IRHW_WL_TOPO: {
        int topo = s->q.kind == IRHW_WL_TOPO;
        s->st.inst[GI_LOAD]++;
        for (unsigned i = 0; i < s->WS; i++) {
            gpu_thread *t = &w->th[i];
            if (t->st == GT_DONE)
                continue;
            uint64_t j = w->idx + gtid(s, c, wi, i);
            t->st = GT_DONE;
            if (topo && j < s->q.g->n) {
                addr[n++] = A_FLAG + s->half * A_HALF + j;
                t->st = s->flag_cur[j] ? GT_ACT : GT_IDLE;
                t->v = (uint32_t)j;
            } else if (!topo && j < s->cur.n) {
                addr[n++] = A_WL + s->half * A_HALF + 4 * j;
                t->st = GT_ACT;
                t->v = s->cur.v[j];
            }
        }
        w->idx += s->T;
        uint64_t at = n ? mem_access(s, c, now, addr, n, 0) : now + 1;
        if (topo) { /* the flag check */
            s->st.inst[GI_ALU]++;
            at += s->k[GC_ALU_LAT];
        }
        after_pull(s, c, w, now, at);
        return;
    }
    default: /* ideal */
        s->st.inst[GI_PULL]++;
        if (is_single_ideal(s->q.kind))
            pull_single(s, w);
        else
            for (unsigned i = 0; i < s->WS; i++) {
                gpu_thread *t = &w->th[i];
                if (t->st != GT_IDLE)
                    continue;
                t->st = GT_DONE; /* the pull half is empty: the kernel is over for it */
                if (s->cur.n > s->cur.head) {
                    t->v = s->cur.v[s->cur.head++];
                    t->st = GT_ACT;
                }
            }
        after_pull(s, c, w, now, now + s->k[GC_WL_LAT]);
    }
}

static void do_push(gpu_sim *s, unsigned c, unsigned wi, gpu_warp *w, uint64_t now)
{
    uint64_t addr[GPU_MAX_WARP], at = now + s->k[GC_ALU_LAT];
    unsigned n = 0;
    if (s->q.kind == IRHW_WL_HWWL) {
        s->st.inst[GI_PUSH]++;
        for (unsigned i = 0; i < s->WS; i++)
            w->th[i].pending = w->th[i].push;
        s->port_busy[c] = 1;
        s->port_warp[c] = wi;
        w->pc = PC_PORT;
        w->idx = GI_PUSH;
        w->ready = UINT64_MAX;
        s->q.port->start(s->q.port->ctx, s, c, wi, GI_PUSH);
        return;
    }
    if (s->q.kind == IRHW_WL_SWWL)
        s->st.inst[GI_ATOM]++;
    else
        s->st.inst[s->q.kind == IRHW_WL_TOPO ? GI_STORE : GI_PUSH]++;
    for (unsigned i = 0; i < s->WS; i++) {
        gpu_thread *t = &w->th[i];
        if (!t->push)
            continue;
        t->push = 0;
        s->st.pushes++;
        int bad = 0;
        if (s->q.kind == IRHW_WL_SWWL) { /* atomicAdd on the tail, then the store */
            uint64_t a = atomic_at(s, now, A_TAIL);
            at = a > at ? a : at;
            addr[n++] = A_WL + (1 - s->half) * A_HALF + 4 * s->next.n;
            bad = list_add(&s->next, t->pv);
        } else if (s->q.kind == IRHW_WL_TOPO) {
            addr[n++] = A_FLAG + (1 - s->half) * A_HALF + t->pv;
            s->flag_next[t->pv] = 1;
            s->any_next = 1;
        } else {
            at = now + s->k[GC_WL_LAT];
            bad = push_ideal(s, t->pv);
        }
        s->nomem |= bad;
    }
    if (s->q.kind == IRHW_WL_TOPO)
        mem_access(s, c, now, addr, n, 1); /* stores: the warp goes on */
    w->ready = at;
    w->pc = PC_LDCOL;
    if (s->q.kind == IRHW_WL_SWWL) {
        w->pc = PC_STORE; /* the store of the IDs: its requests now, its slot next */
        mem_access(s, c, now, addr, n, 1);
    } else {
        for (unsigned i = 0; i < s->WS; i++)
            w->th[i].e += edge_active(&w->th[i]);
    }
}

/* One instruction of warp wi. */
static void exec(gpu_sim *s, unsigned c, unsigned wi, gpu_warp *w, uint64_t now)
{
    const irhw_graph *g = s->q.g;
    uint64_t addr[GPU_MAX_WARP * 2];
    unsigned n = 0;
    switch (w->pc) {
    case PC_PULL:
        do_pull(s, c, wi, w, now);
        return;
    case PC_ROW: /* row[v] and row[v + 1] */
        s->st.inst[GI_LOAD]++;
        for (unsigned i = 0; i < s->WS; i++)
            if (w->th[i].st == GT_ACT) {
                addr[n++] = A_ROW + 4 * (uint64_t)w->th[i].v;
                addr[n++] = A_ROW + 4 * (uint64_t)w->th[i].v + 4;
            }
        w->ready = mem_access(s, c, now, addr, n, 0);
        w->pc = PC_LDCOL;
        return;
    case PC_LDCOL:
        for (unsigned i = 0; i < s->WS; i++)
            if (edge_active(&w->th[i])) {
                addr[n++] = A_COL + 4 * w->th[i].e;
                w->th[i].nb = g->col[w->th[i].e];
            }
        if (!n) { /* the loop's exit branch */
            s->st.inst[GI_ALU]++;
            for (unsigned i = 0; i < s->WS; i++)
                if (w->th[i].st == GT_ACT) {
                    w->th[i].st = GT_IDLE;
                    s->inflight -= is_single_ideal(s->q.kind);
                }
            w->ready = now + s->k[GC_ALU_LAT];
            w->pc = PC_PULL;
            return;
        }
        s->st.inst[GI_LOAD]++;
        w->ready = mem_access(s, c, now, addr, n, 0);
        w->pc = PC_LDVAL;
        return;
    case PC_LDVAL:
        s->st.inst[GI_LOAD]++;
        for (unsigned i = 0; i < s->WS; i++)
            if (edge_active(&w->th[i]))
                addr[n++] = A_VAL + 4 * (uint64_t)w->th[i].nb;
        w->ready = mem_access(s, c, now, addr, n, 0);
        w->pc = PC_CMP;
        return;
    case PC_CMP: {
        s->st.inst[GI_ALU]++;
        int any = 0;
        for (unsigned i = 0; i < s->WS; i++) {
            gpu_thread *t = &w->th[i];
            if (!edge_active(t))
                continue;
            s->st.relaxations++;
            t->cand = s->q.val[t->v] + (s->q.wt ? s->q.wt[t->e] : 1);
            any |= t->cand < s->q.val[t->nb];
        }
        w->ready = now + s->k[GC_ALU_LAT];
        w->pc = any ? PC_ATOM : PC_LDCOL;
        if (!any)
            for (unsigned i = 0; i < s->WS; i++)
                w->th[i].e += edge_active(&w->th[i]);
        return;
    }
    case PC_ATOM: { /* atomicMin on the neighbours' values */
        s->st.inst[GI_ATOM]++;
        uint64_t at = now + 1;
        int any = 0;
        for (unsigned i = 0; i < s->WS; i++) {
            gpu_thread *t = &w->th[i];
            if (!edge_active(t) || t->cand >= s->q.val[t->nb])
                continue;
            uint64_t a = atomic_at(s, now, A_VAL + 4 * (uint64_t)t->nb);
            at = a > at ? a : at;
            s->q.val[t->nb] = t->cand;
            s->st.improvements++;
            t->push = 1;
            t->pv = t->nb;
            any = 1;
        }
        w->ready = at;
        w->pc = any ? PC_PUSH : PC_LDCOL;
        if (!any)
            for (unsigned i = 0; i < s->WS; i++)
                w->th[i].e += edge_active(&w->th[i]);
        return;
    }
    case PC_PUSH:
        do_push(s, c, wi, w, now);
        return;
    case PC_STORE: /* swwl: the store of the pushed IDs (requests sent at the push) */
        s->st.inst[GI_STORE]++;
        for (unsigned i = 0; i < s->WS; i++)
            w->th[i].e += edge_active(&w->th[i]);
        w->ready = now + s->k[GC_ALU_LAT];
        w->pc = PC_LDCOL;
        return;
    }
}

/* Threads become DONE only in a pull, so the pull's count stands. */
static int warp_done(const gpu_sim *s, const gpu_warp *w)
{
    return w->done;
}

/* Does its next instruction need the core's lane ports (hwwl)? */
static int needs_port(const gpu_sim *s, const gpu_warp *w)
{
    return s->q.kind == IRHW_WL_HWWL && (w->pc == PC_PULL || w->pc == PC_PUSH);
}

uint64_t gpu_active_threads(const gpu_sim *s)
{
    uint64_t n = 0;
    for (uint64_t i = 0; i < (uint64_t)s->C * s->W; i++)
        for (unsigned t = 0; t < s->WS; t++)
            n += s->w[i].th[t].st == GT_ACT;
    return n;
}

/* The samples due up to `cycle`: the threads' state is the one left by the
 * last cycle issued (nothing changes in the cycles skipped over). */
static void active_sample(gpu_sim *s, uint64_t cycle)
{
    gpu_active *a = s->q.act;
    if (a->next > cycle)
        return;
    uint32_t n = (uint32_t)gpu_active_threads(s);
    for (; a->next <= cycle; a->next += a->every) {
        if (a->n == a->cap) {
            uint64_t cap = a->cap ? 2 * a->cap : 1024;
            if (irhw_grow(&a->cycle, sizeof *a->cycle, cap) ||
                irhw_grow(&a->active, sizeof *a->active, cap)) {
                a->nomem = 1;
                return;
            }
            a->cap = cap;
        }
        a->cycle[a->n] = a->next;
        a->active[a->n++] = n;
    }
}

/* The first cycle warp w may issue in, the core's lane ports aside
 * (UINT64_MAX: not before another event: at the ports, or done). */
static uint64_t warp_next(const gpu_sim *s, const gpu_warp *w)
{
    return w->pc != PC_PORT && !(w->pc == PC_PULL && warp_done(s, w)) ? w->ready : UINT64_MAX;
}

static void warp_sync(gpu_sim *s, unsigned c, unsigned wi)
{
    size_t i = (size_t)c * s->W + wi;
    s->wnext[i] = warp_next(s, &s->w[i]);
    s->wport[i] = (uint8_t)needs_port(s, &s->w[i]);
}

static uint64_t issue_core(gpu_sim *s, unsigned c, uint64_t cycle);

/* Eligibility is computed once a cycle: issuing one warp changes only
 * that warp and the core's ports, which the pick re-checks. A core none of
 * whose warps can be ready is skipped (core_next). */
void gpu_cycle(gpu_sim *s, uint64_t cycle)
{
    if (s->q.act)
        active_sample(s, cycle);
    for (unsigned c = 0; c < s->C; c++) {
        if (cycle < s->core_next[c])
            continue;
        s->core_next[c] = issue_core(s, c, cycle);
    }
}

/* The greedy-then-oldest pick of core c; returns the first cycle a warp of
 * the core may issue in next (UINT64_MAX: none). One pass over the warps
 * finds the ready ones and the next ready time of the others (issuing
 * changes only the issued warps, whose times are taken again after). */
static uint64_t issue_core(gpu_sim *s, unsigned c, uint64_t cycle)
{
    unsigned slots = s->k[GC_ISSUE];
    unsigned g = s->greedy[c];
    uint64_t *last = &s->last[(size_t)c * s->W];
    uint8_t ok[GPU_MAX_WARPS], port[GPU_MAX_WARPS], rdy[GPU_MAX_WARPS]; /* rdy: the ok ones */
    unsigned nok = 0, issued[8], ni = 0;                                /* ISSUE <= 8 */
    uint64_t next = UINT64_MAX;
    s->port_wait[c] = 0;
    const uint64_t *wn = &s->wnext[(size_t)c * s->W];
    for (unsigned wi = 0; wi < s->W; wi++) {
        uint64_t r = wn[wi];
        ok[wi] = (uint8_t)(r <= cycle);
        port[wi] = s->wport[(size_t)c * s->W + wi];
        if (ok[wi])
            rdy[nok++] = (uint8_t)wi;
        else if (r < next)
            next = r;
    }
    if (!nok)
        return next;
    if (ok[g] && !(port[g] && s->port_busy[c])) { /* greedy: the last warp issued, while it can */
        exec(s, c, g, gpu_warp_of(s, c, g), cycle);
        warp_sync(s, c, g);
        last[g] = cycle;
        ok[g] = 0;
        slots--;
        s->st.slots_used++;
        issued[ni++] = g;
    }
    while (slots) { /* then the oldest: the longest since it last issued */
        unsigned best = s->W;
        for (unsigned j = 0; j < nok; j++) {
            unsigned wi = rdy[j];
            if (ok[wi] && last[wi] != cycle && (best == s->W || last[wi] < last[best]) &&
                !(port[wi] && s->port_busy[c]))
                best = wi;
        }
        if (best == s->W)
            break;
        exec(s, c, best, gpu_warp_of(s, c, best), cycle);
        warp_sync(s, c, best);
        last[best] = cycle;
        ok[best] = 0;
        slots--;
        s->st.slots_used++;
        s->greedy[c] = best;
        issued[ni++] = best;
    }
    /* ready but not issued: again next cycle when a slot was missing; when
     * the ports were busy, at gpu_port_done (nothing else frees them) */
    for (unsigned j = 0; j < nok; j++) {
        unsigned wi = rdy[j];
        if (ok[wi] && port[wi] && s->port_busy[c])
            s->port_wait[c] = 1;
        else if (ok[wi] && cycle < next)
            next = cycle;
    }
    for (unsigned i = 0; i < ni; i++)
        if (wn[issued[i]] < next)
            next = wn[issued[i]];
    return next;
}

int gpu_all_done(const gpu_sim *s)
{
    for (uint64_t i = 0; i < (uint64_t)s->C * s->W; i++)
        if (s->w[i].pc != PC_PULL || !warp_done(s, &s->w[i]))
            return 0;
    return 1;
}

/* Every warp at its first instruction; the warps beyond a core's whole
 * blocks have no thread (done). */
static void warps_reset(gpu_sim *s, uint64_t at)
{
    for (unsigned c = 0; c < s->C; c++) {
        s->core_next[c] = at;
        for (unsigned wi = 0; wi < s->W; wi++) {
            gpu_warp *w = gpu_warp_of(s, c, wi);
            memset(w, 0, sizeof *w);
            w->pc = PC_PULL;
            w->ready = at;
            if (wi < s->warps)
                continue;
            w->done = 1;
            for (unsigned i = 0; i < s->WS; i++)
                w->th[i].st = GT_DONE;
        }
        for (unsigned wi = 0; wi < s->W; wi++)
            warp_sync(s, c, wi);
    }
}

void gpu_kernel_begin(gpu_sim *s, uint64_t at)
{
    frontier_fold(s);
    s->kernel++;
    s->kernel_start = s->st.processed;
    warps_reset(s, at);
}

void gpu_free(gpu_sim *s)
{
    if (!s)
        return;
    free(s->w);
    free(s->issued);
    free(s->last);
    free(s->wnext);
    free(s->wport);
    free(s->part_free);
    free(s->cur.v);
    free(s->next.v);
    free(s->flag_cur);
    free(s->flag_next);
    for (unsigned c = 0; c < GPU_MAX_CORES; c++)
        gpu_cache_free(&s->l1[c]);
    gpu_cache_free(&s->l2);
    free(s);
}

/* Blocks of CTA threads, as many whole ones as a core's warps hold (the
 * software and ideal worklists; hwwl runs every warp). */
static void deal_blocks(gpu_sim *s)
{
    s->cta = irhw_gpu_cta(s->q.cfg);
    s->wpb = s->cta / s->WS;
    s->warps = s->W / s->wpb * s->wpb;
    if (s->q.kind == IRHW_WL_HWWL) {
        s->cta = s->W * s->WS;
        s->wpb = s->warps = s->W;
    }
    s->T = (uint64_t)s->C * s->warps * s->WS;
    s->st.cores = s->C;
    s->st.core_threads = s->warps * s->WS;
    s->st.cta = s->q.kind == IRHW_WL_HWWL ? 0 : s->cta;
    s->st.single = s->q.single || is_single_ideal(s->q.kind);
}

static int caches_init(gpu_sim *s)
{
    const unsigned *k = s->k;
    int bad = gpu_cache_init(&s->l2, (uint64_t)k[GC_L2_KB] * 1024, k[GC_L2_WAYS], k[GC_LINE]);
    for (unsigned c = 0; c < s->C; c++)
        bad |= gpu_cache_init(&s->l1[c], (uint64_t)k[GC_L1_KB] * 1024, k[GC_L1_WAYS], k[GC_LINE]);
    s->st.l1_bytes = gpu_cache_bytes(&s->l1[0], k[GC_LINE]);
    s->st.l1_ways = s->l1[0].ways;
    s->st.l2_bytes = gpu_cache_bytes(&s->l2, k[GC_LINE]);
    s->st.l2_ways = s->l2.ways;
    return bad;
}

gpu_sim *gpu_new(const gpu_req *q)
{
    gpu_sim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->q = *q;
    s->k = q->cfg->v;
    s->C = q->cores;
    s->W = s->k[GC_WARPS];
    s->WS = s->k[GC_WARP_SIZE];
    deal_blocks(s);
    if (q->act)
        q->act->threads = (uint64_t)s->C * s->W * s->WS;
    s->w = calloc((size_t)s->C * s->W, sizeof *s->w);
    s->issued = calloc((size_t)s->C * s->W, sizeof *s->issued);
    s->last = calloc((size_t)s->C * s->W, sizeof *s->last);
    s->wnext = calloc((size_t)s->C * s->W, sizeof *s->wnext);
    s->wport = calloc((size_t)s->C * s->W, sizeof *s->wport);
    s->part_free = calloc(s->k[GC_PARTS], sizeof *s->part_free);
    if (q->kind == IRHW_WL_TOPO) {
        s->flag_cur = calloc(q->g->n, 1);
        s->flag_next = calloc(q->g->n, 1);
    }
    if (caches_init(s) || !s->w || !s->issued || !s->last || !s->wnext || !s->wport ||
        !s->part_free || (q->kind == IRHW_WL_TOPO && (!s->flag_cur || !s->flag_next))) {
        gpu_free(s);
        return NULL;
    }
    warps_reset(s, 0);
    return s;
}

/* The first cycle from `from` on in which an instruction may issue
 * (UINT64_MAX: none). */
static uint64_t next_ready(const gpu_sim *s, uint64_t from)
{
    uint64_t m = UINT64_MAX;
    for (uint64_t i = 0; i < (uint64_t)s->C * s->W; i++) {
        const gpu_warp *w = &s->w[i];
        if (w->pc == PC_PULL && warp_done(s, w))
            continue;
        uint64_t r = w->ready > from ? w->ready : from;
        m = r < m ? r : m;
    }
    return m;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The kernel boundary: the host swaps the halves (flags), or the run is
 * over. 1: another kernel. */
static int next_kernel(gpu_sim *s)
{
    int kind = s->q.kind;
    if (kind == IRHW_WL_TOPO) {
        if (!s->any_next)
            return 0;
        uint8_t *t = s->flag_cur;
        s->flag_cur = s->flag_next;
        s->flag_next = t;
        memset(s->flag_next, 0, s->q.g->n);
        s->any_next = 0;
    } else {
        if (is_single_ideal(kind) || !s->next.n)
            return 0;
        idlist t = s->cur;
        s->cur = s->next;
        s->next = t;
        s->next.n = s->next.head = 0;
        if (is_sorted(kind)) /* the whole pull half, sorted by ID */
            qsort(s->cur.v, s->cur.n, sizeof *s->cur.v, cmp_u32);
    }
    s->half ^= 1;
    return 1;
}

int irhw_gpu_run(const gpu_req *q, irhw_gpu_stats *st, int *done, char *err, size_t errlen)
{
    *done = 0;
    memset(st, 0, sizeof *st);
    if (irhw_gpu_check(q->cfg, err, errlen))
        return -1;
    gpu_sim *s = gpu_new(q);
    if (!s)
        return irhw_err(err, errlen, "out of memory setting up the GPU model");
    int bad = 0;
    if (q->kind == IRHW_WL_TOPO)
        s->flag_cur[q->src] = 1;
    else
        bad = list_add(&s->cur, q->src);
    s->st.max_list = 1;
    uint64_t cycle = 0, cap = q->max_cycles ? q->max_cycles : UINT64_MAX / 2;
    s->st.kernels = 1;
    gpu_kernel_begin(s, 0);
    while (!bad && !s->nomem && cycle < cap) {
        if (gpu_all_done(s)) {
            if (!next_kernel(s)) {
                *done = 1;
                break;
            }
            s->st.kernels++;
            cycle += s->k[GC_LAUNCH];
            gpu_kernel_begin(s, cycle);
        }
        uint64_t nr = next_ready(s, cycle + 1); /* a cycle is issued once */
        cycle = nr == UINT64_MAX ? cycle + 1 : nr;
        gpu_cycle(s, cycle);
    }
    s->st.cycles = cycle;
    s->st.slots = cycle * s->C * s->k[GC_ISSUE];
    *st = *gpu_stats(s);
    int nomem = bad || s->nomem;
    gpu_free(s);
    return nomem ? irhw_err(err, errlen, "out of memory during the GPU model run") : 0;
}

/* 1234567 -> "1,234,567" */
static const char *grouped(uint64_t x, char *buf, size_t len)
{
    char d[32];
    int n = snprintf(d, sizeof d, "%" PRIu64, x);
    size_t k = 0;
    for (int i = 0; i < n && k + 1 < len; i++) {
        if (i && (n - i) % 3 == 0 && k + 2 < len)
            buf[k++] = ',';
        buf[k++] = d[i];
    }
    buf[k] = 0;
    return buf;
}

static void print_cache(FILE *f, const char *name, uint64_t bytes, unsigned ways, uint64_t hits,
                        uint64_t misses)
{
    char a[32], b[32];
    if (!bytes) {
        fprintf(f, "%s off", name);
        return;
    }
    uint64_t n = hits + misses;
    fprintf(f, "%s %g KiB %u-way: %s hits, %s misses (%.1f %% hits)", name, (double)bytes / 1024,
            ways, grouped(hits, a, sizeof a), grouped(misses, b, sizeof b),
            n ? 100.0 * (double)hits / (double)n : 0.0);
}

void irhw_gpu_print_machine(FILE *f, const irhw_gpu_cfg *c, const irhw_gpu_stats *st)
{
    char a[32], b[32];
    fprintf(f, "  gpu: per core:");
    for (unsigned i = 0; i < st->cores; i++)
        fprintf(f, "%s%s", i ? " / " : " ", grouped(st->core_vertices[i], a, sizeof a));
    fprintf(f, " vertices; ");
    if (!st->single)
        fprintf(f, "largest frontier %s (kernel %" PRIu64 ")",
                grouped(st->max_frontier, a, sizeof a), st->max_frontier_k);
    else if (st->max_list)
        fprintf(f, "single-buffered, longest list %s", grouped(st->max_list, a, sizeof a));
    else
        fprintf(f, "single-buffered, one kernel");
    fprintf(f, " against %s threads a core", grouped(st->core_threads, b, sizeof b));
    if (st->cta)
        fprintf(f, " (blocks of %u)\n", st->cta);
    else
        fprintf(f, " (hwwl: every warp, the lanes' banks place the work)\n");
    fprintf(f, "  gpu: ");
    print_cache(f, "L1 (loads)", st->l1_bytes, st->l1_ways, st->l1_hits, st->l1_misses);
    fprintf(f, "; ");
    print_cache(f, "L2", st->l2_bytes, st->l2_ways, st->l2_hits, st->l2_misses);
    fprintf(f, "; DRAM lines read %s, written back %s\n", grouped(st->dram_reads, a, sizeof a),
            grouped(st->dram_writes, b, sizeof b));
}
