/*
 * gpu_core.c — the first-order GPU core model of gpu_core.h: its constants,
 * the warp engine running the BFS / SSSP kernel, and the software and
 * ideal worklists (swwl, topo, ideal-fifo, ideal-sort). hwwl is driven
 * through its lane ports by sim/workload_hwwl.c on the same engine.
 *
 * Timing, per instruction of a warp (it is ready for its next one after):
 *   ALU                   ALU_LAT cycles (compare, loop branch, flag check)
 *   load (misses)         its distinct LINE-byte lines are requests; they
 *                         wait for the core's port (CORE_BW lines a cycle)
 *                         and the global one (GLOBAL_BW lines a cycle), then
 *                         MEM_LAT cycles; the warp waits for the last
 *   store                 requests as a load, the warp does not wait
 *                         (ALU_LAT)
 *   atomic                one per thread at its partition (line mod PARTS):
 *                         each holds the partition ATOM_SVC cycles, in
 *                         order, and answers MEM_LAT cycles after it began
 *                         service; the warp waits for the last
 *   pull / push (ideal)   WL_LAT cycles, no bandwidth limit
 *   pull / push (hwwl)    the lane ports, one warp at a time per core: the
 *                         warp's threads in passes of LANES (thread i on
 *                         lane i mod LANES), each pass as long as the RTL
 *                         takes to answer / accept
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
 *          bandwidth, single-buffered: the oldest ID / the smallest ID (the
 *          list sorted by ID before every pull); DONE when it is empty and
 *          no thread holds a vertex
 */
#include "gpu_core.h"

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
                    "global load latency, every load a miss (Table IV: 100-cycle DRAM; the L1/L2 "
                    "caches are not modelled)"},
    [GC_CORE_BW] = {"CORE_BW", 1, 1, 64,
                    "line requests a core sends per cycle (chosen: one L1 miss a cycle)"},
    [GC_GLOBAL_BW] = {"GLOBAL_BW", 2, 1, 256,
                      "line requests memory serves per cycle, all cores (chosen: about a GTX "
                      "480's 177 GB/s at 700 MHz in 128-byte lines)"},
    [GC_LINE] = {"LINE", 128, 4, 4096, "bytes per memory line (Fermi L1 line: 128)"},
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
};

const char *const irhw_gpu_inst_names[GI_N] = {"alu", "pull", "push", "load", "atomic", "store"};

static const char *const wl_names[] = {"hwwl", "swwl", "topo", "ideal-fifo", "ideal-sort"};

int irhw_wl_parse(const char *s)
{
    for (int i = 0; i < 5; i++)
        if (!strcmp(s, wl_names[i]))
            return i;
    return -1;
}

const char *irhw_wl_name(int kind)
{
    return kind >= 0 && kind < 5 ? wl_names[kind] : "?";
}

void irhw_gpu_defaults(irhw_gpu_cfg *c)
{
    for (int i = 0; i < GC_N; i++)
        c->v[i] = gc_tab[i].def;
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

void irhw_gpu_format(const irhw_gpu_cfg *c, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < GC_N && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, "%s%s=%u", i ? " " : "", gc_tab[i].name, c->v[i]);
}

/* ---- the engine ------------------------------------------------------------------ */

enum { PC_PULL, PC_PORT, PC_ROW, PC_LDCOL, PC_LDVAL, PC_CMP, PC_ATOM, PC_PUSH, PC_STORE };

/* Byte addresses of the kernel's arrays (4-byte elements), apart. */
#define A_ROW (UINT64_C(0) << 40)
#define A_COL (UINT64_C(1) << 40)
#define A_VAL (UINT64_C(2) << 40)
#define A_WLIN (UINT64_C(3) << 40)
#define A_WLOUT (UINT64_C(4) << 40)
#define A_FLAG (UINT64_C(5) << 40)
#define A_TAIL (UINT64_C(6) << 40)

typedef struct {
    uint32_t *v;
    uint64_t n, head, cap;
} idlist;

