// irhw_regfile_1w1r — flip-flop array with one write and one read port.
// A write (we, waddr, wdata) lands at the clock edge; rdata shows
// mem[raddr] in the same cycle, independently of the write port (a read of
// the word being written returns the old contents until the edge).
// Contents are not reset: users qualify rdata with their own valid bit, so
// no output is ever undefined. DEPTH need not be a power of two; the user
// keeps both addresses below DEPTH.
module irhw_regfile_1w1r #(
    parameter WIDTH = 8,
    parameter DEPTH = 16,
    parameter ABITS = 4
) (
    input  wire             clk,
    input  wire             we,
    input  wire [ABITS-1:0] waddr,
    input  wire [WIDTH-1:0] wdata,
    input  wire [ABITS-1:0] raddr,
    output wire [WIDTH-1:0] rdata
);
    reg [WIDTH-1:0] mem [0:DEPTH-1];

    always @(posedge clk) begin
        if (we) mem[waddr] <= wdata;
    end

    assign rdata = mem[raddr];
endmodule
