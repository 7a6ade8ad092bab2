/*
 * gen/wru.c — Verilog generator for the work redistribution unit (see
 * model/wru.c for the behaviour and the decisions), its `irhw gen` summary
 * and its `--draw` Knuth diagram of the sorting network.
 *
 * The RTL reads like the model: an interval counter; for lsorting a
 * compare-exchange network unrolled from the same comparator list the model
 * evaluates — one wire bundle per layer, layer3[w] = {count, bank} on wire w
 * (the packed pair compares like the (key, tag) pair), one compare-exchange
 * cell per comparator, inline so that the file holds one module (the swap
 * wire cmp_l<layer>_<lo>_<hi>, then two muxes), pipeline registers stage<s>
 * after every PIPELINE-th layer, read back as layer<j>_q[w] — then the
 * pairing logic and a one-hot decode of the pair list (per pair, not per
 * bank and pair: far less for Verilator to evaluate). For threshold, the
 * round-robin order of the model's walk comes from prefix counts (every bank
 * ranked at once, see emit_threshold).
 *
 * Written for the tools as well as for the reader: no logic is computed
 * twice from the raw and the ranked counts (ABC's SAT sweeping then tries to
 * prove the sorting network and synthesis takes minutes instead of seconds),
 * no long serial walks with variable-index writes, and wide values live in
 * per-wire arrays (fast to Verilate).
 */
#include "wru.h"

#include <stdlib.h>
#include <string.h>

/* ---- shared text: the summary (stdout) and the Verilog header ---------- */

static void describe(const wru_geom *cf, FILE *f, const char *pre)
{
    if (cf->scheme == WRU_THRESHOLD) {
        fprintf(f,
                "%sscheme: threshold (round-robin greedy -> needy), no sorting network "
                "(NETWORK ignored)\n",
                pre);
        fprintf(f, "%scomparators: 0, layers: 0, pipeline latency: 0 cycles (combinational)\n",
                pre);
    } else {
        sortnet nv = wru_net(cf);
        const sortnet *n = &nv;
        fprintf(f, "%sscheme: lsorting; network: %s on %u inputs\n", pre,
                sortnet_kind_name(cf->network), n->n);
        fprintf(f, "%scomparators: %u, layers: %u, pipeline latency: %u cycle%s", pre, n->size,
                n->depth, cf->regs, cf->regs == 1 ? "" : "s");
        if (!cf->regs) {
            fprintf(f, " (combinational)\n");
        } else {
            /* a long list on its own line: header lines stay within 120 columns */
            fprintf(f, cf->regs > 8 ? "\n%s    (registers after layer" : " (registers after layer",
                    pre);
            for (unsigned s = 1; s <= cf->regs; s++)
                fprintf(f, "%s %u", s == 1 ? "" : ",", wru_reg_layer(cf, s));
            fprintf(f, ")\n");
        }
    }
    fprintf(f,
            "%sdecision every %u cycle%s (first in the cycle after reset); THRESHOLD=%u, "
            "%u-bit counts\n",
            pre, cf->interval, cf->interval == 1 ? "" : "s", cf->threshold, cf->count_bits);
}

void wru_gen_summary(const irhw_inst *x, FILE *f)
{
    fprintf(f, "%s\n", x->module);
    describe(wru_g(x), f, "  ");
    fprintf(f, "  flip-flops: %llu\n", (unsigned long long)wru_g(x)->state_bits);
}

/* No leaf cells: the WRU's state is plain flip-flops in its one module. */
unsigned wru_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES])
{
    (void)x;
    (void)names;
    return 0;
}

/* ---- Verilog pieces --------------------------------------------------------- */

typedef struct {
    const wru_geom *cf;
    irhw_vw *w;
    unsigned L, CB, TB, RB, P;
} gctx;

/* "6'd5" */
static const char *lit(char *buf, size_t len, unsigned width, uint64_t v)
{
    snprintf(buf, len, "%u'd%llu", width, (unsigned long long)v);
    return buf;
}

/* Comparison of a count expression with THRESHOLD; constant where the
 * range makes it so (no always-false comparisons in the RTL). */
static void below_T(const gctx *g, char *buf, size_t len, const char *x)
{
    char t[32];
    if (g->cf->threshold == 0)
        snprintf(buf, len, "1'b0");
    else
        snprintf(buf, len, "(%s < %s)", x, lit(t, sizeof t, g->CB, g->cf->threshold));
}

static void above_T(const gctx *g, char *buf, size_t len, const char *x)
{
    char t[32];
    if (g->cf->threshold >= g->cf->count_max)
        snprintf(buf, len, "1'b0");
    else
        snprintf(buf, len, "(%s > %s)", x, lit(t, sizeof t, g->CB, g->cf->threshold));
}

static void emit_interval(const gctx *g)
{
    irhw_vw *w = g->w;
    unsigned I = g->cf->interval, PB = g->cf->phase_bits;
    char a[32], b[32];
    vw_line(w, "// ---- interval: counts are sampled every %u cycle%s, first after reset", I,
            I == 1 ? "" : "s");
    if (I == 1) {
        vw_line(w, "wire sample = !rst;");
        if (g->cf->scheme == WRU_LSORTING && g->cf->regs == 0)
            vw_line(w, "wire unused_clk = clk;  // this configuration holds no state");
        vw_blank(w);
        return;
    }
    vw_line(w, "reg  %sphase;", vw_vec(PB));
    vw_line(w, "always @(posedge clk) begin");
    w->indent++;
    vw_line(w, "if (rst) phase <= %s;", lit(a, sizeof a, PB, 0));
    vw_line(w, "else if (phase == %s) phase <= %s;", lit(a, sizeof a, PB, I - 1),
            lit(b, sizeof b, PB, 0));
    vw_line(w, "else phase <= phase + %s;", lit(a, sizeof a, PB, 1));
    w->indent--;
    vw_line(w, "end");
    vw_line(w, "wire sample = !rst && (phase == %s);", lit(a, sizeof a, PB, 0));
    vw_blank(w);
}

