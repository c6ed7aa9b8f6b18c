`resetall
`default_nettype none
// barrier_ctr: barrier counter table, per-PE next-epoch values, release scanner and coalesced
// mirror.
//
// Seed 001 ¶33-¶39; note §4.2 (update rules, mirror "coalescing: at most one pending per b"),
// A2/A11 (serial compare), A3 (local next epoch), A5 (leader mode, in barrier_dev's CSRs).
// Contract: docs/barrier.md sections 2-4 (the timing rules below are section 3.1).
//
// Parameters: NUM_BARRIERS (NB, power of two, 2..32), NUM_PES (NW, power of two, 2..128),
// CNT_WIDTH (W, 4..64 bits), NOTIF_DEPTH (queued notifications, power of two >= 2).
//
// Tables (not reset): cnt[NB] counters, tgt[NW] next epoch values, pep[NW] epoch of a pending
// response. All in distributed RAM (async read, one write port each). A reset sweep zeroes cnt and
// tgt in max(NB, NW) cycles after rst (init_busy: no request accepted; the owner applies no CSR
// write and no s_inc meanwhile). Control state (armed, pending, per-PE barrier, status, dirty
// bits, pipeline control) is in flip-flops and reset.
//
// Configuration: enables (cfg_bar_en, flat) and CTRL.INTERNAL_PATH; STEP and INC of the request's
//   barrier through a lookup port (cfg_lk_bar out, cfg_lk_step / cfg_lk_inc answered in the same
//   cycle: the owner keeps them in distributed RAM), sampled in phase B.
// Interfaces (valid/ready):
//   s_req  {op[1:0], pe[7:0], bar[7:0], epoch[W-1:0]}  PE requests; s_req_ready = request slot free
//   s_inc  {bar[BW-1:0], inc[W-1:0]}                    fabric increments; s_inc_ready is 1 always
//   m_rel  {pe, bar, epoch[W-1:0], status[1:0]}         releases / responses (registered)
//   m_mir  {bar[BW-1:0], data[W-1:0]}                   coalesced mirror writes (registered)
//   m_notif {bar[BW-1:0]}                               one per accepted ARRIVE / ARRIVE_NB
//   csr_cnt_* (write lo/hi half of a counter, applied through the update stage: hold_busy high
//   until it is applied, and while a request is in phase C or D; the owner must not accept a CSR
//   write while hold_busy, since it applies its writes two cycles later), csr_tgt_* (applied
//   at once; csr_tgt_pre_idx gives the entry one cycle before, for the half merge; the request
//   pipeline does not advance in a cycle with csr_wr_any).
// Timing (cycles; docs/barrier.md 3.1):
//   update stage: an s_inc accepted in cycle t is written to cnt at the end of t+2 (input
//   register, U0 read and add, U1 write). The internal-path increment of an ARRIVE and a
//   CSR counter write wait in the 1-entry hold register and take the update slot in a cycle with
//   no registered s_inc.
//   requests: accepted into R (cycle a); phase B registers cnt[bar] (value at the start of B),
//   tgt, STEP, INC as read; phase B2 computes epoch - cnt and tgt + STEP; phase C compares and
//   decides the outcome from the state at the start of D (busy, enables); phase D (= B + 3)
//   applies it, gated by flip-flops only. A CSR write in B, B2, C or D, or (in D) no room for the
//   notification or the hold, sends the request back to phase B. One request per 5 cycles at best.
//   releases: a scanner visits PE (t mod NW) in cycle t (S0: armed / pending / barrier, the
//   state at the start of t), reads its counter, target and pending epoch in S1 = t+1 (the state
//   at the start of t+1), compares in S2 and loads m_rel in S3 = t+3 if the PE is still
//   armed/pending and the release register is free. Bound: a PE releasable from cycle t is
//   loaded by t+NW+2 when m_rel is not stalled (visible on m_rel at t+NW+3).
//   mirror: per-barrier dirty bit set by every increment (a CNT CSR write is configuration and
//   sets none); a scan pointer visits barrier (t mod NB) in cycle t: if it is dirty and the claim
//   register is free (or moves on this cycle) it is claimed and its dirty bit cleared (an update
//   in the same cycle sets it again); when the m_mir register is free (or taken this cycle) the
//   claimed barrier is loaded with cnt (value at the start of that cycle). Drain latency of a
//   dirty barrier <= NB cycles when m_mir is not stalled.
// Statistic pulses (one cycle each): stat_* outputs, counted by the owner.
module barrier_ctr #(
    parameter NUM_BARRIERS = 16,
    parameter NUM_PES      = 16,
    parameter CNT_WIDTH    = 64,
    parameter NOTIF_DEPTH  = 4
) (
    input  wire                          clk,
    input  wire                          rst,
    // configuration (from CSRs)
    input  wire                          cfg_internal_path, // barrier cfg_lk_bar uses the internal path
    input  wire                          cfg_lk_leader,     // leader mode of cfg_lk_bar (docs 3.2)
    input  wire [((NUM_PES <= 2) ? 1 : $clog2(NUM_PES)):0] cfg_lk_local_n, // BAR_LOCAL_N of cfg_lk_bar, 1..NUM_PES (PW+1 bits)
    input  wire                          csr_lcnt_clr,      // clear the local arrival count of
    input  wire [BW-1:0]                 csr_lcnt_idx,      // barrier csr_lcnt_idx (CSR write)
    input  wire [NUM_BARRIERS-1:0]       cfg_bar_en,
    output wire [BW-1:0]                 cfg_lk_bar,      // barrier of the request (phase B)
    output wire [NUM_BARRIERS-1:0]       cfg_lk_barsel,   // the same, one-hot (flag lookups)
    input  wire [CNT_WIDTH-1:0]          cfg_lk_step,     // STEP[cfg_lk_bar] (same cycle: async RAM)
    input  wire [CNT_WIDTH-1:0]          cfg_lk_inc,      // INC[cfg_lk_bar]
    // CSR access
    input  wire                          csr_wr_any,      // any CSR write this cycle
    input  wire                          csr_wr_any_nx,   // csr_wr_any of the next cycle
    input  wire                          csr_cnt_wr,      // write half of cnt[csr_cnt_idx]
    input  wire                          csr_cnt_wr_c,    // a copy of csr_cnt_wr, equal to it in every
                                                          // cycle (the owner's ff_keep): U0's forward
                                                          // compares and read-ahead address use it
    input  wire                          csr_cnt_hi,      // 1: bits 63:32, 0: bits 31:0
    input  wire [BW-1:0]                 csr_cnt_idx,
    input  wire [31:0]                   csr_cnt_data,
    output wire                          hold_busy,
    input  wire                          csr_tgt_wr,      // write half of a tgt entry (below)
    input  wire                          csr_tgt_hi,
    input  wire [31:0]                   csr_tgt_data,
    input  wire [PW-1:0]                 csr_tgt_pre_idx, // the entry of a TGT write applied next cycle
    input  wire [BW-1:0]                 csr_rd_bar,
    output wire [CNT_WIDTH-1:0]          csr_rd_cnt,
    input  wire [PW-1:0]                 csr_rd_pe,
    output wire [CNT_WIDTH-1:0]          csr_rd_tgt,
    output wire                          init_busy,       // reset sweep of cnt / tgt (below)
    input  wire [PW-1:0]                 csr_tgt_w0_idx,  // the entry csr_tgt_pre_idx will name next cycle
    output wire                          csr_tgt_lock,    // PE csr_tgt_pre_idx busy at the start of the next cycle (below)
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
    output wire                          stat_mirror_wr,
    output wire                          stat_tx_notif
);
    localparam W  = CNT_WIDTH;
    localparam BW = (NUM_BARRIERS <= 2) ? 1 : $clog2(NUM_BARRIERS);
    localparam PW = (NUM_PES <= 2) ? 1 : $clog2(NUM_PES);
    localparam NQ = $clog2(NOTIF_DEPTH);
    localparam [W-1:0] HALF = {1'b1, {(W-1){1'b0}}};

    localparam [1:0] OP_ARRIVE = 2'd0, OP_WAIT = 2'd1, OP_ARRIVE_NB = 2'd2;
    localparam [1:0] ST_OK = 2'd0, ST_ERR_BAR = 2'd1, ST_ERR_FAR = 2'd2, ST_ERR_OP = 2'd3;
    localparam [1:0] UK_INC = 2'd0, UK_SET_LO = 2'd1, UK_SET_HI = 2'd2;

    initial begin
        if (NUM_BARRIERS < 2 || NUM_BARRIERS > 32 || (NUM_BARRIERS & (NUM_BARRIERS - 1)) != 0) begin
            $error("%m: NUM_BARRIERS must be a power of two, 2..32"); $finish;
        end
        if (NUM_PES < 2 || NUM_PES > 128 || (NUM_PES & (NUM_PES - 1)) != 0) begin
            $error("%m: NUM_PES must be a power of two, 2..128"); $finish;
        end
        if (CNT_WIDTH < 4 || CNT_WIDTH > 64) begin
            $error("%m: CNT_WIDTH must be 4..64"); $finish;
        end
        if (NOTIF_DEPTH < 2 || (NOTIF_DEPTH & (NOTIF_DEPTH - 1)) != 0) begin
            $error("%m: NOTIF_DEPTH must be a power of two >= 2"); $finish;
        end
    end

    function ge_serial;
        input [W-1:0] c;
        input [W-1:0] t;
        reg   [W-1:0] d;
        begin
            d = c - t;
            ge_serial = (d < HALF);
        end
    endfunction

    // ---------------------------------------------------------------- tables (distributed RAM)
    // The counter table and four copies of it, one per read port (U0's read-ahead: cnt_mem; phase
    // B: cnt_bm; the scanner's S1: cnt_sm; the mirror: cnt_mm; the CSR read: cnt_cm). U1 writes all
    // five with the same data; each copy takes its write enable and address from a flip-flop copy of
    // u_v_reg / u_bar_reg of its own (cw_v / cw_a, ff_keep: equal to the originals in every cycle),
    // so that no one address net spans the 80 distributed-RAM cells of the five tables
    reg [W-1:0] cnt_mem [0:NUM_BARRIERS-1];
    reg [W-1:0] cnt_bm  [0:NUM_BARRIERS-1];
    reg [W-1:0] cnt_sm  [0:NUM_BARRIERS-1];
    reg [W-1:0] cnt_mm  [0:NUM_BARRIERS-1];
    reg [W-1:0] cnt_cm  [0:NUM_BARRIERS-1];
    reg [W-1:0] tgt_mem [0:NUM_PES-1];
    reg [W-1:0] pep_mem [0:NUM_PES-1];
    // Reset sweep: cnt_mem and tgt_mem are zeroed after rst, one entry per cycle (the counter
    // through the update stage, the target through its write port), NI = max(NB, NW) cycles with
    // init_busy high; meanwhile no request is accepted, and the owner applies no CSR write and
    // no s_inc (barrier_dev holds its AXI4-Lite port; its barriers are all disabled). After it
    // every entry reads 0, the reset value of CNT and TGT, and the tables are read raw.
    localparam NI = (NUM_BARRIERS > NUM_PES) ? NUM_BARRIERS : NUM_PES;
    localparam IW = (NI <= 2) ? 1 : $clog2(NI);
    localparam integer NI_I = NI;
    reg          ini_v_reg;
    reg [IW-1:0] ini_idx_reg;
    wire [IW-1:0] ini_idx_nx = ini_idx_reg + 1'b1;
    wire          ini_more   = ini_v_reg && (ini_idx_reg != NI_I[IW-1:0] - 1'b1); // sweeps next cycle too
    assign init_busy = ini_v_reg;

    // one-hot copies of the request's PE and barrier (loaded with rq_pe_raw_reg / rq_bar_raw_reg
    // from the low bits of s_req_pe / s_req_bar): the per-PE selects of phase B2, the flag
    // lookups, the leader count write decode and the update stage's forward compare start at
    // flip-flops of their own, not at the widely fanned-out index
    reg [NUM_PES-1:0]      rq_pesel_reg;
    reg [NUM_BARRIERS-1:0] rq_barsel_reg;

    // per-PE control state
    reg [NUM_PES-1:0] armed_reg;
    reg [NUM_PES-1:0] pend_reg;          // response (error / ARRIVE_NB) pending
    reg [7:0]         pbar_reg [0:NUM_PES-1];
    reg [1:0]         pst_reg  [0:NUM_PES-1];

    // release register
    reg          rel_valid_reg;
    reg [PW-1:0] rel_pe_reg;
    reg [NUM_PES-1:0] rel_peoh_reg;   // one-hot rel_pe_reg (pe_busy_nx without a compare)
    reg [7:0]    rel_bar_reg;
    reg [W-1:0]  rel_epoch_reg;
    reg [1:0]    rel_status_reg;
    wire rel_fire = rel_valid_reg && m_rel_ready;

    // PE busy (armed, response pending, or its release in the release register), and busy at the
    // start of the next cycle as far as the release path goes: the release of the PE acknowledged
    // now clears it (its armed/pending bits are already clear). A request applied this cycle (phase
    // D) may set it as well: the users (phase C here, the owner's TGT lock one cycle before the
    // CSR write applies) exclude that case.
    wire [NUM_PES-1:0] pe_busy;
    wire [NUM_PES-1:0] pe_busy_nx;
    genvar gi;
    generate
        for (gi = 0; gi < NUM_PES; gi = gi + 1) begin : g_busy
            assign pe_busy[gi]    = armed_reg[gi] || pend_reg[gi] || pres_reg[gi];
            assign pe_busy_nx[gi] = pe_busy[gi] && !(rel_fire && rel_peoh_reg[gi] &&
                                                     !armed_reg[gi] && !pend_reg[gi]);
        end
    endgenerate

    assign csr_rd_cnt = cnt_cm[csr_rd_bar];
    assign csr_rd_tgt = tgt_mem[csr_rd_pe];

    // current value of the TGT entry a CSR half-write merges into, read one cycle ahead at
    // csr_tgt_pre_idx (nothing writes tgt in between: the owner accepts no CSR write while a
    // request is in phase C or D, and has one write in flight)
    reg  [W-1:0] tgt_pre_reg;
    always @(posedge clk)
        tgt_pre_reg <= tgt_mem[csr_tgt_pre_idx];
    wire [W-1:0] tgt_cur_w = tgt_pre_reg;

    // ---------------------------------------------------------------- update stage
    // hold register: internal-path increment or CSR counter write waiting for the update slot
    reg          h_v_reg;
    reg [1:0]    h_kind_reg;
    reg [BW-1:0] h_bar_reg;
    reg [W-1:0]  h_val_reg;
    // CSR counter half, placed at bits 31:0 or 63:32 of a W-bit value (the upper half is dropped
    // when W <= 32)
    reg [W-1:0] csr_h_val;
    // TGT CSR write: replace one half of the current value
    reg [W-1:0] csr_tgt_new;
    integer hb;
    always @* begin
        csr_tgt_new = tgt_cur_w;
        for (hb = 0; hb < 32; hb = hb + 1) begin
            if (!csr_tgt_hi && hb < W) csr_tgt_new[hb] = csr_tgt_data[hb];
            if (csr_tgt_hi && hb + 32 < W) csr_tgt_new[hb + 32] = csr_tgt_data[hb];
        end
    end
    always @* begin
        csr_h_val = {W{1'b0}};
        for (hb = 0; hb < 32; hb = hb + 1) begin
            if (!csr_cnt_hi && hb < W) csr_h_val[hb] = csr_cnt_data[hb];
            if (csr_cnt_hi && hb + 32 < W) csr_h_val[hb + 32] = csr_cnt_data[hb];
        end
    end


    // U0 -> U1 register
    reg          u_v_reg;
    reg          u_hold_reg;     // the op came from the hold (lockstep probe only)
    reg [1:0]    u_kind_reg;
    reg [BW-1:0] u_bar_reg;
    /* verilator lint_off UNUSEDSIGNAL */
`ifdef FORMAL
    (* keep *) reg [W-1:0] u_val_reg, u_old_reg, u_keep_reg;
    (* keep *) reg         u_ini_reg;
`else
    reg [W-1:0]  u_val_reg;
    reg [W-1:0]  u_old_reg;      // cnt[u_bar] read in U0 & the keep mask (forwarded from U1 when the same barrier)
    reg [W-1:0]  u_keep_reg;     // bits of the old value kept: all (INC), the other half (SET_*)
    reg          u_ini_reg;      // the update is a reset-sweep write (lockstep probe, the proof)
`endif
    /* verilator lint_on UNUSEDSIGNAL */
    // (u_old_reg, u_val_reg, u_keep_reg: the operands of u_new_reg, kept for the proof and the
    // probes; synthesis drops them)
    reg [W-1:0]  u_new_reg;      // the value U1 writes: (u_old & u_keep) + u_val, summed in U0

    assign s_inc_ready = 1'b1;
    // input register of the fabric increments (s_inc_ready is 1: every s_inc_valid cycle is a
    // transfer); U0 selects from flip-flops only
    reg          i_v_reg;      // (its barrier: u0_bar_reg)
    reg [W-1:0]  i_val_reg;
    always @(posedge clk)
        if (s_inc_valid)
            i_val_reg <= s_inc_val;
    wire h_take = h_v_reg && !i_v_reg;   // the hold takes the slot when no fabric increment
    wire h_free = !h_v_reg || !i_v_reg;  // the hold is empty or taken this cycle

    // U0 reads the counter of the update it selects and adds; an update of the same barrier in
    // U1 this cycle is forwarded (its value is written at the end of this cycle). U1 writes at
    // the end of t+1.
    // u0_bar (the registered s_inc_bar if i_v_reg, else h_bar_reg) and the forward select (the
    // update in U1 this cycle is of the same barrier) are registered one cycle ahead from the next
    // values of the input register and the hold (and the reset sweep), so the counter read
    // address and the forward mux start at flip-flops
    reg  [BW-1:0] u0_bar_reg;
    // ~u0_bar_reg: a private copy for the forward compare (inverted so that synthesis does not
    // merge it with u0_bar_reg, which fans out to the five cnt_mem read ports)
    reg  [BW-1:0] u0_barn_reg;
    reg           u0_fwd_reg;
    wire [BW-1:0] u0_bar  = u0_bar_reg;
    wire [BW-1:0] h_bar_nx;
    wire [BW-1:0] u0_bar_nx = s_inc_valid ? s_inc_bar : h_bar_nx;
    // u0_bar == u0_bar_nx, one compare per source of u0_bar_nx, selected last (the request's
    // barrier through a private copy: rq_bar fans out to the table lookups). Written out twice,
    // not as a function of module signals: Icarus re-evaluates a continuous assignment only on
    // the function's arguments (replay-barrier caught it)
    wire [BW-1:0] u0_barc   = ~u0_barn_reg;                               // == u0_bar
    wire          u0_eq_nx  = s_inc_valid ? (s_inc_bar == u0_barc) :
                              !h_free     ? (h_bar_reg == u0_barc) :
                              csr_cnt_wr_c ? (csr_cnt_idx == u0_barc) : (~rq_barn_reg == u0_barc);
    wire [BW-1:0] ini_bar   = ini_idx_reg[BW-1:0];
    wire          u0_ieq_nx = s_inc_valid ? (s_inc_bar == ini_bar) :      // ini_bar == u0_bar_nx
                              !h_free     ? (h_bar_reg == ini_bar) :
                              csr_cnt_wr_c ? (csr_cnt_idx == ini_bar) : (~rq_barn_reg == ini_bar);
    // U0's counter word, read one cycle ahead at u0_bar_nx and registered (u0_ram_reg): the write
    // of that cycle (U1's, the end of the cycle before U0) lands after the read and is forwarded
    // from u2_new_reg (u0_fwd2_reg); the write of U0's own cycle from u_new_reg (u0_fwd_reg, newer).
    // u0_ram_reg and u2_new_reg are loaded masked by U0's keep mask (below), and u0_fwd_reg and
    // its copies are 0 in a half the mask clears: U0's operand (old & keep) is one select of
    // three registers (u0_old), without an AND behind it
    reg  [W-1:0]  u0_ram_reg;
    reg  [W-1:0]  u2_new_reg;     // the value U1 wrote at the end of the cycle before
    reg           u0_fwd2_reg;    // ... to U0's barrier
    wire [1:0]    u0_kind = i_v_reg ? UK_INC : h_kind_reg;
    // the operand's select (a private, inverted copy of i_v_reg: the 64 selects do not share the
    // widely fanned-out i_v_reg) and the keep mask of the update U0 selects (per half: the CSR
    // half a SET replaces is cleared), registered one cycle ahead like u0_bar_reg from the next
    // fabric increment, else the next hold: the adder's operands start at flip-flops and one LUT
    wire [1:0]    h_kind_nx;
    wire [W-1:0]  h_val_nx;
    wire [1:0]    u0_kind_nx = s_inc_valid ? UK_INC : h_kind_nx;
    reg           u0_vseln_reg;     // ~i_v_reg: U0 takes the hold's value
    // U0's keep mask per CSR half (u0_keep: the proof and the probes only; the operand sources
    // are masked when they load, below)
    reg           u0_klo_reg;
    /* verilator lint_off UNUSEDSIGNAL */
    reg           u0_khi_reg;       // (W > 32)
    /* verilator lint_on UNUSEDSIGNAL */
    wire          u0_klo_nx = (u0_kind_nx != UK_SET_LO);   // keep the low CSR half
    /* verilator lint_off UNUSEDSIGNAL */
    wire          u0_khi_nx = (u0_kind_nx != UK_SET_HI);   // keep the high CSR half (W > 32)
    /* verilator lint_on UNUSEDSIGNAL */
    // the keep mask of the next U0 (bits 31:0 the low CSR half, W-1:32 the high one) and of U0
    wire [W-1:0]  u0_km_nx;
    wire [W-1:0]  u0_keep;
    generate
        for (gi = 0; gi < W; gi = gi + 1) begin : g_km
            assign u0_km_nx[gi] = (gi < 32) ? u0_klo_nx : u0_khi_nx;
            assign u0_keep[gi]  = (gi < 32) ? u0_klo_reg : u0_khi_reg;
        end
    endgenerate
    always @(posedge clk) begin
        u0_ram_reg <= cnt_mem[u0_bar_nx] & u0_km_nx;
        u2_new_reg <= u_new_reg & u0_km_nx;
    end
    // The new counter value: cnt + inc, or the CSR half merged in by an add (a SET's value is
    // zero outside its half, the keep mask clears that half), summed in U0 from the RAM read (or
    // the forwarded U1 value) and registered in u_new_reg, which U1 writes: the RAM write data
    // and its five copies start at flip-flops (the adder is not on the write path)
    wire [W-1:0]  u0_val;
    // The forward and operand selects fan out to all W operand bits: bits 15:0 use u0_fwd_reg /
    // u0_fwd2_reg / u0_vseln_reg, each further 16 bits copies of their own (ff_keep, loaded with
    // the same next value and reset alike, so every copy equals its original in every cycle; the
    // forward copies of bits W-1:32 fold in the high half's keep bit, those below the low one's)
    localparam NFC = (W + 15) / 16;
    wire          u0_fwd_nx  = ini_v_reg ? u0_ieq_nx : ((i_v_reg || h_v_reg) && u0_eq_nx);
    // u_bar_reg == u0_bar_nx as one compare per source of u0_bar_nx, selected last (like
    // u0_eq_nx), against a private copy of u_bar_reg (u_barf: ff_keep, loaded alike)
    wire [BW-1:0] u_barf;
    wire          u0_fwd2_nx = u_v_reg && (s_inc_valid  ? (s_inc_bar == u_barf) :
                                           !h_free      ? (h_bar_reg == u_barf) :
                                           csr_cnt_wr_c ? (csr_cnt_idx == u_barf) :
                                                          (~rq_barn_reg == u_barf));
    wire [NFC-1:0] u0_fwd_k, u0_fwd2_k, u0_vseln_k;
    wire [W-1:0]  u0_old;
    assign u0_fwd_k[0]   = u0_fwd_reg;
    assign u0_fwd2_k[0]  = u0_fwd2_reg;
    assign u0_vseln_k[0] = u0_vseln_reg;
    generate
        for (gi = 0; gi < NFC; gi = gi + 1) begin : g_fwd
            localparam integer LO = 16 * gi;
            localparam integer HI = (16 * gi + 15 < W) ? 16 * gi + 15 : W - 1;
            if (gi > 0) begin : g_copy
                ff_keep u_fwd  (.clk(clk), .rst(rst),
                                .d(u0_fwd_nx && (LO < 32 ? u0_klo_nx : u0_khi_nx)),
                                .q(u0_fwd_k[gi]));
                ff_keep u_fwd2 (.clk(clk), .rst(rst), .d(u0_fwd2_nx), .q(u0_fwd2_k[gi]));
                ff_keep #(.RST_VAL(1'b1)) u_vsel (.clk(clk), .rst(rst), .d(!s_inc_valid),
                                                  .q(u0_vseln_k[gi]));
            end
            assign u0_val[HI:LO] = u0_vseln_k[gi] ? h_val_reg[HI:LO] : i_val_reg[HI:LO];
            assign u0_old[HI:LO] = u0_fwd_k[gi]  ? u_new_reg[HI:LO] :
                                   u0_fwd2_k[gi] ? u2_new_reg[HI:LO] : u0_ram_reg[HI:LO];
        end
    endgenerate
    // u0_new = (old & keep) + u0_val (u0_old is already masked); above 32 bits as a three-segment
    // carry-select adder: bits [S1-1:0] one chain; [S2-1:S1] and [W-1:S2] each with carry-in 0
    // and 1 in parallel, the middle selected by the low chain's carry, the top by the middle's
    // carry under that select (one LUT3). At W = 64 the chains are 22 / 21 / 21 bits: the
    // two-segment split (24 / 40) left the 40-bit upper chain plus its select at 124.2 MHz
    // (docs/synth.md, timing pass 9)
    localparam S1 = (W > 32) ? (W + 2) / 3 : W;
    localparam S2 = (W > 32) ? S1 + (W - S1 + 1) / 2 : W;
    wire [W-1:0]  u0_new;
    generate
        if (W > 32) begin : g_csel
            /* verilator lint_off UNUSEDSIGNAL */
            wire [S1:0]      lo   = {1'b0, u0_old[S1-1:0]} + {1'b0, u0_val[S1-1:0]};
            // + 1 as the carry-in of one adder (a 1 below both operands), not a second adder
            wire [S2-S1:0]   md0  = {1'b0, u0_old[S2-1:S1]} + {1'b0, u0_val[S2-1:S1]};
            wire [S2-S1+1:0] md1c = {1'b0, u0_old[S2-1:S1], 1'b1} + {1'b0, u0_val[S2-1:S1], 1'b1};
            wire [W-S2-1:0]  hi0  = u0_old[W-1:S2] + u0_val[W-1:S2];
            wire [W-S2:0]    hi1c = {u0_old[W-1:S2], 1'b1} + {u0_val[W-1:S2], 1'b1};
            /* verilator lint_on UNUSEDSIGNAL */
            wire             c2   = lo[S1] ? md1c[S2-S1+1] : md0[S2-S1];
            assign u0_new = {c2 ? hi1c[W-S2:1] : hi0,
                             lo[S1] ? md1c[S2-S1:1] : md0[S2-S1-1:0], lo[S1-1:0]};
        end else begin : g_add
            assign u0_new = u0_old + u0_val;
        end
    endgenerate
    // the tables' write data: a copy of u_new_reg (ff_keep: the same next value and reset, equal
    // to it in every cycle), so that the update loop's register (the forward mux, u2_new_reg) does
    // not also drive the 80 distributed-RAM cells of the five counter tables
    wire [W-1:0]  u_new;
    ff_keep #(.WIDTH(W)) u_wd (.clk(clk), .rst(rst), .d(ini_v_reg ? {W{1'b0}} : u0_new), .q(u_new));

    // ---------------------------------------------------------------- request pipeline
    reg          rq_v_reg;
    reg [1:0]    rq_ph_reg;      // 0: phase B (read), 1: B2 (add), 2: C (compare), 3: D (apply)
    reg [1:0]    rq_op_reg;
    reg [PW-1:0] rq_pe_raw_reg;  // s_req_pe[PW-1:0] (the upper bits: rq_peok_reg)
    reg [7:0]    rq_bar_raw_reg;
    reg [BW-1:0] rq_barn_reg;    // ~rq_bar: a private copy for U0's forward compare and h_bar_nx
    reg [W-1:0]  rq_epoch_reg;
    reg [W-1:0]  rq_cnt_reg;     // cnt[bar] (phase B)
    reg [W-1:0]  rq_dist_reg;    // epoch - cnt[bar] (phase B2)
    reg [W-1:0]  rq_tgt_reg;     // tgt[pe] (phase B)
    reg [W-1:0]  rq_tgtn_reg;    // tgt[pe] + STEP[bar] (phase B2)
    reg [W-1:0]  rq_step_reg;
    reg [W-1:0]  rq_stepn_reg;   // ~STEP[bar]: a private (inverted, so not merged) copy for the
                                 // ERR_FAR compare of phase C
    reg [W-1:0]  rq_inc_reg;     // INC[bar]
    reg          rq_bar_ok_reg;  // bar < NB and enabled
    reg          rq_ip_reg;      // phase B: the barrier uses the internal path
    reg          rq_ld_reg;      // phase B: leader mode
    reg [PW:0]   rq_ln_reg;      // phase B: BAR_LOCAL_N
    reg          rq_send_reg;    // phase B2: this arrival notifies (not leader, or LOCAL_N-th)
    reg [PW:0]   rq_lc_reg;      // phase B: lcnt[bar]
    reg [PW:0]   rq_lcn_reg;     // phase B2: lcnt[bar] + 1
    reg [NUM_BARRIERS*(PW+1)-1:0] lcnt_reg;   // leader mode: local arrivals of the epoch (3.2)
    reg [W-1:0]  rq_tval_reg;    // value for tgt[pe]: WAIT epoch or tgt + STEP
    reg [NUM_PES-1:0] pres_reg;  // PE's release is in the release register
    reg [W-1:0]  rq_pval_reg;    // value for pep[pe]: tgt + STEP for a taking-effect ARRIVE(_NB),
                                 // else the request's epoch (error responses)
    reg          rq_busy_reg;    // PE busy at the start of phase D (computed in phase C)
    // phase B2: the PE's state at the start of C: busy, neither armed nor pending, in the
    // release register (pe_busy_nx counts the release handshake of B2; a release load in B2
    // clears armed / pending and fills the register)
    reg          rq_cbusy_reg;
    reg          rq_cfree_reg;   // ... and its release register holds it and it is neither armed
                                 // nor pending: a release handshake in C frees it for D
    // phase B2: the outcome flags of phase C with the PE idle at the start of D (checks 1, 3, 4 of
    // section 3 and the request's kind), so that phase C only gates them with the busy term
    // (the release handshake enters at the last gate): rq_k<flag>_reg
    reg          rq_peok_reg;    // pe < NUM_PES (request register)
    reg          rq_karr_reg, rq_kwait_reg, rq_keop_reg, rq_kebar_reg, rq_kloc_reg;
    reg          rq_kpw0_reg, rq_karm0_reg, rq_kpend0_reg;
    reg [1:0]    rq_kst0_reg;
    // outcome of the request if phase D goes ahead (computed in phase C, the PE's busy state at
    // the start of D): ARRIVE / ARRIVE_NB takes effect, WAIT on a valid barrier (far or not),
    // error responses op / bar / far; the writes it makes: tgt[pe], pep[pe], the PE's state
    // (one-hot rq_peoh_reg: armed or pending + pbar + pst), the internal-path increment (hold)
    // C registers the flags that do not depend on the ERR_FAR compare, the compare (rq_far_reg)
    // and the valid-WAIT flag; the flags of D are one gate of them each (rq_f* wires)
    reg          rq_farr_reg, rq_fwv_reg, rq_far_reg, rq_feop_reg, rq_febar_reg, rq_floc_reg;
    reg          rq_fpw0_reg, rq_farm0_reg, rq_fpend0_reg;
    reg [1:0]    rq_fst0_reg;    // pst of a pending error response other than ERR_FAR
    wire         rq_fwait = rq_fwv_reg && !rq_far_reg;    // WAIT arms
    wire         rq_fefar = rq_fwv_reg && rq_far_reg;     // WAIT answered ERR_FAR
    reg          rq_ftw_reg;     // writes tgt[pe]: an ARRIVE that takes effect or a WAIT on a
                                 // valid barrier, unless ERR_FAR (rq_fefar)
    wire         rq_fpw   = rq_fpw0_reg || rq_fefar;      // writes pep[pe]
    wire         rq_farm  = rq_farm0_reg || rq_fwait;     // arms the PE
    wire         rq_fpend = rq_fpend0_reg || rq_fefar;    // a response is pending
    wire [1:0]   rq_fst   = rq_fefar ? ST_ERR_FAR : rq_fst0_reg;
    reg [NUM_PES-1:0] rq_peoh_reg;
    reg          rq_ind_reg;     // the request is in phase D

    assign s_req_ready = !rq_v_reg && !ini_v_reg;
    // hold_busy: the hold is occupied, or a request is in phase C or D (it may fill the hold with
    // an internal-path increment, or set its PE busy, in this or the next cycle): the owner accepts
    // no CSR write then, since it applies a write two cycles after accepting it (barrier_dev W2).
    // A request in B or B2 now is in D at the earliest when the write applies, and goes back to B.
    // Flip-flops only.
    assign hold_busy = h_v_reg || (rq_v_reg && rq_ph_reg[1]);
    reg [NQ:0]   nq_cnt_reg;
    localparam integer ND_I = NOTIF_DEPTH;
    wire req_fire = s_req_valid && s_req_ready;

    function [NUM_PES-1:0] onehot_pe;
        input [PW-1:0] i;
        onehot_pe = {{(NUM_PES-1){1'b0}}, 1'b1} << i;   // 0 when i >= NUM_PES
    endfunction
    function [NUM_BARRIERS-1:0] onehot_bar;
        input [BW-1:0] i;
        onehot_bar = {{(NUM_BARRIERS-1){1'b0}}, 1'b1} << i;
    endfunction
    wire          rq_pe_ok  = rq_peok_reg;
    wire [PW-1:0] rq_pe     = rq_pe_raw_reg;
    // a private copy of rq_pe_raw_reg (ff_keep: loaded alike, reset alike, equal in every cycle)
    // for phase B2's compares with the release stage's PEs (rq_pe fans out to the RAM read ports)
    wire [PW-1:0] rq_pec;
    ff_keep #(.WIDTH(PW)) u_rq_pec (.clk(clk), .rst(rst),
                                   .d(rq_v_reg ? rq_pec : s_req_pe[PW-1:0]), .q(rq_pec));
    wire [BW-1:0] rq_bar    = rq_bar_raw_reg[BW-1:0];
    wire          rq_bar_in = (rq_bar_raw_reg[7:BW] == {(8-BW){1'b0}});
    assign cfg_lk_bar = rq_bar;    // STEP / INC looked up by the owner (distributed RAM)
    assign cfg_lk_barsel = rq_barsel_reg;   // flags (enable, path, leader, LOCAL_N) AND-OR selected

    // phase B: read counter, target, STEP and INC (no CSR write this cycle)
    wire ph_b_go  = rq_v_reg && (rq_ph_reg == 2'd0) && !csr_wr_any;
    // phase B2: epoch - cnt, tgt + STEP (no CSR write)
    wire ph_b2_go = rq_v_reg && (rq_ph_reg == 2'd1) && !csr_wr_any;
    // phase C: compare (no CSR write)
    wire ph_c_go  = rq_v_reg && (rq_ph_reg == 2'd2) && !csr_wr_any;
    // phase C: the outcome if D goes ahead (the PE is idle at the start of D, ...)
    // the PE's busy state at the start of D from registers of phase B2 (state at the start of C:
    // busy, armed / pending, the release register holds it) and this cycle's release handshake
    wire c_idle_d   = !rq_cbusy_reg || (rel_fire && rq_cfree_reg);
    wire c_busy_d   = !c_idle_d;
    wire c_vpe_nx   = rq_pe_ok && c_idle_d;
    wire c_farr_nx  = rq_karr_reg && c_idle_d;
    wire c_fwait_nx = rq_kwait_reg && c_idle_d;
    wire c_feop_nx  = rq_keop_reg && c_idle_d;
    wire c_febar_nx = rq_kebar_reg && c_idle_d;
    // ERR_FAR: epoch - cnt in [STEP + 1, HALF). dist > STEP per 16-bit chunk (greater, equal:
    // short carry chains and equality trees in parallel), combined from the top chunk down
    localparam NGC = (W + 15) / 16;
    wire [NGC-1:0] c_chgt, c_cheq;
    generate
        for (gi = 0; gi < NGC; gi = gi + 1) begin : g_fgt
            localparam integer LO = 16 * gi;
            localparam integer HI = (16 * gi + 15 < W) ? 16 * gi + 15 : W - 1;
            assign c_chgt[gi] = rq_dist_reg[HI:LO] >  ~rq_stepn_reg[HI:LO];
            assign c_cheq[gi] = rq_dist_reg[HI:LO] == ~rq_stepn_reg[HI:LO];
        end
    endgenerate
    reg c_gt_step;
    integer gq;
    always @* begin
        c_gt_step = 1'b0;
        for (gq = 0; gq < NGC; gq = gq + 1)
            c_gt_step = c_chgt[gq] || (c_cheq[gq] && c_gt_step);
    end
    wire c_far_nx   = (rq_dist_reg < HALF) && c_gt_step;
    wire [W-1:0] rq_tgtn = rq_tgtn_reg;
    // phase D: decide and apply, exactly three cycles after phase B (else back to phase B): no CSR
    // write, room for the notification, and the hold free for an internal-path increment. The
    // request's outcome (rq_f*_reg) is decided in phase C from the state at the start of D; phase
    // D only gates it with flip-flops (rq_dgo_reg)
    wire ph_d    = rq_ind_reg;
    wire c_arr_k = (rq_op_reg == OP_ARRIVE) || (rq_op_reg == OP_ARRIVE_NB);
    // ph_d && !csr_wr_any && !(rq_floc_reg && h_v_reg && !h_take) && nq_cnt < NOTIF_DEPTH, registered in
    // phase C from the next values of its terms (rq_dgo_reg): in C no request applies, and a CSR
    // write in C stops the request, so the hold at D is the hold now unless taken now, and the
    // fabric increment at D is s_inc_valid now. Every phase-D write enable starts at this flip-flop.
    reg  rq_dgo_reg;
    wire ph_d_go = rq_dgo_reg;
    wire c_done  = ph_d_go;          // request decided and applied this cycle (lockstep probe)

    wire err_op  = c_done && rq_feop_reg;
    wire err_bar = c_done && rq_febar_reg;
    wire err_far = c_done && rq_fefar;
    wire do_arr  = c_done && rq_farr_reg;
    wire do_wait = c_done && rq_fwait;
    wire loc_v   = c_done && rq_floc_reg;
    wire c_floc_nx = rq_kloc_reg && c_idle_d;    // rq_floc_reg's next value (ARRIVE, internal
                                                 // path, notifies)
    // next h_bar_reg; the request's barrier through its private copy (~rq_barn_reg == rq_bar):
    // h_bar_nx is U0's read-ahead address (u0_bar_nx), and rq_bar fans out to the table lookups
    assign h_bar_nx  = h_free ? (csr_cnt_wr_c ? csr_cnt_idx : ~rq_barn_reg) : h_bar_reg;
    assign h_kind_nx = h_free ? (!csr_cnt_wr ? UK_INC : (csr_cnt_hi ? UK_SET_HI : UK_SET_LO))
                              : h_kind_reg;
    assign h_val_nx  = h_free ? (csr_cnt_wr ? csr_h_val : rq_inc_reg) : h_val_reg;
    reg  [PW:0] lcnt_cur;          // lcnt[bar], selected by the one-hot barrier
    integer lq;
    always @* begin
        lcnt_cur = {(PW+1){1'b0}};
        for (lq = 0; lq < NUM_BARRIERS; lq = lq + 1)
            lcnt_cur = lcnt_cur | (lcnt_reg[lq*(PW+1) +: (PW+1)] & {(PW+1){rq_barsel_reg[lq]}});
    end

    // ---------------------------------------------------------------- release scanner
    // S0 registers the control state of PE sc_ptr, S1 the RAM words (its counter, target and
    // pending epoch: the state at the start of S1), S2 the comparison; the release register loads
    // in S3 if the PE is still armed or pending
    reg [PW-1:0] sc_ptr_reg;
    reg [NUM_PES-1:0] sc_oh_reg;           // one-hot sc_ptr_reg: S0's selects are AND-OR
    reg          s0_v_reg, s1_v_reg, s2_v_reg;
    reg [PW-1:0] s0_pe_reg, s1_pe_reg, s2_pe_reg;
    reg [NUM_PES-1:0] s2_peoh_reg;         // one-hot s2_pe_reg (the release load's PE decode)
    reg          s0_pend_reg, s1_pend_reg;
    reg [7:0]    s0_bar_reg, s1_bar_reg, s2_bar_reg;
    reg [1:0]    s0_st_reg, s1_st_reg, s2_st_reg;
    reg [W-1:0]  s1_tgt_reg, s1_pep_reg, s2_ep_reg;
    reg [W-1:0]  s1_cnt_reg;
    reg          s2_live_reg;              // PE s2_pe armed or pending (start of the cycle)
    wire [W-1:0] s1_cnt = s1_cnt_reg;
    wire [W-1:0] s1_tgt = s1_tgt_reg;

    reg  [7:0]   sc_pbar;                  // pbar_reg[sc_ptr_reg]
    reg  [1:0]   sc_pst;                   // pst_reg[sc_ptr_reg]
    integer sq;
    always @* begin
        sc_pbar = 8'd0;
        sc_pst  = 2'd0;
        for (sq = 0; sq < NUM_PES; sq = sq + 1) begin
            sc_pbar = sc_pbar | (pbar_reg[sq] & {8{sc_oh_reg[sq]}});
            sc_pst  = sc_pst | (pst_reg[sq] & {2{sc_oh_reg[sq]}});
        end
    end
    wire         sc_arm  = |(armed_reg & sc_oh_reg);
    wire         sc_pend = |(pend_reg & sc_oh_reg);
    // s1_ge = ge_serial(cnt, tgt): the sign bit of cnt - tgt is 0. Above 32 bits that sign bit as a
    // carry-select (the upper difference without and with the borrow of the lower 32 bits): two
    // 32-bit carry chains in parallel instead of one of W bits
    wire         s1_ge;
    generate
        if (W > 32) begin : g_ge
            /* verilator lint_off UNUSEDSIGNAL */
            wire [32:0]     lo  = {1'b0, s1_cnt[31:0]} - {1'b0, s1_tgt[31:0]};   // lo[32]: borrow
            wire [W-33:0]   hi0 = s1_cnt[W-1:32] - s1_tgt[W-1:32];
            // cnt_hi - tgt_hi - 1 in one subtractor: {c, 0} - {t, 1} = 2 (c - t - 1) + 1
            wire [W-32:0]   hi1 = {s1_cnt[W-1:32], 1'b0} - {s1_tgt[W-1:32], 1'b1};
            /* verilator lint_on UNUSEDSIGNAL */
            assign s1_ge = !(lo[32] ? hi1[W-32] : hi0[W-33]);
        end else begin : g_ge1
            assign s1_ge = ge_serial(s1_cnt, s1_tgt);
        end
    endgenerate
    wire         s2_in   = s1_v_reg && (s1_pend_reg || s1_ge);
    wire         s2_live = s2_live_reg;
    wire rel_load = s2_v_reg && s2_live && (!rel_valid_reg || m_rel_ready);
    // armed or pending at the start of S2: now, unless loaded into the release register now; or
    // set by the request applied now (set wins, as below)
    wire s2_live_nx = ((armed_reg[s1_pe_reg] || pend_reg[s1_pe_reg]) &&
                       !(rel_load && s2_pe_reg == s1_pe_reg)) ||
                      (c_done && rq_peoh_reg[s1_pe_reg] && (rq_farm || rq_fpend));
    wire rel_valid_nx = rel_load || (rel_valid_reg && !rel_fire);
    // copies (ff_keep: the same next values, reset alike, equal in every cycle) of rel_valid_reg,
    // s2_v_reg and s2_live_reg: the per-PE effects of a release load (pres, armed, pend) take
    // rel_load from their own flip-flops (rel_load_pe == rel_load), and the release words' enable
    // (!rel_valid_reg || m_rel_ready) from a third copy of rel_valid_reg
    wire rv_pe, rv_w, s2v_pe, s2l_pe;
    ff_keep u_rv_pe  (.clk(clk), .rst(rst), .d(rel_valid_nx), .q(rv_pe));
    ff_keep u_rv_w   (.clk(clk), .rst(rst), .d(rel_valid_nx), .q(rv_w));
    ff_keep u_s2v_pe (.clk(clk), .rst(rst), .d(s2_in),        .q(s2v_pe));
    ff_keep u_s2l_pe (.clk(clk), .rst(rst), .d(s2_live_nx),   .q(s2l_pe));
    wire rel_load_pe = s2v_pe && s2l_pe && (!rv_pe || m_rel_ready);
    wire b2_load_pe = rel_load && (s2_pe_reg == rq_pec);  // phase B2: the request's PE loads

    // TGT write lock of the owner's W1: pe_busy_nx[csr_tgt_pre_idx], computed from flip-flops
    // registered one cycle ahead at csr_tgt_w0_idx (the same PE) and the release handshake of this
    // cycle. Between the two cycles busy is only cleared, never set (the owner takes no CSR write
    // while a request is in phase C or D, so no phase D sets armed / pending then; a release load
    // moves armed / pending to pres), so in the second cycle: busy = the registered pe_busy_nx,
    // armed/pending = the registered value less the release load, rel_pe = the registered next
    // rel_pe (proved: barrier_ctr_props, "TGT lock").
    wire [NUM_PES-1:0] tl_sel = onehot_pe(csr_tgt_w0_idx);
    reg  tl_busy_reg, tl_relx_reg;
    always @(posedge clk) begin
        tl_busy_reg <= |(pe_busy_nx & tl_sel);
        tl_relx_reg <= ((!rel_valid_reg || m_rel_ready) ? |(s2_peoh_reg & tl_sel)
                                                        : |(rel_peoh_reg & tl_sel)) &&
                       !(|((armed_reg | pend_reg) & tl_sel) &&
                         !(rel_load && |(s2_peoh_reg & tl_sel)));
    end
    assign csr_tgt_lock = tl_busy_reg && !(rel_fire && tl_relx_reg);
    wire [PW-1:0] sel_pe = s2_pe_reg;  // the PE loaded when rel_load (lockstep probe only)

    assign m_rel_valid  = rel_valid_reg;
    assign m_rel_pe     = {{(8-PW){1'b0}}, rel_pe_reg};
    assign m_rel_bar    = rel_bar_reg;
    assign m_rel_epoch  = rel_epoch_reg;
    assign m_rel_status = rel_status_reg;

    // ---------------------------------------------------------------- mirror (coalesced)
    reg [NUM_BARRIERS-1:0] dirty_reg;
    reg [BW-1:0]           mir_ptr_reg;
    reg                    mir_valid_reg;
    reg [BW-1:0]           mir_bar_reg;
    reg [W-1:0]            mir_data_reg;

    // mirror scan: the pointer visits barrier (t mod NB) in cycle t; a dirty one is claimed
    wire [BW-1:0] md_sel = mir_ptr_reg;
    wire          md_any = dirty_reg[mir_ptr_reg];
    // claim register: the barrier chosen in one cycle (its dirty bit cleared then) is read and
    // loaded into the output register in a later cycle (value at the start of that cycle)
    reg          mq_v_reg;
    reg [BW-1:0] mq_bar_reg;
    wire mir_load  = mq_v_reg && (!mir_valid_reg || m_mir_ready);   // lockstep probe
    wire mir_claim = md_any && (!mq_v_reg || mir_load);             // lockstep probe
    assign m_mir_valid = mir_valid_reg;
    assign m_mir_bar   = mir_bar_reg;
    assign m_mir_data  = mir_data_reg;

    // ---------------------------------------------------------------- notification queue
    reg [BW-1:0] nq_mem [0:NOTIF_DEPTH-1];
    reg [NQ-1:0] nq_wp_reg, nq_rp_reg;
    wire nq_push = do_arr && rq_send_reg;   // leader mode: only the LOCAL_N-th arrival
    wire nq_pop  = m_notif_valid && m_notif_ready;
    wire [NQ:0] nq_cnt_next = nq_cnt_reg + {{NQ{1'b0}}, nq_push} - {{NQ{1'b0}}, nq_pop};
    assign m_notif_valid = (nq_cnt_reg != 0);
    // the queue is full in the next cycle, in phase C (no request pushes in C: nq_push needs D)
    wire nq_full_c = (nq_cnt_reg == ND_I[NQ:0]) && !nq_pop;
    // rq_dgo_reg's next value, and copies of it (ff_keep: the same next value, reset alike, so
    // each equals rq_dgo_reg in every cycle): the leader counts' and one per 4 PEs for phase D's
    // per-PE state writes (armed, pend, pst, pbar)
    wire rq_dgo_nx = ph_c_go && !csr_wr_any_nx && !nq_full_c &&
                     !(c_floc_nx && h_v_reg && i_v_reg && s_inc_valid);
    localparam NDG = (NUM_PES + 3) / 4;
    wire rq_dgo_lc;
    wire [NDG-1:0] rq_dgo_pe;
    ff_keep u_dgo_lc (.clk(clk), .rst(rst), .d(rq_dgo_nx), .q(rq_dgo_lc));
    ff_keep #(.WIDTH(NDG)) u_dgo_pe (.clk(clk), .rst(rst), .d({NDG{rq_dgo_nx}}), .q(rq_dgo_pe));
    assign m_notif_bar   = nq_mem[nq_rp_reg];

    // ---------------------------------------------------------------- statistics
    assign stat_req_arrive    = do_arr;
    assign stat_req_wait      = do_wait;
    assign stat_req_drop_pe   = c_done && !rq_pe_ok;
    assign stat_req_drop_busy = c_done && rq_busy_reg;
    assign stat_rsp_err_bar   = err_bar;
    assign stat_rsp_err_far   = err_far;
    assign stat_rsp_err_op    = err_op;
    // (rv_st: a copy of rel_valid_reg for the statistics event, away from rel_fire's fan-out)
    wire rv_st;
    ff_keep u_rv_st (.clk(clk), .rst(rst), .d(rel_valid_nx), .q(rv_st));
    assign stat_rel_ok        = rv_st && m_rel_ready && (rel_status_reg == ST_OK);
    assign stat_mirror_wr     = mir_load;
    assign stat_tx_notif      = nq_push;

    // tgt write port: a CSR write and a request's phase D never share a cycle, so the port is
    // the CSR's in every cycle with a CSR write (csr_wr_any: D does not go), registered one
    // cycle ahead (csr_wr_any_nx, csr_tgt_pre_idx; rq_pe does not move while the request is in
    // flight). The reset sweep uses the same address register (the sweep index, registered one
    // cycle ahead) and writes rq_tval_reg, which is 0 while ini_v_reg (no request meanwhile):
    // address and data reach the RAM copies from flip-flops and one select
    reg  [PW-1:0] tgt_wa_reg;
    reg           tgt_wcsr_reg;
    // (an ERR_FAR WAIT does not write: its compare gates the write enable, not the 64 data bits)
    wire [W-1:0]  tgt_wd = tgt_wcsr_reg ? csr_tgt_new : rq_tval_reg;
    always @(posedge clk) begin
        // (rst: the sweep starts at 0; during it the next index, the last one included; the
        // sweep's data is rq_tval_reg whatever csr_wr_any_nx says)
        tgt_wa_reg   <= rst ? {PW{1'b0}} : ini_more ? ini_idx_nx[PW-1:0] :
                        csr_wr_any_nx ? csr_tgt_pre_idx : rq_pe;
        tgt_wcsr_reg <= !rst && !ini_more && csr_wr_any_nx;
    end

    // ---------------------------------------------------------------- tables: writes
    // the counter copies' write enables and addresses: loaded like u_v_reg / u_bar_reg (below);
    // u_barf: U0's forward compare (u0_fwd2_nx)
    ff_keep #(.WIDTH(BW)) u_ubf (.clk(clk), .rst(rst),
        .d(ini_v_reg ? ini_idx_reg[BW-1:0] : u0_bar), .q(u_barf));
    wire [3:0]      cw_v;
    wire [4*BW-1:0] cw_a;
    generate
        for (gi = 0; gi < 4; gi = gi + 1) begin : g_cw
            ff_keep #(.WIDTH(BW + 1)) u_cw (.clk(clk), .rst(rst),
                .d({i_v_reg || h_v_reg || ini_v_reg, ini_v_reg ? ini_idx_reg[BW-1:0] : u0_bar}),
                .q({cw_v[gi], cw_a[gi * BW +: BW]}));
        end
    endgenerate
    always @(posedge clk) begin
        if (u_v_reg)
            cnt_mem[u_bar_reg] <= u_new;
        if (cw_v[0])
            cnt_bm[cw_a[0 +: BW]] <= u_new;
        if (cw_v[1])
            cnt_sm[cw_a[BW +: BW]] <= u_new;
        if (cw_v[2])
            cnt_mm[cw_a[2 * BW +: BW]] <= u_new;
        if (cw_v[3])
            cnt_cm[cw_a[3 * BW +: BW]] <= u_new;
        // (CSR writes and request effects never share a cycle: the data does not depend on the
        // request's decision, only the write enable does)
        if (ini_v_reg || csr_tgt_wr || (c_done && rq_ftw_reg && !rq_fefar))
            tgt_mem[tgt_wa_reg] <= tgt_wd;
        if (c_done && rq_fpw)
            pep_mem[rq_pe] <= rq_pval_reg;
        if (nq_push)
            nq_mem[nq_wp_reg] <= rq_bar;
    end

    // ---------------------------------------------------------------- request datapath
    // phase B2: this arrival notifies (not leader mode, or the LOCAL_N-th local arrival)
    wire b2_send = !rq_ld_reg || (rq_lc_reg + {{PW{1'b0}}, 1'b1} == rq_ln_reg);
    // Free-running (no enable, no reset): each register is loaded every cycle from the stage
    // before it, and the phase counter says which values are the request's: in phase B2 the
    // reads of B, in C the sums of B2, in D the values of C. Nothing they read moves while a
    // request is in flight (its bar and PE are fixed; a CSR write sends it back to B; only its
    // own phase D writes tgt, pep, lcnt and the PE state).
    always @(posedge clk) begin
        // phase B: reads
        rq_cnt_reg    <= cnt_bm[rq_bar];
        rq_tgt_reg    <= tgt_mem[rq_pe];
        rq_step_reg   <= cfg_lk_step;
        rq_stepn_reg  <= ~cfg_lk_step;
        rq_inc_reg    <= cfg_lk_inc;
        rq_bar_ok_reg <= rq_bar_in && |(cfg_bar_en & rq_barsel_reg);
        rq_ip_reg     <= cfg_internal_path;
        rq_ld_reg     <= cfg_lk_leader;
        rq_ln_reg     <= cfg_lk_local_n;
        rq_lc_reg     <= lcnt_cur;
        // phase B2: sums, the leader count, the PE's state at the start of C
        rq_dist_reg   <= rq_epoch_reg - rq_cnt_reg;
        rq_tgtn_reg   <= rq_tgt_reg + rq_step_reg;
        rq_lcn_reg    <= rq_lc_reg + {{PW{1'b0}}, 1'b1};
        rq_send_reg   <= b2_send;
        rq_cbusy_reg  <= |(pe_busy_nx & rq_pesel_reg);
        rq_cfree_reg  <= (b2_load_pe || !(|((armed_reg | pend_reg) & rq_pesel_reg))) &&
                         (b2_load_pe || (rel_pe_reg == rq_pec && !rel_load));
        rq_karr_reg   <= rq_pe_ok && rq_bar_ok_reg && c_arr_k;
        rq_kwait_reg  <= rq_pe_ok && rq_bar_ok_reg && (rq_op_reg == OP_WAIT);
        rq_keop_reg   <= rq_pe_ok && (rq_op_reg == 2'd3);
        rq_kebar_reg  <= rq_pe_ok && (rq_op_reg != 2'd3) && !rq_bar_ok_reg;
        rq_kloc_reg   <= rq_pe_ok && rq_bar_ok_reg && c_arr_k && rq_ip_reg && b2_send;
        rq_kpw0_reg   <= rq_pe_ok && (rq_bar_ok_reg ? (rq_op_reg != OP_WAIT) : 1'b1);
        rq_karm0_reg  <= rq_pe_ok && rq_bar_ok_reg && (rq_op_reg == OP_ARRIVE);
        rq_kpend0_reg <= rq_pe_ok && (rq_bar_ok_reg ? (rq_op_reg == OP_ARRIVE_NB || rq_op_reg == 2'd3)
                                                    : 1'b1);
        rq_kst0_reg   <= (rq_op_reg == 2'd3) ? ST_ERR_OP : (!rq_bar_ok_reg ? ST_ERR_BAR : ST_OK);
        // phase C: the values phase D writes
        rq_pval_reg   <= (c_arr_k && rq_bar_ok_reg) ? rq_tgtn : rq_epoch_reg;
        rq_tval_reg   <= (rst || ini_v_reg) ? {W{1'b0}} :   // the sweep's write data (no request)
                         (rq_op_reg == OP_WAIT) ? rq_epoch_reg : rq_tgtn;
    end

    // ---------------------------------------------------------------- control state
    integer q;
    always @(posedge clk) begin
        if (rst) begin
            ini_v_reg   <= 1'b1;
            ini_idx_reg <= {IW{1'b0}};
            armed_reg  <= {NUM_PES{1'b0}};
            pend_reg   <= {NUM_PES{1'b0}};
            for (q = 0; q < NUM_PES; q = q + 1) begin
                pbar_reg[q] <= 8'd0;
                pst_reg[q]  <= ST_OK;
            end
            rel_valid_reg  <= 1'b0;
            rel_pe_reg     <= {PW{1'b0}};
            rel_peoh_reg   <= {{(NUM_PES-1){1'b0}}, 1'b1};
            rel_bar_reg    <= 8'd0;
            rel_epoch_reg  <= {W{1'b0}};
            rel_status_reg <= ST_OK;
            h_v_reg    <= 1'b0;
            h_kind_reg <= UK_INC;
            h_bar_reg  <= {BW{1'b0}};
            u0_bar_reg <= {BW{1'b0}};
            u0_barn_reg <= {BW{1'b1}};
            u0_vseln_reg <= 1'b1;
            u0_klo_reg  <= 1'b1;
            u0_khi_reg  <= 1'b1;
            u0_fwd_reg <= 1'b0;
            u0_fwd2_reg <= 1'b0;
            h_val_reg  <= {W{1'b0}};
            i_v_reg    <= 1'b0;
            u_v_reg    <= 1'b0;
            u_hold_reg <= 1'b0;
            u_ini_reg  <= 1'b0;
            u_kind_reg <= UK_INC;
            u_bar_reg  <= {BW{1'b0}};
            u_val_reg  <= {W{1'b0}};
            u_old_reg  <= {W{1'b0}};
            u_keep_reg <= {W{1'b1}};
            u_new_reg  <= {W{1'b0}};
            rq_v_reg   <= 1'b0;
            rq_ph_reg  <= 2'd0;
            rq_op_reg  <= 2'd0;
            rq_pe_raw_reg  <= {PW{1'b0}};
            rq_peok_reg    <= 1'b1;
            rq_bar_raw_reg <= 8'd0;
            rq_barn_reg    <= {BW{1'b1}};
            rq_pesel_reg   <= {{(NUM_PES-1){1'b0}}, 1'b1};
            rq_barsel_reg  <= {{(NUM_BARRIERS-1){1'b0}}, 1'b1};
            lcnt_reg       <= {(NUM_BARRIERS*(PW+1)){1'b0}};
            rq_busy_reg    <= 1'b0;
            rq_farr_reg    <= 1'b0;
            rq_fwv_reg     <= 1'b0;
            rq_ftw_reg     <= 1'b0;
            rq_far_reg     <= 1'b0;
            rq_feop_reg    <= 1'b0;
            rq_febar_reg   <= 1'b0;
            rq_fpw0_reg    <= 1'b0;
            rq_farm0_reg   <= 1'b0;
            rq_fpend0_reg  <= 1'b0;
            rq_fst0_reg    <= ST_OK;
            rq_floc_reg    <= 1'b0;
            rq_peoh_reg    <= {NUM_PES{1'b0}};
            rq_ind_reg     <= 1'b0;
            rq_dgo_reg     <= 1'b0;
            pres_reg       <= {NUM_PES{1'b0}};
            sc_ptr_reg <= {PW{1'b0}};
            sc_oh_reg  <= {{(NUM_PES-1){1'b0}}, 1'b1};
            s0_v_reg   <= 1'b0;
            s1_v_reg   <= 1'b0;
            s2_v_reg   <= 1'b0;
            s0_pe_reg  <= {PW{1'b0}};
            s1_pe_reg  <= {PW{1'b0}};
            s2_pe_reg  <= {PW{1'b0}};
            s2_peoh_reg <= {{(NUM_PES-1){1'b0}}, 1'b1};
            s0_pend_reg <= 1'b0;
            s1_pend_reg <= 1'b0;
            s0_bar_reg <= 8'd0;
            s1_bar_reg <= 8'd0;
            s2_bar_reg <= 8'd0;
            s0_st_reg  <= ST_OK;
            s1_st_reg  <= ST_OK;
            s2_st_reg  <= ST_OK;
            s1_tgt_reg <= {W{1'b0}};
            s1_pep_reg <= {W{1'b0}};
            s2_ep_reg  <= {W{1'b0}};
            s1_cnt_reg <= {W{1'b0}};
            s2_live_reg <= 1'b0;
            dirty_reg     <= {NUM_BARRIERS{1'b0}};
            mir_ptr_reg   <= {BW{1'b0}};
            mir_valid_reg <= 1'b0;
            mir_bar_reg   <= {BW{1'b0}};
            mir_data_reg  <= {W{1'b0}};
            mq_v_reg      <= 1'b0;
            mq_bar_reg    <= {BW{1'b0}};
            nq_wp_reg  <= {NQ{1'b0}};
            nq_rp_reg  <= {NQ{1'b0}};
            nq_cnt_reg <= {(NQ+1){1'b0}};
        end else begin
            // ---- update stage: U0 selects (fabric first, else the hold), U1 writes
            i_v_reg    <= s_inc_valid;
            // (reset sweep: U1 writes (old & 0) + 0 at the swept index, not dirty: kind SET)
            u_v_reg    <= i_v_reg || h_v_reg || ini_v_reg;
            u_ini_reg  <= ini_v_reg;
            u_hold_reg <= h_take;
            u_kind_reg <= ini_v_reg ? UK_SET_LO : u0_kind;
            u_keep_reg <= ini_v_reg ? {W{1'b0}} : u0_keep;
            u_bar_reg  <= ini_v_reg ? ini_idx_reg[BW-1:0] : u0_bar;
            u0_bar_reg  <= u0_bar_nx;
            u0_fwd2_reg <= u0_fwd2_nx;
            u0_barn_reg <= ~u0_bar_nx;
            u0_vseln_reg <= !s_inc_valid;
            u0_klo_reg  <= u0_klo_nx;
            u0_khi_reg  <= u0_khi_nx;
            u0_fwd_reg <= u0_fwd_nx && u0_klo_nx;
            u_val_reg  <= ini_v_reg ? {W{1'b0}} : u0_val;
            u_old_reg  <= u0_old;
            u_new_reg  <= ini_v_reg ? {W{1'b0}} : u0_new;
            if (ini_v_reg) begin
                ini_idx_reg <= ini_idx_reg + 1'b1;
                if (ini_idx_reg == NI_I[IW-1:0] - 1'b1)
                    ini_v_reg <= 1'b0;
            end
            if (h_take)
                h_v_reg <= 1'b0;
            if (loc_v || csr_cnt_wr)
                h_v_reg <= 1'b1;
            // the hold's words load in every cycle it is free (empty, or taken now): loc_v and
            // csr_cnt_wr need it free and never share a cycle (loc_v needs no CSR write)
            h_kind_reg <= h_kind_nx;
            h_bar_reg  <= h_bar_nx;
            h_val_reg  <= h_val_nx;

            // ---- request pipeline
            if (req_fire) begin
                rq_v_reg       <= 1'b1;
                rq_ph_reg      <= 2'd0;
            end
            if (!rq_v_reg) begin   // the request register follows s_req while empty
                rq_op_reg      <= s_req_op;
                rq_pe_raw_reg  <= s_req_pe[PW-1:0];
                rq_peok_reg    <= (s_req_pe[7:PW] == {(8-PW){1'b0}});
                rq_bar_raw_reg <= s_req_bar;
                rq_barn_reg    <= ~s_req_bar[BW-1:0];
                rq_pesel_reg   <= onehot_pe(s_req_pe[PW-1:0]);
                rq_barsel_reg  <= onehot_bar(s_req_bar[BW-1:0]);
                rq_epoch_reg   <= s_req_epoch;
            end
            if (ph_b_go)
                rq_ph_reg <= 2'd1;
            if (ph_b2_go)
                rq_ph_reg <= 2'd2;
            for (q = 0; q < NUM_BARRIERS; q = q + 1) begin
                if (csr_lcnt_clr) begin
                    if ({{(32-BW){1'b0}}, csr_lcnt_idx} == q)
                        lcnt_reg[q*(PW+1) +: (PW+1)] <= {(PW+1){1'b0}};
                end else if (rq_dgo_lc && rq_farr_reg && rq_ld_reg && rq_barsel_reg[q]) begin   // do_arr
                    lcnt_reg[q*(PW+1) +: (PW+1)] <= rq_send_reg ? {(PW+1){1'b0}} : rq_lcn_reg;
                end
            end
            if (ph_c_go)
                rq_ph_reg <= 2'd3;
            begin   // phase C values (free-running, used in D: see the request datapath below)
                // busy at the start of D (its armed/pending bits cannot be set: only this
                // request could set them)
                rq_busy_reg <= rq_pe_ok && c_busy_d;
                rq_farr_reg  <= c_farr_nx;
                rq_fwv_reg    <= c_fwait_nx;
                rq_ftw_reg    <= c_farr_nx || c_fwait_nx;
                rq_far_reg    <= c_far_nx;
                rq_feop_reg   <= c_feop_nx;
                rq_febar_reg  <= c_febar_nx;
                rq_fpw0_reg   <= rq_kpw0_reg && c_idle_d;     // c_farr || c_feop || c_febar
                rq_farm0_reg  <= rq_karm0_reg && c_idle_d;    // c_farr && ARRIVE
                rq_fpend0_reg <= rq_kpend0_reg && c_idle_d;   // (c_farr && ARRIVE_NB) || c_feop || c_febar
                rq_fst0_reg   <= rq_kst0_reg;                 // read only with rq_fpend
                rq_floc_reg  <= c_floc_nx;
                rq_peoh_reg  <= rq_pesel_reg & {NUM_PES{c_vpe_nx}};
            end
            rq_ind_reg <= ph_c_go;                 // phase D lasts one cycle: done or back to B
            rq_dgo_reg <= rq_dgo_nx;
            if (rq_v_reg && rq_ph_reg != 2'd0 && csr_wr_any)
                rq_ph_reg <= 2'd0;                 // configuration may have moved: read again
            if (ph_d && !csr_wr_any && !ph_d_go)
                rq_ph_reg <= 2'd0;                 // waits for room: read again (D = B + 3)
            if (c_done)
                rq_v_reg <= 1'b0;

            // ---- release scanner: S0 reads PE sc_ptr's state, S1 its RAM words, S2 compares,
            // S3 loads
            sc_ptr_reg  <= sc_ptr_reg + 1'b1;
            sc_oh_reg   <= {sc_oh_reg[NUM_PES-2:0], sc_oh_reg[NUM_PES-1]};
            s0_v_reg    <= sc_arm || sc_pend;
            s0_pe_reg   <= sc_ptr_reg;
            s0_pend_reg <= sc_pend;
            s0_bar_reg  <= sc_pbar;
            s0_st_reg   <= sc_pend ? sc_pst : ST_OK;
            s1_v_reg    <= s0_v_reg;
            s1_pe_reg   <= s0_pe_reg;
            s1_pend_reg <= s0_pend_reg;
            s1_bar_reg  <= s0_bar_reg;
            s1_st_reg   <= s0_st_reg;
            s1_tgt_reg  <= tgt_mem[s0_pe_reg];
            s1_pep_reg  <= pep_mem[s0_pe_reg];
            s1_cnt_reg  <= cnt_sm[s0_bar_reg[BW-1:0]];
            s2_live_reg <= s2_live_nx;
            s2_v_reg    <= s2_in;
            s2_pe_reg   <= s1_pe_reg;
            s2_peoh_reg <= onehot_pe(s1_pe_reg);
            s2_bar_reg  <= s1_bar_reg;
            s2_st_reg   <= s1_st_reg;
            s2_ep_reg   <= s1_pend_reg ? s1_pep_reg : s1_tgt;

            rel_valid_reg <= rel_valid_nx;
            for (q = 0; q < NUM_PES; q = q + 1) begin
                if (rel_fire && rel_peoh_reg[q])
                    pres_reg[q] <= 1'b0;
                if (rel_load_pe && s2_peoh_reg[q])
                    pres_reg[q] <= 1'b1;
            end
            if (!rv_w || m_rel_ready) begin   // free: the words load (valid says if)
                rel_pe_reg     <= s2_pe_reg;
                rel_peoh_reg   <= s2_peoh_reg;
                rel_bar_reg    <= s2_bar_reg;
                rel_epoch_reg  <= s2_ep_reg;
                rel_status_reg <= s2_st_reg;
            end
            for (q = 0; q < NUM_PES; q = q + 1)
                if (rel_load_pe && s2_peoh_reg[q]) begin
                    armed_reg[q] <= 1'b0;
                    pend_reg[q]  <= 1'b0;
                end

            // ---- request effects (the PE is idle, so no conflict with the release load)
            for (q = 0; q < NUM_PES; q = q + 1)
                if (rq_dgo_pe[q / 4] && rq_peoh_reg[q]) begin   // c_done
                    pbar_reg[q] <= rq_bar_raw_reg;
                    if (rq_farm)
                        armed_reg[q] <= 1'b1;
                    if (rq_fpend) begin
                        pend_reg[q] <= 1'b1;
                        pst_reg[q]  <= rq_fst;
                    end
                end

            // ---- mirror: dirty bits, round-robin load of the output register
            if (mir_load) begin
                mir_valid_reg <= 1'b1;
                mir_bar_reg   <= mq_bar_reg;
                mir_data_reg  <= cnt_mm[mq_bar_reg];
            end else if (m_mir_ready) begin
                mir_valid_reg <= 1'b0;
            end
            if (mir_load)
                mq_v_reg <= 1'b0;
            mir_ptr_reg <= mir_ptr_reg + 1'b1;
            if (mir_claim) begin
                mq_v_reg    <= 1'b1;
                mq_bar_reg  <= md_sel;
            end
            dirty_reg <= (dirty_reg & ~(mir_claim ? ({{(NUM_BARRIERS-1){1'b0}}, 1'b1} << md_sel)
                                                 : {NUM_BARRIERS{1'b0}}))
                         | ((u_v_reg && u_kind_reg == UK_INC) ?
                            ({{(NUM_BARRIERS-1){1'b0}}, 1'b1} << u_bar_reg)
                                    : {NUM_BARRIERS{1'b0}});

            // ---- notification queue
            if (nq_push)
                nq_wp_reg <= nq_wp_reg + 1'b1;
            if (nq_pop)
                nq_rp_reg <= nq_rp_reg + 1'b1;
            nq_cnt_reg  <= nq_cnt_next;
        end
    end
endmodule
`resetall
