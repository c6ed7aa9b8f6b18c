// nic_txdma_replay: Icarus Verilog vector replay of nic_txdma (second simulator).
//
// The Verilator lockstep run (tb/nic/tb_nic_txdma --scenario random --vectors DIR) writes every
// input pin of nic_txdma per cycle (stim.hex), the handshake output pins as Verilator saw them
// (outs.hex) and, per output transaction, the C model's expected value (as the lockstep testbench
// compared it) to DIR/exp_{rd,hdr,data,csr,b}.hex. This bench (the common part in
// tb/common/replay.vh) applies the pins cycle by cycle, checks every handshake pin every cycle out of
// reset (cycle-exact), and compares each m_rd_req / m_hdr / m_data / AXI4-Lite read / AXI4-Lite
// write handshake with the model's next line of that port. It prints "N passed, N failed" and stops
// with $fatal on the first mismatch. Parameters: the RTL defaults (N_VN 4, TAG_W 5, LINES 2048;
// TD_PSET empty).
//
// stim.hex line (one per cycle; 480 bits, 120 hex digits), most significant first:
//   rst 1, s_cmd_valid 1, s_cmd_vn 2, s_cmd_addr 64, s_cmd_len 21, s_cmd_dest_nid 16, s_cmd_msg_id 16,
//   m_rd_req_ready 1, s_cpl_valid 1, s_cpl_tag 5, s_cpl_data 256, s_cpl_last 1, s_cpl_err 1,
//   s_cr_valid 1, s_cr_vc 2, s_cr_n 8, m_hdr_ready 1, m_data_ready 1, s_axil_awvalid 1,
//   s_axil_awaddr 12, s_axil_wvalid 1, s_axil_wdata 32, s_axil_wstrb 4, s_axil_bready 1,
//   s_axil_arvalid 1, s_axil_araddr 12, s_axil_rready 1
// outs.hex line (one per cycle; 12 bits): s_cmd_ready, m_rd_req_valid, s_cpl_ready, m_hdr_valid,
//   m_data_valid, s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_bresp[1:0] (00 unless bvalid),
//   s_axil_arready, s_axil_rvalid
// exp_rd.hex line (per m_rd_req handshake): addr len (the model's next read of the VN HOST_SCHED
//   granted; the tag is the RTL's choice, covered by the completions it must match)
// exp_hdr.hex line (per m_hdr handshake): vn dest_nid len msg_id
// exp_data.hex line (per m_data handshake): vn bytes last err data (64 hex digits, byte 31 first);
//   m_data_vc must equal the VN
// exp_csr.hex line (per R handshake): rdata rresp;  exp_b.hex line (per B handshake): bresp
`timescale 1ns/1ps
`default_nettype none
module nic_txdma_replay;
    parameter DIR = "build/vectors/nic_txdma";
    localparam N_VN = 4, TAG_W = 5, LINES = 2048;   // the RTL defaults (checked below)
    localparam VW = 1 + 1 + 2 + 64 + 21 + 16 + 16 + 1 + 1 + TAG_W + 256 + 1 + 1 + 1 + 2 + 8 + 1 + 1 +
                    1 + 12 + 1 + 32 + 4 + 1 + 1 + 12 + 1;
    localparam REPLAY_DUT = "nic_txdma", REPLAY_PINS_W = 12, REPLAY_AXIL_AW = 12;
    localparam REPLAY_PINS = "cmd_ready rd_valid cpl_ready hdr_valid data_valid awready wready bvalid bresp arready rvalid";
