// gpubar_top_replay: Icarus Verilog vector replay of gpubar_top (second simulator; make replay-gpubar).
//
// The Verilator lockstep run of the CSR build (build/gpubar_csr/tb_gpubar --vectors DIR) writes
// every input pin of gpubar_top per cycle (stim.hex), the handshake output pins as Verilator saw
// them (outs.hex) and, per output transaction, the value the lockstep compared against the C model
// (m_req, m_cpl) or the CSR model's answer (AXI4-Lite R and B) to DIR/exp_{req,cpl,csr,b}.hex.
// This bench (the common part in tb/common/replay.vh) applies the pins cycle by cycle, checks every
// handshake pin every cycle out of reset (cycle-exact, irq_ack included), and compares each m_req /
// m_cpl / R / B handshake with the next line of its file. It prints "N passed, N failed" and stops
// with $fatal on the first mismatch. Parameters: the RTL defaults (NR 16, NE 64, ID_W 8, NT 32,
// CQD 16, AQD 16).
//
// stim.hex line (one per cycle; 211 bits), most significant first:
//   rst 1, s_axil_awvalid 1, s_axil_awaddr 12, s_axil_wvalid 1, s_axil_wdata 32, s_axil_wstrb 4,
//   s_axil_bready 1, s_axil_arvalid 1, s_axil_araddr 12, s_axil_rready 1, s_desc_valid 1,
//   s_desc_id 8, s_desc_region 4, s_desc_gen 16, s_desc_off 32, s_desc_len 32, s_desc_write 1,
//   m_req_ready 1, s_rc_valid 1, s_rc_tag 8, s_rc_err 1, m_cpl_ready 1
// outs.hex line (one per cycle; 12 bits): s_desc_ready, m_req_valid, s_rc_ready, m_cpl_valid,
//   irq_ack, s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_bresp[1:0] (00 unless bvalid),
//   s_axil_arready, s_axil_rvalid
// exp_req.hex line (per m_req handshake): addr len dw first_be last_be fmt4 write tag hdr[127:64]
//   hdr[63:0] region id boff last flush
// exp_cpl.hex line (per m_cpl handshake): id region code flag
// exp_csr.hex line (per R handshake): rdata rresp;  exp_b.hex line (per B handshake): bresp
`timescale 1ns/1ps
`default_nettype none
module gpubar_top_replay;
    parameter DIR = "build/vectors/gpubar";
    localparam NR = 16, NE = 64, ID_W = 8, RW = 4;   // the RTL defaults (checked below)
    localparam VW = 1 + 1 + 12 + 1 + 32 + 4 + 1 + 1 + 12 + 1 + 1 + ID_W + RW + 16 + 32 + 32 + 1 + 1 + 1 + 8 + 1 + 1;
    localparam REPLAY_DUT = "gpubar_top", REPLAY_PINS_W = 12, REPLAY_AXIL_AW = 12;
    localparam REPLAY_PINS = "desc_ready req_valid rc_ready cpl_valid irq_ack awready wready bvalid bresp arready rvalid";
