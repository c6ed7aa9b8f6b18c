// nic_rsrc_replay: Icarus Verilog vector replay of nic_rsrc (second simulator).
//
// The Verilator lockstep run (tb/nic/tb_nic_rsrc --scenario random --vectors DIR) writes every
// input pin of nic_rsrc per cycle, reset and the initialisation sweep included (stim.hex), the
// handshake output pins as Verilator saw them (outs.hex) and, per output transaction, the C model's
// expected value (as the scoreboard and the CSR checker compared it) to DIR/exp_{evt,csr,b}.hex.
// This bench (the common part in tb/common/replay.vh) applies the pins cycle by cycle, checks every
// handshake pin every cycle out of reset (cycle-exact), and compares each m_evt / AXI4-Lite read /
// AXI4-Lite write handshake with the model's next line of that port. It prints "N passed, N failed"
// and stops with $fatal on the first mismatch. Parameters: the RTL defaults (NIC_ENTRIES 1024,
// NPID 64, NTYPES 5; NR_PSET empty).
//
// stim.hex line (one per cycle; 109 bits, 28 hex digits), most significant first:
//   rst 1, s_cmd_valid 1, s_cmd_op 3, s_cmd_pid 12, s_cmd_type 3, s_cmd_n 6, s_cmd_handle 17,
//   m_evt_ready 1, s_axil_awvalid 1, s_axil_awaddr 12, s_axil_wvalid 1, s_axil_wdata 32,
//   s_axil_wstrb 4, s_axil_bready 1, s_axil_arvalid 1, s_axil_araddr 12, s_axil_rready 1
// outs.hex line (one per cycle; 9 bits): s_cmd_ready, m_evt_valid, s_axil_awready, s_axil_wready,
//   s_axil_bvalid, s_axil_bresp[1:0] (00 unless bvalid), s_axil_arready, s_axil_rvalid
// exp_evt.hex line (per m_evt handshake): op pid status type handle dest last
// exp_csr.hex line (per R handshake): rdata rresp;  exp_b.hex line (per B handshake): bresp
`timescale 1ns/1ps
`default_nettype none
module nic_rsrc_replay;
    parameter DIR = "build/vectors/nic_rsrc";
    localparam NIC_ENTRIES = 1024, NPID = 64, NTYPES = 5;   // the RTL defaults (checked below)
    localparam VW = 1 + 1 + 3 + 12 + 3 + 6 + 17 + 1 + 1 + 12 + 1 + 32 + 4 + 1 + 1 + 12 + 1;
    localparam REPLAY_DUT = "nic_rsrc", REPLAY_PINS_W = 9, REPLAY_AXIL_AW = 12;
    localparam REPLAY_PINS = "cmd_ready evt_valid awready wready bvalid bresp arready rvalid";
`include "replay.vh"

    reg [VW-1:0] v;
    wire rst, cmd_valid, evt_ready;
    wire [2:0] cmd_op, cmd_type;
    wire [11:0] cmd_pid;
    wire [5:0] cmd_n;
    wire [16:0] cmd_handle;
    assign {rst, cmd_valid, cmd_op, cmd_pid, cmd_type, cmd_n, cmd_handle, evt_ready,
            awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready} = v;

    wire cmd_ready, evt_valid, evt_last;
    wire [1:0] evt_dest;
    wire [2:0] evt_op, evt_type;
    wire [11:0] evt_pid;
    wire [3:0] evt_status;
    wire [16:0] evt_handle;

    nic_rsrc dut (
        .clk(clk), .rst(rst),
        .s_cmd_valid(cmd_valid), .s_cmd_ready(cmd_ready), .s_cmd_op(cmd_op), .s_cmd_pid(cmd_pid),
        .s_cmd_type(cmd_type), .s_cmd_n(cmd_n), .s_cmd_handle(cmd_handle),
        .m_evt_valid(evt_valid), .m_evt_ready(evt_ready), .m_evt_op(evt_op), .m_evt_pid(evt_pid),
        .m_evt_status(evt_status), .m_evt_type(evt_type), .m_evt_handle(evt_handle),
        .m_evt_dest(evt_dest), .m_evt_last(evt_last),
        `REPLAY_AXIL_PORTS
    );

    wire [8:0] outs = {cmd_ready, evt_valid, awready, wready, bvalid, (bvalid ? bresp : 2'b00), arready, rvalid};
    integer fe, fc, fb;
    reg [63:0] e_op, e_pid, e_st, e_type, e_handle, e_dest, e_last;

    task replay_setup;
        begin
            if (dut.NIC_ENTRIES != NIC_ENTRIES || dut.NPID != NPID || dut.NTYPES != NTYPES)
                $fatal(1, "nic_rsrc_replay: the bench assumes NIC_ENTRIES %0d, NPID %0d, NTYPES %0d (the RTL defaults)",
                       NIC_ENTRIES, NPID, NTYPES);
            fe = replay_open("exp_evt.hex");
            fc = replay_open("exp_csr.hex");
            fb = replay_open("exp_b.hex");
        end
    endtask

    task replay_cycle;
        begin
            if (!rst && evt_valid && evt_ready) begin
                r = $fscanf(fe, "%h %h %h %h %h %h %h\n", e_op, e_pid, e_st, e_type, e_handle, e_dest, e_last);
                if (r != 7 || e_op[2:0] !== evt_op || e_pid[11:0] !== evt_pid || e_st[3:0] !== evt_status ||
                    e_type[2:0] !== evt_type || e_handle[16:0] !== evt_handle || e_dest[1:0] !== evt_dest ||
                    e_last[0] !== evt_last) begin
                    $display("  expected op %0d pid %0d status %0d type %0d handle %0h dest %0d last %0d", e_op, e_pid,
                             e_st, e_type, e_handle, e_dest, e_last);
                    $display("  actual   op %0d pid %0d status %0d type %0d handle %0h dest %0d last %0d", evt_op, evt_pid,
                             evt_status, evt_type, evt_handle, evt_dest, evt_last);
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
