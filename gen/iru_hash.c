/*
 * gen/iru_hash.c — Verilog generator of the IRU reordering hash. The
 * behaviour and every decision live in model/iru_hash.c; this file
 * must match it cycle by cycle. Sections of the generated module, in order:
 * lane decode (index -> block -> set -> bank, row), filter compare, the
 * arg-max tree over the entry counts, the reply engine's action, lane
 * grants, per-bank insert selection, slot macros, merge stages, entry
 * counts, pack buffer, requests, held, outputs. This file writes the
 * sections up to the per-bank insert selection and holds the entry point;
 * gen/iru_hash_store.c the rest (gen/iru_hash_int.h, what they share).
 *
 * Storage: per bank and slot one irhw_regfile_1rw (flops) or irhw_sram_1rw
 * (sram) of SETS/BANKS words; with a filter the entry indices live in a
 * generated flip-flop register file `irhw_regfile_<top>_idx` (named so the
 * area report counts it as flip-flop storage) with one row read port per
 * lane plus one for the reply path. FILTER=fadd adds one binary32 adder per
 * bank (`<top>_fp32_add`, gen/fp32.c).
 */
#include "iru_hash_int.h"

#include "fp32.h"

#include <inttypes.h>
#include <string.h>

/* Bank and row fields of a set-number signal. */
static void set_split(const gx *x, irhw_vw *w, const char *pre, const char *set, int want_row)
{
    if (x->g.bank_bits)
        vw_line(w, "wire %s%s_bank = %s[%u:0];", vw_vec(x->bbw), pre, set, x->g.bank_bits - 1);
    else
        vw_line(w, "wire %s%s_bank = 1'b0;", vw_vec(1), pre);
    if (!want_row)
        return;
    if (x->g.row_bits)
        vw_line(w, "wire %s%s_row = %s[%u:%u];", vw_vec(x->rbw), pre, set, x->g.set_bits - 1,
                x->g.bank_bits);
    else
        vw_line(w, "wire %s%s_row = 1'b0;", vw_vec(1), pre);
}

/* ---- header, declarations -------------------------------------------------- */

static void header_comment(const gx *x, irhw_vw *w)
{
    const iru_geom *g = &x->g;
    vw_line(w, "// Direct-mapped, %u-banked hash of %u sets x %u slots of (index %u b, data %u b,",
            g->banks, g->sets, g->slots, g->idx_bits, g->data_bits);
    vw_line(w, "// position %u b); set = XOR fold of block = index >> %u; bank = set mod %u.",
            g->pos_bits, g->shift, g->banks);
    vw_line(w,
            "// %u insert lanes (valid/ready), one insert per bank per cycle, rotating priority.",
            g->lanes);
    vw_line(w, "// Filter: %s. Slot arrays: %s. Replies appear one cycle after the action.",
            g->filter == IH_NONE    ? "none"
            : g->filter == IH_DEDUP ? "drop duplicates"
            : g->filter == IH_MIN   ? "unsigned min"
                                    : "binary32 add",
            x->sram ? "irhw_sram_1rw (synchronous read)" : "irhw_regfile_1rw (flip-flops)");
    vw_line(w, "// Element layout everywhere: {index, data, position}, position in the low bits.");
}

static void localparams(const gx *x, irhw_vw *w)
{
    const iru_geom *g = &x->g;
    vw_line(w, "localparam [%u:0] SLOTS = %u'd%u;", x->cb - 1, x->cb, g->slots);
    vw_line(w, "localparam [2:0] OP_NONE = 3'd0, OP_ENTRY = 3'd1, OP_PACKED = 3'd2,");
    vw_line(w, "                 OP_DONE = 3'd3, OP_PACK = 3'd4;");
    if (g->timeout)
        vw_line(w, "localparam [%u:0] TIMEOUT = %u'd%u;", x->tb - 1, x->tb, g->timeout);
    vw_line(w, "localparam [%u:0] REQS = %u'd%u;", x->qb - 1, x->qb, g->reqs);
    vw_blank(w);
}

