/*
 * hwwl_core — one GPU core's hardware worklist as one design (hwwl paper
 * §III-A..D, Figs. 3-4, Table III): LANES per-lane worklist banks
 * (model/wl_bank.c, instantiated, one 1rw port each), the WRU
 * (model/wru.c, instantiated) whose moves a transfer engine carries out
 * through the banks' ports, the HWWL virtualization unit (HVU) that spills
 * pushes to a full bank into an overflow buffer in memory and refills
 * banks from it, and the lane interface answering wlpull with a work ID,
 * WAIT or DONE. The ports per lane are flattened buses (lane l at
 * [l*w +: w]); the description is model/hwwl_core_block.c.
 *
 * Decisions where the paper is silent (the RTL, gen/hwwl_core.c, follows
 * every one):
 *
 * Lanes and the banks' single ports
 * - A lane's push and pull go straight to its bank, which gives them the
 *   port first (wl_bank: push > pull > rd_take > rd_put). A pull together
 *   with a push of the same lane is refused like a pull to an empty bank.
 *   A pull to an empty bank that has a put waiting (refill, move or rx) is
 *   not passed to the bank: it could only fail, and lanes that retry every
 *   cycle would hold the single port forever (found by co-simulation: a
 *   drain where every lane pulls never refilled). The lane gets WAIT and
 *   the put goes through.
 * - A push to a full bank (the bank's `spill`) goes to the HVU's coalescing
 *   buffer (COALESCE entries) when it has room: spilling lanes of one cycle
 *   are taken in lane order while the buffer and the overflow buffer have
 *   room. A spill that finds the overflow buffer full (its pull and push
 *   region counted with the coalescing buffer) raises push_exc (the
 *   paper's exception) and is refused; one that finds only the coalescing
 *   buffer full is refused without exception (push_ok low: the lane
 *   retries). Nothing is dropped silently: every push ends push_ok or
 *   push_exc, or neither (retry).
 * - Answers: ID when the bank pulls; else WAIT, or DONE when the core is
 *   empty (core_empty, below) and `others_done` is set. With STORAGE=sram
 *   every answer comes one cycle after the pull (the SRAM's read latency),
 *   decided in the pull's cycle. WAIT while a refill is outstanding: the
 *   refill will bring work, the lane asks again.
 * - DONE: core_empty = the pull side holds nothing: every bank's pull half
 *   empty, no ID in the pull region of the overflow buffer, no refill load
 *   in flight or waiting in a slot, no move in flight, nothing in the rx or
 *   xfer register; in single mode also the coalescing buffer and a pending
 *   store (they hold pull-side work there) and every lane's `waiting` bit
 *   (a lane answered WAIT or DONE since its last ID: it is not processing a
 *   work ID that could push more). core_empty depends on state only.
 *
 * Transfer engine (the WRU's moves)
 * - Each bank has a move slot (free / reserved / full + ID) as a receiver.
 *   A plan's pair (donor d -> receiver r) takes d's head (rd_take) only if
 *   r's slot is free; the word goes into r's slot (flops: at the same edge;
 *   sram: the slot is reserved and filled when d's read returns) and is put
 *   into r by rd_put when r's port is free, retried every cycle. A take the
 *   bank refuses (port lost, bank empty) is simply not done (spec §1).
 * - The plan's inter-core donor (xfer_bank) is taken the same way into the
 *   xfer register, offered on xfer_valid/xfer_id until xfer_ready.
 * - A work ID from another core (rx_valid/rx_id) enters the rx register
 *   when it is empty (rx_ready, registered) and is put into bank rx_ptr,
 *   which moves on by one every cycle the register is full (successful or
 *   not), so a full or busy bank is passed over.
 * - One put per bank per cycle, priority: refill slot > move slot > rx.
 * - The WRU sees count + (move slot busy) + (refill slot busy): reserved
 *   entries count as occupied (paper §III-D); COUNT_BITS holds ENTRIES+2.
 *   SCHEME=none has no WRU: no moves, core_greedy = 0.
 *
 * HVU (virtualization)
 * - wlinit sets base (an address counting work IDs) and size (LANES..
 *   OVF_CAP, else refused); honoured only when the HVU holds nothing and no
 *   lane pushes in that cycle. After reset size = 0: every spill raises the
 *   exception until wlinit.
 * - The overflow buffer is a ring: in single mode one region of `size`; in
 *   double mode a pull region and a push region (size/2 and size - size/2,
 *   at base and base + size/2), exchanged by swap like the banks' halves:
 *   spills of kernel k are work of kernel k+1.
 * - One request register (valid, write, addr, n, tag, data) held until
 *   mem_req_ready; a new request only when it is empty, so a store always
 *   precedes a later load in memory. The memory performs a request when it
 *   accepts it (a load reads then); load responses come back later in any
 *   order by tag, and are taken every cycle. Stores have no response.
 * - Store: when the coalescing buffer holds COALESCE IDs, or holds some and
 *   no lane spills in this cycle; n = what it holds, cut at the region's
 *   end (the ring wraps between two stores).
 * - Load (if no store): refill slots are one per bank (free / reserved /
 *   full). On-demand: the lanes pulling an empty bank whose slot is free;
 *   interval: every INTERVAL cycles, the banks whose slot is free and
 *   whose pull half has room. n = min(those banks, IDs stored in the pull
 *   region, up to the region's end, COALESCE), the first n banks in lane
 *   order are reserved under the lowest free tag (OUTSTANDING tags); the
 *   j-th returned ID goes to the j-th of them. A response whose tag is not
 *   in flight is ignored (the checker flags it).
 * - wlcfg (applied to every bank) is honoured only when every bank is idle
 *   (both halves), the HVU holds nothing, no lane pushes and no rx_valid;
 *   swap only in double mode, when the pull side is empty (core_empty's
 *   terms but the waiting bits), the coalescing buffer and the request
 *   register are empty, no lane pushes, no rx_valid and no wlcfg.
 *
 * Evaluation (speed, not behaviour): a bank model is evaluated again only
 * when its inputs or its state changed since its outputs were computed,
 * and ticked only when those outputs grant something, show a read, or rst
 * is set (its state cannot change otherwise): a lane polling an empty bank
 * costs a compare. A bank's inputs stay in place from cycle to cycle: pass
 * 1 compares the four the lane drives and clears pass 2's requests of the
 * cycle before (17 % fewer instructions of the model's side a cycle than
 * clearing and comparing every input word, tests/bench/cosim_ipc.sh). Loops over
 * lanes that act on a mask (spills, takes, puts) visit only the mask's
 * lanes, in lane order.
 */
