# mk/mcast.mk -- make rules of the mcast block (switch multicast packet engine, issue 4;
# docs/mcast.md). Included by the top-level Makefile after its common variables.
MCAST_RTL    := rtl/mcast/mcast_pe.v rtl/mcast/mcast_rx.v rtl/mcast/mcast_emit.v rtl/common/axil_reg_if.v
MCAST_CM     := cmodel/mcast.c
MCAST_CMH    := cmodel/mcast.h cmodel/regs/mcast_pe_regs.h
MCAST_TB     := $(B)/mcast/tb_mcast
MCAST_JSON   := $(REPORT)/lockstep_mcast.jsonl
# lint waivers (one .vlt per block, a reason each): read by lint and by the lockstep build
MCAST_VLT    := rtl/common/common.vlt rtl/mcast/mcast.vlt
MCAST_LINT   := $(VERILATOR) --lint-only -Wall --unroll-count 256 -Irtl/common -Irtl/mcast --top-module mcast_pe $(MCAST_VLT)
# lockstep sizes (CI): 20 seeds x (random + system) inputs; see docs/mcast.md section 8
MCAST_N_RANDOM ?= 50000
MCAST_N_SYSTEM ?= 60000
MCAST_N_LIVE   ?= 30000

.PHONY: lint-mcast cmodel-test-mcast lockstep-mcast lockstep-quick-mcast selftest-mcast sim-mcast

lint-mcast:
	$(MCAST_LINT) rtl/mcast/mcast_pe.v
	$(MCAST_LINT) -GNUM_PORTS=2 -GNUM_ISL=2 -GNUM_GROUPS=2 -GNUM_SW=4 -GMAX_REC=2 -GMOT=2 -GDEDUP_WAYS=1 -GMAX_LEN=16 rtl/mcast/mcast_pe.v
	$(MCAST_LINT) -GNUM_GROUPS=64 -GNUM_SW=64 -GMOT=8 -GDEDUP_WAYS=4 -GMAX_LEN=256 rtl/mcast/mcast_pe.v
	$(MCAST_LINT) -GNUM_PORTS=5 -GNUM_ISL=3 -GMAX_REC=5 -GDEDUP_WAYS=3 rtl/mcast/mcast_pe.v

$(B)/mcast/test_mcast: cmodel/test/test_mcast.c $(MCAST_CM) $(MCAST_CMH) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_mcast.c $(MCAST_CM)

cmodel-test-mcast: $(B)/mcast/test_mcast
	$(B)/mcast/test_mcast

$(B)/mcast/libmcast.a: $(MCAST_CM) $(MCAST_CMH)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c $(MCAST_CM) -o $(B)/mcast/mcast.o
	ar rcs $@ $(B)/mcast/mcast.o

# parameter set of the lockstep build (Makefile "build macros"; empty: the RTL defaults)
MCAST_PSET   :=
$(eval $(call verilator_tb,$(MCAST_TB),mcast_pe,rtl/common rtl/mcast,$(MCAST_VLT) rtl/mcast/mcast_pe.v tb/mcast/mcast_pe.vlt,$(MCAST_PSET),\
  tb/mcast/tb_mcast.cpp,$(B)/mcast/libmcast.a,$(MCAST_RTL) rtl/mcast/mcast_pe_regs.vh,$(B)/mcast/obj))

lockstep-mcast: $(MCAST_TB)
	@mkdir -p $(REPORT); rm -f $(MCAST_JSON)
	scripts/lockstep.sh $(MCAST_TB) $(MCAST_JSON) "$(SEEDS)" --scenario csr
	scripts/lockstep.sh $(MCAST_TB) $(MCAST_JSON) "$(SEEDS)" --scenario random --n $(MCAST_N_RANDOM)
	scripts/lockstep.sh $(MCAST_TB) $(MCAST_JSON) "$(SEEDS)" --scenario system --n $(MCAST_N_SYSTEM)
	scripts/lockstep.sh $(MCAST_TB) $(MCAST_JSON) "$(SEEDS)" --scenario csr_live --n $(MCAST_N_LIVE)

lockstep-quick-mcast: $(MCAST_TB)
	@mkdir -p $(REPORT); rm -f $(MCAST_JSON)
	scripts/lockstep.sh $(MCAST_TB) $(MCAST_JSON) "$(QUICK_SEEDS)" --n 3000

selftest-mcast: $(MCAST_TB)
	scripts/expect_fail.sh "MISMATCH on m_axis_fab" $(MCAST_TB) --seed 3 --scenario random --n 2000 --fault flip
	scripts/expect_fail.sh "property:" $(MCAST_TB) --seed 3 --scenario system --n 3000 --fault lose
	scripts/expect_fail.sh "deadlock / no progress" $(MCAST_TB) --seed 3 --scenario random --n 2000 --fault hang
	scripts/expect_fail.sh "event priority rule" $(MCAST_TB) --seed 3 --scenario random --n 2000 --fault prio
	scripts/expect_fail.sh "*** FAIL" $(MCAST_TB) --seed 3 --scenario csr_live --n 3000 --fault csr_late

# make sim BLOCK=mcast SEED=n N=n [SCENARIO=csr|random|csr_live|system] [FAULT=flip|lose|hang|prio|csr_late] [TRACE=1]
sim-mcast: $(MCAST_TB)
	$(MCAST_TB) --seed $(SEED) --n $(N) $(if $(SCENARIO),--scenario $(SCENARIO)) \
	  $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-mcast
CMODEL_TEST_TARGETS    += cmodel-test-mcast
LOCKSTEP_TARGETS       += lockstep-mcast
LOCKSTEP_QUICK_TARGETS += lockstep-quick-mcast
SELFTEST_TARGETS       += selftest-mcast

# Icarus vector replay (second simulator): vectors written by the random scenario
.PHONY: replay-mcast
replay-mcast: $(MCAST_TB)
	@$(call icarus_replay,$(MCAST_TB),$(B)/vectors/mcast,mcast_pe_replay,rtl/common rtl/mcast,$(MCAST_PSET),tb/mcast/mcast_pe_replay.v $(MCAST_RTL))
REPLAY_TARGETS += replay-mcast

# packet oracle: RTL-emitted encapsulated frames decoded by tshark + scripts/mcast.lua vs scapy/struct
.PHONY: oracles-mcast bench-mcast
oracles-mcast: $(MCAST_TB)
	@mkdir -p $(B)/pcap
	$(MCAST_TB) --seed 7 --scenario system --n 3000 --pcap-out $(B)/pcap/mcast_sys --quiet
	$(PY) scripts/mcast_pcap.py $(B)/pcap/mcast_sys_fab.pcap

$(B)/mcast/bench_replicas: tb/mcast/bench_replicas.c
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -o $@ $<

# throughput of one engine (--no-stall) and fabric replicas engine vs source-side unicast
bench-mcast: $(MCAST_TB) $(B)/mcast/bench_replicas
	@mkdir -p $(REPORT)
	$(MCAST_TB) --scenario bench --no-stall --n 2000 --quiet --json $(REPORT)/bench_mcast.jsonl | grep bench:
	$(B)/mcast/bench_replicas 2000 | tee $(REPORT)/bench_mcast_replicas.txt

ORACLE_TARGETS += oracles-mcast
BENCH_TARGETS  += bench-mcast