static void state_decls(const gx *x, irhw_vw *w)
{
    vw_line(w, "// ---- state");
    vw_line(w, "reg [2:0] op_kind_q;              // output phase of last cycle's action");
    if (x->op_set)
        vw_line(w, "reg %sop_set_q;               // entry read (bank, row)", vw_vec(x->sbw));
    else if (x->B > 1)
        vw_line(w, "reg %sop_bank_q;              // bank read", vw_vec(x->bbw));
    vw_line(w, "reg %sop_lo_q;                // first slot taken (pack)", vw_vec(x->slb));
    vw_line(w, "reg %sop_k_q;                 // elements", vw_vec(x->cb));
    vw_line(w, "reg %sop_f_q;                 // pack buffer offset", vw_vec(x->slb));
    vw_line(w, "reg %spb_fill_q;              // pack buffer fill, pack read in flight included",
            vw_vec(x->cb));
    vw_line(w, "reg %srq_cnt_q;               // waiting requests", vw_vec(x->qb));
    vw_line(w, "reg %sheld_q;", vw_vec(x->hb));
    if (x->L > 1)
        vw_line(w, "reg %sprio_q;                 // lane of rank 0", vw_vec(x->bbw));
    if (x->flt)
        vw_line(w, "reg %sstage_valid_q;          // merge stage busy, per bank", vw_vec(x->B));
    vw_line(w, "wire %scnt_w [0:%u];          // entry counts, per set", vw_vec(x->cb), x->S - 1);
    vw_line(w, "wire %spb_w [0:%u];          // pack buffer elements", vw_vec(x->ew),
            x->g.slots - 1);
    for (unsigned b = 0; b < x->B; b++)
        vw_line(w, "wire %sb%u_rd [0:%u];          // bank %u: read data of each slot macro",
                vw_vec(x->mw), b, x->g.slots - 1, b);
    if (x->g.timeout)
        vw_line(w, "wire rq_expired;                // the oldest waiting request timed out");
    int use_gi = x->g.set_bits > 0 || x->g.timeout > 0;
    /* gh: loop_open splits a loop over more than 1024 iterations; the
     * longest are the entry counts (SETS) and the arg-max heap (2 SETS). */
    vw_line(w, "genvar %s%sgj, gs, gp;", 2 * x->S > 1024 ? "gh, " : "", use_gi ? "gi, " : "");
    vw_blank(w);
}

/* ---- lanes ----------------------------------------------------------------- */

/* set = XOR of the block number's set_bits-wide chunks. */
static void lane_set_expr(const gx *x, unsigned l, char *buf, size_t len)
{
    const iru_geom *g = &x->g;
    unsigned sb = g->set_bits, lo = l * x->ib;
    if (sb == 0 || g->shift >= g->idx_bits) {
        snprintf(buf, len, "%u'd0", x->sbw);
        return;
    }
    size_t o = 0;
    for (unsigned c = g->shift; c < g->idx_bits && o < len; c += sb) {
        unsigned hi = c + sb - 1 < g->idx_bits - 1 ? c + sb - 1 : g->idx_bits - 1;
        unsigned wdt = hi - c + 1;
        const char *sep = c == g->shift ? "" : " ^ ";
        if (wdt == sb)
            o += (size_t)snprintf(buf + o, len - o, "%sins_idx[%u:%u]", sep, lo + hi, lo + c);
        else
            o += (size_t)snprintf(buf + o, len - o, "%s{%u'd0, ins_idx[%u:%u]}", sep, sb - wdt,
                                  lo + hi, lo + c);
    }
}

