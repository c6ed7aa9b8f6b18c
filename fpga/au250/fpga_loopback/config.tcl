# fpga/au250/fpga_loopback/config.tcl - generics of the fpga_loopback variant of the Alveo U250
# build: the NIC's network port looped back inside the FPGA (no MAC, no transceivers besides
# PCIe), the first build: host -> NIC -> loopback -> NIC -> GPU BAR without a cable.
# Sourced by fpga/common/create_project.tcl and run_synth.tcl (docs/card.md 1).

set NET_MODE loopback
source [file join [file dirname [info script]] .. config_common.tcl]
