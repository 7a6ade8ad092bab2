/*
 * iru_hash_block.c — the IRU reordering hash's block description:
 * parameters and their joint limits, the geometry and port map, ports and
 * their timing, module name, storage and the paper's comparison. Behaviour
 * and decisions: model/iru_hash.c; RTL: gen/iru_hash.c; stimulus and
 * checker: tb/iru_hash_stim.c.
 */
#include "iru_hash.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const iru_filter_names[] = {"none", "dedup", "min", "fadd", NULL};
static const char *const iru_storage_names[] = {"flops", "sram", NULL};

static const irhw_param iru_params[IH_NPARAMS] = {
    [IH_SETS] = {"SETS", IRHW_PINT, 256, 1, 4096, NULL,
                 "sets per partition (power of two; paper: 1024 sets in 4 partitions)", NULL},
    [IH_BANKS] = {"BANKS", IRHW_PINT, 2, 1, 16, NULL,
                  "banks = insert lanes (power of two, <= SETS); set -> bank = set mod BANKS",
                  NULL},
    [IH_SLOTS] = {"SLOTS", IRHW_PINT, 32, 1, 64, NULL, "elements per entry = per reply (warp size)",
                  NULL},
    [IH_IDX_BITS] = {"IDX_BITS", IRHW_PINT, 24, 1, 32, NULL, "bits per index", NULL},
    [IH_DATA_BITS] = {"DATA_BITS", IRHW_PINT, 32, 0, 64, NULL,
                      "bits of the secondary array per element (0 = none; fadd: 32)", NULL},
    [IH_POS_BITS] = {"POS_BITS", IRHW_PINT, 24, 1, 32, NULL, "bits of the original position", NULL},
    [IH_LINE_BYTES] = {"LINE_BYTES", IRHW_PINT, 128, 1, 4096, NULL,
                       "memory block (line) size in bytes (power of two)", "max(128, ELEM_BYTES)"},
    [IH_ELEM_BYTES] = {"ELEM_BYTES", IRHW_PINT, 4, 1, 4096, NULL,
                       "bytes per element of the gathered array (power of two, <= LINE_BYTES)",
                       NULL},
    [IH_FILTER] = {"FILTER", IRHW_PENUM, IH_NONE, 0, 0, iru_filter_names,
                   "same index already in the entry: none, dedup (drop), min (unsigned), fadd "
                   "(binary32 add)",
                   NULL},
    [IH_TIMEOUT] = {"TIMEOUT", IRHW_PINT, 1000, 0, 1000000, NULL,
                    "cycles a request waits before taking the fullest entry (0 = never)", NULL},
    [IH_REQS] = {"REQS", IRHW_PINT, 64, 1, 1024, NULL, "waiting requests held (FIFO depth)", NULL},
    [IH_STORAGE] = {"STORAGE", IRHW_PENUM, IH_SRAM, 0, 0, iru_storage_names,
                    "slot arrays: flops (irhw_regfile_1rw) or sram (irhw_sram_1rw macros)", NULL},
};

/* The paper's BANKS=2, LINE_BYTES=128 and ELEM_BYTES=4 give way to a
 * parameter the user set that they would contradict. */
static void iru_derive(irhw_cfg *c)
{
    if (!(c->set & (1u << IH_BANKS)) && c->v[IH_BANKS] > c->v[IH_SETS])
        c->v[IH_BANKS] = c->v[IH_SETS];
    if (!(c->set & (1u << IH_LINE_BYTES)) && c->v[IH_LINE_BYTES] < c->v[IH_ELEM_BYTES])
        c->v[IH_LINE_BYTES] = c->v[IH_ELEM_BYTES];
    if (!(c->set & (1u << IH_ELEM_BYTES)) && c->v[IH_ELEM_BYTES] > c->v[IH_LINE_BYTES])
        c->v[IH_ELEM_BYTES] = c->v[IH_LINE_BYTES];
}

