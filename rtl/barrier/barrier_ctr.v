// barrier_ctr: barrier counter table, per-PE next-epoch values, release arbiter and mirror queue.
//
// Seed 001 ¶33-¶39; note §4.2 (update rules), A2/A11 (serial compare), A3 (local next epoch).
// Contract: docs/barrier.md sections 2-4.
//
// Parameters: NUM_BARRIERS (NB, power of two, 2..32), NUM_PES (NW, power of two, 2..128),
// CNT_WIDTH (W, 4..64 bits), MIR_DEPTH (mirror queue entries, power of two >= 4),
// NOTIF_DEPTH (queued notifications, power of two >= 2).
//
// Interfaces (valid/ready):
//   s_req  {op[1:0], pe[7:0], bar[7:0], epoch[W-1:0]}  PE requests (ARRIVE, WAIT, ARRIVE_NB)
//   s_inc  {bar[BW-1:0], inc[W-1:0]}                    fabric increments (from barrier_rx)
//   m_rel  {pe, bar, epoch[W-1:0], status[1:0]}         releases / responses, lowest PE first
//   m_mir  {bar[BW-1:0], data[W-1:0]}                   one mirror write per counter update
//   m_notif {bar[BW-1:0]}                               one per accepted ARRIVE / ARRIVE_NB
// Same-cycle rule: the accepted request (and its internal-path increment) is applied before the
// accepted fabric increment. Counter compare: GE(c,t) = ((c - t) mod 2^W) < 2^(W-1).
// Latency: an increment accepted in cycle t can release a PE whose release is visible at t+2.
// Statistic pulses (one cycle each): stat_* outputs, counted by the owner.
module barrier_ctr #(
    parameter NUM_BARRIERS = 16,
    parameter NUM_PES      = 16,
    parameter CNT_WIDTH    = 64,
    parameter MIR_DEPTH    = 8,
    parameter NOTIF_DEPTH  = 4
) (
    input  wire                          clk,
    input  wire                          rst,
    // configuration (from CSRs)
    input  wire                          cfg_internal_path,
    input  wire [NUM_BARRIERS-1:0]       cfg_bar_en,
    input  wire [NUM_BARRIERS*CNT_WIDTH-1:0] cfg_bar_step,
    input  wire [NUM_BARRIERS*CNT_WIDTH-1:0] cfg_bar_inc,
    // CSR access to counters and next-epoch values (owner enforces the locks)
    input  wire                          csr_cnt_wr,
    input  wire [BW-1:0]                 csr_cnt_idx,
    input  wire [CNT_WIDTH-1:0]          csr_cnt_data,
    input  wire                          csr_tgt_wr,
    input  wire [PW-1:0]                 csr_tgt_idx,
    input  wire [CNT_WIDTH-1:0]          csr_tgt_data,
    output wire [NUM_BARRIERS*CNT_WIDTH-1:0] cnt_flat,
    output wire [NUM_PES*CNT_WIDTH-1:0]  tgt_flat,
    output wire [NUM_PES-1:0]            pe_busy,
    // PE requests
    input  wire                          s_req_valid,
    output wire                          s_req_ready,
    input  wire [1:0]                    s_req_op,
    input  wire [7:0]                    s_req_pe,
    input  wire [7:0]                    s_req_bar,
    input  wire [CNT_WIDTH-1:0]          s_req_epoch,
    // fabric increments
    input  wire                          s_inc_valid,
    output wire                          s_inc_ready,
    input  wire [BW-1:0]                 s_inc_bar,
    input  wire [CNT_WIDTH-1:0]          s_inc_val,
    // releases
    output wire                          m_rel_valid,
    input  wire                          m_rel_ready,
    output wire [7:0]                    m_rel_pe,
    output wire [7:0]                    m_rel_bar,
    output wire [CNT_WIDTH-1:0]          m_rel_epoch,
    output wire [1:0]                    m_rel_status,
    // mirror writes
    output wire                          m_mir_valid,
    input  wire                          m_mir_ready,
    output wire [BW-1:0]                 m_mir_bar,
    output wire [CNT_WIDTH-1:0]          m_mir_data,
    // notifications to barrier_tx
    output wire                          m_notif_valid,
    input  wire                          m_notif_ready,
    output wire [BW-1:0]                 m_notif_bar,
    // statistics pulses
    output wire                          stat_req_arrive,
    output wire                          stat_req_wait,
    output wire                          stat_req_drop_pe,
    output wire                          stat_req_drop_busy,
    output wire                          stat_rsp_err_bar,
    output wire                          stat_rsp_err_far,
    output wire                          stat_rsp_err_op,
    output wire                          stat_rel_ok,
    output wire [1:0]                    stat_mirror_wr,   // 0, 1 or 2 writes this cycle
    output wire                          stat_tx_notif
);
    localparam W  = CNT_WIDTH;
    localparam BW = (NUM_BARRIERS <= 2) ? 1 : $clog2(NUM_BARRIERS);
    localparam PW = (NUM_PES <= 2) ? 1 : $clog2(NUM_PES);
    localparam MW = $clog2(MIR_DEPTH);
    localparam NQ = $clog2(NOTIF_DEPTH);
    localparam [W-1:0] HALF = {1'b1, {(W-1){1'b0}}};

    localparam [1:0] OP_ARRIVE = 2'd0, OP_WAIT = 2'd1, OP_ARRIVE_NB = 2'd2;
    localparam [1:0] ST_OK = 2'd0, ST_ERR_BAR = 2'd1, ST_ERR_FAR = 2'd2, ST_ERR_OP = 2'd3;

    // parameter checks: an out-of-range parameter fails elaboration with a named module
    generate
        if (NUM_BARRIERS < 2 || NUM_BARRIERS > 32 || (NUM_BARRIERS & (NUM_BARRIERS - 1)) != 0)
        begin : g_bad_nb
            PARAMETER_ERROR_NUM_BARRIERS_must_be_pow2_2_to_32 u_err();
        end
        if (NUM_PES < 2 || NUM_PES > 128 || (NUM_PES & (NUM_PES - 1)) != 0) begin : g_bad_nw
            PARAMETER_ERROR_NUM_PES_must_be_pow2_2_to_128 u_err();
        end
        if (CNT_WIDTH < 4 || CNT_WIDTH > 64) begin : g_bad_w
            PARAMETER_ERROR_CNT_WIDTH_must_be_4_to_64 u_err();
        end
        if (MIR_DEPTH < 4 || (MIR_DEPTH & (MIR_DEPTH - 1)) != 0) begin : g_bad_md
            PARAMETER_ERROR_MIR_DEPTH_must_be_pow2_ge_4 u_err();
        end
        if (NOTIF_DEPTH < 2 || (NOTIF_DEPTH & (NOTIF_DEPTH - 1)) != 0) begin : g_bad_nd
            PARAMETER_ERROR_NOTIF_DEPTH_must_be_pow2_ge_2 u_err();
        end
    endgenerate

    // ---------------------------------------------------------------- state
    reg [W-1:0]  cnt_reg   [0:NUM_BARRIERS-1];
    reg [W-1:0]  tgt_reg   [0:NUM_PES-1];
    reg          armed_reg [0:NUM_PES-1];
    reg          pend_reg  [0:NUM_PES-1];   // response (error / ARRIVE_NB) pending
    reg [7:0]    pbar_reg  [0:NUM_PES-1];   // barrier of the armed wait or pending response
    reg [1:0]    pst_reg   [0:NUM_PES-1];   // status of the pending response
    reg [W-1:0]  pep_reg   [0:NUM_PES-1];   // epoch of the pending response

    reg          rel_valid_reg;
    reg [PW-1:0] rel_pe_reg;
    reg [7:0]    rel_bar_reg;
    reg [W-1:0]  rel_epoch_reg;
    reg [1:0]    rel_status_reg;

    reg [BW+W-1:0] mir_mem [0:MIR_DEPTH-1];
    reg [MW-1:0]   mir_wp_reg, mir_rp_reg;
    // second write slot, wrapped to MW bits (an index written as mir_wp_reg + 1'b1 does not wrap
    // in Icarus 11, which sizes the expression wider; found by the Icarus vector replay)
    wire [MW-1:0]  mir_wp_nxt = mir_wp_reg + 1'b1;
    reg [MW:0]     mir_cnt_reg;

    reg [BW-1:0]   nq_mem [0:NOTIF_DEPTH-1];
    reg [NQ-1:0]   nq_wp_reg, nq_rp_reg;
    reg [NQ:0]     nq_cnt_reg;

    // ---------------------------------------------------------------- helpers
    function ge_serial;
        input [W-1:0] c;
        input [W-1:0] t;
        reg   [W-1:0] d;
        begin
            d = c - t;
            ge_serial = (d < HALF);
        end
    endfunction

    genvar gi;
    generate
        for (gi = 0; gi < NUM_BARRIERS; gi = gi + 1) begin : g_cnt_flat
            assign cnt_flat[gi*W +: W] = cnt_reg[gi];
        end
        for (gi = 0; gi < NUM_PES; gi = gi + 1) begin : g_tgt_flat
            assign tgt_flat[gi*W +: W] = tgt_reg[gi];
            // (a localparam, not gi[PW-1:0]: Icarus 11 mis-evaluates a part-select of a genvar)
            localparam integer GI = gi;
            localparam [PW-1:0] GI_PE = GI[PW-1:0];
            assign pe_busy[gi] = armed_reg[gi] || pend_reg[gi] ||
                                 (rel_valid_reg && rel_pe_reg == GI_PE);
        end
    endgenerate

    // ---------------------------------------------------------------- request decode
    wire mir_space2 = (mir_cnt_reg <= MIR_DEPTH - 2);
    wire nq_space   = (nq_cnt_reg != NOTIF_DEPTH);
    assign s_req_ready = mir_space2 && nq_space;
    assign s_inc_ready = mir_space2;

    wire req_fire = s_req_valid && s_req_ready;
    wire inc_fire = s_inc_valid && s_inc_ready;

    wire          req_pe_ok  = (s_req_pe[7:PW] == {(8-PW){1'b0}});   // pe < NUM_PES (power of two)
    wire [PW-1:0] req_pe     = s_req_pe[PW-1:0];
    wire          req_busy   = req_pe_ok && pe_busy[req_pe];
    wire          req_bar_ok = (s_req_bar[7:BW] == {(8-BW){1'b0}}) && cfg_bar_en[s_req_bar[BW-1:0]];
    wire [BW-1:0] req_bar    = s_req_bar[BW-1:0];
    wire [W-1:0]  req_step   = cfg_bar_step[req_bar*W +: W];
    wire [W-1:0]  req_inc    = cfg_bar_inc[req_bar*W +: W];
    wire [W-1:0]  req_cnt    = cnt_reg[req_bar];
    wire [W-1:0]  req_dist   = s_req_epoch - req_cnt;
    wire          req_far    = (req_dist < HALF) && (req_dist > req_step);
    wire          req_is_arr = (s_req_op == OP_ARRIVE) || (s_req_op == OP_ARRIVE_NB);

    wire req_valid_pe = req_fire && req_pe_ok && !req_busy;
    wire err_op  = req_valid_pe && (s_req_op == 2'd3);
    wire err_bar = req_valid_pe && !err_op && !req_bar_ok;
    wire err_far = req_valid_pe && !err_op && req_bar_ok && (s_req_op == OP_WAIT) && req_far;
    wire do_arr  = req_valid_pe && req_bar_ok && req_is_arr;
    wire do_wait = req_valid_pe && req_bar_ok && (s_req_op == OP_WAIT) && !req_far;

    // internal-path increment (¶48): own arrival applied locally
    wire          loc_v   = do_arr && cfg_internal_path;
    wire [W-1:0]  loc_cnt = req_cnt + req_inc;                   // value after local update
    wire [W-1:0]  inc_base = cnt_reg[s_inc_bar] +
                             ((loc_v && req_bar == s_inc_bar) ? req_inc : {W{1'b0}});
    wire [W-1:0]  inc_cnt = inc_base + s_inc_val;                // value after fabric update

    // ---------------------------------------------------------------- release arbiter
    reg              sel_v;
    reg [PW-1:0]     sel_pe;
    reg [W-1:0]      sel_epoch;
    reg [1:0]        sel_status;
    reg [7:0]        sel_bar;
    integer p;
    always @* begin
        sel_v      = 1'b0;
        sel_pe     = {PW{1'b0}};
        sel_epoch  = {W{1'b0}};
        sel_status = ST_OK;
        sel_bar    = 8'd0;
        for (p = NUM_PES - 1; p >= 0; p = p - 1) begin
            if (pend_reg[p] ||
                (armed_reg[p] && ge_serial(cnt_reg[pbar_reg[p][BW-1:0]], tgt_reg[p]))) begin
                sel_v      = 1'b1;
                sel_pe     = p[PW-1:0];
                sel_bar    = pbar_reg[p];
                sel_epoch  = pend_reg[p] ? pep_reg[p] : tgt_reg[p];
                sel_status = pend_reg[p] ? pst_reg[p] : ST_OK;
            end
        end
    end
    wire rel_fire = rel_valid_reg && m_rel_ready;
    wire rel_load = sel_v && (!rel_valid_reg || m_rel_ready);

    assign m_rel_valid  = rel_valid_reg;
    assign m_rel_pe     = {{(8-PW){1'b0}}, rel_pe_reg};
    assign m_rel_bar    = rel_bar_reg;
    assign m_rel_epoch  = rel_epoch_reg;
    assign m_rel_status = rel_status_reg;

    // ---------------------------------------------------------------- mirror queue (2 pushes)
    wire          mir_push1 = inc_fire;
    wire [MW:0]   mir_npush = {{MW{1'b0}}, loc_v} + {{MW{1'b0}}, mir_push1};
    wire          mir_pop   = m_mir_valid && m_mir_ready;
    assign m_mir_valid = (mir_cnt_reg != 0);
    assign m_mir_bar   = mir_mem[mir_rp_reg][BW+W-1:W];
    assign m_mir_data  = mir_mem[mir_rp_reg][W-1:0];

    // ---------------------------------------------------------------- notification queue
    wire nq_push = do_arr;
    wire nq_pop  = m_notif_valid && m_notif_ready;
    assign m_notif_valid = (nq_cnt_reg != 0);
    assign m_notif_bar   = nq_mem[nq_rp_reg];

    // ---------------------------------------------------------------- statistics
    assign stat_req_arrive    = do_arr;
    assign stat_req_wait      = do_wait;
    assign stat_req_drop_pe   = req_fire && !req_pe_ok;
    assign stat_req_drop_busy = req_fire && req_busy;
    assign stat_rsp_err_bar   = err_bar;
    assign stat_rsp_err_far   = err_far;
    assign stat_rsp_err_op    = err_op;
    assign stat_rel_ok        = rel_fire && (rel_status_reg == ST_OK);
    assign stat_mirror_wr     = {1'b0, loc_v} + {1'b0, mir_push1};
    assign stat_tx_notif      = do_arr;

    // ---------------------------------------------------------------- sequential
    integer b, q;
    always @(posedge clk) begin
        if (rst) begin
            for (b = 0; b < NUM_BARRIERS; b = b + 1) cnt_reg[b] <= {W{1'b0}};
            for (q = 0; q < NUM_PES; q = q + 1) begin
                tgt_reg[q]   <= {W{1'b0}};
                armed_reg[q] <= 1'b0;
                pend_reg[q]  <= 1'b0;
                pbar_reg[q]  <= 8'd0;
                pst_reg[q]   <= ST_OK;
                pep_reg[q]   <= {W{1'b0}};
            end
            rel_valid_reg  <= 1'b0;
            rel_pe_reg     <= {PW{1'b0}};
            rel_bar_reg    <= 8'd0;
            rel_epoch_reg  <= {W{1'b0}};
            rel_status_reg <= ST_OK;
            mir_wp_reg  <= {MW{1'b0}};
            mir_rp_reg  <= {MW{1'b0}};
            mir_cnt_reg <= {(MW+1){1'b0}};
            nq_wp_reg   <= {NQ{1'b0}};
            nq_rp_reg   <= {NQ{1'b0}};
            nq_cnt_reg  <= {(NQ+1){1'b0}};
        end else begin
            // counters: request (internal path) first, then the fabric increment
            for (b = 0; b < NUM_BARRIERS; b = b + 1) begin
                if (csr_cnt_wr && csr_cnt_idx == b[BW-1:0])
                    cnt_reg[b] <= csr_cnt_data;
                else if (inc_fire && s_inc_bar == b[BW-1:0])
                    cnt_reg[b] <= inc_cnt;
                else if (loc_v && req_bar == b[BW-1:0])
                    cnt_reg[b] <= loc_cnt;
            end
            if (csr_tgt_wr)
                tgt_reg[csr_tgt_idx] <= csr_tgt_data;

            // release register: load the lowest releasable PE, retire its state
            if (rel_fire && !rel_load)
                rel_valid_reg <= 1'b0;
            if (rel_load) begin
                rel_valid_reg  <= 1'b1;
                rel_pe_reg     <= sel_pe;
                rel_bar_reg    <= sel_bar;
                rel_epoch_reg  <= sel_epoch;
                rel_status_reg <= sel_status;
                armed_reg[sel_pe] <= 1'b0;
                pend_reg[sel_pe]  <= 1'b0;
            end

            // request effects (the PE is idle, so no conflict with the release load)
            if (do_arr) begin
                tgt_reg[req_pe]  <= tgt_reg[req_pe] + req_step;
                pbar_reg[req_pe] <= s_req_bar;
                if (s_req_op == OP_ARRIVE) begin
                    armed_reg[req_pe] <= 1'b1;
                end else begin
                    pend_reg[req_pe] <= 1'b1;
                    pst_reg[req_pe]  <= ST_OK;
                    pep_reg[req_pe]  <= tgt_reg[req_pe] + req_step;
                end
            end
            if (do_wait) begin
                tgt_reg[req_pe]   <= s_req_epoch;
                pbar_reg[req_pe]  <= s_req_bar;
                armed_reg[req_pe] <= 1'b1;
            end
            if (err_op || err_bar || err_far) begin
                pend_reg[req_pe] <= 1'b1;
                pbar_reg[req_pe] <= s_req_bar;
                pep_reg[req_pe]  <= s_req_epoch;
                pst_reg[req_pe]  <= err_op ? ST_ERR_OP : (err_bar ? ST_ERR_BAR : ST_ERR_FAR);
            end

            // mirror queue
            if (loc_v) begin
                mir_mem[mir_wp_reg] <= {req_bar, loc_cnt};
                if (mir_push1)
                    mir_mem[mir_wp_nxt] <= {s_inc_bar, inc_cnt};
            end else if (mir_push1) begin
                mir_mem[mir_wp_reg] <= {s_inc_bar, inc_cnt};
            end
            mir_wp_reg  <= mir_wp_reg + mir_npush[MW-1:0];
            if (mir_pop)
                mir_rp_reg <= mir_rp_reg + 1'b1;
            mir_cnt_reg <= mir_cnt_reg + mir_npush - {{MW{1'b0}}, mir_pop};

            // notification queue
            if (nq_push) begin
                nq_mem[nq_wp_reg] <= req_bar;
                nq_wp_reg <= nq_wp_reg + 1'b1;
            end
            if (nq_pop)
                nq_rp_reg <= nq_rp_reg + 1'b1;
            nq_cnt_reg <= nq_cnt_reg + {{NQ{1'b0}}, nq_push} - {{NQ{1'b0}}, nq_pop};
        end
    end
endmodule
