/*
 * icrn — the inter-core redistribution network: a tree that carries donated
 * work IDs between the work redistribution units (WRUs) of the cores, with a
 * hub at the root. Models hwwl paper §III-C (tree with a hub at the root,
 * two hops core -> hub -> core, one injection and one delivery per core and
 * cycle, per-core empty/greedy bits, DONE only when no work is anywhere) and
 * §V-A (latency grows with the number of cores); spec: shared/spec/blocks.md §3.
 *
 * Decisions where the paper and the spec are silent:
 * - Tree: level 0 are the cores, level k >= 1 groups RADIX nodes of level
 *   k-1 into one hub (the last hub of a level may have fewer children, even
 *   one), until a single hub, the root, remains at level L. Every core is L
 *   hops below the root, so every trip is 2L hops: 2 for CORES <= RADIX.
 *   RADIX > CORES is legal: the root then has CORES children.
 * - Buffers: every tree link has one FIFO per direction at its receiving end,
 *   BUF_DEPTH entries each: up_<node> (node -> parent) and dn_<node>
 *   (parent -> node). A move over a link is one cycle: an entry written at a
 *   clock edge is visible at the FIFO head in the next cycle. Every FIFO
 *   takes a push only when not full *before* the edge (a registered ready:
 *   no combinational path from a delivery port back to an injection port),
 *   so BUF_DEPTH = 1 sustains one work ID every two cycles per link and
 *   BUF_DEPTH >= 2 one per cycle.
 * - Injection: inj_ready[i] = up_c<i> not full (state only); a work ID is
 *   accepted when inj_valid[i] && inj_ready[i]. Delivery: dlv_valid[i] =
 *   dn_c<i> not empty, dlv_id/dlv_src its head (zero when not valid); it is
 *   consumed when dlv_valid[i] && dlv_ready[i]. dlv_src tells the receiver
 *   which core donated the ID.
 * - Work IDs carry their source core (core_bits) from the first hub up, and
 *   their destination core from the root down. A node that covers a single
 *   core stores neither (its source is a constant, its destination itself).
 * - Routing: everything goes up to the root, which alone chooses the
 *   destination (it sees every greedy bit): up to the root, across, down.
 * - Non-root hub, per cycle: up — round-robin among children whose up FIFO
 *   is not empty, one ID moved into its own up FIFO if that is not full;
 *   down — the head of its dn FIFO moves to the child that covers its
 *   destination if that child's dn FIFO is not full (else it waits: head of
 *   line blocking inside a subtree is accepted).
 * - Root, per cycle, at most one work ID (the root is a single-issue hub):
 *     needy[j]  = !core_greedy[j] (this cycle's input) && the root's dn FIFO
 *                 toward core j is not full;
 *     cand_c    = needy without the source core of child c's head;
 *     eligible  = children whose up FIFO is not empty and cand_c != 0;
 *   the root picks the eligible child round-robin, then the destination
 *   round-robin in cand_c, and moves the ID into the dn FIFO toward it. An
 *   ID with no candidate waits at the root (backpressure) without blocking
 *   the other children (the IDs queued behind it in the same FIFO wait).
 *   "Delivered to a core whose greedy bit is clear" holds at the time of
 *   this decision: an ID already on its way down still goes to its
 *   destination if that core turns greedy (it is never dropped).
 * - Round-robin pointers: one per arbiter, the index of the request with
 *   the highest priority in this cycle; the grant goes to the first request
 *   at or after the pointer (wrapping), and after a grant to index g the
 *   pointer becomes (g + 1) mod N; no grant leaves it unchanged. Reset: 0.
 *   The root has two: over its children and over the cores (destinations).
 * - all_done (combinational) = every core_empty bit set in this cycle && no
 *   inj_valid in this cycle && every FIFO empty in this cycle. An ID being
 *   delivered this cycle is still in its FIFO, so all_done rises at the
 *   earliest the cycle after the last delivery; an ID offered (even if not
 *   accepted) drops it in the same cycle.
 * - core_greedy is read only by the root's decision, core_empty only by
 *   all_done. BUF_DEPTH defaults to 2, the smallest full-throughput depth
 *   (the paper gives no buffer size).
 * - Reset (synchronous) empties every FIFO (flushing what was in flight)
 *   and zeroes the round-robin pointers.
 */
