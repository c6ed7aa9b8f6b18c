`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_ack_csum_chk (used by nic_ack_rx): the receiver's IPv4 header checksum check (RFC 791 3.1,
// RFC 1071) in four registered stages of at most two chained adders each: bad = the folded 16-bit ones'-complement
// sum of the ten 16-bit words of a 20-byte header is not 0xFFFF. nic_ack_rx's staged check (the
// 3-adder first stage of rtl/common/ipv4_csum missed 125 MHz there, -0.73 ns).
//
// Source: issue 13 (nic_ack_rx timing); RFC 791, RFC 1071. Own code.
//
// Ports:
//   clk               no reset: a pure datapath
//   in_hdr  [160]     the header in wire order: byte j = in_hdr[8*j +: 8] (byte 0 = version/IHL),
//                     word k = {byte 2k, byte 2k+1}; combinational input (sampled every cycle)
//   out_bad           registered: 1 iff the header sampled 4 clock edges earlier does not check
// Stages: 1 five 17-bit pair sums w(2k) + w(2k+1); 2 a = e0 + e1, b = e2 + e3 (18 bits), c = e4;
//   3 t = a + b + c (20 bits, < 10 * 0xFFFF); 4 the compare without a fold: t[15:0] + t[19:16]
//   (<= 0xFFFF + 15) never carries into a value 0xFFFF after the end-around carry (that case is
//   <= 15), so the folded sum is 0xFFFF iff t[15:0] + t[19:16] == 0xFFFF, i.e. iff t[15:4] == 0xFFF
//   and t[3:0] == ~t[19:16] (checked for every t in 0 .. 10 * 0xFFFF).
// Latency: 4 cycles (in_hdr in cycle c -> out_bad in cycle c + 4). Throughput: one header per
//   cycle. Errors: none (a pure function).
module nic_ack_csum_chk (
    input  wire         clk,
    input  wire [159:0] in_hdr,
    output reg          out_bad
);
    function [15:0] word(input [159:0] h, input integer k);
        word = {h[8 * (2 * k) +: 8], h[8 * (2 * k + 1) +: 8]};
    endfunction

    reg  [16:0] e_reg [0:4];
    reg  [17:0] a_reg, b_reg;
    reg  [16:0] c_reg;
    reg  [19:0] t_reg;
    integer k;
    always @(posedge clk) begin
        for (k = 0; k < 5; k = k + 1)
            e_reg[k] <= {1'b0, word(in_hdr, 2 * k)} + {1'b0, word(in_hdr, 2 * k + 1)};
        a_reg   <= {1'b0, e_reg[0]} + {1'b0, e_reg[1]};
        b_reg   <= {1'b0, e_reg[2]} + {1'b0, e_reg[3]};
        c_reg   <= e_reg[4];
        t_reg   <= ({2'b00, a_reg} + {2'b00, b_reg}) + {3'b000, c_reg};
        out_bad <= t_reg[15:4] != 12'hFFF || (t_reg[3:0] ^ t_reg[19:16]) != 4'hF;
    end

`ifdef FORMAL
    // ---------------------------------------------------------------- formal (f_ only)
    // reference (RFC 1071 4.1): the 32-bit sum of the words, end-around carries folded
    function f_bad(input [159:0] h);
        integer i;
        reg [31:0] s;
        begin
            s = 32'd0;
            for (i = 0; i < 10; i = i + 1)
                s = s + {16'd0, word(h, i)};
            for (i = 0; i < 3; i = i + 1)
                s = {16'd0, s[15:0]} + {16'd0, s[31:16]};
            f_bad = s[15:0] != 16'hFFFF;
        end
    endfunction
    reg [2:0] f_age = 3'd0;
    reg [3:0] f_ref;
    always @(posedge clk) begin
        if (f_age != 3'd4) f_age <= f_age + 3'd1;
        f_ref <= {f_ref[2:0], f_bad(in_hdr)};
    end
    always @(*) if (f_age == 3'd4) assert(out_bad == f_ref[3]);
    always @(*) cover(f_age == 3'd4 && !out_bad);
`endif
endmodule

`resetall
