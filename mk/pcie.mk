# mk/pcie.mk -- make rules of pcie_req, the PCIe requester adapter (issue 15, first slice: RQ / RC
# between the NIC's host DMA interface and the UltraScale+ PCIe4 block; docs/pcie.md). Included by
# the top-level Makefile after its common variables (mk/README.md).
#
#   make lint-pcie cmodel-test-pcie lockstep-pcie selftest-pcie oracles-pcie
#   make sim BLOCK=pcie SEED=n N=n [FAULT=flip] [TRACE=1]

PC_CM   := cmodel/pcie.c cmodel/pcie.h cmodel/pcie_rc.c cmodel/pcie_rc.h
PC_RTL  := rtl/pcie/pcie_req.v rtl/pcie/pcie_ring.v rtl/common/sync_fifo.v rtl/common/axis_skid.v
PC_LINT := $(VERILATOR) --lint-only -Wall -Irtl/pcie -Irtl/common --top-module pcie_req
PC_BIN  := $(B)/pcie/tb_pcie
PC_JSON := $(REPORT)/lockstep_pcie.jsonl
# NIC operations per seed (20 seeds in make test)
PC_N       ?= 4000
PC_N2      ?= 1500
PC_QUICK_N ?= 1000

.PHONY: lint-pcie cmodel-test-pcie lockstep-pcie lockstep-quick-pcie selftest-pcie oracles-pcie sim-pcie

lint-pcie:
	$(PC_LINT) $(PC_RTL)
	$(PC_LINT) -GNTAG=2 -GNSLOT=2 -GHTAG_W=1 $(PC_RTL)
	$(PC_LINT) -GNTAG=128 -GNSLOT=64 -GHTAG_W=16 $(PC_RTL)

$(B)/cmodel/test_pcie: cmodel/test/test_pcie.c $(PC_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_pcie.c cmodel/pcie.c cmodel/pcie_rc.c

cmodel-test-pcie: $(B)/cmodel/test_pcie
	$(B)/cmodel/test_pcie

$(B)/pcie/libpcie.a: $(PC_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/pcie.c -o $(B)/pcie/pcie.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/pcie_rc.c -o $(B)/pcie/pcie_rc.o
	ar rcs $@ $(B)/pcie/pcie.o $(B)/pcie/pcie_rc.o

$(eval $(call verilator_tb,$(PC_BIN),pcie_req,rtl/pcie rtl/common,$(PC_RTL),,\
  tb/pcie/tb_pcie.cpp,$(B)/pcie/libpcie.a,))
# NTAG 8: the reads run out of PCIe tags (tag-stall cycles, the free list under pressure)
PC_BIN2 := $(B)/pcie_t8/tb_pcie
$(eval $(call verilator_tb,$(PC_BIN2),pcie_req,rtl/pcie rtl/common,$(PC_RTL),TB_NTAG:NTAG=8,\
  tb/pcie/tb_pcie.cpp,$(B)/pcie/libpcie.a,))

lockstep-pcie: $(PC_BIN) $(PC_BIN2)
	@mkdir -p $(REPORT); rm -f $(PC_JSON)
	scripts/lockstep.sh $(PC_BIN) $(PC_JSON) "$(SEEDS)" --n $(PC_N)
	scripts/lockstep.sh $(PC_BIN2) $(PC_JSON) "$(SEEDS)" --n $(PC_N2)

lockstep-quick-pcie: $(PC_BIN) $(PC_BIN2)
	@mkdir -p $(REPORT); rm -f $(PC_JSON)
	scripts/lockstep.sh $(PC_BIN) $(PC_JSON) "$(QUICK_SEEDS)" --n $(PC_QUICK_N)
	scripts/lockstep.sh $(PC_BIN2) $(PC_JSON) "$(QUICK_SEEDS)" --n $(PC_QUICK_N)

selftest-pcie: $(PC_BIN)
	scripts/expect_fail.sh "MISMATCH on m_cpl" $(PC_BIN) --seed 3 --n 500 --fault flip
	scripts/expect_fail.sh "MISMATCH on m_axis_rq(write)" $(PC_BIN) --seed 4 --n 500 --fault wdata

# independent oracle: every RQ TLP of one seed parsed by cocotbext-pcie's Tlp_us.unpack_us_rq and
# checked against the NIC request stream (scripts/pcie_tlp_check.py)
oracles-pcie: $(PC_BIN)
	rm -rf $(B)/pcie_tlp; mkdir -p $(B)/pcie_tlp
	$(PC_BIN) --seed 5 --n 3000 --quiet --tlp-out $(B)/pcie_tlp/s5.txt
	$(PY) scripts/pcie_tlp_check.py --min 5000 $(B)/pcie_tlp/s5.txt

sim-pcie: $(PC_BIN)
	$(PC_BIN) --seed $(SEED) --n $(N) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

ORACLE_TARGETS         += oracles-pcie
LINT_TARGETS           += lint-pcie
CMODEL_TEST_TARGETS    += cmodel-test-pcie
LOCKSTEP_TARGETS       += lockstep-pcie
LOCKSTEP_QUICK_TARGETS += lockstep-quick-pcie
SELFTEST_TARGETS       += selftest-pcie
