/*
 * wru_block.c — the WRU's block description: parameters, geometry (the
 * sorting network included), ports and their timing, module name, storage
 * and the paper's comparison. Behaviour: model/wru.c; RTL: gen/wru.c;
 * stimulus and checker: tb/wru_stim.c.
 */
#include "wru.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const wru_scheme_names[] = {"lsorting", "threshold", NULL};

static const irhw_param wru_params[WRU_NPARAMS] = {
    [WRU_P_LANES] = {"LANES", IRHW_PINT, 16, 2, WRU_MAX_LANES, NULL,
                     "banks (SIMD lanes) per core; non-powers of two are padded and pruned", NULL},
    [WRU_P_COUNT_BITS] = {"COUNT_BITS", IRHW_PINT, 6, 1, 16, NULL,
                          "width of each bank's occupancy count (6 holds 0..32)", NULL},
    [WRU_P_THRESHOLD] = {"THRESHOLD", IRHW_PINT, 5, 0, 65535, NULL,
                         "needy below, greedy above (must fit COUNT_BITS)",
                         "min(5, 2^COUNT_BITS-1)"},
    [WRU_P_INTERVAL] = {"INTERVAL", IRHW_PINT, 10, 1, 65535, NULL,
                        "cycles between redistribution decisions", NULL},
    [WRU_P_SCHEME] = {"SCHEME", IRHW_PENUM, WRU_LSORTING, 0, 0, wru_scheme_names,
                      "lsorting (ranked by a sorting network) or threshold (round-robin)", NULL},
    [WRU_P_NETWORK] = {"NETWORK", IRHW_PENUM, SORTNET_BEST, 0, 0, sortnet_kind_names,
                       "sorting network: bitonic, oddeven, best (size), bestdepth (depth)", NULL},
    [WRU_P_PIPELINE] = {"PIPELINE", IRHW_PINT, 0, 0, 32, NULL,
                        "register after every k-th comparator layer (0 = combinational)", NULL},
};

/* The paper's THRESHOLD of 5 needs COUNT_BITS >= 3; narrower counts get the
 * largest threshold they hold unless the user chose one. */
static void wru_derive(irhw_cfg *c)
{
    int64_t tmax = (int64_t)irhw_mask((unsigned)c->v[WRU_P_COUNT_BITS]);
    if (!(c->set & (1u << WRU_P_THRESHOLD)) && c->v[WRU_P_THRESHOLD] > tmax)
        c->v[WRU_P_THRESHOLD] = tmax;
}

/* The network, copied into the geometry (which is freed as one block). */
static int geom_network(wru_geom *g, char *err, size_t errlen)
{
    sortnet *s = sortnet_make(g->network, g->lanes);
    if (!s)
        return irhw_err(err, errlen, "wru: cannot build the %s network on LANES=%u",
                        sortnet_kind_name(g->network), g->lanes);
    if (s->size > WRU_MAX_CMPS || s->depth > WRU_MAX_DEPTH) {
        int rc = irhw_err(err, errlen,
                          "parameter LANES=%u: the %s network has %u comparators in %u layers, "
                          "more than the WRU holds (%u in %u)",
                          g->lanes, sortnet_kind_name(g->network), s->size, s->depth, WRU_MAX_CMPS,
                          WRU_MAX_DEPTH);
        sortnet_free(s);
        return rc;
    }
    memcpy(g->cmp, s->c, s->size * sizeof *s->c);
    memcpy(g->layer_off, s->layer_off, (s->depth + 1) * sizeof *s->layer_off);
    g->size = s->size;
    g->depth = s->depth;
    sortnet_free(s);
    return 0;
}

