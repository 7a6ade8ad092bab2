/*
 * gen/hwwl.c — Verilog generator of the multi-core hardware worklist
 * (model/hwwl.c holds the behaviour and every decision; this file must
 * match it). The cores are the generated hwwl_core module in a generate
 * loop (g_core[c].u_core), the network the generated icrn module (u_icrn);
 * both are written after this module. The top itself holds only the
 * system's commands (all-or-nothing wlcfg and swap), the per-core wlinit
 * offsets and the count of IDs inside the network.
 */
#include "hwwl.h"

#include <string.h>

unsigned hwwl_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES])
{
    irhw_inst core, net;
    char err[IRHW_ERRLEN];
    unsigned n = 0;
    if (hwwl_parts(hwwl_g(x), &core, &net, err, sizeof err) == 0) {
        n = core.b->leaf_cells(&core, names);
        const char *more[IRHW_MAX_LEAVES];
        unsigned nm = net.b->leaf_cells(&net, more);
        for (unsigned i = 0; i < nm; i++) {
            unsigned j = 0;
            while (j < n && strcmp(names[j], more[i]))
                j++;
            if (j == n && n < IRHW_MAX_LEAVES)
                names[n++] = more[i];
        }
    }
    irhw_inst_free(&core);
    irhw_inst_free(&net);
    return n;
}

void hwwl_gen_summary(const irhw_inst *x, FILE *f)
{
    const hwwl_geom *g = hwwl_g(x);
    irhw_inst core, net;
    char err[IRHW_ERRLEN];
    fprintf(f, "hwwl: %u cores, ICRN radix %u, %u-entry link buffers (at most %u IDs inside)\n",
            g->cores, g->radix, g->depth, g->net_cap);
    if (hwwl_parts(g, &core, &net, err, sizeof err) == 0) {
        core.b->gen_summary(&core, f);
        net.b->gen_summary(&net, f);
    }
    irhw_inst_free(&core);
    irhw_inst_free(&net);
}

static void emit_params(irhw_vw *w, const hwwl_geom *g)
{
    const hwwl_core_geom *k = &g->core;
    vw_line(w, "localparam CORES = %u;", g->cores);
    vw_line(w, "localparam L  = %u;   // lanes per core", k->lanes);
    vw_line(w, "localparam I  = %u;   // ID_BITS", k->id_bits);
    vw_line(w, "localparam CI = %u;   // COALESCE x ID_BITS: a memory request's data",
            k->coalesce * k->id_bits);
    vw_line(w, "localparam TB = %u;   // a load's tag", k->tag_bits);
    vw_line(w, "localparam AB = %u;   // ADDR_BITS", k->addr_bits);
    vw_line(w, "localparam NB = %u;   // holds 1..COALESCE", k->n_bits);
    vw_line(w, "localparam OB = %u;   // holds 0..OVF_CAP", k->ovf_bits);
    vw_line(w, "localparam SB = %u;   // a core index in the network (dlv_src)",
            irhw_clog2(g->cores));
    vw_line(w, "localparam NETB = %u; // holds 0..%u, the network's capacity", g->net_bits,
            g->net_cap);
    vw_blank(w);
}

static void emit_system(irhw_vw *w, const hwwl_geom *g)
{
    const hwwl_core_geom *k = &g->core;
    unsigned C = g->cores;
    vw_line(w, "// ---- the cores' and the network's signals");
    vw_line(w, "wire [CORES-1:0] c_xfer_valid, c_rx_ready, c_core_empty, c_core_greedy;");
    vw_line(w, "wire [CORES-1:0] c_swap_ready, c_cfg_ready, c_wlcfg_ok, c_swap_ok;");
    vw_line(w, "wire [CORES*I-1:0] c_xfer_id;");
    vw_line(w, "wire [CORES-1:0] n_inj_ready, n_dlv_valid;");
    vw_line(w, "wire [CORES*I-1:0] n_dlv_id;");
    vw_line(w, "wire [CORES*SB-1:0] n_dlv_src;");
    vw_line(w, "wire n_all_done;");
    vw_blank(w);
    vw_line(w, "// ---- IDs inside the network: accepted injections minus taken deliveries");
    vw_line(w, "wire [CORES-1:0] inj_fire = c_xfer_valid & n_inj_ready;");
    vw_line(w, "wire [CORES-1:0] dlv_fire = n_dlv_valid & c_rx_ready;");
    vw_line(w, "reg  [NETB-1:0] net_n_q;");
    for (int pass = 0; pass < 2; pass++) {
        const char *v = pass ? "dlv_fire" : "inj_fire";
        vw_line(w, "wire [NETB-1:0] %s_n =", pass ? "dlv" : "inj");
        for (unsigned c = 0; c < C; c++)
            vw_line(w, "    {{(NETB-1){1'b0}}, %s[%u]}%s", v, c, c + 1 == C ? ";" : " +");
    }
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) net_n_q <= 0;");
    vw_line(w, "    else net_n_q <= net_n_q + inj_n - dlv_n;");
    vw_line(w, "end");
    vw_line(w, "wire net_empty = (net_n_q == 0);  // also: no delivery waiting anywhere");
    vw_assert(w, "net_count_conserved",
              "no delivery of an ID the network does not hold (the count never wraps below 0)",
              "({1'b0, net_n_q} + inj_n) >= {1'b0, dlv_n}");
    vw_assert(w, "done_only_net_empty", "all_done only with no work ID inside the network",
              "!n_all_done | net_empty");
    vw_blank(w);
    vw_line(w, "// ---- one wlcfg and one swap for every core, all or nothing");
    vw_line(w, "wire push_any = |push;");
    vw_line(w, "wire cfg_go  = wlcfg_en & (&c_cfg_ready) & net_empty & ~push_any;");
    vw_line(w, "wire swap_go = swap & ~wlcfg_en & (&c_swap_ready) & net_empty & ~push_any;");
    vw_blank(w);
    vw_line(w, "// ---- wlinit: core c's overflow buffer at base + c*size");
    vw_line(w, "wire [AB-1:0] size_ext = %s;",
            k->addr_bits > k->ovf_bits ? "{{(AB-OB){1'b0}}, wlinit_size}" : "wlinit_size");
    vw_line(w, "wire [CORES*AB-1:0] init_base;");
    vw_line(w, "assign init_base[0 +: AB] = wlinit_base;");
    for (unsigned c = 1; c < C; c++)
        vw_line(w, "assign init_base[%u*AB +: AB] = wlinit_base + size_ext * %u'd%u;", c,
                k->addr_bits, c);
    vw_blank(w);
}

