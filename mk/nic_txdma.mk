# mk/nic_txdma.mk -- make rules of the NIC TX DMA engine (issue 12, block B4; docs/nic_txdma.md).
# Included by the top-level Makefile (mk/README.md).
#
#   make lint-nic_txdma cmodel-test-nic_txdma lockstep-nic_txdma lockstep-quick-nic_txdma
#        selftest-nic_txdma replay-nic_txdma bench-nic_txdma
#   make sim-nic_txdma SEED=n N=n [FAULT=f] [TRACE=1]

TD_CM    := cmodel/nic_txdma.c cmodel/nic_txdma.h cmodel/regs/nic_txdma_regs.h cmodel/common/age.h
TD_HOST  := cmodel/nic_host.c cmodel/nic_host.h cmodel/nic_xlat.c cmodel/nic_xlat.h
TD_RTL   := rtl/nic/nic_txdma.v rtl/nic/nic_txdma_sched.v rtl/nic/nic_txdma_arb.v rtl/nic/nic_txdma_buf.v rtl/nic/nic_txdma_tq.v \
            rtl/common/sync_fifo.v rtl/common/prio_enc.v rtl/common/axil_reg_if_pipe.v rtl/common/stats_counter.v
TD_VLT   := rtl/common/common.vlt
TD_LINT  := $(VERILATOR) --lint-only -Wall -Irtl/common -Irtl/nic --top-module nic_txdma $(TD_VLT)
TD_BIN   := $(B)/nic_txdma/tb_nic_txdma
TD_JSON  := $(REPORT)/lockstep_nic_txdma.jsonl
# input transactions (commands + completion beats + credit returns) per seed:
# 20 seeds x 100,000 = 2,000,000 (the issue asks >= 2,000,000)
TD_N       ?= 100000
TD_QUICK_N ?= 20000
# (plain `make`: QUICK_SEEDS x 20,000, about 1 s)

.PHONY: lint-nic_txdma cmodel-test-nic_txdma lockstep-nic_txdma lockstep-quick-nic_txdma selftest-nic_txdma \
        replay-nic_txdma bench-nic_txdma sim-nic_txdma

lint-nic_txdma:
	$(TD_LINT) $(TD_RTL)
	$(TD_LINT) -GN_VN=2 -GVN_W=1 -GTAG_W=2 -GLINES=256 -GLA_W=8 $(TD_RTL)
	$(TD_LINT) -GN_VN=3 -GTAG_W=8 -GLINES=4096 -GLA_W=12 -GCMD_DEPTH=8 $(TD_RTL)

$(B)/cmodel/test_nic_txdma: cmodel/test/test_nic_txdma.c $(TD_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_nic_txdma.c cmodel/nic_txdma.c

cmodel-test-nic_txdma: $(B)/cmodel/test_nic_txdma
	$(B)/cmodel/test_nic_txdma

$(B)/nic_txdma/libtd.a: $(TD_CM) $(TD_HOST)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_txdma.c -o $(B)/nic_txdma/nic_txdma.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_host.c -o $(B)/nic_txdma/nic_host.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_xlat.c -o $(B)/nic_txdma/nic_xlat.o
	ar rcs $@ $(B)/nic_txdma/nic_txdma.o $(B)/nic_txdma/nic_host.o $(B)/nic_txdma/nic_xlat.o

$(eval $(call verilator_tb,$(TD_BIN),nic_txdma,rtl/common rtl/nic,$(TD_VLT) tb/nic/nic_txdma.vlt $(TD_RTL),,\
  tb/nic/tb_nic_txdma.cpp,$(B)/nic_txdma/libtd.a,rtl/nic/nic_txdma_regs.vh))

lockstep-nic_txdma: $(TD_BIN)
	@mkdir -p $(REPORT); rm -f $(TD_JSON)
	scripts/lockstep.sh $(TD_BIN) $(TD_JSON) "$(SEEDS)" --n $(TD_N)

lockstep-quick-nic_txdma: $(TD_BIN)
	@mkdir -p $(REPORT); rm -f $(TD_JSON)
	scripts/lockstep.sh $(TD_BIN) $(TD_JSON) "$(QUICK_SEEDS)" --n $(TD_QUICK_N)

selftest-nic_txdma: $(TD_BIN)
	scripts/expect_fail.sh "MISMATCH on m_data" $(TD_BIN) --seed 3 --n 20000 --fault flip
	scripts/expect_fail.sh "MISMATCH on router_arb" $(TD_BIN) --seed 4 --n 40000 --fault gnt

# Icarus vector replay (second simulator): vectors of the random scenario at the RTL defaults
# (tb/nic/nic_txdma_replay.v documents the files)
replay-nic_txdma: $(TD_BIN)
	@$(call icarus_replay,$(TD_BIN),$(B)/vectors/nic_txdma,nic_txdma_replay,rtl/common rtl/nic,,\
	  tb/nic/nic_txdma_replay.v $(TD_RTL),--seed 11 --n 1000 --scenario random)

# TX bytes per cycle for 64 KiB messages at host read latency 500 (docs/nic_txdma.md 7)
bench-nic_txdma: $(TD_BIN)
	@mkdir -p $(REPORT); rm -f $(REPORT)/bench_nic_txdma.jsonl
	$(TD_BIN) --scenario bench --no-stall --lat 500 --mrrs 3 --slice 512 --vns 1 --json $(REPORT)/bench_nic_txdma.jsonl | grep bench:
	$(TD_BIN) --scenario bench --no-stall --lat 500 --mrrs 5 --slice 512 --vns 1 --json $(REPORT)/bench_nic_txdma.jsonl | grep bench:
	$(TD_BIN) --scenario bench --no-stall --lat 500 --mrrs 3 --slice 512 --vns 4 --json $(REPORT)/bench_nic_txdma.jsonl | grep bench:
	$(TD_BIN) --scenario bench_mix --no-stall --lat 500 --mrrs 3 --json $(REPORT)/bench_nic_txdma.jsonl | grep bench:

sim-nic_txdma: $(TD_BIN)
	$(TD_BIN) --seed $(SEED) --n $(N) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-nic_txdma
CMODEL_TEST_TARGETS    += cmodel-test-nic_txdma
LOCKSTEP_TARGETS       += lockstep-nic_txdma
LOCKSTEP_QUICK_TARGETS += lockstep-quick-nic_txdma
SELFTEST_TARGETS       += selftest-nic_txdma
REPLAY_TARGETS         += replay-nic_txdma
BENCH_TARGETS          += bench-nic_txdma
