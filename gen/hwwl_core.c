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
 * Every width is explicit (verilator -Wall is clean without a lint_off
 * WIDTH): a count meets a wider one zero-filled (fit), and is cut to fewer
 * bits only where the design keeps it below COALESCE or LANES; the
 * constants it is compared with are localparams of its width.
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

/* `expr` (a name or a select) of from_w bits at to_w bits: zero-extended
 * with the replication written in the parameters' names, as it is, or its
 * low bits (a value the design keeps below 2^to_w). */
static const char *fit(char *buf, size_t len, const char *expr, const char *to, unsigned to_w,
                       const char *from, unsigned from_w)
{
    if (to_w > from_w && strchr(to, '+')) /* a width that is itself a sum: the count */
        snprintf(buf, len, "{%u'd0, %s}", to_w - from_w, expr);
    else if (to_w > from_w)
        snprintf(buf, len, "{{(%s-%s){1'b0}}, %s}", to, from, expr);
    else if (to_w < from_w)
        snprintf(buf, len, "%s[%s-1:0]", expr, to);
    else
        snprintf(buf, len, "%s", expr);
    return buf;
}

/* The widths the generated names stand for (the Verilog's localparams). */
typedef struct {
    unsigned ovf, n, pre, slot, addr;
} hc_widths;

static hc_widths widths_of(const hwwl_core_geom *g)
{
    hc_widths k = {g->ovf_bits, g->n_bits, irhw_bits_for(g->lanes), g->cb_bits, g->addr_bits};
    return k;
}