static void emit_parts(irhw_vw *w, const irhw_inst *core, const irhw_inst *net)
{
    vw_line(w, "// ---- the cores");
    vw_line(w, "genvar c;");
    vw_line(w, "generate for (c = 0; c < CORES; c = c + 1) begin : g_core");
    vw_line(w, "    %s u_core (", core->module);
    vw_line(w, "        .clk(clk), .rst(rst),");
    vw_line(w, "        .wlcfg_en(cfg_go), .wlcfg_double(wlcfg_double),");
    vw_line(w, "        .wlinit_en(wlinit_en), .wlinit_base(init_base[c*AB +: AB]), "
               ".wlinit_size(wlinit_size),");
    vw_line(w, "        .swap(swap_go),");
    vw_line(w, "        .push(push[c*L +: L]), .push_id(push_id[c*L*I +: L*I]), "
               ".pull(pull[c*L +: L]),");
    vw_line(w, "        .others_done(n_all_done),");
    vw_line(w, "        .rx_valid(n_dlv_valid[c]), .rx_id(n_dlv_id[c*I +: I]), "
               ".xfer_ready(n_inj_ready[c]),");
    vw_line(w, "        .mem_req_ready(mem_req_ready[c]), .mem_resp_valid(mem_resp_valid[c]),");
    vw_line(w, "        .mem_resp_tag(mem_resp_tag[c*TB +: TB]), "
               ".mem_resp_data(mem_resp_data[c*CI +: CI]),");
    vw_line(w, "        .wlcfg_ok(c_wlcfg_ok[c]), .wlinit_ok(wlinit_ok[c]), "
               ".swap_ok(c_swap_ok[c]),");
    vw_line(w, "        .push_ok(push_ok[c*L +: L]), .push_exc(push_exc[c*L +: L]),");
    vw_line(w, "        .pull_ans(pull_ans[c*2*L +: 2*L]), .pull_id(pull_id[c*L*I +: L*I]),");
    vw_line(w, "        .rx_ready(c_rx_ready[c]), .xfer_valid(c_xfer_valid[c]), "
               ".xfer_id(c_xfer_id[c*I +: I]),");
    vw_line(w, "        .mem_req_valid(mem_req_valid[c]), .mem_req_write(mem_req_write[c]),");
    vw_line(w, "        .mem_req_addr(mem_req_addr[c*AB +: AB]), .mem_req_n(mem_req_n[c*NB +: "
               "NB]),");
    vw_line(w, "        .mem_req_tag(mem_req_tag[c*TB +: TB]), "
               ".mem_req_data(mem_req_data[c*CI +: CI]),");
    vw_line(w, "        .double_mode(double_mode[c]), .core_empty(c_core_empty[c]), "
               ".core_greedy(c_core_greedy[c]),");
    vw_line(w, "        .ovf_held(ovf_held[c*OB +: OB]), .swap_ready(c_swap_ready[c]), "
               ".cfg_ready(c_cfg_ready[c]));");
    vw_line(w, "end endgenerate");
    vw_blank(w);
    vw_line(w, "// ---- the network: donations up, deliveries down, all_done to every core");
    vw_line(w, "%s u_icrn (", net->module);
    vw_line(w, "    .clk(clk), .rst(rst),");
    vw_line(w, "    .inj_valid(c_xfer_valid), .inj_id(c_xfer_id), .dlv_ready(c_rx_ready),");
    vw_line(w, "    .core_empty(c_core_empty), .core_greedy(c_core_greedy),");
    vw_line(w, "    .inj_ready(n_inj_ready), .dlv_valid(n_dlv_valid), .dlv_id(n_dlv_id), "
               ".dlv_src(n_dlv_src),");
    vw_line(w, "    .all_done(n_all_done));");
    vw_blank(w);
}

