// barrier_ctr_props: formal wrapper for rtl/barrier/barrier_ctr.v (SymbiYosys, k-induction).
//
// Contract: docs/barrier.md sections 2-4; note shared/spec/001-multicast-barrier.md §4.2 (update
// rules), §4.4 A1/A2 (ghost counter), A3/A5 (release only while armed, no idle arbiter),
// A7 (mirror), S3/S4 (window, wrap safety), S7 (negative regressions, see F_BUG).
//
// Everything prefixed f_ is formal-only. The wrapper holds an independent reference model of the
// block, written from the contract and updated only from the port handshakes:
//   f_cnt[b]   ghost counter: CSR write value, plus every applied increment (internal path, then
//              fabric), mod 2^W (A1/A2);
//   f_tgt[p]   ghost next-epoch value of PE p;
//   f_d[p]     TRUE (unwrapped) difference true_cnt[bar(p)] - true_tgt[p], a signed integer that
//              never wraps: +increment, -STEP on an arrive. The window assumption (S3) keeps it
//              in [-STEP, STEP-1];
//   f_busy[p], f_kind[p], f_x*[p]   outstanding request of PE p and the release it must produce;
//   f_mq_*     shadow of the mirror queue: every counter update pushes {bar, counter value after
//              the update}; f_mq_lag = true_cnt - true value of that entry (>= 0, never ahead);
//   f_nq_*     shadow of the notification queue.
// Internal registers of the DUT are reached with (* hierconn *) wires named `\dut.<reg>`: yosys'
// flatten pass connects such a wire to the register of that name inside instance `dut` (the sby
// script runs memory_map + flatten, then `check -assert` fails on any name that did not connect).
// They are used only in the "induction strengthening" block, which states that the DUT's state
// equals the reference model's. Those names are written for the proof parameters below
// (NUM_BARRIERS = NUM_PES = 2, MIR_DEPTH = 4, NOTIF_DEPTH = 2); other values fail elaboration.
//
// Environment (assumptions), all taken from the contract or the system model of §4.4:
//   * STEP[b] and INC[b] are constants; STEP[b] in [1, 2^(W-1)] (barrier_dev refuses to enable a
//     barrier otherwise, S4); fabric increments are in [1, 2^(W-1)-1] (barrier_rx drops others);
//   * PE p only ever uses barrier f_bar[p] (an arbitrary constant, possibly invalid);
//   * a PE arrives only after it has passed its previous epoch (true diff >= 0) and WAITs only on
//     the epoch its ARRIVE_NB returned (its current tgt) unless the WAIT is refused as too far;
//   * increments never push a bound PE's true diff above STEP-1 (S3 window: the other
//     participants cannot be more than one epoch ahead of this PE);
//   * CSR writes only in idle cycles (no request, no increment, mirror queue empty), CNT only
//     while the barrier is disabled and its PEs are idle, TGT only while the PE is idle, and the
//     written values put every affected PE back in the window (as initialisation does, A15).
// Properties (docs/barrier.md "Formal" names them (a)-(d)):
//   (a) release safety: a waiting PE is presented on m_rel only when f_d >= 0, i.e. the TRUE
//       counter reached its TRUE target (every increment of its epoch was applied; note S1);
//   (b) ghost counter: cnt_flat == f_cnt after every cycle (each accepted increment changes its
//       counter exactly once, mod 2^W; A1/A2);
//   (c) wrap safety: inside the window the serial compare on the wrapped DUT values equals the
//       true comparison (f_d >= 0); proved at CNT_WIDTH = 4, where the counter and the targets
//       wrap within a few cycles (S4); covers show releases after a wrap;
//   (d) mirror: every mirror write is {bar, counter value right after one update}, in update
//       order; its lag behind the true counter is >= 0 (never ahead) and the values of one
//       barrier leave in non-decreasing true order (A7);
//   plus: tgt, pe_busy, release content (pe, bar, status, epoch), valid/ready stability on
//   m_rel, lowest-releasable-PE arbitration, s_req/s_inc ready rules, statistics pulses,
//   notification queue order.
// F_BUG (negative jobs, expected to FAIL; only the targeted properties are kept, so the failure
// is theirs):
//   1: property (a) alone; the sby task reads a mutant of barrier_ctr.v whose release compare
//      is the literal `cnt >= tgt` (S7; made by scripts/formal.sh). Fails: premature release
//      after a wrap.
//   2: properties (a) and (b); the wrapper replays one accepted fabric increment into the DUT (a
//      duplicated copy, S7). Fails on (b).
//   3: property (a) alone, with the replay of F_BUG 2: a duplicated copy releases a PE early (S7
//      "duplication breaks safety").
`default_nettype none
module barrier_ctr_props #(
    parameter NUM_BARRIERS = 2,
    parameter NUM_PES      = 2,
    parameter CNT_WIDTH    = 4,
    parameter MIR_DEPTH    = 4,
    parameter NOTIF_DEPTH  = 2,
    parameter F_BUG        = 0
) (
    input wire                        clk,
    input wire                        rst,
    input wire                        cfg_internal_path,
    input wire [NUM_BARRIERS-1:0]     cfg_bar_en,
    input wire                        csr_cnt_wr,
    input wire [0:0]                  csr_cnt_idx,
    input wire [CNT_WIDTH-1:0]        csr_cnt_data,
    input wire                        csr_tgt_wr,
    input wire [0:0]                  csr_tgt_idx,
    input wire [CNT_WIDTH-1:0]        csr_tgt_data,
    input wire                        s_req_valid,
    input wire [1:0]                  s_req_op,
    input wire [7:0]                  s_req_pe,
    input wire [7:0]                  s_req_bar,
    input wire [CNT_WIDTH-1:0]        s_req_epoch,
    input wire                        e_inc_valid,    // environment side of s_inc
    input wire [0:0]                  e_inc_bar,
    input wire [CNT_WIDTH-1:0]        e_inc_val,
    input wire                        f_inject,       // F_BUG == 2, 3 only: replay this increment
    input wire                        m_rel_ready,
    input wire                        m_mir_ready,
    input wire                        m_notif_ready
);
    localparam NB  = NUM_BARRIERS;
    localparam NW  = NUM_PES;
    localparam W   = CNT_WIDTH;
    localparam BW  = 1;                 // log2(NB) for NB = 2
    localparam PW  = 1;                 // log2(NW) for NW = 2
    localparam MD  = MIR_DEPTH;
    localparam MW  = $clog2(MIR_DEPTH);
    localparam ND  = NOTIF_DEPTH;
    localparam DW  = W + 3;             // signed width of a true difference
    localparam LW  = W + MW + 2;        // width of a mirror lag
    localparam [W-1:0] HALF = {1'b1, {(W-1){1'b0}}};
    localparam F_ALL = (F_BUG == 0);    // negative jobs keep only the properties they target
    localparam [1:0] OP_ARRIVE = 2'd0, OP_WAIT = 2'd1, OP_ARRIVE_NB = 2'd2, OP_BAD = 2'd3;
    localparam [1:0] ST_OK = 2'd0, ST_ERR_BAR = 2'd1, ST_ERR_FAR = 2'd2, ST_ERR_OP = 2'd3;

    generate
        if (NB != 2 || NW != 2 || MD != 4 || ND != 2) begin : g_bad_params
            FORMAL_WRAPPER_IS_WRITTEN_FOR_NB2_NW2_MD4_ND2 u_err();
        end
    endgenerate

    // ------------------------------------------------------------ free constants
    // (anyconst cannot be put on an array: one register per element)
    (* anyconst *) reg [W-1:0] f_step0, f_step1;
    (* anyconst *) reg [W-1:0] f_inc0, f_inc1;
    (* anyconst *) reg [7:0]   f_bar0, f_bar1;      // the barrier PE p is bound to
    wire [W-1:0] f_step [0:NB-1];
    wire [W-1:0] f_inc  [0:NB-1];
    wire [7:0]   f_bar  [0:NW-1];
    assign f_step[0] = f_step0;
    assign f_step[1] = f_step1;
    assign f_inc[0]  = f_inc0;
    assign f_inc[1]  = f_inc1;
    assign f_bar[0]  = f_bar0;
    assign f_bar[1]  = f_bar1;

    wire [NB*W-1:0] f_step_flat = {f_step[1], f_step[0]};
    wire [NB*W-1:0] f_inc_flat  = {f_inc[1],  f_inc[0]};

    // ------------------------------------------------------------ DUT
    wire              s_req_ready, s_inc_ready;
    wire              s_inc_valid;
    wire [BW-1:0]     s_inc_bar;
    wire [W-1:0]      s_inc_val;
    wire [NB*W-1:0]   cnt_flat;
    wire [NW*W-1:0]   tgt_flat;
    wire [NW-1:0]     pe_busy;
    wire              m_rel_valid;
    wire [7:0]        m_rel_pe, m_rel_bar;
    wire [W-1:0]      m_rel_epoch;
    wire [1:0]        m_rel_status;
    wire              m_mir_valid;
    wire [BW-1:0]     m_mir_bar;
    wire [W-1:0]      m_mir_data;
    wire              m_notif_valid;
    wire [BW-1:0]     m_notif_bar;
    wire              stat_req_arrive, stat_req_wait, stat_req_drop_pe, stat_req_drop_busy;
    wire              stat_rsp_err_bar, stat_rsp_err_far, stat_rsp_err_op, stat_rel_ok;
    wire [1:0]        stat_mirror_wr;
    wire              stat_tx_notif;

    barrier_ctr #(
        .NUM_BARRIERS(NB), .NUM_PES(NW), .CNT_WIDTH(W), .MIR_DEPTH(MD), .NOTIF_DEPTH(ND)
    ) dut (
        .clk(clk), .rst(rst),
        .cfg_internal_path(cfg_internal_path), .cfg_bar_en(cfg_bar_en),
        .cfg_bar_step(f_step_flat), .cfg_bar_inc(f_inc_flat),
        .csr_cnt_wr(csr_cnt_wr), .csr_cnt_idx(csr_cnt_idx), .csr_cnt_data(csr_cnt_data),
        .csr_tgt_wr(csr_tgt_wr), .csr_tgt_idx(csr_tgt_idx), .csr_tgt_data(csr_tgt_data),
        .cnt_flat(cnt_flat), .tgt_flat(tgt_flat), .pe_busy(pe_busy),
        .s_req_valid(s_req_valid), .s_req_ready(s_req_ready), .s_req_op(s_req_op),
        .s_req_pe(s_req_pe), .s_req_bar(s_req_bar), .s_req_epoch(s_req_epoch),
        .s_inc_valid(s_inc_valid), .s_inc_ready(s_inc_ready), .s_inc_bar(s_inc_bar),
        .s_inc_val(s_inc_val),
        .m_rel_valid(m_rel_valid), .m_rel_ready(m_rel_ready), .m_rel_pe(m_rel_pe),
        .m_rel_bar(m_rel_bar), .m_rel_epoch(m_rel_epoch), .m_rel_status(m_rel_status),
        .m_mir_valid(m_mir_valid), .m_mir_ready(m_mir_ready), .m_mir_bar(m_mir_bar),
        .m_mir_data(m_mir_data),
        .m_notif_valid(m_notif_valid), .m_notif_ready(m_notif_ready), .m_notif_bar(m_notif_bar),
        .stat_req_arrive(stat_req_arrive), .stat_req_wait(stat_req_wait),
        .stat_req_drop_pe(stat_req_drop_pe), .stat_req_drop_busy(stat_req_drop_busy),
        .stat_rsp_err_bar(stat_rsp_err_bar), .stat_rsp_err_far(stat_rsp_err_far),
        .stat_rsp_err_op(stat_rsp_err_op), .stat_rel_ok(stat_rel_ok),
        .stat_mirror_wr(stat_mirror_wr), .stat_tx_notif(stat_tx_notif)
    );

    // ------------------------------------------------------------ fabric increment source
    // F_BUG == 2, 3: after an accepted increment with f_inject set, the next cycle presents the
    // same increment to the DUT again (the environment's own increment is held off that cycle).
    reg           f_dup_v;
    reg [BW-1:0]  f_dup_bar;
    reg [W-1:0]   f_dup_val;
    wire          f_replay = (F_BUG == 2 || F_BUG == 3) && f_dup_v;
    assign s_inc_valid = f_replay ? 1'b1 : e_inc_valid;
    assign s_inc_bar   = f_replay ? f_dup_bar : e_inc_bar;
    assign s_inc_val   = f_replay ? f_dup_val : e_inc_val;
    wire   e_inc_ready = s_inc_ready && !f_replay;
    wire   f_inc_fire  = e_inc_valid && e_inc_ready;    // increments the environment really sent
    always @(posedge clk) begin
        if (rst) begin
            f_dup_v <= 1'b0;
        end else begin
            f_dup_v   <= !f_dup_v && f_inc_fire && f_inject && !f_dup_done;
            f_dup_bar <= e_inc_bar;
            f_dup_val <= e_inc_val;
        end
    end
    reg f_dup_done;     // one duplicate per trace is enough
    always @(posedge clk)
        if (rst) f_dup_done <= 1'b0;
        else if (f_dup_v) f_dup_done <= 1'b1;

    // ------------------------------------------------------------ helpers
    function signed [DW-1:0] f_sx;      // sign-extend a W-bit value (serial difference)
        input [W-1:0] x;
        f_sx = {{(DW-W){x[W-1]}}, x};
    endfunction
    function signed [DW-1:0] f_zx;      // zero-extend a W-bit value
        input [W-1:0] x;
        f_zx = {{(DW-W){1'b0}}, x};
    endfunction
    function f_ge_serial;               // the contract's GE, written independently
        input [W-1:0] c;
        input [W-1:0] t;
        reg   [W-1:0] d;
        begin
            d = c - t;
            f_ge_serial = !d[W-1];
        end
    endfunction

    reg f_past_valid;
    initial f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    initial assume(rst);

    // ------------------------------------------------------------ reference model: state
    reg  [W-1:0]          f_cnt   [0:NB-1];
    reg                   f_wrap  [0:NB-1];     // the true counter has passed a multiple of 2^W
    reg  [W-1:0]          f_tgt   [0:NW-1];
    reg  signed [DW-1:0]  f_d     [0:NW-1];
    reg                   f_busy  [0:NW-1];
    reg                   f_kind  [0:NW-1];     // 1: immediate response (error / ARRIVE_NB)
    reg  [1:0]            f_xst   [0:NW-1];
    reg  [W-1:0]          f_xep   [0:NW-1];
    reg  [7:0]            f_xbar  [0:NW-1];

    // ------------------------------------------------------------ reference model: decode
    wire          f_req_fire = s_req_valid && s_req_ready;
    wire          f_pe_ok    = (s_req_pe < NW);
    wire [PW-1:0] f_pe       = s_req_pe[PW-1:0];
    wire          f_bar_ok   = (s_req_bar < NB) && cfg_bar_en[s_req_bar[BW-1:0]];
    wire [BW-1:0] f_rb       = s_req_bar[BW-1:0];
    wire [W-1:0]  f_rdist    = s_req_epoch - f_cnt[f_rb];
    wire          f_far      = (f_rdist < HALF) && (f_rdist > f_step[f_rb]);
    wire          f_eff      = f_req_fire && f_pe_ok && !f_busy[f_pe];
    wire          f_err_op   = f_eff && (s_req_op == OP_BAD);
    wire          f_err_bar  = f_eff && !f_err_op && !f_bar_ok;
    wire          f_err_far  = f_eff && (s_req_op == OP_WAIT) && f_bar_ok && f_far;
    wire          f_err      = f_err_op || f_err_bar || f_err_far;
    wire          f_do_arr   = f_eff && f_bar_ok &&
                               (s_req_op == OP_ARRIVE || s_req_op == OP_ARRIVE_NB);
    wire          f_do_wait  = f_eff && f_bar_ok && (s_req_op == OP_WAIT) && !f_far;
    wire          f_loc      = f_do_arr && cfg_internal_path;

    // true increment applied to each barrier this cycle (internal path and fabric)
    reg  [W:0]    f_add   [0:NB-1];
    // counter value after the internal-path update, and after the fabric update
    wire [W-1:0]  f_loc_val = f_cnt[f_rb] + f_inc[f_rb];
    wire [W-1:0]  f_fab_val = f_cnt[e_inc_bar] +
                              ((f_loc && f_rb == e_inc_bar) ? f_inc[f_rb] : {W{1'b0}})
                              + e_inc_val;
    always @* begin : b_1
        integer i;
        i = 0;   // (no latch on the loop variables)
        for (i = 0; i < NB; i = i + 1)
            f_add[i] = ((f_loc && f_rb == i) ? {1'b0, f_inc[i]} : {(W+1){1'b0}}) +
                       ((f_inc_fire && e_inc_bar == i) ? {1'b0, e_inc_val} : {(W+1){1'b0}});
    end

    // next true difference of each PE (before the CSR re-seed), used by the assumptions
    reg signed [DW-1:0] f_dn [0:NW-1];
    reg                 f_bound [0:NW-1];
    always @* begin : b_2
        integer i;
        i = 0;   // (no latch on the loop variables)
        for (i = 0; i < NW; i = i + 1) begin
            f_bound[i] = (f_bar[i] < NB);
            f_dn[i] = f_d[i] + $signed({{(DW-W-1){1'b0}}, f_add[f_bar[i][BW-1:0]]})
                      - ((f_do_arr && f_pe == i) ? f_zx(f_step[f_bar[i][BW-1:0]]) : {DW{1'b0}});
            if (csr_cnt_wr && csr_cnt_idx == f_bar[i][BW-1:0])
                f_dn[i] = f_sx(csr_cnt_data -
                               ((csr_tgt_wr && csr_tgt_idx == i) ? csr_tgt_data : f_tgt[i]));
            else if (csr_tgt_wr && csr_tgt_idx == i)
                f_dn[i] = f_sx(f_cnt[f_bar[i][BW-1:0]] - csr_tgt_data);
        end
    end

    // ------------------------------------------------------------ environment assumptions
    always @* begin : b_3
        integer j;
        j = 0;   // (no latch on the loop variables)
        for (j = 0; j < NB; j = j + 1)
            assume(f_step[j] != 0 && f_step[j] <= HALF);
        if (e_inc_valid)
            assume(e_inc_val != 0 && e_inc_val < HALF);
        if (s_req_valid && f_pe_ok)
            assume(s_req_bar == f_bar[f_pe]);
        if (!rst) begin
            // arrive only after passing the previous epoch
            if (f_do_arr)
                assume(f_d[f_pe] >= 0);
            // WAIT only on the current epoch (the value ARRIVE_NB returned), unless refused
            if (s_req_valid && f_pe_ok && !f_busy[f_pe] && s_req_op == OP_WAIT && f_bar_ok &&
                !f_far)
                assume(s_req_epoch == f_tgt[f_pe]);
            // S3 window for every bound PE (increments, arrivals and CSR writes)
            for (j = 0; j < NW; j = j + 1)
                if (f_bound[j])
                    assume(f_dn[j] <= f_zx(f_step[f_bar[j][BW-1:0]]) - 1 &&
                           f_dn[j] >= -f_zx(f_step[f_bar[j][BW-1:0]]));
            // CSR writes: idle cycles only
            if (csr_cnt_wr || csr_tgt_wr)
                assume(!s_req_valid && !e_inc_valid && f_mq_n == 0 && !f_replay);
            if (csr_cnt_wr) begin
                assume(!cfg_bar_en[csr_cnt_idx]);
                for (j = 0; j < NW; j = j + 1)
                    if (f_bar[j] == csr_cnt_idx)
                        assume(!f_busy[j]);
            end
            if (csr_tgt_wr)
                assume(!f_busy[csr_tgt_idx]);
        end
    end

    // ------------------------------------------------------------ reference model: update
    always @(posedge clk) begin : b_4
        integer i;
        if (rst) begin
            for (i = 0; i < NB; i = i + 1) begin
                f_cnt[i]  <= {W{1'b0}};
                f_wrap[i] <= 1'b0;
            end
            for (i = 0; i < NW; i = i + 1) begin
                f_tgt[i]  <= {W{1'b0}};
                f_d[i]    <= {DW{1'b0}};
                f_busy[i] <= 1'b0;
                f_kind[i] <= 1'b0;
                f_xst[i]  <= ST_OK;
                f_xep[i]  <= {W{1'b0}};
                f_xbar[i] <= 8'd0;
            end
        end else begin
            for (i = 0; i < NB; i = i + 1) begin
                if (csr_cnt_wr && csr_cnt_idx == i) begin
                    f_cnt[i]  <= csr_cnt_data;
                    f_wrap[i] <= 1'b0;
                end else begin
                    f_cnt[i] <= f_cnt[i] + f_add[i][W-1:0];
                    if ({1'b0, f_cnt[i]} + {1'b0, f_add[i]} >= (1 << W))
                        f_wrap[i] <= 1'b1;
                end
            end
            for (i = 0; i < NW; i = i + 1) begin
                if (f_bound[i])
                    f_d[i] <= f_dn[i];
                if (csr_tgt_wr && csr_tgt_idx == i)
                    f_tgt[i] <= csr_tgt_data;
                if (m_rel_valid && m_rel_ready && m_rel_pe == i)
                    f_busy[i] <= 1'b0;
            end
            if (f_eff) begin
                f_busy[f_pe] <= 1'b1;
                f_xbar[f_pe] <= s_req_bar;
                f_kind[f_pe] <= f_err || (s_req_op == OP_ARRIVE_NB);
                f_xst[f_pe]  <= f_err_op ? ST_ERR_OP : f_err_bar ? ST_ERR_BAR :
                                f_err_far ? ST_ERR_FAR : ST_OK;
                f_xep[f_pe]  <= f_err ? s_req_epoch : (f_tgt[f_pe] + f_step[f_rb]);
                if (f_do_arr)
                    f_tgt[f_pe] <= f_tgt[f_pe] + f_step[f_rb];
                if (f_do_wait)
                    f_tgt[f_pe] <= s_req_epoch;
            end
        end
    end

    // ------------------------------------------------------------ mirror queue shadow
    reg  [BW-1:0] f_mq_bar [0:MD-1];
    reg  [W-1:0]  f_mq_val [0:MD-1];
    reg  [LW-1:0] f_mq_lag [0:MD-1];
    reg  [MW:0]   f_mq_n;
    wire          f_mq_pop = (f_mq_n != 0) && m_mir_ready;
    reg  [BW-1:0] f_mqn_bar [0:MD-1];
    reg  [W-1:0]  f_mqn_val [0:MD-1];
    reg  [LW-1:0] f_mqn_lag [0:MD-1];
    reg  [MW+1:0] f_mqn_n;
    always @* begin : b_5
        integer k;
        k = 0;   // (no latch on the loop variables)
        // age every entry by the increments of its barrier, pop, then append
        for (k = 0; k < MD; k = k + 1) begin
            f_mqn_bar[k] = f_mq_bar[k];
            f_mqn_val[k] = f_mq_val[k];
            f_mqn_lag[k] = f_mq_lag[k] + f_add[f_mq_bar[k]];
        end
        f_mqn_n = f_mq_n;
        if (f_mq_pop) begin
            for (k = 0; k < MD - 1; k = k + 1) begin
                f_mqn_bar[k] = f_mqn_bar[k + 1];
                f_mqn_val[k] = f_mqn_val[k + 1];
                f_mqn_lag[k] = f_mqn_lag[k + 1];
            end
            f_mqn_n = f_mqn_n - 1'b1;
        end
        if (f_loc) begin
            for (k = 0; k < MD; k = k + 1)
                if (f_mqn_n == k) begin
                    f_mqn_bar[k] = f_rb;
                    f_mqn_val[k] = f_loc_val;
                    f_mqn_lag[k] = (f_inc_fire && e_inc_bar == f_rb) ? e_inc_val : {LW{1'b0}};
                end
            f_mqn_n = f_mqn_n + 1'b1;
        end
        if (f_inc_fire) begin
            for (k = 0; k < MD; k = k + 1)
                if (f_mqn_n == k) begin
                    f_mqn_bar[k] = e_inc_bar;
                    f_mqn_val[k] = f_fab_val;
                    f_mqn_lag[k] = {LW{1'b0}};
                end
            f_mqn_n = f_mqn_n + 1'b1;
        end
    end
    always @(posedge clk) begin : b_6
        integer k;
        if (rst) begin
            f_mq_n <= {(MW+1){1'b0}};
        end else begin
            f_mq_n <= f_mqn_n[MW:0];
            for (k = 0; k < MD; k = k + 1) begin
                f_mq_bar[k] <= f_mqn_bar[k];
                f_mq_val[k] <= f_mqn_val[k];
                f_mq_lag[k] <= f_mqn_lag[k];
            end
        end
    end

    // per barrier: lag of the last mirror value that left (saturating), for the ordering check
    localparam [LW-1:0] LAG_MAX = {LW{1'b1}};
    reg [LW-1:0] f_last_lag [0:NB-1];
    reg          f_last_v   [0:NB-1];
    reg [LW:0]   f_ll_sum;
    always @(posedge clk) begin : b_7
        integer i;
        if (rst) begin
            for (i = 0; i < NB; i = i + 1) f_last_v[i] <= 1'b0;
        end else begin
            for (i = 0; i < NB; i = i + 1) begin
                f_ll_sum = {1'b0, f_last_lag[i]} + f_add[i];
                f_last_lag[i] <= f_ll_sum[LW] ? LAG_MAX : f_ll_sum[LW-1:0];
                if (csr_cnt_wr && csr_cnt_idx == i)
                    f_last_v[i] <= 1'b0;
            end
            if (f_mq_pop) begin
                f_last_v[f_mq_bar[0]]   <= 1'b1;
                f_last_lag[f_mq_bar[0]] <= f_mq_lag[0] + f_add[f_mq_bar[0]];
            end
        end
    end

    // ------------------------------------------------------------ notification queue shadow
    reg  [BW-1:0] f_nq_bar [0:ND-1];
    reg  [1:0]    f_nq_n;
    wire          f_nq_pop = (f_nq_n != 0) && m_notif_ready;
    reg  [BW-1:0] f_nqn_bar [0:ND-1];
    reg  [2:0]    f_nqn_n;
    always @* begin : b_8
        integer k;
        k = 0;   // (no latch on the loop variables)
        for (k = 0; k < ND; k = k + 1) f_nqn_bar[k] = f_nq_bar[k];
        f_nqn_n = {1'b0, f_nq_n};
        if (f_nq_pop) begin
            for (k = 0; k < ND - 1; k = k + 1) f_nqn_bar[k] = f_nqn_bar[k + 1];
            f_nqn_n = f_nqn_n - 1'b1;
        end
        if (f_do_arr) begin
            for (k = 0; k < ND; k = k + 1)
                if (f_nqn_n == k) f_nqn_bar[k] = f_rb;
            f_nqn_n = f_nqn_n + 1'b1;
        end
    end
    always @(posedge clk) begin : b_9
        integer k;
        if (rst) f_nq_n <= 2'd0;
        else begin
            f_nq_n <= f_nqn_n[1:0];
            for (k = 0; k < ND; k = k + 1) f_nq_bar[k] <= f_nqn_bar[k];
        end
    end

    // ------------------------------------------------------------ releasable set (reference)
    reg f_relable [0:NW-1];
    reg f_any_rel;
    reg [PW-1:0] f_low_rel;
    always @* begin : b_10
        integer i;
        i = 0;   // (no latch on the loop variables)
        f_any_rel = 1'b0;
        f_low_rel = {PW{1'b0}};
        for (i = NW - 1; i >= 0; i = i - 1) begin
            f_relable[i] = f_busy[i] && !(m_rel_valid && m_rel_pe == i) &&
                           (f_kind[i] || f_d[i] >= 0);
            if (f_relable[i]) begin
                f_any_rel = 1'b1;
                f_low_rel = i;
            end
        end
    end

    // ------------------------------------------------------------ properties
    wire [W-1:0] f_dut_cnt [0:NB-1];
    wire [W-1:0] f_dut_tgt [0:NW-1];
    genvar gb;
    generate
        for (gb = 0; gb < NB; gb = gb + 1) begin : g_fc
            assign f_dut_cnt[gb] = cnt_flat[gb*W +: W];
        end
        for (gb = 0; gb < NW; gb = gb + 1) begin : g_ft
            assign f_dut_tgt[gb] = tgt_flat[gb*W +: W];
        end
    endgenerate

    wire [PW-1:0] f_rp = m_rel_pe[PW-1:0];
    wire          f_rel_fire = m_rel_valid && m_rel_ready;

    // The two properties the negative jobs target. (b) ghost counter: every accepted increment
    // (internal path and fabric) changes its counter exactly once, mod 2^W (note A1/A2).
    // (a) release safety (note S1 at the block): a waiting PE is released only when the TRUE
    // (unwrapped) counter has reached its TRUE target, i.e. every increment of its epoch was
    // applied.
    always @(*) begin : b_prop_ab
        integer ib;
        ib = 0;   // (no latch on the loop variables)
        for (ib = 0; ib < NB; ib = ib + 1)
            if (!rst && f_past_valid && (F_ALL || F_BUG == 2))
                assert(f_dut_cnt[ib] == f_cnt[ib]);                         // (b)
        if (!rst && f_past_valid && m_rel_valid && !f_kind[f_rp])
            assert(m_rel_status == ST_OK && f_d[f_rp] >= 0);                // (a)
    end

    always @(*) begin : b_11
        integer i, j, k;
        i = 0; j = 0; k = 0;   // (no latch on the loop variables)
        if (!rst && f_past_valid && F_ALL) begin
            for (i = 0; i < NW; i = i + 1) begin
                assert(f_dut_tgt[i] == f_tgt[i]);
                assert(pe_busy[i] == f_busy[i]);
                if (f_bound[i]) begin
                    // S3 window and the link between true and wrapped values
                    assert(f_d[i] >= -f_zx(f_step[f_bar[i][BW-1:0]]));
                    assert(f_d[i] <= f_zx(f_step[f_bar[i][BW-1:0]]) - 1);
                    assert(f_d[i][W-1:0] == f_cnt[f_bar[i][BW-1:0]] - f_tgt[i]);
                    // (c) the serial compare is exact inside the window (wrap safety, S4)
                    assert(f_ge_serial(f_dut_cnt[f_bar[i][BW-1:0]], f_dut_tgt[i]) == (f_d[i] >= 0));
                end
                if (f_busy[i] && !f_kind[i])
                    assert(f_bound[i]);      // only a bound PE can be armed
                if (f_busy[i])
                    assert(f_xbar[i] == f_bar[i]);   // a PE only uses its own barrier
                // a waiting PE's release is OK; an ARRIVE_NB response carries the current tgt
                if (f_busy[i] && !f_kind[i])
                    assert(f_xst[i] == ST_OK);
                if (f_busy[i] && f_kind[i] && f_xst[i] == ST_OK)
                    assert(f_xep[i] == f_tgt[i] && f_bound[i]);
            end
            // a release only for an outstanding request, with the expected content
            if (m_rel_valid) begin
                assert(m_rel_pe < NW);
                assert(f_busy[f_rp]);
                assert(m_rel_bar == f_xbar[f_rp]);
                assert(m_rel_status == f_xst[f_rp]);
                assert(m_rel_epoch == (f_kind[f_rp] ? f_xep[f_rp] : f_tgt[f_rp]));
            end
            // ready / statistics contract
            assert(s_inc_ready == (f_mq_n <= MD - 2));
            assert(s_req_ready == ((f_mq_n <= MD - 2) && (f_nq_n != ND)));
            assert(stat_rel_ok == (f_rel_fire && m_rel_status == ST_OK));
            assert(stat_tx_notif == f_do_arr && stat_req_arrive == f_do_arr);
            assert(stat_req_wait == f_do_wait);
            assert(stat_rsp_err_op == f_err_op && stat_rsp_err_bar == f_err_bar &&
                   stat_rsp_err_far == f_err_far);
            assert(stat_req_drop_pe == (f_req_fire && !f_pe_ok));
            assert(stat_req_drop_busy == (f_req_fire && f_pe_ok && f_busy[f_pe]));
            assert(stat_mirror_wr == {1'b0, f_loc} + {1'b0, f_inc_fire || f_replay});
            // (d) mirror: the head is the counter value right after its update; never ahead
            assert(f_mq_n <= MD);
            assert(m_mir_valid == (f_mq_n != 0));
            if (f_mq_n != 0) begin
                assert(m_mir_bar == f_mq_bar[0] && m_mir_data == f_mq_val[0]);
                // never ahead, as a poller sees it: while the true lag is below 2^(W-1), the
                // serial compare says counter >= mirror value
                if (f_mq_lag[0] < HALF)
                    assert(f_ge_serial(f_dut_cnt[m_mir_bar], m_mir_data));
            end
            for (k = 0; k < MD; k = k + 1)
                if (k < f_mq_n)
                    assert(f_mq_val[k] + f_mq_lag[k][W-1:0] == f_cnt[f_mq_bar[k]]);
            // (d) induction strengthening for the order check: an entry's lag is the sum of the
            // increments of the later entries of its barrier, so it is bounded, the youngest
            // entry has lag 0, lags of one barrier do not grow towards the tail, and the last
            // value that left is at least as old as every queued one
            for (k = 0; k < MD; k = k + 1)
                if (k < f_mq_n) begin
                    assert(f_mq_lag[k] <= (f_mq_n - 1 - k) * ((1 << W) - 1));
                    if (f_last_v[f_mq_bar[k]])
                        assert(f_mq_lag[k] <= f_last_lag[f_mq_bar[k]]);
                    for (j = 0; j < MD; j = j + 1)
                        if (k < j && j < f_mq_n && f_mq_bar[j] == f_mq_bar[k])
                            assert(f_mq_lag[j] <= f_mq_lag[k]);
                end
            // (d) mirror values of one barrier leave in non-decreasing true order
            if (f_mq_pop && f_last_v[f_mq_bar[0]])
                assert(f_mq_lag[0] <= f_last_lag[f_mq_bar[0]]);
            // notification queue
            assert(f_nq_n <= ND);
            assert(m_notif_valid == (f_nq_n != 0));
            if (f_nq_n != 0)
                assert(m_notif_bar == f_nq_bar[0]);
        end
    end

    always @(posedge clk) begin
        if (f_past_valid && !$past(rst) && !rst && F_ALL) begin
            // valid/ready: a presented release stays, unchanged, until taken
            if ($past(m_rel_valid && !m_rel_ready))
                assert(m_rel_valid && $stable(m_rel_pe) && $stable(m_rel_bar) &&
                       $stable(m_rel_epoch) && $stable(m_rel_status));
            // A5 at the arbiter: a free release register is filled with the lowest releasable PE
            if ($past((!m_rel_valid || m_rel_ready) && f_any_rel))
                assert(m_rel_valid && m_rel_pe == $past(f_low_rel));
            // nothing is presented that was not releasable
            if ($past(!m_rel_valid || m_rel_ready) && !$past(f_any_rel))
                assert(!m_rel_valid);
        end
    end

    // ------------------------------------------------------------ induction strengthening
    // The DUT's hidden state equals the reference model's (names: see the header).
    (* hierconn *) wire           \dut.armed_reg[0] ;
    (* hierconn *) wire           \dut.armed_reg[1] ;
    (* hierconn *) wire           \dut.pend_reg[0] ;
    (* hierconn *) wire           \dut.pend_reg[1] ;
    (* hierconn *) wire [7:0]     \dut.pbar_reg[0] ;
    (* hierconn *) wire [7:0]     \dut.pbar_reg[1] ;
    (* hierconn *) wire [1:0]     \dut.pst_reg[0] ;
    (* hierconn *) wire [1:0]     \dut.pst_reg[1] ;
    (* hierconn *) wire [W-1:0]   \dut.pep_reg[0] ;
    (* hierconn *) wire [W-1:0]   \dut.pep_reg[1] ;
    (* hierconn *) wire [BW+W-1:0] \dut.mir_mem[0] ;
    (* hierconn *) wire [BW+W-1:0] \dut.mir_mem[1] ;
    (* hierconn *) wire [BW+W-1:0] \dut.mir_mem[2] ;
    (* hierconn *) wire [BW+W-1:0] \dut.mir_mem[3] ;
    (* hierconn *) wire [MW-1:0]  \dut.mir_rp_reg ;
    (* hierconn *) wire [MW-1:0]  \dut.mir_wp_reg ;
    (* hierconn *) wire [MW:0]    \dut.mir_cnt_reg ;
    (* hierconn *) wire [BW-1:0]  \dut.nq_mem[0] ;
    (* hierconn *) wire [BW-1:0]  \dut.nq_mem[1] ;
    (* hierconn *) wire [0:0]     \dut.nq_rp_reg ;
    (* hierconn *) wire [0:0]     \dut.nq_wp_reg ;
    (* hierconn *) wire [1:0]     \dut.nq_cnt_reg ;

    wire          f_h_armed [0:NW-1];
    wire          f_h_pend  [0:NW-1];
    wire [7:0]    f_h_pbar  [0:NW-1];
    wire [1:0]    f_h_pst   [0:NW-1];
    wire [W-1:0]  f_h_pep   [0:NW-1];
    wire [BW+W-1:0] f_h_mir [0:MD-1];
    wire [BW-1:0] f_h_nq    [0:ND-1];
    assign f_h_armed[0] = \dut.armed_reg[0] ;
    assign f_h_armed[1] = \dut.armed_reg[1] ;
    assign f_h_pend[0]  = \dut.pend_reg[0] ;
    assign f_h_pend[1]  = \dut.pend_reg[1] ;
    assign f_h_pbar[0]  = \dut.pbar_reg[0] ;
    assign f_h_pbar[1]  = \dut.pbar_reg[1] ;
    assign f_h_pst[0]   = \dut.pst_reg[0] ;
    assign f_h_pst[1]   = \dut.pst_reg[1] ;
    assign f_h_pep[0]   = \dut.pep_reg[0] ;
    assign f_h_pep[1]   = \dut.pep_reg[1] ;
    assign f_h_mir[0]   = \dut.mir_mem[0] ;
    assign f_h_mir[1]   = \dut.mir_mem[1] ;
    assign f_h_mir[2]   = \dut.mir_mem[2] ;
    assign f_h_mir[3]   = \dut.mir_mem[3] ;
    assign f_h_nq[0]    = \dut.nq_mem[0] ;
    assign f_h_nq[1]    = \dut.nq_mem[1] ;

    always @(*) begin : b_12
        integer i, k;
        i = 0; k = 0;   // (no latch on the loop variables)
        if (!rst && f_past_valid && F_ALL) begin
            for (i = 0; i < NW; i = i + 1) begin
                if (!f_busy[i] || (m_rel_valid && m_rel_pe == i)) begin
                    assert(!f_h_armed[i] && !f_h_pend[i]);
                end else begin
                    assert(f_h_armed[i] == !f_kind[i] && f_h_pend[i] == f_kind[i]);
                    assert(f_h_pbar[i] == f_xbar[i]);
                    if (f_kind[i])
                        assert(f_h_pst[i] == f_xst[i] && f_h_pep[i] == f_xep[i]);
                end
            end
            assert(\dut.mir_cnt_reg == f_mq_n);
            assert(\dut.mir_wp_reg == \dut.mir_rp_reg + f_mq_n[MW-1:0]);
            for (k = 0; k < MD; k = k + 1)
                if (k < f_mq_n)
                    assert(f_h_mir[(\dut.mir_rp_reg + k) % MD] == {f_mq_bar[k], f_mq_val[k]});
            assert(\dut.nq_cnt_reg == f_nq_n);
            assert(\dut.nq_wp_reg == \dut.nq_rp_reg + f_nq_n[0]);
            for (k = 0; k < ND; k = k + 1)
                if (k < f_nq_n)
                    assert(f_h_nq[(\dut.nq_rp_reg + k) % ND] == f_nq_bar[k]);
        end
    end

    // ------------------------------------------------------------ covers (sby task "cvr")
    // per PE: its true target went over a multiple of 2^W through ARRIVEs since it was written
    reg f_twrap [0:NW-1];
    always @(posedge clk) begin : b_twrap
        integer it;
        for (it = 0; it < NW; it = it + 1)
            if (rst || (csr_tgt_wr && csr_tgt_idx == it))
                f_twrap[it] <= 1'b0;
            else if (f_do_arr && f_pe == it &&
                     {1'b0, f_tgt[it]} + {1'b0, f_step[f_rb]} >= (1 << W))
                f_twrap[it] <= 1'b1;
    end
    wire f_ok_wait_rel = f_rel_fire && !f_kind[f_rp] && m_rel_status == ST_OK;
    wire [BW-1:0] f_rb_out = m_rel_bar[BW-1:0];
    reg f_seen_lag_half;
    always @(*) begin : b_13
        integer k;
        k = 0;   // (no latch on the loop variables)
        f_seen_lag_half = 1'b0;
        for (k = 0; k < MD; k = k + 1)
            if (k < f_mq_n && f_mq_lag[k] >= HALF)
                f_seen_lag_half = 1'b1;
    end
    always @(posedge clk) begin
        if (!rst && f_past_valid) begin
            // (3) a waiting PE released after its counter wrapped
            cover(f_ok_wait_rel && f_wrap[f_rb_out]);
            // (3) a waiting PE released at an epoch value that itself wrapped past 0 (its target
            // went over 2^W through ARRIVEs), after the counter wrapped
            cover(f_ok_wait_rel && f_twrap[f_rp] && f_wrap[f_rb_out]);
            // every response kind
            cover(f_rel_fire && m_rel_status == ST_ERR_FAR);
            cover(f_rel_fire && m_rel_status == ST_ERR_BAR);
            cover(f_rel_fire && m_rel_status == ST_ERR_OP);
            cover(f_rel_fire && f_kind[f_rp] && m_rel_status == ST_OK);   // ARRIVE_NB
            cover(stat_req_drop_busy);
            // two counter updates in one cycle (internal path + fabric on the same barrier)
            cover(f_loc && f_inc_fire && e_inc_bar == f_rb);
            // mirror queue full; a queued mirror value more than 2^(W-1) behind the counter
            cover(f_mq_n == MD);
            cover(f_seen_lag_half);
        end
    end
endmodule
`default_nettype wire
