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
// Latency: s_desc accept to the first m_req_valid 8 cycles (idle outputs); then one request per
//   2 cycles; m_cpl 1-2 cycles after the last request. A cfg op takes 2 cycles.
// Tables: entry RAM NR*NE x 49 bits {hi, addr[63:16]} (block RAM, no reset, registered read);
//   region RAM NR x 64 bits (LUTRAM, no reset); armed bits NR and entry valid bits NR*NE in
//   flip-flops (reset to 0).
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
    localparam [3:0] S_IDLE = 4'd0, S_CFG = 4'd1, S_RD = 4'd2, S_CHK1 = 4'd3, S_CHK2 = 4'd4,
                     S_CHK3 = 4'd5, S_CHK4 = 4'd6, S_DEC = 4'd7, S_E1 = 4'd8, S_E2 = 4'd9, S_CPL = 4'd10;

    // ------------------------------------------------------------------ tables
    (* ram_style = "block" *)
    reg  [48:0]      ent_mem [0:NR*NE-1];   // {hi, addr[63:16]}
    reg  [63:0]      reg_mem [0:NR-1];      // {gen[16], ulen[32], off0[16]}
    reg  [NR-1:0]    armed_reg;
    reg  [NR*NE-1:0] valid_reg;             // entry {region, idx} at bit region * NE + idx

    reg  [3:0]       st_reg;
    // cfg op latched
    reg  [2:0]       cf_op_reg;
    reg  [RW-1:0]    cf_region_reg;
    reg  [PW-1:0]    cf_idx_reg;
    reg  [63:0]      cf_data_reg;
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
    reg  [NE-1:0]    mask_reg;
    // emit loop
    reg  [OW-1:0]    o_reg;
    reg  [OW:0]      rem_reg;
    reg  [31:0]      boff_reg;
    reg  [9:0]       chunk_reg;
    reg              elast_reg;
    reg  [48:0]      ent_rd_reg;
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

    // ------------------------------------------------------------------ cfg decode (S_CFG)
    wire [15:0]  cf_off0  = cf_data_reg[15:0];
    wire [31:0]  cf_ulen  = cf_data_reg[47:16];
    wire [32:0]  cf_span  = {17'd0, cf_off0} + {1'b0, cf_ulen};
    wire         cf_span_ok = cf_span <= {{(32-OW){1'b0}}, RSPAN};
    wire         cf_bad   = cf_op_reg == OP_MPS  ? cf_data_reg[1:0] == 2'd3 :
                            cf_op_reg == OP_LOAD ? cf_data_reg[15:0] != 16'd0 :
                            cf_op_reg == OP_ARM  ? !cf_span_ok :
                            cf_op_reg > OP_DISARM;
    wire         cf_go    = st_reg == S_CFG && !cf_bad;
    wire [RW+PW-1:0] cf_eaddr = {cf_region_reg, cf_idx_reg};

    always @(posedge clk) begin
        if (cf_go && cf_op_reg == OP_LOAD)
            ent_mem[cf_eaddr] <= {cf_data_reg[63:32] != 32'd0, cf_data_reg[63:16]};
        if (cf_go && cf_op_reg == OP_ARM)
            reg_mem[cf_region_reg] <= cf_data_reg;
    end

    // ------------------------------------------------------------------ emit arithmetic (S_E1)
    wire [9:0]   mps_b    = mps_reg == 2'd0 ? 10'd128 : mps_reg == 2'd1 ? 10'd256 : 10'd512;
    wire [9:0]   omod     = o_reg[9:0] & (mps_b - 10'd1);
    wire [9:0]   c1       = mps_b - omod;                       // 1..512 bytes to the MPS boundary
    wire         rem_le   = rem_reg <= {{(OW-9){1'b0}}, c1};    // the descriptor ends in this request
    wire [9:0]   chunk    = rem_le ? rem_reg[9:0] : c1;

    // request fields (S_E2): from o_reg, chunk_reg and the entry read
    wire [63:0]  e_addr   = {ent_rd_reg[47:0], o_reg[15:0]};
    wire [7:0]   h_dw;
    wire [3:0]   h_fbe, h_lbe;
    wire [127:0] h_hdr;
    gpubar_tlp_hdr u_hdr (
        .addr(e_addr), .len(chunk_reg), .write(d_write_reg), .hi(ent_rd_reg[48]), .req_id(req_id_reg),
        .tag(tag_reg), .dw(h_dw), .first_be(h_fbe), .last_be(h_lbe), .hdr(h_hdr)
    );
    wire [OW-1:0] o_next  = o_reg + {{(OW-10){1'b0}}, chunk_reg};
    wire         emit     = st_reg == S_E2 && (!req_valid_reg || m_req_ready);
    wire         split    = emit && !elast_reg && o_next[11:0] == 12'd0;
    wire         split64  = split && o_next[15:12] == 4'd0;
    wire         cpl_free = !cpl_valid_reg || m_cpl_ready;
    // a completion waits until the descriptor's last request was accepted (the m_req slot empty)
    wire         cpl_go   = st_reg == S_CPL && cpl_free && !req_valid_reg;

    // ------------------------------------------------------------------ mask of pages p0..p1 (S_CHK3)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [OW-1:0] olast = o0_reg + lenm1_reg;   // only its page bits are kept
    /* verilator lint_on UNUSEDSIGNAL */
    wire [PW-1:0] p0 = o0_reg[OW-1:16];
    wire [PW-1:0] p1 = p1_reg;
    wire [NE-1:0] m_lo = {NE{1'b1}} << p0;
    wire [NE-1:0] m_hi = {NE{1'b1}} >> ~p1;     // ~p1 = NE - 1 - p1

    always @(posedge clk) begin
        // registered table reads (no reset)
        rg_reg     <= reg_mem[d_region_reg];
        ent_rd_reg <= ent_mem[{d_region_reg, o_reg[OW-1:16]}];

        case (st_reg)
            S_IDLE: begin
                if (s_cfg_valid) begin
                    st_reg        <= S_CFG;
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
            S_CFG: begin
                st_reg <= S_IDLE;
                if (cf_bad) c_cfg_reg <= c_cfg_reg + 32'd1;
                if (cf_go && cf_op_reg == OP_MPS) begin
                    mps_reg    <= cf_data_reg[1:0];
                    req_id_reg <= cf_data_reg[31:16];
                end
                if (cf_go && cf_op_reg == OP_LOAD)  valid_reg[cf_eaddr] <= 1'b1;
                if (cf_go && cf_op_reg == OP_CLEAR) valid_reg[cf_eaddr] <= 1'b0;
                if (cf_go && cf_op_reg == OP_ARM)   armed_reg[cf_region_reg] <= 1'b1;
                if (cf_go && cf_op_reg == OP_DISARM) armed_reg[cf_region_reg] <= 1'b0;
            end
            S_RD: begin   // rg_reg loads now; the valid row and the armed bit likewise
                st_reg       <= S_CHK1;
                row_reg      <= valid_reg[d_region_reg * NE +: NE];
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
                mask_reg <= m_lo & m_hi;
            end
            S_CHK4: begin
                inv_reg  <= |(~row_reg & mask_reg);
                st_reg   <= S_DEC;
                o_reg    <= o0_reg;
                rem_reg  <= d_len_reg[OW:0];   // len <= ulen <= NE * 64 KiB when in bounds
                boff_reg <= d_off_reg;
            end
            S_DEC: begin   // first failing check of GEN, OOB, INVALID
                st_reg   <= gen_bad_reg || oob_reg || inv_reg ? S_CPL : S_E1;
                code_reg <= gen_bad_reg ? C_GEN : oob_reg ? C_OOB : inv_reg ? C_INV : C_OK;
            end
            S_E1: begin    // the next request's size
                st_reg    <= S_E2;
                chunk_reg <= chunk;
                elast_reg <= rem_le;
            end
            S_E2: begin
                if (emit) begin
                    o_reg    <= o_next;
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
            default: st_reg <= S_IDLE;
        endcase

        // request output slot
        if (m_req_ready) req_valid_reg <= 1'b0;
        if (emit) begin
            req_valid_reg  <= 1'b1;
            req_addr_reg   <= e_addr;
            req_len_reg    <= chunk_reg;
            req_dw_reg     <= h_dw;
            req_fbe_reg    <= h_fbe;
            req_lbe_reg    <= h_lbe;
            req_fmt4_reg   <= ent_rd_reg[48];
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

        if (rst) begin
            st_reg        <= S_IDLE;
            mps_reg       <= 2'd0;
            req_id_reg    <= 16'd0;
            armed_reg     <= {NR{1'b0}};
            valid_reg     <= {(NR*NE){1'b0}};
            tag_reg       <= 8'd0;
            req_valid_reg <= 1'b0;
            cpl_valid_reg <= 1'b0;
            c_ok_reg  <= 32'd0; c_gen_reg <= 32'd0; c_inv_reg <= 32'd0; c_oob_reg <= 32'd0;
            c_wr_reg  <= 32'd0; c_rd_reg  <= 32'd0; c_s4k_reg <= 32'd0; c_s64k_reg <= 32'd0;
            c_cfg_reg <= 32'd0;
        end
    end

`ifdef FORMAL
`include "gpubar_props.vh"
`endif
endmodule

`resetall
