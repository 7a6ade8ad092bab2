/*
 * gen/icrn.c — Verilog generator of the inter-core redistribution network
 * (model/icrn.c holds the behaviour and every decision; this file must match
 * it), its `irhw gen` summary and its drawing (--draw: cores, hubs, links).
 *
 * The tree is written as one named generate loop per level over
 * parameterized leaf cells, so the module grows with the number of levels
 * (at most 6), not with CORES: g_core[i] (level 0: core i's link and its
 * ports), g_l<k>_hub[i] (hub i of level k, rtl/irhw_icrn_hub.v, and its link
 * to its parent) and g_root_kid[i] (the root's logic per child); the root's
 * two arbiters and its multiplexers are instances u_root_*. A link
 * (rtl/irhw_icrn_link.v, instance u_link) holds the node's two FIFOs, up
 * toward the root and dn toward the cores, each an rtl/irhw_fifo.v (DEPTH = 1
 * is its own branch, a valid flop and no pointers) whose entries are an
 * irhw_regfile_1w1r, so `irhw area` counts them as flip-flop storage.
 * Level k's nodes meet their parents on buses indexed by node: up_valid_l<k>,
 * up_ent_l<k>, dn_full_l<k>, ... (node i at [i], its entry at [i*EW +: EW]).
 *
 * FIFO entry layout, LSB first: id [ID_BITS], then src [CORE_BITS] (not in
 * up FIFOs of nodes covering one core), then dst [CORE_BITS] (only in dn
 * FIFOs of hubs covering more than one core). On the buses every up entry is
 * {src, id} and every dn entry {dst, src, id}: a link covering one core puts
 * its constant core back (icrn_up_width / icrn_dn_width stay the storage).
 */
#include "icrn.h"

#include <inttypes.h>
#include <string.h>

typedef struct {
    icrn_geom g;
    irhw_vw *w;
} gen_ctx;

static const char *node_name(const icrn_geom *g, unsigned level, unsigned i, char *buf, size_t len)
{
    if (level == 0)
        snprintf(buf, len, "c%u", i);
    else if (level == g->levels)
        snprintf(buf, len, "root");
    else
        snprintf(buf, len, "h%u_%u", level, i);
    return buf;
}

/* The node loop of level k >= 1 drives, besides its own link, the children's
 * slices of level k-1: this is where a child's bus index comes from. */
static void emit_buses(gen_ctx *x)
{
    const icrn_geom *g = &x->g;
    irhw_vw *w = x->w;
    unsigned ew = g->id_bits + g->core_bits, dw = ew + g->core_bits;
    vw_line(w, "// ---- per-level buses, node i of level k at [i] (entries at [i*EW +: EW] and");
    vw_line(
        w,
        "// [i*DW +: DW]): valid/ent/pop of its up FIFO and push/full/valid/ent of its dn FIFO.");
    for (unsigned k = 0; k < g->levels; k++) {
        unsigned n = g->count[k];
        vw_line(w, "wire %sup_valid_l%u, up_pop_l%u, dn_push_l%u, dn_full_l%u, dn_valid_l%u;",
                vw_vec(n), k, k, k, k, k);
        vw_line(w, "wire %sup_ent_l%u;  // %u x EW", vw_vec(n * ew), k, n);
        if (k > 0)
            vw_line(w, "wire %sdn_ent_l%u;  // %u x DW", vw_vec(n * dw), k, n);
    }
    vw_line(w, "wire [DW-1:0] root_dn_ent;  // {destination, the up entry the root chose}");
    vw_blank(w);
}

/* The parent's dn entry, the din of node i's dn FIFO at level k. */
static void parent_dn_ent(const icrn_geom *g, unsigned k, char *buf, size_t len)
{
    if (k + 1 == g->levels)
        snprintf(buf, len, "root_dn_ent");
    else
        snprintf(buf, len, "dn_ent_l%u[(i / %u) * DW +: DW]", k + 1, g->radix);
}

