/*
 * workload_iru.c — BFS, SSSP and PageRank edge frontiers through iru_hash
 * (see workload.h). The frontiers come from plain sequential versions of
 * the kernels: the IRU changes which warp gets which element, not what the
 * level-synchronous kernels compute (dedup and min merge what the kernel's
 * own atomics would; fadd sums in another order), so the stream can be
 * built before the run. The run itself is tb/cosim.c's lockstep loop with
 * this file's element feeder as its stimulus source and an observer that
 * counts from the model's outputs; --model-only runs the model alone.
 */
#include "workload.h"

#include "iru_hash.h"
#include "modelrun.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const kernel_names[] = {"bfs", "sssp", "pagerank"};
/* As the paper's Fig. 15: SSSP and PageRank filtered, BFS not. */
static const char *const kernel_filters[] = {"none", "min", "fadd"};

const char *irhw_kernel_name(irhw_kernel k)
{
    return kernel_names[k];
}

const char *irhw_kernel_filter(irhw_kernel k)
{
    return kernel_filters[k];
}

int irhw_kernel_parse(const char *s)
{
    for (int k = 0; k < 3; k++)
        if (!strcmp(s, kernel_names[k]))
            return k;
    return -1;
}

/* ---- the element stream -------------------------------------------------------- */

typedef struct {
    irhw_iru_stream *s;
    uint64_t cap, fcap, max;
    int full, nomem;
} builder;

static void emit(builder *b, uint32_t idx, uint32_t data)
{
    irhw_iru_stream *s = b->s;
    if (b->max && s->n >= b->max) {
        b->full = 1;
        return;
    }
    if (s->n == b->cap) {
        uint64_t cap = b->cap ? 2 * b->cap : 4096;
        if (irhw_grow(&s->idx, sizeof *s->idx, cap) || irhw_grow(&s->data, sizeof *s->data, cap)) {
            b->nomem = b->full = 1;
            return;
        }
        b->cap = cap;
    }
    s->idx[s->n] = idx;
    s->data[s->n] = data;
    s->n++;
}

/* Closes the frontier begun at start[nfront] (an empty one is dropped). */
static void end_frontier(builder *b)
{
    irhw_iru_stream *s = b->s;
    if (s->n == s->start[s->nfront])
        return;
    if (s->nfront + 2 > b->fcap) {
        uint64_t cap = 2 * b->fcap;
        if (irhw_grow(&s->start, sizeof *s->start, cap)) {
            b->nomem = b->full = 1;
            return;
        }
        b->fcap = cap;
    }
    s->start[++s->nfront] = s->n;
}

/* SSSP edge weights: the file's, every one a whole number 1..65535; a
 * file without weights gets 1..64 from a hash of the edge's two ends (the
 * same both ways), as GPU SSSP studies do for unweighted inputs, and so
 * does a real matrix (a stiffness matrix's values: bcsstk13). */
int irhw_sssp_weights(const irhw_graph *g, uint32_t **wt, int *from_file, char *err, size_t errlen)
{
    *wt = NULL;
    *from_file = g->w && !(g->w_real && g->w_bad[0]);
    if (*from_file && g->w_bad[0]) {
        irhw_err(err, errlen,
                 "%s is not a whole number 1..65535: SSSP runs on the file's weights, so every "
                 "one must be (a graph without weights gets weights 1..64 from a hash of each "
                 "edge)",
                 g->w_bad);
        return 2;
    }
    uint32_t *w = malloc((g->m ? g->m : 1) * sizeof *w);
    if (!w) {
        irhw_err(err, errlen, "out of memory for %" PRIu64 " SSSP weights", g->m);
        return 3;
    }
    for (uint32_t u = 0; u < g->n; u++)
        for (uint64_t e = g->row[u]; e < g->row[u + 1]; e++) {
            if (*from_file) {
                w[e] = (uint32_t)g->w[e];
                continue;
            }
            uint64_t a = u < g->col[e] ? u : g->col[e], c = u < g->col[e] ? g->col[e] : u;
            uint64_t h = (a << 32 | c) * 0x9e3779b97f4a7c15ULL;
            w[e] = 1 + (uint32_t)((h ^ h >> 29) >> 58);
        }
    *wt = w;
    return 0;
}

const char *irhw_sssp_weights_said(const irhw_graph *g, int from_file)
{
    return from_file ? "the file's"
           : g->w    ? "1..64 from a hash of each edge: the file is a real matrix whose values "
                       "are not all whole numbers 1..65535"
                     : "1..64 from a hash of each edge: the file has none";
}

/* BFS (data = level + 1) or frontier Bellman-Ford SSSP (data = the
 * candidate distance); the result array gets levels or distances. */
