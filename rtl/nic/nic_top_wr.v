`default_nettype none
`timescale 1ns / 1ps
// nic_top_wr: translation of nic_rxdma's host writes (VA + PID -> PA through nic_xlat), with the
// write data held in a FIFO while the translation is in flight.
//
// Source: docs/nic.md 6 (translation: "a write of the engines never crosses a 4 KiB page, so one
// translation per request; a fault drops the message with a counter"; the event-after-data fence);
// docs/nic_xlat.md 3 (m_resp, per-id order); docs/nic.md 2.3 (host write interface).
//
// Ports: clk, rst (synchronous, active high).
//   s_wr  {addr[63:0] (VA), len[12:0], data[255:0], last, pid[23:0]}  nic_rxdma.m_dma_wr.
//   m_xq  {pid[15:0], va[63:0]}   one translation request per write (write = 1, one id: answers
//         come back in request order); a PID >= 2^16 is sent as 0xFFFF (>= NPID: fault).
//   s_xr  {pa[51:0], fault[2:0], gen}  the answers, in order (held while RESP_D are waiting).
//   m_wr  {addr[63:0] (PA), len, data, last}  host write port, registered.
//   wr_in[15:0]   writes taken from nic_rxdma (counted at their last beat), wrapping.
//   wr_out[15:0]  writes finished here (last beat taken on m_wr, or dropped on a fault), wrapping;
//                 equal to wr_in when nothing is in flight. The event fence of nic_top compares
//                 them (every write taken before an event has left when wr_out passes the
//                 event's snapshot of wr_in).
//   busy[1:0]     bit g: writes translated with generation bit g not yet finished (dma_busy).
//   ev_fault      one-cycle pulse per write dropped on a translation fault.
// Sizes: data FIFO DATA_D beats (block RAM at 128), translation queue META_D writes.
// Latency: a beat reaches m_wr at the earliest 4 cycles after it was taken plus the translation
//   (a TLB hit, docs/nic_xlat.md). Throughput: one beat per cycle once translated.
module nic_top_wr #(
    parameter DATA_D = 128,
    parameter META_D = 8
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          s_wr_valid,
    output wire          s_wr_ready,
    input  wire [63:0]   s_wr_addr,
    input  wire [12:0]   s_wr_len,
    input  wire [255:0]  s_wr_data,
    input  wire          s_wr_last,
    input  wire [23:0]   s_wr_pid,
    output wire          m_xq_valid,
    input  wire          m_xq_ready,
    output wire [15:0]   m_xq_pid,
    output wire [63:0]   m_xq_va,
    input  wire          s_xr_valid,
    output wire          s_xr_ready,
    input  wire [51:0]   s_xr_pa,
    input  wire [2:0]    s_xr_fault,
    input  wire          s_xr_gen,
    output wire          m_wr_valid,
    input  wire          m_wr_ready,
    output wire [63:0]   m_wr_addr,
    output wire [12:0]   m_wr_len,
    output wire [255:0]  m_wr_data,
    output wire          m_wr_last,
    output wire [15:0]   wr_in,
    output wire [15:0]   wr_out,
    output wire [1:0]    busy,
    output wire          ev_fault
);
    // ---------------------------------------------------------------- input
    reg          mid_reg;                 // inside a write (its first beat was taken)
    reg          xq_v_reg;
    reg [15:0]   xq_pid_reg;
    reg [63:0]   xq_va_reg;
    reg [15:0]   in_cnt_reg;
    wire         d_ready, lq_ready;
    wire         first = !mid_reg;
    assign s_wr_ready = d_ready && (!first || ((!xq_v_reg || m_xq_ready) && lq_ready));
    wire         in_take = s_wr_valid && s_wr_ready;
    always @(posedge clk) begin
        if (rst) begin
            mid_reg    <= 1'b0;
            xq_v_reg   <= 1'b0;
            in_cnt_reg <= 16'd0;
        end else begin
            if (in_take) mid_reg <= !s_wr_last;
            if (in_take && s_wr_last) in_cnt_reg <= in_cnt_reg + 16'd1;
            if (in_take && first) xq_v_reg <= 1'b1;
            else if (m_xq_ready) xq_v_reg <= 1'b0;
        end
        if (in_take && first) begin
            xq_pid_reg <= s_wr_pid[23:16] != 8'd0 ? 16'hffff : s_wr_pid[15:0];
            xq_va_reg  <= s_wr_addr;
        end
    end
    assign m_xq_valid = xq_v_reg;
    assign m_xq_pid   = xq_pid_reg;
    assign m_xq_va    = xq_va_reg;
    assign wr_in      = in_cnt_reg;

    wire         d_valid, d_last;
    wire [255:0] d_data;
    wire         d_pop;
    sync_fifo #(.WIDTH(257), .DEPTH(DATA_D)) u_data (
        .clk(clk), .rst(rst),
        .s_data({s_wr_last, s_wr_data}), .s_valid(in_take), .s_ready(d_ready),
        .m_data({d_last, d_data}), .m_valid(d_valid), .m_ready(d_pop), .count()
    );
    wire         l_valid;
    wire [12:0]  l_len;
    wire         l_pop;
    sync_fifo #(.WIDTH(13), .DEPTH(META_D)) u_len (
        .clk(clk), .rst(rst),
        .s_data(s_wr_len), .s_valid(in_take && first), .s_ready(lq_ready),
        .m_data(l_len), .m_valid(l_valid), .m_ready(l_pop), .count()
    );
    wire         r_valid, r_fault, r_gen;
    wire [51:0]  r_pa;
    sync_fifo #(.WIDTH(54), .DEPTH(META_D)) u_resp (
        .clk(clk), .rst(rst),
        .s_data({s_xr_gen, s_xr_fault != 3'd0, s_xr_pa}), .s_valid(s_xr_valid), .s_ready(s_xr_ready),
        .m_data({r_gen, r_fault, r_pa}), .m_valid(r_valid), .m_ready(l_pop), .count()
    );

    // ---------------------------------------------------------------- output
    reg          o_v_reg, o_last_reg, evf_reg;
    reg [63:0]   o_addr_reg;
    reg [12:0]   o_len_reg;
    reg [255:0]  o_data_reg;
    reg [15:0]   out_cnt_reg;
    wire         o_free = !o_v_reg || m_wr_ready;
    wire         head   = l_valid && r_valid && d_valid;
    // a faulted write's beats are dropped at once; a good one moves when the output is free
    wire         beat   = head && (r_fault || o_free);
    assign d_pop = beat;
    assign l_pop = beat && d_last;
    always @(posedge clk) begin
        if (rst) begin
            o_v_reg     <= 1'b0;
            out_cnt_reg <= 16'd0;
            evf_reg     <= 1'b0;
        end else begin
            evf_reg <= beat && d_last && r_fault;
            out_cnt_reg <= out_cnt_reg + {15'd0, m_wr_valid && m_wr_ready && m_wr_last}
                                       + {15'd0, beat && d_last && r_fault};
            if (beat && !r_fault) o_v_reg <= 1'b1;
            else if (m_wr_ready) o_v_reg <= 1'b0;
        end
        if (beat && !r_fault) begin
            o_addr_reg <= {12'd0, r_pa};
            o_len_reg  <= l_len;
            o_data_reg <= d_data;
            o_last_reg <= d_last;
        end
    end
    assign m_wr_valid = o_v_reg;
    assign m_wr_addr  = o_addr_reg;
    assign m_wr_len   = o_len_reg;
    assign m_wr_data  = o_data_reg;
    assign m_wr_last  = o_last_reg;
    assign ev_fault   = evf_reg;

    // ---------------------------------------------------------------- dma_busy
    reg [4:0]    cnt0_reg, cnt1_reg;
    wire         xr_take = s_xr_valid && s_xr_ready && s_xr_fault == 3'd0;
    wire         fin     = beat && d_last && !r_fault;
    always @(posedge clk) begin
        if (rst) begin
            cnt0_reg <= 5'd0;
            cnt1_reg <= 5'd0;
        end else begin
            cnt0_reg <= cnt0_reg + {4'd0, xr_take && !s_xr_gen} - {4'd0, fin && !r_gen};
            cnt1_reg <= cnt1_reg + {4'd0, xr_take && s_xr_gen} - {4'd0, fin && r_gen};
        end
    end
    assign busy = {cnt1_reg != 5'd0, cnt0_reg != 5'd0};
    // wr_out counts a write when its last beat was taken by the host write mux (which passes
    // beats in the order it takes them, so every later write of nic_top follows it) or dropped
    assign wr_out = out_cnt_reg;
endmodule
`default_nettype wire
