// nic_pkt_rx_replay: Icarus Verilog vector replay of nic_pkt_rx (second simulator).
//
// The Verilator lockstep run (tb/nic/tb_nic_pkt_rx --scenario random --vectors DIR) writes every
// input pin of nic_pkt_rx per cycle, reset included (stim.hex), the handshake output pins as
// Verilator saw them (outs.hex) and, per output transaction, the C model's expected value (as the
// scoreboard compared it) to DIR/exp_{hdr,data,csr}.hex. This bench (the common part in
// tb/common/replay.vh) applies the pins cycle by cycle, checks every handshake pin every cycle out of
// reset (cycle-exact), and compares each m_hdr word, each m_data beat (bytes under tkeep) and each
// AXI4-Lite read with the model's next line of that port. It prints "N passed, N failed" and stops
// with $fatal on the first mismatch. Parameters: the RTL defaults (the lab size).
//
// stim.hex line (one per cycle; 358 bits), most significant first:
//   rst 1, s_axis_tvalid 1, s_axis_tlast 1, s_axis_tkeep 32, s_axis_tdata 256, m_hdr_ready 1,
//   m_data_tready 1, s_axil_awvalid 1, s_axil_awaddr 12, s_axil_wvalid 1, s_axil_wdata 32,
//   s_axil_wstrb 4, s_axil_bready 1, s_axil_arvalid 1, s_axil_araddr 12, s_axil_rready 1
// outs.hex line (one per cycle; 10 bits): s_axis_tready, m_hdr_valid, m_data_tvalid,
//   s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_bresp[1:0] (00 unless bvalid),
//   s_axil_arready, s_axil_rvalid
// exp_hdr.hex line (per m_hdr handshake): the 493-bit word in port order (opcode first ... pay_len)
// exp_data.hex line (per m_data handshake): tlast 1, tkeep 32, tdata 256 (bytes beyond tkeep 0)
// exp_csr.hex line (per R handshake): rdata rresp
`timescale 1ns/1ps
`default_nettype none
module nic_pkt_rx_replay;
    parameter DIR = "build/vectors/nic_pkt_rx";
    localparam VW = 1 + 1 + 1 + 32 + 256 + 1 + 1 + 1 + 12 + 1 + 32 + 4 + 1 + 1 + 12 + 1;
    localparam REPLAY_DUT = "nic_pkt_rx", REPLAY_PINS_W = 10, REPLAY_AXIL_AW = 12;
    localparam REPLAY_PINS = "tready hdr_valid data_valid awready wready bvalid bresp arready rvalid";
`include "replay.vh"

    reg [VW-1:0] v;
    wire rst, tvalid, tlast, hdr_ready, data_ready;
    wire [31:0] tkeep;
    wire [255:0] tdata;
    assign {rst, tvalid, tlast, tkeep, tdata, hdr_ready, data_ready, awvalid, awaddr, wvalid, wdata, wstrb,
            bready, arvalid, araddr, rready} = v;

    wire tready, hdr_valid, data_valid, data_last;
    wire [31:0] data_keep;
    wire [255:0] data_data;
    wire [7:0] opcode;
    wire [23:0] psn, dest_qp;
    wire ack_req;
    wire [47:0] dst_mac, src_mac;
    wire [31:0] src_ip, dst_ip, epoch, msg_len, offset;
    wire [15:0] udp_sport, src_nid, dst_nid, handle, msg_id, eq_handle;
    wire [3:0] flags;
    wire [2:0] vn;
    wire [63:0] target_addr;
    wire [12:0] pay_len;
    wire [492:0] hdr = {opcode, psn, dest_qp, ack_req, dst_mac, src_mac, src_ip, dst_ip, udp_sport, flags, vn,
                        src_nid, dst_nid, handle, epoch, msg_len, offset, target_addr, msg_id, eq_handle, pay_len};

    nic_pkt_rx dut (
        .clk(clk), .rst(rst),
        .s_axis_tdata(tdata), .s_axis_tkeep(tkeep), .s_axis_tlast(tlast), .s_axis_tvalid(tvalid),
        .s_axis_tready(tready),
        .m_hdr_valid(hdr_valid), .m_hdr_ready(hdr_ready), .m_hdr_opcode(opcode), .m_hdr_psn(psn),
        .m_hdr_dest_qp(dest_qp), .m_hdr_ack_req(ack_req), .m_hdr_dst_mac(dst_mac), .m_hdr_src_mac(src_mac),
        .m_hdr_src_ip(src_ip), .m_hdr_dst_ip(dst_ip), .m_hdr_udp_sport(udp_sport), .m_hdr_flags(flags),
        .m_hdr_vn(vn), .m_hdr_src_nid(src_nid), .m_hdr_dst_nid(dst_nid), .m_hdr_handle(handle),
        .m_hdr_epoch(epoch), .m_hdr_msg_len(msg_len), .m_hdr_offset(offset), .m_hdr_target_addr(target_addr),
        .m_hdr_msg_id(msg_id), .m_hdr_eq_handle(eq_handle), .m_hdr_pay_len(pay_len),
        .m_data_tdata(data_data), .m_data_tkeep(data_keep), .m_data_tlast(data_last),
        .m_data_tvalid(data_valid), .m_data_tready(data_ready),
        `REPLAY_AXIL_PORTS
    );

    wire [9:0] outs = {tready, hdr_valid, data_valid, awready, wready, bvalid, (bvalid ? bresp : 2'b00),
                       arready, rvalid};
    integer fh, fd, fc, i;
    reg [492:0] e_hdr;
    reg [288:0] e_beat;
    reg [255:0] masked;

    task replay_setup;
        begin
            if (dut.BUF_LOG2 != 9 || dut.HQ_LOG2 != 3)
                $fatal(1, "nic_pkt_rx_replay: the bench assumes the RTL defaults (BUF_LOG2 9, HQ_LOG2 3)");
            fh = replay_open("exp_hdr.hex");
            fd = replay_open("exp_data.hex");
            fc = replay_open("exp_csr.hex");
        end
    endtask

    task replay_cycle;
        begin
            if (!rst && hdr_valid && hdr_ready) begin
                r = $fscanf(fh, "%h\n", e_hdr);
                if (r != 1 || e_hdr !== hdr) begin
                    $display("  expected %h\n  actual   %h", e_hdr, hdr);
                    fail("m_hdr");
                end
                else passed = passed + 1;
            end
            if (!rst && data_valid && data_ready) begin
                r = $fscanf(fd, "%h\n", e_beat);
                for (i = 0; i < 32; i = i + 1)
                    masked[8*i +: 8] = data_keep[i] ? data_data[8*i +: 8] : 8'h00;
                if (r != 1 || e_beat !== {data_last, data_keep, masked}) begin
                    $display("  expected %h\n  actual   %h", e_beat, {data_last, data_keep, masked});
                    fail("m_data");
                end
                else passed = passed + 1;
            end
            replay_axil_r(fc, !rst && rvalid && rready);
        end
    endtask
endmodule
`default_nettype wire
