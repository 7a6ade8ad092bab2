/*
 * gen/wl_bank.c — Verilog generator of the worklist bank (model/wl_bank.c
 * holds the behaviour and every decision; this file must match it).
 * Any ENTRIES >= 2: pointers wrap at the partition size, not at a power of
 * two. The memory is an irhw_regfile_1rw (flops) or irhw_sram_1rw leaf.
 */
#include "wl_bank.h"

static void emit_partition(irhw_vw *w, int p)
{
    vw_line(w, "// Partition %d pointers: wrap at the partition's last index.", p);
    vw_line(w,
            "wire [PTR_BITS-1:0] head%d_inc = (head%d_q == last%d) ? {PTR_BITS{1'b0}} : head%d_q + "
            "1'b1;",
            p, p, p, p);
    vw_line(w,
            "wire [PTR_BITS-1:0] tail%d_inc = (tail%d_q == last%d) ? {PTR_BITS{1'b0}} : tail%d_q + "
            "1'b1;",
            p, p, p, p);
    vw_line(w, "always @(posedge clk) begin");
    w->indent++;
    vw_line(w, "if (rst | do_cfg) begin");
    vw_line(w, "    head%d_q <= {PTR_BITS{1'b0}};", p);
    vw_line(w, "    tail%d_q <= {PTR_BITS{1'b0}};", p);
    vw_line(w, "    cnt%d_q  <= {CNT_BITS{1'b0}};", p);
    vw_line(w, "end else begin");
    vw_line(w, "    if (wr%d) tail%d_q <= tail%d_inc;", p, p, p);
    vw_line(w, "    if (rd%d) head%d_q <= head%d_inc;", p, p, p);
    vw_line(w, "    if (wr%d & ~rd%d) cnt%d_q <= cnt%d_q + 1'b1;", p, p, p, p);
    vw_line(w, "    else if (rd%d & ~wr%d) cnt%d_q <= cnt%d_q - 1'b1;", p, p, p, p);
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    char size[16], name[40];
    snprintf(size, sizeof size, "%s", p ? "SIZE_HI" : "size0");
    snprintf(name, sizeof name, "part%d_count_bound", p);
    vw_assert(w, name,
              "a partition never holds more than its size (in single mode partition 1 none)",
              "%scnt%d_q <= %s", p ? "(mode_q | cnt1_q == {CNT_BITS{1'b0}}) & " : "", p, size);
    snprintf(name, sizeof name, "part%d_ptrs_in_range", p);
    vw_assert(w, name, "head and tail pointers stay within the partition",
              "(head%d_q <= last%d) & (tail%d_q <= last%d)", p, p, p, p);
    snprintf(name, sizeof name, "part%d_count_conserved", p);
    vw_assert(w, name,
              "the count equals the entries between head and tail: no work ID is lost or made up",
              "((tail%d_q >= head%d_q) ? tail%d_q - head%d_q : tail%d_q + %s - head%d_q) == "
              "((cnt%d_q == %s) ? {CNT_BITS{1'b0}} : cnt%d_q)",
              p, p, p, p, p, size, p, p, size, p);
    vw_blank(w);
}

/* What the contracts compare the ports with, from the state alone: the
 * counts and sizes of the pull and the push half, the pull half's head. */
