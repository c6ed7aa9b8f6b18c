// session_sel_replay: Icarus Verilog vector replay of session_sel (second simulator).
//
// The Verilator lockstep run (tb/session_sel, --scenario random --vectors DIR) writes, for every
// clock cycle, every input pin of session_sel to DIR/stim.hex, the handshake output pins as
// Verilator saw them to DIR/outs.hex, and, for every output transaction, the C model's expected
// value to DIR/exp_{desc,rx,rd}.hex. This bench (the common part in tb/common/replay.vh) applies the
// same pin values cycle by cycle, checks every handshake pin every cycle out of reset
// (cycle-exact), and compares each m_desc / m_rx / read data handshake with the model's next line.
// It prints "N passed, N failed" and stops with $fatal on the first mismatch. Parameters: the
// defaults of session_sel (8 sessions, 4 groups, 16 QPs), as the lockstep build.
//
// stim.hex line (hex, most significant field first): rst, awvalid, awaddr[15:0], wvalid,
//   wdata[31:0], wstrb[3:0], bready, arvalid, araddr[15:0], rready, desc_valid, desc_qp[7:0],
//   desc_dest_qpn[23:0], desc_key[31:0], desc_first, desc_len[15:0], m_desc_ready, fb_valid,
//   fb_type[1:0], fb_group[3:0], fb_sess[3:0], fb_value[15:0], rx_valid, rx_src_ip[31:0],
//   rx_dst_ip[31:0], rx_sport[15:0], rx_dport[15:0], m_rx_ready            (282 bits)
// outs.hex line: awready, wready, bvalid, bresp[1:0] (0 unless bvalid), arready, rvalid,
//   s_desc_ready, m_desc_valid, s_rx_ready, m_rx_valid, s_fb_ready         (12 bits)
// exp_desc.hex: qp group sess status sport dport src_ip dst_ip tos dest_qpn key first len
// exp_rx.hex: hit group sess qpn; exp_rd.hex: rdata rresp
`timescale 1ns/1ps
`default_nettype none
module session_sel_replay;
    parameter DIR = "build/vectors/session_sel";
    localparam NS = 8, NG = 4, NQ = 16;
    localparam SW = 3, GW = 2, QW = 4;
    localparam VW = 282;
    localparam REPLAY_DUT = "session_sel", REPLAY_PINS_W = 12, REPLAY_AXIL_AW = 16;
    localparam REPLAY_PINS = "awready wready bvalid bresp arready rvalid desc_ready mdesc_valid rx_ready mrx_valid fb_ready";
