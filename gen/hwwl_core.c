/*
 * gen/hwwl_core.c — Verilog generator of one core's hardware worklist
 * (model/hwwl_core.c holds the behaviour and every decision; this file must
 * match it). The banks and the WRU are the generated wl_bank and wru
 * modules, instantiated (g_bank[l].u_bank, u_wru) and written after this
 * module; the transfer engine and the HVU are one combinational block
 * (`decide`, in the order of the model's hc_step) and register groups.
 * Every slot that loads one word of many (landing, refill and coalescing-
 * buffer slots, the store's rotation) reads it through a word selector
 * (vw_sel_unit), one generated module that synthesis maps once.
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
    fprintf(f,
            "hwwl_core: %u banks x %u x %u b = %u b; WRU %s (latency %u); HVU: %u-ID "
            "stores/loads, %u load(s) in flight, %s refill, overflow buffer up to %u IDs\n",
            g->lanes, g->entries, g->id_bits, g->lanes * g->entries * g->id_bits,
            g->scheme == HC_NONE       ? "none"
            : g->scheme == HC_LSORTING ? "lsorting"
                                       : "threshold",
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
        vw_line(w,
                "localparam [CB-1:0] CAP_ALL = %u, CAP_HALF = %u;  // interval refill: room "
                "in the pull half",
                g->entries, g->entries / 2);
    vw_line(w, "localparam [1:0] FREE = 2'd0, RSV = 2'd1, FULL = 2'd2;  // slot states");
    vw_line(w, "localparam [1:0] ANS_ID = 2'd1, ANS_WAIT = 2'd2, ANS_DONE = 2'd3;");
    vw_blank(w);
}

static void emit_state(irhw_vw *w, const hwwl_core_geom *g)
{
    static const char *const lines[] = {
        "// ---- state (per-bank slots and tags are registers in g_slot[l] and g_tag[t])",
        "wire [2*L-1:0] mv_st, rf_st;       // move / refill slot per bank: FREE RSV FULL",
        "wire [L*I-1:0] mv_id, rf_id;",
        "wire [T-1:0]   tag_busy;           // a load in flight under tag t",
        "wire [T*L-1:0] tag_mask;           // the banks it refills",
        "wire [C*I-1:0] cb;                 // coalescing buffer (a ring), g_cb[s]",
        "wire [L-1:0]   tk_pend;            // sram: a take whose word returns now",
        "wire [L*(LB+1)-1:0] tk_to;         // its receiver, or L = the xfer register",
        "wire [1:0]     xo_st;              // the xfer register: landing slot L (g_land)",
        "wire [I-1:0]   xo_id;",
        "reg  [I-1:0]   xi_id_q;",
        "reg            xi_valid_q;         // rx register (from another core)",
        "reg  [LB-1:0]  rx_ptr_q;",
        "reg  [QB-1:0]  cb_head_q;",
        "reg  [NB-1:0]  cb_n_q;",
        "reg            rq_valid_q, rq_write_q;  // the memory request register",
        "reg  [AB-1:0]  rq_addr_q;",
        "reg  [NB-1:0]  rq_n_q;",
        "reg  [TB-1:0]  rq_tag_q;",
        "reg  [C*I-1:0] rq_data_q;",
        "reg  [AB-1:0]  base_q;",
        "reg  [OB-1:0]  size_q;",
        "reg  [OB-1:0]  head_q [0:1];",
        "reg  [OB-1:0]  tail_q [0:1];",
        "reg  [OB-1:0]  stored_q [0:1];     // IDs in memory per region",
        "reg            opull_q;            // double mode: the pull region",
        "reg  [L-1:0]   waiting_q;          // lane answered WAIT/DONE since its last ID",
        "reg  [2*L-1:0] ans_q;              // sram: answers one cycle later",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        vw_line(w, "%s", lines[i]);
    vw_line(w, "reg  [%u:0]     rphase_q;           // interval refill phase",
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
    vw_line(w, "wire [L-1:0] take, put;");
    vw_line(w, "wire [L*I-1:0] put_id;");
    vw_line(w, "wire cfg_go, swap_go;");
    vw_line(w, "assign push_id_v = push_id;");
    vw_line(w, "genvar l, t;");
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
    vw_line(w, "        + {{(WB-1){1'b0}}, |mv_st[2*l +: 2]} + {{(WB-1){1'b0}}, "
               "|rf_st[2*l +: 2]};");
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

/* Static Verilog lines, written as they are. */
static void emit_lines(irhw_vw *w, const char *const *lines, size_t n)
{
    for (size_t i = 0; i < n; i++)
        vw_line(w, "%s", lines[i]);
}
#define EMIT(w, a) emit_lines(w, a, sizeof a / sizeof a[0])