struct gpu_sim {
    gpu_req q;
    const unsigned *k;
    unsigned C, W, WS;
    uint64_t T; /* threads, all cores */
    gpu_warp *w;
    uint64_t *issued; /* per warp: the cycle of its last pull (WAIT accounting) */
    uint64_t *last;   /* per warp: the cycle it last issued (the scheduler's age) */
    unsigned greedy[GPU_MAX_CORES];
    int port_busy[GPU_MAX_CORES];
    double core_free[GPU_MAX_CORES], glob_free;
    uint64_t *part_free;
    irhw_gpu_stats st;
    idlist cur, next; /* swwl: the halves; ideal: the list (cur) */
    uint8_t *flag_cur, *flag_next;
    int any_next;
    uint64_t inflight; /* ideal: threads holding a vertex */
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

gpu_warp *gpu_warp_of(gpu_sim *s, unsigned c, unsigned w)
{
    return &s->w[(size_t)c * s->W + w];
}

unsigned gpu_warp_size(const gpu_sim *s)
{
    return s->WS;
}

irhw_gpu_stats *gpu_stats(gpu_sim *s)
{
    return &s->st;
}

int gpu_nomem(const gpu_sim *s)
{
    return s->nomem;
}

/* Requests for the distinct lines of addr[0..n): the cycle the last answers. */
static uint64_t mem_access(gpu_sim *s, unsigned c, uint64_t now, const uint64_t *addr, unsigned n)
{
    uint64_t line[GPU_MAX_WARP * 2];
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t l = addr[i] / s->k[GC_LINE];
        unsigned j = 0;
        while (j < k && line[j] != l)
            j++;
        if (j == k)
            line[k++] = l;
    }
    s->st.mem_req += k;
    double t = (double)now;
    if (s->core_free[c] > t)
        t = s->core_free[c];
    if (s->glob_free > t)
        t = s->glob_free;
    s->core_free[c] = t + (double)k / s->k[GC_CORE_BW];
    s->glob_free = t + (double)k / s->k[GC_GLOBAL_BW];
    double end = s->core_free[c] > s->glob_free ? s->core_free[c] : s->glob_free;
    return (uint64_t)(end + 0.999999) + s->k[GC_MEM_LAT];
}

/* One atomic at its partition: the cycle it answers. */
static uint64_t atomic_at(gpu_sim *s, uint64_t now, uint64_t addr)
{
    uint64_t *p = &s->part_free[addr / s->k[GC_LINE] % s->k[GC_PARTS]];
    uint64_t start = *p > now ? *p : now;
    *p = start + s->k[GC_ATOM_SVC];
    s->st.atomics++;
    return start + s->k[GC_MEM_LAT];
}

static uint64_t gtid(const gpu_sim *s, unsigned c, unsigned wi, unsigned i)
{
    return ((uint64_t)c * s->W + wi) * s->WS + i;
}

static int edge_active(const gpu_thread *t)
{
    return t->st == GT_ACT && t->e < t->end;
}

