# fpga/au250/fpga_au250_qsfp0.xdc - QSFP28 cage 0 of the Alveo U250 (fpga_100g variant only):
# the four GTY lanes of quad 231, its reference clock and the module's sideband pins.
#
# Pin facts from AMD UG1289 (Alveo U200/U250 user guide, appendix A). Port names are the card
# top's (docs/card.md 4). The fpga_loopback variant has no network port and omits this file.

# Reference clock: SI5335 output to MGTREFCLK1 of quad 231. FS[1:0] undriven (pull-ups) gives
# 161.1328125 MHz (UG1289), the frequency ip/cmac_usplus_0.tcl is configured for.
set_property PACKAGE_PIN K11 [get_ports qsfp0_refclk_p]
set_property PACKAGE_PIN K10 [get_ports qsfp0_refclk_n]
create_clock -name qsfp0_refclk -period 6.206 [get_ports qsfp0_refclk_p]

# Lanes 0-3 = GTYE4_CHANNEL_X1Y48..X1Y51 (quad 231 channels 0-3)
set_property PACKAGE_PIN N4 [get_ports {qsfp0_rx_p[0]}]
set_property PACKAGE_PIN N3 [get_ports {qsfp0_rx_n[0]}]
set_property PACKAGE_PIN N9 [get_ports {qsfp0_tx_p[0]}]
set_property PACKAGE_PIN N8 [get_ports {qsfp0_tx_n[0]}]
set_property PACKAGE_PIN M2 [get_ports {qsfp0_rx_p[1]}]
set_property PACKAGE_PIN M1 [get_ports {qsfp0_rx_n[1]}]
set_property PACKAGE_PIN M7 [get_ports {qsfp0_tx_p[1]}]
set_property PACKAGE_PIN M6 [get_ports {qsfp0_tx_n[1]}]
set_property PACKAGE_PIN L4 [get_ports {qsfp0_rx_p[2]}]
set_property PACKAGE_PIN L3 [get_ports {qsfp0_rx_n[2]}]
set_property PACKAGE_PIN L9 [get_ports {qsfp0_tx_p[2]}]
set_property PACKAGE_PIN L8 [get_ports {qsfp0_tx_n[2]}]
set_property PACKAGE_PIN K2 [get_ports {qsfp0_rx_p[3]}]
set_property PACKAGE_PIN K1 [get_ports {qsfp0_rx_n[3]}]
set_property PACKAGE_PIN K7 [get_ports {qsfp0_tx_p[3]}]
set_property PACKAGE_PIN K6 [get_ports {qsfp0_tx_n[3]}]

# Module sideband (bank 64, 1.2 V): ModSelL, ResetL, LPMode out; ModPrsL, IntL in (pulled up)
set_property PACKAGE_PIN BE16 [get_ports qsfp0_modsel_n]
set_property PACKAGE_PIN BE17 [get_ports qsfp0_reset_n]
set_property PACKAGE_PIN BD18 [get_ports qsfp0_lpmode]
set_property PACKAGE_PIN BE20 [get_ports qsfp0_modprs_n]
set_property PACKAGE_PIN BE21 [get_ports qsfp0_int_n]
set_property IOSTANDARD LVCMOS12 [get_ports {qsfp0_modsel_n qsfp0_reset_n qsfp0_lpmode}]
set_property IOSTANDARD LVCMOS12 [get_ports {qsfp0_modprs_n qsfp0_int_n}]
set_property PULLUP true [get_ports {qsfp0_modprs_n qsfp0_int_n}]
set_false_path -to [get_ports {qsfp0_modsel_n qsfp0_reset_n qsfp0_lpmode}]
set_false_path -from [get_ports {qsfp0_modprs_n qsfp0_int_n}]
