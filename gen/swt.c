/*
 * gen/swt.c — Verilog generator of the scalar-warp table (model/swt.c holds
 * the behaviour and every decision; this file must match it).
 *
 * The module is named generate loops, so its text does not grow with
 * ENTRIES or WARPS:
 *   - g_warp[k]: the one-hot decoder of ins_warp;
 *   - g_entry[i]: entry i's PC and {count, mask} (one-word irhw_regfile_1rw
 *     leaves: flip-flop storage in the area report, not reset, every use
 *     qualified by valid[i]), its age rank, its CAM compare, its share of
 *     the duplicate check and its one-hot issue select;
 *   - g_am[n] (POLICY=fullest): an arg-max heap over the entries' issue keys
 *     {valid, count, ~rank} (node n's children are 2n and 2n+1, entry i is
 *     leaf LEAVES+i; a node passes on the greater key, ties to the left).
 *     An invalid entry's key carries count 0, not its stale payload: the
 *     payload leaves have no reset, and an entry never allocated since
 *     power-up holds X (in 4-state simulation, or unknown in silicon), which
 *     a magnitude compare would spread to every output of the issue. Gating
 *     the count by the valid bit costs CNT_BITS AND gates an entry and keeps
 *     the storage a plain, reset-free register file; the choice is the same,
 *     since a valid entry's key beats every invalid one's on its top bit.
 * Age is a rank per entry: the valid entries' ranks are 0 (oldest) up to
 * occupancy-1 in allocation order. A new entry takes the rank after every
 * entry that stays; an issue moves every younger entry one rank down. So
 * POLICY=oldest issues the valid entry of rank 0, with no reduction at all,
 * and under POLICY=fullest no two valid entries share a key. The control
 * state (valid bits, ranks, occupancy counter) is reset flops of the top;
 * the lowest-index joinable and free entries are x & (~x + 1) over the
 * vector; entry numbers and the issued payload go through irhw_onehot_mux
 * AND-OR multiplexers. Sizes come from swt_geom (model/swt_block.c).
 */
#include "swt.h"

static void emit_declarations(irhw_vw *w, const swt_geom *g)
{
    vw_line(w, "localparam PC_BITS   = %u;", g->pc_bits);
    vw_line(w, "localparam WARPS     = %u;", g->warps);
    vw_line(w, "localparam WARP_BITS = %u;", g->warp_bits);
    vw_line(w, "localparam ENTRIES   = %u;", g->entries);
    vw_line(w, "localparam ENT_BITS  = %u;  // entry ids and age ranks", g->entry_bits);
    vw_line(w, "localparam CNT_BITS  = %u;  // warps per entry: 0..%u", g->count_bits, g->cap);
    vw_line(w, "localparam OCC_BITS  = %u;  // valid entries: 0..%u", g->occ_bits, g->entries);
    vw_line(w, "localparam GRP_BITS  = CNT_BITS + WARPS;  // an entry's warp group {count, mask}");
    if (g->fullest) {
        vw_line(w, "localparam LEAVES    = %u;  // 2^ENT_BITS: leaves of the issue heap",
                1u << g->entry_bits);
        vw_line(w, "localparam KEY_BITS  = 1 + CNT_BITS + ENT_BITS;  // issue key {valid, count, "
                   "~rank}");
    }
    vw_line(w,
            "localparam [CNT_BITS-1:0] CAP = %u'd%u;  // an entry is full at min(LANES, WARPS) "
            "warps",
            g->count_bits, g->cap);
    vw_line(w, "localparam [CNT_BITS-1:0] CNT_ONE = %u'd1;", g->count_bits);
    vw_line(w, "localparam [OCC_BITS-1:0] OCC_ONE = %u'd1;", g->occ_bits);
    vw_line(w, "localparam [ENT_BITS-1:0] ENT_ONE = %u'd1;", g->entry_bits);
    vw_line(w, "genvar i, k%s;", g->fullest ? ", n" : "");
    vw_blank(w);
    vw_line(w, "// ---- Table control state ----");
    vw_line(w, "reg [ENTRIES-1:0] valid;");
    vw_line(w, "reg [OCC_BITS-1:0] occ_q;  // valid entries");
    vw_blank(w);
    vw_line(w, "// ---- Per-entry buses, entry i at [i] or [i*W +: W] (driven by g_entry) ----");
    vw_line(w, "wire [ENTRIES*PC_BITS-1:0]  e_pc;   // PC");
    vw_line(w, "wire [ENTRIES*GRP_BITS-1:0] e_grp;  // {count, mask}");
    vw_line(w, "wire [ENTRIES*ENT_BITS-1:0] e_id;   // the entry's own number i");
    if (g->fullest)
        vw_line(w, "wire [ENTRIES*KEY_BITS-1:0] e_key;  // issue key");
    vw_line(w, "wire [ENTRIES-1:0] dup;      // the inserted warp waits in the entry");
    vw_line(w, "wire [ENTRIES-1:0] join_ok;  // the insert may join the entry");
    vw_line(w, "wire [ENTRIES-1:0] iss_sel;  // the entry issues (one-hot or zero)");
    vw_checks_logic(w, IRHW_CHECKS_HERE); /* e_rank, which g_entry drives */
    vw_line(w, "wire [ENTRIES*ENT_BITS-1:0] e_rank;  // age rank (read by the checks only)");
    vw_checks_logic(w, 0);
    vw_blank(w);
}

