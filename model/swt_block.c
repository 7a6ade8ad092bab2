/*
 * swt_block.c — the scalar-warp table's block description: parameters,
 * geometry, ports and their timing, module name, storage and the paper's
 * comparison. Behaviour and decisions: model/swt.c; RTL: gen/swt.c;
 * stimulus and checker: tb/swt_stim.c.
 */
#include "swt.h"

#include <inttypes.h>
#include <string.h>

static const char *const swt_policy_names[] = {"oldest", "fullest", NULL};

static const irhw_param swt_params[SWT_NPARAMS] = {
    [SWT_ENTRIES] = {"ENTRIES", IRHW_PINT, 8, 1, SWT_MAX, NULL,
                     "scalar warps the table holds (CAM entries)", NULL},
    [SWT_WARPS] = {"WARPS", IRHW_PINT, 48, 2, SWT_MAX, NULL,
                   "warps it tracks (48 per core, 24 per scheduler); mask bits", NULL},
    [SWT_PC_BITS] = {"PC_BITS", IRHW_PINT, 32, 8, 64, NULL, "bits of the PC the entries match",
                     NULL},
    [SWT_LANES] = {"LANES", IRHW_PINT, 16, 2, SWT_MAX, NULL,
                   "most warps one scalar warp packs (the SIMD width)", NULL},
    [SWT_POLICY] = {"POLICY", IRHW_PENUM, SWT_OLDEST, 0, 0, swt_policy_names,
                    "issue order: oldest allocation, or most warps (ties: oldest)", NULL},
};

/* No joint limit: LANES > WARPS and ENTRIES > WARPS are legal (model/swt.c). */
int swt_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen)
{
    swt_geom *g = geom;
    g->entries = (unsigned)c->v[SWT_ENTRIES];
    g->warps = (unsigned)c->v[SWT_WARPS];
    g->pc_bits = (unsigned)c->v[SWT_PC_BITS];
    g->lanes = (unsigned)c->v[SWT_LANES];
    g->fullest = c->v[SWT_POLICY] == SWT_FULLEST;
    g->cap = g->lanes < g->warps ? g->lanes : g->warps;
    g->warp_bits = irhw_clog2(g->warps);
    g->entry_bits = g->entries > 1 ? irhw_clog2(g->entries) : 1;
    g->count_bits = irhw_bits_for(g->cap);
    g->occ_bits = irhw_bits_for(g->entries);
    uint64_t e = g->entries;
    g->bits_pc = e * g->pc_bits;
    g->bits_mask = e * g->warps;
    g->bits_valid = e;
    g->bits_count = e * g->count_bits;
    g->bits_age = e * g->entry_bits; /* a rank per entry */
    g->bits_occ = g->occ_bits;
    g->bits_total =
        g->bits_pc + g->bits_mask + g->bits_valid + g->bits_count + g->bits_age + g->bits_occ;
    return 0;
}

enum { W_WARP = -1, W_PC = -2, W_ENTRY = -3, W_MASK = -4, W_COUNT = -5, W_OCC = -6 };

