# Mutated RTL for the nic_txdma negative formal jobs (formal/nic_txdma/nic_txdma.sby bug1..bug4);
# sourced by scripts/formal.sh, which defines `mutant SRC DST SED_EXPR`. One mutant per property:
# bug1 (D2): the applied read grant ignores the decision's context: every context is granted
mutant rtl/nic/nic_txdma.v nic_txdma_d2.v \
    's/grd_oh\[i\] <= !rst \&\& slot \&\& d_rd \&\& d_nxt == i\[VN_W-1:0\];/grd_oh[i] <= !rst \&\& slot \&\& d_rd; \/\/ MUTANT: all contexts/' || return 1
# bug2 (D7): a CRED_MAX write of 0 leaves the credits-nonzero flag set: a grant would take the
# credits below 0 (the flag must be exactly credits != 0)
mutant rtl/nic/nic_txdma.v nic_txdma_d7.v \
    's/cred_nz\[i\]  <= w_data\[15:0\] != 16'"'"'d0;/cred_nz[i]  <= 1'"'"'b1; \/\/ MUTANT: flag set on reload/' || return 1
# bug3 (D9): a started context does not clear its row: it stays older than the others
mutant rtl/nic/nic_txdma.v nic_txdma_d9.v \
    's/older_reg\[i\*N_VN+j\] <= 1'"'"'b0;/older_reg[i*N_VN+j] <= older_reg[i*N_VN+j]; \/\/ MUTANT: row kept/' || return 1
# bug4 (D1): the blocked test is dropped: a read issues without buffer space
mutant rtl/nic/nic_txdma.v nic_txdma_d1.v \
    's/!({1'"'"'b0, size_reg\[i\]} < fill_c\[i\] + {{(OW-7){1'"'"'b0}}, nrl_reg\[i\]});/1'"'"'b1; \/\/ MUTANT: never blocked/' || return 1
