// nic_xlat_replay: Icarus Verilog vector replay of nic_xlat (second simulator).
//
// The Verilator lockstep run (tb/nic/tb_nic_xlat --scenario random --vectors DIR) writes every
// input pin of nic_xlat per cycle, reset included (stim.hex), the handshake output pins as
// Verilator saw them (outs.hex) and, per output transaction, the C model's expected value (as the
// scoreboard compared it) to DIR/exp_{resp,rd,csr}.hex. This bench (the common part in
// tb/common/replay.vh) applies the pins cycle by cycle, checks every handshake pin every cycle out of
// reset (cycle-exact), and compares each m_resp / m_rd / AXI4-Lite read data handshake with the
// model's next line of that port. It prints "N passed, N failed" and stops with $fatal on the first
// mismatch. Parameters: the defaults of nic_xlat (64 PIDs, 8 MQ slots, ID_W 8, the default caches),
// as the lockstep build (NX_PSET empty); the widths used here are checked against the DUT's at
// time 0.
//
// All files: one line per cycle or per transaction, hex digits without 0x, most significant first.
// stim.hex line (one per cycle; 230 bits, 58 hex digits, the top 2 bits of the first digit 0):
//   rst                 1
//   s_req_valid         1
//   s_req_pid[15:0]     16   (PID_IN_W 16)
//   s_req_va[63:0]      64
//   s_req_write         1
//   s_req_id[7:0]       8    (ID_W 8)
//   m_resp_ready        1
//   m_rd_ready          1
//   s_cpl_valid         1
//   s_cpl_tag[4:0]      5    (widest tag, MQ 32; this build uses [2:0], MQ 8)
//   s_cpl_data[63:0]    64
//   dma_busy[1:0]       2
//   s_axil_awvalid      1
//   s_axil_awaddr[11:0] 12
//   s_axil_wvalid       1
//   s_axil_wdata[31:0]  32
//   s_axil_wstrb[3:0]   4
//   s_axil_bready       1
//   s_axil_arvalid      1
//   s_axil_araddr[11:0] 12
//   s_axil_rready       1
// outs.hex line (one per cycle; 12 bits, 3 hex digits), compared in every cycle with rst low:
//   s_req_ready, m_resp_valid, m_rd_valid, s_cpl_ready, s_axil_awready, s_axil_wready,
//   s_axil_bvalid, s_axil_bresp[1:0] (00 unless bvalid), s_axil_arready, s_axil_rvalid, inv_done
// exp_resp.hex line (one per m_resp handshake, in handshake order; 5 space-separated fields):
//   id (m_resp_id, ID_W bits)  pa (m_resp_pa, 52 bits)  size (m_resp_size: 0 4K, 1 2M, 2 1G)
//   fault (m_resp_fault, 0 none .. 6 NO_CR3)  gen (m_resp_gen)
// exp_rd.hex line (one per m_rd handshake; 2 fields): addr (m_rd_addr, 52 bits)  tag (m_rd_tag)
// exp_csr.hex line (one per AXI4-Lite read, R handshake; 2 fields): rdata (32 bits)  rresp (0 OKAY,
//   2 SLVERR)
`timescale 1ns/1ps
`default_nettype none
module nic_xlat_replay;
    parameter DIR = "build/vectors/nic_xlat";
    localparam ID_W = 8, MQ = 8, MQW = 3, PID_IN_W = 16;   // the RTL defaults (checked below)
    localparam VW = 1 + 1 + 16 + 64 + 1 + 8 + 1 + 1 + 1 + 5 + 64 + 2 + 1 + 12 + 1 + 32 + 4 + 1 + 1 + 12 + 1;
    localparam REPLAY_DUT = "nic_xlat", REPLAY_PINS_W = 12, REPLAY_AXIL_AW = 12;
    localparam REPLAY_PINS = "req_ready resp_valid rd_valid cpl_ready awready wready bvalid bresp arready rvalid inv_done";
