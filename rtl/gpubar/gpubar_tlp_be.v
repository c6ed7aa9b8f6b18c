`resetall
`timescale 1ns / 1ps
`default_nettype none
// gpubar_tlp_be: Length (DW) and First / Last DW byte enables of one PCIe memory request
// (combinational, no state).
//
// Source: PCI Express Base Specification, Transaction Layer, memory request rules: Length counts
// the DWs the bytes [addr, addr + len) touch; First DW BE enables the bytes of the first DW from
// addr & 3 on (and, for a 1-DW request, only up to the last byte); Last DW BE enables the bytes of
// the last DW below (addr + len) & 3 (all four when 0), and is 0 for a 1-DW request.
// docs/gpubar.md section 4.
//
// Inputs: a0[1:0] (addr & 3), len[9:0] (bytes, 1..512; a0 + len <= 512 by the caller's split).
// Outputs: dw[7:0] (1..128), first_be[3:0], last_be[3:0]. Latency 0 (registered by the caller).
module gpubar_tlp_be (
    input  wire [1:0] a0,
    input  wire [9:0] len,
    output wire [7:0] dw,
    output wire [3:0] first_be,
    output wire [3:0] last_be
);
    /* verilator lint_off UNUSEDSIGNAL */
    wire [10:0] span  = {9'd0, a0} + {1'b0, len} + 11'd3;   // bytes from the first DW's start, + 3 (bits 1:0, 10 unused)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [7:0]  ndw   = span[9:2];                           // 1..128 (the caller keeps a0 + len <= 512)
    wire [1:0]  e0    = a0 + len[1:0];                       // (addr + len) mod 4
    wire        one   = len[9:3] == 7'd0 && {1'b0, len[2:0]} + {2'b00, a0} <= 4'd4;   // ndw == 1 (short path)
    // 1-DW: bytes a0 .. a0+len-1 (len 1..4 - a0); else first DW from a0 up, last DW below e0
    wire [3:0]  lenm  = len[2:0] == 3'd1 ? 4'b0001 : len[2:0] == 3'd2 ? 4'b0011 :
                        len[2:0] == 3'd3 ? 4'b0111 : 4'b1111;
    wire [3:0]  fbe1  = lenm << a0;
    wire [3:0]  fbeN  = 4'b1111 << a0;
    wire [3:0]  lbeN  = e0 == 2'd0 ? 4'b1111 : e0 == 2'd1 ? 4'b0001 : e0 == 2'd2 ? 4'b0011 : 4'b0111;
    assign dw       = ndw;
    assign first_be = one ? fbe1 : fbeN;
    assign last_be  = one ? 4'b0000 : lbeN;
endmodule

`resetall
