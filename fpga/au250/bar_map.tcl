# fpga/au250/bar_map.tcl - the one place that sizes PCIe BAR0 of the Alveo U250 card and places
# the windows inside it. Sourced by ip/pcie4_uscale_plus_0.tcl (BAR size, MSI-X table/PBA
# location in the PCIe core) and by each variant's config.tcl (the same offsets as Verilog
# generics of the card top), so the core's capability registers and the RTL decode cannot
# disagree. Sizes in bytes, offsets from the start of BAR0.
#
# BAR0: 64-bit memory BAR, 1 MiB, not prefetchable (CSR reads have side effects).
#   0x00000-0x7FFFF  doorbell window of nic_cmdq (AXI4 write; page q = queue q, 4 KiB each;
#                    nic_top s_axi_awaddr is 13+log2(NQ) bits: 512 KiB covers NQ = 64, the
#                    largest NQ nic_cmdq allows)
#   0x80000-0x8FFFF  nic_top CSR port (AXI4-Lite, 16-bit address: its sub-block windows)
#   0x90000-0x90FFF  gpubar_top CSRs (rdl/gpubar.rdl)
#   0x91000-0x91FFF  card CSRs (build id, git hash, link status; defined with the card top)
#   0xA0000-0xA01FF  MSI-X table, 32 vectors x 16 bytes (MSI-X kept in user logic: "external")
#   0xA1000-0xA1007  MSI-X pending bit array (32 bits)
# The rest reads as zero. One 4 KiB page per window keeps each window mappable on its own.

set BAR0_SIZE_MB      1
set BAR0_DB_OFFSET    0x00000
set BAR0_DB_SIZE      0x80000
set BAR0_NIC_OFFSET   0x80000
set BAR0_NIC_SIZE     0x10000
set BAR0_GPUBAR_OFFSET 0x90000
set BAR0_CARD_OFFSET  0x91000
set MSIX_VECTORS      32
set MSIX_TABLE_OFFSET 0xA0000
set MSIX_PBA_OFFSET   0xA1000

# checks: windows inside the BAR, table and PBA 4 KiB aligned (PCIe base spec: MSI-X table and
# PBA may share a page only with each other; we keep them on pages of their own)
set bar_bytes [expr {$BAR0_SIZE_MB * 1024 * 1024}]
foreach {name off} [list db $BAR0_DB_OFFSET nic $BAR0_NIC_OFFSET gpubar $BAR0_GPUBAR_OFFSET \
        card $BAR0_CARD_OFFSET msix $MSIX_TABLE_OFFSET pba $MSIX_PBA_OFFSET] {
    if {$off >= $bar_bytes || ($off & 0xFFF) != 0} {
        error "bar_map.tcl: window $name at $off is outside BAR0 or not 4 KiB aligned"
    }
}
if {$MSIX_VECTORS < 1 || $MSIX_VECTORS > 2048 || $MSIX_VECTORS * 16 > 0x1000} {
    error "bar_map.tcl: MSI-X table of $MSIX_VECTORS vectors does not fit one page"
}
