// formal/nic_cmdq/nic_cmdq_props.vh -- properties of rtl/nic/nic_cmdq.v (included under `ifdef
// FORMAL; docs/nic_cmdq.md 9; spec note block B1, C1-C4). Job table formal/nic_cmdq/jobs.
//   C1  per RING queue: 0 <= prod - cons <= 2^log_size (16-bit wrap arithmetic), with the fetch
//       index between them and at most N_SLOT commands fetched and not consumed
//   C2  commands leave a queue in order, exactly once: ghost sequence counter f_out[q] per queue;
//       a pop takes the slot f_out[q] mod N_SLOT; the popped slot is free afterwards; f_out == cons
//   C3  no command leaves with an incomplete byte mask: ghost byte mask f_gm per slot (bytes
//       written since the slot was last popped); a pop needs all 64
//   C4  the pid pushed with a command (and into its bytes 5:4) is the owner's
// Environment (assumptions): reset in the first cycle; a queue's QCFG is written only while no
// pop of it is in flight, and its mode is fixed (queue q RING iff q odd); log_size changes only
// on an idle queue (no read, no fetch, no op in S2, no doorbell write pending in S3); the host
// answers each read with exactly its beats, last on the last, and sends no completion for a tag
// with no read outstanding (stray beats are the lockstep's job).
    reg f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst);

    // ---------------------------------------------------------------- environment
    wire f_qcfg_wr = reg_wr_en && wd_qcfg;   // an accepted QCFG write (wd_qcfg: no error)
    always @(*) if (f_qcfg_wr) begin
        assume(reg_wr_data[1] == !qs[0]);
        assume(!pop && !p1_valid && !p2_valid && !p3_valid);
        if (reg_wr_data[11:8] != log_reg[qs])
            assume(prod_reg[qs] == cons_reg[qs] && fetch_reg[qs] == cons_reg[qs] && !infl_reg[qs] && !s2_valid && !lst_db &&
                   !(f2_valid && f2_q == qs) && !(f3_valid && f3_q == qs) && !(f4_valid && f4_q == qs) &&
                   !(rd_valid_reg && rd_q_reg == qs));
    end
    reg [13:0] f_left [0:NQ-1];     // completion beats still due per tag
    integer fi;
    always @(posedge clk) begin
        if (rst) begin
            for (fi = 0; fi < NQ; fi = fi + 1) f_left[fi] <= 14'd0;
        end else begin
            if (s_dma_cpl_valid && s_dma_cpl_ready) f_left[s_dma_cpl_tag[QW-1:0]] <= f_left[s_dma_cpl_tag[QW-1:0]] - 1'b1;
            if (m_dma_rd_req_valid && m_dma_rd_req_ready) f_left[rd_q_reg] <= {1'b0, m_dma_rd_req_len} >> 5;
        end
    end
    always @(*) if (s_dma_cpl_valid) begin
        assume((s_dma_cpl_tag >> QW) == 0);
        assume(f_left[s_dma_cpl_tag[QW-1:0]] != 0);
        assume(s_dma_cpl_last == (f_left[s_dma_cpl_tag[QW-1:0]] == 1));
    end

    // ---------------------------------------------------------------- ghosts
    reg [63:0] f_gm [0:NE-1];
    reg [15:0] f_out [0:NQ-1];
    reg        f_popped;
    reg [IW-1:0] f_pidx;
    reg [QW-1:0] f_pq;
    always @(posedge clk) begin
        if (rst) begin
            for (fi = 0; fi < NE; fi = fi + 1) f_gm[fi] <= 64'd0;
            for (fi = 0; fi < NQ; fi = fi + 1) f_out[fi] <= 16'd0;
        end else begin
            if (s3_we) f_gm[s3_idx] <= f_gm[s3_idx] | s3_be;      // the slot write lands in S3
            if (pop) begin
                f_gm[pop_idx]   <= 64'd0;
                f_out[pg_index] <= f_out[pg_index] + 16'd1;
            end
        end
        f_popped <= !rst && pop;
        f_pidx   <= pop_idx;
        f_pq     <= pg_index;
    end

    genvar fq, fs;
    generate
        for (fq = 0; fq < NQ; fq = fq + 1) begin : f_q
            wire [15:0] f_pc = prod_reg[fq] - cons_reg[fq];
            wire [15:0] f_fc = fetch_reg[fq] - cons_reg[fq];
            always @(*) if (f_past && !rst) begin
`ifndef NCQ_F_SEL
                assert(f_out[fq] == cons_reg[fq]);                                   // C2
                // helper: a registered request (masked by the grant of its cycle) still has a full
                // head (only its own pop clears it)
                if (preq_reg[fq]) assert(head_full[fq]);
`endif
`ifdef NCQ_F_C1
                if (ring_reg[fq]) begin
                    assert({1'b0, f_pc} <= (17'd1 << log_reg[fq]));                  // C1
                    assert(f_fc <= f_pc);
                    assert({16'd0, f_fc} <= N_SLOT);
                end
`endif
            end
        end
        for (fs = 0; fs < NE; fs = fs + 1) begin : f_s
`ifndef NCQ_F_SEL
            always @(*) if (f_past && !rst) begin
                if (!init_reg) begin
                    if (full_reg[fs]) assert(f_gm[fs] == {64{1'b1}} && mask_ram[fs] == 64'd0);   // C3 helper
                    else assert(f_gm[fs] == mask_ram[fs]);
                end else begin
                    assert(f_gm[fs] == 64'd0);
                    if (fs < init_idx) assert(mask_ram[fs] == 64'd0);
                end
            end
`endif
        end
    endgenerate

    always @(*) if (f_past && !rst) begin
        // C3: a pop takes a complete command
        if (pop) assert(f_gm[pop_idx] == {64{1'b1}});
        // C2: in order (the next sequence number's slot), exactly once (freed after)
        if (pop) assert(cons_reg[pg_index][SW-1:0] == f_out[pg_index][SW-1:0]);
        if (f_popped) assert(!full_reg[f_pidx]);
        // a queue never pops in two consecutive cycles (the write stage's doorbell check and its
        // S0 snapshot of cons rely on it: at most one pop of the op's queue since the snapshot)
        if (f_popped && pop) assert(pg_index != f_pq);
        // C4: the owner's pid, also in the command's initiator PID field
        if (p2_valid) assert(p2_pid == pid_reg[p2_q] && p2_word[47:32] == {{(16-PIDW){1'b0}}, pid_reg[p2_q]});
    end
    // helpers (pipeline state the properties above need for induction)
    integer fg;
`ifndef NCQ_F_SEL
    always @(*) if (f_past && !rst) begin
        // S2 sees the slot as it is after the pending S3 write (forwarding)
        if (s2_valid) assert(s2_cur == ((lst_valid && s3_idx == s2_idx) ? lst_mask : mask_ram[s2_idx]));
        if (s2_valid) assert(s2_isfull == (full_reg[s2_idx] || (lst_valid && lst_comp && s3_idx == s2_idx)) &&
                             s2_en == en_reg[s2_q] && s2_ring == ring_reg[s2_q]);
        if (s2_valid && !s2_isfull) assert(s2_comp == &s2_new);
        if (pg_valid && !regrant_reg) assert(head_full[pg_index]);
        if (s2_valid) assert(s2_oh == ({{(NE-1){1'b0}}, 1'b1} << s2_idx));
        // the pending S3 write: the slot is not full, the written mask is the ghost's after it
        if (lst_valid) begin
            assert(s3_we && s3_oh == ({{(NE-1){1'b0}}, 1'b1} << s3_idx) && !full_reg[s3_idx]);
            assert(lst_comp == ((f_gm[s3_idx] | s3_be) == {64{1'b1}}));
            assert(lst_mask == (lst_comp ? 64'd0 : (f_gm[s3_idx] | s3_be)));
        end
        if (!lst_valid) assert(!s3_we);
        if (p1_valid) assert(p1_pid == pid_reg[p1_q]);
        if (p2_valid) assert(p2_pid == pid_reg[p2_q]);
        if (init_reg) assert(full_reg == {NE{1'b0}} && !s1_valid && !s2_valid);
    end
`endif

    // covers: a PIO command out, a full-slot drop, a doorbell drop, a ring read
    always @(*) if (f_past && !rst) begin
        cover(p2_valid && !p2_ring);
        cover(s2_valid && s2_drop == D_FULL);
        cover(s2_valid && s2_drop == D_DB);
        cover(m_dma_rd_req_valid);
    end
