`resetall
`default_nettype none
// session_sel: SRDMA multipath session selector (seed 000, EP 4 459 958 A1; docs/session_sel.md).
//
// Tables: QP -> session group (several QPs per group, claim 14); group -> MAX_SESSIONS session
// slots, each a UDP 5-tuple (group src/dst IP + per-session UDP source/destination port,
// [0008], [0015], [0025]) with a state (INVALID/ACTIVE/DRAINING/EXPIRED), a congestion level
// and a selection weight. Per descriptor (one decision per clock, 1-cycle latency):
//   * QP must be valid (else status 3, QP_INVALID) and the descriptor's destination QP must
//     equal the group's common destination QP (claim 11; else status 1, DQPN);
//   * a session is chosen by the weighted hash of doc section 3 (claims 3, 12), or the
//     "lowest weight wins" mode ([0044]); granularity per QP: packet / message / sticky;
//     no eligible session -> status 2 (NO_SESSION), never a selection;
//   * the output carries the session's UDP ports, the group's IPs and the IP ToS (DSCP of the
//     adaptive-routing class when the QP is in it, [0028]-[0029], claims 4-6; ECN bits from CSR).
// Feedback (ACK / CNP / RTT / ECN-marked ACK naming {group, session}) drives the congestion
// engine; a tick engine (period TICK+1 cycles) updates alpha (DCQCN-style), raises ADD/REMOVE
// events (claims 7, 9, 10, 13) with persistence and hold-down, runs the drain and key-expiry
// timers ([0036], [0040]). The receive lookup maps a 5-tuple to {group, session, QPN} or drops.
// All updates of one cycle compose in the order of doc section 7: decision, rx lookup, feedback,
// CSR write, tick (the C model cmodel/session_sel.c applies them in the same order).
//
// Parameters: MAX_SESSIONS (2..16), NUM_GROUPS (2..16), NUM_QPS (2..64), all powers of two.
// Ports (widths): s_desc {qp[QW], dest_qpn[24], key[32], first, len[16]};
//   m_desc {qp, group[GW], sess[SW], status[2], sport[16], dport[16], src_ip[32], dst_ip[32],
//   tos[8], dest_qpn[24], key[32], first, len[16]}; s_fb {type[2], group, sess, value[16]}
//   (always ready); s_rx {src_ip, dst_ip, sport, dport}; m_rx {hit, group, sess, qpn[24]};
//   AXI4-Lite CSRs (16-bit byte address, doc section 8). irq = OR of the groups' event bits.
module session_sel #(
    parameter MAX_SESSIONS = 8,
    parameter NUM_GROUPS   = 4,
    parameter NUM_QPS      = 16
) (
    input  wire                          clk,
    input  wire                          rst,
    // descriptor in
    input  wire                          s_desc_valid,
    output wire                          s_desc_ready,
    input  wire [$clog2(NUM_QPS)-1:0]    s_desc_qp,
    input  wire [23:0]                   s_desc_dest_qpn,
    input  wire [31:0]                   s_desc_key,
    input  wire                          s_desc_first,
    input  wire [15:0]                   s_desc_len,
    // descriptor out
    output wire                          m_desc_valid,
    input  wire                          m_desc_ready,
    output wire [$clog2(NUM_QPS)-1:0]    m_desc_qp,
    output wire [$clog2(NUM_GROUPS)-1:0] m_desc_group,
    output wire [$clog2(MAX_SESSIONS)-1:0] m_desc_sess,
    output wire [1:0]                    m_desc_status,
    output wire [15:0]                   m_desc_sport,
    output wire [15:0]                   m_desc_dport,
    output wire [31:0]                   m_desc_src_ip,
    output wire [31:0]                   m_desc_dst_ip,
    output wire [7:0]                    m_desc_tos,
    output wire [23:0]                   m_desc_dest_qpn,
    output wire [31:0]                   m_desc_key,
    output wire                          m_desc_first,
    output wire [15:0]                   m_desc_len,
    // feedback in
    input  wire                          s_fb_valid,
    output wire                          s_fb_ready,
    input  wire [1:0]                    s_fb_type,
    input  wire [$clog2(NUM_GROUPS)-1:0] s_fb_group,
    input  wire [$clog2(MAX_SESSIONS)-1:0] s_fb_sess,
    input  wire [15:0]                   s_fb_value,
    // receive lookup
    input  wire                          s_rx_valid,
    output wire                          s_rx_ready,
    input  wire [31:0]                   s_rx_src_ip,
    input  wire [31:0]                   s_rx_dst_ip,
    input  wire [15:0]                   s_rx_sport,
    input  wire [15:0]                   s_rx_dport,
    output wire                          m_rx_valid,
    input  wire                          m_rx_ready,
    output wire                          m_rx_hit,
    output wire [$clog2(NUM_GROUPS)-1:0] m_rx_group,
    output wire [$clog2(MAX_SESSIONS)-1:0] m_rx_sess,
    output wire [23:0]                   m_rx_qpn,
    output wire                          irq,
    // AXI4-Lite CSRs
    input  wire [15:0]                   s_axil_awaddr,
    input  wire                          s_axil_awvalid,
    output wire                          s_axil_awready,
    input  wire [31:0]                   s_axil_wdata,
    input  wire [3:0]                    s_axil_wstrb,
    input  wire                          s_axil_wvalid,
    output wire                          s_axil_wready,
    output wire [1:0]                    s_axil_bresp,
    output wire                          s_axil_bvalid,
    input  wire                          s_axil_bready,
    input  wire [15:0]                   s_axil_araddr,
    input  wire                          s_axil_arvalid,
    output wire                          s_axil_arready,
    output wire [31:0]                   s_axil_rdata,
    output wire [1:0]                    s_axil_rresp,
    output wire                          s_axil_rvalid,
    input  wire                          s_axil_rready
);
    localparam NS = MAX_SESSIONS;
    localparam NG = NUM_GROUPS;
    localparam NQ = NUM_QPS;
    localparam SW = $clog2(NS);
    localparam GW = $clog2(NG);
    localparam QW = $clog2(NQ);
    localparam NT = NS * NG;
    localparam TW = SW + GW;
    // CSR addresses, field positions and reset values: generated from rdl/session_sel.rdl
    // (scripts/regs.sh, docs/regs.md); prefix SS_
`include "session_sel_regs.vh"
    localparam NCTR = SS_CTR_COUNT;
    // counters (doc section 8)
    localparam C_DEC = 0, C_DQPN = 1, C_NOSESS = 2, C_QPINV = 3, C_FBUNK = 4, C_RXHIT = 5,
               C_RXDROP = 6, C_ADD = 7, C_REM = 8, C_KEYEXP = 9, C_DRDONE = 10, C_DRTO = 11,
               C_ACKUF = 12, C_REMAP = 13, C_CNP = 14, C_RTT = 15, C_ACK = 16, C_CSRERR = 17;
    localparam [1:0] ST_INVALID = 2'd0, ST_ACTIVE = 2'd1, ST_DRAINING = 2'd2, ST_EXPIRED = 2'd3;
    localparam [31:0] NT32 = NT, NG32 = NG, NQ32 = NQ, NS32 = NS;

    // ------------------------------------------------------------------ parameter checks
`ifndef SYNTHESIS
    initial begin
        if (NS < 2 || NS > 16 || (NS & (NS - 1)) != 0) $fatal(1, "session_sel: MAX_SESSIONS must be a power of two in 2..16");
        if (NG < 2 || NG > 16 || (NG & (NG - 1)) != 0) $fatal(1, "session_sel: NUM_GROUPS must be a power of two in 2..16");
        if (NQ < 2 || NQ > 64 || (NQ & (NQ - 1)) != 0) $fatal(1, "session_sel: NUM_QPS must be a power of two in 2..64");
    end
