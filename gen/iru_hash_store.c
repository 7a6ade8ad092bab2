/*
 * gen/iru_hash_store.c — the back half of the IRU reordering hash's
 * Verilog generator (gen/iru_hash.c holds the front half and the entry
 * point; model/iru_hash.c the behaviour and every decision). Sections of
 * the generated module, in order: merge stages, slot macros (one
 * irhw_regfile_1rw or irhw_sram_1rw per bank and slot), the entry-index
 * register file `irhw_regfile_<top>_idx` and its instance, entry counts,
 * output phase elements and the pack buffer, requests, the action
 * register, held and priority, outputs.
 */
#include "iru_hash_int.h"

#include <string.h>

/* ---- slot macros ------------------------------------------------------------ */

/* "for" over n iterations with the index in `localparam integer <ix>`.
 * Verilator unrolls at most 1024 iterations per loop, so a longer loop
 * becomes two nested ones (genvars gh, and `var`). Returns the number of
 * "end"s loop_close must write. */
int loop_open(irhw_vw *w, int generate, const char *var, const char *label, unsigned n,
              const char *ix)
{
    const char *gen = generate ? "generate " : "";
    if (n <= 1024) {
        vw_line(w, "%sfor (%s = 0; %s < %u; %s = %s + 1) begin : %s", gen, var, var, n, var, var,
                label);
        w->indent++;
        vw_line(w, "localparam integer %s = %s;", ix, var);
        return 1;
    }
    vw_line(w, "%sfor (gh = 0; gh < %u; gh = gh + 1) begin : %s_hi", gen, n / 1024, label);
    w->indent++;
    vw_line(w, "for (%s = 0; %s < 1024; %s = %s + 1) begin : %s", var, var, var, var, label);
    w->indent++;
    vw_line(w, "localparam integer %s = gh * 1024 + %s;", ix, var);
    return 2;
}

void loop_close(irhw_vw *w, int generate, int depth)
{
    for (int i = 0; i < depth; i++) {
        w->indent--;
        vw_line(w, "%s", i + 1 == depth && generate ? "end endgenerate" : "end");
    }
}

void merge_stage_regs(const gx *x, irhw_vw *w)
{
    if (!x->flt)
        return;
    vw_line(w, "// ---- merge stages: the element merged out, and the slot it merges into");
    for (unsigned b = 0; b < x->B; b++) {
        vw_line(w, "reg %sst%u_row_q;", vw_vec(x->rbw), b);
        vw_line(w, "reg %sst%u_slot_q;", vw_vec(x->slb), b);
        vw_line(w, "reg %sst%u_idx_q;", vw_vec(x->ib), b);
        if (x->db)
            vw_line(w, "reg %sst%u_data_q;", vw_vec(x->db), b);
        vw_line(w, "reg %sst%u_pos_q;", vw_vec(x->pw), b);
        vw_line(w, "always @(posedge clk) begin  // data: qualified by stage_valid_q");
        vw_line(w, "    if (bk_ins[%u] & bk_match[%u]) begin", b, b);
        vw_line(w, "        st%u_row_q <= b%u_row;", b, b);
        vw_line(w, "        st%u_slot_q <= b%u_mslot;", b, b);
        vw_line(w, "        st%u_idx_q <= b%u_idx;", b, b);
        if (x->db)
            vw_line(w, "        st%u_data_q <= b%u_data;", b, b);
        vw_line(w, "        st%u_pos_q <= b%u_pos;", b, b);
        vw_line(w, "    end");
        vw_line(w, "end");
    }
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) stage_valid_q <= %u'd0;", x->B);
    vw_line(w, "    else stage_valid_q <= bk_ins & bk_match;");
    vw_line(w, "end");
    for (unsigned b = 0; b < x->B; b++) {
        vw_line(w, "wire %sst%u_kept = b%u_rd[st%u_slot_q];  // kept slot: {data, position}",
                vw_vec(x->mw), b, b, b);
        if (x->g.filter == IH_FADD) {
            vw_line(w, "wire %sst%u_new;", vw_vec(x->db), b);
            vw_line(w, "%s u_fadd_b%u (.a(st%u_kept[%u:%u]), .b(st%u_data_q), .sum(st%u_new));",
                    x->fadd, b, b, x->pw + 31, x->pw, b, b);
        } else if (x->g.filter == IH_MIN) {
            vw_line(w,
                    "wire %sst%u_new = (st%u_data_q < st%u_kept[%u:%u]) ? st%u_data_q : "
                    "st%u_kept[%u:%u];",
                    vw_vec(x->db), b, b, b, x->pw + x->db - 1, x->pw, b, b, x->pw + x->db - 1,
                    x->pw);
        }
    }
    vw_blank(w);
}

