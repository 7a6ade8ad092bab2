/*
 * hwwl_block.c — the multi-core hardware worklist, its block description:
 * parameters (CORES, RADIX, BUF_DEPTH and the core's own, passed through),
 * geometry (the core's and the network's configurations inside), ports and
 * their timing, module name, storage and the paper's comparison.
 * Behaviour: model/hwwl.c; RTL: gen/hwwl.c; stimulus and checker:
 * tb/hwwl_stim.c.
 */
#include "hwwl.h"

#include <inttypes.h>
#include <string.h>

/* The system's own parameters first; the core's follow, copied from
 * hwwl_core's description when the program starts (one definition of
 * each: names, defaults, ranges, meanings, derived-default rules). */
static irhw_param hwwl_params[HW_NPARAMS] = {
    [HW_CORES] = {"CORES", IRHW_PINT, 4, 2, HW_MAX_CORES, NULL,
                  "cores, each a hwwl_core, joined by the ICRN (paper: 4)", NULL},
    [HW_RADIX] = {"RADIX", IRHW_PINT, 4, 2, 16, NULL,
                  "the ICRN's children per hub; CORES > RADIX builds more levels", NULL},
    [HW_BUF_DEPTH] = {"BUF_DEPTH", IRHW_PINT, 2, 1, 64, NULL,
                      "the ICRN's FIFO entries per link and direction", NULL},
};

/* The system's SCHEME: the core's three, and two system-wide variants of
 * the paper's Fig. 6 that exist in the C model only (model/hwwl.c). */
static const char *const hwwl_scheme_names[] = {"none",     "threshold", "lsorting",
                                                "gsorting", "magic",     NULL};

__attribute__((constructor)) static void hwwl_params_from_core(void)
{
    for (unsigned i = 0; i < HC_NPARAMS; i++)
        hwwl_params[HW_FIRST_CORE_PARAM + i] = irhw_block_hwwl_core.params[i];
    hwwl_params[HW_SCHEME].choices = hwwl_scheme_names;
    hwwl_params[HW_SCHEME].meaning =
        "redistribution: none (no WRU), threshold, lsorting (paper's choice); model only "
        "(no RTL): gsorting (one WRU over every core's banks), magic (even spread, no "
        "bandwidth limit)";
}

/* The core's configuration: its parameters taken from the system's. */
static void core_cfg_of(const irhw_cfg *c, irhw_cfg *cc)
{
    irhw_cfg_defaults(&irhw_block_hwwl_core, cc);
    cc->set = 0;
    for (unsigned i = 0; i < HC_NPARAMS; i++) {
        cc->v[i] = c->v[HW_FIRST_CORE_PARAM + i];
        if (c->set >> (HW_FIRST_CORE_PARAM + i) & 1)
            cc->set |= 1u << i;
    }
}

/* The core's derived defaults (THRESHOLD, COALESCE), by the core's rule. */
static void hwwl_derive(irhw_cfg *c)
{
    irhw_cfg cc;
    core_cfg_of(c, &cc);
    irhw_block_hwwl_core.derive(&cc);
    for (unsigned i = 0; i < HC_NPARAMS; i++)
        c->v[HW_FIRST_CORE_PARAM + i] = cc.v[i];
}

/* Checks one part's configuration and names it in the message. */
static int part_check(const irhw_block *b, irhw_cfg *c, char *err, size_t errlen)
{
    char e[IRHW_ERRLEN];
    if (irhw_cfg_check(b, c, e, sizeof e))
        return irhw_err(err, errlen, "%s (in the system's %s)", e, b->name);
    return 0;
}

int hwwl_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen)
{
    hwwl_geom *g = geom;
    memset(g, 0, sizeof *g);
    g->cores = (unsigned)c->v[HW_CORES];
    g->radix = (unsigned)c->v[HW_RADIX];
    g->depth = (unsigned)c->v[HW_BUF_DEPTH];
    g->scheme = (int)c->v[HW_SCHEME];
    core_cfg_of(c, &g->core_cfg);
    if (g->scheme >= HW_GSORTING) /* the system redistributes: no WRU in a core */
        g->core_cfg.v[HC_SCHEME] = HC_NONE;
    g->core_cfg.set = ~0u;
    if (part_check(&irhw_block_hwwl_core, &g->core_cfg, err, errlen))
        return -1;
    irhw_cfg_defaults(&irhw_block_icrn, &g->icrn_cfg);
    g->icrn_cfg.v[IC_CORES] = g->cores;
    g->icrn_cfg.v[IC_RADIX] = g->radix;
    g->icrn_cfg.v[IC_ID_BITS] = c->v[HW_ID_BITS];
    g->icrn_cfg.v[IC_BUF_DEPTH] = g->depth;
    g->icrn_cfg.set = ~0u;
    if (part_check(&irhw_block_icrn, &g->icrn_cfg, err, errlen))
        return -1;
    irhw_inst core, net;
    int rc = hwwl_parts(g, &core, &net, err, errlen);
    if (!rc) {
        g->core = *hwwl_core_g(&core);
        g->net_cap = icrn_g(&net)->fifos * g->depth;
        g->net_bits = irhw_bits_for(g->net_cap);
    }
    irhw_inst_free(&core);
    irhw_inst_free(&net);
    return rc;
}

