/*
 * gen/hwwl_core.c — Verilog generator of one core's hardware worklist
 * (model/hwwl_core.c holds the behaviour and every decision; this file must
 * match it). The banks and the WRU are the generated wl_bank and wru
 * modules, instantiated (g_bank[l].u_bank, u_wru) and written after this
 * module; the transfer engine and the HVU are one combinational block
 * (`decide`, in the order of the model's hc_step) and register groups.
 */
#include "hwwl_core.h"

#include <string.h>

unsigned hwwl_core_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES])
{
    irhw_inst bank, wru;
    char err[IRHW_ERRLEN];
    unsigned n = 0;
    if (hwwl_core_parts(hwwl_core_g(x), &bank, &wru, err, sizeof err) == 0) {
        n = bank.b->leaf_cells(&bank, names);
        if (wru.b)
            n += wru.b->leaf_cells(&wru, names + n);
    }
    irhw_inst_free(&bank);
    irhw_inst_free(&wru);
    return n;
}

void hwwl_core_gen_summary(const irhw_inst *x, FILE *f)
{
    const hwwl_core_geom *g = hwwl_core_g(x);
    fprintf(f, "hwwl_core: %u banks x %u x %u b = %u b; WRU %s (latency %u); HVU: %u-ID "
               "stores/loads, %u load(s) in flight, %s refill, overflow buffer up to %u IDs\n",
            g->lanes, g->entries, g->id_bits, g->lanes * g->entries * g->id_bits,
            g->scheme == HC_NONE ? "none" : g->scheme == HC_LSORTING ? "lsorting" : "threshold",
            g->wru_latency, g->coalesce, g->outstanding,
            g->refill == HC_ONDEMAND ? "on-demand" : "interval", g->ovf_cap);
}

static void emit_params(irhw_vw *w, const hwwl_core_geom *g)
{
    vw_line(w, "localparam L  = %u;   // lanes = banks", g->lanes);
    vw_line(w, "localparam I  = %u;   // ID_BITS", g->id_bits);
    vw_line(w, "localparam C  = %u;   // COALESCE: IDs per memory request", g->coalesce);
    vw_line(w, "localparam T  = %u;   // OUTSTANDING loads (tags)", g->outstanding);
    vw_line(w, "localparam CB = %u;   // a bank's count", g->cnt_bits);
    vw_line(w, "localparam WB = %u;   // the WRU's count: bank + reserved slots", g->wcnt_bits);
    vw_line(w, "localparam OB = %u;  // holds 0..OVF_CAP", g->ovf_bits);
    vw_line(w, "localparam NB = %u;   // holds 0..COALESCE", g->n_bits);
    vw_line(w, "localparam TB = %u;   // a tag", g->tag_bits);
    vw_line(w, "localparam LB = %u;   // a lane index", g->lane_bits);
    vw_line(w, "localparam QB = %u;   // a coalescing-buffer slot", g->cb_bits);
    vw_line(w, "localparam AB = %u;  // ADDR_BITS", g->addr_bits);
    vw_line(w, "localparam [OB-1:0] OVF_CAP = %u;", g->ovf_cap);
    if (g->refill == HC_INTERVAL_REFILL)
        vw_line(w, "localparam [CB-1:0] CAP_ALL = %u, CAP_HALF = %u;  // interval refill: room "
                   "in the pull half", g->entries, g->entries / 2);
    vw_line(w, "localparam [1:0] FREE = 2'd0, RSV = 2'd1, FULL = 2'd2;  // slot states");
    vw_line(w, "localparam [1:0] ANS_ID = 2'd1, ANS_WAIT = 2'd2, ANS_DONE = 2'd3;");
    vw_blank(w);
}

