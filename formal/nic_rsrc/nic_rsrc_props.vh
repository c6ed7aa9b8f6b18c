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

    // ghosts: M6's bitmap of the entries out of the free list (set by a pop, cleared by a FREE to
    // the free list or a TEARDOWN hit); M2's type sum sampled at S_RD
    reg [NIC_ENTRIES-1:0] f_out;
    always @(posedge clk) begin
        if (rst) f_out <= {NIC_ENTRIES{1'b0}};
        else begin
            if (pop_fire) f_out[e_new] <= 1'b1;
            if (fifo_we && state_reg == S_DEC) f_out[fifo_wd] <= 1'b0;
            if (fifo_we && state_reg == S_TD) f_out[fifo_wd] <= 1'b0;
        end
    end
    reg [CW-1:0] f_tsum_rd;  // used + unused of the op's type at S_RD
    always @(posedge clk) if (state_reg == S_RD) f_tsum_rd <= used_reg[a_t] + unused_reg[a_t];

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

    // ---- the abstract state the M1 / M6 / M2 induction speaks of. RAM contents come from the
    // formal ports of nic_rsrc_ram with the pending write-back register applied ("effective"
    // contents: what a read two cycles on returns). Per entry: state (FREE / UNUSED / USED), type,
    // pid. f_occ: entries in the free FIFO window [rd_ptr, rd_ptr + f_occ); f_infl: a popped entry
    // in the read pipeline (S_POP_Q / Q2 / WR, value f_fifo_w); f_rsv: entries of the granted
    // batch not yet popped (counted in free_cnt's decrement and in the type count already).
    localparam NE = NIC_ENTRIES;
    integer fe, fp, fk, ge, ie, i_f, ip, ij, ik;
    reg [NE*IW-1:0] f_fifo, f_nxt;
    reg [NE*MW-1:0] f_mt;
    reg [2*CW-1:0]  f_pc [0:NPID-1];
    reg [2*IW-1:0]  f_pp [0:NPID-1];
    reg [1:0]       f_es [0:NE-1];
    reg [2:0]       f_ty [0:NE-1];
    reg [PW-1:0]    f_pd [0:NE-1];
    reg [CW+1:0]    f_nfree, f_nu [0:7], f_nun [0:7], f_len [0:NPID-1];
    reg [CW+1:0]    f_rsv, f_occ;
    reg             f_pop, f_infl, f_bad3;
    reg [IW-1:0]    f_slot;
    reg [IW-1:0]    f_win [0:NE-1];  // free FIFO window slot j (rd_ptr + j)
    reg [31:0]      f_rsv32;
    always @(*) begin
        f_fifo = f_fifo_m; f_nxt = f_next_m; f_mt = f_meta_m;
        for (fe = 0; fe < NE; fe = fe + 1) begin
            if (fifo_we_q && fifo_wa_q == fe[IW-1:0]) f_fifo[fe*IW +: IW] = fifo_wd_q;
            if (next_we_q && next_wa_q == fe[IW-1:0]) f_nxt[fe*IW +: IW] = next_wd_q;
            if (meta_we_q && meta_wa_q == fe[IW-1:0]) f_mt[fe*MW +: MW] = meta_wd_q;
        end
        for (fp = 0; fp < NPID; fp = fp + 1) begin
            f_pc[fp] = pcnt_we_q && pcb_wa_q == fp[PW-1:0] ? pcnt_wd_q : pcnt_mem[fp];
            f_pp[fp] = pptr_we_q && pcb_wa_q == fp[PW-1:0] ? pptr_wd_q : pptr_mem[fp];
            f_len[fp] = {(CW+2){1'b0}};
        end
        for (fk = 0; fk < 8; fk = fk + 1) begin
            f_nu[fk] = {(CW+2){1'b0}};
            f_nun[fk] = {(CW+2){1'b0}};
        end
        for (fk = 0; fk < NE; fk = fk + 1) begin
            f_slot = rd_ptr_reg + fk[IW-1:0];
            f_win[fk] = {IW{1'b0}};
            for (fe = 0; fe < NE; fe = fe + 1)
                if (f_slot == fe[IW-1:0]) f_win[fk] = f_fifo[fe*IW +: IW];
        end
        f_nfree = {(CW+2){1'b0}};
        f_bad3 = 1'b0;
        for (fe = 0; fe < NE; fe = fe + 1) begin
            f_es[fe] = f_mt[fe*MW+MW-2 +: 2];
            f_ty[fe] = f_mt[fe*MW+PW +: 3];
            f_pd[fe] = f_mt[fe*MW +: PW];
            if (f_es[fe] == ES_FREE) f_nfree = f_nfree + 1'b1;
            if (f_es[fe] == 2'd3) f_bad3 = 1'b1;
            for (fk = 0; fk < 8; fk = fk + 1) begin
                if (f_es[fe] == ES_USED && f_ty[fe] == fk[2:0]) f_nu[fk] = f_nu[fk] + 1'b1;
                if (f_es[fe] == ES_UNUSED && f_ty[fe] == fk[2:0]) f_nun[fk] = f_nun[fk] + 1'b1;
            end
            for (fp = 0; fp < NPID; fp = fp + 1)
                if (f_es[fe] == ES_UNUSED && f_pd[fe] == fp[PW-1:0]) f_len[fp] = f_len[fp] + 1'b1;
        end
        f_pop = state_reg == S_POP_RD || state_reg == S_POP_Q || state_reg == S_POP_Q2 || state_reg == S_POP_WR;
        f_infl = state_reg == S_POP_Q || state_reg == S_POP_Q2 || state_reg == S_POP_WR;
        f_rsv32 = {26'd0, d_n} - {26'd0, k_reg};
        f_rsv = f_pop ? f_rsv32[CW+1:0] : {(CW+2){1'b0}};
        f_occ = {2'd0, free_cnt_reg} + f_rsv - {{(CW+1){1'b0}}, f_infl};
    end

    // ghost: list positions of the entries on the process unused lists (0 = head), moved with
    // every list operation; f_tdn: cycles in S_TD (the sweep's pipeline stages are functions of it)
    reg [IW-1:0] f_pos [0:NE-1];
    reg [IW+2:0] f_tdn;
    always @(posedge clk) begin
        f_tdn <= state_reg == S_TD ? f_tdn + 1'b1 : {(IW+3){1'b0}};
        for (ge = 0; ge < NE; ge = ge + 1) begin
            if (dec_fire && g_take && f_es[ge] == ES_UNUSED && f_pd[ge] == cp) f_pos[ge] <= f_pos[ge] - 1'b1;
            if (dec_fire && g_fnic && f_to_proc) begin
                if (f_es[ge] == ES_UNUSED && f_pd[ge] == cp) f_pos[ge] <= f_pos[ge] + 1'b1;
                if (c_handle[IW-1:0] == ge[IW-1:0]) f_pos[ge] <= {IW{1'b0}};
            end
            if (pop_fire && e_pool && e_new == ge[IW-1:0]) f_pos[ge] <= f_len[cp][IW-1:0];
        end
    end

    // ---- the invariants written for an unbounded proof of M1 (exact) / M6 / M2 (-DNR_F_INV, job
    // inv: BMC from reset; their induction did not close yet: docs/nic_rsrc.md 8)
`ifndef NR_F_SEL
`ifdef NR_F_INV
    reg f_pipe, f_rd2;
    always @(*) begin
        f_pipe = state_reg == S_M1 || state_reg == S_M2 || state_reg == S_MW || state_reg == S_M3 || state_reg == S_DEC;
        f_rd2 = state_reg == S_M2 || state_reg == S_MW || state_reg == S_M3 || state_reg == S_DEC;
    end
    always @(*) begin
        ie = 0; i_f = 0; ip = 0; ij = 0; ik = 0;
        if (f_past && !rst) begin
        // no entry in a state 3; every entry off the free list has a real type
        if (state_reg != S_INIT) assert(!f_bad3);
        for (ie = 0; ie < NE; ie = ie + 1)
            if (state_reg != S_INIT && f_es[ie] != ES_FREE) assert({29'd0, f_ty[ie]} < NT32);
        // init sweep: entries and PCBs below idx are written
        if (state_reg == S_INIT) begin
            assert(idx_reg <= LAST_IDX && rd_ptr_reg == {IW{1'b0}} && wr_ptr_reg == {IW{1'b0}} &&
                   free_cnt_reg == NE_CW && f_out == {NE{1'b0}});
            for (ik = 0; ik < NTYPES; ik = ik + 1) assert(used_reg[ik] == {CW{1'b0}} && unused_reg[ik] == {CW{1'b0}});
            for (ie = 0; ie < NE; ie = ie + 1)
                if (ie < idx32) assert(f_mt[ie*MW +: MW] == {MW{1'b0}} && f_fifo[ie*IW +: IW] == ie[IW-1:0]);
            for (ip = 0; ip < NPID; ip = ip + 1)
                if (ip < idx32) assert(f_pc[ip] == {2*CW{1'b0}});
        end else begin
            // M6's ghost bitmap is the entry state
            for (ie = 0; ie < NE; ie = ie + 1) assert(f_out[ie] == (f_es[ie] != ES_FREE));
            // the free FIFO: the window holds f_occ distinct FREE entries, the popped entry in
            // flight is FREE and not in the window, and no other entry is FREE
            assert(f_occ <= NE && wr_ptr_reg == rd_ptr_reg + f_occ[IW-1:0]);
            assert(f_nfree == f_occ + {{(CW+1){1'b0}}, f_infl});
            for (ij = 0; ij < NE; ij = ij + 1) begin
                if (ij < f_occ) begin
                    for (ie = 0; ie < NE; ie = ie + 1)
                        if (f_win[ij] == ie[IW-1:0]) assert(f_es[ie] == ES_FREE);
                    if (f_infl) assert(f_win[ij] != f_fifo_w);
                    for (ik = ij + 1; ik < NE; ik = ik + 1)
                        if (ik < f_occ) assert(f_win[ij] != f_win[ik]);
                end
            end
            if (f_infl)
                for (ie = 0; ie < NE; ie = ie + 1)
                    if (f_fifo_w == ie[IW-1:0]) assert(f_es[ie] == ES_FREE);
            if (state_reg == S_POP_Q2 || state_reg == S_POP_WR) assert(fifo_c == f_fifo_w);
            if (state_reg == S_POP_WR) assert(e_reg == f_fifo_w);
            if (f_pop || f_pipe || state_reg == S_RD) assert(!fifo_we_q);
            // the type counts: entries in each state and type, plus the batch not yet popped
            for (ik = 0; ik < NTYPES; ik = ik + 1) begin
                assert({2'd0, used_reg[ik]} == f_nu[ik] + (f_pop && !d_pool && c_type == ik[2:0] ? f_rsv : {(CW+2){1'b0}}));
                assert({2'd0, unused_reg[ik]} == f_nun[ik] + (f_pop && d_pool && c_type == ik[2:0] ? f_rsv : {(CW+2){1'b0}}));
            end
            // the process unused lists: f_len[p] UNUSED entries of pid p at distinct positions
            // 0 .. f_len - 1, head at 0, tail at f_len - 1, each link to the next position;
            // ucnt = f_len (+ the batch not yet popped). Not for the process in teardown.
            for (ip = 0; ip < NPID; ip = ip + 1)
                if (!((state_reg == S_TD || state_reg == S_TD_END) && cp == ip[PW-1:0])) begin
                    assert({2'd0, f_pc[ip][2*CW-1:CW]} == f_len[ip] + (f_pop && d_pool && cp == ip[PW-1:0] ? f_rsv : {(CW+2){1'b0}}));
                    for (ie = 0; ie < NE; ie = ie + 1)
                        if (f_es[ie] == ES_UNUSED && f_pd[ie] == ip[PW-1:0]) begin
                            assert({3'd0, f_pos[ie]} < f_len[ip]);
                            if (f_pos[ie] == {IW{1'b0}}) assert(f_pp[ip][IW-1:0] == ie[IW-1:0]);
                            if ({3'd0, f_pos[ie]} + 1'b1 == f_len[ip]) assert(f_pp[ip][2*IW-1:IW] == ie[IW-1:0]);
                            else for (i_f = 0; i_f < NE; i_f = i_f + 1)
                                if (f_nxt[ie*IW +: IW] == i_f[IW-1:0])
                                    assert(f_es[i_f] == ES_UNUSED && f_pd[i_f] == ip[PW-1:0] && f_pos[i_f] == f_pos[ie] + 1'b1);
                            for (i_f = ie + 1; i_f < NE; i_f = i_f + 1)
                                if (f_es[i_f] == ES_UNUSED && f_pd[i_f] == ip[PW-1:0]) assert(f_pos[ie] != f_pos[i_f]);
                        end
                end
            // the batch: its registers and the list of the process
            if (f_pop) begin
                assert(k_reg < d_n && d_n <= 6'd32 && {29'd0, c_type} < NT32 && d_pool == (c_type <= 3'd1));
                if (d_pool) begin
                    assert(lnk_empty == (f_len[cp] == {(CW+2){1'b0}}));
                    if (!lnk_empty) assert(f_pp[cp] == {p_tail, p_head});
                end
            end
            // the decision pipeline S_RD .. S_DEC: no pending writes, the sampled PCB and entry
            // copies equal the RAMs, the registered compares equal their inputs
            if (f_pipe || state_reg == S_RD) assert(!meta_we_q && !next_we_q && !pcnt_we_q && !pptr_we_q);
            if (f_pipe) begin
                assert(r_pc == f_pc[cp] && r_pp == f_pp[cp]);
                assert(ma_q == (c_op == OP_TAKE ? r_pp[IW-1:0] : c_handle[IW-1:0]));
                assert(f_tsum_rd == r_tsum);
            end
            if (f_rd2) begin
                assert(d_n == r_ne && p_cnt == r_pc[CW-1:0] && p_ucnt == r_pc[2*CW-1:CW] &&
                       p_head == r_pp[IW-1:0] && p_tail == r_pp[2*IW-1:IW] && lnk_empty == (p_ucnt == {CW{1'b0}}));
                assert(fl_fe == ({{(32-CW){1'b0}}, free_cnt_reg} < ne32) && fl_th == (t_sum > {16'd0, r_thwm}) &&
                       fl_n == (r_ne == 6'd0 || r_ne > 6'd32) && fl_le == (r_pc[2*CW-1:CW] == {CW{1'b0}}));
                assert(c_type == a_type && d_pool == (a_type <= 3'd1));
                for (ie = 0; ie < NE; ie = ie + 1)
                    if (ma_q == ie[IW-1:0]) begin
                        assert(f_meta_w == f_mt[ie*MW +: MW] && f_next_w == f_nxt[ie*IW +: IW]);
                        if (state_reg != S_M2) assert(meta_c == f_mt[ie*MW +: MW] && next_c == f_nxt[ie*IW +: IW]);
                        if (state_reg == S_M3 || state_reg == S_DEC) assert(f_meta == f_mt[ie*MW +: MW] && f_next == f_nxt[ie*IW +: IW]);
                    end
            end
            if (state_reg == S_MW || state_reg == S_M3 || state_reg == S_DEC) assert(d_reason == reason_rd);
            if (state_reg == S_DEC) begin
                assert(f_reason == reason_dec && f_to_proc == (mq_pool && d_le_lwm));
                assert(g_alloc == (reason_dec == R_OK && (c_op == OP_ALLOC || c_op == OP_PTALLOC)));
                assert(g_take == (reason_dec == R_OK && c_op == OP_TAKE));
                assert(g_fnic == (reason_dec == R_OK && c_op == OP_FREE && !c_handle[16]));
                for (ik = 0; ik < 8; ik = ik + 1)
                    assert(u_oh[ik] == ((c_op == OP_ALLOC || c_op == OP_PTALLOC ? c_ti : f_ti) == ik[2:0]));
                if (c_op == OP_TAKE) assert(wb_pcnt == {p_ucnt - 1'b1, p_cnt} && wb_pptr == {p_tail, f_next});
                else if (c_op == OP_FREE)
                    assert(wb_pcnt == (mq_pool && d_le_lwm ? {p_ucnt + 1'b1, p_cnt} : {p_ucnt, p_cnt - 1'b1}) &&
                           wb_pptr == {p_ucnt == {CW{1'b0}} ? c_handle[IW-1:0] : p_tail, c_handle[IW-1:0]});
                else assert(wb_pcnt == {p_ucnt + (d_pool ? dn_cw : {CW{1'b0}}), p_cnt + dn_cw});
            end
            // teardown sweep: stage s (0 read issued, 1 bank word, 2 read data, 3 td_m, 4 td_m3)
            // holds entry f_tdn - 1 - s; entries that left stage 4 are no longer the process's
            if (state_reg == S_TD) begin
                assert(f_tdn <= NE + 3 && idx32 == (f_tdn < NE ? {{(29-IW){1'b0}}, f_tdn} : NE32));
                if (f_tdn < NE) assert(ma_q == f_tdn[IW-1:0]);
                assert(td_v == (f_tdn >= 1 && f_tdn <= NE) && td_vc == (f_tdn >= 2 && f_tdn <= NE + 1) &&
                       td_v2 == (f_tdn >= 3 && f_tdn <= NE + 2));
                if (td_v) assert(td_idx == f_tdn[IW-1:0] - 3'd1);
                if (td_vc) assert(td_idxc == f_tdn[IW-1:0] - 3'd2);
                if (td_v2) assert(td_idx2 == f_tdn[IW-1:0] - 3'd3);
                if (f_tdn >= 4) assert(td_idx3 == f_tdn[IW-1:0] - 3'd4);
                else assert(!td_h3);
                // the write-back of the previous cycle's hit: entry f_tdn - 5
                assert(!next_we_q && !pcnt_we_q && !pptr_we_q && fifo_we_q == meta_we_q);
                if (meta_we_q) assert(f_tdn >= 5 && meta_wa_q == f_tdn[IW-1:0] - 3'd5 && fifo_wd_q == meta_wa_q);
                for (ie = 0; ie < NE; ie = ie + 1) begin
                    if (td_v && td_idx == ie[IW-1:0]) assert(f_meta_w == f_mt[ie*MW +: MW]);
                    if (td_vc && td_idxc == ie[IW-1:0]) assert(meta_c == f_mt[ie*MW +: MW]);
                    if (td_v2 && td_idx2 == ie[IW-1:0]) assert(td_m == f_mt[ie*MW +: MW]);
                    if (f_tdn >= 4 && td_idx3 == ie[IW-1:0])
                        assert(td_m3 == f_mt[ie*MW +: MW] && td_h3 == (td_m3[MW-1:MW-2] != ES_FREE && td_m3[PW-1:0] == cp));
                    if (ie + 4 < f_tdn) assert(f_es[ie] == ES_FREE || f_pd[ie] != cp);
                end
            end
            if (state_reg == S_TD_END)
                for (ie = 0; ie < NE; ie = ie + 1) assert(f_es[ie] == ES_FREE || f_pd[ie] != cp);
            if (state_reg == S_TD || state_reg == S_TD_END) assert(c_op == OP_TEARDOWN && c_pid < NPID);
        end
    end
    end
`endif
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
`ifdef NR_F_M6
`ifdef NR_F_BMC
    always @(*) if (f_past && !rst && pop_fire) assert(!f_out[e_new]);
`endif
`endif

    // ---- M2 (a grant, from the values sampled at S_RD)
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