/* An instance of a part; a message names the part. */
static int part_init(irhw_inst *x, const irhw_block *b, const irhw_cfg *c, char *err, size_t errlen)
{
    char e[IRHW_ERRLEN];
    if (irhw_inst_init(x, b, c, e, sizeof e))
        return irhw_err(err, errlen, "%s (in the system's %s)", e, b->name);
    return 0;
}

int hwwl_parts(const hwwl_geom *g, irhw_inst *core, irhw_inst *net, char *err, size_t errlen)
{
    memset(net, 0, sizeof *net);
    if (part_init(core, &irhw_block_hwwl_core, &g->core_cfg, err, errlen))
        return -1;
    return part_init(net, &irhw_block_icrn, &g->icrn_cfg, err, errlen);
}

enum {
    W_CORES = -1, /* CORES */
    W_ADDR = -2,  /* ADDR_BITS */
    W_OVF = -3,   /* holds 0..OVF_CAP */
    W_CL = -4,    /* CORES x LANES */
    W_CLI = -5,   /* CORES x LANES x ID_BITS */
    W_CANS = -6,  /* CORES x LANES x 2 */
    W_CTAG = -7,  /* CORES x tag */
    W_CCI = -8,   /* CORES x COALESCE x ID_BITS */
    W_CADDR = -9, /* CORES x ADDR_BITS */
    W_CN = -10,   /* CORES x (holds 1..COALESCE) */
    W_COVF = -11, /* CORES x (holds 0..OVF_CAP) */
    W_CI = -12,   /* CORES x ID_BITS */
    W_NET = -13,  /* holds 0..the network's capacity */
};

/* Per-core buses: core c's lane l at [(c*LANES+l)*w +: w], core c's
 * memory port fields at [c*w +: w]. */
