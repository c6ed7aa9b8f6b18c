# Mutated RTL for the barrier block's negative formal jobs; sourced by scripts/formal.sh, which
# defines `mutant SRC DST SED_EXPR` (DST lands in build/formal/mutants/).
# barrier_ctr bug1: release comparator written as a literal `cnt >= tgt` (S7)
mutant rtl/barrier/barrier_ctr.v barrier_ctr_literal_ge.v \
    's/ge_serial = (d < HALF);/ge_serial = (c >= t);   \/\/ MUTANT: literal compare/' || return 1
# barrier_ctr bug3: the update stage does not mark the barrier's mirror dirty (write lost)
mutant rtl/barrier/barrier_ctr.v barrier_ctr_nodirty.v \
    's/| ((u_v_reg \&\& u_kind_reg == UK_INC) ?/| ((u_v_reg \&\& u_kind_reg == 2'"'"'d3) ?   \/\/ MUTANT: no dirty bit (kind 3 is never used)/' || return 1
# barrier_ctr bug4: the TGT lock ignores a release acknowledged in the owner's W1 (the PE freed by it
# is still reported busy): caught by the "TGT lock" assertion
mutant rtl/barrier/barrier_ctr.v barrier_ctr_nolockrel.v \
    's/assign csr_tgt_lock = tl_busy_reg \&\& !(rel_fire \&\& tl_relx_reg);/assign csr_tgt_lock = tl_busy_reg;   \/\/ MUTANT: release of W1 ignored/' || return 1
# barrier_fanout bug1: no remaining mask, a port that took the head beat is offered it again
mutant rtl/barrier/barrier_fanout.v barrier_fanout_dup.v \
    's/rem_reg <= rem_reg \& ~took;/rem_reg <= rem_reg;   \/\/ MUTANT: no remaining mask/' || return 1
# barrier_fanout bug2: the head beat is dequeued as soon as any destination took it
mutant rtl/barrier/barrier_fanout.v barrier_fanout_early.v \
    "s/((rem_reg \& ~m_axis_out_tready) == {NP{1'b0}})/(took != {NP{1'b0}} || rem_reg == {NP{1'b0}}) \\/* MUTANT: early dequeue *\\//" || return 1
# barrier_fanout bug3: CTRL.reflect read inverted (internal path and reflection swapped)
mutant rtl/barrier/barrier_fanout.v barrier_fanout_refl.v \
    's/~(p4_refl ? {NP{1.b0}} : p4_srcbit);/~(p4_refl ? p4_srcbit : {NP{1'"'"'b0}});   \/\/ MUTANT: reflect inverted/' || return 1
# barrier_fanout bug4: the translated BAR is written to byte 62 (lane of byte 63 minus one): a
# rewrite outside the documented positions (section 7.2), caught by F2
mutant rtl/barrier/barrier_fanout.v barrier_fanout_lane.v \
    's/od\[8 \* L63 +: 8\] = xbar;/od[8 * (L63 - 1) +: 8] = xbar;   \/\/ MUTANT: wrong lane/' || return 1
# barrier_fanout bug5: the translated FETCH_ADD VA written one byte off (bytes 55-60 instead of
# 54-59): byte 60 bits 3:0 (VA[11:8], the page offset) are overwritten, caught by F2 (section 7.2)
mutant rtl/barrier/barrier_fanout.v barrier_fanout_va.v \
    's/od\[8 \* ((54 + om) % KW) +: 8\] = xeb\[51 - 8 \* om -: 8\];/od[8 * ((55 + om) % KW) +: 8] = xeb[51 - 8 * om -: 8];   \/\/ MUTANT: VA one byte off/' || return 1
# barrier_rx bug1: the duplicate/stale check disabled (a repeated PSN is accepted again)
mutant rtl/barrier/barrier_rx.v barrier_rx_nodup.v \
    's/wire          s_dup   = kn4_reg \&\& d4_reg\[23\];/wire          s_dup   = 1'"'"'b0 \&\& d4_reg[23];   \/\/ MUTANT: no dup check/' || return 1
# barrier_rx bug2: every verdict takes the source's sequence (a dropped packet, e.g. a bad ICRC,
# moves exp[s]: later genuine notifications look like duplicates)
mutant rtl/barrier/barrier_rx.v barrier_rx_anyseq.v \
    's/wire          seq_pass = v4_reg \&\& !pre4_reg \&\& !s_dup;/wire          seq_pass = v4_reg;   \/\/ MUTANT: every verdict takes the sequence/' || return 1
# barrier_rx bug3: the PSN difference of the S3 packet not forwarded from the S4 packet of the same
# source (it reads exp[s] before that packet's write has landed)
mutant rtl/barrier/barrier_rx.v barrier_rx_nofwd.v \
    's/d4_reg   <= r_fwd ? r_d_fwd : r_d_ram;/d4_reg   <= r_d_ram;   \/\/ MUTANT: no forwarding/' || return 1
