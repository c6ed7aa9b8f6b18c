# fpga/common/test/broken_brace.tcl - negative fixture of `make lint-card`: an unclosed brace
# that tcl_check.tcl must reject (so the parse check cannot pass silently).
set_property -dict [list CONFIG.axisten_freq {250} [get_ips pcie4_uscale_plus_0]
if {1} {
    puts "never closed"
