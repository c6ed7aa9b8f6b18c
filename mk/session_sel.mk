# mk/session_sel.mk - make rules of the session_sel block (issue 3, seed 000 SRDMA multipath).
# Included by the top-level Makefile after its common variables (see mk/README.md).
#
#   make lint-session_sel cmodel-test-session_sel lockstep-session_sel lockstep-quick-session_sel
#   make selftest-session_sel replay-session_sel bench-session_sel
#   make sim BLOCK=session_sel SEED=n N=n [SCENARIO=s] [FAULT=f] [TRACE=1]

SS_RTL      := rtl/session_sel/session_sel.v rtl/common/axil_reg_if.v
SS_CM       := cmodel/session_sel.c cmodel/session_sel.h cmodel/session_sel_pkt.c cmodel/session_sel_pkt.h \
               cmodel/common/roce.c cmodel/common/roce.h cmodel/regs/session_sel_regs.h
SS_BIN      := $(B)/session_sel/tb_session_sel
SS_JSON     := $(REPORT)/lockstep_session_sel.jsonl
# lint waivers (one .vlt per block, a reason each): read by lint and by the lockstep builds
SS_VLT      := rtl/common/common.vlt rtl/session_sel/session_sel.vlt
SS_LINT     := $(VERILATOR) --lint-only -Wall --unroll-count 256 -Irtl/common -Irtl/session_sel --top-module session_sel $(SS_VLT)
# descriptors per seed of the random scenario (20 seeds x 200000 = 4,000,000; the issue asks >= 2,000,000)
SS_N        ?= 200000
SS_QUICK_N  ?= 10000

.PHONY: oracles-session_sel lint-session_sel cmodel-test-session_sel lockstep-session_sel lockstep-quick-session_sel \
        selftest-session_sel replay-session_sel bench-session_sel sim-session_sel

lint-session_sel:
	$(SS_LINT) $(SS_RTL)
	$(SS_LINT) -GMAX_SESSIONS=2 -GNUM_GROUPS=2 -GNUM_QPS=2 $(SS_RTL)
	$(SS_LINT) -GMAX_SESSIONS=16 -GNUM_GROUPS=16 -GNUM_QPS=64 $(SS_RTL)
	$(SS_LINT) -GMAX_SESSIONS=4 -GNUM_GROUPS=8 -GNUM_QPS=4 $(SS_RTL)
	$(SS_LINT) -GMAX_SESSIONS=8 -GNUM_GROUPS=2 -GNUM_QPS=4 $(SS_RTL)

