`resetall
`timescale 1ns / 1ps
`default_nettype none
// gpubar_xlat: GPU BAR window translator, first slice (issue 14): per-region tables of 64 KiB GPU
// BAR pages; descriptors {region, generation, byte offset, length, direction} become TLP-sized
// memory requests to the GPU's BAR1 with their PCIe header bytes; bad descriptors get an error
// completion and a counter, and no request.
//
// Source: spec note 004 section 4: R-1 (address = table[o >> 16] + (o & 0xFFFF)), R-2 (64 KiB
// pages, split at every page), R-3 (o = (va & 0xFFFF) + k), R-4 (bounds by the user buffer's
// length), R-5 (no 4 KiB crossing, payload <= MPS, 4-DW header at >= 4 GiB), R-6 (entries 64 KiB
// aligned, checked at load), R-10 (generation compare), R-14 (a counter per error). PCIe base
// spec for the header (gpubar_tlp_hdr.v). docs/gpubar.md is the full description; the C model
// cmodel/gpubar.{h,c} is bit-accurate at the transaction level.
//
// Ports (RW = log2 NR, PW = log2 NE):
//   s_cfg   {op[2:0], region[RW], idx[PW], data[63:0]}: table / register writes, one per handshake:
//           0 SET_MPS  data[1:0] = MPS code (0: 128, 1: 256, 2: 512 B; 3 refused), data[31:16] =
//                      Requester ID
//           1 LOAD     entry idx of region = data (a GPU BAR address; data[15:0] != 0 refused),
//                      the entry becomes valid
//           2 CLEAR    entry idx of region becomes invalid
//           3 ARM      region: data[15:0] = off0 (va & 0xFFFF), data[47:16] = ulen (user buffer
//                      bytes), data[63:48] = generation; off0 + ulen > NE * 64 KiB refused
//           4 DISARM   region unusable (descriptors get GEN errors)
//           5..7       refused
//           A refused op changes nothing and counts CFG_BAD.
//   s_desc  {id[ID_W], region[RW], gen[16], off[32] (k, from the user buffer start), len[32],
//           write}: one descriptor. s_cfg has priority: s_desc_ready = idle && !s_cfg_valid.
//   m_req   one TLP-sized request: addr[64], len[10] (bytes 1..MPS), dw[8], first_be[4],
//           last_be[4], fmt4, write, tag[8] (a running count of requests), hdr[128] (PCIe header,
//           byte 0 in hdr[127:120]), and for the data mover / the next slice: region, id, boff[32]
//           (k of the request's first byte), last (the descriptor's last request). Registered.
//   m_cpl   {id, region, code[2]} one per descriptor, after its last request (code 0 OK) or
//           instead of any request: 1 GEN (generation mismatch or region not armed), 2 INVALID
//           (an entry in the range is not valid), 3 OOB (len 0 or off + len > ulen); the first
//           of GEN, OOB, INVALID that holds wins. Registered.
//   stat_cnt  9 x 32-bit wrapping counters (docs/gpubar.md 5; CSR wrapper: next slice):
//           0 DESC_OK 1 ERR_GEN 2 ERR_INV 3 ERR_OOB 4 TLP_WR 5 TLP_RD 6 SPLIT_4K 7 SPLIT_64K 8 CFG_BAD
// Splitting: a request ends at the next MPS-aligned offset or at the descriptor's end, so a
//   request never crosses a 4 KiB boundary (MPS divides 4096) nor a 64 KiB page; entries are 64 KiB
//   aligned, so address alignment mod MPS equals offset alignment. Reads use the same size
//   (MRRS = MPS in this slice). SPLIT_4K counts request boundaries inside a descriptor at a 4 KiB
//   multiple of o, SPLIT_64K those at a 64 KiB multiple (also counted in SPLIT_4K).
// Latency: s_desc accept to the first m_req_valid 10 cycles (idle outputs); then one request per
//   3 cycles; m_cpl the cycle after the last request is accepted. A cfg op takes 4 cycles; after
//   reset NR cycles of S_INIT clear the valid rows (both readies low).
// Tables: entry RAM NR*NE x 49 bits {hi, addr[63:16]} (block RAM, no reset, registered read and
//   one more register); region RAM NR x 64 bits and valid rows NR x NE bits (LUTRAM, no reset; the
//   rows are cleared by S_INIT); armed bits NR flip-flops (reset from rst_d_reg).
// Resources (lab size, ECP5-85 speed 6, open flow, registered I/O, PLACE=timing ROUTE=router1):
//   127.5 MHz (not gated yet), 2,565 LUT4, 2,338 FF (incl. the wrapper), 3 EBR (docs/gpubar.md 6.5).
// Next slice (revocation, flush read, completion record): INVALIDATE(region or range) becomes a
//   cfg op that clears valid bits / disarms once the request stream has drained; m_req.last +
//   region + id name the request after which the flush read goes, and m_cpl moves behind the
//   flush read's completion (docs/gpubar.md 7).
module gpubar_xlat #(
    parameter NR    = 16,     // regions (power of two, >= 2)
    parameter NE    = 64,     // 64 KiB entries per region (power of two, 2..1024)
    parameter ID_W  = 8,      // descriptor id width
    parameter RW    = $clog2(NR),
    parameter PW    = $clog2(NE)
) (
    input  wire              clk,
    input  wire              rst,
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
    // descriptor completions
    output wire              m_cpl_valid,
    input  wire              m_cpl_ready,
    output wire [ID_W-1:0]   m_cpl_id,
    output wire [RW-1:0]     m_cpl_region,
    output wire [1:0]        m_cpl_code,
    // counters
    output wire [9*32-1:0]   stat_cnt
);
    localparam OW = 16 + PW;   // offset bits inside a region
    localparam [OW:0] RSPAN = {1'b1, {OW{1'b0}}};   // NE * 64 KiB
    localparam [2:0] OP_MPS = 3'd0, OP_LOAD = 3'd1, OP_CLEAR = 3'd2, OP_ARM = 3'd3, OP_DISARM = 3'd4;
    localparam [1:0] C_OK = 2'd0, C_GEN = 2'd1, C_INV = 2'd2, C_OOB = 2'd3;
    localparam [3:0] S_IDLE = 4'd0, S_CFG0 = 4'd1, S_CFG1 = 4'd2, S_CFG = 4'd3, S_RD = 4'd4,
                     S_CHK1 = 4'd5, S_CHK2 = 4'd6, S_CHK3 = 4'd7, S_CHK4 = 4'd8, S_DEC = 4'd9,
                     S_E1 = 4'd10, S_EW = 4'd11, S_E2 = 4'd12, S_CPL = 4'd13, S_INIT = 4'd14;
    localparam [RW-1:0] RLAST = {RW{1'b1}};   // NR - 1 (NR a power of two)

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
    reg  [48:0]      ent_rd_reg;             // block RAM read (address from S_E1)
    reg  [48:0]      ent_q_reg;              // its register (the block RAM's output register)
    reg  [OW-1:0]    o_next_reg;
    reg              split_reg, split64_reg;
    reg  [7:0]       tag_reg;
    // outputs
    reg              req_valid_reg;
    reg  [63:0]      req_addr_reg;
    reg  [9:0]       req_len_reg;
    reg  [7:0]       req_dw_reg;
    reg  [3:0]       req_fbe_reg, req_lbe_reg;
    reg              req_fmt4_reg, req_write_reg, req_last_reg;
    reg  [7:0]       req_tag_reg;
    reg  [127:0]     req_hdr_reg;
    reg  [RW-1:0]    req_region_reg;
    reg  [ID_W-1:0]  req_id_out_reg;
    reg  [31:0]      req_boff_reg;
    reg              cpl_valid_reg;
    reg  [ID_W-1:0]  cpl_id_reg;
    reg  [RW-1:0]    cpl_region_reg;
    reg  [1:0]       cpl_code_reg;
    reg  [1:0]       code_reg;
    // counters
    reg  [31:0]      c_ok_reg, c_gen_reg, c_inv_reg, c_oob_reg, c_wr_reg, c_rd_reg, c_s4k_reg, c_s64k_reg, c_cfg_reg;

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
    assign m_cpl_valid    = cpl_valid_reg;
    assign m_cpl_id       = cpl_id_reg;
    assign m_cpl_region   = cpl_region_reg;
    assign m_cpl_code     = cpl_code_reg;
    assign stat_cnt = {c_cfg_reg, c_s64k_reg, c_s4k_reg, c_rd_reg, c_wr_reg, c_oob_reg, c_inv_reg, c_gen_reg, c_ok_reg};

    // ------------------------------------------------------------------ cfg decode (S_CFG0)
    wire [15:0]  cf_off0  = cf_data_reg[15:0];
    wire [31:0]  cf_ulen  = cf_data_reg[47:16];
    wire [32:0]  cf_span  = {17'd0, cf_off0} + {1'b0, cf_ulen};        // S_CFG0
    wire         cf_span_ok = cf_sum_reg <= {{(32-OW){1'b0}}, RSPAN};  // S_CFG1
    wire         cf_bad   = cf_op_reg == OP_MPS  ? cf_mps3_reg :     // S_CFG1
                            cf_op_reg == OP_LOAD ? !cf_lo0_reg :
                            cf_op_reg == OP_ARM  ? !cf_span_ok :
                            cf_op_reg > OP_DISARM;
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
    wire [63:0]  e_addr   = {ent_q_reg[47:0], o_reg[15:0]};
    wire [7:0]   h_dw;
    wire [3:0]   h_fbe, h_lbe;
    wire [127:0] h_hdr;
    gpubar_tlp_be u_be (.a0(o_reg[1:0]), .len(chunk_reg), .dw(h_dw), .first_be(h_fbe), .last_be(h_lbe));   // S_EW
    gpubar_tlp_hdr u_hdr (
        .addr(e_addr), .write(d_write_reg), .hi(ent_q_reg[48]), .dw(dw_reg), .first_be(fbe_reg),
        .last_be(lbe_reg), .req_id(req_id_reg), .tag(tag_reg), .hdr(h_hdr)
    );
    wire [OW-1:0] o_next  = o_reg + {{(OW-10){1'b0}}, chunk_reg};   // S_EW
    wire         emit     = st_reg == S_E2 && (!req_valid_reg || m_req_ready);
    wire         split    = emit && split_reg;
    wire         split64  = emit && split64_reg;
    wire         cpl_free = !cpl_valid_reg || m_cpl_ready;
    // a completion waits until the descriptor's last request was accepted (the m_req slot empty)
    wire         cpl_go   = st_reg == S_CPL && cpl_free && !req_valid_reg;

    // ------------------------------------------------------------------ mask of pages p0..p1 (S_CHK3)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [OW-1:0] olast = o0_reg + lenm1_reg;   // only its page bits are kept
    /* verilator lint_on UNUSEDSIGNAL */
    wire [PW-1:0] p0 = o0_reg[OW-1:16];
    wire [PW-1:0] p1 = p1_reg;
    // S_CHK3: m_lo[i] = i >= p0, m_hi[i] = i <= p1 (one compare with a constant per bit)
    wire [NE-1:0] m_lo, m_hi;
    genvar gi;
    generate
        for (gi = 0; gi < NE; gi = gi + 1) begin : g_mask
            localparam [PW-1:0] GI = gi;
            /* verilator lint_off UNSIGNED */
            /* verilator lint_off CMPCONST */
            assign m_lo[gi] = GI >= p0;   // constant 1 for gi = NE - 1
            assign m_hi[gi] = GI <= p1;   // constant 1 for gi = 0
            /* verilator lint_on CMPCONST */
            /* verilator lint_on UNSIGNED */
        end
    endgenerate

    always @(posedge clk) begin
        // registered table reads (no reset)
        rg_reg     <= reg_mem[d_region_reg];
        ent_rd_reg <= ent_mem[{d_region_reg, o_reg[OW-1:16]}];
        ent_q_reg  <= ent_rd_reg;

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
            end
            S_CFG1: begin
                st_reg        <= S_CFG;
                cf_bad_reg    <= cf_bad;
                cf_mps_reg    <= !cf_bad && cf_op_reg == OP_MPS;
                cf_load_reg   <= !cf_bad && cf_op_reg == OP_LOAD;
                cf_arm_reg    <= !cf_bad && cf_op_reg == OP_ARM;
                cf_disarm_reg <= !cf_bad && cf_op_reg == OP_DISARM;
                cf_vwe_reg    <= !cf_bad && (cf_op_reg == OP_LOAD || cf_op_reg == OP_CLEAR);
                cf_nrow_reg   <= cf_op_reg == OP_LOAD ? cf_row_reg | cf_i_oh_reg : cf_row_reg & ~cf_i_oh_reg;
            end
            S_CFG: begin
                st_reg <= S_IDLE;
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
                    tag_reg  <= tag_reg + 8'd1;
                    if (d_write_reg) c_wr_reg <= c_wr_reg + 32'd1;
                    else             c_rd_reg <= c_rd_reg + 32'd1;
                    if (split)   c_s4k_reg  <= c_s4k_reg + 32'd1;
                    if (split64) c_s64k_reg <= c_s64k_reg + 32'd1;
                    st_reg   <= elast_reg ? S_CPL : S_E1;
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
        if (emit) begin
            req_valid_reg  <= 1'b1;
            req_addr_reg   <= e_addr;
            req_len_reg    <= chunk_reg;
            req_dw_reg     <= dw_reg;
            req_fbe_reg    <= fbe_reg;
            req_lbe_reg    <= lbe_reg;
            req_fmt4_reg   <= ent_q_reg[48];
            req_write_reg  <= d_write_reg;
            req_tag_reg    <= tag_reg;
            req_hdr_reg    <= h_hdr;
            req_region_reg <= d_region_reg;
            req_id_out_reg <= d_id_reg;
            req_boff_reg   <= boff_reg;
            req_last_reg   <= elast_reg;
        end
        // completion output slot
        if (m_cpl_ready) cpl_valid_reg <= 1'b0;
        if (cpl_go) begin
            cpl_valid_reg  <= 1'b1;
            cpl_id_reg     <= d_id_reg;
            cpl_region_reg <= d_region_reg;
            cpl_code_reg   <= code_reg;
        end

        // reset of the state nothing reads in the first cycle after rst (written only in S_CFG,
        // S_E2, S_CPL; read from S_RD on): one cycle late, from rst_d_reg (the rst fan-out)
        rst_d_reg <= rst;
        if (rst_d_reg) begin
            mps_reg       <= 2'd0;
            req_id_reg    <= 16'd0;
            armed_reg     <= {NR{1'b0}};
            tag_reg       <= 8'd0;
            c_ok_reg  <= 32'd0; c_gen_reg <= 32'd0; c_inv_reg <= 32'd0; c_oob_reg <= 32'd0;
            c_wr_reg  <= 32'd0; c_rd_reg  <= 32'd0; c_s4k_reg <= 32'd0; c_s64k_reg <= 32'd0;
            c_cfg_reg <= 32'd0;
        end
        if (rst) begin
            st_reg        <= S_INIT;
            init_reg      <= {RW{1'b0}};
            req_valid_reg <= 1'b0;
            cpl_valid_reg <= 1'b0;
        end
    end

`ifdef FORMAL
`include "gpubar_props.vh"
`endif
endmodule

`resetall
