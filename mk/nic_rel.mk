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
