`resetall
`default_nettype none
// mcast_pe: switch multicast packet engine (one PE of one switch) with reliable completion
// collation. Seed 002 (US 2025/0267092 A1) ¶0077-¶0090, ¶0104, ¶0108-¶0114, ¶0112, ¶0124,
// ¶0135-¶0138, claims 1, 7, 11, 12; note spec/002-reliable-multicast.md §4. Contract, byte
// layout, CSR map and counters: docs/mcast.md. Golden model: cmodel/mcast.{h,c}.
//
// Function: a local multicast frame (s_axis_loc) is looked up by group (dst MAC byte 5), and
// sent as ONE encapsulated copy per child subtree of the group's FM-programmed tree (m_axis_fab,
// tuser = egress ISL from the route table, the alternative ISL when the primary link is down),
// then as plain copies to the local members except the originator (m_axis_loc). An
// encapsulated frame for this switch (s_axis_fab) is checked (header, switch list, duplicate
// filter keyed by (RootSwitch, RootSeq)), de-encapsulated, copied to the member nodes its record
// names and forwarded, split per child subtree. Non-posted multicasts hold a MOT entry: node
// completions (s_lcpl) and child collective completions (s_fcpl) are collated, silent nodes are
// resent MAX_RETRY times every T_LOCAL ticks and then failed, pending children fail after
// T_CHILD ticks; exactly one completion goes to the originator (m_ocpl) or to the parent
// switch (m_fcpl).
//
// Timing (docs/mcast.md §7): a pipeline of three parts. (1) Two receivers (mcast_rx), one per
// input stream, store frames at one beat per cycle into buffers of their own pool (MOT + 2
// buffers each). (2) The control FSM takes ONE event per cycle in IDLE, priority s_lcpl >
// s_fcpl > s_tick > fabric frame > local frame, where a frame's event is the handshake of its
// last beat (tready of a last beat is high only when the FSM takes it); it updates all state
// in event order and queues copy descriptors (ST_CHECK: one for all local copies; ST_RCH: one
// per child subtree, one a cycle; ST_TICK: one per MOT entry for its resends). (3) Two
// emitters (mcast_emit) turn descriptors into frames at one beat per cycle per output port,
// reading the buffer, so reception, event processing and both outputs overlap. Copies leave
// each output port in event order (the C model's order); ports are independent.
// Units: lengths in bytes, timers in ticks (s_tick handshakes). DATA_WIDTH is 64.
// Errors: never an API error; each bad input has an outcome and a counter (docs/mcast.md §5).
//
// Parameters: NUM_PORTS (L, 2..8), NUM_ISL (K, 2..4), NUM_GROUPS (pow2, 2..64), NUM_SW (pow2,
// 4..64), MAX_REC (2..8), MOT (2, 4 or 8), DEDUP_WAYS (1..4), MAX_LEN (bytes, mult. of 8, 16..256).
module mcast_pe #(
    parameter NUM_PORTS  = 8,
    parameter NUM_ISL    = 4,
    parameter NUM_GROUPS = 16,
    parameter NUM_SW     = 16,
    parameter MAX_REC    = 8,
    parameter MOT        = 4,
    parameter DEDUP_WAYS = 2,
    parameter MAX_LEN    = 128,
    parameter DATA_WIDTH = 64
) (
    input  wire        clk,
    input  wire        rst,
    // AXI4-Lite CSRs (docs/mcast.md §4)
    input  wire [15:0] s_axil_awaddr,
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire [15:0] s_axil_araddr,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready,
    // local multicast frames; tuser [2:0] ingress port, [3] non-posted, [11:4] originator tag
    input  wire [63:0] s_axis_loc_tdata,
    input  wire [7:0]  s_axis_loc_tkeep,
    input  wire        s_axis_loc_tvalid,
    output wire        s_axis_loc_tready,
    input  wire        s_axis_loc_tlast,
    input  wire [11:0] s_axis_loc_tuser,
    // encapsulated frames addressed to this switch
    input  wire [63:0] s_axis_fab_tdata,
    input  wire [7:0]  s_axis_fab_tkeep,
    input  wire        s_axis_fab_tvalid,
    output wire        s_axis_fab_tready,
    input  wire        s_axis_fab_tlast,
    // encapsulated copies; tuser = egress ISL
    output wire [63:0] m_axis_fab_tdata,
    output wire [7:0]  m_axis_fab_tkeep,
    output wire        m_axis_fab_tvalid,
    input  wire        m_axis_fab_tready,
    output wire        m_axis_fab_tlast,
    output wire [1:0]  m_axis_fab_tuser,
    // local copies; tuser [2:0] egress port, [10:3] MTID (non-posted), [11] non-posted
    output wire [63:0] m_axis_loc_tdata,
    output wire [7:0]  m_axis_loc_tkeep,
    output wire        m_axis_loc_tvalid,
    input  wire        m_axis_loc_tready,
    output wire        m_axis_loc_tlast,
    output wire [11:0] m_axis_loc_tuser,
    // node completion of a non-posted copy (MTID from the copy's tuser); ok = successful
    input  wire        s_lcpl_valid,
    output wire        s_lcpl_ready,
    input  wire [2:0]  s_lcpl_port,
    input  wire [7:0]  s_lcpl_mtid,
    input  wire        s_lcpl_ok,
    // collective completion of a child subtree
    input  wire        s_fcpl_valid,
    output wire        s_fcpl_ready,
    input  wire [7:0]  s_fcpl_src_sw,
    input  wire [7:0]  s_fcpl_mtid,
    input  wire [7:0]  s_fcpl_n_ok,
    input  wire [7:0]  s_fcpl_n_fail,
    // timer tick (¶0096 timer): one tick per handshake
    input  wire        s_tick_valid,
    output wire        s_tick_ready,
    // completion to the originator of a non-posted multicast
    output wire        m_ocpl_valid,
    input  wire        m_ocpl_ready,
    output wire [2:0]  m_ocpl_port,
    output wire [7:0]  m_ocpl_tag,
    output wire [1:0]  m_ocpl_status,
    output wire [7:0]  m_ocpl_n_ok,
    output wire [7:0]  m_ocpl_n_fail,
    output wire [7:0]  m_ocpl_fail_bmp,
    // collective completion to the parent switch
    output wire        m_fcpl_valid,
    input  wire        m_fcpl_ready,
    output wire [7:0]  m_fcpl_dst_sw,
    output wire [7:0]  m_fcpl_src_sw,
    output wire [7:0]  m_fcpl_mtid,
    output wire [1:0]  m_fcpl_status,
    output wire [7:0]  m_fcpl_n_ok,
    output wire [7:0]  m_fcpl_n_fail
);
    localparam L     = NUM_PORTS;
    localparam K     = NUM_ISL;
    localparam NG    = NUM_GROUPS;
    localparam NSW   = NUM_SW;
    localparam NR    = MAX_REC;
    localparam NCH   = MAX_REC - 1;
    localparam M     = MOT;
    localparam W     = DEDUP_WAYS;
    localparam BUFB  = (MAX_LEN + 26 + 4 * MAX_REC + 7) / 8 * 8;   // buffer bytes
    localparam WORDS = BUFB / 8;
    localparam NBP   = MOT + 2;                                     // buffers per pool
    localparam PBW   = $clog2(NBP);                                 // buffer index bits
    localparam PB2   = 1 << PBW;
    localparam BW    = PBW + 1;                                     // buffer id {pool, index}
    localparam NB    = 2 * PB2;                                     // buffer id space
    localparam LW    = $clog2(WORDS);                               // word index bits
    localparam WPB   = 1 << LW;                                     // words per buffer slot
    localparam EMIT_DEPTH = 2;                                      // copy descriptors queued
    localparam NS    = 23;                                          // counters
    localparam EIW   = $clog2(MOT);                                 // MOT index bits
    localparam GIW   = $clog2(NUM_GROUPS);                          // group index bits
    localparam SIW   = $clog2(NUM_SW);                              // switch index bits
    localparam integer L_I = L, K_I = K, NG_I = NG, NSW_I = NSW, NR_I = NR, M_I = M;
    localparam integer BUFB_I = BUFB, MAXLEN_I = MAX_LEN;
    localparam [15:0] BUFB16 = BUFB_I[15:0];
    localparam [15:0] MAXLEN16 = MAXLEN_I[15:0];
    // CSR addresses, field positions and reset values: generated from rdl/mcast_pe.rdl
    // (scripts/regs.sh, docs/regs.md); prefix MC_
`include "mcast_pe_regs.vh"

    // counter indices (docs/mcast.md §6, cmodel enum mcast_stat)
    localparam S_RX_LOC = 0, S_RX_FAB = 1, S_TX_FAB = 2, S_TX_LOC = 3, S_OCPL = 4, S_FCPL = 5,
               S_LCPL_RX = 6, S_FCPL_RX = 7, S_UNK_GRP = 8, S_MALF = 9, S_LOOP = 10, S_UNK_SW = 11,
               S_NOROUTE = 12, S_DUP = 13, S_STALE = 14, S_MOT_FULL = 15, S_RETRY = 16,
               S_TIMEOUT = 17, S_CH_TO = 18, S_REROUTE = 19, S_OVERSIZE = 20, S_NOTMEM = 21,
               S_PROTO = 22;

    // parameter checks (simulation and lint; Yosys defines SYNTHESIS and skips them)
`ifndef SYNTHESIS
    initial begin
        if (L < 2 || L > 8) $fatal(1, "mcast_pe: NUM_PORTS must be 2..8");
        if (K < 2 || K > 4) $fatal(1, "mcast_pe: NUM_ISL must be 2..4");
        if (NG < 2 || NG > 64 || (NG & (NG - 1)) != 0) $fatal(1, "mcast_pe: NUM_GROUPS pow2 2..64");
        if (NSW < 4 || NSW > 64 || (NSW & (NSW - 1)) != 0) $fatal(1, "mcast_pe: NUM_SW pow2 4..64");
        if (NR < 2 || NR > 8) $fatal(1, "mcast_pe: MAX_REC must be 2..8");
        if (M < 2 || M > 8 || (M & (M - 1)) != 0) $fatal(1, "mcast_pe: MOT must be 2, 4 or 8");
        if (W < 1 || W > 4) $fatal(1, "mcast_pe: DEDUP_WAYS must be 1..4");
        if (MAX_LEN < 16 || MAX_LEN > 256 || (MAX_LEN % 8) != 0) $fatal(1, "mcast_pe: MAX_LEN");
        if (DATA_WIDTH != 64) $fatal(1, "mcast_pe: DATA_WIDTH must be 64");
    end
