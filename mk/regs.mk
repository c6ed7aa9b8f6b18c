# mk/regs.mk - register maps from one source (issue 10 part 2, docs/regs.md).
# rdl/<block>.rdl (SystemRDL) -> cmodel/regs/<block>_regs.h (PeakRDL-cheader),
# rtl/<dir>/<block>_regs.vh (Verilog localparams) and docs/regs/<block>.md (table), by
# scripts/regs.sh. The outputs are committed, so a build without the venv still works.
#
#   make regs          regenerate after editing an .rdl (then commit the outputs with it)
#   make regs-check    fail when a committed output is stale vs its .rdl (part of `make lint`)

.PHONY: regs regs-check
regs:
	scripts/regs.sh

regs-check:
	scripts/regs.sh --check

LINT_TARGETS += regs-check
