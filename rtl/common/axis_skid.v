`resetall
`timescale 1ns / 1ps
`default_nettype none
// axis_skid: two-entry skid buffer with a registered ready (AXI4-Stream style valid/ready).
//
// Source: issue 10 part 1; shape after verilog-axis axis_register (REG_TYPE 2, "skid buffer")
// and ZipCPU skidbuffer (OPT_OUTREG). Own code.
//
// Ports (one clock, synchronous active-high rst; the data registers are not reset):
//   s_data [DATA_WIDTH], s_valid, s_ready   input; s_ready is a register output (= skid empty),
//                                           so no combinational path from m_ready to s_ready
//   m_data [DATA_WIDTH], m_valid, m_ready   output; m_data and m_valid are register outputs
// DATA_WIDTH (>= 1) carries every AXI4-Stream side channel: fold tlast/tkeep/tuser/tid into it,
//   e.g. {tuser, tlast, tkeep, tdata}.
// Latency: 1 cycle (a word accepted in cycle t is offered on m_* in cycle t+1 if the output
//   register is free, else it waits in the skid register).
// Throughput: one word per cycle while m_ready is high (s_ready is high in every cycle that
//   follows a cycle with m_ready high). Capacity 2 words (output register + skid register).
// AXI4-Stream rules kept on the output: m_valid, once high, stays high until m_ready; m_data is
//   stable while m_valid && !m_ready. Words leave in arrival order, none lost or duplicated.
// Formal: formal/common/axis_skid.sby (`ifdef FORMAL` block at the end; f_ signals formal-only).
module axis_skid #(
    parameter DATA_WIDTH = 64
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire [DATA_WIDTH-1:0] s_data,
    input  wire                  s_valid,
    output wire                  s_ready,
    output wire [DATA_WIDTH-1:0] m_data,
    output wire                  m_valid,
    input  wire                  m_ready
);
    initial begin
        if (DATA_WIDTH < 1) begin
            $error("%m: DATA_WIDTH must be >= 1 (got %0d)", DATA_WIDTH);
            $finish;
        end
    end

    reg [DATA_WIDTH-1:0] out_reg;
    reg                  out_valid_reg;
    reg [DATA_WIDTH-1:0] skid_reg;
    reg                  skid_valid_reg;

    wire accept   = s_valid && !skid_valid_reg;
    wire out_free = !out_valid_reg || m_ready;

    assign s_ready = !skid_valid_reg;
    assign m_data  = out_reg;
    assign m_valid = out_valid_reg;

    // data path (no reset)
    always @(posedge clk) begin
        if (out_free) begin
            if (skid_valid_reg)
                out_reg <= skid_reg;
            else if (accept)
                out_reg <= s_data;
        end else if (accept) begin
            skid_reg <= s_data;
        end
    end

    // control
    always @(posedge clk) begin
        if (rst) begin
            out_valid_reg  <= 1'b0;
            skid_valid_reg <= 1'b0;
        end else if (out_free) begin
            out_valid_reg  <= skid_valid_reg || accept;
            skid_valid_reg <= 1'b0;
        end else if (accept) begin
            skid_valid_reg <= 1'b1;
        end
    end

`ifdef FORMAL
    // ---------------------------------------------------------------- formal (f_ only)
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);

    wire f_in  = s_valid && s_ready;
    wire f_out = m_valid && m_ready;

    // ghost sequence numbers of accepted and delivered words (mod 16; at most 2 in flight)
    reg [3:0] f_nin, f_nout;
    always @(posedge clk)
        if (rst) begin
            f_nin  <= 4'd0;
            f_nout <= 4'd0;
        end else begin
            f_nin  <= f_nin + {3'd0, f_in};
            f_nout <= f_nout + {3'd0, f_out};
        end
    wire [3:0] f_occ = f_nin - f_nout;

    // one chosen word (sequence number f_idx) is recorded on entry and checked on exit
    (* anyconst *) reg [3:0] f_idx;
    reg [DATA_WIDTH-1:0] f_word;
    always @(posedge clk) if (f_in && f_nin == f_idx) f_word <= s_data;
    wire [3:0] f_pos = f_idx - f_nout;   // words ahead of the chosen one

    always @(*) if (f_past_valid && !rst) begin
        // occupancy: no loss, no duplication
        assert(f_occ == {3'd0, out_valid_reg} + {3'd0, skid_valid_reg});
        assert(!skid_valid_reg || out_valid_reg);
        // the chosen word, while in flight, sits at its place and leaves unchanged
        if (f_pos < f_occ) begin
            if (f_pos == 4'd0) assert(out_reg == f_word);
            else               assert(skid_reg == f_word);
        end
    end

    always @(posedge clk) if (f_past_valid && !$past(rst) && !rst) begin
        // AXI4-Stream output rules
        if ($past(m_valid && !m_ready)) begin
            assert(m_valid);
            assert(m_data == $past(m_data));
        end
        // full throughput: after any cycle with m_ready high the input is ready
        if ($past(m_ready)) assert(s_ready);
    end

    // covers: skid used, and four words accepted back to back
    reg [2:0] f_run;
    always @(posedge clk)
        if (rst || !f_in) f_run <= 3'd0;
        else if (f_run != 3'd7) f_run <= f_run + 1'b1;
    always @(*) if (!rst) begin
        cover(skid_valid_reg && f_out);
        cover(f_run == 3'd4);
    end
`endif
endmodule
`resetall