`endif

    // ------------------------------------------------------------------ CSR interface
    wire        reg_wr_en;
    wire [15:0] reg_wr_addr, reg_rd_addr;
    wire [31:0] reg_wr_data;
    wire [3:0]  reg_wr_strb;
    reg         reg_wr_err;
    reg  [31:0] reg_rd_data;
    reg         reg_rd_err;
    axil_reg_if #(.ADDR_WIDTH(16)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err), .reg_rd_addr(reg_rd_addr),
        .reg_rd_data(reg_rd_data), .reg_rd_err(reg_rd_err)
    );

    // CSR state
    reg [7:0]  my_sw_reg;
    reg [K-1:0] link_up_reg;
    reg [15:0] t_local_reg, t_child_reg, dedup_age_reg;
    reg [1:0]  max_retry_reg;
    reg [NG-1:0] grp_valid;
    reg [L-1:0]  grp_member [0:NG-1];
    reg [3:0]    tree_nrec [0:NG-1];
    reg [31:0]   tree [0:NG*8-1];       // stride 8 records per group
    reg [9:0]    route [0:NSW-1];
    reg [31:0]   stat [0:NS-1];
    reg [15:0]   root_seq;

    // MOT (note §4.5)
    reg [M-1:0]  mot_valid;
    reg [3:0]    mot_gen [0:M-1];
    reg [M-1:0]  mot_relay;
    reg [2:0]    mot_port [0:M-1];
    reg [7:0]    mot_tag [0:M-1];      // root: originator tag; relay: parent MTID
    reg [7:0]    mot_psw [0:M-1];      // relay: parent switch
    reg [L-1:0]  mot_pend [0:M-1];
    reg [L-1:0]  mot_fbmp [0:M-1];
    reg [1:0]    mot_retry [0:M*L-1];
    reg [7:0]    mot_chsw [0:M*NCH-1];
    reg [7:0]    mot_chdecl [0:M*NCH-1];
    reg [NCH-1:0] mot_pch [0:M-1];
    reg [3:0]    mot_nch [0:M-1];
    reg [7:0]    mot_nok [0:M-1];
    reg [7:0]    mot_nfail [0:M-1];
    reg [15:0]   mot_tl [0:M-1];
    reg [15:0]   mot_tc [0:M-1];
    reg [BW-1:0] mot_buf [0:M-1];
    reg [15:0]   mot_ioff [0:M-1];
    reg [15:0]   mot_ilen [0:M-1];

    // duplicate filter (¶0090, ¶0124): per group W ways of (RootSwitch, RootSeq)
    reg [NG*W-1:0] dd_valid;
    reg [7:0]      dd_sw [0:NG*W-1];
    reg [15:0]     dd_seq [0:NG*W-1];
    reg [15:0]     dd_age [0:NG*W-1];
    reg [1:0]      dd_rr [0:NG-1];

    // ------------------------------------------------------------------ packet buffers
    // Two pools of NBP buffers, one per input stream (fab pool 0, loc pool 1), each buffer WPB
    // words; buffer id = {pool, index}. A buffer is in use while its receiver fills it, while
    // the engine processes its frame, while a queued copy descriptor reads it and while a
    // non-posted MOT entry holds it for resends.
    reg [63:0] mem_f [0:NBP*WPB-1];
    reg [63:0] mem_l [0:NBP*WPB-1];

    // ------------------------------------------------------------------ FSM
    localparam [2:0] ST_IDLE = 0, ST_CHECK = 1, ST_RCH = 2, ST_REND = 3, ST_CPLE = 4, ST_TICK = 5;
    reg [2:0]  state;
    reg [2:0]  ret_state;
    reg        rx_fab;                 // the frame being processed came from s_axis_fab
    reg [BW-1:0] rxb;                  // its buffer
    // current multicast
    reg        cur_np, cur_has_e;
    reg [3:0]  cur_e;
    reg [7:0]  cur_grp, cur_root;
    reg [15:0] cur_seq, cur_ioff, cur_ilen;
    reg [7:0]  rec_sw [0:7];
    reg [7:0]  rec_size [0:7];
    reg [15:0] rec_bmp [0:7];
    reg [7:0]  rec_starts;
    reg [3:0]  it_k;                   // child record index
    // completion outputs (one-entry output registers)
    reg        ocpl_valid_reg, fcpl_valid_reg;
    reg [2:0]  ocpl_port_reg;
    reg [7:0]  ocpl_tag_reg, ocpl_nok_reg, ocpl_nfail_reg, ocpl_fbmp_reg;
    reg [1:0]  ocpl_status_reg, fcpl_status_reg;
    reg [7:0]  fcpl_dst_reg, fcpl_mtid_reg, fcpl_nok_reg, fcpl_nfail_reg;
    reg [7:0]  fcpl_src_reg;           // SWITCH when the completion is built (stable while valid)
    reg [3:0]  cpl_e;

    // ------------------------------------------------------------------ helpers
    function [4:0] pop16(input [15:0] v);
        integer i;
        begin
            pop16 = 5'd0;
            for (i = 0; i < 16; i = i + 1) pop16 = pop16 + {4'd0, v[i]};
        end
    endfunction
    function [3:0] pop8(input [7:0] v);
        integer i;
        begin
            pop8 = 4'd0;
            for (i = 0; i < 8; i = i + 1) pop8 = pop8 + {3'd0, v[i]};
        end
    endfunction

    // ------------------------------------------------------------------ receivers
    wire          idle = (state == ST_IDLE);
    wire          ev_frame_ok = idle && !s_lcpl_valid && !s_fcpl_valid && !s_tick_valid;
    wire          rxf_last_req, rxl_last_req, rxf_busy, rxl_busy, rxf_we, rxl_we;
    wire [PBW-1:0] rxf_idx, rxl_idx, rxf_bidx, rxl_bidx;
    reg  [PBW-1:0] free_f, free_l;     // lowest free buffer of each pool (below)
    reg           free_f_ok, free_l_ok;
    wire [LW-1:0] rxf_word, rxl_word;
    wire [63:0]   rxf_wdata, rxl_wdata;
    wire [511:0]  rxf_hdr, rxl_hdr;
    wire [15:0]   rxf_len, rxl_len;
    wire [11:0]   rxf_user;
    wire [11:0]   rxl_user;
    wire          chk_stall;
    // the engine reads a receiver's hdr/len/user in ST_CHECK: hold off that receiver's next frame
    wire          hold_f = (state == ST_CHECK) && rx_fab && chk_stall;
    wire          hold_l = (state == ST_CHECK) && !rx_fab && chk_stall;
    // event priority (docs/mcast.md section 1): a local frame's last beat is never granted while a
    // fabric frame's last beat is presented, even one the fabric receiver cannot start yet (no
    // free buffer, or held while the engine reads the previous fabric frame): rxf_last_req alone
    // would let the local frame overtake it
    wire          fab_last_presented = s_axis_fab_tvalid && s_axis_fab_tlast;
    mcast_rx #(.WORDS(WORDS), .IW(PBW), .LW(LW)) u_rx_fab (
        .clk(clk), .rst(rst),
        .s_tdata(s_axis_fab_tdata), .s_tkeep(s_axis_fab_tkeep), .s_tvalid(s_axis_fab_tvalid),
        .s_tready(s_axis_fab_tready), .s_tlast(s_axis_fab_tlast), .s_tuser(12'd0),
        .free_ok(free_f_ok), .free_idx(free_f), .hold(hold_f), .grant(ev_frame_ok),
        .last_req(rxf_last_req), .busy(rxf_busy), .busy_idx(rxf_bidx), .buf_idx(rxf_idx),
        .wr_en(rxf_we), .wr_word(rxf_word), .wr_data(rxf_wdata),
        .hdr(rxf_hdr), .len(rxf_len), .user(rxf_user)
    );
    mcast_rx #(.WORDS(WORDS), .IW(PBW), .LW(LW)) u_rx_loc (
        .clk(clk), .rst(rst),
        .s_tdata(s_axis_loc_tdata), .s_tkeep(s_axis_loc_tkeep), .s_tvalid(s_axis_loc_tvalid),
        .s_tready(s_axis_loc_tready), .s_tlast(s_axis_loc_tlast), .s_tuser(s_axis_loc_tuser),
        .free_ok(free_l_ok), .free_idx(free_l), .hold(hold_l), .grant(ev_frame_ok && !fab_last_presented),
        .last_req(rxl_last_req), .busy(rxl_busy), .busy_idx(rxl_bidx), .buf_idx(rxl_idx),
        .wr_en(rxl_we), .wr_word(rxl_word), .wr_data(rxl_wdata),
        .hdr(rxl_hdr), .len(rxl_len), .user(rxl_user)
    );
    always @(posedge clk) begin
        if (rxf_we) mem_f[{rxf_idx, rxf_word}] <= rxf_wdata;
        if (rxl_we) mem_l[{rxl_idx, rxl_word}] <= rxl_wdata;
    end
    wire [15:0] rx_len = rx_fab ? rxf_len : rxl_len;
    wire [11:0] rx_user = rxl_user;
    wire [511:0] rx_hdr = rx_fab ? rxf_hdr : rxl_hdr;

    // header byte i (< 64) of the frame being checked
    wire [7:0] hb [0:63];
    genvar gi;
    generate
        for (gi = 0; gi < 64; gi = gi + 1) begin : g_hb
            assign hb[gi] = rx_hdr[8 * gi +: 8];
        end
    endgenerate

    // ------------------------------------------------------------------ event arbitration
    assign s_lcpl_ready = idle;
    assign s_fcpl_ready = idle && !s_lcpl_valid;
    assign s_tick_ready = idle && !s_lcpl_valid && !s_fcpl_valid;

    // ------------------------------------------------------------------ emitters
    wire [NB-1:0]  ef_busy, el_busy;
    wire           ef_d_valid, el_d_valid, ef_d_ready, el_d_ready;
    wire [BW-1:0]  ef_rd_buf, el_rd_buf;
    wire [LW-1:0]  ef_rd_whi, ef_rd_wlo, el_rd_whi, el_rd_wlo;
    reg  [63:0]    ef_hf, ef_lf, ef_hl, ef_ll, el_hf, el_lf, el_hl, el_ll;
    reg            ef_pool, el_pool;
    always @(posedge clk) begin       // synchronous buffer reads (block RAM), two words per emitter
        ef_hf <= mem_f[{ef_rd_buf[PBW-1:0], ef_rd_whi}];
        ef_lf <= mem_f[{ef_rd_buf[PBW-1:0], ef_rd_wlo}];
        ef_hl <= mem_l[{ef_rd_buf[PBW-1:0], ef_rd_whi}];
        ef_ll <= mem_l[{ef_rd_buf[PBW-1:0], ef_rd_wlo}];
        ef_pool <= ef_rd_buf[PBW];
        el_hf <= mem_f[{el_rd_buf[PBW-1:0], el_rd_whi}];
        el_lf <= mem_f[{el_rd_buf[PBW-1:0], el_rd_wlo}];
        el_hl <= mem_l[{el_rd_buf[PBW-1:0], el_rd_whi}];
        el_ll <= mem_l[{el_rd_buf[PBW-1:0], el_rd_wlo}];
        el_pool <= el_rd_buf[PBW];
    end
    // fabric copy descriptor (ST_RCH): one encapsulated copy of the child subtree at it_k
    reg  [511:0]   fd_hdr;
    wire [1:0]     fd_isl;
    wire [6:0]     fd_hlen;
    wire [11:0]    ef_user;
    mcast_emit #(.NB(NB), .BW(BW), .WORDS(WORDS), .LW(LW), .UW(12), .DEPTH(EMIT_DEPTH)) u_em_fab (
        .clk(clk), .rst(rst),
        .d_valid(ef_d_valid), .d_ready(ef_d_ready), .d_buf(rxb), .d_boff(cur_ioff), .d_ilen(cur_ilen),
        .d_hlen(fd_hlen), .d_hdr(fd_hdr), .d_tgt(8'd1), .d_user({10'd0, fd_isl}), .busy_bufs(ef_busy),
        .rd_buf(ef_rd_buf), .rd_whi(ef_rd_whi), .rd_wlo(ef_rd_wlo),
        .rd_hi(ef_pool ? ef_hl : ef_hf), .rd_lo(ef_pool ? ef_ll : ef_lf),
        .m_tdata(m_axis_fab_tdata), .m_tkeep(m_axis_fab_tkeep), .m_tvalid(m_axis_fab_tvalid),
        .m_tready(m_axis_fab_tready), .m_tlast(m_axis_fab_tlast), .m_tuser(ef_user)
    );
    assign m_axis_fab_tuser = ef_user[1:0];
    // local copy descriptor (ST_CHECK: first copies; ST_TICK: resends)
    wire [BW-1:0]  ld_buf;
    wire [15:0]    ld_boff, ld_ilen;
    wire [7:0]     ld_tgt;
    wire [11:0]    ld_user;
    mcast_emit #(.NB(NB), .BW(BW), .WORDS(WORDS), .LW(LW), .UW(12), .DEPTH(EMIT_DEPTH)) u_em_loc (
        .clk(clk), .rst(rst),
        .d_valid(el_d_valid), .d_ready(el_d_ready), .d_buf(ld_buf), .d_boff(ld_boff), .d_ilen(ld_ilen),
        .d_hlen(7'd0), .d_hdr(512'd0), .d_tgt(ld_tgt), .d_user(ld_user), .busy_bufs(el_busy),
        .rd_buf(el_rd_buf), .rd_whi(el_rd_whi), .rd_wlo(el_rd_wlo),
        .rd_hi(el_pool ? el_hl : el_hf), .rd_lo(el_pool ? el_ll : el_lf),
        .m_tdata(m_axis_loc_tdata), .m_tkeep(m_axis_loc_tkeep), .m_tvalid(m_axis_loc_tvalid),
        .m_tready(m_axis_loc_tready), .m_tlast(m_axis_loc_tlast), .m_tuser(m_axis_loc_tuser)
    );

    // free buffers: lowest of each pool in use by nobody
    reg [NB-1:0] buf_used;
    integer fb_i;
    always @* begin
        buf_used = ef_busy | el_busy;
        for (fb_i = 0; fb_i < M; fb_i = fb_i + 1)
            if (mot_valid[fb_i]) buf_used[mot_buf[fb_i]] = 1'b1;
        if (state == ST_CHECK || state == ST_RCH) buf_used[rxb] = 1'b1;
        if (rxf_busy) buf_used[{1'b0, rxf_bidx}] = 1'b1;
        if (rxl_busy) buf_used[{1'b1, rxl_bidx}] = 1'b1;
        free_f = {PBW{1'b0}};
        free_l = {PBW{1'b0}};
        free_f_ok = 1'b0;
        free_l_ok = 1'b0;
        for (fb_i = NBP - 1; fb_i >= 0; fb_i = fb_i - 1) begin
            if (!buf_used[fb_i]) begin
                free_f = fb_i[PBW-1:0];
                free_f_ok = 1'b1;
            end
            if (!buf_used[PB2 + fb_i]) begin
                free_l = fb_i[PBW-1:0];
                free_l_ok = 1'b1;
            end
        end
    end

    // free MOT entry
    reg [3:0] free_e;
    reg       free_e_ok;
    integer fe_i;
    always @* begin
        free_e = 4'd0;
        free_e_ok = 1'b0;
        for (fe_i = M - 1; fe_i >= 0; fe_i = fe_i - 1)
            if (!mot_valid[fe_i]) begin
                free_e = fe_i[3:0];
                free_e_ok = 1'b1;
            end
    end

    // ------------------------------------------------------------------ local completion decode
    wire [3:0] lc_e = s_lcpl_mtid[3:0];
    wire [3:0] lc_g = s_lcpl_mtid[7:4];
    wire       lc_e_ok = (lc_e < M_I[3:0]);
    wire [EIW-1:0] lc_e3 = lc_e[EIW-1:0];
    wire       lc_port_ok = ({1'b0, s_lcpl_port} < L_I[3:0]);
    wire [L-1:0] lc_bit = lc_port_ok ? ({{(L-1){1'b0}}, 1'b1} << s_lcpl_port) : {L{1'b0}};
    wire lc_hit = lc_e_ok && mot_valid[lc_e3] && mot_gen[lc_e3] == lc_g && ((mot_pend[lc_e3] & lc_bit) != 0);
    wire lc_done = ((mot_pend[lc_e3] & ~lc_bit) == {L{1'b0}}) && (mot_pch[lc_e3] == {NCH{1'b0}});

    // child collective completion decode
    wire [3:0] fc_e = s_fcpl_mtid[3:0];
    wire [3:0] fc_g = s_fcpl_mtid[7:4];
    wire       fc_e_ok = (fc_e < M_I[3:0]);
    wire [EIW-1:0] fc_e3 = fc_e[EIW-1:0];
    reg        fc_found;
    reg [3:0]  fc_ch;
    integer fc_i;
    always @* begin
        fc_found = 1'b0;
        fc_ch = 4'd0;
        for (fc_i = NCH - 1; fc_i >= 0; fc_i = fc_i - 1)
            if (mot_pch[fc_e3][fc_i] && mot_chsw[fc_e3 * NCH + fc_i] == s_fcpl_src_sw) begin
                fc_found = 1'b1;
                fc_ch = fc_i[3:0];
            end
    end
    wire fc_hit = fc_e_ok && mot_valid[fc_e3] && mot_gen[fc_e3] == fc_g && fc_found;
    wire [7:0] fc_decl = mot_chdecl[fc_e3 * NCH + {28'd0, fc_ch}];
    wire [8:0] fc_sum = {1'b0, s_fcpl_n_ok} + {1'b0, s_fcpl_n_fail};
    wire       fc_proto = fc_sum != {1'b0, fc_decl};
    wire [7:0] fc_ok = fc_proto ? ((s_fcpl_n_ok > fc_decl) ? fc_decl : s_fcpl_n_ok) : s_fcpl_n_ok;
    wire [7:0] fc_fail = fc_proto ? (fc_decl - fc_ok) : s_fcpl_n_fail;
    wire [NCH-1:0] fc_bit = {{(NCH-1){1'b0}}, 1'b1} << fc_ch;
    wire fc_done = (mot_pend[fc_e3] == {L{1'b0}}) && ((mot_pch[fc_e3] & ~fc_bit) == {NCH{1'b0}});

    // ------------------------------------------------------------------ frame check (ST_CHECK)
    wire [15:0] f_ethertype = {hb[12], hb[13]};
    wire [7:0]  f_grp = rx_fab ? hb[15] : hb[5];
    wire [3:0]  f_type = hb[14][3:0];
    wire [7:0]  f_nrec = hb[16];
    wire [15:0] f_seq = {hb[22], hb[23]};
    wire [15:0] f_ilen = {hb[24], hb[25]};
    wire [15:0] f_ioff = 16'd26 + {6'd0, f_nrec, 2'b00};          // inner frame of a fabric frame
    wire        grp_in = (f_grp < NG_I[7:0]);
    wire [GIW-1:0] grp6 = f_grp[GIW-1:0];
    wire        grp_ok = grp_in && grp_valid[grp6];
    wire [7:0]  c_nrec = rx_fab ? f_nrec : {4'd0, tree_nrec[grp6]};
    wire [7:0]  c_root = rx_fab ? hb[20] : my_sw_reg;
    reg  [7:0]  c_sw [0:7];
    reg  [7:0]  c_size [0:7];
    reg  [15:0] c_bmp [0:7];
    reg  [7:0]  c_starts;
    reg         c_mal, c_unk, c_loop;
    reg  [7:0]  c_decl_all, c_decl_ch;    // popcounts of records [0, n) and [1, n)
    integer ci, cq, cpos;
    always @* begin
        for (ci = 0; ci < 8; ci = ci + 1) begin
            if (ci >= NR) begin
                c_sw[ci]   = 8'd0;
                c_size[ci] = 8'd0;
                c_bmp[ci]  = 16'd0;
            end else if (rx_fab) begin
                c_sw[ci]   = hb[26 + 4 * ci];
                c_size[ci] = hb[27 + 4 * ci];
                c_bmp[ci]  = {hb[28 + 4 * ci], hb[29 + 4 * ci]};
            end else begin
                c_sw[ci]   = tree[grp6 * 8 + ci][31:24];
                c_size[ci] = tree[grp6 * 8 + ci][23:16];
                c_bmp[ci]  = tree[grp6 * 8 + ci][15:0];
            end
        end
        c_mal = (c_nrec == 8'd0) || (c_nrec > NR_I[7:0]) || (c_sw[0] != my_sw_reg) || (c_size[0] != c_nrec);
        c_starts = 8'd0;
        cpos = 1;
        for (ci = 1; ci < NR; ci = ci + 1) begin
            if (ci == cpos && ci < c_nrec) begin
                if (c_size[ci] == 8'd0 || ci + {24'd0, c_size[ci]} > {24'd0, c_nrec}) c_mal = 1'b1;
                else begin
                    c_starts[ci] = 1'b1;
                    cpos = ci + {24'd0, c_size[ci]};
                end
            end
        end
        c_unk = 1'b0;
        c_loop = 1'b0;
        cq = 0;
        c_decl_all = {3'd0, pop16(c_bmp[0])};
        c_decl_ch = 8'd0;
        for (ci = 1; ci < NR; ci = ci + 1) begin
            if (ci < c_nrec) begin
                if (c_sw[ci] >= NSW_I[7:0]) c_unk = 1'b1;
                else if (c_starts[ci] && !route[c_sw[ci][SIW-1:0]][0]) c_unk = 1'b1;
                if (c_sw[ci] == my_sw_reg || c_sw[ci] == c_root) c_loop = 1'b1;
                for (cq = ci + 1; cq < NR; cq = cq + 1)
                    if (cq < c_nrec && c_sw[ci] == c_sw[cq]) c_loop = 1'b1;
                c_decl_all = c_decl_all + {3'd0, pop16(c_bmp[ci])};
                c_decl_ch = c_decl_ch + {3'd0, pop16(c_bmp[ci])};
            end
        end
    end
    // duplicate filter lookup
    reg dd_hit;
    integer dq;
    always @* begin
        dd_hit = 1'b0;
        for (dq = 0; dq < W; dq = dq + 1)
            if (dd_valid[grp6 * W + dq] && dd_sw[grp6 * W + dq] == hb[20] && dd_seq[grp6 * W + dq] == f_seq)
                dd_hit = 1'b1;
    end
    wire [31:0] dd_slot = {{(32-GIW){1'b0}}, grp6} * W + {30'd0, dd_rr[grp6]};
    wire [L-1:0] loc_tgt = grp_member[grp6] & ~({{(L-1){1'b0}}, 1'b1} << rx_user[2:0]);
    wire [L-1:0] fab_tgt = c_bmp[0][L-1:0] & grp_member[grp6];
    wire [4:0]   notmem = pop16(c_bmp[0]) - {1'b0, pop8({{(8-L){1'b0}}, fab_tgt})};
    wire [7:0]   loc_total = {4'd0, pop8({{(8-L){1'b0}}, loc_tgt})} + c_decl_ch;

    // ------------------------------------------------------------------ replication helpers
    wire [2:0] k3 = it_k[2:0];
    reg  [7:0] ch_decl;
    integer di;
    always @* begin
        ch_decl = 8'd0;
        for (di = 1; di < NR; di = di + 1)
            if (di >= {28'd0, it_k} && di < {28'd0, it_k} + {24'd0, rec_size[k3]}) ch_decl = ch_decl + {3'd0, pop16(rec_bmp[di])};
    end
    wire [9:0] rt = route[rec_sw[k3][SIW-1:0]];
    wire [1:0] rt_prim = rt[5:4];
    wire [1:0] rt_alt = rt[9:8];
    wire       prim_up = |(link_up_reg & ({{(K-1){1'b0}}, 1'b1} << rt_prim));
    wire       alt_up = rt[1] && |(link_up_reg & ({{(K-1){1'b0}}, 1'b1} << rt_alt));
    wire [EIW-1:0] ce3 = cur_e[EIW-1:0];
    wire [EIW-1:0] fe3 = free_e[EIW-1:0];
    wire [EIW-1:0] cpe3 = cpl_e[EIW-1:0];
    wire [7:0] cur_mtid = cur_has_e ? {mot_gen[ce3], cur_e} : 8'd0;

    assign m_ocpl_valid = ocpl_valid_reg;
    assign m_ocpl_port = ocpl_port_reg;
    assign m_ocpl_tag = ocpl_tag_reg;
    assign m_ocpl_status = ocpl_status_reg;
    assign m_ocpl_n_ok = ocpl_nok_reg;
    assign m_ocpl_n_fail = ocpl_nfail_reg;
    assign m_ocpl_fail_bmp = ocpl_fbmp_reg;
    assign m_fcpl_valid = fcpl_valid_reg;
    assign m_fcpl_dst_sw = fcpl_dst_reg;
    assign m_fcpl_src_sw = fcpl_src_reg;
    assign m_fcpl_mtid = fcpl_mtid_reg;
    assign m_fcpl_status = fcpl_status_reg;
    assign m_fcpl_n_ok = fcpl_nok_reg;
    assign m_fcpl_n_fail = fcpl_nfail_reg;

    // ------------------------------------------------------------------ ST_CHECK decisions
    wire loc_bad = rx_len > MAXLEN16 || rx_len < 16'd14 || !hb[0][0] || !grp_ok || c_mal || c_unk || c_loop;
    wire fab_hdr_bad = rx_len < 16'd26 || f_ethertype != 16'h88B5 || hb[14][7:4] != 4'd1 ||
                       f_type > 4'd1 || hb[19] != my_sw_reg;
    wire fab_len_bad = f_nrec == 8'd0 || f_nrec > NR_I[7:0] || f_ilen == 16'd0 ||
                       rx_len != f_ioff + f_ilen;
    wire fab_bad = rx_len > BUFB16 || fab_hdr_bad || !grp_ok || fab_len_bad || c_mal || c_unk || c_loop || dd_hit;
    wire chk_np = rx_fab ? f_type[0] : rx_user[3];
    wire [15:0] chk_ioff = rx_fab ? f_ioff : 16'd0;                  // original frame in the buffer
    wire [15:0] chk_ilen = rx_fab ? f_ilen : rx_len;
    wire chk_pass = rx_fab ? !fab_bad : !loc_bad;
    wire chk_busy = chk_pass && chk_np && !free_e_ok;                 // MOT full: answer BUSY
    wire [L-1:0] chk_tgt = rx_fab ? fab_tgt : loc_tgt;
    wire chk_push = chk_pass && !chk_busy && (chk_tgt != {L{1'b0}});  // local copies
    wire chk_need_o = !rx_fab && ((!chk_pass && rx_user[3]) || chk_busy);
    wire chk_need_f = rx_fab && chk_busy;
    wire o_busy = ocpl_valid_reg && !m_ocpl_ready;                    // completion register taken
    wire f_busy = fcpl_valid_reg && !m_fcpl_ready;
    assign chk_stall = chk_push ? !el_d_ready : ((chk_need_o && o_busy) || (chk_need_f && f_busy));
    // first child subtree of the checked list; next child after it_k
    reg  [3:0] c_first, rc_next;
    reg        c_has_ch, rc_has_next;
    integer nk;
    always @* begin
        c_first = 4'd0;
        c_has_ch = 1'b0;
        rc_next = 4'd0;
        rc_has_next = 1'b0;
        for (nk = NR - 1; nk >= 1; nk = nk - 1) begin
            if (c_starts[nk]) begin
                c_first = nk[3:0];
                c_has_ch = 1'b1;
            end
            if (rec_starts[nk] && nk > it_k) begin
                rc_next = nk[3:0];
                rc_has_next = 1'b1;
            end
        end
    end

    // ------------------------------------------------------------------ ST_RCH: fabric copy
    wire rch_route = prim_up || alt_up;
    assign ef_d_valid = (state == ST_RCH) && rch_route;
    wire rch_stall = ef_d_valid && !ef_d_ready;
    assign fd_isl = prim_up ? rt_prim : rt_alt;
    assign fd_hlen = 7'd26 + {1'b0, rec_size[k3][3:0], 2'b00};
    reg [3:0] fr_i;
    integer fj;
    always @* begin
        fd_hdr = 512'd0;
        fd_hdr[0 +: 48] = {rec_sw[k3], 40'h0000434D02};                 // 02:4D:43:00:00:dst
        fd_hdr[48 +: 48] = {my_sw_reg, 40'h0000434D02};                 // 02:4D:43:00:00:me
        fd_hdr[96 +: 16] = 16'hB588;                                    // EtherType 0x88B5
        fd_hdr[112 +: 8] = {7'b0001000, cur_np};
        fd_hdr[120 +: 8] = cur_grp;
        fd_hdr[128 +: 8] = {4'd0, rec_size[k3][3:0]};
        fd_hdr[136 +: 8] = cur_mtid;
        fd_hdr[144 +: 8] = my_sw_reg;
        fd_hdr[152 +: 8] = rec_sw[k3];
        fd_hdr[160 +: 8] = cur_root;
        fd_hdr[176 +: 16] = {cur_seq[7:0], cur_seq[15:8]};
        fd_hdr[192 +: 16] = {cur_ilen[7:0], cur_ilen[15:8]};
        for (fj = 0; fj < NR - 1; fj = fj + 1) begin
            fr_i = it_k + fj[3:0];
            if (fj[3:0] < rec_size[k3][3:0] && fr_i < 4'd8)
                fd_hdr[208 + 32 * fj +: 32] = {rec_bmp[fr_i[2:0]][7:0], rec_bmp[fr_i[2:0]][15:8],
                                               rec_size[fr_i[2:0]], rec_sw[fr_i[2:0]]};
        end
    end

    // ------------------------------------------------------------------ ST_TICK: one MOT entry
    wire [15:0] tk_tl = (mot_tl[ce3] == 16'hFFFF) ? 16'hFFFF : mot_tl[ce3] + 16'd1;
    wire [15:0] tk_tc = (mot_tc[ce3] == 16'hFFFF) ? 16'hFFFF : mot_tc[ce3] + 16'd1;
    reg  [7:0] tc_sum;
    reg  [L-1:0] tk_rs, tk_to;            // resend / give up, per local port
    integer ti;
    wire tk_round = (mot_pend[ce3] != {L{1'b0}}) && tk_tl >= t_local_reg;
    always @* begin
        tc_sum = 8'd0;
        for (ti = 0; ti < NCH; ti = ti + 1)
            if (mot_pch[ce3][ti]) tc_sum = tc_sum + mot_chdecl[ce3 * NCH + ti];
        tk_rs = {L{1'b0}};
        tk_to = {L{1'b0}};
        for (ti = 0; ti < L; ti = ti + 1)
            if (tk_round && mot_pend[ce3][ti]) begin
                if (mot_retry[ce3 * L + ti] < max_retry_reg) tk_rs[ti] = 1'b1;
                else tk_to[ti] = 1'b1;
            end
    end
    wire [L-1:0] tk_pend = mot_pend[ce3] & ~tk_to;
    wire tk_chto = (mot_pch[ce3] != {NCH{1'b0}}) && tk_tc >= t_child_reg;
    wire tk_done = (tk_pend == {L{1'b0}}) && (tk_chto || mot_pch[ce3] == {NCH{1'b0}});
    wire tk_entry = (state == ST_TICK) && (cur_e < M_I[3:0]) && mot_valid[ce3];
    wire tk_stall = tk_entry && (tk_rs != {L{1'b0}}) && !el_d_ready;

    // local copy descriptor: first copies (ST_CHECK) or resends of the MOT entry (ST_TICK)
    wire ld_chk = (state == ST_CHECK);
    assign el_d_valid = ld_chk ? chk_push : (tk_entry && tk_rs != {L{1'b0}});
    assign ld_buf  = ld_chk ? rxb : mot_buf[ce3];
    assign ld_boff = ld_chk ? chk_ioff : mot_ioff[ce3];
    assign ld_ilen = ld_chk ? chk_ilen : mot_ilen[ce3];
    assign ld_tgt  = {{(8-L){1'b0}}, ld_chk ? chk_tgt : tk_rs};
    assign ld_user = ld_chk ? {chk_np, (chk_np ? {mot_gen[fe3], free_e} : 8'd0), 3'd0}
                            : {1'b1, mot_gen[ce3], cur_e, 3'd0};

    // ------------------------------------------------------------------ CSR read / write decode
    reg [1:0] rd_kind, wr_kind;       // 0 unmapped, 1 RW, 2 RO
    function [1:0] csr_kind(input [15:0] a);
        begin
            csr_kind = 2'd0;
            if (a[1:0] != 2'd0) csr_kind = 2'd0;
            else if (a == MC_ID_ADDR) csr_kind = 2'd2;
            else if (a <= MC_DEDUP_AGE_ADDR) csr_kind = 2'd1;                     // SWITCH .. DEDUP_AGE
            else if (a == MC_PARAMS_ADDR || a == MC_ROOT_SEQ_ADDR || a == MC_MOT_VALID_ADDR) csr_kind = 2'd2;
            else if (a >= MC_STAT_ADDR && {16'd0, a} < {16'd0, MC_STAT_ADDR} + MC_STAT_STRIDE * NS) csr_kind = 2'd2;
            else if (a >= MC_GRP_ADDR && {16'd0, a} < {16'd0, MC_GRP_ADDR} + MC_GRP_STRIDE * NG_I) csr_kind = 2'd1;
            else if (a >= MC_TREE_ADDR && {16'd0, a} < {16'd0, MC_TREE_ADDR} + MC_TREE_STRIDE * NG_I)
                csr_kind = ({13'd0, a[MC_TREE_STRIDE_LOG2-1:MC_TREE_REC_STRIDE_LOG2]} < NR_I[15:0]) ? 2'd1 : 2'd0;
            else if (a >= MC_ROUTE_ADDR && {16'd0, a} < {16'd0, MC_ROUTE_ADDR} + MC_ROUTE_STRIDE * NSW_I) csr_kind = 2'd1;
        end
    endfunction
    // current value of the CSR at the read address (pi 0) and at the write address (pi 1); fields at
    // their positions in rdl/mcast_pe.rdl (bits not covered read 0)
    reg [31:0] csr_rv, csr_wv, csr_t;
    reg [15:0] csr_a;
    integer pi, cv;
    always @* begin
        csr_rv = 32'd0;
        csr_wv = 32'd0;
        for (pi = 0; pi < 2; pi = pi + 1) begin
            csr_a = (pi == 0) ? reg_rd_addr : reg_wr_addr;
            csr_t = 32'd0;
            cv = 0;
            case (csr_a)
                MC_ID_ADDR:        csr_t = MC_ID_ID_RESET;
                MC_SWITCH_ADDR:    csr_t[MC_SWITCH_ID_LSB +: MC_SWITCH_ID_WIDTH] = my_sw_reg;
                MC_LINK_UP_ADDR:   csr_t[MC_LINK_UP_UP_LSB +: K] = link_up_reg;
                MC_T_LOCAL_ADDR:   csr_t[MC_T_LOCAL_TICKS_LSB +: MC_T_LOCAL_TICKS_WIDTH] = t_local_reg;
                MC_T_CHILD_ADDR:   csr_t[MC_T_CHILD_TICKS_LSB +: MC_T_CHILD_TICKS_WIDTH] = t_child_reg;
                MC_MAX_RETRY_ADDR: csr_t[MC_MAX_RETRY_N_LSB +: MC_MAX_RETRY_N_WIDTH] = max_retry_reg;
                MC_DEDUP_AGE_ADDR: csr_t[MC_DEDUP_AGE_TICKS_LSB +: MC_DEDUP_AGE_TICKS_WIDTH] = dedup_age_reg;
                MC_PARAMS_ADDR: begin
                    csr_t[MC_PARAMS_NUM_PORTS_LSB +: MC_PARAMS_NUM_PORTS_WIDTH]   = L_I[MC_PARAMS_NUM_PORTS_WIDTH-1:0];
                    csr_t[MC_PARAMS_NUM_ISL_LSB +: MC_PARAMS_NUM_ISL_WIDTH]       = K_I[MC_PARAMS_NUM_ISL_WIDTH-1:0];
                    csr_t[MC_PARAMS_NUM_GROUPS_LSB +: MC_PARAMS_NUM_GROUPS_WIDTH] = NG_I[MC_PARAMS_NUM_GROUPS_WIDTH-1:0];
                    csr_t[MC_PARAMS_NUM_SW_LSB +: MC_PARAMS_NUM_SW_WIDTH]         = NSW_I[MC_PARAMS_NUM_SW_WIDTH-1:0];
                    csr_t[MC_PARAMS_MAX_REC_LSB +: MC_PARAMS_MAX_REC_WIDTH]       = NR_I[MC_PARAMS_MAX_REC_WIDTH-1:0];
                    csr_t[MC_PARAMS_MOT_LSB +: MC_PARAMS_MOT_WIDTH]               = M_I[MC_PARAMS_MOT_WIDTH-1:0];
                end
                MC_ROOT_SEQ_ADDR:  csr_t[MC_ROOT_SEQ_SEQ_LSB +: MC_ROOT_SEQ_SEQ_WIDTH] = root_seq;
                MC_MOT_VALID_ADDR: csr_t[MC_MOT_VALID_VALID_LSB +: M] = mot_valid;
                default: begin
                    if (csr_a >= MC_STAT_ADDR && csr_a < MC_GRP_ADDR) begin
                        cv = ({16'd0, csr_a} - {16'd0, MC_STAT_ADDR}) >> MC_STAT_STRIDE_LOG2;
                        if (cv < NS) csr_t = stat[cv];
                    end else if (csr_a >= MC_GRP_ADDR && csr_a < MC_TREE_ADDR) begin
                        cv = ({16'd0, csr_a} - {16'd0, MC_GRP_ADDR}) >> MC_GRP_STRIDE_LOG2;
                        if (cv < NG) begin
                            if (csr_a[MC_GRP_STRIDE_LOG2-1:0] == MC_GRP_NREC_OFFS)
                                csr_t[MC_GRP_NREC_NREC_LSB +: MC_GRP_NREC_NREC_WIDTH] = tree_nrec[cv];
                            else begin
                                csr_t[MC_GRP_CTRL_VALID_LSB] = grp_valid[cv];
                                csr_t[MC_GRP_CTRL_MEMBER_LSB +: L] = grp_member[cv];
                            end
                        end
                    end else if (csr_a >= MC_TREE_ADDR && csr_a < MC_ROUTE_ADDR) begin
                        cv = ({16'd0, csr_a} - {16'd0, MC_TREE_ADDR}) >> MC_TREE_STRIDE_LOG2;
                        if (cv < NG && {29'd0, csr_a[MC_TREE_STRIDE_LOG2-1:MC_TREE_REC_STRIDE_LOG2]} < NR)
                            csr_t = tree[cv * MC_TREE_REC_COUNT + {29'd0, csr_a[MC_TREE_STRIDE_LOG2-1:MC_TREE_REC_STRIDE_LOG2]}];
                    end else if (csr_a >= MC_ROUTE_ADDR) begin
                        cv = ({16'd0, csr_a} - {16'd0, MC_ROUTE_ADDR}) >> MC_ROUTE_STRIDE_LOG2;
                        if (cv < NSW) csr_t = {22'd0, route[cv]};   // stored as the register image [9:0]
                    end
                end
            endcase
            if (pi == 0) csr_rv = csr_t;
            else csr_wv = csr_t;
        end
    end
    always @* begin
        rd_kind = csr_kind(reg_rd_addr);
        wr_kind = csr_kind(reg_wr_addr);
        reg_rd_err = (rd_kind == 2'd0);
        reg_rd_data = reg_rd_err ? 32'd0 : csr_rv;
        reg_wr_err = (wr_kind != 2'd1);
    end
    wire [31:0] wmask = {{8{reg_wr_strb[3]}}, {8{reg_wr_strb[2]}}, {8{reg_wr_strb[1]}}, {8{reg_wr_strb[0]}}};
    wire [31:0] wval = (csr_wv & ~wmask) | (reg_wr_data & wmask);
    wire [15:0] wa_g = (reg_wr_addr - MC_GRP_ADDR) >> MC_GRP_STRIDE_LOG2;
    wire [15:0] wa_t = (reg_wr_addr - MC_TREE_ADDR) >> MC_TREE_STRIDE_LOG2;
    wire [15:0] wa_s = (reg_wr_addr - MC_ROUTE_ADDR) >> MC_ROUTE_STRIDE_LOG2;

    // ------------------------------------------------------------------ sequential
    integer i, j;
    always @(posedge clk) begin
        if (rst) begin
            state <= ST_IDLE;
            ret_state <= ST_IDLE;
            my_sw_reg <= MC_SWITCH_ID_RESET;          // CSR reset values from rdl/mcast_pe.rdl
            link_up_reg <= MC_LINK_UP_UP_RESET[K-1:0];
            t_local_reg <= MC_T_LOCAL_TICKS_RESET;
            t_child_reg <= MC_T_CHILD_TICKS_RESET;
            max_retry_reg <= MC_MAX_RETRY_N_RESET;
            dedup_age_reg <= MC_DEDUP_AGE_TICKS_RESET;
            grp_valid <= {NG{1'b0}};
            for (i = 0; i < NG; i = i + 1) begin
                grp_member[i] <= {L{1'b0}};
                tree_nrec[i] <= 4'd0;
                dd_rr[i] <= 2'd0;
            end
            for (i = 0; i < NG; i = i + 1)
                for (j = 0; j < 8; j = j + 1) tree[i * 8 + j] <= 32'd0;
            for (i = 0; i < NSW; i = i + 1) route[i] <= 10'd0;
            for (i = 0; i < NS; i = i + 1) stat[i] <= 32'd0;
            root_seq <= 16'd0;
            mot_valid <= {M{1'b0}};
            mot_relay <= {M{1'b0}};
            for (i = 0; i < M; i = i + 1) begin
                mot_gen[i] <= 4'd0;
                mot_pend[i] <= {L{1'b0}};
                mot_pch[i] <= {NCH{1'b0}};
                mot_buf[i] <= {BW{1'b0}};
            end
            dd_valid <= {(NG*W){1'b0}};
            rx_fab <= 1'b0;
            rxb <= {BW{1'b0}};
            it_k <= 4'd0;
            ocpl_valid_reg <= 1'b0;
            fcpl_valid_reg <= 1'b0;
            cur_has_e <= 1'b0;
        end else begin
            // ---------------- CSR writes: applied in the reg_wr_en cycle, seen by decisions of later cycles (docs/mcast.md §4)
            if (reg_wr_en && !reg_wr_err) begin
                case (reg_wr_addr)
                    MC_SWITCH_ADDR:    my_sw_reg <= wval[MC_SWITCH_ID_LSB +: MC_SWITCH_ID_WIDTH];
                    MC_LINK_UP_ADDR:   link_up_reg <= wval[MC_LINK_UP_UP_LSB +: K];
                    MC_T_LOCAL_ADDR:   t_local_reg <= wval[MC_T_LOCAL_TICKS_LSB +: MC_T_LOCAL_TICKS_WIDTH];
                    MC_T_CHILD_ADDR:   t_child_reg <= wval[MC_T_CHILD_TICKS_LSB +: MC_T_CHILD_TICKS_WIDTH];
                    MC_MAX_RETRY_ADDR: max_retry_reg <= wval[MC_MAX_RETRY_N_LSB +: MC_MAX_RETRY_N_WIDTH];
                    MC_DEDUP_AGE_ADDR: dedup_age_reg <= wval[MC_DEDUP_AGE_TICKS_LSB +: MC_DEDUP_AGE_TICKS_WIDTH];
                    default: begin
                        if (reg_wr_addr >= MC_GRP_ADDR && reg_wr_addr < MC_TREE_ADDR) begin
                            if (reg_wr_addr[MC_GRP_STRIDE_LOG2-1:0] == MC_GRP_NREC_OFFS)
                                tree_nrec[wa_g[GIW-1:0]] <= wval[MC_GRP_NREC_NREC_LSB +: MC_GRP_NREC_NREC_WIDTH];
                            else begin
                                grp_valid[wa_g[GIW-1:0]] <= wval[MC_GRP_CTRL_VALID_LSB];
                                grp_member[wa_g[GIW-1:0]] <= wval[MC_GRP_CTRL_MEMBER_LSB +: L];
                            end
                        end else if (reg_wr_addr >= MC_TREE_ADDR && reg_wr_addr < MC_ROUTE_ADDR) begin
                            tree[wa_t * MC_TREE_REC_COUNT + {29'd0, reg_wr_addr[MC_TREE_STRIDE_LOG2-1:MC_TREE_REC_STRIDE_LOG2]}] <= wval;
                        end else begin
                            route[wa_s[SIW-1:0]] <= wval[9:0] & MC_ROUTE_MASK[9:0];   // stored as the register image
                        end
                    end
                endcase
            end

            // completion registers: taken by the sink (a new completion below overrides)
            if (ocpl_valid_reg && m_ocpl_ready) ocpl_valid_reg <= 1'b0;
            if (fcpl_valid_reg && m_fcpl_ready) fcpl_valid_reg <= 1'b0;

            case (state)
            // ---------------- one input event: lcpl > fcpl > tick > fabric frame > local frame
            ST_IDLE: begin
                if (s_lcpl_valid) begin
                    if (lc_hit) begin
                        stat[S_LCPL_RX] <= stat[S_LCPL_RX] + 32'd1;
                        mot_pend[lc_e3] <= mot_pend[lc_e3] & ~lc_bit;
                        if (s_lcpl_ok) mot_nok[lc_e3] <= mot_nok[lc_e3] + 8'd1;
                        else begin
                            mot_nfail[lc_e3] <= mot_nfail[lc_e3] + 8'd1;
                            mot_fbmp[lc_e3] <= mot_fbmp[lc_e3] | lc_bit;
                        end
                        if (lc_done) begin
                            cpl_e <= lc_e;
                            ret_state <= ST_IDLE;
                            state <= ST_CPLE;
                        end
                    end else begin
                        stat[S_STALE] <= stat[S_STALE] + 32'd1;
                    end
                end else if (s_fcpl_valid) begin
                    if (fc_hit) begin
                        stat[S_FCPL_RX] <= stat[S_FCPL_RX] + 32'd1;
                        if (fc_proto) stat[S_PROTO] <= stat[S_PROTO] + 32'd1;
                        mot_pch[fc_e3] <= mot_pch[fc_e3] & ~fc_bit;
                        mot_nok[fc_e3] <= mot_nok[fc_e3] + fc_ok;
                        mot_nfail[fc_e3] <= mot_nfail[fc_e3] + fc_fail;
                        if (fc_done) begin
                            cpl_e <= fc_e;
                            ret_state <= ST_IDLE;
                            state <= ST_CPLE;
                        end
                    end else begin
                        stat[S_STALE] <= stat[S_STALE] + 32'd1;
                    end
                end else if (s_tick_valid) begin
                    for (i = 0; i < NG * W; i = i + 1)
                        if (dd_valid[i]) begin
                            if (dd_age[i] != 16'hFFFF) dd_age[i] <= dd_age[i] + 16'd1;
                            if (((dd_age[i] == 16'hFFFF) ? dd_age[i] : dd_age[i] + 16'd1) >= dedup_age_reg)
                                dd_valid[i] <= 1'b0;
                        end
                    cur_e <= 4'd0;
                    state <= ST_TICK;
                end else if (rxf_last_req) begin          // last beat accepted this cycle
                    rx_fab <= 1'b1;
                    rxb <= {1'b0, rxf_idx};
                    stat[S_RX_FAB] <= stat[S_RX_FAB] + 32'd1;
                    state <= ST_CHECK;
                end else if (rxl_last_req && !fab_last_presented) begin   // granted (u_rx_loc)
                    rx_fab <= 1'b0;
                    rxb <= {1'b1, rxl_idx};
                    stat[S_RX_LOC] <= stat[S_RX_LOC] + 32'd1;
                    state <= ST_CHECK;
                end
            end

            // ---------------- checks, duplicate filter, MOT allocation, local copies queued
            ST_CHECK: if (!chk_stall) begin
                state <= ST_IDLE;
                cur_has_e <= 1'b0;
                for (i = 0; i < 8; i = i + 1) begin
                    rec_sw[i] <= c_sw[i];
                    rec_size[i] <= c_size[i];
                    rec_bmp[i] <= c_bmp[i];
                end
                rec_starts <= c_starts;
                cur_grp <= f_grp;
                cur_np <= chk_np;
                it_k <= c_first;
                if (!rx_fab) begin
                    // local multicast request (note §4.6 A)
                    // the completion register is written only with its valid (chk_need_o)
                    if (chk_need_o) begin
                        ocpl_port_reg <= rx_user[2:0];
                        ocpl_tag_reg <= rx_user[11:4];
                        ocpl_status_reg <= 2'd1;        // UR unless replaced below
                        ocpl_nok_reg <= 8'd0;
                        ocpl_nfail_reg <= 8'd0;
                        ocpl_fbmp_reg <= 8'd0;
                    end
                    if (loc_bad) begin
                        if (rx_len > MAXLEN16) stat[S_OVERSIZE] <= stat[S_OVERSIZE] + 32'd1;
                        else if (rx_len < 16'd14 || !hb[0][0]) stat[S_MALF] <= stat[S_MALF] + 32'd1;
                        else if (!grp_ok) stat[S_UNK_GRP] <= stat[S_UNK_GRP] + 32'd1;
                        else if (c_mal) stat[S_MALF] <= stat[S_MALF] + 32'd1;
                        else if (c_unk) stat[S_UNK_SW] <= stat[S_UNK_SW] + 32'd1;
                        else stat[S_LOOP] <= stat[S_LOOP] + 32'd1;
                        if (rx_user[3]) begin
                            ocpl_valid_reg <= 1'b1;
                            stat[S_OCPL] <= stat[S_OCPL] + 32'd1;
                        end
                    end else begin
                        root_seq <= root_seq + 16'd1;
                        cur_seq <= root_seq;
                        cur_root <= my_sw_reg;
                        cur_ioff <= 16'd0;
                        cur_ilen <= rx_len;
                        dd_valid[dd_slot] <= 1'b1;
                        dd_sw[dd_slot] <= my_sw_reg;
                        dd_seq[dd_slot] <= root_seq;
                        dd_age[dd_slot] <= 16'd0;
                        dd_rr[grp6] <= ({30'd0, dd_rr[grp6]} == W - 1) ? 2'd0 : dd_rr[grp6] + 2'd1;
                        if (chk_busy) begin
                            stat[S_MOT_FULL] <= stat[S_MOT_FULL] + 32'd1;
                            stat[S_OCPL] <= stat[S_OCPL] + 32'd1;
                            ocpl_status_reg <= 2'd3;
                            ocpl_nfail_reg <= loc_total;
                            ocpl_valid_reg <= 1'b1;
                        end else begin
                            if (rx_user[3]) begin
                                cur_has_e <= 1'b1;
                                cur_e <= free_e;
                                mot_valid[fe3] <= 1'b1;
                                mot_relay[fe3] <= 1'b0;
                                mot_port[fe3] <= rx_user[2:0];
                                mot_tag[fe3] <= rx_user[11:4];
                                mot_ioff[fe3] <= 16'd0;
                                mot_ilen[fe3] <= rx_len;
                                mot_nfail[fe3] <= 8'd0;
                            end
                            if (c_has_ch) state <= ST_RCH;
                            else if (rx_user[3]) state <= ST_REND;
                        end
                    end
                end else begin
                    // encapsulated frame (note §4.6 B)
                    cur_root <= hb[20];
                    cur_seq <= f_seq;
                    cur_ioff <= f_ioff;
                    cur_ilen <= f_ilen;
                    if (rx_len > BUFB16) stat[S_OVERSIZE] <= stat[S_OVERSIZE] + 32'd1;
                    else if (fab_hdr_bad) stat[S_MALF] <= stat[S_MALF] + 32'd1;
                    else if (!grp_ok) stat[S_UNK_GRP] <= stat[S_UNK_GRP] + 32'd1;
                    else if (fab_len_bad) stat[S_MALF] <= stat[S_MALF] + 32'd1;
                    else if (c_mal) stat[S_MALF] <= stat[S_MALF] + 32'd1;
                    else if (c_unk) stat[S_UNK_SW] <= stat[S_UNK_SW] + 32'd1;
                    else if (c_loop) stat[S_LOOP] <= stat[S_LOOP] + 32'd1;
                    else if (dd_hit) stat[S_DUP] <= stat[S_DUP] + 32'd1;
                    else begin
                        dd_valid[dd_slot] <= 1'b1;
                        dd_sw[dd_slot] <= hb[20];
                        dd_seq[dd_slot] <= f_seq;
                        dd_age[dd_slot] <= 16'd0;
                        dd_rr[grp6] <= ({30'd0, dd_rr[grp6]} == W - 1) ? 2'd0 : dd_rr[grp6] + 2'd1;
                        stat[S_NOTMEM] <= stat[S_NOTMEM] + {27'd0, notmem};
                        if (chk_busy) begin
                            stat[S_MOT_FULL] <= stat[S_MOT_FULL] + 32'd1;
                            stat[S_FCPL] <= stat[S_FCPL] + 32'd1;
                            fcpl_dst_reg <= hb[18];
                            fcpl_mtid_reg <= hb[17];
                            fcpl_status_reg <= 2'd3;
                            fcpl_nok_reg <= 8'd0;
                            fcpl_nfail_reg <= c_decl_all;
                            fcpl_src_reg <= my_sw_reg;
                            fcpl_valid_reg <= 1'b1;
                        end else begin
                            if (f_type[0]) begin
                                cur_has_e <= 1'b1;
                                cur_e <= free_e;
                                mot_valid[fe3] <= 1'b1;
                                mot_relay[fe3] <= 1'b1;
                                mot_psw[fe3] <= hb[18];
                                mot_tag[fe3] <= hb[17];
                                mot_ioff[fe3] <= f_ioff;
                                mot_ilen[fe3] <= f_ilen;
                                mot_nfail[fe3] <= {3'd0, notmem};
                            end
                            if (c_has_ch) state <= ST_RCH;
                            else if (f_type[0]) state <= ST_REND;
                        end
                    end
                end
                // common to both allocations: the local copies are queued now (chk_push)
                if (chk_pass && !chk_busy && chk_np) begin
                    mot_pend[fe3] <= chk_tgt;
                    mot_fbmp[fe3] <= {L{1'b0}};
                    mot_pch[fe3] <= {NCH{1'b0}};
                    mot_nch[fe3] <= 4'd0;
                    mot_nok[fe3] <= 8'd0;
                    mot_tl[fe3] <= 16'd0;
                    mot_tc[fe3] <= 16'd0;
                    mot_buf[fe3] <= rxb;
                    for (i = 0; i < L; i = i + 1) mot_retry[fe3 * L + i] <= 2'd0;
                end
                if (chk_push) stat[S_TX_LOC] <= stat[S_TX_LOC] + {28'd0, pop8({{(8-L){1'b0}}, chk_tgt})};
            end

            // ---------------- one encapsulated copy per child subtree, pre-order (one per cycle)
            ST_RCH: if (!rch_stall) begin
                it_k <= rc_next;
                if (!rc_has_next) state <= cur_has_e ? ST_REND : ST_IDLE;
                if (!rch_route) begin
                    stat[S_NOROUTE] <= stat[S_NOROUTE] + 32'd1;
                    if (cur_has_e) mot_nfail[ce3] <= mot_nfail[ce3] + ch_decl;
                end else begin
                    if (!prim_up) stat[S_REROUTE] <= stat[S_REROUTE] + 32'd1;
                    stat[S_TX_FAB] <= stat[S_TX_FAB] + 32'd1;
                    if (cur_has_e) begin
                        mot_chsw[ce3 * NCH + {28'd0, mot_nch[ce3]}] <= rec_sw[k3];
                        mot_chdecl[ce3 * NCH + {28'd0, mot_nch[ce3]}] <= ch_decl;
                        mot_pch[ce3] <= mot_pch[ce3] | ({{(NCH-1){1'b0}}, 1'b1} << mot_nch[ce3]);
                        mot_nch[ce3] <= mot_nch[ce3] + 4'd1;
                    end
                end
            end

            // ---------------- a non-posted multicast with nothing outstanding completes at once
            ST_REND: begin
                if (cur_has_e && mot_pend[ce3] == {L{1'b0}} && mot_pch[ce3] == {NCH{1'b0}}) begin
                    cpl_e <= cur_e;
                    ret_state <= ST_IDLE;
                    state <= ST_CPLE;
                end else begin
                    state <= ST_IDLE;
                end
            end

            // ---------------- completion of MOT entry cpl_e (note §4.6 F): exactly once, then free
            ST_CPLE: begin
                if (mot_relay[cpe3] ? !f_busy : !o_busy) begin
                    if (mot_relay[cpe3]) begin
                        fcpl_valid_reg <= 1'b1;
                        fcpl_src_reg <= my_sw_reg;
                        fcpl_dst_reg <= mot_psw[cpe3];
                        fcpl_mtid_reg <= mot_tag[cpe3];
                        fcpl_status_reg <= (mot_nfail[cpe3] != 8'd0) ? 2'd2 : 2'd0;
                        fcpl_nok_reg <= mot_nok[cpe3];
                        fcpl_nfail_reg <= mot_nfail[cpe3];
                        stat[S_FCPL] <= stat[S_FCPL] + 32'd1;
                    end else begin
                        ocpl_valid_reg <= 1'b1;
                        ocpl_port_reg <= mot_port[cpe3];
                        ocpl_tag_reg <= mot_tag[cpe3];
                        ocpl_status_reg <= (mot_nfail[cpe3] != 8'd0) ? 2'd2 : 2'd0;
                        ocpl_nok_reg <= mot_nok[cpe3];
                        ocpl_nfail_reg <= mot_nfail[cpe3];
                        ocpl_fbmp_reg <= {{(8-L){1'b0}}, mot_fbmp[cpe3]};
                        stat[S_OCPL] <= stat[S_OCPL] + 32'd1;
                    end
                    mot_valid[cpe3] <= 1'b0;
                    mot_gen[cpe3] <= mot_gen[cpe3] + 4'd1;
                    state <= ret_state;
                end
            end

            // ---------------- timer tick: one MOT entry per cycle: resends, timeouts (note §4.6 E)
            ST_TICK: begin
                if (cur_e >= M_I[3:0]) begin
                    state <= ST_IDLE;
                end else if (!mot_valid[ce3]) begin
                    cur_e <= cur_e + 4'd1;
                end else if (!tk_stall) begin
                    cur_e <= cur_e + 4'd1;
                    mot_tc[ce3] <= tk_tc;
                    mot_tl[ce3] <= tk_round ? 16'd0 : tk_tl;
                    for (i = 0; i < L; i = i + 1)
                        if (tk_rs[i]) mot_retry[ce3 * L + i] <= mot_retry[ce3 * L + i] + 2'd1;
                    stat[S_RETRY] <= stat[S_RETRY] + {28'd0, pop8({{(8-L){1'b0}}, tk_rs})};
                    stat[S_TX_LOC] <= stat[S_TX_LOC] + {28'd0, pop8({{(8-L){1'b0}}, tk_rs})};
                    stat[S_TIMEOUT] <= stat[S_TIMEOUT] + {28'd0, pop8({{(8-L){1'b0}}, tk_to})};
                    mot_pend[ce3] <= tk_pend;
                    mot_fbmp[ce3] <= mot_fbmp[ce3] | tk_to;
                    mot_nfail[ce3] <= mot_nfail[ce3] + {4'd0, pop8({{(8-L){1'b0}}, tk_to})} + (tk_chto ? tc_sum : 8'd0);
                    if (tk_chto) begin
                        stat[S_CH_TO] <= stat[S_CH_TO] + {28'd0, pop8({{(8-NCH){1'b0}}, mot_pch[ce3]})};
                        mot_pch[ce3] <= {NCH{1'b0}};
                    end
                    if (tk_done) begin
                        cpl_e <= cur_e;
                        ret_state <= ST_TICK;
                        state <= ST_CPLE;
                    end
                end
            end

            default: state <= ST_IDLE;
            endcase
        end
    end

`ifdef FORMAL
    // ------------------------------------------------------------------ formal properties
    // (formal/mcast/mcast_pe.sby, k-induction at small parameters; docs/mcast.md §9)
    // Ghost f_decl[e]: the endpoints a non-posted multicast declared when entry e was allocated
    // (root: local targets + every node of the switch list; relay: every node of its records).
    // Property groups (formal/mcast/mcast_pe.sby proves each in its own task): MCAST_F_ACCT
    // (F1, F2 and their helper invariants), MCAST_F_STALE (F3), MCAST_F_SPLIT (F4),
    // MCAST_F_LIVE (F5); none defined = all of them.
