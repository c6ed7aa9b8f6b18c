`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_eq: EQ reservation unit + event-posting interlock (block B7) and the EQ event writer.
//
// Source: seed 003 L102-L148 (flow chart L128-L148, count table L118-L120, feedback order L126,
// bounded stall L142/L148); spec note 003 section 2.5, section 4 B7, section 5 A15 (reserve kmax
// events per message, return the reservation whatever was posted) and A16 (fill = prod - cons,
// cons written by the host through a doorbell). docs/nic_eq.md is the full description.
//
// Ports (NE EQs, EQW = log2(NE) (NE a power of two), KW = log2(KMAX+1) bits):
//   s_msg   {eq[EQW], kmax[KW], pt[PT_W]}  front of the message pipeline: one reservation attempt
//           per message; s_msg_ready = 0 while a message is held (the pipeline stall).
//   m_res   {eq, kmax, pt, code[2]}        one decision per message: 0 PROCEED (kmax events
//           reserved), 1 FC_DROP (flow control: pt names the PT entry to disable), 2 DIS_DROP (EQ
//           disabled). Registered.
//   s_post  {eq, kres[KW], n[KW], data[DW]} back of the pipeline: one per message that proceeded:
//           kres = the kmax reserved, n <= kres events to write (event j = 0..n-1 carries data).
//   m_dma_wr  host DMA write (docs/nic.md): one beat per event, len = 32, last = 1; address
//           base + (prod mod size) * 32. Registered.
//   s_axil  AXI4-Lite CSRs (rdl/nic_eq.rdl, 12-bit address).
// Tables (LUTRAM, no reset; valid only while en_reg[eq]): prod, cons (IW = LOG2MAX+1 bits, wrap
//   arithmetic), count (CNT_W bits), log2 size, base[63:5]; en_reg (NE flip-flops, reset).
// Op engine: every table access is an op, one op in the engine at a time, five stages: C choose (a
//   pending CSR op > the post head > the message head; a source whose output slot may be busy is
//   not chosen), R tables read into rd_*, A arithmetic (fill, room = size - count - kmax, the post's
//   outcome, the CSR op's decode, the stall timer against TSTALL), D decide (heads, post index),
//   W write the tables, raise m_res_valid / m_dma_wr_valid, counters, head release, stall timer.
//   The next op is chosen in W: one op every 4 cycles; its table read follows every earlier write.
//   RES (message head): PROCEED iff fill + count + kmax <= size and count + kmax <= 2^CNT_W - 1;
//     else stall while count > 0; with count == 0 (full for this message: fill + kmax > size)
//     stall until TSTALL cycles have passed since the first such decision, then FC_DROP.
//     Disabled EQ: DIS_DROP.
//   POST (post head), one op per event (one op when n = 0): the first op refuses kres > count or
//     events to a disabled EQ (POST_BAD, nothing changes); n > kres: no event, reservation returned
//     (POST_EXCESS). Each event: one beat, prod + 1; the last event (or the n = 0 op) also
//     count - kres (the fill is updated no later than the count: L126).
//   CSR (EQ_CTRL / CONS_DB, a sync_fifo of COPQ): enable / disable / doorbell; refused ones
//     counted (CFG_BAD / CONS_BAD); a write finding the FIFO full gets SLVERR.
// Latency: s_msg accept to m_res_valid 6 cycles with the engine idle; a post's event beat 5 cycles
//   after its op is chosen. Throughput: one op per 4 cycles (a message with n events takes 1 + max(n,1)
//   ops): 0.083 messages/cycle measured with about 1.3 events per message (docs/nic_eq.md 7),
//   near the ~0.1 message/cycle of the seed's pipeline (L110).
// Errors: every refusal has a 32-bit wrapping counter (PROCEED .. CSR_ERR, rdl/nic_eq.rdl).
// Resources (lab size NE=64, LOG2MAX=12, KMAX=3, CNT_W=5; ECP5-85 speed 6, open flow, registered
//   I/O, PLACE=timing ROUTE=router1): 154.8 MHz (gated at 125), 3,137 LUT4, 2,688 FF (incl. the
//   wrapper), no EBR.
module nic_eq #(
    parameter NE      = 64,   // event queues (power of two, 2..256)
    parameter LOG2MAX = 12,   // largest EQ: 2^LOG2MAX events (<= 15)
    parameter KMAX    = 3,    // most events per message (1..7)
    parameter CNT_W   = 5,    // in-flight count width per EQ
    parameter PT_W    = 8,    // PT entry index width
    parameter DW      = 224,  // event payload bits (event bytes 4..31)
    parameter COPQ    = 4,    // pending EQ_CTRL / CONS_DB ops (power of two)
    parameter EQW     = $clog2(NE),
    parameter KW      = $clog2(KMAX + 1)
) (
    input  wire              clk,
    input  wire              rst,
    // front: reservation attempts
    input  wire              s_msg_valid,
    output wire              s_msg_ready,
    input  wire [EQW-1:0]    s_msg_eq,
    input  wire [KW-1:0]     s_msg_kmax,
    input  wire [PT_W-1:0]   s_msg_pt,
    // decisions
    output wire              m_res_valid,
    input  wire              m_res_ready,
    output wire [EQW-1:0]    m_res_eq,
    output wire [KW-1:0]     m_res_kmax,
    output wire [PT_W-1:0]   m_res_pt,
    output wire [1:0]        m_res_code,
    // back: posts
    input  wire              s_post_valid,
    output wire              s_post_ready,
    input  wire [EQW-1:0]    s_post_eq,
    input  wire [KW-1:0]     s_post_kres,
    input  wire [KW-1:0]     s_post_n,
    input  wire [DW-1:0]     s_post_data,
    // host DMA write (events)
    output wire              m_dma_wr_valid,
    input  wire              m_dma_wr_ready,
    output wire [63:0]       m_dma_wr_addr,
    output wire [12:0]       m_dma_wr_len,
    output wire [255:0]      m_dma_wr_data,
    output wire              m_dma_wr_last,
    // CSRs
    input  wire [11:0]       s_axil_awaddr,
    input  wire              s_axil_awvalid,
    output wire              s_axil_awready,
    input  wire [31:0]       s_axil_wdata,
    input  wire [3:0]        s_axil_wstrb,
    input  wire              s_axil_wvalid,
    output wire              s_axil_wready,
    output wire [1:0]        s_axil_bresp,
    output wire              s_axil_bvalid,
    input  wire              s_axil_bready,
    input  wire [11:0]       s_axil_araddr,
    input  wire              s_axil_arvalid,
    output wire              s_axil_arready,
    output wire [31:0]       s_axil_rdata,
    output wire [1:0]        s_axil_rresp,
    output wire              s_axil_rvalid,
    input  wire              s_axil_rready
);
`include "nic_eq_regs.vh"

    localparam IW   = LOG2MAX + 1;
    localparam [4:0] LGMAX = LOG2MAX[4:0];
    localparam [CNT_W-1:0] CMAX = {CNT_W{1'b1}};
    localparam [1:0] OP_RES = 2'd0, OP_POST = 2'd1, OP_CSR = 2'd2;
    localparam [1:0] RC_PROCEED = 2'd0, RC_FC_DROP = 2'd1, RC_DIS_DROP = 2'd2;

    // ------------------------------------------------------------------ CSR bus
    wire        reg_wr_en;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [11:0] reg_wr_addr;    // decoded from s_axil_awaddr instead (wd_*_reg); the lockstep probe reads it
    wire [31:0] reg_wr_data;
    wire [3:0]  reg_wr_strb;    // likewise (wd_full_reg)
    reg         reg_wr_err;
    wire [11:0] reg_rd_addr;    // decoded at AR accept (ri_reg)
    /* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_off UNUSEDSIGNAL */
    wire [2:0]  reg_rd_stage;   // the decode reads registered snapshots: no per-stage work
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [31:0] reg_rd_data;
    reg         reg_rd_err;
    reg         wd_tstall_reg, wd_sel_reg, wd_blo_reg, wd_bhi_reg, wd_op_reg, wd_db_reg, wd_full_reg, wd_selok_reg;
    wire        wr_full = reg_wr_en && wd_full_reg;   // a full-word write applies now

    axil_reg_if_pipe #(.ADDR_WIDTH(12), .RD_LATENCY(3)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err), .reg_rd_addr(reg_rd_addr),
        .reg_rd_stage(reg_rd_stage), .reg_rd_data(reg_rd_data), .reg_rd_err(reg_rd_err)
    );

    // ------------------------------------------------------------------ state
    reg  [IW-1:0]    prod_mem [0:NE-1];
    reg  [IW-1:0]    cons_mem [0:NE-1];
    reg  [CNT_W-1:0] cnt_mem  [0:NE-1];
    reg  [3:0]       lg_mem   [0:NE-1];
    (* ram_style = "distributed" *)   // LUTRAM: a block RAM's read (5.6 ns clock to out) feeds the adder
    reg  [58:0]      base_mem [0:NE-1];
    reg  [NE-1:0]    en_reg;

    reg  [15:0]      tstall_reg;
    reg  [EQW-1:0]   sel_reg;
    reg  [31:5]      stage_lo_reg;
    reg  [31:0]      stage_hi_reg;

    // pending CSR ops (EQ_CTRL or CONS_DB): a FIFO of COPQ; the head is the op in flight (popped in D)
    localparam COPW = 1 + 32 + EQW + 59;
    wire             cop_valid_reg;  // FIFO not empty (sync_fifo's registered state)
    wire             cop_db_reg;     // 1 CONS_DB, 0 EQ_CTRL
    wire [31:0]      cop_data_reg;
    wire [EQW-1:0]   cop_eq_reg;
    wire [58:0]      cop_base_reg;
    wire             cop_s_ready;
    wire             csr_op_wr;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [$clog2(COPQ+1)-1:0] cop_count;
    /* verilator lint_on UNUSEDSIGNAL */
    wire             cop_pop;
    sync_fifo #(.WIDTH(COPW), .DEPTH(COPQ)) u_cop (
        .clk(clk), .rst(rst),
        .s_data({wd_db_reg, reg_wr_data, wd_db_reg ? reg_wr_data[16 +: EQW] : sel_reg, stage_hi_reg, stage_lo_reg}),
        .s_valid(csr_op_wr && cop_s_ready), .s_ready(cop_s_ready),
        .m_data({cop_db_reg, cop_data_reg, cop_eq_reg, cop_base_reg}), .m_valid(cop_valid_reg),
        .m_ready(cop_pop), .count(cop_count)
    );

    // message head
    reg              head_valid_reg;
    reg  [EQW-1:0]   head_eq_reg;
    reg  [KW-1:0]    head_kmax_reg;
    reg  [PT_W-1:0]  head_pt_reg;
    reg              wait_reg;       // evaluated full with count 0 at least once
    reg  [15:0]      wait_p1_reg;    // cycles since that evaluation + 1 (saturating): the elapsed time
                                     // the next decision (one cycle after A) will see

    // post head
    reg              post_valid_reg;
    reg  [EQW-1:0]   post_eq_reg;
    reg  [KW-1:0]    post_kres_reg;
    reg  [KW-1:0]    post_n_reg;
    reg  [KW-1:0]    post_j_reg;
    reg  [DW-1:0]    post_data_reg;

    // op engine: C choose -> R table read -> A arithmetic -> D decide -> W write
    reg              r_valid_reg, a_valid_reg, d_valid_reg;
    reg  [1:0]       r_type_reg,  a_type_reg,  d_type_reg;
    reg  [EQW-1:0]   r_eq_reg,    a_eq_reg,    d_eq_reg,    w_eq_reg;
    reg  [NE-1:0]    r_oh_reg;             // r_eq_reg one-hot (en_reg's read)
    reg  [IW-1:0]    rd_prod_reg, rd_cons_reg;
    reg  [CNT_W-1:0] rd_cnt_reg;
    reg  [3:0]       rd_lg_reg;
    reg  [58:0]      rd_base_reg;
    reg              rd_en_reg;
    // stage A results
    reg  [IW-1:0]    a_fill_reg, a_adv_reg, a_prod1_reg;
    reg  [CNT_W-1:0] a_cntk_reg;           // count + kmax (written back when the message proceeds)
    reg  [IW:0]      a_room_reg;           // size - count - kmax (when not negative)
    reg              a_room_neg_reg, a_cntk_ok_reg;
    reg              a_el_ge_reg;          // the bounded stall is over at D (elapsed >= TSTALL)
    reg              a_cop_db_reg, a_db_eq_bad_reg, a_cf_en_reg, a_cf_lg_ok_reg;
    reg  [CNT_W-1:0] a_ret_reg;            // count (0 when disabled) - kres
    reg              a_en_reg, a_cnt_zero_reg;
    reg              a_pbad_reg, a_pexc_reg, a_pnone_reg, a_pev_reg, a_plast1_reg, a_post_reg, a_res_reg;
    reg  [58:0]      a_base_reg;           // the ring base and the slot offset, added in D
    reg  [IW-1:0]    a_slot_reg;
    reg              a_phase_reg;
    reg  [15:0]      a_prod16_reg;
    // stage D results -> W
    reg              w_cnt_we_reg, w_prod_we_reg, w_cons_we_reg, w_cf_on_reg, w_cf_off_reg;
    reg  [CNT_W-1:0] w_cnt_reg;
    reg  [IW-1:0]    w_prod_reg, w_cons_reg;
    reg  [3:0]       w_lg_reg;
    reg  [58:0]      w_base_reg;
    reg              w_res_reg, w_event_reg;
    reg              w_i_first_reg, w_i_go_reg, w_i_fc_reg, w_i_dis_reg, w_i_stall_reg;   // D outcomes for W
    reg              w_i_ret_reg, w_i_bad_reg, w_i_exc_reg, w_i_dbbad_reg, w_i_cfbad_reg;
    reg  [NE-1:0]    w_oh_reg;             // w_eq_reg one-hot (en_reg's write enables)
    integer          fe;

    // outputs
    reg              res_valid_reg;
    reg  [EQW-1:0]   res_eq_reg;
    reg  [KW-1:0]    res_kmax_reg;
    reg  [PT_W-1:0]  res_pt_reg;
    reg  [1:0]       res_code_reg;
    reg              wr_valid_reg;
    reg  [63:0]      wr_addr_reg;
    reg  [255:0]     wr_data_reg;

    // counters
    reg  [31:0] c_proceed_reg, c_fc_drop_reg, c_dis_drop_reg, c_stall_reg, c_posts_reg, c_events_reg;
    reg  [31:0] c_post_bad_reg, c_post_excess_reg, c_cons_bad_reg, c_cfg_bad_reg, c_csr_err_reg;

    assign s_msg_ready    = !head_valid_reg;
    assign s_post_ready   = !post_valid_reg;
    assign m_res_valid    = res_valid_reg;
    assign m_res_eq       = res_eq_reg;
    assign m_res_kmax     = res_kmax_reg;
    assign m_res_pt       = res_pt_reg;
    assign m_res_code     = res_code_reg;
    assign m_dma_wr_valid = wr_valid_reg;
    assign m_dma_wr_addr  = wr_addr_reg;
    assign m_dma_wr_len   = 13'd32;
    assign m_dma_wr_data  = wr_data_reg;
    assign m_dma_wr_last  = 1'b1;

    // ------------------------------------------------------------------ choose (stage C)
    // One op in R..W at a time: the next op is chosen when W writes the tables (or the engine is
    // empty), so its table read sees every earlier write. The heads are updated in D, so in W any
    // source may be chosen again. An output slot is free when it is empty or taken now and no beat
    // of the op in W is about to fill it; its data registers load in D, its valid rises in W.
    wire eng_busy   = r_valid_reg || a_valid_reg || d_valid_reg;
    wire c_ok       = !eng_busy;
    wire cand_csr   = cop_valid_reg;
    wire cand_post  = post_valid_reg && !w_event_reg && (!wr_valid_reg || m_dma_wr_ready);
    wire cand_res   = head_valid_reg && !w_res_reg && (!res_valid_reg || m_res_ready);
    wire pick_csr   = c_ok && cand_csr;
    wire pick_post  = c_ok && !cand_csr && cand_post;
    wire pick_res   = c_ok && !cand_csr && !cand_post && cand_res;
    wire [EQW-1:0] pick_eq = cand_csr ? cop_eq_reg : cand_post ? post_eq_reg : head_eq_reg;

    // ------------------------------------------------------------------ stage A: arithmetic
    wire [CNT_W-1:0] r_cnt   = rd_en_reg ? rd_cnt_reg : {CNT_W{1'b0}};
    wire [KW-1:0]  r_k       = a_type_reg == OP_RES ? head_kmax_reg : post_kres_reg;
    wire [IW-1:0]  slot_mask = ~({IW{1'b1}} << rd_lg_reg);
    wire [IW:0]    r_size    = {{IW{1'b0}}, 1'b1} << rd_lg_reg;
    wire [CNT_W:0] r_cntk    = {1'b0, r_cnt} + {{(CNT_W+1-KW){1'b0}}, r_k};
    // TSTALL as it will be in D (one cycle later; only an earlier op's W changes wait_reg;
    // a TSTALL write applied now is the value in D)
    wire [IW-1:0]  slot      = rd_prod_reg & slot_mask;
    wire [IW-1:0]  lap_bit   = {{(IW-1){1'b0}}, 1'b1} << rd_lg_reg;

    // ------------------------------------------------------------------ stage D: decide
    // fits: fill + count + kmax <= size and count + kmax <= CMAX, i.e. fill <= room = size - count - kmax
    wire           fits     = !a_room_neg_reg && {1'b0, a_fill_reg} <= a_room_reg && a_cntk_ok_reg;
    wire           d_res    = d_valid_reg && d_type_reg == OP_RES;
    wire           res_dis  = d_res && !a_en_reg;
    wire           res_go   = d_res && a_en_reg && fits;
    wire           res_full = d_res && a_en_reg && !fits && a_cnt_zero_reg;
    wire           res_fc   = res_full && a_el_ge_reg;
    wire           res_stall = d_res && a_en_reg && !fits && !res_fc;
    wire           res_done = res_dis || res_go || res_fc;
    // the post's outcome is a function of stage-R values and the post head (stable from C to D):
    // computed in A (a_p*_reg), so D only gates registers
    wire           r_post   = a_valid_reg && a_type_reg == OP_POST;   // rd_* belong to the op in A
    wire           r_first  = post_j_reg == {KW{1'b0}};
    wire           r_kres_gt = {{(CNT_W-KW){1'b0}}, post_kres_reg} > r_cnt;
    wire           r_pbad   = r_post && r_first && (r_kres_gt || (!rd_en_reg && post_n_reg != {KW{1'b0}}));
    wire           r_pexc   = r_post && r_first && !r_pbad && post_n_reg > post_kres_reg;
    wire           r_pnone  = r_post && r_first && !r_pbad && !r_pexc && post_n_reg == {KW{1'b0}};
    wire           r_pev    = r_post && !r_pbad && !r_pexc && !r_pnone;
    wire [KW-1:0]  p_j1     = post_j_reg + {{(KW-1){1'b0}}, 1'b1};
    wire           r_plast1 = p_j1 == post_n_reg;           // the event op is the message's last
    wire           p_bad    = d_valid_reg && a_pbad_reg;
    wire           p_excess = d_valid_reg && a_pexc_reg;
    wire           p_none   = d_valid_reg && a_pnone_reg;
    wire           p_event  = d_valid_reg && a_pev_reg;
    wire           p_last   = d_valid_reg && a_pev_reg && a_plast1_reg;
    wire           p_ret    = p_excess || p_none || p_last;      // count - kres
    wire           p_done   = p_bad || p_ret;
    wire [7:0]     eq8      = {{(8-EQW){1'b0}}, d_eq_reg};
    wire [2:0]     j3       = {{(3-KW){1'b0}}, post_j_reg};
    wire           d_csr    = d_valid_reg && d_type_reg == OP_CSR;
    wire [IW-1:0]  db_idx   = cop_data_reg[IW-1:0];
    wire           r_db_eq_bad = (cop_data_reg[23:16] >> EQW) != 8'd0;
    wire           r_cf_en  = cop_data_reg[EQ_EQ_CTRL_EN_LSB];
    wire [3:0]     cf_lg    = cop_data_reg[EQ_EQ_CTRL_LOG2SIZE_MSB:EQ_EQ_CTRL_LOG2SIZE_LSB];
    /* verilator lint_off CMPCONST */
    wire           r_cf_lg_ok = {1'b0, cf_lg} <= LGMAX;   // constant true when LOG2MAX = 15
    /* verilator lint_on CMPCONST */
    // the CSR op's fields are decoded in A (a_cop_db_reg .. a_cf_lg_ok_reg: the FIFO head is stable)
    wire           d_db     = d_csr && a_cop_db_reg;
    wire           d_cf     = d_csr && !a_cop_db_reg;
    wire           db_ok    = d_db && a_en_reg && !a_db_eq_bad_reg && a_adv_reg <= a_fill_reg;
    wire           db_bad   = d_db && !db_ok;
    wire           cf_on    = d_cf && !a_en_reg && a_cf_en_reg && a_cf_lg_ok_reg;
    wire           cf_off   = d_cf && a_en_reg && !a_cf_en_reg && a_cnt_zero_reg;
    wire           cf_bad   = d_cf && ((a_en_reg && (a_cf_en_reg || !a_cnt_zero_reg)) ||
                                       (!a_en_reg && a_cf_en_reg && !a_cf_lg_ok_reg));

    always @(posedge clk) begin
        // stage W: table writes (one op at a time: one write port per table)
        if (w_cnt_we_reg)  cnt_mem[w_eq_reg]  <= w_cnt_reg;
        if (w_prod_we_reg) prod_mem[w_eq_reg] <= w_prod_reg;
        if (w_cons_we_reg) cons_mem[w_eq_reg] <= w_cons_reg;
        if (w_cf_on_reg) begin
            lg_mem[w_eq_reg]   <= w_lg_reg;
            base_mem[w_eq_reg] <= w_base_reg;
        end
        // stage R: table reads
        rd_prod_reg <= prod_mem[r_eq_reg];
        rd_cons_reg <= cons_mem[r_eq_reg];
        rd_cnt_reg  <= cnt_mem[r_eq_reg];
        rd_lg_reg   <= lg_mem[r_eq_reg];
        rd_base_reg <= base_mem[r_eq_reg];
        rd_en_reg   <= |(en_reg & r_oh_reg);
        // stage A
        a_fill_reg     <= rd_prod_reg - rd_cons_reg;
        a_adv_reg      <= db_idx - rd_cons_reg;
        a_prod1_reg    <= rd_prod_reg + {{(IW-1){1'b0}}, 1'b1};
        a_cntk_reg     <= r_cntk[CNT_W-1:0];
        {a_room_neg_reg, a_room_reg} <= {1'b0, r_size} - {{(IW+1-CNT_W){1'b0}}, r_cntk};
        a_cntk_ok_reg  <= r_cntk <= {1'b0, CMAX};
        // elapsed in D = wait_p1_reg now (0 when not waiting)
        a_el_ge_reg    <= (wr_full && wd_tstall_reg) ? (!wait_reg ? reg_wr_data[15:0] == 16'd0 : wait_p1_reg >= reg_wr_data[15:0])
                                                 : (!wait_reg ? tstall_reg == 16'd0 : wait_p1_reg >= tstall_reg);
        a_cop_db_reg   <= cop_db_reg;
        a_db_eq_bad_reg <= r_db_eq_bad;
        a_cf_en_reg    <= r_cf_en;
        a_cf_lg_ok_reg <= r_cf_lg_ok;
        a_ret_reg      <= r_cnt - {{(CNT_W-KW){1'b0}}, post_kres_reg};
        a_pbad_reg     <= r_pbad;
        a_pexc_reg     <= r_pexc;
        a_pnone_reg    <= r_pnone;
        a_pev_reg      <= r_pev;
        a_plast1_reg   <= r_plast1;
        a_post_reg     <= r_post;                            // load enables of the output data
        a_res_reg      <= a_valid_reg && a_type_reg == OP_RES;
        a_en_reg       <= rd_en_reg;
        a_cnt_zero_reg <= r_cnt == {CNT_W{1'b0}};
        a_base_reg     <= rd_base_reg;
        a_slot_reg     <= slot;
        a_phase_reg    <= !(|(rd_prod_reg & lap_bit));   // 1 on laps 0, 2, ..: zeroed memory reads empty
        a_prod16_reg   <= {{(16-IW){1'b0}}, rd_prod_reg};
        // stage D -> W
        w_cnt_reg     <= cf_on ? {CNT_W{1'b0}} : res_go ? a_cntk_reg : a_ret_reg;
        w_prod_reg    <= cf_on ? {IW{1'b0}} : a_prod1_reg;
        w_cons_reg    <= cf_on ? {IW{1'b0}} : db_idx;
        w_lg_reg      <= cf_lg;
        w_base_reg    <= cop_base_reg;
        // outputs (data in D, valid in W)
        // (loaded by every post / message op: the slot is free from C on, valid rises only for a beat)
        if (a_post_reg) begin
            wr_addr_reg <= {a_base_reg, 5'd0} + {{(59-IW){1'b0}}, a_slot_reg, 5'd0};
            wr_data_reg <= {post_data_reg, a_prod16_reg, eq8, 3'd0, a_plast1_reg, j3, a_phase_reg};
        end
        if (a_res_reg) begin
            res_eq_reg   <= head_eq_reg;
            res_kmax_reg <= head_kmax_reg;
            res_pt_reg   <= head_pt_reg;
            res_code_reg <= res_fc ? RC_FC_DROP : res_dis ? RC_DIS_DROP : RC_PROCEED;
        end
    end

    // ------------------------------------------------------------------ control registers
    // The write's address decode, strobe and SEL range check are registered beside
    // axil_reg_if_pipe's own write registers (which load from AW / W in every cycle): in the cycle
    // reg_wr_en is high they belong to the write, so no register's enable waits for a 12-bit compare.
    always @(posedge clk) begin
        wd_tstall_reg <= s_axil_awaddr == EQ_TSTALL_ADDR;
        wd_sel_reg    <= s_axil_awaddr == EQ_EQ_SEL_ADDR;
        wd_blo_reg    <= s_axil_awaddr == EQ_EQ_BASE_LO_ADDR;
        wd_bhi_reg    <= s_axil_awaddr == EQ_EQ_BASE_HI_ADDR;
        wd_op_reg     <= s_axil_awaddr == EQ_EQ_CTRL_ADDR || s_axil_awaddr == EQ_CONS_DB_ADDR;
        wd_db_reg     <= s_axil_awaddr == EQ_CONS_DB_ADDR;
        wd_full_reg   <= s_axil_wstrb == 4'hf;
        wd_selok_reg  <= (s_axil_wdata >> EQW) == 32'd0;
    end
    assign cop_pop   = d_csr;
    assign csr_op_wr = wr_full && wd_op_reg;
    always @(*) begin
        reg_wr_err = !wd_full_reg ||
                     !(wd_tstall_reg || wd_blo_reg || wd_bhi_reg || (wd_sel_reg && wd_selok_reg) ||
                       (wd_op_reg && cop_s_ready));   // op queue full: SLVERR
    end

    always @(posedge clk) begin
        if (rst) begin
            en_reg <= {NE{1'b0}};
            tstall_reg <= EQ_TSTALL_CYCLES_RESET;
            sel_reg <= {EQW{1'b0}};
            stage_lo_reg <= 27'd0;
            stage_hi_reg <= 32'd0;
            head_valid_reg <= 1'b0;
            wait_reg <= 1'b0;
            wait_p1_reg <= 16'd1;
            post_valid_reg <= 1'b0;
            post_j_reg <= {KW{1'b0}};
            r_valid_reg <= 1'b0;
            a_valid_reg <= 1'b0;
            d_valid_reg <= 1'b0;
            w_cnt_we_reg <= 1'b0;
            w_prod_we_reg <= 1'b0;
            w_cons_we_reg <= 1'b0;
            w_cf_on_reg <= 1'b0;
            w_cf_off_reg <= 1'b0;
            w_res_reg <= 1'b0;
            w_event_reg <= 1'b0;
            w_i_first_reg <= 1'b0; w_i_go_reg <= 1'b0; w_i_fc_reg <= 1'b0; w_i_dis_reg <= 1'b0; w_i_stall_reg <= 1'b0;
            w_i_ret_reg <= 1'b0; w_i_bad_reg <= 1'b0; w_i_exc_reg <= 1'b0; w_i_dbbad_reg <= 1'b0; w_i_cfbad_reg <= 1'b0;
            res_valid_reg <= 1'b0;
            wr_valid_reg <= 1'b0;
            c_proceed_reg <= 32'd0; c_fc_drop_reg <= 32'd0; c_dis_drop_reg <= 32'd0; c_stall_reg <= 32'd0;
            c_posts_reg <= 32'd0; c_events_reg <= 32'd0; c_post_bad_reg <= 32'd0; c_post_excess_reg <= 32'd0;
            c_cons_bad_reg <= 32'd0; c_cfg_bad_reg <= 32'd0; c_csr_err_reg <= 32'd0;
        end else begin
            // CSR writes
            if (reg_wr_en && reg_wr_err) c_csr_err_reg <= c_csr_err_reg + 32'd1;
            // each register's enable decodes only its own address (the SEL range check only for SEL)
            if (wr_full && wd_tstall_reg)             tstall_reg <= reg_wr_data[15:0];
            if (wr_full && wd_sel_reg && wd_selok_reg) sel_reg <= reg_wr_data[EQW-1:0];
            if (wr_full && wd_blo_reg)                stage_lo_reg <= reg_wr_data[31:5];
            if (wr_full && wd_bhi_reg)                stage_hi_reg <= reg_wr_data;
            // heads (decided in D)
            if (s_msg_valid && s_msg_ready) head_valid_reg <= 1'b1;
            if (w_res_reg) head_valid_reg <= 1'b0;   // W: cand_res is held off by w_res_reg meanwhile
            if (s_post_valid && s_post_ready) post_valid_reg <= 1'b1;
            if (p_done) post_valid_reg <= 1'b0;
            if (p_done) post_j_reg <= {KW{1'b0}};
            else if (p_event) post_j_reg <= p_j1;
            // bounded stall timer
            // (updated in W, one cycle after the decision: it starts at 2)
            // wait_p1 = 1 + cycles since the first full decision (saturating): set in W (decision + 1)
            // to 3, so in a later cycle A its value is the elapsed time at that op's D
            if (w_res_reg) begin
                wait_reg <= 1'b0;
                wait_p1_reg <= 16'd1;
            end else if (w_i_first_reg) begin
                wait_reg <= 1'b1;
                wait_p1_reg <= 16'd3;
            end else if (wait_reg && wait_p1_reg != 16'hffff) begin
                wait_p1_reg <= wait_p1_reg + 16'd1;
            end
            // op engine
            r_valid_reg <= pick_csr || pick_post || pick_res;
            a_valid_reg <= r_valid_reg;
            d_valid_reg <= a_valid_reg;
            // stage D -> W write enables (the data in the stage block below)
            w_cnt_we_reg  <= res_go || p_ret || cf_on;
            w_prod_we_reg <= p_event || cf_on;
            w_cons_we_reg <= db_ok || cf_on;
            w_cf_on_reg   <= cf_on;
            w_cf_off_reg  <= cf_off;
            w_res_reg     <= res_done;
            w_event_reg   <= p_event;
            w_i_first_reg <= res_full && !wait_reg;
            w_i_go_reg    <= res_go;
            w_i_fc_reg    <= res_fc;
            w_i_dis_reg   <= res_dis;
            w_i_stall_reg <= res_stall;
            w_i_ret_reg   <= p_ret;
            w_i_bad_reg   <= p_bad;
            w_i_exc_reg   <= p_excess;
            w_i_dbbad_reg <= db_bad;
            w_i_cfbad_reg <= cf_bad;
            for (fe = 0; fe < NE; fe = fe + 1) begin
                if (w_cf_off_reg && w_oh_reg[fe]) en_reg[fe] <= 1'b0;
                if (w_cf_on_reg && w_oh_reg[fe])  en_reg[fe] <= 1'b1;
            end
            // outputs
            if (m_res_ready) res_valid_reg <= 1'b0;
            if (w_res_reg) res_valid_reg <= 1'b1;
            if (m_dma_wr_ready) wr_valid_reg <= 1'b0;
            if (w_event_reg) wr_valid_reg <= 1'b1;
            // counters
            // counters (in W, from the registered outcome of D)
            if (w_i_go_reg)    c_proceed_reg <= c_proceed_reg + 32'd1;
            if (w_i_fc_reg)    c_fc_drop_reg <= c_fc_drop_reg + 32'd1;
            if (w_i_dis_reg)   c_dis_drop_reg <= c_dis_drop_reg + 32'd1;
            if (w_i_stall_reg) c_stall_reg <= c_stall_reg + 32'd1;
            if (w_i_ret_reg)   c_posts_reg <= c_posts_reg + 32'd1;
            if (w_event_reg)   c_events_reg <= c_events_reg + 32'd1;
            if (w_i_bad_reg)   c_post_bad_reg <= c_post_bad_reg + 32'd1;
            if (w_i_exc_reg)   c_post_excess_reg <= c_post_excess_reg + 32'd1;
            if (w_i_dbbad_reg) c_cons_bad_reg <= c_cons_bad_reg + 32'd1;
            if (w_i_cfbad_reg) c_cfg_bad_reg <= c_cfg_bad_reg + 32'd1;
        end
    end

    // data registers without reset
    always @(posedge clk) begin
        if (s_msg_valid && s_msg_ready) begin
            head_eq_reg   <= s_msg_eq;
            head_kmax_reg <= s_msg_kmax;
            head_pt_reg   <= s_msg_pt;
        end
        if (s_post_valid && s_post_ready) begin
            post_eq_reg   <= s_post_eq;
            post_kres_reg <= s_post_kres;
            post_n_reg    <= s_post_n;
            post_data_reg <= s_post_data;
        end
        r_type_reg <= pick_csr ? OP_CSR : pick_post ? OP_POST : OP_RES;
        r_eq_reg   <= pick_eq;
        r_oh_reg   <= {{(NE-1){1'b0}}, 1'b1} << pick_eq;
        a_type_reg <= r_type_reg;
        a_eq_reg   <= r_eq_reg;
        d_type_reg <= a_type_reg;
        d_eq_reg   <= a_eq_reg;
        w_eq_reg   <= d_eq_reg;
        w_oh_reg   <= {{(NE-1){1'b0}}, 1'b1} << d_eq_reg;
    end

    // ------------------------------------------------------------------ CSR reads
    // stage 0: the selected EQ's state into snapshot registers; stage 1: the address decode
    reg  [IW-1:0]    sn_prod_reg, sn_cons_reg;
    reg  [CNT_W-1:0] sn_cnt_reg;
    reg  [3:0]       sn_lg_reg;
    reg              sn_en_reg;
    reg  [NE-1:0]    sel_oh_reg;
    always @(posedge clk) begin
        sn_prod_reg <= prod_mem[sel_reg];
        sn_cons_reg <= cons_mem[sel_reg];
        sn_cnt_reg  <= cnt_mem[sel_reg];
        sn_lg_reg   <= lg_mem[sel_reg];
        sel_oh_reg  <= {{(NE-1){1'b0}}, 1'b1} << sel_reg;
        sn_en_reg   <= |(en_reg & sel_oh_reg);
    end
    localparam [31:0] PARAMS_VAL = ((NE % 256) << EQ_PARAMS_NE_LSB) | (KMAX << EQ_PARAMS_KMAX_LSB) |
                                   (CNT_W << EQ_PARAMS_CNT_W_LSB) | (LOG2MAX << EQ_PARAMS_LOG2MAX_LSB);
    // Read decode: the AR address is decoded into an index when it is accepted (rd_fire, as
    // axil_reg_if_pipe loads reg_rd_addr); stage 0 registers the configuration and the counter
    // candidates of that index (the counters in two halves), stage 1 picks the counter, stage 2 (the
    // sampling cycle) picks the group.
    wire rd_acc = s_axil_arvalid && s_axil_arready;
    reg  [4:0]  ri_reg;        // {counter group, index}
    reg         ri_err_reg;
    reg  [31:0] rd_cfg_lo_reg, rd_cfg_hi_reg, rd_cnt_reg_q;
    reg  [3:0]  ri_cfg_reg;    // a copy of ri_reg[3:0] for the configuration half (fan-out)
    reg         rd_cfg_sel_reg;
    reg         rd_grp_reg, rd_err_reg, rd_hi_reg, rd_grp2_reg, rd_err2_reg;
    reg  [31:0] rd_cnt_lo_reg, rd_cnt_hi_reg, rd_cfg2_reg;
    always @(posedge clk) begin
        if (rd_acc) begin
            ri_err_reg <= 1'b0;
            ri_reg     <= {1'b0, s_axil_araddr[5:2]};
            ri_cfg_reg <= s_axil_araddr[5:2];
            if (s_axil_araddr[11:7] != 5'd0 || s_axil_araddr[1:0] != 2'd0 ||
                (!s_axil_araddr[6] && (s_axil_araddr[5:2] == 4'd3 || s_axil_araddr[5:2] >= 4'd12)) ||
                (s_axil_araddr[6] && s_axil_araddr[5:2] > 4'd10))
                ri_err_reg <= 1'b1;
            if (s_axil_araddr[6]) ri_reg[4] <= 1'b1;
        end
        case (ri_cfg_reg[2:0])
            3'd0:    rd_cfg_lo_reg <= EQ_ID_ID_RESET;
            3'd1:    rd_cfg_lo_reg <= PARAMS_VAL;
            3'd2:    rd_cfg_lo_reg <= {16'd0, tstall_reg};
            3'd4:    rd_cfg_lo_reg <= {{(32-EQW){1'b0}}, sel_reg};
            3'd5:    rd_cfg_lo_reg <= {stage_lo_reg, 5'd0};
            3'd6:    rd_cfg_lo_reg <= stage_hi_reg;
            3'd7:    rd_cfg_lo_reg <= sn_en_reg ? {20'd0, sn_lg_reg, 7'd0, 1'b1} : 32'd0;
            default: rd_cfg_lo_reg <= 32'd0;
        endcase
        case (ri_cfg_reg[1:0])
            2'd0:    rd_cfg_hi_reg <= sn_en_reg ? {{(32-IW){1'b0}}, sn_prod_reg} : 32'd0;
            2'd1:    rd_cfg_hi_reg <= sn_en_reg ? {{(32-IW){1'b0}}, sn_cons_reg} : 32'd0;
            2'd2:    rd_cfg_hi_reg <= sn_en_reg ? {{(32-CNT_W){1'b0}}, sn_cnt_reg} : 32'd0;
            default: rd_cfg_hi_reg <= 32'd0;   // CONS_DB reads 0
        endcase
        rd_cfg_sel_reg <= ri_cfg_reg[3];
        case (ri_reg[2:0])
            3'd0:    rd_cnt_lo_reg <= c_proceed_reg;
            3'd1:    rd_cnt_lo_reg <= c_fc_drop_reg;
            3'd2:    rd_cnt_lo_reg <= c_dis_drop_reg;
            3'd3:    rd_cnt_lo_reg <= c_stall_reg;
            3'd4:    rd_cnt_lo_reg <= c_posts_reg;
            3'd5:    rd_cnt_lo_reg <= c_events_reg;
            3'd6:    rd_cnt_lo_reg <= c_post_bad_reg;
            default: rd_cnt_lo_reg <= c_post_excess_reg;
        endcase
        case (ri_reg[1:0])
            2'd0:    rd_cnt_hi_reg <= c_cons_bad_reg;
            2'd1:    rd_cnt_hi_reg <= c_cfg_bad_reg;
            default: rd_cnt_hi_reg <= c_csr_err_reg;
        endcase
        rd_hi_reg    <= ri_reg[3];
        rd_cnt_reg_q <= rd_hi_reg ? rd_cnt_hi_reg : rd_cnt_lo_reg;
        rd_cfg2_reg  <= rd_cfg_sel_reg ? rd_cfg_hi_reg : rd_cfg_lo_reg;
        rd_grp2_reg  <= rd_grp_reg;
        rd_err2_reg  <= rd_err_reg;
        rd_grp_reg <= ri_reg[4];
        rd_err_reg <= ri_err_reg;
    end
    always @(*) begin
        reg_rd_data = rd_err2_reg ? 32'd0 : rd_grp2_reg ? rd_cnt_reg_q : rd_cfg2_reg;
        reg_rd_err  = rd_err2_reg;
    end
    // the map above is fixed by rdl/nic_eq.rdl: fail elaboration if the generated addresses move
    initial begin
        if (EQ_TSTALL_ADDR != 12'h008 || EQ_EQ_SEL_ADDR != 12'h010 || EQ_EQ_COUNT_ADDR != 12'h028 ||
            EQ_CONS_DB_ADDR != 12'h02c || EQ_PROCEED_ADDR != 12'h040 || EQ_CSR_ERR_ADDR != 12'h068) begin
            $error("%m: rdl/nic_eq.rdl moved a register: update the read decode");
            $finish;
        end
    end

`ifdef FORMAL
`include "nic_eq_props.vh"
`endif
endmodule
`resetall