/* `name` = the number of ones in the LANES-bit vector `vec`, as a balanced
 * tree of adders (level k+1 adds pairs of level k); clog2(LANES)+1 bits. A
 * serial chain of LANES adders is as correct, but far slower to synthesize
 * under a delay target. Uses the genvar gb. */
static void emit_popcount(const gctx *g, const char *name, const char *vec)
{
    irhw_vw *w = g->w;
    unsigned levels = g->TB; /* clog2(LANES) */
    vw_line(w, "// %s = number of ones in %s (balanced adder tree)", name, vec);
    for (unsigned k = 0, n = g->L; k <= levels; k++, n = (n + 1) / 2)
        vw_line(w, "wire [%u:0] %s_l%u [0:%u];", k, name, k, n - 1);
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gb = 0; gb < %u; gb = gb + 1) begin : %s_l0_bit", g->L, name);
    vw_line(w, "    assign %s_l0[gb] = %s[gb];", name, vec);
    vw_line(w, "end");
    for (unsigned k = 0, n = g->L; n > 1; k++, n = (n + 1) / 2) {
        vw_line(w, "for (gb = 0; gb < %u; gb = gb + 1) begin : %s_l%u_add", n / 2, name, k + 1);
        vw_line(w, "    assign %s_l%u[gb] = {1'b0, %s_l%u[2*gb]} + {1'b0, %s_l%u[2*gb+1]};", name,
                k + 1, name, k, name, k);
        vw_line(w, "end");
        if (n % 2)
            vw_line(w, "assign %s_l%u[%u] = {1'b0, %s_l%u[%u]};", name, k + 1, (n + 1) / 2 - 1,
                    name, k, n - 1);
    }
    w->indent--;
    vw_line(w, "endgenerate");
    vw_line(w, "wire [%u:0] %s = %s_l%u[0];", levels, name, name, levels);
}

/* Live status from this cycle's counts. core_empty is a NOR of the counts.
 * core_greedy (#greedy > #needy) reuses what the scheme computes anyway:
 * threshold counts the greedy and needy banks in its walk; lsorting without
 * pipeline ranks these very counts, so the ranked keys give it (see
 * emit_lsorting_pairs). Only a pipelined lsorting unit counts the classes of
 * the live counts separately, with two adder trees. Computing the same
 * function twice, from the raw and the ranked counts, also costs synthesis
 * dearly: ABC's SAT sweeping then tries to prove the sorting network. */
static void emit_status(const gctx *g)
{
    irhw_vw *w = g->w;
    unsigned L = g->L, CB = g->CB;
    char x[64], e[96], z[32];
    int classes = g->cf->scheme == WRU_THRESHOLD || g->cf->regs > 0;
    vw_line(w, "// ---- core status (live, every cycle)");
    vw_line(w, "assign core_empty = (counts == %s);", lit(z, sizeof z, L * CB, 0));
    if (!classes) {
        vw_line(w, "// core_greedy: from the ranked counts, below");
        vw_blank(w);
        return;
    }
    vw_line(w, "wire %sbank_greedy;  // count > THRESHOLD", vw_vec(L));
    vw_line(w, "wire %sbank_needy;   // count < THRESHOLD", vw_vec(L));
    vw_line(w, "genvar gb;");
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gb = 0; gb < %u; gb = gb + 1) begin : bank_class", L);
    w->indent++;
    snprintf(x, sizeof x, "counts[gb*%u +: %u]", CB, CB);
    above_T(g, e, sizeof e, x);
    vw_line(w, "assign bank_greedy[gb] = %s;", e);
    below_T(g, e, sizeof e, x);
    vw_line(w, "assign bank_needy[gb]  = %s;", e);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
    if (g->cf->scheme == WRU_THRESHOLD) {
        vw_line(w, "// core_greedy: from the round-robin walk's counts, below");
    } else {
        emit_popcount(g, "n_greedy", "bank_greedy");
        emit_popcount(g, "n_needy", "bank_needy");
        vw_line(w, "assign core_greedy = (n_greedy > n_needy);");
    }
    vw_blank(w);
}

/* Name of the bundle layer `j` reads: the previous layer, or its register. */
static void layer_in(const gctx *g, unsigned j, char *buf, size_t len)
{
    unsigned p = j - 1;
    snprintf(buf, len, "layer%u%s", p, wru_reg_after(g->cf, p) ? "_q" : "");
}

/* "{a[L-1], ..., a[0]}" over several lines, eight elements a line. */
static void emit_concat(irhw_vw *w, const char *lhs, const char *arr, unsigned L)
{
    vw_line(w, "%s {", lhs);
    w->indent++;
    for (unsigned b = L; b > 0; b = b > 8 ? b - 8 : 0) {
        char line[400] = "";
        size_t o = 0;
        for (unsigned k = b; k > 0 && k + 8 > b; k--)
            o += (size_t)snprintf(line + o, sizeof line - o, "%s[%u]%s", arr, k - 1,
                                  k - 1 ? ", " : "");
        vw_line(w, "%s", line);
    }
    w->indent--;
    vw_line(w, "};");
}

/* Register stage `s` after layer j: flat flip-flops stage<s> (wire w at
 * [w*KW +: KW]), stage<s>_valid, and the per-wire view layer<j>_q[w]. */