static const irhw_port_row hwwl_rows[HW_NPORTS] = {
    [HW_RST] = {"rst", IRHW_IN, 1, "control", "synchronous reset: every core and the network",
                NULL},
    [HW_WLCFG_EN] = {"wlcfg_en", IRHW_IN, 1, "isa",
                     "wlcfg: every bank of every core at once, only when all are idle", NULL},
    [HW_WLCFG_DOUBLE] = {"wlcfg_double", IRHW_IN, 1, "isa", "wlcfg: 1 = double, 0 = single", NULL},
    [HW_WLINIT_EN] = {"wlinit_en", IRHW_IN, 1, "isa", "wlinit: every core's overflow buffer", NULL},
    [HW_WLINIT_BASE] = {"wlinit_base", IRHW_IN, W_ADDR, "isa",
                        "wlinit: core c's buffer starts at base + c*size", NULL},
    [HW_WLINIT_SIZE] = {"wlinit_size", IRHW_IN, W_OVF, "isa",
                        "wlinit: each core's buffer size in IDs (LANES..OVF_CAP)", NULL},
    [HW_SWAP] = {"swap", IRHW_IN, 1, "isa",
                 "kernel boundary: every core swaps at once, only when all are drained", NULL},
    [HW_PUSH] = {"push", IRHW_IN, W_CL, "lane", "wlpush: core c's lane l at [c*LANES+l]", NULL},
    [HW_PUSH_ID] = {"push_id", IRHW_IN, W_CLI, "lane",
                    "work ID of core c's lane l at [(c*LANES+l)*ID_BITS]", NULL},
    [HW_PULL] = {"pull", IRHW_IN, W_CL, "lane", "wlpull: core c's lane l", NULL},
    [HW_MEM_REQ_READY] = {"mem_req_ready", IRHW_IN, W_CORES, "memory",
                          "core c's memory accepts its request", NULL},
    [HW_MEM_RESP_VALID] = {"mem_resp_valid", IRHW_IN, W_CORES, "memory",
                           "a load's data return to core c", NULL},
    [HW_MEM_RESP_TAG] = {"mem_resp_tag", IRHW_IN, W_CTAG, "memory", "the returning load's tag",
                         NULL},
    [HW_MEM_RESP_DATA] = {"mem_resp_data", IRHW_IN, W_CCI, "memory",
                          "core c's loaded IDs at [c*COALESCE*ID_BITS]", NULL},
    [HW_WLCFG_OK] = {"wlcfg_ok", IRHW_OUT, 1, "isa", "wlcfg honoured by every core",
                     "wlcfg_en push"},
    [HW_WLINIT_OK] = {"wlinit_ok", IRHW_OUT, W_CORES, "isa",
                      "wlinit honoured by core c (buffer empty, size ok)",
                      "wlinit_en wlinit_size push"},
    [HW_SWAP_OK] = {"swap_ok", IRHW_OUT, 1, "isa", "swap honoured by every core",
                    "swap wlcfg_en push"},
    [HW_PUSH_OK] = {"push_ok", IRHW_OUT, W_CL, "lane", "push taken by the bank or the HVU", "push"},
    [HW_PUSH_EXC] = {"push_exc", IRHW_OUT, W_CL, "lane",
                     "exception: bank and overflow buffer full, push refused", "push"},
    [HW_PULL_ANS] = {"pull_ans", IRHW_OUT, W_CANS, "lane",
                     "answer at [2*(c*LANES+l)]: 0 none, 1 ID, 2 WAIT, 3 DONE", "push pull"},
    [HW_PULL_ID] = {"pull_id", IRHW_OUT, W_CLI, "lane", "the pulled ID (0 unless answer is ID)",
                    "push pull"},
    [HW_MEM_REQ_VALID] = {"mem_req_valid", IRHW_OUT, W_CORES, "memory",
                          "core c's HVU request (held until ready)", ""},
    [HW_MEM_REQ_WRITE] = {"mem_req_write", IRHW_OUT, W_CORES, "memory",
                          "1 = store spills, 0 = load", ""},
    [HW_MEM_REQ_ADDR] = {"mem_req_addr", IRHW_OUT, W_CADDR, "memory", "first address (in IDs)", ""},
    [HW_MEM_REQ_N] = {"mem_req_n", IRHW_OUT, W_CN, "memory", "IDs stored or loaded (1..COALESCE)",
                      ""},
    [HW_MEM_REQ_TAG] = {"mem_req_tag", IRHW_OUT, W_CTAG, "memory", "a load's tag", ""},
    [HW_MEM_REQ_DATA] = {"mem_req_data", IRHW_OUT, W_CCI, "memory", "a store's IDs", ""},
    [HW_DOUBLE_MODE] = {"double_mode", IRHW_OUT, W_CORES, "status",
                        "core c's worklist is double-buffered", ""},
    [HW_CORE_EMPTY] = {"core_empty", IRHW_OUT, W_CORES, "status",
                       "core c holds no pull-side work (to the network's all_done)", ""},
    [HW_CORE_GREEDY] = {"core_greedy", IRHW_OUT, W_CORES, "status",
                        "core c gives work (its WRU's greedy bit; never a destination)", ""},
    [HW_OVF_HELD] = {"ovf_held", IRHW_OUT, W_COVF, "status",
                     "IDs in core c's overflow buffer's pull region", ""},
    [HW_DON_VALID] = {"don_valid", IRHW_OUT, W_CORES, "intercore",
                      "core c donates don_id to the network in this cycle", ""},
    [HW_DON_ID] = {"don_id", IRHW_OUT, W_CI, "intercore", "the donated ID (0 unless valid)", ""},
    [HW_RCV_VALID] = {"rcv_valid", IRHW_OUT, W_CORES, "intercore",
                      "core c receives rcv_id from the network in this cycle", ""},
    [HW_RCV_ID] = {"rcv_id", IRHW_OUT, W_CI, "intercore", "the received ID (0 unless valid)", ""},
    [HW_NET_HELD] = {"net_held", IRHW_OUT, W_NET, "status", "work IDs inside the network", ""},
    [HW_ALL_DONE] = {"all_done", IRHW_OUT, 1, "status",
                     "every core empty and the network empty: pulls answer DONE", ""},
    [HW_SWAP_READY] = {"swap_ready", IRHW_OUT, 1, "status",
                       "a swap now would be honoured (with no push or wlcfg)", ""},
    [HW_CFG_READY] = {"cfg_ready", IRHW_OUT, 1, "status",
                      "a wlcfg now would be honoured (with no push)", ""},
};

