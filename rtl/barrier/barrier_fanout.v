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
// common (dold_reg). Timing at the defaults: 126.4 MHz on ECP5-85 speed 6 (docs 7.2).
`resetall
`default_nettype none
module barrier_fanout #(
    parameter NUM_PORTS  = 8,
    parameter NUM_GROUPS = 16,
    parameter DATA_WIDTH = 64,
    parameter FIFO_DEPTH = 32,
    parameter DEC_DEPTH  = 8
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
    localparam XW  = 41;                        // XLT entry {D(BAR)[31:0], BAR[7:0], UD_EN}

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
    wire       w_xlt    = (reg_wr_addr >= BF_XLT_ADDR) && (reg_wr_addr < XLT_END) &&
                          ({1'b0, w_xoff[XSH + 4 +: 6]} < NG7) && ({1'b0, w_xoff[XSH +: 4]} < NP5) &&
                          (w_xoff[XSH-1:0] == BF_XLT_CTRL_OFFS);
    wire       r_xlt    = (reg_rd_addr >= BF_XLT_ADDR) && (reg_rd_addr < XLT_END) &&
                          ({1'b0, r_xoff[XSH + 4 +: 6]} < NG7) && ({1'b0, r_xoff[XSH +: 4]} < NP5) &&
                          (r_xoff[XSH-1:0] == BF_XLT_CTRL_OFFS);
    // XLT is write-only (reads answer 0): a readback copy would be an NG * 16-entry RAM whose
    // write address fans out across the device

    // an accepted write is registered (wq_*) and applied to the table one cycle later: the table
    // flip-flops' enables come from a register, not from the AXI4-Lite handshake
    // the write enables are registered one-hot per (register, group): wq_en_reg[s * NG + g], s =
    // 0 CTRL, 1 GROUP_IP, 2 PORT_MASK, so that a table flip-flop's enable is a register output
    reg [3*NG-1:0] wq_en_reg;
    // an accepted XLT write has its own register: one write enable per port's RAM (one-hot),
    // the row and the entry {BAR, UD_EN}
    reg [NP-1:0]  xw_we_reg;
    reg [GW-1:0]  xw_g_reg;
    reg [XW-1:0]  xw_d_reg;
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
    // {x63, xc[3:0], data, keep, last, user}: translation flags of the beat (7.2)
    localparam EW = 5 + DATA_WIDTH + KW + 1 + 4;
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
    reg [GW+NP-1:0] nxt_reg;      // {group, mask}: the decision after cur_reg, prefetched from dq_mem
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
    // translation flags stored with the beat, from its index in the packet (xbi_reg, saturating
    // at 31): x63 carries byte 63, xc[k] carries ICRC byte 74 + k; all
    // zero unless the packet is of UD class. The egress overlay reads them with the beat, so it
    // needs no egress beat counter (off the handshake path).
    reg  [4:0] xbi_reg;
    // the class is registered (ud_reg) at the beat carrying byte 42; for DATA_WIDTH <= 128 byte
    // 63 is in a later beat, so the stored flags come from ud_reg (off the ingress data path)
    reg        ud_reg;
    wire       ud_f  = (B63 > B42) ? ud_reg : ud_tag;
    wire       x63_n = ud_f && ({27'd0, xbi_reg} == B63);
    wire [3:0] xc_n;
    genvar gk;
    generate
        for (gk = 0; gk < 4; gk = gk + 1) begin : g_xc
            assign xc_n[gk] = ud_f && ({27'd0, xbi_reg} == (74 + gk) / KW);
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
    wire                  h_x63     = head[EW-1];
    wire [3:0]            h_xc      = head[EW-2 -: 4];
    wire [DATA_WIDTH-1:0] h_data    = head[EW-6 -: DATA_WIDTH];
    wire [KW-1:0]         h_keep    = head[4 + 1 +: KW];
    wire                  h_last    = head[4];
    wire [3:0]            h_user    = head[3:0];
    wire                  have_beat = f_ne_reg && cur_v_reg;
    wire [NP-1:0]         cur_mask  = cur_reg[NP-1:0];
    wire [GW-1:0]         nxt_gi    = nxt_reg[NP +: GW];   // group of the prefetched decision
    reg                   cur_load_d_reg;   // cur_load one cycle later
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

    genvar gp, gl;
    generate
        for (gp = 0; gp < NP; gp = gp + 1) begin : g_out
            // translation table of port p: one RAM per port, NG entries {BAR, UD_EN}, written by
            // the CSR write register, read when the packet becomes the egress head (not reset)
            // the prefetched packet's entry (xn_reg, read the cycle after nxt_reg loads) and the
            // head packet's (xe_reg, copied one cycle after cur_load when byte 63 is not in the
            // first beat: its enable is a register, off the egress handshake path)
            reg  [XW-1:0] xt_mem [0:NG-1];
            reg  [XW-1:0] xn_reg, xe_reg;
            wire          xen = xe_reg[0];
            wire [7:0]    xbar = xe_reg[8:1];
            // ICRC correction of this port's copy: D(old ^ BAR) = D(old) ^ D(BAR) (linear), D(BAR)
            // computed once when the entry is written, D(old) common to all ports
            wire [31:0]   xd = dold_reg ^ xe_reg[40:9];
            always @(posedge clk) begin
                if (xw_we_reg[gp])
                    xt_mem[xw_g_reg] <= xw_d_reg;
                if (xn_load_reg)
                    xn_reg <= xt_mem[nxt_gi];
                if (B63 == 0 ? cur_load : cur_load_d_reg)
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
            fifo_mem[f_wp_reg] <= {x63_n, xc_n, s_axis_in_tdata, s_axis_in_tkeep, s_axis_in_tlast,
                                   s_axis_in_tuser};
            for (q = 0; q < 7; q = q + 1) hb_reg[q] <= hn[q];
            for (q = 0; q < 3; q = q + 1) xb_reg[q] <= xn[q];
        end
        if (p4_v_reg)
            dq_mem[dq_wp_reg] <= {p4_gi_reg, d_drop ? {NP{1'b0}} : dmask};
        if (nxt_load)
            nxt_reg <= dq_mem[dq_rp_reg];
        if (cur_load)
            cur_reg <= nxt_reg[NP-1:0];
        xw_g_reg      <= w_xoff[XSH + 4 +: GW];
        xw_d_reg      <= {xdelta(reg_wr_data[BF_XLT_CTRL_BAR_LSB +: 8]),
                          reg_wr_data[BF_XLT_CTRL_BAR_LSB +: 8], reg_wr_data[BF_XLT_CTRL_UD_EN_LSB]};
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
            cur_load_d_reg <= 1'b0;
            xn_load_reg <= 1'b0;
            ud_reg      <= 1'b0;
            p1_v_reg    <= 1'b0;
            p2_v_reg    <= 1'b0;
            p3_v_reg    <= 1'b0;
            p4_v_reg    <= 1'b0;
            p5_v_reg    <= 1'b0;
            p6_v_reg    <= 1'b0;
            csr_err_reg <= 1'b0;
            wq_en_reg   <= {(3*NG){1'b0}};
            xw_we_reg   <= {NP{1'b0}};
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
            for (q = 0; q < NP; q = q + 1)
                xw_we_reg[q] <= reg_wr_en && !reg_wr_err && w_xlt && ({28'd0, w_xoff[XSH +: 4]} == q);
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
                if (s_axis_in_tlast)
                    ud_reg <= 1'b0;
                else if ({27'd0, xbi_reg} == B42)
                    ud_reg <= ud_tag;
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
                rem_reg <= nxt_reg[NP-1:0];
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
            cur_load_d_reg <= cur_load;
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