static void emit_link(gen_ctx *x, unsigned k, const char *one_core, const char *core,
                      const char *up_push, const char *up_din, const char *up_full,
                      const char *dn_pop, const char *dn_ent)
{
    irhw_vw *w = x->w;
    char parent[64];
    parent_dn_ent(&x->g, k, parent, sizeof parent);
    vw_line(w,
            "irhw_icrn_link #(.IDW(ID_BITS), .CB(CORE_BITS), .DEPTH(BUF_DEPTH), .ONE_CORE(%s), "
            ".CORE(%s)) u_link (",
            one_core, core);
    vw_line(w, "    .clk(clk), .rst(rst),");
    vw_line(w, "    .up_push(%s), .up_din(%s),", up_push, up_din);
    vw_line(w,
            "    .up_pop(up_pop_l%u[i]), .up_full(%s), .up_valid(up_valid_l%u[i]), "
            ".up_ent(up_ent_l%u[i * EW +: EW]),",
            k, up_full, k, k);
    vw_line(w, "    .dn_push(dn_push_l%u[i]), .dn_din(%s), .dn_pop(%s),", k, parent, dn_pop);
    vw_line(w, "    .dn_full(dn_full_l%u[i]), .dn_valid(dn_valid_l%u[i]), .dn_ent(%s));", k, k,
            dn_ent);
}

/* Level 0: every core's link and its ports. */
static void emit_cores(gen_ctx *x)
{
    const icrn_geom *g = &x->g;
    irhw_vw *w = x->w;
    vw_line(w, "// ---- cores: each core's link to its hub; inj_ready is registered (the up FIFO");
    vw_line(w, "// is not full); delivered data are zero while dlv_valid is low.");
    vw_line(w, "for (i = 0; i < %u; i = i + 1) begin : g_core", g->cores);
    w->indent++;
    vw_line(w, "wire up_full, dn_pop;");
    vw_line(w, "wire [DW-1:0] dn_ent;");
    vw_line(w, "wire [CORE_BITS-1:0] unused_dst = dn_ent[ID_BITS + CORE_BITS +: CORE_BITS];  "
               "// the core itself");
    emit_link(x, 0, "1", "i", "inj_valid[i] & ~up_full",
              "{{CORE_BITS{1'b0}}, inj_id[i * ID_BITS +: ID_BITS]}", "up_full", "dn_pop", "dn_ent");
    vw_line(w, "assign inj_ready[i] = ~up_full;");
    vw_line(w, "assign dn_pop       = dn_valid_l0[i] & dlv_ready[i];");
    vw_line(w, "assign dlv_valid[i] = dn_valid_l0[i];");
    vw_line(w, "assign dlv_id[i * ID_BITS +: ID_BITS] = dn_valid_l0[i] ? dn_ent[ID_BITS-1:0] : "
               "{ID_BITS{1'b0}};");
    vw_line(w, "assign dlv_src[i * CORE_BITS +: CORE_BITS] =");
    vw_line(w, "    dn_valid_l0[i] ? dn_ent[ID_BITS +: CORE_BITS] : {CORE_BITS{1'b0}};");
    w->indent--;
    vw_line(w, "end");
    vw_blank(w);
}

/* Level k >= 1: every hub (rtl/irhw_icrn_hub) and its link to its parent.
 * Only the last hub of a level can have fewer children or cover one core. */
static void emit_hubs(gen_ctx *x, unsigned k)
{
    const icrn_geom *g = &x->g;
    irhw_vw *w = x->w;
    unsigned n = g->count[k], r = g->radix, first, nlast, lo, hi;
    icrn_children(g, k, n - 1, &first, &nlast);
    icrn_cover(g, k, n - 1, &lo, &hi);
    char one[32], nkids[64];
    snprintf(one, sizeof one, hi - lo == 1 ? "i == %u" : "0", n - 1);
    if (nlast == r)
        snprintf(nkids, sizeof nkids, "%u", r);
    else
        snprintf(nkids, sizeof nkids, "(i == %u) ? %u : %u", n - 1, nlast, r);
    vw_line(w, "// ---- level %u: %u hubs of up to %u children; hub i covers the cores from i*%u",
            k, n, r, g->span[k]);
    vw_line(w, "for (i = 0; i < %u; i = i + 1) begin : g_l%u_hub", n, k);
    w->indent++;
    vw_line(w, "localparam N = %s;  // children", nkids);
    vw_line(w, "wire up_full, up_push, dn_pop;");
    vw_line(w, "wire [EW-1:0] up_din;");
    vw_line(w,
            "irhw_icrn_hub #(.N(N), .IDW(ID_BITS), .CB(CORE_BITS), .LO(i * %u), .SPAN(%u)) u_hub (",
            g->span[k], g->span[k - 1]);
    vw_line(w, "    .clk(clk), .rst(rst),");
    vw_line(w,
            "    .kid_up_valid(up_valid_l%u[i * %u +: N]), .kid_up_ent(up_ent_l%u[i * %u * EW +: N "
            "* EW]),",
            k - 1, r, k - 1, r);
    vw_line(w,
            "    .kid_up_pop(up_pop_l%u[i * %u +: N]), .up_full(up_full), .up_push(up_push), "
            ".up_din(up_din),",
            k - 1, r);
    vw_line(w,
            "    .dn_valid(dn_valid_l%u[i]), .dn_dst(dn_ent_l%u[i * DW + ID_BITS + CORE_BITS +: "
            "CORE_BITS]),",
            k, k);
    vw_line(w,
            "    .dn_pop(dn_pop), .kid_dn_full(dn_full_l%u[i * %u +: N]), "
            ".kid_dn_push(dn_push_l%u[i * %u +: N]));",
            k - 1, r, k - 1, r);
    char core[32], ent[64];
    snprintf(core, sizeof core, "i * %u", g->span[k]);
    snprintf(ent, sizeof ent, "dn_ent_l%u[i * DW +: DW]", k);
    emit_link(x, k, one, core, "up_push", "up_din", "up_full", "dn_pop", ent);
    w->indent--;
    vw_line(w, "end");
    vw_blank(w);
}

