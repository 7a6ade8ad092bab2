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
 *   describe the pull half and full the push half.
 */
#include "wl_bank.h"

#include "irhw.h"
#include "area.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const wl_bank_storage_names[] = {"flops", "sram", NULL};

static const irhw_param wl_bank_params[] = {
    [WB_ENTRIES] = {"ENTRIES", IRHW_PINT, 32, 2, 65536, NULL,
                    "work IDs the bank holds (any integer, not only powers of two)"},
    [WB_ID_BITS] = {"ID_BITS", IRHW_PINT, 24, 1, 64, NULL, "bits per work ID (24 b: ~17M IDs)"},
    [WB_THRESHOLD] = {"THRESHOLD", IRHW_PINT, 5, 0, 65535, NULL,
                      "greedy when count > THRESHOLD (must be < ENTRIES)"},
    [WB_STORAGE] = {"STORAGE", IRHW_PENUM, WB_FLOPS, 0, 0, wl_bank_storage_names,
                    "flops (combinational read) or sram (1rw macro, synchronous read)"},
};

static int wl_bank_validate(const irhw_cfg *c, char *err, size_t errlen)
{
    if (c->v[WB_THRESHOLD] >= c->v[WB_ENTRIES])
        return irhw_err(err, errlen,
                        "parameter THRESHOLD=%" PRId64 " is out of range: THRESHOLD must be "
                        "0..%" PRId64 " (below ENTRIES=%" PRId64 ")",
                        c->v[WB_THRESHOLD], c->v[WB_ENTRIES] - 1, c->v[WB_ENTRIES]);
    return 0;
}

static void wl_bank_ports(const irhw_cfg *c, irhw_ports *ps)
{
    unsigned w = (unsigned)c->v[WB_ID_BITS];
    unsigned cb = irhw_bits_for((uint64_t)c->v[WB_ENTRIES]);
    static const struct {
        const char *name;
        irhw_dir dir;
        int width; /* -1: ID_BITS, -2: count bits */
        const char *group;
    } list[WB_NPORTS] = {
        [WB_RST] = {"rst", IRHW_IN, 1, "control"},
        [WB_CFG_EN] = {"cfg_en", IRHW_IN, 1, "config"},
        [WB_CFG_DOUBLE] = {"cfg_double", IRHW_IN, 1, "config"},
        [WB_PUSH] = {"push", IRHW_IN, 1, "lane"},
        [WB_PUSH_ID] = {"push_id", IRHW_IN, -1, "lane"},
        [WB_PULL] = {"pull", IRHW_IN, 1, "lane"},
        [WB_SWAP] = {"swap", IRHW_IN, 1, "kernel"},
        [WB_RD_TAKE] = {"rd_take", IRHW_IN, 1, "redistribution"},
        [WB_RD_PUT] = {"rd_put", IRHW_IN, 1, "redistribution"},
        [WB_RD_PUT_ID] = {"rd_put_id", IRHW_IN, -1, "redistribution"},
        [WB_CFG_OK] = {"cfg_ok", IRHW_OUT, 1, "config"},
        [WB_PUSH_OK] = {"push_ok", IRHW_OUT, 1, "lane"},
        [WB_SPILL] = {"spill", IRHW_OUT, 1, "lane"},
        [WB_PULL_OK] = {"pull_ok", IRHW_OUT, 1, "lane"},
        [WB_PULL_VALID] = {"pull_valid", IRHW_OUT, 1, "lane"},
        [WB_PULL_ID] = {"pull_id", IRHW_OUT, -1, "lane"},
        [WB_SWAP_OK] = {"swap_ok", IRHW_OUT, 1, "kernel"},
        [WB_RD_TAKE_OK] = {"rd_take_ok", IRHW_OUT, 1, "redistribution"},
        [WB_RD_PUT_OK] = {"rd_put_ok", IRHW_OUT, 1, "redistribution"},
        [WB_RD_VALID] = {"rd_valid", IRHW_OUT, 1, "redistribution"},
        [WB_RD_ID] = {"rd_id", IRHW_OUT, -1, "redistribution"},
        [WB_DOUBLE_MODE] = {"double_mode", IRHW_OUT, 1, "status"},
        [WB_COUNT] = {"count", IRHW_OUT, -2, "status"},
        [WB_EMPTY] = {"empty", IRHW_OUT, 1, "status"},
        [WB_FULL] = {"full", IRHW_OUT, 1, "status"},
        [WB_GREEDY] = {"greedy", IRHW_OUT, 1, "status"},
    };
    for (unsigned i = 0; i < WB_NPORTS; i++) {
        unsigned width = list[i].width == -1   ? w
                         : list[i].width == -2 ? cb
                                               : (unsigned)list[i].width;
        irhw_port_add(ps, list[i].name, list[i].dir, width, list[i].group);
    }
}

static void wl_bank_module_name(const irhw_cfg *c, char *buf, size_t len)
{
    snprintf(buf, len, "wl_bank_e%" PRId64 "_w%" PRId64 "_t%" PRId64 "_%s", c->v[WB_ENTRIES],
             c->v[WB_ID_BITS], c->v[WB_THRESHOLD], wl_bank_storage_names[c->v[WB_STORAGE]]);
}