static void contract_logic(irhw_vw *w, int sram)
{
    vw_checks_logic(w, 1);
    vw_line(w, "wire chk_pp = mode_q & pull_sel_q;  // partition 1 pulls");
    vw_line(w, "wire chk_hp = mode_q & ~pull_sel_q;  // partition 1 takes pushes");
    vw_line(w, "wire [CNT_BITS-1:0] chk_pull_n = chk_pp ? cnt1_q : cnt0_q;");
    vw_line(w, "wire [CNT_BITS-1:0] chk_push_n = chk_hp ? cnt1_q : cnt0_q;");
    vw_line(w, "wire [CNT_BITS-1:0] chk_push_size = chk_hp ? SIZE_HI : mode_q ? SIZE_LO : "
               "SIZE_ALL;");
    vw_line(w, "wire chk_has = (chk_pull_n != {CNT_BITS{1'b0}});");
    vw_line(w, "wire chk_room = (chk_push_n != chk_push_size);");
    vw_line(w, "wire chk_idle = (cnt0_q == {CNT_BITS{1'b0}}) & (cnt1_q == {CNT_BITS{1'b0}});");
    vw_line(w, "wire chk_pull_req = pull & ~push & chk_has;  // a pull with an ID to answer");
    vw_line(w, "wire chk_take_req = rd_take & ~push & ~pull & chk_has;");
    vw_line(w, "wire [PTR_BITS-1:0] chk_head = chk_pp ? head1_q + BASE_HI : head0_q;");
    if (sram) {
        vw_line(w, "reg chk_pull_q, chk_take_q;  // the read a cycle ago");
        vw_line(w, "always @(posedge clk) begin");
        vw_line(w, "    chk_pull_q <= ~rst & chk_pull_req;");
        vw_line(w, "    chk_take_q <= ~rst & chk_take_req;");
        vw_line(w, "end");
    } else {
        vw_line(w, "wire chk_pull_q = chk_pull_req, chk_take_q = chk_take_req;");
    }
    vw_checks_logic(w, 0);
}

static void contracts(irhw_vw *w, const irhw_inst *x)
{
    vw_contract(w, x, "count_is_pull_half", "count == chk_pull_n");
    vw_contract(w, x, "empty_iff_none", "empty == !chk_has");
    vw_contract(w, x, "full_iff_push_half_full", "full == !chk_room");
    vw_contract(w, x, "greedy_iff_above_threshold", "greedy == (chk_pull_n > THRESHOLD)");
    vw_contract(w, x, "idle_iff_both_empty", "idle == chk_idle");
    vw_contract(w, x, "double_mode_is_mode", "double_mode == mode_q");
    vw_contract(w, x, "push_ok_iff_room",
                "(push_ok == (push & chk_room)) & (spill == (push & "
                "!chk_room))");
    vw_contract(w, x, "pull_valid_has_data",
                "(pull_valid == chk_pull_q) & (pull_ok == "
                "chk_pull_req)");
    vw_contract(w, x, "rd_valid_has_data",
                "(rd_valid == chk_take_q) & (rd_take_ok == "
                "chk_take_req)");
    vw_contract(w, x, "ids_qualified",
                "(pull_valid | (pull_id == {ID_BITS{1'b0}})) & (rd_valid | (rd_id == "
                "{ID_BITS{1'b0}}))");
    vw_contract(w, x, "read_at_head",
                "!(chk_pull_req | chk_take_req) | ((mem_addr == chk_head) & !mem_we)");
    vw_contract(w, x, "id_is_read_data",
                "(!pull_valid | (pull_id == mem_rdata)) & (!rd_valid | (rd_id == mem_rdata))");
    vw_contract(w, x, "cfg_ok_iff_idle", "cfg_ok == (cfg_en & chk_idle & ~push & ~rd_put)");
    vw_contract(w, x, "swap_ok_iff_drained", "swap_ok == (swap & mode_q & !chk_has & ~cfg_en)");
}

/* The formal scoreboard: one watched ID (any constant), one write of it
 * tracked (a push into the push half or a refill into the pull half, any
 * cycle): its partition and pointer. It stays between its partition's head
 * and tail until a pull or take reads it at the head, and that read returns
 * it (a cycle later with the SRAM). */