#include "hwwl_core_model.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ---------------------------------------------------------- */

static uint64_t *lane_in(hc_model *m, unsigned l)
{
    return m->bin + (size_t)l * m->bin_w;
}
static uint64_t *lane_out(hc_model *m, unsigned l)
{
    return m->bout + (size_t)l * m->bout_w;
}
static uint64_t bget(hc_model *m, unsigned l, unsigned port)
{
    return lane_out(m, l)[m->bo[port]];
}
static void bset(hc_model *m, unsigned l, unsigned port, uint64_t v)
{
    lane_in(m, l)[m->bo[port]] = v;
}
/* Bank l's tick moves state only when its outputs grant something or show a
 * read (wl_bank: pointers, memory and read register change only with an
 * *_ok, and the SRAM's pending reads show as pull_valid / rd_valid), or on
 * rst: the other ticks (most lanes of a cycle) are skipped. */
static int bank_moves(hc_model *m, unsigned l, uint64_t rst)
{
    const uint64_t *z = lane_out(m, l);
    const unsigned *o = m->bo;
    return (rst | z[o[WB_CFG_OK]] | z[o[WB_PUSH_OK]] | z[o[WB_PULL_OK]] | z[o[WB_SWAP_OK]] |
            z[o[WB_RD_TAKE_OK]] | z[o[WB_RD_PUT_OK]] | z[o[WB_PULL_VALID]] | z[o[WB_RD_VALID]]) !=
           0;
}

static unsigned region_size(const hc_model *m, unsigned r, int dbl)
{
    if (!dbl)
        return m->size;
    return r == 0 ? m->size / 2 : m->size - m->size / 2;
}
static unsigned region_base(const hc_model *m, unsigned r, int dbl)
{
    return dbl && r == 1 ? m->size / 2 : 0;
}

/* Bank l again with every request of the cycle (hc_step's pass 2). */
static void pass2(hc_model *m, const uint64_t *in, unsigned l)
{
    const irhw_ports *ps = &m->x->ps;
    const struct hc_step *s = &m->s;
    uint64_t pull = irhw_get(in, ps, HC_PULL), empty = bget(m, l, WB_EMPTY);
    uint64_t puts = s->put_src_rf | s->put_src_mv | s->put_src_xi;
    bset(m, l, WB_CFG_EN, (uint64_t)s->cfg_go);
    bset(m, l, WB_CFG_DOUBLE, irhw_get(in, ps, HC_WLCFG_DOUBLE));
    bset(m, l, WB_SWAP, (uint64_t)s->swap_go);
    bset(m, l, WB_RD_TAKE, s->take >> l & 1);
    uint64_t src = puts >> l & 1;
    bset(m, l, WB_RD_PUT, src);
    bset(m, l, WB_PULL, (pull >> l & 1) && !(src && empty));
    bset(m, l, WB_RD_PUT_ID,
         (s->put_src_rf >> l & 1)   ? m->rf_id[l]
         : (s->put_src_mv >> l & 1) ? m->mv_id[l]
         : (s->put_src_xi >> l & 1) ? m->xi_id
                                    : 0);
    m->bextra |= (uint64_t)1 << l;
    m->bevald |= (uint64_t)1 << l;
    m->bank.b->model_eval(m->bm[l], lane_in(m, l), lane_out(m, l));
}

/* ---- one cycle's decisions -------------------------------------------------- */