static void emit_stage(const gctx *g, unsigned s, unsigned j, const char *valid_in)
{
    irhw_vw *w = g->w;
    unsigned L = g->L, KW = g->CB + g->TB;
    char z[32], lhs[64], arr[32];
    vw_blank(w);
    vw_line(w, "// pipeline stage %u: register after layer %u (wire w at [w*%u +: %u])", s, j, KW,
            KW);
    vw_line(w, "reg  %sstage%u;", vw_vec(L * KW), s);
    vw_line(w, "reg  stage%u_valid;", s);
    vw_line(w, "always @(posedge clk) begin");
    w->indent++;
    vw_line(w, "if (rst) begin");
    w->indent++;
    vw_line(w, "stage%u <= %s;", s, lit(z, sizeof z, L * KW, 0));
    vw_line(w, "stage%u_valid <= 1'b0;", s);
    w->indent--;
    vw_line(w, "end else begin");
    w->indent++;
    snprintf(lhs, sizeof lhs, "stage%u <=", s);
    snprintf(arr, sizeof arr, "layer%u", j);
    emit_concat(w, lhs, arr, L);
    vw_line(w, "stage%u_valid <= %s;", s, valid_in);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_line(w, "wire %slayer%u_q [0:%u];", vw_vec(KW), j, L - 1);
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gw = 0; gw < %u; gw = gw + 1) begin : stage%u_wire", L, s);
    w->indent++;
    vw_line(w, "assign layer%u_q[gw] = stage%u[gw*%u +: %u];", j, s, KW, KW);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
}

static void emit_network(const gctx *g)
{
    irhw_vw *w = g->w;
    sortnet nv = wru_net(g->cf);
    const sortnet *n = &nv;
    unsigned L = g->L, CB = g->CB, TB = g->TB, KW = CB + TB;
    char in[32], valid[48];
    vw_line(w, "// ---- sorting network: %s, %u inputs, %u comparators in %u layers",
            sortnet_kind_name(n->kind), n->n, n->size, n->depth);
    vw_line(w, "// layer<j>[w] = {count, bank} on wire w after layer j (count in bits %u:%u).",
            KW - 1, TB);
    vw_line(w, "// One compare on the packed pair orders by count, then by bank index.");
    vw_line(w, "// Layer 0: the counts, tagged with their bank index.");
    vw_line(w, "wire %slayer0 [0:%u];", vw_vec(KW), L - 1);
    vw_line(w, "genvar gw;");
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gw = 0; gw < %u; gw = gw + 1) begin : layer0_wire", L);
    w->indent++;
    vw_line(w, "localparam %sBANK = gw;", vw_vec(TB));
    vw_line(w, "assign layer0[gw] = {counts[gw*%u +: %u], BANK};", CB, CB);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
    snprintf(valid, sizeof valid, "sample");
    unsigned stage = 0;
    for (unsigned j = 1; j <= n->depth; j++) {
        unsigned lo = n->layer_off[j - 1], hi = n->layer_off[j];
        vw_blank(w);
        vw_line(w, "// layer %u: %u comparator%s", j, hi - lo, hi - lo == 1 ? "" : "s");
        vw_line(w, "wire %slayer%u [0:%u];", vw_vec(KW), j, L - 1);
        layer_in(g, j, in, sizeof in);
        uint8_t busy[WRU_MAX_LANES] = {0};
        for (unsigned i = lo; i < hi; i++) {
            unsigned a = n->c[i].lo, b = n->c[i].hi;
            busy[a] = busy[b] = 1;
            vw_line(w, "wire cmp_l%u_%u_%u = %s[%u] > %s[%u];  // comparator (%u, %u): swap", j, a,
                    b, in, a, in, b, a, b);
            vw_line(w, "assign layer%u[%u] = cmp_l%u_%u_%u ? %s[%u] : %s[%u];", j, a, j, a, b, in,
                    b, in, a);
            vw_line(w, "assign layer%u[%u] = cmp_l%u_%u_%u ? %s[%u] : %s[%u];", j, b, j, a, b, in,
                    a, in, b);
        }
        for (unsigned x = 0; x < L; x++)
            if (!busy[x])
                vw_line(w, "assign layer%u[%u] = %s[%u];  // wire %u idle", j, x, in, x, x);
        if (wru_reg_after(g->cf, j)) {
            emit_stage(g, ++stage, j, valid);
            snprintf(valid, sizeof valid, "stage%u_valid", stage);
        }
    }
    vw_blank(w);
    layer_in(g, n->depth + 1, in, sizeof in);
    vw_line(w, "// ---- ranked banks: rank i holds the i-th smallest (count, bank)");
    vw_line(w, "wire %ssorted_key [0:%u];", vw_vec(CB), L - 1);
    vw_line(w, "wire %ssorted_tag [0:%u];", vw_vec(TB), L - 1);
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gw = 0; gw < %u; gw = gw + 1) begin : rank", L);
    w->indent++;
    vw_line(w, "assign sorted_key[gw] = %s[gw][%u:%u];", in, KW - 1, TB);
    vw_line(w, "assign sorted_tag[gw] = %s[gw][%u:0];", in, TB - 1);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
    vw_line(w, "wire sorted_valid = %s;", valid);
    vw_blank(w);
}

