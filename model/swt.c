/*
 * swt — the scalar-warp table (SWT) of the Graph-Waving (GW) architecture:
 * it gathers the same scalar instruction (same PC) of several warps into one
 * *scalar warp* that runs them side by side on the SIMD lanes, one lane per
 * warp. Models the GW paper's "scalar warp formation and scheduling"
 * (shared/papers/gw-scalar-warps-graph-architecture.txt: the scalar status
 * table checked for an entry with the same PC, allocated when none, the
 * warp's bit set in the entry's scalar-warp mask, an instruction that cannot
 * get an entry runs as an ordinary warp instruction; the scheduler asks the
 * table when it has no warp to issue, and the issued entry is released).
 * Spec: shared/spec/blocks.md §4.
 *
 * Ports (clk implicit; names are the same in model, RTL and stimulus):
 *   rst                     synchronous, active high
 *   ins_valid ins_warp ins_pc   insert a decoded scalar instruction
 *   iss_req                 the scheduler has a free issue slot
 *   ins_join ins_alloc ins_reject ins_dup ins_badwarp ins_entry
 *                           the insert's answer, this cycle (combinational)
 *   iss_valid iss_entry iss_pc iss_mask iss_count   the issued scalar warp
 *   occupancy full          valid entries at the start of the cycle; no free entry
 *
 * Decisions where the paper and the spec are silent:
 * - Answers are one-hot: with ins_valid (and not rst) exactly one of
 *   ins_join, ins_alloc, ins_reject, ins_dup, ins_badwarp is 1, checked in
 *   this order:
 *     ins_badwarp  ins_warp >= WARPS (a WARPS that is not a power of two
 *                  leaves ids the port can carry but no warp owns; inputs
 *                  cannot be range-checked by the generator, so the table
 *                  answers and changes nothing). Constant 0 when WARPS is a
 *                  power of two.
 *     ins_dup      the warp is already waiting in ANY valid entry (whatever
 *                  its PC: a warp runs one instruction at a time, so a
 *                  second insert is a scheduler error). Nothing changes.
 *     ins_join     a valid entry with the same PC has room (fewer than
 *                  min(LANES, WARPS) warps) and is not the entry issued this
 *                  cycle: the warp's mask bit is set. Several candidates (only
 *                  possible through full entries, see below): the lowest index.
 *     ins_alloc    otherwise, a free entry (the lowest-index invalid one at
 *                  the start of the cycle) gets PC, mask = this warp, count 1.
 *     ins_reject   no joinable entry and no free entry (table full, or the
 *                  matching entry is full and none is free). The instruction
 *                  runs as an ordinary warp instruction.
 *   ins_entry is the entry joined or allocated, 0 otherwise. All answer
 *   outputs are 0 without ins_valid.
 * - "Full" for an entry: it holds min(LANES, WARPS) warps. The mask has one
 *   bit per warp (WARPS bits) with popcount <= LANES; which lane runs which
 *   warp is the issue stage's business (e.g. ascending warp id). LANES >
 *   WARPS is legal (the pairwise matrix has WARPS=2 with LANES=16): entries
 *   then fill at WARPS. ENTRIES > WARPS is legal too: at most WARPS entries
 *   can ever be valid, since every valid entry holds at least one warp and a
 *   warp waits in one entry only.
 * - Several valid entries may share a PC (one full, a younger one filling).
 *   At most one of them has room: a new entry for a PC is only allocated
 *   when no entry of that PC with room stays in the table.
 * - Issue: with iss_req and at least one valid entry, the table issues the
 *   entry chosen by POLICY (oldest: earliest allocation; fullest: most
 *   warps, ties to the earliest allocation), outputs iss_entry, iss_pc,
 *   iss_mask, iss_count, and frees it at the clock edge. iss_* outputs are 0
 *   when iss_valid is 0. Age is allocation order (joins do not refresh it).
 * - Insert and issue in the same cycle both see the table as it was at the
 *   start of the cycle:
 *     * the issued entry's mask is output as it was (an insert never shows up
 *       in this cycle's iss_mask);
 *     * an insert whose PC matches the entry being issued cannot join it (the
 *       entry is leaving): it allocates a fresh entry if one is free at the
 *       start of the cycle, else it is rejected. The entry being freed is
 *       not reused in the same cycle (free = invalid at the start of the
 *       cycle), which keeps the allocator off the issue-select path;
 *     * a warp inserted in the same cycle as the issue of the entry it is
 *       waiting in is answered ins_dup (it was waiting at the start of the
 *       cycle).
 * - Reset: while rst is 1 every output is 0 and nothing is inserted or
 *   issued; at the clock edge every entry becomes invalid (valid bits, age
 *   ranks and occupancy counter are zeroed; the entries' PC/mask/count are
 *   left as they are, unobservable behind the valid bits).
 * - occupancy/full describe the table at the start of the cycle (before this
 *   cycle's insert/issue): valid entries, and "no free entry".
 * - Age order in the RTL is a rank per entry (ENTRIES x ENT_BITS bits: the
 *   valid entries' ranks are 0, the oldest, up to occupancy-1; an issue moves
 *   every younger entry one rank down, a new entry takes the next rank); the
 *   model keeps an allocation sequence number per entry instead, so the two
 *   agree by behaviour, not by construction. The per-entry warp count is a register
 *   in the RTL (cheaper than a popcount of the mask per entry); the RTL's
 *   occupancy is a counter, the model's too (beside masks of the valid and
 *   of the full entries, so that no decision loops over every entry).
 * - The table is content-addressed (every entry is compared every cycle), so
 *   it is always flip-flops: there is no STORAGE parameter. In the RTL each
 *   entry's PC and {count, mask} are one-word irhw_regfile_1rw leaves (so the
 *   area report counts them as flip-flop storage); they are not reset and
 *   every use is qualified by the entry's valid bit. Valid bits, ranks and
 *   occupancy counter are reset flops of the top module.
 *
 * Statistics (model_stats, printed at the end of `irhw cosim swt`): inserts
 * by answer, scalar warps issued, warps they carried and the pack rate
 * (warps per issued scalar warp), a histogram of warps per scalar warp,
 * mean/max occupancy and the cycles the table was full.
 */
