# barrier_sys.mk: system-level barrier latency model (cmodel/barrier_sys.{h,c}), the
# explicit-state model of note Appendix (cmodel/test/barrier_state_space.c) and the latency
# benchmark (tb/barrier/bench_latency.c, scripts/plot_barrier_latency.py).
# Included from the top-level Makefile; run from the repository root.
#
#   make barrier-sys-test       build both tests with ASan/UBSan and run them
#   make barrier-bench-latency  build the benchmark (-O2), run it, plot the result
# Outputs: $(B)/barrier_sys/ (binaries), $(REPORT)/barrier_latency.{json,png} (build/ and
# build/report/ by default; B and REPORT come from the top-level Makefile).

BSYS_CC        ?= gcc
BSYS_PYTHON    ?= .venv/bin/python
BSYS_BUILD     := $(B)/barrier_sys
BSYS_WARN      := -std=c11 -Wall -Wextra -Werror
BSYS_SAN       := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
                  -fno-omit-frame-pointer
BSYS_SRC       := cmodel/barrier_sys.c
BSYS_HDR       := cmodel/barrier_sys.h
BSYS_REPORT    := $(REPORT)

.PHONY: barrier-sys-test barrier-bench-latency

$(BSYS_BUILD)/test_barrier_sys: cmodel/test/test_barrier_sys.c $(BSYS_SRC) $(BSYS_HDR)
	@mkdir -p $(BSYS_BUILD)
	$(BSYS_CC) $(BSYS_WARN) $(BSYS_SAN) -Icmodel -o $@ cmodel/test/test_barrier_sys.c \
		$(BSYS_SRC) -lm

$(BSYS_BUILD)/barrier_state_space: cmodel/test/barrier_state_space.c
	@mkdir -p $(BSYS_BUILD)
	$(BSYS_CC) $(BSYS_WARN) $(BSYS_SAN) -o $@ cmodel/test/barrier_state_space.c

$(BSYS_BUILD)/bench_latency: tb/barrier/bench_latency.c $(BSYS_SRC) $(BSYS_HDR)
	@mkdir -p $(BSYS_BUILD)
	$(BSYS_CC) $(BSYS_WARN) -O2 -Icmodel -o $@ tb/barrier/bench_latency.c $(BSYS_SRC) -lm

barrier-sys-test: $(BSYS_BUILD)/test_barrier_sys $(BSYS_BUILD)/barrier_state_space
	$(BSYS_BUILD)/test_barrier_sys
	$(BSYS_BUILD)/barrier_state_space

barrier-bench-latency: $(BSYS_BUILD)/bench_latency
	@mkdir -p $(BSYS_REPORT)
	$(BSYS_BUILD)/bench_latency -o $(BSYS_REPORT)/barrier_latency.json
	$(BSYS_PYTHON) scripts/plot_barrier_latency.py $(BSYS_REPORT)/barrier_latency.json \
		$(BSYS_REPORT)/barrier_latency.png
