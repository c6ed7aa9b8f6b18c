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
//   cfg_*     configuration, registered (2 cycles): change only while idle and at least 4 cycles
//             before the next header (nic_top drives it from its CSRs): src MAC, dst MAC base (bits 15:0 replaced by dst_nid), src IP, dst IP
//             base (bits 15:0 replaced by dst_nid), src NID, TOS, TTL, pmtu_log2 (8..12: payload
//             256..4096 bytes per packet; other values act as 8 / 12)
//   s_hdr     one message header (valid/ready): msg_len[20:0] bytes, vn[2:0], dst_nid, msg_id,
//             eq_handle, handle, target_addr[63:0], dest_qp[23:0], psn[23:0] (PSN of the first
//             packet), epoch[31:0], reset, half (NXH R / H flags)
//   s_data    the message bytes, AXI4-Stream 256-bit (byte 0 = tdata[7:0] of the first beat),
//             one stream packet per message with msg_len > 0, in header order; tkeep masks bytes
//   m_pkt     the packets, AXI4-Stream 256-bit, registered (axis_skid_wide)
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
    integer j;

    // ------------------------------------------------------------------ H: the header, registered
    // s_hdr is registered (one header every other cycle at most: a message takes >= 3 beats);
    // the message length minus 1 and the zero check are computed here
    localparam MW = 21 + 3 + 16 + 16 + 16 + 16 + 64 + 24 + 32 + 2;   // message FIFO word
    reg          h_valid_reg;
    reg          h_calc_reg;         // h_npkt / h_lastn are ready (the cycle after the header)
    reg [MW-1:0] h_msg_reg;          // {msg_len, vn, dst_nid, msg_id, eq_handle, handle, target_addr, dest_qp, epoch, reset, half}
    reg [20:0]   h_len_m1_reg;
    reg          h_zero_reg;
    reg [23:0]   h_psn_reg;
    assign s_hdr_ready = !h_valid_reg;
    always @(posedge clk) begin
        if (s_hdr_valid && !h_valid_reg) begin
            h_msg_reg    <= {s_hdr_msg_len, s_hdr_vn, s_hdr_dst_nid, s_hdr_msg_id, s_hdr_eq_handle, s_hdr_handle,
                             s_hdr_target_addr, s_hdr_dest_qp, s_hdr_epoch, s_hdr_reset, s_hdr_half};
            h_len_m1_reg <= s_hdr_msg_len - 21'd1;
            h_zero_reg   <= s_hdr_msg_len == 21'd0;
            h_psn_reg    <= s_hdr_psn;
        end
    end

    // ------------------------------------------------------------------ S0: segmentation
    localparam DQ_DEPTH = 8;
    wire        mq_s_ready, mq_m_valid;
    reg         m_busy_reg;          // a message is being segmented
    reg  [12:0] m_npkt_reg;          // packets left - 1: (msg_len - 1) / P at the header
    reg  [12:0] m_lastn_reg;         // payload of the last packet: ((msg_len - 1) mod P) + 1
    reg  [20:0] m_off_reg;           // message offset of the next packet
    reg  [23:0] m_psn_reg;           // PSN of the next packet
    reg  [15:0] m_dst_nid_reg;
    reg         m_first_reg;
    reg  [3:0]  pmtu_reg;            // pmtu_log2 clamped to 8..12, registered
    reg  [3:0]  dq_cred_reg;         // descriptor FIFO words not claimed by S0 (S1..S4 and the FIFO)
    reg         s1_valid_reg, s2_valid_reg, s3_valid_reg, s4_valid_reg;
    reg         dq_pop, dq_pop_d;

    // the header moves on when no message is being segmented (and its fields fit the FIFO)
    wire        h_go = h_calc_reg && !m_busy_reg && (h_zero_reg || mq_s_ready);
    reg  [12:0] pmtu_m1_reg;         // P - 1
    wire [12:0] pmtu = pmtu_m1_reg + 13'd1;
    reg  [12:0] h_npkt_reg, h_lastn_reg;   // (msg_len - 1) / P, ((msg_len - 1) mod P) + 1
    wire        s0_last = m_npkt_reg == 13'd0;
    wire [12:0] s0_n = s0_last ? m_lastn_reg : pmtu;
    wire        s0_issue = m_busy_reg && dq_cred_reg != 4'd0;

    always @(posedge clk) begin
        pmtu_reg    <= (cfg_pmtu_log2 < 4'd8) ? 4'd8 : (cfg_pmtu_log2 > 4'd12) ? 4'd12 : cfg_pmtu_log2;
        pmtu_m1_reg <= (13'd1 << pmtu_reg) - 13'd1;
        /* verilator lint_off WIDTH */
        h_npkt_reg  <= h_len_m1_reg >> pmtu_reg;
        /* verilator lint_on WIDTH */
        h_lastn_reg <= (h_len_m1_reg[12:0] & pmtu_m1_reg) + 13'd1;
        h_calc_reg  <= h_valid_reg && !h_go && !rst;
        if (s_hdr_valid && !h_valid_reg)
            h_valid_reg <= 1'b1;
        else if (h_go)
            h_valid_reg <= 1'b0;
        if (h_go && !h_zero_reg) begin
            m_busy_reg    <= 1'b1;
            m_npkt_reg    <= h_npkt_reg;
            m_lastn_reg   <= h_lastn_reg;
            m_off_reg     <= 21'd0;
            m_psn_reg     <= h_psn_reg;
            m_dst_nid_reg <= h_msg_reg[MW-25 -: 16];
            m_first_reg   <= 1'b1;
        end else if (s0_issue) begin
            m_busy_reg  <= !s0_last;
            m_npkt_reg  <= m_npkt_reg - 13'd1;
            m_off_reg   <= m_off_reg + {8'd0, pmtu};
            m_psn_reg   <= m_psn_reg + 24'd1;
            m_first_reg <= 1'b0;
        end
        dq_pop_d    <= dq_pop && !rst;
        dq_cred_reg <= dq_cred_reg - {3'd0, s0_issue} + {3'd0, dq_pop_d};   // returned a cycle late
        if (rst) begin
            h_valid_reg <= 1'b0;
            m_busy_reg  <= 1'b0;
            dq_cred_reg <= DQ_DEPTH;
        end
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

    // npad = n + pad (a multiple of 4), L = 90 + npad bytes. Beats are numbered from 0.
    // one adder each: npad = (n + 3) & ~3, so 86 + npad = ((n + 87) & ~3) | 2, 89 + npad =
    // ((n + 91) & ~3) | 1, 76 + npad = (n + 79) & ~3
    wire [12:0] s1_dend = 13'd86 + s1_n_reg;       // data end (bytes 0 .. 86 + n - 1 carry data)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [12:0] s1_a87  = s1_n_reg + 13'd87;
    wire [12:0] s1_a91  = s1_n_reg + 13'd91;
    wire [12:0] s1_a79  = s1_n_reg + 13'd79;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [12:0] s1_l4   = {s1_a87[12:2], 2'b10};   // L - 4: ICRC byte 0
    wire [12:0] s1_lm1  = {s1_a91[12:2], 2'b01};   // L - 1: last byte
    /* verilator lint_off UNUSEDSIGNAL */
    wire [12:0] s1_in   = s1_n_reg + 13'd31;       // bits 12:5: ceil(n / 32)
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [12:0] s2_n_reg;
    reg  [1:0]  s2_pad_reg;
    reg  [7:0]  s2_de_reg;         // beat of the data end: (86 + n) / 32
    reg  [4:0]  s2_delo_reg;       // lanes of data in that beat: (86 + n) mod 32
    reg  [7:0]  s2_lb_reg;         // last beat: (L - 1) / 32
    reg  [4:0]  s2_lblo_reg;       // its last lane: (L - 1) mod 32
    reg  [7:0]  s2_bcrc_reg;       // beat holding ICRC byte 0: (L - 4) / 32
    reg  [4:0]  s2_k_reg;          // its lane: (L - 4) mod 32 (= 2 mod 4)
    reg  [7:0]  s2_nin_reg;        // input beats: ceil(n / 32)
    reg  [15:0] s2_totlen_reg;     // IPv4 total length 76 + npad
    reg  [5:0]  s2_lastcnt_reg;    // bytes in the packet's last input beat: ((n - 1) mod 32) + 1
    reg         s2_first_reg, s2_last_reg;
    reg  [20:0] s2_off_reg;
    reg  [23:0] s2_psn_reg;
    reg  [15:0] s2_dst_nid_reg;
    always @(posedge clk) begin
        s2_valid_reg <= s1_valid_reg && !rst;
        if (s1_valid_reg) begin
            s2_n_reg       <= s1_n_reg;
            s2_pad_reg     <= 2'd0 - s1_n_reg[1:0];
            s2_de_reg      <= s1_dend[12:5];
            s2_delo_reg    <= s1_dend[4:0];
            s2_lb_reg      <= s1_lm1[12:5];
            s2_lblo_reg    <= s1_lm1[4:0];
            s2_bcrc_reg    <= s1_l4[12:5];
            s2_k_reg       <= s1_l4[4:0];
            s2_nin_reg     <= s1_in[12:5];
            s2_totlen_reg  <= {3'd0, s1_a79[12:2], 2'b00};
            s2_lastcnt_reg <= {1'b0, s1_n_reg[4:0] - 5'd1} + 6'd1;
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
    localparam DW_ = 13 + 2 + 8 + 5 + 8 + 5 + 8 + 5 + 8 + 16 + 6 + 1 + 1 + 21 + 24;
    wire [DW_-1:0] s2_desc = {s2_n_reg, s2_pad_reg, s2_de_reg, s2_delo_reg, s2_lb_reg, s2_lblo_reg, s2_bcrc_reg,
                              s2_k_reg, s2_nin_reg, s2_totlen_reg, s2_lastcnt_reg, s2_first_reg, s2_last_reg, s2_off_reg,
                              s2_psn_reg};
    reg  [DW_-1:0] s3_desc_reg, s4_desc_reg;
    always @(posedge clk) begin
        s3_valid_reg <= s2_valid_reg && !rst;
        s4_valid_reg <= s3_valid_reg && !rst;
        s3_desc_reg  <= s2_desc;
        s4_desc_reg  <= s3_desc_reg;
    end

    wire [DW_+15:0] dq_out;
    wire            dq_m_valid;
    wire [MW-1:0]   mq_out;
    reg             mq_pop;
    /* verilator lint_off PINCONNECTEMPTY */
    sync_fifo #(.WIDTH(DW_ + 16), .DEPTH(DQ_DEPTH)) u_descq (
        .clk(clk), .rst(rst), .s_data({s4_desc_reg, ~csum_sum}), .s_valid(s4_valid_reg && csum_valid),
        .s_ready(), .m_data(dq_out), .m_valid(dq_m_valid), .m_ready(dq_pop), .count()
    );
    sync_fifo #(.WIDTH(MW), .DEPTH(4)) u_msgq (
        .clk(clk), .rst(rst), .s_data(h_msg_reg), .s_valid(h_go && !h_zero_reg), .s_ready(mq_s_ready),
        .m_data(mq_out), .m_valid(mq_m_valid), .m_ready(mq_pop), .count()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // head descriptor and message fields (n is for the statistics only)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [12:0] d_n;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [5:0]  d_lastcnt;
    wire [1:0]  d_pad;
    wire [7:0]  d_de, d_lb, d_bcrc, d_nin;
    wire [4:0]  d_delo, d_lblo, d_k;
    wire [15:0] d_totlen, d_csum;
    wire        d_first, d_last;
    wire [20:0] d_off;
    wire [23:0] d_psn;
    assign {d_n, d_pad, d_de, d_delo, d_lb, d_lblo, d_bcrc, d_k, d_nin, d_totlen, d_lastcnt, d_first, d_last, d_off,
            d_psn, d_csum} = dq_out;
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

    // lanes below v: v = 0 none, 31 all but lane 31 (v 5 bits)
    function [31:0] therm5(input [4:0] v);
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1)
                therm5[i] = i[4:0] < v;
        end
    endfunction

    // ------------------------------------------------------------------ P: two packets ahead, registered
    // two slots of {86 header bytes, geometry}, flat registers. The empty slot p_wr loads the FIFO
    // heads in every cycle (its clock enable is two registers: empty, p_wr) and becomes valid when
    // the heads are; G reads slot g_rd and frees it after beat 2 (its last header byte).
    localparam PW = 688 + 8 + 5 + 8 + 5 + 8 + 5 + 8 + 1 + 6;
    reg  [1:0]      pd_valid_reg;
    reg  [2*PW-1:0] pd_reg;
    reg             p_wr_reg, g_rd_reg;
    wire            p_load = !pd_valid_reg[p_wr_reg] && dq_m_valid && mq_m_valid;
    wire            g_free;          // G is done with slot g_rd (its beat 2 goes out)
    reg  [687:0]    hb_flat;
    always @* begin
        for (j = 0; j < 86; j = j + 1)
            hb_flat[8*j +: 8] = hb[j];
        dq_pop = p_load;
        mq_pop = p_load && d_last;
    end
    // slot j loads while it is empty and next to be written: that enable is registered ahead
    // (next-state of pd_valid / p_wr), one copy per 64 bits of the slot
    localparam NLC = (PW + 63) / 64;
    wire [1:0] pd_valid_nx;
    wire       p_wr_nx = rst ? 1'b0 : p_load ? !p_wr_reg : p_wr_reg;
    genvar gi;
    generate
        for (gi = 0; gi < 2; gi = gi + 1) begin : g_slot_nx
            assign pd_valid_nx[gi] = rst ? 1'b0 : (p_load && p_wr_reg == gi) ? 1'b1 :
                                     (g_free && g_rd_reg == gi) ? 1'b0 : pd_valid_reg[gi];
        end
    endgenerate
    wire [2*NLC-1:0] ld_c;
    ff_keep #(.WIDTH(2 * NLC)) u_ldc (
        .clk(clk), .rst(1'b0),
        .d({{NLC{!pd_valid_nx[1] && p_wr_nx}}, {NLC{!pd_valid_nx[0] && !p_wr_nx}}}), .q(ld_c)
    );
    wire [PW-1:0] pd_in = {hb_flat, d_de, d_delo, d_lb, d_lblo, d_bcrc, d_k, d_nin, d_last, d_lastcnt};
    always @(posedge clk) begin
        `ifndef NPTX_FAST for (j = 0; j < 2 * PW; j = j + 1)
            if (ld_c[(j / PW) * NLC + (j % PW) / 64])
                pd_reg[j] <= pd_in[j % PW]; `endif
        for (j = 0; j < 2; j = j + 1) begin
            if (p_load && p_wr_reg == j[0])
                pd_valid_reg[j] <= 1'b1;
            else if (g_free && g_rd_reg == j[0])
                pd_valid_reg[j] <= 1'b0;
        end
        if (p_load)
            p_wr_reg <= !p_wr_reg;
        if (g_free)
            g_rd_reg <= !g_rd_reg;
        if (rst) begin
            pd_valid_reg <= 2'b00;
            p_wr_reg     <= 1'b0;
            g_rd_reg     <= 1'b0;
        end
    end
    // the slot select, one copy per 64 bits of the slot (ff_keep)
    localparam NRC = (PW + 63) / 64;
    wire           g_rd_nx = rst ? 1'b0 : g_free ? !g_rd_reg : g_rd_reg;
    wire [NRC-1:0] g_rd_c;
    ff_keep #(.WIDTH(NRC)) u_rdc (.clk(clk), .rst(1'b0), .d({NRC{g_rd_nx}}), .q(g_rd_c));
    reg  [PW-1:0] cur_pd;
    always @* begin
        `ifndef NPTX_FAST for (j = 0; j < PW; j = j + 1)
            cur_pd[j] = g_rd_c[j / 64] ? pd_reg[PW + j] : pd_reg[j]; `endif
    end
    wire [687:0] cur_hdr;
    wire [7:0]   cur_de, cur_lb, cur_bcrc, cur_nin;
    wire [4:0]   cur_delo, cur_lblo, cur_k;
    wire         cur_last;
    wire [5:0]   cur_lastcnt;
    assign {cur_hdr, cur_de, cur_delo, cur_lb, cur_lblo, cur_bcrc, cur_k, cur_nin, cur_last, cur_lastcnt} = cur_pd;
    wire [767:0] cur_hdr_x = {80'd0, cur_hdr};   // padded: lanes 22..31 of beat 2 index past byte 85

    // ------------------------------------------------------------------ G: frame beats
    // One beat per cycle into W (a register) and the beat FIFO. Per beat the state is registered
    // ahead: the beat kind (0, 1, 2, later), whether it takes an input beat, and the data / tkeep
    // lane masks from down-counters to the data-end and last beats.
    localparam BQ_DEPTH = 8;
    reg         g_bi0_reg;           // the next beat is beat 0 (of the packet in slot g_rd)
    reg         g_bi1_reg, g_bi2_reg;
    reg  [7:0]  g_bi_reg;            // beat index (beats 1..)
    reg         g_need_reg;          // this beat takes an input beat: beat >= 2, input left, not short
    reg  [7:0]  g_in_left_reg;       // input beats of this packet not yet taken
    reg  [8:0]  g_de_reg;            // data-end beat - this beat (signed)
    reg  [7:0]  g_lb_reg;            // last beat - this beat
    reg         g_dfull_reg, g_dpart_reg, g_endpkt_reg;
    reg  [31:0] g_dpm_reg, g_kpm_reg;
    reg  [7:0]  g_bcrc_reg;
    reg  [2:0]  g_m_reg;
    reg         g_last_reg;
    reg  [5:0]  g_lastcnt_reg;
    reg  [31:0] g_icrc_a_reg;
    reg         g_icrc_b_reg;
    // lanes 10..31 of the previous frame beat's input (zero if it took none): h1 captures every
    // cycle, g_held keeps the one of the last beat that went
    reg  [175:0] g_h1_reg, g_held_reg;
    reg         g_h1_v_reg;
    reg         g_short_reg;         // this message's data ended early: zero-fill
    reg         g_drain_reg;         // drop input beats up to tlast (data longer than msg_len)
    wire [3:0]  bq_count;

    wire        g_ready = g_bi0_reg ? pd_valid_reg[g_rd_reg] : 1'b1;
    reg         w_valid_reg;
    wire        w_space = bq_count < BQ_DEPTH - 1;   // a word for the beat in W and one for this
    wire        g_go = g_ready && !g_drain_reg && w_space && (!g_need_reg || s_data_tvalid);
    wire        g_take = g_go && g_need_reg;
    wire        g_end_pkt = !g_bi0_reg && g_endpkt_reg;
    wire        g_final_in = g_last_reg && g_in_left_reg == 8'd1;   // the message's last input beat
    assign g_free = g_go && g_bi2_reg;
    assign s_data_tready = (g_ready && !g_drain_reg && w_space && g_need_reg) || g_drain_reg;

    // input beat, tkeep-masked
    reg [255:0] in_m;
    always @* begin
        for (j = 0; j < 32; j = j + 1)
            in_m[8*j +: 8] = (g_need_reg && s_data_tkeep[j]) ? s_data_tdata[8*j +: 8] : 8'h00;
    end
    wire [175:0] held = g_h1_v_reg ? g_h1_reg : g_held_reg;
    wire keep_beyond = g_lastcnt_reg != 6'd32 && s_data_tkeep[g_lastcnt_reg[4:0]];
    wire keep_short  = !s_data_tkeep[g_lastcnt_reg[4:0] - 5'd1];

    // the beat kind again, one copy per 64-bit lane group of the data path (ff_keep: the control
    // copies keep a small fan-out)
    wire        bi0_nx = rst ? 1'b1 : g_go ? g_end_pkt : g_bi0_reg;
    wire        bi1_nx = rst ? 1'b0 : g_go ? g_bi0_reg : g_bi1_reg;
    wire        bi2_nx = rst ? 1'b0 : g_go ? g_bi1_reg : g_bi2_reg;
    wire [11:0] sel_c;
    ff_keep #(.WIDTH(12)) u_selc (.clk(clk), .rst(1'b0), .d({4{bi2_nx, bi1_nx, bi0_nx}}), .q(sel_c));

    // the frame beat (bytes at or past 86 + n zero: pad, ICRC lanes, bytes of a longer message)
    // and its ICRC copy: bytes 0-9 zero (MAC, the first pseudo-LRH bytes inverted), 10-13 0xFF;
    // TOS, TTL, IPv4 checksum, UDP checksum, BTH byte 4 forced to 0xFF (IBA A17.4)
    wire [31:0] g_dmask = g_dfull_reg ? 32'hFFFFFFFF : g_dpart_reg ? g_dpm_reg : 32'd0;
    reg [255:0] g_data, g_mask;
    always @* begin
        for (j = 0; j < 32; j = j + 1) begin
            if (sel_c[3*(j/8)])
                g_data[8*j +: 8] = cur_hdr_x[8*j +: 8];
            else if (sel_c[3*(j/8) + 1])
                g_data[8*j +: 8] = cur_hdr_x[256 + 8*j +: 8];
            else if (sel_c[3*(j/8) + 2])
                g_data[8*j +: 8] = (j < 22) ? cur_hdr_x[512 + 8*j +: 8] : in_m[8*(j-22) +: 8];
            else
                g_data[8*j +: 8] = (j < 22) ? held[8*j +: 8] : in_m[8*(j-22) +: 8];
            if (!sel_c[3*(j/8)] && !g_dmask[j])
                g_data[8*j +: 8] = 8'h00;
        end
        g_mask = g_data;
        for (j = 0; j < 32; j = j + 1) begin
            if (g_bi0_reg && j < 10)
                g_mask[8*j +: 8] = 8'h00;
            if (g_bi0_reg && ((j >= 10 && j < 14) || j == 15 || j == 22 || j == 24 || j == 25))
                g_mask[8*j +: 8] = 8'hFF;
            if (g_bi1_reg && (j == 8 || j == 9 || j == 14))
                g_mask[8*j +: 8] = 8'hFF;
        end
    end
    wire [31:0] g_keep = (!g_bi0_reg && g_endpkt_reg) ? g_kpm_reg : 32'hFFFFFFFF;
    // ICRC lanes of this beat, and whether it waits for its packet's ICRC
    wire        g_isb  = !g_bi0_reg && g_bi_reg == g_bcrc_reg;
    wire        g_isb1 = !g_bi0_reg && g_bi_reg == g_bcrc_reg + 8'd1 && g_icrc_b_reg;
    wire [31:0] g_icrc = g_isb ? g_icrc_a_reg : g_isb1 ? 32'h3 : 32'd0;

    always @(posedge clk) begin
        stat_err_short <= 1'b0;
        stat_err_long  <= 1'b0;
        g_h1_reg   <= in_m[255:80];
        g_h1_v_reg <= g_go;
        if (g_h1_v_reg)
            g_held_reg <= g_h1_reg;
        if (g_drain_reg && s_data_tvalid && s_data_tlast)
            g_drain_reg <= 1'b0;
        if (g_go)
            g_need_reg <= !g_end_pkt && !g_bi0_reg && !(g_short_reg || (g_take && !g_final_in && s_data_tlast)) &&
                          (g_bi1_reg ? g_in_left_reg != 8'd0 : g_in_left_reg != {7'd0, g_take});
        if (g_go) begin
            g_bi0_reg <= g_end_pkt;
            g_bi1_reg <= g_bi0_reg;
            g_bi2_reg <= g_bi1_reg;
            if (g_bi0_reg) begin
                // beat 0 goes out: beat 1 next (data and tkeep full: 86 + n > 64, L > 64)
                g_bi_reg      <= 8'd1;
                g_de_reg      <= {1'b0, cur_de} - 9'd1;
                g_lb_reg      <= cur_lb - 8'd1;
                g_dfull_reg   <= 1'b1;
                g_dpart_reg   <= 1'b0;
                g_endpkt_reg  <= 1'b0;
                g_dpm_reg     <= therm5(cur_delo);
                g_kpm_reg     <= ~(32'hFFFFFFFE << cur_lblo);   // lanes 0 .. lblo
                g_in_left_reg <= cur_nin;
                g_bcrc_reg    <= cur_bcrc;
                g_m_reg       <= cur_k[4:2];
                g_last_reg    <= cur_last;
                g_lastcnt_reg <= cur_lastcnt;
                g_icrc_a_reg  <= 32'hF << cur_k;
                g_icrc_b_reg  <= cur_k == 5'd30;
            end else begin
                g_bi_reg     <= g_bi_reg + 8'd1;
                g_de_reg     <= g_de_reg - 9'd1;
                g_lb_reg     <= g_lb_reg - 8'd1;
                g_dfull_reg  <= !g_de_reg[8] && g_de_reg >= 9'd2;
                g_dpart_reg  <= g_de_reg == 9'd1;
                g_endpkt_reg <= g_lb_reg == 8'd1;
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
            if (g_end_pkt && g_last_reg)
                g_short_reg <= 1'b0;
        end
        if (rst) begin
            g_need_reg     <= 1'b0;
            g_bi0_reg      <= 1'b1;
            g_bi1_reg      <= 1'b0;
            g_bi2_reg      <= 1'b0;
            g_h1_v_reg     <= 1'b0;
            g_short_reg    <= 1'b0;
            g_drain_reg    <= 1'b0;
            stat_err_short <= 1'b0;
            stat_err_long  <= 1'b0;
        end
    end

    // ------------------------------------------------------------------ W: the beat, registered
    reg [255:0] w_data_reg;
    reg [31:0]  w_keep_reg, w_icrc_reg;
    reg         w_last_reg, w_needs_reg;
    always @(posedge clk) begin
        w_valid_reg <= g_go && !rst;
        w_data_reg  <= g_data;
        w_keep_reg  <= g_keep;
        w_last_reg  <= g_end_pkt;
        w_icrc_reg  <= g_icrc;
        w_needs_reg <= g_isb || g_isb1;
    end

    // ------------------------------------------------------------------ ICRC path
    // C1 captures the masked beat every cycle (c1_v marks a CRC beat) and keeps the previous CRC
    // beat (zero before beat 0); C2 is the funnel: CRC beat = bytes k .. k + 31 of {this beat,
    // previous beat} (k = 4 m + 2, s = 32 - k), so the covered bytes, which end at lane k of beat
    // bcrc, end on a CRC-beat boundary.
    wire        g_crc = g_go && (g_bi0_reg || g_bi_reg <= g_bcrc_reg);
    wire [2:0]  m_nx = g_bi0_reg ? cur_k[4:2] : g_m_reg;
    reg         c1_v_reg, c1_first_reg, c1_last_reg;
    wire [23:0] c1_m_c;              // the funnel select, one copy per 32-bit lane group
    ff_keep #(.WIDTH(24)) u_mc (.clk(clk), .rst(1'b0), .d({8{m_nx}}), .q(c1_m_c));
    reg [255:0] c1_cur_reg;
    reg [255:16] c1_keep_reg;        // the last CRC beat's bytes 2..31 (bytes 0-1 never reach a CRC beat)
    always @(posedge clk) begin
        c1_v_reg     <= g_crc && !rst;
        c1_cur_reg   <= g_mask;
        c1_first_reg <= g_bi0_reg;
        c1_last_reg  <= g_isb;
        if (c1_v_reg)
            c1_keep_reg <= c1_cur_reg[255:16];
    end
    // bytes 2 .. 61 of {this beat, previous beat}: CRC beat = window bytes 4 m .. 4 m + 31, in two
    // registered steps: C2 shifts by 16 m[2] bytes (44 bytes kept), C3 by 4 m[1:0] bytes
    wire [479:0] c1_win = {c1_cur_reg[239:0], c1_first_reg ? 240'd0 : c1_keep_reg};
    reg         c2_v_reg, c2_first_reg, c2_last_reg;
    reg [351:0] c2_win_reg;
    always @(posedge clk) begin
        c2_v_reg     <= c1_v_reg && !rst;
        c2_first_reg <= c1_first_reg;
        c2_last_reg  <= c1_last_reg;
        for (j = 0; j < 8; j = j + 1)
            c2_win_reg[44*j +: 44] <= c1_m_c[3*j + 2] ? c1_win[128 + 44*j +: 44] : c1_win[44*j +: 44];
    end
    wire [7:0] c2_m_c;               // the second select m[1:0], one copy per 64-bit lane group
    ff_keep #(.WIDTH(8)) u_m2 (.clk(clk), .rst(1'b0), .d({4{c1_m_c[1:0]}}), .q(c2_m_c));
    reg [255:0] c2_sh;
    always @* begin
        for (j = 0; j < 4; j = j + 1)
            case (c2_m_c[2*j +: 2])
                2'd0:    c2_sh[64*j +: 64] = c2_win_reg[64*j + 0  +: 64];
                2'd1:    c2_sh[64*j +: 64] = c2_win_reg[64*j + 32 +: 64];
                2'd2:    c2_sh[64*j +: 64] = c2_win_reg[64*j + 64 +: 64];
                default: c2_sh[64*j +: 64] = c2_win_reg[64*j + 96 +: 64];
            endcase
    end
    reg         c3_v_reg, c3_first_reg, c3_last_reg;
    reg [255:0] c3_in_reg;
    always @(posedge clk) begin
        c3_v_reg     <= c2_v_reg && !rst;
        c3_first_reg <= c2_first_reg;
        c3_last_reg  <= c2_last_reg;
        c3_in_reg    <= c2_sh;
    end
    wire        crc_out_valid;
    wire [31:0] crc_out;
    reg  [1:0]  crc_last_d;
    crc32_beat #(.DATA_WIDTH(256), .CHUNK(16), .INIT(32'h00000000)) u_crc (
        .clk(clk), .rst(rst), .in_valid(c3_v_reg), .in_first(c3_first_reg), .in_data(c3_in_reg),
        .out_valid(crc_out_valid), .out_crc(crc_out)
    );
    always @(posedge clk)
        crc_last_d <= rst ? 2'b00 : {crc_last_d[0], c3_v_reg && c3_last_reg};

    // ------------------------------------------------------------------ beat FIFO, O1, ICRC insert
    wire [31:0]  cq_out;
    wire         cq_m_valid;
    wire [255:0] bq_data;
    wire [31:0]  bq_keep, bq_icrc;
    wire         bq_last, bq_needs, bq_m_valid;
    reg          o1_valid_reg, o1_last_reg, o1_needs_reg;
    reg [255:0]  o1_data_reg;
    reg [31:0]   o1_keep_reg, o1_icrc_reg;
    wire         sk_s_ready;
    // O1 moves on when the skid has room and, for a beat with ICRC bytes, its ICRC is there; it
    // loads the FIFO head whenever it is free (no clock enable from the head's fields)
    reg          cqh_valid_reg;      // the oldest ICRC, registered out of its FIFO
    reg  [31:0]  cqh_reg;
    wire         o1_move = o1_valid_reg && (!o1_needs_reg || cqh_valid_reg) && sk_s_ready;
    wire         cq_pop = cq_m_valid && (!cqh_valid_reg || (o1_move && o1_last_reg));
    wire         o1_free = !o1_valid_reg || o1_move;
    /* verilator lint_off PINCONNECTEMPTY */
    sync_fifo #(.WIDTH(32), .DEPTH(8)) u_crcq (
        .clk(clk), .rst(rst), .s_data(~crc_out), .s_valid(crc_out_valid && crc_last_d[1]), .s_ready(),
        .m_data(cq_out), .m_valid(cq_m_valid), .m_ready(cq_pop), .count()
    );
    sync_fifo #(.WIDTH(256 + 32 + 1 + 32 + 1), .DEPTH(BQ_DEPTH)) u_beatq (
        .clk(clk), .rst(rst), .s_data({w_data_reg, w_keep_reg, w_last_reg, w_icrc_reg, w_needs_reg}),
        .s_valid(w_valid_reg), .s_ready(),
        .m_data({bq_data, bq_keep, bq_last, bq_icrc, bq_needs}), .m_valid(bq_m_valid), .m_ready(o1_free),
        .count(bq_count)
    );
    /* verilator lint_on PINCONNECTEMPTY */
    always @(posedge clk) begin
        if (o1_free) begin
            o1_valid_reg <= bq_m_valid;
            o1_data_reg  <= bq_data;
            o1_keep_reg  <= bq_keep;
            o1_last_reg  <= bq_last;
            o1_icrc_reg  <= bq_icrc;
            o1_needs_reg <= bq_needs;
        end
        if (cq_pop)
            cqh_reg <= cq_out;
        if (cq_pop)
            cqh_valid_reg <= 1'b1;
        else if (o1_move && o1_last_reg)
            cqh_valid_reg <= 1'b0;
        if (rst) begin
            o1_valid_reg  <= 1'b0;
            cqh_valid_reg <= 1'b0;
        end
    end
    // lane x of an ICRC lane holds ICRC byte (x + 2) mod 4 (ICRC byte 0 sits at lane k = 2 mod 4)
    reg [255:0] o_data;
    always @* begin
        for (j = 0; j < 32; j = j + 1)
            o_data[8*j +: 8] = o1_icrc_reg[j] ? cqh_reg[8*((j + 2) % 4) +: 8] : o1_data_reg[8*j +: 8];
    end
    axis_skid_wide #(.DATA_WIDTH(256 + 32 + 1), .CTRL_COPIES(6)) u_out (
        .clk(clk), .rst(rst), .s_data({o_data, o1_keep_reg, o1_last_reg}), .s_valid(o1_move), .s_ready(sk_s_ready),
        .m_data({m_pkt_tdata, m_pkt_tkeep, m_pkt_tlast}), .m_valid(m_pkt_tvalid), .m_ready(m_pkt_tready)
    );

    // ------------------------------------------------------------------ statistics
    always @(posedge clk) begin
        stat_pkt      <= s4_valid_reg && !rst;
        stat_payload  <= s4_desc_reg[DW_-1 -: 13];
        stat_msg      <= s0_issue && s0_last && !rst;
        stat_err_zero <= h_go && h_zero_reg && !rst;
    end
`ifdef NPTX_FAST
    // Fast simulation form of the slot loads and the slot select above (the `ifndef NPTX_FAST
    // loops): the same bits per 64-bit chunk, so that Verilator emits word operations (the bit
    // loops, a division per bit, were about half of the nic_top end-to-end run's CPU). Synthesis and
    // the block's own 20-seed lockstep use the bit loops (the gated netlist: the chunk form maps
    // differently, 6,731 LUT4 and 120.9 MHz against 6,567 and 125.4); the nic_top end-to-end build
    // defines NPTX_FAST, and `make lockstep-fast-nic_pkt_tx` checks this form against the
    // model too (docs/nic.md 4.4).
    genvar gc;
    generate
        for (gc = 0; gc < NLC; gc = gc + 1) begin : g_sim_pd
            localparam integer LO = gc * 64;
            localparam integer CW = (PW - LO < 64) ? PW - LO : 64;
            always @(posedge clk) begin
                if (ld_c[gc])       pd_reg[LO +: CW]      <= pd_in[LO +: CW];
                if (ld_c[NLC + gc]) pd_reg[PW + LO +: CW] <= pd_in[LO +: CW];
            end
            always @* cur_pd[LO +: CW] = g_rd_c[gc] ? pd_reg[PW + LO +: CW] : pd_reg[LO +: CW];
        end
    endgenerate
`endif
endmodule

`resetall