static void emit_outputs(irhw_vw *w)
{
    vw_line(w, "// Each core honours the system's wlcfg/swap exactly when the system does.");
    vw_line(w, "wire unused_parts = &{1'b0, c_wlcfg_ok, c_swap_ok, n_dlv_src};");
    vw_line(w, "// ---- outputs");
    vw_line(w, "assign wlcfg_ok    = cfg_go;");
    vw_line(w, "assign swap_ok     = swap_go;");
    vw_line(w, "assign core_empty  = c_core_empty;");
    vw_line(w, "assign core_greedy = c_core_greedy;");
    vw_line(w, "assign don_valid   = inj_fire;");
    vw_line(w, "assign rcv_valid   = dlv_fire;");
    vw_line(w, "generate for (c = 0; c < CORES; c = c + 1) begin : g_ids");
    vw_line(w, "    assign don_id[c*I +: I] = inj_fire[c] ? c_xfer_id[c*I +: I] : {I{1'b0}};");
    vw_line(w, "    assign rcv_id[c*I +: I] = dlv_fire[c] ? n_dlv_id[c*I +: I] : {I{1'b0}};");
    vw_line(w, "end endgenerate");
    vw_line(w, "assign net_held    = net_n_q;");
    vw_line(w, "assign all_done    = n_all_done;");
    vw_line(w, "assign swap_ready  = (&c_swap_ready) & net_empty;");
    vw_line(w, "assign cfg_ready   = (&c_cfg_ready) & net_empty;");
}

/* The port contracts: the transfer ports qualified, the ready flags and
 * DONE by their definitions (DONE through the network's buffers, which
 * only its leaves see: a data contract, proved to the bound). */
static void emit_contracts(irhw_vw *w, const irhw_inst *x)
{
    vw_checks_logic(w, 1);
    vw_line(w, "reg [CORES*I-1:0] chk_don_mask, chk_rcv_mask;  // ones in the firing cores");
    vw_line(w, "always @* begin : chk_masks");
    vw_line(w, "    integer ck;");
    vw_line(w, "    for (ck = 0; ck < CORES; ck = ck + 1) begin");
    vw_line(w, "        chk_don_mask[ck*I +: I] = {I{don_valid[ck]}};");
    vw_line(w, "        chk_rcv_mask[ck*I +: I] = {I{rcv_valid[ck]}};");
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_line(w, "wire chk_net_empty = (net_held == 0);");
    vw_checks_logic(w, 0);
    vw_contract(w, x, "ids_qualified",
                "((don_id & ~chk_don_mask) == 0) & ((rcv_id & ~chk_rcv_mask) == 0)");
    vw_contract(w, x, "ready_iff_all_cores",
                "(swap_ready == ((&c_swap_ready) & chk_net_empty)) & (cfg_ready == "
                "((&c_cfg_ready) & chk_net_empty))");
    vw_score_logic(w, 1);
    vw_line(w, "wire sb_quiet = (&core_empty) & ~(|c_xfer_valid) & (net_held == 0);");
    vw_score_logic(w, 0);
    vw_contract_data(w, x, "all_done_iff_quiet", "all_done == sb_quiet");
}

int hwwl_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen)
{
    const hwwl_geom *g = hwwl_g(x);
    irhw_inst core, net;
    if (HW_MODEL_ONLY_SCHEME(g))
        return irhw_err(err, errlen,
                        "SCHEME=%s is model only: it has no RTL (run the C model, e.g. "
                        "--model-only)",
                        g->scheme == HW_GSORTING ? "gsorting" : "magic");
    if (hwwl_parts(g, &core, &net, err, errlen)) {
        irhw_inst_free(&core);
        irhw_inst_free(&net);
        return -1;
    }
    vw_line(w, "// The multi-core hardware worklist: %u cores, one network:", g->cores);
    vw_line(w, "//   %s", core.module);
    vw_line(w, "//   %s", net.module);
    vw_module_ports(w, x->module, &x->ps);
    w->indent++;
    emit_params(w, g);
    emit_system(w, g);
    emit_parts(w, &core, &net);
    emit_outputs(w);
    emit_contracts(w, x);
    w->indent--;
    vw_line(w, "endmodule");
    vw_blank(w);
    vw_line(w, "// The parts, generated for this configuration (irhw gen hwwl_core / icrn).");
    vw_line(w, "/* verilator lint_off DECLFILENAME */");
    int rc = core.b->gen(&core, w, err, errlen);
    if (!rc) {
        vw_blank(w);
        vw_line(w, "/* verilator lint_off DECLFILENAME */");
        rc = net.b->gen(&net, w, err, errlen);
    }
    vw_line(w, "/* verilator lint_on DECLFILENAME */");
    irhw_inst_free(&core);
    irhw_inst_free(&net);
    return rc;
}
