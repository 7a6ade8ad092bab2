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
    const wl_bank_geom *g;
    unsigned entries, threshold;
    int sram;
    uint64_t *mem;
    /* state */
    int mode_double, pull_sel;
    unsigned head[2], tail[2], cnt[2];
    unsigned size[2], base[2]; /* each partition's words and first address, from the mode */
    int pull_pend, take_pend;  /* sram: a read issued last cycle */
    uint64_t rdata_q;          /* sram: the macro's read register */
    /* this cycle's decisions, from eval; tick reuses them when its inputs
     * are eval's and no clock edge came between (key: the inputs, | DECIDED
     * while valid) */
    struct wl_bank_step {
        unsigned pp, hp, do_push, do_pull, do_take, do_put, do_cfg, do_swap; /* 0/1 */
        unsigned addr, key;
    } st;
} wl_bank_model;

/* Every wl_bank port fits one word (ID_BITS <= 64), so a port's word is its
 * index among the inputs or the outputs: the model reads and writes them
 * directly (wl_bank_new checks the layout). */
#define IN(p) in[p]
#define OUT(port) out[port - WB_CFG_OK] /* port: a WB_* output name */

/* Partition sizes and bases for the current mode (after reset and wlcfg). */
static void set_mode(wl_bank_model *m, int mode_double)
{
    m->mode_double = mode_double;
    m->size[0] = mode_double ? m->g->lo : m->entries;
    m->size[1] = mode_double ? m->g->hi : m->entries;
    m->base[0] = 0;
    m->base[1] = mode_double ? m->g->lo : 0;
}

enum { DECIDED = 1u << 6 }; /* in a step's key: above the six input bits */

/* The inputs a decision depends on, one bit each. A 1-bit port's word is
 * 0 or 1: stimuli draw it so and stimulus files are checked against the
 * port's width. */
static inline unsigned decide_key(const uint64_t *in)
{
    return (unsigned)(IN(WB_PUSH) | IN(WB_PULL) << 1 | IN(WB_RD_TAKE) << 2 | IN(WB_RD_PUT) << 3 |
                      IN(WB_CFG_EN) << 4 | IN(WB_SWAP) << 5);
}

/* Flags are 0/1: & and ^ 1 instead of && and ! keep the decision free of
 * branches. */
static inline void wl_bank_decide(wl_bank_model *m, const uint64_t *in)
{
    struct wl_bank_step *s = &m->st;
    unsigned push = (unsigned)IN(WB_PUSH), pull = (unsigned)IN(WB_PULL);
    unsigned take = (unsigned)IN(WB_RD_TAKE), put = (unsigned)IN(WB_RD_PUT);
    unsigned cfg_en = (unsigned)IN(WB_CFG_EN), swap = (unsigned)IN(WB_SWAP);
    /* pull_sel is 0 in single mode (reset and wlcfg clear it, swap needs
     * double mode), where both halves are partition 0 */
    unsigned dbl = (unsigned)m->mode_double, pp = (unsigned)m->pull_sel, hp = dbl ^ pp;

    s->key = (push | pull << 1 | take << 2 | put << 3 | cfg_en << 4 | swap << 5) | DECIDED;
    s->pp = pp;
    s->hp = hp;
    unsigned avail = m->cnt[pp] != 0;          /* the pull half holds work */
    unsigned room = m->cnt[hp] != m->size[hp]; /* the push half has room */
    unsigned bank_empty = (m->cnt[0] | m->cnt[1]) == 0;
    unsigned pull_room = m->cnt[pp] != m->size[pp]; /* the pull half has room */
    unsigned port_free = (push | pull) ^ 1;         /* no lane request */

    unsigned do_push = s->do_push = push & room;
    s->do_pull = pull & (push ^ 1) & avail;
    s->do_take = take & port_free & avail;
    s->do_cfg = cfg_en & bank_empty & ((push | put) ^ 1);
    unsigned do_swap = s->do_swap = swap & dbl & (avail ^ 1) & (cfg_en ^ 1);
    unsigned do_put = s->do_put = put & ((push | pull | take | do_swap) ^ 1) & pull_room;

    unsigned wp = do_push ? hp : pp;
    s->addr = m->base[wp] + (do_push | do_put ? m->tail[wp] : m->head[pp]);
}

/* Out of line: tick's usual path (eval decided) stays short. */
__attribute__((noinline)) static void decide_again(wl_bank_model *m, const uint64_t *in)
{
    wl_bank_decide(m, in);
}

