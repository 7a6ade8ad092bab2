// irhw_rr_arbiter — round-robin arbiter over N requests with a registered
// pointer, the index of the request with the highest priority this cycle.
// pick is one-hot: the first request at or after the pointer, wrapping (zero
// when nothing is requested); idx is its index. When go is high (the grant
// is used) the pointer moves past the grant, to (idx + 1) mod N; otherwise it
// stays. Reset: 0. A pointer stuck at 0 would be a fixed-priority arbiter.
//
// N == 1 is a named branch: the one request is the grant, no pointer.
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
module irhw_rr_arbiter #(
    parameter N        = 4,
    parameter IDX_BITS = (N > 1) ? $clog2(N) : 1
) (
    input  wire                clk,
    input  wire                rst,
    input  wire [N-1:0]        req,
    input  wire                go,
    output wire [N-1:0]        pick,
    output wire [IDX_BITS-1:0] idx
);
    genvar b, j;
    generate
        if (N == 1) begin : g_one
            assign pick = req;
            assign idx  = 1'b0;
            wire unused_ok = &{1'b0, clk, rst, go};
        end else begin : g_pointer
            localparam [31:0] LAST32 = N - 1;  // sized, so the part below is exact
            localparam [IDX_BITS-1:0] LAST = LAST32[IDX_BITS-1:0];
            localparam [N-1:0] ONE = {{(N - 1){1'b0}}, 1'b1};

            reg  [IDX_BITS-1:0] rr_q;
            wire [N-1:0] req_hi = req & ({N{1'b1}} << rr_q);  // at or after the pointer
            // lowest set bit of x: x & (~x + 1)
            assign pick = (|req_hi) ? (req_hi & (~req_hi + ONE)) : (req & (~req + ONE));

            // idx bit b is set when the grant's index has bit b
            for (b = 0; b < IDX_BITS; b = b + 1) begin : g_idx
                wire [N-1:0] has_bit;
                for (j = 0; j < N; j = j + 1) begin : g_req
                    assign has_bit[j] = ((j >> b) & 1) == 1;
                end
                assign idx[b] = |(pick & has_bit);
            end

            always @(posedge clk) begin
                if (rst) rr_q <= {IDX_BITS{1'b0}};
                else if (go) rr_q <= (idx == LAST) ? {IDX_BITS{1'b0}} : idx + 1'b1;
            end
`ifdef IRHW_ASSERT
            // assert grant_onehot: at most one request granted, and only a raised one
            always @(posedge clk) if (!rst) `IRHW_CHECK((((pick & (pick - ONE)) == {N{1'b0}})
                    & ((pick & ~req) == {N{1'b0}})));
            // assert grant_when_requested: some request is granted whenever one is raised
            always @(posedge clk) if (!rst) `IRHW_CHECK(((req == {N{1'b0}}) | (pick != {N{1'b0}})));
            // assert pointer_in_range: the round-robin pointer stays below N
            always @(posedge clk) if (!rst) `IRHW_CHECK((rr_q <= LAST));
`endif
        end
    endgenerate
endmodule
