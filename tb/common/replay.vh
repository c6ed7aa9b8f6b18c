// replay.vh: the shared part of the Icarus Verilog vector-replay benches (tb/*/*_replay.v, the
// second simulator; make replay-<block>).
//
// The Verilator lockstep bench of a block (--vectors DIR) writes, one line per clock cycle (reset
// included), every input pin of the DUT to DIR/stim.hex and its handshake output pins as Verilator
// saw them (settled, before the rising edge) to DIR/outs.hex, and one line per output transaction,
// the C model's expected value, to DIR/exp_<port>.hex. A replay bench applies the same pins cycle by
// cycle, compares the handshake pins every cycle out of reset (cycle-exact) and every transaction
// with the next line of its port's file. It prints "N passed, N failed" and stops with $fatal on
// the first mismatch.
//
// Use: `include "replay.vh" inside the bench module (iverilog -Itb/common), after declaring
//   parameter  DIR             the vector directory
//   localparam REPLAY_DUT      the DUT's name, for the messages, e.g. "nic_txdma"
//   localparam REPLAY_PINS_W   the width of an outs.hex line
//   localparam REPLAY_PINS     the outs.hex fields, most significant first, for the messages
//   localparam REPLAY_AXIL_AW  the AXI4-Lite address width (12 in the NIC blocks, 16 elsewhere)
// and declare anywhere in the module
//   reg [..] v                          one stim.hex line; the wire rst is one of its fields
//   wire [REPLAY_PINS_W-1:0] outs       the handshake output pins, in outs.hex order
//   task replay_setup                   parameter checks; fX = replay_open("exp_X.hex") per port
//   task replay_cycle                   the cycle's transaction checks (after the pin compare, before
//                                       the rising edge): passed + 1 per match, fail("port") else
// This file declares clk, the AXI4-Lite wires (the s_axil_* port names without the prefix; connect
// them with `REPLAY_AXIL_PORTS), r, cycles, passed, failed, fail, replay_open, the AXI4-Lite R and B
// checks (replay_axil_r / replay_axil_b: exp line "rdata rresp" / "bresp", hex) and the initial
// block that runs the replay. Every cycle (10 ns): the stim.hex line is applied, 1 ns later the pins
// are compared with the outs.hex line (skipped while rst is high: registers are X) and
// replay_cycle runs, the clock rises at 5 ns and falls at 10 ns. After the last stim.hex line every
// file opened with replay_open (outs.hex included) must be at its end: a line left over is an
// expected transaction (or pin line) the RTL did not produce, and fails as "<file> left over".

`ifndef REPLAY_VH_MACROS
`define REPLAY_VH_MACROS
// the DUT's AXI4-Lite port connections, to the wires declared below
`define REPLAY_AXIL_PORTS \
        .s_axil_awaddr(awaddr), .s_axil_awvalid(awvalid), .s_axil_awready(awready), \
        .s_axil_wdata(wdata), .s_axil_wstrb(wstrb), .s_axil_wvalid(wvalid), \
        .s_axil_wready(wready), .s_axil_bresp(bresp), .s_axil_bvalid(bvalid), \
        .s_axil_bready(bready), .s_axil_araddr(araddr), .s_axil_arvalid(arvalid), \
        .s_axil_arready(arready), .s_axil_rdata(rdata), .s_axil_rresp(rresp), \
        .s_axil_rvalid(rvalid), .s_axil_rready(rready)
`endif

    reg clk = 1'b0;

    // AXI4-Lite: inputs (stim.hex fields) and DUT outputs
    wire awvalid, wvalid, bready, arvalid, rready;
    wire [REPLAY_AXIL_AW-1:0] awaddr, araddr;
    wire [31:0] wdata;
    wire [3:0]  wstrb;
    wire awready, wready, bvalid, arready, rvalid;
    wire [1:0]  bresp, rresp;
    wire [31:0] rdata;

    integer r, cycles = 0, passed = 0, failed = 0;
    integer fs, fo;                                    // stim.hex, outs.hex
    reg [REPLAY_PINS_W-1:0] e_outs;
    reg [63:0] e_rdata, e_rresp, e_bresp;
    reg [8*256-1:0] replay_path;
    reg [8*2048-1:0] replay_line;
    integer replay_fd [0:15];                          // every file replay_open opened
    reg [8*16-1:0] replay_fname [0:15];
    integer replay_nf = 0, replay_i;

    task fail;
        input [8*32-1:0] port;
        begin
            failed = failed + 1;
            $display("MISMATCH %0s port %0s at cycle %0d", REPLAY_DUT, port, cycles);
            $display("%0d passed, %0d failed", passed, failed);
            $fatal(1, "vector replay mismatch");
        end
    endtask

    // opens DIR/name for reading ($fatal naming the file when it is not there)
    function integer replay_open;
        input [8*16-1:0] name;
        begin
            $sformat(replay_path, "%0s/%0s", DIR, name);
            replay_open = $fopen(replay_path, "r");
            if (replay_open == 0)
                $fatal(1, "%0s_replay: cannot open the vector file %0s (write it with the lockstep bench's --vectors %0s)",
                       REPLAY_DUT, replay_path, DIR);
            if (replay_nf > 15)
                $fatal(1, "%0s_replay: more than 16 vector files", REPLAY_DUT);
            replay_fd[replay_nf] = replay_open;
            replay_fname[replay_nf] = name;
            replay_nf = replay_nf + 1;
        end
    endfunction

    // AXI4-Lite read data (R handshake when fire): exp line "rdata rresp"
    task replay_axil_r;
        input integer fd;
        input fire;
        if (fire) begin
            r = $fscanf(fd, "%h %h\n", e_rdata, e_rresp);
            if (r != 2 || e_rdata[31:0] !== rdata || e_rresp[1:0] !== rresp) begin
                $display("  expected rdata %0h rresp %0h, actual rdata %0h rresp %0h", e_rdata, e_rresp, rdata, rresp);
                fail("s_axil read");
            end
            else passed = passed + 1;
        end
    endtask

    // AXI4-Lite write response (B handshake when fire): exp line "bresp"
    task replay_axil_b;
        input integer fd;
        input fire;
        if (fire) begin
            r = $fscanf(fd, "%h\n", e_bresp);
            if (r != 1 || e_bresp[1:0] !== bresp) begin
                $display("  expected bresp %0h, actual bresp %0h", e_bresp, bresp);
                fail("s_axil write");
            end
            else passed = passed + 1;
        end
    endtask

    initial begin
        fs = replay_open("stim.hex");
        fo = replay_open("outs.hex");
        replay_setup;
        while ($fscanf(fs, "%h\n", v) == 1) begin
            #1;
            r = $fscanf(fo, "%h\n", e_outs);
            if (r != 1 || (!rst && e_outs !== outs)) begin
                $display("  handshake pins {%0s}: expected %b, actual %b", REPLAY_PINS, e_outs, outs);
                fail("pins");
            end
            replay_cycle;
            #4 clk = 1'b1;
            #5 clk = 1'b0;
            cycles = cycles + 1;
        end
        for (replay_i = 0; replay_i < replay_nf; replay_i = replay_i + 1)
            if ($fgets(replay_line, replay_fd[replay_i]) > 0) begin
                $display("  %0s has lines left after the last cycle, the first: %0s", replay_fname[replay_i], replay_line);
                $sformat(replay_path, "%0s left over", replay_fname[replay_i]);
                fail(replay_path[8*32-1:0]);
            end
        $display("%0s icarus replay: %0d cycles", REPLAY_DUT, cycles);
        $display("%0d passed, %0d failed", passed, failed);
        $finish;
    end
