// fpga/common/stubs/pcie4_uscale_plus_0.v - black-box port list of the UltraScale+ integrated
// block for PCI Express (AMD PG213, IP pcie4_uscale_plus) in the configuration of
// fpga/au250/ip/pcie4_uscale_plus_0.tcl: endpoint, Gen3 x8, 256-bit AXI4-Stream at 250 MHz,
// no RC straddle, client tags, MSI-X table in user logic ("MSI-X external").
//
// For Verilator lint and Yosys only: Vivado uses the real core generated from the ip/*.tcl. No
// behaviour (no body: (* blackbox *) for Yosys; the outputs are undriven here, which is what
// the lint waivers below cover). Source: PG213 port tables (completer request/completion,
// requester request/completion for the 64/128/256-bit interfaces, configuration status,
// management, message, flow control, interrupt (MSI-X external) and clock/reset interfaces).
// Widths at DW = 256: tkeep DW/32 = 8; tuser CQ 88, CC 33, RQ 62, RC 75.
// Clocks: user_clk (250 MHz) for every AXI4-Stream and cfg_* port; sys_clk (100 MHz refclk / 2
// from IBUFDS_GTE4 ODIV2), sys_clk_gt (refclk from IBUFDS_GTE4 O), sys_reset active low (PERST#).
// Latency: none modelled (black box).
// Cross-checked with fpga/common/stub_ports.py against a public Vivado 2023.2 synthesis stub of
// this core in another project (MSI-X external, Gen3 x4, 128 bits): all 133 names and
// directions agree, widths differ only where DW and the lane count do (docs/card.md 5).
// Check against the generated core on the first Vivado build with the same script.