int wru_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen)
{
    wru_geom *g = geom;
    memset(g, 0, sizeof *g);
    g->lanes = (unsigned)c->v[WRU_P_LANES];
    g->count_bits = (unsigned)c->v[WRU_P_COUNT_BITS];
    g->threshold = (unsigned)c->v[WRU_P_THRESHOLD];
    g->interval = (unsigned)c->v[WRU_P_INTERVAL];
    g->scheme = (int)c->v[WRU_P_SCHEME];
    g->network = (sortnet_kind)c->v[WRU_P_NETWORK];
    g->pipeline = (unsigned)c->v[WRU_P_PIPELINE];
    g->count_max = (unsigned)irhw_mask(g->count_bits);
    if (g->threshold > g->count_max)
        return irhw_err(err, errlen,
                        "parameter THRESHOLD=%u does not fit COUNT_BITS=%u: THRESHOLD must be "
                        "0..%u",
                        g->threshold, g->count_bits, g->count_max);
    g->tag_bits = irhw_clog2(g->lanes);
    g->key_bits = g->count_bits + g->tag_bits;
    g->phase_bits = irhw_clog2(g->interval);
    g->pairs = g->lanes / 2;
    g->rank_bits = irhw_bits_for(g->lanes);
    g->padded = 1u << g->tag_bits;
    if (g->scheme == WRU_THRESHOLD) {
        if (g->pipeline)
            return irhw_err(err, errlen,
                            "parameter PIPELINE=%u needs SCHEME=lsorting: the threshold scheme "
                            "has no sorting network to pipeline (PIPELINE must be 0)",
                            g->pipeline);
        g->slots = 1;
        g->state_bits = g->phase_bits + 2u * g->tag_bits;
        return 0;
    }
    if (geom_network(g, err, errlen))
        return -1;
    if (g->pipeline > g->depth)
        return irhw_err(err, errlen,
                        "parameter PIPELINE=%u is out of range for the %s network on LANES=%u "
                        "(%u layers): PIPELINE must be 0..%u",
                        g->pipeline, sortnet_kind_name(g->network), g->lanes, g->depth, g->depth);
    g->regs = g->pipeline ? g->depth / g->pipeline : 0;
    g->slots = g->regs ? g->regs : 1;
    g->state_bits = g->phase_bits + (uint64_t)g->regs * (g->lanes * g->key_bits + 1);
    return 0;
}

int wru_reg_after(const wru_geom *w, unsigned layer)
{
    return w->pipeline && layer >= 1 && layer % w->pipeline == 0 && layer <= w->depth;
}

unsigned wru_reg_layer(const wru_geom *w, unsigned s)
{
    return s * w->pipeline;
}

enum { W_COUNTS = -1, W_LANES = -2, W_TO = -3, W_TAG = -4 };

/* The comb lists give the combinational case (threshold, or lsorting with
 * PIPELINE=0): the plan follows this cycle's counts and rst (sample =
 * !rst && phase == 0). A pipelined lsorting unit registers the plan. */
static const irhw_port_row wru_rows[WRU_NPORTS] = {
    [WRU_RST] = {"rst", IRHW_IN, 1, "control",
                 "synchronous reset: interval restarts, pipeline and pointers cleared", NULL},
    [WRU_COUNTS] = {"counts", IRHW_IN, W_COUNTS, "banks",
                    "occupancy of bank b at [b*COUNT_BITS +: COUNT_BITS]", NULL},
    [WRU_PLAN_VALID] = {"plan_valid", IRHW_OUT, 1, "plan", "a transfer list comes out this cycle",
                        "rst"},
    [WRU_DONATE_VALID] = {"donate_valid", IRHW_OUT, W_LANES, "plan", "bit b: bank b gives one word",
                          "rst counts"},
    [WRU_DONATE_TO] = {"donate_to", IRHW_OUT, W_TO, "plan",
                       "receiver of donor b at [b*clog2(LANES) +: clog2(LANES)]", "rst counts"},
    [WRU_RECEIVE_VALID] = {"receive_valid", IRHW_OUT, W_LANES, "plan",
                           "bit b: bank b takes one word", "rst counts"},
    [WRU_XFER_VALID] = {"xfer_valid", IRHW_OUT, 1, "intercore",
                        "one word goes to the inter-core network", "rst counts"},
    [WRU_XFER_BANK] = {"xfer_bank", IRHW_OUT, W_TAG, "intercore",
                       "the inter-core donor (0 unless xfer_valid)", "rst counts"},
    [WRU_CORE_EMPTY] = {"core_empty", IRHW_OUT, 1, "status", "every bank empty (live)", "counts"},
    [WRU_CORE_GREEDY] = {"core_greedy", IRHW_OUT, 1, "status",
                         "more greedy than needy banks (live)", "counts"},
};

static void wru_ports(const irhw_inst *x, irhw_ports *ps)
{
    const wru_geom *g = wru_g(x);
    for (unsigned i = 0; i < WRU_NPORTS; i++) {
        irhw_port_row r = wru_rows[i];
        int plan = i >= WRU_PLAN_VALID && i <= WRU_XFER_BANK;
        if (plan && g->regs)
            r.comb = ""; /* the last pipeline stage */
        unsigned width = r.width == W_COUNTS  ? g->lanes * g->count_bits
                         : r.width == W_LANES ? g->lanes
                         : r.width == W_TO    ? g->lanes * g->tag_bits
                         : r.width == W_TAG   ? g->tag_bits
                                              : (unsigned)r.width;
        irhw_port_add(ps, &r, width);
    }
}