static void emit_state(irhw_vw *w, const hwwl_core_geom *g)
{
    vw_line(w, "// ---- state");
    vw_line(w, "// Slot states are plain registers, not FSMs for synthesis to re-encode (Yosys'");
    vw_line(w, "// FSM extraction would enumerate their transitions over every input).");
    vw_line(w, "(* fsm_encoding = \"none\" *) reg [2*L-1:0] mv_st_q;  // move slot per bank");
    vw_line(w, "(* fsm_encoding = \"none\" *) reg [2*L-1:0] rf_st_q;  // refill slot per bank");
    vw_line(w, "reg [L*I-1:0] mv_id_q, rf_id_q;");
    vw_line(w, "reg [L-1:0]   tk_pend_q;           // sram: a take whose word returns now");
    vw_line(w, "reg [L*(LB+1)-1:0] tk_to_q;        // its receiver, or L = the xfer register");
    vw_line(w, "(* fsm_encoding = \"none\" *) reg [1:0] xo_st_q;  // xfer register (to another core)");
    vw_line(w, "reg [I-1:0]   xo_id_q, xi_id_q;");
    vw_line(w, "reg           xi_valid_q;          // rx register (from another core)");
    vw_line(w, "reg [LB-1:0]  rx_ptr_q;");
    vw_line(w, "reg [C*I-1:0] cb_q;                // coalescing buffer (a ring)");
    vw_line(w, "reg [QB-1:0]  cb_head_q;");
    vw_line(w, "reg [NB-1:0]  cb_n_q;");
    vw_line(w, "reg           rq_valid_q, rq_write_q;  // the memory request register");
    vw_line(w, "reg [AB-1:0]  rq_addr_q;");
    vw_line(w, "reg [NB-1:0]  rq_n_q;");
    vw_line(w, "reg [TB-1:0]  rq_tag_q;");
    vw_line(w, "reg [C*I-1:0] rq_data_q;");
    vw_line(w, "reg [T-1:0]   tag_busy_q;");
    vw_line(w, "reg [T*L-1:0] tag_mask_q;          // banks a load in flight refills");
    vw_line(w, "reg [AB-1:0]  base_q;");
    vw_line(w, "reg [OB-1:0]  size_q;");
    vw_line(w, "reg [OB-1:0]  head_q [0:1];");
    vw_line(w, "reg [OB-1:0]  tail_q [0:1];");
    vw_line(w, "reg [OB-1:0]  stored_q [0:1];      // IDs in memory per region");
    vw_line(w, "reg           opull_q;             // double mode: the pull region");
    vw_line(w, "reg [L-1:0]   waiting_q;           // lane answered WAIT/DONE since its last ID");
    vw_line(w, "reg [2*L-1:0] ans_q;               // sram: answers one cycle later");
    vw_line(w, "reg [%u:0]    rphase_q;            // interval refill phase",
            g->interval > 1 ? irhw_clog2(g->interval) - 1 : 0);
    vw_blank(w);
}