static void wl_bank_scoreboard(irhw_vw *w, int sram)
{
    vw_score_logic(w, 1);
    vw_line(w, "reg [ID_BITS-1:0] sb_watch;  // any constant: the ID watched");
    vw_line(w, "always @(posedge clk) sb_watch <= sb_watch;");
    vw_line(w, "(* anyseq *) wire sb_pick;  // the write of it that is tracked");
    vw_line(w, "reg sb_in, sb_part;  // held; its partition");
    vw_line(w, "reg [PTR_BITS-1:0] sb_ptr;  // its place in the partition");
    vw_line(w, "wire sb_push = push_ok & (push_id == sb_watch);");
    vw_line(w, "wire sb_put = rd_put_ok & (rd_put_id == sb_watch);");
    vw_line(w, "wire sb_take = ~sb_in & sb_pick & (sb_push | sb_put);");
    vw_line(w, "wire sb_wpart = sb_push ? chk_hp : chk_pp;");
    vw_line(w, "wire sb_out = sb_in & (pull_ok | rd_take_ok) & (sb_part == chk_pp) &");
    vw_line(w, "              (sb_ptr == (chk_pp ? head1_q : head0_q));");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) sb_in <= 1'b0;");
    vw_line(w, "    else if (sb_take) begin");
    vw_line(w, "        sb_in <= 1'b1;");
    vw_line(w, "        sb_part <= sb_wpart;");
    vw_line(w, "        sb_ptr <= sb_wpart ? tail1_q : tail0_q;");
    vw_line(w, "    end else if (sb_out) sb_in <= 1'b0;");
    vw_line(w, "end");
    vw_line(w, "wire [CNT_BITS-1:0] sb_size = sb_part ? SIZE_HI : size0;");
    vw_line(w, "wire [PTR_BITS-1:0] sb_head = sb_part ? head1_q : head0_q;");
    vw_line(w, "wire [CNT_BITS-1:0] sb_cnt = sb_part ? cnt1_q : cnt0_q;");
    vw_line(w, "wire [CNT_BITS-1:0] sb_dist = (sb_ptr >= sb_head) ? sb_ptr - sb_head");
    vw_line(w, "                                                  : sb_ptr + sb_size - sb_head;");
    if (sram) {
        vw_line(w, "reg sb_out_q;  // the read of it a cycle ago");
        vw_line(w, "always @(posedge clk) sb_out_q <= ~rst & sb_out;");
    } else {
        vw_line(w, "wire sb_out_q = sb_out;");
    }
    vw_score_logic(w, 0);
    vw_score(w, "held_in_window",
             "the tracked ID stays in its partition between head and tail (not lost, not "
             "overwritten, not cleared by wlcfg)",
             "!sb_in | ((sb_ptr < sb_size) & (sb_dist < sb_cnt))");
    vw_score(w, "data_returned", "the read of the tracked ID at the head returns it, once",
             "!sb_out_q | (pull_valid & (pull_id == sb_watch)) | (rd_valid & (rd_id == "
             "sb_watch))");
}

unsigned wl_bank_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES])
{
    names[0] = wl_bank_g(x)->sram ? "irhw_sram_1rw.v" : "irhw_regfile_1rw.v";
    return 1;
}