static void build_traversal(builder *b, const irhw_graph *g, const uint32_t *wt, uint64_t *res)
{
    uint32_t *cur = malloc(((size_t)g->n + 1) * sizeof *cur);
    uint32_t *next = malloc(((size_t)g->n + 1) * sizeof *next);
    unsigned char *queued = calloc((size_t)g->n + 1, 1);
    if (!cur || !next || !queued) {
        b->nomem = 1;
        goto out;
    }
    for (uint32_t v = 0; v < g->n; v++)
        res[v] = IRHW_UNREACHED;
    uint32_t src = b->s->src;
    res[src] = 0;
    cur[0] = src;
    size_t ncur = 1;
    for (uint64_t round = 0; ncur && !b->full; round++) {
        size_t nnext = 0;
        for (size_t i = 0; i < ncur && !b->full; i++) {
            uint32_t u = cur[i];
            for (uint64_t e = g->row[u]; e < g->row[u + 1] && !b->full; e++) {
                uint32_t v = g->col[e];
                uint64_t cand = wt ? res[u] + wt[e] : round + 1;
                emit(b, v, cand > 0xffffffffu ? 0xffffffffu : (uint32_t)cand);
                if (b->full || cand >= res[v])
                    continue;
                res[v] = cand;
                if (!queued[v]) {
                    queued[v] = 1;
                    next[nnext++] = v;
                }
            }
        }
        end_frontier(b);
        for (size_t i = 0; i < nnext; i++)
            queued[next[i]] = 0;
        uint32_t *t = cur;
        cur = next;
        next = t;
        ncur = nnext;
    }
out:
    free(cur);
    free(next);
    free(queued);
}

/* One PageRank iteration from rank 1/n: every vertex pushes
 * rank/outdeg (binary32) to each neighbour. */
static void build_pagerank(builder *b, const irhw_graph *g)
{
    float rank = 1.0f / (float)g->n;
    for (uint32_t u = 0; u < g->n && !b->full; u++) {
        uint64_t deg = g->row[u + 1] - g->row[u];
        float c = deg ? rank / (float)deg : 0.0f;
        uint32_t bits;
        memcpy(&bits, &c, sizeof bits);
        for (uint64_t e = g->row[u]; e < g->row[u + 1] && !b->full; e++)
            emit(b, g->col[e], bits);
    }
    end_frontier(b);
}

int irhw_iru_stream_build(const irhw_graph *g, irhw_kernel k, uint64_t max_elems,
                          irhw_iru_stream *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    if (!g->n || !g->m) {
        irhw_err(err, errlen,
                 "the graph has %u vertices and no edges: %s has no frontier for iru_hash to "
                 "reorder (give a graph with at least one edge)",
                 g->n, irhw_kernel_name(k));
        return 1;
    }
    builder b = {s, 0, 64, max_elems, 0, 0};
    s->start = calloc(b.fcap, sizeof *s->start);
    s->nv = g->n;
    s->src = irhw_graph_hub(g);
    uint32_t *wt = NULL;
    int wrc;
    if (!s->start)
        b.nomem = 1;
    else if (k == IRHW_KERNEL_PAGERANK)
        build_pagerank(&b, g);
    else if (!(s->result = malloc((size_t)g->n * sizeof *s->result)))
        b.nomem = 1;
    else if (k == IRHW_KERNEL_SSSP &&
             (wrc = irhw_sssp_weights(g, &wt, &s->file_weights, err, errlen))) {
        irhw_iru_stream_free(s);
        return wrc == 2 ? 1 : -1;
    } else
        build_traversal(&b, g, wt, s->result);
    free(wt);
    if (b.nomem) {
        irhw_iru_stream_free(s);
        return irhw_err(err, errlen, "out of memory building the %s element stream",
                        irhw_kernel_name(k));
    }
    return 0;
}

void irhw_iru_stream_free(irhw_iru_stream *s)
{
    free(s->idx);
    free(s->data);
    free(s->start);
    free(s->result);
    memset(s, 0, sizeof *s);
}

/* The memory block of an index: iru_hash's own rule (index * ELEM_BYTES /
 * LINE_BYTES), written out here so that this file needs only the block's
 * header, not its code (`make ONLY=...` may leave iru_hash out). */
static uint64_t block_of(const iru_geom *g, uint64_t idx)
{
    return g->shift >= 64 ? 0 : idx >> g->shift;
}

/* Distinct memory blocks among n indices (n <= a warp: quadratic is fine). */
static unsigned distinct_blocks(const iru_geom *g, const uint64_t *idx, unsigned n)
{
    unsigned d = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t bi = block_of(g, idx[i]);
        unsigned j = 0;
        while (j < i && block_of(g, idx[j]) != bi)
            j++;
        d += j == i;
    }
    return d;
}