static void hc_step(hc_model *m, const uint64_t *in)
{
    const irhw_ports *ps = &m->x->ps;
    const hwwl_core_geom *g = &m->g;
    struct hc_step *s = &m->s;
    unsigned L = g->lanes, I = g->id_bits;
    memset(s, 0, sizeof *s);
    uint64_t rst = irhw_get(in, ps, HC_RST);
    uint64_t push = irhw_get(in, ps, HC_PUSH), pull = irhw_get(in, ps, HC_PULL);
    const uint64_t *push_id = irhw_cwide(in, ps, HC_PUSH_ID);

    /* pass 1: the banks with the lane's requests only (status and spills),
     * the slots in use, the WRU's counts (reserved slots count as held) */
    uint64_t *cnt = NULL;
    if (m->wm) {
        memset(m->win, 0, sizeof *m->win * m->win_w);
        irhw_set(m->win, &m->wru.ps, WRU_RST, rst);
        cnt = irhw_wide(m->win, &m->wru.ps, WRU_COUNTS);
    }
    uint64_t all = irhw_mask(L), empty = 0, idle = 0, spill = 0, still = m->bstill, evald = 0;
    int slot_busy = 0, rf_busy = 0;
    const unsigned *o = m->bo;
    const unsigned o_rst = o[WB_RST], o_push = o[WB_PUSH], o_pid = o[WB_PUSH_ID],
                   o_pull = o[WB_PULL];
    for (unsigned l = 0; l < L; l++) {
        uint64_t *a = lane_in(m, l), bit = (uint64_t)1 << l;
        uint64_t pu = push >> l & 1, pl = pull >> l & 1;
        /* no ID without a push: idle inputs stay equal */
        uint64_t id = pu ? irhw_bits_get(push_id, l * I, I) : 0;
        if (m->bextra & bit) { /* last cycle's pass 2 requests end */
            a[o[WB_CFG_EN]] = a[o[WB_CFG_DOUBLE]] = a[o[WB_SWAP]] = 0;
            a[o[WB_RD_TAKE]] = a[o[WB_RD_PUT]] = a[o[WB_RD_PUT_ID]] = 0;
            still &= ~bit;
        }
        if ((a[o_rst] ^ rst) | (a[o_push] ^ pu) | (a[o_pid] ^ id) | (a[o_pull] ^ pl)) {
            a[o_rst] = rst;
            a[o_push] = pu;
            a[o_pid] = id;
            a[o_pull] = pl;
            still &= ~bit;
        }
        if (!(still & bit)) {
            m->bank.b->model_eval(m->bm[l], a, lane_out(m, l));
            still |= bit;
            evald |= bit;
        }
    }
    /* the status, after every evaluation (no call in this loop) */
    const unsigned o_empty = o[WB_EMPTY], o_idle = o[WB_IDLE], o_spill = o[WB_SPILL],
                   o_count = o[WB_COUNT], cb = g->wcnt_bits;
    const uint64_t *z = m->bout;
    for (unsigned l = 0; l < L; l++, z += m->bout_w) {
        empty |= z[o_empty] << l;
        idle |= z[o_idle] << l;
        spill |= z[o_spill] << l;
        rf_busy |= m->rf_st[l];
        slot_busy |= m->mv_st[l] | m->rf_st[l] | m->tk_pend[l];
        if (cnt)
            irhw_bits_set(cnt, l * cb, cb, z[o_count] + (m->mv_st[l] != 0) + (m->rf_st[l] != 0));
    }
    m->bstill = still;
    m->bextra = 0;
    m->bevald |= evald;
    s->empty = empty;
    s->spill = spill;
    int tag_busy = 0;
    for (unsigned t = 0; t < g->outstanding; t++)
        tag_busy |= m->tag_busy[t];
    s->dbl = (int)bget(m, 0, WB_DOUBLE_MODE);
    s->pullr = s->dbl ? (unsigned)m->opull : 0;
    s->pushr = s->dbl ? (unsigned)!m->opull : 0;

    /* the core's state-only status */
    int hvu_empty = m->cb_n == 0 && !m->rq_valid && m->stored[0] == 0 && m->stored[1] == 0;
    /* nothing pull-side in flight inside the core (banks aside) */
    int sq = !slot_busy && !tag_busy && !m->xo_st && !m->xi_valid;
    int pull_quiet = empty == all && m->stored[s->pullr] == 0 && sq;
    s->quiet = pull_quiet;
    s->empty_out = pull_quiet &&
                   (s->dbl || (m->cb_n == 0 && !(m->rq_valid && m->rq_write) && m->waiting == all));
    s->done_now = s->empty_out && irhw_get(in, ps, HC_OTHERS_DONE);

    /* ISA commands */
    uint64_t rx_valid = irhw_get(in, ps, HC_RX_VALID);
    int cfg_en = (int)irhw_get(in, ps, HC_WLCFG_EN);
    s->cfg_ready = idle == all && hvu_empty && sq;
    s->swap_ready = s->dbl && pull_quiet && m->cb_n == 0 && !m->rq_valid;
    s->cfg_go = cfg_en && s->cfg_ready && !push && !rx_valid;
    s->swap_go = irhw_get(in, ps, HC_SWAP) && !cfg_en && s->swap_ready && !push && !rx_valid;
    uint64_t isz = irhw_get(in, ps, HC_WLINIT_SIZE);
    s->init_go =
        irhw_get(in, ps, HC_WLINIT_EN) && hvu_empty && !push && isz >= L && isz <= g->ovf_cap;
    if (tag_busy || rf_busy)
        s->init_go = 0;

    /* spills into the coalescing buffer, in lane order */
    unsigned room = region_size(m, s->pushr, s->dbl) - m->stored[s->pushr] - m->cb_n;
    unsigned avail = g->coalesce - m->cb_n;
    if (room < avail)
        avail = room;
    unsigned k = 0;
    for (uint64_t b = s->spill; b; b &= b - 1) {
        unsigned l = low_lane(b);
        if (k < avail)
            s->acc |= (uint64_t)1 << l;
        else if (room == 0)
            s->exc |= (uint64_t)1 << l;
        k++;
    }
    s->acc_n = popc(s->acc);

    /* the WRU's plan from the counts with reserved slots */
    if (m->wm) {
        m->wru.b->model_eval(m->wm, m->win, m->wout);
        s->wplan = (int)irhw_get(m->wout, &m->wru.ps, WRU_PLAN_VALID);
        hc_plan_takes(m, &s->donate, &s->xfer_take);
        s->take = s->donate | s->xfer_take;
    }

    /* puts: refill slot > move slot > rx register */
    for (unsigned l = 0; (slot_busy || m->xi_valid) && l < L; l++) {
        if (m->rf_st[l] == SLOT_FULL)
            s->put_src_rf |= (uint64_t)1 << l;
        else if (m->mv_st[l] == SLOT_FULL)
            s->put_src_mv |= (uint64_t)1 << l;
        else if (m->xi_valid && m->rx_ptr == l)
            s->put_src_xi |= (uint64_t)1 << l;
    }

    /* the memory request: a store, else a refill load */
    if (!m->rq_valid && m->cb_n > 0 && (m->cb_n == g->coalesce || s->spill == 0)) {
        unsigned end = region_size(m, s->pushr, s->dbl) - m->tail[s->pushr];
        s->st_go = 1;
        s->n = m->cb_n < end ? m->cb_n : end;
        s->addr = m->base + region_base(m, s->pushr, s->dbl) + m->tail[s->pushr];
    } else if (!m->rq_valid && m->stored[s->pullr] > 0) {
        uint64_t want = hc_refill_want(m, pull, empty, s->dbl);
        int tag = hc_free_tag(m);
        if (want && tag >= 0) {
            unsigned n = popc(want), end = region_size(m, s->pullr, s->dbl) - m->head[s->pullr];
            if (n > m->stored[s->pullr])
                n = m->stored[s->pullr];
            if (n > end)
                n = end;
            if (n > g->coalesce)
                n = g->coalesce;
            for (unsigned l = 0, k = 0; l < L && k < n; l++)
                if (want >> l & 1) {
                    s->ld_mask |= (uint64_t)1 << l;
                    k++;
                }
            s->ld_go = 1;
            s->n = n;
            s->tag = (unsigned)tag;
            s->addr = m->base + region_base(m, s->pullr, s->dbl) + m->head[s->pullr];
        }
    }
    s->addr &= irhw_mask(g->addr_bits);

    /* pass 2: the banks with every request (only those whose inputs changed:
     * most cycles no bank gets a command, take or put), then the answers */
    uint64_t p2 =
        s->cfg_go || s->swap_go ? all : s->take | s->put_src_rf | s->put_src_mv | s->put_src_xi;
    for (uint64_t b = p2; b; b &= b - 1)
        pass2(m, in, low_lane(b));
    uint64_t push_ok = s->acc; /* a bank grants only a push it is asked */
    for (uint64_t b = push & all; b; b &= b - 1)
        push_ok |= bget(m, low_lane(b), WB_PUSH_OK) << low_lane(b);
    s->push_ok = push_ok;
    uint8_t no_id = s->done_now ? HC_ANS_DONE : HC_ANS_WAIT;
    for (uint64_t b = pull & all; b; b &= b - 1) {
        unsigned l = low_lane(b);
        s->ans[l] = bget(m, l, WB_PULL_OK) ? HC_ANS_ID : no_id;
    }
}