#include "swt.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- the model --------------------------------------------------------- */

typedef struct {
    uint64_t pc;
    uint64_t mask;  /* bit w: warp w waits in this entry */
    unsigned count; /* popcount(mask) */
    uint64_t born;  /* allocation sequence number: smaller = older */
} swt_entry;

/* What this cycle's inputs do to the table (eval and tick agree on it). */
typedef enum { ANS_NONE, ANS_JOIN, ANS_ALLOC, ANS_REJECT, ANS_DUP, ANS_BADWARP } swt_answer;

typedef struct {
    int rst;
    swt_answer ans;
    int ins_entry; /* joined/allocated entry, -1 otherwise */
    unsigned warp;
    uint64_t pc;
    int iss_entry; /* issued entry, -1 = none */
} swt_step;

enum { SWT_NANS = ANS_BADWARP + 1 };

typedef struct {
    uint64_t cycles; /* clock edges out of reset */
    uint64_t answers[SWT_NANS];
    uint64_t issued;       /* scalar warps issued */
    uint64_t issued_warps; /* warps they carried */
    uint64_t pack_hist[SWT_MAX + 1];
    uint64_t iss_req_cycles; /* cycles with iss_req */
    uint64_t same_pc_bounce; /* inserts that would have joined the entry being issued */
    uint64_t occ_sum, occ_max, full_cycles;
} swt_stats;

