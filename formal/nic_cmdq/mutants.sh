# Mutated RTL for the nic_cmdq negative formal jobs (formal/nic_cmdq/nic_cmdq.sby bug1..bug4);
# sourced by scripts/formal.sh, which defines `mutant SRC DST SED_EXPR` (DST lands in
# build/formal/mutants/). One mutant per property; nic_cmdq.sby names the assertion that fails.
# bug1 (C3): a slot completes short (bytes 56..63, the last group of the completion test, not needed)
mutant rtl/nic/nic_cmdq.v nic_cmdq_short.v \
    's/    wire          s2_comp = &(s2_f1 ? s2_gfw : s2_f2 ? s2_gfw2 : s2_grd);/    wire          s2_comp = \&((s2_f1 ? s2_gfw : s2_f2 ? s2_gfw2 : s2_grd) | 8'"'"'h80); \/\/ MUTANT: 8 bytes short/' || return 1
# bug2 (C2): a pop does not free its slot: the command leaves twice
mutant rtl/nic/nic_cmdq.v nic_cmdq_twice.v \
    's/                    if (pop_clr\[i\]) full_reg\[i\] <= 1'"'"'b0;/                    if (pop_clr[i]) full_reg[i] <= 1'"'"'b1; \/\/ MUTANT: slot not freed/' || return 1
# bug3 (C4): the command keeps its own initiator PID (no overwrite)
mutant rtl/nic/nic_cmdq.v nic_cmdq_pid.v \
    's/p2_rd\[511:48\], p2_pid16, p2_rd\[31:0\]};/p2_rd[511:0]}; \/\/ MUTANT: no PID overwrite/' || return 1
# bug4 (C1): the doorbell check ignores the consumer index (only "not backwards by more than a ring")
mutant rtl/nic/nic_cmdq.v nic_cmdq_nocons.v \
    's/    wire          s2_dbok = (s2_popq ? s2_ok1b : s2_ok1a) \&\&$/    wire          s2_dbok = \/* MUTANT: no cons check *\/ 1'"'"'b1 \&\&/' || return 1
