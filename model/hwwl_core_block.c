/*
 * hwwl_core_block.c — one core's hardware worklist, its block description:
 * parameters (the paper's defaults), geometry (the bank's and the WRU's
 * configurations inside), ports and their timing, module name, storage and
 * the paper's comparison. Behaviour: model/hwwl_core.c; RTL:
 * gen/hwwl_core.c; stimulus, memory and checker: tb/hwwl_core_stim.c.
 */
#include "hwwl_core.h"

#include <inttypes.h>
#include <string.h>

static const char *const hc_scheme_names[] = {"none", "threshold", "lsorting", NULL};
static const char *const hc_storage_names[] = {"flops", "sram", NULL};
static const char *const hc_refill_names[] = {"ondemand", "interval", NULL};

static const irhw_param hwwl_core_params[HC_NPARAMS] = {
    [HC_LANES] = {"LANES", IRHW_PINT, 16, 2, HC_MAX_LANES, NULL,
                  "SIMD lanes of the core, one bank each (paper: 16)", NULL},
    [HC_ENTRIES] = {"ENTRIES", IRHW_PINT, 32, 2, 4096, NULL, "work IDs per bank (paper: 32)", NULL},
    [HC_ID_BITS] = {"ID_BITS", IRHW_PINT, 24, 1, 64, NULL, "bits per work ID (paper: 24)", NULL},
    [HC_THRESHOLD] = {"THRESHOLD", IRHW_PINT, 5, 0, 4095, NULL,
                      "greedy above, needy below (below ENTRIES; paper: 5)", "min(5, ENTRIES-1)"},
    [HC_INTERVAL] = {"INTERVAL", IRHW_PINT, 10, 1, 1024, NULL,
                     "cycles between redistribution (and interval refill) decisions (paper: 10)",
                     NULL},
    [HC_SCHEME] = {"SCHEME", IRHW_PENUM, HC_LSORTING, 0, 0, hc_scheme_names,
                   "redistribution: none (no WRU), threshold, lsorting (paper's choice)", NULL},
    [HC_NETWORK] = {"NETWORK", IRHW_PENUM, SORTNET_BEST, 0, 0, sortnet_kind_names,
                    "the WRU's sorting network (lsorting)", NULL},
    [HC_PIPELINE] = {"PIPELINE", IRHW_PINT, 0, 0, 32, NULL,
                     "the WRU's register stages: one after every k-th layer (0 = none)", NULL},
    [HC_STORAGE] = {"STORAGE", IRHW_PENUM, WB_FLOPS, 0, 0, hc_storage_names,
                    "banks in flops (combinational read) or 1rw SRAM (synchronous read)", NULL},
    [HC_OVF_CAP] = {"OVF_CAP", IRHW_PINT, 4096, 2, 1 << 24, NULL,
                    "largest overflow buffer wlinit may set, in work IDs (at least LANES)", NULL},
    [HC_COALESCE] = {"COALESCE", IRHW_PINT, 16, 1, HC_MAX_LANES, NULL,
                     "work IDs per memory request: spills per store, refills per load",
                     "LANES (one warp)"},
    [HC_REFILL] = {"REFILL", IRHW_PENUM, HC_ONDEMAND, 0, 0, hc_refill_names,
                   "refill on a pull to an empty bank, or every INTERVAL cycles (paper §IV-E)",
                   NULL},
    [HC_OUTSTANDING] = {"OUTSTANDING", IRHW_PINT, 4, 1, HC_MAX_OUTSTANDING, NULL,
                        "refill loads in flight at once (tags)", NULL},
    [HC_ADDR_BITS] = {"ADDR_BITS", IRHW_PINT, 32, 8, 64, NULL,
                      "memory address bits (addresses count work IDs)", NULL},
};

/* Defaults that follow LANES and ENTRIES unless the user set them. */
static void hwwl_core_derive(irhw_cfg *c)
{
    if (!(c->set & (1u << HC_THRESHOLD)) && c->v[HC_THRESHOLD] >= c->v[HC_ENTRIES])
        c->v[HC_THRESHOLD] = c->v[HC_ENTRIES] - 1;
    if (!(c->set & (1u << HC_COALESCE)))
        c->v[HC_COALESCE] = c->v[HC_LANES];
}

