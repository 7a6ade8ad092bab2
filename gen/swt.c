/*
 * gen/swt.c — Verilog generator of the scalar-warp table (model/swt.c holds
 * the behaviour and every decision; this file must match it).
 *
 * Every entry is read every cycle, so the table is flip-flops: each entry's
 * PC and {count, mask} are one-word irhw_regfile_1rw leaves (flip-flop
 * storage in the area report; not reset, every use is qualified by the
 * entry's valid bit; the PC is written on allocation only), and the control
 * state (valid bits, age matrix, occupancy counter) are flops of the top.
 *   - insert: a CAM search (ENTRIES PC comparators), a one-hot warp decoder,
 *     the "warp already waiting" OR of all masks, and two lowest-index
 *     priority encoders (x & (~x + 1)): the joinable entry, the free entry;
 *   - issue: an age matrix (upper triangle, older_i_j) and, for every pair
 *     of entries, "i precedes j" (oldest: older_i_j; fullest: more warps, or
 *     as many and older); the winner is the valid entry that precedes every
 *     other valid one, a one-hot select that drives AND-OR output muxes.
 * Sizes come from the port list (model/swt.c's ports()), the policy and the
 * counts from the parameters, looked up by name.
 */
#include "swt.h"

#include <inttypes.h>
#include <string.h>

/* "lhs t0 OP t1 OP ... ;" over terms first..n-1, wrapped near 100 columns
 * with continuation lines that start with the operator. No term: "lhs empty;". */
typedef void (*term_fn)(char *buf, size_t len, unsigned i, const void *arg);

static void emit_expr(irhw_vw *w, const char *lhs, const char *op, unsigned first, unsigned n,
                      term_fn term, const void *arg, const char *empty)
{
    if (first >= n) {
        vw_line(w, "%s %s;", lhs, empty);
        return;
    }
    char line[1024];
    size_t o = (size_t)snprintf(line, sizeof line, "%s", lhs);
    for (unsigned i = first; i < n; i++) {
        char t[200], piece[220];
        term(t, sizeof t, i, arg);
        snprintf(piece, sizeof piece, "%s%s%s", i == first ? "" : op, i == first ? "" : " ", t);
        if (i != first && o + 1 + strlen(piece) > 100) { /* wrap before the operator */
            vw_line(w, "%s", line);
            o = (size_t)snprintf(line, sizeof line, "   ");
        }
        o += (size_t)snprintf(line + o, sizeof line - o, " %s", piece);
    }
    vw_line(w, "%s;", line);
}

static void term_mask(char *b, size_t len, unsigned i, const void *arg)
{
    (void)arg;
    snprintf(b, len, "({WARPS{valid[%u]}} & e%u_mask)", i, i);
}

/* ({W{sel[i]}} & e<i>_<field>) */
struct mux_arg {
    const char *sel, *field, *width;
};
static void term_mux(char *b, size_t len, unsigned i, const void *arg)
{
    const struct mux_arg *a = arg;
    snprintf(b, len, "({%s{%s[%u]}} & e%u_%s)", a->width, a->sel, i, i, a->field);
}

/* ({ENT_BITS{<entry i selected>}} & ENT_BITS'd i): one-hot to index. */
static void term_enc_ins(char *b, size_t len, unsigned i, const void *arg)
{
    snprintf(b, len, "({ENT_BITS{join_sel[%u] | alloc_sel[%u]}} & %u'd%u)", i, i,
             *(const unsigned *)arg, i);
}
static void term_enc_iss(char *b, size_t len, unsigned i, const void *arg)
{
    snprintf(b, len, "({ENT_BITS{iss_sel[%u]}} & %u'd%u)", i, *(const unsigned *)arg, i);
}

