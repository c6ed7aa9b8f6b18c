// formal/gpubar/gpubar_props.vh -- properties of rtl/gpubar/gpubar_xlat.v, included inside the
// module under `ifdef FORMAL (formal/gpubar/gpubar.sby; docs/gpubar.md 6.4). Spec note 004:
//   P1 no request crosses a 4 KiB boundary: addr[11:0] + len <= 4096           (R-5, T05)
//   P2 0 < len <= MPS, MPS the value in force when the request was formed     (R-5, T05)
//   P3 address = table entry + offset inside the region: the emitted address is
//      {entry[region][o >> 16], o[15:0]} with o = off0 + boff, the entry valid, and the request
//      inside the user buffer (boff + len <= ulen)                            (R-1, R-3, R-4)
//   P8 the generation compare is exact: a descriptor's completion is GEN iff the region is not
//      armed or its generation differs from the descriptor's (all 16 bits: 0xffff -> 0 included)
//                                                                             (R-10, T12)
//   P4 no request to an entry after the ACK of an INVALIDATE covering it, until a LOAD of the
//      entry (checked at every m_req handshake)                               (R-9, T07, T30)
//   P4a (the FSM's half of P4, by k-induction): no request is formed to an entry after an
//      INVALIDATE covering it was applied, until a LOAD of the entry (the other half, that a
//      request formed before it has left before the ACK does, stays with the bounded P4)
//   P5 an ACK leaves only when no read tag allocated before its INVALIDATE is still busy
//      (allocated and not yet completed or timed out): every earlier flush read and payload
//      read retired                                                           (R-7, R-9, R-11)
// with the helper invariants of the emit loop (H). No assumption on any input except a reset in
// the first cycle (rst may rise again any time; P4 / P5: no reset after the first cycle).
// GPUBAR_F_SEL with GPUBAR_F_P1 / _P2 / _P3 / _P4 / _P5 / _P8: only that group (and the
// helpers where it needs them): the mutant jobs and the bounded P4 / P5 job.

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);

`ifdef GPUBAR_F_SEL
`else
`define GPUBAR_F_P1
`define GPUBAR_F_P2
`define GPUBAR_F_P3
`define GPUBAR_F_P4A
`define GPUBAR_F_H
`endif

    // shadow of the MPS a held request was formed with
    reg  [1:0] f_req_mps_reg;
    always @(posedge clk) if (req_load) f_req_mps_reg <= mps_reg;
    wire [10:0] f_req_mps_b = 11'd128 << f_req_mps_reg;
    wire        f_loop = st_reg == S_E1 || st_reg == S_E2;
    wire [OW-1:0] f_o = {{(OW-16){1'b0}}, rg_reg[15:0]} + boff_reg[OW-1:0];
    wire [32:0] f_end = {1'b0, boff_reg} + {{(32-OW){1'b0}}, rem_reg};
    // pages o .. o + rem - 1 (the rest of the descriptor)
    wire [OW:0]   f_olast = {1'b0, o_reg} + rem_reg - {{OW{1'b0}}, 1'b1};
    wire [PW-1:0] f_plast = f_olast[OW-1:16];
    wire [NE-1:0] f_mask  = ({NE{1'b1}} << o_reg[OW-1:16]) & ({NE{1'b1}} >> ~f_plast);

