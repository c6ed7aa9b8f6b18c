// mcast_pe_replay: Icarus Verilog vector replay of mcast_pe at its default parameters (second
// simulator, docs/mcast.md §8).
//
// The Verilator lockstep run (tb/mcast/tb_mcast --scenario random --vectors DIR) writes, every
// clock cycle, the value of every input pin of mcast_pe to DIR/stim.hex and its handshake output
// pins to DIR/outs.hex; for every output transaction the C model predicted (and the RTL matched)
// one line per beat / transaction to DIR/exp_{fab,loc,ocpl,fcpl,rd}.hex. This bench (the common
// part in tb/common/replay.vh) applies the pins cycle by cycle, compares the handshake pins every
// cycle out of reset, and compares each output handshake with the next model-expected line of its
// port. Prints "N passed, N failed"; $fatal on the first mismatch.
//
// stim.hex (msb first): rst, awvalid, awaddr[15:0], wvalid, wdata[31:0], wstrb[3:0], bready,
//   arvalid, araddr[15:0], rready, loc_tvalid, loc_tdata[63:0], loc_tkeep[7:0], loc_tlast,
//   loc_tuser[11:0], fab_tvalid, fab_tdata[63:0], fab_tkeep[7:0], fab_tlast, m_fab_tready,
//   m_loc_tready, lcpl_valid, lcpl_port[2:0], lcpl_mtid[7:0], lcpl_ok, fcpl_valid,
//   fcpl_src_sw[7:0], fcpl_mtid[7:0], fcpl_n_ok[7:0], fcpl_n_fail[7:0], tick_valid,
//   m_ocpl_ready, m_fcpl_ready   (= 259 bits, 65 hex digits)
// outs.hex: awready wready bvalid bresp[1:0] arready rvalid loc_tready fab_tready m_fab_tvalid
//   m_loc_tvalid lcpl_ready fcpl_ready tick_ready m_ocpl_valid m_fcpl_valid (16 bits)
// exp_fab.hex: tdata tkeep tlast tuser[1:0] per beat (75 bits); exp_loc.hex: same, tuser[11:0];
// exp_ocpl.hex: port tag status n_ok n_fail fail_bmp; exp_fcpl.hex: dst src mtid status n_ok
// n_fail; exp_rd.hex: rdata rresp as one 34-bit value.
`timescale 1ns/1ps
`default_nettype none
module mcast_pe_replay;
    parameter DIR = "build/vectors/mcast";
    localparam SW = 1 + 1 + 16 + 1 + 32 + 4 + 1 + 1 + 16 + 1 + 1 + 64 + 8 + 1 + 12 + 1 + 64 + 8 + 1 +
                    1 + 1 + 1 + 3 + 8 + 1 + 1 + 8 + 8 + 8 + 8 + 1 + 1 + 1;
    localparam REPLAY_DUT = "mcast_pe", REPLAY_PINS_W = 16, REPLAY_AXIL_AW = 16;
    localparam REPLAY_PINS = {"awready wready bvalid bresp arready rvalid loc_tready fab_tready m_fab_tvalid ",
                              "m_loc_tvalid lcpl_ready fcpl_ready tick_ready m_ocpl_valid m_fcpl_valid"};