static void emit_declarations(irhw_vw *w, const swt_geom *g)
{
    vw_line(w, "localparam PC_BITS  = %u;", g->pc_bits);
    vw_line(w, "localparam WARPS    = %u;", g->warps);
    vw_line(w, "localparam ENTRIES  = %u;", g->entries);
    vw_line(w, "localparam ENT_BITS = %u;  // entry ids", g->entry_bits);
    vw_line(w, "localparam CNT_BITS = %u;  // warps per entry: 0..%u", g->count_bits, g->cap);
    vw_line(w, "localparam OCC_BITS = %u;  // valid entries: 0..%u", g->occ_bits, g->entries);
    vw_line(
        w,
        "localparam [CNT_BITS-1:0] CAP = %u'd%u;  // an entry is full at min(LANES, WARPS) warps",
        g->count_bits, g->cap);
    vw_line(w, "localparam [CNT_BITS-1:0] CNT_ONE = %u'd1;", g->count_bits);
    vw_line(w, "localparam [OCC_BITS-1:0] OCC_ONE = %u'd1;", g->occ_bits);
    vw_blank(w);
    vw_line(w, "localparam GRP_BITS = CNT_BITS + WARPS;  // an entry's warp group {count, mask}");
    vw_blank(w);
    vw_line(w, "// ---- Table control state ----");
    vw_line(w, "reg [ENTRIES-1:0] valid;");
    vw_line(w, "reg [OCC_BITS-1:0] occ_q;  // valid entries");
    if (g->entries > 1) {
        vw_line(w,
                "// Age matrix, upper triangle: older_i_j = entry i was allocated before entry j.");
        char line[200];
        size_t o = 0;
        for (unsigned i = 0; i < g->entries; i++)
            for (unsigned j = i + 1; j < g->entries; j++) {
                o += (size_t)snprintf(line + o, sizeof line - o, "%solder_%u_%u", o ? ", " : "reg ",
                                      i, j);
                if (o > 90) {
                    vw_line(w, "%s;", line);
                    o = 0;
                }
            }
        if (o)
            vw_line(w, "%s;", line);
    }
    vw_blank(w);
    vw_line(w, "// ---- Table payload: entry i = PC, {count, mask} (every use qualified by "
               "valid[i]) ----");
    for (unsigned i = 0; i < g->entries; i++) {
        vw_line(w, "wire [PC_BITS-1:0]  e%u_pc;", i);
        vw_line(w, "wire [GRP_BITS-1:0] e%u_grp;", i);
        vw_line(w, "wire [WARPS-1:0]    e%u_mask  = e%u_grp[WARPS-1:0];", i, i);
        vw_line(w, "wire [CNT_BITS-1:0] e%u_count = e%u_grp[WARPS +: CNT_BITS];", i, i);
    }
    vw_blank(w);
}

static void emit_insert_decode(irhw_vw *w, const swt_geom *g)
{
    vw_line(w, "// ---- Insert: warp decoder, duplicate check ----");
    vw_line(w, "wire ins_go = ins_valid & ~rst;");
    vw_line(w, "wire iss_go = iss_req & ~rst;");
    vw_line(w, "// One-hot of ins_warp; all zero for an id >= WARPS.");
    vw_line(w, "wire [WARPS-1:0] warp_sel;");
    for (unsigned k = 0; k < g->warps; k++)
        vw_line(w, "assign warp_sel[%u] = (ins_warp == %u'd%u);", k, g->warp_bits, k);
    if (g->warps == (1u << g->warp_bits))
        vw_line(w, "wire warp_bad = 1'b0;  // WARPS = 2^%u: every id names a warp", g->warp_bits);
    else
        vw_line(w, "wire warp_bad = (ins_warp >= %u'd%u);  // no such warp", g->warp_bits,
                g->warps);
    vw_line(w,
            "// Warps waiting in a valid entry (whatever its PC): inserting one again is a dup.");
    emit_expr(w, "wire [WARPS-1:0] waiting =", "|", 0, g->entries, term_mask, NULL, "");
    vw_line(w, "wire warp_dup = |(waiting & warp_sel);");
    vw_blank(w);
}

/* Factor j of win[i]: valid[i] itself, or "j is invalid or i goes first". */
struct win_arg {
    unsigned i;
};
static void term_win(char *b, size_t len, unsigned k, const void *arg)
{
    unsigned i = ((const struct win_arg *)arg)->i;
    if (k == 0) { /* valid[i] first, then every other entry in index order */
        snprintf(b, len, "valid[%u]", i);
        return;
    }
    unsigned j = k - 1 < i ? k - 1 : k;
    if (i < j)
        snprintf(b, len, "(~valid[%u] | prec_%u_%u)", j, i, j);
    else
        snprintf(b, len, "(~valid[%u] | ~prec_%u_%u)", j, j, i);
}