$(B)/cmodel/test_session_sel: cmodel/test/test_session_sel.c $(SS_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_session_sel.c cmodel/session_sel.c

cmodel-test-session_sel: $(B)/cmodel/test_session_sel
	$(B)/cmodel/test_session_sel

$(B)/session_sel/libss.a: $(SS_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/session_sel.c -o $(B)/session_sel/session_sel.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/session_sel_pkt.c -o $(B)/session_sel/session_sel_pkt.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/common/roce.c -o $(B)/session_sel/roce.o
	ar rcs $@ $(B)/session_sel/session_sel.o $(B)/session_sel/session_sel_pkt.o $(B)/session_sel/roce.o

# parameter sets of the two lockstep builds (Makefile "build macros"): the RTL defaults, and the
# smallest parameters (2 sessions, 2 groups, 2 QPs): index wrap corners
SS_PSET     :=
SS_PSET2    := TB_NS:MAX_SESSIONS=2 TB_NG:NUM_GROUPS=2 TB_NQ:NUM_QPS=2
SS_BIN2     := $(B)/session_sel_s2/tb_session_sel
$(eval $(call verilator_tb,$(SS_BIN),session_sel,rtl/common rtl/session_sel,$(SS_VLT) $(SS_RTL),$(SS_PSET),\
  tb/session_sel/tb_session_sel.cpp,$(B)/session_sel/libss.a,rtl/session_sel/session_sel_regs.vh))
$(eval $(call verilator_tb,$(SS_BIN2),session_sel,rtl/common rtl/session_sel,$(SS_VLT) $(SS_RTL),$(SS_PSET2),\
  tb/session_sel/tb_session_sel.cpp,$(B)/session_sel/libss.a,rtl/session_sel/session_sel_regs.vh))

lockstep-session_sel: $(SS_BIN) $(SS_BIN2)
	@mkdir -p $(REPORT); rm -f $(SS_JSON)
	scripts/lockstep.sh $(SS_BIN) $(SS_JSON) "$(SEEDS)" --n $(SS_N)
	scripts/lockstep.sh $(SS_BIN2) $(SS_JSON) "$(SEEDS)" --n 20000
	$(PY) tb/session_sel/cov_check.py $(SS_JSON) | tee $(REPORT)/coverage_session_sel.txt

lockstep-quick-session_sel: $(SS_BIN) $(SS_BIN2)
	@mkdir -p $(REPORT); rm -f $(SS_JSON)
	scripts/lockstep.sh $(SS_BIN) $(SS_JSON) "$(QUICK_SEEDS)" --n $(SS_QUICK_N)
	scripts/lockstep.sh $(SS_BIN2) $(SS_JSON) "$(QUICK_SEEDS)" --n 5000

selftest-session_sel: $(SS_BIN)
	scripts/expect_fail.sh "MISMATCH on m_desc" $(SS_BIN) --seed 3 --n 3000 --scenario random --fault flip
	scripts/expect_fail.sh "MISMATCH on m_rx" $(SS_BIN) --seed 4 --n 3000 --scenario random --fault rxflip
	$(SS_BIN) --seed 5 --n 20000 --scenario random --quiet > /dev/null  # the same run without the fault passes
	scripts/expect_fail.sh "*** FAIL: " $(SS_BIN) --seed 5 --n 20000 --scenario random --fault tick  # m_desc, m_rx or a CSR read
	scripts/expect_fail.sh "selection rule" $(SS_BIN) --seed 3 --n 20000 --scenario ties --fault tie
	scripts/expect_fail.sh "lowest-slot rule" $(SS_BIN) --seed 3 --n 20000 --scenario ties --fault rxtie
	scripts/expect_fail.sh "REM victim differs" $(SS_BIN) --seed 3 --n 20000 --scenario ties --fault victim
	@mkdir -p $(B)/session_sel; echo '{"block": "session_sel", "scenario": "x", "seed": 1, "cov_tie_victim": 0}' \
	  > $(B)/session_sel/cov_zero.jsonl
	scripts/expect_fail.sh "never reached" $(PY) tb/session_sel/cov_check.py $(B)/session_sel/cov_zero.jsonl

# packets on the wire: the RTL's decisions as RoCEv2 packets, checked by tshark and scapy; the
# oracle must also reject a capture whose field list has one wrong DSCP (self-test of the oracle)
oracles-session_sel: $(SS_BIN)
	@mkdir -p $(B)/pcap
	$(SS_BIN) --seed 7 --n 3000 --scenario random --pcap-out $(B)/pcap/session_sel --quiet
	$(PY) scripts/session_sel_pcap.py $(B)/pcap/session_sel_random.pcap $(B)/pcap/session_sel_random_desc.csv
	awk -F, 'NR==10{$$3=$$3+4}1' OFS=, $(B)/pcap/session_sel_random_desc.csv > $(B)/pcap/session_sel_bad_desc.csv
	scripts/expect_fail.sh "FAIL" $(PY) scripts/session_sel_pcap.py $(B)/pcap/session_sel_random.pcap $(B)/pcap/session_sel_bad_desc.csv

replay-session_sel: $(SS_BIN)
	@$(call icarus_replay,$(SS_BIN),$(B)/vectors/session_sel,session_sel_replay,rtl/common rtl/session_sel,$(SS_PSET),\
	  tb/session_sel/session_sel_replay.v $(SS_RTL))

$(B)/session_sel/bench_dist: tb/session_sel/bench_dist.c $(SS_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -Icmodel -o $@ tb/session_sel/bench_dist.c cmodel/session_sel.c -lm

$(B)/session_sel/net: cmodel/session_sel_net.c $(SS_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -Icmodel -o $@ cmodel/session_sel_net.c cmodel/session_sel.c -lm

bench-session_sel: $(SS_BIN) $(B)/session_sel/bench_dist $(B)/session_sel/net
	@mkdir -p $(REPORT); rm -f $(REPORT)/bench_session_sel.jsonl
	$(SS_BIN) --scenario bench --no-stall --n 20000 --json $(REPORT)/bench_session_sel.jsonl | grep bench:
	$(B)/session_sel/bench_dist $(REPORT)/session_sel_dist.json
	$(B)/session_sel/net $(REPORT)/session_sel_net
	$(PY) scripts/session_sel_plot.py $(REPORT)/session_sel_net

sim-session_sel: $(SS_BIN)
	$(SS_BIN) --seed $(SEED) --n $(N) $(if $(SCENARIO),--scenario $(SCENARIO)) \
	  $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-session_sel
CMODEL_TEST_TARGETS    += cmodel-test-session_sel
ORACLE_TARGETS         += oracles-session_sel
LOCKSTEP_TARGETS       += lockstep-session_sel
LOCKSTEP_QUICK_TARGETS += lockstep-quick-session_sel
SELFTEST_TARGETS       += selftest-session_sel
REPLAY_TARGETS         += replay-session_sel
BENCH_TARGETS          += bench-session_sel
