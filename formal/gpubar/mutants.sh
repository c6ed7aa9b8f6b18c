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
    's/wire \[63:0\]  e_addr   = {ent_q_reg\[47:0\], o_reg\[15:0\]};/wire [63:0]  e_addr   = {ent_q_reg[47:0], boff_reg[15:0]}; \/\/ MUTANT: off0 dropped/' || return 1