static void emit_lsorting_pairs(const gctx *g)
{
    irhw_vw *w = g->w;
    unsigned L = g->L, CB = g->CB, TB = g->TB, P = g->P;
    char x[64], e[128], two[32];
    vw_line(w, "// ---- classes of the ranked (sampled) counts");
    vw_line(w, "wire %ssorted_greedy;", vw_vec(L));
    vw_line(w, "wire %ssorted_needy;", vw_vec(L));
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gw = 0; gw < %u; gw = gw + 1) begin : rank_class", L);
    w->indent++;
    snprintf(x, sizeof x, "sorted_key[gw]");
    above_T(g, e, sizeof e, x);
    vw_line(w, "assign sorted_greedy[gw] = %s;", e);
    below_T(g, e, sizeof e, x);
    vw_line(w, "assign sorted_needy[gw]  = %s;", e);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
    vw_blank(w);
    vw_line(w, "// ---- lsorting pairing: pair i moves one word from rank %u-i to rank i when",
            L - 1);
    vw_line(w, "// rank i is needy and the donor holds at least two more. Counts are sorted,");
    vw_line(w, "// so both hold for a prefix of the pairs.");
    vw_line(w, "wire %spair_ok;", vw_vec(P));
    vw_line(w, "wire %spair_donor [0:%u];", vw_vec(TB), P - 1);
    vw_line(w, "wire %spair_receiver [0:%u];", vw_vec(TB), P - 1);
    for (unsigned i = 0; i < P; i++) {
        vw_line(w,
                "assign pair_ok[%u] = sorted_needy[%u] && ({1'b0, sorted_key[%u]} >= "
                "{1'b0, sorted_key[%u]} + %s);",
                i, i, L - 1 - i, i, lit(two, sizeof two, CB + 1, 2));
        vw_line(w, "assign pair_donor[%u] = sorted_tag[%u];", i, L - 1 - i);
        vw_line(w, "assign pair_receiver[%u] = sorted_tag[%u];", i, i);
    }
    vw_line(w, "wire %spair_valid = {%u{sorted_valid}} & pair_ok;", vw_vec(P), P);
    vw_blank(w);
    vw_line(w, "// ---- inter-core donor. More greedy than needy banks among the sampled");
    vw_line(w, "// counts <=> some rank i is not needy while rank %u-i is greedy.", L - 1);
    vw_line(w, "wire %ssurplus;", vw_vec(L));
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gw = 0; gw < %u; gw = gw + 1) begin : rank_surplus", L);
    w->indent++;
    vw_line(w, "assign surplus[gw] = !sorted_needy[gw] && sorted_greedy[%u - gw];", L - 1);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
    vw_line(w, "wire sorted_core_greedy = |surplus;");
    if (g->cf->regs == 0)
        vw_line(w,
                "assign core_greedy = sorted_core_greedy;  // the ranked counts are the live ones");
    vw_line(w, "wire plan_xfer_valid = sorted_valid && sorted_core_greedy;");
    vw_line(w, "// The donor is the highest-ranked bank not donating inside the core: with");
    vw_line(w, "// q pairs formed (xfer_sel[q]), rank %u-q.", L - 1);
    vw_line(w, "wire %sxfer_sel;", vw_vec(P + 1));
    vw_line(w, "assign xfer_sel[0] = !pair_ok[0];");
    for (unsigned q = 1; q < P; q++)
        vw_line(w, "assign xfer_sel[%u] = pair_ok[%u] && !pair_ok[%u];", q, q - 1, q);
    vw_line(w, "assign xfer_sel[%u] = pair_ok[%u];", P, P - 1);
    vw_line(w, "wire %sxfer_pick =", vw_vec(TB));
    w->indent++;
    for (unsigned q = 0; q <= P; q++)
        vw_line(w, "({%u{xfer_sel[%u]}} & sorted_tag[%u])%s", TB, q, L - 1 - q,
                q == P ? ";" : " |");
    w->indent--;
    vw_line(w, "wire %splan_xfer_bank = {%u{plan_xfer_valid}} & xfer_pick;", vw_vec(TB), TB);
    vw_line(w, "wire plan_valid_w = sorted_valid;");
    vw_blank(w);
}

/* threshold: the round-robin matching, without walking the banks in turn.
 * P(b) = greedy banks below bank b (a prefix count, g_below). The greedy banks
 * listed from rr_donor, wrapping at LANES, give bank b (greedy) the rank
 *   rank(b) = P(b) - P(rr_donor) + (b < rr_donor ? #greedy : 0),
 * the same order the model's walk produces; needy banks likewise from
 * rr_receiver. Donor of rank j gives to receiver of rank j, j < min(#greedy,
 * #needy). Every bank is ranked each cycle, so #greedy and #needy also give
 * the live core_greedy. */
