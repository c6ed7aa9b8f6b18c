// formal/nic_rsrc/nic_rsrc_props.vh -- properties of rtl/nic/nic_rsrc.v (spec note B8 M1-M6),
// included by the RTL under `ifdef FORMAL (formal/nic_rsrc/nic_rsrc.sby; docs/nic_rsrc.md 8).
// Groups (-DNR_F_SEL selects one group for the mutant jobs: -DNR_F_M1 / M4 / M5 / M6 / M2):
//   M1  conservation. Counted: free_cnt = entries on the free FIFO (decremented by the whole
//       batch at its grant in S_DEC, before the pops), used[t] = entries of type t in use,
//       unused[t] = entries of type t on some process's unused list. prove: the sum modulo
//       2^CW (the register width) equals NIC_ENTRIES in every state; bmc: the exact sum.
//   M4  an ALLOC_BATCH / PTALLOC changes free_cnt by exactly n (granted) or 0 (denied), at its
//       S_DEC, and nothing else changes free_cnt during its pops.
//   M5  a handle with MSB = 1 never enters the free FIFO; a granted handle indexes < NIC_ENTRIES.
//   M6  no double allocation: ghost bitmap of the entries out of the free list (set by a pop,
//       cleared by a FREE to the free list or a TEARDOWN hit); a pop never grants a set entry
//       (bmc from reset).
//   M2  a grant never takes a type past the TYPE_HWM value sampled at its S_RD (bmc).
    reg f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(rst);

`ifdef NR_F_SEL
`else
`define NR_F_M1
`define NR_F_M4
`define NR_F_M5
`define NR_F_M6
`define NR_F_M2
`endif

    // ---- helper invariants of the proof (inductive on their own; they exclude unreachable
    // states); not in the mutant jobs, which check one group each
`ifndef NR_F_SEL
    always @(posedge clk) if (f_past && !rst) begin
        if (state_reg != S_TD) assert(!td_v && !td_vc && !td_v2 && !td_h3);
        if (state_reg == S_DEC) begin
            assert(u_oh != 8'd0 && (u_oh & (u_oh - 8'd1)) == 8'd0 && (u_oh >> NTYPES) == 8'd0);
            if (g_take) assert(c_op == OP_TAKE && f_reason == R_OK);
            if (g_fnic) assert(c_op == OP_FREE && !c_handle[16] && f_reason == R_OK);
            if (g_alloc) assert((c_op == OP_ALLOC || c_op == OP_PTALLOC) && f_reason == R_OK);
            if (f_reason == R_OK && c_op == OP_TAKE) assert(g_take);
            if (f_reason == R_OK && c_op == OP_FREE && !c_handle[16]) assert(g_fnic);
        end
        if ((state_reg == S_M3 || state_reg == S_DEC) && c_op == OP_FREE && !c_handle[16] && h_range)
            assert(d_reason != R_OK);
        if (state_reg == S_DEC && d_reason != R_OK) assert(f_reason == d_reason);
        assert(state_reg <= S_POP_Q2);
        if (state_reg == S_TD || state_reg == S_TD_END)
            assert(evt_op_reg != OP_ALLOC && evt_op_reg != OP_PTALLOC);
    end
`endif

    // ---- M1
    reg [CW-1:0] f_sum_mod;
    reg [CW+3:0] f_sum;
    integer fi;
    always @(*) begin
        f_sum_mod = free_cnt_reg;
        f_sum = {4'd0, free_cnt_reg};
        for (fi = 0; fi < NTYPES; fi = fi + 1) begin
            f_sum_mod = f_sum_mod + used_reg[fi] + unused_reg[fi];
            f_sum = f_sum + {4'd0, used_reg[fi]} + {4'd0, unused_reg[fi]};
        end
    end
`ifdef NR_F_M1
    always @(posedge clk) if (f_past && !rst) begin
        assert(f_sum_mod == NE_CW);
`ifdef NR_F_BMC
        assert(f_sum == {4'd0, NE_CW});
`endif
    end
`endif

    // ---- M4
`ifdef NR_F_M4
    always @(posedge clk) if (f_past && !$past(rst) && !rst) begin
        if ($past(dec_fire) && ($past(c_op) == OP_ALLOC || $past(c_op) == OP_PTALLOC))
            assert(free_cnt_reg == $past(free_cnt_reg) - ($past(f_reason) == R_OK ? $past(dn_cw) : {CW{1'b0}}));
        if ($past(state_reg) == S_POP_RD || $past(state_reg) == S_POP_Q || $past(state_reg) == S_POP_Q2 || $past(state_reg) == S_POP_WR)
            assert(free_cnt_reg == $past(free_cnt_reg));
    end
`endif

    // ---- M5
`ifdef NR_F_M5
    always @(*) if (f_past && !rst) begin
        if (state_reg == S_DEC && c_op == OP_FREE && c_handle[16]) assert(!fifo_we && !meta_we);
        if (state_reg == S_DEC && c_op == OP_FREE && f_reason == R_OK && !c_handle[16])
            assert({16'd0, c_handle[15:0]} < NIC_ENTRIES);
        if (evt_valid_reg && evt_status_reg == R_OK && (evt_op_reg == OP_ALLOC || evt_op_reg == OP_PTALLOC))
            assert(!evt_handle_reg[16] && {16'd0, evt_handle_reg[15:0]} < NIC_ENTRIES);
    end
`endif

    // ---- M6 (ghost bitmap)
    reg [NIC_ENTRIES-1:0] f_out;
    always @(posedge clk) begin
        if (rst) f_out <= {NIC_ENTRIES{1'b0}};
        else begin
            if (pop_fire) f_out[e_new] <= 1'b1;
            if (fifo_we && state_reg == S_DEC) f_out[fifo_wd] <= 1'b0;
            if (fifo_we && state_reg == S_TD) f_out[fifo_wd] <= 1'b0;
        end
    end
`ifdef NR_F_M6
`ifdef NR_F_BMC
    always @(*) if (f_past && !rst && pop_fire) assert(!f_out[e_new]);
`endif
`endif

    // ---- M2 (a grant, from the values sampled at S_RD)
    reg [CW-1:0] f_tsum_rd;  // used + unused of the op's type at S_RD
    always @(posedge clk) if (state_reg == S_RD) f_tsum_rd <= used_reg[a_t] + unused_reg[a_t];
`ifdef NR_F_M2
`ifdef NR_F_BMC
    always @(*) if (f_past && !rst && dec_fire && f_reason == R_OK && (c_op == OP_ALLOC || c_op == OP_PTALLOC))
        assert({{(32-CW){1'b0}}, f_tsum_rd} + {26'd0, d_n} <= {16'd0, r_thwm});
`endif
`endif

    // ---- covers
    always @(posedge clk) if (f_past && !rst) begin
        cover(pop_fire && evt_last_reg == 1'b0 && k_reg == 6'd1);          // a batch of >= 2
        cover(state_reg == S_DEC && dec_fire && c_op == OP_FREE && f_reason == R_OK && f_to_proc);
        cover(state_reg == S_TD && td_hit);                                // a teardown returns an entry
        cover(state_reg == S_DEC && dec_fire && f_reason == R_FREE_EMPTY);
        cover(state_reg == S_DEC && dec_fire && c_op == OP_TAKE && f_reason == R_OK);
    end
