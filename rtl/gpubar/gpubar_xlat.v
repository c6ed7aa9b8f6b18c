`resetall
`timescale 1ns / 1ps
`default_nettype none
// gpubar_xlat: GPU BAR window translator (issue 14, first and second slices): per-region tables
// of 64 KiB GPU BAR pages; descriptors {region, generation, byte offset, length, direction} become
// TLP-sized memory requests to the GPU's BAR1 with their PCIe header bytes; bad descriptors get an
// error completion and a counter, and no request. Read requests take tags from a ring of NT
// (gpubar_tags.v: completions from the data mover, completion timeout); a write descriptor ends
// with a flush read; completions (and INVALIDATE ACKs) leave in order from a queue, each only when
// the tags it waits for retired.
//
// Source: spec note 004 section 4: R-1 (address = table[o >> 16] + (o & 0xFFFF)), R-2 (64 KiB
// pages, split at every page), R-3 (o = (va & 0xFFFF) + k), R-4 (bounds by the user buffer's
// length), R-5 (no 4 KiB crossing, payload <= MPS, 4-DW header at >= 4 GiB), R-6 (entries 64 KiB
// aligned, checked at load), R-7 (flush read before the completion), R-9 (INVALIDATE -> ACK),
// R-10 (generation compare), R-11 / R-12 (bounded drain: tag cap, completion timeout), R-14 (a
// counter per error). PCIe base spec for the header (gpubar_tlp_hdr.v). docs/gpubar.md is the full
// description; the C model cmodel/gpubar.{h,c} is bit-accurate at the transaction level (and
// cycle-aware for the tag timers only).
//
// Ports (RW = log2 NR, PW = log2 NE):
//   cpl_to  [15:0] completion timeout in cycles (quasi-static: change it only while no read is out)
//   s_cfg   {op[2:0], region[RW], idx[PW], data[63:0]}: table / register writes, one per handshake:
//           0 SET_MPS  data[1:0] = MPS code (0: 128, 1: 256, 2: 512 B; 3 refused), data[31:16] =
//                      Requester ID
//           1 LOAD     entry idx of region = data (a GPU BAR address; data[15:0] != 0 refused),
//                      the entry becomes valid
//           2 CLEAR    entry idx of region becomes invalid
//           3 ARM      region: data[15:0] = off0 (va & 0xFFFF), data[47:16] = ulen (user buffer
//                      bytes), data[63:48] = generation; off0 + ulen > NE * 64 KiB refused
//           4 DISARM   region unusable (descriptors get GEN errors)
//           5 INVALIDATE  entries idx .. data[PW-1:0] of region become invalid (none when data <
//                      idx), data[63] = 1: every entry and disarm; an ACK on m_ack follows when
//                      every read tag allocated before it retired (never refused; waits for
//                      room in the completion queue)
//           6..7       refused
//           A refused op changes nothing and counts CFG_BAD.
//   s_desc  {id[ID_W], region[RW], gen[16], off[32] (k, from the user buffer start), len[32],
//           write}: one descriptor. s_cfg has priority: s_desc_ready = idle && !s_cfg_valid.
//   m_req   one TLP-sized request: addr[64], len[10] (bytes 1..MPS), dw[8], first_be[4],
//           last_be[4], fmt4, write, tag[8] (writes 0; reads the ring's tag), hdr[128] (PCIe
//           header, byte 0 in hdr[127:120]), region, id, boff[32] (k of the request's first byte),
//           last (the descriptor's last payload request), flush (the flush read after a write
//           descriptor's last request: 1 DW, first_be 1111, the DW of the last written byte;
//           boff = off + len). Registered.
//   s_rc    {tag[7:0], err}: the data mover's report, once per read tag, that its final completion
//           arrived (err: UR / CA). Always ready (gpubar_tags.v).
//   m_cpl   {id, region, code[2], flag} one per descriptor, in order: code 0 OK after its flush
//           read (write) or all its reads (read) retired, flag = one of them timed out or came
//           back with err; or instead of any request: 1 GEN (generation mismatch or region not
//           armed), 2 INVALID (an entry in the range is not valid), 3 OOB (len 0 or off + len >
//           ulen), flag 0; the first of GEN, OOB, INVALID that holds wins. Registered.
//   m_ack   {region}: one per INVALIDATE, in order with m_cpl (same queue). Registered.
//   stat_cnt  14 x 32-bit wrapping counters (docs/gpubar.md 5):
//           0 DESC_OK 1 ERR_GEN 2 ERR_INV 3 ERR_OOB 4 TLP_WR 5 TLP_RD 6 SPLIT_4K 7 SPLIT_64K
//           8 CFG_BAD 9 CPL_ERR 10 CPL_TIMEOUT 11 CPL_STALE 12 FLUSH_RD 13 INV_ACK
// Splitting: a request ends at the next MPS-aligned offset or at the descriptor's end, so a
//   request never crosses a 4 KiB boundary (MPS divides 4096) nor a 64 KiB page; entries are 64 KiB
//   aligned, so address alignment mod MPS equals offset alignment. Reads use the same size
//   (MRRS = MPS). SPLIT_4K counts request boundaries inside a descriptor at a 4 KiB multiple of o,
//   SPLIT_64K those at a 64 KiB multiple (also counted in SPLIT_4K).
// Latency: s_desc accept to the first m_req_valid 10 cycles (idle outputs); then one request per
//   3 cycles (a read also needs a free tag); the flush read the cycle after the last write was
//   formed; m_cpl two cycles after the queue head's tag retired (tag walker: gpubar_tags.v). A cfg
//   op takes 4 cycles; after reset NR cycles of S_INIT clear the valid rows (both readies low).
// Tables: entry RAM NR*NE x 49 bits {hi, addr[63:16]} (block RAM, no reset, registered read one
//   request ahead, then ent_q_reg, ent_q2_reg); region RAM NR x 64 bits and valid rows NR x NE
//   bits (LUTRAM, no reset; the rows are cleared by S_INIT); armed bits NR flip-flops (reset from
//   rst_d_reg); completion queue CQD x (ID_W + RW + 5) LUTRAM (sync_fifo) and its head register.
// Resources and Fmax (lab size, ECP5-85 speed 6, open flow, registered I/O, gated at 125 MHz):
//   docs/gpubar.md 6.5.
module gpubar_xlat #(
    parameter NR    = 16,     // regions (power of two, >= 2)
    parameter NE    = 64,     // 64 KiB entries per region (power of two, 2..1024)
    parameter ID_W  = 8,      // descriptor id width
    parameter NT    = 32,     // read tags (power of two, 2..256)
    parameter CQD   = 16,     // completion queue depth (power of two)
    parameter RW    = $clog2(NR),
    parameter PW    = $clog2(NE)
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [15:0]       cpl_to,        // completion timeout, cycles (quasi-static)
    // configuration / table loads
    input  wire              s_cfg_valid,
    output wire              s_cfg_ready,
    input  wire [2:0]        s_cfg_op,
    input  wire [RW-1:0]     s_cfg_region,
    input  wire [PW-1:0]     s_cfg_idx,
    input  wire [63:0]       s_cfg_data,
    // descriptors
    input  wire              s_desc_valid,
    output wire              s_desc_ready,
    input  wire [ID_W-1:0]   s_desc_id,
    input  wire [RW-1:0]     s_desc_region,
    input  wire [15:0]       s_desc_gen,
    input  wire [31:0]       s_desc_off,
    input  wire [31:0]       s_desc_len,
    input  wire              s_desc_write,
    // requests
    output wire              m_req_valid,
    input  wire              m_req_ready,
    output wire [63:0]       m_req_addr,
    output wire [9:0]        m_req_len,
    output wire [7:0]        m_req_dw,
    output wire [3:0]        m_req_first_be,
    output wire [3:0]        m_req_last_be,
    output wire              m_req_fmt4,
    output wire              m_req_write,
    output wire [7:0]        m_req_tag,
    output wire [127:0]      m_req_hdr,
    output wire [RW-1:0]     m_req_region,
    output wire [ID_W-1:0]   m_req_id,
    output wire [31:0]       m_req_boff,
    output wire              m_req_last,
    output wire              m_req_flush,
    // read completions from the data mover (one per read tag)
    input  wire              s_rc_valid,
    output wire              s_rc_ready,
    input  wire [7:0]        s_rc_tag,
    input  wire              s_rc_err,
    // descriptor completions
    output wire              m_cpl_valid,
    input  wire              m_cpl_ready,
    output wire [ID_W-1:0]   m_cpl_id,
    output wire [RW-1:0]     m_cpl_region,
    output wire [1:0]        m_cpl_code,
    output wire              m_cpl_flag,
    // INVALIDATE acknowledgements
    output wire              m_ack_valid,
    input  wire              m_ack_ready,
    output wire [RW-1:0]     m_ack_region,
    // counters
    output wire [14*32-1:0]  stat_cnt
);
    localparam OW = 16 + PW;   // offset bits inside a region
    localparam [OW:0] RSPAN = {1'b1, {OW{1'b0}}};   // NE * 64 KiB
    localparam [2:0] OP_MPS = 3'd0, OP_LOAD = 3'd1, OP_CLEAR = 3'd2, OP_ARM = 3'd3, OP_DISARM = 3'd4,
                     OP_INV = 3'd5;
    localparam [1:0] C_OK = 2'd0, C_GEN = 2'd1, C_INV = 2'd2, C_OOB = 2'd3;
    localparam [3:0] S_IDLE = 4'd0, S_CFG0 = 4'd1, S_CFG1 = 4'd2, S_CFG = 4'd3, S_RD = 4'd4,
                     S_CHK1 = 4'd5, S_CHK2 = 4'd6, S_CHK3 = 4'd7, S_CHK4 = 4'd8, S_DEC = 4'd9,
                     S_E1 = 4'd10, S_EW = 4'd11, S_E2 = 4'd12, S_CPL = 4'd13, S_INIT = 4'd14,
                     S_FL = 4'd15;
    localparam [RW-1:0] RLAST = {RW{1'b1}};   // NR - 1 (NR a power of two)
    localparam TB = $clog2(NT);
    localparam QW = 1 + ID_W + RW + 2 + 1;     // completion queue word {ack, id, region, code, wait}

    // ------------------------------------------------------------------ tables
    (* ram_style = "block" *)
    reg  [48:0]      ent_mem [0:NR*NE-1];   // {hi, addr[63:16]}
    reg  [63:0]      reg_mem [0:NR-1];      // {gen[16], ulen[32], off0[16]}
    reg  [NR-1:0]    armed_reg;
    (* ram_style = "distributed" *)
    reg  [NE-1:0]    vrow_mem [0:NR-1];     // entry valid bits, one row per region (cleared by S_INIT)
    reg  [RW-1:0]    init_reg;              // S_INIT: the row being cleared

    reg  [3:0]       st_reg;
    // cfg op latched
    reg  [2:0]       cf_op_reg;
    reg  [RW-1:0]    cf_region_reg;
    reg  [PW-1:0]    cf_idx_reg;
    reg  [63:0]      cf_data_reg;
    // cfg op decoded (S_CFG0 -> S_CFG)
    reg  [32:0]      cf_sum_reg;                                // S_CFG0: off0 + ulen
    reg              cf_lo0_reg, cf_mps3_reg;                   // S_CFG0 compares
    reg              rst_d_reg;                                 // rst, registered: state no handshake
    reg              cf_bad_reg, cf_mps_reg, cf_arm_reg, cf_disarm_reg;
    reg  [NE-1:0]    cf_row_reg;             // the region's valid row (S_CFG0 read)
    reg  [NE-1:0]    cf_nrow_reg;            // the row to write (S_CFG1)
    reg              cf_vwe_reg;             // write it (LOAD / CLEAR accepted)
    reg  [NE-1:0]    cf_i_oh_reg;            // entry one-hot
    reg              cf_load_reg;
    reg              cf_inv_reg;             // INVALIDATE accepted (S_CFG pushes its ACK)
    reg  [NE-1:0]    cf_imask_reg;           // INVALIDATE: entries to clear (S_CFG0)
    reg  [1:0]       mps_reg;
    reg  [15:0]      req_id_reg;
    // descriptor latched
    reg  [ID_W-1:0]  d_id_reg;
    reg  [RW-1:0]    d_region_reg;
    reg  [15:0]      d_gen_reg;
    reg  [31:0]      d_off_reg;
    reg  [31:0]      d_len_reg;
    reg              d_write_reg;
    // check stages
    reg  [63:0]      rg_reg;                // region word (registered read)
    reg  [NE-1:0]    row_reg;               // the region's valid bits
    reg              armed_rd_reg;
    reg  [32:0]      end_reg;               // off + len
    reg  [OW-1:0]    o0_reg;                // off0 + off (meaningful when in bounds)
    reg  [OW-1:0]    lenm1_reg;              // len - 1 (meaningful when in bounds)
    reg              len0_reg, gen_bad_reg, oob_reg, inv_reg;
    reg  [PW-1:0]    p1_reg;                 // page of the last byte
    reg  [NE-1:0]    mlo_reg, mhi_reg;       // pages >= p0, pages <= p1
    reg  [9:0]       c1_reg;                 // bytes from o to the next MPS multiple
    reg  [7:0]       dw_reg;
    reg  [3:0]       fbe_reg, lbe_reg;
    // emit loop
    reg  [OW-1:0]    o_reg;
    reg  [OW:0]      rem_reg;
    reg  [31:0]      boff_reg;
    reg  [9:0]       chunk_reg;
    reg              elast_reg;
    reg  [48:0]      ent_rd_reg;             // block RAM read (address: o_reg's page, in S_E2 o_next_reg's)
    reg  [48:0]      ent_q_reg;              // its register, loaded every cycle (its one load: ent_q2_reg, in S_EW)
    reg  [48:0]      ent_q2_reg;             // the request's entry, loaded in S_EW, held in S_E2 / S_FL
    reg  [OW-1:0]    o_next_reg;
    reg              split_reg, split64_reg;
    reg              hw_reg;                 // the request being formed is a write (0: read, flush)
    // outputs
    reg              req_valid_reg;
    reg  [63:0]      req_addr_reg;
    reg  [9:0]       req_len_reg;
    reg  [7:0]       req_dw_reg;
    reg  [3:0]       req_fbe_reg, req_lbe_reg;
    reg              req_fmt4_reg, req_write_reg, req_last_reg;
    reg  [7:0]       req_tag_reg;
    reg              req_flush_reg;
    reg  [127:0]     req_hdr_reg;
    reg  [RW-1:0]    req_region_reg;
    reg  [ID_W-1:0]  req_id_out_reg;
    reg  [31:0]      req_boff_reg;
    reg              cpl_valid_reg;
    reg  [ID_W-1:0]  cpl_id_reg;
    reg  [RW-1:0]    cpl_region_reg;
    reg  [1:0]       cpl_code_reg;
    reg              cpl_flag_reg;
    reg              ack_valid_reg;
    reg  [RW-1:0]    ack_region_reg;
    reg  [1:0]       code_reg;
    // counters
    reg  [31:0]      c_ok_reg, c_gen_reg, c_inv_reg, c_oob_reg, c_wr_reg, c_rd_reg, c_s4k_reg, c_s64k_reg, c_cfg_reg;
    reg  [31:0]      c_flush_reg, c_ack_reg;
    wire [31:0]      c_rcerr, c_to, c_stale;

    // ------------------------------------------------------------------ read tags (gpubar_tags.v)
`ifdef FORMAL
    wire [NT-1:0]    f_t_out;
    wire [TB:0]      f_t_head, f_t_iss, f_t_tail;