static void hwwl_ports(const irhw_inst *x, irhw_ports *ps)
{
    const hwwl_geom *g = hwwl_g(x);
    const hwwl_core_geom *k = &g->core;
    unsigned C = g->cores;
    for (unsigned i = 0; i < HW_NPORTS; i++) {
        irhw_port_row r = hwwl_rows[i];
        if (k->sram && (i == HW_PULL_ANS || i == HW_PULL_ID))
            r.comb = ""; /* answers come with the SRAM's read, one cycle later */
        int w = r.width;
        unsigned width = w == W_CORES   ? C
                         : w == W_ADDR  ? k->addr_bits
                         : w == W_OVF   ? k->ovf_bits
                         : w == W_CL    ? C * k->lanes
                         : w == W_CLI   ? C * k->lanes * k->id_bits
                         : w == W_CANS  ? C * k->lanes * 2
                         : w == W_CTAG  ? C * k->tag_bits
                         : w == W_CCI   ? C * k->coalesce * k->id_bits
                         : w == W_CADDR ? C * k->addr_bits
                         : w == W_CN    ? C * k->n_bits
                         : w == W_COVF  ? C * k->ovf_bits
                         : w == W_CI    ? C * k->id_bits
                         : w == W_NET   ? g->net_bits
                                        : (unsigned)w;
        irhw_port_add(ps, &r, width);
    }
}

static void hwwl_module_name(const irhw_inst *x, char *buf, size_t len)
{
    const hwwl_geom *g = hwwl_g(x);
    irhw_inst core, net;
    char err[IRHW_ERRLEN];
    const char *cm = "hwwl_core_";
    if (hwwl_parts(g, &core, &net, err, sizeof err) == 0)
        cm = core.module;
    snprintf(buf, len, "hwwl_c%u_r%u_d%u_%s", g->cores, g->radix, g->depth,
             cm + strlen("hwwl_core_"));
    irhw_inst_free(&core);
    irhw_inst_free(&net);
}

/* The cores' inputs public (irhw_vlt_public_inputs), and inside each core
 * what the core's build marks (its banks'): one copy of the core's and the
 * bank's Verilated code for all of them: at the defaults about a third of
 * the C++, and Verilator alone about 1.6x as fast for about 1.4 % more
 * instructions a cycle (fewer instruction-cache misses; docs/speed.md, "How
 * a Verilated model is built"). */
static void hwwl_verilator_config(const irhw_inst *x, FILE *f)
{
    irhw_inst core, net;
    char err[IRHW_ERRLEN];
    if (hwwl_parts(hwwl_g(x), &core, &net, err, sizeof err) == 0) {
        irhw_vlt_public_inputs(&core, f);
        if (core.b->verilator_config)
            core.b->verilator_config(&core, f);
    }
    irhw_inst_free(&core);
    irhw_inst_free(&net);
}

/* Storage: every core's banks (their leaf modules or SRAM macros) and the
 * network's FIFO entries. */
static void hwwl_storage(const irhw_inst *x, irhw_storage *st)
{
    const hwwl_geom *g = hwwl_g(x);
    irhw_inst core, net;
    char err[IRHW_ERRLEN];
    memset(st, 0, sizeof *st);
    if (hwwl_parts(g, &core, &net, err, sizeof err) == 0) {
        irhw_storage cs, ns;
        core.b->storage(&core, &cs);
        net.b->storage(&net, &ns);
        st->storage_bits = g->cores * cs.storage_bits + ns.storage_bits;
        for (unsigned i = 0; i < cs.nsrams; i++)
            irhw_storage_sram(st, cs.srams[i].words, cs.srams[i].width,
                              cs.srams[i].count * g->cores);
        for (unsigned i = 0; i < cs.nmodules; i++)
            st->modules[st->nmodules++] = cs.modules[i];
        for (unsigned i = 0; i < ns.nmodules && st->nmodules < 4; i++)
            st->modules[st->nmodules++] = ns.modules[i];
    }
    irhw_inst_free(&core);
    irhw_inst_free(&net);
}

/* The paper's comparison (§V-B): per core 16 x 32 x 24 b of banks (about
 * 2.5 % of a 64 KB register file); the ICRN has no published cost. The
 * per-part areas (each core module, the network, the top's own glue) are
 * printed by `irhw area` itself. */
