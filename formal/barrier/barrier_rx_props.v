`resetall
`default_nettype none
// barrier_rx_props: formal wrapper of barrier_rx (docs/barrier.md sections 5.5, 5.6, 10; note A10).
//
// Parameters: DATA_WIDTH 64, NUM_SOURCES 4, NUM_BARRIERS 2, CNT_WIDTH 8.
// Cut point (barrier_rx.v `ifdef BARRIER_RX_FCUT`): the outputs of the packet primitives
// (hdr_capture's header bytes 0-85, length and keep flag; crc32_beat's CRC register; ipv4_csum's
// sum) are free inputs of this wrapper (f_cut_*, any value in every cycle); everything after them
// is the real RTL: the check logic of S1-S3, the per-source sequence (S3 read and subtract with
// forwarding, S4 verdict and write), the S5 statistics and the increment FIFO. The stream port is
// free too (tvalid, tlast; tdata/tkeep only feed the cut primitives and the keep check); a verdict
// comes out 5 cycles after the last beat's handshake (5.6: SI, S0 -> S5).
// CSRs and cfg_wire_fa are anyconst; the lookup answers (lk_en, lk_group_ip, lk_internal) and
// m_inc_ready are free; rst is high in the first cycle only.
// Over-approximation: the cut lets two packets that pass checks 1-9a reach S4 in consecutive
// cycles (the real stream cannot: such a packet has L >= 78 bytes, 2 beats or more), so the
// S4 -> S3 forwarding is exercised (mutant bug3).
// Ghosts (f_*), from the port handshakes and the cut values only: per packet, from its S1 cycle,
// the PSN (bytes 51-53) and source (UD byte 62, FA byte 81), written from the wire format (5.1,
// 5.2), carried along f_v1..f_v5; per source s the PSN of the last notification whose sequence was
// taken (f_known[s], f_last[s]; taken = stat_ok or a drop by check 11/12, section 5.5), and the
// number of accepted notifications not yet handed out on m_inc (f_pend).
// Properties:
//   P0 one verdict per packet: stat_ok / stat_drop (one-hot) exactly in the cycle of f_v5;
//   P1 no duplicate: an accepted notification (stat_ok) has a source < NUM_SOURCES and, for a
//      known source, a PSN strictly newer than the last one taken, (p - f_last[s]) mod 2^24 in
//      [1, 2^23]: no PSN is accepted twice before 2^23 newer PSNs of that source were taken;
//   P2 a dup drop (stat_drop bit 9) is a real duplicate or stale PSN of a known source;
//   P3 stat_gap pulses (with gap_src = s) exactly with a taken sequence that skipped PSNs;
//   P4 m_inc: the FIFO holds exactly the accepted notifications not yet handed out (f_pend ==
//      count, m_inc_valid == (f_pend != 0)): one m_inc transfer per stat_ok, never more, and no
//      push is ever refused (tready margin of 5.6).
// Invariants (induction strengthening only, DUT names through hierconn): stage valids and the
// S2-S4 PSN/source registers == ghosts; seq_known/seq_exp == ghost state after the S5 packet;
// kn4/d4 of the S4 packet == the rule applied to that state; FIFO occupancy bound; the layout
// carried with a packet in S2 (fa2) == cfg_wire_fa.
module barrier_rx_props #(
    parameter DATA_WIDTH   = 64,
    parameter NUM_BARRIERS = 2,
    parameter CNT_WIDTH    = 8,
    parameter NUM_SOURCES  = 4
) (
    input wire clk
);
    localparam KW = DATA_WIDTH / 8;
    localparam W  = CNT_WIDTH;
    localparam NS = NUM_SOURCES;
    localparam SW = (NUM_SOURCES <= 2) ? 1 : $clog2(NUM_SOURCES);
    localparam BW = (NUM_BARRIERS <= 2) ? 1 : $clog2(NUM_BARRIERS);

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    wire rst = !f_past_valid;

    (* anyconst *) reg               cfg_wire_fa;
    (* anyconst *) reg [63:0]        cfg_cnt_base;
    (* anyconst *) reg [31:0]        cfg_key;
    (* anyconst *) reg [23:0]        cfg_dest_qp;
    (* anyconst *) reg [31:0]        cfg_inc_max;
    (* anyconst *) reg [7:0]         cfg_src_id;
    (* anyseq *)   reg               lk_en;
    (* anyseq *)   reg [31:0]        lk_group_ip;
    (* anyseq *)   reg               lk_internal;
    (* anyseq *)   reg [DATA_WIDTH-1:0] tdata;
    (* anyseq *)   reg [KW-1:0]      tkeep;
    (* anyseq *)   reg               tvalid;
    (* anyseq *)   reg               tlast;
    (* anyseq *)   reg               m_inc_ready;
    (* anyseq *)   reg [8*86-1:0]    f_cut_hdr;
    (* anyseq *)   reg [15:0]        f_cut_len;
    (* anyseq *)   reg               f_cut_bad;
    (* anyseq *)   reg [31:0]        f_cut_crc;
    (* anyseq *)   reg [15:0]        f_cut_ipsum;

    wire          tready, m_inc_valid, stat_ok, stat_gap;
    wire [BW-1:0] lk_bar, m_inc_bar;
    wire [W-1:0]  m_inc_val;
    wire [12:0]   stat_drop;
    wire [7:0]    gap_src;

    barrier_rx #(.DATA_WIDTH(DATA_WIDTH), .NUM_BARRIERS(NUM_BARRIERS), .CNT_WIDTH(CNT_WIDTH),
                 .NUM_SOURCES(NUM_SOURCES)) dut (
        .clk(clk), .rst(rst), .cfg_wire_fa(cfg_wire_fa), .cfg_cnt_base(cfg_cnt_base),
        .cfg_key(cfg_key), .cfg_dest_qp(cfg_dest_qp), .cfg_inc_max(cfg_inc_max),
        .cfg_src_id(cfg_src_id), .lk_bar(lk_bar), .lk_en(lk_en), .lk_group_ip(lk_group_ip),
        .lk_internal(lk_internal),
        .s_axis_rx_tdata(tdata), .s_axis_rx_tkeep(tkeep), .s_axis_rx_tvalid(tvalid),
        .s_axis_rx_tready(tready), .s_axis_rx_tlast(tlast),
        .m_inc_valid(m_inc_valid), .m_inc_ready(m_inc_ready), .m_inc_bar(m_inc_bar),
        .m_inc_val(m_inc_val), .stat_ok(stat_ok), .stat_drop(stat_drop), .stat_gap(stat_gap),
        .gap_src(gap_src),
        .f_cut_hdr(f_cut_hdr), .f_cut_len(f_cut_len), .f_cut_bad(f_cut_bad),
        .f_cut_crc(f_cut_crc), .f_cut_ipsum(f_cut_ipsum)
    );

    // DUT internals, for the induction-strengthening invariants only (flatten connects them)
    (* hierconn *) wire          \dut.ir_v_reg ;
    (* hierconn *) wire          \dut.ir_last_reg ;
    (* hierconn *) wire          \dut.hc_valid ;
    (* hierconn *) wire          \dut.v2_reg ;
    (* hierconn *) wire          \dut.v3_reg ;
    (* hierconn *) wire          \dut.v4_reg ;
    (* hierconn *) wire [23:0]   \dut.psn2_reg ;
    (* hierconn *) wire [23:0]   \dut.psn3_reg ;
    (* hierconn *) wire [23:0]   \dut.psn4p_reg ;
    (* hierconn *) wire [7:0]    \dut.src2_reg ;
    (* hierconn *) wire [7:0]    \dut.src3_reg ;
    (* hierconn *) wire [7:0]    \dut.src4_reg ;
    (* hierconn *) wire          \dut.sm3_reg ;
    (* hierconn *) wire          \dut.src2 ;
    (* hierconn *) wire          \dut.src3 ;
    (* hierconn *) wire          \dut.pre4_reg ;
    (* hierconn *) wire          \dut.kn4_reg ;
    (* hierconn *) wire [23:0]   \dut.d4_reg ;
    (* hierconn *) wire [NS-1:0] \dut.seq_known ;
    (* hierconn *) wire [23:0]   \dut.seq_exp[0] ;
    (* hierconn *) wire [23:0]   \dut.seq_exp[1] ;
    (* hierconn *) wire [23:0]   \dut.seq_exp[2] ;
    (* hierconn *) wire [23:0]   \dut.seq_exp[3] ;
    (* hierconn *) wire [4:0]    \dut.fifo_count ;
    (* hierconn *) wire          \dut.fifo_s_ready ;
    (* hierconn *) wire          \dut.fa2_reg ;

    // ---------------------------------------------------------------- per-packet ghosts
    wire        in_fire = tvalid && tready;
    wire [23:0] f_p1 = {f_cut_hdr[8*51 +: 8], f_cut_hdr[8*52 +: 8], f_cut_hdr[8*53 +: 8]};
    wire [7:0]  f_s1 = cfg_wire_fa ? f_cut_hdr[8*81 +: 8] : f_cut_hdr[8*62 +: 8];
    reg         f_v0, f_v1, f_v2, f_v3, f_v4, f_v5;
    reg  [23:0] f_p2, f_p3, f_p4, f_p5;
    reg  [7:0]  f_s2, f_s3, f_s4, f_s5;
    always @(posedge clk) begin
        f_p2 <= f_p1; f_p3 <= f_p2; f_p4 <= f_p3; f_p5 <= f_p4;
        f_s2 <= f_s1; f_s3 <= f_s2; f_s4 <= f_s3; f_s5 <= f_s4;
        if (rst) begin
            f_v0 <= 1'b0; f_v1 <= 1'b0; f_v2 <= 1'b0; f_v3 <= 1'b0; f_v4 <= 1'b0; f_v5 <= 1'b0;
        end else begin
            f_v0 <= in_fire && tlast;
            f_v1 <= f_v0;
            f_v2 <= f_v1; f_v3 <= f_v2; f_v4 <= f_v3; f_v5 <= f_v4;
        end
    end

    // ---------------------------------------------------------------- per-source sequence ghost
    wire          f_take = stat_ok || stat_drop[10] || stat_drop[11];  // sequence taken (5.5)
    wire [SW-1:0] f_i5   = f_s5[SW-1:0];
    reg  [NS-1:0] f_known;
    reg  [23:0]   f_last [0:NS-1];
    reg  [4:0]    f_pend;
    // f_dm = (p - f_last[s] - 1) mod 2^24: 0 = in order; f_dm < 2^23 <=> p - f_last[s] in [1, 2^23]
    wire [23:0]   f_dm  = f_p5 - f_last[f_i5] - 24'd1;
    wire          f_new = !f_dm[23];
    wire          f_pop = m_inc_valid && m_inc_ready;
    always @(posedge clk) begin
        if (rst) begin
            f_known <= {NS{1'b0}};
            f_pend  <= 5'd0;
        end else begin
            if (f_take) begin
                f_known[f_i5] <= 1'b1;
                f_last[f_i5]  <= f_p5;
            end
            f_pend <= f_pend + {4'd0, stat_ok} - {4'd0, f_pop};
        end
    end
    // ghost state after the S5 packet (the RTL wrote it at the end of S4)
    wire [NS-1:0] g_known = f_known | (f_take ? ({{(NS-1){1'b0}}, 1'b1} << f_i5) : {NS{1'b0}});
    function [23:0] g_last(input [SW-1:0] s);
        g_last = (f_take && s == f_i5) ? f_p5 : f_last[s];
    endfunction
    wire [SW-1:0] f_i4 = f_s4[SW-1:0];
    wire [23:0]   f_exp4 = g_last(f_i4) + 24'd1;

    wire [2:0] f_infl = {2'd0, f_v0} + {2'd0, f_v1} + {2'd0, f_v2} + {2'd0, f_v3} + {2'd0, f_v4} + {2'd0, stat_ok};
    wire [5:0] f_occ  = {1'b0, \dut.fifo_count } + {3'd0, f_infl};

    always @* begin
        if (f_past_valid) begin
            // P0: one verdict per packet, in its S5 cycle
            assert ((stat_ok || stat_drop != 13'd0) == f_v5);
            assert ($onehot0({stat_ok, stat_drop}));
            // P1: never a duplicate or stale PSN accepted
            if (stat_ok) assert (f_s5 < NS && (!f_known[f_i5] || f_new));
            if (f_take)  assert (f_s5 < NS);
            // P2: a dup drop is a real duplicate/stale PSN of a known source
            if (stat_drop[9]) assert (f_s5 < NS && f_known[f_i5] && !f_new);
            // P3: gap pulse with the accepted sequence that skipped
            assert (stat_gap == (f_take && f_known[f_i5] && f_dm != 24'd0));
            if (stat_gap) assert (gap_src == f_s5);
            // P4: one m_inc transfer per accepted notification, no push refused
            assert ({1'b0, f_pend} == {1'b0, \dut.fifo_count });
            assert (m_inc_valid == (f_pend != 5'd0));
            assert (\dut.fifo_s_ready == (\dut.fifo_count != 5'd16));
            assert (f_occ <= 6'd16);
            if (tready) assert (f_occ <= 6'd15);
            // invariants: pipeline == ghosts
            assert ((\dut.ir_v_reg && \dut.ir_last_reg ) == f_v0);
            assert (\dut.hc_valid == f_v1);
            assert (\dut.v2_reg == f_v2);
            assert (\dut.v3_reg == f_v3);
            assert (\dut.v4_reg == f_v4);
            if (f_v2) assert (\dut.psn2_reg == f_p2 && \dut.src2_reg == f_s2);
            if (f_v2) assert (\dut.fa2_reg == cfg_wire_fa);
            if (f_v3) assert (\dut.psn3_reg == f_p3 && \dut.src3_reg == f_s3);
            if (f_v4) assert (\dut.psn4p_reg == f_p4 + 24'd1 && \dut.src4_reg == f_s4);
            // check 9 (source index) of the packets in flight
            if (f_v2) assert (\dut.src2 == (f_s2 >= NS));
            if (f_v3) assert (\dut.src3 == (f_s3 >= NS));
            if (f_v4 && f_s4 >= NS) assert (\dut.pre4_reg );
            assert (\dut.sm3_reg == (\dut.src3_reg [SW-1:0] == \dut.src4_reg [SW-1:0]));
            // invariants: sequence state == ghost state after the S5 packet
            assert (\dut.seq_known == g_known);
            if (g_known[0]) assert (\dut.seq_exp[0] == g_last(0) + 24'd1);
            if (g_known[1]) assert (\dut.seq_exp[1] == g_last(1) + 24'd1);
            if (g_known[2]) assert (\dut.seq_exp[2] == g_last(2) + 24'd1);
            if (g_known[3]) assert (\dut.seq_exp[3] == g_last(3) + 24'd1);
            if (f_v4) begin
                assert (\dut.kn4_reg == g_known[f_i4]);
                if (g_known[f_i4]) assert (\dut.d4_reg == f_p4 - f_exp4);
            end
        end
    end

    // covers (task cvr): in-order accept of a known source, a dup drop, a gap, two accepted
    // notifications of one source in consecutive cycles (S4 -> S3 forwarding), the FIFO full
    reg       f_ok_prev;
    reg [7:0] f_s_prev;
    always @(posedge clk) begin
        f_ok_prev <= !rst && stat_ok;
        f_s_prev  <= f_s5;
    end
    always @* begin
        if (f_past_valid) begin
            cover (stat_ok && f_known[f_i5] && f_dm == 24'd0);
            cover (stat_drop[9]);
            cover (stat_gap);
            cover (stat_ok && f_ok_prev && f_s_prev == f_s5 && f_known[f_i5] && f_dm == 24'd0);
            cover (\dut.fifo_count == 5'd15);
        end
    end
endmodule
`resetall
