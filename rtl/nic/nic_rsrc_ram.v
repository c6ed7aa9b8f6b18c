`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rsrc_ram: the entry RAMs of nic_rsrc (free FIFO, unused-list links, entry metadata):
// DEPTH x W distributed RAM in banks of up to 64 entries, one write port, one read port with
// two registered stages.
// Shapes: DEPTH a power of two (8..32768), AW = log2(DEPTH), W data bits.
// Write: we / waddr / wdata, written at the clock edge. Read: re in cycle c registers every bank's
// word at raddr's low bits and the bank number (stage A, held while re is low); rdata in cycle
// c + 2 is the word (stage B, a plain copy of the selected bank register, valid from c + 2 and
// held until the next re). A read of an address written in cycle c - 1 or earlier sees the write.
// Why: an ECP5 EBR's clock-to-out plus routing took the whole 8 ns at 125 MHz (no output register
// in Yosys' EBR mapping), and a 1024-deep distributed read mux in one cycle placed at 63 MHz; here
// stage A is a 64-deep read (4:1 mux) from a registered address, stage B the bank select. Source: docs/nic_rsrc.md 6.
module nic_rsrc_ram #(
    parameter DEPTH = 1024,
    parameter W     = 10
) (
    input  wire                     clk,
    input  wire                     we,
    input  wire [$clog2(DEPTH)-1:0] waddr,
    input  wire [W-1:0]             wdata,
    input  wire                     re,
    input  wire [$clog2(DEPTH)-1:0] raddr,
    output reg  [W-1:0]             rdata
`ifdef FORMAL
    // formal only (formal/nic_rsrc): the contents (entry i at [i*W +: W]) and the stage-A word
    // that rdata takes next
    , output wire [DEPTH*W-1:0]     f_mem
    , output wire [W-1:0]           f_word
`endif
);
    localparam AW = $clog2(DEPTH);
    localparam BW = AW > 6 ? 6 : AW;      // address bits inside a bank
    localparam NB = DEPTH >> BW;          // banks
    localparam SW = NB > 1 ? $clog2(NB) : 1;

    reg [W-1:0]  bank_q [0:NB-1];
    reg [SW-1:0] sel_q;
    genvar b;
    generate
        for (b = 0; b < NB; b = b + 1) begin : g_bank
            (* ram_style = "distributed" *) reg [W-1:0] mem [0:(1 << BW)-1];
            wire wsel;
            if (NB > 1) begin : g_sel
                assign wsel = waddr[AW-1:BW] == b[AW-BW-1:0];
            end else begin : g_one
                assign wsel = 1'b1;
            end
            always @(posedge clk) begin
                if (we && wsel) mem[waddr[BW-1:0]] <= wdata;
                if (re) bank_q[b] <= mem[raddr[BW-1:0]];
            end
`ifdef FORMAL
            genvar fw;
            for (fw = 0; fw < (1 << BW); fw = fw + 1) begin : g_f
                assign f_mem[(b * (1 << BW) + fw) * W +: W] = mem[fw];
            end
`endif
        end
    endgenerate
    always @(posedge clk) begin
        if (re) sel_q <= NB > 1 ? raddr[AW-1:AW-SW] : {SW{1'b0}};
        rdata <= bank_q[sel_q];
    end
`ifdef FORMAL
    assign f_word = bank_q[sel_q];
`endif
endmodule
`resetall