static void lane_decode(const gx *x, irhw_vw *w)
{
    const iru_geom *g = &x->g;
    vw_line(w, "// ---- lanes: index -> block -> set (XOR fold) -> bank, row; entry count");
    for (unsigned l = 0; l < x->L; l++) {
        char set[1024];
        lane_set_expr(x, l, set, sizeof set);
        vw_line(w, "wire %sl%u_idx = %s;", vw_vec(x->ib), l,
                vw_sel("ins_idx", x->L * x->ib, l * x->ib, x->ib));
        vw_line(w, "wire %sl%u_set = %s;", vw_vec(x->sbw), l, set);
        char pre[16], sv[16];
        snprintf(pre, sizeof pre, "l%u", l);
        snprintf(sv, sizeof sv, "l%u_set", l);
        set_split(x, w, pre, sv, 1);
        vw_line(w, "wire %sl%u_cnt = cnt_w[l%u_set];", vw_vec(x->cb), l, l);
        vw_line(w, "wire %sl%u_wslot = l%u_cnt[%u:0];  // slot an insert writes", vw_vec(x->slb), l,
                l, x->slb - 1);

        /* the slot macro word of an insert: {index,} data, position */
        char word[512];
        size_t o = (size_t)snprintf(word, sizeof word, "{");
        if (!x->flt)
            o += (size_t)snprintf(word + o, sizeof word - o, "l%u_idx, ", l);
        if (x->db)
            o += (size_t)snprintf(word + o, sizeof word - o, "%s, ",
                                  vw_sel("ins_data", x->L * x->db, l * x->db, x->db));
        snprintf(word + o, sizeof word - o, "%s}",
                 vw_sel("ins_pos", x->L * x->pw, l * x->pw, x->pw));
        vw_line(w, "wire %sl%u_word = %s;  // slot macro word", vw_vec(x->mw), l, word);
        if (x->flt) {
            if (x->db)
                vw_line(w, "wire %sl%u_data = %s;", vw_vec(x->db), l,
                        vw_sel("ins_data", x->L * x->db, l * x->db, x->db));
            vw_line(w, "wire %sl%u_pos = %s;", vw_vec(x->pw), l,
                    vw_sel("ins_pos", x->L * x->pw, l * x->pw, x->pw));
        }
    }
    (void)g;
    vw_blank(w);
}

/* Filter: compare the lane's index with the valid slots of its entry. */
static void lane_compare(const gx *x, irhw_vw *w)
{
    if (!x->flt)
        return;
    unsigned row = x->g.slots * x->ib;
    vw_line(w,
            "// ---- filter compare: indices of the lane's entry (flip-flops), valid slots only");
    vw_line(w, "wire %sidx_rd_row;  // read ports: lanes 0..%u, then the output phase",
            vw_vec((x->L + 1) * row), x->L - 1);
    for (unsigned l = 0; l < x->L; l++) {
        vw_line(w, "wire %sl%u_hit;", vw_vec(x->g.slots), l);
        vw_line(w, "generate for (gj = 0; gj < %u; gj = gj + 1) begin : g_l%u_cmp", x->g.slots, l);
        w->indent++;
        vw_line(w, "localparam [%u:0] JC = gj;", x->cb - 1);
        vw_line(w,
                "assign l%u_hit[gj] = (JC < l%u_cnt) && (idx_rd_row[%u + gj*%u +: %u] == l%u_idx);",
                l, l, l * row, x->ib, x->ib, l);
        w->indent--;
        vw_line(w, "end endgenerate");
        /* one hit at most (indices in an entry are distinct): OR-encode it */
        vw_line(w, "wire %sl%u_mslot;", vw_vec(x->slb), l);
        for (unsigned k = 0; k < x->slb; k++) {
            char mask[80];
            size_t o = (size_t)snprintf(mask, sizeof mask, "%u'b", x->g.slots);
            for (int j = (int)x->g.slots - 1; j >= 0; j--)
                mask[o++] = ((unsigned)j >> k) & 1 ? '1' : '0';
            mask[o] = 0;
            vw_line(w, "assign l%u_mslot[%u] = |(l%u_hit & %s);", l, k, l, mask);
        }
        vw_line(w, "wire l%u_match = |l%u_hit;", l, l);
    }
    vw_blank(w);
}

/* ---- arg-max tree: the fullest entry, ties to the lowest set ---------------- */

