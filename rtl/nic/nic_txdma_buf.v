`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_txdma_buf: the TX DMA data buffer, one logical memory with one write port (completion
// beats) and one read port (flits to the router), LINES x W bits, registered read.
//
// Source: seed 003 L54 (one logical memory, one input path, one output path), L56 (partitioned
// per VN; the partition is the engine's CSR base/size, not this module's business).
// Ports: wr_en, wr_addr[AW], wr_data[W] (written at the clock edge); rd_en, rd_addr[AW],
//   rd_data[W] valid in the cycle after rd_en (read-before-write on a same-address collision:
//   never happens, the engine never reads a line that is reserved and not yet retired).
// Not reset (a RAM). no_rw_check: the engine never reads and writes one line in the same cycle
// (a line is read only after its read retired, written only while reserved: docs/nic_txdma.md 4),
// so Yosys adds no read-during-write bypass after the block RAM. Maps to DP16KD block RAM on ECP5 (W = 257, 2048 lines: 32 EBR).
module nic_txdma_buf #(
    parameter LINES = 2048,
    parameter W     = 257,
    parameter AW    = 11
) (
    input  wire          clk,
    input  wire          wr_en,
    input  wire [AW-1:0] wr_addr,
    input  wire [W-1:0]  wr_data,
    input  wire          rd_en,
    input  wire [AW-1:0] rd_addr,
    output reg  [W-1:0]  rd_data
);
    (* no_rw_check *) reg [W-1:0] mem [0:LINES-1];   // no read-during-write bypass (below)
    always @(posedge clk) begin
        if (wr_en) mem[wr_addr] <= wr_data;
        if (rd_en) rd_data <= mem[rd_addr];
    end
endmodule
`resetall
