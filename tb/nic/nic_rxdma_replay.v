// nic_rxdma_replay: Icarus Verilog vector replay of nic_rxdma (second simulator).
//
// The Verilator lockstep run (tb/nic/tb_nic_rxdma --scenario random --vectors DIR) writes every
// input pin of nic_rxdma per cycle (stim.hex), the handshake output pins as Verilator saw them
// (outs.hex) and, per output transaction, the C model's expected value (as the lockstep testbench
// compared it) to DIR/exp_{wr,cr,evt,csr,b}.hex. This bench (the common part in
// tb/common/replay.vh) applies the pins cycle by cycle, checks every handshake pin every cycle out of
// reset (cycle-exact), and compares each m_dma_wr beat / m_credit return / m_evt / AXI4-Lite read /
// AXI4-Lite write handshake with the model's next line of that port. It prints "N passed, N failed"
// and stops with $fatal on the first mismatch. Parameters: the RTL defaults (N_VN 4, LINES 1024;
// RD_PSET empty).
//
// stim.hex line (one per cycle; 522 bits, 131 hex digits), most significant first:
//   rst 1, s_hdr_valid 1, s_hdr_vn 2, s_hdr_pid 24, s_hdr_target_addr 64, s_hdr_msg_len 21,
//   s_hdr_offset 21, s_hdr_pay_len 13, s_hdr_first 1, s_hdr_last 1, s_hdr_src_nid 16, s_hdr_msg_id 16,
//   s_hdr_eq_handle 16, s_data_valid 1, s_data_data 256, s_data_last 1, m_dma_wr_ready 1,
//   m_evt_ready 1, s_axil_awvalid 1, s_axil_awaddr 12, s_axil_wvalid 1, s_axil_wdata 32,
//   s_axil_wstrb 4, s_axil_bready 1, s_axil_arvalid 1, s_axil_araddr 12, s_axil_rready 1
// outs.hex line (one per cycle; 12 bits): s_hdr_ready, s_data_ready, m_dma_wr_valid, m_evt_valid,
//   m_credit_valid, s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_bresp[1:0] (00 unless
//   bvalid), s_axil_arready, s_axil_rvalid
// exp_wr.hex line (per m_dma_wr handshake): addr len last pid data (64 hex digits, byte 31 first)
// exp_cr.hex line (per cycle with m_credit_valid: no ready): vc n
// exp_evt.hex line (per m_evt handshake): eq_handle src_nid msg_id msg_len vn pid status
// exp_csr.hex line (per R handshake): rdata rresp;  exp_b.hex line (per B handshake): bresp
`timescale 1ns/1ps
`default_nettype none
module nic_rxdma_replay;
    parameter DIR = "build/vectors/nic_rxdma";
    localparam N_VN = 4, LINES = 1024;   // the RTL defaults (checked below)
    localparam VW = 1 + 1 + 2 + 24 + 64 + 21 + 21 + 13 + 1 + 1 + 16 + 16 + 16 + 1 + 256 + 1 + 1 + 1 +
                    1 + 12 + 1 + 32 + 4 + 1 + 1 + 12 + 1;
    localparam REPLAY_DUT = "nic_rxdma", REPLAY_PINS_W = 12, REPLAY_AXIL_AW = 12;
    localparam REPLAY_PINS = "hdr_ready data_ready wr_valid evt_valid credit_valid awready wready bvalid bresp arready rvalid";
