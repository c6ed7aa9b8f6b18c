`resetall
`default_nettype none
// barrier_rx: RoCEv2 barrier-notification parser (fabric side of a device).
//
// Seed 001 ¶33 (the notification carries its increment), ¶51 (no response); note A10
// (exactly-once: duplicates dropped, gaps reported). Packet layouts (UD SEND_ONLY_WITH_IMMEDIATE,
// 78 bytes, default; RC FETCH_ADD, 86 bytes, cfg_wire_fa), check order, counters and the
// per-source sequence rule: docs/barrier.md section 5.
//
// s_axis_rx: AXI-Stream, DATA_WIDTH bits (power of two, 32..512), byte 0 of the packet in
// tdata[7:0] of the first beat, contiguous tkeep, no FCS. One beat per cycle; after the tlast
// beat the parser spends one cycle evaluating (tready low), so a notification takes
// ceil(L / (DATA_WIDTH/8)) + 1 cycles (L = 78 or 86).
// m_inc: {bar[BW-1:0], inc[W-1:0]} for each accepted notification (valid/ready, registered).
// stat_drop: one-cycle pulse vector, bit i-1 = verdict i (1 trunc, 2 long, 3 malformed,
// 4 ipcsum, 5 not_roce, 6 opcode, 7 icrc, 8 key, 9 src, 10 dup, 11 bar, 12 inc); stat_ok
// pulses per accepted notification; stat_gap pulses (with gap_src) when an accepted notification
// skips PSNs of its source.
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
    input  wire [NUM_BARRIERS-1:0]       cfg_bar_en,
    input  wire [NUM_BARRIERS*32-1:0]    cfg_group_ip,
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
    output wire [11:0]                   stat_drop,
    output wire                          stat_gap,
    output wire [7:0]                    gap_src
);
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
    localparam [31:0] ICRC_SEED = 32'hdebb20e3;   // CRC state after 8 bytes of 0xFF

    initial begin
        if (DATA_WIDTH < 32 || DATA_WIDTH > 512 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0) begin
            $error("%m: DATA_WIDTH must be a power of two in 32..512");
            $finish;
        end
        if (NUM_SOURCES < 2 || NUM_SOURCES > 256 || (NUM_SOURCES & (NUM_SOURCES - 1)) != 0) begin
            $error("%m: NUM_SOURCES must be a power of two in 2..256");
            $finish;
        end
    end

    reg  [8*PKT_LEN-1:0] hdr_reg;       // first 86 bytes of the packet
    reg  [15:0]          len_reg;       // bytes received so far (saturating)
    reg  [31:0]          crc_reg;       // ICRC over the UD layout (covered bytes 14..73)
    reg  [31:0]          crcf_reg;      // ICRC over the FA layout (covered bytes 14..81)
    reg  [NUM_SOURCES-1:0] seq_known;
    reg  [23:0]          seq_exp   [0:NUM_SOURCES-1];
    reg                  gap_reg;
    reg  [7:0]           gap_src_reg;
    reg                  eval_reg;      // a complete packet waits for its verdict
    reg                  out_valid_reg;
    reg  [BW-1:0]        out_bar_reg;
    reg  [W-1:0]         out_inc_reg;

    wire in_fire = s_axis_rx_tvalid && s_axis_rx_tready;
    assign s_axis_rx_tready = !eval_reg;

    // bytes in this beat
    integer i;
    reg [15:0] nbytes;
    always @* begin
        nbytes = 16'd0;
        for (i = 0; i < KW; i = i + 1)
            if (s_axis_rx_tkeep[i]) nbytes = nbytes + 16'd1;
    end

    wire [31:0] crc_next, crcf_next;
    roce_icrc_beat #(.DATA_WIDTH(DATA_WIDTH), .ICRC_OFFSET(UD_LEN - 4), .OFF_WIDTH(16)) u_crc (
        .crc_in(crc_reg), .data(s_axis_rx_tdata), .keep(s_axis_rx_tkeep),
        .beat_offset(len_reg), .crc_out(crc_next)
    );
    roce_icrc_beat #(.DATA_WIDTH(DATA_WIDTH), .ICRC_OFFSET(PKT_LEN - 4), .OFF_WIDTH(16)) u_crcf (
        .crc_in(crcf_reg), .data(s_axis_rx_tdata), .keep(s_axis_rx_tkeep),
        .beat_offset(len_reg), .crc_out(crcf_next)
    );

    // ------------------------------------------------------------ field extraction (big endian)
    // Byte N of the header is hdr_reg[8*N +: 8]. (Written out rather than through a function:
    // a function that reads hdr_reg without taking it as an argument would leave Icarus' continuous
    // assignments insensitive to hdr_reg.)

    wire [15:0] f_ethertype = {hdr_reg[96 +: 8], hdr_reg[104 +: 8]};
    wire [7:0]  f_verihl    = hdr_reg[112 +: 8];
    wire [15:0] f_iplen     = {hdr_reg[128 +: 8], hdr_reg[136 +: 8]};
    wire [15:0] f_frag      = {hdr_reg[160 +: 8], hdr_reg[168 +: 8]};
    wire [7:0]  f_proto     = hdr_reg[184 +: 8];
    wire [31:0] f_dip       = {hdr_reg[240 +: 8], hdr_reg[248 +: 8], hdr_reg[256 +: 8], hdr_reg[264 +: 8]};
    wire [15:0] f_dport     = {hdr_reg[288 +: 8], hdr_reg[296 +: 8]};
    wire [15:0] f_udplen    = {hdr_reg[304 +: 8], hdr_reg[312 +: 8]};
    wire [7:0]  f_opcode    = hdr_reg[336 +: 8];
    // SE/M/Pad (bits 7:4) are not checked: only TVer must be 0 (docs/barrier.md section 5.4)
    wire [7:0]  f_byte43    = hdr_reg[344 +: 8];
    wire [3:0]  f_tver      = f_byte43[3:0];
    wire [15:0] f_pkey      = {hdr_reg[352 +: 8], hdr_reg[360 +: 8]};
    wire [23:0] f_dqp       = {hdr_reg[376 +: 8], hdr_reg[384 +: 8], hdr_reg[392 +: 8]};
    wire [23:0] f_psn       = {hdr_reg[408 +: 8], hdr_reg[416 +: 8], hdr_reg[424 +: 8]};
    // FA layout: AtomicETH
    wire [63:0] f_va        = {hdr_reg[432 +: 8], hdr_reg[440 +: 8], hdr_reg[448 +: 8], hdr_reg[456 +: 8], hdr_reg[464 +: 8], hdr_reg[472 +: 8], hdr_reg[480 +: 8], hdr_reg[488 +: 8]};
    wire [31:0] f_rkey      = {hdr_reg[496 +: 8], hdr_reg[504 +: 8], hdr_reg[512 +: 8], hdr_reg[520 +: 8]};
    wire [63:0] f_add       = {hdr_reg[528 +: 8], hdr_reg[536 +: 8], hdr_reg[544 +: 8], hdr_reg[552 +: 8], hdr_reg[560 +: 8], hdr_reg[568 +: 8], hdr_reg[576 +: 8], hdr_reg[584 +: 8]};
    wire [7:0]  f_fa_src    = hdr_reg[648 +: 8];
    wire [31:0] f_fa_icrc   = {hdr_reg[680 +: 8], hdr_reg[672 +: 8], hdr_reg[664 +: 8], hdr_reg[656 +: 8]};
    // UD layout: DETH Q_Key, ImmDt {src, bar}; the increment is f_add (same bytes)
    wire [31:0] f_qkey      = {hdr_reg[432 +: 8], hdr_reg[440 +: 8], hdr_reg[448 +: 8], hdr_reg[456 +: 8]};
    wire [7:0]  f_ud_src    = hdr_reg[496 +: 8];
    wire [7:0]  f_ud_bar    = hdr_reg[504 +: 8];
    wire [31:0] f_ud_icrc   = {hdr_reg[616 +: 8], hdr_reg[608 +: 8], hdr_reg[600 +: 8], hdr_reg[592 +: 8]};

    // mode-selected views
    wire [15:0] m_len   = cfg_wire_fa ? 16'd86 : 16'd78;
    wire [7:0]  m_src   = cfg_wire_fa ? f_fa_src : f_ud_src;
    wire [63:0] m_inc   = f_add;       // bytes 66-73 in both layouts (UD payload, FA Swap/Add data)

    // IPv4 header checksum: the ones'-complement sum of the 10 header words must be 0xffff
    reg [19:0] ipsum;
    reg [16:0] ipsum_t;
    reg [15:0] ipsum_f;
    integer k;
    always @* begin
        ipsum = 20'd0;
        for (k = 0; k < 10; k = k + 1)
            ipsum = ipsum + {4'd0, hdr_reg[8*(14 + 2*k) +: 8], hdr_reg[8*(15 + 2*k) +: 8]};
        ipsum_t = {1'b0, ipsum[15:0]} + {13'd0, ipsum[19:16]};
        ipsum_f = ipsum_t[15:0] + {15'd0, ipsum_t[16]};
    end

    // barrier: FA from the AtomicETH VA, UD from ImmDt byte 1
    wire [64:0] va_diff  = {1'b0, f_va} - {1'b0, cfg_cnt_base};
    wire        va_in    = !va_diff[64] && (va_diff[63:3+BW] == {(61-BW){1'b0}}) && (va_diff[2:0] == 3'd0);
    wire        ud_in    = ({1'b0, f_ud_bar} < NB9);
    wire [BW-1:0] v_bar  = cfg_wire_fa ? va_diff[BW+2:3] : f_ud_bar[BW-1:0];
    wire        bar_ok   = (cfg_wire_fa ? va_in : ud_in) && cfg_bar_en[v_bar] &&
                           (cfg_group_ip[v_bar*32 +: 32] == f_dip);
    wire        inc_ok   = (m_inc != 64'd0) && (m_inc <= {32'd0, cfg_inc_max}) &&
                           (W == 64 ? !m_inc[63] : (m_inc < (64'd1 << (W - 1))));

    // per-source sequence (section 5.5)
    wire          src_ok   = ({1'b0, m_src} < NS9);
    wire [SW-1:0] s_idx    = m_src[SW-1:0];
    wire          s_known  = seq_known[s_idx];
    wire [23:0]   s_d      = f_psn - seq_exp[s_idx];
    wire          s_dup    = s_known && s_d[23];
    wire          s_gap    = s_known && !s_d[23] && (s_d != 24'd0);

    wire d_trunc = (len_reg < m_len);
    wire d_long  = (len_reg > m_len);
    wire d_malf  = (f_ethertype != 16'h0800) || (f_verihl != 8'h45) ||
                   ((f_frag & 16'hbfff) != 16'd0) || (f_proto != 8'd17) ||
                   (f_iplen != m_len - 16'd14) || (f_udplen != m_len - 16'd34);
    wire d_ipcs  = (ipsum_f != 16'hffff);
    wire d_roce  = (f_dport != 16'd4791);
    wire d_opc   = (cfg_wire_fa ? ((f_opcode != 8'h14) || (f_dqp != cfg_dest_qp))
                                : ((f_opcode != 8'h65) || (f_dqp != 24'hffffff))) ||
                   (f_tver != 4'd0) || (f_pkey != 16'hffff);
    wire d_icrc  = cfg_wire_fa ? (f_fa_icrc != ~crcf_reg) : (f_ud_icrc != ~crc_reg);
    wire d_key   = (cfg_wire_fa ? f_rkey : f_qkey) != cfg_key;
    wire d_src   = !src_ok;
    wire d_dup   = s_dup;
    wire d_bar   = !bar_ok;
    wire d_inc   = !inc_ok;

    reg [11:0] verdict;   // one-hot first failing check, 0 = accept
    always @* begin
        verdict = 12'd0;
        if      (d_trunc) verdict[0]  = 1'b1;
        else if (d_long)  verdict[1]  = 1'b1;
        else if (d_malf)  verdict[2]  = 1'b1;
        else if (d_ipcs)  verdict[3]  = 1'b1;
        else if (d_roce)  verdict[4]  = 1'b1;
        else if (d_opc)   verdict[5]  = 1'b1;
        else if (d_icrc)  verdict[6]  = 1'b1;
        else if (d_key)   verdict[7]  = 1'b1;
        else if (d_src)   verdict[8]  = 1'b1;
        else if (d_dup)   verdict[9]  = 1'b1;
        else if (d_bar)   verdict[10] = 1'b1;
        else if (d_inc)   verdict[11] = 1'b1;
    end

    // the sequence of a packet that passed checks 1-10 is accepted (even if 11-12 drop it)
    wire seq_pass  = (verdict[9:0] == 10'd0);
    wire out_free  = !out_valid_reg || m_inc_ready;
    wire decide    = eval_reg && out_free;            // the verdict is taken (and counted) now
    wire accept    = decide && (verdict == 12'd0);
    wire drop      = decide && (verdict != 12'd0);
    assign stat_ok   = accept;
    assign stat_drop = drop ? verdict : 12'd0;
    assign stat_gap  = gap_reg;
    assign gap_src   = gap_src_reg;

    assign m_inc_valid = out_valid_reg;
    assign m_inc_bar   = out_bar_reg;
    assign m_inc_val   = out_inc_reg;

    integer j;
    always @(posedge clk) begin
        if (rst) begin
            hdr_reg       <= {8*PKT_LEN{1'b0}};
            len_reg       <= 16'd0;
            crc_reg       <= ICRC_SEED;
            crcf_reg      <= ICRC_SEED;
            eval_reg      <= 1'b0;
            gap_reg       <= 1'b0;
            gap_src_reg   <= 8'd0;
            seq_known     <= {NUM_SOURCES{1'b0}};
            out_valid_reg <= 1'b0;
            out_bar_reg   <= {BW{1'b0}};
            out_inc_reg   <= {W{1'b0}};
        end else begin
            gap_reg <= 1'b0;
            if (m_inc_ready)
                out_valid_reg <= 1'b0;
            if (in_fire) begin
                for (j = 0; j < KW; j = j + 1)
                    if (s_axis_rx_tkeep[j] && ({16'd0, len_reg} + j) < PKT_LEN)
                        hdr_reg[8*({16'd0, len_reg} + j) +: 8] <= s_axis_rx_tdata[8*j +: 8];
                len_reg <= (len_reg > 16'hfeff) ? len_reg : len_reg + nbytes;
                crc_reg <= crc_next;
                crcf_reg <= crcf_next;
                if (s_axis_rx_tlast)
                    eval_reg <= 1'b1;
            end
            if (accept) begin
                out_valid_reg <= 1'b1;
                out_bar_reg   <= v_bar;
                out_inc_reg   <= m_inc[W-1:0];
            end
            if (decide && seq_pass) begin
                seq_known[s_idx] <= 1'b1;
                seq_exp[s_idx]   <= f_psn + 24'd1;
                gap_reg          <= s_gap;
                gap_src_reg      <= m_src;
            end
            if (decide) begin
                eval_reg <= 1'b0;
                len_reg  <= 16'd0;
                crc_reg  <= ICRC_SEED;
                crcf_reg <= ICRC_SEED;
            end
        end
    end
endmodule
`resetall
