`default_nettype none
`timescale 1ns / 1ps
// nic_top_cmd: command decode of nic_top: the 64-byte command of nic_cmdq -> a TX DMA command
// for nic_txdma and, per VN in the same order, the packet fields the framer needs.
//
// Source: docs/nic.md 6 (port joins, first two rows); command layout docs/nic_cmdq.md 2; seed
// 003 L28-L38 / note 2.1 (commands enter per queue, the DMA engine serves them per VN).
//
// Ports: clk, rst (synchronous, active high).
//   s_cmd  {data[511:0], pid[PIDW-1:0] (queue owner), vn[1:0] (queue VN)}   from nic_cmdq.m_cmd
//   m_dma  {vn[1:0], addr[63:0], len[20:0], dest_nid[15:0], msg_id[15:0]}  to nic_txdma.s_cmd;
//          addr = {4'b0, pid[11:0], VA[47:0]}: the owner PID rides in address bits 59:48 through
//          nic_txdma (whose adders never carry into bit 48: the decode refuses messages that end
//          above 2^47), and the read translation takes it back out (nic_top_txrd).
//   m_fld  {vn, target_addr[63:0] (bits 255:192), dest_qp[23:0] (target PID 63:48),
//          eq_handle[15:0] (bits 271:256)}: pushed together with the m_dma handshake into the
//          per-VN field FIFO; the command is held until that VN's FIFO has room (fld_ready[vn]).
//   ev_ok, ev_refused   one-cycle pulses per accepted / refused command (counters of nic_top).
// Refused (taken, counted, nothing sent): length (bits 103:64) 0 or > 1 MiB; VA (191:128) not
//   32-byte aligned (nic_txdma has no funnel shifter); VA >= 2^47 or VA + len > 2^47 (not in the
//   canonical lower half); queue VN >= N_VN. These are exactly nic_txdma's refusals and more, so
//   the engine never refuses a command the field FIFO has seen (the join stays aligned).
// msg_id: a counter of accepted commands, from 0, wrapping at 2^16.
// Latency: 2 cycles (s_cmd accept -> m_dma valid). Throughput: one command per cycle while
//   m_dma is ready (nic_txdma takes one per 2 cycles).
module nic_top_cmd #(
    parameter N_VN = 2,
    parameter PIDW = 12
) (
    input  wire           clk,
    input  wire           rst,
    input  wire           s_cmd_valid,
    output wire           s_cmd_ready,
    input  wire [511:0]   s_cmd_data,
    input  wire [PIDW-1:0] s_cmd_pid,
    input  wire [1:0]     s_cmd_vn,
    output wire           m_dma_valid,
    input  wire           m_dma_ready,
    output wire [1:0]     m_dma_vn,
    output wire [63:0]    m_dma_addr,
    output wire [20:0]    m_dma_len,
    output wire [15:0]    m_dma_dest_nid,
    output wire [15:0]    m_dma_msg_id,
    output wire [63:0]    m_fld_target_addr,
    output wire [23:0]    m_fld_dest_qp,
    output wire [15:0]    m_fld_eq_handle,
    input  wire [N_VN-1:0] fld_ready,
    output wire           ev_ok,
    output wire           ev_refused
);
    initial begin
        if (N_VN < 1 || N_VN > 4 || PIDW > 12 || PIDW < 1) begin
            $error("%m: bad parameters");
            $finish;
        end
    end

    // stage 1: the raw fields and the checks without an adder
    reg         v1_reg, bad1_reg;
    reg [1:0]   vn1_reg;
    reg [46:0]  va1_reg;
    reg [20:0]  len1_reg;
    reg [15:0]  nid1_reg, qp1_reg, eq1_reg;
    reg [63:0]  ta1_reg;
    reg [11:0]  pid1_reg;
    // stage 2: the decoded command
    reg         v2_reg;
    reg [1:0]   vn2_reg;
    reg [63:0]  addr2_reg;
    reg [20:0]  len2_reg;
    reg [15:0]  nid2_reg, qp2_reg, eq2_reg, id2_reg;
    reg [63:0]  ta2_reg;
    reg         ok_reg, ref_reg;

    wire [39:0] len_w  = s_cmd_data[103:64];
    wire [63:0] va_w   = s_cmd_data[191:128];
    wire        bad_w  = len_w == 40'd0 || len_w > 40'h10_0000 || va_w[4:0] != 5'd0 ||
                         va_w[63:47] != 17'd0 || {30'd0, s_cmd_vn} >= N_VN;
    wire [47:0] end1   = {1'b0, va1_reg} + {27'd0, len1_reg};
    wire        bad2   = bad1_reg || (end1[47] && end1[46:0] != 47'd0);

    wire        take2  = m_dma_valid && m_dma_ready;
    wire        free2  = !v2_reg || take2;
    wire        adv1   = v1_reg && (bad2 || free2);
    assign s_cmd_ready = !v1_reg || adv1;

    always @(posedge clk) begin
        if (rst) begin
            v1_reg <= 1'b0;
            v2_reg <= 1'b0;
            id2_reg <= 16'hffff;
            ok_reg <= 1'b0;
            ref_reg <= 1'b0;
        end else begin
            ok_reg  <= take2;
            ref_reg <= adv1 && bad2;
            if (s_cmd_valid && s_cmd_ready) begin
                v1_reg   <= 1'b1;
                bad1_reg <= bad_w;
                vn1_reg  <= s_cmd_vn;
                va1_reg  <= va_w[46:0];
                len1_reg <= len_w[20:0];
                nid1_reg <= s_cmd_data[127:112];
                qp1_reg  <= s_cmd_data[63:48];
                eq1_reg  <= s_cmd_data[271:256];
                ta1_reg  <= s_cmd_data[255:192];
                pid1_reg <= {{(12-PIDW){1'b0}}, s_cmd_pid};
            end else if (adv1) begin
                v1_reg <= 1'b0;
            end
            if (take2) v2_reg <= 1'b0;
            if (adv1 && !bad2) begin
                v2_reg    <= 1'b1;
                vn2_reg   <= vn1_reg;
                addr2_reg <= {4'd0, pid1_reg, 1'b0, va1_reg};
                len2_reg  <= len1_reg;
                nid2_reg  <= nid1_reg;
                qp2_reg   <= qp1_reg;
                eq2_reg   <= eq1_reg;
                ta2_reg   <= ta1_reg;
                id2_reg   <= id2_reg + 16'd1;
            end
        end
    end

    assign m_dma_valid       = v2_reg && fld_ready[vn2_reg];
    assign m_dma_vn          = vn2_reg;
    assign m_dma_addr        = addr2_reg;
    assign m_dma_len         = len2_reg;
    assign m_dma_dest_nid    = nid2_reg;
    assign m_dma_msg_id      = id2_reg;
    assign m_fld_target_addr = ta2_reg;
    assign m_fld_dest_qp     = {8'd0, qp2_reg};
    assign m_fld_eq_handle   = eq2_reg;
    assign ev_ok             = ok_reg;
    assign ev_refused        = ref_reg;
endmodule
`default_nettype wire