#include "icrn.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- the model ------------------------------------------------------------ */

typedef struct {
    uint64_t id;
    unsigned src, dst;
    uint64_t t_inj; /* model only: cycle of injection, for latency statistics */
} icrn_ent;

typedef struct {
    icrn_ent *e; /* depth entries */
    unsigned head, n;
    /* What reads this FIFO's state, set once by icrn_new: fifo_moved
     * updates it after a push or a pop. */
    int core;          /* a core's own FIFO (its ports show it): that core, else -1 */
    int dn;            /* toward a core (else toward the root) */
    unsigned parent;   /* up: the node it feeds (flat index) ... */
    unsigned kid;      /* ... and which of that node's children it comes from */
    uint64_t root_dst; /* dn FIFO of a root child: the cores it leads to, else 0 */
} icrn_fifo;

/* One move of a hub or the root, decided from the state before the clock edge. */
typedef struct {
    icrn_fifo *from, *to;
    icrn_ent ent;
} icrn_move;

typedef struct {
    const irhw_ports *ps;
    icrn_geom g;
    unsigned base[ICRN_MAX_LEVELS + 1]; /* flat index of node (k, 0) */
    unsigned nbuf;                      /* nodes with buffers: every non-root node */
    icrn_fifo *up, *dn;                 /* [nbuf], by flat node index */
    icrn_ent *pool;
    unsigned *rr;    /* [nodes]: a hub's arbiter over its children */
    unsigned rr_dst; /* root: destination core with the highest priority */
    icrn_move *moves;
    /* derived once (no divisions per cycle): the child of a level-k node
     * toward each core, the root's children, entries in every FIFO */
    unsigned char toward[ICRN_MAX_LEVELS + 1][ICRN_MAX_CORES];
    uint64_t all; /* a bit per core */
    unsigned root_first, root_nc;
    icrn_fifo *root_dn[ICRN_MAX_CORES]; /* the root's dn FIFO toward core j */
    unsigned occ;
    /* Kept by fifo_moved, so no decision loops over idle children: work[n]
     * the children of node n whose up FIFO holds an ID; root_src[c] the bit
     * of the source core of root child c's head (while it holds one);
     * root_full the cores whose root dn FIFO is full. */
    uint64_t *work;
    uint64_t root_src[16], root_full;
    /* The outputs that follow from the state alone (inj_ready, dlv_valid,
     * dlv_id, dlv_src): fifo_moved updates them for a core whose FIFO
     * moved, eval copies them. */
    uint64_t ready, valid;
    uint64_t *dlv_id, *dlv_src; /* the packed buses, id_words and src_words */
    icrn_field fid[ICRN_MAX_CORES], fsrc[ICRN_MAX_CORES]; /* core i's fields there */
    unsigned id_words, src_words;
    /* The root's offers this cycle (root_offers), from the state before the
     * edge and core_greedy: eval finds them, the coverage reads them and
     * tick moves by them unless greedy differs or an edge came between. */
    struct icrn_offers {
        uint64_t greedy, req, cand[16]; /* cand[c]: destinations for child c's head */
        unsigned offers;                /* children whose up FIFO holds work */
        int valid;
    } ro;
    uint64_t cycle;
    struct {
        uint64_t injected, delivered, flushed, root_moves, root_stalls, lat_sum, lat_min, lat_max;
        unsigned occ_max;
    } st;
} icrn_model;

static unsigned node(const icrn_model *m, unsigned level, unsigned i)
{
    return m->base[level] + i;
}

static void field_set(uint64_t *bus, const icrn_field *f, uint64_t x)
{
    bus[f->w] = (bus[f->w] & ~f->lo) | (x << f->sh & f->lo);
    if (f->hi)
        bus[f->w + 1] = (bus[f->w + 1] & ~f->hi) | (x >> (64 - f->sh) & f->hi);
}

static int fifo_full(const icrn_model *m, const icrn_fifo *f)
{
    return f->n >= m->g.depth;
}
static const icrn_ent *fifo_head(const icrn_fifo *f)
{
    return f->n ? &f->e[f->head] : NULL;
}