`include "replay.vh"

    reg [VW-1:0] v;
    wire rst, desc_valid, desc_first, mdesc_ready;
    wire fb_valid, rx_valid, mrx_ready;
    wire [15:0] desc_len, fb_value, rx_sport, rx_dport;
    wire [31:0] desc_key, rx_src, rx_dst;
    wire [3:0]  fb_group, fb_sess;
    wire [7:0]  desc_qp;
    wire [23:0] desc_dqpn;
    wire [1:0]  fb_type;
    assign {rst, awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready,
            desc_valid, desc_qp, desc_dqpn, desc_key, desc_first, desc_len, mdesc_ready,
            fb_valid, fb_type, fb_group, fb_sess, fb_value,
            rx_valid, rx_src, rx_dst, rx_sport, rx_dport, mrx_ready} = v;

    wire desc_ready, mdesc_valid, rx_ready, mrx_valid;
    wire fb_ready, irq, o_first, rx_hit;
    wire [1:0] o_status;
    wire [31:0] o_sip, o_dip, o_key;
    wire [QW-1:0] o_qp;
    wire [GW-1:0] o_group, rx_group;
    wire [SW-1:0] o_sess, rx_sess;
    wire [15:0] o_sport, o_dport, o_len;
    wire [7:0] o_tos;
    wire [23:0] o_dqpn, rx_qpn;

    session_sel #(.MAX_SESSIONS(NS), .NUM_GROUPS(NG), .NUM_QPS(NQ)) dut (
        .clk(clk), .rst(rst),
        .s_desc_valid(desc_valid), .s_desc_ready(desc_ready), .s_desc_qp(desc_qp[QW-1:0]),
        .s_desc_dest_qpn(desc_dqpn), .s_desc_key(desc_key), .s_desc_first(desc_first),
        .s_desc_len(desc_len),
        .m_desc_valid(mdesc_valid), .m_desc_ready(mdesc_ready), .m_desc_qp(o_qp),
        .m_desc_group(o_group), .m_desc_sess(o_sess), .m_desc_status(o_status),
        .m_desc_sport(o_sport), .m_desc_dport(o_dport), .m_desc_src_ip(o_sip),
        .m_desc_dst_ip(o_dip), .m_desc_tos(o_tos), .m_desc_dest_qpn(o_dqpn), .m_desc_key(o_key),
        .m_desc_first(o_first), .m_desc_len(o_len),
        .s_fb_valid(fb_valid), .s_fb_ready(fb_ready), .s_fb_type(fb_type),
        .s_fb_group(fb_group[GW-1:0]), .s_fb_sess(fb_sess[SW-1:0]), .s_fb_value(fb_value),
        .s_rx_valid(rx_valid), .s_rx_ready(rx_ready), .s_rx_src_ip(rx_src), .s_rx_dst_ip(rx_dst),
        .s_rx_sport(rx_sport), .s_rx_dport(rx_dport),
        .m_rx_valid(mrx_valid), .m_rx_ready(mrx_ready), .m_rx_hit(rx_hit), .m_rx_group(rx_group),
        .m_rx_sess(rx_sess), .m_rx_qpn(rx_qpn), .irq(irq),
        `REPLAY_AXIL_PORTS
    );

    wire [11:0] outs = {awready, wready, bvalid, (bvalid ? bresp : 2'b00), arready, rvalid,
                        desc_ready, mdesc_valid, rx_ready, mrx_valid, fb_ready};
    integer fd, fx, frd;
    reg [31:0] e_qp, e_group, e_sess, e_status, e_sport, e_dport, e_sip, e_dip, e_tos, e_dqpn;
    reg [31:0] e_key, e_first, e_len, e_hit, e_rgroup, e_rsess, e_qpn;

    task replay_setup;
        begin
            fd  = replay_open("exp_desc.hex");
            fx  = replay_open("exp_rx.hex");
            frd = replay_open("exp_rd.hex");
        end
    endtask

    task replay_cycle;
        begin
            if (!rst && mdesc_valid && mdesc_ready) begin
                r = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h\n", e_qp, e_group, e_sess,
                            e_status, e_sport, e_dport, e_sip, e_dip, e_tos, e_dqpn, e_key, e_first, e_len);
                if (r != 13 || e_qp[QW-1:0] !== o_qp || e_group[GW-1:0] !== o_group ||
                    e_sess[SW-1:0] !== o_sess || e_status[1:0] !== o_status || e_sport[15:0] !== o_sport ||
                    e_dport[15:0] !== o_dport || e_sip !== o_sip || e_dip !== o_dip || e_tos[7:0] !== o_tos ||
                    e_dqpn[23:0] !== o_dqpn || e_key !== o_key || e_first[0] !== o_first || e_len[15:0] !== o_len) begin
                    $display("  expected qp %h group %h sess %h status %h sport %h dport %h sip %h dip %h tos %h dqpn %h key %h first %h len %h",
                             e_qp, e_group, e_sess, e_status, e_sport, e_dport, e_sip, e_dip, e_tos, e_dqpn, e_key, e_first, e_len);
                    $display("  actual   qp %h group %h sess %h status %h sport %h dport %h sip %h dip %h tos %h dqpn %h key %h first %h len %h",
                             o_qp, o_group, o_sess, o_status, o_sport, o_dport, o_sip, o_dip, o_tos, o_dqpn, o_key, o_first, o_len);
                    fail("m_desc");
                end
                else passed = passed + 1;
            end
            if (!rst && mrx_valid && mrx_ready) begin
                r = $fscanf(fx, "%h %h %h %h\n", e_hit, e_rgroup, e_rsess, e_qpn);
                if (r != 4 || e_hit[0] !== rx_hit || e_rgroup[GW-1:0] !== rx_group ||
                    e_rsess[SW-1:0] !== rx_sess || e_qpn[23:0] !== rx_qpn) begin
                    $display("  expected %h %h %h %h, actual %h %h %h %h", e_hit, e_rgroup, e_rsess, e_qpn,
                             rx_hit, rx_group, rx_sess, rx_qpn);
                    fail("m_rx");
                end
                else passed = passed + 1;
            end
            replay_axil_r(frd, !rst && rvalid && rready);
        end
    endtask
endmodule
`default_nettype wire
