// irhw_sram_1rw — behavioural 1-read/write SRAM macro, synchronous read.
// One access per cycle: a write when en && we, else a read when en whose
// data appear on rdata after the clock edge and stay until the next read.
// For synthesis this module is a black box priced by area/sram_model.c.
// rdata holds an undefined value until the first read: users qualify it
// with their own valid bit.
module irhw_sram_1rw #(
    parameter WIDTH = 8,
    parameter DEPTH = 16,
    parameter ABITS = 4
) (
    input  wire             clk,
    input  wire             en,
    input  wire             we,
    input  wire [ABITS-1:0] addr,
    input  wire [WIDTH-1:0] wdata,
    output reg  [WIDTH-1:0] rdata
);
    /*verilator no_inline_module*/  // one C++ class for every instance (build time)
    reg [WIDTH-1:0] mem [0:DEPTH-1];

    always @(posedge clk) begin
        if (en) begin
            if (we) mem[addr] <= wdata;
            else    rdata <= mem[addr];
        end
    end
endmodule