/* ---- the two phases -------------------------------------------------------------- */

void hwwl_core_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    hc_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    const hwwl_core_geom *g = &m->g;
    struct hc_step *s = &m->s;
    unsigned L = g->lanes, I = g->id_bits;
    hc_step(m, in);
    memcpy(m->last_in, in, sizeof *in * ps->in_words);
    m->step_ok = 1;
    irhw_set(out, ps, HC_WLCFG_OK, (uint64_t)s->cfg_go);
    irhw_set(out, ps, HC_WLINIT_OK, (uint64_t)s->init_go);
    irhw_set(out, ps, HC_SWAP_OK, (uint64_t)s->swap_go);
    irhw_set(out, ps, HC_PUSH_OK, s->push_ok);
    irhw_set(out, ps, HC_PUSH_EXC, s->exc);
    uint64_t *ans = irhw_wide(out, ps, HC_PULL_ANS), *pid = irhw_wide(out, ps, HC_PULL_ID);
    memset(ans, 0, sizeof *ans * irhw_words(2 * L));
    memset(pid, 0, sizeof *pid * irhw_words(L * I));
    const uint8_t *a = g->sram ? m->ans_q : s->ans;
    for (unsigned l = 0; l < L; l++) {
        ans[l / 32] |= (uint64_t)a[l] << (2 * l % 64);
        if (bget(m, l, WB_PULL_VALID)) /* pull_id is 0 without it */
            irhw_bits_set(pid, l * I, I, bget(m, l, WB_PULL_ID));
    }
    irhw_set(out, ps, HC_RX_READY, (uint64_t)!m->xi_valid);
    irhw_set(out, ps, HC_XFER_VALID, (uint64_t)(m->xo_st == SLOT_FULL));
    irhw_set(out, ps, HC_XFER_ID, m->xo_st == SLOT_FULL ? m->xo_id : 0);
    irhw_set(out, ps, HC_MEM_REQ_VALID, (uint64_t)m->rq_valid);
    irhw_set(out, ps, HC_MEM_REQ_WRITE, (uint64_t)(m->rq_valid && m->rq_write));
    irhw_set(out, ps, HC_MEM_REQ_ADDR, m->rq_valid ? m->rq_addr : 0);
    irhw_set(out, ps, HC_MEM_REQ_N, m->rq_valid ? m->rq_n : 0);
    irhw_set(out, ps, HC_MEM_REQ_TAG, m->rq_valid && !m->rq_write ? m->rq_tag : 0);
    uint64_t *rd = irhw_wide(out, ps, HC_MEM_REQ_DATA);
    if (m->rq_valid && m->rq_write)
        for (unsigned j = 0; j < g->coalesce; j++)
            irhw_bits_set(rd, j * I, I, m->rq_data[j]);
    else
        memset(rd, 0, sizeof *rd * irhw_words(g->coalesce * I));
    irhw_set(out, ps, HC_DOUBLE_MODE, (uint64_t)s->dbl);
    irhw_set(out, ps, HC_CORE_EMPTY, (uint64_t)s->empty_out);
    irhw_set(out, ps, HC_CORE_GREEDY, m->wm ? irhw_get(m->wout, &m->wru.ps, WRU_CORE_GREEDY) : 0);
    irhw_set(out, ps, HC_OVF_HELD, m->stored[s->pullr]);
    irhw_set(out, ps, HC_SWAP_READY, (uint64_t)s->swap_ready);
    irhw_set(out, ps, HC_CFG_READY, (uint64_t)s->cfg_ready);
    if (m->fastpull)
        memcpy(m->last_out, out, sizeof *out * ps->out_words);
}

