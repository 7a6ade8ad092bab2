// irhw_icrn_link — both buffers of one ICRN tree link, at its receiving ends:
// the up FIFO (node -> parent) and the dn FIFO (parent -> node), DEPTH
// entries each (rtl/irhw_fifo). Behaviour and decisions: model/icrn.c.
//
// Entries, LSB first: id [IDW], src [CB], dst [CB]. On the ports every up
// entry is {src, id} and every dn entry {dst, src, id}, whatever the node;
// a node covering one core (ONE_CORE, that core is CORE) stores neither its
// source on the way up nor its destination on the way down, as both are
// the constant CORE, and puts CORE back on its outputs (a named branch).
module irhw_icrn_link #(
    parameter IDW      = 24,
    parameter CB       = 2,
    parameter DEPTH    = 2,
    parameter ONE_CORE = 0,
    parameter CORE     = 0
) (
    input  wire                clk,
    input  wire                rst,
    // toward the root
    input  wire                up_push,
    input  wire [IDW+CB-1:0]   up_din,
    input  wire                up_pop,
    output wire                up_full,
    output wire                up_valid,
    output wire [IDW+CB-1:0]   up_ent,
    // toward the cores
    input  wire                dn_push,
    input  wire [IDW+2*CB-1:0] dn_din,
    input  wire                dn_pop,
    output wire                dn_full,
    output wire                dn_valid,
    output wire [IDW+2*CB-1:0] dn_ent
);
    generate
        if (ONE_CORE) begin : g_one_core
            localparam [31:0] CORE32 = CORE;  // sized, so the part below is exact
            localparam [CB-1:0] SELF = CORE32[CB-1:0];
            wire [IDW-1:0] up_head;
            wire [IDW+CB-1:0] dn_head;
            wire [CB-1:0] unused_src = up_din[IDW +: CB];      // always SELF
            wire [CB-1:0] unused_dst = dn_din[IDW + CB +: CB];  // always SELF

            irhw_fifo #(.WIDTH(IDW), .DEPTH(DEPTH)) u_up (
                .clk(clk), .rst(rst), .push(up_push), .din(up_din[IDW-1:0]), .pop(up_pop),
                .full(up_full), .valid(up_valid), .head(up_head));
            irhw_fifo #(.WIDTH(IDW + CB), .DEPTH(DEPTH)) u_dn (
                .clk(clk), .rst(rst), .push(dn_push), .din(dn_din[IDW+CB-1:0]), .pop(dn_pop),
                .full(dn_full), .valid(dn_valid), .head(dn_head));
            assign up_ent = {SELF, up_head};
            assign dn_ent = {SELF, dn_head};
        end else begin : g_many_cores
            irhw_fifo #(.WIDTH(IDW + CB), .DEPTH(DEPTH)) u_up (
                .clk(clk), .rst(rst), .push(up_push), .din(up_din), .pop(up_pop),
                .full(up_full), .valid(up_valid), .head(up_ent));
            irhw_fifo #(.WIDTH(IDW + 2 * CB), .DEPTH(DEPTH)) u_dn (
                .clk(clk), .rst(rst), .push(dn_push), .din(dn_din), .pop(dn_pop),
                .full(dn_full), .valid(dn_valid), .head(dn_ent));
        end
    endgenerate
endmodule
