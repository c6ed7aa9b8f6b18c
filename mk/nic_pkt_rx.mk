# mk/nic_pkt_rx.mk -- the NIC receive parser nic_pkt_rx (docs/nic_pkt_rx.md; issue 12)
#   make lint-nic_pkt_rx cmodel-test-nic_pkt_rx lockstep-nic_pkt_rx selftest-nic_pkt_rx
#   make oracles-nic_pkt_rx replay-nic_pkt_rx bench-nic_pkt_rx
#   make sim BLOCK=nic_pkt_rx SEED=n N=n [FAULT=flip] [TRACE=1]
NPR_RTL  := rtl/nic/nic_pkt_rx.v rtl/common/sync_fifo.v rtl/common/axis_skid.v rtl/common/ipv4_csum.v \
            rtl/common/crc32_beat.v rtl/common/stats_counter_axil.v rtl/common/stats_counter.v rtl/common/ff_keep.v
NPR_VLT  := rtl/common/common.vlt tb/nic/nic_pkt_rx.vlt
NPR_CM   := cmodel/nic_pkt_rx.c cmodel/nic_pkt_rx.h cmodel/nic_pkt.c cmodel/nic_pkt.h cmodel/common/roce.c cmodel/common/roce.h
NPR_BIN  := $(B)/nic_pkt_rx/tb_nic_pkt_rx
NPR_JSON := $(REPORT)/lockstep_nic_pkt_rx.jsonl
# packets per seed: 20 x 2000 = 40,000 packets of 0..4096 payload bytes, 5-35 % broken (2.16 M s_axis
# beats, 4.8 M cycles, about 7 s on one core)
NPR_N       ?= 2000
NPR_QUICK_N ?= 300

$(B)/nic_pkt_rx/libnpr.a: $(NPR_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_pkt_rx.c -o $(B)/nic_pkt_rx/nic_pkt_rx.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_pkt.c -o $(B)/nic_pkt_rx/nic_pkt.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/common/roce.c -o $(B)/nic_pkt_rx/roce.o
	ar rcs $@ $(B)/nic_pkt_rx/nic_pkt_rx.o $(B)/nic_pkt_rx/nic_pkt.o $(B)/nic_pkt_rx/roce.o

$(eval $(call verilator_tb,$(NPR_BIN),nic_pkt_rx,rtl/common rtl/nic,$(NPR_VLT) $(NPR_RTL),,\
  tb/nic/tb_nic_pkt_rx.cpp,$(B)/nic_pkt_rx/libnpr.a,rtl/common/crc32_fn.vh))

$(B)/cmodel/test_nic_pkt_rx: cmodel/test/test_nic_pkt_rx.c $(NPR_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_nic_pkt_rx.c cmodel/nic_pkt_rx.c cmodel/nic_pkt.c cmodel/common/roce.c

.PHONY: lint-nic_pkt_rx cmodel-test-nic_pkt_rx lockstep-nic_pkt_rx lockstep-quick-nic_pkt_rx selftest-nic_pkt_rx \
        oracles-nic_pkt_rx replay-nic_pkt_rx bench-nic_pkt_rx sim-nic_pkt_rx
lint-nic_pkt_rx:
	$(VERILATOR) --lint-only -Wall -Irtl/common -Irtl/nic --top-module nic_pkt_rx $(NPR_VLT) $(NPR_RTL)
	$(VERILATOR) --lint-only -Wall -Irtl/common -Irtl/nic --top-module nic_pkt_rx -GBUF_LOG2=8 -GHQ_LOG2=2 $(NPR_VLT) $(NPR_RTL)

cmodel-test-nic_pkt_rx: $(B)/cmodel/test_nic_pkt_rx
	$(B)/cmodel/test_nic_pkt_rx

lockstep-nic_pkt_rx: $(NPR_BIN)
	@mkdir -p $(REPORT); rm -f $(NPR_JSON)
	scripts/lockstep.sh $(NPR_BIN) $(NPR_JSON) "$(SEEDS)" --n $(NPR_N)

lockstep-quick-nic_pkt_rx: $(NPR_BIN)
	@mkdir -p $(REPORT); rm -f $(NPR_JSON)
	scripts/lockstep.sh $(NPR_BIN) $(NPR_JSON) "$(QUICK_SEEDS)" --n $(NPR_QUICK_N)

selftest-nic_pkt_rx: $(NPR_BIN)
	scripts/expect_fail.sh "MISMATCH on m_hdr" $(NPR_BIN) --seed 3 --n 100 --fault flip

# scapy's packets (good ones and one-rule breaks of docs/nic.md 3.4) through the RTL: its verdict,
# read from the counters, must be scapy's (scripts/nic_pkt_check.py --probes)
oracles-nic_pkt_rx: $(NPR_BIN) $(B)/cmodel/nic_pkt_gen
	@mkdir -p $(B)/oracles/nic_pkt_rx
	$(PY) scripts/nic_pkt_check.py --gen $(B)/cmodel/nic_pkt_gen --n 54 --probes $(B)/oracles/nic_pkt_rx/probes.txt
	$(NPR_BIN) --scenario oracle --probes $(B)/oracles/nic_pkt_rx/probes.txt --seed 1

# Icarus vector replay (second simulator): vectors of the random scenario at the RTL defaults
# (tb/nic/nic_pkt_rx_replay.v documents the files); 10 packets and the drain, about 4,000 cycles,
# cycle-exact (Icarus runs this block at about 260 cycles per second: the CRC matrices)
replay-nic_pkt_rx: $(NPR_BIN)
	@$(call icarus_replay,$(NPR_BIN),$(B)/vectors/nic_pkt_rx,nic_pkt_rx_replay,rtl/common rtl/nic,,\
	  tb/nic/nic_pkt_rx_replay.v $(NPR_RTL),--seed 11 --n 10 --scenario random)

bench-nic_pkt_rx: $(NPR_BIN)
	$(NPR_BIN) --scenario bench --no-stall | grep bench:

sim-nic_pkt_rx: $(NPR_BIN)
	$(NPR_BIN) --seed $(SEED) --n $(N) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-nic_pkt_rx
CMODEL_TEST_TARGETS    += cmodel-test-nic_pkt_rx
LOCKSTEP_TARGETS       += lockstep-nic_pkt_rx
LOCKSTEP_QUICK_TARGETS += lockstep-quick-nic_pkt_rx
SELFTEST_TARGETS       += selftest-nic_pkt_rx
ORACLE_TARGETS         += oracles-nic_pkt_rx
REPLAY_TARGETS         += replay-nic_pkt_rx
BENCH_TARGETS          += bench-nic_pkt_rx