/* The combinational decisions, in the order of the model's hc_step: per
 * lane in named generate blocks (prefix counts give a lane its rank among
 * the lanes that ask), the memory request in one block. */
static void emit_decide(irhw_vw *w, const hwwl_core_geom *g)
{
    static const char *const head[] = {
        "// ---- this cycle's decisions",
        "// Counter arithmetic below mixes widths on purpose (every value fits its target;",
        "// the C model computes the same integers): WIDTH is off until the outputs.",
        "/* verilator lint_off WIDTH */",
        "wire [C*I-1:0] resp_data_v = mem_resp_data;",
        "wire [TB-1:0] resp_tag_v = mem_resp_tag;",
        "wire dbl = b_dbl[0];",
        "wire pullr = dbl & opull_q;",
        "wire pushr = dbl & ~opull_q;",
        "wire [OB-1:0] half = size_q >> 1;",
        "wire [OB-1:0] rsize_pull = ~dbl ? size_q : pullr ? size_q - half : half;",
        "wire [OB-1:0] rsize_push = ~dbl ? size_q : pushr ? size_q - half : half;",
        "wire [AB-1:0] rbase_pull = pullr ? half : {AB{1'b0}};",
        "wire [AB-1:0] rbase_push = pushr ? half : {AB{1'b0}};",
        "wire [OB-1:0] stored_pull = stored_q[pullr], stored_push = stored_q[pushr];",
        "wire slots_quiet = ~(|mv_st) & ~(|rf_st) & ~(|tk_pend) & ~(|tag_busy) & (xo_st == FREE)",
        "                 & ~xi_valid_q;",
        "wire hvu_empty = (cb_n_q == 0) & ~rq_valid_q & (stored_q[0] == 0) & (stored_q[1] == 0);",
        "wire pull_quiet = (&b_empty) & (stored_pull == 0) & slots_quiet;",
        "wire empty_out = pull_quiet & (dbl | ((cb_n_q == 0) & ~(rq_valid_q & rq_write_q) & "
        "(&waiting_q)));",
        "wire done_now = empty_out & others_done;",
        "wire cfg_rdy = (&b_idle) & hvu_empty & slots_quiet;",
        "wire swap_rdy = dbl & pull_quiet & (cb_n_q == 0) & ~rq_valid_q;",
        "assign cfg_go = wlcfg_en & cfg_rdy & ~(|push) & ~rx_valid;",
        "assign swap_go = swap & ~wlcfg_en & swap_rdy & ~(|push) & ~rx_valid;",
        "wire init_go = wlinit_en & hvu_empty & ~(|push) & ~(|tag_busy) & ~(|rf_st)",
        "             & (wlinit_size >= L) & (wlinit_size <= OVF_CAP);",
        "wire [OB-1:0] room = rsize_push - stored_push - cb_n_q;",
        "wire [OB-1:0] cb_free = C - cb_n_q;",
        "wire [OB-1:0] avail = room < cb_free ? room : cb_free;",
        "",
        "reg st_go, ld_go, tag_found;  // the memory request (below)",
        "reg [NB-1:0] n;",
        "reg [TB-1:0] tag;",
        "reg [AB-1:0] addr;",
        "reg [OB-1:0] cnt, lim;",
        "wire [L-1:0] acc, exc, want, ld_mask, src_rf, src_mv, src_xi;",
        "wire [L*8-1:0] sp_rank;",
        "wire [L*(QB+1)-1:0] sp_slot;",
        "wire [L*(LB+1)-1:0] take_to;",
        "wire [2*L-1:0] ans;",
        "// Prefix counts: x_pre[l] = set bits of x below lane l, a lane's rank among the",
        "// lanes that ask (spills, refill wants, banks a load response fills).",
        "wire [(L+1)*8-1:0] sp_pre /* verilator split_var */, wt_pre /* verilator split_var */;",
        "wire [(L+1)*8-1:0] rs_pre /* verilator split_var */;",
        "wire [L-1:0] resp_mask;",
        "assign sp_pre[7:0] = 8'd0;",
        "assign wt_pre[7:0] = 8'd0;",
        "assign rs_pre[7:0] = 8'd0;",
        "generate for (l = 0; l < L; l = l + 1) begin : g_prefix",
        "    assign sp_pre[(l+1)*8 +: 8] = sp_pre[l*8 +: 8] + b_spill[l];",
        "    assign wt_pre[(l+1)*8 +: 8] = wt_pre[l*8 +: 8] + want[l];",
        "    assign rs_pre[(l+1)*8 +: 8] = rs_pre[l*8 +: 8] + resp_mask[l];",
        "end endgenerate",
        "wire [7:0] spills = sp_pre[L*8 +: 8];",
        "wire unused_prefix = &{1'b0, rs_pre[L*8 +: 8]};",
        "wire [7:0] acc_n = spills < avail ? spills : avail;  // spills are taken in lane order",
        "generate for (l = 0; l < L; l = l + 1) begin : g_lane",
        "    // spills into the coalescing buffer in lane order; exception with no room at all",
        "    assign sp_rank[l*8 +: 8] = sp_pre[l*8 +: 8];",
        "    assign acc[l] = b_spill[l] & (sp_rank[l*8 +: 8] < avail);",
        "    assign exc[l] = b_spill[l] & ~acc[l] & (room == 0);",
        "    wire [QB+1:0] sum = cb_head_q + cb_n_q + sp_rank[l*8 +: 8];",
        "    assign sp_slot[l*(QB+1) +: QB+1] = (sum >= C) ? sum - C : sum;",
        "    // the WRU's plan: a take only into a free move slot / xfer register",
        "    wire [LB-1:0] to = w_to[l*LB +: LB];",
        "    wire xsel = w_xvalid & (xo_st == FREE) & (w_xbank == l);",
        "    assign take[l] = (w_donate[l] & (mv_st[2*to +: 2] == FREE)) | xsel;",
        "    assign take_to[l*(LB+1) +: LB+1] = xsel ? L : to;",
        "    // puts: refill slot > move slot > rx register",
        "    assign src_rf[l] = rf_st[2*l +: 2] == FULL;",
        "    assign src_mv[l] = ~src_rf[l] & (mv_st[2*l +: 2] == FULL);",
        "    assign src_xi[l] = ~src_rf[l] & ~src_mv[l] & xi_valid_q & (rx_ptr_q == l);",
        "    assign put[l] = src_rf[l] | src_mv[l] | src_xi[l];",
        "    assign put_id[l*I +: I] = src_rf[l] ? rf_id[l*I +: I] : src_mv[l] ? mv_id[l*I +: I]",
        "                          : src_xi[l] ? xi_id_q : {I{1'b0}};",
    };
    EMIT(w, head);
    if (g->refill == HC_ONDEMAND)
        vw_line(w, "    assign want[l] = (rf_st[2*l +: 2] == FREE) & pull[l] & b_empty[l];");
    else
        vw_line(w, "    assign want[l] = (rf_st[2*l +: 2] == FREE) & (rphase_q == 0)\n"
                   "                   & (b_count[l*CB +: CB] < (dbl ? CAP_HALF : CAP_ALL));");
    static const char *const tail[] = {
        "    assign ld_mask[l] = ld_go & want[l] & (wt_pre[l*8 +: 8] < cnt);",
        "    // lane answers: ID when the bank pulls, else WAIT, or DONE",
        "    assign ans[2*l +: 2] = ~pull[l] ? 2'd0 : b_pull_ok[l] ? ANS_ID : done_now ? ANS_DONE "
        ": ANS_WAIT;",
        "end endgenerate",
        "",
        "// the memory request: a store, else a refill load (lowest free tag)",
        "integer j;",
        "always @* begin",
        "    st_go = 1'b0; ld_go = 1'b0; n = 0; tag = 0; addr = 0; tag_found = 1'b0; cnt = 0; "
        "lim = 0;",
        "    for (j = T - 1; j >= 0; j = j - 1)",
        "        if (!tag_busy[j]) begin tag = j; tag_found = 1'b1; end",
        "    if (!rq_valid_q && cb_n_q != 0 && (cb_n_q == C || b_spill == 0)) begin",
        "        st_go = 1'b1;",
        "        lim = rsize_push - tail_q[pushr];",
        "        n = (cb_n_q < lim) ? cb_n_q : lim;",
        "        addr = base_q + rbase_push + tail_q[pushr];",
        "    end else if (!rq_valid_q && stored_pull != 0 && want != 0 && tag_found) begin",
        "        cnt = wt_pre[L*8 +: 8];",
        "        lim = rsize_pull - head_q[pullr];",
        "        if (cnt > stored_pull) cnt = stored_pull;",
        "        if (cnt > lim) cnt = lim;",
        "        if (cnt > C) cnt = C;",
        "        n = cnt;",
        "        ld_go = 1'b1;",
        "        addr = base_q + rbase_pull + head_q[pullr];",
        "    end",
        "end",
        "",
    };
    EMIT(w, tail);
}

