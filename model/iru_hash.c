/*
 * iru_hash — the IRU reordering hash: a direct-mapped, multi-banked hash
 * table whose entries gather up to one warp's worth (SLOTS) of elements
 * that hit the same memory block, replied to warps that request work.
 * Models the IRU paper §3.2 (data processing, data reply, timeout, flush),
 * §3.3 (reordering hash, merge on tag mismatch, filter hardware), §4
 * (secondary array, original position, filtering: drop, integer min, fp32
 * add) and §5 (sizes); spec: shared/spec/blocks.md §5.
 *
 * Decisions where the paper and the spec are silent (the RTL of
 * gen/iru_hash.c follows every one, cycle by cycle):
 *
 * Hash. block = index >> log2(LINE_BYTES / ELEM_BYTES), i.e.
 *   (index * ELEM_BYTES) / LINE_BYTES with both powers of two. The set is
 *   the XOR fold of the block number into log2(SETS)-bit chunks (low
 *   chunk first): consecutive blocks go to consecutive sets, high bits
 *   still disperse. set -> bank = set mod BANKS (low bits), row = set /
 *   BANKS. The tag is not stored: an element joins its set's entry whatever
 *   block the entry holds (§3.3, "merge even if the tag differs").
 *
 * Insert port. LANES = BANKS lanes, each with valid/ready and one element
 *   (index, data, position); the paper's classifier feeds the hash from
 *   several FIFO queues, one element per queue per cycle (§3.2.1), and
 *   the banks allow one insertion per bank per cycle. Any lane may carry
 *   any element; a lane is accepted (ins_ready, which is only ever high
 *   with ins_valid) when its set's entry is not complete, its bank is not
 *   busy (below) and no lane of higher priority goes to the same bank.
 *   Priority rotates: lane (prio + k) mod LANES has rank k, prio counts
 *   cycles. Nothing is dropped: an element not accepted stays on its lane.
 *   The position is an input (the prefetcher knows where it read the
 *   element; elements reach a partition from the ring in any order).
 *   While flush or rst is high no lane is accepted.
 *
 * Entries. A set holds count (0..SLOTS) and SLOTS slots of (index, data,
 *   position), filled from slot 0: valid slots are always a prefix. An
 *   entry with count = SLOTS is complete and accepts nothing until it is
 *   replied (the backpressure of a full table).
 *
 * Filtering (FILTER != none). An element whose index is already in its
 *   entry is not stored. The entry's indices are flip-flops (both
 *   STORAGE values) so the compare is in the insert cycle (indices in an
 *   entry are distinct, so at most one slot matches); the slot's data
 *   and position are read (SRAM: synchronous read in the insert cycle) and
 *   the merge completes the next cycle in the bank's merge stage: `dedup`
 *   drops the element, `min` keeps the unsigned minimum, `fadd` the
 *   binary32 sum kept + incoming (model/fp32.c: RNE, subnormals kept,
 *   canonical NaN 7fc00000). The element kept keeps its position. The
 *   merge stage reports each merged-out element on the mrg_* ports (its
 *   index, data, position, and the kept element's position and data
 *   before/after), which is what the conservation check reads.
 *
 * Storage. Per bank, one macro per slot: ROWS = SETS/BANKS words of
 *   (index,) data and position (the index only with FILTER=none, where no
 *   compare needs it). flops: irhw_regfile_1rw (combinational read);
 *   sram: irhw_sram_1rw (synchronous read). Both STORAGE values have the
 *   same cycle behaviour: every bank port use is placed so that either
 *   macro works, hence one model for both. Port rules: a bank does one
 *   thing per cycle. An insert is not accepted into a bank that (a) has
 *   a merge stage busy (write-back/read of the kept slot), (b) is read
 *   this cycle by the reply engine, or (c) is read by the reply engine's
 *   output phase (the cycle after). The reply engine does not read a bank
 *   whose merge stage is busy.
 *
 * Reply engine. At most one action per cycle, decided from the state and
 *   `flush` (never from this cycle's inserts). The unit drains when flush
 *   is high or (TIMEOUT > 0) the oldest waiting request has timed out.
 *   Priority order:
 *   0. a waiting request and a full pack buffer (no pack read in flight):
 *      reply it. SLOTS gathered elements are a complete reply, draining or
 *      not (spec §5's clarification), and the oldest: a flush withdrawn
 *      after filling it, or a timeout fill overtaken, leaves it to the
 *      next request, ahead of entries that complete meanwhile;
 *   1. a waiting request and a complete entry: reply it;
 *   2. a waiting request, draining, the pack buffer holds elements, no
 *      pack read is in flight, and no entry holds elements: reply the
 *      pack buffer (partial: the table is empty);
 *   3. draining, the fullest entry is partial and the pack buffer has
 *      room: pack step — move the top k = min(count, SLOTS - fill)
 *      elements of the fullest entry (slots count-k .. count-1, so the rest
 *      stays a prefix and nothing moves inside the entry) to the pack
 *      buffer;
 *   4. flush, a waiting request and the unit holds nothing: an empty
 *      reply (rep_valid with no valid slot), the "no more work" answer.
 *   The entry chosen in 1 and 3 is the one with the most elements, ties to
 *   the lowest set (one arg-max tree serves both); if its bank's merge
 *   stage is busy, actions 1 and 3 wait a cycle. An action frees the entry
 *   (count := 0, or count - k) at once; the reply (or the pack buffer
 *   write) happens in the output phase, the next cycle, from the macros'
 *   read data (SRAM) or a combinational read (flops). So a reply appears
 *   one cycle after it is decided, one reply per cycle at most, to the
 *   oldest waiting request (replies are in request order).
 *   Flush therefore packs all partial entries into ceil(total/SLOTS)
 *   replies: splitting is allowed, no slot is left empty but the last.
 *   Known limit: complete entries are served lowest set first, so a
 *   high-numbered complete entry (and the inserts its set backpressures)
 *   can wait while lower sets keep completing and requests are scarce.
 *
 * Timeout fill (spec §5, paper §3.2.2 "fetches data from the hash table
 *   with the best coalesced data entry present and sends the response once
 *   enough data to satisfy the request is retrieved"): a timed-out request
 *   is answered by the same pack steps as a flush, best-coalesced first —
 *   each step takes the entry that is fullest in that cycle (ties: lowest
 *   set), one entry per cycle — until the pack buffer holds SLOTS elements
 *   or no entry holds any; the last entry taken may be split (its top
 *   elements go, the rest stays for a later reply). A fill of n entries is
 *   replied n + 1 cycles after the expiry is seen (the last pack read must
 *   land) and appears one cycle later. Inserts go on during a timeout fill
 *   (only flush stops them), so an entry may grow between steps; the pack
 *   buffer only ever holds elements of the fill under way. If an entry
 *   becomes complete meanwhile, action 1 answers the expired request with
 *   it, and what the pack buffer holds waits for the next drain (the next
 *   expiry or a flush) unless it is full (action 0) — a reply never goes
 *   out partial while an entry holds elements, which the checker
 *   (tb/iru_hash_stim.c) verifies.
 *   A timeout never replies an entry straight from its slots: a fullest
 *   entry of SLOTS elements is complete (action 1).

 * Requests. `req` (one per cycle) joins a FIFO of REQS waiting requests
 *   (req_ready low when full; a refused request is not counted). With
 *   TIMEOUT > 0 each holds its arrival time (ceil(log2(TIMEOUT+1)) bits,
 *   wrapping); requests expire in arrival order, at most one per cycle, so
 *   only the oldest unexpired one is compared (age >= TIMEOUT) and an
 *   expired count replaces per-request timers. TIMEOUT = 0: no timeout.
 *
 * held = elements in entries + pack buffer + merge stages + reply being
 *   output, at the start of the cycle; the conservation checker compares it
 *   with the elements inserted and not yet replied or merged out.
 *
 * Defaults: the paper's sizes (256 sets, 2 banks, 32 slots, 24/32/24 b,
 *   128-byte lines, 4-byte elements), FILTER=none (filtering is optional in
 *   the API), STORAGE=sram (the paper costs SRAM with CACTI), TIMEOUT=1000
 *   and REQS=64 (the paper gives no timeout value, and a 2 KB request FIFO
 *   without a per-request size).
 *
 * Reset: every count, stage, pointer, the pack buffer fill and held are
 *   cleared; the data arrays are not (their contents are only seen through
 *   valid slots). Outputs: reply and merge fields are zero in invalid slots.
 */