static void hc_reset(hc_model *m)
{
    memset(m->mv_st, 0, sizeof m->mv_st);
    memset(m->rf_st, 0, sizeof m->rf_st);
    memset(m->tk_pend, 0, sizeof m->tk_pend);
    memset(m->tag_busy, 0, sizeof m->tag_busy);
    memset(m->ans_q, 0, sizeof m->ans_q);
    m->xo_st = m->xi_valid = 0;
    m->rx_ptr = m->cb_head = m->cb_n = 0;
    m->rq_valid = 0;
    m->base = 0;
    m->size = 0;
    memset(m->head, 0, sizeof m->head);
    memset(m->tail, 0, sizeof m->tail);
    memset(m->stored, 0, sizeof m->stored);
    m->opull = 0;
    m->waiting = 0;
    m->rphase = 0;
}

/* A taken word lands in its receiver's move slot or in the xfer register. */
static void land(hc_model *m, unsigned to, uint64_t id)
{
    if (to == m->g.lanes) {
        m->xo_st = SLOT_FULL;
        m->xo_id = id;
    } else {
        m->mv_st[to] = SLOT_FULL;
        m->mv_id[to] = id;
    }
}

/* Does this cycle's tick change nothing but the WRU's phase and
 * statistics, rphase and (for the pulling lanes) the answers, the answer
 * queue and the waiting bits? Inputs that ask nothing but pulls (no rst,
 * push, command, rx or memory response), no bank that moves (so no pull
 * gets an ID), no take, put, store or load, the request register, the xfer
 * and rx registers and the coalescing buffer empty, no sram read pending,
 * and a WRU that keeps no plan between cycles (lsorting without pipeline
 * registers; its phase only counts). Every other assignment of
 * hwwl_core_tick is guarded by one of these. Calm: quiet, no pull, and
 * the answer queue as it was. */
static int tick_is_quiet(hc_model *m, const uint64_t *in, uint64_t rst)
{
    const irhw_ports *ps = &m->x->ps;
    const hwwl_core_geom *g = &m->g;
    const struct hc_step *s = &m->s;
    if (rst | irhw_get(in, ps, HC_PUSH) | irhw_get(in, ps, HC_WLCFG_EN) |
        irhw_get(in, ps, HC_SWAP) | irhw_get(in, ps, HC_WLINIT_EN) | irhw_get(in, ps, HC_RX_VALID) |
        irhw_get(in, ps, HC_MEM_RESP_VALID))
        return 0;
    if (m->wm && (g->scheme != HC_LSORTING || g->wru_latency))
        return 0;
    if (s->take | s->put_src_rf | s->put_src_mv | s->put_src_xi | s->acc)
        return 0;
    if (s->st_go || s->ld_go || s->init_go || s->cfg_go || s->swap_go || m->rq_valid ||
        m->xo_st != SLOT_FREE || m->xi_valid || m->cb_n)
        return 0;
    for (unsigned l = 0; l < g->lanes; l++)
        if (m->tk_pend[l] || (m->bevald >> l & 1 && bank_moves(m, l, 0)))
            return 0;
    return 1;
}

