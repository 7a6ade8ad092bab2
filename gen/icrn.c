/*
 * gen/icrn.c — Verilog generator of the inter-core redistribution network
 * (model/icrn.c holds the behaviour and every decision; this file must match
 * it), its `irhw gen` summary and its drawing (--draw: cores, hubs, links).
 *
 * The tree is unrolled by the generator: every node has a name (cores c<i>,
 * hubs h<level>_<i>, the root `root`), every non-root node two FIFOs named
 * after it (up_<node> toward the root, dn_<node> toward the cores), and
 * every hub its arbiter logic in plain wires named <hub>_up_*, <hub>_dn_*,
 * root_in_* and root_dst_*. Every FIFO is an instance of the leaf
 * rtl/irhw_fifo.v (WIDTH and DEPTH parameters; DEPTH = 1 is its own branch,
 * a valid flop and no pointers), whose entries are an irhw_regfile_1w1r, so
 * `irhw area` counts them as flip-flop storage.
 *
 * FIFO entry layout, LSB first: id [ID_BITS], then src [CORE_BITS] (not in
 * up FIFOs of nodes covering one core), then dst [CORE_BITS] (only in dn
 * FIFOs of hubs covering more than one core).
 */
#include "icrn.h"

#include <inttypes.h>
#include <string.h>

