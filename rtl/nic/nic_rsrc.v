`resetall
`timescale 1ns / 1ps
`default_nettype none
// nic_rsrc: NIC resource manager -- free list of NIC-side state entries, per-type in-use counts
// and HWMs, per-process PCB (nic_me_cnt, unused list, proc_HWM / proc_LWM), 17-bit handles.
// Source: seed 003 L150-L190 (spec/003-nic-app-state.md section 2.6, section 4 B8, section 5
// A27-A29); docs/nic_rsrc.md is the contract (rules, reason codes, lockstep timing).
//
// Shapes (parameters): NIC_ENTRIES entries (power of two, 8..32768; lab 1024), IW = log2 index
// bits; NPID processes (power of two >= 2; lab 64); NTYPES item types (3..8; lab 5: 0 ME, 1 LE,
// 2 LROOT, 3 UNEXP, 4 RDV). A handle is 17 bits: bit 16 = 1 host (index in bits 15:0, the host's
// business: per-process base VA + index x entry size), 0 NIC (bits 15:0 = entry index, must be
// < NIC_ENTRIES, bits 15:IW zero).
// Ports:
//   s_cmd (valid/ready): op[2:0] (0 ALLOC_BATCH, 1 TAKE, 2 FREE, 3 PTALLOC, 4 TEARDOWN, else
//     BAD_OP), pid[11:0], type[2:0], n[5:0] (ALLOC_BATCH count 1..32; 0 = REFILL_N CSR),
//     handle[16:0] (FREE).
//   m_evt (valid/ready, registered): op[2:0], pid[11:0], status[3:0] (0 OK, else the DENIED
//     reason: 1 FREE_EMPTY, 2 TYPE_HWM, 3 PROC_HWM, 4 BAD_HANDLE, 5 BAD_PID, 6 BAD_TYPE, 7 BAD_N,
//     8 LIST_EMPTY, 9 BAD_OP), type[2:0], handle[16:0] (TEARDOWN: entries returned), dest[1:0]
//     (FREE: 0 free list, 1 process unused list, 2 host), last. A granted ALLOC_BATCH / PTALLOC
//     gives one event per handle (last on the final one); every other op exactly one event.
//     PTALLOC events are the EQ-handle-0 results (L176); ALLOC_BATCH events go to the special EQ.
//   s_axil: AXI4-Lite CSRs (rdl/nic_rsrc.rdl, 12-bit address).
// Latency (cycles from the cmd handshake to the last event, event port always ready): a refused
// op / TAKE / FREE 7, ALLOC_BATCH 7 + 4 per handle, PTALLOC 11, TEARDOWN NIC_ENTRIES + 12. One op at
// a time; the next command is accepted the cycle after the op's last event is registered.
// Resources (lab, ECP5-85 speed 6, WRAP=reg): 138.0 MHz (SYNTH_READ=used) / 130.9 (all), 11,310 /
// 11,097 LUT4, 2,785 FF, no EBR (entry RAMs: LUTRAM, nic_rsrc_ram.v); timing: docs/nic_rsrc.md 6.
// Reset: synchronous, active high; then an initialisation sweep of NIC_ENTRIES cycles (one
// entry per cycle: free FIFO slot i = i, entry state FREE, PCB i cleared, proc_HWM i =
// NIC_ENTRIES, proc_LWM i = 0) with STATUS.INIT set and s_cmd_ready low. RAMs are not reset.
// Lockstep timing: every decision is taken from registers sampled in state S_RD (probe dec_now);
// counters change at once in S_DEC except TEARDOWN's, which change per entry during the sweep.
module nic_rsrc #(
    parameter NIC_ENTRIES = 1024,
    parameter NPID        = 64,
    parameter NTYPES      = 5
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        s_cmd_valid,
    output wire        s_cmd_ready,
    input  wire [2:0]  s_cmd_op,
    input  wire [11:0] s_cmd_pid,
    input  wire [2:0]  s_cmd_type,
    input  wire [5:0]  s_cmd_n,
    input  wire [16:0] s_cmd_handle,
    output wire        m_evt_valid,
    input  wire        m_evt_ready,
    output wire [2:0]  m_evt_op,
    output wire [11:0] m_evt_pid,
    output wire [3:0]  m_evt_status,
    output wire [2:0]  m_evt_type,
    output wire [16:0] m_evt_handle,
    output wire [1:0]  m_evt_dest,
    output wire        m_evt_last,
    input  wire [11:0] s_axil_awaddr,
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire [11:0] s_axil_araddr,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready
);
`include "nic_rsrc_regs.vh"
    localparam IW = $clog2(NIC_ENTRIES);
    localparam CW = IW + 1;
    localparam PW = $clog2(NPID);
    localparam NST = 21;
    localparam [2:0] OP_ALLOC = 3'd0, OP_TAKE = 3'd1, OP_FREE = 3'd2, OP_PTALLOC = 3'd3, OP_TEARDOWN = 3'd4;
    localparam [3:0] R_OK = 4'd0, R_FREE_EMPTY = 4'd1, R_TYPE_HWM = 4'd2, R_PROC_HWM = 4'd3,
                     R_BAD_HANDLE = 4'd4, R_BAD_PID = 4'd5, R_BAD_TYPE = 4'd6, R_BAD_N = 4'd7,
                     R_LIST_EMPTY = 4'd8, R_BAD_OP = 4'd9;
    localparam [1:0] ES_FREE = 2'd0, ES_UNUSED = 2'd1, ES_USED = 2'd2;
    localparam [2:0] T_LROOT = 3'd2;
    localparam [3:0] S_INIT = 4'd0, S_IDLE = 4'd1, S_RD = 4'd2, S_DEC = 4'd3, S_POP_RD = 4'd4,
                     S_POP_WR = 4'd5, S_TD = 4'd6, S_TD_END = 4'd7, S_M1 = 4'd8, S_M2 = 4'd9,
                     S_POP_Q = 4'd10, S_M3 = 4'd11, S_MW = 4'd12, S_POP_Q2 = 4'd13;
    localparam [4:0] ST_CMD = 5'd0, ST_EVT = 5'd1, ST_OK_ALLOC = 5'd2, ST_HANDLES = 5'd3, ST_OK_TAKE = 5'd4,
                     ST_FREE_LIST = 5'd5, ST_FREE_PROC = 5'd6, ST_FREE_HOST = 5'd7, ST_OK_PT = 5'd8,
                     ST_TD = 5'd9, ST_TD_ITEMS = 5'd10, ST_DEN0 = 5'd10, ST_CSR_ERR = 5'd20;
    localparam MW = 2 + 3 + PW;  // entry metadata {state, type, pid}
    localparam [31:0] NT32 = NTYPES;
    localparam [31:0] NP32 = NPID;
    localparam [31:0] NE32 = NIC_ENTRIES;
    localparam [31:0] LAST32 = NIC_ENTRIES - 1;
    localparam [7:0]  NT8 = NT32[7:0];
    localparam [7:0]  NP8 = NP32[7:0];
    localparam [15:0] NE16 = NE32[15:0];
    localparam [CW-1:0] NE_CW = NE32[CW-1:0];
    localparam [IW:0] LAST_IDX = LAST32[IW:0];

    // ---------------------------------------------------------------- RAMs (not reset)
    // entry RAMs: nic_rsrc_ram (banked distributed RAM, read data two cycles after the read):
    // free list (FIFO of indices), unused-list links, per-entry metadata {state, type, pid}
    (* ram_style = "distributed" *) reg [2*CW-1:0] pcnt_mem [0:NPID-1];  // per PID {ucnt, cnt}
    (* ram_style = "distributed" *) reg [2*IW-1:0] pptr_mem [0:NPID-1];  // per PID {tail, head}
    (* ram_style = "distributed" *) reg [15:0]     phwm_mem [0:NPID-1];
    (* ram_style = "distributed" *) reg [15:0]     plwm_mem [0:NPID-1];

    // ---------------------------------------------------------------- state
    reg [3:0]   state_reg;
    reg [IW:0]  idx_reg;          // sweep index (init / teardown)
    reg [5:0]   k_reg;            // handles popped of the batch
    reg [IW-1:0] rd_ptr_reg, wr_ptr_reg;
    reg [CW-1:0] free_cnt_reg;
    reg [CW-1:0] used_reg   [0:7];  // types >= NTYPES: never used
    reg [CW-1:0] unused_reg [0:7];
    reg [15:0]  thwm_reg [0:7];
    reg [5:0]   refill_reg;
    reg [PW-1:0] pcb_sel_reg;
    reg [31:0]  stat_reg [0:NST-1];
    // command
    reg [2:0]   c_op;
    reg [11:0]  c_pid;
    reg [2:0]   c_type;
    reg [5:0]   c_n;
    reg [16:0]  c_handle;
    // sampled in S_RD
    reg [3:0]   d_reason;     // first refusal found from registers (R_OK: none)
    reg         d_pool;       // type ME / LE (unused-list types)
    reg         d_le_lwm;     // nic_me_cnt <= proc_LWM
    reg [5:0]   d_n;
    reg [CW-1:0] p_cnt, p_ucnt;
    reg [IW-1:0] p_head, p_tail;
    reg         lnk_empty;    // list empty before the next link (pop loop)
    reg [IW:0]  td_cnt;
    reg         td_v;
    reg [IW-1:0] td_idx;
    // RAM read registers and their copies (the EBR clock-to-out leaves no room for logic)
    reg [IW-1:0] e_reg, f_next;
    reg [MW-1:0] f_meta, td_m;
    reg [3:0]    f_reason;     // the op's status, from registers (S_M2)
    reg          f_to_proc;    // FREE: back to the process's unused list
    reg          g_alloc, g_take, g_fnic;  // S_M3: granted ALLOC / PTALLOC, TAKE, FREE of a NIC handle
    reg [9:1]    f_den_oh;     // S_M3: one-hot of the DENIED reason
    reg [7:0]    u_oh;         // S_M3: one-hot of the counter index the op moves
    reg [2*CW-1:0] wb_pcnt;    // S_M3: the PCB counts after a grant
    reg [2*IW-1:0] wb_pptr;    // S_M3: the PCB list pointers after a grant (TAKE, FREE to the process)
    reg          td_v2, td_h3, td_vc;
    reg [IW-1:0] td_idxc;
    wire [IW-1:0] fifo_c, next_c;  // RAM read data, two cycles after the read
    wire [MW-1:0] meta_c;
    reg [IW-1:0] td_idx2, td_idx3;
    reg [MW-1:0] td_m3;
    // event register
    reg         evt_valid_reg, evt_last_reg;
    reg [2:0]   evt_op_reg, evt_type_reg;
    reg [11:0]  evt_pid_reg;
    reg [3:0]   evt_status_reg;
    reg [16:0]  evt_handle_reg;
    reg [1:0]   evt_dest_reg;

    wire evt_free = !evt_valid_reg;  // registered only: m_evt_ready reaches no state logic
    wire [31:0]   idx32 = {{(31-IW){1'b0}}, idx_reg};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]   dn32  = {26'd0, d_n};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [CW-1:0] dn_cw = dn32[CW-1:0];   // d_n <= free count after a grant: fits
    wire [2*CW-1:0] pc_csr = pcnt_mem[pcb_sel_reg];
    wire [PW-1:0] cp = c_pid[PW-1:0];

    // ---------------------------------------------------------------- CSR bus
    wire        reg_wr_en;
    wire [11:0] reg_wr_addr;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] reg_wr_data;  // bits 31:16 of no register
    /* verilator lint_on UNUSEDSIGNAL */
    wire [3:0]  reg_wr_strb;
    reg         reg_wr_err;
    wire [11:0] reg_rd_addr;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [4:0]  reg_rd_stage;  // fixed schedule: rd_q1 is sampled in stage 4
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [31:0] rd_mux;          // read decode, stage 1 (registered in rd_q1)
    reg         rd_err_mux;
    reg  [31:0] rd_q1;
    reg         rd_err_q1;
    wire [31:0] reg_rd_data = rd_q1;
    wire        reg_rd_err  = rd_err_q1;
    axil_reg_if_pipe #(.ADDR_WIDTH(12), .RD_LATENCY(5)) u_axil (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .reg_wr_en(reg_wr_en), .reg_wr_addr(reg_wr_addr), .reg_wr_data(reg_wr_data),
        .reg_wr_strb(reg_wr_strb), .reg_wr_err(reg_wr_err), .reg_rd_addr(reg_rd_addr),
        .reg_rd_stage(reg_rd_stage), .reg_rd_data(reg_rd_data), .reg_rd_err(reg_rd_err)
    );

    wire init = state_reg == S_INIT;
    wire wa_thwm = reg_wr_addr[11:5] == NR_TYPE_HWM_ADDR[11:5] && {29'd0, reg_wr_addr[4:2]} < NTYPES;
    wire wa_sel  = reg_wr_addr == NR_PCB_SEL_ADDR;
    wire wa_phwm = reg_wr_addr == NR_PCB_HWM_ADDR;
    wire wa_plwm = reg_wr_addr == NR_PCB_LWM_ADDR;
    wire wa_ref  = reg_wr_addr == NR_REFILL_N_ADDR;
    always @(*) begin
        reg_wr_err = 1'b0;
        if (reg_wr_strb != 4'hf) reg_wr_err = 1'b1;
        else if (wa_sel) reg_wr_err = {16'd0, reg_wr_data[15:0]} >= NPID;
        else if (wa_phwm || wa_plwm) reg_wr_err = init;
        else if (!(wa_thwm || wa_ref)) reg_wr_err = 1'b1;
    end
    // CSR writes apply one cycle after the strobe (registered: no decode reaches a RAM write port
    // in the strobe cycle); the lockstep probe applies them with delay 1
    reg         csr_ok, w_thwm, w_sel, w_ref;
    reg [2:0]   w_t;
    reg [15:0]  w_data;
    // proc_HWM / proc_LWM writes (init sweep or CSR), registered like the other CSR writes
    reg          ph_we_q, pl_we_q;
    reg [PW-1:0] ph_wa_q;
    reg [15:0]   ph_wd_q, pl_wd_q;
    always @(posedge clk) begin
        ph_we_q <= init ? idx32 < NPID : reg_wr_en && !reg_wr_err && wa_phwm;
        pl_we_q <= init ? idx32 < NPID : reg_wr_en && !reg_wr_err && wa_plwm;
        ph_wa_q <= init ? idx_reg[PW-1:0] : pcb_sel_reg;
        ph_wd_q <= init ? NE16 : reg_wr_data[15:0];
        pl_wd_q <= init ? 16'd0 : reg_wr_data[15:0];
        if (rst) begin
            ph_we_q <= 1'b0;
            pl_we_q <= 1'b0;
        end
    end
    always @(posedge clk) begin
        csr_ok <= reg_wr_en && !reg_wr_err && !rst;
        w_thwm <= wa_thwm; w_sel <= wa_sel; w_ref <= wa_ref;
        w_t <= reg_wr_addr[4:2];
        w_data <= reg_wr_data[15:0];
    end

    reg  [11:0] ra;    // copy of the held read address (fan-out)
    always @(posedge clk) ra <= reg_rd_addr;
    wire [2:0] rd_t = ra[4:2];
    always @(posedge clk) begin
        rd_q1 <= rd_mux;
        rd_err_q1 <= rd_err_mux;
    end
    // read pipeline (the address is held until R is taken): stage 0 (A+1) registers the 4:1
    // counter groups and the PCB fields, stage 1 the group / misc decode, stage 2 the final mux
    reg [31:0] stat4_q [0:7];
    reg [15:0] pcb_h_q, pcb_l_q;
    reg [2*CW-1:0] pcb_c_q;
    integer gi;
    always @(posedge clk) begin
        for (gi = 0; gi < 8; gi = gi + 1)
            stat4_q[gi] <= gi * 4 + {29'd0, ra[3:2]} < NST ? stat_reg[gi * 4 + {29'd0, ra[3:2]}] : 32'd0;
        pcb_h_q <= phwm_mem[pcb_sel_reg];
        pcb_l_q <= plwm_mem[pcb_sel_reg];
        pcb_c_q <= pc_csr;
    end
    reg [31:0] stat_q;   // stage 1
    reg [31:0] type_q, tq_u, tq_h;
    reg        ra5_q;
    reg [31:0] misc_q;
    reg [1:0]  grp_q;    // 0 misc, 1 type regs, 2 stat, 3 error
    reg        err_q;
    // misc registers: the address decode is registered first (ma_oh / derr_q, from ra), the value
    // select one cycle later (misc_q / err_q): no compare on ra reaches misc_q's logic. The values
    // are sampled in the same cycle as before (misc_q follows them every cycle).
    localparam MR = 9;   // misc registers: ID, PARAMS, STATUS, FREE_CNT, PCB_SEL, PCB_HWM, PCB_LWM, PCB_CNT, REFILL_N
    reg [MR-1:0] ma_oh;  // one-hot of the misc register addressed (all zero: none)
    reg          dty_q, dst_q;  // the address is a type register / a STAT counter (else misc or none)
    wire         ra_type = ra[11:6] == NR_TYPE_HWM_ADDR[11:6] && ra[1:0] == 2'b00 && {29'd0, rd_t} < NTYPES;
    wire         ra_stat = ra[11:8] == NR_STAT_ADDR[11:8] && ra[1:0] == 2'b00 && {26'd0, ra[7:2]} < NST;
    always @(posedge clk) begin
        ma_oh[0] <= ra == NR_ID_ADDR;
        ma_oh[1] <= ra == NR_PARAMS_ADDR;
        ma_oh[2] <= ra == NR_STATUS_ADDR;
        ma_oh[3] <= ra == NR_FREE_CNT_ADDR;
        ma_oh[4] <= ra == NR_PCB_SEL_ADDR;
        ma_oh[5] <= ra == NR_PCB_HWM_ADDR;
        ma_oh[6] <= ra == NR_PCB_LWM_ADDR;
        ma_oh[7] <= ra == NR_PCB_CNT_ADDR;
        ma_oh[8] <= ra == NR_REFILL_N_ADDR;
        dty_q <= ra_type;
        dst_q <= ra_stat;
    end
    always @(posedge clk) begin
        stat_q <= ra[7] ? 32'd0 : stat4_q[ra[6:4]];
        tq_u <= {{(16-CW){1'b0}}, unused_reg[rd_t], {(16-CW){1'b0}}, used_reg[rd_t]};
        tq_h <= {16'd0, thwm_reg[rd_t]};
        type_q <= ra5_q ? tq_u : tq_h;
        ra5_q <= ra[5];
        misc_q <= reg_rd_data0;
        err_q  <= !(|ma_oh) && !dty_q && !dst_q;
        grp_q  <= ra[11:8] == NR_STAT_ADDR[11:8] ? 2'd2 : ra_type ? 2'd1 : 2'd0;
    end
    always @(*) begin
        rd_mux = grp_q == 2'd2 ? stat_q : grp_q == 2'd1 ? type_q : misc_q;
        rd_err_mux = err_q;
    end
    reg [31:0] reg_rd_data0;
    always @(*) begin
        reg_rd_data0 = 32'd0;
        if (ma_oh[0]) reg_rd_data0 = reg_rd_data0 | NR_ID_ID_RESET;
        if (ma_oh[1]) reg_rd_data0 = reg_rd_data0 | {NT8, NP8, NE16};
        if (ma_oh[2]) reg_rd_data0 = reg_rd_data0 | {30'd0, !init && state_reg != S_IDLE, init};
        if (ma_oh[3]) reg_rd_data0 = reg_rd_data0 | {{(32-CW){1'b0}}, free_cnt_reg};
        if (ma_oh[4]) reg_rd_data0 = reg_rd_data0 | {{(32-PW){1'b0}}, pcb_sel_reg};
        if (ma_oh[5]) reg_rd_data0 = reg_rd_data0 | {16'd0, pcb_h_q};
        if (ma_oh[6]) reg_rd_data0 = reg_rd_data0 | {16'd0, pcb_l_q};
        if (ma_oh[7]) reg_rd_data0 = reg_rd_data0 | {{(16-CW){1'b0}}, pcb_c_q[2*CW-1:CW], {(16-CW){1'b0}}, pcb_c_q[CW-1:0]};
        if (ma_oh[8]) reg_rd_data0 = reg_rd_data0 | {26'd0, refill_reg};
    end

    // ---------------------------------------------------------------- S_RD sampling
    wire [5:0]    n_eff   = c_op == OP_PTALLOC ? 6'd1 : (c_n == 6'd0 ? refill_reg : c_n);
    wire [2:0]    a_type  = c_op == OP_PTALLOC ? T_LROOT : c_type;
    wire          type_ok = {29'd0, a_type} < NTYPES;
    reg  [2:0]    at_q;   // the counter index of the command's type, registered at the handshake
    wire [2:0]    a_t     = at_q;
    wire [2*CW-1:0] pc_rd = pcnt_mem[cp];
    wire [2*IW-1:0] pp_rd = pptr_mem[cp];
    // raw values sampled in S_RD (the decision point), compared in S_M1
    reg  [CW-1:0] r_tsum;
    reg  [15:0]   r_thwm, r_phwm, r_plwm;
    reg  [2*CW-1:0] r_pc;
    reg  [2*IW-1:0] r_pp;
    reg  [5:0]    r_ne;
    wire [31:0]   ne32    = {26'd0, r_ne};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0]   t_sum   = {{(32-CW){1'b0}}, r_tsum} + ne32;          // bits SMW and up: zero
    wire [31:0]   p_sum   = {{(32-CW){1'b0}}, r_pc[CW-1:0]} + ne32;
    /* verilator lint_on UNUSEDSIGNAL */
    wire          pid_bad = {20'd0, c_pid} >= NPID;
    wire          h_range = {16'd0, c_handle[15:0]} >= NIC_ENTRIES;
    /* verilator lint_off UNUSEDSIGNAL */
    reg           fl_fe, fl_n, fl_le;  // S_M1: the compares, registered (the proof's reference; pre_q uses them)
    /* verilator lint_on UNUSEDSIGNAL */
    // the HWM sums are registered in S_M1 and compared in S_M2 (an adder and a compare do not
    // share a cycle); r_tsum, r_ne, r_pc, r_thwm, r_phwm are held from S_RD to S_DEC, so the
    // compares equal those of the S_M1 inputs from S_M2 on
    localparam    SMW = (CW > 6 ? CW : 6) + 1;  // a CW-bit count + a 6-bit n: no overflow
    reg  [SMW-1:0] t_sum_q, p_sum_q;
    wire          fl_th   = {{(32-SMW){1'b0}}, t_sum_q} > {16'd0, r_thwm};
    wire          fl_ph   = {{(32-SMW){1'b0}}, p_sum_q} > {16'd0, r_phwm};
    // the reason without the two HWM checks is decided in S_M1 from the same inputs as the
    // registered compares (pre_q; hwm_q: the op is ALLOC / PTALLOC); S_M2 adds the HWM checks
    wire          fe_m1   = {{(32-CW){1'b0}}, free_cnt_reg} < ne32;
    wire          n_m1    = r_ne == 6'd0 || r_ne > 6'd32;
    wire          le_m1   = r_pc[2*CW-1:CW] == {CW{1'b0}};
    reg  [3:0]    pre_m1, pre_q;
    reg           hwm_q;
    always @(*) begin
        pre_m1 = R_OK;
        if (c_op > OP_TEARDOWN) pre_m1 = R_BAD_OP;
        else if (pid_bad) pre_m1 = R_BAD_PID;
        else case (c_op)
            OP_ALLOC, OP_PTALLOC:
                if (!type_ok) pre_m1 = R_BAD_TYPE;
                else if (n_m1) pre_m1 = R_BAD_N;
                else if (fe_m1) pre_m1 = R_FREE_EMPTY;
            OP_TAKE:
                if (c_type > 3'd1) pre_m1 = R_BAD_TYPE;
                else if (le_m1) pre_m1 = R_LIST_EMPTY;
            OP_FREE:
                if (!c_handle[16] && h_range) pre_m1 = R_BAD_HANDLE;
            default: ;
        endcase
    end
    // S_M2: the first refusal (pre_q's checks come first, then TYPE_HWM, then PROC_HWM)
    reg  [3:0]    reason_rd;
    always @(*) begin
        if (pre_q != R_OK || !hwm_q) reason_rd = pre_q;
        else if (fl_th) reason_rd = R_TYPE_HWM;
        else if (fl_ph) reason_rd = R_PROC_HWM;
        else reason_rd = R_OK;
    end
    // meta / next read address: S_RD (FREE: the handle's entry, TAKE: the list head), sweep index
    reg  [IW-1:0] ma_q;  // the entry read next: S_M1's (TAKE: the list head, FREE: the handle's);
                         // in S_TD it follows idx_reg
    wire          m_re    = state_reg == S_M1 || state_reg == S_TD;  // entry read (held otherwise)
    wire [IW-1:0] m_raddr = ma_q;  // registered: S_M1's entry, or the sweep index in S_TD

    // ---------------------------------------------------------------- decision of S_DEC
    wire [1:0]    mq_state = f_meta[MW-1:MW-2];
    wire [2:0]    mq_type  = f_meta[MW-3:PW];
    wire [PW-1:0] mq_pid   = f_meta[PW-1:0];
    reg  [3:0]    reason_dec;
    always @(*) begin
        reason_dec = d_reason;
        if (d_reason == R_OK) begin
            if (c_op == OP_TAKE && mq_type != c_type) reason_dec = R_BAD_TYPE;
            if (c_op == OP_FREE && !c_handle[16] && (mq_state != ES_USED || mq_pid != cp)) reason_dec = R_BAD_HANDLE;
        end
    end
    wire dec_fire = state_reg == S_DEC && evt_free;
    wire [2:0] f_type = mq_type;
    // counter index of a type: an out-of-range value (no such entry exists) counts as type 0, so
    // every update moves exactly one count and free_cnt together (M1 holds by construction)
    wire [2:0] f_ti  = {29'd0, f_type} < NTYPES ? f_type : 3'd0;
    wire [2:0] td_ti = {29'd0, td_m3[MW-3:PW]} < NTYPES ? td_m3[MW-3:PW] : 3'd0;
    wire [2:0] c_ti  = {29'd0, c_type} < NTYPES ? c_type : 3'd0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire dec_now  = state_reg == S_RD;   // lockstep probe: the model takes the op here
    /* verilator lint_on UNUSEDSIGNAL */
    wire mq_pool  = mq_type <= 3'd1;

    // ---------------------------------------------------------------- RAM ports
    reg          fifo_we;
    reg [IW-1:0] fifo_wa, fifo_wd;
    reg          meta_we;
    reg [IW-1:0] meta_wa;
    reg [MW-1:0] meta_wd;
    reg          next_we;
    reg [IW-1:0] next_wa, next_wd;
    reg          pcnt_we, pptr_we;
    reg [PW-1:0] pcb_wa;
    reg [2*CW-1:0] pcnt_wd;
    reg [2*IW-1:0] pptr_wd;
    wire pop_fire = state_reg == S_POP_WR && evt_free;
    wire e_pool = d_pool;
    wire [IW-1:0] e_new = e_reg;
    wire td_hit = td_h3;  // registered: the entry swept three cycles ago is the PID's

    always @(*) begin
        fifo_we = 1'b0; fifo_wa = wr_ptr_reg; fifo_wd = {IW{1'b0}};
        meta_we = 1'b0; meta_wa = {IW{1'b0}}; meta_wd = {MW{1'b0}};
        next_we = 1'b0; next_wa = {IW{1'b0}}; next_wd = {IW{1'b0}};
        pcnt_we = 1'b0; pptr_we = 1'b0; pcb_wa = cp;
        pcnt_wd = {p_ucnt, p_cnt}; pptr_wd = {p_tail, p_head};
        case (state_reg)
            S_INIT: begin
                fifo_we = 1'b1; fifo_wa = idx_reg[IW-1:0]; fifo_wd = idx_reg[IW-1:0];
                meta_we = 1'b1; meta_wa = idx_reg[IW-1:0];
                pcb_wa = idx_reg[PW-1:0];
                pcnt_we = idx32 < NPID; pptr_we = idx32 < NPID;
                pcnt_wd = {2*CW{1'b0}}; pptr_wd = {2*IW{1'b0}};
            end
            S_DEC: if (dec_fire) begin
                pcnt_wd = wb_pcnt; pptr_wd = wb_pptr;
                pcnt_we = g_alloc || g_take || g_fnic;
                pptr_we = g_take || (g_fnic && f_to_proc);
                meta_wa = g_take ? p_head : c_handle[IW-1:0];
                meta_we = g_take || g_fnic;
                meta_wd = {g_take ? ES_USED : f_to_proc ? ES_UNUSED : ES_FREE, f_type, cp};
                next_we = g_fnic && f_to_proc; next_wa = c_handle[IW-1:0]; next_wd = p_head;
                fifo_we = g_fnic && !f_to_proc; fifo_wd = c_handle[IW-1:0];
            end
            S_POP_WR: if (pop_fire) begin
                meta_we = 1'b1; meta_wa = e_new; meta_wd = {e_pool ? ES_UNUSED : ES_USED, c_type, cp};
                if (e_pool) begin
                    pptr_we = 1'b1;
                    pptr_wd = {e_new, lnk_empty ? e_new : p_head};
                    next_we = !lnk_empty; next_wa = p_tail; next_wd = e_new;
                end
            end
            S_TD: if (td_hit) begin
                meta_we = 1'b1; meta_wa = td_idx3; meta_wd = {ES_FREE, td_m3[MW-3:0]};
                fifo_we = 1'b1; fifo_wd = td_idx3;
            end
            S_TD_END: if (evt_free) begin
                pcnt_we = 1'b1; pcnt_wd = {2*CW{1'b0}};
            end
            default: ;
        endcase
    end

    // RAM writes one cycle after their decision (write-back registers); no read of an address
    // follows its write closer than two cycles (docs/nic_rsrc.md 6)
    reg          fifo_we_q, meta_we_q, next_we_q, pcnt_we_q, pptr_we_q;
    reg [IW-1:0] fifo_wa_q, fifo_wd_q, meta_wa_q, next_wa_q, next_wd_q;
    reg [MW-1:0] meta_wd_q;
    reg [PW-1:0] pcb_wa_q;
    reg [2*CW-1:0] pcnt_wd_q;
    reg [2*IW-1:0] pptr_wd_q;
    always @(posedge clk) begin
        fifo_we_q <= fifo_we; fifo_wa_q <= fifo_wa; fifo_wd_q <= fifo_wd;
        meta_we_q <= meta_we; meta_wa_q <= meta_wa; meta_wd_q <= meta_wd;
        next_we_q <= next_we; next_wa_q <= next_wa; next_wd_q <= next_wd;
        pcnt_we_q <= pcnt_we; pptr_we_q <= pptr_we; pcb_wa_q <= pcb_wa;
        pcnt_wd_q <= pcnt_wd; pptr_wd_q <= pptr_wd;
        if (rst) begin
            fifo_we_q <= 1'b0; meta_we_q <= 1'b0; next_we_q <= 1'b0; pcnt_we_q <= 1'b0; pptr_we_q <= 1'b0;
        end
    end
    // the list head of the command's PID (TAKE's entry), read in S_IDLE from the command's pid:
    // the last S_IDLE cycle is the handshake, so in S_RD it equals pptr_mem[cp] head (a write-back
    // pending in that cycle is forwarded); ma_q takes it in S_RD without a RAM read in its path
    reg  [IW-1:0] hd_q;
    wire [PW-1:0] s_cp = s_cmd_pid[PW-1:0];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [2*IW-1:0] pp_s = pptr_mem[s_cp];  // the head field only
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk)
        if (state_reg == S_IDLE) hd_q <= pptr_we_q && pcb_wa_q == s_cp ? pptr_wd_q[IW-1:0] : pp_s[IW-1:0];
`ifdef FORMAL
    // formal only: the RAM contents and stage-A words (formal/nic_rsrc/nic_rsrc_props.vh)
    wire [NIC_ENTRIES*IW-1:0] f_fifo_m, f_next_m;
    wire [NIC_ENTRIES*MW-1:0] f_meta_m;
    wire [IW-1:0] f_fifo_w, f_next_w;
    wire [MW-1:0] f_meta_w;
`endif
    nic_rsrc_ram #(.DEPTH(NIC_ENTRIES), .W(IW)) u_fifo (
        .clk(clk), .we(fifo_we_q), .waddr(fifo_wa_q), .wdata(fifo_wd_q),
        .re(state_reg == S_POP_RD), .raddr(rd_ptr_reg), .rdata(fifo_c)
`ifdef FORMAL
        , .f_mem(f_fifo_m), .f_word(f_fifo_w)
`endif
        );
    nic_rsrc_ram #(.DEPTH(NIC_ENTRIES), .W(IW)) u_next (
        .clk(clk), .we(next_we_q), .waddr(next_wa_q), .wdata(next_wd_q),
        .re(m_re), .raddr(m_raddr), .rdata(next_c)
`ifdef FORMAL
        , .f_mem(f_next_m), .f_word(f_next_w)
`endif
        );
    nic_rsrc_ram #(.DEPTH(NIC_ENTRIES), .W(MW)) u_meta (
        .clk(clk), .we(meta_we_q), .waddr(meta_wa_q), .wdata(meta_wd_q),
        .re(m_re), .raddr(m_raddr), .rdata(meta_c)
`ifdef FORMAL
        , .f_mem(f_meta_m), .f_word(f_meta_w)
`endif
        );
    always @(posedge clk) begin
        if (pcnt_we_q) pcnt_mem[pcb_wa_q] <= pcnt_wd_q;
        if (pptr_we_q) pptr_mem[pcb_wa_q] <= pptr_wd_q;
        if (ph_we_q) phwm_mem[ph_wa_q] <= ph_wd_q;
        if (pl_we_q) plwm_mem[ph_wa_q] <= pl_wd_q;
    end

    // ---------------------------------------------------------------- control
    reg [NST-1:0] st_inc;  // counter increments of the cycle (blocking: local to this block)
    integer t;
    /* verilator lint_off BLKSEQ */
    always @(posedge clk) begin
        st_inc = {NST{1'b0}};
        if (s_cmd_valid && s_cmd_ready) begin
            c_op <= s_cmd_op; c_pid <= s_cmd_pid; c_type <= s_cmd_type; c_n <= s_cmd_n; c_handle <= s_cmd_handle;
            at_q <= s_cmd_op == OP_PTALLOC ? T_LROOT : ({29'd0, s_cmd_type} < NTYPES ? s_cmd_type : 3'd0);
            state_reg <= S_RD;
        end
        if (m_evt_valid && m_evt_ready) begin
            evt_valid_reg <= 1'b0;
            st_inc[ST_EVT] = 1'b1;
        end
        if (csr_ok && w_sel) pcb_sel_reg <= w_data[PW-1:0];
        if (csr_ok && w_ref) refill_reg <= w_data[5:0];
        for (t = 0; t < NTYPES; t = t + 1)
            if (csr_ok && w_thwm && w_t == t[2:0]) thwm_reg[t] <= w_data;
        if (reg_wr_en && reg_wr_err) st_inc[ST_CSR_ERR] = 1'b1;
        td_v <= 1'b0;
        f_meta <= meta_c;  // copies of the RAM read data (held: reads are enabled)
        f_next <= next_c;
        e_reg <= fifo_c;
        td_vc <= td_v;
        td_idxc <= td_idx;
        td_v2 <= td_vc;
        td_m <= meta_c;
        td_idx2 <= td_idxc;
        td_h3 <= td_v2 && td_m[MW-1:MW-2] != ES_FREE && td_m[PW-1:0] == cp;
        td_m3 <= td_m;
        td_idx3 <= td_idx2;
        case (state_reg)
            S_INIT: begin
                idx_reg <= idx_reg + 1'b1;
                if (idx_reg == LAST_IDX) state_reg <= S_IDLE;
            end
            S_M1: begin
                state_reg <= S_M2;
                fl_fe <= fe_m1;
                pre_q <= pre_m1;
                hwm_q <= c_op == OP_ALLOC || c_op == OP_PTALLOC;
                t_sum_q <= t_sum[SMW-1:0];
                p_sum_q <= p_sum[SMW-1:0];
                fl_n  <= n_m1;
                fl_le <= le_m1;
                d_pool    <= a_type <= 3'd1;
                d_n       <= r_ne;
                d_le_lwm  <= {{(16-CW){1'b0}}, r_pc[CW-1:0]} <= r_plwm;
                p_cnt     <= r_pc[CW-1:0];
                p_ucnt    <= r_pc[2*CW-1:CW];
                p_head    <= r_pp[IW-1:0];
                p_tail    <= r_pp[2*IW-1:IW];
                lnk_empty <= r_pc[2*CW-1:CW] == {CW{1'b0}};
                c_type    <= a_type;
            end
            S_M2: begin
                d_reason <= reason_rd;
                state_reg <= S_MW;
            end
            S_MW: state_reg <= S_M3;  // the entry's copy (f_meta) arrives
            S_M3: begin
                f_reason  <= reason_dec;
                f_to_proc <= mq_pool && d_le_lwm;
                g_alloc <= reason_dec == R_OK && (c_op == OP_ALLOC || c_op == OP_PTALLOC);
                g_take  <= reason_dec == R_OK && c_op == OP_TAKE;
                g_fnic  <= reason_dec == R_OK && c_op == OP_FREE && !c_handle[16];
                for (t = 1; t < 10; t = t + 1) f_den_oh[t] <= reason_dec == t[3:0];
                for (t = 0; t < 8; t = t + 1) u_oh[t] <= (c_op == OP_ALLOC || c_op == OP_PTALLOC ? c_ti : f_ti) == t[2:0];
                case (c_op)
                    OP_TAKE: begin
                        wb_pcnt <= {p_ucnt - 1'b1, p_cnt};
                        wb_pptr <= {p_tail, f_next};
                    end
                    OP_FREE: begin
                        wb_pcnt <= mq_pool && d_le_lwm ? {p_ucnt + 1'b1, p_cnt} : {p_ucnt, p_cnt - 1'b1};
                        wb_pptr <= {p_ucnt == {CW{1'b0}} ? c_handle[IW-1:0] : p_tail, c_handle[IW-1:0]};
                    end
                    default: begin
                        wb_pcnt <= {p_ucnt + (d_pool ? dn_cw : {CW{1'b0}}), p_cnt + dn_cw};
                        wb_pptr <= {p_tail, p_head};
                    end
                endcase
                state_reg <= S_DEC;
            end
            S_RD: begin
                state_reg <= S_M1;
                st_inc[ST_CMD] = 1'b1;
                r_tsum <= used_reg[a_t] + unused_reg[a_t];
                r_thwm <= thwm_reg[a_t];
                r_phwm <= phwm_mem[cp];
                r_plwm <= plwm_mem[cp];
                r_pc   <= pc_rd;
                r_pp   <= pp_rd;
                ma_q   <= c_op == OP_TAKE ? hd_q : c_handle[IW-1:0];
                r_ne   <= n_eff;
            end
            S_DEC: if (evt_free) begin
                evt_op_reg <= c_op; evt_pid_reg <= c_pid; evt_status_reg <= f_reason;
                evt_type_reg <= c_type; evt_handle_reg <= c_handle; evt_dest_reg <= 2'd0; evt_last_reg <= 1'b1;
                idx_reg <= {(IW+1){1'b0}};
                ma_q <= {IW{1'b0}};
                k_reg <= 6'd0;
                td_cnt <= {(IW+1){1'b0}};
                if (f_reason != R_OK) begin
                    st_inc[19:11] = f_den_oh[9:1];
                    evt_valid_reg <= 1'b1;
                    state_reg <= S_IDLE;
                end else case (c_op)
                    OP_ALLOC, OP_PTALLOC: begin
                        st_inc[c_op == OP_ALLOC ? ST_OK_ALLOC : ST_OK_PT] = 1'b1;
                        free_cnt_reg <= free_cnt_reg - dn_cw;
                        p_cnt <= p_cnt + dn_cw;
                        p_ucnt <= p_ucnt + (d_pool ? dn_cw : {CW{1'b0}});
                        state_reg <= S_POP_RD;
                    end
                    OP_TAKE: begin
                        st_inc[ST_OK_TAKE] = 1'b1;
                        evt_valid_reg <= 1'b1;
                        evt_type_reg <= f_type;
                        evt_handle_reg <= {1'b0, {(16-IW){1'b0}}, p_head};
                        state_reg <= S_IDLE;
                    end
                    OP_FREE: begin
                        evt_valid_reg <= 1'b1;
                        state_reg <= S_IDLE;
                        if (c_handle[16]) begin
                            st_inc[ST_FREE_HOST] = 1'b1;
                            evt_dest_reg <= 2'd2;
                        end else begin
                            evt_type_reg <= f_type;
                            evt_dest_reg <= {1'b0, f_to_proc};
                            st_inc[f_to_proc ? ST_FREE_PROC : ST_FREE_LIST] = 1'b1;
                            if (!f_to_proc) begin
                                free_cnt_reg <= free_cnt_reg + 1'b1;
                                wr_ptr_reg <= wr_ptr_reg + 1'b1;
                            end
                        end
                    end
                    default: state_reg <= S_TD;  // OP_TEARDOWN
                endcase
            end
            S_POP_RD: begin
                rd_ptr_reg <= rd_ptr_reg + 1'b1;
                state_reg <= S_POP_Q;
            end
            S_POP_Q: state_reg <= S_POP_Q2;
            S_POP_Q2: begin
                state_reg <= S_POP_WR;
            end
            S_POP_WR: if (evt_free) begin
                st_inc[ST_HANDLES] = 1'b1;
                evt_valid_reg <= 1'b1;
                evt_handle_reg <= {1'b0, {(16-IW){1'b0}}, e_new};
                evt_last_reg <= k_reg == d_n - 1'b1;
                k_reg <= k_reg + 1'b1;
                if (e_pool) begin
                    p_tail <= e_new;
                    if (lnk_empty) p_head <= e_new;
                    lnk_empty <= 1'b0;
                end
                state_reg <= k_reg == d_n - 1'b1 ? S_IDLE : S_POP_RD;
            end
            S_TD: begin
                if (idx32 < NIC_ENTRIES) begin
                    idx_reg <= idx_reg + 1'b1;
                    ma_q <= idx_reg[IW-1:0] + 1'b1;
                    td_v <= 1'b1;
                    td_idx <= idx_reg[IW-1:0];
                end else if (!td_v && !td_vc && !td_v2) state_reg <= S_TD_END;
                if (td_hit) begin
                    st_inc[ST_TD_ITEMS] = 1'b1;
                    td_cnt <= td_cnt + 1'b1;
                    free_cnt_reg <= free_cnt_reg + 1'b1;
                    wr_ptr_reg <= wr_ptr_reg + 1'b1;
                end
            end
            S_TD_END: if (evt_free) begin
                st_inc[ST_TD] = 1'b1;
                evt_valid_reg <= 1'b1;
                evt_handle_reg <= {{(16-IW){1'b0}}, td_cnt};
                state_reg <= S_IDLE;
            end
            default: ;
        endcase
        // per-type counts, one enable per count: a granted op at S_DEC (u_oh: its type; the grant
        // from the registered g_take / g_fnic, the ALLOC / PTALLOC one from f_reason as free_cnt's),
        // a swept entry of the TEARDOWN (td_hit); out of the state case, so no op decode of the
        // case reaches the enables
        for (t = 0; t < NTYPES; t = t + 1) begin
            // the data is chosen by registers only (g_take, g_fnic, d_pool, f_to_proc); f_reason
            // enters the enable alone
            if (dec_fire && u_oh[t] && (g_take || g_fnic || (f_reason == R_OK && (c_op == OP_ALLOC || c_op == OP_PTALLOC)))) begin
                if (g_take) begin
                    unused_reg[t] <= unused_reg[t] - 1'b1;
                    used_reg[t] <= used_reg[t] + 1'b1;
                end else if (g_fnic) begin
                    used_reg[t] <= used_reg[t] - 1'b1;
                    if (f_to_proc) unused_reg[t] <= unused_reg[t] + 1'b1;
                end else begin
                    if (d_pool) unused_reg[t] <= unused_reg[t] + dn_cw;
                    else used_reg[t] <= used_reg[t] + dn_cw;
                end
            end
            if (state_reg == S_TD && td_hit && td_ti == t[2:0]) begin
                if (td_m3[MW-1:MW-2] == ES_UNUSED) unused_reg[t] <= unused_reg[t] - 1'b1;
                else used_reg[t] <= used_reg[t] - 1'b1;
            end
        end
        for (t = 0; t < NST; t = t + 1)
            if (st_inc[t]) stat_reg[t] <= stat_reg[t] + 1'b1;
        if (rst) begin
            state_reg <= S_INIT;
            idx_reg <= {(IW+1){1'b0}};
            rd_ptr_reg <= {IW{1'b0}};
            wr_ptr_reg <= {IW{1'b0}};
            free_cnt_reg <= NE_CW;
            evt_valid_reg <= 1'b0;
            td_v <= 1'b0;
            td_v2 <= 1'b0;
            td_vc <= 1'b0;
            td_h3 <= 1'b0;
            refill_reg <= NR_REFILL_N_N_RESET;
            pcb_sel_reg <= {PW{1'b0}};
            for (t = 0; t < 8; t = t + 1) begin
                used_reg[t] <= {CW{1'b0}};
                unused_reg[t] <= {CW{1'b0}};
                thwm_reg[t] <= NE16;
            end
            for (t = 0; t < NST; t = t + 1) stat_reg[t] <= 32'd0;
        end
    end

    /* verilator lint_on BLKSEQ */

    assign s_cmd_ready  = state_reg == S_IDLE && !rst;
    assign m_evt_valid  = evt_valid_reg;
    assign m_evt_op     = evt_op_reg;
    assign m_evt_pid    = evt_pid_reg;
    assign m_evt_status = evt_status_reg;
    assign m_evt_type   = evt_type_reg;
    assign m_evt_handle = evt_handle_reg;
    assign m_evt_dest   = evt_dest_reg;
    assign m_evt_last   = evt_last_reg;

`ifdef FORMAL
`include "nic_rsrc_props.vh"
`endif
endmodule
`resetall