`endif

    // 16-bit bijective mixer (doc section 3.2); pure function of its argument
    function [15:0] mix16(input [15:0] x);
        reg [15:0] y;
        begin
            y = x ^ (x >> 8);
            y = y * 16'ha3b5;
            y = y ^ (y >> 7);
            y = y * 16'h6c4d;
            y = y ^ (y >> 9);
            mix16 = y;
        end
    endfunction

    // ------------------------------------------------------------------ CSR bus
    wire        reg_wr_en;
    wire [15:0] reg_wr_addr;
    wire [31:0] reg_wr_data;
    wire [3:0]  reg_wr_strb;
    reg         reg_wr_err;
    wire [15:0] reg_rd_addr;
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

    // ------------------------------------------------------------------ state
    // global configuration
    reg [15:0] tick_p_reg, rtt_min_reg, rtt_k_reg, drain_to_reg, hold_reg;
    reg [3:0]  g_reg, rtt_s_reg, k_add_reg, k_rem_reg, n_min_reg;
    reg [7:0]  wmin_reg, h_reg;
    reg [5:0]  ar_dscp_reg, def_dscp_reg;
    reg [1:0]  ecn_reg;
    reg [9:0]  t_hi_reg, t_lo_reg;
    reg [15:0] tick_cnt_reg;
    reg [NCTR*32-1:0] ctr_reg;
    // QP table: ctrl = {ar[16], mode[12], gran[9:8], group[4+:GW], valid[0]}
    reg [NQ*17-1:0] qctrl_reg;
    reg [NQ-1:0]    qmsg_v_reg;
    reg [NQ*SW-1:0] qmsg_s_reg;
    // group table
    reg [NG*32-1:0] gsrc_reg, gdst_reg;
    reg [NG*24-1:0] gdqpn_reg, grxqpn_reg;
    reg [NG-1:0]    gsw_reg, gadd_reg, grem_reg, gkexp_reg;
    reg [NG*16-1:0] gcost_reg, gtcost_reg, gseed_reg, ghold_reg;
    reg [NG*SW-1:0] gvict_reg, gexps_reg;
    reg [NG*8-1:0]  gapc_reg, grpc_reg;
    // session table
    reg [NT*16-1:0] sport_reg, dport_reg, keyt_reg, outst_reg, drain_reg;
    reg [NT*2-1:0]  state_reg;
    reg [NT*8-1:0]  wsw_reg;
    reg [NT*10-1:0] alpha_reg, crtt_reg;
    reg [NT-1:0]    mark_reg;
    reg [NT*32-1:0] pkts_reg;
    // output registers
    reg                 od_valid_reg;
    reg [QW-1:0]        od_qp_reg;
    reg [GW-1:0]        od_group_reg;
    reg [SW-1:0]        od_sess_reg;
    reg [1:0]           od_status_reg;
    reg [15:0]          od_sport_reg, od_dport_reg, od_len_reg;
    reg [31:0]          od_sip_reg, od_dip_reg, od_key_reg;
    reg [7:0]           od_tos_reg;
    reg [23:0]          od_dqpn_reg;
    reg                 od_first_reg;
    reg                 or_valid_reg, or_hit_reg;
    reg [GW-1:0]        or_group_reg;
    reg [SW-1:0]        or_sess_reg;
    reg [23:0]          or_qpn_reg;

    wire desc_fire = s_desc_valid && s_desc_ready;
    wire rx_fire   = s_rx_valid && s_rx_ready;
    wire fb_fire   = s_fb_valid;   // s_fb_ready is constant 1
    assign s_desc_ready = !od_valid_reg || m_desc_ready;
    assign s_rx_ready   = !or_valid_reg || m_rx_ready;
    assign s_fb_ready   = 1'b1;

    // ------------------------------------------------------------------ selection weights
    // w = ACTIVE ? (group sw ? wsw : max(W_MIN_eff, 255 - (max(alpha, c_rtt) >> 2))) : 0
    reg [NT*8-1:0] w_all;
    integer wi;
    reg [9:0] wc;              // c >> 2: bits [1:0] unused
    reg [7:0] wraw, wmin_eff;
    always @* begin
        wmin_eff = (wmin_reg == 8'd0) ? 8'd1 : wmin_reg;
        for (wi = 0; wi < NT; wi = wi + 1) begin
            wc = (alpha_reg[wi*10 +: 10] > crtt_reg[wi*10 +: 10]) ? alpha_reg[wi*10 +: 10] : crtt_reg[wi*10 +: 10];
            wraw = 8'd255 - wc[9:2];
            if (state_reg[wi*2 +: 2] != ST_ACTIVE) w_all[wi*8 +: 8] = 8'd0;
            else if (gsw_reg[wi / NS]) w_all[wi*8 +: 8] = wsw_reg[wi*8 +: 8];
            else w_all[wi*8 +: 8] = (wraw > wmin_eff) ? wraw : wmin_eff;
        end
    end

    // ------------------------------------------------------------------ decision (section 3)
    reg [16:0]  d_ctrl;       // reserved bits unused
    reg [GW-1:0] d_group;
    reg [1:0]   d_gran;
    reg         d_mode, d_ar, d_use_stored, d_remap, d_found, d_ok;
    reg [31:0]  d_hkey;
    reg [15:0]  d_k16, d_u;
    reg [11:0]  d_tot, d_pre, d_t;
    reg [27:0]  d_prod;       // low 16 bits dropped: t = (u * tot) >> 16
    reg [7:0]   d_bw, d_wi;
    reg [SW-1:0] d_sel, d_msel;
    reg [1:0]   d_status;
    reg [TW-1:0] d_tsel;
    integer di, d_base;
`ifdef FORMAL_FREE_HASH
    (* anyseq *) wire [15:0] f_free_u;   // formal over-approximation of the mixer output
`endif
    always @* begin
        d_ctrl  = qctrl_reg[s_desc_qp*17 +: 17];
        d_group = d_ctrl[SS_QP_CTRL_GROUP_LSB +: GW];
        d_gran  = d_ctrl[SS_QP_CTRL_GRAN_LSB +: SS_QP_CTRL_GRAN_WIDTH];
        d_mode  = d_ctrl[SS_QP_CTRL_MODE_LSB];
        d_ar    = d_ctrl[SS_QP_CTRL_AR_LSB];
        d_base  = d_group * NS;
        d_msel  = qmsg_s_reg[s_desc_qp*SW +: SW];
        d_use_stored = d_gran == 2'd1 && !s_desc_first && qmsg_v_reg[s_desc_qp] &&
                       w_all[(d_base + {{(32-SW){1'b0}}, d_msel})*8 +: 8] != 8'd0;
        d_remap = d_gran == 2'd1 && !s_desc_first && qmsg_v_reg[s_desc_qp] && !d_use_stored;
        d_hkey  = (d_gran == 2'd2) ? ({8'd0, s_desc_dest_qpn} ^ {{(32-QW){1'b0}}, s_desc_qp}) : s_desc_key;
        d_k16   = d_hkey[15:0] ^ d_hkey[31:16] ^ gseed_reg[d_group*16 +: 16];
`ifdef FORMAL_FREE_HASH
        d_u     = f_free_u;
