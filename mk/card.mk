# mk/card.mk -- checks of the Vivado build scripts of the Alveo U250 card (issue 15; docs/card.md).
# Included by the top-level Makefile after its common variables (mk/README.md). No Vivado here:
# these check what can be checked without it, in about a second.
#
#   make lint-card   1. every Tcl file of the flow (fpga/common, fpga/au250) through
#                       fpga/common/tcl_check.tcl: parse (info complete), then a dry run with
#                       stubs of the Vivado commands, create_project.tcl with each variant's
#                       build/vars.tcl (so it also sources the ip/*.tcl and config.tcl);
#                    2. each variant's XDC set through tcl_check.tcl -pins (one port per pin);
#                    3. negative checks: a Tcl file with an unclosed brace and an XDC with a
#                       misspelt command must both fail tcl_check.tcl;
#                    4. tclint (pinned in scripts/setup) on every Tcl and XDC file;
#                    5. the hard-IP black boxes (fpga/common/stubs) under verilator --lint-only
#                       -Wall, and read by Yosys as black boxes;
#                    6. fpga/common/stub_ports.py on fixtures: a matching stub passes, a stub
#                       with a wrong width / missing input / extra port fails.
#   make -C fpga/au250/fpga_loopback     the bitstream on a lab machine with Vivado (docs/card.md)

CARD_TCLSH  ?= tclsh
CARD_TCLINT ?= $(ROOT)/.venv/bin/tclint
CARD_CHECK  := $(CARD_TCLSH) fpga/common/tcl_check.tcl
CARD_VARIANTS := fpga/au250/fpga_loopback fpga/au250/fpga_100g
CARD_FLOW_TCL := fpga/common/create_project.tcl fpga/common/run_synth.tcl \
                 fpga/common/run_impl.tcl fpga/common/program.tcl
CARD_TCL    := $(CARD_FLOW_TCL) fpga/au250/bar_map.tcl fpga/au250/cdc.tcl \
               fpga/au250/ip/pcie4_uscale_plus_0.tcl fpga/au250/ip/cmac_usplus_0.tcl \
               fpga/au250/fpga_loopback/config.tcl fpga/au250/fpga_100g/config.tcl
CARD_XDC    := fpga/au250/fpga_au250.xdc fpga/au250/fpga_au250_qsfp0.xdc
CARD_STUBS  := fpga/common/stubs/pcie4_uscale_plus_0.v fpga/common/stubs/cmac_usplus_0.v
CARD_FIX    := fpga/common/test

.PHONY: lint-card
LINT_TARGETS += lint-card

lint-card:
	@mkdir -p $(B)
	@for v in $(CARD_VARIANTS); do $(MAKE) -s --no-print-directory -C $$v scripts; done
	$(CARD_CHECK) -argv fpga/au250/fpga_loopback/build/vars.tcl $(CARD_TCL)
	$(CARD_CHECK) -argv fpga/au250/fpga_100g/build/vars.tcl $(CARD_FLOW_TCL)
	$(CARD_CHECK) -pins fpga/au250/fpga_au250.xdc fpga/au250/cdc.tcl
	$(CARD_CHECK) -pins fpga/au250/fpga_au250.xdc fpga/au250/fpga_au250_qsfp0.xdc fpga/au250/cdc.tcl
	@for f in $(CARD_FIX)/broken_brace.tcl $(CARD_FIX)/broken_cmd.xdc; do \
	    if $(CARD_CHECK) $$f > $(B)/card_neg.log 2>&1; then \
	        echo "lint-card: tcl_check.tcl accepted the broken fixture $$f"; exit 1; fi; \
	    echo "lint-card: rejected as expected: $$(head -1 $(B)/card_neg.log)"; done
	$(CARD_TCLINT) --extensions "tcl, xdc" fpga/common/tcl_check.tcl $(CARD_TCL) \
	    fpga/au250/config_common.tcl $(CARD_XDC)
	$(VERILATOR) --lint-only -Wall --top-module pcie4_uscale_plus_0 fpga/common/stubs/pcie4_uscale_plus_0.v
	$(VERILATOR) --lint-only -Wall --top-module cmac_usplus_0 fpga/common/stubs/cmac_usplus_0.v
	@n=$$(yosys -p "read_verilog $(CARD_STUBS); select -list =A:blackbox" 2>&1 | \
	    grep -cxE 'pcie4_uscale_plus_0|cmac_usplus_0'); \
	    if [ "$$n" != 2 ]; then echo "lint-card: Yosys did not read both stubs as black boxes"; exit 1; fi; \
	    echo "lint-card: Yosys reads $$n hard-IP stubs as black boxes"
	$(PY) fpga/common/stub_ports.py $(CARD_FIX)/stub_ports_ok.v $(CARD_FIX)/stub_ports_core.v
	@if $(PY) fpga/common/stub_ports.py $(CARD_FIX)/stub_ports_bad.v $(CARD_FIX)/stub_ports_core.v \
	    > $(B)/card_neg.log 2>&1; then echo "lint-card: stub_ports.py accepted a bad stub"; exit 1; fi; \
	    echo "lint-card: stub_ports.py rejects the bad stub: $$(grep -c ERROR $(B)/card_neg.log) errors"