/* After a pull's answers are in the threads: the warp goes on at `at`. */
static void after_pull(gpu_sim *s, gpu_warp *w, uint64_t issued, uint64_t at)
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
    if (s->q.kind == IRHW_WL_FIFO || s->q.kind == IRHW_WL_SORT)
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
    for (unsigned wi = 0; wi < s->W; wi++) {
        gpu_warp *w = gpu_warp_of(s, c, wi);
        if (w->pc != PC_PORT)
            continue;
        if (w->idx == GI_PULL) {
            after_pull(s, w, s->issued[(size_t)c * s->W + wi], cycle + 1);
        } else {
            for (unsigned i = 0; i < s->WS; i++)
                w->th[i].e += edge_active(&w->th[i]);
            w->pc = PC_LDCOL;
            w->ready = cycle + 1;
        }
        return;
    }
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
                addr[n++] = A_FLAG + j;
                t->st = s->flag_cur[j] ? GT_ACT : GT_IDLE;
                t->v = (uint32_t)j;
            } else if (!topo && j < s->cur.n) {
                addr[n++] = A_WLIN + 4 * j;
                t->st = GT_ACT;
                t->v = s->cur.v[j];
            }
        }
        w->idx += s->T;
        uint64_t at = n ? mem_access(s, c, now, addr, n) : now + 1;
        if (topo) { /* the flag check */
            s->st.inst[GI_ALU]++;
            at += s->k[GC_ALU_LAT];
        }
        after_pull(s, w, now, at);
        return;
    }
    default: { /* ideal */
        s->st.inst[GI_PULL]++;
        for (unsigned i = 0; i < s->WS; i++) {
            gpu_thread *t = &w->th[i];
            if (t->st != GT_IDLE)
                continue;
            if (s->cur.n > s->cur.head) {
                t->v = s->q.kind == IRHW_WL_SORT ? heap_pop(&s->cur) : s->cur.v[s->cur.head++];
                t->st = GT_ACT;
                s->inflight++; /* counted now: others see it before after_pull */
            } else if (!s->inflight) {
                t->st = GT_DONE;
            }
        }
        for (unsigned i = 0; i < s->WS; i++)
            s->inflight -= w->th[i].st == GT_ACT;
        after_pull(s, w, now, now + s->k[GC_WL_LAT]);
    }
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
            addr[n++] = A_WLOUT + 4 * s->next.n;
            bad = list_add(&s->next, t->pv);
        } else if (s->q.kind == IRHW_WL_TOPO) {
            addr[n++] = A_FLAG + t->pv;
            s->flag_next[t->pv] = 1;
            s->any_next = 1;
        } else {
            at = now + s->k[GC_WL_LAT];
            bad = s->q.kind == IRHW_WL_SORT ? heap_add(&s->cur, t->pv) : list_add(&s->cur, t->pv);
        }
        s->nomem |= bad;
    }
    if (s->q.kind == IRHW_WL_TOPO)
        mem_access(s, c, now, addr, n); /* stores: the warp goes on */
    w->ready = at;
    w->pc = PC_LDCOL;
    if (s->q.kind == IRHW_WL_SWWL) {
        w->pc = PC_STORE; /* the store of the IDs: its requests now, its slot next */
        mem_access(s, c, now, addr, n);
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
        w->ready = mem_access(s, c, now, addr, n);
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
                    s->inflight -= s->q.kind == IRHW_WL_FIFO || s->q.kind == IRHW_WL_SORT;
                }
            w->ready = now + s->k[GC_ALU_LAT];
            w->pc = PC_PULL;
            return;
        }
        s->st.inst[GI_LOAD]++;
        w->ready = mem_access(s, c, now, addr, n);
        w->pc = PC_LDVAL;
        return;
    case PC_LDVAL:
        s->st.inst[GI_LOAD]++;
        for (unsigned i = 0; i < s->WS; i++)
            if (edge_active(&w->th[i]))
                addr[n++] = A_VAL + 4 * (uint64_t)w->th[i].nb;
        w->ready = mem_access(s, c, now, addr, n);
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

