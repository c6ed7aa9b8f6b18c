`resetall
`default_nettype none
// barrier_ctr_props: formal wrapper for rtl/barrier/barrier_ctr.v (SymbiYosys, k-induction).
//
// Contract: docs/barrier.md sections 2-4 and 10; note shared/spec/001-multicast-barrier.md §4.2
// (mirror rule, coalescing), §4.4 S1 (safety), S2 (skew), S3 (window), S5 (conservation), S7.
// Everything prefixed f_ is formal-only.
//
// Environment: N = 3 notifying agents on barrier 0 (INC 1, STEP 3): the DUT's two local PEs
// (requests on s_req: ARRIVE, barrier 0, only while the PE is idle, i.e. after its previous
// release left m_rel) and one remote agent (input f_rarr). Every arrival produces exactly one
// increment of barrier 0 at this device: a local one through the internal path (the DUT's hold)
// or, with cfg_internal_path = 0, through the DUT's notification (m_notif) reflected by the
// fabric; a remote one through the fabric. The fabric (f_und, increments not yet delivered) may
// hold them any time and delivers them on s_inc in any order. The remote agent arrives at its
// next epoch only after it passed its current one, i.e. only when every agent has arrived at
// its current epoch (the S1 guarantee of the other device, assume-guarantee). Barrier 1 takes
// arbitrary fabric increments (1 .. 2^(W-1)-1) for the mirror properties. No CSR writes.
// The window S3 is NOT assumed: it is proved (invariants J and G below).
//
// Ghost state: epochs relative to the base B = min over agents of the arrival count a_i:
// f_x[i] = a_i - B in {0, 1} (S2: skew <= 1); when every f_x is 1, B advances (f_base += STEP,
// f_x = 0). f_base = STEP * B mod 2^W. U = increments of barrier 0 not yet in the counter
// (fabric f_und, DUT notification queue when reflected, request pipeline, hold, update stage).
//
// Properties:
//   S1 (central): a release of PE p (m_rel valid, status OK) has f_x[p] == 0: p arrived at epoch
//      a_p = B and every agent has a_i >= B = a_p, i.e. no PE passes epoch E before all N agents
//      arrived at E.
//   M1 mirror never ahead: a mirror register load of barrier b carries the counter value at the
//      start of that cycle, which equals the ghost counter f_cnt[b] less the increments still in
//      the update stage (u_v_reg), i.e. a value the counter has had (lag >= 0).
//   M2 at most one update behind: for every barrier b, if its dirty bit is clear, no increment
//      of b is being written and b is not claimed, the host mirror f_host[b] (written at m_mir
//      handshakes) -- or the m_mir register if it holds b -- equals the counter: at most one
//      mirror write per barrier is owed (dirty bit or claim), and it carries the latest value
//      when it is loaded.
//   plus m_rel / m_mir valid-data stability and s_inc_ready == 1.
// F_BUG (negative jobs, expected to FAIL):
//   1: S1 only; the sby task reads a mutant with the literal compare `cnt >= tgt` (S7): a release
//      after a counter wrap comes too early.
//   2: S1 only; the fabric delivers one remote increment twice (f_dup input): duplication
//      breaks safety (S7, note A10).
//   3: M2 only; the sby task reads a mutant whose update stage does not set the dirty bit
//      (mirror write lost: the host stays more than one update behind).
module barrier_ctr_props #(
    parameter CNT_WIDTH = 4,
    parameter F_BUG     = 0
) (
    input wire                 clk,
    input wire                 rst,
    input wire                 s_req_valid,
    input wire [0:0]           s_req_pe1,      // which local PE requests
    input wire                 e_inc_valid,
    input wire [0:0]           e_inc_bar,
    input wire [CNT_WIDTH-1:0] e_inc_val,
    input wire                 f_rarr,          // remote agent arrives
    input wire                 f_dup,           // F_BUG 2: keep a delivered increment
    input wire                 m_rel_ready,
    input wire                 m_mir_ready,
    input wire                 m_notif_ready
);
    localparam W    = CNT_WIDTH;
    localparam NB   = 2;
    localparam NW   = 2;
    localparam [W-1:0] HALF = {1'b1, {(W-1){1'b0}}};
    localparam [W-1:0] INC  = 1;
    localparam [W-1:0] STEP = 3;      // N * INC, N = 3
    localparam F_S1 = (F_BUG == 0 || F_BUG == 1 || F_BUG == 2);
    localparam F_M2 = (F_BUG == 0 || F_BUG == 3);

    function ge;
        input [W-1:0] c;
        input [W-1:0] t;
        reg   [W-1:0] d;
        begin
            d = c - t;
            ge = (d < HALF);
        end
    endfunction

    (* anyconst *) reg f_internal;
    (* anyconst *) reg [W-1:0] f_init;   // initial counter and targets (note A15), any value
    (* anyseq *)   reg f_pre, f_w0;       // TGT lock indices (W1 / W0 of an owner's write), any

    // initialisation after reset (cycles 0-2: CNT[0] lo, TGT[0] lo, TGT[1] lo through the CSR
    // ports; then two cycles for the held counter write to land); agents start at f_ini == 5
    reg [2:0] f_ini;
    wire      f_run  = (f_ini == 3'd5);
    wire      f_go   = !init_busy;     // the DUT's reset sweep of its RAMs is over
    wire      i_cnt  = !rst && f_go && (f_ini == 3'd0);
    wire      i_tgt  = !rst && f_go && (f_ini == 3'd1 || f_ini == 3'd2);
    wire [31:0] i_data = {{(32-W){1'b0}}, f_init};

    // ------------------------------------------------------------ DUT
    wire            s_req_ready, s_inc_ready, hold_busy, init_busy;
    wire [W-1:0]    csr_rd_cnt, csr_rd_tgt;
    wire            tgt_lock;
    wire            m_rel_valid, m_mir_valid, m_notif_valid;
    wire [7:0]      m_rel_pe, m_rel_bar;
    wire [W-1:0]    m_rel_epoch, m_mir_data;
    wire [1:0]      m_rel_status;
    wire [0:0]      m_mir_bar, m_notif_bar;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [0:0]      f_lk_bar;       // STEP / INC are the same for both barriers
    /* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_off UNUSEDSIGNAL */
    wire st_arr, st_wait, st_dpe, st_dbusy, st_ebar, st_efar, st_eop, st_rel, st_mir, st_tx;
    /* verilator lint_on UNUSEDSIGNAL */

    barrier_ctr #(.NUM_BARRIERS(NB), .NUM_PES(NW), .CNT_WIDTH(W), .NOTIF_DEPTH(2)) dut (
        .clk(clk), .rst(rst),
        .cfg_internal_path(f_internal), .cfg_bar_en(2'b11),
        .cfg_lk_leader(1'b0), .cfg_lk_local_n(2'd1), .csr_lcnt_clr(1'b0), .csr_lcnt_idx(1'b0),
        .cfg_lk_bar(f_lk_bar), .cfg_lk_step(STEP), .cfg_lk_inc(INC),
        .csr_wr_any(i_cnt || i_tgt), .csr_wr_any_nx(rst || f_ini <= 3'd1), .csr_cnt_wr(i_cnt), .csr_cnt_wr_c(i_cnt), .csr_cnt_hi(1'b0), .csr_cnt_idx(1'b0),
        .csr_cnt_data(i_data), .hold_busy(hold_busy),
        .csr_tgt_wr(i_tgt), .csr_tgt_hi(1'b0),
        .csr_tgt_pre_idx(f_run ? f_pre : (f_ini == 3'd1)), .csr_tgt_data(i_data),
        .csr_rd_bar(1'b0), .csr_rd_cnt(csr_rd_cnt), .csr_rd_pe(1'b0),
        .csr_rd_tgt(csr_rd_tgt), .init_busy(init_busy),
        .csr_tgt_w0_idx(f_w0), .csr_tgt_lock(tgt_lock),
        .s_req_valid(s_req_valid), .s_req_ready(s_req_ready), .s_req_op(2'd0),
        .s_req_pe({7'd0, s_req_pe1}), .s_req_bar(8'd0), .s_req_epoch({W{1'b0}}),
        .s_inc_valid(e_inc_valid), .s_inc_ready(s_inc_ready), .s_inc_bar(e_inc_bar),
        .s_inc_val(e_inc_val),
        .m_rel_valid(m_rel_valid), .m_rel_ready(m_rel_ready), .m_rel_pe(m_rel_pe),
        .m_rel_bar(m_rel_bar), .m_rel_epoch(m_rel_epoch), .m_rel_status(m_rel_status),
        .m_mir_valid(m_mir_valid), .m_mir_ready(m_mir_ready), .m_mir_bar(m_mir_bar),
        .m_mir_data(m_mir_data),
        .m_notif_valid(m_notif_valid), .m_notif_ready(m_notif_ready), .m_notif_bar(m_notif_bar),
        .stat_req_arrive(st_arr), .stat_req_wait(st_wait), .stat_req_drop_pe(st_dpe),
        .stat_req_drop_busy(st_dbusy), .stat_rsp_err_bar(st_ebar), .stat_rsp_err_far(st_efar),
        .stat_rsp_err_op(st_eop), .stat_rel_ok(st_rel), .stat_mirror_wr(st_mir),
        .stat_tx_notif(st_tx)
    );

    // DUT internals, for the induction-strengthening invariants only (flatten connects them)
    (* hierconn *) wire [W-1:0] \dut.cnt_mem[0] ;
    (* hierconn *) wire [W-1:0] \dut.cnt_mem[1] ;
    (* hierconn *) wire [W-1:0] \dut.cnt_bm[0] ;
    (* hierconn *) wire [W-1:0] \dut.cnt_bm[1] ;
    (* hierconn *) wire [W-1:0] \dut.cnt_sm[0] ;
    (* hierconn *) wire [W-1:0] \dut.cnt_sm[1] ;
    (* hierconn *) wire [W-1:0] \dut.cnt_mm[0] ;
    (* hierconn *) wire [W-1:0] \dut.cnt_mm[1] ;
    (* hierconn *) wire [W-1:0] \dut.cnt_cm[0] ;
    (* hierconn *) wire [W-1:0] \dut.cnt_cm[1] ;
    (* hierconn *) wire [3:0]   \dut.cw_v ;
    (* hierconn *) wire [3:0]   \dut.cw_a ;
    (* hierconn *) wire [W-1:0] \dut.u_new ;
    (* hierconn *) wire         \dut.u_ini_reg ;
    (* hierconn *) wire [0:0]   \dut.u_barf ;
    (* hierconn *) wire         \dut.rv_st ;
    // counter entry e not yet written by the reset sweep (its index not passed, or its write in U1)
    wire f_unswept0 = \dut.ini_v_reg || (\dut.u_v_reg && \dut.u_ini_reg && \dut.u_bar_reg == 1'b0);
    wire f_unswept1 = (\dut.ini_v_reg && \dut.ini_idx_reg <= 1'b1) ||
                      (\dut.u_v_reg && \dut.u_ini_reg && \dut.u_bar_reg == 1'b1);
    (* hierconn *) wire [W-1:0] \dut.tgt_mem[0] ;
    (* hierconn *) wire [W-1:0] \dut.tgt_mem[1] ;
    (* hierconn *) wire         \dut.ini_v_reg ;
    (* hierconn *) wire [0:0]   \dut.ini_idx_reg ;
    (* hierconn *) wire [1:0]   \dut.armed_reg ;
    (* hierconn *) wire [1:0]   \dut.pend_reg ;
    (* hierconn *) wire [1:0]   \dut.pres_reg ;
    (* hierconn *) wire [7:0]   \dut.pbar_reg[0] ;
    (* hierconn *) wire [7:0]   \dut.pbar_reg[1] ;
    (* hierconn *) wire [1:0]   \dut.dirty_reg ;
    (* hierconn *) wire         \dut.u_v_reg ;
    (* hierconn *) wire [1:0]   \dut.u_kind_reg ;
    (* hierconn *) wire [0:0]   \dut.u_bar_reg ;
    (* hierconn *) wire [W-1:0] \dut.u_val_reg ;
    (* hierconn *) wire [W-1:0] \dut.u_old_reg ;
    (* hierconn *) wire [W-1:0] \dut.u_new_reg ;
    (* hierconn *) wire [1:0]   \dut.rq_pesel_reg ;
    (* hierconn *) wire [1:0]   \dut.rq_barsel_reg ;
    (* hierconn *) wire [1:0]   \dut.rel_peoh_reg ;
    (* hierconn *) wire [1:0]   \dut.s2_peoh_reg ;
    (* hierconn *) wire [0:0]   \dut.rel_pe_reg ;
    (* hierconn *) wire         \dut.h_v_reg ;
    (* hierconn *) wire [1:0]   \dut.h_kind_reg ;
    (* hierconn *) wire [0:0]   \dut.h_bar_reg ;
    (* hierconn *) wire [W-1:0] \dut.h_val_reg ;
    (* hierconn *) wire         \dut.rq_v_reg ;
    (* hierconn *) wire [1:0]   \dut.rq_ph_reg ;
    (* hierconn *) wire [1:0]   \dut.rq_op_reg ;
    (* hierconn *) wire [0:0]   \dut.rq_pe_raw_reg ;
    (* hierconn *) wire         \dut.rq_peok_reg ;
    (* hierconn *) wire [7:0]   \dut.rq_bar_raw_reg ;
    (* hierconn *) wire [W-1:0] \dut.rq_tgt_reg ;
    (* hierconn *) wire [W-1:0] \dut.rq_tgtn_reg ;
    (* hierconn *) wire         \dut.rq_dgo_reg ;
    (* hierconn *) wire [W-1:0] \dut.u_keep_reg ;
    (* hierconn *) wire [W-1:0] \dut.s1_cnt ;
    (* hierconn *) wire [W-1:0] \dut.s1_tgt ;
    (* hierconn *) wire         \dut.s2_live_reg ;
    (* hierconn *) wire [W-1:0] \dut.rq_tval_reg ;
    (* hierconn *) wire [W-1:0] \dut.rq_step_reg ;
    (* hierconn *) wire [W-1:0] \dut.rq_inc_reg ;
    (* hierconn *) wire         \dut.rq_bar_ok_reg ;
    (* hierconn *) wire         \dut.rq_busy_reg ;
    (* hierconn *) wire [1:0]   \dut.nq_cnt_reg ;
    (* hierconn *) wire [0:0]   \dut.nq_mem[0] ;
    (* hierconn *) wire [0:0]   \dut.nq_mem[1] ;
    (* hierconn *) wire         \dut.s0_v_reg ;
    (* hierconn *) wire         \dut.s0_pend_reg ;
    (* hierconn *) wire [7:0]   \dut.s0_bar_reg ;
    (* hierconn *) wire [1:0]   \dut.s0_st_reg ;
    (* hierconn *) wire         \dut.s1_v_reg ;
    (* hierconn *) wire [0:0]   \dut.s1_pe_reg ;
    (* hierconn *) wire         \dut.s1_pend_reg ;
    (* hierconn *) wire [7:0]   \dut.s1_bar_reg ;
    (* hierconn *) wire [1:0]   \dut.s1_st_reg ;
    (* hierconn *) wire [W-1:0] \dut.s1_tgt_reg ;
    (* hierconn *) wire [W-1:0] \dut.s1_cnt_reg ;
    (* hierconn *) wire         \dut.i_v_reg ;
    (* hierconn *) wire [0:0]   \dut.u0_bar_reg ;
    (* hierconn *) wire         \dut.u0_fwd_reg ;
    (* hierconn *) wire [W-1:0] \dut.i_val_reg ;
    (* hierconn *) wire         \dut.u0_vseln_reg ;
    (* hierconn *) wire [W-1:0] \dut.u0_keep ;
    (* hierconn *) wire [0:0]   \dut.u0_barn_reg ;
    (* hierconn *) wire [0:0]   \dut.rq_barn_reg ;
    (* hierconn *) wire [W-1:0] \dut.rq_stepn_reg ;
    (* hierconn *) wire [W-1:0] \dut.u0_ram_reg ;
    (* hierconn *) wire [W-1:0] \dut.u2_new_reg ;
    (* hierconn *) wire         \dut.u0_fwd2_reg ;
    (* hierconn *) wire [(NW+3)/4-1:0] \dut.rq_dgo_pe ;
    (* hierconn *) wire         \dut.rq_pec ;
    (* hierconn *) wire         \dut.rv_pe ;
    (* hierconn *) wire         \dut.rv_w ;
    (* hierconn *) wire         \dut.s2v_pe ;
    (* hierconn *) wire         \dut.s2l_pe ;
    (* hierconn *) wire         \dut.rel_valid_reg ;
    (* hierconn *) wire         \dut.rq_dgo_lc ;
    (* hierconn *) wire [0:0]   \dut.sc_ptr_reg ;
    (* hierconn *) wire [1:0]   \dut.sc_oh_reg ;
    (* hierconn *) wire         \dut.rq_karr_reg ;
    (* hierconn *) wire         \dut.rq_kwait_reg ;
    (* hierconn *) wire         \dut.rq_keop_reg ;
    (* hierconn *) wire         \dut.rq_kebar_reg ;
    (* hierconn *) wire         \dut.rq_kloc_reg ;
    (* hierconn *) wire         \dut.rq_kpw0_reg ;
    (* hierconn *) wire         \dut.rq_karm0_reg ;
    (* hierconn *) wire         \dut.rq_kpend0_reg ;
    (* hierconn *) wire [1:0]   \dut.rq_kst0_reg ;
    (* hierconn *) wire         \dut.rq_ind_reg ;
    (* hierconn *) wire         \dut.rq_send_reg ;
    (* hierconn *) wire         \dut.rq_farr_reg ;
    (* hierconn *) wire         \dut.rq_fwait ;
    (* hierconn *) wire         \dut.rq_feop_reg ;
    (* hierconn *) wire         \dut.rq_febar_reg ;
    (* hierconn *) wire         \dut.rq_fefar ;
    (* hierconn *) wire         \dut.rq_ftw_reg ;
    (* hierconn *) wire         \dut.rq_fpw ;
    (* hierconn *) wire         \dut.rq_farm ;
    (* hierconn *) wire         \dut.rq_fpend ;
    (* hierconn *) wire [1:0]   \dut.rq_fst ;
    (* hierconn *) wire         \dut.rq_floc_reg ;
    (* hierconn *) wire [1:0]   \dut.rq_peoh_reg ;
    (* hierconn *) wire         \dut.s2_v_reg ;
    (* hierconn *) wire [0:0]   \dut.s2_pe_reg ;
    (* hierconn *) wire [7:0]   \dut.s2_bar_reg ;
    (* hierconn *) wire [1:0]   \dut.s2_st_reg ;
    (* hierconn *) wire [W-1:0] \dut.s2_ep_reg ;
    (* hierconn *) wire         \dut.mir_valid_reg ;
    (* hierconn *) wire         \dut.mir_load ;
    (* hierconn *) wire [0:0]   \dut.mq_bar_reg ;
    (* hierconn *) wire         \dut.mq_v_reg ;

    wire [W-1:0] d_cnt0 = \dut.cnt_mem[0] ;
    wire [W-1:0] d_cnt1 = \dut.cnt_mem[1] ;
    wire [W-1:0] d_tgt0 = \dut.tgt_mem[0] ;
    wire [W-1:0] d_tgt1 = \dut.tgt_mem[1] ;
    wire [W-1:0] d_cnt [0:1];
    wire [W-1:0] d_tgt [0:1];
    assign d_cnt[0] = d_cnt0;
    assign d_cnt[1] = d_cnt1;
    assign d_tgt[0] = d_tgt0;
    assign d_tgt[1] = d_tgt1;

    // ------------------------------------------------------------ ghost state
    reg [1:0]   f_st [0:1];          // local PE: 0 idle, 1 request in the pipeline, 2 armed, 3 released
    reg [2:0]   f_x;                 // agents 0, 1 (local PEs), 2 (remote)
    reg [W-1:0] f_base;
    reg [3:0]   f_und;               // increments of barrier 0 in the fabric
    reg [W-1:0] f_cnt [0:1];         // ghost counters: every accepted increment (port level)
    reg [W-1:0] f_host [0:1];        // the host's mirror words (m_mir handshakes)
    reg         f_past;

    localparam [1:0] S_IDLE = 2'd0, S_PIPE = 2'd1, S_ARM = 2'd2, S_REL = 2'd3;

    wire req_fire  = s_req_valid && s_req_ready;
    wire inc_fire  = e_inc_valid;                 // s_inc_ready is 1
    wire rel_fire  = m_rel_valid && m_rel_ready;
    wire mir_fire  = m_mir_valid && m_mir_ready;
    wire notif_fire = m_notif_valid && m_notif_ready;
    wire rarr      = f_rarr && !f_x[2];

    // U: increments of barrier 0 arrived at (accepted by the agents) but not in the counter
    wire [3:0] f_u_dut = (!f_internal ? {2'd0, \dut.nq_cnt_reg } : 4'd0)
                       + {3'd0, \dut.rq_v_reg }
                       + {3'd0, \dut.h_v_reg  && \dut.h_bar_reg == 1'b0}
                       + {3'd0, \dut.i_v_reg  && \dut.u0_bar_reg == 1'b0}
                       + {3'd0, \dut.u_v_reg  && \dut.u_bar_reg == 1'b0};
    wire [4:0] f_u  = {1'b0, f_und} + {1'b0, f_u_dut};
    wire [1:0] f_sx = {1'b0, f_x[0]} + {1'b0, f_x[1]} + {1'b0, f_x[2]};

    // ------------------------------------------------------------ environment
    initial f_past = 1'b0;
    always @* begin
        if (!f_past) assume(rst);
        if (!f_run) assume(!s_req_valid && !e_inc_valid && !f_rarr);
        if (s_req_valid) assume(f_st[s_req_pe1] == S_IDLE);
        if (e_inc_valid) begin
            if (e_inc_bar == 1'b0) begin
                assume(f_und != 4'd0 || (F_BUG == 2 && f_dup));
                assume(e_inc_val == INC);
            end else begin
                assume(e_inc_val != {W{1'b0}} && e_inc_val < HALF);
            end
        end
        if (F_BUG != 2) assume(!f_dup);
    end

    integer i;
    always @(posedge clk) begin
        f_past <= 1'b1;
        if (rst)
            f_ini <= 3'd0;
        else if (!f_run && f_go)
            f_ini <= f_ini + 3'd1;
        if (rst) begin
            f_st[0] <= S_IDLE;
            f_st[1] <= S_IDLE;
            f_x     <= 3'b000;
            f_base  <= f_init;
            f_und   <= 4'd0;
            f_cnt[0] <= f_init;
            f_cnt[1] <= {W{1'b0}};
            f_host[0] <= f_init;   // configured with CNT (a CSR write makes no mirror write)
            f_host[1] <= {W{1'b0}};
        end else begin
            // the arrival count advances at the request (the PE's ARRIVE) and at f_rarr
            if (req_fire)
                f_st[s_req_pe1] <= S_PIPE;
            if (\dut.c_done )
                f_st[\dut.rq_pe_raw_reg [0]] <= S_ARM;
            if (\dut.rel_load )
                f_st[\dut.s2_pe_reg ] <= S_REL;
            if (rel_fire)
                f_st[m_rel_pe[0]] <= S_IDLE;
            f_und <= f_und + {3'd0, rarr} + {3'd0, notif_fire && !f_internal}
                   - {3'd0, inc_fire && e_inc_bar == 1'b0 && !f_dup};
            f_cnt[0] <= f_cnt[0] + ((inc_fire && e_inc_bar == 1'b0) ? e_inc_val : {W{1'b0}})
                                 + ((\dut.c_done && f_internal) ? INC : {W{1'b0}});
            f_cnt[1] <= f_cnt[1] + ((inc_fire && e_inc_bar == 1'b1) ? e_inc_val : {W{1'b0}});
            if (mir_fire)
                f_host[m_mir_bar] <= m_mir_data;
            // epochs: arrivals, then the base advances when every agent arrived at B + 1
            if ((f_x | {rarr, req_fire && s_req_pe1, req_fire && !s_req_pe1}) == 3'b111) begin
                f_x    <= 3'b000;
                f_base <= f_base + STEP;
            end else begin
                f_x <= f_x | {rarr, req_fire && s_req_pe1, req_fire && !s_req_pe1};
            end
        end
    end
    (* hierconn *) wire       \dut.c_done ;
    (* hierconn *) wire [1:0] \dut.pe_busy_nx ;
    (* hierconn *) wire       \dut.rel_load ;

    // ------------------------------------------------------------ properties
    always @(posedge clk) begin
        if (f_past && !$past(rst) && !rst && f_run && $past(f_run)) begin
            // S1: a released PE arrived at the base epoch; every agent is at or above it
            if (F_S1 && m_rel_valid)
                assert(m_rel_status == 2'd0 && !f_x[m_rel_pe[0]]);
            // M1: a mirror load carries the counter at the start of the cycle, i.e. the ghost
            // counter less what is still in the update stage of that barrier
            if (F_BUG == 0 && $past(\dut.mir_load ))
                assert(m_mir_valid && m_mir_bar == $past(\dut.mq_bar_reg ) &&
                       m_mir_data == $past(f_cnt[\dut.mq_bar_reg ]) -
                       (($past(\dut.u_v_reg ) && $past(\dut.u_bar_reg ) == $past(\dut.mq_bar_reg ))
                        ? $past(\dut.u_val_reg ) : {W{1'b0}})
                       - (($past(\dut.h_v_reg ) && $past(\dut.h_bar_reg ) == $past(\dut.mq_bar_reg ) &&
                           $past(f_internal)) ? INC : {W{1'b0}})
                       - (($past(\dut.i_v_reg ) && $past(\dut.u0_bar_reg ) == $past(\dut.mq_bar_reg ))
                        ? $past(\dut.i_val_reg ) : {W{1'b0}}));
            // TGT lock: the PE named one cycle ahead (f_w0) and now (f_pre) is busy at the start of
            // the next cycle, when no request was applied in the cycle before (the owner's rule)
            if ($past(f_w0) == f_pre && !$past(\dut.c_done ))
                assert(tgt_lock == \dut.pe_busy_nx [f_pre]);
            // stability
            if (F_BUG == 0 && $past(m_rel_valid && !m_rel_ready))
                assert(m_rel_valid && m_rel_pe == $past(m_rel_pe) &&
                       m_rel_epoch == $past(m_rel_epoch));
            if (F_BUG == 0 && $past(m_mir_valid && !m_mir_ready))
                assert(m_mir_valid && m_mir_bar == $past(m_mir_bar) &&
                       m_mir_data == $past(m_mir_data));
        end
    end

    // both phases: U0's registered read address and forward select (one cycle ahead of the
    // input register and the hold), the scanner's registered S2 liveness
    always @* begin
        if (f_past && !rst && F_BUG == 0) begin
            assert(\dut.s2_live_reg == (\dut.armed_reg [\dut.s2_pe_reg ] || \dut.pend_reg [\dut.s2_pe_reg ]));
            assert(\dut.i_v_reg || \dut.u0_bar_reg == \dut.h_bar_reg );
            assert(!\dut.ini_v_reg || f_ini == 3'd0);   // the reset sweep ends before f_ini moves
            // (u0_fwd_reg is 0 when the keep mask clears the low half: W = 4, one half)
            assert(\dut.u0_fwd_reg == (\dut.u_v_reg && \dut.u_bar_reg == \dut.u0_bar_reg &&
                                       \dut.u0_keep [0]));
            assert(\dut.u0_barn_reg == ~\dut.u0_bar_reg );
            // the ff_keep copies of rq_dgo_reg (phase D's per-PE and leader-count enables)
            assert(\dut.rq_dgo_pe == {((NW+3)/4){\dut.rq_dgo_reg }} &&
                   \dut.rq_dgo_lc == \dut.rq_dgo_reg );
            assert(\dut.rq_pec == \dut.rq_pe_raw_reg );   // its private copy (timing pass 7)
            // the counter table's four read-port copies and their write port copies (pass 8)
            assert(\dut.cw_v == {4{\dut.u_v_reg }} && \dut.cw_a == {4{\dut.u_bar_reg }} &&
                   \dut.u_new == \dut.u_new_reg && \dut.u_barf == \dut.u_bar_reg );
            // (each entry once the reset sweep has written it: the sweep index is past it and
            // its write has landed; the tables are not reset)
            if (!f_unswept0)
                assert(\dut.cnt_bm[0] == d_cnt0 && \dut.cnt_sm[0] == d_cnt0 &&
                       \dut.cnt_mm[0] == d_cnt0 && \dut.cnt_cm[0] == d_cnt0 );
            if (!f_unswept1)
                assert(\dut.cnt_bm[1] == d_cnt1 && \dut.cnt_sm[1] == d_cnt1 &&
                       \dut.cnt_mm[1] == d_cnt1 && \dut.cnt_cm[1] == d_cnt1 );
            // the release stage's copies (timing pass 7)
            assert(\dut.rv_pe == \dut.rel_valid_reg && \dut.rv_w == \dut.rel_valid_reg &&
                   \dut.rv_st == \dut.rel_valid_reg &&
                   \dut.s2v_pe == \dut.s2_v_reg && \dut.s2l_pe == \dut.s2_live_reg );
            assert(\dut.rq_barn_reg == ~\dut.rq_bar_raw_reg [0] && \dut.rq_stepn_reg == ~\dut.rq_step_reg );
            // U0's counter word read one cycle ahead: the RAM word of U0's barrier now, or the
            // write that landed on it at the end of the cycle before
            if (!\dut.ini_v_reg )
                assert((d_cnt[\dut.u0_bar_reg ] & \dut.u0_keep ) ==
                       (\dut.u0_fwd2_reg ? \dut.u2_new_reg : \dut.u0_ram_reg ));
            assert(\dut.sc_oh_reg == (\dut.sc_ptr_reg [0] ? 2'b10 : 2'b01));
            // U0's operand select and keep mask, registered one cycle ahead: the hold's when no
            // fabric increment (W = 4: a SET_LO replaces every bit, INC and SET_HI keep them all)
            assert(\dut.u0_vseln_reg == !\dut.i_v_reg );
            if (\dut.i_v_reg || \dut.h_v_reg )
                assert(\dut.u0_keep == ((!\dut.i_v_reg && \dut.h_kind_reg == 2'd1) ? {W{1'b0}} : {W{1'b1}}));
            // phase D's go flag, registered in C, equals its definition from the state of D
            assert(\dut.rq_dgo_reg == (\dut.rq_ind_reg && !(i_cnt || i_tgt) && \dut.nq_cnt_reg != 2'd2 &&
                   !(\dut.rq_floc_reg && \dut.h_v_reg && \dut.i_v_reg )));
        end
    end

    // initialisation phase: nothing has started yet, the counter write lands at f_ini 3
    always @* begin
        if (f_past && !rst && !f_run && F_BUG == 0) begin
            assert(f_ini <= 3'd5);
            assert(f_x == 3'b000 && f_und == 4'd0 && f_st[0] == S_IDLE && f_st[1] == S_IDLE);
            assert(!\dut.rq_v_reg && \dut.nq_cnt_reg == 2'd0 && \dut.armed_reg == 2'b00 &&
                   \dut.pend_reg == 2'b00 && \dut.pres_reg == 2'b00 && !\dut.s0_v_reg &&
                   !\dut.s1_v_reg && !\dut.i_v_reg && !\dut.rq_ind_reg && !\dut.rq_dgo_reg &&
                   !\dut.s2_v_reg && !m_rel_valid && \dut.dirty_reg == 2'b00 && !m_mir_valid &&
                   !\dut.mq_v_reg );
            assert(f_base == f_init && f_cnt[0] == f_init && f_cnt[1] == {W{1'b0}} &&
                   f_host[0] == f_init && f_host[1] == {W{1'b0}});
            // reset sweep (cnt through the update stage, one cycle later; tgt at once)
            assert(\dut.ini_v_reg == init_busy);
            if (\dut.ini_v_reg ) assert(f_ini == 3'd0 && !\dut.h_v_reg );
            if (\dut.ini_v_reg && \dut.ini_idx_reg == 1'b0) assert(!\dut.u_v_reg );
            if (\dut.ini_v_reg && \dut.ini_idx_reg == 1'b1)
                assert(\dut.u_v_reg && \dut.u_bar_reg == 1'b0 &&
                       \dut.u_keep_reg == {W{1'b0}} && \dut.u_val_reg == {W{1'b0}} &&
                       \dut.u_kind_reg != 2'd0 && d_tgt0 == {W{1'b0}});
            if (f_ini == 3'd0 && !\dut.ini_v_reg )   // the sweep's last counter write lands now
                assert(!\dut.h_v_reg && \dut.u_v_reg && \dut.u_bar_reg == 1'b1 &&
                       \dut.u_keep_reg == {W{1'b0}} && \dut.u_val_reg == {W{1'b0}} &&
                       \dut.u_kind_reg != 2'd0 && d_cnt0 == {W{1'b0}} &&
                       d_tgt0 == {W{1'b0}} && d_tgt1 == {W{1'b0}});
            if (f_ini >= 3'd1) assert(d_cnt1 == {W{1'b0}});
            if (f_ini == 3'd1) assert(\dut.h_v_reg && \dut.h_kind_reg == 2'd1 && \dut.h_bar_reg == 1'b0 &&
                                      \dut.h_val_reg == f_init && !\dut.u_v_reg && d_cnt0 == {W{1'b0}} &&
                                      d_tgt0 == {W{1'b0}} && d_tgt1 == {W{1'b0}});
            if (f_ini == 3'd2) assert(!\dut.h_v_reg && \dut.u_v_reg && \dut.u_kind_reg == 2'd1 &&
                                      \dut.u_bar_reg == 1'b0 && \dut.u_val_reg == f_init &&
                                      d_cnt0 == {W{1'b0}} && d_tgt0 == f_init && d_tgt1 == {W{1'b0}});
            if (f_ini >= 3'd3) assert(!\dut.h_v_reg && !\dut.u_v_reg && d_cnt0 == f_init &&
                                      d_tgt0 == f_init && d_tgt1 == f_init);
        end
    end

    // M2 and the induction-strengthening invariants (every cycle after reset)
    wire [7:0]   f_sx8 = {6'd0, f_sx};
    wire [7:0]   f_u8  = {3'd0, f_u};
    wire [W-1:0] f_dcnt0 = f_base + f_sx8[W-1:0] - f_u8[W-1:0];
    genvar gp;
    generate
        for (gp = 0; gp < 2; gp = gp + 1) begin : g_inv
            always @* begin
                if (f_past && !rst && f_run) begin
                    // M2: no owed write -> the mirror (host, or the register holding b) is current
                    if (F_M2 && !\dut.dirty_reg [gp] && !(\dut.u_v_reg && \dut.u_bar_reg == gp &&
                                                            \dut.u_kind_reg == 2'd0) &&
                        !(\dut.mq_v_reg && \dut.mq_bar_reg == gp))
                        assert((m_mir_valid && m_mir_bar == gp) ? m_mir_data == d_cnt[gp]
                                                                : f_host[gp] == d_cnt[gp]);
                end
            end
        end
    endgenerate

    always @* begin
        if (f_past && !rst && f_run && F_BUG == 0) begin
            // update stage pre-read: U1's old value is the counter it updates
            if (\dut.u_v_reg ) assert(\dut.u_old_reg == d_cnt[\dut.u_bar_reg ] &&
                                     \dut.u_keep_reg == {W{1'b1}} &&
                                     \dut.u_new_reg == \dut.u_old_reg + \dut.u_val_reg );
            // one-hot copies of the request's PE / barrier and of the release register's PE
            assert(\dut.rq_pesel_reg == (\dut.rq_pe_raw_reg [0] ? 2'b10 : 2'b01));
            assert(\dut.rq_barsel_reg == (\dut.rq_bar_raw_reg [0] ? 2'b10 : 2'b01));
            assert(\dut.rel_peoh_reg == (\dut.rel_pe_reg [0] ? 2'b10 : 2'b01));
            assert(\dut.s2_peoh_reg == (\dut.s2_pe_reg [0] ? 2'b10 : 2'b01));
            // conservation (S5) and counter ghost (A1)
            assert(d_cnt0 == f_dcnt0);
            assert(d_cnt1 == f_cnt[1] - ((\dut.u_v_reg && \dut.u_bar_reg == 1'b1) ? \dut.u_val_reg : {W{1'b0}})
                                      - ((\dut.i_v_reg && \dut.u0_bar_reg == 1'b1) ? \dut.i_val_reg : {W{1'b0}}));
            assert(f_cnt[0] == d_cnt0 + ((\dut.u_v_reg && \dut.u_bar_reg == 1'b0) ? \dut.u_val_reg : {W{1'b0}})
                                      + ((\dut.h_v_reg && \dut.h_bar_reg == 1'b0) ? INC : {W{1'b0}})
                                      + ((\dut.i_v_reg && \dut.u0_bar_reg == 1'b0) ? \dut.i_val_reg : {W{1'b0}}));
            // window bounds (S3 proved, not assumed): G and J
            assert(f_u <= 5'd3 + {3'd0, f_sx});
            if (f_st[0] == S_IDLE || f_st[0] == S_REL || f_x[0] || f_st[1] == S_IDLE ||
                f_st[1] == S_REL || f_x[1])
                assert(f_u <= {3'd0, f_sx});
            assert(f_und <= 4'd6);
            assert(f_x != 3'b111);
            // targets: tgt = base + STEP * x (the pipeline still holds the old one)
            assert(d_tgt0 == f_base + (f_x[0] ? STEP : {W{1'b0}}) - (f_st[0] == S_PIPE ? STEP : {W{1'b0}}));
            assert(d_tgt1 == f_base + (f_x[1] ? STEP : {W{1'b0}}) - (f_st[1] == S_PIPE ? STEP : {W{1'b0}}));
            assert(!(f_st[0] == S_IDLE) || !f_x[0]);
            assert(!(f_st[1] == S_IDLE) || !f_x[1]);
            // DUT control state == ghost state
            assert(\dut.armed_reg [0] == (f_st[0] == S_ARM));
            assert(\dut.armed_reg [1] == (f_st[1] == S_ARM));
            assert(\dut.pres_reg [0] == (f_st[0] == S_REL));
            assert(\dut.pres_reg [1] == (f_st[1] == S_REL));
            assert(\dut.pend_reg == 2'b00);
            assert(\dut.pbar_reg[0] == 8'd0 && \dut.pbar_reg[1] == 8'd0);
            assert(m_rel_valid == (f_st[0] == S_REL || f_st[1] == S_REL));
            assert(!(f_st[0] == S_REL && f_st[1] == S_REL));
            if (m_rel_valid)
                assert(f_st[m_rel_pe[0]] == S_REL && m_rel_pe[7:1] == 7'd0 && m_rel_bar == 8'd0 &&
                       m_rel_epoch == d_tgt[m_rel_pe[0]]);
            // request pipeline: one ARRIVE of a PE in S_PIPE
            assert(\dut.rq_v_reg == (f_st[0] == S_PIPE || f_st[1] == S_PIPE));
            assert(!(f_st[0] == S_PIPE && f_st[1] == S_PIPE));
            if (\dut.rq_v_reg ) begin
                assert(f_st[\dut.rq_pe_raw_reg [0]] == S_PIPE && \dut.rq_peok_reg );
                assert(\dut.rq_op_reg == 2'd0 && \dut.rq_bar_raw_reg == 8'd0);
                if (\dut.rq_ph_reg != 2'd0)
                    assert(\dut.rq_tgt_reg == d_tgt[\dut.rq_pe_raw_reg [0]] &&
                           \dut.rq_step_reg == STEP && \dut.rq_inc_reg == INC && \dut.rq_bar_ok_reg );
                if (\dut.rq_ph_reg [1])
                    assert(\dut.rq_tgtn_reg == d_tgt[\dut.rq_pe_raw_reg [0]] + STEP);
                // phase B2's outcome flags with the PE idle at D (an ARRIVE on barrier 0)
                if (\dut.rq_ph_reg [1])
                    assert(\dut.rq_karr_reg && !\dut.rq_kwait_reg && !\dut.rq_keop_reg &&
                           !\dut.rq_kebar_reg && \dut.rq_kloc_reg == f_internal &&
                           \dut.rq_kpw0_reg && \dut.rq_karm0_reg && !\dut.rq_kpend0_reg &&
                           \dut.rq_kst0_reg == 2'd0);
                if (\dut.rq_ph_reg == 2'd3)
                    assert(\dut.rq_tval_reg == d_tgt[\dut.rq_pe_raw_reg [0]] + STEP &&
                           !\dut.rq_busy_reg && \dut.rq_send_reg && \dut.rq_farr_reg &&
                           !\dut.rq_fwait && !\dut.rq_feop_reg && !\dut.rq_febar_reg &&
                           !\dut.rq_fefar && \dut.rq_ftw_reg && \dut.rq_fpw &&
                           \dut.rq_farm && !\dut.rq_fpend && \dut.rq_fst == 2'd0 &&
                           \dut.rq_floc_reg == f_internal &&
                           \dut.rq_peoh_reg == (\dut.rq_pe_raw_reg [0] ? 2'b10 : 2'b01));
            end
            // hold and update stage: only increments of INC for barrier 0 from the hold
            if (\dut.h_v_reg )
                assert(f_internal && \dut.h_kind_reg == 2'd0 && \dut.h_bar_reg == 1'b0 &&
                       \dut.h_val_reg == INC);
            if (\dut.u_v_reg ) begin
                assert(\dut.u_kind_reg == 2'd0);
                if (\dut.u_bar_reg == 1'b0) assert(\dut.u_val_reg == INC);
                else assert(\dut.u_val_reg != {W{1'b0}} && \dut.u_val_reg < HALF);
            end
            assert(\dut.nq_cnt_reg <= 2'd2);
            assert(\dut.rq_ind_reg == (\dut.rq_v_reg && \dut.rq_ph_reg == 2'd3));
            // input register of the fabric increments
            if (\dut.i_v_reg ) begin
                if (\dut.u0_bar_reg == 1'b0) assert(\dut.i_val_reg == INC);
                else assert(\dut.i_val_reg != {W{1'b0}} && \dut.i_val_reg < HALF);
            end
            // release scanner
            if (\dut.s0_v_reg )
                assert(!\dut.s0_pend_reg && \dut.s0_bar_reg == 8'd0 && \dut.s0_st_reg == 2'd0);
            if (\dut.s1_v_reg ) begin
                assert(!\dut.s1_pend_reg && \dut.s1_bar_reg == 8'd0 && \dut.s1_st_reg == 2'd0);
                if (\dut.armed_reg [\dut.s1_pe_reg ]) begin
                    assert(\dut.s1_tgt == d_tgt[\dut.s1_pe_reg ]);
                    assert(d_cnt0 - \dut.s1_cnt == {W{1'b0}} || d_cnt0 - \dut.s1_cnt == INC);
                    if (ge(\dut.s1_cnt , \dut.s1_tgt ))
                        assert(!f_x[\dut.s1_pe_reg ]);
                end
            end
            if (\dut.s2_v_reg ) begin
                assert(\dut.s2_bar_reg == 8'd0 && \dut.s2_st_reg == 2'd0);
                if (\dut.armed_reg [\dut.s2_pe_reg ])
                    assert(\dut.s2_ep_reg == d_tgt[\dut.s2_pe_reg ] && !f_x[\dut.s2_pe_reg ]);
            end
            // mirror register
            assert(\dut.mir_valid_reg == m_mir_valid);
        end
    end
endmodule
`resetall
