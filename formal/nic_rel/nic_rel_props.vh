// formal/nic_rel/nic_rel_props.vh -- properties of rtl/nic_rel/nic_rel_rx.v (spec note 003 block
// B9, V1-V4; docs/nic_rel.md 7), included inside the module under `ifdef FORMAL
// (formal/nic_rel/nic_rel.sby). For one symbolic source key f_key (anyconst):
//   V1 the delivered seqs of an epoch are 0, 1, 2, ... (mod 2^SEQ_W): a delivered non-reset packet
//      has the epoch and the seq that follow the last delivery (ghost f_gep / f_next)
//   V2 for a symbolic (f_ep, f_sq): once delivered, (f_ep, f_sq) is not delivered again before the
//      2^SEQ_W - 1 messages of f_ep that follow it (the sequence space wrapping), under the note's
//      environment assumption (constraints 1 and 2 of the horizon, made assumes: a packet of f_ep
//      reaches the block only while the key's entry is live, and then with the stored epoch or
//      one serially older than it)
//   V3 a non-reset packet whose epoch differs from the stored one is never delivered
//   V4 v -> (now - last_ts) mod 2^TS_W < 2^(TS_W-1)
// with helper invariants (H: the pipeline holds at most one op of f_key; stage data = the table;
// the ghosts = the table entry). Environment: reset in the first cycle only; cfg_* constant,
// W_MAX <= 2^(SEQ_W-1), H <= F_HMAX; now_tick steps by 0 or 1 per cycle; a reset packet has seq 0
// (B3 X7). NIC_REL_F_SEL with NIC_REL_F_V1 / _V2 / _V3 / _V4 / _H: only those groups (mutant
// jobs, the V4 job); NIC_REL_F_LITERAL: cfg_literal = 1 (the A3 counterexample job).

    localparam F_HMAX = 8;   // with KEY_W 1, SCRUB_FORCE 2..4, TS_W 6: H + visit period + 4 < 2^(TS_W-1)

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) assume(rst == !f_past_valid);

`ifdef NIC_REL_F_SEL
`else
`define NIC_REL_F_V1
`define NIC_REL_F_V2
`define NIC_REL_F_V3
`define NIC_REL_F_V4
`define NIC_REL_F_H
`endif

    (* anyconst *) reg [KEY_W-1:0]   f_key;
    (* anyconst *) reg [EPOCH_W-1:0] f_ep;
    (* anyconst *) reg [SEQ_W-1:0]   f_sq;
    (* anyconst *) reg [TS_W-1:0]    f_h;
    (* anyconst *) reg [SEQ_W-1:0]   f_w;

    // ---------------------------------------------------------------- environment
    always @(*) begin
        assume(cfg_horizon == f_h);
        assume(cfg_wmax == f_w);
        assume(f_h <= F_HMAX);
        assume(f_w <= (1 << (SEQ_W - 1)));
`ifdef NIC_REL_F_LITERAL
        assume(cfg_literal);
`else
        assume(!cfg_literal);
`endif
        if (s_pkt_valid && s_pkt_reset) assume(s_pkt_seq == {SEQ_W{1'b0}});
    end
    always @(posedge clk)
        if (f_past_valid) assume(now_tick == $past(now_tick) || now_tick == $past(now_tick) + 1'b1);

    // the table entry of f_key, and its value after the write in flight (stage 4)
    wire [EW-1:0]      f_mem   = {mem_v[f_key], mem_d[f_key]};
    wire               f_wr    = w_we_reg && w_addr_reg == f_key;
    wire [EW-1:0]      f_eff   = f_wr ? w_data_reg : f_mem;
    wire               f_v     = f_eff[EW-1];
    wire [EPOCH_W-1:0] f_sep   = f_eff[EW-2 -: EPOCH_W];
    wire [SEQ_W-1:0]   f_exp   = f_eff[TS_W +: SEQ_W];
    wire [TS_W-1:0]    f_ts    = f_eff[TS_W-1:0];
    wire               f_mv    = f_mem[EW-1];
    wire [EPOCH_W-1:0] f_mep   = f_mem[EW-2 -: EPOCH_W];
    wire [TS_W-1:0]    f_mts   = f_mem[TS_W-1:0];
    wire [TS_W-1:0]    f_mage  = now_tick - f_mts;
    wire               f_mlive = f_mv && f_mage <= f_h;
    wire [EPOCH_W-1:0] f_epd   = f_ep - f_mep;          // f_ep serially older: MSB set

    // the init sweep has cleared f_key's entry
    reg f_clean;
    always @(posedge clk)
        if (rst) f_clean <= 1'b0;
        else if (init_reg && init_ptr_reg == f_key) f_clean <= 1'b1;

    // the decision of stage 3 about f_key (a packet)
    wire f_d3   = s3_valid_reg && !s3_scrub_reg && s3_key_reg == f_key;
    wire f_dlv  = f_d3 && d_deliver;

    // ---------------------------------------------------------------- ghosts
    reg               f_has;       // some message of f_key delivered
    reg [EPOCH_W-1:0] f_gep;       // epoch of the last delivery
    reg [SEQ_W-1:0]   f_next;      // seq that follows the last delivery
    reg               f_del;       // (f_ep, f_sq) delivered
    reg [SEQ_W:0]     f_cnt;       // deliveries of f_ep on f_key since (saturates at 2^SEQ_W)
    always @(posedge clk)
        if (rst) begin
            f_has <= 1'b0;
            f_del <= 1'b0;
            f_cnt <= {(SEQ_W+1){1'b0}};
        end else if (f_dlv) begin
            f_has  <= 1'b1;
            f_gep  <= s3_epoch_reg;
            f_next <= s3_reset_reg ? {{SEQ_W-1{1'b0}}, 1'b1} : s3_seq_reg + 1'b1;
            if (s3_epoch_reg == f_ep && s3_seq_reg == f_sq) begin
                f_del <= 1'b1;
                f_cnt <= {(SEQ_W+1){1'b0}};
            end else if (s3_epoch_reg == f_ep && f_cnt != (1 << SEQ_W)) begin
                f_cnt <= f_cnt + 1'b1;
            end
        end

`ifndef NIC_REL_F_LITERAL
    // constraints 1 and 2 of the horizon (note B9): after (f_ep, f_sq) was delivered, a packet of
    // f_ep is issued only while the entry is live (no copy outlives H) and holds f_ep or an epoch
    // that f_ep is serially older than (epochs in use within H are in serial order)
    always @(*)
        if (f_past_valid && issue_pkt && s_pkt_key == f_key && s_pkt_epoch == f_ep && f_del)
            assume(f_mlive && (f_mep == f_ep || f_epd[EPOCH_W-1]));
