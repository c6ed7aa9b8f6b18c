`default_nettype none
`timescale 1ns / 1ps
// nic_top_evt: receive completion events of nic_top: nic_rxdma.m_evt -> (fence) -> nic_eq
// reservation -> nic_eq post.
//
// Source: docs/nic.md 6 (ordering: "the event of a VN is released only when the write mux has
// sent every earlier data write"; m_evt -> nic_eq); docs/nic_eq.md 2 (s_msg / m_res / s_post) and
// 3.3 (event layout); seed 003 L132-L140 (reservation at the front, drop with an error).
//
// Ports: clk, rst (synchronous, active high).
//   s_evt  {eq_handle, src_nid, msg_id[15:0], msg_len[20:0], vn[1:0], pid[23:0], status[1:0]}
//          nic_rxdma.m_evt (one per message, after the last beat of its last write was taken).
//   wr_in, wr_out [15:0]  nic_top_wr's counters: the event takes a snapshot of wr_in when it is
//          taken and waits until (wr_out - snapshot) mod 2^16 < 2^15, i.e. every write taken
//          before it has left for the host (at most 2^15 writes in flight: the FIFOs hold far fewer).
//   m_msg  {eq[EQW], kmax = 1, pt = 0} one reservation per event; s_res its answer {code}:
//          0 PROCEED -> m_post {eq, kres 1, n 1, data[223:0]}; 1 FC_DROP / 2 DIS_DROP -> the
//          event is dropped and counted (issue 13 turns the drop into a NAK to the sender).
//   Event payload (event bytes 4..31, docs/nic.md 6): bytes 4-5 src NID, 6-7 msg id, 8-11 msg
//          length, 12-14 target PID, 15 {2'b0, vn[1:0], 2'b0, status[1:0]}, 16-17 EQ handle,
//          18-31 zero.
//   ev_post, ev_fc, ev_dis, ev_bad  one-cycle pulses: posted, FC_DROP, DIS_DROP, EQ handle >= NE
//          (dropped here, never sent to nic_eq).
// Latency: snapshot release + 1 cycle to m_msg, nic_eq's decision, 1 cycle to m_post.
// Throughput: one event at a time (reservation, answer, post): events are one per message.
module nic_top_evt #(
    parameter NE  = 16,
    parameter EQW = 4,
    parameter KW  = 2,
    parameter PT_W = 8
) (
    input  wire            clk,
    input  wire            rst,
    input  wire            s_evt_valid,
    output wire            s_evt_ready,
    input  wire [15:0]     s_evt_eq_handle,
    input  wire [15:0]     s_evt_src_nid,
    input  wire [15:0]     s_evt_msg_id,
    input  wire [20:0]     s_evt_msg_len,
    input  wire [1:0]      s_evt_vn,
    input  wire [23:0]     s_evt_pid,
    input  wire [1:0]      s_evt_status,
    input  wire [15:0]     wr_in,
    input  wire [15:0]     wr_out,
    output wire            m_msg_valid,
    input  wire            m_msg_ready,
    output wire [EQW-1:0]  m_msg_eq,
    output wire [KW-1:0]   m_msg_kmax,
    output wire [PT_W-1:0] m_msg_pt,
    input  wire            s_res_valid,
    output wire            s_res_ready,
    input  wire [1:0]      s_res_code,
    output wire            m_post_valid,
    input  wire            m_post_ready,
    output wire [EQW-1:0]  m_post_eq,
    output wire [KW-1:0]   m_post_kres,
    output wire [KW-1:0]   m_post_n,
    output wire [223:0]    m_post_data,
    output wire            ev_post,
    output wire            ev_fc,
    output wire            ev_dis,
    output wire            ev_bad
);
    localparam FW = 16 + 16 + 16 + 21 + 2 + 24 + 2;

    initial begin
        if (NE > (1 << EQW) || KW < 1) begin
            $error("%m: bad parameters");
            $finish;
        end
    end

    wire          f_valid;
    wire [FW+15:0] f_data;
    reg           f_pop;
    sync_fifo #(.WIDTH(FW + 16), .DEPTH(4)) u_q (
        .clk(clk), .rst(rst),
        .s_data({wr_in, s_evt_eq_handle, s_evt_src_nid, s_evt_msg_id, s_evt_msg_len, s_evt_vn,
                 s_evt_pid, s_evt_status}),
        .s_valid(s_evt_valid), .s_ready(s_evt_ready),
        .m_data(f_data), .m_valid(f_valid), .m_ready(f_pop), .count()
    );
    wire [15:0] snap   = f_data[FW +: 16];
    wire [15:0] eqh    = f_data[FW-1 -: 16];
    wire [15:0] d      = wr_out - snap;
    reg         rel_reg;                  // the head's data writes have all left (registered)

    localparam S_IDLE = 2'd0, S_MSG = 2'd1, S_RES = 2'd2, S_POST = 2'd3;
    reg [1:0]   st_reg;
    reg [EQW-1:0] eq_reg;
    reg [223:0] data_reg;
    reg         post_reg, fc_reg, dis_reg, bad_reg;

    always @(*) f_pop = (st_reg == S_IDLE && f_valid && rel_reg && {16'd0, eqh} >= NE) ||
                        (st_reg == S_RES && s_res_valid && s_res_code != 2'd0) ||
                        (st_reg == S_POST && m_post_ready);

    always @(posedge clk) begin
        if (rst) begin
            st_reg   <= S_IDLE;
            rel_reg  <= 1'b0;
            post_reg <= 1'b0; fc_reg <= 1'b0; dis_reg <= 1'b0; bad_reg <= 1'b0;
        end else begin
            rel_reg  <= f_valid && !f_pop && !d[15];
            post_reg <= st_reg == S_POST && m_post_ready;
            fc_reg   <= st_reg == S_RES && s_res_valid && s_res_code == 2'd1;
            dis_reg  <= st_reg == S_RES && s_res_valid && s_res_code[1];
            bad_reg  <= st_reg == S_IDLE && f_valid && rel_reg && {16'd0, eqh} >= NE;
            case (st_reg)
                S_IDLE: if (f_valid && rel_reg && {16'd0, eqh} < NE) st_reg <= S_MSG;
                S_MSG:  if (m_msg_ready) st_reg <= S_RES;
                S_RES:  if (s_res_valid) st_reg <= s_res_code == 2'd0 ? S_POST : S_IDLE;
                default: if (m_post_ready) st_reg <= S_IDLE;
            endcase
        end
        if (st_reg == S_IDLE) begin
            eq_reg   <= eqh[EQW-1:0];
            // fields: {eq_handle, src_nid, msg_id, msg_len, vn, pid, status}
            data_reg <= {112'd0,
                         eqh,                                   // bytes 16-17
                         2'b00, f_data[27:26], 2'b00, f_data[1:0], // byte 15: vn, status
                         f_data[25:2],                          // bytes 12-14 pid
                         11'd0, f_data[48:28],                  // bytes 8-11 msg_len
                         f_data[64:49],                         // bytes 6-7 msg_id
                         f_data[80:65]};                        // bytes 4-5 src_nid
        end
    end

    assign m_msg_valid  = st_reg == S_MSG;
    assign m_msg_eq     = eq_reg;
    assign m_msg_kmax   = {{(KW-1){1'b0}}, 1'b1};
    assign m_msg_pt     = {PT_W{1'b0}};
    assign s_res_ready  = st_reg == S_RES;
    assign m_post_valid = st_reg == S_POST;
    assign m_post_eq    = eq_reg;
    assign m_post_kres  = {{(KW-1){1'b0}}, 1'b1};
    assign m_post_n     = {{(KW-1){1'b0}}, 1'b1};
    assign m_post_data  = data_reg;
    assign ev_post = post_reg;
    assign ev_fc   = fc_reg;
    assign ev_dis  = dis_reg;
    assign ev_bad  = bad_reg;
endmodule
`default_nettype wire
