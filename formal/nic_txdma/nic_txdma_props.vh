// nic_txdma_props.vh: formal properties of rtl/nic/nic_txdma.v, included inside the module under
// `ifdef FORMAL (f_ prefix for formal-only signals). Spec note 003 block B4, issue 12,
// docs/nic_txdma.md 5. Jobs: formal/nic_txdma/nic_txdma.sby, table formal/nic_txdma/jobs.
//   (D2) at most one host-read grant per cycle: the applied decision grd_oh is one-hot or zero,
//        a read is applied only in phase 0, and never while the read request register is full
//        (the snapshot required it empty and only an applied read fills it);
//   (D7) credits stay in range: credits + the credit return still pending <= CRED_MAX, and the
//        registered flag cred_nz is exactly credits != 0 (so a grant never takes credits below 0);
//   (D9) the age matrix is a strict total order over the valid contexts: antisymmetric and
//        complete for every pair of valid contexts, transitive for every valid triple;
//   (D1) occ + rsv <= alloc for every context (buffer never overflows). BMC depth 14 from reset
//        (task d1, -DTD_F_D1), together with the invariants written for a k-induction proof:
//        rsv = the lines of the reads in the context's tag queue (+ the retire in flight), every
//        busy tag in exactly one queue place (the queue's own consistency is asserted in
//        nic_txdma_tq under TD_F_D1), lines to send = reml + occ + rsv, the fill a pending
//        decision was checked against. Their 1-step induction query did not finish in 5 minutes
//        (yices; z3 slower), with or without HOST_SCHED / ROUTER_ARB / the command FIFOs cut, so
//        D1 is not proved by induction yet; the lockstep testbench also asserts D1 every cycle.
// Assumptions: rst in the first cycle; CSR writes only to MRRS and CRED_MAX, at any time (the other
// CSRs keep their reset values, which satisfy the configuration rules of docs/nic_txdma.md 6);
// every other input is free (commands,
// completion beats of any tag at any time, credit returns of any size, ready on every output).
// The sby script cuts the CSR slave, the counters, the buffer RAM and the output FIFOs
// (cutpoint: their outputs are free).
    reg f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;
    always @(*) begin
        if (!f_past) assume(rst);
        // CSR writes: only MRRS and CRED_MAX (which also reloads the credits)
        assume(!reg_wr_en || (reg_wr_strb == 4'hf && (reg_wr_addr == TD_MRRS_ADDR ||
               (reg_wr_addr[11:4] == TD_CRED_MAX_ADDR[11:4] && reg_wr_addr[1:0] == 2'b00))));
    end

    integer fi, fj, fk, fq, fp;
    always @(*) begin
        if (f_past && !rst) begin
            // D2 (also a helper of D1: both tasks assert it)
            assert((grd_oh & (grd_oh - 1'b1)) == {N_VN{1'b0}});
            assert(!do_rd || ph_reg == 2'd0);
            assert(do_rd == |grd_oh);
            assert(!(do_rd && rdq_v_reg));
            assert(!(ph_reg == 2'd3 && a_ok && rdq_v_reg));
            assert(!(ph_reg == 2'd0 && (|grd_oh) == 1'b0 && do_rd));
            // helpers: the phase of the registered decision
            assert(!(|gst_oh) || ph_reg == 2'd0);
            assert((gst_oh & (gst_oh - 1'b1)) == {N_VN{1'b0}});
            assert(do_st == |gst_oh);
            assert(!(do_rd && do_st));
            assert(!rdq_v_reg || ph_reg != 2'd0 || !do_rd);
`ifndef TD_F_D1
            // contracts of the two decision blocks (task d1 cuts them and assumes these): a read
            // grant goes to a context that needs one, a start to one that may start, at most
            // one flit grant and only to an eligible context
            if (d_rd) assert(a_needs[d_nxt]);
            if (d_start) assert(a_cstart[d_nxt]);
            assert(!(d_rd && d_start));
            assert((gnt & (gnt - 1'b1)) == {N_VN{1'b0}});
            assert((gnt & ~(elig_pre & occ_nz & cred_nz)) == {N_VN{1'b0}});
            // D7
            for (fi = 0; fi < N_VN; fi = fi + 1) begin
                assert({1'b0, cred_reg[fi]} + {9'd0, cr_add[fi]} <= {1'b0, cmax_reg[fi]});
                assert(cred_nz[fi] == (cred_reg[fi] != 16'd0));
                assert(cr_addv[fi] == (cr_add[fi] != 8'd0));
                // helpers: the registered owed count and add - 1 (the credit check compares with them)
                assert(owed_reg[fi] == cmax_reg[fi] - cred_reg[fi] - {8'd0, cr_add[fi]});
                assert(cr_addm1[fi] == {8'd0, cr_add[fi]} - 16'd1);
            end
            // D9
            for (fi = 0; fi < N_VN; fi = fi + 1)
                for (fj = 0; fj < N_VN; fj = fj + 1)
                    if (fi != fj && ctx_v[fi] && ctx_v[fj]) begin
                        assert(older_reg[fi*N_VN+fj] != older_reg[fj*N_VN+fi]);
                        for (fk = 0; fk < N_VN; fk = fk + 1)
                            if (fk != fi && fk != fj && ctx_v[fk] && older_reg[fi*N_VN+fj] &&
                                older_reg[fj*N_VN+fk])
                                assert(older_reg[fi*N_VN+fk]);
                    end
`else
            // D1
            for (fi = 0; fi < N_VN; fi = fi + 1)
                assert({1'b0, ctx_occ[fi]} + {1'b0, ctx_rsv[fi]} <= {1'b0, size_reg[fi]});
            // helpers of D1 (k-induction): the registered fill and occ != 0 flag, the retire's
            // registered lines - 1, the reservation a pending decision was checked against (the
            // fill can only fall between the snapshot and the apply), the reservation sum
            // (below), and reads issued only on a free tag
            for (fi = 0; fi < N_VN; fi = fi + 1) begin
                assert(fill_reg[fi] == {1'b0, ctx_occ[fi]} + {1'b0, ctx_rsv[fi]});
                assert(occ_nz[fi] == (ctx_occ[fi] != {OW{1'b0}}));
                assert(rlm1_c[fi] == rl_c[fi] - {{(OW-1){1'b0}}, 1'b1});
                if (!r_oh[fi]) assert(rl_c[fi] == {OW{1'b0}});
                if ((ph_reg == 2'd3 && a_needs[fi]) || grd_oh[fi])
                    assert(fill_reg[fi] + {{(OW-7){1'b0}}, a_reql[fi]} <= {1'b0, size_reg[fi]});
                if (grd_oh[fi]) assert(ph_reg == 2'd0);
                if (hd_reg[fi])
                    assert(tq_valid[fi] && hl_reg[fi] == tag_lines[tq_head[fi]] &&
                           hto_reg[fi] == tq_oh[fi]);
                assert({8'd0, ctx_rsv[fi]} == f_qsum[fi] + {8'd0, rl_c[fi]});   // no wrap
            end
            assert(!do_rd || a_ok);
            // every read reserves at least one line, and its lines are ceil(bytes / 32): the
            // next-request registers (rem and the MRRS distance change only in phase 0, so in
            // phase 2 the registers hold the current values), the snapshot, the tag table
            for (fi = 0; fi < N_VN; fi = fi + 1) begin
                assert(nrlah_reg[fi] != 8'd0 && mlh_reg != 8'd0);
                // a context's lines to send = lines not yet requested + reserved + buffered; an
                // idle context holds nothing
                if (ctx_v[fi]) begin
                    assert({1'b0, ctx_tosend[fi]} == {1'b0, ctx_reml[fi]} + {{(17-OW){1'b0}}, ctx_occ[fi]} +
                                                     {{(17-OW){1'b0}}, ctx_rsv[fi]});
                    assert(ts1[fi] == (ctx_tosend[fi] == 16'd1));
                    assert({5'd0, ctx_reml[fi]} == ctx_rem[fi][20:5] + {20'd0, ctx_rem[fi][4:0] != 5'd0});
                    assert(ctx_rem[fi] <= 21'h100000);
                end else
                    assert(ctx_rem[fi] == 21'd0 && ctx_occ[fi] == {OW{1'b0}} && ctx_rsv[fi] == {OW{1'b0}});
                if (ctx_rem[fi] != 21'd0) assert(nrla_reg[fi] != 8'd0);
                if (ctx_v[fi]) assert(ctx_ml[fi] != 8'd0);
                // a start takes ceil(len / 32) of a head that held since the snapshot
                if (ph_reg == 2'd3 && a_cstart[fi]) assert(f_cf_hold[fi] && !ctx_v[fi]);
                if (gst_oh[fi])
                    assert(f_cf_hold[fi] && !ctx_v[fi] && {5'd0, hlenc_reg[fi]} == cf_m_data[fi][84:69] + {20'd0, cf_m_data[fi][68:64] != 5'd0});
                if (ph_reg == 2'd2 && ctx_rem[fi] != 21'd0)
                    assert(nrl_reg[fi] != 8'd0 && {1'b0, nrl_reg[fi]} == {1'b0, nrb_reg[fi][12:5]} + {8'd0, nrb_reg[fi][4:0] != 5'd0} &&
                           {8'd0, nrb_reg[fi]} <= ctx_rem[fi] &&
                           (nrb_reg[fi][4:0] == 5'd0 || {8'd0, nrb_reg[fi]} == ctx_rem[fi]));
                if ((ph_reg == 2'd3 && a_needs[fi]) || grd_oh[fi])
                    assert(a_reql[fi] != 8'd0 && {1'b0, a_reql[fi]} == {1'b0, a_reqb[fi][12:5]} + {8'd0, a_reqb[fi][4:0] != 5'd0} &&
                           {8'd0, a_reqb[fi]} <= ctx_rem[fi] && ctx_v[fi] &&
                           (a_reqb[fi][4:0] == 5'd0 || {8'd0, a_reqb[fi]} == ctx_rem[fi]));
                if (grd_oh[fi]) assert(dec_nxt == fi[VN_W-1:0]);
                if (r_oh[fi]) assert(rl_c[fi] != {OW{1'b0}});
            end
            assert(w_size == {N_VN{1'b0}} && w_base == {N_VN{1'b0}});   // slices fixed (assumed CSRs)
            if (ph_reg == 2'd3 && a_ok || do_rd) assert(!tag_busy[a_tag]);
            // a tag is busy exactly when it sits in one context's tag queue, and in one place
            assert(f_tin == tag_busy && !f_dup);
            assert(!f_qz);
`endif
        end
    end

`ifdef TD_F_D1
    // the command FIFO heads obey the stream rule (a valid head not popped stays, unchanged) and
    // hold only commands that passed the intake check (len <= 1 MiB): assumed, so that the task
    // can also run with the FIFOs cut (sync_fifo has its own proof in formal/common); in this BMC
    // from reset the real FIFOs satisfy them
    reg [N_VN-1:0] f_cf_hold;            // the head was valid and not popped in the last cycle
    reg [CMDW-1:0] f_cf_prev [0:N_VN-1];
    always @(posedge clk)
        for (fq = 0; fq < N_VN; fq = fq + 1) begin
            f_cf_hold[fq] <= !rst && cf_m_valid[fq] && !cf_pop[fq];
            f_cf_prev[fq] <= cf_m_data[fq];
        end
    always @(*)
        for (fq = 0; fq < N_VN; fq = fq + 1) begin
            if (f_past && f_cf_hold[fq]) assume(cf_m_valid[fq] && cf_m_data[fq] == f_cf_prev[fq]);
            assume(cf_m_data[fq][84:64] <= 21'h100000);
        end
    // f_qsum[c]: lines of the reads in context c's tag queue (its outstanding, unretired reads);
    reg [OW+7:0]    f_qsum [0:N_VN-1];
    reg [NT-1:0]    f_tin;             // tags in some live queue place
    reg             f_dup;             // two live places hold one tag
    reg [N_VN*NT-1:0]       f_lv;      // place (c, j) live
    reg [N_VN*NT*TAG_W-1:0] f_tg;      // its tag
    integer fr;
    reg [TAG_W-1:0] f_w, f_i;
    reg             f_qz;              // a queued read of 0 lines
    // by queue place j (a static index; place j is live when (j - rd_ptr) mod NT < count)
    always @(*) begin
        f_qz = 1'b0;
        f_tin = {NT{1'b0}};
        for (fq = 0; fq < N_VN; fq = fq + 1) begin
            f_qsum[fq] = {(OW+8){1'b0}};
            for (fp = 0; fp < NT; fp = fp + 1) begin
                f_i = fp[TAG_W-1:0] - f_tq_rd[fq];
                f_w = f_tq_mem[fq][fp*TAG_W +: TAG_W];
                f_lv[fq*NT+fp] = {1'b0, f_i} < f_tq_cnt[fq];
                f_tg[(fq*NT+fp)*TAG_W +: TAG_W] = f_w;
                if (f_lv[fq*NT+fp]) begin
                    f_qsum[fq] = f_qsum[fq] + {{OW{1'b0}}, tag_lines[f_w]};
                    f_qz = f_qz | tag_lines[f_w] == 8'd0;
                    f_tin[f_w] = 1'b1;
                end
            end
        end
        f_dup = 1'b0;
        for (fp = 0; fp < N_VN*NT; fp = fp + 1)
            for (fr = fp + 1; fr < N_VN*NT; fr = fr + 1)
                if (f_lv[fp] && f_lv[fr] && f_tg[fp*TAG_W +: TAG_W] == f_tg[fr*TAG_W +: TAG_W])
                    f_dup = 1'b1;
    end
`endif

    // covers: a read, a retire, a head and a last flit, a start of the second context
    always @(posedge clk) begin
        if (f_past && !rst) begin
            cover(m_rd_req_valid && m_rd_req_ready);
            cover(r_v);
            cover(o1_h);
            cover(o1_v && o1_last);
            cover(ctx_v == {N_VN{1'b1}});
        end
    end
