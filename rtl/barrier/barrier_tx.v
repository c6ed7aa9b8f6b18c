`resetall
`default_nettype none
// barrier_tx: builds one RoCEv2 notification packet per arrival (device side).
//
// Seed 001 ¶30 (a PE's arrival is sent as one notification to the switch), ¶33 (reduction add
// carrying the increment, no response). Layouts: docs/barrier.md section 5: default UD
// SEND_ONLY_WITH_IMMEDIATE (78 bytes: Ethernet II, IPv4, UDP 4791, BTH opcode 0x65 to DestQP
// 0xFFFFFF, DETH, ImmDt {SRC_ID, bar}, 8-byte increment, ICRC); cfg_wire_fa: RC FETCH_ADD
// (86 bytes: BTH opcode 0x14, AtomicETH, compare data = SRC_ID). IPv4 checksum RFC 791
// (rtl/common/ipv4_csum.v), ICRC IBA A17.4 / docs/barrier.md 5.3 (rtl/common/crc32_beat.v).
//
// s_notif {bar[BW-1:0], group_ip[31:0], inc[CNT_WIDTH-1:0]}: the barrier's GROUP_IP and INC come
// with the request; every field, the cfg_* values and the mode are sampled in the handshake
// cycle, and the PSN is taken then (24 bits, +1 per packet, cfg_psn_wr loads it: CSR TX_PSN).
// m_axis_tx: AXI-Stream, DATA_WIDTH bits (power of two, 32..512), registered outputs;
// ceil(L/(DATA_WIDTH/8)) beats per packet (L = 78 or 86), one beat per cycle, back to back.
//
// Pipeline (one packet per stage; docs/barrier.md 5.6):
//   A1  image register (bytes 0..L-1, checksum and ICRC zero), loaded at the handshake; feeds
//       the ICRC-covered bytes (14..L-5, variant bytes 0xFF) as whole beats to crc32_beat, one
//       beat per cycle (NC = ceil((L-18)/KW) beats), right-aligned with leading zero bytes and an
//       INIT that lands on 0xdebb20e3 (the register after the 8-byte 0xFF dummy LRH) where the
//       covered bytes begin; IPv4 header bytes 14..33 to ipv4_csum.
//   A2  copy of the image while the CRC (latency 2, +1 for the registered beat select when
//       CRC_REG) and the checksum (latency 2) complete; both are captured here.
//   O   output shift register: the image with checksum and ICRC (~register, LSB first), one
//       beat per cycle, into a 4-beat sync_fifo and an axis_skid (registered outputs).
// Latency: handshake -> first beat 14 (UD) / 15 (FA) cycles at DATA_WIDTH 64 (Icarus, empty
//   pipeline). Throughput: one beat per cycle, packets back to back (measured DW 32..256).
// s_notif_ready = !a1_v at DATA_WIDTH <= 128 (REG_CTL), else A1 free or leaving (registers only);
//   never combinational from m_axis_tx_tready.
// Errors: none (every request is sent).
module barrier_tx #(
    parameter DATA_WIDTH   = 64,
    parameter NUM_BARRIERS = 16,
    parameter CNT_WIDTH    = 64
) (
    input  wire                          clk,
    input  wire                          rst,
    input  wire                          cfg_wire_fa,
    input  wire [7:0]                    cfg_src_id,
    input  wire [23:0]                   cfg_src_qp,
    input  wire [47:0]                   cfg_src_mac,
    input  wire [31:0]                   cfg_src_ip,
    input  wire [7:0]                    cfg_tos,
    input  wire [15:0]                   cfg_udp_sport,
    input  wire [23:0]                   cfg_dest_qp,
    input  wire [31:0]                   cfg_key,
    input  wire [63:0]                   cfg_cnt_base,
    input  wire                          cfg_psn_wr,
    input  wire [23:0]                   cfg_psn_data,
    output wire [23:0]                   psn,
    input  wire                          s_notif_valid,
    output wire                          s_notif_ready,
    input  wire [BW-1:0]                 s_notif_bar,
    input  wire [31:0]                   s_notif_group_ip,
    input  wire [CNT_WIDTH-1:0]          s_notif_inc,
    output wire [DATA_WIDTH-1:0]         m_axis_tx_tdata,
    output wire [DATA_WIDTH/8-1:0]       m_axis_tx_tkeep,
    output wire                          m_axis_tx_tvalid,
    input  wire                          m_axis_tx_tready,
    output wire                          m_axis_tx_tlast
);
`include "crc32_fn.vh"
    localparam W    = CNT_WIDTH;
    localparam KW   = DATA_WIDTH / 8;
    localparam BW   = (NUM_BARRIERS <= 2) ? 1 : $clog2(NUM_BARRIERS);
    localparam LF   = 86;                           // FA length (the longer layout)
    localparam LU   = 78;                           // UD length
    localparam NOF  = (LF + KW - 1) / KW;           // output beats
    localparam NOU  = (LU + KW - 1) / KW;
    localparam CF   = LF - 18;                      // ICRC-covered bytes 14..L-5
    localparam CU   = LU - 18;
    localparam NCF  = (CF + KW - 1) / KW;           // CRC beats
    localparam NCU  = (CU + KW - 1) / KW;
    localparam ZF   = NCF * KW - CF;                // leading zero bytes
    localparam ZU   = NCU * KW - CU;
    localparam VB   = NCF * KW;                     // CRC vector bytes (both modes, >= NCU*KW)
    localparam PB   = NOF * KW;                     // image bytes (padded)
    // the CRC register after 0xFFFFFFFF and the 8-byte 0xFF dummy LRH (docs/barrier.md 5.3)
    localparam [31:0] S0   = 32'hdebb20e3;
    // crc32_beat starts from CINIT; ZF zero bytes take it to S0 (FA). UD has ZU leading bytes:
    // when ZU != ZF (DATA_WIDTH >= 128, ZU = 4) the 4 bytes before the covered ones are the
    // constant EU that takes the register from zeros(CINIT, ZU-4) to S0 (crc32_byte over 4 bytes
    // from s is zeros(s ^ bytes, 4), bytes as a little-endian word).
    localparam [31:0] CINIT = crc32_unzeros(S0, ZF);
    localparam [31:0] EU    = (ZU == ZF) ? 32'd0 : (crc32_unzeros(S0, 4) ^ crc32_zeros(CINIT, ZU - 4));
    // register the beat select ahead of crc32_beat (one more cycle of CRC latency) when A2 can
    // hold a packet for 3 cycles without slowing the stream (ceil(78/KW) >= 3: DATA_WIDTH <= 256)
    localparam CRC_REG = (NOU >= 3) ? 1 : 0;
    localparam [1:0] LIVE = 2'd1 + CRC_REG[1:0];
    // WIDE (DATA_WIDTH 512, no CRC_REG): the A1/A2 image, CRC beat and O shift registers and the
    // output queue (FIFO + skid behaviour) are split into 64-bit lanes (byte m in lane (m%KW)/8),
    // each lane with its own copies of the load/shift enables (ff_keep), and the CRC beat is
    // prefetched (g_wide at the end of the module); other widths keep the single registers
    localparam WIDE = (CRC_REG == 0) ? 1 : 0;
    localparam NL   = (WIDE != 0) ? KW / 8 : 1;   // 64-bit lanes
    localparam REG_CTL = (NCF + 1 <= NOF && NCU + 1 <= NOU && 2 + CRC_REG + 2 <= NOU) ? 1 : 0;
    localparam [4:0] NCF5 = NCF[4:0], NCU5 = NCU[4:0];
    localparam [4:0] NOF5 = NOF[4:0], NOU5 = NOU[4:0];
    localparam KF = LF - (NOF - 1) * KW;            // bytes in the last beat
    localparam KU = LU - (NOU - 1) * KW;

    initial begin
        if (DATA_WIDTH < 32 || DATA_WIDTH > 512 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0) begin
            $error("%m: DATA_WIDTH must be a power of two in 32..512");
            $finish;
        end
        if (CNT_WIDTH < 1 || CNT_WIDTH > 64 || BW > 8) begin
            $error("%m: CNT_WIDTH must be 1..64 and NUM_BARRIERS at most 256");
            $finish;
        end
        if (WIDE != 0 && (NCF != 2 || NCU != 1)) begin
            $error("%m: the lane layout needs 2 FA and 1 UD CRC beats (NCF %0d, NCU %0d)", NCF, NCU);
            $finish;
        end
        if (ZU != ZF && ZU < 4) begin
            $error("%m: UD CRC alignment needs 4 leading bytes (ZU %0d, ZF %0d)", ZU, ZF);
            $finish;
        end
    end

    reg [23:0] psn_reg;
    assign psn = psn_reg;

    // ------------------------------------------------------------ packet image (handshake)
    wire [63:0] g_inc;
    generate
        if (W == 64) begin : g_inc64
            assign g_inc = s_notif_inc;
        end else begin : g_incw
            assign g_inc = {{(64-W){1'b0}}, s_notif_inc};
        end
    endgenerate
    wire [31:0] g_ip = s_notif_group_ip;
    wire [63:0] va   = cfg_cnt_base + {{(61-BW){1'b0}}, s_notif_bar, 3'b000};
    wire [15:0] ip_len = cfg_wire_fa ? 16'd72 : 16'd64;
    // big-endian images (byte 0 in the most significant position), IPv4 checksum and ICRC zero
    wire [8*LF-1:0] img_fa = {
        8'h01, 8'h00, 8'h5e, 1'b0, g_ip[22:0],           // dst MAC
        cfg_src_mac, 16'h0800,                           // src MAC, EtherType
        8'h45, cfg_tos, ip_len, psn_reg[15:0], 16'h4000, 8'd64, 8'd17, 16'h0000,
        cfg_src_ip, g_ip,                                // IPv4
        cfg_udp_sport, 16'd4791, 16'd52, 16'd0,          // UDP
        8'h14, 8'h00, 16'hffff, 8'h00, cfg_dest_qp, 8'h00, psn_reg, // BTH
        va, cfg_key, g_inc, 56'd0, cfg_src_id,           // AtomicETH (compare data = SRC_ID)
        32'd0                                            // ICRC
    };
    wire [8*LF-1:0] img_ud = {
        8'h01, 8'h00, 8'h5e, 1'b0, g_ip[22:0],           // dst MAC
        cfg_src_mac, 16'h0800,                           // src MAC, EtherType
        8'h45, cfg_tos, ip_len, psn_reg[15:0], 16'h4000, 8'd64, 8'd17, 16'h0000,
        cfg_src_ip, g_ip,                                // IPv4
        cfg_udp_sport, 16'd4791, 16'd44, 16'd0,          // UDP
        8'h65, 8'h00, 16'hffff, 8'h00, 24'hffffff, 8'h00, psn_reg, // BTH (UD SEND_ONLY_WITH_IMM)
        cfg_key, 8'h00, cfg_src_qp,                      // DETH
        cfg_src_id, {{(8-BW){1'b0}}, s_notif_bar}, 16'd0, // ImmDt
        g_inc,                                           // payload: increment
        32'd0,                                           // ICRC
        64'd0                                            // (past the end of the UD packet)
    };
    wire [8*LF-1:0] img_be = cfg_wire_fa ? img_fa : img_ud;
    wire [8*LF-1:0] img_in;                              // byte n at [8n +: 8]
    genvar gn;
    generate
        for (gn = 0; gn < LF; gn = gn + 1) begin : g_rev
            assign img_in[8*gn +: 8] = img_be[8*(LF-1-gn) +: 8];
        end
    endgenerate

    // ------------------------------------------------------------ handshake / stage control
    reg              a1_v, a2_v, o_v;
    reg              a1_fa, a2_fa, o_fa;
    reg  [4:0]       a1_cnt;                 // CRC beats selected so far
    reg  [1:0]       a2_ph;                  // cycles in A2 (saturates at LIVE + 1)
    reg  [4:0]       o_rem;                  // beats after the current one
    reg              o_last;
    reg  [8*LF-1:0]  a1_img, a2_img;
    reg  [15:0]      a2_csum;                // ones'-complement sum (checksum = ~sum)
    reg  [31:0]      a2_icrc;
    reg  [8*PB-1:0]  o_sh;
    reg  [KW-1:0]    o_keep;

    reg              a1_end;                 // A1 may leave: its last CRC beat is selected now or was
    reg              a2_rdy;                 // A2 holds a packet whose CRC and checksum are there
    wire [4:0] a1_nc   = a1_fa ? NCF5 : NCU5;
    wire       a1_feed = a1_v && (a1_cnt != a1_nc);
    // a1_cnt + 2 >= a1_nc (the beat selected next is the last), as compares with constants
    wire       a1_pen_f, a1_pen_u;
    generate
        if (NCF >= 3) begin : g_penf
            assign a1_pen_f = (a1_cnt >= NCF5 - 5'd2);
        end else begin : g_penf1
            assign a1_pen_f = 1'b1;
        end
        if (NCU >= 3) begin : g_penu
            assign a1_pen_u = (a1_cnt >= NCU5 - 5'd2);
        end else begin : g_penu1
            assign a1_pen_u = 1'b1;
        end
    endgenerate
    wire       a1_pen  = a1_fa ? a1_pen_f : a1_pen_u;
    // a2_go and o_adv are registers: the same functions of the registers' next values, so
    // the 8*PB-bit O load/shift selects come straight from flip-flops
    reg        a2_go, o_adv;                 // (O's enable a2_go || o_adv: copies, o_ce_nx)
    // REG_CTL: a stage takes a packet only when it is empty (A1: s_notif_ready = !a1_v; A2: A1
    // moves only into an empty A2), so the wide load enables are one LUT from registers; this
    // costs one idle cycle per packet in A1 and A2, free while they stay within ceil(L/KW)
    // cycles (DATA_WIDTH <= 128). Otherwise a stage also takes a packet while the previous one
    // leaves (chained ready, one beat per cycle at DATA_WIDTH 256/512 too).
    reg        a1_go;                        // = a1_v && a1_end && (A2 empty or leaving)
    assign s_notif_ready = REG_CTL ? !a1_v : (!a1_v || a1_go);
    wire       in_fire = s_notif_valid && s_notif_ready;

    // ------------------------------------------------------------ A1: CRC beats
    // covered byte n (14..L-5) sits at vector byte n - 14 + Z; variant bytes are 0xFF
    function [7:0] cov(input [8*LF-1:0] img, input integer n);
        cov = (n == 15 || n == 22 || n == 24 || n == 25 || n == 40 || n == 41 || n == 46) ?
              8'hff : img[8*n +: 8];
    endfunction
    wire [8*VB-1:0] vec_f, vec_u;
    generate
        for (gn = 0; gn < VB; gn = gn + 1) begin : g_vec
            if (gn < ZF) begin : g_fz
                assign vec_f[8*gn +: 8] = 8'h00;
            end else begin : g_fd
                assign vec_f[8*gn +: 8] = cov(a1_img, gn - ZF + 14);
            end
            if (gn < ZU - 4 || (gn < ZU && ZU == ZF) || gn >= NCU * KW) begin : g_uz
                assign vec_u[8*gn +: 8] = 8'h00;
            end else if (gn < ZU) begin : g_ue
                assign vec_u[8*gn +: 8] = EU[8*(gn-(ZU-4)) +: 8];
            end else begin : g_ud
                assign vec_u[8*gn +: 8] = cov(a1_img, gn - ZU + 14);
            end
        end
    endgenerate
    wire [DATA_WIDTH-1:0] crc_sel = a1_fa ? vec_f[a1_cnt*DATA_WIDTH +: DATA_WIDTH]
                                          : vec_u[a1_cnt*DATA_WIDTH +: DATA_WIDTH];
    wire                  crc_v, crc_first;
    wire [DATA_WIDTH-1:0] crc_d;
    generate
        if (CRC_REG != 0) begin : g_creg
            reg                  v_reg, f_reg;
            reg [DATA_WIDTH-1:0] d_reg;
            always @(posedge clk) begin
                d_reg <= crc_sel;
                f_reg <= a1_cnt == 5'd0;
                if (rst) v_reg <= 1'b0;
                else     v_reg <= a1_feed;
            end
            assign crc_v = v_reg, crc_first = f_reg, crc_d = d_reg;
        end else begin : g_cnoreg
            // WIDE: crc_d is the prefetched beat register of g_wide
            assign crc_v = a1_feed, crc_first = (a1_cnt == 5'd0);
        end
    endgenerate
    wire        crc_ov;
    wire [31:0] crc_out;
    // 32-bit stage-1 slices (two LUT levels per partial instead of three; with 64-bit slices the
    // DW 512 matrix was a routing-congested critical path, and the DW 64 one failed in barrier_dev)
    crc32_beat #(.DATA_WIDTH(DATA_WIDTH), .CHUNK(32), .INIT(CINIT)) u_crc (
        .clk(clk), .rst(rst), .in_valid(crc_v), .in_first(crc_first), .in_data(crc_d),
        .out_valid(crc_ov), .out_crc(crc_out)
    );
    wire        csum_ov;
    wire [15:0] csum_out;
    ipv4_csum #(.PIPELINE(1)) u_csum (
        .clk(clk), .in_valid(a1_v), .in_hdr(a1_img[8*14 +: 160]),
        .out_valid(csum_ov), .out_sum(csum_out)
    );
    wire unused_ok = &{1'b0, crc_ov, csum_ov, of_sready};

    // ------------------------------------------------------------ A2 -> O: final image
    wire [15:0] csum_use = (a2_ph == 2'd1) ? csum_out : a2_csum;
    wire [31:0] icrc_use = (a2_ph == LIVE) ? ~crc_out : a2_icrc;
    wire [15:0] ip_csum  = ~csum_use;
    reg  [8*PB-1:0] img_o;
    integer n;
    always @* begin
        img_o = {8*PB{1'b0}};
        img_o[8*LF-1:0] = a2_img;
        img_o[8*24 +: 8] = ip_csum[15:8];
        img_o[8*25 +: 8] = ip_csum[7:0];
        for (n = 0; n < 4; n = n + 1)
            img_o[8*((a2_fa ? LF : LU) - 4 + n) +: 8] = icrc_use[8*n +: 8];
    end

    // output: a 4-beat LUTRAM FIFO then a skid buffer (registered outputs). The stages above
    // stall on o_ok: FIFO occupancy plus this cycle's push below 4, so the beat
    // pushed next cycle always fits (pops only make room) and no wide enable waits on tready.
    localparam OW = DATA_WIDTH + KW + 1;
    wire [2:0]    of_count;
    wire          of_v, of_ready, of_sready;
    wire [OW-1:0] of_data;
    generate
        if (WIDE == 0) begin : g_out1
            sync_fifo #(.WIDTH(OW), .DEPTH(4)) u_ofifo (
                .clk(clk), .rst(rst),
                .s_data({o_last, o_keep, o_sh[DATA_WIDTH-1:0]}), .s_valid(o_adv), .s_ready(of_sready),
                .m_data(of_data), .m_valid(of_v), .m_ready(of_ready), .count(of_count)
            );
            axis_skid #(.DATA_WIDTH(OW)) u_skid (
                .clk(clk), .rst(rst),
                .s_data(of_data), .s_valid(of_v), .s_ready(of_ready),
                .m_data({m_axis_tx_tlast, m_axis_tx_tkeep, m_axis_tx_tdata}), .m_valid(m_axis_tx_tvalid),
                .m_ready(m_axis_tx_tready)
            );
        end
    endgenerate
    wire [KW-1:0] keep_f = {KW{1'b1}} >> (KW - KF);
    wire [KW-1:0] keep_u = {KW{1'b1}} >> (KW - KU);

    // ------------------------------------------------------------ datapath registers
    // The wide enables and selects come from copies of their control flip-flops (ff_keep, loaded
    // with the same next value, reset alike, so every copy equals its original in every cycle):
    // one per 64 image bits here, per lane / 32 bits in g_wide. The image loads whenever A1 can
    // take a packet (a copy of s_notif_ready), whether or not one comes: without s_notif_valid in
    // its enable (a port with no copies). When none comes A1 is empty in the next cycle, and an
    // empty A1's image is never used (A2 took the image in the same cycle; the checksum's and the
    // CRC's inputs are qualified by a1_v / a1_feed).
    // next values of the control registers (always @* below)
    reg a2_rdy_n, o_v_n, o_last_n, o_ok_n, a1_v_n, a1_end_n, a2_v_n, a2_go_n;
    wire a1_go_nx = a1_v_n && a1_end_n && (!a2_v_n || (REG_CTL == 0 && a2_go_n));
    wire rdy_nx   = !a1_v_n || (REG_CTL == 0 && a1_go_nx);   // s_notif_ready's next value
    wire o_adv_nx = o_v_n && o_ok_n;
    wire o_ce_nx  = a2_go_n || o_adv_nx;
    generate
        if (WIDE == 0) begin : g_dp1
            localparam NG = (PB + 7) / 8;                // 64-bit groups of the image and of O
            wire [NG-1:0] rdy_c, a1go_c, a2go_c, oce_c;
            for (gn = 0; gn < NG; gn = gn + 1) begin : g_rep
                ff_keep #(.RST_VAL(1'b1)) u_rdy (.clk(clk), .rst(rst), .d(rdy_nx), .q(rdy_c[gn]));
                ff_keep u_a1go (.clk(clk), .rst(rst), .d(a1_go_nx), .q(a1go_c[gn]));
                ff_keep u_a2go (.clk(clk), .rst(rst), .d(a2_go_n),  .q(a2go_c[gn]));
                ff_keep u_oce  (.clk(clk), .rst(rst), .d(o_ce_nx),  .q(oce_c[gn]));
            end
            integer bn;
            always @(posedge clk) begin
                for (bn = 0; bn < LF; bn = bn + 1) begin
                    if (rdy_c[bn / 8])
                        a1_img[8*bn +: 8] <= img_in[8*bn +: 8];
                    if (a1go_c[bn / 8])
                        a2_img[8*bn +: 8] <= a1_img[8*bn +: 8];
                end
                if (a2_ph == 2'd1)
                    a2_csum <= csum_out;
                if (a2_ph == LIVE)
                    a2_icrc <= ~crc_out;
                for (bn = 0; bn < PB; bn = bn + 1)
                    if (oce_c[bn / 8])
                        o_sh[8*bn +: 8] <= a2go_c[bn / 8] ? img_o[8*bn +: 8] :
                                           (bn + KW < PB) ? o_sh[8*((bn + KW) % PB) +: 8] : 8'd0;
            end
        end
    endgenerate

    // ------------------------------------------------------------ control registers
    always @* begin
        a1_v_n   = a1_v;
        a1_end_n = a1_end;
        if (a1_feed) a1_end_n = a1_pen;
        if (a1_go)   a1_v_n = 1'b0;
        if (in_fire) begin
            a1_v_n   = 1'b1;
            a1_end_n = (cfg_wire_fa ? NCF5 : NCU5) == 5'd1;
        end
        a2_v_n = a2_v;
        if (a2_go) a2_v_n = 1'b0;
        if (a1_go) a2_v_n = 1'b1;
        a2_rdy_n = a2_rdy;
        if (a2_v && a2_ph == LIVE - 2'd1) a2_rdy_n = 1'b1;
        if (a2_go || a1_go)               a2_rdy_n = 1'b0;
        o_v_n    = o_v;
        o_last_n = o_last;
        if (o_adv) begin
            o_last_n = (o_rem == 5'd1);
            if (o_last) o_v_n = 1'b0;
        end
        if (a2_go) begin
            o_v_n    = 1'b1;
            o_last_n = 1'b0;
        end
        o_ok_n  = ({1'b0, of_count} + {3'd0, o_adv}) < 4'd4;
        a2_go_n = a2_rdy_n && (!o_v_n || (o_last_n && o_ok_n));
    end
    always @(posedge clk) begin
        if (rst) begin
            a1_v    <= 1'b0;
            a2_v    <= 1'b0;
            o_v     <= 1'b0;
            a1_fa   <= 1'b0;
            a2_fa   <= 1'b0;
            o_fa    <= 1'b0;
            a1_cnt  <= 5'd0;
            a1_end  <= 1'b0;
            a2_rdy  <= 1'b0;
            a2_ph   <= 2'd0;
            a2_go   <= 1'b0;
            a1_go   <= 1'b0;
            o_adv   <= 1'b0;
            o_rem   <= 5'd0;
            o_last  <= 1'b0;
            o_keep  <= {KW{1'b0}};
            psn_reg <= 24'd0;
        end else begin
            // A1
            if (a1_feed) begin
                a1_cnt <= a1_cnt + 5'd1;
                a1_end <= a1_pen;
            end
            if (a1_go)
                a1_v <= 1'b0;
            if (in_fire) begin
                a1_v    <= 1'b1;
                a1_fa   <= cfg_wire_fa;
                a1_cnt  <= 5'd0;
                a1_end  <= (cfg_wire_fa ? NCF5 : NCU5) == 5'd1;
                psn_reg <= psn_reg + 24'd1;
            end
            if (cfg_psn_wr)
                psn_reg <= cfg_psn_data;
            // A2
            if (a2_v && a2_ph != LIVE + 2'd1)
                a2_ph <= a2_ph + 2'd1;
            if (a2_v && a2_ph == LIVE - 2'd1)
                a2_rdy <= 1'b1;
            if (a2_go) begin
                a2_v   <= 1'b0;
                a2_rdy <= 1'b0;
            end
            if (a1_go) begin
                a2_v   <= 1'b1;
                a2_rdy <= 1'b0;
                a2_fa <= a1_fa;
                a2_ph <= 2'd0;
            end
            // O
            a2_go <= a2_go_n;
            o_adv <= o_adv_nx;
            a1_go <= a1_go_nx;
            if (o_adv) begin
                o_rem  <= o_rem - 5'd1;
                o_last <= (o_rem == 5'd1);
                o_keep <= (o_rem == 5'd1) ? (o_fa ? keep_f : keep_u) : {KW{1'b1}};
                if (o_last)
                    o_v <= 1'b0;
            end
            if (a2_go) begin
                o_v    <= 1'b1;
                o_fa   <= a2_fa;
                o_rem  <= (a2_fa ? NOF5 : NOU5) - 5'd1;
                o_last <= 1'b0;
                o_keep <= {KW{1'b1}};
            end
        end
    end
    // ------------------------------------------------------------ WIDE (DATA_WIDTH 512) lanes
    genvar k;
    generate
        if (WIDE != 0) begin : g_wide
            // lane copies of s_notif_ready (!a1_v || a1_go), a1_go, a2_go, o_ce and o_adv: the
            // next-state functions of the control registers above, one flip-flop per lane
            wire [NL-1:0]   rdy_k, a1go_k, oadv_k;
            wire [2*NL-1:0] a2go_k, oce_k;       // O shift register: one copy per 32 bits of a beat
            for (k = 0; k < NL; k = k + 1) begin : g_rep
                ff_keep #(.RST_VAL(1'b1)) u_rdy (.clk(clk), .rst(rst), .d(rdy_nx), .q(rdy_k[k]));
                ff_keep u_a1go (.clk(clk), .rst(rst), .d(a1_go_nx), .q(a1go_k[k]));
                ff_keep u_oadv (.clk(clk), .rst(rst), .d(o_adv_nx), .q(oadv_k[k]));
            end
            for (k = 0; k < 2 * NL; k = k + 1) begin : g_rep2
                ff_keep u_a2go (.clk(clk), .rst(rst), .d(a2_go_n),  .q(a2go_k[k]));
                ff_keep u_oce  (.clk(clk), .rst(rst), .d(o_ce_nx),  .q(oce_k[k]));
            end
            integer       wn;
            // the image and the prefetched CRC beat load whenever A1 can take a packet (rdy_k, a
            // copy of s_notif_ready), whether or not one comes: without s_notif_valid in their
            // enables and selects (a port with no copies). When none comes A1 is empty in the
            // next cycle, and an empty A1's image and beat are never used (A2 took the image in
            // the same cycle; crc32_beat ignores a beat without in_valid)
            // image registers, byte by byte with their lane's enables (see g_dp1)
            always @(posedge clk) begin
                for (wn = 0; wn < LF; wn = wn + 1) begin
                    if (rdy_k[(wn % KW) / 8])
                        a1_img[8*wn +: 8] <= img_in[8*wn +: 8];
                    if (a1go_k[(wn % KW) / 8])
                        a2_img[8*wn +: 8] <= a1_img[8*wn +: 8];
                end
                // beat 0 loads or shifts; beat 1 (every packet has two beats here) only loads:
                // after the shift it is never emitted (o_last), so it need not be zeroed (no
                // synchronous-reset select on the shift enable)
                for (wn = 0; wn < PB; wn = wn + 1)
                    if (wn < KW) begin
                        if (oce_k[(wn % KW) / 4])
                            o_sh[8*wn +: 8] <= a2go_k[(wn % KW) / 4] ? img_o[8*wn +: 8]
                                                                     : o_sh[8*((wn + KW) % PB) +: 8];
                    end else if (a2go_k[(wn % KW) / 4])
                        o_sh[8*wn +: 8] <= img_o[8*wn +: 8];
                if (a2_ph == 2'd1)
                    a2_csum <= csum_out;
                if (a2_ph == LIVE)
                    a2_icrc <= ~crc_out;
            end
            // CRC beat, prefetched: beat 0 from the incoming image in the handshake cycle, else
            // FA beat 1 from the A1 image; A1 feeds one beat per cycle from its load until its
            // last CRC beat and only FA has a second one, so the register holds beat a1_cnt
            // whenever a1_feed (crc32_beat's stage 1 starts at flip-flops; CRC latency 2)
            wire [8*VB-1:0] vf_in, vu_in;
            for (k = 0; k < VB; k = k + 1) begin : g_vin
                if (k < ZF) begin : g_fz
                    assign vf_in[8*k +: 8] = 8'h00;
                end else begin : g_fd
                    assign vf_in[8*k +: 8] = cov(img_in, k - ZF + 14);
                end
                if (k < ZU - 4 || (k < ZU && ZU == ZF) || k >= NCU * KW) begin : g_uz
                    assign vu_in[8*k +: 8] = 8'h00;
                end else if (k < ZU) begin : g_ue
                    assign vu_in[8*k +: 8] = EU[8*(k-(ZU-4)) +: 8];
                end else begin : g_ud
                    assign vu_in[8*k +: 8] = cov(img_in, k - ZU + 14);
                end
            end
            reg [DATA_WIDTH-1:0] d_reg;
            always @(posedge clk)
                for (wn = 0; wn < KW; wn = wn + 1)
                    d_reg[8*wn +: 8] <= rdy_k[wn / 8] ? (cfg_wire_fa ? vf_in[8*wn +: 8] : vu_in[8*wn +: 8])
                                                     : vec_f[8*(KW+wn) +: 8];
            assign crc_d = d_reg;
            // output, per 64-bit lane: the 4-beat FIFO and the skid buffer of the narrower
            // widths (sync_fifo DEPTH 4 + axis_skid) as one queue and an output register with the
            // same cycle behaviour: the skid's register and the FIFO's words form one queue in
            // order (skid first), and the output register loads the queue's head whenever it is
            // free (!out valid or tready) and the queue holds a word; the queue is an 8-word
            // LUTRAM (at most 4 + 1 words), so the output register's data comes from the RAM read
            // at a registered pointer and its enable is one LUT from tready and registers (was:
            // FIFO empty -> skid select -> 577-bit enables). sv is the skid's valid flag and fc the
            // FIFO count (the o_ok credit, of_count), kept by the rules of the two primitives:
            // accept = fc != 0 && !sv; sv' = !free && (sv || accept); fc' = fc + push - accept.
            // Pushed by the lane's o_adv copy (never full: o_ok), popped by tready; the lanes' copies
            // of this control are identical and stay in step; lane 0 carries tlast/tkeep and gives
            // tvalid and the count.
            for (k = 0; k < NL; k = k + 1) begin : g_lane
                localparam LW = (k == 0) ? 64 + KW + 1 : 64;
                wire [LW-1:0] ls;
                reg  [LW-1:0] lq_mem [0:7];
                reg  [LW-1:0] lm;
                reg  [2:0]    wp, rp, fc;
                reg           sv, ov, qne;
                wire          lfree = !ov || m_axis_tx_tready;
                wire          lld   = lfree && qne;
                wire          lacc  = (fc != 3'd0) && !sv;
                wire [2:0]    fc_n  = fc + {2'd0, oadv_k[k]} - {2'd0, lacc};
                wire          sv_n  = !lfree && (sv || lacc);
                if (k == 0) begin : g_l0
                    assign ls = {o_last, o_keep, o_sh[63:0]};
                    assign {m_axis_tx_tlast, m_axis_tx_tkeep, m_axis_tx_tdata[63:0]} = lm;
                    assign m_axis_tx_tvalid = ov;
                    assign of_count = fc;
                end else begin : g_ln
                    assign ls = o_sh[64*k +: 64];
                    assign m_axis_tx_tdata[64*k +: 64] = lm;
                end
                always @(posedge clk) begin
                    if (oadv_k[k])
                        lq_mem[wp] <= ls;
                    if (lld)
                        lm <= lq_mem[rp];
                end
                always @(posedge clk) begin
                    if (rst) begin
                        wp  <= 3'd0;
                        rp  <= 3'd0;
                        fc  <= 3'd0;
                        sv  <= 1'b0;
                        ov  <= 1'b0;
                        qne <= 1'b0;
                    end else begin
                        if (oadv_k[k])
                            wp <= wp + 3'd1;
                        if (lld)
                            rp <= rp + 3'd1;
                        fc  <= fc_n;
                        sv  <= sv_n;
                        ov  <= !lfree || qne;
                        qne <= (fc_n != 3'd0) || sv_n;
                    end
                end
            end
            assign of_sready = 1'b0, of_v = 1'b0, of_ready = 1'b0, of_data = {OW{1'b0}};
            wire unused_w = &{1'b0, crc_sel, of_v, of_ready, of_data, vf_in[8*VB-1:DATA_WIDTH],
                              vu_in[8*VB-1:DATA_WIDTH], vec_u, vec_f[DATA_WIDTH-1:0]};
        end
    endgenerate
endmodule
`resetall