`else
        d_u     = mix16(d_k16);
`endif
        d_tot   = 12'd0;
        for (di = 0; di < NS; di = di + 1) d_tot = d_tot + {4'd0, w_all[(d_base + di)*8 +: 8]};
        d_prod  = {12'd0, d_u} * {16'd0, d_tot};
        d_t     = d_prod[27:16];
        d_found = 1'b0;
        d_sel   = {SW{1'b0}};
        d_pre   = 12'd0;
        d_bw    = 8'd0;
        for (di = 0; di < NS; di = di + 1) begin
            d_wi  = w_all[(d_base + di)*8 +: 8];
            if (d_mode) begin
                if (d_wi > d_bw) begin
                    d_bw = d_wi;
                    d_sel = di[SW-1:0];
                    d_found = 1'b1;
                end
            end else begin
                d_pre = d_pre + {4'd0, d_wi};
                if (!d_found && d_t < d_pre) begin
                    d_sel = di[SW-1:0];
                    d_found = 1'b1;
                end
            end
        end
        if (d_use_stored) begin
            d_sel = d_msel;
            d_found = 1'b1;
        end
        if (!d_ctrl[SS_QP_CTRL_VALID_LSB]) d_status = 2'd3;
        else if (s_desc_dest_qpn != gdqpn_reg[d_group*24 +: 24]) d_status = 2'd1;
        else if (!d_found) d_status = 2'd2;
        else d_status = 2'd0;
        d_ok   = d_status == 2'd0;
        d_tsel = {d_group, d_sel};
    end

    // ------------------------------------------------------------------ receive lookup (section 6)
    reg          x_hit;
    reg [TW-1:0] x_t;
    integer xi;
    always @* begin
        x_hit = 1'b0;
        x_t   = {TW{1'b0}};
        for (xi = NT - 1; xi >= 0; xi = xi - 1) begin
            if ((state_reg[xi*2 +: 2] == ST_ACTIVE || state_reg[xi*2 +: 2] == ST_DRAINING) &&
                gdst_reg[(xi / NS)*32 +: 32] == s_rx_src_ip && gsrc_reg[(xi / NS)*32 +: 32] == s_rx_dst_ip &&
                dport_reg[xi*16 +: 16] == s_rx_sport && sport_reg[xi*16 +: 16] == s_rx_dport) begin
                x_hit = 1'b1;
                x_t   = xi[TW-1:0];
            end
        end
    end

    // ------------------------------------------------------------------ CSR decode (section 8)
    localparam A_NONE = 0, A_ID = 1, A_PARAMS = 2, A_GLOB = 3, A_CTR = 4, A_QP = 5, A_GRP = 6, A_SESS = 7;
    function [2:0] dec_class(input [15:0] a);
        begin
            if (a[1:0] != 2'd0) dec_class = A_NONE;
            else if (a == SS_ID_ADDR) dec_class = A_ID;
            else if (a == SS_PARAMS_ADDR) dec_class = A_PARAMS;
            else if (a >= SS_TICK_ADDR && a <= SS_EVCFG_ADDR) dec_class = A_GLOB;   // TICK .. EVCFG
            else if (a >= SS_CTR_ADDR && {16'd0, a} < {16'd0, SS_CTR_ADDR} + SS_CTR_STRIDE * NCTR) dec_class = A_CTR;
            else if (a >= SS_QP_CTRL_ADDR && {16'd0, a} < {16'd0, SS_QP_CTRL_ADDR} + SS_QP_CTRL_STRIDE * NQ32)
                dec_class = A_QP;
            else if (a >= SS_GRP_ADDR && {16'd0, a} < {16'd0, SS_GRP_ADDR} + SS_GRP_STRIDE * NG32 &&
                     a[5:0] <= SS_GRP_STAT_OFFS) dec_class = A_GRP;                     // last: STAT
            else if (a >= SS_SESS_ADDR && {16'd0, a} < {16'd0, SS_SESS_ADDR} + SS_SESS_STRIDE * NT32 &&
                     a[5:0] <= SS_SESS_DRAIN_OFFS) dec_class = A_SESS;                  // last: DRAIN
            else dec_class = A_NONE;
        end
    endfunction

    wire [2:0]  rd_cls = dec_class(reg_rd_addr);
    wire [15:0] rd_qa  = reg_rd_addr - SS_QP_CTRL_ADDR;
    wire [15:0] rd_ga  = reg_rd_addr - SS_GRP_ADDR;
    wire [15:0] rd_sa  = reg_rd_addr - SS_SESS_ADDR;
    wire [15:0] rd_ca  = reg_rd_addr - SS_CTR_ADDR;
    wire [QW-1:0] rd_q = rd_qa[SS_QP_CTRL_STRIDE_LOG2 +: QW];
    wire [GW-1:0] rd_g = rd_ga[SS_GRP_STRIDE_LOG2 +: GW];
    wire [TW-1:0] rd_t = rd_sa[SS_SESS_STRIDE_LOG2 +: TW];
    wire [4:0]    rd_c = rd_ca[SS_CTR_STRIDE_LOG2 +: 5];
    wire [SS_GRP_STRIDE_LOG2-1:0]  rd_go = reg_rd_addr[SS_GRP_STRIDE_LOG2-1:0];    // offset in a group block
    wire [SS_SESS_STRIDE_LOG2-1:0] rd_so = reg_rd_addr[SS_SESS_STRIDE_LOG2-1:0];   // offset in a session block
    reg  [4:0]    rd_nact;
    integer ri;
    always @* begin
        rd_nact = 5'd0;
        for (ri = 0; ri < NS; ri = ri + 1)
            rd_nact = rd_nact + {4'd0, state_reg[(rd_g*NS + ri)*2 +: 2] == ST_ACTIVE};
        reg_rd_err  = rd_cls == A_NONE;
        reg_rd_data = 32'd0;
        // fields at their positions in rdl/session_sel.rdl; bits not covered read 0
        case (rd_cls)
            A_ID:     reg_rd_data = SS_ID_ID_RESET;
            A_PARAMS: begin
                reg_rd_data[SS_PARAMS_NS_LSB +: SS_PARAMS_NS_WIDTH] = NS32[SS_PARAMS_NS_WIDTH-1:0];
                reg_rd_data[SS_PARAMS_NG_LSB +: SS_PARAMS_NG_WIDTH] = NG32[SS_PARAMS_NG_WIDTH-1:0];
                reg_rd_data[SS_PARAMS_NQ_LSB +: SS_PARAMS_NQ_WIDTH] = NQ32[SS_PARAMS_NQ_WIDTH-1:0];
            end
            A_GLOB: case (reg_rd_addr[5:0])   // inside TICK .. EVCFG the low bits select
                SS_TICK_ADDR[5:0]: reg_rd_data[SS_TICK_PERIOD_LSB +: SS_TICK_PERIOD_WIDTH] = tick_p_reg;
                SS_ENGINE_ADDR[5:0]: begin
                    reg_rd_data[SS_ENGINE_G_LSB +: SS_ENGINE_G_WIDTH]         = g_reg;
                    reg_rd_data[SS_ENGINE_W_MIN_LSB +: SS_ENGINE_W_MIN_WIDTH] = wmin_reg;
                end
                SS_RTT_MIN_ADDR[5:0]: reg_rd_data[SS_RTT_MIN_RTT_MIN_LSB +: SS_RTT_MIN_RTT_MIN_WIDTH] = rtt_min_reg;
                SS_RTT_CFG_ADDR[5:0]: begin
                    reg_rd_data[SS_RTT_CFG_K_RTT_LSB +: SS_RTT_CFG_K_RTT_WIDTH] = rtt_k_reg;
                    reg_rd_data[SS_RTT_CFG_S_RTT_LSB +: SS_RTT_CFG_S_RTT_WIDTH] = rtt_s_reg;
                end
                SS_TOS_ADDR[5:0]: begin
                    reg_rd_data[SS_TOS_AR_DSCP_LSB +: SS_TOS_AR_DSCP_WIDTH]   = ar_dscp_reg;
                    reg_rd_data[SS_TOS_DEF_DSCP_LSB +: SS_TOS_DEF_DSCP_WIDTH] = def_dscp_reg;
                    reg_rd_data[SS_TOS_ECN_LSB +: SS_TOS_ECN_WIDTH]           = ecn_reg;
                end
                SS_DRAIN_TO_ADDR[5:0]: reg_rd_data[SS_DRAIN_TO_TICKS_LSB +: SS_DRAIN_TO_TICKS_WIDTH] = drain_to_reg;
                SS_HOLD_ADDR[5:0]:     reg_rd_data[SS_HOLD_TICKS_LSB +: SS_HOLD_TICKS_WIDTH] = hold_reg;
                SS_THRESH_ADDR[5:0]: begin
                    reg_rd_data[SS_THRESH_T_HI_LSB +: SS_THRESH_T_HI_WIDTH] = t_hi_reg;
                    reg_rd_data[SS_THRESH_T_LO_LSB +: SS_THRESH_T_LO_WIDTH] = t_lo_reg;
                end
                SS_EVCFG_ADDR[5:0]: begin
                    reg_rd_data[SS_EVCFG_K_ADD_LSB +: SS_EVCFG_K_ADD_WIDTH] = k_add_reg;
                    reg_rd_data[SS_EVCFG_K_REM_LSB +: SS_EVCFG_K_REM_WIDTH] = k_rem_reg;
                    reg_rd_data[SS_EVCFG_N_MIN_LSB +: SS_EVCFG_N_MIN_WIDTH] = n_min_reg;
                    reg_rd_data[SS_EVCFG_H_LSB +: SS_EVCFG_H_WIDTH]         = h_reg;
                end
                default: ;
            endcase
            A_CTR:    reg_rd_data = ctr_reg[rd_c*32 +: 32];
            A_QP:     reg_rd_data[16:0] = qctrl_reg[rd_q*17 +: 17];   // stored as the register image
            A_GRP: case (rd_go)
                SS_GRP_SRC_IP_OFFS: reg_rd_data = gsrc_reg[rd_g*32 +: 32];
                SS_GRP_DST_IP_OFFS: reg_rd_data = gdst_reg[rd_g*32 +: 32];
                SS_GRP_DQPN_OFFS:   reg_rd_data[SS_GRP_DQPN_QPN_LSB +: SS_GRP_DQPN_QPN_WIDTH] = gdqpn_reg[rd_g*24 +: 24];
                SS_GRP_RX_QPN_OFFS: reg_rd_data[SS_GRP_RX_QPN_QPN_LSB +: SS_GRP_RX_QPN_QPN_WIDTH] = grxqpn_reg[rd_g*24 +: 24];
                SS_GRP_CTRL_OFFS:   reg_rd_data[SS_GRP_CTRL_SW_W_LSB] = gsw_reg[rd_g];
                SS_GRP_COST_OFFS:   reg_rd_data[SS_GRP_COST_COST_LSB +: SS_GRP_COST_COST_WIDTH] = gcost_reg[rd_g*16 +: 16];
                SS_GRP_T_COST_OFFS: reg_rd_data[SS_GRP_T_COST_COST_LSB +: SS_GRP_T_COST_COST_WIDTH] = gtcost_reg[rd_g*16 +: 16];
                SS_GRP_SEED_OFFS:   reg_rd_data[SS_GRP_SEED_SEED_LSB +: SS_GRP_SEED_SEED_WIDTH] = gseed_reg[rd_g*16 +: 16];
                SS_GRP_EVENT_OFFS: begin
                    reg_rd_data[SS_GRP_EVENT_ADD_REQ_LSB] = gadd_reg[rd_g];
                    reg_rd_data[SS_GRP_EVENT_REM_REQ_LSB] = grem_reg[rd_g];
                    reg_rd_data[SS_GRP_EVENT_KEY_EXP_LSB] = gkexp_reg[rd_g];
                    reg_rd_data[SS_GRP_EVENT_VICTIM_LSB +: SW]  = gvict_reg[rd_g*SW +: SW];
                    reg_rd_data[SS_GRP_EVENT_EXPIRED_LSB +: SW] = gexps_reg[rd_g*SW +: SW];
                end
                SS_GRP_HOLD_LEFT_OFFS: reg_rd_data[SS_GRP_HOLD_LEFT_TICKS_LSB +: SS_GRP_HOLD_LEFT_TICKS_WIDTH] = ghold_reg[rd_g*16 +: 16];
                SS_GRP_STAT_OFFS: begin
                    reg_rd_data[SS_GRP_STAT_N_ACTIVE_LSB +: SS_GRP_STAT_N_ACTIVE_WIDTH] = rd_nact;
                    reg_rd_data[SS_GRP_STAT_ADD_PERS_LSB +: SS_GRP_STAT_ADD_PERS_WIDTH] = gapc_reg[rd_g*8 +: 8];
                    reg_rd_data[SS_GRP_STAT_REM_PERS_LSB +: SS_GRP_STAT_REM_PERS_WIDTH] = grpc_reg[rd_g*8 +: 8];
                end
                default: ;
            endcase
            A_SESS: case (rd_so)
                SS_SESS_PORTS_OFFS: begin
                    reg_rd_data[SS_SESS_PORTS_SPORT_LSB +: SS_SESS_PORTS_SPORT_WIDTH] = sport_reg[rd_t*16 +: 16];
                    reg_rd_data[SS_SESS_PORTS_DPORT_LSB +: SS_SESS_PORTS_DPORT_WIDTH] = dport_reg[rd_t*16 +: 16];
                end
                SS_SESS_STATE_OFFS: reg_rd_data[SS_SESS_STATE_STATE_LSB +: SS_SESS_STATE_STATE_WIDTH] = state_reg[rd_t*2 +: 2];
                SS_SESS_WSW_OFFS:   reg_rd_data[SS_SESS_WSW_W_LSB +: SS_SESS_WSW_W_WIDTH] = wsw_reg[rd_t*8 +: 8];
                SS_SESS_KEY_OFFS:   reg_rd_data[SS_SESS_KEY_TICKS_LSB +: SS_SESS_KEY_TICKS_WIDTH] = keyt_reg[rd_t*16 +: 16];
                SS_SESS_ALPHA_OFFS: reg_rd_data[SS_SESS_ALPHA_ALPHA_LSB +: SS_SESS_ALPHA_ALPHA_WIDTH] = alpha_reg[rd_t*10 +: 10];
                SS_SESS_CRTT_OFFS:  reg_rd_data[SS_SESS_CRTT_CRTT_LSB +: SS_SESS_CRTT_CRTT_WIDTH] = crtt_reg[rd_t*10 +: 10];
                SS_SESS_SELW_OFFS:  reg_rd_data[SS_SESS_SELW_W_LSB +: SS_SESS_SELW_W_WIDTH] = w_all[rd_t*8 +: 8];
                SS_SESS_OUTST_OFFS: reg_rd_data[SS_SESS_OUTST_N_LSB +: SS_SESS_OUTST_N_WIDTH] = outst_reg[rd_t*16 +: 16];
                SS_SESS_PKTS_OFFS:  reg_rd_data[SS_SESS_PKTS_N_LSB +: SS_SESS_PKTS_N_WIDTH] = pkts_reg[rd_t*32 +: 32];
                SS_SESS_DRAIN_OFFS: reg_rd_data[SS_SESS_DRAIN_TICKS_LSB +: SS_SESS_DRAIN_TICKS_WIDTH] = drain_reg[rd_t*16 +: 16];
                default: ;
            endcase
            default: ;
        endcase
    end

    // ------------------------------------------------------------------ next state (section 7 order)
    reg [15:0] n_tick_p, n_rtt_min, n_rtt_k, n_drain_to, n_hold, n_tick_cnt;
    reg [3:0]  n_g, n_rtt_s, n_k_add, n_k_rem, n_n_min;
    reg [7:0]  n_wmin, n_h;
    reg [5:0]  n_ar_dscp, n_def_dscp;
    reg [1:0]  n_ecn;
    reg [9:0]  n_t_hi, n_t_lo;
    reg [NCTR*32-1:0] n_ctr;
    reg [NQ*17-1:0] n_qctrl;
    reg [NQ-1:0]    n_qmsg_v;
    reg [NQ*SW-1:0] n_qmsg_s;
    reg [NG*32-1:0] n_gsrc, n_gdst;
    reg [NG*24-1:0] n_gdqpn, n_grxqpn;
    reg [NG-1:0]    n_gsw, n_gadd, n_grem, n_gkexp;
    reg [NG*16-1:0] n_gcost, n_gtcost, n_gseed, n_ghold;
    reg [NG*SW-1:0] n_gvict, n_gexps;
    reg [NG*8-1:0]  n_gapc, n_grpc;
    reg [NT*16-1:0] n_sport, n_dport, n_keyt, n_outst, n_drain;
    reg [NT*2-1:0]  n_state;
    reg [NT*8-1:0]  n_wsw;
    reg [NT*10-1:0] n_alpha, n_crtt;
    reg [NT-1:0]    n_mark;
    reg [NT*32-1:0] n_pkts;

    // scratch
    reg [TW-1:0] f_t_s;
    reg [15:0]   fb_v, outst_after_desc;
    reg [9:0]    fb_crtt;
    reg          fb_known;
    reg [31:0]   rtt_p;
    reg [2:0]    wr_cls;
    reg [15:0]   wr_qa, wr_ga, wr_sa;    // offsets: only the index bits are used
    reg [QW-1:0] wr_q;
    reg [GW-1:0] wr_g;
    reg [TW-1:0] wr_t;
    reg          wr_ok, tick;
    reg [4:0]    e_act, e_hi, e_lo;
    reg [SW-1:0] e_vict;
    reg [9:0]    e_vc, e_c;
    reg          e_add_cond, e_rem_cond;
    reg [7:0]    e_hm;
    reg [4:0]    e_nadd, e_nrem;          // events of this tick (added to the counters once)
    reg [8:0]    e_nkey, e_ndone, e_nto;
    integer ni, nj, nt;
`ifdef FORMAL
    reg [NT-1:0] n_mark_at_tick;   // the marks the tick consumed (formal property p3)
`endif

    always @* begin
        n_tick_p = tick_p_reg; n_rtt_min = rtt_min_reg; n_rtt_k = rtt_k_reg; n_drain_to = drain_to_reg;
        n_hold = hold_reg; n_g = g_reg; n_rtt_s = rtt_s_reg; n_k_add = k_add_reg; n_k_rem = k_rem_reg;
        n_n_min = n_min_reg; n_wmin = wmin_reg; n_h = h_reg; n_ar_dscp = ar_dscp_reg;
        n_def_dscp = def_dscp_reg; n_ecn = ecn_reg; n_t_hi = t_hi_reg; n_t_lo = t_lo_reg;
        n_ctr = ctr_reg; n_qctrl = qctrl_reg; n_qmsg_v = qmsg_v_reg; n_qmsg_s = qmsg_s_reg;
        n_gsrc = gsrc_reg; n_gdst = gdst_reg; n_gdqpn = gdqpn_reg; n_grxqpn = grxqpn_reg;
        n_gsw = gsw_reg; n_gadd = gadd_reg; n_grem = grem_reg; n_gkexp = gkexp_reg;
        n_gcost = gcost_reg; n_gtcost = gtcost_reg; n_gseed = gseed_reg; n_ghold = ghold_reg;
        n_gvict = gvict_reg; n_gexps = gexps_reg; n_gapc = gapc_reg; n_grpc = grpc_reg;
        n_sport = sport_reg; n_dport = dport_reg; n_keyt = keyt_reg; n_outst = outst_reg;
        n_drain = drain_reg; n_state = state_reg; n_wsw = wsw_reg; n_alpha = alpha_reg;
        n_crtt = crtt_reg; n_mark = mark_reg; n_pkts = pkts_reg;
        reg_wr_err = 1'b0;
        ni = 0; nj = 0; nt = 0;   // loop variables: assigned on every path (no latch)
`ifdef FORMAL
        n_mark_at_tick = {NT{1'b0}};
`endif

        // 1. decision
        if (desc_fire) begin
            if (d_status == 2'd3) n_ctr[C_QPINV*32 +: 32] = n_ctr[C_QPINV*32 +: 32] + 32'd1;
            else if (d_status == 2'd1) n_ctr[C_DQPN*32 +: 32] = n_ctr[C_DQPN*32 +: 32] + 32'd1;
            else begin
                if (d_remap) n_ctr[C_REMAP*32 +: 32] = n_ctr[C_REMAP*32 +: 32] + 32'd1;
                if (d_status == 2'd2) n_ctr[C_NOSESS*32 +: 32] = n_ctr[C_NOSESS*32 +: 32] + 32'd1;
                else begin
                    n_ctr[C_DEC*32 +: 32] = n_ctr[C_DEC*32 +: 32] + 32'd1;
                    // per-slot compare instead of a variable part-select write (synthesis)
                    for (ni = 0; ni < NT; ni = ni + 1)
                        if (ni[TW-1:0] == d_tsel) begin
                            n_pkts[ni*32 +: 32] = n_pkts[ni*32 +: 32] + 32'd1;
                            if (n_outst[ni*16 +: 16] != 16'hffff)
                                n_outst[ni*16 +: 16] = n_outst[ni*16 +: 16] + 16'd1;
                        end
                    if (d_gran == 2'd1)
                        for (ni = 0; ni < NQ; ni = ni + 1)
                            if (ni[QW-1:0] == s_desc_qp) begin
                                n_qmsg_v[ni] = 1'b1;
                                n_qmsg_s[ni*SW +: SW] = d_sel;
                            end
                end
            end
        end

        // 2. receive lookup
        if (rx_fire) begin
            if (x_hit) n_ctr[C_RXHIT*32 +: 32] = n_ctr[C_RXHIT*32 +: 32] + 32'd1;
            else n_ctr[C_RXDROP*32 +: 32] = n_ctr[C_RXDROP*32 +: 32] + 32'd1;
        end

        // 3. feedback (section 4)
        f_t_s = {s_fb_group, s_fb_sess};
        fb_v  = s_fb_value;
        rtt_p = 32'd0;
        // outstanding count of the named session after this cycle's decision
        outst_after_desc = outst_reg[f_t_s*16 +: 16];
        if (desc_fire && d_ok && d_tsel == f_t_s && outst_after_desc != 16'hffff)
            outst_after_desc = outst_after_desc + 16'd1;
        if (fb_v > n_rtt_min) begin
            rtt_p = ({16'd0, fb_v - n_rtt_min} * {16'd0, n_rtt_k}) >> n_rtt_s;
            fb_crtt = (rtt_p > 32'd1023) ? 10'd1023 : rtt_p[9:0];
        end else begin
            fb_crtt = 10'd0;
        end
        fb_known = state_reg[f_t_s*2 +: 2] != ST_INVALID;   // the decision changes no state
        if (fb_fire) begin
            if (!fb_known) n_ctr[C_FBUNK*32 +: 32] = n_ctr[C_FBUNK*32 +: 32] + 32'd1;
            else begin
                if (s_fb_type == 2'd0 || s_fb_type == 2'd3) begin
                    n_ctr[C_ACK*32 +: 32] = n_ctr[C_ACK*32 +: 32] + 32'd1;
                    if (fb_v > outst_after_desc) n_ctr[C_ACKUF*32 +: 32] = n_ctr[C_ACKUF*32 +: 32] + 32'd1;
                end
                if (s_fb_type == 2'd1 || s_fb_type == 2'd3) n_ctr[C_CNP*32 +: 32] = n_ctr[C_CNP*32 +: 32] + 32'd1;
                if (s_fb_type == 2'd2) n_ctr[C_RTT*32 +: 32] = n_ctr[C_RTT*32 +: 32] + 32'd1;
            end
            for (ni = 0; ni < NT; ni = ni + 1)
                if (ni[TW-1:0] == f_t_s && fb_known) begin
                    if (s_fb_type == 2'd0 || s_fb_type == 2'd3)
                        n_outst[ni*16 +: 16] = (fb_v > n_outst[ni*16 +: 16]) ? 16'd0 : n_outst[ni*16 +: 16] - fb_v;
                    if (s_fb_type == 2'd1 || s_fb_type == 2'd3) n_mark[ni] = 1'b1;
                    if (s_fb_type == 2'd2) n_crtt[ni*10 +: 10] = fb_crtt;
                end
        end

        // 4. CSR write
        wr_cls = dec_class(reg_wr_addr);
        wr_qa = reg_wr_addr - SS_QP_CTRL_ADDR;
        wr_ga = reg_wr_addr - SS_GRP_ADDR;
        wr_sa = reg_wr_addr - SS_SESS_ADDR;
        wr_q = wr_qa[SS_QP_CTRL_STRIDE_LOG2 +: QW];
        wr_g = wr_ga[SS_GRP_STRIDE_LOG2 +: GW];
        wr_t = wr_sa[SS_SESS_STRIDE_LOG2 +: TW];
        wr_ok = 1'b0;
        if (reg_wr_en) begin
            wr_ok = reg_wr_strb == 4'hf;
            if (wr_ok) begin
                case (wr_cls)
                    A_GLOB: case (reg_wr_addr[5:0])
                        SS_TICK_ADDR[5:0]: n_tick_p = reg_wr_data[SS_TICK_PERIOD_LSB +: SS_TICK_PERIOD_WIDTH];
                        SS_ENGINE_ADDR[5:0]: begin
                            n_g    = reg_wr_data[SS_ENGINE_G_LSB +: SS_ENGINE_G_WIDTH];
                            n_wmin = reg_wr_data[SS_ENGINE_W_MIN_LSB +: SS_ENGINE_W_MIN_WIDTH];
                        end
                        SS_RTT_MIN_ADDR[5:0]: n_rtt_min = reg_wr_data[SS_RTT_MIN_RTT_MIN_LSB +: SS_RTT_MIN_RTT_MIN_WIDTH];
                        SS_RTT_CFG_ADDR[5:0]: begin
                            n_rtt_k = reg_wr_data[SS_RTT_CFG_K_RTT_LSB +: SS_RTT_CFG_K_RTT_WIDTH];
                            n_rtt_s = reg_wr_data[SS_RTT_CFG_S_RTT_LSB +: SS_RTT_CFG_S_RTT_WIDTH];
                        end
                        SS_TOS_ADDR[5:0]: begin
                            n_ar_dscp  = reg_wr_data[SS_TOS_AR_DSCP_LSB +: SS_TOS_AR_DSCP_WIDTH];
                            n_def_dscp = reg_wr_data[SS_TOS_DEF_DSCP_LSB +: SS_TOS_DEF_DSCP_WIDTH];
                            n_ecn      = reg_wr_data[SS_TOS_ECN_LSB +: SS_TOS_ECN_WIDTH];
                        end
                        SS_DRAIN_TO_ADDR[5:0]: n_drain_to = reg_wr_data[SS_DRAIN_TO_TICKS_LSB +: SS_DRAIN_TO_TICKS_WIDTH];
                        SS_HOLD_ADDR[5:0]:     n_hold = reg_wr_data[SS_HOLD_TICKS_LSB +: SS_HOLD_TICKS_WIDTH];
                        SS_THRESH_ADDR[5:0]: begin
                            n_t_hi = reg_wr_data[SS_THRESH_T_HI_LSB +: SS_THRESH_T_HI_WIDTH];
                            n_t_lo = reg_wr_data[SS_THRESH_T_LO_LSB +: SS_THRESH_T_LO_WIDTH];
                        end
                        SS_EVCFG_ADDR[5:0]: begin
                            n_k_add = reg_wr_data[SS_EVCFG_K_ADD_LSB +: SS_EVCFG_K_ADD_WIDTH];
                            n_k_rem = reg_wr_data[SS_EVCFG_K_REM_LSB +: SS_EVCFG_K_REM_WIDTH];
                            n_n_min = reg_wr_data[SS_EVCFG_N_MIN_LSB +: SS_EVCFG_N_MIN_WIDTH];
                            n_h     = reg_wr_data[SS_EVCFG_H_LSB +: SS_EVCFG_H_WIDTH];
                        end
                        default: ;
                    endcase
                    A_QP:
                        for (ni = 0; ni < NQ; ni = ni + 1)
                            if (ni[QW-1:0] == wr_q) begin
                                // stored as the register image (bits 16:0); other bits stay 0
                                n_qctrl[ni*17 +: 17] = 17'd0;
                                n_qctrl[ni*17 + SS_QP_CTRL_VALID_LSB] = reg_wr_data[SS_QP_CTRL_VALID_LSB];
                                n_qctrl[ni*17 + SS_QP_CTRL_GROUP_LSB +: GW] = reg_wr_data[SS_QP_CTRL_GROUP_LSB +: GW];
                                n_qctrl[ni*17 + SS_QP_CTRL_GRAN_LSB +: SS_QP_CTRL_GRAN_WIDTH] =
                                    reg_wr_data[SS_QP_CTRL_GRAN_LSB +: SS_QP_CTRL_GRAN_WIDTH];
                                n_qctrl[ni*17 + SS_QP_CTRL_MODE_LSB] = reg_wr_data[SS_QP_CTRL_MODE_LSB];
                                n_qctrl[ni*17 + SS_QP_CTRL_AR_LSB] = reg_wr_data[SS_QP_CTRL_AR_LSB];
                                n_qmsg_v[ni] = 1'b0;
                            end
                    A_GRP: begin
                        if (reg_wr_addr[SS_GRP_STRIDE_LOG2-1:0] > SS_GRP_EVENT_OFFS) wr_ok = 1'b0;   // HOLD_LEFT, STAT: read-only
                        for (ni = 0; ni < NG; ni = ni + 1)
                            if (ni[GW-1:0] == wr_g) begin
                                case (reg_wr_addr[SS_GRP_STRIDE_LOG2-1:0])
                                    SS_GRP_SRC_IP_OFFS: n_gsrc[ni*32 +: 32] = reg_wr_data[SS_GRP_SRC_IP_IP_LSB +: SS_GRP_SRC_IP_IP_WIDTH];
                                    SS_GRP_DST_IP_OFFS: n_gdst[ni*32 +: 32] = reg_wr_data[SS_GRP_DST_IP_IP_LSB +: SS_GRP_DST_IP_IP_WIDTH];
                                    SS_GRP_DQPN_OFFS:   n_gdqpn[ni*24 +: 24] = reg_wr_data[SS_GRP_DQPN_QPN_LSB +: SS_GRP_DQPN_QPN_WIDTH];
                                    SS_GRP_RX_QPN_OFFS: n_grxqpn[ni*24 +: 24] = reg_wr_data[SS_GRP_RX_QPN_QPN_LSB +: SS_GRP_RX_QPN_QPN_WIDTH];
                                    SS_GRP_CTRL_OFFS:   n_gsw[ni] = reg_wr_data[SS_GRP_CTRL_SW_W_LSB];
                                    SS_GRP_COST_OFFS:   n_gcost[ni*16 +: 16] = reg_wr_data[SS_GRP_COST_COST_LSB +: SS_GRP_COST_COST_WIDTH];
                                    SS_GRP_T_COST_OFFS: n_gtcost[ni*16 +: 16] = reg_wr_data[SS_GRP_T_COST_COST_LSB +: SS_GRP_T_COST_COST_WIDTH];
                                    SS_GRP_SEED_OFFS:   n_gseed[ni*16 +: 16] = reg_wr_data[SS_GRP_SEED_SEED_LSB +: SS_GRP_SEED_SEED_WIDTH];
                                    SS_GRP_EVENT_OFFS: begin   // write 1 to clear
                                        if (reg_wr_data[SS_GRP_EVENT_ADD_REQ_LSB] && n_gadd[ni]) begin
                                            n_gadd[ni] = 1'b0;
                                            n_ghold[ni*16 +: 16] = n_hold;
                                        end
                                        if (reg_wr_data[SS_GRP_EVENT_REM_REQ_LSB] && n_grem[ni]) begin
                                            n_grem[ni] = 1'b0;
                                            n_ghold[ni*16 +: 16] = n_hold;
                                        end
                                        if (reg_wr_data[SS_GRP_EVENT_KEY_EXP_LSB]) n_gkexp[ni] = 1'b0;
                                    end
                                    default: ;
                                endcase
                            end
                    end
                    A_SESS: begin
                        if (reg_wr_addr[SS_SESS_STRIDE_LOG2-1:0] > SS_SESS_KEY_OFFS) wr_ok = 1'b0;   // statistics: read-only
                        for (ni = 0; ni < NT; ni = ni + 1)
                            if (ni[TW-1:0] == wr_t) begin
                                case (reg_wr_addr[SS_SESS_STRIDE_LOG2-1:0])
                                    SS_SESS_PORTS_OFFS: begin
                                        n_sport[ni*16 +: 16] = reg_wr_data[SS_SESS_PORTS_SPORT_LSB +: SS_SESS_PORTS_SPORT_WIDTH];
                                        n_dport[ni*16 +: 16] = reg_wr_data[SS_SESS_PORTS_DPORT_LSB +: SS_SESS_PORTS_DPORT_WIDTH];
                                    end
                                    SS_SESS_STATE_OFFS: begin
                                        n_state[ni*2 +: 2] = reg_wr_data[SS_SESS_STATE_STATE_LSB +: SS_SESS_STATE_STATE_WIDTH];
                                        n_alpha[ni*10 +: 10] = 10'd0;
                                        n_crtt[ni*10 +: 10] = 10'd0;
                                        n_mark[ni] = 1'b0;
                                        n_outst[ni*16 +: 16] = 16'd0;
                                        n_drain[ni*16 +: 16] = 16'd0;
                                    end
                                    SS_SESS_WSW_OFFS: n_wsw[ni*8 +: 8] = reg_wr_data[SS_SESS_WSW_W_LSB +: SS_SESS_WSW_W_WIDTH];
                                    SS_SESS_KEY_OFFS: n_keyt[ni*16 +: 16] = reg_wr_data[SS_SESS_KEY_TICKS_LSB +: SS_SESS_KEY_TICKS_WIDTH];
                                    default: ;
                                endcase
                            end
                    end
                    default: wr_ok = 1'b0;
                endcase
            end
            if (!wr_ok) begin
                reg_wr_err = 1'b1;
                n_ctr[C_CSRERR*32 +: 32] = n_ctr[C_CSRERR*32 +: 32] + 32'd1;
            end
        end

        // 5. tick engine (section 5)
        tick = tick_cnt_reg >= n_tick_p;
        n_tick_cnt = tick ? 16'd0 : tick_cnt_reg + 16'd1;
        e_hm = (n_h == 8'd0) ? 8'd1 : n_h;
        e_act = 5'd0; e_hi = 5'd0; e_lo = 5'd0; e_vict = {SW{1'b0}}; e_vc = 10'd0; e_c = 10'd0;
        e_add_cond = 1'b0; e_rem_cond = 1'b0;
        e_nadd = 5'd0; e_nrem = 5'd0; e_nkey = 9'd0; e_ndone = 9'd0; e_nto = 9'd0;
        if (tick) begin
            // step A: events per group
            for (ni = 0; ni < NG; ni = ni + 1) begin
                e_act = 5'd0; e_hi = 5'd0; e_lo = 5'd0; e_vict = {SW{1'b0}}; e_vc = 10'd0;
                for (nj = 0; nj < NS; nj = nj + 1) begin
                    nt = ni * NS + nj;
                    if (n_state[nt*2 +: 2] == ST_ACTIVE) begin
                        e_c = (n_alpha[nt*10 +: 10] > n_crtt[nt*10 +: 10]) ? n_alpha[nt*10 +: 10] : n_crtt[nt*10 +: 10];
                        e_act = e_act + 5'd1;
                        if (e_c >= n_t_hi) e_hi = e_hi + 5'd1;
                        if (e_c <= n_t_lo) e_lo = e_lo + 5'd1;
                        if (e_c >= e_vc) begin
                            e_vc = e_c;
                            e_vict = nj[SW-1:0];
                        end
                    end
                end
                e_add_cond = n_k_add != 4'd0 && e_hi >= {1'b0, n_k_add};
                e_rem_cond = n_k_rem != 4'd0 && e_lo >= {1'b0, n_k_rem} &&
                             n_gcost[ni*16 +: 16] > n_gtcost[ni*16 +: 16] && e_act > {1'b0, n_n_min};
                n_gapc[ni*8 +: 8] = !e_add_cond ? 8'd0 : (n_gapc[ni*8 +: 8] == 8'hff ? 8'hff : n_gapc[ni*8 +: 8] + 8'd1);
                n_grpc[ni*8 +: 8] = !e_rem_cond ? 8'd0 : (n_grpc[ni*8 +: 8] == 8'hff ? 8'hff : n_grpc[ni*8 +: 8] + 8'd1);
                if (n_ghold[ni*16 +: 16] != 16'd0) begin
                    n_ghold[ni*16 +: 16] = n_ghold[ni*16 +: 16] - 16'd1;
                end else if (!n_gadd[ni] && !n_grem[ni]) begin
                    if (n_gapc[ni*8 +: 8] >= e_hm) begin
                        n_gadd[ni] = 1'b1;
                        n_gapc[ni*8 +: 8] = 8'd0;
                        e_nadd = e_nadd + 5'd1;
                    end else if (n_grpc[ni*8 +: 8] >= e_hm) begin
                        n_grem[ni] = 1'b1;
                        n_grpc[ni*8 +: 8] = 8'd0;
                        n_gvict[ni*SW +: SW] = e_vict;
                        for (nj = 0; nj < NS; nj = nj + 1)
                            if (nj[SW-1:0] == e_vict) begin
                                n_state[(ni*NS + nj)*2 +: 2] = ST_DRAINING;
                                n_drain[(ni*NS + nj)*16 +: 16] = n_drain_to;
                            end
                        e_nrem = e_nrem + 5'd1;
                    end
                end
            end
            // step B: per session
`ifdef FORMAL
            n_mark_at_tick = n_mark;
`endif
            for (ni = 0; ni < NT; ni = ni + 1) begin
                if (n_mark[ni]) begin
                    n_alpha[ni*10 +: 10] = n_alpha[ni*10 +: 10] + ((10'd1023 - n_alpha[ni*10 +: 10]) >> n_g);
                end else begin
                    if ((n_alpha[ni*10 +: 10] >> n_g) != 10'd0)
                        n_alpha[ni*10 +: 10] = n_alpha[ni*10 +: 10] - (n_alpha[ni*10 +: 10] >> n_g);
                    else
                        n_alpha[ni*10 +: 10] = 10'd0;
                end
                n_mark[ni] = 1'b0;
                if ((n_state[ni*2 +: 2] == ST_ACTIVE || n_state[ni*2 +: 2] == ST_DRAINING) &&
                    n_keyt[ni*16 +: 16] != 16'd0) begin
                    n_keyt[ni*16 +: 16] = n_keyt[ni*16 +: 16] - 16'd1;
                    if (n_keyt[ni*16 +: 16] == 16'd0) begin
                        n_state[ni*2 +: 2] = ST_EXPIRED;
                        n_gkexp[ni / NS] = 1'b1;
                        n_gexps[(ni / NS)*SW +: SW] = ni[SW-1:0];
                        e_nkey = e_nkey + 9'd1;
                    end
                end
                if (n_state[ni*2 +: 2] == ST_DRAINING) begin
                    if (n_outst[ni*16 +: 16] == 16'd0) begin
                        n_state[ni*2 +: 2] = ST_INVALID;
                        e_ndone = e_ndone + 9'd1;
                    end else if (n_drain[ni*16 +: 16] == 16'd0) begin
                        n_state[ni*2 +: 2] = ST_INVALID;
                        e_nto = e_nto + 9'd1;
                    end else begin
                        n_drain[ni*16 +: 16] = n_drain[ni*16 +: 16] - 16'd1;
                    end
                end
            end
            n_ctr[C_ADD*32 +: 32]    = n_ctr[C_ADD*32 +: 32] + {27'd0, e_nadd};
            n_ctr[C_REM*32 +: 32]    = n_ctr[C_REM*32 +: 32] + {27'd0, e_nrem};
            n_ctr[C_KEYEXP*32 +: 32] = n_ctr[C_KEYEXP*32 +: 32] + {23'd0, e_nkey};
            n_ctr[C_DRDONE*32 +: 32] = n_ctr[C_DRDONE*32 +: 32] + {23'd0, e_ndone};
            n_ctr[C_DRTO*32 +: 32]   = n_ctr[C_DRTO*32 +: 32] + {23'd0, e_nto};
        end
    end

    // ------------------------------------------------------------------ registers
    always @(posedge clk) begin
        if (rst) begin
            // CSR reset values from rdl/session_sel.rdl
            tick_p_reg <= SS_TICK_PERIOD_RESET; rtt_min_reg <= SS_RTT_MIN_RTT_MIN_RESET;
            rtt_k_reg <= SS_RTT_CFG_K_RTT_RESET; rtt_s_reg <= SS_RTT_CFG_S_RTT_RESET;
            drain_to_reg <= SS_DRAIN_TO_TICKS_RESET; hold_reg <= SS_HOLD_TICKS_RESET;
            g_reg <= SS_ENGINE_G_RESET; wmin_reg <= SS_ENGINE_W_MIN_RESET;
            k_add_reg <= SS_EVCFG_K_ADD_RESET; k_rem_reg <= SS_EVCFG_K_REM_RESET;
            n_min_reg <= SS_EVCFG_N_MIN_RESET; h_reg <= SS_EVCFG_H_RESET;
            ar_dscp_reg <= SS_TOS_AR_DSCP_RESET; def_dscp_reg <= SS_TOS_DEF_DSCP_RESET; ecn_reg <= SS_TOS_ECN_RESET;
            t_hi_reg <= SS_THRESH_T_HI_RESET; t_lo_reg <= SS_THRESH_T_LO_RESET; tick_cnt_reg <= 16'd0;
            ctr_reg <= {NCTR*32{1'b0}};
            qctrl_reg <= {NQ*17{1'b0}}; qmsg_v_reg <= {NQ{1'b0}}; qmsg_s_reg <= {NQ*SW{1'b0}};
            gsrc_reg <= {NG*32{1'b0}}; gdst_reg <= {NG*32{1'b0}}; gdqpn_reg <= {NG*24{1'b0}};
            grxqpn_reg <= {NG*24{1'b0}}; gsw_reg <= {NG{1'b0}}; gadd_reg <= {NG{1'b0}};
            grem_reg <= {NG{1'b0}}; gkexp_reg <= {NG{1'b0}}; gcost_reg <= {NG*16{1'b0}};
            gtcost_reg <= {NG*16{1'b0}}; gseed_reg <= {NG*16{1'b0}}; ghold_reg <= {NG*16{1'b0}};
            gvict_reg <= {NG*SW{1'b0}}; gexps_reg <= {NG*SW{1'b0}}; gapc_reg <= {NG*8{1'b0}};
            grpc_reg <= {NG*8{1'b0}};
            sport_reg <= {NT*16{1'b0}}; dport_reg <= {NT*16{1'b0}}; keyt_reg <= {NT*16{1'b0}};
            outst_reg <= {NT*16{1'b0}}; drain_reg <= {NT*16{1'b0}}; state_reg <= {NT*2{1'b0}};
            wsw_reg <= {NT*8{1'b0}}; alpha_reg <= {NT*10{1'b0}}; crtt_reg <= {NT*10{1'b0}};
            mark_reg <= {NT{1'b0}}; pkts_reg <= {NT*32{1'b0}};
            od_valid_reg <= 1'b0; or_valid_reg <= 1'b0;
        end else begin
            tick_p_reg <= n_tick_p; rtt_min_reg <= n_rtt_min; rtt_k_reg <= n_rtt_k; rtt_s_reg <= n_rtt_s;
            drain_to_reg <= n_drain_to; hold_reg <= n_hold; g_reg <= n_g; wmin_reg <= n_wmin;
            k_add_reg <= n_k_add; k_rem_reg <= n_k_rem; n_min_reg <= n_n_min; h_reg <= n_h;
            ar_dscp_reg <= n_ar_dscp; def_dscp_reg <= n_def_dscp; ecn_reg <= n_ecn;
            t_hi_reg <= n_t_hi; t_lo_reg <= n_t_lo; tick_cnt_reg <= n_tick_cnt;
            ctr_reg <= n_ctr;
            qctrl_reg <= n_qctrl; qmsg_v_reg <= n_qmsg_v; qmsg_s_reg <= n_qmsg_s;
            gsrc_reg <= n_gsrc; gdst_reg <= n_gdst; gdqpn_reg <= n_gdqpn; grxqpn_reg <= n_grxqpn;
            gsw_reg <= n_gsw; gadd_reg <= n_gadd; grem_reg <= n_grem; gkexp_reg <= n_gkexp;
            gcost_reg <= n_gcost; gtcost_reg <= n_gtcost; gseed_reg <= n_gseed; ghold_reg <= n_ghold;
            gvict_reg <= n_gvict; gexps_reg <= n_gexps; gapc_reg <= n_gapc; grpc_reg <= n_grpc;
            sport_reg <= n_sport; dport_reg <= n_dport; keyt_reg <= n_keyt; outst_reg <= n_outst;
            drain_reg <= n_drain; state_reg <= n_state; wsw_reg <= n_wsw; alpha_reg <= n_alpha;
            crtt_reg <= n_crtt; mark_reg <= n_mark; pkts_reg <= n_pkts;
            if (desc_fire) od_valid_reg <= 1'b1;
            else if (m_desc_ready) od_valid_reg <= 1'b0;
            if (rx_fire) or_valid_reg <= 1'b1;
            else if (m_rx_ready) or_valid_reg <= 1'b0;
        end
        if (desc_fire) begin
            od_qp_reg <= s_desc_qp;
            od_group_reg <= d_group;
            od_status_reg <= d_status;
            od_sess_reg <= d_ok ? d_sel : {SW{1'b0}};
            od_sport_reg <= d_ok ? sport_reg[d_tsel*16 +: 16] : 16'd0;
            od_dport_reg <= d_ok ? dport_reg[d_tsel*16 +: 16] : 16'd0;
            od_sip_reg <= d_ok ? gsrc_reg[d_group*32 +: 32] : 32'd0;
            od_dip_reg <= d_ok ? gdst_reg[d_group*32 +: 32] : 32'd0;
            od_tos_reg <= d_ok ? {(d_ar ? ar_dscp_reg : def_dscp_reg), ecn_reg} : 8'd0;
            od_dqpn_reg <= s_desc_dest_qpn;
            od_key_reg <= s_desc_key;
            od_first_reg <= s_desc_first;
            od_len_reg <= s_desc_len;
        end
        if (rx_fire) begin
            or_hit_reg <= x_hit;
            or_group_reg <= x_hit ? x_t[SW +: GW] : {GW{1'b0}};
            or_sess_reg <= x_hit ? x_t[0 +: SW] : {SW{1'b0}};
            or_qpn_reg <= x_hit ? grxqpn_reg[x_t[SW +: GW]*24 +: 24] : 24'd0;
        end
    end

    assign m_desc_valid = od_valid_reg;
    assign m_desc_qp = od_qp_reg;
    assign m_desc_group = od_group_reg;
    assign m_desc_sess = od_sess_reg;
    assign m_desc_status = od_status_reg;
    assign m_desc_sport = od_sport_reg;
    assign m_desc_dport = od_dport_reg;
    assign m_desc_src_ip = od_sip_reg;
    assign m_desc_dst_ip = od_dip_reg;
    assign m_desc_tos = od_tos_reg;
    assign m_desc_dest_qpn = od_dqpn_reg;
    assign m_desc_key = od_key_reg;
    assign m_desc_first = od_first_reg;
    assign m_desc_len = od_len_reg;
    assign m_rx_valid = or_valid_reg;
    assign m_rx_hit = or_hit_reg;
    assign m_rx_group = or_group_reg;
    assign m_rx_sess = or_sess_reg;
    assign m_rx_qpn = or_qpn_reg;
    assign irq = |(gadd_reg | grem_reg | gkexp_reg);

`ifdef FORMAL
`include "session_sel_props.vh"
`endif
endmodule
`resetall