void slot_macros(const gx *x, irhw_vw *w)
{
    const iru_geom *g = &x->g;
    vw_line(w, "// ---- slot macros: per bank, one %u-word x %u-bit %s per slot", g->rows, x->mw,
            x->sram ? "SRAM (synchronous read)" : "flip-flop array (combinational read)");
    for (unsigned b = 0; b < x->B; b++) {
        /* address: insert, else merge stage, else the reply engine */
        if (x->flt)
            vw_line(w,
                    "wire %sb%u_addr = bk_ins[%u] ? b%u_row : stage_valid_q[%u] ? st%u_row_q : %s;",
                    vw_vec(x->rbw), b, b, b, b, b, x->sram ? "best_row" : "op_row");
        else
            vw_line(w, "wire %sb%u_addr = bk_ins[%u] ? b%u_row : %s;", vw_vec(x->rbw), b, b, b,
                    x->sram ? "best_row" : "op_row");
        if (x->arith) {
            vw_line(
                w, "wire %sb%u_wdata = stage_valid_q[%u] ? {st%u_new, st%u_kept[%u:0]} : b%u_word;",
                vw_vec(x->mw), b, b, b, b, x->pw - 1, b);
        } else {
            vw_line(w, "wire %sb%u_wdata = b%u_word;", vw_vec(x->mw), b, b);
        }
        if (x->sram)
            vw_line(w, "wire b%u_act_rd = act_reads & (best_bank == %u'd%u);", b, x->bbw, b);
        /* one macro per slot, in a named generate loop: instance
         * g_b<b>_slot[j].u_mem (the area flow gives SRAM macros plain names
         * before Yosys cuts them out for timing) */
        vw_line(w, "generate for (gs = 0; gs < %u; gs = gs + 1) begin : g_b%u_slot", g->slots, b);
        w->indent++;
        vw_line(w, "localparam [%u:0] J = gs;", x->slb - 1);
        if (x->flt)
            vw_line(w, "wire ins_we = bk_ins[%u] & ~bk_match[%u] & (b%u_wslot == J);", b, b, b);
        else
            vw_line(w, "wire ins_we = bk_ins[%u] & (b%u_wslot == J);", b, b);
        if (x->arith)
            vw_line(w, "wire we = ins_we | (stage_valid_q[%u] & (st%u_slot_q == J));", b, b);
        else
            vw_line(w, "wire we = ins_we;");
        if (x->sram) {
            if (x->flt)
                vw_line(
                    w,
                    "wire en = we | (bk_ins[%u] & bk_match[%u] & (b%u_mslot == J)) | b%u_act_rd;",
                    b, b, b, b);
            else
                vw_line(w, "wire en = we | b%u_act_rd;", b);
            vw_line(w, "irhw_sram_1rw #(.WIDTH(%u), .DEPTH(%u), .ABITS(%u)) u_mem (", x->mw,
                    g->rows, x->rbw);
            vw_line(w, "    .clk(clk), .en(en), .we(we), .addr(b%u_addr), .wdata(b%u_wdata),", b,
                    b);
            vw_line(w, "    .rdata(b%u_rd[gs]));", b);
        } else {
            vw_line(w, "irhw_regfile_1rw #(.WIDTH(%u), .DEPTH(%u), .ABITS(%u)) u_mem (", x->mw,
                    g->rows, x->rbw);
            vw_line(w, "    .clk(clk), .we(we), .addr(b%u_addr), .wdata(b%u_wdata),", b, b);
            vw_line(w, "    .rdata(b%u_rd[gs]));", b);
        }
        w->indent--;
        vw_line(w, "end endgenerate");
    }
    vw_blank(w);
}

