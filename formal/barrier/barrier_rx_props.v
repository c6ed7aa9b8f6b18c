`resetall
`default_nettype none
// barrier_rx_props: formal wrapper of barrier_rx (docs/barrier.md section 5.5, note A10).
//
// Parameters: DATA_WIDTH 64, NUM_SOURCES 2, NUM_BARRIERS 2, CNT_WIDTH 8. The stream input is
// free (anyseq tdata/tkeep/tvalid/tlast, no packet shape assumed: the RTL's own checks 1-9,
// ICRC included, decide what passes); CSRs and cfg_wire_fa are anyconst; m_inc_ready anyseq;
// rst high in the first cycle only.
// Ghosts (f_*), built from the stream and the block's outputs only: the bytes received so far
// (f_len) and the PSN (bytes 51-53) and source (UD byte 62, FA byte 81) bytes of the packet, each
// written by the same byte-placement rule as the wire format (byte len+j of the packet in lane j);
// per source s the PSN of the last notification whose sequence the block took (f_known[s],
// f_last[s]: updated on stat_ok or a drop by check 11/12, section 5.5), and the count of
// accepted notifications not yet handed out on m_inc (f_pend).
// Properties:
//   P1 no duplicate: an accepted notification (stat_ok) of a known source has a PSN strictly
//      newer than the last one taken, (p - f_last[s]) mod 2^24 in [1, 2^23]; so no PSN is
//      accepted twice before 2^23 newer PSNs of that source have been taken;
//   P2 a dup drop (stat_drop bit 9) is a real duplicate or stale PSN of a known source;
//   P3 stat_gap pulses (with gap_src = s) exactly one cycle after a taken sequence that skipped;
//   P4 m_inc handshakes one-for-one with accepted notifications (f_pend == m_inc_valid), so
//      P1 holds for every m_inc transfer.
// Invariants (induction strengthening only): ghosts equal the RTL's len_reg, hdr_reg bytes,
// seq_known, and seq_exp[s] == f_last[s] + 1 for a known source.
module barrier_rx_props #(
    parameter DATA_WIDTH   = 64,
    parameter NUM_BARRIERS = 2,
    parameter CNT_WIDTH    = 8,
    parameter NUM_SOURCES  = 2
) (
    input wire clk
);
    localparam KW = DATA_WIDTH / 8;
    localparam W  = CNT_WIDTH;

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    wire rst = !f_past_valid;

    (* anyconst *) reg                       cfg_wire_fa;
    (* anyconst *) reg [63:0]                cfg_cnt_base;
    (* anyconst *) reg [31:0]                cfg_key;
    (* anyconst *) reg [23:0]                cfg_dest_qp;
    (* anyconst *) reg [31:0]                cfg_inc_max;
    (* anyconst *) reg [NUM_BARRIERS-1:0]    cfg_bar_en;
    (* anyconst *) reg [NUM_BARRIERS*32-1:0] cfg_group_ip;
    (* anyseq *)   reg [DATA_WIDTH-1:0]      tdata;
    (* anyseq *)   reg [KW-1:0]              tkeep;
    (* anyseq *)   reg                       tvalid;
    (* anyseq *)   reg                       tlast;
    (* anyseq *)   reg                       m_inc_ready;

    wire         tready, m_inc_valid, stat_ok, stat_gap;
    wire [0:0]   m_inc_bar;
    wire [W-1:0] m_inc_val;
    wire [11:0]  stat_drop;
    wire [7:0]   gap_src;

    barrier_rx #(.DATA_WIDTH(DATA_WIDTH), .NUM_BARRIERS(NUM_BARRIERS), .CNT_WIDTH(CNT_WIDTH),
                 .NUM_SOURCES(NUM_SOURCES)) dut (
        .clk(clk), .rst(rst), .cfg_wire_fa(cfg_wire_fa), .cfg_cnt_base(cfg_cnt_base),
        .cfg_key(cfg_key), .cfg_dest_qp(cfg_dest_qp), .cfg_inc_max(cfg_inc_max),
        .cfg_bar_en(cfg_bar_en), .cfg_group_ip(cfg_group_ip),
        .s_axis_rx_tdata(tdata), .s_axis_rx_tkeep(tkeep), .s_axis_rx_tvalid(tvalid),
        .s_axis_rx_tready(tready), .s_axis_rx_tlast(tlast),
        .m_inc_valid(m_inc_valid), .m_inc_ready(m_inc_ready), .m_inc_bar(m_inc_bar),
        .m_inc_val(m_inc_val), .stat_ok(stat_ok), .stat_drop(stat_drop), .stat_gap(stat_gap),
        .gap_src(gap_src)
    );

    // DUT internals, for the induction-strengthening invariants only (flatten connects them)
    (* hierconn *) wire [15:0]  \dut.len_reg ;
    (* hierconn *) wire [687:0] \dut.hdr_reg ;
    (* hierconn *) wire [1:0]   \dut.seq_known ;
    (* hierconn *) wire [23:0]  \dut.seq_exp[0] ;
    (* hierconn *) wire [23:0]  \dut.seq_exp[1] ;

    // ---------------------------------------------------------------- ghosts from the stream
    wire in_fire = tvalid && tready;
    reg [15:0] f_len;
    reg [7:0]  f_b51, f_b52, f_b53, f_b62, f_b81;
    reg [15:0] f_nb;
    integer j;
    always @* begin
        f_nb = 16'd0;
        for (j = 0; j < KW; j = j + 1) if (tkeep[j]) f_nb = f_nb + 16'd1;
    end
    wire decide = stat_ok || (stat_drop != 12'd0);
    always @(posedge clk) begin
        if (rst) begin
            f_len <= 16'd0;
            f_b51 <= 8'd0; f_b52 <= 8'd0; f_b53 <= 8'd0; f_b62 <= 8'd0; f_b81 <= 8'd0;
        end else begin
            if (in_fire) begin
                for (j = 0; j < KW; j = j + 1) if (tkeep[j]) begin
                    if ({16'd0, f_len} + j == 51) f_b51 <= tdata[8*j +: 8];
                    if ({16'd0, f_len} + j == 52) f_b52 <= tdata[8*j +: 8];
                    if ({16'd0, f_len} + j == 53) f_b53 <= tdata[8*j +: 8];
                    if ({16'd0, f_len} + j == 62) f_b62 <= tdata[8*j +: 8];
                    if ({16'd0, f_len} + j == 81) f_b81 <= tdata[8*j +: 8];
                end
                f_len <= (f_len > 16'hfeff) ? f_len : f_len + f_nb;
            end
            if (decide) f_len <= 16'd0;
        end
    end
    wire [23:0] f_psn = {f_b51, f_b52, f_b53};
    wire [7:0]  f_src = cfg_wire_fa ? f_b81 : f_b62;
    wire        f_s   = f_src[0];

    // ---------------------------------------------------------------- per-source sequence ghost
    wire        f_take = stat_ok || stat_drop[10] || stat_drop[11];  // sequence taken (5.5)
    reg  [1:0]  f_known;
    reg  [23:0] f_last [0:1];
    reg         f_gap_exp;
    reg  [7:0]  f_gap_src;
    reg  [1:0]  f_pend;
    // f_dm = (p - f_last[s] - 1) mod 2^24: 0 = in order; f_dm < 2^23 <=> p - f_last[s] in [1, 2^23]
    wire [23:0] f_dm  = f_psn - f_last[f_s] - 24'd1;
    wire        f_new = !f_dm[23];
    always @(posedge clk) begin
        if (rst) begin
            f_known   <= 2'b00;
            f_gap_exp <= 1'b0;
            f_pend    <= 2'd0;
        end else begin
            f_gap_exp <= f_take && f_known[f_s] && (f_dm != 24'd0);
            f_gap_src <= f_src;
            if (f_take) begin
                f_known[f_s] <= 1'b1;
                f_last[f_s]  <= f_psn;
            end
            f_pend <= f_pend + {1'b0, stat_ok} - {1'b0, m_inc_valid && m_inc_ready};
        end
    end

    always @* begin
        if (f_past_valid) begin
            // P1: never a duplicate or stale PSN accepted
            if (stat_ok) assert (f_src < NUM_SOURCES && (!f_known[f_s] || f_new));
            if (f_take)  assert (f_src < NUM_SOURCES);
            // P2: a dup drop is a real duplicate/stale PSN of a known source
            if (stat_drop[9]) assert (f_src < NUM_SOURCES && f_known[f_s] && !f_new);
            // P3: gap pulse
            assert (stat_gap == f_gap_exp);
            if (stat_gap) assert (gap_src == f_gap_src);
            // P4: one m_inc transfer per accepted notification
            assert (f_pend == {1'b0, m_inc_valid});
            // invariants linking the ghosts to the RTL state
            assert (f_len == \dut.len_reg );
            assert (f_b51 == \dut.hdr_reg [8*51 +: 8]);
            assert (f_b52 == \dut.hdr_reg [8*52 +: 8]);
            assert (f_b53 == \dut.hdr_reg [8*53 +: 8]);
            assert (f_b62 == \dut.hdr_reg [8*62 +: 8]);
            assert (f_b81 == \dut.hdr_reg [8*81 +: 8]);
            assert (f_known == \dut.seq_known );
            if (f_known[0]) assert (\dut.seq_exp[0] == f_last[0] + 24'd1);
            if (f_known[1]) assert (\dut.seq_exp[1] == f_last[1] + 24'd1);
        end
    end
endmodule
`resetall
