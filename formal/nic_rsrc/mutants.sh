# Mutated RTL for the nic_rsrc negative formal jobs (formal/nic_rsrc/nic_rsrc.sby bug1..bug5);
# sourced by scripts/formal.sh, which defines `mutant SRC DST SED_EXPR` (DST lands in
# build/formal/mutants/). One mutant per property group.
# bug1 (M1): a TAKE moves an entry off the unused list without counting it in use
mutant rtl/nic/nic_rsrc.v nic_rsrc_m1.v \
    's/used_reg\[t\] <= used_reg\[t\] + 1'"'"'b1;/used_reg[t] <= used_reg[t]; \/\/ MUTANT: TAKE not counted/' || return 1
# bug2 (M4): a granted batch takes one entry less off the free count
mutant rtl/nic/nic_rsrc.v nic_rsrc_m4.v \
    's/free_cnt_reg <= free_cnt_reg - dn_cw;/free_cnt_reg <= free_cnt_reg - dn_cw + 1'"'"'b1; \/\/ MUTANT: n - 1/' || return 1
# bug3 (M5): a granted FREE of a host handle counts as a NIC one (its low bits enter the free FIFO)
mutant rtl/nic/nic_rsrc.v nic_rsrc_m5.v \
    's/g_fnic  <= reason_dec == R_OK \&\& c_op == OP_FREE \&\& !c_handle\[16\];/g_fnic  <= reason_dec == R_OK \&\& c_op == OP_FREE; \/\/ MUTANT: host handles too/' || return 1
# bug4 (M6): a pop does not advance the free FIFO: the same entry is granted twice
mutant rtl/nic/nic_rsrc.v nic_rsrc_m6.v \
    's/rd_ptr_reg <= rd_ptr_reg + 1'"'"'b1;/rd_ptr_reg <= rd_ptr_reg; \/\/ MUTANT: no advance/' || return 1
# bug5 (M2): the type HWM check is gone
mutant rtl/nic/nic_rsrc.v nic_rsrc_m2.v \
    's/else if (fl_th) reason_rd = R_TYPE_HWM;/else if (1'"'"'b0) reason_rd = R_TYPE_HWM; \/\/ MUTANT: no type HWM/' || return 1