`include "replay.vh"

    reg [SW-1:0] v;
    wire rst, loc_tvalid, loc_tlast, fab_tvalid, fab_tlast;
    wire mfab_tready, mloc_tready, lcpl_valid, lcpl_ok, fcpl_valid, tick_valid, ocpl_ready, fcpl_ready;
    wire [63:0] loc_tdata, fab_tdata;
    wire [7:0]  loc_tkeep, fab_tkeep, lcpl_mtid, fcpl_src, fcpl_mtid, fcpl_nok, fcpl_nfail;
    wire [11:0] loc_tuser;
    wire [2:0]  lcpl_port;
    assign {rst, awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready,
            loc_tvalid, loc_tdata, loc_tkeep, loc_tlast, loc_tuser, fab_tvalid, fab_tdata, fab_tkeep,
            fab_tlast, mfab_tready, mloc_tready, lcpl_valid, lcpl_port, lcpl_mtid, lcpl_ok, fcpl_valid,
            fcpl_src, fcpl_mtid, fcpl_nok, fcpl_nfail, tick_valid, ocpl_ready, fcpl_ready} = v;

    wire loc_tready, fab_tready, mfab_tvalid, mfab_tlast;
    wire mloc_tvalid, mloc_tlast, lcpl_ready, fcpl_ready_o, tick_ready, ocpl_valid, fcpl_valid_o;
    wire [1:0]  mfab_tuser, ocpl_status, fcpl_status;
    wire [63:0] mfab_tdata, mloc_tdata;
    wire [7:0]  mfab_tkeep, mloc_tkeep, ocpl_tag, ocpl_nok, ocpl_nfail, ocpl_fbmp;
    wire [7:0]  fcpl_dst, fcpl_srco, fcpl_mtido, fcpl_noko, fcpl_nfailo;
    wire [11:0] mloc_tuser;
    wire [2:0]  ocpl_port;

    mcast_pe dut (
        .clk(clk), .rst(rst),
        `REPLAY_AXIL_PORTS,
        .s_axis_loc_tdata(loc_tdata), .s_axis_loc_tkeep(loc_tkeep), .s_axis_loc_tvalid(loc_tvalid),
        .s_axis_loc_tready(loc_tready), .s_axis_loc_tlast(loc_tlast), .s_axis_loc_tuser(loc_tuser),
        .s_axis_fab_tdata(fab_tdata), .s_axis_fab_tkeep(fab_tkeep), .s_axis_fab_tvalid(fab_tvalid),
        .s_axis_fab_tready(fab_tready), .s_axis_fab_tlast(fab_tlast),
        .m_axis_fab_tdata(mfab_tdata), .m_axis_fab_tkeep(mfab_tkeep), .m_axis_fab_tvalid(mfab_tvalid),
        .m_axis_fab_tready(mfab_tready), .m_axis_fab_tlast(mfab_tlast), .m_axis_fab_tuser(mfab_tuser),
        .m_axis_loc_tdata(mloc_tdata), .m_axis_loc_tkeep(mloc_tkeep), .m_axis_loc_tvalid(mloc_tvalid),
        .m_axis_loc_tready(mloc_tready), .m_axis_loc_tlast(mloc_tlast), .m_axis_loc_tuser(mloc_tuser),
        .s_lcpl_valid(lcpl_valid), .s_lcpl_ready(lcpl_ready), .s_lcpl_port(lcpl_port),
        .s_lcpl_mtid(lcpl_mtid), .s_lcpl_ok(lcpl_ok),
        .s_fcpl_valid(fcpl_valid), .s_fcpl_ready(fcpl_ready_o), .s_fcpl_src_sw(fcpl_src),
        .s_fcpl_mtid(fcpl_mtid), .s_fcpl_n_ok(fcpl_nok), .s_fcpl_n_fail(fcpl_nfail),
        .s_tick_valid(tick_valid), .s_tick_ready(tick_ready),
        .m_ocpl_valid(ocpl_valid), .m_ocpl_ready(ocpl_ready), .m_ocpl_port(ocpl_port),
        .m_ocpl_tag(ocpl_tag), .m_ocpl_status(ocpl_status), .m_ocpl_n_ok(ocpl_nok),
        .m_ocpl_n_fail(ocpl_nfail), .m_ocpl_fail_bmp(ocpl_fbmp),
        .m_fcpl_valid(fcpl_valid_o), .m_fcpl_ready(fcpl_ready), .m_fcpl_dst_sw(fcpl_dst),
        .m_fcpl_src_sw(fcpl_srco), .m_fcpl_mtid(fcpl_mtido), .m_fcpl_status(fcpl_status),
        .m_fcpl_n_ok(fcpl_noko), .m_fcpl_n_fail(fcpl_nfailo)
    );

    wire [15:0] outs = {awready, wready, bvalid, bresp, arready, rvalid, loc_tready, fab_tready,
                        mfab_tvalid, mloc_tvalid, lcpl_ready, fcpl_ready_o, tick_ready, ocpl_valid,
                        fcpl_valid_o};
    integer ffab, floc, focpl, ffcpl, frd;
    reg [74:0] e_fab;
    reg [84:0] e_loc;
    reg [36:0] e_ocpl;
    reg [41:0] e_fcpl;
    reg [33:0] e_rd;

    task replay_setup;
        begin
            ffab  = replay_open("exp_fab.hex");
            floc  = replay_open("exp_loc.hex");
            focpl = replay_open("exp_ocpl.hex");
            ffcpl = replay_open("exp_fcpl.hex");
            frd   = replay_open("exp_rd.hex");
        end
    endtask

    task replay_cycle;
        begin
            if (mfab_tvalid && mfab_tready) begin
                r = $fscanf(ffab, "%h\n", e_fab);
                if (r != 1 || e_fab !== {mfab_tdata, mfab_tkeep, mfab_tlast, mfab_tuser}) begin
                    $display("  expected %h, actual %h", e_fab, {mfab_tdata, mfab_tkeep, mfab_tlast, mfab_tuser});
                    fail("m_axis_fab");
                end else passed = passed + 1;
            end
            if (mloc_tvalid && mloc_tready) begin
                r = $fscanf(floc, "%h\n", e_loc);
                if (r != 1 || e_loc !== {mloc_tdata, mloc_tkeep, mloc_tlast, mloc_tuser}) begin
                    $display("  expected %h, actual %h", e_loc, {mloc_tdata, mloc_tkeep, mloc_tlast, mloc_tuser});
                    fail("m_axis_loc");
                end else passed = passed + 1;
            end
            if (ocpl_valid && ocpl_ready) begin
                r = $fscanf(focpl, "%h\n", e_ocpl);
                if (r != 1 || e_ocpl !== {ocpl_port, ocpl_tag, ocpl_status, ocpl_nok, ocpl_nfail, ocpl_fbmp}) begin
                    $display("  expected %h", e_ocpl);
                    fail("m_ocpl");
                end else passed = passed + 1;
            end
            if (fcpl_valid_o && fcpl_ready) begin
                r = $fscanf(ffcpl, "%h\n", e_fcpl);
                if (r != 1 || e_fcpl !== {fcpl_dst, fcpl_srco, fcpl_mtido, fcpl_status, fcpl_noko, fcpl_nfailo}) begin
                    $display("  expected %h", e_fcpl);
                    fail("m_fcpl");
                end else passed = passed + 1;
            end
            if (rvalid && rready) begin   // exp_rd.hex holds {rdata, rresp} as one value
                r = $fscanf(frd, "%h\n", e_rd);
                if (r != 1 || e_rd !== {rdata, rresp}) begin
                    $display("  expected %h, actual %h", e_rd, {rdata, rresp});
                    fail("rd");
                end else passed = passed + 1;
            end
        end
    endtask
endmodule
`default_nettype wire