static void emit_insert_decode(irhw_vw *w, const swt_geom *g)
{
    vw_line(w, "// ---- Insert: warp decoder, duplicate check ----");
    vw_line(w, "wire ins_go = ins_valid & ~rst;");
    vw_line(w, "wire iss_go = iss_req & ~rst;");
    vw_line(w, "wire [WARPS-1:0] warp_sel;  // one-hot of ins_warp; all zero for an id >= WARPS");
    vw_line(w, "for (k = 0; k < WARPS; k = k + 1) begin : g_warp");
    vw_line(w, "    localparam [WARP_BITS-1:0] ID = k;");
    vw_line(w, "    assign warp_sel[k] = (ins_warp == ID);");
    vw_line(w, "end");
    if (g->warps == (1u << g->warp_bits))
        vw_line(w, "wire warp_bad = 1'b0;  // WARPS = 2^%u: every id names a warp", g->warp_bits);
    else
        vw_line(w, "wire warp_bad = (ins_warp >= %u'd%u);  // no such warp", g->warp_bits,
                g->warps);
    vw_line(w, "// A warp waiting in a valid entry (whatever its PC) is a duplicate.");
    vw_line(w, "wire warp_dup = |dup;");
    vw_blank(w);
}

static void emit_issue_select(irhw_vw *w, const swt_geom *g)
{
    if (!g->fullest) {
        vw_line(w, "// ---- Issue select: oldest allocation first ----");
        vw_line(w, "// The oldest valid entry is the one of rank 0 (iss_sel, per entry below).");
        vw_line(w, "wire iss_any = |iss_sel;");
        vw_line(w, "wire [ENT_BITS-1:0] iss_rank = {ENT_BITS{1'b0}};");
        vw_blank(w);
        return;
    }
    vw_line(w, "// ---- Issue select: most warps first, ties to the oldest allocation ----");
    vw_line(w, "// An arg-max heap over the issue keys: node n's children are 2n and 2n+1, entry");
    vw_line(w, "// i is leaf LEAVES+i; a valid entry's key beats every invalid one's, and no two");
    vw_line(w, "// valid entries share a rank, so the root holds the entry POLICY issues.");
    vw_line(w, "wire [KEY_BITS-1:0] am_key [1:2*LEAVES-1] /* verilator split_var */;");
    vw_line(w, "wire [ENT_BITS-1:0] am_sel [1:2*LEAVES-1] /* verilator split_var */;");
    vw_line(w, "for (n = 1; n < 2 * LEAVES; n = n + 1) begin : g_am");
    w->indent++;
    vw_line(w, "if (n >= LEAVES + ENTRIES) begin : g_pad  // no entry here: never wins");
    vw_line(w, "    assign am_key[n] = {KEY_BITS{1'b0}};");
    vw_line(w, "    assign am_sel[n] = {ENT_BITS{1'b0}};");
    vw_line(w, "end else if (n >= LEAVES) begin : g_leaf  // entry n - LEAVES");
    vw_line(w, "    assign am_key[n] = e_key[(n - LEAVES) * KEY_BITS +: KEY_BITS];");
    vw_line(w, "    assign am_sel[n] = e_id[(n - LEAVES) * ENT_BITS +: ENT_BITS];");
    vw_line(w, "end else begin : g_node  // the greater key, ties to the left (lower entries)");
    vw_line(w, "    wire right = am_key[2*n+1] > am_key[2*n];");
    vw_line(w, "    assign am_key[n] = right ? am_key[2*n+1] : am_key[2*n];");
    vw_line(w, "    assign am_sel[n] = right ? am_sel[2*n+1] : am_sel[2*n];");
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_line(w, "wire iss_any = iss_go & am_key[1][KEY_BITS-1];  // a valid entry won");
    vw_line(w, "wire [ENT_BITS-1:0] iss_idx  = am_sel[1];");
    vw_line(w, "wire [ENT_BITS-1:0] iss_rank = ~am_key[1][ENT_BITS-1:0];");
    vw_line(w, "wire [CNT_BITS-1:0] unused_iss_key_count = am_key[1][ENT_BITS +: CNT_BITS];");
    vw_blank(w);
}

