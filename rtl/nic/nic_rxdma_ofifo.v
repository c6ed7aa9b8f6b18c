`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rxdma_ofifo: a FIFO of the RX DMA engine (the output FIFO of host-write beats and the write-
// command queue): DEPTH words of W bits in distributed RAM, first-word fall-through, no s_ready:
// the engine pushes only when it reserved the space (nic_rxdma.v: the issued-lines count
// ocnt_reg <= DEPTH for the output FIFO, the queue count <= 2 at the snapshot for the command
// queue), so the RAM write enable is the registered s_valid alone.
// Timing: the RAM is split into NB banks of bit slices, each with its own copy of the read and
// write pointers (rtl/common/ff_keep.v), so no pointer fans out to every LUTRAM cell of a word.
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
    // pointer copies, one pair per bank (ff_keep: Yosys keeps them apart); copy 0 is the master
    wire [NB*AW-1:0] wp_c, rp_c;
    wire [AW-1:0]    wp_nx = wp_c[AW-1:0] + {{(AW-1){1'b0}}, s_valid};
    wire [AW-1:0]    rp_nx = rp_c[AW-1:0] + {{(AW-1){1'b0}}, pop};
    ff_keep #(.WIDTH(2 * NB * AW)) u_ptr (
        .clk(clk), .rst(rst), .d({{NB{wp_nx}}, {NB{rp_nx}}}), .q({wp_c, rp_c})
    );
    genvar b;
    generate
        for (b = 0; b < NB; b = b + 1) begin : g_bank
            reg [WB-1:0] mem [0:DEPTH-1];
            always @(posedge clk)
                if (s_valid) mem[wp_c[b*AW +: AW]] <= din[b*WB +: WB];
            assign dout[b*WB +: WB] = mem[rp_c[b*AW +: AW]];
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
