`resetall
`timescale 1ns / 1ps
`default_nettype none
// ipv4_csum: IPv4 header checksum (RFC 791 3.1, RFC 1071): the folded 16-bit ones'-complement sum
// of the ten 16-bit words of a 20-byte header.
//
// Source: issue 10 part 1; RFC 791, RFC 1071. Own code.
//
// Ports:
//   clk                 used only when PIPELINE = 1 (no reset: pure datapath)
//   in_valid            qualifies in_hdr (only delayed to out_valid)
//   in_hdr  [160]       the header in wire order: byte j = in_hdr[8*j +: 8] (byte 0 = version/IHL),
//                       word k = {byte 2k, byte 2k+1}
//   out_valid           in_valid delayed by the latency
//   out_sum [16]        ones'-complement sum of the ten words with every end-around carry folded
//                       (0xFFFF, never 0x0000, for a sum that is congruent to 0 mod 0xFFFF but not 0).
//                       Receiver: the header is good iff out_sum == 16'hFFFF. Transmitter: sum with
//                       the checksum field (bytes 10-11) zero, send ~out_sum.
// Parameters:
//   PIPELINE  1 (default): stage 1 registers two partial sums of five words (19 bits each, an
//             adder tree of depth 3); stage 2 adds them (20 bits) and folds the carries with a
//             carry-select pair: latency 2 cycles. 0: combinational (latency 0).
// Throughput: one header per cycle. Errors: none (a pure function).
// Formal: formal/common/ipv4_csum.sby (equal to a word-by-word reference sum; `ifdef FORMAL).
module ipv4_csum #(
    parameter PIPELINE = 1
) (
    input  wire         clk,
    input  wire         in_valid,
    input  wire [159:0] in_hdr,
    output wire         out_valid,
    output wire [15:0]  out_sum
);
    initial begin
        if (PIPELINE != 0 && PIPELINE != 1) begin
            $error("%m: PIPELINE must be 0 or 1 (%0d)", PIPELINE);
            $finish;
        end
    end

    function [15:0] word(input [159:0] h, input integer k);
        word = {h[8 * (2 * k) +: 8], h[8 * (2 * k + 1) +: 8]};
    endfunction

    // stage 1: two sums of five words, each a tree (w0 + w1) + (w2 + w3) + w4
    wire [18:0] a_w = ({3'd0, word(in_hdr, 0)} + {3'd0, word(in_hdr, 1)}) +
                      ({3'd0, word(in_hdr, 2)} + {3'd0, word(in_hdr, 3)}) + {3'd0, word(in_hdr, 4)};
    wire [18:0] b_w = ({3'd0, word(in_hdr, 5)} + {3'd0, word(in_hdr, 6)}) +
                      ({3'd0, word(in_hdr, 7)} + {3'd0, word(in_hdr, 8)}) + {3'd0, word(in_hdr, 9)};
    wire [18:0] a_s, b_s;

    // stage 2: total (< 10 * 0xFFFF < 2^20), folded: t[15:0] + t[19:16] may carry once more;
    // both candidates computed in parallel (carry select)
    wire [19:0] t  = {1'b0, a_s} + {1'b0, b_s};
    wire [16:0] f0 = {1'b0, t[15:0]} + {13'd0, t[19:16]};
    wire [15:0] f1 = t[15:0] + {12'd0, t[19:16]} + 16'd1;
    wire [15:0] sum_w = f0[16] ? f1 : f0[15:0];

    generate
    if (PIPELINE != 0) begin : g_pipe
        reg [18:0] a_reg, b_reg;
        reg        v1_reg, v2_reg;
        reg [15:0] sum_reg;
        always @(posedge clk) begin
            a_reg   <= a_w;
            b_reg   <= b_w;
            v1_reg  <= in_valid;
            sum_reg <= sum_w;
            v2_reg  <= v1_reg;
        end
        assign a_s = a_reg, b_s = b_reg;
        assign out_sum = sum_reg, out_valid = v2_reg;
    end else begin : g_comb
        assign a_s = a_w, b_s = b_w;
        assign out_sum = sum_w, out_valid = in_valid;
    end
    endgenerate

`ifdef FORMAL
    // ---------------------------------------------------------------- formal (f_ only)
    // reference (RFC 1071 4.1): the 32-bit sum of the words, then end-around carries folded
    // while any remain (at most two folds are needed for ten words)
    function [15:0] f_ref(input [159:0] h);
        integer i;
        reg [31:0] s;
        begin
            s = 32'd0;
            for (i = 0; i < 10; i = i + 1)
                s = s + {16'd0, word(h, i)};
            for (i = 0; i < 3; i = i + 1)
                s = {16'd0, s[15:0]} + {16'd0, s[31:16]};
            f_ref = s[15:0];
        end
    endfunction
    generate
    if (PIPELINE != 0) begin : g_fp
        reg [1:0]  f_age = 2'd0;
        reg [15:0] f_ref1, f_ref2;
        reg        f_v1, f_v2;
        always @(posedge clk) begin
            if (f_age != 2'd2) f_age <= f_age + 1'b1;
            f_ref1 <= f_ref(in_hdr);
            f_ref2 <= f_ref1;
            f_v1   <= in_valid;
            f_v2   <= f_v1;
        end
        always @(*) begin
            if (f_age == 2'd2) begin
                assert(out_sum == f_ref2);
                assert(out_valid == f_v2);
                // a header that carries its own checksum (~sum of the rest) always checks 0xFFFF
            end
        end
    end else begin : g_fc
        always @(*) assert(out_sum == f_ref(in_hdr));
    end
    endgenerate
    // the sum is never the negative zero 0x0000 unless every word is 0
    always @(*) if (PIPELINE == 0 && in_hdr != 160'd0) assert(out_sum != 16'h0000);
    always @(*) cover(out_sum == 16'hffff);
`endif
endmodule
`resetall
