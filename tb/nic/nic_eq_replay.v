// nic_eq_replay: Icarus Verilog vector replay of nic_eq (second simulator).
//
// The Verilator lockstep run (tb/nic/tb_nic_eq --scenario random --vectors DIR) writes every input
// pin of nic_eq per cycle, reset included (stim.hex), the handshake output pins as Verilator saw
// them (outs.hex) and, per output transaction, the C model's expected value (as the scoreboard
// compared it) to DIR/exp_{res,wr,csr}.hex. This bench (the common part in tb/common/replay.vh)
// applies the pins cycle by cycle, checks every handshake pin every cycle out of reset
// (cycle-exact), and compares each m_res / m_dma_wr / AXI4-Lite read handshake with the model's next
// line of that port. It prints "N passed, N failed" and stops with $fatal on the first mismatch.
// Parameters: the RTL defaults (the lab size, NEQ_PSET empty).
//
// stim.hex line (one per cycle; 328 bits, 82 hex digits), most significant first:
//   rst 1, s_msg_valid 1, s_msg_eq 8, s_msg_kmax 3, s_msg_pt 8, m_res_ready 1, s_post_valid 1,
//   s_post_eq 8, s_post_kres 3, s_post_n 3, s_post_data 224, m_dma_wr_ready 1, s_axil_awvalid 1,
//   s_axil_awaddr 12, s_axil_wvalid 1, s_axil_wdata 32, s_axil_wstrb 4, s_axil_bready 1,
//   s_axil_arvalid 1, s_axil_araddr 12, s_axil_rready 1
// outs.hex line (one per cycle; 11 bits): s_msg_ready, m_res_valid, s_post_ready, m_dma_wr_valid,
//   s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_bresp[1:0] (00 unless bvalid),
//   s_axil_arready, s_axil_rvalid
// exp_res.hex line (per m_res handshake): eq kmax pt code
// exp_wr.hex line (per m_dma_wr handshake): addr (16 hex digits) and data (64 hex digits, byte 31
//   first); len 32 and last 1 are checked as constants
// exp_csr.hex line (per R handshake): rdata rresp
`timescale 1ns/1ps
`default_nettype none
module nic_eq_replay;
    parameter DIR = "build/vectors/nic_eq";
    localparam NE = 64, KMAX = 3, PT_W = 8, EQW = 6, KW = 2;   // the RTL defaults (checked below)
    localparam VW = 1 + 1 + 8 + 3 + 8 + 1 + 1 + 8 + 3 + 3 + 224 + 1 + 1 + 12 + 1 + 32 + 4 + 1 + 1 + 12 + 1;
    localparam REPLAY_DUT = "nic_eq", REPLAY_PINS_W = 11, REPLAY_AXIL_AW = 12;
    localparam REPLAY_PINS = "msg_ready res_valid post_ready wr_valid awready wready bvalid bresp arready rvalid";
`include "replay.vh"

    reg [VW-1:0] v;
    wire rst, msg_valid, res_ready, post_valid, wr_ready;
    wire [7:0] msg_eq, msg_pt, post_eq;
    wire [2:0] msg_kmax, post_kres, post_n;
    wire [223:0] post_data;
    assign {rst, msg_valid, msg_eq, msg_kmax, msg_pt, res_ready, post_valid, post_eq, post_kres, post_n,
            post_data, wr_ready, awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready} = v;

    wire msg_ready, res_valid, post_ready, wr_valid, wr_last;
    wire [1:0] res_code;
    wire [EQW-1:0] res_eq;
    wire [KW-1:0] res_kmax;
    wire [PT_W-1:0] res_pt;
    wire [63:0] wr_addr;
    wire [12:0] wr_len;
    wire [255:0] wr_data;

    nic_eq dut (
        .clk(clk), .rst(rst),
        .s_msg_valid(msg_valid), .s_msg_ready(msg_ready), .s_msg_eq(msg_eq[EQW-1:0]),
        .s_msg_kmax(msg_kmax[KW-1:0]), .s_msg_pt(msg_pt[PT_W-1:0]),
        .m_res_valid(res_valid), .m_res_ready(res_ready), .m_res_eq(res_eq), .m_res_kmax(res_kmax),
        .m_res_pt(res_pt), .m_res_code(res_code),
        .s_post_valid(post_valid), .s_post_ready(post_ready), .s_post_eq(post_eq[EQW-1:0]),
        .s_post_kres(post_kres[KW-1:0]), .s_post_n(post_n[KW-1:0]), .s_post_data(post_data),
        .m_dma_wr_valid(wr_valid), .m_dma_wr_ready(wr_ready), .m_dma_wr_addr(wr_addr),
        .m_dma_wr_len(wr_len), .m_dma_wr_data(wr_data), .m_dma_wr_last(wr_last),
        `REPLAY_AXIL_PORTS
    );

    wire [10:0] outs = {msg_ready, res_valid, post_ready, wr_valid, awready, wready, bvalid,
                        (bvalid ? bresp : 2'b00), arready, rvalid};
    integer fr, fw, fc;
    reg [63:0] e_eq, e_kmax, e_pt, e_code, e_addr;
    reg [255:0] e_data;

    task replay_setup;
        begin
            if (dut.NE != NE || dut.KMAX != KMAX || dut.PT_W != PT_W)
                $fatal(1, "nic_eq_replay: the bench assumes NE %0d, KMAX %0d, PT_W %0d (the RTL defaults)", NE, KMAX, PT_W);
            fr = replay_open("exp_res.hex");
            fw = replay_open("exp_wr.hex");
            fc = replay_open("exp_csr.hex");
        end
    endtask

    task replay_cycle;
        begin
            if (!rst && res_valid && res_ready) begin
                r = $fscanf(fr, "%h %h %h %h\n", e_eq, e_kmax, e_pt, e_code);
                if (r != 4 || e_eq[EQW-1:0] !== res_eq || e_kmax[KW-1:0] !== res_kmax || e_pt[PT_W-1:0] !== res_pt ||
                    e_code[1:0] !== res_code) begin
                    $display("  expected eq %h kmax %h pt %h code %h", e_eq, e_kmax, e_pt, e_code);
                    $display("  actual   eq %h kmax %h pt %h code %h", res_eq, res_kmax, res_pt, res_code);
                    fail("m_res");
                end
                else passed = passed + 1;
            end
            if (!rst && wr_valid && wr_ready) begin
                r = $fscanf(fw, "%h %h\n", e_addr, e_data);
                if (r != 2 || e_addr !== wr_addr || e_data !== wr_data || wr_len !== 13'd32 || wr_last !== 1'b1) begin
                    $display("  expected addr %h data %h", e_addr, e_data);
                    $display("  actual   addr %h data %h len %0d last %b", wr_addr, wr_data, wr_len, wr_last);
                    fail("m_dma_wr");
                end
                else passed = passed + 1;
            end
            replay_axil_r(fc, !rst && rvalid && rready);
        end
    endtask
endmodule
`default_nettype wire