void irhw_iru_original(const irhw_iru_stream *s, const irhw_inst *x, unsigned warp, uint64_t *warps,
                       uint64_t *lines)
{
    const iru_geom *g = iru_g(x);
    uint64_t buf[1024];
    warp = warp > 1024 ? 1024 : warp ? warp : 1;
    *warps = *lines = 0;
    for (uint64_t f = 0; f < s->nfront; f++)
        for (uint64_t e = s->start[f]; e < s->start[f + 1]; e += warp) {
            unsigned n = 0;
            for (uint64_t i = e; i < s->start[f + 1] && n < warp; i++)
                buf[n++] = s->idx[i];
            (*warps)++;
            *lines += distinct_blocks(g, buf, n);
        }
}

/* ---- the feeder: the stimulus source of the run ------------------------------------ */

typedef struct {
    const irhw_iru_stream *s;
    const iru_geom *g;
    const irhw_ports *ps;
    uint64_t *lane; /* element on each lane, or UINT64_MAX */
    uint64_t next, front;
    unsigned flush_cycles, tail;
    unsigned req_every; /* while inserting, a warp asks for work every N cycles */
    int ended;
} feeder;

static uint64_t out_bit(const feeder *f, const uint64_t *v, enum iru_hash_port p, unsigned i)
{
    return irhw_bits_get(irhw_cwide(v, f->ps, (unsigned)f->g->port[p]), i, 1);
}

static void put(const feeder *f, uint64_t *in, enum iru_hash_port p, unsigned i, unsigned w,
                uint64_t x)
{
    if (f->g->port[p] >= 0)
        irhw_bits_set(irhw_wide(in, f->ps, (unsigned)f->g->port[p]), i * w, w, x & irhw_mask(w));
}

static int feed(void *ctx, uint64_t cycle, const uint64_t *prev, uint64_t *in)
{
    feeder *f = ctx;
    const iru_geom *g = f->g;
    const irhw_iru_stream *s = f->s;
    int busy = 0;
    for (unsigned l = 0; l < g->lanes; l++) {
        if (f->lane[l] != UINT64_MAX && out_bit(f, prev, IHP_INS_READY, l))
            f->lane[l] = UINT64_MAX;
        busy |= f->lane[l] != UINT64_MAX;
    }
    if (cycle < 2)
        return 0;
    if (f->front >= s->nfront) { /* a few cycles for the last replies, then stop */
        f->ended = ++f->tail > 4;
        return f->ended;
    }
    uint64_t end = s->start[f->front + 1];
    if (f->next < end || busy) {
        put(f, in, IHP_REQ, 0, 1, cycle % f->req_every == 0);
        f->flush_cycles = 0;
        for (unsigned l = 0; l < g->lanes; l++) {
            if (f->lane[l] == UINT64_MAX && f->next < end)
                f->lane[l] = f->next++;
            uint64_t e = f->lane[l];
            if (e == UINT64_MAX)
                continue;
            put(f, in, IHP_INS_VALID, l, 1, 1);
            put(f, in, IHP_INS_IDX, l, g->idx_bits, s->idx[e]);
            put(f, in, IHP_INS_DATA, l, g->data_bits, s->data[e]);
            put(f, in, IHP_INS_POS, l, g->pos_bits, e - s->start[f->front]);
        }
        return 0;
    }
    /* the frontier is in: flush until the unit is empty. `held` is the
     * previous cycle's start-of-cycle count, so two flush cycles first. */
    uint64_t held = irhw_get(prev, f->ps, (unsigned)g->port[IHP_HELD]);
    if (++f->flush_cycles > 2 && held == 0) {
        f->front++;
        f->flush_cycles = 0;
        return 0;
    }
    put(f, in, IHP_FLUSH, 0, 1, 1);
    put(f, in, IHP_REQ, 0, 1, 1); /* the end of a frontier: every warp waits */
    return 0;
}

/* ---- the observer: counts from the model's outputs (the RTL's without one)
 * ----------------------------------- */

typedef struct {
    const iru_geom *g;
    const irhw_ports *ps;
    irhw_iru_result *r;
    uint64_t grp[1024]; /* reply order: the warp being filled */
    unsigned gn;
} counter;

/* The warp of reply-order elements being filled is complete (or the run ended). */
static void packed_warp(counter *k)
{
    if (!k->gn)
        return;
    k->r->warps_packed++;
    k->r->lines_packed += distinct_blocks(k->g, k->grp, k->gn);
    k->gn = 0;
}

static uint64_t field(const counter *k, const uint64_t *v, enum iru_hash_port p, unsigned i,
                      unsigned w)
{
    if (k->g->port[p] < 0)
        return 0;
    return irhw_bits_get(irhw_cwide(v, k->ps, (unsigned)k->g->port[p]), i * w, w);
}