/* May the warp issue at `now`, the core's lane ports aside? */
static int ready_to_issue(const gpu_sim *s, const gpu_warp *w, uint64_t now)
{
    return w->pc != PC_PORT && w->ready <= now && !(w->pc == PC_PULL && warp_done(s, w));
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

/* Eligibility is computed once a cycle: issuing one warp changes only
 * that warp and the core's ports, which the pick re-checks. */
void gpu_cycle(gpu_sim *s, uint64_t cycle)
{
    if (s->q.act)
        active_sample(s, cycle);
    for (unsigned c = 0; c < s->C; c++) {
        unsigned slots = s->k[GC_ISSUE];
        unsigned g = s->greedy[c];
        uint64_t *last = &s->last[(size_t)c * s->W];
        uint8_t ok[GPU_MAX_WARPS], port[GPU_MAX_WARPS];
        unsigned nok = 0;
        for (unsigned wi = 0; wi < s->W; wi++) {
            const gpu_warp *w = gpu_warp_of(s, c, wi);
            ok[wi] = (uint8_t)ready_to_issue(s, w, cycle);
            port[wi] = (uint8_t)needs_port(s, w);
            nok += ok[wi];
        }
        if (!nok)
            continue;
        if (ok[g] && !(port[g] && s->port_busy[c])) { /* greedy: the last warp issued, while it can */
            exec(s, c, g, gpu_warp_of(s, c, g), cycle);
            last[g] = cycle;
            ok[g] = 0;
            slots--;
            s->st.slots_used++;
        }
        while (slots) { /* then the oldest: the longest since it last issued */
            unsigned best = s->W;
            for (unsigned wi = 0; wi < s->W; wi++)
                if (ok[wi] && last[wi] != cycle && (best == s->W || last[wi] < last[best]) &&
                    !(port[wi] && s->port_busy[c]))
                    best = wi;
            if (best == s->W)
                break;
            exec(s, c, best, gpu_warp_of(s, c, best), cycle);
            last[best] = cycle;
            ok[best] = 0;
            slots--;
            s->st.slots_used++;
            s->greedy[c] = best;
        }
    }
}

int gpu_all_done(const gpu_sim *s)
{
    for (uint64_t i = 0; i < (uint64_t)s->C * s->W; i++)
        if (s->w[i].pc != PC_PULL || !warp_done(s, &s->w[i]))
            return 0;
    return 1;
}

void gpu_kernel_begin(gpu_sim *s, uint64_t at)
{
    for (uint64_t i = 0; i < (uint64_t)s->C * s->W; i++) {
        memset(&s->w[i], 0, sizeof s->w[i]);
        s->w[i].pc = PC_PULL;
        s->w[i].ready = at;
    }
}

void gpu_free(gpu_sim *s)
{
    if (!s)
        return;
    free(s->w);
    free(s->issued);
    free(s->last);
    free(s->part_free);
    free(s->cur.v);
    free(s->next.v);
    free(s->flag_cur);
    free(s->flag_next);
    free(s);
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
    s->T = (uint64_t)s->C * s->W * s->WS;
    if (q->act)
        q->act->threads = s->T;
    s->w = calloc((size_t)s->C * s->W, sizeof *s->w);
    s->issued = calloc((size_t)s->C * s->W, sizeof *s->issued);
    s->last = calloc((size_t)s->C * s->W, sizeof *s->last);
    s->part_free = calloc(s->k[GC_PARTS], sizeof *s->part_free);
    if (q->kind == IRHW_WL_TOPO) {
        s->flag_cur = calloc(q->g->n, 1);
        s->flag_next = calloc(q->g->n, 1);
    }
    if (!s->w || !s->issued || !s->last || !s->part_free ||
        (q->kind == IRHW_WL_TOPO && (!s->flag_cur || !s->flag_next))) {
        gpu_free(s);
        return NULL;
    }
    gpu_kernel_begin(s, 0);
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

int irhw_gpu_run(const gpu_req *q, irhw_gpu_stats *st, int *done, char *err, size_t errlen)
{
    *done = 0;
    memset(st, 0, sizeof *st);
    gpu_sim *s = gpu_new(q);
    if (!s)
        return irhw_err(err, errlen, "out of memory setting up the GPU model");
    int bad = 0;
    if (q->kind == IRHW_WL_TOPO)
        s->flag_cur[q->src] = 1;
    else
        bad = list_add(&s->cur, q->src);
    uint64_t cycle = 0, cap = q->max_cycles ? q->max_cycles : UINT64_MAX / 2;
    s->st.kernels = 1;
    while (!bad && !s->nomem && cycle < cap) {
        if (gpu_all_done(s)) {
            int more = q->kind == IRHW_WL_SWWL   ? s->next.n > 0
                       : q->kind == IRHW_WL_TOPO ? s->any_next
                                                 : 0;
            if (!more) {
                *done = 1;
                break;
            }
            if (q->kind == IRHW_WL_SWWL) {
                idlist t = s->cur;
                s->cur = s->next;
                s->next = t;
                s->next.n = s->next.head = 0;
            } else {
                uint8_t *t = s->flag_cur;
                s->flag_cur = s->flag_next;
                s->flag_next = t;
                memset(s->flag_next, 0, q->g->n);
                s->any_next = 0;
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
    *st = s->st;
    int nomem = bad || s->nomem;
    gpu_free(s);
    return nomem ? irhw_err(err, errlen, "out of memory during the GPU model run") : 0;
}