static void emit_threshold(const gctx *g)
{
    irhw_vw *w = g->w;
    unsigned L = g->L, TB = g->TB, RB = g->RB, P = g->P;
    char a[32], b[32], c[32], one[48];
    snprintf(one, sizeof one, "%u'd0", RB - 1);
    vw_line(w, "// ---- threshold: round-robin pointers (one past the last bank served)");
    vw_line(w, "reg  %srr_donor, rr_receiver;", vw_vec(TB));
    vw_blank(w);
    vw_line(w, "// g_below / n_below, entry b: greedy / needy banks among banks 0..b-1");
    vw_line(w, "reg  %sg_below, n_below;", vw_vec(L * RB));
    vw_line(w, "reg  %sn_greedy, n_needy;", vw_vec(RB));
    vw_line(w, "always @* begin : below");
    w->indent++;
    vw_line(w, "integer k;");
    vw_line(w, "n_greedy = %s;", lit(a, sizeof a, RB, 0));
    vw_line(w, "n_needy = %s;", lit(a, sizeof a, RB, 0));
    vw_line(w, "for (k = 0; k < %u; k = k + 1) begin", L);
    w->indent++;
    vw_line(w, "g_below[k*%u +: %u] = n_greedy;", RB, RB);
    vw_line(w, "n_below[k*%u +: %u] = n_needy;", RB, RB);
    vw_line(w, "n_greedy = n_greedy + {%s, bank_greedy[k]};", one);
    vw_line(w, "n_needy = n_needy + {%s, bank_needy[k]};", one);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_line(w, "assign core_greedy = (n_greedy > n_needy);  // every bank is counted");
    vw_line(w, "wire %sn_pairs = (n_greedy < n_needy) ? n_greedy : n_needy;", vw_vec(RB));
    vw_line(w, "wire %sg_at_rr = g_below[rr_donor*%u +: %u];", vw_vec(RB), RB, RB);
    vw_line(w, "wire %sn_at_rr = n_below[rr_receiver*%u +: %u];", vw_vec(RB), RB, RB);
    vw_blank(w);
    vw_line(w, "// Round-robin ranks; a bank gives (takes) when its rank is below n_pairs.");
    vw_line(w, "// A bank below the pointer comes after the wrap: its rank adds the total.");
    vw_line(w, "wire %sd_rank [0:%u];", vw_vec(RB), L - 1);
    vw_line(w, "wire %sr_rank [0:%u];", vw_vec(RB), L - 1);
    vw_line(w, "wire %sgives, takes, xfer_hit;", vw_vec(L));
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gb = 0; gb < %u; gb = gb + 1) begin : rank", L);
    w->indent++;
    vw_line(w, "localparam %sB = gb;", vw_vec(TB));
    vw_line(w, "wire wrap_d, wrap_r;");
    if (L == (1u << TB)) {
        /* the top bank can never sit below a pointer */
        vw_line(w, "if (gb == %u) begin : top", L - 1);
        vw_line(w, "    assign wrap_d = 1'b0;");
        vw_line(w, "    assign wrap_r = 1'b0;");
        vw_line(w, "end else begin : other");
        vw_line(w, "    assign wrap_d = (B < rr_donor);");
        vw_line(w, "    assign wrap_r = (B < rr_receiver);");
        vw_line(w, "end");
    } else {
        vw_line(w, "assign wrap_d = (B < rr_donor);");
        vw_line(w, "assign wrap_r = (B < rr_receiver);");
    }
    vw_line(w, "assign d_rank[gb] = g_below[gb*%u +: %u] - g_at_rr + (wrap_d ? n_greedy : %s);", RB,
            RB, lit(a, sizeof a, RB, 0));
    vw_line(w, "assign r_rank[gb] = n_below[gb*%u +: %u] - n_at_rr + (wrap_r ? n_needy : %s);", RB,
            RB, lit(a, sizeof a, RB, 0));
    vw_line(w, "assign gives[gb] = bank_greedy[gb] && (d_rank[gb] < n_pairs);");
    vw_line(w, "assign takes[gb] = bank_needy[gb] && (r_rank[gb] < n_pairs);");
    vw_line(w, "// the first greedy bank left over goes to the inter-core network");
    vw_line(w, "assign xfer_hit[gb] = bank_greedy[gb] && (d_rank[gb] == n_needy);");
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
    vw_blank(w);
    vw_line(w, "// receiver_of[j]: the needy bank of rank j; last banks served, for the pointers");
    vw_line(w, "wire %sdonors_used = n_pairs + {%s, core_greedy};", vw_vec(RB), one);
    vw_line(w, "reg  %sreceiver_of;", vw_vec(P * TB));
    vw_line(w, "reg  %sxfer_pick, last_donor, last_receiver;", vw_vec(TB));
    vw_line(w, "always @* begin : by_rank");
    w->indent++;
    vw_line(w, "integer k, j;");
    vw_line(w, "receiver_of = %s;", lit(a, sizeof a, P * TB, 0));
    vw_line(w, "xfer_pick = %s;", lit(a, sizeof a, TB, 0));
    vw_line(w, "last_donor = %s;", lit(a, sizeof a, TB, 0));
    vw_line(w, "last_receiver = %s;", lit(a, sizeof a, TB, 0));
    vw_line(w, "for (k = 0; k < %u; k = k + 1) begin", L);
    w->indent++;
    vw_line(w, "for (j = 0; j < %u; j = j + 1)", P);
    vw_line(w, "    if (takes[k] && r_rank[k] == j[%u:0])", RB - 1);
    vw_line(w, "        receiver_of[j*%u +: %u] = k[%u:0];", TB, TB, TB - 1);
    vw_line(w, "if (xfer_hit[k])");
    vw_line(w, "    xfer_pick = k[%u:0];", TB - 1);
    vw_line(w, "if (bank_greedy[k] && d_rank[k] == donors_used - %s)", lit(a, sizeof a, RB, 1));
    vw_line(w, "    last_donor = k[%u:0];", TB - 1);
    vw_line(w, "if (takes[k] && r_rank[k] == n_pairs - %s)", lit(a, sizeof a, RB, 1));
    vw_line(w, "    last_receiver = k[%u:0];", TB - 1);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "end");
    vw_blank(w);
    vw_line(w, "// ---- transfer list per bank");
    vw_line(w, "wire plan_xfer_valid = sample && core_greedy;");
    vw_line(w, "assign plan_valid = sample;");
    vw_line(w, "assign donate_valid = {%u{sample}} & gives;", L);
    vw_line(w, "assign receive_valid = {%u{sample}} & takes;", L);
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gb = 0; gb < %u; gb = gb + 1) begin : give_to", L);
    vw_line(w, "    // a donor's rank is below n_pairs; any other bank's may pass the last");
    vw_line(w, "    // receiver_of entry: it reads entry 0 instead (never out of range)");
    vw_line(w, "    wire %sd_at = d_rank[gb] & {%u{donate_valid[gb]}};", vw_vec(RB), RB);
    vw_line(
        w,
        "    assign donate_to[gb*%u +: %u] = {%u{donate_valid[gb]}} & receiver_of[d_at*%u +: %u];",
        TB, TB, TB, TB, TB);
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
    vw_line(w, "assign xfer_valid = plan_xfer_valid;");
    vw_line(w, "assign xfer_bank = {%u{plan_xfer_valid}} & xfer_pick;", TB);
    vw_blank(w);
    vw_line(w, "// Pointers move one past the last donor (inter-core donor included) and");
    vw_line(w, "// one past the last receiver; with nobody served they keep their value.");
    const char *ptr[2][3] = {{"rr_donor", "donors_used", "last_donor"},
                             {"rr_receiver", "n_pairs", "last_receiver"}};
    for (int i = 0; i < 2; i++) {
        vw_line(w, "always @(posedge clk) begin");
        w->indent++;
        vw_line(w, "if (rst) %s <= %s;", ptr[i][0], lit(a, sizeof a, TB, 0));
        vw_line(w, "else if (sample && %s != %s)", ptr[i][1], lit(b, sizeof b, RB, 0));
        w->indent++;
        vw_line(w, "%s <= (%s == %s) ? %s : %s + %s;", ptr[i][0], ptr[i][2],
                lit(a, sizeof a, TB, L - 1), lit(b, sizeof b, TB, 0), ptr[i][2],
                lit(c, sizeof c, TB, 1));
        w->indent--;
        w->indent--;
        vw_line(w, "end");
    }
}