/* Checks one part's configuration and names it in the message. */
static int part_check(const irhw_block *b, irhw_cfg *c, char *err, size_t errlen)
{
    char e[IRHW_ERRLEN];
    if (irhw_cfg_check(b, c, e, sizeof e))
        return irhw_err(err, errlen, "%s (in the core's %s)", e, b->name);
    return 0;
}

int hwwl_core_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen)
{
    hwwl_core_geom *g = geom;
    memset(g, 0, sizeof *g);
    const int64_t *v = c->v;
    if (v[HC_THRESHOLD] >= v[HC_ENTRIES])
        return irhw_err(err, errlen,
                        "parameter THRESHOLD=%" PRId64 " is out of range: THRESHOLD must be "
                        "0..%" PRId64 " (below ENTRIES=%" PRId64 ")",
                        v[HC_THRESHOLD], v[HC_ENTRIES] - 1, v[HC_ENTRIES]);
    if (v[HC_OVF_CAP] < v[HC_LANES])
        return irhw_err(err, errlen,
                        "parameter OVF_CAP=%" PRId64 " is out of range: the overflow buffer "
                        "must hold at least one warp, OVF_CAP must be %" PRId64
                        "..%d (LANES=%" PRId64 ")",
                        v[HC_OVF_CAP], v[HC_LANES], 1 << 24, v[HC_LANES]);
    if (v[HC_COALESCE] > v[HC_LANES])
        return irhw_err(err, errlen,
                        "parameter COALESCE=%" PRId64 " is out of range: up to one warp is "
                        "coalesced, COALESCE must be 1..%" PRId64 " (LANES)",
                        v[HC_COALESCE], v[HC_LANES]);
    g->lanes = (unsigned)v[HC_LANES];
    g->entries = (unsigned)v[HC_ENTRIES];
    g->id_bits = (unsigned)v[HC_ID_BITS];
    g->threshold = (unsigned)v[HC_THRESHOLD];
    g->interval = (unsigned)v[HC_INTERVAL];
    g->scheme = (int)v[HC_SCHEME];
    g->refill = (int)v[HC_REFILL];
    g->sram = v[HC_STORAGE] == WB_SRAM;
    g->ovf_cap = (unsigned)v[HC_OVF_CAP];
    g->coalesce = (unsigned)v[HC_COALESCE];
    g->outstanding = (unsigned)v[HC_OUTSTANDING];
    g->addr_bits = (unsigned)v[HC_ADDR_BITS];
    if (irhw_bits_for(g->ovf_cap) > g->addr_bits)
        return irhw_err(err, errlen,
                        "parameter ADDR_BITS=%u is out of range: an address must reach OVF_CAP=%u "
                        "IDs, ADDR_BITS must be %u..64",
                        g->addr_bits, g->ovf_cap, irhw_bits_for(g->ovf_cap));
    g->cnt_bits = irhw_bits_for(g->entries);
    g->wcnt_bits = irhw_bits_for(g->entries + 2);
    g->ovf_bits = irhw_bits_for(g->ovf_cap);
    g->n_bits = irhw_bits_for(g->coalesce);
    g->tag_bits = g->outstanding > 1 ? irhw_clog2(g->outstanding) : 1;
    g->lane_bits = g->lanes > 1 ? irhw_clog2(g->lanes) : 1;
    g->cb_bits = g->coalesce > 1 ? irhw_clog2(g->coalesce) : 1;

    irhw_cfg_defaults(&irhw_block_wl_bank, &g->bank_cfg);
    g->bank_cfg.v[WB_ENTRIES] = g->entries;
    g->bank_cfg.v[WB_ID_BITS] = g->id_bits;
    g->bank_cfg.v[WB_THRESHOLD] = g->threshold;
    g->bank_cfg.v[WB_STORAGE] = v[HC_STORAGE];
    g->bank_cfg.set = ~0u;
    if (part_check(&irhw_block_wl_bank, &g->bank_cfg, err, errlen))
        return -1;
    if (g->scheme != HC_NONE) {
        irhw_cfg *w = &g->wru_cfg;
        irhw_cfg_defaults(&irhw_block_wru, w);
        w->v[WRU_P_LANES] = g->lanes;
        w->v[WRU_P_COUNT_BITS] = g->wcnt_bits;
        w->v[WRU_P_THRESHOLD] = g->threshold;
        w->v[WRU_P_INTERVAL] = g->interval;
        w->v[WRU_P_SCHEME] = g->scheme == HC_LSORTING ? WRU_LSORTING : WRU_THRESHOLD;
        w->v[WRU_P_NETWORK] = v[HC_NETWORK];
        w->v[WRU_P_PIPELINE] = v[HC_PIPELINE];
        w->set = ~0u;
        if (part_check(&irhw_block_wru, w, err, errlen))
            return -1;
        irhw_inst wi;
        if (irhw_inst_init(&wi, &irhw_block_wru, w, err, errlen)) {
            irhw_inst_free(&wi);
            return -1;
        }
        g->wru_latency = wru_g(&wi)->regs;
        irhw_inst_free(&wi);
    } else if (v[HC_PIPELINE]) {
        return irhw_err(err, errlen,
                        "parameter PIPELINE=%" PRId64 " needs a WRU: with SCHEME=none PIPELINE "
                        "must be 0",
                        v[HC_PIPELINE]);
    }
    unsigned L = g->lanes, I = g->id_bits, T = g->outstanding;
    /* per bank: move slot (2 b state + ID), refill slot (2 b + ID), take
     * pending (1 b + receiver); coalescing buffer; request register; tags;
     * overflow pointers; rx/xo registers; lane waiting bits and answers */
    g->hvu_bits = (uint64_t)L * (2 + I + 2 + I + 1 + g->lane_bits + 1 + 2) +
                  (uint64_t)g->coalesce * I + 2 * g->cb_bits + 2 +
                  (1 + 1 + g->addr_bits + g->n_bits + g->tag_bits + (uint64_t)g->coalesce * I) +
                  (uint64_t)T * (1 + L) + 6 * (uint64_t)g->ovf_bits + g->addr_bits + g->ovf_bits +
                  2 * (1 + I) + g->lane_bits + 16;
    return 0;
}

