# Mutated RTL for gpubar's negative formal jobs (formal/gpubar/gpubar.sby bug1..bug3); sourced by
# scripts/formal.sh, which defines `mutant SRC DST SED_EXPR` (DST lands in build/formal/mutants/).
# bug1 (P1): requests of MPS bytes from wherever the descriptor starts (no alignment to MPS): a
# request crosses a 4 KiB boundary
mutant rtl/gpubar/gpubar_xlat.v gpubar_noalign.v \
    's/wire \[9:0\]   c1       = mps_b - omod;$/wire [9:0]   c1       = mps_b; \/\/ MUTANT: not aligned/' || return 1
# bug2 (P2): the MPS code 0 is taken as 256 bytes: requests larger than the MPS in force
mutant rtl/gpubar/gpubar_xlat.v gpubar_mps.v \
    's/wire \[9:0\]   mps_b    = mps_reg == 2'"'"'d0 ? 10'"'"'d128 /wire [9:0]   mps_b    = mps_reg == 2'"'"'d0 ? 10'"'"'d256 \/* MUTANT *\/ /' || return 1
# bug3 (P3): the page offset taken from k (boff) instead of o = off0 + k (R-3 forgotten)
mutant rtl/gpubar/gpubar_xlat.v gpubar_nooff0.v \
    's/wire \[63:0\]  e_addr   = {ent_q2_reg\[47:0\], o_reg\[15:0\]};/wire [63:0]  e_addr   = {ent_q2_reg[47:0], boff_reg[15:0]}; \/\/ MUTANT: off0 dropped/' || return 1
# bug4 (P4): INVALIDATE does not clear the valid row (only LOAD / CLEAR write it): a descriptor
# after the ACK still uses the entry (bug4a: the same mutant against P4a, the formation half of P4)
mutant rtl/gpubar/gpubar_xlat.v gpubar_noinv.v \
    's/cf_op_reg == OP_LOAD || cf_op_reg == OP_CLEAR || cf_op_reg == OP_INV);/cf_op_reg == OP_LOAD || cf_op_reg == OP_CLEAR); \/\/ MUTANT: INVALIDATE keeps the entries/' || return 1
# bug5 (P5): the tag walker passes the oldest tag without waiting for its completion or timeout:
# a completion, and the ACK behind it, leave while a read is still out
mutant rtl/gpubar/gpubar_tags.v gpubar_passout.v \
    's/wire w_pass  = wk \&\& !out_t_reg;/wire w_pass  = wk; \/\/ MUTANT: no wait/' || return 1
# bug8 (P8): the generation compared on 15 bits only
mutant rtl/gpubar/gpubar_xlat.v gpubar_gen15.v \
    's/gen_bad_reg <= !armed_rd_reg || d_gen_reg != rg_reg\[63:48\];/gen_bad_reg <= !armed_rd_reg || d_gen_reg[14:0] != rg_reg[62:48]; \/\/ MUTANT: 15 bits/' || return 1
# bug7 (P7, gpubar_tags.sby): tag_free computed from the occupancy before this cycle's alloc: an
# alloc at occupancy NT - 1 leaves tag_free high for one more cycle, and a second alloc overflows
# the ring (a tag handed out again before the walker passed its previous use)
mutant rtl/gpubar/gpubar_tags.v gpubar_freeold.v \
    's/free_reg     <= !(cnt == {1'"'"'b1, {TB{1'"'"'b0}}} || alloc \&\& cnt == {1'"'"'b0, {TB{1'"'"'b1}}});/free_reg     <= !(cnt == {1'"'"'b1, {TB{1'"'"'b0}}}); \/\/ MUTANT: this alloc not counted/' || return 1