void hwwl_core_tick(void *vm, const uint64_t *in)
{
    hc_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    const hwwl_core_geom *g = &m->g;
    struct hc_step *s = &m->s;
    unsigned L = g->lanes, I = g->id_bits, C = g->coalesce;
    /* The lockstep driver evaluates, then clocks with the same inputs. */
    int fresh = !m->step_ok || memcmp(m->last_in, in, sizeof *in * ps->in_words);
    if (fresh)
        hc_step(m, in);
    m->step_ok = 0;
    uint64_t rst = irhw_get(in, ps, HC_RST), pull = irhw_get(in, ps, HC_PULL);
    int quiet = tick_is_quiet(m, in, rst);
    m->calm = quiet && !pull && !memcmp(m->ans_q, s->ans, L);
    if (m->fastpull)
        hc_settle(m, in, quiet && !fresh, pull);
    /* a bank not evaluated since the last tick shows no grant: its last
     * evaluation was followed by a tick that found none (a tick that moves
     * it clears its bstill bit, so the next step evaluates it) */
    for (uint64_t b = rst ? irhw_mask(L) : m->bevald; b; b &= b - 1) {
        unsigned l = low_lane(b);
        if (bank_moves(m, l, rst)) {
            m->bank.b->model_tick(m->bm[l], lane_in(m, l));
            m->bstill &= ~((uint64_t)1 << l);
        }
    }
    m->bevald = 0;
    if (m->wm)
        m->wru.b->model_tick(m->wm, m->win);
    if (rst) {
        hc_reset(m);
        return;
    }
    const uint64_t *push_id = irhw_cwide(in, ps, HC_PUSH_ID);
    /* the network's handshakes, on the state before the edge */
    int xo_fire = m->xo_st == SLOT_FULL && irhw_get(in, ps, HC_XFER_READY);
    int xi_was = m->xi_valid;
    if (xo_fire)
        m->xo_st = SLOT_FREE;

    /* lanes: answers, waiting bits, statistics */
    memcpy(m->ans_q, s->ans, L);
    for (uint64_t b = pull & irhw_mask(L); b; b &= b - 1) {
        unsigned l = low_lane(b);
        m->st.ans[s->ans[l]]++;
        if (s->ans[l] == HC_ANS_ID)
            m->waiting &= ~((uint64_t)1 << l);
        else
            m->waiting |= (uint64_t)1 << l;
    }
    m->st.spills += s->acc_n;
    m->st.exc += popc(s->exc);

    /* taken words: sram reads return now for the takes of the last cycle */
    for (unsigned l = 0; g->sram && l < L; l++)
        if (m->tk_pend[l]) {
            land(m, m->tk_to[l], bget(m, l, WB_RD_ID));
            m->tk_pend[l] = 0;
        }
    unsigned tb = m->wm ? wru_g(&m->wru)->tag_bits : 0;
    for (uint64_t b = s->take; b; b &= b - 1) {
        unsigned l = low_lane(b);
        if (!bget(m, l, WB_RD_TAKE_OK))
            continue;
        unsigned to = L;
        if (!(s->xfer_take >> l & 1))
            to =
                (unsigned)irhw_bits_get(irhw_cwide(m->wout, &m->wru.ps, WRU_DONATE_TO), l * tb, tb);
        if (to < L)
            m->st.moves++;
        else
            m->st.xfers++;
        if (g->sram) {
            m->tk_pend[l] = 1;
            m->tk_to[l] = to;
            if (to == L)
                m->xo_st = SLOT_RSV;
            else
                m->mv_st[to] = SLOT_RSV;
        } else {
            land(m, to, bget(m, l, WB_RD_ID));
        }
    }
    /* puts done */
    for (uint64_t b = s->put_src_rf | s->put_src_mv | s->put_src_xi; b; b &= b - 1) {
        unsigned l = low_lane(b);
        if (!bget(m, l, WB_RD_PUT_OK))
            continue;
        if (s->put_src_rf >> l & 1)
            m->rf_st[l] = SLOT_FREE;
        else if (s->put_src_mv >> l & 1)
            m->mv_st[l] = SLOT_FREE;
        else if (s->put_src_xi >> l & 1)
            m->xi_valid = 0;
    }
    /* the rx register: the pointer moves while it is full; else it takes */
    if (xi_was)
        m->rx_ptr = m->rx_ptr + 1 == L ? 0 : m->rx_ptr + 1;
    else if (irhw_get(in, ps, HC_RX_VALID)) {
        m->xi_valid = 1;
        m->xi_id = irhw_get(in, ps, HC_RX_ID);
        m->st.rx++;
    }

    /* memory: responses, then the request register */
    if (irhw_get(in, ps, HC_MEM_RESP_VALID)) {
        unsigned t = (unsigned)irhw_get(in, ps, HC_MEM_RESP_TAG);
        if (t < g->outstanding && m->tag_busy[t]) {
            const uint64_t *d = irhw_cwide(in, ps, HC_MEM_RESP_DATA);
            for (unsigned l = 0, j = 0; l < L; l++)
                if (m->tag_mask[t] >> l & 1) {
                    m->rf_st[l] = SLOT_FULL;
                    m->rf_id[l] = irhw_bits_get(d, j++ * I, I);
                }
            m->tag_busy[t] = 0;
        }
    }
    if (m->rq_valid && irhw_get(in, ps, HC_MEM_REQ_READY))
        m->rq_valid = 0;
    unsigned old_head = m->cb_head, old_n = m->cb_n;
    if (s->st_go) {
        unsigned r = s->pushr, rs = region_size(m, r, s->dbl);
        m->rq_valid = 1;
        m->rq_write = 1;
        m->rq_addr = s->addr;
        m->rq_n = s->n;
        m->rq_tag = 0;
        for (unsigned j = 0; j < C; j++)
            m->rq_data[j] = j < s->n ? m->cb[(m->cb_head + j) % C] : 0;
        m->tail[r] = m->tail[r] + s->n == rs ? 0 : m->tail[r] + s->n;
        m->stored[r] += s->n;
        m->cb_head = (m->cb_head + s->n) % C;
        m->cb_n -= s->n;
        m->st.stores++;
        m->st.stored_ids += s->n;
    } else if (s->ld_go) {
        unsigned r = s->pullr, rs = region_size(m, r, s->dbl);
        m->rq_valid = 1;
        m->rq_write = 0;
        m->rq_addr = s->addr;
        m->rq_n = s->n;
        m->rq_tag = s->tag;
        m->tag_busy[s->tag] = 1;
        m->tag_mask[s->tag] = s->ld_mask;
        for (unsigned l = 0; l < L; l++)
            if (s->ld_mask >> l & 1)
                m->rf_st[l] = SLOT_RSV;
        m->head[r] = m->head[r] + s->n == rs ? 0 : m->head[r] + s->n;
        m->stored[r] -= s->n;
        m->st.loads++;
        m->st.loaded_ids += s->n;
    }
    /* accepted spills append behind what the buffer held */
    unsigned k = 0;
    for (uint64_t b = s->acc; b; b &= b - 1)
        m->cb[(old_head + old_n + k++) % C] = irhw_bits_get(push_id, low_lane(b) * I, I);
    m->cb_n += s->acc_n;

    /* ISA state */
    if (s->init_go) {
        m->base = irhw_get(in, ps, HC_WLINIT_BASE);
        m->size = (unsigned)irhw_get(in, ps, HC_WLINIT_SIZE);
        memset(m->head, 0, sizeof m->head);
        memset(m->tail, 0, sizeof m->tail);
    }
    if (s->cfg_go) {
        m->opull = 0;
        memset(m->head, 0, sizeof m->head);
        memset(m->tail, 0, sizeof m->tail);
    }
    if (s->swap_go)
        m->opull = !m->opull;
    if (g->refill == HC_INTERVAL_REFILL)
        m->rphase = m->rphase + 1 == g->interval ? 0 : m->rphase + 1;
}

