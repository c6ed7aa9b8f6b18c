`resetall
`timescale 1ns / 1ps
`default_nettype none
// prims_top: Verilator unit-test top of the rtl/common control primitives (tb/prims/tb_prims.cpp).
// One instance of each primitive (both sync_fifo shapes, three arbiter modes, both popcount
// shapes, stats_counter and stats_counter_axil) with its ports brought out under a prefix;
// small parameters so that wraps, full FIFOs and fairness rounds occur often.
// Packet primitives: crc32_beat at DATA_WIDTH 64 (c6_), 512 (c5_, 8 first-stage chunks) and 72
// (c9_, CHUNK 24: one beat holds "123456789"); ipv4_csum PIPELINE 1 (cs_) and 0 (cz_);
// hdr_capture at DATA_WIDTH 64 and 512 with HDR_BYTES 86 (h6_, h5_) and DATA_WIDTH 24 with
// HDR_BYTES 7 (h3_: 3-byte lanes, the header ends inside a beat).
module prims_top (
    input  wire        clk,
    input  wire        rst,
    // sync_fifo, LUTRAM shape (fl_) and block-RAM shape (fb_): WIDTH 16, DEPTH 8
    input  wire [15:0] fl_s_data,  input wire fl_s_valid, output wire fl_s_ready,
    output wire [15:0] fl_m_data,  output wire fl_m_valid, input wire fl_m_ready,
    output wire [3:0]  fl_count,
    input  wire [15:0] fb_s_data,  input wire fb_s_valid, output wire fb_s_ready,
    output wire [15:0] fb_m_data,  output wire fb_m_valid, input wire fb_m_ready,
    output wire [3:0]  fb_count,
    // axis_skid, DATA_WIDTH 16
    input  wire [15:0] sk_s_data,  input wire sk_s_valid, output wire sk_s_ready,
    output wire [15:0] sk_m_data,  output wire sk_m_valid, input wire sk_m_ready,
    // arbiters, N 5: round robin (ar_), fixed priority (af_), round robin hold-until-ack (ah_)
    input  wire [4:0]  ar_req, output wire [4:0] ar_grant, output wire ar_grant_valid,
    output wire [2:0]  ar_grant_index,
    input  wire [4:0]  af_req, output wire [4:0] af_grant, output wire af_grant_valid,
    output wire [2:0]  af_grant_index,
    input  wire [4:0]  ah_req, input wire [4:0] ah_ack, output wire [4:0] ah_grant,
    output wire        ah_grant_valid, output wire [2:0] ah_grant_index,
    // prio_enc N 11
    input  wire [10:0] pe_req, output wire pe_valid, output wire [3:0] pe_index,
    output wire [10:0] pe_onehot, output wire [10:0] pe_upper,
    // popcount N 37: pipelined (pp_, latency 2) and combinational (pc_)
    input  wire [36:0] pp_in, output wire [5:0] pp_count,
    input  wire [36:0] pc_in, output wire [5:0] pc_count,
    // stats_counter N 5, CNT_WIDTH 10 (wraps quickly)
    input  wire [4:0]  sc_inc, input wire sc_clear, output wire sc_busy,
    input  wire        sc_rd_en, input wire [2:0] sc_rd_addr,
    output wire        sc_rd_valid, output wire [9:0] sc_rd_data,
    // stats_counter_axil N 6, CNT_WIDTH 64, ADDR_WIDTH 8
    input  wire [5:0]  sa_inc, input wire sa_clear, output wire sa_busy,
    input  wire [7:0]  sa_awaddr, input wire sa_awvalid, output wire sa_awready,
    input  wire [31:0] sa_wdata, input wire [3:0] sa_wstrb, input wire sa_wvalid,
    output wire        sa_wready, output wire [1:0] sa_bresp, output wire sa_bvalid,
    input  wire        sa_bready,
    input  wire [7:0]  sa_araddr, input wire sa_arvalid, output wire sa_arready,
    output wire [31:0] sa_rdata, output wire [1:0] sa_rresp, output wire sa_rvalid,
    input  wire        sa_rready,
    // crc32_beat
    input  wire         c6_valid, input wire c6_first, input wire [63:0] c6_data,
    output wire         c6_out_valid, output wire [31:0] c6_crc,
    input  wire         c5_valid, input wire c5_first, input wire [511:0] c5_data,
    output wire         c5_out_valid, output wire [31:0] c5_crc,
    input  wire         c9_valid, input wire c9_first, input wire [71:0] c9_data,
    output wire         c9_out_valid, output wire [31:0] c9_crc,
    // ipv4_csum
    input  wire         cs_valid, input wire [159:0] cs_hdr, output wire cs_out_valid, output wire [15:0] cs_sum,
    input  wire         cz_valid, input wire [159:0] cz_hdr, output wire cz_out_valid, output wire [15:0] cz_sum,
    // hdr_capture
    input  wire         h6_fire, input wire [63:0] h6_data, input wire [7:0] h6_keep, input wire h6_last,
    output wire         h6_out_valid, output wire [687:0] h6_hdr, output wire [15:0] h6_len,
    output wire         h6_bad_keep,
    input  wire         h5_fire, input wire [511:0] h5_data, input wire [63:0] h5_keep, input wire h5_last,
    output wire         h5_out_valid, output wire [687:0] h5_hdr, output wire [15:0] h5_len,
    output wire         h5_bad_keep,
    input  wire         h3_fire, input wire [23:0] h3_data, input wire [2:0] h3_keep, input wire h3_last,
    output wire         h3_out_valid, output wire [55:0] h3_hdr, output wire [15:0] h3_len,
    output wire         h3_bad_keep
);
    sync_fifo #(.WIDTH(16), .DEPTH(8), .BRAM_MIN_DEPTH(16)) u_fl (
        .clk(clk), .rst(rst), .s_data(fl_s_data), .s_valid(fl_s_valid), .s_ready(fl_s_ready),
        .m_data(fl_m_data), .m_valid(fl_m_valid), .m_ready(fl_m_ready), .count(fl_count));
    sync_fifo #(.WIDTH(16), .DEPTH(8), .BRAM_MIN_DEPTH(8)) u_fb (
        .clk(clk), .rst(rst), .s_data(fb_s_data), .s_valid(fb_s_valid), .s_ready(fb_s_ready),
        .m_data(fb_m_data), .m_valid(fb_m_valid), .m_ready(fb_m_ready), .count(fb_count));
    axis_skid #(.DATA_WIDTH(16)) u_sk (
        .clk(clk), .rst(rst), .s_data(sk_s_data), .s_valid(sk_s_valid), .s_ready(sk_s_ready),
        .m_data(sk_m_data), .m_valid(sk_m_valid), .m_ready(sk_m_ready));
    arbiter #(.N(5), .ROUND_ROBIN(1)) u_ar (
        .clk(clk), .rst(rst), .req(ar_req), .ack(5'd0), .grant(ar_grant),
        .grant_valid(ar_grant_valid), .grant_index(ar_grant_index));
    arbiter #(.N(5), .ROUND_ROBIN(0)) u_af (
        .clk(clk), .rst(rst), .req(af_req), .ack(5'd0), .grant(af_grant),
        .grant_valid(af_grant_valid), .grant_index(af_grant_index));
    arbiter #(.N(5), .ROUND_ROBIN(1), .BLOCK(1), .BLOCK_ACK(1)) u_ah (
        .clk(clk), .rst(rst), .req(ah_req), .ack(ah_ack), .grant(ah_grant),
        .grant_valid(ah_grant_valid), .grant_index(ah_grant_index));
    prio_enc #(.N(11)) u_pe (
        .req(pe_req), .valid(pe_valid), .index(pe_index), .onehot(pe_onehot), .upper(pe_upper));
    popcount #(.N(37), .CHUNK(8), .PIPELINE(1)) u_pp (.clk(clk), .in(pp_in), .count(pp_count));
    popcount #(.N(37), .CHUNK(5), .PIPELINE(0)) u_pc (.clk(clk), .in(pc_in), .count(pc_count));
    stats_counter #(.N(5), .CNT_WIDTH(10)) u_sc (
        .clk(clk), .rst(rst), .stat_inc(sc_inc), .stat_clear(sc_clear), .stat_busy(sc_busy),
        .rd_en(sc_rd_en), .rd_addr(sc_rd_addr), .rd_valid(sc_rd_valid), .rd_data(sc_rd_data));
    stats_counter_axil #(.N(6), .CNT_WIDTH(64), .ADDR_WIDTH(8)) u_sa (
        .clk(clk), .rst(rst), .stat_inc(sa_inc), .stat_clear(sa_clear), .stat_busy(sa_busy),
        .s_axil_awaddr(sa_awaddr), .s_axil_awvalid(sa_awvalid), .s_axil_awready(sa_awready),
        .s_axil_wdata(sa_wdata), .s_axil_wstrb(sa_wstrb), .s_axil_wvalid(sa_wvalid),
        .s_axil_wready(sa_wready), .s_axil_bresp(sa_bresp), .s_axil_bvalid(sa_bvalid),
        .s_axil_bready(sa_bready), .s_axil_araddr(sa_araddr), .s_axil_arvalid(sa_arvalid),
        .s_axil_arready(sa_arready), .s_axil_rdata(sa_rdata), .s_axil_rresp(sa_rresp),
        .s_axil_rvalid(sa_rvalid), .s_axil_rready(sa_rready));
    crc32_beat #(.DATA_WIDTH(64)) u_c6 (
        .clk(clk), .rst(rst), .in_valid(c6_valid), .in_first(c6_first), .in_data(c6_data),
        .out_valid(c6_out_valid), .out_crc(c6_crc));
    crc32_beat #(.DATA_WIDTH(512)) u_c5 (
        .clk(clk), .rst(rst), .in_valid(c5_valid), .in_first(c5_first), .in_data(c5_data),
        .out_valid(c5_out_valid), .out_crc(c5_crc));
    crc32_beat #(.DATA_WIDTH(72), .CHUNK(24)) u_c9 (
        .clk(clk), .rst(rst), .in_valid(c9_valid), .in_first(c9_first), .in_data(c9_data),
        .out_valid(c9_out_valid), .out_crc(c9_crc));
    ipv4_csum #(.PIPELINE(1)) u_cs (
        .clk(clk), .in_valid(cs_valid), .in_hdr(cs_hdr), .out_valid(cs_out_valid), .out_sum(cs_sum));
    ipv4_csum #(.PIPELINE(0)) u_cz (
        .clk(clk), .in_valid(cz_valid), .in_hdr(cz_hdr), .out_valid(cz_out_valid), .out_sum(cz_sum));
    hdr_capture #(.DATA_WIDTH(64), .HDR_BYTES(86)) u_h6 (
        .clk(clk), .rst(rst), .in_fire(h6_fire), .in_data(h6_data), .in_keep(h6_keep), .in_last(h6_last),
        .out_valid(h6_out_valid), .out_hdr(h6_hdr), .out_len(h6_len), .out_bad_keep(h6_bad_keep));
    hdr_capture #(.DATA_WIDTH(512), .HDR_BYTES(86)) u_h5 (
        .clk(clk), .rst(rst), .in_fire(h5_fire), .in_data(h5_data), .in_keep(h5_keep), .in_last(h5_last),
        .out_valid(h5_out_valid), .out_hdr(h5_hdr), .out_len(h5_len), .out_bad_keep(h5_bad_keep));
    hdr_capture #(.DATA_WIDTH(24), .HDR_BYTES(7)) u_h3 (
        .clk(clk), .rst(rst), .in_fire(h3_fire), .in_data(h3_data), .in_keep(h3_keep), .in_last(h3_last),
        .out_valid(h3_out_valid), .out_hdr(h3_hdr), .out_len(h3_len), .out_bad_keep(h3_bad_keep));
endmodule
`resetall
