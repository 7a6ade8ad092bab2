/*
 * iru.c — the partitioned IRU: PARTS iru_hash partitions that form one
 * logical hash table, joined by a unidirectional ring (IRU paper §3.2.1,
 * §3.2.2, §5: "there is a single logical hash table partitioned among the
 * IRUs. This motivates the inclusion of a ring interconnection between the
 * IRUs to forward the data to the corresponding partition of the logical
 * hash table"). A model-level composition: each partition is the
 * iru_hash C model (model/iru_hash.c) driven through its ports; the ring,
 * the FIFOs and the routing are modelled here, cycle by cycle. There is
 * no RTL of the composition (the partitions' RTL is gen/iru_hash.c).
 *
 * Home partition. The paper: "A hashing function of the element is used
 *   to determine which hash table entry it is mapped to and, therefore, if
 *   it will access a local bank or must be sent through the ring"; it does
 *   not say which bits. Here the logical set's low log2(PARTS) bits are the
 *   memory block's low bits: home = block mod PARTS, i.e. bits
 *   log2(LINE_BYTES) .. log2(LINE_BYTES) + log2(PARTS) - 1 of the
 *   element's byte offset (index x ELEM_BYTES), so consecutive lines go to
 *   consecutive partitions like the set -> bank rule. Inside its home a
 *   partition hashes block / PARTS (it runs with LINE_BYTES x PARTS): the
 *   local set is the XOR fold of the block's remaining bits, so all 1024
 *   logical sets of the paper's table are used. Elements of one block
 *   always meet in one entry; filtering works as in one partition.
 *
 * Data processing (§3.2.1). Each cycle a partition takes elements from the
 *   heads of its ring input buffer first, then of its prefetch FIFO ("the
 *   Data Processing block retrieves elements from both the smaller FIFO
 *   queues and the ring, prioritizing the latter"): an element whose home
 *   is this partition goes to a free insert lane of its hash (BANKS lanes;
 *   it stays there until the hash accepts it), another one onto the ring
 *   towards partition p + 1. A head that cannot move stops its queue.
 *
 * Ring. Unidirectional p -> p + 1 mod PARTS; a hop takes HOP cycles and
 *   carries up to RING_W elements a cycle (the paper: elements are sent to
 *   and received from the neighbours "at every cycle"; its 2.8 KB of ring
 *   buffering fixes neither width nor latency). A hop lands in the next
 *   partition's ring input buffer (BUF elements); a partition sends only
 *   with room there counting what is on the hop. Bubble rule against a
 *   ring deadlock: an element from the prefetch FIFO enters the ring only
 *   if RING_W places stay free beyond it; elements already on the ring may
 *   use them.
 *
 * Requests and replies. A warp's request goes to one partition (the SMs
 *   "distribute the requests evenly across the different IRUs"); that
 *   partition answers it from its own entries. The paper's "requests can
 *   be replied by IRU partitions other than the original" balancing is not
 *   modelled. Flush reaches a partition when the user asserts it and no
 *   element is left in any FIFO, on the ring or in its lanes.
 */
#include "iru.h"

#include <stdlib.h>
#include <string.h>

#define IRU_MAX_OUT 1024 /* requests outstanding at a partition */

typedef struct {
    iru_elt *e;
    unsigned cap, head, n;
} elt_q;

typedef struct {
    irhw_inst x;
    const iru_geom *g;
    void *m;
    uint64_t *in, *out;
    elt_q src, rin;
    iru_elt *lane;
    int *lane_valid;
    elt_q *hop;       /* [HOP] stages of the link to p + 1, RING_W each */
    unsigned on_hop;  /* elements on the hop to p + 1 */
    unsigned pending; /* requests not yet in the hash's FIFO */
    unsigned in_hash; /* requests in the hash's FIFO */
    iru_reply_t *rep; /* replies not yet popped */
    unsigned rep_head, rep_n;
} iru_part;

struct iru_sys {
    iru_cfg c;
    unsigned shift, part_bits;
    iru_part *p;
    int flush;
    uint64_t upstream; /* elements in FIFOs, ring buffers, hops and lanes */
    iru_sys_stats st;
};

static int q_init(elt_q *q, unsigned cap)
{
    q->cap = cap;
    q->head = q->n = 0;
    q->e = calloc(cap, sizeof *q->e);
    return q->e ? 0 : -1;
}

static int q_push(elt_q *q, const iru_elt *e)
{
    if (q->n == q->cap)
        return 0;
    q->e[(q->head + q->n++) % q->cap] = *e;
    return 1;
}