/* While rst is 1 every output is 0, so every output follows rst. */
static const irhw_port_row swt_rows[SWT_NPORTS] = {
    [SWT_RST] = {"rst", IRHW_IN, 1, "control", "synchronous reset: every entry invalid", NULL},
    [SWT_INS_VALID] = {"ins_valid", IRHW_IN, 1, "insert", "insert a decoded scalar instruction",
                       NULL},
    [SWT_INS_WARP] = {"ins_warp", IRHW_IN, W_WARP, "insert", "its warp id (0..WARPS-1)", NULL},
    [SWT_INS_PC] = {"ins_pc", IRHW_IN, W_PC, "insert", "its PC", NULL},
    [SWT_ISS_REQ] = {"iss_req", IRHW_IN, 1, "issue", "the scheduler has a free issue slot", NULL},
    [SWT_INS_JOIN] = {"ins_join", IRHW_OUT, 1, "insert", "joined an entry of the same PC",
                      "rst ins_valid ins_warp ins_pc iss_req"},
    [SWT_INS_ALLOC] = {"ins_alloc", IRHW_OUT, 1, "insert", "allocated a free entry",
                       "rst ins_valid ins_warp ins_pc iss_req"},
    [SWT_INS_REJECT] = {"ins_reject", IRHW_OUT, 1, "insert",
                        "no room: runs as an ordinary warp instruction",
                        "rst ins_valid ins_warp ins_pc iss_req"},
    [SWT_INS_DUP] = {"ins_dup", IRHW_OUT, 1, "insert", "the warp already waits in an entry",
                     "rst ins_valid ins_warp"},
    [SWT_INS_BADWARP] = {"ins_badwarp", IRHW_OUT, 1, "insert", "ins_warp >= WARPS",
                         "rst ins_valid ins_warp"},
    [SWT_INS_ENTRY] = {"ins_entry", IRHW_OUT, W_ENTRY, "insert", "entry joined or allocated",
                       "rst ins_valid ins_warp ins_pc iss_req"},
    [SWT_ISS_VALID] = {"iss_valid", IRHW_OUT, 1, "issue", "a scalar warp issues", "rst iss_req"},
    [SWT_ISS_ENTRY] = {"iss_entry", IRHW_OUT, W_ENTRY, "issue", "its entry (freed at the edge)",
                       "rst iss_req"},
    [SWT_ISS_PC] = {"iss_pc", IRHW_OUT, W_PC, "issue", "its PC", "rst iss_req"},
    [SWT_ISS_MASK] = {"iss_mask", IRHW_OUT, W_MASK, "issue", "its warps, one bit per warp",
                      "rst iss_req"},
    [SWT_ISS_COUNT] = {"iss_count", IRHW_OUT, W_COUNT, "issue", "warps it carries", "rst iss_req"},
    [SWT_OCCUPANCY] = {"occupancy", IRHW_OUT, W_OCC, "status",
                       "valid entries at the start of the cycle", "rst"},
    [SWT_FULL] = {"full", IRHW_OUT, 1, "status", "no free entry at the start of the cycle", "rst"},
};

static void swt_ports(const irhw_inst *x, irhw_ports *ps)
{
    const swt_geom *g = swt_g(x);
    for (unsigned i = 0; i < SWT_NPORTS; i++) {
        int w = swt_rows[i].width;
        unsigned width = w == W_WARP    ? g->warp_bits
                         : w == W_PC    ? g->pc_bits
                         : w == W_ENTRY ? g->entry_bits
                         : w == W_MASK  ? g->warps
                         : w == W_COUNT ? g->count_bits
                         : w == W_OCC   ? g->occ_bits
                                        : (unsigned)w;
        irhw_port_add(ps, &swt_rows[i], width);
    }
}

static void swt_module_name(const irhw_inst *x, char *buf, size_t len)
{
    const swt_geom *g = swt_g(x);
    snprintf(buf, len, "swt_e%u_w%u_pc%u_l%u_%s", g->entries, g->warps, g->pc_bits, g->lanes,
             swt_policy_names[g->fullest]);
}

static void swt_storage(const irhw_inst *x, irhw_storage *st)
{
    memset(st, 0, sizeof *st);
    st->storage_bits = swt_g(x)->bits_total; /* all flip-flops: a CAM has no SRAM form */
    st->modules[0] = "irhw_regfile_1rw";     /* the entries' PC and {count, mask} */
    st->nmodules = 1;
}

/* The paper gives no table size or cost: it states that GW adds a scalar
 * status table, modifies the scoreboard, instruction buffer and scheduler,
 * and leaves "detailed estimation" of the power/area "consumption" of the
 * GW architecture to future work. So the notes give our own figures, and put
 * them next to the register file of the paper's baseline SM (Fermi:
 * 32,768 x 32-bit registers = 128 KB per SM, NVIDIA's Fermi whitepaper). */