#include "iru_hash.h"

#include "fp32.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

uint64_t iru_block_of(const iru_geom *g, uint64_t idx)
{
    return g->shift >= 64 ? 0 : idx >> g->shift;
}

unsigned iru_set_of(const iru_geom *g, uint64_t idx)
{
    if (g->set_bits == 0)
        return 0;
    uint64_t blk = iru_block_of(g, idx), set = 0;
    for (; blk; blk >>= g->set_bits)
        set ^= blk & irhw_mask(g->set_bits);
    return (unsigned)set;
}

uint64_t iru_merge(const iru_geom *g, uint64_t kept, uint64_t incoming)
{
    if (g->filter == IH_MIN)
        return incoming < kept ? incoming : kept;
    if (g->filter == IH_FADD)
        return fp32_add((uint32_t)kept, (uint32_t)incoming);
    return kept;
}

/* ---- the model ------------------------------------------------------------ */

typedef struct {
    uint64_t idx, data, pos;
} iru_elem;

enum iru_act_kind { ACT_NONE, ACT_REPLY_ENTRY, ACT_REPLY_PACK, ACT_REPLY_DONE, ACT_PACK };
enum iru_reply_why { WHY_COMPLETE, WHY_TIMEOUT, WHY_FLUSH };

/* A reply-engine action; latched as the output phase of the next cycle. */
typedef struct {
    enum iru_act_kind kind;
    unsigned set, lo, k, f; /* entry, first slot, elements, pack buffer offset */
    enum iru_reply_why why;
} iru_act;

