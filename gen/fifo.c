/* gen/fifo.c — the FIFO block's top: a wrapper around the leaf
 * rtl/irhw_fifo.v whose head output is qualified by valid (the leaf's
 * storage is not reset, see model/fifo.c). */
#include "fifo.h"

unsigned fifo_leaf_cells(const irhw_inst *x, const char *names[IRHW_MAX_LEAVES])
{
    names[0] = "irhw_fifo.v";
    names[1] = "irhw_regfile_1w1r.v";
    return 2;
}

/* The formal scoreboard: one watched value (any constant), one push of it
 * tracked (any cycle), its position counted down by the pops ahead of it;
 * and the handshakes counted, to which valid and full must answer. */
static void fifo_scoreboard(irhw_vw *w, const fifo_geom *g)
{
    unsigned cb = 1;
    while ((1u << cb) <= g->depth)
        cb++;
    vw_score_logic(w, 1);
    vw_line(w, "reg [%u:0] sb_watch;  // any constant: the value watched", g->width - 1);
    vw_line(w, "always @(posedge clk) sb_watch <= sb_watch;");
    vw_line(w, "(* anyseq *) wire sb_pick;  // the push of it that is tracked");
    vw_line(w, "reg sb_in;  // the tracked entry is held");
    vw_line(w, "reg [%u:0] sb_ahead, sb_count;  // entries ahead of it; pushes - pops", cb - 1);
    vw_line(w, "wire sb_take = push & ~sb_in & sb_pick & (din == sb_watch);");
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) begin");
    vw_line(w, "        sb_in <= 1'b0;");
    vw_line(w, "        sb_ahead <= %u'd0;", cb);
    vw_line(w, "        sb_count <= %u'd0;", cb);
    vw_line(w, "    end else begin");
    vw_line(w, "        sb_count <= sb_count + push - pop;");
    vw_line(w, "        if (sb_take) begin");
    vw_line(w, "            sb_in <= 1'b1;");
    vw_line(w, "            sb_ahead <= sb_count - pop;");
    vw_line(w, "        end else if (sb_in & pop) begin");
    vw_line(w, "            if (sb_ahead == %u'd0) sb_in <= 1'b0;", cb);
    vw_line(w, "            else sb_ahead <= sb_ahead - 1'b1;");
    vw_line(w, "        end");
    vw_line(w, "    end");
    vw_line(w, "end");
    vw_score_logic(w, 0);
    vw_score(w, "valid_counted", "valid exactly when pushes outnumber pops",
             "valid == (sb_count != %u'd0)", cb);
    vw_score(w, "full_counted", "full exactly when DEPTH more pushes than pops",
             "full == (sb_count == %u'd%u)", cb, g->depth);
    vw_score(w, "tracked_held", "the tracked entry is among those held",
             "!sb_in | (sb_ahead < sb_count)");
    vw_score(w, "data_fifo_order", "the tracked entry is the head once every entry ahead is popped",
             "!sb_in | (sb_ahead != %u'd0) | (valid & (head == sb_watch))", cb);
}

int fifo_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen)
{
    const fifo_geom *g = fifo_g(x);
    vw_module_ports(w, x->module, &x->ps);
    w->indent++;
    vw_line(w, "wire %shead_raw;", vw_range(g->width));
    vw_line(w, "irhw_fifo #(.WIDTH(%u), .DEPTH(%u)) u_fifo (", g->width, g->depth);
    vw_line(w, "    .clk(clk), .rst(rst), .push(push), .din(din), .pop(pop),");
    vw_line(w, "    .full(full), .valid(valid), .head(head_raw));");
    vw_line(w, "assign head = valid ? head_raw : %u'd0;", g->width);
    vw_assume(w, "push_not_full", "push only when !full", "!push | !full");
    vw_assume(w, "pop_when_valid", "pop only when valid", "!pop | valid");
    vw_contract(w, x, "head_qualified", "valid | (head == %u'd0)", g->width);
    fifo_scoreboard(w, g);
    w->indent--;
    vw_line(w, "endmodule");
    return 0;
}
