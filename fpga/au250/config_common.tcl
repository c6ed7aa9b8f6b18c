# fpga/au250/config_common.tcl - the Verilog generics of the card top, shared by the variants.
# Sourced by fpga_<variant>/config.tcl after it has set NET_MODE ("loopback" or "cmac").
# Runs inside Vivado (create_project.tcl, and again before every synthesis in run_synth.tcl) and
# under the parse harness (fpga/common/tcl_check.tcl).
#
# Generics set on sources_1 (the card top, fpga/au250/rtl/fpga*.v, next slice, declares them):
#   BAR0_DB_OFFSET, BAR0_NIC_OFFSET, BAR0_GPUBAR_OFFSET, BAR0_CARD_OFFSET,
#   MSIX_VECTORS, MSIX_TABLE_OFFSET, MSIX_PBA_OFFSET   from ../bar_map.tcl (also the PCIe core's)
#   NET_LOOPBACK      1: the NIC's network port looped back inside the FPGA; 0: through the CMAC
#   BUILD_EPOCH       32-bit build time (seconds since 1970, UTC), readable in the card CSRs
#   GIT_HASH          first 32 bits of the commit hash ("0" outside a git checkout)
#   GIT_DIRTY         1 when the work tree had uncommitted changes at build time

source [file join [file dirname [info script]] bar_map.tcl]

if {![info exists NET_MODE] || [lsearch -exact {loopback cmac} $NET_MODE] < 0} {
    error "config_common.tcl: set NET_MODE to loopback or cmac first"
}

proc au250_hex32 {value} {
    return [format "32'h%08X" [expr {$value & 0xFFFFFFFF}]]
}

set git_hash 0
set git_dirty 0
set here [file dirname [info script]]
if {[catch {exec git -C $here rev-parse --short=8 HEAD} out] == 0} {
    if {[regexp {^[0-9a-fA-F]{8}$} [string trim $out]]} {
        set git_hash [expr {"0x[string trim $out]"}]
    }
}
if {[catch {exec git -C $here status --porcelain --untracked-files=no} out] == 0} {
    set git_dirty [expr {[string length [string trim $out]] > 0}]
}

set generics [dict create]
dict set generics BAR0_DB_OFFSET     [au250_hex32 $BAR0_DB_OFFSET]
dict set generics BAR0_NIC_OFFSET    [au250_hex32 $BAR0_NIC_OFFSET]
dict set generics BAR0_GPUBAR_OFFSET [au250_hex32 $BAR0_GPUBAR_OFFSET]
dict set generics BAR0_CARD_OFFSET   [au250_hex32 $BAR0_CARD_OFFSET]
dict set generics MSIX_VECTORS       $MSIX_VECTORS
dict set generics MSIX_TABLE_OFFSET  [au250_hex32 $MSIX_TABLE_OFFSET]
dict set generics MSIX_PBA_OFFSET    [au250_hex32 $MSIX_PBA_OFFSET]
dict set generics NET_LOOPBACK       [expr {$NET_MODE eq "loopback" ? 1 : 0}]
dict set generics BUILD_EPOCH        [au250_hex32 [clock seconds]]
dict set generics GIT_HASH           [au250_hex32 $git_hash]
dict set generics GIT_DIRTY          $git_dirty

set generic_list {}
dict for {name value} $generics {
    lappend generic_list "$name=$value"
}
puts "config_common.tcl: generics $generic_list"
set_property generic $generic_list [get_filesets sources_1]

# the PCIe core must agree with bar_map.tcl (it sourced the same file; this catches a core
# re-customised by hand in the GUI)
set pcie_ip [get_ips -quiet pcie4_uscale_plus_0]
if {$pcie_ip ne ""} {
    set bar0_mb [get_property CONFIG.pf0_bar0_size $pcie_ip]
    if {$bar0_mb ne "" && $bar0_mb != $BAR0_SIZE_MB} {
        error "config_common.tcl: pcie4_uscale_plus_0 BAR0 is $bar0_mb MB,\
            bar_map.tcl says $BAR0_SIZE_MB"
    }
}