/* assign NAME = VEC[0] | VEC[1] | ... | VEC[N-1]; eight terms a line. */
static void emit_or(irhw_vw *w, const char *name, const char *vec, unsigned n)
{
    vw_line(w, "assign %s =", name);
    w->indent++;
    for (unsigned p = 0; p < n; p += 8) {
        char line[512] = "";
        size_t o = 0;
        for (unsigned q = p; q < n && q < p + 8; q++)
            o += (size_t)snprintf(line + o, sizeof line - o, "%s[%u]%s", vec, q,
                                  q + 1 == n      ? ";"
                                  : q + 1 < p + 8 ? " | "
                                                  : " |");
        vw_line(w, "%s", line);
    }
    w->indent--;
}

/* lsorting: pair list -> per-bank outputs. Donors are distinct and
 * receivers are distinct (ranks of a permutation), so at most one pair hits
 * a bank: each pair places its bits at its donor's (receiver's) position
 * and the outputs are ORs over the pairs, not a priority chain. The model's
 * result is the same; a chain would leave ABC to prove by SAT that the
 * sorted tags never repeat, which is proving the sorting network. One
 * shifted vector per pair (rather than a compare per bank and pair) keeps
 * the decode small for Verilator too: P shifts instead of LANES*P compares.
 * donate_to is an indexed write per pair into a per-bank array (the same
 * distinct-donor argument; ORed into the slot, so still no priority chain),
 * not a TB*P AND-OR of one-hot vectors. */
static void emit_decode(const gctx *g)
{
    irhw_vw *w = g->w;
    unsigned L = g->L, TB = g->TB, P = g->P;
    vw_line(w, "// ---- transfer list per bank: pair p puts its valid bit at its donor's");
    vw_line(w, "// (receiver's) position. Donors are distinct and receivers are distinct, so");
    vw_line(w, "// the pairs' one-hot vectors never overlap: ORed.");
    vw_line(w, "wire %sgive_hot [0:%u];", vw_vec(L), P - 1);
    vw_line(w, "wire %stake_hot [0:%u];", vw_vec(L), P - 1);
    vw_line(w, "genvar gp;");
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gp = 0; gp < %u; gp = gp + 1) begin : pair", P);
    w->indent++;
    vw_line(w, "assign give_hot[gp] = {%u'd0, pair_valid[gp]} << pair_donor[gp];", L - 1);
    vw_line(w, "assign take_hot[gp] = {%u'd0, pair_valid[gp]} << pair_receiver[gp];", L - 1);
    w->indent--;
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
    emit_or(w, "donate_valid", "give_hot", P);
    emit_or(w, "receive_valid", "take_hot", P);
    vw_line(w, "// donate_to: each valid pair writes its receiver into its donor's slot (an");
    vw_line(w, "// indexed write, P writes, not a LANES*P select). At most one pair names a");
    vw_line(w, "// given donor: pair p's donor is sorted rank %u-p with p < %u-p (model/wru.c,",
            L - 1, L - 1);
    vw_line(w, "// wru_lsorting_plan: i < L-1-i), and the network permutes the bank tags,");
    vw_line(w, "// so the writes never collide. ORed in, not overwritten: no priority chain");
    vw_line(w, "// for synthesis to untangle (see the one-hot vectors above).");
    vw_line(w, "reg  %sto_slot [0:%u];", vw_vec(TB), L - 1);
    vw_line(w, "always @* begin : bank_out");
    w->indent++;
    vw_line(w, "integer b, p;");
    vw_line(w, "for (b = 0; b < %u; b = b + 1)", L);
    vw_line(w, "    to_slot[b] = %u'd0;", TB);
    vw_line(w, "for (p = 0; p < %u; p = p + 1)", P);
    vw_line(w, "    if (pair_valid[p]) to_slot[pair_donor[p]] = to_slot[pair_donor[p]] | "
               "pair_receiver[p];");
    w->indent--;
    vw_line(w, "end");
    vw_line(w, "generate");
    w->indent++;
    vw_line(w, "for (gw = 0; gw < %u; gw = gw + 1) begin : bank_to", L);
    vw_line(w, "    assign donate_to[gw*%u +: %u] = to_slot[gw];", TB, TB);
    vw_line(w, "end");
    w->indent--;
    vw_line(w, "endgenerate");
    vw_line(w, "assign plan_valid = plan_valid_w;");
    vw_line(w, "assign xfer_valid = plan_xfer_valid;");
    vw_line(w, "assign xfer_bank = plan_xfer_bank;");
}

/* The WRU's safety checks, on the outputs every scheme shares: the plan is
 * a one-to-one matching of donors to receivers (so the moves it orders
 * neither make nor lose a work ID), nothing comes out between plans, the
 * inter-core donor stands apart. When the plan comes out in the cycle of its
 * sample (no pipeline), its counts are this cycle's: a donor holds at least
 * two more than its receiver, a receiver is needy, the inter-core donor
 * greedy. The plan is a one-cycle pulse (no handshake): there is no
 * valid/ready to hold. */
