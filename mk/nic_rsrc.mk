# mk/nic_rsrc.mk -- make rules of the NIC resource manager nic_rsrc (issue 12, block B8; docs/nic_rsrc.md).
# Included by the top-level Makefile after its common variables (mk/README.md).
#
#   make lint-nic_rsrc cmodel-test-nic_rsrc lockstep-nic_rsrc lockstep-quick-nic_rsrc selftest-nic_rsrc replay-nic_rsrc
#        bench-nic_rsrc
#   make sim BLOCK=nic_rsrc SEED=n N=n [SCENARIO=s] [FAULT=f] [TRACE=1]

NR_CM   := cmodel/nic_rsrc.c cmodel/nic_rsrc.h cmodel/regs/nic_rsrc_regs.h
NR_RTL  := rtl/nic/nic_rsrc.v rtl/nic/nic_rsrc_ram.v rtl/common/axil_reg_if_pipe.v
NR_VLT  := rtl/common/common.vlt
NR_LINT := $(VERILATOR) --lint-only -Wall -Irtl/common -Irtl/nic --top-module nic_rsrc $(NR_VLT)
NR_BIN  := $(B)/nic_rsrc/tb_nic_rsrc
NR_BIN2 := $(B)/nic_rsrc_s/tb_nic_rsrc
NR_JSON := $(REPORT)/lockstep_nic_rsrc.jsonl
# ops per seed of the random scenario: 20 seeds x 100,000 = 2,000,000 at the lab size (the issue
# asks >= 2,000,000), plus 20 x 20,000 at the small size (64 entries: the free list runs dry often)
NR_N       ?= 100000
NR_N2      ?= 20000
NR_QUICK_N ?= 10000

.PHONY: lint-nic_rsrc cmodel-test-nic_rsrc lockstep-nic_rsrc lockstep-quick-nic_rsrc selftest-nic_rsrc replay-nic_rsrc \
        bench-nic_rsrc sim-nic_rsrc

lint-nic_rsrc:
	$(NR_LINT) $(NR_RTL)
	$(NR_LINT) -GNIC_ENTRIES=8 -GNPID=2 -GNTYPES=3 $(NR_RTL)
	$(NR_LINT) -GNIC_ENTRIES=64 -GNPID=4 -GNTYPES=5 $(NR_RTL)
	$(NR_LINT) -GNIC_ENTRIES=16384 -GNPID=256 -GNTYPES=8 $(NR_RTL)

$(B)/cmodel/test_nic_rsrc: cmodel/test/test_nic_rsrc.c $(NR_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_nic_rsrc.c cmodel/nic_rsrc.c

$(B)/nic_rsrc/libnr.a: $(NR_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_rsrc.c -o $(B)/nic_rsrc/nic_rsrc.o
	ar rcs $@ $(B)/nic_rsrc/nic_rsrc.o

cmodel-test-nic_rsrc: $(B)/cmodel/test_nic_rsrc
	$(B)/cmodel/test_nic_rsrc

# parameter sets: the lab size (RTL defaults) and a small one (64 entries, 4 PIDs, 5 types)
NR_PSET  :=
NR_PSET2 := TB_NE:NIC_ENTRIES=64 TB_NPID:NPID=4 TB_NT:NTYPES=5
$(eval $(call verilator_tb,$(NR_BIN),nic_rsrc,rtl/common rtl/nic,$(NR_VLT) tb/nic/nic_rsrc.vlt $(NR_RTL),$(NR_PSET),\
  tb/nic/tb_nic_rsrc.cpp,$(B)/nic_rsrc/libnr.a,rtl/nic/nic_rsrc_regs.vh))
$(eval $(call verilator_tb,$(NR_BIN2),nic_rsrc,rtl/common rtl/nic,$(NR_VLT) tb/nic/nic_rsrc.vlt $(NR_RTL),$(NR_PSET2),\
  tb/nic/tb_nic_rsrc.cpp,$(B)/nic_rsrc/libnr.a,rtl/nic/nic_rsrc_regs.vh))

lockstep-nic_rsrc: $(NR_BIN) $(NR_BIN2)
	@mkdir -p $(REPORT); rm -f $(NR_JSON)
	scripts/lockstep.sh $(NR_BIN) $(NR_JSON) "$(SEEDS)" --n $(NR_N)
	scripts/lockstep.sh $(NR_BIN2) $(NR_JSON) "$(SEEDS)" --n $(NR_N2)

lockstep-quick-nic_rsrc: $(NR_BIN) $(NR_BIN2)
	@mkdir -p $(REPORT); rm -f $(NR_JSON)
	scripts/lockstep.sh $(NR_BIN) $(NR_JSON) "$(QUICK_SEEDS)" --n $(NR_QUICK_N)
	scripts/lockstep.sh $(NR_BIN2) $(NR_JSON) "$(QUICK_SEEDS)" --n $(NR_QUICK_N)

selftest-nic_rsrc: $(NR_BIN2)
	scripts/expect_fail.sh "MISMATCH on m_evt" $(NR_BIN2) --seed 3 --n 5000 --scenario random --fault flip
	scripts/expect_fail.sh "MISMATCH on m_evt" $(NR_BIN2) --seed 4 --n 5000 --scenario random --fault status

# Icarus vector replay (second simulator): vectors of the random scenario at the RTL defaults
# (tb/nic/nic_rsrc_replay.v documents the files)
replay-nic_rsrc: $(NR_BIN)
	@$(call icarus_replay,$(NR_BIN),$(B)/vectors/nic_rsrc,nic_rsrc_replay,rtl/common rtl/nic,$(NR_PSET),\
	  tb/nic/nic_rsrc_replay.v $(NR_RTL),--seed 11 --n 3000 --scenario random)

# latency per op kind and ops per cycle (docs/nic_rsrc.md 7)
bench-nic_rsrc: $(NR_BIN)
	@mkdir -p $(REPORT); rm -f $(REPORT)/bench_nic_rsrc.jsonl
	$(NR_BIN) --scenario bench --no-stall --json $(REPORT)/bench_nic_rsrc.jsonl | grep bench:

sim-nic_rsrc: $(NR_BIN)
	$(NR_BIN) --seed $(SEED) --n $(N) $(if $(SCENARIO),--scenario $(SCENARIO)) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-nic_rsrc
CMODEL_TEST_TARGETS    += cmodel-test-nic_rsrc
LOCKSTEP_TARGETS       += lockstep-nic_rsrc
LOCKSTEP_QUICK_TARGETS += lockstep-quick-nic_rsrc
SELFTEST_TARGETS       += selftest-nic_rsrc
REPLAY_TARGETS         += replay-nic_rsrc
BENCH_TARGETS          += bench-nic_rsrc
