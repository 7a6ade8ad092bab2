/*
 * icrn_block.c — the inter-core redistribution network's block description:
 * parameters, the tree geometry, ports and their timing, module name,
 * storage and the paper's comparison. Behaviour and decisions: model/icrn.c;
 * RTL: gen/icrn.c; stimulus and checker: tb/icrn_stim.c.
 */
#include "icrn.h"

#include <inttypes.h>
#include <string.h>

static const irhw_param icrn_params[IC_NPARAMS] = {
    [IC_CORES] = {"CORES", IRHW_PINT, 4, 2, ICRN_MAX_CORES, NULL,
                  "cores (WRUs) connected by the tree (paper: 4)", NULL},
    [IC_RADIX] = {"RADIX", IRHW_PINT, 4, 2, 16, NULL,
                  "children per hub; CORES > RADIX builds more levels", NULL},
    [IC_ID_BITS] = {"ID_BITS", IRHW_PINT, 24, 1, 64, NULL, "bits per work ID (paper: 24)", NULL},
    [IC_BUF_DEPTH] = {"BUF_DEPTH", IRHW_PINT, 2, 1, 64, NULL,
                      "FIFO entries per link and direction (>= 2: full throughput)", NULL},
};

/* ---- geometry ------------------------------------------------------------ */

void icrn_children(const icrn_geom *g, unsigned level, unsigned i, unsigned *first, unsigned *n)
{
    unsigned lo = i * g->radix, hi = lo + g->radix;
    if (hi > g->count[level - 1])
        hi = g->count[level - 1];
    *first = lo;
    *n = hi - lo;
}

void icrn_cover(const icrn_geom *g, unsigned level, unsigned i, unsigned *lo, unsigned *hi)
{
    *lo = i * g->span[level];
    *hi = *lo + g->span[level];
    if (*hi > g->cores)
        *hi = g->cores;
}

static int covers_one_core(const icrn_geom *g, unsigned level, unsigned i)
{
    unsigned lo, hi;
    icrn_cover(g, level, i, &lo, &hi);
    return hi - lo == 1;
}

unsigned icrn_up_width(const icrn_geom *g, unsigned level, unsigned i)
{
    return g->id_bits + (covers_one_core(g, level, i) ? 0 : g->core_bits);
}

unsigned icrn_dn_width(const icrn_geom *g, unsigned level, unsigned i)
{
    return g->id_bits + g->core_bits + (covers_one_core(g, level, i) ? 0 : g->core_bits);
}

int icrn_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen)
{
    icrn_geom *g = geom;
    memset(g, 0, sizeof *g);
    g->cores = (unsigned)c->v[IC_CORES];
    g->radix = (unsigned)c->v[IC_RADIX];
    g->id_bits = (unsigned)c->v[IC_ID_BITS];
    g->depth = (unsigned)c->v[IC_BUF_DEPTH];
    g->core_bits = irhw_clog2(g->cores);
    g->count[0] = g->cores;
    g->span[0] = 1;
    unsigned k = 0;
    do {
        k++;
        g->count[k] = (g->count[k - 1] + g->radix - 1) / g->radix;
        g->span[k] = g->span[k - 1] * g->radix;
    } while (k < ICRN_MAX_LEVELS && g->count[k] > 1);
    g->levels = k;
    for (k = 1; k <= g->levels; k++)
        g->hubs += g->count[k];
    for (k = 0; k < g->levels; k++)
        for (unsigned i = 0; i < g->count[k]; i++)
            g->buffer_bits +=
                (uint64_t)g->depth * (icrn_up_width(g, k, i) + icrn_dn_width(g, k, i));
    g->fifos = 2 * (g->hubs + g->cores - 1);
    return 0;
}

/* ---- ports ----------------------------------------------------------------- */

enum { W_CORES = -1, W_IDS = -2, W_SRCS = -3 };

/* Per-core buses, core c at bits [c*w +: w]. Every buffer, arbiter and the
 * root decision are registered; only all_done looks at this cycle's inputs. */
