# Mutated RTL for the session_sel block's negative formal jobs; sourced by scripts/formal.sh,
# which defines `mutant SRC DST SED_EXPR` (DST lands in build/formal/mutants/).
# bug1: prefix compare `t <= pre`: a zero-weight (not ACTIVE) session can be selected (p1)
mutant rtl/session_sel/session_sel.v session_sel_le.v \
    's/if (!d_found \&\& d_t < d_pre) begin/if (!d_found \&\& d_t <= d_pre) begin \/\/ MUTANT: <=/' || return 1
# bug2: a decision counts twice in its session's packet counter (p4)
mutant rtl/session_sel/session_sel.v session_sel_cnt.v \
    "s/n_pkts\[ni\*32 +: 32\] = n_pkts\[ni\*32 +: 32\] + 32'd1;/n_pkts[ni*32 +: 32] = n_pkts[ni*32 +: 32] + 32'd2; \/\/ MUTANT: +2/" || return 1
# bug3: no eligible session is not reported: the decision goes out with status OK (p2)
mutant rtl/session_sel/session_sel.v session_sel_nosess.v \
    "s/else if (!d_found) d_status = 2'd2;/else if (1'b0) d_status = 2'd2; \/\/ MUTANT: no error/" || return 1
# bug4: the hold-down counter is ignored: events rise during the hold-down (p5)
mutant rtl/session_sel/session_sel.v session_sel_nohold.v \
    "s/if (n_ghold\[ni\*16 +: 16\] != 16'd0) begin/if (1'b0) begin \/\/ MUTANT: no hold-down/" || return 1
# bug5: a draining session is freed while packets are outstanding and its timer runs (p6)
mutant rtl/session_sel/session_sel.v session_sel_drain.v \
    "s/if (n_outst\[ni\*16 +: 16\] == 16'd0) begin/if (1'b1) begin \/\/ MUTANT: drain at once/" || return 1