/* Registers: per bank (move and refill slots), per tag, per coalescing-
 * buffer slot, then the few single registers. */
static void emit_regs(irhw_vw *w, const hwwl_core_geom *g)
{
    const char *land = g->sram ? "RSV" : "FULL";
    char sel_l[64], sel_c[64]; /* the word selectors over the lanes and the coalescing slots */
    vw_sel_unit_name(sel_l, sizeof sel_l, g->lanes, g->id_bits);
    vw_sel_unit_name(sel_c, sizeof sel_c, g->coalesce, g->id_bits);
    static const char *const lanes[] = {
        "// ---- lanes: answers and waiting bits",
        "always @(posedge clk) begin",
        "    if (rst) begin",
        "        waiting_q <= {L{1'b0}};",
        "        ans_q <= {2*L{1'b0}};",
        "    end else begin",
        "        ans_q <= ans;",
        "        waiting_q <= (waiting_q & ~pull) | (pull & ~b_pull_ok);",
        "    end",
        "end",
        "",
        "// ---- landing slots: slot l < L is bank l's move slot (a word the WRU moves",
        "// there, put into the bank when its port is free), slot L the xfer register (a",
        "// word for another core, freed by xfer_ready). A taken word lands at once with",
        "// flops, or the slot is reserved and filled when the SRAM read returns.",
        "wire [2*(L+1)-1:0] land_st;",
        "wire [(L+1)*I-1:0] land_id;",
        "// Which lane's word lands in slot l (the WRU pairs lanes with distinct slots, so",
        "// at most one does): decoded once per lane, not compared per slot and lane.",
        "reg [L:0] tk_any, cap_any;",
        "reg [LB-1:0] cap_src [0:L];",
        "integer k;",
    };
    EMIT(w, lanes);
    /* (with SRAM a take only reserves the slot: the word comes with the capture) */
    if (!g->sram)
        vw_line(w, "reg [LB-1:0] tk_src [0:L];");
    vw_line(w, "always @* begin");
    vw_line(w, "    tk_any = {(L+1){1'b0}};");
    if (!g->sram)
        vw_line(w, "    for (k = 0; k <= L; k = k + 1) tk_src[k] = {LB{1'b0}};");
    vw_line(w, "    for (k = 0; k < L; k = k + 1)");
    vw_line(w, "        if (take[k] & b_take_ok[k]) begin");
    vw_line(w, "            tk_any[take_to[k*(LB+1) +: LB+1]] = 1'b1;");
    if (!g->sram)
        vw_line(w, "            tk_src[take_to[k*(LB+1) +: LB+1]] = k;");
    vw_line(w, "        end");
    vw_line(w, "end");
    static const char *const lanes2[] = {
        "always @* begin",
        "    cap_any = {(L+1){1'b0}};",
        "    for (k = 0; k <= L; k = k + 1) cap_src[k] = {LB{1'b0}};",
        "    for (k = 0; k < L; k = k + 1)",
        "        if (tk_pend[k]) begin",
        "            cap_any[tk_to[k*(LB+1) +: LB+1]] = 1'b1;",
        "            cap_src[tk_to[k*(LB+1) +: LB+1]] = k;",
        "        end",
        "end",
        "generate for (l = 0; l <= L; l = l + 1) begin : g_land",
        "    wire freed;",
        "    if (l < L) begin : g_move",
        "        assign freed = b_put_ok[l] & src_mv[l];",
        "    end else begin : g_xfer",
        "        assign freed = xfer_ready;",
        "    end",
        "    // Slot states are plain registers, not FSMs for synthesis to re-encode.",
        "    (* fsm_encoding = \"none\" *) reg [1:0] st_q;",
        "    reg [I-1:0] id_q;",
        "    wire [I-1:0] rd_word;  // the read port of the lane whose word lands here",
    };
    EMIT(w, lanes2);
    vw_line(w, "    %s u_rd (.in(b_rd_id), .sel(%s), .out(rd_word));", sel_l,
            g->sram ? "cap_src[l]" : "cap_any[l] ? cap_src[l] : tk_src[l]");
    static const char *const land_ff[] = {
        "    always @(posedge clk) begin",
        "        if (rst) st_q <= FREE;",
        "        else if (cap_any[l]) begin  // a reserved slot's SRAM word returns",
        "            st_q <= FULL;",
        "            id_q <= rd_word;",
        "        end else if (tk_any[l]) begin",
    };
    EMIT(w, land_ff);
    vw_line(w, "            st_q <= %s;", land);
    if (!g->sram)
        vw_line(w, "            id_q <= rd_word;");
    static const char *const slots[] = {
        "        end else if (freed && st_q == FULL) st_q <= FREE;",
        "    end",
        "    assign land_st[2*l +: 2] = st_q;",
        "    assign land_id[l*I +: I] = id_q;",
        "end endgenerate",
        "assign mv_st = land_st[2*L-1:0];",
        "assign mv_id = land_id[L*I-1:0];",
        "assign xo_st = land_st[2*L +: 2];",
        "assign xo_id = land_id[L*I +: I];",
        "",
        "// ---- per bank: the refill slot (a word a load brings), and a take whose SRAM",
        "// read returns next cycle",
        "wire resp_ok = mem_resp_valid & (resp_tag_v < T) & tag_busy[resp_tag_v];",
        "assign resp_mask = tag_mask[resp_tag_v*L +: L];",
        "generate for (l = 0; l < L; l = l + 1) begin : g_slot",
        "    (* fsm_encoding = \"none\" *) reg [1:0] rf_st_q;",
        "    reg [I-1:0] rf_id_q;",
        "    wire [QB-1:0] ridx = rs_pre[l*8 +: QB];  // below C for a bank the response fills",
        "    wire [I-1:0] resp_word;",
    };
    EMIT(w, slots);
    vw_line(w, "    %s u_resp (.in(resp_data_v), .sel(ridx), .out(resp_word));", sel_c);
    static const char *const slots2[] = {
        "    always @(posedge clk) begin",
        "        if (rst) rf_st_q <= FREE;",
        "        else if (resp_ok & resp_mask[l]) begin",
        "            rf_st_q <= FULL;",
        "            rf_id_q <= resp_word;",
        "        end else if (ld_mask[l]) rf_st_q <= RSV;",
        "        else if (b_put_ok[l] & src_rf[l]) rf_st_q <= FREE;",
        "    end",
        "    assign rf_st[2*l +: 2] = rf_st_q;",
        "    assign rf_id[l*I +: I] = rf_id_q;",
        "    reg tk_pend_q;",
        "    reg [LB:0] tk_to_q;",
        "    always @(posedge clk) begin",
    };
    EMIT(w, slots2);
    vw_line(w, "        tk_pend_q <= %s;", g->sram ? "~rst & take[l] & b_take_ok[l]" : "1'b0");
    static const char *const tk[] = {
        "        tk_to_q <= take_to[l*(LB+1) +: LB+1];",
        "    end",
        "    assign tk_pend[l] = tk_pend_q;",
        "    assign tk_to[l*(LB+1) +: LB+1] = tk_to_q;",
        "end endgenerate",
        "",
        "// ---- the rx register (a word from another core)",
    };
    EMIT(w, tk);
    static const char *const regs[] = {
        "always @(posedge clk) begin",
        "    if (rst) begin",
        "        xi_valid_q <= 1'b0;",
        "        rx_ptr_q <= {LB{1'b0}};",
        "    end else if (xi_valid_q) begin  // tries the next bank every cycle it is full",
        "        rx_ptr_q <= (rx_ptr_q == L - 1) ? {LB{1'b0}} : rx_ptr_q + 1'b1;",
        "        if (|(b_put_ok & src_xi)) xi_valid_q <= 1'b0;",
        "    end else if (rx_valid) begin",
        "        xi_valid_q <= 1'b1;",
        "        xi_id_q <= rx_id;",
        "    end",
        "end",
        "",
        "// ---- tags of the loads in flight",
        "generate for (t = 0; t < T; t = t + 1) begin : g_tag",
        "    reg busy_q;",
        "    reg [L-1:0] mask_q;",
        "    always @(posedge clk) begin",
        "        if (rst) busy_q <= 1'b0;",
        "        else if (resp_ok & (resp_tag_v == t)) busy_q <= 1'b0;",
        "        else if (ld_go & (tag == t)) begin",
        "            busy_q <= 1'b1;",
        "            mask_q <= ld_mask;",
        "        end",
        "    end",
        "    assign tag_busy[t] = busy_q;",
        "    assign tag_mask[t*L +: L] = mask_q;",
        "end endgenerate",
        "",
        "// ---- the coalescing buffer: slot s takes the spill whose rank lands there; a",
        "// store's j-th ID is slot (head + j) mod C",
        "// (accepted spills have distinct ranks, so at most one lane writes a slot: each",
        "// lane's slot is decoded once, and the slot reads that lane's ID by index)",
        "wire [C*I-1:0] st_data;",
        "reg [C-1:0] cb_wr;",
        "reg [LB-1:0] cb_src [0:C-1];",
        "always @* begin",
        "    cb_wr = {C{1'b0}};",
        "    for (k = 0; k < C; k = k + 1) cb_src[k] = {LB{1'b0}};",
        "    for (k = 0; k < L; k = k + 1)",
        "        if (acc[k]) begin",
        "            cb_wr[sp_slot[k*(QB+1) +: QB+1]] = 1'b1;",
        "            cb_src[sp_slot[k*(QB+1) +: QB+1]] = k;",
        "        end",
        "end",
        "generate for (t = 0; t < C; t = t + 1) begin : g_cb",
        "    reg [I-1:0] id_q;",
        "    wire [I-1:0] push_word, st_word;",
        "    wire [QB-1:0] rot = (cb_head_q + t >= C) ? cb_head_q + t - C : cb_head_q + t;",
    };
    EMIT(w, regs);
    vw_line(w, "    %s u_push (.in(push_id_v), .sel(cb_src[t]), .out(push_word));", sel_l);
    vw_line(w, "    %s u_st (.in(cb), .sel(rot), .out(st_word));", sel_c);
    static const char *const regs2[] = {
        "    always @(posedge clk) if (cb_wr[t]) id_q <= push_word;",
        "    assign cb[t*I +: I] = id_q;",
        "    assign st_data[t*I +: I] = (t < n) ? st_word : {I{1'b0}};",
        "end endgenerate",
        "",
        "// ---- the request register and the overflow buffer's regions",
        "always @(posedge clk) begin",
        "    if (rst) begin",
        "        rq_valid_q <= 1'b0; cb_head_q <= 0; cb_n_q <= 0; base_q <= 0; size_q <= 0;",
        "        head_q[0] <= 0; head_q[1] <= 0; tail_q[0] <= 0; tail_q[1] <= 0;",
        "        stored_q[0] <= 0; stored_q[1] <= 0; opull_q <= 1'b0; rphase_q <= 0;",
        "    end else begin",
        "        if (rq_valid_q && mem_req_ready) rq_valid_q <= 1'b0;",
        "        if (st_go) begin",
        "            rq_valid_q <= 1'b1; rq_write_q <= 1'b1; rq_addr_q <= addr; rq_n_q <= n;",
        "            rq_tag_q <= 0; rq_data_q <= st_data;",
        "            tail_q[pushr] <= (tail_q[pushr] + n == rsize_push) ? 0 : tail_q[pushr] + n;",
        "            stored_q[pushr] <= stored_q[pushr] + n;",
        "            cb_head_q <= (cb_head_q + n >= C) ? cb_head_q + n - C : cb_head_q + n;",
        "        end else if (ld_go) begin",
        "            rq_valid_q <= 1'b1; rq_write_q <= 1'b0; rq_addr_q <= addr; rq_n_q <= n;",
        "            rq_tag_q <= tag;",
        "            head_q[pullr] <= (head_q[pullr] + n == rsize_pull) ? 0 : head_q[pullr] + n;",
        "            stored_q[pullr] <= stored_q[pullr] - n;",
        "        end",
        "        cb_n_q <= cb_n_q - (st_go ? n : 0) + acc_n;",
        "        if (init_go) begin",
        "            base_q <= wlinit_base; size_q <= wlinit_size;",
        "            head_q[0] <= 0; head_q[1] <= 0; tail_q[0] <= 0; tail_q[1] <= 0;",
        "        end",
        "        if (cfg_go) begin",
        "            opull_q <= 1'b0;",
        "            head_q[0] <= 0; head_q[1] <= 0; tail_q[0] <= 0; tail_q[1] <= 0;",
        "        end",
        "        if (swap_go) opull_q <= ~opull_q;",
    };
    EMIT(w, regs2);
    if (g->refill == HC_INTERVAL_REFILL)
        vw_line(w, "        rphase_q <= (rphase_q == %u) ? 0 : rphase_q + 1'b1;", g->interval - 1);
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_assert(w, "cbuf_bound", "the coalescing buffer never holds more than COALESCE IDs",
              "cb_n_q <= C");
    vw_assert(w, "load_has_ids", "a refill load never takes more IDs than its region stores",
              "!ld_go | (n <= stored_pull)");
    vw_blank(w);
}