static void emit_parts(irhw_vw *w, const hwwl_core_geom *g, const irhw_inst *bank,
                       const irhw_inst *wru)
{
    vw_line(w, "// ---- the banks and the WRU");
    vw_line(w, "wire [L-1:0] b_push_ok, b_spill, b_pull_ok, b_pull_valid, b_take_ok, b_put_ok;");
    vw_line(w, "wire [L-1:0] b_rd_valid, b_dbl, b_empty, b_full, b_greedy, b_idle, b_cfg_ok, "
               "b_swap_ok;");
    vw_line(w, "wire [L*I-1:0] b_pull_id, b_rd_id, push_id_v;");
    vw_line(w, "wire [L*CB-1:0] b_count;");
    vw_line(w, "reg  [L-1:0] take, put;");
    vw_line(w, "reg  [L*I-1:0] put_id;");
    vw_line(w, "reg  cfg_go, swap_go;");
    vw_line(w, "assign push_id_v = push_id;");
    vw_line(w, "genvar l;");
    vw_line(w, "generate for (l = 0; l < L; l = l + 1) begin : g_bank");
    vw_line(w, "    %s u_bank (", bank->module);
    vw_line(w, "        .clk(clk), .rst(rst), .cfg_en(cfg_go), .cfg_double(wlcfg_double),");
    vw_line(w, "        .push(push[l]), .push_id(push_id_v[l*I +: I]), .swap(swap_go),");
    vw_line(w, "        .pull(pull[l] & ~(b_empty[l] & put[l])),  // a pull that could only fail "
               "yields to a put");
    vw_line(w, "        .rd_take(take[l]), .rd_put(put[l]), .rd_put_id(put_id[l*I +: I]),");
    vw_line(w, "        .cfg_ok(b_cfg_ok[l]), .push_ok(b_push_ok[l]), .spill(b_spill[l]), "
               ".pull_ok(b_pull_ok[l]),");
    vw_line(w, "        .pull_valid(b_pull_valid[l]), .pull_id(b_pull_id[l*I +: I]), "
               ".swap_ok(b_swap_ok[l]),");
    vw_line(w, "        .rd_take_ok(b_take_ok[l]), .rd_put_ok(b_put_ok[l]), "
               ".rd_valid(b_rd_valid[l]), .rd_id(b_rd_id[l*I +: I]),");
    vw_line(w, "        .double_mode(b_dbl[l]), .count(b_count[l*CB +: CB]), "
               ".empty(b_empty[l]), .full(b_full[l]),");
    vw_line(w, "        .greedy(b_greedy[l]), .idle(b_idle[l]));");
    vw_line(w, "end endgenerate");
    vw_blank(w);
    vw_line(w, "// The WRU counts reserved slots as occupied.");
    vw_line(w, "wire [L*WB-1:0] w_counts;");
    vw_line(w, "generate for (l = 0; l < L; l = l + 1) begin : g_count");
    vw_line(w, "    assign w_counts[l*WB +: WB] = {{(WB-CB){1'b0}}, b_count[l*CB +: CB]}");
    vw_line(w, "        + {{(WB-1){1'b0}}, |mv_st_q[2*l +: 2]} + {{(WB-1){1'b0}}, "
               "|rf_st_q[2*l +: 2]};");
    vw_line(w, "end endgenerate");
    vw_line(w, "wire [L-1:0] w_donate, w_receive;");
    vw_line(w, "wire [L*LB-1:0] w_to;");
    vw_line(w, "wire [LB-1:0] w_xbank;");
    vw_line(w, "wire w_plan, w_xvalid, w_empty, w_greedy;");
    if (wru->b) {
        vw_line(w, "%s u_wru (", wru->module);
        vw_line(w, "    .clk(clk), .rst(rst), .counts(w_counts), .plan_valid(w_plan), "
                   ".donate_valid(w_donate),");
        vw_line(w, "    .donate_to(w_to), .receive_valid(w_receive), .xfer_valid(w_xvalid), "
                   ".xfer_bank(w_xbank),");
        vw_line(w, "    .core_empty(w_empty), .core_greedy(w_greedy));");
    } else {
        vw_line(w, "// SCHEME=none: no WRU, no moves, never greedy.");
        vw_line(w, "wire unused_counts = &{1'b0, w_counts};");
        vw_line(w, "assign {w_plan, w_donate, w_to, w_receive, w_xvalid, w_xbank, w_empty, "
                   "w_greedy} = 0;");
    }
    (void)g;
    vw_blank(w);
}

