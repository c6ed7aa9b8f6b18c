# mk/gpubar.mk -- make rules of gpubar_xlat, the GPU BAR window translator (issue 14: translate +
# split + errors; read tags, completion timeout, flush read, INVALIDATE -> ACK; docs/gpubar.md). Included by the top-level Makefile after its common
# variables (mk/README.md).
#
#   make lint-gpubar cmodel-test-gpubar lockstep-gpubar lockstep-quick-gpubar selftest-gpubar
#   make sim BLOCK=gpubar SEED=n N=n [FAULT=flip|code|flag|ack|t24|t30] [TRACE=1]
#   make sim BLOCK=gpubar CSR=1 SEED=n N=n [FAULT=csr]   (gpubar_top, the AXI4-Lite CSR front)
#   make oracles-gpubar      (needs cocotbext-pcie in .venv: docs/gpubar.md 6.3)

GB_CM   := cmodel/gpubar.c cmodel/gpubar.h
GB_RTL  := rtl/gpubar/gpubar_xlat.v rtl/gpubar/gpubar_tags.v rtl/gpubar/gpubar_tlp_be.v rtl/gpubar/gpubar_tlp_hdr.v rtl/common/sync_fifo.v
GB_LINT := $(VERILATOR) --lint-only -Wall -Irtl/gpubar --top-module gpubar_xlat
GB_BIN  := $(B)/gpubar/tb_gpubar
GB_BIN2 := $(B)/gpubar_s/tb_gpubar
# gpubar_top (AXI4-Lite CSR front, rdl/gpubar.rdl; docs/gpubar.md 8): the same tb built with TB_CSR
GB_BIN3 := $(B)/gpubar_csr/tb_gpubar
GB_TRTL := rtl/gpubar/gpubar_top.v $(GB_RTL) rtl/common/axil_reg_if_pipe.v
GB_TLINT := $(VERILATOR) --lint-only -Wall -Irtl/gpubar -Irtl/common --top-module gpubar_top
# gpubar_top: 20 x 5,000 descriptors in make test (about 20 s)
GB_CSR_N ?= 5000
GB_JSON := $(REPORT)/lockstep_gpubar.jsonl
# descriptors per seed at the lab size, plus 20 x 10,000 on the small build (4 regions of 4 entries:
# every page boundary, full tables). make test: 20 x 20,000 (CI time budget); make regress:
# 20 x 100,000 = 2,000,000 (the issue's count; run by hand on the first slice: 0 mismatches)
GB_N       ?= 20000
GB_QUICK_N ?= 10000

.PHONY: bench-gpubar replay-gpubar lint-gpubar cmodel-test-gpubar lockstep-gpubar lockstep-quick-gpubar selftest-gpubar sim-gpubar oracles-gpubar

lint-gpubar:
	$(GB_LINT) $(GB_RTL)
	$(GB_LINT) -GNR=2 -GNE=2 -GID_W=1 $(GB_RTL)
	$(GB_LINT) -GNR=8 -GNE=256 -GID_W=4 $(GB_RTL)
	$(GB_TLINT) $(GB_TRTL)
	$(GB_TLINT) -GNR=2 -GNE=2 -GID_W=1 -GAQD=2 $(GB_TRTL)
	$(GB_TLINT) -GNR=256 -GNE=1024 -GID_W=16 -GAQD=128 $(GB_TRTL)