static void argmax_tree(const gx *x, irhw_vw *w)
{
    const iru_geom *g = &x->g;
    vw_line(w, "// ---- arg-max over the entry counts (fullest entry, ties to the lowest set)");
    if (g->set_bits == 0) {
        vw_line(w, "wire %sbest_cnt = cnt_w[0];", vw_vec(x->cb));
        vw_line(w, "wire %sbest_set = 1'b0;", vw_vec(1));
        vw_blank(w);
        return;
    }
    /* One heap in one loop, not one loop per tree level: node n's children
     * are 2n and 2n+1, set s is leaf S+s, and a node of height h keeps the
     * low h bits of the winning set (bit h-1 says which child won), its
     * other bits zero, so synthesis sees the same muxes as a per-level tree.
     * split_var: Verilator schedules every node apart (one array both read
     * and written by the tree is otherwise a combinational loop to itself). */
    unsigned S = x->S, sb = g->set_bits;
    vw_line(w, "// a heap: node n's children are 2n and 2n+1, set s is leaf %u+s; node n of height",
            S);
    vw_line(w, "// H keeps the low H bits of its winning set in am_sel (the others are zero)");
    vw_line(w, "wire %sam_cnt [1:%u] /* verilator split_var */;", vw_vec(x->cb), 2 * S - 1);
    vw_line(w, "wire %sam_sel [1:%u] /* verilator split_var */;", vw_vec(x->sbw), 2 * S - 1);
    int d = loop_open(w, 1, "gi", "g_am", 2 * S, "N");
    vw_line(w, "if (N >= %u) begin : g_leaf  // set N - %u", S, S);
    vw_line(w, "    assign am_cnt[N] = cnt_w[N - %u];", S);
    vw_line(w, "    assign am_sel[N] = %u'd0;", x->sbw);
    vw_line(w, "end else if (N > 0) begin : g_node");
    vw_line(w, "    localparam integer H = %u - ($clog2(N + 1) - 1);  // %u - floor(log2(N))", sb,
            sb);
    vw_line(w, "    localparam [%u:0] WON_RIGHT = %u'd1 << (H - 1);", x->sbw - 1, x->sbw);
    vw_line(w, "    wire right = am_cnt[2*N+1] > am_cnt[2*N];");
    vw_line(w, "    assign am_cnt[N] = right ? am_cnt[2*N+1] : am_cnt[2*N];");
    vw_line(w, "    assign am_sel[N] = right ? (WON_RIGHT | am_sel[2*N+1]) : am_sel[2*N];");
    vw_line(w, "end");
    loop_close(w, 1, d);
    vw_line(w, "wire %sbest_cnt = am_cnt[1];", vw_vec(x->cb));
    vw_line(w, "wire %sbest_set = am_sel[1];", vw_vec(x->sbw));
    vw_blank(w);
}

/* ---- reply engine action (priority list of model/iru_hash.c) ---------------- */

static void reply_engine(const gx *x, irhw_vw *w)
{
    vw_line(w, "// ---- reply engine: one action per cycle, from the state and flush");
    set_split(x, w, "best", "best_set", x->sram);
    vw_line(w, "wire waiting = rq_cnt_q != %u'd0;", x->qb);
    if (x->flt)
        vw_line(w, "wire sel_ok = ~stage_valid_q[best_bank];  // its bank's merge stage is idle");
    else
        vw_line(w, "wire sel_ok = 1'b1;");
    vw_line(w, "wire best_full = best_cnt == SLOTS;");
    vw_line(w, "wire best_empty = best_cnt == %u'd0;", x->cb);
    vw_line(w, "wire pack_in_flight = op_kind_q == OP_PACK;");
    if (x->g.timeout)
        vw_line(w, "wire drain = flush | rq_expired;  // flush or a timeout: fill the pack buffer");
    else
        vw_line(w, "wire drain = flush;  // TIMEOUT = 0: only a flush fills the pack buffer");
    vw_line(w, "// a full pack buffer is a complete reply, drain or not, before any entry");
    vw_line(w, "wire pb_full_reply = waiting & (pb_fill_q == SLOTS) & ~pack_in_flight;");
    vw_line(w, "wire act_complete = ~pb_full_reply & waiting & best_full & sel_ok;");
    vw_line(w, "wire act_packed = pb_full_reply | (~act_complete & waiting & drain &");
    vw_line(w, "                  (pb_fill_q != %u'd0) & ~pack_in_flight & best_empty);", x->cb);
    vw_line(w, "wire act_pack = ~act_complete & ~act_packed & drain & ~best_empty & ~best_full &");
    vw_line(w, "                (pb_fill_q != SLOTS) & sel_ok;");
    vw_line(w, "wire act_done = ~act_complete & ~act_packed & ~act_pack & flush & waiting &");
    vw_line(w, "                (held_q == %u'd0);", x->hb);
    vw_line(w, "wire act_entry = act_complete;");
    vw_line(w, "wire act_reads = act_entry | act_pack;  // reads the best entry's bank");
    vw_line(w,
            "wire act_reply = act_entry | act_packed | act_done;  // answers the oldest request");
    vw_line(w, "wire %spb_room = SLOTS - pb_fill_q;", vw_vec(x->cb));
    vw_line(w, "wire %spack_k = (best_cnt < pb_room) ? best_cnt : pb_room;", vw_vec(x->cb));
    vw_line(w, "wire %spack_lo = best_cnt[%u:0] - pack_k[%u:0];  // < SLOTS: exact", vw_vec(x->slb),
            x->slb - 1, x->slb - 1);
    vw_line(w, "wire %sact_kind = act_entry ? OP_ENTRY : act_packed ? OP_PACKED :", vw_vec(3));
    vw_line(w, "                     act_done ? OP_DONE : act_pack ? OP_PACK : OP_NONE;");
    vw_line(w,
            "wire %sact_k = act_pack ? pack_k : act_packed ? pb_fill_q : act_entry ? best_cnt :"
            " %u'd0;",
            vw_vec(x->cb), x->cb);
    vw_line(w, "wire op_reply = (op_kind_q == OP_ENTRY) | (op_kind_q == OP_PACKED) |"
               " (op_kind_q == OP_DONE);");
    vw_line(w, "wire op_reads = (op_kind_q == OP_ENTRY) | (op_kind_q == OP_PACK);");
    if (x->op_set)
        set_split(x, w, "op", "op_set_q", !x->sram);
    else if (x->B > 1)
        vw_line(w, "wire %sop_bank = op_bank_q;", vw_vec(x->bbw));
    else
        vw_line(w, "wire %sop_bank = 1'b0;", vw_vec(1));
    if (!x->op_set && !x->sram)
        vw_line(w, "wire %sop_row = 1'b0;", vw_vec(1));
    vw_blank(w);
}