static void emit_insert_search(irhw_vw *w, const swt_geom *g)
{
    vw_line(w, "// ---- Insert: answer ----");
    vw_line(w, "// Joinable (join_ok, per entry below): valid, same PC, fewer than CAP warps, not");
    vw_line(w, "// the entry issued now. Free = invalid at the start of the cycle (the issued");
    vw_line(w, "// entry frees at the edge). Lowest set bit: x & (~x + 1).");
    vw_line(w, "wire [ENTRIES-1:0] join_first = join_ok & (~join_ok + %u'd1);", g->entries);
    vw_line(w, "wire [ENTRIES-1:0] free_ent = ~valid;");
    vw_line(w, "wire [ENTRIES-1:0] free_first = free_ent & (~free_ent + %u'd1);", g->entries);
    vw_line(w, "wire any_join = |join_ok;");
    vw_line(w, "wire any_free = |free_ent;");
    vw_line(w,
            "// One-hot answer, in priority order: bad warp id, duplicate, join, alloc, reject.");
    vw_line(w, "wire ans_badwarp = ins_go & warp_bad;");
    vw_line(w, "wire ans_dup     = ins_go & warp_dup;  // warp_sel is 0 for a bad id");
    vw_line(w, "wire ins_ok      = ins_go & ~warp_bad & ~warp_dup;");
    vw_line(w, "wire ans_join    = ins_ok & any_join;");
    vw_line(w, "wire ans_alloc   = ins_ok & ~any_join & any_free;");
    vw_line(w, "wire ans_reject  = ins_ok & ~any_join & ~any_free;");
    vw_line(w, "wire [ENTRIES-1:0] join_sel  = join_first & {ENTRIES{ans_join}};");
    vw_line(w, "wire [ENTRIES-1:0] alloc_sel = free_first & {ENTRIES{ans_alloc}};");
    vw_line(w, "wire [GRP_BITS-1:0] alloc_grp = {CNT_ONE, warp_sel};");
    vw_line(w, "// A new entry's rank: after every entry that stays (the issued one leaves).");
    vw_line(w, "wire [ENT_BITS-1:0] new_rank = iss_any ? occ_q[ENT_BITS-1:0] - ENT_ONE : "
               "occ_q[ENT_BITS-1:0];");
    vw_blank(w);
}

