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
//   (D1) occ + rsv <= alloc for every context (buffer never overflows). Checked by BMC from reset
//        only (task d1, -DTD_F_D1): a k-induction proof needs the per-tag reservation sum
//        invariant (rsv = lines of the context's outstanding tags) through the tag queues, which
//        is not written; the lockstep testbench also asserts D1 every cycle.
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

    integer fi, fj, fk;
    always @(*) begin
        if (f_past && !rst) begin
`ifndef TD_F_D1
            // D2
            assert((grd_oh & (grd_oh - 1'b1)) == {N_VN{1'b0}});
            assert(!do_rd || ph_reg == 2'd0);
            assert(do_rd == |grd_oh);
            assert(!(do_rd && rdq_v_reg));
            assert(!(ph_reg == 2'd3 && a_ok && rdq_v_reg));
            assert(!(ph_reg == 2'd0 && (|grd_oh) == 1'b0 && do_rd));
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
            // helpers: the phase of the registered decision
            assert(!(|gst_oh) || ph_reg == 2'd0);
            assert((gst_oh & (gst_oh - 1'b1)) == {N_VN{1'b0}});
            assert(do_st == |gst_oh);
            assert(!(do_rd && do_st));
            assert(!rdq_v_reg || ph_reg != 2'd0 || !do_rd);
`else
            // D1
            for (fi = 0; fi < N_VN; fi = fi + 1)
                assert({1'b0, ctx_occ[fi]} + {1'b0, ctx_rsv[fi]} <= {1'b0, size_reg[fi]});
`endif
        end
    end

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