static const iru_elt *q_head(const elt_q *q)
{
    return q->n ? &q->e[q->head] : NULL;
}

static void q_pop(elt_q *q)
{
    q->head = (q->head + 1) % q->cap;
    q->n--;
}

void iru_cfg_defaults(iru_cfg *c)
{
    *c = (iru_cfg){.parts = 4, .hop = 1, .ring_w = 2, .buf = 32, .fifo = 64, .hash = ""};
}

static int is_pow2(uint64_t x)
{
    return x && !(x & (x - 1));
}

static int check_cfg(const iru_cfg *c, const irhw_cfg *hc, char *err, size_t errlen)
{
    int64_t sets = hc->v[IH_SETS];
    if (!is_pow2(c->parts) || (int64_t)c->parts > sets || c->parts > 64)
        return irhw_err(err, errlen,
                        "parameter PARTS=%u is not allowed: PARTS must be a power of two in "
                        "1..%d (at most SETS=%d)",
                        c->parts, (int)(sets < 64 ? sets : 64), (int)sets);
    if (c->hop < 1 || c->hop > 64)
        return irhw_err(err, errlen, "parameter HOP=%u is out of range: HOP must be 1..64", c->hop);
    if (c->ring_w < 1 || c->ring_w > 64)
        return irhw_err(err, errlen, "parameter RING_W=%u is out of range: RING_W must be 1..64",
                        c->ring_w);
    if (c->buf < 2 * c->ring_w || c->buf > 65536)
        return irhw_err(err, errlen,
                        "parameter BUF=%u is out of range: BUF must be %u..65536 (2 x RING_W)",
                        c->buf, 2 * c->ring_w);
    if (c->fifo < 1 || c->fifo > 65536)
        return irhw_err(err, errlen, "parameter FIFO=%u is out of range: FIFO must be 1..65536",
                        c->fifo);
    return 0;
}

/* Each partition's iru_hash configuration: the user's, hashing block / PARTS. */
static int part_cfg(const iru_cfg *c, irhw_cfg *hc, unsigned *shift, char *err, size_t errlen)
{
    const irhw_block *b = &irhw_block_iru_hash;
    irhw_cfg_defaults(b, hc);
    if (irhw_cfg_set_all(b, hc, c->hash ? c->hash : "", err, errlen))
        return -1;
    if (check_cfg(c, hc, err, errlen))
        return -1;
    int64_t line = hc->v[IH_LINE_BYTES], elem = hc->v[IH_ELEM_BYTES];
    if (line < elem)
        line = elem;
    if (!is_pow2((uint64_t)line) || !is_pow2((uint64_t)elem))
        return irhw_err(err, errlen,
                        "parameters LINE_BYTES=%d and ELEM_BYTES=%d must be powers "
                        "of two",
                        (int)line, (int)elem);
    if (line * c->parts > 4096)
        return irhw_err(err, errlen,
                        "parameter PARTS=%u is out of range with LINE_BYTES=%d: LINE_BYTES x PARTS "
                        "must be at most 4096",
                        c->parts, (int)line);
    *shift = irhw_clog2((uint64_t)(line / elem));
    char a[64];
    snprintf(a, sizeof a, "LINE_BYTES=%d", (int)(line * c->parts));
    return irhw_cfg_set(b, hc, a, err, errlen);
}

static void part_free(iru_part *p, unsigned hops)
{
    if (p->m)
        irhw_block_iru_hash.model_free(p->m);
    irhw_inst_free(&p->x);
    free(p->in);
    free(p->out);
    free(p->src.e);
    free(p->rin.e);
    free(p->lane);
    free(p->lane_valid);
    for (unsigned h = 0; p->hop && h < hops; h++)
        free(p->hop[h].e);
    free(p->hop);
    free(p->rep);
}

static int part_init(iru_part *p, const iru_cfg *c, const irhw_cfg *hc, char *err, size_t errlen)
{
    if (irhw_inst_init(&p->x, &irhw_block_iru_hash, hc, err, errlen))
        return -1;
    p->g = iru_g(&p->x);
    p->m = irhw_model_create(&p->x, err, errlen);
    if (!p->m)
        return -1;
    p->in = calloc(p->x.ps.in_words + 1, sizeof *p->in);
    p->out = calloc(p->x.ps.out_words + 1, sizeof *p->out);
    p->lane = calloc(p->g->lanes, sizeof *p->lane);
    p->lane_valid = calloc(p->g->lanes, sizeof *p->lane_valid);
    p->hop = calloc(c->hop, sizeof *p->hop);
    p->rep = calloc(IRU_MAX_OUT, sizeof *p->rep);
    int bad = !p->in || !p->out || !p->lane || !p->lane_valid || !p->hop || !p->rep ||
              q_init(&p->src, c->fifo) || q_init(&p->rin, c->buf);
    for (unsigned h = 0; !bad && h < c->hop; h++)
        bad = q_init(&p->hop[h], c->ring_w);
    return bad ? irhw_err(err, errlen, "out of memory for an IRU partition") : 0;
}