`endif
    wire             t_free;
    wire [TB-1:0]    t_tag;
    wire             t_alloc, t_mark, t_issue;
    wire             res_valid, res_bad, res_pop;
    gpubar_tags #(.NT(NT), .RES_D(2 * CQD)) u_tags (
        .clk(clk), .rst(rst), .cpl_to(cpl_to),
        .alloc(t_alloc), .alloc_mark(t_mark), .tag_free(t_free), .tag(t_tag),
        .issue(t_issue),
        .s_rc_valid(s_rc_valid), .s_rc_ready(s_rc_ready), .s_rc_tag(s_rc_tag), .s_rc_err(s_rc_err),
        .res_valid(res_valid), .res_bad(res_bad), .res_ready(res_pop),
        .cnt_err(c_rcerr), .cnt_to(c_to), .cnt_stale(c_stale)
`ifdef FORMAL
        , .f_out(f_t_out), .f_head(f_t_head), .f_iss(f_t_iss), .f_tail(f_t_tail)
`endif
    );
    /* verilator lint_off WIDTH */
    wire [7:0]       tag8 = t_tag;
    /* verilator lint_on WIDTH */

    assign s_cfg_ready    = st_reg == S_IDLE;
    assign s_desc_ready   = st_reg == S_IDLE && !s_cfg_valid;
    assign m_req_valid    = req_valid_reg;
    assign m_req_addr     = req_addr_reg;
    assign m_req_len      = req_len_reg;
    assign m_req_dw       = req_dw_reg;
    assign m_req_first_be = req_fbe_reg;
    assign m_req_last_be  = req_lbe_reg;
    assign m_req_fmt4     = req_fmt4_reg;
    assign m_req_write    = req_write_reg;
    assign m_req_tag      = req_tag_reg;
    assign m_req_hdr      = req_hdr_reg;
    assign m_req_region   = req_region_reg;
    assign m_req_id       = req_id_out_reg;
    assign m_req_boff     = req_boff_reg;
    assign m_req_last     = req_last_reg;
    assign m_req_flush    = req_flush_reg;
    assign m_cpl_valid    = cpl_valid_reg;
    assign m_cpl_id       = cpl_id_reg;
    assign m_cpl_region   = cpl_region_reg;
    assign m_cpl_code     = cpl_code_reg;
    assign m_cpl_flag     = cpl_flag_reg;
    assign m_ack_valid    = ack_valid_reg;
    assign m_ack_region   = ack_region_reg;
    assign stat_cnt = {c_ack_reg, c_flush_reg, c_stale, c_to, c_rcerr, c_cfg_reg, c_s64k_reg, c_s4k_reg, c_rd_reg, c_wr_reg, c_oob_reg, c_inv_reg, c_gen_reg, c_ok_reg};

    // ------------------------------------------------------------------ cfg decode (S_CFG0)
    wire [15:0]  cf_off0  = cf_data_reg[15:0];
    wire [31:0]  cf_ulen  = cf_data_reg[47:16];
    wire [32:0]  cf_span  = {17'd0, cf_off0} + {1'b0, cf_ulen};        // S_CFG0
    wire         cf_span_ok = cf_sum_reg <= {{(32-OW){1'b0}}, RSPAN};  // S_CFG1
    wire         cf_bad   = cf_op_reg == OP_MPS  ? cf_mps3_reg :     // S_CFG1
                            cf_op_reg == OP_LOAD ? !cf_lo0_reg :
                            cf_op_reg == OP_ARM  ? !cf_span_ok :
                            cf_op_reg > OP_INV;
    wire         cf_w     = st_reg == S_CFG;     // the decoded op applies
    wire [RW+PW-1:0] cf_eaddr = {cf_region_reg, cf_idx_reg};

    always @(posedge clk) begin
        if (cf_w && cf_load_reg)
            ent_mem[cf_eaddr] <= {cf_data_reg[63:32] != 32'd0, cf_data_reg[63:16]};
        if (cf_w && cf_arm_reg)
            reg_mem[cf_region_reg] <= cf_data_reg;
    end

    // the valid rows: LUTRAM, written in S_CFG (LOAD / CLEAR: read-modify-write) and S_INIT
    always @(posedge clk) begin
        if (st_reg == S_CFG && cf_vwe_reg) vrow_mem[cf_region_reg] <= cf_nrow_reg;
        if (st_reg == S_INIT)              vrow_mem[init_reg] <= {NE{1'b0}};
    end

    // ------------------------------------------------------------------ emit arithmetic (S_E1)
    wire [9:0]   mps_b    = mps_reg == 2'd0 ? 10'd128 : mps_reg == 2'd1 ? 10'd256 : 10'd512;
    wire [9:0]   omod     = o_reg[9:0] & (mps_b - 10'd1);
    // 1..512 bytes to the MPS boundary: mps_b - omod for the descriptor's first request (S_DEC),
    // mps_b after it (every later request starts MPS-aligned), in c1_reg
    wire [9:0]   c1       = mps_b - omod;
    wire         rem_le   = rem_reg <= {{(OW-9){1'b0}}, c1_reg};    // the descriptor ends in this request
    wire [9:0]   chunk    = rem_le ? rem_reg[9:0] : c1_reg;

    // request fields (S_E2): from o_reg, chunk_reg and the entry read
    wire [63:0]  e_addr   = {ent_q2_reg[47:0], o_reg[15:0]};
    wire [7:0]   h_dw;
    wire [3:0]   h_fbe, h_lbe;
    wire [127:0] h_hdr;
    gpubar_tlp_be u_be (.a0(o_reg[1:0]), .len(chunk_reg), .dw(h_dw), .first_be(h_fbe), .last_be(h_lbe));   // S_EW
    gpubar_tlp_hdr u_hdr (
        .addr(e_addr), .write(hw_reg), .hi(ent_q2_reg[48]), .dw(dw_reg), .first_be(fbe_reg),
        .last_be(lbe_reg), .req_id(req_id_reg), .tag(hw_reg ? 8'd0 : tag8), .hdr(h_hdr)
    );
    wire [OW-1:0] o_next  = o_reg + {{(OW-10){1'b0}}, chunk_reg};   // S_EW
    wire         req_free = !req_valid_reg || m_req_ready;
    // a payload request leaves when the slot is free and, for a read, a tag is free
    wire         emit     = st_reg == S_E2 && req_free && (d_write_reg || t_free);
    // the flush read after a write descriptor's last request (1 DW, the last written byte's DW)
    wire         fl_emit  = st_reg == S_FL && req_free && t_free;
    wire         req_load = emit || fl_emit;
    assign t_alloc = emit && !d_write_reg || fl_emit;
    assign t_mark  = fl_emit || elast_reg;      // a completion waits for this tag
    assign t_issue = req_valid_reg && m_req_ready && !req_write_reg;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [OW-1:0] o_fl    = o_next_reg - {{(OW-1){1'b0}}, 1'b1};   // the last written byte (bits 1:0 unused)
    /* verilator lint_on UNUSEDSIGNAL */
    wire         split    = emit && split_reg;
    wire         split64  = emit && split64_reg;
    wire         cpl_free = !cpl_valid_reg || m_cpl_ready;
    wire         ack_free = !ack_valid_reg || m_ack_ready;
    // completion queue (in order): descriptor completions (S_CPL) and INVALIDATE ACKs (S_CFG)
    wire         cq_s_ready, cq_m_valid;
    wire [QW-1:0] cq_m_data;
    wire         cpl_go   = st_reg == S_CPL && cq_s_ready;
    wire         cfg_go   = st_reg == S_CFG && (!cf_inv_reg || cq_s_ready);
    wire         cq_push  = cpl_go || st_reg == S_CFG && cf_inv_reg && cq_s_ready;
    wire [QW-1:0] cq_s_data = cpl_go ? {1'b0, d_id_reg, d_region_reg, code_reg, code_reg == C_OK}
                                     : {1'b1, {ID_W{1'b0}}, cf_region_reg, 2'b00, 1'b0};
    // the queue's head word in a register (hd_*), so that the release decision starts at flip-flops
    reg          hd_valid_reg;
    reg  [QW-1:0] hd_reg;
    wire         q_ack    = hd_reg[QW-1];
    wire [ID_W-1:0] q_id  = hd_reg[QW-2 -: ID_W];
    wire [RW-1:0] q_region = hd_reg[RW+2 : 3];
    wire [1:0]   q_code   = hd_reg[2:1];
    wire         q_wait   = hd_reg[0];
    // the head leaves when its tag retired (wait) and its port's slot is free
    wire         rel      = hd_valid_reg && (!q_wait || res_valid) && (q_ack ? ack_free : cpl_free);
    wire         hd_load  = !hd_valid_reg || rel;
    assign res_pop = rel && q_wait;
    /* verilator lint_off PINCONNECTEMPTY */
    sync_fifo #(.WIDTH(QW), .DEPTH(CQD)) u_cq (
        .clk(clk), .rst(rst),
        .s_data(cq_s_data), .s_valid(cq_push), .s_ready(cq_s_ready),
        .m_data(cq_m_data), .m_valid(cq_m_valid), .m_ready(hd_load),
        .count()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // ------------------------------------------------------------------ mask of pages p0..p1 (S_CHK3)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [OW-1:0] olast = o0_reg + lenm1_reg;   // only its page bits are kept
    /* verilator lint_on UNUSEDSIGNAL */
    wire [PW-1:0] p0 = o0_reg[OW-1:16];
    wire [PW-1:0] p1 = p1_reg;
    // S_CHK3: m_lo[i] = i >= p0, m_hi[i] = i <= p1 (one compare with a constant per bit)
    wire [NE-1:0] m_lo, m_hi, m_inv;
    genvar gi;
    generate
        for (gi = 0; gi < NE; gi = gi + 1) begin : g_mask
            localparam [PW-1:0] GI = gi;
            /* verilator lint_off UNSIGNED */
            /* verilator lint_off CMPCONST */
            assign m_lo[gi] = GI >= p0;   // constant 1 for gi = NE - 1
            assign m_hi[gi] = GI <= p1;   // constant 1 for gi = 0
            // INVALIDATE range idx .. data[PW-1:0] (S_CFG0)
            assign m_inv[gi] = GI >= cf_idx_reg && GI <= cf_data_reg[PW-1:0];
            /* verilator lint_on CMPCONST */
            /* verilator lint_on UNSIGNED */
        end
    endgenerate

    always @(posedge clk) begin
        // registered table reads (no reset)
        rg_reg     <= reg_mem[d_region_reg];
        // the entry read runs one request ahead: in S_E2 it reads the next request's page
        // (o_next_reg), so the block RAM's output feeds one register (ent_q_reg) and nothing else.
        // The read is disabled in S_CFG, the only state that writes the table: Yosys then sees
        // that a read never meets a write ("don't care on collision") and adds no collision
        // bypass (registered write data, an address compare, a LUT mux) between the block RAM's
        // output and ent_q_reg; nothing reads ent_rd_reg's value held through S_CFG (S_CFG goes
        // to S_IDLE; the first read a descriptor uses is the one of S_DEC, for S_E1)
        if (st_reg != S_CFG)
            ent_rd_reg <= ent_mem[{d_region_reg, st_reg == S_E2 ? o_next_reg[OW-1:16] : o_reg[OW-1:16]}];
        // ent_q_reg loads every cycle (no enable: the block RAM's output drives its D, no LUT);
        // its one reader samples it in S_EW, which always follows S_E1, so it sees the read that
        // S_E1 held, as with a load in S_E1 only
        ent_q_reg  <= ent_rd_reg;
        if (st_reg == S_EW) ent_q2_reg <= ent_q_reg;

        case (st_reg)
            S_IDLE: begin
                if (s_cfg_valid) begin
                    st_reg        <= S_CFG0;
                    cf_op_reg     <= s_cfg_op;
                    cf_region_reg <= s_cfg_region;
                    cf_idx_reg    <= s_cfg_idx;
                    cf_data_reg   <= s_cfg_data;
                end else if (s_desc_valid) begin
                    st_reg        <= S_RD;
                    d_id_reg      <= s_desc_id;
                    d_region_reg  <= s_desc_region;
                    d_gen_reg     <= s_desc_gen;
                    d_off_reg     <= s_desc_off;
                    d_len_reg     <= s_desc_len;
                    d_write_reg   <= s_desc_write;
                end
            end
            S_CFG0: begin
                st_reg         <= S_CFG1;
                cf_sum_reg     <= cf_span;
                cf_lo0_reg     <= cf_data_reg[15:0] == 16'd0;
                cf_mps3_reg    <= cf_data_reg[1:0] == 2'd3;
                cf_i_oh_reg    <= {{(NE-1){1'b0}}, 1'b1} << cf_idx_reg;
                cf_row_reg     <= vrow_mem[cf_region_reg];
                cf_imask_reg   <= cf_data_reg[63] ? {NE{1'b1}} : m_inv;
            end
            S_CFG1: begin
                st_reg        <= S_CFG;
                cf_bad_reg    <= cf_bad;
                cf_mps_reg    <= !cf_bad && cf_op_reg == OP_MPS;
                cf_load_reg   <= !cf_bad && cf_op_reg == OP_LOAD;
                cf_arm_reg    <= !cf_bad && cf_op_reg == OP_ARM;
                cf_disarm_reg <= !cf_bad && (cf_op_reg == OP_DISARM || cf_op_reg == OP_INV && cf_data_reg[63]);
                cf_inv_reg    <= cf_op_reg == OP_INV;
                cf_vwe_reg    <= !cf_bad && (cf_op_reg == OP_LOAD || cf_op_reg == OP_CLEAR || cf_op_reg == OP_INV);
                cf_nrow_reg   <= cf_op_reg == OP_LOAD  ? cf_row_reg | cf_i_oh_reg :
                                 cf_op_reg == OP_CLEAR ? cf_row_reg & ~cf_i_oh_reg : cf_row_reg & ~cf_imask_reg;
            end
            S_CFG: if (cfg_go) begin   // an INVALIDATE waits for room in the completion queue
                st_reg <= S_IDLE;
                if (cf_inv_reg) c_ack_reg <= c_ack_reg + 32'd1;
                if (cf_bad_reg) c_cfg_reg <= c_cfg_reg + 32'd1;
                if (cf_mps_reg) begin
                    mps_reg    <= cf_data_reg[1:0];
                    req_id_reg <= cf_data_reg[31:16];
                end
                if (cf_arm_reg)    armed_reg[cf_region_reg] <= 1'b1;
                if (cf_disarm_reg) armed_reg[cf_region_reg] <= 1'b0;
            end
            S_RD: begin   // rg_reg loads now; the valid row and the armed bit likewise
                st_reg       <= S_CHK1;
                row_reg      <= vrow_mem[d_region_reg];
                armed_rd_reg <= armed_reg[d_region_reg];
            end
            S_CHK1: begin
                st_reg      <= S_CHK2;
                end_reg     <= {1'b0, d_off_reg} + {1'b0, d_len_reg};
                o0_reg      <= {{(OW-16){1'b0}}, rg_reg[15:0]} + d_off_reg[OW-1:0];
                lenm1_reg   <= d_len_reg[OW-1:0] - {{(OW-1){1'b0}}, 1'b1};
                len0_reg    <= d_len_reg == 32'd0;
                gen_bad_reg <= !armed_rd_reg || d_gen_reg != rg_reg[63:48];
            end
            S_CHK2: begin
                st_reg    <= S_CHK3;
                oob_reg   <= len0_reg || end_reg > {1'b0, rg_reg[47:16]};
                p1_reg    <= olast[OW-1:16];
            end
            S_CHK3: begin
                st_reg   <= S_CHK4;
                mlo_reg  <= m_lo;
                mhi_reg  <= m_hi;
            end
            S_CHK4: begin
                inv_reg  <= |(~row_reg & mlo_reg & mhi_reg);
                st_reg   <= S_DEC;
                o_reg    <= o0_reg;
                rem_reg  <= d_len_reg[OW:0];   // len <= ulen <= NE * 64 KiB when in bounds
                boff_reg <= d_off_reg;
            end
            S_DEC: begin   // first failing check of GEN, OOB, INVALID
                st_reg   <= gen_bad_reg || oob_reg || inv_reg ? S_CPL : S_E1;
                code_reg <= gen_bad_reg ? C_GEN : oob_reg ? C_OOB : inv_reg ? C_INV : C_OK;
                c1_reg   <= c1;   // o_reg = o0
                hw_reg   <= d_write_reg;
            end
            S_E1: begin    // the next request's size; the entry read starts
                st_reg    <= S_EW;
                chunk_reg <= chunk;
                elast_reg <= rem_le;
            end
            S_EW: begin    // the entry read lands in ent_rd_reg; the next offset, the split events
                st_reg      <= S_E2;
                o_next_reg  <= o_next;
                split_reg   <= !elast_reg && o_next[11:0] == 12'd0;
                split64_reg <= !elast_reg && o_next[15:0] == 16'd0;
                dw_reg      <= h_dw;
                fbe_reg     <= h_fbe;
                lbe_reg     <= h_lbe;
            end
            S_E2: begin
                if (emit) begin
                    o_reg    <= o_next_reg;
                    c1_reg   <= mps_b;
                    rem_reg  <= rem_reg - {{(OW-9){1'b0}}, chunk_reg};
                    boff_reg <= boff_reg + {22'd0, chunk_reg};
                    if (d_write_reg) c_wr_reg <= c_wr_reg + 32'd1;
                    else             c_rd_reg <= c_rd_reg + 32'd1;
                    if (split)   c_s4k_reg  <= c_s4k_reg + 32'd1;
                    if (split64) c_s64k_reg <= c_s64k_reg + 32'd1;
                    st_reg   <= elast_reg ? (d_write_reg ? S_FL : S_CPL) : S_E1;
                    if (elast_reg && d_write_reg) begin   // the flush read: DW of the last byte
                        o_reg     <= {o_fl[OW-1:2], 2'b00};   // same page: ent_q2_reg stays
                        hw_reg    <= 1'b0;
                        chunk_reg <= 10'd4;
                        dw_reg    <= 8'd1;
                        fbe_reg   <= 4'b1111;
                        lbe_reg   <= 4'b0000;
                    end
                end
            end
            S_FL: begin
                if (fl_emit) begin
                    st_reg      <= S_CPL;
                    c_flush_reg <= c_flush_reg + 32'd1;
                end
            end
            S_CPL: begin
                if (cpl_go) begin
                    st_reg <= S_IDLE;
                    case (code_reg)
                        C_OK:  c_ok_reg  <= c_ok_reg + 32'd1;
                        C_GEN: c_gen_reg <= c_gen_reg + 32'd1;
                        C_INV: c_inv_reg <= c_inv_reg + 32'd1;
                        default: c_oob_reg <= c_oob_reg + 32'd1;
                    endcase
                end
            end
            S_INIT: begin   // after reset: clear the valid rows, one per cycle
                init_reg <= init_reg + {{(RW-1){1'b0}}, 1'b1};
                if (init_reg == RLAST) st_reg <= S_IDLE;
            end
            default: st_reg <= S_IDLE;
        endcase

        // request output slot
        if (m_req_ready) req_valid_reg <= 1'b0;
        if (req_load) begin
            req_valid_reg  <= 1'b1;
            req_addr_reg   <= e_addr;
            req_len_reg    <= chunk_reg;
            req_dw_reg     <= dw_reg;
            req_fbe_reg    <= fbe_reg;
            req_lbe_reg    <= lbe_reg;
            req_fmt4_reg   <= ent_q2_reg[48];
            req_write_reg  <= hw_reg;
            req_tag_reg    <= hw_reg ? 8'd0 : tag8;
            req_flush_reg  <= fl_emit;
            req_hdr_reg    <= h_hdr;
            req_region_reg <= d_region_reg;
            req_id_out_reg <= d_id_reg;
            req_boff_reg   <= boff_reg;
            req_last_reg   <= emit && elast_reg;
        end
        // completion output slot
        if (m_cpl_ready) cpl_valid_reg <= 1'b0;
        if (rel && !q_ack) begin
            cpl_valid_reg  <= 1'b1;
            cpl_id_reg     <= q_id;
            cpl_region_reg <= q_region;
            cpl_code_reg   <= q_code;
            cpl_flag_reg   <= q_wait && res_bad;
        end
        // completion queue head register
        if (hd_load) begin
            hd_valid_reg <= cq_m_valid;
            hd_reg       <= cq_m_data;
        end
        // ACK output slot
        if (m_ack_ready) ack_valid_reg <= 1'b0;
        if (rel && q_ack) begin
            ack_valid_reg  <= 1'b1;
            ack_region_reg <= q_region;
        end

        // reset of the state nothing reads in the first cycle after rst (written only in S_CFG,
        // S_E2, S_CPL; read from S_RD on): one cycle late, from rst_d_reg (the rst fan-out)
        rst_d_reg <= rst;
        if (rst_d_reg) begin
            mps_reg       <= 2'd0;
            req_id_reg    <= 16'd0;
            armed_reg     <= {NR{1'b0}};
            c_flush_reg   <= 32'd0;
            c_ack_reg     <= 32'd0;
            c_ok_reg  <= 32'd0; c_gen_reg <= 32'd0; c_inv_reg <= 32'd0; c_oob_reg <= 32'd0;
            c_wr_reg  <= 32'd0; c_rd_reg  <= 32'd0; c_s4k_reg <= 32'd0; c_s64k_reg <= 32'd0;
            c_cfg_reg <= 32'd0;
        end
        if (rst) begin
            st_reg        <= S_INIT;
            init_reg      <= {RW{1'b0}};
            req_valid_reg <= 1'b0;
            cpl_valid_reg <= 1'b0;
            ack_valid_reg <= 1'b0;
            hd_valid_reg  <= 1'b0;
        end
    end

`ifdef FORMAL
`include "gpubar_props.vh"
`endif
endmodule

`resetall
