/*
 * wl_bank_block.c — the worklist bank's block description: parameters,
 * geometry, ports and their timing, module name, storage and the paper's
 * comparison. Behaviour: model/wl_bank.c; RTL: gen/wl_bank.c; stimulus:
 * tb/wl_bank_stim.c.
 */
#include "wl_bank.h"

#include <inttypes.h>
#include <string.h>

static const char *const wl_bank_storage_names[] = {"flops", "sram", NULL};

static const irhw_param wl_bank_params[WB_NPARAMS] = {
    [WB_ENTRIES] = {"ENTRIES", IRHW_PINT, 32, 2, 65536, NULL,
                    "work IDs the bank holds (any integer, not only powers of two)", NULL},
    [WB_ID_BITS] = {"ID_BITS", IRHW_PINT, 24, 1, 64, NULL, "bits per work ID (24 b: ~17M IDs)",
                    NULL},
    [WB_THRESHOLD] = {"THRESHOLD", IRHW_PINT, 5, 0, 65535, NULL,
                      "greedy when count > THRESHOLD (below ENTRIES)", "min(5, ENTRIES-1)"},
    [WB_STORAGE] = {"STORAGE", IRHW_PENUM, WB_FLOPS, 0, 0, wl_bank_storage_names,
                    "flops (combinational read) or sram (1rw macro, synchronous read)", NULL},
};

/* The paper's THRESHOLD of 5 needs ENTRIES > 5; smaller banks get the
 * largest threshold they allow unless the user chose one. */
static void wl_bank_derive(irhw_cfg *c)
{
    if (!(c->set & (1u << WB_THRESHOLD)) && c->v[WB_THRESHOLD] >= c->v[WB_ENTRIES])
        c->v[WB_THRESHOLD] = c->v[WB_ENTRIES] - 1;
}

int wl_bank_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen)
{
    wl_bank_geom *g = geom;
    if (c->v[WB_THRESHOLD] >= c->v[WB_ENTRIES])
        return irhw_err(err, errlen,
                        "parameter THRESHOLD=%" PRId64 " is out of range: THRESHOLD must be "
                        "0..%" PRId64 " (below ENTRIES=%" PRId64 ")",
                        c->v[WB_THRESHOLD], c->v[WB_ENTRIES] - 1, c->v[WB_ENTRIES]);
    g->entries = (unsigned)c->v[WB_ENTRIES];
    g->id_bits = (unsigned)c->v[WB_ID_BITS];
    g->threshold = (unsigned)c->v[WB_THRESHOLD];
    g->sram = c->v[WB_STORAGE] == WB_SRAM;
    g->ptr_bits = irhw_clog2(g->entries);
    g->cnt_bits = irhw_bits_for(g->entries);
    g->lo = g->entries / 2;
    g->hi = g->entries - g->lo;
    return 0;
}

enum { W_ID = -1, W_CNT = -2 };

/* Data outputs follow the pull/take in the same cycle with flops and one
 * cycle later (registered) with sram: the table gives the flops case. */