$(B)/cmodel/test_gpubar: cmodel/test/test_gpubar.c $(GB_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_gpubar.c cmodel/gpubar.c

cmodel-test-gpubar: $(B)/cmodel/test_gpubar
	$(B)/cmodel/test_gpubar

$(B)/gpubar/libgpubar.a: $(GB_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/gpubar.c -o $(B)/gpubar/gpubar.o
	ar rcs $@ $(B)/gpubar/gpubar.o

GB_PSET  :=
GB_PSET2 := TB_NR:NR=4 TB_NE:NE=4
$(eval $(call verilator_tb,$(GB_BIN),gpubar_xlat,rtl/gpubar,$(GB_RTL),$(GB_PSET),\
  tb/gpubar/tb_gpubar.cpp,$(B)/gpubar/libgpubar.a,))
$(eval $(call verilator_tb,$(GB_BIN2),gpubar_xlat,rtl/gpubar,$(GB_RTL),$(GB_PSET2),\
  tb/gpubar/tb_gpubar.cpp,$(B)/gpubar/libgpubar.a,))
GB_PSET3 := TB_CSR:AQD=16
$(eval $(call verilator_tb,$(GB_BIN3),gpubar_top,rtl/gpubar rtl/common,$(GB_TRTL),$(GB_PSET3),\
  tb/gpubar/tb_gpubar.cpp,$(B)/gpubar/libgpubar.a,rtl/gpubar/gpubar_regs.vh cmodel/regs/gpubar_regs.h))

lockstep-gpubar: $(GB_BIN) $(GB_BIN2) $(GB_BIN3)
	@mkdir -p $(REPORT); rm -f $(GB_JSON)
	scripts/lockstep.sh $(GB_BIN) $(GB_JSON) "$(SEEDS)" --n $(GB_N)
	scripts/lockstep.sh $(GB_BIN2) $(GB_JSON) "$(SEEDS)" --n 10000
	scripts/lockstep.sh $(GB_BIN3) $(GB_JSON) "$(SEEDS)" --n $(GB_CSR_N)

lockstep-quick-gpubar: $(GB_BIN) $(GB_BIN2) $(GB_BIN3)
	@mkdir -p $(REPORT); rm -f $(GB_JSON)
	scripts/lockstep.sh $(GB_BIN) $(GB_JSON) "$(QUICK_SEEDS)" --n $(GB_QUICK_N)
	scripts/lockstep.sh $(GB_BIN2) $(GB_JSON) "$(QUICK_SEEDS)" --n 5000
	scripts/lockstep.sh $(GB_BIN3) $(GB_JSON) "$(QUICK_SEEDS)" --n 2000

selftest-gpubar: $(GB_BIN) $(GB_BIN3)
	scripts/expect_fail.sh "AXI4-Lite read mismatch" $(GB_BIN3) --seed 3 --n 2000 --fault csr
	scripts/expect_fail.sh "MISMATCH on m_req" $(GB_BIN) --seed 3 --n 5000 --fault flip
	scripts/expect_fail.sh "MISMATCH on m_cpl" $(GB_BIN) --seed 4 --n 5000 --fault code
	scripts/expect_fail.sh "MISMATCH on m_cpl" $(GB_BIN) --seed 5 --n 5000 --fault flag
	scripts/expect_fail.sh "MISMATCH on m_ack" $(GB_BIN) --seed 6 --n 5000 --fault ack
	scripts/expect_fail.sh "completion before its flush read / read retired (T24)" $(GB_BIN) --seed 7 --n 5000 --fault t24
	scripts/expect_fail.sh "request to a BAR page freed after an ACK (T30)" $(GB_BIN) --seed 8 --n 5000 --fault t30

# Icarus vector replay (second simulator) of gpubar_top at the RTL defaults: vectors of the CSR
# build's random scenario (tb/gpubar/gpubar_top_replay.v documents the files)
replay-gpubar: $(GB_BIN3)
	@$(call icarus_replay,$(GB_BIN3),$(B)/vectors/gpubar,gpubar_top_replay,rtl/common rtl/gpubar,,\
	  tb/gpubar/gpubar_top_replay.v $(GB_TRTL),--seed 11 --n 1500 --scenario random)

# benches (docs/gpubar.md 9): TLPs per descriptor and payload efficiency vs MPS (write descriptors of
# 64 B .. 1 MiB, aligned and at offset 0x1f4; 24 B per 4-DW TLP), INVALIDATE-to-ACK latency with NT
# reads outstanding, GPU answering after 200 cycles (typical) or never (every tag times out), at
# cpl_to 1,000 and 12,500 (100 us at 125 MHz). The model runs in lockstep (0 failed).
bench-gpubar: $(GB_BIN)
	@mkdir -p $(REPORT); rm -f $(REPORT)/bench_gpubar.jsonl
	$(GB_BIN) --scenario bench_tlp --no-stall --seed 1 --json $(REPORT)/bench_gpubar.jsonl | grep -E "bench_tlp:| failed"
	for c in 1000 12500; do for l in 200 never; do \
	  $(GB_BIN) --scenario bench_inv --no-stall --seed 1 --cpl-to $$c --gpu-lat $$l --json $(REPORT)/bench_gpubar.jsonl \
	    | grep -E "NT 32:| failed" || exit 1; done; done

# independent TLP oracle: every header of two lockstep runs (>= 100,000 requests) parsed and checked
# by cocotbext-pcie (scripts/gpubar_tlp_check.py; cocotbext-pcie 0.2.16, pinned in scripts/setup)
oracles-gpubar: $(GB_BIN)
	rm -rf $(B)/gpubar_tlp; mkdir -p $(B)/gpubar_tlp
	for s in 1 2; do $(GB_BIN) --seed $$s --n 12000 --quiet --tlp-out $(B)/gpubar_tlp/s$$s.txt; done
	$(PY) scripts/gpubar_tlp_check.py --min 100000 $(B)/gpubar_tlp/s1.txt $(B)/gpubar_tlp/s2.txt

sim-gpubar: $(GB_BIN) $(GB_BIN3)
	$(if $(CSR),$(GB_BIN3),$(GB_BIN)) --seed $(SEED) --n $(N) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

ORACLE_TARGETS         += oracles-gpubar
REPLAY_TARGETS         += replay-gpubar
BENCH_TARGETS          += bench-gpubar
LINT_TARGETS           += lint-gpubar
CMODEL_TEST_TARGETS    += cmodel-test-gpubar
LOCKSTEP_TARGETS       += lockstep-gpubar
LOCKSTEP_QUICK_TARGETS += lockstep-quick-gpubar
SELFTEST_TARGETS       += selftest-gpubar
