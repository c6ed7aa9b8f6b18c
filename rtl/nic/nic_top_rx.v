`default_nettype none
`timescale 1ns / 1ps
// nic_top_rx: receive join of nic_top: parsed packets of nic_pkt_rx -> nic_rxdma.
//
// Source: docs/nic.md 6 (port joins, row "nic_pkt_rx.m_hdr + m_data -> nic_rxdma.s_hdr + s_data");
// docs/nic.md 3.2 / 3.3 (opcodes, NXH fields); docs/nic_pkt_rx.md 2 (m_hdr / m_data: payload beats
// only for pay_len > 0).
//
// Ports: clk, rst (synchronous, active high).
//   s_hdr   nic_pkt_rx.m_hdr fields used here: opcode, dest_qp (PID), flags (F = bit 3, L = bit 2),
//           vn[2:0], src_nid, msg_len[31:0], offset[31:0], target_addr, msg_id, eq_handle, pay_len.
//   s_data  nic_pkt_rx.m_data {tdata[255:0], tlast} (tkeep is implied by pay_len).
//   m_hdr   nic_rxdma.s_hdr {vn[1:0], pid[23:0], target_addr, msg_len[20:0], offset[20:0],
//           pay_len, first, last, src_nid, msg_id, eq_handle}, registered.
//   m_data  nic_rxdma.s_data {data, last}: the payload of the packets passed on, in order.
// Refused here (header dropped, its payload beats drained, counted; nothing reaches nic_rxdma):
//   opcode 0xC1 (ACK: the reliability receiver of issue 13)  -> ev_ack;
//   vn >= 4, msg_len >= 2^21 or offset >= 2^21 (nic_rxdma's fields are 2 and 21 bits) -> ev_ref.
//   Everything else (vn >= N_VN, lengths, order) is nic_rxdma's to refuse, with its counters.
// Latency: 1 cycle on headers, 0 on data (a FIFO of the per-packet verdicts, DISP_D deep, routes
//   each packet's beats). Throughput: one header per cycle, one beat per cycle.
module nic_top_rx #(
    parameter DISP_D = 8
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          s_hdr_valid,
    output wire          s_hdr_ready,
    input  wire [7:0]    s_hdr_opcode,
    input  wire [23:0]   s_hdr_dest_qp,
    input  wire [3:0]    s_hdr_flags,
    input  wire [2:0]    s_hdr_vn,
    input  wire [15:0]   s_hdr_src_nid,
    input  wire [31:0]   s_hdr_msg_len,
    input  wire [31:0]   s_hdr_offset,
    input  wire [63:0]   s_hdr_target_addr,
    input  wire [15:0]   s_hdr_msg_id,
    input  wire [15:0]   s_hdr_eq_handle,
    input  wire [12:0]   s_hdr_pay_len,
    input  wire [255:0]  s_data_tdata,
    input  wire          s_data_tlast,
    input  wire          s_data_tvalid,
    output wire          s_data_tready,
    output wire          m_hdr_valid,
    input  wire          m_hdr_ready,
    output wire [1:0]    m_hdr_vn,
    output wire [23:0]   m_hdr_pid,
    output wire [63:0]   m_hdr_target_addr,
    output wire [20:0]   m_hdr_msg_len,
    output wire [20:0]   m_hdr_offset,
    output wire [12:0]   m_hdr_pay_len,
    output wire          m_hdr_first,
    output wire          m_hdr_last,
    output wire [15:0]   m_hdr_src_nid,
    output wire [15:0]   m_hdr_msg_id,
    output wire [15:0]   m_hdr_eq_handle,
    output wire          m_data_valid,
    input  wire          m_data_ready,
    output wire [255:0]  m_data_data,
    output wire          m_data_last,
    output wire          ev_ack,
    output wire          ev_ref
);
    localparam [7:0] OP_ACK = 8'hC1;

    wire        is_ack = s_hdr_opcode == OP_ACK;
    wire        is_ref = s_hdr_vn[2] || s_hdr_msg_len[31:21] != 11'd0 || s_hdr_offset[31:21] != 11'd0;
    wire        drop   = is_ack || is_ref;
    wire        dq_ready;
    reg         h_v_reg, ack_reg, ref_reg;
    reg [1:0]   vn_reg;
    reg [23:0]  pid_reg;
    reg [63:0]  ta_reg;
    reg [20:0]  ml_reg, off_reg;
    reg [12:0]  pl_reg;
    reg         first_reg, last_reg;
    reg [15:0]  nid_reg, id_reg, eqh_reg;
    wire        h_free = !h_v_reg || m_hdr_ready;
    assign s_hdr_ready = dq_ready && (drop || h_free);
    wire        h_take = s_hdr_valid && s_hdr_ready;

    always @(posedge clk) begin
        if (rst) begin
            h_v_reg <= 1'b0;
            ack_reg <= 1'b0;
            ref_reg <= 1'b0;
        end else begin
            ack_reg <= h_take && is_ack;
            ref_reg <= h_take && !is_ack && is_ref;
            if (h_take && !drop) h_v_reg <= 1'b1;
            else if (m_hdr_ready) h_v_reg <= 1'b0;
        end
        if (h_take && !drop) begin
            vn_reg    <= s_hdr_vn[1:0];
            pid_reg   <= s_hdr_dest_qp;
            ta_reg    <= s_hdr_target_addr;
            ml_reg    <= s_hdr_msg_len[20:0];
            off_reg   <= s_hdr_offset[20:0];
            pl_reg    <= s_hdr_pay_len;
            first_reg <= s_hdr_flags[3];
            last_reg  <= s_hdr_flags[2];
            nid_reg   <= s_hdr_src_nid;
            id_reg    <= s_hdr_msg_id;
            eqh_reg   <= s_hdr_eq_handle;
        end
    end
    assign m_hdr_valid       = h_v_reg;
    assign m_hdr_vn          = vn_reg;
    assign m_hdr_pid         = pid_reg;
    assign m_hdr_target_addr = ta_reg;
    assign m_hdr_msg_len     = ml_reg;
    assign m_hdr_offset      = off_reg;
    assign m_hdr_pay_len     = pl_reg;
    assign m_hdr_first       = first_reg;
    assign m_hdr_last        = last_reg;
    assign m_hdr_src_nid     = nid_reg;
    assign m_hdr_msg_id      = id_reg;
    assign m_hdr_eq_handle   = eqh_reg;
    assign ev_ack            = ack_reg;
    assign ev_ref            = ref_reg;

    // per-packet verdicts of the packets with payload, in order: 1 = drain its beats
    wire        d_valid, d_drop;
    sync_fifo #(.WIDTH(1), .DEPTH(DISP_D)) u_disp (
        .clk(clk), .rst(rst),
        .s_data(drop), .s_valid(h_take && s_hdr_pay_len != 13'd0), .s_ready(dq_ready),
        .m_data(d_drop), .m_valid(d_valid), .m_ready(d_valid && s_data_tvalid && s_data_tready && s_data_tlast),
        .count()
    );
    assign s_data_tready = d_valid && (d_drop || m_data_ready);
    assign m_data_valid  = d_valid && !d_drop && s_data_tvalid;
    assign m_data_data   = s_data_tdata;
    assign m_data_last   = s_data_tlast;
endmodule
`default_nettype wire