/* The entry indices (filter modes): SLOTS columns of SETS flip-flop words,
 * one write port per bank, one row read port per lane plus the output
 * phase. Named irhw_regfile_* so the area report counts it as storage. */
void idx_regfile_module(const gx *x, irhw_vw *w)
{
    const iru_geom *g = &x->g;
    unsigned nr = x->L + 1, row = g->slots * x->ib;
    vw_line(w, "// %s — entry indices: %u sets x %u slots x %u b flip-flops, %u row read ports.",
            x->idxrf, g->sets, g->slots, x->ib, nr);
    vw_line(w, "module %s (", x->idxrf);
    vw_line(w, "    input  wire clk,");
    vw_line(w, "    input  wire %swr_en,     // per bank", vw_vec(x->B));
    if (g->row_bits)
        vw_line(w, "    input  wire %swr_row,    // set = row * %u + bank", vw_vec(x->B * x->rbw),
                x->B);
    vw_line(w, "    input  wire %swr_slot,", vw_vec(x->B * x->slb));
    vw_line(w, "    input  wire %swr_idx,", vw_vec(x->B * x->ib));
    vw_line(w, "    input  wire %srd_set,    // per read port", vw_vec(nr * x->sbw));
    vw_line(w, "    output wire %srd_row", vw_vec(nr * row));
    vw_line(w, ");");
    w->indent++;
    vw_line(w, "genvar gp;");
    vw_line(w, "reg %smem [0:%u];  // one row per set: slot j at bits [j*%u +: %u]", vw_vec(row),
            g->sets - 1, x->ib, x->ib);
    for (unsigned b = 0; b < x->B; b++) {
        /* set = row * BANKS + bank */
        if (g->set_bits == 0)
            vw_line(w, "wire %swr_set%u = 1'b0;", vw_vec(1), b);
        else if (g->bank_bits == 0)
            vw_line(w, "wire %swr_set%u = wr_row[%u:%u];", vw_vec(x->sbw), b, (b + 1) * x->rbw - 1,
                    b * x->rbw);
        else if (g->row_bits == 0)
            vw_line(w, "wire %swr_set%u = %u'd%u;", vw_vec(x->sbw), b, x->sbw, b);
        else
            vw_line(w, "wire %swr_set%u = {wr_row[%u:%u], %u'd%u};", vw_vec(x->sbw), b,
                    (b + 1) * x->rbw - 1, b * x->rbw, g->bank_bits, b);
    }
    vw_line(w, "always @(posedge clk) begin  // banks write different sets");
    for (unsigned b = 0; b < x->B; b++)
        vw_line(w, "    if (wr_en[%u]) mem[wr_set%u][wr_slot[%u:%u]*%u +: %u] <= wr_idx[%u:%u];", b,
                b, (b + 1) * x->slb - 1, b * x->slb, x->ib, x->ib, (b + 1) * x->ib - 1, b * x->ib);
    vw_line(w, "end");
    vw_line(w, "generate for (gp = 0; gp < %u; gp = gp + 1) begin : g_rd", nr);
    vw_line(w, "    assign rd_row[gp*%u +: %u] = mem[rd_set[gp*%u +: %u]];", row, row, x->sbw,
            x->sbw);
    vw_line(w, "end endgenerate");
    w->indent--;
    vw_line(w, "endmodule");
    vw_blank(w);
}

