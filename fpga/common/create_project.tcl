# fpga/common/create_project.tcl - create the Vivado project of one build variant (batch mode).
#
#   vivado -mode batch -source create_project.tcl -tclargs build/vars.tcl
#
# Input: build/vars.tcl written by fpga/common/vivado.mk (FPGA_PART, FPGA_TOP, PROJ_DIR,
# SYN_FILES, INC_DIRS, XDC_FILES, IP_TCL_FILES, CONFIG_TCL_FILES; absolute paths).
# Steps: create_project (project mode, so that synth_1/impl_1 are ordinary project runs and the
# IP cores get out-of-context runs of their own), add the Verilog sources and set the top, add
# the constraints (.xdc managed; .tcl unmanaged, used in implementation only), source every
# ip/*.tcl (each one create_ip + set_property -dict), generate the IP output products, then
# source the config Tcl (generics). The project is re-created from scratch each time.

if {[llength $argv] != 1} {
    error "usage: vivado -mode batch -source create_project.tcl -tclargs build/vars.tcl"
}
source [lindex $argv 0]

create_project -force -part $FPGA_PART $FPGA_TOP $PROJ_DIR
set_property target_language Verilog [current_project]

# sources
add_files -norecurse -fileset [get_filesets sources_1] $SYN_FILES
set_property top $FPGA_TOP [get_filesets sources_1]
if {[llength $INC_DIRS] > 0} {
    set_property include_dirs $INC_DIRS [get_filesets sources_1]
}

# constraints: .xdc files are managed, .tcl constraint files are unmanaged Tcl
foreach f $XDC_FILES {
    add_files -norecurse -fileset [get_filesets constrs_1] $f
    if {[string match *.tcl $f]} {
        set_property used_in_synthesis false [get_files $f]
        set_property used_in_implementation true [get_files $f]
    }
}

# IP cores: each script creates one core in the project
foreach f $IP_TCL_FILES {
    puts "create_project.tcl: IP script $f"
    source $f
}
set ips [get_ips]
if {[llength $ips] > 0} {
    generate_target {instantiation_template synthesis implementation} $ips
    foreach ip $ips {
        create_ip_run $ip
    }
}

# generics and build identification
foreach f $CONFIG_TCL_FILES {
    puts "create_project.tcl: config $f"
    source $f
}

close_project
puts "create_project.tcl: project $PROJ_DIR/$FPGA_TOP.xpr for $FPGA_PART"