typedef struct {
    int valid;
    unsigned set, slot; /* the kept element */
    iru_elem e;         /* the element merged out */
} iru_stage;

typedef struct {
    unsigned set, bank;
    int eligible, grant, match;
    unsigned slot; /* match: the kept slot; else the slot written */
} iru_lane;

typedef struct {
    uint64_t inserted, filtered, replies[3], done_replies; /* replies[why] */
    uint64_t multi_fills; /* timeout replies filled from two or more entries */
    uint64_t replied_elems, reply_lines, stall_lane_cycles, bank_conflicts;
    uint64_t pack_steps, pack_splits;
    uint64_t pb_wait, pb_wait_max; /* cycles a full pack buffer waited with a request waiting */
    uint64_t orig_groups, orig_lines;
    uint64_t *group; /* blocks of the current original-order group */
    unsigned group_n;
} iru_stats;

typedef struct {
    iru_geom g;
    const irhw_ports *ps;
    int off[IHP_N]; /* each port's first word in in[] or out[], -1 when absent */
    /* state */
    unsigned *cnt;             /* [sets] */
    iru_elem *ent;             /* [sets][slots] */
    iru_elem *pb;              /* pack buffer [slots] */
    unsigned pb_fill;          /* planned fill: includes a pack read in flight */
    unsigned pb_parts;         /* pack steps since the pack buffer was last replied */
    enum iru_reply_why pb_why; /* why the last pack step ran (flush or timeout) */
    iru_stage *stage;          /* [banks] */
    iru_act op;                /* output phase of last cycle's action */
    unsigned rq_cnt, rq_head, rq_nexp;
    uint32_t *rq_ts, now;
    uint64_t held;
    unsigned prio;
    /* this cycle's decisions (from state + inputs) */
    iru_act act;
    unsigned best_set, best_cnt; /* the first set with the most elements */
    int best_stale;              /* a count fell in best_set: find it again */
    /* The sets by count: bit s of level c (swords words from lvl + c *
     * swords) is set iff cnt[s] == c, and nlvl[c] counts those bits; the
     * first set with the most elements is the lowest bit of the highest
     * level that has one. */
    uint64_t *lvl;
    unsigned *nlvl, swords;
    iru_lane *lane;
    uint64_t *eval_in; /* the inputs eval decided on: tick reuses the decisions */
    int eval_valid;
    iru_stats st;
} iru_model;

static iru_elem *slot_of(iru_model *m, unsigned set, unsigned slot)
{
    return &m->ent[(size_t)set * m->g.slots + slot];
}

/* Field i (width bits) of port p. Inline: eval, tick and the coverage read
 * and write a few dozen fields a cycle, most of them 1 bit wide. */
static inline __attribute__((always_inline)) uint64_t
in_field(const iru_model *m, const uint64_t *in, enum iru_hash_port p, unsigned i, unsigned width)
{
    int o = m->off[p];
    return o < 0 ? 0 : irhw_bits_get(in + o, i * width, width);
}

static inline __attribute__((always_inline)) void out_field(const iru_model *m, uint64_t *out,
                                                            enum iru_hash_port p, unsigned i,
                                                            unsigned width, uint64_t x)
{
    int o = m->off[p];
    if (o >= 0)
        irhw_bits_set(out + o, i * width, width, x);
}