void idx_regfile_instance(const gx *x, irhw_vw *w)
{
    if (!x->flt)
        return;
    char wr_row[1024] = "", wr_slot[1024] = "", wr_idx[1024] = "", rd_set[1024] = "";
    size_t a = 0, b2 = 0, c = 0, d = 0;
    for (int b = (int)x->B - 1; b >= 0; b--) {
        const char *sep = b == (int)x->B - 1 ? "" : ", ";
        a += (size_t)snprintf(wr_row + a, sizeof wr_row - a, "%sb%d_row", sep, b);
        b2 += (size_t)snprintf(wr_slot + b2, sizeof wr_slot - b2, "%sb%d_wslot", sep, b);
        c += (size_t)snprintf(wr_idx + c, sizeof wr_idx - c, "%sb%d_idx", sep, b);
    }
    d += (size_t)snprintf(rd_set + d, sizeof rd_set - d, "op_set_q");
    for (int l = (int)x->L - 1; l >= 0; l--)
        d += (size_t)snprintf(rd_set + d, sizeof rd_set - d, ", l%d_set", l);
    vw_line(w, "// ---- entry indices (flip-flops): written by inserts, read by lanes and replies");
    vw_line(w, "%s u_idx (", x->idxrf);
    vw_line(w, "    .clk(clk), .wr_en(bk_ins & ~bk_match),");
    if (x->g.row_bits)
        vw_line(w, "    .wr_row({%s}),", wr_row);
    vw_line(w, "    .wr_slot({%s}),", wr_slot);
    vw_line(w, "    .wr_idx({%s}),", wr_idx);
    vw_line(w, "    .rd_set({%s}), .rd_row(idx_rd_row));", rd_set);
    vw_blank(w);
}

/* ---- entry counts ---------------------------------------------------------------- */

void entry_counts(const gx *x, irhw_vw *w)
{
    vw_line(w,
            "// ---- entry counts: freed by a reply, lowered by a pack step, raised by an insert");
    vw_line(w, "wire %sbk_row [0:%u];", vw_vec(x->rbw), x->B - 1);
    for (unsigned b = 0; b < x->B; b++)
        vw_line(w, "assign bk_row[%u] = b%u_row;", b, b);
    int d = loop_open(w, 1, "gs", "g_set", x->S, "SI");
    vw_line(w, "localparam [%u:0] SET = SI[%u:0];", x->sbw - 1, x->sbw - 1);
    vw_line(w, "localparam BANK = SI %% %u;", x->B);
    vw_line(w, "localparam integer ROW_I = SI / %u;", x->B);
    vw_line(w, "localparam [%u:0] ROW = ROW_I[%u:0];", x->rbw - 1, x->rbw - 1);
    vw_line(w, "wire take = act_reads & (best_set == SET);");
    vw_line(w, "wire grow = bk_ins[BANK] & %s(bk_row[BANK] == ROW);",
            x->flt ? "~bk_match[BANK] & " : "");
    vw_line(w, "reg %scnt_r;", vw_vec(x->cb));
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) cnt_r <= %u'd0;", x->cb);
    vw_line(w, "    else if (take) cnt_r <= act_entry ? %u'd0 : cnt_r - pack_k;", x->cb);
    vw_line(w, "    else if (grow) cnt_r <= cnt_r + %u'd1;", x->cb);
    vw_line(w, "end");
    vw_line(w, "assign cnt_w[SI] = cnt_r;");
    loop_close(w, 1, d);
    vw_blank(w);
}

/* ---- output phase elements and the pack buffer ------------------------------------ */

