# mk/common.mk -- make rules of the rtl/common primitive library (issue 10 part 1; docs/common.md).
# Included by the top-level Makefile after its common variables (mk/README.md).
#
#   make lint-common         verilator --lint-only -Wall on every primitive at several parameter sets
#   make unit-common         Verilator unit tests of the primitives against C++ reference models
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
