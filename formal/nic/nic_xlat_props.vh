// nic_xlat_props.vh: formal properties of rtl/nic/nic_xlat.v, included inside the module under
// `ifdef FORMAL (ZipCPU style: f_ prefix for formal-only signals). Proved by k-induction (depth 1,
// with the helper invariants below) in formal/nic/nic_xlat.sby; the per-cache properties (T5,
// the scan half of T2) are in nic_xlat_cache_props.vh. ../shared/spec/003-nic-app-state.md block
// B6, issue 11, docs/nic_xlat.md 4. Op pipeline: P0 issue, P1 (q1_), P2 (q2_), P3 (q3_), P4 (q4_)
// decide, P5 (s2_) act, P6 (res_) result fields.
//   (T3) every cache fill (fill_lvl != 0) is made in P4 by a completion for a walking slot, of
//        an entry with P = 1 and no reserved bit (PS in a PML4E; bits 29:13 of a PDPE with PS,
//        20:13 of a PDE with PS; MAXPHYADDR 52: no high reserved bit), into the cache of the
//        slot's level only, with the data {leaf, rw, PA[51:12]} of that entry;
//   (T4) ghost per slot: host reads pushed (rd_push with rd_push_tag) since allocation, and the
//        walk start level (s2_walk at allocation; r_walk, its P4 decision, checked against the
//        deepest usable hit: PDE 1, PDPE 2, PML4E 3, CR3 4; 0: done at once). While walking: reads = start - level + 1; a
//        walk that ended at level L issued start - L + 1 reads; no read beyond the start level;
//   (T6) ghost count: accepted requests - m_resp handshakes = valid MQ slots + requests in
//        P1..P5 + m_resp_valid (one response per request, none when nothing is outstanding);
//        slots + requests in flight never exceed MQ (P5 always finds a free slot: the slot
//        credits, the registered lowest free slot);
//   (T7) a translation without fault keeps the page offset: pa[11:0] = va[11:0] (4K),
//        pa[20:0] = va[20:0] (2M), pa[29:0] = va[29:0] (1G); size 3 never; a fault has pa =
//        size = 0. Checked on the result written in P6, on every done slot and on the m_resp
//        register (its VA in a ghost);
//   (T2) no fill from a walk of the old generation (fill -> mq_gen[slot] = cur_gen);
//        inv_done_now only with the scan over (scan_rd and every cache's scan_busy low), no
//        old-generation slot, no old m_resp, no old DMA; with nic_xlat_cache_props.vh: once the
//        scan is over no entry that was valid and matched the invalidation at its start is still
//        valid (unless re-filled since).
//   (E1) a completion acts in its P5 (c_ok) exactly when its tag had a read outstanding at its
//        handshake (s_cpl is free: a stray completion is dropped, err_tag, and changes nothing).
// Task rst of nic_xlat.sby (BMC, depth 20, in formal/nic/jobs):
//   (R1, -DNIC_F_RST) the properties above with later resets of one cycle allowed. It found that
//        a completion in P3 in a one-cycle reset filled in the cycle after it (fill_lvl_reg was
//        not reset); fixed in the RTL, it passes.
// Assumptions: rst in the first two cycles; (R, not under NIC_F_RST) any later reset lasts two
// cycles or more (the k-induction of prf; task rst covers one-cycle resets by BMC). Every other input is
// free (s_cpl too: any tag at any time, no valid/ready stability needed); the sby script cuts
// the CSR slave (u_axil), the counters (u_stats) and the read FIFO (u_rdq): their outputs are
// free (CSR writes and commands at any time, any stat_busy, any m_rd).
// Helper invariants (F_HLP): a writer op (completion, command) is alone in P1..P5 and the stages
// behind it are empty; nothing wrote a cache or valid bit since a writer's P0; no op in P1..P4
// during a scan (scan_hold_reg covers scan_busy); busy_reg = its definition; slot credits and
// the registered lowest free slot; scan counter; a slot walks iff it has a read outstanding or its acting
// completion is in flight, which carries the slot's level / gen / VA / rw; the P3 registers of a
// completion vs its data; result / retire registers; links to the caches' ghosts (f_c_*,
// connected by the sby script).
    reg f_past_valid = 1'b0, f_past2 = 1'b0;
    reg f_rst1 = 1'b1, f_rst2 = 1'b1;                // rst one / two cycles ago
    always @(posedge clk) begin
        f_past_valid <= 1'b1;
        f_past2      <= f_past_valid;
        f_rst1       <= rst;
        f_rst2       <= f_rst1;
    end
    always @* if (!f_past_valid || !f_past2) assume(rst);   // the first reset: two cycles