static void emit_entries(irhw_vw *w, const swt_geom *g)
{
    vw_line(w, "// ---- Entries: alloc, join and issue never hit the same entry ----");
    vw_line(w, "for (i = 0; i < ENTRIES; i = i + 1) begin : g_entry");
    w->indent++;
    vw_line(w, "localparam [ENT_BITS-1:0] ID = i;");
    vw_line(w, "wire [PC_BITS-1:0]  pc;");
    vw_line(w, "wire [GRP_BITS-1:0] grp;");
    vw_line(w, "wire [WARPS-1:0]    mask  = grp[WARPS-1:0];");
    vw_line(w, "wire [CNT_BITS-1:0] count = grp[WARPS +: CNT_BITS];");
    vw_line(w, "reg  [ENT_BITS-1:0] rank;  // among the valid entries, 0 = the oldest");
    vw_line(w, "assign e_pc[i*PC_BITS +: PC_BITS]    = pc;");
    vw_line(w, "assign e_grp[i*GRP_BITS +: GRP_BITS] = grp;");
    vw_line(w, "assign e_id[i*ENT_BITS +: ENT_BITS]  = ID;");
    if (g->fullest) {
        vw_line(w, "// An invalid entry's payload may never have been written (the leaves have no");
        vw_line(w, "// reset): its key carries count 0, so the heap's compares see no X.");
        vw_line(w,
                "assign e_key[i*KEY_BITS +: KEY_BITS] = {valid[i], count & {CNT_BITS{valid[i]}}, "
                "~rank};");
    }
    vw_line(w, "assign dup[i]     = valid[i] & (|(mask & warp_sel));");
    vw_line(w, "assign join_ok[i] = valid[i] & (pc == ins_pc) & (count != CAP) & ~iss_sel[i];");
    if (g->fullest)
        vw_line(w, "assign iss_sel[i] = iss_any & (iss_idx == ID);");
    else
        vw_line(w, "assign iss_sel[i] = iss_go & valid[i] & (rank == {ENT_BITS{1'b0}});");
    vw_checks_logic(w, 1);
    vw_line(w, "assign e_rank[i*ENT_BITS +: ENT_BITS] = rank;");
    vw_checks_logic(w, 0);
    vw_line(w, "// PC written on allocation; {count, mask} on allocation and join. An issued");
    vw_line(w, "// entry only loses its valid bit; its payload stays, unused.");
    vw_line(w, "irhw_regfile_1rw #(.WIDTH(PC_BITS), .DEPTH(1), .ABITS(1)) u_pc (");
    vw_line(w, "    .clk(clk), .we(alloc_sel[i]), .addr(1'b0), .wdata(ins_pc), .rdata(pc));");
    vw_line(w, "irhw_regfile_1rw #(.WIDTH(GRP_BITS), .DEPTH(1), .ABITS(1)) u_group (");
    vw_line(w, "    .clk(clk), .we(alloc_sel[i] | join_sel[i]), .addr(1'b0),");
    vw_line(w, "    .wdata(alloc_sel[i] ? alloc_grp : {count + CNT_ONE, mask | warp_sel}), "
               ".rdata(grp));");
    vw_line(w, "// Age: an issue moves every younger entry one rank down.");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) rank <= {ENT_BITS{1'b0}};");
    vw_line(w, "    else if (alloc_sel[i]) rank <= new_rank;");
    vw_line(w, "    else if (iss_any & (rank > iss_rank)) rank <= rank - ENT_ONE;");
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_blank(w);
    vw_line(w, "// Valid bits: set on allocation, cleared on issue.");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) valid <= {ENTRIES{1'b0}};");
    vw_line(w, "    else valid <= (valid | alloc_sel) & ~iss_sel;");
    vw_line(w, "end");
    vw_blank(w);
    vw_line(w, "// Occupancy counter: +1 per allocation, -1 per issue.");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) occ_q <= {OCC_BITS{1'b0}};");
    vw_line(w, "    else if (ans_alloc & ~iss_any) occ_q <= occ_q + OCC_ONE;");
    vw_line(w, "    else if (iss_any & ~ans_alloc) occ_q <= occ_q - OCC_ONE;");
    vw_line(w, "end");
    vw_blank(w);
}

/* The table's safety checks: its bookkeeping (occupancy counter, age
 * ranks, warp counts) agrees with the valid entries, a warp waits in one
 * entry only, an insert gets exactly one answer and writes a free (alloc)
 * or a staying (join) entry, an issue takes one valid entry and always
 * happens when asked with one. The table has no DONE and no handshake
 * beyond these one-cycle answers. */
static void emit_checks(irhw_vw *w, const swt_geom *g)
{
    unsigned R = 1u << g->entry_bits;
    vw_line(w, "// ---- checks: the bookkeeping agrees with the valid entries");
    vw_checks_logic(w, 1);
    vw_line(w, "reg  [OCC_BITS-1:0] chk_occ;  // valid entries, counted");
    vw_line(w, "reg  [%u:0] chk_ranks;  // bit r: a valid entry has rank r", R - 1);
    vw_line(w, "reg  [%u:0] chk_want;   // bits 0..occ_q-1", R - 1);
    vw_line(w, "reg  [WARPS-1:0] chk_warps;  // warps waiting in valid entries");
    vw_line(w, "reg  chk_twice;  // a warp waits in two valid entries");
    vw_line(w, "reg  chk_count;  // a valid entry holds no warp or more than CAP");
    vw_line(w, "wire [4:0] chk_ans = {ans_join, ans_alloc, ans_reject, ans_dup, ans_badwarp};");
    vw_line(w, "always @* begin : chk_table");
    w->indent++;
    vw_line(w, "integer k;");
    vw_line(w, "chk_occ = {OCC_BITS{1'b0}};");
    vw_line(w, "chk_ranks = %u'd0;", R);
    vw_line(w, "chk_warps = {WARPS{1'b0}};");
    vw_line(w, "chk_twice = 1'b0;");
    vw_line(w, "chk_count = 1'b0;");
    vw_line(w, "for (k = 0; k < ENTRIES; k = k + 1)");
    vw_line(w, "    if (valid[k]) begin");
    w->indent += 2;
    vw_line(w, "chk_occ = chk_occ + OCC_ONE;");
    vw_line(w, "chk_ranks = chk_ranks | (%u'd1 << e_rank[k*ENT_BITS +: ENT_BITS]);", R);
    vw_line(w, "chk_twice = chk_twice | (|(chk_warps & e_grp[k*GRP_BITS +: WARPS]));");
    vw_line(w, "chk_warps = chk_warps | e_grp[k*GRP_BITS +: WARPS];");
    vw_line(w, "chk_count = chk_count | (e_grp[k*GRP_BITS+WARPS +: CNT_BITS] == {CNT_BITS{1'b0}})");
    vw_line(w, "                      | (e_grp[k*GRP_BITS+WARPS +: CNT_BITS] > CAP);");
    w->indent -= 2;
    vw_line(w, "    end");
    vw_line(w, "for (k = 0; k < %u; k = k + 1)", R);
    vw_line(w, "    chk_want[k] = (k < occ_q);");
    w->indent--;
    vw_line(w, "end");
    vw_checks_logic(w, 0);
    vw_assert(w, "occupancy_counted",
              "the occupancy counter equals the number of valid entries (never above ENTRIES)",
              "occ_q == chk_occ");
    vw_assert(w, "ranks_dense",
              "the valid entries' age ranks are exactly 0..occupancy-1: no two share one",
              "chk_ranks == chk_want");
    vw_assert(w, "warp_once", "a warp waits in at most one entry", "!chk_twice");
    vw_assert(w, "count_bound", "a valid entry holds 1..min(LANES, WARPS) warps", "!chk_count");
    vw_assert(w, "answer_onehot", "an insert gets exactly one answer; no answer without one",
              "ins_go ? ((chk_ans != 5'd0) & ((chk_ans & (chk_ans - 5'd1)) == 5'd0)) "
              ": (chk_ans == 5'd0)");
    vw_assert(w, "insert_targets",
              "an allocation takes a free entry, a join a valid one that is not issued",
              "((alloc_sel & valid) == {ENTRIES{1'b0}}) & "
              "((join_sel & ~(valid & ~iss_sel)) == {ENTRIES{1'b0}})");
    vw_assert(w, "issue_onehot", "at most one entry issues a cycle, and only a valid one",
              "((iss_sel & (iss_sel - %u'd1)) == {ENTRIES{1'b0}}) & "
              "((iss_sel & ~valid) == {ENTRIES{1'b0}})",
              g->entries);
    vw_assert(w, "issue_when_asked", "an issue request with a valid entry in the table issues one",
              "!(iss_go & (|valid)) | iss_any");
    vw_blank(w);
}

/* The port contracts: each answer and the issued entry against the table's
 * valid entries (their PC, warps, count and rank) and the insert's
 * operands, looked up in loops over the entries (an index out of range
 * reads nothing). */
static void emit_contracts(irhw_vw *w, const irhw_inst *x, const swt_geom *g)
{
    vw_checks_logic(w, 1);
    vw_line(w, "reg chk_better;    // a valid entry the policy prefers to the issued one");
    vw_line(w, "reg chk_joinable;  // a valid entry of ins_pc with room, not issuing");
    vw_line(w, "reg chk_waits;     // ins_warp waits in a valid entry");
    vw_line(w, "reg chk_iss_ok, chk_ins_join_ok, chk_ins_free;  // the entries the ports name");
    vw_line(w, "reg [CNT_BITS-1:0] chk_icnt;");
    vw_line(w, "reg [ENT_BITS-1:0] chk_irank;");
    vw_line(w, "always @* begin : chk_contract");
    w->indent++;
    vw_line(w, "integer ck;");
    vw_line(w, "chk_icnt = {CNT_BITS{1'b0}};");
    vw_line(w, "chk_irank = {ENT_BITS{1'b0}};");
    vw_line(w, "chk_iss_ok = 1'b0;");
    vw_line(w, "for (ck = 0; ck < ENTRIES; ck = ck + 1)");
    vw_line(w, "    if (iss_entry == ck[ENT_BITS-1:0]) begin");
    vw_line(w, "        chk_icnt = e_grp[ck*GRP_BITS+WARPS +: CNT_BITS];");
    vw_line(w, "        chk_irank = e_rank[ck*ENT_BITS +: ENT_BITS];");
    vw_line(w, "        chk_iss_ok = valid[ck] & (iss_pc == e_pc[ck*PC_BITS +: PC_BITS]) &");
    vw_line(w, "                     ({iss_count, iss_mask} == e_grp[ck*GRP_BITS +: GRP_BITS]);");
    vw_line(w, "    end");
    vw_line(w, "chk_better = 1'b0;");
    vw_line(w, "chk_joinable = 1'b0;");
    vw_line(w, "chk_ins_join_ok = 1'b0;");
    vw_line(w, "chk_ins_free = 1'b0;");
    vw_line(w, "for (ck = 0; ck < ENTRIES; ck = ck + 1) begin");
    w->indent++;
    if (g->fullest) {
        vw_line(w, "if (valid[ck] & ((e_grp[ck*GRP_BITS+WARPS +: CNT_BITS] > chk_icnt) |");
        vw_line(w, "                ((e_grp[ck*GRP_BITS+WARPS +: CNT_BITS] == chk_icnt) &");
        vw_line(w, "                 (e_rank[ck*ENT_BITS +: ENT_BITS] < chk_irank))))");
    } else {
        vw_line(w, "if (valid[ck] & (e_rank[ck*ENT_BITS +: ENT_BITS] < chk_irank))");
    }
    vw_line(w, "    chk_better = 1'b1;");
    vw_line(w, "if (valid[ck] & (e_pc[ck*PC_BITS +: PC_BITS] == ins_pc) &");
    vw_line(w, "    (e_grp[ck*GRP_BITS+WARPS +: CNT_BITS] != CAP) & ~(iss_valid & (iss_entry == "
               "ck[ENT_BITS-1:0])))");
    vw_line(w, "    chk_joinable = 1'b1;");
    vw_line(w, "if (ins_entry == ck[ENT_BITS-1:0]) begin");
    vw_line(w, "    chk_ins_join_ok = valid[ck] & (e_pc[ck*PC_BITS +: PC_BITS] == ins_pc) &");
    vw_line(w,
            "        (e_grp[ck*GRP_BITS+WARPS +: CNT_BITS] != CAP) & ~(iss_valid & (iss_entry == "
            "ck[ENT_BITS-1:0]));");
    vw_line(w, "    chk_ins_free = ~valid[ck];");
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_line(w, "chk_waits = 1'b0;");
    vw_line(w, "for (ck = 0; ck < WARPS; ck = ck + 1)");
    vw_line(w, "    if (ins_warp == ck[WARP_BITS-1:0]) chk_waits = chk_warps[ck];");
    w->indent--;
    vw_line(w, "end");
    vw_line(w, "wire chk_bad = ins_valid & (ins_warp >= WARPS);");
    vw_line(w, "wire chk_ok = ins_valid & ~chk_bad & ~chk_waits;  // an insert to place");
    vw_checks_logic(w, 0);
    vw_contract(w, x, "occupancy_is_count", "occupancy == chk_occ");
    vw_contract(w, x, "full_iff_no_free", "full == (chk_occ == ENTRIES)");
    vw_contract(w, x, "iss_valid_iff_asked", "iss_valid == (iss_req & (chk_occ != 0))");
    vw_contract(w, x, "iss_reports_entry",
                "iss_valid ? chk_iss_ok : ((iss_entry == 0) & (iss_pc == 0) & (iss_mask == 0) & "
                "(iss_count == 0))");
    vw_contract(w, x, "iss_policy_pick", "!iss_valid | !chk_better");
    vw_contract(w, x, "ins_badwarp_iff_range", "ins_badwarp == chk_bad");
    vw_contract(w, x, "ins_dup_iff_waiting", "ins_dup == (ins_valid & ~chk_bad & chk_waits)");
    vw_contract(w, x, "ins_answer_exact",
                "(ins_join == (chk_ok & chk_joinable)) & (ins_alloc == (chk_ok & ~chk_joinable & "
                "(chk_occ != ENTRIES))) & (ins_reject == (chk_ok & ~chk_joinable & (chk_occ == "
                "ENTRIES)))");
    vw_contract(w, x, "ins_entry_named",
                "ins_join ? chk_ins_join_ok : ins_alloc ? chk_ins_free : (ins_entry == 0)");
}

static void emit_outputs(irhw_vw *w, const swt_geom *g)
{
    vw_line(w, "// ---- Outputs (all 0 during reset) ----");
    vw_line(w, "assign ins_join    = ans_join;");
    vw_line(w, "assign ins_alloc   = ans_alloc;");
    vw_line(w, "assign ins_reject  = ans_reject;");
    vw_line(w, "assign ins_dup     = ans_dup;");
    vw_line(w, "assign ins_badwarp = ans_badwarp;");
    vw_line(w, "assign iss_valid   = iss_any;");
    if (g->fullest)
        vw_line(w, "assign iss_entry   = iss_idx & {ENT_BITS{iss_any}};");
    vw_line(w, "assign occupancy   = occ_q & {OCC_BITS{~rst}};");
    vw_line(w, "assign full        = (&valid) & ~rst;");
    vw_line(w, "wire [GRP_BITS-1:0] iss_grp;");
    vw_line(w, "assign iss_mask    = iss_grp[WARPS-1:0];");
    vw_line(w, "assign iss_count   = iss_grp[WARPS +: CNT_BITS];");
    if (g->entries == 1) { /* irhw_onehot_mux of one input ignores its select */
        vw_line(w, "assign ins_entry   = 1'b0;");
        if (!g->fullest)
            vw_line(w, "assign iss_entry   = 1'b0;");
        vw_line(w, "assign iss_pc      = e_pc & {PC_BITS{iss_sel[0]}};");
        vw_line(w, "assign iss_grp     = e_grp & {GRP_BITS{iss_sel[0]}};");
        if (!g->fullest)
            vw_line(w, "wire unused_e_id = e_id[0];  // no issue heap to feed");
        return;
    }
    vw_line(w, "irhw_onehot_mux #(.N(ENTRIES), .WIDTH(ENT_BITS)) u_ins_entry (");
    vw_line(w, "    .sel(join_sel | alloc_sel), .in(e_id), .out(ins_entry));");
    if (!g->fullest) {
        vw_line(w, "irhw_onehot_mux #(.N(ENTRIES), .WIDTH(ENT_BITS)) u_iss_entry (");
        vw_line(w, "    .sel(iss_sel), .in(e_id), .out(iss_entry));");
    }
    vw_line(w, "irhw_onehot_mux #(.N(ENTRIES), .WIDTH(PC_BITS)) u_iss_pc (");
    vw_line(w, "    .sel(iss_sel), .in(e_pc), .out(iss_pc));");
    vw_line(w, "irhw_onehot_mux #(.N(ENTRIES), .WIDTH(GRP_BITS)) u_iss_grp (");
    vw_line(w, "    .sel(iss_sel), .in(e_grp), .out(iss_grp));");
}

unsigned swt_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES])
{
    unsigned n = 0;
    names[n++] = "irhw_regfile_1rw.v"; /* the entries' payloads */
    if (swt_g(x)->entries > 1)
        names[n++] = "irhw_onehot_mux.v"; /* ins_entry and the issued entry's payload */
    return n;
}

int swt_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const swt_geom *g = swt_g(x);
    vw_line(w, "// Scalar-warp table: %u entries of (PC, %u-warp mask), up to %u warps per entry,",
            g->entries, g->warps, g->cap);
    vw_line(w, "// issue order: %s.",
            g->fullest ? "most warps first, ties to the oldest" : "oldest first");
    vw_line(w, "// Insert and issue both see the table as it was at the start of the cycle: an");
    vw_line(w, "// insert never joins the entry being issued (it allocates a fresh entry, or is");
    vw_line(w, "// rejected when none is free). Answers are one-hot. See model/swt.c.");
    vw_module_ports(w, x->module, &x->ps);
    w->indent++;
    emit_declarations(w, g);
    emit_insert_decode(w, g);
    emit_issue_select(w, g);
    emit_insert_search(w, g);
    emit_entries(w, g);
    emit_checks(w, g);
    emit_outputs(w, g);
    emit_contracts(w, x, g);
    w->indent--;
    vw_line(w, "endmodule");
    return 0;
}

void swt_gen_summary(const irhw_inst *x, FILE *f)
{
    const swt_geom *g = swt_g(x);
    fprintf(f, "swt: %u entries x (%u PC + %u mask + 1 valid + %u count + %u age rank) bits\n",
            g->entries, g->pc_bits, g->warps, g->count_bits, g->entry_bits);
    if (g->fullest)
        fprintf(f,
                "     %u PC comparators of %u b; issue: an arg-max heap of %u nodes over "
                "(valid, count, rank)\n",
                g->entries, g->pc_bits, (1u << g->entry_bits) - 1);
    else
        fprintf(f, "     %u PC comparators of %u b; issue: the valid entry of rank 0\n", g->entries,
                g->pc_bits);
}
