/*
 * gpu_core.c — the first-order GPU-like machine of gpu_core.h (its
 * constants and printed lines: gpu_config.c): the warp engine running the BFS / SSSP kernel, the
 * memory (L1 per core, shared L2, DRAM), and the software and ideal worklists (swwl, topo,
 * ideal-fifo, ideal-sort and their -single variants). hwwl is driven through its lane ports by
 * sim/workload_hwwl.c on the same engine.
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

static int is_single_ideal(int kind)
{
    return kind == IRHW_WL_FIFO_SINGLE || kind == IRHW_WL_SORT_SINGLE;
}

static int is_sorted(int kind)
{
    return kind == IRHW_WL_SORT || kind == IRHW_WL_SORT_SINGLE;
}

/* ---- the engine ------------------------------------------------------------------ */

enum { PC_PULL, PC_PORT, PC_ROW, PC_LDCOL, PC_LDVAL, PC_CMP, PC_ATOM, PC_PUSH, PC_STORE };

#include "gpu_int.h"

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
        uint64_t at = n ? gpu_mem_access(s, c, now, addr, n, 0) : now + 1;
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
            uint64_t a = gpu_atomic_at(s, now, A_TAIL);
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
        gpu_mem_access(s, c, now, addr, n, 1); /* stores: the warp goes on */
    w->ready = at;
    w->pc = PC_LDCOL;
    if (s->q.kind == IRHW_WL_SWWL) {
        w->pc = PC_STORE; /* the store of the IDs: its requests now, its slot next */
        gpu_mem_access(s, c, now, addr, n, 1);
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
        w->ready = gpu_mem_access(s, c, now, addr, n, 0);
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
        w->ready = gpu_mem_access(s, c, now, addr, n, 0);
        w->pc = PC_LDVAL;
        return;
    case PC_LDVAL:
        s->st.inst[GI_LOAD]++;
        for (unsigned i = 0; i < s->WS; i++)
            if (edge_active(&w->th[i]))
                addr[n++] = A_VAL + 4 * (uint64_t)w->th[i].nb;
        w->ready = gpu_mem_access(s, c, now, addr, n, 0);
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
            uint64_t a = gpu_atomic_at(s, now, A_VAL + 4 * (uint64_t)t->nb);
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
    uint64_t bit = (uint64_t)1 << wi;
    s->wnext[i] = warp_next(s, &s->w[i]);
    s->wportm[c] = needs_port(s, &s->w[i]) ? s->wportm[c] | bit : s->wportm[c] & ~bit;
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

uint64_t gpu_next_event(const gpu_sim *s)
{
    uint64_t t = s->q.act ? s->q.act->next : UINT64_MAX;
    for (unsigned c = 0; c < s->C; c++)
        t = s->core_next[c] < t ? s->core_next[c] : t;
    return t;
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
    unsigned issued[8], ni = 0; /* ISSUE <= 8 */
    uint64_t next = UINT64_MAX, ok = 0;
    s->port_wait[c] = 0;
    const uint64_t *wn = &s->wnext[(size_t)c * s->W];
    for (unsigned wi = 0; wi < s->W; wi++) { /* no branch */
        uint64_t r = wn[wi];
        ok |= (uint64_t)(r <= cycle) << wi;
        next = r > cycle && r < next ? r : next;
    }
    if (!ok)
        return next;
    /* port: the ready warps whose next instruction needs the ports, as
     * they were before this cycle issued any */
    uint64_t port = s->wportm[c] & ok;
    unsigned nok = (unsigned)__builtin_popcountll(ok),
             nnp = nok - (unsigned)__builtin_popcountll(port);
    if ((ok >> g & 1) &&
        !((port >> g & 1) && s->port_busy[c])) { /* greedy: the last warp issued, while it can */
        exec(s, c, g, gpu_warp_of(s, c, g), cycle);
        warp_sync(s, c, g);
        last[g] = cycle;
        ok &= ~((uint64_t)1 << g);
        slots--;
        s->st.slots_used++;
        issued[ni++] = g;
    }
    while (slots) { /* then the oldest: the longest since it last issued */
        unsigned best = s->W;
        /* with the ports busy only the warps that need none can issue */
        for (uint64_t b = s->port_busy[c] ? ok & ~port : ok; b; b &= b - 1) {
            unsigned wi = (unsigned)__builtin_ctzll(b);
            if (last[wi] != cycle && (best == s->W || last[wi] < last[best]))
                best = wi;
        }
        if (best == s->W)
            break;
        exec(s, c, best, gpu_warp_of(s, c, best), cycle);
        warp_sync(s, c, best);
        last[best] = cycle;
        ok &= ~((uint64_t)1 << best);
        slots--;
        s->st.slots_used++;
        s->greedy[c] = best;
        issued[ni++] = best;
    }
    /* ready but not issued: again next cycle when a slot was missing; when
     * the ports were busy, at gpu_port_done (nothing else frees them) */
    unsigned left_port = nok - nnp, left_np = nnp; /* ready, not issued */
    for (unsigned i = 0; i < ni; i++) {
        left_port -= (unsigned)(port >> issued[i] & 1);
        left_np -= (unsigned)!(port >> issued[i] & 1);
    }
    if (left_port && s->port_busy[c])
        s->port_wait[c] = 1;
    if ((left_port && !s->port_busy[c]) || left_np)
        next = cycle;
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
    s->part_free = calloc(s->k[GC_PARTS], sizeof *s->part_free);
    if (q->kind == IRHW_WL_TOPO) {
        s->flag_cur = calloc(q->g->n, 1);
        s->flag_next = calloc(q->g->n, 1);
    }
    if (caches_init(s) || !s->w || !s->issued || !s->last || !s->wnext || !s->part_free ||
        (q->kind == IRHW_WL_TOPO && (!s->flag_cur || !s->flag_next))) {
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
