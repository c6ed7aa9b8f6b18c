`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rxdma_ofifo: a FIFO of the RX DMA engine (the output FIFO of host-write beats and the write-
// command queue): DEPTH words of W bits in distributed RAM, first-word fall-through, no s_ready:
// the engine pushes only when it reserved the space (nic_rxdma.v: the issued-lines count
// ocnt_reg <= DEPTH for the output FIFO, the queue count <= 2 at the snapshot for the command
// queue), so the RAM write enable is the registered s_valid alone.
// Timing: the RAM is split into NB banks of bit slices, each with its own (kept) copy of the read
// and write pointers, so no pointer fans out to every LUTRAM cell of a wide word.
// Ports: s_valid, s_data[W] (pushed at the clock edge); m_valid (registered), m_data = head word
//   (asynchronous RAM read), m_ready (pop when m_valid && m_ready); count (registered occupancy).
// Latency push -> m_valid: 1 cycle. Throughput one push and one pop per cycle. A push into a
// full FIFO is a caller error (never happens: docs/nic_rxdma.md 4). Source: own code.
module nic_rxdma_ofifo #(
    parameter W     = 8,
    parameter DEPTH = 8,
    parameter AW    = 3,
    parameter NB    = 1            // RAM banks (bit slices), each with its own pointer copies
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         s_valid,
    input  wire [W-1:0] s_data,
    output wire         m_valid,
    input  wire         m_ready,
    output wire [W-1:0] m_data,
    output wire [AW:0]  count
);
    localparam WB = (W + NB - 1) / NB;        // bits per bank (the last bank is padded)
    reg  [AW:0]   cnt;
    reg           nz_reg;
    wire          pop = nz_reg && m_ready;
    wire [AW:0]   cnt_nx = cnt + {{AW{1'b0}}, s_valid} - {{AW{1'b0}}, pop};
    wire [NB*WB-1:0] din = {{(NB*WB-W){1'b0}}, s_data};
    wire [NB*WB-1:0] dout;
    genvar b;
    generate
        for (b = 0; b < NB; b = b + 1) begin : g_bank
            (* keep *) reg [AW-1:0] wp, rp;
            reg [WB-1:0] mem [0:DEPTH-1];
            always @(posedge clk) begin
                if (s_valid) mem[wp] <= din[b*WB +: WB];
                if (rst) begin
                    wp <= {AW{1'b0}};
                    rp <= {AW{1'b0}};
                end else begin
                    if (s_valid) wp <= wp + {{(AW-1){1'b0}}, 1'b1};
                    if (pop) rp <= rp + {{(AW-1){1'b0}}, 1'b1};
                end
            end
            assign dout[b*WB +: WB] = mem[rp];
        end
    endgenerate
    always @(posedge clk) begin
        if (rst) begin
            cnt    <= {(AW+1){1'b0}};
            nz_reg <= 1'b0;
        end else begin
            cnt    <= cnt_nx;
            nz_reg <= cnt_nx != {(AW+1){1'b0}};
        end
    end
    assign m_valid = nz_reg;
    assign m_data  = dout[W-1:0];
    assign count   = cnt;
    wire unused_ok = &{1'b0, dout};
endmodule
`resetall