void wl_bank_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    wl_bank_model *m = vm;
    const struct wl_bank_step *s = &m->st;
    wl_bank_decide(m, in);
    unsigned pull_valid, rd_valid;
    uint64_t rdata;
    if (m->sram) {
        pull_valid = (unsigned)m->pull_pend;
        rd_valid = (unsigned)m->take_pend;
        rdata = m->rdata_q;
    } else {
        pull_valid = s->do_pull;
        rd_valid = s->do_take;
        rdata = m->mem[s->addr]; /* < ENTRIES: head and tail stay below their half's size */
    }
    unsigned count = m->cnt[s->pp];
    OUT(WB_CFG_OK) = (uint64_t)s->do_cfg;
    OUT(WB_PUSH_OK) = (uint64_t)s->do_push;
    OUT(WB_SPILL) = (uint64_t)(s->key & 1) ^ s->do_push; /* refused: push without push_ok */
    OUT(WB_PULL_OK) = (uint64_t)s->do_pull;
    OUT(WB_PULL_VALID) = (uint64_t)pull_valid;
    OUT(WB_PULL_ID) = rdata & -(uint64_t)pull_valid;
    OUT(WB_SWAP_OK) = (uint64_t)s->do_swap;
    OUT(WB_RD_TAKE_OK) = (uint64_t)s->do_take;
    OUT(WB_RD_PUT_OK) = (uint64_t)s->do_put;
    OUT(WB_RD_VALID) = (uint64_t)rd_valid;
    OUT(WB_RD_ID) = rdata & -(uint64_t)rd_valid;
    OUT(WB_DOUBLE_MODE) = (uint64_t)m->mode_double;
    OUT(WB_COUNT) = count;
    OUT(WB_EMPTY) = (uint64_t)(count == 0);
    OUT(WB_FULL) = (uint64_t)(m->cnt[s->hp] == m->size[s->hp]);
    OUT(WB_GREEDY) = (uint64_t)(count > m->threshold);
    OUT(WB_IDLE) = (uint64_t)((m->cnt[0] | m->cnt[1]) == 0);
}

static void wl_bank_reset(wl_bank_model *m)
{
    set_mode(m, 0);
    m->pull_sel = 0;
    memset(m->head, 0, sizeof m->head);
    memset(m->tail, 0, sizeof m->tail);
    memset(m->cnt, 0, sizeof m->cnt);
    m->pull_pend = m->take_pend = 0;
}

void wl_bank_tick(void *vm, const uint64_t *in)
{
    wl_bank_model *m = vm;
    const struct wl_bank_step *s = &m->st;
    if (s->key != (decide_key(in) | DECIDED)) /* not eval's inputs: decide again */
        decide_again(m, in);
    m->st.key = 0; /* the state changes below */
    unsigned pop = s->do_pull | s->do_take;
    /* The memory itself is not reset (like the macro); only pointers are. */
    if (s->do_push)
        m->mem[s->addr] = IN(WB_PUSH_ID);
    else if (s->do_put)
        m->mem[s->addr] = IN(WB_RD_PUT_ID);
    else if (pop && m->sram)
        m->rdata_q = m->mem[s->addr];

    if (IN(WB_RST)) {
        wl_bank_reset(m);
        return;
    }
    if (s->do_cfg) {
        wl_bank_reset(m);
        set_mode(m, (int)IN(WB_CFG_DOUBLE));
        return;
    }
    int wp = s->do_push ? s->hp : s->pp;
    if (s->do_push || s->do_put) {
        m->tail[wp] = m->tail[wp] + 1 == m->size[wp] ? 0 : m->tail[wp] + 1;
        m->cnt[wp]++;
    }
    if (pop) {
        m->head[s->pp] = m->head[s->pp] + 1 == m->size[s->pp] ? 0 : m->head[s->pp] + 1;
        m->cnt[s->pp]--;
    }
    if (s->do_swap)
        m->pull_sel = !m->pull_sel;
    m->pull_pend = m->sram & (int)s->do_pull;
    m->take_pend = m->sram & (int)s->do_take;
}

/* Coverage: from this cycle's decisions (eval computed them) and the state. */
void wl_bank_cover(const void *vm, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const wl_bank_model *m = vm;
    const struct wl_bank_step *s = &m->st;
    if (IN(WB_RST))
        return;
    unsigned count = m->cnt[s->pp], size = m->size[s->pp];
    hits[WB_COV_GREEDY] += OUT(WB_GREEDY);
    if ((s->do_pull | s->do_take) && m->head[s->pp] + 1 == size)
        hits[WB_COV_HEAD_WRAPS]++;
    if (!(s->key & ~(2u | DECIDED))) /* a pull or nothing: no other point */
        return;
    int push = (int)IN(WB_PUSH), lane = push || IN(WB_PULL);
    int put = (int)IN(WB_RD_PUT);
    if (push && !s->do_push)
        hits[m->mode_double ? WB_COV_SPILL_DOUBLE : WB_COV_SPILL_SINGLE]++;
    if (s->do_swap)
        hits[WB_COV_SWAP_DONE]++;
    else if (IN(WB_SWAP) && m->mode_double && !IN(WB_CFG_EN))
        hits[WB_COV_SWAP_REFUSED]++;
    if (IN(WB_CFG_EN) && !s->do_cfg && (m->cnt[0] || m->cnt[1]))
        hits[WB_COV_CFG_REFUSED]++;
    if (s->do_cfg && IN(WB_CFG_DOUBLE))
        hits[WB_COV_CFG_DOUBLE]++;
    if (IN(WB_RD_TAKE) && lane && count)
        hits[WB_COV_TAKE_LOSES_PORT]++;
    if (put && lane)
        hits[WB_COV_REFILL_LOSES_PORT]++;
    if (put && !lane && !IN(WB_RD_TAKE) && count == size)
        hits[WB_COV_REFILL_PULL_HALF_FULL]++;
}

/* The direct port access (IN, OUT) holds: every port is one word, in order. */
static int one_word_ports(const irhw_ports *ps)
{
    for (unsigned i = 0; i < WB_NPORTS; i++)
        if (ps->p[i].off != (i < WB_CFG_OK ? i : i - WB_CFG_OK) || ps->p[i].width > 64)
            return 0;
    return ps->n == WB_NPORTS;
}

void *wl_bank_new(const irhw_inst *x)
{
    const wl_bank_geom *g = wl_bank_g(x);
    wl_bank_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (!one_word_ports(&x->ps)) {
        free(m);
        return NULL;
    }
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
