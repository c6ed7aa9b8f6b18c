`resetall
`timescale 1ns / 1ps
`default_nettype none
// pcie_ring: the completion reorder buffer of pcie_req (issue 15, first slice): 2^AW beats of
// 256 bits (32-byte host beats), one write port with a write enable per 32-bit lane (DW), one
// read port with two read registers (block RAM: 8 lanes of 2^AW x 32). No reset: a table in RAM.
// The read port reads `raddr` every cycle (no read enable: both registers load every cycle, so
// nothing depends on how a block RAM gates its output register). Latency: rdata is the word at
// raddr of two cycles before (the RAM's read register, then the output register). Write and read
// of the same address in one cycle: the read returns the old word (never used by pcie_req: a beat
// is read only after every write of its sub-requests, docs/pcie.md 4).
// DP16KD = 0 (default, every tool): an inferred RAM with a second register after its read
// register (Vivado maps it to the BRAM output register; Yosys maps no ECP5 EBR output register,
// so the second register lands in fabric and the DP16KD clock-to-out, 5.8 ns of the 8 ns, plus
// routing fails 125 MHz). DP16KD = 1 (ECP5 only, set on the line of fpga/open/pcie.tops): one
// DP16KD per lane in its 36-bit pseudo-dual-port shape with the output register on (REGMODE_B =
// "OUTREG"), AW <= 9: the word address sits at AD[13:5], AD[3:0] of the write port are the four
// 9-bit byte enables. The DP16KD module comes from the ECP5 cell library (Yosys
// +/ecp5/cells_sim.v), never from this repository (docs/pcie.md 6).
// Source: Lattice FPGA-TN-02204 (ECP5 memory usage guide: DP16KD ports, REGMODE, byte enables).
module pcie_ring #(
    parameter AW     = 8,
    parameter DP16KD = 0
) (
    input  wire            clk,
    input  wire [7:0]      we,      // per-DW write enable
    input  wire [AW-1:0]   waddr,
    input  wire [255:0]    wdata,
    input  wire [AW-1:0]   raddr,
    output wire [255:0]    rdata
);
    genvar g;
    generate
        for (g = 0; g < 8; g = g + 1) begin : lane
            if (DP16KD != 0) begin : ebr
            wire [13:0] wad = {{(9 - AW){1'b0}}, waddr, 1'b0, {4{we[g]}}};
            wire [13:0] rad = {{(9 - AW){1'b0}}, raddr, 5'd0};
            wire [35:0] wdi = {4'd0, wdata[32 * g +: 32]};
            wire [35:0] rdo;
            DP16KD #(
                .DATA_WIDTH_A(36), .DATA_WIDTH_B(36),
                .REGMODE_A("NOREG"), .REGMODE_B("OUTREG"),
                .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"),
                .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
                .CLKAMUX("CLKA"), .CLKBMUX("CLKB"), .GSR("AUTO")
            ) bram (
                .CLKA(clk), .WEA(1'b1), .CEA(1'b1), .OCEA(1'b0), .RSTA(1'b0),
                .CSA0(1'b0), .CSA1(1'b0), .CSA2(1'b0),
                .ADA0(wad[0]), .ADA1(wad[1]), .ADA2(wad[2]), .ADA3(wad[3]), .ADA4(wad[4]),
                .ADA5(wad[5]), .ADA6(wad[6]), .ADA7(wad[7]), .ADA8(wad[8]), .ADA9(wad[9]),
                .ADA10(wad[10]), .ADA11(wad[11]), .ADA12(wad[12]), .ADA13(wad[13]),
                .DIA0(wdi[0]), .DIA1(wdi[1]), .DIA2(wdi[2]), .DIA3(wdi[3]), .DIA4(wdi[4]),
                .DIA5(wdi[5]), .DIA6(wdi[6]), .DIA7(wdi[7]), .DIA8(wdi[8]), .DIA9(wdi[9]),
                .DIA10(wdi[10]), .DIA11(wdi[11]), .DIA12(wdi[12]), .DIA13(wdi[13]),
                .DIA14(wdi[14]), .DIA15(wdi[15]), .DIA16(wdi[16]), .DIA17(wdi[17]),
                .DIB0(wdi[18]), .DIB1(wdi[19]), .DIB2(wdi[20]), .DIB3(wdi[21]), .DIB4(wdi[22]),
                .DIB5(wdi[23]), .DIB6(wdi[24]), .DIB7(wdi[25]), .DIB8(wdi[26]), .DIB9(wdi[27]),
                .DIB10(wdi[28]), .DIB11(wdi[29]), .DIB12(wdi[30]), .DIB13(wdi[31]),
                .DIB14(wdi[32]), .DIB15(wdi[33]), .DIB16(wdi[34]), .DIB17(wdi[35]),
                .CLKB(clk), .WEB(1'b0), .CEB(1'b1), .OCEB(1'b1), .RSTB(1'b0),
                .CSB0(1'b0), .CSB1(1'b0), .CSB2(1'b0),
                .ADB0(rad[0]), .ADB1(rad[1]), .ADB2(rad[2]), .ADB3(rad[3]), .ADB4(rad[4]),
                .ADB5(rad[5]), .ADB6(rad[6]), .ADB7(rad[7]), .ADB8(rad[8]), .ADB9(rad[9]),
                .ADB10(rad[10]), .ADB11(rad[11]), .ADB12(rad[12]), .ADB13(rad[13]),
                .DOA0(rdo[0]), .DOA1(rdo[1]), .DOA2(rdo[2]), .DOA3(rdo[3]), .DOA4(rdo[4]),
                .DOA5(rdo[5]), .DOA6(rdo[6]), .DOA7(rdo[7]), .DOA8(rdo[8]), .DOA9(rdo[9]),
                .DOA10(rdo[10]), .DOA11(rdo[11]), .DOA12(rdo[12]), .DOA13(rdo[13]),
                .DOA14(rdo[14]), .DOA15(rdo[15]), .DOA16(rdo[16]), .DOA17(rdo[17]),
                .DOB0(rdo[18]), .DOB1(rdo[19]), .DOB2(rdo[20]), .DOB3(rdo[21]), .DOB4(rdo[22]),
                .DOB5(rdo[23]), .DOB6(rdo[24]), .DOB7(rdo[25]), .DOB8(rdo[26]), .DOB9(rdo[27]),
                .DOB10(rdo[28]), .DOB11(rdo[29]), .DOB12(rdo[30]), .DOB13(rdo[31]),
                .DOB14(rdo[32]), .DOB15(rdo[33]), .DOB16(rdo[34]), .DOB17(rdo[35])
            );
            assign rdata[32 * g +: 32] = rdo[31:0];
            /* verilator lint_off UNUSEDSIGNAL */ wire [3:0] rdo_unused = rdo[35:32]; /* verilator lint_on UNUSEDSIGNAL */
            end else begin : inf
            reg [31:0] mem [0:(1 << AW) - 1];
            reg [31:0] rd_reg, rd2_reg;
            always @(posedge clk) begin
                if (we[g]) mem[waddr] <= wdata[32 * g +: 32];
                rd_reg  <= mem[raddr];
                rd2_reg <= rd_reg;
            end
            assign rdata[32 * g +: 32] = rd2_reg;
            end
        end
    endgenerate
endmodule

`resetall
