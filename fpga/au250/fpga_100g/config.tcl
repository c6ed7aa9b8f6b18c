# fpga/au250/fpga_100g/config.tcl - generics of the fpga_100g variant of the Alveo U250 build:
# the NIC's network port through the 100G MAC (cmac_usplus_0, RS-FEC) on QSFP0; needs the CMAC
# licence. Sourced by fpga/common/create_project.tcl and run_synth.tcl (docs/card.md 1).

set NET_MODE cmac
source [file join [file dirname [info script]] .. config_common.tcl]
