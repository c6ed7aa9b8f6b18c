# Mutated RTL for the nic_rxdma negative formal jobs (formal/nic_rxdma/nic_rxdma.sby bug1..bug3);
# sourced by scripts/formal.sh, which defines `mutant SRC DST SED_EXPR`. One mutant per property:
# bug1 (R1): eligibility ignores the T1 rule: a first write issues before rcvd >= min(T1, len)
mutant rtl/nic/nic_rxdma.v nic_rxdma_r1.v \
    's/e_s\[i\] = v_s\[i\] \&\& occnz_s\[i\] \&\& (frs_s\[i\] || t1ok_s\[i\]);/e_s[i] = v_s[i] \&\& occnz_s[i]; \/\/ MUTANT: no T1 rule/' || return 1
# bug2 (age): an allocated context does not set its column: the others are not older than it
mutant rtl/nic/nic_rxdma.v nic_rxdma_age.v \
    's/older_reg\[j\*N_VN+i\] <= 1'"'"'b1;/older_reg[j*N_VN+i] <= older_reg[j*N_VN+i]; \/\/ MUTANT: column kept/' || return 1
# bug3 (R3): the room check ignores the lines already in use: a packet enters a full slice
mutant rtl/nic/nic_rxdma.v nic_rxdma_r3.v \
    's/free_reg\[i\] <= {1'"'"'b0, size_reg\[i\]} - {1'"'"'b0, used_reg\[i\]};/free_reg[i] <= {1'"'"'b0, size_reg[i]}; \/\/ MUTANT: used ignored/' || return 1
