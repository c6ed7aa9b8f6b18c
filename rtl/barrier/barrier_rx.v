`resetall
`default_nettype none
// barrier_rx: RoCEv2 barrier-notification parser (fabric side of a device), line rate.
//
// Seed 001 ¶33 (the notification carries its increment), ¶51 (no response); note A10
// (exactly-once: duplicates dropped, gaps reported); issue 10 part 5 (line rate). Packet layouts
// (UD SEND_ONLY_WITH_IMMEDIATE, 78 bytes, default; RC FETCH_ADD, 86 bytes, cfg_wire_fa), check
// order, counters and the per-source sequence rule: docs/barrier.md section 5 (5.4-5.6).
//
// s_axis_rx: AXI-Stream, DATA_WIDTH bits (power of two, 32..512), byte 0 of the packet in
// tdata[7:0] of the first beat, tkeep contiguous from bit 0 and full on every beat but the last
// (a beat that breaks this makes the packet malformed, check 3), no FCS. One beat per cycle,
// packets back to back with no idle cycle (a one-beat packet every cycle included): tready stays
// 1 while the increment buffer has room (always, when m_inc_ready is 1).
// Pipeline (one verdict per cycle; SI = the handshake cycle of the last beat, S0 the next):
//   SI  input register: the beat, its keep checks (thermometer test, full), the keep-contract
//       flag accumulated per packet (check 3; the rule of hdr_capture's out_bad_keep)
//   S0  beat: hdr_capture (beat-indexed header bytes 0..85, length); masked beat (per-lane masks
//       by beat index: bytes 0-13 -> 0, variant bytes -> 0xFF, keep-0 lanes -> 0, the received
//       ICRC included) registered for crc32_beat (CRC in S1-S2); IPv4 checksum pair sums
//   S1  header register: field checks (trunc, long, malformed, not_roce, opcode, key, src), source
//       and self match, PSN, barrier index, increment checks; IPv4 checksum tree
//   S2  lk_bar (registered) drives the per-barrier lookup; FA VA window; IPv4 checksum tree
//   S3  lookup registered: ICRC residue compare, IPv4 checksum verdict, group IP compare, self
//       rule, barrier verdict; per-source sequence read: exp[s]/known[s] (distributed RAM /
//       flip-flops) and d = p - exp[s], forwarded from the S4 packet when it takes the sequence
//       of the same source in this cycle (its write lands at the clock edge)
//   S4  sequence verdict from the registered d (dup: d >= 2^23; gap: 0 < d < 2^23), exp[s]/known[s]
//       written, first-failing-check priority
//   S5  stat_ok / stat_drop / stat_gap registers; accepted increment pushed into a sync_fifo
//   m_inc = the FIFO output: last-beat handshake in cycle 0 -> stat_* in cycle 6 -> m_inc_valid
//   in cycle 7 (both proved by formal/barrier/barrier_rx.sby).
// Configuration sampling (the same-cycle rule, docs/barrier.md 6): every cfg_* input is read in
//   the packet's S1 cycle (cfg_wire_fa is carried along as the packet's layout for S2 and S3);
//   the lookup answers (lk_en, lk_group_ip, lk_internal) in its S2 cycle.
// ICRC without a byte shifter: the register after the masked packet (INIT = crc32_unzeros(
// 0xDEBB20E3, 14): the 14 zeroed bytes land on the state after 0xFFFFFFFF and the 8-byte dummy
// LRH) and its ~ICRC is the CRC-32 residue 0xDEBB20E3; after the t = beats*KW - L zero lanes of
// the last beat it is crc32_zeros(0xDEBB20E3, t), a per-mode constant. Exact only for a packet
// of exactly L bytes with a good keep; any other is dropped earlier (trunc, long, malformed).
// m_inc: {bar[BW-1:0], inc[W-1:0]} for each accepted notification (valid/ready, sync_fifo of
// FIFO_DEPTH); tready drops while the FIFO holds more than FIFO_DEPTH - 8 words (room for every
// packet in flight), so no verdict is lost or reordered.
// Lookup port: lk_bar (a register) -> lk_en, lk_group_ip, lk_internal answered combinationally
// in the same cycle by the caller (distributed-RAM read), registered here before use.
// stat_drop: one-cycle pulse vector, bit i-1 = verdict i (1 trunc, 2 long, 3 malformed,
// 4 ipcsum, 5 not_roce, 6 opcode, 7 icrc, 8 key, 9 src, 10 dup, 11 bar, 12 inc), bit 12 = self
// (priority between src and dup); stat_ok pulses per accepted notification; stat_gap pulses
// (with gap_src) when an accepted sequence skips PSNs of its source.
// Sequence state: seq_exp (NUM_SOURCES x 24 bits, a table: not reset) and seq_known (control
// state, cleared by reset).
// Increment rule: the increment must be non-zero, <= cfg_inc_max and < 2^(W-1) (serial-compare
// safety, note S4).
module barrier_rx #(
    parameter DATA_WIDTH   = 64,
    parameter NUM_BARRIERS = 16,
    parameter CNT_WIDTH    = 64,
    parameter NUM_SOURCES  = 16
) (
    input  wire                          clk,
    input  wire                          rst,
    input  wire                          cfg_wire_fa,
    input  wire [63:0]                   cfg_cnt_base,
    input  wire [31:0]                   cfg_key,
    input  wire [23:0]                   cfg_dest_qp,
    input  wire [31:0]                   cfg_inc_max,
    input  wire [7:0]                    cfg_src_id,
    output wire [BW-1:0]                 lk_bar,
    input  wire                          lk_en,
    input  wire [31:0]                   lk_group_ip,
    input  wire                          lk_internal,
    input  wire [DATA_WIDTH-1:0]         s_axis_rx_tdata,
    input  wire [DATA_WIDTH/8-1:0]       s_axis_rx_tkeep,
    input  wire                          s_axis_rx_tvalid,
    output wire                          s_axis_rx_tready,
    input  wire                          s_axis_rx_tlast,
    output wire                          m_inc_valid,
    input  wire                          m_inc_ready,
    output wire [BW-1:0]                 m_inc_bar,
    output wire [CNT_WIDTH-1:0]          m_inc_val,
    output wire                          stat_ok,
    output wire [12:0]                   stat_drop,
    output wire                          stat_gap,
    output wire [7:0]                    gap_src
`ifdef BARRIER_RX_FCUT
    ,
    // formal-only cut (formal/barrier/barrier_rx.sby): the packet primitives' outputs come from
    // the proof's free inputs; every check and the sequence logic after them stay real
    input  wire [8*86-1:0]               f_cut_hdr,
    input  wire [15:0]                   f_cut_len,
    input  wire                          f_cut_bad,
    input  wire [31:0]                   f_cut_crc,
    input  wire [15:0]                   f_cut_ipsum
`endif
);
`include "crc32_fn.vh"
    localparam W       = CNT_WIDTH;
    localparam KW      = DATA_WIDTH / 8;
    localparam BW      = (NUM_BARRIERS <= 2) ? 1 : $clog2(NUM_BARRIERS);
    localparam PKT_LEN = 86;                      // capture length (the longer FA layout)
    localparam UD_LEN  = 78;
    localparam SW      = (NUM_SOURCES <= 2) ? 1 : $clog2(NUM_SOURCES);
    localparam integer NS_I = NUM_SOURCES;
    localparam integer NB_I = NUM_BARRIERS;
    localparam [8:0]   NS9  = NS_I[8:0];
    localparam [8:0]   NB9  = NB_I[8:0];
    localparam integer NBEAT = (PKT_LEN + KW - 1) / KW; // beats that hold bytes 0..85
    localparam BIW     = $clog2(NBEAT + 1);
    localparam [BIW-1:0] NBEAT_B = NBEAT[BIW-1:0];
    localparam [31:0] RESIDUE  = 32'hdebb20e3;
    localparam [31:0] CRC_INIT = crc32_unzeros(RESIDUE, 14);
    localparam T_UD = ((UD_LEN + KW - 1) / KW) * KW - UD_LEN;
    localparam T_FA = ((PKT_LEN + KW - 1) / KW) * KW - PKT_LEN;
    localparam [31:0] RES_UD = crc32_zeros(RESIDUE, T_UD);
    localparam [31:0] RES_FA = crc32_zeros(RESIDUE, T_FA);
    // crc32_beat stage-1 slice (CHUNK): 32 bits up to DATA_WIDTH 128, 64 above
    localparam CRC_CHUNK  = (DATA_WIDTH <= 128) ? 32 : 64;
    localparam FIFO_DEPTH = 16;
    localparam FCW        = $clog2(FIFO_DEPTH + 1);
    localparam integer FIFO_ROOM_I = FIFO_DEPTH - 8;
    localparam [FCW-1:0] FIFO_ROOM = FIFO_ROOM_I[FCW-1:0];   // <= 7 pushes in flight SI..S5 after tready (proved)

    initial begin
        if (DATA_WIDTH < 32 || DATA_WIDTH > 512 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0) begin
            $error("%m: DATA_WIDTH must be a power of two in 32..512");
            $finish;
        end
        if (NUM_SOURCES < 2 || NUM_SOURCES > 256 || (NUM_SOURCES & (NUM_SOURCES - 1)) != 0) begin
            $error("%m: NUM_SOURCES must be a power of two in 2..256");
            $finish;
        end
        if (NUM_BARRIERS < 1 || NUM_BARRIERS > 256) begin
            $error("%m: NUM_BARRIERS must be in 1..256");
            $finish;
        end
    end

    // ------------------------------------------------------------ S0: beat
    reg                  tready_reg;
    wire in_fire = s_axis_rx_tvalid && tready_reg;
    assign s_axis_rx_tready = tready_reg;

    // input register (SI): the accepted beat, and its keep checks (contiguous from bit 0 as a
    // thermometer test, no carry chain; full), so that S0 starts from flip-flops
    reg                  ir_v_reg;
    reg [DATA_WIDTH-1:0] ir_data_reg;
    reg [KW-1:0]         ir_keep_reg;
    reg                  ir_last_reg, ir_kc_reg, ir_kf_reg;
    wire in_kc = s_axis_rx_tkeep[0] && &(~(s_axis_rx_tkeep >> 1) | s_axis_rx_tkeep);
    wire in_kf = &s_axis_rx_tkeep;
    wire b_fire = ir_v_reg;

    // keep contract (check 3), the rule of hdr_capture's out_bad_keep: a beat before the last not
    // full, or any beat with keep 0 or not contiguous
    reg kbad_reg, pkt_bad_reg;

    wire                 hc_valid;
    wire [8*PKT_LEN-1:0] hdr, hc_hdr;
    wire [15:0]          hc_len, hc_len_w;
    wire                 hc_bad, hc_bad_w;
    hdr_capture #(.DATA_WIDTH(DATA_WIDTH), .HDR_BYTES(PKT_LEN)) u_hdr (
        .clk(clk), .rst(rst), .in_fire(b_fire), .in_data(ir_data_reg),
        .in_keep(ir_keep_reg), .in_last(ir_last_reg),
        .out_valid(hc_valid), .out_hdr(hc_hdr), .out_len(hc_len_w), .out_bad_keep(hc_bad_w)
    );

    // CRC lane masks of the current beat, registered from the beat index
    reg  [BIW-1:0] beat_reg;
    reg  [KW-1:0]  mz_reg;       // lane forced to 0 (bytes 0..13)
    reg  [KW-1:0]  mf_reg;       // lane forced to 0xFF (variant bytes)
    wire [BIW-1:0] beat_next = !b_fire ? beat_reg :
                               ir_last_reg ? {BIW{1'b0}} :
                               (beat_reg == NBEAT_B) ? beat_reg : beat_reg + 1'b1;
    reg  [KW-1:0]  mz_next, mf_next;
    integer p, q;
    always @* begin
        for (p = 0; p < KW; p = p + 1) begin
            q = beat_next * KW + p;
            mz_next[p] = (q < 14);
            mf_next[p] = (q == 15) || (q == 22) || (q == 24) || (q == 25) || (q == 40) ||
                         (q == 41) || (q == 46);
        end
    end
    reg [DATA_WIDTH-1:0] crc_in;
    integer m;
    always @* begin
        for (m = 0; m < KW; m = m + 1)
            crc_in[8*m +: 8] = !ir_keep_reg[m] || mz_reg[m] ? 8'h00 :
                               mf_reg[m] ? 8'hff : ir_data_reg[8*m +: 8];
    end
    // masked beat registered before the CRC (the mask select stays out of its XOR levels)
    reg  [DATA_WIDTH-1:0] crc_in_reg;
    reg                   crc_v_reg, crc_first_reg;
    wire        crc_ov;
    wire [31:0] crc_out, crc_w;
    crc32_beat #(.DATA_WIDTH(DATA_WIDTH), .CHUNK(CRC_CHUNK), .INIT(CRC_INIT)) u_crc (
        .clk(clk), .rst(rst), .in_valid(crc_v_reg), .in_first(crc_first_reg),
        .in_data(crc_in_reg), .out_valid(crc_ov), .out_crc(crc_w)
    );

    // ------------------------------------------------------------ S1: header fields (big endian)
    // byte N of the packet is hdr[8*N +: 8]
    wire [15:0] f_ethertype = {hdr[96 +: 8], hdr[104 +: 8]};
    wire [7:0]  f_verihl    = hdr[112 +: 8];
    wire [15:0] f_iplen     = {hdr[128 +: 8], hdr[136 +: 8]};
    wire [15:0] f_frag      = {hdr[160 +: 8], hdr[168 +: 8]};
    wire [7:0]  f_proto     = hdr[184 +: 8];
    wire [31:0] f_dip       = {hdr[240 +: 8], hdr[248 +: 8], hdr[256 +: 8], hdr[264 +: 8]};
    wire [15:0] f_dport     = {hdr[288 +: 8], hdr[296 +: 8]};
    wire [15:0] f_udplen    = {hdr[304 +: 8], hdr[312 +: 8]};
    wire [7:0]  f_opcode    = hdr[336 +: 8];
    // SE/M/Pad (bits 7:4) are not checked: only TVer must be 0 (docs/barrier.md section 5.4)
    wire [3:0]  f_tver      = hdr[344 +: 4];
    wire [15:0] f_pkey      = {hdr[352 +: 8], hdr[360 +: 8]};
    wire [23:0] f_dqp       = {hdr[376 +: 8], hdr[384 +: 8], hdr[392 +: 8]};
    wire [23:0] f_psn       = {hdr[408 +: 8], hdr[416 +: 8], hdr[424 +: 8]};
    wire [63:0] f_va        = {hdr[432 +: 8], hdr[440 +: 8], hdr[448 +: 8], hdr[456 +: 8], hdr[464 +: 8], hdr[472 +: 8], hdr[480 +: 8], hdr[488 +: 8]};
    wire [31:0] f_rkey      = {hdr[496 +: 8], hdr[504 +: 8], hdr[512 +: 8], hdr[520 +: 8]};
    wire [63:0] f_add       = {hdr[528 +: 8], hdr[536 +: 8], hdr[544 +: 8], hdr[552 +: 8], hdr[560 +: 8], hdr[568 +: 8], hdr[576 +: 8], hdr[584 +: 8]};
    wire [7:0]  f_fa_src    = hdr[648 +: 8];
    wire [31:0] f_qkey      = {hdr[432 +: 8], hdr[440 +: 8], hdr[448 +: 8], hdr[456 +: 8]};
    wire [7:0]  f_ud_src    = hdr[496 +: 8];
    wire [7:0]  f_ud_bar    = hdr[504 +: 8];

    wire [15:0] m_len  = cfg_wire_fa ? 16'd86 : 16'd78;
    wire [7:0]  m_src  = cfg_wire_fa ? f_fa_src : f_ud_src;
    wire [64:0] va_diff = {1'b0, f_va} - {1'b0, cfg_cnt_base};
    wire        inc_hi_ok = (W == 64) ? !f_add[63] : (f_add[63:0] < (64'd1 << (W - 1)));

    wire a_trunc = !hc_bad && (hc_len < m_len);
    wire a_long  = !hc_bad && (hc_len > m_len);
    wire a_malf  = hc_bad || (f_ethertype != 16'h0800) || (f_verihl != 8'h45) ||
                   ((f_frag & 16'hbfff) != 16'd0) || (f_proto != 8'd17) ||
                   (f_iplen != m_len - 16'd14) || (f_udplen != m_len - 16'd34);
    wire a_roce  = (f_dport != 16'd4791);
    wire a_opc   = (cfg_wire_fa ? ((f_opcode != 8'h14) || (f_dqp != cfg_dest_qp))
                                : ((f_opcode != 8'h65) || (f_dqp != 24'hffffff))) ||
                   (f_tver != 4'd0) || (f_pkey != 16'hffff);
    wire a_key   = (cfg_wire_fa ? f_rkey : f_qkey) != cfg_key;
    wire a_src   = !({1'b0, m_src} < NS9);
    wire a_inc   = (f_add == 64'd0) || (f_add[63:32] != 32'd0) || (f_add[31:0] > cfg_inc_max) ||
                   !inc_hi_ok;

    // S1 -> S2 registers
    reg          v2_reg;
    reg          trunc2, long2, malf2, roce2, opc2, key2, src2, selfm2, inc2, udin2;
    reg          fa2_reg;        // the packet's layout: cfg_wire_fa of its S1 cycle
    reg [64:0]   vad2_reg;
    reg [BW-1:0] bar2_reg;
    reg [23:0]   psn2_reg;
    reg [W-1:0]  inc2_reg;
    reg [31:0]   dip2_reg;
    reg [7:0]    src2_reg;

    // IPv4 header checksum (check 4): a tree of 16-bit ones'-complement adds (+': add with the
    // end-around carry; a + b <= 0x1FFFE never carries twice), two adds deep per stage, from S0:
    // a packet that passes checks 1-3 has exactly L >= 78 bytes, so bytes 14-33 lie in beats
    // before its last and hdr holds them in S0 (a shorter packet is dropped by checks 1-3 first).
    //   S0: p_k = w_2k +' w_2k+1 (k = 0..4); S1: q0 = p0 +' p1, q1 = p2 +' p3, q2 = p4;
    //   S2: r0 = q0 +' q1, r1 = q2; S3: good iff r0 +' r1 == 0xFFFF, i.e. r1 == ~r0 or both 0xFFFF.
    // The same verdict as ipv4_csum's out_sum == 0xFFFF: every +' keeps the sum mod 0xFFFF and is
    // zero only when both operands are (section 5.4, check 4).
    function [15:0] ocsum2(input [15:0] a, input [15:0] b);
        reg [16:0] t;
        begin
            t      = {1'b0, a} + {1'b0, b};
            ocsum2 = t[15:0] + {15'd0, t[16]};
        end
    endfunction
    function [15:0] ipw(input integer k);   // word k of the IPv4 header
        ipw = {hdr[8*(14+2*k) +: 8], hdr[8*(15+2*k) +: 8]};
    endfunction
    reg  [15:0] ipp1_reg [0:4];
    reg  [15:0] ipq2_reg [0:2];
    reg  [15:0] ipr3_reg [0:1];
    wire ipcs3_bad_w = !((ipr3_reg[1] == ~ipr3_reg[0]) ||
                         (ipr3_reg[0] == 16'hffff && ipr3_reg[1] == 16'hffff));
    wire ipcs3_bad;
`ifdef BARRIER_RX_FCUT
    assign hdr = f_cut_hdr; assign hc_len = f_cut_len; assign hc_bad = f_cut_bad;
    assign crc_out = f_cut_crc; assign ipcs3_bad = (f_cut_ipsum != 16'hffff);
    wire unused_cut = &{1'b0, hc_hdr, hc_len_w, pkt_bad_reg, crc_w, ipcs3_bad_w};
`else
    assign hdr = hc_hdr; assign hc_len = hc_len_w; assign hc_bad = pkt_bad_reg;
    assign crc_out = crc_w; assign ipcs3_bad = ipcs3_bad_w;
`endif

    // ------------------------------------------------------------ S2: lookup address, ICRC
    assign lk_bar = bar2_reg;
    wire va_in2 = !vad2_reg[64] && (vad2_reg[63:3+BW] == {(61-BW){1'b0}}) &&
                  (vad2_reg[2:0] == 3'd0) && ({1'b0, vad2_reg[BW+2:3]} < NB9[BW:0]);

    reg          v3_reg;
    reg          trunc3, long3, malf3, roce3, opc3, key3, src3, selfm3, inc3, inr3;
    reg          en3, int3;
    reg          fa3_reg;
    reg [31:0]   gip3_reg;
    reg [BW-1:0] bar3_reg;
    reg [23:0]   psn3_reg;
    reg [W-1:0]  inc3_reg;
    reg [31:0]   dip3_reg;
    reg [7:0]    src3_reg;
    reg          sm3_reg;        // source index of S3 == that of S4 (registered in S2)

    // ------------------------------------------------------------ S3: ipcsum, ICRC, group IP, self
    wire icrc3_bad = crc_out != (fa3_reg ? RES_FA : RES_UD);
    wire self3     = selfm3 && inr3 && int3;
    wire bar3_bad  = !inr3 || !en3 || (gip3_reg != dip3_reg);

    reg          v4_reg;
    reg          trunc4, long4, malf4, ipcs4, roce4, opc4, icrc4, key4, src4, self4, bar4, inc4;
    reg          pre4_reg;       // any of checks 1-9a failed
    reg [BW-1:0] bar4_reg;
    reg [23:0]   psn4p_reg;
    reg [W-1:0]  inc4_reg;
    reg [7:0]    src4_reg;
    reg          kn4_reg;        // known[s] as the S4 packet sees it
    reg [23:0]   d4_reg;         // (p - exp[s]) mod 2^24 as the S4 packet sees it

    // ------------------------------------------------------------ S3/S4: sequence, verdict
    // S3 reads exp[s]/known[s] of its packet and subtracts; the S4 packet, if it takes the
    // sequence of the same source in this cycle, is forwarded (its write lands at the clock edge)
    reg  [NUM_SOURCES-1:0] seq_known;
    reg  [23:0]            seq_exp [0:NUM_SOURCES-1];
    wire [SW-1:0] r_idx   = src3_reg[SW-1:0];
    wire [23:0]   r_d_ram = psn3_reg - seq_exp[r_idx];
    wire [23:0]   r_d_fwd = psn3_reg - psn4p_reg;
    wire          r_fwd;
    wire [SW-1:0] s_idx   = src4_reg[SW-1:0];
    wire          s_dup   = kn4_reg && d4_reg[23];
    wire          s_gap   = kn4_reg && !d4_reg[23] && (d4_reg != 24'd0);
    wire          seq_pass = v4_reg && !pre4_reg && !s_dup;
    assign        r_fwd   = sm3_reg && seq_pass;
    // checks in priority order: trunc, long, malf, ipcs, roce, opc, icrc, key, src, self, dup, bar, inc
    wire [12:0]   flags = {inc4, bar4, s_dup, self4, src4, key4, icrc4, opc4, roce4, ipcs4, malf4, long4, trunc4};
    reg  [12:0]   prio;
    reg           found;
    integer f;
    always @* begin
        prio = 13'd0;
        found = 1'b0;
        for (f = 0; f < 13; f = f + 1)
            if (flags[f] && !found) begin
                prio[f] = 1'b1;
                found    = 1'b1;
            end
    end

    // S5 outputs
    reg          ok5_reg;
    reg [12:0]   drop5_reg;
    reg          gap5_reg;
    reg [7:0]    gsrc5_reg;
    reg [BW-1:0] bar5_reg;
    reg [W-1:0]  inc5_reg;

    assign stat_ok   = ok5_reg;
    assign stat_drop = drop5_reg;
    assign stat_gap  = gap5_reg;
    assign gap_src   = gsrc5_reg;

    wire [FCW-1:0] fifo_count;
    wire           fifo_s_ready;
    sync_fifo #(.WIDTH(BW + W), .DEPTH(FIFO_DEPTH)) u_fifo (
        .clk(clk), .rst(rst), .s_data({bar5_reg, inc5_reg}), .s_valid(ok5_reg), .s_ready(fifo_s_ready),
        .m_data({m_inc_bar, m_inc_val}), .m_valid(m_inc_valid), .m_ready(m_inc_ready),
        .count(fifo_count)
    );

    // ------------------------------------------------------------ registers
    always @(posedge clk) begin
        // datapath (not reset)
        mz_reg <= mz_next;
        mf_reg <= mf_next;
        ir_data_reg   <= s_axis_rx_tdata;
        ir_keep_reg   <= s_axis_rx_tkeep;
        ir_last_reg   <= s_axis_rx_tlast;
        ir_kc_reg     <= in_kc;
        ir_kf_reg     <= in_kf;
        pkt_bad_reg   <= kbad_reg || !ir_kc_reg;
        crc_in_reg    <= crc_in;
        crc_first_reg <= (beat_reg == {BIW{1'b0}});
        vad2_reg <= va_diff;
        bar2_reg <= cfg_wire_fa ? va_diff[BW+2:3] : f_ud_bar[BW-1:0];
        psn2_reg <= f_psn;
        inc2_reg <= f_add[W-1:0];
        dip2_reg <= f_dip;
        ipp1_reg[0] <= ocsum2(ipw(0), ipw(1));
        ipp1_reg[1] <= ocsum2(ipw(2), ipw(3));
        ipp1_reg[2] <= ocsum2(ipw(4), ipw(5));
        ipp1_reg[3] <= ocsum2(ipw(6), ipw(7));
        ipp1_reg[4] <= ocsum2(ipw(8), ipw(9));
        ipq2_reg[0] <= ocsum2(ipp1_reg[0], ipp1_reg[1]);
        ipq2_reg[1] <= ocsum2(ipp1_reg[2], ipp1_reg[3]);
        ipq2_reg[2] <= ipp1_reg[4];
        ipr3_reg[0] <= ocsum2(ipq2_reg[0], ipq2_reg[1]);
        ipr3_reg[1] <= ipq2_reg[2];
        src2_reg <= m_src;
        trunc2 <= a_trunc; long2 <= a_long; malf2 <= a_malf; roce2 <= a_roce; opc2 <= a_opc;
        key2 <= a_key; src2 <= a_src; selfm2 <= (m_src == cfg_src_id); inc2 <= a_inc;
        udin2 <= ({1'b0, f_ud_bar} < NB9);
        fa2_reg <= cfg_wire_fa;

        en3 <= lk_en; int3 <= lk_internal; gip3_reg <= lk_group_ip;
        bar3_reg <= bar2_reg; psn3_reg <= psn2_reg; inc3_reg <= inc2_reg; dip3_reg <= dip2_reg;
        src3_reg <= src2_reg;
        sm3_reg  <= (src2_reg[SW-1:0] == src3_reg[SW-1:0]);
        trunc3 <= trunc2; long3 <= long2; malf3 <= malf2; roce3 <= roce2; opc3 <= opc2;
        key3 <= key2; src3 <= src2; selfm3 <= selfm2; inc3 <= inc2;
        inr3 <= fa2_reg ? va_in2 : udin2;
        fa3_reg <= fa2_reg;

        bar4_reg <= bar3_reg; psn4p_reg <= psn3_reg + 24'd1;
        kn4_reg  <= r_fwd || seq_known[r_idx];
        d4_reg   <= r_fwd ? r_d_fwd : r_d_ram;
        pre4_reg <= trunc3 | long3 | malf3 | ipcs3_bad | roce3 | opc3 | icrc3_bad | key3 | src3 | self3;
        inc4_reg <= inc3_reg; src4_reg <= src3_reg;
        trunc4 <= trunc3; long4 <= long3; malf4 <= malf3;  roce4 <= roce3;
        ipcs4 <= ipcs3_bad; opc4 <= opc3; icrc4 <= icrc3_bad; key4 <= key3; src4 <= src3; self4 <= self3; bar4 <= bar3_bad;
        inc4 <= inc3;

        bar5_reg  <= bar4_reg;
        inc5_reg  <= inc4_reg;
        gsrc5_reg <= src4_reg;
        if (seq_pass)
            seq_exp[s_idx] <= psn4p_reg;
        if (rst) begin
            tready_reg <= 1'b1;
            crc_v_reg  <= 1'b0;
            ir_v_reg   <= 1'b0;
            kbad_reg   <= 1'b0;
            beat_reg   <= {BIW{1'b0}};
            v2_reg     <= 1'b0;
            v3_reg     <= 1'b0;
            v4_reg     <= 1'b0;
            ok5_reg    <= 1'b0;
            drop5_reg  <= 13'd0;
            gap5_reg   <= 1'b0;
            seq_known  <= {NUM_SOURCES{1'b0}};
        end else begin
            tready_reg <= (fifo_count <= FIFO_ROOM);
            crc_v_reg  <= b_fire;
            ir_v_reg   <= in_fire;
            if (b_fire)
                kbad_reg <= !ir_last_reg && (kbad_reg || !ir_kc_reg || !ir_kf_reg);
            beat_reg   <= beat_next;
            v2_reg     <= hc_valid;
            v3_reg     <= v2_reg;
            v4_reg     <= v3_reg;
            ok5_reg    <= v4_reg && !(pre4_reg || s_dup || bar4 || inc4);
            drop5_reg  <= v4_reg ? {prio[9], prio[12], prio[11], prio[10], prio[8:0]} : 13'd0;
            gap5_reg   <= seq_pass && s_gap;
            if (seq_pass)
                seq_known[s_idx] <= 1'b1;
        end
    end

    // valid flag of crc32_beat is implied by the stage valids (crc_ov); the
    // FIFO never refuses a push (tready margin); kept for the proof
    // hc_bad_w: hdr_capture's keep flag, replaced by pkt_bad_reg (same rule, from the SI checks)
    wire unused_ok = &{1'b0, crc_ov, fifo_s_ready, v3_reg, hdr, hc_bad_w};   // hdr: unchecked fields
endmodule
`resetall
