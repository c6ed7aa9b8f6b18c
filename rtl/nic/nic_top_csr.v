`default_nettype none
`timescale 1ns / 1ps
// nic_top_csr: nic_top's own CSR window (rdl/nic_top.rdl, docs/regs/nic_top.md): the framer
// configuration and the top's event counters.
//
// Source: docs/nic.md 6 ("CSRs: ... plus the top's own: NID, MAC / IP, path MTU"); the CSR front
// end is rtl/common/axil_csr_front.v (docs/regs.md).
//
// Ports: clk, rst (synchronous, active high); s_axil_* AXI4-Lite slave (12-bit address, AW and W
//   together, as axil_demux offers them); cfg_* register outputs; stat_inc[NSTAT] one-cycle
//   pulses, one per counter (STAT i of the map).
// Errors: a write with wstrb != 0xf or to a read-only / unmapped address: SLVERR, no effect,
//   counted in STAT 12 (csr_err); an unmapped read: SLVERR, data 0.
// Latency: reads 4 cycles after AR (axil_reg_if_pipe RD_LATENCY 3); writes apply 1 cycle after
//   AW/W. Counters: an event is visible to a read from 3 cycles after its pulse.
module nic_top_csr #(
    parameter N_VN  = 2,
    parameter NQ    = 16,
    parameter NE    = 16,
    parameter NSTAT = 14
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [11:0]      s_axil_awaddr,
    input  wire             s_axil_awvalid,
    output wire             s_axil_awready,
    input  wire [31:0]      s_axil_wdata,
    input  wire [3:0]       s_axil_wstrb,
    input  wire             s_axil_wvalid,
    output wire             s_axil_wready,
    output wire [1:0]       s_axil_bresp,
    output wire             s_axil_bvalid,
    input  wire             s_axil_bready,
    input  wire [11:0]      s_axil_araddr,
    input  wire             s_axil_arvalid,
    output wire             s_axil_arready,
    output wire [31:0]      s_axil_rdata,
    output wire [1:0]       s_axil_rresp,
    output wire             s_axil_rvalid,
    input  wire             s_axil_rready,
    output reg  [15:0]      cfg_nid,
    output reg  [3:0]       cfg_pmtu_log2,
    output reg  [47:0]      cfg_src_mac,
    output reg  [47:0]      cfg_dst_mac_base,
    output reg  [31:0]      cfg_src_ip,
    output reg  [31:0]      cfg_dst_ip_base,
    output reg  [7:0]       cfg_tos,
    output reg  [7:0]       cfg_ttl,
    input  wire [NSTAT-2:0] stat_inc       // every counter but csr_err (index 12), packed
);
`include "nic_top_regs.vh"

    wire        reg_wr_en;
    wire [11:0] reg_wr_addr;
    wire [31:0] reg_wr_data;
    wire [3:0]  reg_wr_strb;
    wire [11:0] reg_rd_addr;
    wire [2:0]  rd_stage;
    wire        rd_stat;
    reg  [31:0] rd_dat_reg;
    reg         rd_err_reg;

    wire [11:0] wa = reg_wr_addr;
    wire wr_cfg = wa == NT_NID_ADDR || wa == NT_PMTU_ADDR || wa == NT_SRC_MAC_LO_ADDR ||
                  wa == NT_SRC_MAC_HI_ADDR || wa == NT_DST_MAC_LO_ADDR || wa == NT_DST_MAC_HI_ADDR ||
                  wa == NT_SRC_IP_ADDR || wa == NT_DST_IP_ADDR || wa == NT_TOS_TTL_ADDR;
    wire csr_err_ev = reg_wr_en && (reg_wr_strb != 4'hf || !wr_cfg);

    // counters: STAT 12 is csr_err, the others come in packed (index >= 12 shifted by one)
    axil_csr_front #(.ADDR_W(12), .NSTAT(NSTAT), .STAT_ADDR({20'd0, NT_STAT_ADDR})) u_front (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(csr_err_ev),
        .reg_rd_addr(reg_rd_addr), .rd_stage(rd_stage), .rd_data(rd_dat_reg), .rd_err(rd_err_reg),
        .stat_inc({stat_inc[NSTAT-2:12], csr_err_ev, stat_inc[11:0]}), .rd_stat(rd_stat)
    );

    wire w = reg_wr_en && reg_wr_strb == 4'hf;
    wire [31:0] d = reg_wr_data;
    always @(posedge clk) begin
        if (rst) begin
            cfg_nid          <= NT_NID_NID_RESET;
            cfg_pmtu_log2    <= NT_PMTU_LOG2_RESET;
            cfg_src_mac      <= {NT_SRC_MAC_HI_MAC_RESET, NT_SRC_MAC_LO_MAC_RESET};
            cfg_dst_mac_base <= {NT_DST_MAC_HI_MAC_RESET, NT_DST_MAC_LO_MAC_RESET};
            cfg_src_ip       <= NT_SRC_IP_IP_RESET;
            cfg_dst_ip_base  <= NT_DST_IP_IP_RESET;
            cfg_tos          <= NT_TOS_TTL_TOS_RESET;
            cfg_ttl          <= NT_TOS_TTL_TTL_RESET;
        end else if (w) begin
            if (wa == NT_NID_ADDR)        cfg_nid                <= d[15:0];
            if (wa == NT_PMTU_ADDR)       cfg_pmtu_log2          <= d[3:0];
            if (wa == NT_SRC_MAC_LO_ADDR) cfg_src_mac[31:0]      <= d;
            if (wa == NT_SRC_MAC_HI_ADDR) cfg_src_mac[47:32]     <= d[15:0];
            if (wa == NT_DST_MAC_LO_ADDR) cfg_dst_mac_base[31:0] <= d;
            if (wa == NT_DST_MAC_HI_ADDR) cfg_dst_mac_base[47:32] <= d[15:0];
            if (wa == NT_SRC_IP_ADDR)     cfg_src_ip             <= d;
            if (wa == NT_DST_IP_ADDR)     cfg_dst_ip_base        <= d;
            if (wa == NT_TOS_TTL_ADDR) begin
                cfg_tos <= d[7:0];
                cfg_ttl <= d[15:8];
            end
        end
    end

    // reads: stage 0 decode, stage 1 value
    reg [3:0] rd_code_reg;
    always @(posedge clk) begin
        if (rd_stage[0]) begin
            rd_err_reg    <= 1'b0;
            rd_code_reg   <= 4'd15;
            case (reg_rd_addr)
                NT_ID_ADDR:         rd_code_reg <= 4'd0;
                NT_PARAMS_ADDR:     rd_code_reg <= 4'd1;
                NT_NID_ADDR:        rd_code_reg <= 4'd2;
                NT_PMTU_ADDR:       rd_code_reg <= 4'd3;
                NT_SRC_MAC_LO_ADDR: rd_code_reg <= 4'd4;
                NT_SRC_MAC_HI_ADDR: rd_code_reg <= 4'd5;
                NT_DST_MAC_LO_ADDR: rd_code_reg <= 4'd6;
                NT_DST_MAC_HI_ADDR: rd_code_reg <= 4'd7;
                NT_SRC_IP_ADDR:     rd_code_reg <= 4'd8;
                NT_DST_IP_ADDR:     rd_code_reg <= 4'd9;
                NT_TOS_TTL_ADDR:    rd_code_reg <= 4'd10;
                default:            rd_err_reg  <= !rd_stat;
            endcase
        end
        if (rd_stage[1]) begin
            case (rd_code_reg)
                4'd0:  rd_dat_reg <= NT_ID_ID_RESET;
                4'd1:  rd_dat_reg <= {8'd0, NE[7:0], NQ[7:0], 4'd0, N_VN[3:0]};
                4'd2:  rd_dat_reg <= {16'd0, cfg_nid};
                4'd3:  rd_dat_reg <= {28'd0, cfg_pmtu_log2};
                4'd4:  rd_dat_reg <= cfg_src_mac[31:0];
                4'd5:  rd_dat_reg <= {16'd0, cfg_src_mac[47:32]};
                4'd6:  rd_dat_reg <= cfg_dst_mac_base[31:0];
                4'd7:  rd_dat_reg <= {16'd0, cfg_dst_mac_base[47:32]};
                4'd8:  rd_dat_reg <= cfg_src_ip;
                4'd9:  rd_dat_reg <= cfg_dst_ip_base;
                4'd10: rd_dat_reg <= {16'd0, cfg_ttl, cfg_tos};
                default: rd_dat_reg <= 32'd0;
            endcase
        end
    end
endmodule
`default_nettype wire