`ifndef MCAST_F_ACCT
`ifndef MCAST_F_STALE
`ifndef MCAST_F_SPLIT
`ifndef MCAST_F_LIVE
`define MCAST_F_ACCT
`define MCAST_F_STALE
`define MCAST_F_SPLIT
`define MCAST_F_LIVE
`define MCAST_F_LIVE_ALL
`endif
`endif
`endif
`endif
    reg        f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @* if (!f_past_valid) assume(rst);
`ifdef MCAST_F_ACCT
`define MCAST_F_FSM
`endif
`ifdef MCAST_F_LIVE
`define MCAST_F_FSM
`endif
`ifdef MCAST_F_FSM
    // FSM invariants used by F1/F2 and F5: legal states, the entry being replicated or
    // completed is a valid one
    always @(posedge clk) if (f_past_valid && !rst) begin
        assert(state <= ST_TICK);
        if ((state == ST_RCH || state == ST_REND) && cur_has_e) assert(cur_e < M && mot_valid[ce3]);
        if (state == ST_CPLE) begin
            assert(cpl_e < M && mot_valid[cpe3]);
            assert(ret_state == ST_IDLE || ret_state == ST_TICK);
            if (ret_state == ST_TICK) assert(cur_e <= M);
        end
        if (state == ST_TICK) assert(cur_e <= M);
    end