static void emit_params(irhw_vw *w, const hwwl_core_geom *g)
{
    hc_widths k = widths_of(g);
    vw_line(w, "localparam LANES        = %u;  // banks, one per lane", g->lanes);
    vw_line(w, "localparam ID_BITS      = %u;", g->id_bits);
    vw_line(w, "localparam COALESCE     = %u;  // IDs per memory request", g->coalesce);
    vw_line(w, "localparam OUTSTANDING  = %u;  // loads in flight, one tag each", g->outstanding);
    vw_line(w, "localparam CNT_BITS     = %u;  // a bank's count", g->cnt_bits);
    vw_line(w, "localparam WRU_CNT_BITS = %u;  // the WRU's count: bank + reserved slots",
            g->wcnt_bits);
    vw_line(w, "localparam OVF_BITS     = %u;  // holds 0..OVF_CAP: the overflow buffer's counts",
            k.ovf);
    vw_line(w, "localparam N_BITS       = %u;  // holds 0..COALESCE: IDs in one request", k.n);
    vw_line(w, "localparam PRE_BITS     = %u;  // holds 0..LANES: a count of lanes", k.pre);
    vw_line(w, "localparam TAG_BITS     = %u;  // a tag", g->tag_bits);
    vw_line(w, "localparam LANE_BITS    = %u;  // a lane index", g->lane_bits);
    vw_line(w, "localparam LAND_BITS    = %u;  // a landing slot: 0..LANES",
            irhw_clog2(g->lanes + 1));
    vw_line(w, "localparam SLOT_BITS    = %u;  // a coalescing-buffer slot", k.slot);
    vw_line(w, "localparam ADDR_BITS    = %u;", k.addr);
    vw_line(w, "localparam [OVF_BITS-1:0] OVF_CAP = %u;", g->ovf_cap);
    vw_line(w, "// COALESCE and LANES at the widths they are compared with");
    vw_line(w, "localparam [OVF_BITS-1:0] OVF_COALESCE = %u;", g->coalesce);
    vw_line(w, "localparam [SLOT_BITS+1:0] SUM_COALESCE = %u;  // a slot + count + rank",
            g->coalesce);
    vw_line(w, "localparam [N_BITS:0] HEAD_COALESCE = %u;  // a slot + a request's count",
            g->coalesce);
    vw_line(w,
            "localparam [LAND_BITS-1:0] XFER_SLOT = %u;  // landing slot LANES: the xfer register",
            g->lanes);
    vw_line(w, "localparam [LANE_BITS-1:0] LAST_LANE = %u;", g->lanes - 1);
    if (g->refill == HC_INTERVAL_REFILL)
        vw_line(w,
                "localparam [CNT_BITS-1:0] CAP_ALL = %u, CAP_HALF = %u;  // interval refill: room "
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
        "wire [2*LANES-1:0]         mv_st, rf_st;  // move / refill slot per bank: FREE RSV FULL",
        "wire [LANES*ID_BITS-1:0]   mv_id, rf_id;",
        "wire [OUTSTANDING-1:0]     tag_busy;      // a load in flight under tag t",
        "wire [OUTSTANDING*LANES-1:0] tag_mask;    // the banks it refills",
        "wire [COALESCE*ID_BITS-1:0] cbuf;         // coalescing buffer (a ring), g_cb[s]",
        "wire [LANES-1:0]           tk_pend;       // sram: a take whose word returns now",
        "wire [LANES*LAND_BITS-1:0] tk_to;     // its receiver, or XFER_SLOT",
        "wire [1:0]                 xo_st;         // the xfer register: landing slot LANES",
        "wire [ID_BITS-1:0]         xo_id;",
        "reg  [ID_BITS-1:0]         xi_id_q;",
        "reg                        xi_valid_q;    // rx register (from another core)",
        "reg  [LANE_BITS-1:0]       rx_ptr_q;",
        "reg  [SLOT_BITS-1:0]       cb_head_q;",
        "reg  [N_BITS-1:0]          cb_n_q;",
        "reg                        rq_valid_q, rq_write_q;  // the memory request register",
        "reg  [ADDR_BITS-1:0]       rq_addr_q;",
        "reg  [N_BITS-1:0]          rq_n_q;",
        "reg  [TAG_BITS-1:0]        rq_tag_q;",
        "reg  [COALESCE*ID_BITS-1:0] rq_data_q;",
        "reg  [ADDR_BITS-1:0]       base_q;",
        "reg  [OVF_BITS-1:0]        size_q;",
        "reg  [OVF_BITS-1:0]        head_q [0:1];",
        "reg  [OVF_BITS-1:0]        tail_q [0:1];",
        "reg  [OVF_BITS-1:0]        stored_q [0:1];  // IDs in memory per region",
        "reg                        opull_q;       // double mode: the pull region",
        "reg  [LANES-1:0]           waiting_q;     // lane answered WAIT/DONE since its last ID",
        "reg  [2*LANES-1:0]         ans_q;         // sram: answers one cycle later",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        vw_line(w, "%s", lines[i]);
    vw_line(w, "reg  [%u:0]                 rphase_q;      // interval refill phase",
            g->interval > 1 ? irhw_clog2(g->interval) - 1 : 0);
    vw_blank(w);
}
static void emit_parts(irhw_vw *w, const hwwl_core_geom *g, const irhw_inst *bank,
                       const irhw_inst *wru)
{
    vw_line(w, "// ---- the banks and the WRU");
    vw_line(w,
            "wire [LANES-1:0] b_push_ok, b_spill, b_pull_ok, b_pull_valid, b_take_ok, b_put_ok;");
    vw_line(w, "wire [LANES-1:0] b_rd_valid, b_dbl, b_empty, b_full, b_greedy, b_idle, b_cfg_ok, "
               "b_swap_ok;");
    vw_line(w, "wire [LANES*ID_BITS-1:0] b_pull_id, b_rd_id, push_id_v;");
    vw_line(w, "wire [LANES*CNT_BITS-1:0] b_count;");
    vw_line(w, "wire [LANES-1:0] take, put;");
    vw_line(w, "wire [LANES*ID_BITS-1:0] put_id;");
    vw_line(w, "wire cfg_go, swap_go;");
    vw_line(w, "assign push_id_v = push_id;");
    vw_line(w, "genvar l, t;");
    vw_line(w, "generate for (l = 0; l < LANES; l = l + 1) begin : g_bank");
    vw_line(w, "    %s u_bank (", bank->module);
    vw_line(w, "        .clk(clk), .rst(rst), .cfg_en(cfg_go), .cfg_double(wlcfg_double),");
    vw_line(w,
            "        .push(push[l]), .push_id(push_id_v[l*ID_BITS +: ID_BITS]), .swap(swap_go),");
    vw_line(w, "        .pull(pull[l] & ~(b_empty[l] & put[l])),  // a pull that could only fail "
               "yields to a put");
    vw_line(
        w, "        .rd_take(take[l]), .rd_put(put[l]), .rd_put_id(put_id[l*ID_BITS +: ID_BITS]),");
    vw_line(w, "        .cfg_ok(b_cfg_ok[l]), .push_ok(b_push_ok[l]), .spill(b_spill[l]), "
               ".pull_ok(b_pull_ok[l]),");
    vw_line(w, "        .pull_valid(b_pull_valid[l]), .pull_id(b_pull_id[l*ID_BITS +: ID_BITS]), "
               ".swap_ok(b_swap_ok[l]),");
    vw_line(w, "        .rd_take_ok(b_take_ok[l]), .rd_put_ok(b_put_ok[l]), "
               ".rd_valid(b_rd_valid[l]), .rd_id(b_rd_id[l*ID_BITS +: ID_BITS]),");
    vw_line(w, "        .double_mode(b_dbl[l]), .count(b_count[l*CNT_BITS +: CNT_BITS]), "
               ".empty(b_empty[l]), .full(b_full[l]),");
    vw_line(w, "        .greedy(b_greedy[l]), .idle(b_idle[l]));");
    vw_line(w, "end endgenerate");
    vw_blank(w);
    vw_line(w, "// The WRU counts reserved slots as occupied.");
    vw_line(w, "wire [LANES*WRU_CNT_BITS-1:0] w_counts;");
    vw_line(w, "generate for (l = 0; l < LANES; l = l + 1) begin : g_count");
    vw_line(w, "    assign w_counts[l*WRU_CNT_BITS +: WRU_CNT_BITS] =");
    vw_line(w, "        {{(WRU_CNT_BITS-CNT_BITS){1'b0}}, b_count[l*CNT_BITS +: CNT_BITS]}");
    vw_line(w,
            "        + {{(WRU_CNT_BITS-1){1'b0}}, |mv_st[2*l +: 2]} + {{(WRU_CNT_BITS-1){1'b0}}, "
            "|rf_st[2*l +: 2]};");
    vw_line(w, "end endgenerate");
    vw_line(w, "wire [LANES-1:0] w_donate, w_receive;");
    vw_line(w, "wire [LANES*LANE_BITS-1:0] w_to;");
    vw_line(w, "wire [LANE_BITS-1:0] w_xbank;");
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

/* The regions of the overflow buffer and what the coalescing buffer may
 * take this cycle. */
static void emit_regions(irhw_vw *w, const hwwl_core_geom *g)
{
    hc_widths k = widths_of(g);
    char a[160], b[160];
    static const char *const head[] = {
        "// ---- this cycle's decisions",
        "wire [COALESCE*ID_BITS-1:0] resp_data_v = mem_resp_data;",
        "wire [TAG_BITS-1:0] resp_tag_v = mem_resp_tag;",
        "wire dbl_mode = b_dbl[0];",
        "wire pullr = dbl_mode & opull_q;",
        "wire pushr = dbl_mode & ~opull_q;",
        "wire [OVF_BITS-1:0] half_size = size_q >> 1;",
        "wire [OVF_BITS-1:0] rsize_pull = ~dbl_mode ? size_q : pullr ? size_q - half_size : "
        "half_size;",
        "wire [OVF_BITS-1:0] rsize_push = ~dbl_mode ? size_q : pushr ? size_q - half_size : "
        "half_size;",
    };
    EMIT(w, head);
    fit(a, sizeof a, "half_size", "ADDR_BITS", k.addr, "OVF_BITS", k.ovf);
    vw_line(w, "wire [ADDR_BITS-1:0] rbase_pull = pullr ? %s : {ADDR_BITS{1'b0}};", a);
    vw_line(w, "wire [ADDR_BITS-1:0] rbase_push = pushr ? %s : {ADDR_BITS{1'b0}};", a);
    vw_line(w, "wire [OVF_BITS-1:0] stored_pull = stored_q[pullr], stored_push = stored_q[pushr];");
    vw_line(w, "wire [OVF_BITS-1:0] cb_n_ovf = %s;  // the buffer's count at the regions' width",
            fit(b, sizeof b, "cb_n_q", "OVF_BITS", k.ovf, "N_BITS", k.n));
    static const char *const quiet[] = {
        "wire slots_quiet = ~(|mv_st) & ~(|rf_st) & ~(|tk_pend) & ~(|tag_busy) & (xo_st == FREE)",
        "                 & ~xi_valid_q;",
        "wire hvu_empty = (cb_n_q == 0) & ~rq_valid_q & (stored_q[0] == 0) & (stored_q[1] == 0);",
        "wire pull_quiet = (&b_empty) & (stored_pull == 0) & slots_quiet;",
        "wire empty_out = pull_quiet & (dbl_mode | ((cb_n_q == 0) & ~(rq_valid_q & rq_write_q) "
        "& (&waiting_q)));",
        "wire done_now = empty_out & others_done;",
        "wire cfg_rdy = (&b_idle) & hvu_empty & slots_quiet;",
        "wire swap_rdy = dbl_mode & pull_quiet & (cb_n_q == 0) & ~rq_valid_q;",
        "assign cfg_go = wlcfg_en & cfg_rdy & ~(|push) & ~rx_valid;",
        "assign swap_go = swap & ~wlcfg_en & swap_rdy & ~(|push) & ~rx_valid;",
        "wire init_go = wlinit_en & hvu_empty & ~(|push) & ~(|tag_busy) & ~(|rf_st)",
        "             & (wlinit_size >= LANES) & (wlinit_size <= OVF_CAP);",
        "wire [OVF_BITS-1:0] room = rsize_push - stored_push - cb_n_ovf;",
        "wire [OVF_BITS-1:0] cb_free = OVF_COALESCE - cb_n_ovf;",
        "wire [OVF_BITS-1:0] avail = room < cb_free ? room : cb_free;",
        "",
    };
    EMIT(w, quiet);
}

/* The combinational decisions, in the order of the model's hc_step: per
 * lane in named generate blocks (prefix counts give a lane its rank among
 * the lanes that ask), the memory request in one block. */
static void emit_decide(irhw_vw *w, const hwwl_core_geom *g)
{
    hc_widths k = widths_of(g);
    char a[160], b[160], c[160];
    emit_regions(w, g);
    static const char *const decl[] = {
        "reg store_go, load_go, tag_found;  // the memory request (below)",
        "reg [N_BITS-1:0] req_n;",
        "reg [TAG_BITS-1:0] free_tag;",
        "reg [ADDR_BITS-1:0] req_addr;",
        "reg [OVF_BITS-1:0] load_n, region_left;",
        "wire [LANES-1:0] spill_ok, spill_exc, rf_want, ld_mask, src_rf, src_mv, src_xi;",
        "wire [LANES*SLOT_BITS-1:0] sp_slot;",
        "wire [LANES*LAND_BITS-1:0] take_to;",
        "wire [2*LANES-1:0] lane_ans;",
        "// Prefix counts: x_pre[l] = set bits of x below lane l, a lane's rank among the",
        "// lanes that ask (spills, refill wants, banks a load response fills).",
        "wire [(LANES+1)*PRE_BITS-1:0] sp_pre /* verilator split_var */, wt_pre /* verilator "
        "split_var */;",
        "wire [(LANES+1)*PRE_BITS-1:0] rs_pre /* verilator split_var */;",
        "wire [LANES-1:0] resp_mask;",
        "assign sp_pre[PRE_BITS-1:0] = {PRE_BITS{1'b0}};",
        "assign wt_pre[PRE_BITS-1:0] = {PRE_BITS{1'b0}};",
        "assign rs_pre[PRE_BITS-1:0] = {PRE_BITS{1'b0}};",
        "generate for (l = 0; l < LANES; l = l + 1) begin : g_prefix",
        "    assign sp_pre[(l+1)*PRE_BITS +: PRE_BITS] = sp_pre[l*PRE_BITS +: PRE_BITS]",
        "        + {{(PRE_BITS-1){1'b0}}, b_spill[l]};",
        "    assign wt_pre[(l+1)*PRE_BITS +: PRE_BITS] = wt_pre[l*PRE_BITS +: PRE_BITS]",
        "        + {{(PRE_BITS-1){1'b0}}, rf_want[l]};",
        "    assign rs_pre[(l+1)*PRE_BITS +: PRE_BITS] = rs_pre[l*PRE_BITS +: PRE_BITS]",
        "        + {{(PRE_BITS-1){1'b0}}, resp_mask[l]};",
        "end endgenerate",
        "wire [PRE_BITS-1:0] spills = sp_pre[LANES*PRE_BITS +: PRE_BITS];",
        "wire [PRE_BITS-1:0] wants = wt_pre[LANES*PRE_BITS +: PRE_BITS];",
        "wire unused_prefix = &{1'b0, rs_pre[LANES*PRE_BITS +: PRE_BITS]};",
    };
    EMIT(w, decl);
    vw_line(w, "wire [PRE_BITS-1:0] avail_lanes = %s;  // avail <= COALESCE <= LANES",
            fit(a, sizeof a, "avail", "PRE_BITS", k.pre, "OVF_BITS", k.ovf));
    if (k.ovf > k.pre)
        vw_line(w, "wire unused_avail_hi = &{1'b0, avail[OVF_BITS-1:PRE_BITS]};");
    vw_line(w, "wire [PRE_BITS-1:0] acc_n = (spills < avail_lanes) ? spills : avail_lanes;  "
               "// spills are taken in lane order");
    if (k.pre > k.n)
        vw_line(w, "wire unused_acc_hi = &{1'b0, acc_n[PRE_BITS-1:N_BITS]};  // acc_n <= COALESCE");
    vw_line(w, "generate for (l = 0; l < LANES; l = l + 1) begin : g_lane");
    vw_line(w, "    // spills into the coalescing buffer in lane order; exception with no room at "
               "all");
    vw_line(w, "    wire [PRE_BITS-1:0] sp_rank = sp_pre[l*PRE_BITS +: PRE_BITS];");
    vw_line(w, "    wire [PRE_BITS-1:0] wt_rank = wt_pre[l*PRE_BITS +: PRE_BITS];");
    vw_line(w, "    assign spill_ok[l] = b_spill[l] & (sp_rank < avail_lanes);");
    vw_line(w, "    assign spill_exc[l] = b_spill[l] & ~spill_ok[l] & (room == 0);");
    vw_line(w, "    wire [SLOT_BITS+1:0] slot_sum = %s + %s + %s;",
            fit(a, sizeof a, "cb_head_q", "SLOT_BITS+2", k.slot + 2, "SLOT_BITS", k.slot),
            fit(b, sizeof b, "cb_n_q", "SLOT_BITS+2", k.slot + 2, "N_BITS", k.n),
            fit(c, sizeof c, "sp_rank", "SLOT_BITS+2", k.slot + 2, "PRE_BITS", k.pre));
    vw_line(w, "    wire [SLOT_BITS+1:0] slot_wrap = (slot_sum >= SUM_COALESCE) ? slot_sum - "
               "SUM_COALESCE : slot_sum;");
    vw_line(w, "    assign sp_slot[l*SLOT_BITS +: SLOT_BITS] = slot_wrap[SLOT_BITS-1:0];");
    vw_line(
        w,
        "    wire unused_slot_hi = &{1'b0, slot_wrap[SLOT_BITS+1:SLOT_BITS]};  // below COALESCE");
    static const char *const plan[] = {
        "    // the WRU's plan: a take only into a free move slot / xfer register",
        "    wire [LANE_BITS-1:0] dest = w_to[l*LANE_BITS +: LANE_BITS];",
        "    wire xsel = w_xvalid & (xo_st == FREE) & (w_xbank == l);",
        "    assign take[l] = (w_donate[l] & (mv_st[2*dest +: 2] == FREE)) | xsel;",

        "    // puts: refill slot > move slot > rx register",
        "    assign src_rf[l] = rf_st[2*l +: 2] == FULL;",
        "    assign src_mv[l] = ~src_rf[l] & (mv_st[2*l +: 2] == FULL);",
        "    assign src_xi[l] = ~src_rf[l] & ~src_mv[l] & xi_valid_q & (rx_ptr_q == l);",
        "    assign put[l] = src_rf[l] | src_mv[l] | src_xi[l];",
        "    assign put_id[l*ID_BITS +: ID_BITS] = src_rf[l] ? rf_id[l*ID_BITS +: ID_BITS]",
        "        : src_mv[l] ? mv_id[l*ID_BITS +: ID_BITS] : src_xi[l] ? xi_id_q : "
        "{ID_BITS{1'b0}};",
    };
    EMIT(w, plan);
    vw_line(
        w, "    assign take_to[l*LAND_BITS +: LAND_BITS] = xsel ? XFER_SLOT : %s;",
        fit(a, sizeof a, "dest", "LAND_BITS", irhw_clog2(g->lanes + 1), "LANE_BITS", g->lane_bits));
    if (g->refill == HC_ONDEMAND)
        vw_line(w, "    assign rf_want[l] = (rf_st[2*l +: 2] == FREE) & pull[l] & b_empty[l];");
    else
        vw_line(w,
                "    assign rf_want[l] = (rf_st[2*l +: 2] == FREE) & (rphase_q == 0)\n"
                "        & (b_count[l*CNT_BITS +: CNT_BITS] < (dbl_mode ? CAP_HALF : CAP_ALL));");
    vw_line(w, "    assign ld_mask[l] = load_go & rf_want[l] & (%s < load_n);",
            fit(a, sizeof a, "wt_rank", "OVF_BITS", k.ovf, "PRE_BITS", k.pre));
    static const char *const answer[] = {
        "    // lane answers: ID when the bank pulls, else WAIT, or DONE",
        "    assign lane_ans[2*l +: 2] = ~pull[l] ? 2'd0 : b_pull_ok[l] ? ANS_ID",
        "        : done_now ? ANS_DONE : ANS_WAIT;",
        "end endgenerate",
        "",
        "// the memory request: a store, else a refill load (lowest free tag)",
        "integer j;",
        "always @* begin",
        "    store_go = 1'b0; load_go = 1'b0; tag_found = 1'b0; req_n = 0; free_tag = 0;",
        "    req_addr = 0; load_n = 0; region_left = 0;",
        "    for (j = OUTSTANDING - 1; j >= 0; j = j - 1)",
        "        if (!tag_busy[j]) begin free_tag = j[TAG_BITS-1:0]; tag_found = 1'b1; end",
        "    if (!rq_valid_q && cb_n_q != 0 && (cb_n_q == COALESCE || b_spill == 0)) begin",
        "        store_go = 1'b1;",
        "        region_left = rsize_push - tail_q[pushr];",
    };
    EMIT(w, answer);
    vw_line(w, "        req_n = (cb_n_ovf < region_left) ? cb_n_q : %s;",
            fit(a, sizeof a, "region_left", "N_BITS", k.n, "OVF_BITS", k.ovf));
    vw_line(w, "        req_addr = base_q + rbase_push + %s;",
            fit(a, sizeof a, "tail_q[pushr]", "ADDR_BITS", k.addr, "OVF_BITS", k.ovf));
    vw_line(w,
            "    end else if (!rq_valid_q && stored_pull != 0 && rf_want != 0 && tag_found) begin");
    vw_line(w, "        load_n = %s;",
            fit(a, sizeof a, "wants", "OVF_BITS", k.ovf, "PRE_BITS", k.pre));
    static const char *const load[] = {
        "        region_left = rsize_pull - head_q[pullr];",
        "        if (load_n > stored_pull) load_n = stored_pull;",
        "        if (load_n > region_left) load_n = region_left;",
    };
    EMIT(w, load);
    if (g->coalesce < (1u << k.ovf) - 1) /* else no count is above it */
        vw_line(w, "        if (load_n > OVF_COALESCE) load_n = OVF_COALESCE;");
    vw_line(w, "        req_n = %s;", fit(a, sizeof a, "load_n", "N_BITS", k.n, "OVF_BITS", k.ovf));
    vw_line(w, "        load_go = 1'b1;");
    vw_line(w, "        req_addr = base_q + rbase_pull + %s;",
            fit(a, sizeof a, "head_q[pullr]", "ADDR_BITS", k.addr, "OVF_BITS", k.ovf));
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_line(w, "wire [OVF_BITS-1:0] req_n_ovf = %s;",
            fit(a, sizeof a, "req_n", "OVF_BITS", k.ovf, "N_BITS", k.n));
    vw_blank(w);
}

/* Landing slots: bank l's move slot and the xfer register, filled by takes. */
static void emit_landing(irhw_vw *w, const hwwl_core_geom *g, const char *sel_l)
{
    const char *land = g->sram ? "RSV" : "FULL";
    static const char *const lanes[] = {
        "// ---- lanes: answers and waiting bits",
        "always @(posedge clk) begin",
        "    if (rst) begin",
        "        waiting_q <= {LANES{1'b0}};",
        "        ans_q <= {2*LANES{1'b0}};",
        "    end else begin",
        "        ans_q <= lane_ans;",
        "        waiting_q <= (waiting_q & ~pull) | (pull & ~b_pull_ok);",
        "    end",
        "end",
        "",
        "// ---- landing slots: slot l < LANES is bank l's move slot (a word the WRU moves",
        "// there, put into the bank when its port is free), slot LANES the xfer register",
        "// (a word for another core, freed by xfer_ready). A taken word lands at once",
        "// with flops, or the slot is reserved and filled when the SRAM read returns.",
        "wire [2*(LANES+1)-1:0] land_st;",
        "wire [(LANES+1)*ID_BITS-1:0] land_id;",
        "// Which lane's word lands in slot l (the WRU pairs lanes with distinct slots, so",
        "// at most one does): decoded once per lane, not compared per slot and lane.",
        "reg [LANES:0] tk_any, cap_any;",
        "reg [LANE_BITS-1:0] cap_src [0:LANES];",
        "integer k;",
    };
    EMIT(w, lanes);
    /* (with SRAM a take only reserves the slot: the word comes with the capture) */
    if (!g->sram)
        vw_line(w, "reg [LANE_BITS-1:0] tk_src [0:LANES];");
    vw_line(w, "always @* begin");
    vw_line(w, "    tk_any = {(LANES+1){1'b0}};");
    if (!g->sram)
        vw_line(w, "    for (k = 0; k <= LANES; k = k + 1) tk_src[k] = {LANE_BITS{1'b0}};");
    vw_line(w, "    for (k = 0; k < LANES; k = k + 1)");
    vw_line(w, "        if (take[k] & b_take_ok[k]) begin");
    vw_line(w, "            tk_any[take_to[k*LAND_BITS +: LAND_BITS]] = 1'b1;");
    if (!g->sram)
        vw_line(w, "            tk_src[take_to[k*LAND_BITS +: LAND_BITS]] = k[LANE_BITS-1:0];");
    vw_line(w, "        end");
    vw_line(w, "end");
    static const char *const lanes2[] = {
        "always @* begin",
        "    cap_any = {(LANES+1){1'b0}};",
        "    for (k = 0; k <= LANES; k = k + 1) cap_src[k] = {LANE_BITS{1'b0}};",
        "    for (k = 0; k < LANES; k = k + 1)",
        "        if (tk_pend[k]) begin",
        "            cap_any[tk_to[k*LAND_BITS +: LAND_BITS]] = 1'b1;",
        "            cap_src[tk_to[k*LAND_BITS +: LAND_BITS]] = k[LANE_BITS-1:0];",
        "        end",
        "end",
        "generate for (l = 0; l <= LANES; l = l + 1) begin : g_land",
        "    wire freed;",
        "    if (l < LANES) begin : g_move",
        "        assign freed = b_put_ok[l] & src_mv[l];",
        "    end else begin : g_xfer",
        "        assign freed = xfer_ready;",
        "    end",
        "    // Slot states are plain registers, not FSMs for synthesis to re-encode.",
        "    (* fsm_encoding = \"none\" *) reg [1:0] st_q;",
        "    reg [ID_BITS-1:0] id_q;",
        "    wire [ID_BITS-1:0] rd_word;  // the read port of the lane whose word lands here",
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
    static const char *const tail[] = {
        "        end else if (freed && st_q == FULL) st_q <= FREE;",
        "    end",
        "    assign land_st[2*l +: 2] = st_q;",
        "    assign land_id[l*ID_BITS +: ID_BITS] = id_q;",
        "end endgenerate",
        "assign mv_st = land_st[2*LANES-1:0];",
        "assign mv_id = land_id[LANES*ID_BITS-1:0];",
        "assign xo_st = land_st[2*LANES +: 2];",
        "assign xo_id = land_id[LANES*ID_BITS +: ID_BITS];",
        "",
    };
    EMIT(w, tail);
}

/* Per bank: the refill slot and the pending SRAM take; the rx register. */
static void emit_refill(irhw_vw *w, const hwwl_core_geom *g, const char *sel_c)
{
    vw_line(w, "// ---- per bank: the refill slot (a word a load brings), and a take whose SRAM");
    vw_line(w, "// read returns next cycle");
    if (g->outstanding == 1u << g->tag_bits) {
        vw_line(w, "wire [TAG_BITS-1:0] resp_at = resp_tag_v;  // every tag value names a tag");
        vw_line(w, "wire resp_ok = mem_resp_valid & tag_busy[resp_at];");
    } else {
        vw_line(w,
                "// a tag value naming no tag reads tag 0's entries (never out of range); it is");
        vw_line(w, "// no response");
        vw_line(w, "wire resp_tag_ok = resp_tag_v <= %u'd%u;", g->tag_bits, g->outstanding - 1);
        vw_line(w, "wire [TAG_BITS-1:0] resp_at = resp_tag_v & {TAG_BITS{resp_tag_ok}};");
        vw_line(w, "wire resp_ok = mem_resp_valid & resp_tag_ok & tag_busy[resp_at];");
    }
    static const char *const slots[] = {
        "assign resp_mask = tag_mask[resp_at*LANES +: LANES];",
        "generate for (l = 0; l < LANES; l = l + 1) begin : g_slot",
        "    (* fsm_encoding = \"none\" *) reg [1:0] rf_st_q;",
        "    reg [ID_BITS-1:0] rf_id_q;",
        "    // below COALESCE for a bank the response fills",
        "    wire [SLOT_BITS-1:0] resp_slot = rs_pre[l*PRE_BITS +: SLOT_BITS];",
        "    wire [ID_BITS-1:0] resp_word;",
    };
    EMIT(w, slots);
    vw_line(w, "    %s u_resp (.in(resp_data_v), .sel(resp_slot), .out(resp_word));", sel_c);
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
        "    assign rf_id[l*ID_BITS +: ID_BITS] = rf_id_q;",
        "    reg tk_pend_q;",
        "    reg [LAND_BITS-1:0] tk_to_q;",
        "    always @(posedge clk) begin",
    };
    EMIT(w, slots2);
    vw_line(w, "        tk_pend_q <= %s;", g->sram ? "~rst & take[l] & b_take_ok[l]" : "1'b0");
    static const char *const tk[] = {
        "        tk_to_q <= take_to[l*LAND_BITS +: LAND_BITS];",
        "    end",
        "    assign tk_pend[l] = tk_pend_q;",
        "    assign tk_to[l*LAND_BITS +: LAND_BITS] = tk_to_q;",
        "end endgenerate",
        "",
        "// ---- the rx register (a word from another core)",
        "always @(posedge clk) begin",
        "    if (rst) begin",
        "        xi_valid_q <= 1'b0;",
        "        rx_ptr_q <= {LANE_BITS{1'b0}};",
        "    end else if (xi_valid_q) begin  // tries the next bank every cycle it is full",
        "        rx_ptr_q <= (rx_ptr_q == LAST_LANE) ? {LANE_BITS{1'b0}} : rx_ptr_q + 1'b1;",
        "        if (|(b_put_ok & src_xi)) xi_valid_q <= 1'b0;",
        "    end else if (rx_valid) begin",
        "        xi_valid_q <= 1'b1;",
        "        xi_id_q <= rx_id;",
        "    end",
        "end",
        "",
        "// ---- tags of the loads in flight",
        "generate for (t = 0; t < OUTSTANDING; t = t + 1) begin : g_tag",
        "    reg busy_q;",
        "    reg [LANES-1:0] mask_q;",
        "    always @(posedge clk) begin",
        "        if (rst) busy_q <= 1'b0;",
        "        else if (resp_ok & (resp_tag_v == t)) busy_q <= 1'b0;",
        "        else if (load_go & (free_tag == t)) begin",
        "            busy_q <= 1'b1;",
        "            mask_q <= ld_mask;",
        "        end",
        "    end",
        "    assign tag_busy[t] = busy_q;",
        "    assign tag_mask[t*LANES +: LANES] = mask_q;",
        "end endgenerate",
        "",
    };
    EMIT(w, tk);
}

/* The coalescing buffer's slots, the request register and the regions. */
static void emit_buffer(irhw_vw *w, const hwwl_core_geom *g, const char *sel_l, const char *sel_c)
{
    hc_widths k = widths_of(g);
    char a[160], b[160];
    static const char *const cb[] = {
        "// ---- the coalescing buffer: slot s takes the spill whose rank lands there; a",
        "// store's j-th ID is slot (head + j) mod COALESCE",
        "// (accepted spills have distinct ranks, so at most one lane writes a slot: each",
        "// lane's slot is decoded once, and the slot reads that lane's ID by index)",
        "wire [COALESCE*ID_BITS-1:0] st_data;",
        "reg [COALESCE-1:0] cb_wr;",
        "reg [LANE_BITS-1:0] cb_src [0:COALESCE-1];",
        "always @* begin",
        "    cb_wr = {COALESCE{1'b0}};",
        "    for (k = 0; k < COALESCE; k = k + 1) cb_src[k] = {LANE_BITS{1'b0}};",
        "    for (k = 0; k < LANES; k = k + 1)",
        "        if (spill_ok[k]) begin",
        "            cb_wr[sp_slot[k*SLOT_BITS +: SLOT_BITS]] = 1'b1;",
        "            cb_src[sp_slot[k*SLOT_BITS +: SLOT_BITS]] = k[LANE_BITS-1:0];",
        "        end",
        "end",
        "generate for (t = 0; t < COALESCE; t = t + 1) begin : g_cb",
        "    reg [ID_BITS-1:0] id_q;",
        "    wire [ID_BITS-1:0] push_word, st_word;",
        "    wire [SLOT_BITS:0] rot_sum = {1'b0, cb_head_q} + t;",
        "    wire [SLOT_BITS:0] rot_wrap = (rot_sum >= SUM_COALESCE[SLOT_BITS:0]) ? "
        "rot_sum - SUM_COALESCE[SLOT_BITS:0] : rot_sum;",
        "    wire [SLOT_BITS-1:0] store_slot = rot_wrap[SLOT_BITS-1:0];",
        "    wire unused_rot_hi = rot_wrap[SLOT_BITS];  // below COALESCE",
    };
    EMIT(w, cb);
    vw_line(w, "    %s u_push (.in(push_id_v), .sel(cb_src[t]), .out(push_word));", sel_l);
    vw_line(w, "    %s u_st (.in(cbuf), .sel(store_slot), .out(st_word));", sel_c);
    static const char *const regs[] = {
        "    always @(posedge clk) if (cb_wr[t]) id_q <= push_word;",
        "    assign cbuf[t*ID_BITS +: ID_BITS] = id_q;",
        "    assign st_data[t*ID_BITS +: ID_BITS] = (t < req_n) ? st_word : {ID_BITS{1'b0}};",
        "end endgenerate",
        "",
        "// ---- the request register and the overflow buffer's regions",
    };
    EMIT(w, regs);
    vw_line(w, "wire [N_BITS:0] head_sum = %s + {1'b0, req_n};",
            fit(a, sizeof a, "cb_head_q", "N_BITS+1", k.n + 1, "SLOT_BITS", k.slot));
    vw_line(w, "wire [N_BITS:0] head_wrap = (head_sum >= HEAD_COALESCE) ? head_sum - HEAD_COALESCE "
               ": head_sum;");
    vw_line(w, "wire unused_head_hi = &{1'b0, head_wrap[N_BITS:SLOT_BITS]};  // below COALESCE");
    static const char *const regs2[] = {
        "always @(posedge clk) begin",
        "    if (rst) begin",
        "        rq_valid_q <= 1'b0; cb_head_q <= 0; cb_n_q <= 0; base_q <= 0; size_q <= 0;",
        "        head_q[0] <= 0; head_q[1] <= 0; tail_q[0] <= 0; tail_q[1] <= 0;",
        "        stored_q[0] <= 0; stored_q[1] <= 0; opull_q <= 1'b0; rphase_q <= 0;",
        "    end else begin",
        "        if (rq_valid_q && mem_req_ready) rq_valid_q <= 1'b0;",
        "        if (store_go) begin",
        "            rq_valid_q <= 1'b1; rq_write_q <= 1'b1; rq_addr_q <= req_addr; rq_n_q <= "
        "req_n;",
        "            rq_tag_q <= 0; rq_data_q <= st_data;",
        "            tail_q[pushr] <= (tail_q[pushr] + req_n_ovf == rsize_push) ? 0",
        "                : tail_q[pushr] + req_n_ovf;",
        "            stored_q[pushr] <= stored_q[pushr] + req_n_ovf;",
        "            cb_head_q <= head_wrap[SLOT_BITS-1:0];",
        "        end else if (load_go) begin",
        "            rq_valid_q <= 1'b1; rq_write_q <= 1'b0; rq_addr_q <= req_addr; rq_n_q <= "
        "req_n;",
        "            rq_tag_q <= free_tag;",
        "            head_q[pullr] <= (head_q[pullr] + req_n_ovf == rsize_pull) ? 0",
        "                : head_q[pullr] + req_n_ovf;",
        "            stored_q[pullr] <= stored_q[pullr] - req_n_ovf;",
        "        end",
    };
    EMIT(w, regs2);
    vw_line(w, "        cb_n_q <= cb_n_q - (store_go ? req_n : {N_BITS{1'b0}}) + %s;",
            fit(b, sizeof b, "acc_n", "N_BITS", k.n, "PRE_BITS", k.pre));
    static const char *const regs3[] = {
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
    EMIT(w, regs3);
    if (g->refill == HC_INTERVAL_REFILL)
        vw_line(w, "        rphase_q <= (rphase_q == %u) ? 0 : rphase_q + 1'b1;", g->interval - 1);
    vw_line(w, "    end");
    vw_line(w, "end");
    if ((1u << k.n) - 1 > g->coalesce) /* else N_BITS holds nothing more */
        vw_assert(w, "cbuf_bound", "the coalescing buffer never holds more than COALESCE IDs",
                  "cb_n_q <= COALESCE");
    vw_assert(w, "load_has_ids", "a refill load never takes more IDs than its region stores",
              "!load_go | (req_n_ovf <= stored_pull)");
    vw_blank(w);
}

/* Registers: landing slots, refill slots and tags, the coalescing buffer
 * and the request register. */
static void emit_regs(irhw_vw *w, const hwwl_core_geom *g)
{
    char sel_l[64], sel_c[64]; /* the word selectors over the lanes and the coalescing slots */
    vw_sel_unit_name(sel_l, sizeof sel_l, g->lanes, g->id_bits);
    vw_sel_unit_name(sel_c, sizeof sel_c, g->coalesce, g->id_bits);
    emit_landing(w, g, sel_l);
    emit_refill(w, g, sel_c);
    emit_buffer(w, g, sel_l, sel_c);
}

static void emit_outputs(irhw_vw *w, const hwwl_core_geom *g)
{
    vw_line(w, "// Bank and WRU outputs this design does not need (kept for waveforms).");
    vw_line(w, "wire unused_parts = &{1'b0, b_cfg_ok, b_swap_ok, b_full, b_greedy, b_pull_valid, "
               "b_rd_valid, b_dbl,");
    vw_line(w, "                      w_plan, w_receive, w_empty, ans_q, lane_ans, rphase_q};");
    vw_line(w, "// ---- outputs");
    vw_line(w, "assign wlcfg_ok  = cfg_go;");
    vw_line(w, "assign wlinit_ok = init_go;");
    vw_line(w, "assign swap_ok   = swap_go;");
    vw_line(w, "assign push_ok   = b_push_ok | spill_ok;");
    vw_line(w, "assign push_exc  = spill_exc;");
    vw_line(w, "assign pull_ans  = %s;", g->sram ? "ans_q" : "lane_ans");
    vw_line(w, "assign pull_id   = b_pull_id;");
    vw_line(w, "assign rx_ready  = ~xi_valid_q;");
    vw_line(w, "assign xfer_valid = (xo_st == FULL);");
    vw_line(w, "assign xfer_id   = (xo_st == FULL) ? xo_id : {ID_BITS{1'b0}};");
    vw_line(w, "assign mem_req_valid = rq_valid_q;");
    vw_line(w, "assign mem_req_write = rq_valid_q & rq_write_q;");
    vw_line(w, "assign mem_req_addr  = rq_valid_q ? rq_addr_q : {ADDR_BITS{1'b0}};");
    vw_line(w, "assign mem_req_n     = rq_valid_q ? rq_n_q : {N_BITS{1'b0}};");
    vw_line(w, "assign mem_req_tag   = (rq_valid_q & ~rq_write_q) ? rq_tag_q : {TAG_BITS{1'b0}};");
    vw_line(w, "assign mem_req_data  = (rq_valid_q & rq_write_q) ? rq_data_q : "
               "{(COALESCE*ID_BITS){1'b0}};");
    vw_line(w, "assign double_mode = dbl_mode;");
    vw_line(w, "assign core_empty  = empty_out;");
    vw_line(w, "assign core_greedy = w_greedy;");
    vw_line(w, "assign ovf_held    = stored_pull;");
    vw_line(w, "assign swap_ready  = swap_rdy;");
    vw_line(w, "assign cfg_ready   = cfg_rdy;");
}

/* The port contracts: each lane's answer and ID, core_empty, the memory
 * request, the transfer and the status ports against the state they
 * report, recomputed in the checks' own logic. */
static void emit_contracts(irhw_vw *w, const irhw_inst *x, const hwwl_core_geom *g)
{
    static const char *const chk[] = {
        "wire chk_pr = b_dbl[0] & opull_q;  // the pull region",
        "wire chk_quiet = (mv_st == 0) & (rf_st == 0) & (tk_pend == 0) & (tag_busy == 0)",
        "               & (xo_st == FREE) & ~xi_valid_q;",
        "wire chk_pull_quiet = (b_empty == {LANES{1'b1}}) & (stored_q[chk_pr] == 0) & chk_quiet;",
        "wire chk_empty = chk_pull_quiet & (b_dbl[0] | ((cb_n_q == 0) & ~(rq_valid_q & rq_write_q)",
        "               & (waiting_q == {LANES{1'b1}})));",
        "reg [2*LANES-1:0] chk_ans;  // each lane's answer, from the bank and core_empty",
        "reg [LANES*ID_BITS-1:0] chk_id_mask;  // ones in the lanes answered ID",
        "always @* begin : chk_answers",
        "    integer ck;",
        "    for (ck = 0; ck < LANES; ck = ck + 1) begin",
        "        chk_ans[2*ck +: 2] = ~pull[ck] ? 2'd0 : b_pull_ok[ck] ? ANS_ID",
        "            : (chk_empty & others_done) ? ANS_DONE : ANS_WAIT;",
        "        chk_id_mask[ck*ID_BITS +: ID_BITS] = {ID_BITS{pull_ans[2*ck +: 2] == ANS_ID}};",
        "    end",
        "end",
    };
    vw_checks_logic(w, 1);
    for (size_t i = 0; i < sizeof chk / sizeof chk[0]; i++)
        vw_line(w, "%s", chk[i]);
    if (g->sram) {
        vw_line(w, "reg [2*LANES-1:0] chk_ans_q;  // sram: the answer a cycle later");
        vw_line(w, "always @(posedge clk) chk_ans_q <= rst ? {2*LANES{1'b0}} : chk_ans;");
    } else {
        vw_line(w, "wire [2*LANES-1:0] chk_ans_q = chk_ans;");
    }
    vw_checks_logic(w, 0);
    vw_contract(w, x, "pull_ans_exact", "pull_ans == chk_ans_q");
    vw_contract(w, x, "pull_id_qualified", "(pull_id & ~chk_id_mask) == 0");
    vw_contract(w, x, "core_empty_iff_no_work", "core_empty == chk_empty");
    vw_contract(w, x, "push_answer_exclusive",
                "((push_ok | push_exc) & ~push) == 0 && (push_ok & push_exc) == 0");
    vw_contract(w, x, "xfer_qualified", "xfer_valid | (xfer_id == 0)");
    vw_contract(w, x, "mem_req_qualified",
                "mem_req_valid | (~mem_req_write & (mem_req_addr == 0) & (mem_req_n == 0) & "
                "(mem_req_tag == 0) & (mem_req_data == 0))");
    vw_contract(w, x, "ovf_held_is_pull_region", "ovf_held == stored_q[chk_pr]");
    vw_contract(w, x, "swap_ready_iff_drained",
                "swap_ready == (b_dbl[0] & chk_pull_quiet & (cb_n_q == 0) & ~rq_valid_q)");
    vw_contract(w, x, "wlinit_ok_iff_allowed",
                "wlinit_ok == (wlinit_en & (cb_n_q == 0) & ~rq_valid_q & (stored_q[0] == 0) & "
                "(stored_q[1] == 0) & (push == 0) & (tag_busy == 0) & (rf_st == 0) & (wlinit_size "
                ">= LANES) & (wlinit_size <= OVF_CAP))");
}

/* The formal scoreboard's memory model: the overflow buffer's words as one
 * bit each (the word is the watched ID), indexed by the address's low
 * SB_ABITS bits (a window of 2^SB_ABITS >= OVF_CAP words maps one to one).
 * A store accepted sets its words' bits; a load accepted takes its words'
 * bits out into its tag's in-flight bits; the response's words must match
 * them (an assumption: the memory answers a load with what it held). */
static void emit_sb_memory(irhw_vw *w, const hwwl_core_geom *g)
{
    unsigned abits = g->ovf_bits < g->addr_bits ? g->ovf_bits : g->addr_bits;
    vw_line(w,
            "localparam SB_ABITS = %u;  // the memory model's window: 2^SB_ABITS >= OVF_CAP words",
            abits);
    vw_line(w, "localparam SB_TAGS = %u;  // every tag value", 1u << g->tag_bits);
    static const char *const mem[] = {
        "reg [(1<<SB_ABITS)-1:0] sb_mem;  // word a (address mod 2^SB_ABITS) holds the watched ID",
        "reg [SB_TAGS-1:0] sb_ld_busy;  // a load in flight under this tag",
        "reg [SB_TAGS*COALESCE-1:0] sb_ld_bits;  // its words that are the watched ID",
        "reg [SB_TAGS*N_BITS-1:0] sb_ld_n;  // its word count",
        "wire sb_req_go = mem_req_valid & mem_req_ready;",
        "always @(posedge clk) begin : sb_memory",
        "    integer k;",
        "    if (rst) begin",
        "        sb_mem <= 0;",
        "        sb_ld_busy <= 0;",
        "    end else begin",
        "        if (mem_resp_valid) sb_ld_busy[mem_resp_tag] <= 1'b0;",
        "        if (sb_req_go & ~mem_req_write) begin",
        "            sb_ld_busy[mem_req_tag] <= 1'b1;",
        "            sb_ld_n[mem_req_tag*N_BITS +: N_BITS] <= mem_req_n;",
        "            for (k = 0; k < COALESCE; k = k + 1)",
        "                if (k < mem_req_n) begin",
        "                    sb_ld_bits[mem_req_tag*COALESCE + k] <= sb_mem[(mem_req_addr + k) % "
        "(1<<SB_ABITS)];",
        "                    sb_mem[(mem_req_addr + k) % (1<<SB_ABITS)] <= 1'b0;",
        "                end else sb_ld_bits[mem_req_tag*COALESCE + k] <= 1'b0;",
        "        end",
        "        if (sb_req_go & mem_req_write)",
        "            for (k = 0; k < COALESCE; k = k + 1)",
        "                if (k < mem_req_n)",
        "                    sb_mem[(mem_req_addr + k) % (1<<SB_ABITS)] <=",
        "                        (mem_req_data[k*ID_BITS +: ID_BITS] == sb_watch);",
        "    end",
        "end",
        "reg sb_resp_match;  // the response's words are the load's",
        "always @* begin : sb_answer",
        "    integer k;",
        "    sb_resp_match = sb_ld_busy[mem_resp_tag];",
        "    for (k = 0; k < COALESCE; k = k + 1)",
        "        if (k < sb_ld_n[mem_resp_tag*N_BITS +: N_BITS] &&",
        "            (mem_resp_data[k*ID_BITS +: ID_BITS] == sb_watch) != "
        "sb_ld_bits[mem_resp_tag*COALESCE + k])",
        "            sb_resp_match = 1'b0;",
        "end",
        "always @(posedge clk) if (!rst) sb_data_mem_model: assume (!mem_resp_valid | "
        "sb_resp_match);",
    };
    emit_lines(w, mem, sizeof mem / sizeof mem[0]);
}

/* The formal scoreboard: conservation of the watched ID (any constant).
 * sb_bal counts it in (a push taken, an arrival taken) minus out (a lane's
 * ID answer, a transfer taken); sb_held counts its copies in the core's
 * state: the banks (sb_banks: written by push and put, read by pull and
 * take, at the banks' ports; the banks' own scoreboards show a bank
 * returns what it was given), the landing slots and the xfer register, the
 * refill slots, the rx register, the coalescing buffer's live slots, the
 * request register's store, the memory model's words and the loads in
 * flight. An ID the core drops or overwrites makes sb_held fall short. */
static void emit_scoreboard(irhw_vw *w, const hwwl_core_geom *g)
{
    vw_score_logic(w, 1);
    vw_line(w, "reg [ID_BITS-1:0] sb_watch;  // any constant: the ID watched");
    vw_line(w, "always @(posedge clk) sb_watch <= sb_watch;");
    emit_sb_memory(w, g);
    static const char *const count[] = {
        "reg signed [15:0] sb_bal, sb_next;  // in minus out at the core's ports",
        "reg signed [15:0] sb_banks, sb_banks_next;  // in minus out at the banks' ports",
        "reg signed [15:0] sb_held;  // copies held now",
        "always @* begin : sb_count",
        "    integer ck;",
        "    sb_next = sb_bal;",
        "    sb_banks_next = sb_banks;",
        "    for (ck = 0; ck < LANES; ck = ck + 1) begin",
        "        if (push_ok[ck] & (push_id[ck*ID_BITS +: ID_BITS] == sb_watch)) sb_next = sb_next "
        "+ 1;",
        "        if ((pull_ans[2*ck +: 2] == ANS_ID) & (pull_id[ck*ID_BITS +: ID_BITS] == "
        "sb_watch))",
        "            sb_next = sb_next - 1;",
        "        if (b_push_ok[ck] & (push_id[ck*ID_BITS +: ID_BITS] == sb_watch))",
        "            sb_banks_next = sb_banks_next + 1;",
        "        if (b_put_ok[ck] & (put_id[ck*ID_BITS +: ID_BITS] == sb_watch))",
        "            sb_banks_next = sb_banks_next + 1;",
        "        if (b_pull_valid[ck] & (b_pull_id[ck*ID_BITS +: ID_BITS] == sb_watch))",
        "            sb_banks_next = sb_banks_next - 1;",
        "        if (b_rd_valid[ck] & (b_rd_id[ck*ID_BITS +: ID_BITS] == sb_watch))",
        "            sb_banks_next = sb_banks_next - 1;",
        "    end",
        "    if (rx_valid & rx_ready & (rx_id == sb_watch)) sb_next = sb_next + 1;",
        "    if (xfer_valid & xfer_ready & (xfer_id == sb_watch)) sb_next = sb_next - 1;",
        "    sb_held = sb_banks;",
        "    for (ck = 0; ck <= LANES; ck = ck + 1)",
        "        if ((land_st[2*ck +: 2] == FULL) & (land_id[ck*ID_BITS +: ID_BITS] == sb_watch))",
        "            sb_held = sb_held + 1;",
        "    for (ck = 0; ck < LANES; ck = ck + 1)",
        "        if ((rf_st[2*ck +: 2] == FULL) & (rf_id[ck*ID_BITS +: ID_BITS] == sb_watch))",
        "            sb_held = sb_held + 1;",
        "    if (xi_valid_q & (xi_id_q == sb_watch)) sb_held = sb_held + 1;",
        "    for (ck = 0; ck < COALESCE; ck = ck + 1) begin",
        "        // slot ck is live when its distance from the head is below the count",
        "        if (((ck >= cb_head_q) ? ck - cb_head_q : ck + COALESCE - cb_head_q) < cb_n_q &&",
        "            cbuf[ck*ID_BITS +: ID_BITS] == sb_watch) sb_held = sb_held + 1;",
        "        if (rq_valid_q & rq_write_q & (ck < rq_n_q) &",
        "            (rq_data_q[ck*ID_BITS +: ID_BITS] == sb_watch)) sb_held = sb_held + 1;",
        "    end",
        "    for (ck = 0; ck < (1<<SB_ABITS); ck = ck + 1)",
        "        if (sb_mem[ck]) sb_held = sb_held + 1;",
        "    for (ck = 0; ck < SB_TAGS*COALESCE; ck = ck + 1)",
        "        if (sb_ld_busy[ck/COALESCE] & sb_ld_bits[ck]) sb_held = sb_held + 1;",
        "end",
        "always @(posedge clk) begin",
        "    sb_bal <= rst ? 16'sd0 : sb_next;",
        "    sb_banks <= rst ? 16'sd0 : sb_banks_next;",
        "end",
    };
    emit_lines(w, count, sizeof count / sizeof count[0]);
    vw_score_logic(w, 0);
    vw_score(w, "data_conserved",
             "the copies of the watched ID the core holds (banks, slots, registers, the coalescing "
             "buffer, the store, the overflow buffer, the loads in flight) equal the times it came "
             "in minus the times it went out: none lost, none invented",
             "sb_held == sb_bal");
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
    emit_contracts(w, x, g);
    emit_scoreboard(w, g);
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