static const irhw_port_row wl_bank_rows[WB_NPORTS] = {
    [WB_RST] = {"rst", IRHW_IN, 1, "control", "synchronous reset: empty, single mode", NULL},
    [WB_CFG_EN] = {"cfg_en", IRHW_IN, 1, "config", "wlcfg: set the partition mode", NULL},
    [WB_CFG_DOUBLE] = {"cfg_double", IRHW_IN, 1, "config", "wlcfg: 1 = double, 0 = single", NULL},
    [WB_PUSH] = {"push", IRHW_IN, 1, "lane", "lane pushes push_id", NULL},
    [WB_PUSH_ID] = {"push_id", IRHW_IN, W_ID, "lane", "work ID to push", NULL},
    [WB_PULL] = {"pull", IRHW_IN, 1, "lane", "lane pulls the oldest work ID", NULL},
    [WB_SWAP] = {"swap", IRHW_IN, 1, "kernel", "kernel boundary: exchange the halves", NULL},
    [WB_RD_TAKE] = {"rd_take", IRHW_IN, 1, "redistribution", "WRU takes the head word", NULL},
    [WB_RD_PUT] = {"rd_put", IRHW_IN, 1, "redistribution", "WRU appends rd_put_id", NULL},
    [WB_RD_PUT_ID] = {"rd_put_id", IRHW_IN, W_ID, "redistribution", "work ID the WRU puts", NULL},
    [WB_CFG_OK] = {"cfg_ok", IRHW_OUT, 1, "config", "wlcfg honoured (bank empty)",
                   "cfg_en push rd_put"},
    [WB_PUSH_OK] = {"push_ok", IRHW_OUT, 1, "lane", "push written", "push"},
    [WB_SPILL] = {"spill", IRHW_OUT, 1, "lane", "push refused: push half full", "push"},
    [WB_PULL_OK] = {"pull_ok", IRHW_OUT, 1, "lane", "pull performed", "push pull"},
    [WB_PULL_VALID] = {"pull_valid", IRHW_OUT, 1, "lane", "pull_id carries the pulled word",
                       "push pull"},
    [WB_PULL_ID] = {"pull_id", IRHW_OUT, W_ID, "lane", "pulled work ID (0 unless pull_valid)",
                    "push pull"},
    [WB_SWAP_OK] = {"swap_ok", IRHW_OUT, 1, "kernel", "swap honoured (pull half empty)",
                    "swap cfg_en"},
    [WB_RD_TAKE_OK] = {"rd_take_ok", IRHW_OUT, 1, "redistribution", "take performed",
                       "push pull rd_take"},
    [WB_RD_PUT_OK] = {"rd_put_ok", IRHW_OUT, 1, "redistribution", "put performed",
                      "push pull rd_take rd_put swap cfg_en"},
    [WB_RD_VALID] = {"rd_valid", IRHW_OUT, 1, "redistribution", "rd_id carries the taken word",
                     "push pull rd_take"},
    [WB_RD_ID] = {"rd_id", IRHW_OUT, W_ID, "redistribution", "taken work ID (0 unless rd_valid)",
                  "push pull rd_take"},
    [WB_DOUBLE_MODE] = {"double_mode", IRHW_OUT, 1, "status", "1 = double partition mode", ""},
    [WB_COUNT] = {"count", IRHW_OUT, W_CNT, "status", "work IDs in the pull half", ""},
    [WB_EMPTY] = {"empty", IRHW_OUT, 1, "status", "pull half empty", ""},
    [WB_FULL] = {"full", IRHW_OUT, 1, "status", "push half full", ""},
    [WB_GREEDY] = {"greedy", IRHW_OUT, 1, "status", "count > THRESHOLD", ""},
    [WB_IDLE] = {"idle", IRHW_OUT, 1, "status", "no work ID in either half (wlcfg possible)", ""},
};

static void wl_bank_ports(const irhw_inst *x, irhw_ports *ps)
{
    const wl_bank_geom *g = wl_bank_g(x);
    for (unsigned i = 0; i < WB_NPORTS; i++) {
        irhw_port_row r = wl_bank_rows[i];
        int sram_data = i == WB_PULL_VALID || i == WB_PULL_ID || i == WB_RD_VALID || i == WB_RD_ID;
        if (g->sram && sram_data)
            r.comb = ""; /* the macro's read register */
        irhw_port_add(ps, &r,
                      r.width == W_ID    ? g->id_bits
                      : r.width == W_CNT ? g->cnt_bits
                                         : (unsigned)r.width);
    }
}

static void wl_bank_module_name(const irhw_inst *x, char *buf, size_t len)
{
    const wl_bank_geom *g = wl_bank_g(x);
    snprintf(buf, len, "wl_bank_e%u_w%u_t%u_%s", g->entries, g->id_bits, g->threshold,
             wl_bank_storage_names[g->sram]);
}