/* ---- root --------------------------------------------------------------------- */

static void emit_root(gen_ctx *x)
{
    const icrn_geom *g = &x->g;
    irhw_vw *w = x->w;
    unsigned L = g->levels, n = g->cores, nc = g->count[L - 1], s = g->span[L - 1];

    vw_line(w, "// ---- root hub: the only place a destination is chosen. One work ID per");
    vw_line(w, "// cycle: round robin over the children whose head has a needy core other");
    vw_line(w, "// than its source (a core with core_greedy clear this cycle whose dn path");
    vw_line(w, "// is not full), then round robin over those cores.");
    vw_line(w, "wire %sroot_path_ok, root_needy, root_dst_req, root_dst_pick;", vw_vec(n));
    vw_line(w, "wire %sroot_cand;  // %u x CORES: the needy cores, not child i's source",
            vw_vec(nc * n), nc);
    vw_line(w, "wire %sroot_in_req, root_in_pick;", vw_vec(nc));
    vw_line(w, "wire %sunused_root_in_idx;  // the pointer alone needs it", vw_vec(irhw_clog2(nc)));
    vw_line(w, "wire [EW-1:0] root_ent;");
    vw_line(w, "wire [CORE_BITS-1:0] root_dst_idx;");
    vw_line(w, "wire root_in_go = |root_in_req;");
    vw_line(w, "assign root_needy  = ~core_greedy & root_path_ok;");
    vw_line(w, "assign root_dn_ent = {root_dst_idx, root_ent};");
    vw_line(
        w,
        "for (i = 0; i < %u; i = i + 1) begin : g_root_kid  // child i covers the cores LO..HI-1",
        nc);
    w->indent++;
    vw_line(w, "localparam LO = i * %u, HI = (i == %u) ? %u : LO + %u;", s, nc - 1, n, s);
    vw_line(w, "assign root_path_ok[HI-1:LO] = {(HI - LO){~dn_full_l%u[i]}};", L - 1);
    /* A child covering one core has a constant source: written as such, as
     * synthesis keeps the links apart and would not see through them. */
    if (s == 1) {
        vw_line(
            w,
            "assign root_cand[i * %u +: %u] = root_needy & ~(%u'h1 << i);  // not back to core i",
            n, n, n);
    } else {
        vw_line(w, "if (HI - LO == 1) begin : g_one_core");
        vw_line(w, "    assign root_cand[i * %u +: %u] = root_needy & ~(%u'h1 << LO);", n, n, n);
        vw_line(w, "end else begin : g_many_cores  // not back to the source");
        vw_line(w, "    assign root_cand[i * %u +: %u] =", n, n);
        vw_line(w, "        root_needy & ~(%u'h1 << up_ent_l%u[i * EW + ID_BITS +: CORE_BITS]);", n,
                L - 1);
        vw_line(w, "end");
    }
    vw_line(w, "assign root_in_req[i] = up_valid_l%u[i] & (|root_cand[i * %u +: %u]);", L - 1, n,
            n);
    vw_line(w, "assign up_pop_l%u[i]    = root_in_go & root_in_pick[i];", L - 1);
    vw_line(w, "assign dn_push_l%u[i]   = root_in_go & (|root_dst_pick[HI-1:LO]);", L - 1);
    w->indent--;
    vw_line(w, "end");
    vw_line(w, "irhw_rr_arbiter #(.N(%u)) u_root_in (.clk(clk), .rst(rst), .go(root_in_go),", nc);
    vw_line(w, "    .req(root_in_req), .pick(root_in_pick), .idx(unused_root_in_idx));");
    vw_line(w, "irhw_onehot_mux #(.N(%u), .WIDTH(%u)) u_root_dst_req (", nc, n);
    vw_line(w, "    .sel(root_in_pick), .in(root_cand), .out(root_dst_req));");
    vw_line(w, "irhw_onehot_mux #(.N(%u), .WIDTH(EW)) u_root_ent (", nc);
    vw_line(w, "    .sel(root_in_pick), .in(up_ent_l%u), .out(root_ent));", L - 1);
    vw_line(w, "irhw_rr_arbiter #(.N(%u)) u_root_dst (.clk(clk), .rst(rst), .go(root_in_go),", n);
    vw_line(w, "    .req(root_dst_req), .pick(root_dst_pick), .idx(root_dst_idx));");
    vw_blank(w);
}

