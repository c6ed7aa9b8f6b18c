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
//   upper  [N]      the bits strictly above it ((req | -req) & ~onehot; all zero when !valid):
//                   the round-robin mask of arbiter, from the same carry chain as onehot
// Parameters: N >= 1.
// Latency: 0 cycles (combinational: one carry chain for onehot/upper; index from a log2(N)-level
//   tree of 2:1 selections that does not wait for the carry chain).
// Throughput: one encode per cycle.
// Formal: formal/common/prio_enc.sby (equivalence with a reference loop, in the FORMAL block
//   below; skipped with F_PRIO_ENC_SUB so that a proof of a user, e.g. arbiter.sby, checks its
//   own properties).
module prio_enc #(
    parameter N = 8
) (
    input  wire [N-1:0]                       req,
    output wire                               valid,
    output wire [(N > 1 ? $clog2(N) : 1)-1:0] index,
    output wire [N-1:0]                       onehot,
    output wire [N-1:0]                       upper
);
    localparam IW = N > 1 ? $clog2(N) : 1;
    localparam NP = 1 << IW;

    initial begin
        if (N < 1) begin
            $error("%m: N must be >= 1 (got %0d)", N);
            $finish;
        end
    end

    assign valid = |req;

    wire [N-1:0] neg = ~req + {{N-1{1'b0}}, 1'b1};   // -req: bits at and above the lowest set
    assign onehot = req & neg;
    assign upper  = (req | neg) & ~onehot;

    // index: a binary tree of log2 levels over the request bits (independent of the carry chain):
    // at level l, node g (a group of 2^(l+1) bits) takes its lower half if that has a request
    reg [NP-1:0]    tv;          // node valid
    reg [NP*IW-1:0] tx;          // node index (bits below l set so far)
    integer l, g;
    always @(*) begin
        tv = {{(NP-N){1'b0}}, req};
        tx = {NP*IW{1'b0}};
        for (l = 0; l < IW; l = l + 1)
            for (g = 0; g < NP; g = g + (2 << l)) begin
                if (!tv[g]) begin
                    tx[g*IW +: IW] = tx[(g + (1 << l))*IW +: IW];
                    tx[g*IW + l]   = 1'b1;
                end
                tv[g] = tv[g] | tv[g + (1 << l)];
            end
    end
    assign index = tv[0] ? tx[IW-1:0] : {IW{1'b0}};

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
        assert(upper == (valid ? ~(f_oh | (f_oh - 1'b1)) : {N{1'b0}}));
        cover(req[N-1] && onehot == {1'b1, {N-1{1'b0}}});
    end
`endif
`endif
endmodule
`resetall
