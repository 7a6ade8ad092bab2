/*
 * wl_bank — the worklist bank: one SIMD lane's FIFO of work IDs.
 * Models hwwl paper §III-A/§III-B (per-lane 1rw SRAM banks, single/double
 * partition mode) and §V-B (sizes); spec: shared/spec/blocks.md §1.
 *
 * The bank is one single-ported memory: at most one access per cycle.
 *
 * Decisions where the paper and the spec are silent:
 * - Port arbitration is on requests, not outcomes: a lane push or pull
 *   claims the port even when it is refused (full/empty), so the arbiter
 *   does not wait for the full/empty compare. Priority: push > pull >
 *   rd_take > rd_put. push and pull together (which a lane never does) is
 *   defined anyway: the push wins and pull_ok stays low.
 * - A redistribution request that loses the port, or finds the bank
 *   empty/full, is not performed and its *_ok output stays low.
 * - rd_take reads the pull partition's head (the oldest work, like a pull);
 *   rd_put appends at the pull partition's tail: redistribution moves work
 *   between pull halves, where it can be pulled now.
 * - Partition mode is set by a wlcfg command (cfg_en, cfg_double). It is
 *   honoured (cfg_ok) only when the whole bank is empty and no push/rd_put
 *   arrives in the same cycle, so changing mode never loses a work ID; it
 *   resets the pointers. After reset the bank is in single mode.
 * - Double mode with odd ENTRIES: partition 0 holds floor(ENTRIES/2) words at
 *   addresses [0, E/2), partition 1 the other ceil(ENTRIES/2) words.
 * - swap is honoured only in double mode, when the pull half is empty and
 *   no cfg_en arrives in the same cycle; it takes effect at the clock edge,
 *   so a push in the same cycle lands in the half that becomes the pull
 *   half. An accepted swap refuses an rd_put of the same cycle (the pull
 *   half must stay empty to be swapped).
 * - Read latency follows STORAGE: flops read combinationally (pull_valid and
 *   pull_id in the cycle of the pull); sram reads synchronously (pull_valid
 *   and pull_id one cycle after pull_ok). rd_valid/rd_id likewise for
 *   rd_take. Data outputs are zero whenever their valid bit is low.
 * - greedy = count > THRESHOLD; in double mode count, empty and greedy
 *   describe the pull half and full the push half; idle = both halves empty
 *   (what a core needs before a wlcfg it applies to every bank at once).
 */
#include "wl_bank.h"

#include <stdlib.h>
#include <string.h>

/* ---- the model --------------------------------------------------------- */

typedef struct {
    const irhw_ports *ps;
    const wl_bank_geom *g;
    unsigned entries, threshold;
    int sram;
    uint64_t *mem;
    /* state */
    int mode_double, pull_sel;
    unsigned head[2], tail[2], cnt[2];
    int pull_pend, take_pend; /* sram: a read issued last cycle */
    uint64_t rdata_q;         /* sram: the macro's read register */
    /* this cycle's decisions, from eval (tick recomputes them) */
    struct wl_bank_step {
        int pp, hp, do_push, do_pull, do_take, do_put, do_cfg, do_swap;
        unsigned addr;
    } st;
} wl_bank_model;

static unsigned part_size(const wl_bank_model *m, int p)
{
    if (!m->mode_double)
        return m->entries;
    return p == 0 ? m->g->lo : m->g->hi;
}

static unsigned part_base(const wl_bank_model *m, int p)
{
    return (m->mode_double && p == 1) ? m->g->lo : 0;
}

