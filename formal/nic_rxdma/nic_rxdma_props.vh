// nic_rxdma_props.vh: formal properties of rtl/nic/nic_rxdma.v, included inside the module under
// `ifdef FORMAL (f_ prefix for formal-only signals). Spec note 003 block B5, issue 12,
// docs/nic_rxdma.md 5. Jobs: formal/nic_rxdma/nic_rxdma.sby, table formal/nic_rxdma/jobs.
//   (R1) the first host write of a message (a write applied while first_req_sent is 0) happens
//        only after the message reached rcvd >= min(T1, len): f_seen[c] is a ghost flag set
//        once ctx_v && (rcvd >= T1 || rcvd >= len) held since the context's allocation (rcvd only
//        grows during a message, so this is R1); k-induction (task prf);
//   (age) the age matrix is a strict total order over the valid contexts: antisymmetric and
//        complete for every pair, transitive for every triple; k-induction (task prf);
//   (R3)  occ <= 32 * BUF_SIZE for every context (the buffer slice never holds more than its
//        lines): BMC from reset (task r3, -DRD_F_R3), with BUF_SIZE written (any value) while the
//        engine is idle; the lockstep testbench also checks it every cycle.
// Assumptions: rst in the first cycle; T1 is an arbitrary constant (t1_use = f_t1c, the CSR rule);
// CSR writes only to ENABLE, MPS, T2 and unmapped addresses at any time, and (task r3) BUF_SIZE
// while idle; every other input is free. The sby script cuts the CSR slave, the counters, the
// buffer RAM and the two FIFOs' RAM outputs (cutpoint: their outputs are free).
    reg f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;
    wire f_idle = st_reg[ST_IDLE] && ctx_v == {N_VN{1'b0}};
    integer fi, fj, fk;
    always @(*) begin
        if (!f_past) assume(rst);
`ifdef RD_F_R3
        assume(!reg_wr_en || reg_wr_addr == RD_ENABLE_ADDR || reg_wr_addr == RD_MPS_ADDR ||
               reg_wr_addr == RD_T2_ADDR || reg_wr_addr[11:8] == 4'hf ||
               (reg_wr_addr[11:4] == RD_BUF_SIZE_ADDR[11:4] && f_idle));
        for (fi = 0; fi < N_VN; fi = fi + 1)
            assume(!w_size[fi] || f_idle);
`else
        assume(!reg_wr_en || reg_wr_addr == RD_ENABLE_ADDR || reg_wr_addr == RD_MPS_ADDR ||
               reg_wr_addr == RD_T2_ADDR || reg_wr_addr[11:8] == 4'hf);
`endif
    end

    // ghost: the message of context c reached rcvd >= min(T1, len) since its allocation
    reg [N_VN-1:0] f_seen;
    always @(posedge clk)
        for (fi = 0; fi < N_VN; fi = fi + 1)
            if (rst || al_oh[fi]) f_seen[fi] <= 1'b0;
            else if (ctx_v[fi] && (ctx_rcvd[fi] >= t1_use || ctx_rcvd[fi] >= ctx_len[fi])) f_seen[fi] <= 1'b1;

    always @(*) begin
        if (f_past && !rst) begin
`ifndef RD_F_R3
            // R1: a write applied (phase 3) to a context without a first write yet
            for (fi = 0; fi < N_VN; fi = fi + 1)
                if (ap_oh[fi] && !ctx_frs[fi]) assert(f_seen[fi]);
            // age matrix: strict total order over the valid contexts
            for (fi = 0; fi < N_VN; fi = fi + 1)
                for (fj = 0; fj < N_VN; fj = fj + 1)
                    if (fi != fj && ctx_v[fi] && ctx_v[fj]) begin
                        assert(older_reg[fi*N_VN+fj] != older_reg[fj*N_VN+fi]);
                        for (fk = 0; fk < N_VN; fk = fk + 1)
                            if (fk != fi && fk != fj && ctx_v[fk] && older_reg[fi*N_VN+fj] &&
                                older_reg[fj*N_VN+fk])
                                assert(older_reg[fi*N_VN+fk]);
                    end
`ifndef RD_F_NOHELP
            // helpers: one-hot ingress state; a waiting first packet's room flag implies a free
            // context, and so does an allocation; the decision pipeline (snapshot, eligibility,
            // grant) serves valid contexts that passed the T1 rule
            assert((st_reg & (st_reg - 7'd1)) == 7'd0 && st_reg != 7'd0);
            if (st_reg[ST_WAIT] && ok_reg && h_first) assert((hv_oh & ctx_v) == {N_VN{1'b0}});
            for (fi = 0; fi < N_VN; fi = fi + 1) begin
                if (al_oh[fi]) assert(!ctx_v[fi] && st_reg[ST_DATA]);
                if (ph_reg == 2'd1 && v_s[fi] && (frs_s[fi] || rcvd_s[fi] >= t1_use || rcvd_s[fi] >= len_s[fi]))
                    assert(ctx_v[fi] && (ctx_frs[fi] || f_seen[fi]));
                if (ph_reg == 2'd2 && e_s[fi]) assert(ctx_v[fi] && (ctx_frs[fi] || f_seen[fi]));
                if (ap_oh[fi]) assert(ph_reg == 2'd3 && ctx_v[fi] && (ctx_frs[fi] || f_seen[fi]));
            end
`endif
`else
            // R3 first half
            for (fi = 0; fi < N_VN; fi = fi + 1)
                assert({5'd0, ctx_occ[fi]} <= {ctx_v[fi] ? size_reg[fi] : {OW{1'b1}}, 5'd0});
`endif
        end
    end

    // covers: a write applied, an event, a refusal, a grant by T2 priority of a younger context
    always @(posedge clk) begin
        if (f_past && !rst) begin
            cover(apply);
            cover(m_evt_valid);
            cover(st_reg[ST_DROP]);
            cover(ph_reg == 2'd2 && d_v && (|(e_s & ~b_s)) && b_s[d_idx] && e_s[d_idx]);
        end
    end
