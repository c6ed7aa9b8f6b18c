# Mutated RTL for nic_rel's negative formal jobs (formal/nic_rel/nic_rel.sby bug1..bug4); sourced by
# scripts/formal.sh, which defines `mutant SRC DST SED_EXPR` (DST lands in build/formal/mutants/).
# bug1 (V1): rule 3 also delivers a packet of the duplicate region
mutant rtl/nic_rel/nic_rel_rx.v nic_rel_dupdeliver.v \
    's/end else if (s3_seqeq_reg) begin/end else if (s3_seqeq_reg || s3_indup_reg) begin \/\/ MUTANT/' || return 1
# bug2 (V2): rule 1 without the duplicate case: a copy of the reset message starts the burst again
mutant rtl/nic_rel/nic_rel_rx.v nic_rel_nodupreset.v \
    's/if (s3_live_reg \&\& s3_epeq_reg) begin/if (1'"'"'b0 \&\& s3_epeq_reg) begin \/\/ MUTANT/' || return 1
# bug3 (V3): rule 2 without the epoch compare
mutant rtl/nic_rel/nic_rel_rx.v nic_rel_noepoch.v \
    's/end else if (!s3_live_reg || !s3_epeq_reg) begin/end else if (!s3_live_reg) begin \/\/ MUTANT/' || return 1
# bug4 (V4): the scrubber never clears
mutant rtl/nic_rel/nic_rel_rx.v nic_rel_noscrub.v \
    's/            if (s3_clr_reg) begin/            if (1'"'"'b0) begin \/\/ MUTANT/' || return 1