typedef struct {
    icrn_geom g;
    char top[128];
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

static const char *vconst(char *buf, size_t len, unsigned width, uint64_t v)
{
    snprintf(buf, len, "%u'h%" PRIx64, width, v & irhw_mask(width));
    return buf;
}

static int one_core(const icrn_geom *g, unsigned level, unsigned i)
{
    unsigned lo, hi;
    icrn_cover(g, level, i, &lo, &hi);
    return hi - lo == 1;
}

static uint64_t cover_mask(const icrn_geom *g, unsigned level, unsigned i)
{
    unsigned lo, hi;
    icrn_cover(g, level, i, &lo, &hi);
    return irhw_mask(hi - lo) << lo;
}

/* ---- buffers ------------------------------------------------------------ */

static void emit_buffer(gen_ctx *x, const char *dir, const char *nm, unsigned width)
{
    irhw_vw *w = x->w;
    vw_line(w, "wire %s_%s_push, %s_%s_pop, %s_%s_full, %s_%s_valid;", dir, nm, dir, nm, dir, nm,
            dir, nm);
    vw_line(w, "wire %s%s_%s_din, %s_%s_head;", vw_range(width), dir, nm, dir, nm);
    vw_line(w, "irhw_fifo #(.WIDTH(%u), .DEPTH(%u)) u_%s_%s (", width, x->g.depth, dir, nm);
    vw_line(w, "    .clk(clk), .rst(rst), .push(%s_%s_push), .din(%s_%s_din), .pop(%s_%s_pop),",
            dir, nm, dir, nm, dir, nm);
    vw_line(w, "    .full(%s_%s_full), .valid(%s_%s_valid), .head(%s_%s_head));", dir, nm, dir, nm,
            dir, nm);
}

static void emit_buffers(gen_ctx *x)
{
    const icrn_geom *g = &x->g;
    char nm[32];
    vw_line(x->w, "// ---- link buffers: up_<node> carries IDs toward the root, dn_<node> toward");
    vw_line(x->w, "// the cores; both sit at the receiving end of the link of <node>.");
    for (unsigned k = 0; k < g->levels; k++)
        for (unsigned i = 0; i < g->count[k]; i++) {
            node_name(g, k, i, nm, sizeof nm);
            emit_buffer(x, "up", nm, icrn_up_width(g, k, i));
            emit_buffer(x, "dn", nm, icrn_dn_width(g, k, i));
        }
    vw_blank(x->w);
}

/* ---- core ports ------------------------------------------------------------ */

static void emit_cores(gen_ctx *x)
{
    const icrn_geom *g = &x->g;
    irhw_vw *w = x->w;
    unsigned idw = g->id_bits, cb = g->core_bits;
    char nm[32];
    vw_line(w, "// ---- core ports: inj_ready is registered (the up FIFO is not full);");
    vw_line(w, "// delivered data are zero while dlv_valid is low.");
    for (unsigned i = 0; i < g->cores; i++) {
        vw_line(w, "assign up_c%u_push   = inj_valid[%u] & ~up_c%u_full;", i, i, i);
        vw_line(w, "assign up_c%u_din    = %s;", i, vw_sel("inj_id", g->cores * idw, i * idw, idw));
        vw_line(w, "assign inj_ready[%u] = ~up_c%u_full;", i, i);
        vw_line(w, "assign dn_c%u_pop    = dn_c%u_valid & dlv_ready[%u];", i, i, i);
        vw_line(w, "assign dlv_valid[%u] = dn_c%u_valid;", i, i);
        snprintf(nm, sizeof nm, "dn_c%u_head", i);
        vw_line(w, "assign %s = dn_c%u_valid ? %s : {%u{1'b0}};",
                vw_sel("dlv_id", g->cores * idw, i * idw, idw), i, vw_sel(nm, idw + cb, 0, idw),
                idw);
        vw_line(w, "assign %s = dn_c%u_valid ? %s : {%u{1'b0}};",
                vw_sel("dlv_src", g->cores * cb, i * cb, cb), i, vw_sel(nm, idw + cb, idw, cb), cb);
    }
    vw_blank(w);
}

/* ---- round-robin arbiter ----------------------------------------------------- */

/* Given <p>_req[n] and <p>_go (declared by the caller), emits the one-hot
 * grant <p>_pick (first request at or after the pointer, wrapping), its
 * index <p>_idx and the pointer <p>_rr_q, which moves past the grant. */
static void emit_rr(gen_ctx *x, const char *p, unsigned n)
{
    irhw_vw *w = x->w;
    char k1[40], k2[40];
    if (n == 1) {
        vw_line(w, "wire %s_pick = %s_req;  // one requester: no pointer", p, p);
        return;
    }
    unsigned pb = irhw_clog2(n);
    vw_line(w, "reg  %s%s_rr_q;  // request with the highest priority this cycle", vw_range(pb), p);
    vw_line(w, "wire %s%s_req_hi = %s_req & ({%u{1'b1}} << %s_rr_q);", vw_range(n), p, p, n, p);
    vw_line(w, "wire %s%s_pick = (|%s_req_hi) ? (%s_req_hi & (~%s_req_hi + %s))", vw_range(n), p, p,
            p, p, vconst(k1, sizeof k1, n, 1));
    vw_line(w, "                           : (%s_req & (~%s_req + %s));", p, p,
            vconst(k1, sizeof k1, n, 1));
    /* index of the one-hot grant: bit b is the OR of the grants whose index has bit b */
    vw_line(w, "wire %s%s_idx;", vw_vec(pb), p);
    for (unsigned bb = 0; bb < pb; bb++) {
        uint64_t mask = 0;
        for (unsigned j = 0; j < n; j++)
            if (j >> bb & 1)
                mask |= (uint64_t)1 << j;
        vw_line(w, "assign %s_idx[%u] = |(%s_pick & %s);", p, bb, p,
                vconst(k1, sizeof k1, n, mask));
    }
    vw_line(w, "always @(posedge clk) begin");
    char k0[40];
    vconst(k0, sizeof k0, pb, 0);
    vw_line(w, "    if (rst) %s_rr_q <= %s;", p, k0);
    vw_line(w, "    else if (%s_go) %s_rr_q <= (%s_idx == %s) ? %s : %s_idx + %s;", p, p, p,
            vconst(k1, sizeof k1, pb, n - 1), k0, p, vconst(k2, sizeof k2, pb, 1));
    vw_line(w, "end");
}

/* "{a_N, ..., a_0}" from a per-index formatter. */
typedef void (*term_fn)(gen_ctx *x, unsigned c, char *buf, size_t len, const void *arg);

static void emit_concat(gen_ctx *x, const char *lhs, unsigned n, term_fn term, const void *arg)
{
    irhw_vw *w = x->w;
    vw_line(w, "%s = {", lhs);
    for (unsigned c = n; c-- > 0;) {
        char t[256];
        term(x, c, t, sizeof t, arg);
        vw_line(w, "    %s%s", t, c ? "," : "");
    }
    vw_line(w, "};");
}

/* ---- non-root hubs ------------------------------------------------------------ */

typedef struct {
    unsigned level, first;
} kids;

static void term_up_valid(gen_ctx *x, unsigned c, char *buf, size_t len, const void *arg)
{
    const kids *kd = arg;
    char nm[32];
    snprintf(buf, len, "up_%s_valid", node_name(&x->g, kd->level, kd->first + c, nm, sizeof nm));
}

/* The up entry of child (level, j) widened to a {src, id} entry. */
static void up_entry(const icrn_geom *g, unsigned level, unsigned j, char *buf, size_t len)
{
    char nm[32], k[40];
    node_name(g, level, j, nm, sizeof nm);
    if (one_core(g, level, j)) {
        unsigned lo, hi;
        icrn_cover(g, level, j, &lo, &hi);
        snprintf(buf, len, "{%s, up_%s_head}", vconst(k, sizeof k, g->core_bits, lo), nm);
    } else {
        snprintf(buf, len, "up_%s_head", nm);
    }
}

/* Continuous assignment of an AND-OR mux: lhs = OR_c ({W{pick[c]}} & val_c). */
static void emit_mux(gen_ctx *x, const char *lhs, unsigned width, const char *pick, unsigned n,
                     char vals[][160])
{
    irhw_vw *w = x->w;
    if (n == 1) {
        vw_line(w, "%s = %s;", lhs, vals[0]);
        return;
    }
    vw_line(w, "%s =", lhs);
    for (unsigned c = 0; c < n; c++)
        vw_line(w, "    ({%u{%s}} & %s)%s", width, vw_sel(pick, n, c, 1), vals[c],
                c + 1 < n ? " |" : ";");
}

static void emit_hub(gen_ctx *x, unsigned k, unsigned i)
{
    const icrn_geom *g = &x->g;
    irhw_vw *w = x->w;
    char h[32], ch[32], p[64], b[192], lhs[128];
    unsigned first, nc, lo, hi;
    icrn_children(g, k, i, &first, &nc);
    icrn_cover(g, k, i, &lo, &hi);
    node_name(g, k, i, h, sizeof h);
    unsigned uw = icrn_up_width(g, k, i), dw = icrn_dn_width(g, k, i);
    unsigned idw = g->id_bits, cb = g->core_bits;

    vw_line(w, "// ---- hub %s (level %u, cores %u..%u): up = round robin over %u child(ren),", h,
            k, lo, hi - 1, nc);
    vw_line(w, "// down = the head of dn_%s goes to the child covering its destination.", h);
    snprintf(p, sizeof p, "%s_up", h);
    kids kd = {k - 1, first};
    snprintf(lhs, sizeof lhs, "wire %s%s_req", vw_range(nc), p);
    emit_concat(x, lhs, nc, term_up_valid, &kd);
    vw_line(w, "wire %s_go = (|%s_req) & ~up_%s_full;", p, p, h);
    emit_rr(x, p, nc);
    char vals[16][160];
    for (unsigned c = 0; c < nc; c++) {
        node_name(g, k - 1, first + c, ch, sizeof ch);
        snprintf(lhs, sizeof lhs, "%s_pick", p);
        vw_line(w, "assign up_%s_pop = %s_go & %s;", ch, p, vw_sel(lhs, nc, c, 1));
        if (one_core(g, k, i))
            snprintf(vals[c], sizeof vals[c], "up_%s_head", ch);
        else
            up_entry(g, k - 1, first + c, vals[c], sizeof vals[c]);
    }
    vw_line(w, "assign up_%s_push = %s_go;", h, p);
    snprintf(lhs, sizeof lhs, "assign up_%s_din", h);
    snprintf(b, sizeof b, "%s_pick", p);
    emit_mux(x, lhs, uw, b, nc, vals);

    /* down */
    snprintf(p, sizeof p, "%s_dn", h);
    char dst[256], sel[16][640], go[8192];
    snprintf(b, sizeof b, "dn_%s_head", h);
    if (!one_core(g, k, i))
        snprintf(dst, sizeof dst, "%s", vw_sel(b, dw, idw + cb, cb));
    size_t o = 0;
    for (unsigned c = 0; c < nc; c++) {
        unsigned clo, chi;
        icrn_cover(g, k - 1, first + c, &clo, &chi);
        node_name(g, k - 1, first + c, ch, sizeof ch);
        char k1[40], k2[40];
        if (nc == 1)
            snprintf(sel[c], sizeof sel[c], "1'b1");
        else if (chi - clo == 1)
            snprintf(sel[c], sizeof sel[c], "(%s == %s)", dst, vconst(k1, sizeof k1, cb, clo));
        else if (clo == lo)
            snprintf(sel[c], sizeof sel[c], "(%s < %s)", dst, vconst(k1, sizeof k1, cb, chi));
        else if (chi == hi)
            snprintf(sel[c], sizeof sel[c], "(%s >= %s)", dst, vconst(k1, sizeof k1, cb, clo));
        else
            snprintf(sel[c], sizeof sel[c], "(%s >= %s) & (%s < %s)", dst,
                     vconst(k1, sizeof k1, cb, clo), dst, vconst(k2, sizeof k2, cb, chi));
        if (nc > 1)
            vw_line(w, "wire %s_to_%s = %s;", p, ch, sel[c]);
        if (nc > 1)
            o += (size_t)snprintf(go + o, sizeof go - o, "%s(%s_to_%s & ~dn_%s_full)",
                                  c ? " | " : "", p, ch, ch);
        else
            o += (size_t)snprintf(go + o, sizeof go - o, "~dn_%s_full", ch);
    }
    vw_line(w, "wire %s_go = dn_%s_valid & (%s);", p, h, go);
    vw_line(w, "assign dn_%s_pop = %s_go;", h, p);
    for (unsigned c = 0; c < nc; c++) {
        node_name(g, k - 1, first + c, ch, sizeof ch);
        if (nc > 1)
            vw_line(w, "assign dn_%s_push = %s_go & %s_to_%s;", ch, p, p, ch);
        else
            vw_line(w, "assign dn_%s_push = %s_go;", ch, p);
        unsigned cw = icrn_dn_width(g, k - 1, first + c);
        snprintf(b, sizeof b, "dn_%s_head", h);
        vw_line(w, "assign dn_%s_din  = %s;", ch, cw == dw ? b : vw_sel(b, dw, 0, cw));
    }
    vw_blank(w);
}

/* ---- root --------------------------------------------------------------------- */

static void term_path_ok(gen_ctx *x, unsigned c, char *buf, size_t len, const void *arg)
{
    const kids *kd = arg;
    unsigned lo, hi;
    char nm[32];
    icrn_cover(&x->g, kd->level, kd->first + c, &lo, &hi);
    node_name(&x->g, kd->level, kd->first + c, nm, sizeof nm);
    if (hi - lo == 1)
        snprintf(buf, len, "~dn_%s_full", nm);
    else
        snprintf(buf, len, "{%u{~dn_%s_full}}", hi - lo, nm);
}

static void term_root_req(gen_ctx *x, unsigned c, char *buf, size_t len, const void *arg)
{
    const kids *kd = arg;
    char nm[32];
    node_name(&x->g, kd->level, kd->first + c, nm, sizeof nm);
    snprintf(buf, len, "up_%s_valid & (|root_cand_%s)", nm, nm);
}

static void emit_root(gen_ctx *x)
{
    const icrn_geom *g = &x->g;
    irhw_vw *w = x->w;
    unsigned L = g->levels, n = g->cores, idw = g->id_bits, cb = g->core_bits, first, nc;
    icrn_children(g, L, 0, &first, &nc);
    kids kd = {L - 1, first};
    char ch[32], b[96], k1[40], lhs[128];

    vw_line(w, "// ---- root hub: the only place a destination is chosen. One work ID per");
    vw_line(w, "// cycle: round robin over the children whose head has a needy core other");
    vw_line(w, "// than its source (a core with core_greedy clear this cycle whose dn path");
    vw_line(w, "// is not full), then round robin over those cores.");
    snprintf(lhs, sizeof lhs, "wire %sroot_path_ok", vw_range(n));
    emit_concat(x, lhs, nc, term_path_ok, &kd);
    vw_line(w, "wire %sroot_needy = ~core_greedy & root_path_ok;", vw_range(n));
    char ents[16][160];
    for (unsigned c = 0; c < nc; c++) {
        node_name(g, L - 1, first + c, ch, sizeof ch);
        if (one_core(g, L - 1, first + c)) {
            unsigned lo, hi;
            icrn_cover(g, L - 1, first + c, &lo, &hi);
            vw_line(w, "wire %sroot_cand_%s = root_needy & %s;  // not back to core %u",
                    vw_range(n), ch, vconst(k1, sizeof k1, n, ~((uint64_t)1 << lo)), lo);
        } else {
            snprintf(b, sizeof b, "up_%s_head", ch);
            vw_line(w, "wire %sroot_cand_%s = root_needy & ~(%s << %s);  // not back to the source",
                    vw_range(n), ch, vconst(k1, sizeof k1, n, 1),
                    vw_sel(b, icrn_up_width(g, L - 1, first + c), idw, cb));
        }
        up_entry(g, L - 1, first + c, ents[c], sizeof ents[c]);
    }
    snprintf(lhs, sizeof lhs, "wire %sroot_in_req", vw_range(nc));
    emit_concat(x, lhs, nc, term_root_req, &kd);
    vw_line(w, "wire root_in_go = |root_in_req;");
    emit_rr(x, "root_in", nc);
    char cands[16][160];
    for (unsigned c = 0; c < nc; c++) {
        node_name(g, L - 1, first + c, ch, sizeof ch);
        snprintf(cands[c], sizeof cands[c], "root_cand_%s", ch);
        vw_line(w, "assign up_%s_pop = root_in_go & %s;", ch, vw_sel("root_in_pick", nc, c, 1));
    }
    snprintf(lhs, sizeof lhs, "wire %sroot_dst_req", vw_range(n));
    emit_mux(x, lhs, n, "root_in_pick", nc, cands);
    snprintf(lhs, sizeof lhs, "wire %sroot_ent", vw_range(idw + cb));
    emit_mux(x, lhs, idw + cb, "root_in_pick", nc, ents);
    vw_line(w, "wire root_dst_go = root_in_go;");
    emit_rr(x, "root_dst", n);
    for (unsigned c = 0; c < nc; c++) {
        unsigned lo, hi;
        icrn_cover(g, L - 1, first + c, &lo, &hi);
        node_name(g, L - 1, first + c, ch, sizeof ch);
        if (hi - lo == 1) {
            vw_line(w, "assign dn_%s_push = root_in_go & root_dst_pick[%u];", ch, lo);
            vw_line(w, "assign dn_%s_din  = root_ent;", ch);
        } else {
            vw_line(w, "assign dn_%s_push = root_in_go & (|(root_dst_pick & %s));", ch,
                    vconst(k1, sizeof k1, n, cover_mask(g, L - 1, first + c)));
            vw_line(w, "assign dn_%s_din  = {root_dst_idx, root_ent};", ch);
        }
    }
    vw_blank(w);
}

/* ---- termination ------------------------------------------------------------- */

static void emit_done(gen_ctx *x)
{
    const icrn_geom *g = &x->g;
    irhw_vw *w = x->w;
    char nm[32];
    vw_line(w, "// ---- termination: DONE only with every core empty, nothing offered and");
    vw_line(w, "// every buffer empty (an ID being delivered this cycle still counts).");
    vw_line(w, "wire net_busy =");
    for (unsigned k = 0; k < g->levels; k++)
        for (unsigned i = 0; i < g->count[k]; i++) {
            node_name(g, k, i, nm, sizeof nm);
            int last = k + 1 == g->levels && i + 1 == g->count[k];
            vw_line(w, "    up_%s_valid | dn_%s_valid%s", nm, nm, last ? ";" : " |");
        }
    vw_line(w, "assign all_done = (&core_empty) & ~(|inj_valid) & ~net_busy;");
}

/* Every link buffer is an rtl/irhw_fifo leaf, whose entries sit in an
 * irhw_regfile_1w1r (one write and one read port per cycle, which the 1rw
 * leaf cells do not offer), so `irhw area` counts them as flip-flop storage. */
unsigned icrn_leaf_cells(const irhw_inst *inst, const char *names[IRHW_MAX_LEAVES])
{
    names[0] = "irhw_fifo.v";
    names[1] = "irhw_regfile_1w1r.v";
    return 2;
}

int icrn_gen(const irhw_inst *inst, irhw_vw *w, char *err, size_t errlen)
{
    gen_ctx x = {.w = w};
    x.g = *icrn_g(inst);
    snprintf(x.top, sizeof x.top, "%s", inst->module);
    const icrn_geom *g = &x.g;
    unsigned hubs = g->hubs;

    vw_line(w, "// Tree: %u cores, %u hub(s) on %u level(s) (radix %u), root = `root`.", g->cores,
            hubs, g->levels, g->radix);
    vw_line(w, "// Every link has one %u-entry FIFO per direction; one cycle per hop, %u hops",
            g->depth, 2 * g->levels);
    vw_line(w, "// core to core. Entries: id, then src (core_bits=%u), then dst.", g->core_bits);
    vw_module_ports(w, x.top, &inst->ps);
    w->indent++;
    emit_buffers(&x);
    emit_cores(&x);
    for (unsigned k = 1; k < g->levels; k++)
        for (unsigned i = 0; i < g->count[k]; i++)
            emit_hub(&x, k, i);
    emit_root(&x);
    emit_done(&x);
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
