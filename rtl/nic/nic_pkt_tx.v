`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_pkt_tx: the NIC's transmit framer: a message {header, bytes} becomes packets of the NIC
// wire format, Ethernet / IPv4 / UDP 4791 / BTH (opcode 0xC0) / NXH / payload / pad / ICRC, one
// packet per path-MTU payload (docs/nic.md sections 3 and 4; C model cmodel/nic_pkt_tx.c).
//
// Source: seed 003 L58 (a message leaves as {destination, length} + {data, VN, VC}); the wire
// format of docs/nic.md 3 (IBA A17 RoCEv2 framing, ICRC A17.4); issue 12.
//
// Ports (one clock, synchronous active-high rst):
//   cfg_*     configuration, sampled per packet: change only while idle (nic_top drives it from
//             its CSRs): src MAC, dst MAC base (bits 15:0 replaced by dst_nid), src IP, dst IP
//             base (bits 15:0 replaced by dst_nid), src NID, TOS, TTL, pmtu_log2 (8..12: payload
//             256..4096 bytes per packet; other values act as 8 / 12)
//   s_hdr     one message header (valid/ready): msg_len[20:0] bytes, vn[2:0], dst_nid, msg_id,
//             eq_handle, handle, target_addr[63:0], dest_qp[23:0], psn[23:0] (PSN of the first
//             packet), epoch[31:0], reset, half (NXH R / H flags)
//   s_data    the message bytes, AXI4-Stream 256-bit (byte 0 = tdata[7:0] of the first beat),
//             one stream packet per message with msg_len > 0, in header order; tkeep masks bytes
//   m_pkt     the packets, AXI4-Stream 256-bit, registered (axis_skid)
//   stat_*    one-cycle pulses for the counters nic_top keeps: stat_msg (a message fully
//             segmented), stat_pkt with stat_payload[12:0] (a packet's payload bytes, at its
//             descriptor), stat_err_zero (a header with msg_len 0: dropped, consumes no data),
//             stat_err_short (the data ended before msg_len: the rest is sent as zeros),
//             stat_err_long (more data than msg_len: the excess is dropped)
// Per packet i: NXH offset i*P, F (i == 0), L (last), R / H from the header; BTH PSN = psn + i,
//   AckReq = L, PadCnt; IPv4 identification = PSN[15:0]; UDP source port
//   0xC000 | ((vn << 11) ^ dst_nid) & 0x3FFF.
// Pipeline: S0 segments a message into packet descriptors (one per cycle), S1-S2 compute the
//   packet geometry and the IPv4 header, ipv4_csum (2 cycles) its checksum; descriptors wait in
//   a FIFO (message fields in a second FIFO, one entry per message). G makes one frame beat per
//   cycle: beats 0-1 header, beat 2 header bytes 64-85 + payload bytes 0-9, then 22 bytes of the
//   previous input beat + 10 of the current (a fixed 22-byte shift: packets start at multiples
//   of P, so input beats never straddle packets). The ICRC runs on a copy of each beat with the
//   variant fields forced to 0xFF, funnel-shifted by s = 32 - ((L - 4) mod 32) bytes so that the
//   covered bytes end on a beat boundary (leading zero bytes do not change a CRC register that
//   starts at 0; the first 4 bytes of the 0xFF pseudo-LRH are inverted instead of starting at
//   0xFFFFFFFF: crc32_beat INIT 0). Beats wait in an 8-deep FIFO; the output inserts the ICRC
//   into the last beat(s) when crc32_beat (latency 2) has it.
// Latency: s_hdr handshake to the first m_pkt beat about 9 cycles. Throughput: one beat per
//   cycle, minus about 3 cycles per packet waiting for the ICRC (a packet of 4 KiB payload,
//   131 beats: 98 %; 1 KiB: 92 %).
// Errors: the stat_err_* pulses above; nothing blocks (a short message is zero-filled, a long
//   one drained to its tlast).
module nic_pkt_tx (
    input  wire         clk,
    input  wire         rst,
    input  wire [47:0]  cfg_src_mac,
    input  wire [47:0]  cfg_dst_mac_base,
    input  wire [31:0]  cfg_src_ip,
    input  wire [31:0]  cfg_dst_ip_base,
    input  wire [15:0]  cfg_src_nid,
    input  wire [7:0]   cfg_tos,
    input  wire [7:0]   cfg_ttl,
    input  wire [3:0]   cfg_pmtu_log2,
    input  wire         s_hdr_valid,
    output wire         s_hdr_ready,
    input  wire [20:0]  s_hdr_msg_len,
    input  wire [2:0]   s_hdr_vn,
    input  wire [15:0]  s_hdr_dst_nid,
    input  wire [15:0]  s_hdr_msg_id,
    input  wire [15:0]  s_hdr_eq_handle,
    input  wire [15:0]  s_hdr_handle,
    input  wire [63:0]  s_hdr_target_addr,
    input  wire [23:0]  s_hdr_dest_qp,
    input  wire [23:0]  s_hdr_psn,
    input  wire [31:0]  s_hdr_epoch,
    input  wire         s_hdr_reset,
    input  wire         s_hdr_half,
    input  wire [255:0] s_data_tdata,
    input  wire [31:0]  s_data_tkeep,
    input  wire         s_data_tvalid,
    output wire         s_data_tready,
    input  wire         s_data_tlast,
    output wire [255:0] m_pkt_tdata,
    output wire [31:0]  m_pkt_tkeep,
    output wire         m_pkt_tvalid,
    input  wire         m_pkt_tready,
    output wire         m_pkt_tlast,
    output reg          stat_msg,
    output reg          stat_pkt,
    output reg  [12:0]  stat_payload,
    output reg          stat_err_zero,
    output reg          stat_err_short,
    output reg          stat_err_long
);
    // ------------------------------------------------------------------ message FIFO
    // {msg_len, vn, dst_nid, msg_id, eq_handle, handle, target_addr, dest_qp, epoch, reset, half}
    localparam MW = 21 + 3 + 16 + 16 + 16 + 16 + 64 + 24 + 32 + 2;
    wire [MW-1:0] mq_in = {s_hdr_msg_len, s_hdr_vn, s_hdr_dst_nid, s_hdr_msg_id, s_hdr_eq_handle,
                           s_hdr_handle, s_hdr_target_addr, s_hdr_dest_qp, s_hdr_epoch, s_hdr_reset,
                           s_hdr_half};
    wire [MW-1:0] mq_out;
    wire          mq_s_ready, mq_m_valid;
    reg           mq_pop;
    reg           dq_pop;

    // ------------------------------------------------------------------ S0: segmentation
    reg         m_busy_reg;          // a message is being segmented
    reg  [20:0] m_rem_reg;           // bytes not yet given to a packet
    reg  [20:0] m_off_reg;           // message offset of the next packet
    reg  [23:0] m_psn_reg;           // PSN of the next packet
    reg  [15:0] m_dst_nid_reg;
    reg         m_first_reg;
    reg  [3:0]  pmtu_reg;            // pmtu_log2 clamped to 8..12, registered

    wire        hdr_take = s_hdr_valid && s_hdr_ready;
    wire        hdr_zero = s_hdr_msg_len == 21'd0;
    // a header is taken while no message is being segmented, and its message fields fit
    assign s_hdr_ready = !m_busy_reg && (mq_s_ready || hdr_zero);

    wire [12:0] pmtu = 13'd1 << pmtu_reg;
    wire        s0_last = m_rem_reg <= {8'd0, pmtu};
    wire [12:0] s0_n = s0_last ? m_rem_reg[12:0] : pmtu;

    // descriptor credit: FIFO words + descriptors in S1..S4 < depth
    localparam DQ_DEPTH = 8;
    wire [3:0] dq_count;
    reg        s1_valid_reg, s2_valid_reg, s3_valid_reg, s4_valid_reg;
    wire [3:0] dq_used = dq_count + {3'd0, s1_valid_reg} + {3'd0, s2_valid_reg} + {3'd0, s3_valid_reg} +
                         {3'd0, s4_valid_reg};
    wire       s0_issue = m_busy_reg && dq_used < DQ_DEPTH - 1;

    always @(posedge clk) begin
        pmtu_reg <= (cfg_pmtu_log2 < 4'd8) ? 4'd8 : (cfg_pmtu_log2 > 4'd12) ? 4'd12 : cfg_pmtu_log2;
        if (hdr_take && !hdr_zero) begin
            m_busy_reg    <= 1'b1;
            m_rem_reg     <= s_hdr_msg_len;
            m_off_reg     <= 21'd0;
            m_psn_reg     <= s_hdr_psn;
            m_dst_nid_reg <= s_hdr_dst_nid;
            m_first_reg   <= 1'b1;
        end else if (s0_issue) begin
            m_busy_reg  <= !s0_last;
            m_rem_reg   <= m_rem_reg - {8'd0, s0_n};
            m_off_reg   <= m_off_reg + {8'd0, s0_n};
            m_psn_reg   <= m_psn_reg + 24'd1;
            m_first_reg <= 1'b0;
        end
        if (rst)
            m_busy_reg <= 1'b0;
    end

    // ------------------------------------------------------------------ S1, S2: geometry, IPv4
    reg [12:0] s1_n_reg;
    reg        s1_first_reg, s1_last_reg;
    reg [20:0] s1_off_reg;
    reg [23:0] s1_psn_reg;
    reg [15:0] s1_dst_nid_reg;
    always @(posedge clk) begin
        s1_valid_reg <= s0_issue && !rst;
        if (s0_issue) begin
            s1_n_reg       <= s0_n;
            s1_first_reg   <= m_first_reg;
            s1_last_reg    <= s0_last;
            s1_off_reg     <= m_off_reg;
            s1_psn_reg     <= m_psn_reg;
            s1_dst_nid_reg <= m_dst_nid_reg;
        end
    end

    // npad = n + pad (a multiple of 4), L = 90 + npad bytes
    wire [12:0] s1_npad = s1_n_reg + {11'd0, 2'd0 - s1_n_reg[1:0]};
    reg  [12:0] s2_n_reg;
    reg  [1:0]  s2_pad_reg;
    reg  [7:0]  s2_bcrc_reg;       // beat holding the last ICRC-covered byte: (L - 5) / 32
    reg  [4:0]  s2_k_reg;          // lane of ICRC byte 0 in that beat: (L - 4) mod 32
    reg  [7:0]  s2_nin_reg;        // input beats: ceil(n / 32)
    reg  [15:0] s2_totlen_reg;     // IPv4 total length 76 + npad
    reg         s2_first_reg, s2_last_reg;
    reg  [20:0] s2_off_reg;
    reg  [23:0] s2_psn_reg;
    reg  [15:0] s2_dst_nid_reg;
    wire [12:0] s1_l4 = 13'd86 + s1_npad;          // L - 4 (at most 4182)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [12:0] s1_in = s1_n_reg + 13'd31;          // bits 12:5: ceil(n / 32)
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) begin
        s2_valid_reg <= s1_valid_reg && !rst;
        if (s1_valid_reg) begin
            s2_n_reg       <= s1_n_reg;
            s2_pad_reg     <= 2'd0 - s1_n_reg[1:0];
            s2_bcrc_reg    <= {s1_l4[12:5]};
            s2_k_reg       <= s1_l4[4:0];
            s2_nin_reg     <= s1_in[12:5];
            s2_totlen_reg  <= {3'd0, s1_npad} + 16'd76;
            s2_first_reg   <= s1_first_reg;
            s2_last_reg    <= s1_last_reg;
            s2_off_reg     <= s1_off_reg;
            s2_psn_reg     <= s1_psn_reg;
            s2_dst_nid_reg <= s1_dst_nid_reg;
        end
    end

    // IPv4 header (wire order, byte 0 in bits 7:0) with the checksum field 0
    wire [31:0]  dst_ip_s2 = {cfg_dst_ip_base[31:16], s2_dst_nid_reg};
    wire [159:0] s2_iphdr = {dst_ip_s2[7:0], dst_ip_s2[15:8], dst_ip_s2[23:16], dst_ip_s2[31:24],
                             cfg_src_ip[7:0], cfg_src_ip[15:8], cfg_src_ip[23:16], cfg_src_ip[31:24],
                             16'h0000, 8'd17, cfg_ttl, 8'h00, 8'h40,
                             s2_psn_reg[7:0], s2_psn_reg[15:8], s2_totlen_reg[7:0], s2_totlen_reg[15:8],
                             cfg_tos, 8'h45};
    wire        csum_valid;
    wire [15:0] csum_sum;
    ipv4_csum #(.PIPELINE(1)) u_csum (
        .clk(clk), .in_valid(s2_valid_reg), .in_hdr(s2_iphdr), .out_valid(csum_valid), .out_sum(csum_sum)
    );

    // packet descriptor, delayed beside the checksum (S3, S4)
    localparam DW_ = 13 + 2 + 8 + 5 + 8 + 16 + 1 + 1 + 21 + 24;
    wire [DW_-1:0] s2_desc = {s2_n_reg, s2_pad_reg, s2_bcrc_reg, s2_k_reg, s2_nin_reg,
                              s2_totlen_reg, s2_first_reg, s2_last_reg, s2_off_reg, s2_psn_reg};
    reg  [DW_-1:0] s3_desc_reg, s4_desc_reg;
    always @(posedge clk) begin
        s3_valid_reg <= s2_valid_reg && !rst;
        s4_valid_reg <= s3_valid_reg && !rst;
        s3_desc_reg  <= s2_desc;
        s4_desc_reg  <= s3_desc_reg;
    end

    wire [DW_+15:0] dq_out;
    wire            dq_m_valid;
    /* verilator lint_off PINCONNECTEMPTY */
    sync_fifo #(.WIDTH(DW_ + 16), .DEPTH(DQ_DEPTH)) u_descq (
        .clk(clk), .rst(rst), .s_data({s4_desc_reg, ~csum_sum}), .s_valid(s4_valid_reg && csum_valid),
        .s_ready(), .m_data(dq_out), .m_valid(dq_m_valid), .m_ready(dq_pop), .count(dq_count)
    );
    sync_fifo #(.WIDTH(MW), .DEPTH(4)) u_msgq (
        .clk(clk), .rst(rst), .s_data(mq_in), .s_valid(hdr_take && !hdr_zero), .s_ready(mq_s_ready),
        .m_data(mq_out), .m_valid(mq_m_valid), .m_ready(mq_pop), .count()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // head descriptor and message fields
    wire [12:0] d_n;
    wire [1:0]  d_pad;
    wire [7:0]  d_bcrc, d_nin;
    wire [4:0]  d_k;
    wire [15:0] d_totlen, d_csum;
    wire        d_first, d_last;
    wire [20:0] d_off;
    wire [23:0] d_psn;
    assign {d_n, d_pad, d_bcrc, d_k, d_nin, d_totlen, d_first, d_last, d_off, d_psn, d_csum} = dq_out;
    wire [20:0] q_msg_len;
    wire [2:0]  q_vn;
    wire [15:0] q_dst_nid, q_msg_id, q_eq_handle, q_handle;
    wire [63:0] q_target_addr;
    wire [23:0] q_dest_qp;
    wire [31:0] q_epoch;
    wire        q_reset, q_half;
    assign {q_msg_len, q_vn, q_dst_nid, q_msg_id, q_eq_handle, q_handle, q_target_addr, q_dest_qp, q_epoch,
            q_reset, q_half} = mq_out;

    // ------------------------------------------------------------------ the 86 header bytes
    reg [7:0] hb [0:85];
    wire [15:0] sport = 16'hC000 | ((({13'd0, q_vn} << 11) ^ q_dst_nid) & 16'h3FFF);
    wire [15:0] udplen = d_totlen - 16'd20;
    wire [31:0] msg_len32 = {11'd0, q_msg_len};
    wire [31:0] off32 = {11'd0, d_off};
    integer j;
    always @* begin
        for (j = 0; j < 6; j = j + 1) begin
            hb[j]     = (j < 4) ? cfg_dst_mac_base[8*(5-j) +: 8] : q_dst_nid[8*(5-j) +: 8];
            hb[6 + j] = cfg_src_mac[8*(5-j) +: 8];
        end
        hb[12] = 8'h08; hb[13] = 8'h00;
        hb[14] = 8'h45; hb[15] = cfg_tos; hb[16] = d_totlen[15:8]; hb[17] = d_totlen[7:0];
        hb[18] = d_psn[15:8]; hb[19] = d_psn[7:0]; hb[20] = 8'h40; hb[21] = 8'h00;
        hb[22] = cfg_ttl; hb[23] = 8'd17; hb[24] = d_csum[15:8]; hb[25] = d_csum[7:0];
        for (j = 0; j < 4; j = j + 1) begin
            hb[26 + j] = cfg_src_ip[8*(3-j) +: 8];
            hb[30 + j] = (j < 2) ? cfg_dst_ip_base[8*(3-j) +: 8] : q_dst_nid[8*(3-j) +: 8];
        end
        hb[34] = sport[15:8]; hb[35] = sport[7:0]; hb[36] = 8'h12; hb[37] = 8'hB7;
        hb[38] = udplen[15:8]; hb[39] = udplen[7:0]; hb[40] = 8'h00; hb[41] = 8'h00;
        hb[42] = 8'hC0; hb[43] = {2'b00, d_pad, 4'h0}; hb[44] = 8'hFF; hb[45] = 8'hFF; hb[46] = 8'h00;
        hb[47] = q_dest_qp[23:16]; hb[48] = q_dest_qp[15:8]; hb[49] = q_dest_qp[7:0];
        hb[50] = {d_last, 7'd0}; hb[51] = d_psn[23:16]; hb[52] = d_psn[15:8]; hb[53] = d_psn[7:0];
        hb[54] = {4'h1, d_first, d_last, q_reset, q_half}; hb[55] = {q_vn, 5'd0};
        hb[56] = cfg_src_nid[15:8]; hb[57] = cfg_src_nid[7:0];
        hb[58] = q_dst_nid[15:8]; hb[59] = q_dst_nid[7:0];
        hb[60] = q_handle[15:8]; hb[61] = q_handle[7:0];
        for (j = 0; j < 4; j = j + 1) begin
            hb[62 + j] = q_epoch[8*(3-j) +: 8];
            hb[66 + j] = msg_len32[8*(3-j) +: 8];
            hb[70 + j] = off32[8*(3-j) +: 8];
        end
        for (j = 0; j < 8; j = j + 1)
            hb[74 + j] = q_target_addr[8*(7-j) +: 8];
        hb[82] = q_msg_id[15:8]; hb[83] = q_msg_id[7:0];
        hb[84] = q_eq_handle[15:8]; hb[85] = q_eq_handle[7:0];
    end

    // ------------------------------------------------------------------ G: frame beats
    reg         g_bi0_reg;           // beat 0 of the head descriptor comes next
    reg         g_bi1_reg;           // beat 1 (header only) comes next
    reg  [7:0]  g_bi_reg;            // beat index in the packet
    reg  [7:0]  g_in_left_reg;       // input beats of this packet not yet taken
    reg  [13:0] g_end_reg;           // 86 + n - 32 * bi: data bytes end, relative to this beat (signed)
    reg  [13:0] g_lend_reg;          // L - 32 * bi
    reg  [175:0] g_held_reg;         // lanes 10..31 of the previous input beat
    reg  [255:0] g_prevm_reg;        // previous masked beat (ICRC funnel)
    reg         g_short_reg;         // this message's data ended early: zero-fill
    reg         g_drain_reg;         // drop input beats up to tlast (data longer than msg_len)

    wire        ob_s_ready;
    wire        g_active = dq_m_valid && mq_m_valid && !g_drain_reg;
    wire        g_in_need = !g_bi0_reg && !g_bi1_reg && g_in_left_reg != 8'd0 && !g_short_reg;
    wire        g_go = g_active && ob_s_ready && (!g_in_need || s_data_tvalid);
    wire        g_take = g_go && g_in_need;
    wire        g_end_pkt = !g_bi0_reg && g_lend_reg <= 14'd32;
    wire        g_final_in = d_last && g_in_left_reg == 8'd1;   // the message's last input beat
    assign s_data_tready = (g_active && ob_s_ready && g_in_need) || g_drain_reg;
    // the FIFO heads move on the packet's last beat; the next cycle sees the next packet
    always @* begin
        dq_pop = g_go && g_end_pkt;
        mq_pop = g_go && g_end_pkt && d_last;
    end

    // input beat, tkeep-masked
    reg [255:0] in_m;
    always @* begin
        for (j = 0; j < 32; j = j + 1)
            in_m[8*j +: 8] = (g_in_need && s_data_tkeep[j]) ? s_data_tdata[8*j +: 8] : 8'h00;
    end
    // bytes in the message's last input beat: ((n - 1) mod 32) + 1
    wire [5:0] last_cnt = {1'b0, d_n[4:0] - 5'd1} + 6'd1;
    wire       keep_beyond = last_cnt != 6'd32 && s_data_tkeep[last_cnt[4:0]];
    wire       keep_short  = !s_data_tkeep[last_cnt[4:0] - 5'd1];

    // the frame beat and its ICRC-masked copy (beat 0: all 32 lanes are header bytes)
    reg [255:0] g_data, g_mask;
    reg [31:0]  g_keep;
    always @* begin
        for (j = 0; j < 32; j = j + 1) begin
            if (g_bi0_reg)
                g_data[8*j +: 8] = hb[j];
            else if (g_bi1_reg)
                g_data[8*j +: 8] = hb[32 + j];
            else if (g_bi_reg == 8'd2)
                g_data[8*j +: 8] = (j < 22) ? hb[64 + j] : in_m[8*(j-22) +: 8];
            else
                g_data[8*j +: 8] = (j < 22) ? g_held_reg[8*j +: 8] : in_m[8*(j-22) +: 8];
            // bytes at or past 86 + n: pad and ICRC lanes (and bytes of a longer message), zero
            // here; g_end_reg is negative in a beat after the last data byte
            if (!g_bi0_reg && (g_end_reg[13] || {8'd0, j[5:0]} >= g_end_reg))
                g_data[8*j +: 8] = 8'h00;
            g_keep[j] = g_bi0_reg || {8'd0, j[5:0]} < g_lend_reg;
            // ICRC: bytes 0-9 zero (MAC, the first pseudo-LRH bytes inverted), 10-13 0xFF; TOS,
            // TTL, IPv4 checksum, UDP checksum, BTH byte 4 forced to 0xFF (IBA A17.4)
            g_mask[8*j +: 8] = g_data[8*j +: 8];
            if (g_bi0_reg && j < 10)
                g_mask[8*j +: 8] = 8'h00;
            if (g_bi0_reg && ((j >= 10 && j < 14) || j == 15 || j == 22 || j == 24 || j == 25))
                g_mask[8*j +: 8] = 8'hFF;
            if (g_bi1_reg && (j == 8 || j == 9 || j == 14))
                g_mask[8*j +: 8] = 8'hFF;
        end
    end

    always @(posedge clk) begin
        stat_err_short <= 1'b0;
        stat_err_long  <= 1'b0;
        if (g_drain_reg && s_data_tvalid && s_data_tlast)
            g_drain_reg <= 1'b0;
        if (g_go) begin
            g_bi0_reg   <= g_end_pkt;
            g_bi1_reg   <= g_bi0_reg;
            g_prevm_reg <= g_mask;
            g_held_reg  <= in_m[255:80];
            if (g_bi0_reg) begin
                // beat 0 out: load the counters for beat 1
                g_bi_reg      <= 8'd1;
                g_in_left_reg <= d_nin;
                g_end_reg     <= 14'd54 + {1'b0, d_n};
                g_lend_reg    <= 14'd58 + {1'b0, d_n} + {12'd0, d_pad};
            end else begin
                g_bi_reg   <= g_bi_reg + 8'd1;
                g_end_reg  <= g_end_reg - 14'd32;
                g_lend_reg <= g_lend_reg - 14'd32;
            end
            if (g_take) begin
                g_in_left_reg <= g_in_left_reg - 8'd1;
                if (g_final_in) begin
                    if (!s_data_tlast || keep_beyond) begin
                        stat_err_long <= 1'b1;
                        g_drain_reg   <= !s_data_tlast;
                    end else if (keep_short)
                        stat_err_short <= 1'b1;
                end else if (s_data_tlast) begin
                    stat_err_short <= 1'b1;
                    g_short_reg    <= 1'b1;
                end
            end
            if (g_end_pkt && d_last)
                g_short_reg <= 1'b0;
        end
        if (rst) begin
            g_bi0_reg   <= 1'b1;
            g_bi1_reg   <= 1'b0;
            g_bi_reg    <= 8'd0;
            g_short_reg <= 1'b0;
            g_drain_reg <= 1'b0;
            stat_err_short <= 1'b0;
            stat_err_long  <= 1'b0;
        end
    end

    // ------------------------------------------------------------------ ICRC path
    // shift s = 32 - k; CRC beat = {head (32 - s bytes) of this beat, tail (s bytes) of the previous}
    wire [4:0]  s_sh = 5'd0 - d_k;
    wire [31:0] s_sh32 = {27'd0, s_sh};
    reg [255:0] crc_in;
    always @* begin
        for (j = 0; j < 32; j = j + 1)
            crc_in[8*j +: 8] = (j[4:0] < s_sh) ? (g_bi0_reg ? 8'h00 : g_prevm_reg[8*(j + 32 - s_sh32) +: 8])
                                               : g_mask[8*(j - s_sh32) +: 8];
    end
    reg         crc_v_reg, crc_first_reg, crc_last_reg;
    reg [255:0] crc_in_reg;
    always @(posedge clk) begin
        crc_v_reg     <= g_go && (g_bi0_reg || g_bi_reg <= d_bcrc) && !rst;
        crc_first_reg <= g_bi0_reg;
        crc_last_reg  <= !g_bi0_reg && g_bi_reg == d_bcrc;
        crc_in_reg    <= crc_in;
    end
    wire        crc_out_valid;
    wire [31:0] crc_out;
    reg  [1:0]  crc_last_d;
    crc32_beat #(.DATA_WIDTH(256), .CHUNK(32), .INIT(32'h00000000)) u_crc (
        .clk(clk), .rst(rst), .in_valid(crc_v_reg), .in_first(crc_first_reg), .in_data(crc_in_reg),
        .out_valid(crc_out_valid), .out_crc(crc_out)
    );
    always @(posedge clk)
        crc_last_d <= rst ? 2'b00 : {crc_last_d[0], crc_v_reg && crc_last_reg};
    wire [31:0] cq_out;
    wire        cq_m_valid;
    wire        ob_pop;
    wire [255:0] ob_data;
    wire [31:0]  ob_keep;
    wire         ob_last, ob_icrc;
    wire [5:0]   ob_ipos;
    /* verilator lint_off PINCONNECTEMPTY */
    sync_fifo #(.WIDTH(32), .DEPTH(8)) u_crcq (
        .clk(clk), .rst(rst), .s_data(~crc_out), .s_valid(crc_out_valid && crc_last_d[1]), .s_ready(),
        .m_data(cq_out), .m_valid(cq_m_valid), .m_ready(ob_pop && ob_last), .count()
    );

    // ------------------------------------------------------------------ beat FIFO, ICRC insert
    // per beat: ipos = lane of ICRC byte 0 (k in beat bcrc; k - 32 in the next beat), icrc flag
    wire        g_icrc = !g_bi0_reg && (g_bi_reg == d_bcrc || g_bi_reg == d_bcrc + 8'd1);
    wire [5:0]  g_ipos = (g_bi_reg == d_bcrc) ? {1'b0, d_k} : {1'b1, d_k};   // k - 32 as 6-bit two's complement
    wire        ob_m_valid;
    sync_fifo #(.WIDTH(256 + 32 + 1 + 1 + 6), .DEPTH(8)) u_beatq (
        .clk(clk), .rst(rst), .s_data({g_data, g_keep, g_end_pkt, g_icrc, g_ipos}),
        .s_valid(g_go), .s_ready(ob_s_ready),
        .m_data({ob_data, ob_keep, ob_last, ob_icrc, ob_ipos}), .m_valid(ob_m_valid), .m_ready(ob_pop), .count()
    );
    /* verilator lint_on PINCONNECTEMPTY */
    wire sk_s_ready;
    assign ob_pop = ob_m_valid && (!ob_icrc || cq_m_valid) && sk_s_ready;
    // lane x holds ICRC byte (x + 2) mod 4 when ipos <= x <= ipos + 3 (ipos = 2 mod 4)
    reg [255:0] o_data;
    always @* begin
        for (j = 0; j < 32; j = j + 1) begin
            o_data[8*j +: 8] = ob_data[8*j +: 8];
            if (ob_icrc && $signed({1'b0, j[5:0]}) >= $signed({ob_ipos[5], ob_ipos}) &&
                $signed({1'b0, j[5:0]}) <= $signed({ob_ipos[5], ob_ipos}) + 7'sd3)
                o_data[8*j +: 8] = cq_out[8*((j + 2) % 4) +: 8];
        end
    end
    axis_skid #(.DATA_WIDTH(256 + 32 + 1)) u_out (
        .clk(clk), .rst(rst), .s_data({o_data, ob_keep, ob_last}), .s_valid(ob_pop), .s_ready(sk_s_ready),
        .m_data({m_pkt_tdata, m_pkt_tkeep, m_pkt_tlast}), .m_valid(m_pkt_tvalid), .m_ready(m_pkt_tready)
    );

    // ------------------------------------------------------------------ statistics
    always @(posedge clk) begin
        stat_pkt      <= s4_valid_reg && !rst;
        stat_payload  <= s4_desc_reg[DW_-1 -: 13];
        stat_msg      <= s0_issue && s0_last && !rst;
        stat_err_zero <= hdr_take && hdr_zero && !rst;
    end
endmodule

`resetall