/* ---- termination ------------------------------------------------------------- */

static void emit_done(gen_ctx *x)
{
    const icrn_geom *g = &x->g;
    irhw_vw *w = x->w;
    vw_line(w, "// ---- termination: DONE only with every core empty, nothing offered and");
    vw_line(w, "// every buffer empty (an ID being delivered this cycle still counts).");
    vw_line(w, "wire net_busy =");
    for (unsigned k = 0; k < g->levels; k++)
        vw_line(w, "    (|up_valid_l%u) | (|dn_valid_l%u)%s", k, k,
                k + 1 == g->levels ? ";" : " |");
    vw_line(w, "assign all_done = (&core_empty) & ~(|inj_valid) & ~net_busy;");
    vw_assert(w, "done_only_empty",
              "DONE only with every core empty, nothing offered and every buffer empty",
              "!all_done | ((&core_empty) & ~(|inj_valid) & ~net_busy)");
}

/* The port contracts, from the FIFOs' valid flags (the buffers' state as
 * the links report it): DONE exactly by its definition, a delivery exactly
 * when the core's dn FIFO holds an entry, never back to its source, zero
 * data without valid. */
static void emit_contracts(const irhw_inst *inst, irhw_vw *w, const icrn_geom *g)
{
    vw_checks_logic(w, 1);
    vw_line(w, "wire chk_busy = 1'b0");
    for (unsigned k = 0; k < g->levels; k++)
        vw_line(w, "    | (up_valid_l%u != 0) | (dn_valid_l%u != 0)%s", k, k,
                k + 1 == g->levels ? ";" : "");
    vw_line(w, "reg chk_to_src;  // a core is delivered an ID it injected");
    vw_line(w, "reg %schk_id_mask;  // ones where dlv_id may be nonzero",
            vw_vec(g->cores * g->id_bits));
    vw_line(w, "reg %schk_src_mask;", vw_vec(g->cores * g->core_bits));
    vw_line(w, "integer chk_c;");
    vw_line(w, "always @* begin");
    vw_line(w, "    chk_to_src = 1'b0;");
    vw_line(w, "    for (chk_c = 0; chk_c < %u; chk_c = chk_c + 1) begin", g->cores);
    vw_line(w, "        chk_id_mask[chk_c * ID_BITS +: ID_BITS] = {ID_BITS{dlv_valid[chk_c]}};");
    vw_line(
        w, "        chk_src_mask[chk_c * CORE_BITS +: CORE_BITS] = {CORE_BITS{dlv_valid[chk_c]}};");
    vw_line(w, "        if (dlv_valid[chk_c] && dlv_src[chk_c * CORE_BITS +: CORE_BITS] == "
               "chk_c[CORE_BITS-1:0])");
    vw_line(w, "            chk_to_src = 1'b1;");
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_checks_logic(w, 0);
    vw_contract(w, inst, "done_iff_quiet",
                "all_done == ((&core_empty) & ~(|inj_valid) & ~chk_busy)");
    vw_contract(w, inst, "dlv_valid_has_data", "dlv_valid == dn_valid_l0");
    vw_contract(w, inst, "dlv_qualified",
                "((dlv_id & ~chk_id_mask) == 0) & ((dlv_src & ~chk_src_mask) == 0)");
    vw_score_logic(w, 1);
    vw_line(w, "wire sb_to_src = chk_to_src;");
    vw_score_logic(w, 0);
    vw_contract_data(w, inst, "dlv_not_to_source", "!sb_to_src");
}

