`resetall
`timescale 1ns / 1ps
`default_nettype none
// pcie_cq: PCIe completer adapter (issue 15) between the completer interfaces of the UltraScale+
// PCIe4 hard block (AMD PG213, "Completer Request Interface" CQ and "Completer Completion
// Interface" CC, 256-bit AXI4-Stream, straddle off, Dword-aligned mode) and the card's BAR0 MMIO:
// an AXI4 write master for the doorbell window and an AXI4-Lite master for the CSR window
// (docs/card.md 6.3, docs/pcie_cq.md). Bit-accurate C model: cmodel/pcie_cq.c.
//
// Ports (one clock, synchronous active-high rst):
//   s_axis_cq_*    CQ: tdata[255:0] (descriptor DWs 0..3 + payload DWs from DW 4), tkeep[7:0]
//                  (not used: the descriptor's dword count tells the payload), tlast,
//                  tuser[87:0] (PG213 256-bit CQ: [3:0] first_be, [7:4] last_be, [40] sop (not
//                  used: TLP boundaries by tlast), [41] discontinue; the rest not used),
//                  tvalid, tready (registered: rtl/common/axis_skid_wide, the input skid buffer,
//                  its control copied per 1/8 of the 266-bit word).
//   m_axis_cc_*    CC: tdata[255:0] (descriptor DWs 0..2, payload from DW 3), tkeep[7:0] per DW,
//                  tlast, tuser[32:0] (0: discontinue and parity not used), tvalid, tready.
//                  Lanes with tkeep 0 are 0. Registered.
//   m_axi_*        AXI4 write master, doorbell window [0x00000, 0x80000): awaddr[18:0] (the DW
//                  address of the burst's first DW), awlen[7:0], awsize 3 (8 B), awburst INCR,
//                  wdata[63:0], wstrb[7:0], wlast, bresp[1:0] (bready = 1). Registered.
//                  Bursts split at 2 KiB (256 beats of 8 B), so none crosses a 4 KiB page.
//   m_axil_*       AXI4-Lite master, CSR window [0x80000, 0x100000): awaddr/araddr[19:0] (the
//                  BAR0 offset), wdata[31:0], wstrb[3:0], rdata[31:0], bresp/rresp[1:0]
//                  (bready = rready = 1). One operation at a time. Registered.
//   stat_*[31:0]   counters, reset to 0, wrapping (docs/pcie_cq.md 5): stat_wr_db, stat_wr_csr,
//                  stat_rd_csr (TLPs executed), stat_rd_db (reads of the doorbell window: UR),
//                  stat_ur (every UR completion sent), stat_drop_posted (posted TLPs dropped),
//                  stat_discont (TLPs dropped for discontinue on their only beat),
//                  stat_axi_slverr (AXI4 B, AXI-Lite B and R responses with resp[1] set).
// Parameters: NRD max DWs of one CSR read (1..8; longer reads: UR).
// Requests (CQ descriptor, PG213 table "Completer Request Descriptor Format"; docs/pcie_cq.md 2):
//   BAR 0 with aperture 20 only (other BAR ID / aperture: UR or dropped); BAR0 offset = addr[19:0].
//   MemWr (type 1) of n >= 1 DWs inside the doorbell window -> AXI4 bursts; inside the CSR
//   window -> n AXI-Lite writes (one per DW with byte enables != 0, wstrb = the DW's byte
//   enables); anywhere else (crossing a window end, n = 0) -> dropped.
//   MemRd (type 0) of 1 <= n <= NRD DWs inside the CSR window -> n AXI-Lite reads (none for a
//   zero-length read: first_be 0, n 1 -> one DW of 0), one CC with status SC; any other MemRd ->
//   UR (reads of the doorbell window counted in stat_rd_db too).
//   Other non-posted types (IO, atomics, locked read, config) -> CC with status UR; other posted
//   types (messages, type 15) -> dropped.
//   discontinue: a TLP whose only beat carries it is dropped whole (no AXI, no CC); in a longer
//   write, the DWs of the beat carrying it and of every later beat are not written (AXI4: strobe 0,
//   AXI-Lite: the write is skipped).
// Order: one TLP at a time, in CQ order. CSR writes and reads start only when every doorbell burst
//   got its B response (a read does not pass an earlier doorbell write).
// Latency: CQ beat in -> first AXI4 W beat about 5 cycles, first AW 7 cycles; CSR read: CQ -> AR
//   about 5 cycles, last R -> CC 3 cycles. Throughput: one payload DW per cycle (a 64-bit W beat
//   per 2 cycles) plus one idle cycle per 8 DWs (registered CQ pop), about 5 cycles of overhead
//   per TLP; AXI-Lite one operation at a time, 2 cycles + the slave's latency.
// Timing: 126.6 MHz on ECP5-85 speed 6 (thin margin; docs/pcie_cq.md 7).
// Source: AMD PG213 (PCIe4 UltraScale+ block), "Designing with the Core", Completer Request /
//   Completer Completion descriptor formats; PCI Express Base Spec 3.0 2.3.1.1 (byte count, lower
//   address); issue 15; docs/card.md 6.3.
module pcie_cq #(
    parameter NRD = 8
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [255:0] s_axis_cq_tdata,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [7:0]   s_axis_cq_tkeep,
    input  wire [87:0]  s_axis_cq_tuser,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire         s_axis_cq_tlast,
    input  wire         s_axis_cq_tvalid,
    output wire         s_axis_cq_tready,
    output wire [255:0] m_axis_cc_tdata,
    output wire [7:0]   m_axis_cc_tkeep,
    output wire         m_axis_cc_tlast,
    output wire [32:0]  m_axis_cc_tuser,
    output wire         m_axis_cc_tvalid,
    input  wire         m_axis_cc_tready,
    output wire [18:0]  m_axi_awaddr,
    output wire [7:0]   m_axi_awlen,
    output wire [2:0]   m_axi_awsize,
    output wire [1:0]   m_axi_awburst,
    output wire         m_axi_awvalid,
    input  wire         m_axi_awready,
    output wire [63:0]  m_axi_wdata,
    output wire [7:0]   m_axi_wstrb,
    output wire         m_axi_wlast,
    output wire         m_axi_wvalid,
    input  wire         m_axi_wready,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [1:0]   m_axi_bresp,     // [1] only: SLVERR / DECERR
    input  wire         m_axi_bvalid,
    output wire         m_axi_bready,
    output wire [19:0]  m_axil_awaddr,
    output wire         m_axil_awvalid,
    input  wire         m_axil_awready,
    output wire [31:0]  m_axil_wdata,
    output wire [3:0]   m_axil_wstrb,
    output wire         m_axil_wvalid,
    input  wire         m_axil_wready,
    input  wire [1:0]   m_axil_bresp,
    input  wire         m_axil_bvalid,
    output wire         m_axil_bready,
    output wire [19:0]  m_axil_araddr,
    output wire         m_axil_arvalid,
    input  wire         m_axil_arready,
    input  wire [31:0]  m_axil_rdata,
    input  wire [1:0]   m_axil_rresp,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire         m_axil_rvalid,
    output wire         m_axil_rready,
    output wire [31:0]  stat_wr_db,
    output wire [31:0]  stat_wr_csr,
    output wire [31:0]  stat_rd_csr,
    output wire [31:0]  stat_rd_db,
    output wire [31:0]  stat_ur,
    output wire [31:0]  stat_drop_posted,
    output wire [31:0]  stat_discont,
    output wire [31:0]  stat_axi_slverr
);
    initial begin
        if (NRD < 1 || NRD > 8) begin
            $error("%m: NRD 1..8");
            $finish;
        end
    end

    // ------------------------------------------------------------------ CQ input register
    localparam CW = 256 + 1 + 4 + 4 + 1;
    localparam [10:0] NRD_DW = NRD[10:0];
    wire [CW-1:0] c_data;
    wire          c_valid;
    wire          c_ready;
    axis_skid_wide #(.DATA_WIDTH(CW), .CTRL_COPIES(8)) u_cq (
        .clk(clk), .rst(rst),
        .s_data({s_axis_cq_tuser[41], s_axis_cq_tuser[7:4], s_axis_cq_tuser[3:0], s_axis_cq_tlast, s_axis_cq_tdata}),
        .s_valid(s_axis_cq_tvalid), .s_ready(s_axis_cq_tready),
        .m_data(c_data), .m_valid(c_valid), .m_ready(c_ready));
    wire [255:0] c_tdata = c_data[255:0];
    wire         c_tlast = c_data[256];
    wire [3:0]   c_fbe   = c_data[260:257];
    wire [3:0]   c_lbe   = c_data[264:261];
    wire         c_disc  = c_data[265];

    // ------------------------------------------------------------------ helpers
    // offset of the first enabled byte (first_be 0: 3, as the byte-count rule counts it)
    /* verilator lint_off UNUSEDSIGNAL */
    function [1:0] fbe_off(input [3:0] b);
        fbe_off = b[0] ? 2'd0 : b[1] ? 2'd1 : b[2] ? 2'd2 : 2'd3;
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // bytes after the last enabled byte of the last DW
    function [1:0] lbe_off(input [3:0] b);
        lbe_off = b[3] ? 2'd0 : b[2] ? 2'd1 : b[1] ? 2'd2 : b[0] ? 2'd3 : 2'd0;
    endfunction

    // ------------------------------------------------------------------ state
    // one-hot states: B_* bit indices, S_* values
    localparam B_IDLE = 0, B_DEC = 1, B_DISP = 2, B_DBW = 3, B_CW = 4, B_CWB = 5, B_CR = 6, B_CRW = 7,
               B_CC = 8, B_SKIP = 9;
    localparam [9:0] S_IDLE = 10'd1 << B_IDLE, S_DEC = 10'd1 << B_DEC, S_DISP = 10'd1 << B_DISP,
                     S_DBW = 10'd1 << B_DBW, S_CW = 10'd1 << B_CW, S_CWB = 10'd1 << B_CWB,
                     S_CR = 10'd1 << B_CR, S_CRW = 10'd1 << B_CRW, S_CC = 10'd1 << B_CC,
                     S_SKIP = 10'd1 << B_SKIP;
    reg [9:0]  st_reg;
    // the request's kind (S_DEC -> S_DISP)
    reg        kd_disc_reg, kd_db_reg, kd_cw_reg, kd_cr_reg, kd_rddb_reg, kd_posted_reg;
    // descriptor of the TLP being handled (latched from its first beat)
    reg [17:0] q_dwa_reg;      // BAR0 offset [19:2]
    reg [1:0]  q_end_reg;      // bits [20:19] of the offset of its last DW (dwc 0: of q_dwa - 1)
    reg [1:0]  q_at_reg;
    reg [10:0] q_dwc_reg;
    reg [15:0] q_rid_reg;
    reg [7:0]  q_tag_reg, q_fn_reg;
    reg        q_bar_ok_reg;
    reg [2:0]  q_tc_reg, q_attr_reg;
    reg [3:0]  q_fbe_reg, q_lbe_reg;
    reg        q_disc_reg;     // discontinue on the TLP's only beat
    reg        q_nz_reg;       // dword count != 0
    reg        q_le_reg;       // dword count <= NRD
    reg        q_wr_reg, q_rd_reg, q_lk_reg, q_posted_reg;   // MemWr, MemRd, locked read, posted type
    reg        q_zl_reg;       // zero-length (dword count 1, first_be 0)
    reg [1:0]  q_fo_reg, q_lof_reg, q_lol_reg;   // disabled bytes before first_be / after first_be, last_be
    reg [2:0]  q_bsub_reg;     // disabled bytes of the first and last DW (byte-count rule; S_DEC)
    // walker over the payload DWs / CSR read DWs
    reg [2:0]  w_lane_reg;     // DW lane of the current CQ beat
    reg [10:0] w_rem_reg;      // DWs left, the current one included
    reg        wk_last_reg;    // the current DW is the last (w_rem_reg == 1)
    reg [3:0]  w_be_reg;       // its byte enables (first_be, 1111 or last_be)
    reg        w_bez_reg;      // w_be_reg == 0
    reg        cr_reg;         // CQ pop: the walker left lane 7 (one idle cycle per 8 DWs), or S_SKIP
    reg [17:0] w_dwa_reg;      // DW address of the current DW
    reg        w_sticky_reg;   // a beat of this TLP carried discontinue
    // AW generator (doorbell bursts)
    reg        a_act_reg;
    reg [1:0]  a_ph_reg;       // 0: distance to the boundary, 1: burst length, 2: issue
    reg [9:0]  a_bdw_reg;      // DWs of the next burst
    reg        a_lastb_reg;    // it is the last burst
    reg [16:0] a_dwa_reg;
    reg [10:0] a_rem_reg;
    reg [9:0]  a_tb_reg;       // DWs to the next 2 KiB boundary, 1..512
    reg [9:0]  ob_cnt_reg;     // AXI4 bursts issued without their B
    // AXI4 write outputs
    reg [18:0] aw_addr_reg;
    reg [7:0]  aw_len_reg;
    reg        aw_valid_reg;
    reg [63:0] w_data_reg;
    reg [7:0]  w_strb_reg;
    reg        w_last_reg, w_valid_reg, w_open_reg;
    // AXI-Lite outputs
    reg [19:0] l_awaddr_reg, l_araddr_reg;
    reg        l_awvalid_reg, l_wvalid_reg, l_arvalid_reg;
    reg [31:0] l_wdata_reg;
    reg [3:0]  l_wstrb_reg;
    // read buffer and completion
    reg [31:0] rb_reg [0:7];
    reg [2:0]  rb_idx_reg;
    reg [31:0] r_data_reg;     // R data, written to rb_reg[k] the next cycle (r_we_reg[k])
    reg [7:0]  r_we_reg;
    reg        r_last_reg;     // the last DW of the read: the CC follows
    integer    k;
    reg [31:0] cc_d0_reg, cc_d1_reg, cc_d2_reg;
    reg [4:0]  cc_m0_reg;      // payload DWs 0..4 present in beat 0 with data (DW 0 of a zero-length read: 0)
    reg [4:0]  cc_k0_reg;      // payload DWs 0..4 present in beat 0
    reg [1:0]  cc_m1_reg;      // payload DWs 6, 7 present (beat 1)
    reg        cc_l0_reg;      // beat 0 is the last
    reg        cc_go_reg;      // load the next CC beat
    (* keep *) reg [7:0] cc_gor_reg;   // copies of cc_go_reg, one per CC data lane (enable fanout)
    reg        cc_beat_reg;
    reg [255:0] cc_data_reg;
    reg [7:0]  cc_keep_reg;
    reg        cc_last_reg, cc_valid_reg;
    // counters
    reg [31:0] n_wr_db_reg, n_wr_csr_reg, n_rd_csr_reg, n_rd_db_reg, n_ur_reg, n_drop_reg, n_disc_reg, n_err_reg;
    reg        i_wr_db_reg, i_wr_csr_reg, i_rd_csr_reg, i_rd_db_reg, i_ur_reg, i_drop_reg, i_disc_reg;
    reg [1:0]  i_err_reg;

    // ------------------------------------------------------------------ classification (S_DEC)
    wire posted   = q_posted_reg;
    wire dwc_nz   = q_nz_reg;
    wire in_db    = dwc_nz && !q_dwa_reg[17] && (q_end_reg == 2'b00);
    wire in_csr   = dwc_nz && q_dwa_reg[17] && !q_end_reg[1];
    wire k_disc   = q_disc_reg;
    wire k_db     = q_bar_ok_reg && q_wr_reg && in_db;
    wire k_cw     = q_bar_ok_reg && q_wr_reg && in_csr;
    wire k_cr     = q_bar_ok_reg && q_rd_reg && in_csr && q_le_reg;
    wire k_rddb   = q_bar_ok_reg && q_rd_reg && in_db;
    wire memrd    = q_rd_reg || q_lk_reg;
    wire        wk_one  = (q_dwc_reg == 11'd1);
    wire [12:0] bc_rule = {q_dwc_reg, 2'b00} - {10'd0, q_bsub_reg};
    wire [1:0]  la_lo   = (q_fbe_reg == 4'd0) ? 2'd0 : fbe_off(q_fbe_reg);

    // the two CC beats (lanes without data 0)
    wire [255:0] cc_b0 = {rb_reg[4] & {32{cc_m0_reg[4]}}, rb_reg[3] & {32{cc_m0_reg[3]}},
                          rb_reg[2] & {32{cc_m0_reg[2]}}, rb_reg[1] & {32{cc_m0_reg[1]}},
                          rb_reg[0] & {32{cc_m0_reg[0]}}, cc_d2_reg, cc_d1_reg, cc_d0_reg};
    wire [255:0] cc_b1 = {160'd0, rb_reg[7] & {32{cc_m1_reg[1]}}, rb_reg[6] & {32{cc_m1_reg[0]}}, rb_reg[5]};

    // ------------------------------------------------------------------ walker step
    wire [31:0] w_dw     = c_tdata[32 * w_lane_reg +: 32];
    wire        w_last   = wk_last_reg;
    wire        w_disc   = c_disc || w_sticky_reg;
    wire [3:0]  w_s      = w_disc ? 4'd0 : w_be_reg;
    wire        w_ok     = c_valid && !cr_reg;     // the current DW is there
    // doorbell: a DW enters the W register when it is free or being taken
    wire db_step  = st_reg[B_DBW] && w_ok && (!w_valid_reg || m_axi_wready);
    // CSR write: a DW without enabled bytes is skipped; else after its B
    wire cw_skip  = st_reg[B_CW] && w_ok && (w_disc || w_bez_reg);
    wire cw_done  = st_reg[B_CWB] && !l_awvalid_reg && !l_wvalid_reg && m_axil_bvalid;
    wire w_adv    = db_step || cw_skip || cw_done;
    assign c_ready = cr_reg;

    /* verilator lint_off UNUSEDSIGNAL */
    wire [10:0] a_qw     = {1'b0, a_bdw_reg} + {10'd0, a_dwa_reg[0]} - 11'd1;                // 2 * QWs - 1 or - 2
    wire [18:0] c_end    = {1'b0, c_tdata[19:2]} + {8'd0, c_tdata[74:64]} - 19'd1;           // last DW of a request
    /* verilator lint_on UNUSEDSIGNAL */
    wire        aw_go    = a_act_reg && a_ph_reg[1] && (!aw_valid_reg || m_axi_awready) && !ob_cnt_reg[9];

    always @(posedge clk) begin
        i_wr_db_reg <= 1'b0; i_wr_csr_reg <= 1'b0; i_rd_csr_reg <= 1'b0; i_rd_db_reg <= 1'b0;
        i_ur_reg <= 1'b0; i_drop_reg <= 1'b0; i_disc_reg <= 1'b0;
        i_err_reg <= {1'b0, m_axi_bvalid && m_axi_bresp[1]} + {1'b0, (m_axil_bvalid && m_axil_bresp[1]) ||
                                                                      (m_axil_rvalid && m_axil_rresp[1])};
        if (aw_valid_reg && m_axi_awready) aw_valid_reg <= 1'b0;
        if (w_valid_reg && m_axi_wready) w_valid_reg <= 1'b0;
        if (l_awvalid_reg && m_axil_awready) l_awvalid_reg <= 1'b0;
        if (l_wvalid_reg && m_axil_wready) l_wvalid_reg <= 1'b0;
        if (l_arvalid_reg && m_axil_arready) l_arvalid_reg <= 1'b0;
        if (cc_valid_reg && m_axis_cc_tready) cc_valid_reg <= 1'b0;
        ob_cnt_reg <= ob_cnt_reg + {9'd0, aw_valid_reg && m_axi_awready} - {9'd0, m_axi_bvalid};

        // AW generator
        if (a_act_reg && a_ph_reg == 2'd0) begin
            a_tb_reg <= 10'd512 - {1'b0, a_dwa_reg[8:0]};
            a_ph_reg <= 2'd1;
        end
        if (a_act_reg && a_ph_reg == 2'd1) begin
            a_lastb_reg <= (a_rem_reg <= {1'b0, a_tb_reg});
            a_bdw_reg   <= (a_rem_reg <= {1'b0, a_tb_reg}) ? a_rem_reg[9:0] : a_tb_reg;
            a_ph_reg    <= 2'd2;
        end
        if (aw_go) begin
            aw_addr_reg  <= {a_dwa_reg, 2'b00};
            aw_len_reg   <= a_qw[8:1];
            aw_valid_reg <= 1'b1;
            a_dwa_reg    <= a_dwa_reg + {7'd0, a_bdw_reg};
            a_rem_reg    <= a_rem_reg - {1'b0, a_bdw_reg};
            a_ph_reg     <= 2'd0;
            if (a_lastb_reg) a_act_reg <= 1'b0;
        end

        // doorbell W register. The data lanes load whenever the register is free (a short enable):
        // a lane written outside a step is written again by the step before valid rises, and the
        // current DW's lane holds nothing else (lane 0: a new beat; lane 1: the open beat's)
        if (!w_valid_reg || m_axi_wready) begin
            if (!w_dwa_reg[0]) w_data_reg[31:0] <= w_dw;
            else w_data_reg[63:32] <= w_dw;
        end
        if (db_step) begin
            if (!w_dwa_reg[0]) begin
                w_strb_reg <= {4'd0, w_s};
                w_open_reg <= !w_last;
                w_valid_reg <= w_last;
                w_last_reg <= 1'b1;
            end else begin
                w_strb_reg[7:4]   <= w_s;
                if (!w_open_reg) w_strb_reg[3:0] <= 4'd0;
                w_open_reg  <= 1'b0;
                w_valid_reg <= 1'b1;
                w_last_reg  <= w_last || (w_dwa_reg[8:0] == 9'h1ff);
            end
        end

        // AXI-Lite address / data: loaded from the walker while their valid is low (stable while high)
        if (!l_awvalid_reg) l_awaddr_reg <= {w_dwa_reg, 2'b00};
        if (!l_arvalid_reg) l_araddr_reg <= {w_dwa_reg, 2'b00};
        if (!l_wvalid_reg) begin
            l_wdata_reg <= w_dw;
            l_wstrb_reg <= w_s;
        end

        // walker advance
        if (c_valid && (!st_reg[B_SKIP] || c_tlast)) cr_reg <= 1'b0;
        if (w_adv) begin
            w_lane_reg  <= w_lane_reg + 3'd1;
            w_rem_reg   <= w_rem_reg - 11'd1;
            wk_last_reg <= (w_rem_reg == 11'd2);
            w_be_reg    <= (w_rem_reg == 11'd2) ? q_lbe_reg : 4'hf;
            w_bez_reg   <= (w_rem_reg == 11'd2) && (q_lbe_reg == 4'd0);
            w_dwa_reg   <= w_dwa_reg + 18'd1;
            if (w_lane_reg == 3'd7 && c_disc) w_sticky_reg <= 1'b1;
            if (!wk_last_reg ? (w_lane_reg == 3'd7) : 1'b1) cr_reg <= 1'b1;   // pop, or into S_SKIP
        end

        // read data into the buffer one cycle after R (a register enables each DW)
        r_we_reg   <= 8'd0;
        r_last_reg <= 1'b0;
        for (k = 0; k < 8; k = k + 1)
            if (r_we_reg[k]) rb_reg[k] <= r_data_reg;
        if (r_last_reg) begin
            cc_go_reg  <= 1'b1;
            cc_gor_reg <= 8'hff;
        end

        // CC beat load (cc_go_reg: a register enables it)
        for (k = 0; k < 8; k = k + 1)
            if (cc_gor_reg[k]) cc_data_reg[32 * k +: 32] <= cc_beat_reg ? cc_b1[32 * k +: 32] : cc_b0[32 * k +: 32];
        if (cc_go_reg) begin
            cc_go_reg    <= 1'b0;
            cc_gor_reg   <= 8'h00;
            cc_valid_reg <= 1'b1;
            if (!cc_beat_reg) begin
                cc_keep_reg <= {cc_k0_reg, 3'b111};
                cc_last_reg <= cc_l0_reg;
            end else begin
                cc_keep_reg <= {5'd0, cc_m1_reg, 1'b1};
                cc_last_reg <= 1'b1;
            end
        end

        // descriptor latch: loads in every S_IDLE cycle (an enable of one register bit); the
        // cycle that leaves S_IDLE (c_valid) loads the request's first beat
        if (st_reg[B_IDLE]) begin
            q_dwa_reg    <= c_tdata[19:2];
            q_end_reg    <= c_end[18:17];
            q_at_reg     <= c_tdata[1:0];
            q_dwc_reg    <= c_tdata[74:64];
            q_rid_reg    <= c_tdata[95:80];
            q_tag_reg    <= c_tdata[103:96];
            q_fn_reg     <= c_tdata[111:104];
            q_bar_ok_reg <= (c_tdata[114:112] == 3'd0) && (c_tdata[120:115] == 6'd20);
            q_tc_reg     <= c_tdata[123:121];
            q_attr_reg   <= c_tdata[126:124];
            q_fbe_reg    <= c_fbe;
            q_lbe_reg    <= c_lbe;
            q_disc_reg   <= c_tlast && c_disc;
            q_nz_reg     <= (c_tdata[74:64] != 11'd0);
            q_le_reg     <= (c_tdata[74:64] <= NRD_DW);
            q_wr_reg     <= (c_tdata[78:75] == 4'd1);
            q_rd_reg     <= (c_tdata[78:75] == 4'd0);
            q_lk_reg     <= (c_tdata[78:75] == 4'd7);
            q_posted_reg <= (c_tdata[78:75] == 4'd1) || (c_tdata[78:75] >= 4'd12);
            q_zl_reg     <= (c_tdata[74:64] == 11'd1) && (c_fbe == 4'd0);
            q_fo_reg     <= fbe_off(c_fbe);
            q_lof_reg    <= lbe_off(c_fbe);
            q_lol_reg    <= lbe_off(c_lbe);
        end

        case (1'b1) // one-hot
        st_reg[B_IDLE]: if (c_valid) st_reg <= S_DEC;
        st_reg[B_DEC]: begin
            rb_idx_reg   <= 3'd0;
            w_lane_reg   <= 3'd4;
            w_rem_reg    <= q_dwc_reg;
            wk_last_reg  <= (q_dwc_reg == 11'd1);
            w_be_reg     <= q_fbe_reg;
            w_bez_reg    <= (q_fbe_reg == 4'd0);
            w_dwa_reg    <= q_dwa_reg;
            w_sticky_reg <= 1'b0;
            cc_beat_reg  <= 1'b0;
            q_bsub_reg   <= {1'b0, q_fo_reg} + {1'b0, wk_one ? q_lof_reg : q_lol_reg};
            cc_d1_reg    <= {q_rid_reg, 2'b00, k_cr ? 3'b000 : 3'b001, k_cr ? q_dwc_reg : 11'd0};
            cc_d2_reg    <= {1'b0, q_attr_reg, q_tc_reg, 1'b0, 8'd0, q_fn_reg, q_tag_reg};
            cc_m0_reg    <= {5{k_cr}} & {q_dwc_reg[3:0] > 4'd4, q_dwc_reg[3:0] > 4'd3, q_dwc_reg[3:0] > 4'd2,
                                            q_dwc_reg[3:0] > 4'd1, !q_zl_reg};
            cc_k0_reg    <= {5{k_cr}} & {q_dwc_reg[3:0] > 4'd4, q_dwc_reg[3:0] > 4'd3, q_dwc_reg[3:0] > 4'd2,
                                            q_dwc_reg[3:0] > 4'd1, 1'b1};
            cc_m1_reg    <= {2{k_cr}} & {q_dwc_reg[3:0] > 4'd7, q_dwc_reg[3:0] > 4'd6};
            cc_l0_reg    <= !(k_cr && q_dwc_reg[3:0] > 4'd5);
            kd_disc_reg   <= k_disc;
            kd_db_reg     <= k_db;
            kd_cw_reg     <= k_cw;
            kd_cr_reg     <= k_cr;
            kd_rddb_reg   <= k_rddb;
            kd_posted_reg <= posted;
            st_reg <= S_DISP;
        end
        st_reg[B_DISP]: begin
            cc_d0_reg <= {2'b00, q_lk_reg, memrd && dwc_nz ? bc_rule : 13'd4, 6'd0, q_at_reg, 1'b0,
                          memrd ? {q_dwa_reg[4:0], la_lo} : 7'd0};
            if (kd_disc_reg) begin
                i_disc_reg <= 1'b1;
                cr_reg <= 1'b1;
                st_reg <= S_SKIP;
            end else if (kd_db_reg) begin
                if (!a_act_reg) begin
                    i_wr_db_reg <= 1'b1;
                    a_act_reg <= 1'b1;
                    a_ph_reg  <= 2'd0;
                    a_dwa_reg <= q_dwa_reg[16:0];
                    a_rem_reg <= w_rem_reg;
                    st_reg    <= S_DBW;
                end
            end else if (kd_cw_reg || kd_cr_reg) begin
                if (!a_act_reg && ob_cnt_reg == 10'd0) begin
                    i_wr_csr_reg <= kd_cw_reg;
                    i_rd_csr_reg <= kd_cr_reg;
                    st_reg <= kd_cw_reg ? S_CW : (q_zl_reg ? S_CC : S_CR);
                    cc_go_reg <= !kd_cw_reg && q_zl_reg;
                    cc_gor_reg <= {8{!kd_cw_reg && q_zl_reg}};
                end
            end else if (kd_posted_reg) begin
                i_drop_reg <= 1'b1;
                cr_reg <= 1'b1;
                st_reg <= S_SKIP;
            end else begin
                i_ur_reg    <= 1'b1;
                i_rd_db_reg <= kd_rddb_reg;
                st_reg <= S_CC;
                cc_go_reg <= 1'b1;
                cc_gor_reg <= 8'hff;
            end
        end
        st_reg[B_DBW]: if (db_step && w_last) st_reg <= S_SKIP;
        st_reg[B_CW]: if (w_ok) begin
            if (w_disc || w_bez_reg) begin
                if (w_last) st_reg <= S_SKIP;
            end else begin
                l_awvalid_reg <= 1'b1;
                l_wvalid_reg  <= 1'b1;
                st_reg <= S_CWB;
            end
        end
        st_reg[B_CWB]: if (cw_done) st_reg <= w_last ? S_SKIP : S_CW;
        st_reg[B_CR]: begin
            l_arvalid_reg <= 1'b1;
            st_reg <= S_CRW;
        end
        st_reg[B_CRW]: if (!l_arvalid_reg && m_axil_rvalid) begin
            r_data_reg <= m_axil_rdata;
            r_we_reg   <= 8'd1 << rb_idx_reg;
            r_last_reg <= w_last;
            rb_idx_reg <= rb_idx_reg + 3'd1;
            w_rem_reg  <= w_rem_reg - 11'd1;
            wk_last_reg <= (w_rem_reg == 11'd2);
            w_dwa_reg  <= w_dwa_reg + 18'd1;
            st_reg <= w_last ? S_CC : S_CR;
        end
        st_reg[B_CC]: if (!cc_go_reg && cc_valid_reg && m_axis_cc_tready) begin
            if (cc_last_reg) begin
                st_reg <= S_SKIP;
                cr_reg <= 1'b1;
            end else begin
                cc_beat_reg <= 1'b1;
                cc_go_reg   <= 1'b1;
                cc_gor_reg  <= 8'hff;
            end
        end
        st_reg[B_SKIP]: if (c_valid && c_tlast) st_reg <= S_IDLE;
        default: st_reg <= S_IDLE;
        endcase

        // counters
        n_wr_db_reg  <= n_wr_db_reg + {31'd0, i_wr_db_reg};
        n_wr_csr_reg <= n_wr_csr_reg + {31'd0, i_wr_csr_reg};
        n_rd_csr_reg <= n_rd_csr_reg + {31'd0, i_rd_csr_reg};
        n_rd_db_reg  <= n_rd_db_reg + {31'd0, i_rd_db_reg};
        n_ur_reg     <= n_ur_reg + {31'd0, i_ur_reg};
        n_drop_reg   <= n_drop_reg + {31'd0, i_drop_reg};
        n_disc_reg   <= n_disc_reg + {31'd0, i_disc_reg};
        n_err_reg    <= n_err_reg + {30'd0, i_err_reg};

        if (rst) begin
            st_reg <= S_IDLE;
            a_act_reg <= 1'b0; a_ph_reg <= 2'd0;
            ob_cnt_reg <= 10'd0;
            cr_reg <= 1'b0;
            aw_valid_reg <= 1'b0; w_valid_reg <= 1'b0; w_open_reg <= 1'b0;
            l_awvalid_reg <= 1'b0; l_wvalid_reg <= 1'b0; l_arvalid_reg <= 1'b0;
            cc_valid_reg <= 1'b0;
            cc_go_reg <= 1'b0;
            cc_gor_reg <= 8'h00;
            r_we_reg <= 8'd0;
            r_last_reg <= 1'b0;
            i_wr_db_reg <= 1'b0; i_wr_csr_reg <= 1'b0; i_rd_csr_reg <= 1'b0; i_rd_db_reg <= 1'b0;
            i_ur_reg <= 1'b0; i_drop_reg <= 1'b0; i_disc_reg <= 1'b0; i_err_reg <= 2'd0;
            n_wr_db_reg <= 32'd0; n_wr_csr_reg <= 32'd0; n_rd_csr_reg <= 32'd0; n_rd_db_reg <= 32'd0;
            n_ur_reg <= 32'd0; n_drop_reg <= 32'd0; n_disc_reg <= 32'd0; n_err_reg <= 32'd0;
        end
    end

    assign m_axis_cc_tdata  = cc_data_reg;
    assign m_axis_cc_tkeep  = cc_keep_reg;
    assign m_axis_cc_tlast  = cc_last_reg;
    assign m_axis_cc_tuser  = 33'd0;
    assign m_axis_cc_tvalid = cc_valid_reg;
    assign m_axi_awaddr  = aw_addr_reg;
    assign m_axi_awlen   = aw_len_reg;
    assign m_axi_awsize  = 3'd3;
    assign m_axi_awburst = 2'b01;
    assign m_axi_awvalid = aw_valid_reg;
    assign m_axi_wdata   = w_data_reg;
    assign m_axi_wstrb   = w_strb_reg;
    assign m_axi_wlast   = w_last_reg;
    assign m_axi_wvalid  = w_valid_reg;
    assign m_axi_bready  = 1'b1;
    assign m_axil_awaddr  = l_awaddr_reg;
    assign m_axil_awvalid = l_awvalid_reg;
    assign m_axil_wdata   = l_wdata_reg;
    assign m_axil_wstrb   = l_wstrb_reg;
    assign m_axil_wvalid  = l_wvalid_reg;
    assign m_axil_bready  = 1'b1;
    assign m_axil_araddr  = l_araddr_reg;
    assign m_axil_arvalid = l_arvalid_reg;
    assign m_axil_rready  = 1'b1;
    assign stat_wr_db       = n_wr_db_reg;
    assign stat_wr_csr      = n_wr_csr_reg;
    assign stat_rd_csr      = n_rd_csr_reg;
    assign stat_rd_db       = n_rd_db_reg;
    assign stat_ur          = n_ur_reg;
    assign stat_drop_posted = n_drop_reg;
    assign stat_discont     = n_disc_reg;
    assign stat_axi_slverr  = n_err_reg;
endmodule
`resetall