static const irhw_port_row icrn_rows[IC_NPORTS] = {
    [IC_RST] = {"rst", IRHW_IN, 1, "control", "synchronous reset: every FIFO emptied", NULL},
    [IC_INJ_VALID] = {"inj_valid", IRHW_IN, W_CORES, "inject", "core c offers a donated ID", NULL},
    [IC_INJ_ID] = {"inj_id", IRHW_IN, W_IDS, "inject", "the IDs offered, ID_BITS per core", NULL},
    [IC_DLV_READY] = {"dlv_ready", IRHW_IN, W_CORES, "deliver", "core c takes a delivered ID",
                      NULL},
    [IC_CORE_EMPTY] = {"core_empty", IRHW_IN, W_CORES, "core status", "core c has no work", NULL},
    [IC_CORE_GREEDY] = {"core_greedy", IRHW_IN, W_CORES, "core status",
                        "core c gives work (never a destination)", NULL},
    [IC_INJ_READY] = {"inj_ready", IRHW_OUT, W_CORES, "inject",
                      "the network takes core c's offer this cycle", ""},
    [IC_DLV_VALID] = {"dlv_valid", IRHW_OUT, W_CORES, "deliver", "an ID for core c", ""},
    [IC_DLV_ID] = {"dlv_id", IRHW_OUT, W_IDS, "deliver", "the IDs delivered, ID_BITS per core", ""},
    [IC_DLV_SRC] = {"dlv_src", IRHW_OUT, W_SRCS, "deliver", "the core each came from", ""},
    [IC_ALL_DONE] = {"all_done", IRHW_OUT, 1, "termination",
                     "every core empty and nothing in flight (DONE)", "core_empty inj_valid"},
};

static void icrn_ports(const irhw_inst *x, irhw_ports *ps)
{
    const icrn_geom *g = icrn_g(x);
    for (unsigned i = 0; i < IC_NPORTS; i++) {
        int w = icrn_rows[i].width;
        unsigned width = w == W_CORES  ? g->cores
                         : w == W_IDS  ? g->cores * g->id_bits
                         : w == W_SRCS ? g->cores * g->core_bits
                                       : (unsigned)w;
        irhw_port_add(ps, &icrn_rows[i], width);
    }
}

static void icrn_module_name(const irhw_inst *x, char *buf, size_t len)
{
    const icrn_geom *g = icrn_g(x);
    snprintf(buf, len, "icrn_c%u_r%u_w%u_d%u", g->cores, g->radix, g->id_bits, g->depth);
}

/* ---- area -------------------------------------------------------------- */

static void icrn_storage(const irhw_inst *x, irhw_storage *st)
{
    memset(st, 0, sizeof *st);
    st->storage_bits = icrn_g(x)->buffer_bits;
    st->modules[0] = "irhw_regfile_1w1r"; /* the FIFO entries */
    st->nmodules = 1;
}

/* The paper gives no cost for the ICRN (§V-B prices the HWWL banks, 1.6 KB
 * per core, and the WRU sorting network, 162 µm² at 40 nm); so the notes
 * give the per-core cost and compare the buffer bits with the banks. */
static int icrn_area_notes(const irhw_inst *x, const irhw_area_fig *r, irhw_note *n, int max)
{
    const icrn_geom g = *icrn_g(x);
    const double bank_bits = 16.0 * 32 * 24; /* per core: 16 lanes x 32 x 24 b */
    double bits = (double)g.buffer_bits, per_core = bits / g.cores;
    unsigned hubs = g.hubs;
    int k = 0;
    if (k < max) {
        n[k] = (irhw_note){"paper_icrn_cost", "", 0};
        snprintf(n[k].text, sizeof n[k].text,
                 "paper: no ICRN cost given (V-B prices only the banks, ~1.6 KB/core, and the "
                 "WRU sorting network, 162 um2 at 40 nm)");
        k++;
    }
    if (k < max) {
        n[k] = (irhw_note){"hops_core_to_core", "", 2.0 * g.levels};
        snprintf(
            n[k].text, sizeof n[k].text,
            "tree: %u hub(s) on %u level(s), %u hops core to core (paper: 2 in the ideal case)",
            hubs, g.levels, 2 * g.levels);
        k++;
    }
    if (k < max) {
        n[k] = (irhw_note){"buffer_bits_per_core", "", per_core};
        snprintf(n[k].text, sizeof n[k].text,
                 "buffers: %.0f bits, %.1f per core = %.2f %% of the per-core HWWL banks "
                 "(16 x 32 x 24 b)",
                 bits, per_core, 100.0 * per_core / bank_bits);
        k++;
    }
    if (k < max && r) {
        n[k] = (irhw_note){"area_per_core_um2", "", r->total_um2 / g.cores};
        snprintf(n[k].text, sizeof n[k].text, "area per core: %.0f um2 of %.0f um2 on %s",
                 r->total_um2 / g.cores, r->total_um2, r->library);
        k++;
    }
    return k;
}

