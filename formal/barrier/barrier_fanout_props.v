// barrier_fanout_props: formal wrapper for rtl/barrier/barrier_fanout.v (SymbiYosys, k-induction).
//
// Contract: docs/barrier.md section 7; note shared/spec/001-multicast-barrier.md §4.3 (remaining
// mask replication, exactly-once delivery) and §4.4 B1 (exactly once, never to a non-member),
// B5 (self handling).
//
// Everything prefixed f_ is formal-only. The wrapper is a scoreboard written from the contract and
// driven only by the port handshakes:
//   f_g*[g]      shadow of the group table, updated from accepted AXI4-Lite writes (0x400+16*g);
//   f_xen/f_xbar shadow of the translation table XLT (0x4000+0x100*g+0x10*p; RAM, not reset: equal
//                to the DUT's tables in the initial state, by assumption);
//   f_len, f_h*  byte count and the header bytes the decision needs (12, 13, 14, 30-33) of the
//                packet now arriving; f_cur_dec: its decision has been taken;
//   f_mem[s]     every accepted ingress beat {tdata, tkeep, tlast, tuser}, in a circular buffer
//                with its own pointers (f_rp, f_wp, f_n), and f_tag[s], the packet it belongs to;
//   f_pk_*[t]    per packet tag (3 bits, at most 5 packets are in flight): the reference decision,
//                drop or destination mask, computed by the contract's rules at the contract's
//                decision point (byte 33 arrived, or tlast) from f_h* and f_g*;
//   f_htag/f_itag  tag of the oldest packet in flight / of the packet now arriving;
//   f_sent       ports that already took the head beat.
// Properties (each p, every cycle):
//   F1  m_axis_out_tvalid[p] == head beat present, decided, not dropped, p in its mask and p has
//       not taken it yet: a copy is offered exactly to the remaining destination ports, never to
//       a port outside the mask, never twice (B1, B5, §4.3);
//   F2  while offered, the egress beat is the head of the accepted ingress sequence (keep, last,
//       tuser unchanged, ingress order) and its data is the head beat's modulo the documented
//       rewrite (docs/barrier.md 7.2): every byte is unchanged except, on a UD-class packet
//       (byte 14 = 0x45, total length 64, opcode 0x65, flags computed here from the bytes and the
//       beat index), byte 63 and the ICRC bytes 74-77, and on a FETCH_ADD-class packet (0x45,
//       total length 72, opcode 0x14) the VA bits 63:12 (bytes 54-59 and bits 7:4 of byte 60;
//       byte 60 bits 3:0 and byte 61 must be unchanged) and the ICRC bytes 82-85, which this
//       proof does not constrain (their values are checked by the lockstep against the C model,
//       which recomputes the ICRC in full, and by tshark/scapy on the RTL's egress copies: docs
//       7.2);
//   F3  the head beat leaves the block iff it is dropped or every destination has taken it
//       (together with F1/F2: every accepted beat of a forwarded packet is delivered exactly once
//       to each port of its mask; one beat per cycle when every destination is ready);
//   F4  AXI-Stream stability on every egress port: valid is not withdrawn without ready, and the
//       beat (keep, last, user, and the data outside the rewrite positions of F2) does not change
//       while it waits;
//   the AXI4-Lite slave accepts AW and W together (the shadow's write rule relies on it).
// The DUT's internal state is related to the scoreboard in the "induction strengthening" block
// with (* hierconn *) wires `\dut.<name>` (connected by flatten; `check -assert` in the .sby
// fails on any name that did not connect). They are written for the parameters below.
//
// Environment (assumptions), from the contract:
//   * tkeep is contiguous from bit 0 and not zero; only the last beat of a packet may be partial;
//   * tuser is constant within a packet;
//   * AXI4-Lite inputs and egress tready are unconstrained (CSR writes at any time).
`default_nettype none
module barrier_fanout_props #(
    parameter NUM_PORTS  = 3,
    parameter NUM_GROUPS = 2,
    parameter DATA_WIDTH = 128,
    parameter FIFO_DEPTH = 8,
    parameter DEC_DEPTH  = 4
) (
    input wire                           clk,
    input wire                           rst,
    input wire [15:0]                    s_axil_awaddr,
    input wire                           s_axil_awvalid,
    input wire [31:0]                    s_axil_wdata,
    input wire [3:0]                     s_axil_wstrb,
    input wire                           s_axil_wvalid,
    input wire                           s_axil_bready,
    input wire [15:0]                    s_axil_araddr,
    input wire                           s_axil_arvalid,
    input wire                           s_axil_rready,
    input wire [DATA_WIDTH-1:0]          s_axis_in_tdata,
    input wire [DATA_WIDTH/8-1:0]        s_axis_in_tkeep,
    input wire                           s_axis_in_tvalid,
    input wire                           s_axis_in_tlast,
    input wire [3:0]                     s_axis_in_tuser,
    input wire [NUM_PORTS-1:0]           m_axis_out_tready
);
    localparam NP = NUM_PORTS;
    localparam NG = NUM_GROUPS;
    localparam DW = DATA_WIDTH;
    localparam KW = DATA_WIDTH / 8;
    localparam FD = FIFO_DEPTH;
    localparam FW = $clog2(FIFO_DEPTH);
    localparam EW = 16 + DW + KW + 1 + 4;   // {xv[6:0], xcf[3:0], x63, xc[3:0], data, keep, last, user}, as the DUT stores it
    localparam DQ = DEC_DEPTH;              // DUT decision reservations (live packets <= DQ + 1)

    generate
        if (NP != 3 || NG != 2 || DW != 128 || FD != 8 || DQ != 4) begin : g_bad_params
            FORMAL_WRAPPER_IS_WRITTEN_FOR_NP3_NG2_DW128_FD8_DQ4 u_err();
        end
    endgenerate

    // ------------------------------------------------------------ DUT
    wire                  s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready;
    wire                  s_axil_rvalid;
    wire [1:0]            s_axil_bresp, s_axil_rresp;
    wire [31:0]           s_axil_rdata;
    wire                  s_axis_in_tready;
    wire [NP*DW-1:0]      m_axis_out_tdata;
    wire [NP*KW-1:0]      m_axis_out_tkeep;
    wire [NP-1:0]         m_axis_out_tvalid;
    wire [NP-1:0]         m_axis_out_tlast;
    wire [NP*4-1:0]       m_axis_out_tuser;

    barrier_fanout #(
        .NUM_PORTS(NP), .NUM_GROUPS(NG), .DATA_WIDTH(DW), .FIFO_DEPTH(FD),
        .DEC_DEPTH(DQ)
    ) dut (
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
        .s_axis_in_tdata(s_axis_in_tdata), .s_axis_in_tkeep(s_axis_in_tkeep),
        .s_axis_in_tvalid(s_axis_in_tvalid), .s_axis_in_tready(s_axis_in_tready),
        .s_axis_in_tlast(s_axis_in_tlast), .s_axis_in_tuser(s_axis_in_tuser),
        .m_axis_out_tdata(m_axis_out_tdata), .m_axis_out_tkeep(m_axis_out_tkeep),
        .m_axis_out_tvalid(m_axis_out_tvalid), .m_axis_out_tready(m_axis_out_tready),
        .m_axis_out_tlast(m_axis_out_tlast), .m_axis_out_tuser(m_axis_out_tuser)
    );

    reg f_past_valid;
    initial f_past_valid = 1'b0;
    always @(posedge clk) f_past_valid <= 1'b1;
    initial assume(rst);
`include "crc32_fn.vh"
    // ICRC correction of the contract (7.2): register effect of x at byte 63, then bytes 64..73
    function [31:0] f_crcd(input [7:0] x);
        f_crcd = crc32_zeros(crc32_byte(32'd0, x), 10);
    endfunction


    // ------------------------------------------------------------ environment
    wire in_fire = s_axis_in_tvalid && s_axis_in_tready;
    reg        f_mid;           // inside a packet (a beat without tlast was accepted)
    reg [3:0]  f_user;          // tuser of the packet now arriving
    always @(posedge clk)
        if (rst) f_mid <= 1'b0;
        else if (in_fire) begin
            f_mid  <= !s_axis_in_tlast;
            f_user <= s_axis_in_tuser;
        end
    always @* begin
        if (s_axis_in_tvalid) begin
            assume(s_axis_in_tkeep != 0);
            assume((s_axis_in_tkeep & (s_axis_in_tkeep + 1'b1)) == 0);   // 0..01..1
            if (!s_axis_in_tlast)
                assume(&s_axis_in_tkeep);
            if (f_mid)
                assume(s_axis_in_tuser == f_user);
        end
    end

    // ------------------------------------------------------------ group table shadow
    reg          f_gv [0:NG-1];
    reg          f_gr [0:NG-1];
    reg [31:0]   f_gip [0:NG-1];
    reg [NP-1:0] f_gm [0:NG-1];
    // an accepted write applies to the table one cycle after its handshake (docs section 7)
    wire         f_wr_hs = s_axil_awvalid && s_axil_awready && s_axil_wvalid && s_axil_wready;
    wire         f_wr_g_ok_hs = (s_axil_awaddr[15:10] == 6'b000001) && (s_axil_awaddr[9:4] < NG) &&
                                (s_axil_wstrb == 4'hf) && (s_axil_awaddr[3:0] == 4'h0 ||
                                s_axil_awaddr[3:0] == 4'h4 || s_axil_awaddr[3:0] == 4'h8);
    reg          f_wr;
    reg [15:0]   f_wa;
    reg [31:0]   f_wd;
    always @(posedge clk) begin
        f_wr <= !rst && f_wr_hs && f_wr_g_ok_hs;
        f_wa <= s_axil_awaddr;
        f_wd <= s_axil_wdata;
    end
    wire [0:0]   f_wg = f_wa[4];
    // translation table writes: 0x4000 + 0x100 * g + 0x10 * p, g < NG, p < NP, offset 0
    wire         f_wr_x_ok_hs = (s_axil_awaddr[15:14] == 2'b01) && (s_axil_awaddr[13:8] < NG) &&
                                (s_axil_awaddr[7:4] < NP) && (s_axil_awaddr[3:0] == 4'h0) &&
                                (s_axil_wstrb == 4'hf);
    reg          f_wrx;
    initial f_wrx = 1'b0;
    always @(posedge clk) f_wrx <= !rst && f_wr_hs && f_wr_x_ok_hs;
    reg          f_xen  [0:7];           // [g * NP + p], g * NP + p < 6
    reg [7:0]    f_xbar [0:7];
    wire [2:0]   f_wxi = f_wa[8] ? 3'd3 + {1'b0, f_wa[5:4]} : {1'b0, f_wa[5:4]};
    always @(posedge clk)
        if (f_wrx) begin
            f_xen[f_wxi]  <= f_wd[0];
            f_xbar[f_wxi] <= f_wd[15:8];
        end
    always @(posedge clk) begin : b_gtab
        integer i;
        if (rst) begin
            for (i = 0; i < NG; i = i + 1) begin
                f_gv[i] <= 1'b0;
                f_gr[i] <= 1'b0;
                f_gip[i] <= 32'd0;
                f_gm[i] <= {NP{1'b0}};
            end
        end else if (f_wr) begin
            if (f_wa[3:0] == 4'h0) begin
                f_gv[f_wg] <= f_wd[0];
                f_gr[f_wg] <= f_wd[1];
            end
            if (f_wa[3:0] == 4'h4)
                f_gip[f_wg] <= f_wd;
            if (f_wa[3:0] == 4'h8)
                f_gm[f_wg] <= f_wd[NP-1:0];
        end
    end

    // ------------------------------------------------------------ ingress: reference decision
    reg [7:0]  f_len;           // bytes of the arriving packet so far (saturating)
    reg        f_cur_dec;       // its decision was taken
    reg [7:0]  f_h [0:6];       // bytes 12, 13, 14, 30, 31, 32, 33 of the arriving packet
    reg [7:0]  f_hn [0:6];      // the same including the beat now accepted
    reg [7:0]  f_nb;            // bytes in the beat now accepted
    reg [7:0]  f_x [0:2];       // bytes 16, 17, 42 of the arriving packet (translation class)
    reg [7:0]  f_xn [0:2];
    function integer f_xpos;
        input integer x;
        f_xpos = (x < 2) ? 16 + x : 42;
    endfunction
    function integer f_pos;     // byte position of header slot x
        input integer x;
        f_pos = (x < 3) ? 12 + x : 27 + x;
    endfunction
    always @* begin : b_hdr
        integer i, k;
        f_nb = 8'd0;
        for (i = 0; i < KW; i = i + 1)
            if (s_axis_in_tkeep[i]) f_nb = f_nb + 8'd1;
        for (k = 0; k < 7; k = k + 1) begin
            f_hn[k] = f_h[k];
            for (i = 0; i < KW; i = i + 1)
                if (s_axis_in_tkeep[i] && f_len + i == f_pos(k))
                    f_hn[k] = s_axis_in_tdata[8 * i +: 8];
        end
        for (k = 0; k < 3; k = k + 1) begin
            f_xn[k] = f_x[k];
            for (i = 0; i < KW; i = i + 1)
                if (s_axis_in_tkeep[i] && f_len + i == f_xpos(k))
                    f_xn[k] = s_axis_in_tdata[8 * i +: 8];
        end
    end
    wire [8:0]    f_len_n9  = {1'b0, f_len} + {1'b0, f_nb};
    wire [7:0]    f_len_n   = f_len_n9[8] ? 8'hff : f_len_n9[7:0];
    wire          f_decide  = in_fire && !f_cur_dec && (f_len_n >= 34 || s_axis_in_tlast);
    wire [31:0]   f_dip     = {f_hn[3], f_hn[4], f_hn[5], f_hn[6]};
    wire          f_malf    = (f_len_n < 34) || {f_hn[0], f_hn[1]} != 16'h0800 ||
                              f_hn[2][7:4] != 4'h4;
    wire          f_badsrc  = s_axis_in_tuser >= NP;
    // translation class of the beat now accepted (valid from the beat carrying byte 42 on)
    wire          f_ud_tag  = (f_len_n > 42) && f_hn[2] == 8'h45 && f_xn[0] == 8'h00 &&
                              f_xn[1] == 8'd64 && f_xn[2] == 8'h65;
    // FETCH_ADD class (total length 72, opcode 0x14)
    wire          f_fa_tag  = (f_len_n > 42) && f_hn[2] == 8'h45 && f_xn[0] == 8'h00 &&
                              f_xn[1] == 8'd72 && f_xn[2] == 8'h14;

    // The decision is taken in stages (docs/barrier.md section 7, sampling rule): the deciding
    // beat's header (stage 1, next cycle) is looked up in GROUP_IP/valid as they are in stage 1's
    // cycle (lowest matching valid entry); PORT_MASK and CTRL.reflect of that group are read as
    // they are two cycles later (stage 3); the decision is queued at the end of stage 4.
    reg           f_s1_v, f_s2_v, f_s3_v, f_s4_v;
    reg [2:0]     f_s1_tag, f_s2_tag, f_s3_tag, f_s4_tag;
    reg [31:0]    f_s1_dip;
    reg           f_s1_malf, f_s2_malf, f_s3_malf, f_s4_malf;
    reg           f_s1_bad, f_s2_bad, f_s3_bad, f_s4_bad;
    reg [3:0]     f_s1_src, f_s2_src, f_s3_src, f_s4_src;
    reg           f_s2_hit, f_s3_hit, f_s4_hit;
    reg [0:0]     f_s2_g, f_s3_g, f_s4_g;
    reg [NP-1:0]  f_s4_mask;
    reg           f_s4_refl;
    reg           f_hit;
    reg [0:0]     f_hg;
    always @* begin : b_lookup
        integer j;
        f_hit = 1'b0;
        f_hg = 1'b0;
        for (j = NG - 1; j >= 0; j = j - 1)
            if (f_gv[j] && f_gip[j] == f_s1_dip) begin
                f_hit = 1'b1;
                f_hg = j[0:0];
            end
    end
    wire [NP-1:0] f_srcbit  = (f_s4_src < NP) ? ({{(NP-1){1'b0}}, 1'b1} << f_s4_src)
                                              : {NP{1'b0}};
    wire [NP-1:0] f_dmask   = f_s4_mask & (f_s4_refl ? {NP{1'b1}} : ~f_srcbit);
    wire          f_drop    = f_s4_malf || f_s4_bad || !f_s4_hit || f_dmask == {NP{1'b0}};

    // ------------------------------------------------------------ scoreboard
    reg [EW-1:0]  f_mem [0:FD-1];
    reg [2:0]     f_tag [0:FD-1];
    reg [FW-1:0]  f_rp, f_wp;
    reg [FW:0]    f_n;
    reg [2:0]     f_htag, f_itag;
    reg           f_pk_drop [0:7];
    reg [0:0]     f_pk_g [0:7];         // matching group (translation table row)
    reg [NP-1:0]  f_pk_mask [0:7];
    reg [NP-1:0]  f_sent;
    reg           f_hd;         // the head packet's decision is at the egress (DUT cur_reg)
    reg           f_hx;         // the next packet's decision is prefetched (DUT nxt_reg)
    reg [2:0]     f_nq;         // decisions queued behind it

    wire [EW-1:0] f_head      = f_mem[f_rp];
    wire [6:0]    f_h_xv      = f_head[EW-1 -: 7];
    wire [3:0]    f_h_xcf     = f_head[EW-8 -: 4];
    wire          f_h_x63     = f_head[EW-12];
    wire [3:0]    f_h_xc      = f_head[EW-13 -: 4];
    wire [DW-1:0] f_h_data    = f_head[EW-17 -: DW];
    // bits the rewrite may change in the head beat (byte 63 = lane 15 of beat 3, ICRC 74-77 =
    // lanes 10-13 of beat 4; FETCH_ADD: VA bytes 54-59 = lanes 6-11 of beat 3 and bits 7:4 of
    // byte 60 (lane 12), ICRC 82-85 = lanes 2-5 of beat 5, at DW 128)
    wire [DW-1:0] f_ovl       = (f_h_x63 ? {8'hff, {(DW-8){1'b0}}} : {DW{1'b0}}) |
                                (|f_h_xc ? {{(DW-112){1'b0}}, 32'hffffffff, {80{1'b0}}} : {DW{1'b0}}) |
                                (|f_h_xv ? {{(DW-104){1'b0}}, 4'hf, 4'h0, 48'hffffffffffff, {48{1'b0}}} : {DW{1'b0}}) |
                                (|f_h_xcf ? {{(DW-48){1'b0}}, 32'hffffffff, {16{1'b0}}} : {DW{1'b0}});
    wire [KW-1:0] f_h_keep    = f_head[4 + 1 +: KW];
    wire          f_h_last    = f_head[4];
    wire [3:0]    f_h_user    = f_head[3:0];
    wire [2:0]    f_h_tag     = f_tag[f_rp];
    wire [2:0]    f_live      = f_itag - f_htag;                        // packets in flight - 1
    wire [2:0]    f_ndec      = f_live + {2'd0, f_cur_dec};             // decided, in flight
    // the head beat's packet is decided unless it is the arriving, undecided packet
    wire          f_h_dec     = (f_n != 0) && f_hd;
    wire          f_h_drop    = f_pk_drop[f_h_tag];
    wire [NP-1:0] f_h_mask    = f_pk_mask[f_h_tag];
    wire [NP-1:0] f_offer     = (f_h_dec && !f_h_drop) ? (f_h_mask & ~f_sent) : {NP{1'b0}};
    wire [NP-1:0] f_took      = m_axis_out_tvalid & m_axis_out_tready;
    wire          f_pop       = f_h_dec && (f_h_drop || (f_sent | f_took) == f_h_mask);
    wire          f_pkpop     = f_pop && f_h_last;
    wire          f_refill    = !f_hx && f_nq != 0;
    wire          f_load      = f_hx && (!f_hd || f_pkpop);
    reg  [4:0]    f_eb;         // beat index of the head beat in its packet (saturates at 31)
    reg  [7:0]    f_o63;        // byte 63 of the head packet as received
    reg           f_xe_en  [0:NP-1];
    reg  [7:0]    f_xe_bar [0:NP-1];
    // expected egress data of port k (F2, modulo the documented rewrite)
    function [DW-1:0] f_exp;
        input [DW-1:0] d;
        input          en;
        input [7:0]    bar;
        input [4:0]    eb;
        input [7:0]    o63;
        reg   [31:0]   dc;
        begin
            f_exp = d;
            dc = f_crcd(o63 ^ bar);
            if (en && eb == 5'd3)
                f_exp[8 * 15 +: 8] = bar;             // byte 63 = beat 3 lane 15 (DW 128)
            if (en && eb == 5'd4)
                f_exp[8 * 10 +: 32] = d[8 * 10 +: 32] ^ dc;   // bytes 74-77 = beat 4 lanes 10-13
        end
    endfunction

    always @(posedge clk) begin : b_sb
        integer k;
        if (rst) begin
            f_len     <= 8'd0;
            f_cur_dec <= 1'b0;
            f_rp      <= {FW{1'b0}};
            f_wp      <= {FW{1'b0}};
            f_n       <= {(FW+1){1'b0}};
            f_htag    <= 3'd0;
            f_itag    <= 3'd0;
            f_sent    <= {NP{1'b0}};
            f_hd      <= 1'b0;
            f_hx      <= 1'b0;
            f_nq      <= 3'd0;
            f_s1_v    <= 1'b0;
            f_s2_v    <= 1'b0;
            f_s3_v    <= 1'b0;
            f_s4_v    <= 1'b0;
            f_eb      <= 5'd0;
        end else begin
            if (in_fire) begin
                f_mem[f_wp] <= {{7{f_fa_tag && f_len < 8'd240 && f_len[7:4] == 4'd3}},
                                {4{f_fa_tag && f_len < 8'd240 && f_len[7:4] == 4'd5}},
                                f_ud_tag && f_len < 8'd240 && f_len[7:4] == 4'd3,
                                {4{f_ud_tag && f_len < 8'd240 && f_len[7:4] == 4'd4}}, s_axis_in_tdata, s_axis_in_tkeep, s_axis_in_tlast,
                                s_axis_in_tuser};
                f_tag[f_wp] <= f_itag;
                f_wp <= f_wp + 1'b1;
                for (k = 0; k < 7; k = k + 1) f_h[k] <= f_hn[k];
                for (k = 0; k < 3; k = k + 1) f_x[k] <= f_xn[k];
                if (s_axis_in_tlast) begin
                    f_len     <= 8'd0;
                    f_cur_dec <= 1'b0;
                    f_itag    <= f_itag + 1'b1;
                end else begin
                    f_len     <= f_len_n;
                    if (f_decide) f_cur_dec <= 1'b1;
                end
            end
            f_s1_v <= f_decide;
            f_s2_v <= f_s1_v;
            f_s3_v <= f_s2_v;
            f_s4_v <= f_s3_v;
            if (f_decide) begin
                f_s1_tag  <= f_itag;
                f_s1_dip  <= {f_hn[3], f_hn[4], f_hn[5], f_hn[6]};
                f_s1_malf <= f_malf;
                f_s1_bad  <= f_badsrc;
                f_s1_src  <= s_axis_in_tuser;
            end
            {f_s2_tag, f_s2_malf, f_s2_bad, f_s2_src, f_s2_hit, f_s2_g} <=
                {f_s1_tag, f_s1_malf, f_s1_bad, f_s1_src, f_hit, f_hg};
            {f_s3_tag, f_s3_malf, f_s3_bad, f_s3_src, f_s3_hit, f_s3_g} <=
                {f_s2_tag, f_s2_malf, f_s2_bad, f_s2_src, f_s2_hit, f_s2_g};
            {f_s4_tag, f_s4_malf, f_s4_bad, f_s4_src, f_s4_hit, f_s4_g} <=
                {f_s3_tag, f_s3_malf, f_s3_bad, f_s3_src, f_s3_hit, f_s3_g};
            f_s4_mask <= f_s3_hit ? f_gm[f_s3_g] : {NP{1'b0}};
            f_s4_refl <= f_s3_hit && f_gr[f_s3_g];
            if (f_s4_v) begin
                f_pk_drop[f_s4_tag] <= f_drop;
                f_pk_mask[f_s4_tag] <= f_drop ? {NP{1'b0}} : f_dmask;
                f_pk_g[f_s4_tag]    <= f_s4_g;
            end
            // egress translation state: the head packet's beat index, its entries (latched when
            // it becomes the head), its old byte 63 (latched when that beat leaves)
            if (f_pkpop)
                f_eb <= 5'd0;
            else if (f_pop && f_eb != 5'd31)
                f_eb <= f_eb + 5'd1;
            if (f_pop && f_eb == 5'd3)
                f_o63 <= f_h_data[8 * 15 +: 8];
            if (f_load)
                for (k = 0; k < NP; k = k + 1) begin
                    f_xe_en[k]  <= f_xen[(f_pk_g[f_htag + {2'd0, f_hd}] ? 3'd3 : 3'd0) + k[2:0]];
                    f_xe_bar[k] <= f_xbar[(f_pk_g[f_htag + {2'd0, f_hd}] ? 3'd3 : 3'd0) + k[2:0]];
                end
            if (f_load)
                f_hd <= 1'b1;
            else if (f_pkpop)
                f_hd <= 1'b0;
            if (f_refill)
                f_hx <= 1'b1;
            else if (f_load)
                f_hx <= 1'b0;
            f_nq <= f_nq + {2'd0, f_s4_v} - {2'd0, f_refill};
            if (f_pop) begin
                f_rp   <= f_rp + 1'b1;
                f_sent <= {NP{1'b0}};
                if (f_h_last) f_htag <= f_htag + 1'b1;
            end else begin
                f_sent <= f_sent | f_took;
            end
            f_n <= f_n + {{FW{1'b0}}, in_fire} - {{FW{1'b0}}, f_pop};
        end
    end

    // ------------------------------------------------------------ properties
    wire f_run = !rst && f_past_valid;
    always @* begin : b_prop
        integer k;
        if (f_run) begin
            // AXI4-Lite slave: AW and W are accepted together
            assert(s_axil_awready == s_axil_wready);
            // scoreboard sanity: never over- or underflows
            assert(f_n <= FD);
            // never to a port outside the mask, never twice
            assert((m_axis_out_tvalid & ~f_h_mask) == {NP{1'b0}});
            assert((m_axis_out_tvalid & f_sent) == {NP{1'b0}});
        end
        for (k = 0; k < NP; k = k + 1) begin
            // F1: offered exactly to the remaining destination ports of the head beat
            if (f_run)
                assert(m_axis_out_tvalid[k] == f_offer[k]);
            // F2: the offered beat is the head of the accepted ingress sequence, modulo the
            // documented rewrite (section 7.2)
            if (f_run && m_axis_out_tvalid[k]) begin
                assert(((m_axis_out_tdata[k * DW +: DW] ^ f_h_data) & ~f_ovl) == {DW{1'b0}});
                assert(m_axis_out_tkeep[k * KW +: KW] == f_h_keep);
                assert(m_axis_out_tlast[k] == f_h_last);
                assert(m_axis_out_tuser[k * 4 +: 4] == f_h_user);
            end
        end
    end

    (* hierconn *) wire \dut.beat_done ;
    always @* begin
        if (f_run) begin
            // F3: the head beat leaves iff it is dropped or every destination has taken it
            assert(\dut.beat_done == f_pop);
        end
    end

    // F4: AXI-Stream stability on every egress port
    always @(posedge clk) begin : b_stable
        integer k;
        if (f_past_valid && !$past(rst) && !rst) begin
            for (k = 0; k < NP; k = k + 1)
                if ($past(m_axis_out_tvalid[k] && !m_axis_out_tready[k])) begin
                    assert(m_axis_out_tvalid[k]);
                    // (bytes outside the rewrite positions of 7.2; the rewritten bytes' stability
                    // is not proved here: see F2)
                    assert($stable(m_axis_out_tdata[k * DW +: DW] & ~f_ovl));
                    assert($stable(m_axis_out_tkeep[k * KW +: KW]));
                    assert($stable(m_axis_out_tlast[k]));
                    assert($stable(m_axis_out_tuser[k * 4 +: 4]));
                end
        end
    end

    // ------------------------------------------------------------ induction strengthening
    // scoreboard self-consistency
    always @* begin : b_sb_inv
        integer s;
        reg [FW:0] age;
        reg [2:0]  t3;
        if (f_run) begin
            assert(f_wp == f_rp + f_n[FW-1:0]);
            assert(f_ndec <= DQ);
            assert(f_live <= DQ);
            if (!f_cur_dec)
                assert(f_len < 34);
            if (f_n == 0)
                assert(f_htag == f_itag);
            else
                assert(f_h_tag == f_htag);
            // decided packets in flight: head, queued, then the stages, oldest first
            assert({1'b0, f_ndec} == {3'd0, f_hd} + {3'd0, f_hx} + {1'b0, f_nq} + {3'd0, f_s4_v} +
                                     {3'd0, f_s3_v} + {3'd0, f_s2_v} + {3'd0, f_s1_v});
            if (f_hd && f_n != 0 && f_h_tag == f_itag)
                assert(f_cur_dec);
            if (f_s4_v)
                assert(f_s4_tag == f_htag + {2'd0, f_hd} + {2'd0, f_hx} + f_nq);
            if (f_s3_v)
                assert(f_s3_tag == f_htag + {2'd0, f_hd} + {2'd0, f_hx} + f_nq + {2'd0, f_s4_v});
            if (f_s2_v)
                assert(f_s2_tag == f_htag + {2'd0, f_hd} + {2'd0, f_hx} + f_nq + {2'd0, f_s4_v} + {2'd0, f_s3_v});
            if (f_s1_v)
                assert(f_s1_tag == f_htag + {2'd0, f_hd} + {2'd0, f_hx} + f_nq + {2'd0, f_s4_v} + {2'd0, f_s3_v} +
                                   {2'd0, f_s2_v});
            if (!f_h_dec || f_h_drop)
                assert(f_sent == {NP{1'b0}});
            else
                assert((f_sent & ~f_h_mask) == {NP{1'b0}} && f_sent != f_h_mask);
        end
        for (s = 0; s < FD; s = s + 1) begin
            age = {1'b0, s[FW-1:0] - f_rp};         // position of slot s in the queue
            // consecutive beats: same packet unless the earlier one was its last
            t3 = f_tag[s] - f_htag;
            if (f_run && age < f_n) begin
                assert(t3 <= f_live);               // tags do not wrap inside the queue
                if (age + 1 < f_n)
                    assert(f_tag[(s + 1) % FD] == f_tag[s] + f_mem[s][4]);
                else
                    assert(f_itag == f_tag[s] + f_mem[s][4]);
            end
        end
        // a forwarded packet has at least one destination
        for (s = 0; s < 8; s = s + 1) begin
            t3 = s[2:0] - f_htag;
            if (f_run && t3 < {2'd0, f_hd} + {2'd0, f_hx} + f_nq && !f_pk_drop[s])
                assert(f_pk_mask[s] != {NP{1'b0}});
            if (f_run && t3 < {2'd0, f_hd} + {2'd0, f_hx} + f_nq && f_pk_drop[s])
                assert(f_pk_mask[s] == {NP{1'b0}});
        end
    end

    // DUT state == scoreboard
    (* hierconn *) wire [EW-1:0] \dut.fifo_mem[0] ;
    (* hierconn *) wire [EW-1:0] \dut.fifo_mem[1] ;
    (* hierconn *) wire [EW-1:0] \dut.fifo_mem[2] ;
    (* hierconn *) wire [EW-1:0] \dut.fifo_mem[3] ;
    (* hierconn *) wire [EW-1:0] \dut.fifo_mem[4] ;
    (* hierconn *) wire [EW-1:0] \dut.fifo_mem[5] ;
    (* hierconn *) wire [EW-1:0] \dut.fifo_mem[6] ;
    (* hierconn *) wire [EW-1:0] \dut.fifo_mem[7] ;
    (* hierconn *) wire [FW-1:0] \dut.f_wp_reg ;
    (* hierconn *) wire [FW-1:0] \dut.f_rp_reg ;
    (* hierconn *) wire [FW:0]   \dut.f_cnt_reg ;
    (* hierconn *) wire [NP:0]   \dut.dq_mem[0] ;
    (* hierconn *) wire [NP:0]   \dut.dq_mem[1] ;
    (* hierconn *) wire [NP:0]   \dut.dq_mem[2] ;
    (* hierconn *) wire [NP:0]   \dut.dq_mem[3] ;
    (* hierconn *) wire [1:0]    \dut.dq_wp_reg ;
    (* hierconn *) wire [1:0]    \dut.dq_rp_reg ;
    (* hierconn *) wire [2:0]    \dut.dq_cnt_reg ;
    (* hierconn *) wire [2:0]    \dut.dq_res_reg ;
    (* hierconn *) wire [NP-1:0] \dut.cur_reg ;
    (* hierconn *) wire [NP-1:0] \dut.rem_reg ;
    (* hierconn *) wire          \dut.cur_v_reg ;
    (* hierconn *) wire [NP-1:0] \dut.nxt_reg ;      // mask
    (* hierconn *) wire          \dut.p4_gi_reg ;
    (* hierconn *) wire [7:0]    \dut.xb_reg[0] ;
    (* hierconn *) wire [7:0]    \dut.xb_reg[1] ;
    (* hierconn *) wire [7:0]    \dut.xb_reg[2] ;
    (* hierconn *) wire          \dut.nxt_v_reg ;
    (* hierconn *) wire          \dut.f_ne_reg ;
    (* hierconn *) wire          \dut.decided_reg ;
    (* hierconn *) wire [3:0]    \dut.bi_reg ;
        (* hierconn *) wire [7:0]    \dut.hb_reg[0] ;
    (* hierconn *) wire [7:0]    \dut.hb_reg[1] ;
    (* hierconn *) wire [7:0]    \dut.hb_reg[2] ;
    (* hierconn *) wire [7:0]    \dut.hb_reg[3] ;
    (* hierconn *) wire [7:0]    \dut.hb_reg[4] ;
    (* hierconn *) wire [7:0]    \dut.hb_reg[5] ;
    (* hierconn *) wire [7:0]    \dut.hb_reg[6] ;
    (* hierconn *) wire          \dut.g_valid_reg[0] ;
    (* hierconn *) wire          \dut.g_valid_reg[1] ;
    (* hierconn *) wire          \dut.g_reflect_reg[0] ;
    (* hierconn *) wire          \dut.g_reflect_reg[1] ;
    (* hierconn *) wire [31:0]   \dut.g_ip_reg[0] ;
    (* hierconn *) wire [31:0]   \dut.g_ip_reg[1] ;
    (* hierconn *) wire [NP-1:0] \dut.g_mask_reg[0] ;
    (* hierconn *) wire [NP-1:0] \dut.g_mask_reg[1] ;
    (* hierconn *) wire [5:0]    \dut.wq_en_reg ;     // [s * NG + g]
    (* hierconn *) wire          \dut.ud_reg ;
    (* hierconn *) wire          \dut.fa_reg ;
    (* hierconn *) wire [4:0]    \dut.xbi_reg ;
    (* hierconn *) wire [31:0]   \dut.wq_data_reg ;
    (* hierconn *) wire          \dut.p1_v_reg ;
    (* hierconn *) wire          \dut.p2_v_reg ;
    (* hierconn *) wire          \dut.p3_v_reg ;
    (* hierconn *) wire          \dut.p4_v_reg ;
    (* hierconn *) wire [31:0]   \dut.p1_dip_reg ;
    (* hierconn *) wire [31:0]   \dut.p1_dipb_reg ;
    (* hierconn *) wire          \dut.p1_malf_reg ;
    (* hierconn *) wire          \dut.p2_malf_reg ;
    (* hierconn *) wire          \dut.p3_malf_reg ;
    (* hierconn *) wire          \dut.p4_malf_reg ;
    (* hierconn *) wire          \dut.p1_badsrc_reg ;
    (* hierconn *) wire          \dut.p2_badsrc_reg ;
    (* hierconn *) wire          \dut.p3_badsrc_reg ;
    (* hierconn *) wire          \dut.p4_badsrc_reg ;
    (* hierconn *) wire [3:0]    \dut.p1_src_reg ;
    (* hierconn *) wire [3:0]    \dut.p2_src_reg ;
    (* hierconn *) wire [3:0]    \dut.p3_src_reg ;
    (* hierconn *) wire [3:0]    \dut.p4_src_reg ;
    (* hierconn *) wire [NG-1:0] \dut.p2_match ;
    (* hierconn *) wire [NG-1:0] \dut.p3_first_reg ;
    (* hierconn *) wire          \dut.p3_hit_reg ;
    (* hierconn *) wire          \dut.p4_hit_reg ;
    (* hierconn *) wire [NP-1:0] \dut.p4_mask ;
    (* hierconn *) wire          \dut.p4_refl ;

    wire [EW-1:0] f_d_mem [0:FD-1];
    assign f_d_mem[0] = \dut.fifo_mem[0] ;
    assign f_d_mem[1] = \dut.fifo_mem[1] ;
    assign f_d_mem[2] = \dut.fifo_mem[2] ;
    assign f_d_mem[3] = \dut.fifo_mem[3] ;
    assign f_d_mem[4] = \dut.fifo_mem[4] ;
    assign f_d_mem[5] = \dut.fifo_mem[5] ;
    assign f_d_mem[6] = \dut.fifo_mem[6] ;
    assign f_d_mem[7] = \dut.fifo_mem[7] ;
    wire [7:0] f_d_xb [0:2];
    assign f_d_xb[0] = \dut.xb_reg[0] ;
    assign f_d_xb[1] = \dut.xb_reg[1] ;
    assign f_d_xb[2] = \dut.xb_reg[2] ;
    always @* begin : b_wq_init
        if (!f_past_valid)
            assume(\dut.wq_en_reg == 6'd0);   // no table write in the first cycle
    end
    wire [NP:0] f_d_dq [0:DQ-1];
    assign f_d_dq[0] = \dut.dq_mem[0] ;
    assign f_d_dq[1] = \dut.dq_mem[1] ;
    assign f_d_dq[2] = \dut.dq_mem[2] ;
    assign f_d_dq[3] = \dut.dq_mem[3] ;
    wire [7:0] f_d_hb [0:6];
    assign f_d_hb[0] = \dut.hb_reg[0] ;
    assign f_d_hb[1] = \dut.hb_reg[1] ;
    assign f_d_hb[2] = \dut.hb_reg[2] ;
    assign f_d_hb[3] = \dut.hb_reg[3] ;
    assign f_d_hb[4] = \dut.hb_reg[4] ;
    assign f_d_hb[5] = \dut.hb_reg[5] ;
    assign f_d_hb[6] = \dut.hb_reg[6] ;

    always @* begin : b_dut_inv
        integer s, k;
        reg [FW:0] age;
        reg [2:0]  t;
        if (f_run) begin
            assert(\dut.g_valid_reg[0] == f_gv[0] && \dut.g_valid_reg[1] == f_gv[1]);
            assert(\dut.g_reflect_reg[0] == f_gr[0] && \dut.g_reflect_reg[1] == f_gr[1]);
            assert(\dut.g_ip_reg[0] == f_gip[0] && \dut.g_ip_reg[1] == f_gip[1]);
            assert(\dut.g_mask_reg[0] == f_gm[0] && \dut.g_mask_reg[1] == f_gm[1]);
            assert(\dut.f_rp_reg == f_rp && \dut.f_wp_reg == f_wp && \dut.f_cnt_reg == f_n);
            assert(\dut.dq_res_reg == f_ndec);
            if (s_axis_in_tready)
                assert(f_n < FD && f_ndec < DQ);
            assert(\dut.dq_cnt_reg == f_nq);
            assert(\dut.dq_wp_reg == \dut.dq_rp_reg + f_nq[1:0]);
            assert(\dut.cur_v_reg == f_hd && \dut.nxt_v_reg == f_hx);
            if (f_hx)
                assert(\dut.nxt_reg == f_pk_mask[f_htag + {2'd0, f_hd}]);
            // translation class and beat index at ingress (the flags stored with each beat)
            if (f_len < 8'd240)
                assert(\dut.xbi_reg == {1'b0, f_len[7:4]});
            else
                assert(\dut.xbi_reg >= 5'd15);
            if (f_len >= 8'd48)
                assert(\dut.ud_reg == (f_h[2] == 8'h45 && f_x[0] == 8'h00 && f_x[1] == 8'd64 &&
                                         f_x[2] == 8'h65));
            if (f_len >= 8'd48)
                assert(\dut.fa_reg == (f_h[2] == 8'h45 && f_x[0] == 8'h00 && f_x[1] == 8'd72 &&
                                         f_x[2] == 8'h14));
            if (f_s4_v && !f_s4_malf && f_s4_hit)
                assert(\dut.p4_gi_reg == f_s4_g);
            if (f_hd)
                assert(\dut.cur_reg == f_pk_mask[f_htag] &&
                       \dut.rem_reg == (f_pk_mask[f_htag] & ~f_sent));
            assert(\dut.f_ne_reg == (f_n != 0));
            assert(\dut.decided_reg == f_cur_dec);
            assert(f_len[3:0] == 4'd0 || f_len == 8'hff);
            assert(\dut.bi_reg == f_len[7:4]);
            // decision pipeline == reference stages
            assert(\dut.p1_v_reg == f_s1_v && \dut.p2_v_reg == f_s2_v);
            assert(\dut.p3_v_reg == f_s3_v && \dut.p4_v_reg == f_s4_v);
            // (the header bytes, and so the lookup, matter only for a well-formed packet)
            if (f_s1_v)
                assert(\dut.p1_malf_reg == f_s1_malf && \dut.p1_badsrc_reg == f_s1_bad &&
                       \dut.p1_src_reg == f_s1_src && (f_s1_malf || (\dut.p1_dip_reg == f_s1_dip &&
                       \dut.p1_dipb_reg == f_s1_dip)));
            if (f_s2_v) begin
                assert(\dut.p2_malf_reg == f_s2_malf && \dut.p2_badsrc_reg == f_s2_bad &&
                       \dut.p2_src_reg == f_s2_src);
                if (!f_s2_malf) begin
                    assert((|\dut.p2_match ) == f_s2_hit);
                    if (f_s2_hit)
                        assert(\dut.p2_match [0] == (f_s2_g == 1'b0));
                end
            end
            if (f_s3_v) begin
                assert(\dut.p3_malf_reg == f_s3_malf && \dut.p3_badsrc_reg == f_s3_bad &&
                       \dut.p3_src_reg == f_s3_src);
                if (!f_s3_malf)
                    assert(\dut.p3_hit_reg == f_s3_hit &&
                           \dut.p3_first_reg == (f_s3_hit ? (2'b01 << f_s3_g) : 2'b00));
            end
            if (f_s4_v) begin
                assert(\dut.p4_malf_reg == f_s4_malf && \dut.p4_badsrc_reg == f_s4_bad &&
                       \dut.p4_src_reg == f_s4_src);
                if (!f_s4_malf)
                    assert(\dut.p4_hit_reg == f_s4_hit && \dut.p4_mask == f_s4_mask &&
                           \dut.p4_refl == f_s4_refl);
            end
        end
        for (s = 0; s < FD; s = s + 1) begin
            age = {1'b0, s[FW-1:0] - f_rp};
            if (f_run && age < f_n)
                assert(f_d_mem[s] == f_mem[s]);
        end
        for (k = 0; k < DQ; k = k + 1) begin
            t = f_htag + {2'd0, f_hd} + {2'd0, f_hx} + k[2:0];
            if (f_run && k < f_nq) begin
                assert(f_d_dq[(\dut.dq_rp_reg + k) % DQ][NP-1:0] == f_pk_mask[t]);
                if (!f_pk_drop[t])
                    assert(f_d_dq[(\dut.dq_rp_reg + k) % DQ][NP] == f_pk_g[t]);
            end
        end
        for (k = 0; k < 7; k = k + 1)
            if (f_run && f_pos(k) < f_len)
                assert(f_d_hb[k] == f_h[k]);
        for (k = 0; k < 3; k = k + 1)
            if (f_run && f_xpos(k) < f_len)
                assert(f_d_xb[k] == f_x[k]);
        // the translation tables and the CSR write register, in and out of reset (the RAMs are not
        // reset, so their shadow must hold through a reset too)
        if (f_past_valid) begin
            assert(\dut.wq_en_reg == (f_wr ? (6'd1 << (f_wa[3:2] * NG + f_wg)) : 6'd0));
            if (f_wr)
                assert(\dut.wq_data_reg == f_wd);
        end
    end

    // ------------------------------------------------------------ covers
    reg [NP-1:0] f_pk_done;     // ports that completed a packet (tlast taken), since reset
    always @(posedge clk)
        if (rst) f_pk_done <= {NP{1'b0}};
        else f_pk_done <= f_pk_done | (f_took & m_axis_out_tlast);
    always @(posedge clk) begin
        if (f_run) begin
            // a forwarded packet of >= 34 bytes (3 beats, decision on the third) reaches 2 ports,
            // the copies taken in different cycles
            cover(f_pop && f_h_last && !f_h_drop && f_h_mask == 3'b011 && f_sent != 0);
            // reflect: a copy goes back to the source port
            cover(f_took[1] && f_h_user == 4'd1 && m_axis_out_tlast[1]);
            // a dropped packet, and every port has completed a packet
            cover(f_pop && f_h_drop && f_h_last);
            cover(&f_pk_done);
            // data FIFO full; decision queue full
            cover(f_n == FD);
            cover(f_ndec == DQ);
        end
    end
endmodule
`default_nettype wire
