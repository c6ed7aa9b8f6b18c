# Mutated RTL for the mcast block's negative formal jobs; sourced by scripts/formal.sh, which
# defines `mutant SRC DST SED_EXPR` (DST lands in build/formal/mutants/).
# mcast_pe bug1: a completed MOT entry is not freed, so a later event can complete it again
mutant rtl/mcast/mcast_pe.v mcast_pe_twice.v \
    "s/mot_valid\[cpe3\] <= 1'b0;/mot_valid[cpe3] <= 1'b1;  \/\/ MUTANT: entry not freed/" || return 1
# mcast_pe bug2: the switch-list walk steps one record at a time, not one subtree at a time
mutant rtl/mcast/mcast_pe.v mcast_pe_split.v \
    "s/cpos = ci + {24'd0, c_size\[ci\]};/cpos = ci + 1;  \/\/ MUTANT: subtree size ignored/" || return 1
# mcast_pe bug3: a node completion's generation is not checked, so a stale completion of an
# earlier multicast that used the same entry is counted
mutant rtl/mcast/mcast_pe.v mcast_pe_stale.v \
    "s/^\(    wire lc_hit = .*\) \&\& mot_gen\[lc_e3\] == lc_g\(.*\)$/\1\2  \/\/ MUTANT: no generation check/" || return 1
# mcast_pe bug4: a silent node is never given up (no timeout after MAX_RETRY resends), so its
# multicast never completes
mutant rtl/mcast/mcast_pe.v mcast_pe_nogiveup.v \
    "s/else tk_to\[ti\] = 1'b1;/else tk_to[ti] = 1'b0;  \/\/ MUTANT: never given up/" || return 1
