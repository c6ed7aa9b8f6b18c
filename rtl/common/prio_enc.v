`resetall
`timescale 1ns / 1ps
`default_nettype none
// prio_enc: priority encoder, lowest index first (combinational).
//
// Source: issue 10 part 1; shape after verilog-axis priority_encoder (LSB-high priority). Own code.
//
// Ports:
//   req    [N]      request vector
//   valid           |req
//   index  [IW]     index of the lowest set bit of req (0 when !valid); IW = max(1, $clog2(N))
//   onehot [N]      that bit alone (req & -req; all zero when !valid)
// Parameters: N >= 1.
// Latency: 0 cycles (combinational: one carry chain for req & -req, then an OR tree per index bit).
// Throughput: one encode per cycle.
// Formal: formal/common/prio_enc.sby (equivalence with a reference loop, `ifdef FORMAL` below;
// skipped with F_PRIO_ENC_SUB so that a proof of a user, e.g. arbiter.sby, checks its own properties).
module prio_enc #(
    parameter N = 8
) (
    input  wire [N-1:0]                    req,
    output wire                            valid,
    output wire [(N > 1 ? $clog2(N) : 1)-1:0] index,
    output wire [N-1:0]                    onehot
);
    localparam IW = N > 1 ? $clog2(N) : 1;

    initial begin
        if (N < 1) begin
            $error("%m: N must be >= 1 (got %0d)", N);
            $finish;
        end
    end

    assign valid  = |req;
    assign onehot = req & (~req + {{N-1{1'b0}}, 1'b1});

    // index bit b = OR of the onehot bits whose position has bit b set
    genvar b, i;
    generate
    for (b = 0; b < IW; b = b + 1) begin : g_idx
        wire [N-1:0] sel;
        for (i = 0; i < N; i = i + 1) begin : g_sel
            assign sel[i] = ((i >> b) & 1) != 0;
        end
        assign index[b] = |(onehot & sel);
    end
    endgenerate

`ifdef FORMAL
`ifndef F_PRIO_ENC_SUB   // defined when prio_enc is read as a submodule of a proof (arbiter.sby)
    // ---------------------------------------------------------------- formal (f_ only)
    // reference: scan from the top down, the last hit is the lowest set bit
    reg [IW-1:0] f_idx;
    reg [N-1:0]  f_oh;
    integer      f_i;
    always @(*) begin
        f_idx = {IW{1'b0}};
        f_oh  = {N{1'b0}};
        for (f_i = N - 1; f_i >= 0; f_i = f_i - 1)
            if (req[f_i]) begin
                f_idx = f_i[IW-1:0];
                f_oh  = {N{1'b0}};
                f_oh[f_i] = 1'b1;
            end
        assert(valid == (req != {N{1'b0}}));
        assert(onehot == f_oh);
        assert(index == f_idx);
        cover(req[N-1] && onehot == {1'b1, {N-1{1'b0}}});
    end
`endif
`endif
endmodule
`resetall