`ifdef GPUBAR_F_H
    genvar fr;
    generate
        for (fr = 0; fr < NR; fr = fr + 1) begin : f_rg
            // an armed region's user range fits its NE pages (ARM refuses the rest)
            always @(*) if (f_past_valid && !rst && !rst_d_reg && armed_reg[fr])
                assert({17'd0, reg_mem[fr][15:0]} + {1'b0, reg_mem[fr][47:16]} <= {{(32-OW){1'b0}}, RSPAN});
        end
    endgenerate

    // H: the delayed reset (rst_d_reg clears state the FSM reads from S_RD on; S_INIT the valid rows)
    always @(*) if (f_past_valid) begin
        if (rst_d_reg && !rst) assert(st_reg == S_INIT && !req_valid_reg && !cpl_valid_reg);
    end
    // H: the emit loop's state
    always @(*) if (f_past_valid && !rst && !rst_d_reg) begin
        assert(st_reg <= S_FL);
        if (st_reg == S_CFG) assert(!cf_bad_reg || !(cf_mps_reg || cf_load_reg || cf_arm_reg || cf_disarm_reg || cf_vwe_reg));
        // S_CFG may wait (an INVALIDATE waiting for room in the completion queue): the decode
        // registers match the op
        if (st_reg == S_CFG) begin
            assert(cf_inv_reg == (cf_op_reg == OP_INV));
            if (cf_mps_reg) assert(cf_op_reg == OP_MPS && cf_data_reg[1:0] != 2'd3);
            if (cf_arm_reg) assert(cf_op_reg == OP_ARM &&
                                   {17'd0, cf_data_reg[15:0]} + {1'b0, cf_data_reg[47:16]} <= {{(32-OW){1'b0}}, RSPAN});
        end
        assert(mps_reg != 2'd3);
        if (st_reg != S_IDLE && st_reg != S_CFG0 && st_reg != S_CFG1 && st_reg != S_CFG && st_reg != S_RD && st_reg != S_INIT)
            assert(rg_reg == reg_mem[d_region_reg]);
        if (f_loop || st_reg == S_EW || st_reg == S_DEC && !gen_bad_reg && !oob_reg && !inv_reg) begin
            assert(armed_reg[d_region_reg]);
            assert(rem_reg != {(OW+1){1'b0}});
            assert(o_reg == f_o);
            assert(f_end <= {1'b0, rg_reg[47:16]});
            // every page from o's to the last byte's is valid
            assert((vrow_mem[d_region_reg] & f_mask) == f_mask);
        end
        if (st_reg == S_E1) assert(c1_reg == c1);
        if (st_reg == S_EW || st_reg == S_E2) begin
            assert(chunk_reg != 10'd0);
            assert({1'b0, omod} + {1'b0, chunk_reg} <= {1'b0, mps_b});
            if (!elast_reg) assert({1'b0, omod} + {1'b0, chunk_reg} == {1'b0, mps_b});   // next o MPS-aligned
            assert({{(OW-9){1'b0}}, chunk_reg} <= rem_reg);
            assert(elast_reg == ({{(OW-9){1'b0}}, chunk_reg} == rem_reg));
            if (st_reg == S_EW) assert(ent_q_reg == ent_mem[{d_region_reg, o_reg[OW-1:16]}]);
        end
        if (st_reg == S_E1) assert(ent_rd_reg == ent_mem[{d_region_reg, o_reg[OW-1:16]}]);
        if (st_reg == S_E2) begin
            assert(ent_q2_reg == ent_mem[{d_region_reg, o_reg[OW-1:16]}]);
            assert(o_next_reg == o_reg + {{(OW-10){1'b0}}, chunk_reg});
            assert(split_reg == (!elast_reg && o_next_reg[11:0] == 12'd0));
            assert(dw_reg == h_dw && fbe_reg == h_fbe && lbe_reg == h_lbe);
        end
        if (req_valid_reg) assert(f_req_mps_reg != 2'd3);
        // the flush read being formed: one DW, all bytes, DW aligned
        if (st_reg == S_FL) assert(chunk_reg == 10'd4 && dw_reg == 8'd1 && fbe_reg == 4'hf && lbe_reg == 4'h0 &&
                                   !hw_reg && o_reg[1:0] == 2'b00);
    end
`endif

`ifdef GPUBAR_F_P1
    always @(*) if (f_past_valid && !rst && req_valid_reg)
        assert({2'b00, req_addr_reg[11:0]} + {4'd0, req_len_reg} <= 14'd4096);
`endif
`ifdef GPUBAR_F_P2
    always @(*) if (f_past_valid && !rst && req_valid_reg) begin
        assert(req_len_reg != 10'd0);
        assert({1'b0, req_len_reg} <= f_req_mps_b);
    end
`endif
`ifdef GPUBAR_F_P3
    // at the emission: the address comes from the entry of o's page and o itself; o = off0 + k;
    // the entry is valid; the request lies inside the user buffer
    always @(*) if (f_past_valid && !rst && emit) begin
        assert(e_addr == {ent_mem[{d_region_reg, o_reg[OW-1:16]}][47:0], o_reg[15:0]});
        assert(o_reg == f_o);
        assert(vrow_mem[d_region_reg][o_reg[OW-1:16]]);
        assert({1'b0, boff_reg} + {23'd0, chunk_reg} <= {1'b0, rg_reg[47:16]});
    end
`endif

