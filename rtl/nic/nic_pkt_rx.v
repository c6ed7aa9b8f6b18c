`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_pkt_rx: the NIC's receive parser: a network packet of docs/nic.md section 3 (Ethernet /
// IPv4 / UDP 4791 / BTH / NXH / payload / pad / ICRC) in; the checks of docs/nic.md 3.4 in their
// order (first failing check wins); a good packet leaves as a parsed header (m_hdr) and its
// payload, byte exact (m_data); a bad packet leaves nothing and counts in its verdict's counter.
// C model cmodel/nic_pkt_rx.c (built on nic_pkt_parse of cmodel/nic_pkt.c); docs/nic_pkt_rx.md.
//
// Source: issue 12 (packet from the network); seed 003 L58, L206-L214; docs/nic.md 3 (layout,
// verdicts 3.4); IBA A17.4 (ICRC, masked fields); RFC 791 / 1071 (IPv4 header checksum).
//
// Ports (one clock, synchronous active-high rst):
//   s_axis    the packets, AXI4-Stream 256-bit: byte j of beat k = packet byte 32k + j; tkeep
//             contiguous from bit 0, all ones except on the last beat (not checked: a broken
//             tkeep is read as its popcount of bytes only where it is contiguous)
//             s_axis_tready = space && (!tlast || tlast allowed): a tlast beat waits while the
//             previous packet's verdict is being computed (at most one packet per GAP = 5 cycles)
//   m_hdr     one word per good packet (valid/ready, registered): opcode[7:0], psn[23:0],
//             dest_qp[23:0] (PID), ack_req, dst_mac/src_mac[47:0], src_ip/dst_ip[31:0],
//             udp_sport[15:0], NXH flags[3:0] (F L R H), vn[2:0], src_nid, dst_nid, handle[15:0],
//             epoch[31:0], msg_len[31:0], offset[31:0], target_addr[63:0], msg_id[15:0],
//             eq_handle[15:0], pay_len[12:0] (payload bytes, 0..4096)
//   m_data    the payload of each good packet with pay_len > 0, AXI4-Stream 256-bit registered:
//             byte j of beat k = payload byte 32k + j (packet byte 86 + 32k + j: a constant
//             22-byte realignment), ceil(pay_len / 32) beats, tkeep on the last, tlast
//   s_axil    AXI4-Lite read-only slave (12-bit addresses): 32-bit counters at 4*i
//             (rdl/nic_pkt_rx.rdl): 0 OK, 1 TRUNC, 2 NOT_ROCE, 3 IP_CSUM, 4 LEN, 5 ICRC,
//             6 OPCODE, 7 NXH, 8 RANGE, 9 OVERSIZE (stats_counter_axil)
// Verdicts (enum nic_pkt_verdict): TRUNC (< 90 bytes), OVERSIZE (> 4189 bytes = 90 + 4096 + 3:
//   checked before the others, the packet is not buffered further: a separate counter), then
//   NOT_ROCE, IP_CSUM, LEN, ICRC, OPCODE, NXH, RANGE as in nic_pkt_parse (docs/nic.md 3.4).
// Structure: A registers the accepted beat; header beats 0-2 are kept and snapshotted with the
//   last beat's index and tkeep at the packet's end (P). The ICRC stream masks the variant fields
//   (IBA A17.4; bytes 0-9 zero, 10-13 0xFF: the first 4 pseudo-LRH bytes inverted stand for the
//   CRC start 0xFFFFFFFF, crc32_beat INIT 0) and is funnel-shifted by s = (-(IPv4 total length +
//   14)) mod 32 bytes (two registered steps) so that the frame ends on a beat boundary when the
//   IPv4 length is right (otherwise LEN wins before ICRC); the CRC register after the ICRC bytes
//   is the CRC-32 residue 0xDEBB20E3 exactly for a good ICRC. The payload (realigned by 22 bytes)
//   is written into a RAM (2^BUF_LOG2 beats of 256 bits, block RAM) at base + k, two stages after
//   A, and committed (base += beats) or dropped at the verdict, 5 cycles after the last beat is in
//   A; the header and the payload geometry go to two FIFOs; the payload is read from the RAM
//   (read register + one more register) into an 8-word FIFO and an output skid.
// Latency: a good packet's header leaves 8 cycles after its last beat's handshake, the first
//   payload beat 11 (make bench-nic_pkt_rx). Throughput: one beat per cycle in, for any packet
//   of at least 5 beats (129 B); shorter packets at one per 5 cycles. Backpressure: m_hdr / m_data stall the input only when
//   the header FIFO (HQ_LOG2) or the payload RAM fills.
// Errors: every dropped packet counts in exactly one verdict counter; nothing else changes.
module nic_pkt_rx #(
    parameter BUF_LOG2 = 9,    // payload RAM: 2^BUF_LOG2 beats (>= 8: two maximal packets of 128)
    parameter HQ_LOG2  = 3     // header / geometry FIFOs: 2^HQ_LOG2 good packets
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [255:0] s_axis_tdata,
    input  wire [31:0]  s_axis_tkeep,
    input  wire         s_axis_tlast,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    output wire         m_hdr_valid,
    input  wire         m_hdr_ready,
    output wire [7:0]   m_hdr_opcode,
    output wire [23:0]  m_hdr_psn,
    output wire [23:0]  m_hdr_dest_qp,
    output wire         m_hdr_ack_req,
    output wire [47:0]  m_hdr_dst_mac,
    output wire [47:0]  m_hdr_src_mac,
    output wire [31:0]  m_hdr_src_ip,
    output wire [31:0]  m_hdr_dst_ip,
    output wire [15:0]  m_hdr_udp_sport,
    output wire [3:0]   m_hdr_flags,
    output wire [2:0]   m_hdr_vn,
    output wire [15:0]  m_hdr_src_nid,
    output wire [15:0]  m_hdr_dst_nid,
    output wire [15:0]  m_hdr_handle,
    output wire [31:0]  m_hdr_epoch,
    output wire [31:0]  m_hdr_msg_len,
    output wire [31:0]  m_hdr_offset,
    output wire [63:0]  m_hdr_target_addr,
    output wire [15:0]  m_hdr_msg_id,
    output wire [15:0]  m_hdr_eq_handle,
    output wire [12:0]  m_hdr_pay_len,
    output wire [255:0] m_data_tdata,
    output wire [31:0]  m_data_tkeep,
    output wire         m_data_tlast,
    output wire         m_data_tvalid,
    input  wire         m_data_tready,
    input  wire [11:0]  s_axil_awaddr,
    input  wire         s_axil_awvalid,
    output wire         s_axil_awready,
    input  wire [31:0]  s_axil_wdata,
    input  wire [3:0]   s_axil_wstrb,
    input  wire         s_axil_wvalid,
    output wire         s_axil_wready,
    output wire [1:0]   s_axil_bresp,
    output wire         s_axil_bvalid,
    input  wire         s_axil_bready,
    input  wire [11:0]  s_axil_araddr,
    input  wire         s_axil_arvalid,
    output wire         s_axil_arready,
    output wire [31:0]  s_axil_rdata,
    output wire [1:0]   s_axil_rresp,
    output wire         s_axil_rvalid,
    input  wire         s_axil_rready
);
    localparam DEPTH = 1 << BUF_LOG2;
    localparam BW    = BUF_LOG2 + 1;          // pointers with a wrap bit
    localparam HW    = 493;                   // header word
    localparam [31:0] RESIDUE = 32'hDEBB20E3; // CRC-32 register after data + its own FCS/ICRC
    localparam [2:0]  GAP = 3'd5;             // cycles between two accepted tlast beats (min)

    initial begin
        if (BUF_LOG2 < 8 || BUF_LOG2 > 12 || HQ_LOG2 < 2 || HQ_LOG2 > 6) begin
            $error("%m: BUF_LOG2 8..12, HQ_LOG2 2..6 (%0d, %0d)", BUF_LOG2, HQ_LOG2);
            $finish;
        end
    end

    // ------------------------------------------------------------------ input
    reg  [7:0]  in_idx_reg;          // beats of the current packet accepted (saturates at 255)
    reg  [2:0]  gap_reg;             // cycles since the last accepted tlast (saturates at GAP)
    reg         space_ok_reg;        // payload RAM has room for the beats in flight
    reg         room_ok_reg;         // header / geometry FIFOs have room for one more packet
    reg  [4:0]  s_hold_reg;          // funnel shift of the current packet
    wire        last_ok = gap_reg == GAP && room_ok_reg;
    assign s_axis_tready = space_ok_reg && (!s_axis_tlast || last_ok);
    wire        in_fire = s_axis_tvalid && s_axis_tready;
    wire        in_first = in_idx_reg == 8'd0;
    wire [4:0]  s_in = 5'd18 - s_axis_tdata[17*8 +: 5];   // (-(total length + 14)) mod 32
    always @(posedge clk) begin
        if (rst) begin
            in_idx_reg <= 8'd0;
            gap_reg    <= 3'd0;
        end else begin
            if (in_fire)
                in_idx_reg <= s_axis_tlast ? 8'd0 : in_idx_reg + {7'd0, in_idx_reg != 8'd255};
            if (in_fire && s_axis_tlast)
                gap_reg <= 3'd1;
            else if (gap_reg != GAP)
                gap_reg <= gap_reg + 3'd1;
        end
        if (in_fire && in_first)
            s_hold_reg <= s_in;
    end

    // ------------------------------------------------------------------ A: the accepted beat
    reg         a_v_reg, a_last_reg;
    reg [255:0] a_data_reg;
    reg [31:0]  a_keep_reg;
    reg [7:0]   a_idx_reg;
    reg [4:0]   a_s_reg;
    // index flags of the beat in A, registered from in_idx (copies per 32-bit lane: fan-out)
    wire [7:0]  a_i0_c, a_i1_c;
    wire [5:0]  a_i2_c;
    wire        a_i0 = a_i0_c[0];
    reg         a_wa_reg;            // beat 3 .. 130: writes realigned beat idx - 3
    ff_keep #(.WIDTH(22)) u_aic (
        .clk(clk), .rst(1'b0),
        .d({{6{in_idx_reg == 8'd2}}, {8{in_idx_reg == 8'd1}}, {8{in_first}}}), .q({a_i2_c, a_i1_c, a_i0_c})
    );
    always @(posedge clk) begin
        a_wa_reg   <= in_idx_reg >= 8'd3 && in_idx_reg < 8'd131;
        a_v_reg    <= in_fire && !rst;
        a_data_reg <= s_axis_tdata;
        a_keep_reg <= s_axis_tkeep;
        a_last_reg <= s_axis_tlast;
        a_idx_reg  <= in_idx_reg;
        a_s_reg    <= in_first ? s_in : s_hold_reg;
    end

    // header beats 0, 1 and bytes 64..85 of beat 2, snapshotted at the last beat (P)
    reg  [255:0] hb0_reg, hb1_reg;
    reg  [175:0] hb2_reg;
    // (loaded whenever A's index matches, valid or not: an idle A holds the index of the beat still
    // to come, so a stale load is overwritten by the real beat before the snapshot needs it)
    wire [255:0] hb0_n, hb1_n;
    wire [191:0] hb2_w;
    wire [191:0] hb2_x = {16'd0, hb2_reg};
    genvar gl;
    generate
        for (gl = 0; gl < 8; gl = gl + 1) begin : g_hb
            assign hb0_n[32*gl +: 32] = a_i0_c[gl] ? a_data_reg[32*gl +: 32] : hb0_reg[32*gl +: 32];
            assign hb1_n[32*gl +: 32] = a_i1_c[gl] ? a_data_reg[32*gl +: 32] : hb1_reg[32*gl +: 32];
        end
        for (gl = 0; gl < 6; gl = gl + 1) begin : g_hb2
            assign hb2_w[32*gl +: 32] = a_i2_c[gl] ? a_data_reg[32*gl +: 32] : hb2_x[32*gl +: 32];
        end
    endgenerate
    wire [175:0] hb2_n = hb2_w[175:0];
    reg          p_v_reg, p_trunc_reg, p_over_reg;
    reg  [687:0] p_reg;              // packet bytes 0..85
    wire [159:0] p_ip;               // bytes 14..33 again, for ipv4_csum alone (a kept copy: fan-out)
    reg  [7:0]   p_idx_reg;          // index of the last beat
    reg  [31:0]  p_keep_reg;         // tkeep of the last beat
    always @(posedge clk) begin
        hb0_reg <= hb0_n;
        hb1_reg <= hb1_n;
        hb2_reg <= hb2_n;
        p_v_reg <= a_v_reg && a_last_reg && !rst;
        if (a_v_reg && a_last_reg) begin
            p_reg       <= {hb2_n, hb1_n, hb0_n};
            p_idx_reg   <= a_idx_reg;
            p_keep_reg  <= a_keep_reg;
            p_trunc_reg <= a_idx_reg < 8'd2 || (a_idx_reg == 8'd2 && !a_keep_reg[25]);
            p_over_reg  <= a_idx_reg > 8'd130 || (a_idx_reg == 8'd130 && a_keep_reg[29]);
        end
    end
    ff_keep #(.WIDTH(160)) u_pip (
        .clk(clk), .rst(1'b0), .d((a_v_reg && a_last_reg) ? {hb1_n[15:0], hb0_n[255:112]} : p_ip), .q(p_ip)
    );

    // ------------------------------------------------------------------ ICRC stream
    // A's beat with the variant bytes masked (IBA A17.4) and the CRC start folded in
    // beat 0: bytes 0-9 zero, 10-13 0xFF (pseudo-LRH), TOS (15), TTL (22), header checksum
    // (24-25) 0xFF; beat 1: UDP checksum (bytes 40-41 = lanes 8-9), BTH byte 4 (46 = lane 14) 0xFF
    localparam [255:0] M0_AND = ~{{(256 - 80){1'b0}}, 80'hFFFFFFFFFFFFFFFFFFFF};
    localparam [255:0] M0_OR  = {{(256 - 208){1'b0}}, 208'hffff00ff000000000000ff00ffffffff00000000000000000000};
    localparam [255:0] M1_OR  = {{(256 - 120){1'b0}}, 120'hFF_0000_0000_FFFF_0000_0000_0000_0000};
    wire [255:0] a_mask;
    generate
        for (gl = 0; gl < 8; gl = gl + 1) begin : g_mask
            assign a_mask[32*gl +: 32] =
                a_i0_c[gl] ? ((a_data_reg[32*gl +: 32] & M0_AND[32*gl +: 32]) | M0_OR[32*gl +: 32]) :
                a_i1_c[gl] ? (a_data_reg[32*gl +: 32] | M1_OR[32*gl +: 32]) : a_data_reg[32*gl +: 32];
        end
    endgenerate
    // B: the previous beat of the packet (masked; zero before beat 0)
    reg         b_v_reg, b_last_reg;
    reg [255:0] b_data_reg;
    reg [7:0]   b_idx_reg;
    always @(posedge clk) begin
        if (a_v_reg) begin
            b_data_reg <= a_mask;
            b_idx_reg  <= a_idx_reg;
        end
        b_v_reg    <= a_v_reg && !rst;
        b_last_reg <= a_last_reg;
    end
    wire [255:0] b_prev;
    generate
        for (gl = 0; gl < 8; gl = gl + 1) begin : g_prev
            assign b_prev[32*gl +: 32] = a_i0_c[gl] ? 32'd0 : b_data_reg[32*gl +: 32];
        end
    endgenerate
    // funnel: shifted beat = top 32 bytes of {this, previous} << s bytes; step 1 by 8*s[4:3]
    wire [511:0] f_win = {a_mask, b_prev};
    wire [511:0] f_sh1 = f_win << (64 * a_s_reg[4:3]);
    reg          f1_v_reg, f1_first_reg, f1_last_reg;
    reg  [311:0] f1_reg;
    reg  [2:0]   f1_s_reg;
    always @(posedge clk) begin
        f1_v_reg     <= a_v_reg && !rst;
        f1_first_reg <= a_i0;
        f1_last_reg  <= a_last_reg;
        f1_reg       <= f_sh1[511:200];
        f1_s_reg     <= a_s_reg[2:0];
    end
    wire [311:0] f_sh2 = f1_reg << (8 * f1_s_reg);
    reg          f2_v_reg, f2_first_reg, f2_last_reg;
    reg  [255:0] f2_reg;
    always @(posedge clk) begin
        f2_v_reg     <= f1_v_reg && !rst;
        f2_first_reg <= f1_first_reg;
        f2_last_reg  <= f1_last_reg;
        f2_reg       <= f_sh2[311:56];
    end
    wire        crc_v;
    wire [31:0] crc;
    crc32_beat #(.DATA_WIDTH(256), .CHUNK(16), .INIT(32'h00000000)) u_crc (
        .clk(clk), .rst(rst), .in_valid(f2_v_reg), .in_first(f2_first_reg), .in_data(f2_reg),
        .out_valid(crc_v), .out_crc(crc)
    );
    reg [1:0] crc_last_d;            // f2's last flag, delayed like the CRC (2 cycles)
    always @(posedge clk)
        crc_last_d <= rst ? 2'b00 : {crc_last_d[0], f2_v_reg && f2_last_reg};

    // ------------------------------------------------------------------ checks (from P)
    wire [15:0] tot_len = {p_reg[128 +: 8], p_reg[136 +: 8]};
    wire [15:0] udp_len = {p_reg[304 +: 8], p_reg[312 +: 8]};
    wire [7:0]  bth1    = p_reg[344 +: 8];
    wire [7:0]  bth8    = p_reg[400 +: 8];
    wire [7:0]  nxh0    = p_reg[432 +: 8];
    wire [7:0]  nxh1    = p_reg[440 +: 8];
    wire [1:0]  pad     = bth1[5:4];
    wire [31:0] msg_len = {p_reg[528 +: 8], p_reg[536 +: 8], p_reg[544 +: 8], p_reg[552 +: 8]};
    wire [31:0] offset  = {p_reg[560 +: 8], p_reg[568 +: 8], p_reg[576 +: 8], p_reg[584 +: 8]};
    reg         q_not_roce_reg, q_opcode_reg, q_nxh_reg, q_udp_ok_reg;
    reg  [15:0] q_lm1_reg;           // expected frame length - 1 = total length + 13
    reg  [17:0] q_pl_reg;            // total length - 76 - pad (signed: payload bytes)
    reg         q_short_reg;         // total length - 76 < pad
    reg  [32:0] q_room_reg;          // msg_len - offset (33-bit two's complement)
    always @(posedge clk) begin
        q_not_roce_reg <= {p_reg[96 +: 8], p_reg[104 +: 8]} != 16'h0800 || p_reg[112 +: 8] != 8'h45 || ({p_reg[160 +: 8], p_reg[168 +: 8]} & 16'h3FFF) != 16'd0 ||
                          p_reg[184 +: 8] != 8'd17 || {p_reg[288 +: 8], p_reg[296 +: 8]} != 16'd4791;
        q_opcode_reg   <= (p_reg[336 +: 8] != 8'hC0 && p_reg[336 +: 8] != 8'hC1) || bth1[3:0] != 4'd0 || {p_reg[352 +: 8], p_reg[360 +: 8]} != 16'hFFFF;
        q_nxh_reg      <= nxh0[7:4] != 4'd1 || nxh1[4:0] != 5'd0;
        q_udp_ok_reg   <= udp_len == tot_len - 16'd20;
        q_lm1_reg      <= tot_len + 16'd13;
        q_pl_reg       <= {2'b00, tot_len} - {11'd0, 5'b10011, pad};   // - (76 + pad)
        q_short_reg    <= {1'b0, tot_len} < {10'd0, 5'b10011, pad};   // 76 + pad
        q_room_reg     <= {1'b0, msg_len} - {1'b0, offset};
    end
    // second step: LEN, RANGE, payload geometry
    wire [4:0]  lm1_lo = q_lm1_reg[4:0];
    reg         r_len_reg, r_range_reg;
    reg  [12:0] r_pl_reg;
    reg  [7:0]  r_nb_reg;            // payload beats
    reg  [31:0] r_lkeep_reg;          // tkeep of the last payload beat
    always @(posedge clk) begin
        r_len_reg   <= !(q_udp_ok_reg && {5'd0, p_idx_reg} == {2'b00, q_lm1_reg[15:5]} &&
                         p_keep_reg == (32'hFFFFFFFF >> (5'd31 - lm1_lo)));
        r_range_reg <= q_short_reg || q_pl_reg[17] || q_pl_reg[16:0] > 17'd4096 ||
                       q_room_reg[32] || {1'b0, q_room_reg[31:0]} < {16'd0, q_pl_reg[16:0]};   // offset + payload > msg_len
        r_pl_reg    <= q_pl_reg[12:0];
        r_nb_reg    <= q_pl_reg[12:5] + {7'd0, q_pl_reg[4:0] != 5'd0};
        r_lkeep_reg <= (q_pl_reg[4:0] == 5'd0) ? 32'hFFFFFFFF : ~(32'hFFFFFFFF << q_pl_reg[4:0]);
    end
    // pad bytes: the 4 bytes before the ICRC in the last shifted beat (bytes 24..27)
    reg        pad_bad_reg;
    wire [3:0] pad_mask = pad == 2'd0 ? 4'b0000 : pad == 2'd1 ? 4'b1000 : pad == 2'd2 ? 4'b1100 : 4'b1110;
    wire [3:0] f2_padnz = {f2_reg[8*27 +: 8] != 8'd0, f2_reg[8*26 +: 8] != 8'd0,
                           f2_reg[8*25 +: 8] != 8'd0, f2_reg[8*24 +: 8] != 8'd0};
    always @(posedge clk)
        if (f2_v_reg && f2_last_reg)
            pad_bad_reg <= |(f2_padnz & pad_mask);
    // IPv4 header checksum over bytes 14..33
    wire        csum_v;
    wire [15:0] csum;
    ipv4_csum #(.PIPELINE(1)) u_csum (
        .clk(clk), .in_valid(p_v_reg), .in_hdr(p_ip), .out_valid(csum_v), .out_sum(csum)
    );

    // ------------------------------------------------------------------ verdict (one-hot)
    // 0 OK, 1 TRUNC, 2 NOT_ROCE, 3 IP_CSUM, 4 LEN, 5 ICRC, 6 OPCODE, 7 NXH, 8 RANGE, 9 OVERSIZE
    reg  [9:0] v_reg;
    reg        v_v_reg;
    wire       icrc_bad = crc != RESIDUE;
    reg  [9:0] v_n;
    always @* begin
        v_n = 10'd0;
        if (p_trunc_reg)                v_n[1] = 1'b1;
        else if (p_over_reg)            v_n[9] = 1'b1;
        else if (q_not_roce_reg)        v_n[2] = 1'b1;
        else if (csum != 16'hFFFF)      v_n[3] = 1'b1;
        else if (r_len_reg)             v_n[4] = 1'b1;
        else if (icrc_bad)              v_n[5] = 1'b1;
        else if (q_opcode_reg)          v_n[6] = 1'b1;
        else if (q_nxh_reg)             v_n[7] = 1'b1;
        else if (r_range_reg || pad_bad_reg) v_n[8] = 1'b1;
        else                            v_n[0] = 1'b1;
    end
    always @(posedge clk) begin
        v_v_reg <= crc_last_d[1] && !rst;
        v_reg   <= v_n;
    end
    wire good = v_v_reg && v_reg[0];

    // ------------------------------------------------------------------ payload write
    // realigned beat k = bytes 22..31 of beat k + 2, bytes 0..21 of beat k + 3 (written when beat
    // k + 3 is in A); the last beat's tail is flushed in the next cycle (B = last beat)
    wire        wa = a_v_reg && a_wa_reg;
    wire        wf = b_v_reg && b_last_reg && b_idx_reg >= 8'd2 && b_idx_reg < 8'd130;
    reg         w1_v_reg, w2_v_reg;
    reg [6:0]   w1_k_reg, w2_k_reg;
    reg [255:0] w1_d_reg, w2_d_reg;
    always @(posedge clk) begin
        w1_v_reg <= (wa || wf) && !rst;
        w1_k_reg <= wa ? a_idx_reg[6:0] - 7'd3 : b_idx_reg[6:0] - 7'd2;
        w1_d_reg <= {wa ? a_data_reg[175:0] : 176'd0, b_data_reg[255:176]};
        w2_v_reg <= w1_v_reg && !rst;
        w2_k_reg <= w1_k_reg;
        w2_d_reg <= w1_d_reg;
    end
    reg  [BW-1:0] base_reg, wp_hi_reg, rd_ptr_reg;
    wire [BW-1:0] w_addr = base_reg + {{(BW-7){1'b0}}, w2_k_reg};
    // no_rw_check: a read of a line in the cycle it is written is never used (reads stay below the
    // committed base, writes at or above it; an idle read's data is dropped), so no bypass LUT
    // after the block RAM
    (* no_rw_check *) reg [255:0] buf_mem [0:DEPTH-1];
    always @(posedge clk)
        if (w2_v_reg)
            buf_mem[w_addr[BUF_LOG2-1:0]] <= w2_d_reg;
    always @(posedge clk) begin
        if (rst) begin
            base_reg  <= {BW{1'b0}};
            wp_hi_reg <= {BW{1'b0}};
        end else begin
            if (good)
                base_reg <= base_reg + {{(BW-8){1'b0}}, r_nb_reg};
            if (w2_v_reg)
                wp_hi_reg <= w_addr + 1'b1;
            else if (v_v_reg && !v_reg[0])
                wp_hi_reg <= base_reg;
        end
    end
    wire [BW-1:0] used = wp_hi_reg - rd_ptr_reg;
    always @(posedge clk)
        space_ok_reg <= !rst && used < DEPTH - 12;

    // ------------------------------------------------------------------ header and geometry FIFOs
    wire [HW-1:0] hq_in = {p_reg[336 +: 8], p_reg[408 +: 8], p_reg[416 +: 8], p_reg[424 +: 8], p_reg[376 +: 8], p_reg[384 +: 8], p_reg[392 +: 8], bth8[7],
                           p_reg[0 +: 8], p_reg[8 +: 8], p_reg[16 +: 8], p_reg[24 +: 8], p_reg[32 +: 8], p_reg[40 +: 8], p_reg[48 +: 8], p_reg[56 +: 8], p_reg[64 +: 8], p_reg[72 +: 8], p_reg[80 +: 8], p_reg[88 +: 8],
                           p_reg[208 +: 8], p_reg[216 +: 8], p_reg[224 +: 8], p_reg[232 +: 8], p_reg[240 +: 8], p_reg[248 +: 8], p_reg[256 +: 8], p_reg[264 +: 8], p_reg[272 +: 8], p_reg[280 +: 8],
                           nxh0[3:0], nxh1[7:5], p_reg[448 +: 8], p_reg[456 +: 8], p_reg[464 +: 8], p_reg[472 +: 8], p_reg[480 +: 8], p_reg[488 +: 8],
                           p_reg[496 +: 8], p_reg[504 +: 8], p_reg[512 +: 8], p_reg[520 +: 8], msg_len, offset,
                           p_reg[592 +: 8], p_reg[600 +: 8], p_reg[608 +: 8], p_reg[616 +: 8], p_reg[624 +: 8], p_reg[632 +: 8], p_reg[640 +: 8], p_reg[648 +: 8],
                           p_reg[656 +: 8], p_reg[664 +: 8], p_reg[672 +: 8], p_reg[680 +: 8], r_pl_reg};
    wire [HW-1:0] hq_out, hs_out;
    wire          hq_valid, hq_pop;
    wire [HQ_LOG2:0] hq_count, lq_count;
    sync_fifo #(.WIDTH(HW), .DEPTH(1 << HQ_LOG2)) u_hq (
        .clk(clk), .rst(rst), .s_data(hq_in), .s_valid(good), .s_ready(),
        .m_data(hq_out), .m_valid(hq_valid), .m_ready(hq_pop), .count(hq_count)
    );
    axis_skid #(.DATA_WIDTH(HW)) u_hs (
        .clk(clk), .rst(rst), .s_data(hq_out), .s_valid(hq_valid), .s_ready(hq_pop),
        .m_data(hs_out), .m_valid(m_hdr_valid), .m_ready(m_hdr_ready)
    );
    assign {m_hdr_opcode, m_hdr_psn, m_hdr_dest_qp, m_hdr_ack_req, m_hdr_dst_mac, m_hdr_src_mac,
            m_hdr_src_ip, m_hdr_dst_ip, m_hdr_udp_sport, m_hdr_flags, m_hdr_vn, m_hdr_src_nid,
            m_hdr_dst_nid, m_hdr_handle, m_hdr_epoch, m_hdr_msg_len, m_hdr_offset, m_hdr_target_addr,
            m_hdr_msg_id, m_hdr_eq_handle, m_hdr_pay_len} = hs_out;
    wire [39:0] lq_out;
    wire        lq_valid, lq_pop;
    sync_fifo #(.WIDTH(40), .DEPTH(1 << HQ_LOG2)) u_lq (
        .clk(clk), .rst(rst), .s_data({r_lkeep_reg, r_nb_reg - 8'd1}), .s_valid(good && r_nb_reg != 8'd0),
        .s_ready(), .m_data(lq_out), .m_valid(lq_valid), .m_ready(lq_pop), .count(lq_count)
    );
    always @(posedge clk)
        room_ok_reg <= !rst && hq_count < (1 << HQ_LOG2) - 1 && lq_count < (1 << HQ_LOG2) - 1;

    // ------------------------------------------------------------------ payload read
    // the head packet's geometry is loaded into registers (one idle cycle per packet), then its
    // beats are read: RAM (registered read, R1), a register after the RAM (R2), the output FIFO
    reg          r_act_reg;          // a packet is being read
    reg  [6:0]   r_left_reg;         // its beats left - 1
    reg  [31:0]  rd_lkeep_reg;        // its last beat's tkeep
    reg          r1_v_reg, r1_last_reg, r2_v_reg, r2_last_reg;
    reg  [31:0]  r1_keep_reg, r2_keep_reg;
    reg  [255:0] r1_data_reg, r2_data_reg;
    wire [3:0]   oq_count;
    wire         rd_last = r_left_reg == 7'd0;
    wire         rd_go = r_act_reg && ({1'b0, oq_count} + {4'd0, r1_v_reg} + {4'd0, r2_v_reg}) < 5'd6;
    assign lq_pop = !r_act_reg && lq_valid;
    always @(posedge clk) begin
        if (rst) begin
            r_act_reg  <= 1'b0;
            rd_ptr_reg <= {BW{1'b0}};
        end else if (lq_pop) begin
            r_act_reg  <= 1'b1;
        end else if (rd_go) begin
            r_act_reg  <= !rd_last;
            rd_ptr_reg <= rd_ptr_reg + 1'b1;
        end
        if (lq_pop) begin
            r_left_reg  <= lq_out[6:0];
            rd_lkeep_reg <= lq_out[39:8];
        end else if (rd_go) begin
            r_left_reg  <= r_left_reg - 7'd1;
        end
        r1_v_reg    <= rd_go && !rst;
        r1_last_reg <= rd_last;
        r1_keep_reg <= rd_last ? rd_lkeep_reg : 32'hFFFFFFFF;
        r1_data_reg <= buf_mem[rd_ptr_reg[BUF_LOG2-1:0]];
        r2_v_reg    <= r1_v_reg && !rst;
        r2_last_reg <= r1_last_reg;
        r2_keep_reg <= r1_keep_reg;
        r2_data_reg <= r1_data_reg;
    end
    wire [288:0] oq_out, os_out;
    wire         oq_valid, oq_pop;
    sync_fifo #(.WIDTH(289), .DEPTH(8)) u_oq (
        .clk(clk), .rst(rst), .s_data({r2_last_reg, r2_keep_reg, r2_data_reg}), .s_valid(r2_v_reg), .s_ready(),
        .m_data(oq_out), .m_valid(oq_valid), .m_ready(oq_pop), .count(oq_count)
    );
    axis_skid #(.DATA_WIDTH(289)) u_os (
        .clk(clk), .rst(rst), .s_data(oq_out), .s_valid(oq_valid), .s_ready(oq_pop),
        .m_data(os_out), .m_valid(m_data_tvalid), .m_ready(m_data_tready)
    );
    assign {m_data_tlast, m_data_tkeep, m_data_tdata} = os_out;

    // ------------------------------------------------------------------ counters
    stats_counter_axil #(.N(10), .CNT_WIDTH(32), .ADDR_WIDTH(12)) u_stats (
        .clk(clk), .rst(rst), .stat_inc(v_v_reg ? v_reg : 10'd0), .stat_clear(1'b0), .stat_busy(),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready)
    );
endmodule

`resetall
