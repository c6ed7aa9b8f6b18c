`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_cmdq_axiw: AXI4 write slave of the nic_cmdq doorbell window (AW/W/B), one burst at a time.
//
// Source: ../shared/spec/003-nic-app-state.md block B1 ("In: PCIe MWr TLPs to BAR pages", one
//   4 KiB page per queue); seed 003 L28-L30 (PIO pushes); docs/nic_cmdq.md section 3.
// Shapes: AW {awid[ID_W], awaddr[AW_W] (byte), awlen[7:0], awsize[2:0], awburst[1:0]},
//   W handshake and wlast (data and strobes go straight to the owner), B {bid, bresp[1:0]}.
// Behaviour: an AW is accepted when no burst is open and no B is pending or waiting. Its beats
//   are offered on beat_* (beat k at byte address (awaddr & ~7) + 8k; INCR only) and taken by
//   the owner (beat_take, the W handshake: wready = burst open && beat_take_ok). A burst with
//   awsize != 3 (64-bit beats) or awburst != INCR is accepted and its beats are marked beat_bad
//   (the owner drops and counts them). The burst ends with the beat carrying wlast (awlen is
//   not checked against wlast: wlast ends the burst). The owner reports the end of the burst's
//   last beat in its write stage (done, done_err: some beat of the burst was dropped); B follows
//   in the next cycle, bresp SLVERR (2'b10) if done_err else OKAY.
// Latency: AW to first W accepted 1 cycle; last beat to B: the owner's pipeline (3 cycles in
//   nic_cmdq) + 1. Throughput: one beat per cycle inside a burst; bursts do not overlap.
// Errors: none of its own (bad bursts are marked, the owner counts them).
module nic_cmdq_axiw #(
    parameter ID_W = 4,
    parameter AW_W = 17
) (
    input  wire            clk,
    input  wire            rst,
    input  wire [ID_W-1:0] s_axi_awid,
    input  wire [AW_W-1:0] s_axi_awaddr,
    input  wire [7:0]      s_axi_awlen,
    input  wire [2:0]      s_axi_awsize,
    input  wire [1:0]      s_axi_awburst,
    input  wire            s_axi_awvalid,
    output wire            s_axi_awready,
    input  wire            s_axi_wlast,
    input  wire            s_axi_wvalid,
    output wire            s_axi_wready,
    output wire [ID_W-1:0] s_axi_bid,
    output wire [1:0]      s_axi_bresp,
    output wire            s_axi_bvalid,
    input  wire            s_axi_bready,
    // beats to the owner
    output wire            beat_valid,    // a W beat is offered (wvalid inside an open burst)
    input  wire            beat_take_ok,  // the owner takes it this cycle if valid
    output wire [AW_W-1:0] beat_addr,     // 8-byte aligned
    output wire            beat_bad,
    output wire            beat_last,
    // end of a burst in the owner's write stage
    input  wire            done,
    input  wire            done_err
);
    reg            open_reg;      // AW accepted, wlast not yet accepted
    reg            wait_reg;      // wlast accepted, owner not yet done
    reg            bvalid_reg;
    reg [1:0]      bresp_reg;
    reg [ID_W-1:0] id_reg;
    reg [AW_W-1:0] addr_reg;
    reg            bad_reg;

    wire aw_fire = s_axi_awvalid && !open_reg && !wait_reg && !bvalid_reg;
    wire w_fire  = open_reg && s_axi_wvalid && beat_take_ok;

    assign s_axi_awready = !open_reg && !wait_reg && !bvalid_reg;
    assign s_axi_wready  = open_reg && beat_take_ok;
    assign s_axi_bid     = id_reg;
    assign s_axi_bresp   = bresp_reg;
    assign s_axi_bvalid  = bvalid_reg;
    assign beat_valid    = open_reg && s_axi_wvalid;
    assign beat_addr     = addr_reg;
    assign beat_bad      = bad_reg;
    assign beat_last     = s_axi_wlast;

    always @(posedge clk) begin
        if (rst) begin
            open_reg   <= 1'b0;
            wait_reg   <= 1'b0;
            bvalid_reg <= 1'b0;
            bresp_reg  <= 2'b00;
            id_reg     <= {ID_W{1'b0}};
            addr_reg   <= {AW_W{1'b0}};
            bad_reg    <= 1'b0;
        end else begin
            if (aw_fire) begin
                open_reg <= 1'b1;
                id_reg   <= s_axi_awid;
                addr_reg <= {s_axi_awaddr[AW_W-1:3], 3'b000};
                bad_reg  <= s_axi_awsize != 3'd3 || s_axi_awburst != 2'b01;
            end
            if (w_fire) begin
                addr_reg <= addr_reg + 8;
                if (s_axi_wlast) begin
                    open_reg <= 1'b0;
                    wait_reg <= 1'b1;
                end
            end
            if (done) begin
                wait_reg   <= 1'b0;
                bvalid_reg <= 1'b1;
                bresp_reg  <= done_err ? 2'b10 : 2'b00;
            end else if (bvalid_reg && s_axi_bready) begin
                bvalid_reg <= 1'b0;
            end
        end
    end
    // awlen is informative only (wlast ends the burst)
    wire unused_ok = &{1'b0, s_axi_awlen, s_axi_awaddr[2:0]};
endmodule
`resetall
