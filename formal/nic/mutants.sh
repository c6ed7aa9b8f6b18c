# Mutated RTL for the nic block's negative formal jobs (formal/nic/nic_xlat.sby bug1..bug9);
# sourced by scripts/formal.sh, which defines `mutant SRC DST SED_EXPR` (DST lands in
# build/formal/mutants/). One mutant per property; nic_xlat.sby names the assertion that fails.
# bug1 (T3): a completion fills without the P check: a non-present entry is cached
mutant rtl/nic/nic_xlat.v nic_xlat_nop.v \
    's/(!rst \&\& q2_valid \&\& q2_type == OP_CPL \&\& q2_data\[0\] \&\& /(!rst \&\& q2_valid \&\& q2_type == OP_CPL \&\& \/* MUTANT: no P check *\/ /' || return 1
# bug2 (T5): a fill always takes the victim way, also when its tag hit: two ways with one tag
mutant rtl/nic/nic_xlat_cache.v nic_xlat_cache_nohit.v \
    's/wire \[WAYS-1:0\] way_nx = |hit_p3 ? hit_p3 : vic_p3;/wire [WAYS-1:0] way_nx = vic_p3; \/\/ MUTANT: fill ignores the hit way/' || return 1
# bug3 (T6): a slot retires (its miss-queue copies of retire) while the response in m_resp is not
# taken: the slot is freed and its response never reaches m_resp
mutant rtl/nic/nic_xlat.v nic_xlat_lost.v \
    's/assign retire_c = rany_c \& (~rvld_c | {4{m_resp_ready}});/assign retire_c = rany_c; \/\/ MUTANT: retires over a held m_resp/' || return 1
# bug4 (T4): a completion that is not a leaf does not step the walk down: one read too many
mutant rtl/nic/nic_xlat.v nic_xlat_nodescend.v \
    "s/mq_level\[j\] <= c_lvl - 3'd1;/mq_level[j] <= c_lvl; \/\/ MUTANT: the walk does not descend/" || return 1
# bug5 (T7): the 1 GiB result takes PA bit 29 from the entry instead of the VA
mutant rtl/nic/nic_xlat.v nic_xlat_off.v \
    's/{q4_data\[51:30\], q4_va\[29:0\]};/{q4_data[51:29], q4_va[28:0]}; \/\/ MUTANT: offset bit 29 from the entry/' || return 1
# bug6 (T2): the fill ignores the generation: a walk started before an invalidation fills
mutant rtl/nic/nic_xlat.v nic_xlat_oldgen.v \
    's/q2_gen == cur_gen_reg) ?/1'"'"'b1) ? \/\/ MUTANT: old generation fills/' || return 1
# bug7 (T2): the invalidation scan of a fully associative cache clears nothing
mutant rtl/nic/nic_xlat_cache.v nic_xlat_cache_noclr.v \
    's/^\(            assign clr_en   = \)\(z4 \&\& sv_z4 \&\& m_z4;\)$/\11'"'"'b0 \&\& \2 \/\/ MUTANT: no clear/' || return 1
# bug8 (T2): inv_done while the scan is still running
mutant rtl/nic/nic_xlat.v nic_xlat_early.v \
    's/wire   inv_done_now = inv_active_reg \&\& !scan_active \&\& !old_slots \&\&/wire   inv_done_now = inv_active_reg \&\& !old_slots \&\& \/\/ MUTANT: before the scan ends/' || return 1
# bug9 (E1): a completion acts without checking that its tag has a read outstanding
mutant rtl/nic/nic_xlat.v nic_xlat_stray.v \
    's/q1_ok    <= mq_valid\[s_cpl_tag\] \&\& !mq_done\[s_cpl_tag\];/q1_ok    <= 1'"'"'b1; \/\/ MUTANT: stray completions act/' || return 1