int hwwl_core_parts(const hwwl_core_geom *g, irhw_inst *bank, irhw_inst *wru, char *err,
                    size_t errlen)
{
    memset(wru, 0, sizeof *wru);
    if (irhw_inst_init(bank, &irhw_block_wl_bank, &g->bank_cfg, err, errlen))
        return -1;
    if (g->scheme != HC_NONE && irhw_inst_init(wru, &irhw_block_wru, &g->wru_cfg, err, errlen))
        return -1;
    return 0;
}

enum {
    W_ID = -1,    /* ID_BITS */
    W_LANES = -2, /* LANES */
    W_LIDS = -3,  /* LANES x ID_BITS */
    W_ANS = -4,   /* LANES x 2 */
    W_ADDR = -5,  /* ADDR_BITS */
    W_OVF = -6,   /* holds 0..OVF_CAP */
    W_TAG = -7,   /* clog2(OUTSTANDING) */
    W_CIDS = -8,  /* COALESCE x ID_BITS */
    W_N = -9,     /* holds 1..COALESCE */
};

static const irhw_port_row hwwl_core_rows[HC_NPORTS] = {
    [HC_RST] = {"rst", IRHW_IN, 1, "control", "synchronous reset: empty, single mode, no buffer",
                NULL},
    [HC_WLCFG_EN] = {"wlcfg_en", IRHW_IN, 1, "isa", "wlcfg: set every bank's partition mode", NULL},
    [HC_WLCFG_DOUBLE] = {"wlcfg_double", IRHW_IN, 1, "isa", "wlcfg: 1 = double, 0 = single", NULL},
    [HC_WLINIT_EN] = {"wlinit_en", IRHW_IN, 1, "isa", "wlinit: set the overflow buffer", NULL},
    [HC_WLINIT_BASE] = {"wlinit_base", IRHW_IN, W_ADDR, "isa", "wlinit: buffer's first address",
                        NULL},
    [HC_WLINIT_SIZE] = {"wlinit_size", IRHW_IN, W_OVF, "isa",
                        "wlinit: buffer size in IDs (LANES..OVF_CAP)", NULL},
    [HC_SWAP] = {"swap", IRHW_IN, 1, "isa", "kernel boundary: swap pull and push worklists", NULL},
    [HC_PUSH] = {"push", IRHW_IN, W_LANES, "lane", "wlpush: lane l pushes push_id[l]", NULL},
    [HC_PUSH_ID] = {"push_id", IRHW_IN, W_LIDS, "lane", "work ID of lane l at [l*ID_BITS]", NULL},
    [HC_PULL] = {"pull", IRHW_IN, W_LANES, "lane", "wlpull: lane l pulls", NULL},
    [HC_OTHERS_DONE] = {"others_done", IRHW_IN, 1, "system",
                        "no work in other cores or the network (1 for a lone core)", NULL},
    [HC_RX_VALID] = {"rx_valid", IRHW_IN, 1, "intercore", "a work ID arrives from another core",
                     NULL},
    [HC_RX_ID] = {"rx_id", IRHW_IN, W_ID, "intercore", "the arriving work ID", NULL},
    [HC_XFER_READY] = {"xfer_ready", IRHW_IN, 1, "intercore", "the network takes xfer_id", NULL},
    [HC_MEM_REQ_READY] = {"mem_req_ready", IRHW_IN, 1, "memory", "memory accepts the request",
                          NULL},
    [HC_MEM_RESP_VALID] = {"mem_resp_valid", IRHW_IN, 1, "memory", "a load's data return", NULL},
    [HC_MEM_RESP_TAG] = {"mem_resp_tag", IRHW_IN, W_TAG, "memory", "tag of the returning load",
                         NULL},
    [HC_MEM_RESP_DATA] = {"mem_resp_data", IRHW_IN, W_CIDS, "memory",
                          "loaded IDs, the j-th at [j*ID_BITS]", NULL},
    [HC_WLCFG_OK] = {"wlcfg_ok", IRHW_OUT, 1, "isa", "wlcfg honoured (worklist and buffer empty)",
                     "wlcfg_en push rx_valid"},
    [HC_WLINIT_OK] = {"wlinit_ok", IRHW_OUT, 1, "isa", "wlinit honoured (buffer empty, size ok)",
                      "wlinit_en wlinit_size push"},
    [HC_SWAP_OK] = {"swap_ok", IRHW_OUT, 1, "isa", "swap honoured (pull side drained)",
                    "swap wlcfg_en push rx_valid"},
    [HC_PUSH_OK] = {"push_ok", IRHW_OUT, W_LANES, "lane", "push taken by the bank or the HVU",
                    "push"},
    [HC_PUSH_EXC] = {"push_exc", IRHW_OUT, W_LANES, "lane",
                     "exception: bank and overflow buffer full, push refused", "push"},
    [HC_PULL_ANS] = {"pull_ans", IRHW_OUT, W_ANS, "lane",
                     "lane l's answer at [2l]: 0 none, 1 ID, 2 WAIT, 3 DONE",
                     "push pull others_done"},
    [HC_PULL_ID] = {"pull_id", IRHW_OUT, W_LIDS, "lane", "the pulled ID (0 unless answer is ID)",
                    "push pull"},
    [HC_RX_READY] = {"rx_ready", IRHW_OUT, 1, "intercore", "the core takes rx_id", ""},
    [HC_XFER_VALID] = {"xfer_valid", IRHW_OUT, 1, "intercore", "a donated ID for another core", ""},
    [HC_XFER_ID] = {"xfer_id", IRHW_OUT, W_ID, "intercore", "the donated ID (0 unless valid)", ""},
    [HC_MEM_REQ_VALID] = {"mem_req_valid", IRHW_OUT, 1, "memory", "HVU request (held until ready)",
                          ""},
    [HC_MEM_REQ_WRITE] = {"mem_req_write", IRHW_OUT, 1, "memory", "1 = store spills, 0 = load", ""},
    [HC_MEM_REQ_ADDR] = {"mem_req_addr", IRHW_OUT, W_ADDR, "memory", "first address (in IDs)", ""},
    [HC_MEM_REQ_N] = {"mem_req_n", IRHW_OUT, W_N, "memory", "IDs stored or loaded (1..COALESCE)",
                      ""},
    [HC_MEM_REQ_TAG] = {"mem_req_tag", IRHW_OUT, W_TAG, "memory", "a load's tag", ""},
    [HC_MEM_REQ_DATA] = {"mem_req_data", IRHW_OUT, W_CIDS, "memory",
                         "a store's IDs, the j-th at [j*ID_BITS]", ""},
    [HC_DOUBLE_MODE] = {"double_mode", IRHW_OUT, 1, "status", "1 = double-buffered worklist", ""},
    [HC_CORE_EMPTY] = {"core_empty", IRHW_OUT, 1, "status",
                       "no pull-side work anywhere in the core (to the network's DONE)", ""},
    [HC_CORE_GREEDY] = {"core_greedy", IRHW_OUT, 1, "status",
                        "more greedy than needy banks (the WRU's global greedy bit)", ""},
    [HC_OVF_HELD] = {"ovf_held", IRHW_OUT, W_OVF, "status",
                     "IDs in the overflow buffer's pull region (in memory)", ""},
    [HC_SWAP_READY] = {"swap_ready", IRHW_OUT, 1, "status",
                       "a swap now would be honoured (with no push, wlcfg or rx_valid)", ""},
    [HC_CFG_READY] = {"cfg_ready", IRHW_OUT, 1, "status",
                      "a wlcfg now would be honoured (with no push or rx_valid)", ""},
};

