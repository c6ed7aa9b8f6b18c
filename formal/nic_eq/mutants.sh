# Mutated RTL for nic_eq's negative formal jobs (formal/nic_eq/nic_eq.sby bug1..bug4); sourced by
# scripts/formal.sh, which defines `mutant SRC DST SED_EXPR` (DST lands in build/formal/mutants/).
# bug1 (E1): a message proceeds without the size check (only the count saturation): the EQ overflows
mutant rtl/nic/nic_eq.v nic_eq_nosize.v \
    's/wire           fits     = !a_room_neg_reg \&\& {1'"'"'b0, a_fill_reg} <= a_room_reg \&\& a_cntk_ok_reg;/wire           fits     = a_cntk_ok_reg; \/\/ MUTANT: no size check/' || return 1
# bug2 (E4): flow control without checking that the EQ is full for the message (count 0 and the
# bounded stall over suffice): a premature drop of a message that fits
mutant rtl/nic/nic_eq.v nic_eq_fcbusy.v \
    's/wire           res_fc   = res_full \&\& a_el_ge_reg;/wire           res_fc   = d_res \&\& a_en_reg \&\& a_cnt_zero_reg \&\& a_el_ge_reg; \/\/ MUTANT: full not checked/' || return 1
# bug3 (E3): no count saturation check: the count wraps
mutant rtl/nic/nic_eq.v nic_eq_nosat.v \
    's/wire           fits     = !a_room_neg_reg \&\& {1'"'"'b0, a_fill_reg} <= a_room_reg \&\& a_cntk_ok_reg;/wire           fits     = !a_room_neg_reg \&\& {1'"'"'b0, a_fill_reg} <= a_room_reg; \/\/ MUTANT: no saturation check/' || return 1
# bug4 (E3): a post whose reservation exceeds the count is not refused: the count underflows
mutant rtl/nic/nic_eq.v nic_eq_nounder.v \
    's/(r_kres_gt || (!rd_en_reg/(1'"'"'b0 \/* MUTANT: no underflow check *\/ || (!rd_en_reg/' || return 1
