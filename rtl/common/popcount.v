`resetall
`timescale 1ns / 1ps
`default_nettype none
// popcount: number of set bits of an N-bit vector.
//
// Source: issue 10 part 1. Own code.
//
// Ports:
//   clk               used only when PIPELINE = 1 (no reset: pure datapath)
//   in    [N]         input vector
//   count [CW]        number of ones in `in`, CW = $clog2(N+1)
// Parameters:
//   N        >= 1
//   CHUNK    >= 1     bits per first-level partial count (16: a 5-bit sum; with PIPELINE 1 and
//                     N = 64 this met 125 MHz with the best margin of 4, 8 and 16 on ECP5)
//   PIPELINE 0: combinational (latency 0); 1: the partial counts of each CHUNK-bit group are
//            registered, then their sum (a balanced adder tree) is registered: latency 2 cycles (count in cycle t+2 is the
//            popcount of in in cycle t). Use 1 for N above ~32 at 125 MHz.
// Throughput: one vector per cycle.
// Formal: formal/common/popcount.sby (equal to a bit-by-bit reference sum; `ifdef FORMAL` below).
module popcount #(
    parameter N        = 32,
    parameter CHUNK    = 16,
    parameter PIPELINE = 0
) (
    input  wire                     clk,
    input  wire [N-1:0]             in,
    output wire [$clog2(N+1)-1:0]   count
);
    localparam CW = $clog2(N + 1);
    localparam NG = (N + CHUNK - 1) / CHUNK;   // number of groups
    localparam GW = $clog2(CHUNK + 1);          // partial count width
    localparam TW = CW > GW ? CW : GW;          // width of the running sum

    initial begin
        if (N < 1 || CHUNK < 1 || (PIPELINE != 0 && PIPELINE != 1)) begin
            $error("%m: N >= 1, CHUNK >= 1, PIPELINE 0 or 1 (N %0d, CHUNK %0d, PIPELINE %0d)",
                   N, CHUNK, PIPELINE);
            $finish;
        end
    end

    // first level: one partial count per CHUNK-bit group (the last group may be shorter)
    wire [NG*CHUNK-1:0] in_pad = {{(NG*CHUNK-N){1'b0}}, in};
    reg  [NG*GW-1:0]    part;
    integer g, h, k;
    always @(*) begin
        part = {NG*GW{1'b0}};
        for (g = 0; g < NG; g = g + 1)
            for (k = 0; k < CHUNK; k = k + 1)
                part[g*GW +: GW] = part[g*GW +: GW] + {{GW-1{1'b0}}, in_pad[g*CHUNK + k]};
    end

    // second level: sum of the partial counts as a balanced tree of adders (log2(NG) levels)
    wire [NG*GW-1:0] part_s;
    reg  [NG*TW-1:0] tsum;
    reg  [TW-1:0]    total_w;
    integer st;
    always @(*) begin
        for (h = 0; h < NG; h = h + 1)
            tsum[h*TW +: TW] = {{(TW - GW){1'b0}}, part_s[h*GW +: GW]};
        for (st = 1; st < NG; st = st * 2)
            for (h = 0; h + st < NG; h = h + 2 * st)
                tsum[h*TW +: TW] = tsum[h*TW +: TW] + tsum[(h + st)*TW +: TW];
        total_w = tsum[TW-1:0];
    end
    wire [CW-1:0] total = total_w[CW-1:0];   // the sum never exceeds N

    generate
    if (PIPELINE != 0) begin : g_pipe
        reg [NG*GW-1:0] part_reg;
        reg [CW-1:0]    count_reg;
        always @(posedge clk) begin
            part_reg  <= part;
            count_reg <= total;
        end
        assign part_s = part_reg;
        assign count  = count_reg;
    end else begin : g_comb
        assign part_s = part;
        assign count  = total;
    end
    endgenerate

`ifdef FORMAL
    // ---------------------------------------------------------------- formal (f_ only)
    function [CW-1:0] f_ref(input [N-1:0] v);
        integer i;
        begin
            f_ref = {CW{1'b0}};
            for (i = 0; i < N; i = i + 1)
                if (v[i]) f_ref = f_ref + 1'b1;
        end
    endfunction
    generate
    if (PIPELINE != 0) begin : g_fp
        reg [1:0]    f_age = 2'd0;
        reg [CW-1:0] f_ref1, f_ref2;
        always @(posedge clk) begin
            if (f_age != 2'd2) f_age <= f_age + 1'b1;
            f_ref1 <= f_ref(in);
            f_ref2 <= f_ref1;
        end
        always @(*) begin
            if (f_age >= 2'd1) assert(total == f_ref1);   // partial counts of the last input
            if (f_age == 2'd2) assert(count == f_ref2);
        end
    end else begin : g_fc
        always @(*) assert(count == f_ref(in));
    end
    endgenerate
    always @(*) cover(count == N);
`endif
endmodule
`resetall
