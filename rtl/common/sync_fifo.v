`resetall
`timescale 1ns / 1ps
`default_nettype none
// sync_fifo: synchronous FIFO, first-word fall-through, valid/ready on both sides.
//
// Source: issue 10 part 1 (rtl/common primitive library); shape after verilog-axis axis_fifo
// (valid/ready, RAM + output register) and ZipCPU sfifo (formal f_first/f_second data check).
//
// Ports (one clock, synchronous active-high rst; only control state is reset, never the RAM):
//   s_data [WIDTH], s_valid, s_ready    write side: a word is pushed when s_valid && s_ready
//   m_data [WIDTH], m_valid, m_ready    read side (FWFT): m_data is the head word whenever m_valid;
//                                       it is popped when m_valid && m_ready
//   count [$clog2(DEPTH+1)]             occupancy: words pushed and not yet popped (0..DEPTH);
//                                       s_ready = (count != DEPTH), registered
// Parameters:
//   WIDTH          1 .. any                 word width in bits
//   DEPTH          power of two, >= 2       capacity in words
//   BRAM_MIN_DEPTH power of two             DEPTH >= BRAM_MIN_DEPTH selects the block-RAM shape,
//                                           smaller DEPTH the distributed-RAM (LUTRAM) shape
// Two shapes (both hold exactly DEPTH words, same ports and handshakes):
//   distributed: RAM with asynchronous read (ECP5 TRELLIS_DPR16X4); m_data = mem[rd_ptr].
//                Latency push -> m_valid: 1 cycle.
//   block RAM:   RAM with registered read (ECP5 DP16KD) feeding a prefetch register (the RAM's
//                read register, stage 1) and an output register (stage 2); words in the stages
//                count as FIFO words and the RAM itself never holds more than DEPTH - 0 words.
//                Latency push -> m_valid: 3 cycles (push, RAM read, output register).
// Throughput: one push and one pop per cycle, sustained, in both shapes.
// Formal: formal/common/sync_fifo.sby (data order, occupancy = pushes - pops, no overflow or
// underflow, covers); `ifdef FORMAL` block at the end (f_ signals are formal-only).
module sync_fifo #(
    parameter WIDTH          = 8,
    parameter DEPTH          = 16,
    parameter BRAM_MIN_DEPTH = 128
) (
    input  wire                       clk,
    input  wire                       rst,
    input  wire [WIDTH-1:0]           s_data,
    input  wire                       s_valid,
    output wire                       s_ready,
    output wire [WIDTH-1:0]           m_data,
    output wire                       m_valid,
    input  wire                       m_ready,
    output wire [$clog2(DEPTH+1)-1:0] count
);
    localparam AW = $clog2(DEPTH);
    localparam CW = $clog2(DEPTH + 1);
    localparam USE_BRAM = (DEPTH >= BRAM_MIN_DEPTH);

    initial begin
        if (WIDTH < 1 || DEPTH < 2 || (DEPTH & (DEPTH - 1)) != 0) begin
            $error("%m: WIDTH must be >= 1 and DEPTH a power of two >= 2 (WIDTH %0d, DEPTH %0d)",
                   WIDTH, DEPTH);
            $finish;
        end
    end

    reg  [WIDTH-1:0] mem [0:DEPTH-1];   // storage: never reset
    reg  [AW-1:0]    wr_ptr_reg;
    reg  [AW-1:0]    rd_ptr_reg;
    reg  [CW-1:0]    count_reg;
    reg              full_reg;

    wire push = s_valid && !full_reg;
    wire pop  = m_valid && m_ready;

    assign s_ready = !full_reg;
    assign count   = count_reg;

    always @(posedge clk) begin
        if (push)
            mem[wr_ptr_reg] <= s_data;
    end

    always @(posedge clk) begin
        if (rst) begin
            wr_ptr_reg <= {AW{1'b0}};
            count_reg  <= {CW{1'b0}};
            full_reg   <= 1'b0;
        end else begin
            if (push)
                wr_ptr_reg <= wr_ptr_reg + 1'b1;
            // count +- 1 from the register, selected by the handshakes (no adder after them)
            if (push && !pop)
                count_reg <= count_reg + 1'b1;
            else if (pop && !push)
                count_reg <= count_reg - 1'b1;
            // == (count_reg + push - pop == DEPTH), without the adder on the flag's path (full:
            // no push, so full stays unless a pop; else it fills on a push into DEPTH-1 words
            // with no pop)
            full_reg  <= full_reg ? !pop
                                  : (count_reg == DEPTH[CW-1:0] - 1'b1) && push && !pop;
        end
    end

    wire ram_rd;   // the RAM word at rd_ptr leaves the RAM this cycle
`ifdef FORMAL
    wire             f_out_valid, f_q_valid;   // output-stage state seen by the properties
    wire [WIDTH-1:0] f_out, f_q;
    wire [CW-1:0]    f_ram;                    // words held in the RAM
