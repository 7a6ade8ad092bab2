// irhw_onehot_mux — AND-OR multiplexer of N inputs of WIDTH bits, input j at
// in[j*WIDTH +: WIDTH], selected by a one-hot (or all-zero: out is zero) sel.
// Each output bit is one OR reduction over the inputs' bits, so synthesis
// sees a balanced tree. N == 1 is a named branch: the input, unconditionally.
module irhw_onehot_mux #(
    parameter N     = 2,
    parameter WIDTH = 8
) (
    input  wire [N-1:0]       sel  /*verilator public_flat_rd*/,
    input  wire [N*WIDTH-1:0] in   /*verilator public_flat_rd*/,
    output wire [WIDTH-1:0]   out
);
    // A hint to the simulator (build time; the same simulation): inputs
    // public, so one copy of the code serves every instance Verilator keeps
    // apart (icrn at CORES=64: 12.4 -> 3.6 MB of C++; model/irhw.h,
    // irhw_vlt_public_inputs).
    genvar b, j;
    generate
        if (N == 1) begin : g_one
            assign out = in;
            wire unused_sel = sel;
        end else begin : g_and_or
            for (b = 0; b < WIDTH; b = b + 1) begin : g_bit
                wire [N-1:0] column;  // bit b of every input
                for (j = 0; j < N; j = j + 1) begin : g_in
                    assign column[j] = in[j * WIDTH + b];
                end
                assign out[b] = |(sel & column);
            end
        end
    endgenerate
endmodule