static void emit_outputs(irhw_vw *w, const hwwl_core_geom *g)
{
    vw_line(w, "/* verilator lint_on WIDTH */");
    vw_line(w, "// Bank and WRU outputs this design does not need (kept for waveforms).");
    vw_line(w, "wire unused_parts = &{1'b0, b_cfg_ok, b_swap_ok, b_full, b_greedy, b_pull_valid, "
               "b_rd_valid, b_dbl,");
    vw_line(w, "                      w_plan, w_receive, w_empty, ans_q, ans, rphase_q};");
    vw_line(w, "// ---- outputs");
    vw_line(w, "assign wlcfg_ok  = cfg_go;");
    vw_line(w, "assign wlinit_ok = init_go;");
    vw_line(w, "assign swap_ok   = swap_go;");
    vw_line(w, "assign push_ok   = b_push_ok | acc;");
    vw_line(w, "assign push_exc  = exc;");
    vw_line(w, "assign pull_ans  = %s;", g->sram ? "ans_q" : "ans");
    vw_line(w, "assign pull_id   = b_pull_id;");
    vw_line(w, "assign rx_ready  = ~xi_valid_q;");
    vw_line(w, "assign xfer_valid = (xo_st == FULL);");
    vw_line(w, "assign xfer_id   = (xo_st == FULL) ? xo_id : {I{1'b0}};");
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
    vw_line(w, "// The parts, generated for this configuration (irhw gen wl_bank / wru), and");
    vw_line(w, "// the word selectors of the landing slots, refill slots and coalescing buffer.");
    vw_line(w, "/* verilator lint_off DECLFILENAME */");
    vw_sel_unit(w, g->lanes, g->id_bits);
    vw_blank(w);
    if (g->coalesce != g->lanes) {
        vw_sel_unit(w, g->coalesce, g->id_bits);
        vw_blank(w);
    }
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