void pack_buffer(const gx *x, irhw_vw *w)
{
    const iru_geom *g = &x->g;
    unsigned row = g->slots * x->ib;
    vw_line(w,
            "// ---- output phase: the entry's elements (read data of the bank read last cycle)");
    vw_line(w, "wire %sop_elem [0:%u];", vw_vec(x->ew), g->slots - 1);
    vw_line(w, "generate for (gj = 0; gj < %u; gj = gj + 1) begin : g_op", g->slots);
    w->indent++;
    char mux[4096];
    size_t o = 0;
    for (unsigned b = 0; b + 1 < x->B; b++)
        o += (size_t)snprintf(mux + o, sizeof mux - o,
                              "(op_bank == %u'd%u) ? b%u_rd[gj] : ", x->bbw, b, b);
    snprintf(mux + o, sizeof mux - o, "b%u_rd[gj]", x->B - 1);
    vw_line(w, "wire %sword = %s;", vw_vec(x->mw), mux);
    if (x->flt)
        vw_line(w, "assign op_elem[gj] = {idx_rd_row[%u + gj*%u +: %u], word};", x->L * row, x->ib,
                x->ib);
    else
        vw_line(w, "assign op_elem[gj] = word;");
    w->indent--;
    vw_line(w, "end endgenerate");
    vw_blank(w);

    vw_line(w, "// ---- pack buffer: a pack step's k elements land at offset f, from slot lo on:");
    vw_line(w, "//      pb[p] <= elem[p + lo - f] for f <= p < f + k, a rotation by lo - f");
    unsigned n = 1u << x->slb; /* rotate over a power of two; padding is never selected */
    unsigned ew = x->ew, k = x->slb - 1;
    vw_line(w, "wire %srot_by = op_lo_q - op_f_q;  // exact for every selected slot",
            vw_vec(x->slb));
    for (unsigned r = 0; r < x->slb; r++)
        vw_line(w, "wire %srot%u;", vw_vec(n * ew), r);
    vw_line(w, "wire %srot%u;  // the %u elements the buffer takes", vw_vec(g->slots * ew), x->slb,
            g->slots);
    vw_line(w, "generate for (gp = 0; gp < %u; gp = gp + 1) begin : g_rot0", n);
    vw_line(w, "    if (gp < %u) begin : g_elem", g->slots);
    vw_line(w, "        assign rot0[gp*%u +: %u] = op_elem[gp];", ew, ew);
    vw_line(w, "    end else begin : g_pad");
    vw_line(w, "        assign rot0[gp*%u +: %u] = %u'd0;", ew, ew, ew);
    vw_line(w, "    end");
    vw_line(w, "end endgenerate");
    for (unsigned r = 0; r + 1 < x->slb; r++) {
        unsigned sh = (1u << r) * ew;
        vw_line(w, "assign rot%u = rot_by[%u] ? {rot%u[%u:0], rot%u[%u:%u]} : rot%u;", r + 1, r, r,
                sh - 1, r, n * ew - 1, sh, r);
    }
    /* the last stage keeps only the SLOTS elements the buffer takes */
    vw_line(w, "generate for (gp = 0; gp < %u; gp = gp + 1) begin : g_rot_last", g->slots);
    vw_line(w, "    localparam FROM = (gp + %u) %% %u;", 1u << k, n);
    vw_line(
        w,
        "    assign rot%u[gp*%u +: %u] = rot_by[%u] ? rot%u[FROM*%u +: %u] : rot%u[gp*%u +: %u];",
        x->slb, ew, ew, k, k, ew, ew, k, ew, ew);
    vw_line(w, "end endgenerate");
    if (x->cb > x->slb)
        vw_line(w, "wire %sop_f_ext = {%u'd0, op_f_q};", vw_vec(x->cb), x->cb - x->slb);
    else
        vw_line(w, "wire %sop_f_ext = op_f_q;", vw_vec(x->cb));
    vw_line(w, "wire %spb_end = {1'b0, op_f_ext} + {1'b0, op_k_q};", vw_vec(x->cb + 1));
    vw_line(w, "generate for (gp = 0; gp < %u; gp = gp + 1) begin : g_pb", g->slots);
    w->indent++;
    vw_line(w, "localparam [%u:0] P = gp;", x->cb);
    vw_line(w, "wire take = (op_kind_q == OP_PACK) & ({1'b0, op_f_ext} <= P) & (P < pb_end);");
    vw_line(w, "reg %spb_r;", vw_vec(x->ew));
    vw_line(w, "always @(posedge clk) begin  // data: qualified by pb_fill_q");
    vw_line(w, "    if (take) pb_r <= rot%u[gp*%u +: %u];", x->slb, x->ew, x->ew);
    vw_line(w, "end");
    vw_line(w, "assign pb_w[gp] = pb_r;");
    w->indent--;
    vw_line(w, "end endgenerate");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) pb_fill_q <= %u'd0;", x->cb);
    vw_line(w, "    else if (act_packed) pb_fill_q <= %u'd0;", x->cb);
    vw_line(w, "    else if (act_pack) pb_fill_q <= pb_fill_q + pack_k;");
    vw_line(w, "end");
    vw_blank(w);
}