static void count_cycle(void *ctx, uint64_t cycle, const uint64_t *in, const uint64_t *out)
{
    counter *k = ctx;
    const iru_geom *g = k->g;
    irhw_iru_result *r = k->r;
    r->cycles = cycle + 1;
    if (field(k, in, IHP_RST, 0, 1))
        return;
    for (unsigned l = 0; l < g->lanes; l++)
        r->inserted += field(k, in, IHP_INS_VALID, l, 1) & field(k, out, IHP_INS_READY, l, 1);
    for (unsigned b = 0; b < g->banks; b++)
        r->merged += field(k, out, IHP_MRG_VALID, b, 1);
    if (!field(k, out, IHP_REP_VALID, 0, 1))
        return;
    uint64_t idx[1024];
    unsigned n = 0;
    while (n < g->slots && n < 1024 && field(k, out, IHP_REP_SLOT_VALID, n, 1)) {
        idx[n] = field(k, out, IHP_REP_IDX, n, g->idx_bits);
        n++;
    }
    if (!n)
        return; /* the empty "no more work" reply */
    r->replies++;
    r->replied += n;
    r->lines_after += distinct_blocks(g, idx, n);
    for (unsigned i = 0; i < n; i++) {
        k->grp[k->gn++] = idx[i];
        if (k->gn == (g->slots < 1024 ? g->slots : 1024))
            packed_warp(k);
    }
}

/* The cosim driver's observer: the same counts, every lockstep cycle. */
static int count_observe(void *ctx, uint64_t cycle, const void *model, const uint64_t *in,
                         const uint64_t *exp, const uint64_t *act)
{
    count_cycle(ctx, cycle, in, model ? exp : act);
    return 0;
}

/* The block the iru workload drives (its description's workload). */
static const char *iru_block(void)
{
    for (const irhw_block *const *b = irhw_blocks; *b; b++)
        if (irhw_block_has((*b)->workload, "iru"))
            return (*b)->name;
    return "none";
}

int irhw_iru_run(const irhw_iru_req *q, irhw_iru_result *r, char *err, size_t errlen)
{
    const iru_geom *g = iru_g(q->x);
    const irhw_iru_stream *s = q->s;
    memset(r, 0, sizeof *r);
    if (!irhw_block_has(q->x->b->workload, "iru"))
        return irhw_err(err, errlen, "the iru workload drives %s, not %s", iru_block(),
                        q->x->b->name);
    if (g->idx_bits < 32 && s->nv > (1ull << g->idx_bits))
        return irhw_err(err, errlen,
                        "the graph has %u vertices: IDX_BITS=%u holds indices below %llu", s->nv,
                        g->idx_bits, 1ull << g->idx_bits);
    irhw_iru_original(s, q->x, g->slots, &r->warps_before, &r->lines_before);
    feeder fd = {s, g, &q->x->ps, calloc(g->lanes, sizeof(uint64_t)), 0, 0, 0, 0, 1, 0};
    fd.req_every = q->req_every ? q->req_every : (g->slots + g->lanes - 1) / g->lanes;
    if (!fd.lane)
        return irhw_err(err, errlen, "out of memory setting up the feeder");
    for (unsigned l = 0; l < g->lanes; l++)
        fd.lane[l] = UINT64_MAX;
    counter ct = {.g = g, .ps = &q->x->ps, .r = r};
    /* generous: every element may wait a full timeout per set, plus flushes */
    uint64_t cap = 64 * s->n + (uint64_t)s->nfront * (8ull * g->sets + g->timeout + 64) + 100000;
    double t0 = irhw_now_s();
    int rc;
    irhw_stim_source src = {&fd, feed, 0};
    irhw_cosim_res cr;
    if (q->model_only) { /* with the block's conservation checker */
        rc = irhw_model_run(q->x, &src, cap, count_observe, &ct, &cr, err, errlen);
    } else {
        irhw_cosim_req cq = {0};
        cq.x = q->x;
        cq.cycles = cap;
        cq.quiet = q->quiet;
        cq.replay = q->replay;
        cq.source = &src;
        cq.observe = count_observe;
        cq.observe_ctx = &ct;
        rc = irhw_cosim(&cq, &cr, err, errlen);
    }
    packed_warp(&ct);
    if (!rc) {
        r->equal = cr.equal;
        snprintf(r->message, sizeof r->message, "%s", cr.message);
    }
    r->run_s = irhw_now_s() - t0;
    if (!rc && r->equal && !fd.ended)
        rc = irhw_err(
            err, errlen, "the stream did not drain within %llu cycles (frontier %llu of %llu)",
            (unsigned long long)cap, (unsigned long long)fd.front, (unsigned long long)s->nfront);
    free(fd.lane);
    return rc;
}