/* After a push or a pop on f (head: its head entry changed): what reads
 * its state. A core's FIFOs drive its ports: inj_ready from its up FIFO,
 * dlv_valid/dlv_id/dlv_src from the head of its dn FIFO (zero when empty);
 * an up FIFO holding an ID is a request to its parent (work, and for the
 * root the source of the head); a dn FIFO of a root child is full or not
 * for the cores below it (root_full). */
static void fifo_moved(icrn_model *m, const icrn_fifo *f, int head)
{
    const icrn_ent *h = &f->e[f->head]; /* the head slot, read even when empty and masked */
    uint64_t has = f->n != 0, keep = -has;
    if (f->dn) {
        if (f->root_dst)
            m->root_full =
                (m->root_full & ~f->root_dst) | (f->root_dst & -(uint64_t)fifo_full(m, f));
        if (f->core >= 0 && head) {
            unsigned i = (unsigned)f->core;
            m->valid = (m->valid & ~((uint64_t)1 << i)) | has << i;
            field_set(m->dlv_id, &m->fid[i], h->id & keep);
            field_set(m->dlv_src, &m->fsrc[i], h->src & keep);
        }
        return;
    }
    uint64_t kid = (uint64_t)1 << f->kid;
    m->work[f->parent] = (m->work[f->parent] & ~kid) | (kid & keep);
    if (head && has && f->parent == m->nbuf) /* the root (the last node) */
        m->root_src[f->kid] = (uint64_t)1 << h->src;
    if (f->core >= 0) {
        unsigned i = (unsigned)f->core;
        m->ready = (m->ready & ~((uint64_t)1 << i)) | (uint64_t)!fifo_full(m, f) << i;
    }
}

static void fifo_pop(icrn_model *m, icrn_fifo *f)
{
    f->head = f->head + 1 == m->g.depth ? 0 : f->head + 1;
    f->n--;
    m->occ--;
    fifo_moved(m, f, 1);
}

static void fifo_push(icrn_model *m, icrn_fifo *f, const icrn_ent *e)
{
    unsigned t = f->head + f->n;
    f->e[t >= m->g.depth ? t - m->g.depth : t] = *e;
    f->n++;
    m->occ++;
    fifo_moved(m, f, f->n == 1); /* a new head only if it was empty */
}

/* Round robin among n requests (bits of req, p < n): the first set bit at
 * or after p, else the first set bit (wrapping); -1 if none. */
static int rr_pick(uint64_t req, unsigned p)
{
    uint64_t from_p = req >> p << p;
    return from_p ? __builtin_ctzll(from_p) : req ? __builtin_ctzll(req) : -1;
}

/* The child (local index) of a node of `level` that covers `core`, a core
 * inside that node's subtree. */
static unsigned child_toward(const icrn_model *m, unsigned level, unsigned core)
{
    return m->toward[level][core];
}

static void icrn_reset(icrn_model *m)
{
    for (unsigned n = 0; n < m->nbuf; n++) {
        m->up[n].head = m->up[n].n = 0;
        m->dn[n].head = m->dn[n].n = 0;
    }
    memset(m->rr, 0, sizeof *m->rr * (m->nbuf + 1));
    m->rr_dst = 0;
    m->occ = 0;
    for (unsigned n = 0; n < m->nbuf; n++) {
        fifo_moved(m, &m->up[n], 1);
        fifo_moved(m, &m->dn[n], 1);
    }
}

static void root_offers(icrn_model *m, uint64_t greedy);

void icrn_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    icrn_model *m = vm;
    const irhw_ports *ps = m->ps;
    /* a few words (two and one at the defaults): no memcpy call */
    uint64_t *id = irhw_wide(out, ps, IC_DLV_ID), *src = irhw_wide(out, ps, IC_DLV_SRC);
    for (unsigned w = 0; w < m->id_words; w++)
        id[w] = m->dlv_id[w];
    for (unsigned w = 0; w < m->src_words; w++)
        src[w] = m->dlv_src[w];
    root_offers(m, irhw_get(in, ps, IC_CORE_GREEDY));
    irhw_set(out, ps, IC_INJ_READY, m->ready);
    irhw_set(out, ps, IC_DLV_VALID, m->valid);
    uint64_t all = m->all;
    int done =
        irhw_get(in, ps, IC_CORE_EMPTY) == all && irhw_get(in, ps, IC_INJ_VALID) == 0 && !m->occ;
    irhw_set(out, ps, IC_ALL_DONE, (uint64_t)done);
}