static void wl_bank_storage(const irhw_inst *x, irhw_storage *st)
{
    const wl_bank_geom *g = wl_bank_g(x);
    memset(st, 0, sizeof *st);
    st->storage_bits = (uint64_t)g->entries * g->id_bits;
    if (g->sram) {
        irhw_storage_sram(st, g->entries, g->id_bits, 1);
    } else {
        st->modules[0] = "irhw_regfile_1rw";
        st->nmodules = 1;
    }
}

/* The paper's comparison (§V-B): a core has 16 lanes, one bank each; the
 * paper quotes ~1.6 KB per core, 2.5 % of a 64 KB register file. */
static int wl_bank_area_notes(const irhw_inst *x, const irhw_area_fig *r, irhw_note *n, int max)
{
    const unsigned lanes = 16;
    const double rf_bits = 64.0 * 1024 * 8;
    double core_bits = (double)lanes * (double)r->storage_bits;
    int k = 0;
    k = irhw_note_add(n, k, max, "bits_per_core_16_lanes", core_bits,
                      "per core (16 lanes): %.0f bits = %.2f KB (paper: 16 x 32 x 24 b = "
                      "12,288 b, \"about 1.6 KB\")",
                      core_bits, core_bits / 8 / 1024);
    k = irhw_note_add(n, k, max, "pct_of_64KB_register_file", 100.0 * core_bits / rf_bits,
                      "%.2f %% of a 64 KB register file (16,384 x 32 b); paper: 2.5 %%",
                      100.0 * core_bits / rf_bits);
    k = irhw_note_add(n, k, max, "area_per_core_16_lanes_um2", lanes * r->total_um2,
                      "16 banks per core: %.0f um2 on %s", lanes * r->total_um2, r->library);
    return k;
}

static const irhw_cover_point wl_bank_cover_points[WB_NCOV] = {
    [WB_COV_SPILL_SINGLE] = {"spill_single", "push to a full bank in single mode (spill)"},
    [WB_COV_SPILL_DOUBLE] = {"spill_double", "push to a full push half in double mode (spill)"},
    [WB_COV_SWAP_DONE] = {"swap_done", "swap honoured on an empty pull half"},
    [WB_COV_SWAP_REFUSED] = {"swap_refused", "swap refused: the pull half is not empty"},
    [WB_COV_CFG_REFUSED] = {"cfg_refused", "wlcfg refused: the bank holds work"},
    [WB_COV_CFG_DOUBLE] = {"cfg_double", "wlcfg to double mode accepted"},
    [WB_COV_TAKE_LOSES_PORT] = {"take_loses_port",
                                "redistribution take refused: the lane uses the port"},
    [WB_COV_REFILL_LOSES_PORT] = {"refill_loses_port",
                                  "redistribution put (refill) refused: the lane uses the port"},
    [WB_COV_REFILL_PULL_HALF_FULL] = {"refill_pull_half_full",
                                      "redistribution put refused: the pull half is full"},
    [WB_COV_HEAD_WRAPS] = {"head_wraps", "a pull or take wraps the read pointer (single mode)"},
    [WB_COV_GREEDY] = {"greedy", "count above THRESHOLD (greedy)"},
    [WB_COV_HEAD_WRAPS_DOUBLE] = {"head_wraps_double",
                                  "a pull or take wraps the pull half's read pointer"},
    [WB_COV_TAIL_WRAPS_SINGLE] = {"tail_wraps_single",
                                  "a push or put wraps the write pointer (single mode)"},
    [WB_COV_TAIL_WRAPS_DOUBLE] = {"tail_wraps_double",
                                  "a push or put wraps a half's write pointer (double mode)"},
    [WB_COV_PULL_EMPTY_SINGLE] = {"pull_empty_single", "a pull of an empty bank (single mode)"},
    [WB_COV_PULL_EMPTY_DOUBLE] = {"pull_empty_double", "a pull of an empty pull half"},
    [WB_COV_PUSH_AND_PULL] = {"push_and_pull",
                              "a push and a pull in one cycle (the push takes the port)"},
};

