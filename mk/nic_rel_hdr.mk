# mk/nic_rel_hdr.mk -- the reliability layer's wire format (issue 13; docs/nic_rel.md 10): the
# ACK / NAK packet, the B2 NID table and the B10 header builder (C model cmodel/nic_ack.{h,c}),
# its scapy / tshark oracle and the RTL nic_rel_hdr. Included by the top-level Makefile.
#
#   make cmodel-test-nic_rel_hdr oracles-nic_rel_hdr

NH_CM := cmodel/nic_ack.c cmodel/nic_ack.h cmodel/nic_pkt.c cmodel/nic_pkt.h cmodel/common/roce.c cmodel/common/roce.h

.PHONY: cmodel-test-nic_rel_hdr

$(B)/cmodel/test_nic_ack: cmodel/test/test_nic_ack.c $(NH_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_nic_ack.c cmodel/nic_ack.c cmodel/nic_pkt.c cmodel/common/roce.c

cmodel-test-nic_rel_hdr: $(B)/cmodel/test_nic_ack
	$(B)/cmodel/test_nic_ack

CMODEL_TEST_TARGETS    += cmodel-test-nic_rel_hdr