/* ---- the model --------------------------------------------------------- */

typedef struct {
    const irhw_ports *ps;
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
    return p == 0 ? m->entries / 2 : m->entries - m->entries / 2;
}

static unsigned part_base(const wl_bank_model *m, int p)
{
    return (m->mode_double && p == 1) ? m->entries / 2 : 0;
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

static void wl_bank_eval(void *vm, const uint64_t *in, uint64_t *out)
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
}

static void wl_bank_reset(wl_bank_model *m)
{
    m->mode_double = m->pull_sel = 0;
    memset(m->head, 0, sizeof m->head);
    memset(m->tail, 0, sizeof m->tail);
    memset(m->cnt, 0, sizeof m->cnt);
    m->pull_pend = m->take_pend = 0;
}

static void wl_bank_tick(void *vm, const uint64_t *in)
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

static void *wl_bank_new(const irhw_cfg *c, const irhw_ports *ps)
{
    wl_bank_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->ps = ps;
    m->entries = (unsigned)c->v[WB_ENTRIES];
    m->threshold = (unsigned)c->v[WB_THRESHOLD];
    m->sram = c->v[WB_STORAGE] == WB_SRAM;
    m->mem = calloc(m->entries, sizeof *m->mem);
    if (!m->mem) {
        free(m);
        return NULL;
    }
    wl_bank_reset(m);
    return m;
}

static void wl_bank_free(void *vm)
{
    wl_bank_model *m = vm;
    if (m)
        free(m->mem);
    free(m);
}

/* ---- area -------------------------------------------------------------- */

static void wl_bank_storage(const irhw_cfg *c, irhw_storage *st)
{
    memset(st, 0, sizeof *st);
    st->storage_bits = (uint64_t)c->v[WB_ENTRIES] * (uint64_t)c->v[WB_ID_BITS];
    if (c->v[WB_STORAGE] == WB_SRAM) {
        st->srams[0] = (irhw_sram){(unsigned)c->v[WB_ENTRIES], (unsigned)c->v[WB_ID_BITS], 1};
        st->nsrams = 1;
    }
}

/* The paper's comparison (§V-B): a core has 16 lanes, one bank each; the
 * paper quotes ~1.6 KB per core, 2.5 % of a 64 KB register file. */
static int wl_bank_area_notes(const irhw_cfg *c, const irhw_area_res *r, irhw_note *n, int max)
{
    const unsigned lanes = 16;
    const double rf_bits = 64.0 * 1024 * 8;
    double core_bits = (double)lanes * (double)r->storage_bits;
    int k = 0;
    if (k < max) {
        n[k] = (irhw_note){"bits_per_core_16_lanes", "", core_bits};
        snprintf(n[k].text, sizeof n[k].text,
                 "per core (16 lanes): %.0f bits = %.2f KB (paper: 16 x 32 x 24 b = 12,288 b, "
                 "\"about 1.6 KB\")",
                 core_bits, core_bits / 8 / 1024);
        k++;
    }
    if (k < max) {
        n[k] = (irhw_note){"pct_of_64KB_register_file", "", 100.0 * core_bits / rf_bits};
        snprintf(n[k].text, sizeof n[k].text,
                 "%.2f %% of a 64 KB register file (16,384 x 32 b); paper: 2.5 %%",
                 100.0 * core_bits / rf_bits);
        k++;
    }
    if (k < max) {
        n[k] = (irhw_note){"area_per_core_16_lanes_um2", "", lanes * r->total_um2};
        snprintf(n[k].text, sizeof n[k].text, "16 banks per core: %.0f um2 on %s",
                 lanes * r->total_um2, r->library);
        k++;
    }
    return k;
}

static const char *const wl_bank_leaves[] = {"irhw_regfile_1rw.v", "irhw_sram_1rw.v", NULL};

int wl_bank_gen(const irhw_cfg *c, irhw_vw *w, char *err, size_t errlen);
void *wl_bank_stim_new(const irhw_cfg *c, const irhw_ports *ps, uint64_t seed, uint64_t cycles,
                       irhw_stim_mode mode);
void wl_bank_stim_free(void *s);
void wl_bank_stim_next(void *s, uint64_t cycle, const uint64_t *prev_out, uint64_t *in);

IRHW_BLOCK(wl_bank) = {
    .name = "wl_bank",
    .title = "worklist bank FIFO",
    .paper = "hwwl §III-A, §III-B, §V-B (spec §1)",
    .params = wl_bank_params,
    .nparams = sizeof wl_bank_params / sizeof wl_bank_params[0],
    .validate = wl_bank_validate,
    .ports = wl_bank_ports,
    .module_name = wl_bank_module_name,
    .model_new = wl_bank_new,
    .model_free = wl_bank_free,
    .model_eval = wl_bank_eval,
    .model_tick = wl_bank_tick,
    .gen = wl_bank_gen,
    .leaf_cells = wl_bank_leaves,
    .stim_new = wl_bank_stim_new,
    .stim_free = wl_bank_stim_free,
    .stim_next = wl_bank_stim_next,
    .storage = wl_bank_storage,
    .area_notes = wl_bank_area_notes,
};
