# fpga/au250/ip/cmac_usplus_0.tcl - the UltraScale+ integrated 100G Ethernet subsystem (CMAC,
# AMD PG203) on QSFP0 of the Alveo U250; used by the fpga_100g variant only.
#
# Sourced by fpga/common/create_project.tcl. Module name cmac_usplus_0; the ports of this
# configuration that the card top connects are mirrored by the black box
# fpga/common/stubs/cmac_usplus_0.v. Generating a bitstream with it needs the (free of charge)
# CMAC licence from AMD (docs/card.md 2).
#
# Choices (docs/card.md 6):
# - CAUI-4, 4 x 25.78125 Gb/s lanes, transceivers inside the core, on GTY quad 231 =
#   GTYE4_CHANNEL_X1Y48..X1Y51 (QSFP0 lanes 0-3, fpga_au250_qsfp0.xdc).
# - Reference clock 161.1328125 MHz: QSFP0's SI5335 comes up at that frequency while the FPGA
#   leaves its FS[1:0] pins undriven (pull-ups, FS = 1x: UG1289), so no clock programming is
#   needed; it enters on MGTREFCLK1 of quad 231 (K11/K10).
# - AXI4-Stream user interface, 512 bits at the core's 322.265625 MHz TX/RX user clocks; the card
#   top crosses to the NIC's 250 MHz PCIe user clock through CDC FIFOs (cdc.tcl).
# - RS-FEC (IEEE 802.3 clause 91) included: 100GBASE-SR4 / CR4 links need it.
# - No pause/PFC, no PTP time stamping, no AXI4-Lite (ctl_* are ports, set by the card top).
# - init_clk / DRP clock 125 MHz (from the card's 300 MHz clock through an MMCM in the card top).
# Not set here: CMAC_CORE_SELECT (the CMAC site); Vivado's default must be checked on the first
# lab build against quad 231 (docs/card.md 5).

create_ip -name cmac_usplus -vendor xilinx.com -library ip -module_name cmac_usplus_0

set cmac_cfg [dict create]
dict set cmac_cfg CONFIG.CMAC_CAUI4_MODE      {1}
dict set cmac_cfg CONFIG.NUM_LANES            {4x25}
dict set cmac_cfg CONFIG.GT_REF_CLK_FREQ      {161.1328125}
dict set cmac_cfg CONFIG.GT_DRP_CLK           {125.00}
dict set cmac_cfg CONFIG.GT_GROUP_SELECT      {X1Y48~X1Y51}
dict set cmac_cfg CONFIG.USER_INTERFACE       {AXIS}
dict set cmac_cfg CONFIG.INCLUDE_RS_FEC       {1}
dict set cmac_cfg CONFIG.ENABLE_AXI_INTERFACE {0}
dict set cmac_cfg CONFIG.ENABLE_TIME_STAMPING {0}
dict set cmac_cfg CONFIG.TX_FLOW_CONTROL      {0}
dict set cmac_cfg CONFIG.RX_FLOW_CONTROL      {0}

set_property -dict $cmac_cfg [get_ips cmac_usplus_0]
