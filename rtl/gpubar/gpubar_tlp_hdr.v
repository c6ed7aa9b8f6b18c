`resetall
`timescale 1ns / 1ps
`default_nettype none
// gpubar_tlp_hdr: PCIe memory request fields of one TLP (combinational, no state).
//
// Source: PCI Express Base Specification, Transaction Layer: memory request header (fmt/type in
// byte 0, Length in DW, Requester ID, Tag, Last/First DW byte enables, address; 3-DW header for
// addresses below 4 GiB, 4-DW header otherwise). docs/gpubar.md section 4 lists every field.
//
// Inputs: addr[63:0] (byte address), len[9:0] (bytes, 1..512, never crossing a 4 KiB boundary:
//   the caller splits), write, hi (addr[63:32] != 0, precomputed by the caller), req_id[15:0],
//   tag[7:0].
// Outputs: dw[7:0] (Length in DW, 1..128), first_be / last_be [3:0] (last_be 0 for a 1-DW
//   request), hdr[127:0] (header byte i in hdr[127-8i -: 8]; a 3-DW header's bytes 12..15 are 0).
// Latency 0 (the caller registers the outputs). Depth: a 4-bit add and a 10-bit add, a few LUTs.
module gpubar_tlp_hdr (
    input  wire [63:0]  addr,
    input  wire [9:0]   len,
    input  wire         write,
    input  wire         hi,
    input  wire [15:0]  req_id,
    input  wire [7:0]   tag,
    output wire [7:0]   dw,
    output wire [3:0]   first_be,
    output wire [3:0]   last_be,
    output wire [127:0] hdr
);
    wire [1:0]  a0    = addr[1:0];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [10:0] span  = {9'd0, a0} + {1'b0, len} + 11'd3;   // bytes from the first DW's start, + 3 (bits 1:0 unused)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [8:0]  ndw   = span[10:2];                          // 1..128 (the caller keeps it <= 128)
    wire [1:0]  e0    = a0 + len[1:0];                       // (addr + len) mod 4
    wire        one   = ndw == 9'd1;
    // 1-DW: bytes a0 .. a0+len-1 (len 1..4 - a0); else first DW from a0 up, last DW below e0
    wire [3:0]  lenm  = len[2:0] == 3'd1 ? 4'b0001 : len[2:0] == 3'd2 ? 4'b0011 :
                        len[2:0] == 3'd3 ? 4'b0111 : 4'b1111;
    wire [3:0]  fbe1  = lenm << a0;
    wire [3:0]  fbeN  = 4'b1111 << a0;
    wire [3:0]  lbeN  = e0 == 2'd0 ? 4'b1111 : e0 == 2'd1 ? 4'b0001 : e0 == 2'd2 ? 4'b0011 : 4'b0111;
    assign dw       = ndw[7:0];
    assign first_be = one ? fbe1 : fbeN;
    assign last_be  = one ? 4'b0000 : lbeN;

    // DW0: fmt[2:0] type[4:0] | T9 TC[2:0] T8 Attr[2] LN TH | TD EP Attr[1:0] AT[1:0] Length[9:8] | Length[7:0]
    wire [2:0]  fmt   = {1'b0, write, hi};                  // 000 MRd 3DW, 001 MRd 4DW, 010 MWr 3DW, 011 MWr 4DW
    wire [9:0]  lfield = {2'b00, ndw[7:0]};                 // 1..128 DW (1024 would encode as 0: never)
    wire [31:0] dw0   = {fmt, 5'b00000, 8'h00, 6'b000000, lfield};
    wire [31:0] dw1   = {req_id, tag, last_be, first_be};
    wire [31:0] alo   = {addr[31:2], 2'b00};
    assign hdr = hi ? {dw0, dw1, addr[63:32], alo} : {dw0, dw1, alo, 32'd0};
endmodule

`resetall