`ifdef GPUBAR_F_P4A
    // P4a: f_rv = entries revoked: an INVALIDATE covering the entry applied (cfg_go), no LOAD of
    // it since (a reset forgets them: S_INIT clears every row)
    localparam F4E = NR * NE;
    reg  [F4E-1:0] f_rv;
    genvar f4;
    generate
        for (f4 = 0; f4 < F4E; f4 = f4 + 1) begin : f_p4a
            localparam [RW+PW-1:0] F4I = f4;
            localparam [RW-1:0]    F4R = F4I[RW+PW-1:PW];
            localparam [PW-1:0]    F4X = F4I[PW-1:0];
            always @(posedge clk) begin
                if (cfg_go && cf_inv_reg && cf_region_reg == F4R && cf_imask_reg[F4X]) f_rv[f4] <= 1'b1;
                if (cf_w && cf_load_reg && cf_eaddr == F4I) f_rv[f4] <= 1'b0;
                if (rst) f_rv[f4] <= 1'b0;
            end
`ifdef GPUBAR_F_H
            // H4: a revoked entry's valid bit is 0, and so is its bit in the row S_CFG is about
            // to write (unless that op is a LOAD of this entry)
            always @(*) if (f_past_valid && !rst && f_rv[f4]) begin
                assert(!vrow_mem[F4R][F4X]);
                if (st_reg == S_CFG && cf_vwe_reg && cf_region_reg == F4R && !(cf_load_reg && cf_idx_reg == F4X))
                    assert(!cf_nrow_reg[F4X]);
            end
