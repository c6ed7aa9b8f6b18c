# mk/nic.mk -- make rules of the NIC pipeline (issue 11 on; docs/nic_xlat.md, docs/nic.md): the
# translation unit, the testbench host model, the network packet and the transmit framer. The other
# NIC blocks have their own fragments (mk/nic_cmdq.mk, nic_txdma.mk, nic_eq.mk, nic_rsrc.mk).
# Included by the top-level Makefile after its common variables (mk/README.md).
#
#   make lint-nic cmodel-test-nic oracles-nic lockstep-nic lockstep-quick-nic selftest-nic replay-nic bench-nic
#   make lint-nic_pkt_tx lockstep-nic_pkt_tx selftest-nic_pkt_tx oracles-nic_pkt_tx bench-nic_pkt_tx
#   make sim BLOCK=nic_xlat|nic_pkt_tx SEED=n N=n [SCENARIO=s] [FAULT=f] [TRACE=1]

NIC_CM   := cmodel/nic_xlat.c cmodel/nic_xlat.h cmodel/regs/nic_xlat_regs.h
NX_RTL   := rtl/nic/nic_xlat.v rtl/nic/nic_xlat_cache.v rtl/common/axil_reg_if_pipe.v rtl/common/sync_fifo.v rtl/common/ff_keep.v \
            rtl/common/stats_counter.v
NX_VLT   := rtl/common/common.vlt
NX_LINT  := $(VERILATOR) --lint-only -Wall --unroll-count 256 -Irtl/common -Irtl/nic --top-module nic_xlat $(NX_VLT)
NX_BIN   := $(B)/nic/tb_nic_xlat
NX_JSON  := $(REPORT)/lockstep_nic_xlat.jsonl
# requests per seed of the random scenario (20 seeds x 100000 = 2,000,000; the issue asks >= 2,000,000)
NX_N       ?= 100000
NX_QUICK_N ?= 10000

.PHONY: oracles-nic_pkt bench-nic lint-nic cmodel-test-nic oracles-nic lockstep-nic lockstep-quick-nic selftest-nic replay-nic sim-nic_xlat

lint-nic:
	$(NX_LINT) $(NX_RTL)
	$(NX_LINT) -GMQ=4 -GNPID=2 -GL1_SETS=1 -GL1_WAYS=2 -GL2_WAYS=1 -GL3_WAYS=1 -GL4_WAYS=1 $(NX_RTL)
	$(NX_LINT) -GMQ=32 -GNPID=256 -GL4_SETS=2 -GL3_SETS=4 -GL2_SETS=8 -GL1_SETS=128 -GL1_WAYS=8 -GID_W=4 $(NX_RTL)