static int bank_busy(const iru_model *m, unsigned bank)
{
    return m->stage[bank].valid;
}

static int op_reads_bank(const iru_act *a, unsigned banks, unsigned bank)
{
    return (a->kind == ACT_REPLY_ENTRY || a->kind == ACT_PACK) && a->set % banks == bank;
}

static uint32_t request_age(const iru_model *m)
{
    unsigned i = (m->rq_head + m->rq_nexp) % m->g.reqs;
    return (m->now - m->rq_ts[i]) & (uint32_t)irhw_mask(m->g.ts_bits);
}

/* Set s now holds c elements (cnt and the levels). */
static void set_count(iru_model *m, unsigned s, unsigned c)
{
    uint64_t bit = (uint64_t)1 << (s % 64);
    unsigned w = s / 64, old = m->cnt[s];
    m->lvl[(size_t)old * m->swords + w] &= ~bit;
    m->lvl[(size_t)c * m->swords + w] |= bit;
    m->nlvl[old]--;
    m->nlvl[c]++;
    m->cnt[s] = c;
}

/* The first set with the most elements, from the levels: no count is
 * above best_cnt (the inserts raise it, only falls made it stale). */
static void find_best(iru_model *m)
{
    unsigned c = m->best_cnt;
    while (c > 0 && !m->nlvl[c])
        c--;
    const uint64_t *v = m->lvl + (size_t)c * m->swords;
    unsigned w = 0;
    while (!v[w])
        w++;
    m->best_cnt = c;
    m->best_set = w * 64 + (unsigned)__builtin_ctzll(v[w]);
    m->best_stale = 0;
}

/* The reply engine's action for this cycle (priority list in the header). */
static void decide_action(iru_model *m, int flush)
{
    const iru_geom *g = &m->g;
    iru_act *a = &m->act;
    memset(a, 0, sizeof *a);
    if (m->best_stale) /* kept up to date by the inserts; looked up only after a fall */
        find_best(m);
    unsigned bc = m->best_cnt, bs = m->best_set;
    int waiting = m->rq_cnt > 0;
    int sel_ok = !bank_busy(m, bs % g->banks);
    int pack_in_flight = m->op.kind == ACT_PACK;
    /* draining: flush, or the oldest waiting request timed out */
    int drain = flush || (g->timeout && m->rq_nexp > 0);
    /* outside a drain, a full pack buffer is replied for the drain that filled it */
    enum iru_reply_why why = flush ? WHY_FLUSH : drain ? WHY_TIMEOUT : m->pb_why;
    if (waiting && m->pb_fill == g->slots && !pack_in_flight) {
        *a = (iru_act){ACT_REPLY_PACK, 0, 0, m->pb_fill, 0, why};
    } else if (waiting && bc == g->slots && sel_ok) {
        *a = (iru_act){ACT_REPLY_ENTRY, bs, 0, bc, 0, WHY_COMPLETE};
    } else if (waiting && drain && m->pb_fill > 0 && !pack_in_flight && bc == 0) {
        *a = (iru_act){ACT_REPLY_PACK, 0, 0, m->pb_fill, 0, why};
    } else if (drain && bc > 0 && bc < g->slots && m->pb_fill < g->slots && sel_ok) {
        unsigned room = g->slots - m->pb_fill, k = bc < room ? bc : room;
        *a = (iru_act){ACT_PACK, bs, bc - k, k, m->pb_fill, why};
    } else if (flush && waiting && m->held == 0) {
        *a = (iru_act){ACT_REPLY_DONE, 0, 0, 0, 0, WHY_FLUSH};
    }
}

/* Which lanes are accepted this cycle. */
static void decide_lanes(iru_model *m, const uint64_t *in)
{
    const iru_geom *g = &m->g;
    int rst = (int)in_field(m, in, IHP_RST, 0, 1), flush = (int)in_field(m, in, IHP_FLUSH, 0, 1);
    for (unsigned l = 0; l < g->lanes; l++) {
        iru_lane *ln = &m->lane[l];
        memset(ln, 0, sizeof *ln);
        uint64_t idx = in_field(m, in, IHP_INS_IDX, l, g->idx_bits);
        ln->set = iru_set_of(g, idx);
        ln->bank = ln->set % g->banks;
        unsigned c = m->cnt[ln->set];
        ln->eligible = in_field(m, in, IHP_INS_VALID, l, 1) && !rst && !flush && c < g->slots &&
                       !bank_busy(m, ln->bank) && !op_reads_bank(&m->act, g->banks, ln->bank) &&
                       !op_reads_bank(&m->op, g->banks, ln->bank);
        ln->slot = c;
        if (g->filter != IH_NONE)
            for (unsigned j = 0; j < c; j++)
                if (slot_of(m, ln->set, j)->idx == idx) {
                    ln->match = 1;
                    ln->slot = j;
                    break;
                }
    }
    for (unsigned l = 0; l < g->lanes; l++) {
        iru_lane *ln = &m->lane[l];
        unsigned rank = (l - m->prio) & (g->lanes - 1);
        ln->grant = ln->eligible;
        for (unsigned j = 0; j < g->lanes && ln->grant; j++) {
            unsigned rj = (j - m->prio) & (g->lanes - 1);
            if (j != l && m->lane[j].eligible && m->lane[j].bank == ln->bank && rj < rank)
                ln->grant = 0;
        }
    }
}

