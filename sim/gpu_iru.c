/*
 * gpu_iru.c — the IRU paper's gather kernels on the GPU-like machine, with
 * plain loads or load_iru (gpu_iru.h says what a thread does). The warps
 * are this file's; the memory they use is the machine's (gpu_mem.c through
 * gpu_int.h), so both versions of a kernel see the same L1s, L2 and DRAM.
 */
#include "gpu_iru.h"

#include "gpu_int.h"
#include "irhw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    unsigned def, lo, hi;
    const char *source;
} giru_tab[GIRU_N] = {
    [GIRU_PF_DEPTH] = {"IRU_PF_DEPTH", 8, 1, 1024,
                       "lines the IRU's prefetcher has in flight per partition (IRU paper §5: "
                       "\"8 on-the-fly prefetches\")"},
    [GIRU_LAT] = {"IRU_LAT", 120, 1, 100000,
                  "cycles from the IRU's reply to the warp having it (chosen: L2_LAT's default, "
                  "the trip between a core and a memory partition and back)"},
};

void giru_defaults(giru_cfg *c)
{
    for (unsigned i = 0; i < GIRU_N; i++)
        c->v[i] = giru_tab[i].def;
}

int giru_set(giru_cfg *c, const char *nv, char *err, size_t errlen)
{
    size_t n = strcspn(nv, "=");
    for (unsigned i = 0; i < GIRU_N; i++) {
        if (strlen(giru_tab[i].name) != n || strncmp(nv, giru_tab[i].name, n))
            continue;
        uint64_t x;
        if (!nv[n] || irhw_parse_uint(nv + n + 1, &x) || x < giru_tab[i].lo || x > giru_tab[i].hi) {
            irhw_err(err, errlen, "-g %s: %s must be a whole number %u..%u", nv, giru_tab[i].name,
                     giru_tab[i].lo, giru_tab[i].hi);
            return -1;
        }
        c->v[i] = (unsigned)x;
        return 1;
    }
    return 0;
}

void giru_help(FILE *f)
{
    for (unsigned i = 0; i < GIRU_N; i++)
        fprintf(f, "  %-12s default %-6u range %u..%u: %s\n", giru_tab[i].name, giru_tab[i].def,
                giru_tab[i].lo, giru_tab[i].hi, giru_tab[i].source);
}

void giru_format(const giru_cfg *c, char *buf, size_t len)
{
    snprintf(buf, len, "%s=%u %s=%u", giru_tab[0].name, c->v[0], giru_tab[1].name, c->v[1]);
}

/* ---- the warps ------------------------------------------------------------------ */

enum { P_FETCH, P_WAIT_IRU, P_LOAD, P_CMP, P_UPDATE, P_EXIT };

typedef struct {
    int pc;
    uint64_t ready; /* the first cycle its next instruction may issue */
    uint64_t last;  /* the cycle it last issued (the scheduler's age) */
    unsigned n;     /* threads holding an element */
    uint32_t idx[GPU_MAX_WARP], data[GPU_MAX_WARP];
    uint8_t on[GPU_MAX_WARP]; /* the thread updates its vertex */
} iwarp;

typedef struct {
    uint64_t at;  /* the cycle the line is in */
    uint64_t end; /* the elements it brings: up to here */
} pf_line;

struct giru_sim {
    giru_req q;
    gpu_sim *m; /* the machine: its memory, its statistics */
    const unsigned *k;
    unsigned C, W, WS;
    iwarp *w;
    unsigned greedy[GPU_MAX_CORES];
    uint64_t core_next[GPU_MAX_CORES];
    giru_stats st;
    uint64_t front;        /* kernels begun */
    uint64_t lo, hi, next; /* this frontier's elements; baseline: the next one to hand out */
    uint64_t *wanting;     /* IRU: warps whose request is not yet on the port (FIFO) */
    uint64_t *taken;       /* ... and taken by the IRU, oldest first */
    uint64_t nwant, hwant, ntaken, htaken; /* counts, heads (ring of C x W) */
    pf_line *pf;            /* the prefetcher's lines in flight, oldest first (ring) */
    uint64_t pf_h, pf_n;    /* head, count */
    uint64_t pf_req, pf_in; /* elements requested; elements whose lines are in */
    uint64_t pf_out;        /* elements taken by the lanes */
    uint64_t *val;          /* BFS levels / SSSP distances (the kernel's label / dist) */
    double *rank;           /* PageRank sums */
};

static uint64_t elem_addr(uint64_t base, uint64_t i)
{
    return base + 4 * i;
}