/* The combinational decisions, in the order of the model's hc_step. */
static void emit_decide(irhw_vw *w, const hwwl_core_geom *g)
{
    vw_line(w, "// ---- this cycle's decisions");
    vw_line(w, "// Index arithmetic below mixes counter widths on purpose (every value fits its");
    vw_line(w, "// target; the C model computes the same integers): WIDTH is off until the "
               "outputs,");
    vw_line(w, "// and the clocked blocks use blocking temporaries for slot indices (BLKSEQ).");
    vw_line(w, "/* verilator lint_off WIDTH */");
    vw_line(w, "/* verilator lint_off BLKSEQ */");
    vw_line(w, "wire [C*I-1:0] resp_data_v = mem_resp_data;");
    vw_line(w, "wire [TB-1:0] resp_tag_v = mem_resp_tag;");
    vw_line(w, "wire dbl = b_dbl[0];");
    vw_line(w, "wire pullr = dbl & opull_q;");
    vw_line(w, "wire pushr = dbl & ~opull_q;");
    vw_line(w, "wire [OB-1:0] half = size_q >> 1;");
    vw_line(w, "wire [OB-1:0] rsize_pull = ~dbl ? size_q : pullr ? size_q - half : half;");
    vw_line(w, "wire [OB-1:0] rsize_push = ~dbl ? size_q : pushr ? size_q - half : half;");
    vw_line(w, "wire [AB-1:0] rbase_pull = (dbl & pullr) ? {{(AB-OB){1'b0}}, half} : "
               "{AB{1'b0}};");
    vw_line(w, "wire [AB-1:0] rbase_push = (dbl & pushr) ? {{(AB-OB){1'b0}}, half} : "
               "{AB{1'b0}};");
    vw_line(w, "wire [OB-1:0] stored_pull = stored_q[pullr], stored_push = stored_q[pushr];");
    vw_line(w, "wire slots_quiet = ~(|mv_st_q) & ~(|rf_st_q) & ~(|tk_pend_q) & ~(|tag_busy_q) "
               "& (xo_st_q == FREE) & ~xi_valid_q;");
    vw_line(w, "wire hvu_empty = (cb_n_q == 0) & ~rq_valid_q & (stored_q[0] == 0) & "
               "(stored_q[1] == 0);");
    vw_line(w, "wire pull_quiet = (&b_empty) & (stored_pull == 0) & slots_quiet;");
    vw_line(w, "wire empty_out = pull_quiet & (dbl | ((cb_n_q == 0) & ~(rq_valid_q & rq_write_q) "
               "& (&waiting_q)));");
    vw_line(w, "wire done_now = empty_out & others_done;");
    vw_line(w, "wire cfg_rdy = (&b_idle) & hvu_empty & slots_quiet;");
    vw_line(w, "wire swap_rdy = dbl & pull_quiet & (cb_n_q == 0) & ~rq_valid_q;");
    vw_line(w, "wire init_go = wlinit_en & hvu_empty & ~(|push) & ~(|tag_busy_q) & ~(|rf_st_q)");
    vw_line(w, "             & (wlinit_size >= L) & (wlinit_size <= OVF_CAP);");
    vw_line(w, "wire [OB-1:0] room = rsize_push - stored_push - {{(OB-NB){1'b0}}, cb_n_q};");
    vw_line(w, "wire [OB-1:0] cb_free = C - {{(OB-NB){1'b0}}, cb_n_q};");
    vw_line(w, "wire [OB-1:0] avail = room < cb_free ? room : cb_free;");
    vw_blank(w);
    vw_line(w, "reg [L-1:0] acc, exc, want, ld_mask;");
    vw_line(w, "reg [L*(LB+1)-1:0] take_to;");
    vw_line(w, "reg [L-1:0] src_rf, src_mv, src_xi;");
    vw_line(w, "reg [NB-1:0] acc_n, n;");
    vw_line(w, "reg [OB-1:0] k, cnt, lim;");
    vw_line(w, "reg st_go, ld_go, tag_found;");
    vw_line(w, "reg [TB-1:0] tag;");
    vw_line(w, "reg [AB-1:0] addr;");
    vw_line(w, "integer j;");
    vw_line(w, "always @* begin");
    w->indent++;
    vw_line(w, "cfg_go = wlcfg_en & cfg_rdy & ~(|push) & ~rx_valid;");
    vw_line(w, "swap_go = swap & ~wlcfg_en & swap_rdy & ~(|push) & ~rx_valid;");
    vw_line(w, "// spills into the coalescing buffer, in lane order");
    vw_line(w, "acc = 0; exc = 0; k = 0;");
    vw_line(w, "for (j = 0; j < L; j = j + 1)");
    vw_line(w, "    if (b_spill[j]) begin");
    vw_line(w, "        if (k < avail) acc[j] = 1'b1;");
    vw_line(w, "        else if (room == 0) exc[j] = 1'b1;");
    vw_line(w, "        k = k + 1'b1;");
    vw_line(w, "    end");
    vw_line(w, "acc_n = 0;");
    vw_line(w, "for (j = 0; j < L; j = j + 1) acc_n = acc_n + acc[j];");
    vw_line(w, "// the WRU's plan: a take only into a free move slot / xfer register");
    vw_line(w, "take = 0; take_to = 0;");
    vw_line(w, "for (j = 0; j < L; j = j + 1)");
    vw_line(w, "    if (w_donate[j] && mv_st_q[2*w_to[j*LB +: LB] +: 2] == FREE) begin");
    vw_line(w, "        take[j] = 1'b1;");
    vw_line(w, "        take_to[j*(LB+1) +: LB+1] = {1'b0, w_to[j*LB +: LB]};");
    vw_line(w, "    end");
    vw_line(w, "if (w_xvalid && xo_st_q == FREE) begin");
    vw_line(w, "    take[w_xbank] = 1'b1;");
    vw_line(w, "    take_to[w_xbank*(LB+1) +: LB+1] = L;");
    vw_line(w, "end");
    vw_line(w, "// puts: refill slot > move slot > rx register");
    vw_line(w, "src_rf = 0; src_mv = 0; src_xi = 0; put_id = 0;");
    vw_line(w, "for (j = 0; j < L; j = j + 1) begin");
    vw_line(w, "    if (rf_st_q[2*j +: 2] == FULL) begin");
    vw_line(w, "        src_rf[j] = 1'b1; put_id[j*I +: I] = rf_id_q[j*I +: I];");
    vw_line(w, "    end else if (mv_st_q[2*j +: 2] == FULL) begin");
    vw_line(w, "        src_mv[j] = 1'b1; put_id[j*I +: I] = mv_id_q[j*I +: I];");
    vw_line(w, "    end else if (xi_valid_q && rx_ptr_q == j) begin");
    vw_line(w, "        src_xi[j] = 1'b1; put_id[j*I +: I] = xi_id_q;");
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_line(w, "put = src_rf | src_mv | src_xi;");
    vw_line(w, "// the memory request: a store, else a refill load");
    vw_line(w, "st_go = 0; ld_go = 0; n = 0; tag = 0; addr = 0; want = 0; ld_mask = 0;");
    vw_line(w, "tag_found = 0; cnt = 0; lim = 0;");
    vw_line(w, "if (!rq_valid_q && cb_n_q != 0 && (cb_n_q == C || b_spill == 0)) begin");
    vw_line(w, "    st_go = 1'b1;");
    vw_line(w, "    lim = rsize_push - tail_q[pushr];");
    vw_line(w, "    n = ({{(OB-NB){1'b0}}, cb_n_q} < lim) ? cb_n_q : lim[NB-1:0];");
    vw_line(w, "    addr = base_q + rbase_push + {{(AB-OB){1'b0}}, tail_q[pushr]};");
    vw_line(w, "end else if (!rq_valid_q && stored_pull != 0) begin");
    vw_line(w, "    for (j = 0; j < L; j = j + 1)");
    vw_line(w, "        if (rf_st_q[2*j +: 2] == FREE)");
    if (g->refill == HC_ONDEMAND)
        vw_line(w, "            want[j] = pull[j] & b_empty[j];");
    else
        vw_line(w, "            want[j] = (rphase_q == 0) & (b_count[j*CB +: CB] < (dbl ? "
                   "CAP_HALF : CAP_ALL));");
    vw_line(w, "    for (j = T - 1; j >= 0; j = j - 1)");
    vw_line(w, "        if (!tag_busy_q[j]) begin tag = j; tag_found = 1'b1; end");
    vw_line(w, "    if (want != 0 && tag_found) begin");
    vw_line(w, "        for (j = 0; j < L; j = j + 1) cnt = cnt + want[j];");
    vw_line(w, "        lim = rsize_pull - head_q[pullr];");
    vw_line(w, "        if (cnt > stored_pull) cnt = stored_pull;");
    vw_line(w, "        if (cnt > lim) cnt = lim;");
    vw_line(w, "        if (cnt > C) cnt = C;");
    vw_line(w, "        n = cnt[NB-1:0];");
    vw_line(w, "        k = 0;");
    vw_line(w, "        for (j = 0; j < L; j = j + 1)");
    vw_line(w, "            if (want[j] && k < cnt) begin ld_mask[j] = 1'b1; k = k + 1'b1; end");
    vw_line(w, "        ld_go = 1'b1;");
    vw_line(w, "        addr = base_q + rbase_pull + {{(AB-OB){1'b0}}, head_q[pullr]};");
    vw_line(w, "    end");
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_blank(w);
    vw_line(w, "// lane answers: ID when the bank pulls, else WAIT, or DONE");
    vw_line(w, "reg [2*L-1:0] ans;");
    vw_line(w, "always @* begin");
    vw_line(w, "    for (j = 0; j < L; j = j + 1)");
    vw_line(w, "        ans[2*j +: 2] = ~pull[j] ? 2'd0 : b_pull_ok[j] ? ANS_ID : done_now ? "
               "ANS_DONE : ANS_WAIT;");
    vw_line(w, "end");
    vw_blank(w);
}

