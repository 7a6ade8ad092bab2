/* counter_gen.c — the example counter's Verilog (see counter.h). */
#include "counter.h"

#include <inttypes.h>

int counter_gen(const irhw_inst *x, irhw_vw *w, char *err, size_t errlen)
{
    const counter_geom *g = counter_g(x);
    vw_module_ports(w, x->module, &x->ps);
    w->indent++;
    vw_line(w, "localparam [%u:0] MAX = %u'd%" PRIu64 ";", g->width - 1, g->width, g->max);
    vw_line(w, "reg [%u:0] count_q;", g->width - 1);
    if (g->max == irhw_mask(g->width)) /* every value fits: a compare would be constant */
        vw_line(w, "wire do_load = load;");
    else
        vw_line(w, "wire do_load = load & (load_val <= MAX);");
    vw_blank(w);
    vw_line(w, "always @(posedge clk) begin");
    vw_line(w, "    if (rst) count_q <= {%u{1'b0}};", g->width);
    vw_line(w, "    else if (load) begin");
    vw_line(w, "        if (do_load) count_q <= load_val;");
    vw_line(w, "    end else if (en) count_q <= (count_q == MAX) ? {%u{1'b0}} : count_q + 1'b1;",
            g->width);
    vw_line(w, "end");
    vw_blank(w);
    vw_line(w, "assign count   = count_q;");
    vw_line(w, "assign wrap    = ~load & en & (count_q == MAX);");
    vw_line(w, "assign load_ok = do_load;");
    w->indent--;
    vw_line(w, "endmodule");
    return 0;
}
