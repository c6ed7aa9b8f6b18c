# mk/barrier.mk -- make rules of the barrier block (seed 001 multicast barrier; docs/barrier.md):
# the device (barrier_dev, three lockstep configurations) and the fan-out switch (barrier_fanout).
# Included by the top-level Makefile after its common variables and build macros (mk/README.md).
#
#   make lint-barrier cmodel-test-barrier oracles-barrier lockstep-barrier lockstep-quick-barrier
#   make selftest-barrier replay-barrier bench-barrier
#   make sim BLOCK=barrier [CFG=dw64_w64] SEED=n N=n [SCENARIO=s] [EPOCHS=n] [FAULT=f] [TRACE=1]
#   make sim BLOCK=barrier_fanout [XLT_FA=1] SEED=n N=n [TRACE=1]

# ------------------------------------------------------------------ barrier_dev configurations
# One parameter set per lockstep configuration (Makefile "build macros": TB macro:PARAM=value);
# the same list gives Verilator's -G, the testbench's -DTB_* and Icarus's -P flags.
BARRIER_CFGS      := dw64_w64 dw128_w10 dw512_w32
barrier_dw64_w64  := TB_DW:DATA_WIDTH=64  TB_NB:NUM_BARRIERS=16 TB_NW:NUM_PES=16 TB_W:CNT_WIDTH=64
barrier_dw128_w10 := TB_DW:DATA_WIDTH=128 TB_NB:NUM_BARRIERS=4  TB_NW:NUM_PES=16 TB_W:CNT_WIDTH=10
barrier_dw512_w32 := TB_DW:DATA_WIDTH=512 TB_NB:NUM_BARRIERS=8  TB_NW:NUM_PES=16 TB_W:CNT_WIDTH=32
# configurations replayed under Icarus
BARRIER_REPLAY_CFGS := dw64_w64 dw128_w10

