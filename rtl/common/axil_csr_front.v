`default_nettype none
`timescale 1ns / 1ps
// axil_csr_front: the CSR front end the NIC blocks share: axil_reg_if_pipe, a block of event
// counters (stats_counter) read in the same window, and the AXI gating while the counters clear
// after reset.
//
// Source: docs/regs.md (one AXI4-Lite window per block, STAT counters at STAT_ADDR); the front
// end written out in nic_xlat, nic_txdma, nic_rxdma, nic_eq and nic_cmdq (they keep their own
// copies: their gated netlists were placed with them; new blocks use this module, nic_top_csr first).
//
// Ports: clk, rst (synchronous, active high).
//   s_axil_*     AXI4-Lite slave, ADDR_W-bit byte address, 32-bit data; AW and W accepted together
//                (axil_reg_if_pipe), nothing accepted while the counters clear (rst, stat busy).
//   reg_wr_*     the registered write (axil_reg_if_pipe); reg_wr_err from the owner (SLVERR).
//   reg_rd_addr, rd_stage[2:0]   the read pipeline (RD_LATENCY 3): the owner decodes in
//                rd_stage[0], registers its value in rd_stage[1] into rd_data / rd_err.
//   rd_data, rd_err  the owner's value for a non-counter address (rd_err: SLVERR, data 0 expected).
//   stat_inc[NSTAT]  one-cycle event pulses; counter i (32 bits, wrapping) reads at STAT_ADDR + 4 i,
//                an event is visible to a read 3 cycles after its pulse.
//   rd_stat      the address in rd_stage[0] is a counter (the owner must not flag it rd_err).
// Latency: reads 4 cycles after AR; writes apply 1 cycle after AW / W.
module axil_csr_front #(
    parameter ADDR_W    = 12,
    parameter NSTAT     = 16,
    parameter STAT_ADDR = 256             // byte address of counter 0
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [ADDR_W-1:0] s_axil_awaddr,
    input  wire              s_axil_awvalid,
    output wire              s_axil_awready,
    input  wire [31:0]       s_axil_wdata,
    input  wire [3:0]        s_axil_wstrb,
    input  wire              s_axil_wvalid,
    output wire              s_axil_wready,
    output wire [1:0]        s_axil_bresp,
    output wire              s_axil_bvalid,
    input  wire              s_axil_bready,
    input  wire [ADDR_W-1:0] s_axil_araddr,
    input  wire              s_axil_arvalid,
    output wire              s_axil_arready,
    output wire [31:0]       s_axil_rdata,
    output wire [1:0]        s_axil_rresp,
    output wire              s_axil_rvalid,
    input  wire              s_axil_rready,
    output wire              reg_wr_en,
    output wire [ADDR_W-1:0] reg_wr_addr,
    output wire [31:0]       reg_wr_data,
    output wire [3:0]        reg_wr_strb,
    input  wire              reg_wr_err,
    output wire [ADDR_W-1:0] reg_rd_addr,
    output wire [2:0]        rd_stage,
    input  wire [31:0]       rd_data,
    input  wire              rd_err,
    input  wire [NSTAT-1:0]  stat_inc,
    output wire              rd_stat
);
    localparam SW = NSTAT > 1 ? $clog2(NSTAT) : 1;

    wire        stat_busy;
    wire [31:0] stat_rd_data;
    reg         block_reg, isstat_reg;
    reg  [NSTAT-1:0] inc_reg;
    always @(posedge clk) begin
        block_reg <= rst || stat_busy;
        inc_reg   <= rst ? {NSTAT{1'b0}} : stat_inc;
    end
    wire axil_arready, axil_awready, axil_wready;
    assign s_axil_awready = axil_awready && !block_reg;
    assign s_axil_wready  = axil_wready && !block_reg;
    assign s_axil_arready = axil_arready && !block_reg;

    axil_reg_if_pipe #(.ADDR_WIDTH(ADDR_W), .RD_LATENCY(3)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid && !block_reg),
        .s_axil_awready(axil_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
        .s_axil_wvalid(s_axil_wvalid && !block_reg), .s_axil_wready(axil_wready),
        .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
        .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid && !block_reg),
        .s_axil_arready(axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err),
        .reg_rd_addr(reg_rd_addr), .reg_rd_stage(rd_stage),
        .reg_rd_data(isstat_reg ? stat_rd_data : rd_data), .reg_rd_err(rd_err && !isstat_reg)
    );

    localparam integer S_LO = STAT_ADDR;
    localparam integer S_HI = STAT_ADDR + 4 * NSTAT;
    wire [31:0] ra = {{(32-ADDR_W){1'b0}}, reg_rd_addr};
    assign rd_stat = ra >= S_LO && ra < S_HI && reg_rd_addr[1:0] == 2'b00;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] sidx = (ra - S_LO) >> 2;                        // counter index: low SW bits
    wire        stat_rd_valid;                                  // stats_counter's; the pipe times the read
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk)
        if (rd_stage[0]) isstat_reg <= rd_stat;
    stats_counter #(.N(NSTAT), .CNT_WIDTH(32)) u_stats (
        .clk(clk), .rst(rst), .stat_inc(inc_reg), .stat_clear(1'b0), .stat_busy(stat_busy),
        .rd_en(rd_stage[0] && rd_stat), .rd_addr(sidx[SW-1:0]),
        .rd_valid(stat_rd_valid), .rd_data(stat_rd_data)
    );
endmodule
`default_nettype wire