static void hwwl_core_ports(const irhw_inst *x, irhw_ports *ps)
{
    const hwwl_core_geom *g = hwwl_core_g(x);
    for (unsigned i = 0; i < HC_NPORTS; i++) {
        irhw_port_row r = hwwl_core_rows[i];
        if (g->sram && (i == HC_PULL_ANS || i == HC_PULL_ID))
            r.comb = ""; /* answers come with the SRAM's read, one cycle later */
        if (i == HC_CORE_GREEDY && g->scheme == HC_NONE)
            r.meaning = "0: no WRU (SCHEME=none) never donates";
        int w = r.width;
        unsigned width = w == W_ID      ? g->id_bits
                         : w == W_LANES ? g->lanes
                         : w == W_LIDS  ? g->lanes * g->id_bits
                         : w == W_ANS   ? 2 * g->lanes
                         : w == W_ADDR  ? g->addr_bits
                         : w == W_OVF   ? g->ovf_bits
                         : w == W_TAG   ? g->tag_bits
                         : w == W_CIDS  ? g->coalesce * g->id_bits
                         : w == W_N     ? g->n_bits
                                        : (unsigned)w;
        irhw_port_add(ps, &r, width);
    }
}

static void hwwl_core_module_name(const irhw_inst *x, char *buf, size_t len)
{
    const hwwl_core_geom *g = hwwl_core_g(x);
    const irhw_cfg *c = &x->c;
    char net[32] = "";
    if (g->scheme == HC_LSORTING)
        snprintf(net, sizeof net, "_%s_p%u", sortnet_kind_name((sortnet_kind)c->v[HC_NETWORK]),
                 (unsigned)c->v[HC_PIPELINE]);
    snprintf(buf, len, "hwwl_core_l%u_e%u_w%u_t%u_i%u_%s%s_%s_o%u_c%u_%s_q%u_a%u", g->lanes,
             g->entries, g->id_bits, g->threshold, g->interval, hc_scheme_names[g->scheme], net,
             hc_storage_names[g->sram], g->ovf_cap, g->coalesce, hc_refill_names[g->refill],
             g->outstanding, g->addr_bits);
}

