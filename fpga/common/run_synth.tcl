# fpga/common/run_synth.tcl - synthesise one build variant (synth_1 and the IP OOC runs).
#
#   vivado -mode batch -source run_synth.tcl -tclargs build/vars.tcl
#
# Re-sources the config Tcl first (build date and git hash generics change on every run), then
# resets and launches synth_1 with JOBS parallel jobs and fails if the run did not complete.

if {[llength $argv] != 1} {
    error "usage: vivado -mode batch -source run_synth.tcl -tclargs build/vars.tcl"
}
source [lindex $argv 0]

open_project [file join $PROJ_DIR $FPGA_TOP.xpr]
foreach f $CONFIG_TCL_FILES {
    source $f
}
reset_run synth_1
launch_runs -jobs $JOBS synth_1
wait_on_run synth_1

set progress [get_property PROGRESS [get_runs synth_1]]
set status [get_property STATUS [get_runs synth_1]]
puts "run_synth.tcl: synth_1 $progress ($status)"
if {$progress ne "100%"} {
    error "run_synth.tcl: synth_1 did not complete: $status"
}
close_project