/* Non-root hub (k, i): one move up, one move down. */
static unsigned hub_moves(icrn_model *m, unsigned k, unsigned i, icrn_move *mv)
{
    unsigned self = node(m, k, i), first, nc, nm = 0;
    uint64_t req = m->work[self];
    if (!req && !m->dn[self].n)
        return 0;
    icrn_children(&m->g, k, i, &first, &nc);
    if (req && !fifo_full(m, &m->up[self])) {
        unsigned gsel = (unsigned)rr_pick(req, m->rr[self]);
        icrn_fifo *f = &m->up[node(m, k - 1, first + gsel)];
        mv[nm++] = (icrn_move){f, &m->up[self], *fifo_head(f)};
        m->rr[self] = gsel + 1 == nc ? 0 : gsel + 1;
    }
    const icrn_ent *h = fifo_head(&m->dn[self]);
    if (h) {
        icrn_fifo *to = &m->dn[node(m, k - 1, first + child_toward(m, k, h->dst))];
        if (!fifo_full(m, to))
            mv[nm++] = (icrn_move){&m->dn[self], to, *h};
    }
    return nm;
}

/* The root's offers: for each child with work, the cores its head may go
 * to (needy: not greedy, the root's dn FIFO toward them not full; not its
 * source); req: the children with somewhere to go. cand[c] is set for the
 * children with work only (root_moves reads it for one in req). */
static void root_offers(icrn_model *m, uint64_t greedy)
{
    struct icrn_offers *o = &m->ro;
    uint64_t needy = m->all & ~m->root_full & ~greedy;
    uint64_t work = m->work[m->nbuf];
    o->greedy = greedy;
    o->req = 0;
    o->offers = 0;
    o->valid = 1;
    for (; work; work &= work - 1) {
        unsigned c = (unsigned)__builtin_ctzll(work);
        o->offers++;
        o->cand[c] = needy & ~m->root_src[c];
        o->req |= (uint64_t)(o->cand[c] != 0) << c;
    }
}

/* Root: at most one work ID from a child's up FIFO to a dn FIFO. */
static unsigned root_moves(icrn_model *m, uint64_t greedy, icrn_move *mv)
{
    const icrn_geom *g = &m->g;
    const struct icrn_offers *o = &m->ro;
    unsigned L = g->levels, self = node(m, L, 0), first = m->root_first, nc = m->root_nc;
    if (!o->valid || o->greedy != greedy) /* not eval's: find them again */
        root_offers(m, greedy);
    if (!o->req) {
        if (o->offers)
            m->st.root_stalls++;
        return 0;
    }
    unsigned gsel = (unsigned)rr_pick(o->req, m->rr[self]);
    unsigned d = (unsigned)rr_pick(o->cand[gsel], m->rr_dst);
    icrn_fifo *from = &m->up[node(m, L - 1, first + gsel)];
    icrn_ent e = *fifo_head(from);
    e.dst = d;
    mv[0] = (icrn_move){from, m->root_dn[d], e};
    m->rr[self] = gsel + 1 == nc ? 0 : gsel + 1;
    m->rr_dst = d + 1 == g->cores ? 0 : d + 1;
    m->st.root_moves++;
    return 1;
}

static void note_delivery(icrn_model *m, const icrn_ent *e)
{
    uint64_t lat = m->cycle - e->t_inj;
    m->st.delivered++;
    m->st.lat_sum += lat;
    if (m->st.delivered == 1 || lat < m->st.lat_min)
        m->st.lat_min = lat;
    if (lat > m->st.lat_max)
        m->st.lat_max = lat;
}

