# fpga/au250/cdc.tcl - timing exceptions for the clock-domain crossings of the card top
# (unmanaged Tcl constraints, implementation only; fpga/common/create_project.tcl adds .tcl
# constraint files that way).
#
# Clock domains: the PCIe user clock (250 MHz, from pcie4_uscale_plus_0: NIC, adapter, gpubar),
# the CMAC TX/RX user clocks (322.265625 MHz, fpga_100g), the 300 MHz system clock and what the
# card top derives from it (125 MHz init/DRP clock). They are not declared asynchronous as a
# group: every crossing is a FIFO or a synchroniser, constrained here, so that an unintended
# crossing still shows up as a failing path in the timing summary and in report_cdc.
#
# Naming contract for the card top's own CDC FIFOs and synchronisers (docs/card.md 4):
#   *cdc_gray_src_reg*    gray-coded FIFO pointer, registered in the source clock domain
#   *cdc_gray_sync1_reg*  first destination stage of a gray pointer (ASYNC_REG = TRUE)
#   *cdc_sync1_reg*       first stage of a single-bit level synchroniser (ASYNC_REG = TRUE)
#   *rst_sync*_reg*       reset synchronisers (asynchronous assert, synchronous release)
# XPM CDC macros (xpm_fifo_async, xpm_cdc_*) bring their own constraints and need nothing here.
# The filters may match nothing (the loopback variant has fewer crossings): then no exception.

# Gray-coded pointers: bound source-to-first-stage delay (data path only) to one period of the
# fastest clock that crosses (the CMAC user clock, 3.103 ns), so that at most one pointer bit
# changes in flight: the FIFO's gray code then stays valid in the destination domain.
set cdc_max_ns 3.100
set gray_src [get_cells -quiet -hierarchical -filter {NAME =~ *cdc_gray_src_reg*}]
set gray_dst [get_cells -quiet -hierarchical \
    -filter {NAME =~ *cdc_gray_sync1_reg* && ASYNC_REG == TRUE}]
if {[llength $gray_src] > 0 && [llength $gray_dst] > 0} {
    set_max_delay -datapath_only -from $gray_src -to $gray_dst $cdc_max_ns
}

# Single-bit level synchronisers: the first stage may go metastable by design (its second stage
# sits next to it: ASYNC_REG); the crossing itself is not a timed path.
set sync_d [get_pins -quiet -hierarchical -filter {NAME =~ *cdc_sync1_reg*/D}]
if {[llength $sync_d] > 0} {
    set_false_path -to $sync_d
}

# Reset synchronisers: asynchronous assertion through PRE/CLR is not a timed path.
set rst_async [get_pins -quiet -hierarchical \
    -filter {NAME =~ *rst_sync*_reg*/PRE || NAME =~ *rst_sync*_reg*/CLR}]
if {[llength $rst_async] > 0} {
    set_false_path -to $rst_async
}
