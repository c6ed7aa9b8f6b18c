`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_xlat: NIC VA->PA translation unit, one cache per page-table level and a page walker with
// several host reads outstanding (docs/nic_xlat.md; C model cmodel/nic_xlat.c).
//
// Source: seed 003 L76-L100 (section 2.4: split per-level caches looked up in parallel, the walk
// continued from the deepest hit, ordering logic), ../shared/spec/003-nic-app-state.md block B6
// (interface, tags, walker, invalidation, properties T1-T7) and ambiguities A17-A22; x86-64
// 4-level paging, Intel SDM Vol. 3A 4.5 (MAXPHYADDR 52); issue 11.
//
// Ports (one clock, synchronous active-high rst):
//   s_req  {pid[PID_IN_W], va[63:0], write, id[ID_W]}   translation requests (valid/ready)
//   m_resp {id, pa[51:0], size[1:0] (0 4K, 1 2M, 2 1G), fault[2:0], gen}   one per request;
//          fault 0 none, 1 NONCANON, 2 NOT_PRESENT, 3 RSVD, 4 WRITE, 5 PID (pid >= NPID),
//          6 NO_CR3 (no CR3 loaded for the PID); pa = size = 0 on a fault; gen = the generation
//          bit the request was translated under (the DMA side counts its DMAs per gen)
//   m_rd   {addr[51:0] (8-byte aligned), tag[MQW]}   host reads of one 8-byte page-table entry
//   s_cpl  {tag, data[63:0]}   their completions, any order, one per read (a completion whose
//          slot has no read outstanding when it is accepted is dropped and counted: err_tag)
//   dma_busy[g]  the DMA side still has DMAs outstanding that use a translation of gen bit g
//          (a counter updated in the cycle after the m_resp handshake is what is expected)
//   inv_done     one-cycle pulse: the last invalidation has completed (docs/nic_xlat.md 4.6)
//   s_axil_*     CSR slave (rdl/nic_xlat.rdl): commands LOAD_CR3 / CLEAR_CR3 / INV_ALL /
//          INV_PID / INV_RANGE, parameters, status, counters
// Pipeline (docs/nic_xlat.md 4.3): one op per cycle is issued (P0), read from the caches (P1),
//   compared (P2), selected (P3), decided (P4: a request's decision registered; a completion's
//   fill), acted on (P5, the s2_ registers) and its result written (P6). Ops: a request (s_req
//   handshake), a completion (s_cpl handshake), a command (CSR). Priority command > completion >
//   request. A request is issued only with a miss-queue slot credit; ops that write the caches or
//   the CR3 table (completions, commands) hold off the next issue until they have acted, so every
//   op sees the writes of every op before it. Every request takes a miss-queue (MQ) slot in P5
//   (the lowest free one, registered a cycle ahead): done at once on a hit or a fault, else walking
//   (one host read outstanding per slot, tag = slot). A slot answers (one per cycle, lowest ready
//   slot first, from the ready set registered one cycle before) once done and once every older
//   slot with its id has answered: responses are in request order per id, any order across ids
//   (A22).
// Latency: a hit answers 8 cycles after its s_req handshake (handshake to handshake); a walk of
//   k reads with host read latency L: 9 + k x (L + 8) cycles (docs/nic_xlat.md 7).
// Throughput: one request per cycle on hits (measured 0.996, MQ = 8); each completion costs 6
//   issue cycles; an invalidation scan max(SETS, or WAYS when SETS = 1) + 6 cycles.
// Resources (lab size, ECP5-85 speed 6, make synth with registered I/O, WRAP=reg PLACE=timing
//   ROUTE=router1): 135.1 MHz, 11,145 LUT4, 7,856 FF (with the wrapper's), 615 LUTRAM cells, no
//   EBR; UltraScale+ 3,977 LUT, 6,805 FF (docs/synth.md "Gated: the NIC tops", pass table
//   "nic_xlat, issue 11").
// Errors: fault codes above (a counter each); CSR errors in rdl/nic_xlat.rdl.
module nic_xlat #(
    parameter NPID     = 64,   // PIDs with a CR3 slot (2..65536)
    parameter PID_IN_W = 16,   // request PID width
    parameter ID_W     = 8,    // request id width
    parameter MQ       = 8,    // miss-queue slots = host read tags (4..32, power of two)
    parameter L4_SETS  = 1,  parameter L4_WAYS = 8,    // PML4E cache
    parameter L3_SETS  = 4,  parameter L3_WAYS = 4,    // PDPE cache
    parameter L2_SETS  = 8,  parameter L2_WAYS = 4,    // PDE cache
    parameter L1_SETS  = 64, parameter L1_WAYS = 4     // PTE cache
) (
    input  wire                clk,
    input  wire                rst,
    input  wire                s_req_valid,
    output wire                s_req_ready,
    input  wire [PID_IN_W-1:0] s_req_pid,
    input  wire [63:0]         s_req_va,
    input  wire                s_req_write,
    input  wire [ID_W-1:0]     s_req_id,
    output wire                m_resp_valid,
    input  wire                m_resp_ready,
    output wire [ID_W-1:0]     m_resp_id,
    output wire [51:0]         m_resp_pa,
    output wire [1:0]          m_resp_size,
    output wire [2:0]          m_resp_fault,
    output wire                m_resp_gen,
    output wire                m_rd_valid,
    input  wire                m_rd_ready,
    output wire [51:0]         m_rd_addr,
    output wire [$clog2(MQ)-1:0] m_rd_tag,
    input  wire                s_cpl_valid,
    output wire                s_cpl_ready,
    input  wire [$clog2(MQ)-1:0] s_cpl_tag,
    input  wire [63:0]         s_cpl_data,
    input  wire [1:0]          dma_busy,
    output wire                inv_done,
    input  wire [11:0]         s_axil_awaddr,
    input  wire                s_axil_awvalid,
    output wire                s_axil_awready,
    input  wire [31:0]         s_axil_wdata,
    input  wire [3:0]          s_axil_wstrb,
    input  wire                s_axil_wvalid,
    output wire                s_axil_wready,
    output wire [1:0]          s_axil_bresp,
    output wire                s_axil_bvalid,
    input  wire                s_axil_bready,
    input  wire [11:0]         s_axil_araddr,
    input  wire                s_axil_arvalid,
    output wire                s_axil_arready,
    output wire [31:0]         s_axil_rdata,
    output wire [1:0]          s_axil_rresp,
    output wire                s_axil_rvalid,
    input  wire                s_axil_rready
);
`include "nic_xlat_regs.vh"

    localparam PID_W = NPID > 1 ? $clog2(NPID) : 1;
    localparam MQW   = $clog2(MQ);
    localparam DW    = 42;              // cache data: {leaf, rw, addr[51:12]}
    // invalidation scan steps: a set per step in a set-associative cache, a way per step in a
    // fully associative one (nic_xlat_cache); the scan runs the longest of the four
    localparam SN4 = L4_SETS > 1 ? L4_SETS : L4_WAYS, SN3 = L3_SETS > 1 ? L3_SETS : L3_WAYS;
    localparam SN2 = L2_SETS > 1 ? L2_SETS : L2_WAYS, SN1 = L1_SETS > 1 ? L1_SETS : L1_WAYS;
    localparam SN43 = SN4 > SN3 ? SN4 : SN3, SN21 = SN2 > SN1 ? SN2 : SN1;
    localparam SMAX  = SN43 > SN21 ? SN43 : SN21;
    localparam SCW   = SMAX > 1 ? $clog2(SMAX) : 1;
    localparam NSTAT = 23;
    localparam integer SLAST_I = SMAX - 1;
    localparam [SCW-1:0] SLAST = SLAST_I[SCW-1:0];
    localparam [31:0] G4 = (L4_WAYS << 16) | L4_SETS, G3 = (L3_WAYS << 16) | L3_SETS,
                      G2 = (L2_WAYS << 16) | L2_SETS, G1 = (L1_WAYS << 16) | L1_SETS;

    initial begin
        if (NPID < 2 || NPID > 65536 || NPID > (1 << PID_IN_W))
            $fatal(1, "nic_xlat: NPID must be 2..min(65536, 2^PID_IN_W)");
        if (MQ < 4 || MQ > 32 || (MQ & (MQ - 1)) != 0) $fatal(1, "nic_xlat: MQ must be a power of two 4..32");
        if (ID_W < 1 || ID_W > 16) $fatal(1, "nic_xlat: ID_W must be 1..16");
    end

    // fault codes (docs/nic_xlat.md 2 and 4.4)
    localparam [2:0] F_NONE = 3'd0, F_NONCANON = 3'd1, F_NP = 3'd2, F_RSVD = 3'd3, F_WRITE = 3'd4,
                     F_PID = 3'd5, F_NOCR3 = 3'd6;
    // op types
    localparam [1:0] OP_REQ = 2'd1, OP_CPL = 2'd2, OP_CMD = 2'd3;
    // commands
    localparam [2:0] C_LOAD = 3'd1, C_CLEAR = 3'd2, C_ALL = 3'd3, C_PID = 3'd4, C_RANGE = 3'd5;

    // ------------------------------------------------------------ miss queue (flip-flops)
    reg  [MQ-1:0]       mq_valid, mq_done;
    reg  [ID_W-1:0]     mq_id    [0:MQ-1];
    reg  [PID_W-1:0]    mq_pid   [0:MQ-1];
    reg  [47:0]         mq_va    [0:MQ-1];
    reg                 mq_write [0:MQ-1];
    reg  [MQ-1:0]       mq_gen;
    reg  [2:0]          mq_level [0:MQ-1];
    reg  [MQ-1:0]       mq_rw;
    reg  [51:0]         mq_pa    [0:MQ-1];
    reg  [1:0]          mq_size  [0:MQ-1];
    reg  [2:0]          mq_fault [0:MQ-1];
    reg  [MQ-1:0]       mq_wait  [0:MQ-1];   // older slots of the same id still to answer

    // ------------------------------------------------------------ CSR, commands
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

    // no CSR access and no issue while the counters are zeroed after reset (stats_counter sweep)
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
        .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr),
        .s_axil_arvalid(s_axil_arvalid && !csr_block_reg), .s_axil_arready(axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err),
        .reg_rd_addr(reg_rd_addr), .reg_rd_stage(rd_stage),
        .reg_rd_data(rd_isstat_reg ? stat_rd_data : rd_dat_reg), .reg_rd_err(rd_err_reg)
    );

    reg  [15:0] cmd_pid_reg;
    reg  [63:0] cmd_addr_reg, cmd_end_reg;
    reg  [2:0]  cmd_op_reg;
    reg         cmd_leaf_reg;
    reg         cmd_pend_reg;      // accepted, not yet issued
    reg         inv_active_reg;    // invalidation executed, drain not yet complete
    reg         cur_gen_reg;
    reg         scan_rd_reg;
    reg  [SCW-1:0] scan_cnt_reg;
    // op pipeline: P0 issue, P1 (q1_) cache read, P2 (q2_) compare, P3 (q3_) select, P4 (q4_)
    // decide, P5 (s2_) act, P6 (res_) result write
    reg         q1_valid, q2_valid, q3_valid, q4_valid, s2_valid;
    reg  [1:0]  q1_type, q2_type, q3_type, q4_type, s2_type;
    wire [3:0]  scan_busy;            // per cache: a scan step in flight
    wire        scan_active = scan_rd_reg || |scan_busy;
    // busy (STATUS.BUSY; CMD_* writes refused): a command accepted and not executed, or an
    // invalidation not yet drained. One register, = cmd_pend_reg || a command in P1..P5 ||
    // inv_active_reg (a scan runs only while inv_active_reg is set); updated with the commands.
    reg         busy_reg;
    wire        busy = busy_reg;

    wire wr_full   = reg_wr_strb == 4'hf;
    wire wr_is_cmd = reg_wr_addr == NX_CMD_ADDR;
    wire [2:0] wr_op = reg_wr_data[NX_CMD_OP_MSB:NX_CMD_OP_LSB];
    wire wr_op_pid = wr_op == C_LOAD || wr_op == C_CLEAR || wr_op == C_PID || wr_op == C_RANGE;
    reg  cmd_pid_bad_reg;     // cmd_pid_reg >= NPID, registered with it
    wire wr_op_bad = wr_op == 3'd0 || wr_op > C_RANGE || (wr_op_pid && cmd_pid_bad_reg);
    wire wr_rw_addr = reg_wr_addr == NX_CMD_PID_ADDR || reg_wr_addr == NX_CMD_ADDR_LO_ADDR ||
                      reg_wr_addr == NX_CMD_ADDR_HI_ADDR || reg_wr_addr == NX_CMD_END_LO_ADDR ||
                      reg_wr_addr == NX_CMD_END_HI_ADDR || wr_is_cmd;
    wire err_busy_ev = reg_wr_en && wr_full && wr_rw_addr && busy;
    wire err_cmd_ev  = reg_wr_en && wr_full && wr_is_cmd && !busy && wr_op_bad;
    wire csr_err_ev  = reg_wr_en && (!wr_full || !wr_rw_addr);
    wire cmd_accept  = reg_wr_en && wr_full && wr_is_cmd && !busy && !wr_op_bad;
    always @* reg_wr_err = csr_err_ev || err_busy_ev || err_cmd_ev;

    always @(posedge clk) begin
        if (rst) begin
            cmd_pid_reg  <= NX_CMD_PID_PID_RESET;
            cmd_pid_bad_reg <= {16'd0, NX_CMD_PID_PID_RESET} >= NPID;
            cmd_addr_reg <= 64'd0;
            cmd_end_reg  <= 64'd0;
            cmd_op_reg   <= NX_CMD_OP_RESET;
            cmd_leaf_reg <= NX_CMD_LEAF_ONLY_RESET;
        end else if (reg_wr_en && wr_full && !busy) begin
            case (reg_wr_addr)
                NX_CMD_PID_ADDR: begin
                    cmd_pid_reg     <= reg_wr_data[15:0];
                    cmd_pid_bad_reg <= {16'd0, reg_wr_data[15:0]} >= NPID;
                end
                NX_CMD_ADDR_LO_ADDR: cmd_addr_reg[31:0]  <= reg_wr_data;
                NX_CMD_ADDR_HI_ADDR: cmd_addr_reg[63:32] <= reg_wr_data;
                NX_CMD_END_LO_ADDR:  cmd_end_reg[31:0]   <= reg_wr_data;
                NX_CMD_END_HI_ADDR:  cmd_end_reg[63:32]  <= reg_wr_data;
                NX_CMD_ADDR: if (cmd_accept) begin
                    cmd_op_reg   <= wr_op;
                    cmd_leaf_reg <= reg_wr_data[NX_CMD_LEAF_ONLY_LSB];
                end
                default: ;
            endcase
        end
    end

    // CSR reads: decoded in rd_stage[0], counters read from RAM (2 cycles), sampled in rd_stage[2]
    wire rd_stat_hit = reg_rd_addr >= NX_STAT_ADDR && reg_rd_addr < NX_STAT_ADDR + 4 * NSTAT &&
                       reg_rd_addr[1:0] == 2'b00;
    wire [4:0] rd_sidx = reg_rd_addr[6:2] - NX_STAT_ADDR[6:2];
    // stage 0: the register decoded into a small code; stage 1: its value
    reg  [3:0] rd_code_reg;
    always @(posedge clk) begin
        if (rd_stage[0]) begin
            rd_isstat_reg <= rd_stat_hit;
            rd_err_reg    <= 1'b0;
            rd_code_reg   <= 4'd15;
            case (reg_rd_addr)
                NX_ID_ADDR:          rd_code_reg <= 4'd0;
                NX_PARAMS_ADDR:      rd_code_reg <= 4'd1;
                NX_GEOM_ADDR:        rd_code_reg <= 4'd2;
                NX_GEOM_ADDR + 4:    rd_code_reg <= 4'd3;
                NX_GEOM_ADDR + 8:    rd_code_reg <= 4'd4;
                NX_GEOM_ADDR + 12:   rd_code_reg <= 4'd5;
                NX_CMD_PID_ADDR:     rd_code_reg <= 4'd6;
                NX_CMD_ADDR_LO_ADDR: rd_code_reg <= 4'd7;
                NX_CMD_ADDR_HI_ADDR: rd_code_reg <= 4'd8;
                NX_CMD_END_LO_ADDR:  rd_code_reg <= 4'd9;
                NX_CMD_END_HI_ADDR:  rd_code_reg <= 4'd10;
                NX_CMD_ADDR:         rd_code_reg <= 4'd11;
                NX_STATUS_ADDR:      rd_code_reg <= 4'd12;
                default:             rd_err_reg  <= !rd_stat_hit;
            endcase
        end
        if (rd_stage[1]) begin
            case (rd_code_reg)
                4'd0:    rd_dat_reg <= NX_ID_ID_RESET;
                4'd1:    rd_dat_reg <= {ID_W[7:0], MQ[7:0], NPID[15:0]};
                4'd2:    rd_dat_reg <= G4;
                4'd3:    rd_dat_reg <= G3;
                4'd4:    rd_dat_reg <= G2;
                4'd5:    rd_dat_reg <= G1;
                4'd6:    rd_dat_reg <= {16'd0, cmd_pid_reg};
                4'd7:    rd_dat_reg <= cmd_addr_reg[31:0];
                4'd8:    rd_dat_reg <= cmd_addr_reg[63:32];
                4'd9:    rd_dat_reg <= cmd_end_reg[31:0];
                4'd10:   rd_dat_reg <= cmd_end_reg[63:32];
                4'd11:   rd_dat_reg <= {23'd0, cmd_leaf_reg, 5'd0, cmd_op_reg};
                4'd12:   rd_dat_reg <= {30'd0, cur_gen_reg, busy};
                default: rd_dat_reg <= 32'd0;
            endcase
        end
    end

    // ------------------------------------------------------------ P0: issue
    // writers (completions, commands) hold off issue until they have acted in P5: the next op's
    // P1 reads (valid bits, round-robin pointers, tags, data, CR3 table) come after their writes
    // (cache fills in P4, the CR3 table in the cycle after P5); an invalidation's scan starts
    // after its P5. A scan holds off issue while it runs and one cycle more (scan_hold_reg: a
    // registered superset of the caches' scan_busy).
    reg  scan_hold_reg;
    always @(posedge clk) scan_hold_reg <= !rst && scan_active;
    wire blk = (q1_valid && q1_type != OP_REQ) || (q2_valid && q2_type != OP_REQ) ||
               (q3_valid && q3_type != OP_REQ) || (q4_valid && q4_type != OP_REQ) ||
               (s2_valid && s2_type != OP_REQ) || scan_rd_reg || scan_hold_reg || csr_block_reg;
    integer k;      // loop index of the combinational blocks
    integer kq;     // loop index of the clocked block (a separate variable: no mixed drivers)
    // slot credits: free MQ slots less the requests in P1..P5 (each takes a slot in its P5); a
    // request is issued only with a credit: -1 at a request's issue, +1 at a retire
    reg  [MQW:0] credit_reg;
    wire retire;
    wire [3:0] retire_c;  // copies of retire (fan-out): 0 MQ state, 1 ready / retire select, 2 allocation, 3 credits
    wire slot_ok   = credit_reg != {(MQW+1){1'b0}};
    wire issue_cmd = cmd_pend_reg && !blk;
    wire issue_cpl = s_cpl_valid && !blk && !cmd_pend_reg;
    wire issue_req = s_req_valid && !blk && !cmd_pend_reg && !s_cpl_valid && slot_ok;
    assign s_cpl_ready = issue_cpl;
    assign s_req_ready = issue_req;
    always @(posedge clk)
        if (rst) credit_reg <= MQ[MQW:0];
        else     credit_reg <= credit_reg - {{MQW{1'b0}}, issue_req} + {{MQW{1'b0}}, retire_c[3]};

    // lookup operands: the request's, or the completing slot's (selected by s_cpl_valid: when it is
    // high no request issues); a completion also carries its slot's walk state down the pipeline
    // (a slot changes only by its own completion, so the P0 copy is still right in P5)
    wire [PID_W-1:0] s0_pid = s_cpl_valid ? mq_pid[s_cpl_tag] : s_req_pid[PID_W-1:0];
    wire [47:12]     s0_va  = s_cpl_valid ? mq_va[s_cpl_tag][47:12] : s_req_va[47:12];
    // the set index of a set-associative cache: the VPN's low bits XOR the PID's (processes with
    // the same VA layout spread over the sets; docs/nic_xlat.md 4.2)
    localparam SW4 = L4_SETS > 1 ? $clog2(L4_SETS) : 1, SW3 = L3_SETS > 1 ? $clog2(L3_SETS) : 1;
    localparam SW2 = L2_SETS > 1 ? $clog2(L2_SETS) : 1, SW1 = L1_SETS > 1 ? $clog2(L1_SETS) : 1;
    /* verilator lint_off UNUSEDSIGNAL */   // (the bits above the widest set index)
    wire [31:0] s0_pid32 = {{(32-PID_W){1'b0}}, s0_pid};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [SW4-1:0] s0_set4 = s0_va[39 +: SW4] ^ s0_pid32[SW4-1:0];
    wire [SW3-1:0] s0_set3 = s0_va[30 +: SW3] ^ s0_pid32[SW3-1:0];
    wire [SW2-1:0] s0_set2 = s0_va[21 +: SW2] ^ s0_pid32[SW2-1:0];
    wire [SW1-1:0] s0_set1 = s0_va[12 +: SW1] ^ s0_pid32[SW1-1:0];

    always @(posedge clk) begin
        if (rst) begin
            cmd_pend_reg <= 1'b0;
        end else begin
            if (issue_cmd) cmd_pend_reg <= 1'b0;
            if (cmd_accept) cmd_pend_reg <= 1'b1;
        end
    end

    // ------------------------------------------------------------ P1 .. P4: operands carried
    reg  [PID_IN_W-1:0] q1_pid, q2_pid, q3_pid, q4_pid;
    reg  [63:0]         q1_va, q2_va, q3_va, q4_va;
    reg                 q1_write, q2_write, q3_write, q4_write;
    reg  [ID_W-1:0]     q1_id, q2_id, q3_id, q4_id;
    reg  [MQW-1:0]      q1_tag, q2_tag, q3_tag, q4_tag;
    reg  [63:0]         q1_data, q2_data, q3_data, q4_data;
    reg  [2:0]          q1_lvl, q2_lvl, q3_lvl, q4_lvl;   // completion: the slot's level, R/W, generation
    reg                 q1_rw, q2_rw, q3_rw, q4_rw, q1_gen, q2_gen, q3_gen, q4_gen;
    reg                 q1_ok, q2_ok, q3_ok, q4_ok;       // completion: its slot had a read outstanding in P0
    reg                 q2_pid_bad, q3_pid_bad, q4_pid_bad, q2_noncanon, q3_noncanon, q4_noncanon;
    reg                 q3_cr3v, q4_cr3v;
    reg  [39:0]         q2_cr3, q3_cr3, q4_cr3;
    always @(posedge clk) begin
        q1_valid <= !rst && (issue_cmd || issue_cpl || issue_req);
        q1_type  <= issue_cmd ? OP_CMD : issue_cpl ? OP_CPL : OP_REQ;
        q1_pid   <= s_cpl_valid ? {{(PID_IN_W-PID_W){1'b0}}, mq_pid[s_cpl_tag]} : s_req_pid;
        q1_va    <= s_cpl_valid ? {16'd0, mq_va[s_cpl_tag]} : s_req_va;
        q1_write <= s_cpl_valid ? mq_write[s_cpl_tag] : s_req_write;
        q1_id    <= s_req_id;
        q1_tag   <= s_cpl_tag;
        q1_data  <= s_cpl_data;
        q1_lvl   <= mq_level[s_cpl_tag];
        q1_rw    <= mq_rw[s_cpl_tag];
        q1_gen   <= mq_gen[s_cpl_tag];
        q1_ok    <= mq_valid[s_cpl_tag] && !mq_done[s_cpl_tag];
        q2_valid <= !rst && q1_valid;
        q3_valid <= !rst && q2_valid;
        q4_valid <= !rst && q3_valid;
        {q2_type, q2_pid, q2_va, q2_write, q2_id, q2_tag, q2_data, q2_lvl, q2_rw, q2_gen, q2_ok} <=
            {q1_type, q1_pid, q1_va, q1_write, q1_id, q1_tag, q1_data, q1_lvl, q1_rw, q1_gen, q1_ok};
        {q3_type, q3_pid, q3_va, q3_write, q3_id, q3_tag, q3_data, q3_lvl, q3_rw, q3_gen, q3_ok} <=
            {q2_type, q2_pid, q2_va, q2_write, q2_id, q2_tag, q2_data, q2_lvl, q2_rw, q2_gen, q2_ok};
        {q4_type, q4_pid, q4_va, q4_write, q4_id, q4_tag, q4_data, q4_lvl, q4_rw, q4_gen, q4_ok} <=
            {q3_type, q3_pid, q3_va, q3_write, q3_id, q3_tag, q3_data, q3_lvl, q3_rw, q3_gen, q3_ok};
        q2_pid_bad  <= {{(32-PID_IN_W){1'b0}}, q1_pid} >= NPID;
        q2_noncanon <= q1_va[63:47] != 17'd0 && q1_va[63:47] != 17'h1ffff;
        q2_cr3      <= cr3_mem[q1_pid[PID_W-1:0]];
        {q3_pid_bad, q3_noncanon, q3_cr3} <= {q2_pid_bad, q2_noncanon, q2_cr3};
        {q4_pid_bad, q4_noncanon, q4_cr3v, q4_cr3} <= {q3_pid_bad, q3_noncanon, q3_cr3v, q3_cr3};
    end

    // CR3 table: root PA[51:12] per PID (RAM, not reset) and a valid bit per PID (reset); the
    // valid bit is read in P1 and P2 (with 16 PIDs or more: P1 selects within groups of 8, P2 the
    // group), the root in P1
    reg  [39:0]     cr3_mem [0:NPID-1];
    reg  [NPID-1:0] cr3_valid;
    localparam CLB = NPID >= 16 ? 3 : PID_W;          // PID bits of the P1 step
    localparam NCG = NPID >= 16 ? NPID / 8 : 1;       // groups
    reg  [NCG-1:0]  cg_p2;
    genvar gc;
    generate
        for (gc = 0; gc < NCG; gc = gc + 1) begin : g_cr3v
            if (NCG > 1) begin : g_two
                wire [PID_W-CLB-1:0] grp = gc;
                always @(posedge clk) cg_p2[gc] <= cr3_valid[{grp, q1_pid[CLB-1:0]}];
            end else begin : g_one
                always @(posedge clk) cg_p2[gc] <= cr3_valid[q1_pid[PID_W-1:0]];
            end
        end
        if (NCG > 1) begin : g_cr3s
            always @(posedge clk) q3_cr3v <= cg_p2[q2_pid[PID_W-1:CLB]];
        end else begin : g_cr3o
            always @(posedge clk) q3_cr3v <= cg_p2[0];
        end
    endgenerate

    // the four caches (level 4 .. 1)
    wire        h4, h3, h2, h1;
    wire [DW-1:0] d4, d3, d2, d1;
    wire [3:0]  fill_lvl;    // one-hot fill enables, level 4..1 -> bits 3..0
    wire [DW-1:0] fill_data;
    reg         inv_use_pid_reg, inv_use_range_reg, inv_leaf_reg;
    reg  [PID_W-1:0] inv_pid_reg;
    reg  [35:0] inv_lo_reg, inv_hi_reg;     // VA[47:12] of the range
    wire [SCW-1:0] sc = scan_cnt_reg;
    // scan_rd_reg, one copy per cache (level 4..1 -> bit 3..0; fan-out into the caches' RAM
    // addresses), from its next state
    wire [3:0] scan_rd_c;
    wire       scan_inv_go = s2_valid && s2_type == OP_CMD && cmd_op_reg != C_LOAD && cmd_op_reg != C_CLEAR;
    wire       scan_rd_nx  = scan_inv_go || (scan_rd_reg && scan_cnt_reg != SLAST);
    ff_keep #(.WIDTH(4)) u_scr (.clk(clk), .rst(rst), .d({4{scan_rd_nx}}), .q(scan_rd_c));
    wire [L4_SETS*L4_WAYS-1:0] v4;
    wire [L3_SETS*L3_WAYS-1:0] v3;
    wire [L2_SETS*L2_WAYS-1:0] v2;
    wire [L1_SETS*L1_WAYS-1:0] v1;
    wire [L4_WAYS-1:0] oh4;
    wire [L3_WAYS-1:0] oh3;
    wire [L2_WAYS-1:0] oh2;
    wire [L1_WAYS-1:0] oh1;

    nic_xlat_cache #(.SETS(L4_SETS), .WAYS(L4_WAYS), .PID_W(PID_W), .VPN_W(9), .DATA_W(DW), .SCW(SCW)) u_c4 (
        .clk(clk), .rst(rst),
        .rd_set(s0_set4),
        .lk_pid(s0_pid), .lk_vpn(s0_va[47:39]),
        .hit_s2(h4), .hit_oh_s2(oh4), .hit_data_s2(d4), .wr_pre(fill_pre[3]), .wr_en(fill_lvl[3]), .wr_data(fill_dc[3*DW +: DW]),
        .scan_rd(scan_rd_c[3]), .scan_idx(sc), .scan_busy(scan_busy[3]), .inv_use_pid(inv_use_pid_reg), .inv_pid(inv_pid_reg),
        .inv_use_range(inv_use_range_reg), .inv_lo(inv_lo_reg[35:27]), .inv_hi(inv_hi_reg[35:27]),
        .inv_leaf_only(inv_leaf_reg), .valid_vec(v4));
    nic_xlat_cache #(.SETS(L3_SETS), .WAYS(L3_WAYS), .PID_W(PID_W), .VPN_W(18), .DATA_W(DW), .SCW(SCW)) u_c3 (
        .clk(clk), .rst(rst),
        .rd_set(s0_set3),
        .lk_pid(s0_pid), .lk_vpn(s0_va[47:30]),
        .hit_s2(h3), .hit_oh_s2(oh3), .hit_data_s2(d3), .wr_pre(fill_pre[2]), .wr_en(fill_lvl[2]), .wr_data(fill_dc[2*DW +: DW]),
        .scan_rd(scan_rd_c[2]), .scan_idx(sc), .scan_busy(scan_busy[2]), .inv_use_pid(inv_use_pid_reg), .inv_pid(inv_pid_reg),
        .inv_use_range(inv_use_range_reg), .inv_lo(inv_lo_reg[35:18]), .inv_hi(inv_hi_reg[35:18]),
        .inv_leaf_only(inv_leaf_reg), .valid_vec(v3));
    nic_xlat_cache #(.SETS(L2_SETS), .WAYS(L2_WAYS), .PID_W(PID_W), .VPN_W(27), .DATA_W(DW), .SCW(SCW)) u_c2 (
        .clk(clk), .rst(rst),
        .rd_set(s0_set2),
        .lk_pid(s0_pid), .lk_vpn(s0_va[47:21]),
        .hit_s2(h2), .hit_oh_s2(oh2), .hit_data_s2(d2), .wr_pre(fill_pre[1]), .wr_en(fill_lvl[1]), .wr_data(fill_dc[1*DW +: DW]),
        .scan_rd(scan_rd_c[1]), .scan_idx(sc), .scan_busy(scan_busy[1]), .inv_use_pid(inv_use_pid_reg), .inv_pid(inv_pid_reg),
        .inv_use_range(inv_use_range_reg), .inv_lo(inv_lo_reg[35:9]), .inv_hi(inv_hi_reg[35:9]),
        .inv_leaf_only(inv_leaf_reg), .valid_vec(v2));
    nic_xlat_cache #(.SETS(L1_SETS), .WAYS(L1_WAYS), .PID_W(PID_W), .VPN_W(36), .DATA_W(DW), .SCW(SCW),
                     .LEAF_ALWAYS(1)) u_c1 (
        .clk(clk), .rst(rst),
        .rd_set(s0_set1),
        .lk_pid(s0_pid), .lk_vpn(s0_va[47:12]),
        .hit_s2(h1), .hit_oh_s2(oh1), .hit_data_s2(d1), .wr_pre(fill_pre[0]), .wr_en(fill_lvl[0]), .wr_data(fill_dc[0*DW +: DW]),
        .scan_rd(scan_rd_c[0]), .scan_idx(sc), .scan_busy(scan_busy[0]), .inv_use_pid(inv_use_pid_reg), .inv_pid(inv_pid_reg),
        .inv_use_range(inv_use_range_reg), .inv_lo(inv_lo_reg), .inv_hi(inv_hi_reg),
        .inv_leaf_only(inv_leaf_reg), .valid_vec(v1));

    // ---- P4: decision of a request (the deepest hit), registered for P5
    // data fields: [41] leaf, [40] rw, [39:0] PA[51:12]
    wire        l2 = h2 && d2[41], l3 = h3 && d3[41];   // leaf hits (PS = 1)
    wire        r_bad     = q4_pid_bad || q4_noncanon;
    wire        r_leafhit = h1 || l2 || l3;
    wire        r_rwleaf  = h1 ? d1[40] : l2 ? d2[40] : d3[40];
    wire        r_wfault  = q4_write && !r_rwleaf;
    wire        r_walkhit = h2 || h3 || h4 || q4_cr3v;
    wire        r_ok      = !r_bad && r_leafhit && !r_wfault;          // a leaf hit answers
    wire        r_isw     = !r_bad && !r_leafhit && r_walkhit;         // a walk starts
    wire        r_done    = !r_isw;
    wire [2:0]  r_walk    = !r_isw ? 3'd0 : h2 ? 3'd1 : h3 ? 3'd2 : h4 ? 3'd3 : 3'd4;
    wire        r_rw      = r_leafhit ? r_rwleaf : h2 ? d2[40] : h3 ? d3[40] : h4 ? d4[40] : 1'b1;
    wire        r_s1 = r_ok && h1, r_s2 = r_ok && !h1 && l2, r_s3 = r_ok && !h1 && !l2;
    wire [1:0]  r_size    = {r_s3, r_s2};
    wire [2:0]  r_fault   = q4_pid_bad ? F_PID : q4_noncanon ? F_NONCANON : r_leafhit ? (r_wfault ? F_WRITE : F_NONE) :
                            r_walkhit ? F_NONE : F_NOCR3;
    // the table of a walk's first read: the PDE's, the PDPE's, the PML4E's (deepest hit), or CR3
    wire [3:0]  r_rsel    = {h2, !h2 && h3, !h2 && !h3 && h4, !h2 && !h3 && !h4};

    // ---- P5: the operands and the decision (s2_)
    reg  [PID_IN_W-1:0] s2_pid;
    reg  [63:0]         s2_va;
    reg                 s2_write;
    reg  [ID_W-1:0]     s2_id;
    reg  [MQW-1:0]      s2_tag;
    reg  [2:0]          s2_lvl;
    reg  [39:0]         s2_cr3;
    reg                 s2_done, s2_rw;
    reg  [2:0]          s2_walk, s2_fault, s2_ssel;
    reg  [1:0]          s2_size;
    reg  [3:0]          s2_rsel;
    reg  [39:0]         s2_d1, s2_d2, s2_d3, s2_d4;   // the caches' hit data, PA[51:12]
    always @(posedge clk) begin
        s2_valid <= !rst && q4_valid;
        {s2_type, s2_pid, s2_va, s2_write, s2_id, s2_tag, s2_lvl, s2_cr3} <=
            {q4_type, q4_pid, q4_va, q4_write, q4_id, q4_tag, q4_lvl, q4_cr3};
        {s2_done, s2_rw, s2_walk, s2_fault, s2_size} <= {r_done, r_rw, r_walk, r_fault, r_size};
        s2_ssel <= {r_s3, r_s2, r_s1};
        s2_rsel <= r_rsel;
        {s2_d1, s2_d2, s2_d3, s2_d4} <= {d1[39:0], d2[39:0], d3[39:0], d4[39:0]};
    end

    // ---- completion step for slot s2_tag: the entry checks are made from the carried copies
    // (P3 for the fill of P4, P4 for the step of P5) and registered; "the slot has a read
    // outstanding" (c_ok) was checked in P0
    function [8:0] vidx(input [47:12] va, input [2:0] lvl);
        case (lvl)
            3'd4: vidx = va[47:39];
            3'd3: vidx = va[38:30];
            3'd2: vidx = va[29:21];
            default: vidx = va[20:12];
        endcase
    endfunction
    // entry e read at level lvl: a leaf; reserved bits set (PS in a PML4E; frame bits below the
    // page of a 1 GiB (29:13) / 2 MiB (20:13) leaf)
    // (ps = e[7], fr = e[29:13])
    function ent_leaf(input ps, input [2:0] lvl);
        ent_leaf = lvl == 3'd1 || ((lvl == 3'd2 || lvl == 3'd3) && ps);
    endfunction
    function ent_rsvd(input ps, input [29:13] fr, input [2:0] lvl);
        ent_rsvd = (lvl == 3'd4 && ps) || (lvl == 3'd3 && ps && fr[29:13] != 17'd0) ||
                   (lvl == 3'd2 && ps && fr[20:13] != 8'd0);
    endfunction
    // P2 -> P3: the fill of P4 (one-hot level 4..1; masked by q3_ok below), registered in P2 (no
    // command acts between a completion's P2 and its P4: cur_gen_reg is the same)
    reg  [3:0] q3_fillpre;
    always @(posedge clk)
        q3_fillpre <= (!rst && q2_valid && q2_type == OP_CPL && q2_data[0] && !ent_rsvd(q2_data[7], q2_data[29:13], q2_lvl) &&
                       q2_gen == cur_gen_reg) ?
                      {q2_lvl == 3'd4, q2_lvl == 3'd3, q2_lvl == 3'd2, q2_lvl == 3'd1} : 4'b0000;
    // reset: a completion in P3 during a one-cycle reset must not fill after it (found by the
    // proof's task rst, formal/nic)
    wire [3:0]    fill_pre = rst ? 4'b0000 : q3_fillpre & {4{q3_ok}};
    wire [DW-1:0] fill_d_nx = {ent_leaf(q3_data[7], q3_lvl), q3_rw && q3_data[1], q3_data[51:12]};
    reg  [3:0]    fill_lvl_reg;
    wire [4*DW-1:0] fill_dc;     // the fill data, one copy per cache (level 4..1 -> [3*DW +: DW] ..)
    ff_keep #(.WIDTH(4*DW)) u_fdc (.clk(clk), .rst(1'b0), .d({4{fill_d_nx}}), .q(fill_dc));
    always @(posedge clk) fill_lvl_reg <= fill_pre;
    // P4: the step of P5
    wire       k_p    = q4_data[0];
    wire       k_leaf = ent_leaf(q4_data[7], q4_lvl);
    wire       k_rsvd = ent_rsvd(q4_data[7], q4_data[29:13], q4_lvl);
    wire       k_rw   = q4_rw && q4_data[1];
    wire       k_wf   = q4_write && !k_rw;
    reg        c_ok, c_p, c_rsvd, c_leaf, c_rw, c_wfault, c_gen_ok;
    reg [51:0] c_pa, c_next;
    reg [1:0]  c_size;
    always @(posedge clk) begin
        // c_ok: the slot had a read outstanding when the completion was accepted (P0); such a
        // slot changes only by this completion until its P5. A completion for a slot with none
        // is dropped (err_tag), even if the slot is allocated before the completion's P5.
        c_ok     <= q4_ok;
        c_p      <= k_p;
        c_rsvd   <= k_rsvd;
        c_leaf   <= k_leaf;
        c_rw     <= k_rw;
        c_wfault <= k_wf;
        c_gen_ok <= q4_gen == cur_gen_reg;   // no command between P3 and P5 (writer stall)
        c_pa     <= q4_lvl == 3'd1 ? {q4_data[51:12], q4_va[11:0]} :
                    q4_lvl == 3'd2 ? {q4_data[51:21], q4_va[20:0]} : {q4_data[51:30], q4_va[29:0]};
        c_size   <= q4_lvl == 3'd1 ? 2'd0 : q4_lvl == 3'd2 ? 2'd1 : 2'd2;
        c_next   <= {q4_data[51:12], vidx(q4_va[47:12], q4_lvl - 3'd1), 3'b000};
    end
    wire [MQW-1:0] j = s2_tag;
    wire [2:0] c_lvl    = s2_lvl;
    wire       c_fill   = c_ok && c_p && !c_rsvd && c_gen_ok;        // = the fill of the cycle before
    wire       c_step   = c_ok && c_p && !c_rsvd && !c_leaf;     // next level's read

    reg  s2_req_reg, s2_cpl_reg;   // = s2_valid && s2_type == OP_REQ / OP_CPL, registered
    always @(posedge clk) begin
        s2_req_reg <= !rst && q4_valid && q4_type == OP_REQ;
        s2_cpl_reg <= !rst && q4_valid && q4_type == OP_CPL;
    end
    wire s2_req = s2_req_reg;
    wire s2_cpl = s2_cpl_reg;
    wire s2_cmd = s2_valid && s2_type == OP_CMD;
    assign fill_lvl  = fill_lvl_reg;   // = (q4 completion acting and c_fill of P5) ? one-hot of q4_lvl : 0
    assign fill_data = fill_dc[0 +: DW];

    // lowest free slot, registered: the slot of a request in P5 (next-state form: the lowest
    // free slot after this cycle's allocation (s2_req) and retire (which depends on m_resp_ready),
    // four candidates selected at the end)
    reg  [MQ-1:0]  alloc_oh;
    reg  [MQW-1:0] alloc_idx;
    reg  [MQ-1:0]  ret_oh;
    wire [MQ-1:0]  free_0 = ~mq_valid, free_1 = ~mq_valid & ~alloc_oh;   // without / with the allocation
    wire [4*MQ-1:0] free_c = {free_1 | ret_oh, free_0 | ret_oh, free_1, free_0};   // {retire, s2_req}
    reg  [4*MQ-1:0]  low_c;
    reg  [4*MQW-1:0] fidx_c;
    integer kc;
    always @* begin
        fidx_c = {(4*MQW){1'b0}};
        for (kc = 0; kc < 4; kc = kc + 1) begin
            low_c[kc*MQ +: MQ] = free_c[kc*MQ +: MQ] & (~free_c[kc*MQ +: MQ] + 1'b1);
            for (k = MQ - 1; k >= 0; k = k - 1)
                if (low_c[kc*MQ + k]) fidx_c[kc*MQW +: MQW] = k[MQW-1:0];
        end
    end
    wire [1:0] asel = {retire_c[2], s2_req};
    always @(posedge clk) begin
        alloc_oh  <= rst ? {{(MQ-1){1'b0}}, 1'b1} : low_c[asel*MQ +: MQ];
        alloc_idx <= rst ? {MQW{1'b0}} : fidx_c[asel*MQW +: MQW];
    end
    // host read of this P5 op: a request's first read (from the deepest non-leaf hit: the address
    // is the hit entry's table PA and the VA's index of the next level), or a completion's next one
    wire        rd_push = (s2_req && !s2_done) || (s2_cpl && c_step);
    wire [51:0] rd_push_addr = s2_cpl ? c_next :
                               ({52{s2_rsel[3]}} & {s2_d2, s2_va[20:12], 3'b000}) |
                               ({52{s2_rsel[2]}} & {s2_d3, s2_va[29:21], 3'b000}) |
                               ({52{s2_rsel[1]}} & {s2_d4, s2_va[38:30], 3'b000}) |
                               ({52{s2_rsel[0]}} & {s2_cr3, s2_va[47:39], 3'b000});
    wire [MQW-1:0] rd_push_tag = s2_req ? alloc_idx : j;
    wire        rdq_ready;
    wire [MQW:0] rdq_count;
    // pushed one cycle after P5 (registered: no P5 decision reaches the FIFO's pointers)
    reg            rdq_push_reg;
    reg [52+MQW-1:0] rdq_data_reg;
    always @(posedge clk) begin
        rdq_push_reg <= !rst && rd_push;
        rdq_data_reg <= {rd_push_tag, rd_push_addr};
    end
    sync_fifo #(.WIDTH(52 + MQW), .DEPTH(MQ)) u_rdq (
        .clk(clk), .rst(rst),
        .s_data(rdq_data_reg), .s_valid(rdq_push_reg), .s_ready(rdq_ready),
        .m_data({m_rd_tag, m_rd_addr}), .m_valid(m_rd_valid), .m_ready(m_rd_ready),
        .count(rdq_count)
    );

    // ---- retire: lowest slot that is done and waits on no older slot of its id
    // waitz[k] = (mq_wait[k] == 0), registered in next-state form (below, with mq_wait)
    reg  [MQ-1:0] waitz;
    wire [MQ-1:0] ready_vec = mq_valid & mq_done & waitz;
    // the slots ready at the start of the last cycle, less the one that answered in it (a ready
    // slot stays ready until it answers): a slot answers at the earliest 1 cycle after it is ready
    // (the lowest slot of ready_reg is registered with it: ret_oh / ret_idx)
    reg  [MQ-1:0] ready_reg;
    reg  [MQW-1:0] ret_idx;
    // next ready set and its lowest slot, for both outcomes of this cycle's retire (the retire
    // depends on m_resp_ready: it selects at the end)
    wire [MQ-1:0] ready_a  = ready_vec;                  // no retire this cycle
    wire [MQ-1:0] ready_b  = ready_vec & ~ret_oh;        // ret_oh answers this cycle
    wire [MQ-1:0] ready_nx = retire_c[1] ? ready_b : ready_a;
    wire [MQ-1:0] ret_a = ready_a & (~ready_a + 1'b1), ret_b = ready_b & (~ready_b + 1'b1);
    reg  [MQW-1:0] idx_a, idx_b;
    always @* begin
        idx_a = {MQW{1'b0}};
        idx_b = {MQW{1'b0}};
        for (k = MQ - 1; k >= 0; k = k - 1) begin
            if (ret_a[k]) idx_a = k[MQW-1:0];
            if (ret_b[k]) idx_b = k[MQW-1:0];
        end
    end
    wire [MQ-1:0]  ret_oh_nx  = retire_c[1] ? ret_b : ret_a;
    wire [MQW-1:0] ret_idx_nx = retire_c[1] ? idx_b : idx_a;
    reg          resp_valid_reg;
    reg [ID_W-1:0] resp_id_reg;
    reg [51:0]   resp_pa_reg;
    reg [1:0]    resp_size_reg;
    reg [2:0]    resp_fault_reg;
    reg          resp_gen_reg;
    assign retire = |ready_reg && (!resp_valid_reg || m_resp_ready);
    // the copies: from registered copies of |ready_reg and resp_valid_reg (next-state form)
    wire [3:0] rany_c, rvld_c;
    wire       resp_valid_nx = retire || (resp_valid_reg && !m_resp_ready);
    ff_keep #(.WIDTH(8)) u_retc (.clk(clk), .rst(rst), .d({{4{|ready_nx}}, {4{resp_valid_nx}}}),
                                 .q({rany_c, rvld_c}));
    assign retire_c = rany_c & (~rvld_c | {4{m_resp_ready}});
    always @(posedge clk) begin
        ready_reg <= rst ? {MQ{1'b0}} : ready_nx;
        ret_oh    <= rst ? {MQ{1'b0}} : ret_oh_nx;
        ret_idx   <= ret_idx_nx;
    end
    always @(posedge clk) begin
        resp_valid_reg <= !rst && resp_valid_nx;   // (its copies in u_retc take the same next state)
        if (retire) begin
            resp_id_reg    <= mq_id[ret_idx];
            resp_pa_reg    <= mq_pa[ret_idx];
            resp_size_reg  <= mq_size[ret_idx];
            resp_fault_reg <= mq_fault[ret_idx];
            resp_gen_reg   <= mq_gen[ret_idx];
        end
    end
    assign m_resp_valid = resp_valid_reg;
    assign m_resp_id    = resp_id_reg;
    assign m_resp_pa    = resp_pa_reg;
    assign m_resp_size  = resp_size_reg;
    assign m_resp_fault = resp_fault_reg;
    assign m_resp_gen   = resp_gen_reg;

    // ---- MQ update (P5)
    // valid slots with the P5 request's id: computed in P4 for the P4 op, corrected by the
    // allocation and the retire of that cycle
    reg [MQ-1:0] same_now, same_id;
    always @* begin
        for (k = 0; k < MQ; k = k + 1)
            same_now[k] = mq_valid[k] && mq_id[k] == q4_id;
    end
    always @(posedge clk)
        same_id <= (same_now & ~(retire_c[2] ? ret_oh : {MQ{1'b0}})) |
                   ((s2_req && s2_id == q4_id) ? alloc_oh : {MQ{1'b0}});
    always @(posedge clk) begin
        if (rst) begin
            mq_valid <= {MQ{1'b0}};
        end else begin
            if (retire_c[0]) mq_valid <= (mq_valid & ~ret_oh) | (s2_req ? alloc_oh : {MQ{1'b0}});
            else             mq_valid <= mq_valid | (s2_req ? alloc_oh : {MQ{1'b0}});
        end
        // mq_wait: the allocated row (alloc_oh) takes same_id, the retiring column (ret_oh) clears;
        // waitz: the same for its zero test
        for (kq = 0; kq < MQ; kq = kq + 1) begin
            if (s2_req && alloc_oh[kq]) begin
                mq_wait[kq] <= same_id & ~(retire_c[0] ? ret_oh : {MQ{1'b0}});
                waitz[kq]   <= retire_c[0] ? (same_id & ~ret_oh) == {MQ{1'b0}} : same_id == {MQ{1'b0}};
            end else begin
                if (retire_c[0]) mq_wait[kq] <= mq_wait[kq] & ~ret_oh;
                waitz[kq]   <= retire_c[0] ? (mq_wait[kq] & ~ret_oh) == {MQ{1'b0}} : mq_wait[kq] == {MQ{1'b0}};
            end
        end
        if (s2_req) begin
            mq_done[alloc_idx]  <= s2_done;
            mq_id[alloc_idx]    <= s2_id;
            mq_pid[alloc_idx]   <= s2_pid[PID_W-1:0];
            mq_va[alloc_idx]    <= s2_va[47:0];
            mq_write[alloc_idx] <= s2_write;
            mq_gen[alloc_idx]   <= cur_gen_reg;
            mq_level[alloc_idx] <= s2_walk;
            mq_rw[alloc_idx]    <= s2_rw;
        end
        if (s2_cpl && c_ok) begin
            mq_rw[j] <= c_rw;
            if (!c_p || c_rsvd || c_leaf) begin
                mq_done[j]  <= 1'b1;
            end else begin
                mq_level[j] <= c_lvl - 3'd1;
            end
        end
    end

    // ---- result fields of a slot (pa, size, fault): written in P6, one cycle after its P5 (the
    // slot answers at the earliest two cycles after its P5: ready, then ready_reg)
    reg            res_we;
    reg [MQW-1:0]  res_idx;
    reg [51:0]     res_c1, res_c2, res_c3, res_cpa;
    reg [2:0]      res_sel;
    wire [51:0]    res_pa = ({52{res_sel[0]}} & res_c1) | ({52{res_sel[1]}} & res_c2) |
                            ({52{res_sel[2]}} & res_c3) | res_cpa;
    reg [1:0]      res_size;
    reg [2:0]      res_fault;
    always @(posedge clk) begin
        res_we    <= !rst && (s2_req || (s2_cpl && c_ok && (!c_p || c_rsvd || c_leaf)));
        res_idx   <= s2_req ? alloc_idx : j;
        // a request's PA is selected in P6 from the three candidates (r_s1..r_s3: PTE, PDE, PDPE)
        res_c1    <= {s2_d1, s2_va[11:0]};
        res_c2    <= {s2_d2[39:9], s2_va[20:0]};
        res_c3    <= {s2_d3[39:18], s2_va[29:0]};
        res_sel   <= s2_req ? s2_ssel : 3'b000;
        res_cpa   <= (s2_req || !c_p || c_rsvd || c_wfault) ? 52'd0 : c_pa;
        res_size  <= s2_req ? s2_size : (!c_p || c_rsvd || c_wfault) ? 2'd0 : c_size;
        res_fault <= s2_req ? s2_fault : !c_p ? F_NP : c_rsvd ? F_RSVD : c_wfault ? F_WRITE : F_NONE;
        if (res_we) begin
            mq_pa[res_idx]    <= res_pa;
            mq_size[res_idx]  <= res_size;
            mq_fault[res_idx] <= res_fault;
        end
    end

    // ---- commands in P5, invalidation scan, inv_done
    wire   old_slots = |(mq_valid & (cur_gen_reg ? ~mq_gen : mq_gen));
    wire   inv_done_now = inv_active_reg && !scan_active && !old_slots &&
                          !(resp_valid_reg && resp_gen_reg != cur_gen_reg) && !dma_busy[!cur_gen_reg];
    reg    inv_done_reg;
    // LOAD_CR3 / CLEAR_CR3 write the CR3 table one cycle after their P5 (the next op reads it
    // in its P1, two cycles after that P5 at the earliest; cmd_* change only when not busy)
    reg    cr3_we_reg, cr3_set_reg;
    reg    [NPID-1:0] cr3_oh_reg;     // the command PID, one-hot (cmd_pid_reg is stable while busy)
    assign inv_done = inv_done_reg;
    always @(posedge clk) begin
        if (rst) begin
            cr3_valid      <= {NPID{1'b0}};
            cur_gen_reg    <= 1'b0;
            inv_active_reg <= 1'b0;
            scan_rd_reg    <= 1'b0;
            scan_cnt_reg   <= {SCW{1'b0}};
            inv_done_reg   <= 1'b0;
            cr3_we_reg     <= 1'b0;
            busy_reg       <= 1'b0;
        end else begin
            inv_done_reg <= inv_done_now;
            if (inv_done_now) inv_active_reg <= 1'b0;
            scan_cnt_reg <= scan_rd_reg ? scan_cnt_reg + 1'b1 : {SCW{1'b0}};   // 0 when idle
            scan_rd_reg  <= scan_rd_nx;   // (its copies in u_scr take the same next state)
            cr3_we_reg <= s2_cmd && (cmd_op_reg == C_LOAD || cmd_op_reg == C_CLEAR);
            if (cr3_we_reg) cr3_valid <= (cr3_valid & ~cr3_oh_reg) | (cr3_set_reg ? cr3_oh_reg : {NPID{1'b0}});
            if (scan_inv_go) begin
                cur_gen_reg    <= !cur_gen_reg;
                inv_active_reg <= 1'b1;
            end
            // busy: set by an accepted command, cleared by a LOAD_CR3 / CLEAR_CR3 in its P5 or
            // by the inv_done of an invalidation
            busy_reg <= cmd_accept ||
                        (busy_reg && !(s2_cmd && (cmd_op_reg == C_LOAD || cmd_op_reg == C_CLEAR)) && !inv_done_now);
        end
        cr3_set_reg <= cmd_op_reg == C_LOAD;
        cr3_oh_reg  <= {{(NPID-1){1'b0}}, 1'b1} << cmd_pid_reg[PID_W-1:0];
        if (s2_cmd) begin
            inv_use_pid_reg   <= cmd_op_reg == C_PID || cmd_op_reg == C_RANGE;
            inv_use_range_reg <= cmd_op_reg == C_RANGE;
            inv_leaf_reg      <= cmd_leaf_reg;
            inv_pid_reg       <= cmd_pid_reg[PID_W-1:0];
            inv_lo_reg        <= cmd_addr_reg[47:12];
            inv_hi_reg        <= cmd_end_reg[47:12];
        end
    end
    always @(posedge clk)
        if (cr3_we_reg && cr3_set_reg) cr3_mem[cmd_pid_reg[PID_W-1:0]] <= cmd_addr_reg[51:12];

    // ------------------------------------------------------------ statistics
    wire s2_rq = s2_req;
    wire [NSTAT-1:0] stat_inc = {
        m_resp_valid && m_resp_ready,                        // 22 resp
        csr_err_ev,                                          // 21 csr_err
        inv_done_now,                                        // 20 inv_done
        s2_cpl && !c_ok,                                     // 19 err_tag
        err_cmd_ev,                                          // 18 err_cmd
        err_busy_ev,                                         // 17 err_busy
        s2_rq && s2_fault == F_NOCR3,                        // 16 f_no_cr3
        s2_rq && s2_fault == F_PID,                          // 15 f_pid
        (s2_rq && s2_fault == F_WRITE) || (s2_cpl && c_ok && c_p && !c_rsvd && c_leaf && c_wfault), // 14
        s2_cpl && c_ok && c_p && c_rsvd,                     // 13 f_rsvd
        s2_cpl && c_ok && !c_p,                              // 12 f_not_present
        s2_rq && s2_fault == F_NONCANON,                     // 11 f_noncanon
        s2_cpl && c_ok && c_p && !c_rsvd && !c_fill,         // 10 fill_stale
        s2_cpl && c_fill,                                    // 9 fill (made in the cycle before)
        rd_push,                                             // 8 host_rd
        s2_rq && s2_walk == 3'd4,                            // 7 walk_l4
        s2_rq && s2_walk == 3'd3,                            // 6 walk_l3
        s2_rq && s2_walk == 3'd2,                            // 5 walk_l2
        s2_rq && s2_walk == 3'd1,                            // 4 walk_l1
        s2_rq && s2_fault == F_NONE && s2_done && s2_size == 2'd2, // 3 hit_1g
        s2_rq && s2_fault == F_NONE && s2_done && s2_size == 2'd1, // 2 hit_2m
        s2_rq && s2_fault == F_NONE && s2_done && s2_size == 2'd0, // 1 hit_4k
        s2_rq                                                // 0 req
    };
    // events registered once (counters lag one cycle; they are read over AXI4-Lite)
    reg  [NSTAT-1:0] stat_inc_reg;
    always @(posedge clk) stat_inc_reg <= rst ? {NSTAT{1'b0}} : stat_inc;
    stats_counter #(.N(NSTAT), .CNT_WIDTH(32)) u_stats (
        .clk(clk), .rst(rst), .stat_inc(stat_inc_reg), .stat_clear(1'b0), .stat_busy(stat_busy),
        .rd_en(rd_stage[0] && rd_stat_hit), .rd_addr(rd_sidx),
        .rd_valid(stat_rd_valid), .rd_data(stat_rd_data)
    );

    // unused: the read-queue's s_ready (depth MQ >= reads outstanding), stats bookkeeping;
    // fill_data (copy 0 of the fill data: read by the proofs)
    // d4[41] / d1[41]: a PML4E is never a leaf, a PTE always is; s2_data: ignored entry bits
    wire unused_ok = &{1'b0, rdq_ready, fill_data, rdq_count, stat_rd_valid, v4, v3, v2, v1, oh4, oh3, oh2, oh1,
                       s2_pid, s2_va[63:48], q4_data[63:52], q4_data[11:8], q4_data[6:2],
                       d4[41], d1[41], rd_stage[2]};
`ifdef FORMAL
    // properties of formal/nic (read by the proofs only)
`include "nic_xlat_props.vh"
`endif
endmodule
`resetall