static int hwwl_area_notes(const irhw_inst *x, const irhw_area_fig *r, irhw_note *n, int max)
{
    const hwwl_geom *g = hwwl_g(x);
    const hwwl_core_geom *k = &g->core;
    double bank_bits = (double)k->lanes * k->entries * k->id_bits;
    int i = 0;
    i = irhw_note_add(n, i, max, "bank_bits_per_core", bank_bits,
                      "banks per core: %u x %u x %u b = %.0f b (paper: 16 x 32 x 24 b = 12,288 b)",
                      k->lanes, k->entries, k->id_bits, bank_bits);
    i = irhw_note_add(n, i, max, "cores", g->cores,
                      "%u cores (paper: 4) joined by an ICRN of "
                      "radix %u, %u entries per link buffer (paper: no ICRN cost given)",
                      g->cores, g->radix, g->depth);
    if (r && r->total_um2 > 0)
        i = irhw_note_add(n, i, max, "ours_um2_per_core", r->total_um2 / g->cores,
                          "ours: %.0f µm² in all, %.0f µm² per core with its share of the "
                          "network, on %.60s",
                          r->total_um2, r->total_um2 / g->cores, r->library);
    return i;
}

static const irhw_cover_point hwwl_cover_points[HW_NCOV] = {
    [HW_COV_DONATION] = {"donation", "a core donates a work ID into the network"},
    [HW_COV_TWO_DONORS] = {"two_donors", "two cores donate in the same cycle"},
    [HW_COV_DELIVERY] = {"delivery", "a donated work ID reaches another core"},
    [HW_COV_STORE] = {"store", "a core spills to its overflow buffer"},
    [HW_COV_LOAD] = {"load", "a core refills from its overflow buffer"},
    [HW_COV_DONE] = {"done", "a lane is answered DONE (the system is empty)"},
    [HW_COV_SWAP] = {"swap", "a system-wide kernel boundary honoured"},
    [HW_COV_CFG_DOUBLE] = {"cfg_double", "wlcfg to double mode honoured on every core"},
    [HW_COV_NET_ONLY] = {"net_only", "every core empty while an ID is in the network"},
    [HW_COV_DONE_HELD] = {"done_held_by_net",
                          "a lane pulls while every core is empty and an ID is in the network"},
    [HW_COV_SWAP_HELD] = {"swap_held_by_net",
                          "a swap (double mode) while every core is empty and an ID is in the "
                          "network"},
    [HW_COV_WLINIT_CAP] = {"wlinit_ovf_cap", "wlinit of exactly OVF_CAP honoured by every core"},
    [HW_COV_WLINIT_WARP] = {"wlinit_one_warp", "wlinit of exactly LANES honoured by every core"},
    [HW_COV_STORE_WRAP_CAP_SINGLE] = {"store_wrap_cap_single",
                                      "a core's store wraps the region of an OVF_CAP buffer "
                                      "(single)"},
    [HW_COV_STORE_WRAP_CAP_DOUBLE] = {"store_wrap_cap_double",
                                      "a core's store wraps a push region of an OVF_CAP buffer "
                                      "(double)"},
    [HW_COV_STORE_WRAP_WARP_SINGLE] = {"store_wrap_warp_single",
                                       "a core's store wraps the region of a LANES buffer "
                                       "(single)"},
    [HW_COV_STORE_WRAP_WARP_DOUBLE] = {"store_wrap_warp_double",
                                       "a core's store wraps a push region of a LANES buffer "
                                       "(double)"},
    [HW_COV_LOAD_WRAP_CAP_SINGLE] = {"load_wrap_cap_single",
                                     "a core's load wraps the region of an OVF_CAP buffer "
                                     "(single)"},
    [HW_COV_LOAD_WRAP_CAP_DOUBLE] = {"load_wrap_cap_double",
                                     "a core's load wraps a pull region of an OVF_CAP buffer "
                                     "(double)"},
};