#define WRAP_BIT(point) (1u << ((point)-HC_COV_STORE_WRAP_CAP_SINGLE))

/* Coverage crosses: a store (load) that wraps the push (pull) region's
 * tail (head) while the buffer is exactly OVF_CAP or one warp (LANES) long,
 * in single and double mode: the sizes the edge walk sets, met by the event
 * that uses them. */
unsigned hwwl_core_wraps(const void *vm)
{
    const hc_model *m = vm;
    const struct hc_step *s = &m->s;
    int cap = m->size == m->g.ovf_cap, warp = m->size == m->g.lanes;
    unsigned w = 0;
    if (s->st_go && m->tail[s->pushr] + s->n == region_size(m, s->pushr, s->dbl)) {
        if (cap)
            w |= WRAP_BIT(s->dbl ? HC_COV_STORE_WRAP_CAP_DOUBLE : HC_COV_STORE_WRAP_CAP_SINGLE);
        if (warp)
            w |= WRAP_BIT(s->dbl ? HC_COV_STORE_WRAP_WARP_DOUBLE : HC_COV_STORE_WRAP_WARP_SINGLE);
    }
    if (s->ld_go && cap && m->head[s->pullr] + s->n == region_size(m, s->pullr, s->dbl))
        w |= WRAP_BIT(s->dbl ? HC_COV_LOAD_WRAP_CAP_DOUBLE : HC_COV_LOAD_WRAP_CAP_SINGLE);
    return w;
}

static void cover_wraps(const hc_model *m, uint64_t *hits)
{
    for (unsigned w = hwwl_core_wraps(m), i = 0; w; w >>= 1, i++)
        if (w & 1)
            hits[HC_COV_STORE_WRAP_CAP_SINGLE + i]++;
}

int hwwl_core_calm(const void *vm)
{
    return ((const hc_model *)vm)->calm;
}

void hwwl_core_idle_tick(void *vm)
{
    hc_idle_tick(vm);
}
/* Coverage: from this cycle's step (eval computed it) and the state. */
void hwwl_core_cover(const void *vm, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const hc_model *m = vm;
    const irhw_ports *ps = &m->x->ps;
    const struct hc_step *s = &m->s;
    unsigned L = m->g.lanes;
    if (irhw_get(in, ps, HC_RST))
        return;
    uint64_t pull = irhw_get(in, ps, HC_PULL), puts = s->put_src_rf | s->put_src_mv | s->put_src_xi;
    if (s->acc)
        hits[s->dbl ? HC_COV_SPILL_DOUBLE : HC_COV_SPILL_SINGLE]++;
    if (s->spill & ~s->acc & ~s->exc)
        hits[HC_COV_SPILL_STALL]++;
    if (s->exc)
        hits[HC_COV_EXCEPTION]++;
    if (s->st_go && s->n == m->g.coalesce)
        hits[HC_COV_STORE_WARP]++;
    if (s->st_go && s->n < m->cb_n)
        hits[HC_COV_STORE_CUT]++;
    if (s->ld_go)
        hits[s->n > 1 ? HC_COV_LOAD_COALESCED : HC_COV_LOAD]++;
    unsigned busy = 0;
    for (unsigned t = 0; t < m->g.outstanding; t++)
        busy += m->tag_busy[t] != 0;
    if (busy == m->g.outstanding)
        hits[HC_COV_TAGS_ALL_BUSY]++;
    if (s->donate & ~s->xfer_take)
        hits[HC_COV_MOVE]++;
    if (s->xfer_take)
        hits[HC_COV_XFER]++;
    if (s->put_src_xi)
        hits[HC_COV_RX_PUT]++;
    uint64_t empty = 0;
    for (unsigned l = 0; l < L; l++)
        empty |= irhw_get(m->bout + (size_t)l * m->bout_w, &m->bank.ps, WB_EMPTY) << l;
    if (pull & puts & empty)
        hits[HC_COV_PULL_WITHHELD]++;
    for (unsigned l = 0; l < L; l++) {
        if (s->ans[l] == HC_ANS_WAIT)
            hits[HC_COV_WAIT]++;
        if (s->ans[l] == HC_ANS_DONE)
            hits[HC_COV_DONE]++;
    }
    if (irhw_get(in, ps, HC_SWAP) && irhw_get(in, ps, HC_PUSH) && pull)
        hits[HC_COV_SWAP_PUSH_PULL]++;
    if (s->swap_go)
        hits[HC_COV_SWAP]++;
    else if (irhw_get(in, ps, HC_SWAP) && s->dbl)
        hits[HC_COV_SWAP_REFUSED]++;
    if (s->cfg_go && irhw_get(in, ps, HC_WLCFG_DOUBLE))
        hits[HC_COV_CFG_DOUBLE]++;
    if (irhw_get(in, ps, HC_WLINIT_EN)) {
        uint64_t size = irhw_get(in, ps, HC_WLINIT_SIZE);
        if (!s->init_go)
            hits[HC_COV_WLINIT_REFUSED]++;
        if (s->init_go && size == m->g.ovf_cap)
            hits[HC_COV_WLINIT_CAP]++;
        if (s->init_go && size == L)
            hits[HC_COV_WLINIT_WARP]++;
        if (size == L - 1)
            hits[HC_COV_WLINIT_BELOW]++;
        if (size == m->g.ovf_cap + 1ull)
            hits[HC_COV_WLINIT_ABOVE]++;
    }
    cover_wraps(m, hits);
    (void)out;
}

