# fpga/common/program.tcl - load the variant's bitstream into the FPGA over JTAG (volatile: lost
# at power-off; the card keeps booting its flash image).
#
#   vivado -mode batch -source program.tcl -tclargs build/vars.tcl
#
# Needs a local hw_server (started by Vivado or Vivado Lab) and the card's USB-JTAG cable
# (Alveo U250: the micro-USB port on the bracket, or the maintenance connector). After loading,
# the host must rescan the PCIe bus (docs/card.md 3: remove the device, rescan) because the
# endpoint's configuration space was reset.

if {[llength $argv] != 1} {
    error "usage: vivado -mode batch -source program.tcl -tclargs build/vars.tcl"
}
source [lindex $argv 0]

set bit [file join $OUT_DIR $FPGA_TOP.bit]
open_hw_manager
connect_hw_server
open_hw_target [lindex [get_hw_targets $PROG_TARGET] 0]
set dev [lindex [get_hw_devices $PROG_DEVICE] 0]
if {$dev eq ""} {
    error "program.tcl: no JTAG device $PROG_DEVICE on target $PROG_TARGET"
}
current_hw_device $dev
refresh_hw_device -update_hw_probes false $dev
set_property PROGRAM.FILE $bit $dev
program_hw_devices $dev
refresh_hw_device $dev
puts "program.tcl: programmed $dev with $bit"
close_hw_target
disconnect_hw_server
close_hw_manager