typedef struct {
    const irhw_ports *ps;
    swt_geom g;
    swt_entry e[SWT_MAX];
    uint64_t next_born;
    /* Kept by tick, so that no decision loops over every entry: */
    uint64_t valid;   /* bit i: entry i is valid */
    uint64_t full;    /* valid entries holding cap warps */
    unsigned occ;     /* valid entries */
    uint64_t waiting; /* OR of every valid entry's mask */
    /* eval's decision, read by the coverage of the same cycle and by tick
     * when its inputs are eval's (key) and no edge came between */
    swt_step last;
    uint64_t key[3]; /* rst, ins_valid, iss_req: bits 0-2; ins_warp; ins_pc */
    int last_ok;
    swt_stats st;
} swt_model;

/* Does entry i go before entry j under POLICY? (both valid, i != j) */
static int swt_beats(const swt_model *m, int i, int j)
{
    const swt_entry *a = &m->e[i], *b = &m->e[j];
    if (m->g.fullest && a->count != b->count)
        return a->count > b->count;
    return a->born < b->born;
}

static int swt_pick_issue(const swt_model *m)
{
    int best = -1;
    for (uint64_t v = m->valid; v; v &= v - 1) {
        int i = __builtin_ctzll(v);
        if (best < 0 || swt_beats(m, i, best))
            best = i;
    }
    return best;
}

static void swt_decide(const swt_model *m, const uint64_t *in, swt_step *s)
{
    const irhw_ports *ps = m->ps;
    memset(s, 0, sizeof *s);
    s->ins_entry = s->iss_entry = -1;
    s->rst = (int)irhw_get(in, ps, SWT_RST);
    if (s->rst)
        return;
    if (irhw_get(in, ps, SWT_ISS_REQ))
        s->iss_entry = swt_pick_issue(m);
    if (!irhw_get(in, ps, SWT_INS_VALID))
        return;
    s->warp = (unsigned)irhw_get(in, ps, SWT_INS_WARP);
    s->pc = irhw_get(in, ps, SWT_INS_PC);
    if (s->warp >= m->g.warps) {
        s->ans = ANS_BADWARP;
        return;
    }
    const uint64_t bit = (uint64_t)1 << s->warp;
    if (m->waiting & bit) {
        s->ans = ANS_DUP;
        return;
    }
    /* joinable: valid, with room, not the entry issued; the lowest of this PC */
    uint64_t room = m->valid & ~m->full & ~(s->iss_entry >= 0 ? (uint64_t)1 << s->iss_entry : 0);
    for (; room; room &= room - 1) {
        unsigned i = (unsigned)__builtin_ctzll(room);
        if (m->e[i].pc == s->pc) {
            s->ans = ANS_JOIN;
            s->ins_entry = (int)i;
            return;
        }
    }
    uint64_t spare = ~m->valid & irhw_mask(m->g.entries); /* the lowest invalid entry */
    if (spare) {
        s->ans = ANS_ALLOC;
        s->ins_entry = __builtin_ctzll(spare);
        return;
    }
    s->ans = ANS_REJECT;
}

/* The decision for these inputs: eval's when they are the inputs eval saw
 * on this state (so tick, right after eval, does not decide twice). */
static const swt_step *swt_decision(swt_model *m, const uint64_t *in)
{
    const irhw_ports *ps = m->ps;
    uint64_t key[3] = {irhw_get(in, ps, SWT_RST) | irhw_get(in, ps, SWT_INS_VALID) << 1 |
                           irhw_get(in, ps, SWT_ISS_REQ) << 2,
                       irhw_get(in, ps, SWT_INS_WARP), irhw_get(in, ps, SWT_INS_PC)};
    if (!m->last_ok || memcmp(key, m->key, sizeof key) != 0) {
        swt_decide(m, in, &m->last);
        memcpy(m->key, key, sizeof key);
        m->last_ok = 1;
    }
    return &m->last;
}

