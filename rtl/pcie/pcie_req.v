`resetall
`timescale 1ns / 1ps
`default_nettype none
// pcie_req: PCIe requester adapter (issue 15, first slice) between the NIC's generic host DMA
// interface (docs/nic.md 2: reads s_rd_req_* -> m_cpl_*, writes s_wr_*) and the requester
// interfaces of the UltraScale+ PCIe4 hard block (AMD PG213, "Requester Request Interface" RQ and
// "Requester Completion Interface" RC, 256-bit AXI4-Stream, straddle off, Dword-aligned mode).
// Descriptor fields and tuser bits as PG213 gives them (tables in docs/pcie.md 2; the bit layouts
// are checked against cocotbext-pcie's Tlp_us by scripts/pcie_tlp_check.py).
//
// Ports (one clock, synchronous active-high rst):
//   cfg_mrrs[2:0]  max read request size, PCIe Device Control encoding (0: 128 B .. 5: 4096 B;
//                  6, 7 read as 5). cfg_mps[2:0] max payload size (0: 128 .. 3: 1024; 4..7 as 3).
//                  Registered; change them only while the adapter is idle.
//   s_rd_req_*     NIC reads: addr[63:0], len[12:0] (1..4096, no 4 KiB crossing), tag[HTAG_W-1:0]
//   m_cpl_*        completions to the NIC: tag, data[255:0] (natural 32-byte alignment, bytes
//                  outside [addr, addr+len) zero), last, err (every beat, data zero). Registered.
//   s_wr_*         NIC writes: addr, len (1..4096; stable over the beats), data[255:0], last
//                  (s_wr_ready depends on registers only: an input register holds one beat).
//   m_axis_rq_*    RQ: tdata[255:0] (DWs beyond tkeep undefined), tkeep[7:0] (per DW), tlast,
//                  tuser[61:0], tvalid, tready.
//                  Registered. tuser: [3:0] first_be, [7:4] last_be, every other bit 0
//                  (addr_offset, discontinue, TPH, seq_num, parity).
//   s_axis_rc_*    RC: tdata[255:0], tkeep[7:0], tlast, tuser[74:0] (not used), tvalid, tready
//                  (registered: an axis_skid at the input).
//   stat_*[31:0]   counters, reset to 0, wrapping: stat_rd_tlp / stat_wr_tlp (RQ TLPs sent),
//                  stat_cpl (RC TLPs of an outstanding tag), stat_cpl_unexp (RC TLPs of a tag not
//                  outstanding: dropped), stat_cpl_err (of stat_cpl: status != SC, poisoned, or an
//                  error code from the core, e.g. its completion timeout), stat_tag_stall (cycles
//                  a read split waited for a free PCIe tag).
// Parameters: HTAG_W NIC tag width; NTAG PCIe tags (power of two, 2..256); NSLOT NIC reads in
//   flight (power of two). Reorder buffer: 256 beats of 32 B (a 4 KiB read needs at most 129).
//   RING_DP16KD: 0 (default) the reorder ring is an inferred RAM with two read registers (any
//   tool: Verilator, Icarus, Vivado, Yosys); 1 it instantiates the ECP5 DP16KD with its output
//   register (set by the ECP5 line of fpga/open/pcie.tops; same latency, pcie_ring.v).
// Splitting: reads at MRRS-aligned boundaries (a NIC read never crosses 4 KiB), writes at
//   MPS-aligned boundaries (so at 4 KiB too). Each RQ read gets the lowest free PCIe tag; a tag is
//   free again after the completion with Request Completed (descriptor bit 30) was written.
// Reorder: ring space for a NIC read's beats is reserved when it is accepted; completions write
//   their data at its host position (any order); NIC reads are delivered whole and in acceptance
//   order once every sub-request has completed (docs/pcie.md 4).
// Latency: read request -> RQ 7 cycles; last completion beat -> first m_cpl beat about 12
//   cycles. Throughput: one RQ read TLP per 3 cycles (a tag is taken at most every third cycle:
//   the two-stage tag encoder); write payload up to 32 B/cycle (one header beat per TLP, a new
//   TLP at most every fourth cycle); RC one beat per cycle (plus one cycle after a completion
//   whose data spills into one more host beat); m_cpl one beat per cycle within a NIC read, three
//   idle cycles between reads.
// Errors: see stat_*; an error completion marks its NIC read, which is delivered with err.
// Source: AMD PG213 (PCIe4 UltraScale+ block), chapter "Designing with the Core", Requester
//   Request / Requester Completion descriptor formats; issue 15; docs/nic.md 2.
module pcie_req #(
    parameter HTAG_W  = 10,
    parameter NTAG    = 64,
    parameter NSLOT   = 16,
    parameter RING_DP16KD = 0
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [2:0]        cfg_mrrs,
    input  wire [2:0]        cfg_mps,
    input  wire              s_rd_req_valid,
    output wire              s_rd_req_ready,
    input  wire [63:0]       s_rd_req_addr,
    input  wire [12:0]       s_rd_req_len,
    input  wire [HTAG_W-1:0] s_rd_req_tag,
    output wire              m_cpl_valid,
    input  wire              m_cpl_ready,
    output wire [HTAG_W-1:0] m_cpl_tag,
    output wire [255:0]      m_cpl_data,
    output wire              m_cpl_last,
    output wire              m_cpl_err,
    input  wire              s_wr_valid,
    output wire              s_wr_ready,
    input  wire [63:0]       s_wr_addr,
    input  wire [12:0]       s_wr_len,
    input  wire [255:0]      s_wr_data,
    input  wire              s_wr_last,
    output wire [255:0]      m_axis_rq_tdata,
    output wire [7:0]        m_axis_rq_tkeep,
    output wire              m_axis_rq_tlast,
    output wire [61:0]       m_axis_rq_tuser,
    output wire              m_axis_rq_tvalid,
    input  wire              m_axis_rq_tready,
    input  wire [255:0]      s_axis_rc_tdata,
    input  wire [7:0]        s_axis_rc_tkeep,
    input  wire              s_axis_rc_tlast,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [74:0]       s_axis_rc_tuser,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire              s_axis_rc_tvalid,
    output wire              s_axis_rc_tready,
    output wire [31:0]       stat_rd_tlp,
    output wire [31:0]       stat_wr_tlp,
    output wire [31:0]       stat_cpl,
    output wire [31:0]       stat_cpl_unexp,
    output wire [31:0]       stat_cpl_err,
    output wire [31:0]       stat_tag_stall
);
    localparam TAG_W  = (NTAG > 1) ? $clog2(NTAG) : 1;
    localparam SLOT_W = (NSLOT > 1) ? $clog2(NSLOT) : 1;
    localparam RING_AW = 8;   // 256 beats of 32 B: one 4 KiB read needs at most 129

    initial begin
        if (NTAG < 2 || NTAG > 128 || (NTAG & (NTAG - 1)) != 0 || NSLOT < 2 || (NSLOT & (NSLOT - 1)) != 0
            || HTAG_W < 1) begin
            $error("%m: NTAG (2..128), NSLOT (>= 2) powers of two");
            $finish;
        end
    end

    // ------------------------------------------------------------------ helpers
    // {last_be, first_be} of a request of len bytes at byte offset a (PCIe: one DW -> last_be 0)
    function [7:0] be_of(input [1:0] a, input [12:0] len);
        reg [1:0] e;
        reg [3:0] fb, lb;
        begin
            e  = a + len[1:0] - 2'd1;
            fb = 4'hf << a;
            lb = 4'hf >> (2'd3 - e);
            if (len[12:3] == 10'd0 && ({2'b00, len[2:0]} + {3'b000, a}) <= 5'd4) be_of = {4'h0, fb & lb};
            else be_of = {lb, fb};
        end
    endfunction
    /* verilator lint_off UNUSEDSIGNAL */
    function [TAG_W-1:0] k_tag(input integer k);
        k_tag = k[TAG_W-1:0];
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // 16-bit rotate left of an 8-bit lane mask (the DW buffer's positions)
    function [15:0] rot16(input [7:0] l, input [3:0] o);
        reg [31:0] x;
        begin
            x = {24'd0, l} << o;
            rot16 = x[15:0] | x[31:16];
        end
    endfunction
    function [10:0] dwc_of(input [1:0] a, input [12:0] len);   // DW count, 1..1024
        /* verilator lint_off UNUSEDSIGNAL */ reg [13:0] s; /* verilator lint_on UNUSEDSIGNAL */
        begin
            s = {1'b0, len} + {12'd0, a} + 14'd3;
            dwc_of = s[12:2];
        end
    endfunction

    // ------------------------------------------------------------------ configuration
    reg [12:0] mrrs_m_reg, mps_m_reg;   // size - 1
    always @(posedge clk) begin
        mrrs_m_reg <= (cfg_mrrs >= 3'd5) ? 13'd4095 : ((13'd128 << cfg_mrrs) - 13'd1);
        mps_m_reg  <= (cfg_mps >= 3'd3) ? 13'd1023 : ((13'd128 << cfg_mps) - 13'd1);
    end

    // ------------------------------------------------------------------ state
    // NIC read accept register
    reg              h_valid_reg;
    reg [63:0]       h_addr_reg;
    reg [12:0]       h_len_reg;
    reg [HTAG_W-1:0] h_tag_reg;
    reg [7:0]        h_nb_reg;
    // read being split
    reg               cur_active_reg;
    reg [63:0]        cur_addr_reg;
    reg [12:0]        cur_rem_reg;
    reg [SLOT_W-1:0]  cur_slot_reg;
    reg [RING_AW-1:0] cur_bias_reg;
    // slot table (NIC reads in flight, in acceptance order)
    reg [HTAG_W-1:0]  sl_tag  [0:NSLOT-1];
    reg [4:0]         sl_lo   [0:NSLOT-1];
    reg [4:0]         sl_hi   [0:NSLOT-1];
    reg [RING_AW-1:0] sl_base [0:NSLOT-1];
    reg [7:0]         sl_nb   [0:NSLOT-1];
    reg [6:0]         sl_pend_reg [0:NSLOT-1];
    reg [NSLOT-1:0]   sl_iss_reg, sl_err_reg;
    reg [SLOT_W-1:0]  sl_wp_reg, sl_rp_reg;
    reg [SLOT_W:0]    sl_cnt_reg;
    reg [RING_AW-1:0] ring_wp_reg;
    reg [RING_AW:0]   ring_free_reg;
    // PCIe tags
    reg [NTAG-1:0]    tag_free_reg;
    reg [TAG_W-1:0]   pe_tag_reg;
    reg               pe_any_reg;
    localparam GW = (NTAG >= 8) ? 8 : NTAG;   // encoder groups of GW tags
    localparam NG = NTAG / GW;
    reg [NG-1:0]      grp_any_reg;
    reg [TAG_W-1:0]   grp_idx_reg [0:NG-1];  // lowest free tag of each group
    reg [GW-1:0]      grp_oh_reg  [0:NG-1];  // and as a one-hot in the group
    reg [NTAG-1:0]    pe_oh_reg;             // pe_tag_reg as a one-hot
    wire [NG-1:0]     grp_low = grp_any_reg & (~grp_any_reg + 1'b1);   // lowest group with a free tag
    reg [SLOT_W-1:0]  tt_slot [0:NTAG-1];
    reg [RING_AW-1:0] tt_bias [0:NTAG-1];
    // read TLP waiting for the RQ arbiter
    reg               rdt_valid_reg;
    /* verilator lint_off UNUSEDSIGNAL */ reg [63:0]        rdt_addr_reg; /* verilator lint_on UNUSEDSIGNAL */
    reg [10:0]        rdt_dwc_reg;
    reg [7:0]         rdt_be_reg;
    // byte enables of the next read piece for both of its lengths (the rest, the room to the MRRS
    // boundary), registered in the same cycle as rd_last_reg, which picks one (timing pass 8)
    reg [7:0]         be_rem_reg, be_room_reg;
    reg [TAG_W-1:0]   rdt_tag_reg;
    // write path: DW buffer indexed by host DW address mod 16, command FIFO, splitter, TLP
    reg [31:0]        wb_reg [0:15];
    reg [15:0]        wb_v_reg;
    reg               wi_first_reg, wi_par_reg;
    reg [63:0]        cq_addr [0:3];
    reg [12:0]        cq_len  [0:3];
    reg [1:0]         cq_wp_reg, cq_rp_reg;
    reg [2:0]         cq_cnt_reg;
    reg               sp_active_reg, sp_cool_reg, sp_cool2_reg, wr_last_reg;
    reg [12:0]        wr_room_reg;
    reg [51:0]        sp_hi_reg, sp_hi_inc_reg;   // address[63:12], and + 1
    reg [11:0]        sp_lo_reg;
    reg [12:0]        sp_rem_reg;
    reg               wa_valid_reg;               // stage A: the next piece (address, length)
    reg [63:0]        wa_addr_reg;
    reg [12:0]        wa_len_reg;
    reg               wh_valid_reg;               // stage B: its header, lane masks
    /* verilator lint_off UNUSEDSIGNAL */ reg [63:0]        wh_addr_reg; /* verilator lint_on UNUSEDSIGNAL */
    reg [10:0]        wh_dwc_reg, wh_left1_reg;
    reg [7:0]         wh_be_reg, wh_l0_reg, wh_l1_reg, wh_llast_reg;
    reg [3:0]         wh_o0_reg;
    reg [15:0]        wh_pm_reg, wh_pm1_reg, wh_pmlast_reg;
    reg               wh_more_reg, wh_fresh_reg, wh_fresh2_reg;
    reg [3:0]         wh_olast_reg;
    reg               t_active_reg;
    reg [10:0]        t_left_reg;
    reg [3:0]         t_o_reg;
    reg [15:0]        t_pm_reg, t_pmlast_reg;
    reg [7:0]         t_l_reg, t_llast_reg;
    // write input register (stage I): one NIC write beat with its lanes and buffer half
    reg               wi1_valid_reg, wi1_par_reg, wi1_first_reg;
    reg [7:0]         wi1_lanes_reg;
    reg [255:0]       wi1_data_reg;
    reg [63:0]        wi1_addr_reg;
    reg [12:0]        wi1_len_reg;
    reg               prio_wr_reg;
    // RQ output register
    reg               rq_valid_reg;
    reg [255:0]       rq_data_reg;
    reg [7:0]         rq_keep_reg;
    reg               rq_last_reg;
    reg [7:0]         rq_be_reg;
    // counters
    reg [31:0] st_rd_reg, st_wr_reg, st_cpl_reg, st_unexp_reg, st_err_reg, st_stall_reg;

    // ------------------------------------------------------------------ read accept, split
    assign s_rd_req_ready = !h_valid_reg;
    /* verilator lint_off UNUSEDSIGNAL */ wire [13:0] rd_end = {9'd0, s_rd_req_addr[4:0]} + {1'b0, s_rd_req_len} + 14'd31; /* verilator lint_on UNUSEDSIGNAL */

    // registered conditions (each valid one cycle after its inputs settle; the rules below keep
    // every decision from using a stale one): ring space, MRRS room, last piece
    reg         h_fresh_reg, ring_ok_reg, cur_fresh_reg, cur_fresh2_reg, rd_last_reg;
    reg [12:0]  rd_room_reg;
    wire alloc_go = h_valid_reg && !h_fresh_reg && ring_ok_reg && !cur_active_reg
                    && (sl_cnt_reg != NSLOT[SLOT_W:0]);
    /* verilator lint_off UNUSEDSIGNAL */ wire [13:0] h_last_b = {9'd0, h_addr_reg[4:0]} + {1'b0, h_len_reg} - 14'd1; /* verilator lint_on UNUSEDSIGNAL */

    wire [12:0] rd_sub  = rd_last_reg ? cur_rem_reg : rd_room_reg;
    // pe_* come from the free map two cycles back (a two-stage encoder): no tag is taken in the
    // two cycles after one was taken, so the tag pe_tag names is still free
    reg         alloc_last_reg, alloc_last2_reg;
    wire split_try = cur_active_reg && !rdt_valid_reg && !alloc_last_reg && !alloc_last2_reg
                     && !cur_fresh_reg && !cur_fresh2_reg;
    wire split_go  = split_try && pe_any_reg;

    // ------------------------------------------------------------------ write input
    wire        wi_par   = wi_first_reg ? s_wr_addr[5] : wi_par_reg;
    // half h of the DW buffer empty: hv_empty_reg (from the buffer one cycle back; a half filled in
    // the previous cycle is not empty: wi1_last_reg)
    reg  [1:0]  hv_empty_reg;
    reg         wi1_last_reg, wi1_lpar_reg;
    wire        wi1_hok  = hv_empty_reg[wi1_par_reg] && !(wi1_last_reg && wi1_lpar_reg == wi1_par_reg);
    wire        wi1_go   = wi1_valid_reg && wi1_hok && (!wi1_first_reg || cq_cnt_reg != 3'd4);
    assign s_wr_ready = !wi1_valid_reg || wi1_go;
    wire        wi_go = s_wr_valid && s_wr_ready;
    /* verilator lint_off UNUSEDSIGNAL */ wire [13:0] wi_e  = {9'd0, s_wr_addr[4:0]} + {1'b0, s_wr_len} - 14'd1; /* verilator lint_on UNUSEDSIGNAL */
    wire [7:0]  wi_lo_m = wi_first_reg ? (8'hff << s_wr_addr[4:2]) : 8'hff;
    wire [7:0]  wi_hi_m = s_wr_last ? (8'hff >> (3'd7 - wi_e[4:2])) : 8'hff;
    wire [7:0]  wi_lanes = wi_lo_m & wi_hi_m;
    wire [15:0] wi_set = wi1_go ? (wi1_par_reg ? {wi1_lanes_reg, 8'd0} : {8'd0, wi1_lanes_reg}) : 16'd0;

    // splitter: next write TLP header
    wire [12:0] wr_sub  = wr_last_reg ? sp_rem_reg : wr_room_reg;
    wire        sp_load = !sp_active_reg && cq_cnt_reg != 3'd0;
    wire [12:0] sp_lo_next = {1'b0, sp_lo_reg | mps_m_reg[11:0]} + 13'd1;   // next MPS boundary
    wire        wa_move = wa_valid_reg && !wh_valid_reg;
    wire        sp_step = sp_active_reg && !sp_cool_reg && !sp_cool2_reg && (!wa_valid_reg || wa_move);
    // stage B: header fields and the DW-buffer positions of the first two beats
    wire [10:0] wa_dwc = dwc_of(wa_addr_reg[1:0], wa_len_reg);
    // lane masks and DW-buffer positions, registered from wh_dwc_reg / wh_o0_reg in the cycle after
    // the header (wh_fresh_reg): beat 0 (l0), beat 1 (l1), the last beat >= 1 (llast, at olast)
    /* verilator lint_off UNUSEDSIGNAL */ wire [10:0] wd_u = wh_dwc_reg - 11'd5; /* verilator lint_on UNUSEDSIGNAL */
    wire [2:0]  wd_c     = wh_dwc_reg[2:0] - 3'd4;                 // DWs of the last beat (0: 8)
    wire [7:0]  wd_llast = (wd_c == 3'd0) ? 8'hff : ~(8'hff << wd_c);
    wire [3:0]  wd_olast = wh_o0_reg ^ {~wd_u[3], 3'b000};         // o0 + 8 * ceil((dwc - 4) / 8)
    wire [7:0]  wd_l0    = (wh_dwc_reg >= 11'd4) ? 8'hf0 : (8'hf0 & ~(8'hff << (3'd4 + wh_dwc_reg[2:0])));
    wire [7:0]  wd_l1    = (wh_dwc_reg > 11'd12) ? 8'hff : (wh_dwc_reg > 11'd4) ? wd_llast : 8'h00;

    // data availability of the next write beat (masks precomputed per beat)
    // cur_o = t_active_reg ? t_o_reg : wh_o0_reg, kept as registers: one copy per output lane li,
    // holding (cur_o + li) & 15 (the lane's DW-buffer position; no adder and fanout 32 per copy)
    reg  [31:0] cur_o_reg;   // lane li: bits 4*li+3..4*li
    // and its complement, a second copy for the upper 16 bits of each lane (fanout 16 per copy;
    // complemented so that Yosys' opt_merge does not merge it back into cur_o_reg; timing pass 8)
    reg  [31:0] cur_on_reg;
    // next cur_o for each outcome of the cycle, from registers only (timing pass 8: go_w0 /
    // go_wbeat, the late signals, only pick one of the three): a header beat goes (w0), a data
    // beat goes (wbeat), nothing goes (id); b: the position when no transfer stays active
    wire [3:0]  cur_o_b  = wa_move ? (wa_addr_reg[5:2] - 4'd4) : wh_o0_reg;
    wire [3:0]  cur_o_w0 = wh_more_reg ? (wh_o0_reg ^ 4'd8) : cur_o_b;
    wire [3:0]  cur_o_wb = (t_left_reg > 11'd8) ? (t_o_reg ^ 4'd8) : cur_o_b;
    wire [3:0]  cur_o_id = t_active_reg ? t_o_reg : cur_o_b;
    // data availability of the active transfer's next beat (t) and of a waiting header's first
    // beat (wh), each from registers only: t_active_reg picks one in go_wbeat / go_w0
    wire        w_ok_t  = (wb_v_reg & t_pm_reg) == t_pm_reg;
    wire        w_ok_wh = (wb_v_reg & wh_pm_reg) == wh_pm_reg;
    wire        wh_rdy = wh_valid_reg && !wh_fresh_reg && !wh_fresh2_reg;
    reg  [255:0] w_lanes;
    integer li;
    always @(*) begin
        for (li = 0; li < 8; li = li + 1) begin
            w_lanes[32 * li +: 16]      = wb_reg[cur_o_reg[4 * li +: 4]][15:0];
            w_lanes[32 * li + 16 +: 16] = wb_reg[~cur_on_reg[4 * li +: 4]][31:16];
        end
    end

    // ------------------------------------------------------------------ RQ arbiter
    // sel_rd does not wait for the write data (w_ok_t / w_ok_wh): the RQ data registers load whenever free
    wire rq_free  = !rq_valid_reg || m_axis_rq_tready;
    wire sel_rd   = !t_active_reg && rdt_valid_reg && (!wh_rdy || !prio_wr_reg);
    wire go_rd    = rq_free && sel_rd;
    wire go_w0    = rq_free && !t_active_reg && !sel_rd && wh_rdy && w_ok_wh;
    wire go_wbeat = rq_free && t_active_reg && w_ok_t;
    wire [15:0] w_clr = go_wbeat ? t_pm_reg : go_w0 ? wh_pm_reg : 16'd0;

    wire [10:0] rdt_dwc = rdt_dwc_reg;
    wire [7:0]  rdt_be  = rdt_be_reg;
    wire [127:0] rd_desc = {1'b0, 3'd0, 3'd0, 1'b0, 16'd0, {(8 - TAG_W){1'b0}}, rdt_tag_reg,
                            16'd0, 1'b0, 4'b0000, rdt_dwc, rdt_addr_reg[63:2], 2'b00};
    wire [127:0] wr_desc = {1'b0, 3'd0, 3'd0, 1'b0, 16'd0, 8'd0,
                            16'd0, 1'b0, 4'b0001, wh_dwc_reg, wh_addr_reg[63:2], 2'b00};

    // ------------------------------------------------------------------ RC input
    // input skid (registered tready) -> R1 (descriptor decode, tag lookups) -> R2 (rotate, ring write)
    wire [255:0] k_d;
    wire [7:0]   k_k;
    wire         k_l, k_valid;
    reg          fl_pend_reg;
    reg               r1_valid_reg, r1_sop_reg, r1_l_reg, r1_known_reg, r1_err_reg, r1_done_reg, s1_sop_reg;
    reg [255:0]       r1_r_reg;      // the beat rotated to host lanes
    reg [7:0]         r1_rk_reg, r1_hm_reg;
    reg               r1_spill_reg;
    reg [2:0]         s1_rot_reg;
    reg [RING_AW-1:0] r1_b_reg;
    reg [TAG_W-1:0]   r1_tag_reg;
    reg [SLOT_W-1:0]  r1_slot_reg;
    wire         c_go    = r1_valid_reg && !fl_pend_reg;   // R2 takes the R1 beat
    wire         k_ready = !r1_valid_reg || !fl_pend_reg;
    wire         k_go    = k_valid && k_ready;
    axis_skid #(.DATA_WIDTH(256 + 8 + 1)) rc_skid (
        .clk(clk), .rst(rst),
        .s_data({s_axis_rc_tlast, s_axis_rc_tkeep, s_axis_rc_tdata}), .s_valid(s_axis_rc_tvalid),
        .s_ready(s_axis_rc_tready),
        .m_data({k_l, k_k, k_d}), .m_valid(k_valid), .m_ready(k_ready)
    );
    // R1 decode of a first beat
    wire [7:0]        k_tag8 = k_d[71:64];
    wire [TAG_W-1:0]  k_tagi = k_tag8[TAG_W-1:0];
    wire              s_known = ({24'd0, k_tag8} < NTAG) && !tag_free_reg[k_tagi];
    /* verilator lint_off UNUSEDSIGNAL */ wire [11:0]       s_la = k_d[11:0]; /* verilator lint_on UNUSEDSIGNAL */
    wire              s_err = (k_d[15:12] != 4'd0) || (k_d[45:43] != 3'd0) || k_d[46];
    wire [2:0]        s_rot = s_la[4:2] - 3'd3;
    wire [RING_AW-1:0] s_b = tt_bias[k_tagi] + {{(RING_AW - 7){1'b0}}, s_la[11:5]}
                             - {{(RING_AW - 1){1'b0}}, (s_la[4:2] < 3'd3)};
    // R1 rotation: host lane j <- RC lane (j - rot) & 7; lanes >= rot are this ring beat's
    wire [2:0]        k_rot = s1_sop_reg ? s_rot : s1_rot_reg;
    wire [7:0]        k_km  = s1_sop_reg ? (k_k & 8'hf8) : k_k;   // DWs 0..2: the descriptor
    /* verilator lint_off UNUSEDSIGNAL */ wire [511:0] k_dd = {k_d, k_d} << (32 * k_rot); /* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_off UNUSEDSIGNAL */ wire [15:0] k_kk = {k_km, k_km} << k_rot; /* verilator lint_on UNUSEDSIGNAL */
    wire [7:0]        k_hm  = 8'hff << k_rot;
    // R2
    wire         c_l = r1_l_reg;
    reg               c_known_reg, c_err_reg, c_done_reg;
    reg [RING_AW-1:0] c_b_reg;
    reg [TAG_W-1:0]   c_tag_reg;
    reg [SLOT_W-1:0]  c_slot_reg;
    reg [255:0]       c_prevd_reg;
    reg [7:0]         c_prevk_reg;
    wire              e_known = r1_sop_reg ? r1_known_reg : c_known_reg;
    wire              e_err   = r1_sop_reg ? r1_err_reg : c_err_reg;
    wire              e_done  = r1_sop_reg ? r1_done_reg : c_done_reg;
    wire [RING_AW-1:0] e_b    = r1_sop_reg ? r1_b_reg : c_b_reg;
    wire [TAG_W-1:0]  e_tag   = r1_sop_reg ? r1_tag_reg : c_tag_reg;
    wire [SLOT_W-1:0] e_slot  = r1_sop_reg ? r1_slot_reg : c_slot_reg;
    wire [255:0]      c_r  = r1_r_reg;
    wire [7:0]        c_rk = r1_rk_reg;
    wire [7:0]        c_hm = r1_hm_reg;                        // host lanes of this ring beat
    wire              c_wr_ok = e_known && !e_err;
    reg  [255:0]      c_wdata;
    integer ci;
    always @(*) begin
        for (ci = 0; ci < 8; ci = ci + 1)
            c_wdata[32 * ci +: 32] = c_hm[ci] ? c_r[32 * ci +: 32] : c_prevd_reg[32 * ci +: 32];
    end
    wire [7:0]        e_prevk = r1_sop_reg ? 8'd0 : c_prevk_reg;
    wire [7:0]        c_wen = c_wr_ok ? ((c_rk & c_hm) | (e_prevk & ~c_hm)) : 8'd0;
    wire [7:0]        c_spill = c_rk & ~c_hm;

    // ring write stage and completion-done event (applied together)
    reg [7:0]         rw_en_reg;
    reg [RING_AW-1:0] rw_addr_reg;
    reg [255:0]       rw_data_reg;
    reg               dn_valid_reg, dn_err_reg, dn_rel_reg;
    reg [SLOT_W-1:0]  dn_slot_reg;
    reg [TAG_W-1:0]   dn_tag_reg;

    // ------------------------------------------------------------------ delivery
    reg               dv_active_reg;
    reg [RING_AW-1:0] dv_addr_reg;
    reg [7:0]         dv_left_reg, dv_nb_reg;
    reg               dv_first_reg, dv_err_reg;
    reg [4:0]         dv_lo_reg, dv_hi_reg;
    reg [HTAG_W-1:0]  dv_tag_reg;
    reg               p_valid_reg, p_last_reg, p_err_reg;
    reg               p2_valid_reg, p2_last_reg, p2_err_reg;
    reg [255:0]       p2_data_reg;
    // the ring's data comes two cycles after the read (its read and output registers, in the
    // DP16KD): the q_* stage delays the beat's side fields to match
    reg               q_valid_reg, q_last_reg, q_err_reg;
    reg [31:0]        q_mask_reg;
    reg [HTAG_W-1:0]  q_tag_reg;
    reg [31:0]        p2_mask_reg;
    reg [HTAG_W-1:0]  p2_tag_reg;
    reg [31:0]        p_mask_reg;
    reg [HTAG_W-1:0]  p_tag_reg;
    wire [255:0]      ring_q;
    /* verilator lint_off UNUSEDSIGNAL */ wire [3:0]        of_count; /* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_off UNUSEDSIGNAL */ wire              of_s_ready; /* verilator lint_on UNUSEDSIGNAL */
    wire head_ok = (sl_cnt_reg != 0) && sl_iss_reg[sl_rp_reg] && (sl_pend_reg[sl_rp_reg] == 7'd0);
    // head_ok one cycle late; no start in the two cycles after a delivery end (sl_rp_reg moves
    // at once, sl_cnt_reg one cycle later)
    reg  head_ok_reg, dv_end_last_reg, dv_end_last2_reg;
    wire dv_start = !dv_active_reg && head_ok_reg && !dv_end_last_reg && !dv_end_last2_reg;
    // occ_reg: beats read from the ring and not yet taken by the output skid (read register,
    // output register / q_* stage, p2 register, output FIFO of 8): a read is issued only when fewer than
    // 5 are in flight (5: the issue -> FIFO -> pop -> occ_reg loop is 5 cycles, one beat a cycle)
    reg  [2:0] occ_reg;
    reg        dv_one_reg;   // dv_left_reg == 1
    wire dv_issue = dv_active_reg && (occ_reg != 3'd5);
    wire dv_end   = dv_issue && dv_one_reg;

    pcie_ring #(.AW(RING_AW), .DP16KD(RING_DP16KD)) ring (
        .clk(clk), .we(rw_en_reg), .waddr(rw_addr_reg), .wdata(rw_data_reg),
        .raddr(dv_addr_reg), .rdata(ring_q)
    );
    reg [255:0] p_data;
    integer pi;
    always @(*) begin
        for (pi = 0; pi < 32; pi = pi + 1) p_data[8 * pi +: 8] = p2_mask_reg[pi] ? p2_data_reg[8 * pi +: 8] : 8'd0;
    end
    wire [HTAG_W+257:0] of_m_data;
    wire                of_m_valid, of_m_ready;
    sync_fifo #(.WIDTH(HTAG_W + 258), .DEPTH(8)) out_fifo (
        .clk(clk), .rst(rst),
        .s_data({p2_tag_reg, p2_err_reg, p2_last_reg, p_data}), .s_valid(p2_valid_reg), .s_ready(of_s_ready),
        .m_data(of_m_data), .m_valid(of_m_valid), .m_ready(of_m_ready), .count(of_count)
    );
    axis_skid #(.DATA_WIDTH(HTAG_W + 258)) out_skid (
        .clk(clk), .rst(rst),
        .s_data(of_m_data), .s_valid(of_m_valid), .s_ready(of_m_ready),
        .m_data({m_cpl_tag, m_cpl_err, m_cpl_last, m_cpl_data}), .m_valid(m_cpl_valid), .m_ready(m_cpl_ready)
    );

    // ------------------------------------------------------------------ sequential: control
    integer i, j;
    always @(posedge clk) begin
        // NIC read accept
        if (s_rd_req_valid && s_rd_req_ready) begin
            h_valid_reg <= 1'b1;
            h_addr_reg  <= s_rd_req_addr;
            h_len_reg   <= s_rd_req_len;
            h_tag_reg   <= s_rd_req_tag;
            h_nb_reg    <= rd_end[12:5];
        end else if (alloc_go) begin
            h_valid_reg <= 1'b0;
        end
        if (alloc_go) begin
            sl_tag[sl_wp_reg]  <= h_tag_reg;
            sl_lo[sl_wp_reg]   <= h_addr_reg[4:0];
            sl_hi[sl_wp_reg]   <= h_last_b[4:0];
            sl_base[sl_wp_reg] <= ring_wp_reg;
            sl_nb[sl_wp_reg]   <= h_nb_reg;
            sl_wp_reg          <= sl_wp_reg + 1'b1;
            ring_wp_reg        <= ring_wp_reg + h_nb_reg;
            cur_active_reg     <= 1'b1;
            cur_addr_reg       <= h_addr_reg;
            cur_rem_reg        <= h_len_reg;
            cur_slot_reg       <= sl_wp_reg;
            cur_bias_reg       <= ring_wp_reg - {{(RING_AW - 7){1'b0}}, h_addr_reg[11:5]};
        end
        sl_cnt_reg    <= sl_cnt_reg + {{SLOT_W{1'b0}}, alloc_go} - {{SLOT_W{1'b0}}, dv_end_last_reg};   // freed one cycle late
        ring_free_reg <= ring_free_reg - (alloc_go ? {{(RING_AW - 7){1'b0}}, h_nb_reg} : {(RING_AW + 1){1'b0}})
                         + (dv_end_last_reg ? {{(RING_AW - 7){1'b0}}, dv_nb_reg} : {(RING_AW + 1){1'b0}});
        // slot state: pend / issued / err
        for (i = 0; i < NSLOT; i = i + 1) begin
            sl_pend_reg[i] <= sl_pend_reg[i]
                              + ((split_go && cur_slot_reg == i[SLOT_W-1:0]) ? 7'd1 : 7'd0)
                              - ((dn_valid_reg && dn_rel_reg && dn_slot_reg == i[SLOT_W-1:0]) ? 7'd1 : 7'd0);
        end
        // no clear of sl_pend_reg at alloc_go: a slot is freed only once its count is 0 (head_ok)
        // and nothing counts a free slot (no split_go while !cur_active_reg, no completion of
        // it outstanding); reset clears it (timing pass 8: alloc_go on the reset pins of 112 FFs)
        if (alloc_go) begin
            sl_iss_reg[sl_wp_reg]  <= 1'b0;
            sl_err_reg[sl_wp_reg]  <= 1'b0;
        end
        if (split_go && rd_last_reg) sl_iss_reg[cur_slot_reg] <= 1'b1;
        if (dn_valid_reg && dn_err_reg) sl_err_reg[dn_slot_reg] <= 1'b1;
        // split
        alloc_last_reg  <= split_go;
        h_fresh_reg     <= s_rd_req_valid && s_rd_req_ready;
        ring_ok_reg     <= (ring_free_reg >= {{(RING_AW - 7){1'b0}}, h_nb_reg});
        cur_fresh_reg   <= alloc_go;
        cur_fresh2_reg  <= cur_fresh_reg;
        rd_room_reg     <= (mrrs_m_reg & ~cur_addr_reg[12:0]) + 13'd1;   // = MRRS - (addr mod MRRS)
        rd_last_reg     <= (cur_rem_reg <= rd_room_reg);
        be_rem_reg      <= be_of(cur_addr_reg[1:0], cur_rem_reg);
        be_room_reg     <= be_of(cur_addr_reg[1:0], rd_room_reg);
        alloc_last2_reg <= alloc_last_reg;
        if (split_go) begin
            rdt_valid_reg <= 1'b1;
            rdt_addr_reg  <= cur_addr_reg;
            rdt_dwc_reg   <= dwc_of(cur_addr_reg[1:0], rd_sub);
            rdt_be_reg    <= rd_last_reg ? be_rem_reg : be_room_reg;
            rdt_tag_reg   <= pe_tag_reg;
            tt_slot[pe_tag_reg] <= cur_slot_reg;
            tt_bias[pe_tag_reg] <= cur_bias_reg;
            // next piece from the next MRRS boundary (a NIC read stays inside its 4 KiB page)
            cur_addr_reg[11:0] <= (cur_addr_reg[11:0] | mrrs_m_reg[11:0]) + 12'd1;
            cur_rem_reg   <= cur_rem_reg - rd_room_reg;
            if (rd_last_reg) cur_active_reg <= 1'b0;
        end else if (go_rd) begin
            rdt_valid_reg <= 1'b0;
        end
        // tags: lowest free, registered
        tag_free_reg <= (tag_free_reg & ~(split_go ? pe_oh_reg : {NTAG{1'b0}}))
                        | ((dn_valid_reg && dn_rel_reg ? {{(NTAG - 1){1'b0}}, 1'b1} : {NTAG{1'b0}}) << dn_tag_reg);
        for (i = 0; i < NG; i = i + 1) begin
            grp_any_reg[i] <= |tag_free_reg[i * GW +: GW];
            grp_idx_reg[i] <= {TAG_W{1'b0}};
            grp_oh_reg[i]  <= tag_free_reg[i * GW +: GW] & (~tag_free_reg[i * GW +: GW] + 1'b1);
            pe_oh_reg[i * GW +: GW] <= grp_low[i] ? grp_oh_reg[i] : {GW{1'b0}};
            for (j = GW - 1; j >= 0; j = j - 1)
                if (tag_free_reg[i * GW + j]) grp_idx_reg[i] <= k_tag(i * GW + j);
        end
        pe_any_reg <= |grp_any_reg;
        pe_tag_reg <= {TAG_W{1'b0}};
        for (i = NG - 1; i >= 0; i = i - 1)
            if (grp_any_reg[i]) pe_tag_reg <= grp_idx_reg[i];

        // write input: DW buffer and command FIFO
        if (wi_go) begin
            wi1_valid_reg <= 1'b1;
            wi1_par_reg   <= wi_par;
            wi1_first_reg <= wi_first_reg;
            wi1_lanes_reg <= wi_lanes;
            wi1_data_reg  <= s_wr_data;
            wi1_addr_reg  <= s_wr_addr;
            wi1_len_reg   <= s_wr_len;
            wi_first_reg  <= s_wr_last;
            wi_par_reg    <= ~wi_par;
        end else if (wi1_go) begin
            wi1_valid_reg <= 1'b0;
        end
        if (wi1_go) begin
            for (i = 0; i < 8; i = i + 1)
                if (wi1_lanes_reg[i]) wb_reg[{wi1_par_reg, i[2:0]}] <= wi1_data_reg[32 * i +: 32];
            if (wi1_first_reg) begin
                cq_addr[cq_wp_reg] <= wi1_addr_reg;
                cq_len[cq_wp_reg]  <= wi1_len_reg;
                cq_wp_reg <= cq_wp_reg + 2'd1;
            end
        end
        wb_v_reg <= (wb_v_reg & ~w_clr) | wi_set;
        hv_empty_reg <= {wb_v_reg[15:8] == 8'd0, wb_v_reg[7:0] == 8'd0};
        wi1_last_reg <= wi1_go;
        wi1_lpar_reg <= wi1_par_reg;
        // splitter
        // a step uses wr_room_reg / wr_last_reg / sp_hi_inc_reg: no step in the two cycles after
        // a load or a step
        sp_cool_reg   <= sp_step || sp_load;
        sp_cool2_reg  <= sp_cool_reg;
        sp_hi_inc_reg <= sp_hi_reg + 52'd1;
        wr_room_reg   <= (mps_m_reg & ~{1'b0, sp_lo_reg}) + 13'd1;   // = MPS - (addr mod MPS)
        wr_last_reg   <= (sp_rem_reg <= wr_room_reg);
        if (sp_load) begin
            sp_active_reg <= 1'b1;
            sp_hi_reg     <= cq_addr[cq_rp_reg][63:12];
            sp_lo_reg     <= cq_addr[cq_rp_reg][11:0];
            sp_rem_reg    <= cq_len[cq_rp_reg];
            cq_rp_reg     <= cq_rp_reg + 2'd1;
        end
        cq_cnt_reg <= cq_cnt_reg + ((wi1_go && wi1_first_reg) ? 3'd1 : 3'd0)
                      - (sp_load ? 3'd1 : 3'd0);
        // (a piece ends at 4 KiB at most every 4th piece, so sp_hi_inc_reg is never stale)
        if (sp_step) begin
            wa_valid_reg <= 1'b1;
            wa_addr_reg  <= {sp_hi_reg, sp_lo_reg};
            wa_len_reg   <= wr_sub;
            sp_lo_reg    <= sp_lo_next[11:0];
            if (sp_lo_next[12]) sp_hi_reg <= sp_hi_inc_reg;
            sp_rem_reg   <= sp_rem_reg - wr_room_reg;
            if (wr_last_reg) sp_active_reg <= 1'b0;
        end else if (wa_move) begin
            wa_valid_reg <= 1'b0;
        end
        if (wa_move) begin
            wh_valid_reg <= 1'b1;
            wh_addr_reg  <= wa_addr_reg;
            wh_dwc_reg   <= wa_dwc;
            wh_be_reg    <= be_of(wa_addr_reg[1:0], wa_len_reg);
            wh_o0_reg    <= wa_addr_reg[5:2] - 4'd4;
        end else if (go_w0) begin
            wh_valid_reg <= 1'b0;
        end
        wh_fresh_reg  <= wa_move;
        wh_l0_reg     <= wd_l0;
        wh_l1_reg     <= wd_l1;
        wh_llast_reg  <= wd_llast;
        wh_fresh2_reg <= wh_fresh_reg;
        wh_olast_reg  <= wd_olast;
        wh_pm_reg     <= rot16(wh_l0_reg, wh_o0_reg);         // two cycles after the header
        wh_pm1_reg    <= rot16(wh_l1_reg, wh_o0_reg ^ 4'd8);
        wh_pmlast_reg <= rot16(wh_llast_reg, wh_olast_reg);
        wh_left1_reg  <= wh_dwc_reg - 11'd4;
        wh_more_reg   <= (wh_dwc_reg > 11'd4);

        // RQ output
        if (rq_free) begin
            rq_valid_reg <= go_rd || go_w0 || go_wbeat;
            // tdata[255:128] of a read TLP (tkeep 0x0f) is not defined (the write lanes, as the
            // lanes beyond tkeep of a last write beat): sel_rd drives half the bits (pass 8)
            rq_data_reg  <= {w_lanes[255:128], sel_rd ? rd_desc : t_active_reg ? w_lanes[127:0] : wr_desc};
            rq_keep_reg  <= sel_rd ? 8'h0f : t_active_reg ? t_l_reg : (wh_l0_reg | 8'h0f);
            rq_last_reg  <= sel_rd ? 1'b1 : t_active_reg ? (t_left_reg <= 11'd8) : !wh_more_reg;
            rq_be_reg    <= sel_rd ? rdt_be : t_active_reg ? rq_be_reg : wh_be_reg;
        end
        if (go_rd) begin
            prio_wr_reg  <= 1'b1;
            st_rd_reg    <= st_rd_reg + 32'd1;
        end
        if (go_w0) begin
            prio_wr_reg  <= 1'b0;
            st_wr_reg    <= st_wr_reg + 32'd1;
            t_active_reg <= wh_more_reg;
            t_left_reg   <= wh_left1_reg;
            t_o_reg      <= wh_o0_reg + 4'd8;
            t_pm_reg     <= wh_pm1_reg;
            t_l_reg      <= wh_l1_reg;
            t_pmlast_reg <= wh_pmlast_reg;
            t_llast_reg  <= wh_llast_reg;
        end
        for (i = 0; i < 8; i = i + 1) begin
            cur_o_reg[4 * i +: 4]  <= (go_w0 ? cur_o_w0 : go_wbeat ? cur_o_wb : cur_o_id) + i[3:0];
            cur_on_reg[4 * i +: 4] <= ~((go_w0 ? cur_o_w0 : go_wbeat ? cur_o_wb : cur_o_id) + i[3:0]);
        end
        if (go_wbeat) begin
            // the beat after this one: the last (its mask precomputed) or a full one (positions
            // of this full beat's, halves swapped)
            t_active_reg <= (t_left_reg > 11'd8);
            t_left_reg   <= t_left_reg - 11'd8;
            t_o_reg      <= t_o_reg + 4'd8;
            t_pm_reg     <= (t_left_reg <= 11'd16) ? t_pmlast_reg : {t_pm_reg[7:0], t_pm_reg[15:8]};
            t_l_reg      <= (t_left_reg <= 11'd16) ? t_llast_reg : 8'hff;
        end
        if (split_try && !pe_any_reg) st_stall_reg <= st_stall_reg + 32'd1;

        // RC: R1
        if (k_go) begin
            r1_valid_reg <= 1'b1;
            r1_r_reg     <= k_dd[511:256];
            r1_rk_reg    <= k_kk[15:8];
            r1_hm_reg    <= k_hm;
            r1_spill_reg <= (k_kk[15:8] & ~k_hm) != 8'd0;
            s1_rot_reg   <= k_rot;
            r1_l_reg     <= k_l;
            r1_sop_reg   <= s1_sop_reg;
            r1_known_reg <= s_known;
            r1_err_reg   <= s_err;
            r1_done_reg  <= k_d[30];
            r1_b_reg     <= s_b;
            r1_tag_reg   <= k_tagi;
            r1_slot_reg  <= tt_slot[k_tagi];
            s1_sop_reg   <= k_l;
        end else if (c_go) begin
            r1_valid_reg <= 1'b0;
        end
        // RC: R2
        rw_en_reg    <= 8'd0;
        dn_valid_reg <= 1'b0;
        if (fl_pend_reg) begin
            fl_pend_reg  <= 1'b0;
            rw_en_reg    <= c_prevk_reg;
            rw_addr_reg  <= c_b_reg;
            rw_data_reg  <= c_prevd_reg;
            dn_valid_reg <= 1'b1;
            dn_err_reg   <= c_err_reg;
            dn_rel_reg   <= c_done_reg;
            dn_slot_reg  <= c_slot_reg;
            dn_tag_reg   <= c_tag_reg;
        end else if (c_go) begin
            if (r1_sop_reg) begin
                if (r1_known_reg) st_cpl_reg <= st_cpl_reg + 32'd1;
                else st_unexp_reg <= st_unexp_reg + 32'd1;
                if (r1_known_reg && r1_err_reg) st_err_reg <= st_err_reg + 32'd1;
            end
            c_known_reg <= e_known;
            c_err_reg   <= e_err;
            c_done_reg  <= e_done;
            c_b_reg     <= e_b + 1'b1;
            c_tag_reg   <= e_tag;
            c_slot_reg  <= e_slot;
            c_prevd_reg <= c_r;
            c_prevk_reg <= c_spill;
            rw_en_reg   <= c_wen;
            rw_addr_reg <= e_b;
            rw_data_reg <= c_wdata;
            if (c_l) begin
                if (c_wr_ok && r1_spill_reg) begin
                    fl_pend_reg <= 1'b1;
                end else begin
                    dn_valid_reg <= e_known;
                    dn_err_reg   <= e_err;
                    dn_rel_reg   <= e_done;
                    dn_slot_reg  <= e_slot;
                    dn_tag_reg   <= e_tag;
                end
            end
        end

        // delivery
        p_valid_reg  <= dv_issue;
        occ_reg      <= occ_reg + {2'd0, dv_issue} - {2'd0, of_m_valid && of_m_ready};
        if (dv_start) dv_one_reg <= (sl_nb[sl_rp_reg] == 8'd1);
        else if (dv_issue) dv_one_reg <= (dv_left_reg == 8'd2);
        q_valid_reg  <= p_valid_reg;
        q_mask_reg   <= p_mask_reg;
        q_last_reg   <= p_last_reg;
        q_err_reg    <= p_err_reg;
        q_tag_reg    <= p_tag_reg;
        p2_valid_reg <= q_valid_reg;
        p2_data_reg  <= ring_q;
        p2_mask_reg  <= q_mask_reg;
        p2_last_reg  <= q_last_reg;
        p2_err_reg   <= q_err_reg;
        p2_tag_reg   <= q_tag_reg;
        if (dv_issue) begin
            p_last_reg  <= dv_end;
            p_err_reg   <= dv_err_reg;
            p_tag_reg   <= dv_tag_reg;
            p_mask_reg  <= dv_err_reg ? 32'd0
                           : (dv_first_reg ? (32'hffffffff << dv_lo_reg) : 32'hffffffff)
                             & (dv_one_reg ? (32'hffffffff >> (5'd31 - dv_hi_reg)) : 32'hffffffff);
            dv_addr_reg  <= dv_addr_reg + 1'b1;
            dv_left_reg  <= dv_left_reg - 8'd1;
            dv_first_reg <= 1'b0;
        end
        if (dv_start) begin
            dv_active_reg <= 1'b1;
            dv_addr_reg   <= sl_base[sl_rp_reg];
            dv_left_reg   <= sl_nb[sl_rp_reg];
            dv_nb_reg     <= sl_nb[sl_rp_reg];
            dv_first_reg  <= 1'b1;
            dv_err_reg    <= sl_err_reg[sl_rp_reg];
            dv_lo_reg     <= sl_lo[sl_rp_reg];
            dv_hi_reg     <= sl_hi[sl_rp_reg];
            dv_tag_reg    <= sl_tag[sl_rp_reg];
        end
        head_ok_reg     <= head_ok;
        dv_end_last_reg <= dv_end;
        dv_end_last2_reg <= dv_end_last_reg;
        if (dv_end) begin
            dv_active_reg <= 1'b0;
            sl_rp_reg     <= sl_rp_reg + 1'b1;
        end

        if (rst) begin
            h_valid_reg <= 1'b0; cur_active_reg <= 1'b0; sl_wp_reg <= 0; sl_rp_reg <= 0; sl_cnt_reg <= 0;
            ring_wp_reg <= 0; ring_free_reg <= {1'b1, {RING_AW{1'b0}}};
            sl_iss_reg <= 0; sl_err_reg <= 0;
            for (i = 0; i < NSLOT; i = i + 1) sl_pend_reg[i] <= 7'd0;
            tag_free_reg <= {NTAG{1'b1}}; pe_any_reg <= 1'b0; pe_tag_reg <= 0; alloc_last_reg <= 1'b0;
            alloc_last2_reg <= 1'b0; grp_any_reg <= {NG{1'b0}};
            rdt_valid_reg <= 1'b0;
            wb_v_reg <= 16'd0; wi_first_reg <= 1'b1; wi_par_reg <= 1'b0; wi1_valid_reg <= 1'b0; wi1_last_reg <= 1'b0; hv_empty_reg <= 2'b11;
            cq_wp_reg <= 2'd0; cq_rp_reg <= 2'd0; cq_cnt_reg <= 3'd0;
            sp_active_reg <= 1'b0; sp_cool_reg <= 1'b0; sp_cool2_reg <= 1'b0; wa_valid_reg <= 1'b0; wh_valid_reg <= 1'b0; wh_fresh_reg <= 1'b0; wh_fresh2_reg <= 1'b0; t_active_reg <= 1'b0; prio_wr_reg <= 1'b0;
            rq_valid_reg <= 1'b0;
            st_rd_reg <= 0; st_wr_reg <= 0; st_cpl_reg <= 0; st_unexp_reg <= 0; st_err_reg <= 0; st_stall_reg <= 0;
            fl_pend_reg <= 1'b0; r1_valid_reg <= 1'b0; s1_sop_reg <= 1'b1; rw_en_reg <= 8'd0; dn_valid_reg <= 1'b0;
            dv_active_reg <= 1'b0; p_valid_reg <= 1'b0; q_valid_reg <= 1'b0; p2_valid_reg <= 1'b0; occ_reg <= 3'd0;
            head_ok_reg <= 1'b0; dv_end_last_reg <= 1'b0; dv_end_last2_reg <= 1'b0; h_fresh_reg <= 1'b0; ring_ok_reg <= 1'b0;
            cur_fresh_reg <= 1'b0; cur_fresh2_reg <= 1'b0;
        end
    end

    assign m_axis_rq_tvalid = rq_valid_reg;
    assign m_axis_rq_tdata  = rq_data_reg;
    assign m_axis_rq_tkeep  = rq_keep_reg;
    assign m_axis_rq_tlast  = rq_last_reg;
    assign m_axis_rq_tuser  = {54'd0, rq_be_reg};
    assign stat_rd_tlp    = st_rd_reg;
    assign stat_wr_tlp    = st_wr_reg;
    assign stat_cpl       = st_cpl_reg;
    assign stat_cpl_unexp = st_unexp_reg;
    assign stat_cpl_err   = st_err_reg;
    assign stat_tag_stall = st_stall_reg;
endmodule
`resetall
