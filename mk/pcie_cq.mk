# mk/pcie_cq.mk -- make rules of pcie_cq, the PCIe completer adapter (issue 15: CQ / CC of the
# UltraScale+ PCIe4 block -> BAR0 MMIO; docs/pcie_cq.md). Included by the top-level Makefile after
# its common variables (mk/README.md).
#
#   make lint-pcie_cq cmodel-test-pcie_cq lockstep-pcie_cq selftest-pcie_cq oracles-pcie_cq
#   make sim-pcie_cq SEED=n N=n [FAULT=ccflip] [TRACE=1]

PQ_CM   := cmodel/pcie_cq.c cmodel/pcie_cq.h
PQ_RTL  := rtl/pcie_cq/pcie_cq.v rtl/common/axis_skid_wide.v rtl/common/ff_keep.v
PQ_LINT := $(VERILATOR) --lint-only -Wall -Irtl/pcie_cq -Irtl/common --top-module pcie_cq
PQ_BIN  := $(B)/pcie_cq/tb_pcie_cq
PQ_JSON := $(REPORT)/lockstep_pcie_cq.jsonl
# CQ requests per seed (20 seeds in lockstep-pcie_cq)
PQ_N       ?= 5000
PQ_QUICK_N ?= 1500

.PHONY: lint-pcie_cq cmodel-test-pcie_cq lockstep-pcie_cq lockstep-quick-pcie_cq selftest-pcie_cq oracles-pcie_cq sim-pcie_cq

lint-pcie_cq:
	$(PQ_LINT) $(PQ_RTL)
	$(PQ_LINT) -GNRD=1 $(PQ_RTL)

$(B)/cmodel/test_pcie_cq: cmodel/test/test_pcie_cq.c $(PQ_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_pcie_cq.c cmodel/pcie_cq.c

cmodel-test-pcie_cq: $(B)/cmodel/test_pcie_cq
	$(B)/cmodel/test_pcie_cq

$(B)/pcie_cq/libpcie_cq.a: $(PQ_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/pcie_cq.c -o $(B)/pcie_cq/pcie_cq.o
	ar rcs $@ $(B)/pcie_cq/pcie_cq.o

$(eval $(call verilator_tb,$(PQ_BIN),pcie_cq,rtl/pcie_cq rtl/common,$(PQ_RTL),,\
  tb/pcie_cq/tb_pcie_cq.cpp,$(B)/pcie_cq/libpcie_cq.a,))
# NRD 1: every CSR read longer than one DW is a UR
PQ_BIN2 := $(B)/pcie_cq_r1/tb_pcie_cq
$(eval $(call verilator_tb,$(PQ_BIN2),pcie_cq,rtl/pcie_cq rtl/common,$(PQ_RTL),TB_NRD:NRD=1,\
  tb/pcie_cq/tb_pcie_cq.cpp,$(B)/pcie_cq/libpcie_cq.a,))

# make test: NRD 8 only (its time budget); the NRD=1 build runs in lockstep-quick-pcie_cq
lockstep-pcie_cq: $(PQ_BIN)
	@mkdir -p $(REPORT); rm -f $(PQ_JSON)
	scripts/lockstep.sh $(PQ_BIN) $(PQ_JSON) "$(SEEDS)" --n $(PQ_N)

lockstep-quick-pcie_cq: $(PQ_BIN) $(PQ_BIN2)
	@mkdir -p $(REPORT); rm -f $(PQ_JSON)
	scripts/lockstep.sh $(PQ_BIN) $(PQ_JSON) "$(QUICK_SEEDS)" --n $(PQ_QUICK_N)
	scripts/lockstep.sh $(PQ_BIN2) $(PQ_JSON) "1 2" --n $(PQ_QUICK_N)

selftest-pcie_cq: $(PQ_BIN)
	scripts/expect_fail.sh "MISMATCH on m_axis_cc" $(PQ_BIN) --seed 3 --n 500 --fault ccflip

# independent oracle: every CC completion of one seed parsed by cocotbext-pcie's Tlp_us.unpack_us_cc
# and checked against the CQ request that caused it (scripts/pcie_cq_check.py)
oracles-pcie_cq: $(PQ_BIN)
	rm -rf $(B)/pcie_cq_cc; mkdir -p $(B)/pcie_cq_cc
	$(PQ_BIN) --seed 5 --n 3000 --quiet --cc-out $(B)/pcie_cq_cc/s5.txt
	$(PY) scripts/pcie_cq_check.py --min 1000 --nrd 8 $(B)/pcie_cq_cc/s5.txt

sim-pcie_cq: $(PQ_BIN)
	$(PQ_BIN) --seed $(SEED) --n $(N) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

ORACLE_TARGETS         += oracles-pcie_cq
LINT_TARGETS           += lint-pcie_cq
CMODEL_TEST_TARGETS    += cmodel-test-pcie_cq
LOCKSTEP_TARGETS       += lockstep-pcie_cq
LOCKSTEP_QUICK_TARGETS += lockstep-quick-pcie_cq
SELFTEST_TARGETS       += selftest-pcie_cq
