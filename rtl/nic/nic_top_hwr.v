`default_nettype none
`timescale 1ns / 1ps
// nic_top_hwr: the host write port of nic_top shared by N writers (RX data, EQ events, command
// queue consumer indices), one whole write at a time.
//
// Source: docs/nic.md 6 (host port muxes); docs/nic.md 2.3 (host write interface: a write's beats
// are contiguous, addr / len stable over its beats, posted writes kept in order).
//
// Ports: clk, rst (synchronous, active high).
//   s_*  N writers, flat vectors (writer k in bits [k*W +: W]): {addr[63:0], len[12:0],
//        data[255:0], last}, valid/ready per writer.
//   m_*  the host write port, registered.
// Arbitration: round robin between writes; the writer granted keeps the port until its last beat.
//   Beats leave in the order they were taken, so a write taken after another's last beat reaches
//   the host after it (the event fence of nic_top relies on this).
// Latency: 1 cycle. Throughput: one beat per cycle.
module nic_top_hwr #(
    parameter N = 3
) (
    input  wire           clk,
    input  wire           rst,
    input  wire [N-1:0]   s_valid,
    output wire [N-1:0]   s_ready,
    input  wire [N*64-1:0]  s_addr,
    input  wire [N*13-1:0]  s_len,
    input  wire [N*256-1:0] s_data,
    input  wire [N-1:0]   s_last,
    output wire           m_valid,
    input  wire           m_ready,
    output wire [63:0]    m_addr,
    output wire [12:0]    m_len,
    output wire [255:0]   m_data,
    output wire           m_last
);
    localparam IW = N > 1 ? $clog2(N) : 1;

    reg           o_v_reg, o_last_reg, lock_reg;
    reg [63:0]    o_addr_reg;
    reg [12:0]    o_len_reg;
    reg [255:0]   o_data_reg;
    reg [IW-1:0]  sel_reg;               // writer holding the port (lock_reg) or granted last
    wire          free = !o_v_reg || m_ready;

    // round robin pick among the writers with a beat, starting after sel_reg
    reg [IW-1:0]  pick;
    reg           any;
    integer i;
    integer j;
    always @(*) begin
        pick = sel_reg;
        any  = 1'b0;
        for (i = N; i >= 1; i = i - 1) begin
            j = ({{(32-IW){1'b0}}, sel_reg} + i) % N;
            if (s_valid[j]) begin
                pick = j[IW-1:0];
                any  = 1'b1;
            end
        end
    end
    wire [IW-1:0] cur = lock_reg ? sel_reg : pick;
    wire          go  = free && (lock_reg ? s_valid[sel_reg] : any);
    genvar k;
    generate
        for (k = 0; k < N; k = k + 1) begin : g_rdy
            assign s_ready[k] = go && cur == k;
        end
    endgenerate

    always @(posedge clk) begin
        if (rst) begin
            o_v_reg  <= 1'b0;
            lock_reg <= 1'b0;
            sel_reg  <= {IW{1'b0}};
        end else begin
            if (go) begin
                o_v_reg  <= 1'b1;
                sel_reg  <= cur;
                lock_reg <= !s_last[cur];
            end else if (m_ready) begin
                o_v_reg <= 1'b0;
            end
        end
        if (go) begin
            o_addr_reg <= s_addr[64*cur +: 64];
            o_len_reg  <= s_len[13*cur +: 13];
            o_data_reg <= s_data[256*cur +: 256];
            o_last_reg <= s_last[cur];
        end
    end
    assign m_valid = o_v_reg;
    assign m_addr  = o_addr_reg;
    assign m_len   = o_len_reg;
    assign m_data  = o_data_reg;
    assign m_last  = o_last_reg;
endmodule
`default_nettype wire