int giru_check(const giru_req *q, char *err, size_t errlen)
{
    unsigned ws = q->cfg->v[GC_WARP_SIZE];
    if (q->slots > ws)
        return irhw_err(err, errlen,
                        "SLOTS=%u: a reply of SLOTS elements goes to one warp, so SLOTS must be "
                        "1..%u (-g WARP_SIZE=%u)",
                        q->slots, ws, ws);
    return 0;
}

giru_sim *giru_new(const giru_req *q, char *err, size_t errlen)
{
    giru_sim *g = calloc(1, sizeof *g);
    if (!g) {
        irhw_err(err, errlen, "out of memory for the GPU run");
        return NULL;
    }
    g->q = *q;
    g->k = q->cfg->v;
    g->C = g->k[GC_CORES];
    g->W = g->k[GC_WARPS];
    g->WS = g->k[GC_WARP_SIZE];
    gpu_req r = {0};
    r.cfg = q->cfg;
    r.kind = IRHW_WL_SWWL;
    r.cores = g->C;
    size_t nw = (size_t)g->C * g->W, nv = q->s->nv ? q->s->nv : 1;
    g->m = gpu_new(&r);
    g->w = calloc(nw, sizeof *g->w);
    g->wanting = calloc(nw, sizeof *g->wanting);
    g->taken = calloc(nw, sizeof *g->taken);
    g->pf = calloc(q->icfg->v[GIRU_PF_DEPTH], sizeof *g->pf);
    g->val = malloc(nv * sizeof *g->val);
    g->rank = calloc(nv, sizeof *g->rank);
    if (!g->m || !g->w || !g->wanting || !g->taken || !g->pf || !g->val || !g->rank) {
        giru_free(g);
        irhw_err(err, errlen, "out of memory for the GPU run");
        return NULL;
    }
    for (size_t v = 0; v < nv; v++)
        g->val[v] = IRHW_UNREACHED;
    if (q->k != IRHW_KERNEL_PAGERANK && q->s->nv)
        g->val[q->s->src] = 0;
    g->st.correct = 1;
    return g;
}

void giru_free(giru_sim *g)
{
    if (!g)
        return;
    gpu_free(g->m);
    free(g->w);
    free(g->wanting);
    free(g->taken);
    free(g->pf);
    free(g->val);
    free(g->rank);
    free(g);
}

int giru_kernel_begin(giru_sim *g, uint64_t at)
{
    const irhw_iru_stream *s = g->q.s;
    if (g->front >= s->nfront)
        return 0;
    g->lo = g->next = s->start[g->front];
    g->hi = s->start[g->front + 1];
    g->front++;
    g->st.kernels++;
    g->pf_req = g->pf_in = g->pf_out = g->lo;
    g->pf_h = g->pf_n = 0;
    g->nwant = g->hwant = g->ntaken = g->htaken = 0;
    for (size_t i = 0; i < (size_t)g->C * g->W; i++) {
        memset(&g->w[i], 0, sizeof g->w[i]);
        g->w[i].pc = P_FETCH;
        g->w[i].ready = at;
    }
    for (unsigned c = 0; c < g->C; c++)
        g->core_next[c] = at;
    return 1;
}

/* ---- the prefetcher: the frontier's arrays read at the L2 ------------------------- */

/* One line read at the L2 by the IRU (it sits beside the L2 partition: no
 * L1, no interconnect): the cycle it is in. */
static uint64_t pf_read(giru_sim *g, uint64_t now, uint64_t addr)
{
    gpu_sim *m = g->m;
    uint64_t l = addr / g->k[GC_LINE];
    g->st.pf_lines++;
    if (!m->l2.sets) {
        m->st.dram_reads++;
        return now + g->k[GC_MEM_LAT];
    }
    gpu_line *e = gpu_cache_find(&m->l2, l);
    uint64_t at = now + g->k[GC_L2_LAT];
    if (e && !e->partial) {
        m->st.l2_hits++;
        return e->ready > at ? e->ready : at;
    }
    m->st.l2_misses++;
    if (!e) {
        int ev, dirty;
        e = gpu_cache_fill(&m->l2, l, &ev, &dirty);
        m->st.dram_writes += (unsigned)dirty;
    }
    double t = m->glob_free > (double)now ? m->glob_free : (double)now;
    m->glob_free = t + 1.0 / g->k[GC_GLOBAL_BW];
    m->st.dram_reads++;
    e->partial = 0;
    e->ready = (uint64_t)(t + 0.999999) + g->k[GC_L2_LAT] + g->k[GC_MEM_LAT];
    return e->ready;
}

/* Lines arrive in order; new ones are asked while fewer than PF_DEPTH are
 * in flight. A line of indices brings LINE/4 elements; SSSP and PageRank
 * read the data array's line beside it. */
