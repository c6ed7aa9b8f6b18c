`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_txdma_tq: per-context in-order tag queue of the TX DMA engine (nic_txdma.v, retire in issue
// order, docs/nic_txdma.md 3) with a registered head and its registered one-hot: the same
// handshake timing as sync_fifo's LUTRAM mode (first word fall-through, m_valid the cycle after
// the push into an empty queue), but the head is not read out of the LUTRAM in the cycle it is
// used: the next head (the word after a pop, or the word pushed into an empty queue) is selected
// and registered one cycle ahead, so the retire test "head tag done" is an AND-OR of registers.
// Ports: s_data [TAG_W] / s_valid (always accepted: at most NT tags exist, so the queue of NT
//   words never overflows); m_data [TAG_W] head, m_oh [NT] its one-hot, m_valid, m_ready (pop).
// Widths: NT = 2^TAG_W words of TAG_W bits (LUTRAM, not reset). Latency: push -> m_valid 1 cycle.
// Throughput: one push and one pop per cycle. Errors: none. Own code.
module nic_txdma_tq #(
    parameter TAG_W = 5,
    parameter NT    = 32                 // 1 << TAG_W
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [TAG_W-1:0]  s_data,
    input  wire              s_valid,
    output wire [TAG_W-1:0]  m_data,
    output wire [NT-1:0]     m_oh,
    output wire              m_valid,
    input  wire              m_ready
`ifdef FORMAL
    // formal only (formal/nic_txdma): the queue contents for the D1 reservation invariant
    , output wire [NT*TAG_W-1:0] f_mem,     // word k at [k*TAG_W +: TAG_W]
    output wire [TAG_W-1:0]      f_rd_ptr,
    output wire [TAG_W:0]        f_count
`endif
);
    localparam [TAG_W-1:0] ONE = 1;
    // storage: never reset; two identical copies, one read at rd_ptr and one at rd_ptr + 1, so
    // both candidates of the next head are read in parallel (one memory with two read ports is
    // turned by Yosys into one read at a multiplexed address, in series with the pop)
    reg  [TAG_W-1:0] mem  [0:NT-1];
    reg  [TAG_W-1:0] mem1 [0:NT-1];
    reg  [TAG_W-1:0] wr_ptr_reg, rd_ptr_reg, rd_ptr1_reg;   // rd_ptr1 = rd_ptr + 1
    reg  [TAG_W:0]   count_reg;          // words in the queue (the head included)
    reg  [TAG_W-1:0] head_reg;
    reg  [NT-1:0]    hoh_reg;
    reg              hv_reg;
    wire             pop  = hv_reg && m_ready;
    wire [TAG_W:0]   left = count_reg - {{TAG_W{1'b0}}, pop};   // words left after the pop
    // the next head: the word pushed now if nothing else is left, else the word after the pop
    wire             none = count_reg == {(TAG_W+1){1'b0}} ||
                            (count_reg == {{TAG_W{1'b0}}, 1'b1} && pop);     // left == 0
    wire [TAG_W-1:0] hn   = none ? s_data : pop ? mem1[rd_ptr1_reg] : mem[rd_ptr_reg];
    // its one-hot by compares (a shift is mapped with a carry chain)
    reg  [NT-1:0]    hn_oh;
    integer k;
    always @(*)
        for (k = 0; k < NT; k = k + 1) hn_oh[k] = hn == k[TAG_W-1:0];
    always @(posedge clk)
        if (s_valid) begin
            mem[wr_ptr_reg]  <= s_data;
            mem1[wr_ptr_reg] <= s_data;
        end
    always @(posedge clk) begin
        if (rst) begin
            wr_ptr_reg  <= {TAG_W{1'b0}};
            rd_ptr_reg  <= {TAG_W{1'b0}};
            rd_ptr1_reg <= ONE;
            count_reg   <= {(TAG_W+1){1'b0}};
            hv_reg      <= 1'b0;
        end else begin
            if (s_valid) wr_ptr_reg <= wr_ptr_reg + ONE;
            if (pop) begin
                rd_ptr_reg  <= rd_ptr1_reg;
                rd_ptr1_reg <= rd_ptr1_reg + ONE;
            end
            count_reg <= left + {{TAG_W{1'b0}}, s_valid};
            hv_reg    <= !none || s_valid;
        end
        head_reg <= hn;
        hoh_reg  <= hn_oh;
    end
    assign m_data  = head_reg;
    assign m_oh    = hoh_reg;
    assign m_valid = hv_reg;
`ifdef FORMAL
    // the queue's own consistency (inductive with nic_txdma's D1 invariants): the write pointer
    // is the read pointer plus the count, rd_ptr1 = rd_ptr + 1, the registered head and its
    // one-hot are the word at rd_ptr, both storage copies agree on every live word
    genvar fg;
    for (fg = 0; fg < NT; fg = fg + 1) begin : g_fm
        assign f_mem[fg*TAG_W +: TAG_W] = mem[fg];
    end
    assign f_rd_ptr = rd_ptr_reg;
    assign f_count  = count_reg;
`ifdef TD_F_D1
    // asserted in nic_txdma's D1 task only: "at most NT words" holds because the tags are unique
    // (nic_txdma's invariants), not by this queue alone
    reg f_init = 1'b0;                 // past the first cycle (nic_txdma's props assume rst then)
    always @(posedge clk) f_init <= 1'b1;
    integer fk;
    always @(*)
        if (f_init && !rst) begin
            assert(count_reg <= NT[TAG_W:0]);
            assert(wr_ptr_reg == rd_ptr_reg + count_reg[TAG_W-1:0]);
            assert(rd_ptr1_reg == rd_ptr_reg + ONE);
            assert(hv_reg == (count_reg != {(TAG_W+1){1'b0}}));
            if (hv_reg) begin
                assert(head_reg == mem[rd_ptr_reg]);
                assert(hoh_reg == ({{(NT-1){1'b0}}, 1'b1} << head_reg));
            end
            for (fk = 0; fk < NT; fk = fk + 1)     // place fk live: (fk - rd_ptr) mod NT < count
                if ({1'b0, fk[TAG_W-1:0] - rd_ptr_reg} < count_reg)
                    assert(mem1[fk] == mem[fk]);
        end
`endif
`endif
endmodule
`resetall
