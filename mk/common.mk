# mk/common.mk -- make rules of the rtl/common primitive library (issue 10 part 1; docs/common.md).
# Included by the top-level Makefile after its common variables (mk/README.md).
#
#   make lint-common         verilator --lint-only -Wall on every primitive at several parameter sets
#   make lockstep-common     Verilator unit tests of the primitives against C++ reference models
#   make lockstep-quick-common   the same, one seed x 50,000 cycles (seconds)
# Formal jobs: formal/common/jobs (scripts/formal.sh); synthesis tops: fpga/open/common.tops.

LINT_COMMON := $(VERILATOR) --lint-only -Wall rtl/common/common.vlt

.PHONY: lint-common
LINT_TARGETS += lint-common

lint-common:
	$(LINT_COMMON) --top-module sync_fifo rtl/common/sync_fifo.v
	$(LINT_COMMON) --top-module sync_fifo -GWIDTH=1 -GDEPTH=2 rtl/common/sync_fifo.v
	$(LINT_COMMON) --top-module sync_fifo -GWIDTH=36 -GDEPTH=512 rtl/common/sync_fifo.v
	$(LINT_COMMON) --top-module sync_fifo -GWIDTH=72 -GDEPTH=128 -GBRAM_MIN_DEPTH=128 rtl/common/sync_fifo.v
	$(LINT_COMMON) --top-module axis_skid rtl/common/axis_skid.v
	$(LINT_COMMON) --top-module axis_skid -GDATA_WIDTH=1 rtl/common/axis_skid.v
	$(LINT_COMMON) --top-module axis_skid -GDATA_WIDTH=577 rtl/common/axis_skid.v
	$(LINT_COMMON) --top-module axis_skid_wide rtl/common/axis_skid_wide.v rtl/common/ff_keep.v
	$(LINT_COMMON) --top-module axis_skid_wide -GDATA_WIDTH=289 -GCTRL_COPIES=6 rtl/common/axis_skid_wide.v rtl/common/ff_keep.v
	$(LINT_COMMON) --top-module prio_enc rtl/common/prio_enc.v
	$(LINT_COMMON) --top-module prio_enc -GN=1 rtl/common/prio_enc.v
	$(LINT_COMMON) --top-module prio_enc -GN=5 rtl/common/prio_enc.v
	$(LINT_COMMON) --top-module prio_enc -GN=64 rtl/common/prio_enc.v
	$(LINT_COMMON) --top-module arbiter rtl/common/arbiter.v rtl/common/prio_enc.v
	$(LINT_COMMON) --top-module arbiter -GN=1 rtl/common/arbiter.v rtl/common/prio_enc.v
	$(LINT_COMMON) --top-module arbiter -GN=5 -GBLOCK=1 rtl/common/arbiter.v rtl/common/prio_enc.v
	$(LINT_COMMON) --top-module arbiter -GN=32 -GROUND_ROBIN=0 -GBLOCK=1 -GBLOCK_ACK=1 rtl/common/arbiter.v rtl/common/prio_enc.v
	$(LINT_COMMON) --top-module popcount rtl/common/popcount.v
	$(LINT_COMMON) --top-module popcount -GN=1 rtl/common/popcount.v
	$(LINT_COMMON) --top-module popcount -GN=7 -GCHUNK=3 rtl/common/popcount.v
	$(LINT_COMMON) --top-module popcount -GN=64 -GPIPELINE=1 rtl/common/popcount.v
	$(LINT_COMMON) --top-module popcount -GN=512 -GPIPELINE=1 -GCHUNK=16 rtl/common/popcount.v
	$(LINT_COMMON) --top-module stats_counter rtl/common/stats_counter.v
	$(LINT_COMMON) --top-module stats_counter -GN=1 -GCNT_WIDTH=8 rtl/common/stats_counter.v
	$(LINT_COMMON) --top-module stats_counter -GN=2 -GCNT_WIDTH=32 rtl/common/stats_counter.v
	$(LINT_COMMON) --top-module stats_counter -GN=1024 -GCNT_WIDTH=64 rtl/common/stats_counter.v
	$(LINT_COMMON) --top-module stats_counter_axil rtl/common/stats_counter_axil.v rtl/common/stats_counter.v
	$(LINT_COMMON) --top-module stats_counter_axil -GN=1 -GCNT_WIDTH=8 -GADDR_WIDTH=4 rtl/common/stats_counter_axil.v rtl/common/stats_counter.v
	$(LINT_COMMON) --top-module stats_counter_axil -GN=4 -GCNT_WIDTH=64 -GADDR_WIDTH=5 rtl/common/stats_counter_axil.v rtl/common/stats_counter.v
	$(LINT_COMMON) --top-module stats_counter_axil -GN=64 -GCNT_WIDTH=48 -GADDR_WIDTH=16 rtl/common/stats_counter_axil.v rtl/common/stats_counter.v
	$(LINT_COMMON) -Irtl/common --top-module crc32_beat rtl/common/crc32_beat.v
	$(LINT_COMMON) -Irtl/common --top-module crc32_beat -GDATA_WIDTH=8 rtl/common/crc32_beat.v
	$(LINT_COMMON) -Irtl/common --top-module crc32_beat -GDATA_WIDTH=72 -GCHUNK=24 rtl/common/crc32_beat.v
	$(LINT_COMMON) -Irtl/common --top-module crc32_beat -GDATA_WIDTH=512 rtl/common/crc32_beat.v
	$(LINT_COMMON) --top-module ipv4_csum rtl/common/ipv4_csum.v
	$(LINT_COMMON) --top-module ipv4_csum -GPIPELINE=0 rtl/common/ipv4_csum.v
	$(LINT_COMMON) --top-module hdr_capture rtl/common/hdr_capture.v rtl/common/ff_keep.v
	$(LINT_COMMON) --top-module hdr_capture -GDATA_WIDTH=8 -GHDR_BYTES=1 rtl/common/hdr_capture.v rtl/common/ff_keep.v
	$(LINT_COMMON) --top-module hdr_capture -GDATA_WIDTH=24 -GHDR_BYTES=7 rtl/common/hdr_capture.v rtl/common/ff_keep.v
	$(LINT_COMMON) --top-module hdr_capture -GDATA_WIDTH=512 -GHDR_BYTES=86 rtl/common/hdr_capture.v rtl/common/ff_keep.v
	$(LINT_COMMON) --top-module axil_demux rtl/common/axil_demux.v
	$(LINT_COMMON) --top-module axil_demux -GN=1 -GADDR_W=13 rtl/common/axil_demux.v
	$(LINT_COMMON) --top-module axil_demux -GN=16 -GADDR_W=20 -GWIN_W=16 rtl/common/axil_demux.v
	$(LINT_COMMON) --top-module axil_csr_front rtl/common/axil_csr_front.v rtl/common/axil_reg_if_pipe.v rtl/common/stats_counter.v
	$(LINT_COMMON) --top-module axil_csr_front -GNSTAT=1 -GADDR_W=8 -GSTAT_ADDR=128 rtl/common/axil_csr_front.v rtl/common/axil_reg_if_pipe.v rtl/common/stats_counter.v

