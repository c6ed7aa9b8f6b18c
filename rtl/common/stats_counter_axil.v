`resetall
`timescale 1ns / 1ps
`default_nettype none
// stats_counter_axil: stats_counter with an AXI4-Lite read-only slave (32-bit data).
//
// Source: issue 10 part 1 ("counters kept in RAM, read over AXI4-Lite"). Own code. The block's
// axil_reg_if is not used: it needs the read data combinationally in the accept cycle, while the
// counters come out of RAM 2 cycles after the request.
//
// Ports: clk, rst (synchronous, active high), stat_inc [N], stat_clear, stat_busy as in
//   stats_counter; s_axil_* AXI4-Lite slave, ADDR_WIDTH-bit byte addresses, 32-bit data.
// Address map (byte offsets, relative to the slave; upper address bits are decoded, so an
//   offset beyond the last counter answers SLVERR with data 0):
//   CNT_WIDTH <= 32: counter i at 4*i (zero-extended).
//   CNT_WIDTH  > 32: counter i at 8*i: low word; 8*i+4: high word = bits [CNT_WIDTH-1:32] of the
//                    counter read by the LAST low-word read (snapshot, so low then high gives a
//                    consistent 64-bit value). The high word read does not access the counters.
//   Writes: accepted (AW and W in the same cycle) and answered SLVERR: the block is read-only;
//   zero the counters with stat_clear.
// Latency: a low-word read is answered (rvalid) 3 cycles after the AR handshake (2 cycles of
//   stats_counter + 1); a high-word, out-of-range read 1 cycle after; a write's B 1 cycle after.
//   One outstanding read and one outstanding write.
// Formal: formal/common/stats_counter_axil.sby (AXI4-Lite slave rules, one response per request,
//   SLVERR exactly for out-of-range reads and for writes; the counter values themselves are
//   proven on stats_counter and checked end to end by tb/prims).
// Value returned: the counter's events in the cycles strictly before the AR handshake cycle
//   (stats_counter read semantics; the AR handshake cycle is the stats_counter rd_en cycle).
module stats_counter_axil #(
    parameter N          = 16,
    parameter CNT_WIDTH  = 64,
    parameter ADDR_WIDTH = 12
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire [N-1:0]          stat_inc,
    input  wire                  stat_clear,
    output wire                  stat_busy,
    input  wire [ADDR_WIDTH-1:0] s_axil_awaddr,
    input  wire                  s_axil_awvalid,
    output wire                  s_axil_awready,
    input  wire [31:0]           s_axil_wdata,
    input  wire [3:0]            s_axil_wstrb,
    input  wire                  s_axil_wvalid,
    output wire                  s_axil_wready,
    output wire [1:0]            s_axil_bresp,
    output wire                  s_axil_bvalid,
    input  wire                  s_axil_bready,
    input  wire [ADDR_WIDTH-1:0] s_axil_araddr,
    input  wire                  s_axil_arvalid,
    output wire                  s_axil_arready,
    output wire [31:0]           s_axil_rdata,
    output wire [1:0]            s_axil_rresp,
    output wire                  s_axil_rvalid,
    input  wire                  s_axil_rready
);
    localparam AW    = N > 1 ? $clog2(N) : 1;
    localparam WIDE  = CNT_WIDTH > 32;
    localparam SHIFT = WIDE ? 3 : 2;            // log2 of the byte stride of one counter
    localparam integer NCNT = N;

    initial begin
        if (ADDR_WIDTH < SHIFT + AW || ADDR_WIDTH > 32) begin
            $error("%m: ADDR_WIDTH %0d cannot address %0d counters of %0d bits (or is > 32)",
                   ADDR_WIDTH, N, CNT_WIDTH);
            $finish;
        end
    end

    // ------------------------------------------------------------ write channel: SLVERR
    reg  bvalid_reg;
    wire wr_fire = s_axil_awvalid && s_axil_wvalid && !bvalid_reg;
    assign s_axil_awready = wr_fire;
    assign s_axil_wready  = wr_fire;
    assign s_axil_bvalid  = bvalid_reg;
    assign s_axil_bresp   = 2'b10;
    always @(posedge clk) begin
        if (rst)
            bvalid_reg <= 1'b0;
        else if (wr_fire)
            bvalid_reg <= 1'b1;
        else if (s_axil_bready)
            bvalid_reg <= 1'b0;
    end

    // ------------------------------------------------------------ read channel
    reg         rvalid_reg;
    reg  [1:0]  rresp_reg;
    reg  [31:0] rdata_reg;
    reg         pend_reg;          // a counter read is in the stats_counter pipeline

    wire [ADDR_WIDTH-SHIFT-1:0] word_idx = s_axil_araddr[ADDR_WIDTH-1:SHIFT];
    wire in_range = {1'b0, word_idx} < NCNT[ADDR_WIDTH-SHIFT:0];   // N <= 2^(ADDR_WIDTH-SHIFT)
    wire hi_word  = WIDE && s_axil_araddr[2];
    wire ar_fire  = s_axil_arvalid && !rvalid_reg && !pend_reg;
    wire rd_en    = ar_fire && in_range && !hi_word;

    assign s_axil_arready = !rvalid_reg && !pend_reg;
    assign s_axil_rvalid  = rvalid_reg;
    assign s_axil_rresp   = rresp_reg;
    assign s_axil_rdata   = rdata_reg;

    wire                 rd_valid;
    wire [CNT_WIDTH-1:0] rd_data;
    stats_counter #(.N(N), .CNT_WIDTH(CNT_WIDTH)) u_stats (
        .clk(clk), .rst(rst), .stat_inc(stat_inc), .stat_clear(stat_clear), .stat_busy(stat_busy),
        .rd_en(rd_en), .rd_addr(word_idx[AW-1:0]), .rd_valid(rd_valid), .rd_data(rd_data));

    // low word of the counter, and the snapshot of its high part
    wire [31:0] rd_lo;
    wire [31:0] hi_snap;
    generate
    if (WIDE) begin : g_wide
        reg [CNT_WIDTH-33:0] hi_reg;
        always @(posedge clk)
            if (rd_valid) hi_reg <= rd_data[CNT_WIDTH-1:32];
        assign rd_lo   = rd_data[31:0];
        assign hi_snap = {{(64-CNT_WIDTH){1'b0}}, hi_reg};
    end else begin : g_narrow
        assign rd_lo   = {{(32-CNT_WIDTH){1'b0}}, rd_data};
        assign hi_snap = 32'd0;
    end
    endgenerate

    always @(posedge clk) begin
        if (rst) begin
            rvalid_reg <= 1'b0;
            pend_reg   <= 1'b0;
            rresp_reg  <= 2'b00;
            rdata_reg  <= 32'd0;
        end else begin
            if (rd_en)
                pend_reg <= 1'b1;
            if (rd_valid) begin
                pend_reg   <= 1'b0;
                rvalid_reg <= 1'b1;
                rresp_reg  <= 2'b00;
                rdata_reg  <= rd_lo;
            end else if (ar_fire && !rd_en) begin
                rvalid_reg <= 1'b1;
                rresp_reg  <= in_range ? 2'b00 : 2'b10;
                rdata_reg  <= in_range ? hi_snap : 32'd0;
            end else if (s_axil_rready) begin
                rvalid_reg <= 1'b0;
            end
        end
    end

`ifdef FORMAL
    // ---------------------------------------------------------------- formal (f_ only)
    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);

    wire f_ar = s_axil_arvalid && s_axil_arready;
    wire f_r  = s_axil_rvalid && s_axil_rready;
    wire f_aw = s_axil_awvalid && s_axil_awready;
    wire f_w  = s_axil_wvalid && s_axil_wready;
    wire f_b  = s_axil_bvalid && s_axil_bready;

    // requests without a response (0 or 1), the expected response of the read in flight
    reg       f_rd_out, f_wr_out, f_rd_err;
    reg [1:0] f_rd_age;   // cycles since the AR of a counter read (pipeline bookkeeping)
    always @(posedge clk) begin
        if (rst) begin
            f_rd_out <= 1'b0;
            f_wr_out <= 1'b0;
            f_rd_age <= 2'd0;
        end else begin
            if (f_ar) begin
                f_rd_out <= 1'b1;
                f_rd_err <= !in_range;
            end else if (f_r) begin
                f_rd_out <= 1'b0;
            end
            if (f_aw) f_wr_out <= 1'b1;
            else if (f_b) f_wr_out <= 1'b0;
            f_rd_age <= rd_en ? 2'd1 : (f_rd_age != 2'd0 && f_rd_age != 2'd3) ? f_rd_age + 1'b1 : 2'd0;
        end
    end

    always @(*) if (f_past_valid && !rst) begin
        // one outstanding request per channel; AW and W accepted together
        if (f_rd_out) assert(!s_axil_arready);
        if (f_wr_out) assert(!s_axil_awready);
        assert(f_aw == f_w);
        // a response only for an outstanding request
        if (s_axil_rvalid) assert(f_rd_out);
        if (s_axil_bvalid) assert(f_wr_out);
        assert(s_axil_bvalid == f_wr_out);
        // read-only: every write SLVERR; a read SLVERR exactly when out of range, data 0 then
        if (s_axil_bvalid) assert(s_axil_bresp == 2'b10);
        if (s_axil_rvalid) begin
            assert(s_axil_rresp == (f_rd_err ? 2'b10 : 2'b00));
            if (f_rd_err) assert(s_axil_rdata == 32'd0);
        end
        // bookkeeping: a counter read is in the stats_counter pipeline for 2 cycles
        assert(pend_reg == (f_rd_age == 2'd1 || f_rd_age == 2'd2));
        assert(rd_valid == (f_rd_age == 2'd2));
        if (pend_reg) assert(f_rd_out && !s_axil_rvalid && !f_rd_err);
    end

    always @(posedge clk) if (f_past_valid && !$past(rst) && !rst) begin
        // AXI4-Lite: a response is held, unchanged, until taken
        if ($past(s_axil_rvalid && !s_axil_rready)) begin
            assert(s_axil_rvalid);
            assert(s_axil_rdata == $past(s_axil_rdata));
            assert(s_axil_rresp == $past(s_axil_rresp));
        end
        if ($past(s_axil_bvalid && !s_axil_bready)) assert(s_axil_bvalid);
    end

    always @(*) if (!rst) begin
        cover(f_r && s_axil_rresp == 2'b00 && !f_rd_err);
        cover(f_r && f_rd_err);
        cover(f_b);
    end
`endif
endmodule
`resetall