`else
    // the literal job: the same environment, plus copies of the reset message (seq 0)
    always @(*)
        if (f_past_valid && issue_pkt && s_pkt_key == f_key && s_pkt_epoch == f_ep && f_del)
            assume(f_mlive);
`endif

    // ---------------------------------------------------------------- properties
    always @(*) if (f_past_valid && !rst) begin
`ifdef NIC_REL_F_V1
        // V1
        if (f_dlv && !s3_reset_reg)
            assert(f_has && s3_epoch_reg == f_gep && s3_seq_reg == f_next);
`endif
`ifdef NIC_REL_F_V2
        // V2
        if (f_dlv && f_del && s3_epoch_reg == f_ep && s3_seq_reg == f_sq)
            assert(f_cnt == (1 << SEQ_W) - 1);
`endif
`ifdef NIC_REL_F_V3
        // V3
        if (f_dlv && !s3_reset_reg)
            assert(s3_epoch_reg == s3_sepoch_reg);
`endif
`ifdef NIC_REL_F_V4
        // V4
        if (f_clean && f_v)
            assert(((now_tick - f_ts) & {TS_W{1'b1}}) < (1 << (TS_W - 1)));
`endif
`ifdef NIC_REL_F_H
        // the init sweep
        if (!init_reg) assert(f_clean);
        if (init_reg) assert(f_clean == (init_ptr_reg > f_key));
        if (init_reg) assert(!s1_valid_reg && !s2_valid_reg && !s3_valid_reg && !s4_valid_reg && !w_we_reg);
        // at most one op of f_key in stages 1-4 (the same-key stall)
        assert(((s1_valid_reg && s1_key_reg == f_key) + (s2_valid_reg && s2_key_reg == f_key) +
                (s3_valid_reg && s3_key_reg == f_key) + (s4_valid_reg && s4_key_reg == f_key)) <= 1);
        if (w_we_reg) assert(s4_valid_reg && w_addr_reg == s4_key_reg);
        // the stages hold the table's word
        if (s1_valid_reg && s1_key_reg == f_key) assert(rd_q == f_mem);
        if (s2_valid_reg && s2_key_reg == f_key)
            assert({s2_v_reg, s2_sepoch_reg, s2_exp_reg, s2_ts_reg} == f_mem);
        if (s3_valid_reg && s3_key_reg == f_key) begin
            assert({s3_v_reg, s3_sepoch_reg, s3_exp_reg, s3_ts_reg} == f_mem);
            assert(s3_expinc_reg == s3_exp_reg + 1'b1 && s3_expdec_reg == s3_exp_reg - 1'b1);
            assert(s3_live_reg == (s3_v_reg && (s3_now_reg - s3_ts_reg) <= f_h));
            assert(s3_clr_reg == (s3_v_reg && !((s3_now_reg - s3_ts_reg) <= f_h)));
            assert(s3_epeq_reg == (s3_epoch_reg == s3_sepoch_reg));
            assert(s3_seqeq_reg == (s3_seq_reg == s3_exp_reg));
            if (!s3_scrub_reg && s3_reset_reg) assert(s3_seq_reg == {SEQ_W{1'b0}});
        end
`ifndef NIC_REL_F_LITERAL
        // the ghosts are the entry
        if (f_clean && f_v) assert(f_has && f_sep == f_gep && f_exp == f_next);
        if (f_del && f_clean && f_v && f_sep == f_ep) begin
            assert(f_cnt <= (1 << SEQ_W) - 1);
            assert(f_exp == f_sq + 1'b1 + f_cnt[SEQ_W-1:0]);
        end
`endif
`endif
    end

`ifdef NIC_REL_F_COVER
    // reachability: every rule's outcome for f_key (reset ACK, in-order ACK, DUP_ACK of both kinds,
    // stale, NACK_SEQ, NACK_NOSTATE of a valid entry) and a scrub clear of f_key
    always @(*) if (f_past_valid && !rst) begin
        cover(f_d3 && d_resp == R_ACK && s3_reset_reg);
        cover(f_d3 && d_resp == R_ACK && !s3_reset_reg && s3_seq_reg == {{SEQ_W-1{1'b0}}, 1'b1});
        cover(f_d3 && d_resp == R_DUP && s3_reset_reg);
        cover(f_d3 && d_resp == R_DUP && !s3_reset_reg);
        cover(f_d3 && d_resp == R_NONE);
        cover(f_d3 && d_resp == R_NSEQ);
        cover(f_d3 && d_resp == R_NOST && s3_v_reg);
        cover(s4_clr_reg && s4_key_reg == f_key);
    end
`endif
