// formal/nic_rel/nic_rel_tx_props.vh -- properties of rtl/nic_rel/nic_rel_tx.v (spec note 003 block
// B3, X1-X9; docs/nic_rel.md 9.7), included inside the module under `ifdef FORMAL
// (formal/nic_rel/nic_rel_tx.sby). Small parameters (T 2, R 4, SEQ_W 3, window ring 4, W_MAX <= 3
// symbolic). A handle h is in flight for tracker k when flags v && !e2e_acked and meta.trk == k.
//   X1 no two in-flight handles of a tracker share a seq
//   X2 cnt <= W_MAX; a grant to a tracker with messages in flight sees cnt < W_MAX
//   X3 cnt == #in-flight handles of the tracker (0 for a free tracker)
//   X4 next_seq == oldest_seq + cnt; every in-flight seq is in [oldest_seq, oldest_seq + cnt)
//   X5 a retire takes the tracker's oldest in-flight handle (seq == oldest_seq)
//   X6 a valid tracker has cnt >= 1; no two valid trackers share a key
//   X8 #free + #valid == R; a handle is free xor valid; no duplicates in the free FIFO
//   X7 reset discipline: a grant carries reset = 1 exactly when its tracker was free (a new
//      allocation: seq 0, a fresh epoch), and an in-flight handle's stored reset flag (what its
//      retransmissions carry) is 1 exactly when it is its tracker's reset message still in
//      flight (trk_rst and seq == oldest_seq, which is 0)
//   X9 a response changes tracker / handle state only with the tracker's epoch and a seq in
//      [oldest_seq, next_seq): a stale one leaves every tracker and flag as it was
// Helpers: the ring holds each in-flight handle at (tracker, seq mod 2^WIN_W); the op registers of
// a multi-cycle op hold the tracker's values; the init sweep. The free-handle FIFO (rtl/common
// sync_fifo, proven in formal/common/sync_fifo.sby) is described by its contract as an assumption:
// count, m_valid and m_data follow a ghost FIFO of the pushes and pops (assume-guarantee).
// Environment: reset in the first cycle only; cfg_* constant, 1 <= W_MAX <= 3.
// NIC_REL_TX_F_SEL with NIC_REL_TX_F_<X1|X2|X3|X4|X7|X8|X9|H>: only those groups (the mutant jobs).

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) assume(rst == !f_past_valid);