static void emit_regs(irhw_vw *w, const hwwl_core_geom *g)
{
    vw_line(w, "// ---- lanes: answers and waiting bits");
    vw_line(w, "integer q;");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) begin");
    vw_line(w, "        waiting_q <= 0;");
    vw_line(w, "        ans_q <= 0;");
    vw_line(w, "    end else begin");
    vw_line(w, "        ans_q <= ans;");
    vw_line(w, "        for (q = 0; q < L; q = q + 1)");
    vw_line(w, "            if (pull[q]) waiting_q[q] <= ~b_pull_ok[q];");
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_blank(w);
    vw_line(w, "// ---- transfer engine: move slots, takes in flight, xfer and rx registers");
    vw_line(w, "reg [LB:0] dst;");
    vw_line(w, "always @(posedge clk) begin");
    w->indent++;
    vw_line(w, "if (rst) begin");
    vw_line(w, "    mv_st_q <= 0; tk_pend_q <= 0; xo_st_q <= FREE; xi_valid_q <= 1'b0; "
               "rx_ptr_q <= 0;");
    vw_line(w, "end else begin");
    w->indent++;
    vw_line(w, "if (xo_st_q == FULL && xfer_ready) xo_st_q <= FREE;");
    vw_line(w, "for (q = 0; q < L; q = q + 1) begin");
    vw_line(w, "    // an sram read of the last cycle's take returns now");
    vw_line(w, "    if (tk_pend_q[q]) begin");
    vw_line(w, "        dst = tk_to_q[q*(LB+1) +: LB+1];");
    vw_line(w, "        if (dst == L) begin xo_st_q <= FULL; xo_id_q <= b_rd_id[q*I +: I]; end");
    vw_line(w, "        else begin");
    vw_line(w, "            mv_st_q[2*dst +: 2] <= FULL; mv_id_q[dst*I +: I] <= b_rd_id[q*I "
               "+: I];");
    vw_line(w, "        end");
    vw_line(w, "    end");
    vw_line(w, "    tk_pend_q[q] <= %s;", g->sram ? "take[q] & b_take_ok[q]" : "1'b0");
    vw_line(w, "    tk_to_q[q*(LB+1) +: LB+1] <= take_to[q*(LB+1) +: LB+1];");
    vw_line(w, "    if (take[q] && b_take_ok[q]) begin");
    vw_line(w, "        dst = take_to[q*(LB+1) +: LB+1];");
    if (g->sram) {
        vw_line(w, "        if (dst == L) xo_st_q <= RSV;");
        vw_line(w, "        else mv_st_q[2*dst +: 2] <= RSV;");
    } else {
        vw_line(w, "        if (dst == L) begin xo_st_q <= FULL; xo_id_q <= b_rd_id[q*I +: I]; "
                   "end");
        vw_line(w, "        else begin");
        vw_line(w, "            mv_st_q[2*dst +: 2] <= FULL; mv_id_q[dst*I +: I] <= "
                   "b_rd_id[q*I +: I];");
        vw_line(w, "        end");
    }
    vw_line(w, "    end");
    vw_line(w, "    if (b_put_ok[q] && !src_rf[q] && src_mv[q]) mv_st_q[2*q +: 2] <= FREE;");
    vw_line(w, "    if (b_put_ok[q] && src_xi[q]) xi_valid_q <= 1'b0;");
    vw_line(w, "end");
    vw_line(w, "if (xi_valid_q) rx_ptr_q <= (rx_ptr_q == L - 1) ? 0 : rx_ptr_q + 1'b1;");
    vw_line(w, "else if (rx_valid) begin xi_valid_q <= 1'b1; xi_id_q <= rx_id; end");
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_blank(w);

    vw_line(w, "// ---- HVU: refill slots and tags (responses, reservations, puts)");
    vw_line(w, "reg [OB-1:0] r;");
    vw_line(w, "always @(posedge clk) begin");
    w->indent++;
    vw_line(w, "if (rst) begin");
    vw_line(w, "    rf_st_q <= 0; tag_busy_q <= 0;");
    vw_line(w, "end else begin");
    w->indent++;
    vw_line(w, "if (mem_resp_valid && resp_tag_v < T && tag_busy_q[resp_tag_v]) begin");
    vw_line(w, "    r = 0;");
    vw_line(w, "    for (q = 0; q < L; q = q + 1)");
    vw_line(w, "        if (tag_mask_q[resp_tag_v*L + q]) begin");
    vw_line(w, "            rf_st_q[2*q +: 2] <= FULL;");
    vw_line(w, "            rf_id_q[q*I +: I] <= resp_data_v[r*I +: I];");
    vw_line(w, "            r = r + 1'b1;");
    vw_line(w, "        end");
    vw_line(w, "    tag_busy_q[resp_tag_v] <= 1'b0;");
    vw_line(w, "end");
    vw_line(w, "if (ld_go) begin");
    vw_line(w, "    tag_busy_q[tag] <= 1'b1;");
    vw_line(w, "    tag_mask_q[tag*L +: L] <= ld_mask;");
    vw_line(w, "    for (q = 0; q < L; q = q + 1) if (ld_mask[q]) rf_st_q[2*q +: 2] <= RSV;");
    vw_line(w, "end");
    vw_line(w, "for (q = 0; q < L; q = q + 1) if (b_put_ok[q] && src_rf[q]) rf_st_q[2*q +: 2] <= "
               "FREE;");
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_blank(w);

    vw_line(w, "// ---- HVU: the request register, the coalescing buffer, the buffer's regions");
    vw_line(w, "reg [QB:0] slot;");
    vw_line(w, "always @(posedge clk) begin");
    w->indent++;
    vw_line(w, "if (rst) begin");
    vw_line(w, "    rq_valid_q <= 1'b0; cb_head_q <= 0; cb_n_q <= 0; base_q <= 0; size_q <= 0;");
    vw_line(w, "    head_q[0] <= 0; head_q[1] <= 0; tail_q[0] <= 0; tail_q[1] <= 0;");
    vw_line(w, "    stored_q[0] <= 0; stored_q[1] <= 0; opull_q <= 1'b0; rphase_q <= 0;");
    vw_line(w, "end else begin");
    w->indent++;
    vw_line(w, "if (rq_valid_q && mem_req_ready) rq_valid_q <= 1'b0;");
    vw_line(w, "if (st_go) begin");
    vw_line(w, "    rq_valid_q <= 1'b1; rq_write_q <= 1'b1; rq_addr_q <= addr; rq_n_q <= n; "
               "rq_tag_q <= 0;");
    vw_line(w, "    for (q = 0; q < C; q = q + 1) begin");
    vw_line(w, "        slot = cb_head_q + q;");
    vw_line(w, "        if (slot >= C) slot = slot - C;");
    vw_line(w, "        rq_data_q[q*I +: I] <= (q < n) ? cb_q[slot*I +: I] : {I{1'b0}};");
    vw_line(w, "    end");
    vw_line(w, "    tail_q[pushr] <= (tail_q[pushr] + n == rsize_push) ? 0 : tail_q[pushr] + n;");
    vw_line(w, "    stored_q[pushr] <= stored_q[pushr] + n;");
    vw_line(w, "    slot = cb_head_q + n;");
    vw_line(w, "    cb_head_q <= (slot >= C) ? slot - C : slot;");
    vw_line(w, "end else if (ld_go) begin");
    vw_line(w, "    rq_valid_q <= 1'b1; rq_write_q <= 1'b0; rq_addr_q <= addr; rq_n_q <= n; "
               "rq_tag_q <= tag;");
    vw_line(w, "    head_q[pullr] <= (head_q[pullr] + n == rsize_pull) ? 0 : head_q[pullr] + n;");
    vw_line(w, "    stored_q[pullr] <= stored_q[pullr] - n;");
    vw_line(w, "end");
    vw_line(w, "// accepted spills append behind what the buffer held");
    vw_line(w, "r = 0;");
    vw_line(w, "for (q = 0; q < L; q = q + 1)");
    vw_line(w, "    if (acc[q]) begin");
    vw_line(w, "        slot = cb_head_q + cb_n_q + r;");
    vw_line(w, "        if (slot >= C) slot = slot - C;");
    vw_line(w, "        cb_q[slot*I +: I] <= push_id_v[q*I +: I];");
    vw_line(w, "        r = r + 1'b1;");
    vw_line(w, "    end");
    vw_line(w, "cb_n_q <= cb_n_q - (st_go ? n : {NB{1'b0}}) + acc_n;");
    vw_line(w, "if (init_go) begin");
    vw_line(w, "    base_q <= wlinit_base; size_q <= wlinit_size;");
    vw_line(w, "    head_q[0] <= 0; head_q[1] <= 0; tail_q[0] <= 0; tail_q[1] <= 0;");
    vw_line(w, "end");
    vw_line(w, "if (cfg_go) begin");
    vw_line(w, "    opull_q <= 1'b0;");
    vw_line(w, "    head_q[0] <= 0; head_q[1] <= 0; tail_q[0] <= 0; tail_q[1] <= 0;");
    vw_line(w, "end");
    vw_line(w, "if (swap_go) opull_q <= ~opull_q;");
    if (g->refill == HC_INTERVAL_REFILL)
        vw_line(w, "rphase_q <= (rphase_q == %u) ? 0 : rphase_q + 1'b1;", g->interval - 1);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_blank(w);
}

