# Mutated RTL for the rtl/common primitives' negative formal jobs; sourced by scripts/formal.sh,
# which defines `mutant SRC DST SED_EXPR` (DST lands in build/formal/mutants/).
# sync_fifo bug1: occupancy decremented when a push and a pop meet in one cycle (count off by one)
mutant rtl/common/sync_fifo.v sync_fifo_count.v \
    's/            else if (pop \&\& !push)/            else if (pop)   \/\/ MUTANT: count/' || return 1
# sync_fifo bug2: the read pointer does not advance at its wrap (last RAM address read twice)
mutant rtl/common/sync_fifo.v sync_fifo_rdptr.v \
    's/rd_ptr_reg <= rd_ptr_reg + 1'"'"'b1;/rd_ptr_reg <= rd_ptr_reg + {{AW-1{1'"'"'b0}}, rd_ptr_reg != {AW{1'"'"'b1}}};   \/\/ MUTANT: no wrap/' || return 1
# axis_skid bug1: when the skid register drains, the output takes the input word instead (loss)
mutant rtl/common/axis_skid.v axis_skid_drain.v \
    's/                out_reg <= skid_reg;/                out_reg <= s_data;   \/\/ MUTANT: skid word lost/' || return 1
# axis_skid_wide bug1: the skid register also loads while it holds a word (overwritten)
mutant rtl/common/axis_skid_wide.v axis_skid_wide_ovw.v \
    's/if (!sv_c\[g\] \&\& !free_c)   \/\/ MUTANT anchor.*/if (!free_c)   \/\/ MUTANT: held skid word overwritten/' || return 1
# arbiter bug1: round robin never uses the "above the last grant" mask (fixed priority: unfair)
mutant rtl/common/arbiter.v arbiter_nomask.v \
    's/wire          use_msk    = ROUND_ROBIN != 0 \&\& msk_valid;/wire          use_msk    = 1'"'"'b0;   \/\/ MUTANT: no round robin/' || return 1
# prio_enc bug (arbiter bug2): every request whose lower neighbour is idle is granted (not one-hot)
mutant rtl/common/prio_enc.v prio_enc_multi.v \
    's/    assign onehot = req \& neg;/    assign onehot = req \& ~(req << 1);   \/\/ MUTANT: not one-hot/' || return 1
# popcount bug1: the adder tree leaves out the last partial count (NG not a power of two)
mutant rtl/common/popcount.v popcount_lastgroup.v \
    's/            for (h = 0; h + st < NG; h = h + 2 \* st)/            for (h = 0; h + st < NG - 1; h = h + 2 * st)   \/\/ MUTANT: last group dropped/' || return 1
# stats_counter bug1: the event of a slot's visit cycle is lost (the visit clears pend[i])
mutant rtl/common/stats_counter.v stats_counter_lost.v \
    's/                pend_reg\[i\*PW +: PW\] <= {{PW-1{1'"'"'b0}}, stat_inc\[i\]};/                pend_reg[i*PW +: PW] <= {PW{1'"'"'b0}};   \/\/ MUTANT: visit-cycle event lost/' || return 1
# stats_counter bug2: a read of the slot being written back takes the stale RAM word
mutant rtl/common/stats_counter.v stats_counter_rdsum.v \
    's/        rp_use_ram_reg <= !m2 \&\& !(m1 \&\& s1_zero_reg);/        rp_use_ram_reg <= !(m1 \&\& s1_zero_reg);   \/\/ MUTANT: write-back sum ignored/' || return 1
# stats_counter_axil bug1: the read response is withdrawn without an R handshake
mutant rtl/common/stats_counter_axil.v stats_counter_axil_rdrop.v \
    's/            end else if (s_axil_rready) begin$/            end else begin   \/\/ MUTANT: R dropped without rready/' || return 1
# crc32_beat bug1: slice 0's partial is left out of the register update
mutant rtl/common/crc32_beat.v crc32_beat_advance.v \
    's/            acc = acc ^ part_reg\[32 \* zc +: 32\];/            acc = acc ^ (zc == 0 ? 32'"'"'d0 : part_reg[32 * zc +: 32]);   \/\/ MUTANT: slice 0 lost/' || return 1
# ipv4_csum bug1: the second end-around carry is not folded (carry select drops the +1 candidate)
mutant rtl/common/ipv4_csum.v ipv4_csum_fold.v \
    's/    wire \[15:0\] sum_w = f0\[16\] ? f1 : f0\[15:0\];/    wire [15:0] sum_w = f0[15:0];   \/\/ MUTANT: carry not folded/' || return 1
# hdr_capture bug1: the beat index does not advance (every beat lands on header beat 0)
mutant rtl/common/hdr_capture.v hdr_capture_beat.v \
    's/                    if (beat_reg != NHB_B) beat_reg <= beat_reg + 1.b1;/                    if (beat_reg != NHB_B) beat_reg <= beat_reg;   \/\/ MUTANT: index stuck/' || return 1
# axil_reg_if_pipe bug1: B set with the AW/W handshake instead of the apply cycle (one cycle early)
mutant rtl/common/axil_reg_if_pipe.v axil_reg_if_pipe_bearly.v \
    's/            if (wq_v_reg) begin$/            if (wr_fire) begin   \/\/ MUTANT: B one cycle early/' || return 1
# axil_reg_if_pipe bug2: read data and error sampled in stage 0 instead of stage L-1 (RD_LATENCY 4)
mutant rtl/common/axil_reg_if_pipe.v axil_reg_if_pipe_stage0.v \
    's/    wire rd_sample = rd_stage_reg\[RS-1\];/    wire rd_sample = rd_stage_reg[0];   \/\/ MUTANT: sampled in stage 0/' || return 1
# axil_reg_if_pipe bug3: reg_rd_addr loads with every ARVALID, not only at the AR handshake
mutant rtl/common/axil_reg_if_pipe.v axil_reg_if_pipe_addr.v \
    's/^        if (rd_fire)$/        if (s_axil_arvalid)   \/\/ MUTANT: read address not held/' || return 1
# axil_demux bug1: the unmapped-window check off by one (the last port's window answered SLVERR)
mutant rtl/common/axil_demux.v axil_demux_win.v \
    's/                wbad_reg   <= {{(32-SW){1'"'"'b0}}, wsel_full} >= N;/                wbad_reg   <= {{(32-SW){1'"'"'b0}}, wsel_full} >= N - 1;   \/\/ MUTANT: decode/' || return 1
# axil_demux bug2: the read data taken from port 0 whatever the window
mutant rtl/common/axil_demux.v axil_demux_rd0.v \
    's/                        rd_reg    <= m_axil_rdata\[32\*rsel +: 32\];/                        rd_reg    <= m_axil_rdata[0 +: 32];   \/\/ MUTANT: port 0/' || return 1
# axil_demux bug3: the port's BRESP dropped (every mapped write answered OKAY)
mutant rtl/common/axil_demux.v axil_demux_bresp.v \
    's/                    bresp_reg <= m_axil_bresp\[2\*wsel +: 2\];/                    bresp_reg <= 2'"'"'b00;   \/\/ MUTANT: BRESP dropped/' || return 1
