# Mutated RTL for nic_rel's negative formal jobs (formal/nic_rel/nic_rel.sby bug1..bug4); sourced by
# scripts/formal.sh, which defines `mutant SRC DST SED_EXPR` (DST lands in build/formal/mutants/).
# bug1 (V1): rule 3 also delivers a packet of the duplicate region
mutant rtl/nic_rel/nic_rel_rx.v nic_rel_dupdeliver.v \
    's/end else if (s3_seqeq_reg) begin/end else if (s3_seqeq_reg || s3_indup_reg) begin \/\/ MUTANT/' || return 1
# bug2 (V2): rule 1 without the duplicate case: a copy of the reset message starts the burst again
mutant rtl/nic_rel/nic_rel_rx.v nic_rel_nodupreset.v \
    's/if (s3_live_reg \&\& s3_epeq_reg) begin/if (1'"'"'b0 \&\& s3_epeq_reg) begin \/\/ MUTANT/' || return 1
# bug3 (V3): rule 2 without the epoch compare
mutant rtl/nic_rel/nic_rel_rx.v nic_rel_noepoch.v \
    's/end else if (!s3_live_reg || !s3_epeq_reg) begin/end else if (!s3_live_reg) begin \/\/ MUTANT/' || return 1
# bug4 (V4): the scrubber never clears
mutant rtl/nic_rel/nic_rel_rx.v nic_rel_noscrub.v \
    's/            if (s3_clr_reg) begin/            if (1'"'"'b0) begin \/\/ MUTANT/' || return 1
# nic_rel_tx (formal/nic_rel/nic_rel_tx.sby bug1..bug5)
# bug1 (X1): a message to a key with messages in flight does not advance next_seq (A2: the seq
# reused while its first holder is in flight)
mutant rtl/nic_rel/nic_rel_tx.v nic_rel_tx_noinc.v \
    's/trk_next\[al_k\] <= al_hit_reg ? al_seq + 1'"'"'b1 : {{SEQ_W-1{1'"'"'b0}}, 1'"'"'b1};/trk_next[al_k] <= al_hit_reg ? al_seq : {{SEQ_W-1{1'"'"'b0}}, 1'"'"'b1}; \/\/ MUTANT/' || return 1
# bug2 (X2): the window check lets cnt reach W_MAX + 1
mutant rtl/nic_rel/nic_rel_tx.v nic_rel_tx_window.v \
    's/            in_full\[i0\]  = trk_cnt\[i0\] >= cfg_wmax;/            in_full[i0]  = trk_cnt[i0] > cfg_wmax; \/\/ MUTANT/' || return 1
# bug3 (X3): a retire leaves the handle's e2e_acked flag clear
mutant rtl/nic_rel/nic_rel_tx.v nic_rel_tx_noack.v \
    's/                flg_we = 1'"'"'b1; flg_wa = ring_q_reg; flg_wd = 3'"'"'b011;/                flg_we = 1'"'"'b1; flg_wa = ring_q_reg; flg_wd = 3'"'"'b001; \/\/ MUTANT/' || return 1
# bug4 (X8): op_done frees the handle before its E2E ACK (A13)
mutant rtl/nic_rel/nic_rel_tx.v nic_rel_tx_earlyfree.v \
    's/                if (flg_q\[1\]) begin/                if (1'"'"'b1) begin \/\/ MUTANT/' || return 1
# bug5 (X9): the ACK's epoch is not compared
mutant rtl/nic_rel/nic_rel_tx.v nic_rel_tx_noepoch.v \
    's/trk_v\[a2_k\] \&\& trk_ep\[a2_k\] == op_ep_reg;/trk_v[a2_k]; \/\/ MUTANT/' || return 1
# bug7 (X7): the stored reset flag of a new allocation's first message is 0 (its retransmissions
# would carry reset 0: the receiver keeps a stale expected seq)
mutant rtl/nic_rel/nic_rel_tx.v nic_rel_tx_norst.v \
    's/meta_wd = {al_k, al_seq, !al_hit_reg};/meta_wd = {al_k, al_seq, 1'"'"'b0}; \/\/ MUTANT/' || return 1
# nic_rel_hdr bug1 (B2): write-first bypass: a lookup in the cycle of a write to its entry returns the new value
mutant rtl/nic_rel/nic_rel_hdr.v nic_rel_hdr_bypass.v \
    's/        if (acc) nid_q_reg <= tbl\[c_idx\];/        if (acc) nid_q_reg <= (tbl_we \&\& tbl_waddr == c_idx) ? tbl_wdata : tbl[c_idx]; \/\/ MUTANT/' || return 1
# nic_rel_hdr bug2 (B2): the index's job bit taken from the rank
mutant rtl/nic_rel/nic_rel_hdr.v nic_rel_hdr_idx.v \
    's/    wire \[IDX_W-1:0\] c_idx = {c_job\[JOB_W-1:0\], c_rank\[RANK_W-1:0\]};/    wire [IDX_W-1:0] c_idx = {c_rank[RANK_W-1:RANK_W-JOB_W], c_rank[RANK_W-1:0]}; \/\/ MUTANT/' || return 1