static int swt_area_notes(const irhw_inst *x, const irhw_area_fig *r, irhw_note *n, int max)
{
    const swt_geom *g = swt_g(x);
    const double fermi_rf_bits = 32768.0 * 32;
    int k = 0;
    k = irhw_note_add(n, k, max, "cam_bits", (double)g->bits_total,
                      "table bits: %" PRIu64 " = %u entries x (%u PC + %u mask + 1 valid + %u "
                      "count) + %" PRIu64 " age ranks + %" PRIu64 " occupancy",
                      g->bits_total, g->entries, g->pc_bits, g->warps, g->count_bits, g->bits_age,
                      g->bits_occ);
    k = irhw_note_add(n, k, max, "pc_cam_bits", (double)g->bits_pc,
                      "PC CAM: %" PRIu64 " bits, %u comparators of %u b searched every insert",
                      g->bits_pc, g->entries, g->pc_bits);
    k = irhw_note_add(n, k, max, "pct_of_fermi_128KB_register_file",
                      100.0 * (double)g->bits_total / fermi_rf_bits,
                      "%.3f %% of the baseline Fermi SM register file (32,768 x 32 b = 128 KB)",
                      100.0 * (double)g->bits_total / fermi_rf_bits);
    k = irhw_note_add(n, k, max, "paper_cost_figure", 0,
                      "paper: no size or area given for the scalar status table; detailed "
                      "power/area estimation of GW is left to future work");
    if (r && g->entries) {
        k = irhw_note_add(n, k, max, "area_per_entry_um2", r->total_um2 / g->entries,
                          "%.0f um2 per entry (%.0f um2 total, %.0f um2 logic) on %s",
                          r->total_um2 / g->entries, r->total_um2, r->logic_um2, r->library);
        if (r->flops)
            k = irhw_note_add(n, k, max, "flops_vs_bits", (double)r->flops,
                              "synthesised flip-flops: %lu (table bits: %" PRIu64 ")", r->flops,
                              g->bits_total);
        uint64_t payload = g->bits_pc + g->bits_mask + g->bits_count; /* the regfile leaves */
        if (r->ff_storage_um2 > 0 && payload)
            k = irhw_note_add(
                n, k, max, "payload_um2_per_bit", r->ff_storage_um2 / (double)payload,
                "entry payload (PC, mask, count): %" PRIu64 " bits in %.0f um2 of flip-flop "
                "storage (%.2f um2/bit); match, select and control: %.0f um2 (%.0f %% of the "
                "table)",
                payload, r->ff_storage_um2, r->ff_storage_um2 / (double)payload, r->logic_um2,
                r->total_um2 > 0 ? 100.0 * r->logic_um2 / r->total_um2 : 0);
    }
    return k;
}

static const irhw_cover_point swt_cover_points[SWT_NCOV] = {
    [SWT_COV_JOIN] = {"join", "an insert joins an entry of its PC"},
    [SWT_COV_ENTRY_FULL] = {"entry_full", "a join fills an entry to min(LANES, WARPS) warps"},
    [SWT_COV_ISSUE_FULL_ENTRY] = {"issue_full_entry", "a full entry issues"},
    [SWT_COV_FULL_ENTRY_SECOND_ALLOC] = {"full_entry_second_alloc",
                                         "the PC's entry is full, a free entry is allocated"},
    [SWT_COV_FULL_ENTRY_REJECT] = {"full_entry_reject",
                                   "the PC's entry is full and none is free: rejected"},
    [SWT_COV_TABLE_FULL_REJECT] = {"table_full_reject", "no entry of the PC and none free"},
    [SWT_COV_INSERT_ISSUE_SAME_ENTRY] = {"insert_issue_same_entry",
                                         "an insert meets its PC's entry while it issues"},
    [SWT_COV_DUP_WHILE_ISSUING] = {"dup_while_issuing",
                                   "a warp inserted again while its entry issues"},
    [SWT_COV_BADWARP] = {"badwarp", "a warp id >= WARPS"},
    [SWT_COV_FULLEST_PICKS_YOUNGER] = {"fullest_picks_younger",
                                       "POLICY=fullest issues an entry younger than another"},
};

