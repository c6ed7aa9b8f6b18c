`resetall
`default_nettype none
// barrier_tx: builds one RoCEv2 notification packet per arrival (device side).
//
// Seed 001 ¶30 (a PE's arrival is sent as one notification to the switch), ¶33 (reduction add
// carrying the increment, no response). Layouts: docs/barrier.md section 5: default UD
// SEND_ONLY_WITH_IMMEDIATE (78 bytes: Ethernet II, IPv4, UDP 4791, BTH opcode 0x65 to DestQP
// 0xFFFFFF, DETH, ImmDt {SRC_ID, bar}, 8-byte increment, ICRC); cfg_wire_fa: RC FETCH_ADD
// (86 bytes: BTH opcode 0x14, AtomicETH, compare data = SRC_ID).
//
// s_notif {bar[BW-1:0]}: accepted when idle or while the last beat of the previous packet
// leaves; the packet's fields (and the mode) are sampled from the configuration in that cycle.
// m_axis_tx: AXI-Stream, DATA_WIDTH bits (power of two, 32..512); ceil(L/(DATA_WIDTH/8))
// beats per packet (L = 78 or 86), back to back. The PSN (24 bits, the per-source sequence
// number of section 5.5) increments by one per packet; cfg_psn_wr loads it (CSR TX_PSN).
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
    input  wire [NUM_BARRIERS*32-1:0]    cfg_group_ip,
    input  wire [NUM_BARRIERS*CNT_WIDTH-1:0] cfg_bar_inc,
    input  wire                          cfg_psn_wr,
    input  wire [23:0]                   cfg_psn_data,
    output wire [23:0]                   psn,
    input  wire                          s_notif_valid,
    output wire                          s_notif_ready,
    input  wire [BW-1:0]                 s_notif_bar,
    output wire [DATA_WIDTH-1:0]         m_axis_tx_tdata,
    output wire [DATA_WIDTH/8-1:0]       m_axis_tx_tkeep,
    output wire                          m_axis_tx_tvalid,
    input  wire                          m_axis_tx_tready,
    output wire                          m_axis_tx_tlast
);
    localparam W       = CNT_WIDTH;
    localparam KW      = DATA_WIDTH / 8;
    localparam BW      = (NUM_BARRIERS <= 2) ? 1 : $clog2(NUM_BARRIERS);
    localparam PKT_LEN = 86;                        // the longer (FA) layout
    localparam UD_LEN  = 78;
    localparam NBEATS  = (PKT_LEN + KW - 1) / KW;
    localparam NBEATS_UD = (UD_LEN + KW - 1) / KW;
    localparam BCW     = 8;                         // beat counter width (NBEATS <= 22)
    localparam PADLEN  = NBEATS * KW;
    localparam [31:0] ICRC_SEED = 32'hdebb20e3;

    initial begin
        if (DATA_WIDTH < 32 || DATA_WIDTH > 512 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0) begin
            $error("%m: DATA_WIDTH must be a power of two in 32..512");
            $finish;
        end
    end

    reg [8*PADLEN-1:0] pkt_reg;     // remaining bytes, lane 0 = next byte to send
    reg                busy_reg;
    reg [BCW-1:0]      beat_reg;
    reg [31:0]         crc_reg;
    reg [23:0]         psn_reg;
    reg                fa_reg;      // the packet being sent uses the FA layout
    assign psn = psn_reg;

    // ------------------------------------------------------------ packet image
    wire [31:0] g_ip  = cfg_group_ip[s_notif_bar*32 +: 32];
    wire [63:0] g_inc;
    generate
        if (W == 64) begin : g_inc64
            assign g_inc = cfg_bar_inc[s_notif_bar*W +: W];
        end else begin : g_incw
            assign g_inc = {{(64-W){1'b0}}, cfg_bar_inc[s_notif_bar*W +: W]};
        end
    endgenerate
    wire [63:0] va    = cfg_cnt_base + {{(61-BW){1'b0}}, s_notif_bar, 3'b000};

    // IPv4 header words (checksum field zero) and checksum
    wire [15:0]  ip_len = cfg_wire_fa ? 16'd72 : 16'd64;
    wire [159:0] iph0 = {8'h45, cfg_tos, ip_len, psn_reg[15:0], 16'h4000, 8'd64, 8'd17, 16'h0000,
                         cfg_src_ip, g_ip};
    reg  [19:0] s20;
    reg  [16:0] s17;
    reg  [15:0] ip_csum;
    integer k;
    always @* begin
        s20 = 20'd0;
        for (k = 0; k < 10; k = k + 1)
            s20 = s20 + {4'd0, iph0[159 - 16*k -: 16]};
        s17 = {1'b0, s20[15:0]} + {13'd0, s20[19:16]};
        ip_csum = ~(s17[15:0] + {15'd0, s17[16]});
    end

    // big-endian image of bytes 0..85 (byte 0 in the most significant position)
    wire [8*PKT_LEN-1:0] img_fa = {
        8'h01, 8'h00, 8'h5e, 1'b0, g_ip[22:0],           // dst MAC
        cfg_src_mac, 16'h0800,                           // src MAC, EtherType
        iph0[159:80], ip_csum, iph0[63:0],               // IPv4
        cfg_udp_sport, 16'd4791, 16'd52, 16'd0,          // UDP
        8'h14, 8'h00, 16'hffff, 8'h00, cfg_dest_qp, 8'h00, psn_reg, // BTH
        va, cfg_key, g_inc, 56'd0, cfg_src_id,           // AtomicETH (compare data = SRC_ID)
        32'd0                                            // ICRC placeholder
    };
    wire [8*PKT_LEN-1:0] img_ud = {
        8'h01, 8'h00, 8'h5e, 1'b0, g_ip[22:0],           // dst MAC
        cfg_src_mac, 16'h0800,                           // src MAC, EtherType
        iph0[159:80], ip_csum, iph0[63:0],               // IPv4
        cfg_udp_sport, 16'd4791, 16'd44, 16'd0,          // UDP
        8'h65, 8'h00, 16'hffff, 8'h00, 24'hffffff, 8'h00, psn_reg, // BTH (UD SEND_ONLY_WITH_IMM)
        cfg_key, 8'h00, cfg_src_qp,                      // DETH
        cfg_src_id, {{(8-BW){1'b0}}, s_notif_bar}, 16'd0, // ImmDt
        g_inc,                                           // payload: increment
        32'd0,                                           // ICRC placeholder
        64'd0                                            // (past the end of the UD packet)
    };
    wire [8*PKT_LEN-1:0] img_be = cfg_wire_fa ? img_fa : img_ud;
    // byte-reverse so that byte n sits at bits [8n +: 8]
    reg [8*PADLEN-1:0] img_le;
    integer n;
    always @* begin
        img_le = {8*PADLEN{1'b0}};
        for (n = 0; n < PKT_LEN; n = n + 1)
            img_le[8*n +: 8] = img_be[8*(PKT_LEN-1-n) +: 8];
    end

    // ------------------------------------------------------------ beat output
    wire [15:0] beat_off = {{(16-BCW){1'b0}}, beat_reg} * KW[15:0];
    wire [31:0] crc_next, crcu_next;
    roce_icrc_beat #(.DATA_WIDTH(DATA_WIDTH), .ICRC_OFFSET(PKT_LEN - 4), .OFF_WIDTH(16)) u_crc (
        .crc_in(crc_reg), .data(pkt_reg[DATA_WIDTH-1:0]), .keep({KW{1'b1}}),
        .beat_offset(beat_off), .crc_out(crc_next)
    );
    roce_icrc_beat #(.DATA_WIDTH(DATA_WIDTH), .ICRC_OFFSET(UD_LEN - 4), .OFF_WIDTH(16)) u_crcu (
        .crc_in(crc_reg), .data(pkt_reg[DATA_WIDTH-1:0]), .keep({KW{1'b1}}),
        .beat_offset(beat_off), .crc_out(crcu_next)
    );
    wire [31:0] crc_sel = fa_reg ? crc_next : crcu_next;
    wire [31:0] icrc    = ~crc_sel;
    wire [15:0] cur_len = fa_reg ? PKT_LEN[15:0] : UD_LEN[15:0];

    reg [DATA_WIDTH-1:0] tdata;
    reg [KW-1:0]         tkeep;
    integer i;
    always @* begin
        for (i = 0; i < KW; i = i + 1) begin
            tkeep[i] = ({16'd0, beat_off} + i) < {16'd0, cur_len};
            if (({16'd0, beat_off} + i) >= {16'd0, cur_len} - 4 && ({16'd0, beat_off} + i) < {16'd0, cur_len})
                tdata[8*i +: 8] = icrc[8*({16'd0, beat_off} + i - ({16'd0, cur_len} - 4)) +: 8];
            else
                tdata[8*i +: 8] = tkeep[i] ? pkt_reg[8*i +: 8] : 8'h00;
        end
    end

    localparam integer LAST_BEAT_I = NBEATS - 1;
    localparam integer LAST_BEAT_UI = NBEATS_UD - 1;
    localparam [BCW-1:0] LAST_BEAT = LAST_BEAT_I[BCW-1:0];
    localparam [BCW-1:0] LAST_BEAT_U = LAST_BEAT_UI[BCW-1:0];
    wire last_beat = (beat_reg == (fa_reg ? LAST_BEAT : LAST_BEAT_U));
    wire out_fire  = busy_reg && m_axis_tx_tready;
    assign m_axis_tx_tdata  = tdata;
    assign m_axis_tx_tkeep  = tkeep;
    assign m_axis_tx_tvalid = busy_reg;
    assign m_axis_tx_tlast  = last_beat;
    assign s_notif_ready    = !busy_reg || (out_fire && last_beat);
    wire in_fire = s_notif_valid && s_notif_ready;

    always @(posedge clk) begin
        if (rst) begin
            pkt_reg  <= {8*PADLEN{1'b0}};
            busy_reg <= 1'b0;
            beat_reg <= {BCW{1'b0}};
            crc_reg  <= ICRC_SEED;
            psn_reg  <= 24'd0;
            fa_reg   <= 1'b0;
        end else begin
            if (out_fire) begin
                pkt_reg  <= pkt_reg >> DATA_WIDTH;
                beat_reg <= beat_reg + 1'b1;
                crc_reg  <= crc_sel;
                if (last_beat)
                    busy_reg <= 1'b0;
            end
            if (in_fire) begin
                pkt_reg  <= img_le;
                busy_reg <= 1'b1;
                beat_reg <= {BCW{1'b0}};
                crc_reg  <= ICRC_SEED;
                psn_reg  <= psn_reg + 24'd1;
                fa_reg   <= cfg_wire_fa;
            end
            if (cfg_psn_wr)
                psn_reg <= cfg_psn_data;
        end
    end
endmodule
`resetall