static void decide(iru_model *m, const uint64_t *in)
{
    size_t bytes = m->ps->in_words * sizeof *in;
    if (m->eval_valid && !memcmp(m->eval_in, in, bytes))
        return; /* eval decided on these inputs, and the state has not moved */
    decide_action(m, (int)in_field(m, in, IHP_FLUSH, 0, 1));
    decide_lanes(m, in);
    memcpy(m->eval_in, in, bytes);
    m->eval_valid = 1;
}

static int op_is_reply(const iru_act *a)
{
    return a->kind == ACT_REPLY_ENTRY || a->kind == ACT_REPLY_PACK || a->kind == ACT_REPLY_DONE;
}

static const iru_elem *reply_elem(iru_model *m, unsigned i)
{
    return m->op.kind == ACT_REPLY_ENTRY ? slot_of(m, m->op.set, i) : &m->pb[i];
}

void iru_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    iru_model *m = vm;
    const iru_geom *g = &m->g;
    decide(m, in);
    memset(out, 0, m->ps->out_words * sizeof *out);
    for (unsigned l = 0; l < g->lanes; l++)
        out_field(m, out, IHP_INS_READY, l, 1, (uint64_t)m->lane[l].grant);
    int rst = (int)in_field(m, in, IHP_RST, 0, 1);
    out_field(m, out, IHP_REQ_READY, 0, 1, (uint64_t)(!rst && m->rq_cnt < g->reqs));
    if (op_is_reply(&m->op)) {
        out_field(m, out, IHP_REP_VALID, 0, 1, 1);
        for (unsigned i = 0; i < m->op.k; i++) {
            const iru_elem *e = reply_elem(m, i);
            out_field(m, out, IHP_REP_SLOT_VALID, i, 1, 1);
            out_field(m, out, IHP_REP_IDX, i, g->idx_bits, e->idx);
            out_field(m, out, IHP_REP_DATA, i, g->data_bits, e->data);
            out_field(m, out, IHP_REP_POS, i, g->pos_bits, e->pos);
        }
    }
    for (unsigned b = 0; b < g->banks && g->filter != IH_NONE; b++) {
        const iru_stage *s = &m->stage[b];
        if (!s->valid)
            continue;
        const iru_elem *kept = slot_of(m, s->set, s->slot);
        out_field(m, out, IHP_MRG_VALID, b, 1, 1);
        out_field(m, out, IHP_MRG_IDX, b, g->idx_bits, s->e.idx);
        out_field(m, out, IHP_MRG_DATA, b, g->data_bits, s->e.data);
        out_field(m, out, IHP_MRG_POS, b, g->pos_bits, s->e.pos);
        out_field(m, out, IHP_MRG_KEEP_POS, b, g->pos_bits, kept->pos);
        out_field(m, out, IHP_MRG_KEEP_OLD, b, g->data_bits, kept->data);
        out_field(m, out, IHP_MRG_KEEP_NEW, b, g->data_bits, iru_merge(g, kept->data, s->e.data));
    }
    out_field(m, out, IHP_HELD, 0, g->held_bits, m->held);
}

