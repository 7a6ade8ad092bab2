// irhw_regfile_1rw — flip-flop array with one address, combinational read.
// A write (we) lands at the clock edge; rdata shows mem[addr] in the same
// cycle. Contents are not reset: users qualify rdata with their own valid
// bit, so no output is ever undefined.
module irhw_regfile_1rw #(
    parameter WIDTH = 8,
    parameter DEPTH = 16,
    parameter ABITS = 4
) (
    input  wire             clk,
    input  wire             we,
    input  wire [ABITS-1:0] addr,
    input  wire [WIDTH-1:0] wdata,
    output wire [WIDTH-1:0] rdata
);
    reg [WIDTH-1:0] mem [0:DEPTH-1];

    always @(posedge clk) begin
        if (we) mem[addr] <= wdata;
    end

    assign rdata = mem[addr];
endmodule