/* The banks' inputs public (irhw_vlt_public_inputs): one copy of the bank's
 * Verilated code for the LANES banks instead of one each: less C++ to
 * compile and far fewer instruction-cache misses, for about 2 % more
 * instructions a cycle (docs/speed.md, "How a Verilated model is built"). */
static void hwwl_core_verilator_config(const irhw_inst *x, FILE *f)
{
    irhw_inst bank, wru;
    char err[IRHW_ERRLEN];
    if (hwwl_core_parts(hwwl_core_g(x), &bank, &wru, err, sizeof err) == 0)
        irhw_vlt_public_inputs(&bank, f);
    irhw_inst_free(&bank);
    irhw_inst_free(&wru);
}

/* Storage: the banks' arrays (their leaf modules or SRAM macros); the HVU's
 * registers count as logic. */
static void hwwl_core_storage(const irhw_inst *x, irhw_storage *st)
{
    const hwwl_core_geom *g = hwwl_core_g(x);
    memset(st, 0, sizeof *st);
    st->storage_bits = (uint64_t)g->lanes * g->entries * g->id_bits;
    if (g->sram) {
        irhw_storage_sram(st, g->entries, g->id_bits, g->lanes);
    } else {
        st->modules[0] = "irhw_regfile_1rw";
        st->nmodules = 1;
    }
}