/* Coverage: the reply engine's action and the lanes, as eval decided them. */
void iru_cover(const void *vm, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const iru_model *m = vm;
    const iru_geom *g = &m->g;
    if (in_field(m, in, IHP_RST, 0, 1))
        return;
    switch (m->act.kind) {
    case ACT_REPLY_ENTRY:
        hits[IH_COV_REPLY_COMPLETE]++;
        break;
    case ACT_PACK:
        hits[m->act.why == WHY_TIMEOUT ? IH_COV_TIMEOUT_PACK : IH_COV_FLUSH_PACK]++;
        if (m->act.why == WHY_TIMEOUT && m->pb_fill > 0)
            hits[IH_COV_TIMEOUT_FILL_MULTI]++;
        break;
    case ACT_REPLY_PACK:
        hits[m->act.why == WHY_TIMEOUT ? IH_COV_REPLY_TIMEOUT : IH_COV_PACK_REPLY]++;
        if (m->act.why == WHY_FLUSH && !in_field(m, in, IHP_FLUSH, 0, 1))
            hits[IH_COV_FLUSH_WITHDRAWN]++;
        break;
    case ACT_REPLY_DONE:
        hits[IH_COV_DONE_REPLY]++;
        break;
    default:
        break;
    }
    if (m->rq_cnt == g->reqs && in_field(m, in, IHP_REQ, 0, 1))
        hits[IH_COV_REQS_FULL]++;
    if (op_is_reply(&m->act) && m->rq_head + 1 == g->reqs)
        hits[IH_COV_REQS_WRAP]++;
    int flush = (int)in_field(m, in, IHP_FLUSH, 0, 1);
    for (unsigned l = 0; l < g->lanes; l++) {
        const iru_lane *ln = &m->lane[l];
        if (ln->eligible && !ln->grant)
            hits[IH_COV_BANK_CONFLICT]++;
        if (!flush && in_field(m, in, IHP_INS_VALID, l, 1) && m->cnt[ln->set] == g->slots)
            hits[IH_COV_ENTRY_FULL_REFUSES]++;
        if (ln->grant && ln->match)
            hits[g->filter == IH_DEDUP ? IH_COV_DEDUP_DROP
                 : g->filter == IH_MIN ? IH_COV_MIN_MERGE
                                       : IH_COV_FADD_MERGE]++;
    }
}

static void iru_reset(iru_model *m)
{
    memset(m->cnt, 0, m->g.sets * sizeof *m->cnt);
    /* every set at level 0 */
    memset(m->lvl, 0, (size_t)(m->g.slots + 1) * m->swords * sizeof *m->lvl);
    memset(m->nlvl, 0, (m->g.slots + 1) * sizeof *m->nlvl);
    for (unsigned s = 0; s < m->g.sets; s += 64)
        m->lvl[s / 64] = irhw_mask(m->g.sets - s < 64 ? m->g.sets - s : 64);
    m->nlvl[0] = m->g.sets;
    memset(m->stage, 0, m->g.banks * sizeof *m->stage);
    memset(&m->op, 0, sizeof m->op);
    m->pb_fill = m->pb_parts = 0;
    m->pb_why = WHY_FLUSH;
    m->rq_cnt = m->rq_head = m->rq_nexp = 0;
    m->now = 0;
    m->held = 0;
    m->prio = 0;
    m->st.group_n = 0;
    m->st.pb_wait = 0;
    m->best_set = m->best_cnt = 0;
    m->best_stale = 0;
}

/* ---- statistics ---- */

static unsigned distinct_blocks(uint64_t *blk, unsigned n)
{
    unsigned d = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned j = 0;
        while (j < i && blk[j] != blk[i])
            j++;
        d += j == i;
    }
    return d;
}

static void stats_reply(iru_model *m)
{
    const iru_geom *g = &m->g;
    iru_stats *st = &m->st;
    if (m->op.kind == ACT_REPLY_DONE) {
        st->done_replies++;
        return;
    }
    uint64_t blk[64];
    for (unsigned i = 0; i < m->op.k; i++)
        blk[i] = iru_block_of(g, reply_elem(m, i)->idx);
    st->replies[m->op.why]++;
    st->replied_elems += m->op.k;
    st->reply_lines += distinct_blocks(blk, m->op.k);
}

static void stats_insert(iru_model *m, uint64_t idx)
{
    iru_stats *st = &m->st;
    st->inserted++;
    st->group[st->group_n++] = iru_block_of(&m->g, idx);
    if (st->group_n == m->g.slots) {
        st->orig_groups++;
        st->orig_lines += distinct_blocks(st->group, st->group_n);
        st->group_n = 0;
    }
}

/* ---- clock edge ---- */

static void tick_output_phase(iru_model *m)
{
    if (op_is_reply(&m->op))
        stats_reply(m);
    if (m->op.kind == ACT_PACK)
        for (unsigned j = 0; j < m->op.k; j++)
            m->pb[m->op.f + j] = *slot_of(m, m->op.set, m->op.lo + j);
}

