`resetall
`timescale 1ns / 1ps
`default_nettype none
// pcie_cq_in: the CQ input register of pcie_cq: a two-entry skid buffer (the same behaviour as
// rtl/common/axis_skid.v: registered s_ready, registered m_data / m_valid, capacity 2, words in
// order) whose control registers are replicated once per data slice, so that no single enable
// net drives all DATA_WIDTH flip-flops (the 266-bit CQ word: a fanout that cost ~6 ns of routing
// on ECP5). The copies hold the same values; (* keep *) stops Yosys from merging them.
//
// Ports (one clock, synchronous active-high rst; data registers not reset):
//   s_data [DATA_WIDTH], s_valid, s_ready   input; s_ready a register output
//   m_data [DATA_WIDTH], m_valid, m_ready   output; register outputs
// Parameters: DATA_WIDTH, NSL slices (DATA_WIDTH split into NSL parts, the last one larger).
// Latency 1 cycle; throughput one word per cycle. Source: issue 15 (pcie_cq timing); own code.
module pcie_cq_in #(
    parameter DATA_WIDTH = 266,
    parameter NSL = 4
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire [DATA_WIDTH-1:0] s_data,
    input  wire                  s_valid,
    output wire                  s_ready,
    output wire [DATA_WIDTH-1:0] m_data,
    output wire                  m_valid,
    input  wire                  m_ready
);
    localparam SW = DATA_WIDTH / NSL;

    (* keep *) reg [NSL-1:0] out_valid_reg;
    (* keep *) reg [NSL-1:0] skid_valid_reg;
    reg [DATA_WIDTH-1:0] out_reg;
    reg [DATA_WIDTH-1:0] skid_reg;

    assign s_ready = !skid_valid_reg[0];
    assign m_data  = out_reg;
    assign m_valid = out_valid_reg[0];

    genvar j;
    generate
        for (j = 0; j < NSL; j = j + 1) begin : g_sl
            localparam LO = j * SW;
            localparam HI = (j == NSL - 1) ? DATA_WIDTH - 1 : (j + 1) * SW - 1;
            wire accept   = s_valid && !skid_valid_reg[j];
            wire out_free = !out_valid_reg[j] || m_ready;
            always @(posedge clk) begin
                if (out_free) begin
                    if (skid_valid_reg[j]) out_reg[HI:LO] <= skid_reg[HI:LO];
                    else if (accept) out_reg[HI:LO] <= s_data[HI:LO];
                end else if (accept) begin
                    skid_reg[HI:LO] <= s_data[HI:LO];
                end
                if (rst) begin
                    out_valid_reg[j]  <= 1'b0;
                    skid_valid_reg[j] <= 1'b0;
                end else if (out_free) begin
                    out_valid_reg[j]  <= skid_valid_reg[j] || accept;
                    skid_valid_reg[j] <= 1'b0;
                end else if (accept) begin
                    skid_valid_reg[j] <= 1'b1;
                end
            end
        end
    endgenerate
endmodule
`resetall