`include "replay.vh"

    reg [VW-1:0] v;
    wire rst, hdr_valid, hdr_first, hdr_last, dat_valid, dat_last, wr_ready, evt_ready;
    wire [1:0] hdr_vn;
    wire [23:0] hdr_pid;
    wire [63:0] hdr_addr;
    wire [20:0] hdr_mlen, hdr_off;
    wire [12:0] hdr_plen;
    wire [15:0] hdr_src, hdr_mid, hdr_eqh;
    wire [255:0] dat_data;
    assign {rst, hdr_valid, hdr_vn, hdr_pid, hdr_addr, hdr_mlen, hdr_off, hdr_plen, hdr_first, hdr_last,
            hdr_src, hdr_mid, hdr_eqh, dat_valid, dat_data, dat_last, wr_ready, evt_ready,
            awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready} = v;

    wire hdr_ready, dat_ready, wr_valid, wr_last, evt_valid, cr_valid;
    wire [1:0] evt_vn, evt_status, cr_vc;
    wire [63:0] wr_addr;
    wire [12:0] wr_len;
    wire [255:0] wr_data;
    wire [23:0] wr_pid, evt_pid;
    wire [15:0] evt_eqh, evt_src, evt_mid;
    wire [20:0] evt_mlen;
    wire [7:0] cr_n;

    nic_rxdma dut (
        .clk(clk), .rst(rst),
        .s_hdr_valid(hdr_valid), .s_hdr_ready(hdr_ready), .s_hdr_vn(hdr_vn), .s_hdr_pid(hdr_pid),
        .s_hdr_target_addr(hdr_addr), .s_hdr_msg_len(hdr_mlen), .s_hdr_offset(hdr_off),
        .s_hdr_pay_len(hdr_plen), .s_hdr_first(hdr_first), .s_hdr_last(hdr_last),
        .s_hdr_src_nid(hdr_src), .s_hdr_msg_id(hdr_mid), .s_hdr_eq_handle(hdr_eqh),
        .s_data_valid(dat_valid), .s_data_ready(dat_ready), .s_data_data(dat_data), .s_data_last(dat_last),
        .m_dma_wr_valid(wr_valid), .m_dma_wr_ready(wr_ready), .m_dma_wr_addr(wr_addr),
        .m_dma_wr_len(wr_len), .m_dma_wr_data(wr_data), .m_dma_wr_last(wr_last), .m_dma_wr_pid(wr_pid),
        .m_evt_valid(evt_valid), .m_evt_ready(evt_ready), .m_evt_eq_handle(evt_eqh),
        .m_evt_src_nid(evt_src), .m_evt_msg_id(evt_mid), .m_evt_msg_len(evt_mlen), .m_evt_vn(evt_vn),
        .m_evt_pid(evt_pid), .m_evt_status(evt_status),
        .m_credit_valid(cr_valid), .m_credit_vc(cr_vc), .m_credit_n(cr_n),
        `REPLAY_AXIL_PORTS
    );

    wire [11:0] outs = {hdr_ready, dat_ready, wr_valid, evt_valid, cr_valid, awready, wready, bvalid,
                        (bvalid ? bresp : 2'b00), arready, rvalid};
    integer fw, fcr, fe, fc, fb;
    reg [63:0] e_addr, e_len, e_last, e_pid, e_vc, e_n, e_eqh, e_src, e_mid, e_vn, e_st;
    reg [255:0] e_data;

    task replay_setup;
        begin
            if (dut.N_VN != N_VN || dut.LINES != LINES)
                $fatal(1, "nic_rxdma_replay: the bench assumes N_VN %0d, LINES %0d (the RTL defaults)", N_VN, LINES);
            fw  = replay_open("exp_wr.hex");
            fcr = replay_open("exp_cr.hex");
            fe  = replay_open("exp_evt.hex");
            fc  = replay_open("exp_csr.hex");
            fb  = replay_open("exp_b.hex");
        end
    endtask

    task replay_cycle;
        begin
            if (!rst && wr_valid && wr_ready) begin
                r = $fscanf(fw, "%h %h %h %h %h\n", e_addr, e_len, e_last, e_pid, e_data);
                if (r != 5 || e_addr !== wr_addr || e_len[12:0] !== wr_len || e_last[0] !== wr_last ||
                    e_pid[23:0] !== wr_pid || e_data !== wr_data) begin
                    $display("  expected addr %h len %0d last %0d pid %0h data %h", e_addr, e_len, e_last, e_pid, e_data);
                    $display("  actual   addr %h len %0d last %0d pid %0h data %h", wr_addr, wr_len, wr_last, wr_pid, wr_data);
                    fail("m_dma_wr");
                end
                else passed = passed + 1;
            end
            if (!rst && cr_valid) begin
                r = $fscanf(fcr, "%h %h\n", e_vc, e_n);
                if (r != 2 || e_vc[1:0] !== cr_vc || e_n[7:0] !== cr_n) begin
                    $display("  expected vc %0d n %0d, actual vc %0d n %0d", e_vc, e_n, cr_vc, cr_n);
                    fail("m_credit");
                end
                else passed = passed + 1;
            end
            if (!rst && evt_valid && evt_ready) begin
                r = $fscanf(fe, "%h %h %h %h %h %h %h\n", e_eqh, e_src, e_mid, e_len, e_vn, e_pid, e_st);
                if (r != 7 || e_eqh[15:0] !== evt_eqh || e_src[15:0] !== evt_src || e_mid[15:0] !== evt_mid ||
                    e_len[20:0] !== evt_mlen || e_vn[1:0] !== evt_vn || e_pid[23:0] !== evt_pid ||
                    e_st[1:0] !== evt_status) begin
                    $display("  expected eqh %0h src %0h mid %0h len %0d vn %0d pid %0h status %0d", e_eqh, e_src, e_mid,
                             e_len, e_vn, e_pid, e_st);
                    $display("  actual   eqh %0h src %0h mid %0h len %0d vn %0d pid %0h status %0d", evt_eqh, evt_src, evt_mid,
                             evt_mlen, evt_vn, evt_pid, evt_status);
                    fail("m_evt");
                end
                else passed = passed + 1;
            end
            replay_axil_r(fc, !rst && rvalid && rready);
            replay_axil_b(fb, !rst && bvalid && bready);
        end
    endtask
endmodule
`default_nettype wire