static void wl_bank_decide(wl_bank_model *m, const uint64_t *in)
{
    const irhw_ports *ps = m->ps;
    struct wl_bank_step *s = &m->st;
    int push = (int)irhw_get(in, ps, WB_PUSH), pull = (int)irhw_get(in, ps, WB_PULL);
    int take = (int)irhw_get(in, ps, WB_RD_TAKE), put = (int)irhw_get(in, ps, WB_RD_PUT);
    int cfg_en = (int)irhw_get(in, ps, WB_CFG_EN), swap = (int)irhw_get(in, ps, WB_SWAP);

    s->pp = m->mode_double && m->pull_sel;
    s->hp = m->mode_double && !m->pull_sel;
    int empty = m->cnt[s->pp] == 0;
    int full = m->cnt[s->hp] == part_size(m, s->hp);
    int pull_full = m->cnt[s->pp] == part_size(m, s->pp);
    int lane = push || pull;

    s->do_push = push && !full;
    s->do_pull = pull && !push && !empty;
    s->do_take = take && !lane && !empty;
    s->do_cfg = cfg_en && m->cnt[0] == 0 && m->cnt[1] == 0 && !push && !put;
    s->do_swap = swap && m->mode_double && empty && !cfg_en;
    s->do_put = put && !lane && !take && !pull_full && !s->do_swap;

    if (s->do_push)
        s->addr = part_base(m, s->hp) + m->tail[s->hp];
    else if (s->do_put)
        s->addr = part_base(m, s->pp) + m->tail[s->pp];
    else
        s->addr = part_base(m, s->pp) + m->head[s->pp];
}

void wl_bank_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    wl_bank_model *m = vm;
    const irhw_ports *ps = m->ps;
    struct wl_bank_step *s = &m->st;
    wl_bank_decide(m, in);
    int push = (int)irhw_get(in, ps, WB_PUSH);
    int pull_valid, rd_valid;
    uint64_t rdata;
    if (m->sram) {
        pull_valid = m->pull_pend;
        rd_valid = m->take_pend;
        rdata = m->rdata_q;
    } else {
        pull_valid = s->do_pull;
        rd_valid = s->do_take;
        rdata = m->mem[s->addr < m->entries ? s->addr : 0];
    }
    irhw_set(out, ps, WB_CFG_OK, (uint64_t)s->do_cfg);
    irhw_set(out, ps, WB_PUSH_OK, (uint64_t)s->do_push);
    irhw_set(out, ps, WB_SPILL, (uint64_t)(push && !s->do_push));
    irhw_set(out, ps, WB_PULL_OK, (uint64_t)s->do_pull);
    irhw_set(out, ps, WB_PULL_VALID, (uint64_t)pull_valid);
    irhw_set(out, ps, WB_PULL_ID, pull_valid ? rdata : 0);
    irhw_set(out, ps, WB_SWAP_OK, (uint64_t)s->do_swap);
    irhw_set(out, ps, WB_RD_TAKE_OK, (uint64_t)s->do_take);
    irhw_set(out, ps, WB_RD_PUT_OK, (uint64_t)s->do_put);
    irhw_set(out, ps, WB_RD_VALID, (uint64_t)rd_valid);
    irhw_set(out, ps, WB_RD_ID, rd_valid ? rdata : 0);
    irhw_set(out, ps, WB_DOUBLE_MODE, (uint64_t)m->mode_double);
    irhw_set(out, ps, WB_COUNT, m->cnt[s->pp]);
    irhw_set(out, ps, WB_EMPTY, (uint64_t)(m->cnt[s->pp] == 0));
    irhw_set(out, ps, WB_FULL, (uint64_t)(m->cnt[s->hp] == part_size(m, s->hp)));
    irhw_set(out, ps, WB_GREEDY, (uint64_t)(m->cnt[s->pp] > m->threshold));
    irhw_set(out, ps, WB_IDLE, (uint64_t)(m->cnt[0] == 0 && m->cnt[1] == 0));
}

static void wl_bank_reset(wl_bank_model *m)
{
    m->mode_double = m->pull_sel = 0;
    memset(m->head, 0, sizeof m->head);
    memset(m->tail, 0, sizeof m->tail);
    memset(m->cnt, 0, sizeof m->cnt);
    m->pull_pend = m->take_pend = 0;
}

