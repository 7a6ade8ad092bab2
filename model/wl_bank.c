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

/* The inputs a decision depends on, one bit each (a decision key's low six
 * bits), and the state it depends on (the next five). */
enum {
    K_PUSH = 1,
    K_PULL = 2,
    K_TAKE = 4,
    K_PUT = 8,
    K_CFG = 16,
    K_SWAP = 32,
    S_AVAIL = 1 << 6,     /* the pull half holds work */
    S_ROOM = 1 << 7,      /* the push half has room */
    S_EMPTY = 1 << 8,     /* the whole bank is empty */
    S_PULL_ROOM = 1 << 9, /* the pull half has room */
    S_DOUBLE = 1 << 10,   /* double mode */
    NKEYS = 1 << 11
};
/* A cycle's decisions, one bit each. */
enum { D_PUSH = 1, D_PULL = 2, D_TAKE = 4, D_PUT = 8, D_CFG = 16, D_SWAP = 32, D_SPILL = 64 };

/* The decisions for every key: the arbitration below, tabulated once; and
 * for every decision its *_ok and spill output words: cfg_ok, push_ok,
 * spill, pull_ok (ports WB_CFG_OK..WB_PULL_OK), then swap_ok, rd_take_ok,
 * rd_put_ok (WB_SWAP_OK..WB_RD_PUT_OK). */
static uint8_t decide_tab[NKEYS];
static uint64_t ok_words[D_SPILL * 2][7];

__attribute__((constructor)) static void decide_tab_init(void)
{
    for (unsigned k = 0; k < NKEYS; k++) {
        int push = !!(k & K_PUSH), pull = !!(k & K_PULL), take = !!(k & K_TAKE);
        int put = !!(k & K_PUT), cfg_en = !!(k & K_CFG), swap = !!(k & K_SWAP);
        int avail = !!(k & S_AVAIL);
        int do_push = push && (k & S_ROOM);
        int do_pull = pull && !push && avail;
        int do_take = take && !push && !pull && avail;
        int do_cfg = cfg_en && (k & S_EMPTY) && !push && !put;
        int do_swap = swap && (k & S_DOUBLE) && !avail && !cfg_en;
        int do_put = put && !push && !pull && !take && !do_swap && (k & S_PULL_ROOM);
        decide_tab[k] =
            (uint8_t)(do_push * D_PUSH | do_pull * D_PULL | do_take * D_TAKE | do_put * D_PUT |
                      do_cfg * D_CFG | do_swap * D_SWAP | (push && !do_push) * D_SPILL);
    }
    for (unsigned d = 0; d < D_SPILL * 2; d++) {
        const unsigned bit[7] = {D_CFG, D_PUSH, D_SPILL, D_PULL, D_SWAP, D_TAKE, D_PUT};
        for (unsigned i = 0; i < 7; i++)
            ok_words[d][i] = (d & bit[i]) != 0;
    }
}

