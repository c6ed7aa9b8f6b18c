# mk/pcie_msix.mk -- make rules of pcie_msix, the card's MSI-X table / PBA / message sender for the
# PCIe4 block's MSI-X external interface (issue 15; docs/pcie_msix.md). Included by the top-level
# Makefile after its common variables (mk/README.md).
#
#   make lint-pcie_msix cmodel-test-pcie_msix lockstep-pcie_msix selftest-pcie_msix
#   make sim-pcie_msix SEED=n N=n [FAULT=data|pend] [TRACE=1]

PM_CM   := cmodel/pcie_msix.c cmodel/pcie_msix.h
PM_RTL  := rtl/pcie_msix/pcie_msix.v rtl/common/prio_enc.v rtl/common/ff_keep.v
PM_LINT := $(VERILATOR) --lint-only -Wall -Irtl/pcie_msix -Irtl/common --top-module pcie_msix
PM_BIN  := $(B)/pcie_msix/tb_pcie_msix
PM_BIN4 := $(B)/pcie_msix_nv4/tb_pcie_msix
PM_JSON := $(REPORT)/lockstep_pcie_msix.jsonl
# input events (AXI4-Lite operations and irq cycles) per seed (20 seeds in make test)
PM_N       ?= 50000
PM_QUICK_N ?= 4000

.PHONY: lint-pcie_msix cmodel-test-pcie_msix lockstep-pcie_msix lockstep-quick-pcie_msix selftest-pcie_msix sim-pcie_msix

lint-pcie_msix:
	$(PM_LINT) $(PM_RTL)
	$(PM_LINT) -GNV=2 $(PM_RTL)
	$(PM_LINT) -GNV=256 $(PM_RTL)

$(B)/cmodel/test_pcie_msix: cmodel/test/test_pcie_msix.c $(PM_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_pcie_msix.c cmodel/pcie_msix.c

cmodel-test-pcie_msix: $(B)/cmodel/test_pcie_msix
	$(B)/cmodel/test_pcie_msix

$(B)/pcie_msix/libpcie_msix.a: $(PM_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/pcie_msix.c -o $(B)/pcie_msix/pcie_msix.o
	ar rcs $@ $(B)/pcie_msix/pcie_msix.o

$(eval $(call verilator_tb,$(PM_BIN),pcie_msix,rtl/pcie_msix rtl/common,$(PM_RTL),,\
  tb/pcie_msix/tb_pcie_msix.cpp,$(B)/pcie_msix/libpcie_msix.a,))
$(eval $(call verilator_tb,$(PM_BIN4),pcie_msix,rtl/pcie_msix rtl/common,$(PM_RTL),TB_NV:NV=4,\
  tb/pcie_msix/tb_pcie_msix.cpp,$(B)/pcie_msix/libpcie_msix.a,))

lockstep-pcie_msix: $(PM_BIN) $(PM_BIN4)
	@mkdir -p $(REPORT); rm -f $(PM_JSON)
	scripts/lockstep.sh $(PM_BIN) $(PM_JSON) "$(SEEDS)" --n $(PM_N)
	scripts/lockstep.sh $(PM_BIN4) $(PM_JSON) "$(SEEDS)" --n $(PM_N)

lockstep-quick-pcie_msix: $(PM_BIN) $(PM_BIN4)
	@mkdir -p $(REPORT); rm -f $(PM_JSON)
	scripts/lockstep.sh $(PM_BIN) $(PM_JSON) "$(QUICK_SEEDS)" --n $(PM_QUICK_N)
	scripts/lockstep.sh $(PM_BIN4) $(PM_JSON) "$(QUICK_SEEDS)" --n $(PM_QUICK_N)

selftest-pcie_msix: $(PM_BIN)
	scripts/expect_fail.sh "MISMATCH: vector" $(PM_BIN) --seed 3 --n 4000 --fault data
	scripts/expect_fail.sh "MISMATCH: read 0x1000" $(PM_BIN) --seed 4 --n 4000 --fault pend

sim-pcie_msix: $(PM_BIN)
	$(PM_BIN) --seed $(SEED) --n $(N) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-pcie_msix
CMODEL_TEST_TARGETS    += cmodel-test-pcie_msix
LOCKSTEP_TARGETS       += lockstep-pcie_msix
LOCKSTEP_QUICK_TARGETS += lockstep-quick-pcie_msix
SELFTEST_TARGETS       += selftest-pcie_msix