`ifdef NIC_REL_TX_F_SEL
`else
`define NIC_REL_TX_F_X1
`define NIC_REL_TX_F_X2
`define NIC_REL_TX_F_X3
`define NIC_REL_TX_F_X4
`define NIC_REL_TX_F_X7
`define NIC_REL_TX_F_X8
`define NIC_REL_TX_F_X9
`define NIC_REL_TX_F_H
`endif

    (* anyconst *) reg [WIN_W:0]     f_w;
    (* anyconst *) reg [TS_W-1:0]    f_rto;
    (* anyconst *) reg [RTR_W-1:0]   f_mr;
    always @(*) begin
        assume(cfg_wmax == f_w && f_w >= 1 && f_w <= 3);
        assume(cfg_rto == f_rto);
        assume(cfg_max_retry == f_mr);
    end

    // ---------------------------------------------------------------- free-handle FIFO contract
    reg [H_W-1:0] f_fq [0:R-1];
    reg [H_W-1:0] f_fr;
    reg [H_W:0]   f_fn;
    wire          f_push = hf_push && hf_s_ready;
    wire          f_pop  = hf_pop && hf_valid;
    always @(posedge clk)
        if (rst) begin
            f_fr <= {H_W{1'b0}};
            f_fn <= {(H_W+1){1'b0}};
        end else begin
            if (f_push) f_fq[f_fr + f_fn[H_W-1:0]] <= hf_push_h;
            if (f_pop) f_fr <= f_fr + 1'b1;
            f_fn <= f_fn + f_push - f_pop;
        end
    always @(*) if (f_past_valid && !rst) begin
        assume(hf_count == f_fn);
        assume(hf_valid == (f_fn != 0));
        assume(hf_s_ready == (f_fn != R));
        if (f_fn != 0) assume(hf_data == f_fq[f_fr]);
    end

    // ---------------------------------------------------------------- views
    function f_inf;                     // handle h in flight for tracker k
        input integer h, k;
        begin
            f_inf = flg[h][0] && !flg[h][1] && meta[h][MW-1 -: TRK_W] == k[TRK_W-1:0];
        end
    endfunction
    function [SEQ_W-1:0] f_hseq;
        input integer h;
        begin
            f_hseq = meta[h][SEQ_W:1];
        end
    endfunction
    function f_infree;                  // handle h is in the free FIFO
        input integer h;
        integer j;
        begin
            f_infree = 1'b0;
            for (j = 0; j < R; j = j + 1)
                if (j < f_fn && f_fq[f_fr + j[H_W-1:0]] == h[H_W-1:0]) f_infree = 1'b1;
        end
    endfunction

    integer fh2_4, fh2_6, fh_10, fh_11, fh_4, fh_5, fh_6, fh_7, fj2_4, fj2_6, fj_4, fj_6, fj_7, fk_10, fk_11, fk_4, fk_5, fk_6, fk_7, fk_8;
    reg [H_W:0]  f_nv;
    reg [CW:0]   f_ni [0:T-1];
    always @(*) begin
        f_nv = 0;
        for (fk_5 = 0; fk_5 < T; fk_5 = fk_5 + 1) f_ni[fk_5] = 0;
        for (fh_5 = 0; fh_5 < R; fh_5 = fh_5 + 1) begin
            f_nv = f_nv + flg[fh_5][0];
            for (fk_5 = 0; fk_5 < T; fk_5 = fk_5 + 1) f_ni[fk_5] = f_ni[fk_5] + f_inf(fh_5, fk_5);
        end
    end

    always @(*) begin
        fh2_6 = 0; fh_6 = 0; fj2_6 = 0; fj_6 = 0; fk_6 = 0;
    if (f_past_valid && !rst && st_reg != S_INIT) begin
    `ifdef NIC_REL_TX_F_X3
            for (fk_6 = 0; fk_6 < T; fk_6 = fk_6 + 1)
                assert(f_ni[fk_6] == (trk_v[fk_6] ? trk_cnt[fk_6] : 0));
    `endif
            for (fk_6 = 0; fk_6 < T; fk_6 = fk_6 + 1) if (trk_v[fk_6]) begin
    `ifdef NIC_REL_TX_F_X2
                assert(trk_cnt[fk_6] <= f_w);
    `endif
    `ifdef NIC_REL_TX_F_X4
                assert(trk_next[fk_6] == trk_old[fk_6] + trk_cnt[fk_6]);
    `endif
    `ifdef NIC_REL_TX_F_H
                // X6
                assert(trk_cnt[fk_6] >= 1);
                for (fj_6 = 0; fj_6 < T; fj_6 = fj_6 + 1)
                    if (fj_6 != fk_6 && trk_v[fj_6]) assert(trk_key[fj_6] != trk_key[fk_6]);
                // the reset message pending is the oldest, seq 0
                if (trk_rst[fk_6]) assert(trk_old[fk_6] == 0);
    `endif
            end
            for (fh_6 = 0; fh_6 < R; fh_6 = fh_6 + 1) for (fk_6 = 0; fk_6 < T; fk_6 = fk_6 + 1) if (f_inf(fh_6, fk_6)) begin
    `ifdef NIC_REL_TX_F_X4
                assert(trk_v[fk_6] && ((f_hseq(fh_6) - trk_old[fk_6]) & {SEQ_W{1'b1}}) < trk_cnt[fk_6]);
    `endif
    `ifdef NIC_REL_TX_F_H
                // the ring holds the handle at (tracker, seq mod 2^WIN_W)
                assert(ring[{fk_6[TRK_W-1:0], meta[fh_6][WIN_W:1]}] == fh_6[H_W-1:0]);
    `endif
    `ifdef NIC_REL_TX_F_X1
                for (fh2_6 = 0; fh2_6 < R; fh2_6 = fh2_6 + 1)
                    if (fh2_6 != fh_6 && f_inf(fh2_6, fk_6)) assert(f_hseq(fh2_6) != f_hseq(fh_6));
    `endif
            end
    `ifdef NIC_REL_TX_F_X8
            // X8
            assert(f_fn + f_nv == R);
            for (fh_6 = 0; fh_6 < R; fh_6 = fh_6 + 1) assert(flg[fh_6][0] != f_infree(fh_6));
            for (fj_6 = 0; fj_6 < R; fj_6 = fj_6 + 1) for (fj2_6 = 0; fj2_6 < R; fj2_6 = fj2_6 + 1)
                if (fj_6 != fj2_6 && fj_6 < f_fn && fj2_6 < f_fn) assert(f_fq[f_fr + fj_6[H_W-1:0]] != f_fq[f_fr + fj2_6[H_W-1:0]]);
            for (fh_6 = 0; fh_6 < R; fh_6 = fh_6 + 1) if (!flg[fh_6][0]) assert(flg[fh_6][2:1] == 2'b00);
        for (fh_6 = 0; fh_6 < R; fh_6 = fh_6 + 1) assert(flg[fh_6] != 3'b111);  // op_done and e2e_acked: freed at once
    `endif
        end
    end

`ifdef NIC_REL_TX_F_H
    // ---------------------------------------------------------------- op registers, init sweep
    wire [TRK_W-1:0] f_ak = enc(al_oh_reg);
    always @(*) begin
        fh_7 = 0; fj_7 = 0; fk_7 = 0;
    if (f_past_valid && !rst) begin
            if (st_reg == S_INIT) begin
                assert(f_fn == init_ptr_reg && f_fr == 0);
                for (fj_7 = 0; fj_7 < R; fj_7 = fj_7 + 1) if (fj_7 < init_ptr_reg) assert(f_fq[fj_7] == fj_7[H_W-1:0]);
                for (fk_7 = 0; fk_7 < T; fk_7 = fk_7 + 1) assert(!trk_v[fk_7]);
                for (fh_7 = 0; fh_7 < R; fh_7 = fh_7 + 1) if (fh_7 < init_ptr_reg) assert(flg[fh_7] == 3'b000);
            end
            if (!fo_stale_reg) assert(free_oh_reg == free_oh_c);
            if (st_reg == S_AL) begin
                assert(f_fn != 0);
                assert(al_oh_reg != 0 && (al_oh_reg & (al_oh_reg - 1'b1)) == 0);
                if (al_hit_reg) assert(trk_v[f_ak] && trk_key[f_ak] == op_key_reg && trk_cnt[f_ak] < f_w);
                else begin
                    assert(!trk_v[f_ak]);
                    for (fk_7 = 0; fk_7 < T; fk_7 = fk_7 + 1) if (trk_v[fk_7]) assert(trk_key[fk_7] != op_key_reg);
                end
            end
            if (st_reg == S_A3) begin
                assert(op_c_reg == trk_cnt[op_k_reg] && op_s_reg == trk_old[op_k_reg] && op_e_reg == trk_next[op_k_reg]);
                assert(a2_nakd_reg == trk_nakd[op_k_reg] && a2_rst_reg == trk_rst[op_k_reg]);
                assert(a2_d_reg == op_seq_reg - trk_old[op_k_reg]);
                if (a2_ok_reg) assert(trk_v[op_k_reg] && trk_ep[op_k_reg] == op_ep_reg && trk_key[op_k_reg] == op_key_reg);
            end
            if (st_reg == S_C2) begin
                assert(op_c_reg == trk_cnt[op_k_reg] && op_s_reg == trk_old[op_k_reg] && c_v_reg == trk_v[op_k_reg]);
                assert(op_key_reg == trk_key[op_k_reg]);
            end
            if (st_reg == S_RA || st_reg == S_RB) begin
                assert(op_n_reg <= op_c_reg);
                assert(op_af_reg != 2'd3);
                if (op_af_reg == AF_WALK) assert(op_n_reg < op_c_reg && !op_st_reg);
                if (op_af_reg == AF_FATAL) assert(op_n_reg == op_c_reg && op_st_reg);
                if (op_af_reg == AF_IDLE) assert(!op_st_reg);
                if (op_c_reg == 0) assert(!trk_v[op_k_reg]);
                else assert(trk_v[op_k_reg] && op_c_reg == trk_cnt[op_k_reg] && op_s_reg == trk_old[op_k_reg]);
            end
            if (st_reg == S_RB) begin
                assert(op_n_reg != 0);
                assert(ring_q_reg == ring[{op_k_reg, op_s_reg[WIN_W-1:0]}]);
                // X5: the retired handle is the tracker's oldest in flight
                assert(f_inf(ring_q_reg, op_k_reg) && f_hseq(ring_q_reg) == op_s_reg);
            end
            if (st_reg == S_WS || st_reg == S_WA || st_reg == S_WB || st_reg == S_WC) assert(trk_v[op_k_reg]);
            if (st_reg == S_FE) assert(!trk_v[op_k_reg]);
            // the FIFOs never refuse a push
            if (hf_push) assert(hf_s_ready);
            if (ar_push) assert(ar_s_ready);
            if (rx_push) assert(rx_s_ready);
            if (ev_push) assert(ev_s_ready);
        end
    end
`endif

`ifdef NIC_REL_TX_F_X2
    always @(*) begin
        fk_8 = 0;
    if (f_past_valid && !rst && go_alloc && a_hit)
            for (fk_8 = 0; fk_8 < T; fk_8 = fk_8 + 1) if (in_match[fk_8]) assert(trk_cnt[fk_8] < f_w);
    end
`endif

`ifdef NIC_REL_TX_F_X7
    // X7: the grant's reset flag (the aresp FIFO word and the stored meta word) is 1 iff the
    // chosen tracker was free; an in-flight handle's stored flag is 1 iff it is its tracker's
    // pending reset message
    integer fh_7, fk_7;
    always @(*) begin
        fh_7 = 0; fk_7 = 0;
    if (f_past_valid && !rst && st_reg != S_INIT) begin
            if (st_reg == S_AL) begin
                assert(ar_wd[0] == !trk_v[al_k]);
                assert(meta_wd[0] == !trk_v[al_k]);
                if (!trk_v[al_k]) assert(al_seq == {SEQ_W{1'b0}});
            end
            for (fh_7 = 0; fh_7 < R; fh_7 = fh_7 + 1) for (fk_7 = 0; fk_7 < T; fk_7 = fk_7 + 1)
                if (f_inf(fh_7, fk_7))
                    assert(meta[fh_7][0] == (trk_rst[fk_7] && f_hseq(fh_7) == trk_old[fk_7]));
        end
    end
`endif

`ifdef NIC_REL_TX_F_X9
    // X9: the ACK / NACK acts only with the tracker's epoch and a seq in [oldest_seq, next_seq);
    // a stale one changes no tracker and no flag
    always @(*) if (f_past_valid && !rst && st_reg == S_A3 && a3_in)
        assert(trk_v[op_k_reg] && trk_ep[op_k_reg] == op_ep_reg && trk_key[op_k_reg] == op_key_reg &&
               ((op_seq_reg - trk_old[op_k_reg]) & {SEQ_W{1'b1}}) < trk_cnt[op_k_reg]);
    reg f_stale;
    reg               f_pv [0:T-1];
    reg [SEQ_W-1:0]   f_pn [0:T-1], f_po [0:T-1];
    reg [CW-1:0]      f_pc [0:T-1];
    reg [2:0]         f_pf [0:R-1];
    always @(posedge clk) begin
        f_stale <= !rst && st_reg == S_A3 && !a3_in;
        for (fk_10 = 0; fk_10 < T; fk_10 = fk_10 + 1) begin
            f_pv[fk_10] <= trk_v[fk_10]; f_pn[fk_10] <= trk_next[fk_10]; f_po[fk_10] <= trk_old[fk_10]; f_pc[fk_10] <= trk_cnt[fk_10];
        end
        for (fh_10 = 0; fh_10 < R; fh_10 = fh_10 + 1) f_pf[fh_10] <= flg[fh_10];
    end
    always @(*) begin
        fh_11 = 0; fk_11 = 0;
    if (f_past_valid && !rst && f_stale) begin
            assert(st_reg == S_IDLE);
            for (fk_11 = 0; fk_11 < T; fk_11 = fk_11 + 1)
                assert(f_pv[fk_11] == trk_v[fk_11] && f_pn[fk_11] == trk_next[fk_11] && f_po[fk_11] == trk_old[fk_11] && f_pc[fk_11] == trk_cnt[fk_11]);
            for (fh_11 = 0; fh_11 < R; fh_11 = fh_11 + 1) assert(f_pf[fh_11] == flg[fh_11]);
        end
    end
`endif

`ifdef NIC_REL_TX_F_COVER
    always @(*) if (f_past_valid && !rst) begin
        cover(st_reg == S_AL && al_hit_reg);                        // a second message to a key
        cover(st_reg == S_RB && op_c_reg == 1 && !op_st_reg);       // the last retire frees a tracker
        cover(st_reg == S_WC);                                      // a go-back-N retransmission
        cover(st_reg == S_FE);                                      // fatal
        cover(st_reg == S_C2 && c_exp && !c_fat);                   // a timeout
        cover(st_reg == S_D1 && flg_q[0] && flg_q[1]);              // op_done frees a handle
        cover(st_reg == S_A3 && !a3_in);                            // a stale response
    end
`endif
