`resetall
`timescale 1ns / 1ps
`default_nettype none
// axis_skid_wide: axis_skid (two-entry skid buffer, registered ready) for a wide word: the data
// registers load whenever they are free (output register: !m_valid || m_ready; skid register:
// empty), whether s_valid is high or not, so no data register's clock enable depends on s_valid;
// and they are split into CTRL_COPIES lane groups, each loaded by its own copy of the two control
// flip-flops (rtl/common/ff_keep.v, so Yosys keeps them apart): a 289-bit word's enables no longer
// hang on one net (nic_pkt_tx: -3.3 ns on the skid enable with one copy, docs/nic.md 4).
//
// Source: issue 12; rtl/common/axis_skid.v (same ports, handshakes and words delivered; only the
// don't-care contents of empty registers differ). A separate module so that axis_skid's netlist,
// and the placement of the placement-sensitive tops that use it, stay exactly as they were.
//
// Ports: as axis_skid (s_data / s_valid / s_ready in, m_data / m_valid / m_ready out; s_ready and
//   m_data / m_valid are register outputs). Latency 1 cycle, throughput 1 word per cycle,
//   capacity 2 words. Parameters: DATA_WIDTH >= 1, CTRL_COPIES 1..DATA_WIDTH.
// Formal: formal/common/axis_skid_wide.sby (prf, mutant bug1; `ifdef FORMAL` block at the end).
module axis_skid_wide #(
    parameter DATA_WIDTH  = 64,
    parameter CTRL_COPIES = 1
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
        if (DATA_WIDTH < 1 || CTRL_COPIES < 1 || CTRL_COPIES > DATA_WIDTH) begin
            $error("%m: DATA_WIDTH >= 1, CTRL_COPIES 1..DATA_WIDTH (got %0d, %0d)", DATA_WIDTH, CTRL_COPIES);
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

    // data path (no reset): lane groups, each with its own copies of out_valid_reg / skid_valid_reg
    // (same next state)
    localparam GW = (DATA_WIDTH + CTRL_COPIES - 1) / CTRL_COPIES;
    wire                   ov_nx = rst ? 1'b0 : out_free ? (skid_valid_reg || accept) : out_valid_reg;
    wire                   sv_nx = rst ? 1'b0 : out_free ? 1'b0 : (accept ? 1'b1 : skid_valid_reg);
    wire [CTRL_COPIES-1:0] ov_c, sv_c;
    ff_keep #(.WIDTH(2 * CTRL_COPIES)) u_ctl (
        .clk(clk), .rst(1'b0), .d({{CTRL_COPIES{sv_nx}}, {CTRL_COPIES{ov_nx}}}), .q({sv_c, ov_c})
    );
    genvar g;
    generate
        for (g = 0; g < CTRL_COPIES; g = g + 1) begin : g_grp
            localparam LO = g * GW;
            localparam HI = ((g + 1) * GW > DATA_WIDTH) ? DATA_WIDTH - 1 : (g + 1) * GW - 1;
            if (LO <= HI) begin : g_lanes
                wire free_c = !ov_c[g] || m_ready;
                always @(posedge clk) begin
                    if (free_c)
                        out_reg[HI:LO] <= sv_c[g] ? skid_reg[HI:LO] : s_data[HI:LO];
                    if (!sv_c[g] && !free_c)   // MUTANT anchor: the skid register loads only while empty
                        skid_reg[HI:LO] <= s_data[HI:LO];
                end
            end
        end
    endgenerate

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
