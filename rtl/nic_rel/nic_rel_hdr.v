`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rel_hdr: the reliability layer's wire-header builder (block B10 of spec note 003) with the
// logical -> physical NID table (block B2), issue 13. Reference: docs/nic_rel.md 10; C model
// cmodel/nic_ack.{h,c} (nic_rel_hdr_build, nic_b2_*).
//
// Source: spec note 003-nic-app-state.md 2.7 (seed L206-L214: the retransmit entry's field order;
//   on the wire user pointer + MD handle become the 2-byte retransmit handle), B2, B10. Own code.
//
// Ports (one clock, synchronous active-high rst; rst clears only the output valid):
//   cfg_half              the initiator NIC half H (CSR, quasi-static)
//   tbl_we, tbl_waddr[IDX_W], tbl_wdata[16]   B2 table write (CSR style, one per cycle);
//                         IDX_W = JOB_W + RANK_W, index {job, rank}
//   s_req_*  valid/ready  cmd[512] (the 64-byte retransmit command, note 2.7 order from bit 0:
//                         docs/nic_rel.md 10.3), handle[16], seq[SEQ_W], epoch[EPOCH_W], reset
//                         (the tracker's alloc response / retransmit command). s_req_ready =
//                         !m_hdr_valid || m_hdr_ready (combinational from m_hdr_ready).
//   m_hdr_*  valid/ready  the header fields nic_pkt_tx's s_hdr takes (docs/nic.md 4.1), all
//                         registered: msg_len[21] = length[20:0], vn[3] = options[9:7],
//                         dst_nid[16] = table[{job, rank}] of the command's target NID
//                         {job[23:16], rank[15:0]}, msg_id[16] = NIC sequence, eq_handle[16] =
//                         portal index, handle[16], target_addr[64] = target offset (48 bits),
//                         dest_qp[24] = target PID, psn[24] = seq, epoch[EPOCH_W], reset, half,
//                         bad (job >= 2^JOB_W or rank >= 2^RANK_W: the entry of the masked index)
// State: table[2^IDX_W] x 16 bits in block RAM (4 DP16KD at 4,096 entries), not reset: software
//   writes every entry it uses before the first lookup. A write and a lookup in the same cycle:
//   the lookup reads the old entry.
// Pipeline: one stage. The accept edge registers the fields and reads the table (registered RAM
//   output = m_hdr_dst_nid); no logic between the RAM output and the port.
// Latency: accept (cycle 0) -> m_hdr_valid in cycle 1. Throughput: one header per cycle.
// Timing: 125 MHz on ECP5-85 speed 6 (fpga/open/nic_rel.tops line nic_rel_hdr).
// Formal: formal/nic_rel/nic_rel_hdr.sby (B2, B10 echo, handshake; mutants), properties in
//   formal/nic_rel/nic_rel_hdr_props.vh.
module nic_rel_hdr #(
    parameter JOB_W   = 2,    // 1..8
    parameter RANK_W  = 10,   // 1..16
    parameter SEQ_W   = 16,   // <= 24
    parameter EPOCH_W = 32
) (
    input  wire                      clk,
    input  wire                      rst,
    input  wire                      cfg_half,
    input  wire                      tbl_we,
    input  wire [JOB_W+RANK_W-1:0]   tbl_waddr,
    input  wire [15:0]               tbl_wdata,
    input  wire                      s_req_valid,
    output wire                      s_req_ready,
    input  wire [511:0]              s_req_cmd,
    input  wire [15:0]               s_req_handle,
    input  wire [SEQ_W-1:0]          s_req_seq,
    input  wire [EPOCH_W-1:0]        s_req_epoch,
    input  wire                      s_req_reset,
    output wire                      m_hdr_valid,
    input  wire                      m_hdr_ready,
    output wire [20:0]               m_hdr_msg_len,
    output wire [2:0]                m_hdr_vn,
    output wire [15:0]               m_hdr_dst_nid,
    output wire [15:0]               m_hdr_msg_id,
    output wire [15:0]               m_hdr_eq_handle,
    output wire [15:0]               m_hdr_handle,
    output wire [63:0]               m_hdr_target_addr,
    output wire [23:0]               m_hdr_dest_qp,
    output wire [23:0]               m_hdr_psn,
    output wire [EPOCH_W-1:0]        m_hdr_epoch,
    output wire                      m_hdr_reset,
    output wire                      m_hdr_half,
    output wire                      m_hdr_bad
);
    localparam IDX_W = JOB_W + RANK_W;

    // ---- command fields (note 2.7 order from bit 0; docs/nic_rel.md 10.3)
    wire [20:0] c_len    = s_req_cmd[20:0];      // length 31:0, upper bits not carried (A6)
    wire [2:0]  c_vn     = s_req_cmd[41:39];     // options 47:32 = {flags[15:10], vn[9:7], pio[6], opcode[5:0]}
    wire [7:0]  c_job    = s_req_cmd[71:64];     // target NID 71:48 = {job, rank}
    wire [15:0] c_rank   = s_req_cmd[63:48];
    wire [15:0] c_pid    = s_req_cmd[87:72];     // target PID
    wire [7:0]  c_ptl    = s_req_cmd[279:272];   // portal index
    wire [47:0] c_toff   = s_req_cmd[335:288];   // target offset
    wire [15:0] c_nseq   = s_req_cmd[511:496];   // NIC sequence
    // the rest (MD handle, E2E header, initiator start, user pointer, ...) is not on the wire
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_cmd = ^{s_req_cmd[495:336], s_req_cmd[287:280], s_req_cmd[271:88], s_req_cmd[47:42], s_req_cmd[38:21]};
    /* verilator lint_on UNUSEDSIGNAL */

    wire [IDX_W-1:0] c_idx = {c_job[JOB_W-1:0], c_rank[RANK_W-1:0]};
    wire c_bad;
    generate
        if (JOB_W < 8 && RANK_W < 16) begin : g_bad_both
            assign c_bad = (|c_job[7:JOB_W]) | (|c_rank[15:RANK_W]);
        end else if (JOB_W < 8) begin : g_bad_job
            assign c_bad = |c_job[7:JOB_W];
        end else if (RANK_W < 16) begin : g_bad_rank
            assign c_bad = |c_rank[15:RANK_W];
        end else begin : g_bad_none
            assign c_bad = 1'b0;
        end
    endgenerate

    // ---- B2 table (block RAM, no reset)
    reg [15:0] tbl [0:(1<<IDX_W)-1];
    reg [15:0] nid_q_reg;

    wire adv = !m_valid_reg || m_hdr_ready;
    wire acc = s_req_valid && adv;

    always @(posedge clk) begin
        if (tbl_we) tbl[tbl_waddr] <= tbl_wdata;
        if (acc) nid_q_reg <= tbl[c_idx];
    end

    // ---- output registers
    reg              m_valid_reg, m_valid_next;
    reg [20:0]       len_reg;
    reg [2:0]        vn_reg;
    reg [15:0]       msg_id_reg, eq_reg, handle_reg;
    reg [47:0]       toff_reg;
    reg [15:0]       pid_reg;
    reg [SEQ_W-1:0]  seq_reg;
    reg [EPOCH_W-1:0] epoch_reg;
    reg              reset_reg, half_reg, bad_reg;

    always @* begin
        m_valid_next = m_valid_reg;
        if (adv) m_valid_next = s_req_valid;
    end

    always @(posedge clk) begin
        if (acc) begin
            len_reg    <= c_len;
            vn_reg     <= c_vn;
            msg_id_reg <= c_nseq;
            eq_reg     <= {8'd0, c_ptl};
            handle_reg <= s_req_handle;
            toff_reg   <= c_toff;
            pid_reg    <= c_pid;
            seq_reg    <= s_req_seq;
            epoch_reg  <= s_req_epoch;
            reset_reg  <= s_req_reset;
            half_reg   <= cfg_half;
            bad_reg    <= c_bad;
        end
        m_valid_reg <= m_valid_next;
        if (rst) m_valid_reg <= 1'b0;
    end

    assign s_req_ready       = adv;
    assign m_hdr_valid       = m_valid_reg;
    assign m_hdr_msg_len     = len_reg;
    assign m_hdr_vn          = vn_reg;
    assign m_hdr_dst_nid     = nid_q_reg;
    assign m_hdr_msg_id      = msg_id_reg;
    assign m_hdr_eq_handle   = eq_reg;
    assign m_hdr_handle      = handle_reg;
    assign m_hdr_target_addr = {16'd0, toff_reg};
    assign m_hdr_dest_qp     = {8'd0, pid_reg};
    assign m_hdr_psn         = {{(24-SEQ_W){1'b0}}, seq_reg};
    assign m_hdr_epoch       = epoch_reg;
    assign m_hdr_reset       = reset_reg;
    assign m_hdr_half        = half_reg;
    assign m_hdr_bad         = bad_reg;

`ifdef FORMAL
`include "nic_rel_hdr_props.vh"
`endif
endmodule

`resetall
