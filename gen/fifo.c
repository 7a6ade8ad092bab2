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
    w->indent--;
    vw_line(w, "endmodule");
    return 0;
}