static void pf_cycle(giru_sim *g, uint64_t cycle)
{
    unsigned depth = g->q.icfg->v[GIRU_PF_DEPTH];
    while (g->pf_n && g->pf[g->pf_h].at <= cycle) {
        g->pf_in = g->pf[g->pf_h].end;
        g->pf_h = (g->pf_h + 1) % depth;
        g->pf_n--;
    }
    uint64_t per = g->k[GC_LINE] / 4;
    while (g->pf_n < depth && g->pf_req < g->hi) {
        uint64_t end = (g->pf_req / per + 1) * per;
        end = end < g->hi ? end : g->hi;
        uint64_t at = pf_read(g, cycle, elem_addr(A_WL, g->pf_req));
        if (g->q.k != IRHW_KERNEL_BFS) {
            uint64_t at2 = pf_read(g, cycle, elem_addr(A_WL + A_HALF, g->pf_req));
            at = at2 > at ? at2 : at;
        }
        pf_line *p = &g->pf[(g->pf_h + g->pf_n) % depth];
        p->at = at;
        p->end = end;
        g->pf_n++;
        g->pf_req = end;
    }
}

int giru_pf_peek(const giru_sim *g, uint64_t cycle, uint32_t *idx, uint32_t *data, uint64_t *pos)
{
    (void)cycle;
    if (g->pf_out >= g->pf_in)
        return 0;
    *idx = g->q.s->idx[g->pf_out];
    *data = g->q.s->data[g->pf_out];
    *pos = g->pf_out - g->lo;
    return 1;
}

void giru_pf_take(giru_sim *g)
{
    g->pf_out++;
}

int giru_pf_done(const giru_sim *g)
{
    return g->pf_out >= g->hi;
}

/* ---- the IRU's request side ------------------------------------------------------- */

unsigned giru_requests(const giru_sim *g)
{
    return (unsigned)g->nwant;
}

void giru_request_taken(giru_sim *g)
{
    size_t nw = (size_t)g->C * g->W;
    if (!g->nwant)
        return;
    uint64_t wi = g->wanting[g->hwant];
    g->hwant = (g->hwant + 1) % nw;
    g->nwant--;
    g->taken[(g->htaken + g->ntaken) % nw] = wi;
    g->ntaken++;
}

uint64_t giru_request_pop(giru_sim *g)
{
    uint64_t wi = g->wanting[g->hwant];
    g->hwant = (g->hwant + 1) % ((size_t)g->C * g->W);
    g->nwant--;
    return wi;
}

uint64_t giru_front_lo(const giru_sim *g)
{
    return g->lo;
}

void giru_reply_warp(giru_sim *g, uint64_t wi, uint64_t cycle, unsigned n, const uint32_t *idx,
                     const uint32_t *data)
{
    iwarp *w = &g->w[wi];
    w->ready = cycle + g->q.icfg->v[GIRU_LAT];
    if (!n) {
        g->st.iru_empty++;
        w->pc = P_EXIT;
        return;
    }
    n = n > g->WS ? g->WS : n;
    w->n = n;
    memcpy(w->idx, idx, n * sizeof *idx);
    memcpy(w->data, data, n * sizeof *data);
    w->pc = P_LOAD;
    unsigned c = (unsigned)(wi / g->W);
    if (w->ready < g->core_next[c])
        g->core_next[c] = w->ready;
}

void giru_reply(giru_sim *g, uint64_t cycle, unsigned n, const uint32_t *idx, const uint32_t *data)
{
    if (!g->ntaken)
        return;
    uint64_t wi = g->taken[g->htaken];
    g->htaken = (g->htaken + 1) % ((size_t)g->C * g->W);
    g->ntaken--;
    giru_reply_warp(g, wi, cycle, n, idx, data);
}

/* ---- the instructions ------------------------------------------------------------- */

static unsigned distinct(const uint64_t *a, unsigned n, unsigned line)
{
    unsigned d = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned j = 0;
        while (j < i && a[j] / line != a[i] / line)
            j++;
        d += j == i;
    }
    return d;
}

/* Baseline: the next WARP_SIZE elements with regular loads of the index
 * array (and the data array for SSSP / PageRank). */
