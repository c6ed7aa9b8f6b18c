# mk/nic_rel.mk -- make rules of the NIC reliability blocks (issue 13); first slice: nic_rel_rx, the
# receive-side E2E check (spec note 003 block B9; docs/nic_rel.md). Included by the top-level
# Makefile after its common variables (mk/README.md).
#
#   make lint-nic_rel cmodel-test-nic_rel lockstep-nic_rel lockstep-quick-nic_rel selftest-nic_rel
#   make sim BLOCK=nic_rel SEED=n N=n [SCENARIO=random|literal] [FAULT=flip|scrub|cnt] [TRACE=1]

RL_CM   := cmodel/nic_rel_rx.c cmodel/nic_rel_rx.h
RL_RTL  := rtl/nic_rel/nic_rel_rx.v rtl/common/sync_fifo.v rtl/common/axis_skid.v
RL_VLT  := rtl/common/common.vlt rtl/nic_rel/nic_rel.vlt
RL_LINT := $(VERILATOR) --lint-only -Wall -Irtl/common -Irtl/nic_rel --top-module nic_rel_rx $(RL_VLT)
RL_BIN  := $(B)/nic_rel/tb_nic_rel
RL_BIN2 := $(B)/nic_rel_s/tb_nic_rel
RL_JSON := $(REPORT)/lockstep_nic_rel.jsonl
# packets per seed (scenario random; the literal scenario runs a quarter): lab size (4,096 keys)
# and the small build (16 keys, 5-bit sequence numbers: wraps, full key reuse)
RL_N       ?= 20000
RL_N2      ?= 20000
RL_QUICK_N ?= 5000

.PHONY: lint-nic_rel cmodel-test-nic_rel lockstep-nic_rel lockstep-quick-nic_rel selftest-nic_rel sim-nic_rel

lint-nic_rel:
	$(RL_LINT) $(RL_RTL)
	$(RL_LINT) -GKEY_W=4 -GSEQ_W=5 $(RL_RTL)
	$(RL_LINT) -GKEY_W=1 -GSEQ_W=3 -GEPOCH_W=3 -GTS_W=7 -GSCRUB_FORCE=4 $(RL_RTL)
	$(RL_LINT) -GKEY_W=16 -GSEQ_W=24 -GEPOCH_W=32 -GTS_W=16 -GSCRUB_FORCE=16 -GOFIFO_DEPTH=16 $(RL_RTL)