`include "replay.vh"

    reg [VW-1:0] v;
    wire rst, desc_valid, desc_write, req_ready, rc_valid, rc_err, cpl_ready;
    wire [ID_W-1:0] desc_id;
    wire [RW-1:0] desc_region;
    wire [15:0] desc_gen;
    wire [31:0] desc_off, desc_len;
    wire [7:0] rc_tag;
    assign {rst, awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready,
            desc_valid, desc_id, desc_region, desc_gen, desc_off, desc_len, desc_write, req_ready,
            rc_valid, rc_tag, rc_err, cpl_ready} = v;

    wire desc_ready, req_valid, rc_ready, cpl_valid, irq_ack;
    wire [63:0] req_addr;
    wire [9:0] req_len;
    wire [7:0] req_dw, req_tag;
    wire [3:0] req_fbe, req_lbe;
    wire req_fmt4, req_write, req_last, req_flush;
    wire [127:0] req_hdr;
    wire [RW-1:0] req_region, cpl_region;
    wire [ID_W-1:0] req_id, cpl_id;
    wire [31:0] req_boff;
    wire [1:0] cpl_code;
    wire cpl_flag;

    gpubar_top dut (
        .clk(clk), .rst(rst),
        `REPLAY_AXIL_PORTS,
        .s_desc_valid(desc_valid), .s_desc_ready(desc_ready), .s_desc_id(desc_id), .s_desc_region(desc_region),
        .s_desc_gen(desc_gen), .s_desc_off(desc_off), .s_desc_len(desc_len), .s_desc_write(desc_write),
        .m_req_valid(req_valid), .m_req_ready(req_ready), .m_req_addr(req_addr), .m_req_len(req_len),
        .m_req_dw(req_dw), .m_req_first_be(req_fbe), .m_req_last_be(req_lbe), .m_req_fmt4(req_fmt4),
        .m_req_write(req_write), .m_req_tag(req_tag), .m_req_hdr(req_hdr), .m_req_region(req_region),
        .m_req_id(req_id), .m_req_boff(req_boff), .m_req_last(req_last), .m_req_flush(req_flush),
        .s_rc_valid(rc_valid), .s_rc_ready(rc_ready), .s_rc_tag(rc_tag), .s_rc_err(rc_err),
        .m_cpl_valid(cpl_valid), .m_cpl_ready(cpl_ready), .m_cpl_id(cpl_id), .m_cpl_region(cpl_region),
        .m_cpl_code(cpl_code), .m_cpl_flag(cpl_flag),
        .irq_ack(irq_ack)
    );

    wire [11:0] outs = {desc_ready, req_valid, rc_ready, cpl_valid, irq_ack, awready, wready, bvalid,
                        (bvalid ? bresp : 2'b00), arready, rvalid};
    integer fq, fc, fr, fb;
    reg [63:0] e_addr, e_len, e_dw, e_fbe, e_lbe, e_fmt4, e_write, e_tag, e_h0, e_h1, e_region, e_id,
               e_boff, e_last, e_flush, e_code, e_flag;

    task replay_setup;
        begin
            if (dut.NR != NR || dut.NE != NE || dut.ID_W != ID_W)
                $fatal(1, "gpubar_top_replay: the bench assumes NR %0d, NE %0d, ID_W %0d (the RTL defaults)", NR, NE, ID_W);
            fq = replay_open("exp_req.hex");
            fc = replay_open("exp_cpl.hex");
            fr = replay_open("exp_csr.hex");
            fb = replay_open("exp_b.hex");
        end
    endtask

    task replay_cycle;
        begin
            if (!rst && req_valid && req_ready) begin
                r = $fscanf(fq, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n", e_addr, e_len, e_dw, e_fbe, e_lbe,
                            e_fmt4, e_write, e_tag, e_h0, e_h1, e_region, e_id, e_boff, e_last, e_flush);
                if (r != 15 || e_addr !== req_addr || e_len[9:0] !== req_len || e_dw[7:0] !== req_dw ||
                    e_fbe[3:0] !== req_fbe || e_lbe[3:0] !== req_lbe || e_fmt4[0] !== req_fmt4 ||
                    e_write[0] !== req_write || e_tag[7:0] !== req_tag || {e_h0, e_h1} !== req_hdr ||
                    e_region[RW-1:0] !== req_region || e_id[ID_W-1:0] !== req_id || e_boff[31:0] !== req_boff ||
                    e_last[0] !== req_last || e_flush[0] !== req_flush) begin
                    $display("  expected addr %h len %0d tag %0d hdr %h%h boff %0d last %0d flush %0d", e_addr, e_len,
                             e_tag, e_h0, e_h1, e_boff, e_last, e_flush);
                    $display("  actual   addr %h len %0d tag %0d hdr %h boff %0d last %0d flush %0d", req_addr, req_len,
                             req_tag, req_hdr, req_boff, req_last, req_flush);
                    fail("m_req");
                end
                else passed = passed + 1;
            end
            if (!rst && cpl_valid && cpl_ready) begin
                r = $fscanf(fc, "%h %h %h %h\n", e_id, e_region, e_code, e_flag);
                if (r != 4 || e_id[ID_W-1:0] !== cpl_id || e_region[RW-1:0] !== cpl_region ||
                    e_code[1:0] !== cpl_code || e_flag[0] !== cpl_flag) begin
                    $display("  expected id %0d region %0d code %0d flag %0d, actual id %0d region %0d code %0d flag %0d",
                             e_id, e_region, e_code, e_flag, cpl_id, cpl_region, cpl_code, cpl_flag);
                    fail("m_cpl");
                end
                else passed = passed + 1;
            end
            replay_axil_r(fr, !rst && rvalid && rready);
            replay_axil_b(fb, !rst && bvalid && bready);
        end
    endtask
endmodule
`default_nettype wire
