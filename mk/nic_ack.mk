# mk/nic_ack.mk -- the ACK / NAK packet in RTL (issue 13; docs/nic_rel.md 11): the builder
# nic_ack_tx and the parser nic_ack_rx (rtl/nic_ack/), Verilator lockstep against the C model
# cmodel/nic_ack.{h,c} (nic_ack_build / nic_ack_parse). Included by the top-level Makefile.
#
#   make lint-nic_ack lockstep-nic_ack lockstep-wide-nic_ack lockstep-quick-nic_ack selftest-nic_ack
#   make sim-nic_ack NA_SIDE=tx|rx SEED=n N=n [FAULT=flip|cnt] [TRACE=1]

NA_DIR   := rtl/nic_ack
NA_SRC   := rtl/common/crc32_beat.v rtl/common/sync_fifo.v rtl/common/ff_keep.v
NA_TX    := $(NA_DIR)/nic_ack_tx.v
NA_RX    := $(NA_DIR)/nic_ack_rx.v $(NA_DIR)/nic_ack_csum_chk.v
NA_DEPS  := rtl/common/crc32_fn.vh
NA_LINTX := $(VERILATOR) --lint-only -Wall -Irtl/common --top-module nic_ack_tx
NA_LINRX := $(VERILATOR) --lint-only -Wall -Irtl/common --top-module nic_ack_rx
NA_BTX   := $(B)/nic_ack_tx/tb_nic_ack
NA_BTX2  := $(B)/nic_ack_tx_s/tb_nic_ack
NA_BRX   := $(B)/nic_ack_rx/tb_nic_ack
NA_BRX2  := $(B)/nic_ack_rx_w/tb_nic_ack
NA_JSON  := $(REPORT)/lockstep_nic_ack.jsonl
# per seed (20 seeds): lab builds and the second parameter sets
NA_N       ?= 3000
NA_N2      ?= 1000
NA_QUICK_N ?= 1000

.PHONY: lint-nic_ack lockstep-nic_ack lockstep-wide-nic_ack lockstep-quick-nic_ack selftest-nic_ack sim-nic_ack

lint-nic_ack:
	$(NA_LINTX) $(NA_TX) $(NA_SRC)
	$(NA_LINTX) -GNID_W=3 -GSEQ_W=5 -GEPOCH_W=7 $(NA_TX) $(NA_SRC)
	$(NA_LINTX) -GNID_W=16 -GSEQ_W=24 -GEPOCH_W=1 $(NA_TX) $(NA_SRC)
	$(NA_LINRX) $(NA_RX) $(NA_SRC)
	$(NA_LINRX) -GKEY_W=4 -GSEQ_W=1 -GEPOCH_W=1 $(NA_RX) $(NA_SRC)
	$(NA_LINRX) -GKEY_W=19 -GSEQ_W=24 -GEPOCH_W=32 $(NA_RX) $(NA_SRC)

$(B)/nic_ack/libnicack.a: cmodel/nic_ack.c cmodel/nic_ack.h cmodel/nic_pkt.c cmodel/nic_pkt.h cmodel/common/roce.c cmodel/common/roce.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_ack.c -o $(B)/nic_ack/nic_ack.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/nic_pkt.c -o $(B)/nic_ack/nic_pkt.o
	$(CC) $(CWARN) -O2 -g -Icmodel -c cmodel/common/roce.c -o $(B)/nic_ack/roce.o
	ar rcs $@ $(B)/nic_ack/nic_ack.o $(B)/nic_ack/nic_pkt.o $(B)/nic_ack/roce.o

NA_PTX2 := TB_NW:NID_W=3 TB_SW:SEQ_W=5 TB_EW:EPOCH_W=7
NA_PRX2 := TB_KW:KEY_W=19 TB_SW:SEQ_W=24 TB_EW:EPOCH_W=1
$(eval $(call verilator_tb,$(NA_BTX),nic_ack_tx,rtl/common,$(NA_TX) $(NA_SRC),,\
  tb/nic_rel/tb_nic_ack.cpp,$(B)/nic_ack/libnicack.a,$(NA_DEPS)))
$(eval $(call verilator_tb,$(NA_BTX2),nic_ack_tx,rtl/common,$(NA_TX) $(NA_SRC),$(NA_PTX2),\
  tb/nic_rel/tb_nic_ack.cpp,$(B)/nic_ack/libnicack.a,$(NA_DEPS)))
$(eval $(call verilator_tb,$(NA_BRX),nic_ack_rx,rtl/common,$(NA_RX) $(NA_SRC),,\
  tb/nic_rel/tb_nic_ack.cpp,$(B)/nic_ack/libnicack.a,$(NA_DEPS)))
$(eval $(call verilator_tb,$(NA_BRX2),nic_ack_rx,rtl/common,$(NA_RX) $(NA_SRC),$(NA_PRX2),\
  tb/nic_rel/tb_nic_ack.cpp,$(B)/nic_ack/libnicack.a,$(NA_DEPS)))

# make test runs the lab builds (two Verilator builds: the stage budget); the second parameter
# sets are lockstep-wide-nic_ack (by hand, two more builds)
lockstep-nic_ack: $(NA_BTX) $(NA_BRX)
	@mkdir -p $(REPORT); rm -f $(NA_JSON)
	scripts/lockstep.sh $(NA_BTX) $(NA_JSON) "$(SEEDS)" --n $(NA_N)
	scripts/lockstep.sh $(NA_BRX) $(NA_JSON) "$(SEEDS)" --n $(NA_N)

lockstep-wide-nic_ack: $(NA_BTX2) $(NA_BRX2)
	@mkdir -p $(REPORT); rm -f $(B)/nic_ack_wide.jsonl
	scripts/lockstep.sh $(NA_BTX2) $(B)/nic_ack_wide.jsonl "$(SEEDS)" --n $(NA_N2)
	scripts/lockstep.sh $(NA_BRX2) $(B)/nic_ack_wide.jsonl "$(SEEDS)" --n $(NA_N2)

lockstep-quick-nic_ack: $(NA_BTX) $(NA_BRX)
	@mkdir -p $(REPORT); rm -f $(NA_JSON)
	scripts/lockstep.sh $(NA_BTX) $(NA_JSON) "$(QUICK_SEEDS)" --n $(NA_QUICK_N)
	scripts/lockstep.sh $(NA_BRX) $(NA_JSON) "$(QUICK_SEEDS)" --n $(NA_QUICK_N)

selftest-nic_ack: $(NA_BTX) $(NA_BRX)
	scripts/expect_fail.sh "MISMATCH on m_t" $(NA_BTX) --seed 3 --n 1000 --fault flip
	scripts/expect_fail.sh "MISMATCH on m_ack" $(NA_BRX) --seed 4 --n 1000 --fault flip
	scripts/expect_fail.sh "MISMATCH on stat_cnt" $(NA_BRX) --seed 5 --n 1000 --fault cnt

NA_SIDE ?= tx
sim-nic_ack: $(NA_BTX) $(NA_BRX)
	$(if $(filter rx,$(NA_SIDE)),$(NA_BRX),$(NA_BTX)) --seed $(SEED) --n $(N) $(if $(filter-out none,$(FAULT)),--fault $(FAULT)) $(if $(TRACE),--trace)

LINT_TARGETS           += lint-nic_ack
LOCKSTEP_TARGETS       += lockstep-nic_ack
LOCKSTEP_QUICK_TARGETS += lockstep-quick-nic_ack
SELFTEST_TARGETS       += selftest-nic_ack