$(B)/cmodel/test_nic_xlat: cmodel/test/test_nic_xlat.c $(NIC_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_nic_xlat.c cmodel/nic_xlat.c

$(B)/nic/xlat_ref: cmodel/test/xlat_ref.c $(NIC_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -o $@ cmodel/test/xlat_ref.c cmodel/nic_xlat.c

$(B)/nic/libnx.a: $(NIC_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_xlat.c -o $(B)/nic/nic_xlat.o
	ar rcs $@ $(B)/nic/nic_xlat.o

# the testbench host model of the NIC's DMA interface (cmodel/nic_host.h, docs/nic.md 2)
NIC_HOST := cmodel/nic_host.c cmodel/nic_host.h
$(B)/cmodel/test_nic_host: cmodel/test/test_nic_host.c $(NIC_HOST) $(NIC_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_nic_host.c cmodel/nic_host.c cmodel/nic_xlat.c

cmodel-test-nic: $(B)/cmodel/test_nic_xlat $(B)/cmodel/test_nic_host
	$(B)/cmodel/test_nic_xlat
	$(B)/cmodel/test_nic_host

# parameter sets of the lockstep builds: the RTL defaults (the lab size: PML4E fully associative,
# PDPE / PDE / PTE set associative), and a small one (2 PIDs of 64, 4 MQ slots, tiny caches, PDPE
# and PDE fully associative: evictions and round-robin wrap everywhere)
NX_PSET  :=
NX_PSET2 := TB_MQ:MQ=4 TB_L1S:L1_SETS=4 TB_L1W:L1_WAYS=2 TB_L2S:L2_SETS=1 TB_L2W:L2_WAYS=2 TB_L3S:L3_SETS=1 \
            TB_L3W:L3_WAYS=2 TB_L4W:L4_WAYS=1
NX_BIN2  := $(B)/nic_s/tb_nic_xlat
$(eval $(call verilator_tb,$(NX_BIN),nic_xlat,rtl/common rtl/nic,$(NX_VLT) tb/nic/nic_xlat.vlt $(NX_RTL),$(NX_PSET),\
  tb/nic/tb_nic_xlat.cpp,$(B)/nic/libnx.a,rtl/nic/nic_xlat_regs.vh))
$(eval $(call verilator_tb,$(NX_BIN2),nic_xlat,rtl/common rtl/nic,$(NX_VLT) tb/nic/nic_xlat.vlt $(NX_RTL),$(NX_PSET2),\
  tb/nic/tb_nic_xlat.cpp,$(B)/nic/libnx.a,rtl/nic/nic_xlat_regs.vh))

lockstep-nic: $(NX_BIN) $(NX_BIN2)
	@mkdir -p $(REPORT); rm -f $(NX_JSON)
	scripts/lockstep.sh $(NX_BIN) $(NX_JSON) "$(SEEDS)" --n $(NX_N)
	scripts/lockstep.sh $(NX_BIN2) $(NX_JSON) "$(SEEDS)" --n 20000

lockstep-quick-nic: $(NX_BIN) $(NX_BIN2)
	@mkdir -p $(REPORT); rm -f $(NX_JSON)
	scripts/lockstep.sh $(NX_BIN) $(NX_JSON) "$(QUICK_SEEDS)" --n $(NX_QUICK_N)
	scripts/lockstep.sh $(NX_BIN2) $(NX_JSON) "$(QUICK_SEEDS)" --n 5000

selftest-nic: $(NX_BIN)
	scripts/expect_fail.sh "MISMATCH on m_resp" $(NX_BIN) --seed 3 --n 5000 --scenario random --fault flip
	scripts/expect_fail.sh "MISMATCH on m_rd" $(NX_BIN) --seed 4 --n 5000 --scenario random --fault rdflip

# Icarus vector replay (second simulator): vectors of the random scenario at the RTL defaults
# (tb/nic/nic_xlat_replay.v documents the files)
replay-nic: $(NX_BIN)
	@$(call icarus_replay,$(NX_BIN),$(B)/vectors/nic_xlat,nic_xlat_replay,rtl/common rtl/nic,$(NX_PSET),\
	  tb/nic/nic_xlat_replay.v $(NX_RTL))

# translations per cycle on hits, miss latency per levels walked, host reads per translation of
# the split caches against a conventional TLB of the same entries (docs/nic_xlat.md 7)
bench-nic: $(NX_BIN)
	@mkdir -p $(REPORT); rm -f $(REPORT)/bench_nic_xlat.jsonl
	$(NX_BIN) --scenario bench --no-stall --n 20000 --json $(REPORT)/bench_nic_xlat.jsonl | grep bench:

sim-nic_xlat: $(NX_BIN)
	$(NX_BIN) --seed $(SEED) --n $(N) $(if $(SCENARIO),--scenario $(SCENARIO)) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

# the NIC packet (docs/nic.md 3): C builder/parser vs scapy, tshark + scripts/nic.lua, parser rule breaks
$(B)/cmodel/nic_pkt_gen: cmodel/test/nic_pkt_gen.c cmodel/nic_pkt.c cmodel/nic_pkt.h cmodel/common/roce.c cmodel/common/roce.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/nic_pkt_gen.c cmodel/nic_pkt.c cmodel/common/roce.c -lpcap

oracles-nic_pkt: $(B)/cmodel/nic_pkt_gen
	$(PY) scripts/nic_pkt_check.py --gen $(B)/cmodel/nic_pkt_gen --n 300 --seed 1 --out $(B)/oracles/nic_pkt

# 5 seeds x 40,000 translations (about 2 s each), each through the reference walk AND the RTL
# (lockstep testbench, scenario oracle), both compared with Unicorn: 200,000 RTL translations
oracles-nic: $(B)/nic/xlat_ref $(NX_BIN) oracles-nic_pkt
	@for s in 1 2 3 4 5; do $(PY) scripts/xlat_oracle.py --xlat-ref $(B)/nic/xlat_ref --rtl $(NX_BIN) --n 40000 --seed $$s || exit 1; done

# ------------------------------------------------------------------ transmit framer (docs/nic.md 4)
NPT_RTL  := rtl/nic/nic_pkt_tx.v rtl/common/sync_fifo.v rtl/common/axis_skid_wide.v rtl/common/ipv4_csum.v \
            rtl/common/crc32_beat.v rtl/common/ff_keep.v
NPT_CM   := cmodel/nic_pkt_tx.c cmodel/nic_pkt_tx.h cmodel/nic_pkt.c cmodel/nic_pkt.h cmodel/common/roce.c cmodel/common/roce.h
NPT_BIN  := $(B)/nic_pkt_tx/tb_nic_pkt_tx
NPT_JSON := $(REPORT)/lockstep_nic_pkt_tx.jsonl
# messages per seed: 20 seeds x 150 = 3,000 messages of 1 B .. 1 MiB (about 75,000 packets, 1.8 M
# s_data beats, 7 M cycles; 20 x 1000 took 8 minutes on the 2-core machine: 487,189 packets, 11.9 M beats)
NPT_N       ?= 150
NPT_QUICK_N ?= 40

$(B)/nic_pkt_tx/libnpt.a: $(NPT_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_pkt_tx.c -o $(B)/nic_pkt_tx/nic_pkt_tx.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_pkt.c -o $(B)/nic_pkt_tx/nic_pkt.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/common/roce.c -o $(B)/nic_pkt_tx/roce.o
	ar rcs $@ $(B)/nic_pkt_tx/nic_pkt_tx.o $(B)/nic_pkt_tx/nic_pkt.o $(B)/nic_pkt_tx/roce.o

$(eval $(call verilator_tb,$(NPT_BIN),nic_pkt_tx,rtl/common rtl/nic,$(NX_VLT) $(NPT_RTL),,\
  tb/nic/tb_nic_pkt_tx.cpp,$(B)/nic_pkt_tx/libnpt.a,rtl/common/crc32_fn.vh))
# the fast simulation form (NPTX_FAST: chunk loops, what the nic_top end-to-end build
# simulates) against the same model: every packet byte, 4 seeds (docs/nic.md 4.4)
NPT_FBIN  := $(B)/nic_pkt_tx_fast/tb_nic_pkt_tx
NPT_FJSON := $(REPORT)/lockstep_nic_pkt_tx_fast.jsonl
$(NPT_FBIN): VFLAGS += +define+NPTX_FAST
$(eval $(call verilator_tb,$(NPT_FBIN),nic_pkt_tx,rtl/common rtl/nic,$(NX_VLT) $(NPT_RTL),,\
  tb/nic/tb_nic_pkt_tx.cpp,$(B)/nic_pkt_tx/libnpt.a,rtl/common/crc32_fn.vh))

.PHONY: lint-nic_pkt_tx lockstep-nic_pkt_tx lockstep-fast-nic_pkt_tx lockstep-quick-nic_pkt_tx selftest-nic_pkt_tx oracles-nic_pkt_tx bench-nic_pkt_tx sim-nic_pkt_tx
lint-nic_pkt_tx:
	$(VERILATOR) --lint-only -Wall -Irtl/common -Irtl/nic --top-module nic_pkt_tx $(NX_VLT) $(NPT_RTL)
	$(VERILATOR) --lint-only -Wall -Irtl/common -Irtl/nic --top-module nic_pkt_tx +define+NPTX_FAST $(NX_VLT) $(NPT_RTL)

lockstep-nic_pkt_tx: $(NPT_BIN)
	@mkdir -p $(REPORT); rm -f $(NPT_JSON)
	scripts/lockstep.sh $(NPT_BIN) $(NPT_JSON) "$(SEEDS)" --n $(NPT_N)

lockstep-fast-nic_pkt_tx: $(NPT_FBIN)
	@mkdir -p $(REPORT); rm -f $(NPT_FJSON)
	scripts/lockstep.sh $(NPT_FBIN) $(NPT_FJSON) "$(QUICK_SEEDS)" --n $(NPT_N)

lockstep-quick-nic_pkt_tx: $(NPT_BIN)
	@mkdir -p $(REPORT); rm -f $(NPT_JSON)
	scripts/lockstep.sh $(NPT_BIN) $(NPT_JSON) "$(QUICK_SEEDS)" --n $(NPT_QUICK_N)

selftest-nic_pkt_tx: $(NPT_BIN)
	scripts/expect_fail.sh "MISMATCH on m_pkt" $(NPT_BIN) --seed 3 --n 50 --fault flip

# the RTL's packets through tshark + scripts/nic.lua and scapy (scripts/nic_pkt_check.py --pcap)
oracles-nic_pkt_tx: $(NPT_BIN) $(B)/cmodel/nic_pkt_gen
	@mkdir -p $(B)/oracles/nic_pkt_tx
	$(NPT_BIN) --seed 5 --n 100 --pcap $(B)/oracles/nic_pkt_tx/rtl.pcap --quiet
	$(PY) scripts/nic_pkt_check.py --gen $(B)/cmodel/nic_pkt_gen --pcap $(B)/oracles/nic_pkt_tx/rtl.pcap

bench-nic_pkt_tx: $(NPT_BIN)
	$(NPT_BIN) --scenario bench --no-stall | grep bench:

sim-nic_pkt_tx: $(NPT_BIN)
	$(NPT_BIN) --seed $(SEED) --n $(N) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-nic_pkt_tx
LOCKSTEP_TARGETS       += lockstep-nic_pkt_tx lockstep-fast-nic_pkt_tx
LOCKSTEP_QUICK_TARGETS += lockstep-quick-nic_pkt_tx
SELFTEST_TARGETS       += selftest-nic_pkt_tx
ORACLE_TARGETS         += oracles-nic_pkt_tx
BENCH_TARGETS          += bench-nic_pkt_tx

LINT_TARGETS           += lint-nic
CMODEL_TEST_TARGETS    += cmodel-test-nic
ORACLE_TARGETS         += oracles-nic
LOCKSTEP_TARGETS       += lockstep-nic
LOCKSTEP_QUICK_TARGETS += lockstep-quick-nic
SELFTEST_TARGETS       += selftest-nic
REPLAY_TARGETS         += replay-nic
BENCH_TARGETS          += bench-nic