void swt_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    swt_model *m = vm;
    const irhw_ports *ps = m->ps;
    const swt_step *s = swt_decision(m, in);
    if (s->rst) {
        memset(out, 0, ps->out_words * sizeof *out);
        return;
    }
    /* every output is one word: each is written (no memset first) */
    const swt_entry *e = s->iss_entry >= 0 ? &m->e[s->iss_entry] : NULL;
    irhw_set(out, ps, SWT_INS_JOIN, s->ans == ANS_JOIN);
    irhw_set(out, ps, SWT_INS_ALLOC, s->ans == ANS_ALLOC);
    irhw_set(out, ps, SWT_INS_REJECT, s->ans == ANS_REJECT);
    irhw_set(out, ps, SWT_INS_DUP, s->ans == ANS_DUP);
    irhw_set(out, ps, SWT_INS_BADWARP, s->ans == ANS_BADWARP);
    irhw_set(out, ps, SWT_INS_ENTRY, s->ins_entry >= 0 ? (uint64_t)s->ins_entry : 0);
    irhw_set(out, ps, SWT_ISS_VALID, e != NULL);
    irhw_set(out, ps, SWT_ISS_ENTRY, e ? (uint64_t)s->iss_entry : 0);
    irhw_set(out, ps, SWT_ISS_PC, e ? e->pc : 0);
    irhw_set(out, ps, SWT_ISS_MASK, e ? e->mask : 0);
    irhw_set(out, ps, SWT_ISS_COUNT, e ? e->count : 0);
    irhw_set(out, ps, SWT_OCCUPANCY, m->occ);
    irhw_set(out, ps, SWT_FULL, m->occ == m->g.entries);
}

static void swt_count(swt_model *m, const uint64_t *in, const swt_step *s)
{
    swt_stats *st = &m->st;
    unsigned occ = m->occ;
    st->cycles++;
    st->answers[s->ans]++;
    st->occ_sum += occ;
    if (occ > st->occ_max)
        st->occ_max = occ;
    st->full_cycles += occ == m->g.entries;
    st->iss_req_cycles += irhw_get(in, m->ps, SWT_ISS_REQ) != 0;
    if (s->iss_entry >= 0) {
        const swt_entry *e = &m->e[s->iss_entry];
        st->issued++;
        st->issued_warps += e->count;
        st->pack_hist[e->count]++;
        /* would have joined, had the entry not been leaving */
        if ((s->ans == ANS_ALLOC || s->ans == ANS_REJECT) && e->pc == s->pc && e->count < m->g.cap)
            st->same_pc_bounce++;
    }
}

void swt_tick(void *vm, const uint64_t *in)
{
    swt_model *m = vm;
    const swt_step *s = swt_decision(m, in);
    m->last_ok = 0; /* the table changes at this edge */
    if (s->rst) {
        memset(m->e, 0, sizeof m->e);
        m->next_born = 0;
        m->valid = m->full = m->waiting = 0;
        m->occ = 0;
        return;
    }
    swt_count(m, in, s);
    if (s->iss_entry >= 0) {
        uint64_t bit = (uint64_t)1 << s->iss_entry;
        m->waiting &= ~m->e[s->iss_entry].mask;
        memset(&m->e[s->iss_entry], 0, sizeof m->e[0]);
        m->valid &= ~bit;
        m->full &= ~bit;
        m->occ--;
    }
    if (s->ans != ANS_JOIN && s->ans != ANS_ALLOC)
        return;
    swt_entry *e = &m->e[s->ins_entry];
    uint64_t bit = (uint64_t)1 << s->ins_entry;
    m->waiting |= (uint64_t)1 << s->warp;
    if (s->ans == ANS_JOIN) {
        e->mask |= (uint64_t)1 << s->warp;
        e->count++;
    } else {
        *e = (swt_entry){s->pc, (uint64_t)1 << s->warp, 1, m->next_born++};
        m->valid |= bit;
        m->occ++;
    }
    if (e->count == m->g.cap)
        m->full |= bit;
}

