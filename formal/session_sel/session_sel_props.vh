// session_sel_props.vh: formal properties of rtl/session_sel/session_sel.v, included inside the
// module under `ifdef FORMAL (ZipCPU style: f_ prefix for formal-only signals). Proved by
// k-induction in formal/session_sel/session_sel.sby at MAX_SESSIONS = NUM_GROUPS = NUM_QPS = 2.
// Contract: docs/session_sel.md section 10. Properties:
//   (p1) a selection (status OK) names a session of the QP's group that is ACTIVE and has a
//        non-zero selection weight;
//   (p2) no selection when no session of the group is eligible (status != OK, an error counter
//        moves instead); the scaled hash t = (u * tot) >> 16 stays below tot;
//   (p3) ranges: every ACTIVE session under hardware weights has weight >= max(1, W_MIN);
//        a tick with a mark never lowers alpha, a tick without one never raises it (no
//        wrap-around in the 10-bit Q0.10 arithmetic); the RTT level saturates at 1023;
//   (p4) the per-session packet counters sum to the decision counter (mod 2^32);
//   (p5) hold-down: a ghost counts the ticks since the last event acknowledgement of each group;
//        an ADD/REMOVE event is raised only after HOLD ticks (HOLD as written at the ack);
//   (p6) a DRAINING session becomes INVALID (other than by a CSR write) only when its
//        outstanding count is 0 or its drain timer has run out.
// FORMAL_FREE_HASH: the mixer output u is replaced by an unconstrained input (an
// over-approximation: the properties hold for every u, so they hold for mix16's).
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @* if (!f_past_valid) assume(rst);

    // CSR write decode as the RTL applies it
    wire f_wr = reg_wr_en && reg_wr_strb == 4'hf;
    function f_state_wr(input integer t);
        f_state_wr = f_wr && wr_cls == A_SESS && reg_wr_addr[5:0] == 6'h04 && wr_t == t[TW-1:0];
    endfunction

    // (p1), (p2)
    integer fi;
    reg [11:0] f_tot;
    always @* begin
        if (!rst && desc_fire && d_status == 2'd0) begin
            assert(d_tsel[SW +: GW] == qctrl_reg[s_desc_qp*17 + 4 +: GW]);
            assert(state_reg[d_tsel*2 +: 2] == ST_ACTIVE);
            assert(w_all[d_tsel*8 +: 8] != 8'd0);
        end
        f_tot = 12'd0;
        for (fi = 0; fi < NS; fi = fi + 1) f_tot = f_tot + {4'd0, w_all[(d_group*NS + fi)*8 +: 8]};
        if (!rst && f_tot == 12'd0) assert(d_status != 2'd0);
        if (d_tot != 12'd0) assert(d_t < d_tot);
    end

    // (p3)
    always @* begin
        for (fi = 0; fi < NT; fi = fi + 1)
            if (state_reg[fi*2 +: 2] == ST_ACTIVE && !gsw_reg[fi / NS]) begin
                assert(w_all[fi*8 +: 8] != 8'd0);
                assert(w_all[fi*8 +: 8] >= wmin_reg);
            end
        if (!rst && fb_fire && s_fb_type == 2'd2 && rtt_p > 32'd1023 && state_reg[f_t_s*2 +: 2] != ST_INVALID &&
            !f_state_wr(f_t_s))
            assert(n_crtt[f_t_s*10 +: 10] == 10'd1023);
    end
    reg [NT-1:0] f_mark_used, f_swr;
    integer fk;
    always @(posedge clk) begin
        for (fk = 0; fk < NT; fk = fk + 1) begin
            f_mark_used[fk] <= n_mark_at_tick[fk];
            f_swr[fk] <= f_state_wr(fk);
        end
    end
    reg f_tick_q;
    always @(posedge clk) f_tick_q <= tick && !rst;
    reg [NT*10-1:0] f_alpha_q;
    always @(posedge clk) f_alpha_q <= alpha_reg;
    always @(posedge clk)
        if (f_past_valid && f_tick_q && !rst)
            for (fk = 0; fk < NT; fk = fk + 1)
                if (!f_swr[fk]) begin
                    if (f_mark_used[fk]) assert(alpha_reg[fk*10 +: 10] >= f_alpha_q[fk*10 +: 10]);
                    else assert(alpha_reg[fk*10 +: 10] <= f_alpha_q[fk*10 +: 10]);
                end

    // (p4)
    reg [31:0] f_sum;
    always @* begin
        f_sum = 32'd0;
        for (fi = 0; fi < NT; fi = fi + 1) f_sum = f_sum + pkts_reg[fi*32 +: 32];
        if (!rst && f_past_valid) assert(f_sum == ctr_reg[C_DEC*32 +: 32]);
    end

    // (p5) hold-down ghost: ticks since the last acknowledgement that loaded the hold-down
    reg [16:0] f_since [0:NG-1];
    reg [15:0] f_hold  [0:NG-1];
    reg [NG-1:0] f_ack;
    integer fg;
    always @* begin
        for (fg = 0; fg < NG; fg = fg + 1)
            f_ack[fg] = f_wr && wr_cls == A_GRP && reg_wr_addr[5:0] == 6'h20 && wr_g == fg[GW-1:0] &&
                        ((reg_wr_data[0] && gadd_reg[fg]) || (reg_wr_data[1] && grem_reg[fg]));
    end
    always @(posedge clk) begin
        for (fg = 0; fg < NG; fg = fg + 1) begin
            if (rst) begin
                f_since[fg] <= 17'h1ffff;
                f_hold[fg] <= 16'd0;
            end else begin
                if (f_ack[fg]) f_hold[fg] <= hold_reg;
                if (f_ack[fg]) f_since[fg] <= {16'd0, tick};
                else if (tick && f_since[fg] != 17'h1ffff) f_since[fg] <= f_since[fg] + 17'd1;
            end
        end
    end
    always @* begin
        for (fg = 0; fg < NG; fg = fg + 1) begin
            if (!rst && f_past_valid) begin
                if (ghold_reg[fg*16 +: 16] != 16'd0)
                    assert({2'b0, ghold_reg[fg*16 +: 16]} + {1'b0, f_since[fg]} == {2'b0, f_hold[fg]});
                else
                    assert(f_since[fg] >= {1'b0, f_hold[fg]});
                // an event rises only on a tick, with the hold-down over
                if ((n_gadd[fg] && !gadd_reg[fg]) || (n_grem[fg] && !grem_reg[fg])) begin
                    assert(tick);
                    // an acknowledgement in the same cycle loads HOLD: the event may follow at
                    // once only when HOLD = 0; otherwise HOLD ticks must have passed since the ack
                    if (f_ack[fg]) assert(hold_reg == 16'd0);
                    else assert(f_since[fg] >= {1'b0, f_hold[fg]});
                    if (!f_ack[fg]) assert(ghold_reg[fg*16 +: 16] == 16'd0);
                end
                // a pending event excludes the other one and a running hold-down
                assert(!(gadd_reg[fg] && grem_reg[fg]));
                if (gadd_reg[fg] || grem_reg[fg]) assert(ghold_reg[fg*16 +: 16] == 16'd0);
            end
        end
    end

    // (p6)
    always @* begin
        for (fi = 0; fi < NT; fi = fi + 1)
            if (!rst && state_reg[fi*2 +: 2] == ST_DRAINING && n_state[fi*2 +: 2] == ST_INVALID && !f_state_wr(fi))
                assert(n_outst[fi*16 +: 16] == 16'd0 || drain_reg[fi*16 +: 16] == 16'd0);
    end

    // covers
    always @* begin
        if (!rst) begin
            cover(desc_fire && d_status == 2'd0 && d_gran == 2'd1 && d_use_stored);
            cover(desc_fire && d_status == 2'd2);
            cover(n_gadd[0] && !gadd_reg[0]);
            cover(n_grem[0] && !grem_reg[0]);
            cover(state_reg[1*2 +: 2] == ST_DRAINING && n_state[1*2 +: 2] == ST_INVALID && outst_reg[1*16 +: 16] == 16'd0);
            cover(state_reg[0*2 +: 2] == ST_ACTIVE && n_state[0*2 +: 2] == ST_EXPIRED);
            cover(rx_fire && x_hit);
        end
    end