`include "replay.vh"

    reg [VW-1:0] v;
    wire rst, cmd_valid, rd_ready, cpl_valid, cpl_last, cpl_err, cr_valid, hdr_ready, data_ready;
    wire [1:0] cmd_vn, cr_vc;
    wire [63:0] cmd_addr;
    wire [20:0] cmd_len;
    wire [15:0] cmd_dest, cmd_msg;
    wire [TAG_W-1:0] cpl_tag;
    wire [255:0] cpl_data;
    wire [7:0] cr_n;
    assign {rst, cmd_valid, cmd_vn, cmd_addr, cmd_len, cmd_dest, cmd_msg, rd_ready, cpl_valid, cpl_tag,
            cpl_data, cpl_last, cpl_err, cr_valid, cr_vc, cr_n, hdr_ready, data_ready,
            awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready} = v;

    wire cmd_ready, rd_valid, cpl_ready, hdr_valid, data_valid, data_last, data_err;
    wire [1:0] hdr_vn, data_vn, data_vc;
    wire [63:0] rd_addr;
    wire [12:0] rd_len;
    wire [TAG_W-1:0] rd_tag;
    wire [15:0] hdr_dest, hdr_msg;
    wire [20:0] hdr_len;
    wire [255:0] data_data;
    wire [5:0] data_bytes;

    nic_txdma dut (
        .clk(clk), .rst(rst),
        .s_cmd_valid(cmd_valid), .s_cmd_ready(cmd_ready), .s_cmd_vn(cmd_vn), .s_cmd_addr(cmd_addr),
        .s_cmd_len(cmd_len), .s_cmd_dest_nid(cmd_dest), .s_cmd_msg_id(cmd_msg),
        .m_rd_req_valid(rd_valid), .m_rd_req_ready(rd_ready), .m_rd_req_addr(rd_addr),
        .m_rd_req_len(rd_len), .m_rd_req_tag(rd_tag),
        .s_cpl_valid(cpl_valid), .s_cpl_ready(cpl_ready), .s_cpl_tag(cpl_tag), .s_cpl_data(cpl_data),
        .s_cpl_last(cpl_last), .s_cpl_err(cpl_err),
        .s_cr_valid(cr_valid), .s_cr_vc(cr_vc), .s_cr_n(cr_n),
        .m_hdr_valid(hdr_valid), .m_hdr_ready(hdr_ready), .m_hdr_dest_nid(hdr_dest), .m_hdr_len(hdr_len),
        .m_hdr_vn(hdr_vn), .m_hdr_msg_id(hdr_msg),
        .m_data_valid(data_valid), .m_data_ready(data_ready), .m_data_data(data_data),
        .m_data_bytes(data_bytes), .m_data_vn(data_vn), .m_data_vc(data_vc), .m_data_last(data_last),
        .m_data_err(data_err),
        `REPLAY_AXIL_PORTS
    );

    wire [11:0] outs = {cmd_ready, rd_valid, cpl_ready, hdr_valid, data_valid, awready, wready, bvalid,
                        (bvalid ? bresp : 2'b00), arready, rvalid};
    integer frd, fh, fd, fc, fb;
    reg [63:0] e_addr, e_len, e_vn, e_dest, e_msg, e_bytes, e_last, e_err;
    reg [255:0] e_data;

    task replay_setup;
        begin
            if (dut.N_VN != N_VN || dut.TAG_W != TAG_W || dut.LINES != LINES)
                $fatal(1, "nic_txdma_replay: the bench assumes N_VN %0d, TAG_W %0d, LINES %0d (the RTL defaults)",
                       N_VN, TAG_W, LINES);
            frd = replay_open("exp_rd.hex");
            fh  = replay_open("exp_hdr.hex");
            fd  = replay_open("exp_data.hex");
            fc  = replay_open("exp_csr.hex");
            fb  = replay_open("exp_b.hex");
        end
    endtask

    task replay_cycle;
        begin
            if (!rst && rd_valid && rd_ready) begin
                r = $fscanf(frd, "%h %h\n", e_addr, e_len);
                if (r != 2 || e_addr !== rd_addr || e_len[12:0] !== rd_len) begin
                    $display("  expected addr %h len %0d, actual addr %h len %0d (tag %0d)", e_addr, e_len, rd_addr, rd_len, rd_tag);
                    fail("m_rd_req");
                end
                else passed = passed + 1;
            end
            if (!rst && hdr_valid && hdr_ready) begin
                r = $fscanf(fh, "%h %h %h %h\n", e_vn, e_dest, e_len, e_msg);
                if (r != 4 || e_vn[1:0] !== hdr_vn || e_dest[15:0] !== hdr_dest || e_len[20:0] !== hdr_len ||
                    e_msg[15:0] !== hdr_msg) begin
                    $display("  expected vn %0d dest %0h len %0d msg %0h", e_vn, e_dest, e_len, e_msg);
                    $display("  actual   vn %0d dest %0h len %0d msg %0h", hdr_vn, hdr_dest, hdr_len, hdr_msg);
                    fail("m_hdr");
                end
                else passed = passed + 1;
            end
            if (!rst && data_valid && data_ready) begin
                r = $fscanf(fd, "%h %h %h %h %h\n", e_vn, e_bytes, e_last, e_err, e_data);
                if (r != 5 || e_vn[1:0] !== data_vn || data_vc !== data_vn || e_bytes[5:0] !== data_bytes ||
                    e_last[0] !== data_last || e_err[0] !== data_err || e_data !== data_data) begin
                    $display("  expected vn %0d bytes %0d last %0d err %0d data %h", e_vn, e_bytes, e_last, e_err, e_data);
                    $display("  actual   vn %0d bytes %0d last %0d err %0d data %h (vc %0d)", data_vn, data_bytes,
                             data_last, data_err, data_data, data_vc);
                    fail("m_data");
                end
                else passed = passed + 1;
            end
            replay_axil_r(fc, !rst && rvalid && rready);
            replay_axil_b(fb, !rst && bvalid && bready);
        end
    endtask
endmodule
`default_nettype wire