`ifndef NIC_F_RST
    always @* if (f_rst1 && !rst) assume(f_rst2);   // a reset lasts two cycles or more (R1: any)
`endif

    // property groups: all in the proof; a mutant's BMC job (-DNIC_F_SEL -DNIC_F_<group>) checks
    // only its property (no helper invariant: they are for the induction only)
`ifdef NIC_F_SEL
    localparam F_HLP = 1'b0;
`ifdef NIC_F_T2 localparam F_T2 = 1'b1; `else localparam F_T2 = 1'b0; `endif
`ifdef NIC_F_T3 localparam F_T3 = 1'b1; `else localparam F_T3 = 1'b0; `endif
`ifdef NIC_F_T4 localparam F_T4 = 1'b1; `else localparam F_T4 = 1'b0; `endif
`ifdef NIC_F_T6 localparam F_T6 = 1'b1; `else localparam F_T6 = 1'b0; `endif
`ifdef NIC_F_T7 localparam F_T7 = 1'b1; `else localparam F_T7 = 1'b0; `endif
`ifdef NIC_F_E1 localparam F_E1 = 1'b1; `else localparam F_E1 = 1'b0; `endif
`else
    localparam F_HLP = 1'b1, F_T2 = 1'b1, F_T3 = 1'b1, F_T4 = 1'b1, F_T6 = 1'b1, F_T7 = 1'b1, F_E1 = 1'b1;