static void emit_outputs(irhw_vw *w, const hwwl_core_geom *g)
{
    vw_line(w, "/* verilator lint_on BLKSEQ */");
    vw_line(w, "/* verilator lint_on WIDTH */");
    vw_line(w, "// Bank and WRU outputs this design does not need (kept for waveforms).");
    vw_line(w, "wire unused_parts = &{1'b0, b_cfg_ok, b_swap_ok, b_full, b_greedy, b_pull_valid, "
               "b_rd_valid, b_dbl,");
    vw_line(w, "                      w_plan, w_receive, w_empty, ans_q, ans, rphase_q, "
               "tk_to_q};");
    vw_line(w, "// ---- outputs");
    vw_line(w, "assign wlcfg_ok  = cfg_go;");
    vw_line(w, "assign wlinit_ok = init_go;");
    vw_line(w, "assign swap_ok   = swap_go;");
    vw_line(w, "assign push_ok   = b_push_ok | acc;");
    vw_line(w, "assign push_exc  = exc;");
    vw_line(w, "assign pull_ans  = %s;", g->sram ? "ans_q" : "ans");
    vw_line(w, "assign pull_id   = b_pull_id;");
    vw_line(w, "assign rx_ready  = ~xi_valid_q;");
    vw_line(w, "assign xfer_valid = (xo_st_q == FULL);");
    vw_line(w, "assign xfer_id   = (xo_st_q == FULL) ? xo_id_q : {I{1'b0}};");
    vw_line(w, "assign mem_req_valid = rq_valid_q;");
    vw_line(w, "assign mem_req_write = rq_valid_q & rq_write_q;");
    vw_line(w, "assign mem_req_addr  = rq_valid_q ? rq_addr_q : {AB{1'b0}};");
    vw_line(w, "assign mem_req_n     = rq_valid_q ? rq_n_q : {NB{1'b0}};");
    vw_line(w, "assign mem_req_tag   = (rq_valid_q & ~rq_write_q) ? rq_tag_q : {TB{1'b0}};");
    vw_line(w, "assign mem_req_data  = (rq_valid_q & rq_write_q) ? rq_data_q : {(C*I){1'b0}};");
    vw_line(w, "assign double_mode = dbl;");
    vw_line(w, "assign core_empty  = empty_out;");
    vw_line(w, "assign core_greedy = w_greedy;");
    vw_line(w, "assign ovf_held    = stored_pull;");
    vw_line(w, "assign swap_ready  = swap_rdy;");
    vw_line(w, "assign cfg_ready   = cfg_rdy;");
}