static void emit_checks(const gctx *g)
{
    irhw_vw *w = g->w;
    unsigned L = g->L, CB = g->CB, TB = g->TB, PAD = g->cf->padded;
    int live = g->cf->regs == 0;
    char pad[48] = "", e[160], x[96];
    if (PAD > L)
        snprintf(pad, sizeof pad, "%u'd0, ", PAD - L);
    vw_blank(w);
    vw_line(w, "// ---- checks: donors and receivers of the plan pair one to one");
    vw_checks_logic(w, 1);
    vw_line(w, "reg  %schk_named;  // bit r: some donor gives to bank r", vw_vec(PAD));
    vw_line(w, "reg  chk_twice;  // two donors give to one bank");
    vw_line(w, "reg  chk_stray;  // a bank that does not donate names a receiver");
    if (live) {
        vw_line(w, "reg  chk_gap;    // a donor holds fewer than two more than its receiver");
        vw_line(w, "reg  chk_rich;   // a receiver is not needy");
    }
    vw_line(w, "wire %schk_active = {%sdonate_valid | receive_valid};", vw_vec(PAD), pad);
    vw_line(w, "always @* begin : chk_plan");
    w->indent++;
    vw_line(w, "integer k;");
    vw_line(w, "chk_named = %u'd0;", PAD);
    vw_line(w, "chk_twice = 1'b0;");
    vw_line(w, "chk_stray = 1'b0;");
    if (live) {
        vw_line(w, "chk_gap = 1'b0;");
        vw_line(w, "chk_rich = 1'b0;");
    }
    vw_line(w, "// between plans donate_to is zero: nothing to walk (cheaper to simulate)");
    vw_line(w, "if (plan_valid | (|donate_to))");
    w->indent++;
    vw_line(w, "for (k = 0; k < %u; k = k + 1) begin", L);
    w->indent++;
    vw_line(w, "if (donate_valid[k]) begin");
    w->indent++;
    vw_line(w, "chk_twice = chk_twice | chk_named[donate_to[k*%u +: %u]];", TB, TB);
    vw_line(w, "chk_named[donate_to[k*%u +: %u]] = 1'b1;", TB, TB);
    if (live)
        vw_line(w,
                "chk_gap = chk_gap | ({1'b0, counts[k*%u +: %u]} < "
                "{1'b0, counts[donate_to[k*%u +: %u]*%u +: %u]} + {%u'd1, 1'b0});",
                CB, CB, TB, TB, CB, CB, CB);
    w->indent--;
    vw_line(w, "end else begin");
    vw_line(w, "    chk_stray = chk_stray | (|donate_to[k*%u +: %u]);", TB, TB);
    vw_line(w, "end");
    if (live) {
        snprintf(x, sizeof x, "counts[k*%u +: %u]", CB, CB);
        below_T(g, e, sizeof e, x);
        vw_line(w, "chk_rich = chk_rich | (receive_valid[k] & ~%s);", e);
    }
    w->indent--;
    vw_line(w, "end");
    w->indent -= 2;
    vw_line(w, "end");
    vw_checks_logic(w, 0);
    vw_assert(w, "plan_quiet", "without plan_valid no bank gives, takes or goes to the network",
              "plan_valid | ((donate_valid == %u'd0) & (receive_valid == %u'd0) & !xfer_valid)", L,
              L);
    vw_assert(w, "plan_matching",
              "every donor names a receiving bank and no two donors the same one: the plan "
              "moves as many work IDs out of banks as into them",
              "(chk_named == {%sreceive_valid}) & !chk_twice", pad);
    vw_assert(w, "donor_not_receiver", "no bank both gives and takes",
              "(donate_valid & receive_valid) == %u'd0", L);
    vw_assert(w, "donate_to_quiet", "donate_to is zero for a bank that does not donate",
              "!chk_stray");
    vw_assert(w, "xfer_apart",
              "the inter-core donor neither gives nor takes inside the core; xfer_bank is zero "
              "without xfer_valid",
              "xfer_valid ? !chk_active[xfer_bank] : (xfer_bank == %u'd0)", TB);
    if (live) {
        vw_assert(w, "moves_narrow",
                  "a donor holds at least two more than its receiver, a receiver fewer than "
                  "THRESHOLD (this cycle's counts: no pipeline)",
                  "!chk_gap & !chk_rich");
        snprintf(x, sizeof x, "counts[xfer_bank*%u +: %u]", CB, CB);
        above_T(g, e, sizeof e, x);
        vw_assert(w, "xfer_greedy",
                  "the inter-core donor holds more than THRESHOLD (this cycle's counts)",
                  "!xfer_valid | %s", e);
    }
    if (g->cf->scheme == WRU_THRESHOLD && PAD > L)
        vw_assert(w, "pointers_in_range", "the round-robin pointers name a bank",
                  "(rr_donor < %u'd%u) & (rr_receiver < %u'd%u)", TB, L, TB, L);
    if (g->cf->interval > 1 && (1u << g->cf->phase_bits) > g->cf->interval)
        vw_assert(w, "phase_in_range", "the interval counter stays below INTERVAL",
                  "phase < %u'd%u", g->cf->phase_bits, g->cf->interval);
}

/* The port contracts of the live status, counted from this cycle's counts
 * in a loop of the checks' own (not from the scheme's sorted or walked
 * counts). */
static void emit_contracts(const irhw_inst *x, const gctx *g)
{
    irhw_vw *w = g->w;
    vw_checks_logic(w, 1);
    vw_line(w, "integer chk_greedy, chk_needy, chk_c;  // banks above / below THRESHOLD");
    vw_line(w, "reg chk_zero;  // every bank empty");
    vw_line(w, "always @* begin : chk_status");
    vw_line(w, "    integer ck;");
    vw_line(w, "    chk_greedy = 0;");
    vw_line(w, "    chk_needy = 0;");
    vw_line(w, "    chk_zero = 1'b1;");
    vw_line(w, "    for (ck = 0; ck < %u; ck = ck + 1) begin", g->L);
    vw_line(w, "        chk_c = {%u'd0, counts[ck*%u +: %u]};", 32 - g->CB, g->CB, g->CB);
    vw_line(w, "        if (chk_c > %u) chk_greedy = chk_greedy + 1;", g->cf->threshold);
    vw_line(w, "        if (chk_c < %u) chk_needy = chk_needy + 1;", g->cf->threshold);
    vw_line(w, "        if (chk_c != 0) chk_zero = 1'b0;");
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_checks_logic(w, 0);
    vw_contract(w, x, "core_empty_iff_all_zero", "core_empty == chk_zero");
    vw_contract(w, x, "core_greedy_iff_more_greedy", "core_greedy == (chk_greedy > chk_needy)");
}