/* The formal scoreboard: IDs counted in (offers taken) and out
 * (deliveries taken), all of them and those equal to one watched ID (any
 * constant). The network holds an entry exactly while more went in than
 * out; no delivery of the watched ID without one of it inside; DONE only
 * when every ID that went in came out. */
static void emit_scoreboard(irhw_vw *w, const icrn_geom *g)
{
    unsigned sw = g->core_bits + 10;
    vw_score_logic(w, 1);
    vw_line(w, "reg [ID_BITS-1:0] sb_watch;  // any constant: the ID watched");
    vw_line(w, "always @(posedge clk) sb_watch <= sb_watch;");
    vw_line(w, "reg [%u:0] sb_all, sb_n;  // IDs in the network; of them, the watched", sw - 1);
    vw_line(w, "reg [%u:0] sb_all_next, sb_n_next, sb_n_out;", sw - 1);
    vw_line(w, "integer sb_c;");
    vw_line(w, "always @* begin");
    vw_line(w, "    sb_all_next = sb_all;");
    vw_line(w, "    sb_n_next = sb_n;");
    vw_line(w, "    sb_n_out = %u'd0;", sw);
    vw_line(w, "    for (sb_c = 0; sb_c < %u; sb_c = sb_c + 1) begin", g->cores);
    vw_line(w, "        if (inj_valid[sb_c] & inj_ready[sb_c]) begin");
    vw_line(w, "            sb_all_next = sb_all_next + 1'b1;");
    vw_line(w, "            if (inj_id[sb_c * ID_BITS +: ID_BITS] == sb_watch)");
    vw_line(w, "                sb_n_next = sb_n_next + 1'b1;");
    vw_line(w, "        end");
    vw_line(w, "        if (dlv_valid[sb_c] & dlv_ready[sb_c]) begin");
    vw_line(w, "            sb_all_next = sb_all_next - 1'b1;");
    vw_line(w, "            if (dlv_id[sb_c * ID_BITS +: ID_BITS] == sb_watch) begin");
    vw_line(w, "                sb_n_next = sb_n_next - 1'b1;");
    vw_line(w, "                sb_n_out = sb_n_out + 1'b1;");
    vw_line(w, "            end");
    vw_line(w, "        end");
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    sb_all <= rst ? %u'd0 : sb_all_next;", sw);
    vw_line(w, "    sb_n <= rst ? %u'd0 : sb_n_next;", sw);
    vw_line(w, "end");
    vw_score_logic(w, 0);
    vw_score(w, "held_counted",
             "the network holds an entry exactly while more IDs went in than out",
             "(sb_all != %u'd0) == chk_busy", sw);
    vw_score(w, "data_none_invented",
             "the watched ID is delivered only as often as it is inside, and DONE only when "
             "every one that went in came out",
             "(sb_n_out <= sb_n) & (sb_n <= sb_all) & (!all_done | (sb_n == %u'd0))", sw);
}

/* Every leaf the tree is made of; the FIFO entries sit in an
 * irhw_regfile_1w1r (one write and one read port per cycle, which the 1rw
 * leaf cells do not offer), so `irhw area` counts them as flip-flop storage.
 * Only a tree with a level below the root has hubs. */
unsigned icrn_leaf_cells(const irhw_inst *inst, const char *names[IRHW_MAX_LEAVES])
{
    unsigned n = 0;
    names[n++] = "irhw_icrn_link.v";
    names[n++] = "irhw_fifo.v";
    names[n++] = "irhw_regfile_1w1r.v";
    names[n++] = "irhw_rr_arbiter.v";
    names[n++] = "irhw_onehot_mux.v";
    if (icrn_g(inst)->levels > 1)
        names[n++] = "irhw_icrn_hub.v";
    return n;
}

int icrn_gen(const irhw_inst *inst, irhw_vw *w, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const icrn_geom *g = icrn_g(inst);
    vw_line(w, "// Tree: %u cores, %u hub(s) on %u level(s) (radix %u), root = `root`.", g->cores,
            g->hubs, g->levels, g->radix);
    vw_line(w, "// Every link has one %u-entry FIFO per direction; one cycle per hop, %u hops",
            g->depth, 2 * g->levels);
    vw_line(w, "// core to core. Entries: id, then src (core_bits=%u), then dst.", g->core_bits);
    vw_module_ports(w, inst->module, &inst->ps);
    w->indent++;
    vw_line(w, "localparam ID_BITS = %u, CORE_BITS = %u, BUF_DEPTH = %u;", g->id_bits, g->core_bits,
            g->depth);
    vw_line(w, "localparam EW = ID_BITS + CORE_BITS;      // an up entry: {src, id}");
    vw_line(w, "localparam DW = ID_BITS + 2 * CORE_BITS;  // a dn entry: {dst, src, id}");
    vw_line(w, "genvar i;");
    vw_blank(w);
    gen_ctx x = {.w = w, .g = *g};
    emit_buses(&x);
    emit_cores(&x);
    for (unsigned k = 1; k < g->levels; k++)
        emit_hubs(&x, k);
    emit_root(&x);
    emit_done(&x);
    emit_contracts(inst, w, g);
    emit_scoreboard(w, g);
    w->indent--;
    vw_line(w, "endmodule");
    return 0;
}