static void emit_issue_select(irhw_vw *w, const swt_geom *g)
{
    unsigned n = g->entries;
    vw_line(w, "// ---- Issue select: %s ----",
            g->fullest ? "most warps first, ties to the oldest allocation"
                       : "oldest allocation first");
    if (n > 1) {
        vw_line(w, "// prec_i_j (i < j): entry i goes before entry j; j before i is ~prec_i_j.");
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = i + 1; j < n; j++) {
                if (g->fullest)
                    vw_line(w,
                            "wire prec_%u_%u = (e%u_count > e%u_count) | "
                            "((e%u_count == e%u_count) & older_%u_%u);",
                            i, j, i, j, i, j, i, j);
                else
                    vw_line(w, "wire prec_%u_%u = older_%u_%u;", i, j, i, j);
            }
    }
    vw_line(w, "// The winner is the valid entry that goes before every other valid entry.");
    vw_line(w, "wire [ENTRIES-1:0] win;");
    for (unsigned i = 0; i < n; i++) {
        char lhs[64];
        snprintf(lhs, sizeof lhs, "assign win[%u] =", i);
        struct win_arg wa = {i};
        emit_expr(w, lhs, "&", 0, n, term_win, &wa, "");
    }
    vw_line(w, "wire [ENTRIES-1:0] iss_sel = win & {ENTRIES{iss_go}};");
    vw_line(w, "wire iss_any = |iss_sel;");
    vw_blank(w);
}

static void emit_insert_search(irhw_vw *w, const swt_geom *g)
{
    unsigned n = g->entries;
    vw_line(w, "// ---- Insert: CAM search and answer ----");
    vw_line(w, "// Joinable: valid, same PC, fewer than CAP warps, not the entry issued now.");
    vw_line(w, "wire [ENTRIES-1:0] join_ok;");
    for (unsigned i = 0; i < n; i++)
        vw_line(w,
                "assign join_ok[%u] = valid[%u] & (e%u_pc == ins_pc) & (e%u_count != CAP) & "
                "~iss_sel[%u];",
                i, i, i, i, i);
    vw_line(w, "// Lowest set bit: x & (~x + 1).");
    vw_line(w, "wire [ENTRIES-1:0] join_first = join_ok & (~join_ok + %u'd1);", n);
    vw_line(w, "// Free = invalid at the start of the cycle (the issued entry frees at the edge).");
    vw_line(w, "wire [ENTRIES-1:0] free_ent = ~valid;");
    vw_line(w, "wire [ENTRIES-1:0] free_first = free_ent & (~free_ent + %u'd1);", n);
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
    vw_blank(w);
}

