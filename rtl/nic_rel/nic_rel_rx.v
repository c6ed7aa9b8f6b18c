`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rel_rx: receive-side end-to-end check of the NIC reliability protocol (block B9 of spec note
// 003: duplicate detection and sequencing with an epoch and a liveness horizon), issue 13 first
// slice. Reference: docs/nic_rel.md; C model cmodel/nic_rel_rx.{h,c}.
//
// Source: spec note 003-nic-app-state.md 2.8 (seed 003 L254-L264: the receiver flow), block B9 (the
//   state, the horizon H, the five rules, V1-V4), ambiguities A2, A3 (patent-literal mode), A13.
//   Own code.
//
// Ports (one clock, synchronous active-high rst):
//   cfg_horizon [TS_W]   H in ticks: live = v && (now - last_ts) mod 2^TS_W <= H; quasi-static
//   cfg_wmax    [SEQ_W]  W_MAX: (expected - seq) mod 2^SEQ_W in [1, W_MAX] is the duplicate region
//   cfg_literal          1: patent-literal receiver (seq == 0 means reset; no epoch, no horizon)
//                        (cfg_* are sampled every cycle: change them only while the block is idle)
//   now_tick    [TS_W]   the coarse tick (external timer; steps by at most 1 per cycle)
//   s_pkt_*  valid/ready one received packet's reliability header:
//            key[KEY_W] (= {src_nid, src_half, oclass}, formed by the caller), seq[SEQ_W],
//            epoch[EPOCH_W], reset, handle[16] (retransmit-buffer handle, echoed).
//            s_pkt_ready is combinational from s_pkt_key (same-key hazard, below): put a register
//            slice in front when the producer needs a registered ready. The packet is timestamped
//            with now_tick of its accept cycle.
//   m_vrd_*  valid/ready one verdict per packet, in packet order (registered outputs, axis_skid):
//            deliver, resp[3] (0 none, 1 ACK, 2 DUP_ACK, 3 NACK_SEQ, 4 NACK_NOSTATE), seq[SEQ_W]
//            (the response's seq), epoch[EPOCH_W], handle[16], key[KEY_W] (echoed)
//   scrub_clr, scrub_key[KEY_W], scrub_now[TS_W]   one-cycle event (registered): the scrubber
//            cleared v of scrub_key, judged at tick scrub_now
//   init_done            the power-up sweep (2^KEY_W cycles after reset) has cleared the table
//   stat_cnt [7*32]      32-bit wrapping counters, word i = bits 32i+31:32i: 0 delivered, 1 dup
//                        (DUP_ACK), 2 stale (silent drop), 3 nack_seq, 4 nack_nostate, 5 resets
//                        (reset packets accepted as a new burst), 6 scrub clears
// State: table[2^KEY_W] of {v, epoch[EPOCH_W], expected[SEQ_W], last_ts[TS_W]} in block RAM
//   (1 + 32 + 16 + 16 = 65 bits at the defaults: 17 EBR at 4,096 sources); not reset, cleared by
//   the init sweep.
// Pipeline (docs/nic_rel.md 4): cycle 0 issue (table read address; packet or scrubber op), 1 RAM
//   read, 2 compares (serial epoch, modular age, seq window) registered as flags, 3 the rules
//   (registered: write data, verdict, counter increments), 4 table write + verdict FIFO push +
//   counters. Same-key read-modify-write hazard: an op is not issued while an op on the same key is
//   in stages 1-4 (a stall, no forwarding).
// Throughput: one packet per cycle to different keys; one per 5 cycles to the same key; at most
//   SCRUB_FORCE - 1 packets of every SCRUB_FORCE cycles when the input never idles (the scrubber
//   takes every idle issue slot and forces one after SCRUB_FORCE - 1 cycles without one).
// Latency: accept (cycle 0) -> m_vrd_valid in cycle 6 with no backpressure (4 stages, FIFO 1,
//   skid 1).
// Scrubber: visits keys 0, 1, ..., 2^KEY_W - 1, 0, ... in the issue slots no packet takes; clears v
//   when (now - last_ts) mod 2^TS_W > H. Every key is visited at least once per
//   2^KEY_W * (SCRUB_FORCE + 4) cycles; with tick T cycles, V4 (v -> now - last_ts < 2^(TS_W-1))
//   holds when H + 2^KEY_W * (SCRUB_FORCE + 4) / T + 4 < 2^(TS_W-1) (docs/nic_rel.md 3).
// Timing: 125 MHz on ECP5-85 speed 6 (fpga/open/nic_rel.tops; docs/nic_rel.md 6).
// Formal: formal/nic_rel/ (V1-V4 and mutants), properties in formal/nic_rel/nic_rel_props.vh.
module nic_rel_rx #(
    parameter KEY_W       = 12,  // 4,096 sources
    parameter SEQ_W       = 16,
    parameter EPOCH_W     = 32,
    parameter TS_W        = 16,
    parameter SCRUB_FORCE = 8,   // >= 2
    parameter OFIFO_DEPTH = 8    // power of two >= 8
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire [TS_W-1:0]        cfg_horizon,
    input  wire [SEQ_W-1:0]       cfg_wmax,
    input  wire                   cfg_literal,
    input  wire [TS_W-1:0]        now_tick,

    input  wire                   s_pkt_valid,
    output wire                   s_pkt_ready,
    input  wire [KEY_W-1:0]       s_pkt_key,
    input  wire [SEQ_W-1:0]       s_pkt_seq,
    input  wire [EPOCH_W-1:0]     s_pkt_epoch,
    input  wire                   s_pkt_reset,
    input  wire [15:0]            s_pkt_handle,

    output wire                   m_vrd_valid,
    input  wire                   m_vrd_ready,
    output wire                   m_vrd_deliver,
    output wire [2:0]             m_vrd_resp,
    output wire [SEQ_W-1:0]       m_vrd_seq,
    output wire [EPOCH_W-1:0]     m_vrd_epoch,
    output wire [15:0]            m_vrd_handle,
    output wire [KEY_W-1:0]       m_vrd_key,

    output wire                   scrub_clr,
    output wire [KEY_W-1:0]       scrub_key,
    output wire [TS_W-1:0]        scrub_now,
    output wire                   init_done,
    output wire [7*32-1:0]        stat_cnt
);
    localparam NKEY  = 1 << KEY_W;
    localparam EW    = 1 + EPOCH_W + SEQ_W + TS_W;              // table entry
    localparam VW    = 1 + 3 + SEQ_W + EPOCH_W + 16 + KEY_W;    // verdict word
    localparam FCW   = $clog2(OFIFO_DEPTH + 1);
    localparam SFW   = $clog2(SCRUB_FORCE);
    localparam integer   SPACE_I   = OFIFO_DEPTH - 5;  // FIFO words with room for 5 more
    localparam [FCW-1:0] SPACE_MAX = SPACE_I[FCW-1:0];

    localparam [2:0] R_NONE = 3'd0, R_ACK = 3'd1, R_DUP = 3'd2, R_NSEQ = 3'd3, R_NOST = 3'd4;

    initial begin
        if (SCRUB_FORCE < 2 || OFIFO_DEPTH < 8 || KEY_W < 1 || SEQ_W < 2 || EPOCH_W < 2 || TS_W < 2) begin
            $error("%m: SCRUB_FORCE >= 2, OFIFO_DEPTH >= 8, KEY_W >= 1, SEQ_W/EPOCH_W/TS_W >= 2");
            $finish;
        end
    end

    // ------------------------------------------------------------------ table (block RAM, no reset)
    // v in a RAM of its own (one DP16KD, 16,384 x 1) and the other 64 bits (lab size) in a second
    // one, so that each read is one DP16KD configuration without an output mux between banks
    reg              mem_v [0:NKEY-1];
    reg  [EW-2:0]    mem_d [0:NKEY-1];
    reg              rd_v_reg;
    reg  [EW-2:0]    rd_d_reg;
    wire [EW-1:0]    rd_q = {rd_v_reg, rd_d_reg};
    wire [KEY_W-1:0] rd_addr;
    reg              w_we_reg;
    reg  [KEY_W-1:0] w_addr_reg;
    reg  [EW-1:0]    w_data_reg;
    reg              init_reg;          // init sweep in progress
    reg  [KEY_W-1:0] init_ptr_reg;
    wire             wr_en   = init_reg || w_we_reg;
    wire [KEY_W-1:0] wr_addr = init_reg ? init_ptr_reg : w_addr_reg;
    wire [EW-1:0]    wr_data = init_reg ? {EW{1'b0}} : w_data_reg;

    // read every cycle (stage 2 always takes the word read in the cycle before)
    always @(posedge clk) begin
        rd_v_reg <= mem_v[rd_addr];
        rd_d_reg <= mem_d[rd_addr];
        if (wr_en) begin
            mem_v[wr_addr] <= wr_data[EW-1];
            mem_d[wr_addr] <= wr_data[EW-2:0];
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            init_reg     <= 1'b1;
            init_ptr_reg <= {KEY_W{1'b0}};
        end else if (init_reg) begin
            init_ptr_reg <= init_ptr_reg + 1'b1;
            if (init_ptr_reg == NKEY[KEY_W-1:0] - 1'b1) init_reg <= 1'b0;
        end
    end
    assign init_done = !init_reg;

    // ------------------------------------------------------------------ pipeline registers
    // stage 1 (RAM read in flight)
    reg               s1_valid_reg, s1_scrub_reg;
    reg [KEY_W-1:0]   s1_key_reg;
    reg [SEQ_W-1:0]   s1_seq_reg;
    reg [EPOCH_W-1:0] s1_epoch_reg;
    reg               s1_reset_reg;
    reg [15:0]        s1_handle_reg;
    reg [TS_W-1:0]    s1_now_reg;
    // stage 2 (op + entry)
    reg               s2_valid_reg, s2_scrub_reg;
    reg [KEY_W-1:0]   s2_key_reg;
    reg [SEQ_W-1:0]   s2_seq_reg;
    reg [EPOCH_W-1:0] s2_epoch_reg;
    reg               s2_reset_reg;
    reg [15:0]        s2_handle_reg;
    reg [TS_W-1:0]    s2_now_reg;
    reg               s2_v_reg;
    reg [EPOCH_W-1:0] s2_sepoch_reg;
    reg [SEQ_W-1:0]   s2_exp_reg;
    reg [TS_W-1:0]    s2_ts_reg;
    // stage 3 (op + entry + flags)
    reg               s3_valid_reg, s3_scrub_reg;
    reg [KEY_W-1:0]   s3_key_reg;
    reg [SEQ_W-1:0]   s3_seq_reg;
    reg [EPOCH_W-1:0] s3_epoch_reg;
    reg               s3_reset_reg;
    reg [15:0]        s3_handle_reg;
    reg [TS_W-1:0]    s3_now_reg;
    reg               s3_v_reg;
    reg [EPOCH_W-1:0] s3_sepoch_reg;
    reg [SEQ_W-1:0]   s3_exp_reg, s3_expinc_reg, s3_expdec_reg;
    reg [TS_W-1:0]    s3_ts_reg;
    reg               s3_live_reg, s3_epeq_reg, s3_epold_reg, s3_seqeq_reg, s3_indup_reg;
    reg               s3_clr_reg, s3_seq0_reg;
    // stage 4 (write, verdict, counters)
    reg               s4_valid_reg;
    reg [KEY_W-1:0]   s4_key_reg;
    reg               s4_push_reg;
    reg [VW-1:0]      s4_vrd_reg;
    reg [6:0]         s4_inc_reg;
    reg               s4_clr_reg;
    reg [TS_W-1:0]    s4_now_reg;

    // ------------------------------------------------------------------ cycle 0: issue
    reg  [KEY_W-1:0] scrub_ptr_reg;
    reg  [SFW-1:0]   scrub_wait_reg;   // cycles since the scrubber last issued (saturates)
    wire [FCW-1:0]   ofifo_count;
    wire             ofifo_s_ready;

    wire hz_pkt   = (s1_valid_reg && s1_key_reg == s_pkt_key) || (s2_valid_reg && s2_key_reg == s_pkt_key) ||
                    (s3_valid_reg && s3_key_reg == s_pkt_key) || (s4_valid_reg && s4_key_reg == s_pkt_key);
    wire hz_scrub = (s1_valid_reg && s1_key_reg == scrub_ptr_reg) || (s2_valid_reg && s2_key_reg == scrub_ptr_reg) ||
                    (s3_valid_reg && s3_key_reg == scrub_ptr_reg) || (s4_valid_reg && s4_key_reg == scrub_ptr_reg);
    // room in the verdict FIFO for the (at most 4) packets in stages 1-4 and this one
    wire space_ok = (ofifo_count <= SPACE_MAX);
    wire force_sc = (scrub_wait_reg == SCRUB_FORCE[SFW-1:0] - 1'b1);

    // the read address does not wait for the hazard compare: a valid packet (unless the scrubber's
    // turn is forced) owns the issue slot, and is issued in it or not at all; the scrubber takes the
    // slots with no packet offered
    wire sel_pkt = s_pkt_valid && !force_sc;
    assign s_pkt_ready = !init_reg && !hz_pkt && space_ok && !force_sc;
    wire issue_pkt   = s_pkt_valid && s_pkt_ready;
    wire issue_scrub = !init_reg && !sel_pkt && !hz_scrub;

    assign rd_addr = sel_pkt ? s_pkt_key : scrub_ptr_reg;

    always @(posedge clk) begin
        if (rst) begin
            scrub_ptr_reg  <= {KEY_W{1'b0}};
            scrub_wait_reg <= {SFW{1'b0}};
        end else if (issue_scrub) begin
            scrub_ptr_reg  <= scrub_ptr_reg + 1'b1;
            scrub_wait_reg <= {SFW{1'b0}};
        end else if (!init_reg && !force_sc) begin
            scrub_wait_reg <= scrub_wait_reg + 1'b1;
        end
    end

    always @(posedge clk) begin
        s1_valid_reg  <= !rst && (issue_pkt || issue_scrub);
        s1_scrub_reg  <= !sel_pkt;
        s1_key_reg    <= rd_addr;
        s1_seq_reg    <= s_pkt_seq;
        s1_epoch_reg  <= s_pkt_epoch;
        s1_reset_reg  <= s_pkt_reset;
        s1_handle_reg <= s_pkt_handle;
        s1_now_reg    <= now_tick;
    end

    // ------------------------------------------------------------------ cycle 1: RAM read -> stage 2
    always @(posedge clk) begin
        s2_valid_reg  <= !rst && s1_valid_reg;
        s2_scrub_reg  <= s1_scrub_reg;
        s2_key_reg    <= s1_key_reg;
        s2_seq_reg    <= s1_seq_reg;
        s2_epoch_reg  <= s1_epoch_reg;
        s2_reset_reg  <= s1_reset_reg;
        s2_handle_reg <= s1_handle_reg;
        s2_now_reg    <= s1_now_reg;
        {s2_v_reg, s2_sepoch_reg, s2_exp_reg, s2_ts_reg} <= rd_q;
    end

    // ------------------------------------------------------------------ cycle 2: compares -> stage 3
    wire [TS_W-1:0]    age   = s2_now_reg - s2_ts_reg;
    wire [EPOCH_W-1:0] ep_d  = s2_epoch_reg - s2_sepoch_reg;
    wire [SEQ_W-1:0]   sq_d  = s2_exp_reg - s2_seq_reg;
    wire               young = (age <= cfg_horizon);

    always @(posedge clk) begin
        s3_valid_reg  <= !rst && s2_valid_reg;
        s3_scrub_reg  <= s2_scrub_reg;
        s3_key_reg    <= s2_key_reg;
        s3_seq_reg    <= s2_seq_reg;
        s3_epoch_reg  <= s2_epoch_reg;
        s3_reset_reg  <= s2_reset_reg;
        s3_handle_reg <= s2_handle_reg;
        s3_now_reg    <= s2_now_reg;
        s3_v_reg      <= s2_v_reg;
        s3_sepoch_reg <= s2_sepoch_reg;
        s3_exp_reg    <= s2_exp_reg;
        s3_expinc_reg <= s2_exp_reg + 1'b1;
        s3_expdec_reg <= s2_exp_reg - 1'b1;
        s3_ts_reg     <= s2_ts_reg;
        s3_live_reg   <= s2_v_reg && young;
        s3_epeq_reg   <= (ep_d == {EPOCH_W{1'b0}});
        s3_epold_reg  <= ep_d[EPOCH_W-1];
        s3_seqeq_reg  <= (sq_d == {SEQ_W{1'b0}});
        s3_indup_reg  <= (sq_d != {SEQ_W{1'b0}}) && (sq_d <= cfg_wmax);
        s3_clr_reg    <= s2_v_reg && !young;
        s3_seq0_reg   <= (s2_seq_reg == {SEQ_W{1'b0}});
    end

    // ------------------------------------------------------------------ cycle 3: the rules -> stage 4
    reg               d_we, d_v, d_push, d_deliver, d_clr;
    reg [EPOCH_W-1:0] d_epoch;
    reg [SEQ_W-1:0]   d_exp, d_rseq;
    reg [TS_W-1:0]    d_ts;
    reg [2:0]         d_resp;
    reg [6:0]         d_inc;
    wire [SEQ_W-1:0]  lit_exp = s3_v_reg ? s3_exp_reg : {SEQ_W{1'b0}};

    always @(*) begin
        d_we      = 1'b0;
        d_v       = 1'b1;
        d_epoch   = s3_sepoch_reg;
        d_exp     = s3_exp_reg;
        d_ts      = s3_now_reg;
        d_push    = s3_valid_reg && !s3_scrub_reg;
        d_deliver = 1'b0;
        d_resp    = R_NONE;
        d_rseq    = s3_seq_reg;
        d_inc     = 7'd0;
        d_clr     = 1'b0;
        if (s3_scrub_reg) begin
            // scrubber: clear v past the horizon (the 16-bit age must never alias: V4)
            if (s3_clr_reg) begin
                d_we    = s3_valid_reg;
                d_v     = 1'b0;
                d_ts    = s3_ts_reg;
                d_clr   = s3_valid_reg;
                d_inc   = 7'b1000000;
            end
        end else if (cfg_literal) begin
            // patent-literal receiver (seed L254-L264, note A3): seq 0 resets, no epoch, no horizon
            if (s3_seq0_reg) begin
                d_we = 1'b1; d_epoch = s3_epoch_reg; d_exp = {{SEQ_W-1{1'b0}}, 1'b1};
                d_deliver = 1'b1; d_resp = R_ACK; d_inc = 7'b0100001;
            end else if (s3_v_reg && s3_seqeq_reg) begin
                d_we = 1'b1; d_exp = s3_expinc_reg;
                d_deliver = 1'b1; d_resp = R_ACK; d_inc = 7'b0000001;
            end else begin
                d_resp = R_NSEQ; d_rseq = lit_exp; d_inc = 7'b0001000;
            end
        end else if (s3_reset_reg) begin
            // rule 1
            if (s3_live_reg && s3_epeq_reg) begin
                d_we = 1'b1; d_resp = R_DUP; d_rseq = s3_expdec_reg; d_inc = 7'b0000010;
            end else if (s3_live_reg && s3_epold_reg) begin
                d_resp = R_NONE; d_inc = 7'b0000100;
            end else begin
                d_we = 1'b1; d_epoch = s3_epoch_reg; d_exp = {{SEQ_W-1{1'b0}}, 1'b1};
                d_deliver = 1'b1; d_resp = R_ACK; d_rseq = {SEQ_W{1'b0}}; d_inc = 7'b0100001;
            end
        end else if (!s3_live_reg || !s3_epeq_reg) begin
            // rule 2
            d_resp = R_NOST; d_inc = 7'b0010000;
        end else if (s3_seqeq_reg) begin
            // rule 3
            d_we = 1'b1; d_exp = s3_expinc_reg;
            d_deliver = 1'b1; d_resp = R_ACK; d_inc = 7'b0000001;
        end else if (s3_indup_reg) begin
            // rule 4
            d_we = 1'b1; d_resp = R_DUP; d_rseq = s3_expdec_reg; d_inc = 7'b0000010;
        end else begin
            // rule 5
            d_resp = R_NSEQ; d_rseq = s3_exp_reg; d_inc = 7'b0001000;
        end
        if (!s3_valid_reg) begin
            d_we = 1'b0; d_inc = 7'd0;
        end
    end

    always @(posedge clk) begin
        s4_valid_reg <= !rst && s3_valid_reg;
        s4_key_reg   <= s3_key_reg;
        s4_push_reg  <= !rst && d_push;
        s4_vrd_reg   <= {d_deliver, d_resp, d_rseq, s3_epoch_reg, s3_handle_reg, s3_key_reg};
        s4_inc_reg   <= rst ? 7'd0 : d_inc;
        s4_clr_reg   <= !rst && d_clr;
        s4_now_reg   <= s3_now_reg;
        w_we_reg     <= !rst && d_we;
        w_addr_reg   <= s3_key_reg;
        w_data_reg   <= {d_v, d_epoch, d_exp, d_ts};
    end

    // ------------------------------------------------------------------ cycle 4: counters, FIFO push
    reg [31:0] cnt_reg [0:6];
    genvar gi;
    generate
        for (gi = 0; gi < 7; gi = gi + 1) begin : g_cnt
            always @(posedge clk) begin
                if (rst) cnt_reg[gi] <= 32'd0;
                else if (s4_inc_reg[gi]) cnt_reg[gi] <= cnt_reg[gi] + 1'b1;
            end
            assign stat_cnt[32*gi +: 32] = cnt_reg[gi];
        end
    endgenerate

    assign scrub_clr = s4_clr_reg;
    assign scrub_key = s4_key_reg;
    assign scrub_now = s4_now_reg;

    wire [VW-1:0] of_data, sk_data;
    wire          of_valid, of_ready;

    sync_fifo #(
        .WIDTH(VW),
        .DEPTH(OFIFO_DEPTH)
    ) u_ofifo (
        .clk    (clk),
        .rst    (rst),
        .s_data (s4_vrd_reg),
        .s_valid(s4_push_reg),
        .s_ready(ofifo_s_ready),
        .m_data (of_data),
        .m_valid(of_valid),
        .m_ready(of_ready),
        .count  (ofifo_count)
    );

    axis_skid #(
        .DATA_WIDTH(VW)
    ) u_oskid (
        .clk    (clk),
        .rst    (rst),
        .s_data (of_data),
        .s_valid(of_valid),
        .s_ready(of_ready),
        .m_data (sk_data),
        .m_valid(m_vrd_valid),
        .m_ready(m_vrd_ready)
    );

    assign {m_vrd_deliver, m_vrd_resp, m_vrd_seq, m_vrd_epoch, m_vrd_handle, m_vrd_key} = sk_data;

`ifdef FORMAL
`include "nic_rel_props.vh"
`endif
endmodule

`resetall
