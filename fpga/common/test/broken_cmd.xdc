# fpga/common/test/broken_cmd.xdc - negative fixture of `make lint-card`: a misspelt Vivado
# command that tcl_check.tcl's dry run must reject.
set_propery PACKAGE_PIN AM11 [get_ports pcie_refclk_p]
