# fpga/common/run_impl.tcl - implement one build variant up to the bitstream and write reports.
#
#   vivado -mode batch -source run_impl.tcl -tclargs build/vars.tcl
#
# impl_1 runs opt_design, place_design, phys_opt_design, route_design and write_bitstream as
# project run steps. Afterwards, with the routed design open, the reports go to the variant
# directory (OUT_DIR): utilisation (flat and hierarchical), timing summary, clock interaction
# and CDC. The build fails when impl_1 did not complete or when setup or hold timing is not met
# (WNS or WHS < 0): a bitstream that does not meet timing is not handed out.

if {[llength $argv] != 1} {
    error "usage: vivado -mode batch -source run_impl.tcl -tclargs build/vars.tcl"
}
source [lindex $argv 0]

open_project [file join $PROJ_DIR $FPGA_TOP.xpr]
set_property STEPS.PHYS_OPT_DESIGN.IS_ENABLED true [get_runs impl_1]
reset_run impl_1
launch_runs -jobs $JOBS impl_1 -to_step write_bitstream
wait_on_run impl_1

set progress [get_property PROGRESS [get_runs impl_1]]
set status [get_property STATUS [get_runs impl_1]]
puts "run_impl.tcl: impl_1 $progress ($status)"
if {$progress ne "100%"} {
    error "run_impl.tcl: impl_1 did not complete: $status"
}

open_run impl_1
set prefix [file join $OUT_DIR $FPGA_TOP]
report_utilization -file ${prefix}_utilization.rpt
report_utilization -hierarchical -hierarchical_depth 4 -file ${prefix}_utilization_hier.rpt
report_timing_summary -delay_type min_max -max_paths 20 -report_unconstrained \
    -file ${prefix}_timing_summary.rpt
report_clock_interaction -delay_type min_max -file ${prefix}_clock_interaction.rpt
report_cdc -details -file ${prefix}_cdc.rpt

set wns [get_property SLACK [get_timing_paths -delay_type max -max_paths 1 -nworst 1]]
set whs [get_property SLACK [get_timing_paths -delay_type min -max_paths 1 -nworst 1]]
puts "run_impl.tcl: WNS $wns ns, WHS $whs ns"

set bit [file join [get_property DIRECTORY [get_runs impl_1]] $FPGA_TOP.bit]
file copy -force $bit [file join $OUT_DIR $FPGA_TOP.bit]
close_project

if {$wns eq "" || $whs eq ""} {
    error "run_impl.tcl: no timing paths found (unconstrained design?)"
}
if {$wns < 0 || $whs < 0} {
    error "run_impl.tcl: timing not met (WNS $wns ns, WHS $whs ns):\
        see ${prefix}_timing_summary.rpt"
}
puts "run_impl.tcl: wrote [file join $OUT_DIR $FPGA_TOP.bit]"