/* ---- requests ------------------------------------------------------------------------ */

static void wrap_inc(const gx *x, irhw_vw *w, const char *name)
{
    vw_line(w, "wire %s%s_inc = (%s_q == %u'd%u) ? %u'd0 : %s_q + %u'd1;", vw_vec(x->qpb), name,
            name, x->qpb, x->g.reqs - 1, x->qpb, name, x->qpb);
}

void requests(const gx *x, irhw_vw *w)
{
    const iru_geom *g = &x->g;
    vw_line(w, "// ---- requests: a FIFO of arrival times; expiry checked in arrival order");
    vw_line(w, "wire req_ok = ~rst & (rq_cnt_q != REQS);");
    vw_line(w, "wire rq_push = req & req_ok;");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) rq_cnt_q <= %u'd0;", x->qb);
    if (x->qb > 1)
        vw_line(w, "    else rq_cnt_q <= rq_cnt_q + {%u'd0, rq_push} - {%u'd0, act_reply};",
                x->qb - 1, x->qb - 1);
    else
        vw_line(w, "    else rq_cnt_q <= rq_cnt_q + rq_push - act_reply;");
    vw_line(w, "end");
    vw_assert(w, "requests_bound", "never more waiting requests than REQS", "rq_cnt_q <= REQS");
    vw_assert(w, "reply_only_waiting", "an answer only to a waiting request",
              "!act_reply | waiting");
    vw_assert(w, "one_action", "at most one action a cycle",
              "({act_complete, act_packed, act_pack, act_done} & "
              "({act_complete, act_packed, act_pack, act_done} - 4'd1)) == 4'd0");
    vw_assert(w, "done_only_empty", "DONE only with no work ID held",
              "!act_done | (held_q == %u'd0)", x->hb);
    vw_assert(w, "full_pack_replied", "a full pack buffer goes to the next waiting request",
              "!(waiting & (pb_fill_q == SLOTS) & ~pack_in_flight) | act_packed");
    if (!g->timeout) {
        vw_blank(w);
        return;
    }
    vw_line(w, "reg %srq_tail_q;  // next free slot", vw_vec(x->qpb));
    vw_line(w, "reg %srq_chk_q;   // oldest request not yet expired", vw_vec(x->qpb));
    vw_line(w, "reg %srq_nexp_q;  // expired requests (all older than rq_chk_q)", vw_vec(x->qb));
    vw_line(w, "reg %snow_q;      // time, wrapping: ages up to TIMEOUT are exact", vw_vec(x->tb));
    vw_line(w, "wire %sts_w [0:%u];", vw_vec(x->tb), g->reqs - 1);
    vw_line(w, "generate for (gi = 0; gi < %u; gi = gi + 1) begin : g_rq", g->reqs);
    w->indent++;
    vw_line(w, "localparam [%u:0] I = gi;", x->qpb - 1);
    vw_line(w, "reg %sts_r;", vw_vec(x->tb));
    vw_line(w, "always @(posedge clk) begin  // data: qualified by rq_cnt_q");
    vw_line(w, "    if (rq_push & (rq_tail_q == I)) ts_r <= now_q;");
    vw_line(w, "end");
    vw_line(w, "assign ts_w[gi] = ts_r;");
    w->indent--;
    vw_line(w, "end endgenerate");
    vw_line(w, "wire %srq_age = now_q - ts_w[rq_chk_q];", vw_vec(x->tb));
    vw_line(w, "wire rq_expire = (rq_nexp_q < rq_cnt_q) & (rq_age >= TIMEOUT);");
    vw_line(w, "assign rq_expired = rq_nexp_q != %u'd0;", x->qb);
    wrap_inc(x, w, "rq_tail");
    wrap_inc(x, w, "rq_chk");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) begin");
    vw_line(w, "        rq_tail_q <= %u'd0;", x->qpb);
    vw_line(w, "        rq_chk_q <= %u'd0;", x->qpb);
    vw_line(w, "        rq_nexp_q <= %u'd0;", x->qb);
    vw_line(w, "        now_q <= %u'd0;", x->tb);
    vw_line(w, "    end else begin");
    vw_line(w, "        if (rq_push) rq_tail_q <= rq_tail_inc;");
    vw_line(w, "        // the check pointer is head + expired: it moves on an expiry, or when");
    vw_line(w, "        // the head is answered while nothing had expired");
    vw_line(w, "        if (rq_expire | (act_reply & ~rq_expired)) rq_chk_q <= rq_chk_inc;");
    if (x->qb > 1) {
        vw_line(w, "        rq_nexp_q <= rq_nexp_q + {%u'd0, rq_expire} -", x->qb - 1);
        vw_line(w, "                     {%u'd0, act_reply & (rq_expired | rq_expire)};",
                x->qb - 1);
    } else {
        vw_line(
            w,
            "        rq_nexp_q <= rq_nexp_q + rq_expire - (act_reply & (rq_expired | rq_expire));");
    }
    vw_line(w, "        now_q <= now_q + %u'd1;", x->tb);
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_blank(w);
}

