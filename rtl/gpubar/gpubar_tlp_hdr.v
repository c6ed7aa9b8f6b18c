`resetall
`timescale 1ns / 1ps
`default_nettype none
// gpubar_tlp_hdr: PCIe memory request header bytes of one TLP (combinational, wiring and one
// 2:1 mux).
//
// Source: PCI Express Base Specification, Transaction Layer: memory request header (Fmt/Type in
// byte 0, Length in DW, Requester ID, Tag, Last/First DW byte enables, address; 3-DW header for
// addresses below 4 GiB, 4-DW header otherwise). docs/gpubar.md section 4 lists every field.
//
// Inputs: addr[63:0] (byte address), write, hi (addr[63:32] != 0, precomputed by the caller),
//   dw[7:0] (Length, 1..128), first_be / last_be [3:0] (gpubar_tlp_be.v), req_id[15:0], tag[7:0].
// Output: hdr[127:0], header byte i in hdr[127-8i -: 8]; a 3-DW header's bytes 12..15 are 0.
// Latency 0 (the caller registers it).
module gpubar_tlp_hdr (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [63:0]  addr,        // bits 1:0 are carried by the byte enables
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire         write,
    input  wire         hi,
    input  wire [7:0]   dw,
    input  wire [3:0]   first_be,
    input  wire [3:0]   last_be,
    input  wire [15:0]  req_id,
    input  wire [7:0]   tag,
    output wire [127:0] hdr
);
    // DW0: Fmt[2:0] Type[4:0] | T9 TC[2:0] T8 Attr[2] LN TH | TD EP Attr[1:0] AT[1:0] Length[9:8] | Length[7:0]
    wire [2:0]  fmt    = {1'b0, write, hi};   // 000 MRd 3DW, 001 MRd 4DW, 010 MWr 3DW, 011 MWr 4DW
    wire [9:0]  lfield = {2'b00, dw};         // 1..128 DW (1024 would encode as 0: never)
    wire [31:0] dw0    = {fmt, 5'b00000, 8'h00, 6'b000000, lfield};
    wire [31:0] dw1    = {req_id, tag, last_be, first_be};
    wire [31:0] alo    = {addr[31:2], 2'b00};
    assign hdr = hi ? {dw0, dw1, addr[63:32], alo} : {dw0, dw1, alo, 32'd0};
endmodule

`resetall