/* Which points this configuration rules out, and why. */
static const char *swt_cover_na(const irhw_inst *x, unsigned point)
{
    const swt_geom *g = swt_g(x);
    switch (point) {
    case SWT_COV_FULL_ENTRY_SECOND_ALLOC:
        if (g->entries < 2)
            return "needs ENTRIES >= 2";
        /* fall through */
    case SWT_COV_FULL_ENTRY_REJECT:
        if (g->warps <= g->cap)
            return "needs WARPS > LANES (a warp outside the full entry)";
        if (point == SWT_COV_FULL_ENTRY_REJECT && g->warps < g->cap + g->entries)
            return "needs WARPS >= min(LANES, WARPS) + ENTRIES (full entry, full table, one more)";
        return NULL;
    case SWT_COV_TABLE_FULL_REJECT:
        return g->warps <= g->entries ? "needs WARPS > ENTRIES" : NULL;
    case SWT_COV_BADWARP:
        return g->warps == 1u << g->warp_bits ? "WARPS is a power of two: every id is a warp"
                                              : NULL;
    case SWT_COV_FULLEST_PICKS_YOUNGER:
        if (!g->fullest)
            return "POLICY=oldest";
        return g->entries < 2 || g->warps < 3 ? "needs ENTRIES >= 2 and WARPS >= 3" : NULL;
    default:
        return NULL;
    }
}

static const irhw_contract swt_contracts[] = {
    {"occupancy_is_count", "occupancy is the number of valid entries"},
    {"full_iff_no_free", "full exactly when every entry is valid"},
    {"iss_valid_iff_asked", "iss_valid exactly for an issue request with a valid entry: valid "
                            "only with data"},
    {"iss_reports_entry", "an issue names a valid entry and carries its PC, warps and count; "
                          "without an issue every iss_ port is 0"},
    {"iss_policy_pick", "the issued entry is the policy's: the oldest (POLICY=oldest), or the "
                        "most warps, ties to the oldest (fullest)"},
    {"ins_badwarp_iff_range", "ins_badwarp exactly for an insert of a warp >= WARPS"},
    {"ins_dup_iff_waiting", "ins_dup exactly for an insert of a warp that waits in a valid entry"},
    {"ins_answer_exact", "an insert to place joins exactly when a valid entry of its PC has room "
                         "and is not issuing, else allocates exactly when an entry is free, else "
                         "is rejected"},
    {"ins_entry_named", "ins_entry names the entry joined (valid, its PC, room, not issuing) or "
                        "allocated (free); 0 otherwise"},
};

IRHW_BLOCK(swt) = {
    .contracts = swt_contracts,
    .ncontracts = sizeof swt_contracts / sizeof swt_contracts[0],
    .paper_area = "none given (GW paper)",
    .gpu_count = 16,
    .gpu_rank = 3,
    .gpu_as = "one a core",
    .cover_points = swt_cover_points,
    .ncover = SWT_NCOV,
    .cover_na = swt_cover_na,
    .cover_sample = swt_cover,
    .trace_ports = "rst ins_valid ins_warp ins_pc iss_req | ins_join ins_alloc ins_reject ins_dup "
                   "ins_entry iss_valid iss_entry iss_count occupancy",
    .name = "swt",
    .title = "scalar-warp table",
    .paper = "GW (Graph-Waving) scalar warp formation and scheduling (spec §4)",
    .params = swt_params,
    .nparams = SWT_NPARAMS,
    .timing = "insert answers (ins_*) and the issued entry (iss_*) in the cycle of the request; "
              "both see the table as it was at the start of the cycle; occupancy and full "
              "describe that table; while rst is 1 every output is 0",
    .geom_size = sizeof(swt_geom),
    .geom_of = swt_geom_of,
    .ports = swt_ports,
    .module_name = swt_module_name,
    .model_new = swt_new,
    .model_free = swt_free,
    .model_eval = swt_eval,
    .model_tick = swt_tick,
    .model_stats = swt_stats_print,
    .gen = swt_gen,
    .leaf_cells = swt_leaf_cells,
    .gen_summary = swt_gen_summary,
    .stim_new = swt_stim_new,
    .stim_free = swt_stim_free,
    .stim_next = swt_stim_next,
    .check_new = swt_check_new,
    .check_free = swt_check_free,
    .check_cycle = swt_check_cycle,
    .check_end = swt_check_end,
    .storage = swt_storage,
    .area_notes = swt_area_notes,
};