`endif
    integer fk0, fk1, fk2, fk3, fk4, fk5, fk6;
    localparam [1:0] F_CPL = OP_CPL;

    // ---------------------------------------------------------------- read outstanding, E1
    reg [MQ-1:0] f_rdo;             // a read is outstanding on the tag (pushed, not completed)
    always @(posedge clk) begin
        if (rst) f_rdo <= {MQ{1'b0}};
        else begin
            if (issue_cpl) f_rdo[s_cpl_tag] <= 1'b0;
            if (rd_push) f_rdo[rd_push_tag] <= 1'b1;
        end
    end
    reg f_ok1, f_ok2, f_ok3, f_ok4, f_ok5; // the completion in P1 .. P5 had a read outstanding at P0
    always @(posedge clk) begin
        f_ok1 <= f_rdo[s_cpl_tag];
        f_ok2 <= f_ok1;
        f_ok3 <= f_ok2;
        f_ok4 <= f_ok3;
        f_ok5 <= f_ok4;
    end

    // ---------------------------------------------------------------- pipeline helpers
    wire f_w1 = q1_valid && q1_type != OP_REQ;       // writer in P1 .. P5
    wire f_w2 = q2_valid && q2_type != OP_REQ;
    wire f_w3 = q3_valid && q3_type != OP_REQ;
    wire f_w4 = q4_valid && q4_type != OP_REQ;
    wire f_w5 = s2_valid && s2_type != OP_REQ;
    wire f_c1 = q1_valid && q1_type == F_CPL;        // completion in P1 .. P5
    wire f_c2 = q2_valid && q2_type == F_CPL;
    wire f_c3 = q3_valid && q3_type == F_CPL;
    wire f_c4 = q4_valid && q4_type == F_CPL;
    wire f_c5 = s2_valid && s2_type == F_CPL;
    wire f_cmd5 = s2_valid && s2_type == OP_CMD;
    wire f_cmdp = (q1_valid && q1_type == OP_CMD) || (q2_valid && q2_type == OP_CMD) ||
                  (q3_valid && q3_type == OP_CMD) || (q4_valid && q4_type == OP_CMD) || f_cmd5;   // a command in P1..P5
    // history of "something may have written a cache's tags or valid bits, or reset": a writer
    // in P4 (fills), a scan step in a cache (scan_busy), rst; 1..4 cycles ago (all set after a reset)
    wire f_x = f_w4 || |scan_busy || rst;
    reg  f_hx1, f_hx2, f_hx3, f_hx4;
    reg  [3:0] f_fq1;                                // fill_lvl one cycle ago
    always @(posedge clk) begin
        f_hx1 <= f_x;
        f_hx2 <= f_hx1 || rst;
        f_hx3 <= f_hx2 || rst;
        f_hx4 <= f_hx3 || rst;
        f_fq1 <= fill_lvl;
    end
    // links to the caches' ghosts (connected by the sby script after flatten: bit 3..0 = u_c4 ..
    // u_c1 f_wr1 / f_h1..f_h4); undriven otherwise, and then `check -assert` stops the job
    (* keep *) wire [3:0] f_c_wr1, f_c_h1, f_c_h2, f_c_h3, f_c_h4;
    always @* begin
        if (f_past_valid) begin
            if (f_rst1) if (F_HLP) assert(!q1_valid && !q2_valid && !q3_valid && !q4_valid && !s2_valid);   // reset a cycle ago
            if (q1_valid) if (F_HLP) assert(q1_type != 2'd0);
            if (q2_valid) if (F_HLP) assert(q2_type != 2'd0);
            if (q3_valid) if (F_HLP) assert(q3_type != 2'd0);
            if (q4_valid) if (F_HLP) assert(q4_type != 2'd0);
            if (s2_valid) if (F_HLP) assert(s2_type != 2'd0);
            if (f_w1) if (F_HLP) assert(!f_w2 && !f_w3 && !f_w4 && !f_w5 && !f_hx1);
            if (f_w2) if (F_HLP) assert(!q1_valid && !f_w3 && !f_w4 && !f_w5 && !f_hx1 && !f_hx2);
            if (f_w3) if (F_HLP) assert(!q1_valid && !q2_valid && !f_w4 && !f_w5 && !f_hx1 && !f_hx2 && !f_hx3);
            if (f_w4) if (F_HLP) assert(!q1_valid && !q2_valid && !q3_valid && !f_w5 && !f_hx1 && !f_hx2 && !f_hx3 && !f_hx4);
            if (f_w5) if (F_HLP) assert(!q1_valid && !q2_valid && !q3_valid && !q4_valid && !f_hx2 && !f_hx3 && !f_hx4);
            if (scan_active) if (F_HLP) assert(!q1_valid && !q2_valid && !q3_valid && !q4_valid && !s2_valid && inv_active_reg);
            if (|scan_busy) if (F_HLP) assert(scan_hold_reg);
            // busy_reg: a command pending, in P1..P5, or an invalidation draining
            if (F_HLP) assert(busy_reg == (cmd_pend_reg || inv_active_reg || f_cmdp));
            // one command at a time: pending, in P1..P5 or draining (inv_active_reg)
            if (cmd_pend_reg) if (F_HLP) assert(!inv_active_reg && !f_cmdp);
            if (f_cmdp) if (F_HLP) assert(!inv_active_reg);
            // the CR3 write one cycle after a command's P5: nothing in P1..P5 then
            if (cr3_we_reg) if (F_HLP) assert(!q1_valid && !q2_valid && !q3_valid && !q4_valid && !s2_valid);
            if (F_HLP) assert(scan_rd_reg ? scan_cnt_reg <= SLAST : scan_cnt_reg == {SCW{1'b0}});
            if (!f_rst1) if (F_HLP) assert(f_c_wr1 == f_fq1);   // (in the cycle after a reset the caches' we_w may differ)
            if (F_HLP) assert((f_c_h1 & ~{4{f_hx1}}) == 4'd0 && (f_c_h2 & ~{4{f_hx2}}) == 4'd0 &&
                   (f_c_h3 & ~{4{f_hx3}}) == 4'd0 && (f_c_h4 & ~{4{f_hx4}}) == 4'd0);
        end
    end

    // ---------------------------------------------------------------- completions in flight
    reg [63:0] f_s2_data;                            // the completion data, P4 -> P5
    reg        f_s2_gen;                             // the slot's gen carried to P5
    always @(posedge clk) begin
        f_s2_data <= q4_data;
        f_s2_gen  <= q4_gen;
    end
    wire [MQ-1:0] f_walk = mq_valid & ~mq_done & ~f_rdo;   // walking, no read outstanding
    // the completion in flight that acts (at most one: writers are alone in P1..P5)
    wire          f_cact = (f_c1 && q1_ok) || (f_c2 && q2_ok) || (f_c3 && q3_ok) || (f_c4 && q4_ok) || (f_c5 && c_ok);
    wire [MQW-1:0] f_ctag = f_c1 ? q1_tag : f_c2 ? q2_tag : f_c3 ? q3_tag : f_c4 ? q4_tag : s2_tag;
    // reserved bits / leaf of an entry read at level lvl
    function f_rsvd_of(input [63:0] e, input [2:0] lvl);
        f_rsvd_of = (lvl == 3'd4 && e[7]) || (lvl == 3'd3 && e[7] && e[29:13] != 17'd0) ||
                    (lvl == 3'd2 && e[7] && e[20:13] != 8'd0);
    endfunction
    function f_leaf_of(input [63:0] e, input [2:0] lvl);
        f_leaf_of = lvl == 3'd1 || ((lvl == 3'd2 || lvl == 3'd3) && e[7]);
    endfunction
    always @* begin
        fk6 = 0;
        if (f_past_valid) begin
            // E1: a completion acts iff its tag had a read outstanding when it was accepted
            if (f_c1) if (F_E1) assert(q1_ok == f_ok1);
            if (f_c2) if (F_E1) assert(q2_ok == f_ok2);
            if (f_c3) if (F_E1) assert(q3_ok == f_ok3);
            if (f_c4) if (F_E1) assert(q4_ok == f_ok4);
            if (f_c5) if (F_E1) assert(c_ok == f_ok5);
            // a slot walks iff it has a read outstanding or its acting completion is in flight
            for (fk6 = 0; fk6 < MQ; fk6 = fk6 + 1)
                if (F_HLP) assert((mq_valid[fk6] && !mq_done[fk6]) == (f_rdo[fk6] || (f_cact && f_ctag == fk6)));
            if (f_cact) if (F_HLP) assert(!f_rdo[f_ctag]);
            // an acting completion carries its slot's walk state
            if (f_c1 && q1_ok) if (F_HLP) assert(q1_lvl == mq_level[q1_tag] && q1_gen == mq_gen[q1_tag] &&
                                      q1_va == {16'd0, mq_va[q1_tag]} && q1_rw == mq_rw[q1_tag]);
            if (f_c2 && q2_ok) if (F_HLP) assert(q2_lvl == mq_level[q2_tag] && q2_gen == mq_gen[q2_tag] &&
                                      q2_va == {16'd0, mq_va[q2_tag]} && q2_rw == mq_rw[q2_tag]);
            if (f_c3 && q3_ok) if (F_HLP) assert(q3_lvl == mq_level[q3_tag] && q3_gen == mq_gen[q3_tag] &&
                                      q3_va == {16'd0, mq_va[q3_tag]} && q3_rw == mq_rw[q3_tag]);
            if (f_c4 && q4_ok) if (F_HLP) assert(q4_lvl == mq_level[q4_tag] && q4_gen == mq_gen[q4_tag] &&
                                      q4_va == {16'd0, mq_va[q4_tag]} && q4_rw == mq_rw[q4_tag]);
            if (f_c5 && c_ok) if (F_HLP) assert(s2_lvl == mq_level[s2_tag] && f_s2_gen == mq_gen[s2_tag] &&
                                     s2_va == {16'd0, mq_va[s2_tag]});
            // the P4 registers of the completion step vs the data / level carried to P5
            if (F_HLP) assert(c_p == f_s2_data[0] && c_rsvd == f_rsvd_of(f_s2_data, s2_lvl) &&
                   c_leaf == f_leaf_of(f_s2_data, s2_lvl));
            if (f_c5) if (F_HLP) assert(c_gen_ok == (f_s2_gen == cur_gen_reg));
            // the fill of P4 (registered in P2 and P3) vs the completion in P3 and P4
            if (F_HLP) assert(q3_fillpre == ((f_c3 && q3_data[0] && !f_rsvd_of(q3_data, q3_lvl) &&
                                                           q3_gen == cur_gen_reg) ?
                                          {q3_lvl == 3'd4, q3_lvl == 3'd3, q3_lvl == 3'd2, q3_lvl == 3'd1} : 4'd0));
            // the fill of P4 (registered in P3) vs the completion in P4
            if (!rst) if (F_HLP) assert(fill_lvl == ((f_c4 && q4_ok && q4_data[0] && !f_rsvd_of(q4_data, q4_lvl) &&
                                                      q4_gen == cur_gen_reg) ?
                                          {q4_lvl == 3'd4, q4_lvl == 3'd3, q4_lvl == 3'd2, q4_lvl == 3'd1} : 4'd0));
        end
    end

    // ---------------------------------------------------------------- T6
    reg [7:0] f_out;                                 // accepted requests - responses taken
    always @(posedge clk)
        if (rst) f_out <= 8'd0;
        else     f_out <= f_out + {7'd0, s_req_valid && s_req_ready} - {7'd0, m_resp_valid && m_resp_ready};
    reg [7:0] f_nvalid;
    always @* begin
        f_nvalid = 8'd0;
        for (fk0 = 0; fk0 < MQ; fk0 = fk0 + 1) f_nvalid = f_nvalid + {7'd0, mq_valid[fk0]};
    end
    wire [7:0] f_inflight = {7'd0, q1_valid && q1_type == OP_REQ} + {7'd0, q2_valid && q2_type == OP_REQ} +
                            {7'd0, q3_valid && q3_type == OP_REQ} + {7'd0, q4_valid && q4_type == OP_REQ} +
                            {7'd0, s2_valid && s2_type == OP_REQ};
    always @* begin
        fk1 = 0;
        if (f_past_valid) begin
            if (F_T6) assert(f_out == f_nvalid + f_inflight + {7'd0, resp_valid_reg});
            if (F_HLP) assert(f_nvalid + f_inflight <= MQ);
            if (m_resp_valid) if (F_T6) assert(f_out != 8'd0);
            if (s2_req) if (F_HLP) assert(!mq_valid[alloc_idx]);
            // slot credits; the registered lowest free slot
            if (F_HLP) assert({{(7-MQW){1'b0}}, credit_reg} == MQ - f_nvalid - f_inflight);
            if (F_HLP) assert(alloc_oh == (~mq_valid & (mq_valid + 1'b1)));
            if (alloc_oh != {MQ{1'b0}}) if (F_HLP) assert(alloc_oh[alloc_idx]);
            for (fk1 = 0; fk1 < MQ; fk1 = fk1 + 1)
                if (F_HLP) assert(waitz[fk1] == (mq_wait[fk1] == {MQ{1'b0}}));
            if (F_HLP) assert(s2_req_reg == (s2_valid && s2_type == OP_REQ) && s2_cpl_reg == (s2_valid && s2_type == OP_CPL));
            if (F_HLP) assert(fill_dc == {4{fill_dc[0 +: DW]}});   // the caches' copies of the fill data
            if (F_HLP) assert(scan_rd_c == {4{scan_rd_reg}});       // the caches' copies of scan_rd
            if (F_HLP) assert(rany_c == {4{|ready_reg}} && rvld_c == {4{resp_valid_reg}});   // retire copies
            for (fk1 = 0; fk1 < MQ; fk1 = fk1 + 1)
                if (ready_reg[fk1]) if (F_HLP) assert(mq_valid[fk1] && mq_done[fk1] && !(res_we && res_idx == fk1));
            if (F_HLP) assert(ret_oh == (ready_reg & (~ready_reg + 1'b1)));
            if (ready_reg != {MQ{1'b0}}) if (F_HLP) assert(ret_oh[ret_idx]);
            if (res_we) if (F_HLP) assert(mq_valid[res_idx]);
        end
    end

    // ---------------------------------------------------------------- T3, T2 (fill side)
    always @* begin
        if (f_past_valid && !rst && fill_lvl != 4'd0) begin   // (a fill enable in reset writes no valid bit)
            if (F_T3) assert(q4_valid && q4_type == OP_CPL);
            if (F_T3) assert(mq_valid[q4_tag] && !mq_done[q4_tag]);
            if (F_T3) assert(q4_data[0]);                                        // P = 1
            if (F_T3) assert(!f_rsvd_of(q4_data, mq_level[q4_tag]));             // no reserved bit
            if (F_T3) assert(mq_level[q4_tag] >= 3'd1 && mq_level[q4_tag] <= 3'd4);
            if (F_T3) assert(fill_lvl == (4'b0001 << (mq_level[q4_tag] - 3'd1))); // the slot's level only
            if (F_T3) assert(fill_data[39:0] == q4_data[51:12] &&
                   fill_data[DW-1] == f_leaf_of(q4_data, mq_level[q4_tag]));
            if (F_T2) assert(mq_gen[q4_tag] == cur_gen_reg);                     // T2: never an old walk
        end
    end

    // ---------------------------------------------------------------- T2 (inv_done side)
    reg f_old;
    always @* begin
        f_old = resp_valid_reg && resp_gen_reg != cur_gen_reg;
        for (fk2 = 0; fk2 < MQ; fk2 = fk2 + 1)
            if (mq_valid[fk2] && mq_gen[fk2] != cur_gen_reg) f_old = 1'b1;
        if (f_past_valid && inv_done_now)
            if (F_T2) assert(inv_active_reg && !scan_rd_reg && scan_busy == 4'd0 && !f_old && !dma_busy[!cur_gen_reg]);
    end

    // ---------------------------------------------------------------- T4
    reg [2:0] f_start [0:MQ-1];     // walk start level at allocation (0: done at once)
    reg [2:0] f_reads [0:MQ-1];     // host reads pushed since allocation
    always @(posedge clk)
        for (fk3 = 0; fk3 < MQ; fk3 = fk3 + 1)
            if (s2_req && alloc_idx == fk3[MQW-1:0]) begin
                f_start[fk3] <= s2_walk;
                f_reads[fk3] <= {2'd0, rd_push};
            end else if (rd_push && rd_push_tag == fk3[MQW-1:0])
                f_reads[fk3] <= f_reads[fk3] + 3'd1;
    // the start level from the deepest usable hit (docs/nic_xlat.md 4.3)
    wire [2:0] f_exp_walk = (q4_pid_bad || q4_noncanon || h1 || (h2 && d2[41]) || (h3 && d3[41])) ? 3'd0 :
                            h2 ? 3'd1 : h3 ? 3'd2 : h4 ? 3'd3 : q4_cr3v ? 3'd4 : 3'd0;
    wire       f_q4_req = q4_valid && q4_type == OP_REQ;
    always @* begin
        fk4 = 0;
        if (f_past_valid) begin
            if (f_q4_req) if (F_T4) assert(r_walk == f_exp_walk && r_done == (r_walk == 3'd0));
            if (s2_req) if (F_HLP) assert(s2_done == (s2_walk == 3'd0) && s2_walk <= 3'd4);
            // the registered decision of P5 is consistent (its fields come from one P4 decision)
            if (s2_req) if (F_HLP) assert(s2_size == {s2_ssel[2], s2_ssel[1]} && (s2_ssel & (s2_ssel - 3'd1)) == 3'd0 &&
                                          (s2_ssel != 3'd0) == (s2_done && s2_fault == F_NONE));
            if (rd_push && !s2_req) if (F_T4) assert(f_reads[s2_tag] < f_start[s2_tag]);  // never past the start
            for (fk4 = 0; fk4 < MQ; fk4 = fk4 + 1)
                if (mq_valid[fk4]) begin
                    if (F_T4) assert(f_start[fk4] <= 3'd4);
                    if (!mq_done[fk4]) if (F_T4) assert(f_start[fk4] != 3'd0);
                    if (f_start[fk4] != 3'd0) begin
                        if (F_T4) assert(mq_level[fk4] >= 3'd1 && mq_level[fk4] <= f_start[fk4]);
                        if (F_T4) assert(f_reads[fk4] == f_start[fk4] - mq_level[fk4] + 3'd1);
                    end else
                        if (F_T4) assert(f_reads[fk4] == 3'd0);
                end
        end
    end

    // ---------------------------------------------------------------- T7
    function f_off_ok(input [51:0] pa, input [47:0] va, input [1:0] size);
        case (size)
            2'd0: f_off_ok = pa[11:0] == va[11:0];
            2'd1: f_off_ok = pa[20:0] == va[20:0];
            2'd2: f_off_ok = pa[29:0] == va[29:0];
            default: f_off_ok = 1'b0;
        endcase
    endfunction
    function f_res_ok(input [51:0] pa, input [47:0] va, input [1:0] size, input [2:0] fault);
        f_res_ok = fault == F_NONE ? f_off_ok(pa, va, size) : (pa == 52'd0 && size == 2'd0);
    endfunction
    reg [47:0] f_resp_va;           // VA of the response in m_resp
    always @(posedge clk) if (retire) f_resp_va <= mq_va[ret_idx];
    always @* begin
        fk5 = 0;
        if (f_past_valid) begin
            // the result fields written in P6, and those of every done slot
            if (res_we && mq_done[res_idx]) if (F_T7) assert(f_res_ok(res_pa, mq_va[res_idx], res_size, res_fault));
            for (fk5 = 0; fk5 < MQ; fk5 = fk5 + 1)
                if (mq_valid[fk5] && mq_done[fk5] && !(res_we && res_idx == fk5))
                    if (F_T7) assert(f_res_ok(mq_pa[fk5], mq_va[fk5], mq_size[fk5], mq_fault[fk5]));
            if (resp_valid_reg) if (F_T7) assert(f_res_ok(resp_pa_reg, f_resp_va, resp_size_reg, resp_fault_reg));
            // a completion's result (P4 registers) for the VA carried to P5
            if (F_HLP) assert(f_off_ok(c_pa, s2_va[47:0], c_size));
        end
    end

    // ---------------------------------------------------------------- covers
    always @* begin
        if (!rst) begin
            cover(fill_lvl != 4'd0);
            cover(retire);
            cover(inv_done_now);
            cover(f_c5 && c_ok && c_p && !c_rsvd && c_leaf && f_reads[s2_tag] >= 3'd2);   // 2+ level walk ends
        end
    end