static void emit_entry_regs(irhw_vw *w, const swt_geom *g)
{
    vw_line(w, "// ---- Entry updates: alloc, join and issue never hit the same entry ----");
    vw_line(w, "// An issued entry only loses its valid bit; its payload stays, unused.");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) valid <= {ENTRIES{1'b0}};");
    vw_line(w, "    else valid <= (valid | alloc_sel) & ~iss_sel;");
    vw_line(w, "end");
    vw_blank(w);
    vw_line(w, "// PC written on allocation; {count, mask} on allocation and join.");
    vw_line(w, "wire [GRP_BITS-1:0] alloc_grp = {CNT_ONE, warp_sel};");
    for (unsigned i = 0; i < g->entries; i++) {
        vw_line(w, "irhw_regfile_1rw #(.WIDTH(PC_BITS), .DEPTH(1), .ABITS(1)) u_e%u_pc (", i);
        vw_line(w,
                "    .clk(clk), .we(alloc_sel[%u]), .addr(1'b0), .wdata(ins_pc), .rdata(e%u_pc));",
                i, i);
        vw_line(w, "wire [GRP_BITS-1:0] e%u_join_grp = {e%u_count + CNT_ONE, e%u_mask | warp_sel};",
                i, i, i);
        vw_line(w, "irhw_regfile_1rw #(.WIDTH(GRP_BITS), .DEPTH(1), .ABITS(1)) u_e%u_group (", i);
        vw_line(w, "    .clk(clk), .we(alloc_sel[%u] | join_sel[%u]), .addr(1'b0),", i, i);
        vw_line(w, "    .wdata(alloc_sel[%u] ? alloc_grp : e%u_join_grp), .rdata(e%u_grp));", i, i,
                i);
    }
    vw_blank(w);
    if (g->entries > 1) {
        vw_line(w, "// Age matrix: a new entry is younger than every other entry.");
        vw_line(w, "always @(posedge clk) begin");
        w->indent++;
        vw_line(w, "if (rst) begin");
        for (unsigned i = 0; i < g->entries; i++)
            for (unsigned j = i + 1; j < g->entries; j++)
                vw_line(w, "    older_%u_%u <= 1'b0;", i, j);
        vw_line(w, "end else begin");
        for (unsigned i = 0; i < g->entries; i++)
            for (unsigned j = i + 1; j < g->entries; j++)
                vw_line(w, "    older_%u_%u <= alloc_sel[%u] | (older_%u_%u & ~alloc_sel[%u]);", i,
                        j, j, i, j, i);
        vw_line(w, "end");
        w->indent--;
        vw_line(w, "end");
        vw_blank(w);
    }
    vw_line(w, "// Occupancy counter: +1 per allocation, -1 per issue.");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) occ_q <= {OCC_BITS{1'b0}};");
    vw_line(w, "    else if (ans_alloc & ~iss_any) occ_q <= occ_q + OCC_ONE;");
    vw_line(w, "    else if (iss_any & ~ans_alloc) occ_q <= occ_q - OCC_ONE;");
    vw_line(w, "end");
    vw_blank(w);
}

static void emit_outputs(irhw_vw *w, const swt_geom *g)
{
    unsigned n = g->entries;
    vw_line(w, "// ---- Outputs (all 0 during reset) ----");
    vw_line(w, "assign ins_join    = ans_join;");
    vw_line(w, "assign ins_alloc   = ans_alloc;");
    vw_line(w, "assign ins_reject  = ans_reject;");
    vw_line(w, "assign ins_dup     = ans_dup;");
    vw_line(w, "assign ins_badwarp = ans_badwarp;");
    vw_line(w, "// Entry ids from one-hot selects (entry 0 contributes no bit).");
    emit_expr(w, "assign ins_entry   =", "|", 1, n, term_enc_ins, &g->entry_bits,
              "{ENT_BITS{1'b0}}");
    vw_line(w, "assign iss_valid   = iss_any;");
    emit_expr(w, "assign iss_entry   =", "|", 1, n, term_enc_iss, &g->entry_bits,
              "{ENT_BITS{1'b0}}");
    struct mux_arg pc = {"iss_sel", "pc", "PC_BITS"}, mk = {"iss_sel", "mask", "WARPS"},
                   ct = {"iss_sel", "count", "CNT_BITS"};
    emit_expr(w, "assign iss_pc      =", "|", 0, n, term_mux, &pc, "");
    emit_expr(w, "assign iss_mask    =", "|", 0, n, term_mux, &mk, "");
    emit_expr(w, "assign iss_count   =", "|", 0, n, term_mux, &ct, "");
    vw_line(w, "assign occupancy   = occ_q & {OCC_BITS{~rst}};");
    vw_line(w, "assign full        = (&valid) & ~rst;");
}

unsigned swt_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES])
{
    names[0] = "irhw_regfile_1rw.v"; /* the entries' payloads */
    return 1;
}

int swt_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen)
{
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
    emit_entry_regs(w, g);
    emit_outputs(w, g);
    w->indent--;
    vw_line(w, "endmodule");
    return 0;
}

void swt_gen_summary(const irhw_inst *x, FILE *f)
{
    const swt_geom *g = swt_g(x);
    unsigned pairs = g->entries * (g->entries - 1) / 2;
    fprintf(f, "swt: %u entries x (%u PC + %u mask + 1 valid + %u count) bits, %u age bits\n",
            g->entries, g->pc_bits, g->warps, g->count_bits, pairs);
    fprintf(f, "     %u PC comparators of %u b; %u pairwise %s comparisons for the issue select\n",
            g->entries, g->pc_bits, pairs, g->fullest ? "(count, age)" : "age");
}