void wl_bank_tick(void *vm, const uint64_t *in)
{
    wl_bank_model *m = vm;
    const irhw_ports *ps = m->ps;
    struct wl_bank_step *s = &m->st;
    wl_bank_decide(m, in);
    int pop = s->do_pull || s->do_take;
    /* The memory itself is not reset (like the macro); only pointers are. */
    if (s->do_push)
        m->mem[s->addr] = irhw_get(in, ps, WB_PUSH_ID);
    else if (s->do_put)
        m->mem[s->addr] = irhw_get(in, ps, WB_RD_PUT_ID);
    else if (pop && m->sram)
        m->rdata_q = m->mem[s->addr];

    if (irhw_get(in, ps, WB_RST)) {
        wl_bank_reset(m);
        return;
    }
    if (s->do_cfg) {
        wl_bank_reset(m);
        m->mode_double = (int)irhw_get(in, ps, WB_CFG_DOUBLE);
        return;
    }
    int wp = s->do_push ? s->hp : s->pp;
    if (s->do_push || s->do_put) {
        m->tail[wp] = m->tail[wp] + 1 == part_size(m, wp) ? 0 : m->tail[wp] + 1;
        m->cnt[wp]++;
    }
    if (pop) {
        m->head[s->pp] = m->head[s->pp] + 1 == part_size(m, s->pp) ? 0 : m->head[s->pp] + 1;
        m->cnt[s->pp]--;
    }
    if (s->do_swap)
        m->pull_sel = !m->pull_sel;
    m->pull_pend = m->sram && s->do_pull;
    m->take_pend = m->sram && s->do_take;
}

/* Coverage: from this cycle's decisions (eval computed them) and the state. */
void wl_bank_cover(const void *vm, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const wl_bank_model *m = vm;
    const irhw_ports *ps = m->ps;
    const struct wl_bank_step *s = &m->st;
    if (irhw_get(in, ps, WB_RST))
        return;
    int push = (int)irhw_get(in, ps, WB_PUSH), lane = push || irhw_get(in, ps, WB_PULL);
    int put = (int)irhw_get(in, ps, WB_RD_PUT);
    if (push && !s->do_push)
        hits[m->mode_double ? WB_COV_SPILL_DOUBLE : WB_COV_SPILL_SINGLE]++;
    if (s->do_swap)
        hits[WB_COV_SWAP_DONE]++;
    else if (irhw_get(in, ps, WB_SWAP) && m->mode_double && !irhw_get(in, ps, WB_CFG_EN))
        hits[WB_COV_SWAP_REFUSED]++;
    if (irhw_get(in, ps, WB_CFG_EN) && !s->do_cfg && (m->cnt[0] || m->cnt[1]))
        hits[WB_COV_CFG_REFUSED]++;
    if (s->do_cfg && irhw_get(in, ps, WB_CFG_DOUBLE))
        hits[WB_COV_CFG_DOUBLE]++;
    if (irhw_get(in, ps, WB_RD_TAKE) && lane && m->cnt[s->pp])
        hits[WB_COV_TAKE_LOSES_PORT]++;
    if (put && lane)
        hits[WB_COV_REFILL_LOSES_PORT]++;
    if (put && !lane && !irhw_get(in, ps, WB_RD_TAKE) && m->cnt[s->pp] == part_size(m, s->pp))
        hits[WB_COV_REFILL_PULL_HALF_FULL]++;
    if ((s->do_pull || s->do_take) && m->head[s->pp] + 1 == part_size(m, s->pp))
        hits[WB_COV_HEAD_WRAPS]++;
    if (irhw_get(out, ps, WB_GREEDY))
        hits[WB_COV_GREEDY]++;
}

void *wl_bank_new(const irhw_inst *x)
{
    const wl_bank_geom *g = wl_bank_g(x);
    wl_bank_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->ps = &x->ps;
    m->g = g;
    m->entries = g->entries;
    m->threshold = g->threshold;
    m->sram = g->sram;
    m->mem = calloc(m->entries, sizeof *m->mem);
    if (!m->mem) {
        free(m);
        return NULL;
    }
    wl_bank_reset(m);
    return m;
}

void wl_bank_free(void *vm)
{
    wl_bank_model *m = vm;
    if (m)
        free(m->mem);
    free(m);
}