# ------------------------------------------------------------------ unit test (Verilator)
# tb/prims/tb_prims.cpp: every primitive against a C++ reference model, random stimulus with
# per-port backpressure profiles; writes $(REPORT)/lockstep_common.jsonl (scripts/report.py).
PRIMS_RTL := rtl/common/sync_fifo.v rtl/common/axis_skid.v rtl/common/prio_enc.v rtl/common/arbiter.v \
             rtl/common/popcount.v rtl/common/stats_counter.v rtl/common/stats_counter_axil.v \
             rtl/common/crc32_beat.v rtl/common/crc32_fn.vh rtl/common/ipv4_csum.v rtl/common/hdr_capture.v \
             rtl/common/ff_keep.v
PRIMS_BIN := $(B)/prims/Vprims_top
COMMON_CYCLES ?= 200000

$(PRIMS_BIN): tb/prims/prims_top.v tb/prims/tb_prims.cpp $(PRIMS_RTL) rtl/common/common.vlt
	@mkdir -p $(B)/prims
	$(VERILATOR) $(VFLAGS) --top-module prims_top -Irtl/common rtl/common/common.vlt tb/prims/prims_top.v \
	  $(ROOT)/tb/prims/tb_prims.cpp -CFLAGS "-std=c++17 -O2" --Mdir $(B)/prims -o Vprims_top \
	  > $(B)/prims/build.log 2>&1 || { tail -40 $(B)/prims/build.log; exit 1; }

.PHONY: lockstep-common lockstep-quick-common
LOCKSTEP_TARGETS       += lockstep-common
LOCKSTEP_QUICK_TARGETS += lockstep-quick-common

lockstep-common: $(PRIMS_BIN)
	@mkdir -p $(REPORT); rm -f $(REPORT)/lockstep_common.jsonl
	@for s in 1 2 3 4; do $(PRIMS_BIN) --seed $$s --cycles $(COMMON_CYCLES) --json $(REPORT)/lockstep_common.jsonl --quiet || exit 1; done

lockstep-quick-common: $(PRIMS_BIN)
	@mkdir -p $(REPORT); rm -f $(REPORT)/lockstep_common.jsonl
	$(PRIMS_BIN) --seed 1 --cycles 50000 --json $(REPORT)/lockstep_common.jsonl --quiet
