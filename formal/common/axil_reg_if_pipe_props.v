`resetall
`default_nettype none
// axil_reg_if_pipe_props: formal wrapper of rtl/common/axil_reg_if_pipe.v (docs/common.md
// sections 5 and 6). The RTL file has no `ifdef FORMAL block of its own (it is read by gated
// timing lines), so every property lives here and only the ports of the DUT are used: all of its
// state is visible at them (wq_v_reg = reg_wr_en, wq_* = reg_wr_*, rd_busy_reg = !arready,
// rd_addr_reg = reg_rd_addr, rd_stage_reg = reg_rd_stage, the B and R registers).
//
// Parameters: ADDR_WIDTH 8; RD_LATENCY 1 and 4 (formal/common/axil_reg_if_pipe.sby tasks l1, l4).
// Environment: rst high in the first cycle, free afterwards (a reset in any cycle). AXI master
//   (assumed, AXI4-Lite rules): AWVALID / WVALID / ARVALID, once high, stay high with AWADDR /
//   WDATA, WSTRB / ARADDR unchanged until their READY; BREADY / RREADY free. Owner side: free
//   inputs (reg_wr_err, reg_rd_data, reg_rd_err may take any value in any cycle); nothing about
//   the owner is assumed.
// Ghosts (f_*), from the port handshakes only:
//   f_wph   write phase: 0 idle, 1 apply cycle (the cycle after the AW/W handshake), 2 B pending
//           (from the cycle after the apply until the B handshake);
//   f_aw_addr / f_w_data / f_w_strb the accepted AW/W values, f_wr_err reg_wr_err of the apply
//           cycle;
//   f_rcnt  read age: 0 idle, i + 1 in cycle A + 1 + i (A = AR handshake), L + 1 from the cycle
//           R is valid until the R handshake; f_ar_addr the accepted address; f_rd_data /
//           f_rd_err what the owner presented in cycle A + L (the reg_rd_stage[L-1] cycle as the
//           contract defines it: counted by the ghost, not taken from the DUT's stage register).
// Properties (asserted every cycle after the first, and across a reset):
//   W1 AW and W accepted together, exactly while both are valid and no write is outstanding
//      (awready == wready == awvalid && wvalid && f_wph == 0): one write outstanding at most;
//   W2 reg_wr_en == (f_wph == 1): one pulse per accepted AW/W pair, in the cycle after it, never
//      otherwise; reg_wr_addr / data / strb == the accepted AW/W values in that cycle;
//   W3 bvalid == (f_wph == 2): no B without an accepted write, exactly one B per write (the phase
//      returns to 0 only with the B handshake, and W1 accepts no write before); bresp == SLVERR
//      iff reg_wr_err was high in the apply cycle, OKAY otherwise;
//   R1 arready == (f_rcnt == 0): AR accepted exactly while no read is outstanding;
//   R2 reg_rd_stage one-hot or zero, == bit f_rcnt - 1 (stage i in cycle A + 1 + i, i < L),
//      zero in every other cycle;
//   R3 rvalid == (f_rcnt == L + 1): R from cycle A + L + 1, no R without an accepted read, one R
//      per read (the age returns to 0 only with the R handshake);
//   R4 reg_rd_addr == the accepted AR address while the read is outstanding (until R is taken);
//   R5 while rvalid: rdata == f_rd_data, rresp == SLVERR iff f_rd_err, OKAY otherwise;
//   H  AXI4-Lite: bvalid (with bresp) and rvalid (with rdata, rresp) held unchanged until the
//      handshake.
// Covers (task cvr): write answered OKAY and SLVERR, read answered OKAY and SLVERR, a write and
//   a read completed in one trace, AW/W and AR accepted in one cycle, an AR accepted the cycle
//   after an R handshake, two writes back to back (3 cycles apart).
module axil_reg_if_pipe_props #(
    parameter ADDR_WIDTH = 8,
    parameter RD_LATENCY = 4
) (
    input wire clk
);
    localparam AW = ADDR_WIDTH;
    localparam L  = RD_LATENCY;

    (* anyseq *) reg          rst;
    (* anyseq *) reg [AW-1:0] s_axil_awaddr;
    (* anyseq *) reg          s_axil_awvalid;
    (* anyseq *) reg [31:0]   s_axil_wdata;
    (* anyseq *) reg [3:0]    s_axil_wstrb;
    (* anyseq *) reg          s_axil_wvalid;
    (* anyseq *) reg          s_axil_bready;
    (* anyseq *) reg [AW-1:0] s_axil_araddr;
    (* anyseq *) reg          s_axil_arvalid;
    (* anyseq *) reg          s_axil_rready;
    (* anyseq *) reg          reg_wr_err;
    (* anyseq *) reg [31:0]   reg_rd_data;
    (* anyseq *) reg          reg_rd_err;

    wire          s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
    wire [1:0]    s_axil_bresp, s_axil_rresp;
    wire [31:0]   s_axil_rdata;
    wire          reg_wr_en;
    wire [AW-1:0] reg_wr_addr;
    wire [31:0]   reg_wr_data;
    wire [3:0]    reg_wr_strb;
    wire [AW-1:0] reg_rd_addr;
    wire [L-1:0]  reg_rd_stage;

    axil_reg_if_pipe #(.ADDR_WIDTH(ADDR_WIDTH), .RD_LATENCY(RD_LATENCY)) dut (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid),
        .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready),
        .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
        .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready),
        .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp), .s_axil_rvalid(s_axil_rvalid),
        .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err),
        .reg_rd_addr(reg_rd_addr), .reg_rd_stage(reg_rd_stage), .reg_rd_data(reg_rd_data),
        .reg_rd_err(reg_rd_err));

    reg f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(rst);

    // ---------------------------------------------------------------- AXI master (assumed)
    always @(posedge clk) if (f_past_valid && !$past(rst) && !rst) begin
        if ($past(s_axil_awvalid && !s_axil_awready)) begin
            assume(s_axil_awvalid);
            assume(s_axil_awaddr == $past(s_axil_awaddr));
        end
        if ($past(s_axil_wvalid && !s_axil_wready)) begin
            assume(s_axil_wvalid);
            assume(s_axil_wdata == $past(s_axil_wdata));
            assume(s_axil_wstrb == $past(s_axil_wstrb));
        end
        if ($past(s_axil_arvalid && !s_axil_arready)) begin
            assume(s_axil_arvalid);
            assume(s_axil_araddr == $past(s_axil_araddr));
        end
    end

    // ---------------------------------------------------------------- ghosts
    wire f_aw = s_axil_awvalid && s_axil_awready;
    wire f_w  = s_axil_wvalid && s_axil_wready;
    wire f_b  = s_axil_bvalid && s_axil_bready;
    wire f_ar = s_axil_arvalid && s_axil_arready;
    wire f_r  = s_axil_rvalid && s_axil_rready;

    reg [1:0]    f_wph;
    reg [AW-1:0] f_aw_addr;
    reg [31:0]   f_w_data;
    reg [3:0]    f_w_strb;
    reg          f_wr_err;
    reg [3:0]    f_rcnt;
    reg [AW-1:0] f_ar_addr;
    reg [31:0]   f_rd_data;
    reg          f_rd_err;
    // cover bookkeeping
    reg          f_wr_done, f_rd_done, f_r_past;
    reg [2:0]    f_since_aw;

    always @(posedge clk) begin
        if (f_aw) begin
            f_aw_addr <= s_axil_awaddr;
            f_w_data  <= s_axil_wdata;
            f_w_strb  <= s_axil_wstrb;
        end
        if (f_wph == 2'd1)
            f_wr_err <= reg_wr_err;
        if (f_ar)
            f_ar_addr <= s_axil_araddr;
        if (f_rcnt == L) begin
            f_rd_data <= reg_rd_data;
            f_rd_err  <= reg_rd_err;
        end
        if (rst) begin
            f_wph      <= 2'd0;
            f_rcnt     <= 4'd0;
            f_wr_done  <= 1'b0;
            f_rd_done  <= 1'b0;
            f_r_past   <= 1'b0;
            f_since_aw <= 3'd7;
        end else begin
            case (f_wph)
            2'd0:    if (f_aw) f_wph <= 2'd1;
            2'd1:    f_wph <= 2'd2;
            default: if (f_b) f_wph <= 2'd0;
            endcase
            if (f_rcnt == 4'd0) begin
                if (f_ar) f_rcnt <= 4'd1;
            end else if (f_rcnt != L + 1) begin
                f_rcnt <= f_rcnt + 4'd1;
            end else if (f_r) begin
                f_rcnt <= 4'd0;
            end
            if (f_b) f_wr_done <= 1'b1;
            if (f_r) f_rd_done <= 1'b1;
            f_r_past   <= f_r;
            f_since_aw <= f_aw ? 3'd1 : (f_since_aw == 3'd7) ? 3'd7 : f_since_aw + 3'd1;
        end
    end

    // expected stage vector: bit i high exactly when f_rcnt == i + 1
    reg [L-1:0] f_stage_exp;
    integer fi;
    always @(*)
        for (fi = 0; fi < L; fi = fi + 1)
            f_stage_exp[fi] = (f_rcnt == fi + 1);

    // ---------------------------------------------------------------- properties
    always @(*) if (f_past_valid) begin
        // W1: AW with W, one write outstanding, accepted exactly while idle
        assert(s_axil_awready == s_axil_wready);
        assert(f_aw == f_w);
        assert(s_axil_awready == (s_axil_awvalid && s_axil_wvalid && f_wph == 2'd0));
        assert(f_wph != 2'd3);
        // W2: registered write, applied once, in the cycle after the handshake, with its values
        assert(reg_wr_en == (f_wph == 2'd1));
        if (reg_wr_en) begin
            assert(reg_wr_addr == f_aw_addr);
            assert(reg_wr_data == f_w_data);
            assert(reg_wr_strb == f_w_strb);
        end
        // W3: B only for an applied write, SLVERR iff reg_wr_err in the apply cycle
        assert(s_axil_bvalid == (f_wph == 2'd2));
        if (s_axil_bvalid)
            assert(s_axil_bresp == (f_wr_err ? 2'b10 : 2'b00));
        // R1: one read outstanding, AR accepted exactly while idle
        assert(s_axil_arready == (f_rcnt == 4'd0));
        assert(f_rcnt <= L + 1);
        // R2: one stage per cycle, stage i in cycle A + 1 + i
        assert($onehot0(reg_rd_stage));
        assert(reg_rd_stage == f_stage_exp);
        // R3: R valid from A + L + 1 until taken, only for an accepted read
        assert(s_axil_rvalid == (f_rcnt == L + 1));
        // R4: the accepted address is held until R is taken
        if (f_rcnt != 4'd0)
            assert(reg_rd_addr == f_ar_addr);
        // R5: the owner's data and error of the reg_rd_stage[L-1] cycle
        if (s_axil_rvalid) begin
            assert(s_axil_rdata == f_rd_data);
            assert(s_axil_rresp == (f_rd_err ? 2'b10 : 2'b00));
        end
    end

    // H: AXI4-Lite responses held, unchanged, until the handshake
    always @(posedge clk) if (f_past_valid && !$past(rst) && !rst) begin
        if ($past(s_axil_bvalid && !s_axil_bready)) begin
            assert(s_axil_bvalid);
            assert(s_axil_bresp == $past(s_axil_bresp));
        end
        if ($past(s_axil_rvalid && !s_axil_rready)) begin
            assert(s_axil_rvalid);
            assert(s_axil_rdata == $past(s_axil_rdata));
            assert(s_axil_rresp == $past(s_axil_rresp));
        end
    end

    // ---------------------------------------------------------------- covers
    always @(*) if (f_past_valid && !rst) begin
        cover(f_b && s_axil_bresp == 2'b00);
        cover(f_b && s_axil_bresp == 2'b10);
        cover(f_r && s_axil_rresp == 2'b00 && s_axil_rdata == 32'h1234_5678);
        cover(f_r && s_axil_rresp == 2'b10);
        cover(f_wr_done && f_rd_done);
        cover(f_aw && f_ar);
        cover(f_ar && f_r_past);
        cover(f_aw && f_since_aw == 3'd3);
    end
endmodule
`resetall