/* ---- action register, held, priority ---------------------------------------------------- */

static void popcount(const gx *x, char *buf, size_t len, const char *fmt, unsigned n)
{
    size_t o = 0;
    for (unsigned i = 0; i < n && o < len; i++) {
        char bit[64];
        snprintf(bit, sizeof bit, fmt, i);
        o += (size_t)snprintf(buf + o, len - o, "%s{%u'd0, %s}", i ? " + " : "", x->hb - 1, bit);
    }
}

void control_regs(const gx *x, irhw_vw *w)
{
    vw_line(w, "// ---- the action becomes the output phase; held; lane priority");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) begin");
    vw_line(w, "        op_kind_q <= OP_NONE;");
    if (x->op_set)
        vw_line(w, "        op_set_q <= %u'd0;", x->sbw);
    else if (x->B > 1)
        vw_line(w, "        op_bank_q <= %u'd0;", x->bbw);
    vw_line(w, "        op_lo_q <= %u'd0;", x->slb);
    vw_line(w, "        op_k_q <= %u'd0;", x->cb);
    vw_line(w, "        op_f_q <= %u'd0;", x->slb);
    vw_line(w, "    end else begin");
    vw_line(w, "        op_kind_q <= act_kind;");
    if (x->op_set)
        vw_line(w, "        op_set_q <= best_set;");
    else if (x->B > 1)
        vw_line(w, "        op_bank_q <= best_bank;");
    vw_line(w, "        op_lo_q <= pack_lo;");
    vw_line(w, "        op_k_q <= act_k;");
    vw_line(w, "        op_f_q <= pb_fill_q[%u:0];", x->slb - 1);
    vw_line(w, "    end");
    vw_line(w, "end");
    char acc[4096], mrg[4096];
    popcount(x, acc, sizeof acc, "l%u_grant", x->L);
    vw_line(w, "wire %sheld_in = %s;", vw_vec(x->hb), acc);
    if (x->flt) {
        popcount(x, mrg, sizeof mrg, "stage_valid_q[%u]", x->B);
        vw_line(w, "wire %sheld_merged = %s;", vw_vec(x->hb), mrg);
    }
    if (x->hb > x->cb)
        vw_line(w, "wire %sheld_out = op_reply ? {%u'd0, op_k_q} : %u'd0;", vw_vec(x->hb),
                x->hb - x->cb, x->hb);
    else
        vw_line(w, "wire %sheld_out = op_reply ? op_k_q : %u'd0;", vw_vec(x->hb), x->hb);
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) held_q <= %u'd0;", x->hb);
    vw_line(w, "    else held_q <= held_q + held_in - held_out%s;", x->flt ? " - held_merged" : "");
    vw_line(w, "end");
    if (x->L > 1) {
        vw_line(w, "always @(posedge clk) begin");
        vw_line(w, "    if (rst) prio_q <= %u'd0;", x->bbw);
        vw_line(w, "    else prio_q <= prio_q + %u'd1;", x->bbw);
        vw_line(w, "end");
    }
    vw_blank(w);
}

/* ---- outputs ---------------------------------------------------------------------------- */

