# mk/nic_top.mk -- make rules of the end-to-end testbench of nic_top (issue 12 "End to end";
# docs/nic.md 6): two nic_top back to back in one process, each with its own cmodel/nic_host,
# tb/nic/tb_nic_top.cpp. Included by the top-level Makefile (mk/README.md).
#
#   make e2e-nic_top [E2E_SEEDS="1 2 3"] [E2E_MSGS=n]   the regression: every seed, both directions
#   make e2e-quick-nic_top                               2 seeds x 500 messages per direction
#   make e2e-vn2-nic_top                                 the regression at N_VN 2 (by hand, make regress)
#   make sim BLOCK=nic_top SEED=n N=n [TRACE=1]          one seed (N messages per direction)

NT_TOP   ?= rtl/nic/nic_top.v
NT_DEPS  := $(wildcard rtl/nic/*.v rtl/nic/*.vh rtl/common/*.v rtl/common/*.vh)
NT_VLT   := rtl/common/common.vlt $(wildcard tb/nic/nic_top.vlt)
NT_BIN   := $(B)/nic_top/tb_nic_top
NT_HOST  := cmodel/nic_host.c cmodel/nic_host.h cmodel/nic_xlat.c cmodel/nic_xlat.h
# messages per direction per seed (two directions: E2E_SEEDS x 2 x E2E_MSGS messages in all)
E2E_SEEDS ?= 1 2 3
E2E_MSGS  ?= 300

.PHONY: oracles-nic_top lint-nic_top e2e-nic_top e2e-vn2-nic_top e2e-quick-nic_top sim-nic_top

# the whole NIC with -Wall (the blocks' own waivers plus tb/nic/nic_top_lint.vlt), at the lab size
lint-nic_top:
	$(VERILATOR) --lint-only -Wall -Irtl/common -Irtl/nic --top-module nic_top rtl/common/common.vlt \
	  tb/nic/nic_top_lint.vlt tb/nic/nic_pkt_rx.vlt rtl/nic/nic_top.v
LINT_TARGETS += lint-nic_top

$(B)/nic_top/libnt.a: $(NT_HOST)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_host.c -o $(B)/nic_top/nic_host.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_xlat.c -o $(B)/nic_top/nic_xlat.o
	ar rcs $@ $(B)/nic_top/nic_host.o $(B)/nic_top/nic_xlat.o

# the RTL files are found through the -I directories (Verilator searches them for modules);
# nic_pkt_tx in its fast simulation form (docs/nic.md 4.4)
$(NT_BIN): VFLAGS += +define+NPTX_FAST
$(eval $(call verilator_tb,$(NT_BIN),nic_top,rtl/common rtl/nic,$(NT_VLT) $(NT_TOP),,\
  tb/nic/tb_nic_top.cpp,$(B)/nic_top/libnt.a,$(NT_DEPS) $(wildcard cmodel/regs/nic_*_regs.h)))

# the same bench at N_VN 2 (the lab build's candidate, fpga/open/nic_top.tops nic_top_vn2): by
# hand and in make regress, not in make test (a second whole-NIC build)
NT_BIN2 := $(B)/nic_top_vn2/tb_nic_top
$(NT_BIN2): VFLAGS += +define+NPTX_FAST
$(eval $(call verilator_tb,$(NT_BIN2),nic_top,rtl/common rtl/nic,$(NT_VLT) $(NT_TOP),N_VN=2,\
  tb/nic/tb_nic_top.cpp,$(B)/nic_top/libnt.a,$(NT_DEPS) $(wildcard cmodel/regs/nic_*_regs.h)))

e2e-vn2-nic_top: $(NT_BIN2)
	@for s in $(E2E_SEEDS); do $(NT_BIN2) --seed $$s --msgs $(E2E_MSGS) --quiet || exit 1; done

e2e-nic_top: $(NT_BIN)
	@for s in $(E2E_SEEDS); do $(NT_BIN) --seed $$s --msgs $(E2E_MSGS) --quiet || exit 1; done

e2e-quick-nic_top: $(NT_BIN)
	@for s in 1 2; do $(NT_BIN) --seed $$s --msgs 500 --quiet || exit 1; done

sim-nic_top: $(NT_BIN)
	$(NT_BIN) --seed $(SEED) --msgs $(N) $(if $(TRACE),--trace)

# the CI regression (make lockstep / make test) once the RTL is in the tree
ifneq ($(wildcard rtl/nic/nic_top.v),)
LOCKSTEP_TARGETS += e2e-nic_top
endif

# harness self-test: each injected fault must be reported (docs: tb/nic/tb_nic_top.cpp header)
.PHONY: selftest-nic_top
selftest-nic_top: $(NT_BIN)
	scripts/expect_fail.sh "payload" $(NT_BIN) --seed 3 --msgs 20 --big-pct 0 --fault data
	scripts/expect_fail.sh "the fill pattern" $(NT_BIN) --seed 4 --msgs 20 --big-pct 0 --fault guard
	scripts/expect_fail.sh "fields differ" $(NT_BIN) --seed 5 --msgs 20 --big-pct 0 --fault event
	@# a lost message: reported by the next event of its queue (fields differ) or, when it was the last, by the watchdog
	scripts/expect_fail.sh "E2E FAIL (nic_top" $(NT_BIN) --seed 6 --msgs 20 --big-pct 0 --fault lost --stall-limit 20000

ifneq ($(wildcard rtl/nic/nic_top.v),)
SELFTEST_TARGETS += selftest-nic_top
endif

# the packets NIC A put on the wire (first 3,000 of seed 4): C parser, scapy rebuild (IPv4 checksum,
# ICRC) and tshark with scripts/nic.lua without an expert item (docs/nic.md 3)
oracles-nic_top: $(NT_BIN) $(B)/cmodel/nic_pkt_gen
	@mkdir -p $(B)/oracles/nic_top
	$(NT_BIN) --seed 4 --msgs 300 --quiet --pcap $(B)/oracles/nic_top/a.pcap
	$(PY) scripts/nic_pkt_check.py --gen $(B)/cmodel/nic_pkt_gen --pcap $(B)/oracles/nic_top/a.pcap
ORACLE_TARGETS += oracles-nic_top

# make bench-nic_top: the issue's TX numbers through the whole NIC (A -> B, host read latency 500,
# no stalls; tb/nic/tb_nic_top.cpp --bench): payload bytes per cycle for 64 KiB messages on one VN
# and on four, over 2 MiB and over 4 KiB pages, and the latency of a small message on VN 1 behind a
# 1 MiB one on VN 0 (docs/nic.md 6.5); every byte and event is still checked
.PHONY: bench-nic_top
bench-nic_top: $(NT_BIN)
	@mkdir -p $(REPORT); rm -f $(REPORT)/bench_nic_top.jsonl
	@for v in 1 4; do for p in 2m 4k; do $(NT_BIN) --bench tput --msgs $$((16 * v)) --vns $$v --pages $$p --quiet \
	  --json $(REPORT)/bench_nic_top.jsonl | grep bench: || exit 1; done; done
	@# which side's 4 KiB pages cost the throughput: the sender's sources or the receiver's targets
	@for ab in "4k 2m" "2m 4k"; do set -- $$ab; $(NT_BIN) --bench tput --msgs 16 --vns 1 --pages-a $$1 --pages-b $$2 \
	  --quiet --json $(REPORT)/bench_nic_top.jsonl | grep bench: || exit 1; done
	@for p in 2m 4k; do $(NT_BIN) --bench hol --pages $$p --quiet --json $(REPORT)/bench_nic_top.jsonl | grep bench: || exit 1; done
BENCH_TARGETS += bench-nic_top