static unsigned tick_merge_stages(iru_model *m)
{
    unsigned n = 0;
    for (unsigned b = 0; b < m->g.banks; b++) {
        iru_stage *s = &m->stage[b];
        if (!s->valid)
            continue;
        iru_elem *kept = slot_of(m, s->set, s->slot);
        kept->data = iru_merge(&m->g, kept->data, s->e.data);
        s->valid = 0;
        m->st.filtered++;
        n++;
    }
    return n;
}

static void tick_action(iru_model *m)
{
    const iru_act *a = &m->act;
    switch (a->kind) {
    case ACT_REPLY_ENTRY:
        set_count(m, a->set, 0);
        m->best_stale |= a->set == m->best_set;
        break;
    case ACT_REPLY_PACK:
        m->st.multi_fills += a->why == WHY_TIMEOUT && m->pb_parts >= 2;
        m->pb_fill = 0;
        m->pb_parts = 0;
        break;
    case ACT_PACK:
        m->pb_parts++;
        m->pb_why = a->why;
        m->st.pack_steps++;
        m->st.pack_splits += a->k < m->cnt[a->set];
        set_count(m, a->set, m->cnt[a->set] - a->k);
        m->best_stale |= a->set == m->best_set;
        m->pb_fill += a->k;
        break;
    default:
        break;
    }
}

static unsigned tick_inserts(iru_model *m, const uint64_t *in)
{
    const iru_geom *g = &m->g;
    unsigned n = 0;
    for (unsigned l = 0; l < g->lanes; l++) {
        const iru_lane *ln = &m->lane[l];
        if (in_field(m, in, IHP_INS_VALID, l, 1) && !ln->grant)
            m->st.stall_lane_cycles++;
        if (ln->eligible && !ln->grant)
            m->st.bank_conflicts++;
        if (!ln->grant)
            continue;
        iru_elem e = {in_field(m, in, IHP_INS_IDX, l, g->idx_bits),
                      in_field(m, in, IHP_INS_DATA, l, g->data_bits),
                      in_field(m, in, IHP_INS_POS, l, g->pos_bits)};
        stats_insert(m, e.idx);
        n++;
        if (ln->match) {
            m->stage[ln->bank] = (iru_stage){1, ln->set, ln->slot, e};
        } else {
            *slot_of(m, ln->set, ln->slot) = e;
            unsigned c = m->cnt[ln->set] + 1;
            set_count(m, ln->set, c);
            if (c > m->best_cnt || (c == m->best_cnt && ln->set < m->best_set)) {
                m->best_cnt = c;
                m->best_set = ln->set;
            }
        }
    }
    return n;
}

/* A full pack buffer is a complete reply: how long it waits while a
 * request waits (spec §5's clarification: not past a withdrawn flush). */
static void stats_pack_wait(iru_model *m)
{
    iru_stats *st = &m->st;
    if (m->pb_fill == m->g.slots && m->rq_cnt > 0 && m->act.kind != ACT_REPLY_PACK) {
        if (++st->pb_wait > st->pb_wait_max)
            st->pb_wait_max = st->pb_wait;
    } else {
        st->pb_wait = 0;
    }
}

uint64_t iru_pack_wait_max(const void *vm)
{
    return ((const iru_model *)vm)->st.pb_wait_max;
}

static void tick_requests(iru_model *m, const uint64_t *in)
{
    const iru_geom *g = &m->g;
    int pop = op_is_reply(&m->act);
    int expire = g->timeout && m->rq_nexp < m->rq_cnt && request_age(m) >= g->timeout;
    int push = in_field(m, in, IHP_REQ, 0, 1) && m->rq_cnt < g->reqs;
    if (push && g->timeout)
        m->rq_ts[(m->rq_head + m->rq_cnt) % g->reqs] = m->now;
    m->rq_nexp += (unsigned)expire;
    if (pop) {
        if (m->rq_nexp > 0)
            m->rq_nexp--;
        m->rq_head = (m->rq_head + 1) % g->reqs;
    }
    m->rq_cnt = m->rq_cnt + (unsigned)push - (unsigned)pop;
    if (g->timeout)
        m->now = (m->now + 1) & (uint32_t)irhw_mask(g->ts_bits);
}