void iru_sys_free(iru_sys *s)
{
    if (!s)
        return;
    for (unsigned i = 0; s->p && i < s->c.parts; i++)
        part_free(&s->p[i], s->c.hop);
    free(s->p);
    free(s);
}

iru_sys *iru_sys_new(const iru_cfg *c, char *err, size_t errlen)
{
    irhw_cfg hc;
    unsigned shift = 0;
    if (part_cfg(c, &hc, &shift, err, errlen))
        return NULL;
    iru_sys *s = calloc(1, sizeof *s);
    if (!s || !(s->p = calloc(c->parts, sizeof *s->p))) {
        free(s);
        irhw_err(err, errlen, "out of memory for the IRU");
        return NULL;
    }
    s->c = *c;
    s->shift = shift;
    s->part_bits = irhw_clog2(c->parts);
    for (unsigned i = 0; i < c->parts; i++)
        if (part_init(&s->p[i], c, &hc, err, errlen)) {
            iru_sys_free(s);
            return NULL;
        }
    return s;
}

unsigned iru_home(const iru_sys *s, uint64_t idx)
{
    uint64_t blk = s->shift >= 64 ? 0 : idx >> s->shift;
    return (unsigned)(blk & (s->c.parts - 1));
}

int iru_sys_push(iru_sys *s, unsigned part, uint64_t idx, uint64_t data, uint64_t pos)
{
    iru_elt e = {idx, data, pos};
    int ok = part < s->c.parts && q_push(&s->p[part].src, &e);
    s->st.pushed += (uint64_t)ok;
    s->upstream += (uint64_t)ok;
    return ok;
}

static unsigned outstanding(const iru_part *p)
{
    return p->pending + p->in_hash + p->rep_n;
}

int iru_sys_request(iru_sys *s, unsigned part)
{
    if (part >= s->c.parts || outstanding(&s->p[part]) >= IRU_MAX_OUT)
        return 0;
    s->p[part].pending++;
    return 1;
}

void iru_sys_flush(iru_sys *s, int on)
{
    s->flush = on;
}

int iru_sys_reply(iru_sys *s, unsigned part, iru_reply_t *r)
{
    iru_part *p = part < s->c.parts ? &s->p[part] : NULL;
    if (!p || !p->rep_n)
        return 0;
    *r = p->rep[p->rep_head];
    p->rep_head = (p->rep_head + 1) % IRU_MAX_OUT;
    p->rep_n--;
    return 1;
}

/* ---- ports of a partition's hash ---------------------------------------- */

static void put(iru_part *p, enum iru_hash_port id, unsigned i, unsigned w, uint64_t v)
{
    if (p->g->port[id] >= 0 && w)
        irhw_bits_set(irhw_wide(p->in, &p->x.ps, (unsigned)p->g->port[id]), i * w, w, v);
}

static uint64_t get(const iru_part *p, enum iru_hash_port id, unsigned i, unsigned w)
{
    if (p->g->port[id] < 0 || !w)
        return 0;
    return irhw_bits_get(irhw_cwide(p->out, &p->x.ps, (unsigned)p->g->port[id]), i * w, w);
}

uint64_t iru_sys_held(const iru_sys *s)
{
    uint64_t n = s->upstream;
    for (unsigned i = 0; i < s->c.parts; i++)
        n += get(&s->p[i], IHP_HELD, 0, s->p[i].g->held_bits);
    return n;
}

unsigned iru_sys_waiting(const iru_sys *s, unsigned part)
{
    return part < s->c.parts ? s->p[part].pending + s->p[part].in_hash : 0;
}

const iru_sys_stats *iru_sys_stats_of(const iru_sys *s)
{
    return &s->st;
}

void *iru_sys_part_model(const iru_sys *s, unsigned part)
{
    return part < s->c.parts ? s->p[part].m : NULL;
}

/* ---- one cycle -------------------------------------------------------------- */

/* The hash of partition p: drive its lanes, request and flush, evaluate,
 * take what it accepted and replied, clock it. */