static const irhw_cover_point icrn_cover_points[IC_NCOV] = {
    [IC_COV_ROOT_BLOCKED] = {"root_blocked",
                             "an ID waits at the root: no needy core but its sender has room"},
    [IC_COV_ROOT_CONTENTION] = {"root_contention", "two children of the root offer at once"},
    [IC_COV_INJ_REFUSED] = {"inj_refused", "an injection meets a full first buffer"},
    [IC_COV_DLV_STALLED] = {"dlv_stalled", "a delivery waits: dlv_ready low"},
    [IC_COV_NOT_DONE_WORK_IN_BUFFER] = {"not_done_work_in_buffer",
                                        "every core empty, no offer, an ID in a buffer"},
    [IC_COV_NOT_DONE_OFFER] = {"not_done_offer", "every core empty and buffers too, an offer"},
    [IC_COV_ALL_DONE] = {"all_done", "all_done raised"},
    [IC_COV_SRC_PTR_WRAPS] = {"src_ptr_wraps",
                              "the root grants its last child: the source pointer wraps to 0"},
    [IC_COV_DST_PTR_WRAPS] = {"dst_ptr_wraps",
                              "the root sends to the last core: the destination pointer wraps"},
};

static const irhw_contract icrn_contracts[] = {
    {"done_iff_quiet", "all_done exactly when every core is empty, none offers an ID and every "
                       "buffer is empty"},
    {"dlv_valid_has_data", "dlv_valid exactly when the core's dn FIFO holds an entry: valid only "
                           "with data"},
    {"dlv_qualified", "dlv_id and dlv_src are 0 where dlv_valid is low"},
    {"dlv_not_to_source", "no core is delivered an ID it injected"},
};

IRHW_BLOCK(icrn) = {
    .contracts = icrn_contracts,
    .ncontracts = sizeof icrn_contracts / sizeof icrn_contracts[0],
    .paper_area = "none given (hwwl §V-B prices the banks and the WRU only)",
    .gpu_count = 1,
    .gpu_rank = 4,
    .gpu_as = "one, at its own CORES",
    .cover_points = icrn_cover_points,
    .ncover = IC_NCOV,
    .cover_sample = icrn_coverage,
    .trace_ports = "rst inj_valid dlv_ready core_empty core_greedy | inj_ready dlv_valid all_done",
    .name = "icrn",
    .title = "inter-core redistribution network (tree with a root hub)",
    .paper = "hwwl §III-C, §V-A (spec §3)",
    .params = icrn_params,
    .nparams = IC_NPARAMS,
    .timing = "one cycle per hop, 2 per tree level; inj_ready and the deliveries are "
              "registered; all_done follows core_empty and inj_valid in the same cycle",
    .geom_size = sizeof(icrn_geom),
    .geom_of = icrn_geom_of,
    .ports = icrn_ports,
    .module_name = icrn_module_name,
    .model_new = icrn_new,
    .model_free = icrn_free,
    .model_eval = icrn_eval,
    .model_tick = icrn_tick,
    .model_stats = icrn_stats,
    .gen = icrn_gen,
    .leaf_cells = icrn_leaf_cells,
    .gen_summary = icrn_gen_summary,
    .draw_svg = icrn_draw_svg,
    .stim_new = icrn_stim_new,
    .stim_free = icrn_stim_free,
    .stim_next = icrn_stim_next,
    .check_new = icrn_check_new,
    .check_free = icrn_check_free,
    .check_cycle = icrn_check_cycle,
    .check_end = icrn_check_end,
    .storage = icrn_storage,
    .area_notes = icrn_area_notes,
};