$(B)/cmodel/test_nic_rel_rx: cmodel/test/test_nic_rel_rx.c $(RL_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_nic_rel_rx.c cmodel/nic_rel_rx.c

cmodel-test-nic_rel: $(B)/cmodel/test_nic_rel_rx
	$(B)/cmodel/test_nic_rel_rx

$(B)/nic_rel/libnicrel.a: $(RL_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_rel_rx.c -o $(B)/nic_rel/nic_rel_rx.o
	ar rcs $@ $(B)/nic_rel/nic_rel_rx.o

RL_PSET  :=
RL_PSET2 := TB_KW:KEY_W=4 TB_SW:SEQ_W=5
$(eval $(call verilator_tb,$(RL_BIN),nic_rel_rx,rtl/common rtl/nic_rel,$(RL_VLT) $(RL_RTL),$(RL_PSET),\
  tb/nic_rel/tb_nic_rel.cpp,$(B)/nic_rel/libnicrel.a,))
$(eval $(call verilator_tb,$(RL_BIN2),nic_rel_rx,rtl/common rtl/nic_rel,$(RL_VLT) $(RL_RTL),$(RL_PSET2),\
  tb/nic_rel/tb_nic_rel.cpp,$(B)/nic_rel/libnicrel.a,))

lockstep-nic_rel: $(RL_BIN) $(RL_BIN2)
	@mkdir -p $(REPORT); rm -f $(RL_JSON)
	scripts/lockstep.sh $(RL_BIN) $(RL_JSON) "$(SEEDS)" --n $(RL_N)
	scripts/lockstep.sh $(RL_BIN2) $(RL_JSON) "$(SEEDS)" --n $(RL_N2)

lockstep-quick-nic_rel: $(RL_BIN) $(RL_BIN2)
	@mkdir -p $(REPORT); rm -f $(RL_JSON)
	scripts/lockstep.sh $(RL_BIN) $(RL_JSON) "$(QUICK_SEEDS)" --n $(RL_QUICK_N)
	scripts/lockstep.sh $(RL_BIN2) $(RL_JSON) "$(QUICK_SEEDS)" --n $(RL_QUICK_N)

selftest-nic_rel: $(RL_BIN2)
	scripts/expect_fail.sh "MISMATCH on m_vrd" $(RL_BIN2) --seed 3 --n 5000 --scenario random --fault flip
	scripts/expect_fail.sh "counter scrub_clr differs" $(RL_BIN2) --seed 3 --n 5000 --scenario random --fault scrub
	scripts/expect_fail.sh "counter delivered differs" $(RL_BIN2) --seed 4 --n 2000 --scenario random --fault cnt

sim-nic_rel: $(RL_BIN)
	$(RL_BIN) --seed $(SEED) --n $(N) $(if $(SCENARIO),--scenario $(SCENARIO)) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-nic_rel
CMODEL_TEST_TARGETS    += cmodel-test-nic_rel
LOCKSTEP_TARGETS       += lockstep-nic_rel
LOCKSTEP_QUICK_TARGETS += lockstep-quick-nic_rel
SELFTEST_TARGETS       += selftest-nic_rel

# ------------------------------------------------------------------ nic_rel_tx (issue 13 second slice)
# the transmit-side tracker + retransmit buffer (spec note 003 block B3; docs/nic_rel.md 9)
#   make lint-nic_rel_tx cmodel-test-nic_rel_tx lockstep-nic_rel_tx lockstep-quick-nic_rel_tx selftest-nic_rel_tx
#   make bench-nic_rel_tx [RT_BENCH_W="1 8"] [RT_BENCH_LOSS="0 0.05"]
#   make sim-nic_rel_tx SEED=n N=n [FAULT=flip|to|cnt] [TRACE=1]
RT_CM   := cmodel/nic_rel_tx.c cmodel/nic_rel_tx.h
RT_RTL  := rtl/nic_rel/nic_rel_tx.v rtl/common/sync_fifo.v
RT_LINT := $(VERILATOR) --lint-only -Wall -Irtl/common -Irtl/nic_rel --top-module nic_rel_tx $(RL_VLT)
RT_BIN  := $(B)/nic_rel_tx/tb_nic_rel_tx
RT_BIN2 := $(B)/nic_rel_tx_s/tb_nic_rel_tx
RT_JSON := $(REPORT)/lockstep_nic_rel_tx.jsonl
# inputs (alloc + ack + done handshakes) per seed: a 64-tracker / 1,024-handle build (CMD_W 64)
# and a small one (4 trackers, 16 handles, 4-bit sequence numbers, window <= 8: wraps, tracker
# and handle exhaustion)
RT_N       ?= 3000
RT_N2      ?= 6000
RT_QUICK_N ?= 2000

.PHONY: lint-nic_rel_tx cmodel-test-nic_rel_tx lockstep-nic_rel_tx lockstep-quick-nic_rel_tx selftest-nic_rel_tx sim-nic_rel_tx

lint-nic_rel_tx:
	$(RT_LINT) $(RT_RTL)
	$(RT_LINT) -GCMD_W=64 -GTRK_W=2 -GH_W=4 -GKEY_W=6 -GSEQ_W=4 -GWIN_W=3 $(RT_RTL)
	$(RT_LINT) -GTRK_W=1 -GH_W=2 -GKEY_W=2 -GSEQ_W=3 -GWIN_W=2 -GEPOCH_W=3 -GTS_W=6 -GRTR_W=2 -GCMD_W=1 -GSCAN_FORCE=2 $(RT_RTL)

$(B)/cmodel/test_nic_rel_tx: cmodel/test/test_nic_rel_tx.c $(RT_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_nic_rel_tx.c cmodel/nic_rel_tx.c

cmodel-test-nic_rel_tx: $(B)/cmodel/test_nic_rel_tx
	$(B)/cmodel/test_nic_rel_tx

$(B)/nic_rel_tx/libnicreltx.a: $(RT_CM) $(RL_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_rel_tx.c -o $(B)/nic_rel_tx/nic_rel_tx.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_rel_rx.c -o $(B)/nic_rel_tx/nic_rel_rx.o
	ar rcs $@ $(B)/nic_rel_tx/nic_rel_tx.o $(B)/nic_rel_tx/nic_rel_rx.o

RT_PSET  := CMD_W=64
RT_PSET2 := CMD_W=64 TB_TRK:TRK_W=2 TB_HW:H_W=4 TB_KW:KEY_W=6 TB_SW:SEQ_W=4 TB_WW:WIN_W=3
$(eval $(call verilator_tb,$(RT_BIN),nic_rel_tx,rtl/common rtl/nic_rel,$(RL_VLT) $(RT_RTL),$(RT_PSET),\
  tb/nic_rel/tb_nic_rel_tx.cpp,$(B)/nic_rel_tx/libnicreltx.a,))
$(eval $(call verilator_tb,$(RT_BIN2),nic_rel_tx,rtl/common rtl/nic_rel,$(RL_VLT) $(RT_RTL),$(RT_PSET2),\
  tb/nic_rel/tb_nic_rel_tx.cpp,$(B)/nic_rel_tx/libnicreltx.a,))

lockstep-nic_rel_tx: $(RT_BIN) $(RT_BIN2)
	@mkdir -p $(REPORT); rm -f $(RT_JSON)
	scripts/lockstep.sh $(RT_BIN) $(RT_JSON) "$(SEEDS)" --n $(RT_N)
	scripts/lockstep.sh $(RT_BIN2) $(RT_JSON) "$(SEEDS)" --n $(RT_N2)

lockstep-quick-nic_rel_tx: $(RT_BIN) $(RT_BIN2)
	@mkdir -p $(REPORT); rm -f $(RT_JSON)
	scripts/lockstep.sh $(RT_BIN) $(RT_JSON) "$(QUICK_SEEDS)" --n $(RT_QUICK_N)
	scripts/lockstep.sh $(RT_BIN2) $(RT_JSON) "$(QUICK_SEEDS)" --n $(RT_QUICK_N)

selftest-nic_rel_tx: $(RT_BIN2)
	scripts/expect_fail.sh "MISMATCH on m_retx" $(RT_BIN2) --seed 3 --n 4000 --fault flip
	scripts/expect_fail.sh "MISMATCH on m_retx" $(RT_BIN2) --seed 3 --n 4000 --fault to
	scripts/expect_fail.sh "counter retired differs" $(RT_BIN2) --seed 4 --n 2000 --fault cnt

# make bench-nic_rel_tx: goodput against window and loss with the RTL tracker in the loop (lab
# build), the transmit-side state against a per-peer table, ACK lookups (docs/nic_rel.md 9.9)
RT_BENCH_W    ?= 1 2 4 8 16 32 64
RT_BENCH_LOSS ?= 0 0.01 0.05
bench-nic_rel_tx: $(RT_BIN)
	@mkdir -p $(REPORT); rm -f $(REPORT)/bench_nic_rel_tx.jsonl
	@for l in $(RT_BENCH_LOSS); do for w in $(RT_BENCH_W); do \
	  $(RT_BIN) --seed 1 --scenario bench --wmax $$w --loss $$l --json $(REPORT)/bench_nic_rel_tx.jsonl \
	    > $(B)/nic_rel_tx/bench.log 2>&1 || { tail -30 $(B)/nic_rel_tx/bench.log; exit 1; }; \
	  grep "^bench: wmax" $(B)/nic_rel_tx/bench.log; done; done; grep "^bench: state" $(B)/nic_rel_tx/bench.log

sim-nic_rel_tx: $(RT_BIN)
	$(RT_BIN) --seed $(SEED) --n $(N) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-nic_rel_tx
CMODEL_TEST_TARGETS    += cmodel-test-nic_rel_tx
LOCKSTEP_TARGETS       += lockstep-nic_rel_tx
LOCKSTEP_QUICK_TARGETS += lockstep-quick-nic_rel_tx
SELFTEST_TARGETS       += selftest-nic_rel_tx
BENCH_TARGETS          += bench-nic_rel_tx
