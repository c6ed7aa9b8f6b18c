# fpga/au250/fpga_au250.xdc - board constraints of the Alveo U250 shared by every variant:
# configuration, the 300 MHz system clock, the PCIe edge connector (refclk, lanes 0-7, PERST#)
# and the status LEDs. Part xcu250-figd2104-2L-e.
#
# Pin facts from AMD UG1289 (Alveo U200/U250 user guide, appendix A, the card's XDC); the
# port names are the card top's (fpga/au250/rtl/fpga.v, next slice; docs/card.md 4).
# QSFP0 pins live in fpga_au250_qsfp0.xdc (fpga_100g only); CDC exceptions in cdc.tcl.

# ---- configuration (SPI x4 flash, 1.8 V configuration bank) ----
set_property CFGBVS GND                          [current_design]
set_property CONFIG_VOLTAGE 1.8                  [current_design]
set_property CONFIG_MODE SPIx4                   [current_design]
set_property BITSTREAM.CONFIG.SPI_BUSWIDTH 4     [current_design]
set_property BITSTREAM.CONFIG.SPI_32BIT_ADDR YES [current_design]
set_property BITSTREAM.GENERAL.COMPRESS TRUE     [current_design]

# ---- 300 MHz system clock SYSCLK0 (bank 42): init/DRP clocks and the card's slow logic ----
set_property PACKAGE_PIN AY37 [get_ports clk_300_p]
set_property PACKAGE_PIN AY38 [get_ports clk_300_n]
set_property IOSTANDARD DIFF_SSTL12 [get_ports {clk_300_p clk_300_n}]
create_clock -name clk_300 -period 3.333 [get_ports clk_300_p]

# ---- PCIe: 100 MHz reference clock MGTREFCLK0 of GTY quad 226 ----
set_property PACKAGE_PIN AM11 [get_ports pcie_refclk_p]
set_property PACKAGE_PIN AM10 [get_ports pcie_refclk_n]
create_clock -name pcie_refclk -period 10.000 [get_ports pcie_refclk_p]

# PERST# (bank 64, 1.2 V), active low, asynchronous to every clock
set_property PACKAGE_PIN BD21 [get_ports pcie_perst_n]
set_property IOSTANDARD LVCMOS12 [get_ports pcie_perst_n]
set_property PULLUP true [get_ports pcie_perst_n]
set_false_path -from [get_ports pcie_perst_n]

# Lanes 0-7 of the x16 edge (Gen3 x8, ip/pcie4_uscale_plus_0.tcl): lane 0-3 on quad 227
# channels 3..0, lanes 4-7 on quad 226 channels 3..0. Transceiver pins need no IOSTANDARD.
set_property PACKAGE_PIN AF2 [get_ports {pcie_rx_p[0]}]
set_property PACKAGE_PIN AF1 [get_ports {pcie_rx_n[0]}]
set_property PACKAGE_PIN AF7 [get_ports {pcie_tx_p[0]}]
set_property PACKAGE_PIN AF6 [get_ports {pcie_tx_n[0]}]
set_property PACKAGE_PIN AG4 [get_ports {pcie_rx_p[1]}]
set_property PACKAGE_PIN AG3 [get_ports {pcie_rx_n[1]}]
set_property PACKAGE_PIN AG9 [get_ports {pcie_tx_p[1]}]
set_property PACKAGE_PIN AG8 [get_ports {pcie_tx_n[1]}]
set_property PACKAGE_PIN AH2 [get_ports {pcie_rx_p[2]}]
set_property PACKAGE_PIN AH1 [get_ports {pcie_rx_n[2]}]
set_property PACKAGE_PIN AH7 [get_ports {pcie_tx_p[2]}]
set_property PACKAGE_PIN AH6 [get_ports {pcie_tx_n[2]}]
set_property PACKAGE_PIN AJ4 [get_ports {pcie_rx_p[3]}]
set_property PACKAGE_PIN AJ3 [get_ports {pcie_rx_n[3]}]
set_property PACKAGE_PIN AJ9 [get_ports {pcie_tx_p[3]}]
set_property PACKAGE_PIN AJ8 [get_ports {pcie_tx_n[3]}]
set_property PACKAGE_PIN AK2 [get_ports {pcie_rx_p[4]}]
set_property PACKAGE_PIN AK1 [get_ports {pcie_rx_n[4]}]
set_property PACKAGE_PIN AK7 [get_ports {pcie_tx_p[4]}]
set_property PACKAGE_PIN AK6 [get_ports {pcie_tx_n[4]}]
set_property PACKAGE_PIN AL4 [get_ports {pcie_rx_p[5]}]
set_property PACKAGE_PIN AL3 [get_ports {pcie_rx_n[5]}]
set_property PACKAGE_PIN AL9 [get_ports {pcie_tx_p[5]}]
set_property PACKAGE_PIN AL8 [get_ports {pcie_tx_n[5]}]
set_property PACKAGE_PIN AM2 [get_ports {pcie_rx_p[6]}]
set_property PACKAGE_PIN AM1 [get_ports {pcie_rx_n[6]}]
set_property PACKAGE_PIN AM7 [get_ports {pcie_tx_p[6]}]
set_property PACKAGE_PIN AM6 [get_ports {pcie_tx_n[6]}]
set_property PACKAGE_PIN AN4 [get_ports {pcie_rx_p[7]}]
set_property PACKAGE_PIN AN3 [get_ports {pcie_rx_n[7]}]
set_property PACKAGE_PIN AN9 [get_ports {pcie_tx_p[7]}]
set_property PACKAGE_PIN AN8 [get_ports {pcie_tx_n[7]}]

# ---- status LEDs (bank 64, 1.2 V): quasi-static outputs ----
set_property PACKAGE_PIN BC21 [get_ports {led[0]}]
set_property PACKAGE_PIN BB21 [get_ports {led[1]}]
set_property PACKAGE_PIN BA20 [get_ports {led[2]}]
set_property IOSTANDARD LVCMOS12 [get_ports {led[*]}]
set_property DRIVE 8 [get_ports {led[*]}]
set_property SLEW SLOW [get_ports {led[*]}]
set_false_path -to [get_ports {led[*]}]