/* ---- lane grants --------------------------------------------------------------- */

static void lane_grants(const gx *x, irhw_vw *w)
{
    vw_line(w, "// ---- lane grants: entry not complete, bank free, highest rank per bank");
    vw_line(w, "wire %sbank_blocked;", vw_vec(x->B));
    for (unsigned b = 0; b < x->B; b++) {
        char stage[48] = "";
        if (x->flt)
            snprintf(stage, sizeof stage, "stage_valid_q[%u] | ", b);
        vw_line(w, "assign bank_blocked[%u] = %s(act_reads & (best_bank == %u'd%u)) |", b, stage,
                x->bbw, b);
        vw_line(w, "                         (op_reads & (op_bank == %u'd%u));", x->bbw, b);
    }
    for (unsigned l = 0; l < x->L; l++)
        vw_line(
            w, "wire l%u_elig = %s & ~rst & ~flush & (l%u_cnt != SLOTS) & ~bank_blocked[l%u_bank];",
            l, vw_sel("ins_valid", x->L, l, 1), l, l);
    for (unsigned l = 0; l < x->L; l++) {
        if (x->L == 1) {
            vw_line(w, "wire l0_grant = l0_elig;");
            break;
        }
        vw_line(w, "wire %sl%u_rank = %u'd%u - prio_q;", vw_vec(x->bbw), l, x->bbw, l);
    }
    for (unsigned l = 0; l < x->L && x->L > 1; l++) {
        vw_line(w, "wire l%u_grant = l%u_elig", l, l);
        unsigned last = l == x->L - 1 ? x->L - 2 : x->L - 1;
        for (unsigned j = 0; j < x->L; j++)
            if (j != l)
                vw_line(w, "    & ~(l%u_elig & (l%u_bank == l%u_bank) & (l%u_rank < l%u_rank))%s",
                        j, j, l, j, l, j == last ? ";" : "");
    }
    vw_blank(w);
}