/* The paper's comparison (§V-B): 16 x 32 x 24 b of banks per core, about
 * 2.5 % of a 64 KB register file; the WRU's 16-input sorting network. */
static int hwwl_core_area_notes(const irhw_inst *x, const irhw_area_fig *r, irhw_note *n, int max)
{
    const hwwl_core_geom *g = hwwl_core_g(x);
    const double rf_bits = 64.0 * 1024 * 8;
    double bank_bits = (double)g->lanes * g->entries * g->id_bits;
    int k = 0;
    k = irhw_note_add(n, k, max, "bank_bits", bank_bits,
                      "banks: %u x %u x %u b = %.0f b (paper: 16 x 32 x 24 b = 12,288 b)", g->lanes,
                      g->entries, g->id_bits, bank_bits);
    k = irhw_note_add(n, k, max, "pct_of_64KB_register_file", 100.0 * bank_bits / rf_bits,
                      "banks = %.2f %% of a 64 KB register file (paper: about 2.5 %%)",
                      100.0 * bank_bits / rf_bits);
    k = irhw_note_add(n, k, max, "hvu_transfer_bits", (double)g->hvu_bits,
                      "HVU + transfer engine registers: about %" PRIu64
                      " b (slots, coalescing buffer, request, tags, pointers)",
                      g->hvu_bits);
    if (g->scheme == HC_LSORTING)
        k = irhw_note_add(n, k, max, "paper_sortnet_um2", 162.0,
                          "WRU: paper's 16-input sorting network, 162 µm² at 40 nm (its own "
                          "first-order estimate); `irhw area wru` prices ours alone");
    if (r && r->total_um2 > 0)
        k = irhw_note_add(n, k, max, "ours_um2", r->total_um2,
                          "ours: %.0f µm² for the core's worklist (banks %.0f µm² storage, logic "
                          "%.0f µm²) on %.60s",
                          r->total_um2, r->ff_storage_um2 + r->sram_um2, r->logic_um2, r->library);
    return k;
}