static void wru_module_name(const irhw_inst *x, char *buf, size_t len)
{
    const wru_geom *g = wru_g(x);
    if (g->scheme == WRU_THRESHOLD)
        snprintf(buf, len, "wru_l%u_c%u_t%u_i%u_threshold", g->lanes, g->count_bits, g->threshold,
                 g->interval);
    else
        snprintf(buf, len, "wru_l%u_c%u_t%u_i%u_lsorting_%s_p%u", g->lanes, g->count_bits,
                 g->threshold, g->interval, sortnet_kind_name(g->network), g->pipeline);
}

/* No arrays: the state is the interval counter, the pipeline stages and the
 * round-robin pointers, all flip-flops in the logic (no storage leaf). */
static void wru_storage(const irhw_inst *x, irhw_storage *st)
{
    memset(st, 0, sizeof *st);
    st->storage_bits = wru_g(x)->state_bits;
}

/* The paper's comparison (§V-B): a 16-input sorting network of 162 µm² at
 * 40 nm, the paper's own estimate. */
static int wru_area_notes(const irhw_inst *x, const irhw_area_fig *r, irhw_note *n, int max)
{
    const wru_geom *g = wru_g(x);
    int k = 0;
    k = irhw_note_add(n, k, max, "paper_sortnet_um2", 162.0,
                      "paper (hwwl §V-B): 16-input sorting network, 162 µm², the paper's own "
                      "first-order estimate with a 40 nm TSMC library, not a synthesis result");
    k = irhw_note_add(n, k, max, "paper_sortnet_stages", 4.0,
                      "paper: modelled as \"16 nodes and 4 stages\"; a complete 16-input sorter "
                      "needs at least 9 comparator layers (proven minimum), so that estimate "
                      "covers less than one");
    if (g->scheme == WRU_LSORTING)
        k = irhw_note_add(n, k, max, "comparators", (double)g->size,
                          "ours: %s network on %u inputs, %u comparators in %u layers, %u "
                          "pipeline stages",
                          sortnet_kind_name(g->network), g->lanes, g->size, g->depth, g->regs);
    else
        k = irhw_note_add(n, k, max, "comparators", 0.0,
                          "ours: threshold scheme, no sorting network (round-robin matching of "
                          "greedy and needy banks)");
    if (!r)
        return k;
    k = irhw_note_add(n, k, max, "ours_um2", r->total_um2,
                      "ours: %.0f µm² for the whole WRU (network, pairing, counters), "
                      "synthesized with Yosys on %.60s (%.30s)",
                      r->total_um2, r->library, r->node);
    double node = r->node ? strtod(r->node, NULL) : 0;
    if (node > 0 && r->total_um2 > 0) {
        double at40 = r->total_um2 * (40.0 / node) * (40.0 / node);
        k = irhw_note_add(n, k, max, "ours_um2_at_40nm", at40,
                          "ours scaled to 40 nm by (40/%.0f)^2: about %.0f µm², %.1fx the "
                          "paper's 162 µm² (first-order scaling only)",
                          node, at40, at40 / 162.0);
    }
    if (g->scheme == WRU_LSORTING && g->size && r->total_um2 > 0)
        k = irhw_note_add(n, k, max, "um2_per_comparator", r->total_um2 / g->size,
                          "ours: %.1f µm² per comparator (%u-bit count + %u-bit bank tag per "
                          "side), pairing logic included",
                          r->total_um2 / g->size, g->count_bits, g->tag_bits);
    return k;
}

/* The plan checks range over the sorting network's every output: with
 * COUNT_BITS=3, LANES=4 proves in about a second, LANES=8 in minutes
 * (docs/assertions.md), more lanes not in reasonable time. */
static int wru_prove_too_hard(const irhw_inst *x, char *why, size_t whylen)
{
    if (wru_g(x)->lanes <= 8)
        return 0;
    snprintf(why, whylen,
             "LANES=%u: the plan checks over a sorting network of more than 8 inputs do not "
             "finish in reasonable time (LANES=8 takes minutes); prove LANES=4 with "
             "COUNT_BITS=3 (about a second)",
             wru_g(x)->lanes);
    return 1;
}

static const irhw_cover_point wru_cover_points[WRU_NCOV] = {
    [WRU_COV_ALL_NEEDY] = {"all_needy", "every bank needy at a sample (lsorting: and pairs form)"},
    [WRU_COV_ALL_GREEDY] = {"all_greedy", "every bank greedy at a sample"},
    [WRU_COV_MAX_PAIRS] = {"max_pairs", "a plan pairs floor(LANES/2) banks"},
    [WRU_COV_DONOR_TWO_MORE] = {"donor_two_more",
                                "lsorting: a donor exactly two above its receiver"},
    [WRU_COV_DONOR_ONE_MORE] = {"donor_one_more",
                                "lsorting: one above a needy receiver, the pairing stops"},
    [WRU_COV_XFER] = {"xfer", "a plan sends a word to the inter-core network"},
    [WRU_COV_STAGES_BUSY] = {"stages_busy", "every pipeline stage holds a sample"},
};