`endif

    always @(posedge clk) begin
        if (rst)
            rd_ptr_reg <= {AW{1'b0}};
        else if (ram_rd)
            rd_ptr_reg <= rd_ptr_reg + 1'b1;
    end

    generate
    if (USE_BRAM) begin : g_bram
        // stage 1: RAM read register (prefetch); stage 2: output register
        reg  [CW-1:0]    ram_cnt_reg;
        reg  [WIDTH-1:0] ram_q_reg;
        reg              ram_q_valid_reg;
        reg  [WIDTH-1:0] out_reg;
        reg              out_valid_reg;

        wire s2_free = !out_valid_reg || m_ready;
        wire s1_move = ram_q_valid_reg && s2_free;
        wire s1_free = !ram_q_valid_reg || s1_move;
        assign ram_rd       = (ram_cnt_reg != {CW{1'b0}}) && s1_free;
        assign m_valid      = out_valid_reg;
        assign m_data       = out_reg;
`ifdef FORMAL
        assign f_out_valid = out_valid_reg;
        assign f_q_valid   = ram_q_valid_reg;
        assign f_out       = out_reg;
        assign f_q         = ram_q_reg;
        assign f_ram       = ram_cnt_reg;
`endif

        always @(posedge clk) begin
            if (ram_rd)
                ram_q_reg <= mem[rd_ptr_reg];
            if (s1_move)
                out_reg <= ram_q_reg;
        end

        always @(posedge clk) begin
            if (rst) begin
                ram_cnt_reg     <= {CW{1'b0}};
                ram_q_valid_reg <= 1'b0;
                out_valid_reg   <= 1'b0;
            end else begin
                ram_cnt_reg     <= ram_cnt_reg + {{CW-1{1'b0}}, push} - {{CW-1{1'b0}}, ram_rd};
                ram_q_valid_reg <= ram_rd || (ram_q_valid_reg && !s1_move);
                out_valid_reg   <= s1_move || (out_valid_reg && !m_ready);
            end
        end
    end else begin : g_dist
        reg empty_reg;
        assign ram_rd       = pop;
        assign m_valid      = !empty_reg;
        assign m_data       = mem[rd_ptr_reg];
`ifdef FORMAL
        assign f_out_valid = 1'b0;
        assign f_q_valid   = 1'b0;
        assign f_out       = {WIDTH{1'b0}};
        assign f_q         = {WIDTH{1'b0}};
        assign f_ram       = count_reg;
`endif

        always @(posedge clk) begin
            if (rst)
                empty_reg <= 1'b1;
            else
                // == (count_reg + push - pop == 0), without the adder (empty: no pop)
                empty_reg <= empty_reg ? !push
                                       : (count_reg == {{CW-1{1'b0}}, 1'b1}) && pop && !push;
        end
    end
    endgenerate

`ifdef FORMAL
    // ---------------------------------------------------------------- formal (f_ only)
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);

    // ghost occupancy from the handshakes alone: pushes - pops
    reg [CW-1:0] f_occ;
    always @(posedge clk)
        if (rst) f_occ <= {CW{1'b0}};
        else     f_occ <= f_occ + {{CW-1{1'b0}}, push} - {{CW-1{1'b0}}, pop};

    // words ahead of position j (0 = head), across output stages and RAM
    wire [CW-1:0] f_stage = {{CW-1{1'b0}}, f_out_valid} + {{CW-1{1'b0}}, f_q_valid};

    function [WIDTH-1:0] f_elem(input [CW-1:0] j);
        begin
            if (j < f_stage) begin
                if (j == 0 && f_out_valid) f_elem = f_out;
                else                       f_elem = f_q;
            end else begin
                f_elem = mem[rd_ptr_reg + j[AW-1:0] - f_stage[AW-1:0]];
            end
        end
    endfunction

    always @(*) if (f_past_valid && !rst) begin
        // occupancy = pushes - pops, never above DEPTH (no overflow)
        assert(f_occ <= DEPTH);
        assert(count == f_occ);
        assert(s_ready == (f_occ != DEPTH));
        // no underflow: the read side offers a word only when one was pushed and not popped
        if (m_valid) assert(f_occ != 0);
        if (!USE_BRAM) assert(m_valid == (f_occ != 0));
        // RAM bookkeeping (induction strengthening)
        assert(f_ram + f_stage == f_occ);
        assert(f_ram <= DEPTH);
        assert(wr_ptr_reg == rd_ptr_reg + f_ram[AW-1:0]);
        if (USE_BRAM) assert(m_valid == f_out_valid);
    end

    // data order: two ghost words f_data1, f_data2 pushed back to back leave in the same order
    (* anyconst *) reg [WIDTH-1:0] f_data1;
    (* anyconst *) reg [WIDTH-1:0] f_data2;
    (* anyseq *)   reg             f_go;
    reg [1:0]    f_state;   // 0 idle, 1 first in, 2 first and second in, 3 first out, second in
    reg [CW-1:0] f_dist;    // words ahead of the first ghost word (state 3: of the second)
    always @(posedge clk) begin
        if (rst) begin
            f_state <= 2'd0;
            f_dist  <= {CW{1'b0}};
        end else begin
            case (f_state)
            2'd0: if (push && f_go && s_data == f_data1) begin
                      f_state <= 2'd1;
                      f_dist  <= f_occ - {{CW-1{1'b0}}, pop};
                  end
            2'd1: begin
                      if (pop && f_dist == 0)
                          f_state <= push && s_data == f_data2 ? 2'd3 : 2'd0;
                      else if (push)
                          f_state <= s_data == f_data2 ? 2'd2 : 2'd0;
                      if (pop && f_dist != 0) f_dist <= f_dist - 1'b1;
                  end
            2'd2: begin
                      if (pop && f_dist == 0) f_state <= 2'd3;
                      if (pop && f_dist != 0) f_dist <= f_dist - 1'b1;
                  end
            default: if (pop) f_state <= 2'd0;
            endcase
        end
    end
    always @(*) if (f_past_valid && !rst) begin
        if (f_state == 2'd1 || f_state == 2'd2) begin
            assert(f_dist < f_occ);
            assert(f_elem(f_dist) == f_data1);
            if (f_dist == 0 && m_valid) assert(m_data == f_data1);
        end
        if (f_state == 2'd1) assert(f_dist == f_occ - 1'b1);
        if (f_state == 2'd2) begin
            assert(f_dist + 1'b1 < f_occ);
            assert(f_elem(f_dist + 1'b1) == f_data2);
        end
        if (f_state == 2'd3) begin
            assert(f_dist == 0 && f_occ != 0);
            assert(f_elem(0) == f_data2);
            if (m_valid) assert(m_data == f_data2);
        end
    end

    // covers: full, and the two ghost words popped in order after the FIFO was full
    reg f_was_full;
    always @(posedge clk)
        if (rst) f_was_full <= 1'b0;
        else if (!s_ready) f_was_full <= 1'b1;
    always @(*) if (!rst) begin
        cover(f_occ == DEPTH);
        cover(f_state == 2'd3 && pop && f_was_full && f_data1 != f_data2);
    end
`endif
endmodule
`resetall