static const char *hwwl_cover_na(const irhw_inst *x, unsigned point)
{
    int donates = point == HW_COV_DONATION || point == HW_COV_TWO_DONORS ||
                  point == HW_COV_DELIVERY || point == HW_COV_NET_ONLY ||
                  point == HW_COV_DONE_HELD || point == HW_COV_SWAP_HELD;
    if (donates && hwwl_g(x)->scheme >= HW_GSORTING)
        return "SCHEME=gsorting/magic: the system moves work between cores, not the network";
    if (donates && hwwl_g(x)->core.scheme == HC_NONE)
        return "SCHEME=none: no WRU, no core donates";
    int net_only =
        point == HW_COV_NET_ONLY || point == HW_COV_DONE_HELD || point == HW_COV_SWAP_HELD;
    if (net_only && hwwl_g(x)->core.threshold > 0)
        return "THRESHOLD > 0: a core donates only while it holds more than THRESHOLD IDs in "
               "most banks; it is not empty before its donation is delivered (THRESHOLD=0 "
               "lines reach it)";
    if (point >= HW_COV_STORE_WRAP_CAP_SINGLE && point <= HW_COV_LOAD_WRAP_CAP_DOUBLE &&
        hwwl_g(x)->core.refill == HC_INTERVAL_REFILL)
        return "REFILL=interval: the edge walk fills no buffer (emptying one takes INTERVAL "
               "cycles a load)";
    int cap_point = point == HW_COV_STORE_WRAP_CAP_SINGLE ||
                    point == HW_COV_STORE_WRAP_CAP_DOUBLE || point == HW_COV_LOAD_WRAP_CAP_SINGLE ||
                    point == HW_COV_LOAD_WRAP_CAP_DOUBLE;
    if (cap_point && !hwwl_core_fills_cap(&hwwl_g(x)->core))
        return "OVF_CAP / min(COALESCE, LANES) > 256: the edge walk does not fill a buffer that "
               "large";
    return NULL;
}

/* gsorting and magic are the paper's model-only redistribution variants. */
static const char *hwwl_model_only(const irhw_inst *x)
{
    const hwwl_geom *g = hwwl_g(x);
    if (!HW_MODEL_ONLY_SCHEME(g))
        return NULL;
    return g->scheme == HW_GSORTING
               ? "hwwl SCHEME=gsorting is model only (no RTL): run it with 'irhw workload "
                 "bfs|sssp --model-only'"
               : "hwwl SCHEME=magic is model only (no RTL): run it with 'irhw workload "
                 "bfs|sssp --model-only'";
}

static const irhw_contract hwwl_contracts[] = {
    {"ids_qualified", "don_id and rcv_id are 0 in every core not donating / receiving"},
    {"ready_iff_all_cores", "swap_ready and cfg_ready exactly when every core is ready and the "
                            "network holds no ID"},
    {"all_done_iff_quiet", "all_done exactly when every core is empty, none offers a donation and "
                           "the network holds no ID (through the network's buffers: proved to "
                           "the bound)"},
};

IRHW_BLOCK(hwwl) = {
    .contracts = hwwl_contracts,
    .ncontracts = sizeof hwwl_contracts / sizeof hwwl_contracts[0],
    .parts = "hwwl_core icrn wl_bank wru",
    .cover_points = hwwl_cover_points,
    .cover_na = hwwl_cover_na,
    .ncover = HW_NCOV,
    .cover_sample = hwwl_cover,
    .name = "hwwl",
    .title = "multi-core hardware worklist (CORES x hwwl_core + icrn)",
    .paper = "hwwl §III-C/D, §V-A, Fig. 3",
    .params = hwwl_params,
    .nparams = HW_NPARAMS,
    .timing = "lanes as hwwl_core (pull answers with the flops in the pull's cycle, sram one "
              "cycle later); wlcfg_ok and swap_ok in the command's cycle; memory, donations, "
              "receptions and status are registered; all_done follows state only",
    .derive = hwwl_derive,
    .geom_size = sizeof(hwwl_geom),
    .geom_of = hwwl_geom_of,
    .ports = hwwl_ports,
    .module_name = hwwl_module_name,
    .model_new = hwwl_new,
    .model_free = hwwl_free,
    .model_eval = hwwl_eval,
    .model_tick = hwwl_tick,
    .model_stats = hwwl_stats,
    .model_only = hwwl_model_only,
    .gen = hwwl_gen,
    .leaf_cells = hwwl_leaf_cells,
    .verilator_config = hwwl_verilator_config,
    .gen_summary = hwwl_gen_summary,
    .stim_new = hwwl_stim_new,
    .stim_free = hwwl_stim_free,
    .stim_next = hwwl_stim_next,
    .min_cycles = hwwl_min_cycles,
    .check_new = hwwl_check_new,
    .check_free = hwwl_check_free,
    .check_cycle = hwwl_check_cycle,
    .check_end = hwwl_check_end,
    .storage = hwwl_storage,
    .area_notes = hwwl_area_notes,
    .run_order = 1, /* last: its cores' modules are then in the synthesis cache */
};
