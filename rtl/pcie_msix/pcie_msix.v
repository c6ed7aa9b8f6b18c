`resetall
`timescale 1ns / 1ps
`default_nettype none
// pcie_msix: MSI-X table, pending bit array and message sender for the UltraScale+ PCIe4 block's
// "MSI-X external" interrupt interface (issue 15; docs/pcie_msix.md).
//
// Source: PCI Express Base Specification, MSI-X capability and table structure (table entry of 16
// bytes: Message Address DW 0-1, Message Data DW 2, Vector Control DW 3 bit 0 = Mask; pending bit
// array of one bit per vector in QWs; the mask bits are set at reset; a masked vector's request
// sets its pending bit and no message is sent until it is unmasked; the function mask and the
// MSI-X enable bit of the capability gate every vector); AMD PG213 (PCIe4 UltraScale+), MSI-X
// external table mode: the user logic holds the table and PBA, presents cfg_interrupt_msix_address
// / _data with a one-cycle cfg_interrupt_msix_int, and the core answers each with a one-cycle
// cfg_interrupt_msi_sent or cfg_interrupt_msi_fail; cfg_interrupt_msix_enable / _mask are the
// capability's enable and function-mask bits (bit 0: PF0). docs/card.md 6.3: the window at BAR0
// 0xA0000 (table) / 0xA1000 (PBA).
//
// Ports (one clock, synchronous active-high rst):
//   s_axil_*       AXI4-Lite slave, 13-bit byte address inside the window, 32-bit data:
//                    0x0000 + 16 v + 4 d  table entry v < NV, DW d: 0 address [31:0] (bits 1:0
//                                         are stored as written: software writes them 0), 1
//                                         address [63:32], 2 data, 3 vector control (bit 0 mask,
//                                         bits 31:1 read 0, writes ignored)
//                    0x1000 + 4 k         PBA DW k: pending bits [32 k + 31 : 32 k] (0 above NV);
//                                         read only (writes ignored)
//                  anything else reads 0, writes are ignored; every response is OKAY. Byte
//                  strobes apply to table DWs 0-2 and to the mask bit (wstrb[0]).
//                  One write and one read outstanding. A write is accepted only with AW and W
//                  valid together (awready = wready, both depending on both valids), in IDLE
//                  (not in a pick cycle) or WAIT (see below), one at a time: it is registered at
//                  its handshake and applied at the next edge (bvalid the cycle after the
//                  handshake). A read takes the state of the cycle after its AR handshake (before
//                  that cycle's edge, so without a write applied at that edge); rvalid 3 cycles
//                  after the AR handshake.
//   irq_req [NV]   interrupt requests, one pulse per event, any number of vectors per cycle: set
//                  the vector's pending bit (already pending: the requests merge into one
//                  message, MSI-X semantics)
//   cfg_msix_enable, cfg_msix_fmask   the capability's MSI-X Enable and Function Mask (PF0)
//   cfg_msix_int, cfg_msix_address [64], cfg_msix_data [32]   to the core: int high one cycle
//                  (SEND); address / data the table entry of the vector, stable from SEND until
//                  the core's answer
//   cfg_msix_vec [log2 NV]   the vector of that message (for the card's status and tracing; not a
//                  port of the core)
//   cfg_msi_sent, cfg_msi_fail   the core's answer, one cycle each, after int (fail: the message
//                  was not sent; the vector becomes pending again)
//   stat_int / stat_sent / stat_fail [32]   messages presented / sent / failed (wrapping)
// Sender (one message in flight): elig_reg = pending and unmasked after the last edge. IDLE: when
//   no write waits to be applied, MSI-X was enabled and the function unmasked in the previous
//   cycle and some vector was eligible, a two-stage round robin picks one from elig_reg
//   (pick cycle: the part of elig_reg above the last grant registered, all of it if that is
//   empty; ARB: rtl/common/prio_enc takes its lowest bit: a vector kept eligible is sent within
//   NV messages); no write is accepted from the pick cycle on -> RD: the entry is read (LUTRAM) into the output
//   registers; enable and function mask are checked again (no, or nothing granted: back to IDLE,
//   still pending) -> SEND: int high; the pending bit is cleared at this edge (a request of the
//   same vector in this cycle sets it again) -> WAIT for sent / fail (writes accepted again) ->
//   IDLE. Writes are refused from the pick through SEND, so the entry and mask a message carries
//   are those of its pick cycle.
// Latency: request -> int: 6 cycles from an idle sender (elig_reg, any, pick, ARB, RD, SEND).
//   Throughput: one message per 4 cycles + the core's answer time.
// Errors: none of its own (PBA writes and out-of-range addresses are ignored by the spec's rules);
//   the core's failures are counted (stat_fail) and retried.
// Resources: 3 x NV x 32 LUTRAM (table, not reset: software writes every entry it unmasks), NV
//   mask + NV pending + about 4 NV pipeline flip-flops, an NV-bit priority encoder, 3 x 32
//   counters.
module pcie_msix #(
    parameter NV = 32,              // vectors, a power of two 2..256
    parameter VB = $clog2(NV)       // do not set
) (
    input  wire          clk,
    input  wire          rst,
    input  wire [12:0]   s_axil_awaddr,
    input  wire          s_axil_awvalid,
    output wire          s_axil_awready,
    input  wire [31:0]   s_axil_wdata,
    input  wire [3:0]    s_axil_wstrb,
    input  wire          s_axil_wvalid,
    output wire          s_axil_wready,
    output wire [1:0]    s_axil_bresp,
    output wire          s_axil_bvalid,
    input  wire          s_axil_bready,
    input  wire [12:0]   s_axil_araddr,
    input  wire          s_axil_arvalid,
    output wire          s_axil_arready,
    output wire [31:0]   s_axil_rdata,
    output wire [1:0]    s_axil_rresp,
    output wire          s_axil_rvalid,
    input  wire          s_axil_rready,
    input  wire [NV-1:0] irq_req,
    input  wire          cfg_msix_enable,
    input  wire          cfg_msix_fmask,
    output wire          cfg_msix_int,
    output wire [63:0]   cfg_msix_address,
    output wire [31:0]   cfg_msix_data,
    output wire [VB-1:0] cfg_msix_vec,
    input  wire          cfg_msi_sent,
    input  wire          cfg_msi_fail,
    output wire [31:0]   stat_int,
    output wire [31:0]   stat_sent,
    output wire [31:0]   stat_fail
);
    localparam NPW = (NV + 31) / 32;          // PBA DWs holding pending bits

    initial begin
        if (NV < 2 || NV > 256 || (NV & (NV - 1)) != 0) begin
            $error("%m: NV must be a power of two 2..256 (got %0d)", NV);
            $finish;
        end
    end

    localparam [2:0] S_IDLE = 3'd0, S_ARB = 3'd1, S_RD = 3'd2, S_SEND = 3'd3, S_WAIT = 3'd4;

    reg  [2:0]    st_reg;
    reg  [NV-1:0] pend_reg, mask_reg, elig_reg;
    reg           any_reg, en_ok_reg;
    reg  [VB-1:0] vec_reg;
    reg           int_reg, bvalid_reg;
    reg  [63:0]   addr_reg;
    reg  [31:0]   data_reg;
    reg  [31:0]   c_int_reg, c_sent_reg, c_fail_reg;
    (* ram_style = "distributed" *) reg [31:0] t_lo [0:NV-1];
    (* ram_style = "distributed" *) reg [31:0] t_hi [0:NV-1];
    (* ram_style = "distributed" *) reg [31:0] t_da [0:NV-1];

    // ---------------------------------------------------------------- AXI4-Lite write
    // handshake (cycle c) -> the write register (the fields are taken every cycle, wq_reg says
    // whether they are a write) -> applied at the edge of cycle c + 1
    reg           wq_reg, wq_tbl_reg, wq_mk_reg;
    reg  [VB-1:0] wq_v_reg;
    reg  [NV-1:0] wq_oh_reg;                   // one-hot of the vector (mask writes)
    reg  [1:0]    wq_d_reg;
    reg  [31:0]   wq_data_reg;
    reg  [3:0]    wq_strb_reg;
    wire          pick_go;
    wire          wr_open = !bvalid_reg && !wq_reg && ((st_reg == S_IDLE && !pick_go) || st_reg == S_WAIT);
    wire          wr_hs   = wr_open && s_axil_awvalid && s_axil_wvalid;
    /* verilator lint_off WIDTH */
    wire          w_tbl   = !s_axil_awaddr[12] && (s_axil_awaddr[11:4] >> VB) == 8'd0;
    /* verilator lint_on WIDTH */

    assign s_axil_awready = wr_hs;
    assign s_axil_wready  = wr_hs;
    assign s_axil_bresp   = 2'b00;
    assign s_axil_bvalid  = bvalid_reg;

    wire [3:0] we_lo = {4{wq_reg && wq_tbl_reg && wq_d_reg == 2'd0}} & wq_strb_reg;
    wire [3:0] we_hi = {4{wq_reg && wq_tbl_reg && wq_d_reg == 2'd1}} & wq_strb_reg;
    wire [3:0] we_da = {4{wq_reg && wq_tbl_reg && wq_d_reg == 2'd2}} & wq_strb_reg;
    wire       we_mk = wq_reg && wq_mk_reg;
    integer i;
    always @(posedge clk) begin
        for (i = 0; i < 4; i = i + 1) begin
            if (we_lo[i]) t_lo[wq_v_reg][8 * i +: 8] <= wq_data_reg[8 * i +: 8];
            if (we_hi[i]) t_hi[wq_v_reg][8 * i +: 8] <= wq_data_reg[8 * i +: 8];
            if (we_da[i]) t_da[wq_v_reg][8 * i +: 8] <= wq_data_reg[8 * i +: 8];
        end
    end

    // ---------------------------------------------------------------- AXI4-Lite read
    // AR handshake (cycle c) -> address register; cycle c + 1 reads the state (before its edge)
    // into raw registers; cycle c + 2 selects the word -> rdata / rvalid
    reg           r1_reg, r2_reg, rvalid_reg;
    reg  [12:2]   ra_reg;
    reg  [31:0]   rq_lo_reg, rq_hi_reg, rq_da_reg, rq_pba_reg, rdata_reg;
    reg           rq_mk_reg, rq_tbl_reg, rq_is_pba_reg;
    reg  [1:0]    rq_d_reg;
    wire          ar_hs = !r1_reg && !r2_reg && !rvalid_reg && s_axil_arvalid;
    wire [VB-1:0] rv    = ra_reg[4 +: VB];
    // the table reads' vector index in three kept copies (each drives 2 x 8 LUTRAM cells): the
    // address registers load every cycle (a read's address is used in the cycle after its
    // handshake, and no AR is accepted then)
    wire [VB-1:0] rv_lo, rv_hi, rv_da;
    ff_keep #(.WIDTH(VB)) u_rv_lo (.clk(clk), .rst(rst), .d(s_axil_araddr[4 +: VB]), .q(rv_lo));
    ff_keep #(.WIDTH(VB)) u_rv_hi (.clk(clk), .rst(rst), .d(s_axil_araddr[4 +: VB]), .q(rv_hi));
    ff_keep #(.WIDTH(VB)) u_rv_da (.clk(clk), .rst(rst), .d(s_axil_araddr[4 +: VB]), .q(rv_da));
    wire [9:0]    rk    = ra_reg[11:2];
    wire [32*NPW-1:0] pend_x;
    /* verilator lint_off WIDTH */
    assign pend_x = pend_reg;                  // zero above NV
    wire          r_tbl = !ra_reg[12] && (ra_reg[11:4] >> VB) == 8'd0;
    /* verilator lint_on WIDTH */
    reg  [31:0]   r_pv;
    integer j;
    always @(*) begin
        r_pv = 32'd0;
        for (j = 0; j < NPW; j = j + 1)
            if (rk == j[9:0])
                r_pv = pend_x[32 * j +: 32];
    end
    assign s_axil_arready = ar_hs;
    assign s_axil_rdata   = rdata_reg;
    assign s_axil_rresp   = 2'b00;
    assign s_axil_rvalid  = rvalid_reg;

    // ---------------------------------------------------------------- sender
    // elig_reg: pending and unmasked after the last edge (from the next-state values); any_reg
    // one cycle later. Round robin in two stages: the pick cycle (IDLE) registers the part of
    // elig_reg above the last grant (rr_mask_reg), or all of it when that part is empty; ARB
    // encodes its lowest bit with rtl/common/prio_enc (its index tree); RD moves rr_mask_reg above
    // the grant (elig_reg may have been empty: nothing granted, RD returns to IDLE).
    // No pick while a write waits in the write register, and no write accepted in a pick cycle,
    // ARB, RD or SEND: the entry and mask a message carries are those of its pick cycle.
    wire          en_ok = cfg_msix_enable && !cfg_msix_fmask;
    assign        pick_go = st_reg == S_IDLE && en_ok_reg && any_reg && !wq_reg;
    reg  [NV-1:0] rr_mask_reg, a_sel_reg;
    reg           g_valid_reg;
    reg  [VB-1:0] g_index_reg;
    wire [NV-1:0] a_above = elig_reg & rr_mask_reg;
    wire          e_valid;
    wire [VB-1:0] e_index;
    wire [NV-1:0] e_onehot, e_upper;
    // the round-robin mask after a grant: the vectors strictly above it (from the registered index)
    // (one constant compare per bit: no carry chain)
    reg  [NV-1:0] rr_above;
    integer k;
    always @(*)
        for (k = 0; k < NV; k = k + 1)
            rr_above[k] = k > g_index_reg;
    prio_enc #(.N(NV)) u_enc (.req(a_sel_reg), .valid(e_valid), .index(e_index), .onehot(e_onehot),
                              .upper(e_upper));
    wire [NV-1:0] v_oh      = {{(NV-1){1'b0}}, 1'b1} << vec_reg;
    wire [NV-1:0] clr       = st_reg == S_SEND ? v_oh : {NV{1'b0}};
    wire [NV-1:0] rest      = st_reg == S_WAIT && cfg_msi_fail ? v_oh : {NV{1'b0}};
    wire [NV-1:0] pend_next = (pend_reg & ~clr) | irq_req | rest;
    wire [NV-1:0] mk_oh     = wq_oh_reg & {NV{we_mk}};
    wire [NV-1:0] mask_next = (mask_reg & ~mk_oh) | (mk_oh & {NV{wq_data_reg[0]}});

    assign cfg_msix_int     = int_reg;
    assign cfg_msix_address = addr_reg;
    assign cfg_msix_data    = data_reg;
    assign cfg_msix_vec     = vec_reg;
    assign stat_int  = c_int_reg;
    assign stat_sent = c_sent_reg;
    assign stat_fail = c_fail_reg;

    always @(posedge clk) begin
        pend_reg  <= pend_next;
        mask_reg  <= mask_next;
        elig_reg  <= pend_next & ~mask_next;
        any_reg   <= elig_reg != {NV{1'b0}};
        en_ok_reg <= en_ok;
        // write register
        wq_reg      <= wr_hs;
        wq_tbl_reg  <= w_tbl;
        wq_mk_reg   <= w_tbl && s_axil_awaddr[3:2] == 2'd3 && s_axil_wstrb[0];
        wq_v_reg    <= s_axil_awaddr[4 +: VB];
        wq_oh_reg   <= {{(NV-1){1'b0}}, 1'b1} << s_axil_awaddr[4 +: VB];
        wq_d_reg    <= s_axil_awaddr[3:2];
        wq_data_reg <= s_axil_wdata;
        wq_strb_reg <= s_axil_wstrb;
        if (wr_hs) bvalid_reg <= 1'b1;
        else if (s_axil_bready) bvalid_reg <= 1'b0;
        // read pipeline
        r1_reg <= ar_hs;
        ra_reg <= s_axil_araddr[12:2];
        r2_reg <= r1_reg;
        if (r1_reg) begin
            rq_lo_reg     <= t_lo[rv_lo];
            rq_hi_reg     <= t_hi[rv_hi];
            rq_da_reg     <= t_da[rv_da];
            rq_mk_reg     <= mask_reg[rv];
            rq_pba_reg    <= r_pv;
            rq_tbl_reg    <= r_tbl;
            rq_is_pba_reg <= ra_reg[12];
            rq_d_reg      <= ra_reg[3:2];
        end
        if (r2_reg) begin
            rvalid_reg <= 1'b1;
            rdata_reg  <= rq_is_pba_reg ? rq_pba_reg :
                          !rq_tbl_reg ? 32'd0 :
                          rq_d_reg == 2'd0 ? rq_lo_reg :
                          rq_d_reg == 2'd1 ? rq_hi_reg :
                          rq_d_reg == 2'd2 ? rq_da_reg : {31'd0, rq_mk_reg};
        end else if (s_axil_rready) begin
            rvalid_reg <= 1'b0;
        end
        // sender
        int_reg <= 1'b0;
        case (st_reg)
            S_IDLE: if (pick_go) begin
                st_reg    <= S_ARB;
                a_sel_reg <= a_above != {NV{1'b0}} ? a_above : elig_reg;
            end
            S_ARB: begin
                st_reg      <= S_RD;
                g_valid_reg <= e_valid;
                g_index_reg <= e_index;
            end
            S_RD: begin
                if (g_valid_reg) rr_mask_reg <= rr_above;
                vec_reg  <= g_index_reg;
                addr_reg <= {t_hi[g_index_reg], t_lo[g_index_reg]};
                data_reg <= t_da[g_index_reg];
                if (g_valid_reg && en_ok) begin
                    st_reg  <= S_SEND;
                    int_reg <= 1'b1;
                end else begin
                    st_reg  <= S_IDLE;
                end
            end
            S_SEND: begin
                st_reg    <= S_WAIT;
                c_int_reg <= c_int_reg + 32'd1;
            end
            S_WAIT: begin
                if (cfg_msi_fail) begin
                    st_reg     <= S_IDLE;
                    c_fail_reg <= c_fail_reg + 32'd1;
                end else if (cfg_msi_sent) begin
                    st_reg     <= S_IDLE;
                    c_sent_reg <= c_sent_reg + 32'd1;
                end
            end
            default: st_reg <= S_IDLE;
        endcase
        if (rst) begin
            st_reg     <= S_IDLE;
            pend_reg   <= {NV{1'b0}};
            mask_reg   <= {NV{1'b1}};
            elig_reg   <= {NV{1'b0}};
            rr_mask_reg <= {NV{1'b0}};
            any_reg    <= 1'b0;
            en_ok_reg  <= 1'b0;
            int_reg    <= 1'b0;
            wq_reg     <= 1'b0;
            bvalid_reg <= 1'b0;
            r1_reg     <= 1'b0;
            r2_reg     <= 1'b0;
            rvalid_reg <= 1'b0;
            c_int_reg  <= 32'd0;
            c_sent_reg <= 32'd0;
            c_fail_reg <= 32'd0;
        end
    end

    // byte address bits 1:0 (AXI4-Lite DW accesses; the strobes select bytes)
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ab = ^s_axil_awaddr[1:0] ^ ^s_axil_araddr[1:0];   // DW accesses
    /* verilator lint_on UNUSEDSIGNAL */
    // e_onehot / e_upper: the encoder's carry-chain outputs (the index tree is used)
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_enc = ^e_onehot ^ ^e_upper;
    /* verilator lint_on UNUSEDSIGNAL */
endmodule

`resetall