`endif
        end
    endgenerate
`ifdef GPUBAR_F_H
    // H4: the cfg op's row (read in S_CFG0) is the row in the table, its one-hot is its index's
    always @(*) if (f_past_valid && !rst && !rst_d_reg && st_reg == S_CFG1) begin
        assert(cf_row_reg == vrow_mem[cf_region_reg]);
        assert(cf_i_oh_reg == {{(NE-1){1'b0}}, 1'b1} << cf_idx_reg);
    end
    always @(*) if (f_past_valid && !rst && !rst_d_reg && st_reg == S_CFG) begin
        if (cf_load_reg) assert(cf_op_reg == OP_LOAD);
        // an INVALIDATE's row clears its range
        if (cf_inv_reg) assert(cf_vwe_reg && (cf_nrow_reg & cf_imask_reg) == {NE{1'b0}});
    end
    // H4: the flush read's DW lies in the last payload request's page, which is valid
    always @(*) if (f_past_valid && !rst && !rst_d_reg && st_reg == S_FL)
        assert(vrow_mem[d_region_reg][o_reg[OW-1:16]]);
`endif
    // P4a: every request formed (payload or flush read) uses an entry that is not revoked
    always @(*) if (f_past_valid && !rst && req_load)
        assert(!f_rv[{d_region_reg, o_reg[OW-1:16]}]);
`endif

    // covers: a request at a page boundary split, a read and a write, each error code
    always @(*) if (f_past_valid && !rst) begin
        cover(split);      // a split at a 4 KiB boundary (64 KiB splits: the lockstep)
        cover(cpl_go && code_reg == C_INV);
        cover(cpl_go && code_reg == C_OOB);
        cover(emit && elast_reg && !d_write_reg && ent_q2_reg[48]);
    end

`ifdef GPUBAR_F_P8
    // H8: the decision registers against the tables (nothing writes them during a descriptor)
    wire f_gbad = !armed_reg[d_region_reg] || d_gen_reg != reg_mem[d_region_reg][63:48];
    always @(*) if (f_past_valid && !rst && !rst_d_reg) begin
        if (st_reg == S_CHK1) assert(armed_rd_reg == armed_reg[d_region_reg]);
        if (st_reg == S_CHK1) assert(rg_reg == reg_mem[d_region_reg]);
        if (st_reg >= S_CHK2 && st_reg <= S_DEC) assert(gen_bad_reg == f_gbad);
        if (st_reg == S_CPL) assert((code_reg == C_GEN) == f_gbad);
        if (st_reg == S_E1 || st_reg == S_EW || st_reg == S_E2 || st_reg == S_FL) assert(code_reg == C_OK && !f_gbad);
        // P8 at the completion's push
        if (cpl_go) assert((code_reg == C_GEN) == f_gbad);
    end
`endif

`ifdef GPUBAR_F_P45
    // bounded (bmc) shadows: INVALIDATEs applied, ACKs released and handshaked (no wrap within
    // the bound); per entry the index of the last INVALIDATE covering it (live until a LOAD);
    // per tag the number of INVALIDATEs applied before its allocation
    localparam FE = NR * NE;
    reg  [7:0]  f_inv_n = 8'd0, f_ack_rel_n = 8'd0, f_ack_hs_n = 8'd0;
    reg  [7:0]  f_iseq [0:FE-1];
    reg  [FE-1:0] f_ilive = {FE{1'b0}};
    reg  [7:0]  f_tseq [0:NT-1];
    reg  [RW+PW-1:0] f_req_ent;
    always @(*) if (f_past_valid) assume(!rst);
    genvar fe;
    generate
        for (fe = 0; fe < FE; fe = fe + 1) begin : f_en
            localparam [RW+PW-1:0] FEI = fe;
            always @(posedge clk) begin
                if (!rst && cfg_go && cf_inv_reg && cf_region_reg == FEI[RW+PW-1:PW] && cf_imask_reg[FEI[PW-1:0]]) begin
                    f_iseq[fe]  <= f_inv_n;
                    f_ilive[fe] <= 1'b1;
                end
                if (!rst && cf_w && cf_load_reg && cf_eaddr == FEI) f_ilive[fe] <= 1'b0;
            end
        end
    endgenerate
    always @(posedge clk) if (!rst) begin   // nothing counts in the reset cycle
        if (cfg_go && cf_inv_reg) f_inv_n <= f_inv_n + 8'd1;
        if (rel && q_ack) f_ack_rel_n <= f_ack_rel_n + 8'd1;
        if (m_ack_valid && m_ack_ready) f_ack_hs_n <= f_ack_hs_n + 8'd1;
        if (t_alloc) f_tseq[t_tag] <= f_inv_n;
        if (req_load) f_req_ent <= {d_region_reg, o_reg[OW-1:16]};
    end
    // a tag is busy from its allocation until its completion or timeout: allocated and not yet
    // issued (ring positions iss .. head - 1), or issued and out
    wire [NT-1:0] f_busy;
    genvar ft;
    generate
        for (ft = 0; ft < NT; ft = ft + 1) begin : f_tg
            localparam [TB:0] FT = ft;
            wire [TB:0] f_d = FT - {1'b0, f_t_iss[TB-1:0]};                    // ring distance from iss
            wire [TB:0] f_n = f_t_head - f_t_iss;                              // allocated, not issued
            assign f_busy[ft] = f_t_out[ft] || {1'b0, f_d[TB-1:0]} < f_n;
            // P5: the ACK of INVALIDATE k (k = ACKs released before) leaves only when every busy
            // tag was allocated after INVALIDATE k was applied
            always @(*) if (f_past_valid && rel && q_ack && f_busy[ft]) assert(f_tseq[ft] > f_ack_rel_n);
        end
    endgenerate
    // the tag ring never holds more than NT allocated tags (tag_free is registered: the FSM
    // never allocates in two consecutive cycles)
    wire [TB:0] f_t_cnt = f_t_head - f_t_tail;
    always @(*) if (f_past_valid) assert(f_t_cnt <= NT[TB:0]);
    // P4: no m_req handshake to an entry revoked by a handshaked ACK (and not LOADed since)
    always @(*) if (f_past_valid && req_valid_reg && m_req_ready)
        assert(!(f_ilive[f_req_ent] && f_ack_hs_n > f_iseq[f_req_ent]));
    always @(*) if (f_past_valid) cover(m_ack_valid && m_ack_ready && f_inv_n == 8'd1 && c_flush_reg != 32'd0);
`endif