int wl_bank_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen)
{
    const wl_bank_geom *g = wl_bank_g(x);
    unsigned e = g->entries, idw = g->id_bits, pb = g->ptr_bits, cb = g->cnt_bits;
    unsigned lo = g->lo, hi = g->hi;
    int sram = g->sram;

    vw_line(
        w, "// One 1rw memory: at most one access per cycle; lane push > pull > rd_take > rd_put.");
    vw_line(
        w,
        "// single mode: one FIFO of %u; double mode: partition 0 = [0,%u), partition 1 = [%u,%u).",
        e, lo, lo, e);
    vw_line(w, "// Read latency: %s.",
            sram ? "1 cycle (synchronous SRAM read)" : "0 (flip-flop array)");
    vw_module_ports(w, x->module, &x->ps);
    w->indent++;
    vw_line(w, "localparam PTR_BITS = %u;  // ceil(log2(%u))", pb, e);
    vw_line(w, "localparam CNT_BITS = %u;  // holds 0..%u", cb, e);
    vw_line(w, "localparam ID_BITS  = %u;", idw);
    vw_line(w, "localparam [PTR_BITS-1:0] LAST_ALL = %u'd%u;  // single mode: wrap after %u", pb,
            e - 1, e - 1);
    vw_line(w, "localparam [PTR_BITS-1:0] LAST_LO  = %u'd%u;", pb, lo - 1);
    vw_line(w, "localparam [PTR_BITS-1:0] LAST_HI  = %u'd%u;", pb, hi - 1);
    vw_line(w, "localparam [PTR_BITS-1:0] BASE_HI  = %u'd%u;  // partition 1 starts here", pb, lo);
    vw_line(w, "localparam [CNT_BITS-1:0] SIZE_ALL = %u'd%u;", cb, e);
    vw_line(w, "localparam [CNT_BITS-1:0] SIZE_LO  = %u'd%u;", cb, lo);
    vw_line(w, "localparam [CNT_BITS-1:0] SIZE_HI  = %u'd%u;", cb, hi);
    vw_line(w, "localparam [CNT_BITS-1:0] THRESHOLD = %u'd%u;", cb, g->threshold);
    vw_blank(w);
    vw_line(w, "reg mode_q;      // 1 = double partition mode (wlcfg)");
    vw_line(w, "reg pull_sel_q;  // double mode: partition that pulls read");
    vw_line(w, "reg [PTR_BITS-1:0] head0_q, tail0_q, head1_q, tail1_q;");
    vw_line(w, "reg [CNT_BITS-1:0] cnt0_q, cnt1_q;");
    vw_blank(w);
    vw_line(w, "// Which partition pulls and pushes use (both 0 in single mode).");
    vw_line(w, "wire pp = mode_q & pull_sel_q;");
    vw_line(w, "wire hp = mode_q & ~pull_sel_q;");
    vw_line(w, "wire [PTR_BITS-1:0] last0 = mode_q ? LAST_LO : LAST_ALL;");
    vw_line(w, "wire [PTR_BITS-1:0] last1 = LAST_HI;");
    vw_line(w, "wire [CNT_BITS-1:0] size0 = mode_q ? SIZE_LO : SIZE_ALL;");
    vw_line(w, "wire [CNT_BITS-1:0] pull_cnt = pp ? cnt1_q : cnt0_q;");
    vw_line(w, "wire [CNT_BITS-1:0] push_cnt = hp ? cnt1_q : cnt0_q;");
    vw_line(w, "wire is_empty  = (pull_cnt == {CNT_BITS{1'b0}});");
    vw_line(w, "wire is_full   = (push_cnt == (hp ? SIZE_HI : size0));");
    vw_line(w, "wire pull_full = (pull_cnt == (pp ? SIZE_HI : size0));");
    vw_blank(w);
    vw_line(w, "// Port arbitration on requests: a lane request claims the port.");
    vw_line(w, "wire lane_req = push | pull;");
    vw_line(w, "wire do_push = push & ~is_full;");
    vw_line(w, "wire do_pull = pull & ~push & ~is_empty;");
    vw_line(w, "wire do_take = rd_take & ~lane_req & ~is_empty;");
    vw_line(w, "wire do_cfg  = cfg_en & (cnt0_q == {CNT_BITS{1'b0}}) & (cnt1_q == "
               "{CNT_BITS{1'b0}}) & ~push & ~rd_put;");
    vw_line(w, "wire do_swap = swap & mode_q & is_empty & ~cfg_en;");
    vw_line(w, "wire do_put  = rd_put & ~lane_req & ~rd_take & ~pull_full & ~do_swap;");
    vw_line(w, "wire pop = do_pull | do_take;");
    vw_line(w, "wire wr0 = (do_push & ~hp) | (do_put & ~pp);");
    vw_line(w, "wire wr1 = (do_push & hp) | (do_put & pp);");
    vw_line(w, "wire rd0 = pop & ~pp;");
    vw_line(w, "wire rd1 = pop & pp;");
    vw_blank(w);
    vw_line(w, "// Physical address = partition base + pointer.");
    vw_line(w, "wire [PTR_BITS-1:0] push_addr = (hp ? tail1_q : tail0_q) + (hp ? BASE_HI : "
               "{PTR_BITS{1'b0}});");
    vw_line(w, "wire [PTR_BITS-1:0] put_addr  = (pp ? tail1_q : tail0_q) + (pp ? BASE_HI : "
               "{PTR_BITS{1'b0}});");
    vw_line(w, "wire [PTR_BITS-1:0] read_addr = (pp ? head1_q : head0_q) + (pp ? BASE_HI : "
               "{PTR_BITS{1'b0}});");
    vw_line(w,
            "wire [PTR_BITS-1:0] mem_addr  = do_push ? push_addr : do_put ? put_addr : read_addr;");
    vw_line(w, "wire mem_we = do_push | do_put;");
    vw_line(w, "wire [ID_BITS-1:0] mem_wdata = do_push ? push_id : rd_put_id;");
    vw_line(w, "wire [ID_BITS-1:0] mem_rdata;");
    vw_assert(w, "one_access", "the 1rw memory sees at most one access a cycle",
              "!(mem_we & pop) & !(do_push & do_put) & !(do_pull & do_take)");
    vw_assert(w, "no_pop_empty", "a pull or take never reads an empty half", "!pop | !is_empty");
    vw_assert(w, "cfg_only_idle", "wlcfg changes the mode only with both halves empty",
              "!do_cfg | ((cnt0_q == {CNT_BITS{1'b0}}) & (cnt1_q == {CNT_BITS{1'b0}}))");
    vw_blank(w);
    if (sram) {
        vw_line(w, "irhw_sram_1rw #(.WIDTH(ID_BITS), .DEPTH(%u), .ABITS(PTR_BITS)) u_mem (", e);
        vw_line(w, "    .clk(clk), .en(mem_we | pop), .we(mem_we), .addr(mem_addr),");
        vw_line(w, "    .wdata(mem_wdata), .rdata(mem_rdata));");
        vw_blank(w);
        vw_line(w, "// Synchronous read: data of a pull/take arrive the next cycle.");
        vw_line(w, "reg pull_pend_q, take_pend_q;");
        vw_line(w, "always @(posedge clk) begin");
        vw_line(w, "    if (rst) begin");
        vw_line(w, "        pull_pend_q <= 1'b0;");
        vw_line(w, "        take_pend_q <= 1'b0;");
        vw_line(w, "    end else begin");
        vw_line(w, "        pull_pend_q <= do_pull;");
        vw_line(w, "        take_pend_q <= do_take;");
        vw_line(w, "    end");
        vw_line(w, "end");
        vw_line(w, "wire pull_v = pull_pend_q;");
        vw_line(w, "wire take_v = take_pend_q;");
    } else {
        vw_line(w, "irhw_regfile_1rw #(.WIDTH(ID_BITS), .DEPTH(%u), .ABITS(PTR_BITS)) u_mem (", e);
        vw_line(
            w,
            "    .clk(clk), .we(mem_we), .addr(mem_addr), .wdata(mem_wdata), .rdata(mem_rdata));");
        vw_blank(w);
        vw_line(w, "// Combinational read: data in the cycle of the pull/take.");
        vw_line(w, "wire pull_v = do_pull;");
        vw_line(w, "wire take_v = do_take;");
    }
    vw_blank(w);
    vw_line(w, "// Mode and pull-half select.");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) begin");
    vw_line(w, "        mode_q <= 1'b0;");
    vw_line(w, "        pull_sel_q <= 1'b0;");
    vw_line(w, "    end else if (do_cfg) begin");
    vw_line(w, "        mode_q <= cfg_double;");
    vw_line(w, "        pull_sel_q <= 1'b0;");
    vw_line(w, "    end else if (do_swap) begin");
    vw_line(w, "        pull_sel_q <= ~pull_sel_q;");
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_blank(w);
    emit_partition(w, 0);
    emit_partition(w, 1);
    vw_line(w, "assign cfg_ok      = do_cfg;");
    vw_line(w, "assign push_ok     = do_push;");
    vw_line(w, "assign spill       = push & is_full;");
    vw_line(w, "assign pull_ok     = do_pull;");
    vw_line(w, "assign pull_valid  = pull_v;");
    vw_line(w, "assign pull_id     = pull_v ? mem_rdata : {ID_BITS{1'b0}};");
    vw_line(w, "assign swap_ok     = do_swap;");
    vw_line(w, "assign rd_take_ok  = do_take;");
    vw_line(w, "assign rd_put_ok   = do_put;");
    vw_line(w, "assign rd_valid    = take_v;");
    vw_line(w, "assign rd_id       = take_v ? mem_rdata : {ID_BITS{1'b0}};");
    vw_line(w, "assign double_mode = mode_q;");
    vw_line(w, "assign count       = pull_cnt;");
    vw_line(w, "assign empty       = is_empty;");
    vw_line(w, "assign full        = is_full;");
    vw_line(w, "assign greedy      = (pull_cnt > THRESHOLD);");
    vw_line(w, "assign idle        = (cnt0_q == {CNT_BITS{1'b0}}) & (cnt1_q == {CNT_BITS{1'b0}});");
    contract_logic(w, sram);
    contracts(w, x);
    wl_bank_scoreboard(w, sram);
    w->indent--;
    vw_line(w, "endmodule");
    (void)err;
    (void)errlen;
    return 0;
}