static void fetch_plain(giru_sim *g, unsigned c, iwarp *w, uint64_t now)
{
    if (g->next >= g->hi) {
        w->pc = P_EXIT;
        w->ready = now + 1;
        return;
    }
    uint64_t a[GPU_MAX_WARP], b[GPU_MAX_WARP];
    unsigned n = 0;
    for (; n < g->WS && g->next < g->hi; n++, g->next++) {
        w->idx[n] = g->q.s->idx[g->next];
        w->data[n] = g->q.s->data[g->next];
        a[n] = elem_addr(A_WL, g->next);
        b[n] = elem_addr(A_WL + A_HALF, g->next);
    }
    w->n = n;
    g->st.mem_inst++;
    uint64_t at = gpu_mem_access(g->m, c, now, a, n, 0);
    if (g->q.k != IRHW_KERNEL_BFS) {
        g->st.mem_inst++;
        uint64_t at2 = gpu_mem_access(g->m, c, now, b, n, 0);
        at = at2 > at ? at2 : at;
    }
    w->ready = at;
    w->pc = P_LOAD;
}

/* The irregular load of label / dist (BFS, SSSP); PageRank has none. */
static void load_vals(giru_sim *g, unsigned c, iwarp *w, uint64_t now)
{
    g->st.elements += w->n;
    if (g->q.k == IRHW_KERNEL_PAGERANK) {
        for (unsigned i = 0; i < w->n; i++)
            w->on[i] = 1;
        w->pc = P_UPDATE;
        w->ready = now + 1;
        return;
    }
    uint64_t a[GPU_MAX_WARP];
    for (unsigned i = 0; i < w->n; i++) {
        a[i] = elem_addr(A_VAL, w->idx[i]);
        w->on[i] = w->data[i] < g->val[w->idx[i]];
    }
    g->st.mem_inst++;
    g->st.irr_inst++;
    g->st.irr_lines += distinct(a, w->n, g->k[GC_LINE]);
    w->ready = gpu_mem_access(g->m, c, now, a, w->n, 0);
    w->pc = P_CMP;
}

/* The atomics of a warp at the L2: one per distinct line (a warp's
 * atomics on one line are served together), one more per thread whose
 * address another thread of the warp already used (they serialize). */
static uint64_t atomics(giru_sim *g, const uint64_t *a, unsigned n, uint64_t now)
{
    uint64_t at = now + 1;
    unsigned line = g->k[GC_LINE];
    for (unsigned i = 0; i < n; i++) {
        unsigned j = 0;
        while (j < i && a[j] / line != a[i] / line)
            j++;
        int same = j < i && a[j] == a[i];
        if (j < i && !same)
            continue;
        uint64_t t = gpu_atomic_at(g->m, now, a[i]);
        at = t > at ? t : at;
        g->st.atom_lines += !same;
    }
    return at;
}

/* The update: BFS stores, SSSP atomicMin, PageRank atomicAdd, on the
 * threads whose compare said so (the values change here). */
static void update(giru_sim *g, unsigned c, iwarp *w, uint64_t now)
{
    uint64_t a[GPU_MAX_WARP];
    unsigned n = 0;
    for (unsigned i = 0; i < w->n; i++) {
        uint32_t v = w->idx[i];
        if (!w->on[i])
            continue;
        if (g->q.k == IRHW_KERNEL_PAGERANK) {
            float f;
            memcpy(&f, &w->data[i], sizeof f);
            g->rank[v] += f;
        } else if (w->data[i] < g->val[v]) {
            g->val[v] = w->data[i];
        }
        a[n++] = elem_addr(A_VAL, v);
    }
    w->pc = P_FETCH;
    w->n = 0;
    if (!n) { /* no thread updates: the warp branches past it */
        w->ready = now + 1;
        return;
    }
    g->st.mem_inst++;
    g->st.irr_inst++;
    g->st.irr_lines += distinct(a, n, g->k[GC_LINE]);
    if (g->q.k == IRHW_KERNEL_BFS) {
        w->ready = gpu_mem_access(g->m, c, now, a, n, 1);
        return;
    }
    g->st.atom_inst++;
    w->ready = atomics(g, a, n, now);
}

static void exec(giru_sim *g, unsigned c, iwarp *w, uint64_t now)
{
    size_t wi = (size_t)(w - g->w);
    switch (w->pc) {
    case P_FETCH:
        if (!g->q.iru) {
            fetch_plain(g, c, w, now);
            return;
        }
        g->st.mem_inst++;
        g->st.iru_reqs++;
        g->wanting[(g->hwant + g->nwant) % ((size_t)g->C * g->W)] = wi;
        g->nwant++;
        w->pc = P_WAIT_IRU;
        w->ready = UINT64_MAX;
        return;
    case P_LOAD:
        load_vals(g, c, w, now);
        return;
    case P_CMP:
        w->pc = P_UPDATE;
        w->ready = now + g->k[GC_ALU_LAT];
        return;
    case P_UPDATE:
        update(g, c, w, now);
        return;
    }
}

