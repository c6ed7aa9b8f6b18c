`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rxdma: NIC RX DMA engine. N_VN resident contexts (one per VN), packets from the receive
// parser into one buffer memory partitioned per VN, RX_HOST_SCHED with the thresholds T1 / T2,
// one 32-byte host-write datapath, one completion event per message (docs/nic_rxdma.md; C model
// cmodel/nic_rxdma.c).
//
// Source: seed 003 L52-L74 (one RX DMA engine, one context per VN, one logical buffer memory
// partitioned per VN, T1 / T2 scheduling L72-L74), spec note 003 section 2.3 (RX DMA engine,
// RX_HOST_SCHED pseudo-code), section 4 B5 (state, R1-R4), issue 12; the project host DMA
// interface (docs/nic.md: write port, natural 32-byte alignment, posted and in order).
//
// Ports (one clock clk, synchronous active-high rst; valid/ready handshakes):
//   s_hdr  {vn[1:0], pid[23:0], target_addr[63:0] (VA of the message buffer), msg_len[20:0] bytes,
//          offset[20:0] bytes, pay_len[12:0] bytes, first, last, src_nid, msg_id, eq_handle}
//          one per packet, followed by its payload on s_data. Refused (the header is taken, its
//          payload is drained up to s_data_last, a counter counts the first reason in this order):
//          ref_vn vn >= N_VN; ref_len pay_len 0 or > 4096, first packet with msg_len 0 or > 1 MiB;
//          ref_align first packet with target_addr % 32 != 0, or a non-last packet with
//          pay_len % 32 != 0 (no funnel shifter: docs/nic_rxdma.md 2); ref_first first packet
//          while a message is open on the VN; ref_nomsg non-first packet with no open message;
//          ref_offset offset != bytes received (first packet: offset != 0); ref_len
//          offset + pay_len > msg_len or ceil(pay_len / 32) > BUF_SIZE; ref_last
//          last != (offset + pay_len == msg_len). A refusal changes no context (the upstream E2E
//          layer retransmits). An accepted packet waits (s_hdr stays taken, stall_hdr counts)
//          until its VN's slice has room for ceil(pay_len / 32) lines and, for a first packet,
//          until the VN's previous message has sent its completion event.
//   s_data {data[255:0] (byte j of beat k = payload byte 32k + j), last}: ceil(pay_len / 32)
//          beats of an accepted packet are counted from pay_len (s_data_last is not checked);
//          a refused packet's beats are drained up to s_data_last.
//   m_dma_wr {addr[63:0] = VA, len[12:0], data[255:0], last, pid[23:0]}: host writes (natural
//          32-byte alignment; addr is 32-byte aligned here), each inside one 4 KiB page, len =
//          min(occ, MPS - addr % MPS) bytes <= MPS (docs/nic_rxdma.md 3). pid and the VA go to the
//          translation unit in front of the host port.
//   m_evt  {eq_handle, src_nid, msg_id, msg_len[20:0], vn, pid, status[1:0] = 0 OK} one per
//          message, after its last write beat was accepted (posted writes are in order).
//   m_credit {vc = vn, n[7:0] lines} valid-only pulse: the lines of one host write, returned when
//          its last beat was accepted (R3: credits only on buffer drain).
//   s_axil_*  CSR slave (rdl/nic_rxdma.rdl).
// Timing (docs/nic_rxdma.md 4): header checks take 4 cycles (capture, CHK1 context read, CHK2
//   compares, CHK3 reasons and priority), then WAIT (room: free lines and the per-slice compare
//   registered, so the room term is three cycles old, the context term one) and DATA (one beat per
//   cycle, written into the buffer one cycle after its handshake; a first packet allocates its
//   context and reserves its lines one cycle after its acceptance).
//   RX_HOST_SCHED runs every 4 cycles: phase 0 snapshot of the context state, 1 eligibility /
//   T2 / length terms, 2 decision (nic_rxdma_sched), 3 apply (rem, issued, VA updated; occ =
//   rcvd - issued; the write command is registered and pushed into the 4-entry command queue in
//   the next cycle). A next-command register feeds the streamer, which reads one buffer line per
//   cycle into an 8-entry output FIFO (RAM, RAM output register, data register, FIFO: a line
//   reaches m_dma_wr 4 cycles after its read). Every write beat waits while an event is held. A
//   context is freed at the end of the phase-3 cycle after its event left the write port.
// Throughput: one payload beat per cycle in; one write beat per cycle out, one write per 4 cycles.
// Resources at the lab size (N_VN 4, 1024 lines): docs/nic_rxdma.md 8.
module nic_rxdma #(
    parameter N_VN  = 4,
    parameter VN_W  = 2,
    parameter LINES = 1024,
    parameter LA_W  = 10           // log2(LINES)
) (
    input  wire              clk,
    input  wire              rst,
    // packet headers
    input  wire              s_hdr_valid,
    output wire              s_hdr_ready,
    input  wire [1:0]        s_hdr_vn,
    input  wire [23:0]       s_hdr_pid,
    input  wire [63:0]       s_hdr_target_addr,
    input  wire [20:0]       s_hdr_msg_len,
    input  wire [20:0]       s_hdr_offset,
    input  wire [12:0]       s_hdr_pay_len,
    input  wire              s_hdr_first,
    input  wire              s_hdr_last,
    input  wire [15:0]       s_hdr_src_nid,
    input  wire [15:0]       s_hdr_msg_id,
    input  wire [15:0]       s_hdr_eq_handle,
    // packet payload
    input  wire              s_data_valid,
    output wire              s_data_ready,
    input  wire [255:0]      s_data_data,
    input  wire              s_data_last,
    // host writes
    output wire              m_dma_wr_valid,
    input  wire              m_dma_wr_ready,
    output wire [63:0]       m_dma_wr_addr,
    output wire [12:0]       m_dma_wr_len,
    output wire [255:0]      m_dma_wr_data,
    output wire              m_dma_wr_last,
    output wire [23:0]       m_dma_wr_pid,
    // completion events
    output wire              m_evt_valid,
    input  wire              m_evt_ready,
    output wire [15:0]       m_evt_eq_handle,
    output wire [15:0]       m_evt_src_nid,
    output wire [15:0]       m_evt_msg_id,
    output wire [20:0]       m_evt_msg_len,
    output wire [1:0]        m_evt_vn,
    output wire [23:0]       m_evt_pid,
    output wire [1:0]        m_evt_status,
    // network credit returns
    output wire              m_credit_valid,
    output wire [1:0]        m_credit_vc,
    output wire [7:0]        m_credit_n,
    // CSR slave
    input  wire [11:0]       s_axil_awaddr,
    input  wire              s_axil_awvalid,
    output wire              s_axil_awready,
    input  wire [31:0]       s_axil_wdata,
    input  wire [3:0]        s_axil_wstrb,
    input  wire              s_axil_wvalid,
    output wire              s_axil_wready,
    output wire [1:0]        s_axil_bresp,
    output wire              s_axil_bvalid,
    input  wire              s_axil_bready,
    input  wire [11:0]       s_axil_araddr,
    input  wire              s_axil_arvalid,
    output wire              s_axil_arready,
    output wire [31:0]       s_axil_rdata,
    output wire [1:0]        s_axil_rresp,
    output wire              s_axil_rvalid,
    input  wire              s_axil_rready
);
`include "nic_rxdma_regs.vh"

    localparam OW     = LA_W + 1;      // line counts 0..LINES
    localparam BW     = LA_W + 6;      // byte counts 0..32 * LINES
    localparam NSTAT  = 12;
    localparam SLICE0 = LINES / N_VN;  // default slice lines per VN
    localparam CQW    = 1 + 8 + 1 + 24 + 13 + 64 + VN_W;      // {one, beats, done, pid, len, addr, vn}
    localparam OFW    = 256 + 1 + 8 + 1 + 24 + 13 + 64 + VN_W; // {data, last, beats, done, pid, len, addr, vn}

    initial begin
        if (N_VN < 2 || N_VN > 4 || (1 << VN_W) < N_VN || VN_W > 2 || (1 << LA_W) != LINES || LA_W < 8 || LA_W > 11) begin
            $error("%m: bad parameters");
            $finish;
        end
    end

    integer i, j;

    // ------------------------------------------------------------ CSR
    wire        reg_wr_en;
    wire [11:0] reg_wr_addr;
    wire [31:0] reg_wr_data;
    wire [3:0]  reg_wr_strb;
    wire [11:0] reg_rd_addr;
    wire [2:0]  rd_stage;
    reg         reg_wr_err;
    reg  [31:0] rd_dat_reg;
    reg         rd_err_reg, rd_isstat_reg;
    wire [31:0] stat_rd_data;
    wire        stat_rd_valid;
    wire        stat_busy;
    reg         csr_block_reg;
    always @(posedge clk)
        csr_block_reg <= rst || stat_busy;
    wire        axil_arready, axil_awready, axil_wready;
    assign s_axil_awready = axil_awready && !csr_block_reg;
    assign s_axil_wready  = axil_wready && !csr_block_reg;
    assign s_axil_arready = axil_arready && !csr_block_reg;
    axil_reg_if_pipe #(.ADDR_WIDTH(12), .RD_LATENCY(3)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid && !csr_block_reg),
        .s_axil_awready(axil_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
        .s_axil_wvalid(s_axil_wvalid && !csr_block_reg), .s_axil_wready(axil_wready),
        .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready),
        .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid && !csr_block_reg),
        .s_axil_arready(axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err),
        .reg_rd_addr(reg_rd_addr), .reg_rd_stage(rd_stage),
        .reg_rd_data(rd_isstat_reg ? stat_rd_data : rd_dat_reg), .reg_rd_err(rd_err_reg)
    );

    reg             en_reg;
    reg  [2:0]      mps_reg;
    reg  [20:0]     t1_reg;
    reg  [16:0]     t2_reg;
    reg  [LA_W-1:0] base_reg  [0:N_VN-1];
    reg  [OW-1:0]   size_reg  [0:N_VN-1];
    reg  [LA_W-1:0] endm1_reg [0:N_VN-1];   // base + size - 1: the slice's last line
    reg  [12:0]     mpsb_reg;               // 128 << min(code, 5)
    reg  [11:0]     mmask_reg;              // mpsb - 1
    reg  [63:0]     bytes_reg;

    wire wr_full = reg_wr_strb == 4'hf;
    wire [11:0] wa = reg_wr_addr;
    wire [1:0]  wi = wa[3:2];
    wire wr_arr  = (wa[11:4] == RD_BUF_BASE_ADDR[11:4] || wa[11:4] == RD_BUF_SIZE_ADDR[11:4]) &&
                   wa[1:0] == 2'b00 && {30'd0, wi} < N_VN;
    wire wr_cfg  = wa == RD_ENABLE_ADDR || wa == RD_MPS_ADDR || wa == RD_T1_ADDR || wa == RD_T2_ADDR || wr_arr;
    wire csr_err_ev = reg_wr_en && (!wr_full || !wr_cfg);
    always @(*) reg_wr_err = csr_err_ev;
    reg             w_en, w_mps, w_t1, w_t2;
    reg  [N_VN-1:0] w_base, w_size;
    reg  [31:0]     w_data;
    always @(posedge clk) begin
        w_data <= reg_wr_data;
        w_en   <= !rst && reg_wr_en && wr_full && wa == RD_ENABLE_ADDR;
        w_mps  <= !rst && reg_wr_en && wr_full && wa == RD_MPS_ADDR;
        w_t1   <= !rst && reg_wr_en && wr_full && wa == RD_T1_ADDR;
        w_t2   <= !rst && reg_wr_en && wr_full && wa == RD_T2_ADDR;
        for (i = 0; i < N_VN; i = i + 1) begin
            w_base[i] <= !rst && reg_wr_en && wr_full && wr_arr && wi == i[1:0] && wa[11:4] == RD_BUF_BASE_ADDR[11:4];
            w_size[i] <= !rst && reg_wr_en && wr_full && wr_arr && wi == i[1:0] && wa[11:4] == RD_BUF_SIZE_ADDR[11:4];
        end
    end
    always @(posedge clk) begin
        if (rst) begin
            en_reg  <= RD_ENABLE_EN_RESET;
            mps_reg <= RD_MPS_CODE_RESET;
            t1_reg  <= RD_T1_BYTES_RESET;
            t2_reg  <= RD_T2_BYTES_RESET;
            for (i = 0; i < N_VN; i = i + 1) begin
                base_reg[i] <= SLICE0[LA_W-1:0] * i[LA_W-1:0];
                size_reg[i] <= SLICE0[OW-1:0];
            end
        end else begin
            if (w_en)  en_reg  <= w_data[0];
            if (w_mps) mps_reg <= w_data[2:0];
            if (w_t1)  t1_reg  <= w_data[20:0];
            if (w_t2)  t2_reg  <= w_data[16:0];
            for (i = 0; i < N_VN; i = i + 1) begin
                if (w_base[i]) base_reg[i] <= w_data[LA_W-1:0];
                if (w_size[i]) size_reg[i] <= w_data[OW-1:0];
            end
        end
        for (i = 0; i < N_VN; i = i + 1)
            endm1_reg[i] <= base_reg[i] + size_reg[i][LA_W-1:0] - {{(LA_W-1){1'b0}}, 1'b1};
        mpsb_reg  <= 13'd128 << (mps_reg > 3'd5 ? 3'd5 : mps_reg);
        mmask_reg <= mpsb_reg[11:0] - 12'd1;
    end

    // ------------------------------------------------------------ context state
    reg  [N_VN-1:0]   ctx_v, ctx_frs, clr_pend;
    reg  [20:0]       ctx_len   [0:N_VN-1];
    reg  [20:0]       ctx_rcvd  [0:N_VN-1];    // bytes received (in the buffer or written)
    reg  [20:0]       ctx_rem   [0:N_VN-1];    // bytes not yet handed to a write
    reg  [20:0]       ctx_iss   [0:N_VN-1];    // bytes handed to writes
    wire [BW-1:0]     ctx_occ   [0:N_VN-1];    // rcvd - iss: bytes in the buffer not yet handed to a write
    reg  [63:0]       ctx_va    [0:N_VN-1];    // VA of the next write
    reg  [51:0]       ctx_vahi1 [0:N_VN-1];    // ctx_va[63:12] + 1 (registered)
    reg  [23:0]       ctx_pid   [0:N_VN-1];
    reg  [15:0]       ctx_src   [0:N_VN-1];
    reg  [15:0]       ctx_mid   [0:N_VN-1];
    reg  [15:0]       ctx_eqh   [0:N_VN-1];
    reg  [OW-1:0]     used_reg  [0:N_VN-1];    // lines reserved (accepted packets) not yet drained
    reg  [LA_W-1:0]   wptr_reg  [0:N_VN-1];    // next line to write
    reg  [LA_W-1:0]   rptr_reg  [0:N_VN-1];    // next line to read
    reg  [N_VN*N_VN-1:0] older_reg;            // age matrix: [i*N_VN+j] i allocated before j

    // ------------------------------------------------------------ ingress: header checks
    localparam ST_IDLE = 0, ST_CHK1 = 1, ST_CHK2 = 2, ST_CHK3 = 3, ST_WAIT = 4, ST_DATA = 5, ST_DROP = 6;
    reg  [6:0]      st_reg;                    // one-hot
    reg  [1:0]      h_vn;
    reg  [23:0]     h_pid;
    reg  [63:0]     h_addr;
    reg  [20:0]     h_mlen, h_off;
    reg  [12:0]     h_plen;
    reg             h_first, h_last;
    reg  [15:0]     h_src, h_mid, h_eqh;
    reg  [N_VN-1:0] hv_oh;                     // the packet's VN, one-hot (captured with it)
    assign s_hdr_ready = st_reg[ST_IDLE] && en_reg;
    wire hdr_hs = s_hdr_valid && s_hdr_ready;
    always @(posedge clk)
        if (st_reg[ST_IDLE]) begin   // loaded every idle cycle: holds the header taken
            h_vn <= s_hdr_vn;
            for (i = 0; i < N_VN; i = i + 1) hv_oh[i] <= s_hdr_vn == i[1:0];  h_pid <= s_hdr_pid;  h_addr <= s_hdr_target_addr;
            h_mlen <= s_hdr_msg_len;  h_off <= s_hdr_offset;  h_plen <= s_hdr_pay_len;
            h_first <= s_hdr_first;  h_last <= s_hdr_last;
            h_src <= s_hdr_src_nid;  h_mid <= s_hdr_msg_id;  h_eqh <= s_hdr_eq_handle;
        end

    // CHK1: the context of the VN and the packet's own terms
    reg             k_vnbad, k_len0, k_align, k_v;
    reg  [20:0]     k_rcvd, k_clen, k_len;
    reg  [OW-1:0]   k_size;
    reg  [21:0]     k_end;
    reg  [7:0]      k_need;                    // ceil(pay_len / 32) (pay_len <= 4096 when used)
    reg  [31:0]     k_mask;                    // valid bytes of the last beat
    reg  [5:0]      k_lastb;                   // bytes of the last beat, 1..32
    reg             k_off0;
    reg  [20:0]     sel_rcvd, sel_len;         // the VN's context fields (AND-OR by hv_oh)
    reg  [OW-1:0]   sel_size;
    reg  [LA_W-1:0] sel_wptr, sel_last, sel_base;
    always @(*) begin
        sel_rcvd = 21'd0;
        sel_len  = 21'd0;
        sel_size = {OW{1'b0}};
        sel_wptr = {LA_W{1'b0}};
        sel_last = {LA_W{1'b0}};
        sel_base = {LA_W{1'b0}};
        for (i = 0; i < N_VN; i = i + 1) begin
            sel_wptr = sel_wptr | ({LA_W{hv_oh[i]}} & wptr_reg[i]);
            sel_last = sel_last | ({LA_W{hv_oh[i]}} & endm1_reg[i]);
            sel_base = sel_base | ({LA_W{hv_oh[i]}} & base_reg[i]);
            sel_rcvd = sel_rcvd | ({21{hv_oh[i]}} & ctx_rcvd[i]);
            sel_len  = sel_len  | ({21{hv_oh[i]}} & ctx_len[i]);
            sel_size = sel_size | ({OW{hv_oh[i]}} & size_reg[i]);
        end
    end
    always @(posedge clk)
        if (st_reg[ST_CHK1]) begin
            k_vnbad <= {30'd0, h_vn} >= N_VN;
            k_v     <= |(hv_oh & ctx_v);
            k_rcvd  <= sel_rcvd;
            k_clen  <= sel_len;
            k_len   <= h_first ? h_mlen : sel_len;
            k_size  <= sel_size;
            k_off0  <= h_off != 21'd0;
            k_end   <= {1'b0, h_off} + {9'd0, h_plen};
            k_need  <= h_plen[12:5] + {7'd0, h_plen[4:0] != 5'd0};
            k_len0  <= h_plen == 13'd0 || h_plen > 13'd4096 ||
                       (h_first && (h_mlen == 21'd0 || h_mlen > 21'h100000));
            k_align <= (h_first && h_addr[4:0] != 5'd0) || (!h_last && h_plen[4:0] != 5'd0);
            k_mask  <= h_plen[4:0] == 5'd0 ? 32'hffffffff : (32'd1 << h_plen[4:0]) - 32'd1;
            k_lastb <= {h_plen[4:0] == 5'd0, h_plen[4:0]};
        end

    // CHK2: the compares, registered
    reg        c_gt, c_eq, c_offne, c_open, c_big;
    always @(posedge clk)
        if (st_reg[ST_CHK2]) begin
            c_gt    <= k_end > {1'b0, k_len};
            c_eq    <= k_end == {1'b0, k_len};
            c_offne <= h_off != k_rcvd;
            c_open  <= k_v && k_rcvd != k_clen;
            c_big   <= {{(OW-8){1'b0}}, k_need} > k_size;
        end

    // CHK3: the reasons {last, len, offset, nomsg, first, align, len0, vn} (priority: bit 0
    // first), the first reason (one-hot), DROP or WAIT
    wire [7:0] r_raw = {h_last != c_eq, c_gt || c_big, h_first ? k_off0 : c_offne, !h_first && !c_open, h_first && c_open,
                        k_align, k_len0, k_vnbad};
    reg  [7:0] r_oh;
    always @(*) begin
        r_oh = 8'd0;
        for (i = 7; i >= 0; i = i - 1)
            if (r_raw[i]) r_oh = 8'd1 << i;
    end
    wire       ref_any = |r_raw;
    // refusal pulses by counter: vn, align, len (len0 or len), first, nomsg, offset, last
    reg  [6:0] ref_ev;
    always @(*) begin
        ref_ev = 7'd0;
        if (st_reg[ST_CHK3])
            ref_ev = {r_oh[7], r_oh[5], r_oh[4], r_oh[3], r_oh[6] | r_oh[1], r_oh[2], r_oh[0]};
    end

    // WAIT: room in the slice and (first packet) a free context, registered every cycle
    // (free lines of each slice registered every cycle: the room term is two cycles old, the
    // context term one; both only become more permissive while a header waits)
    reg  ok_reg;
    reg  [OW:0] free_reg [0:N_VN-1];
    reg  [N_VN-1:0] room_c;                    // free lines of slice c >= the packet's lines (registered)
    always @(posedge clk) begin
        for (i = 0; i < N_VN; i = i + 1) begin
            free_reg[i] <= {1'b0, size_reg[i]} - {1'b0, used_reg[i]};
            room_c[i]   <= !free_reg[i][OW] && free_reg[i][OW-1:0] >= {{(OW-8){1'b0}}, k_need};
        end
        ok_reg <= |(hv_oh & room_c) && (!h_first || !(|(hv_oh & ctx_v)));
    end
    wire acc      = st_reg[ST_WAIT] && ok_reg;
    wire stall_ev = st_reg[ST_WAIT] && !ok_reg;

    // DATA / DROP
    reg  [7:0]      ib_rem;                    // beats left of the packet
    reg             ib_one;                    // ib_rem == 1
    reg  [LA_W-1:0] iptr, ilast, ibase;
    assign s_data_ready = st_reg[ST_DATA] || st_reg[ST_DROP];
    wire dat_hs  = s_data_valid && st_reg[ST_DATA];
    wire drop_hs = s_data_valid && st_reg[ST_DROP];
    wire [LA_W-1:0] iptr_nx = iptr == ilast ? ibase : iptr + {{(LA_W-1){1'b0}}, 1'b1};
    // the buffer write stage (one cycle after the beat's handshake)
    reg             bw_en;
    reg  [LA_W-1:0] bw_addr;
    reg  [255:0]    bw_data;
    reg  [N_VN-1:0] bw_oh;                     // the beat's VN, one-hot (0 when no beat)
    reg  [5:0]      bw_bytes;
    always @(posedge clk) begin
        bw_en    <= !rst && dat_hs;
        bw_addr  <= iptr;
        for (i = 0; i < N_VN; i = i + 1) bw_oh[i] <= !rst && dat_hs && hv_oh[i];
        bw_bytes <= ib_one ? k_lastb : 6'd32;
        for (j = 0; j < 32; j = j + 1)
            bw_data[8*j +: 8] <= s_data_data[8*j +: 8] & {8{!ib_one || k_mask[j]}};
    end

    always @(posedge clk) begin
        if (rst) begin
            st_reg <= 7'd1 << ST_IDLE;
        end else begin
            if (st_reg[ST_IDLE] && hdr_hs) st_reg <= 7'd1 << ST_CHK1;
            if (st_reg[ST_CHK1]) st_reg <= 7'd1 << ST_CHK2;
            if (st_reg[ST_CHK2]) st_reg <= 7'd1 << ST_CHK3;
            if (st_reg[ST_CHK3]) st_reg <= ref_any ? 7'd1 << ST_DROP : 7'd1 << ST_WAIT;
            if (acc) st_reg <= 7'd1 << ST_DATA;
            if (dat_hs && ib_one) st_reg <= 7'd1 << ST_IDLE;
            if (drop_hs && s_data_last) st_reg <= 7'd1 << ST_IDLE;
        end
        if (st_reg[ST_CHK3]) begin   // (a VN's pointers change only in its own DATA state)
            ib_rem <= k_need;
            ib_one <= k_need == 8'd1;
            iptr   <= sel_wptr;
            ilast  <= sel_last;
            ibase  <= sel_base;
        end else if (dat_hs) begin
            ib_rem <= ib_rem - 8'd1;
            ib_one <= ib_rem == 8'd2;
            iptr   <= iptr_nx;
        end
    end

    // ------------------------------------------------------------ RX_HOST_SCHED pipeline
    // phase 0: snapshot of the context state and its compares (loaded in phase 0 only)
    // phase 1: eligibility, T2 and write-length terms from the snapshot (registered every cycle)
    // phase 2: the decision (nic_rxdma_sched, registered one-hot) and, per context, the terms of
    //          its write (done, beats, next VA) from the phase-1 length (loaded in phase 2)
    // phase 3: apply: occ, rem, VA of the granted context updated from its own terms (no mux);
    //          the write command is registered and pushed into the command queue in the next cycle
    reg  [1:0]      ph_reg;
    reg  [N_VN-1:0] v_s, frs_s, t1ok_s, occnz_s;
    reg  [20:0]     rcvd_s [0:N_VN-1];
    reg  [20:0]     len_s  [0:N_VN-1];
    reg  [BW-1:0]   occ_s  [0:N_VN-1];
    reg  [12:0]     mb_s   [0:N_VN-1];         // MPS - va % MPS (bytes to the MPS / page boundary)
    reg  [N_VN*N_VN-1:0] older_s, older_s2;
    reg             room_s, room_s2;
    reg  [N_VN-1:0] e_s, b_s;                  // e_s: phase-2 wire from the phase-1 terms
    reg  [12:0]     wl_s   [0:N_VN-1];         // min(occ, mb) of the snapshot
    reg  [N_VN-1:0] done_s, cy_s, one_s;       // wl == rem; VA carry into bit 12; wl <= 32
    reg  [11:0]     lo_s   [0:N_VN-1];         // (va + wl) % 4096
    reg  [7:0]      wb_s   [0:N_VN-1];         // ceil(wl / 32)
    wire [2:0]      cq_cnt;
    wire            cq_room = cq_cnt <= 3'd2;  // room for the pending push and one more
`ifdef FORMAL
    // formal: T1 is an arbitrary constant (the CSR rule: T1 is written while no message is in
    // flight; formal/nic_rxdma/nic_rxdma_props.vh)
    (* anyconst *) reg [20:0] f_t1c;
    wire [20:0]     t1_use = f_t1c;
`else
    wire [20:0]     t1_use = t1_reg;
`endif
    always @(*)
        for (i = 0; i < N_VN; i = i + 1)
            e_s[i] = v_s[i] && occnz_s[i] && (frs_s[i] || t1ok_s[i]);
    wire            d_v;
    wire [VN_W-1:0] d_idx;
    wire [N_VN-1:0] d_oh;
    nic_rxdma_sched #(.N_VN(N_VN), .VN_W(VN_W)) u_sched (
        .elig(e_s), .big(b_s), .older(older_s2), .slot(room_s2),
        .gnt_v(d_v), .gnt_idx(d_idx), .gnt_oh(d_oh)
    );
    reg  [N_VN-1:0] ap_oh;                     // phase 3: the granted context, one-hot
    reg  [VN_W-1:0] g_idx;
    wire [12:0]     wlen_g = wl_s[g_idx];      // the granted write's length (phase 3)
    wire            apply = |ap_oh;
    reg             cqp_v;                     // the write command to push
    reg  [CQW-1:0]  cqp_data;
    wire [12:0]     va_lo_nx [0:N_VN-1];
    genvar gi;
    generate
        for (gi = 0; gi < N_VN; gi = gi + 1) begin : g_occ
            wire [20:0] occ_full = ctx_rcvd[gi] - ctx_iss[gi];
            assign ctx_occ[gi] = occ_full[BW-1:0];
            wire unused_occ = &{1'b0, occ_full[20:BW]};
        end
        for (gi = 0; gi < N_VN; gi = gi + 1) begin : g_va
            assign va_lo_nx[gi] = {1'b0, ctx_va[gi][11:0]} + wl_s[gi];
        end
    endgenerate
    always @(posedge clk) begin
        ph_reg <= rst ? 2'd0 : ph_reg + 2'd1;
        for (i = 0; i < N_VN; i = i + 1) begin
            if (ph_reg == 2'd0) begin
                v_s[i]     <= ctx_v[i];
                frs_s[i]   <= ctx_frs[i];
                rcvd_s[i]  <= ctx_rcvd[i];
                len_s[i]   <= ctx_len[i];
                occ_s[i]   <= ctx_occ[i];
                mb_s[i]    <= mpsb_reg - {1'b0, ctx_va[i][11:0] & mmask_reg};
            end
            // (every cycle: the snapshot is stable from phase 1 to the next phase 0, so these
            // terms hold the snapshot's values in phases 2 and 3)
            t1ok_s[i]  <= rcvd_s[i] >= t1_use || rcvd_s[i] >= len_s[i];   // rcvd >= min(T1, len)
            occnz_s[i] <= occ_s[i] != {BW{1'b0}};
            b_s[i]     <= {{(32-BW){1'b0}}, occ_s[i]} > {15'd0, t2_reg};
            wl_s[i]    <= {19'd0, mb_s[i]} < {{(32-BW){1'b0}}, occ_s[i]} ? mb_s[i] : occ_s[i][12:0];
            if (ph_reg == 2'd2) begin
                done_s[i] <= ctx_rem[i] == {8'd0, wl_s[i]};
                cy_s[i]   <= va_lo_nx[i][12];
                lo_s[i]   <= va_lo_nx[i][11:0];
                wb_s[i]   <= wl_s[i][12:5] + {7'd0, wl_s[i][4:0] != 5'd0};
                one_s[i]  <= wl_s[i] <= 13'd32;
            end
        end
        if (ph_reg == 2'd0) begin
            older_s <= older_reg;
            room_s  <= cq_room;
        end
        if (ph_reg == 2'd1) begin
            older_s2 <= older_s;
            room_s2  <= room_s;
        end
        ap_oh <= ap_nx;
        if (ph_reg == 2'd2) g_idx <= d_idx;
        // phase 3 -> command push register
        cqp_v    <= !rst && apply;
        cqp_data <= cq_sel;
    end

    // write-command queue
    wire            cq_m_valid;
    wire [CQW-1:0]  cq_m_data;
    wire            cq_pop;
    nic_rxdma_ofifo #(.W(CQW), .DEPTH(4), .AW(2), .NB(2)) u_cq (
        .clk(clk), .rst(rst),
        .s_valid(cqp_v), .s_data(cqp_data),
        .m_valid(cq_m_valid), .m_ready(cq_pop), .m_data(cq_m_data), .count(cq_cnt)
    );

    // ------------------------------------------------------------ streamer: buffer -> output FIFO
    reg             sm_act;
    reg  [VN_W-1:0] sm_vn;
    reg  [N_VN-1:0] sm_oh;
    reg  [LA_W-1:0] sm_ptr, sm_last, sm_base;
    reg  [7:0]      sm_left;
    reg             sm_one;
    reg  [CQW-2-VN_W:0] sm_meta;               // {beats, done, pid, len, addr}
    reg  [3:0]      ocnt_reg;                  // lines issued, not yet taken on m_dma_wr
    reg             nx_v;                      // the next command, registered from the queue
    reg  [CQW-1:0]  nx_data;
    wire            sm_load = !sm_act && nx_v;
    assign cq_pop = cq_m_valid && (!nx_v || sm_load);
    wire [VN_W-1:0] cq_vn = nx_data[VN_W-1:0];
    always @(posedge clk) begin
        if (rst) nx_v <= 1'b0;
        else if (cq_pop) nx_v <= 1'b1;
        else if (sm_load) nx_v <= 1'b0;
        if (!nx_v || sm_load) nx_data <= cq_m_data;   // (valid only with nx_v)
    end
    wire            rd_issue = sm_act && !ocnt_reg[3];
    wire [LA_W-1:0] sm_ptr_nx = sm_ptr == sm_last ? sm_base : sm_ptr + {{(LA_W-1){1'b0}}, 1'b1};
    // the buffer's read address: a copy of sm_ptr of its own (ff_keep), so the pointer logic does
    // not follow the RAM's address pins
    wire [LA_W-1:0] sm_ptr_ram;
    wire [LA_W-1:0] sm_ptr_d = sm_load ? rptr_reg[cq_vn] : rd_issue ? sm_ptr_nx : sm_ptr;
    ff_keep #(.WIDTH(LA_W)) u_rdadr (.clk(clk), .rst(1'b0), .d(sm_ptr_d), .q(sm_ptr_ram));
    wire [255:0]    buf_rd;
    reg             p1_v, p2_v, p1_last, p2_last;
    reg  [VN_W-1:0] p1_vn, p2_vn;
    reg             p3_v, p3_last;
    reg  [VN_W-1:0] p3_vn;
    reg  [CQW-2-VN_W:0] p1_meta, p2_meta, p3_meta;
    reg  [255:0]    p3_data;
    wire            of_m_valid;
    wire [OFW-1:0]  of_m_data;
    wire            of_pop;
    always @(posedge clk) begin
        if (rst) begin
            sm_act <= 1'b0;
        end else if (sm_load) begin
            sm_act <= 1'b1;
        end else if (rd_issue && sm_one) begin
            sm_act <= 1'b0;
        end
        if (sm_load) begin
            sm_vn   <= cq_vn;
            for (i = 0; i < N_VN; i = i + 1) sm_oh[i] <= cq_vn == i[VN_W-1:0];
            sm_meta <= nx_data[CQW-2:VN_W];
            sm_left <= nx_data[CQW-2 -: 8];
            sm_one  <= nx_data[CQW-1];
            sm_ptr  <= rptr_reg[cq_vn];
            sm_last <= endm1_reg[cq_vn];
            sm_base <= base_reg[cq_vn];
        end else if (rd_issue) begin
            sm_left <= sm_left - 8'd1;
            sm_one  <= sm_left == 8'd2;
            sm_ptr  <= sm_ptr_nx;
        end
        p1_v    <= !rst && rd_issue;
        p1_last <= sm_one;
        p1_vn   <= sm_vn;
        p1_meta <= sm_meta;
        p2_v    <= !rst && p1_v;
        p2_last <= p1_last;
        p2_vn   <= p1_vn;
        p2_meta <= p1_meta;
        p3_v    <= !rst && p2_v;
        p3_last <= p2_last;
        p3_vn   <= p2_vn;
        p3_meta <= p2_meta;
        p3_data <= buf_rd;
        if (rst) ocnt_reg <= 4'd0;
        else ocnt_reg <= ocnt_reg + {3'd0, rd_issue} - {3'd0, of_pop};
    end

    nic_rxdma_buf #(.LINES(LINES), .W(256), .AW(LA_W)) u_buf (
        .clk(clk), .wr_en(bw_en), .wr_addr(bw_addr), .wr_data(bw_data),
        .rd_en(rd_issue), .rd_addr(sm_ptr_ram), .rd_data(buf_rd)
    );

    wire [3:0]      of_cnt;
    nic_rxdma_ofifo #(.W(OFW), .DEPTH(8), .AW(3), .NB(4)) u_of (
        .clk(clk), .rst(rst),
        .s_valid(p3_v), .s_data({p3_data, p3_last, p3_meta, p3_vn}),
        .m_valid(of_m_valid), .m_ready(of_pop), .m_data(of_m_data), .count(of_cnt)
    );
    // output FIFO word: {data 256, last, beats 8, done, pid 24, len 13, addr 64, vn}
    wire [VN_W-1:0] f_vn    = of_m_data[VN_W-1:0];
    wire [63:0]     f_addr  = of_m_data[VN_W +: 64];
    wire [12:0]     f_len   = of_m_data[VN_W+64 +: 13];
    wire [23:0]     f_pid   = of_m_data[VN_W+77 +: 24];
    wire            f_done  = of_m_data[VN_W+101];
    wire [7:0]      f_beats = of_m_data[VN_W+102 +: 8];
    wire            f_last  = of_m_data[VN_W+110];
    wire [255:0]    f_data  = of_m_data[VN_W+111 +: 256];

    // ------------------------------------------------------------ host write port, events, credits
    reg             evt_v;
    reg  [15:0]     evt_eqh, evt_src, evt_mid;
    reg  [20:0]     evt_len;
    reg  [1:0]      evt_vn;
    reg  [23:0]     evt_pid;
    reg             cr_v;
    reg  [VN_W-1:0] cr_vc;
    reg  [7:0]      cr_n;
    reg  [N_VN-1:0] cr_oh;                     // the credit's VN, one-hot
    wire            ev_block = evt_v || evp_v;    // (registered: every beat waits while an event is held)
    assign m_dma_wr_valid = of_m_valid && !ev_block;
    assign of_pop         = m_dma_wr_valid && m_dma_wr_ready;
    assign m_dma_wr_addr  = f_addr;
    assign m_dma_wr_len   = f_len;
    assign m_dma_wr_data  = f_data;
    assign m_dma_wr_last  = f_last;
    assign m_dma_wr_pid   = f_pid;
    wire            evt_set = of_pop && f_last && f_done;
    reg             evp_v;                     // the event's beat left: fields load next cycle
    reg  [VN_W-1:0] evp_vn;
    always @(posedge clk) begin
        if (rst) begin
            evt_v <= 1'b0;
            evp_v <= 1'b0;
            cr_v  <= 1'b0;
        end else begin
            evp_v <= evt_set;
            if (evp_v) evt_v <= 1'b1;
            else if (m_evt_ready) evt_v <= 1'b0;
            cr_v <= of_pop && f_last;
        end
        cr_vc <= f_vn;
        cr_n  <= f_beats;
        for (i = 0; i < N_VN; i = i + 1) cr_oh[i] <= !rst && of_pop && f_last && f_vn == i[VN_W-1:0];
        evp_vn <= f_vn;
        if (evp_v) begin
            evt_eqh <= ctx_eqh[evp_vn];
            evt_src <= ctx_src[evp_vn];
            evt_mid <= ctx_mid[evp_vn];
            evt_len <= ctx_len[evp_vn];
            evt_pid <= ctx_pid[evp_vn];
            evt_vn  <= {{(2-VN_W){1'b0}}, evp_vn};
        end
    end
    assign m_evt_valid     = evt_v;
    assign m_evt_eq_handle = evt_eqh;
    assign m_evt_src_nid   = evt_src;
    assign m_evt_msg_id    = evt_mid;
    assign m_evt_msg_len   = evt_len;
    assign m_evt_vn        = evt_vn;
    assign m_evt_pid       = evt_pid;
    assign m_evt_status    = 2'd0;
    assign m_credit_valid  = cr_v;
    assign m_credit_vc     = {{(2-VN_W){1'b0}}, cr_vc};
    assign m_credit_n      = cr_n;

    // ------------------------------------------------------------ context updates
    reg  [N_VN-1:0] al_oh, ua_oh;              // allocation / used-lines increment, one cycle after acc
    wire [N_VN-1:0] al_nx = {N_VN{!rst && acc && h_first}} & hv_oh;
    wire [N_VN-1:0] ap_nx = (!rst && ph_reg == 2'd2) ? d_oh : {N_VN{1'b0}};
    wire [N_VN-1:0] al_lo, al_hi, ap_lo, ap_hi;  // copies of al_oh / ap_oh for the two VA halves
    wire [N_VN-1:0] ap_c0, ap_c1;                // copies of ap_oh for the command select
    ff_keep #(.WIDTH(6 * N_VN)) u_vacp (
        .clk(clk), .rst(1'b0), .d({al_nx, al_nx, ap_nx, ap_nx, ap_nx, ap_nx}),
        .q({al_hi, al_lo, ap_hi, ap_lo, ap_c1, ap_c0})
    );
    // the write command of the granted context: AND-OR by one-hot copies (low / high half)
    reg  [CQW-1:0]  cq_sel;
    always @(*) begin
        cq_sel = {CQW{1'b0}};
        for (i = 0; i < N_VN; i = i + 1) begin
            cq_sel[VN_W+31:0] = cq_sel[VN_W+31:0] | ({(VN_W+32){ap_c0[i]}} & {ctx_va[i][31:0], i[VN_W-1:0]});
            cq_sel[CQW-1:VN_W+32] = cq_sel[CQW-1:VN_W+32] |
                ({(CQW-VN_W-32){ap_c1[i]}} & {one_s[i], wb_s[i], done_s[i], ctx_pid[i], wl_s[i], ctx_va[i][63:32]});
        end
    end
    always @(posedge clk)
        for (i = 0; i < N_VN; i = i + 1) begin
            al_oh[i] <= al_nx[i];
            ua_oh[i] <= !rst && acc && hv_oh[i];
        end
    always @(posedge clk) begin
        for (i = 0; i < N_VN; i = i + 1) begin
            // rcvd: + the beat written; iss, rem: the write applied (occ = rcvd - iss)
            if (bw_oh[i]) ctx_rcvd[i] <= ctx_rcvd[i] + {15'd0, bw_bytes};
            if (ap_oh[i]) begin
                ctx_iss[i] <= ctx_iss[i] + {8'd0, wl_s[i]};
                ctx_rem[i] <= ctx_rem[i] - {8'd0, wl_s[i]};
                ctx_frs[i] <= 1'b1;
            end
            ctx_vahi1[i] <= ctx_va[i][63:12] + 52'd1;
            // VA: two halves, each loaded by its own copies of the alloc / apply strobes
            if (al_lo[i]) ctx_va[i][31:0] <= h_addr[31:0];
            else if (ap_lo[i]) ctx_va[i][31:0] <= {cy_s[i] ? ctx_vahi1[i][19:0] : ctx_va[i][31:12], lo_s[i]};
            if (al_hi[i]) ctx_va[i][63:32] <= h_addr[63:32];
            else if (ap_hi[i]) ctx_va[i][63:32] <= cy_s[i] ? ctx_vahi1[i][51:20] : ctx_va[i][63:32];
            // used lines: + the packet accepted, - the write drained (credit)
            used_reg[i] <= used_reg[i] + (ua_oh[i] ? {{(OW-8){1'b0}}, k_need} : {OW{1'b0}})
                                       - (cr_oh[i] ? {{(OW-8){1'b0}}, cr_n} : {OW{1'b0}});
            if (dat_hs && ib_one && hv_oh[i]) wptr_reg[i] <= iptr_nx;
            if (rd_issue && sm_one && sm_oh[i]) rptr_reg[i] <= sm_ptr_nx;
            if (w_base[i]) begin            // a new slice (written while idle): pointers at its base
                wptr_reg[i] <= w_data[LA_W-1:0];
                rptr_reg[i] <= w_data[LA_W-1:0];
            end
            // allocation one cycle after the first packet's acceptance (al_oh): h_* still hold it
            if (al_oh[i]) begin
                ctx_v[i]    <= 1'b1;
                ctx_frs[i]  <= 1'b0;
                ctx_len[i]  <= h_mlen;
                ctx_rcvd[i] <= 21'd0;
                ctx_iss[i]  <= 21'd0;
                ctx_rem[i]  <= h_mlen;
                ctx_pid[i]  <= h_pid;
                ctx_src[i]  <= h_src;
                ctx_mid[i]  <= h_mid;
                ctx_eqh[i]  <= h_eqh;
                for (j = 0; j < N_VN; j = j + 1)
                    if (j != i) begin
                        older_reg[i*N_VN+j] <= 1'b0;
                        older_reg[j*N_VN+i] <= 1'b1;
                    end
            end
            // the context is freed at the end of a phase-3 cycle after its event (clr_pend), so
            // it stays valid from a snapshot to the apply of a decision (docs/nic_rxdma.md 4.2)
            if (evp_v && evp_vn == i[VN_W-1:0]) clr_pend[i] <= 1'b1;
            if (ph_reg == 2'd3 && clr_pend[i]) begin
                ctx_v[i]    <= 1'b0;
                clr_pend[i] <= 1'b0;
            end
            if (rst) begin
                ctx_v[i]    <= 1'b0;
                clr_pend[i] <= 1'b0;
                ctx_frs[i]  <= 1'b0;
                ctx_iss[i]  <= 21'd0;
                ctx_rcvd[i] <= 21'd0;
                ctx_rem[i]  <= 21'd0;
                ctx_len[i]  <= 21'd0;
                ctx_va[i]   <= 64'd0;
                used_reg[i] <= {OW{1'b0}};
                wptr_reg[i] <= SLICE0[LA_W-1:0] * i[LA_W-1:0];
                rptr_reg[i] <= SLICE0[LA_W-1:0] * i[LA_W-1:0];
                for (j = 0; j < N_VN; j = j + 1) older_reg[i*N_VN+j] <= 1'b0;
            end
        end
    end

    // ------------------------------------------------------------ counters
    wire [NSTAT-1:0] stat_inc = {
        csr_err_ev,                      // 11 csr_err
        stall_ev,                        // 10 stall_hdr
        ref_ev[6],                       //  9 ref_last
        ref_ev[5],                       //  8 ref_offset
        ref_ev[4],                       //  7 ref_nomsg
        ref_ev[3],                       //  6 ref_first
        ref_ev[2],                       //  5 ref_len
        ref_ev[1],                       //  4 ref_align
        ref_ev[0],                       //  3 ref_vn
        apply,                           //  2 writes
        evt_set,                         //  1 msgs
        acc                              //  0 pkts
    };
    reg  [NSTAT-1:0] stat_inc_reg;
    always @(posedge clk) stat_inc_reg <= rst ? {NSTAT{1'b0}} : stat_inc;
    wire rd_stat_hit = reg_rd_addr >= RD_STAT_ADDR && reg_rd_addr < RD_STAT_ADDR + 4 * NSTAT &&
                       reg_rd_addr[1:0] == 2'b00;
    wire [3:0] rd_sidx = reg_rd_addr[5:2];
    stats_counter #(.N(NSTAT), .CNT_WIDTH(32)) u_stats (
        .clk(clk), .rst(rst), .stat_inc(stat_inc_reg), .stat_clear(1'b0), .stat_busy(stat_busy),
        .rd_en(rd_stage[0] && rd_stat_hit), .rd_addr(rd_sidx),
        .rd_valid(stat_rd_valid), .rd_data(stat_rd_data)
    );
    always @(posedge clk)
        if (rst) bytes_reg <= 64'd0;
        else if (cqp_v) bytes_reg <= bytes_reg + {51'd0, cqp_data[VN_W+64 +: 13]};

    // CSR reads: stage 0 decode, stage 1 value
    reg  [3:0] rd_code_reg;
    reg  [VN_W-1:0] rd_idx_reg;
    always @(posedge clk) begin
        if (rd_stage[0]) begin
            rd_isstat_reg <= rd_stat_hit;
            rd_err_reg    <= 1'b0;
            rd_code_reg   <= 4'd15;
            rd_idx_reg    <= reg_rd_addr[VN_W+1:2];
            if (reg_rd_addr == RD_ID_ADDR) rd_code_reg <= 4'd0;
            else if (reg_rd_addr == RD_PARAMS_ADDR) rd_code_reg <= 4'd1;
            else if (reg_rd_addr == RD_ENABLE_ADDR) rd_code_reg <= 4'd2;
            else if (reg_rd_addr == RD_MPS_ADDR) rd_code_reg <= 4'd3;
            else if (reg_rd_addr == RD_T1_ADDR) rd_code_reg <= 4'd4;
            else if (reg_rd_addr == RD_T2_ADDR) rd_code_reg <= 4'd5;
            else if (reg_rd_addr == RD_BYTES_LO_ADDR) rd_code_reg <= 4'd6;
            else if (reg_rd_addr == RD_BYTES_HI_ADDR) rd_code_reg <= 4'd7;
            else if (reg_rd_addr[1:0] == 2'b00 && {30'd0, reg_rd_addr[3:2]} < N_VN &&
                     reg_rd_addr[11:4] == RD_BUF_BASE_ADDR[11:4]) rd_code_reg <= 4'd8;
            else if (reg_rd_addr[1:0] == 2'b00 && {30'd0, reg_rd_addr[3:2]} < N_VN &&
                     reg_rd_addr[11:4] == RD_BUF_SIZE_ADDR[11:4]) rd_code_reg <= 4'd9;
            else rd_err_reg <= !rd_stat_hit;
        end
        if (rd_stage[1]) begin
            case (rd_code_reg)
                4'd0: rd_dat_reg <= RD_ID_ID_RESET;
                4'd1: rd_dat_reg <= {16'd0, LA_W[7:0], N_VN[7:0]};
                4'd2: rd_dat_reg <= {31'd0, en_reg};
                4'd3: rd_dat_reg <= {29'd0, mps_reg};
                4'd4: rd_dat_reg <= {11'd0, t1_reg};
                4'd5: rd_dat_reg <= {15'd0, t2_reg};
                4'd6: rd_dat_reg <= bytes_reg[31:0];
                4'd7: rd_dat_reg <= bytes_reg[63:32];
                4'd8: rd_dat_reg <= {{(32-LA_W){1'b0}}, base_reg[rd_idx_reg]};
                4'd9: rd_dat_reg <= {{(32-OW){1'b0}}, size_reg[rd_idx_reg]};
                default: rd_dat_reg <= 32'd0;
            endcase
        end
    end
    wire unused_ok = &{1'b0, stat_rd_valid, reg_rd_addr, rd_stage[2], reg_wr_data, w_data[31:21],
                       sm_left, d_v, wlen_g, of_cnt};

`ifdef FORMAL
`include "nic_rxdma_props.vh"
`endif
endmodule
`resetall
