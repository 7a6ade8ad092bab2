// irhw_icrn_hub — one non-root hub of the ICRN tree (the root chooses
// destinations and is generated with the block). Behaviour: model/icrn.c.
// Per cycle, up: round robin over the children whose up FIFO holds an entry,
// one entry moved into the hub's own up FIFO if that is not full; down: the
// head of the hub's dn FIFO moves to the child covering its destination if
// that child's dn FIFO is not full (else it waits). The hub covers the cores
// LO.. and child c the cores LO + c*SPAN .. LO + (c+1)*SPAN - 1 (the last
// child possibly fewer). Entries as in irhw_icrn_link: up {src, id}, the
// children's dn entry is the hub's dn head, wired outside.
//
// N == 1 (the last hub of a level may have one child) is a named branch:
// everything goes to the one child, the destination is not looked at.
module irhw_icrn_hub #(
    parameter N    = 4,
    parameter IDW  = 24,
    parameter CB   = 2,
    parameter LO   = 0,
    parameter SPAN = 1
) (
    input  wire                clk,
    input  wire                rst,
    // up: children's up FIFOs -> the hub's up FIFO
    input  wire [N-1:0]        kid_up_valid,
    input  wire [N*(IDW+CB)-1:0] kid_up_ent,
    output wire [N-1:0]        kid_up_pop,
    input  wire                up_full,
    output wire                up_push,
    output wire [IDW+CB-1:0]   up_din,
    // down: the hub's dn FIFO -> the child covering dn_dst
    input  wire                dn_valid,
    input  wire [CB-1:0]       dn_dst,
    output wire                dn_pop,
    input  wire [N-1:0]        kid_dn_full,
    output wire [N-1:0]        kid_dn_push
);
    wire [N-1:0] up_pick, to;
    wire up_go = (|kid_up_valid) & ~up_full;
    wire dn_go = dn_valid & (|(to & ~kid_dn_full));
    wire [((N > 1) ? $clog2(N) : 1)-1:0] unused_idx;  // the pointer alone needs the index

    irhw_rr_arbiter #(.N(N)) u_up_rr (
        .clk(clk), .rst(rst), .req(kid_up_valid), .go(up_go), .pick(up_pick), .idx(unused_idx));
    irhw_onehot_mux #(.N(N), .WIDTH(IDW + CB)) u_up_mux (.sel(up_pick), .in(kid_up_ent), .out(up_din));
    assign kid_up_pop = {N{up_go}} & up_pick;
    assign up_push    = up_go;
    assign dn_pop      = dn_go;
    assign kid_dn_push = {N{dn_go}} & to;

    genvar c;
    generate
        if (N == 1) begin : g_one_child
            assign to = 1'b1;
            wire [CB-1:0] unused_dst = dn_dst;
        end else begin : g_route
            // the children's bounds; the first needs no lower, the last no upper one
            for (c = 0; c < N; c = c + 1) begin : g_kid
                localparam [31:0] LO32 = LO + c * SPAN, HI32 = LO + (c + 1) * SPAN;
                localparam [CB-1:0] KID_LO = LO32[CB-1:0], KID_HI = HI32[CB-1:0];
                if (c == 0) begin : g_first
                    assign to[c] = dn_dst < KID_HI;
                end else if (c == N - 1) begin : g_last
                    assign to[c] = dn_dst >= KID_LO;
                end else begin : g_middle
                    assign to[c] = (dn_dst >= KID_LO) & (dn_dst < KID_HI);
                end
            end
        end
    endgenerate
endmodule