/* ---- summary and drawing ------------------------------------------------------ */

void icrn_gen_summary(const irhw_inst *x, FILE *f)
{
    const icrn_geom g = *icrn_g(x);
    unsigned hubs = g.hubs, bufs = g.fifos;
    fprintf(f, "icrn: %u cores, %u hub(s) on %u level(s), radix %u\n", g.cores, hubs, g.levels,
            g.radix);
    fprintf(f,
            "icrn: core to core %u hops = %u cycles without contention; the root routes one "
            "work ID per cycle\n",
            2 * g.levels, 2 * g.levels);
    fprintf(f, "icrn: %u FIFOs x %u entries = %" PRIu64 " buffer bits (%.1f per core)%s\n", bufs,
            g.depth, g.buffer_bits, (double)g.buffer_bits / g.cores,
            g.depth == 1 ? "; BUF_DEPTH=1: one ID every 2 cycles per link" : "");
}

int icrn_draw_svg(const irhw_inst *x, FILE *f, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const icrn_geom g = *icrn_g(x);
    const double dx = 34, dy = 90, mx = 30, top = 60;
    double width = mx * 2 + dx * g.cores, height = top + dy * g.levels + 70;
    if (width < 480)
        width = 480;
    double x0 = (width - dx * g.cores) / 2;
    /* x of every node, level by level: cores evenly, hubs over their children */
    double xs[ICRN_MAX_LEVELS + 1][ICRN_MAX_CORES];
    for (unsigned i = 0; i < g.cores; i++)
        xs[0][i] = x0 + dx * (i + 0.5);
    for (unsigned k = 1; k <= g.levels; k++)
        for (unsigned i = 0; i < g.count[k]; i++) {
            unsigned first, n;
            icrn_children(&g, k, i, &first, &n);
            xs[k][i] = (xs[k - 1][first] + xs[k - 1][first + n - 1]) / 2;
        }
    const char *mod = x->module;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "font-family=\"sans-serif\" font-size=\"11\">\n",
            width, height);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(f,
            "<text x=\"10\" y=\"18\" font-size=\"14\">%s — %u cores, radix %u, %u hops core "
            "to core</text>\n",
            mod, g.cores, g.radix, 2 * g.levels);
    fprintf(f,
            "<text x=\"10\" y=\"36\">each link: up + dn FIFO of %u x (ID %u b + src/dst); "
            "destination chosen at the root</text>\n",
            g.depth, g.id_bits);
    for (unsigned k = 1; k <= g.levels; k++)
        for (unsigned i = 0; i < g.count[k]; i++) {
            unsigned first, n;
            icrn_children(&g, k, i, &first, &n);
            double y = top + dy * (g.levels - k);
            for (unsigned j = first; j < first + n; j++)
                fprintf(f,
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555\"/>\n",
                        xs[k][i], y + 12, xs[k - 1][j], y + dy - 12);
        }
    for (unsigned k = 0; k <= g.levels; k++)
        for (unsigned i = 0; i < g.count[k]; i++) {
            double x = xs[k][i], y = top + dy * (g.levels - k);
            char nm[32];
            node_name(&g, k, i, nm, sizeof nm);
            if (k == 0)
                fprintf(
                    f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"12\" fill=\"#cde\" stroke=\"#245\"/>\n",
                    x, y);
            else
                fprintf(f,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"40\" height=\"24\" rx=\"4\" "
                        "fill=\"%s\" stroke=\"#542\"/>\n",
                        x - 20, y - 12, k == g.levels ? "#fc9" : "#fed");
            fprintf(
                f,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"%s\">%s</text>\n",
                x, y + 4, k == 0 && g.cores > 16 ? "8" : "10", nm);
        }
    fprintf(f, "</svg>\n");
    return 0;
}