static const char *wru_cover_na(const irhw_inst *x, unsigned point)
{
    const wru_geom *w = wru_g(x);
    int ls = w->scheme != WRU_THRESHOLD;
    switch (point) {
    case WRU_COV_ALL_NEEDY:
        if (ls && w->threshold < 3)
            return "lsorting pairs needy banks two apart: needs THRESHOLD >= 3";
        return w->threshold == 0 ? "no count is below THRESHOLD=0" : NULL;
    case WRU_COV_ALL_GREEDY:
        return w->threshold >= w->count_max ? "no count is above THRESHOLD" : NULL;
    case WRU_COV_MAX_PAIRS:
        if (w->threshold == 0)
            return "no receiver below THRESHOLD=0";
        return !ls && w->threshold >= w->count_max ? "no donor above THRESHOLD" : NULL;
    case WRU_COV_DONOR_TWO_MORE:
    case WRU_COV_DONOR_ONE_MORE:
        if (!ls)
            return "SCHEME=threshold pairs greedy with needy banks, no two-more rule";
        return w->threshold == 0 ? "no receiver below THRESHOLD=0" : NULL;
    case WRU_COV_XFER:
        return w->threshold >= w->count_max ? "no bank is greedy" : NULL;
    case WRU_COV_STAGES_BUSY:
        if (!w->regs)
            return "no pipeline register (PIPELINE=0, or fewer layers than PIPELINE)";
        return w->regs > 1 && w->interval > 1
                   ? "a sample every INTERVAL > 1 cycles never fills more than one stage"
                   : NULL;
    default:
        return NULL;
    }
}

static const irhw_contract wru_contracts[] = {
    {"core_empty_iff_all_zero", "core_empty exactly when every bank's count is 0 (this cycle's)"},
    {"core_greedy_iff_more_greedy", "core_greedy exactly when more banks hold more than THRESHOLD "
                                    "than fewer (this cycle's counts)"},
};

IRHW_BLOCK(wru) = {
    .contracts = wru_contracts,
    .ncontracts = sizeof wru_contracts / sizeof wru_contracts[0],
    .paper_area = "162 um2, 16-input sorting network, 40 nm, the paper's own estimate (hwwl §V-B)",
    .gpu_count = 16,
    .gpu_rank = 2,
    .gpu_as = "one a core",
    .report = "networks",
    .cover_points = wru_cover_points,
    .ncover = WRU_NCOV,
    .cover_na = wru_cover_na,
    .cover_sample = wru_cover,
    .name = "wru",
    .title = "work redistribution unit with sorting network",
    .paper = "hwwl §III-C, §IV-D, §V-B (spec §2)",
    .params = wru_params,
    .nparams = WRU_NPARAMS,
    .timing = "counts sampled when phase = 0 and rst is low (the cycle after reset, then every "
              "INTERVAL cycles); the plan comes out PIPELINE-stage latency = floor(depth / "
              "PIPELINE) cycles after the sample (0: in the sampling cycle, combinational from "
              "counts and rst); core_empty and core_greedy are live (combinational from counts)",
    .derive = wru_derive,
    .geom_size = sizeof(wru_geom),
    .geom_of = wru_geom_of,
    .ports = wru_ports,
    .module_name = wru_module_name,
    .model_new = wru_model_new,
    .model_free = wru_model_free,
    .model_eval = wru_model_eval,
    .model_tick = wru_model_tick,
    .model_stats = wru_model_stats,
    .gen = wru_gen,
    .leaf_cells = wru_leaf_cells,
    .prove_too_hard = wru_prove_too_hard,
    .gen_summary = wru_gen_summary,
    .draw_svg = wru_draw_svg,
    .stim_new = wru_stim_new,
    .stim_free = wru_stim_free,
    .stim_next = wru_stim_next,
    .check_new = wru_check_new,
    .check_free = wru_check_free,
    .check_cycle = wru_check_cycle,
    .check_end = wru_check_end,
    .storage = wru_storage,
    .area_notes = wru_area_notes,
    /* the sorting networks at the default LANES */
    .run_sweep = {"NETWORK=best,bestdepth,oddeven,bitonic"},
    .run_sweep_order = -2, /* its four networks: a long synthesis */
};
