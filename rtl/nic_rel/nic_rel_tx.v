`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rel_tx: transmit-side end-to-end reliability of the NIC (block B3 of spec note 003: the
// tracker CAM and the retransmit buffer), issue 13 second slice. Reference: docs/nic_rel.md 9;
// C model cmodel/nic_rel_tx.{h,c}.
//
// Source: spec note 003-nic-app-state.md 2.7 (seed 003 L192-L218: one handle indexes the
//   retransmit entry and the protocol state, the ACK echoes it), 2.8 (L220-L252: sequence state
//   only for targets in flight), block B3 (state, algorithm, X1-X10), ambiguities A2 (next_seq and
//   cnt are separate), A3 (reset flag + epoch), A13 (two-stage retire: E2E ACK, then op_done).
//   Own code.
//
// Ports (one clock, synchronous active-high rst):
//   cfg_wmax [WIN_W+1]     W_MAX, 1 .. 2^WIN_W and <= 2^(SEQ_W-1) (quasi-static, as all cfg_*)
//   cfg_rto [TS_W]         retransmit timeout in ticks; the k-th timeout of a tracker waits
//                          cfg_rto << k (exponential backoff); cfg_rto << cfg_max_retry < 2^(TS_W-1)
//   cfg_max_retry [RTR_W]  timeouts of one tracker without progress before it is fatal
//   now_tick [TS_W]        coarse tick (external timer)
//   s_alloc_*  valid/ready  key[KEY_W] (= {target nid, class}, formed by the caller),
//              cmd[CMD_W] (the 64-byte command, kept for retransmission). s_alloc_ready is
//              combinational from s_alloc_key (CAM compare: window full / no tracker free).
//   m_aresp_*  valid/ready  one response per granted alloc, in order: handle[16], seq[SEQ_W],
//              epoch[EPOCH_W], reset (sync_fifo output)
//   s_ack_*    valid/ready  a response of the receiver (nic_rel_rx m_vrd): type[3] (1 ACK,
//              2 DUP_ACK, 3 NACK_SEQ, 4 NACK_NOSTATE; others ignored), key[KEY_W], seq[SEQ_W],
//              epoch[EPOCH_W], handle[16] (the echoed retransmit handle)
//   s_done_*   valid/ready  handle[16]: the operation of the handle is done (Portals ACK/REPLY,
//              A13); the handle returns to the pool once it is also E2E-acknowledged
//   m_retx_*   valid/ready  retransmit commands in order: handle[16], seq, epoch, reset, key, cmd
//   m_evt_*    valid/ready  type[2] (1 E2E-acked handle, 2 handle flushed by a fatal tracker,
//              3 fatal tracker: key), handle[16], key[KEY_W]
//   to_fire, to_key[KEY_W], to_now[TS_W], to_fatal  one-cycle event (registered): the timer scan
//              found the tracker of to_key expired at tick to_now (to_fatal: retries exhausted)
//   init_done  the free-handle FIFO holds every handle (R cycles after reset)
//   stat_cnt [15*32] 32-bit wrapping counters, word i = bits 32i+31:32i (docs/nic_rel.md 9.5)
// State: T = 2^TRK_W trackers {v, key, cnt, rst (the oldest in-flight entry is the reset
//   message), nakd (a go-back-N since the last retire)} in registers and {epoch, next_seq,
//   oldest_seq, t_last, retries} in LUTRAM; R = 2^H_W handles: flags {v, e2e_acked, op_done} (LUTRAM), meta
//   {tracker, seq, reset} and cmd (block RAM); the per-tracker ring ring[T][2^WIN_W] of handles
//   indexed by seq mod 2^WIN_W (the pending queue in seq order: block RAM); the free-handle FIFO
//   (sync_fifo, R deep); the global epoch counter.
// Engine: one operation at a time (docs/nic_rel.md 9.3): alloc 2 cycles, ACK 4 + 2 per retired
//   entry, go-back-N 3 per retransmitted command, done 2, timer scan 2. Handshakes are accepted
//   only by the idle engine, so input order = processing order.
// Timing: 125 MHz on ECP5-85 speed 6 is the target (fpga/open/nic_rel.tops; docs/nic_rel.md 9.6).
// Formal: formal/nic_rel/nic_rel_tx.sby, properties in formal/nic_rel/nic_rel_tx_props.vh.
module nic_rel_tx #(
    parameter TRK_W      = 6,    // T = 64 trackers
    parameter H_W        = 10,   // R = 1,024 handles
    parameter KEY_W      = 14,
    parameter SEQ_W      = 16,
    parameter EPOCH_W    = 32,
    parameter TS_W       = 16,
    parameter WIN_W      = 6,    // ring slots per tracker: 2^WIN_W >= W_MAX
    parameter RTR_W      = 3,
    parameter CMD_W      = 512,
    parameter SCAN_FORCE = 8,    // >= 2: a timer scan op at least every SCAN_FORCE idle cycles
    parameter OFIFO_DEPTH = 8    // output FIFOs, power of two >= 2
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire [WIN_W:0]         cfg_wmax,
    input  wire [TS_W-1:0]        cfg_rto,
    input  wire [RTR_W-1:0]       cfg_max_retry,
    input  wire [TS_W-1:0]        now_tick,

    input  wire                   s_alloc_valid,
    output wire                   s_alloc_ready,
    input  wire [KEY_W-1:0]       s_alloc_key,
    input  wire [CMD_W-1:0]       s_alloc_cmd,

    output wire                   m_aresp_valid,
    input  wire                   m_aresp_ready,
    output wire [15:0]            m_aresp_handle,
    output wire [SEQ_W-1:0]       m_aresp_seq,
    output wire [EPOCH_W-1:0]     m_aresp_epoch,
    output wire                   m_aresp_reset,

    input  wire                   s_ack_valid,
    output wire                   s_ack_ready,
    input  wire [2:0]             s_ack_type,
    input  wire [KEY_W-1:0]       s_ack_key,
    input  wire [SEQ_W-1:0]       s_ack_seq,
    input  wire [EPOCH_W-1:0]     s_ack_epoch,
    input  wire [15:0]            s_ack_handle,

    input  wire                   s_done_valid,
    output wire                   s_done_ready,
    input  wire [15:0]            s_done_handle,

    output wire                   m_retx_valid,
    input  wire                   m_retx_ready,
    output wire [15:0]            m_retx_handle,
    output wire [SEQ_W-1:0]       m_retx_seq,
    output wire [EPOCH_W-1:0]     m_retx_epoch,
    output wire                   m_retx_reset,
    output wire [KEY_W-1:0]       m_retx_key,
    output wire [CMD_W-1:0]       m_retx_cmd,

    output wire                   m_evt_valid,
    input  wire                   m_evt_ready,
    output wire [1:0]             m_evt_type,
    output wire [15:0]            m_evt_handle,
    output wire [KEY_W-1:0]       m_evt_key,

    output wire                   to_fire,
    output wire [KEY_W-1:0]       to_key,
    output wire [TS_W-1:0]        to_now,
    output wire                   to_fatal,
    output wire                   init_done,
    output wire [15*32-1:0]       stat_cnt
);
    localparam T    = 1 << TRK_W;
    localparam R    = 1 << H_W;
    localparam CW   = WIN_W + 1;                  // cnt 0 .. 2^WIN_W
    localparam MW   = TRK_W + SEQ_W + 1;          // meta word {trk, seq, reset}
    localparam AW   = 16 + SEQ_W + EPOCH_W + 1;   // aresp word
    localparam XW   = 16 + SEQ_W + EPOCH_W + 1 + KEY_W + CMD_W;  // retx word
    localparam EVW  = 2 + 16 + KEY_W;             // event word
    localparam LW   = TS_W + (1 << RTR_W);        // cfg_rto << retries, exact
    localparam SFW  = $clog2(SCAN_FORCE);
    localparam FCW  = $clog2(OFIFO_DEPTH + 1);
    localparam NCNT = 15;

    // counters (stat_cnt word order)
    localparam C_ALLOC = 0, C_TRK = 1, C_ACK = 2, C_STALE = 3, C_RETIRED = 4, C_NSEQ = 5, C_NOST = 6,
               C_NDUP = 7, C_TO = 8, C_FATAL = 9, C_RETX = 10, C_FREED = 11, C_DBAD = 12,
               C_FAST = 13, C_FLUSH = 14;

    localparam [3:0] S_INIT = 4'd0, S_IDLE = 4'd1, S_AL = 4'd2, S_A1 = 4'd3, S_A2 = 4'd4,
                     S_A3 = 4'd5, S_RA = 4'd6, S_RB = 4'd7, S_WS = 4'd8, S_WA = 4'd9,
                     S_WB = 4'd10, S_WC = 4'd11, S_D1 = 4'd12, S_C1 = 4'd13, S_C2 = 4'd14,
                     S_FE = 4'd15;
    localparam [1:0] AF_IDLE = 2'd0, AF_WALK = 2'd1, AF_FATAL = 2'd2;
    localparam [1:0] E_ACKED = 2'd1, E_FLUSH = 2'd2, E_FATAL = 2'd3;

    initial begin
        if (TRK_W < 1 || H_W < 2 || H_W > 15 || WIN_W < 1 || WIN_W > SEQ_W - 1 || SEQ_W < 2 ||
            EPOCH_W < 2 || TS_W < 2 || RTR_W < 1 || SCAN_FORCE < 2) begin
            $error("%m: TRK_W >= 1, 2 <= H_W <= 15, 1 <= WIN_W <= SEQ_W - 1 (X4), RTR_W >= 1, SCAN_FORCE >= 2");
            $finish;
        end
    end

    reg [3:0] st_reg;

    // ------------------------------------------------------------------ trackers (registers)
    reg               trk_v    [0:T-1];
    reg [KEY_W-1:0]   trk_key  [0:T-1];
    reg [EPOCH_W-1:0] trk_ep   [0:T-1];
    reg [SEQ_W-1:0]   trk_next [0:T-1];
    reg [SEQ_W-1:0]   trk_old  [0:T-1];
    reg [CW-1:0]      trk_cnt  [0:T-1];
    reg               trk_rst  [0:T-1];
    reg               trk_nakd [0:T-1];
    reg [TS_W-1:0]    trk_tl   [0:T-1];
    reg [RTR_W-1:0]   trk_rtr  [0:T-1];
    reg [EPOCH_W-1:0] epoch_ctr_reg;

    // ------------------------------------------------------------------ op registers
    reg [2:0]         op_type_reg;
    reg [KEY_W-1:0]   op_key_reg;
    reg [SEQ_W-1:0]   op_seq_reg;
    reg [EPOCH_W-1:0] op_ep_reg;
    reg [H_W-1:0]     op_h_reg;
    reg               op_hv_reg;       // the input handle is < R
    reg [TS_W-1:0]    op_now_reg;
    reg [TRK_W-1:0]   op_k_reg;
    reg [CW-1:0]      op_n_reg;        // entries still to retire
    reg [CW-1:0]      op_c_reg;        // the tracker's cnt during a retire loop
    reg               op_st_reg;       // retire status: 0 acked, 1 flushed
    reg [1:0]         op_af_reg;       // after the retire loop
    reg [SEQ_W-1:0]   op_s_reg;        // retire / walk position (seq)
    reg [SEQ_W-1:0]   op_e_reg;        // walk end (next_seq)
    reg [T-1:0]       al_oh_reg;       // alloc: the tracker (one-hot)
    reg               al_hit_reg;
    reg [T-1:0]       free_oh_reg;     // lowest free tracker (one-hot), from this cycle's trk_v
    reg               a1_fast_reg;
    reg [TRK_W-1:0]   a1_fk_reg;
    reg [T-1:0]       a1_oh_reg;
    reg               a1_hit_reg;
    reg               a2_ok_reg, a2_nakd_reg, a2_rst_reg;
    reg [SEQ_W-1:0]   a2_d_reg;
    reg               c_v_reg;
    reg [TS_W-1:0]    c_tl_reg;
    reg [RTR_W-1:0]   c_rtr_reg;
    reg [H_W-1:0]     wk_h_reg;
    reg [SFW-1:0]     scan_wait_reg;
    reg [TRK_W-1:0]   scan_ptr_reg;
    reg [H_W-1:0]     init_ptr_reg;

    // ------------------------------------------------------------------ handle state
    // flags {op_done, e2e_acked, v}: LUTRAM, one asynchronous read port, one write port
    reg  [2:0]        flg [0:R-1];
    wire [H_W-1:0]    flg_ra;
    wire [2:0]        flg_q = flg[flg_ra];
    reg               flg_we;
    reg  [H_W-1:0]    flg_wa;
    reg  [2:0]        flg_wd;
    always @(posedge clk) if (flg_we) flg[flg_wa] <= flg_wd;

    // meta {trk, seq, reset} and cmd per handle: block RAM, registered read
    reg  [MW-1:0]     meta [0:R-1];
    reg  [CMD_W-1:0]  cmdm [0:R-1];
    reg  [MW-1:0]     meta_q_reg;
    reg  [CMD_W-1:0]  cmd_q_reg;
    wire [H_W-1:0]    meta_ra;
    reg               meta_we;
    reg  [H_W-1:0]    meta_wa;
    reg  [MW-1:0]     meta_wd;
    wire              cmd_we;
    wire [H_W-1:0]    cmd_wa;
    always @(posedge clk) begin
        meta_q_reg <= meta[meta_ra];
        if (meta_we) meta[meta_wa] <= meta_wd;
    end
    always @(posedge clk) begin
        cmd_q_reg <= cmdm[meta_ra];
        if (cmd_we) cmdm[cmd_wa] <= s_alloc_cmd;
    end
    wire [TRK_W-1:0] meta_q_trk = meta_q_reg[MW-1 -: TRK_W];
    wire             meta_q_rst = meta_q_reg[0];

    // the ring: handle of (tracker, seq mod 2^WIN_W); block RAM, registered read
    reg  [H_W-1:0]    ring [0:T*(1<<WIN_W)-1];
    reg  [H_W-1:0]    ring_q_reg;
    wire [TRK_W+WIN_W-1:0] ring_ra = {op_k_reg, op_s_reg[WIN_W-1:0]};
    reg               ring_we;
    reg  [TRK_W+WIN_W-1:0] ring_wa;
    reg  [H_W-1:0]    ring_wd;
    always @(posedge clk) begin
        ring_q_reg <= ring[ring_ra];
        if (ring_we) ring[ring_wa] <= ring_wd;
    end

    // free-handle FIFO
    wire [H_W-1:0]    hf_data;
    wire              hf_valid;
    wire              hf_s_ready;
    reg               hf_push;
    reg  [H_W-1:0]    hf_push_h;
    wire              hf_pop = (st_reg == S_AL);
    wire [H_W:0]      hf_count;
    sync_fifo #(
        .WIDTH(H_W),
        .DEPTH(R)
    ) u_hfree (
        .clk    (clk),
        .rst    (rst),
        .s_data (hf_push_h),
        .s_valid(hf_push),
        .s_ready(hf_s_ready),
        .m_data (hf_data),
        .m_valid(hf_valid),
        .m_ready(hf_pop),
        .count  (hf_count)
    );

    // output FIFOs
    reg               ar_push, rx_push, ev_push;
    reg  [AW-1:0]     ar_wd;
    reg  [XW-1:0]     rx_wd;
    reg  [EVW-1:0]    ev_wd;
    wire              ar_s_ready, rx_s_ready, ev_s_ready;
    wire [FCW-1:0]    ar_count, rx_count, ev_count;
    wire [AW-1:0]     ar_q;
    wire [XW-1:0]     rx_q;
    wire [EVW-1:0]    ev_q;
    sync_fifo #(.WIDTH(AW), .DEPTH(OFIFO_DEPTH)) u_aresp (
        .clk(clk), .rst(rst), .s_data(ar_wd), .s_valid(ar_push), .s_ready(ar_s_ready),
        .m_data(ar_q), .m_valid(m_aresp_valid), .m_ready(m_aresp_ready), .count(ar_count));
    sync_fifo #(.WIDTH(XW), .DEPTH(OFIFO_DEPTH)) u_retx (
        .clk(clk), .rst(rst), .s_data(rx_wd), .s_valid(rx_push), .s_ready(rx_s_ready),
        .m_data(rx_q), .m_valid(m_retx_valid), .m_ready(m_retx_ready), .count(rx_count));
    sync_fifo #(.WIDTH(EVW), .DEPTH(OFIFO_DEPTH)) u_evt (
        .clk(clk), .rst(rst), .s_data(ev_wd), .s_valid(ev_push), .s_ready(ev_s_ready),
        .m_data(ev_q), .m_valid(m_evt_valid), .m_ready(m_evt_ready), .count(ev_count));
    assign {m_aresp_handle, m_aresp_seq, m_aresp_epoch, m_aresp_reset} = ar_q;
    assign {m_retx_handle, m_retx_seq, m_retx_epoch, m_retx_reset, m_retx_key, m_retx_cmd} = rx_q;
    assign {m_evt_type, m_evt_handle, m_evt_key} = ev_q;

    // ------------------------------------------------------------------ idle: input selection
    // alloc stall check on the input key (CAM compare against every tracker)
    reg [T-1:0] in_match, in_full;
    integer i0;
    always @(*) begin
        for (i0 = 0; i0 < T; i0 = i0 + 1) begin
            in_match[i0] = trk_v[i0] && trk_key[i0] == s_alloc_key;
            in_full[i0]  = trk_cnt[i0] >= cfg_wmax;
        end
    end
    wire a_hit    = |in_match;
    wire a_blk    = |(in_match & in_full);
    wire free_any = |free_oh_reg;
    reg  fo_stale_reg;  // trk_v changed in the last cycle: free_oh_reg is not yet up to date
    wire alloc_ok = !a_blk && (a_hit || (free_any && !fo_stale_reg)) && hf_valid && ar_s_ready;

    wire idle     = (st_reg == S_IDLE);
    wire force_sc = (scan_wait_reg == SCAN_FORCE[SFW-1:0] - 1'b1);
    assign s_ack_ready   = idle && !force_sc;
    assign s_done_ready  = idle && !force_sc && !s_ack_valid;
    assign s_alloc_ready = idle && !force_sc && !s_ack_valid && !s_done_valid && alloc_ok;
    wire go_ack   = s_ack_valid && s_ack_ready;
    wire go_done  = s_done_valid && s_done_ready;
    wire go_alloc = s_alloc_valid && s_alloc_ready;
    wire go_scan  = idle && (force_sc || (!s_ack_valid && !s_done_valid && !go_alloc));

    assign cmd_we = go_alloc;
    assign cmd_wa = hf_data;

    // lowest free tracker, one-hot (registered every cycle from trk_v)
    reg [T-1:0] free_oh_c;
    reg         found;
    integer     i1;
    always @(*) begin
        free_oh_c = {T{1'b0}};
        found = 1'b0;
        for (i1 = 0; i1 < T; i1 = i1 + 1)
            if (!trk_v[i1] && !found) begin
                free_oh_c[i1] = 1'b1;
                found = 1'b1;
            end
    end

    // ------------------------------------------------------------------ lookups
    // one-hot -> index
    function [TRK_W-1:0] enc;
        input [T-1:0] oh;
        integer j;
        begin
            enc = {TRK_W{1'b0}};
            for (j = 0; j < T; j = j + 1)
                if (oh[j]) enc = enc | j[TRK_W-1:0];
        end
    endfunction

    // S_A1: CAM on the ACK's key, and the fast path through the echoed handle
    reg [T-1:0] op_match;
    integer     i2;
    always @(*)
        for (i2 = 0; i2 < T; i2 = i2 + 1)
            op_match[i2] = trk_v[i2] && trk_key[i2] == op_key_reg;
    wire fast = op_hv_reg && flg_q[0] && trk_v[meta_q_trk] && trk_key[meta_q_trk] == op_key_reg &&
                trk_ep[meta_q_trk] == op_ep_reg;

    // S_AL: the chosen tracker
    wire [TRK_W-1:0] al_k   = enc(al_oh_reg);
    wire [SEQ_W-1:0] al_seq = al_hit_reg ? trk_next[al_k] : {SEQ_W{1'b0}};
    wire [EPOCH_W-1:0] al_ep = al_hit_reg ? trk_ep[al_k] : epoch_ctr_reg;

    // S_A2: the ACK's tracker
    wire [TRK_W-1:0] a2_k = a1_fast_reg ? a1_fk_reg : enc(a1_oh_reg);

    // S_C2: expiry
    wire [LW-1:0]   c_lim = {{(LW-TS_W){1'b0}}, cfg_rto} << c_rtr_reg;
    wire [TS_W-1:0] c_age = op_now_reg - c_tl_reg;
    wire            c_exp = c_v_reg && ({{(LW-TS_W){1'b0}}, c_age} > c_lim);
    wire            c_fat = c_rtr_reg >= cfg_max_retry;

    // S_A3: decision
    wire [SEQ_W+CW-1:0] a3_c = {{SEQ_W{1'b0}}, op_c_reg};
    wire [SEQ_W+CW-1:0] a3_d = {{CW{1'b0}}, a2_d_reg};
    wire a3_in = a2_ok_reg && (a3_c > a3_d);

    // read addresses
    assign flg_ra  = (st_reg == S_RB) ? ring_q_reg : op_h_reg;
    assign meta_ra = (st_reg == S_IDLE) ? s_ack_handle[H_W-1:0] : ring_q_reg;

    // ------------------------------------------------------------------ engine
    reg [NCNT-1:0] inc;
    always @(*) begin
        flg_we = 1'b0; flg_wa = op_h_reg; flg_wd = 3'b000;
        meta_we = 1'b0; meta_wa = hf_data; meta_wd = {al_k, al_seq, !al_hit_reg};
        ring_we = 1'b0; ring_wa = {al_k, al_seq[WIN_W-1:0]}; ring_wd = hf_data;
        hf_push = 1'b0; hf_push_h = op_h_reg;
        ar_push = 1'b0; ar_wd = {{(16-H_W){1'b0}}, hf_data, al_seq, al_ep, !al_hit_reg};
        rx_push = 1'b0;
        rx_wd = {{(16-H_W){1'b0}}, wk_h_reg, op_s_reg, op_ep_reg, meta_q_rst, op_key_reg, cmd_q_reg};
        ev_push = 1'b0; ev_wd = {op_st_reg ? E_FLUSH : E_ACKED, {(16-H_W){1'b0}}, ring_q_reg, op_key_reg};
        inc = {NCNT{1'b0}};
        case (st_reg)
        S_INIT: begin
            flg_we = 1'b1; flg_wa = init_ptr_reg; flg_wd = 3'b000;
            hf_push = 1'b1; hf_push_h = init_ptr_reg;
        end
        S_AL: begin
            flg_we = 1'b1; flg_wa = hf_data; flg_wd = 3'b001;
            meta_we = 1'b1; ring_we = 1'b1; ar_push = 1'b1;
            inc[C_ALLOC] = 1'b1;
            inc[C_TRK] = !al_hit_reg;
        end
        S_A3: begin
            if (!a3_in) inc[C_STALE] = 1'b1;
            else if (op_type_reg == 3'd1 || op_type_reg == 3'd2) inc[C_ACK] = 1'b1;
            else if (op_type_reg == 3'd3) begin
                if (a2_d_reg == {SEQ_W{1'b0}} && a2_nakd_reg) inc[C_NDUP] = 1'b1;
                else inc[C_NSEQ] = 1'b1;
            end else if (op_type_reg == 3'd4) begin
                if (a2_nakd_reg) inc[C_NDUP] = 1'b1;
                else if (a2_rst_reg) inc[C_NOST] = 1'b1;
            end else inc[C_STALE] = 1'b1;
            inc[C_FAST] = a3_in && a1_fast_reg;
        end
        S_RB: begin
            if (flg_q[2]) begin
                flg_we = 1'b1; flg_wa = ring_q_reg; flg_wd = 3'b000;
                hf_push = 1'b1; hf_push_h = ring_q_reg;
                inc[C_FREED] = 1'b1;
            end else begin
                flg_we = 1'b1; flg_wa = ring_q_reg; flg_wd = 3'b011;
            end
            ev_push = 1'b1;
            inc[C_RETIRED] = !op_st_reg;
            inc[C_FLUSH] = op_st_reg;
        end
        S_WC: begin
            rx_push = 1'b1;
            inc[C_RETX] = 1'b1;
        end
        S_D1: begin
            if (op_hv_reg && flg_q[0] && !flg_q[2]) begin
                flg_we = 1'b1;
                if (flg_q[1]) begin
                    flg_wd = 3'b000;
                    hf_push = 1'b1;
                    inc[C_FREED] = 1'b1;
                end else begin
                    flg_wd = 3'b101;
                end
            end else begin
                inc[C_DBAD] = 1'b1;
            end
        end
        S_C2: begin
            inc[C_TO] = c_exp && !c_fat;
        end
        S_FE: begin
            if (ev_s_ready) begin
                ev_push = 1'b1;
                ev_wd = {E_FATAL, 16'd0, op_key_reg};
                inc[C_FATAL] = 1'b1;
            end
        end
        default: ;
        endcase
    end

    // state and op registers
    always @(posedge clk) begin
        free_oh_reg  <= free_oh_c;
        fo_stale_reg <= rst || st_reg == S_AL || st_reg == S_RB;
        if (rst) begin
            st_reg        <= S_INIT;
            init_ptr_reg  <= {H_W{1'b0}};
            scan_wait_reg <= {SFW{1'b0}};
            scan_ptr_reg  <= {TRK_W{1'b0}};
            epoch_ctr_reg <= {EPOCH_W{1'b0}};
        end else begin
            case (st_reg)
            S_INIT: begin
                init_ptr_reg <= init_ptr_reg + 1'b1;
                if (init_ptr_reg == R[H_W-1:0] - 1'b1) st_reg <= S_IDLE;
            end
            S_IDLE: begin
                op_now_reg <= now_tick;
                if (go_scan) begin
                    scan_wait_reg <= {SFW{1'b0}};
                    op_k_reg <= scan_ptr_reg;
                    scan_ptr_reg <= scan_ptr_reg + 1'b1;
                    st_reg <= S_C1;
                end else begin
                    if (!force_sc) scan_wait_reg <= scan_wait_reg + 1'b1;
                    if (go_ack) begin
                        op_type_reg <= s_ack_type;
                        op_key_reg  <= s_ack_key;
                        op_seq_reg  <= s_ack_seq;
                        op_ep_reg   <= s_ack_epoch;
                        op_h_reg    <= s_ack_handle[H_W-1:0];
                        op_hv_reg   <= (s_ack_handle >> H_W) == 16'd0;
                        st_reg      <= S_A1;
                    end else if (go_done) begin
                        op_h_reg    <= s_done_handle[H_W-1:0];
                        op_hv_reg   <= (s_done_handle >> H_W) == 16'd0;
                        st_reg      <= S_D1;
                    end else if (go_alloc) begin
                        al_oh_reg   <= a_hit ? in_match : free_oh_reg;
                        al_hit_reg  <= a_hit;
                        op_key_reg  <= s_alloc_key;
                        st_reg      <= S_AL;
                    end
                end
            end
            S_AL: begin
                if (!al_hit_reg) epoch_ctr_reg <= epoch_ctr_reg + 1'b1;
                st_reg <= S_IDLE;
            end
            S_A1: begin
                a1_oh_reg   <= op_match;
                a1_hit_reg  <= |op_match;
                a1_fast_reg <= fast;
                a1_fk_reg   <= meta_q_trk;
                st_reg      <= S_A2;
            end
            S_A2: begin
                op_k_reg    <= a2_k;
                a2_ok_reg   <= (a1_fast_reg || a1_hit_reg) && trk_v[a2_k] && trk_ep[a2_k] == op_ep_reg;
                a2_d_reg    <= op_seq_reg - trk_old[a2_k];
                a2_nakd_reg <= trk_nakd[a2_k];
                a2_rst_reg  <= trk_rst[a2_k];
                op_c_reg    <= trk_cnt[a2_k];
                op_s_reg    <= trk_old[a2_k];
                op_e_reg    <= trk_next[a2_k];
                st_reg      <= S_A3;
            end
            S_A3: begin
                op_st_reg <= 1'b0;
                st_reg    <= S_IDLE;
                if (a3_in) begin
                    if (op_type_reg == 3'd1 || op_type_reg == 3'd2) begin
                        op_n_reg  <= a2_d_reg[CW-1:0] + 1'b1;
                        op_af_reg <= AF_IDLE;
                        st_reg    <= S_RA;
                    end else if (op_type_reg == 3'd3) begin
                        if (!(a2_d_reg == {SEQ_W{1'b0}} && a2_nakd_reg)) begin
                            op_n_reg  <= a2_d_reg[CW-1:0];
                            op_af_reg <= AF_WALK;
                            st_reg    <= S_RA;
                        end
                    end else if (op_type_reg == 3'd4) begin
                        if (!a2_nakd_reg) begin
                            if (a2_rst_reg) begin
                                st_reg <= S_WS;
                            end else begin
                                op_n_reg  <= op_c_reg;
                                op_st_reg <= 1'b1;
                                op_af_reg <= AF_FATAL;
                                st_reg    <= S_RA;
                            end
                        end
                    end
                end
            end
            S_RA: begin
                if (op_n_reg == {CW{1'b0}}) begin
                    st_reg <= (op_af_reg == AF_WALK) ? S_WS : (op_af_reg == AF_FATAL) ? S_FE : S_IDLE;
                end else if (ev_s_ready) begin
                    st_reg <= S_RB;
                end
            end
            S_RB: begin
                op_s_reg <= op_s_reg + 1'b1;
                op_n_reg <= op_n_reg - 1'b1;
                op_c_reg <= op_c_reg - 1'b1;
                st_reg   <= S_RA;
            end
            S_WS: st_reg <= S_WA;
            S_WA: begin
                if (op_s_reg == op_e_reg) st_reg <= S_IDLE;
                else if (rx_s_ready) st_reg <= S_WB;
            end
            S_WB: begin
                wk_h_reg <= ring_q_reg;
                st_reg   <= S_WC;
            end
            S_WC: begin
                op_s_reg <= op_s_reg + 1'b1;
                st_reg   <= S_WA;
            end
            S_D1: st_reg <= S_IDLE;
            S_C1: begin
                c_v_reg    <= trk_v[op_k_reg];
                c_tl_reg   <= trk_tl[op_k_reg];
                c_rtr_reg  <= trk_rtr[op_k_reg];
                op_key_reg <= trk_key[op_k_reg];
                op_ep_reg  <= trk_ep[op_k_reg];
                op_c_reg   <= trk_cnt[op_k_reg];
                op_s_reg   <= trk_old[op_k_reg];
                op_e_reg   <= trk_next[op_k_reg];
                st_reg     <= S_C2;
            end
            S_C2: begin
                op_st_reg <= 1'b0;
                st_reg    <= S_IDLE;
                if (c_exp) begin
                    if (c_fat) begin
                        op_n_reg  <= op_c_reg;
                        op_st_reg <= 1'b1;
                        op_af_reg <= AF_FATAL;
                        st_reg    <= S_RA;
                    end else begin
                        st_reg <= S_WS;
                    end
                end
            end
            S_FE: if (ev_s_ready) st_reg <= S_IDLE;
            default: st_reg <= S_IDLE;
            endcase
        end
    end

    // tracker updates: v, key (the CAM), cnt (the window check), rst and nakd in registers; epoch,
    // next_seq, oldest_seq, t_last and retries in LUTRAM, one write port each (the engine writes
    // at most one tracker per cycle)
    integer k;
    always @(posedge clk) begin
        for (k = 0; k < T; k = k + 1) begin
            if (rst) begin
                trk_v[k] <= 1'b0;
            end else begin
                if (st_reg == S_AL && al_oh_reg[k]) begin
                    if (al_hit_reg) begin
                        trk_cnt[k]  <= trk_cnt[k] + 1'b1;
                    end else begin
                        trk_v[k]    <= 1'b1;
                        trk_key[k]  <= op_key_reg;
                        trk_cnt[k]  <= {{CW-1{1'b0}}, 1'b1};
                        trk_rst[k]  <= 1'b1;
                        trk_nakd[k] <= 1'b0;
                    end
                end
                if (st_reg == S_RB && op_k_reg == k[TRK_W-1:0]) begin
                    trk_cnt[k]  <= op_c_reg - 1'b1;
                    trk_rst[k]  <= 1'b0;
                    trk_nakd[k] <= 1'b0;
                    if (op_c_reg == {{CW-1{1'b0}}, 1'b1}) trk_v[k] <= 1'b0;
                end
                if (st_reg == S_WS && op_k_reg == k[TRK_W-1:0])
                    trk_nakd[k] <= 1'b1;
            end
        end
    end

    wire             t_new  = (st_reg == S_AL) && !al_hit_reg;
    wire [TRK_W-1:0] t_wa   = (st_reg == S_AL) ? al_k : op_k_reg;
    wire             c2_rt  = (st_reg == S_C2) && c_exp && !c_fat;
    always @(posedge clk) begin
        if (t_new) trk_ep[al_k] <= epoch_ctr_reg;
        if (st_reg == S_AL) trk_next[al_k] <= al_hit_reg ? al_seq + 1'b1 : {{SEQ_W-1{1'b0}}, 1'b1};
        if (t_new || st_reg == S_RB) trk_old[t_wa] <= t_new ? {SEQ_W{1'b0}} : op_s_reg + 1'b1;
        if (t_new || st_reg == S_RB || st_reg == S_WS) trk_tl[t_wa] <= op_now_reg;
        if (t_new || st_reg == S_RB || c2_rt) trk_rtr[t_wa] <= c2_rt ? c_rtr_reg + 1'b1 : {RTR_W{1'b0}};
    end

    // timeout event (registered)
    reg              to_fire_reg, to_fatal_reg;
    reg [KEY_W-1:0]  to_key_reg;
    reg [TS_W-1:0]   to_now_reg;
    always @(posedge clk) begin
        to_fire_reg  <= !rst && st_reg == S_C2 && c_exp;
        to_fatal_reg <= c_fat;
        to_key_reg   <= op_key_reg;
        to_now_reg   <= op_now_reg;
    end
    assign to_fire  = to_fire_reg;
    assign to_fatal = to_fatal_reg;
    assign to_key   = to_key_reg;
    assign to_now   = to_now_reg;
    assign init_done = (st_reg != S_INIT);

    // read only by the formal properties (the FIFOs never overflow: every push is checked for
    // room before the op that makes it starts) and the meta seq field (kept for the wire header)
    wire unused_ok = &{1'b0, hf_s_ready, hf_count, ar_count, rx_count, ev_count, meta_q_reg[MW-TRK_W-1:1]};

    // counters
    reg [31:0] cnt_reg [0:NCNT-1];
    genvar gi;
    generate
        for (gi = 0; gi < NCNT; gi = gi + 1) begin : g_cnt
            always @(posedge clk) begin
                if (rst) cnt_reg[gi] <= 32'd0;
                else if (inc[gi]) cnt_reg[gi] <= cnt_reg[gi] + 1'b1;
            end
            assign stat_cnt[32*gi +: 32] = cnt_reg[gi];
        end
    endgenerate

`ifdef FORMAL
`include "nic_rel_tx_props.vh"
`endif
endmodule

`resetall