int wru_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen)
{
    const wru_geom *cf = wru_g(x);
    (void)err;
    (void)errlen;
    gctx g = {.cf = cf,
              .w = w,
              .L = cf->lanes,
              .CB = cf->count_bits,
              .TB = cf->tag_bits,
              .RB = cf->rank_bits,
              .P = cf->pairs};

    describe(cf, w->f, "// ");
    vw_line(w,
            "// Ports: counts[b*%u +: %u] = occupancy of bank b; donate_to[b*%u +: %u] = "
            "receiver of donor b.",
            g.CB, g.CB, g.TB, g.TB);
    vw_line(w, "// Plan outputs are zero unless plan_valid; core_empty/core_greedy are live.");
    vw_blank(w);
    vw_module_ports(w, x->module, &x->ps);
    w->indent++;
    emit_interval(&g);
    emit_status(&g);
    if (cf->scheme == WRU_LSORTING) {
        emit_network(&g);
        emit_lsorting_pairs(&g);
        emit_decode(&g);
    } else {
        emit_threshold(&g);
    }
    emit_checks(&g);
    emit_contracts(x, &g);
    w->indent--;
    vw_line(w, "endmodule");
    return 0;
}

/* ---- Knuth diagram ----------------------------------------------------------- */

int wru_draw_svg(const irhw_inst *x, FILE *f, char *err, size_t errlen)
{
    const wru_geom *cf = wru_g(x);
    if (cf->scheme != WRU_LSORTING) {
        return irhw_err(err, errlen,
                        "--draw: SCHEME=threshold has no sorting network to draw (use "
                        "SCHEME=lsorting)");
    }
    sortnet nv = wru_net(cf);
    const sortnet *n = &nv;
    const unsigned dy = 26, colw = 16, pad = 14, left = 74, top = 64, right = 74;
    /* Sub-columns inside each layer so overlapping comparators stay apart. */
    unsigned *col = calloc(n->size ? n->size : 1, sizeof *col);
    unsigned *ncols = calloc(n->depth + 1, sizeof *ncols);
    unsigned *x0 = calloc(n->depth + 2, sizeof *x0);
    if (!col || !ncols || !x0) {
        free(col);
        free(ncols);
        free(x0);
        return irhw_err(err, errlen, "--draw: out of memory");
    }
    for (unsigned L = 1; L <= n->depth; L++) {
        int last_hi[WRU_MAX_LANES];
        unsigned k = 0;
        for (unsigned i = n->layer_off[L - 1]; i < n->layer_off[L]; i++) {
            unsigned cc = 0;
            while (cc < k && last_hi[cc] >= (int)n->c[i].lo)
                cc++;
            if (cc == k)
                k++;
            last_hi[cc] = (int)n->c[i].hi;
            col[i] = cc;
        }
        ncols[L] = k ? k : 1;
    }
    x0[1] = left;
    for (unsigned L = 1; L <= n->depth; L++)
        x0[L + 1] = x0[L] + 2 * pad + ncols[L] * colw;
    unsigned width = x0[n->depth + 1] + right, height = top + (n->n - 1) * dy + 48;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" "
            "viewBox=\"0 0 %u %u\" font-family=\"sans-serif\" font-size=\"11\">\n",
            width, height, width, height);
    fprintf(f, "<title>%s sorting network, %u inputs: %u comparators, %u layers</title>\n",
            sortnet_kind_name(n->kind), n->n, n->size, n->depth);
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%u\" height=\"%u\" fill=\"white\"/>\n", width,
            height);
    fprintf(f,
            "<text x=\"%u\" y=\"20\" font-size=\"14\">WRU %s network, %u inputs: %u "
            "comparators, %u layers, pipeline latency %u</text>\n",
            left, sortnet_kind_name(n->kind), n->n, n->size, n->depth, cf->regs);
    unsigned ytop = top - 14, ybot = top + (n->n - 1) * dy + 14;
    for (unsigned L = 1; L <= n->depth; L++) {
        fprintf(f, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\"/>\n", x0[L],
                ytop, x0[L + 1] - x0[L], ybot - ytop, L % 2 ? "#eef2fb" : "#fbf7ee");
        fprintf(f, "<text x=\"%u\" y=\"%u\" text-anchor=\"middle\">L%u</text>\n",
                (x0[L] + x0[L + 1]) / 2, ytop - 4, L);
    }
    for (unsigned i = 0; i < n->n; i++) {
        unsigned y = top + i * dy;
        fprintf(f, "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"black\"/>\n", left - 20,
                y, x0[n->depth + 1] + 20, y);
        fprintf(f, "<text x=\"%u\" y=\"%u\" text-anchor=\"end\">bank %u</text>\n", left - 24, y + 4,
                i);
        fprintf(f, "<text x=\"%u\" y=\"%u\">rank %u</text>\n", x0[n->depth + 1] + 24, y + 4, i);
    }
    for (unsigned s = 1; s <= cf->regs; s++) {
        unsigned x = x0[wru_reg_layer(cf, s) + 1];
        fprintf(f,
                "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#c0392b\" "
                "stroke-width=\"2\" stroke-dasharray=\"6,4\"/>\n",
                x, ytop, x, ybot);
        fprintf(f,
                "<text x=\"%u\" y=\"%u\" fill=\"#c0392b\" text-anchor=\"middle\">reg %u</text>\n",
                x, ybot + 14, s);
    }
    for (unsigned i = 0; i < n->size; i++) {
        const sortnet_cmp *cc = &n->c[i];
        unsigned x = x0[cc->layer] + pad + col[i] * colw + colw / 2;
        unsigned y1 = top + cc->lo * dy, y2 = top + cc->hi * dy;
        fprintf(f, "<g><title>layer %u, comparator (%u, %u)</title>", cc->layer, cc->lo, cc->hi);
        fprintf(f,
                "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"black\" "
                "stroke-width=\"1.6\"/>",
                x, y1, x, y2);
        fprintf(f,
                "<circle cx=\"%u\" cy=\"%u\" r=\"3.5\"/><circle cx=\"%u\" cy=\"%u\" "
                "r=\"3.5\"/></g>\n",
                x, y1, x, y2);
    }
    fprintf(f,
            "<text x=\"%u\" y=\"%u\" fill=\"#555\">min goes up: rank 0 = least work; ties "
            "broken by bank index</text>\n",
            left, height - 8);
    fprintf(f, "</svg>\n");
    free(col);
    free(ncols);
    free(x0);
    return 0;
}
