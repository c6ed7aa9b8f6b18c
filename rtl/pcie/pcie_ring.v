`resetall
`timescale 1ns / 1ps
`default_nettype none
// pcie_ring: the completion reorder buffer of pcie_req (issue 15, first slice): 2^AW beats of
// 256 bits (32-byte host beats), one write port with a write enable per 32-bit lane (DW), one
// read port with a registered read (block RAM: 8 lanes of 2^AW x 32, ECP5 DP16KD). No reset: a
// table in RAM. Latency: read data in the cycle after `re`. Write and read of the same address in
// one cycle: the read returns the old word (never used by pcie_req: a beat is read only after
// every write of its sub-requests, docs/pcie.md 4).
module pcie_ring #(
    parameter AW = 8
) (
    input  wire            clk,
    input  wire [7:0]      we,      // per-DW write enable
    input  wire [AW-1:0]   waddr,
    input  wire [255:0]    wdata,
    input  wire            re,
    input  wire [AW-1:0]   raddr,
    output wire [255:0]    rdata
);
    genvar g;
    generate
        for (g = 0; g < 8; g = g + 1) begin : lane
            reg [31:0] mem [0:(1 << AW) - 1];
            reg [31:0] rd_reg;
            always @(posedge clk) begin
                if (we[g]) mem[waddr] <= wdata[32 * g +: 32];
                if (re) rd_reg <= mem[raddr];
            end
            assign rdata[32 * g +: 32] = rd_reg;
        end
    endgenerate
endmodule
`resetall
