// barrier_dev_replay: Icarus Verilog vector replay of barrier_dev (second simulator).
//
// The Verilator lockstep run (tb/barrier, --vectors DIR) writes, for every clock cycle, the
// value of every input pin of barrier_dev to DIR/stim.hex, and, for every output transaction
// that the C model predicted and the RTL matched, one line to DIR/exp_{tx,rel,mir,rd}.hex.
// This bench applies the same pin values cycle by cycle and compares each output handshake with
// the next expected line of its port. It prints "N passed, N failed" and exits with $fatal on a
// mismatch, so the RTL is checked without Verilator's scheduling semantics.
//
// stim.hex line (hex, most significant field first):
//   rst, awvalid, awaddr[15:0], wvalid, wdata[31:0], wstrb[3:0], bready, arvalid,
//   araddr[15:0], rready, rx_tvalid, rx_tdata[DW-1:0], rx_tkeep[DW/8-1:0], rx_tlast,
//   tx_tready, req_valid, req_op[1:0], req_pe[7:0], req_bar[7:0], req_epoch[63:0],
//   rel_ready, mir_ready
// outs.hex line: the handshake output pins of the cycle as Verilator saw them, compared every
//   cycle out of reset: awready, wready, bvalid, bresp[1:0], arready, rvalid, rx_tready, tx_tvalid, req_ready,
//   rel_valid, rel_pe[7:0], mir_valid, and the internal barrier_rx -> barrier_ctr handshake
//   (inc_valid, inc_ready) that the lockstep uses to time the model.
// exp_tx.hex: tdata tkeep tlast per beat; exp_rel.hex: pe bar epoch status;
// exp_mir.hex: addr data; exp_rd.hex: rdata rresp.
`timescale 1ns/1ps
module barrier_dev_replay;
    parameter DATA_WIDTH   = 64;
    parameter NUM_BARRIERS = 16;
    parameter NUM_PES      = 16;
    parameter CNT_WIDTH    = 64;
    parameter DIR          = "build/vectors/barrier";
    localparam KW = DATA_WIDTH / 8;
    localparam SW = 1 + 1 + 16 + 1 + 32 + 4 + 1 + 1 + 16 + 1 + 1 + DATA_WIDTH + KW + 1 + 1 +
                    1 + 2 + 8 + 8 + 64 + 1 + 1;

    reg clk = 1'b0;
    reg [SW-1:0] v;
    wire rst, awvalid, wvalid, bready, arvalid, rready, rx_tvalid, rx_tlast, tx_tready;
    wire req_valid, rel_ready, mir_ready;
    wire [15:0] awaddr, araddr;
    wire [31:0] wdata;
    wire [3:0]  wstrb;
    wire [DATA_WIDTH-1:0] rx_tdata;
    wire [KW-1:0] rx_tkeep;
    wire [1:0]  req_op;
    wire [7:0]  req_pe, req_bar;
    wire [63:0] req_epoch;
    assign {rst, awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready,
            rx_tvalid, rx_tdata, rx_tkeep, rx_tlast, tx_tready, req_valid, req_op, req_pe,
            req_bar, req_epoch, rel_ready, mir_ready} = v;

    wire awready, wready, bvalid, arready, rvalid, rx_tready, tx_tvalid, tx_tlast;
    wire req_ready, rel_valid, mir_valid;
    wire [1:0] bresp, rresp, rel_status;
    wire [31:0] rdata;
    wire [DATA_WIDTH-1:0] tx_tdata;
    wire [KW-1:0] tx_tkeep;
    wire [7:0] rel_pe, rel_bar;
    wire [CNT_WIDTH-1:0] rel_epoch;
    wire [63:0] mir_addr, mir_data;

    barrier_dev #(.DATA_WIDTH(DATA_WIDTH), .NUM_BARRIERS(NUM_BARRIERS), .NUM_PES(NUM_PES),
                  .CNT_WIDTH(CNT_WIDTH)) dut (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(awaddr), .s_axil_awvalid(awvalid), .s_axil_awready(awready),
        .s_axil_wdata(wdata), .s_axil_wstrb(wstrb), .s_axil_wvalid(wvalid),
        .s_axil_wready(wready), .s_axil_bresp(bresp), .s_axil_bvalid(bvalid),
        .s_axil_bready(bready), .s_axil_araddr(araddr), .s_axil_arvalid(arvalid),
        .s_axil_arready(arready), .s_axil_rdata(rdata), .s_axil_rresp(rresp),
        .s_axil_rvalid(rvalid), .s_axil_rready(rready),
        .s_axis_rx_tdata(rx_tdata), .s_axis_rx_tkeep(rx_tkeep), .s_axis_rx_tvalid(rx_tvalid),
        .s_axis_rx_tready(rx_tready), .s_axis_rx_tlast(rx_tlast),
        .m_axis_tx_tdata(tx_tdata), .m_axis_tx_tkeep(tx_tkeep), .m_axis_tx_tvalid(tx_tvalid),
        .m_axis_tx_tready(tx_tready), .m_axis_tx_tlast(tx_tlast),
        .s_req_valid(req_valid), .s_req_ready(req_ready), .s_req_op(req_op),
        .s_req_pe(req_pe), .s_req_bar(req_bar), .s_req_epoch(req_epoch[CNT_WIDTH-1:0]),
        .m_rel_valid(rel_valid), .m_rel_ready(rel_ready), .m_rel_pe(rel_pe),
        .m_rel_bar(rel_bar), .m_rel_epoch(rel_epoch), .m_rel_status(rel_status),
        .m_mir_valid(mir_valid), .m_mir_ready(mir_ready), .m_mir_addr(mir_addr),
        .m_mir_data(mir_data)
    );

    integer fs, fo, ftx, frel, fmir, frd, r, cycles, passed, failed;
    reg [22:0] e_outs;
    wire [22:0] outs = {awready, wready, bvalid, bresp, arready, rvalid, rx_tready, tx_tvalid,
                        req_ready, rel_valid, rel_pe, mir_valid, dut.inc_valid, dut.inc_ready};
    reg [DATA_WIDTH-1:0] e_tdata;
    reg [KW-1:0] e_tkeep;
    reg e_tlast;
    reg [7:0] e_pe, e_bar;
    reg [63:0] e_epoch, e_addr, e_data;
    reg [1:0] e_status, e_rresp;
    reg [31:0] e_rdata;

    task fail;
        input [8*16-1:0] port;
        begin
            failed = failed + 1;
            $display("MISMATCH barrier_dev port %0s at cycle %0d", port, cycles);
            $display("%0d passed, %0d failed", passed, failed);
            $fatal(1, "vector replay mismatch");
        end
    endtask

    initial begin
        passed = 0; failed = 0; cycles = 0;
        fs   = $fopen({DIR, "/stim.hex"}, "r");
        fo   = $fopen({DIR, "/outs.hex"}, "r");
        ftx  = $fopen({DIR, "/exp_tx.hex"}, "r");
        frel = $fopen({DIR, "/exp_rel.hex"}, "r");
        fmir = $fopen({DIR, "/exp_mir.hex"}, "r");
        frd  = $fopen({DIR, "/exp_rd.hex"}, "r");
        if (fs == 0 || fo == 0 || ftx == 0 || frel == 0 || fmir == 0 || frd == 0)
            $fatal(1, "cannot open vector files in %0s", DIR);
        while ($fscanf(fs, "%h\n", v) == 1) begin
            #1;   // inputs settle after the previous edge; outputs are combinational from here
            // every handshake output pin, every cycle, as Verilator saw it (cycle-exact check)
            r = $fscanf(fo, "%h\n", e_outs);
            if (r != 1 || (!rst && e_outs !== outs)) begin   // registers are X in reset
                $display("  handshake pins {awready wready bvalid bresp arready rvalid rx_tready tx_tvalid req_ready rel_valid rel_pe mir_valid inc_valid inc_ready}: expected %b, actual %b", e_outs, outs);
                fail("pins");
            end
            if (tx_tvalid && tx_tready) begin
                r = $fscanf(ftx, "%h %h %h\n", e_tdata, e_tkeep, e_tlast);
                if (r != 3 || e_tdata !== tx_tdata || e_tkeep !== tx_tkeep || e_tlast !== tx_tlast) begin
                    $display("  expected %h %h %h, actual %h %h %h", e_tdata, e_tkeep, e_tlast,
                             tx_tdata, tx_tkeep, tx_tlast);
                    fail("tx");
                end
                else passed = passed + 1;
            end
            if (rel_valid && rel_ready) begin
                r = $fscanf(frel, "%h %h %h %h\n", e_pe, e_bar, e_epoch, e_status);
                if (r != 4 || e_pe !== rel_pe || e_bar !== rel_bar ||
                    e_epoch[CNT_WIDTH-1:0] !== rel_epoch || e_status !== rel_status) begin
                    $display("  expected %h %h %h %h, actual %h %h %h %h", e_pe, e_bar, e_epoch,
                             e_status, rel_pe, rel_bar, rel_epoch, rel_status);
                    fail("rel");
                end
                else passed = passed + 1;
            end
            if (mir_valid && mir_ready) begin
                r = $fscanf(fmir, "%h %h\n", e_addr, e_data);
                if (r != 2 || e_addr !== mir_addr || e_data !== mir_data) begin
                    $display("  expected addr %h data %h, actual addr %h data %h", e_addr, e_data,
                             mir_addr, mir_data);
                    fail("mir");
                end
                else passed = passed + 1;
            end
            if (rvalid && rready) begin
                r = $fscanf(frd, "%h %h\n", e_rdata, e_rresp);
                if (r != 2 || e_rdata !== rdata || e_rresp !== rresp) begin
                    $display("  expected %h %h, actual %h %h", e_rdata, e_rresp, rdata, rresp);
                    fail("rd");
                end
                else passed = passed + 1;
            end
            #4 clk = 1'b1;
            #5 clk = 1'b0;
            cycles = cycles + 1;
        end
        // every expected transaction must have been consumed
        if ($fscanf(ftx, "%h %h %h\n", e_tdata, e_tkeep, e_tlast) == 3) fail("tx-missing");
        if ($fscanf(frel, "%h %h %h %h\n", e_pe, e_bar, e_epoch, e_status) == 4) fail("rel-missing");
        if ($fscanf(fmir, "%h %h\n", e_addr, e_data) == 2) fail("mir-missing");
        $display("barrier_dev icarus replay: %0d cycles", cycles);
        $display("%0d passed, %0d failed", passed, failed);
        $finish;
    end
endmodule
