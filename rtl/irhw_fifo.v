// irhw_fifo — synchronous FIFO of DEPTH entries of WIDTH bits, valid/ready
// style, the buffer of one link and direction of the ICRN (and any block
// that needs one). Its C twin is the `fifo` block (model/fifo.c), and the two
// are co-simulated like every block (tests/cosim/cosim_fifo.list).
//
// Contract: push only when !full, pop only when valid; push and pop in one
// cycle are fine. full is registered state: a pop does not make room in the
// same cycle. head shows the oldest entry; it is qualified by valid (the
// storage is not reset). Entries live in an irhw_regfile_1w1r leaf, so area
// reports count them as flip-flop storage.
//
// Degenerate depths are named branches (as OpenTitan's prim_fifo_sync does):
// DEPTH == 1 is a single register with a valid bit and no pointers; every
// other depth uses read/write pointers that wrap at DEPTH-1, not at a power
// of two, and a count.
`ifdef IRHW_ASSERT
`ifndef IRHW_CHECK
// A check: an immediate assertion for formal tools (FORMAL), an `if ... $stop`
// in simulation, which Verilator compiles once for every instance of a module
// (an assert statement under --assert is compiled per instance).
`ifdef FORMAL
`define IRHW_CHECK(c) assert (c)
`define IRHW_ASSUME(c) assume (c)
`else
`define IRHW_CHECK(c) if (!(c)) $stop
`define IRHW_ASSUME(c) if (!(c)) $stop
`endif
`endif
`endif
module irhw_fifo #(
    parameter WIDTH = 8,
    parameter DEPTH = 2
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             push,
    input  wire [WIDTH-1:0] din,
    input  wire             pop,
    output wire             full,
    output wire             valid,
    output wire [WIDTH-1:0] head
);
    generate
        if (DEPTH == 1) begin : g_depth1
            reg valid_q;

            always @(posedge clk) begin
                if (rst) valid_q <= 1'b0;
                else if (push) valid_q <= 1'b1;
                else if (pop) valid_q <= 1'b0;
            end

            // The one entry: a one-word register file, always at address 0.
            irhw_regfile_1w1r #(.WIDTH(WIDTH), .DEPTH(1), .ABITS(1)) u_mem (
                .clk(clk), .we(push), .waddr(1'b0), .wdata(din), .raddr(1'b0), .rdata(head));

            assign full  = valid_q;
            assign valid = valid_q;
`ifdef IRHW_ASSERT
            // assume push_not_full: push only when !full (the contract above)
            always @(posedge clk) if (!rst) `IRHW_ASSUME((!push | !full));
            // assume pop_when_valid: pop only when valid (the contract above)
            always @(posedge clk) if (!rst) `IRHW_ASSUME((!pop | valid));
            // assert valid_iff_held: valid exactly when the FIFO holds an entry (count nonzero)
            always @(posedge clk) if (!rst) `IRHW_CHECK((valid == valid_q));
            // assert full_iff_depth: full exactly when it holds DEPTH entries
            always @(posedge clk) if (!rst) `IRHW_CHECK((full == valid_q));
`endif
        end else begin : g_pointers
            localparam PTR_BITS = $clog2(DEPTH);
            localparam CNT_BITS = $clog2(DEPTH + 1);
            localparam [31:0] LAST32 = DEPTH - 1;  // sized, so the parts below are exact
            localparam [31:0] SIZE32 = DEPTH;
            localparam [PTR_BITS-1:0] LAST = LAST32[PTR_BITS-1:0];
            localparam [CNT_BITS-1:0] SIZE = SIZE32[CNT_BITS-1:0];

            reg [PTR_BITS-1:0] rd_q, wr_q;
            reg [CNT_BITS-1:0] count_q;

            // The entries: written at wr_q on push, head read at rd_q.
            irhw_regfile_1w1r #(.WIDTH(WIDTH), .DEPTH(DEPTH), .ABITS(PTR_BITS)) u_mem (
                .clk(clk), .we(push), .waddr(wr_q), .wdata(din), .raddr(rd_q), .rdata(head));

            always @(posedge clk) begin
                if (rst) begin
                    rd_q    <= {PTR_BITS{1'b0}};
                    wr_q    <= {PTR_BITS{1'b0}};
                    count_q <= {CNT_BITS{1'b0}};
                end else begin
                    if (push) wr_q <= (wr_q == LAST) ? {PTR_BITS{1'b0}} : wr_q + 1'b1;
                    if (pop) rd_q <= (rd_q == LAST) ? {PTR_BITS{1'b0}} : rd_q + 1'b1;
                    if (push & ~pop) count_q <= count_q + 1'b1;
                    else if (pop & ~push) count_q <= count_q - 1'b1;
                end
            end

            assign full  = (count_q == SIZE);
            assign valid = (count_q != {CNT_BITS{1'b0}});
`ifdef IRHW_ASSERT
            // assume push_not_full: push only when !full (the contract above)
            always @(posedge clk) if (!rst) `IRHW_ASSUME((!push | !full));
            // assume pop_when_valid: pop only when valid (the contract above)
            always @(posedge clk) if (!rst) `IRHW_ASSUME((!pop | valid));
            // assert count_bound: the FIFO never holds more than DEPTH entries
            always @(posedge clk) if (!rst) `IRHW_CHECK((count_q <= SIZE));
            // assert valid_iff_held: valid exactly when the FIFO holds an entry (count nonzero)
            always @(posedge clk) if (!rst) `IRHW_CHECK((valid == (count_q != {CNT_BITS{1'b0}})));
            // assert full_iff_depth: full exactly when it holds DEPTH entries
            always @(posedge clk) if (!rst) `IRHW_CHECK((full == (count_q == SIZE)));
            // assert ptrs_in_range: the pointers stay below DEPTH
            always @(posedge clk) if (!rst) `IRHW_CHECK(((rd_q <= LAST) & (wr_q <= LAST)));
            // assert count_conserved: the count equals the entries between the pointers: no
            //     entry is lost or made up
            always @(posedge clk) if (!rst) `IRHW_CHECK((((wr_q >= rd_q) ? wr_q - rd_q : wr_q + SIZE - rd_q)
                    == ((count_q == SIZE) ? {CNT_BITS{1'b0}} : count_q)));
`endif
        end
    endgenerate
endmodule
