// barrier_fanout: switch-side multicast fan-out of barrier notifications.
//
// Seed 001 ¶30 / ¶42 / ¶73-¶74 (the switch maps one notification to every device of the barrier
// group and propagates it), ¶48 (reflect to the issuer, or leave it to the issuer's internal
// path), note §4.3 (remaining-mask replication gives exactly-once delivery). Contract:
// docs/barrier.md section 7.
//
// Parameters: NUM_PORTS (NP, 2..16), NUM_GROUPS (NG, power of two, 2..64), DATA_WIDTH (power of two,
// 32..512), FIFO_DEPTH (beats, power of two, >= 2 * ceil(34 / (DATA_WIDTH/8)) + 2), DEC_DEPTH
// (decisions queued, power of two, 2..16).
// s_axis_in: packets with tuser[3:0] = ingress port; tkeep contiguous from lane 0, only the last
// beat of a packet may be partial. m_axis_out: NP egress streams, flattened (port p = bits
// [p*DATA_WIDTH +: DATA_WIDTH] etc.), tuser = source port.
// Decision: taken on the beat that carries byte 33 (end of the IPv4 destination address), or at
// tlast for a shorter packet; it is computed by a 4-stage pipeline (one register per stage):
//   P1  header bytes 12-14 and 30-33, length, source port registered (deciding beat + 1 cycle);
//   P2  GROUP_IP/valid compare, one match bit per group (table as of P1's cycle);
//   P3  lowest matching group, one-hot;
//   P4  PORT_MASK / CTRL.reflect of that group (table as of P3's cycle), destination mask;
//   the decision is queued from P4 and moves to the egress head register cur_reg the cycle after,
//   or the cycle after the previous packet's last beat left (>= 6 cycles after the deciding beat);
//   statistics count registered pulses (P5, P6), 6-7 cycles after the deciding beat.
// Drops: drop_malformed, drop_bad_src, drop_unknown_group, drop_no_members (one statistics counter
// each). Throughput: one beat per cycle in and out when every destination port is ready; a beat
// is dequeued once every destination port has taken it. Latency: a beat is offered on the egress
// the cycle after it is accepted once its packet's decision is queued (>= 5 cycles after the
// deciding beat); packets follow each other on an egress port with no idle cycle.
// Translation (docs/barrier.md 7.2, seed 001 ¶41-¶44, claims 8/15, note block B B2): a UD
// notification (byte 14 = 0x45, IPv4 total length 64, BTH opcode 0x65; classified at ingress when
// byte 42 arrives; each beat is stored with flags x63 / xc[3:0] from its index in the packet)
// sent to port p of group g with XLT[g][p].UD_EN = 1 has ImmDt byte 63 replaced by
// XLT[g][p].BAR and its ICRC (bytes 74-77) XORed with D(old byte 63 ^ BAR), D = CRC-32 register
// effect of a byte followed by 10 bytes (a constant 8 x 32 XOR matrix, crc32_fn.vh; linear, so
// D(old) ^ D(BAR)): the ICRC stays correct (an ingress ICRC error is preserved). XLT is write-only,
// one RAM per port holding {D(BAR), BAR, UD_EN}, read when the packet's decision is prefetched
// (xn_reg) and copied to the head entry register (xe_reg) the cycle after cur_load; D(old) is
// common (dold_reg).
// FETCH_ADD translation (docs 7.2, same sources): an RC FETCH_ADD notification (byte 14 = 0x45,
// IPv4 total length 72, BTH opcode 0x14; classified like UD, beats stored with flags xv[6:0]
// (carries VA byte 54 + m) / xcf[3:0] (carries ICRC byte 82 + k)) sent to port p of group g with
// XLT[g][p].FA_EN = 1 has its AtomicETH VA (bytes 54-61, big-endian) replaced by
// DST_BASE[g][p][63:12] || VA[11:0] (bytes 54-59 and the high nibble of byte 60) and its ICRC
// (bytes 82-85) XORed with D_fa(old VA[63:12]) ^ D_fa(DST_BASE[63:12]), D_fa = CRC-32 register
// effect of the 52 bits followed by the covered bytes up to 81 (a 52 x 32 XOR matrix, linear):
// D_fa(DST_BASE) is computed when the base is committed (BASE_HI write, with the staged BASE_LO;
// the matrix split over two register stages) and stored in one FA RAM word per (group, port)
// with the base; D_fa(old VA) is common (o_va_reg -> dfa_reg). Write-only CSR words XLT +0 CTRL
// {BAR, FA_EN, UD_EN}, +4 BASE_LO (DST_BASE[31:12], staged: one register for the block), +8
// BASE_HI (DST_BASE[63:32], commits {BASE_HI, staged BASE_LO}); +0xC and out-of-range entries
// SLVERR. A CTRL / BASE_HI write accepted in cycle t lands in the RAM at the end of t+3.
// XLT_FA (0 or 1, default 0) builds the FETCH_ADD translation: with XLT_FA = 0 every FA piece
// (FA class flags, FA RAMs, the D_fa matrices, the BASE_LO staging register, the FA lane rewrite)
// is left out by generate / constants, XLT +4 / +8 answer SLVERR like an unmapped offset (reads
// and writes), FA_EN (CTRL bit 1) is ignored and FETCH_ADD notifications pass unchanged (UD
// translation as above). It is off by default for timing: with it on, 114.1 MHz / 6,400 LUT4
// at e0779d4 on ECP5-85 speed 6, below the 125 MHz gate (docs/barrier.md 7.2, docs/synth.md).
// Timing at the defaults: see docs/barrier.md 7.2 and docs/synth.md (ECP5-85 speed 6).
`resetall
`default_nettype none
module barrier_fanout #(
    parameter NUM_PORTS  = 8,
    parameter NUM_GROUPS = 16,
    parameter DATA_WIDTH = 64,
    parameter FIFO_DEPTH = 32,
    parameter DEC_DEPTH  = 8,
    parameter XLT_FA     = 0              // 1: FETCH_ADD translation built (docs 7.2)
) (
    input  wire                              clk,
    input  wire                              rst,
    input  wire [15:0]                       s_axil_awaddr,
    input  wire                              s_axil_awvalid,
    output wire                              s_axil_awready,
    input  wire [31:0]                       s_axil_wdata,
    input  wire [3:0]                        s_axil_wstrb,
    input  wire                              s_axil_wvalid,
    output wire                              s_axil_wready,
    output wire [1:0]                        s_axil_bresp,
    output wire                              s_axil_bvalid,
    input  wire                              s_axil_bready,
    input  wire [15:0]                       s_axil_araddr,
    input  wire                              s_axil_arvalid,
    output wire                              s_axil_arready,
    output wire [31:0]                       s_axil_rdata,
    output wire [1:0]                        s_axil_rresp,
    output wire                              s_axil_rvalid,
    input  wire                              s_axil_rready,
    input  wire [DATA_WIDTH-1:0]             s_axis_in_tdata,
    input  wire [DATA_WIDTH/8-1:0]           s_axis_in_tkeep,
    input  wire                              s_axis_in_tvalid,
    output wire                              s_axis_in_tready,
    input  wire                              s_axis_in_tlast,
    input  wire [3:0]                        s_axis_in_tuser,
    output wire [NUM_PORTS*DATA_WIDTH-1:0]   m_axis_out_tdata,
    output wire [NUM_PORTS*DATA_WIDTH/8-1:0] m_axis_out_tkeep,
    output wire [NUM_PORTS-1:0]              m_axis_out_tvalid,
    input  wire [NUM_PORTS-1:0]              m_axis_out_tready,
    output wire [NUM_PORTS-1:0]              m_axis_out_tlast,
    output wire [NUM_PORTS*4-1:0]            m_axis_out_tuser
);
    localparam NP    = NUM_PORTS;
    localparam NG    = NUM_GROUPS;
    localparam KW    = DATA_WIDTH / 8;
    localparam FW    = $clog2(FIFO_DEPTH);
    localparam DQ    = DEC_DEPTH;
    localparam QW    = $clog2(DEC_DEPTH);
    localparam NSTAT = 8;
    localparam GW    = $clog2(NUM_GROUPS);
    localparam BB    = 33 / KW;                 // beat that carries byte 33
    localparam LB    = 33 % KW;                 // its lane
    localparam integer NP_I = NP;
    localparam integer NG_I = NG;
    localparam [31:0] PARAMS = {16'd0, NG_I[7:0], NP_I[7:0]};
    localparam [6:0] NG7 = NG_I[6:0];
    localparam [4:0] NP5 = NP_I[4:0];
    // translation: byte positions (beat, lane)
    localparam B42 = 42 / KW, L42 = 42 % KW;
    localparam B63 = 63 / KW, L63 = 63 % KW;
    // XLT CTRL entry {D(BAR)[31:0], BAR[7:0], FA_EN, UD_EN} (XLT_FA), {D(BAR)[31:0], BAR[7:0], UD_EN}
    localparam XW  = (XLT_FA != 0) ? 42 : 41;
    localparam B54 = 54 / KW;                   // first VA byte of a FETCH_ADD (5.2)
    localparam B60 = 60 / KW;                   // last rewritten VA byte (high nibble)
    localparam B82 = 82 / KW;                   // first ICRC byte of a FETCH_ADD
    localparam FA  = (XLT_FA != 0);             // FETCH_ADD translation built

    // CSR addresses and field positions: generated from rdl/barrier_fanout.rdl (BF_*)
`include "barrier_fanout_regs.vh"
`include "crc32_fn.vh"

    initial begin
        if (NP < 2 || NP > 16) begin
            $error("%m: NUM_PORTS must be 2..16");
            $finish;
        end
        if (NG < 2 || NG > 64 || (NG & (NG - 1)) != 0) begin
            $error("%m: NUM_GROUPS must be a power of two, 2..64");
            $finish;
        end
        if (DATA_WIDTH < 32 || DATA_WIDTH > 512 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0) begin
            $error("%m: DATA_WIDTH must be a power of two, 32..512");
            $finish;
        end
        if ((FIFO_DEPTH & (FIFO_DEPTH - 1)) != 0 || FIFO_DEPTH < 2 * ((34 + KW - 1) / KW) + 2) begin
            $error("%m: FIFO_DEPTH must be a power of two >= 2 * ceil(34 / (DATA_WIDTH/8)) + 2");
            $finish;
        end
        if (DQ < 2 || DQ > 16 || (DQ & (DQ - 1)) != 0) begin
            $error("%m: DEC_DEPTH must be a power of two, 2..16");
            $finish;
        end
        if (XLT_FA != 0 && XLT_FA != 1) begin
            $error("%m: XLT_FA must be 0 or 1");
            $finish;
        end
    end

    // ------------------------------------------------------------ CSRs
    wire        reg_wr_en;
    wire [15:0] reg_wr_addr;
    wire [31:0] reg_wr_data;
    wire [3:0]  reg_wr_strb;
    reg         reg_wr_err;
    wire [15:0] reg_rd_addr;
    reg  [31:0] reg_rd_data;
    reg         reg_rd_err;

    axil_reg_if #(.ADDR_WIDTH(16)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid),
        .s_axil_awready(s_axil_awready), .s_axil_wdata(s_axil_wdata),
        .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp),
        .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
        .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata),
        .s_axil_rresp(s_axil_rresp), .s_axil_rvalid(s_axil_rvalid),
        .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err),
        .reg_rd_addr(reg_rd_addr), .reg_rd_data(reg_rd_data), .reg_rd_err(reg_rd_err)
    );

    // group table: GROUP_IP/valid are compared in parallel (a CAM: flip-flops); PORT_MASK and
    // CTRL.reflect are selected by a one-hot match (flip-flops, NG * (NP + 1) bits)
    reg          g_valid_reg   [0:NG-1];
    reg          g_reflect_reg [0:NG-1];
    reg [31:0]   g_ip_reg      [0:NG-1];
    reg [NP-1:0] g_mask_reg    [0:NG-1];
    reg [31:0]   stat_reg      [0:NSTAT-1];

    // group table window: BF_GRP_ADDR + BF_GRP_STRIDE * g, g < NG (the .rdl sizes it at 64)
    localparam GSH = BF_GRP_STRIDE_LOG2;
    localparam [15:0] GRP_END = BF_GRP_ADDR + BF_GRP_STRIDE * BF_GRP_COUNT;
    localparam [15:0] STAT_END = BF_STAT_ADDR + BF_STAT_STRIDE * BF_STAT_COUNT;
    // offsets inside the windows (a window is 1 KiB / 32 B: the low address bits suffice)
    wire [9:0]  w_goff  = reg_wr_addr[9:0] - BF_GRP_ADDR[9:0];
    wire [9:0]  r_goff  = reg_rd_addr[9:0] - BF_GRP_ADDR[9:0];
    wire [4:0]  r_soff  = reg_rd_addr[4:0] - BF_STAT_ADDR[4:0];
    wire       w_grp    = (reg_wr_addr >= BF_GRP_ADDR) && (reg_wr_addr < GRP_END) &&
                          ({1'b0, w_goff[GSH +: 6]} < NG7);
    wire [GW-1:0] w_g   = w_goff[GSH +: GW];
    wire [3:0] w_reg    = w_goff[3:0];
    wire       r_grp    = (reg_rd_addr >= BF_GRP_ADDR) && (reg_rd_addr < GRP_END) &&
                          ({1'b0, r_goff[GSH +: 6]} < NG7);
    wire [GW-1:0] r_g   = r_goff[GSH +: GW];
    wire [3:0] r_reg    = r_goff[3:0];
    wire       r_stat   = (reg_rd_addr >= BF_STAT_ADDR) && (reg_rd_addr < STAT_END) &&
                          (r_soff[1:0] == 2'b00);
    wire [2:0] r_si     = r_soff[BF_STAT_STRIDE_LOG2 +: 3];
    // translation window: BF_XLT_ADDR + BF_XLT_STRIDE * (16 * g + p), g < NG, p < NP
    localparam [15:0] XLT_END = BF_XLT_ADDR + BF_XLT_STRIDE * BF_XLT_COUNT;
    localparam XSH = BF_XLT_STRIDE_LOG2;
    wire [13:0] w_xoff  = reg_wr_addr[13:0] - BF_XLT_ADDR[13:0];
    wire [13:0] r_xoff  = reg_rd_addr[13:0] - BF_XLT_ADDR[13:0];
    // XLT words: +0 CTRL, +4 BASE_LO, +8 BASE_HI (w_xk: one-hot word of the write); BASE_LO /
    // BASE_HI only with XLT_FA (otherwise unmapped: SLVERR)
    wire [2:0] w_xk     = {FA && w_xoff[XSH-1:0] == BF_XLT_BASE_HI_OFFS, FA && w_xoff[XSH-1:0] == BF_XLT_BASE_LO_OFFS,
                           w_xoff[XSH-1:0] == BF_XLT_CTRL_OFFS};
    wire       w_xlt    = (reg_wr_addr >= BF_XLT_ADDR) && (reg_wr_addr < XLT_END) &&
                          ({1'b0, w_xoff[XSH + 4 +: 6]} < NG7) && ({1'b0, w_xoff[XSH +: 4]} < NP5) &&
                          (w_xk != 3'b000);
    wire       r_xlt    = (reg_rd_addr >= BF_XLT_ADDR) && (reg_rd_addr < XLT_END) &&
                          ({1'b0, r_xoff[XSH + 4 +: 6]} < NG7) && ({1'b0, r_xoff[XSH +: 4]} < NP5) &&
                          (r_xoff[XSH-1:0] == BF_XLT_CTRL_OFFS || (FA && r_xoff[XSH-1:0] == BF_XLT_BASE_LO_OFFS) ||
                           (FA && r_xoff[XSH-1:0] == BF_XLT_BASE_HI_OFFS));
    // XLT is write-only (reads answer 0): a readback copy would be an NG * 16-entry RAM whose
    // write address fans out across the device

    // an accepted write is registered (wq_*) and applied to the table one cycle later: the table
    // flip-flops' enables come from a register, not from the AXI4-Lite handshake
    // the write enables are registered one-hot per (register, group): wq_en_reg[s * NG + g], s =
    // 0 CTRL, 1 GROUP_IP, 2 PORT_MASK, so that a table flip-flop's enable is a register output
    reg [3*NG-1:0] wq_en_reg;
    reg [31:0]   wq_data_reg;
    always @* begin
        reg_wr_err = 1'b0;
        if (reg_wr_strb != 4'b1111)
            reg_wr_err = 1'b1;
        else if (w_grp)
            reg_wr_err = !(w_reg == BF_GRP_CTRL_OFFS || w_reg == BF_GRP_GROUP_IP_OFFS ||
                           w_reg == BF_GRP_PORT_MASK_OFFS);
        else if (w_xlt)
            reg_wr_err = 1'b0;
        else
            reg_wr_err = 1'b1;
    end
    always @* begin
        reg_rd_data = 32'd0;
        reg_rd_err  = 1'b0;
        if (r_grp) begin
            case (r_reg)
                BF_GRP_CTRL_OFFS: begin
                    reg_rd_data[BF_GRP_CTRL_VALID_LSB]   = g_valid_reg[r_g];
                    reg_rd_data[BF_GRP_CTRL_REFLECT_LSB] = g_reflect_reg[r_g];
                end
                BF_GRP_GROUP_IP_OFFS: reg_rd_data = g_ip_reg[r_g];
                BF_GRP_PORT_MASK_OFFS: reg_rd_data[BF_GRP_PORT_MASK_MASK_LSB +: NP] = g_mask_reg[r_g];
                default: reg_rd_err = 1'b1;
            endcase
        end else if (r_stat) begin
            reg_rd_data = stat_reg[r_si];
        end else if (r_xlt) begin
            reg_rd_data = 32'd0;                 // write-only
        end else if (reg_rd_addr == BF_ID_ADDR) begin
            reg_rd_data = BF_ID_ID_RESET;
        end else if (reg_rd_addr == BF_PARAMS_ADDR) begin
            reg_rd_data = PARAMS;
        end else begin
            reg_rd_err = 1'b1;
        end
    end

    // ------------------------------------------------------------ data FIFO (beats)
    // {xv[6:0], xcf[3:0], x63, xc[3:0], data, keep, last, user}: translation flags of the beat
    // (7.2; UD: x63, xc; FETCH_ADD: xv[m] carries VA byte 54 + m, xcf[k] ICRC byte 82 + k; xv /
    // xcf only with XLT_FA)
    localparam FXW = FA ? 11 : 0;
    localparam EW = FXW + 5 + DATA_WIDTH + KW + 1 + 4;
    reg [EW-1:0] fifo_mem [0:FIFO_DEPTH-1];
    reg [FW-1:0] f_wp_reg, f_rp_reg;
    reg [FW:0]   f_cnt_reg;

    // decision queue (destination mask, 0 for a dropped packet) and the head decision register cur_reg (valid cur_v_reg):
    // dq_res_reg counts packets whose decision is taken (reserved at the deciding beat) and not
    // yet sent, dq_cnt_reg the decisions written (from P4) and not yet moved to nxt_reg
    reg [GW+NP-1:0] dq_mem [0:DQ-1];  // {group index, destination mask}
    reg [QW-1:0] dq_wp_reg, dq_rp_reg;
    reg [QW:0]   dq_cnt_reg;
    reg [QW:0]   dq_res_reg;
    reg [NP-1:0] cur_reg;
    reg          cur_v_reg;
    reg [NP-1:0] nxt_reg;         // mask of the decision after cur_reg, prefetched from dq_mem
                                  // (its group goes to each member port's xa_reg)
    reg          nxt_v_reg;
    reg          f_ne_reg;        // data FIFO not empty

    // ------------------------------------------------------------ ingress: beat-indexed capture
    reg          decided_reg;     // decision for the current ingress packet already taken
    reg [3:0]    bi_reg;          // beat index in the current packet (saturates at 15)
    reg [7:0]    hb_reg [0:6];    // bytes 12, 13, 14, 30, 31, 32, 33 of the current packet

    wire in_fire = s_axis_in_tvalid && s_axis_in_tready;
    // tready is registered: it is computed from this cycle's FIFO occupancy plus this cycle's
    // push, ignoring this cycle's pops, and from the decision reservations as if this cycle took
    // one (so it may stay low one cycle longer than needed when full; DEC_DEPTH - 1 packets can
    // be reserved before a new one is admitted)
    reg  tready_reg;
    assign s_axis_in_tready = tready_reg;

    function integer hpos;         // byte position of header slot x
        input integer x;
        hpos = (x < 3) ? 12 + x : 27 + x;
    endfunction
    reg [7:0] hn [0:6];            // header slots including the current beat
    integer i;
    always @* begin
        for (i = 0; i < 7; i = i + 1)
            hn[i] = ({28'd0, bi_reg} == hpos(i) / KW) ? s_axis_in_tdata[8 * (hpos(i) % KW) +: 8] : hb_reg[i];
    end
    // translation class: bytes 16, 17 (IPv4 total length) and 42 (BTH opcode), captured by beat
    // index as above; the tag stored with a beat is valid from the beat carrying byte 42 on
    reg [7:0] xb_reg [0:2];
    reg [7:0] xn [0:2];
    function integer xpos;
        input integer x;
        xpos = (x < 2) ? 16 + x : 42;
    endfunction
    always @* begin
        for (i = 0; i < 3; i = i + 1)
            xn[i] = ({28'd0, bi_reg} == xpos(i) / KW) ? s_axis_in_tdata[8 * (xpos(i) % KW) +: 8] : xb_reg[i];
    end
    wire have42  = ({28'd0, bi_reg} > B42) || (({28'd0, bi_reg} == B42) && s_axis_in_tkeep[L42]);
    wire ud_tag  = have42 && (hn[2] == 8'h45) && (xn[0] == 8'h00) && (xn[1] == 8'd64) &&
                   (xn[2] == 8'h65);
    // FETCH_ADD class (5.2): IPv4 total length 72, BTH opcode 0x14 (RC FETCH_ADD)
    wire fa_tag  = FA && have42 && (hn[2] == 8'h45) && (xn[0] == 8'h00) && (xn[1] == 8'd72) &&
                   (xn[2] == 8'h14);
    // translation flags stored with the beat, from its index in the packet (xbi_reg, saturating
    // at 31): x63 carries byte 63, xc[k] carries ICRC byte 74 + k; all
    // zero unless the packet is of UD class. The egress overlay reads them with the beat, so it
    // needs no egress beat counter (off the handshake path).
    reg  [4:0] xbi_reg;
    // the class is registered (ud_reg) at the beat carrying byte 42; for DATA_WIDTH <= 128 byte
    // 63 is in a later beat, so the stored flags come from ud_reg (off the ingress data path)
    reg        ud_reg;
    wire       ud_f  = (B63 > B42) ? ud_reg : ud_tag;
    // the same for the FETCH_ADD class (fa_reg; byte 54 is in a later beat for DATA_WIDTH <= 128)
    reg        fa_reg;
    wire       fa_f  = FA && ((B54 > B42) ? fa_reg : fa_tag);
    wire [6:0] xv_n;
    wire [3:0] xcf_n;
    wire       x63_n = ud_f && ({27'd0, xbi_reg} == B63);
    wire [3:0] xc_n;
    genvar gk;
    generate
        for (gk = 0; gk < 4; gk = gk + 1) begin : g_xc
            assign xc_n[gk] = ud_f && ({27'd0, xbi_reg} == (74 + gk) / KW);
            assign xcf_n[gk] = fa_f && ({27'd0, xbi_reg} == (82 + gk) / KW);
        end
        for (gk = 0; gk < 7; gk = gk + 1) begin : g_xv
            assign xv_n[gk] = fa_f && ({27'd0, xbi_reg} == (54 + gk) / KW);
        end
    endgenerate
    wire long_enough = (bi_reg == BB[3:0]) && s_axis_in_tkeep[LB];
    wire decide_now  = in_fire && !decided_reg && (long_enough || s_axis_in_tlast);
    wire [3:0] src   = s_axis_in_tuser;

    // P1: deciding beat registered
    reg          p1_v_reg;
    reg [31:0]   p1_dip_reg;      // compared with groups [0, NG/2)
    reg [31:0]   p1_dipb_reg;     // the same value, compared with groups [NG/2, NG) (a second
                                  // register halves the fan-out; loaded only on a decision so
                                  // that synthesis does not merge it with p1_dip_reg)
    reg          p1_malf_reg;
    reg          p1_badsrc_reg;
    reg [3:0]    p1_src_reg;
    // P2: match vector, as two halves (valid and GROUP_IP[15:0], GROUP_IP[31:16])
    reg          p2_v_reg;
    reg [NG-1:0] p2_eqlo_reg, p2_eqhi_reg;
    wire [NG-1:0] p2_match = p2_eqlo_reg & p2_eqhi_reg;
    reg          p2_malf_reg, p2_badsrc_reg;
    reg [3:0]    p2_src_reg;
    // P3: lowest matching group, one-hot
    reg          p3_v_reg;
    reg [NG-1:0] p3_first_reg;
    reg          p3_hit_reg, p3_malf_reg, p3_badsrc_reg;
    reg [3:0]    p3_src_reg;
    // P4: mask and reflect of the group, selected from groups [0, NG/2) and [NG/2, NG) apart
    reg          p4_v_reg;
    reg [NP-1:0] p4_mlo_reg, p4_mhi_reg;
    reg          p4_rlo_reg, p4_rhi_reg;
    wire [NP-1:0] p4_mask = p4_mlo_reg | p4_mhi_reg;
    wire          p4_refl = p4_rlo_reg | p4_rhi_reg;
    reg          p4_hit_reg, p4_malf_reg, p4_badsrc_reg;
    reg [3:0]    p4_src_reg;
    reg [GW-1:0] p4_gi_reg;       // index of the matching group (translation table)
    // P5/P6: statistics pulses
    reg          p5_v_reg, p5_fwd_reg, p5_malf_reg, p5_group_reg, p5_none_reg, p5_src_reg;
    reg [NP-1:0] p5_dmask_reg;
    reg          p6_v_reg, p6_fwd_reg, p6_malf_reg, p6_group_reg, p6_none_reg, p6_src_reg;
    reg [4:0]    p6_ncopies_reg;
    reg          csr_err_reg;

    reg [NG-1:0] eqlo, eqhi;
    reg [NG-1:0] first;
    reg [NP-1:0] sel_mlo, sel_mhi;
    reg [GW-1:0] sel_gi;
    reg          sel_rlo, sel_rhi;
    reg          any;
    integer g;
    always @* begin
        for (g = 0; g < NG; g = g + 1) begin
            eqlo[g] = g_valid_reg[g] &&
                      (g_ip_reg[g][15:0] == (g < NG / 2 ? p1_dip_reg[15:0] : p1_dipb_reg[15:0]));
            eqhi[g] = (g_ip_reg[g][31:16] == (g < NG / 2 ? p1_dip_reg[31:16] : p1_dipb_reg[31:16]));
        end
        any = 1'b0;
        for (g = 0; g < NG; g = g + 1) begin
            first[g] = p2_match[g] && !any;
            any      = any || p2_match[g];
        end
        sel_mlo = {NP{1'b0}};
        sel_mhi = {NP{1'b0}};
        sel_rlo = 1'b0;
        sel_rhi = 1'b0;
        for (g = 0; g < NG / 2; g = g + 1) begin
            sel_mlo = sel_mlo | (p3_first_reg[g] ? g_mask_reg[g] : {NP{1'b0}});
            sel_rlo = sel_rlo | (p3_first_reg[g] && g_reflect_reg[g]);
        end
        for (g = NG / 2; g < NG; g = g + 1) begin
            sel_mhi = sel_mhi | (p3_first_reg[g] ? g_mask_reg[g] : {NP{1'b0}});
            sel_rhi = sel_rhi | (p3_first_reg[g] && g_reflect_reg[g]);
        end
        sel_gi = {GW{1'b0}};
        for (g = 0; g < NG; g = g + 1)
            sel_gi = sel_gi | (p3_first_reg[g] ? g[GW-1:0] : {GW{1'b0}});
    end

    // decision from P4
    wire [NP-1:0] p4_srcbit = {{(NP-1){1'b0}}, 1'b1} << p4_src_reg;
    wire [NP-1:0] dmask     = p4_mask & ~(p4_refl ? {NP{1'b0}} : p4_srcbit);
    wire d_malf  = p4_malf_reg;
    wire d_src   = !d_malf && p4_badsrc_reg;
    wire d_group = !d_malf && !d_src && !p4_hit_reg;
    wire d_none  = !d_malf && !d_src && p4_hit_reg && (dmask == {NP{1'b0}});
    wire d_drop  = d_malf || d_src || d_group || d_none;

    // popcount of the destination mask (copies_out)
    reg [4:0] ncopies;
    integer c;
    always @* begin
        ncopies = 5'd0;
        for (c = 0; c < NP; c = c + 1)
            ncopies = ncopies + {4'd0, p5_dmask_reg[c]};
    end

    // ------------------------------------------------------------ egress
    wire [EW-1:0]         head      = fifo_mem[f_rp_reg];
    localparam ELW = 5 + DATA_WIDTH + KW + 1 + 4;   // the entry without the FA flags
    wire [6:0]            h_xv;
    wire [3:0]            h_xcf;
    wire                  h_x63     = head[ELW-1];
    wire [3:0]            h_xc      = head[ELW-2 -: 4];
    wire [DATA_WIDTH-1:0] h_data    = head[ELW-6 -: DATA_WIDTH];
    wire [KW-1:0]         h_keep    = head[4 + 1 +: KW];
    wire                  h_last    = head[4];
    wire [3:0]            h_user    = head[3:0];
    wire                  have_beat = f_ne_reg && cur_v_reg;
    wire [NP-1:0]         cur_mask  = cur_reg[NP-1:0];
    // the prefetched packet's entry is read the cycle after nxt_reg loads (xn_load_reg), at the
    // latest in the cycle whose end moves it to the head (cur_load needs nxt_v_reg)
    reg                   xn_load_reg;
    // ports that have not yet taken the head beat (remaining mask, note §4.3); a dropped packet
    // has an empty mask, so its beats leave one per cycle without being offered
    reg  [NP-1:0]         rem_reg;

    wire [NP-1:0] want     = have_beat ? rem_reg : {NP{1'b0}};
    wire [NP-1:0] took     = want & m_axis_out_tready;
    wire          beat_done = have_beat && ((rem_reg & ~m_axis_out_tready) == {NP{1'b0}});
    wire          pkt_done  = beat_done && h_last;
    // nxt_reg refills from dq_mem only while it is empty (registered condition, off the
    // egress handshake path); cur_reg takes nxt_reg when it is empty or its packet's last beat
    // leaves, so packets of >= 2 beats follow each other with no idle cycle
    wire          nxt_load  = !nxt_v_reg && (dq_cnt_reg != 0);
    wire          cur_load  = nxt_v_reg && (!cur_v_reg || pkt_done);

    // the head beat is common to all ports (it is dequeued once every destination took it); its
    // translation flags come from the FIFO with it
    reg  [7:0] o63_reg;            // byte 63 of the head packet (XD2 only)
    reg  [31:0] dold_reg;          // D(byte 63 of the head packet)
    // XD2: the ICRC starts >= 2 beats after byte 63's beat (DATA_WIDTH <= 64): byte 63 is
    // registered (o63_reg) while its beat is the head, and the correction one beat later from
    // registers only; otherwise (DATA_WIDTH >= 128) the correction is registered from the head
    // beat itself while it carries byte 63 (FIFO read + XOR matrix in one cycle)
    localparam XD2 = ((74 / KW) - B63) >= 2;
    // D(x) = CRC-32 register effect of byte x at position 63 followed by bytes 64..73 (10 bytes);
    // linear in x: the XOR of the constants of its set bits
    function [255:0] xdc_all(input integer n);     // n: bytes after byte 63 (10)
        integer xc_i;
        begin
            for (xc_i = 0; xc_i < 8; xc_i = xc_i + 1)
                xdc_all[32 * xc_i +: 32] = crc32_zeros(crc32_byte(32'd0, 8'd1 << xc_i), n);
        end
    endfunction
    localparam [255:0] XDC = xdc_all(10);
    function [31:0] xdelta(input [7:0] x);
        integer xd_i;
        begin
            xdelta = 32'd0;
            for (xd_i = 0; xd_i < 8; xd_i = xd_i + 1)
                if (x[xd_i]) xdelta = xdelta ^ XDC[32 * xd_i +: 32];
        end
    endfunction
    wire [7:0] h_b63 = h_data[8 * L63 +: 8];

    // FETCH_ADD: D_fa(x) = CRC-32 register effect of x = VA[63:12] at bytes 54-60 (byte 54 + m
    // carries VA[63-8m -: 8]; VA bit v enters as bit v % 8 of byte 54 + (63 - v) / 8) followed by
    // the covered bytes up to 81; linear: the XOR of the constants of its set bits (52 x 32)
    function [52*32-1:0] fac_all(input integer last);   // last: last covered byte (81)
        integer fc_v, fc_j;
        begin
            fac_all = {(52*32){1'b0}};
            for (fc_v = 12; fc_v < 64; fc_v = fc_v + 1) begin
                fc_j = 54 + (63 - fc_v) / 8;
                fac_all[32 * (fc_v - 12) +: 32] = crc32_zeros(crc32_byte(32'd0, 8'd1 << (fc_v % 8)), last - fc_j);
            end
        end
    endfunction
    localparam [52*32-1:0] FAC = fac_all(81);
    // the CSR write's matrix (xq_* / xr_* / xw_*): input y = {BASE_HI, BASE_LO[31:12], BAR} (60
    // bits, at most one part non-zero); column i: D(BAR bit i), D_fa(VA bit 12 + i - 8); partial
    // product j over columns [15j, 15j + 15)
    function [31:0] xwpart(input [59:0] y, input integer j);
        integer xp_i;
        begin
            xwpart = 32'd0;
            for (xp_i = 15 * j; xp_i < 15 * j + 15; xp_i = xp_i + 1)
                if (y[xp_i])
                    xwpart = xwpart ^ (xp_i < 8 ? XDC[32 * xp_i +: 32] : FAC[32 * (xp_i - 8) +: 32]);
        end
    endfunction
    function [31:0] fadelta(input [51:0] x);
        integer fd_i;
        begin
            fadelta = 32'd0;
            for (fd_i = 0; fd_i < 52; fd_i = fd_i + 1)
                if (x[fd_i]) fadelta = fadelta ^ FAC[32 * fd_i +: 32];
        end
    endfunction
    // old VA[63:12] of the head packet: XF2 (the ICRC starts >= 2 beats after the last VA beat,
    // DATA_WIDTH <= 128): the VA bytes are registered (o_va_reg) while their beats are the head and
    // dfa_reg = D_fa(o_va_reg) one cycle later from registers only; otherwise (DATA_WIDTH >= 256,
    // every VA byte and the ICRC one beat apart) dfa_reg is registered from the head beat itself
    // while it carries the VA (not timing-closed, like the UD path at >= 128)
    localparam XF2 = (B82 - B60) >= 2;
    reg  [51:0] o_va_reg;
    reg  [31:0] dfa_reg;
    reg  [51:0] h_va;               // VA[63:12] as carried by the head beat (its VA lanes)
    integer vm;
    always @* begin
        h_va = o_va_reg;
        for (vm = 0; vm < 6; vm = vm + 1)
            if (h_xv[vm]) h_va[51 - 8 * vm -: 8] = h_data[8 * ((54 + vm) % KW) +: 8];
        if (h_xv[6]) h_va[3:0] = h_data[8 * (60 % KW) + 4 +: 4];
    end

    // the FIFO entry written, and the FA flags read back (XLT_FA only; constant 0 otherwise)
    wire [ELW-1:0] fifo_wd = {x63_n, xc_n, s_axis_in_tdata, s_axis_in_tkeep, s_axis_in_tlast,
                              s_axis_in_tuser};
    wire [EW-1:0]  fifo_we;
    generate
        if (FA) begin : g_fifo_fa
            assign fifo_we = {xv_n, xcf_n, fifo_wd};
            assign h_xv    = head[EW-1 -: 7];
            assign h_xcf   = head[EW-8 -: 4];
        end else begin : g_fifo_nofa
            assign fifo_we = fifo_wd;
            assign h_xv    = 7'd0;
            assign h_xcf   = 4'd0;
        end
    endgenerate

    // ------------------------------------------------------------ XLT write pipeline
    // an accepted XLT write is registered and written to each port's RAM(s) (g_out below)
    generate
        if (FA) begin : g_xw_fa
            // XLT BASE_LO (+4) is held in a staging register (lo_stage_reg, one for the block); a
            // BASE_HI (+8) write commits DST_BASE = {BASE_HI, staged BASE_LO} to the entry it addresses
            // (one FA word per entry: the 64-bit base changes atomically). An accepted CTRL or BASE_HI
            // write (cycle t) goes through three registers before the RAM write (end of t+3), so that
            // its XOR matrix is split over two register stages:
            //   xq_* (end of t): one-hot (word, port) write enable, row, and xg_reg = the matrix inputs
            //        {BASE_HI, staged BASE_LO[31:12], BAR}, zero outside the written word;
            //   xr_* (end of t+1): xp_reg = four partial products of xg_reg (<= 15 inputs per bit each),
            //        the data;
            //   xw_* (end of t+2): D = the XOR of the four: D(BAR) or D_fa(DST_BASE[63:12]) (docs 7.2),
            //        and the fields; each port's RAMs take their fields from it
            reg [19:0]    lo_stage_reg;   // staged DST_BASE[31:12]
            reg [2*NP-1:0] xq_we_reg;     // [k * NP + p], k = 0 CTRL, 1 FA (BASE_HI commit)
            reg [GW-1:0]  xq_g_reg;
            reg [59:0]    xg_reg;
            reg [2*NP-1:0] xr_we_reg;
            reg [GW-1:0]  xr_g_reg;
            reg [31:0]    xr_data_reg;
            reg [51:0]    xr_base_reg;
            reg [127:0]   xp_reg;
            // {D, DST_BASE[63:12], BAR, FA_EN, UD_EN}: two copies, for ports [0, NP/2) and [NP/2, NP),
            // each loaded only when a port of its half is written (kept apart: half the fan-out each)
            reg [93:0]    xw_d_reg [0:1];
            reg [2*NP-1:0] xw_we_reg;
            reg  [1:0]    xr_we_half;     // registered: a port of [0, NP/2) / [NP/2, NP) is written by the xr_* write
            reg  [1:0]    xq_half;
            integer xh;
            always @* begin
                xq_half = 2'b00;
                for (xh = 0; xh < 2 * NP; xh = xh + 1)
                    if (xq_we_reg[xh]) xq_half[(xh % NP) >= NP / 2] = 1'b1;
            end
            integer xq;
            always @(posedge clk) begin
                xq_g_reg      <= w_xoff[XSH + 4 +: GW];
                xg_reg        <= {w_xk[2] ? reg_wr_data : 32'd0, w_xk[2] ? lo_stage_reg : 20'd0,
                                  w_xk[0] ? reg_wr_data[BF_XLT_CTRL_BAR_LSB +: 8] : 8'd0};
                xr_g_reg      <= xq_g_reg;
                xr_data_reg   <= wq_data_reg;
                xr_base_reg   <= xg_reg[59:8];
                for (xq = 0; xq < 4; xq = xq + 1)
                    xp_reg[32 * xq +: 32] <= xwpart(xg_reg, xq);
                for (xq = 0; xq < 2; xq = xq + 1)
                    if (xr_we_half[xq])
                        xw_d_reg[xq] <= {xp_reg[31:0] ^ xp_reg[63:32] ^ xp_reg[95:64] ^ xp_reg[127:96], xr_base_reg,
                                        xr_data_reg[BF_XLT_CTRL_BAR_LSB +: 8], xr_data_reg[BF_XLT_CTRL_FA_EN_LSB],
                                        xr_data_reg[BF_XLT_CTRL_UD_EN_LSB]};

            end
            always @(posedge clk) begin
                if (rst) begin
                    xq_we_reg    <= {(2*NP){1'b0}};
                    xr_we_reg    <= {(2*NP){1'b0}};
                    xr_we_half   <= 2'b00;
                    lo_stage_reg <= 20'd0;
                    xw_we_reg    <= {(2*NP){1'b0}};
                end else begin
                    for (xq = 0; xq < 2 * NP; xq = xq + 1)
                        xq_we_reg[xq] <= reg_wr_en && !reg_wr_err && w_xlt && w_xk[2 * (xq / NP)] &&
                                         ({28'd0, w_xoff[XSH +: 4]} == xq % NP);
                    if (reg_wr_en && !reg_wr_err && w_xlt && w_xk[1])
                        lo_stage_reg <= reg_wr_data[31:12];
                    xr_we_reg <= xq_we_reg;
                    xr_we_half <= xq_half;
                    xw_we_reg <= xr_we_reg;
                end
            end
        end else begin : g_xw_nofa
            // XLT_FA = 0: the CTRL word only, one register stage (xw_*: one write enable per
            // port's RAM, one-hot, the row and the entry {D(BAR), BAR, UD_EN}); written to the
            // RAM at the end of t+1 for a write accepted in cycle t. cur_load_d_reg: cur_load one
            // cycle later (read side)
            reg [NP-1:0]  xw_we_reg;
            reg [GW-1:0]  xw_g_reg;
            reg [XW-1:0]  xw_d_reg;
            reg           cur_load_d_reg;
            integer xq;
            always @(posedge clk) begin
                xw_g_reg <= w_xoff[XSH + 4 +: GW];
                xw_d_reg <= {xdelta(reg_wr_data[BF_XLT_CTRL_BAR_LSB +: 8]),
                             reg_wr_data[BF_XLT_CTRL_BAR_LSB +: 8], reg_wr_data[BF_XLT_CTRL_UD_EN_LSB]};
            end
            always @(posedge clk) begin
                if (rst) begin
                    xw_we_reg      <= {NP{1'b0}};
                    cur_load_d_reg <= 1'b0;
                end else begin
                    for (xq = 0; xq < NP; xq = xq + 1)
                        xw_we_reg[xq] <= reg_wr_en && !reg_wr_err && w_xlt && ({28'd0, w_xoff[XSH +: 4]} == xq);
                    cur_load_d_reg <= cur_load;
                end
            end
        end
    endgenerate

    genvar gp, gl;
    generate
        for (gp = 0; gp < NP; gp = gp + 1) begin : g_out
            if (FA) begin : g_fa
                // translation table of port p: one RAM per port, NG entries {BAR, UD_EN}, written by
                // the CSR write register, read when the packet becomes the egress head (not reset)
                // the prefetched packet's entry (xn_reg, read the cycle after nxt_reg loads) and the
                // head packet's (xe_reg, copied one cycle after cur_load when byte 63 is not in the
                // first beat: its enable is a register, off the egress handshake path)
                // FETCH_ADD fields (XLT_FA only) in one more RAM per port (g_fa below)
                reg  [XW-1:0] xt_mem [0:NG-1];
                reg  [XW-1:0] xn_reg, xe_reg;
                // write side (last stage of the XLT write pipeline): row per word, {D, data} per port
                reg  [GW-1:0] xwt_g_reg;
                // read side: this port's copy of the prefetched packet's group, loaded only when the
                // port is in its mask (a port outside the mask is never offered the packet, so its
                // entry registers do not matter); the CTRL RAM is read from it at the prefetch, the FA
                // RAMs the cycle after the packet becomes the head (at 512 bits at cur_load)
                reg  [GW-1:0] xa_reg;
                // cur_load one cycle later, for a packet that has this port in its mask (one register
                // per port): the enable of its head entry registers, so that no single
                // register drives the enables of every port's entry registers
                reg           xld_reg;
                wire          xen = xe_reg[0];
                wire          fen = xe_reg[1];
                wire [7:0]    xbar = xe_reg[9:2];
                // ICRC correction of this port's copy: D(old ^ BAR) = D(old) ^ D(BAR) (linear), D(BAR)
                // computed once when the entry is written, D(old) common to all ports
                wire [31:0]   xd = dold_reg ^ xe_reg[41:10];
                // FETCH_ADD (XLT_FA only, else 0): DST_BASE[63:12] of the head packet (xeb) and
                // D_fa(old VA ^ new VA) = D_fa(old) ^ D_fa(base) (xdf), zero when FA_EN = 0
                wire [51:0]   xeb;
                wire [31:0]   xdf;
                always @(posedge clk) begin
                    if (nxt_load && dq_mem[dq_rp_reg][gp])
                        xa_reg <= dq_mem[dq_rp_reg][NP +: GW];
                    xld_reg <= cur_load && nxt_reg[gp];
                    if (g_xw_fa.xr_we_reg[0 * NP + gp])
                        xwt_g_reg <= g_xw_fa.xr_g_reg;
                    if (g_xw_fa.xw_we_reg[0 * NP + gp])
                        xt_mem[xwt_g_reg] <= {g_xw_fa.xw_d_reg[gp >= NP / 2][93:62], g_xw_fa.xw_d_reg[gp >= NP / 2][9:0]};
                    if (xn_load_reg)
                        xn_reg  <= xt_mem[xa_reg];
                    if (B63 == 0 ? cur_load : xld_reg)
                        xe_reg <= xn_reg;
                end
                begin : g_far
                    // FA word in one more RAM: {D_fa(DST_BASE[63:12]), DST_BASE[63:12]}
                    reg  [83:0]   xf_mem [0:NG-1];
                    reg  [GW-1:0] xwf_g_reg;
                    // the FA RAM's own copy of the group, loaded with xn_reg (its own enable, so the
                    // copy stays next to that RAM; registered enables, off the egress handshake path);
                    // it still holds the head packet's group the cycle after cur_load, when the FA RAM
                    // is read (the next prefetch loads it two cycles after cur_load at the earliest);
                    // at 512 bits the FA RAM is read from xa_reg at cur_load
                    reg  [GW-1:0] xaf_reg;
                    wire [GW-1:0] xfa = (B54 == 0) ? xa_reg : xaf_reg;
                    // XS (byte 54 in beat >= 2: DATA_WIDTH <= 128): the FA RAM read is registered next
                    // to the RAM (xfr_reg) and copied to xeb_reg / xed_reg one cycle later (xld2_reg)
                    localparam    XS = B54 >= 2;
                    reg  [83:0]   xfr_reg;
                    reg           xld2_reg;
                    reg  [51:0]   xeb_reg;                // DST_BASE[63:12] of the head packet
                    reg  [31:0]   xed_reg;                // D_fa(DST_BASE[63:12]) of the head packet
                    assign xeb = xeb_reg;
                    assign xdf = fen ? dfa_reg ^ xed_reg : 32'd0;
                    always @(posedge clk) begin
                        if (xn_load_reg && nxt_reg[gp])
                            xaf_reg <= xa_reg;
                        if (g_xw_fa.xr_we_reg[1 * NP + gp])
                            xwf_g_reg <= g_xw_fa.xr_g_reg;
                        if (g_xw_fa.xw_we_reg[1 * NP + gp])
                            xf_mem[xwf_g_reg] <= g_xw_fa.xw_d_reg[gp >= NP / 2][93:10];
                        // the FA words are read the cycle after the packet becomes the head (byte 54
                        // is never in the first beat for DATA_WIDTH <= 256); at 512 from the prefetch
                        // group at cur_load
                        xld2_reg <= xld_reg;
                        if (xld_reg)
                            xfr_reg <= xf_mem[xfa];
                        if (XS ? xld2_reg : (B54 == 0 ? cur_load : xld_reg)) begin
                            xeb_reg <= XS ? xfr_reg[51:0] : xf_mem[xfa][51:0];
                            xed_reg <= XS ? xfr_reg[83:52] : xf_mem[xfa][83:52];
                        end
                    end
                end
                // egress beat of this port: ICRC corrections (UD 74-77, FA 82-85), then the FA VA
                // bytes 54-59 and the high nibble of 60, then the UD byte 63; at most one class applies
                reg [DATA_WIDTH-1:0] od;
                integer ok, om;
                always @* begin
                    od = h_data;
                    for (ok = 0; ok < 4; ok = ok + 1) begin
                        if (xen && h_xc[ok])
                            od[8 * ((74 + ok) % KW) +: 8] = od[8 * ((74 + ok) % KW) +: 8] ^ xd[8 * ok +: 8];
                        if (h_xcf[ok])
                            od[8 * ((82 + ok) % KW) +: 8] = od[8 * ((82 + ok) % KW) +: 8] ^ xdf[8 * ok +: 8];
                    end
                    for (om = 0; om < 6; om = om + 1)
                        if (fen && h_xv[om])
                            od[8 * ((54 + om) % KW) +: 8] = xeb[51 - 8 * om -: 8];
                    if (fen && h_xv[6])
                        od[8 * (60 % KW) + 4 +: 4] = xeb[3:0];
                    if (xen && h_x63)
                        od[8 * L63 +: 8] = xbar;
                end
                assign m_axis_out_tdata[gp*DATA_WIDTH +: DATA_WIDTH] = od;
            end else begin : g_nofa
                // translation table of port p: one RAM per port, NG entries {D(BAR), BAR, UD_EN},
                // written by the CSR write register, read when the packet becomes the egress head
                // (not reset): the prefetched packet's entry (xn_reg, read the cycle after nxt_reg
                // loads) and the head packet's (xe_reg, copied one cycle after cur_load when byte
                // 63 is not in the first beat: its enable is a register, off the egress handshake
                // path)
                reg  [XW-1:0] xt_mem [0:NG-1];
                reg  [XW-1:0] xn_reg, xe_reg;
                // this port's copy of the prefetched packet's group (loaded only when the port is
                // in its mask: no single register drives the read address of every port's RAM)
                reg  [GW-1:0] xa_reg;
                wire          xen = xe_reg[0];
                wire [7:0]    xbar = xe_reg[8:1];
                // ICRC correction of this port's copy: D(old ^ BAR) = D(old) ^ D(BAR) (linear),
                // D(BAR) computed once when the entry is written, D(old) common to all ports
                wire [31:0]   xd = dold_reg ^ xe_reg[40:9];
                always @(posedge clk) begin
                    if (nxt_load && dq_mem[dq_rp_reg][gp])
                        xa_reg <= dq_mem[dq_rp_reg][NP +: GW];
                    if (g_xw_nofa.xw_we_reg[gp])
                        xt_mem[g_xw_nofa.xw_g_reg] <= g_xw_nofa.xw_d_reg;
                    if (xn_load_reg)
                        xn_reg <= xt_mem[xa_reg];
                    if (B63 == 0 ? cur_load : g_xw_nofa.cur_load_d_reg)
                        xe_reg <= xn_reg;
                end
                for (gl = 0; gl < KW; gl = gl + 1) begin : g_lane
                    // lane gl carries ICRC byte 74 + XK in its beat when XK < 4
                    localparam integer XK = (gl - (74 % KW) + KW) % KW;
                    wire [7:0] hb = h_data[8 * gl +: 8];
                    wire [7:0] hx;
                    if (XK < 4) begin : g_crc
                        assign hx = (xen && h_xc[XK]) ? hb ^ xd[8 * XK +: 8] : hb;
                    end else begin : g_pass
                        assign hx = hb;
                    end
                    if (gl == L63) begin : g_bar
                        assign m_axis_out_tdata[gp*DATA_WIDTH + 8*gl +: 8] = (xen && h_x63) ? xbar : hx;
                    end else begin : g_nobar
                        assign m_axis_out_tdata[gp*DATA_WIDTH + 8*gl +: 8] = hx;
                    end
                end
            end
            assign m_axis_out_tkeep[gp*KW +: KW]                 = h_keep;
            assign m_axis_out_tlast[gp]                          = h_last;
            assign m_axis_out_tuser[gp*4 +: 4]                   = h_user;
        end
    endgenerate
    assign m_axis_out_tvalid = want;

    // ------------------------------------------------------------ sequential: data path (no reset)
    integer q;
    always @(posedge clk) begin
        if (in_fire) begin
            fifo_mem[f_wp_reg] <= fifo_we;
            for (q = 0; q < 7; q = q + 1) hb_reg[q] <= hn[q];
            for (q = 0; q < 3; q = q + 1) xb_reg[q] <= xn[q];
        end
        if (p4_v_reg)
            dq_mem[dq_wp_reg] <= {p4_gi_reg, d_drop ? {NP{1'b0}} : dmask};
        if (nxt_load)
            nxt_reg <= dq_mem[dq_rp_reg][NP-1:0];
        if (cur_load)
            cur_reg <= nxt_reg;
        wq_data_reg   <= reg_wr_data;
        p1_dip_reg    <= {hn[3], hn[4], hn[5], hn[6]};
        if (decide_now)
            p1_dipb_reg <= {hn[3], hn[4], hn[5], hn[6]};
        p1_malf_reg   <= !long_enough || ({hn[0], hn[1]} != 16'h0800) || (hn[2][7:4] != 4'd4);
        p1_badsrc_reg <= !({1'b0, src} < NP5);
        p1_src_reg    <= src;
        p2_eqlo_reg   <= eqlo;
        p2_eqhi_reg   <= eqhi;
        p2_malf_reg   <= p1_malf_reg;
        p2_badsrc_reg <= p1_badsrc_reg;
        p2_src_reg    <= p1_src_reg;
        p3_first_reg  <= first;
        p3_hit_reg    <= |p2_match;
        p3_malf_reg   <= p2_malf_reg;
        p3_badsrc_reg <= p2_badsrc_reg;
        p3_src_reg    <= p2_src_reg;
        p4_mlo_reg    <= sel_mlo;
        p4_mhi_reg    <= sel_mhi;
        p4_rlo_reg    <= sel_rlo;
        p4_rhi_reg    <= sel_rhi;
        p4_hit_reg    <= p3_hit_reg;
        p4_malf_reg   <= p3_malf_reg;
        p4_badsrc_reg <= p3_badsrc_reg;
        p4_src_reg    <= p3_src_reg;
        p4_gi_reg     <= sel_gi;
        if (have_beat && h_x63)
            o63_reg   <= h_b63;
        // D(old byte 63), common: XD2 every cycle from o63_reg (final one cycle after byte 63's
        // beat left; the ICRC beat is >= 2 beats later); else from the head beat while it
        // carries byte 63
        if (XD2)
            dold_reg  <= xdelta(o63_reg);
        else if (have_beat && h_x63)
            dold_reg  <= xdelta(h_b63);
        // FETCH_ADD: old VA[63:12] and D_fa of it, common to all ports
        if (have_beat)
            o_va_reg  <= h_va;
        if (XF2)
            dfa_reg   <= fadelta(o_va_reg);
        else if (have_beat && h_xv[0])
            dfa_reg   <= fadelta(h_va);
        p5_fwd_reg    <= !d_drop;
        p5_malf_reg   <= d_malf;
        p5_group_reg  <= d_group;
        p5_none_reg   <= d_none;
        p5_src_reg    <= d_src;
        p5_dmask_reg  <= d_drop ? {NP{1'b0}} : dmask;
        p6_fwd_reg    <= p5_fwd_reg;
        p6_malf_reg   <= p5_malf_reg;
        p6_group_reg  <= p5_group_reg;
        p6_none_reg   <= p5_none_reg;
        p6_src_reg    <= p5_src_reg;
        p6_ncopies_reg <= ncopies;
    end

    // ------------------------------------------------------------ sequential: control state
    integer s;
    always @(posedge clk) begin
        if (rst) begin
            f_wp_reg    <= {FW{1'b0}};
            f_rp_reg    <= {FW{1'b0}};
            f_cnt_reg   <= {(FW+1){1'b0}};
            dq_wp_reg   <= {QW{1'b0}};
            dq_rp_reg   <= {QW{1'b0}};
            dq_cnt_reg  <= {(QW+1){1'b0}};
            dq_res_reg  <= {(QW+1){1'b0}};
            cur_v_reg   <= 1'b0;
            nxt_v_reg   <= 1'b0;
            f_ne_reg    <= 1'b0;
            decided_reg <= 1'b0;
            bi_reg      <= 4'd0;
            rem_reg     <= {NP{1'b0}};
            xbi_reg     <= 5'd0;
            xn_load_reg <= 1'b0;
            ud_reg      <= 1'b0;
            fa_reg      <= 1'b0;
            p1_v_reg    <= 1'b0;
            p2_v_reg    <= 1'b0;
            p3_v_reg    <= 1'b0;
            p4_v_reg    <= 1'b0;
            p5_v_reg    <= 1'b0;
            p6_v_reg    <= 1'b0;
            csr_err_reg <= 1'b0;
            wq_en_reg   <= {(3*NG){1'b0}};
            tready_reg  <= 1'b1;
            for (q = 0; q < NG; q = q + 1) begin
                g_valid_reg[q]   <= 1'b0;
                g_reflect_reg[q] <= 1'b0;
                g_ip_reg[q]      <= 32'd0;
                g_mask_reg[q]    <= {NP{1'b0}};
            end
            for (s = 0; s < NSTAT; s = s + 1) stat_reg[s] <= 32'd0;
        end else begin
            // CSR writes
            for (q = 0; q < NG; q = q + 1) begin
                wq_en_reg[0 * NG + q] <= reg_wr_en && !reg_wr_err && w_grp && w_g == q[GW-1:0] &&
                                         w_reg == BF_GRP_CTRL_OFFS;
                wq_en_reg[1 * NG + q] <= reg_wr_en && !reg_wr_err && w_grp && w_g == q[GW-1:0] &&
                                         w_reg == BF_GRP_GROUP_IP_OFFS;
                wq_en_reg[2 * NG + q] <= reg_wr_en && !reg_wr_err && w_grp && w_g == q[GW-1:0] &&
                                         w_reg == BF_GRP_PORT_MASK_OFFS;
            end
            for (q = 0; q < NG; q = q + 1) begin
                if (wq_en_reg[0 * NG + q]) begin
                    g_valid_reg[q]   <= wq_data_reg[BF_GRP_CTRL_VALID_LSB];
                    g_reflect_reg[q] <= wq_data_reg[BF_GRP_CTRL_REFLECT_LSB];
                end
                if (wq_en_reg[1 * NG + q])
                    g_ip_reg[q] <= wq_data_reg;
                if (wq_en_reg[2 * NG + q])
                    g_mask_reg[q] <= wq_data_reg[BF_GRP_PORT_MASK_MASK_LSB +: NP];
            end
            csr_err_reg <= reg_wr_en && reg_wr_err;

            // ingress
            if (in_fire) begin
                f_wp_reg <= f_wp_reg + 1'b1;
                if (s_axis_in_tlast)
                    xbi_reg <= 5'd0;
                else if (xbi_reg != 5'd31)
                    xbi_reg <= xbi_reg + 5'd1;
                if (s_axis_in_tlast) begin
                    ud_reg <= 1'b0;
                    fa_reg <= 1'b0;
                end else if ({27'd0, xbi_reg} == B42) begin
                    ud_reg <= ud_tag;
                    fa_reg <= fa_tag;
                end
                if (s_axis_in_tlast) begin
                    bi_reg      <= 4'd0;
                    decided_reg <= 1'b0;
                end else begin
                    if (bi_reg != 4'd15) bi_reg <= bi_reg + 4'd1;
                    if (decide_now) decided_reg <= 1'b1;
                end
            end

            // decision pipeline
            p1_v_reg <= decide_now;
            p2_v_reg <= p1_v_reg;
            p3_v_reg <= p2_v_reg;
            p4_v_reg <= p3_v_reg;
            p5_v_reg <= p4_v_reg;
            p6_v_reg <= p5_v_reg;
            if (p4_v_reg)
                dq_wp_reg <= dq_wp_reg + 1'b1;

            // statistics (registered pulses)
            if (p6_v_reg) begin
                stat_reg[0] <= stat_reg[0] + 32'd1;
                if (p6_fwd_reg) begin
                    stat_reg[1] <= stat_reg[1] + 32'd1;
                    stat_reg[2] <= stat_reg[2] + {27'd0, p6_ncopies_reg};
                end
                if (p6_malf_reg)  stat_reg[3] <= stat_reg[3] + 32'd1;
                if (p6_group_reg) stat_reg[4] <= stat_reg[4] + 32'd1;
                if (p6_none_reg)  stat_reg[5] <= stat_reg[5] + 32'd1;
                if (p6_src_reg)   stat_reg[6] <= stat_reg[6] + 32'd1;
            end
            if (csr_err_reg)
                stat_reg[7] <= stat_reg[7] + 32'd1;

            // egress
            if (beat_done)
                f_rp_reg <= f_rp_reg + 1'b1;

            if (cur_load)
                rem_reg <= nxt_reg;
            else if (beat_done)
                rem_reg <= cur_mask;
            else
                rem_reg <= rem_reg & ~took;
            if (nxt_load) begin
                dq_rp_reg <= dq_rp_reg + 1'b1;
                nxt_v_reg <= 1'b1;
            end else if (cur_load) begin
                nxt_v_reg <= 1'b0;
            end
            xn_load_reg <= nxt_load;
            if (cur_load)
                cur_v_reg <= 1'b1;
            else if (pkt_done)
                cur_v_reg <= 1'b0;
            f_cnt_reg  <= f_cnt_reg + {{FW{1'b0}}, in_fire} - {{FW{1'b0}}, beat_done};
            f_ne_reg   <= in_fire || (f_cnt_reg > 1) || (f_ne_reg && !beat_done);
            dq_cnt_reg <= dq_cnt_reg + {{QW{1'b0}}, p4_v_reg} - {{QW{1'b0}}, nxt_load};
            dq_res_reg <= dq_res_reg + {{QW{1'b0}}, decide_now} - {{QW{1'b0}}, pkt_done};
            tready_reg <= ({1'b0, f_cnt_reg} + {{(FW+1){1'b0}}, in_fire} < FIFO_DEPTH) &&
                          ({1'b0, dq_res_reg} < DQ - 1);
        end
    end
endmodule
`resetall