static int can_issue(const iwarp *w, uint64_t cycle)
{
    return w->pc != P_EXIT && w->pc != P_WAIT_IRU && w->ready <= cycle;
}

/* Greedy-then-oldest, ISSUE instructions a cycle, one per warp; returns
 * the first cycle a warp of the core may issue next. */
static uint64_t issue_core(giru_sim *g, unsigned c, uint64_t cycle)
{
    iwarp *ws = &g->w[(size_t)c * g->W];
    unsigned slots = g->k[GC_ISSUE];
    if (can_issue(&ws[g->greedy[c]], cycle)) {
        exec(g, c, &ws[g->greedy[c]], cycle);
        ws[g->greedy[c]].last = cycle + 1; /* issued this cycle (0 stays "never") */
        slots--;
    }
    while (slots) {
        unsigned best = g->W;
        for (unsigned i = 0; i < g->W; i++)
            if (can_issue(&ws[i], cycle) && ws[i].last != cycle + 1 &&
                (best == g->W || ws[i].last < ws[best].last))
                best = i;
        if (best == g->W)
            break;
        exec(g, c, &ws[best], cycle);
        ws[best].last = cycle + 1;
        g->greedy[c] = best;
        slots--;
    }
    uint64_t next = UINT64_MAX;
    for (unsigned i = 0; i < g->W; i++)
        if (ws[i].pc != P_EXIT && ws[i].pc != P_WAIT_IRU) {
            uint64_t r = ws[i].ready > cycle ? ws[i].ready : cycle + 1;
            next = r < next ? r : next;
        }
    return next;
}

void giru_cycle(giru_sim *g, uint64_t cycle)
{
    if (g->q.iru)
        pf_cycle(g, cycle);
    for (unsigned c = 0; c < g->C; c++)
        if (cycle >= g->core_next[c])
            g->core_next[c] = issue_core(g, c, cycle);
}

int giru_kernel_over(const giru_sim *g, uint64_t cycle)
{
    for (size_t i = 0; i < (size_t)g->C * g->W; i++)
        if (g->w[i].pc != P_EXIT || g->w[i].ready > cycle)
            return 0;
    return 1;
}

uint64_t giru_next_event(const giru_sim *g, uint64_t cycle)
{
    uint64_t next = UINT64_MAX;
    for (unsigned c = 0; c < g->C; c++)
        next = g->core_next[c] < next ? g->core_next[c] : next;
    for (size_t i = 0; i < (size_t)g->C * g->W; i++)
        if (g->w[i].ready > cycle && g->w[i].ready < next)
            next = g->w[i].ready;
    return next > cycle ? next : cycle + 1;
}

/* The values against the stream's reference: BFS levels and SSSP distances
 * equal; PageRank sums within a float's rounding of the sequential sum. */
static void check_values(giru_sim *g)
{
    const irhw_iru_stream *s = g->q.s;
    if (g->q.k != IRHW_KERNEL_PAGERANK) {
        for (uint32_t v = 0; v < s->nv && s->result; v++)
            if (g->val[v] != s->result[v])
                g->st.correct = 0;
        return;
    }
    double *ref = calloc(s->nv ? s->nv : 1, sizeof *ref);
    if (!ref) {
        g->st.correct = 0;
        return;
    }
    for (uint64_t e = 0; e < s->n; e++) {
        float f;
        memcpy(&f, &s->data[e], sizeof f);
        ref[s->idx[e]] += f;
    }
    for (uint32_t v = 0; v < s->nv; v++) {
        double d = fabs(g->rank[v] - ref[v]), r = fabs(ref[v]) > 0 ? d / fabs(ref[v]) : d;
        g->st.pr_err = r > g->st.pr_err ? r : g->st.pr_err;
    }
    g->st.correct = g->st.pr_err < 1e-3;
    free(ref);
}

const giru_stats *giru_finish(giru_sim *g, uint64_t cycles)
{
    g->st.cycles = cycles;
    g->st.gs = *gpu_stats(g->m);
    check_values(g);
    return &g->st;
}

int giru_run_plain(const giru_req *q, giru_stats *st, char *err, size_t errlen)
{
    giru_sim *g = giru_new(q, err, errlen);
    if (!g)
        return -1;
    uint64_t cycle = 0;
    unsigned launch = q->cfg->v[GC_LAUNCH];
    while (giru_kernel_begin(g, cycle)) {
        while (!giru_kernel_over(g, cycle)) {
            giru_cycle(g, cycle);
            cycle = giru_next_event(g, cycle);
        }
        cycle += launch;
    }
    *st = *giru_finish(g, cycle);
    giru_free(g);
    return 0;
}