`include "replay.vh"

    reg [VW-1:0] v;
    wire rst, req_valid, req_write, resp_ready, rd_ready, cpl_valid;
    wire [15:0] req_pid;
    wire [63:0] req_va, cpl_data;
    wire [7:0]  req_id;
    wire [4:0]  cpl_tag;
    wire [1:0]  dma_busy;
    assign {rst, req_valid, req_pid, req_va, req_write, req_id, resp_ready, rd_ready,
            cpl_valid, cpl_tag, cpl_data, dma_busy,
            awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready} = v;

    wire req_ready, resp_valid, rd_valid, cpl_ready, inv_done;
    wire [ID_W-1:0] o_id;
    wire [51:0] o_pa, o_rdaddr;
    wire [1:0]  o_size;
    wire [2:0]  o_fault;
    wire        o_gen;
    wire [MQW-1:0] o_tag;

    nic_xlat dut (
        .clk(clk), .rst(rst),
        .s_req_valid(req_valid), .s_req_ready(req_ready), .s_req_pid(req_pid[PID_IN_W-1:0]),
        .s_req_va(req_va), .s_req_write(req_write), .s_req_id(req_id[ID_W-1:0]),
        .m_resp_valid(resp_valid), .m_resp_ready(resp_ready), .m_resp_id(o_id), .m_resp_pa(o_pa),
        .m_resp_size(o_size), .m_resp_fault(o_fault), .m_resp_gen(o_gen),
        .m_rd_valid(rd_valid), .m_rd_ready(rd_ready), .m_rd_addr(o_rdaddr), .m_rd_tag(o_tag),
        .s_cpl_valid(cpl_valid), .s_cpl_ready(cpl_ready), .s_cpl_tag(cpl_tag[MQW-1:0]),
        .s_cpl_data(cpl_data), .dma_busy(dma_busy), .inv_done(inv_done),
        `REPLAY_AXIL_PORTS
    );

    wire [11:0] outs = {req_ready, resp_valid, rd_valid, cpl_ready, awready, wready, bvalid,
                        (bvalid ? bresp : 2'b00), arready, rvalid, inv_done};
    integer fr, fd, fc;
    reg [63:0] e_id, e_pa, e_size, e_fault, e_gen, e_addr, e_tag;

    task replay_setup;
        begin
            if (dut.ID_W != ID_W || dut.MQ != MQ || dut.PID_IN_W != PID_IN_W)
                $fatal(1, "nic_xlat_replay: the bench assumes ID_W %0d, MQ %0d, PID_IN_W %0d (the RTL defaults)",
                       ID_W, MQ, PID_IN_W);
            fr = replay_open("exp_resp.hex");
            fd = replay_open("exp_rd.hex");
            fc = replay_open("exp_csr.hex");
        end
    endtask

    task replay_cycle;
        begin
            if (!rst && resp_valid && resp_ready) begin
                r = $fscanf(fr, "%h %h %h %h %h\n", e_id, e_pa, e_size, e_fault, e_gen);
                if (r != 5 || e_id[ID_W-1:0] !== o_id || e_pa[51:0] !== o_pa || e_size[1:0] !== o_size ||
                    e_fault[2:0] !== o_fault || e_gen[0] !== o_gen) begin
                    $display("  expected id %h pa %h size %h fault %h gen %h", e_id, e_pa, e_size, e_fault, e_gen);
                    $display("  actual   id %h pa %h size %h fault %h gen %h", o_id, o_pa, o_size, o_fault, o_gen);
                    fail("m_resp");
                end
                else passed = passed + 1;
            end
            if (!rst && rd_valid && rd_ready) begin
                r = $fscanf(fd, "%h %h\n", e_addr, e_tag);
                if (r != 2 || e_addr[51:0] !== o_rdaddr || e_tag[MQW-1:0] !== o_tag) begin
                    $display("  expected addr %h tag %h, actual addr %h tag %h", e_addr, e_tag, o_rdaddr, o_tag);
                    fail("m_rd");
                end
                else passed = passed + 1;
            end
            replay_axil_r(fc, !rst && rvalid && rready);
        end
    endtask
endmodule
`default_nettype wire