/* "name[gj*W +: W]", or the bare name for a one-bit port. */
static const char *slot_sel(const char *name, unsigned total, unsigned width)
{
    static char buf[4][96];
    static unsigned k;
    char *b = buf[k++ % 4];
    if (total == 1)
        snprintf(b, 96, "%s", name);
    else if (width == 1)
        snprintf(b, 96, "%s[gj]", name);
    else
        snprintf(b, 96, "%s[gj*%u +: %u]", name, width, width);
    return b;
}

void outputs(const gx *x, irhw_vw *w)
{
    const iru_geom *g = &x->g;
    unsigned S = g->slots;
    vw_line(w, "// ---- outputs");
    char rd[1024];
    size_t o = (size_t)snprintf(rd, sizeof rd, "{");
    for (int l = (int)x->L - 1; l >= 0; l--)
        o += (size_t)snprintf(rd + o, sizeof rd - o, "l%d_grant%s", l, l ? ", " : "}");
    vw_line(w, "assign ins_ready = %s;", rd);
    vw_line(w, "assign req_ready = req_ok;");
    vw_line(w, "assign rep_valid = op_reply;");
    vw_line(w, "generate for (gj = 0; gj < %u; gj = gj + 1) begin : g_rep", S);
    w->indent++;
    vw_line(w, "localparam [%u:0] JC = gj;", x->cb - 1);
    vw_line(w, "wire v = op_reply & (JC < op_k_q);");
    vw_line(w, "wire %se = (op_kind_q == OP_ENTRY) ? op_elem[gj] : pb_w[gj];", vw_vec(x->ew));
    vw_line(w, "assign %s = v;", slot_sel("rep_slot_valid", S, 1));
    vw_line(w, "assign %s = v ? e[%u:%u] : %u'd0;", slot_sel("rep_idx", S * x->ib, x->ib),
            x->ew - 1, x->ew - x->ib, x->ib);
    if (x->db)
        vw_line(w, "assign %s = v ? e[%u:%u] : %u'd0;", slot_sel("rep_data", S * x->db, x->db),
                x->pw + x->db - 1, x->pw, x->db);
    vw_line(w, "assign %s = v ? e[%u:0] : %u'd0;", slot_sel("rep_pos", S * x->pw, x->pw), x->pw - 1,
            x->pw);
    w->indent--;
    vw_line(w, "end endgenerate");
    for (unsigned b = 0; x->flt && b < x->B; b++) {
        vw_line(w, "assign %s = stage_valid_q[%u];", vw_sel("mrg_valid", x->B, b, 1), b);
        vw_line(w, "assign %s = stage_valid_q[%u] ? st%u_idx_q : %u'd0;",
                vw_sel("mrg_idx", x->B * x->ib, b * x->ib, x->ib), b, b, x->ib);
        vw_line(w, "assign %s = stage_valid_q[%u] ? st%u_pos_q : %u'd0;",
                vw_sel("mrg_pos", x->B * x->pw, b * x->pw, x->pw), b, b, x->pw);
        vw_line(w, "assign %s = stage_valid_q[%u] ? st%u_kept[%u:0] : %u'd0;",
                vw_sel("mrg_keep_pos", x->B * x->pw, b * x->pw, x->pw), b, b, x->pw - 1, x->pw);
        if (!x->db)
            continue;
        vw_line(w, "assign %s = stage_valid_q[%u] ? st%u_data_q : %u'd0;",
                vw_sel("mrg_data", x->B * x->db, b * x->db, x->db), b, b, x->db);
        vw_line(w, "assign %s = stage_valid_q[%u] ? st%u_kept[%u:%u] : %u'd0;",
                vw_sel("mrg_keep_old", x->B * x->db, b * x->db, x->db), b, b, x->pw + x->db - 1,
                x->pw, x->db);
        if (x->arith)
            vw_line(w, "assign %s = stage_valid_q[%u] ? st%u_new : %u'd0;",
                    vw_sel("mrg_keep_new", x->B * x->db, b * x->db, x->db), b, b, x->db);
    }
    vw_line(w, "assign held = held_q;");
}