void icrn_tick(void *vm, const uint64_t *in)
{
    icrn_model *m = vm;
    const irhw_ports *ps = m->ps;
    const icrn_geom *g = &m->g;
    if (irhw_get(in, ps, IC_RST)) {
        for (unsigned n = 0; n < m->nbuf; n++)
            m->st.flushed += m->up[n].n + m->dn[n].n;
        icrn_reset(m);
        m->ro.valid = 0;
        m->cycle++;
        return;
    }
    /* Every decision reads the state before the edge: the hubs' and the
     * root's first (into moves), the cores' from the registered inj_ready
     * and dlv_valid. Then the moves, in any order: each FIFO has one reader
     * and one writer, pops only what it held before the edge and takes a
     * push only if it was not full before the edge. */
    icrn_move *mv = m->moves;
    unsigned nm = 0;
    for (unsigned k = 1; k < g->levels; k++)
        for (unsigned i = 0; i < g->count[k]; i++)
            nm += hub_moves(m, k, i, mv + nm);
    nm += root_moves(m, irhw_get(in, ps, IC_CORE_GREEDY), mv + nm);
    uint64_t acc = irhw_get(in, ps, IC_INJ_VALID) & m->ready;
    uint64_t dlv = irhw_get(in, ps, IC_DLV_READY) & m->valid;

    for (unsigned k = 0; k < nm; k++) {
        fifo_pop(m, mv[k].from);
        fifo_push(m, mv[k].to, &mv[k].ent);
    }
    /* only the cores that inject or receive, bit by bit: no branch per core */
    const uint64_t *ids = irhw_cwide(in, ps, IC_INJ_ID);
    for (; acc; acc &= acc - 1) {
        unsigned i = (unsigned)__builtin_ctzll(acc);
        icrn_ent e = {irhw_bits_get(ids, i * g->id_bits, g->id_bits), i, i, m->cycle};
        fifo_push(m, &m->up[i], &e);
        m->st.injected++;
    }
    for (; dlv; dlv &= dlv - 1) {
        unsigned i = (unsigned)__builtin_ctzll(dlv);
        note_delivery(m, fifo_head(&m->dn[i]));
        fifo_pop(m, &m->dn[i]);
    }
    m->ro.valid = 0; /* the state moved */
    if (m->occ > m->st.occ_max)
        m->st.occ_max = m->occ;
    m->cycle++;
}

/* Coverage: the root's offers this cycle, termination and backpressure. */
void icrn_coverage(const void *vm, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const icrn_model *m = vm;
    const irhw_ports *ps = m->ps;
    if (irhw_get(in, ps, IC_RST))
        return;
    /* the root's offers: eval found them for this cycle's state and greedy */
    unsigned offers = m->ro.offers;
    if (offers && !m->ro.req)
        hits[IC_COV_ROOT_BLOCKED]++;
    if (offers >= 2)
        hits[IC_COV_ROOT_CONTENTION]++;
    if (m->ro.req) { /* the root's grants: its round-robin pointers wrap after the last */
        unsigned gsel = (unsigned)rr_pick(m->ro.req, m->rr[node(m, m->g.levels, 0)]);
        if (gsel + 1 == m->root_nc)
            hits[IC_COV_SRC_PTR_WRAPS]++;
        if ((unsigned)rr_pick(m->ro.cand[gsel], m->rr_dst) + 1 == m->g.cores)
            hits[IC_COV_DST_PTR_WRAPS]++;
    }
    uint64_t inj = irhw_get(in, ps, IC_INJ_VALID);
    if (inj & ~irhw_get(out, ps, IC_INJ_READY))
        hits[IC_COV_INJ_REFUSED]++;
    if (irhw_get(out, ps, IC_DLV_VALID) & ~irhw_get(in, ps, IC_DLV_READY))
        hits[IC_COV_DLV_STALLED]++;
    if (irhw_get(in, ps, IC_CORE_EMPTY) != m->all)
        return;
    int busy = m->occ != 0;
    if (busy && !inj)
        hits[IC_COV_NOT_DONE_WORK_IN_BUFFER]++;
    if (!busy && inj)
        hits[IC_COV_NOT_DONE_OFFER]++;
    if (irhw_get(out, ps, IC_ALL_DONE))
        hits[IC_COV_ALL_DONE]++;
}

void icrn_free(void *vm)
{
    icrn_model *m = vm;
    if (m) {
        free(m->up);
        free(m->dn);
        free(m->pool);
        free(m->rr);
        free(m->work);
        free(m->moves);
        free(m->dlv_id);
        free(m->dlv_src);
    }
    free(m);
}

