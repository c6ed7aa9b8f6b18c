// fpga/common/stubs/cmac_usplus_0.v - black-box port list of the UltraScale+ integrated 100G
// Ethernet subsystem (AMD PG203, IP cmac_usplus) in the configuration of
// fpga/au250/ip/cmac_usplus_0.tcl: CAUI-4 (4 x 25.78125 Gb/s), transceivers in the core,
// AXI4-Stream user interface (512 bits, 322.265625 MHz), RS-FEC, no AXI4-Lite, no pause/PFC,
// no PTP time stamping.
//
// For Verilator lint and Yosys only (no behaviour; (* blackbox *) for Yosys; outputs undriven
// here, covered by the lint waivers below). Source: PG203 port tables (transceiver, clocks and
// resets, AXI4-Stream TX/RX, RX/TX control, RS-FEC, DRP) and the instantiation template of a
// generated core of this family.
// Ports: every input of this configuration; of the outputs, those the card top uses (lanes,
// user clocks and resets, AXI4-Stream, block lock / sync / RS-FEC alignment status, a few
// packet counters' increments, DRP). The core has further stat_* outputs (per-lane framing and
// BIP errors, packet-size histograms, OTN and lane-aligner fill outputs): an output left
// unconnected needs no port here, and fpga/common/stub_ports.py lists them against Vivado's
// cmac_usplus_0_stub.v on the first lab build (docs/card.md 5).
// Clocks: gt_txusrclk2 (322.265625 MHz) clocks tx_axis_* and ctl_tx_*; rx_clk (driven by the
// card top with gt_rxusrclk2 or gt_txusrclk2) clocks rx_axis_* and ctl_rx_*; init_clk and
// drp_clk 125 MHz free-running. rx_axis has no tready: the core never waits, the card top's RX
// FIFO must take every beat. Latency: none modelled (black box).

`default_nettype none

/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNDRIVEN */
(* blackbox *)
module cmac_usplus_0 (
    // QSFP0 lanes 0-3 (GTY quad 231)
    input  wire         gt0_rxp_in,
    input  wire         gt0_rxn_in,
    input  wire         gt1_rxp_in,
    input  wire         gt1_rxn_in,
    input  wire         gt2_rxp_in,
    input  wire         gt2_rxn_in,
    input  wire         gt3_rxp_in,
    input  wire         gt3_rxn_in,
    output wire         gt0_txp_out,
    output wire         gt0_txn_out,
    output wire         gt1_txp_out,
    output wire         gt1_txn_out,
    output wire         gt2_txp_out,
    output wire         gt2_txn_out,
    output wire         gt3_txp_out,
    output wire         gt3_txn_out,
    // transceiver clocks, loopback, power good, datapath resets
    output wire         gt_txusrclk2,
    output wire         gt_rxusrclk2,
    input  wire [11:0]  gt_loopback_in,
    output wire         gt_ref_clk_out,
    output wire [3:0]   gt_rxrecclkout,
    output wire [3:0]   gt_powergoodout,
    input  wire         gtwiz_reset_tx_datapath,
    input  wire         gtwiz_reset_rx_datapath,
    // reference clock, init clock, resets
    input  wire         gt_ref_clk_p,
    input  wire         gt_ref_clk_n,
    input  wire         init_clk,
    input  wire         sys_reset,
    input  wire         core_rx_reset,
    input  wire         core_tx_reset,
    input  wire         core_drp_reset,
    output wire         usr_rx_reset,
    output wire         usr_tx_reset,
    // RS-FEC control and status
    input  wire         ctl_tx_rsfec_enable,
    input  wire         ctl_rx_rsfec_enable,
    input  wire         ctl_rsfec_ieee_error_indication_mode,
    input  wire         ctl_rx_rsfec_enable_correction,
    input  wire         ctl_rx_rsfec_enable_indication,
    output wire         stat_rx_rsfec_lane_alignment_status,
    output wire         stat_rx_rsfec_hi_ser,
    output wire         stat_rx_rsfec_uncorrected_cw_inc,
    // RX: AXI4-Stream out (no tready), control, status
    input  wire         rx_clk,
    output wire         rx_axis_tvalid,
    output wire [511:0] rx_axis_tdata,
    output wire         rx_axis_tlast,
    output wire [63:0]  rx_axis_tkeep,
    output wire         rx_axis_tuser,
    output wire [55:0]  rx_preambleout,
    input  wire         ctl_rx_enable,
    input  wire         ctl_rx_force_resync,
    input  wire         ctl_rx_test_pattern,
    output wire [19:0]  stat_rx_block_lock,
    output wire [19:0]  stat_rx_synced,
    output wire [2:0]   stat_rx_bad_fcs,
    output wire [2:0]   stat_rx_total_packets,
    // TX: AXI4-Stream in, control, status
    output wire         tx_axis_tready,
    input  wire         tx_axis_tvalid,
    input  wire [511:0] tx_axis_tdata,
    input  wire         tx_axis_tlast,
    input  wire [63:0]  tx_axis_tkeep,
    input  wire         tx_axis_tuser,
    input  wire [55:0]  tx_preamblein,
    output wire         tx_ovfout,
    output wire         tx_unfout,
    input  wire         ctl_tx_enable,
    input  wire         ctl_tx_send_idle,
    input  wire         ctl_tx_send_rfi,
    input  wire         ctl_tx_send_lfi,
    input  wire         ctl_tx_test_pattern,
    output wire         stat_tx_total_packets,
    output wire         stat_tx_local_fault,
    // DRP
    input  wire         drp_clk,
    input  wire [9:0]   drp_addr,
    input  wire [15:0]  drp_di,
    input  wire         drp_en,
    input  wire         drp_we,
    output wire [15:0]  drp_do,
    output wire         drp_rdy
);
endmodule
/* verilator lint_on UNDRIVEN */
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