static const irhw_cover_point hwwl_core_cover_points[HC_NCOV] = {
    [HC_COV_SPILL_SINGLE] = {"spill_single", "a push to a full bank coalesced (single mode)"},
    [HC_COV_SPILL_DOUBLE] = {"spill_double", "a push to a full push half coalesced (double mode)"},
    [HC_COV_SPILL_STALL] = {"spill_stall",
                            "a spill refused: coalescing buffer full (lane retries)"},
    [HC_COV_EXCEPTION] = {"exception", "push_exc: bank and overflow buffer full"},
    [HC_COV_STORE_WARP] = {"store_warp", "a store of COALESCE IDs"},
    [HC_COV_STORE_CUT] = {"store_cut", "a store cut at the end of the buffer's region"},
    [HC_COV_LOAD] = {"load_one", "a refill load of one ID"},
    [HC_COV_LOAD_COALESCED] = {"load_coalesced", "a refill load of several IDs for several banks"},
    [HC_COV_TAGS_ALL_BUSY] = {"tags_all_busy", "every tag has a load in flight"},
    [HC_COV_MOVE] = {"move", "the WRU moves a word between banks of the core"},
    [HC_COV_XFER] = {"xfer", "the WRU donates a word to another core"},
    [HC_COV_RX_PUT] = {"rx_put", "a word from another core put into a bank"},
    [HC_COV_PULL_WITHHELD] = {"pull_withheld", "a pull of an empty bank yields the port to a put"},
    [HC_COV_WAIT] = {"wait", "a pull answered WAIT"},
    [HC_COV_DONE] = {"done", "a pull answered DONE"},
    [HC_COV_SWAP] = {"swap", "a kernel boundary honoured"},
    [HC_COV_SWAP_REFUSED] = {"swap_refused", "a swap refused: the pull side holds work"},
    [HC_COV_CFG_DOUBLE] = {"cfg_double", "wlcfg to double mode honoured"},
    [HC_COV_WLINIT_REFUSED] = {"wlinit_refused",
                               "wlinit refused (buffer busy or size out of range)"},
    [HC_COV_WLINIT_CAP] = {"wlinit_ovf_cap", "wlinit of exactly OVF_CAP honoured"},
    [HC_COV_WLINIT_WARP] = {"wlinit_one_warp", "wlinit of exactly LANES honoured"},
    [HC_COV_WLINIT_BELOW] = {"wlinit_below_warp", "wlinit of LANES - 1 (refused)"},
    [HC_COV_WLINIT_ABOVE] = {"wlinit_above_cap", "wlinit of OVF_CAP + 1 (refused)"},
    [HC_COV_STORE_WRAP_CAP_SINGLE] = {"store_wrap_cap_single",
                                      "a store wraps the region of an OVF_CAP buffer (single)"},
    [HC_COV_STORE_WRAP_CAP_DOUBLE] = {"store_wrap_cap_double",
                                      "a store wraps a push region of an OVF_CAP buffer (double)"},
    [HC_COV_STORE_WRAP_WARP_SINGLE] = {"store_wrap_warp_single",
                                       "a store wraps the region of a LANES buffer (single)"},
    [HC_COV_STORE_WRAP_WARP_DOUBLE] = {"store_wrap_warp_double",
                                       "a store wraps a push region of a LANES buffer (double)"},
    [HC_COV_LOAD_WRAP_CAP_SINGLE] = {"load_wrap_cap_single",
                                     "a load wraps the region of an OVF_CAP buffer (single)"},
    [HC_COV_LOAD_WRAP_CAP_DOUBLE] = {"load_wrap_cap_double",
                                     "a load wraps a pull region of an OVF_CAP buffer (double)"},
    [HC_COV_SWAP_PUSH_PULL] = {"swap_push_pull",
                               "a swap asked while lanes push and pull (the pushes hold it back)"},
};

static const char *hwwl_core_cover_na(const irhw_inst *x, unsigned point)
{
    const hwwl_core_geom *g = hwwl_core_g(x);
    if ((point == HC_COV_MOVE || point == HC_COV_XFER) && g->scheme == HC_NONE)
        return "SCHEME=none: no WRU";
    if (point == HC_COV_LOAD_COALESCED && g->coalesce == 1)
        return "COALESCE=1: one ID per load";
    if (point == HC_COV_STORE_CUT && g->coalesce == 1)
        return "COALESCE=1: a store of one ID is never cut";
    if (point == HC_COV_TAGS_ALL_BUSY && g->outstanding > g->lanes)
        return "OUTSTANDING > LANES: a load reserves at least one bank";
    if (point == HC_COV_WLINIT_ABOVE && (g->ovf_cap + 1ull) >> g->ovf_bits)
        return "OVF_CAP + 1 does not fit in wlinit_size";
    if (point >= HC_COV_STORE_WRAP_CAP_SINGLE && point <= HC_COV_LOAD_WRAP_CAP_DOUBLE &&
        g->refill == HC_INTERVAL_REFILL)
        return "REFILL=interval: the edge walk fills no buffer (emptying one takes "
               "INTERVAL cycles a load)";
    int cap_point = point == HC_COV_STORE_WRAP_CAP_SINGLE ||
                    point == HC_COV_STORE_WRAP_CAP_DOUBLE || point == HC_COV_LOAD_WRAP_CAP_SINGLE ||
                    point == HC_COV_LOAD_WRAP_CAP_DOUBLE;
    if (cap_point && !hwwl_core_fills_cap(g))
        return "OVF_CAP / min(COALESCE, LANES) > 256: the edge walk does not fill a buffer that "
               "large";
    return NULL;
}

