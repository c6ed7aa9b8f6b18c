`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rxdma_buf: the RX DMA data buffer, one logical memory with one write port (packet payload
// beats) and one read port (host-write beats), LINES x W bits, registered read.
//
// Source: seed 003 L54 (one logical memory, one input path, one output path), L56 (partitioned
// per VN; the partition is the engine's CSR base/size, not this module's business).
// Ports: wr_en, wr_addr[AW], wr_data[W] (written at the clock edge); rd_en, rd_addr[AW],
//   rd_data[W] valid two cycles after rd_en (the RAM's read register and an output register,
//   which Yosys can fold into the DP16KD output register). Latency 2, one write and one read
//   per cycle.
// Not reset (a RAM). no_rw_check: the engine never reads a line in the cycle it is written (a line
// is read only after its bytes were counted in occ, one cycle after its write, and the write
// decision needs a further 4-cycle snapshot/decision pipeline: docs/nic_rxdma.md 4).
// Maps to DP16KD block RAM on ECP5 (W = 256, 1024 lines: 16 EBR).
module nic_rxdma_buf #(
    parameter LINES = 1024,
    parameter W     = 256,
    parameter AW    = 10
) (
    input  wire          clk,
    input  wire          wr_en,
    input  wire [AW-1:0] wr_addr,
    input  wire [W-1:0]  wr_data,
    input  wire          rd_en,
    input  wire [AW-1:0] rd_addr,
    output reg  [W-1:0]  rd_data
);
    wire unused_ok = rd_en;
    (* no_rw_check *) reg [W-1:0] mem [0:LINES-1];
    reg [W-1:0] rd_q;
    always @(posedge clk) begin
        if (wr_en) mem[wr_addr] <= wr_data;
        rd_q <= mem[rd_addr];        // read every cycle (rd_en only documents the caller's use)
        rd_data <= rd_q;
    end
endmodule
`resetall
