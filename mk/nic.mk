# mk/nic.mk -- make rules of the NIC pipeline (issue 11 on; docs/nic_xlat.md).
# Included by the top-level Makefile after its common variables (mk/README.md).
#
#   make cmodel-test-nic   unit tests of cmodel/nic_xlat.c under ASan/UBSan
#   make oracles-nic       the reference walk against the Unicorn CPU emulator (scripts/xlat_oracle.py)
# The translation unit's RTL, lockstep, proofs and timing lines come with issue 11.

NIC_CM := cmodel/nic_xlat.c cmodel/nic_xlat.h

.PHONY: cmodel-test-nic oracles-nic

$(B)/cmodel/test_nic_xlat: cmodel/test/test_nic_xlat.c $(NIC_CM) cmodel/test/tinytest.h
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) $(SAN) -Icmodel -o $@ cmodel/test/test_nic_xlat.c cmodel/nic_xlat.c

$(B)/nic/xlat_ref: cmodel/test/xlat_ref.c $(NIC_CM)
	@mkdir -p $(dir $@)
	$(CC) $(CWARN) -O2 -g -Icmodel -o $@ cmodel/test/xlat_ref.c cmodel/nic_xlat.c

cmodel-test-nic: $(B)/cmodel/test_nic_xlat
	$(B)/cmodel/test_nic_xlat

# 5 seeds x 40,000 translations (about 1 s each): every class of docs/nic_xlat.md 3 reached
oracles-nic: $(B)/nic/xlat_ref
	@for s in 1 2 3 4 5; do $(PY) scripts/xlat_oracle.py --xlat-ref $(B)/nic/xlat_ref --n 40000 --seed $$s || exit 1; done

CMODEL_TEST_TARGETS += cmodel-test-nic
ORACLE_TARGETS      += oracles-nic