static void hash_cycle(iru_sys *s, iru_part *p, int flush)
{
    const iru_geom *g = p->g;
    memset(p->in, 0, p->x.ps.in_words * sizeof *p->in);
    for (unsigned l = 0; l < g->lanes; l++) {
        if (!p->lane_valid[l])
            continue;
        put(p, IHP_INS_VALID, l, 1, 1);
        put(p, IHP_INS_IDX, l, g->idx_bits, p->lane[l].idx);
        put(p, IHP_INS_DATA, l, g->data_bits, p->lane[l].data);
        put(p, IHP_INS_POS, l, g->pos_bits, p->lane[l].pos);
    }
    int req = p->pending > 0;
    put(p, IHP_REQ, 0, 1, (uint64_t)req);
    put(p, IHP_FLUSH, 0, 1, (uint64_t)flush);
    irhw_block_iru_hash.model_eval(p->m, p->in, p->out);
    for (unsigned l = 0; l < g->lanes; l++)
        if (p->lane_valid[l] && get(p, IHP_INS_READY, l, 1)) {
            p->lane_valid[l] = 0;
            s->st.inserted++;
            s->upstream--;
        }
    if (req && get(p, IHP_REQ_READY, 0, 1)) {
        p->pending--;
        p->in_hash++;
    }
    for (unsigned b = 0; g->filter != IH_NONE && b < g->banks; b++)
        s->st.merged += get(p, IHP_MRG_VALID, b, 1);
    if (get(p, IHP_REP_VALID, 0, 1)) {
        iru_reply_t *r = &p->rep[(p->rep_head + p->rep_n++) % IRU_MAX_OUT];
        r->n = 0;
        while (r->n < g->slots && get(p, IHP_REP_SLOT_VALID, r->n, 1)) {
            r->e[r->n] = (iru_elt){get(p, IHP_REP_IDX, r->n, g->idx_bits),
                                   get(p, IHP_REP_DATA, r->n, g->data_bits),
                                   get(p, IHP_REP_POS, r->n, g->pos_bits)};
            r->n++;
        }
        p->in_hash--;
        s->st.replies++;
        s->st.replied += r->n;
        s->st.empty_replies += r->n == 0;
    }
    irhw_block_iru_hash.model_tick(p->m, p->in);
}

/* The last stage of each hop lands in the next partition's buffer. */
static void ring_advance(iru_sys *s)
{
    unsigned H = s->c.hop, P = s->c.parts;
    for (unsigned i = 0; i < P; i++) {
        iru_part *p = &s->p[i];
        elt_q *last = &p->hop[H - 1];
        while (last->n) {
            q_push(&s->p[(i + 1) % P].rin, q_head(last)); /* room was reserved */
            q_pop(last);
            p->on_hop--;
            s->st.ring_hops++;
        }
        for (unsigned h = H - 1; h > 0; h--) {
            elt_q *a = &p->hop[h - 1], *b = &p->hop[h];
            while (a->n) {
                q_push(b, q_head(a));
                q_pop(a);
            }
        }
    }
}

static int free_lane(const iru_part *p)
{
    for (unsigned l = 0; l < p->g->lanes; l++)
        if (!p->lane_valid[l])
            return (int)l;
    return -1;
}

/* Move the heads of one queue of partition i: home -> a free lane, else
 * onto the ring, keeping `reserve` places of the next buffer free. */
static void route_queue(iru_sys *s, unsigned i, elt_q *q, unsigned reserve, unsigned *sent)
{
    iru_part *p = &s->p[i];
    const iru_part *next = &s->p[(i + 1) % s->c.parts];
    while (q->n) {
        const iru_elt *e = q_head(q);
        if (iru_home(s, e->idx) == i) {
            int l = free_lane(p);
            if (l < 0)
                return;
            p->lane[l] = *e;
            p->lane_valid[l] = 1;
        } else {
            /* the next buffer's free places not promised to the hop */
            uint64_t room = next->rin.cap - next->rin.n - p->on_hop;
            if (*sent == s->c.ring_w || room < 1 + (uint64_t)reserve) {
                s->st.ring_stalls++;
                return;
            }
            q_push(&p->hop[0], e);
            p->on_hop++;
            (*sent)++;
        }
        q_pop(q);
    }
}

void iru_sys_step(iru_sys *s)
{
    int flush = s->flush && s->upstream == 0;
    for (unsigned i = 0; i < s->c.parts; i++)
        hash_cycle(s, &s->p[i], flush);
    ring_advance(s);
    for (unsigned i = 0; i < s->c.parts; i++) {
        unsigned sent = 0;
        route_queue(s, i, &s->p[i].rin, 0, &sent);
        route_queue(s, i, &s->p[i].src, s->c.ring_w, &sent);
    }
    s->st.cycles++;
}
