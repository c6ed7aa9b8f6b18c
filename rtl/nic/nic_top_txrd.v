`default_nettype none
`timescale 1ns / 1ps
// nic_top_txrd: translation of nic_txdma's host reads (VA -> PA through nic_xlat) and the
// completion path back, with error completions for reads whose translation faulted.
//
// Source: docs/nic.md 6 (translation row: "a read of the engines never crosses a 4 KiB page, so
// one translation per request; a fault drops the message with a counter"); docs/nic_xlat.md 3
// (m_resp: pa with the page offset, fault codes, gen); docs/nic.md 2 (host interface).
//
// Ports: clk, rst (synchronous, active high).
//   s_rd  {addr[63:0], len[12:0], tag[TAG_W]}  nic_txdma.m_rd_req; addr = {4'b0, pid[11:0],
//         VA[47:0]} (nic_top_cmd), so VA = sign extension of bits 47:0 (always the lower half).
//   m_xq  {pid[15:0], va[63:0], id[TAG_W-1:0]}  translation request (write = 0), registered.
//   s_xr  {id, pa[51:0], fault[2:0], gen}      its response (nic_xlat answers this id's requests
//         in order; ids = tags, so any order across tags).
//   m_rd  {addr[63:0] (PA), len, tag}          host read request, registered.
//   s_cpl {tag, data[255:0], last, err}         the host's completion beats for these tags.
//   m_cpl {tag, data, last, err}                to nic_txdma.s_cpl (always ready there: D1); the
//         host's beats pass in the cycle after they arrive; a faulted read gets its
//         ((len + 31) >> 5) beats with err = 1 and data 0 (nic_txdma marks the flits m_data_err)
//         in cycles without a host beat.
//   busy[1:0]   bit g: reads translated with generation bit g still waiting for their last beat
//               (nic_xlat's dma_busy input, docs/nic_xlat.md 4.6).
//   ev_fault    one-cycle pulse per faulted read (counter of nic_top).
// Latency: request 1 cycle to m_xq; response to m_rd 1 cycle; completion 1 cycle.
// Throughput: one request per cycle each way.
module nic_top_txrd #(
    parameter TAG_W = 5
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             s_rd_valid,
    output wire             s_rd_ready,
    input  wire [63:0]      s_rd_addr,
    input  wire [12:0]      s_rd_len,
    input  wire [TAG_W-1:0] s_rd_tag,
    output wire             m_xq_valid,
    input  wire             m_xq_ready,
    output wire [15:0]      m_xq_pid,
    output wire [63:0]      m_xq_va,
    output wire [TAG_W-1:0] m_xq_id,
    input  wire             s_xr_valid,
    output wire             s_xr_ready,
    input  wire [TAG_W-1:0] s_xr_id,
    input  wire [51:0]      s_xr_pa,
    input  wire [2:0]       s_xr_fault,
    input  wire             s_xr_gen,
    output wire             m_rd_valid,
    input  wire             m_rd_ready,
    output wire [63:0]      m_rd_addr,
    output wire [12:0]      m_rd_len,
    output wire [TAG_W-1:0] m_rd_tag,
    input  wire             s_cpl_valid,
    output wire             s_cpl_ready,
    input  wire [TAG_W-1:0] s_cpl_tag,
    input  wire [255:0]     s_cpl_data,
    input  wire             s_cpl_last,
    input  wire             s_cpl_err,
    output wire             m_cpl_valid,
    output wire [TAG_W-1:0] m_cpl_tag,
    output wire [255:0]     m_cpl_data,
    output wire             m_cpl_last,
    output wire             m_cpl_err,
    output wire [1:0]       busy,
    output wire             ev_fault
);
    localparam NT = 1 << TAG_W;

    // ---------------------------------------------------------------- request
    reg             xq_v_reg;
    reg [15:0]      xq_pid_reg;
    reg [63:0]      xq_va_reg;
    reg [TAG_W-1:0] xq_id_reg;
    reg [12:0]      len_mem [0:NT-1];     // length per tag (LUT RAM, not reset)
    assign s_rd_ready = !xq_v_reg || m_xq_ready;
    always @(posedge clk) begin
        if (rst) xq_v_reg <= 1'b0;
        else if (s_rd_valid && s_rd_ready) xq_v_reg <= 1'b1;
        else if (m_xq_ready) xq_v_reg <= 1'b0;
        if (s_rd_valid && s_rd_ready) begin
            xq_pid_reg <= {4'd0, s_rd_addr[59:48]};
            xq_va_reg  <= {{16{s_rd_addr[47]}}, s_rd_addr[47:0]};
            xq_id_reg  <= s_rd_tag;
            len_mem[s_rd_tag] <= s_rd_len;
        end
    end
    assign m_xq_valid = xq_v_reg;
    assign m_xq_pid   = xq_pid_reg;
    assign m_xq_va    = xq_va_reg;
    assign m_xq_id    = xq_id_reg;

    // ---------------------------------------------------------------- response -> host read
    reg             rd_v_reg, flt_v_reg, evf_reg;
    reg [63:0]      rd_addr_reg;
    reg [12:0]      rd_len_reg;
    reg [TAG_W-1:0] rd_tag_reg;
    reg [8:0]       flt_left_reg;         // error beats still to send
    reg [TAG_W-1:0] flt_tag_reg;
    reg [NT-1:0]    gen_reg;              // generation of each tag's translation
    wire            fault = s_xr_fault != 3'd0;
    wire [12:0]     xr_len = len_mem[s_xr_id];
    assign s_xr_ready = fault ? !flt_v_reg : (!rd_v_reg || m_rd_ready);
    wire            xr_take = s_xr_valid && s_xr_ready;
    always @(posedge clk) begin
        if (rst) rd_v_reg <= 1'b0;
        else if (xr_take && !fault) rd_v_reg <= 1'b1;
        else if (m_rd_ready) rd_v_reg <= 1'b0;
        if (xr_take && !fault) begin
            rd_addr_reg <= {12'd0, s_xr_pa};
            rd_len_reg  <= xr_len;
            rd_tag_reg  <= s_xr_id;
            gen_reg[s_xr_id] <= s_xr_gen;
        end
    end
    assign m_rd_valid = rd_v_reg;
    assign m_rd_addr  = rd_addr_reg;
    assign m_rd_len   = rd_len_reg;
    assign m_rd_tag   = rd_tag_reg;

    // ---------------------------------------------------------------- completions
    reg             c_v_reg, c_last_reg, c_err_reg;
    reg [TAG_W-1:0] c_tag_reg;
    reg [255:0]     c_data_reg;
    assign s_cpl_ready = 1'b1;
    wire            flt_go = flt_v_reg && !s_cpl_valid;
    always @(posedge clk) begin
        if (rst) begin
            c_v_reg   <= 1'b0;
            flt_v_reg <= 1'b0;
            evf_reg   <= 1'b0;
        end else begin
            evf_reg <= xr_take && fault;
            c_v_reg <= s_cpl_valid || flt_go;
            if (xr_take && fault) begin
                flt_v_reg    <= 1'b1;
                flt_tag_reg  <= s_xr_id;
                flt_left_reg <= (xr_len[12:5] + {7'd0, xr_len[4:0] != 5'd0}) - 9'd1;
            end else if (flt_go) begin
                flt_left_reg <= flt_left_reg - 9'd1;
                if (flt_left_reg == 9'd0) flt_v_reg <= 1'b0;
            end
        end
        c_tag_reg  <= s_cpl_valid ? s_cpl_tag : flt_tag_reg;
        c_data_reg <= s_cpl_valid ? s_cpl_data : 256'd0;
        c_last_reg <= s_cpl_valid ? s_cpl_last : flt_left_reg == 9'd0;
        c_err_reg  <= s_cpl_valid ? s_cpl_err : 1'b1;
    end
    assign m_cpl_valid = c_v_reg;
    assign m_cpl_tag   = c_tag_reg;
    assign m_cpl_data  = c_data_reg;
    assign m_cpl_last  = c_last_reg;
    assign m_cpl_err   = c_err_reg;

    // ---------------------------------------------------------------- dma_busy
    // reads in flight per generation: +1 when a translation is sent as a host read, -1 when
    // its last completion beat passes
    reg  [TAG_W:0] cnt0_reg, cnt1_reg;
    wire           inc0 = xr_take && !fault && !s_xr_gen;
    wire           inc1 = xr_take && !fault && s_xr_gen;
    wire           done = s_cpl_valid && s_cpl_last;
    wire           dec0 = done && !gen_reg[s_cpl_tag];
    wire           dec1 = done && gen_reg[s_cpl_tag];
    always @(posedge clk) begin
        if (rst) begin
            cnt0_reg <= {(TAG_W+1){1'b0}};
            cnt1_reg <= {(TAG_W+1){1'b0}};
        end else begin
            cnt0_reg <= cnt0_reg + {{TAG_W{1'b0}}, inc0} - {{TAG_W{1'b0}}, dec0};
            cnt1_reg <= cnt1_reg + {{TAG_W{1'b0}}, inc1} - {{TAG_W{1'b0}}, dec1};
        end
    end
    assign busy     = {cnt1_reg != 0, cnt0_reg != 0};
    assign ev_fault = evf_reg;
endmodule
`default_nettype wire