/* One insert per bank: the granted lane's fields, AND-OR selected. */
static void bank_select(const gx *x, irhw_vw *w)
{
    vw_line(w, "// ---- per bank: the granted lane (one at most)");
    vw_line(w, "wire %sbk_ins;", vw_vec(x->B));
    if (x->flt)
        vw_line(w, "wire %sbk_match;", vw_vec(x->B));
    for (unsigned b = 0; b < x->B; b++) {
        for (unsigned l = 0; l < x->L; l++)
            vw_line(w, "wire b%u_from_l%u = l%u_grant & (l%u_bank == %u'd%u);", b, l, l, l, x->bbw,
                    b);
        struct {
            const char *field;
            unsigned width;
        } f[] = {{"row", x->rbw},   {"wslot", x->slb},           {"word", x->mw},
                 {"mslot", x->slb}, {"data", x->db ? x->db : 1}, {"pos", x->pw},
                 {"idx", x->ib}};
        unsigned nf = x->flt ? 7 : 3;
        char line[4096];
        size_t o = (size_t)snprintf(line, sizeof line, "assign bk_ins[%u] =", b);
        for (unsigned l = 0; l < x->L; l++)
            o +=
                (size_t)snprintf(line + o, sizeof line - o, "%s b%u_from_l%u", l ? " |" : "", b, l);
        vw_line(w, "%s;", line);
        if (x->flt) {
            o = (size_t)snprintf(line, sizeof line, "assign bk_match[%u] =", b);
            for (unsigned l = 0; l < x->L; l++)
                o += (size_t)snprintf(line + o, sizeof line - o, "%s (b%u_from_l%u & l%u_match)",
                                      l ? " |" : "", b, l, l);
            vw_line(w, "%s;", line);
        }
        for (unsigned i = 0; i < nf; i++) {
            if (!strcmp(f[i].field, "data") && !x->db)
                continue;
            o = (size_t)snprintf(line, sizeof line, "wire %sb%u_%s =", vw_vec(f[i].width), b,
                                 f[i].field);
            for (unsigned l = 0; l < x->L; l++)
                o += (size_t)snprintf(line + o, sizeof line - o, "%s ({%u{b%u_from_l%u}} & l%u_%s)",
                                      l ? " |" : "", f[i].width, b, l, l, f[i].field);
            vw_line(w, "%s;", line);
        }
    }
    vw_blank(w);
}

/* ---- entry point ---------------------------------------------------------------------- */

static void gx_of(const irhw_inst *inst, gx *x)
{
    memset(x, 0, sizeof *x);
    x->g = *iru_g(inst);
    const iru_geom *g = &x->g;
    snprintf(x->top, sizeof x->top, "%s", inst->module);
    snprintf(x->fadd, sizeof x->fadd, "%s_fp32_add", x->top);
    snprintf(x->idxrf, sizeof x->idxrf, "irhw_regfile_%s_idx", x->top);
    x->L = g->lanes;
    x->B = g->banks;
    x->S = g->sets;
    x->ib = g->idx_bits;
    x->db = g->data_bits;
    x->pw = g->pos_bits;
    x->ew = g->elem_bits;
    x->mw = g->macro_bits;
    x->sbw = g->set_bits ? g->set_bits : 1;
    x->bbw = g->bank_bits ? g->bank_bits : 1;
    x->rbw = g->row_bits ? g->row_bits : 1;
    x->slb = g->slot_bits;
    x->cb = g->cnt_bits;
    x->hb = g->held_bits;
    x->qb = g->rq_bits;
    x->qpb = g->rq_ptr_bits;
    x->tb = g->ts_bits;
    x->flt = g->filter != IH_NONE;
    x->arith = g->filter == IH_MIN || g->filter == IH_FADD;
    x->sram = g->storage == IH_SRAM;
    x->op_set = x->flt || (!x->sram && g->set_bits > 0);
}

unsigned iru_hash_leaf_cells(const irhw_inst *inst, const char *names[IRHW_MAX_LEAVES])
{
    names[0] = iru_g(inst)->storage == IH_SRAM ? "irhw_sram_1rw.v" : "irhw_regfile_1rw.v";
    return 1;
}

/* The port contracts: a reply's slots valid first, none without a reply,
 * zero fields in an invalid slot; replies never outnumber the requests
 * taken (a count of the handshakes, tied to the request counter and the
 * reply register); req_ready exactly with room for a request. */
