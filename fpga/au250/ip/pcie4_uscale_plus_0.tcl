# fpga/au250/ip/pcie4_uscale_plus_0.tcl - the UltraScale+ integrated block for PCI Express
# (PCIE4, AMD PG213) of the Alveo U250 card, as endpoint.
#
# Sourced by fpga/common/create_project.tcl inside the open project. Module name
# pcie4_uscale_plus_0; its port list (this configuration) is mirrored, for Verilator and Yosys,
# by the black box fpga/common/stubs/pcie4_uscale_plus_0.v.
#
# Choices (docs/card.md 6):
# - Gen3 x8 (8.0 GT/s): the XCU250 has PCIE4 blocks, which stop at Gen3 (Gen4 needs the PCIE4C
#   block of the HBM parts such as the U280/U50). 256-bit AXI4-Stream at 250 MHz carries 64 Gb/s,
#   a Gen3 x8 link's 63 Gb/s (8 GT/s x 8 x 128/130); Gen3 x16 would need the 512-bit interface.
#   The NIC datapath is 256 bits wide, so the first build avoids a 512 <-> 256 width converter.
#   The card's x16 edge trains at x8 on lanes 0-7 (GTY quads 227 and 226, fpga_au250.xdc).
# - No straddling on RC (one TLP per beat start): the adapter's completion parser stays simple.
# - Client tags (the adapter owns the tag space: read tags, completion reassembly), 8-bit tags.
# - Max payload capability 512 bytes; the negotiated value comes from cfg_max_payload.
# - BAR0 and the MSI-X table/PBA location come from ../bar_map.tcl (one place, also the RTL's
#   generics via config.tcl). MSI-X table in user logic ("external"): the NIC's event engine
#   owns the vector table and hands address/data to cfg_interrupt_msix_*.
# - Vendor/device IDs: the core's defaults (10EE:9038 for Gen3 x8). Bring-up finds the card
#   by `lspci -d 10ee:9038`.
# Not set here: the PCIe block location and GT quad (CONFIG.pcie_blk_locn / select_quad): the
# first lab build must confirm that the default placement uses quads 226-227 (docs/card.md 5).

source [file join [file dirname [info script]] .. bar_map.tcl]

create_ip -name pcie4_uscale_plus -vendor xilinx.com -library ip -module_name pcie4_uscale_plus_0

set pcie_cfg [dict create]
# link and user interface
dict set pcie_cfg CONFIG.PL_LINK_CAP_MAX_LINK_SPEED  {8.0_GT/s}
dict set pcie_cfg CONFIG.PL_LINK_CAP_MAX_LINK_WIDTH  {X8}
dict set pcie_cfg CONFIG.axisten_if_width            {256_bit}
dict set pcie_cfg CONFIG.axisten_freq                {250}
dict set pcie_cfg CONFIG.AXISTEN_IF_RC_STRADDLE      {false}
dict set pcie_cfg CONFIG.axisten_if_enable_client_tag {true}
dict set pcie_cfg CONFIG.extended_tag_field          {true}
dict set pcie_cfg CONFIG.pf0_dev_cap_max_payload     {512_bytes}
# function 0: network controller, Ethernet
dict set pcie_cfg CONFIG.PF0_CLASS_CODE              {020000}
# BAR0: 64-bit memory BAR, not prefetchable, size from bar_map.tcl
dict set pcie_cfg CONFIG.pf0_bar0_64bit              {true}
dict set pcie_cfg CONFIG.pf0_bar0_prefetchable       {false}
dict set pcie_cfg CONFIG.pf0_bar0_scale              {Megabytes}
dict set pcie_cfg CONFIG.pf0_bar0_size               $BAR0_SIZE_MB
# MSI-X with the vector table and PBA in BAR0 (user logic)
dict set pcie_cfg CONFIG.MSI_X_OPTIONS               {MSI-X_External}
dict set pcie_cfg CONFIG.PF0_MSIX_CAP_TABLE_SIZE     [format %03X [expr {$MSIX_VECTORS - 1}]]
dict set pcie_cfg CONFIG.PF0_MSIX_CAP_TABLE_BIR      {BAR_1:0}
dict set pcie_cfg CONFIG.PF0_MSIX_CAP_TABLE_OFFSET   [format %08X $MSIX_TABLE_OFFSET]
dict set pcie_cfg CONFIG.PF0_MSIX_CAP_PBA_BIR        {BAR_1:0}
dict set pcie_cfg CONFIG.PF0_MSIX_CAP_PBA_OFFSET     [format %08X $MSIX_PBA_OFFSET]

set_property -dict $pcie_cfg [get_ips pcie4_uscale_plus_0]
