`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_cmdq: NIC command ingress: NQ command queues, one 4 KiB doorbell page per queue, PIO command
// slots with byte-valid masks, ring-based commands fetched by DMA, consumer-index write-back, owner
// PID overwrite (docs/nic_cmdq.md; C model cmodel/nic_cmdq.c).
//
// Source: ../shared/spec/003-nic-app-state.md section 2.2 and block B1 (state per queue, PIO slots
//   with byte-valid masks, PID overwrite, properties C1-C5); seed 003 L28-L30 (PIO: command and
//   data pushed by the core; DMA mode: command only), L202 (command queues 1..N), L216 (64-byte
//   commands); issue 12 (B1). Host DMA interface: docs/nic.md (natural 32-byte alignment).
//
// Ports (one clock, synchronous active-high rst):
//   s_axi_*   AXI4 write slave, 64-bit data, ID_W-bit ids, byte address [AW_W-1:0] with
//             AW_W = 13 + QW: page q = addr[12+QW-1:12] (pages >= NQ undefined). In page q:
//             0x000 .. N_SLOT*64-1  PIO slots (slot s at 64*s; PIO mode)
//             0x800 (8 bytes)       producer-index doorbell: bits 15:0 = new producer index
//                                   (free-running, RING mode; wstrb[1:0] must be 2'b11)
//             B: SLVERR if any beat of the burst was dropped, else OKAY.
//   m_cmd     {data[511:0], qid[QW], pid[PIDW], vn[2]}: one command; data bits 47:32 (initiator
//             PID) replaced by the queue owner's pid, zero extended (C4). valid/ready.
//   m_dma_rd_req {addr[63:0], len[12:0] (64 x n, n = 1..N_SLOT), tag[TAG_W] (= qid)}: ring fetch.
//   s_dma_cpl {tag, data[255:0], last, err}: completion beats (ready except in the NQ x N_SLOT
//             cycles after reset that clear the mask RAM; no AXI beat is taken then either).
//   m_dma_wr  {addr[63:0] (8-aligned), len = 8, data[255:0], last = 1}: consumer-index write-back
//             (16-bit consumer index, zero extended, in the 8-byte lane addr[4:3]).
//   s_axil_*  CSRs (rdl/nic_cmdq.rdl): QSEL-indirect queue config, WB_K, state, 13 counters.
// Pipeline (docs/nic_cmdq.md 4): write ops (AXI W beats, completion beats; a completion has
//   priority) go S0 (decode / completion slot pointer; snapshot of the doorbell queue's cons,
//   prod, size) -> S1 (mask RAM read, per-group completion bits, doorbell window compares) -> S2
//   (the write stage: the checks corrected for the pops since the snapshot and forwarded from the
//   ops in S3 / S4, the drop decision, registered) -> S3 (mask RAM, full / error bit, prod
//   written; data RAM write with byte enables). Pops: registered requests (head full, one cycle
//   old; a queue granted in this or the last cycle does not request) -> round-robin arbiter
//   (rtl/common/arbiter.v, registered grant) -> pop in the grant cycle P0 (cons + 1, slot freed);
//   data RAM read P1; PID overwrite P2; P3 register; FIFO (4 deep) to m_cmd. Ring fetch: need
//   (two registers) -> arbiter grant -> F1 snapshot -> F2 caps -> F3 count -> F4 request register
//   and fetch + n. Write-back: cons - last (registered) -> guard and masks (registered) -> arbiter
//   grant -> W1 (cons, address) -> W2 request register. CSRs: axil_reg_if_pipe (writes applied
//   the cycle after AW/W; reads from registered snapshots).
// Latency: PIO: last byte's W handshake to m_cmd_valid 10 cycles (idle queue, no stall).
// Throughput: one write op per cycle (one AXI beat or one completion beat), one command per
//   3 cycles per queue (its request is masked for two cycles after a grant), one per cycle over
//   queues; one DMA read outstanding per queue, one fetch issued per 5 cycles.
// Errors (each dropped and counted, never silent; STAT indices): 2 drop_full (write to a slot
//   holding an unconsumed command: C5), 3 drop_disabled, 4 drop_mode, 5 drop_undef, 6 drop_db,
//   7 cpl_err (the slot's command is discarded at its turn: 9 cmd_lost), 8 cpl_stray, 12 csr_err.
// Resources (lab size NQ 16, N_SLOT 8): see docs/nic_cmdq.md 8.
module nic_cmdq #(
    parameter NQ     = 16,
    parameter N_SLOT = 8,
    parameter PIDW   = 12,
    parameter ID_W   = 4,
    parameter TAG_W  = 8
) (
    input  wire              clk,
    input  wire              rst,
    // doorbell window (AXI4 write)
    input  wire [ID_W-1:0]   s_axi_awid,
    input  wire [13+$clog2(NQ)-1:0] s_axi_awaddr,
    input  wire [7:0]        s_axi_awlen,
    input  wire [2:0]        s_axi_awsize,
    input  wire [1:0]        s_axi_awburst,
    input  wire              s_axi_awvalid,
    output wire              s_axi_awready,
    input  wire [63:0]       s_axi_wdata,
    input  wire [7:0]        s_axi_wstrb,
    input  wire              s_axi_wlast,
    input  wire              s_axi_wvalid,
    output wire              s_axi_wready,
    output wire [ID_W-1:0]   s_axi_bid,
    output wire [1:0]        s_axi_bresp,
    output wire              s_axi_bvalid,
    input  wire              s_axi_bready,
    // commands out
    output wire              m_cmd_valid,
    input  wire              m_cmd_ready,
    output wire [511:0]      m_cmd_data,
    output wire [$clog2(NQ)-1:0] m_cmd_qid,
    output wire [PIDW-1:0]   m_cmd_pid,
    output wire [1:0]        m_cmd_vn,
    // host DMA: ring reads
    output wire              m_dma_rd_req_valid,
    input  wire              m_dma_rd_req_ready,
    output wire [63:0]       m_dma_rd_req_addr,
    output wire [12:0]       m_dma_rd_req_len,
    output wire [TAG_W-1:0]  m_dma_rd_req_tag,
    input  wire              s_dma_cpl_valid,
    output wire              s_dma_cpl_ready,
    input  wire [TAG_W-1:0]  s_dma_cpl_tag,
    input  wire [255:0]      s_dma_cpl_data,
    input  wire              s_dma_cpl_last,
    input  wire              s_dma_cpl_err,
    // host DMA: consumer-index write-back
    output wire              m_dma_wr_valid,
    input  wire              m_dma_wr_ready,
    output wire [63:0]       m_dma_wr_addr,
    output wire [12:0]       m_dma_wr_len,
    output wire [255:0]      m_dma_wr_data,
    output wire              m_dma_wr_last,
    // CSRs
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
`include "nic_cmdq_regs.vh"
    localparam QW   = NQ > 1 ? $clog2(NQ) : 1;
    localparam SW   = $clog2(N_SLOT);
    localparam IW   = QW + SW;              // slot index {q, slot}
    localparam NE   = NQ * N_SLOT;
    localparam AW_W = 13 + QW;
    localparam NSTAT = 13;
    localparam OW   = 512 + QW + PIDW + 2;  // output FIFO word
    localparam [8:0]  NQ9  = NQ[8:0];
    // drop codes of the write stage
    localparam [2:0] D_OK = 3'd0, D_FULL = 3'd1, D_DIS = 3'd2, D_MODE = 3'd3, D_UNDEF = 3'd4,
                     D_DB = 3'd5, D_STRAY = 3'd6;
    localparam [1:0] K_SLOT = 2'd0, K_DB = 2'd1, K_UNDEF = 2'd2;

    initial begin
        if (N_SLOT < 2 || (N_SLOT & (N_SLOT - 1)) != 0 || N_SLOT > 32 ||
            NQ < 2 || (NQ & (NQ - 1)) != 0 || NQ > 64 || TAG_W < QW || PIDW > 16) begin
            $error("%m: N_SLOT 2..32 and NQ 2..64 powers of two, TAG_W >= log2 NQ, PIDW <= 16");
            $finish;
        end
    end

    // ------------------------------------------------------------------ queue state (registers)
    reg  [NQ-1:0]   en_reg, ring_reg;
    reg  [1:0]      vn_reg   [0:NQ-1];
    reg  [3:0]      log_reg  [0:NQ-1];
    reg  [PIDW-1:0] pid_reg  [0:NQ-1];
    reg  [15:0]     prod_reg [0:NQ-1];
    reg  [15:0]     cons_reg [0:NQ-1];
    reg  [15:0]     fetch_reg[0:NQ-1];
    reg  [15:0]     wbv_reg  [0:NQ-1];
    reg  [SW:0]     cptr_reg [0:NQ-1];     // next completion half-slot {slot, half}
    reg  [NQ-1:0]   infl_reg;              // one ring read outstanding
    reg  [NE-1:0]   full_reg;              // slot holds a complete, unconsumed command
    reg  [NE-1:0]   err_reg;               // its fetch failed (cpl_err)
    reg  [7:0]      k_reg;
    reg  [7:0]      qsel_reg;
    // wide per-queue fields in LUT RAM (asynchronous read, not reset)
    reg  [31:0]     base_lo_ram [0:NQ-1];
    reg  [31:0]     base_hi_ram [0:NQ-1];
    reg  [31:0]     wb_lo_ram   [0:NQ-1];
    reg  [31:0]     wb_hi_ram   [0:NQ-1];
    // slot storage: byte-valid masks and data (RAM, not reset)
    (* ram_style = "distributed" *)
    reg  [63:0]     mask_ram [0:NE-1];   // LUT RAM: its read register feeds S2 directly
    // a slot is read (P1) only once its command is complete, never in a cycle its data is written
    // (S3): no read-during-write logic
    (* no_rw_check *)
    reg  [511:0]    data_ram [0:NE-1];

    reg  [NSTAT-1:0] inc;                  // counter increments of this cycle
    reg  [31:0]      stat_reg [0:NSTAT-1];

    // ------------------------------------------------------------------ AXI write front
    wire            beat_valid, beat_bad, beat_last;
    wire [AW_W-1:0] beat_addr;
    wire            wop_done, wop_done_err;
    // mask RAM clear after reset: one entry per cycle, NE cycles; no op is taken meanwhile
    reg             init_reg;
    reg  [IW-1:0]   init_idx;
    always @(posedge clk) begin
        if (rst) begin
            init_reg <= 1'b1;
            init_idx <= {IW{1'b0}};
        end else if (init_reg) begin
            init_idx <= init_idx + 1'b1;
            if (&init_idx) init_reg <= 1'b0;
        end
    end
    // a CSR write (u_axil: accepted in one cycle, applied in the next) stops S0 in both cycles:
    // S1 is then empty when it applies, and every op sees the configuration of its S2 cycle
    wire            reg_wr_en;
    wire            csr_wait     = s_axil_awvalid && s_axil_wvalid;
    wire            op_ok        = !init_reg && !csr_wait && !reg_wr_en;
    wire            beat_take_ok = !s_dma_cpl_valid && op_ok;
    nic_cmdq_axiw #(.ID_W(ID_W), .AW_W(AW_W)) u_axiw (
        .clk(clk), .rst(rst),
        .s_axi_awid(s_axi_awid), .s_axi_awaddr(s_axi_awaddr), .s_axi_awlen(s_axi_awlen),
        .s_axi_awsize(s_axi_awsize), .s_axi_awburst(s_axi_awburst), .s_axi_awvalid(s_axi_awvalid),
        .s_axi_awready(s_axi_awready),
        .s_axi_wlast(s_axi_wlast), .s_axi_wvalid(s_axi_wvalid), .s_axi_wready(s_axi_wready),
        .s_axi_bid(s_axi_bid), .s_axi_bresp(s_axi_bresp), .s_axi_bvalid(s_axi_bvalid),
        .s_axi_bready(s_axi_bready),
        .beat_valid(beat_valid), .beat_take_ok(beat_take_ok), .beat_addr(beat_addr),
        .beat_bad(beat_bad), .beat_last(beat_last), .done(wop_done), .done_err(wop_done_err)
    );
    assign s_dma_cpl_ready = op_ok;

    // ------------------------------------------------------------------ S0: op select / decode
    wire          w_op   = beat_valid && beat_take_ok;
    wire          c_op   = s_dma_cpl_valid && op_ok;
    wire [QW-1:0] w_q    = beat_addr[12 +: QW];
    wire [11:0]   w_off  = beat_addr[11:0];
    wire          w_slot = w_off[11:SW+6] == {(6-SW){1'b0}};
    wire          w_db   = w_off[11:3] == 9'h100;
    wire [1:0]    w_kind = (beat_bad || beat_addr[AW_W-1]) ? K_UNDEF :
                           w_slot ? K_SLOT : (w_db && s_axi_wstrb[1:0] == 2'b11) ? K_DB : K_UNDEF;
    wire [QW-1:0] c_q    = s_dma_cpl_tag[QW-1:0];
    wire          c_tag_ok = (s_dma_cpl_tag >> QW) == {TAG_W{1'b0}} && infl_reg[c_q];
    wire [SW:0]   c_ptr  = cptr_reg[c_q];

    // S0 snapshot for the doorbell window check (a doorbell is always a W op: its queue is w_q,
    // a register of u_axiw): cons, prod, size - 1 and size of queue w_q, and whether queue w_q
    // pops in this cycle (the snapshot misses that pop; S2 corrects for it)
    reg  [15:0]   s1_cons, s1_prod, s1_lo, s1_sz;
    reg           s1_popq0;
    wire [15:0]   w_lo = 16'hffff >> (4'd15 - log_reg[w_q]) >> 1;   // size - 1
    always @(posedge clk) begin
        s1_cons  <= cons_reg[w_q];
        s1_prod  <= prod_reg[w_q];
        s1_lo    <= w_lo;
        s1_sz    <= 16'd1 << log_reg[w_q];
        s1_popq0 <= pop && pg_index == w_q;
    end

    reg           s1_valid, s1_cpl, s1_err, s1_stray, s1_last;
    reg  [1:0]    s1_kind;
    reg  [QW-1:0] s1_q;
    reg  [SW-1:0] s1_slot;
    reg  [63:0]   s1_bm;
    reg  [255:0]  s1_data;
    reg  [15:0]   s1_db;
    always @(posedge clk) begin
        s1_valid <= !rst && (w_op || c_op);
        s1_cpl   <= c_op;
        s1_err   <= s_dma_cpl_err;
        s1_stray <= !c_tag_ok;
        s1_last  <= beat_last;
        s1_kind  <= s_dma_cpl_valid ? K_SLOT : w_kind;   // (an op taken is a completion iff cpl_valid)
        s1_q     <= s_dma_cpl_valid ? c_q : w_q;
        s1_slot  <= s_dma_cpl_valid ? c_ptr[SW:1] : w_off[SW+5:6];
        s1_bm    <= s_dma_cpl_valid ? (c_ptr[0] ? {{32{1'b1}}, 32'd0} : {32'd0, {32{1'b1}}})
                         : ({56'd0, s_axi_wstrb} << {w_off[5:3], 3'b000});
        s1_data  <= s_dma_cpl_valid ? s_dma_cpl_data : {4{s_axi_wdata}};
        s1_db    <= s_axi_wdata[15:0];
    end

    // ------------------------------------------------------------------ S1: mask RAM read
    // the merge's completion test is split: per 8-byte group, S1 registers "all present" for the
    // mask as read (s2_grd), for the mask the op now in S2 writes (s2_gfw) and for the one the op
    // now in S3 writes (s2_gfw2: used when S2 forwards from them); S2 selects and ANDs 8 bits
    reg  [63:0]   mask_rd;
    reg  [7:0]    s2_grd, s2_gfw, s2_gfw2;
    reg  [63:0]   lst_mask;                // the mask the op now in S3 writes (S2 one cycle before)
    wire [63:0]   s1_mrd = mask_ram[{s1_q, s1_slot}];
    wire [63:0]   s2_new;
    integer gi;
    always @(posedge clk) begin
        mask_rd <= s1_mrd;
        for (gi = 0; gi < 8; gi = gi + 1) begin
            s2_grd[gi] <= &(s1_mrd[8*gi +: 8] | s1_bm[8*gi +: 8]);
            s2_gfw[gi] <= &(s2_new[8*gi +: 8] | s1_bm[8*gi +: 8]);
            s2_gfw2[gi] <= &(lst_mask[8*gi +: 8] | s1_bm[8*gi +: 8]);
        end
    end

    reg           s2_valid, s2_cpl, s2_err, s2_stray, s2_last;
    reg  [1:0]    s2_kind;
    reg  [QW-1:0] s2_q;
    reg  [SW-1:0] s2_slot;
    reg  [63:0]   s2_bm;
    reg  [255:0]  s2_data;
    reg  [15:0]   s2_db;
    reg  [QW-1:0] s3_q, s4_q;              // the ops in S3 and S4 (S2 one and two cycles before)
    reg  [15:0]   s3_db, s4_db;
    reg  [IW-1:0] s3_idx;
    // S1 reads the queue state for its op; S2 corrects it for what changed in the S1 cycle (the op
    // then in S2, the pop of that cycle). CSR writes wait for an empty S1 (see u_axil), so the
    // configuration read in S1 is the one of the S2 cycle.
    wire [IW-1:0] s1_idx    = {s1_q, s1_slot};
    wire [IW-1:0] s2_idx;
    wire [IW-1:0] pop_idx;
    wire          pop;
    wire [QW-1:0] pg_index;
    // d <= size  <=>  no bit of d at or above log_size, or d == size (no second carry chain)
    function ok_le(input [15:0] d, input [15:0] lo, input [15:0] sz);
        ok_le = (d & ~lo) == 16'd0 || d == sz;
    endfunction
    // d = a - b <= size  <=>  a == b, or d - 1 = a + ~b has no bit at or above log_size (timing
    // pass 4: the equality is of two registers, beside the carry chain, not after it)
    function ok_sub(input [15:0] a, input [15:0] b, input [15:0] lo);
        ok_sub = ((a + ~b) & ~lo) == 16'd0 || a == b;
    endfunction
    // the doorbell window, against the S0 snapshot (cons and prod as read two cycles before S2)
    // and the values S2 may have to use instead: cons + 1 (a pop of the queue in the S0 or the S1
    // cycle: a queue never pops in two consecutive cycles), prod := the doorbell of the op now in
    // S2 (in S2 in the S1 cycle) or now in S3 (in S2 in the S0 cycle)
    // s1_db - s1_cons (cons as read), s1_db - s1_prod (prod as read), s1_db - s2_db / s3_db / s4_db
    // (prod := the doorbell now in S2 / S3 / S4): ok_sub; cons + 1:
    wire [15:0]   s1_d1b    = s1_db + ~s1_cons;
    reg           s2_ok1a, s2_ok1b, s2_ok2a, s2_ok2b, s2_ok2c, s2_ok2d, s2_full, s2_en, s2_ring;
    reg           s2_popq0, s2_popi1, s2_hslot, s2_eqi, s2_eqi2, s2_eqq, s2_eqq2, s2_eqq3;
    reg           s2_slot_ok, s2_db_ok0;   // accepted unless full / unless the window check fails
    reg  [NE-1:0] s2_oh;                   // one-hot of the op's slot (the full bit's set)
    wire          s2_popq = s2_popq0 || s2_popi1;      // cons[q] + 1 since the S0 snapshot
    wire          s2_popi = s2_popi1 && s2_hslot;      // the slot freed at the end of the S1 cycle
    always @(posedge clk) begin
        s2_ok1a  <= ok_sub(s1_db, s1_cons, s1_lo);
        s2_ok1b  <= ok_le(s1_d1b, s1_lo, s1_sz);
        s2_ok2a  <= ok_sub(s1_db, s1_prod, s1_lo);
        s2_ok2b  <= ok_sub(s1_db, s2_db, s1_lo);
        s2_ok2c  <= ok_sub(s1_db, s3_db, s1_lo);
        s2_ok2d  <= ok_sub(s1_db, s4_db, s1_lo);
        s2_full  <= full_reg[s1_idx];
        s2_en    <= en_reg[s1_q];
        s2_ring  <= ring_reg[s1_q];
        s2_slot_ok <= s1_cpl ? !s1_stray : (s1_kind == K_SLOT && en_reg[s1_q] && !ring_reg[s1_q]);
        s2_db_ok0  <= !s1_cpl && s1_kind == K_DB && en_reg[s1_q] && ring_reg[s1_q];
        s2_popq0 <= s1_popq0;                              // cons[q] + 1 since the S0 snapshot
        s2_popi1 <= pop && pg_index == s1_q;               // the queue pops at the end of the S1 cycle
        s2_hslot <= cons_reg[s1_q][SW-1:0] == s1_slot;     // ... and the slot is its head
        s2_eqi   <= s2_idx == s1_idx;                      // the op ahead wrote the same slot
        s2_oh    <= {{(NE-1){1'b0}}, 1'b1} << s1_idx;
        s2_eqq   <= s2_q == s1_q;
        s2_eqq2  <= s3_q == s1_q;
        s2_eqq3  <= s4_q == s1_q;
        s2_eqi2  <= s3_idx == s1_idx;                      // the op two ahead wrote the same slot
    end
    always @(posedge clk) begin
        s2_valid <= !rst && s1_valid;
        s2_cpl   <= s1_cpl;
        s2_err   <= s1_err;
        s2_stray <= s1_stray;
        s2_last  <= s1_last;
        s2_kind  <= s1_kind;
        s2_q     <= s1_q;
        s2_slot  <= s1_slot;
        s2_bm    <= s1_bm;
        s2_data  <= s1_data;
        s2_db    <= s1_db;
    end

    // ------------------------------------------------------------------ S2: the write stage
    assign        s2_idx  = {s2_q, s2_slot};
    // The decision is registered (lst_*) and written in S3 (mask RAM, full and error bits, prod),
    // so S2 forwards from the op in S3 (lst: its writes land at the end of this cycle) and from the
    // op in S4 (lst2: they landed at the end of the last cycle, after this op's S1 reads).
    reg           lst_valid, lst2_valid;   // the op in S3 / S4 wrote its slot s3_idx / S4's
    reg           lst_comp, lst2_comp;     // ... and completed it
    reg           lst_err;                 // ... the op in S3 is a completion beat with cpl_err
    reg           lst_db, lst2_db, lst3_db;// the op in S3 / S4 / S5 took a doorbell (prod := its db)
    reg  [63:0]   lst2_mask;
    reg  [NE-1:0] s3_oh;
    wire          s2_f1   = lst_valid && s2_eqi;
    wire          s2_f2   = lst2_valid && s2_eqi2;
    wire [63:0]   s2_cur  = s2_f1 ? lst_mask : s2_f2 ? lst2_mask : mask_rd;
    assign        s2_new  = s2_cur | s2_bm;
    wire          s2_comp = &(s2_f1 ? s2_gfw : s2_f2 ? s2_gfw2 : s2_grd);
    wire          s2_isfull = (s2_full && !s2_popi) || (s2_f1 && lst_comp) || (s2_f2 && lst2_comp);
    wire          s2_dbok = (s2_popq ? s2_ok1b : s2_ok1a) &&
                            ((lst_db && s2_eqq) ? s2_ok2b : (lst2_db && s2_eqq2) ? s2_ok2c :
                             (lst3_db && s2_eqq3) ? s2_ok2d : s2_ok2a);
    reg  [2:0]    s2_drop;
    always @(*) begin
        if (s2_cpl)
            s2_drop = s2_stray ? D_STRAY : s2_isfull ? D_FULL : D_OK;
        else if (s2_kind == K_UNDEF)
            s2_drop = D_UNDEF;
        else if (!s2_en)
            s2_drop = D_DIS;
        else if (s2_kind == K_SLOT)
            s2_drop = s2_ring ? D_MODE : s2_isfull ? D_FULL : D_OK;
        else
            s2_drop = !s2_ring ? D_MODE : !s2_dbok ? D_DB : D_OK;
    end
    // the accept terms flattened (timing pass 5; equal to s2_drop == D_OK and the kind): the
    // parts that do not depend on the forwarding are registered in S1
    wire s2_wr   = s2_valid && s2_slot_ok && !s2_isfull;    // slot write accepted
    wire s2_dbwr = s2_valid && s2_db_ok0 && s2_dbok;
    wire s2_wdrop = s2_valid && !s2_cpl && !(s2_slot_ok && !s2_isfull) && !(s2_db_ok0 && s2_dbok);

    always @(posedge clk) begin
        if (init_reg)       mask_ram[init_idx] <= 64'd0;
        else if (lst_valid) mask_ram[s3_idx] <= lst_mask;          // S3
        lst_valid  <= !rst && s2_wr;
        lst_comp   <= s2_comp;
        lst_err    <= s2_cpl && s2_err;
        lst_mask   <= s2_comp ? 64'd0 : s2_new;
        lst2_valid <= !rst && lst_valid;
        lst2_comp  <= lst_comp;
        lst2_mask  <= lst_mask;
        lst_db     <= !rst && s2_dbwr;
        lst2_db    <= !rst && lst_db;
        lst3_db    <= !rst && lst2_db;
        s3_oh      <= s2_oh;
    end

    reg burst_err_reg;
    assign wop_done     = s2_valid && !s2_cpl && s2_last;
    assign wop_done_err = burst_err_reg || s2_wdrop;
    always @(posedge clk) begin
        if (rst || wop_done) burst_err_reg <= 1'b0;
        else if (s2_wdrop)   burst_err_reg <= 1'b1;
    end

    // ------------------------------------------------------------------ S3: data RAM write
    reg           s3_we;
    reg  [63:0]   s3_be;
    reg  [255:0]  s3_data;
    always @(posedge clk) begin
        s3_q    <= s2_q;
        s3_db   <= s2_db;
        s4_q    <= s3_q;
        s4_db   <= s3_db;
        s3_we   <= !rst && s2_wr;
        s3_idx  <= s2_idx;
        s3_be   <= s2_bm;
        s3_data <= s2_data;
    end
    integer bi;
    always @(posedge clk) begin
        for (bi = 0; bi < 64; bi = bi + 1)
            if (s3_we && s3_be[bi]) data_ram[s3_idx][8*bi +: 8] <= s3_data[8*(bi%32) +: 8];
    end

    // ------------------------------------------------------------------ pop: arbiter, P0..P2
    wire [NQ-1:0] head_full;
    wire [NQ-1:0] elig;
    wire [NE-1:0] pop_clr;      // per slot: the granted queue's head (cleared if the pop happens)
    wire [NQ-1:0] pg_grant;
    genvar gq, gsl;
    generate
        for (gq = 0; gq < NQ; gq = gq + 1) begin : g_head
            localparam [QW-1:0] GQ = gq;
            for (gsl = 0; gsl < N_SLOT; gsl = gsl + 1) begin : g_clr
                localparam [SW-1:0] GS = gsl;
                assign pop_clr[gq * N_SLOT + gsl] = pg_grant[gq] && cons_reg[gq][SW-1:0] == GS;
            end
            assign head_full[gq] = full_reg[{GQ, cons_reg[gq][SW-1:0]}];
            assign elig[gq]      = en_reg[gq] && head_full[gq];
        end
    endgenerate
    wire          pg_valid;
    wire [2:0]    ofifo_count;
    reg           p1_valid, p2_valid;
    reg           p3_valid;
    // the requests are registered with their mask (preq_reg: one cycle old, without the queue
    // granted in that cycle: its head may have just left). The request of a queue granted in this
    // cycle is stale too: the round-robin arbiter grants that queue again in the next cycle iff it
    // is the only requester (rtl/common/arbiter.v: the lowest requester above the last grant,
    // wrapping), which regrant_reg registers; such a grant does not pop. So a queue never pops in
    // two consecutive cycles, which the write stage's doorbell check relies on (timing pass 5:
    // the arbiter's request is a register)
    reg  [NQ-1:0] preq_reg;
    reg           regrant_reg;
    always @(posedge clk) begin
        preq_reg    <= rst ? {NQ{1'b0}} : elig & ~pg_grant;
        regrant_reg <= !rst && (preq_reg & ~pg_grant) == {NQ{1'b0}} && (preq_reg & pg_grant) != {NQ{1'b0}};
    end
    assign        pop     = pg_valid && !regrant_reg &&
                            ({1'b0, ofifo_count} + {3'd0, p1_valid} + {3'd0, p2_valid} + {3'd0, p3_valid}) < 4'd4;
    arbiter #(.N(NQ), .ROUND_ROBIN(1)) u_parb (
        .clk(clk), .rst(rst), .req(preq_reg), .ack({NQ{1'b0}}),
        .grant(pg_grant), .grant_valid(pg_valid), .grant_index(pg_index)
    );
    assign        pop_idx = {pg_index, cons_reg[pg_index][SW-1:0]};

    reg  [IW-1:0]   p1_idx;
    reg  [QW-1:0]   p1_q, p2_q;
    reg  [PIDW-1:0] p1_pid, p2_pid;
    reg  [1:0]      p1_vn, p2_vn;
    reg             p1_ring, p2_ring, p2_err;
    reg  [511:0]    p2_rd;
    always @(posedge clk) begin
        p1_valid <= !rst && pop;
        p1_idx   <= pop_idx;
        p1_q     <= pg_index;
        p1_pid   <= pid_reg[pg_index];
        p1_vn    <= vn_reg[pg_index];
        p1_ring  <= ring_reg[pg_index];

        p2_valid <= !rst && p1_valid;
        p2_rd    <= data_ram[p1_idx];
        p2_q     <= p1_q;
        p2_pid   <= p1_pid;
        p2_vn    <= p1_vn;
        p2_ring  <= p1_ring;
        p2_err   <= err_reg[p1_idx];   // read (and cleared) a cycle after the pop: no new fetch can
                                       // reach a slot freed one cycle ago
    end
    wire [15:0]  p2_pid16 = {{(16-PIDW){1'b0}}, p2_pid};
    wire [OW-1:0] p2_word = {p2_vn, p2_pid, p2_q, p2_rd[511:48], p2_pid16, p2_rd[31:0]};
    wire [OW-1:0] ofifo_out;
    wire          ofifo_ready;
    // P3: the data RAM's output registered before the FIFO
    reg  [OW-1:0] p3_word;
    always @(posedge clk) begin
        p3_valid <= !rst && p2_valid && !p2_err;
        p3_word  <= p2_word;
    end
    sync_fifo #(.WIDTH(OW), .DEPTH(4)) u_ofifo (
        .clk(clk), .rst(rst), .s_data(p3_word), .s_valid(p3_valid), .s_ready(ofifo_ready),
        .m_data(ofifo_out), .m_valid(m_cmd_valid), .m_ready(m_cmd_ready), .count(ofifo_count)
    );
    assign m_cmd_data = ofifo_out[511:0];
    assign m_cmd_qid  = ofifo_out[512 +: QW];
    assign m_cmd_pid  = ofifo_out[512 + QW +: PIDW];
    assign m_cmd_vn   = ofifo_out[512 + QW + PIDW +: 2];

    // ------------------------------------------------------------------ ring fetch
    // the request over two stages (timing pass 4): fdiff_reg (prod != fetch and a free slot, from
    // the state one cycle before), then freq_reg (with the enable, mode and no read in flight):
    // the arbiter's request is a register. A request is up to two cycles old: a stale one is
    // harmless, as F1 snapshots the state again and F3 counts n = 0 if nothing is to be fetched
    // (F4 then issues nothing); a queue whose read started (f_take) in the last cycle still
    // requests, and its grant is not taken: F2 / F3 are busy for the two cycles after a take
    wire [NQ-1:0] fdiff, fneed;
    reg  [NQ-1:0] fdiff_reg, freq_reg;
    generate
        for (gq = 0; gq < NQ; gq = gq + 1) begin : g_fneed
            wire [SW:0] used = fetch_reg[gq][SW:0] - cons_reg[gq][SW:0];
            assign fdiff[gq] = prod_reg[gq] != fetch_reg[gq] && used != N_SLOT[SW:0];
            assign fneed[gq] = en_reg[gq] && ring_reg[gq] && !infl_reg[gq] && fdiff_reg[gq];
        end
    endgenerate
    wire [NQ-1:0] fg_grant;
    wire          fg_valid;
    wire [QW-1:0] fg_index;
    reg           f2_valid, f3_valid, f4_valid, rd_valid_reg;
    wire          f_take  = fg_valid && !f2_valid && !f3_valid && !f4_valid && !rd_valid_reg;
    arbiter #(.N(NQ), .ROUND_ROBIN(1)) u_farb (
        .clk(clk), .rst(rst), .req(freq_reg),
        .ack({NQ{1'b0}}), .grant(fg_grant), .grant_valid(fg_valid), .grant_index(fg_index)
    );
    // F1 -> F2: snapshot of the granted queue
    reg  [QW-1:0] f2_q, f3_q;
    reg  [15:0]   f2_prod, f2_fetch;
    reg  [SW:0]   f2_cons;
    reg  [63:0]   f2_base, f3_base;
    // F2 -> F3: capped counts
    reg  [SW:0]   f3_avail, f3_free, f3_toend;
    reg  [15:0]   f3_off, f3_fetch;
    // F3 -> F4: the count n, the new fetch index
    reg  [QW-1:0] f4_q;
    reg  [SW:0]   f4_n;
    reg  [15:0]   f4_off, f4_fetch;
    reg  [63:0]   f4_base;
    reg  [63:0]   rd_addr_reg;
    reg  [12:0]   rd_len_reg;
    reg  [QW-1:0] rd_q_reg;
    reg  [15:0]   f2_mask;                                        // size - 1 (F1)
    wire [15:0]   f2_avail = f2_prod - f2_fetch;
    wire [15:0]   f2_off   = f2_fetch & f2_mask;
    wire [16:0]   f2_toend = {1'b0, f2_mask} + 17'd1 - {1'b0, f2_off};   // mask + 1 folds into the subtract's carry
    // caps without a comparator: x >= N_SLOT <=> a bit of x at or above SW (N_SLOT a power of two)
    wire          f2_avail_big = f2_avail[15:SW] != {(16-SW){1'b0}};
    wire          f2_toend_big = f2_toend[16:SW] != {(17-SW){1'b0}};
    // commands left in the 4 KiB page of the fetch address (base is 64-byte aligned): a host read
    // never crosses a 4 KiB boundary (docs/nic.md 2.1; found by the nic_top end-to-end run)
    wire [5:0]    f2_pgi  = f2_base[11:6] + f2_off[5:0];
    wire [6:0]    f2_pgl  = 7'd64 - {1'b0, f2_pgi};
    wire          f2_pgl_big = f2_pgl[6:SW] != {(7-SW){1'b0}};
    wire [SW:0]   f2_te   = f2_toend_big ? N_SLOT[SW:0] : f2_toend[SW:0];
    wire [SW:0]   f2_pg   = f2_pgl_big ? N_SLOT[SW:0] : f2_pgl[SW:0];
    wire [SW:0]   f3_min1  = f3_avail < f3_free ? f3_avail : f3_free;
    wire [SW:0]   f3_n     = f3_min1 < f3_toend ? f3_min1 : f3_toend;
    always @(posedge clk) begin
        f2_valid <= !rst && f_take;
        f2_q     <= fg_index;
        f2_prod  <= prod_reg[fg_index];
        f2_fetch <= fetch_reg[fg_index];
        f2_cons  <= cons_reg[fg_index][SW:0];
        f2_mask  <= 16'hffff >> (4'd15 - log_reg[fg_index]) >> 1;
        f2_base  <= {base_hi_ram[fg_index], base_lo_ram[fg_index][31:6], 6'd0};
        f3_valid <= !rst && f2_valid;
        f3_q     <= f2_q;
        f3_base  <= f2_base;
        f3_off   <= f2_off;
        f3_fetch <= f2_fetch;
        f3_avail <= f2_avail_big ? N_SLOT[SW:0] : f2_avail[SW:0];
        f3_free  <= N_SLOT[SW:0] - (f2_fetch[SW:0] - f2_cons);
        f3_toend <= f2_te < f2_pg ? f2_te : f2_pg;
        f4_valid <= !rst && f3_valid;
        f4_q     <= f3_q;
        f4_n     <= f3_n;
        f4_off   <= f3_off;
        f4_fetch <= f3_fetch;
        f4_base  <= f3_base;
        if (rst) begin
            rd_valid_reg <= 1'b0;
        end else if (f4_valid && f4_n != 0) begin
            rd_valid_reg <= 1'b1;
        end else if (m_dma_rd_req_ready) begin
            rd_valid_reg <= 1'b0;
        end
        if (f4_valid) begin
            rd_addr_reg <= f4_base + {42'd0, f4_off, 6'd0};
            rd_len_reg  <= {{(6-SW){1'b0}}, f4_n, 6'd0};
            rd_q_reg    <= f4_q;
        end
    end
    assign m_dma_rd_req_valid = rd_valid_reg;
    assign m_dma_rd_req_addr  = rd_addr_reg;
    assign m_dma_rd_req_len   = rd_len_reg;
    assign m_dma_rd_req_tag   = {{(TAG_W-QW){1'b0}}, rd_q_reg};

    // ------------------------------------------------------------------ consumer-index write-back
    // two stages: wd_reg = cons - last written (and the queue's enable and emptiness), then the
    // guard with its masks (wreq_reg, the arbiter's request: a register, timing pass 4)
    wire [NQ-1:0] wneed;
    reg  [NQ-1:0] wreq_reg, wen_reg, wempty_reg;
    reg  [15:0]   wd_reg [0:NQ-1];
    generate
        for (gq = 0; gq < NQ; gq = gq + 1) begin : g_wneed
            wire [15:0] d     = wd_reg[gq];
            assign wneed[gq]  = wen_reg[gq] && d != 16'd0 &&
                                (d[15:8] != 8'd0 || d[7:0] >= k_reg || wempty_reg[gq]);
            always @(posedge clk) begin
                wd_reg[gq]     <= cons_reg[gq] - wbv_reg[gq];
                wen_reg[gq]    <= !rst && en_reg[gq];
                wempty_reg[gq] <= ring_reg[gq] ? cons_reg[gq] == prod_reg[gq] : !head_full[gq];
            end
        end
    endgenerate
    wire [NQ-1:0] wg_grant;
    wire          wg_valid;
    wire [QW-1:0] wg_index;
    reg           wr_valid_reg;
    reg           w1_valid;
    wire          w_take  = wg_valid && !wr_valid_reg && !w1_valid;
    wire [15:0]   w_cons  = cons_reg[wg_index];
    wire          w_issue = w_take;
    // wreq_reg in cycle t reflects wbv as of cycle t-2, and a take in cycle T writes wbv at the end
    // of T+1 (W1): the request of cycle t (taken in t+1) is stale if the queue was taken in one of
    // the cycles t-3 .. t. wreq_reg is masked (one cycle before) by the grants of t-3 .. t-1
    // (taken or not: a queue granted while the request register is busy loses its turn for
    // three cycles); a take in cycle t makes w1_valid block any take in t+1
    reg  [NQ-1:0] wtake_prev, wtake_prev2;
    always @(posedge clk) begin
        wtake_prev  <= rst ? {NQ{1'b0}} : wg_grant;
        wtake_prev2 <= rst ? {NQ{1'b0}} : wtake_prev;
    end
    arbiter #(.N(NQ), .ROUND_ROBIN(1)) u_warb (
        .clk(clk), .rst(rst), .req(wreq_reg),
        .ack({NQ{1'b0}}), .grant(wg_grant), .grant_valid(wg_valid), .grant_index(wg_index)
    );
    // W1: the taken queue's cons and write-back address registered; W2: the request register
    reg  [63:0]   wr_addr_reg;
    reg  [255:0]  wr_data_reg;
    reg  [QW-1:0] w1_q;
    reg  [15:0]   w1_cons;
    reg  [63:0]   w1_addr;
    wire [63:0]   w_addr = {wb_hi_ram[wg_index], wb_lo_ram[wg_index][31:3], 3'd0};
    always @(posedge clk) begin
        w1_valid <= !rst && w_issue;
        w1_q     <= wg_index;
        w1_cons  <= w_cons;
        w1_addr  <= w_addr;
        if (rst)                       wr_valid_reg <= 1'b0;
        else if (w1_valid)             wr_valid_reg <= 1'b1;
        else if (m_dma_wr_ready)       wr_valid_reg <= 1'b0;
        if (w1_valid) begin
            wr_addr_reg <= w1_addr;
            wr_data_reg <= {192'd0, 48'd0, w1_cons} << {w1_addr[4:3], 6'd0};
        end
    end
    assign m_dma_wr_valid = wr_valid_reg;
    assign m_dma_wr_addr  = wr_addr_reg;
    assign m_dma_wr_len   = 13'd8;
    assign m_dma_wr_data  = wr_data_reg;
    assign m_dma_wr_last  = 1'b1;

    // ------------------------------------------------------------------ CSRs
    // axil_reg_if_pipe: writes registered and applied in the cycle after the AW/W handshake;
    // reads: address registered (stage 0: the register snapshots below load), data sampled in
    // stage 1 from those snapshots
    wire [11:0] reg_wr_addr, reg_rd_addr;
    wire [31:0] reg_wr_data;
    wire [3:0]  reg_wr_strb;
    wire [1:0]  reg_rd_stage;
    reg         reg_wr_err, reg_rd_err;
    reg  [31:0] reg_rd_data;
    axil_reg_if_pipe #(.ADDR_WIDTH(12), .RD_LATENCY(2)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid),
        .s_axil_awready(s_axil_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
        .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err),
        .reg_rd_addr(reg_rd_addr), .reg_rd_stage(reg_rd_stage), .reg_rd_data(reg_rd_data), .reg_rd_err(reg_rd_err)
    );
    wire [QW-1:0] qs = qsel_reg[QW-1:0];
    // write decode registered beside u_axil's own write registers (which load from AW / W in every
    // cycle): in the cycle reg_wr_en is high these flags belong to the write
    // (timing pass 4: each flag already includes "no error", and the error itself is registered
    // from the AXI inputs, so a register write enable is reg_wr_en AND one flag)
    wire a_k    = s_axil_awaddr == NCQ_WB_K_ADDR;
    wire a_qsel = s_axil_awaddr == NCQ_QSEL_ADDR;
    wire a_qcfg = s_axil_awaddr == NCQ_QCFG_ADDR;
    wire a_blo  = s_axil_awaddr == NCQ_QBASE_LO_ADDR;
    wire a_bhi  = s_axil_awaddr == NCQ_QBASE_HI_ADDR;
    wire a_wlo  = s_axil_awaddr == NCQ_QWB_LO_ADDR;
    wire a_whi  = s_axil_awaddr == NCQ_QWB_HI_ADDR;
    wire a_strb = s_axil_wstrb == 4'hf;
    wire a_qsel_bad = {1'b0, s_axil_wdata[7:0]} >= NQ9;
    wire a_qcfg_bad = s_axil_wdata[11:8] == 4'hf;     // rings of up to 2^14 (C1 in 16 bits)
    reg wd_k, wd_qsel, wd_qcfg, wd_blo, wd_bhi, wd_wlo, wd_whi;
    always @(posedge clk) begin
        wd_k       <= a_strb && a_k;
        wd_qsel    <= a_strb && a_qsel && !a_qsel_bad;
        wd_qcfg    <= a_strb && a_qcfg && !a_qcfg_bad;
        wd_blo     <= a_strb && a_blo;
        wd_bhi     <= a_strb && a_bhi;
        wd_wlo     <= a_strb && a_wlo;
        wd_whi     <= a_strb && a_whi;
        reg_wr_err <= !a_strb || !(a_k || a_qsel || a_qcfg || a_blo || a_bhi || a_wlo || a_whi) ||
                      (a_qsel && a_qsel_bad) || (a_qcfg && a_qcfg_bad);
    end
    always @(posedge clk) begin
        if (reg_wr_en && wd_blo) base_lo_ram[qs] <= {reg_wr_data[31:6], 6'd0};
        if (reg_wr_en && wd_bhi) base_hi_ram[qs] <= reg_wr_data;
        if (reg_wr_en && wd_wlo) wb_lo_ram[qs]   <= {reg_wr_data[31:3], 3'd0};
        if (reg_wr_en && wd_whi) wb_hi_ram[qs]   <= reg_wr_data;
    end
    // read snapshots (loaded every cycle; the read samples them two cycles after its address)
    reg  [31:0] rs_stat, rs_qcfg, rs_blo, rs_bhi, rs_wlo, rs_whi, rs_qstate, rs_qfetch;
    always @(posedge clk) begin
        rs_stat   <= stat_reg[reg_rd_addr[5:2]];
        rs_qcfg   <= {{(16-PIDW){1'b0}}, pid_reg[qs], 4'd0, log_reg[qs], 2'd0, vn_reg[qs], 2'd0,
                      ring_reg[qs], en_reg[qs]};
        rs_blo    <= base_lo_ram[qs];
        rs_bhi    <= base_hi_ram[qs];
        rs_wlo    <= wb_lo_ram[qs];
        rs_whi    <= wb_hi_ram[qs];
        rs_qstate <= {cons_reg[qs], prod_reg[qs]};
        rs_qfetch <= {wbv_reg[qs], fetch_reg[qs]};
    end
    // the address decode registered too (stage 0), so stage 1 is an AND-OR of registers
    reg rsel_stat, rsel_id, rsel_par, rsel_k, rsel_qsel, rsel_qcfg, rsel_blo, rsel_bhi, rsel_wlo,
        rsel_whi, rsel_qst, rsel_qf;
    always @(posedge clk) begin
        rsel_stat <= reg_rd_addr >= NCQ_STAT_ADDR && reg_rd_addr < NCQ_STAT_ADDR + 4 * NSTAT &&
                     reg_rd_addr[1:0] == 2'b00;
        rsel_id   <= reg_rd_addr == NCQ_ID_ADDR;
        rsel_par  <= reg_rd_addr == NCQ_PARAMS_ADDR;
        rsel_k    <= reg_rd_addr == NCQ_WB_K_ADDR;
        rsel_qsel <= reg_rd_addr == NCQ_QSEL_ADDR;
        rsel_qcfg <= reg_rd_addr == NCQ_QCFG_ADDR;
        rsel_blo  <= reg_rd_addr == NCQ_QBASE_LO_ADDR;
        rsel_bhi  <= reg_rd_addr == NCQ_QBASE_HI_ADDR;
        rsel_wlo  <= reg_rd_addr == NCQ_QWB_LO_ADDR;
        rsel_whi  <= reg_rd_addr == NCQ_QWB_HI_ADDR;
        rsel_qst  <= reg_rd_addr == NCQ_QSTATE_ADDR;
        rsel_qf   <= reg_rd_addr == NCQ_QFETCH_ADDR;
    end
    always @(*) begin
        reg_rd_err  = !(rsel_stat || rsel_id || rsel_par || rsel_k || rsel_qsel || rsel_qcfg || rsel_blo ||
                        rsel_bhi || rsel_wlo || rsel_whi || rsel_qst || rsel_qf);
        reg_rd_data = ({32{rsel_stat}} & rs_stat) |
                      ({32{rsel_id}}   & NCQ_ID_ID_RESET) |
                      ({32{rsel_par}}  & {8'd0, PIDW[7:0], N_SLOT[7:0], NQ[7:0]}) |
                      ({32{rsel_k}}    & {24'd0, k_reg}) |
                      ({32{rsel_qsel}} & {24'd0, qsel_reg}) |
                      ({32{rsel_qcfg}} & rs_qcfg) |
                      ({32{rsel_blo}}  & rs_blo) |
                      ({32{rsel_bhi}}  & rs_bhi) |
                      ({32{rsel_wlo}}  & rs_wlo) |
                      ({32{rsel_whi}}  & rs_whi) |
                      ({32{rsel_qst}}  & rs_qstate) |
                      ({32{rsel_qf}}   & rs_qfetch);
    end

    // ------------------------------------------------------------------ state updates
    integer i;
    always @(posedge clk) begin
        if (rst) begin
            en_reg    <= {NQ{1'b0}};
            ring_reg  <= {NQ{1'b0}};
            infl_reg  <= {NQ{1'b0}};
            full_reg  <= {NE{1'b0}};
            err_reg   <= {NE{1'b0}};
            k_reg     <= NCQ_WB_K_K_RESET;
            qsel_reg  <= 8'd0;
            fdiff_reg <= {NQ{1'b0}};
            freq_reg  <= {NQ{1'b0}};
            wreq_reg  <= {NQ{1'b0}};
            for (i = 0; i < NQ; i = i + 1) begin
                vn_reg[i]    <= 2'd0;
                log_reg[i]   <= 4'd0;
                pid_reg[i]   <= {PIDW{1'b0}};
                prod_reg[i]  <= 16'd0;
                cons_reg[i]  <= 16'd0;
                fetch_reg[i] <= 16'd0;
                wbv_reg[i]   <= 16'd0;
                cptr_reg[i]  <= {(SW+1){1'b0}};
            end
        end else begin
            fdiff_reg <= fdiff;
            freq_reg  <= fneed;
            // (the grants of the last three cycles: see u_warb)
            wreq_reg  <= wneed & ~wg_grant & ~wtake_prev & ~wtake_prev2;
            // CSR writes
            if (reg_wr_en && wd_k)    k_reg <= reg_wr_data[7:0];
            if (reg_wr_en && wd_qsel) qsel_reg <= reg_wr_data[7:0];
            if (reg_wr_en && wd_qcfg) begin
                en_reg[qs]   <= reg_wr_data[0];
                ring_reg[qs] <= reg_wr_data[1];
                vn_reg[qs]   <= reg_wr_data[5:4];
                log_reg[qs]  <= reg_wr_data[11:8];
                pid_reg[qs]  <= reg_wr_data[16 +: PIDW];
            end
            // S0: completion pointer, end of a read
            if (c_op && c_tag_ok) begin
                cptr_reg[c_q] <= c_ptr + 1'b1;
                if (s_dma_cpl_last) infl_reg[c_q] <= 1'b0;
            end
            // F1: a read starts
            if (f_take) infl_reg[fg_index] <= 1'b1;
            // F4: n commands requested (n = 0: config changed under the fetch; nothing issued)
            if (f4_valid) begin
                fetch_reg[f4_q] <= f4_fetch + {{(15-SW){1'b0}}, f4_n};
                if (f4_n == 0) infl_reg[f4_q] <= 1'b0;
            end
            // S2: slot complete, doorbell
            // S3: slot complete, completion error, doorbell (decided in S2 the cycle before)
            for (i = 0; i < NE; i = i + 1) begin
                if (lst_valid && lst_comp && s3_oh[i]) full_reg[i] <= 1'b1;
                if (lst_valid && lst_err && s3_oh[i])  err_reg[i]  <= 1'b1;
            end
            if (lst_db) prod_reg[s3_q] <= s3_db;
            // pop
            if (pop) begin
                for (i = 0; i < NQ; i = i + 1)
                    if (pg_grant[i]) cons_reg[i] <= cons_reg[i] + 16'd1;
                for (i = 0; i < NE; i = i + 1)
                    if (pop_clr[i]) full_reg[i] <= 1'b0;
            end
            if (p1_valid) err_reg[p1_idx] <= 1'b0;
            // write-back
            if (w1_valid) wbv_reg[w1_q] <= w1_cons;
        end
    end

    // ------------------------------------------------------------------ counters
    reg  [NSTAT-1:0] inc_reg;              // counters count one cycle after the event
    // (the write stage's drops: one cycle after its registered copy, timing pass 5)
    reg              s3_dvalid, s3_cerr;
    reg  [2:0]       s3_drop;
    always @(posedge clk) begin
        inc_reg   <= rst ? {NSTAT{1'b0}} : inc;
        s3_dvalid <= !rst && s2_valid;
        s3_cerr   <= s2_cpl && s2_err;
        s3_drop   <= s2_drop;
    end
    always @(*) begin
        inc = {NSTAT{1'b0}};
        inc[0]  = p2_valid && !p2_err && !p2_ring;
        inc[1]  = p2_valid && !p2_err && p2_ring;
        inc[2]  = s3_dvalid && s3_drop == D_FULL;
        inc[3]  = s3_dvalid && s3_drop == D_DIS;
        inc[4]  = s3_dvalid && s3_drop == D_MODE;
        inc[5]  = s3_dvalid && s3_drop == D_UNDEF;
        inc[6]  = s3_dvalid && s3_drop == D_DB;
        inc[7]  = s3_dvalid && s3_cerr;
        inc[8]  = s3_dvalid && s3_drop == D_STRAY;
        inc[9]  = p2_valid && p2_err;
        inc[10] = f4_valid && f4_n != 0;
        inc[11] = w_issue;
        inc[12] = reg_wr_en && reg_wr_err;
    end
    genvar gs;
    generate
        for (gs = 0; gs < NSTAT; gs = gs + 1) begin : g_stat
            always @(posedge clk) begin
                if (rst)          stat_reg[gs] <= 32'd0;
                else if (inc_reg[gs]) stat_reg[gs] <= stat_reg[gs] + 32'd1;
            end
        end
    endgenerate

    // reg_wr_addr / reg_wr_strb: read by the lockstep probe and the formal environment only
    wire unused_ok = &{1'b0, ofifo_ready, fg_grant, qsel_reg[7:QW], w_off[2:0], p2_rd[47:32], reg_rd_stage,
                       reg_wr_addr, reg_wr_strb};

`ifdef FORMAL
`include "nic_cmdq_props.vh"
`endif
endmodule
`resetall
