`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rxdma_ofifo: the RX DMA engine's output FIFO of host-write beats: DEPTH words of W bits in
// distributed RAM, first-word fall-through, no s_ready: the engine pushes only when it reserved
// the space (its issued-lines count, nic_rxdma.v ocnt_reg <= DEPTH), so the RAM write enable is
// the registered s_valid alone (one flip-flop drives the LUTRAM write enables: timing, instead
// of sync_fifo's s_valid && s_ready).
// Ports: s_valid, s_data[W] (pushed at the clock edge); m_valid (registered), m_data = head
//   word (asynchronous RAM read), m_ready (pop when m_valid && m_ready).
// Latency push -> m_valid: 1 cycle. Throughput one push and one pop per cycle. A push into a
// full FIFO is a caller error (never happens: docs/nic_rxdma.md 4.3). Source: own code.
module nic_rxdma_ofifo #(
    parameter W     = 8,
    parameter DEPTH = 8,
    parameter AW    = 3
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         s_valid,
    input  wire [W-1:0] s_data,
    output wire         m_valid,
    input  wire         m_ready,
    output wire [W-1:0] m_data
);
    reg [W-1:0]  mem [0:DEPTH-1];
    reg [AW-1:0] wp, rp;
    reg [AW:0]   cnt;
    reg          nz_reg;
    wire         pop = nz_reg && m_ready;
    wire [AW:0]  cnt_nx = cnt + {{AW{1'b0}}, s_valid} - {{AW{1'b0}}, pop};
    always @(posedge clk) begin
        if (s_valid) mem[wp] <= s_data;
        if (rst) begin
            wp     <= {AW{1'b0}};
            rp     <= {AW{1'b0}};
            cnt    <= {(AW+1){1'b0}};
            nz_reg <= 1'b0;
        end else begin
            if (s_valid) wp <= wp + {{(AW-1){1'b0}}, 1'b1};
            if (pop) rp <= rp + {{(AW-1){1'b0}}, 1'b1};
            cnt    <= cnt_nx;
            nz_reg <= cnt_nx != {(AW+1){1'b0}};
        end
    end
    assign m_valid = nz_reg;
    assign m_data  = mem[rp];
endmodule
`resetall