static const irhw_contract hwwl_core_contracts[] = {
    {"pull_ans_exact", "a lane's answer is none without a pull, ID exactly when its bank pulls, "
                       "else DONE exactly when the core is empty and others_done, else WAIT (a "
                       "cycle later with the SRAM)"},
    {"pull_id_qualified", "pull_id is 0 in every lane not answered ID"},
    {"core_empty_iff_no_work", "core_empty exactly when no bank, region, slot or register holds "
                               "pull-side work (single mode: nor the coalescing buffer, nor a "
                               "store, and every lane waits)"},
    {"push_answer_exclusive", "push_ok and push_exc only for a push, never both"},
    {"xfer_qualified", "xfer_id is 0 without xfer_valid"},
    {"mem_req_qualified", "without a memory request every mem_req_ port is 0"},
    {"ovf_held_is_pull_region", "ovf_held is the count of IDs stored in the pull region"},
    {"swap_ready_iff_drained", "swap_ready exactly in double mode with the pull side drained, the "
                               "coalescing buffer empty and no request held"},
    {"wlinit_ok_iff_allowed", "wlinit_ok exactly for a wlinit with the overflow buffer empty, no "
                              "push, no load in flight and LANES <= size <= OVF_CAP"},
};

IRHW_BLOCK(hwwl_core) = {
    .contracts = hwwl_core_contracts,
    .ncontracts = sizeof hwwl_core_contracts / sizeof hwwl_core_contracts[0],
    .parts = "wl_bank wru",
    .cover_points = hwwl_core_cover_points,
    .ncover = HC_NCOV,
    .cover_na = hwwl_core_cover_na,
    .cover_sample = hwwl_core_cover,
    .trace_ports = "push pull swap mem_req_ready mem_resp_valid | push_ok push_exc pull_ans "
                   "mem_req_valid mem_req_write mem_req_n core_empty",
    .name = "hwwl_core",
    .title = "core hardware worklist (banks, WRU, HVU)",
    .paper = "hwwl §III-A..D, Figs. 3-4, Table III",
    .params = hwwl_core_params,
    .nparams = HC_NPARAMS,
    .timing = "lanes: push_ok/push_exc in the cycle of the push; pull answers in the cycle of "
              "the pull (flops) or one cycle later (sram), decided with others_done of the pull's "
              "cycle; memory requests, rx_ready, xfer and status are registered; a memory "
              "request is held until mem_req_ready; responses are taken every cycle",
    .derive = hwwl_core_derive,
    .geom_size = sizeof(hwwl_core_geom),
    .geom_of = hwwl_core_geom_of,
    .ports = hwwl_core_ports,
    .module_name = hwwl_core_module_name,
    .model_new = hwwl_core_new,
    .model_free = hwwl_core_free,
    .model_eval = hwwl_core_eval,
    .model_tick = hwwl_core_tick,
    .model_stats = hwwl_core_stats,
    .gen = hwwl_core_gen,
    .leaf_cells = hwwl_core_leaf_cells,
    .verilator_config = hwwl_core_verilator_config,
    .gen_summary = hwwl_core_gen_summary,
    .stim_new = hwwl_core_stim_new,
    .stim_free = hwwl_core_stim_free,
    .stim_next = hwwl_core_stim_next,
    .min_cycles = hwwl_core_min_cycles,
    .check_new = hwwl_core_check_new,
    .check_free = hwwl_core_check_free,
    .check_cycle = hwwl_core_check_cycle,
    .check_end = hwwl_core_check_end,
    .storage = hwwl_core_storage,
    .area_notes = hwwl_core_area_notes,
    .run_order = -3, /* the longest synthesis */
};