void *icrn_new(const irhw_inst *x)
{
    icrn_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->ps = &x->ps;
    m->g = *icrn_g(x);
    m->all = irhw_mask(m->g.cores);
    unsigned nodes = 0;
    for (unsigned k = 0; k <= m->g.levels; k++) {
        m->base[k] = nodes;
        nodes += m->g.count[k];
    }
    m->nbuf = nodes - 1; /* the root is the last node and has no buffers */
    m->up = calloc(m->nbuf, sizeof *m->up);
    m->dn = calloc(m->nbuf, sizeof *m->dn);
    m->pool = calloc((size_t)2 * m->nbuf * m->g.depth, sizeof *m->pool);
    m->rr = calloc(nodes, sizeof *m->rr);
    m->work = calloc(nodes, sizeof *m->work);
    /* per cycle: each hub two moves, the root one */
    m->moves = calloc(2 * (size_t)nodes + 1, sizeof *m->moves);
    m->id_words = irhw_words(m->g.cores * m->g.id_bits);
    m->src_words = irhw_words(m->g.cores * m->g.core_bits);
    m->dlv_id = calloc(m->id_words + 1, sizeof *m->dlv_id);
    m->dlv_src = calloc(m->src_words + 1, sizeof *m->dlv_src);
    if (!m->up || !m->dn || !m->pool || !m->rr || !m->work || !m->moves || !m->dlv_id ||
        !m->dlv_src) {
        icrn_free(m);
        return NULL;
    }
    for (unsigned n = 0; n < m->nbuf; n++) {
        m->up[n].e = m->pool + (size_t)(2 * n) * m->g.depth;
        m->dn[n].e = m->pool + (size_t)(2 * n + 1) * m->g.depth;
    }
    for (unsigned i = 0; i < m->g.cores; i++) {
        m->fid[i] = icrn_field_at(i * m->g.id_bits, m->g.id_bits);
        m->fsrc[i] = icrn_field_at(i * m->g.core_bits, m->g.core_bits);
    }
    for (unsigned k = 0; k < m->g.levels; k++)
        for (unsigned i = 0; i < m->g.count[k]; i++) {
            icrn_fifo *u = &m->up[node(m, k, i)], *d = &m->dn[node(m, k, i)];
            u->core = d->core = k == 0 ? (int)i : -1;
            d->dn = 1;
            u->parent = node(m, k + 1, i / m->g.radix); /* icrn_children */
            u->kid = i % m->g.radix;
        }
    for (unsigned k = 1; k <= m->g.levels; k++)
        for (unsigned j = 0; j < m->g.cores; j++)
            m->toward[k][j] = (unsigned char)(j / m->g.span[k - 1] % m->g.radix);
    icrn_children(&m->g, m->g.levels, 0, &m->root_first, &m->root_nc);
    for (unsigned j = 0; j < m->g.cores; j++)
        m->root_dn[j] =
            &m->dn[node(m, m->g.levels - 1, m->root_first + child_toward(m, m->g.levels, j))];
    for (unsigned j = 0; j < m->g.cores; j++)
        m->root_dn[j]->root_dst |= (uint64_t)1 << j;
    icrn_reset(m);
    return m;
}

void icrn_stats(void *vm, FILE *f)
{
    const icrn_model *m = vm;
    fprintf(f,
            "icrn: %" PRIu64 " work IDs injected, %" PRIu64 " delivered, %" PRIu64
            " flushed by a reset, %" PRIu64 " routed by the root\n",
            m->st.injected, m->st.delivered, m->st.flushed, m->st.root_moves);
    if (m->st.delivered)
        fprintf(f,
                "icrn: latency inject->deliver min %" PRIu64 " avg %.2f max %" PRIu64
                " cycles (no contention: %u)\n",
                m->st.lat_min, (double)m->st.lat_sum / (double)m->st.delivered, m->st.lat_max,
                2 * m->g.levels);
    fprintf(f,
            "icrn: most work IDs in the network at once: %u; cycles the root held work "
            "it could not route: %" PRIu64 "\n",
            m->st.occ_max, m->st.root_stalls);
}