static int is_pow2(int64_t x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

static int iru_validate(const irhw_cfg *c, char *err, size_t errlen)
{
    static const int pow2[] = {IH_SETS, IH_BANKS, IH_LINE_BYTES, IH_ELEM_BYTES};
    for (unsigned i = 0; i < sizeof pow2 / sizeof pow2[0]; i++) {
        const irhw_param *p = &iru_params[pow2[i]];
        if (!is_pow2(c->v[pow2[i]]))
            return irhw_err(err, errlen,
                            "parameter %s=%" PRId64 " is not allowed: %s must be a power of two "
                            "in %" PRId64 "..%" PRId64,
                            p->name, c->v[pow2[i]], p->name, p->min, p->max);
    }
    if (c->v[IH_BANKS] > c->v[IH_SETS])
        return irhw_err(err, errlen,
                        "parameter BANKS=%" PRId64 " is out of range: BANKS must be 1..%" PRId64
                        " (at most SETS=%" PRId64 ")",
                        c->v[IH_BANKS], c->v[IH_SETS], c->v[IH_SETS]);
    if (c->v[IH_ELEM_BYTES] > c->v[IH_LINE_BYTES])
        return irhw_err(err, errlen,
                        "parameter ELEM_BYTES=%" PRId64 " is out of range: ELEM_BYTES must be "
                        "1..%" PRId64 " (at most LINE_BYTES=%" PRId64 ")",
                        c->v[IH_ELEM_BYTES], c->v[IH_LINE_BYTES], c->v[IH_LINE_BYTES]);
    if (c->v[IH_FILTER] == IH_FADD && c->v[IH_DATA_BITS] != 32)
        return irhw_err(err, errlen,
                        "parameter DATA_BITS=%" PRId64 " is not allowed with FILTER=fadd: "
                        "DATA_BITS must be 32 (binary32 data)",
                        c->v[IH_DATA_BITS]);
    if (c->v[IH_FILTER] == IH_MIN && c->v[IH_DATA_BITS] == 0)
        return irhw_err(err, errlen,
                        "parameter DATA_BITS=0 is not allowed with FILTER=min: DATA_BITS must be "
                        "1..64 (min compares the data)");
    return 0;
}

/* ---- geometry and ports -------------------------------------------------- */

static unsigned log2u(uint64_t x)
{
    return irhw_clog2(x);
}

/* Meaning and timing of every logical port. The insert grant follows this
 * cycle's lanes (bank conflicts) and the reply engine's use of the banks;
 * everything else is registered. */
static const irhw_port_row iru_rows[IHP_N] = {
    [IHP_RST] = {"rst", IRHW_IN, 1, "control", "synchronous reset: empty", NULL},
    [IHP_INS_VALID] = {"ins_valid", IRHW_IN, 0, "insert", "lane l offers an element", NULL},
    [IHP_INS_IDX] = {"ins_idx", IRHW_IN, 0, "insert", "its index, IDX_BITS per lane", NULL},
    [IHP_INS_DATA] = {"ins_data", IRHW_IN, 0, "insert", "its data, DATA_BITS per lane", NULL},
    [IHP_INS_POS] = {"ins_pos", IRHW_IN, 0, "insert", "its original position", NULL},
    [IHP_REQ] = {"req", IRHW_IN, 1, "request", "a warp asks for a group of elements", NULL},
    [IHP_FLUSH] = {"flush", IRHW_IN, 1, "request", "input exhausted: pack partial entries", NULL},
    [IHP_INS_READY] = {"ins_ready", IRHW_OUT, 0, "insert", "lane l's element taken this cycle",
                       "ins_valid ins_idx req flush"},
    [IHP_REQ_READY] = {"req_ready", IRHW_OUT, 1, "request", "a request can be queued", ""},
    [IHP_REP_VALID] = {"rep_valid", IRHW_OUT, 1, "reply", "a reply to the oldest request", ""},
    [IHP_REP_SLOT_VALID] = {"rep_slot_valid", IRHW_OUT, 0, "reply",
                            "valid slots of the reply, first ones first", ""},
    [IHP_REP_IDX] = {"rep_idx", IRHW_OUT, 0, "reply", "indices of the reply", ""},
    [IHP_REP_DATA] = {"rep_data", IRHW_OUT, 0, "reply", "data of the reply", ""},
    [IHP_REP_POS] = {"rep_pos", IRHW_OUT, 0, "reply", "original positions of the reply", ""},
    [IHP_MRG_VALID] = {"mrg_valid", IRHW_OUT, 0, "merge", "bank b merged an element out", ""},
    [IHP_MRG_IDX] = {"mrg_idx", IRHW_OUT, 0, "merge", "index of the element merged out", ""},
    [IHP_MRG_DATA] = {"mrg_data", IRHW_OUT, 0, "merge", "its data", ""},
    [IHP_MRG_POS] = {"mrg_pos", IRHW_OUT, 0, "merge", "its position", ""},
    [IHP_MRG_KEEP_POS] = {"mrg_keep_pos", IRHW_OUT, 0, "merge", "position of the element kept", ""},
    [IHP_MRG_KEEP_OLD] = {"mrg_keep_old", IRHW_OUT, 0, "merge", "data kept before the merge", ""},
    [IHP_MRG_KEEP_NEW] = {"mrg_keep_new", IRHW_OUT, 0, "merge",
                          "data kept after the merge (min, fadd)", ""},
    [IHP_HELD] = {"held", IRHW_OUT, 0, "status", "elements held at the start of the cycle", ""},
};

/* A port of zero width does not exist in this configuration (port[] = -1). */
static void add_port(iru_geom *g, irhw_ports *ps, enum iru_hash_port id, unsigned width)
{
    if (width == 0) {
        g->port[id] = -1;
        return;
    }
    g->port[id] = (int)irhw_port_add(ps, &iru_rows[id], width);
}

/* The port list: one order for ports(), the model and everybody else. */
static void build_ports(iru_geom *g, irhw_ports *ps)
{
    unsigned L = g->lanes, S = g->slots, B = g->banks;
    unsigned db = g->data_bits, flt = g->filter != IH_NONE;
    unsigned arith = g->filter == IH_MIN || g->filter == IH_FADD;
    add_port(g, ps, IHP_RST, 1);
    add_port(g, ps, IHP_INS_VALID, L);
    add_port(g, ps, IHP_INS_IDX, L * g->idx_bits);
    add_port(g, ps, IHP_INS_DATA, L * db);
    add_port(g, ps, IHP_INS_POS, L * g->pos_bits);
    add_port(g, ps, IHP_REQ, 1);
    add_port(g, ps, IHP_FLUSH, 1);
    add_port(g, ps, IHP_INS_READY, L);
    add_port(g, ps, IHP_REQ_READY, 1);
    add_port(g, ps, IHP_REP_VALID, 1);
    add_port(g, ps, IHP_REP_SLOT_VALID, S);
    add_port(g, ps, IHP_REP_IDX, S * g->idx_bits);
    add_port(g, ps, IHP_REP_DATA, S * db);
    add_port(g, ps, IHP_REP_POS, S * g->pos_bits);
    add_port(g, ps, IHP_MRG_VALID, flt * B);
    add_port(g, ps, IHP_MRG_IDX, flt * B * g->idx_bits);
    add_port(g, ps, IHP_MRG_DATA, flt * B * db);
    add_port(g, ps, IHP_MRG_POS, flt * B * g->pos_bits);
    add_port(g, ps, IHP_MRG_KEEP_POS, flt * B * g->pos_bits);
    add_port(g, ps, IHP_MRG_KEEP_OLD, flt * B * db);
    add_port(g, ps, IHP_MRG_KEEP_NEW, arith * B * db);
    add_port(g, ps, IHP_HELD, g->held_bits);
}

int iru_geom_of(const irhw_cfg *c, void *geom, char *err, size_t errlen)
{
    iru_geom *g = geom;
    if (iru_validate(c, err, errlen))
        return -1;
    memset(g, 0, sizeof *g);
    g->sets = (unsigned)c->v[IH_SETS];
    g->banks = g->lanes = (unsigned)c->v[IH_BANKS];
    g->slots = (unsigned)c->v[IH_SLOTS];
    g->rows = g->sets / g->banks;
    g->idx_bits = (unsigned)c->v[IH_IDX_BITS];
    g->data_bits = (unsigned)c->v[IH_DATA_BITS];
    g->pos_bits = (unsigned)c->v[IH_POS_BITS];
    g->elem_bits = g->idx_bits + g->data_bits + g->pos_bits;
    g->filter = (unsigned)c->v[IH_FILTER];
    g->storage = (unsigned)c->v[IH_STORAGE];
    g->timeout = (unsigned)c->v[IH_TIMEOUT];
    g->reqs = (unsigned)c->v[IH_REQS];
    g->set_bits = log2u(g->sets);
    g->bank_bits = log2u(g->banks);
    g->row_bits = g->set_bits - g->bank_bits;
    g->shift = log2u((uint64_t)(c->v[IH_LINE_BYTES] / c->v[IH_ELEM_BYTES]));
    g->cnt_bits = irhw_bits_for(g->slots);
    g->slot_bits = g->slots > 1 ? log2u(g->slots) : 1;
    g->held_bits = irhw_bits_for((uint64_t)g->sets * g->slots + 2ull * g->slots + g->banks);
    g->ts_bits = g->timeout ? irhw_bits_for(g->timeout) : 0;
    g->rq_bits = irhw_bits_for(g->reqs);
    g->rq_ptr_bits = g->reqs > 1 ? log2u(g->reqs) : 1;
    g->macro_bits = g->data_bits + g->pos_bits + (g->filter == IH_NONE ? g->idx_bits : 0);
    g->hash_bits = (uint64_t)g->sets * g->slots * g->elem_bits;
    irhw_ports scratch = {0};
    build_ports(g, &scratch);
    return 0;
}

/* The port map was settled with the geometry; this lays the same list out. */
static void iru_ports(const irhw_inst *x, irhw_ports *ps)
{
    iru_geom g = *iru_g(x);
    build_ports(&g, ps);
}

static void iru_module_name(const irhw_inst *x, char *buf, size_t len)
{
    const irhw_cfg *c = &x->c;
    snprintf(buf, len,
             "iru_hash_s%" PRId64 "_b%" PRId64 "_k%" PRId64 "_i%" PRId64 "_d%" PRId64 "_p%" PRId64
             "_l%" PRId64 "_e%" PRId64 "_%s_t%" PRId64 "_r%" PRId64 "_%s",
             c->v[IH_SETS], c->v[IH_BANKS], c->v[IH_SLOTS], c->v[IH_IDX_BITS], c->v[IH_DATA_BITS],
             c->v[IH_POS_BITS], c->v[IH_LINE_BYTES], c->v[IH_ELEM_BYTES],
             iru_filter_names[c->v[IH_FILTER]], c->v[IH_TIMEOUT], c->v[IH_REQS],
             iru_storage_names[c->v[IH_STORAGE]]);
}

/* ---- area ------------------------------------------------------------------ */

static void iru_storage(const irhw_inst *x, irhw_storage *st)
{
    const iru_geom g = *iru_g(x);
    memset(st, 0, sizeof *st);
    /* the hash arrays, the counts, the pack buffer and the request times */
    st->storage_bits = g.hash_bits + (uint64_t)g.sets * g.cnt_bits +
                       (uint64_t)g.slots * g.elem_bits + (uint64_t)g.reqs * g.ts_bits;
    if (g.storage == IH_SRAM)
        irhw_storage_sram(st, g.rows, g.macro_bits, g.banks * g.slots);
    /* flip-flop slot arrays (irhw_regfile_1rw) and the entry indices a
     * filter compares (irhw_regfile_<top>_idx) */
    st->modules[0] = "irhw_regfile_";
    st->nmodules = 1;
}

/* The paper's comparison (§5, §6.4): 256 sets x 32 x 80 b = 80 KB per
 * partition, 5.98 mm2 per partition at 32 nm (CACTI), 5.6 % of a GTX 980
 * for the 4 partitions. */
static int iru_area_notes(const irhw_inst *x, const irhw_area_fig *r, irhw_note *n, int max)
{
    const iru_geom g = *iru_g(x);
    double hb = (double)g.hash_bits, mm2 = r->total_um2 * 1e-6;
    int k = 0;
    if (k < max) {
        n[k] = (irhw_note){"hash_bits_per_partition", "", hb};
        snprintf(n[k].text, sizeof n[k].text,
                 "hash table: %u sets x %u slots x %u b = %.0f b = %.1f KB per partition "
                 "(paper: 80 KB)",
                 g.sets, g.slots, g.elem_bits, hb, hb / 8 / 1024);
        k++;
    }
    if (k < max) {
        n[k] = (irhw_note){"area_per_partition_mm2", "", mm2};
        snprintf(n[k].text, sizeof n[k].text,
                 "this partition: %.3f mm2 on %s (%s); paper: 5.98 mm2 at 32 nm (CACTI)", mm2,
                 r->library, r->node);
        k++;
    }
    double node = irhw_node_nm(r->node); /* "45 nm-class ...", "130 nm (sky130hd)" */
    if (k < max && node > 0) {
        double s = (32.0 / node) * (32.0 / node);
        n[k] = (irhw_note){"area_per_partition_scaled_32nm_mm2", "", mm2 * s};
        snprintf(n[k].text, sizeof n[k].text,
                 "scaled to 32 nm by (32/%.0f)^2: %.3f mm2 — the hash alone; the paper's 5.98 mm2 "
                 "is the whole IRU partition (FIFOs, ring, hash) from CACTI: see iru_partition",
                 node, mm2 * s);
        k++;
    }
    double pct = irhw_gpu_share_pct(4 * r->total_um2, r->node);
    if (!isnan(pct)) {
        char share[160];
        irhw_gpu_share_text(share, sizeof share, 4 * r->total_um2, r->node);
        k = irhw_note_add(n, k, max, "pct_of_gtx980_4_partitions", pct,
                          "4 partitions (hash only) = %s; paper: 5.6 %%", share);
    }
    return k;
}

static const irhw_cover_point iru_cover_points[IH_NCOV] = {
    [IH_COV_REPLY_COMPLETE] = {"reply_complete", "a complete entry answers a request"},
    [IH_COV_REPLY_TIMEOUT] = {"reply_timeout", "a timed-out request gets a filled reply"},
    [IH_COV_FLUSH_PACK] = {"flush_pack", "flush: a partial entry moves into the pack buffer"},
    [IH_COV_TIMEOUT_PACK] = {"timeout_pack",
                             "timeout: the fullest entry moves into the pack buffer"},
    [IH_COV_TIMEOUT_FILL_MULTI] = {"timeout_fill_multi",
                                   "timeout: a second entry joins the reply being filled"},
    [IH_COV_PACK_REPLY] = {"pack_reply", "a packed reply of partial entries"},
    [IH_COV_DONE_REPLY] = {"done_reply", "flush with nothing held: an empty reply"},
    [IH_COV_BANK_CONFLICT] = {"bank_conflict", "two lanes want one bank: one waits"},
    [IH_COV_ENTRY_FULL_REFUSES] = {"entry_full_refuses", "an insert meets a complete entry"},
    [IH_COV_DEDUP_DROP] = {"dedup_drop", "FILTER=dedup drops a duplicate index"},
    [IH_COV_MIN_MERGE] = {"min_merge", "FILTER=min merges a duplicate index"},
    [IH_COV_FADD_MERGE] = {"fadd_merge", "FILTER=fadd merges a duplicate index"},
    [IH_COV_REQS_FULL] = {"reqs_full", "a request refused: REQS requests wait (the FIFO is full)"},
    [IH_COV_REQS_WRAP] = {"reqs_wrap", "a reply pops the last slot of the request ring: it wraps"},
    [IH_COV_FLUSH_WITHDRAWN] = {"flush_withdrawn",
                                "a flush withdrawn with a full pack buffer: it is replied anyway"},
};

/* With a filter an entry holds distinct indices only: can some set gather
 * SLOTS of them? (Counted for index spaces up to 2^20; larger ones can.) */
static int filter_can_complete(const iru_geom *g)
{
    if (g->filter == IH_NONE || g->idx_bits > 20)
        return 1;
    unsigned *n = calloc(g->sets, sizeof *n);
    if (!n)
        return 1;
    int ok = 0;
    for (uint64_t i = 0; i < ((uint64_t)1 << g->idx_bits) && !ok; i++)
        ok = ++n[iru_set_of(g, i)] >= g->slots;
    free(n);
    return ok;
}

static const char *iru_cover_na(const irhw_inst *x, unsigned point)
{
    const iru_geom *g = iru_g(x);
    switch (point) {
    case IH_COV_REPLY_COMPLETE:
    case IH_COV_ENTRY_FULL_REFUSES:
        return filter_can_complete(g) ? NULL
                                      : "with the filter no set gathers SLOTS distinct indices "
                                        "of IDX_BITS";
    case IH_COV_TIMEOUT_FILL_MULTI:
        if (g->sets < 2)
            return "SETS=1: one entry, a fill never reaches a second";
        if (g->shift >= g->idx_bits)
            return "every index of IDX_BITS is in memory block 0, set 0: a fill never reaches "
                   "a second entry";
        /* fall through */
    case IH_COV_REPLY_TIMEOUT:
    case IH_COV_TIMEOUT_PACK:
        if (g->slots < 2)
            return "SLOTS=1: every entry is complete, replied before any timeout";
        return g->timeout ? NULL : "TIMEOUT=0: requests wait for complete entries";
    case IH_COV_FLUSH_WITHDRAWN:
        /* the stimulus fills the pack buffer from partial entries of 2+ sets */
        if (g->slots >= 2 && (g->sets < 2 || g->shift >= g->idx_bits))
            return "one reachable set: a flush packs one partial entry, never a full buffer";
        if (g->slots >= 2 && g->idx_bits < 7 && (1u << g->idx_bits) < g->slots)
            return "fewer indices of IDX_BITS than SLOTS";
        /* fall through */
    case IH_COV_FLUSH_PACK:
    case IH_COV_PACK_REPLY:
        return g->slots < 2 ? "SLOTS=1: no partial entry to pack" : NULL;
    case IH_COV_BANK_CONFLICT:
        return g->lanes > 1 ? NULL : "one bank, one insert lane";
    case IH_COV_DEDUP_DROP:
    case IH_COV_MIN_MERGE:
    case IH_COV_FADD_MERGE:
        if (g->filter != IH_DEDUP + (point - IH_COV_DEDUP_DROP))
            return "another FILTER";
        return g->slots < 2 ? "SLOTS=1: an entry holding an element takes no insert" : NULL;
    default:
        return NULL;
    }
}

static const irhw_contract iru_hash_contracts[] = {
    {"rep_slots_first", "a reply's valid slots come first (rep_slot_valid is 0..01..1)"},
    {"rep_slots_with_reply", "no slot is valid without rep_valid"},
    {"rep_slot_qualified", "an invalid slot's index, data and position are 0"},
    {"replies_match_requests", "replies never outnumber the requests taken (req & req_ready): "
                               "each answers a waiting one"},
    {"req_ready_iff_room", "req_ready exactly while fewer than REQS requests wait"},
};

IRHW_BLOCK(iru_hash) = {
    .contracts = iru_hash_contracts,
    .ncontracts = sizeof iru_hash_contracts / sizeof iru_hash_contracts[0],
    .paper_area = "5.98 mm2 per partition at 32 nm (CACTI), 80 KB; 5.6 % of a GTX 980 (IRU paper)",
    .gpu_count = 4,
    .gpu_rank = 5,
    .gpu_as = "one an IRU partition, 4 in all",
    .report = "iru",
    .workload = "iru",
    .cover_points = iru_cover_points,
    .ncover = IH_NCOV,
    .cover_na = iru_cover_na,
    .cover_sample = iru_cover,
    .trace_ports = "rst ins_valid req flush | ins_ready req_ready rep_valid rep_slot_valid "
                   "mrg_valid held",
    .name = "iru_hash",
    .title = "IRU reordering hash",
    .paper = "IRU §3.2, §3.3, §4, §5 (spec §5)",
    .params = iru_params,
    .nparams = IH_NPARAMS,
    .derive = iru_derive,
    .timing = "one insert per bank per cycle (ins_ready follows this cycle's lanes); a reply "
              "comes one cycle after the action that builds it; merge outputs and held are "
              "registered",
    .geom_size = sizeof(iru_geom),
    .geom_of = iru_geom_of,
    .ports = iru_ports,
    .module_name = iru_module_name,
    .model_new = iru_new,
    .model_free = iru_free,
    .model_eval = iru_eval,
    .model_tick = iru_tick,
    .model_stats = iru_stats_print,
    .gen = iru_hash_gen,
    .leaf_cells = iru_hash_leaf_cells,
    .gen_summary = iru_hash_gen_summary,
    .stim_new = iru_hash_stim_new,
    .stim_free = iru_hash_stim_free,
    .stim_next = iru_hash_stim_next,
    .check_new = iru_hash_check_new,
    .check_free = iru_hash_check_free,
    .check_cycle = iru_hash_check_cycle,
    .check_end = iru_hash_check_end,
    .storage = iru_storage,
    .area_notes = iru_area_notes,
    /* the IRU paper models a GTX 980 (its Table 2); NVIDIA's base clock 1126 MHz */
    .power_op_ports = "ins_ready",
    .power_op_name = "element",
    .paper_mhz = 1126,
    .run_order = -1, /* 80 KB of storage */
};