/* ---- construction --------------------------------------------------------------- */

void hwwl_core_free(void *vm)
{
    hc_model *m = vm;
    if (!m)
        return;
    for (unsigned l = 0; l < HC_MAX_LANES; l++)
        if (m->bm[l])
            m->bank.b->model_free(m->bm[l]);
    if (m->wm)
        m->wru.b->model_free(m->wm);
    irhw_inst_free(&m->bank);
    irhw_inst_free(&m->wru);
    free(m->bin);
    free(m->bout);
    free(m->win);
    free(m->wout);
    free(m->cb);
    free(m->rq_data);
    free(m->last_in);
    free(m->ref_in);
    free(m->ref_out);
    free(m->last_out);
    free(m->pull_mask);
    free(m);
}

void *hwwl_core_new(const irhw_inst *x)
{
    hc_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->x = x;
    m->g = *hwwl_core_g(x);
    char err[IRHW_ERRLEN];
    if (hwwl_core_parts(&m->g, &m->bank, &m->wru, err, sizeof err)) {
        hwwl_core_free(m);
        return NULL;
    }
    unsigned L = m->g.lanes;
    m->bin_w = m->bank.ps.in_words;
    m->bout_w = m->bank.ps.out_words;
    for (unsigned p = 0; p < WB_NPORTS; p++)
        m->bo[p] = m->bank.ps.p[p].off;
    m->bin = calloc((size_t)L * m->bin_w, sizeof *m->bin);
    m->bout = calloc((size_t)L * m->bout_w, sizeof *m->bout);
    m->cb = calloc(m->g.coalesce, sizeof *m->cb);
    m->rq_data = calloc(m->g.coalesce, sizeof *m->rq_data);
    m->last_in = calloc(x->ps.in_words, sizeof *m->last_in);
    int ok = m->bin && m->bout && m->cb && m->rq_data && m->last_in;
    for (unsigned l = 0; ok && l < L; l++)
        ok = (m->bm[l] = m->bank.b->model_new(&m->bank)) != NULL;
    if (ok && m->wru.b) {
        m->win = calloc(m->wru.ps.in_words, sizeof *m->win);
        m->wout = calloc(m->wru.ps.out_words, sizeof *m->wout);
        m->wm = m->wru.b->model_new(&m->wru);
        ok = m->win && m->wout && m->wm;
    }
    if (!ok) {
        hwwl_core_free(m);
        return NULL;
    }
    hc_reset(m);
    return m;
}

/* Model-only backdoor to bank l's pull half (hwwl's SCHEME=gsorting /
 * magic): wl_bank's, and the bank is evaluated again next cycle. */
unsigned hwwl_core_bd_count(const void *vm, unsigned l, unsigned *room)
{
    const hc_model *m = vm;
    return wl_bank_bd_count(m->bm[l], room);
}

uint64_t hwwl_core_bd_take(void *vm, unsigned l)
{
    hc_model *m = vm;
    m->bstill &= ~((uint64_t)1 << l);
    m->step_ok = m->calm = m->settled = 0;
    return wl_bank_bd_take(m->bm[l]);
}

void hwwl_core_bd_put(void *vm, unsigned l, uint64_t id)
{
    hc_model *m = vm;
    m->bstill &= ~((uint64_t)1 << l);
    m->step_ok = m->calm = m->settled = 0;
    wl_bank_bd_put(m->bm[l], id);
}

void hwwl_core_stats(void *vm, FILE *f)
{
    const hc_model *m = vm;
    uint64_t pulls = m->st.ans[1] + m->st.ans[2] + m->st.ans[3];
    fprintf(f,
            "hwwl_core: pulls %" PRIu64 ": ID %" PRIu64 ", WAIT %" PRIu64 ", DONE %" PRIu64
            "; spills %" PRIu64 ", exceptions %" PRIu64 "\n",
            pulls, m->st.ans[1], m->st.ans[2], m->st.ans[3], m->st.spills, m->st.exc);
    fprintf(f,
            "hwwl_core: stores %" PRIu64 " (%" PRIu64 " IDs, %.2f per store), loads %" PRIu64
            " (%" PRIu64 " IDs); in-core moves %" PRIu64 ", donations out %" PRIu64
            ", received %" PRIu64 "\n",
            m->st.stores, m->st.stored_ids,
            m->st.stores ? (double)m->st.stored_ids / (double)m->st.stores : 0.0, m->st.loads,
            m->st.loaded_ids, m->st.moves, m->st.xfers, m->st.rx);
    unsigned inbanks = 0, mv = 0, rf = 0, tags = 0;
    for (unsigned l = 0; l < m->g.lanes; l++) {
        inbanks += (unsigned)irhw_get(m->bout + (size_t)l * m->bout_w, &m->bank.ps, WB_COUNT);
        mv += m->mv_st[l] != 0;
        rf += m->rf_st[l] != 0;
    }
    for (unsigned t = 0; t < m->g.outstanding; t++)
        tags += m->tag_busy[t] != 0;
    fprintf(f,
            "hwwl_core: at the end: %u IDs in the banks' pull halves, %u + %u in the overflow "
            "buffer's regions, %u in the coalescing buffer, %u move and %u refill slots busy, "
            "%u loads in flight, %s mode\n",
            inbanks, m->stored[0], m->stored[1], m->cb_n, mv, rf, tags,
            m->s.dbl ? "double" : "single");
}