typedef struct {
    const wl_bank_geom *g;
    unsigned entries, threshold;
    int sram;
    uint64_t *mem;
    /* state */
    int mode_double, pull_sel;
    unsigned head[2], tail[2], cnt[2];
    unsigned size[2], base[2]; /* each partition's words and first address, from the mode */
    unsigned pend_mask;        /* sram: D_PULL | D_TAKE (reads a cycle late); flops: 0 */
    unsigned pend;             /* sram: the reads issued last cycle (D_PULL, D_TAKE) */
    uint64_t rdata_q;          /* sram: the macro's read register */
    /* derived from the state by summarize, after every change */
    unsigned sbits;   /* the S_* bits of a decision key */
    unsigned raddr;   /* the pull half's head address */
    uint64_t sout[6]; /* outputs double_mode, count, empty, full, greedy, idle */
    /* eval's inputs (K_* bits) and decisions (D_*), for the coverage */
    unsigned key, d;
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

/* What eval needs of the state. pull_sel is 0 in single mode (reset and
 * wlcfg clear it, swap needs double mode), where both halves are partition
 * 0; in double mode count, empty and greedy describe the pull half and full
 * the push half. */
static inline void summarize(wl_bank_model *m)
{
    unsigned pp = (unsigned)m->pull_sel, hp = (unsigned)m->mode_double ^ pp;
    unsigned count = m->cnt[pp], idle = (m->cnt[0] | m->cnt[1]) == 0;
    unsigned full = m->cnt[hp] == m->size[hp];
    m->sbits = (count ? S_AVAIL : 0) | (full ? 0 : S_ROOM) | (idle ? S_EMPTY : 0) |
               (count != m->size[pp] ? S_PULL_ROOM : 0) | (m->mode_double ? S_DOUBLE : 0);
    m->raddr = m->base[pp] + m->head[pp];
    m->sout[0] = (uint64_t)m->mode_double;
    m->sout[1] = count;
    m->sout[2] = count == 0;
    m->sout[3] = full;
    m->sout[4] = count > m->threshold;
    m->sout[5] = idle;
}

/* The input bits of a decision key. A 1-bit port's word is 0 or 1: stimuli
 * draw it so and stimulus files are checked against the port's width. */
static inline unsigned decide_key(const uint64_t *in)
{
    /* + for |: the bits do not overlap, and x86 adds and scales in one step */
    return (unsigned)(IN(WB_PUSH) + 2 * IN(WB_PULL) + 4 * (IN(WB_RD_TAKE) + 2 * IN(WB_RD_PUT)) +
                      16 * (IN(WB_CFG_EN) + 2 * IN(WB_SWAP)));
}

void wl_bank_eval(void *vm, const uint64_t *in, uint64_t *out)
{
    wl_bank_model *m = vm;
    unsigned key = decide_key(in), d = decide_tab[key | m->sbits];
    m->key = key;
    m->d = d;
    uint64_t pull_valid, rd_valid, rdata;
    if (m->sram) {
        pull_valid = m->pend >> 1 & 1;
        rd_valid = m->pend >> 2 & 1;
        rdata = m->rdata_q;
    } else {
        pull_valid = d >> 1 & 1;
        rd_valid = d >> 2 & 1;
        rdata = m->mem[m->raddr]; /* a pull or rd_take reads the pull half's head */
    }
    memcpy(&OUT(WB_CFG_OK), ok_words[d], 4 * sizeof *out); /* through WB_PULL_OK */
    OUT(WB_PULL_VALID) = pull_valid;
    OUT(WB_PULL_ID) = rdata & -pull_valid;
    memcpy(&OUT(WB_SWAP_OK), ok_words[d] + 4, 3 * sizeof *out); /* through WB_RD_PUT_OK */
    OUT(WB_RD_VALID) = rd_valid;
    OUT(WB_RD_ID) = rdata & -rd_valid;
    memcpy(&OUT(WB_DOUBLE_MODE), m->sout, sizeof m->sout); /* through WB_IDLE */
}

static void wl_bank_reset(wl_bank_model *m)
{
    set_mode(m, 0);
    m->pull_sel = 0;
    memset(m->head, 0, sizeof m->head);
    memset(m->tail, 0, sizeof m->tail);
    memset(m->cnt, 0, sizeof m->cnt);
    m->pend = 0;
    summarize(m);
}

void wl_bank_tick(void *vm, const uint64_t *in)
{
    wl_bank_model *m = vm;
    /* decided again on tick's own inputs: a table look-up */
    unsigned d = decide_tab[decide_key(in) | m->sbits];
    unsigned pp = (unsigned)m->pull_sel, hp = (unsigned)m->mode_double ^ pp;
    unsigned pop = d & (D_PULL | D_TAKE);
    /* The memory itself is not reset (like the macro); only pointers are. */
    if (d & D_PUSH)
        m->mem[m->base[hp] + m->tail[hp]] = IN(WB_PUSH_ID);
    else if (d & D_PUT)
        m->mem[m->base[pp] + m->tail[pp]] = IN(WB_RD_PUT_ID);
    else if (d & m->pend_mask) /* an sram read */
        m->rdata_q = m->mem[m->raddr];

    if (IN(WB_RST)) {
        wl_bank_reset(m);
        return;
    }
    if (d & D_CFG) {
        wl_bank_reset(m);
        set_mode(m, (int)IN(WB_CFG_DOUBLE));
        summarize(m);
        return;
    }
    unsigned wp = d & D_PUSH ? hp : pp;
    if (d & (D_PUSH | D_PUT)) {
        m->tail[wp] = m->tail[wp] + 1 == m->size[wp] ? 0 : m->tail[wp] + 1;
        m->cnt[wp]++;
    }
    if (pop) {
        m->head[pp] = m->head[pp] + 1 == m->size[pp] ? 0 : m->head[pp] + 1;
        m->cnt[pp]--;
    }
    if (d & D_SWAP)
        m->pull_sel = !m->pull_sel;
    m->pend = d & m->pend_mask;
    if (d & (D_PUSH | D_PULL | D_TAKE | D_PUT | D_SWAP))
        summarize(m);
}

/* Model-only backdoor (hwwl's SCHEME=gsorting / magic, which have no RTL):
 * the pull half's count, and one ID taken from its head or put at its tail
 * between two cycles, outside the ports. */
unsigned wl_bank_bd_count(const void *vm, unsigned *room)
{
    const wl_bank_model *m = vm;
    unsigned pp = (unsigned)m->pull_sel;
    *room = m->size[pp] - m->cnt[pp];
    return m->cnt[pp];
}

uint64_t wl_bank_bd_take(void *vm)
{
    wl_bank_model *m = vm;
    unsigned pp = (unsigned)m->pull_sel;
    uint64_t id = m->mem[m->base[pp] + m->head[pp]];
    m->head[pp] = m->head[pp] + 1 == m->size[pp] ? 0 : m->head[pp] + 1;
    m->cnt[pp]--;
    summarize(m);
    return id;
}

void wl_bank_bd_put(void *vm, uint64_t id)
{
    wl_bank_model *m = vm;
    unsigned pp = (unsigned)m->pull_sel;
    m->mem[m->base[pp] + m->tail[pp]] = id;
    m->tail[pp] = m->tail[pp] + 1 == m->size[pp] ? 0 : m->tail[pp] + 1;
    m->cnt[pp]++;
    summarize(m);
}

/* Coverage: from this cycle's decisions (eval made them) and the state. */
void wl_bank_cover(const void *vm, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    const wl_bank_model *m = vm;
    unsigned key = m->key, d = m->d;
    if (IN(WB_RST))
        return;
    unsigned pp = (unsigned)m->pull_sel, count = m->cnt[pp], size = m->size[pp];
    hits[WB_COV_GREEDY] += OUT(WB_GREEDY);
    if ((d & (D_PULL | D_TAKE)) && m->head[pp] + 1 == size)
        hits[m->mode_double ? WB_COV_HEAD_WRAPS_DOUBLE : WB_COV_HEAD_WRAPS]++;
    if (d & (D_PUSH | D_PUT)) {
        unsigned wp = d & D_PUSH ? (unsigned)m->mode_double ^ pp : pp;
        if (m->tail[wp] + 1 == m->size[wp])
            hits[m->mode_double ? WB_COV_TAIL_WRAPS_DOUBLE : WB_COV_TAIL_WRAPS_SINGLE]++;
    }
    if ((key & K_PULL) && !(key & K_PUSH) && !count)
        hits[m->mode_double ? WB_COV_PULL_EMPTY_DOUBLE : WB_COV_PULL_EMPTY_SINGLE]++;
    if ((key & (K_PUSH | K_PULL)) == (K_PUSH | K_PULL))
        hits[WB_COV_PUSH_AND_PULL]++;
    if (!(key & ~(unsigned)K_PULL)) /* a pull or nothing: no other point */
        return;
    int lane = (key & (K_PUSH | K_PULL)) != 0, put = (key & K_PUT) != 0;
    if (d & D_SPILL)
        hits[m->mode_double ? WB_COV_SPILL_DOUBLE : WB_COV_SPILL_SINGLE]++;
    if (d & D_SWAP)
        hits[WB_COV_SWAP_DONE]++;
    else if ((key & K_SWAP) && m->mode_double && !(key & K_CFG))
        hits[WB_COV_SWAP_REFUSED]++;
    if ((key & K_CFG) && !(d & D_CFG) && (m->cnt[0] || m->cnt[1]))
        hits[WB_COV_CFG_REFUSED]++;
    if ((d & D_CFG) && IN(WB_CFG_DOUBLE))
        hits[WB_COV_CFG_DOUBLE]++;
    if ((key & K_TAKE) && lane && count)
        hits[WB_COV_TAKE_LOSES_PORT]++;
    if (put && lane)
        hits[WB_COV_REFILL_LOSES_PORT]++;
    if (put && !lane && !(key & K_TAKE) && count == size)
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
    m->pend_mask = m->sram ? D_PULL | D_TAKE : 0;
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