void iru_tick(void *vm, const uint64_t *in)
{
    iru_model *m = vm;
    decide(m, in);
    m->eval_valid = 0; /* the state moves now */
    if (in_field(m, in, IHP_RST, 0, 1)) {
        iru_reset(m);
        return;
    }
    uint64_t out_k = op_is_reply(&m->op) ? m->op.k : 0;
    stats_pack_wait(m);
    tick_output_phase(m);
    unsigned merged = tick_merge_stages(m);
    tick_action(m);
    unsigned accepted = tick_inserts(m, in);
    tick_requests(m, in);
    m->op = m->act;
    m->held = m->held + accepted - merged - out_k;
    m->prio = (m->prio + 1) & (m->g.lanes - 1);
}

void iru_free(void *vm)
{
    iru_model *m = vm;
    if (!m)
        return;
    free(m->cnt);
    free(m->lvl);
    free(m->nlvl);
    free(m->ent);
    free(m->pb);
    free(m->stage);
    free(m->rq_ts);
    free(m->lane);
    free(m->eval_in);
    free(m->st.group);
    free(m);
}

void *iru_new(const irhw_inst *x)
{
    iru_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->g = *iru_g(x);
    m->ps = &x->ps;
    const iru_geom *g = &m->g;
    for (unsigned p = 0; p < IHP_N; p++)
        m->off[p] = g->port[p] < 0 ? -1 : (int)m->ps->p[g->port[p]].off;
    m->cnt = calloc(g->sets, sizeof *m->cnt);
    m->swords = irhw_words(g->sets);
    m->lvl = calloc((size_t)(g->slots + 1) * m->swords, sizeof *m->lvl);
    m->nlvl = calloc(g->slots + 1, sizeof *m->nlvl);
    m->ent = calloc((size_t)g->sets * g->slots, sizeof *m->ent);
    m->pb = calloc(g->slots, sizeof *m->pb);
    m->stage = calloc(g->banks, sizeof *m->stage);
    m->rq_ts = calloc(g->reqs, sizeof *m->rq_ts);
    m->lane = calloc(g->lanes, sizeof *m->lane);
    m->eval_in = calloc(m->ps->in_words + 1, sizeof *m->eval_in);
    m->st.group = calloc(g->slots, sizeof *m->st.group);
    if (!m->cnt || !m->lvl || !m->nlvl || !m->ent || !m->pb || !m->stage || !m->rq_ts || !m->lane ||
        !m->st.group || !m->eval_in) {
        iru_free(m);
        return NULL;
    }
    iru_reset(m);
    return m;
}

static double ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0.0;
}

void iru_stats_print(void *vm, FILE *f)
{
    iru_model *m = vm;
    const iru_stats *st = &m->st;
    uint64_t replies =
        st->replies[WHY_COMPLETE] + st->replies[WHY_TIMEOUT] + st->replies[WHY_FLUSH];
    uint64_t og = st->orig_groups, ol = st->orig_lines;
    if (st->group_n) { /* the last, partial group of the original order */
        og++;
        ol += distinct_blocks(st->group, st->group_n);
    }
    fprintf(f, "iru_hash statistics:\n");
    fprintf(f, "  elements inserted        %" PRIu64 "\n", st->inserted);
    fprintf(f, "  elements filtered        %" PRIu64 " (%.1f %% merged or dropped)\n", st->filtered,
            100.0 * ratio(st->filtered, st->inserted));
    fprintf(f,
            "  replies                  %" PRIu64 " (complete %" PRIu64 ", timeout-filled %" PRIu64
            " of which %" PRIu64 " from 2+ entries, flush-packed %" PRIu64 "), plus %" PRIu64
            " empty (done)\n",
            replies, st->replies[WHY_COMPLETE], st->replies[WHY_TIMEOUT], st->multi_fills,
            st->replies[WHY_FLUSH], st->done_replies);
    fprintf(f, "  elements per reply       %.2f of %u\n", ratio(st->replied_elems, replies),
            m->g.slots);
    fprintf(f, "  lines per reply          %.2f (original order, groups of %u: %.2f)\n",
            ratio(st->reply_lines, replies), m->g.slots, ratio(ol, og));
    fprintf(f,
            "  insert stalls            %" PRIu64 " lane-cycles (%" PRIu64
            " lost a bank conflict)\n",
            st->stall_lane_cycles, st->bank_conflicts);
    fprintf(f, "  pack steps               %" PRIu64 " (%" PRIu64 " split an entry)\n",
            st->pack_steps, st->pack_splits);
    fprintf(f, "  full pack buffer waits   %" PRIu64 " cycles at most with a request waiting\n",
            st->pb_wait_max);
}