/* Coverage: this cycle's decision on the start-of-cycle table. */
void swt_cover(const void *vm, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const swt_model *m = vm;
    const swt_step *s = &m->last; /* eval decided it on the same state and inputs */
    if (s->rst)
        return;
    int pc_full = 0; /* a valid entry of this PC holds cap warps */
    for (uint64_t f = s->ans != ANS_NONE ? m->full : 0; f; f &= f - 1)
        pc_full |= m->e[__builtin_ctzll(f)].pc == s->pc;
    const swt_entry *is = s->iss_entry >= 0 ? &m->e[s->iss_entry] : NULL;
    switch (s->ans) {
    case ANS_JOIN:
        hits[SWT_COV_JOIN]++;
        if (m->e[s->ins_entry].count + 1 == m->g.cap)
            hits[SWT_COV_ENTRY_FULL]++;
        break;
    case ANS_ALLOC:
        if (pc_full)
            hits[SWT_COV_FULL_ENTRY_SECOND_ALLOC]++;
        break;
    case ANS_REJECT:
        hits[pc_full ? SWT_COV_FULL_ENTRY_REJECT : SWT_COV_TABLE_FULL_REJECT]++;
        break;
    case ANS_DUP:
        if (is && (is->mask >> s->warp & 1))
            hits[SWT_COV_DUP_WHILE_ISSUING]++;
        break;
    case ANS_BADWARP:
        hits[SWT_COV_BADWARP]++;
        break;
    default:
        break;
    }
    if (!is)
        return;
    if ((s->ans == ANS_ALLOC || s->ans == ANS_REJECT) && is->pc == s->pc && is->count < m->g.cap)
        hits[SWT_COV_INSERT_ISSUE_SAME_ENTRY]++;
    if (is->count == m->g.cap)
        hits[SWT_COV_ISSUE_FULL_ENTRY]++;
    for (uint64_t v = m->g.fullest ? m->valid : 0; v; v &= v - 1)
        if (m->e[__builtin_ctzll(v)].born < is->born) {
            hits[SWT_COV_FULLEST_PICKS_YOUNGER]++;
            break;
        }
}

void *swt_new(const irhw_inst *x)
{
    swt_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->ps = &x->ps;
    m->g = *swt_g(x);
    return m;
}

void swt_free(void *m)
{
    free(m);
}

static double ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : 0.0;
}

void swt_stats_print(void *vm, FILE *f)
{
    const swt_model *m = vm;
    const swt_stats *st = &m->st;
    uint64_t inserts = 0;
    for (int a = ANS_JOIN; a < SWT_NANS; a++)
        inserts += st->answers[a];
    fprintf(f, "swt: %" PRIu64 " cycles out of reset, %" PRIu64 " inserts\n", st->cycles, inserts);
    fprintf(f,
            "  inserts: joined %" PRIu64 ", allocated %" PRIu64 ", rejected %" PRIu64
            " (%.1f %%), duplicate %" PRIu64 ", bad warp id %" PRIu64 "\n",
            st->answers[ANS_JOIN], st->answers[ANS_ALLOC], st->answers[ANS_REJECT],
            100.0 * ratio(st->answers[ANS_REJECT], inserts), st->answers[ANS_DUP],
            st->answers[ANS_BADWARP]);
    fprintf(f,
            "  issued: %" PRIu64 " scalar warps carrying %" PRIu64 " warps, pack rate %.2f warps "
            "per scalar warp (at most %u), on %" PRIu64 " requests\n",
            st->issued, st->issued_warps, ratio(st->issued_warps, st->issued), m->g.cap,
            st->iss_req_cycles);
    fprintf(f, "  warps per scalar warp:");
    for (unsigned k = 1; k <= m->g.cap; k++)
        if (st->pack_hist[k])
            fprintf(f, " %u:%" PRIu64, k, st->pack_hist[k]);
    fprintf(f, "\n");
    fprintf(f,
            "  occupancy: mean %.2f, max %" PRIu64 " of %u entries; full %" PRIu64
            " cycles (%.1f %%); inserts re-allocated because their entry was issuing: %" PRIu64
            "\n",
            ratio(st->occ_sum, st->cycles), st->occ_max, m->g.entries, st->full_cycles,
            100.0 * ratio(st->full_cycles, st->cycles), st->same_pc_bounce);
}