int hwwl_core_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen)
{
    const hwwl_core_geom *g = hwwl_core_g(x);
    irhw_inst bank, wru;
    if (hwwl_core_parts(g, &bank, &wru, err, errlen)) {
        irhw_inst_free(&bank);
        irhw_inst_free(&wru);
        return -1;
    }
    vw_line(w, "// One core's hardware worklist: %u banks (%s),", g->lanes, bank.module);
    vw_line(w, "// %s, transfer engine, HVU.", wru.b ? wru.module : "no WRU");
    vw_module_ports(w, x->module, &x->ps);
    w->indent++;
    emit_params(w, g);
    emit_state(w, g);
    emit_parts(w, g, &bank, &wru);
    emit_decide(w, g);
    emit_regs(w, g);
    emit_outputs(w, g);
    w->indent--;
    vw_line(w, "endmodule");
    vw_blank(w);
    vw_line(w, "// The parts, generated for this configuration (irhw gen wl_bank / wru).");
    vw_line(w, "/* verilator lint_off DECLFILENAME */");
    int rc = bank.b->gen(&bank, w, err, errlen);
    if (!rc && wru.b) {
        vw_blank(w);
        rc = wru.b->gen(&wru, w, err, errlen);
    }
    vw_line(w, "/* verilator lint_on DECLFILENAME */");
    irhw_inst_free(&bank);
    irhw_inst_free(&wru);
    return rc;
}