RTL_BARRIER := $(wildcard rtl/barrier/*.v)
CMODEL_SRC  := cmodel/barrier.c cmodel/common/roce.c
CMODEL_HDR  := cmodel/barrier.h cmodel/common/roce.h cmodel/regs/barrier_dev_regs.h

.PHONY: lint-barrier cmodel-test-barrier oracles-barrier lockstep-barrier lockstep-quick-barrier \
        selftest-barrier replay-barrier bench-barrier sim-barrier

# ------------------------------------------------------------------ C model library
$(B)/cmodel/libcmodel.a: $(CMODEL_SRC) $(CMODEL_HDR)
	@mkdir -p $(B)/cmodel
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/barrier.c -o $(B)/cmodel/barrier.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/common/roce.c -o $(B)/cmodel/roce.o
	ar rcs $@ $(B)/cmodel/barrier.o $(B)/cmodel/roce.o

# ------------------------------------------------------------------ lint
# lint waivers (one .vlt per block, a reason each): read by lint and by the lockstep builds
BARRIER_VLT := rtl/common/common.vlt rtl/barrier/barrier.vlt
LINT := $(VERILATOR) --lint-only -Wall --unroll-count 256 -Irtl/common -Irtl/barrier $(BARRIER_VLT)
lint-barrier:
	@$(foreach c,$(BARRIER_CFGS),echo "lint barrier_dev $(c): $(call ps_gflags,$(barrier_$(c)))"; \
	  $(LINT) --top-module barrier_dev $(call ps_gflags,$(barrier_$(c))) rtl/barrier/barrier_dev.v;)
	$(LINT) --top-module barrier_dev -GNUM_BARRIERS=32 -GNUM_PES=128 -GCNT_WIDTH=4 rtl/barrier/barrier_dev.v
	$(LINT) --top-module barrier_dev -GDATA_WIDTH=32 -GNUM_BARRIERS=2 -GNUM_PES=2 rtl/barrier/barrier_dev.v
	$(LINT) --top-module barrier_fanout rtl/barrier/barrier_fanout.v
	$(LINT) --top-module barrier_fanout -GXLT_FA=1 rtl/barrier/barrier_fanout.v
	$(LINT) --top-module barrier_fanout -GXLT_FA=1 -GNUM_PORTS=2 -GNUM_GROUPS=2 -GDATA_WIDTH=512 rtl/barrier/barrier_fanout.v
	$(LINT) --top-module barrier_fanout -GNUM_PORTS=2 -GNUM_GROUPS=2 -GDATA_WIDTH=512 rtl/barrier/barrier_fanout.v
	$(LINT) --top-module barrier_fanout -GNUM_PORTS=16 -GNUM_GROUPS=64 -GDATA_WIDTH=32 rtl/barrier/barrier_fanout.v

# ------------------------------------------------------------------ C model unit tests (ASan/UBSan)
include cmodel/barrier_sys.mk
$(B)/cmodel/test_barrier: cmodel/test/test_barrier.c $(CMODEL_SRC) $(CMODEL_HDR) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_barrier.c $(CMODEL_SRC)
$(B)/cmodel/roce_gen: cmodel/test/roce_gen.c cmodel/common/roce.c cmodel/common/roce.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/roce_gen.c cmodel/common/roce.c -lpcap
cmodel-test-barrier: $(B)/cmodel/test_barrier barrier-sys-test
	$(B)/cmodel/test_barrier

# ------------------------------------------------------------------ packet oracles (scapy, tshark)
oracles-barrier: $(B)/cmodel/roce_gen
	$(PY) scripts/roce_check.py --gen $(B)/cmodel/roce_gen --n 200 --seed 1 --out $(B)/oracles/roce

# ------------------------------------------------------------------ Verilator lockstep builds
$(foreach c,$(BARRIER_CFGS),$(eval $(call verilator_tb,$(B)/barrier/$(c)/tb_barrier,barrier_dev,rtl/common rtl/barrier,\
  $(BARRIER_VLT) rtl/barrier/barrier_dev.v tb/barrier/barrier_dev.vlt,$(barrier_$(c)),tb/barrier/tb_barrier_dev.cpp,\
  $(B)/cmodel/libcmodel.a,$(RTL_COMMON) $(RTL_BARRIER) rtl/barrier/barrier_dev_regs.vh)))

# barrier_fanout: two builds, the RTL default (XLT_FA = 0: no FETCH_ADD translation) and XLT_FA = 1
# (docs/barrier.md 7.2); the testbench learns the parameter from -DTB_XLT_FA (parameter set)
$(eval $(call verilator_tb,$(B)/barrier_fanout/tb_fanout,barrier_fanout,rtl/common rtl/barrier,\
  $(BARRIER_VLT) rtl/barrier/barrier_fanout.v tb/barrier/barrier_fanout.vlt,,tb/barrier/tb_barrier_fanout.cpp,$(B)/cmodel/libcmodel.a,$(RTL_COMMON)))
$(eval $(call verilator_tb,$(B)/barrier_fanout_fa/tb_fanout,barrier_fanout,rtl/common rtl/barrier,\
  $(BARRIER_VLT) rtl/barrier/barrier_fanout.v tb/barrier/barrier_fanout.vlt,TB_XLT_FA:XLT_FA=1,tb/barrier/tb_barrier_fanout.cpp,$(B)/cmodel/libcmodel.a,$(RTL_COMMON)))
FANOUT_TBS := $(B)/barrier_fanout/tb_fanout $(B)/barrier_fanout_fa/tb_fanout

TB_BARRIER := $(foreach c,$(BARRIER_CFGS),$(B)/barrier/$(c)/tb_barrier) $(FANOUT_TBS)

# ------------------------------------------------------------------ lockstep regression
# scripts/lockstep.sh BIN JSON "SEEDS" ARGS...: one run per seed, stops at the first failure.
LOCKSTEP    := $(REPORT)/lockstep_barrier.jsonl
PCAP        := $(B)/pcap

lockstep-barrier: $(TB_BARRIER)
	@mkdir -p $(REPORT) $(PCAP); rm -f $(LOCKSTEP)
	$(PY) scripts/barrier_pcap.py gen $(PCAP)/scapy_notif.pcap
	scripts/lockstep.sh $(B)/barrier/dw64_w64/tb_barrier $(LOCKSTEP) "$(SEEDS)" --n 20000 --epochs 100 --pcap-in $(PCAP)/scapy_notif.pcap
	scripts/lockstep.sh $(B)/barrier/dw128_w10/tb_barrier $(LOCKSTEP) "$(SEEDS)" --n 5000 --epochs 400 --pcap-in $(PCAP)/scapy_notif.pcap
	scripts/lockstep.sh $(B)/barrier/dw512_w32/tb_barrier $(LOCKSTEP) "$(wordlist 1,5,$(SEEDS))" --n 20000 --epochs 200 --pcap-in $(PCAP)/scapy_notif.pcap
	$(foreach t,$(FANOUT_TBS),scripts/lockstep.sh $(t) $(LOCKSTEP) "$(SEEDS)" --n 20000;)
	@# packets the RTL emitted: tshark decode + scapy byte identity
	$(B)/barrier/dw64_w64/tb_barrier --seed 7 --scenario system --epochs 20 --pcap-out $(PCAP)/dw64 --quiet
	$(B)/barrier/dw128_w10/tb_barrier --seed 7 --scenario directed --pcap-out $(PCAP)/dw128 --quiet
	$(PY) scripts/barrier_pcap.py check $(PCAP)/dw64_system_tx.pcap $(PCAP)/dw128_directed_tx.pcap
	@# fan-out egress copies (UD and FETCH_ADD, translated or not, docs/barrier.md 7.2): same check,
	@# both builds (XLT_FA = 0: FETCH_ADD copies unchanged; XLT_FA = 1: translated on FA_EN ports)
	$(B)/barrier_fanout/tb_fanout --seed 7 --scenario fanout_pcap --n 2000 --pcap-out $(PCAP)/fan --quiet
	$(B)/barrier_fanout_fa/tb_fanout --seed 7 --scenario fanout_pcap --n 2000 --pcap-out $(PCAP)/fanfa --quiet
	$(PY) scripts/barrier_pcap.py check $(PCAP)/fan_fanout_pcap_egress.pcap $(PCAP)/fanfa_fanout_pcap_egress.pcap

lockstep-quick-barrier: $(TB_BARRIER)
	@mkdir -p $(REPORT) $(PCAP); rm -f $(LOCKSTEP)
	$(PY) scripts/barrier_pcap.py gen $(PCAP)/scapy_notif.pcap > /dev/null
	scripts/lockstep.sh $(B)/barrier/dw64_w64/tb_barrier $(LOCKSTEP) "$(QUICK_SEEDS)" --n 5000 --epochs 50 --pcap-in $(PCAP)/scapy_notif.pcap
	scripts/lockstep.sh $(B)/barrier/dw128_w10/tb_barrier $(LOCKSTEP) "$(QUICK_SEEDS)" --n 2000 --epochs 1000
	$(foreach t,$(FANOUT_TBS),scripts/lockstep.sh $(t) $(LOCKSTEP) "$(QUICK_SEEDS)" --n 5000;)

# ------------------------------------------------------------------ harness self-test: faults must be caught
selftest-barrier: $(B)/barrier/dw64_w64/tb_barrier $(B)/barrier/dw128_w10/tb_barrier
	scripts/expect_fail.sh "MISMATCH on m_mir" $(B)/barrier/dw64_w64/tb_barrier --seed 3 --n 3000 --scenario random --fault flip
	scripts/expect_fail.sh "deadlock / no progress" $(B)/barrier/dw64_w64/tb_barrier --seed 3 --scenario system --epochs 20 --fault drop
	@# --fault dup delivers one notification twice: barrier_rx must drop the copy (per-source PSN,
	@# docs/barrier.md 5.5) and count it; the run must pass (no early release) and report rx_drop_dup = 1
	@out=$$($(B)/barrier/dw128_w10/tb_barrier --seed 5 --scenario system --epochs 40 --fault dup 2>&1); rc=$$?; \
	  if [ $$rc -eq 0 ] && echo "$$out" | grep -qF "rx_drop_dup = 1 (RTL statistic read back"; then \
	    echo "selftest: duplicate dropped and counted (rx_drop_dup = 1), no early release: --fault dup"; \
	  else echo "selftest: --fault dup NOT handled (exit $$rc, expected a pass with rx_drop_dup = 1)"; \
	    echo "$$out" | tail -20; exit 1; fi

# ------------------------------------------------------------------ Icarus vector replay
replay-barrier: $(foreach c,$(BARRIER_REPLAY_CFGS),$(B)/barrier/$(c)/tb_barrier)
	@$(foreach c,$(BARRIER_REPLAY_CFGS),$(call icarus_replay,$(B)/barrier/$(c)/tb_barrier,$(B)/vectors/barrier_$(c),\
	  barrier_dev_replay,rtl/common rtl/barrier,$(barrier_$(c)),tb/barrier/barrier_dev_replay.v $(RTL_COMMON) $(RTL_BARRIER));)

# ------------------------------------------------------------------ benchmarks
bench-barrier: $(B)/barrier/dw64_w64/tb_barrier $(B)/barrier/dw128_w10/tb_barrier $(B)/barrier/dw512_w32/tb_barrier barrier-bench-latency
	@mkdir -p $(REPORT); rm -f $(REPORT)/bench.jsonl
	@for c in $(BARRIER_CFGS); do $(B)/barrier/$$c/tb_barrier --scenario bench --no-stall --n 2000 \
	  --json $(REPORT)/bench.jsonl | grep bench:; done
	@t0=$$(date +%s.%N); $(B)/barrier/dw64_w64/tb_barrier --scenario system --epochs 200 --no-stall --quiet \
	  --json $(REPORT)/bench_speed.jsonl > /dev/null; t1=$$(date +%s.%N); \
	  $(PY) -c "import json,sys; r=[json.loads(l) for l in open('$(REPORT)/bench_speed.jsonl')][-1]; \
	  dt=$$t1-$$t0; print('simulation speed (dw64_w64 system, lockstep incl. model): %d cycles in %.2f s = %.0f cycles/s' % (r['cycles'], dt, r['cycles']/dt))"
	@echo "baseline vs multicast barrier (cmodel/barrier_sys, $(REPORT)/barrier_latency.json):"
	@$(PY) scripts/bench_table.py $(REPORT)/barrier_latency.json

# ------------------------------------------------------------------ rerun one seed
# make sim BLOCK=barrier|barrier_fanout [XLT_FA=1] (the top-level `sim` maps barrier_fanout here;
# XLT_FA=1: the fan-out build with FETCH_ADD translation)
sim-barrier: $(if $(filter barrier_fanout,$(BLOCK)),$(B)/barrier_fanout$(if $(filter 1,$(XLT_FA)),_fa)/tb_fanout,$(B)/barrier/$(CFG)/tb_barrier)
	$< --seed $(SEED) --n $(N) --epochs $(EPOCHS) $(if $(SCENARIO),--scenario $(SCENARIO)) \
	  $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-barrier
CMODEL_TEST_TARGETS    += cmodel-test-barrier
ORACLE_TARGETS         += oracles-barrier
LOCKSTEP_TARGETS       += lockstep-barrier
LOCKSTEP_QUICK_TARGETS += lockstep-quick-barrier
SELFTEST_TARGETS       += selftest-barrier
REPLAY_TARGETS         += replay-barrier
BENCH_TARGETS          += bench-barrier