static const irhw_contract wl_bank_contracts[] = {
    {"count_is_pull_half", "count is the pull half's count"},
    {"empty_iff_none", "empty exactly when the pull half holds no ID"},
    {"full_iff_push_half_full", "full exactly when the push half holds its size"},
    {"greedy_iff_above_threshold", "greedy exactly when the pull half holds more than THRESHOLD"},
    {"idle_iff_both_empty", "idle exactly when both halves are empty"},
    {"double_mode_is_mode", "double_mode is the mode wlcfg set"},
    {"push_ok_iff_room", "push_ok exactly for a push with room in the push half, spill for one "
                         "without"},
    {"pull_valid_has_data", "pull_ok exactly for a pull (without push) of a pull half holding an "
                            "ID, pull_valid exactly then (a cycle later with the SRAM): valid "
                            "only with data"},
    {"rd_valid_has_data", "rd_take_ok exactly for a take (without a lane request) of a pull half "
                          "holding an ID, rd_valid exactly then (a cycle later with the SRAM)"},
    {"ids_qualified", "pull_id and rd_id are 0 when not valid"},
    {"read_at_head", "a pull or take reads the memory at the pull half's head, writing nothing"},
    {"id_is_read_data", "the ID returned is the word read"},
    {"cfg_ok_iff_idle", "cfg_ok exactly for a wlcfg with both halves empty and no push or refill"},
    {"swap_ok_iff_drained", "swap_ok exactly for a swap in double mode with the pull half empty "
                            "and no wlcfg"},
};

IRHW_BLOCK(wl_bank) = {
    .contracts = wl_bank_contracts,
    .ncontracts = sizeof wl_bank_contracts / sizeof wl_bank_contracts[0],
    .paper_area = "16 x 32 x 24 b = 12,288 b per core, 2.5 % of a 64 KB register file (hwwl §V-B)",
    .gpu_count = 16 * 16,
    .gpu_rank = 1,
    .gpu_as = "one a lane",
    .report = "crossover regfile",
    .cover_points = wl_bank_cover_points,
    .ncover = WB_NCOV,
    .cover_sample = wl_bank_cover,
    .trace_ports = "rst cfg_en push push_id pull rd_take rd_put swap | push_ok spill pull_valid "
                   "pull_id rd_valid count empty full greedy double_mode",
    .name = "wl_bank",
    .title = "worklist bank FIFO",
    .paper = "hwwl §III-A, §III-B, §V-B (spec §1)",
    .params = wl_bank_params,
    .nparams = WB_NPARAMS,
    .timing = "one access per cycle on a 1rw memory (push > pull > rd_take > rd_put); "
              "flops: pull_id/rd_id in the cycle of the pull/take; sram: one cycle later; "
              "status outputs are registered",
    .derive = wl_bank_derive,
    .geom_size = sizeof(wl_bank_geom),
    .geom_of = wl_bank_geom_of,
    .ports = wl_bank_ports,
    .module_name = wl_bank_module_name,
    .model_new = wl_bank_new,
    .model_free = wl_bank_free,
    .model_eval = wl_bank_eval,
    .model_tick = wl_bank_tick,
    .gen = wl_bank_gen,
    .leaf_cells = wl_bank_leaf_cells,
    .stim_new = wl_bank_stim_new,
    .stim_free = wl_bank_stim_free,
    .stim_next = wl_bank_stim_next,
    .storage = wl_bank_storage,
    .area_notes = wl_bank_area_notes,
    /* the hwwl paper's Table IV: 700 MHz cores */
    .power_op_ports = "push_ok pull_ok",
    .power_op_name = "push/pull",
    .paper_mhz = 700,
    /* the bank in flops and in SRAM around their crossover */
    .run_sweep = {"ENTRIES=2,4,8,16,32,64", "STORAGE=flops,sram"},
};
