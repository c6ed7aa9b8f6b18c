`default_nettype none
`timescale 1ns / 1ps
// nic_top_hrd: the host read port of nic_top shared by three requesters, and the completion
// demultiplexer back to them.
//
// Source: docs/nic.md 6 ("reads from the ring fetch, the TX DMA and the page walker share one
// tag space (tag = source + its tag); the walker's 64-bit reads are served from the 256-bit
// beats"); docs/nic.md 2.1 / 2.2 (host read interface, natural 32-byte beat alignment).
//
// Ports: clk, rst (synchronous, active high).
//   s_q*  source 0, the command ring fetch of nic_cmdq: {addr[63:0], len[12:0], tag[8]}.
//   s_t*  source 1, the TX DMA reads after translation: {addr, len, tag[5]}.
//   s_w*  source 2, nic_xlat's page walker: {addr[51:0], tag[3]}, 8 bytes, 8-aligned.
//   m_rd  {addr, len, tag[HTAG_W]}: tag = {source[1:0], source tag zero-extended to 8 bits}.
//   s_cpl {tag, data[255:0], last, err}: routed by tag bits 9:8 after an input register:
//         source 0 -> m_qc {tag[7:0], data, last, err} (valid/ready),
//         source 1 -> m_tc {tag[4:0], data, last, err} (valid only: its sink is always ready),
//         source 2 -> m_wc {tag[2:0], data[63:0]} (valid/ready): the 8 bytes at the walker's
//         address (beat lane addr[4:3]); a failed read (err) gives 0, a non-present entry.
// Arbitration: round robin over the requesters with a request this cycle; one request per cycle.
// Latency: request 1 cycle (registered output); completion 1 cycle (+1 for the walker lane).
module nic_top_hrd #(
    parameter HTAG_W = 10
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          s_q_valid,
    output wire          s_q_ready,
    input  wire [63:0]   s_q_addr,
    input  wire [12:0]   s_q_len,
    input  wire [7:0]    s_q_tag,
    input  wire          s_t_valid,
    output wire          s_t_ready,
    input  wire [63:0]   s_t_addr,
    input  wire [12:0]   s_t_len,
    input  wire [4:0]    s_t_tag,
    input  wire          s_w_valid,
    output wire          s_w_ready,
    input  wire [51:0]   s_w_addr,
    input  wire [2:0]    s_w_tag,
    output wire          m_rd_valid,
    input  wire          m_rd_ready,
    output wire [63:0]   m_rd_addr,
    output wire [12:0]   m_rd_len,
    output wire [HTAG_W-1:0] m_rd_tag,
    input  wire          s_cpl_valid,
    output wire          s_cpl_ready,
    input  wire [HTAG_W-1:0] s_cpl_tag,
    input  wire [255:0]  s_cpl_data,
    input  wire          s_cpl_last,
    input  wire          s_cpl_err,
    output wire          m_qc_valid,
    input  wire          m_qc_ready,
    output wire [7:0]    m_qc_tag,
    output wire [255:0]  m_qc_data,
    output wire          m_qc_last,
    output wire          m_qc_err,
    output wire          m_tc_valid,
    output wire [4:0]    m_tc_tag,
    output wire [255:0]  m_tc_data,
    output wire          m_tc_last,
    output wire          m_tc_err,
    output wire          m_wc_valid,
    input  wire          m_wc_ready,
    output wire [2:0]    m_wc_tag,
    output wire [63:0]   m_wc_data
);
    initial begin
        if (HTAG_W != 10) begin
            $error("%m: HTAG_W must be 10 (2 source bits + 8 tag bits)");
            $finish;
        end
    end

    // ---------------------------------------------------------------- requests
    reg          o_v_reg;
    reg [63:0]   o_addr_reg;
    reg [12:0]   o_len_reg;
    reg [9:0]    o_tag_reg;
    reg [1:0]    last_reg;            // source granted last (round robin)
    reg [1:0]    wl_mem [0:7];        // walker lane per walker tag
    wire         free = !o_v_reg || m_rd_ready;
    // round robin: the first requester after the last one granted
    wire [2:0]   req = {s_w_valid, s_t_valid, s_q_valid};
    reg  [1:0]   pick;
    always @(*) begin
        case (last_reg)
            2'd0:    pick = req[1] ? 2'd1 : req[2] ? 2'd2 : 2'd0;
            2'd1:    pick = req[2] ? 2'd2 : req[0] ? 2'd0 : 2'd1;
            default: pick = req[0] ? 2'd0 : req[1] ? 2'd1 : 2'd2;
        endcase
    end
    wire go = free && req != 3'd0;
    assign s_q_ready = go && pick == 2'd0;
    assign s_t_ready = go && pick == 2'd1;
    assign s_w_ready = go && pick == 2'd2;
    always @(posedge clk) begin
        if (rst) begin
            o_v_reg  <= 1'b0;
            last_reg <= 2'd2;
        end else if (go) begin
            o_v_reg  <= 1'b1;
            last_reg <= pick;
        end else if (m_rd_ready) begin
            o_v_reg <= 1'b0;
        end
        if (go) begin
            case (pick)
                2'd0: begin
                    o_addr_reg <= s_q_addr; o_len_reg <= s_q_len; o_tag_reg <= {2'd0, s_q_tag};
                end
                2'd1: begin
                    o_addr_reg <= s_t_addr; o_len_reg <= s_t_len; o_tag_reg <= {2'd1, 3'd0, s_t_tag};
                end
                default: begin
                    o_addr_reg <= {12'd0, s_w_addr}; o_len_reg <= 13'd8;
                    o_tag_reg  <= {2'd2, 5'd0, s_w_tag};
                end
            endcase
        end
        if (go && pick == 2'd2) wl_mem[s_w_tag] <= s_w_addr[4:3];
    end
    assign m_rd_valid = o_v_reg;
    assign m_rd_addr  = o_addr_reg;
    assign m_rd_len   = o_len_reg;
    assign m_rd_tag   = o_tag_reg;

    // ---------------------------------------------------------------- completions
    reg          wc_v_reg;
    reg [2:0]    wc_tag_reg;
    reg [63:0]   wc_data_reg;
    wire         wc_free = !wc_v_reg || m_wc_ready;
    reg          c_v_reg, c_last_reg, c_err_reg;
    reg [9:0]    c_tag_reg;
    reg [255:0]  c_data_reg;
    wire [1:0]   c_src = c_tag_reg[9:8];
    wire         c_out_ready = c_src == 2'd0 ? m_qc_ready : c_src == 2'd1 ? 1'b1 : wc_free;
    wire         c_take = c_v_reg && c_out_ready;
    assign s_cpl_ready = !c_v_reg || c_take;
    always @(posedge clk) begin
        if (rst) c_v_reg <= 1'b0;
        else if (s_cpl_valid && s_cpl_ready) c_v_reg <= 1'b1;
        else if (c_take) c_v_reg <= 1'b0;
        if (s_cpl_valid && s_cpl_ready) begin
            c_tag_reg  <= s_cpl_tag;
            c_data_reg <= s_cpl_data;
            c_last_reg <= s_cpl_last;
            c_err_reg  <= s_cpl_err;
        end
    end
    assign m_qc_valid = c_v_reg && c_src == 2'd0;
    assign m_qc_tag   = c_tag_reg[7:0];
    assign m_qc_data  = c_data_reg;
    assign m_qc_last  = c_last_reg;
    assign m_qc_err   = c_err_reg;
    assign m_tc_valid = c_v_reg && c_src == 2'd1;
    assign m_tc_tag   = c_tag_reg[4:0];
    assign m_tc_data  = c_data_reg;
    assign m_tc_last  = c_last_reg;
    assign m_tc_err   = c_err_reg;

    // walker: lane select into a register
    wire [1:0]   lane = wl_mem[c_tag_reg[2:0]];
    always @(posedge clk) begin
        if (rst) wc_v_reg <= 1'b0;
        else if (c_v_reg && c_src[1] && wc_free) wc_v_reg <= 1'b1;
        else if (m_wc_ready) wc_v_reg <= 1'b0;
        if (c_v_reg && c_src[1] && wc_free) begin
            wc_tag_reg  <= c_tag_reg[2:0];
            wc_data_reg <= c_err_reg ? 64'd0 : c_data_reg[64*lane +: 64];
        end
    end
    assign m_wc_valid = wc_v_reg;
    assign m_wc_tag   = wc_tag_reg;
    assign m_wc_data  = wc_data_reg;
endmodule
`default_nettype wire