`default_nettype none

/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNDRIVEN */
(* blackbox *)
module pcie4_uscale_plus_0 (
    // PCIe lanes 0-7 (GTY quads 227/226 on the Alveo U250)
    output wire [7:0]   pci_exp_txn,
    output wire [7:0]   pci_exp_txp,
    input  wire [7:0]   pci_exp_rxn,
    input  wire [7:0]   pci_exp_rxp,
    // user clock and reset
    output wire         user_clk,
    output wire         user_reset,
    output wire         user_lnk_up,
    // requester request (RQ): our DMA reads/writes and gpubar's writes to the host
    input  wire [255:0] s_axis_rq_tdata,
    input  wire [7:0]   s_axis_rq_tkeep,
    input  wire         s_axis_rq_tlast,
    output wire [3:0]   s_axis_rq_tready,
    input  wire [61:0]  s_axis_rq_tuser,
    input  wire         s_axis_rq_tvalid,
    // requester completion (RC): completions of our reads
    output wire [255:0] m_axis_rc_tdata,
    output wire [7:0]   m_axis_rc_tkeep,
    output wire         m_axis_rc_tlast,
    input  wire         m_axis_rc_tready,
    output wire [74:0]  m_axis_rc_tuser,
    output wire         m_axis_rc_tvalid,
    // completer request (CQ): host MMIO to BAR0
    output wire [255:0] m_axis_cq_tdata,
    output wire [7:0]   m_axis_cq_tkeep,
    output wire         m_axis_cq_tlast,
    input  wire         m_axis_cq_tready,
    output wire [87:0]  m_axis_cq_tuser,
    output wire         m_axis_cq_tvalid,
    // completer completion (CC): our answers to host MMIO reads
    input  wire [255:0] s_axis_cc_tdata,
    input  wire [7:0]   s_axis_cc_tkeep,
    input  wire         s_axis_cc_tlast,
    output wire [3:0]   s_axis_cc_tready,
    input  wire [32:0]  s_axis_cc_tuser,
    input  wire         s_axis_cc_tvalid,
    // RQ sequence numbers, tags (client tags: unused), transmit flow control, CQ credits
    output wire [5:0]   pcie_rq_seq_num0,
    output wire         pcie_rq_seq_num_vld0,
    output wire [5:0]   pcie_rq_seq_num1,
    output wire         pcie_rq_seq_num_vld1,
    output wire [7:0]   pcie_rq_tag0,
    output wire [7:0]   pcie_rq_tag1,
    output wire [3:0]   pcie_rq_tag_av,
    output wire         pcie_rq_tag_vld0,
    output wire         pcie_rq_tag_vld1,
    output wire [3:0]   pcie_tfc_nph_av,
    output wire [3:0]   pcie_tfc_npd_av,
    input  wire [1:0]   pcie_cq_np_req,
    output wire [5:0]   pcie_cq_np_req_count,
    // configuration status
    output wire         cfg_phy_link_down,
    output wire [1:0]   cfg_phy_link_status,
    output wire [2:0]   cfg_negotiated_width,
    output wire [1:0]   cfg_current_speed,
    output wire [1:0]   cfg_max_payload,
    output wire [2:0]   cfg_max_read_req,
    output wire [15:0]  cfg_function_status,
    output wire [11:0]  cfg_function_power_state,
    output wire [503:0] cfg_vf_status,
    output wire [755:0] cfg_vf_power_state,
    output wire [1:0]   cfg_link_power_state,
    output wire         cfg_err_cor_out,
    output wire         cfg_err_nonfatal_out,
    output wire         cfg_err_fatal_out,
    output wire         cfg_local_error_valid,
    output wire [4:0]   cfg_local_error_out,
    output wire [5:0]   cfg_ltssm_state,
    output wire [1:0]   cfg_rx_pm_state,
    output wire [1:0]   cfg_tx_pm_state,
    output wire [3:0]   cfg_rcb_status,
    output wire [1:0]   cfg_obff_enable,
    output wire         cfg_pl_status_change,
    output wire [3:0]   cfg_tph_requester_enable,
    output wire [11:0]  cfg_tph_st_mode,
    output wire [251:0] cfg_vf_tph_requester_enable,
    output wire [755:0] cfg_vf_tph_st_mode,
    // configuration management (config space access from user logic)
    input  wire [9:0]   cfg_mgmt_addr,
    input  wire [7:0]   cfg_mgmt_function_number,
    input  wire         cfg_mgmt_write,
    input  wire [31:0]  cfg_mgmt_write_data,
    input  wire [3:0]   cfg_mgmt_byte_enable,
    input  wire         cfg_mgmt_read,
    output wire [31:0]  cfg_mgmt_read_data,
    output wire         cfg_mgmt_read_write_done,
    input  wire         cfg_mgmt_debug_access,
    // received / transmitted messages
    output wire         cfg_msg_received,
    output wire [7:0]   cfg_msg_received_data,
    output wire [4:0]   cfg_msg_received_type,
    input  wire         cfg_msg_transmit,
    input  wire [2:0]   cfg_msg_transmit_type,
    input  wire [31:0]  cfg_msg_transmit_data,
    output wire         cfg_msg_transmit_done,
    // flow control credits
    output wire [7:0]   cfg_fc_ph,
    output wire [11:0]  cfg_fc_pd,
    output wire [7:0]   cfg_fc_nph,
    output wire [11:0]  cfg_fc_npd,
    output wire [7:0]   cfg_fc_cplh,
    output wire [11:0]  cfg_fc_cpld,
    input  wire [2:0]   cfg_fc_sel,
    // configuration control
    input  wire [63:0]  cfg_dsn,
    output wire [7:0]   cfg_bus_number,
    input  wire         cfg_power_state_change_ack,
    output wire         cfg_power_state_change_interrupt,
    input  wire         cfg_err_cor_in,
    input  wire         cfg_err_uncor_in,
    output wire [3:0]   cfg_flr_in_process,
    input  wire [3:0]   cfg_flr_done,
    output wire [251:0] cfg_vf_flr_in_process,
    input  wire [7:0]   cfg_vf_flr_func_num,
    input  wire [0:0]   cfg_vf_flr_done,
    input  wire         cfg_link_training_enable,
    // legacy interrupts (unused: INTx tied off)
    input  wire [3:0]   cfg_interrupt_int,
    input  wire [3:0]   cfg_interrupt_pending,
    output wire         cfg_interrupt_sent,
    // MSI-X, table in user logic (external)
    output wire [3:0]   cfg_interrupt_msix_enable,
    output wire [3:0]   cfg_interrupt_msix_mask,
    output wire [251:0] cfg_interrupt_msix_vf_enable,
    output wire [251:0] cfg_interrupt_msix_vf_mask,
    input  wire [63:0]  cfg_interrupt_msix_address,
    input  wire [31:0]  cfg_interrupt_msix_data,
    input  wire         cfg_interrupt_msix_int,
    input  wire [1:0]   cfg_interrupt_msix_vec_pending,
    output wire         cfg_interrupt_msix_vec_pending_status,
    output wire         cfg_interrupt_msi_sent,
    output wire         cfg_interrupt_msi_fail,
    input  wire [7:0]   cfg_interrupt_msi_function_number,
    // power management, hot reset, downstream port numbers (endpoint: tied off)
    input  wire         cfg_pm_aspm_l1_entry_reject,
    input  wire         cfg_pm_aspm_tx_l0s_entry_disable,
    output wire         cfg_hot_reset_out,
    input  wire         cfg_config_space_enable,
    input  wire         cfg_req_pm_transition_l23_ready,
    input  wire         cfg_hot_reset_in,
    input  wire [7:0]   cfg_ds_port_number,
    input  wire [7:0]   cfg_ds_bus_number,
    input  wire [4:0]   cfg_ds_device_number,
    // reference clock and reset
    input  wire         sys_clk,
    input  wire         sys_clk_gt,
    input  wire         sys_reset,
    output wire         phy_rdy_out
);
endmodule
/* verilator lint_on UNDRIVEN */
/* verilator lint_on UNUSEDSIGNAL */

`default_nettype wire