static void contracts(const irhw_inst *inst, const gx *x, irhw_vw *w)
{
    unsigned S = x->g.slots;
    vw_checks_logic(w, 1);
    vw_line(w, "reg %schk_idx_mask;  // ones in the valid slots", vw_vec(S * x->ib));
    vw_line(w, "reg %schk_pos_mask;", vw_vec(S * x->pw));
    if (x->db)
        vw_line(w, "reg %schk_data_mask;", vw_vec(S * x->db));
    vw_line(w, "wire [%u:0] chk_slot_v = rep_slot_valid;  // indexable at SLOTS=1 too", S - 1);
    vw_line(w, "always @* begin : chk_slots");
    vw_line(w, "    integer k;");
    vw_line(w, "    for (k = 0; k < %u; k = k + 1) begin", S);
    vw_line(w, "        chk_idx_mask[k*%u +: %u] = {%u{chk_slot_v[k]}};", x->ib, x->ib, x->ib);
    vw_line(w, "        chk_pos_mask[k*%u +: %u] = {%u{chk_slot_v[k]}};", x->pw, x->pw, x->pw);
    if (x->db)
        vw_line(w, "        chk_data_mask[k*%u +: %u] = {%u{chk_slot_v[k]}};", x->db, x->db, x->db);
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_line(w, "reg [%u:0] chk_reqs;  // requests taken, not yet answered", x->qb);
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) chk_reqs <= %u'd0;", x->qb + 1);
    vw_line(w, "    else chk_reqs <= chk_reqs + {%u'd0, req & req_ready} - {%u'd0, rep_valid};",
            x->qb, x->qb);
    vw_line(w, "end");
    vw_checks_logic(w, 0);
    vw_contract(w, inst, "rep_slots_first", "(rep_slot_valid & (rep_slot_valid + 1'b1)) == %u'd0",
                S);
    vw_contract(w, inst, "rep_slots_with_reply", "rep_valid | (rep_slot_valid == %u'd0)", S);
    vw_contract(w, inst, "rep_slot_qualified",
                "((rep_idx & ~chk_idx_mask) == 0) & ((rep_pos & ~chk_pos_mask) == 0)%s",
                x->db ? " & ((rep_data & ~chk_data_mask) == 0)" : "");
    vw_contract(
        w, inst, "replies_match_requests",
        "(chk_reqs == {1'b0, rq_cnt_q} + {%u'd0, op_reply}) & (!rep_valid | (chk_reqs != 0))",
        x->qb);
    vw_contract(w, inst, "req_ready_iff_room", "req_ready == (rq_cnt_q != REQS)");
}

int iru_hash_gen(const irhw_inst *inst, irhw_vw *w, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    gx x;
    gx_of(inst, &x);
    header_comment(&x, w);
    vw_module_ports(w, x.top, &inst->ps);
    w->indent++;
    localparams(&x, w);
    state_decls(&x, w);
    lane_decode(&x, w);
    lane_compare(&x, w);
    argmax_tree(&x, w);
    reply_engine(&x, w);
    lane_grants(&x, w);
    bank_select(&x, w);
    merge_stage_regs(&x, w);
    slot_macros(&x, w);
    idx_regfile_instance(&x, w);
    entry_counts(&x, w);
    pack_buffer(&x, w);
    requests(&x, w);
    control_regs(&x, w);
    outputs(&x, w);
    contracts(inst, &x, w);
    w->indent--;
    vw_line(w, "endmodule");
    if (x.flt || x.g.filter == IH_FADD) {
        vw_blank(w);
        vw_line(w, "// Helper modules of %s: one generated file holds them all.", x.top);
        vw_line(w, "/* verilator lint_off DECLFILENAME */");
        if (x.flt)
            idx_regfile_module(&x, w);
        if (x.g.filter == IH_FADD) {
            fp32_add_vlog(w, x.fadd);
            vw_blank(w);
        }
        vw_line(w, "/* verilator lint_on DECLFILENAME */");
    }
    return 0;
}

void iru_hash_gen_summary(const irhw_inst *inst, FILE *f)
{
    gx x;
    gx_of(inst, &x);
    const iru_geom *g = &x.g;
    fprintf(f, "%u insert lanes, %u banks of %u rows; set = XOR fold of index >> %u\n", g->lanes,
            g->banks, g->rows, g->shift);
    fprintf(f, "slot macros: %u x (%u words x %u b) %s%s\n", g->banks * g->slots, g->rows,
            g->macro_bits, x.sram ? "irhw_sram_1rw" : "irhw_regfile_1rw",
            x.flt ? ", entry indices in flip-flops (filter compare)" : "");
    fprintf(f, "hash table %" PRIu64 " b (%.1f KB); reply latency: 1 cycle after the action\n",
            (uint64_t)g->sets * g->slots * g->elem_bits,
            (double)g->sets * g->slots * g->elem_bits / 8 / 1024);
}