`endif
`ifdef MCAST_F_ACCT
    integer fi, fk, fr, fd, fa, fb;
    reg  [7:0] f_decl [0:M-1];
    // ghost f_done[e]: entry e has already produced its completion since it was allocated
    reg  [M-1:0] f_done;
    wire f_alloc = state == ST_CHECK && !chk_stall && chk_pass && chk_np && !chk_busy;
    wire f_cple = state == ST_CPLE && (mot_relay[cpe3] ? !f_busy : !o_busy);   // completion built
    always @(posedge clk) begin
        for (fd = 0; fd < M; fd = fd + 1) begin
            if (!rst && f_alloc && fe3 == fd[EIW-1:0]) begin
                f_decl[fd] <= rx_fab ? c_decl_all : loc_total;
                f_done[fd] <= 1'b0;
            end
            if (!rst && f_cple && cpe3 == fd[EIW-1:0]) f_done[fd] <= 1'b1;
        end
    end

    // replication phase of the current entry: the local copies are queued in ST_CHECK (pending
    // from then on); f_rem = nodes of the child subtrees not yet sent (starts >= it_k)
    wire f_rch = (state == ST_RCH);
    reg  [7:0] f_rem, f_dk, f_acc [0:M-1];
    always @* begin
        f_rem = 8'd0;
        f_dk = 8'd0;
        fi = 0;
        fk = 0;
        fr = 0;
        if (f_rch) begin
            for (fk = 1; fk < NR; fk = fk + 1)
                if (fk >= it_k && rec_starts[fk]) begin
                    f_dk = 8'd0;
                    for (fr = 1; fr < NR; fr = fr + 1)
                        if (fr >= fk && fr < fk + rec_size[fk]) f_dk = f_dk + {3'd0, pop16(rec_bmp[fr])};
                    f_rem = f_rem + f_dk;
                end
        end
        for (fi = 0; fi < M; fi = fi + 1) begin
            f_acc[fi] = mot_nok[fi] + mot_nfail[fi] + {4'd0, pop8({{(8-L){1'b0}}, mot_pend[fi]})};
            for (fk = 0; fk < NCH; fk = fk + 1)
                if (mot_pch[fi][fk]) f_acc[fi] = f_acc[fi] + mot_chdecl[fi * NCH + fk];
        end
    end

    always @(posedge clk) if (f_past_valid && !rst) begin
        for (fa = 0; fa < M; fa = fa + 1) begin
            // F1 accounting: answered + failed + outstanding (+ not yet sent) == declared; the
            // outstanding count therefore never underflows or exceeds the declaration
            if (mot_valid[fa]) begin
                if (cur_has_e && cur_e == fa[3:0] && f_rch)
                    assert(f_acc[fa] + f_rem == f_decl[fa]);
                else
                    assert(f_acc[fa] == f_decl[fa]);
                assert(mot_nch[fa] <= NCH);
                for (fb = 0; fb < NCH; fb = fb + 1)
                    if (fb >= mot_nch[fa]) assert(!mot_pch[fa][fb]);
            end else begin
                assert(mot_pend[fa] == {L{1'b0}} && mot_pch[fa] == {NCH{1'b0}});
            end
        end
        // helper invariants of the replication phase
        if (f_rch) assert(it_k >= 1 && it_k < NR && rec_starts[k3]);
        if (f_rch && cur_has_e) assert({1'b0, mot_nch[ce3]} + {1'b0, pop8({{(8-NR){1'b0}}, rec_starts & ~((8'd1 << it_k) - 8'd1)})} <= NCH);
        if (f_rch) assert((rec_starts & 8'd1) == 8'd0 && (rec_starts >> NR) == 8'd0);
        // F2 exactly one completion per non-posted multicast: a completion is built only for a
        // valid entry with nothing outstanding and n_ok + n_fail == declared; the entry is freed
        // (and its generation advanced) in the same step, so it cannot complete twice
        if (state == ST_CPLE) begin
            assert(mot_pend[cpe3] == {L{1'b0}} && mot_pch[cpe3] == {NCH{1'b0}});
            assert(mot_nok[cpe3] + mot_nfail[cpe3] == f_decl[cpe3]);
            assert(!f_done[cpe3]);      // at most one completion per allocation
        end
        for (fa = 0; fa < M; fa = fa + 1) if (mot_valid[fa]) assert(!f_done[fa]);
        // the completed entry is free the step after its completion was built
        if (!$past(rst) && $past(f_cple)) assert(!mot_valid[$past(cpe3)]);
    end
`endif  // MCAST_F_ACCT
`ifdef MCAST_F_STALE
    integer fs, fs2;
    // F3 stale or duplicate completions are ignored: no MOT state changes. Fresh, written here
    // from the spec and not from the RTL's decode: a node completion names a valid entry of the
    // same generation whose copy to that port is still outstanding; a child completion names a
    // valid entry of the same generation with a pending child of that switch.
    wire [EIW-1:0] f_le = s_lcpl_mtid[EIW-1:0];
    wire [EIW-1:0] f_fe = s_fcpl_mtid[EIW-1:0];
    reg f_lfresh, f_ffresh;
    always @* begin
        f_lfresh = s_lcpl_mtid[3:0] < M_I[3:0] && {1'b0, s_lcpl_port} < L_I[3:0] && mot_valid[f_le] &&
                   mot_gen[f_le] == s_lcpl_mtid[7:4] && ((mot_pend[f_le] >> s_lcpl_port) & {{(L-1){1'b0}}, 1'b1}) != {L{1'b0}};
        f_ffresh = 1'b0;
        for (fs = 0; fs < NCH; fs = fs + 1)
            if (mot_pch[f_fe][fs] && mot_chsw[f_fe * NCH + fs] == s_fcpl_src_sw) f_ffresh = 1'b1;
        f_ffresh = f_ffresh && s_fcpl_mtid[3:0] < M_I[3:0] && mot_valid[f_fe] && mot_gen[f_fe] == s_fcpl_mtid[7:4];
    end
    always @(posedge clk)
        if (f_past_valid && !rst && !$past(rst) && $past(state) == ST_IDLE) begin
            if (($past(s_lcpl_valid) && !$past(f_lfresh)) || (!$past(s_lcpl_valid) && $past(s_fcpl_valid) && !$past(f_ffresh)))
                for (fs2 = 0; fs2 < M; fs2 = fs2 + 1) begin
                    assert(mot_valid[fs2] == $past(mot_valid[fs2]));
                    assert(mot_pend[fs2] == $past(mot_pend[fs2]) && mot_pch[fs2] == $past(mot_pch[fs2]));
                    assert(mot_nok[fs2] == $past(mot_nok[fs2]) && mot_nfail[fs2] == $past(mot_nfail[fs2]));
                end
        end
`endif  // MCAST_F_STALE
`ifdef MCAST_F_SPLIT
    integer fk4, fr4;
    // F4 the split of a switch list loses and duplicates no record: every record 1..NREC-1 lies
    // in exactly one child subtree, and the children's node counts add up to the list's
    reg [3:0] f_cov;
    reg [7:0] f_sum;
    always @* begin
        f_sum = 8'd0;
        f_cov = 4'd0;
        fk4 = 0;
        fr4 = 0;
        if (!c_mal) begin
            for (fk4 = 1; fk4 < NR; fk4 = fk4 + 1)
                if (c_starts[fk4]) for (fr4 = 1; fr4 < NR; fr4 = fr4 + 1)
                    if (fr4 >= fk4 && fr4 < fk4 + c_size[fk4]) f_sum = f_sum + {3'd0, pop16(c_bmp[fr4])};
            for (fr4 = 1; fr4 < NR; fr4 = fr4 + 1) begin
                f_cov = 4'd0;
                for (fk4 = 1; fk4 < NR; fk4 = fk4 + 1)
                    if (c_starts[fk4] && fr4 >= fk4 && fr4 < fk4 + c_size[fk4]) f_cov = f_cov + 4'd1;
                if (fr4 < c_nrec) assert(f_cov == 4'd1);
                else assert(f_cov == 4'd0);
            end
            assert(f_sum == c_decl_ch);
        end
    end
`endif  // MCAST_F_SPLIT
`ifdef MCAST_F_LIVE
    // F5 bounded completion (the "at least one" half of exactly one completion), in two parts:
    // F5a (prompt): a valid MOT entry with nothing outstanding exists only while the FSM is
    //   replicating it (ST_RCH, ST_REND) or building its completion (ST_CPLE): it never sits in
    //   IDLE or waits for a tick.
    // F5b (timers): a pending node has had exactly `retry` resend rounds, one every
    //   max(T_LOCAL, 1) ticks since the allocation (mot_tc counts them), retry <= MAX_RETRY; a
    //   pending child has seen fewer than max(T_CHILD, 1) ticks. With F5a: a valid entry seen
    //   in IDLE has seen fewer than max((MAX_RETRY + 1) * max(T_LOCAL, 1), max(T_CHILD, 1))
    //   ticks, so its one completion is built on or before that tick (then it waits only for
    //   the m_ocpl / m_fcpl handshake).
    // Task live_prompt defines MCAST_F_PROMPT and proves F5a alone; task live proves F5b and the
    // bound with F5a assumed (assume-guarantee: F5a's proof does not use F5b); with neither
    // (the cover task) both are asserted. Environment rule of docs/mcast.md §4: the timer CSRs
    // are not written while a multicast is in flight. Proof reduction: T_LOCAL <= 255 (the
    // reset value is 4); with T_LOCAL free up to 0x3FFF (no tick-counter saturation) the
    // induction of mot_tc == retry * T + tl did not finish in 400 s.
    integer fl, fp;
    wire [15:0] f_tl = (t_local_reg == 16'd0) ? 16'd1 : t_local_reg;
    wire [15:0] f_tch = (t_child_reg == 16'd0) ? 16'd1 : t_child_reg;
    // T * r for a 3-bit r as shifts and adds
    function [17:0] f_tmul(input [15:0] t, input [2:0] r);
        begin
            f_tmul = (r[0] ? {2'd0, t} : 18'd0) + (r[1] ? {1'b0, t, 1'b0} : 18'd0) + (r[2] ? {t, 2'b00} : 18'd0);
        end
    endfunction
    wire [17:0] f_tnode = f_tmul(f_tl, {1'b0, max_retry_reg} + 3'd1);
    wire [17:0] f_bound = (f_tnode > {2'd0, f_tch}) ? f_tnode : {2'd0, f_tch};
    always @* begin
        if (reg_wr_en && (reg_wr_addr == MC_T_LOCAL_ADDR || reg_wr_addr == MC_T_CHILD_ADDR || reg_wr_addr == MC_MAX_RETRY_ADDR))
            assume(mot_valid == {M{1'b0}});
        assume(t_local_reg <= 16'h00FF);                          // proof reduction
    end
    reg f_prompt_ok;
    always @* begin
        f_prompt_ok = 1'b1;
        for (fl = 0; fl < M; fl = fl + 1)
            if (mot_valid[fl] && mot_pend[fl] == {L{1'b0}} && mot_pch[fl] == {NCH{1'b0}} &&
                !(((state == ST_RCH || state == ST_REND) && cur_has_e && ce3 == fl[EIW-1:0]) ||
                  (state == ST_CPLE && cpe3 == fl[EIW-1:0])))
                f_prompt_ok = 1'b0;
    end
    always @(posedge clk) if (f_past_valid && !rst) begin
`ifdef MCAST_F_PROMPT
        assert(f_prompt_ok);                                             // F5a
`else
`ifdef MCAST_F_LIVE_ALL
        assert(f_prompt_ok);
`else
        assume(f_prompt_ok);
`endif
        for (fl = 0; fl < M; fl = fl + 1) if (mot_valid[fl]) begin
            if (mot_pend[fl] != {L{1'b0}}) assert(mot_tl[fl] < f_tl);    // F5b
            for (fp = 0; fp < L; fp = fp + 1)
                if (mot_pend[fl][fp]) begin
                    assert(mot_retry[fl * L + fp] <= max_retry_reg);
                    assert({2'd0, mot_tc[fl]} == f_tmul(f_tl, {1'b0, mot_retry[fl * L + fp]}) + {2'd0, mot_tl[fl]});
                end
            if (mot_pch[fl] != {NCH{1'b0}}) assert(mot_tc[fl] < f_tch);
            if (state == ST_IDLE) assert({2'd0, mot_tc[fl]} < f_bound);  // F5
        end
        // helper: replication happens before the entry's first tick
        if ((state == ST_RCH || state == ST_REND) && cur_has_e) assert(mot_tc[ce3] == 16'd0 && mot_tl[ce3] == 16'd0);
`endif
    end
`endif  // MCAST_F_LIVE
    // cover: a completion with no failure, one after a timeout, a stale completion dropped
    always @(posedge clk) if (f_past_valid && !rst) begin
        cover(state == ST_CPLE && mot_nfail[cpe3] == 8'd0 && mot_nok[cpe3] != 8'd0);
        cover(state == ST_CPLE && stat[S_TIMEOUT] != 32'd0 && mot_relay[cpe3]);
        cover(stat[S_STALE] != 32'd0 && mot_valid != {M{1'b0}});
        cover(m_axis_fab_tvalid && !m_axis_fab_tlast && cur_has_e);
    end
`endif
endmodule
`resetall
