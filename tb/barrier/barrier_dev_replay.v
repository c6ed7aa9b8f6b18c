// barrier_dev_replay: Icarus Verilog vector replay of barrier_dev (second simulator).
//
// The Verilator lockstep run (tb/barrier, --vectors DIR) writes, for every clock cycle, the
// value of every input pin of barrier_dev to DIR/stim.hex and its handshake output pins to
// DIR/outs.hex, and, for every output transaction that the C model predicted and the RTL matched,
// one line to DIR/exp_{tx,rel,mir,rd}.hex. This bench (the common part in tb/common/replay.vh)
// applies the same pin values cycle by cycle and compares each output handshake with the next
// expected line of its port. It prints "N passed, N failed" and exits with $fatal on a mismatch,
// so the RTL is checked without Verilator's scheduling semantics.
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
`default_nettype none
module barrier_dev_replay;
    parameter DATA_WIDTH   = 64;
    parameter NUM_BARRIERS = 16;
    parameter NUM_PES      = 16;
    parameter CNT_WIDTH    = 64;
    parameter DIR          = "build/vectors/barrier";
    localparam KW = DATA_WIDTH / 8;
    localparam SW = 1 + 1 + 16 + 1 + 32 + 4 + 1 + 1 + 16 + 1 + 1 + DATA_WIDTH + KW + 1 + 1 +
                    1 + 2 + 8 + 8 + 64 + 1 + 1;
    localparam REPLAY_DUT = "barrier_dev", REPLAY_PINS_W = 23, REPLAY_AXIL_AW = 16;
    localparam REPLAY_PINS = {"awready wready bvalid bresp arready rvalid rx_tready tx_tvalid req_ready rel_valid ",
                              "rel_pe mir_valid inc_valid inc_ready"};
`include "replay.vh"

    reg [SW-1:0] v;
    wire rst, rx_tvalid, rx_tlast, tx_tready;
    wire req_valid, rel_ready, mir_ready;
    wire [DATA_WIDTH-1:0] rx_tdata;
    wire [KW-1:0] rx_tkeep;
    wire [1:0]  req_op;
    wire [7:0]  req_pe, req_bar;
    wire [63:0] req_epoch;
    assign {rst, awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready,
            rx_tvalid, rx_tdata, rx_tkeep, rx_tlast, tx_tready, req_valid, req_op, req_pe,
            req_bar, req_epoch, rel_ready, mir_ready} = v;

    wire rx_tready, tx_tvalid, tx_tlast;
    wire req_ready, rel_valid, mir_valid;
    wire [1:0] rel_status;
    wire [DATA_WIDTH-1:0] tx_tdata;
    wire [KW-1:0] tx_tkeep;
    wire [7:0] rel_pe, rel_bar;
    wire [CNT_WIDTH-1:0] rel_epoch;
    wire [63:0] mir_addr, mir_data;

    barrier_dev #(.DATA_WIDTH(DATA_WIDTH), .NUM_BARRIERS(NUM_BARRIERS), .NUM_PES(NUM_PES),
                  .CNT_WIDTH(CNT_WIDTH)) dut (
        .clk(clk), .rst(rst),
        `REPLAY_AXIL_PORTS,
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

    wire [22:0] outs = {awready, wready, bvalid, bresp, arready, rvalid, rx_tready, tx_tvalid,
                        req_ready, rel_valid, rel_pe, mir_valid, dut.inc_valid, dut.inc_ready};
    integer ftx, frel, fmir, frd;
    reg [DATA_WIDTH-1:0] e_tdata;
    reg [KW-1:0] e_tkeep;
    reg e_tlast;
    reg [7:0] e_pe, e_bar;
    reg [63:0] e_epoch, e_addr, e_data;
    reg [1:0] e_status;

    task replay_setup;
        begin
            ftx  = replay_open("exp_tx.hex");
            frel = replay_open("exp_rel.hex");
            fmir = replay_open("exp_mir.hex");
            frd  = replay_open("exp_rd.hex");
        end
    endtask

    task replay_cycle;
        begin
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
            replay_axil_r(frd, rvalid && rready);
        end
    endtask
endmodule
`default_nettype wire
