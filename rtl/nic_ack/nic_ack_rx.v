`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_ack_rx: the reliability layer's ACK / NAK parser: a received 0xC1 packet (docs/nic.md 3.5)
// on a 256-bit AXI4-Stream -> the checks of nic_ack_parse in their order (first failing check
// wins, the same named verdicts); a good packet leaves as the nic_rel_tx s_ack fields, a bad one
// is dropped and counted. C model: nic_ack_parse (cmodel/nic_ack.c); docs/nic_rel.md 11.
//
// Source: issue 13 (ACK / NAK parser); docs/nic.md 3.5; IBA 9.7.5.1 (AETH), A17.4 (ICRC);
// RFC 791 / 1071 (IPv4 checksum). Own code.
//
// Ports (one clock, synchronous active-high rst):
//   s_axis      the packets (only opcode-0xC1 packets are routed here; any length accepted),
//               AXI4-Stream 256-bit: byte j of beat k = packet byte 32k + j; tkeep contiguous from
//               bit 0 (all ones except on the last beat). s_axis_tready is a register: low only
//               while the output FIFO cannot take the packets in flight (m_ack backpressure);
//               never because of a bad packet.
//   m_ack       one word per good packet (valid/ready, registered, FIFO of 8): type[3] (1 ACK,
//               2 DUP_ACK, 3 NACK_SEQ, 4 NACK_NOSTATE), key[KEY_W] = {src_nid, vn}[KEY_W-1:0] (the
//               nic_rel_tx key {target nid, class}: the ACK's responder is the data's target),
//               seq[SEQ_W] (PSN[SEQ_W-1:0]), epoch[EPOCH_W] (epoch[EPOCH_W-1:0]), handle[16], and
//               the raw src_nid[16], dst_nid[16], vn[3], half
//   stat_cnt    [10 x 32] wrapping counters, word i = bits 32i+31:32i = packets with verdict i
//               (enum nic_ack_verdict): 0 OK, 1 TRUNC, 2 NOT_ROCE, 3 IP_CSUM, 4 LEN, 5 ICRC,
//               6 OPCODE, 7 SYNDROME, 8 NXH, 9 PAYLOAD
// Structure: A registers the beat (bytes outside tkeep zeroed), its ICRC view and four partial
//   byte counts; beats 0-2 (bytes 0-93) are kept and snapshotted at the last beat with its index
//   and byte count (P); Q registers the field checks and the length; R the length checks and the
//   CRC (out of crc32_beat in Q's cycle); S the CRC compare and the checksum verdict (nic_ack_csum_chk, 4 stages from P's input);
//   V the one-hot verdict (first failing check wins), which counts and pushes a good packet. The
//   ICRC stream is A's beat with the variant bytes masked (bytes 0-9 zero, 10-13 0xFF for the
//   pseudo-LRH and the CRC start, crc32_beat INIT 0; TOS, TTL, checksums, BTH byte 4 0xFF); the
//   ICRC is good iff the register after the last beat equals the CRC-32 residue 0xDEBB20E3
//   advanced over the (32 - last-beat bytes) mod 32 zero bytes after the frame.
// Latency: the last beat's handshake in cycle t -> verdict (counters) in t + 6, m_ack_valid in
//   t + 7 at the earliest (measured by the bench). Throughput: one beat per cycle for any packet
//   mix (the stages are a pure pipeline).
// Parameters: KEY_W 4..19 (default 14, nic_rel_tx), SEQ_W 1..24 (16), EPOCH_W 1..32 (32).
module nic_ack_rx #(
    parameter KEY_W   = 14,
    parameter SEQ_W   = 16,
    parameter EPOCH_W = 32
) (
    input  wire               clk,
    input  wire               rst,
    input  wire [255:0]       s_axis_tdata,
    input  wire [31:0]        s_axis_tkeep,
    input  wire               s_axis_tlast,
    input  wire               s_axis_tvalid,
    output reg                s_axis_tready,
    output wire               m_ack_valid,
    input  wire               m_ack_ready,
    output wire [2:0]         m_ack_type,
    output wire [KEY_W-1:0]   m_ack_key,
    output wire [SEQ_W-1:0]   m_ack_seq,
    output wire [EPOCH_W-1:0] m_ack_epoch,
    output wire [15:0]        m_ack_handle,
    output wire [15:0]        m_ack_src_nid,
    output wire [15:0]        m_ack_dst_nid,
    output wire [2:0]         m_ack_vn,
    output wire               m_ack_half,
    output wire [319:0]       stat_cnt
);
`include "crc32_fn.vh"
    initial begin
        if (KEY_W < 4 || KEY_W > 19 || SEQ_W < 1 || SEQ_W > 24 || EPOCH_W < 1 || EPOCH_W > 32) begin
            $error("%m: KEY_W 4..19, SEQ_W 1..24, EPOCH_W 1..32 (%0d, %0d, %0d)", KEY_W, SEQ_W, EPOCH_W);
            $finish;
        end
    end
    localparam [31:0] RESIDUE = 32'hDEBB20E3;   // CRC-32 register after data + its own ICRC
    localparam OW = 3 + 16 + 16 + 3 + 1 + 16 + 32 + 24;   // m_ack word: type, src, dst, vn, H, handle, epoch, seq

    // expected CRC register for z zero bytes after the frame (z = 0..31)
    function [1023:0] res_table(input integer unused);
        integer z;
        begin
            res_table = 1024'd0;
            for (z = 0; z < 32; z = z + 1)
                res_table[32 * z +: 32] = crc32_zeros(RESIDUE, z);
        end
    endfunction
    localparam [1023:0] RES_TAB = res_table(0);

    // ------------------------------------------------------------------ input -> A
    reg  [11:0] in_idx_reg;          // beats of the current packet accepted
    reg         in_ovf_reg;          // the packet has more than 4,095 beats (its length > 131,039)
    reg         in_i0_reg, in_i1_reg, in_i2_reg;   // in_idx_reg is 0 / 1 / 2
    wire        in_fire = s_axis_tvalid && s_axis_tready;
    wire [255:0] keep_bits;
    genvar gi;
    generate
        for (gi = 0; gi < 32; gi = gi + 1) begin : g_keep
            assign keep_bits[8*gi +: 8] = {8{s_axis_tkeep[gi]}};
        end
    endgenerate
    function [3:0] popcount8(input [7:0] k);
        integer i;
        begin
            popcount8 = 4'd0;
            for (i = 0; i < 8; i = i + 1)
                popcount8 = popcount8 + {3'd0, k[i]};
        end
    endfunction
    wire [11:0] in_idx_nx = s_axis_tlast ? 12'd0 : in_idx_reg + {11'd0, in_idx_reg != 12'hFFF};
    always @(posedge clk) begin
        if (rst) begin
            in_idx_reg <= 12'd0;
            in_ovf_reg <= 1'b0;
            in_i0_reg  <= 1'b1;
            in_i1_reg  <= 1'b0;
            in_i2_reg  <= 1'b0;
        end else if (in_fire) begin
            in_idx_reg <= in_idx_nx;
            in_ovf_reg <= !s_axis_tlast && (in_ovf_reg || in_idx_reg == 12'hFFF);
            in_i0_reg  <= s_axis_tlast;                   // (the index saturates: never wraps to 0)
            in_i1_reg  <= !s_axis_tlast && in_i0_reg;
            in_i2_reg  <= !s_axis_tlast && in_i1_reg;
        end
    end

    // A: the beat (bytes outside tkeep zeroed), its ICRC view, its byte count in four partials
    // ICRC view (IBA A17.4): beat 0 bytes 0-9 zero, 10-13 0xFF (pseudo-LRH, CRC start), TOS (15),
    // TTL (22), header checksum (24-25) 0xFF; beat 1: UDP checksum (40-41), BTH byte 4 (46) 0xFF
    localparam [255:0] M0_AND = ~{{(256 - 80){1'b0}}, 80'hFFFFFFFFFFFFFFFFFFFF};
    localparam [255:0] M0_OR  = {{(256 - 208){1'b0}}, 208'hffff00ff000000000000ff00ffffffff00000000000000000000};
    localparam [255:0] M1_OR  = {{(256 - 120){1'b0}}, 120'hFF_0000_0000_FFFF_0000_0000_0000_0000};
    wire [255:0] in_data = s_axis_tdata & keep_bits;
    reg          a_v_reg, a_ovf_reg;
    // the beat's index is 0 / 1 / 2, and the last beat's flag: copies per 32-bit lane / per 94-bit
    // slice of P (ff_keep: the wide load enables' fan-out)
    wire [7:0]   a_i0_c, a_i1_c, a_i2_c;
    wire [8:0]   a_end_c;
    wire         a_i0 = a_i0_c[0];
    wire         a_end_reg = a_end_c[8];
    ff_keep #(.WIDTH(33)) u_acopy (
        .clk(clk), .rst(rst),
        .d({{9{in_fire && s_axis_tlast}}, {8{in_i2_reg}}, {8{in_i1_reg}}, {8{in_i0_reg}}}),
        .q({a_end_c, a_i2_c, a_i1_c, a_i0_c})
    );
    reg  [255:0] a_data_reg, a_crc_reg;
    reg  [11:0]  a_idx_reg;
    reg  [15:0]  a_pc_reg;           // popcounts of tkeep[8i +: 8], 4 bits each
    always @(posedge clk) begin
        a_v_reg    <= in_fire && !rst;
        a_ovf_reg  <= in_ovf_reg || in_idx_reg == 12'hFFF;
        a_data_reg <= in_data;
        a_crc_reg  <= in_i0_reg ? ((in_data & M0_AND) | M0_OR) : in_i1_reg ? (in_data | M1_OR) : in_data;
        a_idx_reg  <= in_idx_reg;
        a_pc_reg   <= {popcount8(s_axis_tkeep[31:24]), popcount8(s_axis_tkeep[23:16]),
                       popcount8(s_axis_tkeep[15:8]), popcount8(s_axis_tkeep[7:0])};
    end
    wire        crc_v;
    wire [31:0] crc;
    crc32_beat #(.DATA_WIDTH(256), .CHUNK(16), .INIT(32'h00000000)) u_crc (
        .clk(clk), .rst(rst), .in_valid(a_v_reg), .in_first(a_i0), .in_data(a_crc_reg),
        .out_valid(crc_v), .out_crc(crc)
    );

    // header beats 0, 1 and bytes 64-93 of beat 2 (loaded whenever A's index matches: a stale
    // load is overwritten by the real beat before the snapshot needs it, or the packet is TRUNC)
    reg  [255:0] hb0_reg, hb1_reg;
    reg  [255:0] hb2_reg;            // bytes 64-93 used (the rest only fills the lanes)
    wire [255:0] hb0_n, hb1_n, hb2_n;
    genvar gl;
    generate
        for (gl = 0; gl < 8; gl = gl + 1) begin : g_hb
            assign hb0_n[32*gl +: 32] = a_i0_c[gl] ? a_data_reg[32*gl +: 32] : hb0_reg[32*gl +: 32];
            assign hb1_n[32*gl +: 32] = a_i1_c[gl] ? a_data_reg[32*gl +: 32] : hb1_reg[32*gl +: 32];
            assign hb2_n[32*gl +: 32] = a_i2_c[gl] ? a_data_reg[32*gl +: 32] : hb2_reg[32*gl +: 32];
        end
    endgenerate
    wire [751:0] p_n = {hb2_n[239:0], hb1_n, hb0_n};
    // P: the packet's bytes 0..93, last beat index and byte count
    reg          p_v_reg, p_ovf_reg;
    reg  [751:0] p_reg;
    reg  [11:0]  p_idx_reg;
    reg  [5:0]   p_cnt_reg;
    always @(posedge clk) begin
        hb0_reg <= hb0_n;
        hb1_reg <= hb1_n;
        hb2_reg <= hb2_n;
        p_v_reg <= a_end_reg && !rst;
        if (a_end_reg) begin
            p_idx_reg <= a_idx_reg;
            p_cnt_reg <= ({2'b00, a_pc_reg[3:0]} + {2'b00, a_pc_reg[7:4]}) +
                         ({2'b00, a_pc_reg[11:8]} + {2'b00, a_pc_reg[15:12]});
            p_ovf_reg <= a_ovf_reg;
        end
    end
    generate
        for (gl = 0; gl < 8; gl = gl + 1) begin : g_p
            always @(posedge clk)
                if (a_end_c[gl])
                    p_reg[94*gl +: 94] <= p_n[94*gl +: 94];
        end
    endgenerate
    // IPv4 header checksum over bytes 14..33: nic_ack_csum_chk (4 stages) reads them in A's cycle
    // of the last beat (p_n, what P takes), its verdict is out in S's cycle (s_csum)
    wire s_csum;
    nic_ack_csum_chk u_csum (.clk(clk), .in_hdr(p_n[112 +: 160]), .out_bad(s_csum));

    // ------------------------------------------------------------------ Q: field checks (from P)
    function [7:0] pb(input integer j);   // packet byte j of P
        pb = p_reg[8 * j +: 8];
    endfunction
    wire [15:0] tot_len = {pb(16), pb(17)};
    wire [15:0] udp_len = {pb(38), pb(39)};
    wire [7:0]  nxh0 = pb(58), nxh1 = pb(59);
    reg         q_v_reg, q_ovf_reg, q_not_roce_reg, q_opcode_reg, q_syn_reg, q_nxh_reg;
    reg  [16:0] q_len_reg, q_tot14_reg, q_udp34_reg;
    reg  [4:0]  q_z_reg;             // zero bytes after the frame in the last beat (mod 32)
    reg  [OW-1:0] q_out_reg;
    reg  [2:0]  p_type;
    always @* begin
        case (pb(54))
            8'h1F:   p_type = 3'd1;
            8'h1E:   p_type = 3'd2;
            8'h60:   p_type = 3'd3;
            8'h61:   p_type = 3'd4;
            default: p_type = 3'd0;
        endcase
    end
    wire [4:0] p_z = 5'd0 - p_cnt_reg[4:0];   // (32 - count) mod 32
    always @(posedge clk) begin
        q_v_reg        <= p_v_reg && !rst;
        q_ovf_reg      <= p_ovf_reg;
        q_len_reg      <= {p_idx_reg + {11'd0, p_cnt_reg[5]}, p_cnt_reg[4:0]};
        q_z_reg        <= p_z;
        q_tot14_reg    <= {1'b0, tot_len} + 17'd14;
        q_udp34_reg    <= {1'b0, udp_len} + 17'd34;
        q_not_roce_reg <= {pb(12), pb(13)} != 16'h0800 || pb(14) != 8'h45 || ({pb(20), pb(21)} & 16'h3FFF) != 16'd0 ||
                          pb(23) != 8'd17 || {pb(36), pb(37)} != 16'd4791;
        q_opcode_reg   <= pb(42) != 8'hC1 || pb(43) != 8'd0 || {pb(44), pb(45)} != 16'hFFFF || pb(50) != 8'd0;
        q_syn_reg      <= p_type == 3'd0 || {pb(55), pb(56), pb(57)} != 24'd0;
        q_nxh_reg      <= {nxh0[7:1], 1'b0} != 8'h10 || nxh1[4:0] != 5'd0 || p_reg[8 * 70 +: 160] != 160'd0;
        q_out_reg      <= {p_type, pb(60), pb(61), pb(62), pb(63), nxh1[7:5], nxh0[0], pb(64), pb(65),
                           pb(66), pb(67), pb(68), pb(69), pb(51), pb(52), pb(53)};
    end

    // ------------------------------------------------------------------ R: lengths, the CRC captured
    reg           r_v_reg, r_trunc_reg, r_not_roce_reg, r_len_reg, r_opcode_reg, r_syn_reg, r_nxh_reg, r_pay_reg;
    reg  [31:0]   r_crc_reg, r_res_reg;
    reg  [OW-1:0] r_out_reg;
    always @(posedge clk) begin
        r_v_reg        <= q_v_reg && !rst;
        r_trunc_reg    <= !q_ovf_reg && q_len_reg < 17'd94;
        r_len_reg      <= q_ovf_reg || q_tot14_reg != q_len_reg || q_udp34_reg != q_len_reg;
        r_pay_reg      <= q_ovf_reg || q_len_reg != 17'd94;
        r_crc_reg      <= crc;                            // the packet's CRC is out in Q's cycle
        r_res_reg      <= RES_TAB[32 * q_z_reg +: 32];
        r_not_roce_reg <= q_not_roce_reg;
        r_opcode_reg   <= q_opcode_reg;
        r_syn_reg      <= q_syn_reg;
        r_nxh_reg      <= q_nxh_reg;
        r_out_reg      <= q_out_reg;
    end

    // ------------------------------------------------------------------ S: the CRC / checksum compares
    reg           s_v_reg, s_trunc_reg, s_not_roce_reg, s_len_reg, s_icrc_reg, s_opcode_reg,
                  s_syn_reg, s_nxh_reg, s_pay_reg;
    reg  [OW-1:0] s_out_reg;
    always @(posedge clk) begin
        s_v_reg        <= r_v_reg && !rst;
        s_trunc_reg    <= r_trunc_reg;
        s_not_roce_reg <= r_not_roce_reg;
        s_len_reg      <= r_len_reg;
        s_icrc_reg     <= r_crc_reg != r_res_reg;
        s_opcode_reg   <= r_opcode_reg;
        s_syn_reg      <= r_syn_reg;
        s_nxh_reg      <= r_nxh_reg;
        s_pay_reg      <= r_pay_reg;
        s_out_reg      <= r_out_reg;
    end

    // ------------------------------------------------------------------ V: the verdict (one-hot)
    reg  [9:0]    v_n, v_reg;
    reg           v_v_reg;
    reg  [OW-1:0] v_out_reg;
    always @* begin
        v_n = 10'd0;
        if (s_trunc_reg)             v_n[1] = 1'b1;
        else if (s_not_roce_reg)     v_n[2] = 1'b1;
        else if (s_csum)             v_n[3] = 1'b1;
        else if (s_len_reg)          v_n[4] = 1'b1;
        else if (s_icrc_reg)         v_n[5] = 1'b1;
        else if (s_opcode_reg)       v_n[6] = 1'b1;
        else if (s_syn_reg)          v_n[7] = 1'b1;
        else if (s_nxh_reg)          v_n[8] = 1'b1;
        else if (s_pay_reg)          v_n[9] = 1'b1;
        else                         v_n[0] = 1'b1;
    end
    always @(posedge clk) begin
        v_v_reg   <= s_v_reg && !rst;
        v_reg     <= v_n;
        v_out_reg <= s_out_reg;
    end
    wire good = v_v_reg && v_reg[0];
    // ------------------------------------------------------------------ output FIFO, counters
    wire [OW-1:0] fo;
    wire [3:0]    fq_count;
    wire          fq_sready;       // always high at a push (s_axis_tready keeps the room)
    sync_fifo #(.WIDTH(OW), .DEPTH(8)) u_fq (
        .clk(clk), .rst(rst), .s_data(v_out_reg), .s_valid(good), .s_ready(fq_sready),
        .m_data(fo), .m_valid(m_ack_valid), .m_ready(m_ack_ready), .count(fq_count)
    );
    // room for the packets in flight: up to 6 last beats in A / P / Q / R / S / V plus the one
    // accepted in the cycle s_axis_tready is registered (1 + 7 <= 8)
    always @(posedge clk)
        s_axis_tready <= !rst && fq_count <= 4'd1;
    wire [23:0] o_seq;
    wire [31:0] o_epoch;
    assign {m_ack_type, m_ack_src_nid, m_ack_dst_nid, m_ack_vn, m_ack_half, m_ack_handle, o_epoch, o_seq} = fo;
    assign m_ack_seq   = o_seq[SEQ_W-1:0];
    assign m_ack_epoch = o_epoch[EPOCH_W-1:0];
    wire [18:0] key_full = {m_ack_src_nid, m_ack_vn};
    assign m_ack_key   = key_full[KEY_W-1:0];

    reg [31:0] cnt_reg [0:9];
    integer ci;
    always @(posedge clk)
        for (ci = 0; ci < 10; ci = ci + 1)
            if (rst)
                cnt_reg[ci] <= 32'd0;
            else if (v_v_reg && v_reg[ci])
                cnt_reg[ci] <= cnt_reg[ci] + 32'd1;
    generate
        for (gi = 0; gi < 10; gi = gi + 1) begin : g_cnt
            assign stat_cnt[32*gi +: 32] = cnt_reg[gi];
        end
    endgenerate

    // verilator lint_off UNUSEDSIGNAL
    wire unused_ok = &{1'b0, crc_v, fq_sready, o_seq, o_epoch, key_full};
    // verilator lint_on UNUSEDSIGNAL
endmodule

`resetall
